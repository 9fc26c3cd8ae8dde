// SPDX-License-Identifier: GPL-2.0
/* vifvm_viflet.c - a VIFlet of the qdisc in a VM of its own (vifvm_viflet.h).
 *
 * With vifvm_run.c, the only kernel file that calls the VM core; every
 * call is made by kvl_call(): bottom halves off (a softirq must not run
 * the qdisc on this CPU while a VM holds the FPU) and on the VM's own
 * stack (vmalloc'ed at load), as vifvm_run.c does for /proc/vifvm/run.
 *
 * Floating point: the core is built without SSE but for the few objects
 * that compute with float/double (src/kmod/Kbuild), which only the
 * float/double bytecodes and java.lang.Math's natives reach; the JIT
 * emits SSE only for those bytecodes.  The VM tells when a class with
 * such code is loaded (vm_platform.fpu_need, vm_fp_code: checked when a
 * class enters the VM, before its code can run).  So the load
 * (KVL_CREATE) runs inside a kernel_fpu section, and the packet path's
 * entries only when the VIFlet's VM holds FP code (l->fp): a VIFlet
 * without it never pays kernel_fpu_begin/end.  Should FP code be loaded
 * later, inside an entry, kvl_fpu_need opens a section on the spot
 * (before that code can run) and the VIFlet is FP from then on.  Within a
 * qdisc operation (kvl_op_begin/end: BHs are off already) the entries
 * share one kernel_fpu section, opened by the first that needs it.
 * /proc/vifvm/status counts the entries with and without a section.  The
 * default FIFO's dequeue() is done in C without an entry (deq_in_c), as
 * vifd does.
 *
 * Packets: the sk_buff stays in C, in the VIFlet's slot table (one slot
 * per packet of its quota); the VIFlet gets a vif.Packet whose byte[] is a
 * copy of the skb's bytes (skb_copy_bits: no linearisation needed) and
 * whose `slot` names the skb.  vif.Datapath.held[slot] keeps the Packet
 * reachable for the audit; when dequeue returns it, the Packet is revoked
 * (data = null, slot = -1: vif.Packet then throws
 * IllegalStateException("packet no longer owned by this VIFlet")) and the
 * byte[] is written back into the skb (made writable first).  A packet
 * the VIFlet lets go of is found by kvl_audit (the collector's
 * reachability query with Datapath.held left out of the roots) and counted
 * as the handler's drop, as in vifd (src/datapath/dp_packet.c).
 *
 * Nothing here compiles, loads a class or maps memory on the packet path:
 * kvl_load verifies and compiles everything (vm_prepare_class) and
 * allocates the slot table, the held array and the VM's memory (its arena)
 * up front; handler calls allocate only Java objects in that arena.
 */
#include "vifvm_viflet.h"
#include "vifvm_blob.h"
#include "platform/kernel/kplatform.h"

#include "vifvm.h"

#include <linux/bottom_half.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/fpu/api.h>
#include <asm/irq_stack.h>
#include <asm/timex.h>
#include <asm/unaligned.h>
#include <asm/tsc.h>

#define KVL_DIR "/vifvm"
#define KVL_JAR "/vifvm/viflet.jar"
#define KVL_VALUE_STACK (256u << 10)
#define KVL_MAX_FRAMES 2048u
#define KVL_MAX_CLASS (4u << 20)
/* What one VIFlet's upload may load (vm_limits.max_classes, max_methods,
 * max_code_bytes).  A load verifies and compiles all of it with bottom
 * halves off in a kernel_fpu section (nothing else runs on that CPU), so
 * the limits bound that time: 4096 methods at the compiler's 10-50 us a
 * method (bench/README.md, compile at load) is 0.04-0.2 s on hardware, a
 * few seconds under TCG, far from the 20 s soft-lockup watchdog.  vifd's
 * (dp_internal.h) are four times larger: it loads in a thread of its own. */
#define KVL_MAX_CLASSES 256u
#define KVL_MAX_METHODS 4096u
#define KVL_MAX_CODE_BYTES (1u << 20)
#define KVL_NO_WAKE ((s64)0x8000000000000000LL)	/* Long.MIN_VALUE */
#define KVL_SLOT_TAKEN (-2)	/* Packet.slot of a packet the datapath took back */
#define KVL_SKIP_MAX 64		/* such packets skipped per dequeue call */
#define KVL_POOL_MAX 64		/* spare packet buffers kept (Datapath.pool) */

atomic_t kvl_vms = ATOMIC_INIT(0);

static bool kvl_pkt_pool = true;
module_param_named(pkt_pool, kvl_pkt_pool, bool, 0644);
MODULE_PARM_DESC(pkt_pool, "reuse the byte[] of packets a VIFlet handed on or dropped for its next packets, as vifd does (default 1; 0 for A/B)");
atomic64_t kvl_fpu_entries, kvl_nofpu_entries, kvl_fpu_lazy;

/* ---- the packet path's profile (vifvm_viflet.h) ---- */

bool kvl_prof;
atomic64_t kvl_prof_cyc[KVL_P_NPARTS], kvl_prof_n[KVL_P_NPARTS];
atomic64_t kvl_prof_scyc[KVL_P_NPARTS], kvl_prof_sn[KVL_P_NPARTS];
u64 kvl_prof_stall;	/* cycles (prof_stall_us at the last write of prof) */
static unsigned int kvl_prof_stall_us;
module_param_named(prof_stall_us, kvl_prof_stall_us, uint, 0644);
MODULE_PARM_DESC(prof_stall_us, "profile: a part that takes longer than this many microseconds is counted apart as a stall (stalls=, stall_ns=), read when prof is written (default 0: none)");
static u64 kvl_prof_pair;	/* cycles of two get_cycles() in a row */
static u64 kvl_prof_ktime;	/* cycles of one ktime_get_ns() */

u64 kvl_prof_cycles(void)
{
	return get_cycles();
}

static int prof_set(const char *val, const struct kernel_param *kp)
{
	int i, err = param_set_bool(val, kp);
	u64 t0, t1, best = U64_MAX;

	if (err)
		return err;
	for (i = 0; i < KVL_P_NPARTS; i++) {
		atomic64_set(&kvl_prof_cyc[i], 0);
		atomic64_set(&kvl_prof_n[i], 0);
		atomic64_set(&kvl_prof_scyc[i], 0);
		atomic64_set(&kvl_prof_sn[i], 0);
	}
	kvl_prof_stall = (u64)READ_ONCE(kvl_prof_stall_us) * (tsc_khz ?: 1) / 1000;
	for (i = 0; i < 1000; i++) {
		t0 = get_cycles();
		t1 = get_cycles();
		best = min(best, t1 - t0);
	}
	kvl_prof_pair = best;
	t0 = get_cycles();
	for (i = 0; i < 100; i++)
		ktime_get_ns();
	kvl_prof_ktime = (get_cycles() - t0) / 100;
	return 0;
}

static const struct kernel_param_ops prof_ops = {
	.set = prof_set,
	.get = param_get_bool,
};
module_param_cb(prof, &prof_ops, &kvl_prof, 0644);
MODULE_PARM_DESC(prof, "profile the packet path's VM entries and qdisc operations (/proc/vifvm/status; writing clears; default 0)");

static const char *const kvl_prof_names[KVL_P_NPARTS] = {
	"entry_enq", "entry_deq", "deq_in_c", "bh_off", "fpu_begin", "op", "handler",
	"fpu_end", "bh_on", "qdisc_enq", "qdisc_deq", "qdisc_deq_null", "fpu_section",
	"enq_alloc", "enq_copy", "enq_gc", "plat_alloc",
};

void kvl_prof_show(struct seq_file *m)
{
	u32 khz = tsc_khz ?: 1;
	u64 c, n, sc, sn;
	int i;

	if (!READ_ONCE(kvl_prof))
		return;
	seq_printf(m, "prof=%d tsc_khz=%u stall_us=%u timer_pair_ns=%llu ktime_get_ns=%llu\n", kvl_prof,
		   tsc_khz, kvl_prof_stall_us, mul_u64_u32_div(kvl_prof_pair, 1000000, khz),
		   mul_u64_u32_div(kvl_prof_ktime, 1000000, khz));
	for (i = 0; i < KVL_P_NPARTS; i++) {
		c = mul_u64_u32_div(atomic64_read(&kvl_prof_cyc[i]), 1000000, khz);
		n = atomic64_read(&kvl_prof_n[i]);
		sc = mul_u64_u32_div(atomic64_read(&kvl_prof_scyc[i]), 1000000, khz);
		sn = atomic64_read(&kvl_prof_sn[i]);
		if (n || c || sn)	/* bh_on counts the softirq runs it made */
			seq_printf(m, "prof %s n=%llu ns=%llu ns_each=%llu stalls=%llu stall_ns=%llu\n",
				   kvl_prof_names[i], n, c, n ? c / n : 0, sn, sc);
	}
}

enum kvl_op { KVL_CREATE, KVL_ENQ, KVL_DEQ, KVL_AUDIT, KVL_DESTROY };

