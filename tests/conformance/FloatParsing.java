// Double.parseDouble / Float.parseFloat: formats, exponents, whitespace, specials, rounding, errors.
public class FloatParsing {
    static void d(String s) {
        try {
            double v = Double.parseDouble(s);
            System.out.println("d '" + s + "' = " + Long.toHexString(Double.doubleToLongBits(v)));
        } catch (NumberFormatException e) {
            System.out.println("d '" + s + "' NFE: " + e.getMessage());
        }
    }
    static void f(String s) {
        try {
            float v = Float.parseFloat(s);
            System.out.println("f '" + s + "' = " + Integer.toHexString(Float.floatToIntBits(v)));
        } catch (NumberFormatException e) {
            System.out.println("f '" + s + "' NFE: " + e.getMessage());
        }
    }
    public static void main(String[] args) {
        String[] ss = {"0", "-0", "1", "+1.5", "-2.5e3", "1e-3", ".5", "5.", "1E10", "1e+10", "  3.25  ", "\t7\n",
            "0.1", "0.30000000000000004", "1.7976931348623157E308", "1.8e308", "4.9e-324", "2e-324", "3e-324", "1e-400",
            "2.2250738585072011e-308", "NaN", "-NaN", "Infinity", "-Infinity", "+Infinity", "1d", "2.5f", "3D", "0x1p3",
            "123456789012345678901234567890", "9007199254740993", "0.000000000000000000000000000000001",
            "", "abc", "1e", "e5", "1.2.3", "--1", "Inf", "1_0", "  ", "0x", ".", "1e1000000000"};
        for (String s : ss) d(s);
        String[] fss = {"0.1", "1.17549435E-38", "1.4e-45", "7e-46", "3.4028235e38", "3.4028236e38", "3.5e38", "16777217",
            "1.00000017881393432617187499", "1.000000178813934326171875", "NaN", "-0.0", "1e-50", "bad", "2.5e-45"};
        for (String s : fss) f(s);
        System.out.println(Double.valueOf("2.5") + " " + Float.valueOf("2.5") + " " + new Double("1e3") + " " + Double.valueOf(3.0).equals(3.0));
        try {
            Double.parseDouble(null);
        } catch (NullPointerException e) {
            System.out.println("parseDouble(null) -> NPE");
        }
    }
}
