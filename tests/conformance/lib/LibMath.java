// Library behaviour: java.lang.Math and StrictMath - rounding, min/max with
// -0.0 and NaN, exact arithmetic, floorDiv/floorMod, bit helpers, fdlibm
// functions (bit-exact in StrictMath and in the Math functions the JDK
// delegates to StrictMath), and the libm ones rounded to 12 digits.
public class LibMath {
    static String bits(double d) {
        return Long.toHexString(Double.doubleToRawLongBits(d));
    }

    static String r12(double d) {
        if (Double.isNaN(d) || Double.isInfinite(d) || d == 0) return String.valueOf(d);
        return String.format("%.12g", d);
    }

    public static void main(String[] args) {
        double[] rs = {0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1e16, -1e16,
            4503599627370497.0, Double.NaN, Double.POSITIVE_INFINITY, -0.0, Long.MAX_VALUE * 2.0};
        StringBuilder sb = new StringBuilder("round:");
        for (double x : rs) sb.append(' ').append(Math.round(x));
        sb.append(" |");
        for (double x : rs) sb.append(' ').append(Math.round((float) x));
        System.out.println(sb);
        sb = new StringBuilder("floor/ceil/rint:");
        for (double x : rs) sb.append(' ').append(Math.floor(x)).append('/').append(Math.ceil(x)).append('/').append(Math.rint(x));
        System.out.println(sb);
        System.out.println(Math.max(-0.0, 0.0) + " " + Math.min(-0.0, 0.0) + " " + Math.max(Double.NaN, 1) + " "
            + Math.min(1f, Float.NaN) + " " + Math.max(-0.0f, 0.0f) + " " + Math.abs(-0.0) + " " + Math.abs(Integer.MIN_VALUE)
            + " " + Math.abs(-7L) + " " + Math.abs(-2.5f) + " " + Math.max(3L, -4L) + " " + Math.min(-3, 4));
        System.out.println(Math.floorDiv(-7, 2) + " " + Math.floorMod(-7, 2) + " " + Math.floorDiv(7, -2) + " "
            + Math.floorMod(7, -2) + " " + Math.floorDiv(-7L, 2L) + " " + Math.floorMod(-7L, 3) + " " + (-7 / 2) + " " + (-7 % 2));
        String[] exact = {"add", "sub", "mul", "mulL", "neg", "inc", "toInt", "abs"};
        for (String e : exact) {
            try {
                switch (e) {
                    case "add": Math.addExact(Integer.MAX_VALUE, 1); break;
                    case "sub": Math.subtractExact(Long.MIN_VALUE, 1L); break;
                    case "mul": Math.multiplyExact(1 << 16, 1 << 16); break;
                    case "mulL": Math.multiplyExact(1L << 32, 1L << 32); break;
                    case "neg": Math.negateExact(Long.MIN_VALUE); break;
                    case "inc": Math.incrementExact(Integer.MAX_VALUE); break;
                    case "toInt": Math.toIntExact(1L << 31); break;
                    default: Math.decrementExact(Long.MIN_VALUE); break;
                }
                System.out.println(e + " ok");
            } catch (ArithmeticException ex) {
                System.out.println(e + " " + ex.getMessage());
            }
        }
        System.out.println(Math.addExact(2, 3) + " " + Math.multiplyExact(-4L, 5L) + " " + Math.subtractExact(-4, 5));
        System.out.println(Math.signum(-3.2) + " " + Math.signum(0.0) + " " + Math.signum(-0.0f) + " " + Math.copySign(2.0, -0.0)
            + " " + Math.ulp(1.0) + " " + Math.ulp(1e300) + " " + Math.ulp(0.0f) + " " + Math.getExponent(1024.0) + " "
            + Math.getExponent(Double.MIN_VALUE) + " " + Math.nextUp(1.0) + " " + Math.nextDown(1.0) + " "
            + Math.nextAfter(1.0f, 2.0) + " " + Math.scalb(1.5, 4) + " " + Math.scalb(3.0f, -2) + " " + Math.scalb(1.0, -1080)
            + " " + Math.toDegrees(Math.PI) + " " + Math.toRadians(180) + " " + Math.hypot(3, 4) + " " + Math.cbrt(27) + " "
            + Math.cbrt(-8) + " " + Math.sqrt(2) + " " + Math.sqrt(-1) + " " + Math.IEEEremainder(10, 3) + " "
            + Math.IEEEremainder(11, 3) + " " + Math.IEEEremainder(-4.5, 3));
        System.out.println(Math.pow(2, 10) + " " + Math.pow(-8, 1.0 / 3) + " " + Math.pow(1, Double.NaN) + " "
            + Math.pow(-1, Double.POSITIVE_INFINITY) + " " + Math.pow(0, -1) + " " + Math.pow(-0.0, -3) + " " + Math.pow(10, 15)
            + " " + Math.pow(2, -1074) + " " + Math.pow(Double.NaN, 0));
        double[] xs = {0.3, 1.7, -2.2, 12.5, 1e-10, 100.0, 3.0e5, -1e9, 0.75, -0.99};
        for (double x : xs) {
            System.out.println("strict " + x + ": " + bits(StrictMath.sin(x)) + " " + bits(StrictMath.cos(x)) + " "
                + bits(StrictMath.tan(x)) + " " + bits(StrictMath.asin(x / 1e10)) + " " + bits(StrictMath.acos(Math.min(1, x / 20)))
                + " " + bits(StrictMath.atan(x)) + " " + bits(StrictMath.exp(x / 10)) + " " + bits(StrictMath.log(Math.abs(x)))
                + " " + bits(StrictMath.log10(Math.abs(x))) + " " + bits(StrictMath.log1p(Math.abs(x))) + " "
                + bits(StrictMath.expm1(x / 10)) + " " + bits(StrictMath.sinh(x / 10)) + " " + bits(StrictMath.cosh(x / 10)) + " "
                + bits(StrictMath.tanh(x)) + " " + bits(StrictMath.cbrt(x)) + " " + bits(StrictMath.atan2(x, 1.5)) + " "
                + bits(StrictMath.hypot(x, 2.5)) + " " + bits(StrictMath.pow(Math.abs(x), 1.37)));
            System.out.println("math " + x + ": " + bits(Math.asin(x / 1e10)) + " " + bits(Math.atan(x)) + " "
                + bits(Math.atan2(1.5, x)) + " " + bits(Math.sinh(x / 10)) + " " + bits(Math.tanh(x)) + " " + bits(Math.cbrt(x))
                + " " + bits(Math.hypot(x, 2.5)) + " " + bits(Math.expm1(x / 10)) + " " + bits(Math.log1p(Math.abs(x))) + " "
                + r12(Math.sin(x)) + " " + r12(Math.cos(x)) + " " + r12(Math.tan(x)) + " " + r12(Math.exp(x / 10)) + " "
                + r12(Math.log(Math.abs(x))) + " " + r12(Math.log10(Math.abs(x))) + " " + r12(Math.pow(Math.abs(x), 1.37)));
        }
        System.out.println(Math.sin(Double.NaN) + " " + Math.cos(Double.POSITIVE_INFINITY) + " " + Math.log(0) + " "
            + Math.log(-1) + " " + Math.exp(1000) + " " + Math.exp(-1000) + " " + Math.atan2(0.0, -0.0) + " "
            + Math.atan2(-0.0, -1) + " " + StrictMath.sin(1e300) + " " + StrictMath.cos(1e22) + " " + Math.E + " " + Math.PI);
    }
}
