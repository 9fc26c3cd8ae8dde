// Deep interface hierarchies: inherited abstract methods, constants via sub-interfaces, the same method
// declared in several superinterfaces, interface-typed arrays and invokeinterface through each level.
public class InterfaceHierarchy {
    interface A { int ID = 1; String a(); }
    interface B extends A { int ID_B = ID + 1; String b(); }
    interface C extends A { String a(); String c(); }
    interface D extends B, C { String d(); }
    static class Impl implements D {
        final String tag;
        Impl(String t) { tag = t; }
        public String a() { return "a" + tag; }
        public String b() { return "b" + tag; }
        public String c() { return "c" + tag; }
        public String d() { return "d" + tag; }
    }
    static class SubImpl extends Impl {
        SubImpl() { super("!"); }
        public String a() { return "A!" + super.a(); }
    }
    static String viaA(A x) { return x.a(); }
    static String viaB(B x) { return x.a() + x.b(); }
    static String viaC(C x) { return x.a() + x.c(); }
    static String viaD(D x) { return x.a() + x.b() + x.c() + x.d(); }
    public static void main(String[] args) {
        D[] ds = {new Impl("1"), new SubImpl(), new Impl("2")};
        for (D d : ds) System.out.println(viaA(d) + " " + viaB(d) + " " + viaC(d) + " " + viaD(d));
        System.out.println(D.ID + " " + D.ID_B + " " + Impl.ID);
        A[] as = ds;
        StringBuilder sb = new StringBuilder();
        for (A a : as) sb.append(a.a());
        System.out.println(sb);
        Object o = ds[1];
        System.out.println((o instanceof A) + " " + (o instanceof B) + " " + (o instanceof C) + " " + (o instanceof D));
        int n = 0;
        for (int i = 0; i < 300000; i++) n += viaA(ds[i % 3]).length();
        System.out.println(n);
    }
}
