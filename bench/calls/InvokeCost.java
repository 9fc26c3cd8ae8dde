// InvokeCost: the cost of one invocation from compiled code, per kind of
// call (bench/calls.sh runs it; see bench/README.md).  Each loop makes 8
// calls per iteration; the best of TRIALS (41) short runs (~1 ms each, so
// that the best one is likely not preempted on a loaded machine), minus
// the best empty loop, divided by the number of calls, is printed as
// `kind ns_per_call`.  The
// callees are trivial: with inlining/nullify on, the inlinable ones vanish;
// bench/calls.sh also runs with -Xjit:-inlining,-nullify to get the cost
// of the call itself.
interface ICost {
    int m1(int x);
}

class CostA implements ICost {
    int k = 1;
    public int m1(int x) { return x + k; }
    int v1(int x) { return x + k; }
    int get() { return k; }
}

class CostB extends CostA {
    public int m1(int x) { return x - k; }
    int v1(int x) { return x - k; }
}

public class InvokeCost {
    static final int TRIALS = 41;
    static int sink;

    static int s1(int a) { return a + 1; }
    static void sv() { }

    static long empty(int n) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) { a += i; }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static long opStatic(int n) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            a = s1(a); a = s1(a); a = s1(a); a = s1(a);
            a = s1(a); a = s1(a); a = s1(a); a = s1(a);
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static long opStaticVoid(int n) {
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            sv(); sv(); sv(); sv(); sv(); sv(); sv(); sv();
        }
        return System.nanoTime() - t0;
    }

    static long opVirtual(int n, CostA o) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            a = o.v1(a); a = o.v1(a); a = o.v1(a); a = o.v1(a);
            a = o.v1(a); a = o.v1(a); a = o.v1(a); a = o.v1(a);
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static long opGetter(int n, CostA o) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            a += o.get(); a += o.get(); a += o.get(); a += o.get();
            a += o.get(); a += o.get(); a += o.get(); a += o.get();
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static long opInterface(int n, ICost o) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            a = o.m1(a); a = o.m1(a); a = o.m1(a); a = o.m1(a);
            a = o.m1(a); a = o.m1(a); a = o.m1(a); a = o.m1(a);
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    /* two receiver classes alternating at each site: the cache misses */
    static long opInterfacePoly(int n, ICost p, ICost q) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            ICost o = (i & 1) == 0 ? p : q;
            a = o.m1(a); a = o.m1(a); a = o.m1(a); a = o.m1(a);
            a = o.m1(a); a = o.m1(a); a = o.m1(a); a = o.m1(a);
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static long opNative(int n) {
        int a = 0;
        float f = 1.5f;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            a += Float.floatToRawIntBits(f); a += Float.floatToRawIntBits(f);
            a += Float.floatToRawIntBits(f); a += Float.floatToRawIntBits(f);
            a += Float.floatToRawIntBits(f); a += Float.floatToRawIntBits(f);
            a += Float.floatToRawIntBits(f); a += Float.floatToRawIntBits(f);
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static long opNanoTime(int n) {
        long a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            a += System.nanoTime(); a += System.nanoTime(); a += System.nanoTime(); a += System.nanoTime();
            a += System.nanoTime(); a += System.nanoTime(); a += System.nanoTime(); a += System.nanoTime();
        }
        long t1 = System.nanoTime();
        sink += (int) a;
        return t1 - t0;
    }

    static long run(int op, int n) {
        CostA a = new CostA();
        CostB b = new CostB();
        switch (op) {
        case 0: return opStatic(n);
        case 1: return opStaticVoid(n);
        case 2: return opVirtual(n, a);
        case 3: return opGetter(n, a);
        case 4: return opInterface(n, a);
        case 5: return opInterfacePoly(n, a, b);
        case 6: return opNative(n);
        case 7: return opNanoTime(n);
        default: return empty(n);
        }
    }

    static final String[] NAMES = { "static", "static_void", "virtual_mono", "getter_virtual",
        "interface_mono", "interface_poly2", "native_static", "native_nanotime" };

    static long best(int op, int n) {
        long b = Long.MAX_VALUE;
        for (int r = 0; r < TRIALS; r++) {
            long t = run(op, n);
            if (t < b) b = t;
        }
        return b;
    }

    static String ps(long psec) {
        if (psec < 0) psec = 0;
        long ns = psec / 1000, frac = (psec % 1000) / 10;
        return ns + "." + (frac < 10 ? "0" : "") + frac;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        for (int op = 0; op <= NAMES.length; op++) run(op, n / 10 + 1);
        long e = best(NAMES.length, n);
        for (int op = 0; op < NAMES.length; op++) {
            long t = best(op, n) - e;
            System.out.println(NAMES[op] + " " + ps(t * 1000 / (8L * n)));
        }
    }
}
