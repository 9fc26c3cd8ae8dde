/* datapath.h - the packet datapath: a tree of virtual interfaces (VIFs),
 * each a stage that may hold a VIFlet living in its owner's VM, an output
 * link with a rate, and a clock driven by the caller (offline mode: the
 * capture's timestamps).  Host-side code (libc, libpcap); not part of the
 * freestanding core.
 *
 * Packet flow: dp_input places a packet at the deepest VIF whose filter
 * matches (children tried in order, descending only into a matching child)
 * and it travels up to the root through every VIFlet on the path.  After a
 * stage's enqueue the datapath drains that stage's dequeue into the
 * parent's enqueue until it returns null (a wakeAt(t) then schedules the
 * next dequeue at t).  The output link drains the root: at once when the
 * rate is unlimited, else one packet whenever the link is free.  A VIF
 * without a VIFlet passes packets straight through (at the root into the
 * link's FIFO).
 *
 * Ownership and accounting: a packet given to a VIFlet is tracked until the
 * VIFlet returns it from dequeue (then the Java Packet is invalidated) or
 * loses every reference to it (found by an audit of the VM's reachable
 * objects: counted as dropped by the handler).  Per VIF:
 *   in = out + dropped(handler) + dropped(quota) + dropped(policy) + held
 * and globally: input = link out + link drops + link queued + VIF drops +
 * VIF held.  An uncaught exception in a handler aborts that VIFlet (logged
 * with its stack trace) and applies the VIF's failure policy to its held
 * packets and to later traffic: pass through (default) or drop.
 */
#ifndef VIFVM_DATAPATH_H
#define VIFVM_DATAPATH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct datapath datapath;
typedef struct dp_vif dp_vif;

enum dp_mode {
    DP_MODE_NORMAL = 0,   /* tree with VIFlets */
    DP_MODE_FRAMEWORK,    /* tree without VIFlets (--load ignored) */
    DP_MODE_BYPASS        /* no tree: input straight to the link */
};

enum dp_policy { DP_POLICY_PASS = 0, DP_POLICY_DROP };

/* Called for every packet leaving on the output link; `depart` is the
 * departure time (datapath clock, ns). */
typedef void (*dp_emit_fn)(void *ctx, const uint8_t *data, uint32_t caplen,
                           uint32_t wirelen, int64_t depart);

typedef struct dp_config {
    const char *root_name;   /* "pcap", or the interface name */
    int linktype;            /* DLT_* of the input (filters are compiled for it) */
    uint32_t snaplen;
    enum dp_mode mode;
    uint64_t rate_bps;       /* 0 = unlimited */
    uint32_t quota;          /* held packets per VIFlet (0 = default 1024) */
    uint64_t budget;         /* instruction budget per handler call, counted
                                on backward branches and calls (the paper's
                                software timer); 0 = unlimited */
    uint32_t link_queue;     /* link FIFO length (0 = default 1000) */
    size_t heap_bytes;       /* Java heap per owner VM (0 = default 64 MiB);
                                more than the machine's memory is refused */
    uint64_t time_limit_ns;  /* CPU time (the thread's) one handler call may
                                use before its VIFlet is aborted (0 = none;
                                vifd's default: DP_DEFAULT_HANDLER_MS) */
    const volatile int *stop; /* nonzero (SIGINT/SIGTERM): running handlers
                                are aborted at once (VM_ERR_INTERRUPTED) */
    bool interpret_only;     /* --int: owner VMs never JIT-compile */
    bool lazy_library;       /* --lazy-library: the class library's methods a
                                VIFlet reaches are compiled at their first
                                call, not at its load (vm_prepare_class
                                without VM_PREPARE_LIBRARY) */
    bool interpret_filters;  /* --native-filters off: VIF filters run in
                                libpcap's interpreter (default: compiled to
                                native code, dp_classify.c) */
    uint32_t jit_opts_disabled; /* --jit LIST: JIT optimizations turned off
                                (1u << JIT_OPT_*, jit/jit_stats.h) */
    const char *logdir;      /* NULL: VIF logs go to stderr, prefixed */
    dp_emit_fn emit;
    void *emit_ctx;
    /* --link shared: the free time (ns, datapath clock) of one link at
     * rate_bps shared with other datapaths whose clocks are comparable
     * (workers on the wall clock: live, or offline with --speed); each
     * transmission is claimed by a compare-and-swap on it (dp_engine.c).
     * NULL: the datapath's own link. */
    _Atomic int64_t *shared_link;
    /* with shared_link, offline (vifd_workers.c): the sharers' virtual
     * clocks in lockstep where the link is concerned, so that the link is
     * claimed in virtual-time order whatever the threads' speeds (see
     * dp_lockstep below); lockstep_k is this datapath's sharer index.
     * NULL: claims in the order the threads come (live, real clocks). */
    struct dp_lockstep *lockstep;
    uint32_t lockstep_k;
    bool no_fuse;            /* --fuse off: every packet takes the unfused
                                stage loop (dp_fuse.h) */
    /* --jit-disasm: called (from any worker's thread) with each piece of
     * native code an owner VM emits - a compiled method, a fused stage's
     * entry ("fused:PATH Class.enqueue") - and its name; NULL: none */
    void (*code_emitted)(void *ctx, const char *name, const void *code, size_t size);
    void *code_emitted_ctx;
} dp_config;

