/* interp.h - the bytecode interpreter.
 *
 * Threaded dispatch (computed goto) over a quickened copy of each method's
 * bytecode (jmethod.qcode): the first execution of an instruction that
 * refers to the constant pool resolves it and rewrites the opcode to a
 * "_quick" form whose operand indexes the class's cp_cache.  Original
 * offsets are kept, so exception tables, line numbers and stack maps apply
 * unchanged.  Java calls push a jframe and stay in the same C loop.
 */
#ifndef VIFVM_INTERP_INTERP_H
#define VIFVM_INTERP_INTERP_H

#include "../runtime/vm_state.h"

/* Run `m` with `args` (slot layout) in a new entry frame until it returns
 * or throws out of the entry frame.  VM_OK / VM_ERR_EXCEPTION / VM_ERR_EXIT /
 * VM_ERR_NOMEM. */
vm_status interp_run(vm *vm, jmethod *m, jvalue *args, jvalue *ret);

#endif
