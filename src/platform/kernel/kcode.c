// SPDX-License-Identifier: GPL-2.0
/* kcode.c - the JIT's executable memory in the kernel (kcode.h). */
#include "kcode.h"

#include <linux/bitmap.h>
#include <linux/mm.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>
#include <asm/pgtable.h>
#include <asm/tlbflush.h>

#define KCODE_PAGES (KCODE_POOL_BYTES / PAGE_SIZE)
#define KCODE_GRANULES (KCODE_POOL_BYTES / KCODE_GRANULE)

static u8 kcode_pool[KCODE_POOL_BYTES] __aligned(PAGE_SIZE);
static u8 *kcode_rw;
static DECLARE_BITMAP(kcode_busy, KCODE_GRANULES);
static DEFINE_SPINLOCK(kcode_lock);
static bool kcode_sealed;

static void flush_all(void *unused)
{
	__flush_tlb_all();
}

enum prot { P_RX, P_RW, P_RO };

/* rewrite the 4 KiB PTEs of [addr, addr + len); flush when permissions
 * are taken away (an upgrade is fixed lazily by the spurious-fault path) */
static int set_prot(void *addr, size_t len, enum prot p, bool flush)
{
	unsigned long a;

	for (a = (unsigned long)addr; a < (unsigned long)addr + len; a += PAGE_SIZE) {
		unsigned int level;
		pte_t *ptep = lookup_address(a, &level), pte;

		if (!ptep || level != PG_LEVEL_4K)
			return -EINVAL;
		pte = *ptep;
		switch (p) {
		case P_RX:
			pte = pte_clear_flags(pte, _PAGE_RW | _PAGE_NX);
			break;
		case P_RW:
			pte = pte_set_flags(pte, _PAGE_RW | _PAGE_NX);
			break;
		case P_RO:
			pte = pte_set_flags(pte_clear_flags(pte, _PAGE_RW), _PAGE_NX);
			break;
		}
		set_pte(ptep, pte);
	}
	if (flush)
		on_each_cpu(flush_all, NULL, 1);
	return 0;
}

int kcode_init(void)
{
	struct page **pages;
	size_t i;
	int err;

	pages = kvmalloc_array(KCODE_PAGES, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	for (i = 0; i < KCODE_PAGES; i++) {
		pages[i] = vmalloc_to_page(kcode_pool + i * PAGE_SIZE);
		if (!pages[i]) {
			kvfree(pages);
			return -EFAULT;
		}
	}
	kcode_rw = vmap(pages, KCODE_PAGES, VM_MAP, PAGE_KERNEL);
	kvfree(pages);
	if (!kcode_rw)
		return -ENOMEM;
	err = set_prot(kcode_pool, KCODE_POOL_BYTES, P_RX, true);
	if (err) {
		set_prot(kcode_pool, KCODE_POOL_BYTES, P_RW, true);
		vunmap(kcode_rw);
		kcode_rw = NULL;
		return err;
	}
	kcode_sealed = true;
	return 0;
}

void kcode_exit(void)
{
	if (kcode_sealed)
		set_prot(kcode_pool, KCODE_POOL_BYTES, P_RW, true);
	kcode_sealed = false;
	if (kcode_rw)
		vunmap(kcode_rw);
	kcode_rw = NULL;
}

void *kcode_map(size_t size, void **rw)
{
	unsigned long n = DIV_ROUND_UP(size, KCODE_GRANULE), i;
	unsigned long flags;

	if (!kcode_sealed || !size || n > KCODE_GRANULES)
		return NULL;
	spin_lock_irqsave(&kcode_lock, flags);
	i = bitmap_find_next_zero_area(kcode_busy, KCODE_GRANULES, 0, n, 0);
	if (i < KCODE_GRANULES)
		bitmap_set(kcode_busy, i, n);
	spin_unlock_irqrestore(&kcode_lock, flags);
	if (i >= KCODE_GRANULES)
		return NULL;
	*rw = kcode_rw + i * KCODE_GRANULE;
	return kcode_pool + i * KCODE_GRANULE;
}

void kcode_unmap(void *rx, void *rw, size_t size)
{
	unsigned long n = DIV_ROUND_UP(size, KCODE_GRANULE), i;
	unsigned long flags;

	if (!rx) {
		/* the JIT is done writing this region: revoke its RW view */
		if (rw)
			set_prot(rw, n * KCODE_GRANULE, P_RO, true);
		return;
	}
	i = ((u8 *)rx - kcode_pool) / KCODE_GRANULE;
	/* released: writable again (an upgrade, no flush) for the next user */
	set_prot(kcode_rw + i * KCODE_GRANULE, n * KCODE_GRANULE, P_RW, false);
	spin_lock_irqsave(&kcode_lock, flags);
	bitmap_clear(kcode_busy, i, n);
	spin_unlock_irqrestore(&kcode_lock, flags);
}

size_t kcode_used(void)
{
	return (size_t)bitmap_weight(kcode_busy, KCODE_GRANULES) * KCODE_GRANULE;
}

/*
 * Code written in place (vifvm_fuse.c: the fused paths' functions, made by
 * the core's path-code emitter, which writes its code where it will run):
 * a region whose own (pool) view is made read-write and non-executable,
 * its second view read-only, while it is written; kcode_exec_flat makes
 * the pool view read-only and executable.  No address is writable and
 * executable at any time.  Process context (TLB flushes on every CPU).
 */
void *kcode_alloc_flat(size_t size)
{
	size_t n = DIV_ROUND_UP(size, KCODE_GRANULE) * KCODE_GRANULE;
	void *rw, *rx = kcode_map(size, &rw);

	if (!rx)
		return NULL;
	if (set_prot(rx, n, P_RW, true) || set_prot(rw, n, P_RO, true)) {
		kcode_free_flat(rx, size);
		return NULL;
	}
	return rx;
}

int kcode_exec_flat(void *rx, size_t size)
{
	return set_prot(rx, DIV_ROUND_UP(size, KCODE_GRANULE) * KCODE_GRANULE, P_RX, true);
}

void kcode_free_flat(void *rx, size_t size)
{
	/* (the pool view back to RX, its state for every other user; the
	 * second view made writable again by kcode_unmap) */
	set_prot(rx, DIV_ROUND_UP(size, KCODE_GRANULE) * KCODE_GRANULE, P_RX, true);
	kcode_unmap(rx, NULL, size);
}
