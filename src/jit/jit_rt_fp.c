/* jit_rt_fp.c - the floating-point helpers compiled code calls (the
 * conversions to int/long and the remainders, Java's rules: core/jmath.c).
 * A file of their own so that the rest of jit_rt.c builds without SSE in
 * the Linux module (src/kmod/Kbuild): only float/double bytecodes reach
 * these. */
#include "jit_internal.h"
#include "../core/jmath.h"

int32_t jit_rt_f2i(float f) { return jm_f2i(f); }
int64_t jit_rt_f2l(float f) { return jm_f2l(f); }
int32_t jit_rt_d2i(double d) { return jm_d2i(d); }
int64_t jit_rt_d2l(double d) { return jm_d2l(d); }
float jit_rt_frem(float a, float b) { return jm_fmodf(a, b); }
double jit_rt_drem(double a, double b) { return jm_fmod(a, b); }
