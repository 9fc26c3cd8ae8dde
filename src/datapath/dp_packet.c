/* dp_packet.c - packets inside an owner's VM: creating vif.Packet objects
 * (bytes copied into a byte[], pooled), tracking the ones each VIFlet owns
 * (vif.Datapath.held keeps them alive, a C table says which VIF owns
 * which), taking them back when dequeue returns them (the Java object is
 * invalidated: Packet.data = null), and the audit that finds packets a
 * VIFlet lost: a trace of everything reachable from the VM's roots except
 * the tracking table itself. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"
#include "runtime/classes.h"
#include "runtime/roots.h"
#include "runtime/rt_internal.h"
#include "gc/heap.h"

#define NO_SLOT UINT32_MAX

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, DP_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

/* The free list of DP_PKT_BUF-byte buffers.  Process-wide: one datapath
 * thread (live mode runs both directions in one loop).  Sanitizer builds
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
static uint8_t *g_pool[DP_PKT_POOL_MAX];
static uint32_t g_pool_n;

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

static inline jobject **static_slot(dp_owner *o, uint32_t off) {
    return (jobject **)(void *)(o->holder_cls->statics + off);
}
static inline jobject **arr_elems(jobject *a) { return (jobject **)JARRAY_DATA(a); }

static inline void set_i64(jobject *obj, uint32_t off, int64_t v) {
    memcpy((char *)obj + off, &v, sizeof v);
}

static int field_off(jclass *c, const char *name, const char *desc, bool is_static,
                     uint32_t *off, char *err) {
    jfield *f = rt_find_field(c, name, desc);
    if (!f || !!(f->access & ACC_STATIC) != is_static)
        return fail(err, "embedded class %s lacks field %s %s", c->name, name, desc);
    *off = f->offset;
    return 0;
}

static int find(dp_owner *o, const char *name, jclass **out, char *err) {
    if (rt_find_class(o->vm, name, out, NULL) != VM_OK) {
        o->vm->exception = NULL;
        return fail(err, "embedded class %s missing from the class library", name);
    }
    if (rt_init_class(o->vm, *out) != VM_OK) {
        o->vm->exception = NULL;
        return fail(err, "embedded class %s failed to initialise", name);
    }
    return 0;
}

/* Find the vif classes and fields, create the root arrays. */
int dp_owner_tables_init(dp_owner *o, char *err) {
    vm *vm = o->vm;
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
        field_off(o->queue_cls, "items", "[Lvif/Packet;", false, &o->off_q_items, err) ||
        field_off(o->queue_cls, "head", "I", false, &o->off_q_head, err) ||
        field_off(o->queue_cls, "count", "I", false, &o->off_q_count, err) ||
        field_off(o->holder_cls, "viflets", "[Ljava/lang/Object;", true, &o->st_viflets, err) ||
        field_off(o->holder_cls, "held", "[Ljava/lang/Object;", true, &o->st_held, err) ||
        field_off(o->holder_cls, "pool", "[Ljava/lang/Object;", true, &o->st_pool, err))
        return -1;
    o->viflet_deq = rt_find_method(o->viflet_cls, "dequeue", "()Lvif/Packet;");
    if (!o->viflet_deq) return fail(err, "embedded class vif/VIFlet lacks dequeue()");
    jobject *a = rt_new_array(vm, o->objarr_cls, 8);
    if (!a) goto oom;
    *static_slot(o, o->st_viflets) = a;
    a = rt_new_array(vm, o->objarr_cls, (int32_t)DP_POOL_MAX);
    if (!a) goto oom;
    *static_slot(o, o->st_pool) = a;
    o->pool_elems = arr_elems(a);
    a = rt_new_array(vm, o->objarr_cls, 64);
    if (!a) goto oom;
    *static_slot(o, o->st_held) = a;
    o->held_elems = arr_elems(a);
    o->slots = calloc(64, sizeof *o->slots);
    if (!o->slots) return fail(err, "out of memory");
    o->cap = 64;
    for (uint32_t i = 0; i < o->cap; i++) o->slots[i].next_free = i + 1 < o->cap ? i + 1 : NO_SLOT;
    o->free_head = 0;
    return 0;
oom:
    vm->exception = NULL;
    return fail(err, "owner %s: Java heap too small for the datapath's tables", o->name);
}

