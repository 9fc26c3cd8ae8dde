// SPDX-License-Identifier: GPL-2.0
/* karena.c - allocation that never sleeps, for one kernel VM (karena.h). */
#include "karena.h"

#include <linux/bitmap.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

int karena_init(struct karena *a, size_t arena_bytes, size_t limit)
{
	memset(a, 0, sizeof(*a));
	a->pages = DIV_ROUND_UP(arena_bytes, PAGE_SIZE);
	a->limit = limit;
	if (!a->pages)
		return 0;
	a->base = vmalloc(a->pages * PAGE_SIZE);
	a->map = bitmap_zalloc(a->pages, GFP_KERNEL);
	if (!a->base || !a->map) {
		vfree(a->base);
		bitmap_free(a->map);
		a->base = NULL;
		a->map = NULL;
		return -ENOMEM;
	}
	return 0;
}

size_t karena_destroy(struct karena *a)
{
	size_t left = a->used;

	vfree(a->base);
	bitmap_free(a->map);
	a->base = NULL;
	a->map = NULL;
	return left;
}

static bool in_arena(const struct karena *a, const void *p)
{
	return a->base && (const u8 *)p >= a->base &&
	       (const u8 *)p < a->base + a->pages * PAGE_SIZE;
}

static bool charge(struct karena *a, size_t n)
{
	if (n > a->limit || a->used > a->limit - n) {
		a->failures++;
		return false;
	}
	a->used += n;
	if (a->used > a->peak)
		a->peak = a->used;
	return true;
}

static void *pages_alloc(struct karena *a, size_t n)
{
	size_t np = DIV_ROUND_UP(n, PAGE_SIZE), i;

	if (!a->map || np > a->pages)
		return NULL;
	i = bitmap_find_next_zero_area(a->map, a->pages, a->hint, np, 0);
	if (i >= a->pages)
		i = bitmap_find_next_zero_area(a->map, a->pages, 0, np, 0);
	if (i >= a->pages) {
		a->failures++;
		return NULL;
	}
	if (!charge(a, np * PAGE_SIZE))
		return NULL;
	bitmap_set(a->map, i, np);
	a->hint = i + np;
	a->page_count++;
	return a->base + i * PAGE_SIZE;
}

static void pages_free(struct karena *a, void *p, size_t n)
{
	size_t np = DIV_ROUND_UP(n, PAGE_SIZE);
	size_t i = ((u8 *)p - a->base) / PAGE_SIZE;

	bitmap_clear(a->map, i, np);
	if (i < a->hint)
		a->hint = i;
	a->used -= np * PAGE_SIZE;
	a->page_count--;
}

void *karena_alloc(struct karena *a, size_t n, bool zero)
{
	void *p;

	a->calls++;
	if (!n)
		n = 1;
	if (n <= KARENA_SMALL_MAX) {
		if (!charge(a, n))
			return NULL;
		p = kmalloc(n, GFP_NOWAIT | __GFP_NOWARN | (zero ? __GFP_ZERO : 0));
		if (!p) {
			a->used -= n;
			a->failures++;
			return NULL;
		}
		a->small_used += n;
		a->small_count++;
		return p;
	}
	p = pages_alloc(a, n);
	if (p && zero)
		memset(p, 0, n);
	return p;
}

void karena_free(struct karena *a, void *p, size_t n)
{
	if (!p)
		return;
	if (!n)
		n = 1;
	if (in_arena(a, p)) {
		pages_free(a, p, n);
		return;
	}
	kfree(p);
	a->used -= n;
	a->small_used -= n;
	a->small_count--;
}

void *karena_realloc(struct karena *a, void *p, size_t old, size_t n)
{
	void *q;

	if (!p)
		return karena_alloc(a, n, false);
	if (!n) {
		karena_free(a, p, old);
		return NULL;
	}
	/* a page run that keeps its page count stays where it is */
	if (in_arena(a, p) && n > KARENA_SMALL_MAX &&
	    DIV_ROUND_UP(n, PAGE_SIZE) == DIV_ROUND_UP(old ? old : 1, PAGE_SIZE))
		return p;
	q = karena_alloc(a, n, false);
	if (!q)
		return NULL;
	memcpy(q, p, min(old, n));
	karena_free(a, p, old);
	return q;
}
