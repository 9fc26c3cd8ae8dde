/* api_fuse.c - what a host fusing a chain of handlers (the datapath's
 * fused VIF paths, src/datapath/dp_fuse.c) asks of the VM about one
 * handler: is it compiled (so its calls take the compiled short path of
 * vm_call_handler), and may it keep a reference it is passed (the
 * escape check, src/gc/stackmap_escape.c); and the handler entry
 * prepared once per stage (vm_handler_entry: the budget's slices and the
 * frame's size worked out when the plan is built; its native code is
 * src/jit/fuse_entry.c's). */
#include "../runtime/rt_internal.h"
#include "../jit/jit.h"
#include "../gc/stackmap.h"
#include "../gc/heap.h"
#include "../runtime/limits.h"
#include "../interp/interp.h"
#include "../jit/fuse_entry.h"
#include "../interp/call_compiled.h"

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
bool vm_heap_gauge(const vm *vm, const size_t **used, const size_t **max) {
    return heap_gauge(vm->heap, used, max);
}

/* ---- the prepared handler entry (vifvm_jit.h) ----------------------------- */

void vm_handler_entry_init(vm_handler_entry *e, vm_method *m, uint64_t budget, uint64_t time_ns) {
    /* rt_budget_set's arithmetic, done once */
    uint64_t n = budget > (uint64_t)VM_BUDGET_UNLIMITED_TOTAL ? (uint64_t)VM_BUDGET_UNLIMITED_TOTAL
                                                              : budget;
    int64_t total = n ? (int64_t)n : VM_BUDGET_UNLIMITED_TOTAL;
    e->m = m;
    e->budget = n;
    e->first = total < VM_BUDGET_FIRST_SLICE ? total : VM_BUDGET_FIRST_SLICE;
    e->reserve = total - e->first;
    e->time_ns = time_ns;
    e->nargs = m->arg_slots;
    e->need = (uint32_t)(m->max_locals > m->arg_slots ? m->max_locals : m->arg_slots) +
              m->max_stack;
}

/* vm_call_handler (api_class.c: rt_budget_set_timed, then
 * rt_call_compiled_inline, interp/call_compiled.h) with the arithmetic of
 * both done: the same stores, and the same short path
 * (rt_call_compiled_sized) with the frame's size worked out once. */
vm_status vm_call_handler_entry(vm *vm, const vm_handler_entry *e, vm_value *args,
                                vm_value *ret) {
    vm->time_limit = e->time_ns;
    vm->budget_start = e->budget;
    vm->budget_left = e->first;
    vm->budget_reserve = e->reserve;
    vm->budget_exhausted = false;
    vm->deadline = 0;
    return rt_call_compiled_sized(vm, e->m, args, ret, e->nargs, e->need);
}

/* What the native entry (src/jit/fuse_entry.c) leaves to C: nothing ran
 * (the general path, as vm_call_handler_entry), or the status fixed up as
 * rt_call_compiled_inline does after the call. */
vm_status vm_handler_entry_after(vm *vm, const vm_handler_entry *e, vm_value *args,
                                 vm_value *ret, int32_t raw) {
    if (raw == FUSE_ENTRY_NOT_RUN) return vm_call_handler_entry(vm, e, args, ret);
    vm_status st = raw == FUSE_ENTRY_RAN_EXHAUSTED ? VM_OK : (vm_status)raw;
    if (st == VM_OK && !vm->budget_exhausted) return VM_OK;
    if (vm->budget_exhausted && st != vm->budget_status) {
        /* as interp_run: an entry that ran out reports the abort */
        vm->exception = NULL;
        st = vm->budget_status;
    }
    return st;
}
