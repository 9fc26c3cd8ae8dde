// FpXmm: double and float arithmetic for tier 2's XMM registers (issue 15,
// t14): many values live at once (more than the 14 XMM registers the
// allocator hands out: spills), values live across calls and across points
// where tier-2 code leaves (bounds and null checks, a failing cast), NaN,
// -0.0, infinities, the conversions' saturation, float / double fields,
// statics and arrays, phis of loops.  Printed as bits (doubleToLongBits:
// NaN canonical) and as ints, so no toString digit rule is involved.
public class FpXmm {
    double dx = 1.5, dy = -2.25;
    float fx = 0.75f, fy = -3.5f;
    static double sd = 0.125;
    static float sf = 10.5f;

    static long h = 17;
    static void mix(long v) { h = h * 31 + v; }
    static void md(double d) { mix(Double.doubleToLongBits(d)); }
    static void mf(float f) { mix(Float.floatToIntBits(f)); }

    static double poly(double x) {
        double r = 0;
        for (int i = 0; i < 8; i++) r = r * x + (i + 1) * 0.5;
        return r;
    }

    // 20 doubles live at once across the loop: more than the XMM registers
    static double wide(double s) {
        double a0 = s, a1 = s + 1, a2 = s * 2, a3 = s - 3, a4 = s / 4, a5 = -s, a6 = s * s, a7 = s + 0.5;
        double a8 = s * 1.5, a9 = s - 0.25, b0 = s + 7, b1 = s * 3, b2 = s / 3, b3 = s - 9, b4 = 2 - s;
        double b5 = s * -0.5, b6 = s + 11, b7 = s * 0.1, b8 = s - 0.1, b9 = s + 0.01;
        for (int i = 0; i < 50; i++) {
            a0 += a1 * 0.001; a1 -= a2 * 0.002; a2 += a3 * 0.003; a3 -= a4 * 0.004; a4 += a5 * 0.005;
            a5 -= a6 * 0.0001; a6 += a7 * 0.002; a7 -= a8 * 0.003; a8 += a9 * 0.004; a9 -= b0 * 0.001;
            b0 += b1 * 0.001; b1 -= b2 * 0.002; b2 += b3 * 0.003; b3 -= b4 * 0.004; b4 += b5 * 0.005;
            b5 -= b6 * 0.001; b6 += b7 * 0.002; b7 -= b8 * 0.003; b8 += b9 * 0.004; b9 -= a0 * 0.001;
        }
        return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7 + b8 + b9;
    }

    // values live across calls (poly is a call unless inlined; mix always calls)
    static double across(double x, float y) {
        double k = x * 3.25, m = x - 1e-3;
        float n = y * 2f, o = y + 0.5f;
        double p = poly(k);
        mix(7);
        double q = poly(m);
        md(p);
        return k + m + n + o + p + q + wide(n);
    }

    // a call on every iteration (synchronized: tier 2 keeps it a call)
    // with doubles live across it: spilled rather than saved per call
    static int ticks;
    static synchronized int tick(int k) { ticks += k & 3; return ticks; }
    static double callLoop(double[] a, int n) {
        double s = 0, p = 1, q = 0.5;
        for (int i = 0; i < n; i++) {
            double v = a[i % a.length];
            s += v * p - q;
            p = p * 0.75 + v;
            q = q + tick(i) * 1e-6;
        }
        return s + p + q;
    }

    // leaves at an out-of-bounds index with doubles and floats live
    static double leave(double[] a, float[] f, int i, FpXmm o) {
        double s = a[0] * 2, t = s - 1;
        float u = f[0] + 1f, w = u * u;
        double r = s + t;
        r += a[i];            // i out of range: the interpreter throws
        r += f[i];
        r += o.dx * w;        // o null: leaves
        return r + u + w + t;
    }

    static Object box(int k) { return k == 0 ? (Object) "s" : (Object) Integer.valueOf(k); }
    static double castLeave(int k, double x) {
        double y = x * x + 1, z = y / 3;
        Object b = box(k);
        String s = (String) b;   // fails for k != 0: leaves with y, z live
        return y + z + s.length();
    }

