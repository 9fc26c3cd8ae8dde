// A tiny backtracking regex matcher (literal, '.', '*', '+', '?', '^', '$') in the style of Pike/Kernighan.
public class TinyRegex {
    static boolean match(String re, String text) {
        if (re.startsWith("^")) return matchHere(re, 1, text, 0);
        int i = 0;
        do { if (matchHere(re, 1 - 1, text, i)) return true; } while (i++ < text.length());
        return false;
    }
    static boolean matchHere(String re, int ri, String t, int ti) {
        if (ri == re.length()) return true;
        if (ri + 1 < re.length()) {
            char op = re.charAt(ri + 1);
            if (op == '*') return matchStar(re.charAt(ri), re, ri + 2, t, ti, 0);
            if (op == '+') return matchStar(re.charAt(ri), re, ri + 2, t, ti, 1);
            if (op == '?') {
                if (ti < t.length() && (re.charAt(ri) == '.' || re.charAt(ri) == t.charAt(ti)) && matchHere(re, ri + 2, t, ti + 1)) return true;
                return matchHere(re, ri + 2, t, ti);
            }
        }
        if (re.charAt(ri) == '$' && ri + 1 == re.length()) return ti == t.length();
        if (ti < t.length() && (re.charAt(ri) == '.' || re.charAt(ri) == t.charAt(ti))) return matchHere(re, ri + 1, t, ti + 1);
        return false;
    }
    static boolean matchStar(char c, String re, int ri, String t, int ti, int min) {
        int n = 0;
        while (true) {
            if (n >= min && matchHere(re, ri, t, ti)) return true;
            if (ti < t.length() && (c == '.' || t.charAt(ti) == c)) { ti++; n++; } else return false;
        }
    }
    public static void main(String[] args) {
        String[][] cases = {{"abc", "xxabcxx"}, {"^abc", "xxabc"}, {"^abc$", "abc"}, {"a.c", "abc"}, {"a*b", "aaab"}, {"^a*$", ""},
            {"colou?r", "color"}, {"colou?r", "colour"}, {"colou?r", "colouur"}, {"ab+c", "ac"}, {"ab+c", "abbbc"}, {".*x$", "abcx"},
            {"^.+@.+\\..+$", "a@b.c"}, {"^[", "["}, {"x*y*z*", ""}, {"^(ab)", "(ab)"}};
        for (String[] c : cases) System.out.println("'" + c[0] + "' ~ '" + c[1] + "' = " + match(c[0], c[1]));
        int hits = 0;
        for (int i = 0; i < 20000; i++) if (match("^1.*0+$", Integer.toBinaryString(i))) hits++;
        System.out.println("hits " + hits);
    }
}
