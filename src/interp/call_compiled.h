/* call_compiled.h - rt_call_compiled (runtime/invoke.h) as an inline
 * function, for a host that calls handlers per packet from one place (the
 * datapath, through vm_call_handler: src/api/api_class.c), where the call
 * itself and the reloads it forces are a fair part of the cost.  call_compiled.c has the
 * why and the out-of-line version. */
#ifndef VIFVM_INTERP_CALL_COMPILED_H
#define VIFVM_INTERP_CALL_COMPILED_H

#include "interp.h"

/* The short path with m's argument slots (nargs) and frame size in
 * value-stack slots (need) given: rt_call_compiled_inline works them out
 * per call, vm_call_handler_entry (src/api/api_fuse.c) once per fused
 * stage. */
static inline __attribute__((always_inline))
vm_status rt_call_compiled_sized(vm *vm, jmethod *m, jvalue *args, jvalue *ret, uint32_t nargs,
                                 size_t need) {
    interp_jit_fn fn = (interp_jit_fn)m->jit_entry;
    jvalue *base = vm->stack;
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
    if (vm->budget_exhausted && st != vm->budget_status) {
        /* as interp_run: an entry that ran out reports the abort */
        vm->exception = NULL;
        st = vm->budget_status;
    }
    return st;
}

static inline __attribute__((always_inline))
vm_status rt_call_compiled_inline(vm *vm, jmethod *m, jvalue *args, jvalue *ret) {
    uint32_t nargs = m->arg_slots;
    return rt_call_compiled_sized(vm, m, args, ret, nargs,
                                  (size_t)(m->max_locals > nargs ? m->max_locals : nargs) +
                                  m->max_stack);
}

#endif
