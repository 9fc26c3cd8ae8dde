/*
 * java.lang.Character for vifvm: the boxed char and character
 * classification.
 *
 * Classification and case mapping follow the JDK 17 Unicode data for every
 * code point: Latin-1 has fast paths, everything else comes from the
 * generated tables in CharacterData.java (binary search over runs).
 */
package java.lang;

public final class Character implements java.io.Serializable, Comparable<Character> {
    public static final int MIN_RADIX = 2;
    public static final int MAX_RADIX = 36;
    public static final char MIN_VALUE = '\u0000';
    public static final char MAX_VALUE = '\uFFFF';
    @SuppressWarnings("unchecked")
    public static final Class<Character> TYPE = (Class<Character>) Class.getPrimitiveClass("char");

    public static final byte UNASSIGNED = 0;
    public static final byte UPPERCASE_LETTER = 1;
    public static final byte LOWERCASE_LETTER = 2;
    public static final byte TITLECASE_LETTER = 3;
    public static final byte MODIFIER_LETTER = 4;
    public static final byte OTHER_LETTER = 5;
    public static final byte NON_SPACING_MARK = 6;
    public static final byte ENCLOSING_MARK = 7;
    public static final byte COMBINING_SPACING_MARK = 8;
    public static final byte DECIMAL_DIGIT_NUMBER = 9;
    public static final byte LETTER_NUMBER = 10;
    public static final byte OTHER_NUMBER = 11;
    public static final byte SPACE_SEPARATOR = 12;
    public static final byte LINE_SEPARATOR = 13;
    public static final byte PARAGRAPH_SEPARATOR = 14;
    public static final byte CONTROL = 15;
    public static final byte FORMAT = 16;
    public static final byte PRIVATE_USE = 18;
    public static final byte SURROGATE = 19;
    public static final byte DASH_PUNCTUATION = 20;
    public static final byte START_PUNCTUATION = 21;
    public static final byte END_PUNCTUATION = 22;
    public static final byte CONNECTOR_PUNCTUATION = 23;
    public static final byte OTHER_PUNCTUATION = 24;
    public static final byte MATH_SYMBOL = 25;
    public static final byte CURRENCY_SYMBOL = 26;
    public static final byte MODIFIER_SYMBOL = 27;
    public static final byte OTHER_SYMBOL = 28;
    public static final byte INITIAL_QUOTE_PUNCTUATION = 29;
    public static final byte FINAL_QUOTE_PUNCTUATION = 30;

    public static final char MIN_HIGH_SURROGATE = '\uD800';
    public static final char MAX_HIGH_SURROGATE = '\uDBFF';
    public static final char MIN_LOW_SURROGATE = '\uDC00';
    public static final char MAX_LOW_SURROGATE = '\uDFFF';
    public static final char MIN_SURROGATE = MIN_HIGH_SURROGATE;
    public static final char MAX_SURROGATE = MAX_LOW_SURROGATE;
    public static final int MIN_SUPPLEMENTARY_CODE_POINT = 0x010000;
    public static final int MIN_CODE_POINT = 0x000000;
    public static final int MAX_CODE_POINT = 0X10FFFF;
    public static final int SIZE = 16;
    public static final int BYTES = 2;
    private static final long serialVersionUID = 3786198910865385080L;

    private final char value;

    @Deprecated
    public Character(char value) {
        this.value = value;
    }

    private static final class CharacterCache {
        static final Character[] cache = new Character[128];
        static {
            for (int i = 0; i < cache.length; i++) cache[i] = new Character((char) i);
        }
    }

    public static Character valueOf(char c) {
        if (c <= 127) return CharacterCache.cache[(int) c];
        return new Character(c);
    }

    public char charValue() {
        return value;
    }

    public int hashCode() {
        return (int) value;
    }

    public static int hashCode(char value) {
        return (int) value;
    }

    public boolean equals(Object obj) {
        if (obj instanceof Character) return value == ((Character) obj).charValue();
        return false;
    }

    public String toString() {
        return String.valueOf(value);
    }

    public static String toString(char c) {
        return String.valueOf(c);
    }

    public static String toString(int codePoint) {
        return new String(toChars(codePoint));
    }

