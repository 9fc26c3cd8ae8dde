/* vifd_workers.c - vifd --workers N over a capture: see vifd_workers.h.
 *
 * The capture is read into memory and split by flow hash, each worker's
 * share packed into memory of its own (wchunk: a worker's packets lie
 * together, and no cache line holds two workers' packets); then the
 * worker threads start, wait until all have started, and replay their
 * shares through their own datapaths, on the capture's timestamps as with
 * one worker.  A worker's departures go to
 * its own temporary capture (nanosecond stamps), and the temporaries are
 * merged into the output by departure time (a tie: the lower worker
 * first), so each flow's packets leave in the order its worker sent
 * them. */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include "vifd_workers.h"

#include "dp_affinity.h"
#include "dp_timeline_workers.h"
#include "inject_dir.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef struct wpkt {
    const uint8_t *data;
    uint32_t caplen, len;
    int64_t ts;
    uint64_t index;           /* in the capture */
} wpkt;

/* --vif-workers: worker k's packets of a global VIF, on their way to
 * worker 0.  Single producer (worker k), single consumer (worker 0); the
 * packets stay in the capture's buffers (alive all run), so an entry is a
 * pointer and a time. */
#define HANDOFF_SLOTS 4096u
typedef struct handoff {
    _Alignas(128) _Atomic uint64_t head;   /* written by the producer */
    _Alignas(128) _Atomic uint64_t tail;   /* written by the consumer */
    _Alignas(128) atomic_bool done;        /* the producer has no more */
    /* a producer that found the ring full sleeps (futex on pseq) until the
     * consumer has emptied it to half: pwait says it sleeps, the consumer
     * bumps pseq and wakes it (ring_wait below) */
    _Alignas(128) _Atomic uint32_t pwait;
    _Atomic uint32_t pseq;
    wpkt slot[HANDOFF_SLOTS];
} handoff;

/* A worker's share of the capture: its packets' bytes one after another
 * in chunks of WCHUNK_BYTES (or one packet's size when larger), each
 * chunk aligned to WCHUNK_ALIGN: a line never holds two workers' packets,
 * and a worker reads its packets in address order.  Sanitizer builds give
 * every packet a block of its exact size instead, so that a read past a
 * packet's end is still reported. */
#if defined(__SANITIZE_ADDRESS__)
#define WCHUNK_PACKED 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WCHUNK_PACKED 0
#endif
#endif
#ifndef WCHUNK_PACKED
#define WCHUNK_PACKED 1
#endif
#define WCHUNK_BYTES (1u << 20)
#define WCHUNK_ALIGN 128u
typedef struct wchunk {
    struct wchunk *next;
    size_t used, cap;
    uint8_t *data;
} wchunk;

/* Each on its own cache lines: sent and bench_in change per packet. */
typedef struct worker {
    _Alignas(128) vifd_workers *all;
    uint32_t k;
    datapath *dp;
    wpkt *pk;                 /* its share, in capture order */
    size_t n, cap;
    wchunk *bytes;            /* its share's packet bytes (the newest chunk first) */
    /* its departures: a temporary capture (offline) or a count (--bench) */
    pcap_t *dead;
    pcap_dumper_t *dump;
    char *tmp;
    uint64_t sent;
    uint64_t bench_in;        /* --bench: packets it was given */
    uint64_t handed;          /* --vif-workers: packets handed to worker 0 */
    uint64_t taken;           /* worker 0: packets taken from the others */
    int64_t wait_cpu;         /* --vif-workers: thread CPU spent waiting on a ring (ns):
                                 a producer on a full one, worker 0 on empty ones */
    int64_t wait_wall;        /* the same waits in wall time (ns) */
    uint64_t waits;           /* how many such waits */
    handoff *ho;              /* k > 0 with a global VIF: its ring to worker 0 */
    vifd_late late;           /* --speed: frames replayed late */
    int64_t cpu;              /* the thread's CPU time from the start signal, ns */
    int64_t end;              /* when it was done (CLOCK_MONOTONIC ns) */
    long faults;              /* page faults (minor + major) from the start signal */
    pthread_t th;
    bool started;
} worker;

struct vifd_workers {
    uint32_t n;
    worker *w;
    size_t n_pkts;            /* packets in the capture */
    const vifd_wrun *r;
    int64_t first_ts, last_ts;
    int64_t wall0;            /* the threads' start (--speed) */
    /* --dir: the main thread pauses every worker between two of its
     * packets, applies the injection directory's changes to all of them,
     * then lets them go on */
    atomic_int pause_req;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint32_t parked, done;    /* under mu */
    uint32_t started_n;       /* threads started */
    uint32_t ready;           /* under mu: threads waiting for the start signal */
    bool go;                  /* under mu: the start signal (wall0 is set) */
    bool global;              /* a global VIF: the hand-off rings */
    /* worker 0 asleep on empty rings after its own share (futex on cseq):
     * a producer that pushed or finished bumps cseq and wakes it */
    _Alignas(128) _Atomic uint32_t cwait;
    _Atomic uint32_t cseq;
    vifd_shared_link link;    /* --link shared: the one link's free time */
    dp_lockstep lockstep;     /* offline --link shared: the clocks in step */
    atomic_bool warned_late;  /* --speed: the warning was printed */
};

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, DP_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

bool vifd_parse_workers(const char *v, uint32_t *n, char *why, size_t cap) {
    if (!strcmp(v, "auto")) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        *n = c < 1 ? 1u : c > (long)VIFD_MAX_WORKERS ? VIFD_MAX_WORKERS : (uint32_t)c;
        return true;
    }
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (*v < '0' || *v > '9' || *end || errno) {
        snprintf(why, cap, "not a number (a count of worker threads, or auto)");
        return false;
    }
    if (x == 0) {
        snprintf(why, cap, "at least 1 worker is needed");
        return false;
    }
    if (x > VIFD_MAX_WORKERS) {
        snprintf(why, cap, "at most %u workers", VIFD_MAX_WORKERS);
        return false;
    }
    *n = (uint32_t)x;
    return true;
}

