/* dp_timeline_workers.c - `vifd --timeline` with workers: per-worker
 * interval records, summed into the lines of dp_timeline.c at the end.
 * See dp_timeline_workers.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"
#include "dp_timeline.h"
#include "dp_timeline_workers.h"

/* One VIF over one interval: what happened, and the backlog at its end. */
typedef struct tlw_vif {
    uint64_t in, out, bytes_out, drops, held_bytes;
    uint64_t dn;                 /* delay samples */
    uint32_t held, nb;           /* nb: nonzero delay buckets, in bi/bc */
    uint32_t *bi;
    uint64_t *bc;
} tlw_vif;

typedef struct tlw_iv {
    int64_t now;                 /* the worker's clock when recorded */
    uint64_t link_out, link_bytes;
    uint32_t lq, n;
    tlw_vif *v;
} tlw_iv;

/* A VIF's cumulative counters at the last record. */
typedef struct tlw_prev {
    uint64_t in, out, bytes_out, drops;
    dp_hist delay;
} tlw_prev;

/* One worker's records; written by its thread only (own cache lines). */
typedef struct tlw_w {
    _Alignas(64) datapath *dp;
    int64_t t0;
    tlw_prev *prev;
    uint32_t n_prev;
    bool oom;
    uint64_t link_out, link_bytes;
    tlw_iv *iv;                  /* iv[i]: interval i (the last may be partial) */
    size_t n_iv, cap;
} tlw_w;

struct dp_tlw {
    FILE *f;
    uint32_t n;
    tlw_w *w;
    dp_hist tmp;
};

int dp_tlw_open(dp_tlw **out, const char *file, uint32_t n, char *err) {
    *out = NULL;
    dp_tlw *t = calloc(1, sizeof *t);
    tlw_w *w = aligned_alloc(_Alignof(tlw_w), n * sizeof *w);
    if (!t || !w) {
        free(t);
        free(w);
        snprintf(err, DP_ERR_MAX, "out of memory");
        return -1;
    }
    memset(w, 0, n * sizeof *w);
    t->f = fopen(file, "w");
    if (!t->f) {
        snprintf(err, DP_ERR_MAX, "cannot write timeline %s: %s", file, strerror(errno));
        free(w);
        free(t);
        return -1;
    }
    t->n = n;
    t->w = w;
    *out = t;
    return 0;
}

void dp_tlw_set(dp_tlw *t, uint32_t k, datapath *dp, int64_t t0) {
    if (!t || k >= t->n) return;
    t->w[k].dp = dp;
    t->w[k].t0 = t0;
}

static uint64_t vif_drops(const dp_vif *v) {
    return v->st.drop_handler + v->st.drop_quota + v->st.drop_policy;
}

/* The interval since the last record, appended.  -1: out of memory. */
static int record(tlw_w *w) {
    datapath *dp = w->dp;
    uint32_t n = dp->cfg.mode == DP_MODE_BYPASS ? 0 : dp->n_vifs;
    if (n > w->n_prev) {
        tlw_prev *np = realloc(w->prev, n * sizeof *np);
        if (!np) return -1;
        memset(np + w->n_prev, 0, (n - w->n_prev) * sizeof *np);
        w->prev = np;
        w->n_prev = n;
    }
    if (w->n_iv == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 64;
        tlw_iv *ni = realloc(w->iv, cap * sizeof *ni);
        if (!ni) return -1;
        w->iv = ni;
        w->cap = cap;
    }
    tlw_iv *iv = &w->iv[w->n_iv];
    memset(iv, 0, sizeof *iv);
    iv->v = n ? calloc(n, sizeof *iv->v) : NULL;
    if (n && !iv->v) return -1;
    iv->now = dp->now;
    iv->link_out = dp->link_out - w->link_out;
    iv->link_bytes = dp->link_bytes - w->link_bytes;
    iv->lq = dp->lq_count;
    iv->n = n;
    w->link_out = dp->link_out;
    w->link_bytes = dp->link_bytes;
    w->n_iv++;   /* counted now: dp_tlw_close frees what it holds */
    for (uint32_t i = 0; i < n; i++) {
        const dp_vif *v = dp->vifs[i];
        tlw_prev *p = &w->prev[i];
        tlw_vif *r = &iv->v[i];
        r->in = v->st.in - p->in;
        r->out = v->st.out - p->out;
        r->bytes_out = v->cnt.bytes_out - p->bytes_out;
        r->drops = vif_drops(v) - p->drops;
        r->held = v->held;
        r->held_bytes = v->cnt.held_bytes;
        r->dn = v->cnt.delay.n - p->delay.n;
        uint32_t nb = 0;
        for (uint32_t b = 0; b < DP_HIST_BUCKETS; b++) nb += v->cnt.delay.b[b] != p->delay.b[b];
        if (nb) {
            r->bi = malloc(nb * sizeof *r->bi);
            r->bc = malloc(nb * sizeof *r->bc);
            if (!r->bi || !r->bc) return -1;
            for (uint32_t b = 0; b < DP_HIST_BUCKETS; b++) {
                if (v->cnt.delay.b[b] == p->delay.b[b]) continue;
                r->bi[r->nb] = b;
                r->bc[r->nb++] = v->cnt.delay.b[b] - p->delay.b[b];
            }
        }
        p->in = v->st.in;
        p->out = v->st.out;
        p->bytes_out = v->cnt.bytes_out;
        p->drops = vif_drops(v);
        p->delay = v->cnt.delay;
    }
    return 0;
}

