/* dp_fuse.c - fused VIF paths (issue 14): the plans.
 *
 * For every VIF a packet can be placed at, the plan is its path to the
 * root as one array of stages (dp_fpath), built between packets when
 * anything it depends on changed (dp_fuse_invalidate: a VIFlet loaded,
 * swapped, detached or aborted, a VIF added or removed, a filter changed).
 * dp_input then runs a packet placed there through dp_engine.c's fused
 * stage loop, which hands packets from stage to stage without the unfused
 * loop's copy out and copy in (dp_jpacket_handoff: within one VM the
 * byte[] moves on to the next stage's new Packet, between VMs the bytes
 * are copied once, straight from one VM's byte[] into the other's).
 *
 * Building a plan also decides, per stage, whether its Packet is recycled
 * (stage_recycles: the default FIFO's dequeue and an enqueue the bytecode
 * escape check clears, vm_method_arg_escapes) and whether a relay's FIFO
 * is done in C (stage_fifo_inline); dp_engine.c and dp_packet.c act on
 * the flags (dp_vif.recycle, dp_vif.fifo_inline).
 *
 * A path is fused only when every VIFlet on it is JIT-compiled (its
 * enqueue, and its dequeue unless it is the default FIFO's, done in C):
 * under --int, or with a handler the JIT refused, the path stays on the
 * unfused loop, as does a path without any VIFlet (nothing to fuse).
 * The plans are rebuilt only at the start of dp_input, so a packet runs
 * wholly on the plan it was placed with; an abort in the middle of a
 * fused path takes effect exactly as unfused (every stage's state is read
 * live: a detached VIFlet passes or drops by its policy), and the plans
 * are rebuilt before the next packet. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dp_internal.h"
#include "dp_fuse_prog.h"

static uint64_t mono_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void dp_fuse_invalidate(datapath *dp) {
    if (!dp) return;
    /* (the walks may change now: their per-path counts first, while
     * dp_vif.pass_n still says where each went) */
    dp_pass_fold(dp);
    dp->fuse_gen++;
    dp->fuse_check = 1;
}

void dp_fuse_check(datapath *dp) {
    if (dp->fuse_retry_in != 0 && --dp->fuse_retry_in == 0) dp->fuse_nvifs = 0;
    dp_fuse_refresh(dp);
    dp->fuse_check = dp->fuse_retry_in != 0 || dp->fuse_built != dp->fuse_gen ||
                     dp->fuse_nvifs != dp->n_vifs;
}

/* (a plan's run counts go to its stages: before the plan is freed, and
 * before any reader) */
static void fold_path(dp_fpath *fp) {
    uint64_t n = 0, b = 0;
    for (uint32_t i = fp->run; i > 0; i--) {
        n += fp->done[2 * i];
        b += fp->done[2 * i + 1];
        fp->done[2 * i] = fp->done[2 * i + 1] = 0;
        if (!n) continue;
        dp_vif *v = fp->stage[i - 1];
        v->st.in += n;
        v->st.out += n;
        v->cnt.bytes_in += b;
        v->cnt.bytes_out += b;
    }
}

void dp_fuse_fold(datapath *dp) {
    for (uint32_t i = 0; i < dp->n_vifs; i++)
        if (dp->vifs[i]->fpath && dp->vifs[i]->fpath->run) fold_path(dp->vifs[i]->fpath);
}

static void free_path(dp_vif *v) {
    if (!v->fpath) return;
    if (v->fpath->run) fold_path(v->fpath);
    vm_pathcode_free(&v->fpath->code);
    free(v->fpath->done);
    free(v->fpath->rs);
    free(v->fpath->stage);
    free(v->fpath);
    v->fpath = NULL;
}

void dp_fuse_free(datapath *dp) {
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        free_path(dp->vifs[i]);
        free(dp->vifs[i]->fprog);
        dp->vifs[i]->fprog = NULL;
        dp->vifs[i]->fprog_fn = NULL;
    }
    vm_pathcode_region_free(&dp->fuse_code);
    dp->fuse.paths = 0;
    dp->fuse.plan_bytes = 0;
    dp->fuse.native_bytes = 0;
    dp->fuse.native_entries = 0;
    dp->fuse.code_plans = 0;
    dp->fuse.code_stage_plans = 0;
    dp->fuse.step_entry_plans = 0;
    dp->fuse.code_bytes = 0;
    dp->fuse.code_maps = 0;
    dp->fuse.code_mapped = 0;
}

/* Is v's VIFlet fit for a fused path: every handler the loop calls
 * compiled?  (An aborted or empty stage is: it only passes or drops.) */
static bool stage_compiled(const dp_vif *v) {
    if (!v->active) return true;
    /* a handler inherited from the class library (VIFlet.enqueue, the
     * default FIFO's) is compiled here, as the JIT would on its first call */
    vm *vm = v->owner->vm;
    if (!vm_method_is_compiled(v->m_enq) && !vm_method_compile(vm, v->m_enq)) return false;
    return v->deq_default || vm_method_is_compiled(v->m_deq) || vm_method_compile(vm, v->m_deq);
}

/* The escape check's calls (vm_method_arg_escapes): the packet may be the
 * receiver of vif.Packet's own methods that return no reference, and the
 * argument of super.enqueue (VIFlet.enqueue, the default FIFO's) on this
 * VIFlet itself. */