    static int cmpAll(double a, double b) {
        int r = 0;
        if (a < b) r |= 1;
        if (a > b) r |= 2;
        if (a == b) r |= 4;
        if (a != b) r |= 8;
        if (a <= b) r |= 16;
        if (a >= b) r |= 32;
        if (!(a < b)) r |= 64;
        if (!(a > b)) r |= 512;
        if (!(a >= b)) r |= 1024;
        if (!(a <= b)) r |= 2048;
        if (!(a == b)) r |= 4096;
        r |= (Double.compare(a, b) & 3) << 7;
        return r;
    }
    static int cmpAllF(float a, float b) {
        int r = 0;
        if (a < b) r |= 1;
        if (a > b) r |= 2;
        if (a == b) r |= 4;
        if (a != b) r |= 8;
        if (a <= b) r |= 16;
        if (a >= b) r |= 32;
        if (!(a < b)) r |= 256;
        if (!(a > b)) r |= 512;
        if (!(a >= b)) r |= 1024;
        if (!(a <= b)) r |= 2048;
        r |= (Float.compare(a, b) & 3) << 6;
        return r;
    }

    // one condition each (the compare right before its branch)
    static int lt(double a, double b) { if (a < b) return 1; return 0; }
    static int le(double a, double b) { if (a <= b) return 2; return 0; }
    static int gt(double a, double b) { if (a > b) return 4; return 0; }
    static int ge(double a, double b) { if (a >= b) return 8; return 0; }
    static int nlt(double a, double b) { if (!(a < b)) return 16; return 0; }
    static int nle(double a, double b) { if (!(a <= b)) return 32; return 0; }
    static int ngt(double a, double b) { if (!(a > b)) return 64; return 0; }
    static int nge(double a, double b) { if (!(a >= b)) return 128; return 0; }
    static int eq(double a, double b) { if (a == b) return 256; return 0; }
    static int ne(double a, double b) { if (a != b) return 512; return 0; }
    static int flt(float a, float b) { if (a < b) return 1; return 0; }
    static int fle(float a, float b) { if (a <= b) return 2; return 0; }
    static int fgt(float a, float b) { if (a > b) return 4; return 0; }
    static int fge(float a, float b) { if (a >= b) return 8; return 0; }
    static int fnlt(float a, float b) { if (!(a < b)) return 16; return 0; }
    static int fnle(float a, float b) { if (!(a <= b)) return 32; return 0; }
    static int fngt(float a, float b) { if (!(a > b)) return 64; return 0; }
    static int fnge(float a, float b) { if (!(a >= b)) return 128; return 0; }
    static int feq(float a, float b) { if (a == b) return 256; return 0; }
    static int fne(float a, float b) { if (a != b) return 512; return 0; }

    // loops on double conditions (the branch at the loop's end)
    static int steps(double x, double lim) {
        int n = 0;
        while (x < lim && n < 100) { x = x * 1.5 + 0.25; n++; }
        do { x -= 0.75; n++; } while (x >= lim / 2 && n < 200);
        return n;
    }

    static void conversions(double d) {
        mix((int) d); mix((long) d); mix((int) (float) d); mix((long) (float) d);
        md((float) d); mf((float) d); md((double) (float) d);
        mix((short) d); mix((char) d); mix((byte) d);
    }

    double fieldWork(int n) {
        for (int i = 0; i < n; i++) {
            dx = dx * 0.999 + dy * 0.001;
            dy = dy - dx * 0.5 + i;
            fx = fx * 1.01f - fy * 0.01f;
            fy = fy + fx / (i + 1);
            sd = sd + dx * 1e-6;
            sf = sf - fx * 0.5f;
        }
        return dx + dy + fx + fy + sd + sf;
    }

