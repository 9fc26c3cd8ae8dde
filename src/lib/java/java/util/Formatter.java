/*
 * java.util.Formatter for vifvm (String.format, printf).
 *
 * Supported: %b %B %h %H %s %S %c %C %d %o %x %X %e %E %f %g %G %a %A %% %n %t,
 * explicit (n$) and relative (<) argument indexes, the flags - # + space 0
 * , ( with the JDK's validity checks and exceptions, width and precision.
 * Floating-point conversions round the shortest decimal representation
 * half-up, as the JDK does (so %.1f of 0.15 is 0.2).  Locale is ignored
 * (always US conventions).  %t/%T date/time conversions take a Long, Date
 * or Calendar (not java.time values: IllegalFormatConversionException).
 * Not supported: Formattable, BigInteger/BigDecimal.
 */
package java.util;

import java.io.IOException;

public final class Formatter implements java.io.Closeable, java.io.Flushable {
    private Appendable a;
    private IOException lastException;
    private boolean closed;

    public Formatter() {
        this.a = new StringBuilder();
    }

    public Formatter(Appendable a) {
        this.a = (a == null) ? new StringBuilder() : a;
    }

    public Formatter(Locale l) {
        this();
    }

    public Formatter(Appendable a, Locale l) {
        this(a);
    }

    public Formatter(java.io.PrintStream ps) {
        if (ps == null) throw new NullPointerException();
        this.a = ps;
    }

    private void ensureOpen() {
        if (closed) throw new FormatterClosedException();
    }

    public Locale locale() {
        ensureOpen();
        return Locale.US;
    }

    public Appendable out() {
        ensureOpen();
        return a;
    }

    public String toString() {
        ensureOpen();
        return a.toString();
    }

    public void flush() {
        ensureOpen();
        if (a instanceof java.io.Flushable) {
            try {
                ((java.io.Flushable) a).flush();
            } catch (IOException ioe) {
                lastException = ioe;
            }
        }
    }

    public void close() {
        if (closed) return;
        closed = true;
        if (a instanceof java.io.Closeable) {
            try {
                ((java.io.Closeable) a).close();
            } catch (IOException ioe) {
                lastException = ioe;
            }
        }
    }

    public IOException ioException() {
        return lastException;
    }

    public Formatter format(Locale l, String format, Object... args) {
        return format(format, args);
    }

    // ---- flags ------------------------------------------------------------

    private static final int LEFT_JUSTIFY = 1, UPPERCASE = 2, ALTERNATE = 4, PLUS = 8,
        LEADING_SPACE = 16, ZERO_PAD = 32, GROUP = 64, PARENTHESES = 128, PREVIOUS = 256;

    private static int flagBit(char c) {
        switch (c) {
            case '-': return LEFT_JUSTIFY;
            case '#': return ALTERNATE;
            case '+': return PLUS;
            case ' ': return LEADING_SPACE;
            case '0': return ZERO_PAD;
            case ',': return GROUP;
            case '(': return PARENTHESES;
            case '<': return PREVIOUS;
            default: return 0;
        }
    }

    private static String flagString(int f) {
        StringBuilder sb = new StringBuilder();
        if ((f & LEFT_JUSTIFY) != 0) sb.append('-');
        if ((f & UPPERCASE) != 0) sb.append('^');
        if ((f & ALTERNATE) != 0) sb.append('#');
        if ((f & PLUS) != 0) sb.append('+');
        if ((f & LEADING_SPACE) != 0) sb.append(' ');
        if ((f & ZERO_PAD) != 0) sb.append('0');
        if ((f & GROUP) != 0) sb.append(',');
        if ((f & PARENTHESES) != 0) sb.append('(');
        if ((f & PREVIOUS) != 0) sb.append('<');
        return sb.toString();
    }

    // ---- the format loop ----------------------------------------------------