static bool packet_call_ok(void *ctx, unsigned op, const char *cls, const char *name,
                           const char *desc, uint64_t mask, bool recv_this) {
    dp_owner *o = ctx;
    if (!strcmp(cls, "vif/Packet")) {
        const char *r = strchr(desc, ')');
        return (op == 182 || op == 183) && mask == 1 && r && r[1] != 'L' && r[1] != '[' &&
               vm_method_find_declared(o->packet_cls, name, desc) != NULL;
    }
    return op == 183 && mask == 2 && recv_this && !strcmp(cls, "vif/VIFlet") &&
           !strcmp(name, "enqueue") && !strcmp(desc, "(Lvif/Packet;)V");
}

/* The blind check's calls: as packet_call_ok, with vif.Packet's
 * length() and timestamp() alone (they read the length and the time, not
 * the bytes: src/lib/java/vif/Packet.java). */
static bool packet_call_blind(void *ctx, unsigned op, const char *cls, const char *name,
                              const char *desc, uint64_t mask, bool recv_this) {
    if (!strcmp(cls, "vif/Packet"))
        return packet_call_ok(ctx, op, cls, name, desc, mask, recv_this) &&
               ((!strcmp(name, "length") && !strcmp(desc, "()I")) ||
                (!strcmp(name, "timestamp") && !strcmp(desc, "()J")));
    return packet_call_ok(ctx, op, cls, name, desc, mask, recv_this);
}

/* Is v a blind stage (dp_vif.blind): recycling, and its enqueue never
 * reads or writes its packet's bytes (the escape check with
 * packet_call_blind: a counter, a relay)?  VIFD_FUSE_BLIND=off in the
 * environment: never. */
static bool stage_blind(const dp_vif *v) {
    if (!v->recycle) return false;
    const char *e = getenv("VIFD_FUSE_BLIND");
    if (e && !strcmp(e, "off")) return false;
    dp_owner *o = v->owner;
    if (v->m_enq == vm_method_find_declared(o->viflet_cls, "enqueue", "(Lvif/Packet;)V"))
        return true;
    return !vm_method_arg_escapes(o->vm, v->m_enq, 1, packet_call_blind, o);
}

/* The header readers' calls: as packet_call_ok, with vif.Packet's
 * getters of the Ethernet, IP and transport headers alone (each reads
 * nothing past byte 92 of an IPv4 frame and writes nothing:
 * src/lib/java/vif/Packet.java; dp_peek_len), length() and timestamp(). */
static bool packet_call_peek(void *ctx, unsigned op, const char *cls, const char *name,
                             const char *desc, uint64_t mask, bool recv_this) {
    static const char *const getters[] = {
        "etherType", "ipVersion", "ipOffset", "ipProtocol", "l4Offset", "l4Protocol", "ipSrc",
        "ipDst", "dscp", "srcPort", "dstPort", "tcpFlags",
    };
    if (strcmp(cls, "vif/Packet")) return packet_call_ok(ctx, op, cls, name, desc, mask, recv_this);
    if (packet_call_blind(ctx, op, cls, name, desc, mask, recv_this)) return true;
    if (strcmp(desc, "()I") || !packet_call_ok(ctx, op, cls, name, desc, mask, recv_this))
        return false;
    for (size_t i = 0; i < sizeof getters / sizeof *getters; i++)
        if (!strcmp(name, getters[i])) return true;
    return false;
}

/* Is v a header reader (dp_vif.peek, with dp_vif.blind): recycling, not
 * blind, and its enqueue at most reads the headers (packet_call_peek: a
 * filter on a port, ChainFilter)?  VIFD_FUSE_BLIND=off or
 * VIFD_FUSE_PEEK=off in the environment: never. */
static bool stage_peek(const dp_vif *v) {
    if (!v->recycle || v->blind) return false;
    const char *e = getenv("VIFD_FUSE_BLIND"), *k = getenv("VIFD_FUSE_PEEK");
    if ((e && !strcmp(e, "off")) || (k && !strcmp(k, "off"))) return false;
    dp_owner *o = v->owner;
    return !vm_method_arg_escapes(o->vm, v->m_enq, 1, packet_call_peek, o);
}

/* May v's Packet be recycled (kept as v's spare once handed on with the
 * FIFO empty), on a fused path and unfused alike: its dequeue the default
 * FIFO's, its enqueue that FIFO's or one that provably keeps no reference
 * to its packet but through super.enqueue (the FIFO, which the drain
 * empties before the packet moves on)?  VIFD_FUSE_RECYCLE=off in the
 * environment: never, in both modes (for comparisons). */
static bool stage_recycles(const dp_vif *v) {
    if (!v->active || !v->deq_default) return false;
    const char *e = getenv("VIFD_FUSE_RECYCLE");
    if (e && !strcmp(e, "off")) return false;
    dp_owner *o = v->owner;
    if (v->m_enq == vm_method_find_declared(o->viflet_cls, "enqueue", "(Lvif/Packet;)V"))
        return true;
    return !vm_method_arg_escapes(o->vm, v->m_enq, 1, packet_call_ok, o);
}

/* Is v's enqueue a field-only handler (vm_handler_field_prog,
 * src/jit/fuse_prog.c: straight-line updates of its own int and long
 * fields from constants and its packet's length() and timestamp(), then
 * super.enqueue, nothing that can throw, loop or call anything else - a
 * counter)?  Then v->fprog holds its program and the fused loop runs it
 * with the relay's pair in C (fifo_inline) instead of calling enqueue:
 * the VIFlet's fields, the FIFO and every count are those the call
 * leaves.  The budget (at least 1024, or none: the caller) cannot run
 * out in such a method (at most 256 bytes of bytecode without a branch,
 * then VIFlet.enqueue's few dozen).  VIFD_FUSE_PROG=off in the
 * environment: never. */
