// SPDX-License-Identifier: GPL-2.0
/*
 * vifvm_fuse.c - fused VIF paths (vifvm_fuse.h; src/kmod/README.md "Fused
 * paths").  For each VIF below the root, the path from it up: its first
 * stages that are program stages (a VIFlet whose enqueue is a field
 * program and whose dequeue the default FIFO's, its code made at its load:
 * vifvm_viflet.c prog_init) become one function of the core's path-code
 * emitter (include/vifvm_pathcode.h), made here at injection time, never
 * on the packet path:
 *
 *     hdr slot = unknown
 *     for each program stage i (from the VIF up):
 *         v_i->viflet != the VIFlet fused?  return i | SLOW  (swapped)
 *         kfu_ready(v_i) != 0?              return i | SLOW  (aborted, fuse
 *                                      off, its FIFO's ring, the quota)
 *         the program's body, inlined (the IP header's place and the
 *         header values found once for the whole path: fx22's code), on
 *         the packet's bytes; its answer 1: return i | GENERAL
 *         kfu_post(v_i, pkt)           (the stage's counts, the calls'
 *                                       effect on its VIFlet, handed up)
 *     return k                         (the first other stage: C from it)
 *
 * Calls are direct (`call rel32`: the code lies in the module's code pool,
 * within reach of the module's text).  All the functions of one tree live
 * in one region (one 64 KiB granule of the pool for a small tree), made
 * afresh at every re-fusion and freed as a whole.  The emitter writes its
 * code where it runs: the region's pool view is made writable (and not
 * executable) while it is written, then executable and read-only
 * (kcode_alloc_flat, kcode_exec_flat: never both).
 */
#include "vifvm_fuse.h"
#include "vifvm_qdisc.h"
#include "vifvm_viflet.h"
#include "platform/kernel/kcode.h"
#include "platform/kernel/kplatform.h"

#include "vifvm_jit.h"
#include "vifvm_pathcode.h"

#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>

bool kfu_on = true;
module_param_named(fuse_path, kfu_on, bool, 0644);
MODULE_PARM_DESC(fuse_path, "each VIF's path of program stages (fuse=1) runs as one native function made at injection (a VIFlet's load or swap), the programs' bodies inlined (default 1; 0: stage by stage in C, for A/B; src/kmod/README.md, Fused paths)");

/* one re-fusion's functions: the region of their code (and the emitter's
 * platform, which it keeps), one path per VIF */
struct kfu_gen {
	vm_platform plat;
	vm_pathcode_region r;
	u32 n;
	struct kfu_path paths[];
};

/* the emitter's platform: its buffers from kvmalloc (process context),
 * the code in the module's code pool, the kernel's thunks */
static void *kfu_realloc(void *ud, void *p, size_t old, size_t n)
{
	void *q;

	if (!n) {
		kvfree(p);
		return NULL;
	}
	q = kvmalloc(n, GFP_KERNEL);
	if (q && p)
		memcpy(q, p, min(old, n));
	if (q)
		kvfree(p);
	return q;
}

static void *kfu_zalloc(void *ud, size_t n)
{
	return kvzalloc(n ? n : 1, GFP_KERNEL);
}

static void *kfu_code_alloc(void *ud, size_t size)
{
	return kcode_alloc_flat(size);
}

static int kfu_code_exec(void *ud, void *p, size_t size)
{
	return kcode_exec_flat(p, size);
}

static void kfu_code_free(void *ud, void *p, size_t size)
{
	kcode_free_flat(p, size);
}

static vm_platform kfu_plat(void)
{
	return (vm_platform){
		.realloc = kfu_realloc,
		.zalloc = kfu_zalloc,
		.code_alloc = kfu_code_alloc,
		.code_protect_exec = kfu_code_exec,
		.code_free = kfu_code_free,
		.indirect_thunks = kplat_indirect_thunks(),
		.return_thunk = kplat_return_thunk(),
	};
}

/* the packet path's checks of a stage before its program (a VIFlet
 * aborted, fuse switched off, its FIFO's ring not made or not empty, the
 * quota reached): non-zero, the C path from it */
u32 kfu_ready(struct vq_vif *v)
{
	return !(v->viflet && !v->aborted && kvl_prog_can(v->viflet));
}

/* a stage's program passed the packet: what deliver, prog_stage and
 * forward_up count for it (vifvm_qdisc.c), the calls' effect on its
 * VIFlet */
void kfu_post(struct vq_vif *v, struct kfu_pkt *p)
{
	v->c.in++;
	v->c.bytes_in += p->plen;
	v->c.enqueue_calls++;
	v->c.dequeue_calls++;
	v->wake = 0;
	v->idle_wakes = 0;
	v->timers_off = false;
	kvl_prog_passed(v->viflet);
	v->c.out++;
	v->c.bytes_out += p->plen;
}

#define PC_PKT(f) ((vm_pc_loc){ .where = VM_PC_ARG, .off = (int32_t)offsetof(struct kfu_pkt, f) })
#define KFU_MAX_OPS (1 + 4 * VQ_MAX_DEPTH + 1)

/* v's path's operations into ops (KFU_MAX_OPS): its program stages from
 * v up (not the root, which queues); 0: none (no function) */