struct kvl {
	struct kplat k;		/* first: the platform's ud */
	vm *v;
	vm_class *cls, *packet_cls, *holder_cls, *bytes_cls, *objarr_cls;
	vm_method *m_enq, *m_deq, *m_init;
	/* the handlers' entries, prepared at load (vifvm_jit.h): enqueue's
	 * with its native code when the JIT gave it one; dequeue returns a
	 * Packet, so the prepared C entry (handler_entry, below) */
	vm_handler_entry e_enq, e_deq;
	u64 entry_calls;
	/* fuse (issue 14): enqueue a field program (vm_handler_field_prog)
	 * and dequeue the default FIFO's: the program's native code, emitted
	 * at load in this VM's code cache (freed with the VM), run on the
	 * skb's bytes instead of the two calls (kvl_prog_enqueue) */
	vm_field_prog *fprog;	/* kmalloc'ed at load; NULL: not a program */
	vm_field_prog_fn fprog_fn;
	u32 fprog_bytes;
	bool fprog_ports;	/* it reads srcPort/dstPort (IPv6: the handler's) */
	u64 fprog_runs, fprog_drops, fprog_general;	/* handler calls through e_enq/e_deq */
	vm_field *st_viflets, *st_held, *st_pool;
	vm_object *obj;		/* the VIFlet (Datapath.viflets[0]; objects do not move) */
	u32 off_data, off_len, off_ts, off_slot, off_wake;
	/* VIFlet's default FIFO, whose dequeue() deq_in_c does in C, and
	 * whose enqueue() enq_in_c does (once the ring exists) */
	bool deq_default, enq_default;
	u32 off_fifo, off_fifo_head, off_fifo_count, off_length;
	/* a relay (enqueue and dequeue both the default FIFO's): its packets
	 * are kept as skbs in cq, in C, without entering the VM (relay_enq) */
	bool relay_ok;
	struct sk_buff_head cq;
	u64 *cq_ts;		/* their arrival times, a ring of cap beside cq */
	u32 cq_head;		/* cq_ts's index of cq's first skb */
	u64 relayed;		/* packets enqueued into cq (and bypassed) */
	u64 pooled;		/* packets given a buffer from the pool */
	vm_object **held;	/* Datapath.held's elements (quota of them) */
	vm_object **pool;	/* Datapath.pool's elements: spare byte[]s */
	u32 npool;
	struct sk_buff **skbs;	/* slot -> skb */
	u64 *seq;		/* slot -> arrival order */
	u32 *free;		/* free slots (a stack) */
	bool *reach;		/* the audit's answer */
	u32 cap, nfree, nheld;
	u64 next_seq;
	u64 budget, load_budget;
	void (*log)(void *ctx, const char *s, size_t n);
	void *ctx;
	u8 *blob;		/* served to the VM as its class path */
	size_t blob_len;
	char path[300];
	char cls_name[256];	/* internal name, then dotted */
	bool jar;
	bool fp;		/* the VM holds floating-point code (vm_fp_code) */
	bool need_ts;		/* its classes call vif.Packet.timestamp() */
	bool may_write;		/* its classes may write a Packet's bytes */
	bool read_all;		/* its classes may read past KVL_PREFIX (or write) */
	bool in_op;		/* the entry runs inside a qdisc operation */
	/* its VM's methods compiled and classes loaded when its load
	 * finished (kvl_path_counts: what the packet path did since) */
	u32 load_compiled, load_loaded;
	/* the VM's stack */
	u8 *stack;
	size_t stack_size;
	size_t native_stack;
	/* one operation: its arguments and results */
	enum kvl_op op;
	vm_status st;
	struct sk_buff *skb;
	u64 ts;			/* enqueue: its arrival (0: now); dequeue: the packet's */
	u64 wake;
	u32 audited;
	u64 audited_bytes;
	vm_config cfg;
	vm_diag d;
	char *detail;		/* KVL_DETAIL bytes: the caller's */
	char own_detail[KVL_DETAIL];
	char diag[KVL_DETAIL];	/* the VM's vm_diag */
};

static struct kvl *kvl_of(void *ud)
{
	return container_of((struct kplat *)ud, struct kvl, k);
}

/* System.out/err and the VM's messages: the VIF's log */
static void kvl_write(void *ud, int stream, const char *buf, size_t n)
{
	struct kvl *l = kvl_of(ud);

	if (l->log)
		l->log(l->ctx, buf, n);
}

/* vm_platform.fpu_need: a class with floating-point code was just loaded,
 * inside an entry (BHs off): open a section now if none is */
static void kvl_fpu_need(void *ud);
static void entries_init(struct kvl *l);
static void prog_init(struct kvl *l);

static void set_detail(struct kvl *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->detail, KVL_DETAIL, fmt, ap);
	va_end(ap);
}

/* ---- inside the VM (kvl_call) ---- */

static bool find_cls(struct kvl *l, const char *name, vm_class **out)
{
	if (vm_class_find(l->v, name, out, NULL) != VM_OK || vm_class_init(l->v, *out) != VM_OK) {
		vm_exception_clear(l->v);
		set_detail(l, "embedded class %s missing or failing", name);
		return false;
	}
	return true;
}

static bool field_off(struct kvl *l, vm_class *c, const char *name, const char *desc, u32 *off)
{
	vm_field *f = vm_field_find(c, name, desc);

	if (!f || vm_field_is_static(f)) {
		set_detail(l, "embedded class %s lacks field %s", vm_class_name(c), name);
		return false;
	}
	*off = vm_field_offset(f);
	return true;
}

/* describe the pending exception (one line into detail) and print it with
 * its stack trace to the log */
static void pending(struct kvl *l, const char *where)
{
	vm_object *ex = vm_exception(l->v);
	char msg[256];

	if (!ex) {
		set_detail(l, "%s%s%s", where ?: "", where ? ": " : "",
			   l->diag[0] ? l->diag : vm_status_str(l->st));
		return;
	}
	vm_exception_describe(l->v, ex, msg, sizeof(msg));
	if (where)
		set_detail(l, "%s threw %s", where, msg);
	else
		set_detail(l, "%s", msg);
	vm_protect(l->v, &ex);
	vm_exception_clear(l->v);
	vm_exception_print(l->v, ex);
	vm_unprotect(l->v, 1);
	vm_exception_clear(l->v);
}

static void abort_detail(struct kvl *l, const char *where)
{
	char w[160], c[160];

	if (l->st == VM_ERR_EXCEPTION) {
		pending(l, where);
		return;
	}
	vm_exception_clear(l->v);
	if (l->st == VM_ERR_BUDGET) {
		vm_budget_where(l->v, w, sizeof(w));
		vm_budget_caller(l->v, c, sizeof(c));
		set_detail(l, "%s%sinstruction budget of %llu exhausted in %s%s%s%s", where ?: "",
			   where ? ": " : "", where ? l->load_budget : l->budget, w,
			   c[0] ? " (called from " : "", c, c[0] ? ")" : "");
		return;
	}
	set_detail(l, "%s%s%s%s%s", where ?: "", where ? ": " : "", vm_status_str(l->st),
		   l->diag[0] ? ": " : "", l->diag);
}

/* the members of vif.Packet through which its bytes can change (the
 * package-private field data: any class but Packet naming it) */
static const char *const kvl_pkt_writers[] = {
	"put", "putShort", "putInt", "putLong", "setDscp", "recomputeIpChecksum",
	"recomputeL4Checksum", "data",
};

/*
 * Which bytes a VIFlet can read.  A packet's bytes are copied into its
 * Packet whole only when a user class names a member of vif.Packet that
 * reads (or writes) at an offset the packet chooses or the caller does
 * (the list below, with the writers above); otherwise only the first
 * KVL_PREFIX bytes are copied, all that the other members read:
 * prefix-safe: length timestamp etherType ipVersion ipOffset ipProtocol ipSrc ipDst dscp
 * (Ethernet, one VLAN tag and the fixed IPv4/IPv6 header fields: at most
 * byte 37), and all that the library's SimplePacketClassifier.classify
 * reads (at most byte 19; the library is trusted, as vm_member_named
 * says).  Java code can reach the bytes only through those members (the
 * array itself is package-private to vif and named `data`), so a byte
 * past the prefix, stale from the pooled buffer's last packet of the
 * same VIFlet, can never be read; Packet.len is the packet's length
 * either way.  tests/kmod/pkt_members.sh checks that every member of
 * src/lib/java/vif/Packet.java is in one of the three lists.
 * Module parameter copy_prefix (default 1; 0: every packet whole, A/B).
 */
#define KVL_PREFIX	64
static const char *const kvl_pkt_readers[] = {
	"get", "getUnsignedByte", "getShort", "getUnsignedShort", "getInt", "getLong",
	"ipChecksumOk", "l4ChecksumOk", "l4Offset", "l4Protocol", "srcPort", "dstPort",
	"tcpFlags", "len",
};
static bool kvl_prepare_upload = true;
module_param_named(prepare_upload, kvl_prepare_upload, bool, 0644);
MODULE_PARM_DESC(prepare_upload, "load, verify and compile every class of a JAR VIFlet at its load, not only those its code names (default 1; 0: a class named at run time loads on the packet path, for A/B)");
static bool kvl_copy_prefix = true;
module_param_named(copy_prefix, kvl_copy_prefix, bool, 0644);
MODULE_PARM_DESC(copy_prefix, "copy only a packet's first 64 bytes into its Packet when the VIFlet's classes can read no further (default 1; 0 for A/B)");

/*
 * What the VIFlet's classes can do with a Packet, decided once at load:
 * the clock is read per packet only for a VIFlet that can see it
 * (need_ts), a dequeued packet's bytes are compared with its skb's only
 * if something can have written them (may_write), and a packet is copied
 * past KVL_PREFIX only if something can read there (read_all).  Every
 * class the VIFlet can ever run counts, not only those loaded now: a
 * class of its JAR may be loaded at its first use (Class.forName inside
 * enqueue, on the packet path: too late to decide for that packet), so
 * every class of the uploaded image is scanned without loading it
 * (vm_image_members_named), and the loaded ones as well
 * (vm_member_named: the classes the VM generated, for lambdas).  An
 * entry of the image that cannot be parsed counts as naming everything
 * (logged): slower, never wrong, and the load goes on as before; so do
 * class entries past KVL_SCAN_MAX bytes in all (the scan runs inside the
 * load's VM entry, BHs and preemption off: its work is bounded, ~95
 * instructions per byte of class inflated and parsed, bench/README.md
 * k14; a VIFlet's JAR of more than 4 MiB of classes only copies all).
 */