static bool stage_prog(dp_vif *v) {
    const char *e = getenv("VIFD_FUSE_PROG");
    if (e && !strcmp(e, "off")) return false;
    vm_field_prog p;
    if (!vm_handler_field_prog(v->owner->vm, v->m_enq, &p)) return false;
    v->fprog = malloc(sizeof p);
    if (!v->fprog) return false;
    *v->fprog = p;
    return true;
}

/* Is v's VIFlet the default FIFO alone (enqueue and dequeue VIFlet's, a
 * relay), with a budget that call cannot exhaust (VIFlet.enqueue runs a
 * few dozen bytecodes without a loop once its ring exists)?  Then a fused
 * path does the pair in C (dp_engine.c, fifo_inline).  VIFD_FUSE_INLINE=off
 * in the environment: never. */
static bool stage_fifo_inline(dp_vif *v) {
    free(v->fprog);   /* (a stage is on several plans: made again for each) */
    v->fprog = NULL;
    v->fprog_fn = NULL;
    if (!v->active || !v->deq_default || (v->budget != 0 && v->budget < 1024)) return false;
    const char *e = getenv("VIFD_FUSE_INLINE");
    if (e && !strcmp(e, "off")) return false;
    if (v->m_enq == vm_method_find_declared(v->owner->viflet_cls, "enqueue", "(Lvif/Packet;)V"))
        return true;
    return stage_prog(v);
}

/* s's field-only program as machine code (vm_field_prog_emit), unless
 * VIFD_FUSE_NATIVE=off in the environment: the code made for the same
 * method in the same VM before, or new code (named "fused:PATH
 * Class.enqueue program"); the C evaluator (prog_eval) if the emitter
 * fails. */
static int32_t prog_eval(vm_object *obj, int32_t len, int64_t ts, const vm_field_prog *p,
                         uint8_t *data, int32_t *hdr) {
    return dp_fuse_prog_run(obj, len, ts, p, data, hdr);
}
static void stage_prog_native(dp_vif *s) {
    s->fprog_fn = s->fprog ? prog_eval : NULL;
    const char *off = getenv("VIFD_FUSE_NATIVE");
    if (!s->fprog || (off && !strcmp(off, "off"))) return;
    vm *vm = s->owner->vm;
    if (s->fprog_code && s->fprog_vm == vm && s->fprog_m == s->m_enq) {
        s->fprog_fn = s->fprog_code;
        return;
    }
    char name[512];
    snprintf(name, sizeof name, "fused:%s %s.enqueue program", s->path,
             s->class_name ? s->class_name : "?");
    vm_field_prog_fn fn = NULL;
    uint32_t bytes = 0;
    if (vm_field_prog_emit(vm, s->fprog, name, &fn, &bytes) != VM_OK) return;
    s->fprog_code = s->fprog_fn = fn;
    s->fprog_vm = vm;
    s->fprog_m = s->m_enq;
    s->fprog_bytes = bytes;
}

/* v's prepared enqueue entry (vm_handler_entry_init) and, unless
 * VIFD_FUSE_NATIVE=off in the environment, its native code
 * (vm_handler_entry_emit, src/jit/fuse_entry.c: named "fused:PATH
 * Class.enqueue" in the perf map), kept across re-fusions while its VM
 * and method stay (a new budget or CPU limit is written into the entry,
 * which the code reads: vm_handler_entry_retune), also across a detach
 * or an abort (a VIFlet of the same class loaded again in the same VM
 * reuses it); dp_owner_destroy forgets it with its VM.  A handler the emitter
 * does not take keeps the C entry (vm_call_handler_entry). */
static void stage_entry(dp_vif *s) {
    vm *vm = s->owner->vm;
    vm_handler_entry e, *c = &s->enq_entry;
    vm_handler_entry_init(&e, s->m_enq, s->budget, s->time_limit);
    /* the same method in the same VM (a new budget or time limit, a
     * VIFlet of the same class loaded again after a detach or an abort):
     * the same native code (it reads the budget and limit from *c), none
     * left behind in the code cache */
    if (s->entry_vm == vm && vm_handler_entry_retune(c, &e)) return;
    *c = e;
    c->native = NULL;
    s->entry_vm = vm;
    const char *off = getenv("VIFD_FUSE_NATIVE");
    if (off && !strcmp(off, "off")) return;
    char name[512];
    snprintf(name, sizeof name, "fused:%s %s.enqueue", s->path,
             s->class_name ? s->class_name : "?");
    (void)vm_handler_entry_emit(vm, c, name);
}

/* (an environment switch set to "off") */
static bool env_off(const char *name) {
    const char *e = getenv(name);
    return e && !strcmp(e, "off");
}

/* (branch fx21) the stages after the run in the code too (plan_code_stages):
 * VIFD_FUSE_PATHCODE_STAGES=off in the environment: never (the run's code
 * alone, the C loop after it: branch fx20's - the A/B switch); otherwise
 * (branch fx23: the default, also "all", fx21's name for it) in every
 * plan's code (a plan without a run gets code for them alone; one stage
 * without a run: its step function is the plan's entry, no code).  Never
 * with VIFD_FUSE_RUN=off or VIFD_FUSE_FAST=off (the references: the C
 * loop). */
