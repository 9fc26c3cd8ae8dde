/* t2_ir.h - the second tier's SSA intermediate representation (issue 15).
 *
 * A method (with the callees inlined into it) is a graph of blocks holding
 * values.  Every value is one operation; its operands are other values
 * (by index in g->vals; index 0 is "none").  A block starts with its phis,
 * ends with one terminator (IF, GOTO, SWITCH, RET, THROW), and lists its
 * predecessors in the order the phis' operands follow.  Types: 'I' (int
 * and the smaller integer types), 'J' (long), 'F' (float), 'D' (double),
 * 'A' (reference), 'V' (no value: stores, ticks, terminators), 'X' (a phi
 * over conflicting slot types: never used, or the method is refused).
 *
 * Every value that may throw, call, allocate or tick records its frame
 * state: the inline context (ctx: method and call site, g->ctxs) and the
 * bytecode pc there.  That is what stack traces, the GC's stack maps and
 * leaving optimized code need (the baseline keeps frames as the
 * interpreter does at those points).
 *
 * Built by t2_build.c from the bytecode (the JIT's subset: ints, longs,
 * references, floats and doubles, fields, arrays, calls, allocation; no
 * exception handlers, monitors, invokedynamic), optimized by t2_opt.c (GVN, load
 * elimination, loop-invariant code motion), its registers allocated by
 * t2_ra.c (linear scan).  Code generation from it is not written yet:
 * t2_main.c runs the pipeline and the method keeps its baseline code.
 */
#ifndef VIFVM_JIT_T2_IR_H
#define VIFVM_JIT_T2_IR_H

#include "../runtime/vm_state.h"
#include "../core/diag.h"

enum t2_op {
    T2_NOP = 0,   /* removed (replaced by repl, or dead) */
    T2_PARAM,     /* imm = argument slot */
    T2_CONST,     /* imm (ty I or J; F and D: the bits); ty A: ref (a String) or NULL */
    T2_PHI,       /* one operand per predecessor of its block */
    T2_BIN,       /* aux = bytecode (iadd..lxor, lcmp); may throw (div/rem) */
    T2_UN,        /* aux = bytecode (ineg, lneg, i2l, l2i, i2b, i2c, i2s) */
    T2_NULLCHK,   /* a0 must not be null (NullPointerException) */
    T2_GETF,      /* a0 object, ref = jfield */
    T2_PUTF,      /* a0 object, a1 value */
    T2_GETS,      /* ref = jfield (class initialized) */
    T2_PUTS,      /* a0 value */
    T2_ALEN,      /* a0 array */
    T2_ALOAD,     /* a0 array, a1 index; aux = bytecode (iaload...) */
    T2_ASTORE,    /* a0 array, a1 index, a2 value; aux = bytecode */
    T2_CALL,      /* ref = jmethod, aux = bytecode; operands = arguments */
    T2_NEW,       /* ref = jclass */
    T2_NEWARR,    /* a0 count; ref = array class */
    T2_CHECKCAST, /* a0; ref = jclass */
    T2_INSTOF,    /* a0; ref = jclass */
    T2_TICK,      /* one budget tick (backward branch, invoke) */
    T2_INIT,      /* initialize class ref (runs <clinit>: like a call) */
    T2_IF,        /* aux = bytecode (ifeq.. if_acmpne, ifnull..); a0, a1 */
    T2_GOTO,
    T2_SWITCH,    /* a0 key; imm = case count; ref = t2_case table */
    T2_RET,       /* a0 value or none */
    T2_THROW,     /* a0 exception */
    T2_OP_COUNT
};

typedef struct t2_val {
    uint8_t op;       /* enum t2_op */
    char ty;          /* I J A V X */
    uint16_t aux;
    uint16_t ctx;     /* inline context (g->ctxs) */
    uint16_t nargs;
    uint32_t args;    /* first operand in g->pool */
    uint32_t blk;     /* its block */
    uint32_t next;    /* next value in the block (0: last) */
    uint32_t pc;      /* bytecode pc in ctx's method */
    uint32_t repl;    /* replaced by this value (GVN), 0 if not */
    uint8_t flags;    /* T2_F_* */
    uint32_t fs;      /* its frame state (g->fss), 0 if none: where leaving
                         tier-2 code at this value resumes (t2_codegen.c) */
    int64_t imm;
    void *ref;
} t2_val;

#define T2_F_INBOUNDS 1u  /* ALOAD/ASTORE: the index is proven in bounds (t2_opt.c, rce) */
#define T2_F_SAFE 2u      /* cannot fail: its object is known non-null (and in
                             bounds): no check, no exit (t2_cg_check) */
#define T2_F_SLOTPHI 4u   /* a phi of a local or operand slot (t2_build.c) */

typedef struct t2_case { int32_t key; } t2_case;  /* SWITCH: keys; succ k = case k, last = default */

typedef struct t2_blk {
    uint32_t first, last;   /* values, in order */
    uint32_t *preds, n_preds, cap_preds;
    uint32_t *succs, n_succs;
    uint32_t *state, n_state;  /* slot values at the end (locals, then operands) */
    uint32_t idom;          /* immediate dominator (t2_opt.c); the entry's is itself */
    uint32_t rpo;           /* position in reverse postorder */
    uint32_t loop;          /* innermost loop header containing it, or 0 */
    uint16_t ctx;
    uint32_t pc;            /* bytecode pc of its start */
    bool dead;
} t2_blk;

/* A frame state: what the interpreter's frame holds at the start of the
 * instruction at pc of ctx's method (the value being built there not done
 * yet): nl locals, then n - nl operand slots, as values (g->pool from
 * slots; 0: undefined or a long's upper half).  parent: the caller's state
 * at the call site (its operand stack without the arguments) when ctx is
 * an inlined callee, else 0.  Recorded by t2_build.c for each value that
 * may throw or tick, so that code leaving tier 2 there can rebuild the
 * interpreter's frames (outermost first) and resume at pc. */
