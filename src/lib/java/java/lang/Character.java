/*
 * java.lang.Character for vifvm: the boxed char and character
 * classification.
 *
 * Classification and case mapping are exact for Latin-1 (U+0000..U+00FF,
 * as the JDK's CharacterDataLatin1) and cover the common blocks beyond it
 * by ranges: Latin Extended-A, Greek, Cyrillic, fullwidth ASCII, the
 * decimal digits of the major scripts, and letters of Hebrew, Arabic,
 * Devanagari, Thai, kana, CJK and Hangul.  Other characters are reported
 * as not letters/digits and map to themselves.
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

    // ---- classification ---------------------------------------------------

    /* Start of the run of ten decimal digits containing cp, or -1. */
    private static int digitZero(int cp) {
        if (cp < 0x80) return (cp >= '0' && cp <= '9') ? '0' : -1;
        if (cp < 0x660) return -1;
        int[] z = DIGIT_ZEROS;
        for (int i = 0; i < z.length; i++) {
            if (cp >= z[i] && cp < z[i] + 10) return z[i];
        }
        return -1;
    }

    private static final int[] DIGIT_ZEROS = {
        0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6,
        0x0C66, 0x0CE6, 0x0D66, 0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090,
        0x17E0, 0x1810, 0xFF10
    };

    private static boolean isLatin1Lower(int c) {
        return (c >= 'a' && c <= 'z') || c == 0xAA || c == 0xB5 || c == 0xBA
            || (c >= 0xDF && c <= 0xFF && c != 0xF7);
    }

    private static boolean isLatin1Upper(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7);
    }

    /* Cased letters outside Latin-1: 1 upper, 2 lower, 0 neither. */
    private static int caseKind(int c) {
        if (c >= 0x100 && c <= 0x17F) {
            if (c == 0x138 || c == 0x149) return 2;
            if (c == 0x178) return 1;
            if (c == 0x17F) return 2;
            if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return (c & 1) != 0 ? 1 : 2;
            return (c & 1) == 0 ? 1 : 2;
        }
        if (c >= 0x391 && c <= 0x3AB && c != 0x3A2) return 1;
        if (c >= 0x386 && c <= 0x38F && c != 0x387 && c != 0x38B && c != 0x38D) return 1;
        if (c >= 0x3AC && c <= 0x3CE) return 2;
        if (c >= 0x400 && c <= 0x42F) return 1;
        if (c >= 0x430 && c <= 0x45F) return 2;
        if (c >= 0xFF21 && c <= 0xFF3A) return 1;
        if (c >= 0xFF41 && c <= 0xFF5A) return 2;
        return 0;
    }

    public static boolean isLowerCase(char ch) {
        return isLowerCase((int) ch);
    }

    public static boolean isLowerCase(int codePoint) {
        if (codePoint < 0x100) return isLatin1Lower(codePoint);
        return caseKind(codePoint) == 2;
    }

    public static boolean isUpperCase(char ch) {
        return isUpperCase((int) ch);
    }

    public static boolean isUpperCase(int codePoint) {
        if (codePoint < 0x100) return isLatin1Upper(codePoint);
        return caseKind(codePoint) == 1;
    }

    public static boolean isTitleCase(char ch) {
        return isTitleCase((int) ch);
    }

    public static boolean isTitleCase(int codePoint) {
        return codePoint == 0x1C5 || codePoint == 0x1C8 || codePoint == 0x1CB || codePoint == 0x1F2;
    }

    public static boolean isDigit(char ch) {
        return isDigit((int) ch);
    }

    public static boolean isDigit(int codePoint) {
        return digitZero(codePoint) >= 0;
    }

    public static boolean isDefined(char ch) {
        return isDefined((int) ch);
    }

    public static boolean isDefined(int codePoint) {
        return isValidCodePoint(codePoint) && !(codePoint >= 0xFDD0 && codePoint <= 0xFDEF)
            && (codePoint & 0xFFFE) != 0xFFFE;
    }

    public static boolean isLetter(char ch) {
        return isLetter((int) ch);
    }

    public static boolean isLetter(int c) {
        if (c < 0x100) {
            return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == 0xAA || c == 0xB5
                || c == 0xBA || (c >= 0xC0 && c <= 0xFF && c != 0xD7 && c != 0xF7);
        }
        if (caseKind(c) != 0) return true;
        return (c >= 0x180 && c <= 0x2AF)            /* Latin Extended-B, IPA */
            || (c >= 0x3D0 && c <= 0x3FF && c != 0x3F6)
            || (c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x52F)
            || (c >= 0x5D0 && c <= 0x5EA)            /* Hebrew */
            || (c >= 0x620 && c <= 0x64A)            /* Arabic */
            || (c >= 0x904 && c <= 0x939)            /* Devanagari */
            || (c >= 0xE01 && c <= 0xE30)            /* Thai */
            || (c >= 0x1E00 && c <= 0x1FFF)          /* Latin/Greek extended */
            || (c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30FA)
            || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF)
            || (c >= 0xAC00 && c <= 0xD7A3)          /* Hangul */
            || (c >= 0xF900 && c <= 0xFAFF)
            || (c >= 0x20000 && c <= 0x3134A);
    }

    public static boolean isLetterOrDigit(char ch) {
        return isLetterOrDigit((int) ch);
    }

    public static boolean isLetterOrDigit(int codePoint) {
        return isLetter(codePoint) || isDigit(codePoint);
    }

    public static boolean isAlphabetic(int codePoint) {
        return isLetter(codePoint);
    }

    public static boolean isIdeographic(int c) {
        return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF)
            || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3134A);
    }

    private static boolean isCurrency(int c) {
        return c == '$' || (c >= 0xA2 && c <= 0xA5) || (c >= 0x20A0 && c <= 0x20C0);
    }

    private static boolean isConnector(int c) {
        return c == '_' || c == 0x203F || c == 0x2040 || c == 0x2054 || c == 0xFE33
            || c == 0xFE34 || (c >= 0xFE4D && c <= 0xFE4F) || c == 0xFF3F;
    }

    public static boolean isJavaIdentifierStart(char ch) {
        return isJavaIdentifierStart((int) ch);
    }

    public static boolean isJavaIdentifierStart(int codePoint) {
        return isLetter(codePoint) || isCurrency(codePoint) || isConnector(codePoint);
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
        return isJavaIdentifierStart(codePoint) || isDigit(codePoint)
            || isIdentifierIgnorable(codePoint) || (codePoint >= 0x300 && codePoint <= 0x36F);
    }

    public static boolean isUnicodeIdentifierStart(char ch) {
        return isLetter(ch);
    }

    public static boolean isUnicodeIdentifierStart(int codePoint) {
        return isLetter(codePoint);
    }

    public static boolean isUnicodeIdentifierPart(char ch) {
        return isUnicodeIdentifierPart((int) ch);
    }

    public static boolean isUnicodeIdentifierPart(int codePoint) {
        return isLetterOrDigit(codePoint) || isConnector(codePoint)
            || isIdentifierIgnorable(codePoint) || (codePoint >= 0x300 && codePoint <= 0x36F);
    }

    public static boolean isIdentifierIgnorable(char ch) {
        return isIdentifierIgnorable((int) ch);
    }

    public static boolean isIdentifierIgnorable(int c) {
        return (c >= 0 && c <= 8) || (c >= 0xE && c <= 0x1B) || (c >= 0x7F && c <= 0x9F)
            || c == 0xAD || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E)
            || (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF;
    }

    public static boolean isSpaceChar(char ch) {
        return isSpaceChar((int) ch);
    }

    public static boolean isSpaceChar(int c) {
        return c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A)
            || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
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

    /* General category: exact for Latin-1, approximate beyond. */
    public static int getType(char ch) {
        return getType((int) ch);
    }

    private static final String LATIN1_PUNCT_TYPES =
        /* 0x20..0x3F */ "\14\30\30\30\32\30\30\30\25\26\30\31\30\24\30\30"
                       + "\11\11\11\11\11\11\11\11\11\11\30\30\31\31\31\30"
        /* 0x40..0x5F, 0x60..0x7F with letters filled in separately */
                       + "\30\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\1\25\30\26\33\27"
                       + "\33\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\2\25\31\26\31\17"
        /* 0xA0..0xBF */ + "\14\30\32\32\32\32\34\30\33\34\5\35\31\20\34\33"
                       + "\34\31\13\13\33\2\30\30\33\13\5\36\13\13\13\30";

    public static int getType(int c) {
        if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) return CONTROL;
        if (c < 0x80) return LATIN1_PUNCT_TYPES.charAt(c - 0x20);
        if (c < 0xC0) return LATIN1_PUNCT_TYPES.charAt(c - 0xA0 + 0x60);
        if (c == 0xD7 || c == 0xF7) return MATH_SYMBOL;
        if (c < 0x100) return isLatin1Upper(c) ? UPPERCASE_LETTER : LOWERCASE_LETTER;
        if (isSurrogate((char) c) && c <= 0xFFFF) return SURROGATE;
        if (c >= 0xE000 && c <= 0xF8FF) return PRIVATE_USE;
        if (isTitleCase(c)) return TITLECASE_LETTER;
        int k = caseKind(c);
        if (k == 1) return UPPERCASE_LETTER;
        if (k == 2) return LOWERCASE_LETTER;
        if (isDigit(c)) return DECIMAL_DIGIT_NUMBER;
        if (isLetter(c)) return OTHER_LETTER;
        if (c == 0x2028) return LINE_SEPARATOR;
        if (c == 0x2029) return PARAGRAPH_SEPARATOR;
        if (isSpaceChar(c)) return SPACE_SEPARATOR;
        if (c >= 0x300 && c <= 0x36F) return NON_SPACING_MARK;
        if (isCurrency(c)) return CURRENCY_SYMBOL;
        if (isConnector(c)) return CONNECTOR_PUNCTUATION;
        if (c >= 0x2010 && c <= 0x2015) return DASH_PUNCTUATION;
        return isDefined(c) ? OTHER_SYMBOL : UNASSIGNED;
    }

    // ---- case mapping -----------------------------------------------------

    public static char toLowerCase(char ch) {
        return (char) toLowerCase((int) ch);
    }

    public static int toLowerCase(int c) {
        if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
        if (c < 0x100) return (c >= 0xC0 && c <= 0xDE && c != 0xD7) ? c + 32 : c;
        if (c == 0x130) return 'i';
        if (c == 0x178) return 0xFF;
        if (caseKind(c) != 1) return c;
        if (c < 0x180) return c + 1;
        if (c == 0x386) return 0x3AC;
        if (c >= 0x388 && c <= 0x38A) return c + 37;
        if (c == 0x38C) return 0x3CC;
        if (c == 0x38E || c == 0x38F) return c + 63;
        if (c < 0x3B0) return c + 32;
        if (c < 0x410) return c + 80;
        if (c < 0x430) return c + 32;
        return c + 32;  /* fullwidth */
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
        if (c == 0x131) return 'I';
        if (c == 0x17F) return 'S';
        if (c == 0x138 || c == 0x149) return c;
        if (caseKind(c) != 2) return c;
        if (c < 0x180) return c - 1;
        if (c == 0x3AC) return 0x386;
        if (c >= 0x3AD && c <= 0x3AF) return c - 37;
        if (c == 0x3B0) return c;
        if (c == 0x3C2) return 0x3A3;
        if (c == 0x3CC) return 0x38C;
        if (c == 0x3CD || c == 0x3CE) return c - 63;
        if (c < 0x3D0) return c - 32;
        if (c < 0x450) return c - 32;
        if (c < 0x460) return c - 80;
        return c - 32;  /* fullwidth */
    }

    public static char toTitleCase(char ch) {
        return toUpperCase(ch);
    }

    public static int toTitleCase(int codePoint) {
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
        else if (c >= 0x80) {
            int z = digitZero(c);
            if (z >= 0) value = c - z;
        }
        return value < radix ? value : -1;
    }

    public static int getNumericValue(char ch) {
        return getNumericValue((int) ch);
    }

    public static int getNumericValue(int c) {
        int v = digit(c, MAX_RADIX);
        if (v >= 0) return v;
        if (c == 0xB2 || c == 0xB3) return c - 0xB0;
        if (c == 0xB9) return 1;
        if (c == 0xBC || c == 0xBD || c == 0xBE) return -2;
        return -1;
    }

    public static char forDigit(int digit, int radix) {
        if ((digit >= radix) || (digit < 0)) return '\0';
        if ((radix < MIN_RADIX) || (radix > MAX_RADIX)) return '\0';
        if (digit < 10) return (char) ('0' + digit);
        return (char) ('a' - 10 + digit);
    }
}
