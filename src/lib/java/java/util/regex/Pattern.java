/*
 * java.util.regex.Pattern for vifvm: a compact backtracking regex engine.
 *
 * Supported syntax: literals and escapes (\t \n \r \f \a \e \0oct \xhh
 * \x{h..} \\uhhhh \cX \Q..\E), . ^ $ \A \z \Z \b \B, character classes
 * with ranges, negation, nesting and && intersection, \d \D \w \W \s \S
 * \h \H, \p{..}/\P{..} for the POSIX classes (Lower Upper ASCII Alpha
 * Digit Alnum Punct Graph Print Blank Cntrl XDigit Space) and L Lu Ll N Nd
 * P Z IsAlphabetic IsLetter IsDigit IsUppercase IsLowercase IsWhite_Space
 * javaLowerCase javaUpperCase javaWhitespace javaDigit javaLetter
 * javaLetterOrDigit, capturing/non-capturing/named groups, lookahead
 * (?= ) (?! ) and lookbehind (?<= ) (?<! ) (lookbehind tries every start
 * position, shortest first, so unbounded lookbehind is accepted),
 * backreferences \n and \k<name>, greedy/lazy/possessive quantifiers
 * * + ? {n} {n,} {n,m}, alternation, and the flags CASE_INSENSITIVE,
 * MULTILINE, DOTALL, COMMENTS, LITERAL (also inline (?imsx-imsx) and
 * (?imsx-imsx:...)).
 * Not supported: atomic groups (?>...), \G, \R, \X, Unicode
 * blocks/scripts, CANON_EQ (PatternSyntaxException).  Matching works on
 * UTF-16 units (a supplementary character is two units).  Possessive
 * quantifiers on groups behave as greedy ones.
 */
package java.util.regex;

import java.util.ArrayList;
import java.util.HashMap;

public final class Pattern implements java.io.Serializable {
    private static final long serialVersionUID = 5073258162644648461L;

    public static final int UNIX_LINES = 0x01;
    public static final int CASE_INSENSITIVE = 0x02;
    public static final int COMMENTS = 0x04;
    public static final int MULTILINE = 0x08;
    public static final int LITERAL = 0x10;
    public static final int DOTALL = 0x20;
    public static final int UNICODE_CASE = 0x40;
    public static final int CANON_EQ = 0x80;
    public static final int UNICODE_CHARACTER_CLASS = 0x100;

    private final String pattern;
    private final int flags;

    transient Node root;
    transient int capturingGroupCount = 1;   /* including group 0 */
    transient int loopCount;
    transient HashMap<String, Integer> namedGroups;

    /* parser state */
    private transient int cursor;
    private transient int curFlags;

    private Pattern(String p, int f) {
        pattern = p;
        flags = f;
        curFlags = f;
        if ((f & CANON_EQ) != 0) throw new PatternSyntaxException("CANON_EQ is not supported", p, -1);
        compile();
    }

    public static Pattern compile(String regex) {
        return new Pattern(regex, 0);
    }

    public static Pattern compile(String regex, int flags) {
        return new Pattern(regex, flags);
    }

    public String pattern() {
        return pattern;
    }

    public String toString() {
        return pattern;
    }

    public int flags() {
        return flags;
    }

    public Matcher matcher(CharSequence input) {
        return new Matcher(this, input);
    }

    public static boolean matches(String regex, CharSequence input) {
        return compile(regex).matcher(input).matches();
    }

    public String[] split(CharSequence input) {
        return split(input, 0);
    }

    public String[] split(CharSequence input, int limit) {
        int index = 0;
        boolean matchLimited = limit > 0;
        ArrayList<String> matchList = new ArrayList<String>();
        Matcher m = matcher(input);
        while (m.find()) {
            if (!matchLimited || matchList.size() < limit - 1) {
                if (index == 0 && index == m.start() && m.start() == m.end()) continue;
                matchList.add(input.subSequence(index, m.start()).toString());
                index = m.end();
            } else if (matchList.size() == limit - 1) {
                matchList.add(input.subSequence(index, input.length()).toString());
                index = m.end();
            }
        }
        if (index == 0) return new String[] { input.toString() };
        if (!matchLimited || matchList.size() < limit)
            matchList.add(input.subSequence(index, input.length()).toString());
        int resultSize = matchList.size();
        if (limit == 0) {
            while (resultSize > 0 && matchList.get(resultSize - 1).isEmpty()) resultSize--;
        }
        String[] result = new String[resultSize];
        for (int i = 0; i < resultSize; i++) result[i] = matchList.get(i);
        return result;
    }

    public static String quote(String s) {
        int slashEIndex = s.indexOf("\\E");
        if (slashEIndex == -1) return "\\Q" + s + "\\E";
        StringBuilder sb = new StringBuilder(s.length() * 2);
        sb.append("\\Q");
        int current = 0;
        while ((slashEIndex = s.indexOf("\\E", current)) != -1) {
            sb.append(s, current, slashEIndex);
            current = slashEIndex + 2;
            sb.append("\\E\\\\E\\Q");
        }
        sb.append(s, current, s.length());
        sb.append("\\E");
        return sb.toString();
    }

