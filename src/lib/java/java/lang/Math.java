/*
 * java.lang.Math for vifvm.  Elementary operations are Java (JDK
 * algorithms: round, max/min with -0.0 and NaN, floorDiv, *Exact, ...);
 * sqrt/floor/ceil/rint use core/jmath, sin/cos/tan/exp/log/log10/pow the
 * platform's libm hooks (natives in src/runtime/natives_math.c, falling
 * back to fdlibm when the platform has none), the rest fdlibm (FdLibm.java)
 * as in the JDK.
 */
package java.lang;

import java.util.Random;

public final class Math {
    private Math() {}

    public static final double E = 2.7182818284590452354;
    public static final double PI = 3.14159265358979323846;
    private static final double DEGREES_TO_RADIANS = 0.017453292519943295;
    private static final double RADIANS_TO_DEGREES = 57.29577951308232;

    /* sin, cos, tan, exp, log, log10 and pow are the platform's libm (like
     * HotSpot's intrinsics, within 1 ulp of the exact result); the other
     * transcendental functions are fdlibm, as in the JDK. */
    public static native double sin(double a);
    public static native double cos(double a);
    public static native double tan(double a);
    public static native double exp(double a);
    public static native double log(double a);
    public static native double log10(double a);
    public static native double pow(double a, double b);
    public static native double sqrt(double a);
    public static native double ceil(double a);
    public static native double floor(double a);
    public static native double rint(double a);

    public static double asin(double a) {
        return FdLibm.asin(a);
    }

    public static double acos(double a) {
        return FdLibm.acos(a);
    }

    public static double atan(double a) {
        return FdLibm.atan(a);
    }

    public static double atan2(double y, double x) {
        return FdLibm.atan2(y, x);
    }

    public static double cbrt(double a) {
        return FdLibm.cbrt(a);
    }

    public static double sinh(double x) {
        return FdLibm.sinh(x);
    }

    public static double cosh(double x) {
        return FdLibm.cosh(x);
    }

    public static double tanh(double x) {
        return FdLibm.tanh(x);
    }

    public static double hypot(double x, double y) {
        return FdLibm.hypot(x, y);
    }

    public static double expm1(double x) {
        return FdLibm.expm1(x);
    }

    public static double log1p(double x) {
        return FdLibm.log1p(x);
    }

    public static double toRadians(double angdeg) {
        return angdeg * DEGREES_TO_RADIANS;
    }

    public static double toDegrees(double angrad) {
        return angrad * RADIANS_TO_DEGREES;
    }

    public static double IEEEremainder(double f1, double f2) {
        return FdLibm.IEEEremainder(f1, f2);
    }

    public static int round(float a) {
        int intBits = Float.floatToRawIntBits(a);
        int biasedExp = (intBits & 0x7F800000) >> 23;
        int shift = (24 - 2 + 127) - biasedExp;
        if ((shift & -32) == 0) {
            int r = ((intBits & 0x007FFFFF) | (0x007FFFFF + 1));
            if (intBits < 0) r = -r;
            return ((r >> shift) + 1) >> 1;
        }
        return (int) a;
    }

    public static long round(double a) {
        long longBits = Double.doubleToRawLongBits(a);
        long biasedExp = (longBits & 0x7FF0000000000000L) >> 52;
        long shift = (53 - 2 + 1023) - biasedExp;
        if ((shift & -64) == 0) {
            long r = ((longBits & 0x000FFFFFFFFFFFFFL) | (0x000FFFFFFFFFFFFFL + 1));
            if (longBits < 0) r = -r;
            return ((r >> shift) + 1) >> 1;
        }
        return (long) a;
    }

    private static final class RandomNumberGeneratorHolder {
        static final Random randomNumberGenerator = new Random();
    }

    public static double random() {
        return RandomNumberGeneratorHolder.randomNumberGenerator.nextDouble();
    }

    // ---- exact arithmetic -------------------------------------------------

