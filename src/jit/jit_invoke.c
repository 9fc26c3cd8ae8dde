/* jit_invoke.c - code generation of calls: the four invoke instructions,
 * and the method entry/exit they call into.
 *
 * Each optimization below is switched by its bit in vm->jit_opts_enabled
 * (jit_stats.h) and reported in c->fired when it fires at a site.
 * Whatever the path, an invoke ticks the instruction budget once
 * (runtime/limits.h), the caller's frame has its pc and sp (= the
 * arguments) saved before anything can collect or throw, and a callee's
 * frame is pushed on vm->frames like the interpreter's, so the GC and
 * stack traces see exactly the frames they see under the interpreter.
 *
 *   FASTINV  a statically bound call (invokestatic, invokespecial, a
 *            final/private method or a method of a final class) to a
 *            compiled method: budget tick, frame-limit and native-stack
 *            checks inline (sub [vm+budget],1 / js; this frame's number,
 *            FC_SLOT, against max_frames - VM_FRAME_RESERVE as an
 *            immediate; rsp against vm->native_floor), the callee's jframe
 *            (r12 + 40: method, locals) pushed inline without updating
 *            vm->frame_count (published by jc_call before any call into
 *            C), the slow path out of line (ST_CALL), and a call to the callee's
 *            FAST entry (jit_internal.h): a direct `call rel32` when the
 *            callee is this method or was compiled before this one (and
 *            is within +-2 GB), else an indirect call through the entry
 *            read from the jmethod (a not-yet-compiled callee takes the C
 *            helper until it has one).  invokevirtual without MCACHE:
 *            the vtable dispatch inline.  A native callee (bound C
 *            function): its FRAME_NATIVE frame pushed inline and the C
 *            function called directly.  Anything unusual (no compiled
 *            code yet, a limit near, a null receiver, the budget out)
 *            takes the C helper jit_rt_invoke, which decides exactly.
 *   MCACHE   invokevirtual / invokeinterface not statically bound: a
 *            per-site cell (jit_icache, owned by the code block) holding
 *            the last receiver class, its target and the target's fast
 *            entry; a hit calls the target directly, a miss calls
 *            jit_rt_invoke_ic, which dispatches and refills the cell.
 *   PIC      (with MCACHE and FASTINV) JC_PIC_N cells per such site,
 *            compared in turn (r8 walks them); a miss calls
 *            jit_rt_invoke_pic, which fills a cell (jit_rt.c).  The cells
 *            are allocated with the site's (setup_cells), and TCACHE's
 *            checkcast/instanceof cells with them (jit_typecheck.c).
 *   DCALL    (with MCACHE and FASTINV) a virtual/interface site whose
 *            receiver has exactly one concrete class among the loaded
 *            classes (class-hierarchy check when the site is compiled),
 *            whose target is compiled already: before the cell(s), the
 *            receiver's class compared with that class (movabs r9, K;
 *            cmp rcx, r9; jne <the cache>) and its target's fast entry
 *            called like FASTINV's (call rel32 in reach), so no indirect
 *            call (no retpoline under the kernel's thunks) on the hit.
 *            The guard is the exact class, so a class loaded later fails
 *            it and takes the inline cache as before: nothing to undo.
 *   NULLIFY  a statically bound call to a method whose bytecode is just
 *            `return` is dropped: the class-initialisation check
 *            (invokestatic), the receiver's null check and the tick stay.
 *   INLINECLK  System.nanoTime / currentTimeMillis call the platform clock
 *            hook (vm->plat->nanotime / wallclock_ms) directly, as the
 *            natives do (natives_system.c).
 *   INLINING trivial statically bound callees are inlined (jit_inline.c).
 *
 * Method entry: the interp_jit_fn entry (jit_entry) is a wrapper for C
 * callers: it finds the frame at vm->frames[frame_count - 1] (pushed by
 * interp_call_native or call_compiled), calls the fast entry as a compiled
 * caller does and copies the result from args[0] to *ret.  The fast
 * entry, JIT_FAST_ENTRY_OFFSET bytes further, gets the frame in rsi and
 * its number in r8d.  It checks the value stack for the frame, zero
 * the locals past the arguments and make the frame a Java frame; when
 * the quick value-stack check fails, jit_rt_enter does the exact one
 * (with the reserve) and raises StackOverflowError.
 */
#include "jit_codegen.h"
#include "jit_stats.h"
#include "t2_main.h"
#include "../interp/opcodes.h"
#include "../runtime/classes.h"
#include "../runtime/rt_internal.h"
#include "../runtime/limits.h"
#include "../core/mem.h"

#define OFF_FC     ((int32_t)offsetof(struct vm, frame_count))
#define OFF_FRAMES ((int32_t)offsetof(struct vm, frames))
/* [rsp] in the method body: the method's frame number (vm->frame_count
 * while it runs, its jframe being frames[n - 1] = r12); set by both entries */
#define FC_SLOT    x86_m(X86_RSP, 0)
#define OFF_MAXF   ((int32_t)(offsetof(struct vm, limits) + offsetof(vm_limits, max_frames)))
#define OFF_FLOOR  ((int32_t)offsetof(struct vm, native_floor))
#define OFF_SEND   ((int32_t)offsetof(struct vm, stack_end))
#define OFF_BUDGET ((int32_t)VM_BUDGET_OFFSET)
#define F_METHOD   ((int32_t)offsetof(jframe, method))
#define F_LOCALS   ((int32_t)offsetof(jframe, locals))
#define F_STACK    ((int32_t)offsetof(jframe, stack))
#define F_SP       ((int32_t)offsetof(jframe, sp))
#define F_PC       ((int32_t)offsetof(jframe, pc))
#define F_FLAGS    ((int32_t)offsetof(jframe, flags))

_Static_assert(offsetof(jframe, flags) == offsetof(jframe, pc) + 4, "pc, flags adjacent");
_Static_assert(sizeof(jframe) == 40, "jframe is 40 bytes (x86_fixed.h: LEA_RAX_R8X5, LEA_RSI_FRAME, SP_NEXT)");

static bool opt_on(const jc *c, unsigned opt) { return (c->vm->jit_opts_enabled >> opt) & 1u; }
/* PIC needs the cells (MCACHE) and the direct call (FASTINV) */
static bool pic_on(const jc *c) {
    return opt_on(c, JIT_OPT_PIC) && opt_on(c, JIT_OPT_MCACHE) && opt_on(c, JIT_OPT_FASTINV);
}
static void fired(jc *c, unsigned opt) { c->fired |= 1u << opt; }

/* ---- pieces --------------------------------------------------------------------- */

/* A fast call needs frame number + VM_FRAME_RESERVE < max_frames (a
 * constant of the VM: the limit is an immediate); else the C helper
 * decides (the reserve, StackOverflowError). */
static int32_t frame_limit(const jc *c) {
    uint32_t mf = c->vm->limits.max_frames;
    return mf > VM_FRAME_RESERVE ? (int32_t)(mf - VM_FRAME_RESERVE) : 0;
}

/* vm->frame_count = this method's number (FC_SLOT): before any call into C */
void jc_publish_frame_count(x86_buf *b) {
    x86_ld32(b, X86_RAX, FC_SLOT);
    x86_st32(b, x86_m(R_VM, OFF_FC), X86_RAX);
}

/* ---- the budget counter (REGBUDGET: in r14, jit_codegen.h) ---- */
static bool regbudget(const jc *c) { return jc_opt(c, JIT_OPT_REGBUDGET); }

/* the tail's bracket (jit_compile.c: gen_cc_tails): the frame number
 * from [rsp+8] (past the stub's return address), rsp 16-aligned for the
 * call through rax */
void jc_tail_bracket(x86_buf *b, const jc *c) {
    x86_seq q;
    q.n = 0;
    x86s_ld32(&q, X86_R10, X86_RSP, 8);                 /* mov r10d, [rsp+8] */
    x86s_st32(&q, R_VM, OFF_FC, X86_R10);               /* mov [vm+frame_count], r10d */
    if (regbudget(c)) x86s_st64(&q, R_VM, OFF_BUDGET, R_BUD);
    x86s_alu_ri(&q, true, X86_SUB, X86_RSP, 8);
    x86s_call_thunk(b, &q, X86_RAX);            /* call rax (retpolines: its thunk) */
    x86s_alu_ri(&q, true, X86_ADD, X86_RSP, 8);
    if (regbudget(c)) x86s_ld64(&q, R_BUD, R_VM, OFF_BUDGET);
    x86_seq_put(b, &q);
}

