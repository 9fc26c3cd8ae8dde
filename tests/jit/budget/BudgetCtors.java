// Constructors that only call empty constructors (Number.<init> under
// Long's and Integer's, user classes three deep): the JIT drops the chain
// and takes its ticks (jit_invoke.c, empty_ticks), which must be the
// interpreter's count.
public class BudgetCtors {
    static class A { }
    static class B extends A { }
    static class C extends B { }
    static class D extends C { D() { } }

    public static void main(String[] args) {
        long s = 0;
        for (int i = 0; i < 3000; i++) {
            Object o = (i & 3) == 0 ? new D() : (i & 3) == 1 ? new C() : (i & 3) == 2 ? new B() : new A();
            s += o.getClass().getName().length();
            Long l = Long.valueOf(1000L + i);
            Integer k = Integer.valueOf(1000 + i);
            s += l.longValue() + k.intValue();
        }
        System.out.println(s);
    }
}
