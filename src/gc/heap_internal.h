/* heap_internal.h - the inside of the Java heap, shared by the files of
 * src/gc only (heap.c: allocation and sweeping; gc_mark.c: roots and
 * marking).  Nothing outside src/gc includes this. */
#ifndef VIFVM_GC_HEAP_INTERNAL_H
#define VIFVM_GC_HEAP_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "heap.h"

/* Chunks of small cells: one size class per chunk. */
#define HEAP_CHUNK_BYTES   (256u * 1024u)
#define HEAP_SMALL_MAX     8192u   /* larger objects are allocated singly */
#define HEAP_NUM_CLASSES   63u
/* A collection is due once this much (at least) was allocated since the
 * previous one; the real threshold is max(this, live bytes). */
#define HEAP_MIN_THRESHOLD (1u * 1024u * 1024u)
/* ... and at least quota / HEAP_QUOTA_SHARE (4 MiB of the default 256 MiB
 * quota; nothing changes for quotas up to 64 MiB): a program with a few
 * MiB live and a large quota marked its live set once per live-set's worth
 * of allocation (FlowCounters: 120 collections, 14% of its time). */
#define HEAP_QUOTA_SHARE   64u

/* Bits of jobject.gc (the GC owns the whole word). */
#define GC_MARK       0x1u
#define GC_ALLOC      0x2u   /* a live (allocated) cell; 0 in free cells */
#define GC_LARGE      0x4u   /* allocated singly, not in a chunk */
#define GC_CLASS_SHIFT 8     /* bits 8..15: size class of a small object */

typedef struct heap_chunk {
    uint8_t *start;     /* first cell */
    uint8_t *top;       /* cells [start, top) have been handed out */
    uint8_t *end;       /* no cell starts at or after end */
    uint32_t cell;      /* cell size in bytes */
    uint32_t cls_idx;   /* size class */
    uint32_t live;      /* live cells after the last sweep */
    uint32_t pad_;
    struct heap_chunk *next_free; /* in the pool of empty chunks */
} heap_chunk;

/* Header in front of a large object; keeps the object 16-byte aligned. */
typedef struct heap_large_hdr {
    size_t bytes;       /* whole allocation: header + object */
    size_t pad_;
} heap_large_hdr;

typedef struct heap_size_class {
    void *free;         /* free cells, linked through their first word */
    uint8_t *bump;      /* fresh cells of the newest chunk: [bump, bump_end) */
    uint8_t *bump_end;
    heap_chunk *bump_chunk;
    uint32_t cell;
} heap_size_class;

struct heap {
    const vm_platform *plat;
    size_t max_bytes;       /* quota */
    size_t used;            /* bytes of allocated cells (live + unswept) */
    size_t limit;           /* allocate up to here, then collect */
    size_t live_after_gc;   /* `used` right after the last sweep */
    size_t perm;            /* of `used`: interned strings (heap_perm_begin) */
    size_t peak;

    size_t chunk_bytes;     /* HEAP_CHUNK_BYTES, less for small quotas */
    heap_size_class sc[HEAP_NUM_CLASSES];
    heap_chunk *pool;       /* empty chunks kept for the next cycle */
    size_t n_pool;

    heap_chunk **chunks;    /* sorted by address at each collection */
    size_t n_chunks, cap_chunks;
    jobject **large;        /* large objects, sorted at each collection */
    size_t n_large, cap_large;

    /* marking */
    jobject **mstack;
    size_t mtop, mcap;
    bool moverflow;
    bool in_gc;
    bool in_perm;           /* between heap_perm_begin and _end */
    bool sorted;            /* chunks/large sorted (lookups valid) */
    uint32_t conservative_frames; /* frames scanned without a map */
    /* a reachability query in progress (vm_gc_reachable, gc_mark.c):
     * its weak static slots and ring rule; NULL in a collection */
    const struct vm_reach_opts *reach;
    uint32_t ring_items_off, ring_head_off, ring_count_off;
};

/* heap.c: before marking, the bump chunks' tops set and the chunk and
 * large-object arrays sorted (heap_lookup valid). */
void heap_prepare(struct heap *h);

/* gc_mark.c */
/* Mark everything reachable from the roots (leaves marks set). */
void gc_mark_all(vm *vm, struct heap *h);
/* The object starting exactly at p, or NULL if p is not a live heap
 * object.  Valid only while h->sorted (during a collection). */
jobject *heap_lookup(const struct heap *h, const void *p);

/* Debug builds check every scanned reference against the heap. */
#if !defined(__OPTIMIZE__) || defined(__SANITIZE_ADDRESS__)
#define HEAP_VERIFY 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HEAP_VERIFY 1
#endif
#endif
#ifndef HEAP_VERIFY
#define HEAP_VERIFY 0
#endif

#endif
