public class M1 {
    static void t(int i2, short s12) {
        boolean z = true;
        z ^= ((i2 >>> 15) >= s12);
        boolean y = ((i2 >>> 15) >= s12);
        int u = i2 >>> 15;
        System.out.println(z + " " + y + " " + u);
    }
    public static void main(String[] a) { t(-3, (short) 64); }
}
