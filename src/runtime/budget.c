/* budget.c - the instruction budget's slow path and its public API
 * (protocol: limits.h).  The fast path - the tick - is inlined by the
 * interpreter (and emitted by the JIT): a decrement of vm->budget_left and
 * a branch here when it goes negative. */
#include "limits.h"
#include "classes.h"
#include "../core/mem.h"
#include "../core/fmt.h"

/* Abort the running code with st (sticky until the next rt_budget_set). */
static vm_status budget_abort(vm *vm, const jmethod *m, vm_status st, int64_t total) {
    vm->budget_exhausted = true;
    vm->budget_status = st;
    vm->budget_in_oom = vm->in_oom;
    vm->budget_where = m;
    /* the user code responsible, when the budget runs out inside the
     * library (an exception constructor, Thread.sleep...) */
    const jmethod *u = m && !m->owner->is_boot ? m : NULL;
    for (uint32_t i = vm->frame_count; !u && i-- > 0;) {
        const jmethod *f = vm->frames[i].method;
        if (f && !f->owner->is_boot) u = f;
    }
    vm->budget_user_where = u;
    vm->budget_left = 0;                /* sticky: the next tick lands here */
    vm->budget_reserve = total < 0 ? 0 : total;     /* (vm_budget_used) */
    return st;
}

__attribute__((noinline, cold))
vm_status rt_budget_expired(vm *vm, const jmethod *m) {
    if (vm->budget_exhausted) {         /* sticky (limits.h) */
        vm->budget_left = 0;
        return vm->budget_status;
    }
    int64_t total = vm->budget_left + vm->budget_reserve;   /* ticks left in all */
    if (vm->budget_start == 0) {
        if (total < VM_BUDGET_SLICE) total = VM_BUDGET_UNLIMITED_TOTAL; /* unlimited: top up */
    } else if (total < 0) {
        return budget_abort(vm, m, VM_ERR_BUDGET, total);
    }
    /* the end of a slice: the host's interrupt, the time limit */
    if (vm->interrupt && *vm->interrupt) return budget_abort(vm, m, VM_ERR_INTERRUPTED, total);
    if (vm->time_limit) {
        const vm_platform *p = vm->plat;
        int64_t now = p->limit_clock ? p->limit_clock(p->ud) : p->nanotime(p->ud);
        if (vm->deadline == 0) {
            uint64_t lim = vm->time_limit > (uint64_t)INT64_MAX / 2 ? (uint64_t)INT64_MAX / 2
                                                                  : vm->time_limit;
            vm->deadline = now + (int64_t)lim;
            if (vm->deadline == 0) vm->deadline = 1;
        } else if (now >= vm->deadline) {
            return budget_abort(vm, m, VM_ERR_TIMEOUT, total);
        }
    }
    int64_t slice = total < VM_BUDGET_SLICE ? total : VM_BUDGET_SLICE;
    vm->budget_left = slice;
    vm->budget_reserve = total - slice;
    /* the host's preemption point (vm_platform.slice_end: the kernel
     * reschedules here), once per slice the code goes on with */
    const vm_platform *p = vm->plat;
    if (p->slice_end) p->slice_end(p->ud);
    return VM_OK;
}

void vm_set_budget(vm *vm, uint64_t n) { rt_budget_set(vm, n); }

uint64_t vm_budget_used(const vm *vm) {
    if (vm->budget_exhausted && vm->budget_status == VM_ERR_BUDGET) return vm->budget_start + 1;
    int64_t left = vm->budget_left + vm->budget_reserve;
    if (left < 0) left = 0;
    uint64_t start = vm->budget_start ? vm->budget_start : (uint64_t)VM_BUDGET_UNLIMITED_TOTAL;
    return (uint64_t)left > start ? 0 : start - (uint64_t)left;
}

void vm_set_interrupt(vm *vm, const volatile int *flag) { vm->interrupt = flag; }

void vm_set_time_limit(vm *vm, uint64_t ns) { vm->time_limit = ns; }

vm_status vm_abort_status(const vm *vm) {
    return vm->budget_exhausted ? vm->budget_status : VM_OK;
}

bool vm_abort_in_oom(const vm *vm) { return vm->budget_exhausted && vm->budget_in_oom; }

bool vm_budget_exhausted(const vm *vm) {
    return vm->budget_exhausted && vm->budget_status == VM_ERR_BUDGET;
}

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
