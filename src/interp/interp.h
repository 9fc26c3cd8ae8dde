/* interp.h - the bytecode interpreter.
 *
 * Threaded dispatch (computed goto) over a quickened copy of each method's
 * bytecode (jmethod.qcode): the first execution of an instruction that
 * refers to the constant pool resolves it and rewrites the opcode to a
 * "_quick" form whose operand indexes the class's cp_cache.  Original
 * offsets are kept, so exception tables, line numbers and stack maps apply
 * unchanged.  Java calls push a jframe and stay in the same C loop.
 *
 * rt_call / rt_call_virtual (runtime/invoke.h) are implemented here too
 * (src/interp/invoke.c).
 */
#ifndef VIFVM_INTERP_INTERP_H
#define VIFVM_INTERP_INTERP_H

#include "../runtime/vm_state.h"

/* Run `m` with `args` (slot layout) in a new entry frame until it returns
 * or throws out of the entry frame.  VM_OK / VM_ERR_EXCEPTION / VM_ERR_EXIT.
 * (VM_ERR_LIMIT only if even the stack reserve kept for constructing a
 * StackOverflowError is exhausted: fatal.)  A native m is called with a
 * FRAME_NATIVE frame. */
vm_status interp_run(vm *vm, jmethod *m, jvalue *args, jvalue *ret);

/* Free the interpreter's per-method data (jmethod.qcode and its call-site
 * side table) and set m->qcode = NULL.  Called by the runtime for every
 * method at VM teardown; do not free qcode any other way. */
void interp_method_free(vm *vm, jmethod *m);

/* Nesting of interp_run activations (C-level re-entry through natives,
 * <clinit>, toString() in string concatenation...) beyond which
 * StackOverflowError is raised: each costs C stack.  A kernel build may
 * lower it. */
#ifndef INTERP_MAX_NESTING
#define INTERP_MAX_NESTING 400u
#endif

/* JIT HOOK (issue 3): when jmethod.jit_entry is non-NULL the interpreter
 * calls it instead of interpreting, with this signature and a
 * FRAME_NATIVE-style frame over the arguments (see interp_call_native). */
typedef vm_status (*interp_jit_fn)(vm *vm, jmethod *m, jvalue *args,
                                   jvalue *ret);

#endif
