// SPDX-License-Identifier: GPL-2.0
/* vifvm_pbench.c - /proc/vifvm/pbench: a VIFlet's handlers over packets
 * held in memory, in the kernel, without a device or a qdisc: the
 * kernel's side of the like-for-like packet benchmark (issue 13 §6), whose
 * user side is `vifd --in pcap:FILE --bench N --load pcap=VIFLET`.
 *
 *   cat capture.pcap Viflet.class > /proc/vifvm/pbench   (root only)
 *   cat /proc/vifvm/pbench
 *
 * The write is a pcap capture followed by the VIFlet (a class file or a
 * JAR: the capture ends at the first record boundary where one begins).
 * On close the VIFlet is loaded in a fresh VM (the engine and the VIFlet
 * limits of the qdisc's VIFlets: module parameters engine, viflet_heap_kb,
 * ...), then pbench_packets packets (the capture's frames in turn) are
 * each handed to its enqueue and then its dequeue called once, as a qdisc
 * with an idle device would, and the time of the whole loop is divided by
 * the packets.  The frames are copied into one sk_buff each before the
 * clock starts; a frame's sk_buff, once dequeued, is used again for the
 * frame's next turn (a frame whose sk_buff the VIFlet still holds gets a
 * fresh copy, counted as "fresh").  The loop runs in slices of
 * PB_SLICE packets, each with bottom halves and preemption off and one
 * qdisc-style operation section (kvl_op_begin: what vq_enqueue and
 * vq_dequeue open per call), then a cond_resched().
 *
 * Reading gives the last result: packets= frames= ns= ns_per_packet=
 * out= (packets dequeued) fresh= dropped= class= engine= tier2=METHODS/EXITS
 * path_compiled= copy=, or error=.
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <asm/unaligned.h>

#include "vifvm_pbench.h"
#include "vifvm_qdisc.h"
#include "vifvm_viflet.h"

static unsigned int pbench_packets = 200000;
module_param(pbench_packets, uint, 0644);
MODULE_PARM_DESC(pbench_packets, "packets handed to the VIFlet by one /proc/vifvm/pbench run (default 200000, as the user-space side's vifd --bench 200000)");

#define PB_SLICE	256	/* packets per slice with BHs and preemption off */
#define PB_MAX_UPLOAD	(8u << 20)
#define PB_MAX_FRAMES	65536u

struct pb_upload {
	u8 *data;
	size_t len, cap;
	bool too_big;
};

struct pb_frame {
	const u8 *data;
	u32 len;
};

static DEFINE_MUTEX(pb_lock);	/* runs, the result and the buffers below */
static char pb_result[512] = "none\n";
static char pb_err[KVL_DETAIL], pb_detail[KVL_DETAIL];

/* the frame index of a bench sk_buff, in its control buffer (nothing
 * else uses it here: no qdisc) */
static u32 *pb_idx(struct sk_buff *skb)
{
	return (u32 *)skb->cb;
}

static void pb_log(void *ctx, const char *s, size_t n)
{
	pr_info("vifvm: pbench VIFlet: %.*s", (int)min_t(size_t, n, 200), s);
}

/* the capture's frames: pointers into data; *rest: where the VIFlet
 * begins.  0, or -EINVAL with err set. */
