// Library behaviour: java.util.regex (Pattern/Matcher) and the String regex
// methods - matching, groups, find loops, split limits, replacement syntax.
import java.util.*;
import java.util.regex.*;

public class LibRegex {
    public static void main(String[] args) {
        Pattern email = Pattern.compile("([\\w.]+)@(\\w+)\\.(com|org)");
        Matcher m = email.matcher("mail alice@example.com, bob.smith@site.org and bad@x.net");
        while (m.find())
            System.out.println(m.group() + " user=" + m.group(1) + " host=" + m.group(2) + " tld=" + m.group(3) + " at "
                + m.start() + "-" + m.end() + " groups=" + m.groupCount());
        System.out.println(Pattern.matches("\\d{3}-\\d{4}", "555-1234") + " " + "2024-01-15".matches("\\d{4}-\\d{2}-\\d{2}")
            + " " + "abc".matches("ab") + " " + Pattern.compile("ab").matcher("abc").lookingAt());
        Matcher d = Pattern.compile("(?<year>\\d{4})-(?<month>\\d\\d)").matcher("on 2023-07 and 1999-12");
        StringBuffer sb = new StringBuffer();
        while (d.find()) d.appendReplacement(sb, "${month}/${year}");
        d.appendTail(sb);
        System.out.println(sb);
        System.out.println("a1b2c3".replaceAll("\\d", "#") + " " + "a1b2c3".replaceFirst("[a-z]", "X") + " "
            + "Hello World".replaceAll("(\\w+) (\\w+)", "$2 $1") + " " + "x.y".replaceAll("\\.", "\\$") + " "
            + "aaa".replaceAll("a*", "-") + " " + "tab\there".replaceAll("\\s", "_") + " "
            + Matcher.quoteReplacement("$1\\") + " " + Pattern.quote("a.b"));
        String csv = "name, age ,city,,  zip  ";
        System.out.println(Arrays.toString(csv.split("\\s*,\\s*")) + " " + Arrays.toString(csv.split(",", 3)) + " "
            + Arrays.toString("a:b::c:".split(":")) + " " + Arrays.toString("a:b::c:".split(":", -1)) + " "
            + Arrays.toString("boo:and:foo".split("o")) + " " + Arrays.toString("boo:and:foo".split("o", -2)) + " "
            + Arrays.toString("2+3*4".split("[+*]")) + " " + Arrays.toString("CamelCaseString".split("(?=[A-Z])")) + " "
            + Arrays.toString(Pattern.compile("\\s+").split("  x  y ")));
        Pattern ci = Pattern.compile("hello", Pattern.CASE_INSENSITIVE);
        System.out.println(ci.matcher("HeLLo").matches() + " " + Pattern.compile("^\\w+$", Pattern.MULTILINE).matcher("one\ntwo")
            .find() + " " + Pattern.compile("a.b", Pattern.DOTALL).matcher("a\nb").matches() + " "
            + Pattern.compile("a.b").matcher("a\nb").matches() + " " + Pattern.compile("(?i)straße").matcher("STRAßE").matches()
            + " " + Pattern.compile("a b # comment", Pattern.COMMENTS).matcher("ab").matches() + " "
            + Pattern.compile("a.b", Pattern.LITERAL).matcher("a.b").matches() + " " + ci.flags() + " " + ci.pattern());
        Matcher g = Pattern.compile("(a)(b)?(c)").matcher("ac");
        System.out.println(g.matches() + " " + g.group(2) + " " + g.start(2) + " " + g.group(3) + " " + g.end(3));
        Matcher back = Pattern.compile("(\\w)\\1").matcher("hello bookkeeper");
        List<String> doubles = new ArrayList<>();
        while (back.find()) doubles.add(back.group());
        System.out.println(doubles);
        Matcher greedy = Pattern.compile("<.+>").matcher("<a><b>");
        Matcher lazy = Pattern.compile("<.+?>").matcher("<a><b>");
        greedy.find();
        lazy.find();
        System.out.println(greedy.group() + " " + lazy.group() + " " + "price: $45.99, tax $3".replaceAll("\\$(\\d+)", "USD$1")
            + " " + "x".replaceAll("(?<=x)", "!") + " " + "abcabc".replaceAll("(?<!^)b", "B"));
        String[] bad = {"(", "[a", "a{2", "*x", "a)"};
        for (String b : bad) {
            try {
                Pattern.compile(b);
                System.out.println(b + " compiled");
            } catch (PatternSyntaxException e) {
                System.out.println(b + " -> PatternSyntaxException index " + e.getIndex() + " pattern " + e.getPattern());
            }
        }
        try {
            Pattern.compile("x").matcher("y").group();
        } catch (IllegalStateException e) {
            System.out.println("ISE " + e.getMessage());
        }
        try {
            "abc".replaceAll("b", "$2");
        } catch (IndexOutOfBoundsException e) {
            System.out.println("IOOBE " + e.getMessage());
        }
        Matcher region = Pattern.compile("\\d+").matcher("a12b345c6");
        int count = 0;
        while (region.find()) count += region.group().length();
        region.reset();
        System.out.println(count + " " + region.find(4) + " " + region.group() + " " + region.hitEnd());
    }
}
