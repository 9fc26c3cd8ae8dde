/* t2_fold.h - tier-2 arithmetic helpers (t2_fold.c): division by a constant */
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

#endif
