// SPDX-License-Identifier: GPL-2.0
/* vifvm_qdisc.c - the vifvm qdisc: a tree of VIFs whose VIFlets (Java
 * classes, JIT-compiled at load) queue the packets of one qdisc instance.
 *
 * The model is vifd's (src/datapath/README.md): a packet is placed at the
 * deepest VIF whose classic-BPF filter matches (children tried in
 * definition order); it passes the stages from that leaf to the root:
 * after a stage's enqueue, the stage's dequeue is drained into its parent;
 * the root's dequeue is called by the qdisc's dequeue.  A VIF without a
 * VIFlet passes packets on (the root: into a C FIFO); a VIFlet that fails
 * (exception, budget, a packet it does not own) is detached alone and the
 * VIF's policy applies to the packets it held and to later ones.
 * wakeAt(t) becomes the qdisc watchdog.
 *
 * Contexts: enqueue, dequeue, peek and reset run with the qdisc's root
 * lock held and bottom halves off (softirq or process context); every
 * VIFlet call there runs in its own VM (vifvm_viflet.c) under the budget
 * of one call, never compiling or mapping memory.  init and destroy run
 * under RTNL in process context; the tree changes under vq_mutex (see
 * vifvm_qdisc.h).
 *
 * Accounting: every packet is counted at each VIF it reaches:
 * in = out + drops_handler + drops_quota + drops_policy + held.  The
 * qdisc's qlen/backlog is the number/bytes of packets held in the whole
 * tree; packets that leave it other than by the qdisc's dequeue (drops of
 * packets enqueued earlier) are reported to the parents with
 * qdisc_tree_reduce_backlog().
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/proc_fs.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "vifvm_qdisc.h"
#include "vifvm_fuse.h"
#include "vifvm_uapi.h"

DEFINE_MUTEX(vq_mutex);
DEFINE_MUTEX(vq_proc_mutex);
LIST_HEAD(vq_instances);
atomic_t vq_stat_insts, vq_stat_vifs, vq_stat_blobs, vq_stat_procs;
/* skbs held by the module: per CPU (a packet is counted on one CPU and may
 * leave on another; only the sum means anything), so that the per-TX-queue
 * instances under mq write no shared cache line per packet */
DEFINE_PER_CPU(long, vq_stat_skbs);

long vq_skbs_sum(void)
{
	long n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += per_cpu(vq_stat_skbs, cpu);
	return n;
}

static unsigned int log_kb = 16;
module_param(log_kb, uint, 0644);
MODULE_PARM_DESC(log_kb, "size of each VIF's log ring (/proc/vifvm/D/.../log), KiB (default 16)");

/* Wake-ups in a row after which a VIFlet has handed on no packet before its
 * timers are suspended (a VIFlet calling wakeAt(now) in a loop would keep
 * the watchdog firing: softirq rounds without end); they resume when it
 * hands on a packet.  vifd allows 100000: here each one is a watchdog
 * interrupt and a softirq round, so fewer. */
#define VQ_IDLE_WAKES 10000u

/*
 * The bypass.  A work-conserving qdisc with TCQ_F_CAN_BYPASS lets the
 * kernel send a packet straight to the driver when the queue is empty
 * (__dev_xmit_skb: no enqueue, no dequeue of that packet; pfifo_fast
 * does it for every packet a free device takes).  An instance whose tree
 * is its root VIF alone, with no VIFlet (its C FIFO) or a relay VIFlet
 * relayed in C (kvl_relay_now: the default FIFO's enqueue and dequeue,
 * no Java code runs for its packets), is such a queue: for a packet that
 * finds it empty, enqueue then dequeue would hand that same packet on at
 * once, unchanged, so the bypass is the same behaviour, cheaper.  The
 * flag is set and cleared under the root lock (a locked qdisc's core
 * tests it under that lock; a lockless one's tests it without, then
 * retests its state bits under its seqlock) when the tree changes (load,
 * child added or removed; an abort: bypass_update at the next dequeue
 * that finds nothing) and when relay_c, prev_path, prof_old, prof_fpu or
 * this parameter change (vq_switch_set, at once: a packet already past
 * the test may still pass the old way).  The packets the core sent past are counted
 * from the qdisc's bstats (the core counts them there, as our dequeue
 * does, which adds its own share to acct_pkts/acct_bytes): bypass_fold
 * adds the difference to the root VIF's counters (in, out, bytes, and for
 * a relay enqueue_calls, dequeue_calls and its relayed count) before
 * anything reads them (stats, viflet, tc's dump: the dump adds it without
 * writing) or changes the tree or its VIFlet (load, link, unlink, reset),
 * not per packet: the dequeue that follows each bypassed packet only
 * looks at the flag and the tree's count (nothing held) and returns.  A GSO skb counts
 * there as its segments (bstats' packets), so bypassed GSO traffic is
 * counted in segments; the bytes are exact.
 */
static bool vq_bypass = true;
MODULE_PARM_DESC(bypass, "let the kernel send packets past an empty instance whose only VIF has no VIFlet or a relay in C (TCQ_F_CAN_BYPASS, as pfifo_fast; default 1; 0 for A/B)");

/* measuring only: the dequeue after a bypassed packet returns at its
 * first line, reading the qdisc alone (not the instance, nor the flag's
 * conditions: a change of bypass, relay_c, prev_path... is then not seen
 * while every packet is bypassed) */
static bool vq_prof_nullq;
module_param_named(prof_nullq, vq_prof_nullq, bool, 0644);
MODULE_PARM_DESC(prof_nullq, "measuring only: the dequeue that follows a bypassed packet returns at once, without looking at the instance (default 0)");

struct vq_priv {
	struct vq_inst *inst;
	struct qdisc_watchdog wd;
};

/* ---- logs ---- */

void vq_log_write(struct vq_vif *v, const char *s, size_t n)
{
	unsigned long flags;
	size_t i, pos;

	if (!v->log)
		return;
	spin_lock_irqsave(&v->log_lock, flags);
	if (n > v->log_cap) {
		s += n - v->log_cap;
		n = v->log_cap;
	}
	for (i = 0; i < n; i++) {
		pos = (v->log_start + v->log_len) % v->log_cap;
		v->log[pos] = s[i];
		if (v->log_len < v->log_cap)
			v->log_len++;
		else
			v->log_start = (v->log_start + 1) % v->log_cap;
	}
	if (n)
		v->log_bol = s[n - 1] == '\n';
	spin_unlock_irqrestore(&v->log_lock, flags);
}

/* the datapath's own lines: start a line, "vifvm: ..." */
void vq_logf(struct vq_vif *v, const char *fmt, ...)
{
	char buf[640];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vscnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (!v->log_bol)
		vq_log_write(v, "\n", 1);
	vq_log_write(v, buf, n);
}

static void vq_viflet_log(void *ctx, const char *s, size_t n)
{
	vq_log_write(ctx, s, n);
}

const char *vq_state(const struct vq_vif *v)
{
	if (!v->viflet)
		return "none";
	return v->aborted ? "aborted" : "running";
}

