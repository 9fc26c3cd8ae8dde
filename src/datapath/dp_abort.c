/* dp_abort.c - telling why a VIFlet call failed: the one-line reason of an
 * abort (budget, time limit, out of memory, interrupt, System.exit, an
 * uncaught exception) and the uncaught exception's stack trace, written to
 * the VIF's log under a header naming the VIF and the handler and cut
 * after DP_TRACE_MAX_LINES lines (a StackOverflowError's trace would be
 * a thousand lines). */
#include <stdio.h>
#include <string.h>

#include "dp_internal.h"
#include "vifd_units.h"

/* budget for printing a trace (printStackTrace is Java code) */
#define DP_TRACE_BUDGET 20000000u

static bool is_oom(vm_object *ex) {
    return ex && !strcmp(vm_class_name(vm_object_class(ex)), "java/lang/OutOfMemoryError");
}

static void where_of(vm *vm, char *buf, size_t cap) {
    char where[256], caller[256];
    vm_budget_where(vm, where, sizeof where);
    vm_budget_caller(vm, caller, sizeof caller);
    snprintf(buf, cap, "%s%s%s%s", where[0] ? where : "(unknown)",
             caller[0] ? " (called from " : "", caller, caller[0] ? ")" : "");
}

void dp_describe_abort(dp_owner *o, const dp_vif *v, vm_status st, vm_object *ex, char *buf,
                       size_t cap) {
    vm *vm = o->vm;
    char heap[32], w[600];
    w[0] = '\0';
    vifd_format_size(o->dp->cfg.heap_bytes, heap, sizeof heap);
    switch (st) {
    case VM_ERR_EXCEPTION: {
        char d[700];
        if (!ex) {
            snprintf(buf, cap, "uncaught exception");
            return;
        }
        vm_exception_describe(vm, ex, d, sizeof d);
        if (is_oom(ex)) snprintf(buf, cap, "out of memory (heap quota %s): %s", heap, d);
        else snprintf(buf, cap, "%s", d);
        return;
    }
    case VM_ERR_BUDGET:
    case VM_ERR_TIMEOUT: {
        char limit[96];
        if (st == VM_ERR_BUDGET)
            snprintf(limit, sizeof limit, "instruction budget of %llu",
                     (unsigned long long)v->budget);
        else
            snprintf(limit, sizeof limit, "CPU time limit of %llu ms per call",
                     (unsigned long long)(v->time_limit / 1000000));
        if (vm_abort_in_oom(vm)) {
            /* collections are charged: a heap thrashing at its quota is
             * what ran the budget (or the time) out (limits.h) */
            char where[256], caller[256];
            vm_budget_where(vm, where, sizeof where);
            vm_budget_caller(vm, caller, sizeof caller);
            snprintf(buf, cap, "out of memory (heap quota %s): the %s ran out collecting "
                     "garbage and throwing OutOfMemoryError in %s", heap, limit,
                     caller[0] ? caller : where);
            return;
        }
        if (st == VM_ERR_BUDGET) {
            dp_describe_budget_abort(vm, v, buf, cap);
            return;
        }
        where_of(vm, w, sizeof w);
        snprintf(buf, cap, "%s exceeded in %s", limit, w);
        return;
    }
    case VM_ERR_INTERRUPTED:
        where_of(vm, w, sizeof w);
        snprintf(buf, cap, "interrupted in %s: vifd is stopping", w);
        return;
    case VM_ERR_EXIT:
        snprintf(buf, cap, "System.exit(%d) called", vm_exit_code(vm));
        return;
    default:
        snprintf(buf, cap, "VM error: %s", vm_status_str(st));
        return;
    }
}

size_t dp_trace_filter(dp_owner *o, const char *buf, size_t n) {
    size_t keep = 0;
    for (size_t i = 0; i < n; i++) {
        if (buf[i] != '\n') continue;
        if (o->trace_lines_left) {
            o->trace_lines_left--;
            keep = i + 1;
        } else {
            o->trace_lines_cut++;
        }
    }
    /* a partial line after the last kept newline: keep it while lines are left */
    if (o->trace_lines_left) keep = n;
    return keep;
}

void dp_print_uncaught(dp_owner *o, dp_vif *v, const char *cls, const char *where,
                       vm_object *ex) {
    vm *vm = o->vm;
    if (!ex) return;
    dp_vif *saved = o->cur;
    o->cur = v;
    dp_fast_clear(o);       /* (printStackTrace runs in the VM) */
    if (!cls) cls = v->class_name ? v->class_name : "?";
    dp_logf(v, "Exception in VIFlet %s on VIF %s, %s: ", cls, v->path, where);
    vm_exception_clear(vm);
    vm_protect(vm, &ex);
    o->trace_capped = true;
    o->trace_lines_left = DP_TRACE_MAX_LINES;
    o->trace_lines_cut = 0;
    vm_set_budget(vm, DP_TRACE_BUDGET);
    vm_set_time_limit(vm, v->time_limit);
    vm_value args[1];
    args[0].l = ex;
    vm_status st = vm_call_virtual(vm, ex, "printStackTrace", "()V", args, NULL);
    o->trace_capped = false;
    if (st != VM_OK) {
        /* printStackTrace itself failed: say at least what it was */
        vm_exception_clear(vm);
        char d[1024];
        vm_exception_describe(vm, ex, d, sizeof d);
        dp_logf(v, "%s\n", d);
    }
    vm_unprotect(vm, 1);
    if (o->trace_lines_cut)
        dp_logf(v, "\t... %u more line%s of the trace not shown\n", o->trace_lines_cut,
                o->trace_lines_cut == 1 ? "" : "s");
    vm_exception_clear(vm);
    o->cur = saved;
}