/* jc_call's bracket, as one sequence: vm->frame_count published, the
 * budget counter handed over, fn called, the counter taken back */
void jc_call_bracket(x86_buf *b, const jc *c, const void *fn) {
    x86_seq q;
    q.n = 0;
    x86s_ld32(&q, X86_RAX, X86_RSP, 0);                 /* mov eax, [rsp] (FC_SLOT) */
    x86s_st32(&q, R_VM, OFF_FC, X86_RAX);               /* mov [vm+frame_count], eax */
    if (regbudget(c)) x86s_st64(&q, R_VM, OFF_BUDGET, R_BUD);   /* mov [vm+budget], r14 */
    x86s_call_abs(b, &q, fn);                   /* movabs rax, fn; call rax (retpolines: call rel32 or the thunk) */
    if (regbudget(c)) x86s_ld64(&q, R_BUD, R_VM, OFF_BUDGET);   /* mov r14, [vm+budget] */
    x86_seq_put(b, &q);
}

void jc_budget_op(x86_buf *b, const jc *c, enum x86_alu op, int32_t v) {
    if (regbudget(c)) x86_alu_ri64(b, op, R_BUD, v);            /* op r14, v */
    else x86_alu_mi64(b, op, x86_m(R_VM, OFF_BUDGET), v);      /* op qword [vm+budget], v */
}
void jc_budget_op_seq(x86_seq *s, const jc *c, enum x86_alu op, int32_t v) {
    if (regbudget(c)) x86s_alu_ri(s, true, op, R_BUD, v);
    else x86s_alu_mi(s, true, op, R_VM, OFF_BUDGET, v);
}
void jc_budget_to_vm(x86_buf *b, const jc *c) {
    if (regbudget(c)) x86_st64(b, x86_m(R_VM, OFF_BUDGET), R_BUD);   /* mov [vm+budget], r14 */
}
void jc_budget_from_vm(x86_buf *b, const jc *c) {
    if (regbudget(c)) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));   /* mov r14, [vm+budget] */
}

/* The budget tick with its out-of-line slow path (ST_TICK stub: state
 * saved at pc/depth, rt_budget_expired, resume here). */
void jc_gen_tick(x86_buf *b, jc *c, uint32_t pc, int32_t d) {
#ifndef VIFVM_NO_BUDGET_TICKS
    uint32_t s = jc_add_stub(b, c, ST_TICK, pc, (uint32_t)d);
    uint32_t l_resume = jc_new_label(b, c);
    if (b->err != VM_OK) return;
    c->stubs[s].resume = l_resume;
    jc_budget_op(b, c, X86_SUB, 1);                 /* sub qword [vm+budget] (or r14), 1 */
    x86_jcc(b, X86_CC_S, c->stubs[s].label);
    x86_bind(b, l_resume);
#else
    (void)b; (void)c; (void)pc; (void)d;
#endif
}

/* The tick of a call with a slow path through the C helper: a negative
 * result goes to l_slow, which undoes it (the helper ticks again). */
static void tick_or(x86_buf *b, const jc *c, x86_seq *q, uint32_t l_slow) {
#ifndef VIFVM_NO_BUDGET_TICKS
    jc_budget_op_seq(q, c, X86_SUB, 1);             /* sub qword [vm+budget] (or r14), 1 */
    x86_seq_put(b, q);
    x86_jcc(b, X86_CC_S, l_slow);
#else
    (void)b; (void)c; (void)q; (void)l_slow;
#endif
}
static void untick(x86_seq *s, const jc *c) {
#ifndef VIFVM_NO_BUDGET_TICKS
    jc_budget_op_seq(s, c, X86_ADD, 1);             /* add qword [vm+budget] (or r14), 1 */
#else
    (void)s; (void)c;
#endif
}

/* rax = receiver at slot a; null -> NPE stub (raised at pc, the call site) */
void jc_gen_null_check(x86_buf *b, jc *c, int32_t a, uint32_t pc, int32_t d) {
    x86_seq q;
    q.n = 0;
    x86s_ld64(&q, X86_RAX, R_LV, STK_D(c, a));
    x86s_test_rr64(&q, X86_RAX, X86_RAX);
    x86_seq_put(b, &q);
    uint32_t s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
    if (b->err == VM_OK) x86_jcc(b, X86_CC_E, c->stubs[s].label);
}

/* The C helper: jit_rt_invoke(vm, f, callee, args, kind) or, with a cell,
 * jit_rt_invoke_ic(..., cell).  Ticks, dispatches, calls. */
static void slow_call(x86_buf *b, jc *c, x86_seq *q, uint32_t pc, jmethod *callee, int32_t a,
                      uint32_t kind, const jit_icache *cell, bool have_cell, bool pic) {
    jc_seq_fixed(q, ST_PC);                         /* mov dword [r12+32], pc */
    jc_seq_u32(q, pc);
    jc_seq_fixed(q, MOVABS_RDX);                    /* movabs rdx, callee */
    jc_seq_u64(q, (uint64_t)(uintptr_t)callee);
    x86s_lea(q, X86_RCX, R_LV, STK_D(c, a));
    jc_seq_fixed(q, MOV_R8D);                       /* mov r8d, kind */
    jc_seq_u32(q, kind);
    if (have_cell) {
        jc_seq_fixed(q, MOVABS_R9);                 /* movabs r9, cell */
        jc_seq_u64(q, (uint64_t)(uintptr_t)cell);
    }
    x86_seq_put(b, q);
    /* rdi = vm, rsi = f: jc_call_flags (out of line: the method's tail) */
    jc_call_flags(b, c, !have_cell ? (const void *)jit_rt_invoke
                        : pic ? (const void *)jit_rt_invoke_pic : (const void *)jit_rt_invoke_ic,
                  JC_CC_FR | JC_CC_CHK);
}

/* The result kind left in rdx by every path of an invoke of callee: 'I'
 * (int-like, zero-extended), 'A' (reference) or 0 (none: void, long,
 * float, double).  Compiled methods return it in rdx as well as in *ret
 * (jit_compile.c); the other paths load it from its slot. */
static char result_kind(const jmethod *callee) {
    switch (callee->ret) {
    case 'I': case 'Z': case 'B': case 'C': case 'S': return 'I';
    case 'L': case '[': return 'A';
    default: return 0;
    }
}

char jc_invoke_result_in_rdx(const jc *c, uint32_t pc) {
    uint8_t op = c->code[pc];
    if (op != OP_invokestatic && op != OP_invokespecial && op != OP_invokevirtual &&
        op != OP_invokeinterface)
        return 0;
    return result_kind((const jmethod *)c->res[pc]);
}

static void result_to_rdx(x86_buf *b, jc *c, int32_t a, const jmethod *callee) {
    char k = result_kind(callee);
    if (!k) return;
    x86_seq q;      /* (the x86_seq form: cheaper than x86_ld32's any-operand one) */
    q.n = 0;
    if (k == 'I') x86s_ld32(&q, X86_RDX, R_LV, STK_D(c, a));    /* mov edx, [slot] */
    else x86s_ld64(&q, X86_RDX, R_LV, STK_D(c, a));             /* mov rdx, [slot] */
    x86_seq_put(b, &q);
}

/* How the fast call reaches the callee's fast entry. */
enum entry_kind {
    EN_SELF,    /* this method: call rel32 to c->l_fast */
    EN_ADDR,    /* a known address (compiled before): call rel32 or absolute */
    EN_R10      /* in r10 */
};

/* Call a known address: 12 bytes, call rel32 or absolute, decided when the
 * code's final address is known (x86_call_far). */
static void call_addr(x86_buf *b, const uint8_t *target) { x86_call_far(b, target); }

