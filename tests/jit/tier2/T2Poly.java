/** Tier 2, virtual and interface calls inlined behind exact-class tests of
 *  the receiver classes loaded at the compile (-Xjit:tier2,-poly): an
 *  interface with three final classes and a composite that calls itself
 *  (its target stays a call), an abstract class's method overridden twice,
 *  a null receiver (NullPointerException, its stack trace), and a class
 *  loaded after the compile: at the method itself the miss calls, inside
 *  an inlined method it leaves tier 2 at the invoke. */
public class T2Poly {
    interface Shape { int area(int k); }
    static final class Sq implements Shape { final int s; Sq(int s) { this.s = s; } public int area(int k) { return s * s + k; } }
    static final class Rect implements Shape {
        final int w, h;
        Rect(int w, int h) { this.w = w; this.h = h; }
        public int area(int k) { return w * h - k; }
    }
    static final class Tri implements Shape { final int b; Tri(int b) { this.b = b; } public int area(int k) { return b * b / 2 + (k & 3); } }
    static final class Sum implements Shape {
        final Shape[] parts;
        Sum(Shape... parts) { this.parts = parts; }
        public int area(int k) {
            int a = 0;
            for (Shape p : parts) a += p.area(k);
            return a;
        }
    }
    static final class Late implements Shape { public int area(int k) { return 1000003 * k; } }
    interface Gauge { int read(int k); }
    static final class Lo implements Gauge { public int read(int k) { return k & 7; } }
    static final class Hi implements Gauge { final int base; Hi(int b) { base = b; } public int read(int k) { return base + k; } }
    static final class LateGauge implements Gauge { public int read(int k) { return -k; } }

    static abstract class Op { abstract long apply(long x); long twice(long x) { return apply(apply(x)); } }
    static final class Add extends Op { final long k; Add(long k) { this.k = k; } long apply(long x) { return x + k; } }
    static final class Mul extends Op { final long k; Mul(long k) { this.k = k; } long apply(long x) { return x * k; } }

    static int total(Shape[] shapes, int n) {
        int t = 0;
        for (int i = 0; i < n; i++)
            for (Shape s : shapes) t += s.area(i);
        return t;
    }
    static int one(Gauge g, int k) { return g.read(k) * 3; }
    /* one() is inlined here: its interface call's miss (LateGauge) leaves tier 2 */
    static int viaOne(Gauge[] gs, int n) {
        int t = 0;
        for (int i = 0; i < n; i++) t += one(gs[i % gs.length], i);
        return t;
    }
    static long ops(Op[] ops, int n) {
        long x = 1;
        for (int i = 0; i < n; i++) x = ops[i % ops.length].twice(x) % 1000000007L;
        return x;
    }

    public static void main(String[] args) {
        Shape[] shapes = { new Sq(3), new Rect(2, 5), new Tri(7), new Sum(new Sq(1), new Tri(4)) };
        Op[] ops = { new Add(7), new Mul(31), new Add(-3) };
        Gauge[] gs = { new Lo(), new Hi(100), new Lo() };
        long h = 0;
        for (int r = 0; r < 50; r++) {
            h = h * 31 + total(shapes, 200);
            h = h * 31 + viaOne(gs, 200);
            h = h * 31 + ops(ops, 300);
        }
        System.out.println("before " + h);
        Shape[] more = { new Sq(2), new Late(), new Sum(new Late(), new Rect(1, 1)) };
        Gauge[] gs2 = { new Hi(5), new LateGauge() };
        for (int r = 0; r < 20; r++) {
            h = h * 31 + total(more, 50);
            h = h * 31 + viaOne(gs2, 50);
        }
        System.out.println("after " + h);
        try {
            System.out.println(total(new Shape[] { new Sq(1), null }, 3));
        } catch (NullPointerException e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("npe at " + st[0].getMethodName() + " <- " + st[1].getMethodName());
        }
    }
}
