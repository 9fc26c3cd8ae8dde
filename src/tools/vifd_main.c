/* vifd_main.c - the `vifd` command: the VIF datapath daemon.
 *
 * Offline mode (pcap in, pcap out, virtual clock from the capture):
 *   vifd --in pcap:IN.pcap --out pcap:OUT.pcap [--rate 10mbit]
 *        [--vif PATH=FILTER]... [--load PATH=FILE[:OWNER]]...
 *        [--policy PATH=pass|drop]... [--quota [PATH=]N]... [--stats FILE.json]
 *        [--logdir DIR] [--bypass | --framework-only] [--heap SIZE]
 *        [--link-queue N] [--drain SECONDS] [--speed X] [--quiet] [--cpu [PATH=]MS]
 *        [--dir DIR [--vif-owner PATH=USER]...] [--config FILE]
 *        [--workers N|auto [--stats-per-worker]]
 *
 * --dir: the injection directory (datapath/inject_dir.h), polled between
 * packets and while --speed paces the replay.  --config: options from a
 * file (datapath/vifd_config.h).
 *
 * An arrival happens at its capture timestamp; a departure when the link is
 * free at --rate; output timestamps are departure times, so the result does
 * not depend on how fast vifd runs (--speed paces the replay in wall-clock
 * time; the results are identical at any speed).  Prints a per-VIF statistics table to
 * stdout at the end (also after SIGINT/SIGTERM).  Host code (libc, libpcap).
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <pcap/pcap.h>

#include "../datapath/datapath.h"
#include "../datapath/dp_live.h"
#include "../datapath/dp_timeline.h"
#include "../datapath/dp_timeline_workers.h"
#include "../datapath/inject_dir.h"
#include "../datapath/vifd_config.h"
#include "../datapath/vifd_units.h"
#include "../datapath/dp_affinity.h"
#include "../datapath/vifd_workers.h"
#include "vifvm.h"
#include "jit_observe.h"

/* SIGINT/SIGTERM: stop (also handed to every owner VM as its interrupt
 * flag: a running handler is aborted within a slice of its budget) */
static volatile int g_stop;

/* --jit-disasm: every owner VM's native code, one listing at a time
 * (workers emit from their own threads) */
static jit_observer g_disasm;
static pthread_mutex_t g_disasm_lock = PTHREAD_MUTEX_INITIALIZER;
static void disasm_emitted(void *ctx, const char *name, const void *code, size_t size) {
    pthread_mutex_lock(&g_disasm_lock);
    jit_observe_code_emitted(ctx, name, code, size);
    pthread_mutex_unlock(&g_disasm_lock);
}
/* "FILE:LINE" of the option an error is about, when it came from --config */
static const char *g_where;

static void on_signal(int sig) {
    (void)sig;
    g_stop = 1;
}