/* ------------------------------------------------------------ the hash */

static uint32_t fnv(uint32_t h, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static uint32_t fmix(uint32_t h) {
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    return h ^ (h >> 16);
}

static bool has_ports(uint8_t proto) {
    return proto == 6 || proto == 17 || proto == 132 || proto == 136;
}

/* h over the addresses, protocol and ports of the IP header at d[o]; false
 * when it is not IPv4/IPv6 or is cut short */
static bool ip_hash(const uint8_t *d, uint32_t caplen, uint32_t o, uint16_t type, uint32_t *h) {
    if (type == 0x0800) {
        if (caplen < o + 20 || (d[o] >> 4) != 4) return false;
        uint32_t ihl = (uint32_t)(d[o] & 15) * 4;
        uint8_t proto = d[o + 9];
        bool frag = ((d[o + 6] & 0x3f) | d[o + 7]) != 0;   /* MF or an offset */
        *h = fnv(fnv(2166136261u, d + o + 12, 8), &proto, 1);
        if (!frag && has_ports(proto) && ihl >= 20 && caplen >= o + ihl + 4)
            *h = fnv(*h, d + o + ihl, 4);
        return true;
    }
    if (type == 0x86dd) {
        if (caplen < o + 40 || (d[o] >> 4) != 6) return false;
        uint8_t nh = d[o + 6];
        *h = fnv(fnv(2166136261u, d + o + 8, 32), &nh, 1);
        if (has_ports(nh) && caplen >= o + 44) *h = fnv(*h, d + o + 40, 4);
        return true;
    }
    return false;
}

uint32_t vifd_flow_hash(const uint8_t *d, uint32_t caplen) {
    if (caplen < 12) return 0;
    uint32_t o = 12, h;
    uint16_t type = caplen >= 14 ? (uint16_t)(d[12] << 8 | d[13]) : 0;
    for (int tags = 0; tags < 2 && (type == 0x8100 || type == 0x88a8) && caplen >= o + 6; tags++) {
        o += 4;
        type = (uint16_t)(d[o] << 8 | d[o + 1]);
    }
    if (ip_hash(d, caplen, o + 2, type, &h)) return fmix(h);
    return fmix(fnv(2166136261u, d, 12));
}

/* ------------------------------------------------------------- workers */

vifd_workers *vifd_workers_new(uint32_t n) {
    /* aligned: cwait sits on its own cache line */
    vifd_workers *w = aligned_alloc(_Alignof(vifd_workers), sizeof *w);
    if (!w) return NULL;
    memset(w, 0, sizeof *w);
    w->w = aligned_alloc(_Alignof(worker), n * sizeof *w->w);
    if (!w->w) {
        free(w);
        return NULL;
    }
    memset(w->w, 0, n * sizeof *w->w);
    w->n = n;
    vifd_shared_link_init(&w->link);
    if (dp_lockstep_init(&w->lockstep, n) != 0) {
        free(w->w);
        free(w);
        return NULL;
    }
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    for (uint32_t k = 0; k < n; k++) {
        w->w[k].all = w;
        w->w[k].k = k;
    }
    return w;
}

void *vifd_workers_emit_ctx(vifd_workers *w, uint32_t k) { return &w->w[k]; }

_Atomic int64_t *vifd_workers_shared_link(vifd_workers *w) { return &w->link.free_at; }

dp_lockstep *vifd_workers_lockstep(vifd_workers *w) { return &w->lockstep; }

void vifd_shared_link_init(vifd_shared_link *l) {
    memset(l, 0, sizeof *l);
    atomic_init(&l->free_at, INT64_MIN);
}

bool vifd_parse_link(const char *v, enum vifd_link *m) {
    if (!strcmp(v, "split")) *m = VIFD_LINK_SPLIT;
    else if (!strcmp(v, "shared")) *m = VIFD_LINK_SHARED;
    else return false;
    return true;
}

void vifd_workers_set_dp(vifd_workers *w, uint32_t k, datapath *dp) { w->w[k].dp = dp; }

void vifd_workers_set_global(vifd_workers *w, bool on) { w->global = on; }

void vifd_workers_emit(void *ctx, const uint8_t *data, uint32_t caplen, uint32_t wirelen,
                       int64_t depart) {
    worker *wk = ctx;
    wk->sent++;
    if (!wk->dump) return;   /* --bench: count only */
    struct pcap_pkthdr h;
    memset(&h, 0, sizeof h);
    int64_t t = depart < 0 ? 0 : depart;
    h.ts.tv_sec = (time_t)(t / 1000000000);
    h.ts.tv_usec = (suseconds_t)(t % 1000000000);   /* nanoseconds: see open_tmp */
    h.caplen = caplen;
    h.len = wirelen;
    pcap_dump((u_char *)wk->dump, &h, data);
}

static void close_tmp(worker *wk) {
    if (wk->dump) pcap_dump_close(wk->dump);
    if (wk->dead) pcap_close(wk->dead);
    wk->dump = NULL;
    wk->dead = NULL;
}

void vifd_workers_free(vifd_workers *w) {
    if (!w) return;
    for (uint32_t k = 0; k < w->n; k++) {
        worker *wk = &w->w[k];
        close_tmp(wk);
        if (wk->tmp) unlink(wk->tmp);
        free(wk->tmp);
        free(wk->pk);
        for (wchunk *c = wk->bytes, *next; c; c = next) {
            next = c->next;
            free(c->data);
            free(c);
        }
        free(wk->ho);
        dp_destroy(wk->dp);
    }
    free(w->w);
    dp_lockstep_free(&w->lockstep);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
}

static int push(worker *wk, wpkt p) {
    if (wk->n == wk->cap) {
        size_t c = wk->cap ? wk->cap * 2 : 256;
        wpkt *q = realloc(wk->pk, c * sizeof *q);
        if (!q) return -1;
        wk->pk = q;
        wk->cap = c;
    }
    wk->pk[wk->n++] = p;
    return 0;
}

/* Room for n bytes in worker wk's share (16-byte aligned), or NULL. */
static uint8_t *share_bytes(worker *wk, size_t n) {
    size_t need = WCHUNK_PACKED ? (n + 15) & ~(size_t)15 : n;
    wchunk *c = wk->bytes;
    if (!c || c->cap - c->used < need) {
        size_t cap = need > WCHUNK_BYTES || !WCHUNK_PACKED ? need : WCHUNK_BYTES;
        if (WCHUNK_PACKED) cap = (cap + WCHUNK_ALIGN - 1) & ~(size_t)(WCHUNK_ALIGN - 1);
        c = malloc(sizeof *c);
        if (!c) return NULL;
        c->data = WCHUNK_PACKED ? aligned_alloc(WCHUNK_ALIGN, cap) : malloc(cap);
        if (!c->data) {
            free(c);
            return NULL;
        }
        c->next = wk->bytes;
        c->used = 0;
        c->cap = cap;
        wk->bytes = c;
    }
    uint8_t *b = c->data + c->used;
    c->used += need;
    return b;
}

/* The capture into memory, each packet to its flow's worker's share. */
static int load_capture(vifd_workers *w, char *err) {
    struct pcap_pkthdr *h;
    const u_char *data;
    int r;
    w->first_ts = w->last_ts = INT64_MIN;
    while ((r = pcap_next_ex(w->r->pin, &h, &data)) == 1) {
        int64_t t = (int64_t)h->ts.tv_sec * 1000000000 + (int64_t)h->ts.tv_usec;
        if (w->first_ts == INT64_MIN) w->first_ts = t;
        w->last_ts = t;
        worker *wk = &w->w[vifd_worker_of(vifd_flow_hash(data, h->caplen), w->n)];
        uint8_t *b = share_bytes(wk, h->caplen ? h->caplen : 1);
        if (!b) return fail(err, "out of memory reading %s", w->r->in_file);
        memcpy(b, data, h->caplen);
        wpkt p = { b, h->caplen, h->len, t, w->n_pkts++ };
        if (push(wk, p) != 0) return fail(err, "out of memory reading %s", w->r->in_file);
    }
    if (r == PCAP_ERROR)
        fprintf(stderr, "vifd: warning: capture %s: %s (stopping there)\n", w->r->in_file,
                pcap_geterr(w->r->pin));
    return 0;
}

/* Worker k's departures: a capture with nanosecond stamps beside the
 * output (in TMPDIR or /tmp when the output is a device: /dev/null). */
static int open_tmp(vifd_workers *w, worker *wk, char *err) {
    struct stat st;
    const char *base = w->r->out_file;
    char tbuf[512];
    if (stat(base, &st) == 0 && !S_ISREG(st.st_mode)) {
        const char *td = getenv("TMPDIR");
        snprintf(tbuf, sizeof tbuf, "%s/vifd-out", td && *td ? td : "/tmp");
        base = tbuf;
    }
    size_t n = strlen(base) + 32;
    wk->tmp = malloc(n);
    if (!wk->tmp) return fail(err, "out of memory");
    snprintf(wk->tmp, n, "%s.w%u.XXXXXX", base, wk->k);
    int fd = mkstemp(wk->tmp);
    if (fd < 0) {
        fail(err, "cannot write capture %s: its worker %u's temporary capture %s: %s",
             w->r->out_file, wk->k, wk->tmp, strerror(errno));
        free(wk->tmp);
        wk->tmp = NULL;
        return -1;
    }
    FILE *f = fdopen(fd, "wb");
    wk->dead = pcap_open_dead_with_tstamp_precision(w->r->linktype, w->r->snaplen,
                                                    PCAP_TSTAMP_PRECISION_NANO);
    if (!f || !wk->dead || !(wk->dump = pcap_dump_fopen(wk->dead, f))) {
        if (f) fclose(f); else close(fd);
        return fail(err, "cannot write a temporary capture %s", wk->tmp);
    }
    return 0;
}

/* ----------------------------------------------------------- replaying */

static int64_t mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

long vifd_thread_faults(void) {
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) != 0) return 0;
    return ru.ru_minflt + ru.ru_majflt;
}

