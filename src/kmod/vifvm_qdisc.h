/* SPDX-License-Identifier: GPL-2.0 */
/* vifvm_qdisc.h - the vifvm qdisc's instances and VIF trees, shared by the
 * packet path (vifvm_qdisc.c) and the /proc interface (vifvm_vifproc.c).
 *
 * Locking (see src/kmod/README.md):
 *  - vq_mutex (process context) serialises everything that changes a tree
 *    or an instance: control commands, VIFlet loads, proc directories,
 *    qdisc init/destroy;
 *  - the qdisc's root lock (sch_tree_lock; for a lockless instance,
 *    TCQ_F_NOLOCK, the same qdisc_lock taken by vq_enqueue/vq_dequeue
 *    themselves) serialises the packet path
 *    (enqueue, dequeue, the watchdog's dequeue) with the moments the tree
 *    changes: a writer holds vq_mutex and then the root lock just for the
 *    swap of a pointer or a list link; the work before (a VIFlet's load,
 *    a filter's creation) and after (the old VM's destruction) is done
 *    under vq_mutex alone, in process context.
 */
#ifndef VIFVM_KMOD_QDISC_H
#define VIFVM_KMOD_QDISC_H

#include <linux/if.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/skbuff.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "vifvm_viflet.h"

#define VQ_NAME 32		/* a VIF's name (a path component) */
#define VQ_PATH 256		/* "D/a/b" */
#define VQ_MAX_DEPTH 8		/* VIFs below the root, at most */

struct Qdisc;
struct bpf_prog;
struct proc_dir_entry;
struct vq_inst;
struct kfu_path;
struct kfu_gen;

struct vq_counters {
	u64 in, out, drops_handler, drops_quota, drops_policy;
	u64 enqueue_calls, dequeue_calls, aborts, bytes_in, bytes_out;
};

struct vq_vif {
	struct vq_inst *inst;
	struct vq_vif *parent;		/* NULL: the root */
	struct list_head children;	/* in definition order */
	struct list_head sibling;
	char name[VQ_NAME];
	char path[VQ_PATH];		/* "D/a/b" (D: the instance's name) */
	u32 owner;			/* uid */
	bool policy_drop;		/* after an abort: drop (else pass) */
	struct bpf_prog *filter;	/* classic BPF, run by the kernel; root: NULL */
	char *filter_text;		/* as given ("N,c jt jf k,...") */
	struct kvl *viflet;		/* NULL: none (packets pass) */
	u32 quota;			/* packets its VIFlet (the root: its FIFO) may hold */
	bool aborted;			/* viflet detached after an abort */
	char cls_name[64];		/* of viflet, for the dump */
	u64 wake;			/* ktime ns its VIFlet asked for, 0: none */
	u32 idle_wakes;			/* wake-ups in a row that handed on nothing */
	bool timers_off;		/* suspended after VQ_IDLE_WAKES of them */
	struct sk_buff_head fifo;	/* root: the FIFO used without a VIFlet */
	struct vq_counters c;
	struct kfu_path *fused;		/* its path's function (vifvm_fuse.h; tree lock) */
	struct proc_dir_entry *dir;
	bool dead;			/* removed from the tree (vq_mutex) */
	struct mutex load_lock;		/* one load at a time (the viflet file) */
	bool load_failed;		/* the last load was refused */
	/* the log: a ring, written from any context */
	spinlock_t log_lock;
	char *log;
	size_t log_cap, log_start, log_len;
	bool log_bol;
	char detail[KVL_DETAIL];	/* an abort's reason (packet path) */
};

struct vq_inst {
	struct list_head list;		/* vq_instances (vq_mutex) */
	struct Qdisc *sch;
	char dev[IFNAMSIZ];
	char name[IFNAMSIZ + 16];	/* "D", "D:HHHH", "D:HHHH-N"; under mq "D:txQ" ("D:txQ-N") */
	int txq;			/* under mq: the TX queue, else -1 */
	struct vq_vif *root;
	u32 nvifs;
	bool dying;			/* qdisc being destroyed (vq_mutex) */
	spinlock_t *tree_lock;		/* held by vq_lock_tree */
	struct kfu_gen *fgen;		/* the path functions' code (vifvm_fuse.c) */
	/* the packet path's own view (root lock) */
	u32 tree_held;
	u64 tree_bytes;
	bool need_ts;			/* a VIFlet calls Packet.timestamp() */
	struct sk_buff *cur;		/* the packet being enqueued */
	bool cur_dropped;
	/* the bypass (TCQ_F_CAN_BYPASS, vifvm_qdisc.c): the qdisc's bstats
	 * accounted for so far, frames the core sent past the queue */
	u64 acct_pkts, acct_bytes, bypassed;
};

extern struct mutex vq_mutex;
/* taken before vq_mutex by whoever removes /proc directories (del,
 * destroy), never by a /proc file's handler: a removal waits for those */
extern struct mutex vq_proc_mutex;
extern struct list_head vq_instances;
extern struct proc_dir_entry *vq_proc_root;	/* /proc/vifvm */

/* module-wide counters (/proc/vifvm/status), all back to 0 when idle */
extern atomic_t vq_stat_insts, vq_stat_vifs, vq_stat_blobs, vq_stat_procs;
DECLARE_PER_CPU(long, vq_stat_skbs);		/* the packet path's: per CPU */
long vq_skbs_sum(void);

/* vifvm_qdisc.c */
int vq_register(void);
void vq_unregister(void);
struct vq_vif *vq_vif_new(struct vq_inst *in, struct vq_vif *parent, const char *name, u32 owner);
void vq_vif_free(struct vq_vif *v);		/* unlinked, no proc dir any more */
int vq_vif_link(struct vq_vif *v);		/* into its parent, under the root lock */
void vq_vif_unlink(struct vq_vif *v);		/* out of the tree, packets handed on */
int vq_load(struct vq_vif *v, const u8 *blob, size_t len, char *err, size_t cap);
void vq_set_filter(struct vq_vif *v, struct bpf_prog *prog, char *text);
void vq_logf(struct vq_vif *v, const char *fmt, ...) __printf(2, 3);
void vq_log_write(struct vq_vif *v, const char *s, size_t n);
void vq_snapshot(struct vq_vif *v, struct vq_counters *c, u32 *held);
/* v's path function (vifvm_fuse.h): its program stages, code bytes, the
 * packets it ran; false: none (takes the tree's lock) */
bool vq_fused_info(struct vq_vif *v, u32 *stages, u32 *bytes, u64 *runs);
const char *vq_state(const struct vq_vif *v);
void vq_lock_tree(struct vq_inst *in);
/* count what the kernel sent past the queue (the bypass) so far: takes
 * the tree's lock */
void vq_bypass_sync(struct vq_inst *in);
void vq_unlock_tree(struct vq_inst *in);

/* vifvm_vifproc.c */
int vq_proc_init(void);
void vq_proc_exit(void);
int vq_proc_vif_add(struct vq_vif *v);		/* vq_mutex held */
void vq_proc_vif_remove(struct vq_vif *v);	/* vq_mutex NOT held */
int vq_parse_filter(const char *s, struct bpf_prog **prog, char **text);

/* vifvm_main.c: parameters for a new VIFlet */
void kvm_viflet_params(struct kvl_params *p);

#endif
