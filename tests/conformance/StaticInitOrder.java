// Class initialization per JVMS 5.5: triggers (new, static method, non-constant static field),
// non-triggers (compile-time constants, array creation, class literal), superclass first, once only.
public class StaticInitOrder {
    static StringBuilder log = new StringBuilder();
    static void log(String s) { log.append(s).append(' '); }

    static class A {
        static final int CONST = 42;           // compile-time constant: no init
        static final String SCONST = "hi";     // compile-time constant: no init
        static int counter = 5;
        static { log("A.clinit"); }
        static void touch() { log("A.touch"); }
    }
    static class B extends A {
        static int bval = compute();
        static { log("B.clinit"); }
        static int compute() { log("B.compute"); return 9; }
    }
    static class C {
        static { log("C.clinit"); }
        C() { log("C.init"); }
    }
    static class D {
        static { log("D.clinit"); }
        static int x = 1;
    }
    static class E {
        static { log("E.clinit"); }
        static final Object NOT_CONST = "x";   // not a compile-time constant (Object type)
    }
    static class F {
        static { log("F.clinit"); }
    }
    static class G extends F {
        static int g = 3;
        static { log("G.clinit"); }
    }
    static class H {
        static int value = 1;
        static { log("H.clinit value=" + value); value = 2; }
    }

    public static void main(String[] args) {
        log("main");
        int c = A.CONST;
        String s = A.SCONST;
        log("const " + c + s);
        A[] arr = new A[3];
        B[][] arr2 = new B[2][2];
        log("arrays " + arr.length + arr2.length);
        Class<?> k = D.class;
        log("classlit");
        A.touch();
        A.touch();
        log("B.bval=" + B.bval);
        new C();
        new C();
        log("D.x=" + D.x);
        Object o = E.NOT_CONST;
        log("E " + o);
        int viaSub = G.g;   // initializes F then G
        log("G.g=" + viaSub);
        log("H " + H.value);
        System.out.println(log.toString().trim().replace(' ', '\n'));
        System.out.println(k == D.class);
    }
}
