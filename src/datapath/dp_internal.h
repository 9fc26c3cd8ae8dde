/* dp_internal.h - the datapath's structures, shared by the files in src/datapath. */
#ifndef VIFVM_DATAPATH_INTERNAL_H
#define VIFVM_DATAPATH_INTERNAL_H

#include <pcap/pcap.h>
#include <string.h>

#include "datapath.h"
#include "dp_counters.h"
#include "dp_fuse.h"
#include "vifvm.h"   /* the VM's public API: the only VM header used here */

/* A Java int field of obj at byte offset off (unaligned-safe). */
static inline int32_t get_i32(vm_object *obj, uint32_t off) { return vm_get_i32(obj, off); }
static inline void set_i32(vm_object *obj, uint32_t off, int32_t v) { vm_set_i32(obj, off, v); }

#define DP_NO_WAKE INT64_MIN
/* Pooled packet buffers: byte[] of this capacity, at most DP_POOL_MAX
 * per owner (DP_POOL_MIN when its heap is under DP_POOL_BIG_HEAP: the
 * pool keeps its buffers alive, 1 MiB at 512).  An audit releases up to
 * about 256 packets at a time (those a dropping VIFlet let go of): with
 * 64, most of their buffers missed the pool and became garbage, and the
 * packets after them allocated new ones (bench/README.md, "f5"). */
#define DP_POOL_BUF 2048u
#define DP_POOL_MIN 64u
#define DP_POOL_MAX 512u
#define DP_POOL_BIG_HEAP (32u << 20)
/* Output a VIFlet may write to its VIF's log (per load); beyond it, the
 * output is discarded (a VIFlet must not fill the disk). */
#define DP_LOG_MAX_BYTES (16u << 20)
/* Load limits of an owner's VM (user classes, their methods and bytecode):
 * class metadata lives outside the Java heap (--heap), so without them a
 * VIFlet loading thousands of classes grows vifd without bound. */
#define DP_MAX_CLASSES 1024u
#define DP_MAX_METHODS 16384u
#define DP_MAX_CODE_BYTES (4u << 20)

/* A packet outside any VIFlet (in transit, or in the link FIFO).  A
 * borrowed packet's bytes belong to someone else and stay valid only until
 * the function that made it returns (dp_input: the caller's frame;
 * link_kick: the root VIFlet's byte[]): it may travel up the tree and out
 * of the link, where every stage copies what it keeps, but anything that
 * stores it (the link FIFO) copies it first (dp_pkt_own). */
typedef struct dp_pkt {
    uint8_t *data;        /* dp_pkt_buf: caplen bytes (DP_PKT_BUF if pooled) */
    uint32_t caplen, wirelen;
    int64_t ts;           /* arrival time */
    uint64_t seq;         /* arrival order */
    int64_t t_vif;        /* arrival at its current VIF (or the link) */
    bool borrowed;        /* data is not ours: never freed, copied to keep */
} dp_pkt;

/* A packet a VIFlet owns: one slot of the owner's tracking table (the
 * Java Packet object itself sits in vif.Datapath.held[slot]). */
typedef struct dp_slot {
    dp_vif *vif;          /* NULL: free */
    uint32_t wirelen;
    uint64_t seq;
    int64_t t_vif;        /* arrival at the VIF (queueing delay) */
    uint32_t next_free;
} dp_slot;

