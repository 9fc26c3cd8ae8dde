// Catching StackOverflowError in a loop to keep going: must still end.
// args: -Xbudget:50000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 50000000 exhausted in CatchSOELoop\.
// expect-stdout: overflowed 1
public class CatchSOELoop {
    static int down(int n) { return down(n + 1) + 1; }
    public static void main(String[] args) {
        int n = 0;
        while (true) {
            try {
                down(0);
            } catch (StackOverflowError e) {
                n++;
                if (n == 1) System.out.println("overflowed 1");
            }
        }
    }
}
