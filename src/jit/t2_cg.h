/* t2_cg.h - what the parts of tier 2's code generator share (issue 15):
 * the generator's state (cg), its register names and frame offsets, and
 * the value moves every part uses.  t2_codegen.c emits the method
 * (t2_codegen.c's header comment: the entry convention, the frame, the
 * subset, leaving); t2_cg_divc.c the division by a constant.  Internal to
 * src/jit. */
#ifndef VIFVM_T2_CG_H
#define VIFVM_T2_CG_H

#include "t2_ir.h"
#include "t2_deopt.h"
#include "jit_stats.h"
#include "x86_emit.h"

#define R_VM X86_RBX
#define R_FR X86_R12
#define R_LV X86_R13
#define R_BUD X86_R14
#define OFF_FC     ((int32_t)offsetof(struct vm, frame_count))
#define OFF_FRAMES ((int32_t)offsetof(struct vm, frames))
#define OFF_SEND   ((int32_t)offsetof(struct vm, stack_end))
#define OFF_FLOOR  ((int32_t)offsetof(struct vm, native_floor))
#define OFF_NDEPTH ((int32_t)offsetof(struct vm, native_depth))
_Static_assert(sizeof(((struct vm *)0)->native_depth) == 4, "native_depth: 32 bits");
#define OFF_BUDGET ((int32_t)VM_BUDGET_OFFSET)
#define F_STACK    ((int32_t)offsetof(jframe, stack))
#define F_SP       ((int32_t)offsetof(jframe, sp))
#define F_PC       ((int32_t)offsetof(jframe, pc))
#define O_LEN      ((int32_t)offsetof(jobject, length))
#define O_CLS      ((int32_t)offsetof(jobject, cls))

enum { OL_DEOPT = 1, OL_TICK, OL_EDGE, OL_RECOMP, OL_FWD };
typedef struct ol_item {
    uint8_t kind;
    uint32_t label, resume;
    uint32_t v;           /* OL_DEOPT, OL_TICK: the value */
    uint32_t from, to;    /* OL_EDGE: the edge */
} ol_item;

typedef struct cg {
    t2_graph *g;
    vm *vm;
    jmethod *m;
    bool rb;               /* REGBUDGET: the counter in r14 */
    uint32_t S;            /* spill area bytes (16-aligned) */
    uint32_t *blabel;
    uint32_t n_labels, max_labels;
    ol_item *ol;
    uint32_t n_ol, cap_ol;
    uint32_t *dlab;        /* per value: its exit's label + 1 */
    t2_data *data;         /* the code's data block */
    jit_icache *cells;     /* its inline-cache cells (after the exit records) */
    uint32_t n_cells;
    size_t data_size;
    uint32_t n_rec;
    uint32_t l_exit, l_base;
    uint32_t extent;       /* value-stack slots the exits may write / the interpreter use */
    uint32_t depth_max;    /* inlined frames an exit may push */
    const uint8_t *base_fast;
    uint32_t cur_blk;      /* the block being emitted */
    uint32_t pushed;       /* bytes pushed around the call being emitted (save_regs) */
    int8_t *reg0;          /* (r16) with split intervals (g->ra_split): the registers
                              as allocated; g->reg is the view at the value being
                              emitted (a split value's -1 from its split on) */
    uint32_t *sl, n_sl, sl_cur;   /* the split values by split position; the next to go */
    bool frfree;           /* (r16, not -freg) r12 is the allocator's (t2_ra_gpr): the
                              jframe lives at [rsp + S - 8] instead (fr_reg) */
    uint32_t *nn_blk;      /* per value: block (+ 1) of its first null check
                              emitted; a block it dominates needs none */
    uint8_t *fuse;         /* (t14, fbranch) per value: 2 a branch right after
                              the float compare it tests (ucomis + jcc), 1 that
                              compare when the branch is its only use (no code
                              of its own), or NULL */
} cg;

/* value v into register r (ints: 32 bits, zero-extended) */
void t2cg_ld(x86_buf *b, const cg *c, int r, uint32_t v);
/* the result of v from register r to where v lives */
void t2cg_put(x86_buf *b, const cg *c, uint32_t v, int r);
static inline bool t2cg_fits32(int64_t k) { return k >= INT32_MIN && k <= INT32_MAX; }
/* n / d, n % d by a constant d other than 0 (T2_O_DIVC, t2_fold.c): no
 * exit, no idiv (t2_cg_divc.c) */
void t2cg_divc(x86_buf *b, cg *c, uint32_t v);

#endif
