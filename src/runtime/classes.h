/* classes.h - loading, linking, initialising and looking up classes. */
#ifndef VIFVM_RUNTIME_CLASSES_H
#define VIFVM_RUNTIME_CLASSES_H

#include "vm_state.h"

/* Primitive types, indexing vm->wk.prim / prim_array. */
enum prim_index {
    PRIM_BOOLEAN, PRIM_BYTE, PRIM_CHAR, PRIM_SHORT, PRIM_INT, PRIM_LONG,
    PRIM_FLOAT, PRIM_DOUBLE, PRIM_VOID
};

/* Find (loading and linking if needed) the class with this internal name,
 * including array classes ("[I", "[[Ljava/lang/String;").  Does not run
 * <clinit>.  On failure a Java exception is pending (NoClassDefFoundError,
 * ClassFormatError, ...) and VM_ERR_EXCEPTION is returned; `d` (may be
 * NULL) also receives the loader's detail. */
vm_status rt_find_class(vm *vm, const char *name, jclass **out, vm_diag *d);
/* Same with an explicit length (name need not be NUL-terminated). */
vm_status rt_find_class_n(vm *vm, const char *name, size_t len, jclass **out,
                          vm_diag *d);
/* Array class whose component is `elem`. */
vm_status rt_array_class_of(vm *vm, jclass *elem, jclass **out);

/* Run static initialisation (JVMS 5.5) if not done yet.  VM_OK or
 * VM_ERR_EXCEPTION (ExceptionInInitializerError / NoClassDefFoundError). */
vm_status rt_init_class(vm *vm, jclass *c);
static inline bool rt_class_needs_init(const jclass *c) {
    return c->state != CLS_INITIALIZED;
}

/* Is an instance of `s` assignable to `t` (instanceof/checkcast/aastore
 * semantics, arrays and interfaces included)? */
bool rt_is_assignable(const jclass *s, const jclass *t);

/* Member lookup through superclasses (and superinterfaces for methods:
 * maximally-specific default methods).  NULL if absent. */
jfield *rt_find_field(jclass *c, const char *name, const char *desc);
jmethod *rt_find_method(jclass *c, const char *name, const char *desc);
/* Only the methods declared in `c`. */
jmethod *rt_find_declared_method(jclass *c, const char *name, const char *desc);
/* Virtual / interface dispatch on the receiver's class. */
jmethod *rt_dispatch_virtual(jclass *recv, jmethod *m);
jmethod *rt_dispatch_interface(jclass *recv, jmethod *iface_m);

/* The embedded java.lang.Class declares `private transient long vmClass;`
 * holding the jclass pointer; mirrors are allocated by the runtime only.
 * The java.lang.Class object for c (created on first use). NULL + pending
 * OutOfMemoryError on failure. */
jobject *rt_class_mirror(vm *vm, jclass *c);
/* The jclass behind a java.lang.Class object. */
jclass *rt_mirror_class(vm *vm, jobject *mirror);

/* Binary name with dots ("java.lang.String", "[I") into buf. */
void rt_class_java_name(const jclass *c, char *buf, size_t cap);

/* For exception messages worded like JDK 17's:
 * a method as "void pkg.K.m(int, java.lang.String)" (owner's Java name), */
void rt_format_method(const jclass *owner, const char *name, const char *desc,
                      char *buf, size_t cap);
/* and the module/loader note "(A and B are in unnamed module of loader
 * 'app')", "(A is in unnamed module of loader 'app'; java.lang.String is in
 * module java.base of loader 'bootstrap')", or for b == NULL
 * "(A is in unnamed module of loader 'app')". */
void rt_module_desc(const jclass *a, const jclass *b, char *buf, size_t cap);

#endif
