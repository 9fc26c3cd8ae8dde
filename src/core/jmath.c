/* jmath.c - floating-point operations with exact Java semantics and no libc:
 * saturating conversions (JLS 5.1.3: NaN -> 0, clamp to MIN/MAX, else round
 * toward zero), drem/frem (IEEE fmod: exact, sign of the dividend), sqrt
 * (the sqrtsd instruction through __builtin_sqrt; the core is compiled with
 * -fno-math-errno so no libm call is emitted), floor, ceil, rint (round half
 * to even) and fabs by bit manipulation. */
#include "jmath.h"

#include <stdbool.h>
#include <stdint.h>

static inline uint64_t dbits(double d) {
    union { double d; uint64_t u; } c;
    c.d = d;
    return c.u;
}

static inline double bitsd(uint64_t u) {
    union { double d; uint64_t u; } c;
    c.u = u;
    return c.d;
}

static inline uint32_t fbits(float f) {
    union { float f; uint32_t u; } c;
    c.f = f;
    return c.u;
}

static inline float bitsf(uint32_t u) {
    union { float f; uint32_t u; } c;
    c.u = u;
    return c.f;
}

/* ---- conversions --------------------------------------------------------- */

int32_t jm_d2i(double d) {
    if (d != d)
        return 0;
    if (d >= 2147483647.0)
        return INT32_MAX;
    if (d <= -2147483648.0)
        return INT32_MIN;
    return (int32_t)d;
}

int64_t jm_d2l(double d) {
    if (d != d)
        return 0;
    if (d >= 9223372036854775807.0)      /* 2^63 */
        return INT64_MAX;
    if (d <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)d;
}

int32_t jm_f2i(float f) {
    if (f != f)
        return 0;
    if (f >= 2147483647.0f)              /* 2^31 */
        return INT32_MAX;
    if (f <= -2147483648.0f)
        return INT32_MIN;
    return (int32_t)f;
}

int64_t jm_f2l(float f) {
    if (f != f)
        return 0;
    if (f >= 9223372036854775807.0f)     /* 2^63 */
        return INT64_MAX;
    if (f <= -9223372036854775808.0f)
        return INT64_MIN;
    return (int64_t)f;
}

/* ---- remainder ----------------------------------------------------------- */

/* Generic exact fmod on (sign, biased exponent, significand) triples:
 * mant_bits is the fraction width (52 or 23), emax the all-ones exponent.
 * Works on integer significands: the remainder of mx 2^ex by my 2^ey. */
static uint64_t fmod_bits(uint64_t ux, uint64_t uy, int mant_bits, int emax,
                          int sign_shift, int *special) {
    uint64_t sign = ux & ((uint64_t)1 << sign_shift);
    uint64_t abs_mask = ((uint64_t)1 << sign_shift) - 1;
    uint64_t ax = ux & abs_mask, ay = uy & abs_mask;
    uint64_t frac_mask = ((uint64_t)1 << mant_bits) - 1;
    int ex = (int)(ax >> mant_bits), ey = (int)(ay >> mant_bits);

    *special = 0;
    /* NaN operands, x infinite, or y zero: NaN (computed by the caller) */
    if (ex == emax || ay == 0 || (ey == emax && (ay & frac_mask))) {
        *special = 1;
        return 0;
    }
    /* y infinite, or |x| < |y|: x itself (also keeps -0.0) */
    if (ey == emax || ax < ay)
        return ux;
    if (ax == ay)
        return sign;                     /* exactly zero with x's sign */

    /* integer significands and exponents (subnormals normalised) */
    uint64_t mx, my;
    if (ex == 0) {
        mx = ax;
        ex = 1;
        while (!(mx >> mant_bits)) {
            mx <<= 1;
            ex--;
        }
    } else {
        mx = (ax & frac_mask) | ((uint64_t)1 << mant_bits);
    }
    if (ey == 0) {
        my = ay;
        ey = 1;
        while (!(my >> mant_bits)) {
            my <<= 1;
            ey--;
        }
    } else {
        my = (ay & frac_mask) | ((uint64_t)1 << mant_bits);
    }
    /* reduce: mx 2^(ex-ey) mod my, a chunk of bits at a time (mx < my
     * keeps mx << chunk below 2^64) */
    int chunk = 63 - mant_bits;
    int diff = ex - ey;
    mx %= my;
    while (diff > 0 && mx != 0) {
        int s = diff < chunk ? diff : chunk;
        mx = (mx << s) % my;
        diff -= s;
    }
    if (mx == 0)
        return sign;
    /* normalise the result mx 2^ey */
    while (!(mx >> mant_bits)) {
        mx <<= 1;
        ey--;
    }
    if (ey > 0)
        return sign | ((uint64_t)ey << mant_bits) | (mx & frac_mask);
    /* subnormal result: exact because it is smaller than |y| */
    return sign | (mx >> (1 - ey));
}

double jm_fmod(double a, double b) {
    int special;
    uint64_t r = fmod_bits(dbits(a), dbits(b), 52, 0x7ff, 63, &special);
    if (special)
        return bitsd(UINT64_C(0x7ff8000000000000));
    return bitsd(r);
}

float jm_fmodf(float a, float b) {
    int special;
    uint64_t r = fmod_bits(fbits(a), fbits(b), 23, 0xff, 31, &special);
    if (special)
        return bitsf(UINT32_C(0x7fc00000));
    return bitsf((uint32_t)r);
}

/* ---- sqrt, fabs ---------------------------------------------------------- */

double jm_sqrt(double d) {
    return __builtin_sqrt(d);
}

double jm_fabs(double d) {
    return bitsd(dbits(d) & ~(UINT64_C(1) << 63));
}

/* ---- rounding to integers ------------------------------------------------ */

/* mode: 0 floor, 1 ceil, 2 rint (half even) */
static double round_int(double d, int mode) {
    uint64_t u = dbits(d);
    int e = (int)((u >> 52) & 0x7ff) - 1023;
    bool neg = (u >> 63) != 0;
    if (e >= 52)                        /* integral, Inf or NaN */
        return d;
    if (e < 0) {                        /* |d| < 1 */
        if ((u << 1) == 0)
            return d;                   /* +-0 */
        switch (mode) {
        case 0:
            return neg ? -1.0 : 0.0;
        case 1:
            return neg ? -0.0 : 1.0;
        default:
            /* > 0.5 rounds to 1; exactly 0.5 to even (0) */
            if (e == -1 && (u & ((UINT64_C(1) << 52) - 1)) != 0)
                return neg ? -1.0 : 1.0;
            return neg ? -0.0 : 0.0;
        }
    }
    uint64_t frac = (UINT64_C(1) << (52 - e)) - 1;   /* fraction bits */
    if ((u & frac) == 0)
        return d;
    uint64_t trunc = u & ~frac;
    bool up;                            /* away from zero by one unit */
    switch (mode) {
    case 0:
        up = neg;
        break;
    case 1:
        up = !neg;
        break;
    default: {
        uint64_t half = (frac + 1) >> 1;
        uint64_t f = u & frac;
        uint64_t one = frac + 1;
        /* (for e == 0 the unit bit is the exponent's low bit: 1, odd) */
        up = f > half || (f == half && (trunc & one) != 0);
        break;
    }
    }
    if (up)
        trunc += frac + 1;              /* carry into the exponent is fine */
    return bitsd(trunc);
}

double jm_floor(double d) {
    return round_int(d, 0);
}

double jm_ceil(double d) {
    return round_int(d, 1);
}

double jm_rint(double d) {
    return round_int(d, 2);
}
