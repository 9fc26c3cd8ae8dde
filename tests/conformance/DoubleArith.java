// double arithmetic: rounding, NaN, infinities, signed zero, remainders.
// (Bits are printed with doubleToLongBits: the sign/payload of a NaN result is unspecified.)
public class DoubleArith {
    static String bits(double d) { return Long.toHexString(Double.doubleToLongBits(d)); }

    public static void main(String[] args) {
        double[] v = {0.0, -0.0, 1.0, -1.0, 0.1, 3.0, 1e300, -2.5, 1e-300,
            Double.MAX_VALUE, Double.MIN_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
        for (double a : v) {
            for (double b : v) {
                System.out.println(bits(a) + " " + bits(b) + ": " + bits(a + b) + " " + bits(a - b) + " "
                    + bits(a * b) + " " + bits(a / b) + " " + bits(a % b));
            }
        }
        double s = 0;
        for (int i = 0; i < 10; i++) s += 0.1;
        System.out.println("sum " + bits(s) + " " + (s == 1.0));
        System.out.println("0.1+0.2 bits " + bits(0.1 + 0.2));
        System.out.println("1e308*10 " + (1e308 * 10) + " -1e308*10 " + (-1e308 * 10));
        System.out.println("0/0 " + (0.0 / 0.0) + " inf-inf " + (Double.POSITIVE_INFINITY - Double.POSITIVE_INFINITY));
        System.out.println("-7.5%2 " + (-7.5 % 2) + " 7.5%-2 " + (7.5 % -2));
        System.out.println("subnormal " + bits(Double.MIN_VALUE / 2) + " " + bits(Double.MIN_VALUE * 0.75));
        double h = 1;
        int k = 0;
        while (1 + h != 1) { h /= 2; k++; }
        System.out.println("epsilon steps " + k);
    }
}
