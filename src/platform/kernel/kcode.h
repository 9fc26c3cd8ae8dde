/* SPDX-License-Identifier: GPL-2.0 */
/* kcode.h - executable memory for the JIT in the kernel (W^X).
 *
 * A pool inside the module image (.bss, page aligned), so in module space:
 * within rel32 reach of the module's text and the kernel's, so the JIT's
 * calls to C helpers are direct `call rel32` (x86_call_far), which need no
 * retpoline.  Set up once at module load (kcode_init, may sleep):
 *   - the pool's own pages become read-only + executable (their PTEs
 *     rewritten through lookup_address, then a TLB flush on every CPU:
 *     set_memory_* are not exported by 6.1),
 *   - a second, contiguous view of the same pages is vmap'ed read-write and
 *     non-executable.
 * No address is ever writable and executable.  kcode_map hands out a
 * region of both views (the platform's code_map_dual: the JIT writes
 * through the RW view, runs the RX one); kcode_unmap revokes the RW view
 * of a region (its PTEs made read-only, TLBs flushed) or, when the JIT
 * releases the region, makes it writable again for the next VM.  Neither
 * sleeps, so both may run inside the VM's kernel_fpu section.  The pages
 * stay writable through the kernel's direct map, as every vmalloc'ed or
 * module page does (changing that needs set_memory_*, not exported).
 */
#ifndef VIFVM_KERNEL_KCODE_H
#define VIFVM_KERNEL_KCODE_H

#include <linux/types.h>

#define KCODE_POOL_BYTES (4u << 20)
#define KCODE_GRANULE (64u << 10)

int kcode_init(void);
void kcode_exit(void);
void *kcode_map(size_t size, void **rw);
void kcode_unmap(void *rx, void *rw, size_t size);
/* a region written in place, then made executable (vifvm_fuse.c: W^X,
 * never both; process context) */
void *kcode_alloc_flat(size_t size);
int kcode_exec_flat(void *rx, size_t size);
void kcode_free_flat(void *rx, size_t size);
/* bytes of the pool in use (for /proc/vifvm/status) */
size_t kcode_used(void);

#endif
