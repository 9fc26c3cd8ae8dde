// Primitive conversions: widening, narrowing, saturating f2i/f2l/d2i/d2l, NaN -> 0.
public class Conversions {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.9999, -2.9999, 1e10, -1e10, 1e19, -1e19, 1e300,
            2147483647.0, 2147483648.0, -2147483648.0, -2147483649.0, 9.223372036854776E18,
            Double.MAX_VALUE, Double.MIN_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
        for (double d : ds) {
            float f = (float) d;
            System.out.println(d + " -> i " + (int) d + " l " + (long) d + " f " + f + " fi " + (int) f + " fl " + (long) f
                + " b " + (byte) d + " s " + (short) d + " c " + (int) (char) d);
        }
        int[] is = {0, 1, -1, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536, -32769,
            Integer.MAX_VALUE, Integer.MIN_VALUE, 16777217, 0x12345678};
        for (int i : is) {
            System.out.println(i + " -> b " + (byte) i + " s " + (short) i + " c " + (int) (char) i
                + " f " + (float) i + " d " + (double) i + " l " + (long) i);
        }
        long[] ls = {0L, -1L, 4294967295L, 4294967296L, Long.MAX_VALUE, Long.MIN_VALUE, 9007199254740993L, 0x123456789L};
        for (long l : ls) {
            System.out.println(l + " -> i " + (int) l + " f " + (float) l + " d " + (double) l
                + " b " + (byte) l + " c " + (int) (char) l);
        }
        char c = 'A';
        int ci = c + 1;
        char c2 = (char) ci;
        System.out.println("char " + c + " " + ci + " " + c2 + " " + (char) 97 + " " + (int) 'z');
        char neg = (char) -1;
        System.out.println("char -1 " + (int) neg + " short " + (short) neg);
        float fbig = 3.4e38f;
        System.out.println("f2i sat " + (int) fbig + " " + (long) fbig + " " + (int) -fbig + " " + (long) Float.NaN);
    }
}
