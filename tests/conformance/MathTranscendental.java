// Transcendental Math functions. Math.* may differ from StrictMath by an ulp between JVMs, so results
// are printed rounded to 12 significant digits; StrictMath results (fdlibm, exactly specified) in full bits.
public class MathTranscendental {
    static String r(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d) || d == 0) return String.valueOf(d);
        double mag = Math.floor(Math.log10(Math.abs(d)));
        double scale = Math.pow(10, 11 - mag);
        return Math.round(d * scale) + "e" + (long) (mag - 11);
    }
    public static void main(String[] args) {
        double[] xs = {0.0, 0.1, 0.5, 1.0, 2.0, Math.PI / 4, Math.PI / 2, 3.0, 10.0, -1.5, 100.0, 1e-5};
        for (double x : xs) {
            System.out.println(x + ": sin " + r(Math.sin(x)) + " cos " + r(Math.cos(x)) + " tan " + r(Math.tan(x))
                + " exp " + r(Math.exp(x)) + " atan " + r(Math.atan(x)) + " sinh " + r(Math.sinh(x)) + " tanh " + r(Math.tanh(x)));
            if (x > 0) System.out.println("   log " + r(Math.log(x)) + " log10 " + r(Math.log10(x)) + " log1p " + r(Math.log1p(x))
                + " expm1 " + r(Math.expm1(x)) + " cbrt " + r(Math.cbrt(x)) + " pow1.7 " + r(Math.pow(x, 1.7)));
            if (x <= 1) System.out.println("   asin " + r(Math.asin(x)) + " acos " + r(Math.acos(x)) + " cosh " + r(Math.cosh(x)));
        }
        System.out.println(r(Math.atan2(1, 1)) + " " + r(Math.atan2(-1, -1)) + " " + r(Math.atan2(0.0, -0.0)) + " " + Math.atan2(0.0, 1));
        System.out.println(Math.log(0) + " " + Math.log(-1) + " " + Math.exp(1000) + " " + Math.exp(-1000) + " " + Math.log10(1000));
        System.out.println(Math.toDegrees(Math.PI) + " " + Math.toRadians(180) + " " + Math.sin(0.0) + " " + Math.cos(0.0));
        double[] ys = {0.3, 1.7, -2.2, 12.5, 1e-10, 700.0};
        for (double y : ys) {
            System.out.println("strict " + y + ": " + Long.toHexString(Double.doubleToLongBits(StrictMath.sin(y))) + " "
                + Long.toHexString(Double.doubleToLongBits(StrictMath.cos(y))) + " "
                + Long.toHexString(Double.doubleToLongBits(StrictMath.exp(y))) + " "
                + Long.toHexString(Double.doubleToLongBits(StrictMath.log(Math.abs(y)))) + " "
                + Long.toHexString(Double.doubleToLongBits(StrictMath.atan(y))) + " "
                + Long.toHexString(Double.doubleToLongBits(StrictMath.sqrt(Math.abs(y)))) + " "
                + Long.toHexString(Double.doubleToLongBits(StrictMath.pow(Math.abs(y), 0.37))));
        }
    }
}
