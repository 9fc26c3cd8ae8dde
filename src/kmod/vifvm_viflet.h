/* SPDX-License-Identifier: GPL-2.0 */
/* vifvm_viflet.h - one VIFlet of the qdisc in its own VM (vifvm_viflet.c):
 * load (process context), enqueue/dequeue calls with vif.Packet objects
 * over sk_buffs (any context with bottom halves off), destroy (process
 * context).  The caller (vifvm_qdisc.c) serialises every call on one
 * VIFlet (the qdisc's root lock on the packet path; a new VIFlet is not
 * yet visible to the packet path while it loads). */
#ifndef VIFVM_KMOD_VIFLET_H
#define VIFVM_KMOD_VIFLET_H

#include <linux/atomic.h>
#include <linux/moduleparam.h>
#include <linux/types.h>

struct sk_buff;
struct kvl;

struct kvl_params {
	bool jit;
	u8 tier2;		/* the optimizing tier at the load (vm_config.jit_tier2) */
	bool tier2_again;	/* A/B only: tier-2 code may compile again on the path */
	u32 jit_off;		/* JIT optimizations off (vm_config.jit_opts_disabled) */
	size_t heap_bytes;	/* Java heap quota */
	size_t mem_bytes;	/* all the VM's memory, vmalloc'ed at load */
	u64 budget;		/* instruction budget per handler call */
	u64 load_budget;	/* for <clinit> and the constructor */
	size_t vm_stack;	/* the VM's own stack (vmalloc'ed) */
	size_t stack_margin;
	u32 quota;		/* packets the VIFlet may hold */
	/* output of the VIFlet (System.out/err, stack traces): any context */
	void (*log)(void *ctx, const char *s, size_t n);
	void *ctx;
};

/* Why a handler call failed (the VIFlet is then aborted). */
#define KVL_DETAIL 512

/* Load a class file or JAR as a VIFlet in a fresh VM: verify, prepare
 * (compile every method: vm_prepare_class), construct.  Process context,
 * may sleep.  0 and *out, or -errno with the reason in err. */
int kvl_load(const u8 *blob, size_t len, const struct kvl_params *p, struct kvl **out,
	     char *err, size_t cap);
/* At insmod: the copy into a Packet checked against memcpy (0 or -EINVAL). */
int kvl_copy_check(void);
/* Free the VM and everything.  Process context.  The VIFlet must hold no
 * sk_buff any more (kvl_take_all). */
void kvl_destroy(struct kvl *l);

const char *kvl_class_name(const struct kvl *l);	/* "pkg.Name" */
u32 kvl_held(const struct kvl *l);			/* packets held */
bool kvl_engine_jit(const struct kvl *l);
/* its VM holds floating-point code: packet-path entries run inside a
 * kernel_fpu section (vifvm_viflet.c) */
bool kvl_uses_fpu(const struct kvl *l);
/* a relay (enqueue and dequeue the default FIFO's): its packets stay
 * skbs in a C queue, without entering its VM (module parameter relay_c);
 * how many it took that way */
bool kvl_relay_in_c(const struct kvl *l);
u64 kvl_relayed(const struct kvl *l);
/* a relay whose next packet would be relayed in C (relay_c on, no old
 * path, no Java packet held): the qdisc may let the kernel send its
 * packets past the queue (TCQ_F_CAN_BYPASS); kvl_relay_count counts those
 * in relayed */
bool kvl_relay_now(const struct kvl *l);
void kvl_relay_count(struct kvl *l, u64 n);
/* packets whose byte[] came from its pool (pkt_pool) */
u64 kvl_pooled(const struct kvl *l);
/* the handlers' entries (handler_entry): "native", "prepared" or "call"
 * (none prepared), and the calls made through them */
const char *kvl_entry_kind(const struct kvl *l, bool deq);
u64 kvl_entry_calls(const struct kvl *l);
/* its classes call vif.Packet.timestamp(): packets need their arrival time
 * (otherwise Packet.ts stays 0 and the clock is not read for it) */
bool kvl_need_ts(const struct kvl *l);
/* Are its packets copied into their Packets whole?  (else the first 64
 * bytes: nothing it can call reads further; vifvm_viflet.c) */
bool kvl_copies_all(const struct kvl *l);
/* What its VM did after its load finished (issue 13: nothing should be
 * compiled or loaded on the packet path): methods JIT-compiled and
 * classes loaded since then, e.g. by a Class.forName or reflection the
 * load's walk could not see.  The caller keeps l alive (load_lock); the
 * figures are read without the packet path's lock (two u32 counters). */