#define KVL_SCAN_MAX	(4u << 20)
static void kvl_scan_members(struct kvl *l)
{
	static const char ts_name[] = "timestamp";
	const size_t nw = ARRAY_SIZE(kvl_pkt_writers), nr = ARRAY_SIZE(kvl_pkt_readers);
	const char *names[1 + ARRAY_SIZE(kvl_pkt_writers) + ARRAY_SIZE(kvl_pkt_readers)];
	bool found[ARRAY_SIZE(names)];
	char msg[256];
	vm_status st;
	size_t i, n = ARRAY_SIZE(names);

	names[0] = ts_name;
	for (i = 0; i < nw; i++)
		names[1 + i] = kvl_pkt_writers[i];
	for (i = 0; i < nr; i++)
		names[1 + nw + i] = kvl_pkt_readers[i];
	l->diag[0] = '\0';
	st = vm_image_members_named(&l->k.plat, l->blob, l->blob_len, l->jar, KVL_MAX_CLASS,
				    KVL_SCAN_MAX, "vif/Packet", names, n, found, &l->d);
	if (st != VM_OK && l->log) {
		int m = snprintf(msg, sizeof(msg),
				 "vifvm: a class of the upload cannot be scanned (%s: %.120s): every member of vif.Packet counts as used\n",
				 vm_status_str(st), l->diag);

		l->log(l->ctx, msg, min_t(size_t, (size_t)max(m, 0), sizeof(msg) - 1));
	}
	l->diag[0] = '\0';
	for (i = 0; i < n; i++)
		found[i] |= vm_member_named(l->v, "vif/Packet", names[i]) != 0;
	l->need_ts = found[0];
	l->may_write = false;
	for (i = 0; i < nw; i++)
		l->may_write |= found[1 + i];
	l->read_all = l->may_write;
	for (i = 0; i < nr; i++)
		l->read_all |= found[1 + nw + i];
}

static void op_create(struct kvl *l)
{
	vm_object *a, *obj = NULL;
	vm_method *vf_deq = NULL, *vf_enq = NULL;
	vm_value args[1];
	vm_object *held;

	l->st = VM_OK;
	if (l->jar) {
		l->st = vm_jar_main_class(&l->k.plat, KVL_JAR, l->blob_len, l->cls_name,
					  sizeof(l->cls_name), &l->d);
		if (l->st != VM_OK) {
			set_detail(l, "JAR without a Main-Class naming its VIFlet: %s",
				   l->diag[0] ? l->diag : vm_status_str(l->st));
			return;
		}
	}
	l->st = vm_create(&l->cfg, &l->v, &l->d);
	if (l->st != VM_OK) {
		l->v = NULL;
		set_detail(l, "cannot create the VM: %s", l->diag[0] ? l->diag : vm_status_str(l->st));
		return;
	}
	if (!find_cls(l, "vif/Packet", &l->packet_cls) || !find_cls(l, "vif/Datapath", &l->holder_cls) ||
	    !find_cls(l, "[B", &l->bytes_cls) || !find_cls(l, "[Ljava/lang/Object;", &l->objarr_cls) ||
	    !field_off(l, l->packet_cls, "data", "[B", &l->off_data) ||
	    !field_off(l, l->packet_cls, "len", "I", &l->off_len) ||
	    !field_off(l, l->packet_cls, "ts", "J", &l->off_ts) ||
	    !field_off(l, l->packet_cls, "slot", "I", &l->off_slot))
		goto fail;
	l->st_viflets = vm_field_find(l->holder_cls, "viflets", "[Ljava/lang/Object;");
	l->st_held = vm_field_find(l->holder_cls, "held", "[Ljava/lang/Object;");
	l->st_pool = vm_field_find(l->holder_cls, "pool", "[Ljava/lang/Object;");
	if (!l->st_viflets || !l->st_held || !l->st_pool) {
		set_detail(l, "embedded class vif/Datapath lacks its tables");
		goto fail;
	}
	held = vm_new_array(l->v, l->objarr_cls, (int32_t)l->cap);
	if (!held)
		goto oom;
	vm_static_set_ref(l->st_held, held);
	l->held = vm_array_data(held);
	a = vm_new_array(l->v, l->objarr_cls, 1);
	if (!a)
		goto oom;
	vm_static_set_ref(l->st_viflets, a);
	a = vm_new_array(l->v, l->objarr_cls, KVL_POOL_MAX);
	if (!a)
		goto oom;
	vm_static_set_ref(l->st_pool, a);
	l->pool = vm_array_data(a);

	l->diag[0] = '\0';
	l->st = vm_class_find(l->v, l->cls_name, &l->cls, &l->d);
	if (l->st != VM_OK) {
		pending(l, "loading the class");
		goto fail;
	}
	{
		vm_class *vf = vm_class_loaded(l->v, "vif/VIFlet");
		vm_field *fw = vf ? vm_field_find(vf, "wakeTime", "J") : NULL;

		if (!vf || (vm_class_flags(l->cls) & VM_CLASS_ARRAY) || l->cls == vf ||
		    !vm_class_assignable(l->cls, vf)) {
			set_detail(l, "class %s is not a VIFlet (it does not extend vif.VIFlet)", l->cls_name);
			goto fail;
		}
		if (!fw) {
			set_detail(l, "embedded class vif/VIFlet lacks wakeTime");
			goto fail;
		}
		l->off_wake = vm_field_offset(fw);
		if (!field_off(l, vf, "fifo", "[Lvif/Packet;", &l->off_fifo) ||
		    !field_off(l, vf, "fifoHead", "I", &l->off_fifo_head) ||
		    !field_off(l, vf, "fifoCount", "I", &l->off_fifo_count) ||
		    !field_off(l, vf, "length", "I", &l->off_length))
			goto fail;
		vf_deq = vm_method_find(vf, "dequeue", "()Lvif/Packet;");
		vf_enq = vm_method_find(vf, "enqueue", "(Lvif/Packet;)V");
	}
	if (vm_class_flags(l->cls) & (VM_CLASS_ABSTRACT | VM_CLASS_INTERFACE)) {
		set_detail(l, "class %s is abstract", l->cls_name);
		goto fail;
	}
	l->m_init = vm_method_find_declared(l->cls, "<init>", "()V");
	l->m_enq = vm_method_find(l->cls, "enqueue", "(Lvif/Packet;)V");
	l->m_deq = vm_method_find(l->cls, "dequeue", "()Lvif/Packet;");
	l->deq_default = l->m_deq && l->m_deq == vf_deq;
	l->enq_default = l->m_enq && l->m_enq == vf_enq;
	/* as vifd's stage_fifo_inline: a budget VIFlet.enqueue cannot exhaust */
	l->relay_ok = l->deq_default && l->enq_default && (!l->budget || l->budget >= 1024);
	if (!l->m_init) {
		set_detail(l, "class %s has no constructor without arguments", l->cls_name);
		goto fail;
	}
	if (!l->m_enq || !l->m_deq ||
	    (vm_method_flags(l->m_enq) & (VM_METHOD_STATIC | VM_METHOD_ABSTRACT)) ||
	    (vm_method_flags(l->m_deq) & (VM_METHOD_STATIC | VM_METHOD_ABSTRACT))) {
		set_detail(l, "class %s has no usable enqueue/dequeue methods", l->cls_name);
		goto fail;
	}
	/* compile at load: nothing is compiled or loaded on the packet path,
	 * the class library's methods the VIFlet reaches included, and every
	 * class of a JAR upload (a helper loaded by Class.forName too; an
	 * entry that does not load refuses the upload, naming it)
	 */
	l->diag[0] = '\0';
	if (l->jar && kvl_prepare_upload)
		l->st = vm_prepare_image(l->v, l->blob, l->blob_len, true, KVL_MAX_CLASS,
					 VM_PREPARE_LIBRARY, &l->d);
	else
		l->st = vm_prepare_class(l->v, l->cls, VM_PREPARE_LIBRARY, &l->d);
	if (l->st != VM_OK) {
		vm_exception_clear(l->v);
		set_detail(l, "class %s refused: %s", l->cls_name,
			   l->diag[0] ? l->diag : vm_status_str(l->st));
		goto fail;
	}
	vm_set_budget(l->v, l->load_budget);
	l->st = vm_class_init(l->v, l->cls);
	if (l->st == VM_OK) {
		obj = vm_new_object(l->v, l->cls);
		if (!obj)
			l->st = VM_ERR_EXCEPTION;
	}
	if (l->st == VM_OK) {
		vm_protect(l->v, &obj);
		args[0].l = obj;
		l->st = vm_call(l->v, l->m_init, args, NULL);
		vm_unprotect(l->v, 1);
	}
	if (l->st != VM_OK) {
		abort_detail(l, "constructing the VIFlet");
		goto fail;
	}
	((vm_object **)vm_array_data(vm_static_get_ref(l->st_viflets)))[0] = obj;
	l->obj = obj;
	l->fp = vm_fp_code(l->v);
	kvl_scan_members(l);
	entries_init(l);
	prog_init(l);
	/* (load_* are 0 here: the counts since the VM's creation) */
	kvl_path_counts(l, &l->load_compiled, &l->load_loaded);
	return;
oom:
	vm_exception_clear(l->v);
	set_detail(l, "Java heap too small for the datapath's tables");
fail:
	if (l->st == VM_OK)
		l->st = VM_ERR_ARG;
}

/*
 * VIFlet.enqueue(p), the default FIFO's (src/lib/java/vif/VIFlet.java),
 * done here in C instead of called, as deq_in_c does for dequeue(): p is
 * a new vif.Packet (not null), so it only stores p at the ring's tail and
 * counts it (no call, loop, allocation or exception).  Plain stores on
 * the heap (the collector needs no write barrier).  false: the ring is not
 * there yet or full (growFifo allocates): call it instead.
 */
