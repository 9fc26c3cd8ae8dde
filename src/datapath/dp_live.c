/* dp_live.c - vifd's live mode, `vifd --bridge A,B`: options, one datapath
 * per direction (root VIF named after its input interface), the event loop
 * (poll both receive rings, feed frames into the tree of their input
 * interface on the monotonic clock, run wakeAt/link timers, flush each
 * transmit ring once per batch), the drain on SIGINT/SIGTERM, --duration
 * or --max-packets, and the statistics (table, --stats JSON).  See
 * dp_live.h and live_afpacket.h. */
#define _GNU_SOURCE /* ppoll */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include <pcap/pcap.h>

#include "datapath.h"
#include "dp_live.h"
#include "vifd_workers.h"
#include "live_afpacket.h"
#include "vifd_units.h"
#include "inject_dir.h"
#include "dp_timeline.h"
#include "dp_timeline_workers.h"
#include "vifvm.h"

/* Frames taken from one ring before looking at the other and the timers. */
#define LIVE_BATCH 256u
/* Longest sleep in poll() when nothing is scheduled (ms). */
#define LIVE_IDLE_MS 100
/* Shortest sleep for a timer (ns): departures due within it go out in one
 * batch (one send()), at most this late; the link keeps its schedule. */
#define LIVE_COALESCE_NS 50000

static volatile sig_atomic_t g_live_signals;

static void on_live_signal(int sig) {
    (void)sig;
    g_live_signals++;
}

static int64_t mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ------------------------------------------------------------- options */

/* where: "FILE:LINE" of the option in a --config file, or NULL */
typedef struct lkv { const char *opt; char *key, *val; const char *where; } lkv;

typedef struct live_opts {
    char *ifname[2];
    uint64_t rate;
    enum dp_mode mode;
    size_t heap;
    bool interpret_only, interpret_filters;
    bool no_fuse;               /* --fuse off (or VIFD_FUSE=off) */
    uint32_t jit_opts_disabled;
    uint32_t quota, link_queue;
    uint64_t budget;
    uint64_t htime_ms;   /* --cpu */
    double drain_s, duration_s;
    uint64_t max_packets;
    bool quiet;
    uint32_t workers;    /* --workers N (1: the single-threaded loop) */
    enum vifd_link link; /* --link split|shared (default: shared) */
    bool per_worker;     /* --stats-per-worker */
    const char *stats_file, *logdir, *timeline;
    const char *inject_root; /* --dir */
    lkv *kv;             /* --vif, --load, --policy, --quota P=N, --budget P=N,
                            --vif-owner P=USER in order */
    int n_kv;
} live_opts;

/* "FILE:LINE" of the option being parsed when it came from --config
 * (vifd_config_expand), else NULL: errors name it as offline mode's do */
static const char *l_where;

static int lerr(const char *fmt, const char *a) {
    fputs("vifd: error: ", stderr);
    if (l_where) fprintf(stderr, "%s: ", l_where);
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    return 1;
}

static bool l_u64(const char *s, uint64_t *out) {
    char *end;
    if (!(*s >= '0' && *s <= '9')) return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return false;
    *out = (uint64_t)v;
    return true;
}

static bool l_u32(const char *s, uint32_t *out) {
    uint64_t v;
    if (!l_u64(s, &v) || v > UINT32_MAX) return false;
    *out = (uint32_t)v;
    return true;
}

static bool l_seconds(const char *s, double *out) {
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= 0) || v > 1e9) return false;
    *out = v;
    return true;
}

static bool push(live_opts *o, const char *opt, const char *arg) {
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) return false;
    lkv *a = realloc(o->kv, (size_t)(o->n_kv + 1) * sizeof *a);
    if (!a) return false;
    o->kv = a;
    lkv *k = &a[o->n_kv];
    k->opt = opt;
    k->key = strndup(arg, (size_t)(eq - arg));
    k->val = strdup(eq + 1);
    if (!k->key || !k->val) {
        free(k->key);
        free(k->val);
        return false;
    }
    k->where = l_where;
    o->n_kv++;
    return true;
}

static void free_opts(live_opts *o) {
    for (int i = 0; i < o->n_kv; i++) {
        free(o->kv[i].key);
        free(o->kv[i].val);
    }
    free(o->kv);
    free(o->ifname[0]);
    free(o->ifname[1]);
}

static int parse_opts(int argc, char **argv, const char *const *where, live_opts *o) {
    o->budget = DP_DEFAULT_BUDGET;
    o->htime_ms = DP_DEFAULT_HANDLER_MS;
    o->drain_s = 1;
    o->no_fuse = getenv("VIFD_FUSE") && !strcmp(getenv("VIFD_FUSE"), "off");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        l_where = where ? where[i] : NULL;
        if (!strcmp(a, "--bypass")) { o->mode = DP_MODE_BYPASS; continue; }
        if (!strcmp(a, "--framework-only")) { o->mode = DP_MODE_FRAMEWORK; continue; }
        if (!strcmp(a, "--quiet")) { o->quiet = true; continue; }
        if (!strcmp(a, "--stats-per-worker")) { o->per_worker = true; continue; }
        if (!strcmp(a, "--int")) { o->interpret_only = true; continue; }
        if (!strcmp(a, "--native-filters")) {
            const char *v = i + 1 < argc ? argv[++i] : "";
            if (strcmp(v, "on") && strcmp(v, "off"))
                return lerr("--native-filters takes on or off, got '%s'", v);
            o->interpret_filters = !strcmp(v, "off");
            continue;
        }
        static const char *const with_arg[] = { "--bridge", "--rate", "--vif", "--load",
            "--policy", "--quota", "--budget", "--stats", "--logdir", "--heap", "--link-queue",
            "--drain", "--duration", "--max-packets", "--jit", "--dir", "--vif-owner",
            "--timeline", "--cpu", "--fuse", "--workers", "--vif-workers", "--link" };
        bool known = false;
        for (size_t k = 0; k < sizeof with_arg / sizeof with_arg[0]; k++)
            if (!strcmp(a, with_arg[k])) known = true;
        if (!known) {
            if (!strcmp(a, "--in") || !strcmp(a, "--out") || !strcmp(a, "--bench") ||
                !strcmp(a, "--speed"))
                return lerr("%s cannot be combined with --bridge", a);
            if (!strcmp(a, "-h") || !strcmp(a, "--help"))
                return lerr("%s: run vifd --help without --bridge", a);
            return lerr("unknown option '%s' (see vifd --help)", a);
        }
        if (i + 1 >= argc) return lerr("option %s needs a value", a);
        const char *v = argv[++i];
        if (!strcmp(a, "--vif-workers")) {
            const char *eq = strchr(v, '=');
            if (!eq || eq == v || strcmp(eq + 1, "1") || !push(o, a, v))
                return lerr("--vif-workers needs PATH=1 (one instance of that VIF, in worker 0), "
                            "got '%s'", v);
            continue;
        }
        if (!strcmp(a, "--workers")) {
            uint32_t nw;
            char why[128], msg[256];
            if (!vifd_parse_workers(v, &nw, why, sizeof why)) {
                snprintf(msg, sizeof msg, "bad --workers '%.60s': %s", v, why);
                return lerr("%s", msg);
            }
            o->workers = nw;
            continue;
        }
        if (!strcmp(a, "--link")) {
            if (!vifd_parse_link(v, &o->link)) return lerr("bad --link '%s' (split or shared)", v);
            continue;
        }
        if (!strcmp(a, "--fuse")) {
            if (strcmp(v, "on") && strcmp(v, "off")) return lerr("bad --fuse '%s' (on or off)", v);
            o->no_fuse = !strcmp(v, "off");
            continue;
        }
        if (!strcmp(a, "--bridge")) {
            const char *comma = strchr(v, ',');
            if (o->ifname[0] || !comma || comma == v || !comma[1] || strchr(comma + 1, ','))
                return lerr("--bridge needs two interfaces A,B (given once), got '%s'", v);
            o->ifname[0] = strndup(v, (size_t)(comma - v));
            o->ifname[1] = strdup(comma + 1);
            if (!o->ifname[0] || !o->ifname[1]) return lerr("out of memory%s", "");
            if (!strcmp(o->ifname[0], o->ifname[1]))
                return lerr("--bridge %s: the two interfaces must differ", v);
        } else if (!strcmp(a, "--rate")) {
            char why[256];
            if (!vifd_parse_rate(v, &o->rate, why, sizeof why)) {
                fprintf(stderr, "vifd: error: %s%sbad rate '%s': %s (units as tc: "
                        VIFD_RATE_UNITS ")\n", l_where ? l_where : "", l_where ? ": " : "", v, why);
                return 1;
            }
        } else if (!strcmp(a, "--cpu") && !strchr(v, '=')) {
            if (!vifd_parse_ms(v, &o->htime_ms))
                return lerr("bad --cpu '%s' (PATH=MS or MS: milliseconds, or Ns; 0 = none)", v);
        } else if (!strcmp(a, "--heap")) {
            if (!vifd_parse_size(v, &o->heap) || o->heap < 1024 * 1024)
                return lerr("bad heap size '%s' (at least 1m)", v);
        } else if (!strcmp(a, "--jit")) {
            const char *bad;
            size_t blen;
            if (!jit_parse_opts(v, &o->jit_opts_disabled, &bad, &blen)) {
                fprintf(stderr, "vifd: error: --jit: unknown optimization '%.*s' (names: vifvm -help)\n",
                        (int)(blen < 60 ? blen : 60), bad);
                return 1;
            }
        } else if (!strcmp(a, "--link-queue")) {
            if (!l_u32(v, &o->link_queue) || o->link_queue == 0)
                return lerr("bad link queue length '%s'", v);
        } else if (!strcmp(a, "--drain")) {
            if (!l_seconds(v, &o->drain_s)) return lerr("bad drain time '%s' (seconds)", v);
        } else if (!strcmp(a, "--duration")) {
            if (!l_seconds(v, &o->duration_s) || o->duration_s <= 0)
                return lerr("bad --duration '%s' (seconds, > 0)", v);
        } else if (!strcmp(a, "--max-packets")) {
            if (!l_u64(v, &o->max_packets) || o->max_packets == 0)
                return lerr("bad --max-packets '%s' (N >= 1)", v);
        } else if (!strcmp(a, "--stats")) {
            o->stats_file = v;
        } else if (!strcmp(a, "--timeline")) {
            o->timeline = v;
        } else if (!strcmp(a, "--logdir")) {
            o->logdir = v;
        } else if (!strcmp(a, "--dir")) {
            o->inject_root = v;
        } else if (!strcmp(a, "--quota") && !strchr(v, '=')) {
            if (!l_u32(v, &o->quota) || o->quota == 0)
                return lerr("bad --quota '%s' (PATH=N or N, N >= 1)", v);
        } else if (!strcmp(a, "--budget") && !strchr(v, '=')) {
            if (!l_u64(v, &o->budget)) return lerr("bad --budget '%s' (PATH=N or N, N >= 0)", v);
        } else if (!push(o, a, v)) {
            return lerr("option needs PATH=VALUE, got '%s'", v);
        }
    }
    if (!o->ifname[0]) return lerr("--bridge A,B is required%s", "");
    if (o->workers > 1 && o->link == VIFD_LINK_SPLIT && o->rate && o->rate < o->workers)
        return lerr("--rate is split over the workers: below 1 bit/s per worker%s", "");
    if (o->workers > 1 && (o->heap ? o->heap : DP_DEFAULT_HEAP) / o->workers < 1024 * 1024)
        return lerr("--heap is per owner in total: divided by the workers it is below 1m "
                    "per worker%s", "");
    return 0;
}

