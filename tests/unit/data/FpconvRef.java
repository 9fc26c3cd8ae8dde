/* FpconvRef.java - generates tests/unit/data/fpconv_ref.txt, the reference
 * for tests/unit/test_fpconv.c, from a real JDK.
 *
 * Must be run with a JDK 19+ `java` (the shortest-decimal Double.toString of
 * JDK-4511638), e.g.:
 *   javac -d build/fpref tests/unit/data/FpconvRef.java
 *   /usr/lib/jvm/temurin-25-jdk-amd64/bin/java -cp build/fpref FpconvRef \
 *       > tests/unit/data/fpconv_ref.txt
 * Running it with JDK 17 as well and diffing the D/F lines gives
 * tests/conformance/JDK17_FLOAT_DIFFERENCES.md (see tests/unit/data/README.md).
 *
 * Line formats (the value set is deterministic: SplitMix64 from a fixed seed):
 *   D <16 hex digits: double bits> <Double.toString>
 *   F <8 hex digits: float bits> <Float.toString>
 *   P <16 hex digits or ERR> <string given to Double.parseDouble>
 *   Q <8 hex digits or ERR> <string given to Float.parseFloat>
 * Strings never contain white space.
 */
import java.math.BigDecimal;
import java.math.MathContext;

public class FpconvRef {
    static long state = 0x5EED_1234_ABCD_0042L;

    static long next() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static int nextInt(int bound) {
        return (int) Long.remainderUnsigned(next(), bound);
    }

    static final StringBuilder out = new StringBuilder();

    static void d(double v) {
        out.append("D ").append(String.format("%016x", Double.doubleToRawLongBits(v)))
           .append(' ').append(Double.toString(v)).append('\n');
    }

    static void f(float v) {
        out.append("F ").append(String.format("%08x", Float.floatToRawIntBits(v)))
           .append(' ').append(Float.toString(v)).append('\n');
    }

    static void p(String s) {
        String r;
        try {
            r = String.format("%016x", Double.doubleToRawLongBits(Double.parseDouble(s)));
        } catch (NumberFormatException e) {
            r = "ERR";
        }
        out.append("P ").append(r).append(' ').append(s).append('\n');
    }

    static void q(String s) {
        String r;
        try {
            r = String.format("%08x", Float.floatToRawIntBits(Float.parseFloat(s)));
        } catch (NumberFormatException e) {
            r = "ERR";
        }
        out.append("Q ").append(r).append(' ').append(s).append('\n');
    }

    static String randDigits(int n) {
        StringBuilder sb = new StringBuilder();
        sb.append((char) ('1' + nextInt(9)));
        for (int i = 1; i < n; i++) sb.append((char) ('0' + nextInt(10)));
        return sb.toString();
    }

