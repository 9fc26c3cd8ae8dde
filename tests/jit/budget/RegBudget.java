// The budget counter kept in a register by compiled code (REGBUDGET,
// src/jit/jit_invoke.c) must agree with vm->budget_left wherever C code
// reads or charges it: output (charged per 16 bytes), large allocations
// (charged per 4 KiB), natives, the inlined clock, exceptions thrown and
// caught inside loops (handler entries tick), interpreted <clinit> code
// run from compiled code, recursion, and loops with inlined callees.
public class RegBudget {
    static int sink;
    static class Late { static int v; static { for (int i = 0; i < 7; i++) v += i; } }
    interface Op { int ap(int x); }
    static class Inc implements Op { public int ap(int x) { return x + 1; } }
    static class Dbl implements Op { public int ap(int x) { return x * 2; } }
    static int iface(Op[] ops, int n) {      /* inlined behind class guards: each still ticks */
        int a = 0;
        for (int i = 0; i < n; i++) a = ops[i & 1].ap(a) & 0xFFFF;
        return a;
    }
    static int rec(int n) { return n == 0 ? 0 : 1 + rec(n - 1); }
    static int get(int[] a, int i) { return a[i]; }
    static int thrower(int i) { if ((i & 3) == 0) throw new IllegalStateException("x" + i); return i; }
    public static void main(String[] args) {
        int[] a = new int[64];
        for (int i = 0; i < a.length; i++) a[i] = i * 3;
        int t = 0;
        for (int r = 0; r < 5; r++) {
            for (int i = 0; i < a.length; i++) t += get(a, i);       /* inlined callee + back-edge */
            byte[] big = new byte[20000];                             /* charged allocation */
            t += big.length;
            System.out.println("round " + r + " t " + t + " ................................");
            t += Float.floatToRawIntBits(r) & 7;                      /* native */
            if (System.nanoTime() == 42) t++;                         /* inlined clock */
            for (int i = 0; i < 9; i++) {
                try { t += thrower(i); } catch (IllegalStateException e) { t += e.getMessage().length(); }
            }
            t += rec(20);
        }
        Op[] ops = { new Inc(), new Dbl() };
        t += iface(ops, 50);
        t += Late.v;
        System.out.println(t);
    }
}