static int64_t cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void vifd_bench_wait(int64_t at) {
    if (at <= 0) return;
    struct timespec ts = { (time_t)(at / 1000000000), (long)(at % 1000000000) };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

bool vifd_late_note(vifd_late *l, int64_t lag) {
    if (lag <= l->thr) return false;
    l->frames++;
    if (lag > l->worst) l->worst = lag;
    return true;
}

void vifd_late_warn(double speed, int wk, int64_t lag, double ts_s) {
    char who[32] = "vifd";
    if (wk >= 0) snprintf(who, sizeof who, "worker %d", wk);
    fprintf(stderr, "vifd: warning: --speed %g: %s replays %.1f ms behind the wall clock (a "
                    "frame of t = %.6f s): vifd does not keep up with this speed, so from "
                    "here the replay is not at the capture's pace (late frames and the worst "
                    "lag: the statistics' replay line, JSON \"replay_late\")\n",
            speed, who, (double)lag / 1e6, ts_s);
}

void vifd_late_print(FILE *f, double speed, const vifd_late *tot, uint64_t frames) {
    fprintf(f, "replay at --speed %g: %" PRIu64 " of %" PRIu64 " frames more than %g ms late, "
               "worst lag %.1f ms\n", speed, tot->frames, frames, (double)tot->thr / 1e6,
            (double)tot->worst / 1e6);
}

void vifd_late_json(FILE *f, double speed, const vifd_late *tot, const vifd_late *per, uint32_t n) {
    fprintf(f, "\"replay_late\": {\"speed\": %g, \"threshold_ns\": %" PRId64 ", \"frames\": %"
               PRIu64 ", \"worst_lag_ns\": %" PRId64, speed, tot->thr, tot->frames, tot->worst);
    if (per) {
        fputs(", \"per_worker\": [", f);
        for (uint32_t k = 0; k < n; k++)
            fprintf(f, "%s{\"frames\": %" PRIu64 ", \"worst_lag_ns\": %" PRId64 "}",
                    k ? ", " : "", per[k].frames, per[k].worst);
        fputc(']', f);
    }
    fputc('}', f);
}

/* --speed: sleep until the wall clock reaches target; a frame whose turn
 * comes later than that counts as late (vifd_late_note), and the first
 * late frame of the run prints the one warning. */
static void pace(worker *wk, int64_t target, int64_t ts, bool frame, volatile int *stop) {
    int64_t d = target - mono_ns();
    if (d <= 0) {
        vifd_workers *w = wk->all;
        if (frame && vifd_late_note(&wk->late, -d) &&
            !atomic_exchange_explicit(&w->warned_late, true, memory_order_relaxed))
            vifd_late_warn(w->r->speed, (int)wk->k, -d, (double)(ts - w->first_ts) / 1e9);
        return;
    }
    if (*stop) return;
    struct timespec ts_ = { (time_t)(d / 1000000000), (long)(d % 1000000000) };
    nanosleep(&ts_, NULL);
}

/* Between two packets: wait here while the main thread applies an
 * injection (pause_req). */
static void maybe_park(vifd_workers *w) {
    if (!atomic_load_explicit(&w->pause_req, memory_order_acquire)) return;
    pthread_mutex_lock(&w->mu);
    w->parked++;
    pthread_cond_broadcast(&w->cv);
    while (atomic_load_explicit(&w->pause_req, memory_order_acquire))
        pthread_cond_wait(&w->cv, &w->mu);
    w->parked--;
    pthread_mutex_unlock(&w->mu);
}

/* ------------------------------------------------------- the hand-off */

/* Sleeping on a ring: a futex on a 32-bit sequence word.  The sleeper
 * sets its flag, issues a full fence, looks at the ring again and sleeps
 * only if it still has to, while the sequence word is what it read
 * before; the other side changes the ring, issues a full fence, and when
 * the flag is set bumps the word and wakes it.  So a wake-up is not lost
 * (one side or the other sees the other's write).  The sleep is bounded
 * (RING_SLEEP_NS) so that a stop or a pause request is seen; a pause
 * request also wakes every sleeper (wake_all). */
#define RING_SLEEP_NS 10000000   /* 10 ms */

static void futex_sleep(_Atomic uint32_t *word, uint32_t seen, int64_t ns) {
    struct timespec ts = { (time_t)(ns / 1000000000), (long)(ns % 1000000000) };
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, seen, &ts, NULL, 0);
}

