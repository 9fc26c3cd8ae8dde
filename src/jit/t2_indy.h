/* t2_indy.h - invokedynamic in tier-2 code (t2_indy.c, i18) */
#ifndef VIFVM_JIT_T2_INDY_H
#define VIFVM_JIT_T2_INDY_H

#include "t2_ir.h"

/* -indy (vm->jit_tier2_off): a method with an invokedynamic stays off
 * tier 2 (else its call sites are opaque calls: T2_CALL with aux
 * OP_invokedynamic, imm = the argument slots, ref NULL) */
#define T2_INDY_OFF (1ull << 56)

/* the invokedynamic at pc of m: its argument slots and the type of its
 * result (I J F D A V) from the call site's descriptor; false when the
 * constant pool does not name one */
bool t2_indy_sig(const jmethod *m, uint32_t pc, uint32_t *slots, char *rty, const char **desc);

/* the arguments of a call of method descriptor desc (after a receiver when
 * recv) among the slots argslots[0, nslots): one value per argument (a
 * long's or double's second slot left out: by the descriptor, since at a
 * join it holds a phi of nothing, not 0), into out when not NULL; returns
 * their count (t2_build.c's calls too) */
uint32_t t2_desc_args(bool recv, const char *desc, const uint32_t *argslots, uint32_t nslots, uint32_t *out);

#endif
