/** Tier 2, virtual calls inlined behind a dispatch guard (-Xjit:tier2,-guard):
 *  the receiver is the base class, a subclass that inherits the method
 *  (the guard holds), one that overrides it, loaded only after run() and
 *  once() were compiled (made in Late.make: its class is resolved when that
 *  method is compiled; the guard fails: the code leaves, the interpreter calls the
 *  override), and null (the interpreter throws NullPointerException at
 *  the call). */
public class T2Guard {
    static class Counter {
        int n;
        int bump(int k) { n += k; return n & 1023; }
    }
    static class Same extends Counter { int extra; }
    static class Twice extends Counter {
        @Override int bump(int k) { n += 2 * k; return -(n & 511); }
    }
    static long run(Counter c, int iters) {
        long s = 0;
        for (int i = 0; i < iters; i++) s += c.bump(i & 15);
        return s + c.n;
    }
    static int once(Counter c) { return c.bump(3); }
    /* (in a class of its own, and through Object: neither the verifier of
     * T2Guard nor main's compile loads Twice) */
    static final class Late {
        static Counter make() { Object o = new Twice(); return (Counter) o; }
    }
    public static void main(String[] args) {
        long h = 0;
        Counter[] cs = { new Counter(), new Same(), new Counter(), null, new Same(), null };
        for (int rep = 0; rep < 20; rep++) {
            if (rep == 5) { cs[3] = Late.make(); cs[5] = Late.make(); }
            for (Counter c : cs) if (c != null) h = h * 31 + run(c, 5000) + once(c);
        }
        System.out.println("hash " + h);
        try { run(null, 3); } catch (NullPointerException e) { System.out.println("NPE run"); }
        try { once(null); } catch (NullPointerException e) { System.out.println("NPE once"); }
    }
}
