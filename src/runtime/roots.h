/* roots.h - keeping C-held references alive across allocations.
 *
 * The GC is precise: it only knows the references it can find.  C code
 * that holds a jobject* in a local variable across anything that may
 * allocate registers the variable:
 *
 *     jobject *s = ...;
 *     RT_PROTECT(vm, s);
 *     ... allocate ...
 *     RT_UNPROTECT(vm, 1);
 *
 * The heap never moves objects, so protected pointers stay valid. */
#ifndef VIFVM_RUNTIME_ROOTS_H
#define VIFVM_RUNTIME_ROOTS_H

#include "vm_state.h"

static inline void rt_protect(vm *vm, jobject **slot) {
    /* Overflow is a VM bug (handles are strictly nested, few at a time). */
    if (vm->handle_count < VM_MAX_HANDLES) vm->handles[vm->handle_count++] = slot;
    else __builtin_trap();
}
static inline void rt_unprotect(vm *vm, uint32_t n) { vm->handle_count -= n; }

#define RT_PROTECT(vm, var) rt_protect((vm), &(var))
#define RT_UNPROTECT(vm, n) rt_unprotect((vm), (n))

/* Root enumeration.  The GC (gc/heap.c) scans Java frames, native handles,
 * vm->exception and vm->oom_error itself; everything else the runtime holds
 * (static reference fields of every class, class mirrors, init errors, the
 * interned-string table, ...) is reported by rt_visit_runtime_roots. */
typedef void (*gc_visit_fn)(void *ctx, jobject **slot);
void rt_visit_runtime_roots(vm *vm, gc_visit_fn visit, void *ctx);

#endif
