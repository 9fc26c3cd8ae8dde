// SPDX-License-Identifier: GPL-2.0
/* vifvm_vifproc.c - the qdisc's /proc interface:
 *
 *   /proc/vifvm/control          one command per write (mode 0666, each
 *                                command's permission checked here):
 *       add D/PATH owner=UID [policy=pass|drop] filter=BYTECODE
 *       del D/PATH
 *       filter D/PATH BYTECODE
 *       owner D/PATH UID                        (root only)
 *   /proc/vifvm/D[/PATH]/        one directory per VIF (D: the instance,
 *                                "dev" or "dev:HHHH"; under mq one per TX
 *                                queue, "dev:txN"):
 *       viflet   write a .class or .jar: loaded when the file is closed;
 *                read: class=NAME owner=UID state=... engine=... load=...
 *       log      the VIFlet's output and the datapath's lines (a ring)
 *       stats    key value lines
 *       filter   the classic-BPF program as given ("N,c jt jf k,...")
 *       owner    the owner uid
 *
 * Permissions: a VIF's owner (its uid, compared with current_fsuid()) may
 * write its viflet and add, delete and filter the children below it;
 * nobody else may, except root (CAP_NET_ADMIN).  BYTECODE is tc's "bpf
 * bytecode" format, the numbers of `tcpdump -ddd` joined by commas; the
 * kernel checks and runs the program (bpf_prog_create: classic BPF).
 */
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/ctype.h>
#include <linux/filter.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>

#include "vifvm_qdisc.h"

#define VQ_UPLOAD_MAX (4u << 20)	/* largest class file or JAR */
#define VQ_COMMAND_MAX (128u << 10)

struct proc_dir_entry *vq_proc_root;

static bool may_admin(void)
{
	return capable(CAP_NET_ADMIN);
}

/* the owner of v, or root */
static bool may(const struct vq_vif *v)
{
	return uid_eq(current_fsuid(), make_kuid(&init_user_ns, v->owner)) || may_admin();
}

/* ---- viflet ---- */

struct upload {
	struct vq_vif *v;
	u8 *data;
	size_t len, cap;
	bool too_big;
};

static int viflet_open(struct inode *inode, struct file *f)
{
	struct vq_vif *v = pde_data(inode);
	struct upload *u;
	bool dead, ok;

	if (f->f_mode & FMODE_WRITE) {
		mutex_lock(&vq_mutex);
		dead = v->dead;
		ok = may(v);
		mutex_unlock(&vq_mutex);
		if (dead)
			return -ENOENT;
		if (!ok)
			return -EPERM;
	}
	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	u->v = v;
	f->private_data = u;
	return 0;
}

#define VQ_VIFLET_LINE 640
static ssize_t viflet_read(struct file *f, char __user *buf, size_t n, loff_t *pos)
{
	struct upload *u = f->private_data;
	struct vq_vif *v = u->v;
	const char *rc;
	char *line;
	u32 pc = 0, pl = 0, t2 = 0, pb = 0, fs, fb;
	u64 t2x = 0, pr = 0, pd = 0, pg = 0, fr;
	bool prog = false, fused;
	ssize_t ret;
	int len;

	/* (not on the stack: the frame limit) */
	line = kmalloc(VQ_VIFLET_LINE, GFP_KERNEL);
	if (!line)
		return -ENOMEM;
	mutex_lock(&v->load_lock);
	if (v->viflet) {
		kvl_path_counts(v->viflet, &pc, &pl);
		kvl_tier2_counts(v->viflet, &t2, &t2x);
		prog = kvl_prog_info(v->viflet, &pb, &pr, &pd, &pg);
	}
	if (!v->parent)
		vq_bypass_sync(v->inst);	/* relayed: the bypassed too */
	fused = vq_fused_info(v, &fs, &fb, &fr);
	rc = !v->viflet ? "-" : kvl_relay_in_c(v->viflet) ? "yes" : "no";
	len = scnprintf(line, VQ_VIFLET_LINE,
			"class=%s owner=%u state=%s engine=%s load=%s fpu=%s relay_c=%s/%llu pooled=%llu bypassed=%llu entry=%s/%s/%llu copy=%s path_compiled=%u path_loaded=%u tier2=%u/%llu prog=%s/%uB/%llu/%llu/%llu path=%s/%u/%uB/%llu\n",
			v->viflet ? v->cls_name : "-", v->owner, vq_state(v),
			v->viflet ? (kvl_engine_jit(v->viflet) ? "jit" : "int") : "-",
			v->load_failed ? "failed" : "ok",
			v->viflet ? (kvl_uses_fpu(v->viflet) ? "yes" : "no") : "-",
			rc, v->viflet ? kvl_relayed(v->viflet) : 0ULL,
			v->viflet ? kvl_pooled(v->viflet) : 0ULL,
			v->parent ? 0ULL : READ_ONCE(v->inst->bypassed),
			v->viflet ? kvl_entry_kind(v->viflet, false) : "-",
			v->viflet ? kvl_entry_kind(v->viflet, true) : "-",
			v->viflet ? kvl_entry_calls(v->viflet) : 0ULL,
			v->viflet ? (kvl_copies_all(v->viflet) ? "all" : "prefix") : "-", pc, pl,
			t2, t2x, prog ? "yes" : "no", pb, pr, pd, pg,
			fused ? "fused" : "no", fs, fb, fr);
	mutex_unlock(&v->load_lock);
	ret = simple_read_from_buffer(buf, n, pos, line, len);
	kfree(line);
	return ret;
}

