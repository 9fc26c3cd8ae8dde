// conformance: min-release 17
// Pattern matching for instanceof (Java 16): binding variables, scope in
// && and negated conditions, with generics, arrays and records.
import java.util.*;

public class PatternInstanceof {
    record Box(Object content) {}
    sealed interface Expr permits Num, Add, Mul, Neg {}
    record Num(int v) implements Expr {}
    record Add(Expr l, Expr r) implements Expr {}
    record Mul(Expr l, Expr r) implements Expr {}
    record Neg(Expr e) implements Expr {}

    static int eval(Expr e) {
        if (e instanceof Num n) return n.v();
        if (e instanceof Add a) return eval(a.l()) + eval(a.r());
        if (e instanceof Mul m) return eval(m.l()) * eval(m.r());
        if (e instanceof Neg ng) return -eval(ng.e());
        throw new IllegalStateException();
    }

    static String show(Expr e) {
        if (e instanceof Num n) return Integer.toString(n.v());
        if (e instanceof Add a) return "(" + show(a.l()) + " + " + show(a.r()) + ")";
        if (e instanceof Mul m) return show(m.l()) + " * " + show(m.r());
        return e instanceof Neg ng ? "-" + show(ng.e()) : "?";
    }

    static String describe(Object o) {
        if (o instanceof Integer i && i > 10) return "big int " + i;
        if (o instanceof Integer i) return "int " + (i + 1);
        if (o instanceof String s && !s.isEmpty()) return "string of " + s.length() + " starting " + s.charAt(0);
        if (o instanceof String) return "empty string";
        if (o instanceof int[] arr) return "int array " + Arrays.toString(arr);
        if (o instanceof List<?> list) return "list of " + list.size();
        return "other " + o;
    }

    static String unbox(Object o) {
        if (!(o instanceof Box b)) return "not a box";
        if (!(b.content() instanceof CharSequence cs)) return "box of " + b.content();
        return "box of chars " + cs.length();
    }

    public static void main(String[] args) {
        Object[] things = { 5, 42, "hello", "", new int[] { 3, 1 }, List.of(1, 2, 3), 2.5, null, 'c' };
        for (Object o : things) System.out.println(describe(o));
        System.out.println(unbox("x") + " | " + unbox(new Box(7)) + " | " + unbox(new Box("abcd")) + " | " + unbox(new Box(new StringBuilder("zz"))));
        Expr e = new Add(new Num(2), new Mul(new Num(3), new Neg(new Num(4))));
        System.out.println(show(e) + " = " + eval(e));
        Object o = "scoped";
        boolean ok = o instanceof String s && s.length() == 6;
        System.out.println("scoped " + ok);
        int total = 0;
        for (Object t : things) if (t instanceof Number n) total += n.intValue();
        System.out.println("total " + total);
    }
}
