// Rows of tests/unit/test_jit_compile.c for the call optimizations
// (src/jit/jit_invoke.c, jit_inline.c): each static (I)I method is run
// interpreted and compiled and must give the same result / exception.
// Rebuild: javac --release 8 JitCalls.java
public class JitCalls {
    interface Op { int ap(int x); }
    static class Add implements Op { int k; Add(int k) { this.k = k; } public int ap(int x) { return x + k; } int getK() { return k; } void setK(int v) { k = v; } }
    static class Mul extends Add { Mul(int k) { super(k); } public int ap(int x) { return x * k; } int getK() { return -k; } }
    static final class Fin { long v; Fin(long v) { this.v = v; } long get() { return v; } void nop() { } }

    static int twice(int x) { return x * 2; }
    static long widen(int x, long y) { return (x + y) ^ (y << 3); }
    static void empty() { }
    static int recur(int n) { return n <= 0 ? 0 : 1 + recur(n - 1); }

    static int direct(int x) { int s = 0; for (int i = 0; i < 100; i++) s += twice(x + i) + (int) widen(i, x); empty(); return s; }
    static int poly(int x) {
        Op[] ops = { new Add(x), new Mul(3), new Add(-1) };
        int s = 0;
        for (int i = 0; i < 300; i++) s = ops[i % 3].ap(s) & 0xffffff;
        return s;
    }
    static int getters(int x) {
        Add[] a = { new Add(x), new Mul(x + 1) };
        int s = 0;
        for (int i = 0; i < 100; i++) { a[i & 1].setK(i); s += a[i & 1].getK(); }
        return s;
    }
    static int getterNull(int x) { Add a = x > 0 ? new Add(x) : null; return a.getK(); }
    static int finalNull(int x) { Fin f = x > 0 ? new Fin(x) : null; f.nop(); return (int) f.get(); }
    static int ifaceNull(int x) { Op o = x > 0 ? new Mul(x) : null; return o.ap(2); }
    static int deepCall(int n) { return recur(n); }
    static int clock(int x) { long a = System.nanoTime(); long b = System.nanoTime(); return b >= a ? x : -1; }
    static int native1(int x) { return Float.floatToRawIntBits(x) + Float.floatToRawIntBits(x * 0.5f); }
}
