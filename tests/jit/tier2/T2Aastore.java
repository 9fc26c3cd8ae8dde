/** Tier 2, aastore (no switch: before t5 a method with one kept the
 *  baseline's code): null, the component class exactly, a subclass and an
 *  interface's implementation (jit_rt_instanceof), Object[], and the
 *  failing stores: ArrayStoreException, a null array, an index out of
 *  bounds, each thrown from tier-2 code and caught by the caller. */
public class T2Aastore {
    interface Shape { int area(); }
    static class Sq implements Shape { final int s; Sq(int s) { this.s = s; } public int area() { return s * s; } }
    static final class Big extends Sq { Big(int s) { super(s + 100); } }
    static int fill(Object[] a, Object v, int n) {
        int k = 0;
        for (int i = 0; i < n; i++) { a[i] = (i & 3) == 0 ? null : v; k += a[i] == null ? 1 : 2; }
        return k;
    }
    static int put(Object[] a, int i, Object v) { a[i] = v; return i; }
    static int shapes(Shape[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) { a[i % a.length] = (i & 1) == 0 ? new Sq(i) : new Big(i); s += a[i % a.length].area(); }
        return s;
    }
    public static void main(String[] args) {
        long h = 0;
        for (int rep = 0; rep < 200; rep++) {
            h = h * 31 + fill(new Object[64], "x", 64);
            h = h * 31 + fill(new String[64], "y", 64);
            h = h * 31 + fill(new Sq[64], new Big(rep), 64);
            h = h * 31 + fill(new Shape[64], new Sq(rep), 64);
            h = h * 31 + shapes(new Sq[7], 50);
            h = h * 31 + shapes(new Shape[5], 50);
        }
        System.out.println("hash " + h);
        Object[][] bad = { new String[2], new Sq[2], new Big[2], new Integer[2] };
        Object[] vals = { "s", new Sq(1), new Big(2), 5, null };
        for (Object[] a : bad)
            for (Object v : vals) {
                try { System.out.println(a.getClass().getName() + " <- " + put(a, 1, v)); }
                catch (ArrayStoreException e) { System.out.println("ASE " + e.getMessage()); }
            }
        try { put(null, 0, "z"); } catch (NullPointerException e) { System.out.println("NPE"); }
        try { put(new Object[3], 3, "z"); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("AIOOBE " + e.getMessage()); }
        try { put(new String[3], -1, 7); } catch (RuntimeException e) { System.out.println(e.getClass().getName() + " " + e.getMessage()); }
    }
}
