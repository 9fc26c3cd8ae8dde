/* resolve.c - resolution of symbolic references in a class's constant
 * pool (JVMS 5.4.3) with access control (JVMS 5.4.4), caching each result
 * in from->cp_cache[idx].  Failures are not cached: a later attempt
 * resolves again and fails the same way. */
#include "rt_internal.h"
#include "resolve.h"
#include "strings.h"
#include "../core/mem.h"

static vm_status bad_index(vm *vm, jclass *from, uint16_t idx) {
    return rt_throw(vm, "java/lang/VerifyError",
                    "Illegal constant pool index %u in class %s", idx, from->name);
}

static bool tag_ok(jclass *from, uint16_t idx, int tag1, int tag2) {
    const cf_class *cf = from->cf;
    if (!cf || idx == 0 || idx >= cf->cp_count) return false;
    int t = cf->cp[idx].tag;
    return t == tag1 || t == tag2;
}

/* ------------------------------------------------------------- access */

/* JVMS 5.4.4: class or interface d is accessible to `from` if it is public
 * or in the same runtime package (array classes: their element). */
static bool class_accessible(const jclass *from, const jclass *d) {
    while (d->kind == KIND_ARRAY) d = d->component;
    if (d->kind == KIND_PRIMITIVE) return true;
    return (d->access & ACC_PUBLIC) || rt_same_package(from, d);
}

/* JVMS 5.4.4: member with `access` declared in `owner` accessible to
 * `from`?
 *  - public: always;
 *  - private: the same class, or a nestmate (approximated by the
 *    top-level class name, see rt_same_nest: javac 11+ accesses private
 *    members of nestmates directly);
 *  - protected: the same runtime package, or `from` is a subclass of the
 *    declaring class (the additional receiver-type rule for protected
 *    instance members is the verifier's and is not enforced here);
 *  - package-private: the same runtime package. */
static bool member_accessible(const jclass *from, const jclass *owner, uint16_t access) {
    if (access & ACC_PUBLIC) return true;
    if (access & ACC_PRIVATE) return owner == from || rt_same_nest(owner, from);
    if (rt_same_package(from, owner)) return true;
    return (access & ACC_PROTECTED) && rt_is_subclass_of(from, owner);
}

static const char *access_word(uint16_t access) {
    if (access & ACC_PRIVATE) return "private ";
    if (access & ACC_PROTECTED) return "protected ";
    return "";
}

/* ------------------------------------------------------- error messages */
/* JDK 17 wording; out of line to keep name buffers off the common path. */

static __attribute__((noinline)) vm_status
class_access_error(vm *vm, const jclass *from, const jclass *c) {
    char cn[256], fn[256], md[600];
    rt_class_java_name(c, cn, sizeof cn);
    rt_class_java_name(from, fn, sizeof fn);
    rt_module_desc(c, from, md, sizeof md);
    return rt_throw(vm, "java/lang/IllegalAccessError",
                    "failed to access class %s from class %s %s", cn, fn, md);
}

static __attribute__((noinline)) vm_status
field_access_error(vm *vm, const jclass *from, const jfield *f) {
    char on[256], fn[256], md[600];
    rt_class_java_name(f->owner, on, sizeof on);
    rt_class_java_name(from, fn, sizeof fn);
    rt_module_desc(from, f->owner, md, sizeof md);
    return rt_throw(vm, "java/lang/IllegalAccessError",
                    "class %s tried to access %sfield %s.%s %s", fn,
                    access_word(f->access), on, f->name, md);
}

static __attribute__((noinline)) vm_status
method_access_error(vm *vm, const jclass *from, const jmethod *m, uint16_t access) {
    char fn[256], ms[512], md[600];
    rt_class_java_name(from, fn, sizeof fn);
    rt_format_method(m->owner, m->name, m->desc, ms, sizeof ms);
    rt_module_desc(from, m->owner, md, sizeof md);
    return rt_throw(vm, "java/lang/IllegalAccessError",
                    "class %s tried to access %smethod '%s' %s", fn,
                    access_word(access), ms, md);
}

static __attribute__((noinline)) vm_status
no_such_method(vm *vm, const jclass *c, const char *name, const char *desc) {
    char ms[512];
    rt_format_method(c, name, desc, ms, sizeof ms);
    return rt_throw(vm, "java/lang/NoSuchMethodError", "'%s'", ms);
}

static __attribute__((noinline)) vm_status
wrong_kind(vm *vm, const jclass *c, bool want_interface) {
    char jn[256];
    rt_class_java_name(c, jn, sizeof jn);
    return rt_throw(vm, "java/lang/IncompatibleClassChangeError",
                    want_interface ? "Found class %s, but interface was expected"
                                   : "Found interface %s, but class was expected", jn);
}

/* -------------------------------------------------------------- classes */

