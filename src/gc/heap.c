/* heap.c - the Java heap of one VM instance: allocation, the collection
 * driver and sweeping.  Root scanning and marking are in gc_mark.c, stack
 * maps in stackmap.c.
 *
 * Design
 * ------
 * Non-moving, precise mark-sweep.  Objects never move, so raw jobject*
 * held by C natives (RT_PROTECT), by the interpreter's locals and by
 * JIT-compiled code in registers stay valid across a collection without
 * any fix-up; the mutator needs no read or write barriers (no generations,
 * no incremental marking), and the identity hash can be derived from the
 * address.  The price is fragmentation, bounded by segregated size classes.
 *
 * Allocation.  Objects up to HEAP_SMALL_MAX bytes are rounded up to one of
 * 63 size classes (8-byte steps up to 128, then 8 classes per power of
 * two).  Each class owns whole chunks (256 KiB, smaller for small quotas)
 * of equal cells; it allocates from a free list rebuilt by the last sweep,
 * else by bumping through the newest chunk, else takes a new chunk.  The
 * fast path is a compare against the budget, a pop or bump, and zeroing.
 * Larger objects get their own platform allocation.  All memory comes from
 * vm->plat->realloc; there are no globals, so any number of heaps coexist.
 *
 * Quota and pacing.  `used` counts bytes of allocated cells (live plus
 * garbage not yet swept) and never exceeds limits.heap_max: an allocation
 * that would pass it collects first and fails (NULL; rt_new_* raise
 * OutOfMemoryError) if it still does not fit.  A collection also starts
 * once max(1 MiB, quota/64, live-after-last-GC) bytes were allocated since
 * the last one, so GC work stays proportional to allocation (and at most
 * 1/64 of a large quota is garbage waiting; interned strings are left out
 * of both: heap_perm_begin, heap.h).
 *
 * Collection.  Marking uses an explicit mark stack (no C recursion: long
 * linked lists are fine on a 16 KiB kernel stack); if the stack cannot
 * grow, marked objects are left untraced, an overflow flag is set and the
 * heap is rescanned for marked objects until no overflow remains.  Roots
 * are exact: each interpreter frame's locals and operand slots that the
 * stack map (stackmap.c: a data-flow pass over the method's bytecode) marks
 * as references at the frame's saved pc; native frames' reference
 * arguments; native handles; the pending exception and the preallocated
 * OutOfMemoryError; and whatever rt_visit_runtime_roots reports (statics,
 * mirrors, interned strings).  Sweeping walks every chunk, rebuilds the
 * free lists in address order, and returns empty chunks to the platform
 * (keeping a few for the next cycle); unmarked large objects are freed.
 * Classes are native metadata, never collected.
 *
 * The JIT (src/jit) cooperates through the same stack maps: compiled
 * code reaches GC only at safepoints (allocations, calls, throwing
 * instructions) where it has spilled Java locals and operands to the frame
 * exactly as the interpreter keeps them, with the frame's pc set to the
 * bytecode offset of the safepoint; the collector then scans its frame as
 * an interpreter frame.  Because objects do not move, no pointer in JIT
 * registers needs updating.
 *
 * Debug and sanitizer builds check every scanned reference against the
 * heap (heap_lookup) and stop with a clear message naming the root; ASan
 * builds also poison free cells so a stale reference faults at once.
 */
#include "heap_internal.h"
#include "stackmap.h"
#include "../core/mem.h"
#include "../runtime/exceptions.h"
#include "../runtime/limits.h"

#if defined(__SANITIZE_ADDRESS__)
#define HEAP_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HEAP_ASAN 1
#endif
#endif

#ifdef HEAP_ASAN
void __asan_poison_memory_region(void const volatile *addr, size_t size);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#define POISON(p, n)   __asan_poison_memory_region((p), (n))
#define UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define POISON(p, n)   ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define CHUNK_HDR_BYTES ((sizeof(heap_chunk) + 15u) & ~(size_t)15u)
#define LARGE_HDR_BYTES sizeof(heap_large_hdr)
#define MAX_POOLED_CHUNKS 64u

/* ---- size classes --------------------------------------------------- */