/* The fast call itself, after the tick and the receiver checks: limits
 * inline (else l_slow), the callee's frame pushed (method: T, or r9 when
 * T is NULL), the call, the frame popped, the status checked.  The result
 * lands in STK(a) (the callee's ret pointer is its args). */
static void fast_call(x86_buf *b, jc *c, x86_seq *q, uint32_t pc, int32_t a, const jmethod *T,
                      enum entry_kind en, const uint8_t *addr, uint32_t l_slow) {
    /* (q: the caller's instructions before these, not yet appended) */
    jc_seq_fixed(q, LD_R8D_FC);                       /* mov r8d, [rsp]: this frame's number, FC_SLOT (no load of vm) */
    x86s_alu_ri(q, false, X86_CMP, X86_R8, frame_limit(c));
    x86_seq_put(b, q);
    x86_jcc(b, X86_CC_AE, l_slow);
    x86s_alu_rm64(q, X86_CMP, X86_RSP, R_VM, OFF_FLOOR);
    x86_seq_put(b, q);
    x86_jcc(b, X86_CC_B, l_slow);
    x86s_lea(q, X86_RDX, R_LV, STK_D(c, a));
    jc_seq_fixed(q, ST_PC);                           /* mov dword [r12+32], pc */
    jc_seq_u32(q, pc);
    jc_seq_fixed(q, SP_NEXT);                         /* mov [r12+24], rdx; lea rsi, [r12+40] (the next frame) */
    if (T) {
        jc_seq_fixed(q, MOVABS_RAX);                  /* movabs rax, T */
        jc_seq_u64(q, (uint64_t)(uintptr_t)T);
        jc_seq_fixed(q, ST_RAX_RSI);                  /* mov [rsi], rax */
    } else {
        jc_seq_fixed(q, ST_R9_RSI);                   /* mov [rsi], r9 */
    }
    jc_seq_fixed(q, LOC_ADD);                         /* mov [rsi+8], rdx; add r8d, 1 (the callee's number, its FC_SLOT) */
    if (en == EN_R10 && !c->vm->plat->indirect_thunks) {
        jc_seq_fixed(q, CALL_R10);                    /* call r10 */
    } else if (en == EN_R10) {
        x86_seq_put(b, q);
        x86_call_thunk(b, X86_R10);                   /* retpolines: call the thunk for r10 */
    } else {
        x86_seq_put(b, q);
        if (en == EN_SELF) x86_call_label(b, c->l_fast);
        else call_addr(b, addr);
    }
    jc_seq_fixed(q, TEST_EAX);                        /* test eax, eax (the status) */
    x86_seq_put(b, q);
    x86_jcc(b, X86_CC_NE, c->l_exc);
}

/* A native callee T (bound C function): the frame interp_call_native
 * pushes, pushed inline, and T->native(vm, args, &r) called directly; the
 * result is copied to STK(a) on success (natives write *ret before they
 * may fail).  The receiver, if any, is already checked. */
static void native_call(x86_buf *b, jc *c, uint32_t pc, int32_t a, const jmethod *T,
                        uint32_t l_slow) {
    x86_ld32(b, X86_RCX, FC_SLOT);
    x86_lea(b, X86_RSI, x86_m(X86_RCX, (int32_t)VM_FRAME_RESERVE));
    x86_alu_rm32(b, X86_CMP, X86_RSI, x86_m(R_VM, OFF_MAXF));
    x86_jcc(b, X86_CC_AE, l_slow);
    x86_lea(b, X86_RDX, STK(c, a));
    x86_st32_imm(b, x86_m(R_FR, F_PC), (int32_t)pc);
    x86_st64(b, x86_m(R_FR, F_SP), X86_RDX);
    x86_lea(b, X86_RSI, x86_m(R_FR, (int32_t)sizeof(jframe)));
    x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)T);
    x86_st64(b, x86_m(X86_RSI, F_METHOD), X86_RAX);
    x86_st64(b, x86_m(X86_RSI, F_LOCALS), X86_RDX);
    x86_lea(b, X86_RAX, STK(c, a + (int32_t)T->arg_slots));
    x86_st64(b, x86_m(X86_RSI, F_STACK), X86_RAX);
    x86_st64(b, x86_m(X86_RSI, F_SP), X86_RAX);
    x86_st32_imm(b, x86_m(X86_RSI, F_PC), 0);
    x86_st32_imm(b, x86_m(X86_RSI, F_FLAGS), FRAME_NATIVE);
    x86_alu_ri32(b, X86_ADD, X86_RCX, 1);
    x86_st32(b, x86_m(R_VM, OFF_FC), X86_RCX);
    x86_alu_ri64(b, X86_SUB, X86_RSP, 16);          /* jvalue r (keeps rsp 16-aligned) */
    x86_st64_imm(b, x86_m(X86_RSP, 0), 0);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_mov_rr64(b, X86_RSI, X86_RDX);
    x86_mov_rr64(b, X86_RDX, X86_RSP);
    jc_budget_to_vm(b, c);                          /* REGBUDGET: C sees the counter */
    x86_call_abs(b, (const void *)T->native, X86_RAX);  /* vm->frame_count is its frame's */
    jc_budget_from_vm(b, c);
    if (T->ret != 'V') {
        x86_ld64(b, X86_RCX, x86_m(X86_RSP, 0));
        x86_st64(b, STK(c, a), X86_RCX);            /* harmless if it failed */
        if (result_kind(T) == 'I') x86_mov_rr32(b, X86_RDX, X86_RCX);
        else x86_mov_rr64(b, X86_RDX, X86_RCX);
    }
    x86_alu_ri64(b, X86_ADD, X86_RSP, 16);
    jc_check_status(b, c);
}

/* ---- the clock (INLINECLK) ------------------------------------------------------- */

/* 1 nanoTime, 2 currentTimeMillis, 0 neither */
static int clock_kind(const jmethod *m) {
    if (!(m->access & ACC_NATIVE) || !(m->access & ACC_STATIC) || !m->owner->is_boot ||
        vm_strcmp(m->owner->name, "java/lang/System") != 0 || vm_strcmp(m->desc, "()J") != 0)
        return 0;
    if (!vm_strcmp(m->name, "nanoTime")) return 1;
    if (!vm_strcmp(m->name, "currentTimeMillis")) return 2;
    return 0;
}

static void gen_clock(x86_buf *b, jc *c, uint32_t pc, int32_t d, int kind) {
    const vm_platform *p = c->vm->plat;
    int64_t (*fn)(void *) = kind == 1 ? p->nanotime : p->wallclock_ms;
    jc_gen_tick(b, c, pc, d);
    if (fn) {
        x86_movabs(b, X86_RDI, (uint64_t)(uintptr_t)p->ud);
        x86_call_abs(b, (const void *)fn, X86_RAX);  /* no VM state needed */
    } else {
        x86_mov_ri32(b, X86_RAX, 0);
    }
    x86_st64(b, STK(c, d), X86_RAX);
}

/* ---- the invoke ------------------------------------------------------------------ */

/* The method a call site runs whatever the receiver, or NULL. */
static jmethod *static_target(jmethod *callee, uint32_t kind) {
    if (kind == JIT_INV_DIRECT || kind == JIT_INV_SPECIAL) return callee;
    if (kind != JIT_INV_VIRTUAL) return NULL;
    const jclass *o = callee->owner;
    bool iface = o->kind == KIND_INSTANCE && (o->access & ACC_INTERFACE);
    if (!iface && ((callee->access & (ACC_PRIVATE | ACC_FINAL)) || (o->access & ACC_FINAL)))
        return callee;
    return NULL;
}

static bool is_empty_void(const jmethod *t) {
    return t->code && t->code->code_len == 1 && t->code->code[0] == OP_return &&
           !(t->access & (ACC_NATIVE | ACC_ABSTRACT));
}

/* The calls (ticks) a call of t makes if all it does is call empty
 * methods: 1 for an empty method, 1 + n for a constructor whose whole
 * code is `aload_0; invokespecial super.<init>()V; return` with an empty
 * chain of n below it (Number.<init>, under Long's and Integer's, and the
 * constructors of every class extending one with an empty constructor);
 * 0 if t does anything else.  The super's constructor is found by name
 * in t's constant pool, not resolved: the methodref must name t's own
 * superclass (the same loader resolves it to that class). */
