// float vs double precision and rounding of intermediate results.
public class FloatPrecision {
    public static void main(String[] args) {
        float f = 1.1f;
        double d = f;
        System.out.println("widen bits " + Long.toHexString(Double.doubleToLongBits(d)));
        System.out.println("f*f bits " + Integer.toHexString(Float.floatToIntBits(f * f)));
        System.out.println("d*d bits " + Long.toHexString(Double.doubleToLongBits(d * d)));
        float acc = 0;
        for (int i = 1; i <= 1000; i++) acc += 1.0f / i;
        System.out.println("harmonic f bits " + Integer.toHexString(Float.floatToIntBits(acc)));
        double dacc = 0;
        for (int i = 1; i <= 1000; i++) dacc += 1.0 / i;
        System.out.println("harmonic d bits " + Long.toHexString(Double.doubleToLongBits(dacc)));
        float big = 1e20f, small = 1f;
        System.out.println("absorb " + ((big + small) - big));
        double x = 1e16;
        System.out.println("absorb d " + ((x + 1) - x) + " " + ((x + 2) - x));
        float g = (float) 0.1;
        System.out.println("0.1 narrow " + (g == 0.1f) + " " + ((double) g == 0.1));
        float h = 16777216f;
        h += 1f;
        System.out.println("2^24 " + (int) h);
        double p = 0.1 * 3;
        System.out.println("0.1*3==0.3 " + (p == 0.3) + " bits " + Long.toHexString(Double.doubleToLongBits(p)));
        float q = 3.0f;
        float r = 1.0f / q;
        System.out.println("1/3 f*3 bits " + Integer.toHexString(Float.floatToIntBits(r * q)));
        int n = 0x7FFFFFFF;
        float nf = n;
        System.out.println("int->float " + (int) nf + " " + (long) nf);
        long bigL = 0x7FFFFFFFFFFFFDFFL;
        System.out.println("long->double->long " + (long) (double) bigL + " " + (long) (float) bigL);
    }
}