/* ------------------------------------------------------------ the bridge */

typedef struct live live;

/* --workers N: what the workers share */
typedef struct live_shared {
    _Atomic uint64_t total_in;   /* frames taken by all the workers (--max-packets) */
    atomic_bool failed;          /* an interface went away in some worker */
    /* --dir: the main thread pauses every worker between two batches,
     * applies the injection directory's changes to all of them (as
     * offline, vifd_workers.c), then lets them go on */
    atomic_int pause_req;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint32_t parked, done, started;   /* under mu */
    /* --vif-workers PATH=1: a global VIF lives in worker 0; the others
     * hand its frames over through their rings (live_ho) and wake worker 0
     * through this eventfd */
    bool global;
    int efd;
    live *lvs;
    uint32_t n;
    _Atomic uint32_t producers_done;   /* workers 1.. past their receive loop */
    /* --link shared (the default): one link per direction at --rate, its
     * free time on the CLOCK_MONOTONIC the workers' datapaths run on */
    vifd_shared_link link[2];
} live_shared;

/* --vif-workers: worker k's (k > 0) frames of one direction's global VIFs,
 * on their way to worker 0.  Single producer, single consumer.  A live
 * frame is in the receive ring only until the next one, so a slot holds a
 * copy, in a buffer the slot keeps (grown by the producer, which owns a
 * slot while it is free): no allocation per frame once warm.  A full ring
 * drops the frame (counted in handoff_drops): a receive loop never waits
 * on another worker. */
#ifndef LIVE_HO_SLOTS
#define LIVE_HO_SLOTS 4096u
#endif
typedef struct live_ho_slot {
    uint8_t *buf;
    uint32_t cap, caplen, wirelen;
    int64_t ts;   /* its arrival: the producer's clock when it took the frame */
} live_ho_slot;
typedef struct live_ho {
    _Alignas(128) _Atomic uint64_t head;   /* written by the producer */
    _Alignas(128) _Atomic uint64_t tail;   /* written by the consumer */
    _Alignas(128) live_ho_slot slot[LIVE_HO_SLOTS];
} live_ho;

/* A worker between two batches: wait here while the main thread applies
 * an injection. */
static void live_park(live_shared *sh) {
    if (!sh || !atomic_load_explicit(&sh->pause_req, memory_order_acquire)) return;
    pthread_mutex_lock(&sh->mu);
    sh->parked++;
    pthread_cond_broadcast(&sh->cv);
    while (atomic_load_explicit(&sh->pause_req, memory_order_acquire))
        pthread_cond_wait(&sh->cv, &sh->mu);
    sh->parked--;
    pthread_mutex_unlock(&sh->mu);
}

typedef struct live_dir {
    live *lv;
    int idx;               /* input interface index (0 or 1) */
    datapath *dp;
    lv_port *out;          /* the other interface */
    uint64_t link_out;     /* packets its link handed to `out` */
    live_ho *ho;           /* --vif-workers, worker k > 0: its ring to worker 0 */
    uint64_t handed;       /* frames handed to worker 0 */
    uint64_t ho_drops;     /* frames dropped on a full hand-off ring */
    uint64_t taken;        /* worker 0: frames taken from the others */
} live_dir;

struct live {
    lv_port *port[2];
    live_dir dir[2];
    uint64_t total_in;
    bool failed;           /* an interface went away */
    inject_dir *ij[2];     /* --dir: DIR/<A>/... and DIR/<B>/... */
    int64_t last_recheck;  /* mono ns of the last recheck_ports */
    dp_timeline *tl;       /* --timeline */
    dp_tlw *tlw;           /* --timeline with --workers: slots 2k, 2k+1 (dp_timeline_workers.h) */
    uint32_t k;            /* --workers: its number */
    live_shared *sh;       /* --workers N > 1, else NULL */
    const live_opts *o;    /* the worker thread's */
    uint64_t handed_unsignalled;   /* --vif-workers: handed since the last wake-up */
    pthread_t th;
    bool started;
};

