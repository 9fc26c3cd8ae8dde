/* jit_typecheck.c - checkcast and instanceof inline (TYPECHECK).
 *
 * The templates called C (jit_rt_checkcast / jit_rt_instanceof) for every
 * execution: the state saved, the 35-byte call bracket, the cached
 * registers reloaded.  Most casts in ordinary code are of an object of
 * exactly the target class (a HashMap value, an element of an ArrayDeque)
 * or of a subclass, so the code answers those itself:
 *   null                      checkcast passes, instanceof is 0
 *   o->cls == target          passes / 1
 *   target a class (not an interface, not an array): o->cls's superclass
 *   chain walked for target (a final target has no subclass: the exact
 *   compare is the whole test); found: passes / 1; not found: instanceof
 *   is 0 (for such a target rt_is_assignable is exactly this walk, also
 *   for an array object: its superclass is Object), checkcast calls C,
 *   which throws the ClassCastException
 *   an interface or array target that is not the exact class: C, as before.
 *   TCACHE: for an interface or array target, a per-site cell (a
 *   jit_icache's cls, allocated with the method's inline-cache cells,
 *   jit_invoke.c) holds the last class C found to pass; o->cls equal to
 *   it passes / is 1 without the call (a class's supertypes never
 *   change).  Filled after a checkcast's call returns (it passed) and
 *   after an instanceof's call answers 1.
 * No fast path allocates, throws or calls, so the GC contract (state saved
 * before anything that may collect or throw) only concerns the C calls,
 * which keep the templates' sequences.  The operand is in its memory slot
 * (templates run with the virtual stack flushed); only rax, rcx, rdx are
 * used, so the cached registers are intact on the fast paths.
 */
#include "jit_codegen.h"
#include "../runtime/object.h"

#define OFF_SUPER ((int32_t)offsetof(jclass, super))

/* a class target whose whole subtype test is the superclass walk */
static bool class_target(const jclass *t) {
    return t->kind == KIND_INSTANCE && !(t->access & ACC_INTERFACE);
}

/* rdx = class of the object in rax (non-null), rcx = t; jumps to yes when
 * t is o's class or (class target) one of its superclasses; falls through
 * when not (class target: o is not a t) or not known (other targets) */
static void gen_test(x86_buf *b, jc *c, const jclass *t, uint32_t yes) {
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)t);
    x86_ld64(b, X86_RDX, x86_m(X86_RAX, 0));
    x86_alu_rr64(b, X86_CMP, X86_RDX, X86_RCX);
    x86_jcc(b, X86_CC_E, yes);
    if (!class_target(t) || (t->access & ACC_FINAL)) return;
    uint32_t loop = jc_new_label(b, c), no = jc_new_label(b, c);
    if (b->err != VM_OK) return;
    x86_bind(b, loop);
    x86_ld64(b, X86_RDX, x86_m(X86_RDX, OFF_SUPER));
    x86_test_rr64(b, X86_RDX, X86_RDX);
    x86_jcc(b, X86_CC_E, no);
    x86_alu_rr64(b, X86_CMP, X86_RDX, X86_RCX);
    x86_jcc(b, X86_CC_NE, loop);
    x86_jmp(b, yes);
    x86_bind(b, no);
}

/* TCACHE: the site's cell for target t, or NULL (a class target: the
 * walk decides; no cells) */
static const jit_icache *tcache_cell(jc *c, const jclass *t) {
    if (class_target(t) || !jc_opt(c, JIT_OPT_TCACHE) || !c->cells) return NULL;
    if (c->n_cells >= c->cap_cells) return NULL;
    c->fired |= 1u << JIT_OPT_TCACHE;
    return &c->cells[c->n_cells++];
}

/* cell->cls = the class of the object in operand slot s (rax, rcx)
 *     mov rax, [slot]; mov rax, [rax]; movabs rcx, cell; mov [rcx], rax */
