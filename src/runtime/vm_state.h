/* vm_state.h - the inside of one VM instance, shared by the runtime,
 * interpreter and GC (not part of the public API in vm.h). */
#ifndef VIFVM_RUNTIME_VM_STATE_H
#define VIFVM_RUNTIME_VM_STATE_H

#include "vm.h"
#include "object.h"
#include "frames.h"

struct heap;       /* gc/heap.h */
struct classpath;  /* classfile/classpath.h */
struct intern_table;

/* Classes the VM needs often, resolved once at start-up. */
typedef struct vm_wellknown {
    jclass *object, *string, *class_, *throwable, *cloneable, *serializable;
    jclass *prim[9];      /* by enum prim_index in classes.h */
    jclass *prim_array[9];
    jclass *object_array, *string_array;
} vm_wellknown;

#define VM_MAX_HANDLES 256

struct vm {
    const vm_platform *plat;
    vm_limits limits;
    bool interpret_only;
    bool count_bytecodes;
    vm_stats stats;

    /* classes */
    struct classpath *cp;
    const vm_bootlib *bootlib;
    jclass **class_buckets;     /* hash table of loaded classes by name */
    uint32_t class_bucket_count;
    uint32_t class_count;
    vm_wellknown wk;

    /* heap */
    struct heap *heap;
    struct intern_table *interned;

    /* the Java stack */
    jvalue *stack;              /* limits.stack_bytes worth of slots */
    jvalue *stack_end;
    jframe *frames;             /* limits.max_frames entries */
    uint32_t frame_count;       /* frames[frame_count-1] is the top */

    /* native-side GC roots: C code holding a jobject* across an allocation
     * registers the variable's address here (see roots.h) */
    jobject **handles[VM_MAX_HANDLES];
    uint32_t handle_count;

    /* a thrown, not yet caught exception (a root) */
    jobject *exception;
    /* preallocated for when the heap is exhausted */
    jobject *oom_error;
    int exit_code;              /* valid after VM_ERR_EXIT: System.exit(n)
                                   sets it and returns VM_ERR_EXIT, which
                                   unwinds every frame (no handler runs) */
    uint32_t native_depth;      /* C-level re-entries (clinit, natives) */
};

#endif
