/* vifvm_run.c - the module's one use of the VM: create a VM on the kernel
 * platform, run a program's main, destroy it (vifvm_run.h).
 *
 * This is the only kernel file that references VM core symbols
 * (scripts/check-kmod.sh checks it), and every such call is made by
 * kvm_call(): inside a kernel_fpu section (the core is compiled with SSE2,
 * src/kmod/Kbuild) and on the VM's own stack.
 *
 * Floating point: kernel_fpu_begin() saves the task's FPU state, resets
 * MXCSR (round to nearest, exceptions masked: what Java needs) and
 * disables preemption until kernel_fpu_end(); so the VM never sleeps
 * (src/platform/kernel) and a run holds its CPU (keep runs short: the
 * instruction budget).  Measured cost of a begin+end pair: printed at load.
 *
 * Stack: the VM's C paths are deep (class loading -> parser -> verifier,
 * the JIT compiler, the collector, exception construction: 10-13 KiB
 * measured on the 16 KiB kernel stack, leaving about 2 KiB), and compiled
 * Java calls recurse on the C stack.  So each entry runs on a stack of its
 * own, vmalloc'ed per run (vm_stack_kb, default 128 KiB; vmalloc's guard
 * page below it turns an overflow into a fault, never a silent
 * corruption), switched to with the kernel's call_on_stack() (as the IRQ
 * stacks are: the old stack pointer is kept at the new stack's top for
 * the unwinders), only ever with preemption off (inside the kernel_fpu
 * section).  Interrupts taken there push their frame on it and move to the
 * IRQ stack as from any kernel stack.  vm_limits.native_stack_bytes (how
 * deep compiled Java may recurse) is derived from that stack's size less
 * a margin for the C paths below the floor the VM checks, and the depth
 * actually reached is measured after each run (painted stack). */
#include "vifvm_run.h"
#include "vifvm_blob.h"
#include "platform/kernel/kplatform.h"

#include "vifvm.h"

#include <linux/bottom_half.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/fpu/api.h>
#include <asm/irq_stack.h>

#define KVM_DIR "/vifvm"
#define KVM_JAR "/vifvm/app.jar"
#define KVM_STACK_PAINT 0x5af00dd15ea5ed5aUL
#define KVM_VALUE_STACK (1u << 20)	/* Java locals + operands */
#define KVM_MAX_FRAMES 4096u
#define KVM_MAX_CLASS (4u << 20)	/* largest class file or JAR entry */

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
	vm_diag d;
	/* the entry kvm_tramp makes, its arguments and result */
	enum { OP_CREATE, OP_RUN, OP_DESTROY } op;
	bool jar;
	size_t len;
	vm *v;
	vm_status st;
	struct kvm_result *r;
	/* the VM's stack */
	u8 *stack;
	size_t stack_size;
};

/* runs on the VM's stack, inside the kernel_fpu section */
static void kvm_tramp(struct kvm_ctx *c)
{
	struct kvm_result *r = c->r;

	switch (c->op) {
	case OP_CREATE:
		c->st = VM_OK;
		if (c->jar)
			c->st = vm_jar_main_class(&c->k.plat, KVM_JAR, c->len, r->main_class,
							 sizeof(r->main_class), &c->d);
		if (c->st == VM_OK)
			c->st = vm_create(&c->cfg, &c->v, &c->d);
		break;
	case OP_RUN:
		c->st = vm_run_main(c->v, r->main_class, 0, NULL, &r->exit_code, &c->d);
		vm_get_stats(c->v, &c->stats);
		r->budget_used = vm_budget_used(c->v);
		break;
	case OP_DESTROY:
		vm_destroy(c->v);
		c->v = NULL;
		break;
	}
}

/* one entry into the VM: FPU section, then the VM's stack */
static void kvm_call(struct kvm_ctx *c, int op)
{
	void *top = c->stack + c->stack_size - sizeof(long);

	c->op = op;
	/* bottom halves off: a softirq running the vifvm qdisc on this CPU
	 * would enter a VM (kernel_fpu_begin) inside this section */
	local_bh_disable();
	kernel_fpu_begin();
	c->k.in_vm = true;
	c->k.fpu_open = true;
	call_on_stack(top, kvm_tramp, ASM_CALL_ARG1, , [arg1] "r" (c));
	c->k.fpu_open = false;
	c->k.in_vm = false;
	kernel_fpu_end();
	local_bh_enable();
}

static size_t stack_used(const struct kvm_ctx *c)
{
	const unsigned long *p = (const unsigned long *)c->stack;
	const unsigned long *end = (const unsigned long *)(c->stack + c->stack_size);

	while (p < end && *p == KVM_STACK_PAINT)
		p++;
	return (const u8 *)end - (const u8 *)p;
}