/* Worker k > 0: a global VIF's frame into the ring to worker 0 (a copy). */
static void live_hand_off(live_dir *d, const uint8_t *data, uint32_t caplen, uint32_t wirelen,
                          int64_t arrival) {
    live_ho *h = d->ho;
    uint64_t head = atomic_load_explicit(&h->head, memory_order_relaxed);
    if (head - atomic_load_explicit(&h->tail, memory_order_acquire) >= LIVE_HO_SLOTS) {
        d->ho_drops++;
        return;
    }
    live_ho_slot *s = &h->slot[head % LIVE_HO_SLOTS];
    if (s->cap < caplen) {
        uint32_t c = caplen < 2048 ? 2048 : caplen;
        uint8_t *b = realloc(s->buf, c);
        if (!b) {
            d->ho_drops++;
            return;
        }
        s->buf = b;
        s->cap = c;
    }
    memcpy(s->buf, data, caplen);
    s->caplen = caplen;
    s->wirelen = wirelen;
    s->ts = arrival;
    atomic_store_explicit(&h->head, head + 1, memory_order_release);
    d->handed++;
    d->lv->handed_unsignalled++;
}

/* The output link of direction d transmits into the other interface. */
static void live_emit(void *ctx, const uint8_t *data, uint32_t caplen, uint32_t wirelen,
                      int64_t depart) {
    (void)wirelen;
    (void)depart;
    live_dir *d = ctx;
    d->link_out++;
    lv_tx(d->out, data, caplen);
}

static void live_input(void *ctx, const uint8_t *data, uint32_t caplen, uint32_t wirelen) {
    live_dir *d = ctx;
    d->lv->total_in++;
    int64_t now = mono_ns();
    if (d->ho && dp_is_global_pkt(d->dp, data, caplen, wirelen)) {
        live_hand_off(d, data, caplen, wirelen, now);
        return;
    }
    dp_advance(d->dp, now);
    dp_input(d->dp, data, caplen, wirelen);
}

/* Worker 0: the frames the others handed over so far, into its
 * datapaths; reads the eventfd first so that a wake-up after this point
 * is not lost. */
static uint32_t live_take(live *lv) {
    live_shared *sh = lv->sh;
    uint64_t ev;
    if (read(sh->efd, &ev, sizeof ev) < 0) { /* EAGAIN: nothing signalled */ }
    uint32_t got = 0;
    for (uint32_t k = 1; k < sh->n; k++)
        for (int d = 0; d < 2; d++) {
            live_ho *h = sh->lvs[k].dir[d].ho;
            if (!h) continue;
            live_dir *ld = &lv->dir[d];
            uint64_t tail = atomic_load_explicit(&h->tail, memory_order_relaxed);
            uint64_t head = atomic_load_explicit(&h->head, memory_order_acquire);
            if (tail == head) continue;
            dp_advance(ld->dp, mono_ns());
            for (; tail != head; tail++) {
                const live_ho_slot *s = &h->slot[tail % LIVE_HO_SLOTS];
                dp_input_at(ld->dp, s->buf, s->caplen, s->wirelen, s->ts);
                ld->taken++;
                got++;
            }
            atomic_store_explicit(&h->tail, tail, memory_order_release);
        }
    return got;
}

/* Workers 1..: wake worker 0 after a batch that handed frames over. */
static void live_wake(live *lv) {
    if (!lv->sh || !lv->sh->global || lv->handed_unsignalled == 0) return;
    lv->handed_unsignalled = 0;
    uint64_t one = 1;
    if (write(lv->sh->efd, &one, sizeof one) < 0) { /* EAGAIN: already signalled */ }
}

/* Which direction a VIF path belongs to: its first component names the
 * input interface. */
static int dir_of(const live_opts *o, const char *path) {
    for (int d = 0; d < 2; d++) {
        size_t n = strlen(o->ifname[d]);
        if (!strncmp(path, o->ifname[d], n) && (path[n] == '\0' || path[n] == '/')) return d;
    }
    return -1;
}

/* "vifd: error: " and, for an option from a --config file, its FILE:LINE */
static void kv_err(const lkv *k) {
    fputs("vifd: error: ", stderr);
    if (k->where) fprintf(stderr, "%s: ", k->where);
}

/* Is path a --vif-workers VIF or below one? */
static bool under_global(const live_opts *o, const char *path) {
    for (int i = 0; i < o->n_kv; i++) {
        if (strcmp(o->kv[i].opt, "--vif-workers")) continue;
        size_t n = strlen(o->kv[i].key);
        if (!strncmp(path, o->kv[i].key, n) && (path[n] == '\0' || path[n] == '/')) return true;
    }
    return false;
}

static int configure(const live_opts *o, live *lv, char *err) {
    uint32_t nw = o->workers > 1 ? o->workers : 1;
    bool k0 = !lv->sh || lv == lv->sh->lvs;
    for (int i = 0; i < o->n_kv; i++) {
        const lkv *k = &o->kv[i];
        int d = dir_of(o, k->key);
        if (d < 0) {
            kv_err(k); fprintf(stderr, "%s %s: in bridge mode a VIF path starts with an "
                            "interface name (%s/... or %s/...)\n",
                    k->opt, k->key, o->ifname[0], o->ifname[1]);
            return -1;
        }
        datapath *dp = lv->dir[d].dp;
        int r = 0;
        if (!strcmp(k->opt, "--vif-owner") || !strcmp(k->opt, "--vif-workers")) {
            continue; /* inject_open's; below */
        } else if (!strcmp(k->opt, "--vif")) {
            if (o->mode == DP_MODE_BYPASS) continue;
            r = dp_add_vif(dp, k->key, k->val, err);
        } else if (!strcmp(k->opt, "--policy")) {
            if (o->mode == DP_MODE_BYPASS) continue;
            enum dp_policy p;
            if (!strcmp(k->val, "pass")) p = DP_POLICY_PASS;
            else if (!strcmp(k->val, "drop")) p = DP_POLICY_DROP;
            else {
                kv_err(k); fprintf(stderr, "--policy %s: unknown policy '%s' (pass or drop)\n",
                        k->key, k->val);
                return -1;
            }
            r = dp_set_policy(dp, k->key, p, err);
        } else if (!strcmp(k->opt, "--quota")) {
            uint32_t q;
            if (!l_u32(k->val, &q) || q == 0) {
                kv_err(k); fprintf(stderr, "bad --quota '%s=%s'\n", k->key, k->val);
                return -1;
            }
            /* per owner in total (--workers); a global VIF's is all in worker 0 */
            if (!under_global(o, k->key)) q = q / nw ? q / nw : 1;
            if (o->mode != DP_MODE_BYPASS) r = dp_set_quota(dp, k->key, q, err);
        } else if (!strcmp(k->opt, "--budget")) {
            uint64_t b;
            if (!l_u64(k->val, &b)) {
                kv_err(k); fprintf(stderr, "bad --budget '%s=%s'\n", k->key, k->val);
                return -1;
            }
            if (o->mode != DP_MODE_BYPASS) r = dp_set_budget(dp, k->key, b, err);
        } else if (!strcmp(k->opt, "--cpu")) {
            uint64_t ms;
            if (!vifd_parse_ms(k->val, &ms)) {
                kv_err(k); fprintf(stderr, "bad --cpu '%s=%s'\n", k->key, k->val);
                return -1;
            }
            if (o->mode != DP_MODE_BYPASS) r = dp_set_time_limit(dp, k->key, ms * 1000000, err);
        }
        if (r != 0) {
            kv_err(k); fprintf(stderr, "%s\n", err);
            return -1;
        }
    }
    /* --vif-workers once every VIF exists */
    for (int i = 0; o->mode != DP_MODE_BYPASS && i < o->n_kv; i++) {
        const lkv *k = &o->kv[i];
        if (strcmp(k->opt, "--vif-workers") != 0) continue;
        if (dp_set_global(lv->dir[dir_of(o, k->key)].dp, k->key, err) != 0) {
            kv_err(k); fprintf(stderr, "%s\n", err);
            return -1;
        }
    }
    /* VIFlets last, once every VIF exists */
    int n_loads = 0;
    for (int i = 0; i < o->n_kv; i++) {
        const lkv *k = &o->kv[i];
        if (strcmp(k->opt, "--load") != 0) continue;
        n_loads++;
        if (o->mode != DP_MODE_NORMAL) continue;
        /* a global VIF's VIFlet lives in worker 0 only */
        if (!k0 && under_global(o, k->key)) continue;
        char *file = k->val, *owner = NULL;
        char *colon = strrchr(file, ':');
        if (colon && !strchr(colon, '/') && colon > file &&
            ((colon - file >= 6 && !strncmp(colon - 6, ".class", 6)) ||
             (colon - file >= 4 && !strncmp(colon - 4, ".jar", 4)))) {
            *colon = '\0';
            owner = colon + 1;
            if (!*owner) {
                kv_err(k); fprintf(stderr, "--load %s: empty owner name after ':'\n", k->key);
                return -1;
            }
        }
        if (dp_load(lv->dir[dir_of(o, k->key)].dp, k->key, file, owner, err) != 0) {
            kv_err(k); fprintf(stderr, "%s\n", err);
            return -1;
        }
    }
    if (o->mode != DP_MODE_NORMAL && n_loads > 0)
        fprintf(stderr, "vifd: note: %s mode: %d --load option%s ignored\n",
                o->mode == DP_MODE_BYPASS ? "bypass" : "framework-only", n_loads,
                n_loads == 1 ? "" : "s");
    return 0;
}

