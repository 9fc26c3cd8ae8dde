// JitLoops.java - loop and arithmetic shapes for the optimizing JIT
// (tests/unit/test_jit_compile.c, test_loop_opts): each method runs
// interpreted and compiled with every optimization on, all off, and each
// of regcache/combineop/combineld/acache/object/bce off alone.
public class JitLoops {
    int f; byte b; JitLoops next;

    static int sieve(int size) {
        boolean[] flags = new boolean[size];
        int count = 0;
        for (int i = 0; i < size; i++) flags[i] = true;
        for (int i = 0; i < size; i++) {
            if (flags[i]) {
                int prime = i + i + 3;
                for (int k = i + prime; k < size; k += prime) flags[k] = false;
                count++;
            }
        }
        return count;
    }

    /* versioned loop from a to n step s over an array of len: the check
     * fails (AIOOBE at the exact iteration) or passes */
    static int fill(int a, int n, int s) {
        int[] x = new int[10];
        int sum = 0;
        try {
            for (int i = a; i < n; i += s) { x[i] = i + 1; sum += i; }
        } catch (ArrayIndexOutOfBoundsException e) {
            sum = -sum - 1000;
        }
        for (int i = 0; i < x.length; i++) sum = sum * 3 + x[i];
        return sum;
    }

    static int fillLe(int n) {
        byte[] x = new byte[8];
        int c = 0;
        try {
            for (int i = 0; i <= n; i++) { x[i] = (byte) (i * 37); c += x[i]; }
        } catch (ArrayIndexOutOfBoundsException e) {
            c += 100000;
        }
        return c;
    }

    static int arith(int x, int y) {
        int a = x * 7 + y, b = a - (y << 3), c = (a ^ b) & 0xffff | (b >>> 5);
        int d = (byte) c + (char) (c * 3) + (short) (b * -11) - (-a);
        int e = d >> 2;
        e += x;
        e -= y * 1000;
        return a + b + c + d + e + (x < y ? 1 : 2) + (a == b ? 3 : 5);
    }

    static int aliasing(int n) {
        int[] a = { 1, 2, 3, 4, 5, 6 };
        int i = 0, r = 0;
        while (i < n) { r += a[i++] * (i + 1); r ^= i = i + 1; }
        int t = r; r = i; i = t;
        return r * 31 + i;
    }

    static int fields(int n) {
        JitLoops o = new JitLoops();
        o.next = new JitLoops();
        int s = 0;
        for (int i = 0; i < n; i++) {
            o.f += i;
            o.b = (byte) (o.b + 5);
            o.next.f ^= o.f;
            s += o.b + o.next.f;
        }
        return s;
    }

    static int npe(int n) {
        JitLoops o = new JitLoops();
        o.next = new JitLoops();
        int s = 0;
        for (int i = 0; i < n; i++) { s += o.f + 1; o = o.next; }
        return s;
    }

    static int nullArray(int n) {
        int[] a = n > 100 ? new int[4] : null;
        int s = 0;
        for (int i = 0; i < n; i++) s += a[i];
        return s;
    }

    static int handlerInLoop(int n) {
        int ok = 0, bad = 0;
        int[] a = new int[5];
        for (int i = 0; i < n; i++) {
            try {
                a[i % 7] += i;
                ok += a[i % 7];
            } catch (ArrayIndexOutOfBoundsException e) {
                bad += i;
            }
        }
        return ok * 100 + bad;
    }

    static int gcInLoop(int n) {
        Object[] keep = new Object[4];
        int s = 0;
        for (int i = 0; i < n; i++) {
            int[] t = new int[256];
            t[i & 255] = i;
            keep[i & 3] = t;
            s += ((int[]) keep[(i + 1) & 3] == null ? 0 : 1) + t[i & 255];
        }
        return s;
    }
}
