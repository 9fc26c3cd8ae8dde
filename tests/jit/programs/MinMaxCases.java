// Math.min / Math.max of longs and ints as compare and cmov (MINMAX,
// jit_longops.c): equal, negative and extreme values (MIN_VALUE,
// MAX_VALUE, values that differ only above bit 31), operands that are
// constants, locals, fields and expressions, results used inside larger
// expressions with other values live on the stack, nested calls, a clamp
// in a loop, and Math.min/max of floats and doubles left as calls.
public class MinMaxCases {
    static long lf = -7;
    static int inf = 9;

    static long lmix(long a, long b) {
        return a * 3 + Math.min(a, b) * 5 + Math.max(a, b) * 7 + Math.min(Math.max(a, -100), 100)
            + Math.max(a, 0x100000000L) + Math.min(lf, b);
    }

    static int imix(int a, int b) {
        return a * 3 + Math.min(a, b) * 5 + Math.max(a, b) * 7 + Math.min(Math.max(a, -100), 100)
            + Math.max(inf, b) - Math.min(a, 0);
    }

    static long clamp(long[] v, long lo, long hi) {
        long s = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.max(lo, Math.min(hi, v[i]));
            s += v[i];
        }
        return s;
    }

    public static void main(String[] args) {
        long[] ls = { 0, 1, -1, 2, -2, 100, -100, 101, -101, Long.MAX_VALUE, Long.MIN_VALUE,
            0x100000000L, 0x100000001L, 0xFFFFFFFFL, -0x100000000L, Integer.MAX_VALUE, Integer.MIN_VALUE };
        long h = 0;
        for (long a : ls) {
            for (long b : ls) {
                h = h * 31 + lmix(a, b);
                h = h * 31 + imix((int) a, (int) b);
            }
        }
        System.out.println("mix " + h);
        long[] v = new long[1000];
        long seed = 1;
        for (int i = 0; i < v.length; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            v[i] = seed;
        }
        System.out.println("clamp " + clamp(v, -1_000_000_000_000L, 5_000_000_000L) + " " + clamp(v, 0, 0));
        System.out.println("fp " + Math.min(-0.0, 0.0) + " " + Math.max(Float.NaN, 1f) + " " + Math.min(1.5, 2.5));
        System.out.println("eq " + Math.min(5L, 5L) + " " + Math.max(-3, -3));
    }
}