void kvl_path_counts(const struct kvl *l, u32 *compiled, u32 *loaded);
/* methods running tier-2 code, and the times it left to the interpreter */
void kvl_tier2_counts(const struct kvl *l, u32 *code, u64 *exits);

/* Fusion (issue 14): a VIFlet whose enqueue is a field program and whose
 * dequeue the default FIFO's, with the program's native code made at
 * load, and module parameter fuse on: kvl_prog_enqueue runs it on skb in
 * place of the enqueue and the drain's dequeue (a stage below the root;
 * vifvm_viflet.c says when).  KVL_PROG_CALLS: nothing done (make the
 * calls).  kvl_prog_info: whether it has one, its code's size, the
 * packets it ran (passed), dropped, and left to the calls. */
enum { KVL_PROG_PASS, KVL_PROG_DROP, KVL_PROG_CALLS };
bool kvl_prog_ready(const struct kvl *l);
int kvl_prog_enqueue(struct kvl *l, struct sk_buff *skb, u64 *ts);
bool kvl_prog_info(const struct kvl *l, u32 *bytes, u64 *runs, u64 *drops, u64 *calls);
/* For a fused path (vifvm_fuse.c): the program's parts (its VIFlet object,
 * the vm_field_prog, its code), whether it writes / reads the bytes;
 * kvl_prog_skb: skb's bytes ready for such programs (false: the calls);
 * kvl_prog_can: the VIFlet's state lets it run now (fuse on, the FIFO's
 * ring made and empty, under the quota); kvl_prog_passed: the calls'
 * effect on the VIFlet of a packet the program passed. */
struct vm_field_prog;
bool kvl_prog_parts(const struct kvl *l, void **obj, const struct vm_field_prog **p,
		    const void **fn);
bool kvl_prog_flags(const struct kvl *l, bool *writes, bool *reads);
bool kvl_prog_skb(struct sk_buff *skb, bool writes, bool reads);
bool kvl_prog_can(const struct kvl *l);
void kvl_prog_passed(struct kvl *l);

/* Hand skb to the VIFlet's enqueue; ts: its arrival time at the datapath
 * (Packet.timestamp(), ktime ns), 0: now (the clock is read).  Returns 0:
 * the VIFlet holds it (or let it go: its drop, found by kvl_audit);
 * -ENOSPC: over the quota or out of heap (skb not taken); -EPIPE: the
 * handler failed (skb taken by the VIFlet's slot table: take it back with
 * kvl_take_all), why in detail.  Bottom halves off. */
int kvl_enqueue(struct kvl *l, struct sk_buff *skb, u64 ts, char *detail);
/* Call the VIFlet's dequeue.  Returns 0 with *skb (the packet handed on,
 * its bytes written back from the Java byte[]; *ts its arrival time) or
 * *skb NULL; -EPIPE when it failed (detail says why).  *wake: the time
 * (ktime ns) it asked to be called again at, or 0. */
int kvl_dequeue(struct kvl *l, struct sk_buff **skb, u64 *ts, u64 *wake, char *detail);
/* Find the packets the VIFlet let go of (unreachable from its objects):
 * they are dropped by its handler.  Frees them and returns how many, and
 * their bytes in *bytes. */
u32 kvl_audit(struct kvl *l, u64 *bytes);
/* Take back every sk_buff the VIFlet holds, in arrival order: up to max
 * into skbs; returns how many. */
u32 kvl_take_all(struct kvl *l, struct sk_buff **skbs, u32 max);

/*
 * One kernel_fpu section for all the VM entries of a qdisc operation
 * (vq_enqueue, vq_dequeue: bottom halves off, the root lock held): between
 * kvl_op_begin() and kvl_op_end() the first entry opens the section and
 * the next ones only switch to their VM's stack; kvl_op_end() closes it.
 * Bottom halves are off already, so no local_bh_disable per entry.  The
 * C code between the entries (the qdisc's, kfree_skb, a filter) then runs
 * inside the section: it must not use the FPU, and does not.  Nesting is
 * counted (only the outermost pair acts).  No softirq can run inside an
 * operation (and enter another on this CPU): the budget's slice-end hook
 * (kp_slice_end) lets softirqs run only under a bare BH-off, and the root
 * lock held here keeps the preemption count above that.
 */