static int pb_parse(const u8 *data, size_t len, struct pb_frame **out, u32 *n,
		    size_t *rest, char *err, size_t cap)
{
	struct pb_frame *f;
	size_t off = 24;
	bool swap;
	u32 magic, nf = 0;

	if (len < 24) {
		snprintf(err, cap, "not a pcap capture (%zu bytes)", len);
		return -EINVAL;
	}
	magic = get_unaligned_le32(data);
	if (magic == 0xa1b2c3d4 || magic == 0xa1b23c4d) {
		swap = false;
	} else if (magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1) {
		swap = true;
	} else {
		snprintf(err, cap, "not a pcap capture (magic %08x)", magic);
		return -EINVAL;
	}
	f = kvmalloc_array(PB_MAX_FRAMES, sizeof(*f), GFP_KERNEL);
	if (!f) {
		snprintf(err, cap, "no memory for the frame table");
		return -ENOMEM;
	}
	while (off + 16 <= len && nf < PB_MAX_FRAMES) {
		u32 be = get_unaligned_be32(data + off);
		u32 caplen;

		/* the VIFlet: a class file or a JAR (zip) */
		if (be == 0xcafebabe || be == 0x504b0304)
			break;
		caplen = swap ? get_unaligned_be32(data + off + 8) :
				get_unaligned_le32(data + off + 8);
		if (caplen == 0 || caplen > 65535 || off + 16 + caplen > len) {
			kvfree(f);
			snprintf(err, cap, "pcap record at byte %zu: bad length %u", off, caplen);
			return -EINVAL;
		}
		f[nf].data = data + off + 16;
		f[nf].len = caplen;
		nf++;
		off += 16 + caplen;
	}
	if (!nf || off + 4 > len) {
		kvfree(f);
		snprintf(err, cap, "want a pcap capture with packets, then the VIFlet (%u frames)", nf);
		return -EINVAL;
	}
	*out = f;
	*n = nf;
	*rest = off;
	return 0;
}

static struct sk_buff *pb_skb(const struct pb_frame *f, u32 idx)
{
	struct sk_buff *skb = alloc_skb(f->len, GFP_KERNEL);

	if (!skb)
		return NULL;
	skb_put_data(skb, f->data, f->len);
	*pb_idx(skb) = idx;
	return skb;
}

/* the bench itself; the result into pb_result */
static void pb_run(const u8 *data, size_t len)
{
	char *err = pb_err, *detail = pb_detail;
	const size_t errcap = sizeof(pb_err);
	struct pb_frame *fr = NULL;
	struct sk_buff **pool = NULL, *held[16];
	struct kvl_params p;
	struct kvl *l = NULL;
	u64 n = READ_ONCE(pbench_packets), i = 0, out = 0, fresh = 0, t0, ns = 0;
	u64 dbytes;
	u32 nf, k, dropped = 0, got;
	size_t rest;
	int ret;

	err[0] = 0;
	ret = pb_parse(data, len, &fr, &nf, &rest, err, errcap);
	if (ret)
		goto done;
	pool = kvcalloc(nf, sizeof(*pool), GFP_KERNEL);
	if (!pool) {
		ret = -ENOMEM;
		snprintf(err, errcap, "no memory for %u sk_buffs", nf);
		goto done;
	}
	for (k = 0; k < nf; k++) {
		pool[k] = pb_skb(&fr[k], k);
		if (!pool[k]) {
			ret = -ENOMEM;
			snprintf(err, errcap, "no memory for %u sk_buffs", nf);
			goto done;
		}
	}
	kvm_viflet_params(&p);
	p.log = pb_log;
	ret = kvl_load(data + rest, len - rest, &p, &l, err, errcap);
	if (ret)
		goto done;
	t0 = ktime_get_ns();
	while (i < n && !ret) {
		u64 end = min(n, i + PB_SLICE);

		preempt_disable();
		local_bh_disable();
		kvl_op_begin();
		for (; i < end; i++) {
			u32 f = (u32)(i % nf);
			struct sk_buff *skb = pool[f], *o = NULL;
			u64 ts, wake;

			pool[f] = NULL;
			if (!skb) {
				/* held by the VIFlet still: a new copy (no
				 * sleeping allocation here) */
				skb = alloc_skb(fr[f].len, GFP_ATOMIC);
				if (!skb) {
					ret = -ENOMEM;
					snprintf(err, errcap, "no memory (GFP_ATOMIC) at packet %llu", i);
					break;
				}
				skb_put_data(skb, fr[f].data, fr[f].len);
				*pb_idx(skb) = f;
				fresh++;
			}
			ret = kvl_enqueue(l, skb, 0, detail);
			if (ret == -ENOSPC) {
				/* over its quota: dropped, as a qdisc would */
				kfree_skb(skb);
				dropped++;
				ret = 0;
			} else if (ret) {
				snprintf(err, errcap, "enqueue failed at packet %llu: %s", i, detail);
				break;
			}
			ret = kvl_dequeue(l, &o, &ts, &wake, detail);
			if (ret) {
				snprintf(err, errcap, "dequeue failed at packet %llu: %s", i, detail);
				break;
			}
			if (o) {
				u32 j = *pb_idx(o);

				out++;
				if (j < nf && !pool[j])
					pool[j] = o;
				else
					kfree_skb(o);
			}
		}
		kvl_op_end();
		local_bh_enable();
		preempt_enable();
		cond_resched();
	}
	ns = ktime_get_ns() - t0;
	/* what the VIFlet let go of, and what it holds still */
	local_bh_disable();
	dropped += kvl_audit(l, &dbytes);
	local_bh_enable();
	while ((got = kvl_take_all(l, held, ARRAY_SIZE(held))) > 0)
		for (k = 0; k < got; k++)
			kfree_skb(held[k]);
done:
	if (ret) {
		snprintf(pb_result, sizeof(pb_result), "error=%d %s\n", ret, err);
		pr_err("vifvm: pbench: %s\n", err);
	} else {
		u32 t2, pc, pl;
		u64 t2x;

		kvl_tier2_counts(l, &t2, &t2x);
		kvl_path_counts(l, &pc, &pl);
		snprintf(pb_result, sizeof(pb_result),
			 "packets=%llu frames=%u ns=%llu ns_per_packet=%llu.%llu out=%llu fresh=%llu dropped=%u class=%s engine=%s tier2=%u/%llu path_compiled=%u copy=%s\n",
			 n, nf, ns, n ? ns / n : 0, n ? (ns * 10 / n) % 10 : 0, out, fresh,
			 dropped, kvl_class_name(l), kvl_engine_jit(l) ? "jit" : "int", t2, t2x, pc,
			 kvl_copies_all(l) ? "all" : "prefix");
		pr_info("vifvm: pbench: %s", pb_result);
	}
	if (l)
		kvl_destroy(l);
	if (pool)
		for (k = 0; k < nf; k++)
			kfree_skb(pool[k]);
	kvfree(pool);
	kvfree(fr);
}