static void usage(FILE *f) {
    fputs("Usage: vifd --in pcap:IN.pcap --out pcap:OUT.pcap [options]\n"
          "Runs packets through a tree of virtual interfaces (VIFs) with Java VIFlets.\n"
          "Options:\n"
          "  --in pcap:FILE          input capture (Ethernet); the root VIF is 'pcap'\n"
          "  --out pcap:FILE         output capture; timestamps are departure times\n"
          "  --rate RATE             output link rate, in tc's units: 10mbit, 500kbit, 1gbit\n"
          "                          (bits per second; also a bare number), 100kbps, 1mbps\n"
          "                          (BYTES per second); kibit, mibps... in powers of 1024;\n"
          "                          default unlimited.  With --bridge: the rate of each\n"
          "                          direction (A to B and B to A each get RATE)\n"
          "  --vif PATH=FILTER       child VIF (e.g. pcap/web=\"tcp port 80\"); parents first;\n"
          "                          a packet goes to the deepest matching VIF\n"
          "  --load PATH=FILE[:OWNER]  VIFlet (.class or .jar) on VIF PATH, run in OWNER's VM\n"
          "                          (default owner: the first component of PATH below the\n"
          "                          root, e.g. web for pcap/web/x, and pcap for pcap itself;\n"
          "                          with --dir the owner of the VIF's directory)\n"
          "  --policy PATH=pass|drop what happens to a VIF's packets after its VIFlet\n"
          "                          aborts (default pass)\n"
          "  --quota [PATH=]N        packets a VIFlet may hold (default 1024)\n"
          "  --budget [PATH=]N       instruction budget of each enqueue/dequeue call,\n"
          "                          counted on backward branches and calls; a VIFlet\n"
          "                          that exceeds it is aborted (default 1000000; 0 = none)\n"
          "  --cpu [PATH=]MS         CPU time each enqueue/dequeue call may use (ms, or Ns);\n"
          "                          a VIFlet that exceeds it is aborted alone (default\n"
          "                          100; 0 = none; checked about every million\n"
          "                          instructions and after large allocations, so a call\n"
          "                          may overrun it a little)\n"
          "  --stats FILE.json       write per-VIF counters as JSON\n"
          "  --timeline FILE.jsonl   per-VIF rates, drops, backlog and delay every 100 ms\n"
          "                          of datapath time, one JSON line each (plot them with\n"
          "                          scripts/vifplot.py)\n"
          "  --logdir DIR            VIFlet output to DIR/<vif path>.log (default stderr)\n"
          "  --bypass                no VIF tree: input straight to the link\n"
          "  --framework-only        the VIF tree without VIFlets (--load ignored)\n"
          "  --heap SIZE             Java heap per owner VM (default 64m; k, m, g; at most\n"
          "                          this machine's memory)\n"
          "  --int                   run VIFlets in the interpreter only (default: JIT)\n"
          "  --lazy-library          prepare the VIFlet's class alone at its load: the library\n"
          "                          methods it calls compile at their first call and the other\n"
          "                          classes of its JAR load when first used (on the packet\n"
          "                          path); default: all of them at its load, so no packet waits\n"
          "  --native-filters on|off VIF filters compiled to native code, siblings together\n"
          "                          (default on); off: libpcap's interpreter\n"
          "  --jit [+|-]OPT,...      turn JIT optimizations on/off (as vifvm -Xjit:)\n"
          "  --jit-disasm            print the machine code of each JIT-compiled method and\n"
          "                          fused stage entry (fused:PATH Class.enqueue) to stderr\n"
          "  --fuse on|off           fused VIF paths: a packet's path of compiled VIFlets\n"
          "                          as one plan with direct hand-offs (default on;\n"
          "                          VIFD_FUSE=off in the environment: off)\n"
          "  --link-queue N          packets the link queues behind a root without VIFlet\n"
          "                          (default 1000)\n"
          "  --drain SECONDS         after the input ends, keep sending for at most this\n"
          "                          much virtual time (default 3600)\n"
          "  --speed X               replay at X times the capture's pace in wall-clock time\n"
          "                          (default 0: as fast as possible; results are the same;\n"
          "                          frames replayed late are counted, the first one\n"
          "                          warned about)\n"
          "  --late-ms MS            with --speed: a frame whose turn comes more than MS\n"
          "                          after its time on the wall clock is late (default 10)\n"
          "  --bench N               benchmark: replay the capture's packets from memory,\n"
          "                          N packets 1 ns apart, no output file (--out optional);\n"
          "                          prints packets per second and ns per packet\n"
          "  --bench-at NS           --bench: start the timed run when CLOCK_MONOTONIC reaches\n"
          "                          NS (for processes measured side by side)\n"
          "  --bench-worker K        --bench with --workers N: run worker K's share alone\n"
          "                          (the other workers are built but not started)\n"
          "  --quiet                 no statistics table\n"
          "  --workers N|auto        worker threads (default 1; auto: the online CPUs, at\n"
          "                          most 64): the capture is split by flow hash (5-tuple),\n"
          "                          each worker has its own VIF tree and VMs, so a\n"
          "                          VIFlet's state is per worker (a rate limiter limits\n"
          "                          each worker's share).  --heap, --quota, --link-queue are per\n"
          "                          owner in total: each worker gets 1/N; the --rate link\n"
          "                          is one link shared by the workers (--link).  With\n"
          "                          --dir, a swap is made in every worker, all paused\n"
          "                          between packets.\n"
          "                          --timeline sums the workers; --bridge: see below\n"
          "  --link split|shared     with --workers N and --rate R: shared (the default,\n"
          "                          but for --bench) is one link at R, so one busy worker\n"
          "                          gets all of R.  Offline the workers' clocks keep in\n"
          "                          step at the link (the claims in capture-time order:\n"
          "                          the same output every run, paced or not); with --dir\n"
          "                          or --vif-workers, and live, each transmission is\n"
          "                          claimed by a compare-and-swap in wall-clock order\n"
          "                          (offline then only with --speed, else split).  split\n"
          "                          (--bench's only choice) is N links at R/N, one per\n"
          "                          worker, not work-conserving\n"
          "  --stats-per-worker      with --workers: each worker's table before the totals\n"
          "  --pin-workers           worker K's thread on the K-th CPU vifd may run on\n"
          "                          (sched_setaffinity; offline and --bench)\n"
          "  --vif-workers PATH=1    with --workers: a global VIF, one instance (its VIFlet\n"
          "                          in worker 0 only): the other workers hand the packets\n"
          "                          classified into it or below to worker 0 through a\n"
          "                          single-producer single-consumer ring each (a global\n"
          "                          root also gets the whole --rate, quota and link\n"
          "                          queue).  With --bridge the ring carries a copy of\n"
          "                          the frame; a full ring drops it (counted)\n"
          "  --dir DIR               injection directory: one directory per VIF under DIR\n"
          "                          (DIR/pcap/web/); a .class/.jar written there is loaded\n"
          "                          and hot-swapped in, removing it detaches; `log` and\n"
          "                          `stats` beside it; a subdirectory with a `filter` file\n"
          "                          makes a child VIF (use --speed to replay in wall time)\n"
          "  --vif-owner PATH=USER   owner of VIF PATH's directory (only they and root may\n"
          "                          inject there; default: the parent directory's owner)\n"
          "  --config FILE           options from FILE, one per line: vif PATH FILTER,\n"
          "                          load PATH FILE [OWNER], policy|quota|budget PATH V,\n"
          "                          cpu PATH MS, vif-workers PATH 1,\n"
          "                          owner PATH USER, or NAME [VALUE] for --NAME [VALUE]\n"
          "Live mode (root, AF_PACKET): vifd --bridge A,B [options above but --in/--out]\n"
          "  --bridge A,B            bump in the wire: A to B through the tree rooted at\n"
          "                          VIF A, B to A through the tree rooted at VIF B\n"
          "                          (VIF paths start with the interface: A/web=...)\n"
          "  --duration SECONDS      stop after this long (default: until SIGINT/SIGTERM)\n"
          "  --max-packets N         stop after N received packets (both directions)\n"
          "  --drain SECONDS         after stopping, keep sending for at most this long\n"
          "                          (live default 1)\n"
          "  --workers N|auto        one thread per worker, each with its own receive ring\n"
          "                          on A and B (one PACKET_FANOUT_HASH group per\n"
          "                          interface: a flow stays on one worker, in order), its\n"
          "                          own transmit rings, VIF trees and VMs; quotas, heap and\n"
          "                          one --rate link per direction shared by the workers\n"
          "                          (--link split: rate/N each); --dir swaps in every worker.\n"
          "                          --timeline sums the workers per direction\n", f);
}

static int die(const char *fmt, const char *a, const char *b) {
    fputs("vifd: error: ", stderr);
    if (g_where) fprintf(stderr, "%s: ", g_where);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 1;
}

static bool parse_u64(const char *s, uint64_t *out) {
    errno = 0;
    char *end;
    if (!(*s >= '0' && *s <= '9')) return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return false;
    *out = (uint64_t)v;
    return true;
}

static bool parse_u32(const char *s, uint32_t *out) {
    uint64_t v;
    if (!parse_u64(s, &v) || v > UINT32_MAX) return false;
    *out = (uint32_t)v;
    return true;
}

#define FAIL(...) do { die(__VA_ARGS__); goto out; } while (0)

typedef struct kv { const char *opt; char *key; char *val; const char *where; } kv;

/* Timestamp precision of a pcap file from its magic number. */
static int file_precision(const char *path) {
    struct stat sb;
    /* a pipe or FIFO cannot be peeked at without losing the bytes */
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return PCAP_TSTAMP_PRECISION_MICRO;
    FILE *f = fopen(path, "rb");
    if (!f) return PCAP_TSTAMP_PRECISION_MICRO;
    unsigned char m[4];
    size_t n = fread(m, 1, 4, f);
    fclose(f);
    if (n == 4 && ((m[0] == 0xa1 && m[1] == 0xb2 && m[2] == 0x3c && m[3] == 0x4d) ||
                   (m[0] == 0x4d && m[1] == 0x3c && m[2] == 0xb2 && m[3] == 0xa1)))
        return PCAP_TSTAMP_PRECISION_NANO;
    return PCAP_TSTAMP_PRECISION_MICRO;
}

