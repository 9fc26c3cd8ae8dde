/* exceptions.c - raising Java exceptions from C (rt_throw: load the class,
 * run its constructor so fillInStackTrace runs, make it pending), the
 * OutOfMemoryError fallbacks, and printing an uncaught exception. */
#include "rt_internal.h"
#include "exceptions.h"
#include "invoke.h"
#include "limits.h"
#include "strings.h"
#include "../gc/heap.h"
#include "../core/mem.h"
#include "../core/fmt.h"

vm_status rt_throw_object(vm *vm, jobject *ex) {
    vm->exception = ex ? ex : vm->oom_error;
    return VM_ERR_EXCEPTION;
}

/* The exception to fall back on when building the real one failed
 * without leaving another pending. */
static vm_status fallback(vm *vm) {
    if (!vm->exception) vm->exception = vm->oom_error;
    return VM_ERR_EXCEPTION;
}

jobject *rt_new_throwable_raw(vm *vm, jclass *cls, const char *msg) {
    jobject *t = rt_new_object(vm, cls);
    if (!t) return NULL;
    RT_PROTECT(vm, t);
    if (msg && vm->off.throwable_detail) {
        jobject *s = rt_new_string_utf8(vm, msg, vm_strlen(msg));
        if (s) rt_set_ref(t, vm->off.throwable_detail, s);
    }
    if (vm->off.throwable_cause) rt_set_ref(t, vm->off.throwable_cause, t);
    jobject *pending = vm->exception;
    rt_fill_stack_trace(vm, t); /* best effort */
    vm->exception = pending;
    RT_UNPROTECT(vm, 1);
    return t;
}

/* Construct cls(msg) by running its constructor; VM_OK with the object in
 * *out, or a pending exception from the attempt. */
static vm_status construct_in_reserve(vm *vm, jclass *cls, const char *msg, jobject **out) {
    vm_status st = rt_init_class(vm, cls);
    if (st != VM_OK) return st;
    jobject *ms = NULL, *obj = NULL;
    if (msg) {
        ms = rt_new_string_utf8(vm, msg, vm_strlen(msg));
        if (!ms) return VM_ERR_EXCEPTION;
    }
    RT_PROTECT(vm, ms);
    obj = rt_new_object(vm, cls);
    if (!obj) {
        RT_UNPROTECT(vm, 1);
        return VM_ERR_EXCEPTION;
    }
    RT_PROTECT(vm, obj);
    jmethod *with_msg = rt_find_declared_method(cls, "<init>", "(Ljava/lang/String;)V");
    jmethod *plain = rt_find_declared_method(cls, "<init>", "()V");
    jmethod *ctor = (msg && with_msg) || !plain ? with_msg : plain;
    if (!ctor) {
        /* no usable constructor: fill the fields from C */
        if (ms && vm->off.throwable_detail) rt_set_ref(obj, vm->off.throwable_detail, ms);
        if (vm->off.throwable_cause) rt_set_ref(obj, vm->off.throwable_cause, obj);
        rt_fill_stack_trace(vm, obj);
        vm->exception = NULL;
        st = VM_OK;
    } else {
        jvalue args[2];
        args[0].l = obj;
        args[1].l = ms;
        st = rt_call(vm, ctor, args, NULL);
        /* Only the (String) constructor sets the message; if we had to
         * use ()V, store it directly. */
        if (st == VM_OK && ms && ctor == plain && vm->off.throwable_detail)
            rt_set_ref(obj, vm->off.throwable_detail, ms);
    }
    if (st == VM_OK) *out = obj;
    RT_UNPROTECT(vm, 2);
    return st;
}

static vm_status construct(vm *vm, jclass *cls, const char *msg, jobject **out) {
    /* The exception may be raised because the stack is full: its class
     * initialisation and constructor run in the reserve (frames.h). */
    vm->in_reserve++;
    vm_status st = construct_in_reserve(vm, cls, msg, out);
    vm->in_reserve--;
    return st;
}

static vm_status throw_msg(vm *vm, const char *cls_name, const char *msg) {
    if (!vm->booted) return VM_ERR_EXCEPTION; /* start-up: details go to vm_diag */
    vm->exception = NULL;
    jclass *cls;
    if (vm->throw_depth >= RT_MAX_THROW_DEPTH || vm->native_depth >= VM_MAX_NATIVE_DEPTH ||
        vm_native_stack_low(vm)) {
        /* deeply nested failures: build it without running Java code, if
         * the class is already loaded */
        cls = rt_table_lookup(vm, cls_name, vm_strlen(cls_name));
        jobject *t = cls ? rt_new_throwable_raw(vm, cls, msg) : NULL;
        vm->exception = t ? t : vm->oom_error;
        return VM_ERR_EXCEPTION;
    }
    vm->throw_depth++;
    jobject *obj = NULL;
    vm_status st = rt_find_class(vm, cls_name, &cls, NULL);
    if (st == VM_OK) st = construct(vm, cls, msg, &obj);
    vm->throw_depth--;
    if (st == VM_OK) {
        vm->exception = obj;
        return VM_ERR_EXCEPTION;
    }
    if (rt_status_aborts(st)) return st;
    return fallback(vm);
}

vm_status rt_throw(vm *vm, const char *cls_name, const char *fmt, ...) {
    if (!fmt) return throw_msg(vm, cls_name, NULL);
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vm_vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return throw_msg(vm, cls_name, msg);
}

/* A fresh OutOfMemoryError if one can still be built (the failed request
 * may have been large), else the preallocated one. */
vm_status rt_throw_oom(vm *vm) {
    if (!vm->booted || vm->in_oom) {
        vm->exception = vm->oom_error;
        return VM_ERR_EXCEPTION;
    }
    vm->in_oom = true;
    vm_status st = throw_msg(vm, "java/lang/OutOfMemoryError", "Java heap space");
    vm->in_oom = false;
    if (!rt_status_aborts(st) && !vm->exception) vm->exception = vm->oom_error;
    return st;
}

/* ------------------------------------------------------------ printing */

static void write_str(vm *vm, const char *s) {
    vm->plat->write(vm->plat->ud, 2, s, vm_strlen(s));
}

void rt_describe_throwable(vm *vm, jobject *t, char *buf, size_t cap) {
    if (!cap) return;
    rt_class_java_name(t->cls, buf, cap);
    jobject *msg = vm->off.throwable_detail ? rt_get_ref(t, vm->off.throwable_detail) : NULL;
    if (!msg) return;
    size_t n = vm_strlen(buf);
    if (n + 2 >= cap) return;
    buf[n++] = ':';
    buf[n++] = ' ';
    rt_string_to_utf8(vm, msg, buf + n, cap - n);
}

void rt_print_uncaught(vm *vm, jobject *ex) {
    if (!ex) return;
    write_str(vm, "Exception in thread \"main\" ");
    vm->exception = NULL;
    RT_PROTECT(vm, ex);
    jvalue args[1];
    args[0].l = ex;
    vm_status st = rt_call_virtual(vm, ex, "printStackTrace", "()V", args, NULL);
    if (st != VM_OK) {
        /* printStackTrace itself failed: say at least what it was */
        vm->exception = NULL;
        char buf[1024];
        rt_describe_throwable(vm, ex, buf, sizeof buf);
        write_str(vm, buf);
        write_str(vm, "\n");
    }
    RT_UNPROTECT(vm, 1);
}
