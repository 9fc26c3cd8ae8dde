// Integer division by zero throws ArithmeticException("/ by zero"); float division does not.
public class DivByZero {
    static int zero() { return 0; }
    static long lzero() { return 0L; }

    public static void main(String[] args) {
        int[] nums = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int n : nums) {
            try {
                System.out.println(n / zero());
            } catch (ArithmeticException e) {
                System.out.println("idiv " + n + ": " + e.getMessage());
            }
            try {
                System.out.println(n % zero());
            } catch (ArithmeticException e) {
                System.out.println("irem " + n + ": " + e.getMessage());
            }
            try {
                System.out.println((long) n / lzero());
            } catch (ArithmeticException e) {
                System.out.println("ldiv " + n + ": " + e.getMessage());
            }
            try {
                System.out.println((long) n % lzero());
            } catch (ArithmeticException e) {
                System.out.println("lrem " + n + ": " + e.getMessage());
            }
        }
        System.out.println("fdiv " + (1.0f / zero()) + " " + (-1.0f / zero()) + " " + (0.0f / zero()));
        System.out.println("ddiv " + (1.0 / lzero()) + " " + (-1.0 / lzero()) + " " + (0.0 / lzero()));
        System.out.println("frem " + (1.0f % zero()) + " drem " + (1.0 % lzero()));
        int count = 0;
        for (int i = 0; i < 1000; i++) {
            try {
                count += 10 / (i % 10);
            } catch (ArithmeticException e) {
                count += 1000;
            }
        }
        System.out.println("count " + count);
        ArithmeticException e = new ArithmeticException("custom");
        System.out.println(e.getMessage() + " " + (e instanceof RuntimeException));
    }
}
