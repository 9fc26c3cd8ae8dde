/* api_fuse.c - what a host fusing a chain of handlers (the datapath's
 * fused VIF paths, src/datapath/dp_fuse.c) asks of the VM about one
 * handler: is it compiled (so its calls take the compiled short path of
 * vm_call_handler), and may it keep a reference it is passed (the
 * escape check, src/gc/stackmap_escape.c). */
#include "../runtime/rt_internal.h"
#include "../jit/jit.h"
#include "../gc/stackmap.h"
#include "../gc/heap.h"

bool vm_method_is_compiled(const vm_method *m) {
    return m && m->jit_entry != NULL;
}

bool vm_method_compile(vm *vm, vm_method *m) {
    if (!m || !m->code) return false;
    if (m->jit_entry) return true;
    /* as vm_prepare_class: only where the first-call policy would compile,
     * and a method the JIT refused (or already ran interpreted) is not
     * tried again */
    if (vm->interpret_only || vm->jit_threshold != 0 || m->invocations != 0) return false;
    jit_on_first_call(vm, m);
    if (!m->jit_entry) m->invocations++;
    return m->jit_entry != NULL;
}

bool vm_method_arg_escapes(vm *vm, vm_method *m, uint32_t local, vm_escape_allow_fn allow,
                           void *ctx) {
    return stackmap_arg_escapes(vm, m, local, allow, ctx);
}

bool vm_heap_roomy(const vm *vm) { return heap_roomy(vm->heap); }