static bool enq_in_c(struct kvl *l, vm_object *j)
{
	vm_object *obj = l->obj, *f = vm_get_ref(obj, l->off_fifo);
	int32_t n = vm_get_i32(obj, l->off_fifo_count);
	int32_t h = vm_get_i32(obj, l->off_fifo_head), flen, tail;

	if (!f)
		return false;
	flen = vm_array_length(f);
	if (n < 0 || n >= flen || h < 0 || h >= flen)
		return false;
	tail = h + n;
	if (tail >= flen)
		tail -= flen;
	((vm_object **)vm_array_data(f))[tail] = j;
	vm_set_i32(obj, l->off_fifo_count, n + 1);
	/* length++ as Java does it (wraps) */
	vm_set_i32(obj, l->off_length, (int32_t)((u32)vm_get_i32(obj, l->off_length) + 1u));
	return true;
}

/*
 * A linear skb's bytes into the Packet's byte[]: 8 bytes a move, no
 * string instruction.  The kernel's memcpy (skb_copy_bits) uses `rep
 * movsq`/`rep movsb`, which a CPU runs fast but an emulator such as qemu
 * TCG runs one iteration at a time (measured: ~0.5 us for 100 bytes in the
 * guest, where vifd's copy, SSE moves, costs a few tens of ns); the
 * barrier keeps gcc from turning the loop back into a memcpy call.
 * (k13 tried 64 bytes a turn, eight loads then eight stores: no
 * difference under TCG, where the loads and stores themselves cost.)
 * Module parameter plain_copy (default 1; 0: skb_copy_bits, for A/B).
 */
static bool kvl_plain_copy = true;
module_param_named(plain_copy, kvl_plain_copy, bool, 0644);
MODULE_PARM_DESC(plain_copy, "copy a linear packet into its Packet with 8-byte moves instead of skb_copy_bits' string instructions (default 1; 0 for A/B)");

static void copy_plain(u8 *d, const u8 *s, unsigned int n)
{
	u64 x;

	for (; n >= 8; n -= 8, d += 8, s += 8) {
		x = get_unaligned((const u64 *)s);
		put_unaligned(x, (u64 *)d);
		barrier();
	}
	for (; n; n--)
		*d++ = *s++;
}

/* At insmod: the copy checked against memcpy for every length up to 200
 * from each of 8 source misalignments to 2 destination ones, with the
 * bytes after the destination's end; -EINVAL on a difference. */
int __init kvl_copy_check(void)
{
	static u8 src[216], dst[216], want[216];
	static const unsigned int dofs[] = { 0, 5 };
	unsigned int n, so, i, k, dof;

	for (i = 0; i < sizeof(src); i++)
		src[i] = (u8)(i * 37 + 11);
	for (n = 0; n <= 200; n++) {
		for (so = 0; so < 8; so++) {
			for (k = 0; k < ARRAY_SIZE(dofs); k++) {
				dof = dofs[k];
				memset(dst, 0xa5, n + 16);
				memset(want, 0xa5, n + 16);
				memcpy(want + dof, src + so, n);
				copy_plain(dst + dof, src + so, n);
				if (!memcmp(dst, want, n + 16))
					continue;
				pr_err("vifvm: packet copy wrong for %u bytes at offsets %u, %u\n",
				       n, so, dof);
				return -EINVAL;
			}
		}
	}
	return 0;
}

/*
 * The handler calls.  handler_entry 2 (default): enqueue through the native
 * entry emitted at load (src/jit/fuse_entry.c: the budget's slices, the
 * VM, the method and the frame as constants, the compiled method's fast
 * entry called directly), dequeue (it returns a Packet: the native entry
 * is for void handlers) through the prepared entry; 1: both through the
 * prepared C entry; 0: vm_call_handler, as before (also on the old path).
 * The same budget, time limit (none), exceptions and aborts as
 * vm_call_handler (include/vifvm_jit.h); the general path (interpreter,
 * a frame that does not fit) is still taken where it applies.
 */
static int kvl_hentry = 2;
module_param_named(handler_entry, kvl_hentry, int, 0644);
MODULE_PARM_DESC(handler_entry, "handler calls: 2 enqueue through its native entry emitted at load, dequeue through its prepared entry (default); 1 both prepared; 0 vm_call_handler (for A/B)");

static vm_status call_enq(struct kvl *l, vm_value *a)
{
	int h = READ_ONCE(kvl_hentry);

	if (!h || !l->e_enq.m || kvl_old_path())
		return vm_call_handler(l->v, l->m_enq, l->budget, 0, a, NULL);
	l->entry_calls++;
	if (h >= 2 && l->e_enq.native)
		return vm_call_handler_native(l->v, &l->e_enq, a);
	return vm_call_handler_entry(l->v, &l->e_enq, a, NULL);
}

static vm_status call_deq(struct kvl *l, vm_value *a, vm_value *ret)
{
	if (!READ_ONCE(kvl_hentry) || !l->e_deq.m || kvl_old_path())
		return vm_call_handler(l->v, l->m_deq, l->budget, 0, a, ret);
	l->entry_calls++;
	return vm_call_handler_entry(l->v, &l->e_deq, a, ret);
}

/* at load (process context, inside the load's entry): both entries
 * prepared, enqueue's native code emitted unless it is the default FIFO's
 * (done in C, enq_in_c, but for its first call and a full ring) */
static void entries_init(struct kvl *l)
{
	char name[300];

	if (!l->cfg.interpret_only) {
		/* inherited handlers are left by vm_prepare_class to their
		 * first call: compile them now, not on the packet path */
		vm_method_compile(l->v, l->m_enq);
		vm_method_compile(l->v, l->m_deq);
	}
	vm_handler_entry_init(&l->e_enq, l->m_enq, l->budget, 0);
	vm_handler_entry_init(&l->e_deq, l->m_deq, l->budget, 0);
	if (l->enq_default)
		return;
	snprintf(name, sizeof(name), "vifvm:%s.enqueue", l->cls_name);
	if (vm_handler_entry_emit(l->v, &l->e_enq, name) != VM_OK)
		l->e_enq.native = NULL;
}

/*
 * Fusion (issue 14, "Kernel"; src/kmod/README.md "Fused paths"): a VIFlet
 * whose enqueue is a field program (vm_handler_field_prog,
 * src/jit/fuse_prog.c: straight-line updates of its own int/long fields
 * from constants, length(), timestamp() and header getters, guards,
 * setDscp, then super.enqueue) and whose dequeue is the default FIFO's
 * has the program emitted as native code here, at load (process context,
 * inside the load's entry: vm_field_prog_emit, in this VM's code cache,
 * freed by vm_destroy); on the packet path kvl_prog_enqueue runs it on
 * the skb's bytes in place of the enqueue call, the Packet, its copy and
 * the drain's dequeue call.  A budget below 1024 (which the handler could
 * exhaust) keeps the calls, as relay_ok does.  The program's code uses
 * the general registers only (src/jit/fuse_prog_emit.c emits no SSE): no
 * kernel_fpu section, whatever the VM's other code needs.
 */
static void prog_init(struct kvl *l)
{
	char name[300];
	vm_field_prog_fn fn = NULL;
	u32 i, bytes = 0;

	if (!l->fprog || !l->deq_default || l->enq_default || l->cfg.interpret_only ||
	    (l->budget && l->budget < 1024))
		return;
	if (!vm_handler_field_prog(l->v, l->m_enq, l->fprog))
		return;
	for (i = 0; i < l->fprog->n; i++)
		if (l->fprog->op[i].op == VM_FOP_DPORT || l->fprog->op[i].op == VM_FOP_SPORT)
			l->fprog_ports = true;
	snprintf(name, sizeof(name), "vifvm:%s.enqueue program", l->cls_name);
	if (vm_field_prog_emit(l->v, l->fprog, name, &fn, &bytes) != VM_OK)
		return;
	l->fprog_fn = fn;
	l->fprog_bytes = bytes;
}

/* is a packet copied into its Packet whole?  (else its first KVL_PREFIX
 * bytes: kvl_pkt_readers) */
static bool kvl_copy_all(const struct kvl *l)
{
	return l->read_all || !READ_ONCE(kvl_copy_prefix);
}

bool kvl_copies_all(const struct kvl *l)
{
	return kvl_copy_all(l);
}

/* compiles of either tier: the baseline's, and tier 2's (its code, its
 * refusals and failures, its loop-header variants) */
static u32 kvl_compiles(const struct kvl *l, const vm_stats *vs)
{
	u32 osr = 0;
	u64 entered;

	vm_jit_osr_counts(l->v, &osr, &entered);
	return vs->jit_compiled + vs->jit_tier2_code + vs->jit_tier2_refused +
	       vs->jit_tier2_broken + osr;
}

void kvl_path_counts(const struct kvl *l, u32 *compiled, u32 *loaded)
{
	vm_stats vs;

	vm_get_stats(l->v, &vs);
	*compiled = kvl_compiles(l, &vs) - l->load_compiled;
	*loaded = vs.classes_loaded - l->load_loaded;
}

void kvl_tier2_counts(const struct kvl *l, u32 *code, u64 *exits)
{
	vm_stats vs;

	vm_get_stats(l->v, &vs);
	*code = vs.jit_tier2_code;
	*exits = vs.jit_tier2_exits;
}

