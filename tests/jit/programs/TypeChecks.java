// checkcast and instanceof through the JIT's inline paths (TYPECHECK,
// src/jit/jit_typecheck.c): null, the exact class, subclasses two levels
// down (the superclass walk), a final target, Object, classes that are not
// subclasses (instanceof 0 inline, checkcast's ClassCastException from the
// helper, caught in a loop), interface and array targets (the helper), an
// array object against a class target, and casts of values that live in
// cached locals across the helper's call.
import java.util.*;

public class TypeChecks {
    static class Base { int v; Base(int v) { this.v = v; } }
    static class Mid extends Base { Mid(int v) { super(v); } }
    static class Leaf extends Mid { Leaf(int v) { super(v); } }
    static final class Fin extends Base { Fin(int v) { super(v); } }
    static class Other implements Runnable { public void run() { } }
    interface Shape { int area(); }
    static class Sq extends Leaf implements Shape { Sq(int v) { super(v); } public int area() { return v * v; } }

    static int casts(Object[] objs) {
        int ok = 0, cce = 0;
        for (int r = 0; r < 50; r++) {
            for (Object o : objs) {
                try { Base b = (Base) o; ok += b == null ? 1 : b.v; } catch (ClassCastException e) { cce++; }
                try { Mid m = (Mid) o; ok += m == null ? 2 : m.v * 3; } catch (ClassCastException e) { cce += 10; }
                try { Leaf l = (Leaf) o; ok += l == null ? 3 : l.v * 5; } catch (ClassCastException e) { cce += 100; }
                try { Fin f = (Fin) o; ok += f == null ? 4 : f.v * 7; } catch (ClassCastException e) { cce += 1000; }
                try { Shape s = (Shape) o; ok += s == null ? 5 : s.area(); } catch (ClassCastException e) { cce += 10000; }
                try { Object[] a = (Object[]) o; ok += a == null ? 6 : a.length; } catch (ClassCastException e) { cce += 100000; }
                try { String s = (String) o; ok += s == null ? 8 : s.length(); } catch (ClassCastException e) { cce += 1000000; }
                try { Number n = (Number) o; ok += n == null ? 9 : n.intValue(); } catch (ClassCastException e) { cce += 3; }
            }
        }
        return ok * 31 + cce;
    }

    static int tests(Object[] objs) {
        int bits = 0, h = 0;
        for (int r = 0; r < 50; r++) {
            for (Object o : objs) {
                bits = 0;
                if (o instanceof Base) bits |= 1;
                if (o instanceof Mid) bits |= 2;
                if (o instanceof Leaf) bits |= 4;
                if (o instanceof Fin) bits |= 8;
                if (o instanceof Shape) bits |= 16;
                if (o instanceof Object[]) bits |= 32;
                if (o instanceof String[]) bits |= 64;
                if (o instanceof Runnable) bits |= 128;
                if (o instanceof Object) bits |= 256;
                if (o instanceof Number) bits |= 512;
                if (o instanceof Integer) bits |= 1024;
                if (o instanceof int[]) bits |= 2048;
                h = h * 17 + bits;
            }
        }
        return h;
    }

    // a checkcast whose value and a loop counter are in cached locals when the
    // helper throws: the handler must see both
    static int castLoop(Object[] objs) {
        int n = 0;
        Object last = null;
        for (int i = 0; i < objs.length * 3; i++) {
            Object o = objs[i % objs.length];
            try {
                Leaf l = (Leaf) o;
                last = l;
                n += 2;
            } catch (ClassCastException e) {
                n += i;
            }
        }
        return n + (last == null ? 0 : ((Base) last).v);
    }

    public static void main(String[] args) {
        Object[] objs = { null, new Base(1), new Mid(2), new Leaf(3), new Fin(4), new Sq(5),
                          new Other(), "str", new Object[3], new String[2], new int[4],
                          Integer.valueOf(6), Long.valueOf(7L), new Object() };
        System.out.println("casts " + casts(objs));
        System.out.println("tests " + tests(objs));
        System.out.println("loop " + castLoop(objs));
        // a HashMap's values and keys, as in ordinary code
        Map<Long, Base> m = new HashMap<>();
        for (long k = 0; k < 2000; k++) m.put(k, (k & 1) == 0 ? new Leaf((int) k) : new Base((int) k));
        long s = 0;
        for (long k = 0; k < 4000; k++) { Base b = m.get(k); if (b instanceof Leaf) s += b.v; else if (b != null) s -= 1; }
        System.out.println("map " + s);
        try {
            Object o = "x";
            Integer i = (Integer) o;
            System.out.println("no exception " + i);
        } catch (ClassCastException e) {
            System.out.println("cce " + e.getClass().getName());
        }
    }
}
