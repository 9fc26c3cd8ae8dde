/* gc_mark.c - the mark phase: exact root scanning (Java frames through
 * stack maps, native frames through their descriptors, native handles,
 * the pending exception, the preallocated OutOfMemoryError, runtime
 * roots) and tracing with an explicit mark stack that degrades to heap
 * rescans when it cannot grow.  See heap.c for the overall design. */
#include "heap_internal.h"
#include "stackmap.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../runtime/roots.h"

/* ---- heap lookup (valid during a collection: arrays sorted) ------------ */

jobject *heap_lookup(const struct heap *h, const void *p) {
    uintptr_t a = (uintptr_t)p;
    if (!p || (a & 7u)) return NULL;
    /* last chunk whose base is <= p */
    size_t lo = 0, hi = h->n_chunks;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)h->chunks[mid] <= a) lo = mid + 1;
        else hi = mid;
    }
    if (lo > 0) {
        const heap_chunk *c = h->chunks[lo - 1];
        if (a >= (uintptr_t)c->start && a < (uintptr_t)c->top) {
            if ((a - (uintptr_t)c->start) % c->cell) return NULL;
            jobject *o = (jobject *)p;
            return (o->gc & GC_ALLOC) ? o : NULL;
        }
    }
    lo = 0;
    hi = h->n_large;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uintptr_t m = (uintptr_t)h->large[mid];
        if (m == a) return h->large[mid];
        if (m < a) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

/* ---- debug checks -------------------------------------------------------- */

#if HEAP_VERIFY
__attribute__((noinline, cold))
static void bad_ref(vm *vm, const void *p, const char *fmt, ...) {
    char buf[384], where[256];
    va_list ap;
    va_start(ap, fmt);
    vm_vsnprintf(where, sizeof where, fmt, ap);
    va_end(ap);
    size_t n = vm_snprintf(buf, sizeof buf,
                           "vifvm internal error: GC found %p, not a heap object, in %s\n",
                           p, where);
    if (n >= sizeof buf) n = sizeof buf - 1;
    if (vm->plat->write) vm->plat->write(vm->plat->ud, 2, buf, n);
    __builtin_trap();
}
#define CHECK_REF(vm, h, p, ...) \
    do { if ((p) && !heap_lookup((h), (p))) bad_ref((vm), (p), __VA_ARGS__); } while (0)
#else
#define CHECK_REF(vm, h, p, ...) ((void)0)
#endif

/* ---- the mark stack --------------------------------------------------- */

/* An object without a class yet (a runtime bootstrap corner) is a leaf. */
static inline bool has_refs(const jclass *c) {
    if (!c) return false;
    return c->kind == KIND_ARRAY ? c->elem_type == 'L' : c->n_ref_offsets != 0;
}

static void push_slow(struct heap *h, jobject *o) {
    size_t ncap = h->mcap * 2u, nb;
    jobject **n = NULL;
    if (vm_size_mul(ncap, sizeof(jobject *), &nb))
        n = h->plat->realloc(h->plat->ud, h->mstack, h->mcap * sizeof(jobject *), nb);
    if (!n) {
        /* o stays marked but untraced; the rescan will find it. */
        h->moverflow = true;
        return;
    }
    h->mstack = n;
    h->mcap = ncap;
    h->mstack[h->mtop++] = o;
}

/* Mark o (non-NULL) and queue it for tracing if it holds references. */
static inline void mark(struct heap *h, jobject *o) {
    if (o->gc & GC_MARK) return;
    o->gc |= GC_MARK;
    if (!has_refs(o->cls)) return;
    if (__builtin_expect(h->mtop < h->mcap, 1)) h->mstack[h->mtop++] = o;
    else push_slow(h, o);
}

static bool trace_ring(struct heap *h, jobject *o);