static void op_enq(struct kvl *l)
{
	struct sk_buff *skb = l->skb;
	vm_object *j, *buf;
	vm_value a[2];
	vm_stats vs;
	u32 gcs = 0;
	u64 t0, t1;
	u32 s, n;

	l->st = VM_OK;
	if (kvl_prof) {
		vm_get_stats(l->v, &vs);
		gcs = vs.gc_count;
	}
	t0 = kvl_prof ? get_cycles() : 0;
	j = vm_new_object(l->v, l->packet_cls);
	if (!j) {
		vm_exception_clear(l->v);
		l->st = VM_ERR_NOMEM;
		return;
	}
	/* a buffer of a packet handed on before (the pool is rooted: no
	 * protection needed), else a new one */
	buf = NULL;
	if (l->npool && READ_ONCE(kvl_pkt_pool) &&
	    vm_array_length(l->pool[l->npool - 1]) >= (int32_t)skb->len) {
		buf = l->pool[--l->npool];
		l->pool[l->npool] = NULL;
		l->pooled++;
	}
	if (!buf) {
		vm_protect(l->v, &j);
		buf = vm_new_array(l->v, l->bytes_cls, (int32_t)skb->len);
		vm_unprotect(l->v, 1);
	}
	if (!buf) {
		vm_exception_clear(l->v);
		l->st = VM_ERR_NOMEM;
		return;
	}
	if (kvl_prof) {
		t1 = get_cycles();
		vm_get_stats(l->v, &vs);
		/* a collection's share apart: enq_alloc is the allocation */
		kvl_prof_add(vs.gc_count != gcs ? KVL_P_ENQ_GC : KVL_P_ENQ_ALLOC, t0, t1);
		t0 = get_cycles();
	}
	n = skb->len;
	if (!kvl_copy_all(l) && n > KVL_PREFIX)
		n = KVL_PREFIX;
	if (skb_headlen(skb) >= n && READ_ONCE(kvl_plain_copy)) {
		copy_plain(vm_array_data(buf), skb->data, n);
	} else if (skb_copy_bits(skb, 0, vm_array_data(buf), n)) {
		l->st = VM_ERR_NOMEM;	/* cannot happen; the skb is not taken */
		return;
	}
	vm_set_ref(j, l->off_data, buf);
	vm_set_i32(j, l->off_len, (int32_t)skb->len);
	/* ts 0: arrival not read yet (read here if the VIFlet can see it;
	 * the qdisc reads it once at enqueue when one of its tree can) */
	if (!l->ts && (l->need_ts || kvl_old_path()))
		l->ts = ktime_get_ns();
	vm_set_i64(j, l->off_ts, l->ts);
	s = l->free[--l->nfree];
	vm_set_i32(j, l->off_slot, (int32_t)s);
	l->held[s] = j;
	l->skbs[s] = skb;
	l->seq[s] = l->next_seq++;
	l->nheld++;
	a[0].l = l->obj;
	a[1].l = j;
	l->diag[0] = '\0';
	if (kvl_prof) {
		t1 = get_cycles();
		kvl_prof_add(KVL_P_ENQ_COPY, t0, t1);
	}
	t0 = kvl_prof ? get_cycles() : 0;
	if (l->enq_default && !kvl_old_path() && enq_in_c(l, j))
		l->st = VM_OK;
	else
		l->st = call_enq(l, a);
	if (kvl_prof)
		kvl_prof_add(KVL_P_HANDLER, t0, get_cycles());
	if (l->st != VM_OK)
		abort_detail(l, NULL);
}

/*
 * j leaves the VIFlet (handed on, or dropped by it): revoked, its slot
 * freed.  Its byte[] goes to the pool for a later packet, as vifd's
 * buffers do (src/datapath/dp_packet.c): once Packet.data is cleared no
 * Java code can reach it (vif.Packet hands out no reference to its
 * array; a Packet method that holds it in a local has returned before
 * any packet leaves), so reusing it cannot make a revoked Packet
 * readable again; the revoked Packet object itself is never reused.
 */
static void release(struct kvl *l, vm_object *j, u32 s)
{
	vm_object *buf = vm_get_ref(j, l->off_data);

	if (buf && l->npool < KVL_POOL_MAX && READ_ONCE(kvl_pkt_pool))
		l->pool[l->npool++] = buf;
	vm_set_ref(j, l->off_data, NULL);
	vm_set_i32(j, l->off_slot, -1);
	l->held[s] = NULL;
	l->skbs[s] = NULL;
	l->free[l->nfree++] = s;
	l->nheld--;
}

/* do the VIFlet's bytes differ from the skb's?  (then the skb is made
 * writable and written: a TCP skb shared with its retransmit clone is
 * copied only when the VIFlet changed it) */
static bool skb_differs(const struct sk_buff *skb, const u8 *buf, int len)
{
	int head = min_t(int, skb_headlen(skb), len), off, n;
	u8 tmp[128];

	if (memcmp(skb->data, buf, head))
		return true;
	for (off = head; off < len; off += n) {
		n = min_t(int, len - off, sizeof(tmp));
		if (skb_copy_bits(skb, off, tmp, n) || memcmp(tmp, buf + off, n))
			return true;
	}
	return false;
}

/* What dequeue returned (j, not NULL): check that the VIFlet owns it,
 * write its bytes back into its skb and release it; l->skb is then the
 * packet.  1: a packet the datapath took back (a reset), skipped when
 * may_skip; 0: done; -1: the VIFlet fails (l->st, detail).  Plain C on
 * the heap: also outside the VM (deq_in_c). */
static int hand_on(struct kvl *l, vm_object *j, bool may_skip)
{
	struct sk_buff *skb;
	vm_object *buf;
	int32_t s, len;

	s = vm_get_i32(j, l->off_slot);
	if (s == KVL_SLOT_TAKEN && !vm_get_ref(j, l->off_data) && may_skip) {
		/* the datapath took it back (a reset): not the VIFlet's fault */
		vm_set_i32(j, l->off_slot, -1);
		return 1;
	}
	if (s < 0 || (u32)s >= l->cap || l->held[s] != j) {
		set_detail(l, "dequeue() returned a packet it no longer owns (already returned or dropped)");
		l->st = VM_ERR_ARG;
		return -1;
	}
	buf = vm_get_ref(j, l->off_data);
	len = vm_get_i32(j, l->off_len);
	skb = l->skbs[s];
	if (!buf || len < 0 || len > vm_array_length(buf) || (u32)len != skb->len) {
		set_detail(l, "dequeue() returned a corrupt packet");
		l->st = VM_ERR_ARG;
		return -1;
	}
	/* the VIFlet's bytes go out: write them back (GFP_ATOMIC if the skb
	 * is shared with a clone); on failure the skb goes as it came.  (The
	 * old path compares even when nothing could write, as it did, but
	 * never a Packet that may hold only a prefix: !read_all.) */
	if ((l->may_write || (kvl_old_path() && l->read_all)) &&
	    skb_differs(skb, vm_array_data(buf), len) &&
	    !skb_ensure_writable(skb, len))
		skb_store_bits(skb, 0, vm_array_data(buf), len);
	l->ts = vm_get_i64(j, l->off_ts);
	release(l, j, (u32)s);
	l->skb = skb;
	return 0;
}

static void op_deq(struct kvl *l)
{
	vm_object *obj = l->obj, *j;
	vm_value a[2], ret;
	s64 wake = KVL_NO_WAKE;
	int skips = 0;
	u64 t0;

	l->skb = NULL;
	l->wake = 0;
again:
	vm_set_i64(obj, l->off_wake, KVL_NO_WAKE);
	a[0].l = obj;
	a[1].l = NULL;
	ret.l = NULL;
	l->diag[0] = '\0';
	t0 = kvl_prof ? get_cycles() : 0;
	l->st = call_deq(l, a, &ret);
	if (kvl_prof)
		kvl_prof_add(KVL_P_HANDLER, t0, get_cycles());
	if (l->st != VM_OK) {
		abort_detail(l, NULL);
		return;
	}
	wake = vm_get_i64(obj, l->off_wake);
	if (wake != KVL_NO_WAKE)
		l->wake = wake > 0 ? (u64)wake : 1;
	j = ret.l;
	if (!j)
		return;
	if (vm_object_class(j) != l->packet_cls) {
		set_detail(l, "dequeue() returned a %s, not a vif.Packet", vm_class_name(vm_object_class(j)));
		l->st = VM_ERR_ARG;
		return;
	}
	if (hand_on(l, j, skips++ < KVL_SKIP_MAX) == 1)
		goto again;
}

/*
 * VIFlet.dequeue(), the default FIFO's (src/lib/java/vif/VIFlet.java),
 * done here in C instead of called, as vifd does (src/datapath/dp_engine.c,
 * default_dequeue): it only moves fields (no call, loop, allocation,
 * budget tick, wakeAt or exception), so the result and the VIFlet's state
 * are exactly those of the call, without a VM entry (no kernel_fpu
 * section: only plain loads and stores on the heap, as kvl_take_all).  The
 * FIFO's array holds only vif.Packets (Packet[]).  0: done (l->skb, or
 * NULL); -1: the VIFlet fails (l->st, detail); 1: the FIFO is not as that
 * code leaves it: call it instead.
 */
static int deq_in_c(struct kvl *l)
{
	vm_object *obj = l->obj, *f, **slot, *j;
	int32_t n, h, flen;
	int skips = 0, r;

	l->skb = NULL;
	l->wake = 0;
	l->st = VM_OK;
	vm_set_i64(obj, l->off_wake, KVL_NO_WAKE);
	do {
		n = vm_get_i32(obj, l->off_fifo_count);
		if (!n)
			return 0;
		f = vm_get_ref(obj, l->off_fifo);
		h = vm_get_i32(obj, l->off_fifo_head);
		if (!f || n < 0)
			return 1;
		flen = vm_array_length(f);
		if (h < 0 || h >= flen)
			return 1;
		slot = (vm_object **)vm_array_data(f) + h;
		j = *slot;
		*slot = NULL;
		if (++h == flen)
			h = 0;
		vm_set_i32(obj, l->off_fifo_head, h);
		vm_set_i32(obj, l->off_fifo_count, n - 1);
		/* length-- as Java does it (wraps) */
		vm_set_i32(obj, l->off_length, (int32_t)((u32)vm_get_i32(obj, l->off_length) - 1u));
		if (!j)
			return 0;
		r = hand_on(l, j, skips++ < KVL_SKIP_MAX);
	} while (r == 1);
	return r;
}

