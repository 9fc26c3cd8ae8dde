// Spectral norm of the infinite matrix A(i,j) = 1/((i+j)(i+j+1)/2+i+1), n = 150 (division and sqrt only).
public class SpectralNorm {
    static double a(int i, int j) { return 1.0 / ((i + j) * (i + j + 1) / 2 + i + 1); }
    static void mulAv(double[] v, double[] out) {
        for (int i = 0; i < v.length; i++) { double s = 0; for (int j = 0; j < v.length; j++) s += a(i, j) * v[j]; out[i] = s; }
    }
    static void mulAtv(double[] v, double[] out) {
        for (int i = 0; i < v.length; i++) { double s = 0; for (int j = 0; j < v.length; j++) s += a(j, i) * v[j]; out[i] = s; }
    }
    static void mulAtAv(double[] v, double[] out, double[] tmp) { mulAv(v, tmp); mulAtv(tmp, out); }
    public static void main(String[] args) {
        int n = 150;
        double[] u = new double[n], v = new double[n], tmp = new double[n];
        java.util.Arrays.fill(u, 1.0);
        for (int i = 0; i < 10; i++) { mulAtAv(u, v, tmp); mulAtAv(v, u, tmp); }
        double vBv = 0, vv = 0;
        for (int i = 0; i < n; i++) { vBv += u[i] * v[i]; vv += v[i] * v[i]; }
        double norm = Math.sqrt(vBv / vv);
        System.out.println(Long.toHexString(Double.doubleToLongBits(norm)) + " " + Math.round(norm * 1e9));
    }
}