static ssize_t viflet_write(struct file *f, const char __user *buf, size_t n, loff_t *pos)
{
	struct upload *u = f->private_data;
	size_t cap;
	u8 *p;

	if (n > VQ_UPLOAD_MAX || u->len > VQ_UPLOAD_MAX - n) {
		u->too_big = true;
		return -EFBIG;
	}
	if (u->len + n > u->cap) {
		cap = min_t(size_t, max_t(size_t, max_t(size_t, u->cap * 2, u->len + n), 4096),
			    VQ_UPLOAD_MAX);
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

/* The load runs when the file is closed.  procfs has no flush, so close
 * cannot return its result: a refused load is logged in `log` (and
 * dmesg), reading `viflet` says load=failed, and the old VIFlet runs on. */
static int viflet_release(struct inode *inode, struct file *f)
{
	struct upload *u = f->private_data;
	struct vq_vif *v = u->v;
	char *err;

	if (u->too_big) {
		vq_logf(v, "vifvm: upload larger than %u bytes: not loaded\n", VQ_UPLOAD_MAX);
		v->load_failed = true;
	} else if (u->len && (f->f_mode & FMODE_WRITE)) {
		err = kzalloc(KVL_DETAIL, GFP_KERNEL);
		mutex_lock(&v->load_lock);
		if (!err) {
			v->load_failed = true;
		} else if (!READ_ONCE(v->dead) && vq_load(v, u->data, u->len, err, KVL_DETAIL)) {
			pr_info("vifvm: %s: load refused: %s\n", v->path, err);
		}
		mutex_unlock(&v->load_lock);
		kfree(err);
	}
	kvfree(u->data);
	kfree(u);
	return 0;
}

static const struct proc_ops viflet_ops = {
	.proc_open = viflet_open,
	.proc_read = viflet_read,
	.proc_write = viflet_write,
	.proc_release = viflet_release,
	.proc_lseek = noop_llseek,
};

/* ---- log, stats, filter, owner ---- */

static int log_show(struct seq_file *m, void *unused)
{
	struct vq_vif *v = m->private;
	unsigned long flags;
	size_t n, first;
	char *buf = kvmalloc(v->log_cap, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	spin_lock_irqsave(&v->log_lock, flags);
	n = v->log_len;
	first = min(n, v->log_cap - v->log_start);
	memcpy(buf, v->log + v->log_start, first);
	memcpy(buf + first, v->log, n - first);
	spin_unlock_irqrestore(&v->log_lock, flags);
	seq_write(m, buf, n);
	kvfree(buf);
	return 0;
}

static int stats_show(struct seq_file *m, void *unused)
{
	struct vq_vif *v = m->private;
	struct vq_counters c;
	u32 held, pc = 0, pl = 0, t2 = 0, pb = 0, fs, fb;
	u64 t2x = 0, pr = 0, pd = 0, pg = 0, fr;
	bool prog = false, fused;

	mutex_lock(&vq_mutex);
	if (v->dead) {
		mutex_unlock(&vq_mutex);
		return -ENOENT;
	}
	vq_snapshot(v, &c, &held);
	fused = vq_fused_info(v, &fs, &fb, &fr);
	mutex_unlock(&vq_mutex);
	/* as viflet_read: load_lock keeps the VIFlet while its counts are read */
	mutex_lock(&v->load_lock);
	if (v->viflet) {
		kvl_path_counts(v->viflet, &pc, &pl);
		kvl_tier2_counts(v->viflet, &t2, &t2x);
		prog = kvl_prog_info(v->viflet, &pb, &pr, &pd, &pg);
	}
	mutex_unlock(&v->load_lock);
	seq_printf(m, "in %llu\nout %llu\ndrops_handler %llu\ndrops_quota %llu\ndrops_policy %llu\n",
		   c.in, c.out, c.drops_handler, c.drops_quota, c.drops_policy);
	seq_printf(m, "held %u\nenqueue_calls %llu\ndequeue_calls %llu\naborts %llu\n",
		   held, c.enqueue_calls, c.dequeue_calls, c.aborts);
	seq_printf(m, "bytes_in %llu\nbytes_out %llu\n", c.bytes_in, c.bytes_out);
	seq_printf(m, "class %s\nstate %s\nowner %u\npolicy %s\nquota %u\n",
		   v->viflet ? v->cls_name : "-", vq_state(v), v->owner,
		   v->policy_drop ? "drop" : "pass", v->quota);
	seq_printf(m, "path_compiled %u\npath_loaded %u\n", pc, pl);
	seq_printf(m, "tier2_methods %u\ntier2_exits %llu\n", t2, t2x);
	/* fusion (src/kmod/README.md, Fused paths): enqueue as a field
	 * program, its code's size, packets it passed, dropped, left to the
	 * calls */
	seq_printf(m, "prog %s\nprog_bytes %u\nprog_runs %llu\nprog_drops %llu\nprog_calls %llu\n",
		   prog ? "yes" : "no", pb, pr, pd, pg);
	/* the path from this VIF up as one function (vifvm_fuse.c): its
	 * program stages, code, packets */
	seq_printf(m, "path_fused %s\npath_stages %u\npath_bytes %u\npath_runs %llu\n",
		   fused ? "yes" : "no", fs, fb, fr);
	return 0;
}

static int filter_show(struct seq_file *m, void *unused)
{
	struct vq_vif *v = m->private;

	mutex_lock(&vq_mutex);
	if (v->filter_text)
		seq_printf(m, "%s\n", v->filter_text);
	mutex_unlock(&vq_mutex);
	return 0;
}

static int owner_show(struct seq_file *m, void *unused)
{
	struct vq_vif *v = m->private;

	seq_printf(m, "%u\n", READ_ONCE(v->owner));
	return 0;
}

/* ---- directories ---- */

int vq_proc_vif_add(struct vq_vif *v)
{
	struct proc_dir_entry *parent = v->parent ? v->parent->dir : vq_proc_root;
	struct proc_dir_entry *d = proc_mkdir_data(v->name, 0555, parent, v);

	if (!d)
		return -ENOMEM;
	if (!proc_create_data("viflet", 0666, d, &viflet_ops, v) ||
	    !proc_create_single_data("log", 0444, d, log_show, v) ||
	    !proc_create_single_data("stats", 0444, d, stats_show, v) ||
	    !proc_create_single_data("filter", 0444, d, filter_show, v) ||
	    !proc_create_single_data("owner", 0444, d, owner_show, v)) {
		proc_remove(d);
		return -ENOMEM;
	}
	v->dir = d;
	atomic_inc(&vq_stat_procs);
	return 0;
}

void vq_proc_vif_remove(struct vq_vif *v)
{
	proc_remove(v->dir);	/* the subtree; waits for the files' users */
}

/* ---- filters ---- */

/* "N,c jt jf k,c jt jf k,..." into a classic BPF program the kernel
 * checked (bpf_prog_create), and a copy of the text */
int vq_parse_filter(const char *s, struct bpf_prog **prog, char **text)
{
	struct sock_fprog_kern fk;
	struct sock_filter *ins;
	const char *p = s;
	unsigned int n, i, code, jt, jf, k;
	int used, err;

	if (sscanf(p, "%u%n", &n, &used) != 1 || n == 0 || n > BPF_MAXINSNS)
		return -EINVAL;
	p += used;
	ins = kcalloc(n, sizeof(*ins), GFP_KERNEL);
	if (!ins)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (*p != ',' || sscanf(p + 1, "%u %u %u %u%n", &code, &jt, &jf, &k, &used) != 4 ||
		    code > 0xffff || jt > 0xff || jf > 0xff) {
			kfree(ins);
			return -EINVAL;
		}
		p += 1 + used;
		ins[i].code = code;
		ins[i].jt = jt;
		ins[i].jf = jf;
		ins[i].k = k;
	}
	while (*p == ',' || isspace(*p))
		p++;
	if (*p) {
		kfree(ins);
		return -EINVAL;
	}
	fk.len = n;
	fk.filter = ins;
	err = bpf_prog_create(prog, &fk);	/* checks it (bpf_check_classic) */
	kfree(ins);
	if (err)
		return err;
	*text = kstrdup(s, GFP_KERNEL);
	if (!*text) {
		bpf_prog_destroy(*prog);
		return -ENOMEM;
	}
	return 0;
}

/* ---- /proc/vifvm/control ---- */

static struct vq_inst *find_inst(const char *name)
{
	struct vq_inst *in;

	list_for_each_entry(in, &vq_instances, list)
		if (!in->dying && !strcmp(in->name, name))
			return in;
	return NULL;
}

static struct vq_vif *find_child(struct vq_vif *v, const char *name)
{
	struct vq_vif *c;

	list_for_each_entry(c, &v->children, sibling)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

static bool good_name(const char *s)
{
	static const char * const reserved[] = { "viflet", "log", "stats", "filter", "owner" };
	size_t i;

	if (!*s || strlen(s) >= VQ_NAME || !strcmp(s, ".") || !strcmp(s, ".."))
		return false;
	for (i = 0; s[i]; i++)
		if (!isalnum(s[i]) && s[i] != '_' && s[i] != '-' && s[i] != '.')
			return false;
	for (i = 0; i < ARRAY_SIZE(reserved); i++)
		if (!strcmp(s, reserved[i]))
			return false;
	return true;
}

/* Resolve "D/a/b" (vq_mutex held): the VIF, or (want_parent) the parent
 * of the last component, whose name goes to *last.  NULL if absent. */
static struct vq_vif *resolve(char *path, bool want_parent, char **last)
{
	char *p = path, *comp;
	struct vq_inst *in;
	struct vq_vif *v;

	comp = strsep(&p, "/");
	in = find_inst(comp);
	if (!in)
		return NULL;
	v = in->root;
	while (p) {
		comp = strsep(&p, "/");
		if (!*comp)
			continue;
		if (want_parent && (!p || !*p)) {
			*last = comp;
			return v;
		}
		v = find_child(v, comp);
		if (!v)
			return NULL;
	}
	return want_parent ? NULL : v;
}

static int depth(const struct vq_vif *v)
{
	int d = 0;

	while ((v = v->parent))
		d++;
	return d;
}

static int cmd_add(char *args)
{
	char *path = strsep(&args, " \t"), *tok, *name = NULL;
	struct bpf_prog *prog = NULL;
	char *text = NULL;
	struct vq_vif *parent, *v;
	bool have_owner = false, drop = false;
	u32 owner = 0;
	int err;

	while ((tok = strsep(&args, " \t"))) {
		if (!*tok)
			continue;
		if (!strncmp(tok, "owner=", 6)) {
			if (kstrtou32(tok + 6, 10, &owner))
				return -EINVAL;
			have_owner = true;
		} else if (!strcmp(tok, "policy=pass")) {
			drop = false;
		} else if (!strcmp(tok, "policy=drop")) {
			drop = true;
		} else if (!strncmp(tok, "filter=", 7) && !text) {
			/* the rest of the line: the bytecode may hold spaces */
			if (args)
				args[-1] = ' ';
			err = vq_parse_filter(tok + 7, &prog, &text);
			if (err)
				return err;
			break;
		} else {
			return -EINVAL;
		}
	}
	if (!path || !have_owner || !text) {
		err = -EINVAL;
		goto out;
	}
	mutex_lock(&vq_mutex);
	parent = resolve(path, true, &name);
	err = -ENOENT;
	if (!parent)
		goto unlock;
	err = -EPERM;
	if (!may(parent))
		goto unlock;
	err = -EINVAL;
	if (!good_name(name) || depth(parent) >= VQ_MAX_DEPTH)
		goto unlock;
	err = -EEXIST;
	if (find_child(parent, name))
		goto unlock;
	err = -ENOMEM;
	v = vq_vif_new(parent->inst, parent, name, owner);
	if (!v)
		goto unlock;
	v->policy_drop = drop;
	v->filter = prog;
	v->filter_text = text;
	prog = NULL;
	text = NULL;
	err = vq_proc_vif_add(v);
	if (err) {
		vq_vif_free(v);
		goto unlock;
	}
	vq_vif_link(v);
	vq_logf(v, "vifvm: VIF %s added (owner %u, policy %s)\n", v->path, owner,
		drop ? "drop" : "pass");
	err = 0;
unlock:
	mutex_unlock(&vq_mutex);
out:
	if (prog)
		bpf_prog_destroy(prog);
	kfree(text);
	return err;
}

static void free_subtree(struct vq_vif *v)
{
	struct vq_vif *c, *t;

	list_for_each_entry_safe(c, t, &v->children, sibling)
		free_subtree(c);
	vq_vif_free(v);
}

static int cmd_del(char *args)
{
	char *path = strim(args);
	struct vq_vif *v;
	int err;

	mutex_lock(&vq_proc_mutex);
	mutex_lock(&vq_mutex);
	v = resolve(path, false, NULL);
	err = -ENOENT;
	if (!v)
		goto unlock;
	err = -EINVAL;
	if (!v->parent)
		goto unlock;	/* the root goes with the qdisc */
	err = -EPERM;
	if (!may(v->parent))
		goto unlock;
	vq_vif_unlink(v);
	mutex_unlock(&vq_mutex);
	vq_proc_vif_remove(v);
	mutex_unlock(&vq_proc_mutex);
	mutex_lock(&vq_mutex);
	free_subtree(v);
	mutex_unlock(&vq_mutex);
	return 0;
unlock:
	mutex_unlock(&vq_mutex);
	mutex_unlock(&vq_proc_mutex);
	return err;
}

static int cmd_filter(char *args)
{
	char *path = strsep(&args, " \t"), *text;
	struct bpf_prog *prog;
	struct vq_vif *v;
	int err;

	if (!path || !args)
		return -EINVAL;
	err = vq_parse_filter(strim(args), &prog, &text);
	if (err)
		return err;
	mutex_lock(&vq_mutex);
	v = resolve(path, false, NULL);
	err = -ENOENT;
	if (!v)
		goto fail;
	err = -EINVAL;
	if (!v->parent)
		goto fail;
	err = -EPERM;
	if (!may(v->parent))
		goto fail;
	vq_set_filter(v, prog, text);
	mutex_unlock(&vq_mutex);
	return 0;
fail:
	mutex_unlock(&vq_mutex);
	bpf_prog_destroy(prog);
	kfree(text);
	return err;
}

static int cmd_owner(char *args)
{
	char *path = strsep(&args, " \t");
	struct vq_vif *v;
	u32 uid;
	int err;

	if (!path || !args || kstrtou32(strim(args), 10, &uid))
		return -EINVAL;
	if (!may_admin())
		return -EPERM;
	mutex_lock(&vq_mutex);
	v = resolve(path, false, NULL);
	err = -ENOENT;
	if (v) {
		WRITE_ONCE(v->owner, uid);
		err = 0;
	}
	mutex_unlock(&vq_mutex);
	return err;
}

static ssize_t control_write(struct file *f, const char __user *ubuf, size_t n, loff_t *pos)
{
	char *buf, *p, *verb;
	int err;

	if (n > VQ_COMMAND_MAX)
		return -EFBIG;
	buf = memdup_user_nul(ubuf, n);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	p = strim(buf);
	verb = strsep(&p, " \t");
	if (!p)
		err = -EINVAL;
	else if (!strcmp(verb, "add"))
		err = cmd_add(p);
	else if (!strcmp(verb, "del"))
		err = cmd_del(p);
	else if (!strcmp(verb, "filter"))
		err = cmd_filter(p);
	else if (!strcmp(verb, "owner"))
		err = cmd_owner(p);
	else
		err = -EINVAL;
	kfree(buf);
	return err ? err : n;
}

static const struct proc_ops control_ops = {
	.proc_write = control_write,
	.proc_lseek = noop_llseek,
};

int vq_proc_init(void)
{
	return proc_create("control", 0666, vq_proc_root, &control_ops) ? 0 : -ENOMEM;
}

void vq_proc_exit(void)
{
	remove_proc_entry("control", vq_proc_root);
}
