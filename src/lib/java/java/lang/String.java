/*
 * java.lang.String for vifvm: immutable UTF-16 text.
 *
 * Fixed layout (the C runtime fills `value` for constant-pool strings and
 * reads it for output): private final char[] value; private int hash.
 * Case mapping is the JDK's (locale-independent; Unicode tables and
 * SpecialCasing expansions from CharacterData, Final_Sigma approximated by
 * word characters instead of a word BreakIterator).
 * Everything but intern() is Java.  Regular-expression methods (split with a
 * non-literal pattern, matches, replaceAll, replaceFirst) delegate to the
 * small engine in java.util.regex (see Pattern.java for its limits);
 * split() with a one-character literal or an escaped character takes the
 * same fast path as the JDK.
 */
package java.lang;

import java.util.Comparator;
import java.util.Iterator;
import java.nio.charset.Charset;

public final class String implements java.io.Serializable, Comparable<String>, CharSequence {
    private final char[] value;
    private int hash;

    private static final long serialVersionUID = -6849794470754667710L;

    public static final Comparator<String> CASE_INSENSITIVE_ORDER = new CaseInsensitiveComparator();

    private static final class CaseInsensitiveComparator implements Comparator<String>, java.io.Serializable {
        public int compare(String s1, String s2) {
            return s1.compareToIgnoreCase(s2);
        }
    }

    // ---- construction ---------------------------------------------------

    public String() {
        this.value = new char[0];
    }

    public String(String original) {
        this.value = original.value;
        this.hash = original.hash;
    }

    public String(char[] value) {
        this.value = copy(value, 0, value.length);
    }

    public String(char[] value, int offset, int count) {
        checkBoundsOffCount(offset, count, value.length);
        this.value = copy(value, offset, count);
    }

    public String(int[] codePoints, int offset, int count) {
        checkBoundsOffCount(offset, count, codePoints.length);
        int n = 0;
        for (int i = offset; i < offset + count; i++) {
            int cp = codePoints[i];
            if (!Character.isValidCodePoint(cp))
                throw new IllegalArgumentException(Integer.toString(cp));
            n += Character.charCount(cp);
        }
        char[] v = new char[n];
        int j = 0;
        for (int i = offset; i < offset + count; i++) {
            int cp = codePoints[i];
            if (cp < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
                v[j++] = (char) cp;
            } else {
                v[j++] = Character.highSurrogate(cp);
                v[j++] = Character.lowSurrogate(cp);
            }
        }
        this.value = v;
    }

