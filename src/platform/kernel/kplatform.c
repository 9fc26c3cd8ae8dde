// SPDX-License-Identifier: GPL-2.0
/* kplatform.c - vm_platform for the kernel (kplatform.h). */
#include "kplatform.h"
#include "kcode.h"

#include <linux/bug.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

/* every hook runs inside the VM's kernel_fpu section (vifvm_run.c) */
#define KP(ud) ({ struct kplat *k_ = (ud); WARN_ON_ONCE(!k_->in_vm); k_; })

static void *kp_realloc(void *ud, void *p, size_t old, size_t n)
{
	struct kplat *k = KP(ud);

	return karena_realloc(&k->mem, p, old, n);
}

static void *kp_zalloc(void *ud, size_t n)
{
	struct kplat *k = KP(ud);

	return karena_alloc(&k->mem, n, true);
}

static int64_t kp_nanotime(void *ud)
{
	return ktime_get_ns();
}

static int64_t kp_wallclock_ms(void *ud)
{
	return ktime_get_real_ns() / NSEC_PER_MSEC;
}

static void buf_put(struct kplat_buf *b, const char *s, size_t n)
{
	size_t room = b->cap - b->len;

	if (n > room) {
		n = room;
		b->truncated = true;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

static void kp_write(void *ud, int stream, const char *buf, size_t n)
{
	struct kplat *k = KP(ud);

	buf_put(stream == 2 ? &k->err : &k->out, buf, n);
}

static vm_status kp_read_file(void *ud, const char *path, size_t max_len,
			      uint8_t **data, size_t *len)
{
	struct kplat *k = KP(ud);
	unsigned int i;
	u8 *p;

	for (i = 0; i < k->nfiles; i++) {
		if (strcmp(path, k->files[i].path))
			continue;
		if (k->files[i].len > max_len)
			return VM_ERR_LIMIT;
		p = karena_alloc(&k->mem, k->files[i].len ? k->files[i].len : 1, false);
		if (!p)
			return VM_ERR_NOMEM;
		memcpy(p, k->files[i].data, k->files[i].len);
		*data = p;
		*len = k->files[i].len;
		return VM_OK;
	}
	return VM_ERR_IO;
}

static int kp_is_dir(void *ud, const char *path)
{
	struct kplat *k = KP(ud);

	return k->dir && !strcmp(path, k->dir);
}

static void *kp_code_map_dual(void *ud, size_t size, void **rw)
{
	(void)KP(ud);
	return kcode_map(size, rw);
}

static void kp_code_unmap_dual(void *ud, void *rx, void *rw, size_t size)
{
	(void)KP(ud);
	kcode_unmap(rx, rw, size);
}

static int buf_init(struct kplat_buf *b, size_t cap)
{
	b->data = kvmalloc(cap ? cap : 1, GFP_KERNEL);
	b->len = 0;
	b->cap = cap;
	b->truncated = false;
	return b->data ? 0 : -ENOMEM;
}

int kplat_init(struct kplat *k, size_t arena_bytes, size_t mem_limit, size_t out_cap, bool jit)
{
	memset(k, 0, sizeof(*k));
	k->jit = jit;
	if (karena_init(&k->mem, arena_bytes, mem_limit))
		return -ENOMEM;
	if (buf_init(&k->out, out_cap) || buf_init(&k->err, out_cap)) {
		kplat_destroy(k);
		return -ENOMEM;
	}
	k->plat = (vm_platform){
		.ud = k,
		.realloc = kp_realloc,
		.zalloc = kp_zalloc,
		.nanotime = kp_nanotime,
		.wallclock_ms = kp_wallclock_ms,
		.write = kp_write,
		.read_file = kp_read_file,
		/* pow, exp, sin, ...: NULL, Java's fdlibm (StrictMath) runs */
		.code_map_dual = jit ? kp_code_map_dual : NULL,
		.code_unmap_dual = jit ? kp_code_unmap_dual : NULL,
		.is_dir = kp_is_dir,
	};
	return 0;
}

size_t kplat_destroy(struct kplat *k)
{
	size_t left = karena_destroy(&k->mem);

	kvfree(k->out.data);
	kvfree(k->err.data);
	k->out.data = NULL;
	k->err.data = NULL;
	return left;
}

int kplat_add_file(struct kplat *k, const char *path, const u8 *data, size_t len)
{
	if (k->nfiles == KPLAT_MAX_FILES)
		return -ENOSPC;
	k->files[k->nfiles].path = path;
	k->files[k->nfiles].data = data;
	k->files[k->nfiles].len = len;
	k->nfiles++;
	return 0;
}
