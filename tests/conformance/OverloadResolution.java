// Compile-time overload selection: widening, boxing, varargs phases; most specific method; null arguments.
public class OverloadResolution {
    static String f(int x) { return "int"; }
    static String f(long x) { return "long"; }
    static String f(double x) { return "double"; }
    static String f(Integer x) { return "Integer"; }
    static String f(Object x) { return "Object"; }
    static String g(long x) { return "g-long"; }
    static String g(Integer x) { return "g-Integer"; }
    static String h(Object o) { return "h-Object"; }
    static String h(String s) { return "h-String"; }
    static String k(double d) { return "k-double"; }
    static String k(Object o) { return "k-Object"; }
    static String m(char c) { return "m-char"; }
    static String m(int i) { return "m-int"; }
    static String v(int... xs) { return "v-varargs"; }
    static String v(Integer x) { return "v-Integer"; }
    public static void main(String[] args) {
        byte b = 1; short s = 2; char c = 'c'; long l = 3; float fl = 4f;
        System.out.println(f(b) + " " + f(s) + " " + f(c) + " " + f(5) + " " + f(l) + " " + f(fl) + " " + f(1.0));
        System.out.println(f(Integer.valueOf(1)) + " " + f("s") + " " + f(Long.valueOf(2)) + " " + f('x'));
        System.out.println(g(1) + " " + g(Integer.valueOf(1)));
        System.out.println(h(null) + " " + h("s") + " " + h((Object) "s") + " " + h(1));
        System.out.println(k(1) + " " + k(1L) + " " + k('c') + " " + k(Boolean.TRUE));
        System.out.println(m('a') + " " + m(97) + " " + m((char) 97) + " " + m('a' + 1));
        System.out.println(v(1) + " " + v() + " " + v(1, 2));
        Object o = "dynamic";
        System.out.println(h(o));
    }
}
