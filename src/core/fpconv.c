/* fpconv.c - Double.toString / Float.toString exactly as the current Java
 * specification (JDK 19+) defines them: the shortest decimal that rounds
 * back to the value (closest to it when there are several; ties to an even
 * digit; length 2 is also considered when the shortest has 1 digit), in
 * Java's plain or computerized scientific format.
 *
 * The digit selection is Raffaello Giulietti's Schubfach algorithm ("The
 * Schubfach way to render doubles"), following the structure of OpenJDK's
 * DoubleToDecimal / FloatToDecimal so the results are identical; only
 * integer arithmetic is used.  The formatting is written out directly.
 * Parsing is in fpconv_parse.c. */
#include "fpconv.h"
#include "fpconv_internal.h"

#include <stdint.h>

/* ---- formatting ---------------------------------------------------------- */

static const char DIGIT_PAIRS[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

static const uint64_t POW10[20] = {
    UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000), UINT64_C(10000),
    UINT64_C(100000), UINT64_C(1000000), UINT64_C(10000000),
    UINT64_C(100000000), UINT64_C(1000000000), UINT64_C(10000000000),
    UINT64_C(100000000000), UINT64_C(1000000000000),
    UINT64_C(10000000000000), UINT64_C(100000000000000),
    UINT64_C(1000000000000000), UINT64_C(10000000000000000),
    UINT64_C(100000000000000000), UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000)
};

/* Write the `n` decimal digits of x (x < 10^n, leading zeros kept) ending
 * just before `end`. */
static void put_digits32(char *end, uint32_t x, int n) {
    while (n >= 2) {
        uint32_t r = x % 100;
        x /= 100;
        *--end = DIGIT_PAIRS[2 * r + 1];
        *--end = DIGIT_PAIRS[2 * r];
        n -= 2;
    }
    if (n)
        *--end = (char)('0' + x);
}

/* Write f 10^e (f > 0, at most 17 digits) in Java's format after an
 * optional '-' already at buf[0..pos).  Returns the total length. */
static size_t format_decimal(char *buf, size_t pos, uint64_t f, int e) {
    /* n: the number of digits of f (1 <= f < 10^18) */
    int n = fpconv_flog10pow2(64 - __builtin_clzll(f));
    if (f >= POW10[n])
        n++;
    char dig[20];
    if (n > 8) {
        uint64_t hi = f / 100000000;
        put_digits32(dig + n, (uint32_t)(f - hi * 100000000), 8);
        put_digits32(dig + n - 8, (uint32_t)hi, n - 8);
    } else {
        put_digits32(dig + n, (uint32_t)f, n);
    }
    /* Drop trailing zeros (they only move the exponent). */
    while (n > 1 && dig[n - 1] == '0') {
        n--;
        e++;
    }
    /* Value = 0.d1 d2 ... dn 10^de */
    int de = e + n;
    if (de > 0 && de <= 7) {
        int i;
        for (i = 0; i < de; i++)
            buf[pos++] = i < n ? dig[i] : '0';
        buf[pos++] = '.';
        if (n > de) {
            for (; i < n; i++)
                buf[pos++] = dig[i];
        } else {
            buf[pos++] = '0';
        }
        return pos;
    }
    if (de > -3 && de <= 0) {
        buf[pos++] = '0';
        buf[pos++] = '.';
        for (int z = de; z < 0; z++)
            buf[pos++] = '0';
        for (int i = 0; i < n; i++)
            buf[pos++] = dig[i];
        return pos;
    }
    buf[pos++] = dig[0];
    buf[pos++] = '.';
    if (n > 1) {
        for (int i = 1; i < n; i++)
            buf[pos++] = dig[i];
    } else {
        buf[pos++] = '0';
    }
    buf[pos++] = 'E';
    int x = de - 1;
    if (x < 0) {
        buf[pos++] = '-';
        x = -x;
    }
    if (x >= 100)
        buf[pos++] = (char)('0' + x / 100);
    if (x >= 10)
        buf[pos++] = (char)('0' + x / 10 % 10);
    buf[pos++] = (char)('0' + x % 10);
    return pos;
}