static void flush_all(live *lv) {
    lv_tx_flush(lv->port[0]);
    lv_tx_flush(lv->port[1]);
}

static int64_t next_event(live *lv) {
    int64_t a = dp_next_event(lv->dir[0].dp), b = dp_next_event(lv->dir[1].dp);
    return a < b ? a : b;
}

static void poll_inject(live *lv);

/* worker 0 with a global VIF: it takes the others' hand-off rings */
static bool is_consumer(const live *lv) {
    return lv->sh && lv->sh->global && lv == &lv->sh->lvs[0];
}

/* --timeline: one worker's records of its two datapaths (workers), or
 * the single bridge's lines */
static void timeline_tick(live *lv) {
    if (lv->tlw) {
        dp_tlw_tick(lv->tlw, 2 * lv->k);
        dp_tlw_tick(lv->tlw, 2 * lv->k + 1);
    } else {
        dp_timeline_tick(lv->tl);
    }
}

/* Sleep until `until` (monotonic ns), a frame arrives (if watch_rx) or
 * something changes in the injection directory (--dir). */
static void wait_until(live *lv, int64_t until, bool watch_rx, const sigset_t *mask) {
    int64_t now = mono_ns();
    int64_t d = until - now;
    if (d < 0) d = 0;
    else if (d < LIVE_COALESCE_NS) d = LIVE_COALESCE_NS;
    if (d > (int64_t)LIVE_IDLE_MS * 1000000) d = (int64_t)LIVE_IDLE_MS * 1000000;
    struct timespec ts = { (time_t)(d / 1000000000), (long)(d % 1000000000) };
    struct pollfd pfd[5] = {
        { .fd = watch_rx ? lv_rx_fd(lv->port[0]) : -1, .events = POLLIN },
        { .fd = watch_rx ? lv_rx_fd(lv->port[1]) : -1, .events = POLLIN },
        { .fd = lv->ij[0] ? inject_fd(lv->ij[0]) : -1, .events = POLLIN },
        { .fd = lv->ij[1] ? inject_fd(lv->ij[1]) : -1, .events = POLLIN },
        { .fd = watch_rx && is_consumer(lv) ? lv->sh->efd : -1, .events = POLLIN },
    };
    int r = ppoll(pfd, 5, &ts, mask);
    if (lv->ij[0]) poll_inject(lv);
    if (r <= 0) return;
    for (int i = 0; i < 2; i++) {
        if (!(pfd[i].revents & (POLLERR | POLLHUP | POLLNVAL))) continue;
        char err[256];
        if (lv_check(lv->port[i], err, sizeof err) != 0 && !lv->failed) {
            fprintf(stderr, "vifd: error: %s: stopping\n", err);
            lv->failed = true;
        }
    }
}

/* A port that reported an error (the interface went down) is looked at
 * again every LIVE_IDLE_MS: its removal raises no second socket error. */
static void recheck_ports(live *lv, int64_t now) {
    if (now - lv->last_recheck < (int64_t)LIVE_IDLE_MS * 1000000) return;
    lv->last_recheck = now;
    for (int i = 0; i < 2; i++) {
        char err[256];
        if (lv_suspect(lv->port[i]) && lv_check(lv->port[i], err, sizeof err) != 0 &&
            !lv->failed) {
            fprintf(stderr, "vifd: error: %s: stopping\n", err);
            lv->failed = true;
        }
    }
}

/* --dir: one injection tree per direction, both under DIR (DIR/A/...,
 * DIR/B/...), each with the --vif-owner entries of its interface. */
static int open_inject(const live_opts *o, live *lv, char *err) {
    inject_owner *ow = calloc((size_t)o->n_kv + 1, sizeof *ow);
    if (!ow) {
        snprintf(err, DP_ERR_MAX, "out of memory");
        return -1;
    }
    for (int d = 0; d < 2; d++) {
        int n = 0;
        for (int i = 0; i < o->n_kv; i++)
            if (!strcmp(o->kv[i].opt, "--vif-owner") && dir_of(o, o->kv[i].key) == d)
                ow[n++] = (inject_owner){ o->kv[i].key, o->kv[i].val };
        if (inject_open(lv->dir[d].dp, o->inject_root, ow, n, &lv->ij[d], err) != 0) {
            free(ow);
            return -1;
        }
    }
    free(ow);
    return 0;
}

static void poll_inject(live *lv) {
    inject_poll(lv->ij[0]);
    inject_poll(lv->ij[1]);
}

static void run(live *lv, const live_opts *o, const sigset_t *mask) {
    int64_t start = mono_ns();
    int64_t end = o->duration_s > 0 ? start + (int64_t)(o->duration_s * 1e9) : INT64_MAX;
    for (;;) {
        if (g_live_signals || lv->failed) break;
        if (lv->sh && atomic_load(&lv->sh->failed)) break;
        live_park(lv->sh);
        int64_t now = mono_ns();
        if (now >= end) break;
        recheck_ports(lv, now);
        if (lv->failed) {
            if (lv->sh) atomic_store(&lv->sh->failed, true);
            break;
        }
        if (lv->ij[0]) poll_inject(lv);
        uint64_t left = UINT64_MAX;
        if (o->max_packets) {
            uint64_t in = lv->sh ? atomic_load(&lv->sh->total_in) : lv->total_in;
            if (in >= o->max_packets) break;
            left = o->max_packets - in;
        }
        uint32_t got = 0;
        for (int d = 0; d < 2; d++) {
            uint32_t lim = left < LIVE_BATCH ? (uint32_t)left : LIVE_BATCH;
            uint32_t n = lv_rx(lv->port[d], live_input, &lv->dir[d], lim);
            got += n;
            left -= n < left ? n : left; /* a GSO frame may exceed it */
        }
        if (lv->sh && got) atomic_fetch_add(&lv->sh->total_in, got);
        live_wake(lv);
        if (is_consumer(lv)) got += live_take(lv);
        now = mono_ns();
        dp_advance(lv->dir[0].dp, now);
        dp_advance(lv->dir[1].dp, now);
        flush_all(lv);
        timeline_tick(lv);
        if (got) continue;
        int64_t e = next_event(lv);
        wait_until(lv, e < end ? e : end, true, mask);
    }
}

/* After the input stopped: keep running the timers in real time (the
 * link's rate, wakeAt) until nothing is pending, --drain elapsed, or a
 * second signal. */
static void drain(live *lv, const live_opts *o, const sigset_t *mask, int signals_at_stop) {
    int64_t end = mono_ns() + (int64_t)(o->drain_s * 1e9);
    for (;;) {
        live_park(lv->sh);
        int64_t now = mono_ns();
        dp_advance(lv->dir[0].dp, now);
        dp_advance(lv->dir[1].dp, now);
        flush_all(lv);
        if (lv->tlw) timeline_tick(lv);
        int64_t e = next_event(lv);
        if (e == INT64_MAX || now >= end || g_live_signals > signals_at_stop) break;
        wait_until(lv, e < end ? e : end, false, mask);
    }
}

