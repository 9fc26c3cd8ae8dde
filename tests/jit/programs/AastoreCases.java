// aastore through the JIT's inline path (AASTORE): null values, values of
// exactly the component class, any value into Object[], and everything
// else through the helper: subclasses, interface and array components,
// ArrayStoreException (also through an Object[] alias), null arrays and
// bad indexes, in loops with the exception caught inside.
import java.util.*;

public class AastoreCases {
    static class Base { int v; Base(int v) { this.v = v; } }
    static class Derived extends Base { Derived(int v) { super(v); } }
    static final class Leaf extends Derived { Leaf(int v) { super(v); } }

    static int sum(Base[] a) {
        int s = 0;
        for (Base b : a) s = s * 31 + (b == null ? -1 : b.v);
        return s;
    }

    static void store(Object[] a, int i, Object v) { a[i] = v; }

    public static void main(String[] args) {
        Base[] bs = new Base[8];
        Derived[] ds = new Derived[8];
        Object[] os = new Object[8];
        Comparable[] cs = new Comparable[4];
        Runnable[] rs = new Runnable[2];
        int[][] ii = new int[3][];
        Object[][] oo = new Object[2][];
        Object[] alias = new String[3];
        long acc = 0;
        for (int r = 0; r < 50; r++) {
            for (int i = 0; i < 8; i++) {
                bs[i] = (i % 3 == 0) ? new Base(i) : (i % 3 == 1 ? new Derived(i) : new Leaf(i));
                ds[i] = (i & 1) == 0 ? new Derived(i + r) : new Leaf(-i);
                os[i] = i % 4 == 0 ? "s" + i : i % 4 == 1 ? Integer.valueOf(i) : i % 4 == 2 ? null : bs[i];
                if (i == 5) bs[i] = null;
            }
            acc = acc * 7 + sum(bs) + sum(ds);
            for (Object o : os) acc += o == null ? 3 : (o instanceof Base ? ((Base) o).v : o.hashCode()) & 0xff;
            cs[r & 3] = (r & 1) == 0 ? "c" + r : (Comparable) Integer.valueOf(r);
            rs[r & 1] = new Runnable() { public void run() { } };
            ii[r % 3] = new int[r % 5];
            oo[r & 1] = (r & 2) == 0 ? new String[1] : new Object[2];
            for (int k = 0; k < 6; k++) {
                try {
                    switch (k) {
                    case 0: store(alias, r % 3, "ok" + r); break;
                    case 1: store(alias, 0, Integer.valueOf(r)); break;       // ArrayStoreException
                    case 2: store(alias, 3, "x"); break;                     // index
                    case 3: store(null, 0, "x"); break;                      // null array
                    case 4: store(ds, 1, new Base(1)); break;                // ArrayStoreException
                    default: store(oo, 0, new int[1]); break;                // ArrayStoreException
                    }
                    acc += k;
                } catch (ArrayStoreException e) {
                    acc += 100 + k;
                    if (r == 0) System.out.println("k" + k + ": " + e);
                } catch (ArrayIndexOutOfBoundsException e) {
                    acc += 200 + k;
                    if (r == 0) System.out.println("k" + k + ": " + e.getMessage());
                } catch (NullPointerException e) {
                    acc += 300 + k;
                    if (r == 0) System.out.println("k" + k + ": NPE");
                }
            }
            bs[r & 7] = null;
            os[(r + 1) & 7] = null;
        }
        System.out.println(acc + " " + sum(bs) + " " + Arrays.toString(alias) + " " + ii[1].length
                           + " " + oo[1].getClass().getSimpleName() + " " + cs[2] + " " + (rs[0] != null));
        String[] ss = new String[1000];
        for (int i = 0; i < ss.length; i++) ss[i] = i % 7 == 0 ? null : Integer.toString(i);
        Object[] copy = new Object[ss.length];
        for (int i = 0; i < ss.length; i++) copy[ss.length - 1 - i] = ss[i];
        int n = 0;
        for (Object o : copy) n += o == null ? 1 : ((String) o).length();
        System.out.println(n);
    }
}
