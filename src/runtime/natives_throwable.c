/* natives_throwable.c - natives of java.lang.Throwable: recording the
 * backtrace and rendering it as strings (runtime/exceptions.h). */
#include "natives_internal.h"
#include "exceptions.h"

NATIVE(nat_Throwable_fillInStackTrace0) {
    (void)ret;
    return rt_fill_stack_trace(vm, args[0].l);
}

NATIVE(nat_Throwable_stackTraceStrings0) {
    jobject *a = rt_stack_trace_strings(vm, args[0].l);
    if (!a) return VM_ERR_EXCEPTION;
    ret->l = a;
    return VM_OK;
}
