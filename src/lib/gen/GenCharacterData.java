/*
 * GenCharacterData - generates src/lib/java/java/lang/CharacterData.java,
 * the Unicode tables behind vifvm's java.lang.Character and the String
 * case mappings, from the running JDK's own Character/String (run it with
 * the JDK 17 the conformance tests compare against, so the Unicode version
 * matches):
 *
 *     java src/lib/gen/GenCharacterData.java > src/lib/java/java/lang/CharacterData.java
 *
 * Not part of the library build; the generated file is committed.
 * Tables (runs over all code points, encoded in string constants):
 *   TYPE   general category (Character.getType) runs
 *   UPPER  toUpperCase deltas, LOWER toLowerCase deltas, TITLE titlecase
 *          exceptions (where it differs from toUpperCase)
 *   OLOWER / OUPPER / OALPHA  code points whose isLowerCase / isUpperCase /
 *          isAlphabetic differ from what the category alone gives
 *   IDEO   isIdeographic ranges; XIDSTART / XIDPART code points where
 *          isUnicodeIdentifierStart / Part differ from the category rule
 *   NUMERIC getNumericValue of non-decimal-digit, non-Latin-letter characters
 *   SUPPER / SLOWER  String.toUpperCase / toLowerCase expansions that differ
 *          from the per-character mapping (SpecialCasing)
 */
import java.util.*;

public class GenCharacterData {
    static final int MAX = Character.MAX_CODE_POINT;
    static StringBuilder out = new StringBuilder();