    public String(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    public String(byte[] bytes, int offset, int length) {
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = decodeUTF8(bytes, offset, length);
    }

    public String(byte[] bytes, String charsetName) throws java.io.UnsupportedEncodingException {
        this(bytes, 0, bytes.length, charsetName);
    }

    public String(byte[] bytes, int offset, int length, String charsetName)
            throws java.io.UnsupportedEncodingException {
        if (charsetName == null) throw new NullPointerException("charsetName");
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = decode(charsetKind(charsetName), bytes, offset, length);
    }

    public String(byte[] bytes, Charset charset) {
        this(bytes, 0, bytes.length, charset);
    }

    public String(byte[] bytes, int offset, int length, Charset charset) {
        if (charset == null) throw new NullPointerException("charset");
        checkBoundsOffCount(offset, length, bytes.length);
        this.value = decode(kindOf(charset), bytes, offset, length);
    }

    public String(StringBuffer buffer) {
        this(buffer.toString());
    }

    public String(StringBuilder builder) {
        this(builder.getValue(), 0, builder.length());
    }

    /* Internal: adopt `value` without copying (share must be true). */
    String(char[] value, boolean share) {
        this.value = value;
    }

    private static char[] copy(char[] src, int off, int n) {
        char[] v = new char[n];
        System.arraycopy(src, off, v, 0, n);
        return v;
    }

    private static final int UTF_8_KIND = 0, ASCII_KIND = 1, LATIN1_KIND = 2;

    private static int kindOf(Charset cs) {
        String n = cs.name();
        if (n.equals("US-ASCII")) return ASCII_KIND;
        if (n.equals("ISO-8859-1")) return LATIN1_KIND;
        return UTF_8_KIND;
    }

    private static int charsetKind(String charsetName) throws java.io.UnsupportedEncodingException {
        if (!Charset.isSupported(charsetName))
            throw new java.io.UnsupportedEncodingException(charsetName);
        return kindOf(Charset.forName(charsetName));
    }

    private static char[] decode(int kind, byte[] b, int off, int len) {
        if (kind == UTF_8_KIND) return decodeUTF8(b, off, len);
        char[] v = new char[len];
        for (int i = 0; i < len; i++) {
            int c = b[off + i] & 0xff;
            if (kind == ASCII_KIND && c >= 0x80) c = 0xfffd;
            v[i] = (char) c;
        }
        return v;
    }

    private static boolean cont(byte[] b, int i, int end) {
        return i < end && (b[i] & 0xc0) == 0x80;
    }

    /* UTF-8 -> UTF-16; each maximal invalid subsequence becomes U+FFFD. */
    static char[] decodeUTF8(byte[] b, int off, int len) {
        char[] out = new char[len];
        int n = 0, i = off, end = off + len;
        while (i < end) {
            int c = b[i] & 0xff;
            if (c < 0x80) { out[n++] = (char) c; i++; continue; }
            int need, min2 = 0x80, max2 = 0xbf, cp;
            if (c >= 0xc2 && c <= 0xdf) { need = 1; cp = c & 0x1f; }
            else if (c >= 0xe0 && c <= 0xef) {
                need = 2; cp = c & 0x0f;
                if (c == 0xe0) min2 = 0xa0;
                else if (c == 0xed) max2 = 0x9f;
            } else if (c >= 0xf0 && c <= 0xf4) {
                need = 3; cp = c & 0x07;
                if (c == 0xf0) min2 = 0x90;
                else if (c == 0xf4) max2 = 0x8f;
            } else { out[n++] = '\ufffd'; i++; continue; }
            int j = i + 1;
            boolean ok = true;
            for (int k = 0; k < need; k++, j++) {
                if (j >= end) { ok = false; break; }
                int cc = b[j] & 0xff;
                int lo = k == 0 ? min2 : 0x80, hi = k == 0 ? max2 : 0xbf;
                if (cc < lo || cc > hi) { ok = false; break; }
                cp = (cp << 6) | (cc & 0x3f);
            }
            if (!ok) { out[n++] = '\ufffd'; i = j; continue; }
            if (cp >= 0x10000) {
                out[n++] = Character.highSurrogate(cp);
                out[n++] = Character.lowSurrogate(cp);
            } else {
                out[n++] = (char) cp;
            }
            i = j;
        }
        if (n == out.length) return out;
        char[] r = new char[n];
        System.arraycopy(out, 0, r, 0, n);
        return r;
    }

    // ---- bounds checks with the JDK's messages ----------------------------

    static void checkIndex(int index, int length) {
        if (index < 0 || index >= length)
            throw new StringIndexOutOfBoundsException("index " + index + ", length " + length);
    }

    static void checkOffset(int offset, int length) {
        if (offset < 0 || offset > length)
            throw new StringIndexOutOfBoundsException("offset " + offset + ", length " + length);
    }

    static void checkBoundsOffCount(int offset, int count, int length) {
        if (offset < 0 || count < 0 || offset > length - count)
            throw new StringIndexOutOfBoundsException(
                "offset " + offset + ", count " + count + ", length " + length);
    }

    static void checkBoundsBeginEnd(int begin, int end, int length) {
        if (begin < 0 || begin > end || end > length)
            throw new StringIndexOutOfBoundsException(
                "begin " + begin + ", end " + end + ", length " + length);
    }

    // ---- basic access -----------------------------------------------------

    public int length() {
        return value.length;
    }

    public boolean isEmpty() {
        return value.length == 0;
    }

    public boolean isBlank() {
        return indexOfNonWhitespace() == value.length;
    }

    public char charAt(int index) {
        if (index < 0 || index >= value.length)
            throw new StringIndexOutOfBoundsException(index);
        return value[index];
    }

    public int codePointAt(int index) {
        checkIndex(index, value.length);
        return Character.codePointAt(value, index, value.length);
    }

    public int codePointBefore(int index) {
        int i = index - 1;
        if (i < 0 || i >= value.length) throw new StringIndexOutOfBoundsException(index);
        return Character.codePointBefore(value, index);
    }

    public int codePointCount(int beginIndex, int endIndex) {
        if (beginIndex < 0 || beginIndex > endIndex || endIndex > value.length)
            throw new IndexOutOfBoundsException();
        return Character.codePointCount(value, beginIndex, endIndex - beginIndex);
    }

    public int offsetByCodePoints(int index, int codePointOffset) {
        if (index < 0 || index > value.length) throw new IndexOutOfBoundsException();
        return Character.offsetByCodePoints(this, index, codePointOffset);
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkBoundsBeginEnd(srcBegin, srcEnd, value.length);
        checkBoundsOffCount(dstBegin, srcEnd - srcBegin, dst.length);
        System.arraycopy(value, srcBegin, dst, dstBegin, srcEnd - srcBegin);
    }

    public char[] toCharArray() {
        return copy(value, 0, value.length);
    }

    public byte[] getBytes() {
        return encodeUTF8(value, 0, value.length);
    }

    public byte[] getBytes(String charsetName) throws java.io.UnsupportedEncodingException {
        if (charsetName == null) throw new NullPointerException();
        return encode(charsetKind(charsetName));
    }

    public byte[] getBytes(Charset charset) {
        if (charset == null) throw new NullPointerException();
        return encode(kindOf(charset));
    }

    private byte[] encode(int kind) {
        if (kind == UTF_8_KIND) return encodeUTF8(value, 0, value.length);
        int max = kind == ASCII_KIND ? 0x7f : 0xff;
        byte[] b = new byte[value.length];
        for (int i = 0; i < value.length; i++) {
            char c = value[i];
            b[i] = c <= max ? (byte) c : (byte) '?';
        }
        return b;
    }

    /* UTF-16 -> UTF-8; unpaired surrogates become '?' as in the JDK. */
    static byte[] encodeUTF8(char[] v, int off, int len) {
        int n = 0;
        for (int i = off; i < off + len; i++) {
            char c = v[i];
            if (c < 0x80) n += 1;
            else if (c < 0x800) n += 2;
            else if (Character.isHighSurrogate(c) && i + 1 < off + len
                     && Character.isLowSurrogate(v[i + 1])) { n += 4; i++; }
            else if (Character.isSurrogate(c)) n += 1;
            else n += 3;
        }
        byte[] b = new byte[n];
        int j = 0;
        for (int i = off; i < off + len; i++) {
            char c = v[i];
            if (c < 0x80) {
                b[j++] = (byte) c;
            } else if (c < 0x800) {
                b[j++] = (byte) (0xc0 | (c >> 6));
                b[j++] = (byte) (0x80 | (c & 0x3f));
            } else if (Character.isHighSurrogate(c) && i + 1 < off + len
                       && Character.isLowSurrogate(v[i + 1])) {
                int cp = Character.toCodePoint(c, v[++i]);
                b[j++] = (byte) (0xf0 | (cp >> 18));
                b[j++] = (byte) (0x80 | ((cp >> 12) & 0x3f));
                b[j++] = (byte) (0x80 | ((cp >> 6) & 0x3f));
                b[j++] = (byte) (0x80 | (cp & 0x3f));
            } else if (Character.isSurrogate(c)) {
                b[j++] = (byte) '?';
            } else {
                b[j++] = (byte) (0xe0 | (c >> 12));
                b[j++] = (byte) (0x80 | ((c >> 6) & 0x3f));
                b[j++] = (byte) (0x80 | (c & 0x3f));
            }
        }
        return b;
    }

    // ---- comparison -------------------------------------------------------

    public boolean equals(Object anObject) {
        if (this == anObject) return true;
        if (!(anObject instanceof String)) return false;
        char[] a = value, b = ((String) anObject).value;
        int n = a.length;
        if (n != b.length) return false;
        for (int i = 0; i < n; i++)
            if (a[i] != b[i]) return false;
        return true;
    }

    public boolean contentEquals(StringBuffer sb) {
        return contentEquals((CharSequence) sb);
    }

    public boolean contentEquals(CharSequence cs) {
        if (cs instanceof String) return equals(cs);
        int n = value.length;
        if (n != cs.length()) return false;
        for (int i = 0; i < n; i++)
            if (value[i] != cs.charAt(i)) return false;
        return true;
    }

    public boolean equalsIgnoreCase(String anotherString) {
        return this == anotherString
            || (anotherString != null && anotherString.value.length == value.length
                && regionMatches(true, 0, anotherString, 0, value.length));
    }

    public int compareTo(String anotherString) {
        char[] a = value, b = anotherString.value;
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            char c1 = a[i], c2 = b[i];
            if (c1 != c2) return c1 - c2;
        }
        return a.length - b.length;
    }

