// A backtracking Sudoku solver with bit masks for rows, columns and boxes.
public class Sudoku {
    static int[] rows = new int[9], cols = new int[9], boxes = new int[9];
    static int[][] g = new int[9][9];
    static long nodes;
    static boolean solve(int pos) {
        if (pos == 81) return true;
        int r = pos / 9, c = pos % 9;
        if (g[r][c] != 0) return solve(pos + 1);
        int b = (r / 3) * 3 + c / 3;
        int used = rows[r] | cols[c] | boxes[b];
        for (int d = 1; d <= 9; d++) {
            int bit = 1 << d;
            if ((used & bit) != 0) continue;
            nodes++;
            g[r][c] = d; rows[r] |= bit; cols[c] |= bit; boxes[b] |= bit;
            if (solve(pos + 1)) return true;
            g[r][c] = 0; rows[r] &= ~bit; cols[c] &= ~bit; boxes[b] &= ~bit;
        }
        return false;
    }
    public static void main(String[] args) {
        String puzzle = "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
        for (int i = 0; i < 81; i++) {
            int d = puzzle.charAt(i) - '0';
            int r = i / 9, c = i % 9;
            g[r][c] = d;
            if (d != 0) { rows[r] |= 1 << d; cols[c] |= 1 << d; boxes[(r / 3) * 3 + c / 3] |= 1 << d; }
        }
        System.out.println("solved " + solve(0) + " nodes " + nodes);
        for (int[] row : g) {
            StringBuilder sb = new StringBuilder();
            for (int v : row) sb.append(v);
            System.out.println(sb);
        }
    }
}