static void json_port(FILE *f, const lv_counters *c) {
    fprintf(f, "{\"rx\": %" PRIu64 ", \"rx_bytes\": %" PRIu64 ", \"rx_truncated\": %" PRIu64
               ", \"kernel_drops\": %" PRIu64 ", \"tx\": %" PRIu64 ", \"tx_bytes\": %" PRIu64
               ", \"tx_drops\": %" PRIu64 ", \"tx_pending\": %" PRIu64 ", \"tx_flushes\": %" PRIu64
               ", \"csum_completed\": %" PRIu64 ", \"gso_frames\": %" PRIu64
               ", \"gso_segments\": %" PRIu64 ", \"bad_offload\": %" PRIu64 "}",
            c->rx_frames, c->rx_bytes, c->rx_truncated, c->kernel_drops, c->tx_frames,
            c->tx_bytes, c->tx_drops, c->tx_pending, c->tx_flushes, c->rx_csum_completed,
            c->rx_gso_frames, c->rx_gso_segments, c->rx_bad_offload);
}

static int write_json(live *lv, const live_opts *o, uint64_t link_out[2], bool ok,
                      const lv_counters *const pc[2], const char *extra, char *err) {
    char *tmp = NULL;
    char *part[2] = { NULL, NULL };
    int rc = -1;
    size_t n = strlen(o->stats_file) + 16;
    tmp = malloc(n);
    if (!tmp) goto out;
    for (int d = 0; d < 2; d++) {
        snprintf(tmp, n, "%s.part%d", o->stats_file, d);
        if (dp_write_stats_json(lv->dir[d].dp, tmp, err) != 0) goto out;
        FILE *f = fopen(tmp, "rb");
        if (!f) goto out;
        size_t cap = 4096, len = 0;
        part[d] = malloc(cap);
        size_t r;
        while (part[d] && (r = fread(part[d] + len, 1, cap - len - 1, f)) > 0) {
            len += r;
            if (cap - len < 2) {
                char *q = realloc(part[d], cap * 2);
                if (!q) { free(part[d]); part[d] = NULL; break; }
                part[d] = q;
                cap *= 2;
            }
        }
        fclose(f);
        remove(tmp);
        if (!part[d]) goto out;
        while (len && (part[d][len - 1] == '\n')) len--;
        part[d][len] = '\0';
    }
    FILE *f = fopen(o->stats_file, "w");
    if (!f) {
        snprintf(err, DP_ERR_MAX, "cannot write statistics file %s: %s", o->stats_file,
                 strerror(errno));
        goto out;
    }
    fprintf(f, "{\n  \"mode\": \"bridge\",\n  \"interfaces\": [\"%s\", \"%s\"],\n"
               "  \"accounting_ok\": %s,\n  \"ports\": {\n",
            o->ifname[0], o->ifname[1], ok ? "true" : "false");
    for (int d = 0; d < 2; d++) {
        fprintf(f, "    \"%s\": ", o->ifname[d]);
        json_port(f, pc[d]);
        fputs(d ? "\n" : ",\n", f);
    }
    fputs("  },\n  \"directions\": [\n", f);
    for (int d = 0; d < 2; d++)
        fprintf(f, "    {\"from\": \"%s\", \"to\": \"%s\", \"link_out\": %" PRIu64
                   ", \"stats\": %s}%s\n",
                o->ifname[d], o->ifname[1 - d], link_out[d], part[d], d ? "" : ",");
    fprintf(f, "  ]%s%s\n}\n", extra ? ",\n  " : "", extra ? extra : "");
    if (fclose(f) != 0) {
        snprintf(err, DP_ERR_MAX, "cannot write statistics file %s", o->stats_file);
        goto out;
    }
    rc = 0;
out:
    if (rc != 0 && !err[0]) snprintf(err, DP_ERR_MAX, "cannot write statistics file %s", o->stats_file);
    free(tmp);
    free(part[0]);
    free(part[1]);
    return rc;
}

/* Every packet a direction's link sent out must be in the other port's
 * transmit counters: sent, dropped (counted) or still pending. */
static bool tx_accounting_c(const live_opts *o, const uint64_t link_out[2],
                            const lv_counters *const pc[2], FILE *f) {
    bool ok = true;
    for (int d = 0; d < 2; d++) {
        const lv_counters *c = pc[1 - d];
        uint64_t sum = c->tx_frames + c->tx_drops + c->tx_pending;
        if (sum != link_out[d]) {
            ok = false;
            fprintf(f, "vifd: accounting error: %s -> %s: link out %" PRIu64 " != sent %" PRIu64
                       " + tx drops %" PRIu64 " + pending %" PRIu64 "\n",
                    o->ifname[d], o->ifname[1 - d], link_out[d], c->tx_frames, c->tx_drops,
                    c->tx_pending);
        }
    }
    return ok;
}

static bool tx_accounting(live *lv, const live_opts *o, const uint64_t link_out[2], FILE *f) {
    const lv_counters *pc[2] = { lv_stats(lv->port[0]), lv_stats(lv->port[1]) };
    return tx_accounting_c(o, link_out, pc, f);
}

static int live_workers_main(live_opts *o);

int vifd_live_main(int argc, char **argv, const char *const *where) {
    live_opts o;
    memset(&o, 0, sizeof o);
    live lv;
    memset(&lv, 0, sizeof lv);
    int rc = 1;
    char err[DP_ERR_MAX];
    err[0] = '\0';
    int prc = parse_opts(argc, argv, where, &o);
    l_where = NULL;
    if (prc != 0) goto out;
    if (o.workers > 1) {
        rc = live_workers_main(&o);
        goto out;
    }

    for (int d = 0; d < 2; d++) {
        if (lv_open(o.ifname[d], &lv.port[d], err, sizeof err) != 0) {
            fprintf(stderr, "vifd: %s\n", err);
            goto out;
        }
    }
    for (int d = 0; d < 2; d++) {
        dp_config cfg = {
            .root_name = o.ifname[d], .linktype = DLT_EN10MB, .snaplen = 65535,
            .mode = o.mode, .rate_bps = o.rate, .quota = o.quota, .budget = o.budget,
            .link_queue = o.link_queue, .heap_bytes = o.heap,
            .time_limit_ns = o.htime_ms * 1000000, .stop = &g_live_signals,
            .interpret_only = o.interpret_only, .jit_opts_disabled = o.jit_opts_disabled, .logdir = o.logdir,
            .interpret_filters = o.interpret_filters,
            .emit = live_emit, .emit_ctx = &lv.dir[d], .no_fuse = o.no_fuse,
        };
        lv.dir[d].lv = &lv;
        lv.dir[d].idx = d;
        lv.dir[d].out = lv.port[1 - d];
        if (dp_create(&cfg, &lv.dir[d].dp, err) != 0) {
            fprintf(stderr, "vifd: error: %s\n", err);
            goto out;
        }
    }
    if (configure(&o, &lv, err) != 0) goto out;
    if (o.timeline && (dp_timeline_open(&lv.tl, o.timeline, err) != 0 ||
                       dp_timeline_add(lv.tl, lv.dir[0].dp, o.ifname[0], err) != 0 ||
                       dp_timeline_add(lv.tl, lv.dir[1].dp, o.ifname[1], err) != 0)) {
        fprintf(stderr, "vifd: error: %s\n", err);
        goto out;
    }
    if (o.inject_root && open_inject(&o, &lv, err) != 0) {
        fprintf(stderr, "vifd: error: %s\n", err);
        goto out;
    }

    /* SIGINT/SIGTERM only set a flag (no SA_RESTART: a wait returns at
     * once; a signal just before a wait delays the stop by at most
     * LIVE_IDLE_MS) */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_live_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    const sigset_t *wait_mask = NULL;

    fprintf(stderr, "vifd: bridging %s <-> %s (%s)\n", o.ifname[0], o.ifname[1],
                o.mode == DP_MODE_BYPASS ? "bypass"
                : o.mode == DP_MODE_FRAMEWORK ? "framework-only" : "viflets");
    run(&lv, &o, wait_mask);
    int sig_at_stop = g_live_signals;
    if (sig_at_stop) fputs("vifd: interrupted: draining and writing statistics\n", stderr);
    drain(&lv, &o, wait_mask, sig_at_stop);
    lv_tx_sync(lv.port[0]);
    lv_tx_sync(lv.port[1]);
    dp_timeline_close(lv.tl);
    lv.tl = NULL;

    uint64_t link_out[2];
    bool ok = true;
    for (int d = 0; d < 2; d++) {
        datapath *dp = lv.dir[d].dp;
        dp_audit_all(dp);
        if (o.quiet) {
            ok = dp_check_invariants(dp, stderr) && ok;
        } else {
            printf("== %s -> %s\n", o.ifname[d], o.ifname[1 - d]);
            ok = dp_print_stats(dp, stdout) && ok;
        }
        link_out[d] = lv.dir[d].link_out;
    }
    bool tx_ok = tx_accounting(&lv, &o, link_out, stderr);
    for (int d = 0; d < 2; d++) inject_write_stats(lv.ij[d]);
    if (!o.quiet) {
        for (int d = 0; d < 2; d++) {
            const lv_counters *c = lv_stats(lv.port[d]);
            printf("port %s: rx %" PRIu64 " (kernel ring drops %" PRIu64 ", truncated %" PRIu64
                   "), tx %" PRIu64 " (drops %" PRIu64 ", pending %" PRIu64 ", %" PRIu64 " send calls)\n",
                   o.ifname[d], c->rx_frames, c->kernel_drops, c->rx_truncated, c->tx_frames,
                   c->tx_drops, c->tx_pending, c->tx_flushes);
            if (c->rx_csum_completed || c->rx_gso_frames || c->rx_bad_offload)
                printf("port %s: offloads finished: %" PRIu64 " checksums completed, %" PRIu64
                       " GSO frames cut into %" PRIu64 " segments, %" PRIu64 " dropped\n",
                       o.ifname[d], c->rx_csum_completed, c->rx_gso_frames, c->rx_gso_segments,
                       c->rx_bad_offload);
        }
        printf("live accounting: %s\n", tx_ok ? "ok (link out = sent + tx drops + pending)" : "VIOLATED");
    }
    fflush(stdout);
    ok = ok && tx_ok;
    const lv_counters *pc[2] = { lv_stats(lv.port[0]), lv_stats(lv.port[1]) };
    if (o.stats_file && write_json(&lv, &o, link_out, ok, pc, NULL, err) != 0) {
        fprintf(stderr, "vifd: error: %s\n", err);
        goto out;
    }
    rc = ok && !lv.failed ? 0 : 1;
out:
    dp_timeline_close(lv.tl);
    for (int d = 0; d < 2; d++) {
        inject_close(lv.ij[d]);
        dp_destroy(lv.dir[d].dp);
        lv_close(lv.port[d]);
    }
    free_opts(&o);
    return rc;
}

