// IEEE bit views: doubleToLongBits (NaN canonicalized) vs raw, longBitsToDouble, equals/compare/hashCode rules.
public class DoubleBits {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 1.0, -2.0, Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, Double.NaN,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1};
        for (double d : ds) {
            System.out.println(Long.toHexString(Double.doubleToLongBits(d)) + " " + Long.toHexString(Double.doubleToRawLongBits(d))
                + " " + Double.valueOf(d).hashCode() + " " + Double.hashCode(d) + " isNaN " + Double.isNaN(d)
                + " isInf " + Double.isInfinite(d) + " finite " + Double.isFinite(d));
        }
        double weirdNaN = Double.longBitsToDouble(0x7ff8000000000123L);
        System.out.println(Double.isNaN(weirdNaN) + " " + Long.toHexString(Double.doubleToLongBits(weirdNaN)));
        System.out.println(Double.valueOf(Double.NaN).equals(Double.NaN) + " " + (Double.NaN == Double.NaN) + " "
            + Double.valueOf(0.0).equals(-0.0) + " " + (0.0 == -0.0) + " " + Double.compare(0.0, -0.0) + " " + Double.compare(Double.NaN, Double.POSITIVE_INFINITY));
        float[] fs = {0f, -0f, 1f, Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL, Float.NaN, Float.NEGATIVE_INFINITY};
        for (float f : fs) {
            System.out.println(Integer.toHexString(Float.floatToIntBits(f)) + " " + Integer.toHexString(Float.floatToRawIntBits(f))
                + " " + Float.valueOf(f).hashCode() + " " + Float.isNaN(f) + " " + Float.isInfinite(f));
        }
        System.out.println(Float.intBitsToFloat(0x3f800000) + " " + Float.intBitsToFloat(0x00000001) + " "
            + Double.longBitsToDouble(0x3ff8000000000000L) + " " + Double.longBitsToDouble(0x8000000000000000L));
        System.out.println(Float.valueOf(Float.NaN).equals(Float.NaN) + " " + Float.compare(1f, Float.NaN) + " "
            + Float.valueOf(-0f).compareTo(0f));
        System.out.println(Double.MAX_EXPONENT + " " + Double.MIN_EXPONENT + " " + Float.MAX_EXPONENT + " " + Double.SIZE + " " + Float.SIZE);
        Double dv = 3.75;
        Float fv = 3.75f;
        System.out.println(dv.intValue() + " " + dv.longValue() + " " + dv.floatValue() + " " + fv.doubleValue() + " " + dv.isNaN()
            + " " + Double.sum(1.5, 2) + " " + Double.max(-1, 1) + " " + Float.min(2f, 3f));
    }
}