static inline uint32_t size_class_of(size_t size) {
    size_t s = (size + 7u) & ~(size_t)7u;
    if (s <= 128u) return (uint32_t)(s / 8u - 2u);
    size_t x = s - 1u;
    uint32_t p = 63u - (uint32_t)__builtin_clzll((unsigned long long)x);
    uint32_t idx = (uint32_t)(x >> (p - 3u)) - 8u;
    return 15u + (p - 7u) * 8u + idx;
}

static uint32_t class_cell_size(uint32_t c) {
    if (c < 15u) return (c + 2u) * 8u;
    uint32_t p = 7u + (c - 15u) / 8u, idx = (c - 15u) % 8u;
    return (1u << p) + (idx + 1u) * (1u << (p - 3u));
}

/* ---- chunks ----------------------------------------------------------- */

static void chunk_release(struct heap *h, heap_chunk *c) {
    UNPOISON(c, h->chunk_bytes);
    h->plat->realloc(h->plat->ud, c, h->chunk_bytes, 0);
}

/* Set up chunk memory `c` for size class ci and make it the bump chunk. */
static void chunk_init(struct heap *h, heap_chunk *c, uint32_t ci) {
    heap_size_class *sc = &h->sc[ci];
    uint8_t *base = (uint8_t *)c;
    size_t ncells = (h->chunk_bytes - CHUNK_HDR_BYTES) / sc->cell;
    c->start = base + CHUNK_HDR_BYTES;
    c->top = c->start;
    c->end = c->start + ncells * sc->cell;
    c->cell = sc->cell;
    c->cls_idx = ci;
    c->live = 0;
    c->next_free = NULL;
    POISON(c->start, h->chunk_bytes - CHUNK_HDR_BYTES);
    if (sc->bump_chunk) sc->bump_chunk->top = sc->bump;
    sc->bump_chunk = c;
    sc->bump = c->start;
    sc->bump_end = c->end;
}

/* A new chunk for class ci (from the pool or the platform).  false if the
 * platform has no memory. */
static bool chunk_add(struct heap *h, uint32_t ci) {
    if (h->n_chunks == h->cap_chunks) {
        size_t ncap = h->cap_chunks ? h->cap_chunks * 2u : 16u, nbytes;
        if (!vm_size_mul(ncap, sizeof(heap_chunk *), &nbytes)) return false;
        heap_chunk **n = vm_realloc(h->plat, h->chunks,
                                    h->cap_chunks * sizeof(heap_chunk *), nbytes);
        if (!n) return false;
        h->chunks = n;
        h->cap_chunks = ncap;
    }
    heap_chunk *c = h->pool;
    if (c) {
        h->pool = c->next_free;
        h->n_pool--;
    } else {
        c = h->plat->realloc(h->plat->ud, NULL, 0, h->chunk_bytes);
        if (!c) return false;
    }
    chunk_init(h, c, ci);
    h->chunks[h->n_chunks++] = c;
    h->sorted = false;
    return true;
}

/* ---- creation and teardown ------------------------------------------- */

vm_status heap_create(vm *vm, size_t max_bytes, struct heap **out) {
    *out = NULL;
    if (!vm || !vm->plat || max_bytes < HEAP_SMALL_MAX) return VM_ERR_ARG;
    struct heap *h = vm_zalloc(vm->plat, sizeof *h);
    if (!h) return VM_ERR_NOMEM;
    h->plat = vm->plat;
    h->max_bytes = max_bytes;
    /* 256 KiB chunks, smaller for small quotas (many small VMs per
     * process, kernel allocations): about quota/256, at least 32 KiB. */
    h->chunk_bytes = HEAP_CHUNK_BYTES;
    while (h->chunk_bytes > 32u * 1024u && h->chunk_bytes > max_bytes / 256u)
        h->chunk_bytes /= 2u;
    for (uint32_t i = 0; i < HEAP_NUM_CLASSES; i++)
        h->sc[i].cell = class_cell_size(i);
    h->limit = max_bytes / HEAP_QUOTA_SHARE > HEAP_MIN_THRESHOLD ? max_bytes / HEAP_QUOTA_SHARE
                                                                 : HEAP_MIN_THRESHOLD;
    if (h->limit > max_bytes) h->limit = max_bytes;
    h->mcap = 1024;
    h->mstack = vm_zalloc(h->plat, h->mcap * sizeof(jobject *));
    if (!h->mstack) {
        vm_free(h->plat, h, sizeof *h);
        return VM_ERR_NOMEM;
    }
    *out = h;
    return VM_OK;
}

