/* dp_packet.c - packets inside an owner's VM: creating vif.Packet objects
 * (bytes copied into a byte[], pooled), tracking the ones each VIFlet owns
 * (vif.Datapath.held keeps them alive, a C table says which VIF owns
 * which), taking them back when dequeue returns them (the Java object is
 * invalidated: Packet.data = null), and the audit that finds packets a
 * VIFlet lost: a reachability query the VM's collector answers
 * (vm_gc_reachable), with the tracking table left out of the roots. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"

#define NO_SLOT UINT32_MAX

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, DP_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

/* The free list of DP_PKT_BUF-byte buffers.  One per thread: live mode
 * runs both directions in one loop, and each `vifd --workers` thread has
 * its own (dp_thread_done frees a thread's list).  Sanitizer builds
 * skip it so that a use after free is still reported. */
#if defined(__SANITIZE_ADDRESS__)
#define DP_POOLING 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DP_POOLING 0
#endif
#endif
#ifndef DP_POOLING
#define DP_POOLING 1
#endif
static _Thread_local uint8_t *g_pool[DP_PKT_POOL_MAX];
static _Thread_local uint32_t g_pool_n;

uint8_t *dp_pkt_buf(uint32_t caplen) {
    if (caplen > DP_PKT_BUF) return malloc(caplen);
    if (DP_POOLING && g_pool_n) return g_pool[--g_pool_n];
    return malloc(DP_POOLING ? DP_PKT_BUF : (caplen ? caplen : 1));
}

void dp_pkt_free(dp_pkt *p) {
    if (p->borrowed) {
        p->data = NULL;
        p->borrowed = false;
        return;
    }
    if (DP_POOLING && p->data && p->caplen <= DP_PKT_BUF && g_pool_n < DP_PKT_POOL_MAX)
        g_pool[g_pool_n++] = p->data;
    else
        free(p->data);
    p->data = NULL;
}

int dp_pkt_own(dp_pkt *p) {
    if (!p->borrowed) return 0;
    uint8_t *d = dp_pkt_buf(p->caplen);
    if (!d) return -1;
    memcpy(d, p->data, p->caplen);
    p->data = d;
    p->borrowed = false;
    return 0;
}

void dp_pkt_pool_trim(void) {
    while (g_pool_n) free(g_pool[--g_pool_n]);
}

void dp_thread_done(void) { dp_pkt_pool_trim(); }

static inline vm_object **arr_elems(vm_object *a) { return (vm_object **)vm_array_data(a); }

static inline void set_i64(vm_object *obj, uint32_t off, int64_t v) { vm_set_i64(obj, off, v); }

static int field_find(vm_class *c, const char *name, const char *desc, bool is_static,
                      vm_field **out, char *err) {
    vm_field *f = vm_field_find(c, name, desc);
    if (!f || vm_field_is_static(f) != is_static)
        return fail(err, "embedded class %s lacks field %s %s", vm_class_name(c), name, desc);
    *out = f;
    return 0;
}

static int field_off(vm_class *c, const char *name, const char *desc, bool is_static,
                     uint32_t *off, char *err) {
    vm_field *f = NULL;
    if (field_find(c, name, desc, is_static, &f, err) != 0) return -1;
    *off = vm_field_offset(f);
    return 0;
}

static int find(dp_owner *o, const char *name, vm_class **out, char *err) {
    if (vm_class_find(o->vm, name, out, NULL) != VM_OK) {
        vm_exception_clear(o->vm);
        return fail(err, "embedded class %s missing from the class library", name);
    }
    if (vm_class_init(o->vm, *out) != VM_OK) {
        vm_exception_clear(o->vm);
        return fail(err, "embedded class %s failed to initialise", name);
    }
    return 0;
}