static bool vif_active(const struct vq_vif *v)
{
	return v->viflet && !v->aborted;
}

/* ---- VIFs ---- */

struct vq_vif *vq_vif_new(struct vq_inst *in, struct vq_vif *parent, const char *name, u32 owner)
{
	struct vq_vif *v = kzalloc(sizeof(*v), GFP_KERNEL);

	if (!v)
		return NULL;
	v->log_cap = max(log_kb, 1u) * 1024;
	v->log = kvmalloc(v->log_cap, GFP_KERNEL);
	if (!v->log) {
		kfree(v);
		return NULL;
	}
	v->log_bol = true;
	spin_lock_init(&v->log_lock);
	mutex_init(&v->load_lock);
	v->inst = in;
	v->parent = parent;
	v->owner = owner;
	INIT_LIST_HEAD(&v->children);
	INIT_LIST_HEAD(&v->sibling);
	skb_queue_head_init(&v->fifo);
	strscpy(v->name, name, sizeof(v->name));
	if (parent)
		snprintf(v->path, sizeof(v->path), "%s/%s", parent->path, name);
	else
		strscpy(v->path, name, sizeof(v->path));
	v->quota = 1024;
	atomic_inc(&vq_stat_vifs);
	return v;
}


/*
 * Lockless to the core (TCQ_F_NOLOCK, as pfifo_fast; k10).  The core
 * then takes no lock around our enqueue and dequeue, and after a packet
 * it sent past the empty queue (the bypass) it calls no dequeue: it asks
 * the qdisc's state bits (nolock_qdisc_is_empty: MISSED, DRAINING), not
 * our qlen.  The VM is single-threaded and the tree is one structure, so
 * enqueue and dequeue take the qdisc's own lock themselves
 * (qdisc_lock(sch), the lock the core takes for a locked qdisc: so the
 * tree's lock, vq_lock_tree, is the same lock either way, and reset, which
 * the core calls with it held, takes nothing).  What that asks of us, as
 * of pfifo_fast: statistics per CPU (TCQ_F_CPUSTATS: the core counts its
 * bypassed packets in cpu_bstats, and tc's dump reads cpu_qstats only);
 * a dequeue that finds nothing clears MISSED and DRAINING (else every
 * qdisc_run_end would schedule another run, and no packet would be
 * bypassed again); the bypass flag set only when the tree holds nothing
 * (the core no longer looks at qlen: a flag set over held packets would
 * let later ones pass them).  The core clears both flags when it grafts
 * the qdisc under a parent that is not lockless (tbf, htb, or mq through
 * tc), so every use below tests the flags.  Module parameter nolock
 * (read when an instance is created; 0: a locked qdisc as before, for
 * A/B).
 */
static bool vq_nolock = true;
module_param_named(nolock, vq_nolock, bool, 0644);
MODULE_PARM_DESC(nolock, "new instances are lockless to the core (TCQ_F_NOLOCK with per-CPU statistics, as pfifo_fast; enqueue and dequeue take the qdisc's lock themselves) where the core allows it (root, mq's own children); default 1; 0 for A/B");

static inline bool vq_self_locked(const struct Qdisc *sch)
{
	return sch->flags & TCQ_F_NOLOCK;
}

/*
 * Our own figures (the packets we hand on, drops, the backlog) go to
 * sch->bstats and sch->qstats, in the Qdisc beside the lock, for every
 * instance.  For a lockless one the figures read by tc's dump, a parent
 * mq's dump and a rate estimator are the per-CPU ones, so vq_stat_flush
 * moves ours there: from vq_dump (tc calls it before it copies the
 * figures) and, for one of mq's own children, when its dequeue finds
 * nothing.  Not per packet: under qemu TCG each per-CPU update cost a
 * queued frame about a microsecond (k10: PriQ was 3-10% slower lockless
 * than locked with them, 7% faster without).
 */
static void vq_stat_drop(struct Qdisc *sch)
{
	qdisc_qstats_drop(sch);
}

static void vq_stat_backlog_sub(struct Qdisc *sch, u32 n)
{
	sch->qstats.backlog -= n;
}

static void vq_stat_backlog_add(struct Qdisc *sch, u32 n)
{
	sch->qstats.backlog += n;
}

/* (the tree's lock held, BHs off: this CPU's figures are ours alone) */
static void vq_stat_flush(struct Qdisc *sch)
{
	struct gnet_stats_basic_sync *b;
	struct gnet_stats_queue *q;
	u64 pkts, bytes;

	if (!qdisc_is_percpu_stats(sch))
		return;
	pkts = u64_stats_read(&sch->bstats.packets);
	bytes = u64_stats_read(&sch->bstats.bytes);
	if (!pkts && !bytes && !sch->qstats.backlog && !sch->qstats.drops)
		return;
	b = this_cpu_ptr(sch->cpu_bstats);
	u64_stats_update_begin(&b->syncp);
	u64_stats_add(&b->packets, pkts);
	u64_stats_add(&b->bytes, bytes);
	u64_stats_update_end(&b->syncp);
	u64_stats_set(&sch->bstats.packets, 0);
	u64_stats_set(&sch->bstats.bytes, 0);
	q = this_cpu_ptr(sch->cpu_qstats);
	q->backlog += sch->qstats.backlog;
	q->drops += sch->qstats.drops;
	sch->qstats.backlog = 0;
	sch->qstats.drops = 0;
}

/* packets and bytes sent so far: ours and the bypassed */
static void vq_stat_sent(struct Qdisc *sch, u64 *pkts, u64 *bytes)
{
	struct gnet_stats_basic_sync b;

	if (!qdisc_is_percpu_stats(sch)) {
		*pkts = u64_stats_read(&sch->bstats.packets);
		*bytes = u64_stats_read(&sch->bstats.bytes);
		return;
	}
	gnet_stats_basic_sync_init(&b);
	gnet_stats_add_basic(&b, sch->cpu_bstats, NULL, false);
	/* (with per-CPU figures, gnet_stats_add_basic reads only those) */
	*pkts = u64_stats_read(&b.packets) + u64_stats_read(&sch->bstats.packets);
	*bytes = u64_stats_read(&b.bytes) + u64_stats_read(&sch->bstats.bytes);
}

/* The root lock of the instance's qdisc tree, as sch_tree_lock() takes
 * it but without RTNL (sch_tree_lock asserts it, and /proc writers must
 * not take RTNL: qdisc destroy holds it while it waits for them).  The
 * root is read under RCU, which stays held until the unlock, so the root
 * qdisc (freed after a grace period) outlives the critical section; if
 * the tree was regrafted meanwhile, this instance is off the packet path
 * and about to be destroyed, and the lock taken is harmless.  Under mq
 * the instance is its TX queue's qdisc (dev_queue->qdisc_sleeping): the
 * lock is its own, one per queue, the one the core takes around its
 * enqueue/dequeue (or, lockless, vq_enqueue/vq_dequeue take); no instance
 * ever takes another queue's. */
