/* invoke.h - calling Java from C.
 *
 * rt_call runs method m to completion with the interpreter (or compiled
 * code), starting an entry frame on the Java stack.  args are laid out in
 * slots as for a native (args[0] = this for instance methods).  Returns
 * VM_OK (result in *ret, may be NULL for void), VM_ERR_EXCEPTION with
 * vm->exception set, or VM_ERR_EXIT. */
#ifndef VIFVM_RUNTIME_INVOKE_H
#define VIFVM_RUNTIME_INVOKE_H

#include "vm_state.h"

vm_status rt_call(vm *vm, jmethod *m, jvalue *args, jvalue *ret);
/* The same as rt_call, faster for the outermost call of a JIT-compiled
 * method (no Java frame on the stack, no C-level entry in progress): the
 * datapath's handler calls (interp/call_compiled.c).  Any other call goes
 * the rt_call way. */
vm_status rt_call_compiled(vm *vm, jmethod *m, jvalue *args, jvalue *ret);
/* Virtual call of `name`/`desc` on obj (e.g. toString).  args has the same
 * slot layout as for rt_call (args[0] = this, ignored: obj is used; the
 * arguments from args[1]); it may be NULL for a method without arguments. */
vm_status rt_call_virtual(vm *vm, jobject *obj, const char *name,
                          const char *desc, jvalue *args, jvalue *ret);

#endif