static size_t put_str(char *buf, size_t pos, const char *s) {
    while (*s)
        buf[pos++] = *s++;
    return pos;
}

/* ---- double -------------------------------------------------------------- */

#define D_P      53
#define D_Q_MIN  (-1074)
#define D_C_MIN  (UINT64_C(1) << (D_P - 1))
#define D_C_TINY 3
#define MASK_63  ((UINT64_C(1) << 63) - 1)

/* rop(cp g 2^-127) with g = g1 2^63 + g0: the product rounded to odd. */
static uint64_t rop_d(uint64_t g1, uint64_t g0, uint64_t cp) {
    uint64_t x1 = fpconv_mulhi(g0, cp);
    uint64_t y0 = g1 * cp;
    uint64_t y1 = fpconv_mulhi(g1, cp);
    uint64_t z = (y0 >> 1) + x1;
    uint64_t vbp = y1 + (z >> 63);
    return vbp | (((z & MASK_63) + MASK_63) >> 63);
}

/* Select the decimal for c 2^q; store its significand and exponent. */
static void to_decimal_d(int q, uint64_t c, int dk, uint64_t *fo, int *eo) {
    uint64_t out = c & 1;
    uint64_t cb = c << 2;
    uint64_t cbr = cb + 2;
    uint64_t cbl;
    int k;
    if (c != D_C_MIN || q == D_Q_MIN) {
        cbl = cb - 2;
        k = fpconv_flog10pow2(q);
    } else {
        cbl = cb - 1;
        k = fpconv_flog10_3q_pow2(q);
    }
    int h = q + fpconv_flog2pow10(-k) + 2;
    const uint64_t *g = fpconv_g[k - FPCONV_G_KMIN];
    uint64_t vb = rop_d(g[0], g[1], cb << h);
    uint64_t vbl = rop_d(g[0], g[1], cbl << h);
    uint64_t vbr = rop_d(g[0], g[1], cbr << h);

    uint64_t s = vb >> 2;
    if (s >= 100) {
        uint64_t sp10 = 10 * fpconv_mulhi(s, UINT64_C(115292150460684698) << 4);
        uint64_t tp10 = sp10 + 10;
        int upin = vbl + out <= sp10 << 2;
        int wpin = (tp10 << 2) + out <= vbr;
        if (upin != wpin) {
            *fo = upin ? sp10 : tp10;
            *eo = k;
            return;
        }
    }
    uint64_t t = s + 1;
    int uin = vbl + out <= s << 2;
    int win = (t << 2) + out <= vbr;
    if (uin != win) {
        *fo = uin ? s : t;
        *eo = k + dk;
        return;
    }
    int64_t cmp = (int64_t)(vb - ((s + t) << 1));
    *fo = (cmp < 0 || (cmp == 0 && (s & 1) == 0)) ? s : t;
    *eo = k + dk;
}

size_t fpconv_double_to_java(double v, char *buf) {
    union { double d; uint64_t u; } cv;
    cv.d = v;
    uint64_t bits = cv.u;
    uint64_t t = bits & (D_C_MIN - 1);
    int bq = (int)(bits >> (D_P - 1)) & 0x7ff;
    size_t pos = 0;
    if (bq == 0x7ff)
        return put_str(buf, 0, t != 0 ? "NaN"
                               : (bits >> 63) ? "-Infinity" : "Infinity");
    if (bits >> 63)
        buf[pos++] = '-';
    uint64_t f;
    int e;
    if (bq != 0) {
        int mq = -D_Q_MIN + 1 - bq;
        uint64_t c = D_C_MIN | t;
        if (mq > 0 && mq < D_P && ((c >> mq) << mq) == c) {
            /* A small integer: printed exactly. */
            f = c >> mq;
            e = 0;
        } else {
            to_decimal_d(-mq, c, 0, &f, &e);
        }
    } else if (t != 0) {
        if (t < D_C_TINY)
            to_decimal_d(D_Q_MIN, t * 10, -1, &f, &e);
        else
            to_decimal_d(D_Q_MIN, t, 0, &f, &e);
    } else {
        return put_str(buf, pos, "0.0");
    }
    return format_decimal(buf, pos, f, e);
}

