// Math functions with exactly specified results: abs, min, max, floor, ceil, rint, round, signum, sqrt, ulp,
// pow with integer results; StrictMath (fdlibm, bit-exact) for cbrt, hypot and non-integer pow, where
// Math may legally differ by an ulp.
public class MathBasics {
    public static void main(String[] args) {
        double[] ds = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.7, -3.7, 1e15 + 0.5, 4503599627370497.0, -1e-300,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MAX_VALUE, Double.MIN_VALUE, 0.49999999999999994};
        for (double d : ds) {
            System.out.println(d + ": abs " + Math.abs(d) + " floor " + Math.floor(d) + " ceil " + Math.ceil(d) + " rint " + Math.rint(d)
                + " round " + Math.round(d) + " signum " + Math.signum(d) + " sqrt " + Math.sqrt(d));
        }
        float[] fs = {0.5f, -0.5f, 2.5f, -2.5f, 1e10f, Float.NaN, -0.0f, 8388609.0f, 0.49999997f};
        for (float f : fs) {
            System.out.println(f + ": round " + Math.round(f) + " abs " + Math.abs(f) + " signum " + Math.signum(f));
        }
        System.out.println(Math.abs(Integer.MIN_VALUE) + " " + Math.abs(Long.MIN_VALUE) + " " + Math.abs(-5) + " " + Math.abs(-5L));
        System.out.println(Math.max(1, 2) + " " + Math.min(1L, 2L) + " " + Math.max(1.5f, -2f) + " " + Math.min(-0.0f, 0.0f)
            + " " + Math.max(Float.NaN, 1f) + " " + Math.min(2.0, Double.NaN));
        System.out.println(Math.sqrt(2) + " " + Math.sqrt(144) + " " + Math.sqrt(-1) + " " + Math.sqrt(1e-320));
        System.out.println(Math.PI + " " + Math.E);
        System.out.println(Math.ulp(1.0) + " " + Math.ulp(1.0f) + " " + Math.nextUp(1.0) + " " + Math.nextAfter(1.0, 0)
            + " " + Math.getExponent(1024.0) + " " + Math.getExponent(0.1f) + " " + Math.copySign(3.0, -0.0) + " " + Math.scalb(1.5, 4));
        System.out.println(Math.round(Long.MAX_VALUE * 2.0) + " " + Math.round(-1e30) + " " + Math.round(Float.MAX_VALUE)
            + " " + Math.round(Double.NaN));
        System.out.println(Math.pow(2, 10) + " " + Math.pow(2, -1) + " " + Math.pow(-2, 3) + " " + Math.pow(0, 0) + " " + Math.pow(10, 15)
            + " " + Math.pow(Double.NaN, 0) + " " + Math.pow(1, Double.NaN) + " " + Math.pow(-8, 1.0 / 3) + " " + StrictMath.pow(2, 0.5));
        System.out.println(StrictMath.hypot(3, 4) + " " + StrictMath.hypot(5, 12) + " " + StrictMath.cbrt(27) + " " + StrictMath.cbrt(-8)
            + " " + StrictMath.cbrt(1e-300) + " " + StrictMath.hypot(1e300, 1e300));
    }
}
