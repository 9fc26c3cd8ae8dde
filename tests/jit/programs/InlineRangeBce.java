/* InlineRangeBce.java - loops `for (i = a; i < n; i += s)` calling a
 * small method that the JIT inlines and that reads x[p], x[p + 1] with
 * p = off + i (or i) (tests/jit/opts.sh, every optimization on and off
 * against java).  Where an index is out of bounds (last index, negative
 * off, null array, off + n overflowing int) the exception must come at
 * exactly the failing iteration, with the earlier iterations' effects
 * done; off, n or the array changed inside the loop.  Written for a
 * bounds-check elimination of the inlined calls' range checks (branch h5,
 * 2026-11-30: one check before the loop; not merged, as it measured no
 * faster on PacketClassify.classify), kept as a test of these edge cases
 * for the inlining and BCE there are. */
public class InlineRangeBce {
    static int count;

    static int read16(byte[] b, int x) { return ((b[x] & 0xFF) << 8) | (b[x + 1] & 0xFF); }
    static int read32(byte[] b, int x) { return (read8(b, x) << 24) | (b[x + 1] & 0xFF) << 16 | (b[x + 2] & 0xFF) << 8 | (b[x + 3] & 0xFF); }
    static int read8(byte[] b, int x) { return b[x] & 0xFF; }
    static int pair(int[] a, int x) { return a[x] * 3 + a[x + 2]; }
    static int two(byte[] b, int x, byte[] c, int y) { return (b[x] & 0xFF) + (c[y + 1] & 0xFF); }

    static int sum16(byte[] b, int off, int n) {
        int s = 0;
        for (int i = 0; i < n; i += 2) { s += read16(b, off + i); count++; }
        return s;
    }

    static int sum16Le(byte[] b, int off, int a, int n) {
        int s = 0;
        for (int i = a; i <= n; i += 2) { s += read16(b, i + off); count++; }
        return s;
    }

    static int sum16Step(byte[] b, int off, int n, int step) {
        int s = 0;
        for (int i = 0; i < n; i += step) { s = s * 31 + read16(b, off + i); count++; }
        return s;
    }

    static int sum16Plain(byte[] b, int n) {
        int s = 0;
        for (int i = 1; i < n; i++) { s += read16(b, i); count++; }
        return s;
    }

    static int sum32(byte[] b, int off, int n) {
        int s = 0;
        for (int i = 0; i < n; i += 4) { s ^= read32(b, off + i); count++; }
        return s;
    }

    static int sumPair(int[] a, int off) {
        int s = 0;
        for (int i = 0; i < 5; i++) { s += pair(a, off + i); count++; }
        return s;
    }

