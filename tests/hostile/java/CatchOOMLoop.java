// Catching OutOfMemoryError in a loop to keep going: must still end.
// args: -Xmx16m -Xbudget:2000000
// expect-status: 3
// expect-stderr: ^vifvm: aborted: instruction budget of 2000000 exhausted in 
// expect-stdout: oom 1
public class CatchOOMLoop {
    public static void main(String[] args) {
        int n = 0;
        Object[] keep = new Object[64];
        while (true) {
            try {
                for (int i = 0; ; i++) keep[i % 64] = new long[1 << 17];  // 1 MiB each
            } catch (OutOfMemoryError e) {
                n++;
                if (n == 1) System.out.println("oom 1");
            } catch (ArrayIndexOutOfBoundsException e) {
                // never: i % 64
            }
        }
    }
}