static void trace(vm *vm, struct heap *h, jobject *o) {
    const jclass *c = o->cls;
    (void)vm;
    if (__builtin_expect(h->reach != NULL, 0) && trace_ring(h, o)) return;
    if (c->kind == KIND_ARRAY) {
        jobject **e = (jobject **)JARRAY_DATA(o);
        for (int32_t i = 0; i < o->length; i++) {
            jobject *r = e[i];
            if (!r) continue;
            CHECK_REF(vm, h, r, "element %d of %s array %p", (int)i, c->name, (void *)o);
            mark(h, r);
        }
        return;
    }
    const uint32_t *off = c->ref_offsets;
    for (uint32_t i = 0; i < c->n_ref_offsets; i++) {
        jobject *r = *(jobject **)((uint8_t *)o + off[i]);
        if (!r) continue;
        CHECK_REF(vm, h, r, "field at offset %u of %s object %p", (unsigned)off[i],
                  c->name, (void *)o);
        mark(h, r);
    }
}

static void drain(vm *vm, struct heap *h) {
    while (h->mtop) trace(vm, h, h->mstack[--h->mtop]);
}

/* After a mark-stack overflow: trace every marked object again (children
 * already marked are skipped) until no push is lost. */
static void rescan(vm *vm, struct heap *h) {
    while (h->moverflow) {
        h->moverflow = false;
        for (size_t i = 0; i < h->n_chunks; i++) {
            const heap_chunk *c = h->chunks[i];
            for (uint8_t *p = c->start; p < c->top; p += c->cell) {
                jobject *o = (jobject *)p;
                if ((o->gc & (GC_ALLOC | GC_MARK)) != (GC_ALLOC | GC_MARK)) continue;
                if (!has_refs(o->cls)) continue;
                trace(vm, h, o);
                drain(vm, h);
            }
        }
        for (size_t i = 0; i < h->n_large; i++) {
            jobject *o = h->large[i];
            if ((o->gc & GC_MARK) && has_refs(o->cls)) {
                trace(vm, h, o);
                drain(vm, h);
            }
        }
    }
}

/* ---- roots ---------------------------------------------------------------- */

typedef struct root_ctx {
    vm *vm;
    struct heap *h;
} root_ctx;

static bool is_weak_slot(const struct heap *h, jobject **slot);

static void visit_runtime_root(void *ctx, jobject **slot) {
    root_ctx *rc = ctx;
    jobject *o = slot ? *slot : NULL;
    if (!o) return;
    if (__builtin_expect(rc->h->reach != NULL, 0) && is_weak_slot(rc->h, slot)) return;
    CHECK_REF(rc->vm, rc->h, o, "runtime root slot %p", (void *)slot);
    mark(rc->h, o);
}

/* No stack map available (should not happen for code that runs): treat any
 * slot that holds exactly the address of a live object as a reference.
 * Safe because objects never move. */
static void scan_conservative(struct heap *h, const jvalue *v, size_t n) {
    for (size_t i = 0; i < n; i++) {
        jobject *o = heap_lookup(h, v[i].l);
        if (o) mark(h, o);
    }
}

static void scan_native_frame(vm *vm, struct heap *h, uint32_t fi, const jframe *f) {
    const jmethod *m = f->method;
    uint32_t slot = 0, n = m->arg_slots;
    (void)vm; (void)fi;
    if (!(m->access & ACC_STATIC)) {
        if (n > 0 && f->locals[0].l) {
            CHECK_REF(vm, h, f->locals[0].l, "native frame %u (%s) this", (unsigned)fi, m->name);
            mark(h, f->locals[0].l);
        }
        slot = 1;
    }
    const char *d = m->desc;
    if (!d || *d != '(') return;
    d++;
    while (*d && *d != ')' && slot < n) {
        bool ref = false;
        uint32_t width = 1;
        if (*d == 'J' || *d == 'D') {
            width = 2;
            d++;
        } else if (*d == 'L' || *d == '[') {
            ref = true;
            while (*d == '[') d++;
            if (*d == 'L') {
                while (*d && *d != ';') d++;
                if (*d) d++;
            } else if (*d) {
                d++;
            }
        } else {
            d++;
        }
        if (ref && f->locals[slot].l) {
            CHECK_REF(vm, h, f->locals[slot].l, "native frame %u (%s) argument slot %u",
                      (unsigned)fi, m->name, (unsigned)slot);
            mark(h, f->locals[slot].l);
        }
        slot += width;
    }
}

