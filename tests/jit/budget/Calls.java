// Virtual, interface, static and recursive calls (each invoke ticks),
// including empty and trivial callees the JIT nullifies or inlines.
public class Calls {
    interface Shape { int area(); }
    static final class Sq implements Shape { final int s; Sq(int s) { this.s = s; } public int area() { return s * s; } }
    static class Rect implements Shape { int w, h; Rect(int w, int h) { this.w = w; this.h = h; } public int area() { return w * h; } int getW() { return w; } }
    static void nothing() { }
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    public static void main(String[] a) {
        Shape[] s = { new Sq(3), new Rect(2, 5), new Sq(4) };
        int t = 0;
        for (int i = 0; i < 30; i++) { t += s[i % 3].area(); nothing(); t += ((Rect) s[1]).getW(); }
        System.out.println(t + fib(12));
    }
}