void vq_lock_tree(struct vq_inst *in)
{
	struct Qdisc *root;
	spinlock_t *lock;

	rcu_read_lock();
	if (in->sch->flags & TCQ_F_MQROOT) {
		lock = qdisc_lock(in->sch);
	} else {
		root = rcu_dereference(in->sch->dev_queue->qdisc_sleeping);
		lock = qdisc_lock(root);
	}
	spin_lock_bh(lock);
	in->tree_lock = lock;
}

void vq_unlock_tree(struct vq_inst *in)
{
	spin_unlock_bh(in->tree_lock);
	rcu_read_unlock();
}

/* ---- the packet path (root lock held, bottom halves off) ---- */

static bool vif_active(const struct vq_vif *v);

/* count the packets the core sent past the queue since the last time
 * (root lock held) */
static void bypass_fold(struct vq_inst *in)
{
	struct Qdisc *sch = in->sch;
	struct vq_vif *r = in->root;
	u64 p, b, d, db;

	vq_stat_sent(sch, &p, &b);
	if (likely(p == in->acct_pkts))
		return;
	d = p - in->acct_pkts;
	db = b - in->acct_bytes;
	in->acct_pkts = p;
	in->acct_bytes = b;
	WRITE_ONCE(in->bypassed, in->bypassed + d);
	r->c.in += d;
	r->c.out += d;
	r->c.bytes_in += db;
	r->c.bytes_out += db;
	if (vif_active(r)) {
		r->c.enqueue_calls += d;
		r->c.dequeue_calls += d;
		kvl_relay_count(r->viflet, d);
	}
}

/* may the core send past the queue?  (root lock held) */
static void bypass_update(struct vq_inst *in)
{
	struct vq_vif *r = in->root;
	bool ok = READ_ONCE(vq_bypass) && list_empty(&r->children) && !r->aborted &&
		  (!r->viflet || kvl_relay_now(r->viflet)) && !READ_ONCE(kvl_prof_fpu);

	if (ok == !!(in->sch->flags & TCQ_F_CAN_BYPASS))
		return;
	/* lockless: the core sends past us when the state bits say empty,
	 * whatever we hold: set only over an empty tree (the next dequeue
	 * that finds nothing sets it) */
	if (ok && vq_self_locked(in->sch) && in->tree_held)
		return;
	if (ok)
		in->sch->flags |= TCQ_F_CAN_BYPASS;
	else
		in->sch->flags &= ~TCQ_F_CAN_BYPASS;
}

/*
 * A switch the bypass depends on changed (bypass, relay_c, prev_path,
 * prof_old, prof_fpu): decide again for every instance, now.  A locked
 * instance would see it at its next dequeue (the core calls one after
 * each bypassed packet); a lockless one runs none of our code for the
 * packets it lets pass, so the setter does it (process context).
 */
static int vq_switch_set(const char *val, const struct kernel_param *kp)
{
	struct vq_inst *in;
	int err = param_set_bool(val, kp);

	if (err)
		return err;
	mutex_lock(&vq_mutex);
	list_for_each_entry(in, &vq_instances, list) {
		vq_lock_tree(in);
		bypass_fold(in);
		bypass_update(in);
		vq_unlock_tree(in);
	}
	mutex_unlock(&vq_mutex);
	return 0;
}

const struct kernel_param_ops vq_switch_ops = {
	.set = vq_switch_set,
	.get = param_get_bool,
};
module_param_cb(bypass, &vq_switch_ops, &vq_bypass, 0644);

void vq_bypass_sync(struct vq_inst *in)
{
	vq_lock_tree(in);
	bypass_fold(in);
	vq_unlock_tree(in);
}

static void pkt_drop(struct vq_inst *in, struct sk_buff *skb)
{
	in->tree_held--;
	in->tree_bytes -= qdisc_pkt_len(skb);
	if (skb == in->cur)
		in->cur_dropped = true;
	vq_stat_drop(in->sch);
	this_cpu_dec(vq_stat_skbs);
	kfree_skb(skb);
}

static void deliver(struct vq_vif *v, struct sk_buff *skb, u64 ts);

/* ts: the packet's arrival time at the qdisc (Packet.timestamp() at every
 * stage, as in vifd), 0: unknown (the next VIFlet reads the clock) */
static void forward_up(struct vq_vif *v, struct sk_buff *skb, u64 ts)
{
	v->c.out++;
	v->c.bytes_out += qdisc_pkt_len(skb);
	deliver(v->parent, skb, ts);
}

/* Detach v's VIFlet after a failure: its packets go the way of the
 * policy, and so do later ones (the VM stays until the next load or the
 * VIF's removal, in process context). */
static void abort_viflet(struct vq_vif *v, const char *where)
{
	struct sk_buff *skbs[16];
	u32 n, i, total = 0;

	v->aborted = true;
	v->wake = 0;
	v->c.aborts++;
	vq_logf(v, "vifvm: VIFlet %s aborted in %s: %s\n", v->cls_name, where, v->detail);
	net_info_ratelimited("vifvm: %s: VIFlet %s aborted in %s: %s\n", v->path, v->cls_name,
			     where, v->detail);
	do {
		n = kvl_take_all(v->viflet, skbs, ARRAY_SIZE(skbs));
		for (i = 0; i < n; i++) {
			if (v->policy_drop) {
				v->c.drops_policy++;
				pkt_drop(v->inst, skbs[i]);
			} else if (v->parent) {
				forward_up(v, skbs[i], 0);
			} else {
				__skb_queue_tail(&v->fifo, skbs[i]);
			}
		}
		total += n;
	} while (n);
	vq_logf(v, "vifvm: failure policy %s: %u held packet%s %s; later packets %s\n",
		v->policy_drop ? "drop" : "pass", total, total == 1 ? "" : "s",
		v->policy_drop ? "dropped" : "passed on",
		v->policy_drop ? "are dropped" : "pass straight through");
}

/* v's VIFlet let packets go: its handler's drops */
static void audit(struct vq_vif *v)
{
	u64 bytes;
	u32 n = kvl_audit(v->viflet, &bytes);

	if (!n)
		return;
	v->c.drops_handler += n;
	v->inst->tree_held -= n;
	v->inst->tree_bytes -= bytes;
	this_cpu_sub(vq_stat_skbs, n);
	vq_stat_drop(v->inst->sch);	/* one for the lot */
}

/* call v's dequeue once: the packet (its arrival time in *ts), or NULL.  A VIFlet that holds no
 * packet has none to hand on (it may only return null, or a packet it no
 * longer owns): it is not asked, except when its timer is due (timer), so
 * draining ends without the call that would return the null. */
static struct sk_buff *call_dequeue(struct vq_vif *v, bool timer, u64 *ts)
{
	struct sk_buff *skb;
	u64 wake;

