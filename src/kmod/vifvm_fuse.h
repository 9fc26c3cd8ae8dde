/* SPDX-License-Identifier: GPL-2.0 */
/* vifvm_fuse.h - fused VIF paths in the kernel module (issue 14, "Kernel";
 * src/kmod/README.md "Fused paths"): for each VIF, the path from it to the
 * root as one native function, made at injection time (a VIFlet's load or
 * swap, process context) by the core's path-code emitter
 * (include/vifvm_pathcode.h) in the module's executable memory: the path's
 * program stages (vifvm_viflet.c kvl_prog_*: counter, marker, filter
 * VIFlets whose enqueue is a field program) from the VIF up, their bodies
 * inlined, the IP header's place found once for all of them, each stage's
 * counts made by a direct call, no recursion through the qdisc's deliver.
 * The function returns where the C path takes over (vifvm_qdisc.c,
 * fused_deliver). */
#ifndef VIFVM_KMOD_FUSE_H
#define VIFVM_KMOD_FUSE_H

#include <linux/types.h>

struct vq_inst;
struct vq_vif;

/* the function's argument: the packet */
struct kfu_pkt {
	u8 *data;		/* skb->data */
	u64 ts;			/* its arrival time (0: not read) */
	u32 len;		/* skb->len (Packet.length()) */
	u32 plen;		/* qdisc_pkt_len (the counters' bytes) */
};

/* its answer: the stage (0: the VIF itself) the C path goes on from, and
 * why: KFU_SLOW its state (swapped, aborted, the ring, the quota) or
 * KFU_GENERAL its program's answer 1 (deliver runs the stage: the drop or
 * the calls); neither: the stages before it done, the packet handed to it */
#define KFU_STAGE	0xffu
#define KFU_SLOW	0x100u
#define KFU_GENERAL	0x200u

/* one VIF's path function (v->fused; NULL: none, the C path) */
struct kfu_path {
	u32 (*fn)(void *pkt, void *unused);
	u32 stages;		/* program stages in it, from the VIF up */
	u32 bytes;		/* its code */
	bool writes, reads;	/* a stage writes / reads the packet's bytes */
	u64 runs;		/* packets it ran (tree lock) */
};

/* module parameter fuse_path (default 1; 0: each program stage by the C
 * path, for A/B) */
extern bool kfu_on;

/* Make every path function of in's tree again and switch to them (each
 * VIF's v->fused, a pointer swapped under the tree's lock: a packet runs
 * wholly the old or the new function), then free the old ones' code (no
 * CPU runs it: the packet path runs a function only under the tree's
 * lock, taken and released after the swap).  Until the new functions are
 * made the old serve (each checks that its stages' VIFlets are still
 * there: a swapped stage sends the packet the C way).  Process context,
 * vq_mutex held (the tree and its VIFlets do not change).  A failure is
 * logged (dmesg, the VIF's log) and leaves the C path. */
void kfu_refuse(struct vq_inst *in);
/* free the instance's functions (its destruction, vq_mutex held, no
 * packet path any more) */
void kfu_free(struct vq_inst *in);

/* called by the functions (direct calls) */
u32 kfu_ready(struct vq_vif *v);
void kfu_post(struct vq_vif *v, struct kfu_pkt *p);

#endif
