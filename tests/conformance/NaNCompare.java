// Comparisons involving NaN, infinities and signed zeros (fcmpl/fcmpg/dcmpl/dcmpg).
public class NaNCompare {
    static String cmpF(float a, float b) {
        return (a < b ? "T" : "F") + (a <= b ? "T" : "F") + (a > b ? "T" : "F") + (a >= b ? "T" : "F")
            + (a == b ? "T" : "F") + (a != b ? "T" : "F") + (!(a < b) ? "T" : "F") + (!(a > b) ? "T" : "F");
    }
    static String cmpD(double a, double b) {
        return (a < b ? "T" : "F") + (a <= b ? "T" : "F") + (a > b ? "T" : "F") + (a >= b ? "T" : "F")
            + (a == b ? "T" : "F") + (a != b ? "T" : "F") + (!(a < b) ? "T" : "F") + (!(a > b) ? "T" : "F");
    }
    public static void main(String[] args) {
        float[] fs = {Float.NaN, 0.0f, -0.0f, 1.0f, -1.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (float a : fs) for (float b : fs) System.out.println("f " + a + " " + b + " " + cmpF(a, b));
        double[] ds = {Double.NaN, 0.0, -0.0, 1.0, -1.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (double a : ds) for (double b : ds) System.out.println("d " + a + " " + b + " " + cmpD(a, b));
        double nan = Double.NaN;
        System.out.println("nan==nan " + (nan == nan) + " isNaN " + Double.isNaN(nan) + " " + (nan != nan));
        System.out.println("max/min with NaN " + Math.max(1.0, nan) + " " + Math.min(nan, 1.0));
        System.out.println("max/min zeros " + Math.max(-0.0, 0.0) + " " + Math.min(-0.0, 0.0));
        System.out.println("compare " + Double.compare(nan, 1.0) + " " + Double.compare(0.0, -0.0) + " "
            + Float.compare(-0.0f, 0.0f) + " " + Double.compare(nan, nan));
        int count = 0;
        for (double d : ds) if (d > 0 || d < 0 || d == 0) count++;
        System.out.println("ordered " + count);
    }
}
