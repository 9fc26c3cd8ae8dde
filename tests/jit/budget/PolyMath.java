// Calls through polymorphic inline caches (PIC: four receiver classes at
// one interface site, a fifth evicting one), accessors inlined with a
// field read through another object (FIELDS) and Double.compare,
// Long.compare, Math.max/min of doubles turned into inline code (DMATH)
// still tick each invoke, at the call, as the interpreter does.
public class PolyMath {
    interface F { int f(int x); }
    static final class A implements F { public int f(int x) { return x + 1; } }
    static final class B implements F { public int f(int x) { return x * 3; } }
    static final class C implements F { public int f(int x) { return x - 2; } }
    static final class D implements F { public int f(int x) { return x ^ 5; } }
    static final class E implements F { public int f(int x) { return x >> 1; } }
    static final class Box { int v; }
    static int get(Box b) { return b.v; }

    public static void main(String[] args) {
        F[] fs = { new A(), new B(), new C(), new D(), new E() };
        Box box = new Box();
        long acc = 0;
        double d = 0.5;
        for (int i = 0; i < 300; i++) {
            F f = fs[i % (i < 150 ? 4 : 5)];
            box.v = f.f(i);
            acc += get(box) + Double.compare(d, i * 0.25) + Long.compare(acc, 1000);
            d = Math.max(d, i * 0.1) - Math.min(d, 0.2);
        }
        System.out.println(acc + " " + d);
    }
}
