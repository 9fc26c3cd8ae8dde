/*
 * java.lang.FdLibm for vifvm: a Java transcription of fdlibm 5.3
 * (Sun Microsystems' freely distributable math library, the algorithms the
 * Java specification mandates for StrictMath), so StrictMath results are
 * bit-for-bit those of the JDK and need no platform libm.
 *
 * fdlibm notice: Copyright (C) 1993-2004 by Sun Microsystems, Inc.  All
 * rights reserved.  Developed at SunSoft, a Sun Microsystems, Inc.
 * business.  Permission to use, copy, modify, and distribute this software
 * is freely granted, provided that this notice is preserved.
 *
 * Trigonometric functions and their argument reduction are in
 * FdLibmTrig.java.
 */
package java.lang;

final class FdLibm {
    private FdLibm() {}

    static final double TWO24 = 0x1.0p24;
    static final double TWO54 = 0x1.0p54;
    static final double HUGE = 1.0e+300;
    static final int SIGN_BIT = 0x80000000;
    static final int EXP_BITS = 0x7ff00000;
    static final int MAG_BITS = 0x7fffffff;

    static int hi(double x) {
        return (int) (Double.doubleToRawLongBits(x) >> 32);
    }

    static int lo(double x) {
        return (int) Double.doubleToRawLongBits(x);
    }

    static double withHi(double x, int high) {
        long b = Double.doubleToRawLongBits(x);
        return Double.longBitsToDouble((b & 0xFFFFFFFFL) | (((long) high) << 32));
    }

    static double withLo(double x, int low) {
        long b = Double.doubleToRawLongBits(x);
        return Double.longBitsToDouble((b & 0xFFFFFFFF00000000L) | (low & 0xFFFFFFFFL));
    }

    static double hiLo(int high, int low) {
        return Double.longBitsToDouble(((long) high << 32) | (low & 0xFFFFFFFFL));
    }

    // ---- inverse trigonometric ----------------------------------------------

    private static final double
        pio2_hi = 0x1.921fb54442d18p0,
        pio2_lo = 0x1.1a62633145c07p-54,
        pio4_hi = 0x1.921fb54442d18p-1,
        pS0 = 0x1.5555555555555p-3,
        pS1 = -0x1.4d61203eb6f7dp-2,
        pS2 = 0x1.9c1550e884455p-3,
        pS3 = -0x1.48228b5688f3bp-5,
        pS4 = 0x1.9efe07501b288p-11,
        pS5 = 0x1.23de10dfdf709p-15,
        qS1 = -0x1.33a271c8a2d4bp1,
        qS2 = 0x1.02ae59c598ac8p1,
        qS3 = -0x1.6066c1b8d0159p-1,
        qS4 = 0x1.3b8c5b12e9282p-4;

    static double asin(double x) {
        double t = 0, w, p, q, c, r, s;
        int hx = hi(x);
        int ix = hx & MAG_BITS;
        if (ix >= 0x3ff00000) {
            if (((ix - 0x3ff00000) | lo(x)) == 0) return x * pio2_hi + x * pio2_lo;
            return (x - x) / (x - x);
        } else if (ix < 0x3fe00000) {
            if (ix < 0x3e400000) {
                if (HUGE + x > 1.0) return x;
            } else {
                t = x * x;
            }
            p = t * (pS0 + t * (pS1 + t * (pS2 + t * (pS3 + t * (pS4 + t * pS5)))));
            q = 1.0 + t * (qS1 + t * (qS2 + t * (qS3 + t * qS4)));
            w = p / q;
            return x + x * w;
        }
        w = 1.0 - Math.abs(x);
        t = w * 0.5;
        p = t * (pS0 + t * (pS1 + t * (pS2 + t * (pS3 + t * (pS4 + t * pS5)))));
        q = 1.0 + t * (qS1 + t * (qS2 + t * (qS3 + t * qS4)));
        s = Math.sqrt(t);
        if (ix >= 0x3FEF3333) {
            w = p / q;
            t = pio2_hi - (2.0 * (s + s * w) - pio2_lo);
        } else {
            w = withLo(s, 0);
            c = (t - w * w) / (s + w);
            r = p / q;
            p = 2.0 * s * r - (pio2_lo - 2.0 * c);
            q = pio4_hi - 2.0 * w;
            t = pio4_hi - (p - q);
        }
        return (hx > 0) ? t : -t;
    }

