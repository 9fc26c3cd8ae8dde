// Trial-division factorization of longs, Miller-Rabin with modular multiplication, perfect numbers.
public class PrimeFactors {
    static String factor(long n) {
        StringBuilder sb = new StringBuilder();
        for (long p = 2; p * p <= n; p += (p == 2 ? 1 : 2)) {
            while (n % p == 0) { sb.append(p).append(' '); n /= p; }
        }
        if (n > 1) sb.append(n);
        return sb.toString().trim();
    }
    static long mulmod(long a, long b, long m) {
        long r = 0;
        a %= m;
        while (b > 0) { if ((b & 1) == 1) { r += a; if (r >= m) r -= m; } a <<= 1; if (a >= m) a -= m; b >>= 1; }
        return r;
    }
    static long powmod(long b, long e, long m) {
        long r = 1;
        b %= m;
        while (e > 0) { if ((e & 1) == 1) r = mulmod(r, b, m); b = mulmod(b, b, m); e >>= 1; }
        return r;
    }
    static boolean isPrime(long n) {
        if (n < 2) return false;
        long[] bases = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
        for (long p : bases) if (n % p == 0) return n == p;
        long d = n - 1;
        int s = 0;
        while ((d & 1) == 0) { d >>= 1; s++; }
        for (long a : bases) {
            long x = powmod(a, d, n);
            if (x == 1 || x == n - 1) continue;
            boolean comp = true;
            for (int r = 1; r < s; r++) { x = mulmod(x, x, n); if (x == n - 1) { comp = false; break; } }
            if (comp) return false;
        }
        return true;
    }
    public static void main(String[] args) {
        long[] ns = {2, 97, 360, 1001, 65537, 600851475143L, 999999000001L, 9223372036854775807L, 1L << 40, 123456789012L};
        for (long n : ns) System.out.println(n + " = " + factor(n) + " prime " + isPrime(n));
        long[] big = {1000000007L, 998244353L, 4611686018427387847L, 9223372036854775783L, 9223372036854775781L};
        for (long n : big) System.out.println(n + " prime " + isPrime(n));
        StringBuilder sb = new StringBuilder();
        for (int n = 2; n < 10000; n++) {
            int s = 1;
            for (int d = 2; d * d <= n; d++) if (n % d == 0) { s += d; if (d != n / d) s += n / d; }
            if (s == n) sb.append(n).append(' ');
        }
        System.out.println("perfect " + sb.toString().trim());
    }
}