/* ------------------------------------------------------ --workers N > 1 */

/* Each worker is a whole bridge of its own (live): a receive ring per
 * interface, both interfaces' rings each in one PACKET_FANOUT_HASH group
 * (so a flow's frames reach one worker, in order), its own transmit ring
 * per interface (a TX socket per worker and interface: no lock, and a
 * flow leaves in the order its worker sent it), its own two datapaths
 * (VIF trees, owner VMs).  The same loop as with one worker. */
static void *live_worker_main(void *arg) {
    live *lv = arg;
    live_shared *sh = lv->sh;
    run(lv, lv->o, NULL);
    if (sh->global && !is_consumer(lv)) {
        atomic_fetch_add(&sh->producers_done, 1);
        uint64_t one = 1;
        if (write(sh->efd, &one, sizeof one) < 0) { /* EAGAIN: already signalled */ }
    } else if (sh->global) {
        /* worker 0: what the others handed over until they stopped */
        for (;;) {
            live_park(sh);
            bool all = atomic_load(&sh->producers_done) == sh->n - 1;
            live_take(lv);
            int64_t now = mono_ns();
            dp_advance(lv->dir[0].dp, now);
            dp_advance(lv->dir[1].dp, now);
            flush_all(lv);
            timeline_tick(lv);
            if (all) break;   /* taken after the last producer stopped: all of it */
            struct pollfd pfd = { .fd = sh->efd, .events = POLLIN };
            poll(&pfd, 1, 10);
        }
    }
    drain(lv, lv->o, NULL, g_live_signals);
    lv_tx_sync(lv->port[0]);
    lv_tx_sync(lv->port[1]);
    dp_tlw_last(lv->tlw, 2 * lv->k);
    dp_tlw_last(lv->tlw, 2 * lv->k + 1);
    if (lv->failed) atomic_store(&lv->sh->failed, true);
    pthread_mutex_lock(&lv->sh->mu);
    lv->sh->done++;
    pthread_cond_broadcast(&lv->sh->cv);
    pthread_mutex_unlock(&lv->sh->mu);
    dp_thread_done();
    return NULL;
}

/* --dir with workers: until every worker is done, watch both injection
 * trees; on a change (or every INJECT_STATS_NS, for the stats files) pause
 * all the workers between two batches, apply it to all of them, let them
 * go on: a swap is atomic per worker and, across workers, no frame is
 * processed with the old code after any was processed with the new. */
static void live_watch_dir(live_shared *sh, inject_dir *ij[2], dp_tlw *tlw) {
    int64_t next_stats = 0;
    for (;;) {
        pthread_mutex_lock(&sh->mu);
        bool all_done = sh->done == sh->started;
        pthread_mutex_unlock(&sh->mu);
        if (all_done) return;
        dp_tlw_flush(tlw);
        struct pollfd pfd[2] = { { .fd = inject_fd(ij[0]), .events = POLLIN },
                                 { .fd = inject_fd(ij[1]), .events = POLLIN } };
        bool ready = poll(pfd, 2, 10) > 0;
        if (!ready && mono_ns() < next_stats) continue;
        atomic_store_explicit(&sh->pause_req, 1, memory_order_release);
        pthread_mutex_lock(&sh->mu);
        while (sh->parked + sh->done < sh->started) pthread_cond_wait(&sh->cv, &sh->mu);
        inject_poll(ij[0]);
        inject_poll(ij[1]);
        atomic_store_explicit(&sh->pause_req, 0, memory_order_release);
        pthread_cond_broadcast(&sh->cv);
        pthread_mutex_unlock(&sh->mu);
        next_stats = mono_ns() + INJECT_STATS_NS;
    }
}

/* --timeline without --dir: the main thread writes the timeline's
 * completed intervals every LIVE_IDLE_MS until every worker is done. */
static void live_wait_workers(live_shared *sh, dp_tlw *tlw) {
    pthread_mutex_lock(&sh->mu);
    while (sh->done < sh->started) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += (long)LIVE_IDLE_MS * 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&sh->cv, &sh->mu, &ts);
        pthread_mutex_unlock(&sh->mu);
        dp_tlw_flush(tlw);
        pthread_mutex_lock(&sh->mu);
    }
    pthread_mutex_unlock(&sh->mu);
}

/* inject_open_workers per direction over every worker's datapath of it */
static int open_inject_workers(const live_opts *o, live *lvs, uint32_t n, inject_dir *ij[2],
                               char *err) {
    inject_owner *ow = calloc((size_t)o->n_kv + 1, sizeof *ow);
    datapath **dps = calloc(n, sizeof *dps);
    int rc = 0;
    if (!ow || !dps) {
        snprintf(err, DP_ERR_MAX, "out of memory");
        rc = -1;
    }
    for (int d = 0; rc == 0 && d < 2; d++) {
        int m = 0;
        for (int i = 0; i < o->n_kv; i++)
            if (!strcmp(o->kv[i].opt, "--vif-owner") && dir_of(o, o->kv[i].key) == d)
                ow[m++] = (inject_owner){ o->kv[i].key, o->kv[i].val };
        for (uint32_t k = 0; k < n; k++) dps[k] = lvs[k].dir[d].dp;
        rc = inject_open_workers(dps, n, o->inject_root, ow, m, &ij[d], err);
    }
    free(ow);
    free(dps);
    return rc;
}

