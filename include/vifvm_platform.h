/* vifvm_platform.h - the one small interface between the freestanding core and the
 * operating system.  The core never calls libc; everything OS-specific comes
 * through a vm_platform handed in when a VM is created.  Public: a host
 * fills one in (or takes the userspace one, posix_platform_init) and
 * passes it in vm_config (include/vifvm.h).
 *
 * Userspace implementation: src/platform/posix/.  A kernel implementation
 * will provide the same table (kmalloc/vmalloc, ktime, printk, ...).
 */
#ifndef VIFVM_PLATFORM_H
#define VIFVM_PLATFORM_H

#include <stddef.h>
#include <stdint.h>
#include "vifvm_status.h"

typedef struct vm_platform {
    void *ud; /* passed back to every hook */

    /* One allocator contract (as in Lua's lmem.c):
     *   realloc(ud, NULL, 0, n)  allocates n bytes (may return NULL),
     *   realloc(ud, p, old, n)   resizes (may return NULL; p is then kept),
     *   realloc(ud, p, old, 0)   frees and returns NULL.
     * `old` is always the exact size previously requested. */
    void *(*realloc)(void *ud, void *ptr, size_t old_size, size_t new_size);
    /* Optional: n zeroed bytes, freed like the rest with realloc(ud, p, n,
     * 0).  NULL: realloc + memset.  Worth having where the system hands out
     * zeroed pages lazily (calloc, vzalloc): the VM's 8 MiB Java stack is
     * then not touched page by page at start-up.  A wrapper that replaces
     * realloc (failure injection, accounting) must replace or clear it. */
    void *(*zalloc)(void *ud, size_t n);

    /* Monotonic clock in nanoseconds, and wall clock in milliseconds since
     * the epoch. */
    int64_t (*nanotime)(void *ud);
    int64_t (*wallclock_ms)(void *ud);
    /* Optional: the clock of the VM's time limit (vm_set_time_limit,
     * runtime/limits.h), nanoseconds: the datapath counts the thread's CPU
     * time (and its nanotime is the replay's virtual clock).  NULL:
     * nanotime. */
    int64_t (*limit_clock)(void *ud);

    /* Output: stream 1 = standard output, 2 = standard error (or the VIF log
     * in the datapath).  Must write all n bytes or drop them. */
    void (*write)(void *ud, int stream, const char *buf, size_t n);

    /* Read a whole file into memory allocated through realloc above
     * (free with realloc(ud, *data, *len, 0)).  Returns VM_ERR_IO if the
     * file does not exist or cannot be read; writes nothing into *data then.
     * `max_len` bounds the size accepted (VM_ERR_LIMIT beyond). */
    vm_status (*read_file)(void *ud, const char *path, size_t max_len,
                           uint8_t **data, size_t *len);

    /* Transcendental math (libm in userspace).  sqrt/floor/ceil/rint/fabs
     * and fmod are done in the core; these are the ones that are not. */
    double (*pow)(double, double);
    double (*exp)(double);
    double (*log)(double);
    double (*log10)(double);
    double (*sin)(double);
    double (*cos)(double);
    double (*tan)(double);
    double (*asin)(double);
    double (*acos)(double);
    double (*atan)(double);
    double (*atan2)(double, double);
    double (*sinh)(double);
    double (*cosh)(double);
    double (*tanh)(double);
    double (*cbrt)(double);
    double (*hypot)(double, double);
    double (*expm1)(double);
    double (*log1p)(double);

    /* Executable memory for the JIT (issue 3): W^X.  May be NULL; the VM
     * then runs interpreted only. */
    void *(*code_alloc)(void *ud, size_t size);            /* RW, not X */
    int   (*code_protect_exec)(void *ud, void *p, size_t size); /* -> RX */
    void  (*code_free)(void *ud, void *p, size_t size);
    /* Optional, preferred when set (jit_cache.c): a region of size bytes
     * (a multiple of 64 KiB) mapped twice, executable (RX) at the returned
     * address and writable (RW) at *rw: compiled methods are written
     * through the RW view and run from the RX one, so W^X holds with no
     * protection change per method.  The region may be sparse (reserved
     * address space, memory given on first use or by code_populate): the
     * JIT reserves one large region at set-up and uses it bit by bit.
     * NULL on failure (the JIT then falls back to code_alloc per method).
     * code_unmap_dual releases both views, or one of them when the other
     * is NULL; always whole views as mapped. */
    void *(*code_map_dual)(void *ud, size_t size, void **rw);
    void  (*code_unmap_dual)(void *ud, void *rx, void *rw, size_t size);
    /* Optional: make size bytes at rx and at rw (the same part of both
     * views of a code_map_dual region, 64 KiB-aligned) resident now, so
     * that writing and running code there takes no page fault.  Their
     * contents are kept.  The JIT calls it outside the timed compiles
     * (VM set-up, after a compile).  0 on success; NULL or failure: pages
     * come on first use (correct, slower). */
    int   (*code_populate)(void *ud, void *rx, void *rw, size_t size);
    /* Optional: take away all access through size bytes at rw (a 64
     * KiB-aligned part of a code_map_dual region's RW view; its RX view
     * stays): the JIT revokes the RW view of code it has finished, so old
     * code can be written through no address.  The range stays mapped
     * until code_unmap_dual.  0 on success.  NULL: the JIT uses a region
     * per 64 KiB-1 MiB chunk and unmaps a full chunk's RW view instead. */
    int   (*code_revoke_write)(void *ud, void *rw, size_t size);

    /* Class path support (classpath.c): nonzero if `path` names an existing
     * directory.  May be NULL (no directories, e.g. in the kernel): every
     * class path entry is then read as a JAR file. */
    int (*is_dir)(void *ud, const char *path);

    /* Observability (JIT): called after the JIT has compiled a method, with
     * its name "pkg/Cls.method(desc)" and its machine code (size bytes at
     * code, already executable).  For perf maps, disassembly listings.
     * Optional: may be NULL; the core calls it only if set. */
    void (*code_emitted)(void *ud, const char *name, const void *code, size_t size);

    /* The host process, for a java-like launcher (System.in, getenv,
     * user.dir...).  All optional: NULL means "none" (the kernel, and the
     * datapath's VIFlets, which must not see the daemon's stdin or
     * environment).  posix_platform_host_hooks() sets them for vifvm. */
    /* Read up to n bytes of input stream 0 (standard input) into buf:
     * the count read, 0 at end of input, -1 on error.  NULL: always at
     * end of input. */
    long (*read)(void *ud, int stream, char *buf, size_t n);
    /* The value of environment variable `name`, or NULL if unset; the
     * string stays valid while the VM lives.  NULL hook: no environment. */
    const char *(*getenv)(void *ud, const char *name);
    /* The i-th "NAME=value" environment entry, NULL past the last (for
     * System.getenv()).  May be NULL. */
    const char *(*environ_at)(void *ud, size_t i);
    /* The host's value of a standard system property: "user.dir",
     * "user.name", "user.home" (and any other the host knows): writes it
     * NUL-terminated into buf and returns its length; -1 if unknown or
     * longer than cap - 1.  May be NULL. */
    long (*host_property)(void *ud, const char *key, char *buf, size_t cap);

    /* Optional (x86-64 JIT), for a host built with retpolines (the
     * kernel): the address of an indirect-call thunk per register, indexed
     * by its number (rax 0, rcx 1 ... r15 15; Linux's exported
     * __x86_indirect_thunk_<reg>).  When set, compiled code makes no
     * indirect call: a C helper or compiled method within +-2 GB is called
     * with `call rel32`, any other call through a register is `call rel32`
     * to the thunk for that register (a method whose thunk is out of reach
     * is not compiled); a jump through a register likewise jumps to the
     * thunk.  NULL: plain indirect calls (userspace). */
    const void *const *indirect_thunks;
    /* Optional: a preemption point, called at the end of each slice of the
     * instruction budget (runtime/budget.c, limits.h: about every
     * millisecond of compiled code, 20 ms interpreted) while Java runs.
     * For a host that runs the VM without preemption: the kernel ends its
     * FPU section, calls cond_resched() and begins a new one, in process
     * context only.  It must not call back into the VM.  NULL: none. */
    void (*slice_end)(void *ud);
    /* Optional: nonzero when indirect jumps are expensive on this host
     * (retpolines in force): the interpreter then dispatches with a switch
     * instead of computed gotos, where the core was built with that copy
     * (VIFVM_INTERP_SWITCH: the kernel build, src/interp/interp_switch.c).
     * 0: computed gotos. */
    int interp_switch;
    /* Optional: floating-point code is about to become runnable in this VM
     * (a class with float/double arithmetic, conversions or comparisons,
     * or a java.lang.Math native, was just loaded: runtime/fp_scan.c).
     * Called once per VM, before any of that code can run, inside the VM
     * (it must not call back into it).  A host whose own code may not
     * touch the FPU registers by default (the kernel: kernel_fpu_begin/end)
     * runs a VM without such code outside an FPU section and opens one
     * here; vm_fp_code() tells it later.  NULL: none. */
    void (*fpu_need)(void *ud);
    /* Optional (x86-64 JIT), for a host whose returns must go through a
     * return thunk (the kernel with X86_FEATURE_RETHUNK: retbleed, SRSO,
     * ITS mitigations): its address.  When set, compiled code has no
     * `ret`: every return is `jmp rel32` to it (code out of its reach is
     * not compiled).  NULL: plain `ret` (userspace). */
    const void *return_thunk;
} vm_platform;

#endif
