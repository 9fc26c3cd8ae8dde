/* SPDX-License-Identifier: GPL-2.0 */
/* vifvm_run.h - run one Java program in the kernel: the module's only use
 * of the VM (vifvm_run.c). */
#ifndef VIFVM_KMOD_RUN_H
#define VIFVM_KMOD_RUN_H

#include <linux/types.h>

struct kvm_opts {
	bool jit;		/* false: interpreter only */
	u8 tier2;		/* the optimizing tier (vm_config.jit_tier2), eager */
	u32 jit_off;		/* JIT optimizations off (vm_config.jit_opts_disabled) */
	size_t heap_bytes;	/* Java heap quota */
	size_t mem_bytes;	/* all the VM's memory (heap included) */
	size_t out_cap;		/* bytes kept of stdout and of stderr */
	u64 budget;		/* instruction budget (0: unlimited) */
	size_t vm_stack;	/* bytes of the VM's own stack (vmalloc'ed per run) */
	size_t native_stack;	/* C stack for compiled calls; 0: from vm_stack */
	size_t stack_margin;	/* kept below native_stack's floor for C paths */
	int fault;		/* harness self-test: 1 wrong output, 2 WARN */
};

/* "-dcall,-pic" (vifvm's -Xjit: list) into *off, the bits of the
 * optimizations turned off; -EINVAL if a name is unknown. */
int kvm_jit_opts_parse(const char *list, u32 *off);

struct kvm_result {
	int exit_code;		/* as java's (3: budget exhausted) */
	int status;		/* vm_status of the run */
	char main_class[256];
	char detail[256];
	char *out, *err;	/* kvmalloc'ed: the caller kvfree's them */
	size_t out_len, err_len;
	bool out_truncated;
	u64 run_ns, total_ns;
	size_t stack_avail;	/* the VM's stack */
	size_t stack_limit;	/* native_stack_bytes given to the VM */
	size_t stack_used;	/* deepest point the run reached (measured) */
	size_t mem_peak, mem_leaked;
	u32 jit_compiled, gc_count, classes;
	u32 tier2_code;		/* methods that ran tier-2 code */
	u64 tier2_exits;	/* times tier-2 code left to the interpreter */
	u64 jit_bytes;
	u64 budget_used;	/* instruction budget ticks the run took */
};

/* Run the main class of a class file or JAR (data, len).  Process context,
 * may sleep (outside its kernel_fpu sections).  0, or -errno when it could
 * not even start (then r->detail says why). */
int kvm_run_blob(const u8 *data, size_t len, const struct kvm_opts *o, struct kvm_result *r);

/* Cost of one kernel_fpu_begin()+kernel_fpu_end() pair, in ns (measured). */
u64 kvm_fpu_pair_ns(void);

#endif
