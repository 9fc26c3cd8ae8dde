/* dp_fuse.h - fused VIF paths (issue 14): for each VIF a packet can be
 * placed at, the stages from it to the root as one plan, built between
 * packets whenever the tree or a VIFlet on it changes, and run by the
 * fused stage loop of dp_engine.c (direct hand-offs: dp_jpacket_handoff;
 * recycled Packets and relays done in C where that is provably the same).
 * A VIF without a plan (fusion off, a VIFlet on its path not compiled, no
 * VIFlet on its path) is served by the unfused loop. */
#ifndef VIFVM_DATAPATH_FUSE_H
#define VIFVM_DATAPATH_FUSE_H

#include <stdint.h>

#include "vifvm_pathcode.h"

typedef struct dp_vif dp_vif;
typedef struct datapath datapath;

/* A stage of a plan's FIFO run (dp_fpath.run): what cannot change while
 * the plan is installed, read once per stage instead of through the VIF
 * and its owner (dp_engine.c, fifo_run). */
typedef struct dp_owner dp_owner;
typedef struct dp_frun {
    dp_vif *v;
    dp_owner *o;
    uint32_t off_fifo, off_count, off_head;  /* the owner's VIFlet field offsets */
    bool fast;               /* the fast-state word used (dp_owner.fast; VIFD_FUSE_FAST) */
    bool prog;               /* a field-only handler (dp_vif.fprog, fprog_fn) */
    bool writes;             /* ... that writes the bytes (vm_field_prog.writes) */
    bool spare;              /* (branch fx21) a missing spare Packet made by the run
                                (dp_engine.c fast_spare; VIFD_FUSE_RUN_SPARE=off: not) */
} dp_frun;

typedef struct dp_fpath {
    uint32_t n;              /* stages, the placement VIF first, the root last */
    dp_vif **stage;
    uint32_t viflets;        /* stages holding an active VIFlet */
    uint32_t owners;         /* distinct owner VMs among them */
    uint32_t handoffs_same_vm; /* hand-offs between VIFlets in one VM (no copy) */
    uint32_t recycled;       /* stages whose Packet is recycled (dp_vif.recycle) */
    uint32_t fifo_inlined;   /* stages whose default FIFO is done in C (dp_vif.fifo_inline) */
    uint32_t blind;          /* recycling stages that never touch the bytes (dp_vif.blind) */
    uint32_t peek;           /* recycling stages reading the headers only (dp_vif.peek;
                                not counted in blind) */
    uint32_t native_entries; /* stages entered through native code (dp_vif.enq_entry.native) */
    uint64_t native_bytes;   /* ... its size, summed over the stages */
    uint64_t build_ns;       /* time to build this plan */
    uint32_t handlers_inlined; /* of fifo_inlined: a field-only handler run as a program
                                  (dp_vif.fprog) */
    /* The FIFO run (branch f13): stages 0 .. run-1 are relays or field-only
     * handlers done in C (DP_FK_FIFO), none the root, each alone_above;
     * dp_engine.c's fifo_run takes a packet through them in one loop with
     * the checks that cannot change while the plan is installed made here,
     * and hands the packet to the general loop at the first stage whose
     * state is not the fast one.  0 with VIFD_FUSE_RUN=off. */
    uint32_t run;
    dp_frun *rs;             /* run entries */
    /* packets (done[2 i]) and their wire bytes (done[2 i + 1]) that went
     * through exactly the first i stages of the run (1 <= i <= run): each
     * stage's in, out, bytes in and bytes out, counted once per packet
     * instead of at every stage, added to the stages by dp_fuse_fold */
    uint64_t *done;
    /* The run as one native function (branch fx19, dp_fuse.c plan_code:
     * include/vifvm_pathcode.h, src/jit/fuse_path.c), named
     * "fused-run:PATH": fifo_run's steps for each run stage unrolled, the
     * plan's constants in the code; it returns what fifo_run returns, or
     * the stage i | DP_RUN_SLOW at which a stage's fast-state word is not
     * set (fifo_run goes on from there).  code.fn NULL: fifo_run alone
     * (VIFD_FUSE_PATHCODE=off, VIFD_FUSE_FAST=off, the emitter failed).
     * Its memory is the datapath's region of this re-fusion (branch fx20,
     * datapath.fuse_code: one mapping for all plans, made executable once,
     * freed with the plans). */
    vm_pathcode code;
    uint64_t code_ns;        /* the time to make it */
    /* (branch fx21) the stages after the run (all of them without one)
     * called from the code, one direct call of a dp_step_* function each,
     * the root's last: the code answers DP_RUN_DONE.  0: none (no code,
     * VIFD_FUSE_PATHCODE_STAGES=off), the C loop (fused_deliver) after
     * the run. */
    uint32_t code_stages;
    /* run or code_stages non-zero: the plan's way starts with the run or
     * the code (dp_engine.c fuse_run_run; one word to test per packet),
     * else the C loop from stage 0 */
    uint32_t enter;
    /* (branch fx23) the plan's native entry, entry(packet, plan), which
     * does every stage (fuse_run_at: one test and a jump): its code with
     * all the stages in it (code.fn: its exits other than DP_RUN_DONE
     * leave by a tail call of dp_fuse_code_left), or - one stage, no run -
     * the root's step function itself (dp_step1_*: no path function).
     * NULL: fuse_run_run (the run's code or fifo_run, then the C loop) or
     * the C loop (fused_deliver). */
    uint32_t (*entry)(void *p, void *fp);
    datapath *dp;            /* (dp_step1_*) the datapath the plan is of */
} dp_fpath;

