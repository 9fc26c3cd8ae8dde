/* java.text.SimpleDateFormat for vifvm (JDK 17 API, US English names):
 * formats every pattern letter of the JDK (G y Y M L d D E u F w W a H k K
 * h m s S z Z X) and parses numbers, names, literals and zones (UTC, GMT,
 * GMT+hh:mm, +hhmm, Z).  Two-digit years parse into the 100 years around
 * the format's creation, as in the JDK. */
package java.text;

import java.util.ArrayList;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.TimeZone;
import jdk.internal.vifvm.CivilDate;

public class SimpleDateFormat extends DateFormat {
    private static final long serialVersionUID = 4774881970558875024L;
    private static final String LETTERS = "GyMdkHmsSEDFwWahKzZYuXL";

    private String pattern;
    private transient ArrayList<Object> tokens; // String literal or int[] {letter, count}
    private Date defaultCenturyStart;
    private int defaultCenturyStartYear;

    public SimpleDateFormat() {
        this(dateTimePattern(SHORT, SHORT));
    }

    public SimpleDateFormat(String pattern) {
        this(pattern, Locale.getDefault());
    }

    public SimpleDateFormat(String pattern, Locale locale) {
        if (pattern == null || locale == null) throw new NullPointerException();
        calendar = new GregorianCalendar();
        applyPattern(pattern);
        Calendar c = new GregorianCalendar();
        c.add(Calendar.YEAR, -80);
        set2DigitYearStart(c.getTime());
    }

    public SimpleDateFormat(String pattern, DateFormatSymbols formatSymbols) {
        this(pattern);
    }

    public void set2DigitYearStart(Date startDate) {
        defaultCenturyStart = new Date(startDate.getTime());
        Calendar c = (Calendar) calendar.clone();
        c.setTime(startDate);
        defaultCenturyStartYear = c.get(Calendar.YEAR);
    }

    public Date get2DigitYearStart() {
        return (Date) defaultCenturyStart.clone();
    }

    public String toPattern() {
        return pattern;
    }

    public String toLocalizedPattern() {
        return pattern;
    }

    public void applyLocalizedPattern(String pattern) {
        applyPattern(pattern);
    }

    public void applyPattern(String pattern) {
        ArrayList<Object> t = new ArrayList<Object>();
        StringBuilder lit = new StringBuilder();
        int n = pattern.length();
        for (int i = 0; i < n;) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                if (i + 1 < n && pattern.charAt(i + 1) == '\'') {
                    lit.append('\'');
                    i += 2;
                    continue;
                }
                int j = i + 1;
                while (true) {
                    if (j >= n) throw new IllegalArgumentException("Unterminated quote");
                    char q = pattern.charAt(j);
                    if (q == '\'') {
                        if (j + 1 < n && pattern.charAt(j + 1) == '\'') {
                            lit.append('\'');
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    lit.append(q);
                    j++;
                }
                i = j + 1;
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                if (LETTERS.indexOf(c) < 0) throw new IllegalArgumentException("Illegal pattern character '" + c + "'");
                int j = i;
                while (j < n && pattern.charAt(j) == c) j++;
                int count = j - i;
                if (c == 'X' && count > 3) throw new IllegalArgumentException("invalid ISO 8601 format: length=" + count);
                if (lit.length() > 0) {
                    t.add(lit.toString());
                    lit.setLength(0);
                }
                t.add(new int[] { c, count });
                i = j;
            } else {
                lit.append(c);
                i++;
            }
        }
        if (lit.length() > 0) t.add(lit.toString());
        this.tokens = t;
        this.pattern = pattern;
    }

    public DateFormatSymbols getDateFormatSymbols() {
        return new DateFormatSymbols();
    }

    public StringBuffer format(Date date, StringBuffer toAppendTo, FieldPosition pos) {
        Calendar c = calendar;
        c.setTime(date);
        for (Object o : tokens) {
            if (o instanceof String) {
                toAppendTo.append((String) o);
                continue;
            }
            int[] f = (int[]) o;
            formatField((char) f[0], f[1], c, toAppendTo);
        }
        return toAppendTo;
    }