void dp_tlw_tick(dp_tlw *t, uint32_t k) {
    if (!t) return;
    tlw_w *w = &t->w[k];
    if (!w->dp || w->oom) return;
    while (w->dp->now >= w->t0 + (int64_t)(w->n_iv + 1) * DP_TIMELINE_NS)
        if (record(w) != 0) {
            w->oom = true;
            return;
        }
}

void dp_tlw_last(dp_tlw *t, uint32_t k) {
    if (!t) return;
    dp_tlw_tick(t, k);
    tlw_w *w = &t->w[k];
    if (w->dp && !w->oom && w->dp->now > w->t0 + (int64_t)w->n_iv * DP_TIMELINE_NS &&
        record(w) != 0)
        w->oom = true;
}

/* Interval i summed over the workers, as one line. */
static void write_sum(dp_tlw *t, size_t i, int64_t *last_t) {
    FILE *f = t->f;
    const tlw_w *w0 = &t->w[0];
    int64_t end = w0->t0 + (int64_t)(i + 1) * DP_TIMELINE_NS, now = INT64_MIN;
    uint64_t lo = 0, lb = 0;
    uint32_t lq = 0;
    for (uint32_t k = 0; k < t->n; k++) {
        const tlw_w *w = &t->w[k];
        if (i < w->n_iv) {
            if (w->iv[i].now > now) now = w->iv[i].now;
            lo += w->iv[i].link_out;
            lb += w->iv[i].link_bytes;
        }
        if (w->n_iv) lq += w->iv[i < w->n_iv ? i : w->n_iv - 1].lq;
    }
    int64_t tn = now < end ? now : end;   /* a partial last interval ends at its clock */
    fprintf(f, "{\"t_ns\": %" PRId64 ", \"interval_ns\": %" PRId64 ", \"workers\": %u", tn,
            tn - *last_t, t->n);
    *last_t = tn;
    fprintf(f, ", \"link\": {\"out\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"queued\": %u}", lo,
            lb, lq);
    fputs(", \"vifs\": [", f);
    uint32_t nv = w0->dp->cfg.mode == DP_MODE_BYPASS ? 0 : w0->dp->n_vifs;
    for (uint32_t j = 0; j < nv; j++) {
        uint64_t in = 0, out = 0, bytes = 0, drops = 0, hb = 0;
        uint32_t held = 0;
        dp_hist *h = &t->tmp;
        memset(h, 0, sizeof *h);
        for (uint32_t k = 0; k < t->n; k++) {
            const tlw_w *w = &t->w[k];
            if (!w->n_iv) continue;
            const tlw_iv *iv = &w->iv[i < w->n_iv ? i : w->n_iv - 1];
            if (j >= iv->n) continue;
            const tlw_vif *r = &iv->v[j];
            held += r->held;        /* the backlog: carried over a slept interval */
            hb += r->held_bytes;
            if (i >= w->n_iv) continue;
            in += r->in;
            out += r->out;
            bytes += r->bytes_out;
            drops += r->drops;
            h->n += r->dn;
            for (uint32_t b = 0; b < r->nb; b++) h->b[r->bi[b]] += r->bc[b];
        }
        for (uint32_t b = 0; b < DP_HIST_BUCKETS; b++)
            if (h->b[b]) h->max = dp_hist_bucket_value(b);
        uint64_t zeros = out > h->n ? out - h->n : 0;
        fprintf(f, "%s{\"path\": ", j ? ", " : "");
        dp_timeline_json_str(f, w0->dp->vifs[j]->path);
        fprintf(f, ", \"in\": %" PRIu64 ", \"out\": %" PRIu64 ", \"bytes_out\": %" PRIu64
                   ", \"drops\": %" PRIu64 ", \"backlog\": %u, \"backlog_bytes\": %" PRIu64
                   ", \"delay_p50_ns\": %" PRIu64 ", \"delay_p99_ns\": %" PRIu64 "}",
                in, out, bytes, drops, held, hb, dp_hist_quantile(h, zeros, 0.5),
                dp_hist_quantile(h, zeros, 0.99));
    }
    fputs("]}\n", f);
}

int dp_tlw_close(dp_tlw *t, char *err) {
    if (!t) return 0;
    int rc = 0;
    bool oom = false;
    size_t n_iv = 0;
    for (uint32_t k = 0; k < t->n; k++) {
        tlw_w *w = &t->w[k];
        oom = oom || w->oom;
        if (w->n_iv > n_iv) n_iv = w->n_iv;
    }
    if (oom) {
        snprintf(err, DP_ERR_MAX, "--timeline: out of memory recording the intervals");
        rc = -1;
    } else if (t->w[0].dp) {
        int64_t last = t->w[0].t0;
        for (size_t i = 0; i < n_iv; i++) write_sum(t, i, &last);
    }
    if (ferror(t->f) && rc == 0) {
        snprintf(err, DP_ERR_MAX, "--timeline: write error");
        rc = -1;
    }
    if (fclose(t->f) != 0 && rc == 0) {
        snprintf(err, DP_ERR_MAX, "--timeline: write error: %s", strerror(errno));
        rc = -1;
    }
    for (uint32_t k = 0; k < t->n; k++) {
        tlw_w *w = &t->w[k];
        for (size_t i = 0; i < w->n_iv; i++) {
            for (uint32_t j = 0; j < w->iv[i].n; j++) {
                free(w->iv[i].v[j].bi);
                free(w->iv[i].v[j].bc);
            }
            free(w->iv[i].v);
        }
        free(w->iv);
        free(w->prev);
    }
    free(t->w);
    free(t);
    return rc;
}
