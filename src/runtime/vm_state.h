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

/* Byte offsets of fields the runtime reads/writes from C, found by name
 * when the core classes are loaded (vm_create).  0 = field absent. */
typedef struct vm_field_offsets {
    uint32_t string_value;        /* String.value  (char[]) */
    uint32_t string_hash;         /* String.hash   (int), 0 if absent */
    uint32_t class_vmclass;       /* Class.vmClass (long: the jclass *) */
    uint32_t throwable_detail;    /* Throwable.detailMessage (String) */
    uint32_t throwable_cause;     /* Throwable.cause (Throwable) */
    uint32_t throwable_backtrace; /* Throwable.backtrace (Object: long[]) */
} vm_field_offsets;

struct rt_loading; /* classes being loaded (ClassCircularityError check) */
struct jit_record; /* jit/jit_stats.c */
struct jit_chunk;  /* jit/jit_cache.c */
struct jit_scratch; /* jit/jit_compile.c */

struct vm {
    const vm_platform *plat;
    /* instruction budget (limits.h: the protocol interpreter and JIT code
     * share): ticks left; a tick is `if (--budget_left < 0) slow path` */
    int64_t budget_left;
    vm_limits limits;
    bool interpret_only;
    bool enable_preview;        /* accept 61.65535 class files */
    bool verify;                /* run src/verify on user classes */
    bool count_bytecodes;
    bool fp_code;               /* a class with FP code is loaded (fp_scan.c) */
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
    /* lowest C stack address calls may reach (set at the outermost entry
     * from limits.native_stack_bytes); the reserve floor is lower, for
     * constructing the StackOverflowError (frames.h) */
    uintptr_t native_floor, native_floor_reserve;

    /* runtime internals (src/runtime) */
    vm_field_offsets off;
    bool booted;                /* core classes loaded: Java exceptions can
                                   be constructed */
    uint32_t in_reserve;        /* >0: calls may use the frame/stack reserve
                                   (see frames.h) */
    uint32_t throw_depth;       /* nesting of rt_throw (re-entrancy guard) */
    bool in_oom;                /* rt_throw_oom is building an OOM error */
    struct rt_loading *loading; /* innermost class being loaded */
    uint32_t loading_depth;
    /* user classes loaded while another class was being loaded, waiting
     * for the verifier (which may need the classes still being loaded);
     * drained when the outermost load completes (class_load.c) */
    jclass **verify_queue;
    uint32_t verify_queued, verify_queue_cap;

    /* sandbox limits (limits.h, budget.c, load_limits.c) */
    uint64_t budget_start;      /* the budget when last set (0: unlimited) */
    int64_t budget_reserve;     /* ticks beyond the current slice */
    bool budget_exhausted;      /* aborted since the last vm_set_budget */
    bool budget_in_oom;         /* ... while an OutOfMemoryError was built */
    vm_status budget_status;    /* the abort: VM_ERR_BUDGET, _INTERRUPTED
                                   or _TIMEOUT (valid once exhausted) */
    const volatile int *interrupt; /* host flag (vm_set_interrupt) */
    uint64_t time_limit;        /* ns per budget (vm_set_time_limit), 0: none */
    int64_t deadline;           /* limit_clock value; 0: not started */
    const jmethod *budget_where;/* running when it ran out */
    const jmethod *budget_user_where; /* innermost user-class method on
                                   * the stack then (NULL: none) */
    uint32_t user_classes;      /* charged against limits.max_classes */
    uint32_t user_methods;
    uint64_t user_code_bytes;

    /* JIT (src/jit): optimizations enabled (bits 1u << JIT_OPT_<NAME>,
     * jit/jit_stats.h), and one record per method the JIT was asked to
     * compile (compiled or refused) for --stats (jit_stats.c) */
    uint32_t jit_opts_enabled;
    uint32_t jit_threshold;     /* vm_config.jit_threshold */
    uint8_t jit_tier2;          /* vm_config.jit_tier2 */
    uint64_t jit_tier2_off;     /* vm_config.jit_tier2_off */
    uint32_t jit_tier2_deopt_every; /* vm_config.jit_tier2_deopt_every */
    struct jit_record *jit_records;
    uint32_t jit_record_count, jit_record_cap;
    struct jit_chunk *jit_chunks; /* code-cache chunks, newest first (jit_cache.c) */
    struct jit_scratch *jit_scratch; /* the compiler's buffers, kept between compiles */
    uint64_t jit_resolve_ns;    /* resolution time of the compile in progress */

    /* System properties (vm_props.c): the class path in use, then the
     * vm_config.properties, each NUL-terminated, in one block */
    char *props;
    size_t props_len;
    uint32_t prop_count;        /* the "key=value" strings after the class path */

    /* the public API (src/api) */
    struct vm_handle *host_handles; /* vm_handle_new: roots, doubly linked */
    /* vm_class_define: the class file to use for this name instead of
     * the class path (class_load.c user_bytes), while it is defined */
    const char *define_name;
    const uint8_t *define_bytes;
    size_t define_len;
    /* classes generated for invokedynamic call sites (interp/indy_*.c):
     * the last number used in their names */
    uint32_t indy_classes;
    /* (last: the offsets compiled code uses stay as they were) */
    bool jit_tier2_hot;         /* vm_config.jit_tier2_hot (bench/README.md, o17: the defaults) */
#define VM_T2_CALLS_DEFAULT 1000u
#define VM_T2_BACKEDGES_DEFAULT 10000u
    uint32_t jit_tier2_calls, jit_tier2_backedges; /* (hot) the thresholds, defaults applied */
    uint32_t jit_tier2_osr;     /* tier-2 variants entered at a loop header (vm_jit_osr_counts) */
    uint64_t jit_tier2_osr_entries; /* times baseline code went on in one */
};

/* A host's handle (include/vifvm.h): one root, in vm->host_handles. */
struct vm_handle {
    jobject *obj;
    struct vm_handle *prev, *next;
};

/* Call-depth and value-stack limits for a normal call (frames.h). */
static inline uint32_t vm_frame_limit(const struct vm *v) {
    return v->in_reserve ? v->limits.max_frames
                         : v->limits.max_frames - VM_FRAME_RESERVE;
}
/* True when the C stack is below the floor for a normal call (or, in the
 * reserve, below the reserve's floor).  Each nested entry and each
 * compiled Java call checks it (interp_run, jit_rt.c). */
static inline bool vm_native_stack_low(const struct vm *v) {
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    return here < (v->in_reserve ? v->native_floor_reserve : v->native_floor);
}
/* Set the floors from the current stack position (outermost entry). */
static inline void vm_native_stack_mark(struct vm *v) {
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    size_t n = v->limits.native_stack_bytes, reserve = n / 4;
    v->native_floor = here > n ? here - n : 0;
    v->native_floor_reserve = v->native_floor > reserve ? v->native_floor - reserve : 0;
}
static inline jvalue *vm_stack_limit(const struct vm *v) {
    return v->in_reserve ? v->stack_end
                         : v->stack_end - VM_STACK_RESERVE_SLOTS;
}

#endif
