/* dp_engine.c - moving packets: classification into the tree, each stage's
 * enqueue/dequeue (calls into the owner's VM, with timing), draining into
 * the parent, the output link at its rate, wakeAt timers, the event order
 * of the virtual clock, and aborting a VIFlet whose handler fails. */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dp_internal.h"
#include "dp_clock.h"

/* Wake-ups in a row after which a VIFlet has handed on no packet before its
 * timers are suspended (a VIFlet calling wakeAt in a loop); they resume
 * when it hands on a packet. */
#define DP_IDLE_WAKES 100000u

static void forward_up(datapath *dp, dp_vif *v, dp_pkt *p);

/* Handler time: reading the clock twice per call costs as much as a small
 * handler (dp_clock.h), so after the first DP_TIME_ALL calls of a VIF only
 * every DP_TIME_EVERY-th call is timed and counts DP_TIME_EVERY times.
 * Returns the weight of this call, 0 = not timed. */
#define DP_TIME_ALL   1024u
#define DP_TIME_EVERY 256u
static inline uint64_t timing_weight(const dp_vif *v) {
    uint64_t calls = v->st.enq_calls + v->st.deq_calls;
    if (calls < DP_TIME_ALL) return 1;
    return calls % DP_TIME_EVERY == 0 ? DP_TIME_EVERY : 0;
}

/* --------------------------------------------------------------- the link */

/* The link is the datapath's own (link_free_at), or - cfg.shared_link, the
 * workers' one link at the whole rate (--link shared) - shared by several
 * datapaths whose clocks are comparable: a transmission is claimed by a
 * compare-and-swap of the shared free time (free <= now -> now + its
 * time), so the transmissions of all of them never overlap and one busy
 * datapath gets the whole rate.  A datapath with packets for a shared link
 * that is busy polls it again at the free time it saw (link_wait). */

/* cfg.lockstep (datapath.h): wait until every claim that comes before
 * (now, this sharer) in the lockstep order is made and visible, and no
 * later one can be: then what the shared link shows is what one link
 * would, and stays so while the clock stays at now (no other sharer claims
 * at now before this one has moved on).  The priority at a tie is round
 * robin: rank 0 is the sharer after the last claimer, whose identity is
 * fixed for time t once every claim before t is made (a claim at t makes
 * the link busy past t, so nobody's rank at t matters after one). */
/* A waiting sharer polls this many times (a pause each) before it yields
 * its CPU at every further poll: the other sharers' clocks usually move
 * within a packet's processing time, but on a loaded host the one waited
 * for may not be running. */
#ifndef LOCKSTEP_SPINS
#define LOCKSTEP_SPINS 64u
#endif
static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    atomic_signal_fence(memory_order_seq_cst);
#endif
}

static inline uint32_t lockstep_rank(uint32_t k, uint32_t last, uint32_t n) {
    return (k + n - last - 1) % n;
}

__attribute__((noinline, cold)) static void link_sync_wait(datapath *dp) {
    dp_lockstep *ls = dp->cfg.lockstep;
    const int64_t t = dp->now;
    const uint32_t k = dp->cfg.lockstep_k, n = ls->n;
    atomic_store_explicit(&ls->pub[k].t, t, memory_order_release);
    uint32_t spins = 0;
    for (;; spins++) {
        if (spins) {
            if (dp->cfg.stop && *dp->cfg.stop) break;
            if (spins < LOCKSTEP_SPINS) cpu_relax();
            else sched_yield();
        }
        /* 1: every other sharer at t or later: the claims before t are made
         * (acquire: their links' writes are seen) */
        uint32_t j = 0;
        for (; j < n; j++)
            if (j != k && atomic_load_explicit(&ls->pub[j].t, memory_order_acquire) < t) break;
        if (j < n) continue;
        uint32_t last = atomic_load_explicit(&ls->last, memory_order_acquire);
        int64_t f = atomic_load_explicit(dp->cfg.shared_link, memory_order_acquire);
        if (f > t) break;   /* busy at t whatever happens at t: in step */
        /* 2: a sharer still at t that comes first may claim at t */
        uint32_t mine = lockstep_rank(k, last, n);
        for (j = 0; j < n; j++)
            if (j != k && lockstep_rank(j, last, n) < mine &&
                atomic_load_explicit(&ls->pub[j].t, memory_order_acquire) == t) break;
        if (j < n) continue;
        /* a sharer that came first may have claimed at t and moved on
         * after the link was read: read it again */
        if (atomic_load_explicit(&ls->last, memory_order_acquire) == last &&
            atomic_load_explicit(dp->cfg.shared_link, memory_order_acquire) == f) break;
    }
    dp->link_synced = t;
}

static inline void link_sync(datapath *dp) {
    if (__builtin_expect(dp->cfg.lockstep != NULL, 0) && dp->link_synced != dp->now)
        link_sync_wait(dp);
}

void dp_link_publish(datapath *dp, int64_t t) {
    dp_lockstep *ls = dp->cfg.lockstep;
    if (!ls) return;
    int64_t e = dp_next_event(dp);
    if (e < t) t = e;
    if (t < dp->now) t = dp->now;
    atomic_store_explicit(&ls->pub[dp->cfg.lockstep_k].t, t, memory_order_release);
}

void dp_link_leave(datapath *dp) {
    dp_lockstep *ls = dp->cfg.lockstep;
    if (ls) atomic_store_explicit(&ls->pub[dp->cfg.lockstep_k].t, INT64_MAX, memory_order_release);
}

int dp_lockstep_init(dp_lockstep *ls, uint32_t n) {
    memset(ls, 0, sizeof *ls);
    ls->pub = aligned_alloc(_Alignof(dp_lockstep_slot), (size_t)n * sizeof *ls->pub);
    if (!ls->pub) return -1;
    memset(ls->pub, 0, (size_t)n * sizeof *ls->pub);
    for (uint32_t k = 0; k < n; k++) atomic_init(&ls->pub[k].t, INT64_MIN);
    ls->n = n;
    atomic_init(&ls->last, n - 1);   /* sharer 0 first */
    return 0;
}

void dp_lockstep_free(dp_lockstep *ls) {
    free(ls->pub);
    ls->pub = NULL;
}

/* (the shared link's look out of line: the datapath's own link is the
 * per-packet path of one worker and of --bench) */
__attribute__((noinline)) static bool shared_link_free(datapath *dp) {
    link_sync(dp);
    return atomic_load_explicit(dp->cfg.shared_link, memory_order_acquire) <= dp->now;
}

static inline bool link_free(datapath *dp) {
    if (dp->cfg.rate_bps == 0) return true;
    if (!dp->cfg.shared_link) return dp->link_free_at <= dp->now;
    return shared_link_free(dp);
}

/* A shared link's sharer has packets for it: poll it when it is free
 * (not when it has none: an idle worker does not wake at every other
 * worker's transmission). */
static void link_wait(datapath *dp) {
    if (!dp->cfg.shared_link || !dp->cfg.rate_bps) return;
    link_sync(dp);
    int64_t f = atomic_load_explicit(dp->cfg.shared_link, memory_order_acquire);
    if (f <= dp->now) return;
    dp->link_free_at = f;
    dp->link_pending = true;
}

/* Claim the link for wirelen bytes from now: false when a sharer took it
 * first (then it is polled again, link_wait). */
static bool link_claim(datapath *dp, uint32_t wirelen) {
    if (!dp->cfg.rate_bps) return true;
    unsigned __int128 bits = (unsigned __int128)wirelen * 8u * 1000000000u;
    int64_t until = dp->now + (int64_t)((bits + dp->cfg.rate_bps - 1) / dp->cfg.rate_bps);
    if (dp->cfg.shared_link) {
        link_sync(dp);
        int64_t f = atomic_load_explicit(dp->cfg.shared_link, memory_order_relaxed);
        do {
            if (f > dp->now) {
                dp->link_lost++;
                link_wait(dp);
                return false;
            }
        } while (!atomic_compare_exchange_weak_explicit(dp->cfg.shared_link, &f, until,
                                                        memory_order_acq_rel,
                                                        memory_order_acquire));
        dp->link_claims++;
        /* after the free time (a sharer that reads this one sees both) */
        if (dp->cfg.lockstep)
            atomic_store_explicit(&dp->cfg.lockstep->last, dp->cfg.lockstep_k,
                                  memory_order_release);
    }
    dp->link_free_at = until;
    dp->link_pending = true;
    return true;
}

/* The packet leaves (the link was claimed for it). */
static inline __attribute__((always_inline)) void link_send_at(datapath *dp, dp_pkt *p) {
    if (dp->cfg.emit) dp->cfg.emit(dp->cfg.emit_ctx, p->data, p->caplen, p->wirelen, dp->now);
    dp->link_out++;
    dp->link_bytes += p->wirelen;
    dp_pkt_free(p);
}
static void link_send(datapath *dp, dp_pkt *p) { link_send_at(dp, p); }
/* (branch fx23) the same as a fused root's step's last: its answer
 * DP_RUN_DONE (a tail call: the step keeps nothing across it) */
