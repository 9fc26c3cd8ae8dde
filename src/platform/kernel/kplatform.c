// SPDX-License-Identifier: GPL-2.0
/* kplatform.c - vm_platform for the kernel (kplatform.h). */
#include "kplatform.h"
#include "kcode.h"
#include "kdispatch.h"

#include <asm/cpufeature.h>
#include <asm/fpu/api.h>
#include <asm/nospec-branch.h>
#include <asm/text-patching.h>
#include <asm/unaligned.h>
#include <linux/objtool.h>
#include <linux/bug.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/timekeeping.h>

/* every hook runs inside a VM entry (in_vm); inside a kernel_fpu section
 * unless the VM has no floating-point code (vifvm_viflet.c) */
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

/*
 * The preemption point (vm_platform.slice_end, runtime/budget.c): called at
 * the end of each slice of the instruction budget, about every millisecond
 * of compiled code (20 ms interpreted), inside the VM's kernel_fpu section.
 * In process context (a /proc/vifvm/run upload), with nothing else holding
 * preemption off, the section is closed, the scheduler may run something
 * else (cond_resched(): also the soft-lockup watchdog's thread and RCU's
 * quiescent state), and a new section is opened.  That is sound at a call:
 * every SSE register is caller-saved across one, and kernel_fpu_begin()
 * sets MXCSR to the same value (round to nearest, exceptions masked).  The
 * task may move to another CPU meanwhile; the VM's stack is its own
 * vmalloc'ed one (vifvm_run.c), not a per-CPU stack.  In softirq or
 * interrupt context (a qdisc's VIFlets), or under a spinlock, it does
 * nothing: in_task() is false there, or preemption stays off.
 */
static bool resched = true;
module_param(resched, bool, 0644);
MODULE_PARM_DESC(resched, "reschedule at the end of each budget slice in process context (default 1; 0 only for the tests' self-test)");

static void kp_slice_end(void *ud)
{
	struct kplat *k = KP(ud);

	bool fpu = k->fpu_open;

	if (!k->may_resched || !READ_ONCE(resched) || !in_task())
		return;
	/* a VM without floating-point code may run outside a section */
	if (fpu)
		kernel_fpu_end();
	/*
	 * Every VM entry runs with bottom halves off (kvm_call, kvl_call), so
	 * preemptible() is false here even in a plain process context.  When
	 * the only thing holding preemption off is that one local_bh_disable()
	 * of ours (no lock, no outer BH section, interrupts on), it is lifted
	 * for the reschedule: pending softirqs run (they may enter a qdisc's
	 * VM; our FPU section is closed) and cond_resched() may switch.
	 * Anything else (a spinlock, an outer rcu_read_lock_bh) leaves the
	 * count higher and nothing is rescheduled.
	 */
	if (preempt_count() == SOFTIRQ_DISABLE_OFFSET && !irqs_disabled()) {
		local_bh_enable();
		cond_resched();
		local_bh_disable();
	} else if (preemptible()) {
		cond_resched();
	}
	if (fpu)
		kernel_fpu_begin();
	k->resched_points++;
}

/*
 * The kernel's retpoline thunks, by register number (vm_platform.
 * indirect_thunks): the JIT's code calls C helpers and compiled methods
 * with call rel32 (the code pool lies in module space, within reach of
 * module and kernel text) and makes every call through a register a call
 * of __x86_indirect_thunk_<reg>, which does what the boot-time choice of
 * Spectre v2 mitigation says (retpoline, lfence, or a plain jmp).
 */
#ifdef CONFIG_RETPOLINE
#define KP_THUNK(reg) [X86_##reg] = (const void *)__x86_indirect_thunk_##reg
enum { X86_rax, X86_rcx, X86_rdx, X86_rbx, X86_rsp, X86_rbp, X86_rsi, X86_rdi,
       X86_r8, X86_r9, X86_r10, X86_r11, X86_r12, X86_r13, X86_r14, X86_r15 };
static const void *const kp_thunks[16] = {
	KP_THUNK(rax), KP_THUNK(rcx), KP_THUNK(rdx), KP_THUNK(rbx),
	KP_THUNK(rbp), KP_THUNK(rsi), KP_THUNK(rdi),
	KP_THUNK(r8), KP_THUNK(r9), KP_THUNK(r10), KP_THUNK(r11),
	KP_THUNK(r12), KP_THUNK(r13), KP_THUNK(r14), KP_THUNK(r15),
};
#define KP_THUNKS kp_thunks
#else
#define KP_THUNKS NULL
#endif

/*
 * Returns (vm_platform.return_thunk).  Under the retbleed, SRSO and ITS
 * mitigations (X86_FEATURE_RETHUNK) no return of kernel text may be a
 * plain `ret`: the compiler emits `jmp __x86_return_thunk` for each, and
 * the kernel rewrites each such site, at boot and at module load
 * (apply_returns), into `jmp x86_return_thunk`, the thunk the mitigation
 * chose (retbleed_return_thunk, srso_return_thunk, its_return_thunk...),
 * or into `ret` where none is needed.  __x86_return_thunk itself is a
 * plain `ret` (6.1.y since the SRSO clean-up) and x86_return_thunk, the
 * choice, is not exported; the kernel's BPF JIT (emit_return) jumps to
 * x86_return_thunk.  The JIT learns the same address from a return site
 * of this module, kp_ret_probe below: `jmp __x86_return_thunk` in
 * .return_sites (objtool), rewritten by the module loader like every
 * other return of the module.  It starts a cache line: ITS's thunk is
 * wanted for returns in a line's lower half, so a probe there reads it.
 * The probe is never called (only its bytes are read): no ENDBR.
 */
