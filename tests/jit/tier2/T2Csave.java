/** Tier 2, calls saving only the caller-saved registers live across them
 *  (-Xjit:tier2,-csave): values live across a call (in registers the
 *  callee clobbers), values dead after it, allocations (the collector
 *  runs: references in the frame), an exception through a call. */
public class T2Csave {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static int[] mk(int n) { return new int[n & 15]; }
    static long mix(int a, int b, int c, int d) {
        long s = 0;
        for (int i = 0; i < 2000; i++) {
            int x = a + i, y = b ^ i, z = c * i, w = d - i;
            int f = fib(i & 7);                  /* x, y, z, w live across */
            int l = mk(i).length;                /* an allocation in the callee */
            s += x + y + z + w + f + l;
            a += f; b ^= f;
        }
        return s + a + b;
    }
    static int thrower(int i) { if (i == 77) throw new IllegalStateException("at " + i); return i; }
    static long through(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += thrower(i) * 3L + i;
        return s;
    }
    static long alloc(int n) {
        long s = 0;
        int[] keep = new int[4];
        for (int i = 0; i < n; i++) {
            int[] a = new int[(i & 63) + 1];     /* the collector runs: keep is in the frame */
            a[0] = i;
            keep[i & 3] += a[0] + a.length;
            s += keep[(i + 1) & 3];
        }
        return s;
    }
    public static void main(String[] args) {
        System.out.println("alloc " + alloc(300000));
        long h = 0;
        for (int rep = 0; rep < 30; rep++) h = h * 31 + mix(rep, rep * 7, rep * 13, rep * 17);
        System.out.println("hash " + h);
        System.out.println(through(50));
        try { System.out.println(through(100)); } catch (IllegalStateException e) { System.out.println("ISE " + e.getMessage()); }
    }
}
