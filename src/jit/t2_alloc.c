/* t2_alloc.c - tier 2's `new` inline (b17, issue 15): the heap's
 * small-object fast path in tier-2 code, as the baseline has it
 * (jit_alloc.c), instead of the frame written, the registers saved and
 * jit_rt_new -> rt_new_object called for every object.
 *
 * Tier-2 code has only rax, rcx and rdx free at a value (the others may
 * hold the allocator's values), so the addresses are loaded again where
 * the baseline keeps them in rsi / rdi:
 *       [movzx eax, byte [&cls->state]; cmp eax, CLS_INITIALIZED; jne slow]
 *       mov rcx, &used; mov rdx, [rcx]; add rdx, cell; cmp rdx, [rcx + limit]; ja slow
 *       mov rcx, &free; mov rax, [rcx]; test rax, rax; jz bump
 *       mov rdx, [rax]; mov [rcx], rdx; jmp got       (pop the free list)
 *   bump:
 *       mov rax, [rcx + bump]; cmp rax, [rcx + bump_end]; jae slow
 *       lea rdx, [rax + cell]; mov [rcx + bump], rdx
 *   got:
 *       mov rcx, &used; add qword [rcx], cell
 *       header: cls, gc word (length 0); the fields zeroed
 * The object is in rax (the caller puts it where the value lives).  The
 * steps are heap_alloc's fast path (heap_inline_alloc_info): the quota
 * stays exact (used never passes limit), the heap the collector sees is
 * the same, and nothing here can collect, tick or throw, so no frame is
 * written and no register saved.  The slow path (the caller's: the frame
 * written, jit_rt_new called) collects, grows the heap, initializes the
 * class and throws OutOfMemoryError as before.  Sanitizer builds have no
 * inline path (heap_inline_alloc_info says no: free cells are poisoned).
 * -Xjit:tier2,-alloc (T2_ALLOC_OFF) keeps every `new` a call.
 */
#include "t2_alloc.h"
#include "../gc/heap.h"
#include "../runtime/object.h"

static bool fast_info(vm *vm, const jclass *cls, heap_inline_alloc *a) {
    if ((vm->jit_tier2_off & T2_ALLOC_OFF) || !cls || cls->state == CLS_ERROR ||
        cls->instance_size > 128u || !heap_inline_alloc_info(vm->heap, cls->instance_size, a))
        return false;
    intptr_t d_limit = (const uint8_t *)a->limit - (const uint8_t *)a->used;
    intptr_t d_bump = (const uint8_t *)a->bump - (const uint8_t *)a->free;
    intptr_t d_end = (const uint8_t *)a->bump_end - (const uint8_t *)a->free;
    return d_limit == (int32_t)d_limit && d_bump == (int32_t)d_bump && d_end == (int32_t)d_end &&
           a->gcbits <= INT32_MAX;
}

bool t2_new_fast_ok(vm *vm, const jclass *cls) {
    heap_inline_alloc a;
    return fast_info(vm, cls, &a);
}

bool t2_gen_new_fast(x86_buf *b, vm *vm, const jclass *cls, uint32_t l_slow, uint32_t l_bump, uint32_t l_got) {
    heap_inline_alloc a;
    if (!fast_info(vm, cls, &a)) return false;
    intptr_t d_limit = (const uint8_t *)a.limit - (const uint8_t *)a.used;
    intptr_t d_bump = (const uint8_t *)a.bump - (const uint8_t *)a.free;
    intptr_t d_end = (const uint8_t *)a.bump_end - (const uint8_t *)a.free;
    uint32_t size = cls->instance_size < JOBJ_HEADER_SIZE ? JOBJ_HEADER_SIZE : cls->instance_size;
    uint32_t words = (size + 7u) / 8u;
    if (cls->state != CLS_INITIALIZED) {
        /* not initialized when compiled: the slow path's first run does it */
        x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&cls->state);
        x86_ld8zx(b, X86_RAX, x86_m(X86_RAX, 0));
        x86_alu_ri32(b, X86_CMP, X86_RAX, CLS_INITIALIZED);
        x86_jcc(b, X86_CC_NE, l_slow);
    }
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)a.used);
    x86_ld64(b, X86_RDX, x86_m(X86_RCX, 0));
    x86_alu_ri64(b, X86_ADD, X86_RDX, (int32_t)a.cell);
    x86_alu_rm64(b, X86_CMP, X86_RDX, x86_m(X86_RCX, (int32_t)d_limit));
    x86_jcc(b, X86_CC_A, l_slow);
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)a.free);
    x86_ld64(b, X86_RAX, x86_m(X86_RCX, 0));
    x86_test_rr64(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_E, l_bump);
    x86_ld64(b, X86_RDX, x86_m(X86_RAX, 0));
    x86_st64(b, x86_m(X86_RCX, 0), X86_RDX);
    x86_jmp(b, l_got);
    x86_bind(b, l_bump);
    x86_ld64(b, X86_RAX, x86_m(X86_RCX, (int32_t)d_bump));
    x86_alu_rm64(b, X86_CMP, X86_RAX, x86_m(X86_RCX, (int32_t)d_end));
    x86_jcc(b, X86_CC_AE, l_slow);
    x86_lea(b, X86_RDX, x86_m(X86_RAX, (int32_t)a.cell));
    x86_st64(b, x86_m(X86_RCX, (int32_t)d_bump), X86_RDX);
    x86_bind(b, l_got);
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)a.used);
    x86_alu_mi64(b, X86_ADD, x86_m(X86_RCX, 0), (int32_t)a.cell);
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)cls);
    x86_st64(b, x86_m(X86_RAX, 0), X86_RCX);
    x86_st64_imm(b, x86_m(X86_RAX, 8), (int32_t)a.gcbits);   /* gc; length 0 */
    if (words > 2) {
        x86_alu_rr32(b, X86_XOR, X86_RCX, X86_RCX);
        for (uint32_t i = 2; i < words; i++) x86_st64(b, x86_m(X86_RAX, (int32_t)(8 * i)), X86_RCX);
    }
    return true;
}