vm_status rt_resolve_class(vm *vm, jclass *from, uint16_t idx, jclass **out) {
    if (!tag_ok(from, idx, CP_CLASS, CP_CLASS)) return bad_index(vm, from, idx);
    jclass *c = from->cp_cache[idx];
    if (c) {
        *out = c;
        return VM_OK;
    }
    const char *name = cf_class_name(from->cf, idx);
    vm_status st = rt_find_class(vm, name, &c, NULL);
    if (st != VM_OK) return st;
    if (!class_accessible(from, c)) return class_access_error(vm, from, c);
    from->cp_cache[idx] = c;
    *out = c;
    return VM_OK;
}

/* The class named by a member reference (its ref.a CP_CLASS entry). */
static vm_status member_class(vm *vm, jclass *from, uint16_t idx, jclass **out) {
    return rt_resolve_class(vm, from, from->cf->cp[idx].u.ref.a, out);
}

/* --------------------------------------------------------------- fields */

static __attribute__((noinline)) vm_status static_mismatch(vm *vm, jfield *f, bool is_static) {
    char on[256];
    rt_class_java_name(f->owner, on, sizeof on);
    return rt_throw(vm, "java/lang/IncompatibleClassChangeError", "Expected %sstatic field %s.%s",
                    is_static ? "" : "non-", on, f->name);
}

static inline vm_status check_static(vm *vm, jfield *f, bool is_static) {
    if (((f->access & ACC_STATIC) != 0) == is_static) return VM_OK;
    return static_mismatch(vm, f, is_static);
}

/* JVMS 5.4.3.2 */
vm_status rt_resolve_field(vm *vm, jclass *from, uint16_t idx, bool is_static,
                           jfield **out) {
    if (!tag_ok(from, idx, CP_FIELDREF, CP_FIELDREF)) return bad_index(vm, from, idx);
    jfield *f = from->cp_cache[idx];
    if (f) {
        vm_status st = check_static(vm, f, is_static);
        if (st == VM_OK) *out = f;
        return st;
    }
    jclass *c;
    vm_status st = member_class(vm, from, idx, &c);
    if (st != VM_OK) return st;
    const char *cn, *name, *desc;
    cf_member_ref(from->cf, idx, &cn, &name, &desc);
    f = rt_find_field(c, name, desc);
    if (!f) return rt_throw(vm, "java/lang/NoSuchFieldError", "%s", name);
    if (!member_accessible(from, f->owner, f->access))
        return field_access_error(vm, from, f);
    st = check_static(vm, f, is_static);
    if (st != VM_OK) return st;
    from->cp_cache[idx] = f;
    *out = f;
    return VM_OK;
}

/* -------------------------------------------------------------- methods */

/* JVMS 5.4.3.3 (Methodref) and 5.4.3.4 (InterfaceMethodref). */
vm_status rt_resolve_method(vm *vm, jclass *from, uint16_t idx, jmethod **out) {
    if (!tag_ok(from, idx, CP_METHODREF, CP_INTERFACE_METHODREF))
        return bad_index(vm, from, idx);
    jmethod *m = from->cp_cache[idx];
    if (m) {
        *out = m;
        return VM_OK;
    }
    bool iref = from->cf->cp[idx].tag == CP_INTERFACE_METHODREF;
    jclass *c;
    vm_status st = member_class(vm, from, idx, &c);
    if (st != VM_OK) return st;
    const char *cn, *name, *desc;
    cf_member_ref(from->cf, idx, &cn, &name, &desc);
    if (iref != rt_is_interface(c)) return wrong_kind(vm, c, iref);
    m = rt_find_method(c, name, desc);
    if (!m) return no_such_method(vm, c, name, desc);
    uint16_t access = m->access;
    /* JVMS 2.15 / HotSpot: arrays override Object.clone as public. */
    if (c->kind == KIND_ARRAY && m->owner == vm->wk.object &&
        vm_strcmp(name, "clone") == 0)
        access = (uint16_t)((access & ~(ACC_PROTECTED | ACC_PRIVATE)) | ACC_PUBLIC);
    if (!member_accessible(from, m->owner, access))
        return method_access_error(vm, from, m, access);
    from->cp_cache[idx] = m;
    *out = m;
    return VM_OK;
}

/* -------------------------------------------------------------- strings */

vm_status rt_resolve_string(vm *vm, jclass *from, uint16_t idx, jobject **out) {
    if (!tag_ok(from, idx, CP_STRING, CP_STRING)) return bad_index(vm, from, idx);
    jobject *s = from->cp_cache[idx];
    if (!s) {
        const cf_const *k = &from->cf->cp[idx];
        const cf_const *u = &from->cf->cp[k->u.ref.a];
        s = rt_intern_utf8(vm, u->u.utf8.str, u->u.utf8.len);
        if (!s) return VM_ERR_EXCEPTION;
        from->cp_cache[idx] = s; /* kept alive by the intern table */
    }
    *out = s;
    return VM_OK;
}