static void add_counters(lv_counters *t, const lv_counters *c) {
    t->rx_frames += c->rx_frames;
    t->rx_bytes += c->rx_bytes;
    t->rx_truncated += c->rx_truncated;
    t->kernel_drops += c->kernel_drops;
    t->tx_frames += c->tx_frames;
    t->tx_bytes += c->tx_bytes;
    t->tx_drops += c->tx_drops;
    t->tx_flushes += c->tx_flushes;
    t->tx_pending += c->tx_pending;
    t->rx_csum_completed += c->rx_csum_completed;
    t->rx_gso_frames += c->rx_gso_frames;
    t->rx_gso_segments += c->rx_gso_segments;
    t->rx_bad_offload += c->rx_bad_offload;
}

static void print_ports(const live_opts *o, const lv_counters *const pc[2]) {
    for (int d = 0; d < 2; d++) {
        const lv_counters *c = pc[d];
        printf("port %s: rx %" PRIu64 " (kernel ring drops %" PRIu64 ", truncated %" PRIu64
               "), tx %" PRIu64 " (drops %" PRIu64 ", pending %" PRIu64 ", %" PRIu64 " send calls)\n",
               o->ifname[d], c->rx_frames, c->kernel_drops, c->rx_truncated, c->tx_frames,
               c->tx_drops, c->tx_pending, c->tx_flushes);
        if (c->rx_csum_completed || c->rx_gso_frames || c->rx_bad_offload)
            printf("port %s: offloads finished: %" PRIu64 " checksums completed, %" PRIu64
                   " GSO frames cut into %" PRIu64 " segments, %" PRIu64 " dropped\n",
                   o->ifname[d], c->rx_csum_completed, c->rx_gso_frames, c->rx_gso_segments,
                   c->rx_bad_offload);
    }
}

