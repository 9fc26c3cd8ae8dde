// Conway's Game of Life on a 64x64 torus: a glider gun-free soup evolved for 200 generations.
public class GameOfLife {
    public static void main(String[] args) {
        int n = 64;
        boolean[][] g = new boolean[n][n];
        long s = 42;
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { s = s * 6364136223846793005L + 1442695040888963407L; g[i][j] = (s >>> 61) < 3; }
        g[1][2] = g[2][3] = g[3][1] = g[3][2] = g[3][3] = true;   // a glider
        for (int gen = 0; gen <= 200; gen++) {
            if (gen % 50 == 0) {
                int alive = 0;
                long hash = 0;
                for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) if (g[i][j]) { alive++; hash = hash * 31 + i * n + j; }
                System.out.println("gen " + gen + " alive " + alive + " hash " + hash);
            }
            boolean[][] next = new boolean[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    int c = 0;
                    for (int di = -1; di <= 1; di++)
                        for (int dj = -1; dj <= 1; dj++)
                            if ((di != 0 || dj != 0) && g[(i + di + n) % n][(j + dj + n) % n]) c++;
                    next[i][j] = c == 3 || (c == 2 && g[i][j]);
                }
            }
            g = next;
        }
        for (int i = 0; i < 16; i++) {
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < 64; j++) sb.append(g[i][j] ? '#' : '.');
            System.out.println(sb);
        }
    }
}
