/*
 * DMATH (jit_dmath.c): Double.compare, Long.compare, Math.max/min of
 * doubles and Double.doubleToLongBits inline, over values with every
 * special case (NaN of several payloads, -0.0 and 0.0, infinities,
 * MIN_VALUE, equal values), with values live below the call, results
 * used in arithmetic and in branches, a comparator like a scheduler's,
 * and StrictMath.
 */
public class DMathCases {
    static final double[] V = { 0.0, -0.0, 1.0, -1.0, 0.5, Double.NaN, Double.longBitsToDouble(0x7ff8000000000001L),
        Double.longBitsToDouble(0xfff8000000000123L), Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, 1e-300, 3.0, 3.0000000000000004 };
    static final long[] L = { 0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 42, 1L << 40, -(1L << 40) };

    static final class Pkt implements Comparable<Pkt> {
        final double finish; final long seq;
        Pkt(double f, long s) { finish = f; seq = s; }
        public int compareTo(Pkt o) { int c = Double.compare(finish, o.finish); return c != 0 ? c : Long.compare(seq, o.seq); }
    }

    static int cmps() {
        int h = 0;
        for (double x : V) for (double y : V) h = h * 3 + Double.compare(x, y) + 1;
        return h;
    }
    static long maxmin() {
        long h = 0;
        for (double x : V) for (double y : V) {
            h = h * 31 + (Double.doubleToRawLongBits(Math.max(x, y)) >>> 7);   // (a sign bit alone
            h = h * 31 + (Double.doubleToRawLongBits(Math.min(x, y)) >>> 3);   //  would cancel out)
            h = h * 31 + Double.doubleToRawLongBits(StrictMath.max(x, y)) - Double.doubleToRawLongBits(StrictMath.min(y, x));
        }
        return h;
    }
    static long bits() {
        long h = 0;
        for (double x : V) h = h * 31 + Double.doubleToLongBits(x) + Double.doubleToLongBits(x * 2);
        return h;
    }
    static int lcmps() {
        int h = 0;
        for (long x : L) for (long y : L) h = h * 3 + Long.compare(x, y) + 1;
        return h;
    }
    static long live(double[] a, long k) {          // values live below the calls
        long s = 0;
        for (int i = 0; i + 1 < a.length; i++) {
            s += k + Double.compare(a[i], a[i + 1]) * 7 + (long) Math.max(a[i] * 2, 1.5) + Long.compare(k, i) + i;
            if (Double.compare(a[i], 0.0) < 0) s -= 3;
            if (Long.compare(s, k) > 0) s ^= 5;
        }
        return s;
    }
    static long sort() {
        java.util.PriorityQueue<Pkt> q = new java.util.PriorityQueue<>();
        long x = 12345, h = 0;
        for (int i = 0; i < 3000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            double f = (x >>> 40) % 97 / 4.0;
            q.add(new Pkt((x & 7) == 0 ? -0.0 : (x & 15) == 1 ? 0.0 : f, i % 13));
            if ((i & 3) == 3) { Pkt p = q.poll(); h = h * 31 + (long) (p.finish * 8) + p.seq; }
        }
        while (!q.isEmpty()) { Pkt p = q.poll(); h = h * 31 + (long) (p.finish * 8) + p.seq; }
        return h;
    }
    public static void main(String[] args) {
        System.out.println("cmp " + cmps());
        System.out.println("maxmin " + maxmin());
        System.out.println("bits " + bits());
        System.out.println("lcmp " + lcmps());
        System.out.println("live " + live(V, 99) + " " + live(new double[] { 5, 4, 3, -1, -0.0, 0.0, Double.NaN, 2 }, -7));
        System.out.println("sort " + sort());
        long t = 0;
        for (int i = 0; i < 200000; i++) t += Double.compare(i * 0.5, 1000.0) + Long.compare(i, 777);
        System.out.println("loop " + t);
    }
}
