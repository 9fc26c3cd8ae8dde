// Character classification and conversion for ASCII and Latin-1, digit/forDigit in radixes.
public class CharacterMethods {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < 256; c++) {
            char ch = (char) c;
            int flags = (Character.isDigit(ch) ? 1 : 0) | (Character.isLetter(ch) ? 2 : 0) | (Character.isLetterOrDigit(ch) ? 4 : 0)
                | (Character.isWhitespace(ch) ? 8 : 0) | (Character.isUpperCase(ch) ? 16 : 0) | (Character.isLowerCase(ch) ? 32 : 0)
                | (Character.isSpaceChar(ch) ? 64 : 0) | (Character.isISOControl(ch) ? 128 : 0);
            sb.append(c).append(':').append(flags).append(':').append((int) Character.toUpperCase(ch)).append(':')
              .append((int) Character.toLowerCase(ch)).append(' ');
            if (c % 16 == 15) { System.out.println(sb); sb.setLength(0); }
        }
        for (int radix = 2; radix <= 36; radix += 7) {
            sb.setLength(0);
            for (char ch : "09afzAFZ!".toCharArray()) sb.append(Character.digit(ch, radix)).append(' ');
            for (int d = 0; d < 37; d += 5) sb.append(Character.forDigit(d, radix) == '\0' ? "NUL" : String.valueOf(Character.forDigit(d, radix))).append(' ');
            System.out.println("radix " + radix + ": " + sb);
        }
        System.out.println((int) Character.MIN_VALUE + " " + (int) Character.MAX_VALUE + " " + Character.MIN_RADIX + " " + Character.MAX_RADIX);
        System.out.println(Character.getNumericValue('7') + " " + Character.getNumericValue('a') + " " + Character.getNumericValue('Z')
            + " " + Character.getNumericValue('-'));
        Character c = 'x';
        System.out.println(c.charValue() + " " + c.compareTo('a') + " " + Character.compare('a', 'b') + " " + c.hashCode()
            + " " + Character.valueOf('x').equals(c) + " " + Character.toString('q') + " " + c.toString());
        System.out.println(Character.isJavaIdentifierStart('_') + " " + Character.isJavaIdentifierStart('1') + " "
            + Character.isJavaIdentifierPart('1') + " " + Character.isJavaIdentifierPart('-') + " " + Character.isJavaIdentifierStart('$'));
        System.out.println(Character.isHighSurrogate('\ud800') + " " + Character.isLowSurrogate('\udc00') + " " + Character.isSurrogate('a')
            + " " + Character.toCodePoint('\ud83d', '\ude00') + " " + Character.charCount(0x1F600));
    }
}
