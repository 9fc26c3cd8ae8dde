/* t2_alloc.h - tier 2's inline allocation (t2_alloc.c, b17) */
#ifndef VIFVM_JIT_T2_ALLOC_H
#define VIFVM_JIT_T2_ALLOC_H

#include "t2_ir.h"
#include "x86_emit.h"

/* `new cls` inline with rax, rcx, rdx only: on success falls through with
 * the object in rax; jumps to l_slow when the heap's fast path cannot
 * give it (quota, an empty size class, the class not initialized yet).
 * l_bump and l_got: two fresh labels it binds.  false (nothing emitted)
 * when the class or heap has no inline path or -alloc (T2_ALLOC_OFF). */
bool t2_gen_new_fast(x86_buf *b, vm *vm, const jclass *cls, uint32_t l_slow, uint32_t l_bump, uint32_t l_got);

#endif
