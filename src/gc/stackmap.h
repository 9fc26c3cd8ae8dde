/* stackmap.h - which local and operand slots hold references at a given
 * bytecode offset.
 *
 * Computed by a data-flow pass over the method's original bytecode
 * (reference / non-reference / unknown per slot, merged at join points and
 * exception handlers), using only descriptors from the constant pool, so it
 * never loads classes.  Results are cached per method.  Used by the GC to
 * scan interpreter frames precisely, and later by the JIT to describe its
 * frames at safepoints. */
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
 * VM_ERR_NOMEM, or VM_ERR_VERIFY if the code is inconsistent. */
vm_status stackmap_at(vm *vm, jmethod *m, uint32_t pc, stackmap_view *out);

/* Free a method's cache (VM teardown). */
void stackmap_free(vm *vm, jmethod *m);

#endif