    private static void num(StringBuffer sb, long v, int width) {
        StringBuilder b = new StringBuilder();
        if (v < 0) {
            b.append('-');
            v = -v;
        }
        CivilDate.pad(b, v, width);
        sb.append(b);
    }

    private static void offset(StringBuffer sb, int offMillis, boolean colon, boolean minutes) {
        int m = offMillis / 60000;
        sb.append(m < 0 ? '-' : '+');
        if (m < 0) m = -m;
        num(sb, m / 60, 2);
        if (!minutes) return;
        if (colon) sb.append(':');
        num(sb, m % 60, 2);
    }

    private void formatField(char letter, int count, Calendar c, StringBuffer sb) {
        switch (letter) {
        case 'G':
            sb.append(c.get(Calendar.ERA) == 0 ? "BC" : "AD");
            break;
        case 'y':
        case 'Y': {
            int y = c.get(Calendar.YEAR);
            if (count == 2) num(sb, y % 100, 2);
            else num(sb, y, count);
            break;
        }
        case 'M':
        case 'L': {
            int m = c.get(Calendar.MONTH);
            if (count >= 4) sb.append(CivilDate.MONTHS[m]);
            else if (count == 3) sb.append(CivilDate.SHORT_MONTHS[m]);
            else num(sb, m + 1, count);
            break;
        }
        case 'd': num(sb, c.get(Calendar.DAY_OF_MONTH), count); break;
        case 'D': num(sb, c.get(Calendar.DAY_OF_YEAR), count); break;
        case 'F': num(sb, c.get(Calendar.DAY_OF_WEEK_IN_MONTH), count); break;
        case 'w': num(sb, c.get(Calendar.WEEK_OF_YEAR), count); break;
        case 'W': num(sb, c.get(Calendar.WEEK_OF_MONTH), count); break;
        case 'E': {
            int d = c.get(Calendar.DAY_OF_WEEK) - 1;
            sb.append(count >= 4 ? CivilDate.DAYS[d] : CivilDate.SHORT_DAYS[d]);
            break;
        }
        case 'u': {
            int d = c.get(Calendar.DAY_OF_WEEK);
            num(sb, d == Calendar.SUNDAY ? 7 : d - 1, count);
            break;
        }
        case 'a': sb.append(c.get(Calendar.AM_PM) == 0 ? "AM" : "PM"); break;
        case 'H': num(sb, c.get(Calendar.HOUR_OF_DAY), count); break;
        case 'k': {
            int h = c.get(Calendar.HOUR_OF_DAY);
            num(sb, h == 0 ? 24 : h, count);
            break;
        }
        case 'K': num(sb, c.get(Calendar.HOUR), count); break;
        case 'h': {
            int h = c.get(Calendar.HOUR);
            num(sb, h == 0 ? 12 : h, count);
            break;
        }
        case 'm': num(sb, c.get(Calendar.MINUTE), count); break;
        case 's': num(sb, c.get(Calendar.SECOND), count); break;
        case 'S': num(sb, c.get(Calendar.MILLISECOND), count); break;
        case 'z':
            sb.append(c.getTimeZone().getDisplayName(false, count >= 4 ? TimeZone.LONG : TimeZone.SHORT));
            break;
        case 'Z':
            offset(sb, c.get(Calendar.ZONE_OFFSET) + c.get(Calendar.DST_OFFSET), false, true);
            break;
        case 'X': {
            int off = c.get(Calendar.ZONE_OFFSET) + c.get(Calendar.DST_OFFSET);
            if (off == 0) sb.append('Z');
            else offset(sb, off, count == 3, count >= 2);
            break;
        }
        default:
            break;
        }
    }

    // ---------------------------------------------------------------- parse

