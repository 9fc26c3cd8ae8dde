// Boolean, Short and Byte wrappers: parsing, toString, compare, hashCode, MIN/MAX, unsigned conversions.
public class BooleanAndShortByte {
    public static void main(String[] args) {
        String[] bs = {"true", "TRUE", "True", "false", "yes", "", null, "1"};
        for (String s : bs) System.out.print(Boolean.parseBoolean(s) + " ");
        System.out.println();
        System.out.println(Boolean.toString(true) + " " + Boolean.valueOf(false) + " " + Boolean.TRUE.hashCode() + " "
            + Boolean.FALSE.hashCode() + " " + Boolean.compare(true, false) + " " + Boolean.TRUE.compareTo(true)
            + " " + Boolean.logicalAnd(true, false) + " " + Boolean.logicalOr(true, false) + " " + Boolean.logicalXor(true, true)
            + " " + Boolean.TRUE.equals(true) + " " + Boolean.TRUE.booleanValue());
        System.out.println(Short.MIN_VALUE + " " + Short.MAX_VALUE + " " + Short.parseShort("-1234") + " " + Short.valueOf("77")
            + " " + Short.parseShort("7fff", 16) + " " + Short.toString((short) -5) + " " + Short.compare((short) 1, (short) 9)
            + " " + Short.valueOf((short) 300).hashCode() + " " + Short.toUnsignedInt((short) -1) + " " + Short.valueOf((short) 5).equals((short) 5));
        System.out.println(Byte.MIN_VALUE + " " + Byte.MAX_VALUE + " " + Byte.parseByte("-128") + " " + Byte.valueOf("127")
            + " " + Byte.parseByte("-80", 16) + " " + Byte.toString((byte) 200) + " " + Byte.compare((byte) -1, (byte) 1)
            + " " + Byte.valueOf((byte) -3).hashCode() + " " + Byte.toUnsignedInt((byte) -1) + " " + Byte.toUnsignedLong((byte) -128));
        String[] bad = {"128", "-129", "x", ""};
        for (String s : bad) {
            try {
                System.out.println(Byte.parseByte(s));
            } catch (NumberFormatException e) {
                System.out.println("byte NFE: " + e.getMessage());
            }
        }
        try {
            System.out.println(Short.parseShort("40000"));
        } catch (NumberFormatException e) {
            System.out.println("short NFE: " + e.getMessage());
        }
        Short sh = 12;
        Byte by = 3;
        System.out.println(sh.intValue() + by.intValue() + " " + sh.doubleValue() + " " + by.longValue());
    }
}