typedef struct out_ctx {
    pcap_dumper_t *dump;
    uint64_t sent;
    int precision;
} out_ctx;

static void emit(void *ctx, const uint8_t *data, uint32_t caplen, uint32_t wirelen,
                 int64_t depart) {
    out_ctx *o = ctx;
    o->sent++;
    if (!o->dump) return; /* --bench: count only */
    struct pcap_pkthdr h;
    memset(&h, 0, sizeof h);
    int64_t t = depart < 0 ? 0 : depart;
    h.ts.tv_sec = (time_t)(t / 1000000000);
    int64_t frac = t % 1000000000;
    h.ts.tv_usec = (suseconds_t)(o->precision == PCAP_TSTAMP_PRECISION_NANO ? frac : frac / 1000);
    h.caplen = caplen;
    h.len = wirelen;
    pcap_dump((u_char *)o->dump, &h, data);
}

static int64_t cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* --speed: wait until the wall clock reaches `target` (interrupted by a
 * signal: returns early; the loop then sees g_stop). */
static void pace(int64_t target) {
    int64_t d = target - mono_ns();
    if (d <= 0) return;
    struct timespec ts = { (time_t)(d / 1000000000), (long)(d % 1000000000) };
    nanosleep(&ts, NULL);
}

/* --bench: the capture's packets in memory, replayed `n` times 1 ns apart
 * into the datapath; reports the wall time per packet, then (bench-cpu:)
 * the CPU time per packet. */
static int run_bench(datapath *dp, pcap_t *pin, uint64_t n, int64_t at, out_ctx *octx,
                     bool quiet, const char *stats_file, char *errbuf) {
    typedef struct { uint8_t *data; uint32_t caplen, len; } mpkt;
    mpkt *pk = NULL;
    size_t np = 0, cap = 0;
    struct pcap_pkthdr *h;
    const u_char *data;
    int rc = 1;
    while (pcap_next_ex(pin, &h, &data) == 1) {
        if (np == cap) {
            cap = cap ? cap * 2 : 256;
            mpkt *q = realloc(pk, cap * sizeof *q);
            if (!q) goto done;
            pk = q;
        }
        pk[np].data = malloc(h->caplen ? h->caplen : 1);
        if (!pk[np].data) goto done;
        memcpy(pk[np].data, data, h->caplen);
        pk[np].caplen = h->caplen;
        pk[np].len = h->len;
        np++;
    }
    if (np == 0) {
        fputs("vifd: error: --bench: the capture has no packets\n", stderr);
        goto done;
    }
    int64_t t = dp_now(dp) > 0 ? dp_now(dp) : 1;
    vifd_bench_wait(at);
    long f0 = vifd_thread_faults();
    int64_t w0 = mono_ns(), c0 = cpu_ns();
    for (uint64_t i = 0; i < n && !g_stop; i++) {
        const mpkt *p = &pk[i % np];
        dp_advance(dp, t);
        dp_input(dp, p->data, p->caplen, p->len);
        t++;
    }
    dp_finish(dp, INT64_MAX, &g_stop);
    int64_t w1 = mono_ns(), c1 = cpu_ns();
    long faults = vifd_thread_faults() - f0;
    dp_audit_all(dp);
    double secs = (double)(w1 - w0) / 1e9;
    printf("bench: %" PRIu64 " packets in, %" PRIu64 " out, %.3f s, %.3f Mpps, %.1f ns/packet\n",
           n, octx->sent, secs, secs > 0 ? (double)n / secs / 1e6 : 0.0,
           (double)(w1 - w0) / (double)n);
    /* CPU time: on a shared machine, free of the time vifd waited for a CPU */
    printf("bench-cpu: %.1f ns/packet\n", (double)(c1 - c0) / (double)n);
    printf("bench-window: %" PRId64 " %" PRId64 " (CLOCK_MONOTONIC ns)\n", w0, w1);
    printf("bench-faults: page faults in the timed run: %ld\n", faults);
    bool ok = quiet ? dp_check_invariants(dp, stderr) : dp_print_stats(dp, stdout);
    fflush(stdout);
    if (stats_file && dp_write_stats_json(dp, stats_file, errbuf) != 0) {
        die("%s%s", errbuf, "");
        goto done;
    }
    rc = ok ? 0 : 1;
done:
    for (size_t i = 0; i < np; i++) free(pk[i].data);
    free(pk);
    return rc;
}

/* Split "KEY=VALUE" of option opt. */
static bool split_kv(const char *opt, const char *arg, kv *out) {
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg) return false;
    out->opt = opt;
    out->key = strndup(arg, (size_t)(eq - arg));
    out->val = strdup(eq + 1);
    out->where = g_where;
    return out->key && out->val;
}

static bool push_kv(kv **arr, int *n, kv item) {
    kv *a = realloc(*arr, (size_t)(*n + 1) * sizeof *a);
    if (!a) return false;
    a[(*n)++] = item;
    *arr = a;
    return true;
}

/* --config expansion of argv (static: still reachable at every exit) */
static char **g_xargv, **g_xwhere;
static int g_xargc;

