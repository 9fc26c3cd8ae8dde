/* CachedLocals.java - locals kept in registers (REGCACHE/ACACHE) and the
 * virtual operand stack (COMBINEOP/COMBINELD) under exceptions, handlers
 * inside loops, GC while references live only in cached locals, locals
 * reused with different types, and operand-stack shapes that alias locals.
 * Run by tests/jit/opts.sh with a small heap.
 * jitopts: -Xmx4m */
public class CachedLocals {
    int f; long lf; byte bf; char cf; short sf; boolean zf; float ff; double df; CachedLocals next;

    static int handlerInLoop(int n) {
        int ok = 0, caught = 0, last = -1;
        int[] a = new int[4];
        for (int i = 0; i < n; i++) {
            try {
                if (i % 3 == 0) throw new IllegalStateException("i=" + i);
                a[i % 5] += i;           /* AIOOBE when i % 5 == 4 */
                ok += i;
            } catch (IllegalStateException e) {
                caught += i;
                last = i;
            } catch (ArrayIndexOutOfBoundsException e) {
                caught -= 1;
            }
        }
        return ok * 1000 + caught * 10 + last + a[1] + a[2] + a[3];
    }

    static int gcLoop(int n) {
        /* the chain is reachable only through the cached locals */
        int[] keep = new int[8];
        Object head = null;
        int made = 0;
        for (int i = 0; i < n; i++) {
            byte[] junk = new byte[1024];
            junk[i & 1023] = (byte) i;
            Object[] cell = new Object[] { head, junk };
            head = cell;
            if ((i & 63) == 63) head = null;   /* let most of it go */
            keep[i & 7] += junk[i & 1023];
            made++;
        }
        int len = 0;
        for (Object p = head; p != null; p = ((Object[]) p)[0]) len++;
        return made * 100 + len + keep[3];
    }

    static String typeReuse(int n) {
        long total = 0;
        {
            int a = n, b = n * 2;
            for (int i = 0; i < n; i++) { a += i; b ^= a; }
            total += a + b;
        }
        {
            long a = n;
            double b = 0.5;
            for (int i = 0; i < n; i++) { a += i * 3L; b *= 1.5; }
            total += a + (long) b;
        }
        {
            Object a = "x" + n;
            String b = "y";
            for (int i = 0; i < 3; i++) b = b + a;
            total += b.length();
        }
        return "typeReuse " + total;
    }

    static int stackShapes(int x, int y) {
        int[] a = { 5, 6, 7, 8 };
        int i = 0;
        int r = a[i++] + a[i++] * 10;             /* iload i; iinc i */
        r += (i = i + 1) * 100;                   /* dup; istore */
        int t = x; x = y; y = t;                  /* swap through a temp */
        r += x - y;
        a[i - 1]++;                               /* dup2 */
        r += a[2] << 3 >> 1 >>> 1;
        r += (byte) (x * 77) + (char) (y * -3) + (short) (x * 100000);
        r += x > y ? x : y;                       /* join with an operand on the stack */
        r = r * 31 + (x < 0 ? -x : x) % 7;
        r += Math.max(x, y) + (x == y ? 1 : 0);
        return r;
    }

    static int fields(CachedLocals o, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            o.f += i;
            o.lf += o.f;
            o.bf = (byte) (o.bf + 3);
            o.cf = (char) (o.cf + 7);
            o.sf = (short) (o.sf - 11);
            o.zf = !o.zf;
            o.ff += 0.25f;
            o.df += 0.5;
            s += o.f + o.bf + o.cf + o.sf + (o.zf ? 1 : 0) + (int) o.ff + (int) o.df + (int) o.lf;
            if (o.next != null) s += o.next.f;
        }
        return s;
    }

    static int npeInLoop(CachedLocals o, int n) {
        int s = 0, i = 0;
        try {
            for (i = 0; i < n; i++) {
                s += o.f;
                if (i == 3) o = o.next;          /* next is null: NPE on the next round */
            }
        } catch (NullPointerException e) {
            return s * 100 + i;
        }
        return -1;
    }

    static int divInLoop(int[] d) {
        int s = 0, i = 0;
        try {
            for (i = 0; i < d.length; i++) s += 1000 / d[i];
        } catch (ArithmeticException e) {
            return s * 10 + i;
        }
        return s;
    }

    static int constIndex(byte[] p) {
        return ((p[0] & 0xff) << 24 | (p[1] & 0xff) << 16 | (p[2] & 0xff) << 8 | (p[3] & 0xff)) ^ p[p.length - 1];
    }

    static long sieve(int size) {
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

    public static void main(String[] args) {
        System.out.println("handlerInLoop " + handlerInLoop(20) + " " + handlerInLoop(1));
        System.out.println("gcLoop " + gcLoop(5000));
        System.out.println(typeReuse(10));
        System.out.println("stackShapes " + stackShapes(3, -9) + " " + stackShapes(-100000, 7));
        CachedLocals o = new CachedLocals();
        o.next = new CachedLocals();
        o.next.f = 5;
        System.out.println("fields " + fields(o, 50) + " " + o.f + " " + o.lf + " " + o.bf + " " + (int) o.cf + " " + o.sf + " " + o.zf + " " + o.ff + " " + o.df);
        System.out.println("npeInLoop " + npeInLoop(o, 10));
        System.out.println("divInLoop " + divInLoop(new int[] { 1, 2, 3, 0, 5 }) + " " + divInLoop(new int[] { 7, 9 }));
        System.out.println("constIndex " + constIndex(new byte[] { 1, (byte) 0x82, 3, (byte) 0xf4, 9 }));
        try { constIndex(new byte[] { 1, 2 }); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("constIndex " + e.getMessage()); }
        try { constIndex(null); } catch (NullPointerException e) { System.out.println("constIndex NPE"); }
        System.out.println("sieve " + sieve(8192) + " " + sieve(1) + " " + sieve(0));
    }
}
