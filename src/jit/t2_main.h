/* t2_main.h - the second tier's entry from the JIT's policy (t2_main.c). */
#ifndef VIFVM_JIT_T2_MAIN_H
#define VIFVM_JIT_T2_MAIN_H

#include "../runtime/vm_state.h"
#include "jit_internal.h"

struct t2_data;

/* m was just compiled by the baseline: run tier 2's pipeline on it if
 * vm->jit_tier2 asks for it (a GC safepoint, as the compile). */
void t2_on_compiled(vm *vm, jmethod *m);

/* Run tier 2's pipeline on m (again: its second compile; osr_pc: the
 * variant entered at that loop header, not installed as m's entry; hot:
 * what made it hot, the --stats note's start): its code's data, or NULL
 * when it made no code (t2_main.c) */
struct t2_data *t2_compile(vm *vm, jmethod *m, bool again, const uint32_t *osr_pc, const char *hot);

/* ---- tier-up by counts (-Xjit:tier2=hot, t2_osr.c) ---- */
/* does the baseline's code for m count its calls and back edges */
bool t2_hot_counts(const vm *vm, const jmethod *m);
/* m's baseline code is still counting towards its tier-up: a call site
 * does not bind to that code (no rel32 to it, no inline-cache cell), so
 * it reaches m's tier-2 code once installed (through m->jit_entry) */
bool t2_pending(const vm *vm, const jmethod *m);
/* m's call count ran out (the baseline's code at its entry, a GC
 * safepoint): tier 2 compiles it; returns NULL */
JIT_HELPER void *t2_rt_hot_call(vm *vm, jmethod *m);
/* m's back-edge count ran out at a branch to the loop header in its
 * frame's pc (saved, operand stack empty; a GC safepoint): tier 2
 * compiles it if not yet, and returns the fast entry of its code entered
 * at that header (on-stack replacement; the frame's locals are its
 * state), which the baseline's code calls and returns what it returns,
 * or NULL (the baseline's code goes on) */
JIT_HELPER void *t2_rt_backedge(vm *vm, jmethod *m);

#endif
