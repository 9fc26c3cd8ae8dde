// && || ?: evaluation order and side effects; boolean expressions as values.
public class ShortCircuit {
    static int calls;
    static boolean t(String s) { calls++; System.out.print(s + " "); return true; }
    static boolean f(String s) { calls++; System.out.print(s + " "); return false; }
    public static void main(String[] args) {
        System.out.println(": " + (t("a") && f("b") && t("c")));
        System.out.println(": " + (f("a") && t("b")));
        System.out.println(": " + (t("a") || t("b")));
        System.out.println(": " + (f("a") || f("b") || t("c")));
        System.out.println(": " + (t("a") & f("b") & t("c")));
        System.out.println(": " + (f("a") | t("b")));
        System.out.println(": " + ((t("a") ? f("b") : t("c")) ? "yes" : "no"));
        System.out.println("calls " + calls);
        int x = 5;
        boolean b = x > 3 && x < 10 || x == 42;
        System.out.println(b + " " + !b + " " + (b ? 1 : 0));
        int y = x > 4 ? x < 6 ? 100 : 200 : 300;
        System.out.println(y);
        Integer boxed = null;
        int z = x > 100 ? boxed : 7;
        System.out.println(z);
        String s = null;
        System.out.println((s != null && s.length() > 0) + " " + (s == null || s.length() == 0));
        int i = 0;
        boolean r = (i++ > 0) && (i++ > 0);
        System.out.println(r + " i=" + i);
    }
}
