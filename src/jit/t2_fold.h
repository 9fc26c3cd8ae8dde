/* t2_fold.h - tier-2 arithmetic helpers (t2_fold.c): division by a
 * constant, constant folding */
#ifndef VIFVM_JIT_T2_FOLD_H
#define VIFVM_JIT_T2_FOLD_H

#include <stdbool.h>
#include <stdint.h>

typedef enum t2_divkind {
    T2_DIV_ZERO,        /* throws */
    T2_DIV_ONE,         /* n / 1 = n, n % 1 = 0 */
    T2_DIV_MINUS_ONE,   /* n / -1 = -n (MIN_VALUE stays), n % -1 = 0 */
    T2_DIV_POW2,        /* |d| = 2^k, 1 <= k <= W-2 */
    T2_DIV_MAGIC,       /* multiply-high (t2_div_magic) */
    T2_DIV_OTHER        /* MIN_VALUE: idiv */
} t2_divkind;

/* what kind of divisor d is (w: long, else d is an int); *k: the power */
t2_divkind t2_div_classify(int64_t d, bool w, int *k);
/* for a T2_DIV_MAGIC divisor: the multiplier (sign-extended from 32 bits
 * when !w) and the arithmetic shift after the multiply-high */
void t2_div_magic(int64_t d, bool w, int64_t *mul, int *shift);

/* (T2_O_FOLD) x op y of two constants, for the operators that cannot
 * throw: add, sub, mul, and, or, xor, shifts of ints (w false: a and b
 * are ints, the result sign-extended from 32 bits) and longs (a shift's
 * count b is an int either way); false for any other op (the bytecode) */
bool t2_fold_bin(uint16_t op, int64_t a, int64_t b, int64_t *out);
/* (T2_O_FOLD) a conversion or negation of a constant: ineg, lneg, i2l,
 * l2i, i2b, i2c, i2s; false for any other op */
bool t2_fold_un(uint16_t op, int64_t a, int64_t *out);

#endif
