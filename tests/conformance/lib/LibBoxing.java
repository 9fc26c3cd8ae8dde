// Library behaviour: the wrapper classes - valueOf caches (== identity),
// parsing with the JDK's NumberFormatException messages, radix formatting,
// bit utilities, Character classification, floating-point bits/compare.
public class LibBoxing {
    interface Op { Object run(); }

    static void t(String label, Op op) {
        try {
            System.out.println(label + " -> " + op.run());
        } catch (RuntimeException e) {
            System.out.println(label + " !! " + e);
        }
    }

    static boolean same(Object a, Object b) { return a == b; }

    public static void main(String[] args) {
        Integer a = 127, b = 127, c = 128, d = 128;
        Long la = 127L, lb = 127L, lc = -129L, ld = -129L;
        System.out.println(same(a, b) + " " + same(c, d) + " " + c.equals(d) + " " + same(la, lb) + " " + same(lc, ld)
            + " " + same(Character.valueOf('a'), Character.valueOf('a')) + " " + same((short) 5, (short) 5)
            + " " + same((byte) -100, (byte) -100) + " " + same(Boolean.valueOf("TRUE"), Boolean.TRUE)
            + " " + same(Character.valueOf('\u0100'), Character.valueOf('\u0100')));
        final String[] ints = {"0", "-0", "+5", "2147483647", "-2147483648", "2147483648", "abc", "", "-", "+", "12 ", "0x10",
            "\u0661\u0662"};
        for (final String s : ints) t("parseInt(" + s + ")", new Op() { public Object run() { return Integer.parseInt(s); } });
        t("parseInt null", new Op() { public Object run() { return Integer.parseInt(null); } });
        t("radix", new Op() { public Object run() {
            return Integer.parseInt("-ff", 16) + " " + Integer.parseInt("zz", 36) + " " + Integer.parseInt("1010", 2) + " "
                + Integer.valueOf("777", 8) + " " + Long.parseLong("-8000000000000000", 16);
        } });
        t("radix bad", new Op() { public Object run() { return Integer.parseInt("g", 16); } });
        t("radix bad2", new Op() { public Object run() { return Integer.parseInt("1", 1); } });
        t("long bad", new Op() { public Object run() { return Long.parseLong("9223372036854775808"); } });
        t("short bad", new Op() { public Object run() { return Short.parseShort("40000"); } });
        t("byte bad", new Op() { public Object run() { return Byte.valueOf("-129"); } });
        t("decode", new Op() { public Object run() {
            return Integer.decode("0x1F") + " " + Integer.decode("-#10") + " " + Integer.decode("010") + " "
                + Long.decode("-0X7fffffffffffffff") + " " + Short.decode("0") + " " + Byte.decode("#7f");
        } });
        t("decode bad", new Op() { public Object run() { return Integer.decode("--5"); } });
        t("unsigned", new Op() { public Object run() {
            return Integer.parseUnsignedInt("4294967295") + " " + Integer.toUnsignedString(-1) + " "
                + Long.toUnsignedString(-1L) + " " + Integer.divideUnsigned(-1, 3) + " " + Long.remainderUnsigned(-1L, 7)
                + " " + Integer.compareUnsigned(-1, 1) + " " + Long.parseUnsignedLong("18446744073709551615") + " "
                + Integer.toUnsignedLong(-2) + " " + Long.toUnsignedString(-7L, 36);
        } });
        t("toString", new Op() { public Object run() {
            return Integer.toString(-255, 16) + " " + Integer.toHexString(-1) + " " + Integer.toOctalString(8) + " "
                + Integer.toBinaryString(10) + " " + Long.toHexString(Long.MIN_VALUE) + " " + Long.toString(-36, 36) + " "
                + Integer.toString(5, 99) + " " + Long.toBinaryString(5) + " " + Integer.toString(Integer.MIN_VALUE, 7);
        } });
        t("bits", new Op() { public Object run() {
            return Integer.bitCount(0xF0F0) + " " + Integer.reverse(1) + " " + Integer.reverseBytes(0x12345678) + " "
                + Integer.highestOneBit(100) + " " + Integer.lowestOneBit(100) + " " + Integer.numberOfLeadingZeros(1) + " "
                + Integer.numberOfTrailingZeros(64) + " " + Integer.rotateLeft(0x80000001, 1) + " "
                + Integer.rotateRight(1, 1) + " " + Integer.signum(-9) + " " + Long.bitCount(-1L) + " "
                + Long.numberOfLeadingZeros(1L) + " " + Long.numberOfTrailingZeros(0L) + " " + Long.reverse(1L) + " "
                + Long.reverseBytes(1L) + " " + Long.highestOneBit(-1L) + " " + Long.signum(0) + " "
                + Short.reverseBytes((short) 0x1234) + " " + Character.reverseBytes('\u1234');
        } });
        t("compare/hash", new Op() { public Object run() {
            return Integer.compare(3, 7) + " " + Long.compare(7, 3) + " " + Short.compare((short) 1, (short) -1) + " "
                + Byte.compare((byte) -1, (byte) 1) + " " + Character.compare('a', 'c') + " " + Boolean.compare(true, false)
                + " " + Long.hashCode(-1L) + " " + Long.valueOf(1L << 33).hashCode() + " " + Boolean.hashCode(true) + " "
                + Double.hashCode(1.5) + " " + Float.hashCode(-0.0f) + " " + Character.hashCode('x') + " "
                + Integer.sum(2, 3) + " " + Long.max(4, 9) + " " + Integer.min(-1, 1) + " " + Integer.valueOf(5).compareTo(9);
        } });
        t("values", new Op() { public Object run() {
            Integer i = 300;
            Double dd = 2.75;
            return i.byteValue() + " " + i.shortValue() + " " + i.doubleValue() + " " + dd.intValue() + " " + dd.longValue()
                + " " + dd.floatValue() + " " + Short.valueOf((short) -1).intValue() + " " + Character.valueOf('A').charValue();
        } });
        t("limits", new Op() { public Object run() {
            return Integer.MAX_VALUE + " " + Integer.MIN_VALUE + " " + Long.MAX_VALUE + " " + Short.MIN_VALUE + " "
                + Byte.MAX_VALUE + " " + (int) Character.MAX_VALUE + " " + Integer.SIZE + " " + Long.BYTES + " "
                + Double.MAX_VALUE + " " + Double.MIN_VALUE + " " + Double.MIN_NORMAL + " " + Float.MAX_VALUE + " "
                + Float.MIN_VALUE + " " + Float.MIN_NORMAL + " " + Double.MAX_EXPONENT + " " + Float.MIN_EXPONENT;
        } });
        t("double", new Op() { public Object run() {
            return Double.compare(0.0, -0.0) + " " + Double.compare(Double.NaN, 1e300) + " " + (0.0 == -0.0) + " "
                + Double.valueOf(0.0).equals(-0.0) + " " + Double.valueOf(Double.NaN).equals(Double.NaN) + " "
                + Double.isNaN(0.0 / 0.0) + " " + Double.isInfinite(-1 / 0.0) + " " + Double.isFinite(1e308) + " "
                + Long.toHexString(Double.doubleToLongBits(Double.NaN)) + " " + Long.toHexString(Double.doubleToRawLongBits(-1.5))
                + " " + Double.longBitsToDouble(0x3ff8000000000000L) + " " + Float.intBitsToFloat(0x3fc00000) + " "
                + Integer.toHexString(Float.floatToIntBits(Float.NaN)) + " " + Float.compare(-0.0f, 0.0f) + " "
                + Double.toHexString(-1.0) + " " + Double.toHexString(Double.MIN_VALUE) + " " + Double.toHexString(0.1) + " "
                + Float.toHexString(1.0f) + " " + Double.max(-0.0, 0.0) + " " + Double.sum(0.1, 0.2);
        } });
        t("double parse", new Op() { public Object run() {
            return Double.parseDouble("1e3") + " " + Double.valueOf(" -.5 ") + " " + Float.parseFloat("3.4028236e38") + " "
                + Double.parseDouble("0x1.8p1") + " " + Double.parseDouble("-Infinity") + " " + Float.valueOf("1.1f");
        } });
        t("double parse bad", new Op() { public Object run() { return Double.parseDouble("1.2.3"); } });
        t("double parse bad2", new Op() { public Object run() { return Double.parseDouble("12abc"); } });
        t("float parse bad", new Op() { public Object run() { return Float.parseFloat(""); } });
        t("double toString", new Op() { public Object run() {
            return 1.0 + " " + 100.0 + " " + 1e7 + " " + 1.0e-3 + " " + 9.999e-4 + " " + 123456789.0 + " " + (0.1 + 0.2)
                + " " + 1.0f / 3 + " " + 1e-45f + " " + 100f + " " + (double) Float.MAX_VALUE + " " + (-0.0) + " " + 2e22;
        } });
        t("char", new Op() { public Object run() {
            StringBuilder sb = new StringBuilder();
            char[] cs = {'a', 'Z', '5', ' ', '\t', '\n', '_', '$', '\u00e9', '\u00c9', '\u00df', '\u00aa', '\u00b5', '\u00a0',
                '\u0660', '\u03a9', '\u0436', '\u4e2d', '\u2028', '\u00bd', '!'};
            for (char ch : cs) {
                sb.append(Character.isLetter(ch) ? 'L' : '-').append(Character.isDigit(ch) ? 'D' : '-')
                    .append(Character.isLetterOrDigit(ch) ? 'A' : '-').append(Character.isWhitespace(ch) ? 'W' : '-')
                    .append(Character.isUpperCase(ch) ? 'U' : '-').append(Character.isLowerCase(ch) ? 'l' : '-')
                    .append(Character.isSpaceChar(ch) ? 'S' : '-').append(Character.isJavaIdentifierStart(ch) ? 'J' : '-')
                    .append(Character.isJavaIdentifierPart(ch) ? 'j' : '-').append(Character.isISOControl(ch) ? 'C' : '-')
                    .append((int) Character.toUpperCase(ch)).append('/').append((int) Character.toLowerCase(ch)).append('/')
                    .append(Character.getType(ch)).append(' ');
            }
            return sb;
        } });
        t("digit", new Op() { public Object run() {
            return Character.digit('7', 10) + " " + Character.digit('f', 16) + " " + Character.digit('F', 10) + " "
                + Character.digit('z', 36) + " " + Character.digit('\u0663', 10) + " " + Character.forDigit(11, 16) + " "
                + (int) Character.forDigit(5, 2) + " " + Character.getNumericValue('Z') + " " + Character.getNumericValue('\u00bd')
                + " " + Character.isDigit('\uff15') + " " + Character.toChars(0x1F600).length + " "
                + Character.isSurrogate('\ud800') + " " + String.valueOf((char) 66) + " " + Character.MIN_RADIX;
        } });
        t("boolean", new Op() { public Object run() {
            return Boolean.parseBoolean("TrUe") + " " + Boolean.parseBoolean("yes") + " " + Boolean.parseBoolean(null) + " "
                + Boolean.valueOf(false) + " " + Boolean.toString(true) + " " + Boolean.logicalXor(true, true) + " "
                + Boolean.TRUE.compareTo(false);
        } });
    }
}