    public java.util.function.Predicate<String> asPredicate() {
        return new java.util.function.Predicate<String>() {
            public boolean test(String s) {
                return matcher(s).find();
            }
        };
    }

    // ---- parser -----------------------------------------------------------

    private PatternSyntaxException error(String desc) {
        return new PatternSyntaxException(desc, pattern, cursor - 1);
    }

    private PatternSyntaxException error(String desc, int index) {
        return new PatternSyntaxException(desc, pattern, index);
    }

    private boolean has(int f) {
        return (curFlags & f) != 0;
    }

    private int peek() {
        if (has(COMMENTS)) skipComments();
        return cursor < pattern.length() ? pattern.charAt(cursor) : -1;
    }

    private int read() {
        int c = peek();
        if (c >= 0) cursor++;
        return c;
    }

    private int readRaw() {
        return cursor < pattern.length() ? pattern.charAt(cursor++) : -1;
    }

    private void skipComments() {
        while (cursor < pattern.length()) {
            char c = pattern.charAt(cursor);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B) {
                cursor++;
            } else if (c == '#') {
                while (cursor < pattern.length() && pattern.charAt(cursor) != '\n') cursor++;
            } else {
                break;
            }
        }
    }

    /* A fragment of the node graph: head, and the tail whose next is open. */
    private static final class Frag {
        final Node head, tail;

        Frag(Node head, Node tail) {
            this.head = head;
            this.tail = tail;
        }
    }

    private void compile() {
        Frag f;
        if ((flags & LITERAL) != 0) {
            f = literalSeq(pattern);
            cursor = pattern.length();
        } else {
            f = expr();
            if (cursor < pattern.length()) {
                if (pattern.charAt(cursor) == ')') throw error("Unmatched closing ')'");
                throw error("Unexpected internal error");
            }
        }
        Node accept = new Accept();
        if (f.head == null) {
            root = accept;
        } else {
            f.tail.next = accept;
            root = f.head;
        }
    }

    private Frag literalSeq(String s) {
        Node head = null, tail = null;
        for (int i = 0; i < s.length(); i++) {
            Node n = single(s.charAt(i));
            if (head == null) head = n;
            else tail.next = n;
            tail = n;
        }
        return new Frag(head, tail);
    }

    private static Frag concat(Frag a, Frag b) {
        if (a == null || a.head == null) return b;
        if (b == null || b.head == null) return a;
        a.tail.next = b.head;
        return new Frag(a.head, b.tail);
    }

    private Frag expr() {
        Frag first = seq();
        if (peek() != '|') return first;
        ArrayList<Frag> alts = new ArrayList<Frag>();
        alts.add(first);
        while (peek() == '|') {
            read();
            alts.add(seq());
        }
        BranchConn conn = new BranchConn();
        Node[] heads = new Node[alts.size()];
        for (int k = 0; k < heads.length; k++) {
            Frag a = alts.get(k);
            if (a == null || a.head == null) {
                heads[k] = conn;
            } else {
                a.tail.next = conn;
                heads[k] = a.head;
            }
        }
        return new Frag(new Branch(heads), conn);
    }

    private Frag seq() {
        Frag f = null;
        for (;;) {
            int c = peek();
            if (c < 0 || c == '|' || c == ')') break;
            f = concat(f, quantified());
        }
        return f == null ? new Frag(null, null) : f;
    }

    private Frag quantified() {
        int atomStart = cursor;
        Frag a = atom();
        if (a == null || a.head == null) return a;
        int c = peek();
        int min, max;
        switch (c) {
            case '*': read(); min = 0; max = Integer.MAX_VALUE; break;
            case '+': read(); min = 1; max = Integer.MAX_VALUE; break;
            case '?': read(); min = 0; max = 1; break;
            case '{': {
                int save = cursor;
                read();
                int lo = readInt();
                if (lo < 0) {
                    cursor = save + 1;
                    throw error("Illegal repetition");
                }
                int hi = lo;
                if (peek() == ',') {
                    read();
                    hi = (peek() == '}') ? Integer.MAX_VALUE : readInt();
                    if (hi < 0) throw error("Illegal repetition");
                }
                int close = read();
                if (close != '}')
                    throw error("Unclosed counted closure", close < 0 ? pattern.length() : cursor - 1);
                if (hi < lo) throw error("Illegal repetition range");
                min = lo;
                max = hi;
                break;
            }
            default:
                return a;
        }
        int kind = Loop.GREEDY;
        if (peek() == '?') {
            read();
            kind = Loop.LAZY;
        } else if (peek() == '+') {
            read();
            kind = Loop.POSSESSIVE;
        }
        int next = peek();
        if (next == '*' || next == '+' || next == '?' || next == '{') {
            cursor++;
            throw error("Dangling meta character '" + (char) next + "'");
        }
        if (a.head == a.tail && a.head instanceof CharProperty) {
            CharLoop l = new CharLoop((CharProperty) a.head, min, max, kind);
            return new Frag(l, l);
        }
        Loop loop = new Loop(min, max, kind, loopCount++);
        LoopTail lt = new LoopTail(loop);
        a.tail.next = lt;
        loop.body = a.head;
        return new Frag(loop, loop);
    }

    private int readInt() {
        int c = peek();
        if (c < '0' || c > '9') return -1;
        long v = 0;
        while ((c = peek()) >= '0' && c <= '9') {
            read();
            v = v * 10 + (c - '0');
            if (v > Integer.MAX_VALUE) throw error("Illegal repetition");
        }
        return (int) v;
    }

    private Node single(int c) {
        if (has(CASE_INSENSITIVE) && Character.toLowerCase(c) != Character.toUpperCase(c)) return new SingleI(c);
        return new Single(c);
    }

    private Frag one(Node n) {
        return new Frag(n, n);
    }

    private Frag atom() {
        int c = read();
        switch (c) {
            case '(':
                return group();
            case '[': {
                ClassSet cs = charClass();
                return one(new ClassNode(cs, has(CASE_INSENSITIVE)));
            }
            case '.':
                return one(has(DOTALL) ? new AnyChar() : new Dot(has(UNIX_LINES)));
            case '^':
                return one(has(MULTILINE) ? new Caret(has(UNIX_LINES)) : new Begin());
            case '$':
                return one(new Dollar(has(MULTILINE), has(UNIX_LINES)));
            case '\\':
                return escapeAtom();
            case '*':
            case '+':
            case '?':
                throw error("Dangling meta character '" + (char) c + "'");
            case '{':
                throw error("Illegal repetition");
            default:
                if (Character.isHighSurrogate((char) c) && cursor < pattern.length()
                    && Character.isLowSurrogate(pattern.charAt(cursor))) {
                    Node hi = single(c);
                    Node lo = single(pattern.charAt(cursor++));
                    hi.next = lo;
                    return new Frag(hi, lo);
                }
                return one(single(c));
        }
    }

    private Frag group() {
        int savedFlags = curFlags;
        Frag body;
        int start = cursor - 1;
        if (peek() == '?') {
            read();
            int c = read();
            switch (c) {
                case ':':
                    body = expr();
                    break;
                case '=':
                case '!': {
                    Frag b = expr();
                    expectClose(start);
                    curFlags = savedFlags;
                    LookEnd end = new LookEnd();
                    Node head;
                    if (b.head == null) {
                        head = end;
                    } else {
                        b.tail.next = end;
                        head = b.head;
                    }
                    return one(new LookAhead(head, c == '!'));
                }
                case '<': {
                    int d = peek();
                    if (d == '=' || d == '!') {
                        read();
                        Frag b = expr();
                        expectClose(start);
                        curFlags = savedFlags;
                        LookBehindEnd end = new LookBehindEnd();
                        Node head;
                        if (b.head == null) {
                            head = end;
                        } else {
                            b.tail.next = end;
                            head = b.head;
                        }
                        return one(new LookBehind(head, d == '!'));
                    }
                    StringBuilder name = new StringBuilder();
                    while ((d = read()) >= 0 && d != '>') name.append((char) d);
                    if (d != '>' || name.length() == 0) throw error("named capturing group is missing trailing '>'");
                    if (namedGroups == null) namedGroups = new HashMap<String, Integer>();
                    if (namedGroups.containsKey(name.toString()))
                        throw error("Named capturing group <" + name + "> is already defined");
                    int g = capturingGroupCount++;
                    namedGroups.put(name.toString(), Integer.valueOf(g));
                    return capture(g, start, savedFlags);
                }
                case '>':
                    throw error("Atomic groups are not supported");
                default: {
                    cursor--;
                    boolean on = true;
                    int f = curFlags;
                    for (;;) {
                        int d = read();
                        if (d == ')') {
                            curFlags = f;   /* applies to the rest of the enclosing group */
                            return new Frag(null, null);
                        }
                        if (d == ':') {
                            curFlags = f;
                            body = expr();
                            break;
                        }
                        int bit;
                        switch (d) {
                            case 'i': bit = CASE_INSENSITIVE; break;
                            case 'm': bit = MULTILINE; break;
                            case 's': bit = DOTALL; break;
                            case 'x': bit = COMMENTS; break;
                            case 'd': bit = UNIX_LINES; break;
                            case 'u': bit = UNICODE_CASE; break;
                            case 'U': bit = UNICODE_CHARACTER_CLASS; break;
                            case '-': on = false; continue;
                            default: throw error("Unknown inline modifier");
                        }
                        f = on ? (f | bit) : (f & ~bit);
                    }
                    break;
                }
            }
            expectClose(start);
            curFlags = savedFlags;
            return body.head == null ? new Frag(null, null) : body;
        }
        int g = capturingGroupCount++;
        return capture(g, start, savedFlags);
    }

    private Frag capture(int g, int start, int savedFlags) {
        Frag body = expr();
        expectClose(start);
        curFlags = savedFlags;
        GroupHead gh = new GroupHead(g);
        GroupTail gt = new GroupTail(g);
        if (body.head == null) {
            gh.next = gt;
        } else {
            gh.next = body.head;
            body.tail.next = gt;
        }
        return new Frag(gh, gt);
    }

    private void expectClose(int start) {
        if (read() != ')') throw error("Unclosed group", pattern.length());
    }

    private Frag escapeAtom() {
        int c = readRaw();
        switch (c) {
            case -1:
                throw error("Unexpected internal error", pattern.length());
            case 'b': return one(new Bound(false));
            case 'B': return one(new Bound(true));
            case 'A': return one(new Begin());
            case 'z': return one(new End());
            case 'Z': return one(new Dollar(false, has(UNIX_LINES)));
            case 'Q': {
                int e = pattern.indexOf("\\E", cursor);
                String lit = e < 0 ? pattern.substring(cursor) : pattern.substring(cursor, e);
                cursor = e < 0 ? pattern.length() : e + 2;
                return lit.isEmpty() ? new Frag(null, null) : literalSeq(lit);
            }
            case 'k': {
                if (readRaw() != '<') throw error("\\k is not followed by '<' for named capturing group");
                StringBuilder name = new StringBuilder();
                int d;
                while ((d = readRaw()) >= 0 && d != '>') name.append((char) d);
                Integer g = namedGroups == null ? null : namedGroups.get(name.toString());
                if (g == null) throw error("named capturing group <" + name + "> does not exist");
                return one(new BackRef(g.intValue(), has(CASE_INSENSITIVE)));
            }
            default:
                break;
        }
        if (c >= '1' && c <= '9') {
            int g = c - '0';
            /* take more digits while they name an existing group */
            while (cursor < pattern.length()) {
                char d = pattern.charAt(cursor);
                if (d < '0' || d > '9') break;
                int ng = g * 10 + (d - '0');
                if (ng >= capturingGroupCount) break;
                g = ng;
                cursor++;
            }
            return one(new BackRef(g, has(CASE_INSENSITIVE)));
        }
        cursor--;
        Object e = escape(false);
        if (e instanceof CharPredicate) return one(new ClassNode((CharPredicate) e));
        return one(single(((Integer) e).intValue()));
    }

    /* After a backslash: a CharPredicate (\d, \p{..}, ...) or an Integer
     * code unit. */
    private Object escape(boolean inClass) {
        int c = readRaw();
        switch (c) {
            case 'd': return Preds.DIGIT;
            case 'D': return Preds.not(Preds.DIGIT);
            case 'w': return Preds.WORD;
            case 'W': return Preds.not(Preds.WORD);
            case 's': return Preds.SPACE;
            case 'S': return Preds.not(Preds.SPACE);
            case 'h': return Preds.HSPACE;
            case 'H': return Preds.not(Preds.HSPACE);
            case 'v': return Preds.VSPACE;
            case 'V': return Preds.not(Preds.VSPACE);
            case 'p':
            case 'P': {
                String name;
                if (cursor < pattern.length() && pattern.charAt(cursor) == '{') {
                    int e = pattern.indexOf('}', cursor);
                    if (e < 0) throw error("Unclosed character family");
                    name = pattern.substring(cursor + 1, e);
                    cursor = e + 1;
                } else {
                    if (cursor >= pattern.length()) throw error("Illegal character family");
                    name = String.valueOf(pattern.charAt(cursor++));
                }
                CharPredicate p = Preds.property(name);
                if (p == null) throw error("Unknown character property name {" + name + "}");
                return c == 'P' ? Preds.not(p) : p;
            }
            case 't': return Integer.valueOf('\t');
            case 'n': return Integer.valueOf('\n');
            case 'r': return Integer.valueOf('\r');
            case 'f': return Integer.valueOf('\f');
            case 'a': return Integer.valueOf(0x07);
            case 'e': return Integer.valueOf(0x1B);
            case '0': {
                int v = 0, n = 0;
                while (n < 3 && cursor < pattern.length()) {
                    char d = pattern.charAt(cursor);
                    if (d < '0' || d > '7' || (n == 2 && v > 037)) break;
                    v = v * 8 + (d - '0');
                    cursor++;
                    n++;
                }
                if (n == 0) throw error("Illegal octal escape sequence");
                return Integer.valueOf(v);
            }
            case 'x': {
                if (cursor < pattern.length() && pattern.charAt(cursor) == '{') {
                    int e = pattern.indexOf('}', cursor);
                    if (e < 0) throw error("Unclosed hexadecimal escape sequence");
                    int v;
                    try {
                        v = Integer.parseInt(pattern.substring(cursor + 1, e), 16);
                    } catch (NumberFormatException ex) {
                        throw error("Illegal hexadecimal escape sequence");
                    }
                    cursor = e + 1;
                    return Integer.valueOf(v);
                }
                return Integer.valueOf(hex(2));
            }
            case 'u':
                return Integer.valueOf(hex(4));
            case 'c': {
                int d = readRaw();
                if (d < 0) throw error("Illegal control escape sequence");
                return Integer.valueOf(d ^ 64);
            }
            default:
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
                    throw error("Illegal/unsupported escape sequence");
                return Integer.valueOf(c);
        }
    }

    private int hex(int n) {
        int v = 0;
        for (int i = 0; i < n; i++) {
            int d = cursor < pattern.length() ? Character.digit(pattern.charAt(cursor), 16) : -1;
            if (d < 0) throw error("Illegal hexadecimal escape sequence");
            v = v * 16 + d;
            cursor++;
        }
        return v;
    }

    /* After '[': parse up to and including the closing ']'. */
    private ClassSet charClass() {
        ClassSet cs = new ClassSet();
        int classStart = cursor - 1;
        if (cursor < pattern.length() && pattern.charAt(cursor) == '^') {
            cursor++;
            cs.negated = true;
        }
        boolean first = true;
        for (;;) {
            if (cursor >= pattern.length()) throw error("Unclosed character class", pattern.length() - 1);
            char c = pattern.charAt(cursor);
            if (c == ']' && !first) {
                cursor++;
                return cs;
            }
            first = false;
            if (c == '[') {
                cursor++;
                cs.members.add(new ClassNode(charClass(), has(CASE_INSENSITIVE)).asPredicate());
                continue;
            }
            if (c == '&' && cursor + 1 < pattern.length() && pattern.charAt(cursor + 1) == '&') {
                cursor += 2;
                ClassSet rest = new ClassSet();
                /* the right operand runs to the closing ']' of this class */
                boolean rfirst = true;
                for (;;) {
                    if (cursor >= pattern.length()) throw error("Unclosed character class", pattern.length() - 1);
                    char d = pattern.charAt(cursor);
                    if (d == ']' && !rfirst) break;
                    rfirst = false;
                    if (d == '[') {
                        cursor++;
                        rest.members.add(new ClassNode(charClass(), has(CASE_INSENSITIVE)).asPredicate());
                        continue;
                    }
                    classItem(rest);
                }
                cs.intersections.add(rest);
                continue;
            }
            classItem(cs);
        }
    }

    private void classItem(ClassSet cs) {
        if (has(COMMENTS)) {
            char c = pattern.charAt(cursor);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                cursor++;
                return;
            }
        }
        int lo;
        char c = pattern.charAt(cursor++);
        if (c == '\\') {
            if (cursor < pattern.length() && pattern.charAt(cursor) == 'Q') {
                cursor++;
                int e = pattern.indexOf("\\E", cursor);
                String lit = e < 0 ? pattern.substring(cursor) : pattern.substring(cursor, e);
                cursor = e < 0 ? pattern.length() : e + 2;
                for (int i = 0; i < lit.length(); i++) cs.addRange(lit.charAt(i), lit.charAt(i));
                return;
            }
            Object e = escape(true);
            if (e instanceof CharPredicate) {
                cs.members.add((CharPredicate) e);
                return;
            }
            lo = ((Integer) e).intValue();
        } else {
            lo = c;
        }
        if (cursor + 1 < pattern.length() && pattern.charAt(cursor) == '-' && pattern.charAt(cursor + 1) != ']') {
            cursor++;
            int hi;
            char d = pattern.charAt(cursor++);
            if (d == '[') throw error("Illegal character range");
            if (d == '\\') {
                Object e = escape(true);
                if (e instanceof CharPredicate) throw error("Illegal character range");
                hi = ((Integer) e).intValue();
            } else {
                hi = d;
            }
            if (hi < lo) throw error("Illegal character range");
            cs.addRange(lo, hi);
        } else {
            cs.addRange(lo, lo);
        }
    }

    // ---- character predicates ----------------------------------------------

    interface CharPredicate {
        boolean is(int c);
    }

    static final class Preds {
        private Preds() {}

        static final CharPredicate DIGIT = new CharPredicate() {
            public boolean is(int c) { return c >= '0' && c <= '9'; }
        };
        static final CharPredicate WORD = new CharPredicate() {
            public boolean is(int c) {
                return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
            }
        };
        static final CharPredicate SPACE = new CharPredicate() {
            public boolean is(int c) { return c == ' ' || (c >= 0x09 && c <= 0x0D); }
        };
        static final CharPredicate HSPACE = new CharPredicate() {
            public boolean is(int c) {
                return c == ' ' || c == '\t' || c == 0xA0 || c == 0x1680 || c == 0x180E
                    || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000;
            }
        };
        static final CharPredicate VSPACE = new CharPredicate() {
            public boolean is(int c) {
                return (c >= 0x0A && c <= 0x0D) || c == 0x85 || c == 0x2028 || c == 0x2029;
            }
        };

        static CharPredicate not(final CharPredicate p) {
            return new CharPredicate() {
                public boolean is(int c) { return !p.is(c); }
            };
        }

        static CharPredicate range(final int lo, final int hi) {
            return new CharPredicate() {
                public boolean is(int c) { return c >= lo && c <= hi; }
            };
        }

        static CharPredicate chars(final String s) {
            return new CharPredicate() {
                public boolean is(int c) { return c < 0x10000 && s.indexOf(c) >= 0; }
            };
        }

        static CharPredicate property(String name) {
            String n = name;
            if (n.startsWith("Is") && n.length() > 2) n = n.substring(2);
            switch (n) {
                case "Lower": return range('a', 'z');
                case "Upper": return range('A', 'Z');
                case "ASCII": return range(0, 0x7F);
                case "Alpha": return new CharPredicate() {
                    public boolean is(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
                };
                case "Digit": return DIGIT;
                case "Alnum": return new CharPredicate() {
                    public boolean is(int c) {
                        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
                    }
                };
                case "Punct": return chars("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
                case "Graph": return range(0x21, 0x7E);
                case "Print": return range(0x20, 0x7E);
                case "Blank": return chars(" \t");
                case "Cntrl": return new CharPredicate() {
                    public boolean is(int c) { return c < 0x20 || c == 0x7F; }
                };
                case "XDigit": return new CharPredicate() {
                    public boolean is(int c) {
                        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
                    }
                };
                case "Space": return SPACE;
                case "L":
                case "Letter":
                case "Alphabetic": return new CharPredicate() {
                    public boolean is(int c) { return Character.isLetter(c); }
                };
                case "Lu":
                case "Uppercase": return new CharPredicate() {
                    public boolean is(int c) { return Character.isUpperCase(c); }
                };
                case "Ll":
                case "Lowercase": return new CharPredicate() {
                    public boolean is(int c) { return Character.isLowerCase(c); }
                };
                case "N":
                case "Nd": return new CharPredicate() {
                    public boolean is(int c) { return Character.isDigit(c); }
                };
                case "P": return new CharPredicate() {
                    public boolean is(int c) {
                        int t = Character.getType(c);
                        return t == Character.CONNECTOR_PUNCTUATION || t == Character.DASH_PUNCTUATION
                            || t == Character.START_PUNCTUATION || t == Character.END_PUNCTUATION
                            || t == Character.OTHER_PUNCTUATION || t == Character.INITIAL_QUOTE_PUNCTUATION
                            || t == Character.FINAL_QUOTE_PUNCTUATION;
                    }
                };
                case "Z": return new CharPredicate() {
                    public boolean is(int c) { return Character.isSpaceChar(c); }
                };
                case "White_Space":
                case "WhiteSpace": return new CharPredicate() {
                    public boolean is(int c) {
                        return Character.isWhitespace(c) || c == 0x85 || c == 0xA0 || c == 0x2007 || c == 0x202F;
                    }
                };
                case "javaLowerCase": return property("Ll");
                case "javaUpperCase": return property("Lu");
                case "javaWhitespace": return new CharPredicate() {
                    public boolean is(int c) { return Character.isWhitespace(c); }
                };
                case "javaDigit": return property("Nd");
                case "javaLetter": return property("L");
                case "javaLetterOrDigit": return new CharPredicate() {
                    public boolean is(int c) { return Character.isLetterOrDigit(c); }
                };
                default: return null;
            }
        }
    }

    /* A parsed [...] class. */
    static final class ClassSet implements CharPredicate {
        boolean negated;
        int[] ranges = new int[8];
        int nranges;
        final ArrayList<CharPredicate> members = new ArrayList<CharPredicate>();
        final ArrayList<ClassSet> intersections = new ArrayList<ClassSet>();

        void addRange(int lo, int hi) {
            if (nranges * 2 == ranges.length) {
                int[] n = new int[ranges.length * 2];
                System.arraycopy(ranges, 0, n, 0, ranges.length);
                ranges = n;
            }
            ranges[nranges * 2] = lo;
            ranges[nranges * 2 + 1] = hi;
            nranges++;
        }

        private boolean union(int c) {
            for (int i = 0; i < nranges; i++)
                if (c >= ranges[2 * i] && c <= ranges[2 * i + 1]) return true;
            for (int i = 0; i < members.size(); i++)
                if (members.get(i).is(c)) return true;
            return false;
        }

        public boolean is(int c) {
            boolean r = union(c);
            for (int i = 0; r && i < intersections.size(); i++) r = intersections.get(i).is(c);
            return r != negated;
        }
    }

    // ---- nodes --------------------------------------------------------------

    static class Node {
        Node next;

        boolean match(Matcher m, int i) {
            return next.match(m, i);
        }
    }

    static final class Accept extends Node {
        boolean match(Matcher m, int i) {
            if (m.requireEnd && i != m.to) return false;
            m.groups[0] = m.matchStart;
            m.groups[1] = i;
            return true;
        }
    }

    static final class LookEnd extends Node {
        boolean match(Matcher m, int i) {
            return true;
        }
    }

    static abstract class CharProperty extends Node {
        abstract boolean is(int c);

        boolean match(Matcher m, int i) {
            return i < m.to && is(m.text.charAt(i)) && next.match(m, i + 1);
        }
    }

    static final class Single extends CharProperty {
        final int c;

        Single(int c) {
            this.c = c;
        }

        boolean is(int ch) {
            return ch == c;
        }
    }

    static final class SingleI extends CharProperty {
        final int lower, upper;

        SingleI(int c) {
            lower = Character.toLowerCase(c);
            upper = Character.toUpperCase(c);
        }

        boolean is(int ch) {
            return ch == lower || ch == upper || Character.toLowerCase(ch) == lower;
        }
    }

    static final class Dot extends CharProperty {
        final boolean unixLines;

        Dot(boolean unixLines) {
            this.unixLines = unixLines;
        }

        boolean is(int ch) {
            if (unixLines) return ch != '\n';
            return ch != '\n' && ch != '\r' && (ch | 1) != '\u2029' && ch != '\u0085';
        }
    }

    static final class AnyChar extends CharProperty {
        boolean is(int ch) {
            return true;
        }
    }

    static final class ClassNode extends CharProperty {
        final CharPredicate p;
        final boolean ci;

        ClassNode(CharPredicate p) {
            this(p, false);
        }

        ClassNode(CharPredicate p, boolean ci) {
            this.p = p;
            this.ci = ci;
        }

        boolean is(int ch) {
            if (p.is(ch)) return true;
            if (!ci) return false;
            int l = Character.toLowerCase(ch), u = Character.toUpperCase(ch);
            return (l != ch && p.is(l)) || (u != ch && p.is(u));
        }

        CharPredicate asPredicate() {
            final ClassNode self = this;
            return new CharPredicate() {
                public boolean is(int c) { return self.is(c); }
            };
        }
    }

    static final class Begin extends Node {
        boolean match(Matcher m, int i) {
            return i == m.from && next.match(m, i);
        }
    }

    static final class End extends Node {
        boolean match(Matcher m, int i) {
            return i == m.to && next.match(m, i);
        }
    }

    static boolean isLineTerminator(int c, boolean unixLines) {
        if (unixLines) return c == '\n';
        return c == '\n' || c == '\r' || c == '\u0085' || (c | 1) == '\u2029';
    }

    static final class Caret extends Node {
        final boolean unixLines;

        Caret(boolean unixLines) {
            this.unixLines = unixLines;
        }

        boolean match(Matcher m, int i) {
            if (i > m.from) {
                char ch = m.text.charAt(i - 1);
                if (!isLineTerminator(ch, unixLines)) return false;
                if (ch == '\r' && i < m.to && m.text.charAt(i) == '\n') return false;
                if (i == m.to) return false;
            }
            return next.match(m, i);
        }
    }

    static final class Dollar extends Node {
        final boolean multiline, unixLines;

        Dollar(boolean multiline, boolean unixLines) {
            this.multiline = multiline;
            this.unixLines = unixLines;
        }

        boolean match(Matcher m, int i) {
            int end = m.to;
            if (i < end) {
                char ch = m.text.charAt(i);
                if (ch == '\n') {
                    if (!unixLines && i > 0 && m.text.charAt(i - 1) == '\r') return false;
                    if (!multiline && i != end - 1) return false;
                } else if (!unixLines && (ch == '\r' || ch == '\u0085' || (ch | 1) == '\u2029')) {
                    if (ch == '\r' && i + 1 < end && m.text.charAt(i + 1) == '\n') {
                        if (!multiline && i + 2 != end) return false;
                    } else if (!multiline && i != end - 1) {
                        return false;
                    }
                } else {
                    return false;
                }
            }
            return next.match(m, i);
        }
    }

    static final class Bound extends Node {
        final boolean negate;

        Bound(boolean negate) {
            this.negate = negate;
        }

        private static boolean isWord(char c) {
            return Character.isLetterOrDigit(c) || c == '_';
        }

        boolean match(Matcher m, int i) {
            boolean left = i > m.from && isWord(m.text.charAt(i - 1));
            boolean right = i < m.to && isWord(m.text.charAt(i));
            boolean at = left != right;
            return at != negate && next.match(m, i);
        }
    }

    static final class GroupHead extends Node {
        final int group;

        GroupHead(int group) {
            this.group = group;
        }

        boolean match(Matcher m, int i) {
            int save = m.locals[group];
            m.locals[group] = i;
            boolean r = next.match(m, i);
            m.locals[group] = save;
            return r;
        }
    }

    static final class GroupTail extends Node {
        final int group;

        GroupTail(int group) {
            this.group = group;
        }

        boolean match(Matcher m, int i) {
            int s0 = m.groups[2 * group], s1 = m.groups[2 * group + 1];
            m.groups[2 * group] = m.locals[group];
            m.groups[2 * group + 1] = i;
            if (next.match(m, i)) return true;
            m.groups[2 * group] = s0;
            m.groups[2 * group + 1] = s1;
            return false;
        }
    }

    static final class Branch extends Node {
        final Node[] alts;

        Branch(Node[] alts) {
            this.alts = alts;
        }

        boolean match(Matcher m, int i) {
            for (int k = 0; k < alts.length; k++)
                if (alts[k].match(m, i)) return true;
            return false;
        }
    }

    static final class BranchConn extends Node {
    }

    static final class LookAhead extends Node {
        final Node body;
        final boolean negative;

        LookAhead(Node body, boolean negative) {
            this.body = body;
            this.negative = negative;
        }

        boolean match(Matcher m, int i) {
            int savedTo = m.to;
            boolean savedReq = m.requireEnd;
            m.requireEnd = false;
            boolean r = body.match(m, i);
            m.requireEnd = savedReq;
            m.to = savedTo;
            return r != negative && next.match(m, i);
        }
    }

    /* (?<=X) / (?<!X): X must match some text[j, i) ending exactly at i
     * (tried shortest first, as the JDK does for bounded X). */
    static final class LookBehind extends Node {
        final Node body;
        final boolean negative;

        LookBehind(Node body, boolean negative) {
            this.body = body;
            this.negative = negative;
        }

        boolean match(Matcher m, int i) {
            int savedTarget = m.lookbehindTarget;
            boolean savedReq = m.requireEnd;
            m.requireEnd = false;
            m.lookbehindTarget = i;
            boolean r = false;
            for (int j = i; !r && j >= m.from; j--) r = body.match(m, j);
            m.lookbehindTarget = savedTarget;
            m.requireEnd = savedReq;
            return r != negative && next.match(m, i);
        }
    }

    static final class LookBehindEnd extends Node {
        boolean match(Matcher m, int i) {
            return i == m.lookbehindTarget;
        }
    }

    static final class BackRef extends Node {
        final int group;
        final boolean ci;

        BackRef(int group, boolean ci) {
            this.group = group;
            this.ci = ci;
        }

        boolean match(Matcher m, int i) {
            if (2 * group + 1 >= m.groups.length) return false;
            int s = m.groups[2 * group], e = m.groups[2 * group + 1];
            if (s < 0) return false;
            int n = e - s;
            if (i + n > m.to) return false;
            for (int k = 0; k < n; k++) {
                char a = m.text.charAt(s + k), b = m.text.charAt(i + k);
                if (a == b) continue;
                if (ci && (Character.toLowerCase(a) == Character.toLowerCase(b)
                           || Character.toUpperCase(a) == Character.toUpperCase(b))) continue;
                return false;
            }
            return next.match(m, i + n);
        }
    }

    /* X* / X+ / X{n,m} for a single-character X: iterative backtracking. */
    static final class CharLoop extends Node {
        final CharProperty p;
        final int min, max, kind;

        CharLoop(CharProperty p, int min, int max, int kind) {
            this.p = p;
            this.min = min;
            this.max = max;
            this.kind = kind;
        }

        boolean match(Matcher m, int i) {
            int to = m.to;
            int n = 0;
            if (kind == Loop.LAZY) {
                while (n < min) {
                    if (i + n >= to || !p.is(m.text.charAt(i + n))) return false;
                    n++;
                }
                for (;;) {
                    if (next.match(m, i + n)) return true;
                    if (n >= max || i + n >= to || !p.is(m.text.charAt(i + n))) return false;
                    n++;
                }
            }
            while (n < max && i + n < to && p.is(m.text.charAt(i + n))) n++;
            if (n < min) return false;
            if (kind == Loop.POSSESSIVE) return next.match(m, i + n);
            for (; n >= min; n--)
                if (next.match(m, i + n)) return true;
            return false;
        }
    }

    /* A quantified group or other multi-node atom. */
    static final class Loop extends Node {
        static final int GREEDY = 0, LAZY = 1, POSSESSIVE = 2;
        Node body;
        final int min, max, kind, id;

        Loop(int min, int max, int kind, int id) {
            this.min = min;
            this.max = max;
            this.kind = kind;
            this.id = id;
        }

        boolean match(Matcher m, int i) {
            int savedCount = m.counts[id], savedStart = m.starts[id];
            m.counts[id] = 0;
            m.starts[id] = -1;
            boolean r = iterate(m, i);
            m.counts[id] = savedCount;
            m.starts[id] = savedStart;
            return r;
        }

        /* counts[id] iterations done; continue at i. */
        boolean iterate(Matcher m, int i) {
            int c = m.counts[id];
            int ss = m.starts[id];
            if (c < min) {
                m.starts[id] = i;
                boolean r = body.match(m, i);
                m.starts[id] = ss;
                return r;
            }
            if (kind == LAZY) {
                if (next.match(m, i)) return true;
                if (c < max) {
                    m.starts[id] = i;
                    boolean r = body.match(m, i);
                    m.starts[id] = ss;
                    return r;
                }
                return false;
            }
            if (c < max) {
                m.starts[id] = i;
                boolean r = body.match(m, i);
                m.starts[id] = ss;
                if (r) return true;
            }
            return next.match(m, i);
        }
    }

    static final class LoopTail extends Node {
        final Loop loop;

        LoopTail(Loop loop) {
            this.loop = loop;
        }

        boolean match(Matcher m, int i) {
            int id = loop.id;
            /* an empty iteration ends the loop (keeping its captures), as in
             * the JDK */
            if (i == m.starts[id]) return loop.next.match(m, i);
            int c = m.counts[id];
            m.counts[id] = c + 1;
            boolean r = loop.iterate(m, i);
            m.counts[id] = c;
            return r;
        }
    }
}
