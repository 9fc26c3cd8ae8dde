/* diag.h - caller-supplied detail buffer for error messages.
 *
 * Every fallible core function takes a `vm_diag *` (may be NULL).  On
 * failure it writes one line such as
 *   "Foo.class: method bar()V: bytecode offset 12: branch target 99 out of range"
 * and returns the status code.  The buffer belongs to the caller.
 */
#ifndef VIFVM_CORE_DIAG_H
#define VIFVM_CORE_DIAG_H

#include <stddef.h>
#include <stdarg.h>
#include "status.h"

/* vm_diag itself is public: include/vifvm_status.h */

/* Write a formatted detail (overwriting) and return `s`, so that code can say
 *   return vm_diagf(d, VM_ERR_FORMAT, "bad magic %x", magic);            */
vm_status vm_diagf(vm_diag *d, vm_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Prepend "prefix: " to the existing detail (used to add class / method
 * context as an error travels up). */
void vm_diag_prefix(vm_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
