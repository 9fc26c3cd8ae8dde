/*
 * java.lang.FdLibmTrig for vifvm: sin, cos and tan of fdlibm 5.3
 * (transcribed to Java; see FdLibm.java for the fdlibm notice), with the
 * kernel functions and the argument reduction __ieee754_rem_pio2 /
 * __kernel_rem_pio2 (Payne-Hanek for huge arguments).
 */
package java.lang;

import static java.lang.FdLibm.hi;
import static java.lang.FdLibm.lo;
import static java.lang.FdLibm.withHi;
import static java.lang.FdLibm.withLo;
import static java.lang.FdLibm.hiLo;

final class FdLibmTrig {
    private FdLibmTrig() {}

    private static final int MAG_BITS = 0x7fffffff;
    private static final int EXP_BITS = 0x7ff00000;

    static double sin(double x) {
        int ix = hi(x) & MAG_BITS;
        if (ix <= 0x3fe921fb) return kernelSin(x, 0.0, 0);
        if (ix >= EXP_BITS) return x - x;
        double[] y = new double[2];
        int n = remPio2(x, y);
        switch (n & 3) {
            case 0: return kernelSin(y[0], y[1], 1);
            case 1: return kernelCos(y[0], y[1]);
            case 2: return -kernelSin(y[0], y[1], 1);
            default: return -kernelCos(y[0], y[1]);
        }
    }

    static double cos(double x) {
        int ix = hi(x) & MAG_BITS;
        if (ix <= 0x3fe921fb) return kernelCos(x, 0.0);
        if (ix >= EXP_BITS) return x - x;
        double[] y = new double[2];
        int n = remPio2(x, y);
        switch (n & 3) {
            case 0: return kernelCos(y[0], y[1]);
            case 1: return -kernelSin(y[0], y[1], 1);
            case 2: return -kernelCos(y[0], y[1]);
            default: return kernelSin(y[0], y[1], 1);
        }
    }

    static double tan(double x) {
        int ix = hi(x) & MAG_BITS;
        if (ix <= 0x3fe921fb) return kernelTan(x, 0.0, 1);
        if (ix >= EXP_BITS) return x - x;
        double[] y = new double[2];
        int n = remPio2(x, y);
        return kernelTan(y[0], y[1], 1 - ((n & 1) << 1));
    }

    // ---- kernels on [-pi/4, pi/4] ---------------------------------------------

    private static final double
        S1 = -0x1.5555555555549p-3,
        S2 = 0x1.111111110f8a6p-7,
        S3 = -0x1.a01a019c161d5p-13,
        S4 = 0x1.71de357b1fe7dp-19,
        S5 = -0x1.ae5e68a2b9cebp-26,
        S6 = 0x1.5d93a5acfd57cp-33;

    static double kernelSin(double x, double y, int iy) {
        int ix = hi(x) & MAG_BITS;
        if (ix < 0x3e400000) {
            if ((int) x == 0) return x;
        }
        double z = x * x;
        double v = z * x;
        double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
        if (iy == 0) return x + v * (S1 + z * r);
        return x - ((z * (0.5 * y - v * r) - y) - v * S1);
    }

    private static final double
        C1 = 0x1.555555555554cp-5,
        C2 = -0x1.6c16c16c15177p-10,
        C3 = 0x1.a01a019cb159p-16,
        C4 = -0x1.27e4f809c52adp-22,
        C5 = 0x1.1ee9ebdb4b1c4p-29,
        C6 = -0x1.8fae9be8838d4p-37;

    static double kernelCos(double x, double y) {
        double a, hz, z, r, qx;
        int ix = hi(x) & MAG_BITS;
        if (ix < 0x3e400000) {
            if (((int) x) == 0) return 1.0;
        }
        z = x * x;
        r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
        if (ix < 0x3FD33333) return 1.0 - (0.5 * z - (z * r - x * y));
        if (ix > 0x3fe90000) qx = 0.28125;
        else qx = hiLo(ix - 0x00200000, 0);
        hz = 0.5 * z - qx;
        a = 1.0 - qx;
        return a - (hz - (z * r - x * y));
    }

    private static final double pio4 = 0x1.921fb54442d18p-1;
    private static final double pio4lo = 0x1.1a62633145c07p-55;
    private static final double[] T = {
        0x1.5555555555563p-2, 0x1.111111110fe7ap-3, 0x1.ba1ba1bb341fep-5, 0x1.664f48406d637p-6,
        0x1.226e3e96e8493p-7, 0x1.d6d22c9560328p-9, 0x1.7dbc8fee08315p-10, 0x1.344d8f2f26501p-11,
        0x1.026f71a8d1068p-12, 0x1.47e88a03792a6p-14, 0x1.2b80f32f0a7e9p-14, -0x1.375cbdb605373p-16,
        0x1.b2a7074bf7ad4p-16,
    };

