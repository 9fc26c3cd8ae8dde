/* interp.h - the bytecode interpreter.
 *
 * Threaded dispatch (computed goto) over a quickened copy of each method's
 * bytecode (jmethod.qcode): the first execution of an instruction that
 * refers to the constant pool resolves it and rewrites the opcode to a
 * "_quick" form whose operand indexes the class's cp_cache.  Original
 * offsets are kept, so exception tables, line numbers and stack maps apply
 * unchanged.  Common instruction sequences (loop compares, k += i, a[i]
 * loads/stores, this.field) are fused into superinstructions when a method
 * is first prepared (fuse.c).  Java calls push a jframe and stay in the same
 * C loop.  C-level re-entry (natives, <clinit>, toString() in string
 * concatenation) is bounded by VM_MAX_NATIVE_DEPTH (frames.h).
 *
 * rt_call / rt_call_virtual (runtime/invoke.h) are implemented here too
 * (src/interp/invoke.c).
 */
#ifndef VIFVM_INTERP_INTERP_H
#define VIFVM_INTERP_INTERP_H

#include "../runtime/vm_state.h"

/* Run `m` with `args` (slot layout) in a new entry frame until it returns
 * or throws out of the entry frame.  VM_OK (result in *ret, which may be
 * NULL) / VM_ERR_EXCEPTION (vm->exception set) / VM_ERR_EXIT /
 * VM_ERR_BUDGET (runtime/limits.h; refused at once while exhausted).  Any other
 * status a native returns is treated as fatal like VM_ERR_EXIT: every frame
 * up to the entry frame is popped, no handler runs.  A native m is called
 * with a FRAME_NATIVE frame.  Call depth beyond vm_frame_limit /
 * vm_stack_limit or VM_MAX_NATIVE_DEPTH nested entries raises
 * StackOverflowError. */
vm_status interp_run(vm *vm, jmethod *m, jvalue *args, jvalue *ret);

/* Link the invokedynamic at pc of m's bytecode now, if not linked yet
 * (the call site the interpreter and the JIT then use; indy_link.c).
 * *generated = the class generated for it (lambdas, records' object
 * methods), or NULL.  VM_OK or VM_ERR_EXCEPTION (BootstrapMethodError...).
 * vm_prepare_class links every call site of a class this way. */
vm_status interp_link_indy_at(vm *vm, jmethod *m, uint32_t pc, jclass **generated);

/* Free the interpreter's per-method data (jmethod.qcode and its call-site
 * side table) and set m->qcode = NULL.  Called by the runtime for every
 * method at VM teardown; do not free qcode any other way. */
void interp_method_free(vm *vm, jmethod *m);

/* Run the top n_frames frames of vm->frames from their saved pc and sp
 * (the bottom one FRAME_ENTRY, the others as the interpreter's invokes push
 * them; their locals and operands already in the value stack) until the
 * FRAME_ENTRY frame returns (*ret, may be NULL) or an exception leaves it:
 * how optimized code leaves its assumptions (interp_resume.c).  Returns as
 * interp_run; the frames are popped. */
vm_status interp_resume(vm *vm, uint32_t n_frames, jvalue *ret);

/* JIT HOOK (issue 3): when jmethod.jit_entry is non-NULL the interpreter
 * calls it instead of interpreting, with this signature and a
 * FRAME_NATIVE-style frame over the arguments (see interp_call_native). */
typedef vm_status (*interp_jit_fn)(vm *vm, jmethod *m, jvalue *args,
                                   jvalue *ret);

#endif