#define EMPTY_CHAIN_MAX 4u
static uint32_t empty_ticks(const jmethod *t, uint32_t depth) {
    if (is_empty_void(t)) return 1;
    const jclass *o = t->owner, *sup = o->super;
    if (depth >= EMPTY_CHAIN_MAX || !t->code || !sup || !o->cf ||
        (t->access & (ACC_NATIVE | ACC_ABSTRACT | ACC_SYNCHRONIZED | ACC_STATIC)) ||
        t->code->code_len != 5 || t->code->n_exceptions)
        return 0;
    const uint8_t *k = t->code->code;
    if (k[0] != OP_aload_0 || k[1] != OP_invokespecial || k[4] != OP_return ||
        vm_strcmp(t->name, "<init>") != 0 || vm_strcmp(t->desc, "()V") != 0)
        return 0;
    const char *cn, *mn, *md;
    cf_member_ref(o->cf, jc_u2(k + 2), &cn, &mn, &md);
    if (!cn || !mn || !md || vm_strcmp(cn, sup->name) != 0 || vm_strcmp(mn, "<init>") != 0 ||
        vm_strcmp(md, "()V") != 0)
        return 0;
    for (uint32_t i = 0; i < sup->n_methods; i++) {
        const jmethod *u = &sup->methods[i];
        if (vm_strcmp(u->name, "<init>") == 0 && vm_strcmp(u->desc, "()V") == 0) {
            uint32_t n = empty_ticks(u, depth + 1);
            return n ? n + 1 : 0;
        }
    }
    return 0;
}

/* The call proper (no inlining): fast paths when enabled, the C helper
 * otherwise and on every unusual case. */
/* The slow path of a fast call, out of line (an ST_CALL stub after the
 * body: the fast path falls through): undo the tick, the C helper (with
 * the site's cell for MCACHE), the result to rdx, back to l_done.
 * Returns the label to jump to. */
static uint32_t call_stub(x86_buf *b, jc *c, uint32_t pc, jmethod *callee, int32_t a,
                          uint32_t kind, const jit_icache *cell, bool has_cell, uint32_t l_done) {
    uint32_t s = jc_add_stub(b, c, ST_CALL, pc, (uint32_t)c->depth[pc]);
    if (b->err != VM_OK) return 0;
    jit_stub *st = &c->stubs[s];
    st->resume = l_done;
    st->callee = callee;
    st->cell = cell;
    st->has_cell = has_cell;
    st->arr_slot = (uint32_t)a;
    st->idx_slot = kind;
    return st->label;
}

static void gen_slow_entry(x86_buf *b, jc *c, const jit_stub *s);

void jc_gen_call_stub(x86_buf *b, jc *c, const jit_stub *s) {
    /* (a failed emission, e.g. out of memory, may have left a stub added
     * without its callee: nothing more is emitted, the compile fails) */
    if (b->err != VM_OK) return;
    c->wb_template = true;   /* (the invoke synced the frame: WRITEBACK, jit_vstack.c) */
    if (s->res_type == 'E') { gen_slow_entry(b, c, s); return; }
    int32_t a = (int32_t)s->arr_slot;
    x86_bind(b, s->label);
    x86_seq q;
    q.n = 0;
    untick(&q, c);
    slow_call(b, c, &q, s->pc, s->callee, a, s->idx_slot, s->cell, s->has_cell, s->pic);
    result_to_rdx(b, c, a, s->callee);
    x86_jmp(b, s->resume);
}

/* DCALL: the one concrete loaded class a receiver of callee can have
 * and the method it selects (class-hierarchy analysis over the class
 * table; exact-class guarded, so only a guess for classes loaded later) */
typedef struct dcall_scan {
    jmethod *callee;
    bool iface;
    uint32_t n;           /* concrete classes seen that can receive the call */
    jclass *k;
    jmethod *t;
} dcall_scan;

static void dcall_each(vm *v, jclass *k, void *ctx) {
    dcall_scan *sc = ctx;
    (void)v;
    if (sc->n > 1 || k->kind != KIND_INSTANCE || (k->access & (ACC_INTERFACE | ACC_ABSTRACT)) ||
        k->state < CLS_LINKED || k->state == CLS_ERROR || k->link_error || !k->vtable ||
        !rt_is_assignable(k, sc->callee->owner))
        return;
    sc->n++;
    sc->k = k;
    sc->t = sc->iface ? rt_dispatch_interface(k, sc->callee) : rt_dispatch_virtual(k, sc->callee);
}

/* The guarded target of a virtual/interface site (NULL: none): its one
 * receiver class in *k; the target is compiled (or this method) and not
 * about to be replaced by tier 2, so its fast entry is final */
static jmethod *dcall_pick(jc *c, jmethod *callee, const jclass **k) {
    if (!opt_on(c, JIT_OPT_DCALL) || (callee->access & (ACC_STATIC | ACC_PRIVATE))) return NULL;
    const jclass *o = callee->owner;
    dcall_scan sc = { callee, o->kind == KIND_INSTANCE && (o->access & ACC_INTERFACE), 0, NULL, NULL };
    rt_table_each(c->vm, dcall_each, &sc);
    jmethod *t = sc.t;
    if (sc.n != 1 || !t || !t->code || (t->access & (ACC_ABSTRACT | ACC_NATIVE | ACC_STATIC)))
        return NULL;
    *k = sc.k;
    return t;
}

static jmethod *dcall_target(jc *c, jmethod *callee, const jclass **k) {
    jmethod *t = dcall_pick(c, callee, k);
    if (!t) return NULL;
    if (t != c->m && (!t->jit_entry || t2_pending(c->vm, t))) return NULL;
    return t;
}

/* DCALL's guarded call, rcx = the receiver's class (rax the receiver):
 * a hit calls U's fast entry and ends at l_done; a miss goes on after
 * it (the inline cache), rax and rcx unchanged */
static void dcall_guard(x86_buf *b, jc *c, x86_seq *q, uint32_t pc, int32_t a, jmethod *U,
                            const jclass *k, uint32_t l_slow, uint32_t l_done) {
    uint32_t l_ic = jc_new_label(b, c);
    if (b->err != VM_OK) return;
    x86s_movabs(q, X86_R9, (uint64_t)(uintptr_t)k);
    x86s_alu_rr(q, true, X86_CMP, X86_RCX, X86_R9);    /* cmp rcx, r9 */
    x86_seq_put(b, q);
    x86_jcc(b, X86_CC_NE, l_ic);
    if (U == c->m) fast_call(b, c, q, pc, a, U, EN_SELF, NULL, l_slow);
    else fast_call(b, c, q, pc, a, U, EN_ADDR, (const uint8_t *)U->jit_entry + JIT_FAST_ENTRY_OFFSET, l_slow);
    x86_jmp(b, l_done);
    x86_bind(b, l_ic);
    fired(c, JIT_OPT_DCALL);
}

/* DCALL, callees first: the reachable call sites' targets that a
 * compiled entry would let this method call directly (a statically bound
 * callee, a virtual site's one receiver class's method) and that have no
 * code yet, each once, at most cap, into out (jit_known_callees) */
uint32_t jc_known_callees(jc *c, jmethod **out, uint32_t cap) {
    uint32_t n = 0;
    if (!opt_on(c, JIT_OPT_DCALL) || !opt_on(c, JIT_OPT_FASTINV)) return 0;
    for (uint32_t pc = 0, len; pc < c->len && n < cap; pc += len) {
        len = jc_insn_len(c->code, pc, c->len);
        if (len == 0) break;
        uint8_t op = c->code[pc];
        jmethod *callee = c->res[pc];
        if (c->depth[pc] < 0 || !callee || (op != OP_invokestatic && op != OP_invokespecial &&
                                            op != OP_invokevirtual && op != OP_invokeinterface))
            continue;
        jmethod *t = static_target(callee, c->kind[pc]);
        const jclass *k = NULL;
        if (!t && opt_on(c, JIT_OPT_MCACHE)) t = dcall_pick(c, callee, &k);
        if (!t || t == c->m || t->jit_entry || !t->code || (t->access & (ACC_NATIVE | ACC_ABSTRACT)))
            continue;
        bool dup = false;
        for (uint32_t i = 0; i < n; i++) dup |= out[i] == t;
        if (!dup) out[n++] = t;
    }
    return n;
}

