// bench/t14: a float/double workload for tier 2's XMM registers (t14, issue 15): an
// n-body step over double fields, a smoothing loop, a compensated float sum.
//   java FpBench [N]   (default 2000; the t14 figures use 20000)
public class FpBench {
    static final class Body { double x, y, z, vx, vy, vz, m; }
    static double energy(Body[] bs) {
        double e = 0;
        for (int i = 0; i < bs.length; i++) {
            Body b = bs[i];
            e += 0.5 * b.m * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
            for (int j = i + 1; j < bs.length; j++) {
                Body c = bs[j];
                double dx = b.x - c.x, dy = b.y - c.y, dz = b.z - c.z;
                e -= b.m * c.m / Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
        }
        return e;
    }
    static void advance(Body[] bs, double dt) {
        for (int i = 0; i < bs.length; i++) {
            Body b = bs[i];
            for (int j = i + 1; j < bs.length; j++) {
                Body c = bs[j];
                double dx = b.x - c.x, dy = b.y - c.y, dz = b.z - c.z;
                double d2 = dx * dx + dy * dy + dz * dz + 0.01;
                double mag = dt / (d2 * d2);
                b.vx -= dx * c.m * mag; b.vy -= dy * c.m * mag; b.vz -= dz * c.m * mag;
                c.vx += dx * b.m * mag; c.vy += dy * b.m * mag; c.vz += dz * b.m * mag;
            }
        }
        for (Body b : bs) { b.x += dt * b.vx; b.y += dt * b.vy; b.z += dt * b.vz; }
    }
    static double noise(int k) { return ((k * 1103515245 + 12345) >>> 8 & 1023) / 1024.0; }
    // a loop with a call in it and doubles live across the call
    static double smooth(double[] a, int n) {
        double s = 0, p = 0, q = 1, r = 0.5;
        for (int i = 0; i < n; i++) {
            double v = a[i & (a.length - 1)];
            s += v * q - p * r;
            p = p * 0.9 + v * 0.1;
            q = q * 0.999 + 0.001;
            r = r + noise(i) * 1e-3;
        }
        return s + p + q + r;
    }
    static float fsum(float[] f, int reps) {
        float s = 0, c = 0;
        for (int r = 0; r < reps; r++)
            for (int i = 0; i < f.length; i++) { float y = f[i] * 1.0001f - c; float t = s + y; c = (t - s) - y; s = t; }
        return s;
    }
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Body[] bs = new Body[5];
        for (int i = 0; i < 5; i++) { Body b = new Body(); b.x = i; b.y = i * 0.5; b.z = -i; b.vx = 0.1 * i; b.vy = 0.2; b.vz = -0.1; b.m = 1 + i; bs[i] = b; }
        double e0 = energy(bs);
        for (int k = 0; k < n; k++) advance(bs, 0.001);
        double e1 = energy(bs);
        double[] a = new double[1024];
        for (int i = 0; i < a.length; i++) a[i] = noise(i * 7);
        double sm = smooth(a, n * 100);
        float[] f = new float[1000];
        for (int i = 0; i < f.length; i++) f[i] = (float) noise(i);
        float fs = fsum(f, n / 10);
        System.out.println(Double.doubleToLongBits(e0) + " " + Double.doubleToLongBits(e1) + " " + Double.doubleToLongBits(sm) + " " + Float.floatToIntBits(fs));
    }
}