    static int sumTwo(byte[] b, byte[] c, int off, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) { s += two(b, off + i, c, i); count++; }
        return s;
    }

    static int sumLen(byte[] b, int off) {
        int s = 0;
        for (int i = 0; i < b.length; i += 2) { s += read16(b, off + i); count++; }
        return s;
    }

    /* off changed inside the loop: no BCE from it */
    static int offMoves(byte[] b, int off, int n) {
        int s = 0;
        for (int i = 0; i < n; i += 2) { s += read16(b, off + i); count++; if (i == 4) off += 3; }
        return s;
    }

    /* n changed inside the loop */
    static int nMoves(byte[] b, int off, int n) {
        int s = 0;
        for (int i = 0; i < n; i += 2) { s += read16(b, off + i); count++; if (i == 2) n += 6; }
        return s;
    }

    /* the array changed inside the loop */
    static int arrMoves(byte[] b, byte[] c, int off, int n) {
        int s = 0;
        for (int i = 0; i < n; i += 2) { s += read16(b, off + i); count++; if (i == 2) b = c; }
        return s;
    }

    /* the index is not i + off (i + off + 1 through the callee's x + 1 is fine, i * 2 is not) */
    static int scaled(byte[] b, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) { s += read16(b, i * 2); count++; }
        return s;
    }

    static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * 37 + 11);
        return b;
    }

    static byte[] b, c;
    static int[] ia;

    static int run(int which) {
        switch (which) {
        case 0: return sum16(b, 10, 30);
        case 1: return sum16(b, 0, 39);
        case 2: return sum16(b, 8, 32);
        case 3: return sum16(b, 9, 32);
        case 4: return sum16(b, 0, 40);
        case 5: return sum16(b, 30, 40);
        case 6: return sum16(b, -3, 10);
        case 7: return sum16Le(b, -3, 5, 20);
        case 8: return sum16Le(b, -7, 5, 20);
        case 9: return sum16Le(b, 6, -2, 10);
        case 10: return sum16Le(b, 0, 0, 38);
        case 11: return sum16Le(b, 1, 0, 38);
        case 12: return sum16(null, 0, 10);
        case 13: return sum16(null, 0, 0);
        case 14: return sum16(b, 100, 0);
        case 15: return sum16(b, Integer.MAX_VALUE - 5, 10);
        case 16: return sum16(b, Integer.MAX_VALUE - 1, Integer.MAX_VALUE);
        case 17: return sum16Le(b, Integer.MIN_VALUE + 3, Integer.MAX_VALUE - 4, Integer.MAX_VALUE - 1);
        case 18: return sum16(b, Integer.MIN_VALUE, 4);
        case 19: return sum16Step(b, 0, Integer.MAX_VALUE, 7);
        case 20: return sum16Step(b, 3, 36, 5);
        case 21: return sum16Step(b, 4, 40, 5);
        case 22: return sum16Plain(b, 39);
        case 23: return sum16Plain(b, 40);
        case 24: return sum32(b, 4, 36);
        case 25: return sum32(b, 5, 36);
        case 26: return sumPair(ia, 5);
        case 27: return sumPair(ia, 6);
        case 28: return sumTwo(b, c, 20, 11);
        case 29: return sumTwo(b, c, 20, 12);
        case 30: return sumTwo(b, c, 30, 11);
        case 31: return sumTwo(b, null, 0, 3);
        case 32: return sumLen(c, 0);
        case 33: return sumLen(c, 1);
        case 34: return offMoves(b, 1, 30);
        case 35: return offMoves(b, 4, 34);
        case 36: return nMoves(b, 2, 10);
        case 37: return nMoves(b, 2, 34);
        case 38: return arrMoves(b, c, 0, 10);
        case 39: return arrMoves(b, c, 0, 14);
        case 40: return scaled(b, 19);
        case 41: return scaled(b, 21);
        default: return 0;
        }
    }

    static void tryRun(String what, int which) {
        count = 0;
        try {
            System.out.println(what + " = " + run(which) + " count=" + count);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println(what + " AIOOBE " + e.getMessage() + " count=" + count);
        } catch (NullPointerException e) {
            System.out.println(what + " NPE count=" + count);
        }
    }

    public static void main(String[] args) {
        b = bytes(40);
        c = bytes(12);
        ia = new int[12];
        for (int i = 0; i < ia.length; i++) ia[i] = i * i - 7;
        /* warm up (the JIT compiles the loops) */
        long w = 0;
        for (int k = 0; k < 3000; k++) {
            w += sum16(b, k & 7, 20) + sum16Le(b, 2, 0, 30) + sum16Step(b, 1, 30, 3) + sum16Plain(b, 39)
               + sum32(b, 4, 32) + sumPair(ia, k & 3) + sumTwo(b, c, 5, 11) + sumLen(c, 0)
               + offMoves(b, 1, 20) + nMoves(b, 2, 10) + arrMoves(b, c, 0, 10) + scaled(b, 19);
        }
        System.out.println("warm " + w);
        tryRun("in-bounds", 0);
        tryRun("in-bounds-odd-n", 1);
        tryRun("exact-end", 2);
        tryRun("last-out", 3);
        tryRun("last-out-odd", 4);
        tryRun("far-out", 5);
        tryRun("negative-off", 6);
        tryRun("negative-off-ok", 7);
        tryRun("negative-off-fail", 8);
        tryRun("negative-start-i", 9);
        tryRun("le-exact", 10);
        tryRun("le-out", 11);
        tryRun("null", 12);
        tryRun("null-no-iteration", 13);
        tryRun("empty", 14);
        tryRun("overflow-off", 15);
        tryRun("overflow-off-big-n", 16);
        tryRun("overflow-i", 17);
        tryRun("min-off", 18);
        tryRun("n-max", 19);
        tryRun("step-local", 20);
        tryRun("step-local-out", 21);
        tryRun("plain", 22);
        tryRun("plain-out", 23);
        tryRun("sum32", 24);
        tryRun("sum32-out", 25);
        tryRun("pair", 26);
        tryRun("pair-out", 27);
        tryRun("two", 28);
        tryRun("two-out-c", 29);
        tryRun("two-out-b", 30);
        tryRun("two-null-c", 31);
        tryRun("len", 32);
        tryRun("len-out", 33);
        tryRun("off-moves", 34);
        tryRun("off-moves-out", 35);
        tryRun("n-moves", 36);
        tryRun("n-moves-out", 37);
        tryRun("arr-moves", 38);
        tryRun("arr-moves-out", 39);
        tryRun("scaled", 40);
        tryRun("scaled-out", 41);
    }
}
