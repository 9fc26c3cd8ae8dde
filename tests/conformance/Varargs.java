// Varargs: zero/one/many arguments, explicit arrays, primitives, overload resolution with fixed arity.
public class Varargs {
    static String join(String sep, Object... parts) {
        StringBuilder sb = new StringBuilder();
        sb.append(parts.length).append(':');
        for (int i = 0; i < parts.length; i++) { if (i > 0) sb.append(sep); sb.append(parts[i]); }
        return sb.toString();
    }
    static int sum(int... xs) { int s = 0; for (int x : xs) s += x; return s; }
    static long lsum(long first, long... rest) { long s = first; for (long x : rest) s += x; return s; }
    static String which(int a) { return "fixed"; }
    static String which(int... a) { return "varargs" + a.length; }
    static String which2(Object o) { return "object"; }
    static String which2(Object... o) { return "objects"; }
    public static void main(String[] args) {
        System.out.println(join(","));
        System.out.println(join(",", "a"));
        System.out.println(join("-", "a", 1, 2.5, 'c', null, true));
        System.out.println(join("|", new Object[] {"x", "y"}));
        System.out.println(join("|", (Object) new Object[0].length));
        System.out.println(sum() + " " + sum(1) + " " + sum(1, 2, 3, 4, 5) + " " + sum(new int[] {10, 20}));
        System.out.println(lsum(1) + " " + lsum(1, 2, 3L));
        System.out.println(which(1) + " " + which() + " " + which(1, 2));
        System.out.println(which2("s") + " " + which2("a", "b") + " " + which2());
        String[] strs = {"p", "q"};
        System.out.println(join("+", (Object[]) strs) + " " + join("+", (Object) strs.length));
    }
}