static void op_audit(struct kvl *l)
{
	vm_field *weak[1] = { l->st_held };
	vm_reach_opts ro = { .weak_statics = weak, .n_weak_statics = 1 };
	u32 s;

	l->audited = 0;
	l->audited_bytes = 0;
	if (!l->nheld || vm_gc_reachable(l->v, &ro, l->held, l->cap, l->reach) != VM_OK)
		return;
	for (s = 0; s < l->cap; s++) {
		if (!l->held[s] || l->reach[s])
			continue;
		l->audited++;
		l->audited_bytes += l->skbs[s]->len;
		kfree_skb(l->skbs[s]);
		release(l, l->held[s], s);
	}
}

static void kvl_tramp(struct kvl *l)
{
	switch (l->op) {
	case KVL_CREATE:
		op_create(l);
		break;
	case KVL_ENQ:
		op_enq(l);
		break;
	case KVL_DEQ:
		op_deq(l);
		break;
	case KVL_AUDIT:
		op_audit(l);
		break;
	case KVL_DESTROY:
		vm_destroy(l->v);
		l->v = NULL;
		break;
	}
}

/* a qdisc operation's VM entries (kvl_op_begin): depth, section open */
struct kvl_opsect {
	u32 depth;
	bool fpu;
	u64 t0;		/* prof: when the section was opened */
};
static DEFINE_PER_CPU(struct kvl_opsect, kvl_opsect);

static void kvl_fpu_need(void *ud)
{
	struct kvl *l = kvl_of(ud);
	struct kvl_opsect *o;

	l->fp = true;
	if (l->k.fpu_open)
		return;
	atomic64_inc(&kvl_fpu_lazy);
	if (l->in_op) {
		o = this_cpu_ptr(&kvl_opsect);
		if (!o->fpu) {
			o->t0 = get_cycles();
			kernel_fpu_begin();
			o->fpu = true;
		}
	} else {
		kernel_fpu_begin();
	}
	l->k.fpu_open = true;
}

void kvl_op_begin(void)
{
	this_cpu_inc(kvl_opsect.depth);
}

void kvl_op_end(void)
{
	struct kvl_opsect *o = this_cpu_ptr(&kvl_opsect);

	if (--o->depth || !o->fpu)
		return;
	o->fpu = false;
	kernel_fpu_end();
	if (kvl_prof)
		kvl_prof_add(KVL_P_FPU_SECT, o->t0, get_cycles());
}

bool kvl_prof_old;
module_param_cb(prof_old, &vq_switch_ops, &kvl_prof_old, 0644);	/* the bypass depends on it */
MODULE_PARM_DESC(prof_old, "profile A/B switch: the packet path without the per-operation FPU section, the dequeue in C and the skipped calls (default 0)");

bool kvl_fpu_always;
module_param_named(fpu_always, kvl_fpu_always, bool, 0644);
MODULE_PARM_DESC(fpu_always, "A/B switch: every packet-path VM entry inside a kernel_fpu section, floating-point code or not, as before FPU-free VIFlets (default 0)");

bool kvl_prev_path;
module_param_cb(prev_path, &vq_switch_ops, &kvl_prev_path, 0644);	/* the bypass depends on it */
MODULE_PARM_DESC(prev_path, "A/B switch: the packet path as it was before FPU-free VIFlets (2026-12-06): every entry in a kernel_fpu section, the clock read per packet, the default enqueue in Java, the write-back compare always (default 0)");

bool kvl_prof_fpu;
module_param_cb(prof_fpu, &vq_switch_ops, &kvl_prof_fpu, 0644);	/* the bypass depends on it */
MODULE_PARM_DESC(prof_fpu, "profile probe: every qdisc enqueue opens a kernel_fpu section, VIFlet or not (default 0)");

void kvl_op_fpu(void)
{
	struct kvl_opsect *o = this_cpu_ptr(&kvl_opsect);

	if (!o->depth || o->fpu)
		return;
	o->t0 = get_cycles();
	kernel_fpu_begin();
	o->fpu = true;
	if (kvl_prof)
		kvl_prof_add(KVL_P_FPU_BEGIN, o->t0, get_cycles());
}

/* an entry inside a qdisc operation (kvl_op_begin): BHs are off, the
 * section is opened by the first entry */
static void kvl_call_in_op(struct kvl *l, struct kvl_opsect *o)
{
	void *top = l->stack + l->stack_size - sizeof(long);
	u64 t0 = 0, t1, calls = l->k.mem.calls;

	if (unlikely(kvl_prof))
		t0 = get_cycles();
	if (!o->fpu && (l->fp || READ_ONCE(kvl_fpu_always) || READ_ONCE(kvl_prev_path))) {
		kernel_fpu_begin();
		o->fpu = true;
		if (unlikely(kvl_prof)) {
			o->t0 = t0;
			t1 = get_cycles();
			kvl_prof_add(KVL_P_FPU_BEGIN, t0, t1);
			t0 = t1;
		}
	}
	l->k.in_vm = true;
	l->k.fpu_open = o->fpu;
	l->in_op = true;
	call_on_stack(top, kvl_tramp, ASM_CALL_ARG1, , [arg1] "r" (l));
	l->in_op = false;
	l->k.in_vm = false;
	atomic64_inc(o->fpu ? &kvl_fpu_entries : &kvl_nofpu_entries);
	l->k.fpu_open = false;
	if (unlikely(kvl_prof)) {
		t1 = get_cycles();
		kvl_prof_add(KVL_P_OP, t0, t1);
		if (l->op == KVL_ENQ || l->op == KVL_DEQ)
			kvl_prof_add(l->op == KVL_ENQ ? KVL_P_ENQ : KVL_P_DEQ, t0, t1);
		/* entries that went to the platform's allocator (kmalloc or
		 * the page arena: not the Java heap's own cells) */
		if (l->k.mem.calls != calls) {
			atomic64_add(t1 - t0, &kvl_prof_cyc[KVL_P_PLAT_ALLOC]);
			atomic64_add(l->k.mem.calls - calls, &kvl_prof_n[KVL_P_PLAT_ALLOC]);
		}
	}
}

/* after an entry outside a qdisc operation: close its section, if it had
 * one (opened by kvl_call or on the way by kvl_fpu_need) */
static void kvl_entry_end(struct kvl *l)
{
	bool fpu = l->k.fpu_open;

	l->k.fpu_open = false;
	if (fpu)
		kernel_fpu_end();
	if (l->op == KVL_ENQ || l->op == KVL_DEQ)
		atomic64_inc(fpu ? &kvl_fpu_entries : &kvl_nofpu_entries);
}

/* one entry into the VM: bottom halves off, a kernel_fpu section if the
 * VM holds floating-point code, the VM's stack */
static void kvl_call(struct kvl *l, enum kvl_op op)
{
	void *top = l->stack + l->stack_size - sizeof(long);
	struct kvl_opsect *o;
	u64 t0, t1, t2, t3, t4, t5;
	bool sirq, fpu;

	l->op = op;
	/* inside a qdisc operation (bottom halves off: the per-CPU state is
	 * stable) */
	if (softirq_count()) {
		o = this_cpu_ptr(&kvl_opsect);
		/* (a section already open is used whatever prof_old says now) */
		if (o->fpu || (o->depth && !READ_ONCE(kvl_prof_old))) {
			kvl_call_in_op(l, o);
			return;
		}
	}
	/* the load runs inside a section (its class loads tell l->fp); then
	 * only a VM with floating-point code needs one */
	fpu = l->fp || op == KVL_CREATE || READ_ONCE(kvl_fpu_always) || kvl_old_path();
	if (unlikely(kvl_prof)) {
		t0 = get_cycles();
		local_bh_disable();
		t1 = get_cycles();
		if (fpu)
			kernel_fpu_begin();
		t2 = get_cycles();
		l->k.in_vm = true;
		l->k.fpu_open = fpu;
		call_on_stack(top, kvl_tramp, ASM_CALL_ARG1, , [arg1] "r" (l));
		l->k.in_vm = false;
		t3 = get_cycles();
		kvl_entry_end(l);
		t4 = get_cycles();
		sirq = local_softirq_pending() && preempt_count() == SOFTIRQ_DISABLE_OFFSET;
		local_bh_enable();
		t5 = get_cycles();
		kvl_prof_add(KVL_P_BH_OFF, t0, t1);
		kvl_prof_add(KVL_P_FPU_BEGIN, t1, t2);
		kvl_prof_add(KVL_P_OP, t2, t3);
		kvl_prof_add(KVL_P_FPU_END, t3, t4);
		atomic64_add(t5 - t4, &kvl_prof_cyc[KVL_P_BH_ON]);
		atomic64_add(sirq, &kvl_prof_n[KVL_P_BH_ON]);
		if (op == KVL_ENQ || op == KVL_DEQ)
			kvl_prof_add(op == KVL_ENQ ? KVL_P_ENQ : KVL_P_DEQ, t0, t5);
		return;
	}
	local_bh_disable();
	if (fpu)
		kernel_fpu_begin();
	l->k.in_vm = true;
	l->k.fpu_open = fpu;
	call_on_stack(top, kvl_tramp, ASM_CALL_ARG1, , [arg1] "r" (l));
	l->k.in_vm = false;
	kvl_entry_end(l);
	local_bh_enable();
}

/* ---- the API ---- */

