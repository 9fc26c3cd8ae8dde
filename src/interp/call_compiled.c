/* call_compiled.c - rt_call_compiled (runtime/invoke.h): the short way
 * from C into a JIT-compiled method at the bottom of the Java stack.
 *
 * A host that calls the same small handlers for every packet (the
 * datapath) pays for interp_run's generality on each call: the nested-
 * entry and reserve cases, the first-call compile, the interpreter's
 * frame.  When m is compiled and the call is the outermost one (no Java
 * frame, no C-level entry in progress, budget not exhausted), this does
 * only what interp_run then does: the arguments copied to the bottom of
 * the value stack, the C-stack floors set, the FRAME_NATIVE frame the
 * compiled code expects pushed, the call, the frame popped, and the
 * budget-exhaustion status kept.  Anything else goes to interp_run, so
 * the result is the same either way. */
#include "call_compiled.h"
#include "../runtime/invoke.h"

vm_status rt_call_compiled(vm *vm, jmethod *m, jvalue *args, jvalue *ret) {
    return rt_call_compiled_inline(vm, m, args, ret);
}
