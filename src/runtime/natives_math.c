/* natives_math.c - natives of java.lang.Math: sqrt/floor/ceil/rint from
 * core/jmath, the transcendental functions from the platform's libm hooks
 * (with Java's special cases where C's pow differs). */
#include "natives_internal.h"
#include "exceptions.h"
#include "../core/jmath.h"

static vm_status no_libm(vm *vm, const char *fn) {
    return rt_throw(vm, "java/lang/UnsupportedOperationException",
                    "Math.%s: the platform provides no implementation", fn);
}

#define LIBM1(jname, hook)                                   \
    NATIVE(nat_Math_##jname) {                               \
        if (!vm->plat->hook) return no_libm(vm, #jname);     \
        ret->d = vm->plat->hook(args[0].d);                  \
        return VM_OK;                                        \
    }

#define LIBM2(jname, hook)                                   \
    NATIVE(nat_Math_##jname) {                               \
        if (!vm->plat->hook) return no_libm(vm, #jname);     \
        ret->d = vm->plat->hook(args[0].d, args[2].d);       \
        return VM_OK;                                        \
    }

LIBM1(sin, sin)
LIBM1(cos, cos)
LIBM1(tan, tan)
LIBM1(asin, asin)
LIBM1(acos, acos)
LIBM1(atan, atan)
LIBM1(exp, exp)
LIBM1(log, log)
LIBM1(log10, log10)
LIBM1(cbrt, cbrt)
LIBM1(sinh, sinh)
LIBM1(cosh, cosh)
LIBM1(tanh, tanh)
LIBM1(expm1, expm1)
LIBM1(log1p, log1p)
LIBM2(atan2, atan2)
LIBM2(hypot, hypot)

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
    if (!vm->plat->pow) return no_libm(vm, "pow");
    ret->d = vm->plat->pow(x, y);
    return VM_OK;
}