static bool plan_code_has_stages(void) {
    return !env_off("VIFD_FUSE_PATHCODE_STAGES") && !env_off("VIFD_FUSE_RUN") &&
           !env_off("VIFD_FUSE_FAST");
}

/* fp's FIFO run (dp_fpath.run): its leading stages done by fifo_inline
 * (DP_FK_FIFO: active, the default FIFO's pair in C, a relay or a
 * field-only handler) with no VIFlet of their VM above (alone_above: the
 * packet goes on in the same loop), the root excluded (its pair ends at
 * the link).  Made once every plan is built (a VIF's flags and program
 * are made again for each plan it is on: the last ones stay).  Nothing
 * recorded here changes while the plan is installed:
 * a VIFlet loaded, swapped, detached or aborted, a VIF added or removed
 * re-fuses first (dp_fuse_invalidate); the state that does change (the
 * ring, the quota, the heap, the audit) fifo_run reads live.  A stage's
 * program itself (dp_vif.fprog, made again for every plan the stage is
 * on) is read through the VIF (dp_vif.fprog_fn, non-NULL where .prog
 * says).  VIFD_FUSE_RUN=off in the environment: no
 * run (fused_deliver alone, the reference). */
static void plan_run(dp_fpath *fp) {
    const char *e = getenv("VIFD_FUSE_RUN");
    if (e && !strcmp(e, "off")) return;
    uint32_t k = 0;
    while (k + 1 < fp->n && fp->stage[k]->fuse_kind == DP_FK_FIFO && fp->stage[k]->alone_above)
        k++;
    /* (a run of one stage: it saves little over fifo_inline in C, but
     * in the plan's code (branch fx23) it is inline operations instead
     * of a step function's call) */
    if (k == 0) return;
    /* VIFD_FUSE_FAST=off: the run tests each stage's state every time
     * (the fast-state word, dp_owner.fast, never set) */
    const char *fe = getenv("VIFD_FUSE_FAST");
    bool fast = !(fe && !strcmp(fe, "off"));
    /* (branch fx21) VIFD_FUSE_RUN_SPARE=off: a stage whose spare Packet is
     * missing leaves the run for the C loop, which makes it (fx20's) */
    bool spare = !env_off("VIFD_FUSE_RUN_SPARE");
    fp->rs = malloc(k * sizeof *fp->rs);
    fp->done = calloc(2 * (k + 1), sizeof *fp->done);
    if (!fp->rs || !fp->done) {
        free(fp->rs);
        free(fp->done);
        fp->rs = NULL;
        fp->done = NULL;
        return;
    }
    for (uint32_t i = 0; i < k; i++) {
        dp_vif *s = fp->stage[i];
        dp_owner *o = s->owner;
        fp->rs[i] = (dp_frun){ .v = s, .o = o, .off_fifo = o->off_fifo,
                               .off_count = o->off_fifo_count, .off_head = o->off_fifo_head,
                               .fast = fast, .prog = s->fprog_fn != NULL,
                               .writes = s->fprog_fn && s->fprog->writes,
                               .spare = spare };
    }
    fp->run = k;
}

/* fp's run (dp_fpath.run) as one native function (dp_fpath.code, named
 * "fused-run:PATH" to the first stage's owner's code_emitted hook: the
 * perf map, --jit-disasm), in the datapath's executable memory
 * (dp->cbpf_plat; freed with the plan): fifo_run's steps (dp_engine.c)
 * for each stage, unrolled, with what the plan fixed - the VIF, its
 * owner, the field offsets, the program and its code - as constants, and
 * the live state read as fifo_run reads it:
 *
 *     a packet larger than a spare's byte[]: return 0 | SLOW (fifo_run's
 *       k = 0)
 *     for each stage i:
 *       o->fast != v: return i | SLOW (fifo_run goes on from stage i:
 *         fast_check, the slow path, stays C)
 *       a program: a marker's copy (dp_pkt_own, p->borrowed), then the
 *         program (a direct call of its code), non-zero: return i | GENERAL
 *       the ring's head one further, 0 at o->fast_len; o->given_since_audit,
 *       enq_calls + 1, deq_calls + 2, idle_wakes = 0, timers_off = false
 *     done[2 run] + 1, done[2 run + 1] + p->wirelen; return run
 *
 * (the counts of a GENERAL exit's stages done: fuse_run, as fifo_run
 * makes them).  The code goes into the re-fusion's region (dp->fuse_code:
 * one mapping for all plans, sealed by dp_fuse_refresh before any packet).  Not made with VIFD_FUSE_PATHCODE=off or VIFD_FUSE_FAST=off
 * (no fast word: every stage would leave to fifo_run) in the environment;
 * a failure (no memory) leaves fifo_run to the plan. */
#define PC_ABS(b, o) ((vm_pc_loc){ .where = VM_PC_ABS, .base = (b), .off = (int32_t)(o) })
#define PC_PKT(f) ((vm_pc_loc){ .where = VM_PC_ARG, .off = (int32_t)offsetof(dp_pkt, f) })
/* (branch fx22) run stage i's program (v->fprog): a VM_PC_PROG, the call
 * of its code (v->fprog_fn) or its body inlined in the function (the
 * region's flags, prog_code_flags) */
