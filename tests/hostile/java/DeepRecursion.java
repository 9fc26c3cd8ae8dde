// Unbounded recursion: StackOverflowError (a Java exception, not a crash),
// caught and reported; then again uncaught.
// expect-status: 1
// expect-stdout: caught java.lang.StackOverflowError
// expect-stderr: ^Exception in thread "main" java.lang.StackOverflowError
public class DeepRecursion {
    static int depth;
    static int down(int n) {
        depth++;
        return down(n + 1) + 1;
    }
    public static void main(String[] args) {
        try {
            down(0);
        } catch (StackOverflowError e) {
            System.out.println("caught " + e);
        }
        down(0);
    }
}
