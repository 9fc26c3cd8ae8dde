/* SPDX-License-Identifier: GPL-2.0 */
/* karena.h - the memory of one kernel VM: allocation that never sleeps.
 *
 * A VM runs inside a kernel_fpu section (src/kmod/Kbuild), with preemption
 * off, so its allocations may not sleep.  Small blocks (up to
 * KARENA_SMALL_MAX bytes) come from kmalloc(GFP_NOWAIT); larger ones
 * (heap chunks, the value stack, class tables) are page runs of an arena
 * vmalloc'ed before the section (karena_init, which may sleep).  Every
 * byte is counted against a limit, and karena_destroy reports what the VM
 * left allocated (the core frees everything: a leak is a bug).
 */
#ifndef VIFVM_KERNEL_KARENA_H
#define VIFVM_KERNEL_KARENA_H

#include <linux/types.h>

#define KARENA_SMALL_MAX 2048u

struct karena {
	u8 *base;		/* vmalloc'ed, pages * PAGE_SIZE bytes */
	size_t pages;
	unsigned long *map;	/* one bit per page: in use */
	size_t hint;		/* next-fit start */
	size_t limit;		/* bytes (small + pages) the VM may hold */
	size_t used, peak;	/* bytes held: small blocks at their size,
				 * page runs in whole pages */
	size_t small_used;
	unsigned long small_count, page_count;
	unsigned long failures;
	u64 calls;		/* karena_alloc calls, ever (the profile) */
};

/* May sleep: call outside any kernel_fpu section.  0 or -ENOMEM. */
int karena_init(struct karena *a, size_t arena_bytes, size_t limit);
/* May sleep.  Returns the bytes still held (leaked) before freeing the
 * arena itself; the small blocks leaked are lost (and reported). */
size_t karena_destroy(struct karena *a);

/* Never sleep (GFP_NOWAIT); NULL when out of memory or over the limit. */
void *karena_alloc(struct karena *a, size_t n, bool zero);
void karena_free(struct karena *a, void *p, size_t n);
void *karena_realloc(struct karena *a, void *p, size_t old, size_t n);

#endif
