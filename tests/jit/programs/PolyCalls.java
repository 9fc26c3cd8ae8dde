/*
 * Polymorphic call sites (PIC, jit_invoke.c): interface and virtual calls
 * whose receivers rotate over 2 to 7 classes (more than a site's cells:
 * eviction), classes first used after a site's cells are full, null
 * receivers (NullPointerException at the call), exceptions thrown through
 * the site, allocation (GC) in the callees, recursion through a
 * polymorphic site, a site with an abstract class's override chain, and
 * results of every kind (int, long, double, reference, void).
 * jitopts: -Xmx8m
 */
public class PolyCalls {
    interface Shape { int area(int k); long big(long x); double scale(double d); Object tag(); void bump(int[] c); }

    static abstract class Base implements Shape {
        public long big(long x) { return x * 3 + id(); }
        public double scale(double d) { return d * id(); }
        public Object tag() { return "b" + id(); }
        public void bump(int[] c) { c[id() % c.length]++; }
        abstract int id();
    }
    static final class A extends Base { public int area(int k) { return k + 1; } int id() { return 1; } }
    static final class B extends Base { public int area(int k) { return k * 2; } int id() { return 2; } }
    static class C extends Base { public int area(int k) { return k - 3; } int id() { return 3; } }
    static class D extends C { public int area(int k) { return k ^ 0x55; } int id() { return 4; } }
    static final class E extends D { public int area(int k) { return k << 2; } int id() { return 5; }
        public long big(long x) { return x - 77; } }
    static final class F extends Base { public int area(int k) { if (k == -999) throw new IllegalStateException("F" + k); return k % 7; } int id() { return 6; } }
    static final class G extends Base {
        public int area(int k) { int[] junk = new int[64 + (k & 63)]; junk[3] = k; return junk[3] + junk.length; }
        int id() { return 7; }
        public Object tag() { return new StringBuilder("g").append(id()).toString(); }
    }
    static final class R implements Shape {   // recursion through the site
        Shape next; final int depth;
        R(Shape next, int depth) { this.next = next; this.depth = depth; }
        public int area(int k) { return depth + (next == null ? k : next.area(k + 1)); }
        public long big(long x) { return x; }
        public double scale(double d) { return -d; }
        public Object tag() { return "r"; }
        public void bump(int[] c) { c[0] += 10; }
    }

    static long run(Shape[] s, int n) {
        long h = 17;
        int[] counts = new int[5];
        for (int i = 0; i < n; i++) {
            Shape x = s[i % s.length];
            h = h * 31 + x.area(i);
            h = h * 31 + x.big(i);
            h = h * 31 + (long) (x.scale(i + 0.5) * 4);
            h = h * 31 + x.tag().hashCode();
            x.bump(counts);
        }
        for (int c : counts) h = h * 31 + c;
        return h;
    }

    static int viaBase(Base[] s, int n) {       // invokevirtual of an abstract method
        int h = 0;
        for (int i = 0; i < n; i++) h = h * 17 + s[(i * 7) % s.length].id() + s[i % s.length].area(i);
        return h;
    }

    static String nulls(Shape[] s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length; i++) {
            try { sb.append(s[i].area(i)).append(','); }
            catch (NullPointerException e) { sb.append("npe,"); }
        }
        return sb.toString();
    }

    static String throwing(Shape[] s) {
        int ok = 0, bad = 0;
        for (int i = 0; i < 3000; i++) {
            try { ok += i % 1000 == 999 ? s[0].area(-999) : s[i % s.length].area(i); }
            catch (IllegalStateException e) { bad++; if (!e.getMessage().equals("F-999")) return "wrong " + e.getMessage(); }
        }
        return ok + "/" + bad;
    }

    static int deep(Shape s, int k) { return s.area(k); }

    public static void main(String[] args) {
        Shape[] two = { new A(), new B() };
        Shape[] four = { new A(), new B(), new C(), new D() };
        Shape[] seven = { new A(), new B(), new C(), new D(), new E(), new F(), new G() };
        System.out.println("two " + run(two, 5000));
        System.out.println("four " + run(four, 5000));
        System.out.println("seven " + run(seven, 5000));
        System.out.println("two again " + run(two, 3000));
        // a site that saw 2 classes, then new ones
        System.out.println("late " + run(new Shape[] { new E(), new F(), new E(), new G(), new A() }, 4000));
        System.out.println("base " + viaBase(new Base[] { new A(), new B(), new C(), new D(), new E() }, 6000));
        System.out.println("base2 " + viaBase(new Base[] { new G(), new F() }, 6000));
        System.out.println("nulls " + nulls(new Shape[] { new A(), null, new B(), new C(), null, new D(), new E(), null }));
        System.out.println("throw " + throwing(new Shape[] { new F(), new A(), new F(), new B(), new C() }));
        Shape chain = null;
        for (int i = 0; i < 40; i++) chain = i % 3 == 0 ? new R(chain, i) : new R(chain == null ? new A() : chain, i);
        long t = 0;
        for (int i = 0; i < 2000; i++) t += deep(i % 2 == 0 ? chain : seven[i % 7], i);
        System.out.println("rec " + t);
        Shape inf = null;
        for (int i = 0; i < 10; i++) inf = new R(inf, i);
        int soe = 0;
        R loop = new R(null, 1);
        loop.next = new R(loop, 2);                 // a cycle: recursion until the stack is full
        try { deep(loop, 5); } catch (StackOverflowError e) { soe = -1; }
        System.out.println("soe " + soe + " " + deep(inf, 1));
    }
}
