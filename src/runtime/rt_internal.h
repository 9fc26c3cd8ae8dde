/* rt_internal.h - declarations shared only by the runtime-core files
 * (class table, loading, linking, initialisation, strings, exceptions,
 * vm.c).  Other modules use the public headers (classes.h, resolve.h,
 * strings.h, exceptions.h, roots.h, vm.h). */
#ifndef VIFVM_RUNTIME_RT_INTERNAL_H
#define VIFVM_RUNTIME_RT_INTERNAL_H

#include "vm_state.h"
#include "roots.h"
#include "exceptions.h"
#include "classes.h"

/* Deepest nesting of class loads (superclass/interface chains).  Loading
 * recurses in C, so the chain is bounded; a deeper hierarchy is refused
 * with LinkageError. */
#define RT_MAX_LOAD_DEPTH 256u
/* Longest stack trace recorded (HotSpot's MaxJavaStackTraceDepth). */
#define RT_MAX_TRACE_DEPTH 1024u
/* Max nesting of rt_throw before falling back to a C-built exception. */
#define RT_MAX_THROW_DEPTH 4u

/* A class being loaded: one record per nesting level, kept on the C stack
 * and chained from vm->loading (JVMS 5.3.5 circularity check). */
struct rt_loading {
    const char *name;
    size_t len;
    struct rt_loading *prev;
};

/* ---- class table (class_table.c) ---- */
vm_status rt_table_init(vm *vm);
jclass *rt_table_lookup(vm *vm, const char *name, size_t len);
/* is name a class of the embedded library (loading it runs no Java code
 * and the load limits do not count it); nothing is loaded */
bool rt_is_boot_name(const vm *vm, const char *name, size_t len);
/* VM_ERR_NOMEM if the table cannot grow (the class is not inserted). */
vm_status rt_table_insert(vm *vm, jclass *c);
/* fp_scan.c: c has floating-point code (float/double arithmetic,
 * conversions, comparisons, or a java.lang.Math native) */
bool rt_class_uses_fp(const jclass *c);
/* the first such class loaded: vm->fp_code, vm_platform.fpu_need */
void rt_note_fp_code(vm *vm, const jclass *c);
/* Free every class in the table, then the table. */
void rt_table_free(vm *vm);
/* Call fn for every class in the table. */
void rt_table_each(struct vm *vm, void (*fn)(struct vm *, jclass *, void *), void *ctx);

/* ---- loading (class_load.c) ---- */
vm_status rt_load_instance_class(vm *vm, const char *name, size_t len,
                                 jclass **out, vm_diag *d);
/* Raise `exc` (internal name) with a message, and write
 * "java.lang.Exc: message" into d.  Returns VM_ERR_EXCEPTION (or the
 * status of the failed raise). */
vm_status rt_load_error(vm *vm, vm_diag *d, const char *exc,
                        const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Is name[0..len) a valid binary class name in internal form (no array,
 * no empty / "." / ".." segment, no '.', ';', '[')? */
bool rt_valid_class_name(const char *name, size_t len);

/* ---- linking (class_link.c) ---- */
vm_status rt_link_class(vm *vm, jclass *c, vm_diag *d);
/* Number of itable slots of an interface (its non-static, non-private
 * declared methods other than <clinit>). */
uint32_t rt_iface_method_count(const jclass *iface);
/* Free a class and everything it owns (not its superclasses). */
void rt_free_class(vm *vm, jclass *c);
/* Free only the itable (first teardown pass: interfaces still alive). */
void rt_free_itable(vm *vm, jclass *c);
/* Selection for interface methods (JVMS 5.4.6): the method of class c
 * that implements interface method im, or im itself if none does. */
jmethod *rt_select_interface_method(jclass *c, jmethod *im);
/* Maximally-specific superinterface method of c (JVMS 5.4.3.3): the
 * unique non-abstract one if there is exactly one, else (need_default
 * false) any candidate, else NULL. */
jmethod *rt_max_specific_method(jclass *c, const char *name, const char *desc,
                                bool need_default);

/* ---- arrays and primitives (array_classes.c) ---- */
vm_status rt_create_primitive_classes(vm *vm);
void rt_free_primitive_classes(vm *vm);
vm_status rt_make_array_class(vm *vm, const char *name, size_t len,
                              jclass **out, vm_diag *d);

/* ---- names and access (classes.c) ---- */
/* Same runtime package (JVMS 5.3: package name and defining loader). */
bool rt_same_package(const jclass *a, const jclass *b);
/* Nestmates, approximated: same loader and same top-level class name
 * ("Outer", "Outer$Inner", "Outer$Inner$1" share "Outer"). */
bool rt_same_nest(const jclass *a, const jclass *b);
bool rt_is_subclass_of(const jclass *c, const jclass *super);
/* Is c an interface class? */
static inline bool rt_is_interface(const jclass *c) {
    return c->kind == KIND_INSTANCE && (c->access & ACC_INTERFACE);
}

/* ---- strings (strings.c, intern.c) ---- */
vm_status rt_intern_init(vm *vm);
void rt_intern_free(vm *vm);
void rt_intern_visit(vm *vm, gc_visit_fn visit, void *ctx);
/* UTF-16 length of modified/standard UTF-8 text; decode into out. */
size_t rt_utf8_units(const char *s, size_t n);
void rt_utf8_decode(const char *s, size_t n, uint16_t *out);

/* ---- exceptions (exceptions.c) ---- */
/* Build the exception object without running Java code: detailMessage,
 * cause = itself, stack trace from C.  NULL if even that fails. */
jobject *rt_new_throwable_raw(vm *vm, jclass *cls, const char *msg);
/* Class name and message of a Throwable, formatted "java.lang.X: msg"
 * (or just the class name without a message) into buf. */
void rt_describe_throwable(vm *vm, jobject *t, char *buf, size_t cap);

/* Field access helpers on raw objects. */
static inline jobject *rt_get_ref(jobject *o, uint32_t off) {
    jobject *r;
    __builtin_memcpy(&r, (char *)o + off, sizeof r);
    return r;
}
static inline void rt_set_ref(jobject *o, uint32_t off, jobject *v) {
    __builtin_memcpy((char *)o + off, &v, sizeof v);
}

#endif
