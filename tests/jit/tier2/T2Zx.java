/** Tier 2, zero-extending byte and short loads for b & 0xff, s & 0xffff
 *  (-Xjit:tier2,-zx): negative bytes and shorts, a load also used signed
 *  (stays sign-extended), a load in a frame state (the next access throws:
 *  the interpreter must see the signed value), a mask that is not 0xff. */
public class T2Zx {
    static int word(byte[] b, int p) { return ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff); }
    static int both(byte[] b, int p) { int x = b[p]; return (x & 0xff) * 1000 + x; }
    static int mask7f(byte[] b, int p) { return (b[p] & 0x7f) + (b[p + 1] & 0x1ff); }
    static int shorts(short[] s, int i) { return (s[i] & 0xffff) + (s[i + 1] & 0xff) * 7; }
    static int sum(byte[] b) {
        int s = 0;
        for (int i = 0; i < b.length; i++) s += b[i] & 0xff;
        return s;
    }
    /* b[p] is on the stack when b[q] throws: the exception's handler in
     * main prints what the interpreter had (nothing of b[p] leaks, but the
     * frame must be rebuilt right) */
    static int pair(byte[] b, int p, int q) { return (b[p] & 0xff) + b[q]; }
    public static void main(String[] args) {
        byte[] b = new byte[256];
        for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 37 + 3);
        short[] s = new short[64];
        for (int i = 0; i < s.length; i++) s[i] = (short) (i * 4099 - 30000);
        long h = 0;
        for (int rep = 0; rep < 50; rep++) {
            for (int p = 0; p + 1 < b.length; p++) h = h * 31 + word(b, p) + both(b, p) + mask7f(b, p);
            for (int i = 0; i + 1 < s.length; i++) h = h * 31 + shorts(s, i);
            h = h * 31 + sum(b);
        }
        System.out.println("hash " + h);
        System.out.println(word(b, 5) + " " + both(b, 7) + " " + both(b, 200) + " " + mask7f(b, 9) + " " + shorts(s, 3));
        try { System.out.println(pair(b, 1, 256)); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("AIOOBE " + e.getMessage()); }
        try { System.out.println(word(b, 255)); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("AIOOBE " + e.getMessage()); }
    }
}
