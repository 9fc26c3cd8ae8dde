/* dp_timeline_workers.c - `vifd --timeline` with workers: per-worker
 * interval records, summed into the lines of dp_timeline.c at the end.
 * See dp_timeline_workers.h. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
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

/* One worker's records of one datapath (a slot); written by its thread
 * (own cache lines).  iv[j] is interval base + j: dp_tlw_flush frees the
 * written ones but the last (its backlog is carried when the worker
 * sleeps through the next). */
typedef struct tlw_w {
    _Alignas(64) datapath *dp;
    int64_t t0;
    tlw_prev *prev;
    uint32_t n_prev;
    bool oom;
    uint64_t link_out, link_bytes;
    tlw_iv *iv;
    size_t base;                 /* interval number of iv[0] */
    size_t n_iv, cap;            /* n_iv: intervals recorded in all (iv holds n_iv - base) */
} tlw_w;

struct dp_tlw {
    FILE *f;
    uint32_t n;                  /* workers */
    uint32_t g;                  /* datapaths per worker (groups; slot k*g + d) */
    char **label;                /* per group ("dir"), or NULL */
    tlw_w *w;
    size_t written;              /* intervals written (dp_tlw_flush) */
    int64_t last_t;              /* t_ns of the last line written, per group */
    int64_t *glast;
    pthread_mutex_t mu;          /* records appended (every interval) against the flush */
    dp_hist tmp;
};

static void free_iv(tlw_iv *iv) {
    for (uint32_t j = 0; j < iv->n; j++) {
        free(iv->v[j].bi);
        free(iv->v[j].bc);
    }
    free(iv->v);
}

static void free_tlw(dp_tlw *t) {
    for (uint32_t k = 0; t->w && k < t->n * t->g; k++) {
        tlw_w *w = &t->w[k];
        for (size_t i = 0; i < w->n_iv - w->base; i++) free_iv(&w->iv[i]);
        free(w->iv);
        free(w->prev);
    }
    for (uint32_t d = 0; t->label && d < t->g; d++) free(t->label[d]);
    free(t->label);
    free(t->glast);
    free(t->w);
    pthread_mutex_destroy(&t->mu);
    free(t);
}

int dp_tlw_open_groups(dp_tlw **out, const char *file, uint32_t n, uint32_t groups,
                       const char *const *labels, char *err) {
    *out = NULL;
    dp_tlw *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, DP_ERR_MAX, "out of memory");
        return -1;
    }
    pthread_mutex_init(&t->mu, NULL);
    t->n = n;
    t->g = groups;
    t->w = aligned_alloc(_Alignof(tlw_w), (size_t)n * groups * sizeof *t->w);
    t->glast = calloc(groups, sizeof *t->glast);
    t->label = labels ? calloc(groups, sizeof *t->label) : NULL;
    bool ok = t->w && t->glast && (!labels || t->label);
    for (uint32_t d = 0; ok && labels && d < groups; d++) ok = (t->label[d] = strdup(labels[d]));
    if (t->w) memset(t->w, 0, (size_t)n * groups * sizeof *t->w);
    if (!ok) {
        free_tlw(t);
        snprintf(err, DP_ERR_MAX, "out of memory");
        return -1;
    }
    t->f = fopen(file, "w");
    if (!t->f) {
        snprintf(err, DP_ERR_MAX, "cannot write timeline %s: %s", file, strerror(errno));
        free_tlw(t);
        return -1;
    }
    *out = t;
    return 0;
}

int dp_tlw_open(dp_tlw **out, const char *file, uint32_t n, char *err) {
    return dp_tlw_open_groups(out, file, n, 1, NULL, err);
}

void dp_tlw_set(dp_tlw *t, uint32_t k, datapath *dp, int64_t t0) {
    if (!t || k >= t->n * t->g) return;
    t->w[k].dp = dp;
    t->w[k].t0 = t0;
    for (uint32_t d = 0; d < t->g; d++) t->glast[d] = t0;
}

static uint64_t vif_drops(const dp_vif *v) {
    return v->st.drop_handler + v->st.drop_quota + v->st.drop_policy;
}

/* The interval since the last record, appended.  -1: out of memory (the
 * record is not appended). */
