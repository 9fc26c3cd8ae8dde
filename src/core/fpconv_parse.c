/* fpconv_parse.c - Double.parseDouble / Float.parseFloat: Java syntax
 * (surrounding chars <= ' ', sign, digits with '.', exponent, f/F/d/D
 * suffix, "NaN", "Infinity", hexadecimal 0x1.8p1) and correct rounding
 * straight to the target format (float is never rounded via double).
 *
 * Decimal input D 10^E takes one of two routes, both integer-only:
 *  1. fast: the first 19 significant digits w times the 126-bit power of
 *     ten from fpconv_table.c give a lower and an upper bound of the value;
 *     when both round to the same float that is the answer (rounding is
 *     monotonic).  This decides all but values within ~2^-60 relative of a
 *     rounding boundary.
 *  2. exact: big-integer division D / 10^-E (or D 10^E) to P+3 quotient
 *     bits plus a sticky remainder bit.  At most 800 significant digits are
 *     kept, plus a final 1 standing for any non-zero digits dropped: every
 *     rounding boundary of a double has at most 767 significant digits, so
 *     the truncated value rounds exactly as the full one.
 * No allocation; the big integers live on the stack (about 2 KiB). */
#include "fpconv.h"
#include "fpconv_internal.h"

#include <stdint.h>

/* ---- target formats and the final rounding ------------------------------- */

typedef struct fp_fmt {
    int p;          /* precision in bits, hidden bit included */
    int lsb_min;    /* exponent of the least significant bit of subnormals */
    int bexp_max;   /* all-ones biased exponent (Inf/NaN) */
    int dec_max;    /* value >= 10^dec_max overflows */
    int dec_min;    /* value < 10^dec_min rounds to zero */
} fp_fmt;

static const fp_fmt FMT_D = { 53, -1074, 2047, 309, -324 };
static const fp_fmt FMT_F = { 24, -149, 255, 39, -46 };

static int clz128(uint64_t hi, uint64_t lo) {
    if (hi)
        return __builtin_clzll(hi);
    if (lo)
        return 64 + __builtin_clzll(lo);
    return 128;
}

/* Round (m + eps) 2^e2 to the format, where m = hi:lo != 0 and eps is 0
 * (sticky false) or lies strictly between 0 and 1/2 (sticky true).  When
 * sticky is set, m must have at least p + 2 significant bits.  Returns the
 * bit pattern of the magnitude. */
static uint64_t round_to_fmt(const fp_fmt *fm, uint64_t hi, uint64_t lo,
                             int64_t e2, bool sticky) {
    int z = clz128(hi, lo);
    if (z >= 64) {
        hi = lo;
        lo = 0;
        z -= 64;
        e2 -= 64;
    }
    if (z > 0) {
        hi = (hi << z) | (lo >> (64 - z));
        lo <<= z;
        e2 -= z;
    }
    /* now m = hi:lo has its top bit at 127; value = m 2^e2 */
    int64_t msb = e2 + 127;
    int64_t infexp = (int64_t)(fm->bexp_max - 1) + fm->lsb_min + fm->p - 2;
    if (msb > infexp)
        return (uint64_t)fm->bexp_max << (fm->p - 1);
    int64_t lsb = msb - (fm->p - 1);
    if (lsb < fm->lsb_min)
        lsb = fm->lsb_min;
    int64_t shift = lsb - e2;          /* >= 128 - p */
    uint64_t mant;
    bool round, rest;
    if (shift > 128) {
        return 0;
    } else if (shift == 128) {
        mant = 0;
        round = true;
        rest = (hi << 1) != 0 || lo != 0 || sticky;
    } else if (shift >= 64) {
        int s = (int)(shift - 64);
        mant = s ? hi >> s : hi;
        if (s == 0) {
            round = (lo >> 63) != 0;
            rest = (lo << 1) != 0 || sticky;
        } else {
            round = ((hi >> (s - 1)) & 1) != 0;
            rest = (hi & ((UINT64_C(1) << (s - 1)) - 1)) != 0 || lo != 0 || sticky;
        }
    } else {
        /* shift >= 128 - p >= 75: unreachable for p <= 53 */
        return 0;
    }
    if (round && (rest || (mant & 1)))
        mant++;
    uint64_t hidden = UINT64_C(1) << (fm->p - 1);
    if (mant == hidden << 1) {
        mant >>= 1;
        lsb++;
    }
    if (mant < hidden)              /* subnormal (or zero) */
        return mant;
    int64_t bexp = lsb - fm->lsb_min + 1;
    if (bexp >= fm->bexp_max)
        return (uint64_t)fm->bexp_max << (fm->p - 1);
    return ((uint64_t)bexp << (fm->p - 1)) | (mant - hidden);
}