    private static boolean isNumeric(int[] f) {
        char c = (char) f[0];
        if (c == 'M' || c == 'L') return f[1] <= 2;
        return "yYdDFwWuHkKhmsS".indexOf(c) >= 0;
    }

    /* index just after the longest name in names matching text at pos
     * (case-insensitively), with the name's index in out[0]; -1 if none */
    private static int matchName(String text, int pos, String[] names, int[] out) {
        int best = -1, bestLen = 0;
        for (int i = 0; i < names.length; i++) {
            String nm = names[i];
            if (nm.length() > bestLen && text.regionMatches(true, pos, nm, 0, nm.length())) {
                best = i;
                bestLen = nm.length();
            }
        }
        if (best < 0) return -1;
        out[0] = best;
        return pos + bestLen;
    }

    public Date parse(String text, ParsePosition pos) {
        int start = pos.index;
        int p = start;
        int len = text.length();
        Calendar c = (Calendar) calendar.clone();
        c.clear();
        int tzOffset = Integer.MIN_VALUE;
        int hour12 = -1, ampm = -1;
        boolean twoDigitYear = false;
        int[] nameIdx = new int[1];
        for (int t = 0; t < tokens.size(); t++) {
            Object o = tokens.get(t);
            if (o instanceof String) {
                String lit = (String) o;
                if (!text.startsWith(lit, p)) {
                    pos.errorIndex = p;
                    return null;
                }
                p += lit.length();
                continue;
            }
            int[] f = (int[]) o;
            char letter = (char) f[0];
            int count = f[1];
            if (isNumeric(f)) {
                boolean abutting = t + 1 < tokens.size() && tokens.get(t + 1) instanceof int[]
                    && isNumeric((int[]) tokens.get(t + 1));
                int q = p;
                boolean neg = false;
                if (q < len && text.charAt(q) == '-' && !abutting) {
                    neg = true;
                    q++;
                }
                int digitsStart = q;
                int limit = abutting ? Math.min(len, q + count) : len;
                long v = 0;
                while (q < limit && text.charAt(q) >= '0' && text.charAt(q) <= '9' && v < Integer.MAX_VALUE) {
                    v = v * 10 + (text.charAt(q) - '0');
                    q++;
                }
                if (q == digitsStart) {
                    pos.errorIndex = p;
                    return null;
                }
                int value = (int) (neg ? -v : v);
                switch (letter) {
                case 'y':
                case 'Y':
                    if (count <= 2 && q - digitsStart == 2 && !neg) {
                        int ambiguousTwoDigitYear = defaultCenturyStartYear % 100;
                        twoDigitYear = value == ambiguousTwoDigitYear;
                        value += (defaultCenturyStartYear / 100) * 100 + (value < ambiguousTwoDigitYear ? 100 : 0);
                    }
                    c.set(Calendar.YEAR, value);
                    break;
                case 'M':
                case 'L': c.set(Calendar.MONTH, value - 1); break;
                case 'd': c.set(Calendar.DAY_OF_MONTH, value); break;
                case 'D': c.set(Calendar.DAY_OF_YEAR, value); break;
                case 'H': c.set(Calendar.HOUR_OF_DAY, value); break;
                case 'k': c.set(Calendar.HOUR_OF_DAY, value == 24 ? 0 : value); break;
                case 'K': hour12 = value; break;
                case 'h': hour12 = value == 12 ? 0 : value; break;
                case 'm': c.set(Calendar.MINUTE, value); break;
                case 's': c.set(Calendar.SECOND, value); break;
                case 'S': c.set(Calendar.MILLISECOND, value); break;
                case 'u': c.set(Calendar.DAY_OF_WEEK, value == 7 ? Calendar.SUNDAY : value + 1); break;
                default: break; // F, w, W: read, not used
                }
                p = q;
                continue;
            }
            int q;
            switch (letter) {
            case 'M':
            case 'L':
                q = matchName(text, p, CivilDate.MONTHS, nameIdx);
                if (q < 0) q = matchName(text, p, CivilDate.SHORT_MONTHS, nameIdx);
                if (q >= 0) c.set(Calendar.MONTH, nameIdx[0]);
                break;
            case 'E':
                q = matchName(text, p, CivilDate.DAYS, nameIdx);
                if (q < 0) q = matchName(text, p, CivilDate.SHORT_DAYS, nameIdx);
                if (q >= 0) c.set(Calendar.DAY_OF_WEEK, nameIdx[0] + 1);
                break;
            case 'a':
                q = matchName(text, p, new String[] { "AM", "PM" }, nameIdx);
                if (q >= 0) ampm = nameIdx[0];
                break;
            case 'G':
                q = matchName(text, p, new String[] { "BC", "AD" }, nameIdx);
                if (q >= 0) c.set(Calendar.ERA, nameIdx[0]);
                break;
            default: { // z Z X
                int[] off = new int[1];
                q = parseZone(text, p, off);
                if (q >= 0) tzOffset = off[0];
                break;
            }
            }
            if (q < 0) {
                pos.errorIndex = p;
                return null;
            }
            p = q;
        }
        if (hour12 >= 0) {
            c.set(Calendar.HOUR, hour12);
            if (ampm < 0) ampm = 0;
        }
        if (ampm >= 0) {
            c.set(Calendar.AM_PM, ampm);
            if (hour12 < 0) {
                int h = c.get(Calendar.HOUR_OF_DAY);
                c.set(Calendar.HOUR_OF_DAY, h % 12 + 12 * ampm);
            }
        }
        long millis;
        if (tzOffset != Integer.MIN_VALUE) {
            c.setTimeZone(TimeZone.getTimeZone("UTC"));
            millis = c.getTimeInMillis() - tzOffset;
        } else {
            millis = c.getTimeInMillis();
        }
        if (twoDigitYear && millis < defaultCenturyStart.getTime()) {
            c.add(Calendar.YEAR, 100);
            millis = tzOffset != Integer.MIN_VALUE ? c.getTimeInMillis() - tzOffset : c.getTimeInMillis();
        }
        pos.index = p;
        return new Date(millis);
    }

