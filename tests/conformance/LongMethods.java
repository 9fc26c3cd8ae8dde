// Long: toString in radixes, hex/binary strings, parsing, compare, hashCode, unsigned helpers.
public class LongMethods {
    public static void main(String[] args) {
        long[] vals = {0L, 1L, -1L, 4294967296L, -4294967297L, Long.MAX_VALUE, Long.MIN_VALUE, 0x0123456789ABCDEFL, 1000000007L};
        for (long v : vals) {
            System.out.println(v + " " + Long.toString(v, 2) + " " + Long.toString(v, 16) + " " + Long.toString(v, 36) + " "
                + Long.toHexString(v) + " " + Long.toOctalString(v) + " " + Long.toBinaryString(v) + " " + Long.hashCode(v)
                + " " + Long.valueOf(v).hashCode());
        }
        String[] ps = {"0", "-1", "9223372036854775807", "-9223372036854775808", "+42", "0000123"};
        for (String p : ps) System.out.println("parse " + p + " = " + Long.parseLong(p) + " " + Long.valueOf(p));
        System.out.println(Long.parseLong("7fffffffffffffff", 16) + " " + Long.parseLong("-8000000000000000", 16)
            + " " + Long.parseLong("zzzzzz", 36) + " " + Long.parseLong("-101", 2));
        System.out.println(Long.compare(1, 2) + " " + Long.compare(Long.MIN_VALUE, Long.MAX_VALUE) + " " + Long.signum(-5L)
            + " " + Long.valueOf(5).compareTo(5L) + " " + Long.max(3, 4) + " " + Long.min(-3, 4) + " " + Long.sum(1, 2));
        System.out.println(Long.toUnsignedString(-1L) + " " + Long.parseUnsignedLong("18446744073709551615") + " "
            + Long.divideUnsigned(-1L, 10) + " " + Long.remainderUnsigned(-1L, 10) + " " + Long.compareUnsigned(-1L, 0L)
            + " " + Long.toUnsignedString(Long.MIN_VALUE, 16));
        Long a = 99L;
        System.out.println(a.intValue() + " " + a.doubleValue() + " " + a.equals(99L) + " " + a.equals(99) + " " + (a == 99L));
        System.out.println(Long.SIZE + " " + Long.BYTES + " " + Long.MAX_VALUE + " " + Long.MIN_VALUE);
        System.out.println(Long.decode("0x7F") + " " + Long.decode("-#10") + " " + Long.decode("017"));
    }
}
