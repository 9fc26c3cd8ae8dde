// The same with the smallest stack -Xss accepts, and wide frames.
// args: -Xss256k
// expect-status: 1
// expect-stdout: caught java.lang.StackOverflowError
// expect-stderr: ^Exception in thread "main" java.lang.StackOverflowError
public class DeepRecursionSmallStack {
    static long down(long a, long b, long c, long d, double e, double f) {
        long x = a + b, y = c + d;
        double z = e * f;
        return down(x, y, a, b, z, e) + (long) z;
    }
    public static void main(String[] args) {
        try {
            down(1, 2, 3, 4, 5, 6);
        } catch (StackOverflowError e) {
            System.out.println("caught " + e);
        }
        down(1, 2, 3, 4, 5, 6);
    }
}