/* One VM per owner. */
typedef struct dp_owner {
    char *name;
    datapath *dp;
    vm *vm;
    char *cp_str;         /* the VM's class path */
    vm_platform plat;
    bool perf_map;        /* VIFD_PERF_MAP: JIT code named in the perf map */
    dp_vif *cur;          /* VIF whose VIFlet code runs now (its log) */

    /* classes and field offsets (found once) */
    vm_class *packet_cls, *viflet_cls, *holder_cls, *bytes_cls, *objarr_cls;
    uint32_t off_data, off_len, off_ts, off_slot, off_wake;
    /* VIFlet's default FIFO (fifo, fifoHead, fifoCount) and length */
    uint32_t off_fifo, off_fifo_head, off_fifo_count, off_length;
    vm_method *viflet_deq;      /* VIFlet.dequeue, the default FIFO's */
    /* vif.Queue and its ring (items, head, count): the audit traces only
     * the ring's live slots (Queue.dequeue leaves the slot it empties) */
    vm_class *queue_cls;
    uint32_t off_q_items, off_q_head, off_q_count;
    vm_field *f_q_items, *f_q_head, *f_q_count;
    vm_field *st_viflets, *st_held, *st_pool;   /* statics of vif.Datapath */
    /* the elements of Datapath.held and Datapath.pool (objects do not
     * move; held_elems changes when the table grows) */
    vm_object **held_elems, **pool_elems;

    /* tracking table */
    dp_slot *slots;
    uint32_t cap, n_tracked, free_head;
    uint32_t live_after_audit;
    uint32_t audit_at;    /* 2 * live_after_audit + 256 (set with it): the
                             tracked count at which an audit falls due,
                             read per stage on the fused path */
    uint64_t given_since_audit;
    /* The fast-state word (dp_engine.c fifo_run): the run stage of this VM
     * whose live state fifo_run last found fast - its quota not reached,
     * its default FIFO's ring present, empty, the head in range, the heap
     * roomy, no audit due at the next tracked packet - with the ring's
     * length then (fast_len); the run then tests this one word for the
     * stage instead of each.  NULL: look again.  Cleared (dp_fast_clear)
     * wherever the datapath enters this VM (a handler, a constructor, a
     * stack trace), tracks a packet in it, allocates in it, audits it or
     * sets a quota, and at every re-fusion; the run's own steps keep it
     * (the head moves within the ring, nothing else it tests changes). */
    dp_vif *fast;
    uint32_t fast_len;
    uint32_t n_viflets;   /* slots used in Datapath.viflets */
    /* vm_heap_roomy's operands (vm_heap_gauge), read inline by dp_heap_roomy:
     * the fused loop asks it for every stage of every packet */
    const size_t *heap_used;
    size_t heap_roomy_limit;    /* *heap_max - *heap_max / 4 (the quota is fixed) */
    uint32_t pool_count, pool_max;   /* pool_max: DP_POOL_MIN or DP_POOL_MAX */
    uint64_t audits;
    bool retired;         /* an older VM of this owner (dp_owner_retire) */
    /* methods compiled and classes loaded in its VM by its VIFlets' loads
     * (load_viflet, the failed ones too: dp_vif_path_counts leaves them out) */
    uint32_t load_compiled, load_loaded;
    /* a stack trace being written to a log: lines left before it is cut
     * (dp_abort.c), and lines cut */
    uint32_t trace_lines_left, trace_lines_cut;
    bool trace_capped;
} dp_owner;

typedef struct dp_stats {
    uint64_t in, out, drop_handler, drop_quota, drop_policy;
    uint64_t aborts, enq_calls, deq_calls;
    uint64_t handler_ticks;  /* time in handlers, dp_clock.h ticks */
} dp_stats;

struct dp_vif {
    /* What a packet placed at this VIF reads and writes when no VIFlet
     * holds it (place_at: fpath, pass_*; dp_classify_below: n_children,
     * and at its parent children, disp, disp_stale) comes first: one
     * cache line (dp_vif is 64-byte aligned; dp_tree.c allocates VIFs
     * side by side in slabs), so a packet to any of 1,000 siblings
     * touches one line of its VIF (issue 14, "Many siblings"). */
    _Alignas(64) dp_fpath *fpath;   /* fused path placed here (dp_fuse.c), or NULL */
    /* Per-path counting (branch f11): place (dp_engine.c) counts a packet
     * placed here that has no fused plan once, in pass_pkts/pass_bytes,
     * instead of in/out and bytes in/out at every VIF its walk passes
     * (this one and its ancestors without an active or aborted VIFlet,
     * pass_n of them, up to pass_to, where dp_deliver goes on; NULL: the
     * link).  dp_pass_fold adds them to those pass_n VIFs before anything
     * reads the counters (every statistics reader; a re-fusion, before
     * pass_to/pass_n are set again: dp_fuse_refresh).  pass_to is v
     * itself with pass_n 0 until the plans set it (dp_deliver counts). */
    dp_vif *pass_to;
    uint64_t pass_pkts, pass_bytes;
    uint32_t pass_n;
    uint32_t n_children;
    dp_vif **children;
    vm_cbpf_dispatch *disp;     /* the children's filters together (NULL: run
                                   one by one); rebuilt when disp_stale */
    bool disp_stale;
    char *path;
    char *filter;               /* NULL for the root */
    struct bpf_program prog;
    vm_cbpf_prog *nprog;        /* prog compiled to native code (dp_classify.c);
                                   NULL: the interpreter runs prog */
    dp_vif *parent;
    uint32_t depth;
    bool global;                /* vifd --workers: workers=1 (one instance, in worker 0) */

    /* the VIFlet */
    dp_owner *owner;            /* NULL: none loaded */
    char *file, *class_name;
    vm_object *obj;             /* also rooted in Datapath.viflets[root_index] */
    uint32_t root_index;
    vm_method *m_enq, *m_deq;
    bool deq_default;           /* m_deq is VIFlet.dequeue (the FIFO's) */
    bool active;                /* loaded and not aborted */
    bool aborted;
    enum dp_policy policy;
    uint32_t quota;
    uint64_t budget;
    uint64_t time_limit;        /* CPU ns per handler call, 0: none */
    uint32_t held;
    int64_t wake;               /* DP_NO_WAKE or the next dequeue time */
    uint32_t idle_wakes;        /* wake-ups in a row that handed on nothing */
    bool timers_off;            /* wakeAt ignored (see DP_IDLE_WAKES) */