static vm_pc_op prog_op(const dp_vif *v, uint32_t i) {
    return (vm_pc_op){
        .kind = VM_PC_PROG, .exit_nz = true, .fn = (const void *)v->fprog_fn, .nargs = 6,
        .prog = v->fprog,
        .args = { { .src = VM_PC_LD64, .loc = PC_ABS(v, offsetof(dp_vif, obj)) },
                  { .src = VM_PC_LD32, .loc = PC_PKT(caplen) },
                  { .src = VM_PC_LD64, .loc = PC_PKT(ts) },
                  { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)v->fprog },
                  { .src = VM_PC_LD64, .loc = PC_PKT(data) },
                  { .src = VM_PC_FRAME } },
        .ret = i | DP_RUN_GENERAL };
}
/* (branch fx22) VIFD_FUSE_PROG_INLINE=off in the environment: the programs
 * called (VM_PC_NO_INLINE, fx19's code); VIFD_FUSE_PROG_SHARE=off: inlined,
 * but each finds the header values it reads (VM_PC_NO_SHARE) */
static uint32_t prog_code_flags(void) {
    const char *ie = getenv("VIFD_FUSE_PROG_INLINE"), *se = getenv("VIFD_FUSE_PROG_SHARE");
    return (ie && !strcmp(ie, "off") ? VM_PC_NO_INLINE : 0u) |
           (se && !strcmp(se, "off") ? VM_PC_NO_SHARE : 0u);
}
static bool plan_has_code(const dp_fpath *fp) {
    if (env_off("VIFD_FUSE_PATHCODE")) return false;
    return fp->run ? fp->rs[0].fast : plan_code_has_stages();
}
/* (ops: room for PLAN_OPS(fp->run, fp->n) operations, each written whole
 * here: one buffer for all the plans of a re-fusion, not zeroed) */
#define PLAN_OPS(run, n) (12u * (run) + 5u + 2u * (n))

/* (branch fx21) the stages after the run - stage k to the root - in the
 * plan's code: for each, a direct call of its dp_step_* function
 * (dp_engine.c: one iteration of fused_deliver for a stage of that kind,
 * its kind's checks and calls in C) with the datapath, the stage's place
 * in the plan (fp->stage + i, the stages left) and its kind as
 * constants, and the packet (the code's argument);
 * its answer non-zero (the packet done: dropped, held, sent, or handed on
 * by a drain loop in C): return DP_RUN_DONE.  The root's call ends the
 * list.  Nothing is read at run time to choose a stage's function: the
 * kind is the plan's (dp_vif.fuse_kind, which only a re-fusion changes);
 * what a stage's state may change between packets (active, aborted, the
 * policy, the quota, the ring) the function reads live as the loop does.
 * Appends at ops + n; returns the new n. */
static uint32_t plan_code_stages(datapath *dp, dp_fpath *fp, vm_pc_op *ops, uint32_t n,
                                 uint32_t k) {
    /* (the datapath a constant: the plans are its own, freed with it or
     * at its next re-fusion; not the code's second argument, which would
     * take a register kept across the calls) */
    uint64_t dpi = (uint64_t)(uintptr_t)dp;
    /* the code's exits other than DP_RUN_DONE (a run stage not in the
     * fast state, a program's GENERAL answer) leave by a tail call of
     * dp_fuse_code_left: the code is the plan's entry, nothing after it
     * in C */
    ops[n++] = (vm_pc_op){ .kind = VM_PC_LEAVE, .fn = (const void *)dp_fuse_code_left,
                           .imm = DP_RUN_DONE, .nargs = 4,
                           .args = { { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)dp },
                                     { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)fp },
                                     { .src = VM_PC_ARG0 },
                                     { .src = VM_PC_EXITV } } };
    for (uint32_t i = k; i < fp->n; i++) {
        dp_vif *const *st = fp->stage + i;
        uint8_t kind = st[0]->fuse_kind;
        bool root = i + 1 == fp->n;
        /* stages with no VIFlet, none aborted (so until a re-fusion: a
         * VIFlet loaded or aborted, a VIF added or removed invalidates the
         * plans), up to the next with a VIFlet or an aborted one or the
         * link: the packet passes straight through, its counts once for
         * them all (dp_count_in and dp_count_pass at each: the first's
         * pass_pkts, pass_bytes, which dp_pass_fold adds to the pass_n
         * VIFs from it, dp_pass_plan's walk - the same stages, unless
         * VIFD_PATH_COUNT=off: then stage by stage) */
        uint32_t j = i;
        while (j < fp->n && !fp->stage[j]->active && !fp->stage[j]->aborted) j++;
        if (j > i && st[0]->pass_n == j - i &&
            st[0]->pass_to == (j < fp->n ? fp->stage[j] : NULL)) {
            ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64,
                                   .a = PC_ABS(st[0], offsetof(dp_vif, pass_pkts)), .imm = 1 };
            ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64_LD32,
                                   .a = PC_ABS(st[0], offsetof(dp_vif, pass_bytes)),
                                   .b = PC_PKT(wirelen) };
            i = j - 1;
            if (j < fp->n) continue;
            /* (the link's hand-off the code's last: a tail call) */
            ops[n++] = (vm_pc_op){ .kind = VM_PC_CALL, .tail = true,
                                   .fn = (const void *)dp_step_link,
                                   .nargs = 2, .args = { { .src = VM_PC_IMM, .imm = dpi },
                                                         { .src = VM_PC_ARG0 } } };
            break;
        }
        /* (the root's call the code's last: a tail call, its answer the
         * code's) */
        vm_pc_op op = { .kind = VM_PC_CALL, .exit_nz = !root, .tail = root, .ret = DP_RUN_DONE };
        op.args[0] = (vm_pc_arg){ .src = VM_PC_IMM, .imm = dpi };
        op.args[1] = (vm_pc_arg){ .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)st };
        if (root) {
            op.fn = kind == DP_FK_FIFO ? (const void *)dp_step_root_fifo
                                       : (const void *)dp_step_root_calls;
            op.args[2] = (vm_pc_arg){ .src = VM_PC_ARG0 };
            op.nargs = 3;
        } else {
            op.fn = kind == DP_FK_FIFO    ? (const void *)dp_step_fifo
                    : kind >= DP_FK_KEPT ? (const void *)dp_step_kept
                                         : (const void *)dp_step_calls;
            op.args[2] = (vm_pc_arg){ .src = VM_PC_IMM, .imm = fp->n - i };
            op.args[3] = (vm_pc_arg){ .src = VM_PC_ARG0 };
            op.args[4] = (vm_pc_arg){ .src = VM_PC_IMM, .imm = kind };
            op.nargs = kind >= DP_FK_KEPT ? 5 : 4;
        }
        ops[n++] = op;
    }
    ops[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = DP_RUN_DONE };
    fp->code_stages = fp->n - k;
    return n;
}

