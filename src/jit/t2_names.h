/* t2_names.h - what tier 2's builder may take of a constant-pool entry
 * or a class before the program used it (t2_names.c): the class an entry
 * names (loaded and linked, of the library, of the compiled method's
 * nest), and a library class whose initialization nothing can see. */
#ifndef VIFVM_JIT_T2_NAMES_H
#define VIFVM_JIT_T2_NAMES_H

#include "t2_ir.h"

/* (vm->jit_tier2_off; jit_observe.c's ,-nest) */
#define T2_NEST_OFF (1ull << 42)

/* does constant-pool entry idx of cls (the operand of op) name a class
 * that is loaded and linked already (then resolving it loads nothing) */
bool t2_names_linked(vm *vm, const jclass *cls, uint8_t op, uint16_t idx);
/* (t21) does it name a class of the library, loaded or not (T2_LIBREF_OFF) */
bool t2_names_library(const vm *vm, const jclass *cls, uint8_t op, uint16_t idx);
/* does it name a class of the compiled method's own nest (user classes) */
bool t2_names_nest(const t2_graph *g, const jclass *cls, uint8_t op, uint16_t idx);
/* (T2_O_FP) a class of the library whose initialization nothing can see
 * (its static methods may be inlined before it is initialized) */
bool t2_init_unseen(const t2_graph *g, const jclass *o);

#endif
