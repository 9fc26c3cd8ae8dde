/* SPDX-License-Identifier: GPL-2.0 */
/* vifvm_viflet.h - one VIFlet of the qdisc in its own VM (vifvm_viflet.c):
 * load (process context), enqueue/dequeue calls with vif.Packet objects
 * over sk_buffs (any context with bottom halves off), destroy (process
 * context).  The caller (vifvm_qdisc.c) serialises every call on one
 * VIFlet (the qdisc's root lock on the packet path; a new VIFlet is not
 * yet visible to the packet path while it loads). */
#ifndef VIFVM_KMOD_VIFLET_H
#define VIFVM_KMOD_VIFLET_H

#include <linux/types.h>

struct sk_buff;
struct kvl;

struct kvl_params {
	bool jit;
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
/* Free the VM and everything.  Process context.  The VIFlet must hold no
 * sk_buff any more (kvl_take_all). */
void kvl_destroy(struct kvl *l);

const char *kvl_class_name(const struct kvl *l);	/* "pkg.Name" */
u32 kvl_held(const struct kvl *l);			/* packets held */
bool kvl_engine_jit(const struct kvl *l);

/* Hand skb to the VIFlet's enqueue.  Returns 0: the VIFlet holds it (or
 * let it go: its drop, found by kvl_audit); -ENOSPC: over the quota or
 * out of heap (skb not taken); -EPIPE: the handler failed (skb taken by
 * the VIFlet's slot table: take it back with kvl_take_all), why in
 * detail.  Bottom halves off. */
int kvl_enqueue(struct kvl *l, struct sk_buff *skb, char *detail);
/* Call the VIFlet's dequeue.  Returns 0 with *skb (the packet handed on,
 * its bytes written back from the Java byte[]) or *skb NULL; -EPIPE when
 * it failed (detail says why).  *wake: the time (ktime ns) it asked to be
 * called again at, or 0. */
int kvl_dequeue(struct kvl *l, struct sk_buff **skb, u64 *wake, char *detail);
/* Find the packets the VIFlet let go of (unreachable from its objects):
 * they are dropped by its handler.  Frees them and returns how many, and
 * their bytes in *bytes. */
u32 kvl_audit(struct kvl *l, u64 *bytes);
/* Take back every sk_buff the VIFlet holds, in arrival order: up to max
 * into skbs; returns how many. */
u32 kvl_take_all(struct kvl *l, struct sk_buff **skbs, u32 max);

/* module-wide counters (/proc/vifvm/status) */
extern atomic_t kvl_vms;

#endif