/* ---- big integers (exact route) ------------------------------------------ */

#define BN_LIMBS 128                   /* 4096 bits; the worst case needs ~3800 */
#define MAX_SIG_DIGITS 800

typedef struct bn {
    int n;                             /* limbs in use; v[n-1] != 0 unless n == 0 */
    uint32_t v[BN_LIMBS];
} bn;

static void bn_trim(bn *a) {
    while (a->n > 0 && a->v[a->n - 1] == 0)
        a->n--;
}

/* a = a * m + add; false on capacity overflow (cannot happen with the
 * bounds enforced by the caller, but checked anyway). */
static bool bn_muladd(bn *a, uint32_t m, uint32_t add) {
    uint64_t carry = add;
    for (int i = 0; i < a->n; i++) {
        uint64_t t = (uint64_t)a->v[i] * m + carry;
        a->v[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry) {
        if (a->n >= BN_LIMBS)
            return false;
        a->v[a->n++] = (uint32_t)carry;
    }
    return true;
}

static const uint32_t POW10_32[10] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
    100000000u, 1000000000u
};

static bool bn_mul_pow10(bn *a, int64_t e) {
    while (e >= 9) {
        if (!bn_muladd(a, 1000000000u, 0))
            return false;
        e -= 9;
    }
    return e > 0 ? bn_muladd(a, POW10_32[e], 0) : true;
}

static int bn_bitlen(const bn *a) {
    if (a->n == 0)
        return 0;
    return a->n * 32 - __builtin_clz(a->v[a->n - 1]);
}

static bool bn_shl(bn *a, int64_t bits) {
    if (a->n == 0 || bits == 0)
        return true;
    int64_t total = (int64_t)bn_bitlen(a) + bits;
    if (total > (int64_t)BN_LIMBS * 32)
        return false;
    int limbs = (int)(bits / 32), b = (int)(bits % 32);
    int nn = (int)((total + 31) / 32);
    for (int i = nn - 1; i >= 0; i--) {
        int src = i - limbs;
        uint32_t hiw = src >= 0 && src < a->n ? a->v[src] : 0;
        uint32_t low = src - 1 >= 0 && src - 1 < a->n ? a->v[src - 1] : 0;
        a->v[i] = b ? (hiw << b) | (low >> (32 - b)) : hiw;
    }
    a->n = nn;
    bn_trim(a);
    return true;
}

static void bn_shr1(bn *a) {
    for (int i = 0; i < a->n; i++) {
        uint32_t next = i + 1 < a->n ? a->v[i + 1] : 0;
        a->v[i] = (a->v[i] >> 1) | (next << 31);
    }
    bn_trim(a);
}

static int bn_cmp(const bn *a, const bn *b) {
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->v[i] != b->v[i])
            return a->v[i] < b->v[i] ? -1 : 1;
    return 0;
}

/* a -= b, requires a >= b */
static void bn_sub(bn *a, const bn *b) {
    uint64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        uint64_t t = (uint64_t)a->v[i] - (i < b->n ? b->v[i] : 0) - borrow;
        a->v[i] = (uint32_t)t;
        borrow = (t >> 32) & 1;
    }
    bn_trim(a);
}