/* A shared link's sharers in lockstep (conservative parallel discrete-
 * event simulation).  Each sharer publishes a virtual time before which it
 * will not look at the link (pub[k], on its own cache line; INT64_MAX when
 * done).  A sharer looks at the link at time t only when every other
 * sharer's published time is past t, or equal to t with a lower priority
 * (round robin from the last claimer: the sharer after it first), so the
 * claims happen in one order, a function of the inputs alone: the output
 * and statistics are the same run to run, and the link is one
 * work-conserving link at its rate.  The minimum (time, priority) never
 * waits, so the sharers cannot deadlock as long as each one publishes
 * before it waits and when it is done (dp_link_publish, dp_link_leave). */
typedef struct dp_lockstep_slot {
    _Alignas(128) _Atomic int64_t t;
    char pad[128 - sizeof(int64_t)];
} dp_lockstep_slot;
typedef struct dp_lockstep {
    _Alignas(128) _Atomic uint32_t last;  /* the sharer of the last claim */
    uint32_t n;                           /* sharers */
    dp_lockstep_slot *pub;                /* n slots */
} dp_lockstep;
/* n sharers, none published (all at INT64_MIN): 0, or -1 (out of memory). */
int dp_lockstep_init(dp_lockstep *ls, uint32_t n);
void dp_lockstep_free(dp_lockstep *ls);

#define DP_DEFAULT_QUOTA      1024u
#define DP_DEFAULT_BUDGET     1000000u
#define DP_DEFAULT_LINK_QUEUE 1000u
#define DP_DEFAULT_HEAP       (64u * 1024 * 1024)
#define DP_DEFAULT_HANDLER_MS 100u
#define DP_ERR_MAX            1024

/* All functions returning int: 0 on success, -1 with a message in err
 * (DP_ERR_MAX bytes). */
int dp_create(const dp_config *cfg, datapath **out, char *err);
void dp_destroy(datapath *dp);

/* Define child VIF `path` ("pcap/web", or "web" relative to the root) with
 * a pcap filter expression; its parent must exist. */
int dp_add_vif(datapath *dp, const char *path, const char *filter, char *err);
/* Load a VIFlet (.class file, or .jar whose Main-Class or base name names
 * the class) onto VIF `path`, into the VM of `owner` (NULL: the path's top
 * component).  Runs its no-argument constructor. */
int dp_load(datapath *dp, const char *path, const char *file, const char *owner,
            char *err);
/* Hot swap (the inject directory): like dp_load, but a VIFlet already on
 * the VIF is replaced once the new one is loaded and constructed; if
 * loading fails the old one stays.  The old VIFlet's held packets go the
 * way of the VIF's failure policy (pass on, default, or drop), as on
 * dp_unload.  Call between packets, never from a handler. */
int dp_replace(datapath *dp, const char *path, const char *file, const char *owner,
               char *err);
/* Take the VIFlet off VIF `path` (it then passes packets straight through). */
int dp_unload(datapath *dp, const char *path, char *err);
/* Give child VIF `path` a new pcap filter expression (its `filter` file
 * was rewritten).  Packets classified from then on use it; packets the VIF
 * already holds stay.  A bad expression is refused and the old filter
 * stays.  Call between packets. */
int dp_set_filter(datapath *dp, const char *path, const char *filter, char *err);
/* Remove child VIF `path` from the tree (its directory was removed): its
 * VIFlet, if any, is detached first (held packets by its policy), then the
 * VIF no longer classifies; later packets go to its parent.  Its counters
 * stay in the statistics (state "removed") so the accounting still adds
 * up, and a VIF of the same path may be defined again.  Refused for the
 * root and for a VIF that still has child VIFs.  Call between packets. */
int dp_remove_vif(datapath *dp, const char *path, char *err);
/* Is a class of this name (dots or slashes) already loaded in the VM of
 * owner `owner`?  (One VM has one class namespace.) */
