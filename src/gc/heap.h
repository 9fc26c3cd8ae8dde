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
 * (elem_type 'L') element by element.
 */
#ifndef VIFVM_GC_HEAP_H
#define VIFVM_GC_HEAP_H

#include <stddef.h>
#include "../runtime/vm_state.h"

vm_status heap_create(vm *vm, size_t max_bytes, struct heap **out);
void heap_destroy(vm *vm, struct heap *h);

/* Allocate `size` zeroed bytes (>= JOBJ_HEADER_SIZE) for an object of class
 * `cls`; sets the header.  Collects when needed.  Returns NULL if the quota
 * is exhausted even after a collection (the caller raises
 * OutOfMemoryError; see rt_new_object). */
jobject *heap_alloc(vm *vm, jclass *cls, size_t size);

/* Force a full collection. */
void gc_collect(vm *vm);

/* Bytes currently allocated (live + not yet swept garbage). */
size_t heap_used(const struct heap *h);

/* Convenience allocation with exceptions: NULL + pending
 * OutOfMemoryError / NegativeArraySizeException on failure. */
jobject *rt_new_object(vm *vm, jclass *cls);
jobject *rt_new_array(vm *vm, jclass *array_cls, int32_t length);

#endif