static void kvl_free(struct kvl *l)
{
	if (l->v)
		kvl_call(l, KVL_DESTROY);
	if (l->stack) {
		size_t left = kplat_destroy(&l->k);

		if (left)
			pr_err("vifvm: VIFlet %s: its VM left %zu bytes allocated\n", l->cls_name, left);
		atomic_dec(&kvl_vms);
	}
	vfree(l->stack);
	kvfree(l->blob);
	kvfree(l->skbs);
	kvfree(l->seq);
	kvfree(l->free);
	kvfree(l->reach);
	kvfree(l->cq_ts);
	kfree(l->fprog);	/* (its code went with the VM) */
	kfree(l);
}

int kvl_load(const u8 *blob, size_t len, const struct kvl_params *p, struct kvl **out,
	     char *err, size_t cap)
{
	enum kvm_blob_kind kind;
	struct kvl *l;
	char *q;
	u32 i;
	size_t n;

	*out = NULL;
	l = kzalloc(sizeof(*l), GFP_KERNEL);
	if (!l)
		return -ENOMEM;
	l->detail = l->own_detail;	/* until kvl_load returns */
	kind = kvm_blob_kind(blob, len, l->cls_name, sizeof(l->cls_name));
	if (kind == KVM_BLOB_BAD) {
		snprintf(err, cap, "not a class file with a plain class name, nor a JAR");
		kfree(l);
		return -EINVAL;
	}
	l->jar = kind == KVM_BLOB_JAR;
	l->cap = max_t(u32, p->quota, 1);
	l->budget = p->budget;
	l->load_budget = p->load_budget;
	l->log = p->log;
	l->ctx = p->ctx;
	l->blob = kvmalloc(len, GFP_KERNEL);
	l->skbs = kvcalloc(l->cap, sizeof(*l->skbs), GFP_KERNEL);
	l->seq = kvcalloc(l->cap, sizeof(*l->seq), GFP_KERNEL);
	l->free = kvcalloc(l->cap, sizeof(*l->free), GFP_KERNEL);
	l->reach = kvcalloc(l->cap, sizeof(*l->reach), GFP_KERNEL);
	l->cq_ts = kvcalloc(l->cap, sizeof(*l->cq_ts), GFP_KERNEL);
	l->stack_size = PAGE_ALIGN(max_t(size_t, p->vm_stack, 32768));
	if (!l->blob || !l->skbs || !l->seq || !l->free || !l->reach || !l->cq_ts)
		goto nomem;
	l->stack = vmalloc(l->stack_size);
	if (!l->stack)
		goto nomem;
	if (kplat_init(&l->k, p->mem_bytes, p->mem_bytes, 0, p->jit)) {
		vfree(l->stack);
		l->stack = NULL;
		goto nomem;
	}
	atomic_inc(&kvl_vms);
	l->k.plat.write = kvl_write;
	l->k.plat.fpu_need = kvl_fpu_need;
	memcpy(l->blob, blob, len);
	l->blob_len = len;
	__skb_queue_head_init(&l->cq);
	for (i = 0; i < l->cap; i++)
		l->free[i] = l->cap - 1 - i;
	l->nfree = l->cap;
	if (l->jar) {
		kplat_add_file(&l->k, KVL_JAR, l->blob, len);
		l->cfg.classpath = KVL_JAR;
	} else {
		snprintf(l->path, sizeof(l->path), KVL_DIR "/%s.class", l->cls_name);
		kplat_add_file(&l->k, l->path, l->blob, len);
		l->k.dir = KVL_DIR;
		l->cfg.classpath = KVL_DIR;
	}
	n = l->stack_size > p->stack_margin ? (l->stack_size - p->stack_margin) * 4 / 5 : 0;
	l->cfg.plat = &l->k.plat;
	l->cfg.limits.heap_max = p->heap_bytes;
	l->cfg.limits.stack_bytes = KVL_VALUE_STACK;
	l->cfg.limits.max_frames = KVL_MAX_FRAMES;
	l->cfg.limits.max_class_bytes = KVL_MAX_CLASS;
	l->cfg.limits.max_classes = KVL_MAX_CLASSES;
	l->cfg.limits.max_methods = KVL_MAX_METHODS;
	l->cfg.limits.max_code_bytes = KVL_MAX_CODE_BYTES;
	l->cfg.limits.native_stack_bytes = max_t(size_t, n, 1024);
	l->cfg.bootlib = &vifvm_bootlib;
	l->cfg.interpret_only = !p->jit;
	/* tier 2 compiles in vm_prepare_class, at the load: eager (not by
	 * counts, so no tier-up and no OSR later) and never a second time */
	l->cfg.jit_tier2 = p->tier2;
	l->cfg.jit_tier2_off = p->tier2_again ? 0 : VM_TIER2_OFF_RECOMPILE;
	l->cfg.jit_opts_disabled = p->jit_off;	/* module parameter jit_opts */
	l->d.buf = l->diag;
	l->d.cap = sizeof(l->diag);

	/* the program's room (vm_field_prog: ~2 KiB), here where we may
	 * sleep; kept only if the load makes a program (prog_init) */
	l->fprog = kmalloc(sizeof(*l->fprog), GFP_KERNEL);
	kvl_call(l, KVL_CREATE);
	if (l->fprog && !l->fprog_fn) {
		kfree(l->fprog);
		l->fprog = NULL;
	}
	if (l->st != VM_OK) {
		snprintf(err, cap, "%s", l->own_detail[0] ? l->own_detail : "load failed");
		kvl_free(l);
		return -EINVAL;
	}
	for (q = l->cls_name; *q; q++)
		if (*q == '/')
			*q = '.';
	*out = l;
	return 0;
nomem:
	snprintf(err, cap, "out of memory for the VIFlet's VM (mem_kb, vm_stack_kb)");
	kvl_free(l);
	return -ENOMEM;
}

void kvl_destroy(struct kvl *l)
{
	if (l)
		kvl_free(l);
}

const char *kvl_class_name(const struct kvl *l)
{
	return l->cls_name;
}

u32 kvl_held(const struct kvl *l)
{
	return l->nheld + skb_queue_len(&l->cq);
}

bool kvl_relay_in_c(const struct kvl *l)
{
	return l->relay_ok;
}

u64 kvl_relayed(const struct kvl *l)
{
	return READ_ONCE(l->relayed);
}

const char *kvl_entry_kind(const struct kvl *l, bool deq)
{
	const vm_handler_entry *e = deq ? &l->e_deq : &l->e_enq;

	if (!e->m)
		return "call";
	return e->native ? "native" : "prepared";
}

u64 kvl_entry_calls(const struct kvl *l)
{
	return l->entry_calls;
}

bool kvl_engine_jit(const struct kvl *l)
{
	return !l->cfg.interpret_only;
}

bool kvl_uses_fpu(const struct kvl *l)
{
	return l->fp;
}

bool kvl_need_ts(const struct kvl *l)
{
	return l->need_ts;
}

/*
 * A relay's stage in C (vifd's fifo_inline, src/datapath/dp_engine.c; the
 * kernel holds the packet until the qdisc's dequeue, so it is queued):
 * a VIFlet whose enqueue() and dequeue() are both the default FIFO's
 * (VIFlet.java) runs no code of its own on the packet path, so its
 * packets need no vif.Packet, no byte[] and no copy: the skb itself waits
 * in cq, its arrival time in cq_ts (a ring beside it: not in the skb's
 * qdisc cb, which a parent qdisc such as sfb still needs for the skb),
 * and nothing of the VIFlet's Java state is touched: the two calls would
 * move `length` up and back and set `wakeTime` to "none", but Java code
 * can only see those fields when cq is empty (below), and by then every
 * enqueue has been matched by its dequeue (or a take-back) and the next
 * call from Java sets wakeTime itself, so the fields read what the calls
 * would have left (no Java heap page is touched per packet).  The
 * counts (enqueue_calls, dequeue_calls, in, out, held, the packet quota)
 * are the qdisc's, made around kvl_enqueue/kvl_dequeue as for any
 * VIFlet.  What differs from the calls, and cannot be seen by any Java
 * code (none of this VIFlet's runs while cq holds packets): the FIFO's
 * ring stays empty (fifoHead, fifoCount untouched), and no Java heap is
 * used, so a full heap cannot drop a relayed packet (only the quota).
 * Order: cq is used while it holds packets, and otherwise only when the
 * VIFlet holds no Java packet, so at most one of the two holds packets
 * and both are FIFOs: arrival order is kept when prev_path, prof_old or
 * relay_c change under traffic.  A swap, abort or reset takes the skbs
 * back in that order (kvl_take_all).
 */
static bool kvl_relay_c = true;
module_param_cb(relay_c, &vq_switch_ops, &kvl_relay_c, 0644);	/* the bypass depends on it */
MODULE_PARM_DESC(relay_c, "a relay VIFlet (enqueue and dequeue the default FIFO's) keeps its skbs in C without entering its VM (default 1; 0 for A/B)");

bool kvl_relay_now(const struct kvl *l)
{
	return l->relay_ok && !l->nheld && READ_ONCE(kvl_relay_c) && !kvl_old_path();
}

void kvl_relay_count(struct kvl *l, u64 n)
{
	l->relayed += n;
}

u64 kvl_pooled(const struct kvl *l)
{
	return READ_ONCE(l->pooled);
}

static bool relay_use(const struct kvl *l)
{
	return l->relay_ok && (skb_queue_len(&l->cq) ||
			       (!l->nheld && READ_ONCE(kvl_relay_c) && !kvl_old_path()));
}

/* cq_ts's index i places after cq's head (cq holds at most cap skbs) */
static u32 relay_idx(const struct kvl *l, u32 i)
{
	u32 x = l->cq_head + i;

	return x >= l->cap ? x - l->cap : x;
}

