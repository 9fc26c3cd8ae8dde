// N-queens: count all solutions for N = 1..10 with backtracking over bit masks, and print one board.
public class NQueens {
    static int count(int n, int row, int cols, int d1, int d2) {
        if (row == n) return 1;
        int total = 0;
        int avail = ~(cols | d1 | d2) & ((1 << n) - 1);
        while (avail != 0) {
            int bit = avail & -avail;
            avail -= bit;
            total += count(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
        }
        return total;
    }
    static boolean place(int[] q, int row) {
        int n = q.length;
        if (row == n) return true;
        for (int c = 0; c < n; c++) {
            boolean ok = true;
            for (int r = 0; r < row; r++) if (q[r] == c || Math.abs(q[r] - c) == row - r) { ok = false; break; }
            if (ok) { q[row] = c; if (place(q, row + 1)) return true; }
        }
        return false;
    }
    public static void main(String[] args) {
        for (int n = 1; n <= 10; n++) System.out.println(n + " queens: " + count(n, 0, 0, 0, 0) + " solutions");
        int[] q = new int[8];
        place(q, 0);
        for (int r = 0; r < 8; r++) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < 8; c++) sb.append(q[r] == c ? 'Q' : '.');
            System.out.println(sb);
        }
    }
}
