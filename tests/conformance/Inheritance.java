// Overriding vs overloading, super dispatch, field hiding, static method hiding, protected access.
public class Inheritance {
    static class A {
        String f = "A.f";
        static String s() { return "A.s"; }
        String m() { return "A.m"; }
        String call() { return m() + "/" + f + "/" + s(); }
        String over(Object o) { return "A.over(Object)"; }
        String over(String o) { return "A.over(String)"; }
        protected int prot() { return 1; }
    }
    static class B extends A {
        String f = "B.f";
        static String s() { return "B.s"; }
        String m() { return "B.m"; }
        String superM() { return super.m() + "+" + super.f; }
        String over(Object o) { return "B.over(Object)"; }
        protected int prot() { return super.prot() + 10; }
    }
    static class C extends B {
        String m() { return "C.m>" + super.m(); }
        String over(String o) { return "C.over(String)"; }
        protected int prot() { return super.prot() + 100; }
    }
    public static void main(String[] args) {
        A a = new A(), b = new B(), c = new C();
        A[] all = {a, b, c};
        for (A x : all) {
            Object o = "str";
            System.out.println(x.m() + " | " + x.call() + " | " + x.f + " | " + x.over("s") + " | " + x.over(o) + " | " + x.prot());
        }
        B bb = (B) c;
        System.out.println(bb.f + " " + bb.superM() + " " + ((A) bb).f);
        System.out.println(A.s() + " " + B.s());
        System.out.println(((B) b).superM());
        System.out.println(b instanceof A);
        System.out.println(a instanceof B);
        System.out.println(c.getClass().getSuperclass().getName());
    }
}