    /* UTC, GMT, GMT+h[h][:mm], +hh[:]mm, +hh, Z: the end index, or -1 */
    private static int parseZone(String text, int p, int[] off) {
        int len = text.length();
        if (text.startsWith("UTC", p) || text.startsWith("GMT", p)) {
            int q = p + 3;
            if (q < len && (text.charAt(q) == '+' || text.charAt(q) == '-')) {
                int r = parseOffset(text, q, off, true);
                return r;
            }
            off[0] = 0;
            return q;
        }
        if (p < len && text.charAt(p) == 'Z') {
            off[0] = 0;
            return p + 1;
        }
        if (p < len && (text.charAt(p) == '+' || text.charAt(p) == '-')) return parseOffset(text, p, off, false);
        return -1;
    }

    private static int parseOffset(String text, int p, int[] off, boolean shortHour) {
        int len = text.length();
        int sign = text.charAt(p) == '-' ? -1 : 1;
        int q = p + 1;
        int hs = q;
        while (q < len && q - hs < 2 && Character.isDigit(text.charAt(q))) q++;
        if (q - hs < (shortHour ? 1 : 2)) return -1;
        int h = Integer.parseInt(text.substring(hs, q));
        int m = 0;
        if (q < len && text.charAt(q) == ':') q++;
        if (q + 2 <= len && Character.isDigit(text.charAt(q)) && Character.isDigit(text.charAt(q + 1))) {
            m = Integer.parseInt(text.substring(q, q + 2));
            q += 2;
        }
        if (h > 23 || m > 59) return -1;
        off[0] = sign * (h * 60 + m) * 60000;
        return q;
    }

    public boolean equals(Object obj) {
        return obj instanceof SimpleDateFormat && pattern.equals(((SimpleDateFormat) obj).pattern);
    }

    public int hashCode() {
        return pattern.hashCode();
    }

    public Object clone() {
        return super.clone();
    }
}
