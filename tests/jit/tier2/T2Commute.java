/** Tier 2, commutative operations computed in their result's register
 *  with the operands swapped (-Xjit:tier2,-commute): add, and, or, xor,
 *  mul of ints and longs with overflow, the same value twice, constants,
 *  and sub (not commutative: never swapped). */
public class T2Commute {
    static int ints(int a, int b, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            int x = (a ^ i) * (b | i);
            int y = (b & i) + (a * x);
            s = (s | (x ^ y)) + (y - x) * 31 + (i * i) + (x + x);
            a = y - s;
            b = s ^ x;
        }
        return s + a * b;
    }
    static long longs(long a, long b, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            long x = (a ^ i) * (b | i);
            long y = (b & i) + (a * x);
            s = (s | (x ^ y)) + (y - x) * 1000003L + (x * x);
            a = y - s;
            b = s ^ x;
        }
        return s + a * b;
    }
    public static void main(String[] args) {
        long h = 0;
        int[] is = { 0, 1, -1, 7, Integer.MAX_VALUE, Integer.MIN_VALUE, 123456789 };
        for (int a : is) for (int b : is) h = h * 31 + ints(a, b, 500) + longs(a, (long) b << 20, 500);
        System.out.println("hash " + h);
    }
}