    static double acos(double x) {
        double z, p, q, r, w, s, c, df;
        int hx = hi(x);
        int ix = hx & MAG_BITS;
        if (ix >= 0x3ff00000) {
            if (((ix - 0x3ff00000) | lo(x)) == 0) {
                if (hx > 0) return 0.0;
                return Math.PI + 2.0 * pio2_lo;
            }
            return (x - x) / (x - x);
        }
        if (ix < 0x3fe00000) {
            if (ix <= 0x3c600000) return pio2_hi + pio2_lo;
            z = x * x;
            p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))));
            q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)));
            r = p / q;
            return pio2_hi - (x - (pio2_lo - x * r));
        } else if (hx < 0) {
            z = (1.0 + x) * 0.5;
            p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))));
            q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)));
            s = Math.sqrt(z);
            r = p / q;
            w = r * s - pio2_lo;
            return Math.PI - 2.0 * (s + w);
        } else {
            z = (1.0 - x) * 0.5;
            s = Math.sqrt(z);
            df = withLo(s, 0);
            c = (z - df * df) / (s + df);
            p = z * (pS0 + z * (pS1 + z * (pS2 + z * (pS3 + z * (pS4 + z * pS5)))));
            q = 1.0 + z * (qS1 + z * (qS2 + z * (qS3 + z * qS4)));
            r = p / q;
            w = r * s + c;
            return 2.0 * (df + w);
        }
    }

    private static final double[] atanhi = {
        0x1.dac670561bb4fp-2, 0x1.921fb54442d18p-1, 0x1.f730bd281f69bp-1, 0x1.921fb54442d18p0,
    };
    private static final double[] atanlo = {
        0x1.a2b7f222f65e2p-56, 0x1.1a62633145c07p-55, 0x1.007887af0cbbdp-56, 0x1.1a62633145c07p-54,
    };
    private static final double[] aT = {
        0x1.555555555550dp-2, -0x1.999999998ebc4p-3, 0x1.24924920083ffp-3, -0x1.c71c6fe231671p-4,
        0x1.745cdc54c206ep-4, -0x1.3b0f2af749a6dp-4, 0x1.10d66a0d03d51p-4, -0x1.dde2d52defd9ap-5,
        0x1.97b4b24760debp-5, -0x1.2b4442c6a6c2fp-5, 0x1.0ad3ae322da11p-6,
    };

    static double atan(double x) {
        double w, s1, s2, z;
        int id;
        int hx = hi(x);
        int ix = hx & MAG_BITS;
        if (ix >= 0x44100000) {
            if (ix > EXP_BITS || (ix == EXP_BITS && (lo(x) != 0))) return x + x;
            if (hx > 0) return atanhi[3] + atanlo[3];
            return -atanhi[3] - atanlo[3];
        }
        if (ix < 0x3fdc0000) {
            if (ix < 0x3e200000) {
                if (HUGE + x > 1.0) return x;
            }
            id = -1;
        } else {
            x = Math.abs(x);
            if (ix < 0x3ff30000) {
                if (ix < 0x3fe60000) {
                    id = 0;
                    x = (2.0 * x - 1.0) / (2.0 + x);
                } else {
                    id = 1;
                    x = (x - 1.0) / (x + 1.0);
                }
            } else {
                if (ix < 0x40038000) {
                    id = 2;
                    x = (x - 1.5) / (1.0 + 1.5 * x);
                } else {
                    id = 3;
                    x = -1.0 / x;
                }
            }
        }
        z = x * x;
        w = z * z;
        s1 = z * (aT[0] + w * (aT[2] + w * (aT[4] + w * (aT[6] + w * (aT[8] + w * aT[10])))));
        s2 = w * (aT[1] + w * (aT[3] + w * (aT[5] + w * (aT[7] + w * aT[9]))));
        if (id < 0) return x - x * (s1 + s2);
        z = atanhi[id] - ((x * (s1 + s2) - atanlo[id]) - x);
        return (hx < 0) ? -z : z;
    }

    private static final double tiny = 1.0e-300;
    private static final double pi_o_4 = 0x1.921fb54442d18p-1;
    private static final double pi_o_2 = 0x1.921fb54442d18p0;
    private static final double pi_lo = 0x1.1a62633145c07p-53;

    static double atan2(double y, double x) {
        double z;
        int k, m;
        int hx = hi(x), ix = hx & MAG_BITS, lx = lo(x);
        int hy = hi(y), iy = hy & MAG_BITS, ly = lo(y);
        if (x != x || y != y) return x + y;
        if (((hx - 0x3ff00000) | lx) == 0) return atan(y);
        m = ((hy >> 31) & 1) | ((hx >> 30) & 2);
        if ((iy | ly) == 0) {
            switch (m) {
                case 0:
                case 1: return y;
                case 2: return Math.PI + tiny;
                default: return -Math.PI - tiny;
            }
        }
        if ((ix | lx) == 0) return (hy < 0) ? -pi_o_2 - tiny : pi_o_2 + tiny;
        if (ix == EXP_BITS) {
            if (iy == EXP_BITS) {
                switch (m) {
                    case 0: return pi_o_4 + tiny;
                    case 1: return -pi_o_4 - tiny;
                    case 2: return 3.0 * pi_o_4 + tiny;
                    default: return -3.0 * pi_o_4 - tiny;
                }
            } else {
                switch (m) {
                    case 0: return 0.0;
                    case 1: return -0.0;
                    case 2: return Math.PI + tiny;
                    default: return -Math.PI - tiny;
                }
            }
        }
        if (iy == EXP_BITS) return (hy < 0) ? -pi_o_2 - tiny : pi_o_2 + tiny;
        k = (iy - ix) >> 20;
        if (k > 60) z = pi_o_2 + 0.5 * pi_lo;
        else if (hx < 0 && k < -60) z = 0.0;
        else z = atan(Math.abs(y / x));
        switch (m) {
            case 0: return z;
            case 1: return -z;
            case 2: return Math.PI - (z - pi_lo);
            default: return (z - pi_lo) - Math.PI;
        }
    }

    // ---- cbrt, hypot -----------------------------------------------------------

    private static final int B1 = 715094163, B2 = 696219795;
    private static final double
        CB_C = 0x1.15f15f15f15f1p-1,
        CB_D = -0x1.691de2532c834p-1,
        CB_E = 0x1.6a0ea0ea0ea0fp0,
        CB_F = 0x1.9b6db6db6db6ep0,
        CB_G = 0x1.6db6db6db6db7p-2;

    static double cbrt(double x) {
        double t = 0.0, sign;
        if (x == 0.0 || !Double.isFinite(x)) return x;
        sign = (x < 0.0) ? -1.0 : 1.0;
        x = Math.abs(x);
        if (x < 0x1.0p-1022) {
            t = 0x1.0p54;
            t *= x;
            t = withHi(t, hi(t) / 3 + B2);
        } else {
            t = withHi(t, hi(x) / 3 + B1);
        }
        double r, s, w;
        r = t * t / x;
        s = CB_C + r * t;
        t *= CB_G + CB_F / (s + CB_E + CB_D / s);
        t = withLo(t, 0);
        t = withHi(t, hi(t) + 1);
        s = t * t;
        r = x / s;
        w = t + t;
        r = (r - t) / (w + r);
        t = t + t * r;
        return sign * t;
    }

    static double hypot(double x, double y) {
        double a = Math.abs(x);
        double b = Math.abs(y);
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            if (a == Double.POSITIVE_INFINITY || b == Double.POSITIVE_INFINITY) return Double.POSITIVE_INFINITY;
            return a + b;
        }
        if (b > a) {
            double tmp = a;
            a = b;
            b = tmp;
        }
        int ha = hi(a);
        int hb = hi(b);
        if ((ha - hb) > 0x3c00000) return a + b;
        int k = 0;
        if (a > 0x1.00000ffffffffp500) {
            ha -= 0x25800000;
            hb -= 0x25800000;
            a = a * 0x1.0p-600;
            b = b * 0x1.0p-600;
            k += 600;
        }
        double t1, t2;
        if (b < 0x1.0p-500) {
            if (b < Double.MIN_NORMAL) {
                if (b == 0.0) return a;
                t1 = 0x1.0p1022;
                b *= t1;
                a *= t1;
                k -= 1022;
            } else {
                ha += 0x25800000;
                hb += 0x25800000;
                a = a * 0x1.0p600;
                b = b * 0x1.0p600;
                k -= 600;
            }
        }
        double w = a - b;
        if (w > b) {
            t1 = withHi(0, ha);
            t2 = a - t1;
            w = Math.sqrt(t1 * t1 - (b * (-b) - t2 * (a + t1)));
        } else {
            double y1, y2;
            a = a + a;
            y1 = withHi(0, hb);
            y2 = b - y1;
            t1 = withHi(0, ha + 0x00100000);
            t2 = a - t1;
            w = Math.sqrt(t1 * y1 - (w * (-w) - (t1 * y2 + t2 * b)));
        }
        if (k != 0) return Math.powerOfTwoD(k) * w;
        return w;
    }

    // ---- pow ----------------------------------------------------------------------

    static double pow(final double x, final double y) {
        double z, r, s, t, u, v, w;
        int i, j, k, n;
        if (y == 0.0) return 1.0;
        if (x != x || y != y) return x + y;
        final double y_abs = Math.abs(y);
        double x_abs = Math.abs(x);
        if (y == 2.0) {
            return x * x;
        } else if (y == 0.5) {
            if (x >= -Double.MAX_VALUE) return Math.sqrt(x + 0.0);
        } else if (y_abs == 1.0) {
            return (y == 1.0) ? x : 1.0 / x;
        } else if (y_abs == Double.POSITIVE_INFINITY) {
            if (x_abs == 1.0) return y - y;
            else if (x_abs > 1.0) return (y >= 0) ? y : 0.0;
            else return (y < 0) ? -y : 0.0;
        }
        final int hx = hi(x);
        int ix = hx & MAG_BITS;
        /* y_is_int: 0 not an integer, 1 odd, 2 even (only needed for x < 0) */
        int y_is_int = 0;
        if (hx < 0) {
            if (y_abs >= 0x1.0p53) {
                y_is_int = 2;
            } else if (y_abs >= 1.0) {
                long y_abs_as_long = (long) y_abs;
                if (((double) y_abs_as_long) == y_abs) y_is_int = 2 - (int) (y_abs_as_long & 0x1L);
            }
        }
        if (x_abs == 0.0 || x_abs == Double.POSITIVE_INFINITY || x_abs == 1.0) {
            z = x_abs;
            if (y < 0.0) z = 1.0 / z;
            if (hx < 0) {
                if (((ix - 0x3ff00000) | y_is_int) == 0) z = (z - z) / (z - z);
                else if (y_is_int == 1) z = -1.0 * z;
            }
            return z;
        }
        n = (hx >> 31) + 1;
        if ((n | y_is_int) == 0) return (x - x) / (x - x);
        s = 1.0;
        if ((n | (y_is_int - 1)) == 0) s = -1.0;
        double p_h, p_l, t1, t2;
        if (y_abs > 0x1.00000ffffffffp31) {
            final double INV_LN2 = 0x1.71547652b82fep0;
            final double INV_LN2_H = 0x1.715476p0;
            final double INV_LN2_L = 0x1.4ae0bf85ddf44p-26;
            if (x_abs < 0x1.fffff00000000p-1) return (y < 0.0) ? s * Double.POSITIVE_INFINITY : s * 0.0;
            if (x_abs > 0x1.00000ffffffffp0) return (y > 0.0) ? s * Double.POSITIVE_INFINITY : s * 0.0;
            t = x_abs - 1.0;
            w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
            u = INV_LN2_H * t;
            v = t * INV_LN2_L - w * INV_LN2;
            t1 = withLo(u + v, 0);
            t2 = v - (t1 - u);
        } else {
            final double CP = 0x1.ec709dc3a03fdp-1;
            final double CP_H = 0x1.ec709ep-1;
            final double CP_L = -0x1.e2fe0145b01f5p-28;
            double z_h, z_l, ss, s2, s_h, s_l, t_h, t_l;
            n = 0;
            if (ix < 0x00100000) {
                x_abs *= 0x1.0p53;
                n -= 53;
                ix = hi(x_abs);
            }
            n += ((ix) >> 20) - 0x3ff;
            j = ix & 0x000fffff;
            ix = j | 0x3ff00000;
            if (j <= 0x3988E) {
                k = 0;
            } else if (j < 0xBB67A) {
                k = 1;
            } else {
                k = 0;
                n += 1;
                ix -= 0x00100000;
            }
            x_abs = withHi(x_abs, ix);
            final double bp = k == 0 ? 1.0 : 1.5;
            final double dp_h = k == 0 ? 0.0 : 0x1.2b8034p-1;
            final double dp_l = k == 0 ? 0.0 : 0x1.cfdeb43cfd006p-27;
            final double L1 = 0x1.3333333333303p-1;
            final double L2 = 0x1.b6db6db6fabffp-2;
            final double L3 = 0x1.55555518f264dp-2;
            final double L4 = 0x1.17460a91d4101p-2;
            final double L5 = 0x1.d864a93c9db65p-3;
            final double L6 = 0x1.a7e284a454eefp-3;
            u = x_abs - bp;
            v = 1.0 / (x_abs + bp);
            ss = u * v;
            s_h = withLo(ss, 0);
            t_h = withHi(0.0, ((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18));
            t_l = x_abs - (t_h - bp);
            s_l = v * ((u - s_h * t_h) - s_h * t_l);
            s2 = ss * ss;
            r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
            r += s_l * (s_h + ss);
            s2 = s_h * s_h;
            t_h = withLo(3.0 + s2 + r, 0);
            t_l = r - ((t_h - 3.0) - s2);
            u = s_h * t_h;
            v = s_l * t_h + t_l * ss;
            p_h = withLo(u + v, 0);
            p_l = v - (p_h - u);
            z_h = CP_H * p_h;
            z_l = CP_L * p_h + p_l * CP + dp_l;
            t = (double) n;
            t1 = withLo((((z_h + z_l) + dp_h) + t), 0);
            t2 = z_l - (((t1 - t) - dp_h) - z_h);
        }
        double y1 = withLo(y, 0);
        p_l = (y - y1) * t1 + y * t2;
        p_h = y1 * t1;
        z = p_l + p_h;
        j = hi(z);
        i = lo(z);
        if (j >= 0x40900000) {
            if (((j - 0x40900000) | i) != 0) return s * Double.POSITIVE_INFINITY;
            final double OVT = 8.0085662595372944372e-0017;
            if (p_l + OVT > z - p_h) return s * Double.POSITIVE_INFINITY;
        } else if ((j & MAG_BITS) >= 0x4090cc00) {
            if (((j - 0xc090cc00) | i) != 0) return s * 0.0;
            if (p_l <= z - p_h) return s * 0.0;
        }
        final double P1 = 0x1.555555555553ep-3;
        final double P2 = -0x1.6c16c16bebd93p-9;
        final double P3 = 0x1.1566aaf25de2cp-14;
        final double P4 = -0x1.bbd41c5d26bf1p-20;
        final double P5 = 0x1.6376972bea4d0p-25;
        final double LG2 = 0x1.62e42fefa39efp-1;
        final double LG2_H = 0x1.62e43p-1;
        final double LG2_L = -0x1.05c610ca86c39p-29;
        i = j & MAG_BITS;
        k = (i >> 20) - 0x3ff;
        n = 0;
        if (i > 0x3fe00000) {
            n = j + (0x00100000 >> (k + 1));
            k = ((n & MAG_BITS) >> 20) - 0x3ff;
            t = withHi(0.0, (n & ~(0x000fffff >> k)));
            n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
            if (j < 0) n = -n;
            p_h -= t;
        }
        t = withLo(p_l + p_h, 0);
        u = t * LG2_H;
        v = (p_l - (t - p_h)) * LG2 + t * LG2_L;
        z = u + v;
        w = v - (z - u);
        t = z * z;
        t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
        r = (z * t1) / (t1 - 2.0) - (w + z * w);
        z = 1.0 - (r - z);
        j = hi(z);
        j += (n << 20);
        if ((j >> 20) <= 0) z = Math.scalb(z, n);
        else z = withHi(z, hi(z) + (n << 20));
        return s * z;
    }

    // ---- exp, log ---------------------------------------------------------------

    private static final double
        o_threshold = 0x1.62e42fefa39efp9,
        u_threshold = -0x1.74910d52d3051p9,
        ln2_hi = 0x1.62e42feep-1,
        ln2_lo = 0x1.a39ef35793c76p-33,
        invln2 = 0x1.71547652b82fep0,
        twom1000 = 0x1.0p-1000,
        EP1 = 0x1.555555555553ep-3,
        EP2 = -0x1.6c16c16bebd93p-9,
        EP3 = 0x1.1566aaf25de2cp-14,
        EP4 = -0x1.bbd41c5d26bf1p-20,
        EP5 = 0x1.6376972bea4d0p-25;

    static double exp(double x) {
        double y, hi = 0.0, lo = 0.0, c, t;
        int k = 0;
        int hx = hi(x);
        int xsb = (hx >> 31) & 1;
        hx &= MAG_BITS;
        if (hx >= 0x40862E42) {
            if (hx >= 0x7ff00000) {
                if (((hx & 0xfffff) | lo(x)) != 0) return x + x;
                return (xsb == 0) ? x : 0.0;
            }
            if (x > o_threshold) return HUGE * HUGE;
            if (x < u_threshold) return twom1000 * twom1000;
        }
        if (hx > 0x3fd62e42) {
            if (hx < 0x3FF0A2B2) {
                hi = x - (xsb == 0 ? ln2_hi : -ln2_hi);
                lo = xsb == 0 ? ln2_lo : -ln2_lo;
                k = 1 - xsb - xsb;
            } else {
                k = (int) (invln2 * x + (xsb == 0 ? 0.5 : -0.5));
                t = k;
                hi = x - t * ln2_hi;
                lo = t * ln2_lo;
            }
            x = hi - lo;
        } else if (hx < 0x3e300000) {
            if (HUGE + x > 1.0) return 1.0 + x;
        } else {
            k = 0;
        }
        t = x * x;
        c = x - t * (EP1 + t * (EP2 + t * (EP3 + t * (EP4 + t * EP5))));
        if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
        y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
        if (k >= -1021) return withHi(y, hi(y) + (k << 20));
        y = withHi(y, hi(y) + ((k + 1000) << 20));
        return y * twom1000;
    }

    private static final double
        Lg1 = 0x1.5555555555593p-1,
        Lg2 = 0x1.999999997fa04p-2,
        Lg3 = 0x1.2492494229359p-2,
        Lg4 = 0x1.c71c51d8e78afp-3,
        Lg5 = 0x1.7466496cb03dep-3,
        Lg6 = 0x1.39a09d078c69fp-3,
        Lg7 = 0x1.2f112df3e5244p-3;

    static double log(double x) {
        double hfsq, f, s, z, R, w, t1, t2, dk;
        int k, i, j;
        int hx = hi(x);
        int lx = lo(x);
        k = 0;
        if (hx < 0x00100000) {
            if (((hx & MAG_BITS) | lx) == 0) return -TWO54 / 0.0;
            if (hx < 0) return (x - x) / 0.0;
            k -= 54;
            x *= TWO54;
            hx = hi(x);
        }
        if (hx >= EXP_BITS) return x + x;
        k += (hx >> 20) - 1023;
        hx &= 0x000fffff;
        i = (hx + 0x95f64) & 0x100000;
        x = withHi(x, hx | (i ^ 0x3ff00000));
        k += (i >> 20);
        f = x - 1.0;
        if ((0x000fffff & (2 + hx)) < 3) {
            if (f == 0.0) {
                if (k == 0) return 0.0;
                dk = (double) k;
                return dk * ln2_hi + dk * ln2_lo;
            }
            R = f * f * (0.5 - 0.33333333333333333 * f);
            if (k == 0) return f - R;
            dk = (double) k;
            return dk * ln2_hi - ((R - dk * ln2_lo) - f);
        }
        s = f / (2.0 + f);
        dk = (double) k;
        z = s * s;
        i = hx - 0x6147a;
        w = z * z;
        j = 0x6b851 - hx;
        t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
        t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
        i |= j;
        R = t2 + t1;
        if (i > 0) {
            hfsq = 0.5 * f * f;
            if (k == 0) return f - (hfsq - s * (hfsq + R));
            return dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
        }
        if (k == 0) return f - s * (f - R);
        return dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
    }

    private static final double
        ivln10 = 0x1.bcb7b1526e50ep-2,
        log10_2hi = 0x1.34413509f6p-2,
        log10_2lo = 0x1.9fef311f12b36p-42;

    static double log10(double x) {
        double y, z;
        int i, k;
        int hx = hi(x);
        int lx = lo(x);
        k = 0;
        if (hx < 0x00100000) {
            if (((hx & MAG_BITS) | lx) == 0) return -TWO54 / 0.0;
            if (hx < 0) return (x - x) / 0.0;
            k -= 54;
            x *= TWO54;
            hx = hi(x);
        }
        if (hx >= EXP_BITS) return x + x;
        k += (hx >> 20) - 1023;
        i = (k & SIGN_BIT) >>> 31;
        hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
        y = (double) (k + i);
        x = withHi(x, hx);
        z = y * log10_2lo + ivln10 * log(x);
        return z + y * log10_2hi;
    }

    static double log1p(double x) {
        double hfsq, f = 0, c = 0, s, z, R, u;
        int k, hu = 0, ax;
        int hx = hi(x);
        ax = hx & MAG_BITS;
        k = 1;
        if (hx < 0x3FDA827A) {
            if (ax >= 0x3ff00000) {
                if (x == -1.0) return Double.NEGATIVE_INFINITY;
                return Double.NaN;
            }
            if (ax < 0x3e200000) {
                if (TWO54 + x > 0.0 && ax < 0x3c900000) return x;
                return x - x * x * 0.5;
            }
            if (hx > 0 || hx <= 0xbfd2bec3) {
                k = 0;
                f = x;
                hu = 1;
            }
        }
        if (hx >= EXP_BITS) return x + x;
        if (k != 0) {
            if (hx < 0x43400000) {
                u = 1.0 + x;
                hu = hi(u);
                k = (hu >> 20) - 1023;
                c = (k > 0) ? 1.0 - (u - x) : x - (u - 1.0);
                c /= u;
            } else {
                u = x;
                hu = hi(u);
                k = (hu >> 20) - 1023;
                c = 0;
            }
            hu &= 0x000fffff;
            if (hu < 0x6a09e) {
                u = withHi(u, hu | 0x3ff00000);
            } else {
                k += 1;
                u = withHi(u, hu | 0x3fe00000);
                hu = (0x00100000 - hu) >> 2;
            }
            f = u - 1.0;
        }
        hfsq = 0.5 * f * f;
        if (hu == 0) {
            if (f == 0.0) {
                if (k == 0) return 0.0;
                c += k * ln2_lo;
                return k * ln2_hi + c;
            }
            R = hfsq * (1.0 - 0.66666666666666666 * f);
            if (k == 0) return f - R;
            return k * ln2_hi - ((R - (k * ln2_lo + c)) - f);
        }
        s = f / (2.0 + f);
        z = s * s;
        R = z * (Lg1 + z * (Lg2 + z * (Lg3 + z * (Lg4 + z * (Lg5 + z * (Lg6 + z * Lg7))))));
        if (k == 0) return f - (hfsq - s * (hfsq + R));
        return k * ln2_hi - ((hfsq - (s * (hfsq + R) + (k * ln2_lo + c))) - f);
    }

    private static final double
        Q1 = -0x1.11111111110f4p-5,
        Q2 = 0x1.a01a019fe5585p-10,
        Q3 = -0x1.4ce199eaadbb7p-14,
        Q4 = 0x1.0cfca86e65239p-18,
        Q5 = -0x1.afdb76e09c32dp-23;

    static double expm1(double x) {
        double y, hi, lo, c = 0, t, e, hxs, hfx, r1;
        int k;
        int hx = hi(x);
        int xsb = hx & SIGN_BIT;
        hx &= MAG_BITS;
        if (hx >= 0x4043687A) {
            if (hx >= 0x40862E42) {
                if (hx >= 0x7ff00000) {
                    if (((hx & 0xfffff) | lo(x)) != 0) return x + x;
                    return (xsb == 0) ? x : -1.0;
                }
                if (x > o_threshold) return HUGE * HUGE;
            }
            if (xsb != 0) {
                if (x + tiny < 0.0) return tiny - 1.0;
            }
        }
        if (hx > 0x3fd62e42) {
            if (hx < 0x3FF0A2B2) {
                if (xsb == 0) {
                    hi = x - ln2_hi;
                    lo = ln2_lo;
                    k = 1;
                } else {
                    hi = x + ln2_hi;
                    lo = -ln2_lo;
                    k = -1;
                }
            } else {
                k = (int) (invln2 * x + ((xsb == 0) ? 0.5 : -0.5));
                t = k;
                hi = x - t * ln2_hi;
                lo = t * ln2_lo;
            }
            x = hi - lo;
            c = (hi - x) - lo;
        } else if (hx < 0x3c900000) {
            t = HUGE + x;
            return x - (t - (HUGE + x));
        } else {
            k = 0;
        }
        hfx = 0.5 * x;
        hxs = x * hfx;
        r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
        t = 3.0 - r1 * hfx;
        e = hxs * ((r1 - t) / (6.0 - x * t));
        if (k == 0) return x - (x * e - hxs);
        e = (x * (e - c) - c);
        e -= hxs;
        if (k == -1) return 0.5 * (x - e) - 0.5;
        if (k == 1) {
            if (x < -0.25) return -2.0 * (e - (x + 0.5));
            return 1.0 + 2.0 * (x - e);
        }
        if (k <= -2 || k > 56) {
            y = 1.0 - (e - x);
            y = withHi(y, hi(y) + (k << 20));
            return y - 1.0;
        }
        t = 1.0;
        if (k < 20) {
            t = withHi(t, 0x3ff00000 - (0x200000 >> k));
            y = t - (e - x);
            y = withHi(y, hi(y) + (k << 20));
        } else {
            t = withHi(t, ((0x3ff - k) << 20));
            y = x - (e + t);
            y += 1.0;
            y = withHi(y, hi(y) + (k << 20));
        }
        return y;
    }

    // ---- hyperbolic ----------------------------------------------------------------

    static double sinh(double x) {
        double t, w, h;
        int jx = hi(x);
        int ix = jx & MAG_BITS;
        if (ix >= EXP_BITS) return x + x;
        h = 0.5;
        if (jx < 0) h = -h;
        if (ix < 0x40360000) {
            if (ix < 0x3e300000)
                if (1.0e307 + x > 1.0) return x;
            t = expm1(Math.abs(x));
            if (ix < 0x3ff00000) return h * (2.0 * t - t * t / (t + 1.0));
            return h * (t + t / (t + 1.0));
        }
        if (ix < 0x40862E42) return h * exp(Math.abs(x));
        int lx = lo(x);
        if (ix < 0x408633CE || ((ix == 0x408633ce) && (Integer.compareUnsigned(lx, 0x8fb9f87d) <= 0))) {
            w = exp(0.5 * Math.abs(x));
            t = h * w;
            return t * w;
        }
        return x * 1.0e307;
    }

    static double cosh(double x) {
        double t, w;
        int ix = hi(x) & MAG_BITS;
        if (ix >= EXP_BITS) return x * x;
        if (ix < 0x3fd62e43) {
            t = expm1(Math.abs(x));
            w = 1.0 + t;
            if (ix < 0x3c800000) return w;
            return 1.0 + (t * t) / (w + w);
        }
        if (ix < 0x40360000) {
            t = exp(Math.abs(x));
            return 0.5 * t + 0.5 / t;
        }
        if (ix < 0x40862E42) return 0.5 * exp(Math.abs(x));
        int lx = lo(x);
        if (ix < 0x408633CE || ((ix == 0x408633ce) && (Integer.compareUnsigned(lx, 0x8fb9f87d) <= 0))) {
            w = exp(0.5 * Math.abs(x));
            t = 0.5 * w;
            return t * w;
        }
        return HUGE * HUGE;
    }

    static double tanh(double x) {
        double t, z;
        int jx = hi(x);
        int ix = jx & MAG_BITS;
        if (ix >= EXP_BITS) {
            if (jx >= 0) return 1.0 / x + 1.0;
            return 1.0 / x - 1.0;
        }
        if (ix < 0x40360000) {
            if (ix < 0x3c800000) return x * (1.0 + x);
            if (ix >= 0x3ff00000) {
                t = expm1(2.0 * Math.abs(x));
                z = 1.0 - 2.0 / (t + 2.0);
            } else {
                t = expm1(-2.0 * Math.abs(x));
                z = -t / (t + 2.0);
            }
        } else {
            z = 1.0 - tiny;
        }
        return (jx >= 0) ? z : -z;
    }

    // ---- IEEEremainder -------------------------------------------------------------

    static double IEEEremainder(double x, double p) {
        int hx = hi(x), lx = lo(x);
        int hp = hi(p), lp = lo(p);
        int sx = hx & SIGN_BIT;
        hp &= MAG_BITS;
        hx &= MAG_BITS;
        if ((hp | lp) == 0) return (x * p) / (x * p);
        if ((hx >= EXP_BITS) || ((hp >= EXP_BITS) && (((hp - EXP_BITS) | lp) != 0))) return (x * p) / (x * p);
        if (hp <= 0x7fdfffff) x = x % (p + p);   /* Java's % is C fmod */
        if (((hx - hp) | (lx - lp)) == 0) return 0.0 * x;
        x = Math.abs(x);
        p = Math.abs(p);
        if (hp < 0x00200000) {
            if (x + x > p) {
                x -= p;
                if (x + x >= p) x -= p;
            }
        } else {
            double p_half = 0.5 * p;
            if (x > p_half) {
                x -= p;
                if (x >= p_half) x -= p;
            }
        }
        return withHi(x, hi(x) ^ sx);
    }
}
