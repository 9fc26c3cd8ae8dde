// Seed for fuzz_verify_run: throw/catch, finally, nested handlers,
// rethrow, exceptions from the runtime (division, null, cast), a
// synchronized block, a user exception thrown across calls.
public class VrExceptions {
    static int depth(int n) {
        if (n == 0) throw new RuntimeException("bottom");
        try { return depth(n - 1) + 1; } finally { n++; }
    }
    static int runtime(int k) {
        int r = 0;
        try { r = 10 / k; } catch (ArithmeticException e) { r = -1; }
        try { Object o = null; if (k < 5) o.hashCode(); } catch (NullPointerException e) { r += 2; }
        try { Object o = "s"; Integer i = (Integer) o; r += i; } catch (ClassCastException e) { r += 4; }
        return r;
    }
    static int nested(int k) {
        int r = 0;
        try {
            try {
                if (k > 0) throw new IllegalArgumentException("k");
                r = 1;
            } catch (IllegalArgumentException e) {
                r = 2;
                throw new IllegalStateException("again", e);
            } finally {
                r += 10;
            }
        } catch (IllegalStateException e) {
            r += e.getCause() != null ? 100 : 0;
        }
        return r;
    }
    static int sync(Object lock, int k) {
        synchronized (lock) {
            if (k == 3) throw new UnsupportedOperationException();
            return k;
        }
    }
    public static void main(String[] args) {
        int r = 0;
        try { depth(20); } catch (RuntimeException e) { r = e.getMessage().length(); }
        r += runtime(0) + runtime(7) + nested(1) + nested(0) + sync(new Object(), 1);
        try { sync("x", 3); } catch (UnsupportedOperationException e) { r++; }
        if (r == 0) throw new Error("unreachable");
    }
}
