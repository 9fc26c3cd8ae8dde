// Circular static initialization: the recursive request sees default values (JVMS 5.5 step 3).
public class StaticInitCycle {
    static class A {
        static int a1 = 1;
        static int fromB = B.b1;
        static int a2 = 2;
        static { System.out.println("A done: a1=" + a1 + " fromB=" + fromB + " a2=" + a2); }
    }
    static class B {
        static int b1 = 10;
        static int fromA = A.a2;     // A is being initialized by this thread: sees 0
        static { System.out.println("B done: b1=" + b1 + " fromA=" + fromA); }
    }
    static class Self {
        static final Self INSTANCE = new Self();
        static int count = 5;
        final int seen;
        Self() { seen = count; }
    }
    public static void main(String[] args) {
        System.out.println("A.fromB=" + A.fromB + " B.fromA=" + B.fromA);
        System.out.println("Self.seen=" + Self.INSTANCE.seen + " count=" + Self.count);
    }
}