static void plan_code(datapath *dp, dp_vif *pv, dp_fpath *fp, vm_pc_op *ops) {
    if (!plan_has_code(fp)) return;
    if (!fp->run && fp->n == 1) {
        /* (branch fx23) one stage, no run: no code - the root's step
         * function is the plan's entry (nothing between stages) */
        fp->entry = fp->stage[0]->fuse_kind == DP_FK_FIFO ? dp_step1_fifo : dp_step1_calls;
        fp->code_stages = 1;
        return;
    }
    uint64_t t0 = mono_ns();
    uint32_t k = fp->run, n = 0;
    if (!k) goto stages;
    /* (the IP header's place, vm_field_prog_fn's hdr, in the code's own
     * slot: after a SLOW exit fifo_run finds it again) */
    ops[n++] = (vm_pc_op){ .kind = VM_PC_SET_FRAME32, .imm = VM_FIELD_HDR_UNKNOWN };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_GT32, .a = PC_PKT(caplen), .imm = DP_POOL_BUF,
                           .ret = DP_RUN_SLOW };
    for (uint32_t i = 0; i < k; i++) {
        const dp_frun *r = &fp->rs[i];
        dp_vif *v = r->v;
        dp_owner *o = r->o;
        ops[n++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_NE64, .a = PC_ABS(o, offsetof(dp_owner, fast)),
                               .imm = (int64_t)(uintptr_t)v, .ret = i | DP_RUN_SLOW };
        if (r->prog) {
            if (r->writes)
                ops[n++] = (vm_pc_op){ .kind = VM_PC_CALL, .guard = true, .exit_nz = true,
                                       .a = PC_PKT(borrowed), .fn = (const void *)dp_pkt_own,
                                       .nargs = 1, .args = { { .src = VM_PC_ARG0 } },
                                       .ret = i | DP_RUN_GENERAL };
            ops[n++] = prog_op(v, i);
        }
        ops[n++] = (vm_pc_op){ .kind = VM_PC_INC32_WRAP,
                               .a = { .where = VM_PC_DEREF, .base = v,
                                      .off = (int32_t)offsetof(dp_vif, obj),
                                      .off2 = (int32_t)r->off_head },
                               .b = PC_ABS(o, offsetof(dp_owner, fast_len)) };
        ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64,
                               .a = PC_ABS(o, offsetof(dp_owner, given_since_audit)), .imm = 1 };
        ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64, .a = PC_ABS(v, offsetof(dp_vif, st.enq_calls)),
                               .imm = 1 };
        ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64, .a = PC_ABS(v, offsetof(dp_vif, st.deq_calls)),
                               .imm = 2 };
        ops[n++] = (vm_pc_op){ .kind = VM_PC_STORE32, .a = PC_ABS(v, offsetof(dp_vif, idle_wakes)) };
        ops[n++] = (vm_pc_op){ .kind = VM_PC_STORE8, .a = PC_ABS(v, offsetof(dp_vif, timers_off)) };
    }
    ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64, .a = PC_ABS(fp->done, 2 * k * sizeof *fp->done),
                           .imm = 1 };
    ops[n++] = (vm_pc_op){ .kind = VM_PC_ADD64_LD32,
                           .a = PC_ABS(fp->done, (2 * k + 1) * sizeof *fp->done),
                           .b = PC_PKT(wirelen) };
stages:
    if (plan_code_has_stages())
        n = plan_code_stages(dp, fp, ops, n, k);
    else
        ops[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = k };
    /* (no run and the stages left to the loop: no code) */
    if (!k && !fp->code_stages) return;
    char name[512] = "";
    /* (named for the first stage with a VIFlet's owner: its hook) */
    dp_owner *o0 = k ? fp->rs[0].o : NULL;
    for (uint32_t i = 0; !o0 && i < fp->n; i++)
        if (fp->stage[i]->active) o0 = fp->stage[i]->owner;
    if (!o0) o0 = fp->stage[0]->owner;
    if (o0 && o0->plat.code_emitted)
        snprintf(name, sizeof name, "%s:%s", fp->code_stages ? "fused-path" : "fused-run",
                 pv->path);
    /* (no run: the code only calls, no object address to keep across the
     * calls - r13, r14 would be pushed and popped for nothing) */
    uint32_t flags = dp->fuse_code.flags;
    if (!k) dp->fuse_code.flags |= VM_PC_NO_KEEP;
    if (vm_pathcode_region_emit(&dp->fuse_code, ops, n, name, o0 ? o0->plat.code_emitted : NULL,
                                o0 ? o0->plat.ud : NULL, &fp->code) != VM_OK)
        fp->code_stages = 0;
    dp->fuse_code.flags = flags;
    fp->code_ns = mono_ns() - t0;
}

