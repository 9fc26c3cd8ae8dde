// SPDX-License-Identifier: GPL-2.0
/*
 * kdispatch.c - which interpreter dispatch is cheaper on this machine,
 * measured once at module load (as the kernel's raid6 and xor code time
 * their implementations at boot and keep the fastest).
 *
 * The interpreter exists twice in a retpoline build (src/interp/
 * interp_switch.c): computed gotos, whose one indirect jump per bytecode
 * goes through the kernel's __x86_indirect_thunk_<reg>, and a switch
 * compiled with -fno-jump-tables (a tree of compares, no indirect jump).
 * Which is cheaper depends on what the thunk is at run time:
 *  - a plain or lfence'd jump (eIBRS, AMD's lfence mode: the thunks were
 *    patched at boot): the computed goto, always (no timing needed);
 *  - a real retpoline on a CPU: each dispatch pays a forced mispredict
 *    (Sieve interpreted in user space on this project's host: 5.2 s
 *    through retpolines, 1.28 s with the tree, 0.69 s with plain jumps;
 *    src/kmod/README.md, "Retpolines"): the switch;
 *  - a real retpoline under an emulator (qemu TCG, the test guest): the
 *    thunk is a few more emulated instructions and no misprediction,
 *    while every compare of the tree ends an emulated block: the goto
 *    (bench/README.md: Sieve interpreted, kernel/user, 1.5-1.8 with
 *    gotos and 2.3-3.8 with the switch in k8/k10's boots, 0.9-1.2 and
 *    1.9-2.9 in k11's).
 * No feature flag tells the last two apart (qemu sets the hypervisor bit
 * under KVM too, where the CPU is real), so with real retpolines both
 * mechanisms are timed here on the same synthetic stream of 256-way
 * dispatches (a loop body of 64 ops, repeated), built the way the
 * interpreter builds them (a goto through the thunk; a switch without
 * jump tables, -fno-jump-tables in Kbuild for this file), and the
 * cheaper one is kept for every new VM.  Both are equally safe: the
 * goto's jump is a retpoline, the tree has no indirect branch.  The
 * module parameter interp_dispatch (1 switch, 2 goto) still forces one.
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include "kdispatch.h"

struct kdisp_result kdisp_result;

#ifdef CONFIG_RETPOLINE

#define KD_LEN 4096		/* the stream; op 0 ends one pass */
#define KD_BODY 64		/* the loop body it repeats */
#define KD_PASSES 24		/* passes per timing: ~98k dispatches */
#define KD_TRIES 5		/* timings of each, alternated; the minimum */

/* each case does a little distinct work, so none merge and no table
 * replaces the switch */
#define KD_W(n) (acc = (acc ^ (n)) + i)

/* M(0x01) .. M(0xff): literal numbers, so that labels can be pasted */
#define KD_ROW(M, h) M(0x##h##0) M(0x##h##1) M(0x##h##2) M(0x##h##3) \
	M(0x##h##4) M(0x##h##5) M(0x##h##6) M(0x##h##7) M(0x##h##8) \
	M(0x##h##9) M(0x##h##a) M(0x##h##b) M(0x##h##c) M(0x##h##d) \
	M(0x##h##e) M(0x##h##f)
#define KD_R255(M) M(0x01) M(0x02) M(0x03) M(0x04) M(0x05) M(0x06) \
	M(0x07) M(0x08) M(0x09) M(0x0a) M(0x0b) M(0x0c) M(0x0d) M(0x0e) \
	M(0x0f) KD_ROW(M, 1) KD_ROW(M, 2) KD_ROW(M, 3) KD_ROW(M, 4) \
	KD_ROW(M, 5) KD_ROW(M, 6) KD_ROW(M, 7) KD_ROW(M, 8) KD_ROW(M, 9) \
	KD_ROW(M, a) KD_ROW(M, b) KD_ROW(M, c) KD_ROW(M, d) KD_ROW(M, e) \
	KD_ROW(M, f)

static noinline u64 kd_switch(const u8 *code)
{
	unsigned int i = 0, passes = KD_PASSES;
	u64 acc = 0;

	for (;;) {
		switch (code[i++]) {
		case 0:
			if (--passes == 0)
				return acc;
			i = 0;
			break;
#define KD_CASE(n) case n: KD_W(n); break;
		KD_R255(KD_CASE)
#undef KD_CASE
		}
	}
}

static noinline u64 kd_goto(const u8 *code)
{
#define KD_ADDR(n) &&kd_##n,
	static const void *const tbl[256] __annotate_jump_table = { &&kd_0, KD_R255(KD_ADDR) };
#undef KD_ADDR
	unsigned int i = 0, passes = KD_PASSES;
	u64 acc = 0;

	goto *tbl[code[i++]];
kd_0:
	if (--passes == 0)
		return acc;
	i = 0;
	goto *tbl[code[i++]];
#define KD_LABEL(n) kd_##n: KD_W(n); goto *tbl[code[i++]];
	KD_R255(KD_LABEL)
#undef KD_LABEL
}

static u64 kd_time(u64 (*fn)(const u8 *), const u8 *code, u64 *sink)
{
	u64 t0, t1;

	preempt_disable();
	t0 = ktime_get_ns();
	*sink += fn(code);
	t1 = ktime_get_ns();
	preempt_enable();
	return t1 - t0;
}

int kdisp_calibrate(void)
{
	u64 best_goto = U64_MAX, best_switch = U64_MAX, sink = 0, t;
	u32 x = 12345;
	u8 *code;
	int k;

	code = kmalloc(KD_LEN, GFP_KERNEL);
	if (!code)
		return -ENOMEM;
	/*
	 * ops 1..255: a fixed pseudo-random loop body of KD_BODY ops,
	 * repeated, as an interpreted loop repeats its bytecodes (a CPU then
	 * predicts the tree's branches, as it does the interpreter's, while
	 * every retpoline still costs its forced mispredict; a random stream
	 * made both look alike there: 0.78 against 0.64 ms on this project's
	 * host, where the loop gives 0.80 against 0.25 ms, the interpreter's
	 * 4x).  0 ends the pass.
	 */
	for (k = 0; k < KD_LEN - 1; k++) {
		if (k >= KD_BODY) {
			code[k] = code[k - KD_BODY];
			continue;
		}
		x = x * 1103515245u + 12345u;
		code[k] = 1 + (x >> 16) % 255;
	}
	code[KD_LEN - 1] = 0;
	for (k = 0; k < KD_TRIES; k++) {
		t = kd_time(kd_goto, code, &sink);
		best_goto = min(best_goto, t);
		t = kd_time(kd_switch, code, &sink);
		best_switch = min(best_switch, t);
		cond_resched();
	}
	kfree(code);
	kdisp_result.measured = true;
	kdisp_result.dispatches = (u64)KD_PASSES * KD_LEN;
	kdisp_result.goto_ns = best_goto;
	kdisp_result.switch_ns = best_switch;
	kdisp_result.prefer_switch = best_switch < best_goto;
	kdisp_result.checksum = sink;
	return 0;
}

#else

int kdisp_calibrate(void)
{
	return 0;
}

#endif
