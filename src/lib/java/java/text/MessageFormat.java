/* java.text.MessageFormat for vifvm (JDK 17 API): {n}, {n,number[,integer|
 * percent|currency|pattern]}, {n,date|time[,short|medium|long|full|
 * pattern]}, {n,choice,pattern} (recursively formatted when the choice
 * holds a brace), quotes as in the JDK.  Formatting only: parse is not
 * provided (UnsupportedOperationException). */
package java.text;

import java.util.ArrayList;
import java.util.Date;
import java.util.Locale;

public class MessageFormat extends Format {
    private static final long serialVersionUID = 6479157306784022952L;

    private String pattern;
    private Locale locale = Locale.getDefault();
    /* literal text, then for each argument: its index and Format (or null) */
    private transient ArrayList<Object> parts;

    public MessageFormat(String pattern) {
        applyPattern(pattern);
    }

    public MessageFormat(String pattern, Locale locale) {
        this.locale = locale;
        applyPattern(pattern);
    }

    public void setLocale(Locale locale) {
        this.locale = locale;
    }

    public Locale getLocale() {
        return locale;
    }

    private static final class Arg {
        final int index;
        final Format format;

        Arg(int index, Format format) {
            this.index = index;
            this.format = format;
        }
    }

    public void applyPattern(String pattern) {
        ArrayList<Object> p = new ArrayList<Object>();
        StringBuilder lit = new StringBuilder();
        boolean inQuote = false;
        int n = pattern.length();
        for (int i = 0; i < n; ++i) {
            char ch = pattern.charAt(i);
            if (ch == '\'') {
                if (i + 1 < n && pattern.charAt(i + 1) == '\'') {
                    lit.append(ch);
                    ++i;
                } else {
                    inQuote = !inQuote;
                }
            } else if (ch == '{' && !inQuote) {
                // the argument text up to the matching brace (quotes kept for subformats)
                StringBuilder[] seg = { new StringBuilder(), new StringBuilder(), new StringBuilder() };
                int part = 0, braceStack = 0;
                boolean q = false;
                int j = i + 1;
                for (; j < n; j++) {
                    char c = pattern.charAt(j);
                    if (part < 2) {
                        if (c == ',') {
                            part++;
                            continue;
                        }
                        if (c == '}') break;
                        if (c == '{' || c == '\'') {
                            if (part == 0) throw new IllegalArgumentException("can't parse argument number: " + seg[0]);
                        }
                        seg[part].append(c);
                        continue;
                    }
                    if (c == '\'') q = !q;
                    else if (!q && c == '{') braceStack++;
                    else if (!q && c == '}') {
                        if (braceStack == 0) break;
                        braceStack--;
                    }
                    seg[2].append(c);
                }
                if (j >= n) throw new IllegalArgumentException("Unmatched braces in the pattern.");
                if (lit.length() > 0) {
                    p.add(lit.toString());
                    lit.setLength(0);
                }
                p.add(makeArg(seg[0].toString(), seg[1].toString(), seg[2].toString(), part));
                i = j;
            } else if (ch == '}' && !inQuote) {
                lit.append(ch); // a lone closing brace is literal text
            } else {
                lit.append(ch);
            }
        }
        if (lit.length() > 0) p.add(lit.toString());
        this.parts = p;
        this.pattern = pattern;
    }

    private static Arg makeArg(String num, String type, String style, int commas) {
        int index;
        try {
            index = Integer.parseInt(num.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("can't parse argument number: " + num, e);
        }
        if (index < 0) throw new IllegalArgumentException("negative argument number: " + index);
        if (commas == 0) return new Arg(index, null);
        String t = type.trim().toLowerCase(Locale.ROOT);
        String s = style.trim();
        String sl = s.toLowerCase(Locale.ROOT);
        Format f;
        if (t.equals("number")) {
            if (s.isEmpty()) f = NumberFormat.getInstance();
            else if (sl.equals("integer")) f = NumberFormat.getIntegerInstance();
            else if (sl.equals("percent")) f = NumberFormat.getPercentInstance();
            else if (sl.equals("currency")) f = NumberFormat.getCurrencyInstance();
            else f = new DecimalFormat(style);
        } else if (t.equals("date") || t.equals("time")) {
            boolean date = t.equals("date");
            int st = sl.isEmpty() ? DateFormat.DEFAULT : sl.equals("short") ? DateFormat.SHORT
                : sl.equals("medium") ? DateFormat.MEDIUM : sl.equals("long") ? DateFormat.LONG
                : sl.equals("full") ? DateFormat.FULL : -1;
            if (st < 0) f = new SimpleDateFormat(style);
            else f = date ? DateFormat.getDateInstance(st) : DateFormat.getTimeInstance(st);
        } else if (t.equals("choice")) {
            f = new ChoiceFormat(style);
        } else {
            throw new IllegalArgumentException("unknown format type: " + type);
        }
        return new Arg(index, f);
    }

    public String toPattern() {
        return pattern;
    }

    public static String format(String pattern, Object... arguments) {
        return new MessageFormat(pattern).format(arguments);
    }

    public final StringBuffer format(Object[] arguments, StringBuffer result, FieldPosition pos) {
        for (Object o : parts) {
            if (o instanceof String) {
                result.append((String) o);
                continue;
            }
            Arg a = (Arg) o;
            if (arguments == null || a.index >= arguments.length) {
                result.append('{').append(a.index).append('}');
                continue;
            }
            Object obj = arguments[a.index];
            if (obj == null) {
                result.append("null");
            } else if (a.format != null) {
                String s = a.format.format(obj);
                if (a.format instanceof ChoiceFormat && s.indexOf('{') >= 0) s = new MessageFormat(s, locale).format(arguments);
                result.append(s);
            } else if (obj instanceof Number) {
                result.append(NumberFormat.getInstance().format(obj));
            } else if (obj instanceof Date) {
                result.append(DateFormat.getDateTimeInstance(DateFormat.SHORT, DateFormat.SHORT).format(obj));
            } else if (obj instanceof String) {
                result.append((String) obj);
            } else {
                result.append(obj.toString());
            }
        }
        return result;
    }

    public final StringBuffer format(Object arguments, StringBuffer result, FieldPosition pos) {
        return format((Object[]) arguments, result, pos);
    }

    public Object[] parse(String source, ParsePosition pos) {
        throw new UnsupportedOperationException("java.text.MessageFormat.parse: vifvm formats messages but does not parse them");
    }

    public Object[] parse(String source) throws ParseException {
        return parse(source, new ParsePosition(0));
    }

    public Object parseObject(String source, ParsePosition pos) {
        return parse(source, pos);
    }

    public boolean equals(Object obj) {
        return obj instanceof MessageFormat && pattern.equals(((MessageFormat) obj).pattern);
    }

    public int hashCode() {
        return pattern.hashCode();
    }
}