    public Formatter format(String format, Object... args) {
        ensureOpen();
        int last = -1;      /* index of the last argument used */
        int lasto = -1;     /* last ordinary index */
        int i = 0, max = format.length();
        StringBuilder out = new StringBuilder();
        while (i < max) {
            int pct = format.indexOf('%', i);
            if (pct < 0) {
                out.append(format, i, max);
                break;
            }
            out.append(format, i, pct);
            Spec spec = parse(format, pct, max);
            i = spec.end;
            char c = spec.conv;
            if (c == '%' || c == 'n') {
                spec.print(out, null);
                continue;
            }
            int index = spec.index;
            Object arg;
            if ((spec.flags & PREVIOUS) != 0) {
                if (last < 0) throw new MissingFormatArgumentException(spec.toString());
                arg = (args == null) ? null : args[last];
            } else if (index > 0) {
                last = index - 1;
                if (args != null && last > args.length - 1)
                    throw new MissingFormatArgumentException(spec.toString());
                arg = (args == null) ? null : args[last];
            } else {
                lasto++;
                last = lasto;
                if (args != null && lasto > args.length - 1)
                    throw new MissingFormatArgumentException(spec.toString());
                arg = (args == null) ? null : args[lasto];
            }
            spec.print(out, arg);
        }
        try {
            a.append(out);
        } catch (IOException x) {
            lastException = x;
        }
        return this;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static UnknownFormatConversionException badText(String s, int pct, int max) {
        char c = (pct == max - 1) ? '%' : s.charAt(pct + 1);
        return new UnknownFormatConversionException(String.valueOf(c));
    }

    /* Parse the specifier starting at s[pct] == '%'. */
    private static Spec parse(String s, int pct, int max) {
        Spec sp = new Spec();
        int j = pct + 1;
        int k = j;
        while (k < max && isDigit(s.charAt(k))) k++;
        if (k > j && k < max && s.charAt(k) == '$') {
            try {
                sp.index = Integer.parseInt(s.substring(j, k));
            } catch (NumberFormatException e) {
                throw new IllegalFormatArgumentIndexException(Integer.MIN_VALUE);
            }
            if (sp.index <= 0) throw new IllegalFormatArgumentIndexException(sp.index);
            j = k + 1;
        }
        int fs = j;
        while (j < max && flagBit(s.charAt(j)) != 0) j++;
        for (int q = fs; q < j; q++) {
            int bit = flagBit(s.charAt(q));
            if ((sp.flags & bit) != 0) throw new DuplicateFormatFlagsException(String.valueOf(s.charAt(q)));
            sp.flags |= bit;
        }
        k = j;
        while (k < max && isDigit(s.charAt(k))) k++;
        if (k > j) {
            try {
                sp.width = Integer.parseInt(s.substring(j, k));
            } catch (NumberFormatException e) {
                throw new IllegalFormatWidthException(Integer.MIN_VALUE);
            }
            j = k;
        }
        if (j < max && s.charAt(j) == '.') {
            k = j + 1;
            while (k < max && isDigit(s.charAt(k))) k++;
            if (k == j + 1) throw badText(s, pct, max);
            try {
                sp.precision = Integer.parseInt(s.substring(j + 1, k));
            } catch (NumberFormatException e) {
                throw new IllegalFormatPrecisionException(Integer.MIN_VALUE);
            }
            j = k;
        }
        if (j >= max) throw badText(s, pct, max);
        char c = s.charAt(j);
        if (c == 't' || c == 'T') {
            if (j + 1 >= max) throw new UnknownFormatConversionException(String.valueOf(c));
            char dt = s.charAt(j + 1);
            if ("HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc".indexOf(dt) < 0)
                throw new UnknownFormatConversionException(String.valueOf(c) + dt);
            sp.end = j + 2;
            if (c == 'T') sp.flags |= UPPERCASE;
            sp.conv = 't';
            sp.dt = dt;
            sp.check();
            return sp;
        }
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '%')) throw badText(s, pct, max);
        sp.end = j + 1;
        if ("bBhHsScCdoxXeEfgGaA%n".indexOf(c) < 0) throw new UnknownFormatConversionException(String.valueOf(c));
        if (Character.isUpperCase(c)) {
            sp.flags |= UPPERCASE;
            c = Character.toLowerCase(c);
        }
        sp.conv = c;
        sp.check();
        return sp;
    }

    /* One format specifier. */
    private static final class Spec {
        int index;
        int flags;
        int width = -1;
        int precision = -1;
        char conv;
        char dt; /* the date/time conversion after %t */
        int end;

        /* The specifier as the JDK prints it in exception messages. */
        public String toString() {
            StringBuilder sb = new StringBuilder("%");
            sb.append(flagString(flags & ~UPPERCASE));
            if (index > 0) sb.append(index).append('$');
            if (width != -1) sb.append(width);
            if (precision != -1) sb.append('.').append(precision);
            sb.append(has(UPPERCASE) ? Character.toUpperCase(conv) : conv);
            if (conv == 't') sb.append(dt);
            return sb.toString();
        }

        private boolean has(int f) {
            return (flags & f) != 0;
        }

        /* The first of `bad` (in the JDK's order) that is set is reported. */
        private void checkBadFlags(int... bad) {
            for (int i = 0; i < bad.length; i++)
                if ((flags & bad[i]) != 0) throw new FormatFlagsConversionMismatchException(flagString(bad[i]), conv == 't' ? dt : conv);
        }

        private void check() {
            switch (conv) {
                case '%':
                case 'n':
                    if (precision != -1) throw new IllegalFormatPrecisionException(precision);
                    if (conv == 'n') {
                        if (width != -1) throw new IllegalFormatWidthException(width);
                        if (flags != 0) throw new IllegalFormatFlagsException(flagString(flags));
                    } else {
                        if (flags != 0 && flags != LEFT_JUSTIFY) throw new IllegalFormatFlagsException(flagString(flags));
                        if (width == -1 && has(LEFT_JUSTIFY)) throw new MissingFormatWidthException(toString());
                    }
                    break;
                case 'b':
                case 'h':
                case 's':
                    if ((conv == 'b' || conv == 'h') && has(ALTERNATE))
                        throw new FormatFlagsConversionMismatchException("#", conv);
                    if (width == -1 && has(LEFT_JUSTIFY)) throw new MissingFormatWidthException(toString());
                    checkBadFlags(PLUS, LEADING_SPACE, ZERO_PAD, GROUP, PARENTHESES);
                    break;
                case 't':
                    if (precision != -1) throw new IllegalFormatPrecisionException(precision);
                    checkBadFlags(ALTERNATE, PLUS, LEADING_SPACE, ZERO_PAD, GROUP, PARENTHESES);
                    if (width == -1 && has(LEFT_JUSTIFY)) throw new MissingFormatWidthException(toString());
                    break;
                case 'c':
                    if (precision != -1) throw new IllegalFormatPrecisionException(precision);
                    checkBadFlags(ALTERNATE, PLUS, LEADING_SPACE, ZERO_PAD, GROUP, PARENTHESES);
                    if (width == -1 && has(LEFT_JUSTIFY)) throw new MissingFormatWidthException(toString());
                    break;
                case 'd':
                case 'o':
                case 'x':
                    checkNumeric();
                    if (precision != -1) throw new IllegalFormatPrecisionException(precision);
                    if (conv == 'd') checkBadFlags(ALTERNATE);
                    else checkBadFlags(GROUP);
                    break;
                default: /* e f g a */
                    checkNumeric();
                    if (conv == 'a') checkBadFlags(PARENTHESES, GROUP);
                    else if (conv == 'e') checkBadFlags(GROUP);
                    else if (conv == 'g') checkBadFlags(ALTERNATE);
                    break;
            }
        }

        private void checkNumeric() {
            if (width == -1 && (has(LEFT_JUSTIFY) || has(ZERO_PAD))) throw new MissingFormatWidthException(toString());
            if ((has(PLUS) && has(LEADING_SPACE)) || (has(LEFT_JUSTIFY) && has(ZERO_PAD)))
                throw new IllegalFormatFlagsException(flagString(flags));
        }

        // ---- printing --------------------------------------------------------

        void print(StringBuilder out, Object arg) {
            switch (conv) {
                case '%':
                    justify(out, "%");
                    return;
                case 'n':
                    out.append('\n');
                    return;
                case 'b': {
                    String s = arg != null ? ((arg instanceof Boolean) ? arg.toString() : "true") : "false";
                    printString(out, s);
                    return;
                }
                case 'h':
                    printString(out, arg == null ? "null" : Integer.toHexString(arg.hashCode()));
                    return;
                case 's':
                    if (has(ALTERNATE)) throw new FormatFlagsConversionMismatchException("#", 's');
                    printString(out, arg == null ? "null" : arg.toString());
                    return;
                case 'c':
                    printChar(out, arg);
                    return;
                case 't':
                    printDateTime(out, arg);
                    return;
                case 'd':
                case 'o':
                case 'x':
                    printInteger(out, arg);
                    return;
                default:
                    printFloat(out, arg);
                    return;
            }
        }

        /* %t: Long (milliseconds), Date or Calendar; in the default time
         * zone unless a Calendar brings its own. */
        private void printDateTime(StringBuilder out, Object arg) {
            if (arg == null) {
                printString(out, "null");
                return;
            }
            Calendar c;
            if (arg instanceof Long) {
                c = Calendar.getInstance();
                c.setTimeInMillis((Long) arg);
            } else if (arg instanceof Date) {
                c = Calendar.getInstance();
                c.setTime((Date) arg);
            } else if (arg instanceof Calendar) {
                c = (Calendar) ((Calendar) arg).clone();
            } else {
                throw mismatch(arg);
            }
            StringBuilder sb = new StringBuilder();
            dateTime(sb, c, dt);
            String s = sb.toString();
            if (has(UPPERCASE)) s = s.toUpperCase();
            justify(out, s);
        }

        private static void two(StringBuilder sb, int v) {
            if (v < 10) sb.append('0');
            sb.append(v);
        }

        private static void three(StringBuilder sb, int v) {
            if (v < 100) sb.append('0');
            if (v < 10) sb.append('0');
            sb.append(v);
        }

        private static void dateTime(StringBuilder sb, Calendar c, char t) {
            switch (t) {
                case 'H': two(sb, c.get(Calendar.HOUR_OF_DAY)); break;
                case 'I': { int h = c.get(Calendar.HOUR); two(sb, h == 0 ? 12 : h); break; }
                case 'k': sb.append(c.get(Calendar.HOUR_OF_DAY)); break;
                case 'l': { int h = c.get(Calendar.HOUR); sb.append(h == 0 ? 12 : h); break; }
                case 'M': two(sb, c.get(Calendar.MINUTE)); break;
                case 'S': two(sb, c.get(Calendar.SECOND)); break;
                case 'L': three(sb, c.get(Calendar.MILLISECOND)); break;
                case 'N': {
                    String n = Integer.toString(c.get(Calendar.MILLISECOND) * 1000000);
                    for (int i = n.length(); i < 9; i++) sb.append('0');
                    sb.append(n);
                    break;
                }
                case 'p': sb.append(c.get(Calendar.AM_PM) == 0 ? "am" : "pm"); break;
                case 'z': {
                    int m = c.get(Calendar.ZONE_OFFSET) / 60000;
                    sb.append(m < 0 ? '-' : '+');
                    if (m < 0) m = -m;
                    two(sb, m / 60);
                    two(sb, m % 60);
                    break;
                }
                case 'Z': sb.append(c.getTimeZone().getDisplayName(false, TimeZone.SHORT)); break;
                case 's': sb.append(c.getTimeInMillis() / 1000L); break; // truncated, as the JDK
                case 'Q': sb.append(c.getTimeInMillis()); break;
                case 'B': sb.append(c.getDisplayName(Calendar.MONTH, Calendar.LONG, Locale.US)); break;
                case 'b':
                case 'h': sb.append(c.getDisplayName(Calendar.MONTH, Calendar.SHORT, Locale.US)); break;
                case 'A': sb.append(c.getDisplayName(Calendar.DAY_OF_WEEK, Calendar.LONG, Locale.US)); break;
                case 'a': sb.append(c.getDisplayName(Calendar.DAY_OF_WEEK, Calendar.SHORT, Locale.US)); break;
                case 'C': two(sb, c.get(Calendar.YEAR) / 100); break;
                case 'Y': {
                    String y = Integer.toString(c.get(Calendar.YEAR));
                    for (int i = y.length(); i < 4; i++) sb.append('0');
                    sb.append(y);
                    break;
                }
                case 'y': two(sb, c.get(Calendar.YEAR) % 100); break;
                case 'j': three(sb, c.get(Calendar.DAY_OF_YEAR)); break;
                case 'm': two(sb, c.get(Calendar.MONTH) + 1); break;
                case 'd': two(sb, c.get(Calendar.DAY_OF_MONTH)); break;
                case 'e': sb.append(c.get(Calendar.DAY_OF_MONTH)); break;
                case 'R': dateTime(sb, c, 'H'); sb.append(':'); dateTime(sb, c, 'M'); break;
                case 'T': dateTime(sb, c, 'R'); sb.append(':'); dateTime(sb, c, 'S'); break;
                case 'r': {
                    dateTime(sb, c, 'I'); sb.append(':'); dateTime(sb, c, 'M'); sb.append(':'); dateTime(sb, c, 'S');
                    sb.append(' ').append(c.get(Calendar.AM_PM) == 0 ? "AM" : "PM");
                    break;
                }
                case 'D': dateTime(sb, c, 'm'); sb.append('/'); dateTime(sb, c, 'd'); sb.append('/'); dateTime(sb, c, 'y'); break;
                case 'F': dateTime(sb, c, 'Y'); sb.append('-'); dateTime(sb, c, 'm'); sb.append('-'); dateTime(sb, c, 'd'); break;
                case 'c': {
                    dateTime(sb, c, 'a'); sb.append(' '); dateTime(sb, c, 'b'); sb.append(' '); dateTime(sb, c, 'd'); sb.append(' ');
                    dateTime(sb, c, 'T'); sb.append(' '); dateTime(sb, c, 'Z'); sb.append(' '); dateTime(sb, c, 'Y');
                    break;
                }
                default: break;
            }
        }

        private void printString(StringBuilder out, String s) {
            if (precision != -1 && precision < s.length()) s = s.substring(0, precision);
            if (has(UPPERCASE)) s = s.toUpperCase();
            justify(out, s);
        }

        private void justify(StringBuilder out, CharSequence cs) {
            if (width == -1 || width <= cs.length()) {
                out.append(cs);
                return;
            }
            int sp = width - cs.length();
            if (has(LEFT_JUSTIFY)) {
                out.append(cs);
                for (int i = 0; i < sp; i++) out.append(' ');
            } else {
                for (int i = 0; i < sp; i++) out.append(' ');
                out.append(cs);
            }
        }

        private IllegalFormatConversionException mismatch(Object arg) {
            return new IllegalFormatConversionException(conv == 't' ? dt : conv, arg.getClass());
        }

        private void printChar(StringBuilder out, Object arg) {
            if (arg == null) {
                printString(out, "null");
                return;
            }
            String s;
            if (arg instanceof Character) {
                s = ((Character) arg).toString();
            } else if (arg instanceof Byte || arg instanceof Short || arg instanceof Integer) {
                int cp = ((Number) arg).intValue();
                if (!Character.isValidCodePoint(cp)) throw new IllegalFormatCodePointException(cp);
                s = new String(Character.toChars(cp));
            } else {
                throw mismatch(arg);
            }
            printString(out, s);
        }

        private void printInteger(StringBuilder out, Object arg) {
            if (arg == null) {
                printString(out, "null");
                return;
            }
            long value;
            int bits;
            if (arg instanceof Byte) {
                value = ((Byte) arg).byteValue();
                bits = 8;
            } else if (arg instanceof Short) {
                value = ((Short) arg).shortValue();
                bits = 16;
            } else if (arg instanceof Integer) {
                value = ((Integer) arg).intValue();
                bits = 32;
            } else if (arg instanceof Long) {
                value = ((Long) arg).longValue();
                bits = 64;
            } else {
                throw mismatch(arg);
            }
            StringBuilder sb = new StringBuilder();
            if (conv == 'd') {
                boolean neg = value < 0;
                String valueStr = Long.toString(value, 10);
                leadingSign(sb, neg);
                localizedMagnitude(sb, valueStr, neg ? 1 : 0, adjustWidth(width, neg));
                trailingSign(sb, neg);
            } else {
                checkBadFlags(PARENTHESES, LEADING_SPACE, PLUS);
                long v = value;
                if (v < 0 && bits < 64) v += (1L << bits);
                String s = (conv == 'o') ? Long.toOctalString(v) : Long.toHexString(v);
                int len = s.length();
                if (has(ALTERNATE)) {
                    if (conv == 'o') {
                        sb.append('0');
                        len += 1;
                    } else {
                        sb.append(has(UPPERCASE) ? "0X" : "0x");
                        len += 2;
                    }
                }
                if (has(ZERO_PAD)) for (int i = 0; i < width - len; i++) sb.append('0');
                if (has(UPPERCASE)) s = s.toUpperCase();
                sb.append(s);
            }
            justify(out, sb);
        }

        private void leadingSign(StringBuilder sb, boolean neg) {
            if (!neg) {
                if (has(PLUS)) sb.append('+');
                else if (has(LEADING_SPACE)) sb.append(' ');
            } else {
                if (has(PARENTHESES)) sb.append('(');
                else sb.append('-');
            }
        }

        private void trailingSign(StringBuilder sb, boolean neg) {
            if (neg && has(PARENTHESES)) sb.append(')');
        }

        private int adjustWidth(int w, boolean neg) {
            int newW = w;
            if (newW != -1 && neg && has(PARENTHESES)) newW--;
            return newW;
        }

        /* Digits of value[offset..] with grouping, then zero padding to w. */
        private void localizedMagnitude(StringBuilder sb, CharSequence value, int offset, int w) {
            int begin = sb.length();
            int len = value.length();
            int dot = len;
            for (int j = offset; j < len; j++) {
                if (value.charAt(j) == '.') {
                    dot = j;
                    break;
                }
            }
            boolean group = has(GROUP);
            for (int j = offset; j < len; j++) {
                if (j == dot) {
                    sb.append('.');
                    group = false;
                    continue;
                }
                sb.append(value.charAt(j));
                if (group && j != dot - 1 && ((dot - j) % 3 == 1)) sb.append(',');
            }
            if (w != -1 && has(ZERO_PAD)) {
                for (int k = sb.length(); k < w; k++) sb.insert(begin, '0');
            }
        }

        private void printFloat(StringBuilder out, Object arg) {
            if (arg == null) {
                printString(out, "null");
                return;
            }
            double value;
            if (arg instanceof Double) value = ((Double) arg).doubleValue();
            else if (arg instanceof Float) value = ((Float) arg).doubleValue();
            else throw mismatch(arg);
            StringBuilder sb = new StringBuilder();
            boolean neg = Double.compare(value, 0.0) == -1;
            if (!Double.isNaN(value)) {
                double v = Math.abs(value);
                leadingSign(sb, neg);
                if (!Double.isInfinite(v)) printFinite(sb, v, neg);
                else sb.append(has(UPPERCASE) ? "INFINITY" : "Infinity");
                trailingSign(sb, neg);
            } else {
                sb.append(has(UPPERCASE) ? "NAN" : "NaN");
            }
            justify(out, sb);
        }

        private void printFinite(StringBuilder sb, double value, boolean neg) {
            if (conv == 'a') {
                int prec = precision;
                if (precision == -1) prec = 0;
                else if (precision == 0) prec = 1;
                String hs = hexDouble(value, prec);
                boolean upper = has(UPPERCASE);
                sb.append(upper ? "0X" : "0x");
                if (has(ZERO_PAD)) {
                    int leading = (has(LEADING_SPACE) || has(PLUS) || neg) ? 3 : 2;
                    for (int i = 0; i < width - hs.length() - leading; i++) sb.append('0');
                }
                int idx = hs.indexOf('p');
                StringBuilder va = new StringBuilder(upper ? hs.substring(0, idx).toUpperCase() : hs.substring(0, idx));
                if (prec != 0) addZeros(va, prec);
                sb.append(va).append(upper ? 'P' : 'p').append(hs, idx + 1, hs.length());
                return;
            }
            Decimal d = new Decimal(value);
            if (conv == 'e') {
                int prec = (precision == -1 ? 6 : precision);
                d.round(prec + 1);
                StringBuilder mant = d.scientificMantissa(prec);
                addZeros(mant, prec);
                if (has(ALTERNATE) && prec == 0) mant.append('.');
                String exp = (value == 0.0) ? "+00" : d.exponentString();
                int newW = width;
                if (width != -1) newW = adjustWidth(width - exp.length() - 1, neg);
                localizedMagnitude(sb, mant, 0, newW);
                sb.append(has(UPPERCASE) ? 'E' : 'e');
                sb.append(exp);
            } else if (conv == 'f') {
                int prec = (precision == -1 ? 6 : precision);
                d.round(d.decExp + prec);
                StringBuilder mant = d.decimalMantissa(prec);
                addZeros(mant, prec);
                if (has(ALTERNATE) && prec == 0) mant.append('.');
                int newW = width;
                if (width != -1) newW = adjustWidth(width, neg);
                localizedMagnitude(sb, mant, 0, newW);
            } else { /* g */
                int prec = precision;
                if (precision == -1) prec = 6;
                else if (precision == 0) prec = 1;
                String exp = null;
                StringBuilder mant;
                int expRounded;
                if (value == 0.0) {
                    mant = new StringBuilder("0");
                    expRounded = 0;
                } else {
                    d.round(prec);
                    int e = d.decExp - 1;
                    if (e < -4 || e >= prec) {
                        mant = d.scientificMantissa(prec - 1);
                        exp = d.exponentString();
                    } else {
                        mant = d.decimalMantissa(prec - 1 - e);
                    }
                    expRounded = e;
                }
                if (exp != null) prec -= 1;
                else prec -= expRounded + 1;
                addZeros(mant, prec);
                if (has(ALTERNATE) && prec == 0) mant.append('.');
                int newW = width;
                if (width != -1) {
                    if (exp != null) newW = adjustWidth(width - exp.length() - 1, neg);
                    else newW = adjustWidth(width, neg);
                }
                localizedMagnitude(sb, mant, 0, newW);
                if (exp != null) {
                    sb.append(has(UPPERCASE) ? 'E' : 'e');
                    sb.append(exp);
                }
            }
        }

        /* Pad the fraction of sb with zeros to prec digits. */
        private static void addZeros(StringBuilder sb, int prec) {
            int len = sb.length();
            int i;
            for (i = 0; i < len; i++) {
                if (sb.charAt(i) == '.') break;
            }
            boolean needDot = false;
            if (i == len) needDot = true;
            int outPrec = len - i - (needDot ? 0 : 1);
            if (outPrec == prec) return;
            if (needDot) sb.append('.');
            for (int k = outPrec; k < prec; k++) sb.append('0');
        }

        /* Hex digits of |d| rounded (half even) to prec hex digits, without
         * "0x" (the JDK's Formatter.hexDouble). */
        private static String hexDouble(double d, int prec) {
            if (!Double.isFinite(d) || d == 0.0 || prec == 0 || prec >= 13)
                return Double.toHexString(d).substring(2);
            int exponent = Math.getExponent(d);
            boolean subnormal = (exponent == Double.MIN_EXPONENT - 1);
            if (subnormal) d *= 0x1.0p54;
            int shiftDistance = 53 - (1 + prec * 4);
            long doppel = Double.doubleToLongBits(d);
            long newSignif = (doppel & 0x7FFFFFFFFFFFFFFFL) >> shiftDistance;
            long roundingBits = doppel & ~(~0L << shiftDistance);
            boolean leastZero = (newSignif & 0x1L) == 0L;
            boolean round = ((1L << (shiftDistance - 1)) & roundingBits) != 0L;
            boolean sticky = shiftDistance > 1 && (~(1L << (shiftDistance - 1)) & roundingBits) != 0;
            if ((leastZero && round && sticky) || (!leastZero && round)) newSignif++;
            long signBit = doppel & 0x8000000000000000L;
            newSignif = signBit | (newSignif << shiftDistance);
            double result = Double.longBitsToDouble(newSignif);
            if (Double.isInfinite(result)) return "1.0p1024";
            String res = Double.toHexString(result).substring(2);
            if (!subnormal) return res;
            int idx = res.indexOf('p');
            int iexp = Integer.parseInt(res.substring(idx + 1)) - 54;
            return res.substring(0, idx) + "p" + iexp;
        }
    }

    /* The shortest decimal digits of a positive double (from Double.toString),
     * value = 0.DIGITS x 10^decExp, rounded half-up like the JDK's
     * FormattedFloatingDecimal. */
    private static final class Decimal {
        char[] digits;
        int nDigits;
        int decExp;

        Decimal(double v) {
            if (v == 0.0) {
                digits = new char[] { '0' };
                nDigits = 1;
                decExp = 0;
                return;
            }
            String s = Double.toString(v);
            int e = s.indexOf('E');
            int exp10 = 0;
            String m = s;
            if (e >= 0) {
                exp10 = Integer.parseInt(s.substring(e + 1));
                m = s.substring(0, e);
            }
            int dot = m.indexOf('.');
            int intLen = dot < 0 ? m.length() : dot;
            StringBuilder all = new StringBuilder(m.length());
            for (int i = 0; i < m.length(); i++) {
                char c = m.charAt(i);
                if (c != '.') all.append(c);
            }
            int lead = 0;
            while (lead < all.length() - 1 && all.charAt(lead) == '0') lead++;
            int end = all.length();
            while (end > lead + 1 && all.charAt(end - 1) == '0') end--;
            nDigits = end - lead;
            digits = new char[nDigits];
            for (int i = 0; i < nDigits; i++) digits[i] = all.charAt(lead + i);
            decExp = intLen + exp10 - lead;
        }

        /* Keep `prec` leading digits, rounding half-up (JDK applyPrecision). */
        void round(int prec) {
            if (prec >= nDigits || prec < 0) return;
            if (prec == 0) {
                if (digits[0] >= '5') {
                    digits[0] = '1';
                    Arrays.fill(digits, 1, nDigits, '0');
                    decExp++;
                } else {
                    Arrays.fill(digits, 0, nDigits, '0');
                }
                return;
            }
            int q = digits[prec];
            if (q >= '5') {
                int i = prec;
                q = digits[--i];
                if (q == '9') {
                    while (q == '9' && i > 0) q = digits[--i];
                    if (q == '9') {
                        digits[0] = '1';
                        Arrays.fill(digits, 1, nDigits, '0');
                        decExp++;
                        return;
                    }
                }
                digits[i] = (char) (q + 1);
                Arrays.fill(digits, i + 1, nDigits, '0');
            } else {
                Arrays.fill(digits, prec, nDigits, '0');
            }
        }

        /* JDK fillDecimal */
        StringBuilder decimalMantissa(int precision) {
            StringBuilder sb = new StringBuilder();
            int exp = decExp;
            if (exp > 0) {
                if (nDigits < exp) {
                    sb.append(digits, 0, nDigits);
                    for (int i = nDigits; i < exp; i++) sb.append('0');
                } else {
                    int t = Math.min(nDigits - exp, precision);
                    sb.append(digits, 0, exp);
                    if (t > 0) {
                        sb.append('.');
                        sb.append(digits, exp, t);
                    }
                }
            } else {
                int zeros = Math.max(0, Math.min(-exp, precision));
                int t = Math.max(0, Math.min(nDigits, precision + exp));
                if (zeros > 0) {
                    sb.append("0.");
                    for (int i = 0; i < zeros; i++) sb.append('0');
                    if (t > 0) sb.append(digits, 0, t);
                } else if (t > 0) {
                    sb.append("0.");
                    sb.append(digits, 0, t);
                } else {
                    sb.append('0');
                }
            }
            return sb;
        }

        /* JDK fillScientific (mantissa part) */
        StringBuilder scientificMantissa(int precision) {
            StringBuilder sb = new StringBuilder();
            int t = Math.max(0, Math.min(nDigits - 1, precision));
            sb.append(digits[0]);
            if (t > 0) {
                sb.append('.');
                sb.append(digits, 1, t);
            }
            return sb;
        }

        String exponentString() {
            char expSign;
            int e;
            if (decExp <= 0) {
                expSign = '-';
                e = -decExp + 1;
            } else {
                expSign = '+';
                e = decExp - 1;
            }
            if (e <= 9) return "" + expSign + '0' + (char) (e + '0');
            return expSign + Integer.toString(e);
        }
    }
}