/* ---- the scanned decimal number ------------------------------------------ */

typedef struct dec_num {
    const char *s;       /* input */
    size_t first;        /* index of the first significant digit */
    size_t end;          /* end of the mantissa text */
    int64_t nd;          /* significant digits (up to the last non-zero one) */
    int64_t e;           /* value = D 10^e, D the nd-digit integer */
} dec_num;

/* The first `max` significant digits as an integer; *more is set when
 * non-zero digits follow them. */
static uint64_t dec_prefix(const dec_num *d, int max, int *taken) {
    uint64_t w = 0;
    int k = 0;
    for (size_t i = d->first; i < d->end && k < max && k < d->nd; i++) {
        char c = d->s[i];
        if (c == '.')
            continue;
        w = w * 10 + (uint64_t)(c - '0');
        k++;
    }
    *taken = k;
    return w;
}

static bool dec_to_bn(const dec_num *d, int max, bn *out) {
    out->n = 0;
    uint32_t chunk = 0;
    int nchunk = 0, k = 0;
    for (size_t i = d->first; i < d->end && k < max && k < d->nd; i++) {
        char c = d->s[i];
        if (c == '.')
            continue;
        chunk = chunk * 10 + (uint32_t)(c - '0');
        k++;
        if (++nchunk == 9) {
            if (!bn_muladd(out, 1000000000u, chunk))
                return false;
            chunk = 0;
            nchunk = 0;
        }
    }
    if (nchunk && !bn_muladd(out, POW10_32[nchunk], chunk))
        return false;
    return true;
}

/* Route 2: exact.  Returns false only on an internal capacity failure. */
static bool dec_exact(const dec_num *d, const fp_fmt *fm, uint64_t *bits) {
    bn num, den, tmp;
    int64_t e = d->e;
    int ndig = (int)(d->nd < MAX_SIG_DIGITS ? d->nd : MAX_SIG_DIGITS);
    if (!dec_to_bn(d, ndig, &num))
        return false;
    if (d->nd > MAX_SIG_DIGITS) {
        /* the last significant digit is non-zero and was dropped */
        if (!bn_muladd(&num, 10, 1))
            return false;
        e += d->nd - MAX_SIG_DIGITS - 1;
    }
    den.n = 1;
    den.v[0] = 1;
    if (e >= 0) {
        if (!bn_mul_pow10(&num, e))
            return false;
    } else if (!bn_mul_pow10(&den, -e)) {
        return false;
    }
    /* Scale so the quotient has p+3 or p+4 bits. */
    int64_t est = (int64_t)bn_bitlen(&num) - bn_bitlen(&den);
    int64_t sh = fm->p + 3 - est;          /* value = (num/den) 2^-sh after */
    if (sh > 0) {
        if (!bn_shl(&num, sh))
            return false;
    } else if (!bn_shl(&den, -sh)) {
        return false;
    }
    /* Restoring division: quotient bits p+3 .. 0. */
    int top = fm->p + 3;
    tmp.n = den.n;
    for (int i = 0; i < den.n; i++)
        tmp.v[i] = den.v[i];
    if (!bn_shl(&tmp, top))
        return false;
    uint64_t q = 0;
    for (int i = top; i >= 0; i--) {
        if (bn_cmp(&num, &tmp) >= 0) {
            bn_sub(&num, &tmp);
            q |= UINT64_C(1) << i;
        }
        bn_shr1(&tmp);
    }
    *bits = round_to_fmt(fm, 0, q, -sh, num.n != 0);
    return true;
}

/* Route 1: bounds from the 126-bit power of ten.  Returns false when the
 * two bounds round differently. */