static void tcache_fill(x86_buf *b, jc *c, const jit_icache *cell, int32_t s) {
    x86_ld64(b, X86_RAX, STK(c, s));
    x86_ld64(b, X86_RAX, x86_m(X86_RAX, 0));
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)cell);
    x86_st64(b, x86_m(X86_RCX, (int32_t)offsetof(jit_icache, cls)), X86_RAX);
}

/* rdx = o->cls: equal to the cell's class -> yes
 *     movabs rcx, cell; cmp rdx, [rcx]; je yes */
static void tcache_test(x86_buf *b, const jit_icache *cell, uint32_t yes) {
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)cell);
    x86_alu_rm64(b, X86_CMP, X86_RDX, x86_m(X86_RCX, (int32_t)offsetof(jit_icache, cls)));
    x86_jcc(b, X86_CC_E, yes);
}

bool jc_gen_checkcast(x86_buf *b, jc *c, uint32_t pc, int32_t d) {
    if (!jc_opt(c, JIT_OPT_TYPECHECK)) return false;
    const jclass *t = c->res[pc];
    uint32_t done = jc_new_label(b, c);
    if (b->err != VM_OK) return true;
    x86_ld64(b, X86_RAX, STK(c, d - 1));
    x86_test_rr64(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_E, done);
    gen_test(b, c, t, done);
    const jit_icache *cell = tcache_cell(c, t);
    if (cell) tcache_test(b, cell, done);           /* (rdx = o->cls: gen_test) */
    /* not known to pass: the template's call (throws if it fails) */
    jc_save_state(b, c, pc, d);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_ld64(b, X86_RSI, STK(c, d - 1));
    x86_movabs(b, X86_RDX, (uint64_t)(uintptr_t)t);
    jc_call(b, c, (const void *)jit_rt_checkcast);
    jc_reload_cached(b, c, false);
    jc_check_status(b, c);
    if (cell) tcache_fill(b, c, cell, d - 1);        /* it passed */
    x86_bind(b, done);
    c->fired |= 1u << JIT_OPT_TYPECHECK;
    return true;
}

bool jc_gen_instanceof(x86_buf *b, jc *c, uint32_t pc, int32_t d) {
    if (!jc_opt(c, JIT_OPT_TYPECHECK)) return false;
    const jclass *t = c->res[pc];
    uint32_t store = jc_new_label(b, c), one = jc_new_label(b, c);
    if (b->err != VM_OK) return true;
    x86_ld64(b, X86_RAX, STK(c, d - 1));
    x86_test_rr64(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_E, store);             /* null: rax = 0 is the answer */
    gen_test(b, c, t, one);
    if (class_target(t)) {
        x86_mov_ri32(b, X86_RAX, 0);         /* not a subclass: 0 */
    } else {
        const jit_icache *cell = tcache_cell(c, t);
        if (cell) {
            tcache_test(b, cell, one);               /* (rdx = o->cls: gen_test) */
            x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)t);
        }
        x86_mov_rr64(b, X86_RDI, X86_RAX);
        x86_mov_rr64(b, X86_RSI, X86_RCX);
        jc_call(b, c, (const void *)jit_rt_instanceof);
        jc_reload_cached(b, c, false);
        x86_mov_rr32(b, X86_RAX, X86_RAX);
        if (cell) {                                  /* 1: the class into the cell */
            x86_test_rr32(b, X86_RAX, X86_RAX);
            x86_jcc(b, X86_CC_E, store);
            tcache_fill(b, c, cell, d - 1);
            x86_jmp(b, one);
        }
    }
    x86_jmp(b, store);
    x86_bind(b, one);
    x86_mov_ri32(b, X86_RAX, 1);
    x86_bind(b, store);
    x86_st64(b, STK(c, d - 1), X86_RAX);
    c->fired |= 1u << JIT_OPT_TYPECHECK;
    return true;
}
