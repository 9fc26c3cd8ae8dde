// An uncaught exception: stdout so far is kept, exit status 1, stderr starts with the standard line.
public class UncaughtException {
    static void work(int n) {
        if (n == 0) throw new IllegalStateException("boom at the bottom");
        work(n - 1);
    }
    public static void main(String[] args) {
        System.out.println("before");
        try {
            work(3);
        } finally {
            System.out.println("finally runs");
        }
        System.out.println("after (not printed)");
    }
}