/* Find the vif classes and fields, create the root arrays. */
int dp_owner_tables_init(dp_owner *o, char *err) {
    vm *vm = o->vm;
    dp_fast_clear(o);       /* (it allocates in the VM) */
    if (find(o, "vif/Packet", &o->packet_cls, err) || find(o, "vif/VIFlet", &o->viflet_cls, err) ||
        find(o, "vif/Datapath", &o->holder_cls, err) || find(o, "[B", &o->bytes_cls, err) ||
        find(o, "vif/Queue", &o->queue_cls, err) ||
        find(o, "[Ljava/lang/Object;", &o->objarr_cls, err))
        return -1;
    if (field_off(o->packet_cls, "data", "[B", false, &o->off_data, err) ||
        field_off(o->packet_cls, "len", "I", false, &o->off_len, err) ||
        field_off(o->packet_cls, "ts", "J", false, &o->off_ts, err) ||
        field_off(o->packet_cls, "slot", "I", false, &o->off_slot, err) ||
        field_off(o->viflet_cls, "wakeTime", "J", false, &o->off_wake, err) ||
        field_off(o->viflet_cls, "fifo", "[Lvif/Packet;", false, &o->off_fifo, err) ||
        field_off(o->viflet_cls, "fifoHead", "I", false, &o->off_fifo_head, err) ||
        field_off(o->viflet_cls, "fifoCount", "I", false, &o->off_fifo_count, err) ||
        field_off(o->viflet_cls, "length", "I", false, &o->off_length, err) ||
        field_find(o->queue_cls, "items", "[Lvif/Packet;", false, &o->f_q_items, err) ||
        field_find(o->queue_cls, "head", "I", false, &o->f_q_head, err) ||
        field_find(o->queue_cls, "count", "I", false, &o->f_q_count, err) ||
        field_find(o->holder_cls, "viflets", "[Ljava/lang/Object;", true, &o->st_viflets, err) ||
        field_find(o->holder_cls, "held", "[Ljava/lang/Object;", true, &o->st_held, err) ||
        field_find(o->holder_cls, "pool", "[Ljava/lang/Object;", true, &o->st_pool, err))
        return -1;
    o->off_q_items = vm_field_offset(o->f_q_items);
    o->off_q_head = vm_field_offset(o->f_q_head);
    o->off_q_count = vm_field_offset(o->f_q_count);
    o->viflet_deq = vm_method_find(o->viflet_cls, "dequeue", "()Lvif/Packet;");
    if (!o->viflet_deq) return fail(err, "embedded class vif/VIFlet lacks dequeue()");
    vm_object *a = vm_new_array(vm, o->objarr_cls, 8);
    if (!a) goto oom;
    vm_static_set_ref(o->st_viflets, a);
    const size_t *hmax = NULL;
    static const size_t no_heap = SIZE_MAX;   /* (never roomy) */
    if (vm_heap_gauge(vm, &o->heap_used, &hmax)) {
        o->heap_roomy_limit = *hmax - *hmax / 4;
    } else {
        o->heap_used = &no_heap;
        o->heap_roomy_limit = 0;
    }
    o->pool_max = o->dp->cfg.heap_bytes >= DP_POOL_BIG_HEAP ? DP_POOL_MAX : DP_POOL_MIN;
    a = vm_new_array(vm, o->objarr_cls, (int32_t)o->pool_max);
    if (!a) goto oom;
    vm_static_set_ref(o->st_pool, a);
    o->pool_elems = arr_elems(a);
    a = vm_new_array(vm, o->objarr_cls, 64);
    if (!a) goto oom;
    vm_static_set_ref(o->st_held, a);
    o->held_elems = arr_elems(a);
    o->slots = calloc(64, sizeof *o->slots);
    if (!o->slots) return fail(err, "out of memory");
    o->cap = 64;
    for (uint32_t i = 0; i < o->cap; i++) o->slots[i].next_free = i + 1 < o->cap ? i + 1 : NO_SLOT;
    o->free_head = 0;
    return 0;
oom:
    vm_exception_clear(vm);
    return fail(err, "owner %s: Java heap too small for the datapath's tables", o->name);
}

int dp_root_viflet(dp_owner *o, vm_object *obj, uint32_t *index) {
    vm *vm = o->vm;
    vm_object *arr = vm_static_get_ref(o->st_viflets);
    int32_t alen = vm_array_length(arr);
    if (o->n_viflets == (uint32_t)alen) {
        vm_protect(vm, &obj);
        vm_object *n = vm_new_array(vm, o->objarr_cls, alen * 2);
        vm_unprotect(vm, 1);
        if (!n) return -1;      /* OutOfMemoryError pending */
        arr = vm_static_get_ref(o->st_viflets);
        memcpy(arr_elems(n), arr_elems(arr), (size_t)alen * sizeof(vm_object *));
        vm_static_set_ref(o->st_viflets, n);
        arr = n;
    }
    arr_elems(arr)[o->n_viflets] = obj;
    *index = o->n_viflets++;
    return 0;
}

void dp_unroot_viflet(dp_owner *o, uint32_t index) {
    vm_object *arr = vm_static_get_ref(o->st_viflets);
    if (index < (uint32_t)vm_array_length(arr)) arr_elems(arr)[index] = NULL;
}