static int live_workers_main(live_opts *o) {
    uint32_t n = o->workers;
    int rc = 1;
    char err[DP_ERR_MAX];
    err[0] = '\0';
    live_shared sh;
    memset(&sh, 0, sizeof sh);
    atomic_init(&sh.total_in, 0);
    atomic_init(&sh.failed, false);
    atomic_init(&sh.pause_req, 0);
    atomic_init(&sh.producers_done, 0);
    vifd_shared_link_init(&sh.link[0]);
    vifd_shared_link_init(&sh.link[1]);
    const bool shared_link = o->link != VIFD_LINK_SPLIT;
    pthread_mutex_init(&sh.mu, NULL);
    pthread_cond_init(&sh.cv, NULL);
    inject_dir *ij[2] = { NULL, NULL };
    dp_tlw *tlw = NULL;
    live *lvs = calloc(n, sizeof *lvs);
    char *logdir = NULL;
    char *extra = NULL;
    size_t extra_len = 0;
    sh.efd = -1;
    if (!lvs) {
        fprintf(stderr, "vifd: error: out of memory\n");
        return 1;
    }
    sh.lvs = lvs;
    sh.n = n;
    bool gdir[2] = { false, false };   /* a global VIF in direction d */
    for (int i = 0; o->mode != DP_MODE_BYPASS && i < o->n_kv; i++) {
        int d = dir_of(o, o->kv[i].key);
        if (!strcmp(o->kv[i].opt, "--vif-workers") && d >= 0) gdir[d] = sh.global = true;
    }
    if (sh.global && (sh.efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) < 0) {
        fprintf(stderr, "vifd: error: eventfd: %s\n", strerror(errno));
        goto out;
    }
    /* one fanout group per interface, ids from the process id (a group id
     * is per network namespace) */
    int fid[2] = { (int)(((unsigned)getpid() << 1) & 0xffff),
                   (int)((((unsigned)getpid() << 1) | 1) & 0xffff) };
    for (uint32_t k = 0; k < n; k++)
        for (int d = 0; d < 2; d++)
            if (lv_open_fanout(o->ifname[d], fid[d], &lvs[k].port[d], err, sizeof err) != 0) {
                fprintf(stderr, "vifd: %s\n", err);
                goto out;
            }
    uint32_t q = o->quota ? o->quota : DP_DEFAULT_QUOTA;
    uint32_t lq = o->link_queue ? o->link_queue : DP_DEFAULT_LINK_QUEUE;
    size_t heap = o->heap ? o->heap : DP_DEFAULT_HEAP;
    for (uint32_t k = 0; k < n; k++) {
        live *lv = &lvs[k];
        lv->sh = &sh;
        lv->o = o;
        lv->k = k;
        if (o->logdir) {   /* LOGDIR/wK/<vif path>.log */
            size_t len = strlen(o->logdir) + 16;
            free(logdir);
            if (!(logdir = malloc(len))) goto out;
            snprintf(logdir, len, "%s/w%u", o->logdir, k);
        }
        for (int d = 0; d < 2; d++) {
            dp_config cfg = {
                .root_name = o->ifname[d], .linktype = DLT_EN10MB, .snaplen = 65535,
                .mode = o->mode, .budget = o->budget,
                /* the remainder to the first workers: they sum to --rate */
                .rate_bps = o->rate / n + (k < o->rate % n),
                .quota = q / n ? q / n : 1, .link_queue = lq / n ? lq / n : 1,
                .heap_bytes = heap / n,
                .time_limit_ns = o->htime_ms * 1000000, .stop = &g_live_signals,
                .interpret_only = o->interpret_only, .jit_opts_disabled = o->jit_opts_disabled,
                .logdir = o->logdir ? logdir : NULL,
                .interpret_filters = o->interpret_filters,
                .emit = live_emit, .emit_ctx = &lv->dir[d], .no_fuse = o->no_fuse,
            };
            if (shared_link) {   /* one link at --rate, claimed per frame */
                cfg.rate_bps = o->rate;
                cfg.shared_link = &sh.link[d].free_at;
            }
            if (under_global(o, o->ifname[d])) {
                /* the root is global: every frame of d is worker 0's, and so
                 * is the link (the others' carry nothing: unlimited, so the
                 * rates still sum to --rate) */
                cfg.quota = q;
                cfg.link_queue = lq;
                cfg.rate_bps = k == 0 ? o->rate : 0;
                cfg.shared_link = NULL;
            }
            if (k > 0 && gdir[d]) {
                lv->dir[d].ho = aligned_alloc(_Alignof(live_ho), sizeof(live_ho));
                if (!lv->dir[d].ho) {
                    fprintf(stderr, "vifd: error: out of memory\n");
                    goto out;
                }
                memset(lv->dir[d].ho, 0, sizeof(live_ho));
            }
            lv->dir[d].lv = lv;
            lv->dir[d].idx = d;
            lv->dir[d].out = lv->port[1 - d];
            if (dp_create(&cfg, &lv->dir[d].dp, err) != 0) {
                fprintf(stderr, "vifd: error: %s\n", err);
                goto out;
            }
        }
        if (configure(o, lv, err) != 0) goto out;
    }
    if (o->inject_root && open_inject_workers(o, lvs, n, ij, err) != 0) {
        fprintf(stderr, "vifd: error: %s\n", err);
        goto out;
    }
    if (o->timeline) {   /* intervals from now, on the monotonic clock */
        const char *labels[2] = { o->ifname[0], o->ifname[1] };
        if (dp_tlw_open_groups(&tlw, o->timeline, n, 2, labels, err) != 0) {
            fprintf(stderr, "vifd: error: %s\n", err);
            goto out;
        }
        int64_t t0 = mono_ns();
        for (uint32_t k = 0; k < n; k++) {
            lvs[k].tlw = tlw;
            for (int d = 0; d < 2; d++) dp_tlw_set(tlw, 2 * k + (uint32_t)d, lvs[k].dir[d].dp, t0);
        }
    }
    for (uint32_t k = 0; k < n; k++)
        for (int d = 0; d < 2; d++)
            if (lv_fanout_start(lvs[k].port[d], err, sizeof err) != 0) {
                fprintf(stderr, "vifd: %s\n", err);
                goto out;
            }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_live_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    if (o->rate && !o->quiet && shared_link)
        printf("vifd: %u workers: each has its own VIF trees and VMs; one link at %" PRIu64
               " bit/s per direction shared by the workers (--link shared)\n", n, o->rate);
    else if (o->rate && !o->quiet)
        printf("vifd: %u workers: each has its own VIF trees and VMs; link rate %" PRIu64
               " bit/s split as %" PRIu64 " bit/s per worker\n", n, o->rate, o->rate / n);
    fprintf(stderr, "vifd: bridging %s <-> %s (%s, %u workers, PACKET_FANOUT_HASH)\n",
            o->ifname[0], o->ifname[1],
            o->mode == DP_MODE_BYPASS ? "bypass"
            : o->mode == DP_MODE_FRAMEWORK ? "framework-only" : "viflets", n);
    for (uint32_t k = 0; k < n; k++) {
        int e = pthread_create(&lvs[k].th, NULL, live_worker_main, &lvs[k]);
        if (e) {
            fprintf(stderr, "vifd: error: cannot start worker thread %u: %s\n", k, strerror(e));
            g_live_signals++;
            /* worker 0 waits for every producer to stop: these never start */
            if (sh.global && k > 0) atomic_fetch_add(&sh.producers_done, n - k);
            break;
        }
        lvs[k].started = true;
        pthread_mutex_lock(&sh.mu);
        sh.started++;
        pthread_mutex_unlock(&sh.mu);
    }
    if (ij[0]) live_watch_dir(&sh, ij, tlw);
    else if (tlw) live_wait_workers(&sh, tlw);
    for (uint32_t k = 0; k < n; k++)
        if (lvs[k].started) pthread_join(lvs[k].th, NULL);
    /* the timeline's last lines, before the counters are summed into worker 0 */
    int trc = dp_tlw_close(tlw, err);
    tlw = NULL;
    if (trc != 0) fprintf(stderr, "vifd: error: %s\n", err);
    if (g_live_signals) fputs("vifd: interrupted: drained, writing statistics\n", stderr);

    /* per worker: the invariants, its tables (--stats-per-worker), the
     * transmit accounting of its own rings, its JSON */
    bool ok = true;
    lv_counters tot[2];
    memset(tot, 0, sizeof tot);
    uint64_t link_out[2] = { 0, 0 };
    uint64_t handed[2] = { 0, 0 }, ho_drops[2] = { 0, 0 }, taken[2] = { 0, 0 };
    FILE *xf = open_memstream(&extra, &extra_len);
    if (!xf) goto out;
    fprintf(xf, "\"workers\": %u,\n  \"per_worker\": [", n);
    for (uint32_t k = 0; k < n; k++) {
        live *lv = &lvs[k];
        const lv_counters *pc[2] = { lv_stats(lv->port[0]), lv_stats(lv->port[1]) };
        uint64_t lo[2] = { lv->dir[0].link_out, lv->dir[1].link_out };
        if (o->per_worker && !o->quiet) printf("worker %u of %u:\n", k, n);
        for (int d = 0; d < 2; d++) {
            dp_audit_all(lv->dir[d].dp);
            if (o->per_worker && !o->quiet) {
                printf("== %s -> %s\n", o->ifname[d], o->ifname[1 - d]);
                ok = dp_print_stats(lv->dir[d].dp, stdout) && ok;
            } else if (!dp_check_invariants(lv->dir[d].dp, stderr)) {
                fprintf(stderr, "vifd: accounting error in worker %u (above)\n", k);
                ok = false;
            }
        }
        if (o->per_worker && !o->quiet) print_ports(o, pc);
        ok = tx_accounting_c(o, lo, pc, stderr) && ok;
        fprintf(xf, "%s{\"worker\": %u, \"ports\": {", k ? ",\n    " : "\n    ", k);
        for (int d = 0; d < 2; d++) {
            fprintf(xf, "\"%s\": ", o->ifname[d]);
            json_port(xf, pc[d]);
            fputs(d ? "}" : ", ", xf);
        }
        fputs(", \"directions\": [", xf);
        for (int d = 0; d < 2; d++) {
            fprintf(xf, "%s{\"from\": \"%s\", \"link_out\": %" PRIu64 ", \"stats\": ",
                    d ? ", " : "", o->ifname[d], lo[d]);
            dp_worker_json(lv->dir[d].dp, k, xf);
            fputc('}', xf);
        }
        fputs("]", xf);
        if (sh.global) {
            const live_dir *ld = lv->dir;
            fprintf(xf, ", \"handed\": [%" PRIu64 ", %" PRIu64 "], \"handoff_drops\": [%" PRIu64
                        ", %" PRIu64 "], \"taken\": [%" PRIu64 ", %" PRIu64 "]",
                    ld[0].handed, ld[1].handed, ld[0].ho_drops, ld[1].ho_drops, ld[0].taken,
                    ld[1].taken);
            for (int d = 0; d < 2; d++) {
                handed[d] += ld[d].handed;
                ho_drops[d] += ld[d].ho_drops;
                taken[d] += ld[d].taken;
            }
        }
        fputs("}", xf);
        for (int d = 0; d < 2; d++) {
            add_counters(&tot[d], pc[d]);
            link_out[d] += lo[d];
        }
    }
    for (int d = 0; sh.global && d < 2; d++) {
        if (!o->quiet)
            printf("hand-off %s -> %s: %" PRIu64 " frames handed to worker 0 (global VIF), %" PRIu64
                   " taken, %" PRIu64 " dropped on a full ring\n", o->ifname[d], o->ifname[1 - d],
                   handed[d], taken[d], ho_drops[d]);
        if (handed[d] != taken[d]) {
            fprintf(stderr, "vifd: accounting error: %s: %" PRIu64 " frames handed to worker 0, "
                            "%" PRIu64 " taken\n", o->ifname[d], handed[d], taken[d]);
            ok = false;
        }
    }
    fputs("\n  ]", xf);
    if (fclose(xf) != 0) goto out;
    for (int d = 0; d < 2; d++) inject_write_stats(ij[d]);   /* totals over the workers */
    /* the totals, in worker 0 */
    for (uint32_t k = 1; k < n; k++)
        for (int d = 0; d < 2; d++)
            if (dp_absorb(lvs[0].dir[d].dp, lvs[k].dir[d].dp, err) != 0) {
                fprintf(stderr, "vifd: error: %s\n", err);
                goto out;
            }
    const lv_counters *tc[2] = { &tot[0], &tot[1] };
    if (!o->quiet) printf("totals over %u workers:\n", n);
    for (int d = 0; d < 2; d++) {
        if (o->quiet) {
            ok = dp_check_invariants(lvs[0].dir[d].dp, stderr) && ok;
        } else {
            printf("== %s -> %s\n", o->ifname[d], o->ifname[1 - d]);
            ok = dp_print_stats(lvs[0].dir[d].dp, stdout) && ok;
        }
    }
    bool tx_ok = tx_accounting_c(o, link_out, tc, stderr);
    if (!o->quiet) {
        print_ports(o, tc);
        printf("live accounting: %s\n", tx_ok ? "ok (link out = sent + tx drops + pending)" : "VIOLATED");
    }
    fflush(stdout);
    ok = ok && tx_ok;
    if (o->stats_file && write_json(&lvs[0], o, link_out, ok, tc, extra, err) != 0) {
        fprintf(stderr, "vifd: error: %s\n", err);
        goto out;
    }
    rc = ok && trc == 0 && !atomic_load(&sh.failed) ? 0 : 1;
out:
    if (tlw) dp_tlw_close(tlw, err);
    for (int d = 0; d < 2; d++) inject_close(ij[d]);
    for (uint32_t k = 0; k < n; k++) {
        for (int d = 0; d < 2; d++) {
            dp_destroy(lvs[k].dir[d].dp);
            lv_close(lvs[k].port[d]);
            live_ho *h = lvs[k].dir[d].ho;
            for (uint32_t i = 0; h && i < LIVE_HO_SLOTS; i++) free(h->slot[i].buf);
            free(h);
        }
    }
    if (sh.efd >= 0) close(sh.efd);
    free(lvs);
    free(logdir);
    free(extra);
    pthread_mutex_destroy(&sh.mu);
    pthread_cond_destroy(&sh.cv);
    return rc;
}