    public static int addExact(int x, int y) {
        int r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) throw new ArithmeticException("integer overflow");
        return r;
    }

    public static long addExact(long x, long y) {
        long r = x + y;
        if (((x ^ r) & (y ^ r)) < 0) throw new ArithmeticException("long overflow");
        return r;
    }

    public static int subtractExact(int x, int y) {
        int r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) throw new ArithmeticException("integer overflow");
        return r;
    }

    public static long subtractExact(long x, long y) {
        long r = x - y;
        if (((x ^ y) & (x ^ r)) < 0) throw new ArithmeticException("long overflow");
        return r;
    }

    public static int multiplyExact(int x, int y) {
        long r = (long) x * (long) y;
        if ((int) r != r) throw new ArithmeticException("integer overflow");
        return (int) r;
    }

    public static long multiplyExact(long x, int y) {
        return multiplyExact(x, (long) y);
    }

    public static long multiplyExact(long x, long y) {
        long r = x * y;
        long ax = Math.abs(x);
        long ay = Math.abs(y);
        if (((ax | ay) >>> 31 != 0)) {
            if (((y != 0) && (r / y != x)) || (x == Long.MIN_VALUE && y == -1))
                throw new ArithmeticException("long overflow");
        }
        return r;
    }

    public static int incrementExact(int a) {
        if (a == Integer.MAX_VALUE) throw new ArithmeticException("integer overflow");
        return a + 1;
    }

    public static long incrementExact(long a) {
        if (a == Long.MAX_VALUE) throw new ArithmeticException("long overflow");
        return a + 1L;
    }

    public static int decrementExact(int a) {
        if (a == Integer.MIN_VALUE) throw new ArithmeticException("integer overflow");
        return a - 1;
    }

    public static long decrementExact(long a) {
        if (a == Long.MIN_VALUE) throw new ArithmeticException("long overflow");
        return a - 1L;
    }

    public static int negateExact(int a) {
        if (a == Integer.MIN_VALUE) throw new ArithmeticException("integer overflow");
        return -a;
    }

    public static long negateExact(long a) {
        if (a == Long.MIN_VALUE) throw new ArithmeticException("long overflow");
        return -a;
    }

    public static int toIntExact(long value) {
        if ((int) value != value) throw new ArithmeticException("integer overflow");
        return (int) value;
    }

    public static long multiplyFull(int x, int y) {
        return (long) x * (long) y;
    }

    public static long multiplyHigh(long x, long y) {
        if (x < 0 || y < 0) {
            long x1 = x >> 32, x2 = x & 0xFFFFFFFFL;
            long y1 = y >> 32, y2 = y & 0xFFFFFFFFL;
            long z2 = x2 * y2;
            long t = x1 * y2 + (z2 >>> 32);
            long z1 = t & 0xFFFFFFFFL;
            long z0 = t >> 32;
            z1 += x2 * y1;
            return x1 * y1 + z0 + (z1 >> 32);
        } else {
            long x1 = x >>> 32, y1 = y >>> 32;
            long x2 = x & 0xFFFFFFFFL, y2 = y & 0xFFFFFFFFL;
            long A = x1 * y1;
            long B = x2 * y2;
            long C = (x1 + x2) * (y1 + y2);
            long K = C - A - B;
            return (((B >>> 32) + K) >>> 32) + A;
        }
    }

    public static int floorDiv(int x, int y) {
        int r = x / y;
        if ((x ^ y) < 0 && (r * y != x)) r--;
        return r;
    }

    public static long floorDiv(long x, int y) {
        return floorDiv(x, (long) y);
    }

    public static long floorDiv(long x, long y) {
        long r = x / y;
        if ((x ^ y) < 0 && (r * y != x)) r--;
        return r;
    }

    public static int floorMod(int x, int y) {
        int mod = x % y;
        if ((mod ^ y) < 0 && mod != 0) mod += y;
        return mod;
    }

    public static int floorMod(long x, int y) {
        return (int) floorMod(x, (long) y);
    }

    public static long floorMod(long x, long y) {
        long mod = x % y;
        if ((mod ^ y) < 0 && mod != 0) mod += y;
        return mod;
    }

    // ---- abs / max / min --------------------------------------------------

    public static int abs(int a) {
        return (a < 0) ? -a : a;
    }

    public static int absExact(int a) {
        if (a == Integer.MIN_VALUE)
            throw new ArithmeticException(
                "Overflow to represent absolute value of Integer.MIN_VALUE");
        return abs(a);
    }

    /* The long abs/max/min without a branch (exactly the same results):
     * straight-line code, which the baseline JIT inlines at every call
     * (it inlines branches only in int/reference callees).  For max/min,
     * a < b is the sign of (a - b) ^ ((a ^ b) & ((a - b) ^ a)) (Hacker's
     * Delight 2-12: the subtraction's sign corrected for overflow). */
    public static long abs(long a) {
        return (a ^ (a >> 63)) - (a >> 63);
    }

    public static long absExact(long a) {
        if (a == Long.MIN_VALUE)
            throw new ArithmeticException(
                "Overflow to represent absolute value of Long.MIN_VALUE");
        return abs(a);
    }

    public static float abs(float a) {
        return (a <= 0.0F) ? 0.0F - a : a;
    }

    public static double abs(double a) {
        return (a <= 0.0D) ? 0.0D - a : a;
    }

    public static int max(int a, int b) {
        return (a >= b) ? a : b;
    }

    public static long max(long a, long b) {
        /* (... >> 63): -1 if a < b, else 0; one expression (no locals) */
        return a ^ ((a ^ b) & (((a - b) ^ ((a ^ b) & ((a - b) ^ a))) >> 63));
    }

    public static float max(float a, float b) {
        if (a != a) return a;
        if ((a == 0.0f) && (b == 0.0f) && (Float.floatToRawIntBits(a) == 0x80000000)) return b;
        return (a >= b) ? a : b;
    }

    public static double max(double a, double b) {
        if (a != a) return a;
        if ((a == 0.0d) && (b == 0.0d) && (Double.doubleToRawLongBits(a) == 0x8000000000000000L))
            return b;
        return (a >= b) ? a : b;
    }

    public static int min(int a, int b) {
        return (a <= b) ? a : b;
    }

    public static long min(long a, long b) {
        return b ^ ((a ^ b) & (((a - b) ^ ((a ^ b) & ((a - b) ^ a))) >> 63));
    }

    public static float min(float a, float b) {
        if (a != a) return a;
        if ((a == 0.0f) && (b == 0.0f) && (Float.floatToRawIntBits(b) == 0x80000000)) return b;
        return (a <= b) ? a : b;
    }

    public static double min(double a, double b) {
        if (a != a) return a;
        if ((a == 0.0d) && (b == 0.0d) && (Double.doubleToRawLongBits(b) == 0x8000000000000000L))
            return b;
        return (a <= b) ? a : b;
    }

    public static double fma(double a, double b, double c) {
        return a * b + c;   /* not fused: no exact fma without a native */
    }

    // ---- floating-point bits ----------------------------------------------

    public static double ulp(double d) {
        int exp = getExponent(d);
        switch (exp) {
            case Double.MAX_EXPONENT + 1: return Math.abs(d);
            case Double.MIN_EXPONENT - 1: return Double.MIN_VALUE;
            default:
                exp = exp - (52);
                if (exp >= Double.MIN_EXPONENT) return powerOfTwoD(exp);
                return Double.longBitsToDouble(1L << (exp - (Double.MIN_EXPONENT - 52)));
        }
    }

    public static float ulp(float f) {
        int exp = getExponent(f);
        switch (exp) {
            case Float.MAX_EXPONENT + 1: return Math.abs(f);
            case Float.MIN_EXPONENT - 1: return Float.MIN_VALUE;
            default:
                exp = exp - (23);
                if (exp >= Float.MIN_EXPONENT) return powerOfTwoF(exp);
                return Float.intBitsToFloat(1 << (exp - (Float.MIN_EXPONENT - 23)));
        }
    }

    public static double signum(double d) {
        return (d == 0.0 || d != d) ? d : copySign(1.0, d);
    }

    public static float signum(float f) {
        return (f == 0.0f || f != f) ? f : copySign(1.0f, f);
    }

    public static double copySign(double magnitude, double sign) {
        return Double.longBitsToDouble((Double.doubleToRawLongBits(sign) & 0x8000000000000000L)
                                       | (Double.doubleToRawLongBits(magnitude) & 0x7FFFFFFFFFFFFFFFL));
    }

    public static float copySign(float magnitude, float sign) {
        return Float.intBitsToFloat((Float.floatToRawIntBits(sign) & 0x80000000)
                                    | (Float.floatToRawIntBits(magnitude) & 0x7FFFFFFF));
    }

    public static int getExponent(float f) {
        return ((Float.floatToRawIntBits(f) & 0x7F800000) >> 23) - 127;
    }

    public static int getExponent(double d) {
        return (int) (((Double.doubleToRawLongBits(d) & 0x7FF0000000000000L) >> 52) - 1023);
    }

    public static double nextAfter(double start, double direction) {
        if (start > direction) {
            if (start != 0.0d) {
                long transducer = Double.doubleToRawLongBits(start);
                return Double.longBitsToDouble(transducer + ((transducer > 0L) ? -1L : 1L));
            }
            return -Double.MIN_VALUE;
        } else if (start < direction) {
            long transducer = Double.doubleToRawLongBits(start + 0.0d);
            return Double.longBitsToDouble(transducer + ((transducer >= 0L) ? 1L : -1L));
        } else if (start == direction) {
            return direction;
        }
        return start + direction;
    }

    public static float nextAfter(float start, double direction) {
        if (start > direction) {
            if (start != 0.0f) {
                int transducer = Float.floatToRawIntBits(start);
                return Float.intBitsToFloat(transducer + ((transducer > 0) ? -1 : 1));
            }
            return -Float.MIN_VALUE;
        } else if (start < direction) {
            int transducer = Float.floatToRawIntBits(start + 0.0f);
            return Float.intBitsToFloat(transducer + ((transducer >= 0) ? 1 : -1));
        } else if (start == direction) {
            return (float) direction;
        }
        return start + (float) direction;
    }

    public static double nextUp(double d) {
        if (d < Double.POSITIVE_INFINITY) {
            long transducer = Double.doubleToRawLongBits(d + 0.0D);
            return Double.longBitsToDouble(transducer + ((transducer >= 0L) ? 1L : -1L));
        }
        return d;
    }

    public static float nextUp(float f) {
        if (f < Float.POSITIVE_INFINITY) {
            int transducer = Float.floatToRawIntBits(f + 0.0F);
            return Float.intBitsToFloat(transducer + ((transducer >= 0) ? 1 : -1));
        }
        return f;
    }

    public static double nextDown(double d) {
        if (d != d || d == Double.NEGATIVE_INFINITY) return d;
        if (d == 0.0) return -Double.MIN_VALUE;
        return Double.longBitsToDouble(Double.doubleToRawLongBits(d) + ((d > 0.0d) ? -1L : +1L));
    }

    public static float nextDown(float f) {
        if (f != f || f == Float.NEGATIVE_INFINITY) return f;
        if (f == 0.0f) return -Float.MIN_VALUE;
        return Float.intBitsToFloat(Float.floatToRawIntBits(f) + ((f > 0.0f) ? -1 : +1));
    }

    public static double scalb(double d, int scaleFactor) {
        final int MAX_SCALE = Double.MAX_EXPONENT + -Double.MIN_EXPONENT + 52 + 1;
        int exp_adjust = 0;
        int scale_increment = 0;
        double exp_delta = Double.NaN;
        if (scaleFactor < 0) {
            scaleFactor = Math.max(scaleFactor, -MAX_SCALE);
            scale_increment = -512;
            exp_delta = 0x1.0p-512;
        } else {
            scaleFactor = Math.min(scaleFactor, MAX_SCALE);
            scale_increment = 512;
            exp_delta = 0x1.0p512;
        }
        int t = (scaleFactor >> 9 - 1) >>> 32 - 9;
        exp_adjust = ((scaleFactor + t) & (512 - 1)) - t;
        d *= powerOfTwoD(exp_adjust);
        scaleFactor -= exp_adjust;
        while (scaleFactor != 0) {
            d *= exp_delta;
            scaleFactor -= scale_increment;
        }
        return d;
    }

    public static float scalb(float f, int scaleFactor) {
        final int MAX_SCALE = Float.MAX_EXPONENT + -Float.MIN_EXPONENT + 23 + 1;
        scaleFactor = Math.max(Math.min(scaleFactor, MAX_SCALE), -MAX_SCALE);
        return (float) ((double) f * powerOfTwoD(scaleFactor));
    }

    static double powerOfTwoD(int n) {
        return Double.longBitsToDouble((((long) n + (long) 1023) << 52) & 0x7FF0000000000000L);
    }

    static float powerOfTwoF(int n) {
        return Float.intBitsToFloat(((n + 127) << 23) & 0x7F800000);
    }
}
