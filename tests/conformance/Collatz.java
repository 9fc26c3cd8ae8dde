// Collatz sequences with long arithmetic: longest chain below 300,000 and a memo table.
public class Collatz {
    public static void main(String[] args) {
        int limit = 300000;
        int[] memo = new int[limit];
        int best = 1, bestLen = 1;
        long maxPeak = 0;
        for (int start = 1; start < limit; start++) {
            long n = start;
            int steps = 0;
            while (n != 1 && (n >= limit || memo[(int) n] == 0)) {
                n = (n & 1) == 0 ? n >>> 1 : 3 * n + 1;
                if (n > maxPeak) maxPeak = n;
                steps++;
            }
            int len = steps + (n == 1 ? 1 : memo[(int) n]);
            memo[start] = len;
            if (len > bestLen) { bestLen = len; best = start; }
        }
        System.out.println("best start " + best + " length " + bestLen + " peak " + maxPeak);
        StringBuilder sb = new StringBuilder();
        for (long n = 27; n != 1; n = (n % 2 == 0) ? n / 2 : 3 * n + 1) if (n > 1000) sb.append(n).append(' ');
        System.out.println(sb.toString().trim());
    }
}