    dp_stats st;
    /* bytes, backlog bytes; delay and handler time (histograms out of
     * line: dp_counters.h) */
    dp_vcount cnt;
    /* compiled and loaded on the packet path (dp_vif_path_counts): the
     * owner VM's jit_compiled, classes_loaded and its loads' counts when
     * this VIF's VIFlet finished loading; path_more: other workers' counts
     * (dp_vif_absorb) */
    uint32_t path_base[4];
    uint64_t path_more[2];
    bool removed;               /* dp_remove_vif: out of the tree, kept for
                                   the statistics */
    /* The Packet recycled on a fused path (dp_fuse.c, "recycle"): enqueue
     * provably keeps no reference to its packet (vm_method_arg_escapes)
     * and dequeue is the default FIFO's, so the Packet a hand-off takes
     * back is kept for the next packet at this VIF instead of invalidated:
     * slot + 1 of owner's tracking table (0: none), the object still in
     * Datapath.held[slot] (rooted) but not tracked (slots[].vif NULL). */
    bool recycle;
    uint32_t spare_slot;
    /* recycle, and enqueue never reads or writes its packet's bytes (the
     * escape check with vif.Packet's length() and timestamp() alone,
     * dp_fuse.c stage_blind): the fused loop refills the spare without
     * copying the bytes in, and hands the packet on from the bytes it came
     * with (dp_engine.c, "blind stages"); any other outcome of the call
     * copies them in first (dp_jpacket_fill) */
    bool blind;
    /* blind, but enqueue may read the IP and transport headers through
     * vif.Packet's header getters (dp_fuse.c stage_peek: a filter on a
     * port or an address, ChainFilter): the spare is refilled with the
     * first DP_PEEK_BYTES bytes of an IPv4 frame only (dp_peek_len; every
     * byte those getters can read), the rest as blind.  Read only when
     * blind is set. */
    bool peek;
    /* enqueue and dequeue are both the default FIFO's (a relay): on a
     * fused path the pair is done in C when the FIFO is empty (dp_engine.c
     * fifo_inline), the packet passed on without entering the VM */
    bool fifo_inline;
    /* with fifo_inline, enqueue not the default FIFO's but a handler that
     * only updates the VIFlet's own int and long fields before calling it
     * (vm_handler_field_prog, src/jit/fuse_prog.c: a counter): its
     * program, run by fifo_inline before the pair (dp_fuse_prog.h); NULL
     * for a relay.  Made with the plans, freed by dp_fuse_free. */
    vm_field_prog *fprog;
    /* fprog as machine code (vm_field_prog_emit, src/jit/fuse_prog.c) for
     * the current plans, or the C evaluator (VIFD_FUSE_NATIVE=off, or the
     * emitter failed: dp_fuse.c prog_eval); NULL without fprog (what
     * fifo_inline tests); the code, kept with its VM
     * (fprog_vm; dp_owner_destroy forgets it) and reused for the same
     * method (fprog_m) across re-fusions, as enq_entry's */
    vm_field_prog_fn fprog_fn, fprog_code;
    vm *fprog_vm;
    vm_method *fprog_m;
    uint32_t fprog_bytes;
    /* enqueue's entry prepared when the plan is built (dp_fuse.c): the
     * fused loop calls it through vm_call_handler_entry (the budget's
     * slices and the frame's size worked out once), or through its native
     * code (enq_entry.native, src/jit/fuse_entry.c) when it has some;
     * the code stays while its VM does (entry_vm; dp_owner_destroy clears
     * both), reused for the same method there (vm_handler_entry_retune),
     * and is called only for an active VIFlet on a plan */
    vm_handler_entry enq_entry;
    vm *entry_vm;               /* the VM enq_entry.native was emitted for */
    bool on_fused_path;         /* a stage of some plan (dp_fuse_refresh) */
    /* no VIFlet above this VIF on its path runs in this VIF's VM (set with
     * the plans): nothing the stages above do while a packet this VIF
     * handed on goes up can reach this VIFlet, so the fused loop counts
     * the drain's last (null) dequeue first and moves on to the parent in
     * a loop instead of a nested call (dp_engine.c, fused_deliver) */
    bool alone_above;
    /* what the fused loop does with this stage (dp_fuse.c, set with the
     * plans from the flags above; DP_FK_CALLS again wherever they are
     * cleared): one byte read per stage instead of five flags */
    uint8_t fuse_kind;

