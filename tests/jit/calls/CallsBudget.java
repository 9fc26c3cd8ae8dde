// An endless call-heavy loop (static, virtual, interface, inlined and
// nullified calls, and constructors that only call empty constructors,
// nullified as a chain: its ticks or, when they would run the budget
// out, the calls) under -Xbudget: the run must be aborted (exit status
// 3), and no handler may catch the abort.  The JVM has no budget: the
// script runs it with a bound argument instead (see calls.sh).
interface Step {
    int step(int x);
}

class Inc implements Step {
    int k = 1;
    public int step(int x) { return x + k; }
    int get() { return k; }
    void nop() { }
}

class Chain2 { }                                   /* Chain2.<init> -> Object.<init> */
class Chain3 extends Chain2 { }                    /* three ticks per `new Chain3()` */

public class CallsBudget {
    static int add(int a, int b) { return a + b; }
    static int twice(Step s, int x) { return s.step(s.step(x)); }
    static int at(byte[] b, int i) { return b[i] & 0xFF; }            /* inlined array read */
    static boolean isZero(int v) { return v == 0; }                  /* inlined boolean */

    public static void main(String[] args) {
        long limit = args.length > 0 ? Long.parseLong(args[0]) : Long.MAX_VALUE;
        System.out.println("start");
        Inc inc = new Inc();
        Step st = inc;
        int x = 0;
        byte[] bytes = { 1, 2, 3 };
        for (long i = 0; i < limit; i++) {
            try {
                x = add(x, twice(st, inc.get()));
                inc.nop();
                x += new Chain3().hashCode() & 0;
                x += at(bytes, (int) (i & 1)) + (isZero(x) ? 1 : 0);
                x += (int) (System.nanoTime() & 0);
            } catch (Throwable t) {
                System.out.println("caught " + t);
            }
        }
        System.out.println("end " + (x != 0));
    }
}
