/* jit_codegen.h - what the JIT's code generator files share: the
 * per-compile context (jc), the fixed registers, the out-of-line stubs and
 * the small emit helpers every instruction uses.  jit_compile.c drives the
 * compile (analysis, the instruction walk, stubs, exception dispatch);
 * jit_invoke.c generates the calls.
 *
 * Register convention of compiled code (see jit_compile.c):
 *   rbx  vm           r12  jframe *       r13  locals base
 *   r14  jvalue *ret  r15  (saved, free)  everything else: scratch
 * Operand slot k of the current instruction is at r13 + 8*(nl + k).
 */
#ifndef VIFVM_JIT_CODEGEN_H
#define VIFVM_JIT_CODEGEN_H

#include "jit_internal.h"
#include "x86_emit.h"

#define R_VM  X86_RBX
#define R_FR  X86_R12
#define R_LV  X86_R13
#define R_RET X86_R14

enum stub_kind { ST_NPE, ST_AIOOBE, ST_DIV0, ST_INIT, ST_MIRROR, ST_TICK };

typedef struct jit_stub {
    uint32_t label, resume;
    uint32_t pc, depth;
    uint8_t kind;
    uint32_t arr_slot, idx_slot;   /* ST_AIOOBE: operand slots */
    jclass *cls;                   /* ST_INIT, ST_MIRROR */
} jit_stub;

typedef struct jc {
    vm *vm;
    jmethod *m;
    const uint8_t *code;
    uint32_t len;
    uint32_t nl;
    int32_t *depth;       /* per pc: depth before the insn, -1 = not an
                             instruction start or unreachable */
    void **res;           /* per pc: resolved jfield/jmethod/jclass/jobject */
    uint8_t *kind;        /* per pc: invoke kind / extra info */
    /* per pass */
    uint32_t next_label, max_labels;
    jit_stub *stubs;
    uint32_t n_stubs, cap_stubs;
    uint32_t l_exc, l_ret;
} jc;

static inline uint16_t jc_u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline int16_t jc_s2(const uint8_t *p) { return (int16_t)jc_u2(p); }
static inline int32_t jc_s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
}

static inline x86_mem LOC(const jc *c, uint32_t i) { return x86_m(R_LV, (int32_t)(8 * i)); }
static inline x86_mem STK(const jc *c, int32_t k) { return x86_m(R_LV, (int32_t)(8 * ((int32_t)c->nl + k))); }

/* ---- shared emit helpers (jit_compile.c) ---- */
uint32_t jc_new_label(x86_buf *b, jc *c);
/* A rare path emitted after the body; returns its index in c->stubs. */
uint32_t jc_add_stub(x86_buf *b, jc *c, uint8_t kind, uint32_t pc, uint32_t depth);
/* f->pc = pc; f->sp = &operand[depth] (before anything that may GC or throw) */
void jc_save_state(x86_buf *b, jc *c, uint32_t pc, int32_t depth);
/* call fn (absolute address, through rax) */
void jc_call(x86_buf *b, const void *fn);
/* test eax, eax; jnz to the exception dispatch */
void jc_check_status(x86_buf *b, jc *c);
/* class-initialisation check of cls before a static access/invoke */
void jc_init_check(x86_buf *b, jc *c, jclass *cls, uint32_t pc, int32_t d);

/* ---- jit_invoke.c ---- */
/* invokestatic / invokespecial / invokevirtual / invokeinterface at pc:
 * the operands are in their memory slots (STK) when it is called; the
 * result, if any, is left in STK(depth - arg_slots).  May clobber every
 * caller-saved register. */
void jc_gen_invoke(x86_buf *b, jc *c, uint32_t pc);
/* Method entry (callee-saved registers saved, rbx/r12/r13/r14 set up, the
 * frame a Java frame) and exit (eax = status on arrival at c->l_ret). */
void jc_gen_prologue(x86_buf *b, jc *c);
void jc_gen_epilogue(x86_buf *b, jc *c);

#endif
