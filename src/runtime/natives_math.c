/* natives_math.c - natives of java.lang.Math: sqrt/floor/ceil/rint from
 * core/jmath; sin, cos, tan, exp, log, log10 and pow from the platform's
 * libm hooks (with Java's special cases where C's pow differs).  A
 * platform without a hook (e.g. a kernel) gets the fdlibm implementation
 * in java.lang.StrictMath instead. */
#include "natives_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "invoke.h"
#include "../core/jmath.h"

/* Call StrictMath.name(desc) with the same argument slots. */
static vm_status strict_math(vm *vm, const char *name, const char *desc, jvalue *args,
                             int nslots, jvalue *ret) {
    jclass *c;
    vm_status st = rt_find_class(vm, "java/lang/StrictMath", &c, NULL);
    if (st != VM_OK) return st;
    jmethod *m = rt_find_declared_method(c, name, desc);
    if (!m) return rt_throw(vm, "java/lang/UnsatisfiedLinkError", "StrictMath.%s", name);
    if (rt_class_needs_init(c) && (st = rt_init_class(vm, c)) != VM_OK) return st;
    jvalue a[4];
    for (int i = 0; i < nslots && i < 4; i++) a[i] = args[i];
    return rt_call(vm, m, a, ret);
}

#define LIBM1(jname)                                                   \
    NATIVE(nat_Math_##jname) {                                         \
        if (!vm->plat->jname) return strict_math(vm, #jname, "(D)D", args, 2, ret); \
        ret->d = vm->plat->jname(args[0].d);                           \
        return VM_OK;                                                  \
    }

LIBM1(sin)
LIBM1(cos)
LIBM1(tan)
LIBM1(exp)
LIBM1(log)
LIBM1(log10)

NATIVE(nat_Math_sqrt) {
    (void)vm;
    ret->d = jm_sqrt(args[0].d);
    return VM_OK;
}

NATIVE(nat_Math_ceil) {
    (void)vm;
    ret->d = jm_ceil(args[0].d);
    return VM_OK;
}

NATIVE(nat_Math_floor) {
    (void)vm;
    ret->d = jm_floor(args[0].d);
    return VM_OK;
}

NATIVE(nat_Math_rint) {
    (void)vm;
    ret->d = jm_rint(args[0].d);
    return VM_OK;
}

/* Java: pow(x, NaN) is NaN, and pow(+-1, +-Infinity) is NaN (C gives 1). */
NATIVE(nat_Math_pow) {
    double x = args[0].d, y = args[2].d;
    if (y != y) {
        ret->d = y;
        return VM_OK;
    }
    if (jm_fabs(x) == 1.0 && (y - y) != 0.0) {
        ret->d = __builtin_nan("");
        return VM_OK;
    }
    if (!vm->plat->pow) return strict_math(vm, "pow", "(DD)D", args, 4, ret);
    ret->d = vm->plat->pow(x, y);
    return VM_OK;
}
