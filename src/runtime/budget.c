/* budget.c - the instruction budget's slow path and its public API
 * (protocol: limits.h).  The fast path - the tick - is inlined by the
 * interpreter (and emitted by the JIT): a decrement of vm->budget_left and
 * a branch here when it goes negative. */
#include "limits.h"
#include "classes.h"
#include "../core/mem.h"
#include "../core/fmt.h"

__attribute__((noinline, cold))
vm_status rt_budget_expired(vm *vm, const jmethod *m) {
    if (vm->budget_start == 0) {        /* unlimited: just refill */
        vm->budget_left = VM_BUDGET_UNLIMITED;
        return VM_OK;
    }
    if (!vm->budget_exhausted) {
        vm->budget_exhausted = true;
        vm->budget_where = m;
        /* the user code responsible, when the budget runs out inside the
         * library (an exception constructor, Thread.sleep...) */
        const jmethod *u = m && !m->owner->is_boot ? m : NULL;
        for (uint32_t i = vm->frame_count; !u && i-- > 0;) {
            const jmethod *f = vm->frames[i].method;
            if (f && !f->owner->is_boot) u = f;
        }
        vm->budget_user_where = u;
    }
    vm->budget_left = 0;                /* sticky: the next tick lands here */
    return VM_ERR_BUDGET;
}

void vm_set_budget(vm *vm, uint64_t n) { rt_budget_set(vm, n); }

uint64_t vm_budget_used(const vm *vm) {
    if (vm->budget_exhausted) return vm->budget_start + 1;
    int64_t left = vm->budget_left < 0 ? 0 : vm->budget_left;
    uint64_t start = vm->budget_start ? vm->budget_start : (uint64_t)VM_BUDGET_UNLIMITED;
    return start - (uint64_t)left;
}

bool vm_budget_exhausted(const vm *vm) { return vm->budget_exhausted; }

void vm_budget_where(const vm *vm, char *buf, size_t cap) {
    if (!cap) return;
    buf[0] = '\0';
    const jmethod *m = vm->budget_where;
    if (!vm->budget_exhausted || !m) return;
    char cn[256];
    rt_class_java_name(m->owner, cn, sizeof cn);
    vm_snprintf(buf, cap, "%s.%s", cn, m->name);
}

void vm_budget_caller(const vm *vm, char *buf, size_t cap) {
    if (!cap) return;
    buf[0] = '\0';
    const jmethod *u = vm->budget_user_where;
    if (!vm->budget_exhausted || !u || u == vm->budget_where) return;
    char cn[256];
    rt_class_java_name(u->owner, cn, sizeof cn);
    vm_snprintf(buf, cap, "%s.%s", cn, u->name);
}