static int pb_open(struct inode *inode, struct file *file)
{
	struct pb_upload *u;

	if (!(file->f_mode & FMODE_WRITE))
		return 0;
	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	file->private_data = u;
	return 0;
}

static ssize_t pb_write(struct file *file, const char __user *buf, size_t n, loff_t *pos)
{
	struct pb_upload *u = file->private_data;

	if (n > PB_MAX_UPLOAD || u->len > PB_MAX_UPLOAD - n) {
		u->too_big = true;
		return -EFBIG;
	}
	if (u->len + n > u->cap) {
		size_t cap = min_t(size_t, max3(u->cap * 2, u->len + n, (size_t)65536), PB_MAX_UPLOAD);
		u8 *d = kvmalloc(cap, GFP_KERNEL);

		if (!d)
			return -ENOMEM;
		if (u->len)
			memcpy(d, u->data, u->len);
		kvfree(u->data);
		u->data = d;
		u->cap = cap;
	}
	if (copy_from_user(u->data + u->len, buf, n))
		return -EFAULT;
	u->len += n;
	*pos += n;
	return n;
}

static ssize_t pb_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	ssize_t r;

	mutex_lock(&pb_lock);
	r = simple_read_from_buffer(buf, n, pos, pb_result, strlen(pb_result));
	mutex_unlock(&pb_lock);
	return r;
}

static int pb_release(struct inode *inode, struct file *file)
{
	struct pb_upload *u;

	if (!(file->f_mode & FMODE_WRITE))
		return 0;
	u = file->private_data;
	if (u->too_big) {
		pr_err("vifvm: pbench: upload larger than %u bytes: not run\n", PB_MAX_UPLOAD);
	} else if (u->len) {
		mutex_lock(&pb_lock);
		pb_run(u->data, u->len);
		mutex_unlock(&pb_lock);
	}
	kvfree(u->data);
	kfree(u);
	return 0;
}

const struct proc_ops kvm_pbench_ops = {
	.proc_open = pb_open,
	.proc_read = pb_read,
	.proc_write = pb_write,
	.proc_release = pb_release,
	.proc_lseek = noop_llseek,
};