static __attribute__((noinline)) uint32_t link_send_root(datapath *dp, dp_pkt *p) {
    link_send_at(dp, p);
    return DP_RUN_DONE;
}

/* Into the link's FIFO (a copy when borrowed), or a link drop. */
static void link_enqueue(datapath *dp, dp_pkt *p) {
    if (dp->lq_count == dp->cfg.link_queue || dp_pkt_own(p) != 0) {
        dp->link_drops++;
        dp_pkt_free(p);
        return;
    }
    p->t_vif = dp->now;
    dp->lq[(dp->lq_head + dp->lq_count) % dp->cfg.link_queue] = *p;
    dp->lq_count++;
    dp->lcnt.queued_bytes += p->wirelen;
    p->data = NULL;
}

/* A packet the link was free for leaves; on a shared link a sharer may
 * have claimed it meanwhile: the packet then waits in the FIFO (which is
 * empty whenever this is called, so the order holds; link_claim has set
 * the poll). */
static void link_transmit(datapath *dp, dp_pkt *p) {
    if (link_claim(dp, p->wirelen)) link_send(dp, p);
    else link_enqueue(dp, p);
}

static bool call_dequeue(datapath *dp, dp_vif *v, dp_pkt *out, bool to_link, bool handoff);

/* The link takes packets while it is free: from its FIFO, else from the
 * root's VIFlet (whose packet call_dequeue transmits from its Java byte[],
 * without a copy). */
static void link_kick(datapath *dp) {
    dp_vif *root = dp_root(dp);
    while (link_free(dp)) {
        if (dp->lq_count) {
            dp_pkt p = dp->lq[dp->lq_head];
            if (!link_claim(dp, p.wirelen)) break;
            dp->lq_head = (dp->lq_head + 1) % dp->cfg.link_queue;
            dp->lq_count--;
            dp->lcnt.queued_bytes -= p.wirelen;
            dp_hist_add(&dp->lcnt.delay, (uint64_t)(dp->now - p.t_vif), 1);
            link_send(dp, &p);
        } else if (root->active) {
            dp_pkt p;
            if (!call_dequeue(dp, root, &p, true, false)) break;
        } else {
            break;
        }
    }
    if (dp->lq_count || (root->active && root->held)) link_wait(dp);
}

/* A packet passed to the link (root without VIFlet, bypass mode). */
static void link_accept(datapath *dp, dp_pkt *p) {
    if (dp->lq_count == 0 && link_free(dp)) {
        link_transmit(dp, p); /* delay 0 (the summary's zeros) */
        return;
    }
    link_enqueue(dp, p);
    link_wait(dp);
}

/* ---------------------------------------------------------------- aborts */

/* in_flight: the Packet the failed call was given, or returned (NULL:
 * none).  The packets the VIFlet had let go of before the call are its
 * handler's drops, found by an audit while it is still rooted: the policy
 * applies to what it held (and to in_flight), so a filter's drops are never
 * passed on by its abort. */
static void abort_viflet(datapath *dp, dp_vif *v, const char *where, vm_status st,
                         const char *why, vm_object *in_flight) {
    dp_owner *o = v->owner;
    vm *vm = o->vm;
    vm_object *ex = st == VM_ERR_EXCEPTION ? vm_exception(vm) : NULL;
    vm_exception_clear(vm);
    if (o->given_since_audit) dp_audit_except(o, in_flight);
    char desc[1024] = "";
    if (why) snprintf(desc, sizeof desc, "%s", why);
    else dp_describe_abort(o, v, st, ex, desc, sizeof desc);     /* dp_abort.c */
    dp_logf(v, "vifd: VIFlet %s aborted in %s: %s\n", v->class_name, where, desc);
    if (ex) dp_print_uncaught(o, v, NULL, where, ex);
    v->active = false;
    v->aborted = true;
    v->st.aborts++;
    dp_fuse_invalidate(dp);
    v->wake = DP_NO_WAKE;
    dp_unroot_viflet(o, v->root_index);
    v->obj = NULL;
    dp_jpacket_spare_drop(o, v);
    v->recycle = v->fifo_inline = v->blind = false;   /* until the plans are rebuilt */
    v->fuse_kind = DP_FK_CALLS;
    /* (enq_entry's native code stays with its VM, v->entry_vm, for a
     * VIFlet of the same class loaded here again: dp_fuse.c stage_entry;
     * dp_owner_destroy forgets it with the VM) */

    uint32_t n = 0;
    dp_pkt *held = dp_take_all(o, v, &n);
    dp_logf(v, "vifd: failure policy %s: %u held packet%s %s; later packets %s\n",
            v->policy == DP_POLICY_DROP ? "drop" : "pass", n, n == 1 ? "" : "s",
            v->policy == DP_POLICY_DROP ? "dropped" : "passed on",
            v->policy == DP_POLICY_DROP ? "are dropped" : "pass straight through");
    for (uint32_t i = 0; i < n; i++) {
        if (v->policy == DP_POLICY_DROP) {
            v->st.drop_policy++;
            dp_pkt_free(&held[i]);
        } else {
            dp_count_out(dp, v, &held[i]);
            forward_up(dp, v, &held[i]);
        }
    }
    free(held);
}

/* Take VIFlet v off its VIF (hot swap, removal; never from inside one of
 * its handlers).  Its held packets go the way of the VIF's policy, as on an
 * abort: passed on (default, in arrival order) or dropped; the VIF then
 * passes packets straight through until a new VIFlet is installed.  The
 * counters stay (they are the VIF's). */
void dp_detach(datapath *dp, dp_vif *v, const char *why) {
    dp_owner *o = v->owner;
    if (!o) return;
    dp_fuse_invalidate(dp);
    dp_jpacket_spare_drop(o, v);
    v->recycle = v->fifo_inline = v->blind = false;   /* until the plans are rebuilt */
    v->fuse_kind = DP_FK_CALLS;
    /* (enq_entry's native code stays with its VM: dp_owner_destroy
     * forgets it, should the VM be destroyed below) */
    uint32_t n = 0;
    dp_pkt *held = NULL;
    if (v->obj) {
        /* packets it already let go of are its handler's drops, not held */
        if (o->given_since_audit) dp_audit(o);
        dp_unroot_viflet(o, v->root_index);
        v->obj = NULL;
        held = dp_take_all(o, v, &n);
    }
    dp_logf(v, "vifd: VIFlet %s detached (%s): %u held packet%s %s\n",
            v->class_name ? v->class_name : "?", why, n, n == 1 ? "" : "s",
            v->policy == DP_POLICY_DROP ? "dropped" : "passed on");
    v->owner = NULL;
    dp_owner_release_if_unused(dp, o);
    v->active = false;
    v->aborted = false;
    v->wake = DP_NO_WAKE;
    v->idle_wakes = 0;
    v->timers_off = false;
    free(v->file);
    free(v->class_name);
    v->file = v->class_name = NULL;
    for (uint32_t i = 0; i < n; i++) {
        if (v->policy == DP_POLICY_DROP) {
            v->st.drop_policy++;
            dp_pkt_free(&held[i]);
        } else {
            dp_count_out(dp, v, &held[i]);
            forward_up(dp, v, &held[i]);
        }
    }
    free(held);
    /* the link may now take from a FIFO instead of the root's dequeue */
    if (!v->parent) link_kick(dp);
}

int dp_unload(datapath *dp, const char *path, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) {
        snprintf(err, DP_ERR_MAX, "%s: no such VIF", path);
        return -1;
    }
    if (!v->owner) {
        snprintf(err, DP_ERR_MAX, "%s: no VIFlet to detach", path);
        return -1;
    }
    dp_detach(dp, v, "removed");
    return 0;
}

/* ------------------------------------------------------- handler calls */

static void maybe_audit(dp_owner *o) {
    if (o->n_tracked >= o->audit_at) dp_audit(o);
}

/* fused: through the entry the plan prepared (v->enq_entry) */
/* The Packet given (NULL: none, or v aborted). */
static inline __attribute__((always_inline)) vm_object *enqueue_call(datapath *dp, dp_vif *v,
                                                                     dp_pkt *p, bool fused) {
    dp_owner *o = v->owner;
    vm_object *j = fused ? dp_jpacket_refill_fast(o, v, p, true) : NULL;
    if (!j) j = dp_jpacket_new(o, v, p);
    if (!j) {
        /* the owner's heap is exhausted: a quota drop */
        v->st.drop_quota++;
        dp_pkt_free(p);
        return NULL;
    }
    dp_pkt_done(p);
    vm_value a[2];
    a[0].l = v->obj;
    a[1].l = j;
    /* (the fast-state word: j's tracking, just above, cleared it) */
    o->cur = v;
    uint64_t w = timing_weight(v), t0 = w ? dp_ticks() : 0;
    vm_status st = !fused ? vm_call_handler(o->vm, v->m_enq, v->budget, v->time_limit, a, NULL)
                   : v->enq_entry.native ? vm_call_handler_native(o->vm, &v->enq_entry, a)
                   : vm_call_handler_entry(o->vm, &v->enq_entry, a, NULL);
    if (w) dp_count_handler(v, dp_ticks() - t0, w);
    o->cur = NULL;
    v->st.enq_calls++;
    if (st != VM_OK) {
        abort_viflet(dp, v, "enqueue()", st, NULL, j);
        return NULL;
    }
    maybe_audit(o);
    return j;
}