int dp_root_viflet(dp_owner *o, jobject *obj, uint32_t *index) {
    vm *vm = o->vm;
    jobject *arr = *static_slot(o, o->st_viflets);
    if (o->n_viflets == (uint32_t)arr->length) {
        RT_PROTECT(vm, obj);
        jobject *n = rt_new_array(vm, o->objarr_cls, arr->length * 2);
        RT_UNPROTECT(vm, 1);
        if (!n) return -1;
        arr = *static_slot(o, o->st_viflets);
        memcpy(arr_elems(n), arr_elems(arr), (size_t)arr->length * sizeof(jobject *));
        *static_slot(o, o->st_viflets) = n;
        arr = n;
    }
    arr_elems(arr)[o->n_viflets] = obj;
    *index = o->n_viflets++;
    return 0;
}

void dp_unroot_viflet(dp_owner *o, uint32_t index) {
    jobject *arr = *static_slot(o, o->st_viflets);
    if (index < (uint32_t)arr->length) arr_elems(arr)[index] = NULL;
}

/* Make room for one more tracked packet: -1 on heap exhaustion. */
static int ensure_slot(dp_owner *o) {
    if (o->free_head != NO_SLOT) return 0;
    vm *vm = o->vm;
    uint32_t ncap = o->cap * 2;
    if (ncap > (uint32_t)INT32_MAX / 2) return -1;
    jobject *n = rt_new_array(vm, o->objarr_cls, (int32_t)ncap);
    if (!n) { vm->exception = NULL; return -1; }
    dp_slot *s = realloc(o->slots, ncap * sizeof *s);
    if (!s) return -1;
    o->slots = s;
    jobject *old = *static_slot(o, o->st_held);
    memcpy(arr_elems(n), arr_elems(old), (size_t)o->cap * sizeof(jobject *));
    *static_slot(o, o->st_held) = n;
    o->held_elems = arr_elems(n);
    for (uint32_t i = o->cap; i < ncap; i++) {
        memset(&s[i], 0, sizeof s[i]);
        s[i].next_free = i + 1 < ncap ? i + 1 : NO_SLOT;
    }
    o->free_head = o->cap;
    o->cap = ncap;
    return 0;
}

jobject *dp_jpacket_new(dp_owner *o, dp_vif *v, const dp_pkt *p) {
    vm *vm = o->vm;
    if (ensure_slot(o) != 0) return NULL;
    /* the object first: a pooled buffer then needs no protection */
    jobject *j = rt_new_object(vm, o->packet_cls);
    if (!j) { vm->exception = NULL; return NULL; }
    jobject *buf = NULL;
    if (p->caplen <= DP_POOL_BUF && o->pool_count > 0) {
        jobject **pool = o->pool_elems;
        buf = pool[--o->pool_count];
        pool[o->pool_count] = NULL;
    } else {
        RT_PROTECT(vm, j);
        buf = rt_new_array(vm, o->bytes_cls,
                           (int32_t)(p->caplen <= DP_POOL_BUF ? DP_POOL_BUF : p->caplen));
        RT_UNPROTECT(vm, 1);
        if (!buf) { vm->exception = NULL; return NULL; }
    }
    memcpy(JARRAY_DATA(buf), p->data, p->caplen);
    rt_set_ref(j, o->off_data, buf);
    set_i32(j, o->off_len, (int32_t)p->caplen);
    set_i64(j, o->off_ts, p->ts);
    uint32_t s = o->free_head;
    o->free_head = o->slots[s].next_free;
    o->slots[s] = (dp_slot){ .vif = v, .wirelen = p->wirelen, .seq = p->seq, .t_vif = p->t_vif,
                             .next_free = NO_SLOT };
    set_i32(j, o->off_slot, (int32_t)s);
    o->held_elems[s] = j;
    o->n_tracked++;
    o->given_since_audit++;
    v->held++;
    v->cnt.held_bytes += p->wirelen;
    return j;
}

/* Invalidate j (owned, in slot s), free the slot, recycle its buffer. */
static void release(dp_owner *o, jobject *j, uint32_t s) {
    jobject *buf = rt_get_ref(j, o->off_data);
    rt_set_ref(j, o->off_data, NULL);
    set_i32(j, o->off_slot, -1);
    if (buf && buf->length == (int32_t)DP_POOL_BUF && o->pool_count < DP_POOL_MAX)
        o->pool_elems[o->pool_count++] = buf;
    o->held_elems[s] = NULL;
    o->slots[s].vif->held--;
    o->slots[s].vif->cnt.held_bytes -= o->slots[s].wirelen;
    o->slots[s].vif = NULL;
    o->slots[s].next_free = o->free_head;
    o->free_head = s;
    o->n_tracked--;
}

