/* natives_array.c - System.arraycopy (with HotSpot's checks, exception
 * classes and messages), and java.lang.reflect.Array.newArray/getLength. */
#include "natives_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "roots.h"
#include "../gc/heap.h"
#include "../core/mem.h"

/* HotSpot's type2name for an array's element type. */
static const char *elem_name(const jclass *a) {
    switch (a->elem_type) {
    case 'Z': return "boolean";
    case 'B': return "byte";
    case 'C': return "char";
    case 'S': return "short";
    case 'I': return "int";
    case 'J': return "long";
    case 'F': return "float";
    case 'D': return "double";
    default:  return "object array";
    }
}

static bool is_array(const jobject *o) {
    return o->cls->kind == KIND_ARRAY;
}

static bool is_ref_array(const jobject *o) {
    return is_array(o) && o->cls->elem_type == 'L';
}

/* Type checks first (ArrayStoreException), then bounds
 * (ArrayIndexOutOfBoundsException), in HotSpot's order. */
static vm_status check_copy(vm *vm, jobject *src, int32_t sp, jobject *dst, int32_t dp,
                            int32_t len) {
    if (!is_array(src))
        return nat_throw_class_name(vm, "java/lang/ArrayStoreException",
                                    "arraycopy: source type %s is not an array", src->cls);
    if (!is_array(dst))
        return nat_throw_class_name(vm, "java/lang/ArrayStoreException",
                                    "arraycopy: destination type %s is not an array", dst->cls);
    if (is_ref_array(src) != is_ref_array(dst) ||
        (!is_ref_array(src) && src->cls->elem_type != dst->cls->elem_type))
        return rt_throw(vm, "java/lang/ArrayStoreException",
                        "arraycopy: type mismatch: can not copy %s[] into %s[]",
                        elem_name(src->cls), elem_name(dst->cls));
    if (sp < 0)
        return rt_throw(vm, "java/lang/ArrayIndexOutOfBoundsException",
                        "arraycopy: source index %d out of bounds for %s[%d]", (int)sp,
                        elem_name(src->cls), (int)src->length);
    if (dp < 0)
        return rt_throw(vm, "java/lang/ArrayIndexOutOfBoundsException",
                        "arraycopy: destination index %d out of bounds for %s[%d]", (int)dp,
                        elem_name(dst->cls), (int)dst->length);
    if (len < 0)
        return rt_throw(vm, "java/lang/ArrayIndexOutOfBoundsException",
                        "arraycopy: length %d is negative", (int)len);
    if ((uint32_t)len + (uint32_t)sp > (uint32_t)src->length)
        return rt_throw(vm, "java/lang/ArrayIndexOutOfBoundsException",
                        "arraycopy: last source index %u out of bounds for %s[%d]",
                        (unsigned)((uint32_t)len + (uint32_t)sp), elem_name(src->cls),
                        (int)src->length);
    if ((uint32_t)len + (uint32_t)dp > (uint32_t)dst->length)
        return rt_throw(vm, "java/lang/ArrayIndexOutOfBoundsException",
                        "arraycopy: last destination index %u out of bounds for %s[%d]",
                        (unsigned)((uint32_t)len + (uint32_t)dp), elem_name(dst->cls),
                        (int)dst->length);
    return VM_OK;
}

__attribute__((noinline, cold))
static vm_status throw_element_mismatch(vm *vm, const jclass *src_elem, const jclass *dst_elem) {
    char sn[256], dn[256];
    rt_class_java_name(src_elem, sn, sizeof sn);
    rt_class_java_name(dst_elem, dn, sizeof dn);
    return rt_throw(vm, "java/lang/ArrayStoreException",
                    "arraycopy: element type mismatch: can not cast one of the elements"
                    " of %s[] to the type of the destination array, %s", sn, dn);
}

/* Reference arrays of unrelated component types: store-check each element,
 * copying the ones before a failing element (as the JDK does). */
static vm_status checked_ref_copy(vm *vm, jobject *src, int32_t sp, jobject *dst, int32_t dp,
                                  int32_t len) {
    jclass *dc = dst->cls->component;
    jobject **s = (jobject **)JARRAY_DATA(src) + sp;
    jobject **d = (jobject **)JARRAY_DATA(dst) + dp;
    for (int32_t i = 0; i < len; i++) {
        jobject *e = s[i];
        if (e && !rt_is_assignable(e->cls, dc))
            return throw_element_mismatch(vm, src->cls->component, dc);
        d[i] = e;
    }
    return VM_OK;
}

NATIVE(nat_System_arraycopy) {
    (void)ret;
    jobject *src = args[0].l, *dst = args[2].l;
    int32_t sp = args[1].i, dp = args[3].i, len = args[4].i;
    if (!src || !dst) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    vm_status st = check_copy(vm, src, sp, dst, dp, len);
    if (st != VM_OK || len == 0) return st;
    if (is_ref_array(src) && src != dst && src->cls != dst->cls &&
        !rt_is_assignable(src->cls->component, dst->cls->component))
        return checked_ref_copy(vm, src, sp, dst, dp, len);
    size_t es = src->cls->elem_size;
    vm_memmove((char *)JARRAY_DATA(dst) + (size_t)(uint32_t)dp * es,
               (char *)JARRAY_DATA(src) + (size_t)(uint32_t)sp * es, (size_t)(uint32_t)len * es);
    return VM_OK;
}

NATIVE(nat_Array_newArray) {
    jclass *comp = rt_mirror_class(vm, args[0].l);
    int32_t len = args[1].i;
    if (!comp) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    if (comp->kind == KIND_PRIMITIVE && comp == vm->wk.prim[PRIM_VOID])
        return rt_throw(vm, "java/lang/IllegalArgumentException", NULL);
    if (len < 0) return rt_throw(vm, "java/lang/NegativeArraySizeException", "%d", (int)len);
    jclass *ac;
    vm_status st = rt_array_class_of(vm, comp, &ac);
    if (st != VM_OK) return st;
    jobject *a = rt_new_array(vm, ac, len);
    if (!a) return VM_ERR_EXCEPTION;
    ret->l = a;
    return VM_OK;
}

NATIVE(nat_Array_getLength) {
    jobject *a = args[0].l;
    if (!a) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    if (!is_array(a))
        return rt_throw(vm, "java/lang/IllegalArgumentException", "Argument is not an array");
    ret->i = a->length;
    return VM_OK;
}
