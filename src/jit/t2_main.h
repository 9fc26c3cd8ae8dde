/* t2_main.h - the second tier's entry from the JIT's policy (t2_main.c). */
#ifndef VIFVM_JIT_T2_MAIN_H
#define VIFVM_JIT_T2_MAIN_H

#include "../runtime/vm_state.h"

/* m was just compiled by the baseline: run tier 2's pipeline on it if
 * vm->jit_tier2 asks for it (a GC safepoint, as the compile). */
void t2_on_compiled(vm *vm, jmethod *m);

#endif
