// jitopts: -Xmx4m
// Inlined byte-array readers (INLINING's hoisted range check, one 64-bit
// compare with a cached array length, src/jit/jit_inline.c): indexes at
// the exact limit, one past it, negative, near Integer.MAX_VALUE (where
// x + 3 wraps in 32 bits) and Integer.MIN_VALUE, null arrays, arrays
// reassigned in the loop.  Also methods whose int locals are not zeroed
// on entry (only astore targets are): a collection while reference locals
// are still unassigned.
public class RangeChecks {
    static int read16(byte[] b, int off) { return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF); }
    static int read32(byte[] b, int off) {
        return ((b[off] & 0xFF) << 24) | ((b[off + 1] & 0xFF) << 16) | ((b[off + 2] & 0xFF) << 8) | (b[off + 3] & 0xFF);
    }

    static String try16(byte[] b, int off) {
        try { return Integer.toString(read16(b, off)); }
        catch (ArrayIndexOutOfBoundsException e) { return "AIOOBE"; }
        catch (NullPointerException e) { return "NPE"; }
    }
    static String try32(byte[] b, int off) {
        try { return Integer.toString(read32(b, off)); }
        catch (ArrayIndexOutOfBoundsException e) { return "AIOOBE"; }
        catch (NullPointerException e) { return "NPE"; }
    }

    static int scan(byte[] b, int from, int to) {
        int sum = 0, i = from;
        try {
            for (i = from; i < to; i += 2) sum += read16(b, i);
        } catch (ArrayIndexOutOfBoundsException e) {
            return -(i * 100000 + (sum & 0xFFFF));
        }
        return sum;
    }

    static long lateRefs(int n) {
        int a = 1, c = 2, d = 3, e = 4, f = 5;
        long s = 0;
        for (int i = 0; i < n; i++) {
            byte[] junk = new byte[1000 + (i & 255)];      /* collections */
            a += junk.length; c ^= a; d += c; e -= d; f *= 3;
            s += a + c + d + e + f;
        }
        Object late = new int[] { a, c };                   /* astore after the collections */
        String tail = "t" + ((int[]) late)[1];
        return s + tail.length();
    }

    public static void main(String[] args) {
        byte[] b = new byte[16];
        for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 37 + 5);
        int[] offs = { 0, 1, 12, 13, 14, 15, 16, -1, -2, Integer.MAX_VALUE, Integer.MAX_VALUE - 1,
                       Integer.MAX_VALUE - 3, Integer.MIN_VALUE, Integer.MIN_VALUE + 1 };
        StringBuilder sb = new StringBuilder();
        for (int o : offs) sb.append(o).append(':').append(try16(b, o)).append('/').append(try32(b, o)).append(' ');
        System.out.println(sb);
        System.out.println("null " + try16(null, 0) + " " + try32(null, 3));
        System.out.println("empty " + try16(new byte[0], 0) + " " + try16(new byte[1], 0) + " " + try32(new byte[3], 0) + " " + try32(new byte[4], 0));
        System.out.println("scan " + scan(b, 0, 16) + " " + scan(b, 0, 17) + " " + scan(b, 1, 17) + " " + scan(b, -2, 4));
        byte[][] bufs = { b, new byte[5], null, new byte[2] };
        int t = 0;
        for (int k = 0; k < 8; k++) {
            byte[] x = bufs[k & 3];
            try { t += read32(x, 1) + read16(x, 0); } catch (RuntimeException e) { t += e instanceof NullPointerException ? 7 : 11; }
        }
        System.out.println("bufs " + t);
        System.out.println("late " + lateRefs(3000));
    }
}