static void call_enqueue(datapath *dp, dp_vif *v, dp_pkt *p) { (void)enqueue_call(dp, v, p, false); }
static vm_object *fused_enqueue(datapath *dp, dp_vif *v, dp_pkt *p) {
    return enqueue_call(dp, v, p, true);
}

/* VIFlet.dequeue, the default FIFO's (src/lib/java/vif/VIFlet.java), done
 * here instead of called: it only moves fields (no call, loop, allocation,
 * budget tick, wakeAt or exception), so the result and the VIFlet's state
 * are exactly those of the call.  true with the packet (or null) in *pkt;
 * false if the FIFO is not as that code leaves it (then call it). */
static inline __attribute__((always_inline)) bool default_dequeue(dp_owner *o, vm_object *obj,
                                                                 vm_object **pkt) {
    int32_t n = get_i32(obj, o->off_fifo_count);
    if (n == 0) return true;
    vm_object *f = vm_get_ref(obj, o->off_fifo);
    int32_t h = get_i32(obj, o->off_fifo_head);
    if (!f) return false;
    int32_t flen = vm_array_length(f);
    if (h < 0 || h >= flen || n < 0) return false;
    vm_object **slot = (vm_object **)vm_array_data(f) + h;
    *pkt = *slot;
    *slot = NULL;
    if (++h == flen) h = 0;
    set_i32(obj, o->off_fifo_head, h);
    set_i32(obj, o->off_fifo_count, n - 1);
    /* length-- as Java does it (wraps; a subclass may set any value) */
    set_i32(obj, o->off_length, (int32_t)((uint32_t)get_i32(obj, o->off_length) - 1u));
    return true;
}

/* Call v's dequeue: true with the packet in *out, or - to_link, for the
 * root when the link is free - true with the packet already transmitted
 * straight from the VIFlet's byte[] (no copy; it counts as out).  handoff
 * (a fused path): *out borrows the packet's byte[] (dp_jpacket_handoff)
 * instead of a copy. */
static bool call_dequeue(datapath *dp, dp_vif *v, dp_pkt *out, bool to_link, bool handoff) {
    if (!v->active) return false;
    dp_owner *o = v->owner;
    vm_value ret;
    ret.l = NULL;
    if (v->deq_default && default_dequeue(o, v->obj, &ret.l)) {
        v->st.deq_calls++;
        if (!ret.l) return false;
        goto got;
    }
    int64_t none = DP_NO_WAKE;
    memcpy((char *)v->obj + o->off_wake, &none, sizeof none);
    vm_value a[2];      /* [1]: unused, room for vm_call_handler's two slots */
    a[0].l = v->obj;
    o->cur = v;
    dp_fast_clear(o);
    uint64_t w = timing_weight(v), t0 = w ? dp_ticks() : 0;
    vm_status st = vm_call_handler(o->vm, v->m_deq, v->budget, v->time_limit, a, &ret);
    if (w) dp_count_handler(v, dp_ticks() - t0, w);
    o->cur = NULL;
    v->st.deq_calls++;
    if (st != VM_OK) {
        abort_viflet(dp, v, "dequeue()", st, NULL, NULL);
        return false;
    }
    int64_t wake;
    memcpy(&wake, (char *)v->obj + o->off_wake, sizeof wake);
    if (wake != DP_NO_WAKE && !v->timers_off) {
        v->wake = wake > dp->now ? wake : dp->now + 1;
        dp->wake_used = true;
    }
    if (!ret.l) return false;
got:
    v->idle_wakes = 0;
    v->timers_off = false;
    char why[256];
    if (to_link) {
        /* no Java code runs between the view and the release */
        int32_t s = dp_jpacket_view(o, v, ret.l, out, why, sizeof why);
        if (s < 0) {
            abort_viflet(dp, v, "dequeue()", VM_OK, why, ret.l);
            return false;
        }
        dp_count_out(dp, v, out);
        link_transmit(dp, out);
        /* the root recycles its Packet as a hand-off does */
        if (v->recycle && v->deq_default && get_i32(v->obj, o->off_fifo_count) == 0)
            dp_jpacket_release_keep(o, v, ret.l, s);
        else
            dp_jpacket_release(o, ret.l, s);
        return true;
    }
    /* a recycling VIF keeps its Packet as the spare, fused or not
     * (dp_fuse.c stage_recycles; README.md, "The spare Packet") */
    bool keep = v->recycle && v->deq_default && get_i32(v->obj, o->off_fifo_count) == 0;
    int r;
    if (!handoff)
        r = keep ? dp_jpacket_take_keep(o, v, ret.l, out, why, sizeof why)
                 : dp_jpacket_take(o, v, ret.l, out, why, sizeof why);
    else
        r = keep ? dp_jpacket_handoff_keep(o, v, ret.l, out, why, sizeof why)
                 : dp_jpacket_handoff(o, v, ret.l, out, why, sizeof why);
    if (r != 0) {
        abort_viflet(dp, v, "dequeue()", VM_OK, why, ret.l);
        return false;
    }
    return true;
}

/* ----------------------------------------------------------- the stages */

/* Drain v's dequeue into its parent (the root: into the link). */
static void drain(datapath *dp, dp_vif *v) {
    if (!v->parent) {
        link_kick(dp);
        return;
    }
    dp_pkt p;
    while (v->active && call_dequeue(dp, v, &p, false, false)) {
        dp_count_out(dp, v, &p);
        forward_up(dp, v, &p);
    }
}

static void forward_up(datapath *dp, dp_vif *v, dp_pkt *p) {
    if (v->parent) dp_deliver(dp, v->parent, p);
    else link_accept(dp, p);
}

/* v's quota reached, also after an audit of its owner when packets were
 * given to it since the last: the packet dropped and counted (the
 * unfused loop, dp_deliver, and the fused one, stage_step) */
static inline __attribute__((always_inline)) bool quota_drop(dp_vif *v, dp_pkt *p) {
    if (v->held >= v->quota) {
        if (v->owner->given_since_audit) dp_audit(v->owner);
        if (v->held >= v->quota) {
            v->st.drop_quota++;
            dp_pkt_free(p);
            return true;
        }
    }
    return false;
}

/* A VIF without an active VIFlet passes the packet to its parent in the
 * same loop (framework-only paths: no call per level). */
void dp_deliver(datapath *dp, dp_vif *v, dp_pkt *p) {
    for (;;) {
        dp_count_in(dp, v, p);
        if (v->active) {
            if (quota_drop(v, p)) return;
            call_enqueue(dp, v, p);
            drain(dp, v);
            return;
        }
        if (v->aborted && v->policy == DP_POLICY_DROP) {
            v->st.drop_policy++;
            dp_pkt_free(p);
            return;
        }
        dp_count_pass(v, p);
        if (!v->parent) {
            link_accept(dp, p);
            return;
        }
        v = v->parent;
    }
}

/* The packet at v, its VIF: its fused plan, or the VIFs without a VIFlet
 * (framework-only) up to the first with one, v->pass_to (NULL: the link),
 * counted once for the path (dp_vif.pass_pkts: dp_pass_fold adds them to
 * each of those VIFs' in/out and bytes before anything reads them); the
 * arrival time (p->t_vif) is not set: nothing reads it before the next
 * dp_count_in (dp_deliver) or link_accept sets it again.  Every call a
 * tail call. */
static inline __attribute__((always_inline)) void fuse_run_at(datapath *dp, dp_fpath *fp,
                                                              dp_pkt *p);
static inline void place_at(datapath *dp, dp_vif *v, dp_pkt *p, uint32_t wirelen) {
    if (v->fpath) {
        dp->fuse.fused_packets++;
        fuse_run_at(dp, v->fpath, p);   /* (a tail call: place stays frameless) */
        return;
    }
    dp_vif *u = v->pass_to;
    v->pass_pkts++;
    /* (two adds: not paired into vector instructions, which take more) */
    __asm__ volatile("" ::: "memory");
    v->pass_bytes += wirelen;
    if (u) dp_deliver(dp, u, p);
    else link_accept(dp, p);
}

/* place's other ways: a re-fusion pending, no tree function (being
 * rebuilt, or filters in the interpreter), or a level the tree function
 * leaves to a sibling dispatch */
