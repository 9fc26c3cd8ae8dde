/* natives_system.c - natives of java.lang.System (clocks, exit, setOut/
 * setErr) and java.lang.Runtime (heap figures, gc). */
#include "natives_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "../gc/heap.h"

NATIVE(nat_System_currentTimeMillis) {
    (void)args;
    ret->j = vm->plat->wallclock_ms ? vm->plat->wallclock_ms(vm->plat->ud) : 0;
    return VM_OK;
}

NATIVE(nat_System_nanoTime) {
    (void)args;
    ret->j = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    return VM_OK;
}

/* System.exit(n): no handler, finally block or shutdown hook runs. */
NATIVE(nat_System_exit0) {
    (void)ret;
    vm->exit_code = args[0].i;
    return VM_ERR_EXIT;
}

/* Store into the final static System.out / System.err. */
static vm_status set_stream(vm *vm, const char *field, jobject *value) {
    jclass *sys;
    vm_status st = rt_find_class(vm, "java/lang/System", &sys, NULL);
    if (st != VM_OK) return st;
    jfield *f = rt_find_field(sys, field, "Ljava/io/PrintStream;");
    if (!f || !(f->access & ACC_STATIC) || !sys->statics)
        return rt_throw(vm, "java/lang/InternalError", "System.%s missing", field);
    __builtin_memcpy(sys->statics + f->offset, &value, sizeof value);
    return VM_OK;
}

NATIVE(nat_System_setOut0) {
    (void)ret;
    return set_stream(vm, "out", args[0].l);
}

NATIVE(nat_System_setErr0) {
    (void)ret;
    return set_stream(vm, "err", args[0].l);
}

/* Runtime: the heap quota is both the total and the maximum. */
NATIVE(nat_Runtime_freeMemory) {
    (void)args;
    size_t used = vm->heap ? heap_used(vm->heap) : 0;
    size_t max = vm->limits.heap_max;
    ret->j = (int64_t)(used < max ? max - used : 0);
    return VM_OK;
}

NATIVE(nat_Runtime_totalMemory) {
    (void)args;
    ret->j = (int64_t)vm->limits.heap_max;
    return VM_OK;
}

NATIVE(nat_Runtime_maxMemory) {
    (void)args;
    ret->j = (int64_t)vm->limits.heap_max;
    return VM_OK;
}

NATIVE(nat_Runtime_gc) {
    (void)args;
    (void)ret;
    gc_collect(vm);
    return VM_OK;
}