static int record(tlw_w *w, pthread_mutex_t *mu) {
    datapath *dp = w->dp;
    dp_pass_fold(dp);   /* (the per-path counts, before reading in/out) */
    uint32_t n = dp->cfg.mode == DP_MODE_BYPASS ? 0 : dp->n_vifs;
    if (n > w->n_prev) {
        tlw_prev *np = realloc(w->prev, n * sizeof *np);
        if (!np) return -1;
        memset(np + w->n_prev, 0, (n - w->n_prev) * sizeof *np);
        w->prev = np;
        w->n_prev = n;
    }
    tlw_iv rec;
    tlw_iv *iv = &rec;
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
    int rc = 0;
    for (uint32_t i = 0; i < n && rc == 0; i++) {
        const dp_vif *v = dp->vifs[i];
        tlw_prev *p = &w->prev[i];
        tlw_vif *r = &iv->v[i];
        r->in = v->st.in - p->in;
        r->out = v->st.out - p->out;
        r->bytes_out = v->cnt.bytes_out - p->bytes_out;
        r->drops = vif_drops(v) - p->drops;
        r->held = v->held;
        r->held_bytes = v->cnt.held_bytes;
        r->dn = v->cnt.delay->n - p->delay.n;
        uint32_t nb = 0;
        for (uint32_t b = 0; b < DP_HIST_BUCKETS; b++) nb += v->cnt.delay->b[b] != p->delay.b[b];
        if (nb) {
            r->bi = malloc(nb * sizeof *r->bi);
            r->bc = malloc(nb * sizeof *r->bc);
            if (!r->bi || !r->bc) {
                rc = -1;
                break;
            }
            for (uint32_t b = 0; b < DP_HIST_BUCKETS; b++) {
                if (v->cnt.delay->b[b] == p->delay.b[b]) continue;
                r->bi[r->nb] = b;
                r->bc[r->nb++] = v->cnt.delay->b[b] - p->delay.b[b];
            }
        }
        p->in = v->st.in;
        p->out = v->st.out;
        p->bytes_out = v->cnt.bytes_out;
        p->drops = vif_drops(v);
        p->delay = *v->cnt.delay;
    }
    /* appended under the lock (dp_tlw_flush may be moving the array) */
    pthread_mutex_lock(mu);
    size_t held = w->n_iv - w->base;
    if (rc == 0 && held == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 64;
        tlw_iv *ni = realloc(w->iv, cap * sizeof *ni);
        if (ni) {
            w->iv = ni;
            w->cap = cap;
        } else {
            rc = -1;
        }
    }
    if (rc == 0) {
        w->iv[held] = rec;
        w->n_iv++;
    }
    pthread_mutex_unlock(mu);
    if (rc != 0) free_iv(&rec);
    return rc;
}

/* (under the lock: dp_tlw_flush reads it from another thread) */
static void set_oom(dp_tlw *t, tlw_w *w) {
    pthread_mutex_lock(&t->mu);
    w->oom = true;
    pthread_mutex_unlock(&t->mu);
}

void dp_tlw_tick(dp_tlw *t, uint32_t k) {
    if (!t) return;
    tlw_w *w = &t->w[k];
    if (!w->dp || w->oom) return;
    while (w->dp->now >= w->t0 + (int64_t)(w->n_iv + 1) * DP_TIMELINE_NS)
        if (record(w, &t->mu) != 0) {
            set_oom(t, w);
            return;
        }
}

void dp_tlw_last(dp_tlw *t, uint32_t k) {
    if (!t) return;
    dp_tlw_tick(t, k);
    tlw_w *w = &t->w[k];
    if (w->dp && !w->oom && w->dp->now > w->t0 + (int64_t)w->n_iv * DP_TIMELINE_NS &&
        record(w, &t->mu) != 0)
        set_oom(t, w);
}

/* Slot w's record of interval i, or its last one before i (NULL: none). */
static const tlw_iv *rec_at(const tlw_w *w, size_t i, bool *exact) {
    *exact = i < w->n_iv;
    if (!w->n_iv) return NULL;
    size_t j = *exact ? i : w->n_iv - 1;
    return j >= w->base ? &w->iv[j - w->base] : NULL;
}