    public int compareTo(Character anotherCharacter) {
        return compare(this.value, anotherCharacter.value);
    }

    public static int compare(char x, char y) {
        return x - y;
    }

    public static char reverseBytes(char ch) {
        return (char) (((ch & 0xFF00) >> 8) | (ch << 8));
    }

    // ---- code points and surrogates --------------------------------------

    public static boolean isValidCodePoint(int codePoint) {
        int plane = codePoint >>> 16;
        return plane < ((MAX_CODE_POINT + 1) >>> 16);
    }

    public static boolean isBmpCodePoint(int codePoint) {
        return codePoint >>> 16 == 0;
    }

    public static boolean isSupplementaryCodePoint(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT && codePoint < MAX_CODE_POINT + 1;
    }

    public static boolean isHighSurrogate(char ch) {
        return ch >= MIN_HIGH_SURROGATE && ch < (MAX_HIGH_SURROGATE + 1);
    }

    public static boolean isLowSurrogate(char ch) {
        return ch >= MIN_LOW_SURROGATE && ch < (MAX_LOW_SURROGATE + 1);
    }

    public static boolean isSurrogate(char ch) {
        return ch >= MIN_SURROGATE && ch < (MAX_SURROGATE + 1);
    }

    public static boolean isSurrogatePair(char high, char low) {
        return isHighSurrogate(high) && isLowSurrogate(low);
    }

    public static int charCount(int codePoint) {
        return codePoint >= MIN_SUPPLEMENTARY_CODE_POINT ? 2 : 1;
    }

    public static int toCodePoint(char high, char low) {
        return ((high << 10) + low) + (MIN_SUPPLEMENTARY_CODE_POINT
                                       - (MIN_HIGH_SURROGATE << 10) - MIN_LOW_SURROGATE);
    }

    public static int codePointAt(CharSequence seq, int index) {
        char c1 = seq.charAt(index);
        if (isHighSurrogate(c1) && ++index < seq.length()) {
            char c2 = seq.charAt(index);
            if (isLowSurrogate(c2)) return toCodePoint(c1, c2);
        }
        return c1;
    }

    public static int codePointAt(char[] a, int index) {
        return codePointAt(a, index, a.length);
    }

    public static int codePointAt(char[] a, int index, int limit) {
        if (index >= limit || index < 0 || limit > a.length) throw new IndexOutOfBoundsException();
        char c1 = a[index];
        if (isHighSurrogate(c1) && ++index < limit) {
            char c2 = a[index];
            if (isLowSurrogate(c2)) return toCodePoint(c1, c2);
        }
        return c1;
    }

    public static int codePointBefore(CharSequence seq, int index) {
        char c2 = seq.charAt(--index);
        if (isLowSurrogate(c2) && index > 0) {
            char c1 = seq.charAt(--index);
            if (isHighSurrogate(c1)) return toCodePoint(c1, c2);
        }
        return c2;
    }

    public static int codePointBefore(char[] a, int index) {
        char c2 = a[--index];
        if (isLowSurrogate(c2) && index > 0) {
            char c1 = a[--index];
            if (isHighSurrogate(c1)) return toCodePoint(c1, c2);
        }
        return c2;
    }

    public static char highSurrogate(int codePoint) {
        return (char) ((codePoint >>> 10) + (MIN_HIGH_SURROGATE - (MIN_SUPPLEMENTARY_CODE_POINT >>> 10)));
    }

    public static char lowSurrogate(int codePoint) {
        return (char) ((codePoint & 0x3ff) + MIN_LOW_SURROGATE);
    }

    public static int toChars(int codePoint, char[] dst, int dstIndex) {
        if (isBmpCodePoint(codePoint)) {
            dst[dstIndex] = (char) codePoint;
            return 1;
        } else if (isValidCodePoint(codePoint)) {
            dst[dstIndex + 1] = lowSurrogate(codePoint);
            dst[dstIndex] = highSurrogate(codePoint);
            return 2;
        }
        throw new IllegalArgumentException(
            "Not a valid Unicode code point: 0x" + Integer.toHexString(codePoint).toUpperCase());
    }

