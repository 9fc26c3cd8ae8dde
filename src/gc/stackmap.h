/* stackmap.h - which local and operand slots hold references at a given
 * bytecode offset.
 *
 * Computed by a data-flow pass over the method's original bytecode
 * (reference / non-reference / unknown per slot, merged at join points and
 * exception handlers), using only descriptors from the constant pool, so it
 * never loads classes.  Results are cached per method.  Used by the GC to
 * scan Java frames precisely, interpreted and compiled alike (compiled
 * code keeps its frames as the interpreter does at every safepoint). */
#ifndef VIFVM_GC_STACKMAP_H
#define VIFVM_GC_STACKMAP_H

#include <stdint.h>
#include "../runtime/vm_state.h"

typedef struct stackmap_view {
    uint16_t n_locals;      /* = max_locals */
    uint16_t stack_depth;   /* operand depth before the insn at pc */
    const uint8_t *is_ref;  /* n_locals + stack_depth bytes: 1 = reference */
} stackmap_view;

/* Reference map for the state just before the instruction at `pc`.
 * VM_ERR_NOMEM, VM_ERR_VERIFY if the code is inconsistent or pc is in
 * unreachable code, VM_ERR_ARG if pc is not an instruction start,
 * VM_ERR_LIMIT if the method is too large to map.  The view points into the
 * method's cache and stays valid until the next stackmap_at() call for the
 * same method. */
vm_status stackmap_at(vm *vm, jmethod *m, uint32_t pc, stackmap_view *out);

/* The operand-stack depth before every instruction of m, in one walk of
 * each reachable block (stackmap_at per pc replays from the block start
 * each time): depth[pc] for an instruction start in reachable code, -1 for
 * unreachable code, -2 for the other bytes of reachable code.  depth has
 * code_len entries.  Same errors as stackmap_at. */
vm_status stackmap_depths(vm *vm, jmethod *m, int32_t *depth);

/* Build m's cache now (stackmap_at does this on first use), with a detail
 * such as "Foo.bar(I)V: offset 7: operand stack underflow (opcode 87)" on
 * failure.  A verification failure is cached too. */
vm_status stackmap_compute(vm *vm, jmethod *m, vm_diag *d);

/* stackmap_compute, then stackmap_depths, in one walk when m's cache is
 * not built yet (the fixed point's last visit of each block records the
 * depths).  Same results and errors as the two calls. */
vm_status stackmap_compute_depths(vm *vm, jmethod *m, int32_t *depth, vm_diag *d);

/* The depths of stackmap_compute_depths without building m's cache when it
 * is not built yet (the JIT needs the depths; the GC builds the maps when
 * it first scans a frame of m): one walk of the reachable code, the same
 * structural errors (depth mismatch, underflow, max_stack, bad operands,
 * targets inside an instruction), not the cache's type merging. */
vm_status stackmap_depths_only(vm *vm, jmethod *m, int32_t *depth, vm_diag *d);

/* vm_method_arg_escapes (include/vifvm_jit.h), stackmap_escape.c */
#include "../../include/vifvm_jit.h"
bool stackmap_arg_escapes(vm *vm, jmethod *m, uint32_t local, vm_escape_allow_fn allow,
                          void *ctx);

/* Free a method's cache (VM teardown). */
void stackmap_free(vm *vm, jmethod *m);

#endif