/* Make room for one more tracked packet: -1 on heap exhaustion. */
static int ensure_slot(dp_owner *o) {
    if (o->free_head != NO_SLOT) return 0;
    vm *vm = o->vm;
    dp_fast_clear(o);       /* (it allocates in the VM) */
    uint32_t ncap = o->cap * 2;
    if (ncap > (uint32_t)INT32_MAX / 2) return -1;
    vm_object *n = vm_new_array(vm, o->objarr_cls, (int32_t)ncap);
    if (!n) { vm_exception_clear(vm); return -1; }
    dp_slot *s = realloc(o->slots, ncap * sizeof *s);
    if (!s) return -1;
    o->slots = s;
    vm_object *old = vm_static_get_ref(o->st_held);
    memcpy(arr_elems(n), arr_elems(old), (size_t)o->cap * sizeof(vm_object *));
    vm_static_set_ref(o->st_held, n);
    o->held_elems = arr_elems(n);
    for (uint32_t i = o->cap; i < ncap; i++) {
        memset(&s[i], 0, sizeof s[i]);
        s[i].next_free = i + 1 < ncap ? i + 1 : NO_SLOT;
    }
    o->free_head = o->cap;
    o->cap = ncap;
    return 0;
}

/* The slot s of a tracked packet: its counts (a new or refilled Packet). */
static inline void track(dp_owner *o, dp_vif *v, const dp_pkt *p, uint32_t s) {
    o->slots[s] = (dp_slot){ .vif = v, .wirelen = p->wirelen, .seq = p->seq, .t_vif = p->t_vif,
                             .next_free = NO_SLOT };
    dp_fast_clear(o);
    o->n_tracked++;
    o->given_since_audit++;
    v->held++;
    v->cnt.held_bytes += p->wirelen;
}

/* Invalidate j (in slot s), recycle its buffer, free the slot. */
static void unslot(dp_owner *o, vm_object *j, uint32_t s) {
    vm_object *buf = vm_get_ref(j, o->off_data);
    vm_set_ref(j, o->off_data, NULL);
    set_i32(j, o->off_slot, -1);
    if (buf && vm_array_length(buf) == (int32_t)DP_POOL_BUF && o->pool_count < o->pool_max)
        o->pool_elems[o->pool_count++] = buf;
    o->held_elems[s] = NULL;
    o->slots[s].vif = NULL;
    o->slots[s].next_free = o->free_head;
    o->free_head = s;
}

void dp_jpacket_spare_drop(dp_owner *o, dp_vif *v) {
    if (!v->spare_slot) return;
    uint32_t s = v->spare_slot - 1;
    v->spare_slot = 0;
    if (o && s < o->cap && o->held_elems[s]) unslot(o, o->held_elems[s], s);
}

/* dp_jpacket_new; copy false: the bytes not copied in (a spare made by
 * dp_jpacket_spare_make, whose bytes nothing reads before its refill);
 * retry: on a full heap, jpacket_retry's audit and second try */
static vm_object *jpacket_make(dp_owner *o, dp_vif *v, const dp_pkt *p, bool copy, bool retry);
vm_object *dp_jpacket_new(dp_owner *o, dp_vif *v, const dp_pkt *p) {
    return jpacket_make(o, v, p, true, true);
}

/* The heap is full.  Packets a handler dropped (given to it, no longer
 * referenced by its objects) stay rooted in Datapath.held until an audit:
 * without one here a VIFlet that drops could go on losing every packet to
 * the quota although the heap would have room without its drops.  So:
 * one audit (when packets were given since the last), then one more try;
 * only then a quota drop.  (The same point in fused and unfused runs: the
 * allocations agree, src/datapath/README.md.) */
static __attribute__((noinline, cold)) vm_object *jpacket_retry(dp_owner *o, dp_vif *v,
                                                                 const dp_pkt *p, bool copy) {
    if (!o->given_since_audit) return NULL;
    dp_audit(o);
    return jpacket_make(o, v, p, copy, false);
}

