/* verify_internal.h - shared by the verifier's files (private to
 * src/verify): verification types, the per-class name table, the
 * per-method state and the hooks the two algorithms (type checking with
 * StackMapTable, type inference) give the instruction rules. */
#ifndef VIFVM_VERIFY_VERIFY_INTERNAL_H
#define VIFVM_VERIFY_VERIFY_INTERNAL_H

#include "verify.h"
#include "../runtime/classes.h"

/* A verification type (JVMS 4.10.1.2) in 32 bits: a tag in the low 4 bits
 * and an argument above (name index for VT_REF, offset of the `new`
 * instruction for VT_UNINIT).  long and double take two slots, in locals
 * and on the operand stack: VT_LONG then VT_LONG2 (DOUBLE likewise). */
typedef uint32_t vtype;
enum {
    VT_TOP = 0, VT_INT, VT_FLOAT, VT_LONG, VT_DOUBLE, VT_LONG2, VT_DOUBLE2,
    VT_NULL, VT_UTHIS, VT_UNINIT, VT_REF
};
#define VT_TAG(t) ((t) & 0xFu)
#define VT_ARG(t) ((t) >> 4)
#define VT_MK(tag, arg) ((vtype)(tag) | ((vtype)(arg) << 4))
static inline bool vt_is_cat2(vtype t) {
    unsigned g = VT_TAG(t);
    return g == VT_LONG || g == VT_DOUBLE || g == VT_LONG2 || g == VT_DOUBLE2;
}
static inline bool vt_is_ref(vtype t) { /* any reference, initialised or not */
    unsigned g = VT_TAG(t);
    return g >= VT_NULL;
}

/* Work units (instructions checked, handlers looked at, slots compared,
 * copied or merged) one method, and one class, may cost: a hostile method
 * with, say, thousands of handlers over thousands of locals is rejected
 * instead of taking minutes (a unit is a few ns).  javac output stays far
 * below: the largest method of the library and the conformance corpus
 * costs about 40 K units. */
#define VERIFY_MAX_WORK (16u * 1024u * 1024u)
#define VERIFY_MAX_CLASS_WORK (64u * 1024u * 1024u)
/* Memory the verifier may use for one method's states and frames. */
#define VERIFY_MAX_STATE_BYTES (16u * 1024u * 1024u)

typedef struct vname {
    const char *s;       /* not NUL-terminated in general */
    uint32_t len;
    uint32_t hash;
    jclass *cls;         /* once loaded */
} vname;

/* One decoded StackMapTable frame (or an inference state). */
typedef struct vframe {
    uint32_t pc;
    uint16_t n_loc, n_stk;   /* slots */
    bool this_uninit;
    vtype *loc, *stk;        /* may be shared with the previous frame */
} vframe;

struct vctx;
/* Called for every branch target with the state after the instruction's
 * pops (the current state). */
typedef vm_status (*v_branch_fn)(struct vctx *x, uint32_t target);

typedef struct vchunk { struct vchunk *next; size_t size; } vchunk;

typedef struct vctx {
    vm *vm;
    jclass *cls;
    const cf_class *cf;
    vm_diag *d;
    /* names (per class) */
    vname *names;
    uint32_t n_names, cap_names;
    uint32_t *htab;          /* name index + 1, open addressing */
    uint32_t hcap;
    uint32_t *cp_name;       /* CP_CLASS index -> name index + 1 */
    vchunk *chunks;          /* constructed names, freed with the context */
    vchunk *mchunks;         /* per-method memory, freed after each method */
    uint32_t n_object, n_string, n_throwable, n_class, n_this;
    uint32_t n_cloneable, n_serializable, n_mtype, n_mhandle;
    /* method */
    const cf_method *m;
    const cf_code *code;
    uint32_t nloc, nstk;
    bool is_init;            /* <init> of a class other than Object */
    bool this_uninit;
    vtype *loc, *stk;        /* current state */
    uint32_t sp;
    uint32_t pc;             /* instruction being checked */
    v_branch_fn branch;
    void *algo;              /* the algorithm's own state */
    vtype *exc_types;        /* catch type of each handler */
    size_t budget;           /* bytes left of VERIFY_MAX_STATE_BYTES */
    uint64_t work;           /* work units spent on this method */
} vctx;

