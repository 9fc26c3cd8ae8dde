// Library behaviour: java.lang.String and StringBuilder methods, including
// the JDK 17 exception messages, case mapping, searching and splitting.
import java.util.*;

public class LibStringMethods {
    interface Op { Object run() throws Exception; }

    static void t(String label, Op op) {
        try {
            Object r = op.run();
            if (r instanceof String[]) r = Arrays.toString((String[]) r);
            else if (r instanceof char[]) r = Arrays.toString((char[]) r);
            else if (r instanceof byte[]) r = Arrays.toString((byte[]) r);
            System.out.println(label + " -> " + r);
        } catch (Exception e) {
            System.out.println(label + " !! " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        final String s = "Hello, World";
        t("length", new Op() { public Object run() { return s.length(); } });
        t("charAt", new Op() { public Object run() { return s.charAt(4); } });
        t("charAt bad", new Op() { public Object run() { return s.charAt(12); } });
        t("charAt neg", new Op() { public Object run() { return s.charAt(-1); } });
        t("substring", new Op() { public Object run() { return s.substring(7) + "|" + s.substring(0, 5) + "|" + s.substring(3, 3); } });
        t("substring bad", new Op() { public Object run() { return s.substring(5, 20); } });
        t("substring bad2", new Op() { public Object run() { return s.substring(13); } });
        t("substring bad3", new Op() { public Object run() { return s.substring(6, 2); } });
        t("indexOf", new Op() { public Object run() {
            return s.indexOf('o') + " " + s.indexOf('o', 5) + " " + s.indexOf("World") + " " + s.indexOf("o", -4) + " "
                + s.indexOf("") + " " + s.indexOf("", 50) + " " + s.indexOf('z') + " " + s.indexOf("lo, W", 2);
        } });
        t("lastIndexOf", new Op() { public Object run() {
            return s.lastIndexOf('o') + " " + s.lastIndexOf('o', 7) + " " + s.lastIndexOf("l") + " " + s.lastIndexOf("l", 9)
                + " " + s.lastIndexOf("") + " " + s.lastIndexOf("x") + " " + s.lastIndexOf('H', -1);
        } });
        t("compare", new Op() { public Object run() {
            return "apple".compareTo("banana") + " " + "b".compareTo("a") + " " + "abc".compareTo("abcd") + " "
                + "ABC".compareToIgnoreCase("abd") + " " + "hello".equalsIgnoreCase("HeLLo") + " "
                + "a".compareTo("a") + " " + "\u00e9".compareToIgnoreCase("\u00c9");
        } });
        t("case", new Op() { public Object run() {
            return "MiXeD 123 \u00e4\u00df\u00ff".toUpperCase() + " " + "MiXeD \u00c4\u00d6\u00dc".toLowerCase() + " "
                + "\u0391\u03b2\u0393".toLowerCase() + " " + "\u0434\u0430".toUpperCase();
        } });
        t("unicode case", new Op() { public Object run() {
            return "\u039f\u0394\u039f\u03a3 \u03a3\u0391".toLowerCase() + " " + "stra\u00dfe \ufb01 \u0149".toUpperCase() + " "
                + "\u0130x".toLowerCase().length() + " " + "\u01c4\u01c5".toLowerCase() + " " + "\ud801\udc28".toUpperCase().codePointAt(0)
                + " " + "\ud801\udc00\ud801\udc28".equalsIgnoreCase("\ud801\udc28\ud801\udc00") + " "
                + "\u0436\u0416".equalsIgnoreCase("\u0416\u0436") + " " + "\u00e9".compareToIgnoreCase("\u00ca");
        } });
        t("unicode chars", new Op() { public Object run() {
            int[] cps = {0x0663, 0x0966, 0x2163, 0x00bd, 0x4e00, 0x1f600, 0x10400, 0x0301, 0x200b, 0x2028, 0x20ac, 0xff21, 0x3042};
            StringBuilder sb = new StringBuilder();
            for (int cp : cps)
                sb.append(Character.getType(cp)).append(Character.isLetter(cp) ? "L" : "").append(Character.isDigit(cp) ? "D" : "")
                    .append(Character.getNumericValue(cp)).append(Character.isJavaIdentifierPart(cp) ? "j" : "")
                    .append(Character.isAlphabetic(cp) ? "a" : "").append(Character.isIdeographic(cp) ? "i" : "").append(' ');
            return sb;
        } });
        t("trim/strip", new Op() { public Object run() {
            return "[" + "  \t x y \n ".trim() + "][" + "\u0000 z \u001f".trim() + "][" + "".isEmpty() + "]";
        } });
        t("replace", new Op() { public Object run() {
            return "banana".replace('a', 'o') + " " + "banana".replace("an", "AN") + " " + "aaa".replace("aa", "b")
                + " " + "abc".replace("", "-") + " " + "x.y.z".replace(".", "") + " " + "none".replace("q", "z");
        } });
        t("contains/starts/ends", new Op() { public Object run() {
            return s.contains("lo, ") + " " + s.startsWith("Hell") + " " + s.startsWith("World", 7) + " "
                + s.endsWith("rld") + " " + s.endsWith("") + " " + s.startsWith("x", 99);
        } });
        t("split", new Op() { public Object run() { return "a,b,,c,,".split(","); } });
        t("split limit", new Op() { public Object run() { return "a,b,,c,,".split(",", -1); } });
        t("split limit2", new Op() { public Object run() { return "a,b,,c,,".split(",", 2); } });
        t("split regex", new Op() { public Object run() { return " one  two\tthree\n four ".trim().split("\\s+"); } });
        t("split pipe", new Op() { public Object run() { return "x|y|z".split("\\|"); } });
        t("split dot", new Op() { public Object run() { return "1.2.3".split("\\."); } });
        t("split class", new Op() { public Object run() { return "a1b22c333d".split("[0-9]+"); } });
        t("split empty", new Op() { public Object run() { return "abc".split(""); } });
        t("split none", new Op() { public Object run() { return "abc".split(","); } });
        t("split lead", new Op() { public Object run() { return ",a,b".split(","); } });
        t("join", new Op() { public Object run() {
            return String.join("-", "a", "b", "c") + " " + String.join(", ", Arrays.asList("x", "y")) + " " + String.join("/");
        } });
        t("valueOf", new Op() { public Object run() {
            return String.valueOf(true) + String.valueOf('c') + String.valueOf(12) + String.valueOf(-34L)
                + String.valueOf(1.5f) + String.valueOf(2.25) + String.valueOf((Object) null) + String.valueOf(new char[] {'h', 'i'})
                + String.valueOf(new char[] {'a', 'b', 'c', 'd'}, 1, 2);
        } });
        t("chars", new Op() { public Object run() { return "hey".toCharArray(); } });
        t("bytes", new Op() { public Object run() throws Exception { return "A\u00e9\u20ac\ud83d\ude00".getBytes("UTF-8"); } });
        t("bytes default", new Op() { public Object run() { return "\u00e9".getBytes(); } });
        t("from bytes", new Op() { public Object run() {
            return new String(new byte[] {72, 105, (byte) 0xc3, (byte) 0xa9, (byte) 0xe2, (byte) 0x82, (byte) 0xac}) + " "
                + new String(new byte[] {(byte) 0xff, 65, (byte) 0xc3}).length();
        } });
        t("codepoints", new Op() { public Object run() {
            String e = "a\ud83d\ude00b";
            return e.length() + " " + e.codePointAt(1) + " " + e.codePointCount(0, e.length()) + " "
                + new String(new int[] {0x1F600, 65}, 0, 2).length() + " " + e.offsetByCodePoints(0, 2);
        } });
        t("hash", new Op() { public Object run() { return "hello".hashCode() + " " + "".hashCode() + " " + "\u00ff\uffff".hashCode(); } });
        t("intern", new Op() { public Object run() {
            String a = new String("inter") + "ned";
            return (a == "interned") + " " + (a.intern() == "interned");
        } });
        t("concat/matches", new Op() { public Object run() {
            return "ab".concat("cd") + " " + "abc123".matches("[a-z]+\\d+") + " " + "A-B-C".replaceAll("-", "+")
                + " " + "aaa".replaceFirst("a", "b") + " " + "x1y22z".replaceAll("(\\d+)", "<$1>");
        } });
        t("format", new Op() { public Object run() {
            return String.format("%s=%d (%05.1f%%) %x %c %b %8.3e|%-6s|%6s|%,d", "k", 42, 3.14159, 255, 'q', null, 12345.678,
                "ab", "cd", 1234567);
        } });
        t("new String bad", new Op() { public Object run() { return new String(new char[3], 2, 5); } });
        t("getChars bad", new Op() { public Object run() {
            char[] d = new char[4];
            "abc".getChars(0, 4, d, 0);
            return d;
        } });
        t("regionMatches", new Op() { public Object run() {
            return "Hello".regionMatches(true, 1, "xELLx", 1, 3) + " " + "Hello".regionMatches(1, "xELLx", 1, 3);
        } });
        t("contentEquals", new Op() { public Object run() {
            return "abc".contentEquals(new StringBuilder("abc")) + " " + "abc".contentEquals("abd");
        } });
        t("ci order", new Op() { public Object run() {
            List<String> l = new ArrayList<>(Arrays.asList("b", "A", "c", "B", "a"));
            Collections.sort(l, String.CASE_INSENSITIVE_ORDER);
            return l;
        } });
        // StringBuilder
        t("sb", new Op() { public Object run() {
            StringBuilder sb = new StringBuilder("start");
            sb.append(1).append('c').append(2.5).append(3L).append(true).append((Object) null).append((String) null)
                .append(new char[] {'x', 'y'}).append(1.25f).append("abcdef", 1, 3);
            sb.insert(0, 9).insert(2, "--").insert(sb.length(), 'E');
            sb.setCharAt(0, 'N');
            sb.deleteCharAt(1).delete(0, 2).replace(0, 3, "REPL");
            return sb + " " + sb.length() + " " + sb.indexOf("true") + " " + sb.lastIndexOf("l") + " " + sb.charAt(3);
        } });
        t("sb reverse", new Op() { public Object run() { return new StringBuilder("ab\ud83d\ude00cd").reverse().toString().codePointAt(2); } });
        t("sb setLength", new Op() { public Object run() {
            StringBuilder sb = new StringBuilder("hello");
            sb.setLength(2);
            sb.setLength(4);
            return sb.toString().replace('\0', '0') + " " + sb.length() + " " + new StringBuilder().capacity() + " "
                + new StringBuilder("abc").capacity();
        } });
        t("sb charAt bad", new Op() { public Object run() { return new StringBuilder("abc").charAt(3); } });
        t("sb deleteCharAt bad", new Op() { public Object run() { return new StringBuilder("abc").deleteCharAt(-1); } });
        t("sb insert bad", new Op() { public Object run() { return new StringBuilder("abc").insert(4, "x"); } });
        t("sb delete bad", new Op() { public Object run() { return new StringBuilder("abc").delete(2, 1); } });
        t("sb delete past end", new Op() { public Object run() { return new StringBuilder("abcdef").delete(2, 100); } });
        t("sb substring bad", new Op() { public Object run() { return new StringBuilder("abc").substring(1, 9); } });
        t("sb setLength bad", new Op() { public Object run() {
            StringBuilder b = new StringBuilder();
            b.setLength(-3);
            return b;
        } });
        t("sb compare", new Op() { public Object run() {
            return new StringBuffer("x").append(1).append('y').reverse();
        } });
        t("sb ints", new Op() { public Object run() {
            StringBuilder b = new StringBuilder();
            b.append(Integer.MIN_VALUE).append(' ').append(Long.MIN_VALUE).append(' ').append(0).append(' ').append(-7);
            return b;
        } });
    }
}
