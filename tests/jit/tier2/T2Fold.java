/** Constant folding and arithmetic identities (t2_opt.c / t2_fold.c,
 *  T2_O_FOLD): constants that appear once small helpers are inlined with
 *  constant arguments, at every corner of Java's wrapping arithmetic,
 *  masked shift counts and narrowing conversions; and x + 0, x * 1,
 *  x & -1, x * 0... of a variable. */
public class T2Fold {
    static int add(int a, int b) { return a + b; }
    static int sub(int a, int b) { return a - b; }
    static int mul(int a, int b) { return a * b; }
    static int shl(int a, int s) { return a << s; }
    static int shr(int a, int s) { return a >> s; }
    static int ushr(int a, int s) { return a >>> s; }
    static int mix(int a, int b) { return (a & b) ^ (a | b); }
    static long ladd(long a, long b) { return a + b; }
    static long lmul(long a, long b) { return a * b; }
    static long lshl(long a, int s) { return a << s; }
    static long lshr(long a, int s) { return a >> s; }
    static long lushr(long a, int s) { return a >>> s; }
    static int neg(int a) { return -a; }
    static long lneg(long a) { return -a; }
    static byte b(int a) { return (byte) a; }
    static char c(int a) { return (char) a; }
    static short s(int a) { return (short) a; }
    static int l2i(long a) { return (int) a; }
    static long i2l(int a) { return a; }

    /* every helper inlined with constants: folded to one number */
    static long constants(int k) {
        long h = 0;
        for (int i = 0; i < k; i++) {
            h = h * 31 + add(Integer.MAX_VALUE, 1) + sub(Integer.MIN_VALUE, 1) + mul(65537, 65537);
            h = h * 31 + shl(1, 33) + shl(-1, 31) + shr(-256, 36) + ushr(-256, 36) + ushr(-1, 0);
            h = h * 31 + mix(0x0f0f0f0f, 0x00ff00ff);
            h = h * 31 + ladd(Long.MAX_VALUE, 1) + lmul(0x100000001L, 0x100000001L);
            h = h * 31 + lshl(1, 65) + lshr(Long.MIN_VALUE, 63) + lushr(Long.MIN_VALUE, 127);
            h = h * 31 + neg(Integer.MIN_VALUE) + lneg(Long.MIN_VALUE) + neg(5);
            h = h * 31 + b(200) + c(-1) + s(40000) + l2i(0x123456789L) + i2l(-7);
        }
        return h;
    }

    /* identities of a variable */
    static long identities(int x, long y) {
        long h = 0;
        for (int i = 0; i < 4; i++) {
            h = h * 31 + add(x, 0) + add(0, x) + sub(x, 0) + mul(x, 1) + mul(1, x) + mul(x, 0);
            h = h * 31 + shl(x, 0) + shl(x, 32) + shr(x, 64) + ushr(x, 0) + (x & -1) + (x & 0) + (x | 0) + (x ^ 0);
            h = h * 31 + ladd(y, 0) + lmul(y, 1) + lmul(y, 0) + lshl(y, 64) + lushr(y, 0) + (y & -1L) + (y | 0L);
            x += i;
        }
        return h;
    }

    public static void main(String[] args) {
        System.out.println(constants(3));
        long h = 0;
        int[] xs = { 0, 1, -1, 7, Integer.MAX_VALUE, Integer.MIN_VALUE, 123456789 };
        long[] ys = { 0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 0x123456789abcdefL };
        for (int x : xs)
            for (long y : ys)
                h = h * 1000003 + identities(x, y);
        System.out.println(h);
    }
}
