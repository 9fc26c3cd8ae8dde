/** Tier 2, division and remainder by constants (-Xjit:tier2,-divc):
 *  every divisor kind (1, -1, powers of two, MIN_VALUE, others, negative)
 *  against dividends at the corners (0, +-1, MIN_VALUE, MAX_VALUE, around
 *  multiples), int and long; a division by a constant 0 still throws. */
public class T2Divc {
    static int[] ins() {
        return new int[] { 0, 1, -1, 2, -2, 3, -3, 6, -6, 7, -7, 8, -8, 9, 15, 16, -16, 17, 1436, 1437, -1437,
                           1438, -1438, 2874, 49999, 50000, -50000, 123456789, -123456789,
                           Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1 };
    }
    static long[] lns() {
        return new long[] { 0, 1, -1, 2, -2, 3, -3, 7, -7, 8, -8, 1437, -1437, 1000000000L, -1000000000L,
                            1L << 32, -(1L << 32), (1L << 40) + 5, 6364136223846793005L, -6364136223846793005L,
                            Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
                            Integer.MIN_VALUE, Integer.MAX_VALUE };
    }
    static int idivs(int n) {
        int h = n / 1;
        h = h * 31 + n / -1;
        h = h * 31 + n / 2;
        h = h * 31 + n / -2;
        h = h * 31 + n / 3;
        h = h * 31 + n / -3;
        h = h * 31 + n / 7;
        h = h * 31 + n / -7;
        h = h * 31 + n / 16;
        h = h * 31 + n / -16;
        h = h * 31 + n / 1437;
        h = h * 31 + n / 50000;
        h = h * 31 + n / 1073741824;
        h = h * 31 + n / -1073741824;
        h = h * 31 + n / Integer.MAX_VALUE;
        h = h * 31 + n / Integer.MIN_VALUE;
        h = h * 31 + n / (Integer.MIN_VALUE + 1);
        h = h * 31 + n / 641;
        h = h * 31 + n / 10;
        return h;
    }
    static int irems(int n) {
        int h = n % 1;
        h = h * 31 + n % -1;
        h = h * 31 + n % 2;
        h = h * 31 + n % -2;
        h = h * 31 + n % 3;
        h = h * 31 + n % -3;
        h = h * 31 + n % 7;
        h = h * 31 + n % -7;
        h = h * 31 + n % 16;
        h = h * 31 + n % -16;
        h = h * 31 + n % 1437;
        h = h * 31 + n % 50000;
        h = h * 31 + n % 1073741824;
        h = h * 31 + n % -1073741824;
        h = h * 31 + n % Integer.MAX_VALUE;
        h = h * 31 + n % Integer.MIN_VALUE;
        h = h * 31 + n % (Integer.MIN_VALUE + 1);
        h = h * 31 + n % 641;
        h = h * 31 + n % 10;
        return h;
    }
    static long ldivs(long n) {
        long h = n / 1;
        h = h * 31 + n / -1;
        h = h * 31 + n / 2;
        h = h * 31 + n / -2;
        h = h * 31 + n / 3;
        h = h * 31 + n / -3;
        h = h * 31 + n / 7;
        h = h * 31 + n / 8;
        h = h * 31 + n / -8;
        h = h * 31 + n / 1437;
        h = h * 31 + n / 1000000000L;
        h = h * 31 + n / -1000000000L;
        h = h * 31 + n / (1L << 40);
        h = h * 31 + n / -(1L << 40);
        h = h * 31 + n / (1L << 62);
        h = h * 31 + n / 6364136223846793005L;
        h = h * 31 + n / Long.MAX_VALUE;
        h = h * 31 + n / Long.MIN_VALUE;
        h = h * 31 + n / (Long.MIN_VALUE + 1);
        h = h * 31 + n / 3000000000L;
        return h;
    }
    static long lrems(long n) {
        long h = n % 1;
        h = h * 31 + n % -1;
        h = h * 31 + n % 2;
        h = h * 31 + n % -2;
        h = h * 31 + n % 3;
        h = h * 31 + n % -3;
        h = h * 31 + n % 7;
        h = h * 31 + n % 8;
        h = h * 31 + n % -8;
        h = h * 31 + n % 1437;
        h = h * 31 + n % 1000000000L;
        h = h * 31 + n % -1000000000L;
        h = h * 31 + n % (1L << 40);
        h = h * 31 + n % -(1L << 40);
        h = h * 31 + n % (1L << 62);
        h = h * 31 + n % 6364136223846793005L;
        h = h * 31 + n % Long.MAX_VALUE;
        h = h * 31 + n % Long.MIN_VALUE;
        h = h * 31 + n % (Long.MIN_VALUE + 1);
        h = h * 31 + n % 3000000000L;
        return h;
    }
    static int byZero(int n) {
        return n / 0;
    }
    static long lbyZero(long n) {
        return n % 0L;
    }
    /* the shaper's loop: a long remainder by 1437 */
    static long shaper(int n) {
        long seed = 99, s = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            s += 64 + (int) ((seed >>> 40) % 1437) + (seed % 97) + (int) seed / -13;
        }
        return s;
    }
    public static void main(String[] args) {
        long h = 0;
        for (int rep = 0; rep < 3; rep++) {
            for (int n : ins()) {
                h = h * 1000003 + idivs(n);
                h = h * 1000003 + irems(n);
                h = h * 1000003 + ldivs(n);
                h = h * 1000003 + lrems(n);
            }
            for (long n : lns()) {
                h = h * 1000003 + ldivs(n);
                h = h * 1000003 + lrems(n);
            }
        }
        System.out.println("hash " + h);
        for (int n : ins()) System.out.println(n + ": " + idivs(n) + " " + irems(n));
        for (long n : lns()) System.out.println(n + ": " + ldivs(n) + " " + lrems(n));
        System.out.println("shaper " + shaper(100000));
        try { System.out.println(byZero(5)); } catch (ArithmeticException e) { System.out.println("div0 " + e.getMessage()); }
        try { System.out.println(lbyZero(5)); } catch (ArithmeticException e) { System.out.println("rem0 " + e.getMessage()); }
    }
}
