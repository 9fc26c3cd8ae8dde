// Conditional expression typing: numeric promotion, char/int constants, boxing and unboxing of operands.
public class TernaryTypes {
    public static void main(String[] args) {
        boolean t = true, f = false;
        System.out.println(t ? 1 : 2.0);
        System.out.println(t ? 'a' : 0);
        int i = 0;
        System.out.println(t ? 'a' : i);
        System.out.println(f ? 1L : 'b');
        Object o = t ? Integer.valueOf(1) : "s";
        System.out.println(o + " " + o.getClass().getName());
        Object p = t ? 1 : 2.5f;
        System.out.println(p + " " + p.getClass().getName());
        Integer n = null;
        Integer m = f ? n : Integer.valueOf(3);
        System.out.println(m);
        try {
            int bad = t ? n : 0;
            System.out.println(bad);
        } catch (NullPointerException e) {
            System.out.println("unboxing null in ternary -> NPE");
        }
        short s = 5;
        byte b = 6;
        System.out.println(t ? s : b);
        Object q = f ? s : b;
        System.out.println(q.getClass().getName());
        long l = t ? Integer.MAX_VALUE + 1L : 0;
        System.out.println(l);
        String str = f ? null : "val";
        System.out.println(str + (f ? "x" : null));
        char c = t ? 'x' : 'y';
        int ci = c;
        System.out.println(c + " " + ci);
    }
}
