// Math.abs/min/max of longs (branch-free in the class library so that the
// baseline JIT inlines them, src/lib/java/java/lang/Math.java) against the
// plain comparisons: the extremes (overflowing differences) and random
// values of every magnitude.
public class MathLongOps {
    public static void main(String[] a) {
        long[] v = { Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L << 62, -12345678901L, -2, -1, 0, 1, 2, 99, 1L << 62, Long.MAX_VALUE - 1, Long.MAX_VALUE };
        long h = 0;
        for (long x : v) { h = h * 31 + Math.abs(x); for (long y : v) h = h * 31 + Math.min(x, y) * 7 + Math.max(x, y); }
        java.util.Random r = new java.util.Random(5);
        for (int i = 0; i < 200000; i++) { long x = r.nextLong() >> r.nextInt(64), y = r.nextLong() >> r.nextInt(64);
            if (Math.min(x, y) != (x <= y ? x : y) || Math.max(x, y) != (x >= y ? x : y) || Math.abs(x) != (x < 0 ? -x : x)) { System.out.println("BAD " + x + " " + y); return; }
            h += Math.min(x, y) ^ Math.max(x, y) ^ Math.abs(y); }
        System.out.println(h);
    }
}
