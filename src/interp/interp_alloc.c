/* interp_alloc.c - array allocation for newarray, anewarray and
 * multianewarray (iterative, so a 255-dimension array cannot exhaust a
 * small kernel C stack). */
#include "interp_internal.h"
#include "../core/mem.h"
#include "../gc/heap.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/roots.h"

static vm_status throw_negative(vm *vm, int32_t n) {
    return rt_throw(vm, "java/lang/NegativeArraySizeException", "%d", (int)n);
}

jobject *interp_newarray(vm *vm, int atype, int32_t count) {
    static const int8_t prim_of_atype[12] = {
        -1, -1, -1, -1,
        PRIM_BOOLEAN, PRIM_CHAR, PRIM_FLOAT, PRIM_DOUBLE,
        PRIM_BYTE, PRIM_SHORT, PRIM_INT, PRIM_LONG
    };
    if (atype < 4 || atype > 11) {
        rt_throw(vm, "java/lang/InternalError", "newarray: bad element type %d", atype);
        return NULL;
    }
    if (count < 0) {
        throw_negative(vm, count);
        return NULL;
    }
    jclass *ac = vm->wk.prim_array[prim_of_atype[atype]];
    if (!ac) {
        rt_throw(vm, "java/lang/InternalError", "newarray: primitive array class missing");
        return NULL;
    }
    return rt_new_array(vm, ac, count);
}

jobject *interp_new_ref_array(vm *vm, jclass *array_cls, int32_t count) {
    if (count < 0) {
        throw_negative(vm, count);
        return NULL;
    }
    return rt_new_array(vm, array_cls, count);
}

/* Depth-first allocation with an explicit stack kept in the value-stack
 * slots above the counts (free: no frame lives above the running one while
 * this runs, and nothing here runs Java code except on failure, after
 * which the scratch is not read again).  The partly built tree stays
 * reachable from the protected root array, so a collection in between is
 * safe. */
jobject *interp_multianewarray(vm *vm, jclass *cls, uint32_t dims,
                               jvalue *counts, jvalue *limit) {
    if (dims == 0) {
        rt_throw(vm, "java/lang/InternalError", "multianewarray: zero dimensions");
        return NULL;
    }
    /* every count is checked before anything is allocated (JVMS) */
    for (uint32_t i = 0; i < dims; i++) {
        if (counts[i].i < 0) {
            throw_negative(vm, counts[i].i);
            return NULL;
        }
    }
    /* the class must have at least `dims` dimensions */
    jclass *c = cls;
    for (uint32_t i = 0; i < dims; i++) {
        if (!c || c->kind != KIND_ARRAY) {
            rt_throw(vm, "java/lang/IncompatibleClassChangeError",
                     "multianewarray: %u dimensions exceed the array class", (unsigned)dims);
            return NULL;
        }
        c = c->component;
    }
    jobject *root = rt_new_array(vm, cls, counts[0].i);
    if (!root || dims == 1) return root;

    /* scratch: for depth d (0 .. dims-2): the array being filled and the
     * next index to fill */
    jvalue *scratch = counts + dims;
    if (limit < scratch || (size_t)(limit - scratch) < (size_t)dims * 2) {
        rt_throw(vm, "java/lang/StackOverflowError", NULL);
        return NULL;
    }
    RT_PROTECT(vm, root);
    uint32_t depth = 0;
    scratch[0].l = root;
    scratch[1].i = 0;
    for (;;) {
        jobject *arr = scratch[depth * 2].l;
        int32_t i = scratch[depth * 2 + 1].i;
        if (i >= arr->length) {
            if (depth == 0) break;
            depth--;
            continue;
        }
        scratch[depth * 2 + 1].i = i + 1;
        jclass *sub_cls = arr->cls->component;
        jobject *sub = rt_new_array(vm, sub_cls, counts[depth + 1].i);
        if (!sub) {
            RT_UNPROTECT(vm, 1);
            return NULL;
        }
        ((jobject **)JARRAY_DATA(arr))[i] = sub;
        if (depth + 2 < dims && sub->length > 0) {
            depth++;
            scratch[depth * 2].l = sub;
            scratch[depth * 2 + 1].i = 0;
        }
    }
    RT_UNPROTECT(vm, 1);
    return root;
}