static __attribute__((noinline)) void place_slow(datapath *dp, dp_pkt *p) {
    /* between packets: a changed tree or VIFlet re-fuses here, so a packet
     * runs wholly on the plans it found (one word: dp_fuse_check counts a
     * retry down and rebuilds) */
    if (dp->fuse_check != 0) dp_fuse_check(dp);
    /* (the tree function while it is current, by an ordinary call: also
     * every packet's way with VIFD_PLACE_SLOW=on, which leaves tree_ready
     * NULL) */
    vm_cbpf_fn f = dp->tree_stale ? NULL : dp->tree_fn;
    dp_vif *v;
    if (f) {
        uint32_t r = f(p->data, p->wirelen, p->caplen);
        v = dp->tree_nodes[r & ~VM_CBPF_TREE_DISPATCH];
        if (r & VM_CBPF_TREE_DISPATCH)
            v = dp_classify_below(dp, v, p->data, p->caplen, p->wirelen);
    } else {
        v = dp_classify_pkt(dp, p);
    }
    place_at(dp, v, p, p->wirelen);
}

static __attribute__((noinline)) void place_below(datapath *dp, uint32_t r, dp_pkt *p) {
    place_at(dp, dp_classify_below(dp, dp->tree_nodes[r & ~VM_CBPF_TREE_DISPATCH], p->data,
                                   p->caplen, p->wirelen), p, p->wirelen);
}

/* A packet through the tree: classified, then run on its VIF's fused plan
 * or delivered (a function of its own: bypass needs none of its
 * registers).  The usual way - no re-fusion pending, the tree function
 * ready and deciding alone - has no call but the tree function's
 * (dp_tree_call: through which place keeps dp and p in registers the
 * filter does not touch) and tail calls: no frame, nothing saved.
 * VIFD_PLACE_SLOW=on in the environment: every packet the other way
 * (place_slow: dp_classify.c leaves tree_ready NULL), for comparison. */
static __attribute__((noinline)) void place(datapath *dp, dp_pkt *p) {
    vm_cbpf_fn f = dp->tree_ready;
    if (__builtin_expect(dp->fuse_check != 0 || f == NULL, 0)) {
        place_slow(dp, p);
        return;
    }
    uint32_t wirelen = p->wirelen;   /* (kept in esi across the call) */
    uint64_t r = dp_tree_call(f, p->data, wirelen, p->caplen);
    if (__builtin_expect(r & VM_CBPF_TREE_DISPATCH, 0)) {
        place_below(dp, (uint32_t)r, p);
        return;
    }
    place_at(dp, dp->tree_nodes[r], p, wirelen);
}

static inline void input_at(datapath *dp, const uint8_t *data, uint32_t caplen,
                            uint32_t wirelen, int64_t ts) {
    /* borrowed: every stage copies what it keeps (dp_pkt) */
    dp_pkt p = { .data = (uint8_t *)(uintptr_t)data, .caplen = caplen, .wirelen = wirelen,
                 .ts = ts, .seq = dp->next_seq++, .borrowed = true };
    dp->input++;
    if (dp->cfg.mode == DP_MODE_BYPASS) {
        link_accept(dp, &p);
        return;
    }
    place(dp, &p);
}

void dp_input(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen) {
    input_at(dp, data, caplen, wirelen, dp->now);
}

void dp_input_at(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen,
                 int64_t arrival) {
    input_at(dp, data, caplen, wirelen, arrival < dp->now ? arrival : dp->now);
}

/* ------------------------------------------------------- the fused loop */

/* The stages of a fused path (dp_fuse.h): the unfused loop's steps, each
 * stage found in the plan instead of through v->parent, and hand-offs by
 * dp_jpacket_handoff (no copy out; within one VM no copy at all).  Every
 * count, check, abort and policy is the unfused loop's: the functions
 * below are dp_deliver, drain and forward_up with the plan's next stage. */
static void fused_deliver(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p);

static inline void fused_up(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p) {
    if (n > 1) fused_deliver(dp, st + 1, n - 1, p);
    else link_accept(dp, p);
}

/* What the drain of a stage did (fused_drain_fifo, fifo_inline). */
enum fused_step {
    STEP_DONE,      /* all done */
    STEP_NONE,      /* nothing done: take the general way */
    STEP_UP,        /* the packet (in *p) goes on to the next stage: the
                       stage's own drain is complete (its last, null,
                       dequeue counted), so no call need come back here */
};

/* The drain of a stage whose dequeue is the default FIFO's, without
 * call_dequeue: the same steps (default_dequeue, the count, the hand-off,
 * recycling the Packet when the FIFO is empty after it) in one loop.
 * STEP_NONE: the FIFO is not as VIFlet's code leaves it (call_dequeue
 * calls the method then).  STEP_UP (v->alone_above, the FIFO empty after
 * the hand-off): the packet handed on is in *p (whose own packet enqueue
 * consumed), and the dequeue the loop would make after the stages above
 * return - null, as nothing there can reach v's FIFO or abort v - is
 * counted now. */
static inline __attribute__((always_inline)) enum fused_step
fused_drain_fifo(datapath *dp, dp_vif *const *st, uint32_t n, dp_vif *v, dp_pkt *up,
                 vm_object *given) {
    dp_owner *o = v->owner;
    char why[256];
    while (v->active) {
        vm_object *j = NULL;
        if (!default_dequeue(o, v->obj, &j)) return STEP_NONE;
        v->st.deq_calls++;
        if (!j) return STEP_DONE;
        v->idle_wakes = 0;
        v->timers_off = false;
        dp_pkt p;
        bool empty = get_i32(v->obj, o->off_fifo_count) == 0;
        int r = v->recycle && empty
                ? ((j == given ? dp_jpacket_keep_given(o, v, j, &p)
                               : dp_jpacket_keep_fast(o, v, j, &p)) ? 0
                                                     : dp_jpacket_handoff_keep(o, v, j, &p, why,
                                                                               sizeof why))
                : dp_jpacket_handoff(o, v, j, &p, why, sizeof why);
        if (r != 0) {
            abort_viflet(dp, v, "dequeue()", VM_OK, why, j);
            return STEP_DONE;
        }
        given = NULL;       /* (handed on: its slot may be gone) */
        dp_count_out(dp, v, &p);
        if (empty && v->alone_above) {
            v->st.deq_calls++;
            *up = p;
            return STEP_UP;
        }
        fused_up(dp, st, n, &p);
    }
    return STEP_DONE;
}

/* A relay's stage (v->fifo_inline: enqueue and dequeue the default
 * FIFO's) without entering its VM: what VIFlet.enqueue and the
 * immediate default dequeue leave - the ring's head one further, its
 * slot and count as before, `length` up and down again - and every count
 * of the two calls (enqueue_calls, dequeue_calls, the packet given to the
 * owner), the packet passed on as it came (its bytes unchanged).  Only
 * when the outcome is certain: the ring exists with room (enqueue would
 * not allocate), is empty, the Packet the calls would allocate cannot
 * fail (vm_heap_roomy), the call cannot meet an audit (maybe_audit's
 * threshold), and for the root the link is free with nothing queued.
 * STEP_NONE: nothing done (the calls are made); STEP_UP as for
 * fused_drain_fifo (p goes on). */
/* Does v have the spare Packet the calls would leave it (README.md,
 * "The spare Packet is the VIF's")?  A recycling VIF's calls refill the
 * spare and keep the same Packet again when it is there and p fits its
 * byte[]; without one they make a Packet and keep it - made here
 * (dp_jpacket_spare_make, the heap roomy: the caller's check); with a
 * larger p they drop it: false, the calls are made.  So v has a spare
 * after this packet exactly when the unfused loop's v would. */
static inline bool spare_kept(dp_vif *v, const dp_pkt *p) {
    if (!v->recycle || (v->spare_slot && p->caplen <= DP_POOL_BUF)) return true;
    return dp_jpacket_spare_make(v->owner, v, p);
}

/* The enqueue's effect on v's ring f (the head one further: the slot and
 * the count as the immediate dequeue leaves them) and its counts, and
 * the packet counted out with its delay 0 (p came in on this step: p->t_vif
 * is dp->now), as dp_count_pass (kept_stage) - fifo_inline's and
 * fifo_pair's */
static inline __attribute__((always_inline)) void fifo_enqueued(dp_vif *v, dp_owner *o,
                                                                vm_object *obj, vm_object *f,
                                                                const dp_pkt *p) {
    int32_t flen = vm_array_length(f), h = get_i32(obj, o->off_fifo_head);
    if (++h == flen) h = 0;
    set_i32(obj, o->off_fifo_head, h);
    o->given_since_audit++;
    v->st.enq_calls++;
    v->idle_wakes = 0;
    v->timers_off = false;
    dp_count_pass(v, p);
}

