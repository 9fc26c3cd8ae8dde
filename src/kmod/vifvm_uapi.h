/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/* vifvm_uapi.h - what the vifvm qdisc gives tc: its TCA_OPTIONS (.dump)
 * and its xstats (.dump_stats).  Shared by the module (src/kmod) and the
 * tc plugin q_vifvm.so (src/tools/tc_q_vifvm.c); user space includes it
 * with <linux/types.h>.  Fixed layout, little-endian host order, no
 * padding holes; a reader must accept a longer struct (fields appended)
 * and use only the prefix it knows (check the attribute length).
 */
#ifndef VIFVM_UAPI_H
#define VIFVM_UAPI_H

#include <linux/types.h>

#define TC_VIFVM_VERSION	1
#define TC_VIFVM_NAME_LEN	64

/* state of the root VIF's VIFlet */
enum {
	TC_VIFVM_STATE_NONE = 0,	/* no VIFlet: packets pass (FIFO) */
	TC_VIFVM_STATE_RUNNING = 1,
	TC_VIFVM_STATE_ABORTED = 2,	/* detached after an abort: the VIF's policy applies */
};

enum {
	TC_VIFVM_ENGINE_JIT = 0,
	TC_VIFVM_ENGINE_INT = 1,
};

/* TCA_OPTIONS of `tc qdisc show`: the instance and its root VIF */
struct tc_vifvm_qopt {
	__u32 version;			/* TC_VIFVM_VERSION */
	__u32 owner;			/* the root VIFlet's owner uid (root VIF: 0) */
	__u32 state;			/* TC_VIFVM_STATE_* */
	__u32 engine;			/* TC_VIFVM_ENGINE_* */
	__u32 nvifs;			/* VIFs of the instance, the root included */
	__u32 quota;			/* packet quota per VIFlet */
	char class_name[TC_VIFVM_NAME_LEN];	/* the root VIFlet's class ("" = none), NUL-terminated */
	char proc_name[TC_VIFVM_NAME_LEN];	/* the /proc/vifvm directory: "D", "D:HHHH", "D:txN" */
};

/* xstats of `tc -s qdisc show`: the root VIF's counters
 * (in = out + drops_handler + drops_quota + drops_policy + held) */
struct tc_vifvm_xstats {
	__u64 in;
	__u64 out;
	__u64 drops_handler;	/* the VIFlet's enqueue returned false */
	__u64 drops_quota;	/* over the packet quota */
	__u64 drops_policy;	/* the VIF's policy after an abort, or policy=drop */
	__u64 held;		/* packets currently held by the VIF */
	__u64 enqueue_calls;
	__u64 dequeue_calls;
	__u64 aborts;
	__u64 bytes_in;
	__u64 bytes_out;
	__u64 tree_held;	/* packets held in the whole tree (= the qdisc's qlen) */
};

#endif /* VIFVM_UAPI_H */
