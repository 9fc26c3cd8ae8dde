/** An invoke on a null receiver throws NullPointerException without
 *  calling anything: no tick (the interpreter checks the receiver before
 *  do_call's tick; the baseline JIT's C helper jit_rt_invoke once ticked
 *  first).  Reduced from tests/jit/tier2/T2Guard.java.  Virtual (vtable,
 *  inline cache), interface, final and inlinable callees, in a loop. */
public class InvokeNull {
    interface Bumper { int bump(int k); }
    static class Counter implements Bumper {
        int n;
        public int bump(int k) { n += k; return n & 1023; }
        int get() { return n; }
        final int fin(int k) { n ^= k; return n; }
    }
    static int virt(Counter c, int k) { return c.bump(k); }
    static int iface(Bumper b, int k) { return b.bump(k); }
    static int getter(Counter c) { return c.get(); }
    static int fin(Counter c, int k) { return c.fin(k); }
    public static void main(String[] args) {
        Counter live = new Counter();
        int s = 0, npe = 0;
        for (int i = 0; i < 200; i++) {
            Counter c = (i & 3) == 0 ? null : live;
            try { s += virt(c, i); } catch (NullPointerException e) { npe++; }
            try { s += iface(c, i); } catch (NullPointerException e) { npe++; }
            try { s += getter(c); } catch (NullPointerException e) { npe++; }
            try { s += fin(c, i); } catch (NullPointerException e) { npe++; }
        }
        System.out.println(s + " " + npe);
    }
}
