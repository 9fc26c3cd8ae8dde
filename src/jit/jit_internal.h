/* jit_internal.h - declarations shared by the JIT's files: the C helpers
 * compiled code calls (jit_rt.c) and the code memory (jit_cache.c). */
#ifndef VIFVM_JIT_INTERNAL_H
#define VIFVM_JIT_INTERNAL_H

#include "jit.h"

/* ---- jit_rt.c: called from compiled code ------------------------------- */

/* Hidden visibility: compiled code embeds these addresses, and a hidden
 * symbol's address is a plain rip-relative lea (no GOT entry, which the
 * freestanding core - and the kernel build - must not need). */
#define JIT_HELPER __attribute__((visibility("hidden")))

/* Entry: convert the frame interp_call_native pushed into a Java frame.
 * NULL (StackOverflowError pending) if the operand stack does not fit. */
JIT_HELPER jframe *jit_rt_enter(vm *vm, jmethod *m, jvalue *args);

enum jit_invoke_kind { JIT_INV_DIRECT = 0, JIT_INV_SPECIAL, JIT_INV_VIRTUAL, JIT_INV_INTERFACE };
/* Call `callee` (resolved method; selected here for virtual/interface)
 * with its arguments at args (f->sp is set to args); the result, if any,
 * is stored at args[0]. */
JIT_HELPER vm_status jit_rt_invoke(vm *vm, jframe *f, jmethod *callee, jvalue *args, uint32_t kind);

/* ---- calls between compiled methods (jit_invoke.c) ----------------------
 * A compiled method has two entries: jit_entry, the interp_jit_fn entry,
 * and the FAST entry at jit_entry + JIT_FAST_ENTRY_OFFSET, which compiled
 * callers call directly (FASTINV) with rbx = vm (kept), rsi = the callee's
 * jframe (already pushed by the caller: method and locals set), r8d = its
 * frame number (vm->frame_count is not updated: jc_call publishes it
 * before calls into C), rdx = args (its locals); on return eax = status,
 * the result in args[0] and, int-like or reference, in rdx;
 * rbp/r12/r13/r15 preserved (rbx is not changed, r14 not used).
 * The entry sets up the rest of the frame (jit_invoke.c).  Both entries
 * start with endbr64 (kernel IBT: C calls jit_entry through a pointer,
 * compiled code the fast entry through r10 or a thunk): the C entry's
 * wrapper with it is up to 65 bytes, hence 80 (was 64; 16-aligned). */
#define JIT_FAST_ENTRY_OFFSET 80u

/* One inline-cache cell (MCACHE) of a virtual/interface call site: the
 * last receiver class, the method it selects and that method's fast
 * entry.  Owned by the caller's code block (jit_code_attach). */
typedef struct jit_icache {
    jclass *cls;
    jmethod *target;
    void *entry;
    void *pad;
} jit_icache;

/* jit_rt_invoke, then (cell non-NULL) record the receiver class and the
 * selected target in cell if the target is compiled. */
JIT_HELPER vm_status jit_rt_invoke_ic(vm *vm, jframe *f, jmethod *callee, jvalue *args,
                                      uint32_t kind, jit_icache *cell);

/* PIC: a site's JC_PIC_N consecutive cells, compared in turn by the code
 * (jit_invoke.c); a miss calls jit_rt_invoke_pic, which fills the first
 * empty cell, or (all full) moves the cells one down, dropping the last,
 * and fills the first.  Each cell keeps jit_icache's protocol (cls
 * cleared first, set last), so a reader never pairs a class with another
 * class's target.  Tier 2 keeps one cell per site (jit_rt_invoke_ic). */
#define JC_PIC_N 4u
JIT_HELPER vm_status jit_rt_invoke_pic(vm *vm, jframe *f, jmethod *callee, jvalue *args,
                                       uint32_t kind, jit_icache *cells);

enum jit_throw_kind { JIT_THROW_NPE = 0, JIT_THROW_AIOOBE, JIT_THROW_DIV0 };
JIT_HELPER vm_status jit_rt_throw(vm *vm, uint32_t kind, int32_t a, int32_t b);
/* athrow of obj (NullPointerException if null). */
JIT_HELPER vm_status jit_rt_athrow(vm *vm, jobject *obj);
/* The tick's slow path (rt_budget_expired, runtime/limits.h). */
JIT_HELPER vm_status jit_rt_budget_expired(vm *vm, const jmethod *m);
/* Run class initialisation of c (getstatic/putstatic/invokestatic/new). */
JIT_HELPER vm_status jit_rt_init_class(vm *vm, jclass *c);
/* Create c's java.lang.Class mirror (ldc of a class constant). */
JIT_HELPER vm_status jit_rt_mirror(vm *vm, jclass *c);
/* Allocation: the object is stored at *out; VM_OK or the exception. */
JIT_HELPER vm_status jit_rt_new(vm *vm, jclass *c, jvalue *out);
JIT_HELPER vm_status jit_rt_newarray(vm *vm, int32_t atype, jvalue *slot);   /* count in, array out */
JIT_HELPER vm_status jit_rt_anewarray(vm *vm, jclass *array_cls, jvalue *slot);
JIT_HELPER vm_status jit_rt_aastore(vm *vm, jvalue *slots);                    /* arrayref, index, value */
JIT_HELPER vm_status jit_rt_checkcast(vm *vm, jobject *o, jclass *c);
JIT_HELPER int32_t jit_rt_instanceof(jobject *o, jclass *c);
/* multianewarray of cls with dims counts at counts[0..dims); the array
 * replaces counts[0]. */