	if (!vif_active(v) || (!timer && !kvl_held(v->viflet) && likely(!kvl_prof_old)))
		return NULL;
	v->c.dequeue_calls++;
	if (kvl_dequeue(v->viflet, &skb, ts, &wake, v->detail)) {
		abort_viflet(v, "dequeue()");
		return NULL;
	}
	if (skb) {
		v->idle_wakes = 0;
		v->timers_off = false;
	}
	v->wake = v->timers_off ? 0 : wake;
	return skb;
}

/* a wake-up of v (its timer was due) handed on nothing */
static void idle_wake(struct vq_vif *v)
{
	if (++v->idle_wakes < VQ_IDLE_WAKES || !vif_active(v))
		return;
	v->timers_off = true;
	v->wake = 0;
	vq_logf(v, "vifvm: %u wake-ups in a row handed on no packet: timers suspended until this VIFlet hands on a packet\n",
		VQ_IDLE_WAKES);
}

/* hand what v's VIFlet has ready to its parent (timer: its wake-up is
 * due, so the first call is made even if it holds nothing) */
static void drain(struct vq_vif *v, bool timer)
{
	struct sk_buff *skb;
	u64 ts;

	while ((skb = call_dequeue(v, timer, &ts))) {
		forward_up(v, skb, ts);
		timer = false;
	}
}

/*
 * A program stage (module parameter fuse, vifvm_viflet.c kvl_prog_enqueue;
 * src/kmod/README.md "Fused paths"): v's enqueue runs as its field
 * program on the skb, and the packet goes on to the parent, counted as
 * the calls would count it: enqueue_calls and dequeue_calls one each (the
 * drain's one call that returns the packet; none after it, the VIFlet
 * holding nothing), out, bytes_out, the drain's timer fields.  A guard's
 * drop is counted at once in drops_handler (the Java path holds that
 * packet, unreachable, until its next audit, and its drain makes the one
 * dequeue call that finds nothing: counted too).  false: not run (the
 * calls are made, deliver's way).
 */
static bool prog_stage(struct vq_vif *v, struct sk_buff *skb, u64 ts)
{
	int r = kvl_prog_enqueue(v->viflet, skb, &ts);

	if (r == KVL_PROG_CALLS)
		return false;
	v->c.enqueue_calls++;
	v->c.dequeue_calls++;
	v->wake = 0;	/* (the dequeue's: no wakeAt) */
	if (r == KVL_PROG_DROP) {
		v->c.drops_handler++;
		pkt_drop(v->inst, skb);
		return true;
	}
	v->idle_wakes = 0;
	v->timers_off = false;
	forward_up(v, skb, ts);
	return true;
}

static void deliver(struct vq_vif *v, struct sk_buff *skb, u64 ts)
{
	struct vq_inst *in = v->inst;
	int err;

	v->c.in++;
	v->c.bytes_in += qdisc_pkt_len(skb);
	if (vif_active(v)) {
		if (v->parent && kvl_prog_ready(v->viflet) && prog_stage(v, skb, ts))
			return;
		if (kvl_held(v->viflet) >= v->quota)
			audit(v);
		v->c.enqueue_calls++;
		err = kvl_enqueue(v->viflet, skb, ts, v->detail);
		if (err == -ENOSPC) {
			v->c.enqueue_calls--;	/* not called */
			v->c.drops_quota++;
			pkt_drop(in, skb);
			return;
		}
		if (err) {
			abort_viflet(v, "enqueue()");
			return;
		}
		if (v->parent)
			drain(v, false);
		return;
	}
	if (v->aborted && v->policy_drop) {
		v->c.drops_policy++;
		pkt_drop(in, skb);
		return;
	}
	if (v->parent) {
		forward_up(v, skb, ts);
	} else if (skb_queue_len(&v->fifo) >= v->quota) {
		v->c.drops_quota++;
		pkt_drop(in, skb);
	} else {
		__skb_queue_tail(&v->fifo, skb);
	}
}

/*
 * The packet classified to v: v's path function (vifvm_fuse.c; module
 * parameters fuse and fuse_path), or deliver.  The function runs the
 * path's program stages from v up and answers where the C path goes on:
 * the stage it stopped at (its state, or its program's answer 1: deliver
 * runs that stage the C way, its drop or its calls) or the first stage
 * that is not a program stage.  The bytes are made ready for all its
 * programs first (kvl_prog_skb: writable where one writes), so that the
 * bytes do not move under it.  Tree lock held.
 */
static void enter(struct vq_vif *v, struct sk_buff *skb, u64 ts)
{
	struct kfu_path *fp = v->fused;
	struct kfu_pkt p;
	u32 r, i;

	if (!fp || !READ_ONCE(kfu_on) || !kvl_prog_skb(skb, fp->writes, fp->reads)) {
		deliver(v, skb, ts);
		return;
	}
	p.data = skb->data;
	p.len = skb->len;
	p.plen = qdisc_pkt_len(skb);
	p.ts = ts;
	r = fp->fn(&p, NULL);
	fp->runs++;
	for (i = r & KFU_STAGE; i; i--)
		v = v->parent;
	deliver(v, skb, ts);
}

static struct vq_vif *classify(struct vq_vif *root, struct sk_buff *skb)
{
	struct vq_vif *v = root, *c, *next;

	for (;;) {
		next = NULL;
		list_for_each_entry(c, &v->children, sibling) {
			if (c->filter && bpf_prog_run_save_cb(c->filter, skb)) {
				next = c;
				break;
			}
		}
		if (!next)
			return v;
		v = next;
	}
}

/* does a VIFlet of the tree call Packet.timestamp()?  (at each load,
 * under the tree lock; a VIF removed later may leave it set: a clock
 * read too many, never one too few) */
static bool tree_needs_ts(struct vq_vif *v)
{
	struct vq_vif *c;

	if (v->viflet && kvl_need_ts(v->viflet))
		return true;
	list_for_each_entry(c, &v->children, sibling)
		if (tree_needs_ts(c))
			return true;
	return false;
}

/* the earliest wakeAt of the tree, 0: none */
static u64 earliest_wake(struct vq_vif *v, u64 e)
{
	struct vq_vif *c;

	if (vif_active(v) && v->wake && (!e || v->wake < e))
		e = v->wake;
	list_for_each_entry(c, &v->children, sibling)
		e = earliest_wake(c, e);
	return e;
}

/* run the timers that are due, deepest first */
static void run_timers(struct vq_vif *v, u64 now)
{
	struct vq_vif *c;

	list_for_each_entry(c, &v->children, sibling)
		run_timers(c, now);
	if (v->parent && vif_active(v) && v->wake && v->wake <= now) {
		u64 out = v->c.out;

		v->wake = 0;
		drain(v, true);
		if (v->c.out == out)
			idle_wake(v);
	}
}

static void schedule_wake(struct Qdisc *sch, struct vq_inst *in)
{
	struct vq_priv *q = qdisc_priv(sch);
	u64 e = earliest_wake(in->root, 0);

	if (e)
		qdisc_watchdog_schedule_ns(&q->wd, e);
}