/* (branch fx22) the inlined programs' code in fp's function, an
 * estimate for the region's first mapping (a short one makes another):
 * 32 bytes an operation and 32 a program - about what a marker, a filter
 * on a port and a counter take past the call they replace */
static size_t prog_hint(const dp_fpath *fp) {
    size_t h = 0;
    for (uint32_t i = 0; i < fp->run; i++)
        if (fp->rs[i].prog) h += 32u + 32u * fp->rs[i].v->fprog->n;
    return h;
}

/* The plan for packets placed at VIF v: NULL when v's path is not fused. */
static dp_fpath *build_path(dp_vif *v, bool *had_viflet) {
    uint64_t t0 = mono_ns();
    uint32_t n = 0, viflets = 0;
    bool ok = true;
    for (dp_vif *s = v; s; s = s->parent) {
        n++;
        if (s->active) viflets++;
        if (!stage_compiled(s)) ok = false;
    }
    *had_viflet = viflets > 0;
    if (!ok || !viflets) return NULL;
    dp_fpath *fp = calloc(1, sizeof *fp);
    if (!fp) return NULL;
    fp->stage = malloc(n * sizeof *fp->stage);
    if (!fp->stage) {
        free(fp);
        return NULL;
    }
    uint32_t i = 0;
    dp_owner *prev = NULL;
    dp_owner *seen[64];
    uint32_t n_seen = 0;
    for (dp_vif *s = v; s; s = s->parent) {
        fp->stage[i++] = s;
        if (s->recycle) fp->recycled++;   /* (stage_recycles: dp_fuse_refresh) */
        s->blind = stage_blind(s);
        if (s->blind) fp->blind++;
        /* (a header reader is blind to the loop, counted apart) */
        s->peek = stage_peek(s);
        if (s->peek) {
            s->blind = true;
            fp->peek++;
        }
        s->fifo_inline = stage_fifo_inline(s);
        if (s->fifo_inline) fp->fifo_inlined++;
        if (s->fifo_inline && s->fprog) fp->handlers_inlined++;
        s->on_fused_path = true;
        s->alone_above = true;
        for (dp_vif *u = s->parent; u && s->active; u = u->parent)
            if (u->active && u->owner == s->owner) s->alone_above = false;
        s->fuse_kind = s->fifo_inline ? DP_FK_FIFO
                       : !s->recycle || !s->parent || !s->alone_above ? DP_FK_CALLS
                       : s->peek ? DP_FK_PEEK : s->blind ? DP_FK_BLIND : DP_FK_KEPT;
        if (!s->active) continue;
        stage_entry(s);
        stage_prog_native(s);
        if (s->enq_entry.native) {
            fp->native_entries++;
            fp->native_bytes += s->enq_entry.native_bytes;
        }
        if (prev && prev == s->owner) fp->handoffs_same_vm++;
        prev = s->owner;
        bool dup = false;
        for (uint32_t k = 0; k < n_seen; k++) dup |= seen[k] == s->owner;
        if (!dup && n_seen < 64) seen[n_seen++] = s->owner;
    }
    fp->n = n;
    fp->viflets = viflets;
    fp->owners = n_seen;
    fp->build_ns = mono_ns() - t0;
    return fp;
}

/* Where the walk of a packet placed at v without a plan goes (place,
 * dp_engine.c): up through the VIFs without an active or aborted VIFlet
 * (pass_n of them, counted once per path) to pass_to (NULL: the link).
 * VIFD_PATH_COUNT=off in the environment: pass_to = v, pass_n = 0, so
 * dp_deliver counts every level (the counting before branch f11, for
 * comparisons and tests). */
void dp_pass_plan(datapath *dp) {
    const char *e = getenv("VIFD_PATH_COUNT");
    bool off = e && !strcmp(e, "off");
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        dp_vif *v = dp->vifs[i], *u = v;
        uint32_t n = 0;
        while (!off && u && !u->active && !u->aborted) {
            n++;
            u = u->parent;
        }
        v->pass_to = u;
        v->pass_n = n;
    }
}