static void futex_wake(_Atomic uint32_t *word) {
    atomic_fetch_add_explicit(word, 1, memory_order_release);
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* the main thread, before waiting for every worker to park */
static void wake_all(vifd_workers *w) {
    if (!w->global) return;
    for (uint32_t k = 1; k < w->n; k++) futex_wake(&w->w[k].ho->pseq);
    futex_wake(&w->cseq);
}

/* Worker 0 may sleep on empty rings (take_rest): after a push or at the
 * end, a producer wakes it.  The flag is read without a fence after the
 * push (per packet), so a wake-up can come late by at most one
 * RING_SLEEP_NS; at the end (producer_done) it is read with one. */
static inline void wake_consumer(vifd_workers *w) {
    if (atomic_load_explicit(&w->cwait, memory_order_relaxed)) {
        atomic_store_explicit(&w->cwait, 0, memory_order_relaxed);
        futex_wake(&w->cseq);
    }
}

/* Worker k > 0: is this packet a global VIF's?  Then into the ring to
 * worker 0.  A full ring puts the producer to sleep until worker 0 has
 * emptied it to half (parking for a swap meanwhile); the time is counted
 * apart, in thread CPU and in wall time. */
static bool hand_off(worker *wk, const wpkt *p, int64_t t) {
    if (!wk->ho || !dp_is_global_pkt(wk->dp, p->data, p->caplen, p->len)) return false;
    handoff *h = wk->ho;
    vifd_workers *w = wk->all;
    uint64_t head = atomic_load_explicit(&h->head, memory_order_relaxed);
    if (head - atomic_load_explicit(&h->tail, memory_order_acquire) >= HANDOFF_SLOTS) {
        int64_t c0 = thread_cpu_ns(), m0 = mono_ns();
        wk->waits++;
        wake_consumer(w);
        while (head - atomic_load_explicit(&h->tail, memory_order_acquire) > HANDOFF_SLOTS / 2) {
            if (*w->r->stop) break;
            maybe_park(w);
            uint32_t seen = atomic_load_explicit(&h->pseq, memory_order_acquire);
            atomic_store_explicit(&h->pwait, 1, memory_order_seq_cst);
            atomic_thread_fence(memory_order_seq_cst);
            if (head - atomic_load_explicit(&h->tail, memory_order_acquire) > HANDOFF_SLOTS / 2 &&
                !atomic_load_explicit(&w->pause_req, memory_order_acquire))
                futex_sleep(&h->pseq, seen, RING_SLEEP_NS);
            atomic_store_explicit(&h->pwait, 0, memory_order_relaxed);
        }
        wk->wait_cpu += thread_cpu_ns() - c0;
        wk->wait_wall += mono_ns() - m0;
        if (*w->r->stop) return true;
    }
    wpkt *s = &h->slot[head % HANDOFF_SLOTS];
    *s = *p;
    s->ts = t;
    atomic_store_explicit(&h->head, head + 1, memory_order_release);
    wk->handed++;
    wake_consumer(w);
    return true;
}

/* Worker 0: the packets the others handed over so far, into its
 * datapath (each at its time, or now when the clock is past it); a
 * producer asleep on its full ring is woken once the ring is emptied. */
static uint32_t take_handoffs(worker *wk) {
    vifd_workers *w = wk->all;
    datapath *dp = wk->dp;
    uint32_t got = 0;
    for (uint32_t k = 1; k < w->n; k++) {
        handoff *h = w->w[k].ho;
        uint64_t tail = atomic_load_explicit(&h->tail, memory_order_relaxed);
        uint64_t head = atomic_load_explicit(&h->head, memory_order_acquire);
        if (tail == head) continue;
        for (; tail != head; tail++) {
            const wpkt *p = &h->slot[tail % HANDOFF_SLOTS];
            dp_advance(dp, p->ts < dp_now(dp) ? dp_now(dp) : p->ts);
            dp_input_at(dp, p->data, p->caplen, p->len, p->ts);   /* stamped with its arrival */
            dp_tlw_tick(wk->all->r->tl, wk->k);
            got++;
        }
        atomic_store_explicit(&h->tail, tail, memory_order_release);
        atomic_thread_fence(memory_order_seq_cst);
        if (atomic_load_explicit(&h->pwait, memory_order_relaxed)) futex_wake(&h->pseq);
    }
    wk->taken += got;
    return got;
}

/* Worker 0 after its own share: take the others' until every one is done
 * and its ring empty, sleeping while the rings are empty. */
static void take_rest(worker *wk) {
    vifd_workers *w = wk->all;
    for (;;) {
        bool all_done = true;
        for (uint32_t k = 1; k < w->n; k++)
            if (!atomic_load_explicit(&w->w[k].ho->done, memory_order_acquire)) all_done = false;
        uint32_t got = take_handoffs(wk);
        if (all_done && got == 0) {
            if (take_handoffs(wk) == 0) return;
            continue;
        }
        if (*w->r->stop) return;
        if (got) continue;
        int64_t c0 = thread_cpu_ns(), m0 = mono_ns();
        wk->waits++;
        maybe_park(w);
        uint32_t seen = atomic_load_explicit(&w->cseq, memory_order_acquire);
        atomic_store_explicit(&w->cwait, 1, memory_order_seq_cst);
        atomic_thread_fence(memory_order_seq_cst);
        bool empty = true, done = true;
        for (uint32_t k = 1; k < w->n; k++) {
            handoff *h = w->w[k].ho;
            if (atomic_load_explicit(&h->head, memory_order_acquire) !=
                atomic_load_explicit(&h->tail, memory_order_relaxed)) empty = false;
            if (!atomic_load_explicit(&h->done, memory_order_acquire)) done = false;
        }
        if (empty && !done && !atomic_load_explicit(&w->pause_req, memory_order_acquire))
            futex_sleep(&w->cseq, seen, RING_SLEEP_NS);
        atomic_store_explicit(&w->cwait, 0, memory_order_relaxed);
        wk->wait_cpu += thread_cpu_ns() - c0;
        wk->wait_wall += mono_ns() - m0;
    }
}

static void producer_done(worker *wk) {
    if (!wk->ho) return;
    atomic_store_explicit(&wk->ho->done, true, memory_order_seq_cst);
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&wk->all->cwait, memory_order_relaxed)) futex_wake(&wk->all->cseq);
}

