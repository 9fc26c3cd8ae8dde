/** Tier 2, Math.min/max/abs of ints and longs as values (-Xjit:tier2,-intrinsics):
 *  equal arguments, MIN_VALUE / MAX_VALUE, abs(MIN_VALUE) (stays negative),
 *  and a final class's method that calls Math.min, inlined into its caller
 *  only when the call is a value (TokenShaper's refill). */
public class T2Intr {
    static final class Acc {
        long tokens, max = 5000;
        void add(long x) { tokens = Math.min(max, tokens + x); }
        long take(long x) { add(x); return Math.max(0L, tokens - 3 * x); }
    }
    static int ints(int a, int b) {
        return Math.min(a, b) * 31 + Math.max(a, b) * 17 + Math.abs(a) * 7 + Math.abs(b) + Math.min(a, a) + Math.max(b, 3);
    }
    static long longs(long a, long b) {
        return Math.min(a, b) * 31 + Math.max(a, b) * 17 + Math.abs(a) * 7 + Math.abs(b) + Math.min(b, -4L) + Math.max(a, a);
    }
    static long loop(int n) {
        Acc acc = new Acc();
        long s = 0;
        for (int i = 0; i < n; i++) s += acc.take((i * 7919) % 1000 - 200) + Math.abs(i - n / 2) + Math.min(i, 77);
        return s + acc.tokens;
    }
    public static void main(String[] args) {
        int[] is = { 0, 1, -1, 5, -5, 77, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, 1 << 30 };
        long[] ls = { 0, 1, -1, 5, -5, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 1L << 40, -(1L << 40),
                      Integer.MIN_VALUE, Integer.MAX_VALUE };
        long h = 0;
        for (int a : is) for (int b : is) { h = h * 31 + ints(a, b); System.out.println(a + " " + b + " " + ints(a, b)); }
        for (long a : ls) for (long b : ls) { h = h * 31 + longs(a, b); System.out.println(a + " " + b + " " + longs(a, b)); }
        System.out.println("abs " + Math.abs(Integer.MIN_VALUE) + " " + Math.abs(Long.MIN_VALUE));
        System.out.println("loop " + loop(100000));
        System.out.println("hash " + h);
    }
}
