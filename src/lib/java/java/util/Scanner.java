/*
 * java.util.Scanner for vifvm: tokens and lines from an InputStream (such
 * as System.in) or a String.  The default delimiter is
 * \p{javaWhitespace}+ (scanned directly, reading the source only as far
 * as a token or line needs, so interactive input works); a delimiter set
 * with useDelimiter is a java.util.regex pattern matched over the whole
 * input (the source is then read to its end first).  Numbers follow the
 * JDK's US-locale syntax (optional sign, "," digit groups; for
 * nextDouble also a fraction, an exponent, NaN and Infinity).  Failed
 * conversions throw InputMismatchException without consuming the token,
 * as in the JDK.
 */
package java.util;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public final class Scanner implements Iterator<String>, Closeable {
    private static final Pattern WHITESPACE = Pattern.compile("\\p{javaWhitespace}+");

    private Reader source;
    private char[] buf = new char[1024];
    private int pos, lim;
    private boolean eof, closed;
    private Pattern delim; /* null: the default (whitespace) */
    private int radix = 10;
    private IOException lastException;
    /* the token found by findToken */
    private int tokStart, tokEnd;

    public Scanner(InputStream source) {
        this(new InputStreamReader(Objects.requireNonNull(source, "source")));
    }

    public Scanner(InputStream source, String charsetName) {
        this(reader(Objects.requireNonNull(source, "source"), charsetName));
    }

    public Scanner(InputStream source, Charset charset) {
        this(new InputStreamReader(Objects.requireNonNull(source, "source"),
                                   Objects.requireNonNull(charset, "charset")));
    }

    public Scanner(String source) {
        this(new StringReader(source));
    }

    private Scanner(Reader source) {
        this.source = source;
    }

    private static Reader reader(InputStream in, String charsetName) {
        if (charsetName == null) throw new NullPointerException("charsetName");
        try {
            return new InputStreamReader(in, charsetName);
        } catch (UnsupportedEncodingException e) {
            throw new IllegalArgumentException(charsetName);
        }
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("Scanner closed");
    }

    /* Append more input to buf; false at end of input.  Keeps the indexes
     * of buf valid (compact() moves them, between operations only). */
    private boolean readMore() {
        if (eof) return false;
        if (lim == buf.length) buf = Arrays.copyOf(buf, buf.length * 2);
        int n;
        try {
            n = source.read(buf, lim, buf.length - lim);
        } catch (IOException e) {
            lastException = e;
            n = -1;
        }
        if (n < 0) {
            eof = true;
            return false;
        }
        lim += n;
        return true;
    }

    private void compact() {
        if (pos > 0 && pos >= lim / 2) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            lim -= pos;
            pos = 0;
        }
    }

    private static boolean isDelim(char c) {
        return Character.isWhitespace(c);
    }

    /* Find the next token from pos: true with tokStart/tokEnd set, false
     * when only delimiters (or nothing) remain.  Consumes nothing. */
    private boolean findToken() {
        compact();
        if (delim != null) return findTokenRegex();
        int i = pos;
        for (;;) {
            while (i < lim && isDelim(buf[i])) i++;
            if (i < lim) break;
            if (!readMore()) return false;
        }
        int j = i;
        for (;;) {
            while (j < lim && !isDelim(buf[j])) j++;
            if (j < lim || !readMore()) break;
        }
        tokStart = i;
        tokEnd = j;
        return true;
    }

    private boolean findTokenRegex() {
        while (readMore()) {}
        Matcher m = delim.matcher(new String(buf, 0, lim));
        int start = pos;
        m.region(pos, lim);
        if (m.lookingAt()) start = m.end();
        if (start >= lim) return false;
        int end = lim;
        m.region(start, lim);
        while (m.find()) {
            if (m.end() == start) continue; /* an empty match right at the token */
            end = m.start();
            break;
        }
        tokStart = start;
        tokEnd = end;
        return true;
    }

    private String token() {
        return new String(buf, tokStart, tokEnd - tokStart);
    }

    public boolean hasNext() {
        ensureOpen();
        return findToken();
    }

    public String next() {
        ensureOpen();
        if (!findToken()) throw new NoSuchElementException();
        String t = token();
        pos = tokEnd;
        return t;
    }

    public boolean hasNext(String pattern) {
        return hasNext(Pattern.compile(pattern));
    }

    public boolean hasNext(Pattern pattern) {
        ensureOpen();
        return findToken() && pattern.matcher(token()).matches();
    }

    public String next(String pattern) {
        return next(Pattern.compile(pattern));
    }

    public String next(Pattern pattern) {
        ensureOpen();
        if (!findToken()) throw new NoSuchElementException();
        String t = token();
        if (!pattern.matcher(t).matches()) throw new InputMismatchException();
        pos = tokEnd;
        return t;
    }

    public void remove() {
        throw new UnsupportedOperationException();
    }

    /* ---- lines */

    /* End of the line starting at pos: the index of its separator (lim at
     * end of input), with the index after the separator in tokEnd; -1 if
     * no input is left. */
    private int findLine() {
        compact();
        int i = pos;
        for (;;) {
            for (; i < lim; i++) {
                char c = buf[i];
                if (c == '\n' || c == '\u2028' || c == '\u2029' || c == '\u0085') {
                    tokEnd = i + 1;
                    return i;
                }
                if (c == '\r') {
                    if (i + 1 >= lim) readMore();
                    tokEnd = (i + 1 < lim && buf[i + 1] == '\n') ? i + 2 : i + 1;
                    return i;
                }
            }
            if (!readMore()) break;
        }
        if (pos >= lim) return -1;
        tokEnd = lim;
        return lim;
    }

    public boolean hasNextLine() {
        ensureOpen();
        return findLine() >= 0;
    }

    public String nextLine() {
        ensureOpen();
        int end = findLine();
        if (end < 0) throw new NoSuchElementException("No line found");
        String s = new String(buf, pos, end - pos);
        pos = tokEnd;
        return s;
    }

    /* ---- numbers */

    private static boolean digitsIn(String s, int from, int to, int radix) {
        if (from >= to) return false;
        for (int i = from; i < to; i++)
            if (Character.digit(s.charAt(i), radix) < 0) return false;
        return true;
    }

    /* s without its "," digit groups when it is an integer of radix r in
     * the JDK's syntax ([-+]digits, or [-+]d{1,3}(,ddd)+), else null */
    private static String integerToken(String s, int r) {
        int n = s.length(), i = 0;
        if (n > 0 && (s.charAt(0) == '-' || s.charAt(0) == '+')) i = 1;
        if (s.indexOf(',') < 0) return digitsIn(s, i, n, r) ? s : null;
        int c = s.indexOf(',', i);
        if (c - i < 1 || c - i > 3 || !digitsIn(s, i, c, r)) return null;
        StringBuilder b = new StringBuilder(s.substring(0, c));
        while (c < n) {
            if (s.charAt(c) != ',' || c + 4 > n || !digitsIn(s, c + 1, c + 4, r)) return null;
            b.append(s, c + 1, c + 4);
            c += 4;
        }
        return b.toString();
    }

    /* the token as an integer string (signs and groups handled) or null */
    private String integerNext(int r) {
        if (!findToken()) return null;
        return integerToken(token(), r);
    }

    private long parseIntegral(int r, long min, long max) {
        ensureOpen();
        if (!findToken()) throw new NoSuchElementException();
        String s = integerToken(token(), r);
        if (s == null) throw new InputMismatchException();
        if (s.startsWith("+")) s = s.substring(1);
        long v;
        try {
            v = Long.parseLong(s, r);
        } catch (NumberFormatException e) {
            throw new InputMismatchException(e.getMessage());
        }
        if (v < min || v > max) {
            String msg = "Value out of range. Value:\"" + s + "\" Radix:" + r;
            throw new InputMismatchException(msg);
        }
        pos = tokEnd;
        return v;
    }

    private boolean hasIntegral(int r, long min, long max) {
        ensureOpen();
        String s = integerNext(r);
        if (s == null) return false;
        if (s.startsWith("+")) s = s.substring(1);
        try {
            long v = Long.parseLong(s, r);
            return v >= min && v <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    public boolean hasNextInt() {
        return hasNextInt(radix);
    }

    public boolean hasNextInt(int radix) {
        return hasIntegral(radix, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    public int nextInt() {
        return nextInt(radix);
    }

    public int nextInt(int radix) {
        ensureOpen();
        if (!findToken()) throw new NoSuchElementException();
        String s = integerToken(token(), radix);
        if (s == null) throw new InputMismatchException();
        int v;
        try {
            v = Integer.parseInt(s, radix);
        } catch (NumberFormatException e) {
            throw new InputMismatchException(e.getMessage());
        }
        pos = tokEnd;
        return v;
    }

    public boolean hasNextLong() {
        return hasNextLong(radix);
    }

    public boolean hasNextLong(int radix) {
        return hasIntegral(radix, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    public long nextLong() {
        return nextLong(radix);
    }

    public long nextLong(int radix) {
        return parseIntegral(radix, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    public boolean hasNextShort() {
        return hasIntegral(radix, Short.MIN_VALUE, Short.MAX_VALUE);
    }

    public short nextShort() {
        return (short) parseIntegral(radix, Short.MIN_VALUE, Short.MAX_VALUE);
    }

    public boolean hasNextByte() {
        return hasIntegral(radix, Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    public byte nextByte() {
        return (byte) parseIntegral(radix, Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    /* the token as a string Double.parseDouble takes, or null: [-+]
     * (NaN | Infinity | numeral[.digits][exponent] | .digits[exponent]) */
    private static String floatToken(String s) {
        int n = s.length(), i = 0;
        String sign = "";
        if (n > 0 && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            sign = s.substring(0, 1);
            i = 1;
        }
        String rest = s.substring(i);
        if (rest.equals("NaN") || rest.equals("Infinity")) return sign + rest;
        int e = n;
        for (int k = i; k < n; k++) {
            char c = s.charAt(k);
            if (c == 'e' || c == 'E') {
                e = k;
                break;
            }
        }
        if (e < n) {
            int k = e + 1;
            if (k < n && (s.charAt(k) == '-' || s.charAt(k) == '+')) k++;
            if (!digitsIn(s, k, n, 10)) return null;
        }
        int dot = s.indexOf('.', i);
        if (dot >= e) dot = -1;
        int intEnd = dot < 0 ? e : dot;
        String whole = "";
        if (intEnd > i) {
            whole = integerToken(s.substring(i, intEnd), 10);
            if (whole == null || whole.startsWith("+") || whole.startsWith("-")) return null;
        }
        if (dot >= 0) {
            if (dot + 1 < e && !digitsIn(s, dot + 1, e, 10)) return null;
            if (whole.isEmpty() && dot + 1 >= e) return null;
        } else if (whole.isEmpty()) {
            return null;
        }
        return sign + whole + s.substring(intEnd, n);
    }

    public boolean hasNextDouble() {
        ensureOpen();
        return findToken() && floatToken(token()) != null;
    }

    public double nextDouble() {
        ensureOpen();
        if (!findToken()) throw new NoSuchElementException();
        String s = floatToken(token());
        if (s == null) throw new InputMismatchException();
        double v;
        try {
            v = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new InputMismatchException(e.getMessage());
        }
        pos = tokEnd;
        return v;
    }

    public boolean hasNextFloat() {
        return hasNextDouble();
    }

    public float nextFloat() {
        ensureOpen();
        if (!findToken()) throw new NoSuchElementException();
        String s = floatToken(token());
        if (s == null) throw new InputMismatchException();
        float v;
        try {
            v = Float.parseFloat(s);
        } catch (NumberFormatException e) {
            throw new InputMismatchException(e.getMessage());
        }
        pos = tokEnd;
        return v;
    }

    public boolean hasNextBoolean() {
        ensureOpen();
        if (!findToken()) return false;
        String t = token();
        return t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false");
    }

    public boolean nextBoolean() {
        ensureOpen();
        if (!findToken()) throw new NoSuchElementException();
        String t = token();
        if (!t.equalsIgnoreCase("true") && !t.equalsIgnoreCase("false")) throw new InputMismatchException();
        pos = tokEnd;
        return t.equalsIgnoreCase("true");
    }

    /* ---- configuration */

    public Pattern delimiter() {
        return delim == null ? WHITESPACE : delim;
    }

    public Scanner useDelimiter(Pattern pattern) {
        delim = pattern.pattern().equals(WHITESPACE.pattern()) ? null : pattern;
        return this;
    }

    public Scanner useDelimiter(String pattern) {
        return useDelimiter(Pattern.compile(pattern));
    }

    public int radix() {
        return radix;
    }

    public Scanner useRadix(int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX)
            throw new IllegalArgumentException("radix:" + radix);
        this.radix = radix;
        return this;
    }

    public Locale locale() {
        return Locale.US;
    }

    public Scanner useLocale(Locale locale) {
        return this;
    }

    public Scanner reset() {
        delim = null;
        radix = 10;
        return this;
    }

    public IOException ioException() {
        return lastException;
    }

    public void close() {
        if (closed) return;
        closed = true;
        try {
            source.close();
        } catch (IOException e) {
            lastException = e;
        }
    }

    public String toString() {
        return "java.util.Scanner[delimiters=" + delimiter() + "][position=" + pos + "]";
    }
}
