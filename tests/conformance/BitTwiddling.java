// Integer/Long bit operations: bitCount, highest/lowestOneBit, leading/trailing zeros, reverse, rotate.
public class BitTwiddling {
    public static void main(String[] args) {
        int[] is = {0, 1, -1, 2, 3, 0x80000000, 0x7FFFFFFF, 0x00F0F000, 12345678, -12345678, 0x10000};
        for (int v : is) {
            System.out.println(v + ": " + Integer.bitCount(v) + " " + Integer.highestOneBit(v) + " " + Integer.lowestOneBit(v) + " "
                + Integer.numberOfLeadingZeros(v) + " " + Integer.numberOfTrailingZeros(v) + " " + Integer.reverse(v) + " "
                + Integer.reverseBytes(v) + " " + Integer.rotateLeft(v, 5) + " " + Integer.rotateRight(v, 5) + " "
                + Integer.rotateLeft(v, -3) + " " + Integer.rotateRight(v, 37));
        }
        long[] ls = {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x00FF00FF00FF00FFL, 1L << 40, -987654321012345L};
        for (long v : ls) {
            System.out.println(v + ": " + Long.bitCount(v) + " " + Long.highestOneBit(v) + " " + Long.lowestOneBit(v) + " "
                + Long.numberOfLeadingZeros(v) + " " + Long.numberOfTrailingZeros(v) + " " + Long.reverse(v) + " "
                + Long.reverseBytes(v) + " " + Long.rotateLeft(v, 13) + " " + Long.rotateRight(v, 13) + " " + Long.rotateLeft(v, 70));
        }
        System.out.println(Short.reverseBytes((short) 0x1234) + " " + Character.reverseBytes('\u1234') / 1);
        int x = 0;
        for (int i = 0; i < 32; i++) x += Integer.bitCount(i * 0x01010101);
        System.out.println("sum " + x);
        int pow = 1;
        while (Integer.bitCount(pow) == 1 && pow > 0) pow <<= 1;
        System.out.println("pow " + pow);
    }
}
