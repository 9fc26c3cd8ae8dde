/* dp_hist.h - a fixed-size log-scale histogram of non-negative 64-bit
 * values (nanoseconds, ticks), for the per-VIF percentiles: queueing delay
 * and handler time.  Values below 16 have a bucket each; above, every
 * power of two is split into 16 buckets, so a bucket spans at most 1/16
 * of its lower bound (a reported percentile is within 3.2% of a value in
 * its bucket).  992 buckets cover the whole 64-bit range; adding a value
 * is a count-leading-zeros and two increments, no allocation.  Host code. */
#ifndef VIFVM_DP_HIST_H
#define VIFVM_DP_HIST_H

#include <stdint.h>

#define DP_HIST_SUB_BITS 4u
#define DP_HIST_SUB      (1u << DP_HIST_SUB_BITS)
#define DP_HIST_BUCKETS  (DP_HIST_SUB + (64u - DP_HIST_SUB_BITS) * DP_HIST_SUB)

typedef struct dp_hist {
    uint64_t n;      /* values counted (with their weights) */
    uint64_t max;    /* largest value added */
    uint64_t b[DP_HIST_BUCKETS];
} dp_hist;

static inline uint32_t dp_hist_index(uint64_t v) {
    if (v < DP_HIST_SUB) return (uint32_t)v;
    uint32_t e = 63u - (uint32_t)__builtin_clzll(v);   /* >= DP_HIST_SUB_BITS */
    uint32_t sub = (uint32_t)(v >> (e - DP_HIST_SUB_BITS)) & (DP_HIST_SUB - 1u);
    return DP_HIST_SUB + (e - DP_HIST_SUB_BITS) * DP_HIST_SUB + sub;
}

/* Count value v, w times (w > 1: a sampled value standing for w). */
static inline void dp_hist_add(dp_hist *h, uint64_t v, uint64_t w) {
    h->b[dp_hist_index(v)] += w;
    h->n += w;
    if (v > h->max) h->max = v;
}

/* The value reported for bucket i: the middle of its range. */
uint64_t dp_hist_bucket_value(uint32_t i);
/* The q-quantile (0 < q <= 1) of the values counted plus `zeros` more
 * values 0 (counted elsewhere, to keep them off the per-packet path): the
 * value of the bucket holding the ceil(q*N)-th smallest value, never above
 * the maximum; 0 when empty. */
uint64_t dp_hist_quantile(const dp_hist *h, uint64_t zeros, double q);

#endif