void heap_destroy(vm *vm, struct heap *h) {
    (void)vm;
    if (!h) return;
    for (size_t i = 0; i < h->n_chunks; i++) chunk_release(h, h->chunks[i]);
    while (h->pool) {
        heap_chunk *c = h->pool;
        h->pool = c->next_free;
        chunk_release(h, c);
    }
    for (size_t i = 0; i < h->n_large; i++) {
        heap_large_hdr *l = (heap_large_hdr *)((uint8_t *)h->large[i] - LARGE_HDR_BYTES);
        h->plat->realloc(h->plat->ud, l, l->bytes, 0);
    }
    vm_free(h->plat, h->chunks, h->cap_chunks * sizeof(heap_chunk *));
    vm_free(h->plat, h->large, h->cap_large * sizeof(jobject *));
    vm_free(h->plat, h->mstack, h->mcap * sizeof(jobject *));
    vm_free(h->plat, h, sizeof *h);
}

size_t heap_used(const struct heap *h) { return h ? h->used : 0; }
bool heap_gauge(const struct heap *h, const size_t **used, const size_t **max) {
    if (!h) return false;
    *used = &h->used;
    *max = &h->max_bytes;
    return true;
}

bool heap_roomy(const struct heap *h) {
    return h && h->used <= h->max_bytes - h->max_bytes / 4;
}

void heap_update_stats(vm *vm) {
    struct heap *h = vm->heap;
    if (!h) return;
    if (h->used > h->peak) h->peak = h->used;
    vm->stats.heap_used = h->used;
    vm->stats.heap_peak = h->peak;
}

size_t heap_chunk_count(const struct heap *h) { return h ? h->n_chunks : 0; }

/* ---- allocation ------------------------------------------------------- */

static inline jobject *init_obj(jclass *cls, void *p, size_t size, uint32_t gcbits) {
    size_t z = (size + 7u) & ~(size_t)7u;
    UNPOISON(p, z);
    if (z <= 128u) {
        /* small objects: word stores beat a memset call */
        uint64_t *w = p;
        for (size_t i = 0; i < z / 8u; i++) w[i] = 0;
    } else {
        __builtin_memset(p, 0, z);
    }
    jobject *o = p;
    o->cls = cls;
    o->gc = gcbits;
    return o;
}

static inline void *small_take(heap_size_class *sc) {
    void *p = sc->free;
    if (p) {
        void *next = *(void **)p;
        sc->free = next;
        /* the next cell of this class, for the next allocation: a cell
         * comes back from a sweep cold, and a program allocating per
         * packet would wait on it every time */
        __builtin_prefetch(next, 1);
        return p;
    }
    if (sc->bump < sc->bump_end) {
        p = sc->bump;
        sc->bump += sc->cell;
        __builtin_prefetch(sc->bump, 1);
        return p;
    }
    return NULL;
}

__attribute__((noinline))
static jobject *alloc_small_slow(vm *vm, struct heap *h, jclass *cls,
                                 size_t size, uint32_t ci) {
    heap_size_class *sc = &h->sc[ci];
    bool collected = false;
    for (;;) {
        if (h->used + sc->cell > h->limit) {
            if (!collected && !h->in_gc) {
                gc_collect(vm);
                collected = true;
                continue;
            }
            if (h->used + sc->cell > h->max_bytes) return NULL;
        }
        void *p = small_take(sc);
        if (!p) {
            if (!chunk_add(h, ci)) {
                if (!collected && !h->in_gc) {
                    gc_collect(vm);
                    collected = true;
                    continue;
                }
                return NULL;
            }
            p = small_take(sc);
        }
        h->used += sc->cell;
        return init_obj(cls, p, size, GC_ALLOC | (ci << GC_CLASS_SHIFT));
    }
}