    public int compareToIgnoreCase(String str) {
        char[] a = value, b = str.value;
        int len1 = a.length, len2 = b.length;
        int lim = Math.min(len1, len2);
        for (int k = 0; k < lim; k++) {
            int c1 = a[k], c2 = b[k];
            if (c1 == c2) continue;
            /* a surrogate pair compares as one code point */
            if (Character.isHighSurrogate((char) c1) && k + 1 < len1 && Character.isLowSurrogate(a[k + 1]))
                c1 = Character.toCodePoint((char) c1, a[k + 1]);
            else if (Character.isLowSurrogate((char) c1) && k > 0 && Character.isHighSurrogate(a[k - 1]))
                c1 = Character.toCodePoint(a[k - 1], (char) c1);
            if (Character.isHighSurrogate((char) c2) && k + 1 < len2 && Character.isLowSurrogate(b[k + 1]))
                c2 = Character.toCodePoint((char) c2, b[k + 1]);
            else if (Character.isLowSurrogate((char) c2) && k > 0 && Character.isHighSurrogate(b[k - 1]))
                c2 = Character.toCodePoint(b[k - 1], (char) c2);
            if (c1 == c2) continue;
            c1 = Character.toUpperCase(c1);
            c2 = Character.toUpperCase(c2);
            if (c1 != c2) {
                c1 = Character.toLowerCase(c1);
                c2 = Character.toLowerCase(c2);
                if (c1 != c2) return c1 - c2;
            }
        }
        return len1 - len2;
    }

