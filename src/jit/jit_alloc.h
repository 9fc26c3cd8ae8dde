/* jit_alloc.h - the heap's small-object fast path in compiled code
 * (jit_alloc.c), shared by the baseline's `new` and tier 2's (t2_alloc.c) */
#ifndef VIFVM_JIT_ALLOC_H
#define VIFVM_JIT_ALLOC_H

#include "x86_emit.h"
#include "../gc/heap.h"
#include "../runtime/object.h"

/* may cls be allocated inline (its size, the heap's addresses within 32-bit
 * displacements of each other): *a filled */
bool jit_alloc_info(vm *vm, const jclass *cls, heap_inline_alloc *a);
/* the fast path (jit_alloc.c's comment): the object in rax, or a jump to
 * l_slow; l_bump and l_got are bound here.  ru / rf hold the addresses of
 * `used` and the free list (the baseline: rsi, rdi); ru == rf: one
 * register, the addresses loaded again where needed (tier 2: rcx, with
 * rax and rdx the only other registers it may change) */
void jit_emit_alloc_fast(x86_buf *b, const jclass *cls, const heap_inline_alloc *a, int ru, int rf,
                         uint32_t l_slow, uint32_t l_bump, uint32_t l_got);

#endif