static void relay_enq(struct kvl *l, struct sk_buff *skb, u64 ts)
{
	if (!ts && l->need_ts)
		ts = ktime_get_ns();
	l->cq_ts[relay_idx(l, skb_queue_len(&l->cq))] = ts;
	__skb_queue_tail(&l->cq, skb);
	l->relayed++;
}

static struct sk_buff *relay_deq(struct kvl *l, u64 *ts)
{
	struct sk_buff *skb = __skb_dequeue(&l->cq);

	if (skb) {
		*ts = l->cq_ts[l->cq_head];
		l->cq_head = relay_idx(l, 1);
	}
	return skb;
}

static bool kvl_fuse = true;
module_param_named(fuse, kvl_fuse, bool, 0644);
MODULE_PARM_DESC(fuse, "a VIFlet whose enqueue is a field program (counter, marker, filter) and whose dequeue is the default FIFO's runs the program's native code, made at load, on the skb's bytes: no VM entry, no vif.Packet, no copy (default 1; 0 for A/B; src/kmod/README.md, Fused paths)");

/* the bytes a program may read: Ethernet, one VLAN tag, an IPv4 header
 * of 60 bytes, the ports (src/datapath/dp_fuse_prog.h: at most byte 81) */
#define KVL_PROG_LINEAR	96

bool kvl_prog_ready(const struct kvl *l)
{
	return l->fprog_fn && READ_ONCE(kvl_fuse) && !kvl_old_path();
}

/*
 * The field program in place of enqueue(p) and the drain's dequeue()
 * (a stage below the root: its parent takes the packet at once).  What
 * the two calls would leave, without entering the VM: the program's
 * stores to the VIFlet's fields, the FIFO's head one further (its ring,
 * count and `length` as they were: up and down again), wakeTime "none"
 * (deq_in_c), the skb's bytes as the write-back would leave them
 * (setDscp writes them in place, as Packet.setDscp writes its byte[]: no
 * checksum is touched, by either).  Only when that is certain: the ring
 * exists and is empty (nothing queued before this packet), the VIFlet is
 * under its quota, the bytes the program reads are in the skb's head
 * (else the calls, which copy), and a writing program's skb is writable
 * (skb_ensure_writable: a clone is copied, as the write-back would).
 * *ts: the packet's arrival time (read here if 0 and the VIFlet can see
 * it, as op_enq).  KVL_PROG_PASS: run, the packet goes on (the caller
 * counts the two calls); KVL_PROG_DROP: its guard dropped it (nothing
 * stored); KVL_PROG_CALLS: nothing done, make the calls (an answer 1 that
 * may be a getter's "unknown": the ports of an IPv6 packet, which the
 * handler finds).  Bottom halves off, the tree's lock held.
 */
/* the VIFlet's state as the program stage needs it: the FIFO's ring
 * made (by the first call) and empty, the head in it, under the quota */
static bool prog_state_ok(const struct kvl *l)
{
	vm_object *obj = l->obj, *f = vm_get_ref(obj, l->off_fifo);
	int32_t h = vm_get_i32(obj, l->off_fifo_head);

	return f && vm_get_i32(obj, l->off_fifo_count) == 0 && kvl_held(l) < l->cap &&
	       h >= 0 && h < vm_array_length(f);
}

/* the two calls' effect on the VIFlet, the program having passed the
 * packet: the FIFO's head one further, wakeTime "none" */
void kvl_prog_passed(struct kvl *l)
{
	vm_object *obj = l->obj, *f = vm_get_ref(obj, l->off_fifo);
	int32_t h = vm_get_i32(obj, l->off_fifo_head);

	if (++h == vm_array_length(f))
		h = 0;
	vm_set_i32(obj, l->off_fifo_head, h);
	vm_set_i64(obj, l->off_wake, KVL_NO_WAKE);
	l->next_seq++;
	l->fprog_runs++;
}

int kvl_prog_enqueue(struct kvl *l, struct sk_buff *skb, u64 *ts)
{
	int32_t hdr = VM_FIELD_HDR_UNKNOWN;

	if (!prog_state_ok(l) || !kvl_prog_skb(skb, l->fprog->writes, l->fprog->reads))
		goto calls;
	if (!*ts && l->need_ts)
		*ts = ktime_get_ns();
	if (l->fprog_fn(l->obj, (int32_t)skb->len, (int64_t)*ts, l->fprog, skb->data, &hdr)) {
		/* 1: a guard's drop, or a port getter's "unknown" (IPv6) */
		if (l->fprog_ports && hdr >= 0 && (hdr & 7) == 6)
			goto calls;
		l->fprog_drops++;
		return KVL_PROG_DROP;
	}
	kvl_prog_passed(l);
	return KVL_PROG_PASS;
calls:
	l->fprog_general++;
	return KVL_PROG_CALLS;
}

/* can a program that writes (reads) run on skb's bytes?  Made writable
 * where it writes (a clone copied, as the write-back would); false: the
 * calls (the bytes it reads are not in the head) */
bool kvl_prog_skb(struct sk_buff *skb, bool writes, bool reads)
{
	u32 lin = min_t(u32, skb->len, KVL_PROG_LINEAR);

	if (skb->len > INT_MAX)
		return false;
	if (writes)
		return !skb_ensure_writable(skb, lin);
	return !reads || skb_headlen(skb) >= lin;
}

bool kvl_prog_can(const struct kvl *l)
{
	return kvl_prog_ready(l) && prog_state_ok(l);
}

bool kvl_prog_parts(const struct kvl *l, void **obj, const struct vm_field_prog **p,
		    const void **fn)
{
	if (!l->fprog_fn)
		return false;
	*obj = l->obj;
	*p = l->fprog;
	*fn = (const void *)l->fprog_fn;
	return true;
}

bool kvl_prog_flags(const struct kvl *l, bool *writes, bool *reads)
{
	if (!l->fprog_fn)
		return false;
	*writes = l->fprog->writes;
	*reads = l->fprog->reads;
	return true;
}

bool kvl_prog_info(const struct kvl *l, u32 *bytes, u64 *runs, u64 *drops, u64 *calls)
{
	*bytes = l->fprog_bytes;
	*runs = READ_ONCE(l->fprog_runs);
	*drops = READ_ONCE(l->fprog_drops);
	*calls = READ_ONCE(l->fprog_general);
	return l->fprog_fn != NULL;
}

int kvl_enqueue(struct kvl *l, struct sk_buff *skb, u64 ts, char *detail)
{
	if (kvl_held(l) >= l->cap)
		return -ENOSPC;
	if (relay_use(l)) {
		relay_enq(l, skb, ts);
		return 0;
	}
	if (!l->nfree)
		return -ENOSPC;
	l->detail = detail;
	l->skb = skb;
	l->ts = ts;
	kvl_call(l, KVL_ENQ);
	if (l->st == VM_ERR_NOMEM)
		return -ENOSPC;
	return l->st == VM_OK ? 0 : -EPIPE;
}

int kvl_dequeue(struct kvl *l, struct sk_buff **skb, u64 *ts, u64 *wake, char *detail)
{
	u64 t0;
	int r;

	l->detail = detail;
	if (skb_queue_len(&l->cq)) {
		*skb = relay_deq(l, ts);
		*wake = 0;
		return 0;
	}
	if (l->deq_default && likely(!kvl_prof_old)) {
		t0 = kvl_prof ? get_cycles() : 0;
		r = deq_in_c(l);
		if (kvl_prof)
			kvl_prof_add(KVL_P_DEQ_C, t0, get_cycles());
		if (r <= 0) {
			*skb = l->skb;
			*ts = l->ts;
			*wake = 0;
			return r ? -EPIPE : 0;
		}
	}
	kvl_call(l, KVL_DEQ);
	*skb = l->skb;
	*ts = l->ts;
	*wake = l->wake;
	return l->st == VM_OK ? 0 : -EPIPE;
}

u32 kvl_audit(struct kvl *l, u64 *bytes)
{
	*bytes = 0;
	if (!l->nheld)
		return 0;
	kvl_call(l, KVL_AUDIT);
	*bytes = l->audited_bytes;
	return l->audited;
}

static int by_seq(const void *a, const void *b, const void *priv)
{
	const u64 *seq = priv;
	u64 x = seq[*(const u32 *)a], y = seq[*(const u32 *)b];

	return x < y ? -1 : x > y;
}

u32 kvl_take_all(struct kvl *l, struct sk_buff **skbs, u32 max)
{
	u32 s, n = 0, i;
	u32 *order = l->free + l->nfree;	/* the unused part of the free stack */
	struct sk_buff *skb;

	/* a relay's skbs (held only while no Java packet is) */
	if (skb_queue_len(&l->cq)) {
		while (n < max && (skb = __skb_dequeue(&l->cq))) {
			skbs[n++] = skb;
			l->cq_head = relay_idx(l, 1);
		}
		return n;
	}
	/* the held slots, in arrival order (the free stack's unused tail has
	 * exactly nheld entries of room) */
	for (s = 0; s < l->cap && n < l->nheld; s++)
		if (l->skbs[s])
			order[n++] = s;
	sort_r(order, n, sizeof(*order), by_seq, NULL, l->seq);
	n = min(n, max);
	for (i = 0; i < n; i++) {
		s = order[i];
		skbs[i] = l->skbs[s];
		l->skbs[s] = NULL;
		/* revoke the Java packet too (plain stores into the heap; the
		 * VM is not running: the caller holds the tree's lock): if the
		 * VIFlet runs on (after a reset), reading it throws, and
		 * dequeue returning it is skipped (op_deq) */
		if (l->held[s]) {
			vm_set_ref(l->held[s], l->off_data, NULL);
			vm_set_i32(l->held[s], l->off_slot, KVL_SLOT_TAKEN);
		}
		l->held[s] = NULL;
	}
	for (i = 0; i < n; i++)
		l->free[l->nfree++] = order[i];
	l->nheld -= n;
	return n;
}