asm(".pushsection .text, \"ax\", @progbits\n"
    ".p2align 6\n"
    ".type kp_ret_probe, @function\n"
    "kp_ret_probe:\n"
    ANNOTATE_NOENDBR
    ASM_RET
    ".size kp_ret_probe, .-kp_ret_probe\n"
    ".popsection\n");
extern const u8 kp_ret_probe[];

enum { KP_RT_AUTO, KP_RT_ON, KP_RT_OFF };
static const char *const kp_rt_names[] = { "auto", "on", "off" };
static int kp_rethunk;			/* KP_RT_*: new VMs read it */
static const void *kp_probed;		/* kp_ret_probe's thunk, or NULL */
static bool kp_cpu_rethunk;

static int kp_rethunk_set(const char *val, const struct kernel_param *kp)
{
	int i = sysfs_match_string(kp_rt_names, val);

	if (i < 0)
		return -EINVAL;
#ifndef CONFIG_RETHUNK
	if (i == KP_RT_ON)
		return -EINVAL;	/* no return thunk to go through */
#endif
	WRITE_ONCE(kp_rethunk, i);
	return 0;
}

static int kp_rethunk_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", kp_rt_names[READ_ONCE(kp_rethunk)]);
}

static const struct kernel_param_ops kp_rethunk_ops = {
	.set = kp_rethunk_set,
	.get = kp_rethunk_get,
};
module_param_cb(rethunk, &kp_rethunk_ops, NULL, 0644);
MODULE_PARM_DESC(rethunk, "returns of the JIT code of new VMs: auto (through the kernel's return thunk where it uses one: X86_FEATURE_RETHUNK, the retbleed/SRSO/ITS mitigations), on (always: the kernel's thunk, or __x86_return_thunk where it has none: for tests), off (plain ret) (default auto)");

/* the thunk the module loader gave kp_ret_probe's return, or NULL (ret) */
static const void *kp_probe_thunk(void)
{
	const u8 *p = kp_ret_probe;

	if (p[0] != JMP32_INSN_OPCODE)
		return NULL;
	return p + JMP32_INSN_SIZE + (s32)get_unaligned((const u32 *)(p + 1));
}

void kplat_rethunk_init(void)
{
	kp_probed = kp_probe_thunk();
#ifdef CONFIG_RETHUNK
	kp_cpu_rethunk = cpu_feature_enabled(X86_FEATURE_RETHUNK);
#endif
}

const void *const *kplat_indirect_thunks(void)
{
	return KP_THUNKS;
}

const void *kplat_return_thunk(void)
{
	switch (READ_ONCE(kp_rethunk)) {
	case KP_RT_AUTO:
		return kp_cpu_rethunk ? kp_probed : NULL;
#ifdef CONFIG_RETHUNK
	case KP_RT_ON:
		return kp_probed ? kp_probed : (const void *)__x86_return_thunk;
#endif
	default:
		return NULL;
	}
}

bool kplat_cpu_rethunk(void)
{
	return kp_cpu_rethunk;
}

const char *kplat_rethunk_mode(void)
{
	return kp_rt_names[READ_ONCE(kp_rethunk)];
}

/*
 * The interpreter's dispatch (vm_platform.interp_switch): computed gotos
 * where the kernel patched its thunks into plain or lfence'd indirect
 * jumps (eIBRS, AMD's lfence mode); where they are real retpolines, the
 * cheaper of the goto and the switch (a tree of compares) as timed at
 * module load (kdispatch.c: the switch on a CPU, measured 4x faster there
 * than gotos through retpolines; the goto under an emulator, where a
 * retpoline costs less than the tree).
 */
int kplat_interp_dispatch;
module_param_named(interp_dispatch, kplat_interp_dispatch, int, 0644);
MODULE_PARM_DESC(interp_dispatch, "interpreter dispatch of new VMs: 0 by the Spectre v2 mode (under real retpolines the cheaper of switch and goto, timed at load: see dmesg), 1 switch, 2 computed goto through the kernel's thunks (default 0)");

static bool kp_real_retpolines(void)
{
#ifdef CONFIG_RETPOLINE
	return boot_cpu_has(X86_FEATURE_RETPOLINE) && !boot_cpu_has(X86_FEATURE_RETPOLINE_LFENCE);
#else
	return false;
#endif
}

int kplat_dispatch_init(void)
{
	if (!kp_real_retpolines())
		return 0;
	return kdisp_calibrate();
}

const char *kplat_dispatch_auto(void)
{
	if (!kp_real_retpolines())
		return "goto (no retpolines)";
	if (!kdisp_result.measured)
		return "switch (not timed)";
	return kdisp_result.prefer_switch ? "switch (timed)" : "goto (timed)";
}

int kplat_interp_switch(void)
{
#ifdef CONFIG_RETPOLINE
	/* forced (either is as safe: the thunk makes the goto's jump a
	 * retpoline, the switch has no indirect jump) */
	if (kplat_interp_dispatch == 1)
		return 1;
	if (kplat_interp_dispatch == 2)
		return 0;
	if (!kp_real_retpolines())
		return 0;
	return kdisp_result.measured ? kdisp_result.prefer_switch : 1;
#else
	return 0;
#endif
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
		.indirect_thunks = KP_THUNKS,
		.slice_end = kp_slice_end,
		.interp_switch = kplat_interp_switch(),
		.return_thunk = kplat_return_thunk(),
	};
	k->may_resched = true;
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
