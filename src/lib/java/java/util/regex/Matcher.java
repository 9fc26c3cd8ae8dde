/* java.util.regex.Matcher for vifvm: find/matches/lookingAt, groups and
 * replacement ($n, ${name}, \ escapes) over the engine in Pattern.java. */
package java.util.regex;

public final class Matcher implements MatchResult {
    private Pattern parentPattern;
    CharSequence text;
    int from, to;
    int[] groups;
    int[] locals;
    int[] counts;
    int[] starts;
    boolean requireEnd;
    int lookbehindTarget;
    int matchStart;

    private int first = -1, last = 0;
    private int lastAppendPosition = 0;
    private boolean matched;

    Matcher(Pattern parent, CharSequence text) {
        this.parentPattern = parent;
        this.text = text;
        int g = parent.capturingGroupCount;
        groups = new int[g * 2];
        locals = new int[g];
        counts = new int[Math.max(parent.loopCount, 1)];
        starts = new int[Math.max(parent.loopCount, 1)];
        reset();
    }

    public Pattern pattern() {
        return parentPattern;
    }

    public Matcher usePattern(Pattern newPattern) {
        if (newPattern == null) throw new IllegalArgumentException("Pattern cannot be null");
        parentPattern = newPattern;
        int g = newPattern.capturingGroupCount;
        groups = new int[g * 2];
        locals = new int[g];
        counts = new int[Math.max(newPattern.loopCount, 1)];
        starts = new int[Math.max(newPattern.loopCount, 1)];
        for (int i = 0; i < groups.length; i++) groups[i] = -1;
        matched = false;
        return this;
    }

    public Matcher reset() {
        first = -1;
        last = 0;
        for (int i = 0; i < groups.length; i++) groups[i] = -1;
        lastAppendPosition = 0;
        from = 0;
        to = text.length();
        matched = false;
        return this;
    }

    public Matcher reset(CharSequence input) {
        text = input;
        return reset();
    }

    public MatchResult toMatchResult() {
        final int[] g = groups.clone();
        final String t = text.toString();
        final boolean ok = matched;
        final int gc = groupCount();
        return new MatchResult() {
            private void check() {
                if (!ok) throw new IllegalStateException("No match found");
            }

            public int start() { check(); return g[0]; }
            public int start(int group) { check(); return g[2 * group]; }
            public int end() { check(); return g[1]; }
            public int end(int group) { check(); return g[2 * group + 1]; }
            public String group() { return group(0); }

            public String group(int group) {
                check();
                if (group < 0 || group > gc) throw new IndexOutOfBoundsException("No group " + group);
                if (g[2 * group] == -1) return null;
                return t.substring(g[2 * group], g[2 * group + 1]);
            }

            public int groupCount() { return gc; }
        };
    }

    private boolean run(int start, boolean anchored, boolean whole) {
        requireEnd = whole;
        for (int s = start; s <= to; s++) {
            for (int i = 0; i < groups.length; i++) groups[i] = -1;
            matchStart = s;
            if (parentPattern.root.match(this, s)) {
                first = groups[0];
                last = groups[1];
                matched = true;
                return true;
            }
            if (anchored) break;
        }
        for (int i = 0; i < groups.length; i++) groups[i] = -1;
        matched = false;
        first = -1;
        return false;
    }

    public boolean matches() {
        return run(from, true, true);
    }

    public boolean lookingAt() {
        return run(from, true, false);
    }

    public boolean find() {
        int nextSearchIndex = last;
        if (nextSearchIndex == first) nextSearchIndex++;
        if (nextSearchIndex < from) nextSearchIndex = from;
        if (nextSearchIndex > to) {
            for (int i = 0; i < groups.length; i++) groups[i] = -1;
            matched = false;
            return false;
        }
        return run(nextSearchIndex, false, false);
    }

    public boolean find(int start) {
        int limit = text.length();
        if ((start < 0) || (start > limit)) throw new IndexOutOfBoundsException("Illegal start index");
        reset();
        return run(start, false, false);
    }

    public Matcher region(int start, int end) {
        if (start < 0 || start > text.length()) throw new IndexOutOfBoundsException("start");
        if (end < 0 || end > text.length()) throw new IndexOutOfBoundsException("end");
        if (start > end) throw new IndexOutOfBoundsException("start > end");
        reset();
        from = start;
        to = end;
        return this;
    }

    public int regionStart() {
        return from;
    }

    public int regionEnd() {
        return to;
    }

    private void checkMatch() {
        if (!matched) throw new IllegalStateException("No match available");
    }

    public int start() {
        checkMatch();
        return first;
    }

    public int start(int group) {
        checkMatch();
        checkGroup(group);
        return groups[group * 2];
    }

    public int start(String name) {
        return start(getMatchedGroupIndex(name));
    }

    public int end() {
        checkMatch();
        return last;
    }

    public int end(int group) {
        checkMatch();
        checkGroup(group);
        return groups[group * 2 + 1];
    }

    public int end(String name) {
        return end(getMatchedGroupIndex(name));
    }

    private void checkGroup(int group) {
        if (group < 0 || group > groupCount()) throw new IndexOutOfBoundsException("No group " + group);
    }

    public String group() {
        return group(0);
    }

    public String group(int group) {
        if (!matched) throw new IllegalStateException("No match found");
        checkGroup(group);
        if ((groups[group * 2] == -1) || (groups[group * 2 + 1] == -1)) return null;
        return text.subSequence(groups[group * 2], groups[group * 2 + 1]).toString();
    }

    public String group(String name) {
        return group(getMatchedGroupIndex(name));
    }

