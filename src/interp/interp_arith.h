/* interp_arith.h - Java-exact integer and floating-point helpers for the
 * interpreter (the JIT emits its own: core/jmath.h for the conversions).
 *
 * No C undefined behaviour: integer arithmetic wraps through unsigned
 * types, shift counts are masked to 5/6 bits, MIN_VALUE / -1 is handled
 * before the hardware divide (which would trap), and float-to-int
 * conversions saturate through core/jmath.h.  Division by zero is checked
 * by the caller (it raises ArithmeticException). */
#ifndef VIFVM_INTERP_ARITH_H
#define VIFVM_INTERP_ARITH_H

#include <stdint.h>
#include "../core/jmath.h"

static inline int32_t ja_iadd(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static inline int32_t ja_isub(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
static inline int32_t ja_imul(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }
static inline int32_t ja_ineg(int32_t a) { return (int32_t)(0u - (uint32_t)a); }
static inline int64_t ja_ladd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static inline int64_t ja_lsub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static inline int64_t ja_lmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
static inline int64_t ja_lneg(int64_t a) { return (int64_t)(0u - (uint64_t)a); }

/* b != 0 (checked by the caller). */
static inline int32_t ja_idiv(int32_t a, int32_t b) {
    if (b == -1) return ja_ineg(a);          /* MIN_VALUE / -1 == MIN_VALUE */
    return a / b;
}
static inline int32_t ja_irem(int32_t a, int32_t b) {
    if (b == -1) return 0;
    return a % b;
}
static inline int64_t ja_ldiv(int64_t a, int64_t b) {
    if (b == -1) return ja_lneg(a);
    return a / b;
}
static inline int64_t ja_lrem(int64_t a, int64_t b) {
    if (b == -1) return 0;
    return a % b;
}

static inline int32_t ja_ishl(int32_t a, int32_t n) { return (int32_t)((uint32_t)a << (n & 31)); }
static inline int32_t ja_ishr(int32_t a, int32_t n) {
    /* arithmetic shift, written without relying on implementation-defined
     * right shifts of negative values */
    uint32_t s = (uint32_t)n & 31u, u = (uint32_t)a;
    return a < 0 ? (int32_t)~(~u >> s) : (int32_t)(u >> s);
}
static inline int32_t ja_iushr(int32_t a, int32_t n) { return (int32_t)((uint32_t)a >> (n & 31)); }
static inline int64_t ja_lshl(int64_t a, int32_t n) { return (int64_t)((uint64_t)a << (n & 63)); }
static inline int64_t ja_lshr(int64_t a, int32_t n) {
    uint32_t s = (uint32_t)n & 63u;
    uint64_t u = (uint64_t)a;
    return a < 0 ? (int64_t)~(~u >> s) : (int64_t)(u >> s);
}
static inline int64_t ja_lushr(int64_t a, int32_t n) { return (int64_t)((uint64_t)a >> (n & 63)); }

static inline int32_t ja_lcmp(int64_t a, int64_t b) { return a > b ? 1 : a == b ? 0 : -1; }
/* fcmpl/dcmpl: NaN -> -1; fcmpg/dcmpg: NaN -> 1 */
static inline int32_t ja_fcmp(float a, float b, int32_t nan_result) {
    return a > b ? 1 : a == b ? 0 : a < b ? -1 : nan_result;
}
static inline int32_t ja_dcmp(double a, double b, int32_t nan_result) {
    return a > b ? 1 : a == b ? 0 : a < b ? -1 : nan_result;
}

static inline int32_t ja_i2b(int32_t a) { return (int32_t)(int8_t)(uint8_t)(uint32_t)a; }
static inline int32_t ja_i2c(int32_t a) { return (int32_t)(uint16_t)(uint32_t)a; }
static inline int32_t ja_i2s(int32_t a) { return (int32_t)(int16_t)(uint16_t)(uint32_t)a; }

#endif