JIT_HELPER vm_status jit_rt_multianewarray(vm *vm, jclass *cls, uint32_t dims, jvalue *counts);
/* invokedynamic at pc: links the call site on first execution (sharing
 * the interpreter's side table, interp/indy_link.c), runs it with the
 * operands below &f->stack[depth] and leaves the result there. */
JIT_HELPER vm_status jit_rt_indy(vm *vm, jframe *f, uint32_t pc, uint32_t depth);
/* the same for the operands below sp (depth of them at most) of m's frame
 * (tier 2's invokedynamic, t2_indy.c); both tick the budget once linked */
JIT_HELPER vm_status jit_rt_indy_sp(vm *vm, jmethod *m, uint32_t pc, jvalue *sp, uint32_t depth);
/* Exception-table search of f at f->pc for vm->exception: 0 if none, else
 * handler pc + 1 (the exception is then pushed as f's only operand), or
 * -status when entering the handler ran out of instruction budget (the
 * entry ticks, runtime/limits.h). */
JIT_HELPER int64_t jit_rt_find_handler(vm *vm, jframe *f);

/* Java-exact float conversions and remainders (core/jmath.h), called with
 * the SysV convention: floats/doubles in xmm0/xmm1, result in eax/rax or
 * xmm0. */
JIT_HELPER int32_t jit_rt_f2i(float f);
JIT_HELPER int64_t jit_rt_f2l(float f);
JIT_HELPER int32_t jit_rt_d2i(double d);
JIT_HELPER int64_t jit_rt_d2l(double d);
JIT_HELPER float jit_rt_frem(float a, float b);
JIT_HELPER double jit_rt_drem(double a, double b);

/* ---- jit_compile.c ---------------------------------------------------- */
/* jit_compile, also reporting the optimizations that fired in *opts_fired
 * (1u << JIT_OPT_* of jit_stats.h; the baseline fires none yet). */
vm_status jit_compile_ex(vm *vm, jmethod *m, uint32_t *opts_fired, vm_diag *d);
/* DCALL: the not yet compiled methods m's calls would call directly, at
 * most cap (jit_compile.c; jit_policy.c compiles them before m) */
#define JIT_CALLEES_FIRST 8u
uint32_t jit_known_callees(vm *vm, jmethod *m, jmethod **out, uint32_t cap);

/* ---- jit_stats.c ------------------------------------------------------- */
/* Record one compile attempt of m for --stats (refusal: the reason). */
void jit_record_method(vm *vm, const jmethod *m, bool compiled, uint64_t ns, uint64_t resolve_ns,
                       uint32_t opts, const char *refusal);
/* Tell the platform (code_emitted hook, if any) about m's compiled code. */
void jit_notify_emitted(vm *vm, const jmethod *m);
/* Annotate m's record (the newest) with tier 2's result (t2_main.c). */
void jit_record_tier2(vm *vm, const jmethod *m, uint8_t state, uint64_t ns, const char *note);
/* Free the records (VM teardown). */
void jit_stats_free(vm *vm);

/* ---- jit_cache.c ------------------------------------------------------- */
/* Allocate code memory of `size` bytes (plus a header): returns where to
 * write the code; *exec = where it will run (another view of the same
 * memory in a dual-mapped chunk, else the same address). */
uint8_t *jit_code_alloc(vm *vm, uint32_t size, uint8_t **exec);
/* where the next jit_code_alloc's code will start when it fits in the
 * newest chunk's cap bytes (the compiler records the code there, jit_compile.c);
 * NULL without a writable chunk */
uint8_t *jit_code_tail(vm *vm, uint32_t *cap);
/* Map the code cache's first chunk if there is none yet (nothing without
 * code_map_dual). */
void jit_code_reserve(vm *vm);
/* After a compile, outside its timing (jit_policy.c): revoke the RW view of
 * finished code, populate the next window, map the next region if needed. */
void jit_code_after_compile(vm *vm);
/* The code turned out `size` bytes (<= the size allocated): record it,
 * give the rest back if it can be.  Before jit_code_seal. */
void jit_code_shrink(vm *vm, uint8_t *code, uint32_t size);
/* Make it executable (W^X; nothing to do in a chunk); 0 on success.
 * code: the address jit_code_alloc returned. */
int jit_code_seal(vm *vm, uint8_t *code);
/* Free the block (its data; its memory unless in a chunk).  code: *exec. */
void jit_code_release(vm *vm, uint8_t *code);
/* Give the code block ownership of data (size bytes from vm_zalloc): freed
 * by jit_code_release.  Before jit_code_seal only. */
void jit_code_attach(uint8_t *code, void *data, uint32_t size);
/* The same, data starting with the address (exec view) of another code
 * block that jit_code_release then releases too (tier 2: the baseline's
 * code it replaced, which callers bound to it still run), or NULL. */
void jit_code_attach_chained(uint8_t *code, void *data, uint32_t size);
/* a chained block's link to the block released with it (the first word of
 * its data), or NULL if code's block is not chained */
void **jit_code_chain_link(void *code);
/* Free the compiler's buffers kept between compiles (jit_compile.c). */
void jit_scratch_free(vm *vm);
/* the compiler's buffers set up ahead of the first compile (jit_compile.c) */
void jit_scratch_reserve(vm *vm);

#endif
