/* heap.h - the Java heap of one VM instance: allocation with a quota and a
 * precise, non-moving mark-sweep collector.
 *
 * Roots (all found exactly, never by scanning the C stack):
 *   - static reference fields of every loaded class (jclass.static_ref_offsets)
 *   - class mirrors and init errors (jclass.mirror, jclass.init_error)
 *   - the interned-string table
 *   - every Java frame: locals and operand slots the stack map marks as
 *     references at the frame's saved pc (gc/stackmap.h)
 *   - native handles (runtime/roots.h), vm->exception, vm->oom_error
 * Objects are traced through jclass.ref_offsets, and reference arrays
 * (elem_type 'L') element by element.  A frame whose stack map cannot be
 * built (should not happen for code that runs) is scanned conservatively:
 * a slot counts only if it holds the exact address of a live object.
 * Objects never move.  Debug and sanitizer builds check every scanned
 * reference and stop with a message naming the root if one is not a live
 * heap object.  Design notes: the comment at the top of heap.c.
 */
#ifndef VIFVM_GC_HEAP_H
#define VIFVM_GC_HEAP_H

#include <stddef.h>
#include "../runtime/vm_state.h"

/* A heap with a quota of max_bytes (>= 8 KiB, else VM_ERR_ARG) of object
 * memory; all memory comes from vm->plat->realloc.  VM_ERR_NOMEM. */
vm_status heap_create(vm *vm, size_t max_bytes, struct heap **out);
/* Frees every chunk and large object (method stack maps are freed with
 * the methods: stackmap_free). */
void heap_destroy(vm *vm, struct heap *h);

/* Allocate `size` zeroed bytes (>= JOBJ_HEADER_SIZE) for an object of class
 * `cls`; sets the header (cls, gc bits, length 0).  Collects when needed:
 * every call is a GC safepoint, so the caller's references must be
 * reachable from roots.  Returns NULL if the quota is exhausted even after
 * a collection, or the platform has no memory (the caller raises
 * OutOfMemoryError; see rt_new_object).  Does not raise anything itself. */
jobject *heap_alloc(vm *vm, jclass *cls, size_t size);

/* Compiled code's inline allocation of small objects (src/jit/jit_alloc.c):
 * the addresses its fast path reads and writes, the same steps as
 * heap_alloc's fast path (used + cell <= limit, else the slow call; a cell
 * from the free list, else the bump range; used += cell; the first
 * round_up(size, 8) bytes zeroed; cls and gc set).  false if the heap
 * cannot be allocated from inline: sanitizer builds (free cells are
 * poisoned), sizes above 128 bytes.  The addresses stay valid for the
 * heap's life. */
typedef struct heap_inline_alloc {
    size_t *used;           /* h->used */
    const size_t *limit;    /* h->limit (<= the quota: quota exact) */
    void **free;            /* the size class's free list head */
    uint8_t **bump;         /* its bump range [*bump, *bump_end) */
    uint8_t *const *bump_end;
    uint32_t cell;          /* bytes per cell (added to used) */
    uint32_t gcbits;        /* the header's gc word for the object */
} heap_inline_alloc;
bool heap_inline_alloc_info(struct heap *h, size_t size, heap_inline_alloc *out);

/* Interned strings (runtime/intern.c) stay live for good and are made at
 * times that depend on the engine: the JIT resolves a method's string
 * constants when it compiles it, the interpreter when it first runs the
 * ldc.  What is allocated between heap_perm_begin and heap_perm_end(kept)
 * counts in the quota (`used`) but not in the pacing (it neither starts a
 * collection nor brings the next one closer) nor in a collection's budget
 * charge (runtime/limits.h: heap bytes in use), nor is a large one charged
 * by its size, so the interpreter and the JIT charge the same budget for
 * the same program. */
typedef struct heap_perm_mark { size_t used, limit; uint64_t gcs; } heap_perm_mark;
void heap_perm_begin(vm *vm, heap_perm_mark *pm);
void heap_perm_end(vm *vm, const heap_perm_mark *pm, bool kept);

/* Force a full collection. */
void gc_collect(vm *vm);

/* Bytes currently allocated (live + not yet swept garbage). */
size_t heap_used(const struct heap *h);
/* heap_roomy's operands (vm_heap_gauge): &h->used, &h->max_bytes */
bool heap_gauge(const struct heap *h, const size_t **used, const size_t **max);
/* At most three quarters of the quota in use (vm_heap_roomy)? */
bool heap_roomy(const struct heap *h);
/* Copy heap_used and the peak into vm->stats (heap_used, heap_peak). */
void heap_update_stats(vm *vm);
/* Chunks of small objects currently held (tests, diagnostics). */
size_t heap_chunk_count(const struct heap *h);

/* Convenience allocation with exceptions: NULL + pending
 * OutOfMemoryError / NegativeArraySizeException on failure.
 * rt_new_object allocates cls->instance_size bytes; rt_new_array
 * JOBJ_HEADER_SIZE + length * elem_size and sets ->length; a negative length
 * raises NegativeArraySizeException with the length as message ("-5"). */
jobject *rt_new_object(vm *vm, jclass *cls);
jobject *rt_new_array(vm *vm, jclass *array_cls, int32_t length);

#endif
