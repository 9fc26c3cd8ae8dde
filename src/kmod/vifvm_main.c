// SPDX-License-Identifier: GPL-2.0
/* vifvm_main.c - vifvm.ko: the vifvm Java VM in the kernel.
 *
 *   /proc/vifvm/run     write a class file or a JAR: on close, its main
 *                       class runs in a fresh VM in the kernel (JIT by
 *                       default; the `engine` parameter: jit or int)
 *   /proc/vifvm/output  what the last run printed on System.out
 *   /proc/vifvm/stderr  what it printed on System.err (uncaught exceptions,
 *                       the VM's error messages)
 *   /proc/vifvm/status  exit=N status=... main=... engine=... and the run's
 *                       time, stack, memory and JIT figures
 *   /proc/vifvm/pbench  write a pcap capture and a VIFlet: its handlers
 *                       timed over the capture's packets in memory
 *                       (vifvm_pbench.c); read: the result
 *
 * Runs are serialised (one mutex); each gets its own VM, destroyed after.
 * The VM itself is used only through vifvm_run.c.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "vifvm_pbench.h"
#include "vifvm_run.h"
#include "vifvm_qdisc.h"
#include "vifvm_viflet.h"
#include "platform/kernel/kcode.h"
#include "platform/kernel/kdispatch.h"
#include "platform/kernel/kplatform.h"

/* ---- parameters ---- */

static bool engine_int;
static int engine_set(const char *val, const struct kernel_param *kp)
{
	if (sysfs_streq(val, "jit"))
		engine_int = false;
	else if (sysfs_streq(val, "int"))
		engine_int = true;
	else
		return -EINVAL;
	return 0;
}

static int engine_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", engine_int ? "int" : "jit");
}

static const struct kernel_param_ops engine_ops = { .set = engine_set, .get = engine_get };
module_param_cb(engine, &engine_ops, NULL, 0644);
MODULE_PARM_DESC(engine, "execution engine of the next runs: jit (default: each method compiled on its first call) or int (interpreter only)");

static unsigned int tier2;
static int tier2_set(const char *val, const struct kernel_param *kp)
{
	unsigned int v;

	if (kstrtouint(val, 0, &v) || v > 2)
		return -EINVAL;
	WRITE_ONCE(tier2, v);
	return 0;
}

static const struct kernel_param_ops tier2_ops = { .set = tier2_set, .get = param_get_uint };
module_param_cb(tier2, &tier2_ops, &tier2, 0644);
MODULE_PARM_DESC(tier2, "the optimizing JIT tier (SSA, issue 15) for the next VIFlet loads and runs: 0 off (default), 1 the VIFlet's own methods, 2 the class library's it reaches too. Compiled at the load (a run: at each method's first call), in process context, never on the packet path: no counters, no tier-up, no second compile; code that leaves it continues in the interpreter");

/* the JIT's optimizations turned off, as vifvm's -Xjit:-name list */
static u32 jit_off;
static char jit_opts[128];
static int jit_opts_set(const char *val, const struct kernel_param *kp)
{
	char buf[sizeof(jit_opts)];
	u32 off;

	if (strscpy(buf, val, sizeof(buf)) < 0)
		return -EINVAL;
	strim(buf);
	if (kvm_jit_opts_parse(buf, &off))
		return -EINVAL;
	WRITE_ONCE(jit_off, off);
	strscpy(jit_opts, buf, sizeof(jit_opts));
	return 0;
}

static int jit_opts_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", jit_opts);
}

static const struct kernel_param_ops jit_opts_ops = { .set = jit_opts_set, .get = jit_opts_get };
module_param_cb(jit_opts, &jit_opts_ops, NULL, 0644);
MODULE_PARM_DESC(jit_opts, "JIT optimizations of the next VIFlet loads and runs, as vifvm's -Xjit: list, e.g. -dcall (guarded direct calls off) or -dcall,-pic; an unknown name is refused (default: empty, all on)");

static bool tier2_again;
module_param(tier2_again, bool, 0644);
MODULE_PARM_DESC(tier2_again, "measuring only (A/B): tier-2 code of a VIFlet may compile its method again after its first 256 calls, on the packet path, as in user space (default 0: never; path_compiled counts it)");

static unsigned int heap_kb = 32768;
module_param(heap_kb, uint, 0644);
MODULE_PARM_DESC(heap_kb, "Java heap quota of a run, KiB (default 32768)");

static unsigned int mem_kb = 65536;
module_param(mem_kb, uint, 0644);
MODULE_PARM_DESC(mem_kb, "all the memory of a run's VM, heap included, KiB; vmalloc'ed before it starts (default 65536)");

static unsigned int output_kb = 256;
module_param(output_kb, uint, 0644);
MODULE_PARM_DESC(output_kb, "bytes kept of a run's stdout and of its stderr, KiB (default 256)");