    private int getMatchedGroupIndex(String name) {
        if (name == null) throw new NullPointerException("Group name");
        if (!matched) throw new IllegalStateException("No match found");
        Integer g = parentPattern.namedGroups == null ? null : parentPattern.namedGroups.get(name);
        if (g == null) throw new IllegalArgumentException("No group with name <" + name + ">");
        return g.intValue();
    }

    public int groupCount() {
        return parentPattern.capturingGroupCount - 1;
    }

    public boolean hitEnd() {
        return last == to;
    }

    // ---- replacement ------------------------------------------------------

    public static String quoteReplacement(String s) {
        if ((s.indexOf('\\') == -1) && (s.indexOf('$') == -1)) return s;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' || c == '$') sb.append('\\');
            sb.append(c);
        }
        return sb.toString();
    }

    private void appendExpandedReplacement(String replacement, StringBuilder result) {
        int cursor = 0;
        while (cursor < replacement.length()) {
            char nextChar = replacement.charAt(cursor);
            if (nextChar == '\\') {
                cursor++;
                if (cursor == replacement.length())
                    throw new IllegalArgumentException("character to be escaped is missing");
                nextChar = replacement.charAt(cursor);
                result.append(nextChar);
                cursor++;
            } else if (nextChar == '$') {
                cursor++;
                if (cursor == replacement.length())
                    throw new IllegalArgumentException("Illegal group reference: group index is missing");
                nextChar = replacement.charAt(cursor);
                int refNum;
                if (nextChar == '{') {
                    cursor++;
                    StringBuilder gsb = new StringBuilder();
                    while (cursor < replacement.length()) {
                        nextChar = replacement.charAt(cursor);
                        if ((nextChar >= 'a' && nextChar <= 'z') || (nextChar >= 'A' && nextChar <= 'Z')
                            || (nextChar >= '0' && nextChar <= '9')) {
                            gsb.append(nextChar);
                            cursor++;
                        } else {
                            break;
                        }
                    }
                    if (gsb.length() == 0)
                        throw new IllegalArgumentException("named capturing group has 0 length name");
                    if (nextChar != '}')
                        throw new IllegalArgumentException("named capturing group is missing trailing '}'");
                    String gname = gsb.toString();
                    if (Character.isDigit(gname.charAt(0)))
                        throw new IllegalArgumentException("capturing group name {" + gname
                                                           + "} starts with digit character");
                    Integer g = parentPattern.namedGroups == null ? null : parentPattern.namedGroups.get(gname);
                    if (g == null) throw new IllegalArgumentException("No group with name {" + gname + "}");
                    refNum = g.intValue();
                    cursor++;
                } else {
                    refNum = nextChar - '0';
                    if ((refNum < 0) || (refNum > 9))
                        throw new IllegalArgumentException("Illegal group reference");
                    cursor++;
                    boolean done = false;
                    while (!done) {
                        if (cursor >= replacement.length()) break;
                        int nextDigit = replacement.charAt(cursor) - '0';
                        if ((nextDigit < 0) || (nextDigit > 9)) break;
                        int newRefNum = (refNum * 10) + nextDigit;
                        if (groupCount() < newRefNum) {
                            done = true;
                        } else {
                            refNum = newRefNum;
                            cursor++;
                        }
                    }
                }
                if (refNum > groupCount()) throw new IndexOutOfBoundsException("No group " + refNum);
                if (start(refNum) != -1 && end(refNum) != -1) result.append(text, start(refNum), end(refNum));
            } else {
                result.append(nextChar);
                cursor++;
            }
        }
    }

    public Matcher appendReplacement(StringBuilder sb, String replacement) {
        checkMatch();
        StringBuilder result = new StringBuilder();
        appendExpandedReplacement(replacement, result);
        sb.append(text, lastAppendPosition, first);
        sb.append(result);
        lastAppendPosition = last;
        return this;
    }

    public Matcher appendReplacement(StringBuffer sb, String replacement) {
        checkMatch();
        StringBuilder result = new StringBuilder();
        appendExpandedReplacement(replacement, result);
        sb.append(text, lastAppendPosition, first);
        sb.append(result);
        lastAppendPosition = last;
        return this;
    }

    public StringBuilder appendTail(StringBuilder sb) {
        sb.append(text, lastAppendPosition, getTextLength());
        return sb;
    }

    public StringBuffer appendTail(StringBuffer sb) {
        sb.append(text, lastAppendPosition, getTextLength());
        return sb;
    }

    private int getTextLength() {
        return text.length();
    }

    public String replaceAll(String replacement) {
        reset();
        boolean result = find();
        if (result) {
            StringBuilder sb = new StringBuilder();
            do {
                appendReplacement(sb, replacement);
                result = find();
            } while (result);
            appendTail(sb);
            return sb.toString();
        }
        return text.toString();
    }

    public String replaceAll(java.util.function.Function<MatchResult, String> replacer) {
        if (replacer == null) throw new NullPointerException();
        reset();
        boolean result = find();
        if (result) {
            StringBuilder sb = new StringBuilder();
            do {
                String replacement = replacer.apply(this);
                appendReplacement(sb, replacement);
                result = find();
            } while (result);
            appendTail(sb);
            return sb.toString();
        }
        return text.toString();
    }

    public String replaceFirst(String replacement) {
        if (replacement == null) throw new NullPointerException("replacement");
        reset();
        if (!find()) return text.toString();
        StringBuilder sb = new StringBuilder();
        appendReplacement(sb, replacement);
        appendTail(sb);
        return sb.toString();
    }

    public String toString() {
        return "java.util.regex.Matcher[pattern=" + pattern() + " region=" + regionStart() + ","
            + regionEnd() + " lastmatch=" + ((matched && (group() != null)) ? group() : "") + "]";
    }
}
