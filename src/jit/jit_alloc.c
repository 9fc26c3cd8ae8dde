/* jit_alloc.c - `new` inline (ALLOC): the heap's small-object fast path
 * in compiled code instead of a C call (jit_rt_new: the state saved, the
 * 35-byte call bracket, the class-initialisation check, heap_alloc, the
 * status test, the cached registers reloaded) for every object.
 *
 * For a class whose instances are at most 128 bytes, with the heap's
 * addresses from heap_inline_alloc_info (src/gc/heap.h):
 *       [movzx ecx, byte [&cls->state]; cmp ecx, CLS_INITIALIZED; jne slow]
 *                   (only if not yet initialised when compiled, as with
 *                    threshold 0: the slow path's first run does it)
 *       mov rdx, [used]; add rdx, cell; cmp rdx, [limit]; ja slow
 *       mov rax, [free]; test rax, rax; jz bump
 *       mov rcx, [rax]; mov [free], rcx; jmp got     (pop the free list)
 *   bump:
 *       mov rax, [bump]; cmp rax, [bump_end]; jae slow
 *       lea rcx, [rax+cell]; mov [bump], rcx
 *   got:
 *       mov [used], rdx
 *       header: cls, gc word (length 0); fields zeroed
 *       mov [operand slot], rax; jmp done
 *   slow:  the template's call (jit_rt_new: collects, grows, throws OOM)
 *   done:
 * exactly heap_alloc's fast path, so the quota stays exact (used never
 * passes limit, limit never passes the quota) and the GC sees the same
 * heap.  Nothing on the fast path can collect: the new object is only in
 * rax until it is stored to its operand slot, and the frame's saved
 * state is not needed.  Sanitizer builds have no inline path (the heap
 * poisons free cells; compiled code is not instrumented).
 * Tier 2 emits the same fast path (jit_emit_alloc_fast with one address
 * register, t2_alloc.c).
 */
#include "jit_codegen.h"
#include "jit_alloc.h"
#include "../runtime/object.h"

bool jit_alloc_info(vm *vm, const jclass *cls, heap_inline_alloc *a) {
    if (!cls || cls->state == CLS_ERROR || cls->instance_size > 128u ||
        !heap_inline_alloc_info(vm->heap, cls->instance_size, a))
        return false;
    intptr_t d_limit = (const uint8_t *)a->limit - (const uint8_t *)a->used;
    intptr_t d_bump = (const uint8_t *)a->bump - (const uint8_t *)a->free;
    intptr_t d_end = (const uint8_t *)a->bump_end - (const uint8_t *)a->free;
    return d_limit == (int32_t)d_limit && d_bump == (int32_t)d_bump && d_end == (int32_t)d_end &&
           a->gcbits <= INT32_MAX;
}

void jit_emit_alloc_fast(x86_buf *b, const jclass *cls, const heap_inline_alloc *a, int ru, int rf,
                         uint32_t l_slow, uint32_t l_bump, uint32_t l_got) {
    int32_t d_limit = (int32_t)((const uint8_t *)a->limit - (const uint8_t *)a->used);
    int32_t d_bump = (int32_t)((const uint8_t *)a->bump - (const uint8_t *)a->free);
    int32_t d_end = (int32_t)((const uint8_t *)a->bump_end - (const uint8_t *)a->free);
    bool two = ru != rf;   /* else one register: the addresses loaded again */
    int t = two ? X86_RCX : X86_RDX;
    uint32_t size = cls->instance_size < JOBJ_HEADER_SIZE ? JOBJ_HEADER_SIZE : cls->instance_size;
    uint32_t words = (size + 7u) / 8u;

    if (cls->state != CLS_INITIALIZED) {
        /* compiled before its first use (threshold 0): initialised by the
         * slow path's first run, then for good */
        x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)&cls->state);
        x86_ld8zx(b, X86_RCX, x86_m(X86_RCX, 0));
        x86_alu_ri32(b, X86_CMP, X86_RCX, CLS_INITIALIZED);
        x86_jcc(b, X86_CC_NE, l_slow);
    }
    x86_movabs(b, ru, (uint64_t)(uintptr_t)a->used);
    if (two) x86_movabs(b, rf, (uint64_t)(uintptr_t)a->free);
    x86_ld64(b, X86_RDX, x86_m(ru, 0));
    x86_alu_ri64(b, X86_ADD, X86_RDX, (int32_t)a->cell);
    x86_alu_rm64(b, X86_CMP, X86_RDX, x86_m(ru, d_limit));
    x86_jcc(b, X86_CC_A, l_slow);
    if (!two) x86_movabs(b, rf, (uint64_t)(uintptr_t)a->free);
    x86_ld64(b, X86_RAX, x86_m(rf, 0));
    x86_test_rr64(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_E, l_bump);
    x86_ld64(b, t, x86_m(X86_RAX, 0));
    x86_st64(b, x86_m(rf, 0), t);
    x86_jmp(b, l_got);
    x86_bind(b, l_bump);
    x86_ld64(b, X86_RAX, x86_m(rf, d_bump));
    x86_alu_rm64(b, X86_CMP, X86_RAX, x86_m(rf, d_end));
    x86_jcc(b, X86_CC_AE, l_slow);
    x86_lea(b, t, x86_m(X86_RAX, (int32_t)a->cell));
    x86_st64(b, x86_m(rf, d_bump), t);
    x86_bind(b, l_got);
    if (two) {
        x86_st64(b, x86_m(ru, 0), X86_RDX);
    } else {
        x86_movabs(b, ru, (uint64_t)(uintptr_t)a->used);
        x86_alu_mi64(b, X86_ADD, x86_m(ru, 0), (int32_t)a->cell);
    }
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)cls);
    x86_st64(b, x86_m(X86_RAX, 0), X86_RCX);
    x86_st64_imm(b, x86_m(X86_RAX, 8), (int32_t)a->gcbits);   /* gc; length 0 */
    if (words > 2) {
        x86_mov_ri32(b, X86_RCX, 0);
        for (uint32_t i = 2; i < words; i++) x86_st64(b, x86_m(X86_RAX, (int32_t)(8 * i)), X86_RCX);
    }
}

bool jc_gen_new(x86_buf *b, jc *c, uint32_t pc, int32_t d) {
    if (!jc_opt(c, JIT_OPT_ALLOC)) return false;
    jclass *cls = c->res[pc];
    heap_inline_alloc a;
    if (!jit_alloc_info(c->vm, cls, &a)) return false;
    uint32_t l_bump = jc_new_label(b, c), l_got = jc_new_label(b, c);
    uint32_t l_slow = jc_new_label(b, c), l_done = jc_new_label(b, c);
    if (b->err != VM_OK) return true;
    jit_emit_alloc_fast(b, cls, &a, X86_RSI, X86_RDI, l_slow, l_bump, l_got);
    x86_st64(b, STK(c, d), X86_RAX);
    x86_jmp(b, l_done);
    /* the template's call */
    x86_bind(b, l_slow);
    jc_save_state(b, c, pc, d);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)cls);
    x86_lea(b, X86_RDX, STK(c, d));
    jc_call(b, c, (const void *)jit_rt_new);
    jc_reload_cached(b, c, false);
    jc_check_status(b, c);
    x86_bind(b, l_done);
    c->fired |= 1u << JIT_OPT_ALLOC;
    return true;
}
