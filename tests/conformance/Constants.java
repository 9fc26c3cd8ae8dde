// Constant loading: iconst/bipush/sipush/ldc/ldc_w/ldc2_w boundaries for all types.
public class Constants {
    static final int CI = 123456;
    static final long CL = 0x7FFFFFFFFFFFFFFFL;
    static final String CS = "const" + "ant";
    public static void main(String[] args) {
        int[] ints = {-1, 0, 1, 2, 3, 4, 5, 6, -2, 127, 128, -128, -129, 32767, 32768, -32768, -32769,
            65535, 65536, 2147483647, -2147483648, 1000000};
        for (int i : ints) System.out.print(i + " ");
        System.out.println();
        long[] longs = {0L, 1L, 2L, -1L, 4294967296L, -9223372036854775808L, 9223372036854775807L};
        for (long l : longs) System.out.print(l + " ");
        System.out.println();
        float[] fl = {0f, 1f, 2f, 3f, -1f, 0.5f, 1e-45f, 3.4028235e38f};
        for (float f : fl) System.out.print(Float.floatToIntBits(f) + " ");
        System.out.println();
        double[] db = {0d, 1d, 2d, -1d, 0.1, 1e-323, 1.7976931348623157e308};
        for (double d : db) System.out.print(Double.doubleToLongBits(d) + " ");
        System.out.println();
        System.out.println(CI + " " + CL + " " + CS + " " + (CS == "constant"));
        char c = '\u1234';
        System.out.println((int) c + " " + (int) '\0' + " " + (int) '\177' + " " + (int) '\'');
        String esc = "tab\tnl\\n quote\" apos' u\u0041";
        System.out.println(esc);
        System.out.println(0x7f + " " + 017 + " " + 0b1011 + " " + 1_000_000 + " " + 0xFFFFFFFF + " " + 0777L);
    }
}
