// String concatenation with + of every type (StringBuilder with --release 8, invokedynamic with 17).
public class StringConcat {
    static String field = "fld";
    int inst = 5;
    public static void main(String[] args) {
        boolean z = true; byte b = -1; short s = 300; char c = 'q'; int i = -42; long l = 1L << 40;
        float f = 1.25f; double d = -0.5; String str = "str"; Object o = null; String nul = null;
        int[] arr = null;
        System.out.println(z + "," + b + "," + s + "," + c + "," + i + "," + l + "," + f + "," + d + "," + str + "," + o + "," + nul + "," + arr);
        System.out.println(1 + 2 + "x" + 1 + 2);
        System.out.println('a' + 'b' + "c" + 'd' + 'e');
        System.out.println("" + c + c + (char) (c + 1));
        String acc = "";
        for (int k = 0; k < 20; k++) acc += k;
        System.out.println(acc);
        acc += 'x';
        acc += 1.0;
        acc += null;
        System.out.println(acc);
        StringConcat sc = new StringConcat();
        System.out.println(field + sc.inst + field.length() + (sc.inst > 3) + -sc.inst);
        final String CONST = "con" + "st" + 1 + 'c' + 2L + true;
        System.out.println(CONST + " " + (CONST == "const1c2true"));
        String many = "a" + 1 + "b" + 2 + "c" + 3 + "d" + 4 + "e" + 5 + "f" + 6 + "g" + 7 + "h" + 8 + "i" + 9 + "j" + 10
            + z + b + s + c + i + l + f + d + z + b + s + c + i + l + f + d + str + str + str;
        System.out.println(many);
        String sep = "\u0001\u0002";
        String withSpecial = "a" + sep + "b" + "\u0000" + i;
        System.out.println(withSpecial.length() + " " + (int) withSpecial.charAt(1) + " " + (int) withSpecial.charAt(4));
        System.out.println("nested " + ("(" + ("[" + i + "]") + ")") + (i + l) + (f + d));
        Object obj = new Object() { public String toString() { return "custom"; } };
        System.out.println("obj=" + obj + " sb=" + new StringBuilder("x").append(1));
        long big = Long.MIN_VALUE;
        System.out.println("extremes " + big + Integer.MIN_VALUE + Double.MAX_VALUE + Float.MIN_VALUE + Character.MAX_VALUE / 1);
    }
}
