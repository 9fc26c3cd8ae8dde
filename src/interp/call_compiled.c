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
#include "interp_internal.h"
#include "../runtime/invoke.h"

vm_status rt_call_compiled(vm *vm, jmethod *m, jvalue *args, jvalue *ret) {
    void *entry = m->jit_entry;
    uint32_t nargs = m->arg_slots;
    uint32_t nl = m->max_locals > nargs ? m->max_locals : nargs;
    jvalue *base = vm->stack;
    if (__builtin_expect(!entry || vm->frame_count != 0 || vm->native_depth != 0 ||
                         vm->in_reserve || vm->budget_exhausted || nargs > 8 ||
                         vm_frame_limit(vm) == 0 || !base ||
                         (size_t)(vm_stack_limit(vm) - base) < (size_t)nl + m->max_stack, 0))
        return interp_run(vm, m, args, ret);
    /* (a handler has one or two: no loop whose exit mispredicts) */
    if (nargs) {
        base[0] = args[0];
        if (nargs > 1) {
            base[1] = args[1];
            for (uint32_t i = 2; i < nargs; i++) base[i] = args[i];
        }
    }
    vm_native_stack_mark(vm);
    vm->native_depth = 1;
    m->invocations++;
    jframe *f = &vm->frames[0];
    f->method = m;
    f->locals = base;
    f->stack = base + nargs;
    f->sp = f->stack;
    f->pc = 0;
    f->flags = FRAME_NATIVE;
    vm->frame_count = 1;
    jvalue r;
    r.raw = 0;
    vm_status st = ((interp_jit_fn)entry)(vm, m, base, &r);
    vm->frame_count = 0;
    if (st == VM_OK && ret) *ret = r;
    if (vm->budget_exhausted && st != VM_ERR_BUDGET) {
        /* as interp_run: an entry that ran out reports the abort */
        vm->exception = NULL;
        st = VM_ERR_BUDGET;
    }
    vm->native_depth = 0;
    return st;
}