/* offline: the worker's share on the capture's timestamps, then the drain
 * up to the capture's last timestamp + --drain (as with one worker) */
static void replay(worker *wk, int64_t wall0) {
    const vifd_workers *w = wk->all;
    const vifd_wrun *r = w->r;
    datapath *dp = wk->dp;
    /* decided once per run, not per packet (as bench) */
    volatile int *stop = r->stop;
    dp_tlw *tl = r->tl;
    const bool consumer = w->global && wk->k == 0, producer = wk->ho != NULL;
    const double speed = r->speed;
    wk->late.thr = r->late_ns;
    for (size_t i = 0; i < wk->n && !*stop; i++) {
        maybe_park(wk->all);
        const wpkt *p = &wk->pk[i];
        int64_t now = dp_now(dp), t = p->ts < now ? now : p->ts;
        dp_link_publish(dp, t);   /* (--link shared offline: before any wait) */
        if (speed > 0) {
            /* the events before the packet (timers, the link's polls) at
             * their own times, not when the packet is due: a sharer of the
             * link in step would wait for this worker's clock meanwhile */
            for (int64_t e; !*stop && (e = dp_next_event(dp)) < t;) {
                pace(wk, wall0 + (int64_t)((double)(e - w->first_ts) / speed), e, false, stop);
                dp_run_next(dp);
                dp_link_publish(dp, t);
            }
            pace(wk, wall0 + (int64_t)((double)(t - w->first_ts) / speed), t, true, stop);
        }
        if (consumer) take_handoffs(wk);
        if (producer && hand_off(wk, p, p->ts)) continue;
        dp_advance(dp, t);
        dp_input(dp, p->data, p->caplen, p->len);
        if (tl) dp_tlw_tick(tl, wk->k);
    }
    dp_link_publish(dp, INT64_MAX);
    producer_done(wk);
    if (consumer) take_rest(wk);
    if (!*r->stop) {
        int64_t until = w->last_ts == INT64_MIN ? dp_now(dp) : w->last_ts;
        if (until < dp_now(dp)) until = dp_now(dp);
        double lim = r->drain_s * 1e9;
        until = lim >= (double)(INT64_MAX - until) ? INT64_MAX : until + (int64_t)lim;
        /* the drain: each event at its time on the wall clock too (--speed),
         * so that a draining worker does not book a shared link ahead of
         * the others */
        dp_audit_all(dp);
        for (int64_t e; !*stop && (e = dp_drain_next(dp, until)) != INT64_MAX;) {
            if (speed > 0) pace(wk, wall0 + (int64_t)((double)(e - w->first_ts) / speed), e, false, stop);
            dp_run_next(dp);
        }
    }
    dp_link_leave(dp);
}

