// dup2 on the JIT's virtual stack (DUP2, jit_fastops.c): a[i]++ and
// a[i] += v on int, long, byte, char, short and float arrays, with the
// index a local, a constant, a register value (a[f(x)]++), a local
// changed in the same expression (a[i++] += 2, iinc after the push), a
// call in the right-hand side (the stack flushed between dup2 and the
// store), chained long assignments (a = b = x * 3: dup2 of a long), a
// long on a register dup2'ed, and exceptions (index out of bounds, null
// array) thrown between dup2 and the store.
public class Dup2Cases {
    static int f(int x) { return (x * 7) & 15; }
    static long g(long x) { return x ^ (x >>> 7); }
    static long sink;

    static int ints(int n) {
        int[] a = new int[16];
        byte[] bs = new byte[16];
        char[] cs = new char[16];
        short[] ss = new short[16];
        float[] fs = new float[16];
        for (int i = 0; i < n; i++) {
            int k = i & 15;
            a[k]++;
            a[f(i)] += i;
            a[3] += k;
            bs[k] += 3;
            cs[f(k)]++;
            ss[k] -= 5;
            fs[k] += 0.5f;
            a[k] += f(i + 1);
            int j = k;
            a[j++] += 2;
            a[j & 15] ^= j;
        }
        int h = 0;
        for (int i = 0; i < 16; i++) h = h * 31 + a[i] + bs[i] * 3 + cs[i] * 5 + ss[i] * 7 + (int) fs[i];
        return h;
    }

    static long longs(int n) {
        long[] a = new long[8];
        long x = 1, y = 2, z;
        for (int i = 0; i < n; i++) {
            int k = i & 7;
            a[k]++;
            a[k] += x;
            a[(k + 1) & 7] -= g(x);
            a[7] *= 3;
            x = y = x * 6364136223846793005L + i;
            z = y = g(y) + 1;
            sink = sink + z;
            y += z;
            a[k] += y;
        }
        long h = 0;
        for (long v : a) h = h * 31 + v;
        return h + x + y;
    }

    public static void main(String[] args) {
        System.out.println("ints " + ints(100000));
        System.out.println("longs " + longs(100000) + " " + sink);
        int[] a = new int[4];
        long[] la = new long[4];
        int k = 4;
        try {
            a[k]++;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE int " + e.getMessage());
        }
        try {
            la[k - 5] += 7;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("AIOOBE long " + e.getMessage());
        }
        la = null;
        try {
            la[1]++;
        } catch (NullPointerException e) {
            System.out.println("NPE long");
        }
        System.out.println(a[0] + a[3]);
    }
}
