/* t2_alloc.c - tier 2's `new` inline (b17, issue 15): the heap's
 * small-object fast path in tier-2 code, the baseline's (jit_alloc.c:
 * jit_emit_alloc_fast), instead of the frame written, the registers saved and
 * jit_rt_new -> rt_new_object called for every object.
 *
 * Tier-2 code has only rax, rcx and rdx free at a value (the others may
 * hold the allocator's values), so the addresses are loaded again where
 * the baseline keeps them in rsi / rdi:
 *       [movzx ecx, byte [&cls->state]; cmp ecx, CLS_INITIALIZED; jne slow]
 *       mov rcx, &used; mov rdx, [rcx]; add rdx, cell; cmp rdx, [rcx + limit]; ja slow
 *       mov rcx, &free; mov rax, [rcx]; test rax, rax; jz bump
 *       mov rdx, [rax]; mov [rcx], rdx; jmp got       (pop the free list)
 *   bump:
 *       mov rax, [rcx + bump]; cmp rax, [rcx + bump_end]; jae slow
 *       lea rdx, [rax + cell]; mov [rcx + bump], rdx
 *   got:
 *       mov rcx, &used; add qword [rcx], cell
 *       header: cls, gc word (length 0); the fields zeroed (rcx = 0)
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
#include "jit_alloc.h"

bool t2_gen_new_fast(x86_buf *b, vm *vm, const jclass *cls, uint32_t l_slow, uint32_t l_bump, uint32_t l_got) {
    heap_inline_alloc a;
    if ((vm->jit_tier2_off & T2_ALLOC_OFF) || !jit_alloc_info(vm, cls, &a)) return false;
    jit_emit_alloc_fast(b, cls, &a, X86_RCX, X86_RCX, l_slow, l_bump, l_got);
    return true;
}