static void scan_frame(vm *vm, struct heap *h, uint32_t fi, const jframe *f) {
    jmethod *m = f->method;
    if (!m) return;
    if (f->flags & FRAME_NATIVE) {
        scan_native_frame(vm, h, fi, f);
        return;
    }
    size_t depth = f->sp > f->stack ? (size_t)(f->sp - f->stack) : 0;
    stackmap_view v;
    if (!m->code || stackmap_at(vm, m, f->pc, &v) != VM_OK) {
        h->conservative_frames++;
        scan_conservative(h, f->locals, m->max_locals);
        if (depth > m->max_stack) depth = m->max_stack;
        scan_conservative(h, f->stack, depth);
        return;
    }
    for (uint32_t i = 0; i < v.n_locals; i++) {
        if (!v.is_ref[i]) continue;
        jobject *o = f->locals[i].l;
        if (!o) continue;
        CHECK_REF(vm, h, o, "frame %u (%s.%s%s pc %u) local %u", (unsigned)fi,
                  m->owner ? m->owner->name : "?", m->name, m->desc, (unsigned)f->pc,
                  (unsigned)i);
        mark(h, o);
    }
    if (depth > v.stack_depth) depth = v.stack_depth;
    const uint8_t *sref = v.is_ref + v.n_locals;
    for (size_t i = 0; i < depth; i++) {
        if (!sref[i]) continue;
        jobject *o = f->stack[i].l;
        if (!o) continue;
        CHECK_REF(vm, h, o, "frame %u (%s.%s%s pc %u) stack slot %u", (unsigned)fi,
                  m->owner ? m->owner->name : "?", m->name, m->desc, (unsigned)f->pc,
                  (unsigned)i);
        mark(h, o);
    }
}

void gc_mark_all(vm *vm, struct heap *h) {
    h->mtop = 0;
    h->moverflow = false;
    for (uint32_t i = 0; i < vm->frame_count; i++) {
        scan_frame(vm, h, i, &vm->frames[i]);
        drain(vm, h);
    }
    for (uint32_t i = 0; i < vm->handle_count; i++) {
        jobject **slot = vm->handles[i];
        jobject *o = slot ? *slot : NULL;
        if (!o) continue;
        CHECK_REF(vm, h, o, "native handle %u", (unsigned)i);
        mark(h, o);
    }
    if (vm->exception) {
        CHECK_REF(vm, h, vm->exception, "vm->exception");
        mark(h, vm->exception);
    }
    if (vm->oom_error) {
        CHECK_REF(vm, h, vm->oom_error, "vm->oom_error");
        mark(h, vm->oom_error);
    }
    drain(vm, h);
    root_ctx rc = { vm, h };
    rt_visit_runtime_roots(vm, visit_runtime_root, &rc);
    drain(vm, h);
    rescan(vm, h);
}

/* ---- reachability queries (vm_gc_reachable, include/vifvm.h) ------------ */

/* A host's question "which of these objects are reachable?" is answered by
 * this mark phase itself, from the same roots, with two host rules
 * (vm_reach_opts): static slots that do not count as roots (a tracking
 * table), and ring buffers traced only over their live slots.  The marks
 * are then read and cleared; nothing is swept. */

static bool is_weak_slot(const struct heap *h, jobject **slot) {
    const struct vm_reach_opts *r = h->reach;
    for (uint32_t i = 0; i < r->n_weak_statics; i++) {
        const jfield *f = r->weak_statics[i];
        if ((jobject **)(void *)(f->owner->statics + f->offset) == slot) return true;
    }
    return false;
}