/* packets that left the tree other than through this call's result */
static void report_lost(struct Qdisc *sch, u32 held_before, u64 bytes_before, u32 held_after,
			u64 bytes_after)
{
	if (held_before > held_after)
		qdisc_tree_reduce_backlog(sch, held_before - held_after,
					  (int)(bytes_before - bytes_after));
}

static int vq_enqueue_locked(struct sk_buff *skb, struct Qdisc *sch)
{
	struct vq_priv *q = qdisc_priv(sch);
	struct vq_inst *in = q->inst;
	u32 before = in->tree_held, len = qdisc_pkt_len(skb);
	u64 bbefore = in->tree_bytes, t0 = kvl_prof ? kvl_prof_cycles() : 0;
	bool dropped;

	in->cur = skb;
	in->cur_dropped = false;
	in->tree_held++;
	in->tree_bytes += len;
	this_cpu_inc(vq_stat_skbs);
	kvl_op_begin();
	if (unlikely(kvl_prof_fpu))
		kvl_op_fpu();
	/* the arrival time, read once for the whole tree, and only when
	 * one of its VIFlets can see it (Packet.timestamp()) */
	enter(classify(in->root, skb), skb, in->need_ts && !kvl_old_path() ? ktime_get_ns() : 0);
	kvl_op_end();
	in->cur = NULL;
	dropped = in->cur_dropped;
	/* our own qlen follows the tree (deltas: a peeked packet in
	 * gso_skb counts too) */
	sch->q.qlen += in->tree_held - before;
	vq_stat_backlog_add(sch, (u32)(in->tree_bytes - bbefore));
	schedule_wake(sch, in);
	if (kvl_prof)
		kvl_prof_add(KVL_P_QENQ, t0, kvl_prof_cycles());
	if (dropped) {
		/* the parent does not count this packet; others it counted
		 * may have gone too */
		report_lost(sch, before, bbefore, in->tree_held, in->tree_bytes);
		return NET_XMIT_DROP;
	}
	report_lost(sch, before + 1, bbefore + len, in->tree_held, in->tree_bytes);
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *vq_dequeue_locked(struct Qdisc *sch)
{
	struct vq_priv *q = qdisc_priv(sch);
	struct vq_inst *in = q->inst;
	struct vq_vif *root = in->root;
	u32 before = in->tree_held;
	u64 bbefore = in->tree_bytes, t0 = kvl_prof ? kvl_prof_cycles() : 0;
	u64 e, now = 0, ts;
	struct sk_buff *skb;

	if (unlikely(READ_ONCE(vq_prof_nullq)) && (sch->flags & TCQ_F_CAN_BYPASS) && !sch->q.qlen)
		return NULL;
	/* what the core sent past an empty queue is followed by this call:
	 * nothing held, no timer (a relay in C sets none), nothing to do */
	if ((sch->flags & TCQ_F_CAN_BYPASS) && !before) {
		bypass_update(in);
		if (kvl_prof)
			kvl_prof_add(KVL_P_QDEQ_NULL, t0, kvl_prof_cycles());
		return NULL;
	}
	/* the clock is read only when a timer is set (a read can cost a
	 * microsecond: hpet or acpi_pm when the TSC is not trusted) */
	e = earliest_wake(root, 0);
	/* nothing held and no timer set: no packet to find and no VIFlet to
	 * ask (call_dequeue asks one only for a packet or a due timer), as
	 * the steps below would find (k10); this is the call the core makes
	 * after each packet it dequeued, so every queued frame (PriQ's) has
	 * one */
	if (!before && !e && likely(!kvl_prof_old)) {
		bypass_update(in);
		if (kvl_prof)
			kvl_prof_add(KVL_P_QDEQ_NULL, t0, kvl_prof_cycles());
		return NULL;
	}
	kvl_op_begin();
	if (e || unlikely(kvl_prof_old)) {
		now = ktime_get_ns();
		if (e <= now)
			run_timers(root, now);
	}
	skb = __skb_dequeue(&root->fifo);
	if (!skb && vif_active(root)) {
		bool woken = root->wake && root->wake <= now;

		if (woken)
			root->wake = 0;
		skb = call_dequeue(root, woken, &ts);
		if (woken && !skb)
			idle_wake(root);
	}
	kvl_op_end();
	if (skb) {
		root->c.out++;
		root->c.bytes_out += qdisc_pkt_len(skb);
		in->tree_held--;
		in->tree_bytes -= qdisc_pkt_len(skb);
		this_cpu_dec(vq_stat_skbs);
		/* (ours: not a bypassed packet; what bstats_update adds) */
		qdisc_bstats_update(sch, skb);
		in->acct_pkts += skb_is_gso(skb) ? skb_shinfo(skb)->gso_segs : 1;
		in->acct_bytes += qdisc_pkt_len(skb);
	}
	sch->q.qlen -= before - in->tree_held;
	vq_stat_backlog_sub(sch, (u32)(bbefore - in->tree_bytes));
	if (skb)
		report_lost(sch, before - 1, bbefore - qdisc_pkt_len(skb), in->tree_held,
			    in->tree_bytes);
	else
		report_lost(sch, before, bbefore, in->tree_held, in->tree_bytes);
	if (!skb) {
		schedule_wake(sch, in);
		bypass_update(in);
	}
	if (kvl_prof)
		kvl_prof_add(skb ? KVL_P_QDEQ : KVL_P_QDEQ_NULL, t0, kvl_prof_cycles());
	return skb;
}

static int vq_enqueue(struct sk_buff *skb, struct Qdisc *sch, struct sk_buff **to_free)
{
	int rc;

	if (!vq_self_locked(sch))
		return vq_enqueue_locked(skb, sch);
	spin_lock(qdisc_lock(sch));
	rc = vq_enqueue_locked(skb, sch);
	spin_unlock(qdisc_lock(sch));
	return rc;
}

static struct sk_buff *vq_dequeue(struct Qdisc *sch)
{
	struct sk_buff *skb;

	if (!vq_self_locked(sch))
		return vq_dequeue_locked(sch);
	spin_lock(qdisc_lock(sch));
	skb = vq_dequeue_locked(sch);
	/* nothing to hand on: whoever set MISSED (a sender that found the
	 * qdisc running) enqueued before we looked, under this lock, and a
	 * sender that enqueues after it sets MISSED after this, so that
	 * qdisc_run_end sees it: as pfifo_fast's dequeue */
	if (!skb && (READ_ONCE(sch->state) & QDISC_STATE_NON_EMPTY)) {
		clear_bit(__QDISC_STATE_MISSED, &sch->state);
		clear_bit(__QDISC_STATE_DRAINING, &sch->state);
	}
	/* mq's dump reads its children's per-CPU figures without asking
	 * them: brought up to date when the queue goes idle */
	if (!skb && ((struct vq_priv *)qdisc_priv(sch))->inst->txq >= 0)
		vq_stat_flush(sch);
	spin_unlock(qdisc_lock(sch));
	return skb;
}

static struct sk_buff *vq_peek(struct Qdisc *sch)
{
	return qdisc_peek_dequeued(sch);
}

/* every packet of v and below, dropped (reset, destroy) */
static void purge(struct vq_vif *v)
{
	struct sk_buff *skbs[16], *skb;
	struct vq_vif *c;
	u32 n, i;

	list_for_each_entry(c, &v->children, sibling)
		purge(c);
	if (v->viflet) {
		do {
			n = kvl_take_all(v->viflet, skbs, ARRAY_SIZE(skbs));
			for (i = 0; i < n; i++) {
				v->c.drops_policy++;
				pkt_drop(v->inst, skbs[i]);
			}
		} while (n);
	}
	while ((skb = __skb_dequeue(&v->fifo))) {
		v->c.drops_policy++;
		pkt_drop(v->inst, skb);
	}
	v->wake = 0;
}

static void vq_reset(struct Qdisc *sch)
{
	struct vq_priv *q = qdisc_priv(sch);

	if (!q->inst)
		return;
	bypass_fold(q->inst);
	purge(q->inst->root);
	q->inst->tree_held = 0;
	q->inst->tree_bytes = 0;
	sch->q.qlen = 0;
	sch->qstats.backlog = 0;
	if (qdisc_is_percpu_stats(sch)) {
		int cpu;

		for_each_possible_cpu(cpu)
			per_cpu_ptr(sch->cpu_qstats, cpu)->backlog = 0;
	}
	qdisc_watchdog_cancel(&q->wd);
}

/* ---- changing the tree (vq_mutex held, process context) ---- */

int vq_vif_link(struct vq_vif *v)
{
	struct vq_inst *in = v->inst;

	vq_lock_tree(in);
	bypass_fold(in);
	list_add_tail(&v->sibling, &v->parent->children);
	in->nvifs++;
	bypass_update(in);
	vq_unlock_tree(in);
	kfu_refuse(in);
	return 0;
}

/* v's subtree, deepest first: its packets go to `to` (the parent of the
 * VIF being removed) per each VIF's policy; all of it is dead after */
static u32 release_subtree(struct vq_vif *v, struct vq_vif *to)
{
	struct sk_buff *skbs[16];
	struct vq_vif *c;
	u32 n, i, count = 1;

	list_for_each_entry(c, &v->children, sibling)
		count += release_subtree(c, to);
	if (v->viflet) {
		audit(v);	/* what it let go of is its drop, not passed on */
		do {
			n = kvl_take_all(v->viflet, skbs, ARRAY_SIZE(skbs));
			for (i = 0; i < n; i++) {
				if (v->policy_drop) {
					v->c.drops_policy++;
					pkt_drop(v->inst, skbs[i]);
				} else {
					v->c.out++;
					v->c.bytes_out += qdisc_pkt_len(skbs[i]);
					deliver(to, skbs[i], 0);
				}
			}
		} while (n);
	}
	v->wake = 0;
	v->dead = true;
	return count;
}

/* v (not the root) and its subtree leave the packet path; what they hold
 * goes to v's parent per their policies.  The VIFs stay allocated (and
 * listed below v) until vq_vif_free. */
void vq_vif_unlink(struct vq_vif *v)
{
	struct vq_inst *in = v->inst;
	struct Qdisc *sch = in->sch;
	u32 before;
	u64 bbefore;

	vq_lock_tree(in);
	bypass_fold(in);
	before = in->tree_held;
	bbefore = in->tree_bytes;
	list_del_init(&v->sibling);
	in->nvifs -= release_subtree(v, v->parent);
	sch->q.qlen -= before - in->tree_held;
	vq_stat_backlog_sub(sch, (u32)(bbefore - in->tree_bytes));
	report_lost(sch, before, bbefore, in->tree_held, in->tree_bytes);
	bypass_update(in);
	vq_unlock_tree(in);
	kfu_refuse(in);	/* (the removed VIFs' functions go) */
}

void vq_vif_free(struct vq_vif *v)
{
	struct sk_buff *skb;

	if (!v)
		return;
	if (v->viflet) {
		struct sk_buff *skbs[16];
		u32 n, i;

		do {	/* nothing is left unless the instance is going */
			n = kvl_take_all(v->viflet, skbs, ARRAY_SIZE(skbs));
			for (i = 0; i < n; i++) {
				this_cpu_dec(vq_stat_skbs);
				kfree_skb(skbs[i]);
			}
		} while (n);
		kvl_destroy(v->viflet);
	}
	while ((skb = __skb_dequeue(&v->fifo))) {
		this_cpu_dec(vq_stat_skbs);
		kfree_skb(skb);
	}
	if (v->dir)
		atomic_dec(&vq_stat_procs);
	if (v->filter)
		bpf_prog_destroy(v->filter);
	kfree(v->filter_text);
	kvfree(v->log);
	kfree(v);
	atomic_dec(&vq_stat_vifs);
}

void vq_set_filter(struct vq_vif *v, struct bpf_prog *prog, char *text)
{
	struct bpf_prog *old;
	char *old_text;

	vq_lock_tree(v->inst);
	old = v->filter;
	old_text = v->filter_text;
	v->filter = prog;
	v->filter_text = text;
	vq_unlock_tree(v->inst);
	if (old)
		bpf_prog_destroy(old);
	kfree(old_text);
}

/* Load a VIFlet into v: built in process context without any lock the
 * packet path takes, then swapped in under the root lock (a packet runs
 * wholly old or wholly new VIFlet); the old one's packets go up as on
 * a removal (policy), its VM is destroyed after. */
int vq_load(struct vq_vif *v, const u8 *blob, size_t len, char *err, size_t cap)
{
	struct vq_inst *in = v->inst;
	struct Qdisc *sch = in->sch;
	struct kvl_params p;
	struct kvl *l, *old;
	struct sk_buff *skbs[16];
	u32 n, i, before;
	u64 bbefore;
	int ret;

	kvm_viflet_params(&p);
	p.log = vq_viflet_log;
	p.ctx = v;
	atomic_inc(&vq_stat_blobs);
	ret = kvl_load(blob, len, &p, &l, err, cap);
	atomic_dec(&vq_stat_blobs);
	v->load_failed = ret != 0;
	if (ret) {
		vq_logf(v, "vifvm: load refused: %s%s\n", err,
			v->viflet ? "; the old VIFlet keeps running" : "");
		return ret;
	}
	/* (vq_mutex: the swap and the re-fusion, which reads every VIFlet of
	 * the tree, against other loads and tree changes) */
	mutex_lock(&vq_mutex);
	vq_lock_tree(in);
	if (v->dead || in->dying) {
		vq_unlock_tree(in);
		mutex_unlock(&vq_mutex);
		kvl_destroy(l);
		snprintf(err, cap, "the VIF was removed");
		return -ENOENT;
	}
	bypass_fold(in);	/* the bypassed packets were the old VIFlet's */
	before = in->tree_held;
	bbefore = in->tree_bytes;
	old = v->viflet;
	if (old) {
		audit(v);	/* what it let go of is its drop, not passed on */
		do {
			n = kvl_take_all(old, skbs, ARRAY_SIZE(skbs));
			for (i = 0; i < n; i++) {
				if (v->policy_drop) {
					v->c.drops_policy++;
					pkt_drop(in, skbs[i]);
				} else if (v->parent) {
					forward_up(v, skbs[i], 0);
				} else {
					__skb_queue_tail(&v->fifo, skbs[i]);
				}
			}
		} while (n);
	}
	v->viflet = l;
	in->need_ts = tree_needs_ts(in->root);
	v->quota = p.quota;
	v->aborted = false;
	v->wake = 0;
	v->idle_wakes = 0;
	v->timers_off = false;
	strscpy(v->cls_name, kvl_class_name(l), sizeof(v->cls_name));
	sch->q.qlen -= before - in->tree_held;
	vq_stat_backlog_sub(sch, (u32)(bbefore - in->tree_bytes));
	report_lost(sch, before, bbefore, in->tree_held, in->tree_bytes);
	bypass_update(in);
	vq_unlock_tree(in);
	/* the paths through v made again (the old functions still run until
	 * the switch: a stage whose VIFlet was swapped sends the packet the C
	 * way), before the old VM and its programs go */
	kfu_refuse(in);
	mutex_unlock(&vq_mutex);
	vq_logf(v, "vifvm: VIFlet %s loaded (%s, owner %u)%s\n", kvl_class_name(l),
		kvl_engine_jit(l) ? "jit" : "int", v->owner, old ? ", replacing the old one" : "");
	pr_info("vifvm: %s: VIFlet %s loaded (%s)\n", v->path, kvl_class_name(l),
		kvl_engine_jit(l) ? "jit" : "int");
	kvl_destroy(old);
	/* the qdisc may have packets to send now (the FIFO) */
	if (sch->q.qlen && !in->dying) {
		rcu_read_lock();
		__netif_schedule(qdisc_root(sch));
		rcu_read_unlock();
	}
	return 0;
}

bool vq_fused_info(struct vq_vif *v, u32 *stages, u32 *bytes, u64 *runs)
{
	struct kfu_path *fp;

	vq_lock_tree(v->inst);
	fp = v->fused;
	*stages = fp ? fp->stages : 0;
	*bytes = fp ? fp->bytes : 0;
	*runs = fp ? fp->runs : 0;
	vq_unlock_tree(v->inst);
	return fp != NULL;
}

void vq_snapshot(struct vq_vif *v, struct vq_counters *c, u32 *held)
{
	vq_lock_tree(v->inst);
	bypass_fold(v->inst);
	*c = v->c;
	*held = (vif_active(v) ? kvl_held(v->viflet) : 0) + skb_queue_len(&v->fifo);
	vq_unlock_tree(v->inst);
}

/* ---- the qdisc ---- */

/* The TX queue of an instance that is one of a multiqueue root's
 * per-queue children (`mq` or `mqprio`: TCQ_F_MQROOT, class 1:N is TX
 * queue N-1), else -1.  RTNL held (init).  Such an instance is the
 * queue's own qdisc (its dev_queue's qdisc_sleeping once grafted): its
 * root lock is its own, not shared with the other queues' instances.
 * The children mq's (or mqprio's) init makes itself (net.core.default_qdisc
 * = vifvm) are created before the device's root points to mq: they are
 * recognised by their class (TC_H_MIN = queue + 1) under a parent that is
 * neither the device's root nor any qdisc of its tree yet. */
static int vq_txq(struct Qdisc *sch)
{
	struct net_device *dev = qdisc_dev(sch);
	struct Qdisc *root, *q;
	long idx;

	if (sch->parent == TC_H_ROOT || sch->parent == TC_H_UNSPEC || dev->num_tx_queues < 2 ||
	    !sch->dev_queue)
		return -1;
	idx = sch->dev_queue - netdev_get_tx_queue(dev, 0);
	if (idx < 0 || idx >= dev->num_tx_queues)
		return -1;
	/* (a classless root, noop or noqueue with handle 0, is no parent: a
	 * default mq being made at the device's activation has handle 0 too) */
	root = rtnl_dereference(dev->qdisc);
	if (root && root->ops->cl_ops && TC_H_MAJ(root->handle) == TC_H_MAJ(sch->parent))
		return (root->flags & TCQ_F_MQROOT) ? (int)idx : -1;
	/* a parent below the root (htb under tbf, ...) is in the device's
	 * hash (qdisc_hash_add); an MQROOT is only ever the root */
	hash_for_each_possible(dev->qdisc_hash, q, hash, TC_H_MAJ(sch->parent))
		if (q->handle == TC_H_MAJ(sch->parent))
			return -1;
	return TC_H_MIN(sch->parent) == idx + 1 ? (int)idx : -1;
}

/* is an instance's /proc name taken (vq_mutex held)?  Device names are
 * per network namespace, /proc/vifvm is not: a second "D" (another
 * instance on D, or a D of another namespace) gets "D:HHHH", then
 * "D:HHHH-N".  A per-TX-queue instance (under mq) is "D:txN" (N the
 * queue, as in /sys/class/net/D/queues/tx-N), then "D:txN-M". */
static bool name_taken(const char *name)
{
	struct vq_inst *o;

	list_for_each_entry(o, &vq_instances, list)
		if (!strcmp(o->name, name))
			return true;
	return false;
}

static int vq_init(struct Qdisc *sch, struct nlattr *opt, struct netlink_ext_ack *extack)
{
	struct vq_priv *q = qdisc_priv(sch);
	struct net_device *dev = qdisc_dev(sch);
	struct vq_inst *in;
	unsigned int n;
	int err;

	qdisc_watchdog_init(&q->wd, sch);
	if (!READ_ONCE(vq_nolock) && (sch->flags & TCQ_F_NOLOCK)) {
		/* a locked instance: as the core's qdisc_clear_nolock() does
		 * when it grafts a lockless qdisc under a locked parent */
		sch->flags &= ~(TCQ_F_NOLOCK | TCQ_F_CPUSTATS);
		free_percpu(sch->cpu_bstats);
		free_percpu(sch->cpu_qstats);
		sch->cpu_bstats = NULL;
		sch->cpu_qstats = NULL;
	}
	in = kzalloc(sizeof(*in), GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	in->sch = sch;
	strscpy(in->dev, dev->name, sizeof(in->dev));
	mutex_lock(&vq_mutex);
	in->txq = vq_txq(sch);
	if (in->txq >= 0)
		snprintf(in->name, sizeof(in->name), "%s:tx%d", in->dev, in->txq);
	else
		strscpy(in->name, in->dev, sizeof(in->name));
	for (n = 0; name_taken(in->name) && n < 1000; n++) {
		if (in->txq >= 0)
			snprintf(in->name, sizeof(in->name), "%s:tx%d-%u", in->dev, in->txq, n + 1);
		else if (!n)
			snprintf(in->name, sizeof(in->name), "%s:%04x", in->dev,
				 TC_H_MAJ(sch->handle) >> 16);
		else
			snprintf(in->name, sizeof(in->name), "%s:%04x-%u", in->dev,
				 TC_H_MAJ(sch->handle) >> 16, n);
	}
	if (name_taken(in->name)) {
		err = -EEXIST;
		goto fail;
	}
	in->root = vq_vif_new(in, NULL, in->name, 0);
	if (!in->root) {
		err = -ENOMEM;
		goto fail;
	}
	in->nvifs = 1;
	bypass_update(in);	/* (not on the packet path yet) */
	err = vq_proc_vif_add(in->root);
	if (err) {
		NL_SET_ERR_MSG(extack, "vifvm: cannot create the /proc/vifvm directory");
		goto fail;
	}
	list_add_tail(&in->list, &vq_instances);
	q->inst = in;
	atomic_inc(&vq_stat_insts);
	mutex_unlock(&vq_mutex);
	if (in->txq >= 0)
		pr_info("vifvm: qdisc %x: on %s TX queue %d: /proc/vifvm/%s\n",
			TC_H_MAJ(sch->handle) >> 16, in->dev, in->txq, in->name);
	else
		pr_info("vifvm: qdisc %x: on %s: /proc/vifvm/%s\n", TC_H_MAJ(sch->handle) >> 16,
			in->dev, in->name);
	return 0;
fail:
	mutex_unlock(&vq_mutex);
	if (in->root && in->root->dir)
		vq_proc_vif_remove(in->root);
	vq_vif_free(in->root);
	kfree(in);
	return err;
}

/* free v and below (unlinked from packets: the instance is going) */
static void free_tree(struct vq_vif *v)
{
	struct vq_vif *c, *t;

	list_for_each_entry_safe(c, t, &v->children, sibling) {
		list_del_init(&c->sibling);
		free_tree(c);
	}
	vq_vif_free(v);
}

static void mark_dead(struct vq_vif *v)
{
	struct vq_vif *c;

	v->dead = true;
	list_for_each_entry(c, &v->children, sibling)
		mark_dead(c);
}

static void vq_destroy(struct Qdisc *sch)
{
	struct vq_priv *q = qdisc_priv(sch);
	struct vq_inst *in = q->inst;

	qdisc_watchdog_cancel(&q->wd);
	if (!in)
		return;
	/* 1. no control command touches it any more */
	mutex_lock(&vq_proc_mutex);
	mutex_lock(&vq_mutex);
	in->dying = true;
	mark_dead(in->root);
	list_del(&in->list);
	mutex_unlock(&vq_mutex);
	/* 2. its /proc files: removal waits for their users (a viflet file
	 * being closed runs its release: that takes vq_mutex, sees dead) */
	vq_proc_vif_remove(in->root);
	mutex_unlock(&vq_proc_mutex);
	/* 3. the packets (reset ran already, normally), the VMs, the VIFs */
	mutex_lock(&vq_mutex);
	q->inst = NULL;
	free_tree(in->root);
	kfu_free(in);
	mutex_unlock(&vq_mutex);
	atomic_dec(&vq_stat_insts);
	pr_info("vifvm: qdisc %x on %s removed\n", TC_H_MAJ(sch->handle) >> 16, in->dev);
	kfree(in);
}

static int vq_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct vq_priv *q = qdisc_priv(sch);
	struct vq_inst *in = q->inst;
	struct tc_vifvm_qopt opt;
	struct kvl_params p;

	if (in && qdisc_is_percpu_stats(sch)) {
		/* tc copies the per-CPU figures after this */
		vq_lock_tree(in);
		vq_stat_flush(sch);
		vq_unlock_tree(in);
	}
	memset(&opt, 0, sizeof(opt));
	opt.version = TC_VIFVM_VERSION;
	kvm_viflet_params(&p);
	opt.quota = p.quota;
	opt.engine = p.jit ? TC_VIFVM_ENGINE_JIT : TC_VIFVM_ENGINE_INT;
	if (in) {
		struct vq_vif *r = in->root;

		/* no lock: read racily (a torn name at worst) */
		opt.owner = r->owner;
		opt.state = !r->viflet ? TC_VIFVM_STATE_NONE :
			    r->aborted ? TC_VIFVM_STATE_ABORTED : TC_VIFVM_STATE_RUNNING;
		if (r->viflet) {
			strscpy(opt.class_name, r->cls_name, sizeof(opt.class_name));
			opt.engine = kvl_engine_jit(r->viflet) ? TC_VIFVM_ENGINE_JIT : TC_VIFVM_ENGINE_INT;
		}
		opt.nvifs = READ_ONCE(in->nvifs);
		strscpy(opt.proc_name, in->name, sizeof(opt.proc_name));
	}
	if (nla_put(skb, TCA_OPTIONS, sizeof(opt), &opt))
		return -1;
	return skb->len;
}

static int vq_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct vq_priv *q = qdisc_priv(sch);
	struct vq_inst *in = q->inst;
	struct tc_vifvm_xstats st;
	struct vq_counters c;
	u32 held;

	memset(&st, 0, sizeof(st));
	if (in) {
		struct vq_vif *r = in->root;

		u64 bp, bb;

		vq_stat_sent(sch, &bp, &bb);
		bp -= READ_ONCE(in->acct_pkts);
		bb -= READ_ONCE(in->acct_bytes);

		c = r->c;	/* no lock: see vq_dump */
		/* and what the core sent past the queue since the last
		 * dequeue (bypass_fold, not done here: no lock) */
		if (bp < (1ULL << 40)) {
			c.in += bp;
			c.out += bp;
			c.bytes_in += bb;
			c.bytes_out += bb;
			if (vif_active(r)) {
				c.enqueue_calls += bp;
				c.dequeue_calls += bp;
			}
		}
		held = c.in - c.out - c.drops_handler - c.drops_quota - c.drops_policy;
		st.in = c.in;
		st.out = c.out;
		st.drops_handler = c.drops_handler;
		st.drops_quota = c.drops_quota;
		st.drops_policy = c.drops_policy;
		st.held = held;
		st.enqueue_calls = c.enqueue_calls;
		st.dequeue_calls = c.dequeue_calls;
		st.aborts = c.aborts;
		st.bytes_in = c.bytes_in;
		st.bytes_out = c.bytes_out;
		st.tree_held = in->tree_held;
	}
	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops vq_ops __read_mostly = {
	.id = "vifvm",
	.priv_size = sizeof(struct vq_priv),
	.static_flags = TCQ_F_NOLOCK | TCQ_F_CPUSTATS,	/* vq_nolock */
	.enqueue = vq_enqueue,
	.dequeue = vq_dequeue,
	.peek = vq_peek,
	.init = vq_init,
	.reset = vq_reset,
	.destroy = vq_destroy,
	.dump = vq_dump,
	.dump_stats = vq_dump_stats,
	.owner = THIS_MODULE,
};

int vq_register(void)
{
	return register_qdisc(&vq_ops);
}

void vq_unregister(void)
{
	unregister_qdisc(&vq_ops);
}