static unsigned int upload_kb = 4096;
module_param(upload_kb, uint, 0644);
MODULE_PARM_DESC(upload_kb, "largest class file or JAR accepted by /proc/vifvm/run, KiB (default 4096)");

static unsigned long budget = 1000000000UL;
module_param(budget, ulong, 0644);
MODULE_PARM_DESC(budget, "instruction budget of a run (backward branches, invokes, handler entries; 0: unlimited). A run holds its CPU without preemption (kernel_fpu section), so keep it finite: 1e9 is about 1 s of a JIT-compiled loop on current hardware (default 1e9)");

static unsigned int vm_stack_kb = 128;
module_param(vm_stack_kb, uint, 0644);
MODULE_PARM_DESC(vm_stack_kb, "KiB of the stack each run's VM runs on (vmalloc'ed; the kernel stack is too small for the VM's C paths and compiled Java recursion; default 128)");

static unsigned int native_stack;
module_param(native_stack, uint, 0644);
MODULE_PARM_DESC(native_stack, "bytes of kernel stack compiled Java calls may use (0, default: derived from vm_stack_kb less stack_margin)");

static unsigned int stack_margin = 24576;
module_param(stack_margin, uint, 0644);
MODULE_PARM_DESC(stack_margin, "bytes of kernel stack kept for the VM's C paths below its checked floor (the VM needs up to about 13 KiB for them; default 24576)");

static int fault;
module_param(fault, int, 0644);
MODULE_PARM_DESC(fault, "harness self-test: 1 corrupts each run's output, 2 raises a kernel WARNING after each run (default 0)");

static unsigned int quota = 1024;
module_param(quota, uint, 0644);
MODULE_PARM_DESC(quota, "qdisc: packets each VIFlet (and the root's FIFO) may hold; beyond, drops_quota (default 1024; taken at a VIFlet's load)");

static unsigned long call_budget = 1000000UL;
module_param(call_budget, ulong, 0644);
MODULE_PARM_DESC(call_budget, "qdisc: instruction budget of one enqueue or dequeue call of a VIFlet; a call that exhausts it aborts the VIFlet (its VIF's policy applies). Bounds the time a call holds its CPU with bottom halves off (default 1e6)");

static unsigned int viflet_heap_kb = 8192;
module_param(viflet_heap_kb, uint, 0644);
MODULE_PARM_DESC(viflet_heap_kb, "qdisc: Java heap quota of each VIFlet's VM, KiB (default 8192)");

static unsigned int viflet_mem_kb = 16384;
module_param(viflet_mem_kb, uint, 0644);
MODULE_PARM_DESC(viflet_mem_kb, "qdisc: all the memory of each VIFlet's VM (heap included), KiB, vmalloc'ed at its load (default 16384)");

void kvm_viflet_params(struct kvl_params *p)
{
	memset(p, 0, sizeof(*p));
	p->jit = !READ_ONCE(engine_int);
	p->tier2 = p->jit ? READ_ONCE(tier2) : 0;
	p->tier2_again = READ_ONCE(tier2_again);
	p->jit_off = READ_ONCE(jit_off);
	p->heap_bytes = (size_t)READ_ONCE(viflet_heap_kb) * 1024;
	p->mem_bytes = max_t(size_t, (size_t)READ_ONCE(viflet_mem_kb) * 1024, p->heap_bytes + (4u << 20));
	p->budget = READ_ONCE(call_budget);
	p->load_budget = READ_ONCE(budget);
	p->vm_stack = (size_t)READ_ONCE(vm_stack_kb) * 1024;
	p->stack_margin = READ_ONCE(stack_margin);
	p->quota = max(READ_ONCE(quota), 1u);
}

/* ---- the last run ---- */

static DEFINE_MUTEX(kvm_lock);		/* runs and the last result */
static struct kvm_result last;
static bool have_last;
static unsigned long runs;

static void last_free(void)
{
	kvfree(last.out);
	kvfree(last.err);
	memset(&last, 0, sizeof(last));
	have_last = false;
}

/* ---- /proc/vifvm/run ---- */

struct upload {
	u8 *data;
	size_t len, cap;
	bool too_big;
};

static int run_open(struct inode *inode, struct file *f)
{
	struct upload *u = kzalloc(sizeof(*u), GFP_KERNEL);

	if (!u)
		return -ENOMEM;
	f->private_data = u;
	return 0;
}