static bool is_ring(const struct heap *h, const jclass *c) {
    const jclass *rc = h->reach->ring_class;
    if (!rc || c->kind != KIND_INSTANCE) return false;
    for (; c; c = c->super)
        if (c == rc) return true;
    return false;
}

/* An object of the ring class: every reference field but the ring, then
 * the ring's live slots head .. head+count-1 (mod length).  false: not a
 * ring object (trace it as usual). */
static bool trace_ring(struct heap *h, jobject *o) {
    const jclass *c = o->cls;
    if (!is_ring(h, c)) return false;
    for (uint32_t i = 0; i < c->n_ref_offsets; i++) {
        if (c->ref_offsets[i] == h->ring_items_off) continue;
        jobject *r = *(jobject **)((uint8_t *)o + c->ref_offsets[i]);
        if (r) mark(h, r);
    }
    jobject *items = *(jobject **)((uint8_t *)o + h->ring_items_off);
    if (!items) return true;
    int32_t head, count, n = items->length;
    __builtin_memcpy(&head, (uint8_t *)o + h->ring_head_off, sizeof head);
    __builtin_memcpy(&count, (uint8_t *)o + h->ring_count_off, sizeof count);
    if (items->cls->kind != KIND_ARRAY || items->cls->elem_type != 'L' || head < 0 ||
        head >= n || count < 0 || count > n) {
        mark(h, items);            /* not as the ring's code leaves it: all of it */
        return true;
    }
    /* the array is marked (it is live) but its elements are not traced
     * through it: only the live slots below */
    items->gc |= GC_MARK;
    jobject **e = (jobject **)JARRAY_DATA(items);
    for (int32_t i = 0, j = head; i < count; i++, j = j + 1 == n ? 0 : j + 1)
        if (e[j]) mark(h, e[j]);
    return true;
}

static void clear_marks(struct heap *h) {
    for (size_t i = 0; i < h->n_chunks; i++) {
        const heap_chunk *c = h->chunks[i];
        for (uint8_t *p = c->start; p < c->top; p += c->cell) ((jobject *)p)->gc &= ~GC_MARK;
    }
    for (size_t i = 0; i < h->n_large; i++) h->large[i]->gc &= ~GC_MARK;
}

static bool reach_opts_ok(const vm_reach_opts *o) {
    for (uint32_t i = 0; i < o->n_weak_statics; i++) {
        const jfield *f = o->weak_statics[i];
        if (!f || !(f->access & ACC_STATIC) || (f->type != 'L' && f->type != '[') ||
            !f->owner->statics)
            return false;
    }
    if (!o->ring_class) return true;
    const jfield *it = o->ring_items, *hd = o->ring_head, *ct = o->ring_count;
    return it && hd && ct && !(it->access & ACC_STATIC) && !(hd->access & ACC_STATIC) &&
           !(ct->access & ACC_STATIC) && it->type == '[' && hd->type == 'I' && ct->type == 'I';
}

vm_status vm_gc_reachable(vm *vm, const vm_reach_opts *opts, vm_object *const *objs,
                          size_t n, bool *reachable) {
    static const vm_reach_opts none = { 0 };
    struct heap *h = vm->heap;
    if (!opts) opts = &none;
    for (size_t i = 0; i < n; i++) reachable[i] = true;
    if (!h || h->in_gc || !reach_opts_ok(opts)) return VM_ERR_ARG;
    h->in_gc = true;
    h->reach = opts;
    if (opts->ring_class) {
        h->ring_items_off = opts->ring_items->offset;
        h->ring_head_off = opts->ring_head->offset;
        h->ring_count_off = opts->ring_count->offset;
    }
    heap_prepare(h);
    gc_mark_all(vm, h);
    for (size_t i = 0; i < n; i++) reachable[i] = objs[i] && (objs[i]->gc & GC_MARK);
    clear_marks(h);
    h->reach = NULL;
    h->in_gc = false;
    return VM_OK;
}