void kvl_op_begin(void);
void kvl_op_end(void);
/* the profile's probe (parameter prof_fpu): open the operation's section
 * even without a VM entry, to measure what a kernel_fpu section costs a
 * system call (the save of the task's FPU registers, their restore on the
 * way back to user space) */
extern bool kvl_prof_fpu;
/* (vifvm_qdisc.c) the setter of the module parameters the bypass depends
 * on: relay_c, prev_path, prof_old, prof_fpu, bypass */
extern const struct kernel_param_ops vq_switch_ops;
void kvl_op_fpu(void);
/* the profile's A/B switch (parameter prof_old): the packet path as it was
 * before these savings (every dequeue a VM call, also on a VIFlet holding
 * nothing; each entry its own BH-off FPU section; the clock read at every
 * dequeue), to compare both in one boot */
extern bool kvl_prof_old;
/* module parameter prev_path: the path before FPU-free VIFlets (A/B) */
extern bool kvl_prev_path;
static inline bool kvl_old_path(void)
{
	return unlikely(READ_ONCE(kvl_prof_old) || READ_ONCE(kvl_prev_path));
}

/* module-wide counters (/proc/vifvm/status) */
extern atomic_t kvl_vms;
/* enqueue/dequeue VM entries inside a kernel_fpu section and without one;
 * sections opened during an entry by a class load (kvl_fpu_need) */
extern atomic64_t kvl_fpu_entries, kvl_nofpu_entries, kvl_fpu_lazy;

/*
 * Profile of the packet path (module parameter prof, off by default;
 * writing it clears the figures; /proc/vifvm/status prints them): cycles
 * (get_cycles) and counts of the parts of each VM entry and of the qdisc's
 * operations.  Off, each part costs one test of a bool.
 */
enum kvl_prof_part {
	KVL_P_ENQ,		/* a VM entry for enqueue: whole kvl_call */
	KVL_P_DEQ,		/* a VM entry for dequeue: whole kvl_call */
	KVL_P_DEQ_C,		/* a dequeue done in C (the default FIFO's) */
	KVL_P_BH_OFF,		/* local_bh_disable */
	KVL_P_FPU_BEGIN,	/* kernel_fpu_begin */
	KVL_P_OP,		/* on the VM's stack: the operation */
	KVL_P_HANDLER,		/* of which vm_call_handler */
	KVL_P_FPU_END,		/* kernel_fpu_end */
	KVL_P_BH_ON,		/* local_bh_enable (count: softirqs ran) */
	KVL_P_QENQ,		/* the qdisc's enqueue */
	KVL_P_QDEQ,		/* the qdisc's dequeue that returned a packet */
	KVL_P_QDEQ_NULL,	/* the qdisc's dequeue that returned none */
	KVL_P_FPU_SECT,		/* a kernel_fpu section of a qdisc operation */
	KVL_P_ENQ_ALLOC,	/* enqueue: the Packet and its byte[] allocated */
	KVL_P_ENQ_COPY,		/* enqueue: skb_copy_bits, the fields, the slot */
	KVL_P_ENQ_GC,		/* enqueue: an allocation during which the heap collected */
	KVL_P_PLAT_ALLOC,	/* VM entries of the packet path that called the platform's allocator (n: calls) */
	KVL_P_NPARTS
};
extern bool kvl_prof;
extern atomic64_t kvl_prof_cyc[KVL_P_NPARTS], kvl_prof_n[KVL_P_NPARTS];
/* a part that took longer than kvl_prof_stall cycles (module parameter
 * prof_stall_us, 0: never) is counted apart, as a stall: under an emulator
 * on a loaded host one descheduled moment of the guest's CPU (milliseconds)
 * otherwise moves a pass's mean by more than the parts measured */
extern u64 kvl_prof_stall;
extern atomic64_t kvl_prof_scyc[KVL_P_NPARTS], kvl_prof_sn[KVL_P_NPARTS];
u64 kvl_prof_cycles(void);
static inline void kvl_prof_add(enum kvl_prof_part p, u64 t0, u64 t1)
{
	if (unlikely(kvl_prof_stall && t1 - t0 > kvl_prof_stall)) {
		atomic64_add(t1 - t0, &kvl_prof_scyc[p]);
		atomic64_inc(&kvl_prof_sn[p]);
		return;
	}
	atomic64_add(t1 - t0, &kvl_prof_cyc[p]);
	atomic64_inc(&kvl_prof_n[p]);
}
/* print the figures (/proc/vifvm/status) */
struct seq_file;
void kvl_prof_show(struct seq_file *m);

#endif
