/* t2_fold.c - tier-2 arithmetic helpers (issue 15, t5): the multiplier and
 * shift that turn a signed division by a constant into a multiply-high
 * (T2_O_DIVC, emitted by t2_codegen.c's gen_bin), and the classification
 * of a divisor (1, -1, a power of two, MIN_VALUE, other).
 *
 * The multiplier is Hacker's Delight's (2nd ed., figure 10-1, "magic"),
 * computed with W-bit unsigned arithmetic only (W = 32 or 64; no 128-bit
 * type: the kernel module builds this file too).  For a divisor d with
 * 2 <= |d| < 2^(W-1), not a power of two, n / d (truncating, as Java's) is
 *     q = mulhs(M, n); if (d > 0 && M < 0) q += n; if (d < 0 && M > 0) q -= n;
 *     q >>= s (arithmetic); q += q >>> (W - 1)
 * for every W-bit n, MIN_VALUE included.
 */
#include "t2_fold.h"
#include "../interp/opcodes.h"

t2_divkind t2_div_classify(int64_t d, bool w, int *k) {
    *k = 0;
    if (!w) d = (int32_t)d;
    int64_t minv = w ? INT64_MIN : INT32_MIN;
    if (d == 0) return T2_DIV_ZERO;
    if (d == 1) return T2_DIV_ONE;
    if (d == -1) return T2_DIV_MINUS_ONE;
    if (d == minv) return T2_DIV_OTHER;  /* (idiv without checks: rare) */
    uint64_t ad = d < 0 ? (uint64_t)0 - (uint64_t)d : (uint64_t)d;
    if ((ad & (ad - 1)) == 0) {
        int j = 0;
        while ((ad >> j) != 1) j++;
        *k = j;
        return T2_DIV_POW2;
    }
    return T2_DIV_MAGIC;
}

void t2_div_magic(int64_t d, bool w, int64_t *mul, int *shift) {
    unsigned W = w ? 64 : 32;
    uint64_t mask = w ? ~(uint64_t)0 : 0xffffffffu;
    if (!w) d = (int32_t)d;
    uint64_t ud = (uint64_t)d & mask;
    uint64_t two = (uint64_t)1 << (W - 1);               /* 2^(W-1) */
    uint64_t ad = d < 0 ? ((uint64_t)0 - (uint64_t)d) & mask : ud;
    uint64_t t = two + (ud >> (W - 1));
    uint64_t anc = t - 1 - t % ad;                       /* |nc| */
    unsigned p = W - 1;
    uint64_t q1 = two / anc, r1 = two - q1 * anc;
    uint64_t q2 = two / ad, r2 = two - q2 * ad;
    uint64_t delta;
    do {
        p++;
        q1 = (2 * q1) & mask; r1 = (2 * r1) & mask;
        if (r1 >= anc) { q1 = (q1 + 1) & mask; r1 = (r1 - anc) & mask; }
        q2 = (2 * q2) & mask; r2 = (2 * r2) & mask;
        if (r2 >= ad) { q2 = (q2 + 1) & mask; r2 = (r2 - ad) & mask; }
        delta = (ad - r2) & mask;
    } while (q1 < delta || (q1 == delta && r1 == 0));
    uint64_t m = (q2 + 1) & mask;
    if (d < 0) m = ((uint64_t)0 - m) & mask;
    *mul = w ? (int64_t)m : (int64_t)(int32_t)(uint32_t)m;
    *shift = (int)(p - W);
}

/* ---- constant folding (T2_O_FOLD, t8) ---------------------------------
 * Java's int and long arithmetic wraps: computed on unsigned 64-bit values
 * (no signed overflow in C), an int result truncated to 32 bits and
 * sign-extended; shift counts masked to 5 (int) or 6 (long) bits. */
static int64_t sx32(uint64_t v) { return (int64_t)(int32_t)(uint32_t)v; }

bool t2_fold_bin(uint16_t op, int64_t a, int64_t b, int64_t *out) {
    uint64_t x = (uint64_t)a, y = (uint64_t)b;
    switch (op) {
    case OP_iadd: *out = sx32(x + y); return true;
    case OP_isub: *out = sx32(x - y); return true;
    case OP_imul: *out = sx32((uint64_t)(uint32_t)x * (uint32_t)y); return true;
    case OP_iand: *out = sx32(x & y); return true;
    case OP_ior: *out = sx32(x | y); return true;
    case OP_ixor: *out = sx32(x ^ y); return true;
    case OP_ishl: *out = sx32((uint64_t)((uint32_t)x << (y & 31))); return true;
    case OP_ishr: *out = (int64_t)((int32_t)(uint32_t)x >> (y & 31)); return true;
    case OP_iushr: *out = sx32((uint64_t)((uint32_t)x >> (y & 31))); return true;
    case OP_ladd: *out = (int64_t)(x + y); return true;
    case OP_lsub: *out = (int64_t)(x - y); return true;
    case OP_lmul: *out = (int64_t)(x * y); return true;
    case OP_land: *out = (int64_t)(x & y); return true;
    case OP_lor: *out = (int64_t)(x | y); return true;
    case OP_lxor: *out = (int64_t)(x ^ y); return true;
    case OP_lshl: *out = (int64_t)(x << (y & 63)); return true;
    case OP_lshr: *out = a >> (y & 63); return true;
    case OP_lushr: *out = (int64_t)(x >> (y & 63)); return true;
    default: return false;
    }
}

bool t2_fold_un(uint16_t op, int64_t a, int64_t *out) {
    uint64_t x = (uint64_t)a;
    switch (op) {
    case OP_ineg: *out = sx32(0 - x); return true;
    case OP_lneg: *out = (int64_t)(0 - x); return true;
    case OP_i2l: *out = sx32(x); return true;
    case OP_l2i: *out = sx32(x); return true;
    case OP_i2b: *out = (int64_t)(int8_t)(uint8_t)x; return true;
    case OP_i2c: *out = (int64_t)(uint16_t)x; return true;
    case OP_i2s: *out = (int64_t)(int16_t)(uint16_t)x; return true;
    default: return false;
    }
}
