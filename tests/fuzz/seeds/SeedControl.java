// Seed for the class-file fuzzer: table/lookup/string switches, exceptions
// with finally, synchronized blocks, wide constants, multi-dim arrays.
public class SeedControl {
    static final long BIG = 0x123456789ABCDEFL;
    static final double PI2 = Math.PI * 2;
    static int table(int x) {
        switch (x) { case 0: return 10; case 1: return 11; case 2: return 12; case 3: return 13; default: return -1; }
    }
    static int lookup(int x) {
        switch (x) { case -1000: return 1; case 7: return 2; case 100000: return 3; default: return 0; }
    }
    static int str(String s) {
        switch (s) { case "alpha": return 1; case "beta": return 2; default: return 0; }
    }
    static int risky(int[] a, int i) {
        int r = 0;
        try {
            r = a[i] / (i - 2);
        } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
            r = -1;
        } finally {
            r += 100;
        }
        return r;
    }
    public static void main(String[] args) {
        Object lock = new Object();
        int[][][] cube = new int[3][4][5];
        long acc = BIG;
        synchronized (lock) {
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 4; j++)
                    cube[i][j][i + j % 5] = table(i) + lookup(j) + str(i == 0 ? "alpha" : "beta");
        }
        float f = 1.5f;
        double d = PI2;
        for (int i = 0; i < 300; i++) { acc ^= acc << 3; f *= 1.01f; d /= 1.0001; }
        System.out.println(acc + " " + f + " " + d + " " + risky(new int[5], 2) + " " + risky(new int[2], 9));
    }
}
