/* dp_counters.c - the per-VIF counters beyond the packet counts, as the
 * operators read them: the `stats` file lines, the JSON members and the
 * second statistics table.  See dp_counters.h. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"
#include "dp_clock.h"

int dp_vif_counters_alloc(dp_vif *v) {
    dp_hist *h = calloc(2, sizeof *h);   /* (one block: freed through delay) */
    if (!h) return -1;
    v->cnt.delay = &h[0];
    v->cnt.handler = &h[1];
    return 0;
}

void dp_vif_counters_free(dp_vif *v) {
    free(v->cnt.delay);
    v->cnt.delay = v->cnt.handler = NULL;
}

void dp_vif_copy(dp_vif *to, dp_hist hists[2], const dp_vif *from) {
    *to = *from;
    hists[0] = *from->cnt.delay;
    hists[1] = *from->cnt.handler;
    to->cnt.delay = &hists[0];
    to->cnt.handler = &hists[1];
}

void dp_pass_fold(datapath *dp) {
    dp_fuse_fold(dp);   /* (the fused runs' counts: dp_fuse.c) */
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        dp_vif *v = dp->vifs[i];
        uint64_t n = v->pass_pkts, b = v->pass_bytes;
        if (!n) continue;
        dp_vif *u = v;
        for (uint32_t k = 0; k < v->pass_n && u; k++, u = u->parent) {
            u->st.in += n;
            u->st.out += n;
            u->cnt.bytes_in += b;
            u->cnt.bytes_out += b;
        }
        v->pass_pkts = v->pass_bytes = 0;
    }
}

void dp_vif_summary(const dp_vif *v, dp_vsummary *s) {
    memset(s, 0, sizeof *s);
    s->bytes_in = v->cnt.bytes_in;
    s->bytes_out = v->cnt.bytes_out;
    s->backlog_packets = v->held;
    s->backlog_bytes = v->cnt.held_bytes;
    const dp_hist *d = v->cnt.delay, *h = v->cnt.handler;
    /* packets handed on without a sample passed straight through: delay 0 */
    uint64_t zeros = v->st.out > d->n ? v->st.out - d->n : 0;
    s->delay_n = d->n + zeros;
    s->delay_p50 = dp_hist_quantile(d, zeros, 0.5);
    s->delay_p99 = dp_hist_quantile(d, zeros, 0.99);
    s->delay_max = d->max;
    s->handler_n = h->n;
    s->handler_p50 = dp_ticks_to_ns(dp_hist_quantile(h, 0, 0.5));
    s->handler_p99 = dp_ticks_to_ns(dp_hist_quantile(h, 0, 0.99));
    s->handler_max = dp_ticks_to_ns(h->max);
}

static size_t add(char *buf, size_t len, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static size_t add(char *buf, size_t len, size_t cap, const char *fmt, ...) {
    if (len + 1 >= cap) return len;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
    if (n < 0) return len;
    return (size_t)n >= cap - len ? cap - 1 : len + (size_t)n;
}

size_t dp_vif_stats_lines(const dp_vif *v, char *buf, size_t len, size_t cap) {
    dp_vsummary s;
    dp_vif_summary(v, &s);
    return add(buf, len, cap,
               "bytes_in %" PRIu64 "\nbytes_out %" PRIu64 "\nbacklog_packets %" PRIu64
               "\nbacklog_bytes %" PRIu64 "\ndelay_samples %" PRIu64 "\ndelay_p50_ns %" PRIu64
               "\ndelay_p99_ns %" PRIu64 "\ndelay_max_ns %" PRIu64 "\nhandler_timed_calls %" PRIu64
               "\nhandler_p50_ns %" PRIu64 "\nhandler_p99_ns %" PRIu64 "\nhandler_max_ns %" PRIu64
               "\n",
               s.bytes_in, s.bytes_out, s.backlog_packets, s.backlog_bytes, s.delay_n,
               s.delay_p50, s.delay_p99, s.delay_max, s.handler_n, s.handler_p50, s.handler_p99,
               s.handler_max);
}

void dp_vif_json(FILE *f, const dp_vif *v) {
    dp_vsummary s;
    dp_vif_summary(v, &s);
    fprintf(f, ",\n     \"bytes_in\": %" PRIu64 ", \"bytes_out\": %" PRIu64
               ", \"backlog_packets\": %" PRIu64 ", \"backlog_bytes\": %" PRIu64
               ",\n     \"delay_ns\": {\"samples\": %" PRIu64 ", \"p50\": %" PRIu64
               ", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "}"
               ",\n     \"handler_call_ns\": {\"timed_calls\": %" PRIu64 ", \"p50\": %" PRIu64
               ", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "}",
            s.bytes_in, s.bytes_out, s.backlog_packets, s.backlog_bytes, s.delay_n, s.delay_p50,
            s.delay_p99, s.delay_max, s.handler_n, s.handler_p50, s.handler_p99, s.handler_max);
}

