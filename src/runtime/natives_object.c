/* natives_object.c - natives of java.lang.Object (getClass, identity
 * hashCode, clone) and System.identityHashCode. */
#include "natives_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "roots.h"
#include "../gc/heap.h"
#include "../core/mem.h"

int32_t nat_identity_hash(const jobject *o) {
    if (!o) return 0;
    /* The heap never moves objects: mix the address (objects are at least
     * 16-byte aligned, so the low bits carry nothing). */
    uint64_t x = (uint64_t)(uintptr_t)o >> 4;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    int32_t h = (int32_t)(x & 0x7fffffff);
    return h ? h : 1;
}

vm_status nat_throw_class_name(vm *vm, const char *exc, const char *fmt, const jclass *c) {
    char name[256];
    rt_class_java_name(c, name, sizeof name);
    return rt_throw(vm, exc, fmt, name);
}

NATIVE(nat_Object_getClass) {
    jobject *m = rt_class_mirror(vm, args[0].l->cls);
    if (!m) return vm->exception ? VM_ERR_EXCEPTION : rt_throw_oom(vm);
    ret->l = m;
    return VM_OK;
}

NATIVE(nat_Object_hashCode) {
    ret->i = nat_identity_hash(args[0].l);
    return VM_OK;
}

NATIVE(nat_System_identityHashCode) {
    ret->i = nat_identity_hash(args[0].l);
    return VM_OK;
}

/* Shallow copy: arrays always; other objects only if Cloneable. */
NATIVE(nat_Object_clone) {
    jobject *self = args[0].l;
    jclass *c = self->cls;
    jobject *copy;
    if (c->kind == KIND_ARRAY) {
        int32_t n = self->length;
        copy = rt_new_array(vm, c, n);
        if (!copy) return VM_ERR_EXCEPTION;
        size_t bytes = (size_t)(uint32_t)n * c->elem_size;
        if (bytes) vm_memcpy(JARRAY_DATA(copy), JARRAY_DATA(self), bytes);
    } else {
        if (!vm->wk.cloneable || !rt_is_assignable(c, vm->wk.cloneable))
            return nat_throw_class_name(vm, "java/lang/CloneNotSupportedException", "%s", c);
        copy = rt_new_object(vm, c);
        if (!copy) return VM_ERR_EXCEPTION;
        if (c->instance_size > JOBJ_HEADER_SIZE)
            vm_memcpy((char *)copy + JOBJ_HEADER_SIZE, (char *)self + JOBJ_HEADER_SIZE,
                      c->instance_size - JOBJ_HEADER_SIZE);
    }
    ret->l = copy;
    return VM_OK;
}
