// SPDX-License-Identifier: GPL-2.0
/* vifvm_run.c - the module's one use of the VM: create a VM on the kernel
 * platform, run a program's main, destroy it (vifvm_run.h).
 *
 * This is the only kernel file that references VM core symbols
 * (scripts/check-kmod.sh checks it), and every such call sits between
 * kvm_enter() and kvm_leave(): a kernel_fpu section, because the core is
 * compiled with SSE2 (src/kmod/Kbuild).  Inside a section preemption is
 * off, so the VM's platform never sleeps (src/platform/kernel).  The VM's
 * C stack budget (vm_limits.native_stack_bytes: how deep compiled Java
 * calls may recurse) is derived from the kernel stack left below the
 * entry, and the depth actually reached is measured after each run
 * (painted stack). */
#include "vifvm_run.h"
#include "vifvm_blob.h"
#include "platform/kernel/kplatform.h"

#include "runtime/vm.h"
#include "classfile/classpath.h"	/* classpath_jar_main_class: vm_jar_main_class in include/vifvm.h */

#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/sched/task_stack.h>
#include <linux/string.h>
#include <asm/fpu/api.h>

#define KVM_DIR "/vifvm"
#define KVM_JAR "/vifvm/app.jar"
#define KVM_STACK_PAINT 0x5af00dd15ea5ed5aUL
#define KVM_STACK_GUARD 256	/* bytes above the stack's end left alone */
#define KVM_VALUE_STACK (1u << 20)	/* Java locals + operands */
#define KVM_MAX_FRAMES 4096u

static void kvm_enter(struct kplat *k)
{
	kernel_fpu_begin();
	k->in_vm = true;
}

static void kvm_leave(struct kplat *k)
{
	k->in_vm = false;
	kernel_fpu_end();
}

static unsigned long *stack_low(void)
{
	return (unsigned long *)((u8 *)task_stack_page(current) + KVM_STACK_GUARD);
}

/* fill the free stack below this frame with a pattern */
static noinline void stack_paint(void)
{
	unsigned long *p = stack_low();
	unsigned long *top = (unsigned long *)(current_stack_pointer - 256);

	for (; p < top; p++)
		WRITE_ONCE(*p, KVM_STACK_PAINT);
}

/* lowest address written since stack_paint */
static unsigned long stack_lowest_used(void)
{
	unsigned long *p = stack_low();
	unsigned long *top = (unsigned long *)current_stack_pointer;

	while (p < top && READ_ONCE(*p) == KVM_STACK_PAINT)
		p++;
	return (unsigned long)p;
}

u64 kvm_fpu_pair_ns(void)
{
	const int n = 1000;
	u64 t0, t1;
	int i;

	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		kernel_fpu_begin();
		kernel_fpu_end();
	}
	t1 = ktime_get_ns();
	return (t1 - t0) / n;
}

static void err_append(struct kplat *k, const char *s)
{
	size_t n = strlen(s);

	if (n > k->err.cap - k->err.len)
		n = k->err.cap - k->err.len;
	memcpy(k->err.data + k->err.len, s, n);
	k->err.len += n;
}

/* what a run needs beyond a few words: off the kernel stack */
struct kvm_ctx {
	struct kplat k;
	char detail[512];
	char path[300];
	vm_config cfg;
	vm_stats stats;
};

