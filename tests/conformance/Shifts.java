// Shifts: counts are masked (int & 31, long & 63), arithmetic vs logical right shift.
public class Shifts {
    public static void main(String[] args) {
        int[] xs = {1, -1, 0x80000000, 0x7FFFFFFF, 0x12345678, -123456};
        int[] counts = {0, 1, 4, 31, 32, 33, 63, 64, 65, -1, -31, -32, 100, Integer.MIN_VALUE};
        for (int x : xs) {
            for (int c : counts) {
                System.out.println(x + " by " + c + ": " + (x << c) + " " + (x >> c) + " " + (x >>> c));
            }
        }
        long[] ls = {1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x0123456789ABCDEFL};
        for (long x : ls) {
            for (int c : counts) {
                System.out.println(x + " by " + c + ": " + (x << c) + " " + (x >> c) + " " + (x >>> c));
            }
            long lc = 66L;
            System.out.println("long count " + (x << lc) + " " + (x >>> (int) lc));
        }
        byte b = -16;
        short s = -1024;
        char ch = 0xFFFF;
        System.out.println("narrow " + (b >> 2) + " " + (b >>> 28) + " " + (s >>> 20) + " " + (ch >> 4) + " " + (ch << 20));
        byte bb = (byte) (b >>> 2);
        System.out.println("byte ushr narrowed " + bb);
        int v = 1;
        v <<= 35;
        System.out.println("compound " + v);
        long w = 1;
        w <<= 35;
        System.out.println("compound long " + w);
    }
}