static u32 path_ops(struct vq_vif *v, vm_pc_op *ops, struct kfu_path *fp)
{
	u32 n = 0, i = 0;

	fp->writes = fp->reads = false;
	ops[n++] = (vm_pc_op){ .kind = VM_PC_SET_FRAME32, .imm = VM_FIELD_HDR_UNKNOWN };
	for (; v->parent && i < KFU_STAGE; v = v->parent, i++) {
		const struct vm_field_prog *p;
		const void *fn;
		void *obj;
		bool w, r;

		if (!v->viflet || v->aborted || !kvl_prog_parts(v->viflet, &obj, &p, &fn) ||
		    !kvl_prog_flags(v->viflet, &w, &r))
			break;
		fp->writes |= w;
		fp->reads |= r;
		ops[n++] = (vm_pc_op){ .kind = VM_PC_EXIT_IF_NE64,
				       .a = { .where = VM_PC_ABS, .base = v,
					      .off = (int32_t)offsetof(struct vq_vif, viflet) },
				       .imm = (int64_t)(uintptr_t)v->viflet, .ret = i | KFU_SLOW };
		ops[n++] = (vm_pc_op){ .kind = VM_PC_CALL, .exit_nz = true, .fn = (const void *)kfu_ready,
				       .nargs = 1,
				       .args = { { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)v } },
				       .ret = i | KFU_SLOW };
		ops[n++] = (vm_pc_op){
			.kind = VM_PC_PROG, .exit_nz = true, .fn = fn, .nargs = 6, .prog = p,
			.args = { { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)obj },
				  { .src = VM_PC_LD32, .loc = PC_PKT(len) },
				  { .src = VM_PC_LD64, .loc = PC_PKT(ts) },
				  { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)p },
				  { .src = VM_PC_LD64, .loc = PC_PKT(data) },
				  { .src = VM_PC_FRAME } },
			.ret = i | KFU_GENERAL };
		ops[n++] = (vm_pc_op){ .kind = VM_PC_CALL, .fn = (const void *)kfu_post, .nargs = 2,
				       .args = { { .src = VM_PC_IMM, .imm = (uint64_t)(uintptr_t)v },
						 { .src = VM_PC_ARG0 } } };
	}
	if (!i)
		return 0;
	fp->stages = i;
	ops[n++] = (vm_pc_op){ .kind = VM_PC_RET, .ret = i };
	return n;
}

static void walk(struct vq_vif *v, struct vq_vif **all, u32 *n, u32 max)
{
	struct vq_vif *c;

	if (*n < max)
		all[(*n)++] = v;
	list_for_each_entry(c, &v->children, sibling)
		walk(c, all, n, max);
}

static void unfuse(struct vq_vif *v)
{
	struct vq_vif *c;

	v->fused = NULL;
	list_for_each_entry(c, &v->children, sibling)
		unfuse(c);
}

static void gen_free(struct kfu_gen *g)
{
	if (!g)
		return;
	vm_pathcode_region_free(&g->r);
	kfree(g);
}

void kfu_refuse(struct vq_inst *in)
{
	struct kfu_gen *g = NULL, *old;
	struct vq_vif **all;
	vm_pc_op *ops;
	u32 n = 0, i, k, made = 0;
	vm_pathcode code;
	vm_status st;

	if (in->dying)
		return;
	all = kcalloc(in->nvifs + 1, sizeof(*all), GFP_KERNEL);
	ops = kcalloc(KFU_MAX_OPS, sizeof(*ops), GFP_KERNEL);
	if (all)
		walk(in->root, all, &n, in->nvifs + 1);
	if (all && ops)
		g = kzalloc(struct_size(g, paths, n), GFP_KERNEL);
	if (!g) {
		pr_warn_ratelimited("vifvm: %s: paths not fused (the C path serves): out of memory\n",
				    in->name);
		goto install;
	}
	g->plat = kfu_plat();
	g->n = n;
	vm_pathcode_region_init(&g->r, &g->plat, 4096);
	for (i = 0; i < n; i++) {
		struct kfu_path *fp = &g->paths[i];

		k = path_ops(all[i], ops, fp);
		if (!k)
			continue;
		st = vm_pathcode_region_emit(&g->r, ops, k, NULL, NULL, NULL, &code);
		if (st != VM_OK) {
			vq_logf(all[i], "vifvm: the path from %s not fused: %s\n", all[i]->path,
				vm_status_str(st));
			pr_warn_ratelimited("vifvm: %s: path not fused: %s\n", all[i]->path,
					    vm_status_str(st));
			fp->stages = 0;
			continue;
		}
		fp->fn = code.fn;
		fp->bytes = code.bytes;
		made++;
	}
	if (made && vm_pathcode_region_seal(&g->r) != VM_OK) {
		pr_warn_ratelimited("vifvm: %s: paths not fused (the C path serves): their code cannot be made executable\n",
				    in->name);
		made = 0;
	}
	if (!made) {
		gen_free(g);
		g = NULL;
	}
install:
	/* the switch: every VIF's pointer at once, under the tree's lock (a
	 * packet runs wholly the old function or the new; VIFs no longer in
	 * the tree cannot be classified to, their pointer is never followed) */
	vq_lock_tree(in);
	unfuse(in->root);
	for (i = 0; g && i < n; i++)
		if (g->paths[i].fn)
			all[i]->fused = &g->paths[i];
	old = in->fgen;
	in->fgen = g;
	vq_unlock_tree(in);
	/* no CPU runs an old function now: the packet path runs one only
	 * holding the tree's lock, and it was taken after the switch */
	gen_free(old);
	kfree(ops);
	kfree(all);
}

void kfu_free(struct vq_inst *in)
{
	gen_free(in->fgen);
	in->fgen = NULL;
}