static vm_object *jpacket_make(dp_owner *o, dp_vif *v, const dp_pkt *p, bool copy, bool retry) {
    vm *vm = o->vm;
    if (v->spare_slot) {
        /* the Packet this VIF handed on last, unreferenced (dp_fuse.c):
         * refilled, with its own byte[] (not with the heap nearly full,
         * where the allocation it saves might fail: a quota drop) */
        uint32_t s = v->spare_slot - 1;
        vm_object *j = o->held_elems[s];
        vm_object *buf = vm_get_ref(j, o->off_data);
        if (p->caplen <= DP_POOL_BUF && buf && vm_array_length(buf) == (int32_t)DP_POOL_BUF &&
            dp_heap_roomy(o)) {
            v->spare_slot = 0;
            memcpy(vm_array_data(buf), p->data, p->caplen);
            set_i32(j, o->off_len, (int32_t)p->caplen);
            set_i64(j, o->off_ts, p->ts);
            track(o, v, p, s);
            return j;
        }
        dp_jpacket_spare_drop(o, v);
    }
    if (ensure_slot(o) != 0) return retry ? jpacket_retry(o, v, p, copy) : NULL;
    /* the object first: a pooled buffer then needs no protection */
    vm_object *j = vm_new_object(vm, o->packet_cls);
    /* (a Packet not made: the allocation tried is the fast-state word's
     * to see; a Packet made is tracked below, which clears it) */
    if (!j) {
        vm_exception_clear(vm);
        dp_fast_clear(o);
        return retry ? jpacket_retry(o, v, p, copy) : NULL;
    }
    vm_object *buf = NULL;
    if (p->caplen <= DP_POOL_BUF && o->pool_count > 0) {
        vm_object **pool = o->pool_elems;
        buf = pool[--o->pool_count];
        pool[o->pool_count] = NULL;
    } else {
        vm_protect(vm, &j);
        buf = vm_new_array(vm, o->bytes_cls,
                           (int32_t)(p->caplen <= DP_POOL_BUF ? DP_POOL_BUF : p->caplen));
        vm_unprotect(vm, 1);
        if (!buf) {
            vm_exception_clear(vm);
            dp_fast_clear(o);
            return retry ? jpacket_retry(o, v, p, copy) : NULL;
        }
    }
    /* a hand-off within one VM (dp_jpacket_handoff): the buffer the
     * packet left in the pool is the one taken back, bytes in place */
    if (copy && vm_array_data(buf) != (void *)p->data)
        memcpy(vm_array_data(buf), p->data, p->caplen);
    vm_set_ref(j, o->off_data, buf);
    set_i32(j, o->off_len, (int32_t)p->caplen);
    set_i64(j, o->off_ts, p->ts);
    uint32_t s = o->free_head;
    o->free_head = o->slots[s].next_free;
    set_i32(j, o->off_slot, (int32_t)s);
    o->held_elems[s] = j;
    track(o, v, p, s);
    return j;
}

/* Invalidate j (owned, in slot s), free the slot, recycle its buffer. */
static void release(dp_owner *o, vm_object *j, uint32_t s) {
    o->slots[s].vif->held--;
    o->slots[s].vif->cnt.held_bytes -= o->slots[s].wirelen;
    unslot(o, j, s);
    o->n_tracked--;
}

static int copy_out(dp_owner *o, vm_object *j, uint32_t s, dp_pkt *out) {
    vm_object *buf = vm_get_ref(j, o->off_data);
    int32_t len = get_i32(j, o->off_len);
    if (!buf || len < 0 || len > vm_array_length(buf)) return -1;  /* cannot happen */
    int64_t ts;
    memcpy(&ts, (char *)j + o->off_ts, sizeof ts);
    out->caplen = (uint32_t)len;
    out->wirelen = o->slots[s].wirelen;
    out->seq = o->slots[s].seq;
    out->t_vif = o->slots[s].t_vif;
    out->ts = ts;
    out->borrowed = false;
    out->data = dp_pkt_buf((uint32_t)len);
    if (!out->data) return -1;
    memcpy(out->data, vm_array_data(buf), (size_t)len);
    return 0;
}

/* dp_jpacket_check once j is known to be a vif.Packet */
static int32_t check_owned(dp_owner *o, dp_vif *v, vm_object *j, char *why, size_t cap) {
    int32_t s = get_i32(j, o->off_slot);
    if (s < 0 || (uint32_t)s >= o->cap || o->held_elems[s] != j) {
        snprintf(why, cap, "dequeue() returned a packet it no longer owns "
                           "(already returned or dropped)");
        return -1;
    }
    if (o->slots[s].vif != v) {
        snprintf(why, cap, "dequeue() returned a packet owned by another VIF (%s)",
                 o->slots[s].vif ? o->slots[s].vif->path : "?");
        return -1;
    }
    return s;
}

