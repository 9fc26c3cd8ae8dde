/* dp_timeline.c - the per-interval JSON lines of `vifd --timeline`.  See
 * dp_timeline.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"
#include "dp_timeline.h"

/* What a VIF had at the last line. */
typedef struct tl_vif {
    uint64_t in, out, bytes_out, drops;
    dp_hist delay;
} tl_vif;

typedef struct tl_dp {
    datapath *dp;
    char *label;
    int64_t next;                /* datapath time of the next line */
    int64_t last;                /* ... of the last one */
    bool started;
    tl_vif *v;
    uint32_t n_v;
    uint64_t link_out, link_bytes;
} tl_dp;

struct dp_timeline {
    FILE *f;
    tl_dp *d;
    uint32_t n;
    dp_hist tmp;
};

int dp_timeline_open(dp_timeline **out, const char *file, char *err) {
    *out = NULL;
    dp_timeline *tl = calloc(1, sizeof *tl);
    if (!tl) {
        snprintf(err, DP_ERR_MAX, "out of memory");
        return -1;
    }
    tl->f = fopen(file, "w");
    if (!tl->f) {
        snprintf(err, DP_ERR_MAX, "cannot write timeline %s: %s", file, strerror(errno));
        free(tl);
        return -1;
    }
    *out = tl;
    return 0;
}

int dp_timeline_add(dp_timeline *tl, datapath *dp, const char *label, char *err) {
    tl_dp *d = realloc(tl->d, (tl->n + 1) * sizeof *d);
    if (!d) {
        snprintf(err, DP_ERR_MAX, "out of memory");
        return -1;
    }
    tl->d = d;
    memset(&d[tl->n], 0, sizeof d[tl->n]);
    d[tl->n].dp = dp;
    d[tl->n].label = label ? strdup(label) : NULL;
    tl->n++;
    return 0;
}

static uint64_t vif_drops(const dp_vif *v) {
    return v->st.drop_handler + v->st.drop_quota + v->st.drop_policy;
}

void dp_timeline_json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

/* One line: the interval since d->last, and the new snapshots. */
static void write_line(dp_timeline *tl, tl_dp *d) {
    datapath *dp = d->dp;
    dp_pass_fold(dp);   /* (the per-path counts, before reading in/out) */
    if (d->n_v < dp->n_vifs) {
        tl_vif *nv = realloc(d->v, dp->n_vifs * sizeof *nv);
        if (!nv) return;
        memset(nv + d->n_v, 0, (dp->n_vifs - d->n_v) * sizeof *nv);
        d->v = nv;
        d->n_v = dp->n_vifs;
    }
    FILE *f = tl->f;
    fprintf(f, "{\"t_ns\": %" PRId64 ", \"interval_ns\": %" PRId64, dp->now, dp->now - d->last);
    if (d->label) {
        fputs(", \"dir\": ", f);
        dp_timeline_json_str(f, d->label);
    }
    fprintf(f, ", \"link\": {\"out\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"queued\": %u}",
            dp->link_out - d->link_out, dp->link_bytes - d->link_bytes, dp->lq_count);
    d->link_out = dp->link_out;
    d->link_bytes = dp->link_bytes;
    fputs(", \"vifs\": [", f);
    uint32_t n = dp->cfg.mode == DP_MODE_BYPASS ? 0 : dp->n_vifs;
    for (uint32_t i = 0; i < n; i++) {
        const dp_vif *v = dp->vifs[i];
        tl_vif *s = &d->v[i];
        /* the interval's delays: this histogram minus the last one's */
        dp_hist *h = &tl->tmp;
        h->n = v->cnt.delay->n - s->delay.n;
        h->max = 0;
        for (uint32_t b = 0; b < DP_HIST_BUCKETS; b++) {
            h->b[b] = v->cnt.delay->b[b] - s->delay.b[b];
            if (h->b[b]) h->max = dp_hist_bucket_value(b);
        }
        uint64_t dout = v->st.out - s->out;
        uint64_t zeros = dout > h->n ? dout - h->n : 0;
        fprintf(f, "%s{\"path\": ", i ? ", " : "");
        dp_timeline_json_str(f, v->path);
        fprintf(f, ", \"in\": %" PRIu64 ", \"out\": %" PRIu64 ", \"bytes_out\": %" PRIu64
                   ", \"drops\": %" PRIu64 ", \"backlog\": %u, \"backlog_bytes\": %" PRIu64
                   ", \"delay_p50_ns\": %" PRIu64 ", \"delay_p99_ns\": %" PRIu64 "}",
                v->st.in - s->in, dout, v->cnt.bytes_out - s->bytes_out, vif_drops(v) - s->drops,
                v->held, v->cnt.held_bytes, dp_hist_quantile(h, zeros, 0.5),
                dp_hist_quantile(h, zeros, 0.99));
        s->in = v->st.in;
        s->out = v->st.out;
        s->bytes_out = v->cnt.bytes_out;
        s->drops = vif_drops(v);
        s->delay = *v->cnt.delay;
    }
    fputs("]}\n", f);
    d->last = dp->now;
}

void dp_timeline_tick(dp_timeline *tl) {
    if (!tl) return;
    for (uint32_t i = 0; i < tl->n; i++) {
        tl_dp *d = &tl->d[i];
        int64_t now = d->dp->now;
        if (!d->started) {
            if (!d->dp->input) continue; /* from the first packet on */
            d->started = true;
            d->last = now;
            d->next = now + DP_TIMELINE_NS;
            continue;
        }
        if (now < d->next) continue;
        write_line(tl, d);
        d->next += DP_TIMELINE_NS;
        if (d->next <= now) d->next = now + DP_TIMELINE_NS; /* an idle gap */
    }
}

void dp_timeline_close(dp_timeline *tl) {
    if (!tl) return;
    for (uint32_t i = 0; i < tl->n; i++) {
        tl_dp *d = &tl->d[i];
        if (d->started && d->dp->now > d->last) write_line(tl, d);
        free(d->v);
        free(d->label);
    }
    fclose(tl->f);
    free(tl->d);
    free(tl);
}
