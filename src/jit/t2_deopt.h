/* t2_deopt.h - leaving tier-2 code (t2_deopt.c): the record each exit
 * point of a tier-2 method carries, and the runtime routine its code calls
 * there. */
#ifndef VIFVM_JIT_T2_DEOPT_H
#define VIFVM_JIT_T2_DEOPT_H

#include "jit_internal.h"

#define T2_MAX_FRAMES 8u  /* frames one exit point rebuilds (inlining depth + 1) */

/* one interpreter frame to rebuild: method, the pc to resume at (the
 * outer frames: their invoke), its locals at the compiled frame's locals
 * + base slots, nl local slots then depth operand slots (already written
 * there by the tier-2 code) */
typedef struct t2_dframe {
    jmethod *m;
    uint32_t pc, base, nl, depth;
} t2_dframe;

typedef struct t2_deopt {
    uint32_t n;             /* frames, outermost first */
    uint32_t kind;          /* what made the code leave (T2_DK_*, for --stats) */
    t2_dframe f[T2_MAX_FRAMES];
} t2_deopt;

/* The data block a tier-2 method's code owns (jit_code_attach): the
 * baseline's code it replaced (released with it), the deopt-fuzz counter
 * and its period (-Xjit:tier2-deopt-every=N), then the exit records,
 * then the virtual call sites' inline-cache cells. */
typedef struct t2_data {
    void *base_code;        /* the baseline's jit_entry */
    int64_t fuzz_left;
    int64_t fuzz_every;
    uint64_t leaves;        /* times its code left to the interpreter */
    int64_t recomp_left;    /* (T2_O_RECOMP) calls before the second compile, counted down at entry */
    jmethod *m;             /* its method */
    void *code;             /* its code's entry */
    void *fwd;              /* (T2_O_RECOMP) the second compile's fast entry: calls
                               bound to this code (inline caches) go on there */
    uint32_t extent, depth_max; /* (OSR) the room its fast entry checks (t2_osr.c checks it first) */
    uint32_t osr_pc;        /* (OSR code) its loop header */
    struct t2_data *osr_next; /* (OSR code) the method's next OSR code (jmethod.t2_osr) */
    t2_deopt rec[];
} t2_data;

/* Called by tier-2 code where it cannot go on: the slots of every frame
 * of r are written at lv (the compiled frame's locals); frame number fc
 * (vm->frames[fc - 1] is the compiled method's).  Rebuilds the frames
 * (the outer one becomes FRAME_ENTRY) and runs them in the interpreter
 * (interp_resume) until the method returns: the status, the result in
 * lv[0]. */
JIT_HELPER vm_status t2_rt_deopt(vm *vm, t2_deopt *r, jvalue *lv, uint32_t fc, t2_data *data);
/* (b17, T2_INLNEW) The slow path of a `new` (kind 0) or a class
 * initialization (kind 1) inside an inlined callee: the code has written
 * the slots of every frame of r at lv (as for leaving); the compiled
 * method's frame (vm->frames[vm->frame_count - 1]) gets r's outer pc and
 * sp, the inlined frames are pushed above it while jit_rt_new (the object
 * into the innermost frame's next operand slot) or jit_rt_init_class runs
 * - the collector, <clinit> and a stack trace see the interpreter's
 * frames - then popped.  The status (an exception pending: it leaves the
 * compiled method, which has no handlers, as a call's would). */
JIT_HELPER vm_status t2_rt_framed(vm *vm, const t2_deopt *r, jvalue *lv, jclass *cls, uint32_t kind);
/* (t21, T2_ICALL) A call inside an inlined callee (a rare path of it:
 * t2_build.c's rare_call): the code has written the slots of every frame
 * of r at lv, the innermost frame's operands ending with the arguments;
 * the inlined frames are pushed above the compiled method's as for
 * t2_rt_framed, callee is invoked on top of them as jit_rt_invoke does
 * (kind: JIT_INV_*; its tick, its dispatch), the result in the first
 * argument's slot; then they are popped.  The status (an exception: it
 * leaves the compiled method, whose inlined callees have no handlers). */
JIT_HELPER vm_status t2_rt_framed_invoke(vm *vm, const t2_deopt *r, jvalue *lv, jmethod *callee, uint32_t kind);
/* (T2_O_RECOMP, t2_main.c) Called by tier-2 code at its entry when its
 * count of calls runs out: compiles the method through tier 2 again (its
 * callees' entries resolved, their classes initialized by now), which
 * replaces the method's entry if that is still this code; this call goes
 * on in the old code (kept: the new code's data chains to it).  Returns 0. */
JIT_HELPER vm_status t2_rt_recompile(vm *vm, t2_data *data);

#endif
