// Sieve of Eratosthenes up to 2,000,000 with a boolean[] and with a bit set in long[].
public class SieveOfEratosthenes {
    static int countBool(int n) {
        boolean[] composite = new boolean[n + 1];
        int count = 0;
        for (int i = 2; i <= n; i++) {
            if (!composite[i]) {
                count++;
                for (long j = (long) i * i; j <= n; j += i) composite[(int) j] = true;
            }
        }
        return count;
    }
    static int countBits(int n) {
        long[] bits = new long[(n >> 6) + 1];
        int count = 0;
        for (int i = 2; i <= n; i++) {
            if ((bits[i >> 6] & (1L << i)) == 0) {
                count++;
                for (long j = (long) i * i; j <= n; j += i) bits[(int) (j >> 6)] |= 1L << j;
            }
        }
        return count;
    }
    public static void main(String[] args) {
        int[] limits = {10, 100, 1000, 10000, 100000, 2000000};
        for (int n : limits) System.out.println("pi(" + n + ") = " + countBool(n) + " / " + countBits(n));
        boolean[] c = new boolean[200];
        StringBuilder sb = new StringBuilder();
        for (int i = 2; i < 200; i++) {
            if (!c[i]) { sb.append(i).append(' '); for (int j = i * i; j < 200; j += i) c[j] = true; }
        }
        System.out.println(sb.toString().trim());
    }
}