static inline __attribute__((always_inline)) enum fused_step
fifo_inline(datapath *dp, dp_vif *const *st, uint32_t n, dp_vif *v,
                                   dp_pkt *p) {
    dp_owner *o = v->owner;
    vm_object *obj = v->obj;
    vm_object *f = vm_get_ref(obj, o->off_fifo);
    if (!f || get_i32(obj, o->off_fifo_count) != 0 || !dp_heap_roomy(o) ||
        o->n_tracked + 1u >= o->audit_at ||
        (n == 1 && (!link_free(dp) || dp->lq_count)) || !spare_kept(v, p))
        return STEP_NONE;
    /* (unsigned: h < 0 too; the length is not negative) */
    if ((uint32_t)get_i32(obj, o->off_fifo_head) >= (uint32_t)vm_array_length(f)) return STEP_NONE;
    /* a field-only handler's stores (dp_fuse.c stage_prog), before its
     * super.enqueue: the pair's effect below (the program touches none of
     * VIFlet's own fields: the head and the ring are read after it, so
     * that nothing is held across the call) */
    if (v->fprog_fn) {
        /* (non-zero: a guard drops the packet, or a getter's answer is
         * the handler's to give; nothing stored: the calls are made) */
        /* (a marker writes the bytes: its own copy first, as the
         * handler's call would have made) */
        /* (dp_pkt_own of a packet that owns its bytes does nothing: not
         * called then, e.g. at a second marker) */
        if (v->fprog->writes && p->borrowed && dp_pkt_own(p) != 0) return STEP_NONE;
        int32_t hdr = VM_FIELD_HDR_UNKNOWN;
        if (v->fprog_fn(obj, (int32_t)p->caplen, p->ts, v->fprog, p->data, &hdr) != 0)
            return STEP_NONE;
        o = v->owner;
        obj = v->obj;
        f = vm_get_ref(obj, o->off_fifo);
    }
    fifo_enqueued(v, o, obj, f, p);
    /* (the default dequeue's call is counted in each way below) */
    if (n == 1) {
        v->st.deq_calls++;
        link_transmit(dp, p);
        /* link_kick asks again while the link is free: null */
        if (link_free(dp)) v->st.deq_calls++;
        return STEP_DONE;
    }
    /* the drain's next call: null (the ring is empty again), unless a
     * stage above aborted this one meanwhile (it cannot: only its own
     * handlers abort it): with the default dequeue's, two calls */
    if (v->alone_above) {
        v->st.deq_calls += 2;
        return STEP_UP;
    }
    v->st.deq_calls++;
    fused_up(dp, st, n, p);
    if (v->active) v->st.deq_calls++;
    return STEP_DONE;
}

/* The drain of a stage by its dequeue calls (call_dequeue), every packet
 * handed on up the path. */
static void fused_drain_calls(datapath *dp, dp_vif *const *st, uint32_t n, dp_vif *v) {
    dp_pkt q;
    while (v->active && call_dequeue(dp, v, &q, false, true)) {
        dp_count_out(dp, v, &q);
        fused_up(dp, st, n, &q);
    }
}

/* Will the drain take exactly j back with nothing else (j alone in v's
 * FIFO, at its head) and without an audit falling due first (kept_stage)?
 * cnt_off, ring_off, head_off: o's field offsets, read once by the caller
 * (the stores below through Java objects would make the compiler read
 * them again). */
static inline bool fifo_holds_only(dp_owner *o, vm_object *obj, vm_object *j, uint32_t cnt_off,
                                   uint32_t ring_off, uint32_t head_off, vm_object **ring,
                                   int32_t *head, int32_t *len) {
    /* (j not tracked yet: the audit threshold with it counted) */
    if (get_i32(obj, cnt_off) != 1 || o->n_tracked + 1u >= o->audit_at)
        return false;
    vm_object *f = vm_get_ref(obj, ring_off);
    int32_t h = get_i32(obj, head_off);
    if (!f) return false;
    int32_t flen = vm_array_length(f);
    /* (unsigned: h < 0 too; flen is not negative) */
    if ((uint32_t)h >= (uint32_t)flen || ((vm_object **)vm_array_data(f))[h] != j) return false;
    *ring = f;
    *head = h;
    *len = flen;
    return true;
}

/* kept_stage's call had another outcome: for a blind stage the bytes
 * into j first (as the unfused loop had them before the call), then the
 * general way (fused_deliver's steps after fused_enqueue). */
static __attribute__((noinline)) enum fused_step kept_other(datapath *dp, dp_vif *const *st,
                                                            uint32_t n, dp_vif *v, dp_pkt *p,
                                                            vm_object *j, vm_status s) {
    dp_owner *o = v->owner;
    if (v->blind) {
        dp_jpacket_fill(o, j, p);
        dp_pkt_done(p);
    }
    if (s != VM_OK) {
        abort_viflet(dp, v, "enqueue()", s, NULL, j);
        return STEP_DONE;
    }
    maybe_audit(o);
    enum fused_step r = fused_drain_fifo(dp, st, n, v, p, j);
    if (r == STEP_NONE) fused_drain_calls(dp, st, n, v);
    return r == STEP_UP ? STEP_UP : STEP_DONE;
}

/* kept_stage's call of v's enqueue entry, untimed and timed (weight w) */
static __attribute__((noinline)) vm_status kept_after(dp_vif *v, vm_value *a, int32_t raw) {
    return vm_handler_entry_after(v->owner->vm, &v->enq_entry, a, NULL, raw);
}
static inline __attribute__((always_inline)) vm_status kept_call(dp_owner *o, dp_vif *v,
                                                                 vm_value *a) {
    if (!v->enq_entry.native) return vm_call_handler_entry(o->vm, &v->enq_entry, a, NULL);
    /* vm_call_handler_native, its rare end apart (nothing held across the
     * call for it) */
    int32_t raw = v->enq_entry.native(a);
    return __builtin_expect(raw == 0, 1) ? VM_OK : kept_after(v, a, raw);
}
static __attribute__((noinline)) vm_status kept_call_timed(dp_owner *o, dp_vif *v, vm_value *a,
                                                           uint64_t w) {
    uint64_t t0 = dp_ticks();
    vm_status s = kept_call(o, v, a);
    dp_count_handler(v, dp_ticks() - t0, w);
    return s;
}

/* A recycling stage (v->recycle: enqueue keeps no reference, dequeue the
 * default FIFO's; not the root) with no VIFlet of its VM above it
 * (v->alone_above), in one step: its spare Packet refilled, enqueue
 * called, and when that left exactly this Packet alone in the FIFO (no
 * audit due) the drain's steps done here, their outcome known - the
 * default dequeue's (the slot cleared, the head one further, count 0,
 * `length` down), the Packet kept as the spare (dp_jpacket_keep_at's
 * counts), the next (null) dequeue counted - and the packet goes on: its
 * length, times and order are the Packet's (which Java code cannot
 * change), its bytes those of the Packet's byte[], lent as
 * dp_jpacket_keep_at lends them.  A blind stage (v->blind) is refilled
 * without the bytes (a header reader, v->peek, with the headers only:
 * dp_peek_len), and hands on the bytes it came with (the handler could
 * not read them, or only the headers, nor write them).  Any other outcome (an abort, a drop,
 * another packet in the FIFO, an audit due) takes the general way
 * (kept_other), a blind stage's bytes first copied in.  STEP_NONE:
 * nothing done (no spare to refill: the general way makes the Packet). */
