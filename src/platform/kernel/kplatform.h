/* SPDX-License-Identifier: GPL-2.0 */
/* kplatform.h - the kernel implementation of vm_platform (include/vifvm_platform.h).
 *
 * One struct kplat per VM: its memory (karena: GFP_NOWAIT or a
 * pre-vmalloc'ed arena; nothing sleeps, the VM runs in a kernel_fpu
 * section), its output (two bounded buffers, stdout and stderr, read back
 * through /proc), its files (uploaded blobs served by path: there is no
 * file system access), clocks (ktime), executable memory (kcode: a pool in
 * the module image, W^X).  No math hooks: the core then runs Java's own
 * fdlibm (java.lang.StrictMath), as Java specifies, without any libm.
 */
#ifndef VIFVM_KERNEL_KPLATFORM_H
#define VIFVM_KERNEL_KPLATFORM_H

#include <linux/types.h>
#include "vifvm_platform.h"
#include "karena.h"

#define KPLAT_MAX_FILES 4

struct kplat_buf {
	char *data;
	size_t len, cap;
	bool truncated;
};

struct kplat_file {
	const char *path;	/* e.g. "/vifvm/Hello.class" */
	const u8 *data;
	size_t len;
};

struct kplat {
	vm_platform plat;
	struct karena mem;
	struct kplat_buf out, err;
	struct kplat_file files[KPLAT_MAX_FILES];
	unsigned int nfiles;
	const char *dir;	/* the one directory (is_dir), or NULL */
	bool in_vm;		/* set by the caller around each VM entry */
	bool fpu_open;		/* the entry runs inside a kernel_fpu section */
	bool jit;		/* hand out executable memory */
	/*
	 * slice_end (the budget's preemption point) may reschedule: true by
	 * default; it acts only in process context with preemption otherwise
	 * on (kplatform.c), and a caller may clear it.
	 */
	bool may_resched;
	unsigned long resched_points;	/* times it closed the FPU section */
};

/*
 * The JIT's returns (module parameter rethunk=auto|on|off, read by each
 * new VM): what the module loader made of this module's own returns, at
 * load, before any VM.
 */
void kplat_rethunk_init(void);
/* the kernel's indirect-call thunks by register (vm_platform.
 * indirect_thunks), or NULL */
const void *const *kplat_indirect_thunks(void);
/* the return thunk a new VM's code jumps to instead of ret, or NULL */
const void *kplat_return_thunk(void);
/* the CPU's X86_FEATURE_RETHUNK (the kernel's own returns are thunked) */
bool kplat_cpu_rethunk(void);
/* the parameter as given */
const char *kplat_rethunk_mode(void);

/* May sleep (vmalloc of the arena, the output buffers).  0 or -ENOMEM. */
int kplat_init(struct kplat *k, size_t arena_bytes, size_t mem_limit, size_t out_cap, bool jit);
/* May sleep.  Returns the bytes the VM left allocated (0: no leak). */
size_t kplat_destroy(struct kplat *k);
/* Serve data (not copied: it must outlive the VM) at path. */
int kplat_add_file(struct kplat *k, const char *path, const u8 *data, size_t len);

#endif