    public boolean regionMatches(int toffset, String other, int ooffset, int len) {
        return regionMatches(false, toffset, other, ooffset, len);
    }

    public boolean regionMatches(boolean ignoreCase, int toffset, String other, int ooffset, int len) {
        char[] ta = value, pa = other.value;
        if (ooffset < 0 || toffset < 0 || toffset > (long) ta.length - len
            || ooffset > (long) pa.length - len)
            return false;
        int tstart = toffset, ostart = ooffset, tlast = toffset + len, olast = ooffset + len;
        while (toffset < tlast) {
            char c1 = ta[toffset], c2 = pa[ooffset];
            if (c1 != c2) {
                if (!ignoreCase) return false;
                /* a surrogate is compared as the code point it belongs to */
                int cp1 = codePointIncluding(ta, toffset, tstart, tlast);
                int cp2 = codePointIncluding(pa, ooffset, ostart, olast);
                int u1 = Character.toUpperCase(cp1), u2 = Character.toUpperCase(cp2);
                if (u1 != u2 && Character.toLowerCase(u1) != Character.toLowerCase(u2)) return false;
                if (Character.isHighSurrogate(c1) && cp1 > 0xFFFF && Character.isHighSurrogate(c2) && cp2 > 0xFFFF) {
                    toffset++;
                    ooffset++;
                }
            }
            toffset++;
            ooffset++;
        }
        return true;
    }