static inline __attribute__((always_inline)) enum fused_step
kept_stage(datapath *dp, dp_vif *const *st, uint32_t n, dp_vif *v, dp_pkt *p, uint8_t kind) {
    dp_owner *o = v->owner;
    /* (kind: DP_FK_KEPT, BLIND or PEEK, which say alone_above) */
    bool blind = kind != DP_FK_KEPT;
    /* dp_jpacket_refill_fast's checks and the Packet's fields; its
     * tracking (the slot, held, n_tracked), which no code reads during the
     * call and the fast outcome undoes, only on another outcome */
    if (!v->spare_slot || p->caplen > DP_POOL_BUF) return STEP_NONE;
    vm_value a[2];
    {
        uint32_t sl = v->spare_slot - 1;
        vm_object *j = o->held_elems[sl];
        vm_object *buf = vm_get_ref(j, o->off_data);
        if (!buf || vm_array_length(buf) != (int32_t)DP_POOL_BUF || !dp_heap_roomy(o))
            return STEP_NONE;
        if (!blind) {
            memcpy(vm_array_data(buf), p->data, p->caplen);
            dp_pkt_done(p);
        } else if (kind == DP_FK_PEEK) {
            /* a header reader: the headers only (dp_peek_len), the rest as
             * blind (kept_other copies the whole packet in) */
            uint32_t k = dp_peek_len(p);
            if (k == DP_PEEK_BYTES) memcpy(vm_array_data(buf), p->data, DP_PEEK_BYTES);  /* inline */
            else memcpy(vm_array_data(buf), p->data, k);
        }
        set_i32(j, o->off_len, (int32_t)p->caplen);
        vm_set_i64(j, o->off_ts, p->ts);
        a[0].l = v->obj;
        a[1].l = j;
    }
    o->given_since_audit++;
    o->cur = v;
    dp_fast_clear(o);
    /* timing_weight; a timed call apart: the usual one keeps no clock
     * state across the call.  Nothing but the stage's own values is kept
     * across it either: what follows reads them again (the call cannot
     * change the call counts, the spare slot, the Packet's byte[] or the
     * stage's kind; j is a[1]) */
    uint64_t calls = v->st.enq_calls + v->st.deq_calls;
    vm_status s = __builtin_expect(calls < DP_TIME_ALL || calls % DP_TIME_EVERY == 0, 0)
                  ? kept_call_timed(o, v, a, calls < DP_TIME_ALL ? 1 : DP_TIME_EVERY)
                  : kept_call(o, v, a);
    o->cur = NULL;
    v->st.enq_calls++;
    vm_object *j = a[1].l;
    vm_object *obj = v->obj, *f;
    int32_t h, flen;
    uint32_t cnt_off = o->off_fifo_count, head_off = o->off_fifo_head;
    if (__builtin_expect(s != VM_OK || !fifo_holds_only(o, obj, j, cnt_off, o->off_fifo, head_off,
                                                         &f, &h, &flen), 0)) {
        /* the refill's tracking, as if made before the call */
        uint32_t sl = v->spare_slot - 1;
        v->spare_slot = 0;
        o->slots[sl] = (dp_slot){ .vif = v, .wirelen = p->wirelen, .seq = p->seq,
                                  .t_vif = p->t_vif, .next_free = UINT32_MAX };
        o->n_tracked++;
        v->held++;
        v->cnt.held_bytes += p->wirelen;
        return kept_other(dp, st, n, v, p, j, s);
    }
    /* default_dequeue */
    uint32_t len_off = o->off_length;
    ((vm_object **)vm_array_data(f))[h] = NULL;
    if (++h == flen) h = 0;
    set_i32(obj, head_off, h);
    set_i32(obj, cnt_off, 0);
    set_i32(obj, len_off, (int32_t)((uint32_t)get_i32(obj, len_off) - 1u));
    /* its dequeue and the drain's next one, null (alone_above) */
    v->st.deq_calls += 2;
    v->idle_wakes = 0;
    v->timers_off = false;
    /* j stays the spare, untracked: the refill's tracking and
     * dp_jpacket_keep_at's release cancel out (held, held_bytes,
     * n_tracked, the slot free, spare_slot) */
    if (v->fuse_kind == DP_FK_KEPT) {
        /* its bytes: the Packet's byte[] (a pool buffer, seen above) */
        p->data = (uint8_t *)vm_array_data(vm_get_ref(j, o->off_data));
        p->borrowed = true;
    }
    /* dp_count_out with its delay 0 (p->t_vif is this step's dp->now,
     * which no handler moves): not a histogram sample, as a packet passed
     * straight through (dp_count_pass; the summaries count out - samples
     * as zeros) */
    dp_count_pass(v, p);
    return STEP_UP;
}

/* An active stage the general way (its enqueue called, then its drain):
 * STEP_UP, the packet goes on in *p; STEP_DONE, all done. */
static inline __attribute__((always_inline)) enum fused_step
general_step(datapath *dp, dp_vif *const *st, uint32_t n, dp_vif *v, dp_pkt *p) {
    p->t_vif = dp->now;
    vm_object *given = fused_enqueue(dp, v, p);
    if (n == 1) {
        link_kick(dp);
        return STEP_DONE;
    }
    enum fused_step r = v->deq_default ? fused_drain_fifo(dp, st, n, v, p, given) : STEP_NONE;
    if (r == STEP_NONE) {
        fused_drain_calls(dp, st, n, v);
        return STEP_DONE;
    }
    return r;
}

/* One iteration of the fused loop: stage st[0] (kind: its dp_vif.fuse_kind,
 * fixed by the plan; n == 1: the root) for packet p.  STEP_UP: the packet
 * goes on to st[1]; STEP_DONE: all done.  The one copy of a stage's
 * logic: fused_deliver's loop (kind read from the VIF) and the per-stage
 * functions the plan's code calls (dp_step_*: the kind and root-ness
 * constants) both inline it.  v->active and v->aborted are read live (an
 * abort in a drain below re-fuses only before the next packet). */
static inline __attribute__((always_inline)) enum fused_step
stage_step(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p, uint8_t kind) {
    dp_vif *v = st[0];
    /* dp_count_in, its arrival time (p->t_vif) set only where it is
     * read: by the calls and kept_stage (their tracking slot, the
     * delay of a packet the drain hands on), not by a FIFO done in C,
     * a pass or a drop (link_accept sets its own) */
    v->st.in++;
    v->cnt.bytes_in += p->wirelen;
    if (v->active) {
        if (quota_drop(v, p)) return STEP_DONE;
        /* (DP_FK_KEPT and above: not the root, n > 1) */
        enum fused_step r = kind == DP_FK_FIFO ? fifo_inline(dp, st, n, v, p)
                            : kind >= DP_FK_KEPT ? (p->t_vif = dp->now,
                                                    kept_stage(dp, st, n, v, p, kind))
                                                 : STEP_NONE;
        if (r == STEP_NONE) r = general_step(dp, st, n, v, p);
        return r;
    }
    if (v->aborted && v->policy == DP_POLICY_DROP) {
        v->st.drop_policy++;
        dp_pkt_free(p);
        return STEP_DONE;
    }
    dp_count_pass(v, p);
    if (n == 1) {
        link_accept(dp, p);
        return STEP_DONE;
    }
    return STEP_UP;
}

/* One stage after another: a stage whose drain ends by handing its only
 * packet on (STEP_UP) continues the loop with the next stage instead of
 * calling it (no C frame per stage). */
static void fused_deliver(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p) {
    while (stage_step(dp, st, n, p, st[0]->fuse_kind) != STEP_DONE) {
        st++;
        n--;
    }
}

/* (branch fx23) A FIFO stage's step as the plan's code calls it (and a
 * one-stage plan's entry): fifo_inline's usual way with what it needs
 * live kept small - without a frame where the stage has no program (a
 * relay), with three registers saved where one is called - and every
 * rare way a tail call of a function of its own, so that none of their
 * values is kept in the usual way's registers:
 *   - fifo_ready, fifo_inline's checks with no side effect, and for the
 *     root an unshaped link with nothing queued (link_claim and link_free
 *     then true: link_transmit is link_send), below the root the stage
 *     alone_above, the spare Packet there (spare_kept without making
 *     one); any failing: the whole stage_step (fifo_step_slow), from the
 *     start - nothing was done;
 *   - the program's answer 1 or a marker's failed copy: fifo_inline's
 *     STEP_NONE after the counts in, the general way (fifo_general).
 * Every count is fifo_inline's (the root's two dequeue calls counted
 * before the send, which reads none of them). */
static inline __attribute__((always_inline)) bool fifo_ready(const datapath *dp, const dp_vif *v,
                                                             const dp_pkt *p, bool root) {
    if (!v->active || v->held >= v->quota) return false;
    if (root ? dp->cfg.rate_bps != 0 || dp->lq_count != 0 : !v->alone_above) return false;
    if (v->recycle && (!v->spare_slot || p->caplen > DP_POOL_BUF)) return false;
    const dp_owner *o = v->owner;
    vm_object *obj = v->obj;
    vm_object *f = vm_get_ref(obj, o->off_fifo);
    return f && get_i32(obj, o->off_fifo_count) == 0 && dp_heap_roomy(o) &&
           o->n_tracked + 1u < o->audit_at &&
           (uint32_t)get_i32(obj, o->off_fifo_head) < (uint32_t)vm_array_length(f);
}
static __attribute__((noinline)) uint32_t fifo_step_slow(datapath *dp, dp_vif *const *st,
                                                         uint32_t n, dp_pkt *p) {
    enum fused_step r = stage_step(dp, st, n, p, DP_FK_FIFO);
    return n == 1 ? DP_RUN_DONE : r == STEP_DONE;
}
static __attribute__((noinline)) uint32_t fifo_general(datapath *dp, dp_vif *const *st, uint32_t n,
                                                       dp_pkt *p) {
    enum fused_step r = general_step(dp, st, n, st[0], p);
    return n == 1 ? DP_RUN_DONE : r == STEP_DONE;
}
/* the ring's head one further, the counts of the enqueue and the two
 * dequeue calls (the root: its dequeue and link_kick's null one; below:
 * the dequeue and the drain's null one, alone_above); the root's packet
 * sent */