static ssize_t run_write(struct file *f, const char __user *buf, size_t n, loff_t *pos)
{
	struct upload *u = f->private_data;
	size_t max = (size_t)upload_kb * 1024;

	if (n > max || u->len > max - n) {
		u->too_big = true;
		return -EFBIG;
	}
	if (u->len + n > u->cap) {
		size_t cap = max_t(size_t, u->cap * 2, u->len + n);
		u8 *p;

		cap = min(max(cap, (size_t)4096), max);
		p = kvmalloc(cap, GFP_KERNEL);
		if (!p)
			return -ENOMEM;
		if (u->len)
			memcpy(p, u->data, u->len);
		kvfree(u->data);
		u->data = p;
		u->cap = cap;
	}
	if (copy_from_user(u->data + u->len, buf, n))
		return -EFAULT;
	u->len += n;
	*pos += n;
	return n;
}

static void run_upload(struct upload *u)
{
	struct kvm_opts o = {
		.jit = !engine_int,
		.tier2 = engine_int ? 0 : READ_ONCE(tier2),
		.jit_off = READ_ONCE(jit_off),
		.heap_bytes = (size_t)heap_kb * 1024,
		.mem_bytes = (size_t)mem_kb * 1024,
		.out_cap = (size_t)output_kb * 1024,
		.budget = budget,
		.vm_stack = (size_t)vm_stack_kb * 1024,
		.native_stack = native_stack,
		.stack_margin = stack_margin,
		.fault = fault,
	};
	int err;

	mutex_lock(&kvm_lock);
	last_free();
	err = kvm_run_blob(u->data, u->len, &o, &last);
	have_last = true;
	runs++;
	if (err)
		pr_err("vifvm: run %lu: not started (%d): %s\n", runs, err, last.detail);
	else
		pr_info("vifvm: run %lu: %s (%s): exit=%d status=%d time=%lluus stack=%zu/%zu mem_peak=%zuK jit=%u%s%s\n",
			runs, last.main_class, o.jit ? "jit" : "int", last.exit_code,
			last.status, last.run_ns / 1000, last.stack_used, last.stack_avail,
			last.mem_peak / 1024, last.jit_compiled,
			last.mem_leaked ? " LEAKED" : "", last.out_truncated ? " output-truncated" : "");
	if (last.mem_leaked)
		pr_err("vifvm: run %lu left %zu bytes allocated\n", runs, last.mem_leaked);
	mutex_unlock(&kvm_lock);
}

static int run_release(struct inode *inode, struct file *f)
{
	struct upload *u = f->private_data;

	if (u->too_big)
		pr_err("vifvm: upload larger than upload_kb=%u: not run\n", upload_kb);
	else if (u->len)
		run_upload(u);
	kvfree(u->data);
	kfree(u);
	return 0;
}

static const struct proc_ops run_ops = {
	.proc_open = run_open,
	.proc_write = run_write,
	.proc_release = run_release,
	.proc_lseek = noop_llseek,
};

/* ---- /proc/vifvm/output, stderr, status ---- */

static int output_show(struct seq_file *m, void *v)
{
	mutex_lock(&kvm_lock);
	if (have_last && last.out)
		seq_write(m, last.out, last.out_len);
	mutex_unlock(&kvm_lock);
	return 0;
}

static int stderr_show(struct seq_file *m, void *v)
{
	mutex_lock(&kvm_lock);
	if (have_last && last.err)
		seq_write(m, last.err, last.err_len);
	mutex_unlock(&kvm_lock);
	return 0;
}

static int status_show(struct seq_file *m, void *v)
{
	seq_printf(m, "qdiscs=%d vifs=%d vms=%d skbs=%ld blobs=%d procs=%d\n",
		   atomic_read(&vq_stat_insts), atomic_read(&vq_stat_vifs), atomic_read(&kvl_vms),
		   vq_skbs_sum(), atomic_read(&vq_stat_blobs), atomic_read(&vq_stat_procs));
	seq_printf(m, "interp_dispatch=%d auto=%s goto_ns=%llu switch_ns=%llu dispatches=%llu new_vm=%s\n",
		   kplat_interp_dispatch, kplat_dispatch_auto(), kdisp_result.goto_ns,
		   kdisp_result.switch_ns, kdisp_result.dispatches,
		   kplat_interp_switch() ? "switch" : "goto");
	if (kplat_return_thunk())
		seq_printf(m, "returns=thunked thunk=%ps rethunk=%s cpu_rethunk=%d\n",
			   kplat_return_thunk(), kplat_rethunk_mode(), kplat_cpu_rethunk());
	else
		seq_printf(m, "returns=ret rethunk=%s cpu_rethunk=%d\n", kplat_rethunk_mode(),
			   kplat_cpu_rethunk());
	seq_printf(m, "fpu_entries=%lld nofpu_entries=%lld fpu_lazy=%lld\n",
		   (s64)atomic64_read(&kvl_fpu_entries), (s64)atomic64_read(&kvl_nofpu_entries),
		   (s64)atomic64_read(&kvl_fpu_lazy));
	kvl_prof_show(m);
	mutex_lock(&kvm_lock);
	if (!have_last) {
		seq_puts(m, "runs=0\n");
	} else {
		seq_printf(m, "runs=%lu exit=%d status=%d main=%s engine=%s\n", runs,
			   last.exit_code, last.status, last.main_class[0] ? last.main_class : "-",
			   engine_int ? "int" : "jit");
		seq_printf(m, "run_us=%llu total_us=%llu budget_used=%llu budget=%lu\n", last.run_ns / 1000,
			   last.total_ns / 1000, last.budget_used, budget);
		seq_printf(m, "stack_avail=%zu stack_limit=%zu stack_used=%zu\n",
			   last.stack_avail, last.stack_limit, last.stack_used);
		seq_printf(m, "mem_peak=%zu mem_leaked=%zu classes=%u gc=%u\n",
			   last.mem_peak, last.mem_leaked, last.classes, last.gc_count);
		seq_printf(m, "jit_compiled=%u jit_bytes=%llu code_pool_used=%zu tier2=%u tier2_exits=%llu\n",
			   last.jit_compiled, last.jit_bytes, kcode_used(), last.tier2_code,
			   last.tier2_exits);
		seq_printf(m, "out_bytes=%zu out_truncated=%d err_bytes=%zu\n",
			   last.out_len, last.out_truncated, last.err_len);
		if (last.detail[0])
			seq_printf(m, "detail=%s\n", last.detail);
	}
	mutex_unlock(&kvm_lock);
	return 0;
}