static void gen_call(x86_buf *b, jc *c, uint32_t pc, jmethod *callee, jmethod *T, uint32_t kind,
                     int32_t a) {
    bool has_recv = kind != JIT_INV_DIRECT;
    bool fast = opt_on(c, JIT_OPT_FASTINV);
    uint32_t l_done = jc_new_label(b, c), l_slow;
    if (b->err != VM_OK) return;
    x86_seq q;      /* straight-line runs between the jumps (x86_emit.h) */
    q.n = 0;
    if (T && fast && (T->code || T->native)) {
        l_slow = call_stub(b, c, pc, callee, a, kind, NULL, false, l_done);
        tick_or(b, c, &q, l_slow);
        if (has_recv) {
            x86s_alu_mi(&q, true, X86_CMP, R_LV, STK_D(c, a), 0);
            x86_seq_put(b, &q);
            x86_jcc(b, X86_CC_E, l_slow);
        }
        if (!T->code) {
            native_call(b, c, pc, a, T, l_slow);
        } else if (T == c->m) {
            fast_call(b, c, &q, pc, a, T, EN_SELF, NULL, l_slow);
        } else if (T->jit_entry && !t2_pending(c->vm, T)) {   /* (else: through T->jit_entry) */
            fast_call(b, c, &q, pc, a, T, EN_ADDR,
                      (const uint8_t *)T->jit_entry + JIT_FAST_ENTRY_OFFSET, l_slow);
        } else {
            x86s_movabs(&q, X86_R10, (uint64_t)(uintptr_t)&T->jit_entry);
            x86s_ld64(&q, X86_R10, X86_R10, 0);
            x86s_test_rr64(&q, X86_R10, X86_R10);
            x86_seq_put(b, &q);
            x86_jcc(b, X86_CC_E, l_slow);
            x86s_alu_ri(&q, true, X86_ADD, X86_R10, (int32_t)JIT_FAST_ENTRY_OFFSET);
            fast_call(b, c, &q, pc, a, T, EN_R10, NULL, l_slow);
        }
        fired(c, JIT_OPT_FASTINV);
        x86_bind(b, l_done);
        return;
    }
    if (!T && (kind == JIT_INV_VIRTUAL || kind == JIT_INV_INTERFACE) && fast && pic_on(c)) {
        /* PIC: JC_PIC_N cells, compared in turn (r8 walks them); a hit
         * calls the cell's target, a miss takes the stub (jit_rt_invoke_pic,
         * which fills a cell) */
        uint32_t idx = c->n_cells;
        c->n_cells += JC_PIC_N;
        const jit_icache *cell = c->cells && c->n_cells <= c->cap_cells ? &c->cells[idx] : NULL;
        if (!cell) { x86_fail(b, VM_ERR_INTERNAL); return; }
        uint32_t l_hit = jc_new_label(b, c);
        l_slow = call_stub(b, c, pc, callee, a, kind, cell, true, l_done);
        if (b->err != VM_OK) return;
        c->stubs[c->n_stubs - 1].pic = true;
        tick_or(b, c, &q, l_slow);
        x86s_ld64(&q, X86_RAX, R_LV, STK_D(c, a));          /* mov rax, [recv] */
        x86s_test_rr64(&q, X86_RAX, X86_RAX);
        x86_seq_put(b, &q);
        x86_jcc(b, X86_CC_E, l_slow);                       /* null: the helper's NPE */
        x86s_ld64(&q, X86_RCX, X86_RAX, (int32_t)offsetof(jobject, cls));
        const jclass *gk = NULL;
        jmethod *U = dcall_target(c, callee, &gk);
        if (U) dcall_guard(b, c, &q, pc, a, U, gk, l_slow, l_done);
        x86s_movabs(&q, X86_R8, (uint64_t)(uintptr_t)cell);
        for (uint32_t k = 0; k < JC_PIC_N; k++) {
            if (k) x86s_alu_ri(&q, true, X86_ADD, X86_R8, (int32_t)sizeof(jit_icache));
            x86s_alu_rm64(&q, X86_CMP, X86_RCX, X86_R8, (int32_t)offsetof(jit_icache, cls));
            x86_seq_put(b, &q);
            if (k + 1 < JC_PIC_N) x86_jcc(b, X86_CC_E, l_hit);  /* cmp rcx, [r8]; je hit */
            else x86_jcc(b, X86_CC_NE, l_slow);               /* the last: jne miss */
        }
        x86_bind(b, l_hit);
        x86s_ld64(&q, X86_R9, X86_R8, (int32_t)offsetof(jit_icache, target));
        x86s_ld64(&q, X86_R10, X86_R8, (int32_t)offsetof(jit_icache, entry));
        fast_call(b, c, &q, pc, a, NULL, EN_R10, NULL, l_slow);
        x86_bind(b, l_done);
        fired(c, JIT_OPT_MCACHE);
        fired(c, JIT_OPT_PIC);
        return;
    }
    if (!T && (kind == JIT_INV_VIRTUAL || kind == JIT_INV_INTERFACE) && opt_on(c, JIT_OPT_MCACHE)) {
        /* inline cache: cell = { cls, target, entry } */
        uint32_t idx = c->n_cells++;
        const jit_icache *cell = c->cells && idx < c->cap_cells ? &c->cells[idx] : NULL;
        if (!cell) { x86_fail(b, VM_ERR_INTERNAL); return; }
        l_slow = call_stub(b, c, pc, callee, a, kind, cell, true, l_done);
        tick_or(b, c, &q, l_slow);
        x86s_ld64(&q, X86_RAX, R_LV, STK_D(c, a));
        x86s_test_rr64(&q, X86_RAX, X86_RAX);
        x86_seq_put(b, &q);
        x86_jcc(b, X86_CC_E, l_slow);
        x86s_ld64(&q, X86_RCX, X86_RAX, (int32_t)offsetof(jobject, cls));
        const jclass *gk = NULL;
        jmethod *U = fast ? dcall_target(c, callee, &gk) : NULL;
        if (U) dcall_guard(b, c, &q, pc, a, U, gk, l_slow, l_done);
        x86s_movabs(&q, X86_R8, (uint64_t)(uintptr_t)cell);
        x86s_alu_rm64(&q, X86_CMP, X86_RCX, X86_R8, (int32_t)offsetof(jit_icache, cls));
        x86_seq_put(b, &q);
        x86_jcc(b, X86_CC_NE, l_slow);
        x86s_ld64(&q, X86_R9, X86_R8, (int32_t)offsetof(jit_icache, target));
        if (fast) {
            x86s_ld64(&q, X86_R10, X86_R8, (int32_t)offsetof(jit_icache, entry));
            fast_call(b, c, &q, pc, a, NULL, EN_R10, NULL, l_slow);
        } else {
            /* the known target through the helper (no dispatch) */
            untick(&q, c);
            x86s_st32_imm(&q, R_FR, F_PC, (int32_t)pc);
            x86s_mov_rr64(&q, X86_RDX, X86_R9);
            x86s_lea(&q, X86_RCX, R_LV, STK_D(c, a));
            x86s_mov_ri32(&q, X86_R8, JIT_INV_DIRECT);
            x86_seq_put(b, &q);
            jc_call_flags(b, c, (const void *)jit_rt_invoke, JC_CC_FR | JC_CC_CHK);
            result_to_rdx(b, c, a, callee);
        }
        x86_bind(b, l_done);
        fired(c, JIT_OPT_MCACHE);
        return;
    }
    if (!T && kind == JIT_INV_VIRTUAL && fast && callee->vtable_index >= 0 &&
        !(callee->owner->kind == KIND_INSTANCE && (callee->owner->access & ACC_INTERFACE))) {
        /* the vtable dispatch inline */
        l_slow = call_stub(b, c, pc, callee, a, kind, NULL, false, l_done);
        tick_or(b, c, &q, l_slow);
        x86s_ld64(&q, X86_RAX, R_LV, STK_D(c, a));
        x86s_test_rr64(&q, X86_RAX, X86_RAX);
        x86_seq_put(b, &q);
        x86_jcc(b, X86_CC_E, l_slow);
        x86s_ld64(&q, X86_RCX, X86_RAX, (int32_t)offsetof(jobject, cls));
        x86s_alu_mi(&q, false, X86_CMP, X86_RCX, (int32_t)offsetof(jclass, vtable_len),
                    callee->vtable_index);
        x86_seq_put(b, &q);
        x86_jcc(b, X86_CC_BE, l_slow);
        x86s_ld64(&q, X86_RCX, X86_RCX, (int32_t)offsetof(jclass, vtable));
        x86s_ld64(&q, X86_R9, X86_RCX, 8 * callee->vtable_index);
        x86s_ld64(&q, X86_R10, X86_R9, (int32_t)offsetof(jmethod, jit_entry));
        x86s_test_rr64(&q, X86_R10, X86_R10);
        x86_seq_put(b, &q);
        x86_jcc(b, X86_CC_E, l_slow);
        x86s_alu_ri(&q, true, X86_ADD, X86_R10, (int32_t)JIT_FAST_ENTRY_OFFSET);
        fast_call(b, c, &q, pc, a, NULL, EN_R10, NULL, l_slow);
        fired(c, JIT_OPT_FASTINV);
        x86_bind(b, l_done);
        return;
    }
    slow_call(b, c, &q, pc, callee, a, kind, NULL, false, false);
    result_to_rdx(b, c, a, callee);
}