static inline __attribute__((always_inline)) uint32_t fifo_pair(datapath *dp, dp_vif *v,
                                                                dp_pkt *p, bool root) {
    dp_owner *o = v->owner;
    vm_object *obj = v->obj;
    fifo_enqueued(v, o, obj, vm_get_ref(obj, o->off_fifo), p);
    v->st.deq_calls += 2;
    if (!root) return 0;
    return link_send_root(dp, p);
}
/* a stage with a program (its call: a frame, here alone) */
static inline __attribute__((always_inline)) uint32_t
fifo_step_prog(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p, bool root) {
    dp_vif *v = st[0];
    if (v->fprog->writes && p->borrowed && dp_pkt_own(p) != 0) return fifo_general(dp, st, n, p);
    int32_t hdr = VM_FIELD_HDR_UNKNOWN;
    if (v->fprog_fn(v->obj, (int32_t)p->caplen, p->ts, v->fprog, p->data, &hdr) != 0)
        return fifo_general(dp, st, n, p);
    return fifo_pair(dp, st[0], p, root);
}
static __attribute__((noinline)) uint32_t fifo_prog_root(datapath *dp, dp_vif *const *st,
                                                         dp_pkt *p) {
    return fifo_step_prog(dp, st, 1, p, true);
}
static __attribute__((noinline)) uint32_t fifo_prog_below(datapath *dp, dp_vif *const *st,
                                                          uint32_t n, dp_pkt *p) {
    return fifo_step_prog(dp, st, n, p, false);
}
/* (root: n is 1; below it, n > 1) */
static inline __attribute__((always_inline)) uint32_t fifo_step(datapath *dp, dp_vif *const *st,
                                                                uint32_t n, dp_pkt *p, bool root) {
    dp_vif *v = st[0];
    if (__builtin_expect(!fifo_ready(dp, v, p, root), 0)) return fifo_step_slow(dp, st, n, p);
    v->st.in++;
    v->cnt.bytes_in += p->wirelen;
    if (v->fprog_fn) return root ? fifo_prog_root(dp, st, p) : fifo_prog_below(dp, st, n, p);
    return fifo_pair(dp, v, p, root);
}

/* The stages as the plan's code calls them (dp_fuse.c plan_code_stages,
 * branch fx21): stage_step for one stage of a fixed kind, non-zero when
 * the packet is done (the code returns), 0 when it goes on to st[1] (the
 * code calls the next stage's).  A stage below the root: DP_FK_FIFO,
 * DP_FK_CALLS (also a VIF without an active VIFlet: a pass or a policy's
 * drop) or a kept stage (DP_FK_KEPT, BLIND, PEEK: kind); the root: FIFO
 * or CALLS, n 1. */
uint32_t dp_step_fifo(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p) {
    return fifo_step(dp, st, n, p, false);
}
uint32_t dp_step_calls(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p) {
    return stage_step(dp, st, n, p, DP_FK_CALLS) == STEP_DONE;
}
uint32_t dp_step_kept(datapath *dp, dp_vif *const *st, uint32_t n, dp_pkt *p, uint32_t kind) {
    return stage_step(dp, st, n, p, (uint8_t)kind) == STEP_DONE;
}
/* the link's hand-off after a plan's last stages passed the packet
 * straight through (their counts: dp_vif.pass_pkts of the first of them,
 * dp_pass_fold) */
uint32_t dp_step_link(datapath *dp, dp_pkt *p) {
    link_accept(dp, p);
    return 1;
}
uint32_t dp_step_root_fifo(datapath *dp, dp_vif *const *st, dp_pkt *p) {
    return fifo_step(dp, st, 1, p, true);
}
uint32_t dp_step_root_calls(datapath *dp, dp_vif *const *st, dp_pkt *p) {
    (void)stage_step(dp, st, 1, p, DP_FK_CALLS);
    return DP_RUN_DONE;
}
/* (branch fx23) a plan of one stage, no run: the root's step is the
 * plan's entry (dp_fpath.entry; no path function, nothing between
 * stages) */
uint32_t dp_step1_fifo(void *p, void *fp) {
    const dp_fpath *f = fp;
    return fifo_step(f->dp, f->stage, 1, p, true);
}
uint32_t dp_step1_calls(void *p, void *fp) {
    const dp_fpath *f = fp;
    (void)stage_step(f->dp, f->stage, 1, p, DP_FK_CALLS);
    return DP_RUN_DONE;
}

/* The plan's FIFO run (dp_fpath.run, dp_fuse.c plan_run): fifo_inline's
 * steps for each of its stages with what the plan fixed (the stage is
 * active, done by fifo_inline, not the root, alone_above: its STEP_UP;
 * its owner and the FIFO's field offsets) taken from the run's entry, the
 * rest read live as fifo_inline reads it: the quota, the ring (present,
 * empty, the head in range), the heap, the audit threshold, the
 * program's answer.  Every count fused_deliver and fifo_inline make for
 * the stage is made here: the owner's given packets, the two calls and
 * the idle flags at each stage (read on the packet path), in, out, bytes
 * in and out once per packet for the whole run (dp_fpath.done, which
 * dp_fuse_fold adds to the stages before anything reads them).  Returns the stages done; at
 * the first whose state is not the fast one nothing of it is done, and
 * fused_deliver takes the packet on from there (fifo_inline's checks
 * again), unless RUN_GENERAL is or-ed in: its program answered 1 (a
 * guard's drop, a getter left to the handler; nothing stored) or the
 * marker's copy failed, fifo_inline's STEP_NONE, and fused_general takes
 * it the general way. */
#define RUN_GENERAL DP_RUN_GENERAL
/* in, out, bytes in and out of the d stages a run did (dp_fuse_fold) */
static inline void run_done(dp_fpath *fp, uint32_t d, const dp_pkt *p) {
    if (d) {
        fp->done[2 * d]++;
        fp->done[2 * d + 1] += p->wirelen;
    }
}
/* fifo_inline's live checks of a run stage (the quota, the spare Packet
 * kept, the ring present, empty, its head in range, the heap, the audit
 * threshold): true when all hold, with the ring's length in *flen (the
 * spare: only a tracking, which clears the word, takes it; fifo_run
 * leaves packets larger than its byte[] to fused_deliver) */
static __attribute__((noinline)) bool fast_check(const dp_vif *v, const dp_owner *o,
                                                 vm_object *obj, const dp_frun *r,
                                                 uint32_t *flen) {
    if (v->held >= v->quota || (v->recycle && !v->spare_slot)) return false;
    vm_object *f = vm_get_ref(obj, r->off_fifo);
    if (!f || get_i32(obj, r->off_count) != 0 || !dp_heap_roomy(o) ||
        o->n_tracked + 1u >= o->audit_at)
        return false;
    /* (unsigned: h < 0 too; the length is not negative) */
    *flen = (uint32_t)vm_array_length(f);
    return (uint32_t)get_i32(obj, r->off_head) < *flen;
}
/* fast_check failed at a run stage (branch fx21): when the spare Packet
 * is all it lacks - as after a drop by the stage's handler taken the
 * general way, which used the spare up - make it here, as fifo_inline
 * would make it next for this packet (spare_kept, after the same checks:
 * held < quota, the ring present and empty, the heap roomy, no audit
 * due; a packet fitting a spare's byte[]: fifo_run's), then check again,
 * so that the fast-state word is set for the packets after this one
 * instead of their leaving the run once more.  1: the state is the fast
 * one now (*flen); 0: it is not, or the spare was not missing (the C
 * loop from this stage: fifo_inline finds the spare made and decides);
 * -1: the making failed (fifo_inline's STEP_NONE: the general way).
 * VIFD_FUSE_RUN_SPARE=off in the environment (dp_fuse.c plan_run: the
 * run entry's spare flag): 0 at once, the C loop from this stage. */
