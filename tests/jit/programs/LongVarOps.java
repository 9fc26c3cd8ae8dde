// ldiv / lrem by a variable, lcmp used as a value, and long shifts by a
// variable count (LVAR, jit_longops.c): dividends and divisors of every
// sign, small and beyond 32 bits, MIN_VALUE / -1 (x86's idiv traps there,
// Java gives MIN_VALUE and remainder 0), division by zero caught as an
// ArithmeticException (with other values live on the stack below the
// operands), divisors 1 and -1 as constants, shifts by 0, 63, 64, 65, -1,
// 127 and counts from a loop, and lcmp's -1/0/1 stored, returned, compared
// and summed.
public class LongVarOps {
    static final long[] VALS = {
        0L, 1L, -1L, 2L, -2L, 3L, -3L, 7L, -7L, 10L, -10L, 1000000007L, -1000000007L,
        0x100000000L, -0x100000000L, 0x123456789abcdefL, -0x123456789abcdefL,
        Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 86400000000000L, -999999999999L
    };
    static long sink;

    static long div(long a, long b) { return a / b; }
    static long rem(long a, long b) { return a % b; }

    // the quotient and remainder used together with other live values
    static long mixed(long a, long b, long c) {
        long q = a / b;
        long r = a % b;
        return c * 31 + (q ^ (r << 7)) + (a + c) / b - (c - a) % b;
    }

    // as in a token bucket: wait = (need * period + rate - 1) / rate
    static long delay(long need, long period, long rate) {
        return (need * period + rate - 1) / rate + need % rate;
    }

    // 1 and -1 as constants: not LDIVC's, still exact
    static long byOnes(long a) { return a / -1 + a % -1 + a / 1 + a % 1; }

    // division by zero with values live below (caught in the same method)
    static long divZero(long a, long b, int k) {
        long acc = 5;
        try {
            acc = acc + k + a / b;
        } catch (ArithmeticException e) {
            acc = -acc - k;
        }
        try {
            acc = acc * 3 + a % b;
        } catch (ArithmeticException e) {
            acc = acc + 1000 + k;
        }
        return acc;
    }

    static long shl(long a, int n) { return a << n; }
    static long shr(long a, int n) { return a >> n; }
    static long ushr(long a, int n) { return a >>> n; }

    // shifts with other values live and a computed count
    static long shifts(long a, int n, long b) {
        return b + (a << n) * 3 - (a >> (n + 1)) + ((a ^ b) >>> (n * 7)) + (b << -n);
    }

    static int cmp(long a, long b) { return Long.compare(a, b); }
    static int cmpRaw(long a, long b) {
        int s = 0;
        // lcmp's result as a value: stored, compared, used in arithmetic
        int c1 = (a < b) ? -1 : (a == b) ? 0 : 1;
        int c2 = Long.compare(a, b);
        int c3 = Long.compare(b, a);
        s += c2 * 10 + c3 * 100 + (c1 == c2 ? 1000 : 0);
        if (c2 == -c3) s += 5;
        return s;
    }
    static int signum(long v) { return Long.signum(v) + Long.compare(v, 0L) + Long.compare(0L, v); }

    public static void main(String[] args) {
        long h = 17;
        int divs = 0, zeros = 0;
        for (long a : VALS) {
            for (long b : VALS) {
                if (b == 0) {
                    try {
                        h = h * 31 + div(a, b);
                    } catch (ArithmeticException e) {
                        zeros++;
                        h = h * 31 + 1;
                    }
                    try {
                        h = h * 31 + rem(a, b);
                    } catch (ArithmeticException e) {
                        zeros++;
                        h = h * 31 + 2;
                    }
                } else {
                    h = h * 31 + div(a, b);
                    h = h * 31 + rem(a, b);
                    h = h * 31 + mixed(a, b, a ^ 0x5555L);
                    divs++;
                }
                h = h * 31 + cmp(a, b);
                h = h * 31 + cmpRaw(a, b);
                h = h * 31 + divZero(a, b, divs);
            }
            h = h * 31 + byOnes(a) + signum(a);
            for (int n = -2; n <= 130; n++) {
                h = h * 31 + shl(a, n);
                h = h * 31 + shr(a, n);
                h = h * 31 + ushr(a, n);
            }
            h = h * 31 + shifts(a, divs & 31, a + 3);
        }
        System.out.println("hash " + h + " divs " + divs + " zeros " + zeros);
        System.out.println("min/-1 " + div(Long.MIN_VALUE, -1L) + " " + rem(Long.MIN_VALUE, -1L));
        System.out.println("max/min " + div(Long.MAX_VALUE, Long.MIN_VALUE) + " " + rem(Long.MIN_VALUE, Long.MAX_VALUE));
        System.out.println("signs " + div(7, 2) + " " + div(-7, 2) + " " + div(7, -2) + " " + div(-7, -2)
            + " " + rem(7, 2) + " " + rem(-7, 2) + " " + rem(7, -2) + " " + rem(-7, -2));
        System.out.println("shl " + shl(1, 0) + " " + shl(1, 63) + " " + shl(1, 64) + " " + shl(1, 65) + " " + shl(1, -1));
        System.out.println("shr " + shr(Long.MIN_VALUE, 0) + " " + shr(Long.MIN_VALUE, 63) + " " + shr(Long.MIN_VALUE, 64)
            + " " + shr(Long.MIN_VALUE, 65) + " " + shr(Long.MIN_VALUE, -1));
        System.out.println("ushr " + ushr(-1, 0) + " " + ushr(-1, 63) + " " + ushr(-1, 64) + " " + ushr(-1, 65) + " " + ushr(-1, -1));
        System.out.println("cmp " + cmp(1, 2) + " " + cmp(2, 2) + " " + cmp(3, 2) + " " + cmp(Long.MIN_VALUE, Long.MAX_VALUE)
            + " " + cmp(0x100000000L, 1L) + " " + cmp(-0x100000000L, -1L));
        System.out.println("delay " + delay(3, 1000000000L, 7) + " " + delay(1000, 125000L, 3) + " " + delay(-5, 9, 4));
        System.out.println("divZero " + divZero(10, 0, 3) + " " + divZero(10, 3, 3) + " " + divZero(Long.MIN_VALUE, -1, 1));
        try {
            sink = div(1, 0);
            System.out.println("no exception");
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
        try {
            sink = rem(Long.MAX_VALUE, 0);
            System.out.println("no exception");
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
    }
}