/* invokevirtual of a method that its own class's vtable selects: the
 * candidate for inlining behind a receiver-class guard. */
static jmethod *mono_candidate(jmethod *callee, uint32_t kind) {
    const jclass *o = callee->owner;
    if (kind != JIT_INV_VIRTUAL || o->kind != KIND_INSTANCE || (o->access & ACC_INTERFACE) ||
        callee->vtable_index < 0 || (uint32_t)callee->vtable_index >= o->vtable_len ||
        o->vtable[callee->vtable_index] != callee)
        return NULL;
    return callee;
}

/* invokeinterface: the loaded user classes implementing the interface
 * (at most JC_IFACE_IMPLS, else none), each with the method it selects,
 * when every one of them is trivial enough to inline.  Computed once per
 * site (the first pass; later passes must emit the same code even if
 * resolving a callee's fields loaded classes meanwhile).  Classes loaded
 * after the compile fail the guards and take the call (MCACHE). */
typedef struct iface_scan {
    jc *c;
    jmethod *im;
    struct jc_iface_site *site;
    bool bad;
} iface_scan;

static void iface_each(vm *v, jclass *k, void *ctx) {
    iface_scan *sc = ctx;
    (void)v;
    if (sc->bad || k->is_boot || k->kind != KIND_INSTANCE || (k->access & (ACC_INTERFACE | ACC_ABSTRACT)))
        return;
    if (k->state < CLS_LINKED || k->state == CLS_ERROR || k->link_error) return;
    jmethod *t = rt_dispatch_interface(k, sc->im);
    if (!t) return;                                    /* does not implement it */
    if (sc->site->n == JC_IFACE_IMPLS || (t->access & ACC_ABSTRACT) || !t->code) { sc->bad = true; return; }
    sc->site->cls[sc->site->n] = k;
    sc->site->m[sc->site->n++] = t;
}

static const struct jc_iface_site *iface_site(jc *c, uint32_t pc, jmethod *im) {
    for (uint32_t i = 0; i < c->n_iface; i++)
        if (c->iface[i].pc == pc) return &c->iface[i];
    if (c->n_iface == JC_IFACE_SITES) return NULL;
    struct jc_iface_site *site = &c->iface[c->n_iface++];
    vm_memset(site, 0, sizeof *site);
    site->pc = pc;
    const jclass *ic = im->owner;
    if (ic->is_boot || !rt_is_interface(ic) || (im->access & (ACC_STATIC | ACC_PRIVATE))) return site;
    iface_scan sc = { c, im, site, false };
    rt_table_each(c->vm, iface_each, &sc);
    for (uint32_t k = 0; k < site->n && !sc.bad; k++) sc.bad = !jc_can_inline(c, site->m[k]);
    if (sc.bad) site->n = 0;
    return site;
}

/* INLINING: the candidates ms[0 .. n) inline in turn, each behind its
 * guard (guards[k] the receiver's exact class, NULL for none but the null
 * check, jc_gen_inline); any other receiver (or null) makes the call */
static void inline_chain(x86_buf *b, jc *c, uint32_t pc, jmethod *callee, jmethod *T, uint32_t kind,
                         int32_t a, jmethod *const *ms, const jclass *const *guards, uint32_t n) {
    uint32_t l_done = jc_new_label(b, c);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t l_next = jc_new_label(b, c);
        if (b->err != VM_OK) return;
        jc_gen_inline(b, c, pc, ms[k], a, guards[k], l_next);
        result_to_rdx(b, c, a, callee);
        x86_jmp(b, l_done);
        x86_bind(b, l_next);
    }
    gen_call(b, c, pc, callee, T, kind, a);
    x86_bind(b, l_done);
    fired(c, JIT_OPT_INLINING);
}

void jc_gen_invoke(x86_buf *b, jc *c, uint32_t pc) {
    int32_t d = c->depth[pc];
    uint8_t op = c->code[pc];
    jmethod *callee = c->res[pc];
    uint32_t kind = c->kind[pc];
    int32_t a = d - (int32_t)callee->arg_slots;
    if (op == OP_invokestatic) jc_init_check(b, c, callee->owner, pc, d);

    jmethod *T = static_target(callee, kind);
    int clk = T && opt_on(c, JIT_OPT_INLINECLK) ? clock_kind(T) : 0;
    if (clk) {
        gen_clock(b, c, pc, d, clk);
        fired(c, JIT_OPT_INLINECLK);
        return;
    }
    uint32_t nt = T && opt_on(c, JIT_OPT_NULLIFY) ? empty_ticks(T, 0) : 0;
    if (nt == 1) {
        if (kind != JIT_INV_DIRECT) jc_gen_null_check(b, c, a, pc, d);
        jc_gen_tick(b, c, pc, d);
        fired(c, JIT_OPT_NULLIFY);
        return;
    }
    if (nt > 1) {
        /* a chain of empty constructors: its nt ticks when none of them
         * runs the budget out, else the call itself (which ticks and
         * aborts in the frame where the interpreter would) */
        if (kind != JIT_INV_DIRECT) jc_gen_null_check(b, c, a, pc, d);
#ifndef VIFVM_NO_BUDGET_TICKS
        uint32_t l_call = jc_new_label(b, c), l_done = jc_new_label(b, c);
        if (b->err != VM_OK) return;
        jc_budget_op(b, c, X86_CMP, (int32_t)nt);    /* cmp budget, nt; jl call */
        x86_jcc(b, X86_CC_L, l_call);
        jc_budget_op(b, c, X86_SUB, (int32_t)nt);
        x86_jmp(b, l_done);
        x86_bind(b, l_call);
        gen_call(b, c, pc, callee, T, kind, a);
        x86_bind(b, l_done);
#endif
        fired(c, JIT_OPT_NULLIFY);
        return;
    }
    if (opt_on(c, JIT_OPT_INLINING)) {
        jmethod *I = T ? T : mono_candidate(callee, kind);
        if (I && jc_can_inline(c, I)) {
            const jclass *guard = T ? NULL : I->owner;
            inline_chain(b, c, pc, callee, T, kind, a, &I, &guard, 1);
            return;
        }
        /* invokeinterface: each implementing class's method inline behind
         * its class guard, in turn */
        const struct jc_iface_site *site =
            !T && kind == JIT_INV_INTERFACE && c->code[pc] == OP_invokeinterface ? iface_site(c, pc, callee) : NULL;
        if (site && site->n) {
            const jclass *guards[JC_IFACE_IMPLS];
            for (uint32_t k = 0; k < site->n; k++) guards[k] = site->cls[k];
            inline_chain(b, c, pc, callee, T, kind, a, site->m, guards, site->n);
            return;
        }
    }
    gen_call(b, c, pc, callee, T, kind, a);
}