int kvm_run_blob(const u8 *data, size_t len, const struct kvm_opts *o, struct kvm_result *r)
{
	struct kvm_ctx *c;
	struct kplat *k;
	const char *classpath;
	enum kvm_blob_kind kind;
	size_t n, i;
	u64 t0 = ktime_get_ns(), t1;

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
	c->r = r;
	c->len = len;
	c->jar = kind == KVM_BLOB_JAR;
	c->d.buf = c->detail;
	c->d.cap = sizeof(c->detail);
	c->stack_size = PAGE_ALIGN(max_t(size_t, o->vm_stack, 32768));
	c->stack = vmalloc(c->stack_size);
	if (!c->stack || kplat_init(k, o->mem_bytes, o->mem_bytes, o->out_cap, o->jit)) {
		vfree(c->stack);
		kfree(c);
		strscpy(r->detail, "out of memory for the VM's stack or arena", sizeof(r->detail));
		return -ENOMEM;
	}
	for (i = 0; i < c->stack_size / sizeof(long); i++)
		((unsigned long *)c->stack)[i] = KVM_STACK_PAINT;
	if (kind == KVM_BLOB_CLASS) {
		snprintf(c->path, sizeof(c->path), KVM_DIR "/%s.class", r->main_class);
		kplat_add_file(k, c->path, data, len);
		k->dir = KVM_DIR;
		classpath = KVM_DIR;
	} else {
		kplat_add_file(k, KVM_JAR, data, len);
		classpath = KVM_JAR;
	}

	/* how deep compiled Java calls may go: the VM's stack less a margin
	 * for the C paths (loader, compiler, collector) that run below the
	 * floor the VM checks, less the quarter kept for raising
	 * StackOverflowError (vm_native_stack_mark) */
	n = o->native_stack;
	if (!n)
		n = c->stack_size > o->stack_margin ? (c->stack_size - o->stack_margin) * 4 / 5 : 0;
	if (n < 1024)
		n = 1024;
	r->stack_avail = c->stack_size;
	r->stack_limit = n;

	c->cfg.plat = &k->plat;
	c->cfg.limits.heap_max = o->heap_bytes;
	c->cfg.limits.stack_bytes = KVM_VALUE_STACK;
	c->cfg.limits.max_frames = KVM_MAX_FRAMES;
	c->cfg.limits.max_class_bytes = KVM_MAX_CLASS;
	c->cfg.limits.insn_budget = o->budget;
	c->cfg.limits.native_stack_bytes = n;
	c->cfg.classpath = classpath;
	c->cfg.bootlib = &vifvm_bootlib;
	c->cfg.interpret_only = !o->jit;
	c->cfg.jit_tier2 = o->tier2;	/* eager: at the first call, never by counts */
	c->cfg.jit_tier2_off = VM_TIER2_OFF_RECOMPILE;
	c->cfg.jit_opts_disabled = o->jit_off;

	kvm_call(c, OP_CREATE);
	if (c->st != VM_OK) {
		r->status = c->st;
		strscpy(r->detail, c->detail[0] ? c->detail : vm_status_str(c->st), sizeof(r->detail));
		err_append(k, r->detail);
		err_append(k, "\n");
		goto out;
	}

	t1 = ktime_get_ns();
	c->detail[0] = '\0';
	kvm_call(c, OP_RUN);
	r->run_ns = ktime_get_ns() - t1;
	r->status = c->st;
	if (c->st == VM_ERR_BUDGET) {
		r->exit_code = 3;
		snprintf(r->detail, sizeof(r->detail), "vifvm: aborted: %s", c->detail);
	} else if (c->st != VM_OK) {
		r->exit_code = 1;
		strscpy(r->detail, c->detail[0] ? c->detail : vm_status_str(c->st), sizeof(r->detail));
	}
	if (c->st != VM_OK) {
		err_append(k, r->detail);
		err_append(k, "\n");
	}
	r->jit_compiled = c->stats.jit_compiled;
	r->jit_bytes = c->stats.jit_code_bytes;
	r->tier2_code = c->stats.jit_tier2_code;
	r->tier2_exits = c->stats.jit_tier2_exits;
	r->gc_count = c->stats.gc_count;
	r->classes = c->stats.classes_loaded;

	kvm_call(c, OP_DESTROY);

out:
	r->stack_used = stack_used(c);
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
	vfree(c->stack);
	kfree(c);
	r->total_ns = ktime_get_ns() - t0;
	WARN(o->fault == 2, "vifvm: fault=2: a deliberate warning (harness self-test)\n");
	return 0;
}

int kvm_jit_opts_parse(const char *list, u32 *off)
{
	const char *bad;
	size_t bad_len;
	uint32_t v = 0;

	if (*list && !jit_parse_opts(list, &v, &bad, &bad_len))
		return -EINVAL;
	*off = v;
	return 0;
}
