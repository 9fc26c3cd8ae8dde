// LongIndexFusion.java - array accesses indexed by a long local narrowed to
// int, a[(int) j]: javac compiles them to aload; lload; l2i; ...; Xastore
// and aload; lload; l2i; Xaload, which the interpreter fuses with the int
// index forms (src/interp/fuse.c: iopnd).  Every element kind, a stored
// value that is itself a narrowed long, indices whose high half is not
// zero (l2i keeps the low 32 bits: 2^32 + 3 is index 3, 2^31 is negative),
// and out-of-bounds and null arrays (the fused handler falls back and the
// plain instructions throw).
public class LongIndexFusion {
    static int sieve(int limit) {
        boolean[] composite = new boolean[limit + 1];
        int count = 0;
        for (int i = 2; i <= limit; i++) {
            if (composite[i]) continue;
            count++;
            for (long j = (long) i * i; j <= limit; j += i) composite[(int) j] = true;
        }
        return count;
    }

    static long kinds(long j, long v) {
        int[] ia = new int[8];
        byte[] ba = new byte[8];
        char[] ca = new char[8];
        short[] sa = new short[8];
        boolean[] za = new boolean[8];
        String[] oa = { "a", "b", "c", "d", "e", "f", "g", "h" };
        ia[(int) j] = (int) v;
        ba[(int) j] = (byte) v;
        ca[(int) j] = (char) v;
        sa[(int) j] = (short) v;
        za[(int) j] = true;
        long r = ia[(int) j];
        r = r * 31 + ba[(int) j];
        r = r * 31 + ca[(int) j];
        r = r * 31 + sa[(int) j];
        r = r * 31 + (za[(int) j] ? 1 : 0);
        r = r * 31 + oa[(int) j].charAt(0);
        int s = 0;
        s += ia[(int) j];   // iload; aload; lload; l2i; iaload; iadd; istore
        s += ba[(int) j];
        return r * 31 + s;
    }

    static String probe(int[] a, long j) {
        try {
            a[(int) j] = 7;
            return "stored " + a[(int) j];
        } catch (ArrayIndexOutOfBoundsException e) {
            return "AIOOBE";
        } catch (NullPointerException e) {
            return "NPE";
        }
    }

    public static void main(String[] args) {
        System.out.println("sieve(200000) = " + sieve(200000));
        long[] idx = { 0, 3, 7, (1L << 32) + 3, (1L << 32) + 7, -(1L << 32) + 1, 0x7fff_ffff_0000_0005L };
        long[] vals = { 0, 1, -1, 255, 65535, 1L << 40, -5_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE };
        long h = 0;
        for (long j : idx)
            for (long v : vals)
                h = h * 1_000_003L + kinds(j, v);
        System.out.println("kinds hash = " + h);
        int[] a = new int[8];
        long[] bad = { 8, -1, 1L << 31, (1L << 32) - 1, (1L << 32) + 8, 5 };
        for (long j : bad) System.out.println(j + ": " + probe(a, j));
        System.out.println("null: " + probe(null, 2));
        long total = 0;
        int[] t = new int[16];
        for (long j = 0; j < 16; j++) t[(int) j] = (int) (j * j);
        for (long j = 15; j >= 0; j--) total += t[(int) j];
        System.out.println("total = " + total);
    }
}