jmethod *jc_static_target(jc *c, uint32_t pc) { return static_target(c->res[pc], c->kind[pc]); }

void jc_gen_call_only(x86_buf *b, jc *c, uint32_t pc) {
    jmethod *callee = c->res[pc];
    uint32_t kind = c->kind[pc];
    gen_call(b, c, pc, callee, static_target(callee, kind), kind,
             c->depth[pc] - (int32_t)callee->arg_slots);
}

/* ---- entry and exit ---------------------------------------------------------------- */

/* The callee-saved registers compiled code changes: r12, r13, and rbp /
 * r15 only when the method caches a local in them.  rbx (vm) is the same
 * in every compiled method, and r14 (the budget counter under REGBUDGET)
 * is handed from method to method: the C entry saves both for its C
 * caller. */
static bool uses_reg(const jc *c, int r) { return (c->cache_regs >> r) & 1u; }

/* c->cache_regs from the locals' registers (fixed by the analysis),
 * once per pass instead of a look over the locals at every save and exit */
static void find_cache_regs(jc *c) {
    uint32_t m = 0;
    for (uint32_t i = 0; i < c->nl; i++) {
        if (c->lreg[i] >= 0) m |= 1u << c->lreg[i];
        if (c->lenreg[i] >= 0) m |= 1u << c->lenreg[i];
    }
    c->cache_regs = m;
}

/* the pushes below, then FC_SLOT and padding: rsp stays 16-aligned */
static int32_t frame_pad(const jc *c) {
    return (uses_reg(c, X86_R15) + uses_reg(c, X86_RBP)) % 2 ? 16 : 8;
}

static void save_regs(x86_seq *q, const jc *c) {
    x86s_push(q, X86_R12);
    x86s_push(q, X86_R13);
    if (uses_reg(c, X86_R15)) x86s_push(q, X86_R15);
    if (uses_reg(c, X86_RBP)) x86s_push(q, X86_RBP);  /* cached locals (jit_vstack.c) */
    if (frame_pad(c) > 8) x86s_alu_ri(q, true, X86_SUB, X86_RSP, frame_pad(c) - 8);
    x86s_push(q, X86_R8);                              /* push r8: FC_SLOT = the frame number */
}

/* an invokevirtual or invokeinterface starts at pc, reachable */
static uint32_t virtual_invoke_at(const jc *c, uint32_t pc) {
    uint8_t op = c->code[pc];
    return (op == OP_invokevirtual || op == OP_invokeinterface) && c->depth[pc] >= 0;
}

/* The reachable invokevirtual/invokeinterface instructions: the bytecode
 * read 8 bytes at a time, and only the bytes that may hold one of the two
 * opcode values looked at (w ^ k's zero bytes: (x - 0x01..) & ~x & 0x80..
 * has their high bits set, and maybe some above one, which the look turns
 * away; the two masks or-ed: each byte looked at once) */
static uint32_t virtual_invokes(const jc *c) {
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    const uint64_t kv = ones * OP_invokevirtual, ki = ones * OP_invokeinterface;
    uint32_t n = 0, pc = 0;
    for (; pc + 8 <= c->len; pc += 8) {
        uint64_t w;
        __builtin_memcpy(&w, c->code + pc, sizeof w);
        uint64_t x = w ^ kv, y = w ^ ki;
        uint64_t m = ((x - ones) & ~x & highs) | ((y - ones) & ~y & highs);
        for (; m; m &= m - 1)     /* (byte k of w is code[pc + k]: x86-64, little-endian) */
            n += virtual_invoke_at(c, pc + (uint32_t)__builtin_ctzll(m) / 8);
    }
    for (; pc < c->len; pc++) n += virtual_invoke_at(c, pc);
    return n;
}

/* TCACHE: the reachable checkcast/instanceof instructions (a cell each) */
static uint32_t type_checks(const jc *c) {
    uint32_t n = 0;
    for (uint32_t pc = 0, len; pc < c->len; pc += len) {
        len = jc_insn_len(c->code, pc, c->len);
        if (len == 0) return n;
        uint8_t op = c->code[pc];
        n += (op == OP_checkcast || op == OP_instanceof) && c->depth[pc] >= 0;
    }
    return n;
}

/* The method's inline-cache cells, one per invokevirtual/invokeinterface
 * emitted (a BCE loop's body is emitted twice): allocated before the code
 * is generated, as the code holds their addresses; jit_compile_ex gives
 * them to the code block. */
static void setup_cells(x86_buf *b, jc *c) {
    c->n_cells = 0;
    if (c->cells || !opt_on(c, JIT_OPT_MCACHE)) return;
    uint32_t n = virtual_invokes(c);
    if (pic_on(c)) n *= JC_PIC_N;
    if (jc_opt(c, JIT_OPT_TCACHE)) n += type_checks(c);   /* TCACHE (jit_typecheck.c) */
    if (c->n_loops) n *= 2;
    if (n == 0) return;
    jit_icache *cells = vm_zalloc(c->vm->plat, (size_t)n * sizeof *cells);
    if (!cells) { x86_fail(b, VM_ERR_NOMEM); return; }
    c->cells = cells;
    c->cap_cells = n;
}

/* Method entry, two ways in (see the top of the file):
 *   jit_entry:      (vm, m, args, ret) from C: saves rbx, sets rbx = vm,
 *                   calls the fast entry as a compiled caller would (rsi =
 *                   &vm->frames[frame_count - 1], rdx = args, r8d =
 *                   frame_count), then *ret = args[0] (where compiled code
 *                   leaves its result), restores rbx and returns the status
 *   jit_entry + JIT_FAST_ENTRY_OFFSET:
 *                   save; r12/r13 from rsi/rdx; FC_SLOT from r8d;
 *                   value stack: args + nl + max_stack must stay below
 *                   vm_stack_limit (else jit_rt_enter: exact check, SOE);
 *                   locals past the arguments zeroed; frame stack/sp/pc/
 *                   flags set (a Java frame). */
/* The locals past the arguments that an astore writes (the only ones
 * that can hold a reference), at most ZERO_MAX of them: their number, or
 * ZERO_MAX + 1 (zero every local then). */
#define ZERO_MAX 32u
static uint32_t ref_locals(const jc *c, uint32_t nargs, uint16_t *out) {
    uint32_t n = 0;
    for (uint32_t pc = 0, len; pc < c->len; pc += len) {
        len = jc_insn_len(c->code, pc, c->len);
        if (len == 0) return ZERO_MAX + 1;
        const uint8_t *ip = c->code + pc;
        uint32_t i;
        if (ip[0] == OP_astore) i = ip[1];
        else if (ip[0] >= OP_astore_0 && ip[0] <= OP_astore_3) i = (uint32_t)(ip[0] - OP_astore_0);
        else if (ip[0] == OP_wide && ip[1] == OP_astore) i = jc_u2(ip + 2);
        else continue;
        if (i < nargs || i >= c->nl) continue;
        bool seen = false;
        for (uint32_t k = 0; k < n; k++) seen |= out[k] == i;
        if (seen) continue;
        if (n == ZERO_MAX) return ZERO_MAX + 1;
        out[n++] = (uint16_t)i;
    }
    return n;
}