    /* log */
    FILE *log;                  /* NULL: stderr with a "[path] " prefix */
    bool log_bol;               /* at the start of a line */
    /* stderr only: the line being printed, written whole with its prefix
     * once its newline comes (with --workers the workers share stderr:
     * a line built from several prints is never torn by another's) */
    uint16_t line_len;
    char *line;                 /* DP_LOG_LINE bytes, made at the first part */
    uint64_t out_bytes;         /* VIFlet output written (DP_LOG_MAX_BYTES) */
    bool out_capped;            /* ... reached: output discarded */
};

_Static_assert(offsetof(struct dp_vif, disp_stale) < 64,
               "dp_vif: the fields a placed packet touches fit in its first cache line");

struct datapath {
    dp_config cfg;
    char *root_name;
    char *logdir;
    pcap_t *pcap_dead;          /* for pcap_compile */
    dp_vif **vifs;              /* definition order, root first */
    uint32_t n_vifs;
    void *vif_slabs;            /* dp_tree.c: the slabs the VIFs lie in */
    dp_owner **owners;
    uint32_t n_owners;

    int64_t now;
    bool clock_set;
    uint64_t next_seq;

    /* the link */
    int64_t link_free_at;
    bool link_pending;          /* poll the link at link_free_at */
    uint64_t link_claims;       /* transmissions claimed on cfg.shared_link */
    uint64_t link_lost;         /* claims a sharer took first (the packet waited) */
    int64_t link_synced;        /* cfg.lockstep: the time up to which the link
                                   is in step (link_sync; INT64_MIN: not yet) */
    dp_pkt *lq;                 /* FIFO ring of cfg.link_queue */
    uint32_t lq_head, lq_count;
    uint32_t lq_absorbed;       /* of lq_count: other workers' (dp_absorb),
                                   counted but not in lq */
    uint64_t link_out, link_bytes, link_drops, input;
    dp_lcount lcnt;             /* link FIFO bytes and delay */

    /* chain fusion (dp_fuse.c): plans valid for fuse_gen == fuse_built */
    uint64_t fuse_gen, fuse_built;
    uint32_t fuse_nvifs;        /* n_vifs when they were built */
    uint32_t fuse_retry_in, fuse_retry_every; /* placed packets before the
                                   plans are built again (a handler on an
                                   unfused path may have been compiled) */
    uint32_t fuse_check;        /* non-zero: place looks at the four above
                                   (dp_fuse_check) - set by
                                   dp_fuse_invalidate and a VIF added, kept
                                   while a retry counts down: the one word
                                   place reads per packet */
    dp_fuse_info fuse;
    vm_pathcode_region fuse_code; /* the plans' path code (dp_fpath.code),
                                   all in one region per re-fusion */

    vm_platform cbpf_plat;      /* executable memory for native filters */
    uint32_t cbpf_off;          /* VM_CBPF_OPT_* switched off (VIFD_CBPF_OFF) */
    vm_cbpf_prog *tree;         /* the whole tree's filters in one function
                                   (dp_classify.c), NULL: per level */
    vm_cbpf_fn tree_fn;
    vm_cbpf_fn tree_ready;      /* tree_fn while it is current (not
                                   tree_stale): dp_classify_fast calls it
                                   without dp_classify's other checks */
    dp_vif **tree_nodes;        /* its answers (1 + node number) -> VIFs
                                   (tree_nodes[0] unused) */
    bool tree_stale;
    bool wake_used;             /* a VIF's timer was ever set: until then
                                   dp_next_event need not scan every VIF
                                   (an O(VIFs) walk per packet) */
};

/* The per-packet counter hooks (dp_counters.h): a packet enters VIF v,
 * leaves it after a VIFlet held it (its queueing delay is counted) or
 * passes straight through (delay 0: not put in the histogram, whose
 * summary counts out - samples as zeros), a handler call of `ticks` was
 * timed with weight w. */
/* dp_vif.fuse_kind */
enum {
    DP_FK_CALLS = 0,  /* the general steps (enqueue, then the drain) */
    DP_FK_FIFO,       /* fifo_inline: a relay done in C */
    DP_FK_KEPT,       /* kept_stage (recycle, not the root, alone_above), the bytes copied in */
    DP_FK_BLIND,      /* kept_stage of a blind stage (no bytes) */
    DP_FK_PEEK,       /* kept_stage of a header reader (the headers only) */
};

static inline void dp_count_in(datapath *dp, dp_vif *v, dp_pkt *p) {
    v->st.in++;
    v->cnt.bytes_in += p->wirelen;
    p->t_vif = dp->now;
}
static inline void dp_count_out(datapath *dp, dp_vif *v, const dp_pkt *p) {
    v->st.out++;
    v->cnt.bytes_out += p->wirelen;
    dp_hist_add(v->cnt.delay, (uint64_t)(dp->now - p->t_vif), 1);
}
static inline void dp_count_pass(dp_vif *v, const dp_pkt *p) {
    v->st.out++;
    v->cnt.bytes_out += p->wirelen;
}
static inline void dp_count_handler(dp_vif *v, uint64_t ticks, uint64_t w) {
    v->st.handler_ticks += ticks * w;
    dp_hist_add(v->cnt.handler, ticks, w);
}

