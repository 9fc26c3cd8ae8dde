/** Tier 2, a sum into a third register as one lea (-Xjit:tier2,-lea):
 *  int sums that overflow (lea32 wraps as iadd does), negative and
 *  extreme constants, long sums with 32-bit constants and registers. */
public class T2Lea {
    static int ints(int a, int b) {
        int x = a + b, y = a + 0x7fffffff, z = b + (-5), w = a + Integer.MIN_VALUE;
        return x * 3 + y * 5 + z * 7 + w * 11 + (x + y) + (z + w) + a + b;
    }
    static long longs(long a, long b) {
        long x = a + b, y = a + 0x7fffffffL, z = b + (-5L), w = a + Integer.MIN_VALUE;
        return x * 3 + y * 5 + z * 7 + w * 11 + (x + y) + (z + w) + a + b;
    }
    public static void main(String[] args) {
        int[] is = { 0, 1, -1, 5, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x40000000 };
        long[] ls = { 0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, Integer.MAX_VALUE, Integer.MIN_VALUE };
        long h = 0;
        for (int k = 0; k < 20; k++) {
            for (int a : is) for (int b : is) h = h * 31 + ints(a + k, b - k);
            for (long a : ls) for (long b : ls) h = h * 31 + longs(a + k, b - k);
        }
        System.out.println("hash " + h + " " + ints(7, -9) + " " + longs(-7, 9));
    }
}
