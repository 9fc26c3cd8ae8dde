// Float.toString / Double.toString of hand-picked values (notation switch at 1e-3 and 1e7, extremes).
public class FloatToString {
    public static void main(String[] args) {
        float[] fs = {0f, -0f, 1f, -1f, 0.1f, 0.2f, 0.3f, 1.5f, 3.14159f, 100f, 1234567f, 9999999f, 1e7f, 1.0E8f, 12345678f,
            0.001f, 0.0009999f, 1e-3f, 1e-4f, 1.17549435E-38f, 1.4E-45f, 3.4028235E38f, 16777216f, 16777217f, 0.33333334f,
            2.7182817f, 1e10f, 1.0E-10f, 123.456f, 65504f, 0.5f, 0.25f, 0.125f, 7.0E-45f, 3.0E-44f, 1.1f, 2.2f, 9.8765434E20f,
            Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (float f : fs) System.out.println("f " + f + " " + Float.toString(-f) + " " + String.valueOf(f * 3));
        double[] ds = {0.0, -0.0, 1.0, 0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100.0, 1e7, 9999999.999, 1.0E-3, 9.99E-4,
            1e21, 1e22, 1e23, 123456789012345680.0, 4.9E-324, 2.2250738585072014E-308, 1.7976931348623157E308, Math.PI, Math.E,
            1e-5, 5e-324, 2e-323, 1234.5678, 0.5, 1e100, 1.0E-100, 9007199254740993.0, 2.0E23, 8.41E21, 5.0E-324,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (double d : ds) System.out.println("d " + d + " " + Double.toString(-d) + " " + String.valueOf(d * 7));
        float f = 1f;
        for (int i = 0; i < 40; i++) { System.out.print(f + " "); f /= 3; }
        System.out.println();
        double d = 1;
        for (int i = 0; i < 60; i++) { System.out.print(d + " "); d *= 7.3; }
        System.out.println();
        StringBuilder sb = new StringBuilder();
        sb.append(1.0f).append(' ').append(2.5).append(' ').append(-0.0f).append(' ').append(1e-7);
        System.out.println(sb);
    }
}
