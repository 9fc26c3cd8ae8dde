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
    interp_jit_fn fn = (interp_jit_fn)m->jit_entry;
    uint32_t nargs = m->arg_slots;
    jvalue *base = vm->stack;
    size_t need = (size_t)(m->max_locals > nargs ? m->max_locals : nargs) + m->max_stack;
    /* one or two argument slots (a handler's); the frame and value-stack
     * limits leave room for one frame at the bottom (vm_create makes both
     * far larger than their reserves), so only the value stack is checked */
    if (__builtin_expect(!fn || nargs - 1u > 1u ||
                         (vm->frame_count | vm->native_depth | vm->in_reserve |
                          (uint32_t)vm->budget_exhausted) != 0 ||
                         (size_t)(vm_stack_limit(vm) - base) < need, 0))
        return interp_run(vm, m, args, ret);
    base[0] = args[0];
    if (nargs == 2) base[1] = args[1];
    /* the C-stack floors, unless already set from this very frame */
    if (vm->native_floor + vm->limits.native_stack_bytes != (uintptr_t)__builtin_frame_address(0))
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
    vm_status st = fn(vm, m, base, &r);
    vm->frame_count = 0;
    vm->native_depth = 0;
    if (__builtin_expect(st == VM_OK, 1)) {
        if (__builtin_expect(!vm->budget_exhausted, 1)) {
            if (ret) *ret = r;
            return VM_OK;
        }
    }
    if (vm->budget_exhausted && st != VM_ERR_BUDGET) {
        /* as interp_run: an entry that ran out reports the abort */
        vm->exception = NULL;
        st = VM_ERR_BUDGET;
    }
    return st;
}