static bool dec_fast(const dec_num *d, const fp_fmt *fm, uint64_t *bits) {
    int taken;
    uint64_t w = dec_prefix(d, 19, &taken);
    bool trunc = d->nd > taken;
    int64_t ew = d->e + (d->nd - taken);
    int k = (int)-ew;
    if (k < FPCONV_G_KMIN || k > FPCONV_G_KMAX)
        return false;
    const uint64_t *gp = fpconv_g[k - FPCONV_G_KMIN];
    /* g = g1 2^63 + g0 as ghi:glo */
    uint64_t ghi = gp[0] >> 1, glo = (gp[0] << 63) | gp[1];
    int64_t r = fpconv_flog2pow10((int)ew) - 125;
    bool exact = !trunc && ew >= 0 && ew <= 54;   /* beta = g - 1 exactly */

    /* lower bound: w (g - 1) 2^r */
    uint64_t lg_lo = glo - 1, lg_hi = ghi - (glo == 0);
    fpconv_u128 p0 = (fpconv_u128)w * lg_lo;
    fpconv_u128 p1 = (fpconv_u128)w * lg_hi + (uint64_t)(p0 >> 64);
    uint64_t w0 = (uint64_t)p0;
    uint64_t lo_bits = round_to_fmt(fm, (uint64_t)(p1 >> 64), (uint64_t)p1,
                                    r + 64, w0 != 0);
    if (exact) {
        *bits = lo_bits;
        return true;
    }
    /* upper bound: (w + trunc) g 2^r */
    uint64_t wu = w + (trunc ? 1 : 0);
    p0 = (fpconv_u128)wu * glo;
    p1 = (fpconv_u128)wu * ghi + (uint64_t)(p0 >> 64);
    w0 = (uint64_t)p0;
    uint64_t hi_bits = round_to_fmt(fm, (uint64_t)(p1 >> 64), (uint64_t)p1,
                                    r + 64, w0 != 0);
    if (lo_bits != hi_bits)
        return false;
    *bits = lo_bits;
    return true;
}

/* ---- hexadecimal --------------------------------------------------------- */

static int hexval(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

#define EXP_CAP 1000000000

/* Parse an exponent "[+-]digits" at s[*i..n); saturates. */
static bool parse_exp(const char *s, size_t n, size_t *i, int64_t *out) {
    bool neg = false;
    if (*i < n && (s[*i] == '+' || s[*i] == '-'))
        neg = s[(*i)++] == '-';
    if (*i >= n || s[*i] < '0' || s[*i] > '9')
        return false;
    int64_t v = 0;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
        if (v < EXP_CAP)
            v = v * 10 + (s[*i] - '0');
        (*i)++;
    }
    *out = neg ? -v : v;
    return true;
}

static bool is_suffix(char c) {
    return c == 'f' || c == 'F' || c == 'd' || c == 'D';
}

/* s[i..n) after "0x": hex digits, '.', 'p' exponent (required), suffix. */
static bool parse_hex(const char *s, size_t i, size_t n, const fp_fmt *fm,
                      uint64_t *bits) {
    uint64_t hi = 0, lo = 0;
    int kept = 0;                 /* significant hex digits kept (max 30) */
    bool sticky = false, seen_point = false, any = false, nonzero = false;
    int64_t exp2 = 0;             /* value = m 2^exp2 (before 'p') */
    for (; i < n; i++) {
        char c = s[i];
        if (c == '.') {
            if (seen_point)
                break;
            seen_point = true;
            continue;
        }
        int v = hexval(c);
        if (v < 0)
            break;
        any = true;
        if (!nonzero && v == 0) {
            if (seen_point)
                exp2 -= 4;
            continue;
        }
        nonzero = true;
        if (kept < 30) {
            hi = (hi << 4) | (lo >> 60);
            lo = (lo << 4) | (uint64_t)v;
            kept++;
            if (seen_point)
                exp2 -= 4;
        } else {
            if (v)
                sticky = true;
            if (!seen_point)
                exp2 += 4;
        }
    }
    if (!any || i >= n || (s[i] != 'p' && s[i] != 'P'))
        return false;
    i++;
    int64_t pe;
    if (!parse_exp(s, n, &i, &pe))
        return false;
    if (i < n && is_suffix(s[i]))
        i++;
    if (i != n)
        return false;
    if (!nonzero) {
        *bits = 0;
        return true;
    }
    *bits = round_to_fmt(fm, hi, lo, exp2 + pe, sticky);
    return true;
}