__attribute__((noinline))
static jobject *alloc_large(vm *vm, struct heap *h, jclass *cls, size_t size) {
    size_t bytes;
    if (size > h->max_bytes || !vm_size_add(size, LARGE_HDR_BYTES + 15u, &bytes))
        return NULL;
    bytes &= ~(size_t)15u;
    bool collected = false;
    if (h->used + bytes > h->limit && !h->in_gc) {
        gc_collect(vm);
        collected = true;
    }
    if (h->used + bytes > h->max_bytes) return NULL;
    if (h->n_large == h->cap_large) {
        size_t ncap = h->cap_large ? h->cap_large * 2u : 16u, nb;
        if (!vm_size_mul(ncap, sizeof(jobject *), &nb)) return NULL;
        jobject **n = vm_realloc(h->plat, h->large, h->cap_large * sizeof(jobject *), nb);
        if (!n) return NULL;
        h->large = n;
        h->cap_large = ncap;
    }
    /* zeroed by the platform when it can (calloc): a fresh mapping's pages
     * are then zero without being touched, so a huge array costs nothing
     * until it is used - zeroing gigabytes in one memset would hold up
     * the caller (the datapath: every VIF) for seconds, between two ticks */
    void *(*za)(void *, size_t) = h->plat->zalloc;
    heap_large_hdr *l = za ? za(h->plat->ud, bytes) : h->plat->realloc(h->plat->ud, NULL, 0, bytes);
    if (!l && !collected && !h->in_gc) {
        gc_collect(vm);
        if (h->used + bytes > h->max_bytes) return NULL;
        l = za ? za(h->plat->ud, bytes) : h->plat->realloc(h->plat->ud, NULL, 0, bytes);
    }
    if (!l) return NULL;
    if (!h->in_perm) rt_budget_charge(vm, bytes >> VM_BUDGET_ALLOC_SHIFT); /* limits.h */
    l->bytes = bytes;
    l->pad_ = 0;
    jobject *o;
    if (za) {
        o = (jobject *)((uint8_t *)l + LARGE_HDR_BYTES);
        UNPOISON(o, (size + 7u) & ~(size_t)7u);
        o->cls = cls;
        o->gc = GC_ALLOC | GC_LARGE;
    } else {
        o = init_obj(cls, (uint8_t *)l + LARGE_HDR_BYTES, size, GC_ALLOC | GC_LARGE);
    }
    h->large[h->n_large++] = o;
    h->sorted = false;
    h->used += bytes;
    return o;
}

/* heap_alloc's body, inlined into rt_new_object too (the datapath
 * allocates a Packet per packet and stage). */
static inline __attribute__((always_inline))
jobject *heap_alloc_inline(vm *vm, jclass *cls, size_t size) {
    struct heap *h = vm->heap;
    if (size < JOBJ_HEADER_SIZE) size = JOBJ_HEADER_SIZE;
    if (__builtin_expect(size <= HEAP_SMALL_MAX, 1)) {
        uint32_t ci = size_class_of(size);
        heap_size_class *sc = &h->sc[ci];
        if (__builtin_expect(h->used + sc->cell <= h->limit, 1)) {
            void *p = small_take(sc);
            if (__builtin_expect(p != NULL, 1)) {
                h->used += sc->cell;
                return init_obj(cls, p, size, GC_ALLOC | (ci << GC_CLASS_SHIFT));
            }
        }
        return alloc_small_slow(vm, h, cls, size, ci);
    }
    return alloc_large(vm, h, cls, size);
}

jobject *heap_alloc(vm *vm, jclass *cls, size_t size) {
    return heap_alloc_inline(vm, cls, size);
}

bool heap_inline_alloc_info(struct heap *h, size_t size, heap_inline_alloc *out) {
#ifdef HEAP_ASAN
    (void)h; (void)size; (void)out;
    return false;
#else
    if (!h || size > 128u) return false;
    if (size < JOBJ_HEADER_SIZE) size = JOBJ_HEADER_SIZE;
    uint32_t ci = size_class_of(size);
    heap_size_class *sc = &h->sc[ci];
    out->used = &h->used;
    out->limit = &h->limit;
    out->free = &sc->free;
    out->bump = &sc->bump;
    out->bump_end = &sc->bump_end;
    out->cell = sc->cell;
    out->gcbits = GC_ALLOC | (ci << GC_CLASS_SHIFT);
    return true;
#endif
}

jobject *rt_new_object(vm *vm, jclass *cls) {
    jobject *o = heap_alloc_inline(vm, cls, cls->instance_size);
    if (!o) rt_throw_oom(vm);
    return o;
}