    public static void main(String[] args) {
        /* ---- doubles: printing ---- */
        double[] specials = {
            0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL,
            Math.nextDown(Double.MIN_NORMAL), Math.nextUp(Double.MIN_VALUE),
            Math.nextDown(Double.MAX_VALUE), -Double.MIN_VALUE, -Double.MAX_VALUE,
            0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 1.0E23, 2.0E-3, 1.0E-3,
            9.999999999999999E-4, 1.0E7, 9999999.0, 9999999.999999998, 1.0E-5,
            1.2345E-300, 100.0, 1234567.0, 12345678.0, 9007199254740993.0,
            9007199254740992.0, 9007199254740991.0, 4.35, 5.0E-324, 1.0E22, 1.0E21,
            5.0E-5, 2.0E-5, 1.1E-5, 123456789012345680.0, 0.001, 0.01, 1.0E-4,
            Math.PI, Math.E, 1.7976931348623157E308, 2.2250738585072014E-308,
            4.9E-324, 1.0E308, 1.0E-323, 6.02214076E23, 1.602176634E-19,
            8.41E21, 5.0E-310, 2.0E-3 * 3, 0.5, 0.25, 0.125, 1.5, 1e15, 1e16, 1e17,
        };
        for (double v : specials) { d(v); d(-v); }
        for (int e = -325; e <= 309; e++) {
            double v = Double.parseDouble("1e" + e);
            d(v);
            if (e % 5 == 0) { d(Math.nextUp(v)); d(Math.nextDown(v)); }
        }
        for (int e = -1074; e <= 1023; e++) d(Math.scalb(1.0, e));
        for (int i = 1; i <= 64; i++) d(Double.longBitsToDouble(i));              /* tiny subnormals */
        for (int i = 0; i < 200; i++) d(Double.longBitsToDouble(next() & 0x000F_FFFF_FFFF_FFFFL));
        for (int i = 1; i <= 100; i++) d(i);
        for (int i = 0; i < 100; i++) d((double) (next() >> nextInt(64)));
        for (int i = -20; i <= 20; i++) d(9007199254740992.0 + 2 * i);
        for (int i = 0; i < 2000; i++) {
            double v = Double.longBitsToDouble(next());
            if (!Double.isNaN(v)) d(v);
        }
        for (int i = 0; i < 500; i++) {                                          /* short decimals */
            double v = Double.parseDouble(randDigits(1 + nextInt(17)) + "e" + (nextInt(640) - 330));
            d(v);
        }
        for (int i = 0; i < 200; i++) {                                          /* plain range */
            double v = Double.parseDouble(randDigits(1 + nextInt(17)) + "e" + (nextInt(16) - 10));
            d(v);
        }

        /* ---- floats: printing ---- */
        float[] fspecials = {
            0.0f, -0.0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            Float.MIN_VALUE, Float.MAX_VALUE, Float.MIN_NORMAL, 0.1f, 0.2f, 0.3f,
            1.0E7f, 9999999.0f, 1.0E-3f, 2.0E-3f, 1.0E10f, 3.4028235E38f, 1.17549435E-38f,
            1.4E-45f, 16777216.0f, 16777217.0f, 8.589973E9f, 1.0E23f, 100.0f, 0.001f,
            (float) Math.PI, (float) Math.E, 1.0f / 3, 2.0E-45f, 3.0E-45f,
        };
        for (float v : fspecials) { f(v); f(-v); }
        for (int e = -46; e <= 39; e++) {
            float v = Float.parseFloat("1e" + e);
            f(v); f(Math.nextUp(v)); f(Math.nextDown(v));
        }
        for (int e = -149; e <= 127; e++) f(Math.scalb(1.0f, e));
        for (int i = 1; i <= 64; i++) f(Float.intBitsToFloat(i));
        for (int i = 0; i < 100; i++) f(Float.intBitsToFloat((int) next() & 0x007F_FFFF));
        for (int i = 0; i < 1500; i++) {
            float v = Float.intBitsToFloat((int) next());
            if (!Float.isNaN(v)) f(v);
        }
        for (int i = 0; i < 300; i++) {
            float v = Float.parseFloat(randDigits(1 + nextInt(9)) + "e" + (nextInt(90) - 50));
            f(v);
        }

        /* ---- parsing ---- */
        String[] syntax = {
            "0", "-0", "+0", "0.0", "-0.0", "00000.00000", ".5", "5.", "-.5e1", "+5.E-1",
            "1e5f", "1e5F", "1e5d", "1e5D", "1f", "1.5D", "NaN", "+NaN", "-NaN", "Infinity",
            "+Infinity", "-Infinity", "1E400", "-1E400", "1e-400", "-1e-400", "1e+2",
            "1e99999999999999999999", "1e-99999999999999999999", "0e99999999999999",
            "0x1.8p1", "0X1P-1074", "0x1p-1075", "0x1.0000000000001p0", "0x1.00000000000008p0",
            "0x1.00000000000008000000001p0", "0x.8p1", "0x1p1f", "-0x1.fffffffffffffp1023",
            "0x1.fffffffffffff8p1023", "0x1p-149", "0x1.000001p0", "0x1.0000010000000001p0",
            "0x0p0", "0x0.0000000000000000000000000000000000000000000001p200",
            "", "+", "-", ".", "e5", "1e", "1e+", "1.2.3", "1ee5", "1e5ff", "1x", "0x", "0x1",
            "0x1.8", "0xp1", "NaNx", "Infinityf", "nan", "infinity", "1_0", "--1", "+-1",
            "0x1p", "1d5", "Inf",
            "2.2250738585072012e-308", "2.2250738585072011e-308", "4.9e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
            "1.7976931348623158e308", "1.7976931348623157e308", "1.797693134862315807e308",
            "1.7976931348623159e308", "9007199254740993", "9007199254740993.0000000000000000001",
            "9007199254740992.9999999999999999999", "1.00000005960464477539062500",
            "1.000000059604644775390625000000000000000000001", "1.00000005960464477539062499999",
            "3.4028235677973366e38", "3.4028235677973367e38", "3.4028234663852886e38",
            "1.4012984643248170709e-45", "7.006492321624085354e-46", "7.006492321624085355e-46",
            "1.1754942807573643e-38", "1.1754943e-38",
        };
        for (String s : syntax) { p(s); q(s); }
        for (int i = 0; i < 800; i++) {                                          /* random decimals */
            String s = randDigits(1 + nextInt(25));
            int cut = nextInt(s.length() + 1);
            s = s.substring(0, cut) + "." + s.substring(cut);
            p(s + "e" + (nextInt(660) - 345));
        }
        for (int i = 0; i < 400; i++) {
            String s = randDigits(1 + nextInt(12));
            q(s + "e" + (nextInt(100) - 52));
        }
        MathContext mc = MathContext.UNLIMITED;
        BigDecimal two = BigDecimal.valueOf(2);
        for (int i = 0; i < 120; i++) {                                          /* double midpoints */
            double v;
            if (i < 20) v = Double.longBitsToDouble(i);
            else if (i < 60) v = Double.longBitsToDouble(next() & 0x000F_FFFF_FFFF_FFFFL);
            else if (i < 70) v = Math.nextDown(Double.MAX_VALUE) + 0 * i;
            else v = Math.abs(Double.longBitsToDouble(next() & 0x7FEF_FFFF_FFFF_FFFFL));
            BigDecimal a = new BigDecimal(v), b = new BigDecimal(Math.nextUp(v));
            BigDecimal mid = a.add(b, mc).divide(two, mc);
            String ms = mid.toString();
            p(ms);
            BigDecimal eps = new BigDecimal(BigDecimal.ONE.unscaledValue(), mid.scale() + 5);
            p(mid.add(eps, mc).toString());
            p(mid.subtract(eps, mc).toString());
        }
        for (int i = 0; i < 250; i++) {                                          /* float midpoints */
            float v;
            if (i < 20) v = Float.intBitsToFloat(i);
            else if (i < 50) v = Float.intBitsToFloat((int) next() & 0x007F_FFFF);
            else v = Math.abs(Float.intBitsToFloat((int) next() & 0x7F7F_FFFF));
            BigDecimal a = new BigDecimal(v), b = new BigDecimal(Math.nextUp(v));
            BigDecimal mid = a.add(b, mc).divide(two, mc);
            q(mid.toString());
            /* tiny offsets: via double these would round to the midpoint first */
            BigDecimal eps = new BigDecimal(BigDecimal.ONE.unscaledValue(), mid.scale() + 12);
            q(mid.add(eps, mc).toString());
            q(mid.subtract(eps, mc).toString());
        }
        for (int i = 0; i < 20; i++) {                                           /* very long strings */
            String s = randDigits(300 + nextInt(900));
            int cut = 1 + nextInt(20);
            s = s.substring(0, cut) + "." + s.substring(cut);
            int e = nextInt(640) - 330;
            p(s + "e" + e);
            q(s + "e" + (e % 40));
        }
        for (int i = 0; i < 20; i++) {
            StringBuilder sb = new StringBuilder("0.");
            int z = nextInt(400);
            for (int j = 0; j < z; j++) sb.append('0');
            sb.append(randDigits(1 + nextInt(30)));
            p(sb.toString());
            q(sb.toString());
        }
        System.out.print(out);
    }
}