/* --bench N: packet i of the N (capture packet i % np) arrives at 1 + i ns,
 * on its flow's worker, as with one worker.
 *
 * The loop does per packet what vifd_main.c's single-threaded run_bench
 * does (dp_advance, dp_input, the stop flag) and nothing more when the
 * worker has no timeline and no hand-off ring: everything else is decided
 * once per run, the count kept in a register, and the last cycle's bound
 * (packet index < n) found once per cycle (a worker's share is in capture
 * order) instead of tested per packet. */
static void bench(worker *wk) {
    const vifd_workers *w = wk->all;
    datapath *dp = wk->dp;
    volatile int *stop = w->r->stop;
    dp_tlw *tl = w->r->tl;
    const uint32_t k = wk->k;
    const bool consumer = w->global && k == 0, plain = !tl && !wk->ho && !consumer;
    const wpkt *pk = wk->pk;
    uint64_t n = w->r->bench, np = w->n_pkts, in = 0;
    int64_t base = dp_now(dp) > 0 ? dp_now(dp) : 1;
    for (uint64_t c = 0; wk->n && c * np < n && !*stop; c++) {
        uint64_t first = c * np;   /* packet number of capture packet 0 in this cycle */
        size_t m = wk->n;
        if (n - first < np)        /* the last cycle: the share's packets below n */
            while (m > 0 && pk[m - 1].index >= n - first) m--;
        int64_t t0 = base + (int64_t)first;
        if (plain) {
            size_t j = 0;
            for (; j < m && !*stop; j++) {
                dp_advance(dp, t0 + (int64_t)pk[j].index);
                dp_input(dp, pk[j].data, pk[j].caplen, pk[j].len);
            }
            in += j;
            continue;
        }
        for (size_t j = 0; j < m && !*stop; j++) {
            uint64_t i = first + pk[j].index;
            in++;
            if (consumer && (i & 63) == 0) take_handoffs(wk);
            if (hand_off(wk, &pk[j], t0 + (int64_t)pk[j].index)) continue;
            dp_advance(dp, base + (int64_t)i);
            dp_input(dp, pk[j].data, pk[j].caplen, pk[j].len);
            dp_tlw_tick(tl, k);
        }
    }
    wk->bench_in = in;
    producer_done(wk);
    if (consumer) take_rest(wk);
    dp_finish(dp, INT64_MAX, stop);
    dp_link_leave(dp);
}

/* A started thread waits here until every worker has started (the main
 * thread then starts the clock: thread creation is not in the timed
 * run); false when the run was stopped before that. */
static bool await_start(vifd_workers *w) {
    pthread_mutex_lock(&w->mu);
    w->ready++;
    pthread_cond_broadcast(&w->cv);
    while (!w->go && !*w->r->stop) pthread_cond_wait(&w->cv, &w->mu);
    bool go = w->go;
    pthread_mutex_unlock(&w->mu);
    return go;
}

static void *worker_main(void *arg) {
    worker *wk = arg;
    vifd_workers *w = wk->all;
    if (w->r->pin_cpus) {
        char why[128];
        if (dp_pin_thread(wk->k, why, sizeof why) != 0)
            fprintf(stderr, "vifd: warning: worker %u not pinned: %s\n", wk->k, why);
    }
    int64_t cpu0 = 0;
    long f0 = vifd_thread_faults();
    if (await_start(w)) {
        f0 = vifd_thread_faults();
        cpu0 = thread_cpu_ns();
        if (w->r->bench) bench(wk);
        else replay(wk, w->wall0);
        dp_tlw_last(w->r->tl, wk->k);
    }
    wk->end = mono_ns();
    wk->cpu = thread_cpu_ns() - cpu0;
    wk->faults = vifd_thread_faults() - f0;
    pthread_mutex_lock(&w->mu);
    w->done++;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    dp_thread_done();
    return NULL;
}

/* --dir: until every worker is done, watch the injection directory; on a
 * change (or every INJECT_STATS_NS, for the stats files) pause all the
 * workers, apply it to all of them (inject_dir.c), let them go on.  A
 * worker pauses between two of its packets, so the swap is atomic per
 * worker and across workers in processing order: no packet is processed
 * with the old code after any packet was processed with the new one. */
