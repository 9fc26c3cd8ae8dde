/* jit_policy.c - when the JIT compiles: by default on a method's first
 * call; -Xjit-threshold:N (vm_config.jit_threshold) delays it to the
 * N+1-th call, for measuring the choice.
 *
 * The interpreter calls jit_on_first_call() at a GC safepoint (every
 * frame's pc/sp saved, the callee's arguments still counted as the
 * caller's operands) just before a method runs for the first time.
 * Compiling on the first call is the choice the measurements support
 * (bench/jit_threshold.sh; figures in bench/README.md, "History moved out
 * of the code"): a compile is repaid after a handful of calls of any
 * loop-carrying method, and VIFlet handlers run millions of times.  Later
 * compilation only adds interpreted calls (the baseline has no on-stack
 * replacement, so a loop in a method entered once is never compiled; tier
 * 2's hot mode has, from baseline code: t2_osr.c).  With -Xjit:tier2=hot
 * t2_on_compiled only arms the method's call and back-edge counts, which
 * its baseline code counts down (t2_osr.c); otherwise tier 2 compiles it
 * right after the baseline.
 * A method the JIT refuses stays interpreted; the refusal is counted and
 * its reason kept for --stats.  Each attempt is recorded (jit_stats.c)
 * and a compiled method reported to the platform's code_emitted hook,
 * outside the timed compile, and so does the code cache's work ahead
 * (jit_code_after_compile: the next window of code memory made resident,
 * finished code's RW view revoked; timed apart, --stats).  The time spent resolving constant-pool
 * entries during the compile (loading and linking the classes they name,
 * jit_compile.c) is recorded apart: compile_ns is the compiler's own.
 */
#include "jit_internal.h"
#include "jit_codegen.h"
#include "../core/fmt.h"
#include "../gc/stackmap.h"
#include "t2_main.h"

/* ---- the compiler's code, read in before the VM's first compile ---------
 * The first compile runs the compiler's code for the first time, and each
 * cache line of it then comes from memory on its own: the fetch of one
 * line waits for the one before.  Read in address order, one load per
 * 64-byte line, the same text streams in at memory bandwidth, so the read
 * costs less than it saves, even counted inside the timed compile
 * (bench/README.md, "Session 6" and "History moved out of the code").
 * The range: from the lowest to the highest address of the first
 * and last external functions of each file the compiler runs (the linker
 * keeps an archive's objects together, so that is the compiler's text
 * plus what lies between; the bytes past the highest function are left
 * out, so nothing outside the text is read).  If the span is implausibly
 * large (objects scattered), nothing is read.  A stale list only makes the
 * read cover less. */
#define WARM_MAX (384u << 10)
static void warm_compiler_text(void) {
    static const void *const marks[] = {
        (const void *)jit_code_reserve, (const void *)jit_free_code_cache,
        (const void *)jc_new_label, (const void *)jit_compile_ex,
        (const void *)jc_branch_to, (const void *)jc_gen_fast,
        (const void *)jc_can_inline, (const void *)jc_gen_inline_fast,
        (const void *)jc_publish_frame_count, (const void *)jc_gen_epilogue,
        (const void *)jc_gen_long, (const void *)jc_opt_mem_size, (const void *)jc_gen_bce_check,
        (const void *)jc_vs_reset, (const void *)jc_wb_sync_stub,
        (const void *)x86_init, (const void *)x86_bytes,
        (const void *)stackmap_free, (const void *)stackmap_depths_only,
    };
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        uintptr_t a = (uintptr_t)marks[i];
        if (a < lo) lo = a;
        if (a > hi) hi = a;
    }
    if (hi - lo > WARM_MAX) return;
    uint8_t sum = 0;
    for (uintptr_t a = lo; a <= hi; a += 64) sum += *(const volatile uint8_t *)a;
    (void)sum;
}

static void compile_first(vm *vm, jmethod *m);

/* DCALL: the methods m's calls would call directly, compiled first (the
 * last named first: a callee's callee tends to come later), so that m's
 * code calls them with a call rel32, not through a register; one level,
 * no recursion (their own not-yet-compiled callees are called as before) */
void jit_on_first_call(vm *vm, jmethod *m) {
    if (vm->interpret_only || !m->code || m->jit_entry) return;
    /* not with tier 2: its compile of m follows m's baseline compile at
     * once (eager) and would follow each callee's too, and it inlines
     * and links its callees by its own rules (t2_build.c) */
    if (((vm->jit_opts_enabled >> JIT_OPT_DCALL) & 1u) && !vm->jit_tier2) {
        jmethod *callee[JIT_CALLEES_FIRST];
        for (uint32_t n = jit_known_callees(vm, m, callee, JIT_CALLEES_FIRST); n--;)
            if (!callee[n]->jit_entry) compile_first(vm, callee[n]);
    }
    compile_first(vm, m);
}

static void compile_first(vm *vm, jmethod *m) {
    char msg[160];
    vm_diag d = { msg, sizeof msg };
    msg[0] = '\0';
    jit_code_reserve(vm);     /* the code cache's first window: VM set-up, not this compile */
    jit_scratch_reserve(vm);  /* the compiler's buffers: the same */
    vm->jit_resolve_ns = 0;
    int64_t t0 = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    uint32_t opts = 0;
    if (!vm->jit_record_count) warm_compiler_text();   /* the VM's first compile */
    vm_status st = jit_compile_ex(vm, m, &opts, &d);
    int64_t t1 = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    uint64_t ns = t1 > t0 ? (uint64_t)(t1 - t0) : 0;
    uint64_t rns = vm->jit_resolve_ns < ns ? vm->jit_resolve_ns : ns;
    ns -= rns;                          /* pure compile time */
    vm->stats.jit_time_ns += ns;
    vm->stats.jit_resolve_ns += rns;
    jit_record_method(vm, m, st == VM_OK, ns, rns, opts,
                      st == VM_OK ? "" : msg[0] ? msg : vm_status_str(st));
    jit_code_after_compile(vm);  /* the code cache works ahead: not in ns */
    if (st == VM_OK) {
        vm->stats.jit_compiled++;
        vm->stats.jit_code_bytes += jit_code_size(m);
        jit_notify_emitted(vm, m);
        t2_on_compiled(vm, m);  /* the second tier, when asked for (t2_main.c) */
    } else {
        vm->stats.jit_refused++;
        if (!vm->stats.jit_first_refusal[0]) {
            vm_snprintf(vm->stats.jit_first_refusal, sizeof vm->stats.jit_first_refusal,
                        "%s.%s%s: %s", m->owner->name, m->name, m->desc, msg);
        }
    }
}
