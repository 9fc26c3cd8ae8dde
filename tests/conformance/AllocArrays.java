// Arrays of many sizes (up to 4 MB) allocated repeatedly; only a bounded number stay reachable.
public class AllocArrays {
    public static void main(String[] args) {
        Object[] window = new Object[16];
        long total = 0;
        int sizes[] = {0, 1, 7, 64, 1000, 4096, 65536, 1 << 20};
        for (int i = 0; i < 3000; i++) {
            int n = sizes[i % sizes.length];
            Object a;
            switch (i % 5) {
                case 0: { int[] x = new int[n]; if (n > 0) x[n - 1] = i; a = x; total += x.length; break; }
                case 1: { byte[] x = new byte[n * 4]; if (n > 0) x[0] = 1; a = x; total += x.length; break; }
                case 2: { long[] x = new long[n / 2]; a = x; total += x.length; break; }
                case 3: { Object[] x = new Object[n / 4]; if (x.length > 0) x[0] = window; a = x; total += x.length; break; }
                default: { double[] x = new double[n / 8]; a = x; total += x.length; break; }
            }
            window[i % window.length] = a;
        }
        int[] last = (int[]) window[(2995) % 16];
        System.out.println("total elements " + total + " last " + last.length);
        int[][] grid = new int[2000][];
        for (int r = 0; r < 20; r++) {
            for (int i = 0; i < grid.length; i++) grid[i] = new int[(i * 37 + r) % 500];
        }
        long cells = 0;
        for (int[] row : grid) cells += row.length;
        System.out.println("cells " + cells);
    }
}
