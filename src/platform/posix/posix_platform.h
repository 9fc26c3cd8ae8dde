/* posix_platform.h - the userspace implementation of vm_platform
 * (malloc, clock_gettime, write(2), read(2), libm, mmap for JIT code). */
#ifndef VIFVM_PLATFORM_POSIX_H
#define VIFVM_PLATFORM_POSIX_H

#include "../../../include/vifvm_platform.h"

/* Fill *p with the POSIX hooks; ud is passed back to each hook (unused by
 * these hooks, available to wrappers such as a failure-injecting
 * allocator). */
void posix_platform_init(vm_platform *p, void *ud);

/* C stack a VM running on the calling (main) thread may use: the stack
 * rlimit less a margin for the host program (vm_limits.native_stack_bytes). */
size_t posix_native_stack_budget(void);

#endif
