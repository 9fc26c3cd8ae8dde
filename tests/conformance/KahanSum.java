// Naive vs Kahan vs pairwise summation of many doubles; results printed with Double.toString.
public class KahanSum {
    static double pairwise(double[] a, int lo, int hi) {
        if (hi - lo <= 8) { double s = 0; for (int i = lo; i < hi; i++) s += a[i]; return s; }
        int mid = (lo + hi) >>> 1;
        return pairwise(a, lo, mid) + pairwise(a, mid, hi);
    }
    public static void main(String[] args) {
        int n = 1000000;
        double[] a = new double[n];
        for (int i = 0; i < n; i++) a[i] = 1.0 / (i + 1) * ((i & 1) == 0 ? 1 : -1) + 1e-3;
        double naive = 0;
        for (double v : a) naive += v;
        double sum = 0, c = 0;
        for (double v : a) { double y = v - c; double t = sum + y; c = (t - sum) - y; sum = t; }
        System.out.println("naive    " + naive);
        System.out.println("kahan    " + sum);
        System.out.println("pairwise " + pairwise(a, 0, n));
        float fs = 0;
        for (int i = 0; i < n; i++) fs += 0.1f;
        System.out.println("float 0.1 x 1e6 = " + fs);
        double ds = 0;
        for (int i = 0; i < n; i++) ds += 0.1;
        System.out.println("double 0.1 x 1e6 = " + ds);
    }
}
