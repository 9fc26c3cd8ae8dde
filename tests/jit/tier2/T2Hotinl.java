/** Hot call sites without profiles (t2_build.c, T2_O_HOTINL): a method
 *  without loops runs each of its call sites each time it runs, and a
 *  callee inlined at a hot site runs as often as that site, so callees
 *  over the 35-byte size are inlined there (up to 325 bytes); and branches
 *  whose taken side comes next in the code (t2_codegen.c, T2_O_JINV).
 *  The callees throw on bad input: the stack traces must name them. */
public class T2Hotinl {
    /* over 35 bytes of bytecode, with a loop */
    static int sum16(byte[] p, int off, int len) {
        int s = 0;
        for (int i = 0; i < len; i += 2) {
            s += ((p[off + i] & 0xff) << 8) | (p[off + i + 1] & 0xff);
        }
        while ((s >>> 16) != 0) {
            s = (s & 0xffff) + (s >>> 16);
        }
        return s;
    }

    /* loop-free: its call of sum16 is hot */
    static int check(byte[] p, int len) {
        if (p.length < len) {
            return -1;
        }
        int s = sum16(p, 0, len);
        return s == 0xffff ? 0 : s;
    }

    /* over 35 bytes, calls another: inlined into a loop, its call of
     * scale is hot too */
    static long step(long acc, int x) {
        int y = x * 3 + (x >>> 7);
        if ((y & 15) == 3) {
            y = -y;
        }
        long z = scale(acc, y);
        return z ^ (z >>> 29);
    }

    /* over 35 bytes too: inlined into step only where step is hot */
    static long scale(long acc, int y) {
        long t = acc * 6364136223846793005L + y;
        if (t < 0) {
            t = -t;
        }
        if ((y & 1) != 0) {
            t += y * 1442695040888963407L;
        }
        return t % 1000003 + (t >>> 40);
    }

    /* step's call site is in a loop: hot */
    static long drive(long h, int n) {
        for (int r = 0; r < n; r++) {
            h = step(h, r);
        }
        return h;
    }

    /* one callee at two sites: inlined at both */
    static int mix(int x) {
        return (x ^ (x >>> 5)) * 31;
    }

    static int pairs(int[] a) {
        int s = 0;
        for (int i = 0; i + 1 < a.length; i += 2) {
            s += mix(a[i]) - mix(a[i + 1]);
        }
        return s;
    }

    /* a callee with floats (outside the code generator's subset) stays a
     * call: its caller still runs tier-2 code */
    static int half(int x) {
        float f = x * 0.5f;
        return (int) f;
    }

    static int halves(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += half(a[i]);
        }
        return s;
    }

    /* bastore into a byte[] parameter: no boolean[] test (-bytes) */
    static void stamp(byte[] p, int r) {
        for (int i = 0; i < p.length; i++) {
            p[i] = (byte) (r * 31 + i * 7);
        }
    }

    /* bastore into an element of a byte[][] parameter (-bytes) */
    static int stampAll(byte[][] ring, int r) {
        int n = 0;
        for (int k = 0; k < ring.length; k++) {
            byte[] p = ring[k];
            for (int i = 0; i < p.length; i++) {
                p[i] = (byte) (r + k * i);
                n += p[i];
            }
        }
        return n;
    }

    /* bastore into a boolean[]: the test stays */
    static int flags(boolean[] f, int r) {
        int n = 0;
        for (int i = 0; i < f.length; i++) {
            f[i] = ((r >> (i & 7)) & 1) != 0;
            if (f[i]) n++;
        }
        return n;
    }

    /* a search loop that leaves on a match (jinv: the compare's taken side
     * is the next block) */
    static int find(int[] a, int key) {
        int i = 0;
        while (true) {
            if (i == a.length) {
                return -1;
            }
            if (a[i] == key) {
                break;
            }
            i++;
        }
        return i;
    }

    public static void main(String[] args) {
        byte[] p = new byte[40];
        long h = 0;
        for (int r = 0; r < 3000; r++) {
            stamp(p, r);
            h = h * 31 + check(p, 20 + (r & 15) * 2);
            h = drive(h, r & 7);
        }
        int[] a = new int[64];
        for (int i = 0; i < a.length; i++) a[i] = i * i % 97;
        for (int k = 0; k < 200; k++) h = h * 7 + find(a, k) + pairs(a) + halves(a);
        byte[][] ring = new byte[5][];
        for (int k = 0; k < ring.length; k++) ring[k] = new byte[3 + k * 7];
        for (int r = 0; r < 300; r++) h = h * 5 + stampAll(ring, r);
        boolean[] f = new boolean[11];
        for (int r = 0; r < 300; r++) h = h * 3 + flags(f, r);
        System.out.println("h " + h);
        try {
            System.out.println(check(p, 44));
        } catch (RuntimeException e) {
            System.out.println("check(p, 44): " + e.getClass().getName());
        }
        try {
            System.out.println(check(null, 4));
        } catch (NullPointerException e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("check(null, 4): NullPointerException at " + st[0].getMethodName());
        }
        try {
            System.out.println(sum16(p, 30, 12));
        } catch (ArrayIndexOutOfBoundsException e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("sum16(p, 30, 12): " + e.getClass().getName() + " at " + st[0].getMethodName() + " < " + st[1].getMethodName());
        }
    }
}