/* the root VIF (vifs[0]); inline: it is called per packet (classify, the link) */
static inline dp_vif *dp_root(datapath *dp) { return dp->vifs[0]; }

/* dp_counters.c: the per-path counts (dp_vif.pass_pkts, pass_bytes) added
 * to the VIFs their walk passed, and cleared: call before reading any
 * VIF's in/out/bytes_in/bytes_out (every statistics reader does). */
void dp_pass_fold(datapath *dp);
/* dp_fuse.c: each VIF's walk (dp_vif.pass_to, pass_n) for the current
 * VIFlets, after dp_pass_fold (dp_fuse_refresh) */
void dp_pass_plan(datapath *dp);

/* dp_workers.c: add w's counters (packets, held, quota, bytes, histograms,
 * handler time, aborts) to v's */
void dp_vif_absorb(dp_vif *v, const dp_vif *w);
/* Methods JIT-compiled and classes loaded in v's owner VM since v's
 * VIFlet finished loading, other loads of the owner's VIFlets excluded
 * (one VM per owner: what any of the owner's VIFlets did while it ran, or
 * vifd did for them in between, e.g. a fused path's handler); with
 * --workers, summed over the workers' VMs (dp_vif_absorb).  0 with no
 * VIFlet (dp_owner.c). */
void dp_vif_path_counts(const dp_vif *v, uint64_t *compiled, uint64_t *loaded);

/* dp_classify.c: placing a packet at the deepest VIF whose filter matches */
void dp_classify_init(datapath *dp);
/* v's filter (v->prog) changed or was made: compile it natively (unless
 * --native-filters off; a filter the compiler refuses stays interpreted)
 * and mark its parent's dispatch stale. */
void dp_filter_changed(datapath *dp, dp_vif *v);
/* v's children changed (one added or removed) */
void dp_children_changed(datapath *dp, dp_vif *v);
void dp_filter_free(dp_vif *v);
void dp_classify_destroy(datapath *dp);
/* the filters' executable memory (dp_codemem.h), once every VIF's filter is freed */
void dp_classify_release(datapath *dp);
dp_vif *dp_classify(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen);
/* dp_classify's last step: from v (found by the tree function) down
 * through the sibling dispatches */
dp_vif *dp_classify_below(datapath *dp, dp_vif *v, const uint8_t *data, uint32_t caplen,
                          uint32_t wirelen);
/* dp_classify, with the current tree function called inline (per packet:
 * no call to dp_classify and its checks when the tree function decides) */
static inline dp_vif *dp_classify_fast(datapath *dp, const uint8_t *data, uint32_t caplen,
                                       uint32_t wirelen) {
    vm_cbpf_fn f = dp->tree_ready;
    if (__builtin_expect(f == NULL, 0)) return dp_classify(dp, data, caplen, wirelen);
    uint32_t r = f(data, wirelen, caplen);
    if (__builtin_expect(!(r & VM_CBPF_TREE_DISPATCH), 1)) return dp->tree_nodes[r];
    return dp_classify_below(dp, dp->tree_nodes[r & ~VM_CBPF_TREE_DISPATCH], data, caplen,
                             wirelen);
}
/* The tree function called knowing what it keeps (src/jit/cbpf_jit.c: a
 * compiled filter changes no register but rax, rdx, r8-r10 and the
 * flags), so that the caller's values may stay in rcx, rsi, rdi and r11
 * across it: place needs no frame and no callee-saved register.  The
 * stack pointer moves 128 bytes down around the call, past a red zone the
 * compiler may be using (the call pushes its return address there).
 * Built with -DVIFD_TREE_CALL_PLAIN: an ordinary call, for comparison. */
static inline uint64_t dp_tree_call(vm_cbpf_fn f, const uint8_t *data, uint32_t wirelen,
                                    uint32_t caplen) {
#if defined(__x86_64__) && !defined(VIFD_TREE_CALL_PLAIN)
    uint64_t r;   /* (rax: the compiled code's answer is always written by a
                     32-bit operation, which clears the upper half) */
    __asm__ volatile("lea -128(%%rsp), %%rsp\n\tcall *%q[f]\n\tlea 128(%%rsp), %%rsp"
                     : "=a"(r), "+d"(caplen)
                     : [f] "r"(f), "D"(data), "S"(wirelen)
                     : "r8", "r9", "r10", "cc", "memory");
    return r;
#else
    return f(data, wirelen, caplen);
#endif
}

