// int sums that wrap (a cached local plus a constant or another local,
// computed with a 32-bit lea) used as values and as array indexes, in the
// method and inside inlined callees: the wrapped index must fail the
// bounds check (ArrayIndexOutOfBoundsException), never reach memory.
public class IndexWrap {
    static int at(byte[] b, int off) { return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF); }
    static int back(int[] a, int i) { return a[i - 1]; }
    static int pair(byte[] b, int x) { return b[x + 1] * 3 - b[x + 2]; }   // x = -1 is fine
    static int quad(int[] a, int x) { return a[x] + a[x + 3] * 2 + a[x + 1] - a[x + 2]; }

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
        for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 29 - 64);
        int[] big = new int[9];
        for (int i = 0; i < big.length; i++) big[i] = i * i - 7;
        int[] xs = { -2, -1, 0, 5, 13, 14, 15, Integer.MAX_VALUE - 1, Integer.MAX_VALUE, Integer.MIN_VALUE };
        for (int r = 0; r < 3; r++)
            for (int x : xs) {
                try {
                    acc = acc * 7 + pair(b, x);
                } catch (ArrayIndexOutOfBoundsException e) {
                    acc += 17;
                    if (r == 0) System.out.println("pair " + x + ": " + e.getMessage());
                }
                try {
                    acc = acc * 5 + quad(big, x);
                } catch (ArrayIndexOutOfBoundsException e) {
                    acc += 19;
                    if (r == 0) System.out.println("quad " + x + ": " + e.getMessage());
                }
            }
        System.out.println(acc);
    }
}
