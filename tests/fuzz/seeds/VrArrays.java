// Seed for fuzz_verify_run: arrays of every element type, multi-dimensional
// arrays, arraycopy, clone, out-of-bounds and negative sizes caught.
public class VrArrays {
    static int ints() {
        int[] a = new int[16];
        for (int i = 0; i < a.length; i++) a[i] = i * 3;
        int[] b = a.clone();
        System.arraycopy(a, 2, b, 0, 10);
        int s = 0;
        for (int v : b) s += v;
        return s;
    }
    static long prims() {
        byte[] by = {1, 2, 3}; short[] sh = new short[4]; char[] ch = "abc".toCharArray();
        long[] lo = new long[3]; float[] fl = new float[2]; double[] db = {1.5, 2.5};
        boolean[] bo = new boolean[2];
        sh[1] = (short) (by[2] << 8); lo[2] = ch[1] * 1000L; fl[0] = (float) db[1]; bo[1] = fl[0] > 2;
        return by[0] + sh[1] + ch[0] + lo[2] + (long) fl[0] + (long) db[0] + (bo[1] ? 1 : 0);
    }
    static int multi() {
        int[][] g = new int[5][7];
        Object[][] o = new Object[2][];
        o[1] = new String[] {"x", "y"};
        for (int i = 0; i < 5; i++) for (int j = 0; j < 7; j++) g[i][j] = i ^ j;
        return g[4][6] + o[1].length + (o[0] == null ? 1 : 0);
    }
    static int bad(int n) {
        int r = 0;
        try { int[] x = new int[n - 10]; r = x.length; } catch (NegativeArraySizeException e) { r = -1; }
        try { int[] y = new int[2]; y[n] = 1; } catch (ArrayIndexOutOfBoundsException e) { r -= 2; }
        try { Object[] s = new String[1]; s[0] = Integer.valueOf(n); } catch (ArrayStoreException e) { r -= 4; }
        return r;
    }
    public static void main(String[] args) {
        int r = ints() + multi() + bad(args.length) + (int) prims();
        if (r == 42) System.out.println(r);
    }
}
