// 0/1 knapsack and longest-common-subsequence / edit-distance dynamic programming with 2-D arrays.
public class Knapsack {
    static int knapsack(int[] w, int[] v, int cap) {
        int[][] dp = new int[w.length + 1][cap + 1];
        for (int i = 1; i <= w.length; i++)
            for (int c = 0; c <= cap; c++) {
                dp[i][c] = dp[i - 1][c];
                if (w[i - 1] <= c && dp[i - 1][c - w[i - 1]] + v[i - 1] > dp[i][c]) dp[i][c] = dp[i - 1][c - w[i - 1]] + v[i - 1];
            }
        return dp[w.length][cap];
    }
    static int edit(String a, String b) {
        int[] prev = new int[b.length() + 1], cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev; prev = cur; cur = t;
        }
        return prev[b.length()];
    }
    static String lcs(String a, String b) {
        int[][] L = new int[a.length() + 1][b.length() + 1];
        for (int i = a.length() - 1; i >= 0; i--)
            for (int j = b.length() - 1; j >= 0; j--)
                L[i][j] = a.charAt(i) == b.charAt(j) ? 1 + L[i + 1][j + 1] : Math.max(L[i + 1][j], L[i][j + 1]);
        StringBuilder sb = new StringBuilder();
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            if (a.charAt(i) == b.charAt(j)) { sb.append(a.charAt(i)); i++; j++; }
            else if (L[i + 1][j] >= L[i][j + 1]) i++; else j++;
        }
        return sb.toString();
    }
    public static void main(String[] args) {
        int n = 100;
        int[] w = new int[n], v = new int[n];
        for (int i = 0; i < n; i++) { w[i] = 1 + (i * 37) % 53; v[i] = 1 + (i * 91) % 97; }
        System.out.println("knapsack " + knapsack(w, v, 500) + " " + knapsack(w, v, 50) + " " + knapsack(w, v, 0));
        String[][] pairs = {{"kitten", "sitting"}, {"flaw", "lawn"}, {"", "abc"}, {"intention", "execution"}, {"same", "same"}};
        for (String[] p : pairs) System.out.println(p[0] + "/" + p[1] + " edit " + edit(p[0], p[1]) + " lcs '" + lcs(p[0], p[1]) + "'");
        StringBuilder a = new StringBuilder(), b = new StringBuilder();
        for (int i = 0; i < 1500; i++) { a.append((char) ('a' + (i * 7) % 26)); b.append((char) ('a' + (i * 11) % 26)); }
        System.out.println("long edit " + edit(a.toString(), b.toString()) + " lcs length " + lcs(a.toString(), b.toString()).length());
    }
}
