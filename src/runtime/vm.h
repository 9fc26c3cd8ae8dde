/* vm.h - the core's name for the public API of one VM instance
 * (include/vifvm.h).
 *
 * Everything a VM needs is handed in at creation: the platform (allocator,
 * clock, output, files), the limits, the class path and the embedded boot
 * library.  There are no mutable globals; any number of VMs may live in one
 * process, each with its own heap, statics and classes.  A VM is
 * single-threaded: one caller thread at a time.
 */
#ifndef VIFVM_RUNTIME_VM_H
#define VIFVM_RUNTIME_VM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "../core/platform.h"
#include "../core/diag.h"
#include "bootlib.h"

/* The public API (vm_create, vm_limits, vm_config, vm_stats, budgets ...)
 * is declared in include/vifvm.h. */
#include "../../include/vifvm.h"

#endif
