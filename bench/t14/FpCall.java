// bench/t14: doubles live across a call tier 2 keeps (a synchronized method),
// taken every 8th iteration (FpCall1: every iteration): saving XMM registers
// around the call against spilling them (-Xjit:tier2,-xmmsave).
public class FpCall {
    static int cnt;
    static synchronized int tick(int k) { cnt += k & 1; return cnt; }   // a call tier 2 keeps (monitor)
    static double loop(double[] a, int n) {
        double s = 0, p = 0, q = 1, r = 0.5, u = 2, w = 3;
        for (int i = 0; i < n; i++) {
            double v = a[i & (a.length - 1)];
            s += v * q - p * r;
            p = p * 0.9 + v * 0.1;
            q = q * 0.999 + 0.001;
            u = u * 0.5 + s * 1e-3;
            w = w - u * 1e-4;
            if ((i & 7) == 0) r = r + tick(i) * 1e-9;
        }
        return s + p + q + r + u + w;
    }
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        double[] a = new double[1024];
        for (int i = 0; i < a.length; i++) a[i] = (i * 37 % 101) / 101.0;
        double t = 0;
        for (int k = 0; k < 20; k++) t += loop(a, n);
        System.out.println(Double.doubleToLongBits(t));
    }
}