/* Packets that left on the link without waiting in its FIFO (delay 0). */
static uint64_t link_zeros(const datapath *dp) {
    return dp->link_out > dp->lcnt.delay.n ? dp->link_out - dp->lcnt.delay.n : 0;
}

void dp_link_json(FILE *f, const datapath *dp) {
    const dp_hist *d = &dp->lcnt.delay;
    uint64_t z = link_zeros(dp);
    fprintf(f, ", \"queued_bytes\": %" PRIu64 ", \"delay_ns\": {\"samples\": %" PRIu64
               ", \"p50\": %" PRIu64 ", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "}",
            dp->lcnt.queued_bytes, d->n + z, dp_hist_quantile(d, z, 0.5),
            dp_hist_quantile(d, z, 0.99), d->max);
}

/* ns in a short human form: 850ns, 12.3us, 4.56ms, 1.20s */
static const char *dur(char *b, size_t cap, uint64_t ns, bool any) {
    if (!any) snprintf(b, cap, "-");
    else if (ns < 1000) snprintf(b, cap, "%" PRIu64 "ns", ns);
    else if (ns < 1000000) snprintf(b, cap, "%.1fus", (double)ns / 1e3);
    else if (ns < 1000000000) snprintf(b, cap, "%.2fms", (double)ns / 1e6);
    else snprintf(b, cap, "%.2fs", (double)ns / 1e9);
    return b;
}

void dp_print_counters(const datapath *dp, FILE *f) {
    if (dp->cfg.mode == DP_MODE_BYPASS) return;
    fprintf(f, "%-24s %12s %12s %8s %10s %9s %9s %9s %9s %9s\n", "VIF", "bytes-in", "bytes-out",
            "backlog", "backlog-B", "delay-p50", "delay-p99", "hdl-p50", "hdl-p99", "hdl-max");
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        const dp_vif *v = dp->vifs[i];
        dp_vsummary s;
        dp_vif_summary(v, &s);
        char a[16], b[16], c[16], d[16], e[16];
        fprintf(f, "%-24s %12" PRIu64 " %12" PRIu64 " %8" PRIu64 " %10" PRIu64
                   " %9s %9s %9s %9s %9s\n",
                v->path, s.bytes_in, s.bytes_out, s.backlog_packets, s.backlog_bytes,
                dur(a, sizeof a, s.delay_p50, s.delay_n), dur(b, sizeof b, s.delay_p99, s.delay_n),
                dur(c, sizeof c, s.handler_p50, s.handler_n),
                dur(d, sizeof d, s.handler_p99, s.handler_n),
                dur(e, sizeof e, s.handler_max, s.handler_n));
    }
    const dp_hist *h = &dp->lcnt.delay;
    uint64_t z = link_zeros(dp);
    char a[16], b[16], c[16];
    fprintf(f, "link queue: delay p50 %s, p99 %s, max %s; backlog %u packets, %" PRIu64
               " bytes\n",
            dur(a, sizeof a, dp_hist_quantile(h, z, 0.5), h->n + z),
            dur(b, sizeof b, dp_hist_quantile(h, z, 0.99), h->n + z),
            dur(c, sizeof c, h->max, h->n + z),
            dp->lq_count, dp->lcnt.queued_bytes);
}
