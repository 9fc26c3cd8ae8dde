// Integer and double matrix multiplication, transpose, and a checksum (exact, no transcendental math).
public class MatrixMultiply {
    static long[][] mulL(long[][] a, long[][] b) {
        int n = a.length, m = b[0].length, k = b.length;
        long[][] c = new long[n][m];
        for (int i = 0; i < n; i++)
            for (int p = 0; p < k; p++) {
                long v = a[i][p];
                for (int j = 0; j < m; j++) c[i][j] += v * b[p][j];
            }
        return c;
    }
    static double[][] mulD(double[][] a, double[][] b) {
        int n = a.length;
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int p = 0; p < n; p++) s += a[i][p] * b[p][j];
                c[i][j] = s;
            }
        return c;
    }
    public static void main(String[] args) {
        int n = 120;
        long[][] a = new long[n][n], b = new long[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { a[i][j] = (i * 7 + j * 3) % 17 - 8; b[i][j] = (i ^ j) % 13 - 6; }
        long[][] c = mulL(a, b);
        long cs = 0;
        for (long[] row : c) for (long v : row) cs = cs * 1000003 + v;
        System.out.println("long checksum " + cs + " c[5][7]=" + c[5][7] + " c[119][0]=" + c[119][0]);
        double[][] x = new double[n][n], y = new double[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { x[i][j] = (i + 1) / (double) (j + 2); y[i][j] = (i == j) ? 2.0 : 0.5 / (1 + i + j); }
        double[][] z = mulD(x, y);
        double sum = 0;
        for (double[] row : z) for (double v : row) sum += v;
        System.out.println("double sum bits " + Long.toHexString(Double.doubleToLongBits(sum)) + " z[3][4]=" + z[3][4]);
        long[][] id = new long[4][4];
        for (int i = 0; i < 4; i++) id[i][i] = 1;
        long[][] m = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};
        long[][] p = mulL(m, id);
        for (long[] row : mulL(p, m)) {
            StringBuilder sb = new StringBuilder();
            for (long v : row) sb.append(v).append(' ');
            System.out.println(sb.toString().trim());
        }
    }
}