/* ---- verify_types.c ---- */
vm_status vx_fail(vctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
vm_status vx_nomem(vctx *x);
void *vx_alloc(vctx *x, size_t n);            /* freed with the context */
/* Zeroed per-method memory, counted against the budget: NULL with a
 * VM_ERR_LIMIT / VM_ERR_NOMEM failure reported in *st. */
void *vx_alloc_m(vctx *x, size_t n, vm_status *st);
void vx_free_m(vctx *x);
vm_status vx_names_init(vctx *x);
void vx_names_free(vctx *x);
/* Intern a name; UINT32_MAX if out of memory. */
uint32_t vx_intern(vctx *x, const char *s, uint32_t len);
/* Name of CP_CLASS entry idx (checked to be a CLASS entry by the caller). */
uint32_t vx_cp_class(vctx *x, uint16_t idx);
/* Parse one field type at *p (advancing it): INT/FLOAT/... or a REF. */
vm_status vx_parse_type(vctx *x, const char **p, vtype *out);
/* "int", "reference java/lang/String", ... */
void vx_type_name(vctx *x, vtype t, char *buf, size_t cap);
/* Is `from` assignable to `to` (JVMS isAssignable)?  1 yes, 0 no, or -1
 * with a status in *st (class loading failed / no memory). */
int vx_assignable(vctx *x, vtype from, vtype to, vm_status *st);
/* Reference assignability between two names (both in the table). */
int vx_name_assignable(vctx *x, uint32_t from, uint32_t to, vm_status *st);
/* Least upper bound of two reference types for type inference. */
vm_status vx_merge_ref(vctx *x, vtype a, vtype b, vtype *out);
/* Loaded class for a name (not an array): VM_OK or a pending exception. */
vm_status vx_load(vctx *x, uint32_t name, jclass **out);
/* Array types: component of a REF array name (vtype, INT etc. for
 * primitives); array of a type. */
vm_status vx_component(vctx *x, vtype arr, vtype *out);
vm_status vx_array_of(vctx *x, vtype elem, vtype *out);
static inline bool vx_is_interface(const jclass *c) {
    return c->kind == KIND_INSTANCE && (c->access & ACC_INTERFACE);
}
/* Same runtime package (JVMS 5.3): same loader, same package name. */
bool vx_same_package(const jclass *a, const jclass *b);
/* Is name index n one of the current class's superclasses (not itself)? */
jclass *vx_superclass_named(vctx *x, uint32_t n);

/* Account n work units; VM_ERR_LIMIT (with a detail) past VERIFY_MAX_WORK. */
static inline vm_status vx_spend(vctx *x, uint64_t n) {
    x->work += n;
    if (x->work <= VERIFY_MAX_WORK) return VM_OK;
    vx_fail(x, "method too complex to verify (more than %u work units)", VERIFY_MAX_WORK);
    return VM_ERR_LIMIT;
}

/* ---- verify_insn.c ---- */
/* Apply the instruction at x->pc (length len) to the current state,
 * calling x->branch for every branch target.  *ends: no fall-through. */
vm_status vx_exec(vctx *x, uint32_t len, bool *ends);
/* The handler entry check common to both algorithms. */
vm_status vx_entry_state(vctx *x);

/* ---- verify_check.c / verify_infer.c ---- */
vm_status vx_check_method(vctx *x);   /* StackMapTable type checking */
vm_status vx_infer_method(vctx *x);   /* type inference */
/* Decode the StackMapTable into frames (verify_frames.c). */
vm_status vx_decode_frames(vctx *x, vframe **out, uint32_t *n_out);

#endif