    static double arrays(double[] a, float[] f) {
        double s = 0;
        float t = 0;
        for (int i = 0; i < a.length; i++) {
            a[i] = a[i] * 1.5 + i;
            f[i] = f[i] * 0.5f - i;
            s += a[i] / (i + 1);
            t -= f[i];
        }
        return s + t;
    }

    static double negZero(double x) { return -x; }
    static float negZeroF(float x) { return -x; }

    public static void main(String[] args) {
        double[] sp = { 0.0, -0.0, 1.0, -1.0, 0.5, 1e300, -1e300, 1e-310, Double.NaN, Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY, Double.MAX_VALUE, Double.MIN_VALUE, 2147483647.5, -2147483648.5,
                        9.3e18, -9.3e18, 3.4e38, 3.5e38, 1.4e-45, 123456.789 };
        for (int rep = 0; rep < 300; rep++) {
            for (int i = 0; i < sp.length; i++) {
                double a = sp[i], b = sp[(i + rep) % sp.length];
                float fa0 = (float) a, fb0 = (float) b;
                md(a + b); md(a - b); md(a * b); md(a / b); md(a % b);
                mix(cmpAll(a, b));
                mix(steps(a, b));
                // (each called from main, which tier 2 does not compile: no
                // inlining, no compare shared by GVN)
                mix(lt(a, b) | le(a, b) | gt(a, b) | ge(a, b) | nlt(a, b) | nle(a, b) | ngt(a, b) | nge(a, b) | eq(a, b) | ne(a, b));
                mix(flt(fa0, fb0) | fle(fa0, fb0) | fgt(fa0, fb0) | fge(fa0, fb0) | fnlt(fa0, fb0) | fnle(fa0, fb0)
                    | fngt(fa0, fb0) | fnge(fa0, fb0) | feq(fa0, fb0) | fne(fa0, fb0));
                float fa = (float) a, fb = (float) b;
                mf(fa + fb); mf(fa - fb); mf(fa * fb); mf(fa / fb); mf(fa % fb);
                mix(cmpAllF(fa, fb));
                conversions(a);
                md(negZero(a)); mf(negZeroF(fa));
                md(Math.max(a, b)); md(Math.min(a, b)); md(Math.abs(a));
            }
        }
        System.out.println("special " + h);
        h = 17;
        double acc = 0;
        for (int i = 0; i < 2000; i++) acc += across(i * 0.37 - 100, (float) (i * 0.11));
        md(acc);
        double[] cl = { 0.5, -1.25, 3.0, 1e-3, -0.0 };
        for (int i = 0; i < 200; i++) md(callLoop(cl, i));
        System.out.println("across " + h);
        h = 17;
        double[] da = { 1.25, 2.5 };
        float[] fa = { 0.5f, -1.5f };
        FpXmm o = new FpXmm();
        int thrown = 0;
        for (int i = 0; i < 3000; i++) {
            try {
                md(leave(da, fa, i % 3, (i % 7 == 6) ? null : o));
            } catch (ArrayIndexOutOfBoundsException e) {
                thrown++;
            } catch (NullPointerException e) {
                thrown += 1000;
            }
            try {
                md(castLeave(i % 4, i * 0.5));
            } catch (ClassCastException e) {
                thrown += 100000;
            }
        }
        mix(thrown);
        System.out.println("leave " + h + " " + thrown);
        h = 17;
        for (int r = 0; r < 200; r++) md(o.fieldWork(50));
        mf(o.fx); mf(o.fy); md(o.dx); md(o.dy); md(sd); mf(sf);
        System.out.println("fields " + h);
        h = 17;
        double[] big = new double[64];
        float[] bigf = new float[64];
        for (int i = 0; i < 64; i++) { big[i] = i * 0.25 - 3; bigf[i] = i * 0.75f + 1; }
        for (int r = 0; r < 300; r++) md(arrays(big, bigf));
        for (int i = 0; i < 64; i++) { md(big[i]); mf(bigf[i]); }
        System.out.println("arrays " + h);
        h = 17;
        for (int i = 0; i < 500; i++) md(wide(i * 0.01));
        System.out.println("wide " + h);
    }
}
