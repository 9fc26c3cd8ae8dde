/* fpconv_internal.h - private helpers shared by the float printer
 * (fpconv.c), the float parser (fpconv_parse.c) and their table
 * (fpconv_table.c).  Not part of the core's public interface.
 *
 * All arithmetic is integer only (no FPU use apart from moving bits in and
 * out of double/float through unions), so the code is usable where the FPU
 * state must not be touched. */
#ifndef VIFVM_CORE_FPCONV_INTERNAL_H
#define VIFVM_CORE_FPCONV_INTERNAL_H

#include <stdint.h>

/* Rows of fpconv_g: 10^-k = beta 2^r, g = floor(beta) + 1 in 126 bits,
 * g = g1 2^63 + g0; row index k - FPCONV_G_KMIN; see fpconv_table.c. */
#define FPCONV_G_KMIN (-324)
#define FPCONV_G_KMAX 343
extern const uint64_t fpconv_g[FPCONV_G_KMAX - FPCONV_G_KMIN + 1][2];

__extension__ typedef unsigned __int128 fpconv_u128;

/* floor(x / 2^n) for signed x (an explicit floor, not relying on the
 * implementation-defined >> of negative values). */
static inline int64_t fpconv_floor_shr(int64_t x, int n) {
    return x >= 0 ? x >> n : -((-x + ((INT64_C(1) << n) - 1)) >> n);
}

/* floor(log10(2^e)), valid for |e| <= 6432162 (as MathUtils.flog10pow2). */
static inline int fpconv_flog10pow2(int e) {
    return (int)fpconv_floor_shr((int64_t)e * INT64_C(661971961083), 41);
}

/* floor(log10(3/4 2^e)) (as MathUtils.flog10threeQuartersPow2). */
static inline int fpconv_flog10_3q_pow2(int e) {
    return (int)fpconv_floor_shr((int64_t)e * INT64_C(661971961083)
                                 - INT64_C(274743187321), 41);
}

/* floor(log2(10^e)), valid for |e| <= 1838394 (as MathUtils.flog2pow10). */
static inline int fpconv_flog2pow10(int e) {
    return (int)fpconv_floor_shr((int64_t)e * INT64_C(913124641741), 38);
}

static inline uint64_t fpconv_mulhi(uint64_t a, uint64_t b) {
    return (uint64_t)(((fpconv_u128)a * b) >> 64);
}

#endif
