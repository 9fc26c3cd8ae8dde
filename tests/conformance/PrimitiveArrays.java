// Arrays of all eight primitive types: defaults, stores, loads, lengths, wrap-around on store.
public class PrimitiveArrays {
    public static void main(String[] args) {
        boolean[] z = new boolean[3];
        byte[] b = new byte[3];
        short[] s = new short[3];
        char[] c = new char[3];
        int[] i = new int[3];
        long[] l = new long[3];
        float[] f = new float[3];
        double[] d = new double[3];
        System.out.println(z[0] + " " + b[0] + " " + s[0] + " " + (int) c[0] + " " + i[0] + " " + l[0] + " " + f[0] + " " + d[0]);
        z[1] = true;
        b[1] = (byte) 200;
        s[1] = (short) 70000;
        c[1] = 'Q';
        i[1] = -5;
        l[1] = 1L << 50;
        f[1] = 2.5f;
        d[1] = -0.125;
        System.out.println(z[1] + " " + b[1] + " " + s[1] + " " + c[1] + " " + i[1] + " " + l[1] + " " + f[1] + " " + d[1]);
        System.out.println(z.length + b.length + s.length + c.length + i.length + l.length + f.length + d.length);
        int[] big = new int[100000];
        for (int k = 0; k < big.length; k++) big[k] = k * k;
        long sum = 0;
        for (int k = 0; k < big.length; k++) sum += big[k];
        System.out.println("sum " + sum);
        byte[] bytes = new byte[256];
        for (int k = 0; k < 256; k++) bytes[k] = (byte) k;
        int bs = 0;
        for (byte x : bytes) bs += x;
        System.out.println("byte sum " + bs + " " + bytes[200] + " " + (bytes[200] & 0xFF));
        char[] chars = {'h', 'e', 'l', 'l', 'o'};
        System.out.println(new String(chars) + " " + chars.length + " " + String.valueOf(chars, 1, 3));
        boolean[] flags = new boolean[10];
        for (int k = 0; k < 10; k += 3) flags[k] = true;
        StringBuilder sb = new StringBuilder();
        for (boolean fl : flags) sb.append(fl ? '1' : '0');
        System.out.println(sb);
        int[] empty = new int[0];
        System.out.println("empty " + empty.length);
        int[] init = {3, 1, 4, 1, 5, 9, 2, 6};
        int max = Integer.MIN_VALUE;
        for (int v : init) if (v > max) max = v;
        System.out.println("max " + max);
        long[] la = {Long.MAX_VALUE, Long.MIN_VALUE};
        la[0]++;
        System.out.println(la[0] == la[1]);
    }
}