/* ---- the common driver --------------------------------------------------- */

static bool match_word(const char *s, size_t i, size_t n, const char *w) {
    size_t k = 0;
    while (w[k]) {
        if (i + k >= n || s[i + k] != w[k])
            return false;
        k++;
    }
    return i + k == n;
}

/* Parse to the magnitude's bit pattern and the sign. */
static bool parse_java(const char *s, size_t n, const fp_fmt *fm,
                       uint64_t *bits, bool *neg) {
    size_t i = 0;
    if (!s)
        return false;
    while (n > 0 && (unsigned char)s[n - 1] <= ' ')
        n--;
    while (i < n && (unsigned char)s[i] <= ' ')
        i++;
    *neg = false;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        *neg = s[i++] == '-';
    if (i >= n)
        return false;
    if (s[i] == 'N') {
        if (!match_word(s, i, n, "NaN"))
            return false;
        *bits = ((uint64_t)fm->bexp_max << (fm->p - 1)) | (UINT64_C(1) << (fm->p - 2));
        *neg = false;
        return true;
    }
    if (s[i] == 'I') {
        if (!match_word(s, i, n, "Infinity"))
            return false;
        *bits = (uint64_t)fm->bexp_max << (fm->p - 1);
        return true;
    }
    if (s[i] == '0' && i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X'))
        return parse_hex(s, i + 2, n, fm, bits);

    dec_num d;
    int64_t nall = 0, point = -1, fz = -1, lnz = -1;
    d.s = s;
    d.first = 0;
    for (; i < n; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9') {
            if (c != '0') {
                if (fz < 0) {
                    fz = nall;
                    d.first = i;
                }
                lnz = nall;
            }
            nall++;
        } else if (c == '.' && point < 0) {
            point = nall;
        } else {
            break;
        }
    }
    d.end = i;
    if (nall == 0)
        return false;
    if (point < 0)
        point = nall;
    int64_t ex = 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (!parse_exp(s, n, &i, &ex))
            return false;
    }
    if (i < n && is_suffix(s[i]))
        i++;
    if (i != n)
        return false;
    if (fz < 0) {
        *bits = 0;
        return true;
    }
    d.nd = lnz - fz + 1;
    d.e = point - 1 - lnz + ex;
    int64_t mag = d.nd + d.e;          /* 10^(mag-1) <= value < 10^mag */
    if (mag - 1 >= fm->dec_max) {
        *bits = (uint64_t)fm->bexp_max << (fm->p - 1);
        return true;
    }
    if (mag <= fm->dec_min) {
        *bits = 0;
        return true;
    }
    if (dec_fast(&d, fm, bits))
        return true;
    return dec_exact(&d, fm, bits);
}

bool fpconv_parse_double(const char *s, size_t n, double *out) {
    uint64_t bits;
    bool neg;
    if (!parse_java(s, n, &FMT_D, &bits, &neg))
        return false;
    union { double d; uint64_t u; } cv;
    cv.u = bits | ((uint64_t)neg << 63);
    *out = cv.d;
    return true;
}

bool fpconv_parse_float(const char *s, size_t n, float *out) {
    uint64_t bits;
    bool neg;
    if (!parse_java(s, n, &FMT_F, &bits, &neg))
        return false;
    union { float f; uint32_t u; } cv;
    cv.u = (uint32_t)bits | ((uint32_t)neg << 31);
    *out = cv.f;
    return true;
}