bool dp_owner_has_class(datapath *dp, const char *owner, const char *class_name);
/* Start a new VM for `owner`: later loads for that owner go to a fresh VM
 * (so a changed class of an already loaded name can be loaded); VIFlets in
 * the old VM keep running there, and it is freed when none is left. */
void dp_owner_retire(datapath *dp, const char *owner);
int dp_set_policy(datapath *dp, const char *path, enum dp_policy pol, char *err);
int dp_set_quota(datapath *dp, const char *path, uint32_t quota, char *err);
/* vifd --workers: mark a VIF global (--vif-workers PATH=1): every packet
 * classified into it or below goes to worker 0, the only one whose
 * instance of it sees packets.  dp_is_global_pkt: does this packet
 * (classified here, without counting) belong to a global VIF? */
int dp_set_global(datapath *dp, const char *path, char *err);
bool dp_is_global_pkt(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen);
/* Instruction budget of each call into that VIF's VIFlet (0 = unlimited). */
int dp_set_budget(datapath *dp, const char *path, uint64_t budget, char *err);
/* CPU time each call into that VIF's VIFlet may use (0 = no limit). */
int dp_set_time_limit(datapath *dp, const char *path, uint64_t ns, char *err);
dp_vif *dp_find_vif(datapath *dp, const char *path);

/* Clock: time of the earliest pending internal event (a wakeAt, the link
 * becoming free), or INT64_MAX. */
int64_t dp_next_event(const datapath *dp);
/* Process internal events strictly before t, then set the clock to t (it
 * never goes backwards). */
void dp_advance(datapath *dp, int64_t t);
/* A packet arrives now (the clock must have been advanced to its time);
 * the bytes are copied. */
void dp_input(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen);
/* The same for a packet that arrived earlier, at `arrival` (vifd --workers:
 * a packet handed over to worker 0): enters now, but its timestamp (what
 * Packet.timestamp() returns) is its arrival, at most the clock. */
void dp_input_at(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen,
                 int64_t arrival);
/* After the input ended: process events until nothing is left to send, no
 * event is pending, the clock passes `until`, or *stop becomes nonzero. */
void dp_finish(datapath *dp, int64_t until, volatile int *stop);
/* dp_finish one event at a time (a paced drain): the time of the next
 * event while anything is held and it is at most until, else INT64_MAX;
 * dp_run_next runs it (call dp_audit_all once before the first). */
int64_t dp_drain_next(const datapath *dp, int64_t until);
void dp_run_next(datapath *dp);
/* With cfg.lockstep: the sharer's next input is at t (INT64_MAX: none):
 * publish the earliest time it may look at the link from now on (t, or an
 * earlier event, not before now).  dp_link_leave: it will not look again.
 * Both do nothing without cfg.lockstep. */
void dp_link_publish(datapath *dp, int64_t t);
void dp_link_leave(datapath *dp);
int64_t dp_now(const datapath *dp);

/* Statistics.  dp_audit_all finds packets VIFlets lost (call before
 * reading held counts at the end). */
void dp_audit_all(datapath *dp);
/* Print the per-VIF table; returns true if every accounting invariant
 * holds (violations are printed to `f`). */
bool dp_print_stats(datapath *dp, FILE *f);
bool dp_check_invariants(datapath *dp, FILE *f);
int dp_write_stats_json(datapath *dp, const char *file, char *err);

/* vifd --workers N (dp_workers.c): N datapaths, one per worker thread,
 * each with its own tree and owner VMs.  A thread that ran a datapath
 * calls dp_thread_done before it ends (its packet buffer free list). */
void dp_thread_done(void);
/* After both have finished (and been audited): add every counter of
 * `from` to the VIF of the same path in `into` (packet counts, held,
 * bytes, histograms, handler time, aborts) and the link's, so that `into`
 * reads as the total (both first fold their per-path counts, which
 * changes no figure).  `into` is then for statistics only (its packet
 * state is unchanged: dp_destroy stays correct).  -1 if the trees differ. */
int dp_absorb(datapath *into, datapath *from, char *err);
/* One worker's figures as a JSON object: {"worker": k, "input": ..., the
 * link's, "accounting_ok", "vifs": [{path, in, out, drops..., held}]}. */
void dp_worker_json(datapath *dp, uint32_t k, FILE *f);
/* dp_write_stats_json with `extra` (NULL: none), a JSON member written
 * before "vifs" (e.g. "\"workers\": [...]"). */
int dp_write_stats_json_ex(datapath *dp, const char *file, const char *extra, char *err);

#endif