int32_t dp_jpacket_check(dp_owner *o, dp_vif *v, vm_object *j, char *why, size_t cap) {
    if (vm_object_class(j) != o->packet_cls) {
        snprintf(why, cap, "dequeue() returned a %s, not a vif.Packet",
                 vm_class_name(vm_object_class(j)));
        return -1;
    }
    return check_owned(o, v, j, why, cap);
}

int32_t dp_jpacket_view(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why, size_t cap) {
    int32_t s = dp_jpacket_check(o, v, j, why, cap);
    if (s < 0) return -1;
    vm_object *buf = vm_get_ref(j, o->off_data);
    int32_t len = get_i32(j, o->off_len);
    if (!buf || len < 0 || len > vm_array_length(buf)) {
        /* only vif.Packet writes these: cannot happen, never trusted */
        snprintf(why, cap, "dequeue() returned a corrupt packet");
        return -1;
    }
    int64_t ts;
    memcpy(&ts, (char *)j + o->off_ts, sizeof ts);
    out->data = (uint8_t *)vm_array_data(buf);
    out->caplen = (uint32_t)len;
    out->wirelen = o->slots[s].wirelen;
    out->seq = o->slots[s].seq;
    out->t_vif = o->slots[s].t_vif;
    out->ts = ts;
    out->borrowed = true;
    return s;
}

void dp_jpacket_release(dp_owner *o, vm_object *j, int32_t s) {
    release(o, j, (uint32_t)s);
}

int dp_jpacket_take(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why, size_t cap) {
    int32_t s = dp_jpacket_check(o, v, j, why, cap);
    if (s < 0) return -1;
    if (copy_out(o, j, (uint32_t)s, out) != 0) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    release(o, j, (uint32_t)s);
    return 0;
}

int dp_jpacket_handoff(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why, size_t cap) {
    int32_t s = dp_jpacket_check(o, v, j, why, cap);
    if (s < 0) return -1;
    vm_object *buf = vm_get_ref(j, o->off_data);
    int32_t len = get_i32(j, o->off_len);
    if (!buf || len < 0 || len > vm_array_length(buf) ||
        vm_array_length(buf) != (int32_t)DP_POOL_BUF || o->pool_count >= o->pool_max) {
        /* not a buffer the pool takes back: copied out, as dp_jpacket_take */
        if (copy_out(o, j, (uint32_t)s, out) != 0) {
            snprintf(why, cap, "out of memory");
            return -1;
        }
        release(o, j, (uint32_t)s);
        return 0;
    }
    int64_t ts;
    memcpy(&ts, (char *)j + o->off_ts, sizeof ts);
    out->data = (uint8_t *)vm_array_data(buf);
    out->caplen = (uint32_t)len;
    out->wirelen = o->slots[s].wirelen;
    out->seq = o->slots[s].seq;
    out->t_vif = o->slots[s].t_vif;
    out->ts = ts;
    out->borrowed = true;
    release(o, j, (uint32_t)s);   /* j invalidated; buf now on top of the pool */
    return 0;
}

/* release's counts, but j keeps its slot, its byte[] and its place in
 * Datapath.held: v's spare (a borrow of its bytes lasts until the next
 * dp_jpacket_new at v) */
static void keep(dp_owner *o, dp_vif *v, uint32_t s) {
    dp_slot *sl = &o->slots[s];
    v->held--;
    v->cnt.held_bytes -= sl->wirelen;
    sl->vif = NULL;
    sl->next_free = NO_SLOT;
    o->n_tracked--;
    v->spare_slot = s + 1;
}

int dp_jpacket_handoff_keep(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why,
                            size_t cap) {
    if (v->spare_slot) return dp_jpacket_handoff(o, v, j, out, why, cap);
    /* j came out of the default FIFO, a Packet[] only VIFlet's code
     * writes: a vif.Packet, so only its ownership is checked */
    int32_t s = check_owned(o, v, j, why, cap);
    if (s < 0) return -1;
    vm_object *buf = vm_get_ref(j, o->off_data);
    int32_t len = get_i32(j, o->off_len);
    if (!buf || len < 0 || len > vm_array_length(buf) ||
        vm_array_length(buf) != (int32_t)DP_POOL_BUF)
        return dp_jpacket_handoff(o, v, j, out, why, cap);
    int64_t ts;
    memcpy(&ts, (char *)j + o->off_ts, sizeof ts);
    dp_slot *sl = &o->slots[s];
    out->data = (uint8_t *)vm_array_data(buf);
    out->caplen = (uint32_t)len;
    out->wirelen = sl->wirelen;
    out->seq = sl->seq;
    out->t_vif = sl->t_vif;
    out->ts = ts;
    out->borrowed = true;
    keep(o, v, (uint32_t)s);
    return 0;
}