    static double kernelTan(double x, double y, int iy) {
        double z, r, v, w, s;
        int hx = hi(x);
        int ix = hx & MAG_BITS;
        if (ix < 0x3e300000) {
            if ((int) x == 0) {
                if (((ix | lo(x)) | (iy + 1)) == 0) return 1.0 / Math.abs(x);
                if (iy == 1) return x;
                double a, t;
                z = w = x + y;
                z = withLo(z, 0);
                v = y - (z - x);
                t = a = -1.0 / w;
                t = withLo(t, 0);
                s = 1.0 + t * z;
                return t + a * (s + t * v);
            }
        }
        if (ix >= 0x3FE59428) {
            if (hx < 0) {
                x = -x;
                y = -y;
            }
            z = pio4 - x;
            w = pio4lo - y;
            x = z + w;
            y = 0.0;
        }
        z = x * x;
        w = z * z;
        r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
        v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
        s = z * x;
        r = y + z * (s * (r + v) + y);
        r += T[0] * s;
        w = x + r;
        if (ix >= 0x3FE59428) {
            v = (double) iy;
            return (double) (1 - ((hx >> 30) & 2)) * (v - 2.0 * (x - (w * w / (w + v) - r)));
        }
        if (iy == 1) return w;
        double a, t;
        z = withLo(w, 0);
        v = r - (z - x);
        t = a = -1.0 / w;
        t = withLo(t, 0);
        s = 1.0 + t * z;
        return t + a * (s + t * v);
    }

    // ---- argument reduction ----------------------------------------------------

    private static final int[] two_over_pi = {
        0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62,
        0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A,
        0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
        0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41,
        0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
        0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
        0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
        0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08,
        0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
        0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
        0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
    };

    private static final int[] npio2_hw = {
        0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C,
        0x4025FDBB, 0x402921FB, 0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C,
        0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB, 0x403AB41B, 0x403C463A,
        0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
        0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB,
        0x404858EB, 0x404921FB,
    };

    private static final double
        invpio2 = 0x1.45f306dc9c883p-1,
        pio2_1 = 0x1.921fb544p0,
        pio2_1t = 0x1.0b4611a626331p-34,
        pio2_2 = 0x1.0b4611a6p-34,
        pio2_2t = 0x1.3198a2e037073p-69,
        pio2_3 = 0x1.3198a2ep-69,
        pio2_3t = 0x1.b839a252049c1p-104;

    /* x = n*pi/2 + y[0] + y[1]; returns n. */
    static int remPio2(double x, double[] y) {
        double z, w, t, r, fn;
        int e0, i, j, nx, n;
        int hx = hi(x);
        int ix = hx & MAG_BITS;
        if (ix <= 0x3fe921fb) {
            y[0] = x;
            y[1] = 0;
            return 0;
        }
        if (ix < 0x4002d97c) {
            if (hx > 0) {
                z = x - pio2_1;
                if (ix != 0x3ff921fb) {
                    y[0] = z - pio2_1t;
                    y[1] = (z - y[0]) - pio2_1t;
                } else {
                    z -= pio2_2;
                    y[0] = z - pio2_2t;
                    y[1] = (z - y[0]) - pio2_2t;
                }
                return 1;
            } else {
                z = x + pio2_1;
                if (ix != 0x3ff921fb) {
                    y[0] = z + pio2_1t;
                    y[1] = (z - y[0]) + pio2_1t;
                } else {
                    z += pio2_2;
                    y[0] = z + pio2_2t;
                    y[1] = (z - y[0]) + pio2_2t;
                }
                return -1;
            }
        }
        if (ix <= 0x413921fb) {
            t = Math.abs(x);
            n = (int) (t * invpio2 + 0.5);
            fn = (double) n;
            r = t - fn * pio2_1;
            w = fn * pio2_1t;
            if (n < 32 && ix != npio2_hw[n - 1]) {
                y[0] = r - w;
            } else {
                j = ix >> 20;
                y[0] = r - w;
                i = j - (((hi(y[0])) >> 20) & 0x7ff);
                if (i > 16) {
                    t = r;
                    w = fn * pio2_2;
                    r = t - w;
                    w = fn * pio2_2t - ((t - r) - w);
                    y[0] = r - w;
                    i = j - (((hi(y[0])) >> 20) & 0x7ff);
                    if (i > 49) {
                        t = r;
                        w = fn * pio2_3;
                        r = t - w;
                        w = fn * pio2_3t - ((t - r) - w);
                        y[0] = r - w;
                    }
                }
            }
            y[1] = (r - y[0]) - w;
            if (hx < 0) {
                y[0] = -y[0];
                y[1] = -y[1];
                return -n;
            }
            return n;
        }
        if (ix >= EXP_BITS) {
            y[0] = y[1] = x - x;
            return 0;
        }
        double[] tx = new double[3];
        z = withLo(0.0, lo(x));
        e0 = (ix >> 20) - 1046;
        z = withHi(z, ix - (e0 << 20));
        for (i = 0; i < 2; i++) {
            tx[i] = (double) ((int) (z));
            z = (z - tx[i]) * FdLibm.TWO24;
        }
        tx[2] = z;
        nx = 3;
        while (tx[nx - 1] == 0.0) nx--;
        n = kernelRemPio2(tx, y, e0, nx);
        if (hx < 0) {
            y[0] = -y[0];
            y[1] = -y[1];
            return -n;
        }
        return n;
    }