    /* The code point the unit at v[i] belongs to (within [start, end)). */
    private static int codePointIncluding(char[] v, int i, int start, int end) {
        char c = v[i];
        if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(v[i + 1]))
            return Character.toCodePoint(c, v[i + 1]);
        if (Character.isLowSurrogate(c) && i > start && Character.isHighSurrogate(v[i - 1]))
            return Character.toCodePoint(v[i - 1], c);
        return c;
    }

    public boolean startsWith(String prefix, int toffset) {
        char[] ta = value, pa = prefix.value;
        if (toffset < 0 || toffset > ta.length - pa.length) return false;
        for (int i = 0; i < pa.length; i++)
            if (ta[toffset + i] != pa[i]) return false;
        return true;
    }

    public boolean startsWith(String prefix) {
        return startsWith(prefix, 0);
    }

    public boolean endsWith(String suffix) {
        return startsWith(suffix, value.length - suffix.value.length);
    }

    public int hashCode() {
        int h = hash;
        if (h == 0) {
            char[] v = value;
            for (int i = 0; i < v.length; i++) h = 31 * h + v[i];
            hash = h;
        }
        return h;
    }

    // ---- searching --------------------------------------------------------

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    public int indexOf(int ch, int fromIndex) {
        char[] v = value;
        if (fromIndex < 0) fromIndex = 0;
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            for (int i = fromIndex; i < v.length; i++)
                if (v[i] == ch) return i;
            return -1;
        }
        if (!Character.isValidCodePoint(ch)) return -1;
        char hi = Character.highSurrogate(ch), lo = Character.lowSurrogate(ch);
        for (int i = fromIndex; i < v.length - 1; i++)
            if (v[i] == hi && v[i + 1] == lo) return i;
        return -1;
    }

    public int lastIndexOf(int ch) {
        return lastIndexOf(ch, value.length - 1);
    }

    public int lastIndexOf(int ch, int fromIndex) {
        char[] v = value;
        if (ch < Character.MIN_SUPPLEMENTARY_CODE_POINT) {
            for (int i = Math.min(fromIndex, v.length - 1); i >= 0; i--)
                if (v[i] == ch) return i;
            return -1;
        }
        if (!Character.isValidCodePoint(ch)) return -1;
        char hi = Character.highSurrogate(ch), lo = Character.lowSurrogate(ch);
        for (int i = Math.min(fromIndex, v.length - 2); i >= 0; i--)
            if (v[i] == hi && v[i + 1] == lo) return i;
        return -1;
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return indexOf(value, value.length, str.value, fromIndex);
    }

    /* First index >= from of pattern p in the first n chars of v. */
    static int indexOf(char[] v, int n, char[] p, int from) {
        int m = p.length;
        if (from >= n) return m == 0 ? n : -1;
        if (from < 0) from = 0;
        if (m == 0) return from;
        char first = p[0];
        int max = n - m;
        for (int i = from; i <= max; i++) {
            if (v[i] != first) continue;
            int j = 1;
            while (j < m && v[i + j] == p[j]) j++;
            if (j == m) return i;
        }
        return -1;
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, value.length);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return lastIndexOf(value, value.length, str.value, fromIndex);
    }

    static int lastIndexOf(char[] v, int n, char[] p, int from) {
        int m = p.length;
        int right = n - m;
        if (from > right) from = right;
        if (from < 0) return -1;
        if (m == 0) return from;
        for (int i = from; i >= 0; i--) {
            int j = 0;
            while (j < m && v[i + j] == p[j]) j++;
            if (j == m) return i;
        }
        return -1;
    }

    public boolean contains(CharSequence s) {
        return indexOf(s.toString()) >= 0;
    }

    // ---- derived strings --------------------------------------------------

    public String substring(int beginIndex) {
        return substring(beginIndex, value.length);
    }

    public String substring(int beginIndex, int endIndex) {
        int length = value.length;
        checkBoundsBeginEnd(beginIndex, endIndex, length);
        if (beginIndex == 0 && endIndex == length) return this;
        return new String(copy(value, beginIndex, endIndex - beginIndex), true);
    }

    public CharSequence subSequence(int beginIndex, int endIndex) {
        return substring(beginIndex, endIndex);
    }

    public String concat(String str) {
        if (str.value.length == 0) return this;
        char[] v = new char[value.length + str.value.length];
        System.arraycopy(value, 0, v, 0, value.length);
        System.arraycopy(str.value, 0, v, value.length, str.value.length);
        return new String(v, true);
    }

    public String replace(char oldChar, char newChar) {
        if (oldChar == newChar) return this;
        char[] v = value;
        int i = 0;
        while (i < v.length && v[i] != oldChar) i++;
        if (i == v.length) return this;
        char[] r = copy(v, 0, v.length);
        for (; i < r.length; i++)
            if (r[i] == oldChar) r[i] = newChar;
        return new String(r, true);
    }

    public String replace(CharSequence target, CharSequence replacement) {
        char[] t = target.toString().value;
        char[] r = replacement.toString().value;
        char[] v = value;
        int j = indexOf(v, v.length, t, 0);
        if (j < 0) return this;
        StringBuilder sb = new StringBuilder(v.length + 16);
        int i = 0;
        if (t.length == 0) {
            for (int k = 0; k < v.length; k++) {
                sb.append(r);
                sb.append(v[k]);
            }
            sb.append(r);
            return sb.toString();
        }
        do {
            sb.append(v, i, j - i);
            sb.append(r);
            i = j + t.length;
            j = indexOf(v, v.length, t, i);
        } while (j >= 0);
        sb.append(v, i, v.length - i);
        return sb.toString();
    }

    public boolean matches(String regex) {
        return java.util.regex.Pattern.matches(regex, this);
    }

    public String replaceFirst(String regex, String replacement) {
        return java.util.regex.Pattern.compile(regex).matcher(this).replaceFirst(replacement);
    }

    public String replaceAll(String regex, String replacement) {
        return java.util.regex.Pattern.compile(regex).matcher(this).replaceAll(replacement);
    }

    public String[] split(String regex) {
        return split(regex, 0);
    }

    public String[] split(String regex, int limit) {
        char ch = 0;
        int rl = regex.value.length;
        if ((rl == 1 && ".$|()[{^?*+\\".indexOf(ch = regex.charAt(0)) == -1)
            || (rl == 2 && regex.charAt(0) == '\\'
                && ((ch = regex.charAt(1)) - '0' | '9' - ch) < 0
                && (ch - 'a' | 'z' - ch) < 0
                && (ch - 'A' | 'Z' - ch) < 0
                && (ch < Character.MIN_HIGH_SURROGATE || ch > Character.MAX_LOW_SURROGATE))) {
            return splitChar(ch, limit);
        }
        return java.util.regex.Pattern.compile(regex).split(this, limit);
    }

    private String[] splitChar(char ch, int limit) {
        char[] v = value;
        int off = 0, next;
        boolean limited = limit > 0;
        java.util.ArrayList<String> list = new java.util.ArrayList<String>();
        while ((next = indexOf(ch, off)) != -1) {
            if (!limited || list.size() < limit - 1) {
                list.add(substring(off, next));
                off = next + 1;
            } else {
                break;
            }
        }
        if (off == 0) return new String[] { this };
        if (!limited || list.size() < limit) list.add(substring(off, v.length));
        int size = list.size();
        if (limit == 0) {
            while (size > 0 && list.get(size - 1).isEmpty()) size--;
        }
        String[] result = new String[size];
        for (int i = 0; i < size; i++) result[i] = list.get(i);
        return result;
    }

    public static String join(CharSequence delimiter, CharSequence... elements) {
        if (delimiter == null || elements == null) throw new NullPointerException();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < elements.length; i++) {
            if (i > 0) sb.append(delimiter);
            sb.append(elements[i]);
        }
        return sb.toString();
    }

    public static String join(CharSequence delimiter, Iterable<? extends CharSequence> elements) {
        if (delimiter == null || elements == null) throw new NullPointerException();
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Iterator<? extends CharSequence> it = elements.iterator(); it.hasNext(); ) {
            CharSequence cs = it.next();
            if (!first) sb.append(delimiter);
            first = false;
            sb.append(cs);
        }
        return sb.toString();
    }

    /* SpecialCasing expansions (CharacterData.SUPPER / SLOWER), parsed once. */
    private static final class SpecialCasing {
        static final int[] upperCps;
        static final String[] upperExp;
        static final int[] lowerCps;
        static final String[] lowerExp;

        static {
            String u = CharacterData.SUPPER, l = CharacterData.SLOWER;
            upperCps = new int[count(u)];
            upperExp = new String[upperCps.length];
            parse(u, upperCps, upperExp);
            lowerCps = new int[count(l)];
            lowerExp = new String[lowerCps.length];
            parse(l, lowerCps, lowerExp);
        }

        private static int count(String t) {
            int n = 0;
            for (int i = 0; i < t.length(); i += 3 + t.charAt(i + 2)) n++;
            return n;
        }

        private static void parse(String t, int[] cps, String[] exps) {
            int k = 0;
            for (int i = 0; i < t.length(); k++) {
                cps[k] = (t.charAt(i) << 16) | t.charAt(i + 1);
                int len = t.charAt(i + 2);
                exps[k] = t.substring(i + 3, i + 3 + len);
                i += 3 + len;
            }
        }

        static String find(int[] cps, String[] exps, int cp) {
            int lo = 0, hi = cps.length - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (cps[mid] < cp) lo = mid + 1;
                else if (cps[mid] > cp) hi = mid - 1;
                else return exps[mid];
            }
            return null;
        }
    }

    private static boolean isCased(int cp) {
        return Character.isUpperCase(cp) || Character.isLowerCase(cp) || Character.isTitleCase(cp);
    }

    private static boolean isWordPart(int cp) {
        if (Character.isLetterOrDigit(cp)) return true;
        int t = Character.getType(cp);
        return t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK
            || t == Character.ENCLOSING_MARK || t == Character.FORMAT;
    }

    /* Unicode Final_Sigma: a cased letter before the sigma in the same
     * word, and none after it. */
    private static boolean finalSigma(char[] v, int i) {
        boolean before = false;
        for (int j = i - 1; j >= 0 && isWordPart(v[j]); j--) {
            if (isCased(v[j])) {
                before = true;
                break;
            }
        }
        if (!before) return false;
        for (int k = i + 1; k < v.length && isWordPart(v[k]); k++)
            if (isCased(v[k])) return false;
        return true;
    }

    public String toLowerCase() {
        char[] v = value;
        int i = 0;
        for (; i < v.length; i++) {
            char c = v[i];
            if (Character.isSurrogate(c) || c == '\u03a3' || c == '\u0130' || Character.toLowerCase(c) != c) break;
        }
        if (i == v.length) return this;
        StringBuilder sb = new StringBuilder(v.length + 4);
        sb.append(v, 0, i);
        while (i < v.length) {
            int cp = Character.codePointAt(v, i, v.length);
            int n = Character.charCount(cp);
            if (cp == 0x3A3) {
                sb.append(finalSigma(v, i) ? '\u03c2' : '\u03c3');
            } else {
                String sp = cp >= 0x80 ? SpecialCasing.find(SpecialCasing.lowerCps, SpecialCasing.lowerExp, cp) : null;
                if (sp != null) sb.append(sp);
                else sb.appendCodePoint(Character.toLowerCase(cp));
            }
            i += n;
        }
        return sb.toString();
    }

    public String toLowerCase(java.util.Locale locale) {
        return toLowerCase();
    }

    public String toUpperCase() {
        char[] v = value;
        int i = 0;
        for (; i < v.length; i++) {
            char c = v[i];
            if (c >= 0xDF || Character.toUpperCase(c) != c) break;
        }
        if (i == v.length) return this;
        StringBuilder sb = new StringBuilder(v.length + 4);
        sb.append(v, 0, i);
        while (i < v.length) {
            int cp = Character.codePointAt(v, i, v.length);
            int n = Character.charCount(cp);
            String sp = cp >= 0xDF ? SpecialCasing.find(SpecialCasing.upperCps, SpecialCasing.upperExp, cp) : null;
            if (sp != null) sb.append(sp);
            else sb.appendCodePoint(Character.toUpperCase(cp));
            i += n;
        }
        return sb.toString();
    }

    public String toUpperCase(java.util.Locale locale) {
        return toUpperCase();
    }

    public String trim() {
        char[] v = value;
        int st = 0, len = v.length;
        while (st < len && v[st] <= ' ') st++;
        while (st < len && v[len - 1] <= ' ') len--;
        return (st > 0 || len < v.length) ? substring(st, len) : this;
    }

    private int indexOfNonWhitespace() {
        int i = 0;
        while (i < value.length && Character.isWhitespace(value[i])) i++;
        return i;
    }

    private int lastIndexOfNonWhitespace() {
        int n = value.length;
        while (n > 0 && Character.isWhitespace(value[n - 1])) n--;
        return n;
    }

    /* lines split at \n, \r and \r\n; no empty last line (JDK 11) */
    public java.util.stream.Stream<String> lines() {
        final String s = this;
        return java.util.stream.StreamSources.ofIterator(new java.util.Iterator<String>() {
            int pos = 0;

            public boolean hasNext() {
                return pos < s.value.length;
            }

            public String next() {
                char[] v = s.value;
                int start = pos;
                if (start >= v.length) throw new java.util.NoSuchElementException();
                int i = start;
                while (i < v.length && v[i] != '\n' && v[i] != '\r') i++;
                String line = new String(v, start, i - start);
                if (i < v.length) {
                    if (v[i] == '\r' && i + 1 < v.length && v[i + 1] == '\n') i++;
                    i++;
                }
                pos = i;
                return line;
            }
        });
    }

    public String strip() {
        int left = indexOfNonWhitespace();
        if (left == value.length) return "";
        return substring(left, lastIndexOfNonWhitespace());
    }

    public String stripLeading() {
        return substring(indexOfNonWhitespace());
    }

    public String stripTrailing() {
        return substring(0, lastIndexOfNonWhitespace());
    }

    public String repeat(int count) {
        if (count < 0) throw new IllegalArgumentException("count is negative: " + count);
        if (count == 1) return this;
        int len = value.length;
        if (len == 0 || count == 0) return "";
        if (Integer.MAX_VALUE / count < len)
            throw new OutOfMemoryError("Required length exceeds implementation limit");
        char[] r = new char[len * count];
        for (int i = 0; i < count; i++) System.arraycopy(value, 0, r, i * len, len);
        return new String(r, true);
    }

    public String toString() {
        return this;
    }

    public native String intern();

    public static String format(String format, Object... args) {
        return new java.util.Formatter().format(format, args).toString();
    }

    public static String format(java.util.Locale l, String format, Object... args) {
        return format(format, args);
    }

    public String formatted(Object... args) {
        return format(this, args);
    }

    // ---- valueOf ----------------------------------------------------------

    public static String valueOf(Object obj) {
        return (obj == null) ? "null" : obj.toString();
    }

    public static String valueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(boolean b) {
        return b ? "true" : "false";
    }

    public static String valueOf(char c) {
        return new String(new char[] { c }, true);
    }

    public static String valueOf(int i) {
        return Integer.toString(i);
    }

    public static String valueOf(long l) {
        return Long.toString(l);
    }

    public static String valueOf(float f) {
        return Float.toString(f);
    }

    public static String valueOf(double d) {
        return Double.toString(d);
    }
}
