// String queries: length, charAt, substring, indexOf/lastIndexOf variants, contains, startsWith, compare.
public class StringBasics {
    public static void main(String[] args) {
        String s = "Hello, World! Hello, Java!";
        System.out.println(s.length() + " " + s.charAt(0) + s.charAt(7) + " " + s.isEmpty() + " " + "".isEmpty());
        System.out.println(s.substring(7) + "|" + s.substring(0, 5) + "|" + s.substring(5, 5) + "|");
        System.out.println(s.indexOf('o') + " " + s.indexOf('o', 5) + " " + s.indexOf("Hello") + " " + s.indexOf("Hello", 1)
            + " " + s.indexOf("xyz") + " " + s.indexOf('z') + " " + s.indexOf(""));
        System.out.println(s.lastIndexOf('o') + " " + s.lastIndexOf('o', 10) + " " + s.lastIndexOf("Hello") + " "
            + s.lastIndexOf("Hello", 13) + " " + s.lastIndexOf("nope"));
        System.out.println(s.contains("World") + " " + s.contains("world") + " " + s.startsWith("Hell") + " "
            + s.startsWith("World", 7) + " " + s.endsWith("Java!") + " " + s.endsWith(""));
        System.out.println("abc".equals("abc") + " " + "abc".equals("abd") + " " + "ABC".equalsIgnoreCase("abc") + " "
            + "abc".equalsIgnoreCase(null));
        String[] words = {"apple", "Apple", "banana", "app", "", "apples", "b"};
        for (String a : words) {
            StringBuilder sb = new StringBuilder(a + ":");
            for (String b : words) sb.append(' ').append(a.compareTo(b)).append('/').append(a.compareToIgnoreCase(b));
            System.out.println(sb);
        }
        System.out.println("con".concat("cat") + " " + "x".concat(""));
        System.out.println("regionMatches " + s.regionMatches(7, "World", 0, 5) + " " + s.regionMatches(true, 0, "HELLO", 0, 5));
        try {
            s.substring(30);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("substring out of range: " + e.getClass().getName());
        }
        try {
            s.charAt(-1);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("charAt out of range: " + e.getClass().getName());
        }
        String t = s;
        System.out.println((t == s) + " " + s.toString().equals(s) + " " + "abc".contentEquals(new StringBuilder("abc")));
        System.out.println("a,b".indexOf(',') + " " + "aaa".indexOf("aa", 1) + " " + "aaa".lastIndexOf("aa"));
        System.out.println("matches startsWith neg " + "abc".startsWith("a", -1) + " " + "abc".startsWith("c", 2));
    }
}
