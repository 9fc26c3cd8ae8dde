import java.util.PriorityQueue;

/** Tier 2, floats and doubles in tier-2 code (-Xjit:tier2,-fp): arithmetic,
 *  dcmpl/dcmpg and fcmpl/fcmpg with NaN, -0.0 and the infinities,
 *  Double.compare / Float.compare / Long.compare / Integer.compare as
 *  values, conversions (d2i/d2l saturate, NaN gives 0), double and float
 *  fields, arrays, loops carrying a double, Math.max/min of doubles, a
 *  Comparable compareTo on a double (WfqScheduler's), and exits (a
 *  division by zero, a bounds check) with doubles live in the frame. */
public class T2Fp {
    static final class P implements Comparable<P> {
        final double f;
        final long s;
        P(double f, long s) { this.f = f; this.s = s; }
        public int compareTo(P o) {
            int c = Double.compare(f, o.f);
            return c != 0 ? c : Long.compare(s, o.s);
        }
    }
    static final class Acc {
        double total;
        float ft;
        void add(double x) { total += x; ft += (float) x; }
    }
    static final double[] DV = { 0.0, -0.0, 1.0, -1.0, 1.5, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1e300, -1e300, 3e9, -3e9, 9.3e18, -9.3e18, Double.MIN_VALUE, 2.5, -2.5,
        Double.longBitsToDouble(0x7ff0000000000123L) };
    static final float[] FV = { 0.0f, -0.0f, 1.0f, -1.0f, 1.5f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, 3e9f, -3e9f, 9.3e18f, -9.3e18f, Float.MIN_VALUE, 2.5f, -2.5f };

    static int dcmps(double a, double b) {
        int r = 0;
        if (a < b) r |= 1;
        if (a > b) r |= 2;
        if (a == b) r |= 4;
        if (a <= b) r |= 8;
        if (a >= b) r |= 16;
        if (a != b) r |= 32;
        return r * 7 + Double.compare(a, b);
    }
    static int fcmps(float a, float b) {
        int r = 0;
        if (a < b) r |= 1;
        if (a > b) r |= 2;
        if (a == b) r |= 4;
        if (a <= b) r |= 8;
        if (a >= b) r |= 16;
        if (a != b) r |= 32;
        return r * 7 + Float.compare(a, b);
    }
    static long arith(double a, double b) {
        double s = a + b, d = a - b, m = a * b, q = a / b, n = -a;
        return Double.doubleToLongBits(s) ^ 31 * Double.doubleToLongBits(d) ^ 961 * Double.doubleToLongBits(m)
            ^ 29791 * Double.doubleToLongBits(q) ^ 7 * Double.doubleToLongBits(n);
    }
    static long farith(float a, float b) {
        float s = a + b, d = a - b, m = a * b, q = a / b, n = -a;
        return Float.floatToIntBits(s) ^ 31L * Float.floatToIntBits(d) ^ 961L * Float.floatToIntBits(m)
            ^ 29791L * Float.floatToIntBits(q) ^ 7L * Float.floatToIntBits(n);
    }
    static long conv(double a) {
        return (int) a * 31L + (long) a + Float.floatToIntBits((float) a) * 961L
            + Double.doubleToLongBits((double) (int) a) * 7 + Double.doubleToLongBits((double) (long) a);
    }
    static long fconv(float a) {
        return (int) a * 31L + (long) a + Double.doubleToLongBits((double) a) * 961L
            + Float.floatToIntBits((float) (int) a) * 7 + Float.floatToIntBits((float) (long) a);
    }
    static double fromInts(int i, long l) { return i / 3.0 + l * 0.25 + (float) i + (float) l; }
    static double sum(double[] xs) {
        double s = 0;
        for (double x : xs) s += x * 0.5;
        return s;
    }
    static float fsum(float[] xs) {
        float s = 1;
        for (int i = 0; i < xs.length; i++) s = s * 0.75f + xs[i];
        return s;
    }
    static void scale(double[] xs, float[] fs) {
        for (int i = 1; i < xs.length; i++) { xs[i] = xs[i - 1] * 1.5 + i; fs[i] = fs[i - 1] * 0.5f - i; }
    }
    static double mx(double a, double b) { return Math.max(a, b) * 3 + Math.min(a, b); }
    static double withExit(double a, int k, int[] arr) {
        double x = a * 2;
        float f = (float) a;
        int y = 10 / k;
        return x + y + arr[k] + f;
    }
    static int ints(int a, int b) { return Integer.compare(a, b) * 3 + Long.compare(b, a); }

    static long bits(double d) { return Double.doubleToLongBits(d); }

    public static void main(String[] args) {
        long h = 0;
        for (int rep = 0; rep < 3; rep++) {
            for (double a : DV) for (double b : DV) {
                h = h * 31 + dcmps(a, b);
                h = h * 31 + arith(a, b);
                h = h * 31 + bits(mx(a, b));
            }
            for (float a : FV) for (float b : FV) { h = h * 31 + fcmps(a, b); h = h * 31 + farith(a, b); }
            for (double a : DV) h = h * 31 + conv(a);
            for (float a : FV) h = h * 31 + fconv(a);
            for (int i = -5; i < 5; i++) h = h * 31 + ints(i, 2) + bits(fromInts(i * 1000003, i * 1000000007L));
        }
        System.out.println("hash " + h);
        double[] xs = new double[50];
        float[] fs = new float[50];
        xs[0] = 0.125;
        fs[0] = 3;
        scale(xs, fs);
        System.out.println("sum " + bits(sum(xs)) + " " + Float.floatToIntBits(fsum(fs)) + " " + bits(sum(DV)));
        Acc acc = new Acc();
        for (int i = 0; i < 1000; i++) acc.add(i * 0.1);
        System.out.println("acc " + bits(acc.total) + " " + Float.floatToIntBits(acc.ft));
        PriorityQueue<P> q = new PriorityQueue<>();
        int x = 7;
        long out = 0;
        for (int i = 0; i < 20000; i++) {
            x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
            q.add(new P((x & 7) == 0 ? Double.NaN : (x >>> 20) * 0.5, i));
            if ((i & 3) != 0) out = out * 31 + q.poll().s;
        }
        System.out.println("queue " + out + " " + q.size());
        int[] arr = { 1, 2, 3 };
        for (int k = -1; k < 5; k++) {
            try {
                System.out.println("exit " + k + " " + bits(withExit(1.25 * k, k, arr)));
            } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
                System.out.println("exit " + k + " " + e.getClass().getName());
            }
        }
    }
}
