// Division and remainder by constants (LDIVC, jit_longops.c): long and int
// x / d and x % d with d positive and negative, small and up to 2^31 - 1,
// powers of two among the longs, against dividends around 0, the extremes
// (MIN_VALUE / d cannot overflow), multiples of d and their neighbours,
// and pseudo-random values; the quotient and remainder kept live across
// other values on the virtual stack (a multiply-add around the division);
// a division whose divisor looks constant only after a store (not one).
public class DivConst {
    static long ldivs(long x) {
        long h = 0;
        h = h * 31 + x / 3;  h = h * 31 + x % 3;
        h = h * 31 + x / 7;  h = h * 31 + x % 7;
        h = h * 31 + x / 10; h = h * 31 + x % 10;
        h = h * 31 + x / 1437; h = h * 31 + x % 1437;
        h = h * 31 + x / 1000000007L; h = h * 31 + x % 1000000007L;
        h = h * 31 + x / 2147483647L; h = h * 31 + x % 2147483647L;
        h = h * 31 + x / -3; h = h * 31 + x % -3;
        h = h * 31 + x / -1000; h = h * 31 + x % -1000;
        h = h * 31 + x / -2147483647L; h = h * 31 + x % -2147483647L;
        h = h * 31 + x / 2; h = h * 31 + x % 2;
        h = h * 31 + x / 1024; h = h * 31 + x % 1024;
        h = h * 31 + x / -16; h = h * 31 + x % -16;
        h = h * 31 + x / 6; h = h * 31 + x % 12;
        h = h * 31 + x / 641; h = h * 31 + x % 625;
        return h;
    }

    static int idivs(int x) {
        int h = 0;
        h = h * 31 + x / 3;  h = h * 31 + x % 3;
        h = h * 31 + x / 7;  h = h * 31 + x % 7;
        h = h * 31 + x / 10; h = h * 31 + x % 10;
        h = h * 31 + x / 1437; h = h * 31 + x % 1437;
        h = h * 31 + x / 2147483647; h = h * 31 + x % 2147483647;
        h = h * 31 + x / -3; h = h * 31 + x % -3;
        h = h * 31 + x / -1000; h = h * 31 + x % -1000;
        h = h * 31 + x / -2147483647; h = h * 31 + x % -2147483647;
        h = h * 31 + x / -16; h = h * 31 + x % -16;
        h = h * 31 + x / 6; h = h * 31 + x % 12;
        h = h * 31 + x / 100000; h = h * 31 + x % 65537;
        return h;
    }

    // the quotient as an operand between others: the division's scratch
    // registers must not clobber values below it on the stack
    static long mixed(long a, long b, int i, int j) {
        return (a * 5 + b) + (a + b) / 9 * (b - 1) + (a ^ b) % 13 + (i + j) / 5 + (i * j) % 11 + (i - j) / -7;
    }

    static int mixedInt(int a, int b, int k) {
        return a * 3 + (a + b) / 7 - (b ^ k) % 100 + (k + a) / -9 + ((a - k) % 6) * (b / 1000);
    }

    static long notConst(long x, long d) {
        long e = d;
        return x / e + x % e;
    }

    public static void main(String[] args) {
        long[] edges = { 0, 1, -1, 2, -2, 3, -3, 6, -6, 7, -7, 9, 10, -10, 11, 1436, 1437, 1438, -1437, -1438,
            1000000006L, 1000000007L, 1000000008L, -1000000007L, 2147483646L, 2147483647L, 2147483648L,
            -2147483647L, -2147483648L, -2147483649L, 4294967295L, 4294967296L, -4294967296L,
            Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
            Long.MAX_VALUE / 3, Long.MIN_VALUE / 7, 0x5555555555555555L, 0xAAAAAAAAAAAAAAAAL };
        long h = 0;
        for (long x : edges) {
            long r = ldivs(x);
            System.out.println("l " + x + " -> " + r);
            h = h * 1000003 + r;
            int xi = (int) x;
            int ri = idivs(xi);
            System.out.println("i " + xi + " -> " + ri);
            h = h * 1000003 + ri;
        }
        int[] iedges = { Integer.MIN_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE, Integer.MAX_VALUE - 1,
            -100000, 100000, 99999, -99999, 65536, 65537, -65537 };
        for (int x : iedges) {
            int ri = idivs(x);
            System.out.println("i " + x + " -> " + ri);
            h = h * 1000003 + ri;
        }
        long seed = 12345;
        for (int i = 0; i < 200000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            long x = seed >> (int) (seed >>> 58);
            h = h * 31 + ldivs(x) + idivs((int) (seed >>> 17)) + idivs((int) x);
            h += mixed(x, seed, (int) x, (int) (seed >>> 32)) + mixedInt((int) x, (int) (seed >>> 7), i);
        }
        System.out.println("checksum " + h);
        System.out.println("notConst " + notConst(100, 7) + " " + notConst(-100, -7));
        try {
            System.out.println(notConst(5, 0));
        } catch (ArithmeticException e) {
            System.out.println("caught " + e.getMessage());
        }
    }
}