static int copy_out(dp_owner *o, jobject *j, uint32_t s, dp_pkt *out) {
    jobject *buf = rt_get_ref(j, o->off_data);
    int32_t len = get_i32(j, o->off_len);
    if (!buf || len < 0 || len > buf->length) return -1;  /* cannot happen */
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
    memcpy(out->data, JARRAY_DATA(buf), (size_t)len);
    return 0;
}

int32_t dp_jpacket_check(dp_owner *o, dp_vif *v, jobject *j, char *why, size_t cap) {
    if (j->cls != o->packet_cls) {
        snprintf(why, cap, "dequeue() returned a %s, not a vif.Packet", j->cls->name);
        return -1;
    }
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

int32_t dp_jpacket_view(dp_owner *o, dp_vif *v, jobject *j, dp_pkt *out, char *why, size_t cap) {
    int32_t s = dp_jpacket_check(o, v, j, why, cap);
    if (s < 0) return -1;
    jobject *buf = rt_get_ref(j, o->off_data);
    int32_t len = get_i32(j, o->off_len);
    if (!buf || len < 0 || len > buf->length) {
        /* only vif.Packet writes these: cannot happen, never trusted */
        snprintf(why, cap, "dequeue() returned a corrupt packet");
        return -1;
    }
    int64_t ts;
    memcpy(&ts, (char *)j + o->off_ts, sizeof ts);
    out->data = (uint8_t *)JARRAY_DATA(buf);
    out->caplen = (uint32_t)len;
    out->wirelen = o->slots[s].wirelen;
    out->seq = o->slots[s].seq;
    out->t_vif = o->slots[s].t_vif;
    out->ts = ts;
    out->borrowed = true;
    return s;
}

void dp_jpacket_release(dp_owner *o, jobject *j, int32_t s) {
    release(o, j, (uint32_t)s);
}

int dp_jpacket_take(dp_owner *o, dp_vif *v, jobject *j, dp_pkt *out, char *why, size_t cap) {
    int32_t s = dp_jpacket_check(o, v, j, why, cap);
    if (s < 0) return -1;
    if (copy_out(o, j, (uint32_t)s, out) != 0) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    release(o, j, (uint32_t)s);
    return 0;
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
    jobject **held = o->held_elems;
    for (uint32_t s = 0; s < o->cap; s++) {
        if (o->slots[s].vif != v) continue;
        jobject *j = held[s];
        if (copy_out(o, j, s, &out[*n]) != 0) continue; /* stays held */
        (*n)++;
        release(o, j, s);
    }
    qsort(out, *n, sizeof *out, by_seq);
    return out;
}

/* ------------------------------------------------------------------ audit */

typedef struct reach {
    uintptr_t *set;      /* open addressing, 0 = empty */
    size_t cap, count;
    jobject **stack;
    size_t sp, scap;
    jobject **skip;      /* the tracking table's static slot */
    jclass *string_cls;
    bool oom;
    dp_owner *o;         /* for vif.Queue's layout */
} reach;

static size_t hash_ptr(uintptr_t p) {
    uint64_t x = (uint64_t)p >> 4;
    x *= 0x9E3779B97F4A7C15ull;
    return (size_t)(x ^ (x >> 29));
}

static bool set_has(const reach *r, jobject *o) {
    size_t m = r->cap - 1;
    for (size_t i = hash_ptr((uintptr_t)o) & m;; i = (i + 1) & m) {
        if (r->set[i] == (uintptr_t)o) return true;
        if (!r->set[i]) return false;
    }
}

/* true if newly added */
static bool set_add(reach *r, jobject *o) {
    if ((r->count + 1) * 2 > r->cap) {
        size_t ncap = r->cap * 2;
        uintptr_t *n = calloc(ncap, sizeof *n);
        if (!n) { r->oom = true; return false; }
        for (size_t i = 0; i < r->cap; i++) {
            if (!r->set[i]) continue;
            size_t k = hash_ptr(r->set[i]) & (ncap - 1);
            while (n[k]) k = (k + 1) & (ncap - 1);
            n[k] = r->set[i];
        }
        free(r->set);
        r->set = n;
        r->cap = ncap;
    }
    size_t m = r->cap - 1;
    for (size_t i = hash_ptr((uintptr_t)o) & m;; i = (i + 1) & m) {
        if (r->set[i] == (uintptr_t)o) return false;
        if (!r->set[i]) {
            r->set[i] = (uintptr_t)o;
            r->count++;
            return true;
        }
    }
}

static void mark(reach *r, jobject *o) {
    if (!o || r->oom) return;
    jclass *c = o->cls;
    /* leaves that can never lead to a packet: not recorded */
    if ((c->kind == KIND_ARRAY && c->elem_type != 'L') || c == r->string_cls) return;
    if (!set_add(r, o)) return;
    if (r->sp == r->scap) {
        size_t ns = r->scap * 2;
        jobject **n = realloc(r->stack, ns * sizeof *n);
        if (!n) { r->oom = true; return; }
        r->stack = n;
        r->scap = ns;
    }
    r->stack[r->sp++] = o;
}

/* A vif.Queue (or a subclass): Queue.dequeue does not clear the slot it
 * empties (that store costs more than the rest of the call), so its ring
 * holds packets it no longer holds.  What the Queue holds is the live part
 * of the ring, slots head .. head+count-1 (mod length): only those are
 * traced, with every other reference field; the array itself is private
 * to the Queue and leads nowhere else. */
static bool is_queue(const dp_owner *o, const jclass *c) {
    for (; c; c = c->super)
        if (c == o->queue_cls) return true;
    return false;
}

static void mark_queue(reach *r, jobject *q) {
    const dp_owner *o = r->o;
    jclass *c = q->cls;
    for (uint32_t i = 0; i < c->n_ref_offsets; i++)
        if (c->ref_offsets[i] != o->off_q_items) mark(r, rt_get_ref(q, c->ref_offsets[i]));
    jobject *items = rt_get_ref(q, o->off_q_items);
    if (!items) return;
    int32_t head = get_i32(q, o->off_q_head), count = get_i32(q, o->off_q_count);
    int32_t n = items->length;
    if (head < 0 || head >= n || count < 0 || count > n) {
        /* not as Queue's code leaves it (cannot happen): all of it */
        mark(r, items);
        return;
    }
    jobject **e = arr_elems(items);
    for (int32_t i = 0, j = head; i < count; i++, j = j + 1 == n ? 0 : j + 1) mark(r, e[j]);
}

static void visit_root(void *ctx, jobject **slot) {
    reach *r = ctx;
    if (slot != r->skip) mark(r, *slot);
}

void dp_audit(dp_owner *o) {
    vm *vm = o->vm;
    if (!vm || !o->n_tracked) {
        o->live_after_audit = 0;
        o->given_since_audit = 0;
        return;
    }
    reach r = { .cap = 1024, .scap = 256, .skip = static_slot(o, o->st_held),
                .string_cls = vm->wk.string, .o = o };
    r.set = calloc(r.cap, sizeof *r.set);
    r.stack = malloc(r.scap * sizeof *r.stack);
    if (!r.set || !r.stack) goto out;
    rt_visit_runtime_roots(vm, visit_root, &r);
    for (uint32_t i = 0; i < vm->handle_count; i++) mark(&r, *vm->handles[i]);
    mark(&r, vm->exception);
    while (r.sp > 0 && !r.oom) {
        jobject *x = r.stack[--r.sp];
        jclass *c = x->cls;
        if (c->kind == KIND_ARRAY) {
            jobject **e = arr_elems(x);
            for (int32_t i = 0; i < x->length; i++) mark(&r, e[i]);
        } else if (is_queue(o, c)) {
            mark_queue(&r, x);
        } else {
            for (uint32_t i = 0; i < c->n_ref_offsets; i++)
                mark(&r, rt_get_ref(x, c->ref_offsets[i]));
        }
    }
    if (r.oom) goto out;
    o->audits++;
    jobject **held = o->held_elems;
    for (uint32_t s = 0; s < o->cap; s++) {
        dp_vif *v = o->slots[s].vif;
        if (!v || set_has(&r, held[s])) continue;
        v->st.drop_handler++;
        release(o, held[s], s);
    }
    o->live_after_audit = o->n_tracked;
    o->given_since_audit = 0;
out:
    free(r.set);
    free(r.stack);
}