jobject *rt_new_array(vm *vm, jclass *array_cls, int32_t length) {
    if (length < 0) {
        rt_throw(vm, "java/lang/NegativeArraySizeException", "%d", (int)length);
        return NULL;
    }
    size_t data, size;
    if (!vm_size_mul((size_t)(uint32_t)length, array_cls->elem_size, &data) ||
        !vm_size_add(data, JOBJ_HEADER_SIZE, &size)) {
        rt_throw_oom(vm);
        return NULL;
    }
    jobject *o = heap_alloc(vm, array_cls, size);
    if (!o) {
        rt_throw_oom(vm);
        return NULL;
    }
    o->length = length;
    return o;
}

/* ---- collection -------------------------------------------------------- */

/* In-place heapsort of pointers by address (no recursion, no libc). */
static void sort_ptrs(void **a, size_t n) {
    if (n < 2) return;
    for (size_t start = n / 2; start-- > 0;) {
        size_t root = start;
        for (;;) {
            size_t child = 2 * root + 1;
            if (child >= n) break;
            if (child + 1 < n && (uintptr_t)a[child] < (uintptr_t)a[child + 1]) child++;
            if ((uintptr_t)a[root] >= (uintptr_t)a[child]) break;
            void *t = a[root]; a[root] = a[child]; a[child] = t;
            root = child;
        }
    }
    for (size_t end = n - 1; end > 0; end--) {
        void *t = a[0]; a[0] = a[end]; a[end] = t;
        size_t root = 0;
        for (;;) {
            size_t child = 2 * root + 1;
            if (child >= end) break;
            if (child + 1 < end && (uintptr_t)a[child] < (uintptr_t)a[child + 1]) child++;
            if ((uintptr_t)a[root] >= (uintptr_t)a[child]) break;
            t = a[root]; a[root] = a[child]; a[child] = t;
            root = child;
        }
    }
}

void heap_prepare(struct heap *h) {
    for (uint32_t i = 0; i < HEAP_NUM_CLASSES; i++) {
        heap_size_class *sc = &h->sc[i];
        if (sc->bump_chunk) sc->bump_chunk->top = sc->bump;
    }
    if (!h->sorted) {
        sort_ptrs((void **)h->chunks, h->n_chunks);
        sort_ptrs((void **)h->large, h->n_large);
        h->sorted = true;
    }
}

/* Sweep one chunk: free unmarked cells, push every free cell on the class's
 * free list (highest address first, so the list runs in address order).
 * Returns the number of live cells. */
static uint32_t sweep_chunk(struct heap *h, heap_chunk *c, size_t *freed) {
    heap_size_class *sc = &h->sc[c->cls_idx];
    size_t cell = c->cell, n = (size_t)(c->top - c->start) / cell;
    void *head = sc->free, *saved = head;
    uint32_t live = 0;
    size_t dead = 0;
    for (size_t i = n; i-- > 0;) {
        uint8_t *p = c->start + i * cell;
        jobject *o = (jobject *)p;
        if (o->gc & GC_ALLOC) {
            if (o->gc & GC_MARK) {
                o->gc &= ~GC_MARK;
                live++;
                continue;
            }
            dead++;
            o->gc = 0;
            o->length = 0;
            POISON(p + JOBJ_HEADER_SIZE, cell - JOBJ_HEADER_SIZE);
        }
        *(void **)p = head;
        head = p;
    }
    *freed += dead * cell;
    sc->free = live ? head : saved;
    return live;
}