static void watch_dir(vifd_workers *w, inject_dir *ij) {
    int64_t next_stats = 0;
    for (;;) {
        pthread_mutex_lock(&w->mu);
        bool all_done = w->done == w->started_n;
        pthread_mutex_unlock(&w->mu);
        if (all_done || *w->r->stop) return;
        struct pollfd pfd = { .fd = inject_fd(ij), .events = POLLIN };
        bool ready = poll(&pfd, 1, 10) > 0;
        if (!ready && mono_ns() < next_stats) continue;
        atomic_store_explicit(&w->pause_req, 1, memory_order_seq_cst);
        wake_all(w);   /* a worker asleep on a ring parks at once */
        pthread_mutex_lock(&w->mu);
        while (w->parked + w->done < w->started_n && !*w->r->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (w->parked + w->done == w->started_n) inject_poll(ij);
        atomic_store_explicit(&w->pause_req, 0, memory_order_release);
        pthread_cond_broadcast(&w->cv);
        pthread_mutex_unlock(&w->mu);
        next_stats = mono_ns() + INJECT_STATS_NS;
    }
}

/* the threads: started, then (once all wait for it) given the start
 * signal at wall0 (also the origin of --speed), joined.  *c0: the
 * process's CPU time at the signal. */
static int run_threads(vifd_workers *w, int64_t *c0, char *err) {
    int rc = 0;
    w->first_ts = w->first_ts == INT64_MIN ? 0 : w->first_ts;
    const int32_t only = w->r->bench ? w->r->bctl.worker : -1;
    for (uint32_t k = 0; k < w->n; k++) {
        if (only >= 0 && k != (uint32_t)only) continue;   /* --bench-worker */
        int e = pthread_create(&w->w[k].th, NULL, worker_main, &w->w[k]);
        if (e) {
            *w->r->stop = 1;   /* the started ones end at once */
            rc = fail(err, "cannot start worker thread %u: %s", k, strerror(e));
            break;
        }
        w->w[k].started = true;
        w->started_n++;
    }
    pthread_mutex_lock(&w->mu);
    while (rc == 0 && w->ready < w->started_n && !*w->r->stop) pthread_cond_wait(&w->cv, &w->mu);
    if (w->r->bench) vifd_bench_wait(w->r->bctl.at);
    *c0 = cpu_ns();
    w->wall0 = mono_ns();
    w->go = rc == 0;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    if (rc == 0 && w->r->ij) watch_dir(w, w->r->ij);
    for (uint32_t k = 0; k < w->n; k++)
        if (w->w[k].started) pthread_join(w->w[k].th, NULL);
    return rc;
}

/* ------------------------------------------------------------- output */

/* The workers' temporaries into the output, by departure time. */
static int merge_output(vifd_workers *w, char *err) {
    const vifd_wrun *r = w->r;
    char ebuf[PCAP_ERRBUF_SIZE];
    pcap_t **in = calloc(w->n, sizeof *in);
    struct pcap_pkthdr **h = calloc(w->n, sizeof *h);
    const u_char **d = calloc(w->n, sizeof *d);
    pcap_t *dead = pcap_open_dead_with_tstamp_precision(r->linktype, r->snaplen,
                                                        (u_int)r->precision);
    pcap_dumper_t *out = dead ? pcap_dump_open(dead, r->out_file) : NULL;
    int rc = 0;
    if (!in || !h || !d || !out) {
        rc = fail(err, "cannot write capture %s%s%s", r->out_file, dead ? ": " : "",
                  dead ? pcap_geterr(dead) : "");
        goto done;
    }
    for (uint32_t k = 0; k < w->n; k++) {
        close_tmp(&w->w[k]);
        in[k] = pcap_open_offline_with_tstamp_precision(w->w[k].tmp, PCAP_TSTAMP_PRECISION_NANO,
                                                        ebuf);
        if (!in[k]) {
            rc = fail(err, "cannot read back %s: %s", w->w[k].tmp, ebuf);
            goto done;
        }
        if (pcap_next_ex(in[k], &h[k], &d[k]) != 1) h[k] = NULL;
    }
    for (;;) {
        int best = -1;
        int64_t bt = 0;
        for (uint32_t k = 0; k < w->n; k++) {
            if (!h[k]) continue;
            int64_t t = (int64_t)h[k]->ts.tv_sec * 1000000000 + h[k]->ts.tv_usec;
            if (best < 0 || t < bt) {
                best = (int)k;
                bt = t;
            }
        }
        if (best < 0) break;
        struct pcap_pkthdr o = *h[best];
        if (r->precision != PCAP_TSTAMP_PRECISION_NANO) o.ts.tv_usec /= 1000;
        pcap_dump((u_char *)out, &o, d[best]);
        if (pcap_next_ex(in[best], &h[best], &d[best]) != 1) h[best] = NULL;
    }
done:
    for (uint32_t k = 0; in && k < w->n; k++)
        if (in[k]) pcap_close(in[k]);
    if (out) pcap_dump_close(out);
    if (dead) pcap_close(dead);
    free(in);
    free(h);
    free(d);
    return rc;
}

/* --------------------------------------------------------- statistics */

/* The workers' JSON objects ("\"workers\": N, \"per_worker\": [...]"), taken
 * before the totals are summed into worker 0; malloc'd, NULL when out of
 * memory. */
static char *workers_json(vifd_workers *w) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    fprintf(f, "\"workers\": %u,\n  \"per_worker\": [", w->n);
    for (uint32_t k = 0; k < w->n; k++) {
        fputs(k ? ",\n    " : "\n    ", f);
        dp_worker_json(w->w[k].dp, k, f);
    }
    fputs("\n  ]", f);
    if (w->r->speed > 0 && !w->r->bench) {   /* --speed: the frames replayed late */
        vifd_late tot = { w->r->late_ns, 0, 0 }, per[VIFD_MAX_WORKERS];
        for (uint32_t k = 0; k < w->n; k++) {
            per[k] = w->w[k].late;
            tot.frames += per[k].frames;
            if (per[k].worst > tot.worst) tot.worst = per[k].worst;
        }
        fputs(",\n  ", f);
        vifd_late_json(f, w->r->speed, &tot, per, w->n);
    }
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Per worker (audited first): the table (per_worker) or the invariants
 * alone.  false if an invariant failed in any worker. */
static bool worker_stats(vifd_workers *w) {
    bool ok = true;
    for (uint32_t k = 0; k < w->n; k++) {
        datapath *dp = w->w[k].dp;
        dp_audit_all(dp);
        if (w->r->per_worker && !w->r->quiet) {
            printf("worker %u of %u:\n", k, w->n);
            if (!dp_print_stats(dp, stdout)) ok = false;
        } else if (!dp_check_invariants(dp, stderr)) {
            fprintf(stderr, "vifd: accounting error in worker %u (above)\n", k);
            ok = false;
        }
    }
    return ok;
}

/* Sums workers 1.. into worker 0 (then for statistics only). */
static int sum_workers(vifd_workers *w, char *err) {
    for (uint32_t k = 1; k < w->n; k++)
        if (dp_absorb(w->w[0].dp, w->w[k].dp, err) != 0) return -1;
    return 0;
}

static void print_bench(vifd_workers *w, int64_t w0, int64_t w1, int64_t cpu) {
    uint64_t n = w->r->bench, sent = 0, wall = (uint64_t)(w1 - w0);
    for (uint32_t k = 0; k < w->n; k++) sent += w->w[k].sent;
    if (w->r->bctl.worker >= 0) n = w->w[w->r->bctl.worker].bench_in;   /* its share only */
    double secs = (double)wall / 1e9, per = n ? (double)n : 1.0;
    printf("bench: %" PRIu64 " packets in, %" PRIu64 " out, %.3f s, %.3f Mpps, %.1f ns/packet\n",
           n, sent, secs, secs > 0 ? (double)n / secs / 1e6 : 0.0, (double)wall / per);
    printf("bench-cpu: %.1f ns/packet\n", (double)cpu / per);
    printf("bench-window: %" PRId64 " %" PRId64 " (CLOCK_MONOTONIC ns)\n", w0, w1);
    /* on a machine with a free core per worker the wall time would be the
     * slowest worker's CPU time: a figure a loaded machine still shows */
    int64_t slowest = 0;
    printf("bench-workers: %u (packets per worker:", w->n);
    for (uint32_t k = 0; k < w->n; k++) printf(" %" PRIu64, w->w[k].bench_in);
    printf("; thread CPU ms:");
    for (uint32_t k = 0; k < w->n; k++) {
        printf(" %.1f", (double)w->w[k].cpu / 1e6);
        if (w->w[k].cpu > slowest) slowest = w->w[k].cpu;
    }
    printf("; %.3f Mpps at the slowest worker's CPU time)\n",
           slowest > 0 ? (double)n / ((double)slowest / 1e9) / 1e6 : 0.0);
    printf("bench-faults: page faults in the timed run, per worker:");
    for (uint32_t k = 0; k < w->n; k++) printf(" %ld", w->w[k].faults);
    printf("\n");
    if (w->global) {
        uint64_t handed = 0;
        for (uint32_t k = 1; k < w->n; k++) handed += w->w[k].handed;
        printf("bench-handoff: %" PRIu64 " packets handed to worker 0 (global VIF), %" PRIu64
               " taken; thread CPU ms spent waiting on the rings (in the CPU above):", handed,
               w->w[0].taken);
        for (uint32_t k = 0; k < w->n; k++) printf(" %.1f", (double)w->w[k].wait_cpu / 1e6);
        printf(" (waits:");
        for (uint32_t k = 0; k < w->n; k++) printf(" %" PRIu64, w->w[k].waits);
        printf("; wall ms asleep or waiting:");
        for (uint32_t k = 0; k < w->n; k++) printf(" %.1f", (double)w->w[k].wait_wall / 1e6);
        printf(")\n");
    }
}

/* --speed: how many frames were replayed late (more than LATE_NS behind
 * their time on the wall clock), and the worst lag. */
static void print_late(const vifd_workers *w) {
    vifd_late tot = { w->r->late_ns, 0, 0 };
    uint64_t n = 0;
    for (uint32_t k = 0; k < w->n; k++) {
        tot.frames += w->w[k].late.frames;
        n += w->w[k].n;
        if (w->w[k].late.worst > tot.worst) tot.worst = w->w[k].late.worst;
    }
    vifd_late_print(stdout, w->r->speed, &tot, n);
}

static int report(vifd_workers *w, char *err) {
    bool ok = worker_stats(w);
    inject_write_stats(w->r->ij);   /* the totals, before they are summed into worker 0 */
    char *extra = workers_json(w);
    if (!extra) return fail(err, "out of memory");
    int rc = sum_workers(w, err);
    datapath *dp = w->w[0].dp;
    if (rc == 0) {
        if (!w->r->quiet) printf("totals over %u workers:\n", w->n);
        bool tot = w->r->quiet ? dp_check_invariants(dp, stderr) : dp_print_stats(dp, stdout);
        if (!w->r->quiet && w->r->speed > 0 && !w->r->bench) print_late(w);
        ok = ok && tot;
        fflush(stdout);
        if (w->r->stats_file && dp_write_stats_json_ex(dp, w->r->stats_file, extra, err) != 0)
            rc = -1;
    }
    free(extra);
    return rc != 0 ? -1 : ok ? 0 : 1;
}

int vifd_workers_run(vifd_workers *w, const vifd_wrun *r, char *err) {
    err[0] = '\0';
    w->r = r;
    if (load_capture(w, err) != 0) return 1;
    if (r->bench && w->n_pkts == 0) {
        fail(err, "--bench: the capture has no packets");
        return 1;
    }
    for (uint32_t k = 0; !r->bench && k < w->n; k++)
        if (open_tmp(w, &w->w[k], err) != 0) return 1;
    for (uint32_t k = 1; w->global && k < w->n; k++) {
        w->w[k].ho = aligned_alloc(_Alignof(handoff), sizeof(handoff));
        if (!w->w[k].ho) return fail(err, "out of memory"), 1;
        memset(w->w[k].ho, 0, sizeof(handoff));
    }
    /* --timeline: intervals from the capture's first timestamp (--bench: 0) */
    for (uint32_t k = 0; r->tl && k < w->n; k++)
        dp_tlw_set(r->tl, k, w->w[k].dp,
                   r->bench || w->first_ts == INT64_MIN ? 0 : w->first_ts);
    int64_t c0 = 0;
    if (run_threads(w, &c0, err) != 0) return 1;
    /* the wall time: from the start signal to the last worker's end */
    int64_t w0 = w->wall0, w1 = w0, c1 = cpu_ns();
    for (uint32_t k = 0; k < w->n; k++)
        if (w->w[k].end > w1) w1 = w->w[k].end;
    if (*r->stop) fputs("vifd: interrupted: writing statistics\n", stderr);
    if (r->bench) print_bench(w, w0, w1, c1 - c0);
    else if (merge_output(w, err) != 0) return 1;
    int rc = report(w, err);
    return rc < 0 ? 1 : rc;
}
