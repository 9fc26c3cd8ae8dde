// unit-sources: src/datapath/dp_hist.c
/* test_dp_hist.c - the log-scale histogram of the per-VIF percentiles:
 * bucket bounds, the relative error bound, quantiles with implicit zeros,
 * weights and the maximum. */
#include <stdint.h>
#include <stdlib.h>

#include "unit_test.h"
#include "datapath/dp_hist.h"

static void test_buckets(void) {
    for (uint64_t v = 0; v < 16; v++) UT_CHECK_EQ_INT(dp_hist_index(v), v);
    UT_CHECK_EQ_INT(dp_hist_index(16), 16);
    UT_CHECK_EQ_INT(dp_hist_index(31), 31);
    UT_CHECK_EQ_INT(dp_hist_index(32), 32);
    UT_CHECK_EQ_INT(dp_hist_index(UINT64_MAX), DP_HIST_BUCKETS - 1);
    /* monotonic, and every value within 1/32 of its bucket's value */
    uint32_t last = 0;
    for (uint64_t v = 1; v < (1ull << 40); v = v * 17 / 16 + 1) {
        uint32_t i = dp_hist_index(v);
        UT_CHECK(i >= last && i < DP_HIST_BUCKETS);
        last = i;
        double b = (double)dp_hist_bucket_value(i);
        UT_CHECK(b >= (double)v * (1 - 1.0 / 32) && b <= (double)v * (1 + 1.0 / 32));
    }
}

static void test_quantiles(void) {
    dp_hist *h = calloc(1, sizeof *h);
    UT_CHECK(h != NULL);
    if (!h) return;
    UT_CHECK_EQ_INT(dp_hist_quantile(h, 0, 0.5), 0);
    for (uint64_t k = 0; k < 100; k++) dp_hist_add(h, k, 1);
    UT_CHECK_EQ_INT(h->n, 100);
    UT_CHECK_EQ_INT(h->max, 99);
    UT_CHECK_EQ_INT(dp_hist_quantile(h, 0, 0.5), dp_hist_bucket_value(dp_hist_index(49)));
    UT_CHECK_EQ_INT(dp_hist_quantile(h, 0, 0.99), dp_hist_bucket_value(dp_hist_index(98)));
    UT_CHECK(dp_hist_quantile(h, 0, 1.0) <= 99);
    /* 300 implicit zeros: the median is 0, p99 moves down */
    UT_CHECK_EQ_INT(dp_hist_quantile(h, 300, 0.5), 0);
    UT_CHECK_EQ_INT(dp_hist_quantile(h, 300, 0.99), dp_hist_bucket_value(dp_hist_index(95)));
    /* a weighted sample counts w times */
    dp_hist_add(h, 1000000, 900);
    UT_CHECK_EQ_INT(h->n, 1000);
    UT_CHECK_EQ_INT(h->max, 1000000);
    uint64_t b = dp_hist_bucket_value(dp_hist_index(1000000));
    UT_CHECK_EQ_INT(dp_hist_quantile(h, 0, 0.5), b < h->max ? b : h->max);
    /* never above the maximum */
    dp_hist_add(h, 1000001, 1);
    UT_CHECK(dp_hist_quantile(h, 0, 1.0) <= 1000001);
    free(h);
}

int main(void) {
    UT_RUN(test_buckets);
    UT_RUN(test_quantiles);
    return ut_finish();
}
