/* object.h - the runtime object model: values, objects, arrays, classes,
 * methods and fields.  Shared by the runtime, interpreter, GC and (later)
 * the JIT, which emits code against these exact offsets.
 *
 * Object layout (every heap object starts with a 16-byte header):
 *
 *   offset 0   jclass *cls      class of the object (array class for arrays)
 *   offset 8   uint32_t gc      GC-owned bits (mark bit, size class, flags)
 *   offset 12  int32_t length   arrays: element count; plain objects: unused
 *   offset 16  fields / array elements
 *
 * Instance fields are laid out by the runtime (linker): 8-byte fields first,
 * then 4, 2, 1; a subclass appends after its superclass.  Reference fields
 * are 8-byte pointers; their offsets are listed in jclass.ref_offsets so the
 * GC can trace precisely.  Array elements are packed at their natural size
 * (boolean and byte 1, char and short 2, int and float 4, long, double and
 * references 8) starting at offset 16.
 *
 * The heap is non-moving, so an object's address never changes; the
 * identity hash is derived from the address.
 */
#ifndef VIFVM_RUNTIME_OBJECT_H
#define VIFVM_RUNTIME_OBJECT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "../core/status.h"
#include "../classfile/classfile.h"
#include "../../include/vifvm.h"

struct vm;
struct jclass;

typedef struct jobject {
    struct jclass *cls;
    uint32_t gc;
    int32_t length;
} jobject;

#define JOBJ_HEADER_SIZE 16u
#define JARRAY_DATA(o)   ((void *)((char *)(o) + JOBJ_HEADER_SIZE))

/* One operand-stack or local-variable slot.  Slots are 8 bytes; long and
 * double occupy two consecutive slots (value in the first, the second is
 * unused), so local indexes match the class file exactly. */
/* union jvalue (one slot) is public: include/vifvm.h (vm_value). */
typedef union jvalue jvalue;

/* Natives: args[0] is `this` for instance methods, then the arguments in
 * slot order (a long/double argument takes two slots).  Return VM_OK and
 * store the result in *ret, or return the status of rt_throw() etc. */
typedef vm_status (*native_fn)(struct vm *vm, jvalue *args, jvalue *ret);

typedef struct jfield {
    struct jclass *owner;
    const char *name;
    const char *desc;
    uint16_t access;
    char type;        /* first char of desc: B C D F I J S Z L [ */
    uint32_t offset;  /* instance: byte offset in object;
                         static: byte offset in owner->statics */
    uint16_t constant_value; /* CP index of ConstantValue, or 0 */
} jfield;

struct stackmap_cache; /* gc/stackmap.h */

typedef struct jmethod {
    struct jclass *owner;
    const char *name;
    const char *desc;
    uint16_t access;
    uint16_t max_stack, max_locals;
    uint16_t arg_slots;    /* argument slots including `this` if instance */
    char ret;              /* return type char: V I J F D Z B C S L [ */
    uint8_t jit_inl;       /* the JIT inliner's bytecode verdict, 0 not yet
                              made (jit_inline.c: inl_never) */
    int32_t vtable_index;  /* -1 if not dispatched through the vtable */
    int32_t itable_index;  /* interface methods: index in the interface */
    cf_code *code;         /* NULL for native and abstract methods */
    uint8_t *qcode;        /* interpreter's quickened copy of code->code */
    native_fn native;      /* bound native, or NULL */
    void *jit_entry;       /* compiled code (issue 3), or NULL */
    uint32_t invocations;
    int32_t t2_calls_left;  /* (-Xjit:tier2=hot) counted down by the baseline's
                               code at entry / on back edges (t2_osr.c) */
    int32_t t2_edges_left;
    bool t2_tiered;         /* (tier2=hot) its tier-2 compile was made */
    uint32_t t2_osr_refused[2]; /* loop headers whose OSR compile failed, pc + 1 */
    struct t2_data *t2_osr; /* its OSR code's data, a list (t2_osr.c) */
    struct stackmap_cache *stackmaps; /* GC reference maps, lazily built */
} jmethod;

enum jclass_state {
    CLS_LOADED = 0,   /* parsed, supers resolved */
    CLS_LINKED,       /* fields laid out, vtable/itable built */
    CLS_INITIALIZING, /* <clinit> running */
    CLS_INITIALIZED,
    CLS_ERROR         /* initialization failed: NoClassDefFoundError */
};

enum jclass_kind { KIND_INSTANCE = 0, KIND_ARRAY, KIND_PRIMITIVE };

typedef struct jitable_entry {
    struct jclass *iface;
    jmethod **methods;   /* indexed by jmethod.itable_index of iface */
} jitable_entry;

typedef struct jclass {
    const char *name;          /* internal form; arrays "[I", "[Ljava/lang/String;" */
    struct jclass *super;
    uint16_t access;
    uint8_t state;             /* enum jclass_state */
    uint8_t kind;              /* enum jclass_kind */
    bool is_boot;              /* from the embedded library: may use
                                  privileged natives */
    uint16_t n_interfaces;
    struct jclass **interfaces; /* direct superinterfaces */

    uint32_t n_fields;
    jfield *fields;            /* declared fields only */
    uint32_t n_methods;
    jmethod *methods;          /* declared methods only */

    uint32_t instance_size;    /* bytes including the header */
    uint32_t n_ref_offsets;    /* instance reference fields incl. supers */
    uint32_t *ref_offsets;

    uint8_t *statics;          /* static field storage */
    uint32_t statics_size;
    uint32_t n_static_refs;
    uint32_t *static_ref_offsets;

    jmethod **vtable;
    uint32_t vtable_len;
    jitable_entry *itable;     /* every interface implemented, transitively */
    uint32_t itable_len;

    /* arrays */
    char elem_type;            /* B C D F I J S Z, or L for any reference */
    uint8_t elem_size;
    struct jclass *component;  /* component class (primitive class for [I) */

    cf_class *cf;              /* parsed class file (NULL for arrays/prims) */
    void **cp_cache;           /* per-CP-index resolution cache, cf->cp_count */
    jobject *mirror;           /* the java.lang.Class instance */
    jobject *init_error;       /* exception from a failed <clinit> */
    jobject *link_error;       /* LinkageError (e.g. VerifyError) that made the
                                  class unusable: rethrown on every later use
                                  (JVMS 5.4.3), also when the first attempt
                                  was the JIT's eager resolution */
    struct jclass *next;       /* class table chain */
    struct jclass *array_class; /* the class of arrays of this one ("[" +
                                   name), created on demand, cached */
} jclass;

/* Element accessors for arrays. */
static inline int32_t jarray_length(const jobject *a) { return a->length; }

#endif
