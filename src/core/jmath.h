/* jmath.h - the floating-point operations the core needs with exact Java
 * semantics, done without libc: conversions that saturate (f2i, d2l, ...),
 * drem/frem (C fmod semantics), sqrt, floor, ceil, rint. */
#ifndef VIFVM_CORE_JMATH_H
#define VIFVM_CORE_JMATH_H

#include <stdint.h>

int32_t jm_d2i(double d);
int64_t jm_d2l(double d);
int32_t jm_f2i(float f);
int64_t jm_f2l(float f);
double  jm_fmod(double a, double b);   /* Java drem */
float   jm_fmodf(float a, float b);    /* Java frem */
double  jm_sqrt(double d);
double  jm_floor(double d);
double  jm_ceil(double d);
double  jm_rint(double d);             /* round half even */
double  jm_fabs(double d);

#endif