int kvm_run_blob(const u8 *data, size_t len, const struct kvm_opts *o, struct kvm_result *r)
{
	struct kvm_ctx *c;
	struct kplat *k;
	vm_diag d;
	const char *classpath;
	enum kvm_blob_kind kind;
	vm *v = NULL;
	vm_status st;
	unsigned long entry_sp, lowest;
	size_t avail, n;
	u64 t0 = ktime_get_ns(), t1;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	r->exit_code = 1;
	kind = kvm_blob_kind(data, len, r->main_class, sizeof(r->main_class));
	if (kind == KVM_BLOB_BAD) {
		strscpy(r->detail, "not a class file with a plain class name, nor a JAR", sizeof(r->detail));
		return -EINVAL;
	}
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	k = &c->k;
	d.buf = c->detail;
	d.cap = sizeof(c->detail);
	if (kplat_init(k, o->mem_bytes, o->mem_bytes, o->out_cap, o->jit)) {
		kfree(c);
		strscpy(r->detail, "out of memory for the VM's arena", sizeof(r->detail));
		return -ENOMEM;
	}
	if (kind == KVM_BLOB_CLASS) {
		snprintf(c->path, sizeof(c->path), KVM_DIR "/%s.class", r->main_class);
		kplat_add_file(k, c->path, data, len);
		k->dir = KVM_DIR;
		classpath = KVM_DIR;
	} else {
		kplat_add_file(k, KVM_JAR, data, len);
		classpath = KVM_JAR;
	}

	/* the C stack the VM may use: what is left below this frame, less a
	 * margin for the C paths (loader, compiler, collector) that run below
	 * the floor the VM checks, less the quarter kept for raising
	 * StackOverflowError (vm_native_stack_mark) */
	entry_sp = current_stack_pointer;
	avail = entry_sp - (unsigned long)stack_low();
	n = o->native_stack;
	if (!n)
		n = avail > o->stack_margin ? (avail - o->stack_margin) * 4 / 5 : 0;
	if (n < 512)
		n = 512;
	r->stack_avail = avail;
	r->stack_limit = n;

	
	c->cfg.plat = &k->plat;
	c->cfg.limits.heap_max = o->heap_bytes;
	c->cfg.limits.stack_bytes = KVM_VALUE_STACK;
	c->cfg.limits.max_frames = KVM_MAX_FRAMES;
	c->cfg.limits.max_class_bytes = len;
	c->cfg.limits.insn_budget = o->budget;
	c->cfg.limits.native_stack_bytes = n;
	c->cfg.classpath = classpath;
	c->cfg.bootlib = &vifvm_bootlib;
	c->cfg.interpret_only = !o->jit;

	stack_paint();

	kvm_enter(k);
	st = VM_OK;
	if (kind == KVM_BLOB_JAR)
		st = classpath_jar_main_class(&k->plat, KVM_JAR, len, r->main_class,
					      sizeof(r->main_class), &d);
	if (st == VM_OK)
		st = vm_create(&c->cfg, &v, &d);
	kvm_leave(k);
	if (st != VM_OK) {
		r->status = st;
		strscpy(r->detail, c->detail[0] ? c->detail : vm_status_str(st), sizeof(r->detail));
		err_append(k, r->detail);
		err_append(k, "\n");
		goto out;
	}

	t1 = ktime_get_ns();
	c->detail[0] = '\0';
	kvm_enter(k);
	st = vm_run_main(v, r->main_class, 0, NULL, &r->exit_code, &d);
	vm_get_stats(v, &c->stats);
	kvm_leave(k);
	r->run_ns = ktime_get_ns() - t1;
	r->status = st;
	if (st == VM_ERR_BUDGET) {
		r->exit_code = 3;
		snprintf(r->detail, sizeof(r->detail), "vifvm: aborted: %s", c->detail);
	} else if (st != VM_OK) {
		r->exit_code = 1;
		strscpy(r->detail, c->detail[0] ? c->detail : vm_status_str(st), sizeof(r->detail));
	}
	if (st != VM_OK) {
		err_append(k, r->detail);
		err_append(k, "\n");
	}
	r->jit_compiled = c->stats.jit_compiled;
	r->jit_bytes = c->stats.jit_code_bytes;
	r->gc_count = c->stats.gc_count;
	r->classes = c->stats.classes_loaded;

	kvm_enter(k);
	vm_destroy(v);
	kvm_leave(k);

out:
	lowest = stack_lowest_used();
	r->stack_used = entry_sp > lowest ? entry_sp - lowest : 0;
	r->mem_peak = k->mem.peak;
	if (o->fault == 1 && k->out.len)
		k->out.data[0] ^= 0x20;	/* self-test: wrong output */
	r->out = k->out.data;
	r->out_len = k->out.len;
	r->out_truncated = k->out.truncated;
	r->err = k->err.data;
	r->err_len = k->err.len;
	k->out.data = NULL;
	k->err.data = NULL;
	r->mem_leaked = kplat_destroy(k);
	kfree(c);
	r->total_ns = ktime_get_ns() - t0;
	WARN(o->fault == 2, "vifvm: fault=2: a deliberate warning (harness self-test)\n");
	return ret;
}
