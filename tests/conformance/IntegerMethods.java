// Integer: toString in radixes, hex/octal/binary strings, parse/valueOf, compare, MIN/MAX, unsigned helpers.
public class IntegerMethods {
    public static void main(String[] args) {
        int[] vals = {0, 1, -1, 7, -7, 255, 1000, -1000, 65535, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x12345678};
        for (int v : vals) {
            System.out.println(v + " " + Integer.toString(v) + " " + Integer.toString(v, 2) + " " + Integer.toString(v, 16) + " "
                + Integer.toString(v, 36) + " " + Integer.toString(v, 7) + " " + Integer.toHexString(v) + " "
                + Integer.toOctalString(v) + " " + Integer.toBinaryString(v));
        }
        System.out.println(Integer.toString(255, 99) + " " + Integer.toString(255, 1));
        String[] ps = {"0", "-0", "+5", "123", "-2147483648", "2147483647", "00017", "-00"};
        for (String p : ps) System.out.println("parse " + p + " = " + Integer.parseInt(p) + " " + Integer.valueOf(p));
        System.out.println(Integer.parseInt("ff", 16) + " " + Integer.parseInt("-FF", 16) + " " + Integer.parseInt("1010", 2)
            + " " + Integer.parseInt("zz", 36) + " " + Integer.parseInt("-80000000", 16) + " " + Integer.valueOf("777", 8));
        System.out.println(Integer.compare(3, 5) + " " + Integer.compare(5, 3) + " " + Integer.compare(4, 4)
            + " " + Integer.valueOf(10).compareTo(20) + " " + Integer.signum(-9) + " " + Integer.signum(0));
        System.out.println(Integer.MAX_VALUE + " " + Integer.MIN_VALUE + " " + Integer.SIZE + " " + Integer.BYTES);
        System.out.println(Integer.max(3, 9) + " " + Integer.min(3, 9) + " " + Integer.sum(3, 9));
        System.out.println(Integer.toUnsignedString(-1) + " " + Integer.toUnsignedLong(-1) + " " + Integer.parseUnsignedInt("4294967295")
            + " " + Integer.divideUnsigned(-1, 2) + " " + Integer.remainderUnsigned(-1, 7) + " " + Integer.compareUnsigned(-1, 1));
        Integer a = 1234;
        System.out.println(a.intValue() + " " + a.longValue() + " " + a.doubleValue() + " " + a.floatValue() + " "
            + a.shortValue() + " " + a.byteValue() + " " + a.hashCode() + " " + a.equals(1234) + " " + a.equals(1234L));
        System.out.println(Integer.decode("0x1F") + " " + Integer.decode("-010") + " " + Integer.decode("#ff") + " " + Integer.decode("42"));
        System.out.println(Integer.hashCode(-5) + " " + Integer.toString(Integer.MIN_VALUE, 16));
    }
}