typedef struct t2_fstate {
    uint32_t pc;
    uint16_t ctx;
    uint32_t nl, n;
    uint32_t slots;
    uint32_t parent;
} t2_fstate;

typedef struct t2_ctx {
    jmethod *m;
    uint16_t parent;        /* caller's context (0: the method itself) */
    uint32_t call_pc;       /* the call site in the parent */
    uint8_t depth;
} t2_ctx;

/* What the passes did (for --stats and the tests). */
typedef struct t2_counts {
    uint32_t values, blocks, inlined, inlined_bytes;
    uint32_t gvn, loads, hoisted, nullchk, rce;
    uint32_t ra_intervals, ra_spills, ra_regs;
    uint32_t loops;
} t2_counts;

/* Tier-2 switches (bits of t2_graph.opts; all on by default) */
enum { T2_O_INLINE = 1u, T2_O_GVN = 2u, T2_O_LOADS = 4u, T2_O_LICM = 8u, T2_O_RCE = 16u };
#define T2_DUMP 0x80u  /* (vm->jit_tier2_off) print each graph (t2_dump.c) */
#define T2_NOCODE 0x20u /* (vm->jit_tier2_off) no tier-2 code: build and optimize only */
#define T2_O_ALL 31u

typedef struct t2_graph {
    vm *vm;
    jmethod *m;
    uint32_t opts;
    t2_val *vals;   uint32_t n_vals, cap_vals;
    t2_blk *blks;   uint32_t n_blks, cap_blks;    /* block 0 unused; 1 = entry */
    uint32_t *pool; uint32_t n_pool, cap_pool;
    t2_ctx *ctxs;   uint32_t n_ctxs, cap_ctxs;
    t2_case *cases; uint32_t n_cases, cap_cases;
    uint32_t *order, n_order;                     /* blocks in reverse postorder */
    t2_fstate *fss; uint32_t n_fss, cap_fss;      /* frame states (0 unused) */
    /* register allocation (t2_ra.c), per value: physical register
     * (x86_gpr) or -1, and its spill slot + 1 (0: none) */
    int8_t *reg;
    uint32_t *spill, n_spill;
    uint32_t gc_unsafe;   /* (t2_ra.c) a call or allocation across which a
                             reference not in its frame state is live (the
                             collector would not see it), or 0 */
    uint64_t resolve_ns;  /* time spent resolving constant-pool entries
                             (class loading: reported apart, as the baseline's) */
    t2_counts n;
} t2_graph;

/* ---- t2_build.c ---- */
/* Build g for m (g zeroed but for vm, m, opts).  VM_ERR_UNSUPPORTED with
 * the reason in d: m is outside tier 2's subset. */
vm_status t2_build(t2_graph *g, vm_diag *d);
/* Free everything g holds. */
void t2_free(t2_graph *g);
/* (helpers the passes share) */
uint32_t t2_new_val(t2_graph *g, uint32_t blk, uint8_t op, char ty, uint32_t nargs);
static inline uint32_t *t2_args(t2_graph *g, uint32_t v) { return g->pool + g->vals[v].args; }
static inline uint32_t t2_arg(const t2_graph *g, uint32_t v, uint32_t k) { return g->pool[g->vals[v].args + k]; }
/* follow repl links to the value that stands for v */
static inline uint32_t t2_find(const t2_graph *g, uint32_t v) {
    while (v && g->vals[v].repl) v = g->vals[v].repl;
    return v;
}
/* may the value have an effect beyond its result (store, call, throw...) */
bool t2_has_effect(const t2_val *v);
/* may it throw (its frame state matters) */
bool t2_may_throw(const t2_val *v);
/* may tier-2 code leave at v (its frame state's values are used there) */
static inline bool t2_leaves_at(const t2_val *v) {
    return v->fs && v->op != T2_NOP && !(v->flags & T2_F_SAFE) && (t2_may_throw(v) || v->op == T2_INSTOF);
}

/* ---- t2_opt.c ---- */
/* Dominators, loops, then the optimizations enabled in g->opts. */
vm_status t2_optimize(t2_graph *g, vm_diag *d);
/* Check the graph's invariants (operands defined and dominating their
 * uses, phis match predecessors, one terminator per block). */
vm_status t2_verify(t2_graph *g, vm_diag *d);

/* ---- t2_dump.c ---- */
/* The graph as text on stderr (-Xjit:tier2,dump), after t2_optimize. */
void t2_dump(t2_graph *g);

/* ---- t2_ra.c ---- */
/* Linear-scan register allocation over the blocks in reverse postorder
 * (the frame states of the values code may leave at count as uses):
 * g->reg / g->spill, and the counts in g->n. */
vm_status t2_regalloc(t2_graph *g, vm_diag *d);
/* the general registers it hands out, in order */
#define T2_RA_REGS 8u
extern const int8_t t2_ra_gpr[T2_RA_REGS];

/* ---- t2_codegen.c ---- */
/* Before t2_regalloc: check that the graph is in the code generator's
 * subset and that every frame state is usable where code leaves
 * (canonical values dominating the point).  VM_ERR_UNSUPPORTED with the
 * reason: the method keeps its baseline code. */
vm_status t2_cg_check(t2_graph *g, vm_diag *d);
/* Generate and install the code (m->jit_entry; the baseline's code is kept
 * for callers bound to it and freed with it).  *size: the code's bytes. */
vm_status t2_codegen(t2_graph *g, uint32_t *size, vm_diag *d);

#endif