/* dp_classify_fast for a packet: its fields read again after the tree
 * function's call, not held across it (the caller saves no registers
 * for them) */
static inline dp_vif *dp_classify_pkt(datapath *dp, const dp_pkt *p) {
    vm_cbpf_fn f = dp->tree_ready;
    if (__builtin_expect(f == NULL, 0)) return dp_classify(dp, p->data, p->caplen, p->wirelen);
    uint32_t r = dp_tree_call(f, p->data, p->wirelen, p->caplen);
    if (__builtin_expect(!(r & VM_CBPF_TREE_DISPATCH), 1)) return dp->tree_nodes[r];
    return dp_classify_below(dp, dp->tree_nodes[r & ~VM_CBPF_TREE_DISPATCH], p->data, p->caplen,
                             p->wirelen);
}

/* dp_owner.c */
dp_owner *dp_owner_get(datapath *dp, const char *name, char *err);
void dp_owner_destroy(dp_owner *o);
/* Free a retired owner VM once no VIF uses it any more. */
void dp_owner_release_if_unused(datapath *dp, dp_owner *o);
void dp_log_write(dp_vif *v, const char *buf, size_t n);
/* ends a line the VIFlet left unfinished on stderr (with a newline) */
void dp_log_end_line(dp_vif *v);
/* vifd's own line for v's log (a log file: after a timestamp). */
void dp_logf(dp_vif *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "YYYY-MM-DDTHH:MM:SS.mmmZ " (UTC wall clock) into buf; its length. */
size_t dp_log_timestamp(char *buf, size_t cap);
/* "instruction budget of N exhausted in Cls.method" for a VIFlet call that
 * returned VM_ERR_BUDGET. */
void dp_describe_budget_abort(vm *vm, const dp_vif *v, char *buf, size_t cap);
int dp_open_log(datapath *dp, dp_vif *v, char *err);

/* dp_packet.c */
/* A Java Packet in o's VM holding p's bytes, owned by v (tracked).  NULL
 * when the VM's heap is exhausted (nothing pending then). */
vm_object *dp_jpacket_new(dp_owner *o, dp_vif *v, const dp_pkt *p);
/* Take packet `j` back from VIFlet v: 0 and *out filled (the Java object
 * is invalidated), or -1 with a reason in why when v does not own j. */
int dp_jpacket_take(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out,
                    char *why, size_t cap);
/* The same in two steps, for a packet used in place (the root's dequeue
 * straight to the link, no copy): the check and a borrowed view of its
 * bytes in the Java byte[] (the slot; or -1 with a reason in why), valid
 * until the release or the next call into o's VM; then the release (the
 * Java object invalidated, the buffer recycled).  dp_jpacket_check is the
 * check alone. */
int32_t dp_jpacket_check(dp_owner *o, dp_vif *v, vm_object *j, char *why, size_t cap);
int32_t dp_jpacket_view(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why, size_t cap);
void dp_jpacket_release(dp_owner *o, vm_object *j, int32_t s);
/* The hand-off of a fused path (dp_fuse.c): as dp_jpacket_take (the same
 * check, j invalidated and its slot freed at once, so revocation and the
 * counts are those of the take), but the bytes are not copied out: j's
 * byte[] goes back on top of o's pool and *out borrows it (out->data
 * points into it).  The borrow lasts until the next Packet is made in o's
 * VM: the next stage's dp_jpacket_new, which in o's VM takes that very
 * buffer back with the bytes in place (no copy) and in another VM copies
 * them once, straight from it.  A buffer the pool does not take back
 * (a large packet, a full pool) is copied out as by dp_jpacket_take. */
int dp_jpacket_handoff(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why,
                       size_t cap);
/* dp_jpacket_handoff for a VIF whose Packet is recycled (v->recycle, the
 * FIFO empty; j returned by the default FIFO, so a vif.Packet): the same
 * ownership check, counts and borrow, but j is not
 * invalidated: it stays v's spare (v->spare_slot), with its byte[], and
 * the next dp_jpacket_new at v refills it.  No Java reference to j can
 * exist (the escape check, and the FIFO empty). */
int dp_jpacket_handoff_keep(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why,
                            size_t cap);
/* dp_jpacket_take for a VIF whose Packet is recycled (v->recycle, the
 * FIFO empty) on the unfused loop: the bytes copied out as by
 * dp_jpacket_take, j kept as v's spare as by dp_jpacket_handoff_keep. */
int dp_jpacket_take_keep(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why,
                         size_t cap);
/* The common cases of the two above, inline for the fused loop
 * (dp_engine.c): each returns false, having changed nothing, when its
 * case does not apply (then call the function above, which also gives the
 * reason of a failure). */
/* keep (dp_packet.c) j, v's in its slot s, as v's spare: release's
 * counts, without the slot's checks (dp_jpacket_keep_fast and
 * dp_jpacket_keep_given make them, or know them) */
static inline bool dp_jpacket_keep_at(dp_owner *o, dp_vif *v, vm_object *j, int32_t s, dp_pkt *out) {
    vm_object *buf = vm_get_ref(j, o->off_data);
    int32_t len = get_i32(j, o->off_len);
    if (!buf || vm_array_length(buf) != (int32_t)DP_POOL_BUF || len < 0 ||
        len > (int32_t)DP_POOL_BUF)
        return false;
    dp_slot *sl = &o->slots[s];
    memcpy(&out->ts, (char *)j + o->off_ts, sizeof out->ts);
    out->data = (uint8_t *)vm_array_data(buf);
    out->caplen = (uint32_t)len;
    out->wirelen = sl->wirelen;
    out->seq = sl->seq;
    out->t_vif = sl->t_vif;
    out->borrowed = true;
    /* keep (dp_packet.c): release's counts, j stays v's spare */
    v->held--;
    v->cnt.held_bytes -= sl->wirelen;
    sl->vif = NULL;
    sl->next_free = UINT32_MAX;
    o->n_tracked--;
    v->spare_slot = (uint32_t)s + 1;
    return true;
}
/* dp_jpacket_handoff_keep when v has no spare yet, j is v's in its slot
 * and its byte[] is a pool buffer */
static inline bool dp_jpacket_keep_fast(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out) {
    int32_t s = get_i32(j, o->off_slot);
    if (v->spare_slot || s < 0 || (uint32_t)s >= o->cap || o->held_elems[s] != j ||
        o->slots[s].vif != v)
        return false;
    return dp_jpacket_keep_at(o, v, j, s, out);
}
/* the fast-state word (dp_owner.fast) cleared: the next run looks again */
static inline void dp_fast_clear(dp_owner *o) {
    o->fast = NULL;
}
/* vm_heap_roomy(o->vm), read inline */
static inline bool dp_heap_roomy(const dp_owner *o) {
    return *o->heap_used <= o->heap_roomy_limit;
}
/* dp_jpacket_keep_fast for j, the very Packet the fused loop gave v's
 * enqueue on this step and has not handed on since (the caller's word:
 * fused_drain_fifo forgets it at any other hand-off, as the same Packet
 * put in twice is released by the first): its slot (Packet.slot, which
 * only the datapath writes) is still v's, the one it was given in (the
 * audit after the call leaves a Packet in the FIFO alone).  The same as
 * dp_jpacket_keep_fast without looking the slot up again. */
static inline bool dp_jpacket_keep_given(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out) {
    if (v->spare_slot) return false;
    return dp_jpacket_keep_at(o, v, j, get_i32(j, o->off_slot), out);
}
/* dp_jpacket_new's refill of v's spare (dp_jpacket_new does the same
 * first): NULL when there is none or it cannot be refilled here. */
static inline vm_object *dp_jpacket_refill_fast(dp_owner *o, dp_vif *v, const dp_pkt *p,
                                                bool copy) {
    if (!v->spare_slot || p->caplen > DP_POOL_BUF) return NULL;
    uint32_t s = v->spare_slot - 1;
    vm_object *j = o->held_elems[s];
    vm_object *buf = vm_get_ref(j, o->off_data);
    if (!buf || vm_array_length(buf) != (int32_t)DP_POOL_BUF || !dp_heap_roomy(o))
        return NULL;
    v->spare_slot = 0;
    if (copy) memcpy(vm_array_data(buf), p->data, p->caplen);
    set_i32(j, o->off_len, (int32_t)p->caplen);
    vm_set_i64(j, o->off_ts, p->ts);
    /* track (dp_packet.c) */
    o->slots[s] = (dp_slot){ .vif = v, .wirelen = p->wirelen, .seq = p->seq, .t_vif = p->t_vif,
                             .next_free = UINT32_MAX };
    dp_fast_clear(o);
    o->n_tracked++;
    o->given_since_audit++;
    v->held++;
    v->cnt.held_bytes += p->wirelen;
    return j;
}
/* The bytes a header reader's refill copies (dp_vif.peek): the first
 * DP_PEEK_BYTES of an IPv4 frame (EtherType 0x0800, also behind an 802.1Q
 * tag), every byte vif.Packet's header getters can read there (at most
 * 18 + 60 + 14: the transport header's flags after the longest IPv4
 * header, src/lib/java/vif/Packet.java); any other frame whole (IPv6's
 * extension headers may run to its end). */
#define DP_PEEK_BYTES 128u
static inline uint32_t dp_peek_len(const dp_pkt *p) {
    const uint8_t *d = p->data;
    uint32_t n = p->caplen;
    if (n <= DP_PEEK_BYTES) return n;
    uint32_t et = (uint32_t)d[12] << 8 | d[13];
    if (et == 0x8100u) et = (uint32_t)d[16] << 8 | d[17];
    return et == 0x0800u ? DP_PEEK_BYTES : n;
}
/* The bytes of p into j's byte[], which a blind refill (copy false) left
 * as they were: j still holds p (its data and length unchanged). */
static inline void dp_jpacket_fill(dp_owner *o, vm_object *j, const dp_pkt *p) {
    memcpy(vm_array_data(vm_get_ref(j, o->off_data)), p->data, p->caplen);
}
/* dp_jpacket_release of v's packet j in slot s (its view transmitted) with
 * j kept as v's spare, as dp_jpacket_handoff_keep. */
void dp_jpacket_release_keep(dp_owner *o, dp_vif *v, vm_object *j, int32_t s);
/* Make v's spare Packet (v->recycle, none yet, p fits a pool byte[]) as
 * the calls of a packet p that the FIFO hands on at once would leave it:
 * dp_jpacket_new's allocation and tracking, then kept (the calls
 * themselves done in C by the caller, who also counts p as given).
 * false, nothing kept, when it cannot (dp_fast_clear done if an
 * allocation was tried). */
bool dp_jpacket_spare_make(dp_owner *o, dp_vif *v, const dp_pkt *p);
/* Drop v's spare Packet (detach, abort): its slot is freed. */
void dp_jpacket_spare_drop(dp_owner *o, dp_vif *v);
/* Take every packet v owns, in arrival order; *n set. */
dp_pkt *dp_take_all(dp_owner *o, dp_vif *v, uint32_t *n);
/* Find packets no longer reachable from the VM's roots; count them as
 * dropped by their VIFlet's handler. */
void dp_audit(dp_owner *o);
void dp_audit_except(dp_owner *o, vm_object *keep);
int dp_owner_tables_init(dp_owner *o, char *err);
int dp_root_viflet(dp_owner *o, vm_object *obj, uint32_t *index);
void dp_unroot_viflet(dp_owner *o, uint32_t index);
void dp_pkt_free(dp_pkt *p);
/* dp_pkt_free, a borrowed packet's case inline (per stage on the fused
 * path) */
static inline void dp_pkt_done(dp_pkt *p) {
    if (p->borrowed) {
        p->data = NULL;
        p->borrowed = false;
    } else {
        dp_pkt_free(p);
    }
}
/* A buffer for a packet of caplen bytes: frames up to DP_PKT_BUF bytes come
 * from a free list (no malloc per packet and stage), larger ones from
 * malloc.  NULL when out of memory.  dp_pkt_free gives it back;
 * dp_pkt_pool_trim frees the free list (dp_destroy). */
#define DP_PKT_BUF      2048u
#define DP_PKT_POOL_MAX 4096u
uint8_t *dp_pkt_buf(uint32_t caplen);
void dp_pkt_pool_trim(void);
/* Make a borrowed packet own a copy of its bytes: 0, or -1 when out of
 * memory (p unchanged).  A packet that owns its bytes is left alone. */
int dp_pkt_own(dp_pkt *p);

/* dp_abort.c: what a failed VIFlet call is told as, in logs.
 * "instruction budget of N exhausted in Cls.m", "out of memory (heap
 * quota 64 MiB)", "CPU time limit of 100 ms per call exceeded in Cls.m",
 * "interrupted (vifd is stopping)", "System.exit(3) called", the uncaught
 * exception's "java.lang.X: msg"... for status st (VM_ERR_EXCEPTION:
 * vm->exception, which the caller still owns). */
void dp_describe_abort(dp_owner *o, const dp_vif *v, vm_status st, vm_object *ex, char *buf,
                       size_t cap);
/* Write the uncaught exception ex of VIFlet cls (NULL: v's) in `where`
 * ("enqueue()") to v's log: "Exception in VIFlet C on VIF P, enqueue():
 * ..." and its stack trace, cut after DP_TRACE_MAX_LINES lines. */
#define DP_TRACE_MAX_LINES 40u
void dp_print_uncaught(dp_owner *o, dp_vif *v, const char *cls, const char *where,
                       vm_object *ex);
/* owner_write's filter while a trace is written: how many of the n bytes
 * to write (the rest is cut). */
size_t dp_trace_filter(dp_owner *o, const char *buf, size_t n);

/* dp_engine.c */
void dp_deliver(datapath *dp, dp_vif *v, dp_pkt *p);
/* The fused stage loop: packet p placed on fused path fp. */
void dp_fuse_run(datapath *dp, dp_fpath *fp, dp_pkt *p);
/* Take v's VIFlet off (its held packets: the VIF's policy). */
void dp_detach(datapath *dp, dp_vif *v, const char *why);

#endif
