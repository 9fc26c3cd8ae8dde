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