/* what a run returns besides its stages done (dp_engine.c fifo_run,
 * dp_fpath.code) */
#define DP_RUN_GENERAL 0x80000000u  /* stage i's program answered 1, or the
                                       marker's copy failed: the general way */
#define DP_RUN_SLOW    0x40000000u  /* (the code) stage i's state is not the
                                       fast one: fifo_run from stage i */
#define DP_RUN_DONE    0x20000000u  /* (the code, dp_fpath.code_stages) every
                                       stage done: nothing left to C */

/* The stages of a fused path as its code calls them (dp_engine.c, branch
 * fx21): one iteration of the fused loop (fused_deliver) for stage st[0]
 * of the kind each is for, n stages from it to the root; non-zero: the
 * packet is done, 0: it goes on to st[1].  dp_step_kept's kind:
 * DP_FK_KEPT, BLIND or PEEK.  The root's (n 1) always answer DP_RUN_DONE
 * (branch fx23: a tail call of the code, whose answer it is). */
typedef struct dp_pkt dp_pkt;
uint32_t dp_step_fifo(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p);
uint32_t dp_step_calls(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p);
uint32_t dp_step_kept(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p, uint32_t kind);
uint32_t dp_step_root_fifo(datapath *dp, dp_vif *const *st, dp_pkt *p);
uint32_t dp_step_link(datapath *dp, dp_pkt *p);
uint32_t dp_step_root_calls(datapath *dp, dp_vif *const *st, dp_pkt *p);
/* (branch fx23) a plan of one stage without a run: its entry
 * (dp_fpath.entry) is the root's step itself, p the packet, fp the plan */
uint32_t dp_step1_fifo(void *p, void *fp);
uint32_t dp_step1_calls(void *p, void *fp);
/* (branch fx23) where the code's exits other than DP_RUN_DONE leave to (a
 * tail call, VM_PC_LEAVE): the run's C loop from stage i & ~DP_RUN_SLOW
 * (DP_RUN_SLOW), or the general way at stage i & ~DP_RUN_GENERAL, then
 * the C loop to the root (dp_engine.c fuse_code_left) */
uint32_t dp_fuse_code_left(datapath *dp, dp_fpath *fp, dp_pkt *p, uint32_t i);

/* Fusion's figures, for --stats and the JSON. */
typedef struct dp_fuse_info {
    bool on;
    uint32_t paths;          /* VIFs with a fused path now */
    uint32_t unfused;        /* VIFs with a VIFlet on their path served unfused */
    uint64_t refusions;      /* times the plans were rebuilt */
    uint64_t build_ns_last;  /* the last rebuild, all paths */
    uint64_t build_ns_max_path; /* the slowest single path ever built */
    uint64_t plan_bytes;     /* memory the current plans use */
    uint64_t native_bytes;   /* native stage entries of the current plans (each once) */
    uint32_t native_entries;
    uint64_t fused_packets;  /* packets placed on a fused path */
    uint32_t code_plans;     /* plans whose run is one native function (dp_fpath.code) */
    uint64_t code_bytes;     /* ... their code, summed */
    uint64_t code_ns_max;    /* the slowest to make */
    uint32_t code_maps;      /* ... the mappings they are in (one region per re-fusion:
                                datapath.fuse_code) */
    uint64_t code_mapped;    /* ... their bytes */
    uint64_t code_ns_last;   /* the last re-fusion's path code, all plans, sealed */
    uint32_t code_stage_plans; /* (branch fx21) plans whose code calls every stage after
                                  the run (dp_fpath.code_stages) */
    uint64_t code_left_slow;   /* packets the code left at a run stage not in the fast
                                  state (DP_RUN_SLOW: fifo_run, then the C loop) */
    uint64_t code_left_general; /* ... at a program's GENERAL answer (the C loop) */
    uint32_t step_entry_plans; /* (branch fx23) plans of one stage without a run whose
                                  entry is the root's step function (no path code) */
} dp_fuse_info;

/* Something a plan depends on changed (a VIFlet loaded, swapped,
 * detached or aborted; a VIF added or removed; a filter changed): the
 * plans are rebuilt before the next packet is placed.  Packets in flight
 * finish on the plan they started on. */
void dp_fuse_invalidate(datapath *dp);
/* Rebuild the plans if anything changed (dp_input, between packets). */
void dp_fuse_refresh(datapath *dp);
/* place's look when dp->fuse_check is set: a retry's count down, then
 * dp_fuse_refresh; fuse_check cleared once nothing is pending. */
void dp_fuse_check(datapath *dp);
void dp_fuse_free(datapath *dp);
/* The runs' counts (dp_fpath.done) added to their stages' in, out, bytes
 * in and bytes out, and cleared: dp_pass_fold calls it (every statistics
 * reader folds first). */
void dp_fuse_fold(datapath *dp);
void dp_fuse_get_info(const datapath *dp, dp_fuse_info *out);

#endif
