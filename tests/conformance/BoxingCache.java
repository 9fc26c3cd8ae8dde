// Boxing caches: valueOf identity for -128..127 (Integer, Short, Byte, Long, Character 0..127, Boolean).
public class BoxingCache {
    public static void main(String[] args) {
        int[] probes = {-129, -128, -1, 0, 1, 100, 127, 128, 1000};
        for (int p : probes) {
            Integer a = p, b = p;
            Integer c = Integer.valueOf(p), d = Integer.valueOf(p);
            Long la = (long) p, lb = (long) p;
            System.out.println(p + " auto " + (a == b) + " valueOf " + (c == d) + " long " + (la == lb) + " equals " + a.equals(b));
        }
        Short s1 = 100, s2 = 100, s3 = 1000, s4 = 1000;
        System.out.println("short " + (s1 == s2) + " " + (s3 == s4) + " " + s3.equals(s4));
        Byte b1 = -128, b2 = -128, b3 = 127, b4 = 127;
        System.out.println("byte " + (b1 == b2) + " " + (b3 == b4));
        Character c1 = 'a', c2 = 'a', c3 = '\u0080', c4 = '\u0080', c5 = 127, c6 = 127;
        System.out.println("char " + (c1 == c2) + " " + (c3 == c4) + " " + (c5 == c6) + " " + c3.equals(c4));
        Boolean t1 = true, t2 = Boolean.valueOf(true), t3 = Boolean.valueOf("TRUE");
        System.out.println("boolean " + (t1 == t2) + " " + (t2 == t3) + " " + (t1 == Boolean.TRUE));
        Integer n1 = new Integer(5), n2 = new Integer(5);
        System.out.println("new Integer " + (n1 == n2) + " " + n1.equals(n2) + " " + (n1 == 5));
        Integer big = 500;
        int prim = 500;
        System.out.println("unboxed compare " + (big == prim) + " " + (big.intValue() == prim));
        Double d1 = 1.0, d2 = 1.0;
        System.out.println("double equal values " + d1.equals(d2));
    }
}