/* Interval i of group d summed over the workers, as one line. */
static void write_sum(dp_tlw *t, size_t i, uint32_t d) {
    FILE *f = t->f;
    const tlw_w *w0 = &t->w[d];
    int64_t end = w0->t0 + (int64_t)(i + 1) * DP_TIMELINE_NS, now = INT64_MIN;
    uint64_t lo = 0, lb = 0;
    uint32_t lq = 0;
    for (uint32_t k = 0; k < t->n; k++) {
        bool exact;
        const tlw_iv *iv = rec_at(&t->w[k * t->g + d], i, &exact);
        if (!iv) continue;
        if (exact) {
            if (iv->now > now) now = iv->now;
            lo += iv->link_out;
            lb += iv->link_bytes;
        }
        lq += iv->lq;
    }
    int64_t tn = now < end ? now : end;   /* a partial last interval ends at its clock */
    fprintf(f, "{\"t_ns\": %" PRId64 ", \"interval_ns\": %" PRId64, tn, tn - t->glast[d]);
    if (t->label) {
        fputs(", \"dir\": ", f);
        dp_timeline_json_str(f, t->label[d]);
    }
    fprintf(f, ", \"workers\": %u", t->n);
    t->glast[d] = tn;
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
            bool exact;
            const tlw_iv *iv = rec_at(&t->w[k * t->g + d], i, &exact);
            if (!iv || j >= iv->n) continue;
            const tlw_vif *r = &iv->v[j];
            held += r->held;        /* the backlog: carried over a slept interval */
            hb += r->held_bytes;
            if (!exact) continue;
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

/* Intervals [t->written, upto) written, every group's in turn; then each
 * slot's records before upto - 1 freed.  Under t->mu. */
static void write_upto(dp_tlw *t, size_t upto) {
    if (!t->w[0].dp) return;
    for (; t->written < upto; t->written++)
        for (uint32_t d = 0; d < t->g; d++) write_sum(t, t->written, d);
    fflush(t->f);
    size_t keep = upto ? upto - 1 : 0;
    for (uint32_t k = 0; k < t->n * t->g; k++) {
        tlw_w *w = &t->w[k];
        size_t drop = keep > w->base ? (keep < w->n_iv ? keep : w->n_iv) - w->base : 0;
        if (!drop) continue;
        for (size_t j = 0; j < drop; j++) free_iv(&w->iv[j]);
        memmove(w->iv, w->iv + drop, (w->n_iv - w->base - drop) * sizeof *w->iv);
        w->base += drop;
    }
}

void dp_tlw_flush(dp_tlw *t) {
    if (!t) return;
    pthread_mutex_lock(&t->mu);
    size_t upto = SIZE_MAX;
    for (uint32_t k = 0; k < t->n * t->g; k++) {
        if (t->w[k].oom) upto = 0;
        if (t->w[k].n_iv < upto) upto = t->w[k].n_iv;
    }
    if (upto != SIZE_MAX && upto > t->written) write_upto(t, upto);
    pthread_mutex_unlock(&t->mu);
}

int dp_tlw_close(dp_tlw *t, char *err) {
    if (!t) return 0;
    int rc = 0;
    bool oom = false;
    size_t n_iv = 0;
    for (uint32_t k = 0; k < t->n * t->g; k++) {
        tlw_w *w = &t->w[k];
        oom = oom || w->oom;
        if (w->n_iv > n_iv) n_iv = w->n_iv;
    }
    if (oom) {
        snprintf(err, DP_ERR_MAX, "--timeline: out of memory recording the intervals");
        rc = -1;
    } else {
        pthread_mutex_lock(&t->mu);
        write_upto(t, n_iv);
        pthread_mutex_unlock(&t->mu);
    }
    if (ferror(t->f) && rc == 0) {
        snprintf(err, DP_ERR_MAX, "--timeline: write error");
        rc = -1;
    }
    if (fclose(t->f) != 0 && rc == 0) {
        snprintf(err, DP_ERR_MAX, "--timeline: write error: %s", strerror(errno));
        rc = -1;
    }
    free_tlw(t);
    return rc;
}