/* ---- float --------------------------------------------------------------- */

#define F_P      24
#define F_Q_MIN  (-149)
#define F_C_MIN  (UINT32_C(1) << (F_P - 1))
#define F_C_TINY 8
#define MASK_32  ((UINT64_C(1) << 32) - 1)

/* rop(cp g 2^-95), g = g1 + 1 (the upper 63 bits of the 126-bit power). */
static uint32_t rop_f(uint64_t g, uint64_t cp) {
    uint64_t x1 = fpconv_mulhi(g, cp);
    uint64_t vbp = x1 >> 31;
    return (uint32_t)(vbp | (((x1 & MASK_32) + MASK_32) >> 32));
}

static void to_decimal_f(int q, uint32_t c, int dk, uint64_t *fo, int *eo) {
    uint32_t out = c & 1;
    uint64_t cb = (uint64_t)c << 2;
    uint64_t cbr = cb + 2;
    uint64_t cbl;
    int k;
    if (c != F_C_MIN || q == F_Q_MIN) {
        cbl = cb - 2;
        k = fpconv_flog10pow2(q);
    } else {
        cbl = cb - 1;
        k = fpconv_flog10_3q_pow2(q);
    }
    int h = q + fpconv_flog2pow10(-k) + 33;
    uint64_t g = fpconv_g[k - FPCONV_G_KMIN][0] + 1;
    uint32_t vb = rop_f(g, cb << h);
    uint32_t vbl = rop_f(g, cbl << h);
    uint32_t vbr = rop_f(g, cbr << h);

    uint32_t s = vb >> 2;
    if (s >= 100) {
        uint32_t sp10 = 10 * (uint32_t)(((uint64_t)s * UINT64_C(1717986919)) >> 34);
        uint32_t tp10 = sp10 + 10;
        int upin = vbl + out <= sp10 << 2;
        int wpin = (tp10 << 2) + out <= vbr;
        if (upin != wpin) {
            *fo = upin ? sp10 : tp10;
            *eo = k;
            return;
        }
    }
    uint32_t t = s + 1;
    int uin = vbl + out <= s << 2;
    int win = (t << 2) + out <= vbr;
    if (uin != win) {
        *fo = uin ? s : t;
        *eo = k + dk;
        return;
    }
    int32_t cmp = (int32_t)(vb - ((s + t) << 1));
    *fo = (cmp < 0 || (cmp == 0 && (s & 1) == 0)) ? s : t;
    *eo = k + dk;
}

size_t fpconv_float_to_java(float v, char *buf) {
    union { float f; uint32_t u; } cv;
    cv.f = v;
    uint32_t bits = cv.u;
    uint32_t t = bits & (F_C_MIN - 1);
    int bq = (int)(bits >> (F_P - 1)) & 0xff;
    size_t pos = 0;
    if (bq == 0xff)
        return put_str(buf, 0, t != 0 ? "NaN"
                               : (bits >> 31) ? "-Infinity" : "Infinity");
    if (bits >> 31)
        buf[pos++] = '-';
    uint64_t f;
    int e;
    if (bq != 0) {
        int mq = -F_Q_MIN + 1 - bq;
        uint32_t c = F_C_MIN | t;
        if (mq > 0 && mq < F_P && ((c >> mq) << mq) == c) {
            f = c >> mq;
            e = 0;
        } else {
            to_decimal_f(-mq, c, 0, &f, &e);
        }
    } else if (t != 0) {
        if (t < F_C_TINY)
            to_decimal_f(F_Q_MIN, t * 10, -1, &f, &e);
        else
            to_decimal_f(F_Q_MIN, t, 0, &f, &e);
    } else {
        return put_str(buf, pos, "0.0");
    }
    return format_decimal(buf, pos, f, e);
}
