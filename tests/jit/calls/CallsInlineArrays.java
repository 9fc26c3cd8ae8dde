// Callees with array reads and boolean results, inlined by the JIT
// (INLINING): byte/char/short/int/reference array reads with and without
// `& 0xFF`, big-endian reads built from several loads, comparisons turned
// into booleans (javac's `if<cond>; iconst; goto; iconst` form) with every
// condition and constant operands.  Failing reads (null array, index
// negative or past the end) must raise the exception inside the callee,
// as the normal call does: the stack trace's first frame is the callee.
public class CallsInlineArrays {
    final int[] vals;
    int count;

    CallsInlineArrays(int n) { vals = new int[n]; }

    static int u8(byte[] b, int i) { return b[i] & 0xFF; }
    static int s8(byte[] b, int i) { return b[i]; }
    static int maskRev(byte[] b, int i) { return 0xFF & b[i]; }
    static int read16(byte[] b, int off) { return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF); }
    static int read32(byte[] b, int off) {
        return ((b[off] & 0xFF) << 24) | ((b[off + 1] & 0xFF) << 16)
             | ((b[off + 2] & 0xFF) << 8) | (b[off + 3] & 0xFF);
    }
    static long read64(byte[] b, int off) { return ((long) read32(b, off) << 32) | (read32(b, off + 4) & 0xFFFFFFFFL); }
    static char ch(char[] c, int i) { return c[i]; }
    static short sh(short[] s, int i) { return s[i]; }
    static int in(int[] a, int i) { return a[i] * 3 + 1; }
    static Object obj(Object[] a, int i) { return a[i]; }
    static String str(String[] a, int i) { return a[i]; }
    static byte narrowed(int[] a, int i) { return (byte) a[i]; }
    static boolean flag(boolean[] z, int i) { return z[i]; }
    int getVal(int i) { return vals[i]; }
    boolean isEmpty() { return count == 0; }
    boolean notEmpty() { return count != 0; }
    static boolean eq(int a, int b) { return a == b; }
    static boolean ne(int a, int b) { return a != b; }
    static boolean lt(int a, int b) { return a < b; }
    static boolean le(int a, int b) { return a <= b; }
    static boolean gt(int a, int b) { return a > b; }
    static boolean ge(int a, int b) { return a >= b; }
    static boolean neg(int a) { return a < 0; }
    static boolean pos(int a) { return a > 0; }
    static boolean nonneg(int a) { return a >= 0; }
    static boolean nonpos(int a) { return a <= 0; }
    static boolean is7(int a) { return a == 7; }
    static boolean big(int a) { return a > 1000; }
    static int mixed(int[] a, int i, int k) { return (a[i] ^ k) + (a[i + 1] | 0x100) - (a[i + 2] & -2); }

    static void show(String what, Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        System.out.println(what + ": " + t.getClass().getName() + " in " + st[0].getMethodName()
                           + (st.length > 1 ? " from " + st[1].getMethodName() : ""));
    }

    public static void main(String[] args) {
        byte[] b = new byte[64];
        for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 37 - 100);
        char[] c = { 'a', '\uffff', 0x8000 };
        short[] s = { -1, 32767, -32768 };
        int[] a = { 5, -7, 1 << 30, Integer.MIN_VALUE, 0x12345678 };
        Object[] o = { "x", null, 42 };
        String[] strs = { "p", "q" };
        boolean[] z = { true, false };
        long acc = 0;
        for (int r = 0; r < 3; r++) {
            for (int i = 0; i + 8 <= b.length; i++) {
                acc = acc * 31 + u8(b, i) + s8(b, i) * 7 + maskRev(b, i) * 3;
                acc = acc * 31 + read16(b, i) + read32(b, i);
                acc ^= read64(b, i);
            }
            for (int i = 0; i < c.length; i++) acc = acc * 31 + ch(c, i) + sh(s, i);
            for (int i = 0; i < a.length; i++) acc = acc * 31 + in(a, i) + narrowed(a, i);
            acc += mixed(a, 1, 99);
            acc += obj(o, 0).hashCode() + (obj(o, 1) == null ? 1 : 0) + str(strs, 1).length();
            acc += flag(z, 0) ? 1 : 2;
            acc += flag(z, 1) ? 4 : 8;
        }
        System.out.println("acc " + acc);
        int[] vs = { Integer.MIN_VALUE, -1000, -1, 0, 1, 7, 1000, 1001, Integer.MAX_VALUE };
        StringBuilder sb = new StringBuilder();
        for (int x : vs) {
            for (int y : vs)
                sb.append(eq(x, y) ? 'e' : '-').append(ne(x, y) ? 'n' : '-').append(lt(x, y) ? 'l' : '-')
                  .append(le(x, y) ? 'L' : '-').append(gt(x, y) ? 'g' : '-').append(ge(x, y) ? 'G' : '-');
            sb.append(neg(x) ? 'N' : '.').append(pos(x) ? 'P' : '.').append(nonneg(x) ? 'z' : '.')
              .append(nonpos(x) ? 'Z' : '.').append(is7(x) ? '7' : '.').append(big(x) ? 'B' : '.').append('\n');
        }
        System.out.print(sb);
        CallsInlineArrays q = new CallsInlineArrays(3);
        System.out.println(q.isEmpty() + " " + q.notEmpty());
        q.count = 5;
        System.out.println(q.isEmpty() + " " + q.notEmpty());
        q.vals[2] = 17;
        System.out.println(q.getVal(2));
        int ok = 0;
        for (int i = 0; i < 100; i++) {
            try { ok += u8(i == 50 ? null : b, i & 63); } catch (NullPointerException e) { show("u8 null", e); }
            try { ok += read16(b, i); } catch (ArrayIndexOutOfBoundsException e) { if (i == 63) show("read16 end", e); }
            try { ok += read32(b, i - 2); } catch (ArrayIndexOutOfBoundsException e) { if (i < 2 || i == 62) show("read32 " + i, e); }
            try { ok += in(a, i % 7 - 1); } catch (ArrayIndexOutOfBoundsException e) { if (i < 7) show("in " + i, e); }
            try { ok += ch(i == 3 ? null : c, 0); } catch (NullPointerException e) { show("ch null", e); }
        }
        System.out.println("ok " + ok);
        try { q.getVal(3); } catch (ArrayIndexOutOfBoundsException e) { show("getVal", e); }
        try { ((CallsInlineArrays) null).getVal(0); } catch (NullPointerException e) { show("getVal null", e); }
        try { ((CallsInlineArrays) null).isEmpty(); } catch (NullPointerException e) { show("isEmpty null", e); }
        try { str(strs, 2); } catch (ArrayIndexOutOfBoundsException e) { show("str", e); }
    }
}
