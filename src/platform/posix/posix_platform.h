/* posix_platform.h - the userspace implementation of vm_platform
 * (malloc, clock_gettime, write(2), read(2), libm, mmap for JIT code). */
#ifndef VIFVM_PLATFORM_POSIX_H
#define VIFVM_PLATFORM_POSIX_H

#include "../../../include/vifvm_platform.h"

/* Fill *p with the POSIX hooks; ud is passed back to each hook (unused by
 * these hooks, available to wrappers such as a failure-injecting
 * allocator). */
void posix_platform_init(vm_platform *p, void *ud);

/* Add the host-process hooks (read of standard input, getenv, environ,
 * user.dir/user.name/user.home) for a java-like launcher (vifvm).  Not
 * part of posix_platform_init: an embedder such as the datapath must not
 * hand its stdin or environment to untrusted code. */
void posix_platform_host_hooks(vm_platform *p);

/* C stack a VM running on the calling (main) thread may use: the stack
 * rlimit less a margin for the host program (vm_limits.native_stack_bytes). */
size_t posix_native_stack_budget(void);

#endif