    static String esc(CharSequence s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            /* octal escapes below 0x100: a \\u escape of a line terminator,
             * quote or backslash would break the literal */
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') b.append(c);
            else if (c < 0x100) b.append(String.format("\\%03o", (int) c));
            else b.append(String.format("\\u%04x", (int) c));
        }
        return b.toString();
    }

    /* Emit an int list as string constants of at most 6000 chars each, every
     * int as two chars (high, low 16 bits). */
    static void emitInts(String name, List<Integer> v) {
        StringBuilder s = new StringBuilder();
        for (int x : v) {
            s.append((char) (x >>> 16));
            s.append((char) x);
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < s.length(); i += 6000) parts.add(s.substring(i, Math.min(s.length(), i + 6000)));
        out.append("    static final int[] ").append(name).append(" = decode(").append(v.size()).append(",\n");
        for (int i = 0; i < parts.size(); i++) {
            String p = parts.get(i);
            for (int j = 0; j < p.length(); j += 60) {
                out.append("        \"").append(esc(p.substring(j, Math.min(p.length(), j + 60)))).append("\"");
                out.append(j + 60 < p.length() ? " +\n" : "");
            }
            out.append(i + 1 < parts.size() ? ",\n" : ");\n\n");
        }
        if (parts.isEmpty()) out.append("        \"\");\n\n");
    }

    /* Runs of f(c): (start, value) pairs where the value changes. */
    interface F { int at(int c); }

    static List<Integer> runs(F f) {
        List<Integer> r = new ArrayList<>();
        int prev = Integer.MIN_VALUE;
        for (int c = 0; c <= MAX; c++) {
            int v = f.at(c);
            if (v != prev) {
                r.add(c);
                r.add(v);
                prev = v;
            }
        }
        return r;
    }

    /* Ranges [start, end] of code points where p holds. */
    interface P { boolean at(int c); }

    static List<Integer> ranges(P p) {
        List<Integer> r = new ArrayList<>();
        int c = 0;
        while (c <= MAX) {
            if (!p.at(c)) { c++; continue; }
            int s = c;
            while (c <= MAX && p.at(c)) c++;
            r.add(s);
            r.add(c - 1);
        }
        return r;
    }

    static boolean letterType(int t) {
        return t == Character.UPPERCASE_LETTER || t == Character.LOWERCASE_LETTER || t == Character.TITLECASE_LETTER
            || t == Character.MODIFIER_LETTER || t == Character.OTHER_LETTER;
    }

    static boolean latinLetter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 0xFF21 && c <= 0xFF3A) || (c >= 0xFF41 && c <= 0xFF5A);
    }

    public static void main(String[] a) {
        // checks the runtime relies on
        for (int c = 0; c <= MAX; c++) {
            int t = Character.getType(c);
            if (t == Character.DECIMAL_DIGIT_NUMBER) {
                int s = c;
                while (s > 0 && Character.getType(s - 1) == Character.DECIMAL_DIGIT_NUMBER) s--;
                if (Character.getNumericValue(c) != (c - s) % 10 || Character.digit(c, 10) != (c - s) % 10)
                    throw new Error("digit run assumption fails at " + Integer.toHexString(c));
            }
        }
        out.append("/*\n * java.lang.CharacterData for vifvm: Unicode ").append("tables for Character and the String case\n");
        out.append(" * mappings, generated from OpenJDK ").append(System.getProperty("java.version"));
        out.append(" by src/lib/gen/GenCharacterData.java.\n * Do not edit; regenerate.\n */\n");
        out.append("package java.lang;\n\nfinal class CharacterData {\n    private CharacterData() {}\n\n");
        out.append("    private static int[] decode(int n, String... parts) {\n");
        out.append("        int[] r = new int[n];\n        int k = 0;\n");
        out.append("        for (String s : parts)\n            for (int i = 0; i + 1 < s.length(); i += 2) r[k++] = (s.charAt(i) << 16) | s.charAt(i + 1);\n");
        out.append("        return r;\n    }\n\n");
        emitInts("TYPE", runs(new F() { public int at(int c) { return Character.getType(c); } }));
        emitInts("UPPER", runs(new F() { public int at(int c) { return Character.toUpperCase(c) - c; } }));
        emitInts("LOWER", runs(new F() { public int at(int c) { return Character.toLowerCase(c) - c; } }));
        List<Integer> title = new ArrayList<>();
        for (int c = 0; c <= MAX; c++) if (Character.toTitleCase(c) != Character.toUpperCase(c)) { title.add(c); title.add(Character.toTitleCase(c)); }
        emitInts("TITLE", title);
        emitInts("OLOWER", ranges(new P() { public boolean at(int c) {
            return Character.isLowerCase(c) && Character.getType(c) != Character.LOWERCASE_LETTER; } }));
        emitInts("OUPPER", ranges(new P() { public boolean at(int c) {
            return Character.isUpperCase(c) && Character.getType(c) != Character.UPPERCASE_LETTER; } }));
        emitInts("OALPHA", ranges(new P() { public boolean at(int c) {
            int t = Character.getType(c);
            return Character.isAlphabetic(c) != (letterType(t) || t == Character.LETTER_NUMBER); } }));
        for (int c = 0; c <= MAX; c++) {
            int t = Character.getType(c);
            if (Character.isAlphabetic(c) && !letterType(t) && t != Character.LETTER_NUMBER) continue;
            if (!Character.isAlphabetic(c) && (letterType(t) || t == Character.LETTER_NUMBER))
                throw new Error("alphabetic is not a superset at " + Integer.toHexString(c));
        }
        emitInts("IDEO", ranges(new P() { public boolean at(int c) { return Character.isIdeographic(c); } }));
        emitInts("XIDSTART", ranges(new P() { public boolean at(int c) {
            int t = Character.getType(c);
            return Character.isUnicodeIdentifierStart(c) != (letterType(t) || t == Character.LETTER_NUMBER); } }));
        emitInts("XIDPART", ranges(new P() { public boolean at(int c) {
            int t = Character.getType(c);
            boolean f = letterType(t) || t == Character.LETTER_NUMBER || t == Character.CONNECTOR_PUNCTUATION
                || t == Character.DECIMAL_DIGIT_NUMBER || t == Character.NON_SPACING_MARK
                || t == Character.COMBINING_SPACING_MARK || Character.isIdentifierIgnorable(c);
            return Character.isUnicodeIdentifierPart(c) != f; } }));
        List<Integer> num = new ArrayList<>();
        for (int c = 0; c <= MAX; c++) {
            int v = Character.getNumericValue(c);
            if (v == -1 || Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER || latinLetter(c)) continue;
            int s = c;
            int step = 0;
            if (c + 1 <= MAX && Character.getNumericValue(c + 1) == v + 1 && Character.getType(c + 1) != Character.DECIMAL_DIGIT_NUMBER
                && !latinLetter(c + 1)) step = 1;
            int e = c;
            while (e + 1 <= MAX && Character.getType(e + 1) != Character.DECIMAL_DIGIT_NUMBER && !latinLetter(e + 1)
                   && Character.getNumericValue(e + 1) == v + (e + 1 - s) * step && (step == 1 || Character.getNumericValue(e + 1) == v)) e++;
            num.add(s);
            num.add(e);
            num.add(v);
            num.add(step);
            c = e;
        }
        emitInts("NUMERIC", num);
        // String special casing (context-free part): per BMP character
        StringBuilder su = new StringBuilder(), sl = new StringBuilder();
        int nsu = 0, nsl = 0;
        for (int c = 0; c <= MAX; c++) {
            if (c >= 0xD800 && c <= 0xDFFF) continue;
            String s = new String(Character.toChars(c));
            String u = s.toUpperCase(Locale.ROOT), l = s.toLowerCase(Locale.ROOT);
            if (!u.equals(new String(Character.toChars(Character.toUpperCase(c))))) {
                su.append((char) (c >>> 16)).append((char) c).append((char) u.length()).append(u);
                nsu++;
            }
            if (c != 0x3A3 && !l.equals(new String(Character.toChars(Character.toLowerCase(c))))) {
                sl.append((char) (c >>> 16)).append((char) c).append((char) l.length()).append(l);
                nsl++;
            }
        }
        out.append("    /* (code point high, low, length, expansion...) records */\n");
        out.append("    static final String SUPPER =\n");
        for (int j = 0; j < su.length(); j += 60)
            out.append("        \"").append(esc(su.substring(j, Math.min(su.length(), j + 60)))).append("\"").append(j + 60 < su.length() ? " +\n" : ";\n\n");
        out.append("    static final String SLOWER =\n");
        for (int j = 0; j < sl.length(); j += 60)
            out.append("        \"").append(esc(sl.substring(j, Math.min(sl.length(), j + 60)))).append("\"").append(j + 60 < sl.length() ? " +\n" : ";\n\n");
        out.append("}\n");
        System.out.print(out);
        System.err.println("special upper " + nsu + ", special lower " + nsl);
    }
}