    public static char[] toChars(int codePoint) {
        if (isBmpCodePoint(codePoint)) {
            return new char[] { (char) codePoint };
        } else if (isValidCodePoint(codePoint)) {
            return new char[] { highSurrogate(codePoint), lowSurrogate(codePoint) };
        }
        throw new IllegalArgumentException(
            "Not a valid Unicode code point: 0x" + Integer.toHexString(codePoint).toUpperCase());
    }

    public static int codePointCount(CharSequence seq, int beginIndex, int endIndex) {
        int length = seq.length();
        if (beginIndex < 0 || endIndex > length || beginIndex > endIndex)
            throw new IndexOutOfBoundsException();
        int n = endIndex - beginIndex;
        for (int i = beginIndex; i < endIndex; ) {
            if (isHighSurrogate(seq.charAt(i++)) && i < endIndex && isLowSurrogate(seq.charAt(i))) {
                n--;
                i++;
            }
        }
        return n;
    }

    public static int codePointCount(char[] a, int offset, int count) {
        if (count > a.length - offset || offset < 0 || count < 0)
            throw new IndexOutOfBoundsException();
        int endIndex = offset + count;
        int n = count;
        for (int i = offset; i < endIndex; ) {
            if (isHighSurrogate(a[i++]) && i < endIndex && isLowSurrogate(a[i])) {
                n--;
                i++;
            }
        }
        return n;
    }

    public static int offsetByCodePoints(CharSequence seq, int index, int codePointOffset) {
        int length = seq.length();
        if (index < 0 || index > length) throw new IndexOutOfBoundsException();
        int x = index;
        if (codePointOffset >= 0) {
            int i;
            for (i = 0; x < length && i < codePointOffset; i++) {
                if (isHighSurrogate(seq.charAt(x++)) && x < length && isLowSurrogate(seq.charAt(x))) x++;
            }
            if (i < codePointOffset) throw new IndexOutOfBoundsException();
        } else {
            int i;
            for (i = codePointOffset; x > 0 && i < 0; i++) {
                if (isLowSurrogate(seq.charAt(--x)) && x > 0 && isHighSurrogate(seq.charAt(x - 1))) x--;
            }
            if (i < 0) throw new IndexOutOfBoundsException();
        }
        return x;
    }

    // ---- Unicode tables ---------------------------------------------------