void jc_gen_prologue(x86_buf *b, jc *c) {
    const jmethod *m = c->m;
    find_cache_regs(c);
    setup_cells(b, c);
    uint32_t l_body = jc_new_label(b, c);
    c->l_fast = jc_new_label(b, c);
    if (b->err != VM_OK) return;
    uint32_t start = b->len;
    bool rb = regbudget(c);
    x86_endbr64(b);                                /* C calls jit_entry through a pointer (IBT) */
    uint32_t pre = b->len - start;                 /* (the seq below starts pre bytes in) */
    x86_seq q;      /* (one straight-line run: x86_emit.h) */
    q.n = 0;
    x86s_push(&q, X86_RBX);
    if (rb) {                                      /* REGBUDGET: r14 is callee-saved */
        x86s_push(&q, R_BUD);                      /* push r14 */
        x86s_push(&q, X86_RAX);                    /* push rax (keeps rsp 16-aligned) */
    }
    x86s_push(&q, X86_RCX);                        /* ret */
    x86s_push(&q, X86_RDX);                        /* args (3 or 5 pushes: rsp 16-aligned) */
    x86s_mov_rr64(&q, R_VM, X86_RDI);
    if (rb) x86s_ld64(&q, R_BUD, R_VM, OFF_BUDGET); /* mov r14, [vm+budget] */
    x86s_ld32(&q, X86_R8, R_VM, OFF_FC);           /* mov r8d, [vm+frame_count] */
    jc_seq_fixed(&q, LEA_RAX_R8X5);                /* lea rax, [r8+r8*4] */
    x86s_ld64(&q, X86_RSI, R_VM, OFF_FRAMES);
    jc_seq_fixed(&q, LEA_RSI_FRAME);               /* lea rsi, [rsi+rax*8-40] */
    jc_seq_fixed(&q, CALL_REL32);                  /* call the fast entry (rel32) */
    jc_seq_u32(&q, (uint32_t)(JIT_FAST_ENTRY_OFFSET - (pre + q.n + 4)));
    if (rb) x86s_st64(&q, R_VM, OFF_BUDGET, R_BUD); /* mov [vm+budget], r14 */
    x86s_pop(&q, X86_RDX);
    x86s_pop(&q, X86_RCX);
    x86s_test_rr64(&q, X86_RCX, X86_RCX);
    jc_seq_fixed(&q, JE_REL8);                     /* je +6 (the 6 checked below) */
    jc_seq_u8(&q, 6);
    uint32_t at = q.n;
    x86s_ld64(&q, X86_RDX, X86_RDX, 0);            /* mov rdx, [rdx]   3 bytes */
    x86s_st64(&q, X86_RCX, 0, X86_RDX);            /* mov [rcx], rdx   3 bytes (harmless when it failed or is void) */
    if (q.n - at != 6) { x86_fail(b, VM_ERR_INTERNAL); return; }
    if (rb) {
        x86s_pop(&q, X86_RSI);                     /* pop rsi (the padding; eax = status) */
        x86s_pop(&q, R_BUD);                       /* pop r14 */
    }
    x86s_pop(&q, X86_RBX);
    x86s_ret_put(b, &q);                           /* ret (or the return thunk) */
    uint32_t used = b->len - start;
    if (used > JIT_FAST_ENTRY_OFFSET) { x86_fail(b, VM_ERR_INTERNAL); return; }
    for (uint32_t left = JIT_FAST_ENTRY_OFFSET - used; left; ) {
        uint32_t n = left > 8 ? 8 : left;
        x86_nop(b, n);
        left -= n;
    }
    x86_bind(b, c->l_fast);
    x86_endbr64(b);             /* reached by call r10 / the thunk too (virtual, IC, fused) */
    save_regs(&q, c);
    x86s_mov_rr64(&q, R_FR, X86_RSI);
    x86s_mov_rr64(&q, R_LV, X86_RDX);

    uint32_t nargs = m->arg_slots, nl = c->nl;
    /* locals + max_stack + the reserve past vm->stack_end: jit_rt_enter */
    x86s_lea(&q, X86_RAX, R_LV, STK_D(c, (int32_t)(m->max_stack + VM_STACK_RESERVE_SLOTS)));
    x86s_alu_rm64(&q, X86_CMP, X86_RAX, R_VM, OFF_SEND);
    x86_seq_put(b, &q);
    /* the slow entry (jit_rt_enter) out of line: an ST_CALL stub marked 'E' */
    uint32_t st = jc_add_stub(b, c, ST_CALL, 0, 0);
    if (b->err != VM_OK) return;
    c->stubs[st].res_type = 'E';
    c->stubs[st].resume = l_body;
    x86_jcc(b, X86_CC_A, c->stubs[st].label);      /* ja slow entry */
    uint16_t refs[ZERO_MAX];
    uint32_t nrefs = nl > nargs ? ref_locals(c, nargs, refs) : 0;
    if (nrefs <= ZERO_MAX) {
        /* only the locals an astore writes can hold a reference: the GC
         * reads the others only where the stack map says reference (and
         * its conservative fallback checks every value against the heap) */
        if (nrefs) x86s_mov_ri32(&q, X86_RAX, 0);
        for (uint32_t k = 0; k < nrefs; k++) {
            x86s_st64(&q, R_LV, (int32_t)(8 * refs[k]), X86_RAX);  /* mov [local], rax */
            if (q.n > X86_SEQ_MAX - 48) x86_seq_put(b, &q);  /* (room for what follows) */
        }
    } else if (nl > nargs) {
        x86s_mov_ri32(&q, X86_RAX, 0);
        if (nl - nargs <= 32) {          /* straight stores: a loop's exit mispredicts */
            for (uint32_t i = nargs; i < nl; i++) {
                x86s_st64(&q, R_LV, (int32_t)(8 * i), X86_RAX);
                if (q.n > X86_SEQ_MAX - 48) x86_seq_put(b, &q);  /* (room for what follows) */
            }
        } else {
            x86_seq_put(b, &q);
            uint32_t l_loop = jc_new_label(b, c);
            x86_lea(b, X86_RDX, LOC(c, nargs));
            x86_mov_ri32(b, X86_RCX, nl - nargs);
            x86_bind(b, l_loop);
            x86_st64(b, x86_m(X86_RDX, 0), X86_RAX);
            x86_alu_ri64(b, X86_ADD, X86_RDX, 8);
            x86_alu_ri32(b, X86_SUB, X86_RCX, 1);
            x86_jcc(b, X86_CC_NE, l_loop);
        }
    }
    x86s_lea(&q, X86_RAX, R_LV, STK_D(c, 0));
    x86s_st64(&q, R_FR, F_STACK, X86_RAX);
    x86s_st64(&q, R_FR, F_SP, X86_RAX);
    x86s_st64_imm(&q, R_FR, F_PC, 0);                /* pc = 0, flags = 0 */
    x86_seq_put(b, &q);
    x86_bind(b, l_body);
}

/* The slow entry: no room in the callee's stack area (or the frame needs
 * what call_compiled does): the frame as call_compiled leaves it, then
 * the exact entry through jit_rt_enter; back to the body. */
static void gen_slow_entry(x86_buf *b, jc *c, const jit_stub *s) {
    const jmethod *m = c->m;
    uint32_t nargs = m->arg_slots;
    x86_bind(b, s->label);
    x86_seq q;
    q.n = 0;
    x86s_lea(&q, X86_RAX, R_LV, (int32_t)(8 * nargs));
    x86s_st64(&q, R_FR, F_STACK, X86_RAX);
    x86s_st64(&q, R_FR, F_SP, X86_RAX);
    x86s_st32_imm(&q, R_FR, F_PC, 0);
    x86s_st32_imm(&q, R_FR, F_FLAGS, FRAME_NATIVE);
    x86s_mov_rr64(&q, X86_RDX, R_LV);
    x86s_mov_rr64(&q, X86_RDI, R_VM);
    x86s_movabs(&q, X86_RSI, (uint64_t)(uintptr_t)m);
    x86_seq_put(b, &q);
    jc_call_bracket(b, c, (const void *)jit_rt_enter);   /* (vm, m, args) -> jframe * */
    x86s_test_rr64(&q, X86_RAX, X86_RAX);
    x86_seq_put(b, &q);
    x86_jcc(b, X86_CC_NE, s->resume);
    x86_mov_ri32(b, X86_RAX, VM_ERR_EXCEPTION);
    x86_jmp(b, c->l_ret);
}

/* Method exit at l_ret: eax holds the status. */
void jc_gen_epilogue(x86_buf *b, jc *c) {
    x86_seq q;
    q.n = 0;
    x86s_alu_ri(&q, true, X86_ADD, X86_RSP, frame_pad(c));
    if (uses_reg(c, X86_RBP)) x86s_pop(&q, X86_RBP);
    if (uses_reg(c, X86_R15)) x86s_pop(&q, X86_R15);
    x86s_pop(&q, X86_R13);
    x86s_pop(&q, X86_R12);
    x86s_ret_put(b, &q);                           /* ret (or the return thunk) */
}
