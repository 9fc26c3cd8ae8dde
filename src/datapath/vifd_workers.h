/* vifd_workers.h - vifd --workers N over a capture (offline and --bench):
 * the input is split by a flow hash, each worker thread runs its own
 * datapath (its own VIF tree and owner VMs: nothing VM-side is shared),
 * the outputs are merged by departure time, the statistics summed.
 * Host code (libc, libpcap, pthreads). */
#ifndef VIFVM_VIFD_WORKERS_H
#define VIFVM_VIFD_WORKERS_H

#include <pcap/pcap.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "datapath.h"

#define VIFD_MAX_WORKERS 64u

/* "N" (1..VIFD_MAX_WORKERS) or "auto" (the online CPUs, at most
 * VIFD_MAX_WORKERS): true and *n set, or false with the reason in why. */
bool vifd_parse_workers(const char *v, uint32_t *n, char *why, size_t cap);

/* The flow hash: Ethernet (up to two VLAN tags skipped), then IPv4 or
 * IPv6 source, destination and protocol, plus the ports for TCP, UDP,
 * SCTP and UDP-Lite (not for fragments, so that a flow's fragments stay
 * together; IPv6 extension headers are not walked).  Not symmetric: the
 * two directions of a connection may go to different workers.  Other
 * frames (ARP, ...) hash by their MAC pair; a frame shorter than the two
 * MAC addresses hashes to 0. */
uint32_t vifd_flow_hash(const uint8_t *d, uint32_t caplen);
/* The worker of hash h among n. */
static inline uint32_t vifd_worker_of(uint32_t h, uint32_t n) {
    return (uint32_t)(((uint64_t)h * n) >> 32);
}

/* --link split|shared (with --workers N and --rate R): N links at R/N,
 * one per worker, or one link at R that the workers share (claimed per
 * transmission, dp_config.shared_link); the default (AUTO) is shared where
 * the workers' clocks are comparable (live; offline with --speed), else
 * split. */
enum vifd_link { VIFD_LINK_AUTO = 0, VIFD_LINK_SPLIT, VIFD_LINK_SHARED };
/* "split" or "shared": true and *m set, or false. */
bool vifd_parse_link(const char *v, enum vifd_link *m);

/* One shared link's free time, alone on its cache line(s). */
typedef struct vifd_shared_link {
    _Alignas(128) _Atomic int64_t free_at;
    char pad[128 - sizeof(int64_t)];
} vifd_shared_link;
/* Free (at INT64_MIN). */
void vifd_shared_link_init(vifd_shared_link *l);

/* --speed: frames whose turn came more than a threshold (--late-ms;
 * default VIFD_LATE_NS) after their time on the wall clock (vifd does not
 * keep up with the speed asked for). */
#define VIFD_LATE_NS 10000000   /* 10 ms */
typedef struct vifd_late {
    int64_t thr;              /* the threshold, ns */
    uint64_t frames;          /* late frames */
    int64_t worst;            /* the largest lag, ns */
} vifd_late;
/* A frame's lag (ns, wall clock minus its paced time): true when it is
 * late (then counted in *l). */
bool vifd_late_note(vifd_late *l, int64_t lag);
/* The one warning of a run (wk: the worker, < 0: one worker); ts_s: the frame's
 * time from the capture's start. */
void vifd_late_warn(double speed, int wk, int64_t lag, double ts_s);
/* The statistics' line, and the JSON member ("\"replay_late\": {...}";
 * per: the workers' counts, or NULL). */
void vifd_late_print(FILE *f, double speed, const vifd_late *tot, uint64_t frames);
void vifd_late_json(FILE *f, double speed, const vifd_late *tot, const vifd_late *per, uint32_t n);

typedef struct vifd_workers vifd_workers;

/* n workers; their datapaths are set with vifd_workers_set_dp, each
 * created with .emit = vifd_workers_emit and .emit_ctx =
 * vifd_workers_emit_ctx(w, k). */
vifd_workers *vifd_workers_new(uint32_t n);
void vifd_workers_emit(void *ctx, const uint8_t *data, uint32_t caplen, uint32_t wirelen,
                       int64_t depart);
void *vifd_workers_emit_ctx(vifd_workers *w, uint32_t k);
/* The workers' shared link (--link shared): dp_config.shared_link. */
_Atomic int64_t *vifd_workers_shared_link(vifd_workers *w);
/* Offline, their clocks in step where that link is concerned (so the link
 * is claimed in virtual-time order: dp_config.lockstep, lockstep_k = k). */
dp_lockstep *vifd_workers_lockstep(vifd_workers *w);
/* Some VIF is global (--vif-workers PATH=1, dp_set_global): the other
 * workers hand its packets to worker 0 through one single-producer
 * single-consumer ring each. */
void vifd_workers_set_global(vifd_workers *w, bool on);
/* Worker k's datapath (destroyed by vifd_workers_free). */
void vifd_workers_set_dp(vifd_workers *w, uint32_t k, datapath *dp);
/* Frees the datapaths too, and removes any temporary output file. */
void vifd_workers_free(vifd_workers *w);

/* Measurement controls for --bench (bench/workers.sh runs several vifd
 * processes whose timed runs must overlap). */
typedef struct vifd_bench_ctl {
    int64_t at;       /* > 0: the timed run starts when CLOCK_MONOTONIC reaches
                         this (ns; --bench-at): separate processes start together */
    int32_t worker;   /* >= 0: only this worker's share runs (--bench-worker K, with
                         --workers N): one worker of a 2-worker run, alone in its
                         process, with the same packets, datapath and loop */
} vifd_bench_ctl;
/* Sleep until CLOCK_MONOTONIC reaches at (at once when at <= 0 or past). */
void vifd_bench_wait(int64_t at);
/* The calling thread's page faults so far (minor and major; 0 when not
 * known): bench-faults, the faults inside the timed run. */
long vifd_thread_faults(void);

typedef struct vifd_wrun {
    pcap_t *pin;              /* the capture (opened with nanosecond stamps) */
    const char *in_file;
    const char *out_file;     /* offline: the output capture */
    int linktype, snaplen, precision;   /* of the output */
    uint64_t bench;           /* --bench N (0: offline replay) */
    vifd_bench_ctl bctl;      /* --bench-at, --bench-worker */
    double speed, drain_s;    /* offline: --speed, --drain */
    int64_t late_ns;          /* --speed: a frame this late counts as late (--late-ms) */
    bool quiet, per_worker;   /* --quiet, --stats-per-worker */
    bool pin_cpus;            /* --pin-workers: worker K on the K-th allowed CPU */
    const char *stats_file;   /* --stats FILE.json or NULL */
    volatile int *stop;       /* SIGINT/SIGTERM */
    struct inject_dir *ij;    /* --dir (offline, not --bench), or NULL */
    struct dp_tlw *tl;        /* --timeline (dp_timeline_workers.h), or NULL */
} vifd_wrun;

/* Run: read the capture, split it, run the workers, merge the output,
 * print the statistics (totals; with per_worker each worker's first).
 * 0 when every accounting invariant holds (in total and per worker), 1
 * otherwise, with an error in err (DP_ERR_MAX) when err[0] is set. */
int vifd_workers_run(vifd_workers *w, const vifd_wrun *r, char *err);

#endif
