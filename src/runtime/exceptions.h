/* exceptions.h - raising Java exceptions from C.
 *
 * Java exceptions are real Java objects.  Raising one means allocating an
 * instance of the named Throwable class, filling in its message and stack
 * trace, and storing it in vm->exception; the function then returns
 * VM_ERR_EXCEPTION, which every caller passes up until the interpreter's
 * handler search takes it.  Never longjmp. */
#ifndef VIFVM_RUNTIME_EXCEPTIONS_H
#define VIFVM_RUNTIME_EXCEPTIONS_H

#include "vm_state.h"

/* Raise `cls_name` (internal form, e.g. "java/lang/ArithmeticException")
 * with a formatted message (fmt may be NULL for no message).  Always
 * returns VM_ERR_EXCEPTION (if even the exception cannot be allocated, the
 * preallocated OutOfMemoryError is raised instead). */
vm_status rt_throw(vm *vm, const char *cls_name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Raise an existing Throwable object. */
vm_status rt_throw_object(vm *vm, jobject *ex);
vm_status rt_throw_oom(vm *vm);

/* The embedded java.lang.Throwable declares (names fixed, the runtime finds
 * them by name):
 *     private String detailMessage;
 *     private Throwable cause = this;
 *     private transient Object backtrace;   // filled by the VM
 *     private native void fillInStackTrace0();    -> rt_fill_stack_trace
 *     private native String[] stackTraceStrings0(); -> rt_stack_trace_strings
 * fillInStackTrace() (Java) calls fillInStackTrace0().
 *
 * Record the current Java stack into throwable `t`'s backtrace field (a
 * long[] of (jmethod pointer, bytecode offset) pairs), skipping the frames
 * that construct `t` itself (fillInStackTrace*, and <init> frames whose
 * receiver is t), so the trace starts where the exception was raised. */
vm_status rt_fill_stack_trace(vm *vm, jobject *t);
/* String[] of "pkg.Class.method(File.java:123)" lines for t's backtrace,
 * formatted as java prints them after "\tat " ("(Native Method)",
 * "(File.java)" without line numbers, "(Unknown Source)" without a
 * SourceFile).  NULL + pending exception on failure. */
jobject *rt_stack_trace_strings(vm *vm, jobject *t);

/* Print "Exception in thread "main" ..." and the trace to stream 2, as
 * java does for an uncaught exception (calls Java toString). */
void rt_print_uncaught(vm *vm, jobject *ex);

#endif
