/* dp_hist.c - percentiles of a dp_hist.  See dp_hist.h. */
#include <math.h>

#include "dp_hist.h"

uint64_t dp_hist_bucket_value(uint32_t i) {
    if (i < DP_HIST_SUB) return i;
    uint32_t e = (i - DP_HIST_SUB) / DP_HIST_SUB + DP_HIST_SUB_BITS;
    uint64_t sub = (i - DP_HIST_SUB) % DP_HIST_SUB;
    uint32_t shift = e - DP_HIST_SUB_BITS;
    uint64_t lo = (DP_HIST_SUB + sub) << shift;
    return lo + ((1ull << shift) >> 1);
}

uint64_t dp_hist_quantile(const dp_hist *h, uint64_t zeros, double q) {
    uint64_t n = h->n + zeros;
    if (!n) return 0;
    double r = ceil(q * (double)n);
    uint64_t rank = r < 1 ? 1 : r >= (double)n ? n : (uint64_t)r;
    uint64_t cum = zeros;
    if (cum >= rank) return 0;
    for (uint32_t i = 0; i < DP_HIST_BUCKETS; i++) {
        cum += h->b[i];
        if (cum >= rank) {
            uint64_t v = dp_hist_bucket_value(i);
            return v > h->max ? h->max : v;
        }
    }
    return h->max;
}