static __attribute__((noinline)) int fast_spare(dp_vif *v, dp_owner *o, const dp_frun *r,
                                                const dp_pkt *p, uint32_t *flen) {
    vm_object *obj = v->obj;
    if (!r->spare || !v->recycle || v->spare_slot || v->held >= v->quota) return 0;
    vm_object *f = vm_get_ref(obj, r->off_fifo);
    if (!f || get_i32(obj, r->off_count) != 0 || !dp_heap_roomy(o) ||
        o->n_tracked + 1u >= o->audit_at)
        return 0;
    if (!dp_jpacket_spare_make(o, v, p)) return -1;
    return fast_check(v, o, v->obj, r, flen) ? 1 : 0;
}
/* (from stage i0: 0, or where the plan's code left the packet, DP_RUN_SLOW) */
static __attribute__((noinline)) uint32_t fifo_run(dp_fpath *fp, dp_pkt *p, uint32_t i0) {
    const dp_frun *r = fp->rs + i0;
    /* (a packet larger than a spare's byte[]: fifo_inline's way, stage
     * by stage - spare_kept) */
    uint32_t i = i0, k = p->caplen <= DP_POOL_BUF ? fp->run : 0;
    /* the IP header's place in p's bytes, found by the first program that
     * reads the headers, for the others (vm_field_prog_fn's hdr: the
     * bytes' length and the header's place do not change on the way) */
    int32_t hdr = VM_FIELD_HDR_UNKNOWN;
    for (; i < k; i++, r++) {
        dp_vif *v = r->v;
        dp_owner *o = r->o;
        vm_object *obj = v->obj;
        uint32_t flen;
        if (__builtin_expect(o->fast != v, 0)) {
            /* the state tested one by one (fast_check); then, unless
             * VIFD_FUSE_FAST=off, kept in the word until the datapath
             * next enters, tracks in, allocates in or audits the VM */
            if (!fast_check(v, o, obj, r, &flen)) {
                int m = fast_spare(v, o, r, p, &flen);
                if (m < 0) {
                    i |= RUN_GENERAL;
                    break;
                }
                if (m == 0) break;
                obj = v->obj;   /* (the allocation: read again) */
            }
            if (r->fast) {
                o->fast = v;
                o->fast_len = flen;
            }
        } else {
            flen = o->fast_len;
        }
        if (r->prog) {
            /* fifo_inline's program (its comments; it does not touch the
             * ring, nor enter the VM otherwise) */
            if ((r->writes && p->borrowed && dp_pkt_own(p) != 0) ||
                v->fprog_fn(obj, (int32_t)p->caplen, p->ts, v->fprog, p->data, &hdr) != 0) {
                i |= RUN_GENERAL;
                break;
            }
        }
        int32_t h = get_i32(obj, r->off_head);
        if ((uint32_t)++h == flen) h = 0;
        set_i32(obj, r->off_head, h);
        o->given_since_audit++;
        v->st.enq_calls++;
        v->st.deq_calls += 2;
        v->idle_wakes = 0;
        v->timers_off = false;
    }
    run_done(fp, i & ~RUN_GENERAL, p);
    return i;
}

/* fifo_run's stage i | RUN_GENERAL: fifo_inline's STEP_NONE (its
 * program's answer 1, or the marker's copy failed), its quota seen
 * (held < quota, which neither changes), so fused_deliver's steps from
 * its count in on: the general way, then the stages above. */
static __attribute__((noinline)) void fused_general(datapath *dp, dp_vif *const *st, uint32_t n,
                                                    dp_pkt *p) {
    dp_vif *v = st[0];
    v->st.in++;
    v->cnt.bytes_in += p->wirelen;
    if (general_step(dp, st, n, v, p) == STEP_UP) fused_deliver(dp, st + 1, n - 1, p);
}

/* The plan's code (dp_fpath.code, dp_fuse.c plan_code) left the packet
 * at stage i: its state not the fast one (DP_RUN_SLOW: fifo_run from
 * there, fast_check), or a program's GENERAL answer (the counts of the
 * stages before it made here, as fifo_run makes them).  Counted
 * (dp_fuse_info.code_left_slow, code_left_general): with the stages
 * after the run in the code (dp_fpath.code_stages) the rest of such a
 * packet's path is the C loop's. */
static __attribute__((noinline)) uint32_t run_code_left(datapath *dp, dp_fpath *fp, dp_pkt *p,
                                                        uint32_t i) {
    if (i & DP_RUN_SLOW) {
        dp->fuse.code_left_slow++;
        return fifo_run(fp, p, i & ~DP_RUN_SLOW);
    }
    dp->fuse.code_left_general++;
    run_done(fp, i & ~RUN_GENERAL, p);
    return i;
}

/* The code left stages to C (its answer not DP_RUN_DONE): the run's C
 * loop from where a stage was not in the fast state, or the general way
 * at a program's answer, or (the stages after the run not in the code)
 * the C loop after the run. */
static inline __attribute__((always_inline)) void fuse_code_left(datapath *dp, dp_fpath *fp, dp_pkt *p,
                                                                  uint32_t i) {
    if (__builtin_expect(i & (DP_RUN_SLOW | RUN_GENERAL), 0)) i = run_code_left(dp, fp, p, i);
    if (__builtin_expect(i & RUN_GENERAL, 0)) {
        i &= ~RUN_GENERAL;
        fused_general(dp, fp->stage + i, fp->n - i, p);
        return;
    }
    fused_deliver(dp, fp->stage + i, fp->n - i, p);
}

/* (branch fx23) the code's exits other than DP_RUN_DONE (dp_fpath.entry:
 * the code has every stage; a tail call from the code, VM_PC_LEAVE) */
uint32_t dp_fuse_code_left(datapath *dp, dp_fpath *fp, dp_pkt *p, uint32_t i) {
    fuse_code_left(dp, fp, p, i);
    return DP_RUN_DONE;
}

/* A plan with a run or code (dp_fpath.enter): the plan's code - the run,
 * a direct call of the stages' programs with no C between the stages,
 * and (branch fx21, dp_fpath.code_stages) every stage after it by a
 * direct call of its dp_step_* function: DP_RUN_DONE, nothing left -
 * else the run's C loop (fifo_run); then the stages above the run's end
 * in the C loop. */
static __attribute__((noinline)) void fuse_run_run(datapath *dp, dp_fpath *fp, dp_pkt *p) {
    if (__builtin_expect(fp->code.fn != NULL, 1)) {
        uint32_t i = fp->code.fn(p, NULL);
        if (__builtin_expect(i & DP_RUN_DONE, 1)) return;
        fuse_code_left(dp, fp, p, i);
        return;
    }
    uint32_t i = fifo_run(fp, p, 0);
    if (__builtin_expect(i & RUN_GENERAL, 0)) {
        i &= ~RUN_GENERAL;
        fused_general(dp, fp->stage + i, fp->n - i, p);
        return;
    }
    fused_deliver(dp, fp->stage + i, fp->n - i, p);
}

/* (each way a tail call: no frame here; inlined in place_at) */
static inline __attribute__((always_inline)) void fuse_run_at(datapath *dp, dp_fpath *fp,
                                                              dp_pkt *p) {
    /* (branch fx23) the plan's entry: its code with every stage, or the
     * root's step of a one-stage plan (a jump: its answer is not read) */
    if (__builtin_expect(fp->entry != NULL, 1)) {
        (void)fp->entry(p, fp);
        return;
    }
    if (fp->enter) fuse_run_run(dp, fp, p);
    else fused_deliver(dp, fp->stage, fp->n, p);
}
void dp_fuse_run(datapath *dp, dp_fpath *fp, dp_pkt *p) {
    fuse_run_at(dp, fp, p);
}

/* ---------------------------------------------------------------- events */

int64_t dp_next_event(const datapath *dp) {
    int64_t e = INT64_MAX;
    for (uint32_t i = 0; dp->wake_used && i < dp->n_vifs; i++) {
        const dp_vif *v = dp->vifs[i];
        if (v->active && v->wake != DP_NO_WAKE && v->wake < e) e = v->wake;
    }
    if (dp->link_pending && dp->link_free_at < e) e = dp->link_free_at;
    return e;
}

/* Run the earliest event (time e): timers first (deepest-defined VIF
 * first), then the link. */
static void run_event(datapath *dp, int64_t e) {
    if (e > dp->now) dp->now = e;
    for (uint32_t i = dp->n_vifs; i-- > 0;) {
        dp_vif *v = dp->vifs[i];
        if (v->active && v->wake == e) {
            v->wake = DP_NO_WAKE;
            uint64_t out = v->st.out;
            drain(dp, v);
            if (v->st.out == out && v->active && ++v->idle_wakes >= DP_IDLE_WAKES) {
                dp_logf(v, "vifd: %u wake-ups in a row handed on no packet: timers suspended "
                           "until this VIFlet hands on a packet\n", DP_IDLE_WAKES);
                v->timers_off = true;
                v->wake = DP_NO_WAKE;
            }
            return;
        }
    }
    dp->link_pending = false;
    link_kick(dp);
}

void dp_advance(datapath *dp, int64_t t) {
    for (;;) {
        int64_t e = dp_next_event(dp);
        if (e >= t || e == INT64_MAX) break;
        run_event(dp, e);
    }
    if (t > dp->now) dp->now = t;
}

static bool anything_held(const datapath *dp) {
    if (dp->lq_count) return true;
    for (uint32_t i = 0; i < dp->n_vifs; i++)
        if (dp->vifs[i]->held) return true;
    return false;
}

int64_t dp_drain_next(const datapath *dp, int64_t until) {
    if (!anything_held(dp)) return INT64_MAX;
    int64_t e = dp_next_event(dp);
    return e > until ? INT64_MAX : e;
}

void dp_run_next(datapath *dp) {
    int64_t e = dp_next_event(dp);
    if (e != INT64_MAX) run_event(dp, e);
}

void dp_finish(datapath *dp, int64_t until, volatile int *stop) {
    dp_audit_all(dp);
    while (!(stop && *stop) && dp_drain_next(dp, until) != INT64_MAX) dp_run_next(dp);
}

void dp_audit_all(datapath *dp) {
    dp_pass_fold(dp);
    for (uint32_t i = 0; i < dp->n_owners; i++)
        if (dp->owners[i]->vm) dp_audit(dp->owners[i]);
}
