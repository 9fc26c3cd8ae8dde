// Bitwise and/or/xor/not on int, long and boolean.
public class Bitwise {
    public static void main(String[] args) {
        int[] a = {0, -1, 0x55555555, 0xAAAAAAAA, 0x0F0F0F0F, 12345, Integer.MIN_VALUE};
        for (int x : a) {
            for (int y : a) {
                System.out.println(x + "," + y + ": " + (x & y) + " " + (x | y) + " " + (x ^ y) + " " + (~x));
            }
        }
        long[] b = {0L, -1L, 0x5555555555555555L, 0xF0F0F0F0F0F0F0F0L, Long.MIN_VALUE, 987654321987L};
        for (long x : b) {
            for (long y : b) {
                System.out.println(x + "," + y + ": " + (x & y) + " " + (x | y) + " " + (x ^ y) + " " + (~x));
            }
        }
        boolean t = true, f = false;
        System.out.println((t & f) + " " + (t | f) + " " + (t ^ f) + " " + (t ^ t) + " " + (!t));
        int flags = 0;
        flags |= 1 << 3;
        flags |= 1 << 7;
        flags &= ~(1 << 3);
        flags ^= 0xFF;
        System.out.println("flags " + flags);
        long mask = 0;
        for (int i = 0; i < 64; i += 3) mask |= 1L << i;
        System.out.println("mask " + Long.toHexString(mask));
    }
}
