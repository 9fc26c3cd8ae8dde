/* stackmap_internal.h - shared between stackmap.c (the data-flow pass and
 * the per-method cache) and stackmap_insn.c (instruction decoding and the
 * transfer function on slot kinds).  Private to src/gc. */
#ifndef VIFVM_GC_STACKMAP_INTERNAL_H
#define VIFVM_GC_STACKMAP_INTERNAL_H

#include <stdint.h>
#include <stdbool.h>
#include "stackmap.h"

/* The lattice of one slot.  Merging two different kinds gives SK_CONFLICT;
 * only SK_REF slots are scanned. */
enum {
    SK_UNINIT = 0,   /* never written (locals beyond the arguments) */
    SK_NONREF = 1,   /* int, float, long/double halves */
    SK_REF = 2,      /* reference or null */
    SK_CONFLICT = 3  /* different kinds on different paths */
};

/* What an instruction does to control flow. */
enum {
    SF_NEXT = 0,     /* falls through only */
    SF_COND,         /* branch targets and fall through */
    SF_JUMP,         /* branch targets only (goto, switches) */
    SF_END           /* no successor (return, athrow) */
};

/* The depth walk's memo of the method references it has taken apart (a
 * method calls the same methods again and again; a field's descriptor is
 * quick to read): direct-mapped by constant-pool index, an entry is its
 * index, its class (SM_MEMO_*; 0: empty), the argument slots and the
 * return width. */
#define SM_MEMO_N 16
enum { SM_MEMO_INVOKE = 1, SM_MEMO_INDY };
typedef struct sm_memo_entry { uint16_t ci; uint8_t cls, r; uint32_t a; } sm_memo_entry;
typedef struct sm_memo { sm_memo_entry e[SM_MEMO_N]; } sm_memo;

typedef struct sm_ctx {
    const jmethod *m;
    const cf_class *cf;        /* may be NULL: then CP-using insns fail */
    const uint8_t *code;
    uint32_t code_len;
    uint32_t n_locals, max_stack;
    vm_diag *d;
    sm_memo *memo;             /* the depth walk's (zeroed), or NULL: none */
} sm_ctx;

/* Decode the instruction at pc: its length (0 if malformed, with an error
 * already reported) and control-flow class.  */
vm_status sm_decode(const sm_ctx *x, uint32_t pc, uint32_t *len, int *flow);

/* Each opcode's fixed length (bits 0-2, 0: worked out by sm_decode) and
 * control flow (bits 3-5: SF_*, 4 for jsr/ret), stackmap_insn.c */
extern const uint8_t sm_insn_fx[256];

/* sm_decode with its common case inline (the depth walk's, once per
 * instruction): a fixed length inside the code, not jsr/ret */
static inline vm_status sm_decode_fast(const sm_ctx *x, uint32_t pc, uint32_t *len, int *flow) {
    uint8_t fx = pc < x->code_len ? sm_insn_fx[x->code[pc]] : 0;
    uint32_t l = fx & 7u;
    if (l == 0 || l > x->code_len - pc || fx >> 3 > SF_END) return sm_decode(x, pc, len, flow);
    *len = l;
    *flow = fx >> 3;
    return VM_OK;
}

/* Call fn for every branch target of the instruction at pc (switches,
 * ifs, gotos); targets are range-checked against code_len. */
typedef vm_status (*sm_target_fn)(void *ctx, uint32_t target);
vm_status sm_targets(const sm_ctx *x, uint32_t pc, sm_target_fn fn, void *ctx);

/* Apply the instruction at pc to the state: locals in st[0..n_locals),
 * operand stack in st[n_locals .. n_locals + *depth). */
vm_status sm_step(const sm_ctx *x, uint32_t pc, uint8_t *st, uint32_t *depth);

/* The same instruction's effect on the depth alone (no slot kinds): the
 * same checks, failures and messages as sm_step except those on kinds.
 * sm_depth_step_any takes every case; its tables (stackmap_insn.c): the slots
 * popped (high nibble) and pushed of the opcodes with a fixed effect (0xff:
 * the others), the locals the _0.._3 loads and stores need */
vm_status sm_depth_step_any(const sm_ctx *x, uint32_t pc, uint32_t *depth);
extern const uint8_t sm_depth_fx[256], sm_depth_locals[256];

/* The depth step with its common case inline (a fixed effect that fits),
 * the rest in sm_depth_step_any */
static inline vm_status sm_depth_step_fast(const sm_ctx *x, uint32_t pc, uint32_t *depth) {
    uint32_t op = x->code[pc], sp = *depth;
    uint8_t fx = sm_depth_fx[op];
    uint32_t pop = fx >> 4, push = fx & 15u;
    if (fx == 0xff || sm_depth_locals[op] > x->n_locals || sp < pop || push > x->max_stack - (sp - pop))
        return sm_depth_step_any(x, pc, depth);
    *depth = sp - pop + push;
    return VM_OK;
}

/* Entry state from the method descriptor. */
vm_status sm_entry_state(const sm_ctx *x, uint8_t *st);

/* Report an inconsistency: VM_ERR_VERIFY with
 * "Class.method(desc): offset N: <why>". */
vm_status sm_fail(const sm_ctx *x, uint32_t pc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
