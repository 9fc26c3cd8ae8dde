// float arithmetic: rounding, NaN, infinities, signed zero, remainders.
// (Bits are printed with floatToIntBits: the sign/payload of a NaN result is unspecified.)
public class FloatArith {
    static String bits(float f) { return Integer.toHexString(Float.floatToIntBits(f)); }

    public static void main(String[] args) {
        float[] v = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 3.0f, 1e10f, -2.5f, 7.25f,
            Float.MAX_VALUE, Float.MIN_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN};
        for (float a : v) {
            for (float b : v) {
                System.out.println(bits(a) + " " + bits(b) + ": " + bits(a + b) + " " + bits(a - b) + " "
                    + bits(a * b) + " " + bits(a / b) + " " + bits(a % b));
            }
        }
        float x = 0.1f;
        float s = 0;
        for (int i = 0; i < 10; i++) s += x;
        System.out.println("sum of ten 0.1f bits " + bits(s) + " eq1 " + (s == 1.0f));
        System.out.println("neg zero " + bits(-0.0f) + " " + bits(-(0.0f)) + " " + (0.0f == -0.0f) + " raw " + Integer.toHexString(Float.floatToRawIntBits(-0.0f)));
        System.out.println("1/-0 " + (1.0f / -0.0f));
        System.out.println("5.5%2 " + (5.5f % 2f) + " -5.5%2 " + (-5.5f % 2f));
        float big = 16777216f;
        System.out.println("2^24+1 " + (big + 1f == big));
        int n = 0;
        for (float f = 0; f < 100; f += 0.25f) n++;
        System.out.println("loop count " + n);
    }
}