void dp_fuse_refresh(datapath *dp) {
    if (dp->fuse_built == dp->fuse_gen && dp->fuse_nvifs == dp->n_vifs) return;
    uint64_t t0 = mono_ns();
    /* the per-path counts under the walks they were counted on, then the
     * walks of the VIFlets now */
    dp_pass_fold(dp);
    dp_pass_plan(dp);
    dp_fuse_free(dp);
    dp->fuse.unfused = 0;
    /* (the plans' compiles may allocate in the VMs: the runs look again) */
    for (uint32_t i = 0; i < dp->n_owners; i++) dp_fast_clear(dp->owners[i]);
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        dp_vif *v = dp->vifs[i];
        v->fifo_inline = v->blind = v->peek = v->on_fused_path = false;
        v->fuse_kind = DP_FK_CALLS;
        /* the spare Packet's rule is the VIF's, fused or not (README.md,
         * "The spare Packet"): a full heap in its VM then stalls a stage
         * alike in both modes */
        v->recycle = !v->removed && dp->cfg.mode == DP_MODE_NORMAL && stage_recycles(v);
    }
    if (!dp->cfg.no_fuse && dp->cfg.mode == DP_MODE_NORMAL) {
        for (uint32_t i = 0; i < dp->n_vifs; i++) {
            dp_vif *v = dp->vifs[i];
            if (v->removed) continue;
            bool had = false;
            v->fpath = build_path(v, &had);
            if (v->fpath) {
                dp->fuse.paths++;
                dp->fuse.plan_bytes += sizeof *v->fpath + v->fpath->n * sizeof(dp_vif *);
                if (v->fpath->build_ns > dp->fuse.build_ns_max_path)
                    dp->fuse.build_ns_max_path = v->fpath->build_ns;
            } else if (had) {
                dp->fuse.unfused++;
            }
        }
    }
    /* the runs, then their code: all in one region (its first mapping
     * sized by an estimate of the code: 128 bytes a plan and 224 a stage),
     * made executable once, before any packet runs it */
    size_t hint = 0;
    uint32_t max_run = 0, max_n = 0;
    bool any = false;
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        dp_fpath *fp = dp->vifs[i]->fpath;
        if (!fp) continue;
        plan_run(fp);
        if (!plan_has_code(fp)) continue;
        /* (and about 40 bytes a stage called: plan_code_stages) */
        hint += 128u + 224u * (size_t)fp->run + prog_hint(fp) + 40u * (size_t)fp->n;
        if (fp->run > max_run) max_run = fp->run;
        if (fp->n > max_n) max_n = fp->n;
        any = true;
    }
    vm_pc_op *ops = any ? malloc(PLAN_OPS(max_run, max_n) * sizeof *ops) : NULL;
    uint64_t tc = mono_ns();
    vm_pathcode_region_init(&dp->fuse_code, &dp->cbpf_plat, hint);
    /* VIFD_FUSE_PATHCODE_KEEP=off: the object addresses reloaded after each
     * program call (r10/r11, branch fx19's code) instead of kept in r13/r14 */
    const char *ke = getenv("VIFD_FUSE_PATHCODE_KEEP");
    if (ke && !strcmp(ke, "off")) dp->fuse_code.flags |= VM_PC_NO_KEEP;
    dp->fuse_code.flags |= prog_code_flags();
    for (uint32_t i = 0; ops && i < dp->n_vifs; i++)
        if (dp->vifs[i]->fpath) plan_code(dp, dp->vifs[i], dp->vifs[i]->fpath, ops);
    free(ops);
    if (vm_pathcode_region_seal(&dp->fuse_code) != VM_OK) {
        /* (none runnable: every plan keeps fifo_run) */
        for (uint32_t i = 0; i < dp->n_vifs; i++)
            if (dp->vifs[i]->fpath) {
                dp->vifs[i]->fpath->code = (vm_pathcode){ 0 };
                dp->vifs[i]->fpath->code_stages = 0;
            }
        vm_pathcode_region_free(&dp->fuse_code);
    }
    dp->fuse.code_maps = dp->fuse_code.n_maps;
    dp->fuse.code_mapped = dp->fuse_code.mapped;
    dp->fuse.code_ns_last = mono_ns() - tc;
    for (uint32_t i = 0; i < dp->n_vifs; i++) {
        dp_vif *v = dp->vifs[i];
        if (v->fpath) {
            v->fpath->enter = v->fpath->run | v->fpath->code_stages;
            v->fpath->dp = dp;
            /* (branch fx23) code with every stage in it: the plan's entry */
            if (v->fpath->code.fn && v->fpath->code_stages) v->fpath->entry = v->fpath->code.fn;
            if (!v->fpath->code.fn && v->fpath->entry) dp->fuse.step_entry_plans++;
            if (v->fpath->code.fn) {
                dp->fuse.code_plans++;
                dp->fuse.code_bytes += v->fpath->code.bytes;
                if (v->fpath->code_stages) dp->fuse.code_stage_plans++;
                if (v->fpath->code_ns > dp->fuse.code_ns_max)
                    dp->fuse.code_ns_max = v->fpath->code_ns;
            }
            dp->fuse.plan_bytes += v->fpath->run * sizeof(dp_frun) +
                                   (v->fpath->run ? 2 * (v->fpath->run + 1) * sizeof(uint64_t) : 0);
        }
        if (v->on_fused_path && v->active && v->enq_entry.native) {
            dp->fuse.native_entries++;
            dp->fuse.native_bytes += v->enq_entry.native_bytes;
        }
    }
    /* a handler not compiled yet (a library method, such as the default
     * FIFO's VIFlet.enqueue, is compiled on its first call, not at load):
     * look again after 64 placed packets, then 128, ... (at most every
     * 65536 once nothing changes: --int never compiles) */
    if (dp->fuse.unfused) {
        dp->fuse_retry_every = dp->fuse_built == dp->fuse_gen && dp->fuse_retry_every
                               ? (dp->fuse_retry_every < 65536u ? dp->fuse_retry_every * 2u : 65536u)
                               : 64u;
        dp->fuse_retry_in = dp->fuse_retry_every;
    } else {
        dp->fuse_retry_every = dp->fuse_retry_in = 0;
    }
    dp->fuse.refusions++;
    dp->fuse.build_ns_last = mono_ns() - t0;
    dp->fuse_built = dp->fuse_gen;
    dp->fuse_nvifs = dp->n_vifs;
}

void dp_fuse_get_info(const datapath *dp, dp_fuse_info *out) {
    *out = dp->fuse;
    out->on = !dp->cfg.no_fuse && dp->cfg.mode == DP_MODE_NORMAL;
}

