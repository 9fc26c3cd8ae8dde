// tests/jit/tier2/T2Exits.java - every kind of point where tier-2 code
// leaves to the interpreter (tests/jit/tier2.sh runs it with -Xjit:tier2
// and compares with java): a null field read, an index out of bounds, a
// division by zero, a failing checkcast, instanceof of another class, an
// athrow, an exception inside an inlined callee (its frame must be in the
// stack trace), a class initialized while the method runs (a call, not an
// exit), a negative array
// size, a callee's exception; each caught in a caller and printed with its
// stack trace's method names and lines.
public class T2Exits {
    static int[] arr = new int[8];
    int f = 7;
    static class Late { static int v; static { v = 42; System.out.println("Late.<clinit>"); } }
    static class Sub extends T2Exits { }

    static int field(T2Exits o, int k) {
        int s = 0;
        for (int i = 0; i < k; i++) s += o.f + i;
        return s;
    }
    static int index(int[] a, int i) {
        int s = a[0];
        return s + a[i];
    }
    static int divide(int a, int b) { return a / b + a % 3; }
    static long ldivide(long a, long b) { return a / b; }
    static T2Exits cast(Object o) { return (T2Exits) o; }
    static int isA(Object o) { return o instanceof T2Exits ? 1 : 0; }
    static int thrower(int x) {
        if (x > 500) throw new IllegalStateException("x=" + x);
        return x + 1;
    }
    private int inner(int[] a, int i) { return a[i] * 2; }
    int outer(int[] a, int i) {
        int t = i + 1;
        return inner(a, i) + t;
    }
    static int late(int x) { return x + Late.v; }
    static int hashOf(String s) { return s.hashCode() & 7; }
    static int[] alloc(int n) { return new int[n]; }
    static int loop(int[] a, int n) {
        int s = 0;
        for (int i = 0; i <= n; i++) s += a[i] ^ i;
        return s;
    }

    static void report(String what, Throwable e) {
        StringBuilder sb = new StringBuilder(what).append(": ").append(e.getClass().getName());
        if (e.getMessage() != null && !(e instanceof ClassCastException)) sb.append(" (").append(e.getMessage()).append(')');
        for (StackTraceElement el : e.getStackTrace()) {
            if (!el.getClassName().startsWith("T2Exits")) continue;
            sb.append(" < ").append(el.getMethodName()).append(':').append(el.getLineNumber());
        }
        System.out.println(sb);
    }

    public static void main(String[] args) {
        T2Exits o = new T2Exits();
        int acc = 0;
        for (int r = 0; r < 200; r++) {
            acc += field(o, 3) + index(arr, r & 7) + divide(r + 1, 3) + (int) ldivide(r + 10, 3);
            acc += cast(o).f + isA(o) + isA("x") + thrower(r) + o.outer(arr, r & 7) + loop(arr, 6);
            acc += hashOf("k" + (r & 3));
        }
        System.out.println("warm " + acc);
        try { field(null, 2); } catch (NullPointerException e) { report("field", e); }
        try { index(arr, 9); } catch (ArrayIndexOutOfBoundsException e) { report("index", e); }
        try { index(null, 1); } catch (NullPointerException e) { report("index-null", e); }
        try { divide(5, 0); } catch (ArithmeticException e) { report("divide", e); }
        try { ldivide(5, 0); } catch (ArithmeticException e) { report("ldivide", e); }
        System.out.println("min/-1 " + divide(Integer.MIN_VALUE, -1) + " " + ldivide(Long.MIN_VALUE, -1));
        try { cast("s"); } catch (ClassCastException e) { report("cast", e); }
        System.out.println("sub " + cast(new Sub()).f + " " + isA(new Sub()) + " " + isA(null));
        try { thrower(1000); } catch (IllegalStateException e) { report("throw", e); }
        try { o.outer(arr, -1); } catch (ArrayIndexOutOfBoundsException e) { report("inlined", e); }
        try { o.outer(null, 0); } catch (NullPointerException e) { report("inlined-null", e); }
        System.out.println("late " + late(1));
        try { alloc(-2); } catch (NegativeArraySizeException e) { report("alloc", e); }
        try { hashOf(null); } catch (NullPointerException e) { report("final-null", e); }
        try { loop(arr, 8); } catch (ArrayIndexOutOfBoundsException e) { report("loop", e); }
        System.out.println("done " + loop(arr, 7) + " " + field(o, 5));
    }
}
