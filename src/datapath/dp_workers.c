/* dp_workers.c - vifd --workers: folding one worker's datapath counters
 * into another's (the totals), and one worker's figures as JSON.  See
 * datapath.h. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "dp_internal.h"

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, DP_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

static void hist_add(dp_hist *into, const dp_hist *from) {
    for (uint32_t i = 0; i < DP_HIST_BUCKETS; i++) into->b[i] += from->b[i];
    into->n += from->n;
    if (from->max > into->max) into->max = from->max;
}

void dp_vif_absorb(dp_vif *v, const dp_vif *w) {
    v->st.in += w->st.in;
    v->st.out += w->st.out;
    v->st.drop_handler += w->st.drop_handler;
    v->st.drop_quota += w->st.drop_quota;
    v->st.drop_policy += w->st.drop_policy;
    v->st.aborts += w->st.aborts;
    v->st.enq_calls += w->st.enq_calls;
    v->st.deq_calls += w->st.deq_calls;
    v->st.handler_ticks += w->st.handler_ticks;
    v->held += w->held;
    v->quota += w->quota;     /* each worker's share of it */
    v->aborted = v->aborted || w->aborted;
    v->cnt.bytes_in += w->cnt.bytes_in;
    v->cnt.bytes_out += w->cnt.bytes_out;
    v->cnt.held_bytes += w->cnt.held_bytes;
    hist_add(v->cnt.delay, w->cnt.delay);
    hist_add(v->cnt.handler, w->cnt.handler);
    uint64_t c, l;  /* compiled and loaded on the packet path: w's VM's */
    dp_vif_path_counts(w, &c, &l);
    v->path_more[0] += c;
    v->path_more[1] += l;
}

int dp_absorb(datapath *into, datapath *from, char *err) {
    /* (both: their per-path counts added where they belong first) */
    dp_pass_fold(into);
    dp_pass_fold(from);
    if (into->n_vifs != from->n_vifs)
        return fail(err, "workers' VIF trees differ (%u and %u VIFs)", into->n_vifs,
                    from->n_vifs);
    for (uint32_t i = 0; i < from->n_vifs; i++) {
        const dp_vif *w = from->vifs[i];
        dp_vif *v = into->vifs[i];
        if (strcmp(v->path, w->path) != 0)
            return fail(err, "workers' VIF trees differ (%s and %s)", v->path, w->path);
        dp_vif_absorb(v, w);
    }
    /* the link's shares (a shared link: each has the whole rate) */
    if (!from->cfg.shared_link) into->cfg.rate_bps += from->cfg.rate_bps;
    into->input += from->input;
    into->link_out += from->link_out;
    into->link_bytes += from->link_bytes;
    into->link_drops += from->link_drops;
    into->lq_count += from->lq_count;
    into->lq_absorbed += from->lq_count;
    into->lcnt.queued_bytes += from->lcnt.queued_bytes;
    /* packets placed on fused paths are counted per worker; the plans,
     * their sizes and re-fusions are each worker's own copy of the same */
    into->fuse.fused_packets += from->fuse.fused_packets;
    into->fuse.code_left_slow += from->fuse.code_left_slow;
    into->fuse.code_left_general += from->fuse.code_left_general;
    hist_add(&into->lcnt.delay, &from->lcnt.delay);
    if (from->now > into->now) into->now = from->now;
    return 0;
}

static void json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

void dp_worker_json(datapath *dp, uint32_t k, FILE *f) {
    dp_pass_fold(dp);
    /* the violations go to stderr, as for the totals */
    bool ok = dp_check_invariants(dp, stderr);
    fprintf(f, "{\"worker\": %u, \"clock_ns\": %" PRId64 ", \"rate_bps\": %" PRIu64
               ", \"link_shared\": %s, \"link_in_step\": %s, \"link_claims\": %" PRIu64
               ", \"link_lost\": %" PRIu64
               ", \"input\": %" PRIu64 ", \"link\": {\"out\": %" PRIu64 ", \"bytes\": %" PRIu64
               ", \"drops\": %" PRIu64 ", \"queued\": %u}, \"accounting_ok\": %s, \"vifs\": [",
            k, dp->now, dp->cfg.rate_bps, dp->cfg.shared_link ? "true" : "false",
            dp->cfg.lockstep ? "true" : "false", dp->link_claims, dp->link_lost, dp->input, dp->link_out, dp->link_bytes,
            dp->link_drops, dp->lq_count, ok ? "true" : "false");
    uint32_t n = dp->cfg.mode == DP_MODE_BYPASS ? 0 : dp->n_vifs;
    for (uint32_t i = 0; i < n; i++) {
        const dp_vif *v = dp->vifs[i];
        fprintf(f, "%s\n      {\"path\": ", i ? "," : "");
        json_str(f, v->path);
        fputs(", \"viflet\": ", f);
        if (v->class_name) json_str(f, v->class_name);
        else fputs("null", f);
        uint64_t pc, pl;    /* this worker's VM's (before the totals are summed) */
        dp_vif_path_counts(v, &pc, &pl);
        fprintf(f, ", \"in\": %" PRIu64 ", \"out\": %" PRIu64
                   ", \"dropped_handler\": %" PRIu64 ", \"dropped_quota\": %" PRIu64
                   ", \"dropped_policy\": %" PRIu64 ", \"held\": %u, \"quota\": %u"
                   ", \"aborts\": %" PRIu64 ", \"path_compiled\": %" PRIu64
                   ", \"path_loaded\": %" PRIu64 "}",
                v->st.in, v->st.out, v->st.drop_handler,
                v->st.drop_quota, v->st.drop_policy, v->held, v->quota, v->st.aborts, pc, pl);
    }
    fputs(n ? "\n    ]}" : "]}", f);
}
