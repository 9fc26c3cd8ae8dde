// int sums that wrap (a cached local plus a constant or another local,
// computed with a 32-bit lea) used as values and as array indexes, in the
// method and inside inlined callees: the wrapped index must fail the
// bounds check (ArrayIndexOutOfBoundsException), never reach memory.
public class IndexWrap {
    static int at(byte[] b, int off) { return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF); }
    static int back(int[] a, int i) { return a[i - 1]; }

    public static void main(String[] args) {
        byte[] b = new byte[16];
        int[] a = { 10, 20, 30 };
        long acc = 0;
        int[] offs = { 0, 14, 15, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1 };
        for (int r = 0; r < 3; r++) {
            for (int k = 0; k < offs.length; k++) {
                int x = offs[k];
                int y = x + 1, z = x - 3, w = x + y;
                acc = acc * 31 + y + z + w + (x + 0x7fff0000);
                try {
                    acc += at(b, x);
                } catch (ArrayIndexOutOfBoundsException e) {
                    acc += 7;
                    if (r == 0) System.out.println("at " + x + ": " + e.getMessage());
                }
                try {
                    acc += b[x + 1] + a[y - 1 > 2 ? 0 : (y - 1 < 0 ? 1 : y - 1)];
                } catch (ArrayIndexOutOfBoundsException e) {
                    acc += 11;
                    if (r == 0) System.out.println("b " + (x + 1) + ": " + e.getMessage());
                }
                try {
                    acc += back(a, x + 2);
                } catch (ArrayIndexOutOfBoundsException e) {
                    acc += 13;
                    if (r == 0) System.out.println("back " + (x + 2) + ": " + e.getMessage());
                }
            }
        }
        System.out.println(acc);
    }
}