static void sweep(struct heap *h) {
    size_t freed = 0;
    for (uint32_t i = 0; i < HEAP_NUM_CLASSES; i++) h->sc[i].free = NULL;
    for (size_t i = h->n_chunks; i-- > 0;) {
        heap_chunk *c = h->chunks[i];
        c->live = sweep_chunk(h, c, &freed);
        if (c->live) continue;
        heap_size_class *sc = &h->sc[c->cls_idx];
        if (sc->bump_chunk == c) {
            /* Keep the bump chunk, now entirely fresh. */
            POISON(c->start, (size_t)(c->end - c->start));
            c->top = c->start;
            sc->bump = c->start;
            continue;
        }
        h->chunks[i] = NULL;
        c->next_free = h->pool;
        h->pool = c;
        h->n_pool++;
    }
    size_t k = 0;
    for (size_t i = 0; i < h->n_chunks; i++)
        if (h->chunks[i]) h->chunks[k++] = h->chunks[i];
    h->n_chunks = k;

    k = 0;
    for (size_t i = 0; i < h->n_large; i++) {
        jobject *o = h->large[i];
        if (o->gc & GC_MARK) {
            o->gc &= ~GC_MARK;
            h->large[k++] = o;
            continue;
        }
        heap_large_hdr *l = (heap_large_hdr *)((uint8_t *)o - LARGE_HDR_BYTES);
        freed += l->bytes;
        h->plat->realloc(h->plat->ud, l, l->bytes, 0);
    }
    h->n_large = k;
    h->used -= freed;
}

/* Keep enough empty chunks for the next cycle, return the rest. */
static void trim_pool(struct heap *h, size_t threshold) {
    size_t keep = threshold / h->chunk_bytes + 1u;
    if (keep > MAX_POOLED_CHUNKS) keep = MAX_POOLED_CHUNKS;
    while (h->n_pool > keep) {
        heap_chunk *c = h->pool;
        h->pool = c->next_free;
        h->n_pool--;
        chunk_release(h, c);
    }
}

static void shrink_mark_stack(struct heap *h) {
    if (h->mcap <= 65536u) return;
    jobject **n = h->plat->realloc(h->plat->ud, h->mstack, h->mcap * sizeof(jobject *),
                                   1024u * sizeof(jobject *));
    if (n) {
        h->mstack = n;
        h->mcap = 1024u;
    }
}

void heap_perm_begin(vm *vm, heap_perm_mark *pm) {
    struct heap *h = vm->heap;
    pm->gcs = vm->stats.gc_count;
    if (!h) return;
    pm->used = h->used;
    pm->limit = h->limit;
    h->limit = h->max_bytes;   /* no collection but at the quota */
    h->in_perm = true;         /* nor a large allocation's charge */
}

void heap_perm_end(vm *vm, const heap_perm_mark *pm, bool kept) {
    struct heap *h = vm->heap;
    if (!h) return;
    h->in_perm = false;
    if (vm->stats.gc_count != pm->gcs) return;  /* collected after all (quota): limit set */
    size_t d = h->used >= pm->used ? h->used - pm->used : 0;
    if (!kept) d = 0;          /* (garbage: counted as any allocation) */
    h->perm += d;
    h->limit = h->max_bytes - pm->limit > d ? pm->limit + d : h->max_bytes;
}

void gc_collect(vm *vm) {
    struct heap *h = vm->heap;
    if (!h || h->in_gc) return;
    h->in_gc = true;
    int64_t t0 = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    /* the collection's work counts against the instruction budget */
    size_t acc = h->used > h->perm ? h->used - h->perm : 0;   /* (heap_perm_begin) */
    rt_budget_charge(vm, (acc >> VM_BUDGET_GC_HEAP_SHIFT) +
                         (uint64_t)vm->frame_count * VM_BUDGET_GC_FRAME);
    if (h->used > h->peak) h->peak = h->used;

    heap_prepare(h);
    gc_mark_all(vm, h);
    sweep(h);
    h->sorted = false;
    shrink_mark_stack(h);

    h->live_after_gc = h->used;
    acc = h->used > h->perm ? h->used - h->perm : 0;
    size_t threshold = acc > HEAP_MIN_THRESHOLD ? acc : HEAP_MIN_THRESHOLD;
    if (threshold < h->max_bytes / HEAP_QUOTA_SHARE) threshold = h->max_bytes / HEAP_QUOTA_SHARE;
    h->limit = h->max_bytes - h->used > threshold ? h->used + threshold : h->max_bytes;
    trim_pool(h, threshold);

    int64_t t1 = vm->plat->nanotime ? vm->plat->nanotime(vm->plat->ud) : 0;
    vm->stats.gc_count++;
    if (t1 > t0) vm->stats.gc_time_ns += (uint64_t)(t1 - t0);
    vm->stats.heap_peak = h->peak;
    vm->stats.heap_used = h->used;
    h->in_gc = false;
}
