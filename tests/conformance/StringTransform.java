// String transformations: case, trim, replace, split, join, toCharArray, valueOf, intern-free equality.
import java.util.ArrayList;
import java.util.List;

public class StringTransform {
    static String show(String[] parts) {
        StringBuilder sb = new StringBuilder().append(parts.length).append(':');
        for (String p : parts) sb.append('[').append(p).append(']');
        return sb.toString();
    }
    public static void main(String[] args) {
        String s = "  Mixed Case Text 123  ";
        System.out.println("[" + s.trim() + "] [" + s.toUpperCase() + "] [" + s.toLowerCase() + "]");
        System.out.println("[" + "   ".trim() + "] [" + "x".trim() + "] [" + "\t\n x \r".trim() + "]");
        System.out.println("banana".replace('a', 'o') + " " + "banana".replace("an", "AN") + " " + "aaa".replace("aa", "b")
            + " " + "abc".replace("", "-") + " " + "x.y.z".replace(".", ""));
        System.out.println(show("a,b,c".split(",")) + " " + show("a,,b,,".split(",")) + " " + show(",a".split(","))
            + " " + show("".split(",")) + " " + show("abc".split(",")));
        System.out.println(show("one two  three".split(" ")) + " " + show("k=v".split("=")) + " " + show("a:b:c:d".split(":", 2))
            + " " + show("a:b::".split(":", -1)));
        System.out.println(show("1.2.3".split("\\.")) + " " + show("a|b".split("\\|")));
        List<String> parts = new ArrayList<String>();
        parts.add("x"); parts.add("y"); parts.add("z");
        System.out.println(String.join("-", parts) + " " + String.join(", ", "a", "b") + " " + String.join("", new ArrayList<String>()));
        char[] cs = "hello".toCharArray();
        cs[0] = 'j';
        System.out.println(new String(cs) + " " + String.valueOf(cs, 1, 2) + " " + new String(cs, 2, 3) + " " + String.copyValueOf(cs));
        System.out.println(String.valueOf(true) + String.valueOf('c') + String.valueOf(12) + String.valueOf(-7L)
            + String.valueOf(1.5f) + String.valueOf(2.25) + String.valueOf((Object) null));
        System.out.println("MiXeD".toLowerCase().toUpperCase() + " " + "abc".toUpperCase().equals("ABC"));
        String built = new StringBuilder("ab").append("c").toString();
        System.out.println((built == "abc") + " " + built.equals("abc") + " " + (built.intern() == "abc"));
        System.out.println("chars " + (int) "A\u00e9\u4e2d".charAt(1) + " " + (int) "A\u00e9\u4e2d".charAt(2) + " "
            + "A\u00e9\u4e2d".length() + " " + "\u00e9".toUpperCase().charAt(0) / 1);
    }
}