    /* Index of the run (pairs: start, value) containing c. */
    private static int run(int[] t, int c) {
        int lo = 0, hi = (t.length >> 1) - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (t[mid << 1] <= c) lo = mid;
            else hi = mid - 1;
        }
        return lo << 1;
    }

    /* Is c in one of the [start, end] pairs of t? */
    private static boolean inRanges(int[] t, int c) {
        if (t.length == 0 || c < t[0]) return false;
        int i = run(t, c);
        return c <= t[i + 1];
    }

    private static int type(int c) {
        if (c < 0 || c > MAX_CODE_POINT) return UNASSIGNED;
        int[] t = CharacterData.TYPE;
        return t[run(t, c) + 1];
    }

    private static boolean isLetterType(int t) {
        return t >= UPPERCASE_LETTER && t <= OTHER_LETTER;
    }

    // ---- classification ---------------------------------------------------

    private static boolean isLatin1Lower(int c) {
        return (c >= 'a' && c <= 'z') || c == 0xAA || c == 0xB5 || c == 0xBA
            || (c >= 0xDF && c <= 0xFF && c != 0xF7);
    }

    private static boolean isLatin1Upper(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7);
    }

    public static boolean isLowerCase(char ch) {
        return isLowerCase((int) ch);
    }

    public static boolean isLowerCase(int codePoint) {
        if (codePoint < 0x100) return isLatin1Lower(codePoint);
        return type(codePoint) == LOWERCASE_LETTER || inRanges(CharacterData.OLOWER, codePoint);
    }

    public static boolean isUpperCase(char ch) {
        return isUpperCase((int) ch);
    }

    public static boolean isUpperCase(int codePoint) {
        if (codePoint < 0x100) return isLatin1Upper(codePoint);
        return type(codePoint) == UPPERCASE_LETTER || inRanges(CharacterData.OUPPER, codePoint);
    }

    public static boolean isTitleCase(char ch) {
        return isTitleCase((int) ch);
    }

    public static boolean isTitleCase(int codePoint) {
        return codePoint >= 0x100 && type(codePoint) == TITLECASE_LETTER;
    }

    public static boolean isDigit(char ch) {
        return isDigit((int) ch);
    }

    public static boolean isDigit(int codePoint) {
        if (codePoint < 0x100) return codePoint >= '0' && codePoint <= '9';
        return type(codePoint) == DECIMAL_DIGIT_NUMBER;
    }

    public static boolean isDefined(char ch) {
        return isDefined((int) ch);
    }

    public static boolean isDefined(int codePoint) {
        return codePoint < 0x100 ? codePoint >= 0 : type(codePoint) != UNASSIGNED;
    }

    public static boolean isLetter(char ch) {
        return isLetter((int) ch);
    }

    public static boolean isLetter(int c) {
        if (c < 0x100) {
            return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == 0xAA || c == 0xB5
                || c == 0xBA || (c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7);
        }
        return isLetterType(type(c));
    }

    public static boolean isLetterOrDigit(char ch) {
        return isLetterOrDigit((int) ch);
    }

    public static boolean isLetterOrDigit(int codePoint) {
        return isLetter(codePoint) || isDigit(codePoint);
    }

    public static boolean isAlphabetic(int codePoint) {
        int t = type(codePoint);
        return isLetterType(t) || t == LETTER_NUMBER || inRanges(CharacterData.OALPHA, codePoint);
    }

    public static boolean isIdeographic(int c) {
        return inRanges(CharacterData.IDEO, c);
    }

    public static boolean isJavaIdentifierStart(char ch) {
        return isJavaIdentifierStart((int) ch);
    }

    public static boolean isJavaIdentifierStart(int codePoint) {
        if (isLetter(codePoint)) return true;
        int t = type(codePoint);
        return t == LETTER_NUMBER || t == CURRENCY_SYMBOL || t == CONNECTOR_PUNCTUATION;
    }

    @Deprecated
    public static boolean isJavaLetter(char ch) {
        return isJavaIdentifierStart(ch);
    }

    @Deprecated
    public static boolean isJavaLetterOrDigit(char ch) {
        return isJavaIdentifierPart(ch);
    }

    public static boolean isJavaIdentifierPart(char ch) {
        return isJavaIdentifierPart((int) ch);
    }

    public static boolean isJavaIdentifierPart(int codePoint) {
        if (isJavaIdentifierStart(codePoint)) return true;
        int t = type(codePoint);
        return t == DECIMAL_DIGIT_NUMBER || t == NON_SPACING_MARK || t == COMBINING_SPACING_MARK
            || isIdentifierIgnorable(codePoint);
    }

    public static boolean isUnicodeIdentifierStart(char ch) {
        return isUnicodeIdentifierStart((int) ch);
    }

    public static boolean isUnicodeIdentifierStart(int codePoint) {
        return (isLetter(codePoint) || type(codePoint) == LETTER_NUMBER)
            != inRanges(CharacterData.XIDSTART, codePoint);
    }

    public static boolean isUnicodeIdentifierPart(char ch) {
        return isUnicodeIdentifierPart((int) ch);
    }

    public static boolean isUnicodeIdentifierPart(int codePoint) {
        int t = type(codePoint);
        boolean part = isLetterType(t) || t == LETTER_NUMBER || t == CONNECTOR_PUNCTUATION || t == DECIMAL_DIGIT_NUMBER
            || t == NON_SPACING_MARK || t == COMBINING_SPACING_MARK || isIdentifierIgnorable(codePoint);
        return part != inRanges(CharacterData.XIDPART, codePoint);
    }

    public static boolean isIdentifierIgnorable(char ch) {
        return isIdentifierIgnorable((int) ch);
    }

    public static boolean isIdentifierIgnorable(int c) {
        return (c >= 0 && c <= 8) || (c >= 0xE && c <= 0x1B) || (c >= 0x7F && c <= 0x9F) || type(c) == FORMAT;
    }

    public static boolean isSpaceChar(char ch) {
        return isSpaceChar((int) ch);
    }

    public static boolean isSpaceChar(int c) {
        int t = type(c);
        return t == SPACE_SEPARATOR || t == LINE_SEPARATOR || t == PARAGRAPH_SEPARATOR;
    }

    public static boolean isWhitespace(char ch) {
        return isWhitespace((int) ch);
    }

    public static boolean isWhitespace(int c) {
        if (c < 0x100) return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
        return isSpaceChar(c) && c != 0x2007 && c != 0x202F;
    }

    @Deprecated
    public static boolean isSpace(char ch) {
        return (ch <= 0x0020)
            && (((((1L << 0x0009) | (1L << 0x000A) | (1L << 0x000C) | (1L << 0x000D)
                   | (1L << 0x0020)) >> ch) & 1L) != 0);
    }

    public static boolean isISOControl(char ch) {
        return isISOControl((int) ch);
    }

    public static boolean isISOControl(int codePoint) {
        return codePoint <= 0x9F && (codePoint >= 0x7F || (codePoint >>> 5 == 0));
    }

    public static int getType(char ch) {
        return getType((int) ch);
    }

    public static int getType(int c) {
        return type(c);
    }

    // ---- case mapping -----------------------------------------------------

    public static char toLowerCase(char ch) {
        return (char) toLowerCase((int) ch);
    }

    public static int toLowerCase(int c) {
        if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
        if (c < 0x100) return (c >= 0xC0 && c <= 0xDE && c != 0xD7) ? c + 32 : c;
        if (c > MAX_CODE_POINT) return c;
        int[] t = CharacterData.LOWER;
        return c + t[run(t, c) + 1];
    }

    public static char toUpperCase(char ch) {
        return (char) toUpperCase((int) ch);
    }

    public static int toUpperCase(int c) {
        if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 32 : c;
        if (c < 0x100) {
            if (c == 0xB5) return 0x39C;
            if (c == 0xFF) return 0x178;
            return (c >= 0xE0 && c <= 0xFE && c != 0xF7) ? c - 32 : c;
        }
        if (c > MAX_CODE_POINT) return c;
        int[] t = CharacterData.UPPER;
        return c + t[run(t, c) + 1];
    }

    public static char toTitleCase(char ch) {
        return (char) toTitleCase((int) ch);
    }

    public static int toTitleCase(int codePoint) {
        int[] t = CharacterData.TITLE;
        for (int i = 0; i < t.length; i += 2) {
            if (t[i] == codePoint) return t[i + 1];
            if (t[i] > codePoint) break;
        }
        return toUpperCase(codePoint);
    }

    // ---- digits -----------------------------------------------------------

    public static int digit(char ch, int radix) {
        return digit((int) ch, radix);
    }

    public static int digit(int c, int radix) {
        if (radix < MIN_RADIX || radix > MAX_RADIX) return -1;
        int value = -1;
        if (c >= '0' && c <= '9') value = c - '0';
        else if (c >= 'a' && c <= 'z') value = c - 'a' + 10;
        else if (c >= 'A' && c <= 'Z') value = c - 'A' + 10;
        else if (c >= 0xFF21 && c <= 0xFF3A) value = c - 0xFF21 + 10;
        else if (c >= 0xFF41 && c <= 0xFF5A) value = c - 0xFF41 + 10;
        else if (c >= 0x100 && c <= MAX_CODE_POINT) {
            int[] t = CharacterData.TYPE;
            int i = run(t, c);
            if (t[i + 1] == DECIMAL_DIGIT_NUMBER) value = (c - t[i]) % 10;
        }
        return value < radix ? value : -1;
    }

    public static int getNumericValue(char ch) {
        return getNumericValue((int) ch);
    }

    public static int getNumericValue(int c) {
        int v = digit(c, MAX_RADIX);
        if (v >= 0) return v;
        int[] t = CharacterData.NUMERIC;
        for (int i = 0; i < t.length; i += 4) {
            if (c < t[i]) break;
            if (c <= t[i + 1]) return t[i + 2] + (c - t[i]) * t[i + 3];
        }
        return -1;
    }

    public static char forDigit(int digit, int radix) {
        if ((digit >= radix) || (digit < 0)) return '\0';
        if ((radix < MIN_RADIX) || (radix > MAX_RADIX)) return '\0';
        if (digit < 10) return (char) ('0' + digit);
        return (char) ('a' - 10 + digit);
    }
}