int dp_jpacket_take_keep(dp_owner *o, dp_vif *v, vm_object *j, dp_pkt *out, char *why,
                         size_t cap) {
    if (v->spare_slot) return dp_jpacket_take(o, v, j, out, why, cap);
    int32_t s = dp_jpacket_check(o, v, j, why, cap);
    if (s < 0) return -1;
    vm_object *buf = vm_get_ref(j, o->off_data);
    if (!buf || vm_array_length(buf) != (int32_t)DP_POOL_BUF)
        return dp_jpacket_take(o, v, j, out, why, cap);
    if (copy_out(o, j, (uint32_t)s, out) != 0) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    keep(o, v, (uint32_t)s);
    return 0;
}

bool dp_jpacket_spare_make(dp_owner *o, dp_vif *v, const dp_pkt *p) {
    if (v->spare_slot || p->caplen > DP_POOL_BUF) return false;
    vm_object *j = jpacket_make(o, v, p, false, false);
    if (!j) return false;
    /* (the packet given is the caller's to count, once) */
    o->given_since_audit--;
    keep(o, v, (uint32_t)get_i32(j, o->off_slot));
    return true;
}

void dp_jpacket_release_keep(dp_owner *o, dp_vif *v, vm_object *j, int32_t s) {
    vm_object *buf = vm_get_ref(j, o->off_data);
    if (v->spare_slot || !buf || vm_array_length(buf) != (int32_t)DP_POOL_BUF) {
        release(o, j, (uint32_t)s);
        return;
    }
    keep(o, v, (uint32_t)s);
}

static int by_seq(const void *a, const void *b) {
    const dp_pkt *x = a, *y = b;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

dp_pkt *dp_take_all(dp_owner *o, dp_vif *v, uint32_t *n) {
    *n = 0;
    if (!v->held) return NULL;
    dp_pkt *out = calloc(v->held, sizeof *out);
    if (!out) return NULL;
    vm_object **held = o->held_elems;
    for (uint32_t s = 0; s < o->cap; s++) {
        if (o->slots[s].vif != v) continue;
        vm_object *j = held[s];
        if (copy_out(o, j, s, &out[*n]) != 0) continue; /* stays held */
        (*n)++;
        release(o, j, s);
    }
    qsort(out, *n, sizeof *out, by_seq);
    return out;
}

/* ------------------------------------------------------------------ audit */

/* The collector answers (vm_gc_reachable): a mark from the VM's real roots
 * in which Datapath.held (the tracking table) is no root, and a vif.Queue
 * (or subclass) traces only its ring's live slots, head .. head+count-1:
 * Queue.dequeue does not clear the slot it empties (that store costs more
 * than the rest of the call), so the ring holds packets the Queue no
 * longer holds.  A tracked packet left unmarked was let go of. */
void dp_audit(dp_owner *o) { dp_audit_except(o, NULL); }

/* keep (or NULL) counts as reachable: a packet an aborted call was given
 * or returned (abort_viflet, dp_engine.c) */
void dp_audit_except(dp_owner *o, vm_object *keep) {
    vm *vm = o->vm;
    dp_fast_clear(o);
    if (!vm || !o->n_tracked) {
        o->live_after_audit = 0;
        o->audit_at = 256u;
        o->given_since_audit = 0;
        return;
    }
    bool *reach = malloc(o->cap * sizeof *reach);
    if (!reach) return;
    vm_field *weak[1] = { o->st_held };
    vm_reach_opts ro = { .weak_statics = weak, .n_weak_statics = 1,
                         .ring_class = o->queue_cls, .ring_items = o->f_q_items,
                         .ring_head = o->f_q_head, .ring_count = o->f_q_count };
    if (vm_gc_reachable(vm, &ro, o->held_elems, o->cap, reach) != VM_OK) {
        free(reach);
        return;
    }
    o->audits++;
    vm_object **held = o->held_elems;
    for (uint32_t s = 0; s < o->cap; s++) {
        dp_vif *v = o->slots[s].vif;
        if (!v || reach[s] || held[s] == keep) continue;
        v->st.drop_handler++;
        release(o, held[s], s);
    }
    free(reach);
    o->live_after_audit = o->n_tracked;
    o->audit_at = 2u * o->live_after_audit + 256u;
    o->given_since_audit = 0;
}