static struct proc_dir_entry *kvm_proc;

static int __init vifvm_init(void)
{
	int err = kvl_copy_check();
	u64 fpu_ns;

	if (err)
		return err;
	kplat_rethunk_init();
	err = kcode_init();
	if (err) {
		pr_err("vifvm: no executable memory for the JIT (%d)\n", err);
		return err;
	}
	kvm_proc = proc_mkdir("vifvm", NULL);
	if (!kvm_proc ||
	    !proc_create("run", 0200, kvm_proc, &run_ops) ||
	    !proc_create_single("output", 0444, kvm_proc, output_show) ||
	    !proc_create_single("stderr", 0444, kvm_proc, stderr_show) ||
	    !proc_create_single("status", 0444, kvm_proc, status_show) ||
	    !proc_create("pbench", 0600, kvm_proc, &kvm_pbench_ops)) {
		proc_remove(kvm_proc);
		kcode_exit();
		pr_err("vifvm: cannot create /proc/vifvm\n");
		return -ENOMEM;
	}
	vq_proc_root = kvm_proc;
	err = vq_proc_init();
	if (!err) {
		err = vq_register();
		if (err)
			vq_proc_exit();
	}
	if (err) {
		proc_remove(kvm_proc);
		kcode_exit();
		pr_err("vifvm: cannot register the vifvm qdisc (%d)\n", err);
		return err;
	}
	fpu_ns = kvm_fpu_pair_ns();
	if (kplat_dispatch_init())
		pr_warn("vifvm: interpreter dispatch not timed (no memory): the switch\n");
	else if (kdisp_result.measured)
		pr_info("vifvm: interpreter dispatch under retpolines: %llu dispatches by computed goto %llu ns, by switch %llu ns: %s\n",
			kdisp_result.dispatches, kdisp_result.goto_ns, kdisp_result.switch_ns,
			kdisp_result.prefer_switch ? "switch" : "goto");
	pr_info("vifvm: loaded: qdisc vifvm, /proc/vifvm/{run,output,stderr,status,control,pbench}; engine=%s, code pool %u KiB, kernel_fpu_begin+end %llu ns\n",
		engine_int ? "int" : "jit", KCODE_POOL_BYTES >> 10, fpu_ns);
	if (kplat_return_thunk())
		pr_info("vifvm: JIT returns through %ps (rethunk=%s, X86_FEATURE_RETHUNK %s)\n",
			kplat_return_thunk(), kplat_rethunk_mode(), kplat_cpu_rethunk() ? "on" : "off");
	else
		pr_info("vifvm: JIT returns are ret (rethunk=%s, X86_FEATURE_RETHUNK %s)\n",
			kplat_rethunk_mode(), kplat_cpu_rethunk() ? "on" : "off");
	return 0;
}

static void __exit vifvm_exit(void)
{
	/* no qdisc instance is left: each holds a reference on the module */
	vq_unregister();
	vq_proc_exit();
	proc_remove(kvm_proc);
	mutex_lock(&kvm_lock);
	last_free();
	mutex_unlock(&kvm_lock);
	kcode_exit();
	pr_info("vifvm: unloaded after %lu runs\n", runs);
}

module_init(vifvm_init);
module_exit(vifvm_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("vifvm: a Java VM (interpreter, JIT, verifier, GC) in the kernel: the vifvm qdisc runs Java VIFlets, /proc/vifvm/run runs Java programs");