    private static final double[] PIo2 = {
        0x1.921fb4p0, 0x1.4442dp-24, 0x1.846988p-48, 0x1.8cc516p-72,
        0x1.01b838p-96, 0x1.a25204p-120, 0x1.382228p-145, 0x1.9f31dp-169,
    };
    private static final double twon24 = 0x1.0p-24;

    /* __kernel_rem_pio2 with prec = 2 (53-bit results in y[0], y[1]). */
    private static int kernelRemPio2(double[] x, double[] y, int e0, int nx) {
        int jz, jx, jv, jp, jk, carry, n, i, j, k, m, q0, ih;
        int[] iq = new int[20];
        double z, fw;
        double[] f = new double[20];
        double[] fq = new double[20];
        double[] q = new double[20];
        final double two24 = FdLibm.TWO24;
        jk = 4;
        jp = jk;
        jx = nx - 1;
        jv = (e0 - 3) / 24;
        if (jv < 0) jv = 0;
        q0 = e0 - 24 * (jv + 1);
        j = jv - jx;
        m = jx + jk;
        for (i = 0; i <= m; i++, j++) f[i] = (j < 0) ? 0.0 : (double) two_over_pi[j];
        for (i = 0; i <= jk; i++) {
            for (j = 0, fw = 0.0; j <= jx; j++) fw += x[j] * f[jx + i - j];
            q[i] = fw;
        }
        jz = jk;
        for (;;) {
            for (i = 0, j = jz, z = q[jz]; j > 0; i++, j--) {
                fw = (double) ((int) (twon24 * z));
                iq[i] = (int) (z - two24 * fw);
                z = q[j - 1] + fw;
            }
            z = Math.scalb(z, q0);
            z -= 8.0 * Math.floor(z * 0.125);
            n = (int) z;
            z -= (double) n;
            ih = 0;
            if (q0 > 0) {
                i = (iq[jz - 1] >> (24 - q0));
                n += i;
                iq[jz - 1] -= i << (24 - q0);
                ih = iq[jz - 1] >> (23 - q0);
            } else if (q0 == 0) {
                ih = iq[jz - 1] >> 23;
            } else if (z >= 0.5) {
                ih = 2;
            }
            if (ih > 0) {
                n += 1;
                carry = 0;
                for (i = 0; i < jz; i++) {
                    j = iq[i];
                    if (carry == 0) {
                        if (j != 0) {
                            carry = 1;
                            iq[i] = 0x1000000 - j;
                        }
                    } else {
                        iq[i] = 0xffffff - j;
                    }
                }
                if (q0 > 0) {
                    switch (q0) {
                        case 1: iq[jz - 1] &= 0x7fffff; break;
                        case 2: iq[jz - 1] &= 0x3fffff; break;
                        default: break;
                    }
                }
                if (ih == 2) {
                    z = 1.0 - z;
                    if (carry != 0) z -= Math.scalb(1.0, q0);
                }
            }
            if (z == 0.0) {
                j = 0;
                for (i = jz - 1; i >= jk; i--) j |= iq[i];
                if (j == 0) {
                    for (k = 1; iq[jk - k] == 0; k++) {
                    }
                    for (i = jz + 1; i <= jz + k; i++) {
                        f[jx + i] = (double) two_over_pi[jv + i];
                        for (j = 0, fw = 0.0; j <= jx; j++) fw += x[j] * f[jx + i - j];
                        q[i] = fw;
                    }
                    jz += k;
                    continue;
                }
            }
            break;
        }
        if (z == 0.0) {
            jz -= 1;
            q0 -= 24;
            while (iq[jz] == 0) {
                jz--;
                q0 -= 24;
            }
        } else {
            z = Math.scalb(z, -q0);
            if (z >= two24) {
                fw = (double) ((int) (twon24 * z));
                iq[jz] = (int) (z - two24 * fw);
                jz += 1;
                q0 += 24;
                iq[jz] = (int) fw;
            } else {
                iq[jz] = (int) z;
            }
        }
        fw = Math.scalb(1.0, q0);
        for (i = jz; i >= 0; i--) {
            q[i] = fw * (double) iq[i];
            fw *= twon24;
        }
        for (i = jz; i >= 0; i--) {
            for (fw = 0.0, k = 0; k <= jp && k <= jz - i; k++) fw += PIo2[k] * q[i + k];
            fq[jz - i] = fw;
        }
        fw = 0.0;
        for (i = jz; i >= 0; i--) fw += fq[i];
        y[0] = (ih == 0) ? fw : -fw;
        fw = fq[0] - fw;
        for (i = 1; i <= jz; i++) fw += fq[i];
        y[1] = (ih == 0) ? fw : -fw;
        return n & 7;
    }
}