/* Do two paths name the same file (hard link, symlink, same name)? */
static bool same_file(const char *a, const char *b) {
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

static void on_stop_signals(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;   /* no SA_RESTART: waits return at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* The options that make a datapath's tree, for each worker. */
typedef struct dp_setup {
    kv *vifs, *loads, *policies, *quotas, *budgets, *htimes;
    int n_vifs, n_loads, n_policies, n_quotas, n_budgets, n_htimes;
    uint32_t workers;         /* per-VIF quotas are divided by it */
    bool quiet_notes;         /* workers after the first: no "--load ignored" note */
    kv *globals;              /* --vif-workers PATH=1 */
    int n_globals;
    uint32_t k;               /* the worker being built */
} dp_setup;

/* Is path a --vif-workers VIF or below one? */
static bool under_global(const dp_setup *su, const char *path) {
    for (int i = 0; i < su->n_globals; i++) {
        size_t n = strlen(su->globals[i].key);
        if (!strncmp(path, su->globals[i].key, n) && (path[n] == '\0' || path[n] == '/'))
            return true;
    }
    return false;
}

/* dp_create, then the VIFs, their settings and the VIFlets; -1 after the
 * error was printed (*out is then destroyed by the caller). */
static int build_dp(const dp_setup *su, const dp_config *cfg, datapath **out, char *errbuf) {
    if (dp_create(cfg, out, errbuf) != 0) {
        die("%s%s", errbuf, "");
        return -1;
    }
    if (cfg->mode != DP_MODE_BYPASS) {
        for (int i = 0; i < su->n_vifs; i++)
            if (dp_add_vif(*out, su->vifs[i].key, su->vifs[i].val, errbuf) != 0) {
                g_where = su->vifs[i].where;
                die("%s%s", errbuf, "");
                return -1;
            }
        for (int i = 0; i < su->n_policies; i++) {
            enum dp_policy p;
            if (!strcmp(su->policies[i].val, "pass")) p = DP_POLICY_PASS;
            else if (!strcmp(su->policies[i].val, "drop")) p = DP_POLICY_DROP;
            else {
                g_where = su->policies[i].where;
                die("--policy %s: unknown policy '%s' (pass or drop)", su->policies[i].key,
                    su->policies[i].val);
                return -1;
            }
            if (dp_set_policy(*out, su->policies[i].key, p, errbuf) != 0) {
                g_where = su->policies[i].where;
                die("%s%s", errbuf, "");
                return -1;
            }
        }
        for (int i = 0; i < su->n_globals; i++)
            if (dp_set_global(*out, su->globals[i].key, errbuf) != 0) {
                g_where = su->globals[i].where;
                die("%s%s", errbuf, "");
                return -1;
            }
        for (int i = 0; i < su->n_quotas; i++) {
            uint32_t q = 0;
            parse_u32(su->quotas[i].val, &q);
            /* per owner in total; a global VIF's is all in worker 0 */
            if (!under_global(su, su->quotas[i].key)) q = q / su->workers ? q / su->workers : 1;
            if (dp_set_quota(*out, su->quotas[i].key, q, errbuf) != 0) {
                g_where = su->quotas[i].where;
                die("%s%s", errbuf, "");
                return -1;
            }
        }
        for (int i = 0; i < su->n_budgets; i++) {
            uint64_t b = 0;
            parse_u64(su->budgets[i].val, &b);
            if (dp_set_budget(*out, su->budgets[i].key, b, errbuf) != 0) {
                g_where = su->budgets[i].where;
                die("%s%s", errbuf, "");
                return -1;
            }
        }
        for (int i = 0; i < su->n_htimes; i++) {
            uint64_t ms = 0;
            vifd_parse_ms(su->htimes[i].val, &ms);
            if (dp_set_time_limit(*out, su->htimes[i].key, ms * 1000000, errbuf) != 0) {
                g_where = su->htimes[i].where;
                die("%s%s", errbuf, "");
                return -1;
            }
        }
    }
    if (cfg->mode == DP_MODE_NORMAL) {
        for (int i = 0; i < su->n_loads; i++) {
            /* a global VIF's VIFlet lives in worker 0 only */
            if (su->k > 0 && under_global(su, su->loads[i].key)) continue;
            /* FILE[:OWNER]: an owner suffix has no '/' and follows .class/.jar */
            char *file = su->loads[i].val, *owner = NULL;
            char *colon_at = NULL;
            char *colon = strrchr(file, ':');
            if (colon && !strchr(colon, '/') && colon > file &&
                ((colon - file >= 6 && !strncmp(colon - 6, ".class", 6)) ||
                 (colon - file >= 4 && !strncmp(colon - 4, ".jar", 4)))) {
                *colon = '\0';
                colon_at = colon;
                owner = colon + 1;
                if (!*owner) {
                    g_where = su->loads[i].where;
                    die("--load %s: empty owner name after ':'%s", su->loads[i].key, "");
                    return -1;
                }
            }
            int lr = dp_load(*out, su->loads[i].key, file, owner, errbuf);
            if (colon_at) *colon_at = ':';   /* the next worker parses it again */
            if (lr != 0) {
                g_where = su->loads[i].where;
                die("%s%s", errbuf, "");
                return -1;
            }
        }
    } else if (su->n_loads > 0 && !su->quiet_notes) {
        fprintf(stderr, "vifd: note: %s mode: %d --load option%s ignored\n",
                cfg->mode == DP_MODE_BYPASS ? "bypass" : "framework-only", su->n_loads,
                su->n_loads == 1 ? "" : "s");
    }

    return 0;
}

/* The value given to the last --workers (for messages). */
static const char *argv_workers(int argc, char **argv) {
    const char *v = "1";
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--workers")) v = argv[i + 1];
    return v;
}

/* --workers N (N > 1) over a capture: N datapaths, each built as the one
 * of --workers 1 but with the per-owner quotas (heap, held packets, link
 * queue) and the link rate divided by N; then vifd_workers_run. */
/* --dir for the workers (NULL root: none) */
typedef struct wdir { const char *root; const kv *vowners; int n_vowners; } wdir;

/* inject_open over the workers' datapaths: 0, or -1 after the error was
 * printed. */
static int open_dir_workers(const wdir *wd, datapath **dps, uint32_t n, inject_dir **ij,
                            char *errbuf) {
    inject_owner *ow = calloc((size_t)wd->n_vowners + 1, sizeof *ow);
    if (!ow) {
        die("out of memory%s%s", "", "");
        return -1;
    }
    for (int i = 0; i < wd->n_vowners; i++)
        ow[i] = (inject_owner){ wd->vowners[i].key, wd->vowners[i].val };
    int r = inject_open_workers(dps, n, wd->root, ow, wd->n_vowners, ij, errbuf);
    free(ow);
    if (r != 0) die("%s%s", errbuf, "");
    return r;
}

static int run_workers(const dp_setup *su, const dp_config *base, const wdir *wd, pcap_t *pin,
                       const char *in_file, const char *out_file, int prec, uint64_t bench,
                       vifd_bench_ctl bctl, double speed, int64_t late_ns, double drain_s, bool quiet, bool per_worker, bool pin_cpus,
                       const char *stats_file, const char *timeline, bool shared_link, bool lockstep,
                       char *errbuf) {
    uint32_t n = su->workers;
    vifd_workers *w = vifd_workers_new(n);
    if (!w) return die("out of memory%s%s", "", "");
    vifd_workers_set_global(w, su->n_globals > 0);
    int rc = 1;
    char *logdirs = NULL;
    inject_dir *ij = NULL;
    dp_tlw *tl = NULL;
    datapath **dps = calloc(n, sizeof *dps);
    if (!dps) {
        die("out of memory%s%s", "", "");
        goto done;
    }
    for (uint32_t k = 0; k < n; k++) {
        dp_config cfg = *base;
        uint32_t q = base->quota ? base->quota : DP_DEFAULT_QUOTA;
        uint32_t lq = base->link_queue ? base->link_queue : DP_DEFAULT_LINK_QUEUE;
        size_t heap = base->heap_bytes ? base->heap_bytes : DP_DEFAULT_HEAP;
        cfg.quota = q / n ? q / n : 1;
        cfg.link_queue = lq / n ? lq / n : 1;
        cfg.heap_bytes = heap / n;
        /* the remainder to the first workers: the rates sum to --rate */
        cfg.rate_bps = base->rate_bps / n + (k < base->rate_bps % n);
        if (shared_link) {
            /* --link shared: one link at --rate, claimed per transmission */
            cfg.rate_bps = base->rate_bps;
            cfg.shared_link = vifd_workers_shared_link(w);
            if (lockstep) {   /* offline: claimed in virtual-time order */
                cfg.lockstep = vifd_workers_lockstep(w);
                cfg.lockstep_k = k;
            }
        }
        if (su->n_globals && under_global(su, base->root_name)) {
            /* the root is global: every packet is worker 0's, and so is the
             * link (the others' carry nothing: unlimited, so the rates
             * still sum to --rate) */
            cfg.quota = q;
            cfg.link_queue = lq;
            cfg.rate_bps = k == 0 ? base->rate_bps : 0;
            cfg.shared_link = NULL;
            cfg.lockstep = NULL;
        }
        cfg.emit = vifd_workers_emit;
        cfg.emit_ctx = vifd_workers_emit_ctx(w, k);
        if (base->logdir) {   /* LOGDIR/wK/<vif path>.log */
            size_t len = strlen(base->logdir) + 16;
            free(logdirs);
            if (!(logdirs = malloc(len))) {
                die("out of memory%s%s", "", "");
                goto done;
            }
            snprintf(logdirs, len, "%s/w%u", base->logdir, k);
            cfg.logdir = logdirs;
        }
        datapath *dp = NULL;
        dp_setup wsu = *su;
        wsu.quiet_notes = k > 0;
        wsu.k = k;
        int br = build_dp(&wsu, &cfg, &dp, errbuf);
        vifd_workers_set_dp(w, k, dp);
        dps[k] = dp;
        if (br != 0) goto done;
    }
    if (wd->root && open_dir_workers(wd, dps, n, &ij, errbuf) != 0) goto done;
    if (timeline && dp_tlw_open(&tl, timeline, n, errbuf) != 0) {
        die("%s%s", errbuf, "");
        goto done;
    }
    bool rate_note = base->rate_bps && !quiet;
    if (rate_note && shared_link)
        printf("vifd: %u workers: each has its own VIF tree and VMs; one link at %" PRIu64
               " bit/s shared by the workers (--link shared%s)\n", n, base->rate_bps,
               lockstep ? ", their clocks in step" : "");
    else if (rate_note)
        printf("vifd: %u workers: each has its own VIF tree and VMs; link rate %" PRIu64
               " bit/s split as %" PRIu64 " bit/s per worker\n", n, base->rate_bps,
               base->rate_bps / n);
    vifd_wrun r = {
        .pin = pin, .in_file = in_file, .out_file = out_file,
        .linktype = base->linktype, .snaplen = (int)base->snaplen, .precision = prec,
        .bench = bench, .bctl = bctl, .speed = speed, .late_ns = late_ns, .drain_s = drain_s,
        .quiet = quiet,
        .per_worker = per_worker, .pin_cpus = pin_cpus, .stats_file = stats_file, .stop = &g_stop,
        .ij = ij, .tl = tl,
    };
    rc = vifd_workers_run(w, &r, errbuf);
    if (errbuf[0]) die("%s%s", errbuf, "");
    char terr[DP_ERR_MAX];
    if (dp_tlw_close(tl, terr) != 0) rc = die("%s%s", terr, "");
    tl = NULL;
done:
    if (tl) dp_tlw_close(tl, errbuf);
    inject_close(ij);
    vifd_workers_free(w);
    free(dps);
    free(logdirs);
    return rc;
}

int main(int argc, char **argv) {
    {
        char cerr[1024];
        if (vifd_config_expand(argc, argv, &g_xargc, &g_xargv, &g_xwhere, cerr) != 0) {
            fprintf(stderr, "vifd: error: %s\n", cerr);
            return 1;
        }
        argc = g_xargc;
        argv = g_xargv;
    }
    const char *inject_root = NULL;
    kv *vowners = NULL;
    int n_vowners = 0;
    inject_dir *ij = NULL;
    const char *in = NULL, *outp = NULL, *stats_file = NULL, *logdir = NULL, *timeline = NULL;
    dp_timeline *tl = NULL;
    const char *in_where = NULL, *out_where = NULL;   /* --config FILE:LINE */
    uint64_t rate = 0;
    enum dp_mode mode = DP_MODE_NORMAL;
    size_t heap = 0;
    uint32_t quota = 0, link_queue = 0;
    uint64_t budget = DP_DEFAULT_BUDGET;
    uint64_t htime_ms = DP_DEFAULT_HANDLER_MS;
    double drain_s = 3600, speed = 0;
    int64_t late_ns = VIFD_LATE_NS;   /* --late-ms */
    uint64_t bench = 0;
    vifd_bench_ctl bctl = { 0, -1 };   /* --bench-at, --bench-worker */
    bool quiet = false, per_worker = false, pin_workers = false;
    uint32_t workers = 1;   /* --workers N (vifd_workers.h) */
    enum vifd_link link_mode = VIFD_LINK_AUTO;   /* --link split|shared */
    bool interpret_only = false, interpret_filters = false, jit_disasm = false, lazy_library = false;
    /* --fuse on|off (fused VIF paths, src/datapath/dp_fuse.h); the
     * environment's VIFD_FUSE=off turns it off for whole test scripts */
    bool no_fuse = getenv("VIFD_FUSE") && !strcmp(getenv("VIFD_FUSE"), "off");
    uint32_t jit_opts_disabled = 0;
    kv *vifs = NULL, *loads = NULL, *policies = NULL, *quotas = NULL, *budgets = NULL;
    kv *htimes = NULL, *globals = NULL;
    int n_globals = 0;
    int n_vifs = 0, n_loads = 0, n_policies = 0, n_quotas = 0, n_budgets = 0, n_htimes = 0;
    int rc = 1;
    datapath *dp = NULL;
    pcap_t *pin = NULL, *pdead = NULL;
    pcap_dumper_t *dump = NULL;

    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--bridge")) return vifd_live_main(argc, argv, (const char *const *)g_xwhere);
    /* from the start: a VIFlet's constructor may spin too (--budget 0) */
    on_stop_signals();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        g_where = g_xwhere ? g_xwhere[i] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--bypass")) { mode = DP_MODE_BYPASS; continue; }
        if (!strcmp(a, "--framework-only")) { mode = DP_MODE_FRAMEWORK; continue; }
        if (!strcmp(a, "--quiet")) { quiet = true; continue; }
        if (!strcmp(a, "--stats-per-worker")) { per_worker = true; continue; }
        if (!strcmp(a, "--pin-workers")) { pin_workers = true; continue; }
        if (!strcmp(a, "--int")) { interpret_only = true; continue; }
        if (!strcmp(a, "--lazy-library")) { lazy_library = true; continue; }
        if (!strcmp(a, "--jit-disasm")) { jit_disasm = true; continue; }
        if (!strcmp(a, "--native-filters")) {
            const char *v = i + 1 < argc ? argv[++i] : "";
            if (strcmp(v, "on") && strcmp(v, "off"))
                FAIL("--native-filters takes on or off, got '%s'%s", v, "");
            interpret_filters = !strcmp(v, "off");
            continue;
        }
        static const char *const with_arg[] = { "--in", "--out", "--rate", "--vif", "--load",
            "--policy", "--quota", "--budget", "--stats", "--logdir", "--heap", "--link-queue", "--drain",
            "--speed", "--bench", "--dir", "--vif-owner", "--vif-workers", "--jit", "--timeline", "--cpu",
            "--fuse", "--workers", "--bench-at", "--bench-worker", "--link", "--late-ms" };
        bool known = false;
        for (size_t k = 0; k < sizeof with_arg / sizeof with_arg[0]; k++)
            if (!strcmp(a, with_arg[k])) known = true;
        if (!known) FAIL("unknown option '%s' (see vifd --help)%s", a, "");
        if (i + 1 >= argc) FAIL("option %s needs a value%s", a, "");
        const char *v = argv[++i];
        kv item;
        if (!strcmp(a, "--in")) { in = v; in_where = g_where; }
        else if (!strcmp(a, "--out")) { outp = v; out_where = g_where; }
        else if (!strcmp(a, "--stats")) stats_file = v;
        else if (!strcmp(a, "--timeline")) timeline = v;
        else if (!strcmp(a, "--logdir")) logdir = v;
        else if (!strcmp(a, "--dir")) inject_root = v;
        else if (!strcmp(a, "--workers")) {
            char why[128];
            if (!vifd_parse_workers(v, &workers, why, sizeof why))
                FAIL("bad --workers '%s': %s", v, why);
        }
        else if (!strcmp(a, "--link")) {
            if (!vifd_parse_link(v, &link_mode)) FAIL("bad --link '%s' (split or shared)%s", v, "");
        }
        else if (!strcmp(a, "--fuse")) {
            if (strcmp(v, "on") && strcmp(v, "off")) FAIL("bad --fuse '%s' (on or off)%s", v, "");
            no_fuse = !strcmp(v, "off");
        }
        else if (!strcmp(a, "--vif-workers")) {
            if (!split_kv(a, v, &item) || strcmp(item.val, "1") ||
                !push_kv(&globals, &n_globals, item))
                FAIL("%s needs PATH=1 (one instance of that VIF, in worker 0), got '%s'", a, v);
        }
        else if (!strcmp(a, "--vif-owner")) {
            if (!split_kv(a, v, &item) || !push_kv(&vowners, &n_vowners, item))
                FAIL("%s needs PATH=USER, got '%s'", a, v);
        }
        else if (!strcmp(a, "--rate")) {
            char why[256];
            if (!vifd_parse_rate(v, &rate, why, sizeof why))
                FAIL("bad rate '%s': %s (units as tc: " VIFD_RATE_UNITS ")", v, why);
        } else if (!strcmp(a, "--heap")) {
            if (!vifd_parse_size(v, &heap) || heap < 1024 * 1024)
                FAIL("bad heap size '%s' (at least 1m)%s", v, "");
            uint64_t phys = vifd_phys_memory();
            if (phys && heap > phys) {
                char h[32], m[32];
                vifd_format_size(heap, h, sizeof h);
                vifd_format_size(phys, m, sizeof m);
                FAIL("--heap: a heap quota of %s is more than this machine's memory (%s)", h, m);
            }
        } else if (!strcmp(a, "--jit")) {
            const char *bad;
            size_t blen;
            if (!jit_parse_opts(v, &jit_opts_disabled, &bad, &blen)) {
                char bad_opt[64];
                snprintf(bad_opt, sizeof bad_opt, "%.*s", (int)(blen < 60 ? blen : 60), bad);
                FAIL("--jit: unknown optimization '%s'%s (names: vifvm -help)", bad_opt, "");
            }
        } else if (!strcmp(a, "--link-queue")) {
            if (!parse_u32(v, &link_queue) || link_queue == 0)
                FAIL("bad link queue length '%s'%s", v, "");
        } else if (!strcmp(a, "--drain")) {
            char *end;
            drain_s = strtod(v, &end);
            if (*end || !(drain_s >= 0) || drain_s > 1e9)
                FAIL("bad drain time '%s' (seconds)%s", v, "");
        } else if (!strcmp(a, "--bench")) {
            char *end;
            errno = 0;
            bench = strtoull(v, &end, 10);
            if (*end || errno || bench == 0 || *v < '0' || *v > '9')
                FAIL("bad --bench packet count '%s'%s", v, "");
        } else if (!strcmp(a, "--bench-at") || !strcmp(a, "--bench-worker")) {
            char *end;
            errno = 0;
            long long x = strtoll(v, &end, 10);
            if (*end || errno || x < 0 || *v < '0' || *v > '9' ||
                (a[8] == 'w' && x >= (long long)VIFD_MAX_WORKERS))
                FAIL("bad %s '%s'", a, v);
            if (a[8] == 'w') bctl.worker = (int32_t)x;
            else bctl.at = x;
        } else if (!strcmp(a, "--late-ms")) {
            char *end;
            double ms = strtod(v, &end);
            if (*end || !(ms > 0) || ms > 1e6)
                FAIL("bad --late-ms '%s' (milliseconds, above 0)%s", v, "");
            late_ns = (int64_t)(ms * 1e6);
        } else if (!strcmp(a, "--speed")) {
            char *end;
            speed = strtod(v, &end);
            if (*end || !(speed >= 0) || speed > 1e9)
                FAIL("bad replay speed '%s' (a factor, 0 = as fast as possible)%s", v, "");
        } else if (!strcmp(a, "--quota")) {
            if (strchr(v, '=')) {
                uint32_t q;
                if (!split_kv(a, v, &item) || !parse_u32(item.val, &q) || q == 0 ||
                    !push_kv(&quotas, &n_quotas, item))
                    FAIL("bad --quota '%s' (PATH=N or N, N >= 1)%s", v, "");
            } else if (!parse_u32(v, &quota) || quota == 0) {
                FAIL("bad --quota '%s' (PATH=N or N, N >= 1)%s", v, "");
            }
        } else if (!strcmp(a, "--cpu")) {
            uint64_t ms;
            if (strchr(v, '=')) {
                if (!split_kv(a, v, &item) || !vifd_parse_ms(item.val, &ms) ||
                    !push_kv(&htimes, &n_htimes, item))
                    FAIL("bad --cpu '%s' (PATH=MS or MS: milliseconds, or Ns; 0 = none)%s",
                         v, "");
            } else if (!vifd_parse_ms(v, &htime_ms)) {
                FAIL("bad --cpu '%s' (PATH=MS or MS: milliseconds, or Ns; 0 = none)%s",
                     v, "");
            }
        } else if (!strcmp(a, "--budget")) {
            uint64_t b;
            if (strchr(v, '=')) {
                if (!split_kv(a, v, &item) || !parse_u64(item.val, &b) ||
                    !push_kv(&budgets, &n_budgets, item))
                    FAIL("bad --budget '%s' (PATH=N or N, N >= 0)%s", v, "");
            } else if (!parse_u64(v, &budget)) {
                FAIL("bad --budget '%s' (PATH=N or N, N >= 0)%s", v, "");
            }
        } else {
            kv **arr = !strcmp(a, "--vif") ? &vifs : !strcmp(a, "--load") ? &loads : &policies;
            int *n = !strcmp(a, "--vif") ? &n_vifs : !strcmp(a, "--load") ? &n_loads : &n_policies;
            if (!split_kv(a, v, &item) || !push_kv(arr, n, item))
                FAIL("%s needs PATH=VALUE, got '%s'", a, v);
        }
    }
    g_where = NULL;
    if (bench && !outp) outp = "pcap:/dev/null";
    if (!in || !outp) {
        fputs("vifd: error: --in and --out are required\n", stderr);
        usage(stderr);
        goto out;
    }
    g_where = in_where;
    if (strncmp(in, "pcap:", 5) != 0)
        FAIL("--in %s: an input capture is written pcap:FILE (--in pcap:%s); for live "
             "interfaces use --bridge A,B", in, in);
    g_where = out_where;
    if (strncmp(outp, "pcap:", 5) != 0)
        FAIL("--out %s: an output capture is written pcap:FILE (--out pcap:%s)", outp, outp);
    const char *in_file = in + 5, *out_file = outp + 5;
    if (!*in_file || !*out_file) FAIL("--in/--out: missing file name%s%s", "", "");
    g_where = NULL;
    if ((bctl.at || bctl.worker >= 0) && !bench)
        FAIL("--bench-at and --bench-worker go with --bench%s%s", "", "");
    if (bctl.worker >= 0 && (workers < 2 || (uint32_t)bctl.worker >= workers))
        FAIL("--bench-worker K needs --workers N with K < N (--workers %s)%s",
             workers > 1 ? argv_workers(argc, argv) : "1", "");
    if (bctl.worker >= 0 && n_globals)
        FAIL("--bench-worker: not with --vif-workers (worker 0 takes the others' packets)%s%s",
             "", "");
    if (workers > 1 && rate && rate < workers)
        FAIL("--rate is split over the workers: below 1 bit/s per worker with --workers %s%s",
             argv_workers(argc, argv), "");
    if (workers > 1 && (heap ? heap : DP_DEFAULT_HEAP) / workers < 1024 * 1024)
        FAIL("--heap is per owner in total: divided by --workers %s it is below 1m per "
             "worker%s", argv_workers(argc, argv), "");
    /* never overwrite the input: before anything is opened for writing */
    if (!bench && same_file(in_file, out_file))
        FAIL("--out %s is the input capture %s (the same file): refusing to overwrite it",
             out_file, in_file);
    if (stats_file && same_file(in_file, stats_file))
        FAIL("--stats %s is the input capture %s (the same file): refusing to overwrite it",
             stats_file, in_file);

    char errbuf[PCAP_ERRBUF_SIZE > DP_ERR_MAX ? PCAP_ERRBUF_SIZE : DP_ERR_MAX];
    errbuf[0] = '\0';
    int prec = file_precision(in_file);
    pin = pcap_open_offline_with_tstamp_precision(in_file, PCAP_TSTAMP_PRECISION_NANO, errbuf);
    if (!pin) {
        die("cannot read capture %s: %s", in_file, errbuf);
        goto out;
    }
    int linktype = pcap_datalink(pin);
    if (linktype != DLT_EN10MB) {
        die("capture %s: link type %s is not supported (Ethernet captures only)", in_file,
            pcap_datalink_val_to_name(linktype) ? pcap_datalink_val_to_name(linktype) : "?");
        goto out;
    }
    int snaplen = pcap_snapshot(pin);
    if (snaplen <= 0) snaplen = 262144;

    out_ctx octx = { .precision = prec };
    dp_config cfg = {
        .root_name = "pcap", .linktype = linktype, .snaplen = (uint32_t)snaplen, .mode = mode,
        .rate_bps = rate, .quota = quota, .budget = budget, .link_queue = link_queue, .heap_bytes = heap,
        .time_limit_ns = htime_ms * 1000000, .stop = &g_stop,
        .interpret_only = interpret_only, .jit_opts_disabled = jit_opts_disabled,
        .lazy_library = lazy_library,
        .no_fuse = no_fuse,
        .interpret_filters = interpret_filters,
        .logdir = logdir, .emit = emit, .emit_ctx = &octx,
    };
    if (jit_disasm) {
        vm_platform dummy;
        memset(&dummy, 0, sizeof dummy);
        if (jit_observe_init(&g_disasm, &dummy, false, true) != 0) return 2;
        cfg.code_emitted = disasm_emitted;
        cfg.code_emitted_ctx = &g_disasm;
    }
    dp_setup su = { vifs, loads, policies, quotas, budgets, htimes, n_vifs, n_loads, n_policies,
                    n_quotas, n_budgets, n_htimes, workers, false, globals, n_globals, 0 };
    /* --link: a shared link needs clocks the workers share.  Offline the
     * workers' virtual clocks are kept in step where the link is concerned
     * (dp_lockstep: the claims in virtual-time order, the result a function
     * of the input, paced or not) - except with --dir (a worker pauses for
     * a swap between two of its packets, which could be while another one
     * waits for its clock) and --vif-workers (worker 0 runs the others'
     * packets of a global VIF when it gets them).  There, only the wall
     * clock (--speed) makes the clocks comparable: claims by compare-and-
     * swap in the order the threads come.  --bench: split (each worker's
     * clock is 1 ns per packet of its own). */
    const bool wall_clock = speed > 0 && !bench;
    const bool lockstep_ok = !bench && !inject_root && n_globals == 0;
    if (link_mode == VIFD_LINK_SHARED && workers > 1 && bench) {
        die("--link shared: not with --bench (each worker's clock is its own there)%s%s", "", "");
        goto out;
    }
    if (link_mode == VIFD_LINK_SHARED && workers > 1 && !lockstep_ok && !wall_clock) {
        die("--link shared with --dir or --vif-workers needs the workers on the wall clock: "
            "--speed X (or --link split)%s%s", "", "");
        goto out;
    }
    if (workers > 1) {
        wdir wd = { bench ? NULL : inject_root, vowners, n_vowners };
        bool shared = rate && link_mode != VIFD_LINK_SPLIT && (lockstep_ok || wall_clock);
        rc = run_workers(&su, &cfg, &wd, pin, in_file, out_file, prec, bench, bctl, speed, late_ns,
                         drain_s,
                         quiet, per_worker, pin_workers, stats_file, timeline, shared,
                         shared && lockstep_ok, errbuf);
        goto out;
    }
    if (pin_workers) {   /* one worker: this thread, on the first allowed CPU */
        char why[128];
        if (dp_pin_thread(0, why, sizeof why) != 0)
            fprintf(stderr, "vifd: warning: worker 0 not pinned: %s\n", why);
    }
    if (build_dp(&su, &cfg, &dp, errbuf) != 0) goto out;
    if (inject_root && !bench) {
        inject_owner *ow = calloc((size_t)n_vowners + 1, sizeof *ow);
        for (int i = 0; ow && i < n_vowners; i++) ow[i] = (inject_owner){ vowners[i].key, vowners[i].val };
        if (!ow) snprintf(errbuf, sizeof errbuf, "out of memory");
        int ir = ow ? inject_open(dp, inject_root, ow, n_vowners, &ij, errbuf) : -1;
        free(ow);
        if (ir != 0) {
            die("%s%s", errbuf, "");
            goto out;
        }
    }
    if (bench) {
        rc = run_bench(dp, pin, bench, bctl.at, &octx, quiet, stats_file, errbuf);
        goto out;
    }

    pdead = pcap_open_dead_with_tstamp_precision(linktype, snaplen, (u_int)prec);
    if (!pdead) {
        die("cannot create output capture %s%s", out_file, "");
        goto out;
    }
    dump = pcap_dump_open(pdead, out_file);
    if (!dump) {
        die("cannot write capture %s: %s", out_file, pcap_geterr(pdead));
        goto out;
    }
    octx.dump = dump;
    if (timeline && (dp_timeline_open(&tl, timeline, errbuf) != 0 ||
                     dp_timeline_add(tl, dp, NULL, errbuf) != 0)) {
        die("%s%s", errbuf, "");
        goto out;
    }

    struct pcap_pkthdr *h;
    const u_char *data;
    int r;
    int64_t last = INT64_MIN, first = INT64_MIN, wall0 = mono_ns();
    uint64_t frames = 0;
    vifd_late late = { late_ns, 0, 0 };   /* --speed: frames replayed late */
    while (!g_stop && (r = pcap_next_ex(pin, &h, &data)) == 1) {
        int64_t t = (int64_t)h->ts.tv_sec * 1000000000 + (int64_t)h->ts.tv_usec;
        if (t < dp_now(dp)) t = dp_now(dp); /* out-of-order capture: never back */
        if (first == INT64_MIN) first = t;
        frames++;
        int64_t target = speed > 0 ? wall0 + (int64_t)((double)(t - first) / speed) : 0;
        if (speed > 0 && ij) inject_wait(ij, target, &g_stop);
        else if (speed > 0) pace(target);
        else if (ij) inject_poll(ij);
        if (speed > 0 && vifd_late_note(&late, mono_ns() - target) && late.frames == 1)
            vifd_late_warn(speed, -1, late.worst, (double)(t - first) / 1e9);
        dp_advance(dp, t);
        dp_input(dp, data, h->caplen, h->len);
        dp_timeline_tick(tl);
        last = t;
    }
    if (!g_stop && r == PCAP_ERROR) {
        fprintf(stderr, "vifd: warning: capture %s: %s (stopping there)\n", in_file,
                pcap_geterr(pin));
    }
    if (!g_stop) {
        int64_t until = last == INT64_MIN ? dp_now(dp) : last;
        double lim = drain_s * 1e9;
        until = lim >= (double)(INT64_MAX - until) ? INT64_MAX : until + (int64_t)lim;
        dp_finish(dp, until, &g_stop);
    }
    dp_timeline_close(tl);
    tl = NULL;
    if (g_stop) fputs("vifd: interrupted: writing statistics\n", stderr);
    dp_audit_all(dp);
    inject_write_stats(ij);
    pcap_dump_flush(dump);
    bool ok = quiet ? dp_check_invariants(dp, stderr) : dp_print_stats(dp, stdout);
    if (speed > 0 && !quiet) vifd_late_print(stdout, speed, &late, frames);
    fflush(stdout);
    char *extra = NULL;
    size_t extra_len = 0;
    FILE *ef = speed > 0 ? open_memstream(&extra, &extra_len) : NULL;
    if (ef) {
        vifd_late_json(ef, speed, &late, NULL, 0);
        if (fclose(ef) != 0) {
            free(extra);
            extra = NULL;
        }
    }
    if (stats_file && dp_write_stats_json_ex(dp, stats_file, extra, errbuf) != 0) {
        free(extra);
        die("%s%s", errbuf, "");
        goto out;
    }
    free(extra);
    rc = ok ? 0 : 1;
out:
    dp_timeline_close(tl);
    if (dump) pcap_dump_close(dump);
    if (pdead) pcap_close(pdead);
    if (pin) pcap_close(pin);
    dp_destroy(dp);
    inject_close(ij);
    kv *all[] = { vifs, loads, policies, quotas, budgets, vowners, htimes, globals };
    int counts[] = { n_vifs, n_loads, n_policies, n_quotas, n_budgets, n_vowners, n_htimes,
                     n_globals };
    for (int k = 0; k < 8; k++) {
        for (int i = 0; i < counts[k]; i++) {
            free(all[k][i].key);
            free(all[k][i].val);
        }
        free(all[k]);
    }
    vifd_config_free(g_xargc, g_xargv, g_xwhere);
    g_xargv = g_xwhere = NULL;
    return rc;
}
