/* t2_codegen.c - x86-64 code from the register-allocated tier-2 graph
 * (issue 15), installed as the method's compiled entry.
 *
 * Entry convention: the baseline's (jit.h, jit_internal.h), so a tier-2
 * body replaces m->jit_entry transparently: the interp_jit_fn wrapper in
 * the first JIT_FAST_ENTRY_OFFSET bytes (as the baseline's: it finds the
 * frame, calls the fast entry, copies the result), then the fast entry
 * (rbx = vm, rsi = the jframe, r8d = its number, rdx = the locals, r14 =
 * the budget counter with REGBUDGET; returns eax = status, the result in
 * locals[0] and rdx; rbp, r12, r13, r15 preserved).  Callers already
 * bound to the baseline's code (a direct call) keep running it; the
 * baseline's block is released with the tier-2 one.
 *
 * Frame: the interpreter's frame stays the method's (its pc 0, its stack
 * empty); locals and operands live in the registers t2_ra.c gave them
 * (rsi rdi r8-r11 rbp r15, and r12 unless -freg) or in 8-byte slots at
 * [rsp]; rax, rcx, rdx are scratch; [rsp + spill area] holds the frame
 * number, and its last 8 bytes the jframe when r12 is allocated (fr_reg;
 * -freg: r12 holds it).  A split value (t2_ra.c, g->ra_split) is in its
 * register up to its split and in its slot from there on: g->reg is the
 * view at the value being emitted (split_advance), the slot is written
 * at the definition, and an edge into the register part from after the
 * split reloads the register (edge_moves, with the phis' moves).
 *
 * Subset (t2_cg_check; anything else keeps the baseline's code, the
 * reason in --stats): ints, longs and references; constants, arithmetic
 * (division by zero leaves), compares and branches, switches, field,
 * static and array loads and stores (aastore: aastore_check), array length, null
 * checks, checkcast / instanceof of the exact class (else it leaves),
 * class-initialization checks, budget ticks, returns; athrow leaves;
 * calls and allocations at the method itself (gen_runtime_call: the
 * frame written as the interpreter's, so the collector sees every
 * reference live across them, t2_ra.c's gc_unsafe); with T2_O_FP floats
 * and doubles, but for frem / drem: in XMM registers (t14: SSE2 in place,
 * loads and stores straight to / from xmm, a compare fused with the branch
 * after it) or, -xmm, their bits in general registers (see gen_fbin); an exact-class test (T2_INSTOF_EXACT, T2_O_POLY); a
 * T2_THROW_LEAVE leaves at its invoke.
 *
 * Leaving (t2_deopt.c): every check that fails jumps to an out-of-line
 * exit that writes the value of each slot of the point's frame state
 * (and its callers' states, for an inlined callee) into the value stack
 * and calls t2_rt_deopt, which resumes the interpreter at the point's
 * bytecode pc: the interpreter executes the failing instruction, throws,
 * traces and handles as usual.  An invoke's tick taken before an exit
 * at that invoke (the receiver's null check of an inlined call) is given
 * back, so the interpreter's own tick there counts once.
 * Budget: a tick is `sub r14, 1; js slow` (or `sub [vm+budget], 1`), its
 * slow path calls jit_rt_budget_expired with the caller-saved registers
 * saved and the frame's pc set as the interpreter would (the branch's
 * target, the invoke); a status other than VM_OK returns at once.
 * A value in an XMM register is written to a frame slot (exits, calls) by
 * movsd / movd through rax (st_slot); the XMM registers live across a C
 * call are saved below rsp around it (xsave_push, g->xsave).
 * -Xjit:tier2-deopt-every=N: every exit point also counts down a
 * per-method counter and leaves when it reaches zero (reset to N), so the
 * tests leave at every kind of point and compare with the interpreter.
 */
#include "t2_indy.h"
#include "t2_deopt.h"
#include "t2_fold.h"
#include "t2_alloc.h"
#include "jit_stats.h"
#include "x86_emit.h"
#include "../interp/opcodes.h"
#include "../gc/stackmap.h"
#include "../runtime/limits.h"
#include "../core/mem.h"
#include "../core/fmt.h"

#include "t2_cg.h"

static uint32_t new_label(x86_buf *b, cg *c) {
    if (c->n_labels >= c->max_labels) { x86_fail(b, VM_ERR_INTERNAL); return 0; }
    return c->n_labels++;
}

/* ---- locations --------------------------------------------------------- */

static x86_mem spill_at(const cg *c, uint32_t v) { return x86_m(X86_RSP, (int32_t)(8 * (c->g->spill[v] - 1))); }

/* value v into register r (ints: 32 bits, zero-extended) */
void t2cg_ld(x86_buf *b, const cg *c, int r, uint32_t v) {
    const t2_val *x = &c->g->vals[v];
    bool w = x->ty != 'I' && x->ty != 'F';   /* (a float: its 32 bits) */
    if (x->op == T2_CONST) {
        if (x->ty == 'A') {
            if (x->ref) x86_movabs(b, r, (uint64_t)(uintptr_t)x->ref);
            else x86_alu_rr32(b, X86_XOR, r, r);
        } else if (!w) {
            x86_mov_ri32(b, r, (uint32_t)x->imm);
        } else {
            x86_mov_imm(b, r, x->imm);
        }
        return;
    }
    int8_t reg = c->g->reg[v];
    if (t2_is_xreg(reg)) {   /* a float or double in xmm (its bits) */
        if (w) x86_movq_rx(b, r, reg & 15); else x86_movd_rx(b, r, reg & 15);
    } else if (reg >= 0) {
        if (reg != r) { if (w) x86_mov_rr64(b, r, reg); else x86_mov_rr32(b, r, reg); }
    } else if (c->g->spill[v]) {
        if (w) x86_ld64(b, r, spill_at(c, v)); else x86_ld32(b, r, spill_at(c, v));
    } else {
        x86_fail(b, VM_ERR_INTERNAL);
    }
}

/* register holding v, or v loaded into scratch */
static int in_reg(x86_buf *b, const cg *c, uint32_t v, int scratch) {
    if (c->g->vals[v].op != T2_CONST && c->g->reg[v] >= 0 && !t2_is_xreg(c->g->reg[v])) return c->g->reg[v];
    t2cg_ld(b, c, scratch, v);
    return scratch;
}

/* the result of v from register r to where v lives */
void t2cg_put(x86_buf *b, const cg *c, uint32_t v, int r) {
    int8_t reg = c->g->reg[v];
    if (t2_is_xreg(reg)) { if (c->g->vals[v].ty == 'F') x86_movd_xr(b, reg & 15, r); else x86_movq_xr(b, reg & 15, r); }
    else if (reg >= 0) { if (reg != r) x86_mov_rr64(b, reg, r); }
    else if (c->g->spill[v]) x86_st64(b, spill_at(c, v), r);
    /* (a value without a location is never used) */
}

/* the register holding this method's jframe: r12, or (r16, c->frfree)
 * scratch loaded from its slot at the top of the spill area; extra: bytes
 * pushed beyond c->pushed */
static int fr_reg(x86_buf *b, const cg *c, int scratch, uint32_t extra) {
    if (!c->frfree) return R_FR;
    x86_ld64(b, scratch, x86_m(X86_RSP, (int32_t)(c->S - 8 + c->pushed + extra)));
    return scratch;
}

/* value v into the 8-byte frame slot m: a reference, long or double from
 * its register directly, anything else through rax (an int or float
 * zero-extended, as ld gives it) */
static void st_slot(x86_buf *b, const cg *c, x86_mem m, uint32_t v) {
    const t2_val *x = &c->g->vals[v];
    if (x->op != T2_CONST && t2_is_xreg(c->g->reg[v]) && x->ty == 'D') {
        x86_movsd_st(b, m, c->g->reg[v] & 15);
        return;
    }
    if (x->op != T2_CONST && c->g->reg[v] >= 0 && !t2_is_xreg(c->g->reg[v]) && (x->ty == 'A' || x->ty == 'J' || x->ty == 'D')) {
        x86_st64(b, m, c->g->reg[v]);
        return;
    }
    t2cg_ld(b, c, X86_RAX, v);
    x86_st64(b, m, X86_RAX);
}

/* op dst, y (32 or 64 bits) */
static void alu_y(x86_buf *b, const cg *c, enum x86_alu op, bool w, int dst, uint32_t y) {
    const t2_val *Y = &c->g->vals[y];
    if (Y->op == T2_CONST && Y->ty != 'A' && t2cg_fits32(Y->imm)) {
        if (w) x86_alu_ri64(b, op, dst, (int32_t)Y->imm); else x86_alu_ri32(b, op, dst, (int32_t)Y->imm);
    } else if (Y->op != T2_CONST && c->g->reg[y] >= 0 && !t2_is_xreg(c->g->reg[y])) {
        if (w) x86_alu_rr64(b, op, dst, c->g->reg[y]); else x86_alu_rr32(b, op, dst, c->g->reg[y]);
    } else if (Y->op != T2_CONST && c->g->spill[y]) {
        if (w) x86_alu_rm64(b, op, dst, spill_at(c, y)); else x86_alu_rm32(b, op, dst, spill_at(c, y));
    } else {
        t2cg_ld(b, c, X86_RCX, y);
        if (w) x86_alu_rr64(b, op, dst, X86_RCX); else x86_alu_rr32(b, op, dst, X86_RCX);
    }
}

/* ---- out-of-line pieces -------------------------------------------------- */

static uint32_t add_ol(x86_buf *b, cg *c, ol_item it) {
    if (c->n_ol == c->cap_ol) {
        uint32_t nc = c->cap_ol ? 2 * c->cap_ol : 32;
        ol_item *n = vm_realloc(c->vm->plat, c->ol, (size_t)c->cap_ol * sizeof *n, (size_t)nc * sizeof *n);
        if (!n) { x86_fail(b, VM_ERR_NOMEM); return 0; }
        c->ol = n;
        c->cap_ol = nc;
    }
    it.label = new_label(b, c);
    c->ol[c->n_ol++] = it;
    return it.label;
}

/* the exit of value v (one per value) */
static uint32_t exit_of(x86_buf *b, cg *c, uint32_t v) {
    if (!t2_leaves_at(&c->g->vals[v])) { x86_fail(b, VM_ERR_INTERNAL); return 0; }
    if (!c->dlab[v]) c->dlab[v] = add_ol(b, c, (ol_item){ .kind = OL_DEOPT, .v = v }) + 1;
    return c->dlab[v] - 1;
}

/* -Xjit:tier2,deopt-every: count down, leave at zero.  Not while more
 * than T2_FUZZ_NEST C-level interpreter entries are active: an exit
 * nests the interpreter on the C stack until the method returns (a real
 * exit never does: the failing instruction throws and the frame, without
 * handlers, is unwound), and exits at every level of a deep recursion
 * would reach the C-stack limit (StackOverflowError) long before java's */
#define T2_FUZZ_NEST 8
static void fuzz_point(x86_buf *b, cg *c, uint32_t v) {
    if (!c->data->fuzz_every || !t2_leaves_at(&c->g->vals[v])) return;
    uint32_t l_skip = new_label(b, c);
    x86_alu_mi32(b, X86_CMP, x86_m(R_VM, OFF_NDEPTH), T2_FUZZ_NEST);
    x86_jcc(b, X86_CC_AE, l_skip);
    x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&c->data->fuzz_left);
    x86_alu_mi64(b, X86_SUB, x86_m(X86_RAX, 0), 1);
    x86_jcc(b, X86_CC_LE, exit_of(b, c, v));
    x86_bind(b, l_skip);
}

/* the phis of `to` get their operand from `from` (parallel moves) */
typedef struct pmove { int dst; uint32_t src; int sloc; bool done; } pmove;
/* a location as an int: a register (0..15), 16 + spill slot, or LOC_X +
 * an xmm register */
#define LOC_X 0x40000000
static int loc_of(const cg *c, uint32_t v) {
    if (c->g->vals[v].op == T2_CONST) return -1;
    if (t2_is_xreg(c->g->reg[v])) return LOC_X + (c->g->reg[v] & 15);
    if (c->g->reg[v] >= 0) return c->g->reg[v];
    if (c->g->spill[v]) return 16 + (int)c->g->spill[v] - 1;
    return -2;
}
static void move_loc(x86_buf *b, const cg *c, int dst, int sloc, uint32_t src) {
    x86_mem dm = x86_m(X86_RSP, 8 * (dst - 16));
    bool dx = dst >= LOC_X, sx = sloc >= LOC_X;   /* (xmm: all 64 bits, a float's too) */
    if (sloc == -1) {   /* constant */
        if (dx) { t2cg_ld(b, c, X86_RCX, src); x86_movq_xr(b, dst - LOC_X, X86_RCX); }
        else if (dst < 16) t2cg_ld(b, c, dst, src);
        else { t2cg_ld(b, c, X86_RCX, src); x86_st64(b, dm, X86_RCX); }
        return;
    }
    x86_mem sm = x86_m(X86_RSP, 8 * (sloc - 16));
    if (dx || sx) {
        if (dx && sx) x86_movaps_rr(b, dst - LOC_X, sloc - LOC_X);
        else if (dx && sloc < 16) x86_movq_xr(b, dst - LOC_X, sloc);
        else if (dx) x86_movsd_ld(b, dst - LOC_X, sm);
        else if (dst < 16) x86_movq_rx(b, dst, sloc - LOC_X);
        else x86_movsd_st(b, dm, sloc - LOC_X);
        return;
    }
    if (dst < 16 && sloc < 16) x86_mov_rr64(b, dst, sloc);
    else if (dst < 16) x86_ld64(b, dst, sm);
    else if (sloc < 16) x86_st64(b, dm, sloc);
    else { x86_ld64(b, X86_RCX, sm); x86_st64(b, dm, X86_RCX); }
}
/* (r16) split intervals: a value's position (t2_ra.c), its location at
 * position at (register part, or its slot from its split on), and the
 * values an edge from -> to reloads: split in its register part's shadow,
 * after to's start and by the end of from (a back edge into the part
 * where it is in its register; the slot holds it from its definition) */
static uint32_t ra_pos(const cg *c, uint32_t v) { return c->g->ra_split[c->g->cap_vals + v]; }
static int loc_at(const cg *c, uint32_t v, uint32_t at) {
    if (!c->reg0 || !c->g->ra_split[v] || c->g->vals[v].op == T2_CONST) return loc_of(c, v);
    return at >= c->g->ra_split[v] ? 16 + (int)c->g->spill[v] - 1 : c->reg0[v];
}
static bool edge_reloads(const cg *c, uint32_t s, uint32_t from, uint32_t to) {
    const t2_graph *g = c->g;
    if (!c->reg0 || (g->vm->jit_tier2_off & T2_RESOLVE_BROKEN)) return false;
    uint32_t at_to = ra_pos(c, g->blks[to].first), at_from = ra_pos(c, g->blks[from].last), sp = g->ra_split[s];
    return ra_pos(c, s) < at_to && at_to < sp && sp <= at_from;
}
static bool edge_has_moves(const cg *c, uint32_t from, uint32_t to) {
    const t2_graph *g = c->g;
    if (!c->reg0) {
        for (uint32_t v = g->blks[to].first; v && g->vals[v].op == T2_PHI; v = g->vals[v].next)
            if (loc_of(c, v) >= 0) return true;
        return false;
    }
    /* (r16, split intervals) only a move that does something, as edge_moves */
    const t2_blk *T = &g->blks[to];
    uint32_t q = 0, at_from = ra_pos(c, g->blks[from].last), at_to = ra_pos(c, T->first);
    while (q < T->n_preds && T->preds[q] != from) q++;
    if (q == T->n_preds) return true;   /* (edge_moves fails it) */
    for (uint32_t v = T->first; v && g->vals[v].op == T2_PHI; v = g->vals[v].next) {
        int d = loc_at(c, v, at_to);
        uint32_t s = d >= 0 ? t2_find(g, t2_arg(g, v, q)) : 0;
        if (s && loc_at(c, s, at_from) != d) return true;
    }
    for (uint32_t i = 0; i < c->n_sl; i++)
        if (edge_reloads(c, c->sl[i], from, to)) return true;
    return false;
}
/* the view (g->reg) at position at, going forward: the split values
 * whose split is at or before it leave their registers */
static void split_advance(cg *c, uint32_t at) {
    while (c->sl_cur < c->n_sl && c->g->ra_split[c->sl[c->sl_cur]] <= at) c->g->reg[c->sl[c->sl_cur++]] = -1;
}
static void edge_moves(x86_buf *b, cg *c, uint32_t from, uint32_t to) {
    const t2_graph *g = c->g;
    const t2_blk *T = &g->blks[to];
    uint32_t q = 0;
    while (q < T->n_preds && T->preds[q] != from) q++;
    if (q == T->n_preds) { x86_fail(b, VM_ERR_INTERNAL); return; }
    pmove mv[32];   /* (more phis than that on one edge: the method stays on the baseline) */
    uint32_t n = 0;
    /* (r16) locations at the end of from (sources) and at to's start
     * (the phis: in their registers there, stored to their slots at
     * their place in to, gen_method) */
    uint32_t at_from = c->reg0 ? ra_pos(c, g->blks[from].last) : 0, at_to = c->reg0 ? ra_pos(c, T->first) : 0;
    for (uint32_t i = 0; i < c->n_sl; i++) {
        uint32_t s = c->sl[i];
        if (!edge_reloads(c, s, from, to)) continue;
        if (n == 32) { x86_fail(b, VM_ERR_LIMIT); return; }
        mv[n++] = (pmove){ c->reg0[s], s, loc_at(c, s, at_from), false };
    }
    for (uint32_t v = T->first; v && g->vals[v].op == T2_PHI; v = g->vals[v].next) {
        int d = loc_at(c, v, at_to);
        if (d < 0) continue;
        uint32_t s = t2_find(g, t2_arg(g, v, q));
        if (!s) continue;
        int sl = loc_at(c, s, at_from);
        if (sl == -2) { x86_fail(b, VM_ERR_INTERNAL); return; }
        if (sl == d) continue;
        if (n == 32) { x86_fail(b, VM_ERR_LIMIT); return; }
        mv[n++] = (pmove){ d, s, sl, false };
    }
    uint32_t left = n;
    while (left) {
        bool progress = false;
        for (uint32_t i = 0; i < n; i++) {
            if (mv[i].done) continue;
            bool blocked = false;
            for (uint32_t j = 0; j < n && !blocked; j++)
                blocked = j != i && !mv[j].done && mv[j].sloc == mv[i].dst;
            if (blocked) continue;
            move_loc(b, c, mv[i].dst, mv[i].sloc, mv[i].src);
            mv[i].done = true;
            left--;
            progress = true;
        }
        if (progress) continue;
        /* a cycle: the first one's destination to rax, its readers read rax */
        uint32_t i = 0;
        while (mv[i].done) i++;
        move_loc(b, c, X86_RAX, mv[i].dst, 0);
        for (uint32_t j = 0; j < n; j++)
            if (!mv[j].done && mv[j].sloc == mv[i].dst) mv[j].sloc = X86_RAX;
    }
}

/* jump along the edge from -> to (tramp: a conditional jump's edge) */
static void jcc_edge(x86_buf *b, cg *c, enum x86_cc cc, uint32_t from, uint32_t to) {
    if (!edge_has_moves(c, from, to)) { x86_jcc(b, cc, c->blabel[to]); return; }
    x86_jcc(b, cc, add_ol(b, c, (ol_item){ .kind = OL_EDGE, .from = from, .to = to }));
}
static void goto_edge(x86_buf *b, cg *c, uint32_t from, uint32_t to, uint32_t next) {
    edge_moves(b, c, from, to);
    if (to != next) x86_jmp(b, c->blabel[to]);
}

/* ---- the values -------------------------------------------------------- */

static enum x86_cc cc_of(uint16_t op) {
    switch (op) {
    case OP_ifeq: case OP_if_icmpeq: case OP_if_acmpeq: case OP_ifnull: return X86_CC_E;
    case OP_ifne: case OP_if_icmpne: case OP_if_acmpne: case OP_ifnonnull: return X86_CC_NE;
    case OP_iflt: case OP_if_icmplt: return X86_CC_L;
    case OP_ifge: case OP_if_icmpge: return X86_CC_GE;
    case OP_ifgt: case OP_if_icmpgt: return X86_CC_G;
    default: return X86_CC_LE;
    }
}

/* the null check of object obj (in register r) at access v: none when a
 * check of obj was emitted in a block dominating this one (the blocks are
 * emitted in reverse postorder: a dominator's code comes first) */
static void null_exit(x86_buf *b, cg *c, uint32_t v, int r, uint32_t obj) {
    uint32_t nb = c->nn_blk[obj];
    if (c->g->vals[v].flags & T2_F_NONNULL) return;  /* (t2_opt.c, T2_O_NNDOM) */
    if (nb && t2_dominates(c->g, nb - 1, c->cur_blk)) return;
    x86_test_rr64(b, r, r);
    x86_jcc(b, X86_CC_E, exit_of(b, c, v));
    if (!nb) c->nn_blk[obj] = c->cur_blk + 1;
}

/* where v's result is computed: its register, else rax */
static int dst_of(const cg *c, uint32_t v) { return c->g->reg[v] >= 0 && !t2_is_xreg(c->g->reg[v]) ? c->g->reg[v] : X86_RAX; }

static void load_typed(x86_buf *b, char t, int r, x86_mem m) {
    switch (t) {
    case 'I': case 'F': x86_ld32(b, r, m); break;
    case 'Z': case 'B': x86_ld8sx(b, r, m); break;
    case 'C': x86_ld16zx(b, r, m); break;
    case 'S': x86_ld16sx(b, r, m); break;
    default: x86_ld64(b, r, m); break;
    }
}
static void store_typed(x86_buf *b, char t, x86_mem m, int r) {
    switch (t) {
    case 'I': case 'F': x86_st32(b, m, r); break;
    case 'Z': x86_alu_ri32(b, X86_AND, r, 1); x86_st8(b, m, r); break;
    case 'B': x86_st8(b, m, r); break;
    case 'C': case 'S': x86_st16(b, m, r); break;
    default: x86_st64(b, m, r); break;
    }
}
static char elem_type(uint16_t op) {
    switch (op) {
    case OP_iaload: case OP_iastore: return 'I';
    case OP_laload: case OP_lastore: return 'J';
    case OP_faload: case OP_fastore: return 'F';
    case OP_daload: case OP_dastore: return 'D';
    case OP_aaload: case OP_aastore: return 'L';
    case OP_baload: case OP_bastore: return 'B';
    case OP_caload: case OP_castore: return 'C';
    default: return 'S';
    }
}
static int elem_scale(char t) { return t == 'I' || t == 'F' ? 4 : t == 'J' || t == 'L' || t == 'D' ? 8 : t == 'B' ? 1 : 2; }

/* the array access's element address (checked): the array in its
 * register or rax, the index (an int: zero-extended, and not negative
 * once checked) in its register or rcx; *arr = the array's register */
static x86_mem array_elem(x86_buf *b, cg *c, uint32_t v, int *arr) {
    t2_val *x = &c->g->vals[v];
    uint32_t a = t2_arg(c->g, v, 0), i = t2_arg(c->g, v, 1);
    int ar = in_reg(b, c, a, X86_RAX);
    int ir = in_reg(b, c, i, X86_RCX);
    if (!(x->flags & T2_F_INBOUNDS)) {
        null_exit(b, c, v, ar, a);
        x86_alu_rm32(b, X86_CMP, ir, x86_m(ar, O_LEN));
        x86_jcc(b, X86_CC_AE, exit_of(b, c, v));
        /* (t23, t2_opt.c's smear_checks) index + hi and index - lo too */
        for (int k = 0; k < 2; k++) {
            int32_t dk = k ? -(int32_t)T2_SMEAR_LO(x->imm) : (int32_t)T2_SMEAR_HI(x->imm);
            if (!dk) continue;
            if (ir == X86_RCX) x86_alu_ri32(b, X86_ADD, X86_RCX, dk);
            else x86_lea32(b, X86_RCX, x86_m(ir, dk));
            x86_alu_rm32(b, X86_CMP, X86_RCX, x86_m(ar, O_LEN));
            x86_jcc(b, X86_CC_AE, exit_of(b, c, v));
            if (ir == X86_RCX) x86_alu_ri32(b, X86_SUB, X86_RCX, dk);
        }
    }
    *arr = ar;
    char t = elem_type(x->aux);
    return x86_mx(ar, ir, elem_scale(t), (int32_t)JOBJ_HEADER_SIZE);
}

/* cmovcc dst, src */
static void cmov(x86_buf *b, bool w, enum x86_cc cc, int dst, int src) {
    if (w) x86_cmov64(b, cc, dst, src);
    else x86_cmov32(b, cc, dst, src);
}

static bool is_x(const cg *c, uint32_t v) { return c->g->vals[v].op != T2_CONST && t2_is_xreg(c->g->reg[v]); }
static bool x_spilled(const cg *c, uint32_t v) {
    return c->g->vals[v].op != T2_CONST && c->g->reg[v] < 0 && c->g->spill[v] && t2_xmm_on(c->g);
}
/* value v (a float or double) into xmm register xr (scratch: gr) */
static void to_xmm_via(x86_buf *b, const cg *c, int xr, uint32_t v, int gr) {
    bool f = c->g->vals[v].ty == 'F';
    if (is_x(c, v)) { if ((c->g->reg[v] & 15) != xr) x86_movaps_rr(b, xr, c->g->reg[v] & 15); return; }
    if (x_spilled(c, v)) { if (f) x86_movss_ld(b, xr, spill_at(c, v)); else x86_movsd_ld(b, xr, spill_at(c, v)); return; }
    if (c->g->vals[v].op == T2_CONST && c->g->vals[v].imm == 0) { x86_xorps_rr(b, xr, xr); return; }
    int r = in_reg(b, c, v, gr);
    if (f) x86_movd_xr(b, xr, r);
    else x86_movq_xr(b, xr, r);
}
static void to_xmm(x86_buf *b, const cg *c, int xr, uint32_t v) { to_xmm_via(b, c, xr, v, X86_RCX); }
/* the xmm register holding v, or v loaded into xr */
static int xsrc(x86_buf *b, const cg *c, int xr, uint32_t v) {
    if (is_x(c, v)) return c->g->reg[v] & 15;
    to_xmm(b, c, xr, v);
    return xr;
}
/* where v's result is computed: its xmm register, else xmm0 */
static int xdst(const cg *c, uint32_t v) { return is_x(c, v) ? c->g->reg[v] & 15 : 0; }
/* xmm register xr's float (dbl false) or double to v's location */
static void from_xmm(x86_buf *b, const cg *c, uint32_t v, int xr, bool dbl) {
    if (is_x(c, v)) { if ((c->g->reg[v] & 15) != xr) x86_movaps_rr(b, c->g->reg[v] & 15, xr); return; }
    if (x_spilled(c, v)) { if (dbl) x86_movsd_st(b, spill_at(c, v), xr); else x86_movss_st(b, spill_at(c, v), xr); return; }
    if (dbl) x86_movq_rx(b, X86_RAX, xr);
    else x86_movd_rx(b, X86_RAX, xr);
    t2cg_put(b, c, v, X86_RAX);
}
/* eax = (cc_gt) - (cc_lt) from the flags as they are */
static void flags_to_cmp(x86_buf *b, enum x86_cc gt, enum x86_cc lt) {
    x86_setcc(b, gt, X86_RAX);
    x86_setcc(b, lt, X86_RCX);
    x86_movzx8_rr(b, X86_RAX, X86_RAX);
    x86_movzx8_rr(b, X86_RCX, X86_RCX);
    x86_alu_rr32(b, X86_SUB, X86_RAX, X86_RCX);
}

static void gen_fbin(x86_buf *b, cg *c, uint32_t v) {
    t2_val *x = &c->g->vals[v];
    uint32_t p = t2_arg(c->g, v, 0), q = t2_arg(c->g, v, 1);
    uint16_t op = x->aux;
    bool dbl = c->g->vals[p].ty == 'D';
    switch (op) {
    case OP_fadd: case OP_dadd: case OP_fsub: case OP_dsub: case OP_fmul: case OP_dmul:
    case OP_fdiv: case OP_ddiv: {
        enum x86_sse_op so = (op == OP_fadd || op == OP_dadd) ? X86_SSE_ADD : (op == OP_fsub || op == OP_dsub) ? X86_SSE_SUB
                           : (op == OP_fmul || op == OP_dmul) ? X86_SSE_MUL : X86_SSE_DIV;
        /* d = p; d op= q, in v's register when that is not q's (add and
         * mul swap their operands then) */
        int d = xdst(c, v);
        if (d && is_x(c, q) && (c->g->reg[q] & 15) == d) {
            bool comm = so == X86_SSE_ADD || so == X86_SSE_MUL;
            if (comm && !(is_x(c, p) && (c->g->reg[p] & 15) == d)) { uint32_t t = p; p = q; q = t; }
            else d = 0;
        }
        to_xmm(b, c, d, p);
        if (x_spilled(c, q)) {
            if (dbl) x86_sse_sd_m(b, so, d, spill_at(c, q)); else x86_sse_ss_m(b, so, d, spill_at(c, q));
        } else {
            int qr = xsrc(b, c, 1, q);
            if (dbl) x86_sse_sd(b, so, d, qr); else x86_sse_ss(b, so, d, qr);
        }
        from_xmm(b, c, v, d, dbl);
        return;
    }
    case OP_fcmpl: case OP_dcmpl: {
        if (c->fuse && c->fuse[v] == 1) return;   /* (the branch after it compares) */
        /* unordered: CF set, above clear: 0 - 1 = -1 */
        int pr = xsrc(b, c, 0, p), qr = xsrc(b, c, 1, q);
        if (dbl) x86_ucomisd(b, pr, qr); else x86_ucomiss(b, pr, qr);
        flags_to_cmp(b, X86_CC_A, X86_CC_B);
        t2cg_put(b, c, v, X86_RAX);
        return;
    }
    case OP_fcmpg: case OP_dcmpg: {
        if (c->fuse && c->fuse[v] == 1) return;
        /* the operands the other way round: unordered gives 1 - 0 */
        int pr = xsrc(b, c, 0, p), qr = xsrc(b, c, 1, q);
        if (dbl) x86_ucomisd(b, qr, pr); else x86_ucomiss(b, qr, pr);
        flags_to_cmp(b, X86_CC_B, X86_CC_A);
        t2cg_put(b, c, v, X86_RAX);
        return;
    }
    case T2_X_DCMP: case T2_X_FCMP: {
        /* Double.compare / Float.compare: smaller -1, greater 1; else
         * (equal, or a NaN) the bits compared as signed integers, a NaN's
         * made canonical (0x7ff8..: after +inf, equal to another NaN) */
        bool d = op == T2_X_DCMP;
        to_xmm(b, c, 0, p);
        to_xmm(b, c, 1, q);
        uint32_t l_nan = new_label(b, c), l_bits = new_label(b, c), l_done = new_label(b, c);
        uint32_t l_a = new_label(b, c), l_b = new_label(b, c);
        if (d) x86_ucomisd(b, 0, 1); else x86_ucomiss(b, 0, 1);
        x86_jcc(b, X86_CC_P, l_nan);
        x86_mov_ri32(b, X86_RAX, 1);
        x86_jcc(b, X86_CC_A, l_done);
        x86_mov_ri32(b, X86_RAX, (uint32_t)-1);
        x86_jcc(b, X86_CC_B, l_done);
        if (d) { x86_movq_rx(b, X86_RAX, 0); x86_movq_rx(b, X86_RDX, 1); }
        else { x86_movd_rx(b, X86_RAX, 0); x86_movd_rx(b, X86_RDX, 1); }
        x86_bind(b, l_bits);
        if (d) x86_alu_rr64(b, X86_CMP, X86_RAX, X86_RDX); else x86_alu_rr32(b, X86_CMP, X86_RAX, X86_RDX);
        flags_to_cmp(b, X86_CC_G, X86_CC_L);
        x86_jmp(b, l_done);
        x86_bind(b, l_nan);
        if (d) { x86_movq_rx(b, X86_RAX, 0); x86_movq_rx(b, X86_RDX, 1); }
        else { x86_movd_rx(b, X86_RAX, 0); x86_movd_rx(b, X86_RDX, 1); }
        if (d) x86_ucomisd(b, 0, 0); else x86_ucomiss(b, 0, 0);
        x86_jcc(b, X86_CC_NP, l_a);
        if (d) x86_mov_imm(b, X86_RAX, 0x7ff8000000000000ll); else x86_mov_ri32(b, X86_RAX, 0x7fc00000u);
        x86_bind(b, l_a);
        if (d) x86_ucomisd(b, 1, 1); else x86_ucomiss(b, 1, 1);
        x86_jcc(b, X86_CC_NP, l_b);
        if (d) x86_mov_imm(b, X86_RDX, 0x7ff8000000000000ll); else x86_mov_ri32(b, X86_RDX, 0x7fc00000u);
        x86_bind(b, l_b);
        x86_jmp(b, l_bits);
        x86_bind(b, l_done);
        t2cg_put(b, c, v, X86_RAX);
        return;
    }
    default:
        x86_fail(b, VM_ERR_INTERNAL);
    }
}

/* d2i, d2l, f2i, f2l: cvttsd2si, whose MIN_VALUE ("integer indefinite")
 * also stands for NaN (Java: 0) and for too large (MAX_VALUE) */
static void gen_f2int(x86_buf *b, bool dbl, bool w, int xs) {
    if (dbl) { if (w) x86_cvttsd2si64(b, X86_RAX, xs); else x86_cvttsd2si32(b, X86_RAX, xs); }
    else { if (w) x86_cvttss2si64(b, X86_RAX, xs); else x86_cvttss2si32(b, X86_RAX, xs); }
}

static void gen_fun(x86_buf *b, cg *c, uint32_t v) {
    t2_val *x = &c->g->vals[v];
    uint32_t p = t2_arg(c->g, v, 0);
    switch (x->aux) {
    case T2_X_BITS:   /* the same bits as another type */
        t2cg_ld(b, c, X86_RAX, p);
        t2cg_put(b, c, v, X86_RAX);
        return;
    case OP_fneg:
        t2cg_ld(b, c, X86_RAX, p);
        x86_alu_ri32(b, X86_XOR, X86_RAX, INT32_MIN);
        t2cg_put(b, c, v, X86_RAX);
        return;
    case OP_dneg:
        t2cg_ld(b, c, X86_RAX, p);
        x86_mov_imm(b, X86_RCX, INT64_MIN);
        x86_alu_rr64(b, X86_XOR, X86_RAX, X86_RCX);
        t2cg_put(b, c, v, X86_RAX);
        return;
    case OP_i2d: case OP_l2d: case OP_i2f: case OP_l2f: {
        bool wl = x->aux == OP_l2d || x->aux == OP_l2f, d = x->aux == OP_i2d || x->aux == OP_l2d;
        int r = in_reg(b, c, p, X86_RAX);
        int xd = xdst(c, v);
        if (xd) x86_xorps_rr(b, xd, xd);   /* (cvtsi2sd writes the low half only: no false dependency) */
        if (d) { if (wl) x86_cvtsi2sd64(b, xd, r); else x86_cvtsi2sd32(b, xd, r); }
        else { if (wl) x86_cvtsi2ss64(b, xd, r); else x86_cvtsi2ss32(b, xd, r); }
        from_xmm(b, c, v, xd, d);
        return;
    }
    case OP_f2d: case OP_d2f: {
        int xs = xsrc(b, c, 0, p), xd = xdst(c, v);
        if (x->aux == OP_f2d) x86_cvtss2sd(b, xd, xs); else x86_cvtsd2ss(b, xd, xs);
        from_xmm(b, c, v, xd, x->aux == OP_f2d);
        return;
    }
    case OP_d2i: case OP_d2l: case OP_f2i: case OP_f2l: {
        bool dbl = x->aux == OP_d2i || x->aux == OP_d2l, w = x->aux == OP_d2l || x->aux == OP_f2l;
        uint32_t l_done = new_label(b, c), l_pos = new_label(b, c);
        int xs = xsrc(b, c, 0, p);
        gen_f2int(b, dbl, w, xs);
        /* MIN_VALUE: NaN (0), too large (MAX_VALUE), or right */
        if (w) { x86_mov_imm(b, X86_RCX, INT64_MIN); x86_alu_rr64(b, X86_CMP, X86_RAX, X86_RCX); }
        else x86_alu_ri32(b, X86_CMP, X86_RAX, INT32_MIN);
        x86_jcc(b, X86_CC_NE, l_done);
        x86_alu_rr32(b, X86_XOR, X86_RCX, X86_RCX);
        if (dbl) x86_movq_xr(b, 1, X86_RCX); else x86_movd_xr(b, 1, X86_RCX);
        if (dbl) x86_ucomisd(b, xs, 1); else x86_ucomiss(b, xs, 1);
        x86_jcc(b, X86_CC_A, l_pos);           /* (unordered: not above) */
        x86_jcc(b, X86_CC_NP, l_done);         /* negative: MIN_VALUE is right */
        x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);   /* NaN */
        x86_jmp(b, l_done);
        x86_bind(b, l_pos);
        if (w) x86_mov_imm(b, X86_RAX, INT64_MAX); else x86_mov_ri32(b, X86_RAX, INT32_MAX);
        x86_bind(b, l_done);
        t2cg_put(b, c, v, X86_RAX);
        return;
    }
    default:
        x86_fail(b, VM_ERR_INTERNAL);
    }
}

/* (t23) multiplication by a constant (off with -Xjit:tier2,-smul: the
 * constant loaded into a register, imul d, r): by 2^s a shift, by 3, 5 or
 * 9 one lea d, [p + p*(k-1)], else imul d, p, k (the constant an
 * immediate).  The low 32 (int) or 64 (long) bits are the product's in
 * every form; an int result's upper half stays zero as imul r32 leaves it.
 * Returns false when neither operand is such a constant. */
static bool gen_mul_const(x86_buf *b, cg *c, uint32_t v, bool w) {
    if (c->g->vm->jit_tier2_off & T2_SMUL_OFF) return false;
    uint32_t p = t2_arg(c->g, v, 0), q = t2_arg(c->g, v, 1);
    const t2_val *P = &c->g->vals[p], *Q = &c->g->vals[q];
    if (P->op == T2_CONST && Q->op != T2_CONST) { uint32_t t = p; p = q; q = t; const t2_val *T = P; P = Q; Q = T; }
    if (Q->op != T2_CONST || P->op == T2_CONST) return false;
    int64_t k = w ? Q->imm : (int64_t)(int32_t)Q->imm;
    int d = dst_of(c, v);
    if (k > 1 && !(k & (k - 1))) {
        uint8_t s = 0;
        while (((int64_t)1 << s) != k) s++;
        t2cg_ld(b, c, d, p);
        if (w) x86_shift_ri64(b, X86_SHL, d, s); else x86_shift_ri32(b, X86_SHL, d, s);
    } else if (k == 3 || k == 5 || k == 9) {
        int r = in_reg(b, c, p, X86_RCX);
        x86_mem m = x86_mx(r, r, (int)k - 1, 0);
        if (w) x86_lea(b, d, m); else x86_lea32(b, d, m);
    } else if (t2cg_fits32(k)) {
        int r = in_reg(b, c, p, X86_RCX);
        if (w) x86_imul_rri64(b, d, r, (int32_t)k); else x86_imul_rri32(b, d, r, (int32_t)k);
    } else {
        return false;
    }
    t2cg_put(b, c, v, d);
    return true;
}

static void gen_bin(x86_buf *b, cg *c, uint32_t v) {
    t2_val *x = &c->g->vals[v];
    uint32_t p = t2_arg(c->g, v, 0), q = t2_arg(c->g, v, 1);
    uint16_t op = x->aux;
    bool w = x->ty == 'J' && op != OP_lcmp;
    char pt = c->g->vals[p].ty;
    if (pt == 'F' || pt == 'D') { gen_fbin(b, c, v); return; }
    if (op == OP_lcmp || op == T2_X_ICMP) {
        t2cg_ld(b, c, X86_RAX, p);
        alu_y(b, c, X86_CMP, op == OP_lcmp, X86_RAX, q);
        x86_setcc(b, X86_CC_G, X86_RAX);
        x86_setcc(b, X86_CC_L, X86_RCX);
        x86_movzx8_rr(b, X86_RAX, X86_RAX);
        x86_movzx8_rr(b, X86_RCX, X86_RCX);
        x86_alu_rr32(b, X86_SUB, X86_RAX, X86_RCX);
        t2cg_put(b, c, v, X86_RAX);
        return;
    }
    switch (op) {
    case T2_X_SEL: {
        /* (t19, t2_opt.c's if-conversion) cmp a2, a3 (test a2); then,
         * flags kept (moves only): d = a1; cmov(cc) d, a0 */
        uint32_t c0 = t2_arg(c->g, v, 2), t = p, f = q;
        char ct = c->g->vals[c0].ty;
        bool cw = ct == 'A' || ct == 'J', sw = x->ty != 'I';
        enum x86_cc cc = cc_of((uint16_t)x->imm);
        int r = in_reg(b, c, c0, X86_RAX);
        if (x->nargs == 3) { if (cw) x86_test_rr64(b, r, r); else x86_test_rr32(b, r, r); }
        else alu_y(b, c, X86_CMP, cw, r, t2_arg(c->g, v, 3));
        int d = dst_of(c, v);
        if (loc_of(c, t) == d) { uint32_t s = t; t = f; f = s; cc = (enum x86_cc)(cc ^ 1); }
        const t2_val *F = &c->g->vals[f], *T = &c->g->vals[t];
        if (F->op == T2_CONST && F->ty == 'A' && !F->ref) x86_mov_ri32(b, d, 0);   /* (ld's xor would clear the flags) */
        else t2cg_ld(b, c, d, f);
        int tr;
        if (T->op == T2_CONST && T->ty == 'A' && !T->ref) { x86_mov_ri32(b, X86_RCX, 0); tr = X86_RCX; }
        else tr = in_reg(b, c, t, X86_RCX);
        cmov(b, sw, cc, d, tr);
        t2cg_put(b, c, v, d);
        return;
    }
    case T2_X_IMIN: case T2_X_IMAX: case T2_X_LMIN: case T2_X_LMAX: {
        /* d = p; cmp d, q; cmov(greater / less) d, q */
        bool lw = op == T2_X_LMIN || op == T2_X_LMAX;
        bool mn = op == T2_X_IMIN || op == T2_X_LMIN;
        int qr = in_reg(b, c, q, X86_RCX);
        int d = dst_of(c, v);
        if (d == qr) d = X86_RAX;
        t2cg_ld(b, c, d, p);
        if (lw) x86_alu_rr64(b, X86_CMP, d, qr); else x86_alu_rr32(b, X86_CMP, d, qr);
        cmov(b, lw, mn ? X86_CC_G : X86_CC_L, d, qr);
        t2cg_put(b, c, v, d);
        return;
    }
    case OP_iadd: case OP_ladd: case OP_isub: case OP_lsub: case OP_iand: case OP_land:
    case OP_ior: case OP_lor: case OP_ixor: case OP_lxor: {
        enum x86_alu a = (op == OP_iadd || op == OP_ladd) ? X86_ADD : (op == OP_isub || op == OP_lsub) ? X86_SUB
                       : (op == OP_iand || op == OP_land) ? X86_AND : (op == OP_ior || op == OP_lor) ? X86_OR : X86_XOR;
        int d = c->g->reg[v] >= 0 ? c->g->reg[v] : X86_RAX;
        /* in place when the destination is not the second operand; a
         * commutative one (all but sub) swaps its operands then
         * (T2_O_COMMUTE) */
        if (d != X86_RAX && loc_of(c, q) == d && a != X86_SUB && (c->g->opts & T2_O_COMMUTE) && loc_of(c, p) != d) {
            uint32_t t = p; p = q; q = t;
        }
        if (d != X86_RAX && loc_of(c, q) == d) d = X86_RAX;
        /* T2_O_LEA: a sum into a third register, lea d, [p + q] / [p + k] */
        int pl = loc_of(c, p), ql = loc_of(c, q);
        const t2_val *Q = &c->g->vals[q];
        if ((c->g->opts & T2_O_LEA) && a == X86_ADD && pl >= 0 && pl < 16 && pl != d &&
            ((ql >= 0 && ql < 16) || (Q->op == T2_CONST && Q->ty != 'A' && t2cg_fits32(Q->imm)))) {
            x86_mem m = ql >= 0 && ql < 16 ? x86_mx(pl, ql, 1, 0) : x86_m(pl, (int32_t)Q->imm);
            if (w) x86_lea(b, d, m); else x86_lea32(b, d, m);
            t2cg_put(b, c, v, d);
            return;
        }
        t2cg_ld(b, c, d, p);
        alu_y(b, c, a, w, d, q);
        t2cg_put(b, c, v, d);
        return;
    }
    case OP_imul: case OP_lmul: {
        if (gen_mul_const(b, c, v, w)) return;
        /* T2_O_COMMUTE: in the result's register (the operands swapped
         * when that is the second one's) */
        int d = X86_RAX;
        if ((c->g->opts & T2_O_COMMUTE) && c->g->reg[v] >= 0) {
            d = c->g->reg[v];
            if (loc_of(c, q) == d && loc_of(c, p) != d) { uint32_t t = p; p = q; q = t; }
            if (loc_of(c, q) == d) d = X86_RAX;
        }
        int r = in_reg(b, c, q, X86_RCX);
        t2cg_ld(b, c, d, p);
        if (w) x86_imul_rr64(b, d, r); else x86_imul_rr32(b, d, r);
        t2cg_put(b, c, v, d);
        return;
    }
    case OP_ishl: case OP_ishr: case OP_iushr: case OP_lshl: case OP_lshr: case OP_lushr: {
        enum x86_shift s = (op == OP_ishl || op == OP_lshl) ? X86_SHL : (op == OP_ishr || op == OP_lshr) ? X86_SAR : X86_SHR;
        const t2_val *Q = &c->g->vals[q];
        int d = dst_of(c, v);
        if (Q->op == T2_CONST) {
            t2cg_ld(b, c, d, p);
            uint8_t k = (uint8_t)(Q->imm & (w ? 63 : 31));
            if (w) x86_shift_ri64(b, s, d, k); else x86_shift_ri32(b, s, d, k);
        } else {
            if (loc_of(c, q) == d) d = X86_RAX;
            t2cg_ld(b, c, X86_RCX, q);
            t2cg_ld(b, c, d, p);
            if (w) x86_shift_cl64(b, s, d); else x86_shift_cl32(b, s, d);
        }
        t2cg_put(b, c, v, d);
        return;
    }
    case OP_idiv: case OP_irem: case OP_ldiv: case OP_lrem: {
        bool rem = op == OP_irem || op == OP_lrem;
        if (x->flags & T2_F_SAFE) { t2cg_divc(b, c, v); return; }
        fuzz_point(b, c, v);
        t2cg_ld(b, c, X86_RAX, p);
        t2cg_ld(b, c, X86_RCX, q);
        if (w) x86_test_rr64(b, X86_RCX, X86_RCX); else x86_test_rr32(b, X86_RCX, X86_RCX);
        x86_jcc(b, X86_CC_E, exit_of(b, c, v));
        uint32_t l_div = new_label(b, c), l_done = new_label(b, c);
        if (w) x86_alu_ri64(b, X86_CMP, X86_RCX, -1); else x86_alu_ri32(b, X86_CMP, X86_RCX, -1);
        x86_jcc(b, X86_CC_NE, l_div);
        /* x / -1 = -x (MIN_VALUE stays), x % -1 = 0: idiv would trap */
        if (rem) x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);
        else if (w) x86_neg64(b, X86_RAX);
        else x86_neg32(b, X86_RAX);
        x86_jmp(b, l_done);
        x86_bind(b, l_div);
        if (w) { x86_cqo(b); x86_idiv64(b, X86_RCX); } else { x86_cdq(b); x86_idiv32(b, X86_RCX); }
        if (rem) { if (w) x86_mov_rr64(b, X86_RAX, X86_RDX); else x86_mov_rr32(b, X86_RAX, X86_RDX); }
        x86_bind(b, l_done);
        t2cg_put(b, c, v, X86_RAX);
        return;
    }
    default:
        x86_fail(b, VM_ERR_INTERNAL);
    }
}

static void gen_un(x86_buf *b, cg *c, uint32_t v) {
    t2_val *x = &c->g->vals[v];
    if (t2_float_op(x->aux) || x->aux == T2_X_BITS) { gen_fun(b, c, v); return; }
    if (x->aux == T2_X_IABS || x->aux == T2_X_LABS) {
        /* rax = -p; negative (p > 0, or MIN_VALUE: stays): rax = p */
        bool lw = x->aux == T2_X_LABS;
        t2cg_ld(b, c, X86_RCX, t2_arg(c->g, v, 0));
        if (lw) { x86_mov_rr64(b, X86_RAX, X86_RCX); x86_neg64(b, X86_RAX); }
        else { x86_mov_rr32(b, X86_RAX, X86_RCX); x86_neg32(b, X86_RAX); }
        cmov(b, lw, X86_CC_S, X86_RAX, X86_RCX);
        t2cg_put(b, c, v, X86_RAX);
        return;
    }
    int d = dst_of(c, v);
    t2cg_ld(b, c, d, t2_arg(c->g, v, 0));
    switch (x->aux) {
    case OP_ineg: x86_neg32(b, d); break;
    case OP_lneg: x86_neg64(b, d); break;
    case OP_i2l: x86_movsxd_rr(b, d, d); break;
    case OP_l2i: x86_mov_rr32(b, d, d); break;
    case OP_i2b: x86_movsx8_rr(b, d, d); break;
    case OP_i2c: x86_movzx16_rr(b, d, d); break;
    case OP_i2s: x86_movsx16_rr(b, d, d); break;
    default: x86_fail(b, VM_ERR_INTERNAL); return;
    }
    t2cg_put(b, c, v, d);
}

/* the pc a tick's slow path stores in the frame (the interpreter's SAVE
 * there: a branch's target, the invoke itself); inlined: the outer call */
static uint32_t tick_pc(const cg *c, uint32_t v) {
    const t2_graph *g = c->g;
    const t2_val *x = &g->vals[v];
    uint16_t ctx = x->ctx;
    uint32_t pc = x->pc;
    if (ctx != 0) {
        while (g->ctxs[ctx].parent != 0) ctx = g->ctxs[ctx].parent;
        return g->ctxs[ctx].call_pc;
    }
    uint8_t op = c->m->code->code[pc];
    if (op >= OP_invokevirtual && op <= OP_invokeinterface) return pc;
    const t2_blk *B = &g->blks[x->blk];
    return B->n_succs == 1 ? g->blks[B->succs[0]].pc : pc;
}

static void gen_runtime_call(x86_buf *b, cg *c, uint32_t v);
static void gen_framed_call(x86_buf *b, cg *c, uint32_t v);

/* jump to l_done if class k is initialized */
static void init_check(x86_buf *b, const cg *c, const jclass *k, uint32_t l_done) {
    (void)c;
    x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&k->state);
    x86_ld8zx(b, X86_RAX, x86_m(X86_RAX, 0));
    x86_alu_ri32(b, X86_CMP, X86_RAX, CLS_INITIALIZED);
    x86_jcc(b, X86_CC_E, l_done);
}
/* the caller-saved registers t2_ra.c hands out */
static uint32_t xsave_push(x86_buf *b, const cg *c, uint32_t v);
static void xsave_pop(x86_buf *b, const cg *c, uint32_t v);
static const int8_t c_saved[6] = { X86_RSI, X86_RDI, X86_R8, X86_R9, X86_R10, X86_R11 };

/* aastore's type check (the value in rdx, the array in ar, checked):
 * null, the component class exactly, or an Object[] store at once; else
 * jit_rt_instanceof (no allocation) decides, and a value that is not
 * assignable leaves (the interpreter throws ArrayStoreException).  Every
 * register but rdx's value is as it was after */
static void aastore_check(x86_buf *b, cg *c, uint32_t v, int ar) {
    uint32_t l_store = new_label(b, c), l_ok = new_label(b, c);
    x86_test_rr64(b, X86_RDX, X86_RDX);
    x86_jcc(b, X86_CC_E, l_store);
    x86_push(b, X86_RCX);
    x86_push(b, X86_RSI);
    x86_ld64(b, X86_RCX, x86_m(ar, O_CLS));
    x86_ld64(b, X86_RCX, x86_m(X86_RCX, (int32_t)offsetof(jclass, component)));
    x86_alu_rm64(b, X86_CMP, X86_RCX, x86_m(X86_RDX, O_CLS));
    x86_jcc(b, X86_CC_E, l_ok);
    x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)c->vm->wk.object);
    x86_alu_rr64(b, X86_CMP, X86_RCX, X86_RSI);
    x86_jcc(b, X86_CC_E, l_ok);
    /* 2 + 8 pushes: the stack stays 16-aligned for the call */
    static const int8_t sv[8] = { X86_RAX, X86_RDX, X86_RDI, X86_R8, X86_R9, X86_R10, X86_R11, X86_R11 };
    for (uint32_t i = 0; i < 8; i++) x86_push(b, sv[i]);
    xsave_push(b, c, v);
    x86_mov_rr64(b, X86_RDI, X86_RDX);
    x86_mov_rr64(b, X86_RSI, X86_RCX);
    x86_call_abs(b, (const void *)jit_rt_instanceof, X86_RAX);
    xsave_pop(b, c, v);
    x86_mov_rr32(b, X86_RCX, X86_RAX);
    for (uint32_t i = 8; i-- > 0;) x86_pop(b, sv[i]);
    x86_test_rr32(b, X86_RCX, X86_RCX);
    x86_pop(b, X86_RSI);
    x86_pop(b, X86_RCX);
    x86_jcc(b, X86_CC_E, exit_of(b, c, v));
    x86_jmp(b, l_store);
    x86_bind(b, l_ok);
    x86_pop(b, X86_RSI);
    x86_pop(b, X86_RCX);
    x86_bind(b, l_store);
}

/* (t14) a float or double between memory and xmm directly: v loaded
 * from m (true), or the value s stored to m (scratch gr for a constant) */
static bool x_load(x86_buf *b, const cg *c, uint32_t v, x86_mem m) {
    char t = c->g->vals[v].ty;
    if ((t != 'F' && t != 'D') || !t2_xmm_on(c->g)) return false;
    int xd = xdst(c, v);
    if (t == 'F') x86_movss_ld(b, xd, m); else x86_movsd_ld(b, xd, m);
    from_xmm(b, c, v, xd, t == 'D');
    return true;
}
static bool x_store(x86_buf *b, const cg *c, uint32_t s, x86_mem m, int gr) {
    char t = c->g->vals[s].ty;
    if ((t != 'F' && t != 'D') || !t2_xmm_on(c->g)) return false;
    int xr = is_x(c, s) ? c->g->reg[s] & 15 : 0;
    if (!is_x(c, s)) to_xmm_via(b, c, 0, s, gr);
    if (t == 'F') x86_movss_st(b, m, xr); else x86_movsd_st(b, m, xr);
    return true;
}

/* (t14) around a call into C: the XMM registers live across it
 * (g->xsave, t2_ra.c), saved below rsp (16-aligned); the bytes */
static uint32_t xsave_push(x86_buf *b, const cg *c, uint32_t v) {
    uint16_t m = c->g->xsave ? c->g->xsave[v] : 0;
    uint32_t n = 0;
    for (uint16_t q = m; q; q &= (uint16_t)(q - 1)) n++;
    if (!n) return 0;
    uint32_t bytes = (8 * n + 15) & ~15u;
    x86_alu_ri64(b, X86_SUB, X86_RSP, (int32_t)bytes);
    for (uint32_t k = 0, i = 0; k < 16; k++)
        if (m & (1u << k)) x86_movsd_st(b, x86_m(X86_RSP, (int32_t)(8 * i++)), (int)k);
    return bytes;
}
static void xsave_pop(x86_buf *b, const cg *c, uint32_t v) {
    uint16_t m = c->g->xsave ? c->g->xsave[v] : 0;
    uint32_t n = 0;
    for (uint32_t k = 0; k < 16; k++)
        if (m & (1u << k)) x86_movsd_ld(b, (int)k, x86_m(X86_RSP, (int32_t)(8 * n++)));
    if (n) x86_alu_ri64(b, X86_ADD, X86_RSP, (int32_t)((8 * n + 15) & ~15u));
}

/* (t14, fbranch) `fcmpl/g, dcmpl/g; ifXX` as ucomis + jcc, the compare's
 * -1/0/1 never made.  ucomisd a, b: above (CF = ZF = 0) a > b, below (CF)
 * a < b or unordered, equal (ZF) a == b or unordered, parity unordered.
 * The l form's NaN is -1: r < 0 is "below", r >= 0 "above or equal", r > 0
 * "above", r <= 0 "below or equal".  The g form's NaN is 1: the same with
 * the operands swapped and the opposite (ucomisd b, a: r < 0 is b above a,
 * r > 0 is b below a or unordered...).  == and != also test parity. */
static void gen_fbranch(x86_buf *b, cg *c, uint32_t blk, uint32_t v, uint32_t next) {
    t2_graph *g = c->g;
    const t2_blk *B = &g->blks[blk];
    uint32_t k = t2_arg(g, v, 0);
    uint32_t p = t2_arg(g, k, 0), q = t2_arg(g, k, 1);
    uint16_t cop = g->vals[k].aux;
    bool dbl = cop == OP_dcmpl || cop == OP_dcmpg, gform = cop == OP_fcmpg || cop == OP_dcmpg;
    int pr = xsrc(b, c, 0, p), qr = xsrc(b, c, 1, q);
    if (gform && g->vals[v].aux != OP_ifeq && g->vals[v].aux != OP_ifne) { int t = pr; pr = qr; qr = t; }
    if (dbl) x86_ucomisd(b, pr, qr); else x86_ucomiss(b, pr, qr);
    uint32_t s0 = B->succs[0], s1 = B->succs[1];
    enum x86_cc cc;
    switch (g->vals[v].aux) {
    case OP_ifeq:   /* ordered and equal: else (not equal, or unordered) s1 */
        jcc_edge(b, c, X86_CC_NE, blk, s1);
        jcc_edge(b, c, X86_CC_P, blk, s1);
        goto_edge(b, c, blk, s0, next);
        return;
    case OP_ifne:
        jcc_edge(b, c, X86_CC_NE, blk, s0);
        jcc_edge(b, c, X86_CC_P, blk, s0);
        goto_edge(b, c, blk, s1, next);
        return;
    case OP_iflt: cc = gform ? X86_CC_A : X86_CC_B; break;
    case OP_ifge: cc = gform ? X86_CC_BE : X86_CC_AE; break;
    case OP_ifgt: cc = gform ? X86_CC_B : X86_CC_A; break;
    default:      cc = gform ? X86_CC_AE : X86_CC_BE; break;   /* ifle */
    }
    if ((g->opts & T2_O_JINV) && s0 == next && s1 != next) {
        jcc_edge(b, c, (enum x86_cc)(cc ^ 1), blk, s1);   /* (the flags' exact complement) */
        goto_edge(b, c, blk, s0, next);
        return;
    }
    jcc_edge(b, c, cc, blk, s0);
    goto_edge(b, c, blk, s1, next);
}

static void gen_val(x86_buf *b, cg *c, uint32_t blk, uint32_t v, uint32_t next) {
    t2_graph *g = c->g;
    t2_val *x = &g->vals[v];
    switch (x->op) {
    case T2_NOP: case T2_PHI: case T2_CONST:
        return;
    case T2_PARAM: {
        if (x_load(b, c, v, x86_m(R_LV, (int32_t)(8 * x->imm)))) return;
        int d = dst_of(c, v);   /* (its register, else rax to its slot) */
        if (x->ty == 'I' || x->ty == 'F') x86_ld32(b, d, x86_m(R_LV, (int32_t)(8 * x->imm)));
        else x86_ld64(b, d, x86_m(R_LV, (int32_t)(8 * x->imm)));
        t2cg_put(b, c, v, d);
        return;
    }
    case T2_BIN: gen_bin(b, c, v); return;
    case T2_UN: gen_un(b, c, v); return;
    case T2_NULLCHK: {
        fuzz_point(b, c, v);
        int r = in_reg(b, c, t2_arg(g, v, 0), X86_RAX);
        null_exit(b, c, v, r, t2_arg(g, v, 0));
        if (x->ref) {
            /* a guarded inlined call: the receiver's class dispatches to
             * the inlined method (rt_dispatch_virtual: vtable[index]) */
            const jmethod *rm = x->ref;
            x86_ld64(b, X86_RAX, x86_m(r, O_CLS));
            x86_ld64(b, X86_RAX, x86_m(X86_RAX, (int32_t)offsetof(jclass, vtable)));
            x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)rm);
            x86_alu_rm64(b, X86_CMP, X86_RCX, x86_m(X86_RAX, (int32_t)(8 * rm->vtable_index)));
            x86_jcc(b, X86_CC_NE, exit_of(b, c, v));
        }
        return;
    }
    case T2_GETF: case T2_PUTF: {
        const jfield *f = x->ref;
        fuzz_point(b, c, v);
        int o = in_reg(b, c, t2_arg(g, v, 0), X86_RAX);
        if (!(x->flags & T2_F_SAFE)) null_exit(b, c, v, o, t2_arg(g, v, 0));
        if (x->op == T2_GETF) {
            if (x_load(b, c, v, x86_m(o, (int32_t)f->offset))) return;
            int d = dst_of(c, v) == X86_RAX ? X86_RCX : dst_of(c, v);
            load_typed(b, f->type, d, x86_m(o, (int32_t)f->offset));
            t2cg_put(b, c, v, d);
        } else {
            if (x_store(b, c, t2_arg(g, v, 1), x86_m(o, (int32_t)f->offset), X86_RCX)) return;
            t2cg_ld(b, c, X86_RCX, t2_arg(g, v, 1));
            store_typed(b, f->type, x86_m(o, (int32_t)f->offset), X86_RCX);
        }
        return;
    }
    case T2_GETS: case T2_PUTS: {
        const jfield *f = x->ref;
        fuzz_point(b, c, v);
        x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)(f->owner->statics + f->offset));
        if (x->op == T2_GETS) {
            if (x_load(b, c, v, x86_m(X86_RAX, 0))) return;
            int d = dst_of(c, v) == X86_RAX ? X86_RCX : dst_of(c, v);
            load_typed(b, f->type, d, x86_m(X86_RAX, 0));
            t2cg_put(b, c, v, d);
        } else {
            if (x_store(b, c, t2_arg(g, v, 0), x86_m(X86_RAX, 0), X86_RCX)) return;
            t2cg_ld(b, c, X86_RCX, t2_arg(g, v, 0));
            store_typed(b, f->type, x86_m(X86_RAX, 0), X86_RCX);
        }
        return;
    }
    case T2_INIT: {
        /* initialized: nothing; else jit_rt_init_class with the frame
         * written (it runs <clinit>: a call) */
        fuzz_point(b, c, v);
        uint32_t l_done = new_label(b, c);
        init_check(b, c, (const jclass *)x->ref, l_done);
        if (x->ctx) gen_framed_call(b, c, v);   /* (T2_INLNEW) */
        else gen_runtime_call(b, c, v);
        x86_bind(b, l_done);
        return;
    }
    case T2_ALEN:
        fuzz_point(b, c, v);
        int o = in_reg(b, c, t2_arg(g, v, 0), X86_RAX);
        if (!(x->flags & T2_F_SAFE)) null_exit(b, c, v, o, t2_arg(g, v, 0));
        x86_ld32(b, dst_of(c, v), x86_m(o, O_LEN));
        t2cg_put(b, c, v, dst_of(c, v));
        return;
    case T2_ALOAD: {
        fuzz_point(b, c, v);
        int ar;
        x86_mem e = array_elem(b, c, v, &ar);
        if (x_load(b, c, v, e)) return;
        if ((x->flags & T2_F_ZX) && x->aux == OP_baload) x86_ld8zx(b, dst_of(c, v), e);
        else if (x->flags & T2_F_ZX) x86_ld16zx(b, dst_of(c, v), e);
        else load_typed(b, elem_type(x->aux), dst_of(c, v), e);
        t2cg_put(b, c, v, dst_of(c, v));
        return;
    }
    case T2_ASTORE: {
        fuzz_point(b, c, v);
        int ar;
        x86_mem e = array_elem(b, c, v, &ar);
        if (x_store(b, c, t2_arg(g, v, 2), e, X86_RDX)) return;
        t2cg_ld(b, c, X86_RDX, t2_arg(g, v, 2));
        char t = elem_type(x->aux);
        if (x->aux == OP_aastore) aastore_check(b, c, v, ar);
        if (x->aux == OP_bastore && !t2_known_bytes(g, t2_arg(g, v, 0))) {
            /* a boolean[] stores the low bit (JVMS bastore): its class's
             * name ("[Z") says which */
            uint32_t l = new_label(b, c);
            x86_push(b, X86_RCX);
            x86_ld64(b, X86_RCX, x86_m(ar, O_CLS));
            x86_ld64(b, X86_RCX, x86_m(X86_RCX, (int32_t)offsetof(jclass, name)));
            x86_ld8zx(b, X86_RCX, x86_m(X86_RCX, 1));
            x86_alu_ri32(b, X86_CMP, X86_RCX, 'Z');
            x86_pop(b, X86_RCX);
            x86_jcc(b, X86_CC_NE, l);
            x86_alu_ri32(b, X86_AND, X86_RDX, 1);
            x86_bind(b, l);
        }
        store_typed(b, t, e, X86_RDX);
        return;
    }
    case T2_CHECKCAST: case T2_INSTOF: {
        if (x->op == T2_INSTOF && x->aux == T2_INSTOF_EXACT) {
            /* (T2_O_POLY) the receiver (non-null: its null check
             * dominates) of exactly the class */
            int r = in_reg(b, c, t2_arg(g, v, 0), X86_RAX);
            x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)x->ref);
            x86_alu_rm64(b, X86_CMP, X86_RCX, x86_m(r, O_CLS));
            x86_setcc(b, X86_CC_E, X86_RAX);
            x86_movzx8_rr(b, X86_RAX, X86_RAX);
            t2cg_put(b, c, v, X86_RAX);
            return;
        }
        /* null, or exactly the class: here; else jit_rt_instanceof (no
         * allocation, no exception); a failing checkcast leaves (the
         * interpreter throws) */
        fuzz_point(b, c, v);
        uint32_t l_null = new_label(b, c), l_done = new_label(b, c), l_slow = new_label(b, c);
        t2cg_ld(b, c, X86_RAX, t2_arg(g, v, 0));
        x86_test_rr64(b, X86_RAX, X86_RAX);
        x86_jcc(b, X86_CC_E, l_null);
        x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)x->ref);
        x86_alu_rm64(b, X86_CMP, X86_RCX, x86_m(X86_RAX, O_CLS));
        x86_jcc(b, X86_CC_NE, l_slow);
        if (x->op == T2_INSTOF) x86_mov_ri32(b, X86_RAX, 1);
        x86_bind(b, l_done);
        t2cg_put(b, c, v, X86_RAX);
        uint32_t l_end = new_label(b, c);
        x86_jmp(b, l_end);
        x86_bind(b, l_null);
        if (x->op == T2_INSTOF) x86_mov_ri32(b, X86_RAX, 0);
        x86_jmp(b, l_done);
        x86_bind(b, l_slow);
        for (uint32_t i = 0; i < 6; i++) x86_push(b, c_saved[i]);
        xsave_push(b, c, v);
        x86_mov_rr64(b, X86_RDI, X86_RAX);
        x86_mov_rr64(b, X86_RSI, X86_RCX);
        x86_call_abs(b, (const void *)jit_rt_instanceof, X86_RAX);
        xsave_pop(b, c, v);
        for (uint32_t i = 6; i-- > 0;) x86_pop(b, c_saved[i]);
        if (x->op == T2_INSTOF) {
            x86_jmp(b, l_done);
        } else {
            x86_test_rr32(b, X86_RAX, X86_RAX);
            x86_jcc(b, X86_CC_E, exit_of(b, c, v));
            t2cg_ld(b, c, X86_RAX, t2_arg(g, v, 0));
            x86_jmp(b, l_done);
        }
        x86_bind(b, l_end);
        return;
    }
    case T2_TICK: {
        uint32_t resume = new_label(b, c);
        if (c->rb) x86_alu_ri64(b, X86_SUB, R_BUD, 1);
        else x86_alu_mi64(b, X86_SUB, x86_m(R_VM, OFF_BUDGET), 1);
        x86_jcc(b, X86_CC_S, add_ol(b, c, (ol_item){ .kind = OL_TICK, .v = v, .resume = resume }));
        x86_bind(b, resume);
        fuzz_point(b, c, v);  /* (after the tick: an exit here gives it back) */
        return;
    }
    case T2_THROW:
        x86_jmp(b, exit_of(b, c, v));
        return;
    case T2_CALL: case T2_NEW: case T2_NEWARR: {
        fuzz_point(b, c, v);
        /* (b17, not -alloc) `new` inline: the call is its slow path */
        uint32_t l_slow = 0, l_done = 0, l_bump = 0, l_got = 0;
        if (x->op == T2_NEW) {
            l_slow = new_label(b, c), l_done = new_label(b, c);
            l_bump = new_label(b, c), l_got = new_label(b, c);
        }
        if (x->op == T2_NEW && b->err == VM_OK && t2_gen_new_fast(b, c->vm, x->ref, l_slow, l_bump, l_got)) {
            t2cg_put(b, c, v, X86_RAX);
            x86_jmp(b, l_done);
            x86_bind(b, l_slow);
            if (x->ctx) gen_framed_call(b, c, v);   /* (T2_INLNEW) */
            else gen_runtime_call(b, c, v);
            x86_bind(b, l_done);
        } else if ((x->op == T2_NEW || x->op == T2_CALL) && x->ctx) {
            gen_framed_call(b, c, v);   /* (T2_INLNEW, no fast path: sanitizer builds, large objects; t21: a call) */
        } else {
            gen_runtime_call(b, c, v);
        }
        return;
    }
    case T2_RET: {
        if (x->nargs) {
            uint32_t a = t2_arg(g, v, 0);
            t2cg_ld(b, c, X86_RDX, a);
            if (g->vals[a].ty == 'I') x86_narrow_int(b, c->m->ret, X86_RDX);
            x86_st64(b, x86_m(R_LV, 0), X86_RDX);
        }
        x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);
        x86_jmp(b, c->l_exit);
        return;
    }
    case T2_GOTO:
        goto_edge(b, c, blk, g->blks[blk].succs[0], next);
        return;
    case T2_IF: {
        const t2_blk *B = &g->blks[blk];
        uint32_t p = t2_arg(g, v, 0);
        if (c->fuse && c->fuse[v] == 2) { gen_fbranch(b, c, blk, v, next); return; }
        bool w = g->vals[p].ty == 'A' || g->vals[p].ty == 'J';  /* (J: t2_opt.c's cmp_branch) */
        int r = in_reg(b, c, p, X86_RAX);
        if (x->nargs == 1) { if (w) x86_test_rr64(b, r, r); else x86_test_rr32(b, r, r); }
        else alu_y(b, c, X86_CMP, w, r, t2_arg(g, v, 1));
        if ((g->opts & T2_O_JINV) && B->succs[0] == next && B->succs[1] != next) {
            /* the taken successor comes next: jump on the opposite
             * condition to the other one and fall through (x86's
             * condition codes come in pairs: cc ^ 1 is cc's negation) */
            jcc_edge(b, c, (enum x86_cc)(cc_of(x->aux) ^ 1), blk, B->succs[1]);
            goto_edge(b, c, blk, B->succs[0], next);
            return;
        }
        jcc_edge(b, c, cc_of(x->aux), blk, B->succs[0]);
        goto_edge(b, c, blk, B->succs[1], next);
        return;
    }
    case T2_SWITCH: {
        const t2_blk *B = &g->blks[blk];
        uint32_t n = (uint32_t)x->imm;
        int r = in_reg(b, c, t2_arg(g, v, 0), X86_RAX);
        for (uint32_t k = 0; k < n; k++) {
            x86_alu_ri32(b, X86_CMP, r, g->cases[x->aux + k].key);
            jcc_edge(b, c, X86_CC_E, blk, B->succs[k]);
        }
        goto_edge(b, c, blk, B->succs[n], next);
        return;
    }
    default:
        x86_fail(b, VM_ERR_INTERNAL);
    }
}

/* ---- calls and allocations: the frame as the interpreter's ---------------- */

/* write the values of frame state f (ctx 0) into the frame's slots: from
 * slot `keep` on all (a call's arguments, an allocation's count), below it
 * what the collector reads there (references; 0 in the dead slots, where
 * its stack map may still say reference): the int slots of a frame that
 * goes on in tier-2 code are never read */
static void write_slots(x86_buf *b, const cg *c, const t2_fstate *F, uint32_t keep, uint32_t pc) {
    /* T2_O_MAPZ: a dead slot below keep is zeroed only where the stack
     * map at pc (what the collector reads) says reference */
    stackmap_view sv;
    bool map = (c->g->opts & T2_O_MAPZ) && stackmap_at(c->vm, c->m, pc, &sv) == VM_OK;
    for (uint32_t j = 0; j < F->n; j++) {
        uint32_t s = c->g->pool[F->slots + j];
        x86_mem at = x86_m(R_LV, (int32_t)(8 * j));
        if (!s && map && j < keep) {
            uint32_t idx = j < F->nl ? j : j - F->nl + sv.n_locals;
            bool in = j < F->nl ? j < sv.n_locals : idx < (uint32_t)sv.n_locals + sv.stack_depth;
            if (!in || !sv.is_ref[idx]) continue;
        }
        if (!s) { x86_st64_imm(b, at, 0); continue; }
        if (j < keep && c->g->vals[s].ty != 'A') continue;
        st_slot(b, c, at, s);
    }
}

/* around a call into C: the caller-saved registers, the frame number
 * published, the budget counter handed over */
static void c_call_enter(x86_buf *b, const cg *c) {
    x86_ld32(b, X86_RAX, x86_m(X86_RSP, (int32_t)(c->S + c->pushed)));
    x86_st32(b, x86_m(R_VM, OFF_FC), X86_RAX);
    if (c->rb) x86_st64(b, x86_m(R_VM, OFF_BUDGET), R_BUD);
}

/* the caller-saved registers live across call v (t2_ra.c: g->csave),
 * pushed an even number of slots (the stack stays 16-aligned for the
 * callee); c->pushed: their bytes, where the frame number now lies */
static void save_regs(x86_buf *b, cg *c, uint32_t v) {
    uint8_t m = c->g->csave ? c->g->csave[v] : 0x3f;
    uint32_t n = 0;
    for (uint32_t i = 0; i < 6; i++) if (m & (1u << i)) { x86_push(b, c_saved[i]); n++; }
    if (n & 1) { x86_alu_ri64(b, X86_SUB, X86_RSP, 8); n++; }
    c->pushed = 8 * n + xsave_push(b, c, v);
}
static void restore_regs(x86_buf *b, cg *c, uint32_t v) {
    uint8_t m = c->g->csave ? c->g->csave[v] : 0x3f;
    uint32_t n = 0;
    xsave_pop(b, c, v);
    for (uint32_t i = 0; i < 6; i++) n += (m >> i) & 1;
    if (n & 1) x86_alu_ri64(b, X86_ADD, X86_RSP, 8);
    for (uint32_t i = 6; i-- > 0;) if (m & (1u << i)) x86_pop(b, c_saved[i]);
    c->pushed = 0;
}

/* The method a call site runs whatever the receiver, or NULL (as
 * jit_invoke.c's static_target) */
static const jmethod *static_target(const jmethod *callee, uint32_t kind) {
    if (kind == JIT_INV_DIRECT || kind == JIT_INV_SPECIAL) return callee;
    if (kind != JIT_INV_VIRTUAL) return NULL;
    const jclass *o = callee->owner;
    bool iface = o->kind == KIND_INSTANCE && (o->access & ACC_INTERFACE);
    if (!iface && ((callee->access & (ACC_PRIVATE | ACC_FINAL)) || (o->access & ACC_FINAL))) return callee;
    return NULL;
}

/* the JIT_INV_* kind of call x's invoke */
static uint32_t inv_kind(const t2_val *x) {
    const jmethod *rm = x->ref;
    return x->aux == OP_invokestatic ? JIT_INV_DIRECT : x->aux == OP_invokespecial ? JIT_INV_SPECIAL
         : x->aux == OP_invokevirtual ? JIT_INV_VIRTUAL
         : (rm->access & ACC_PRIVATE) ? JIT_INV_SPECIAL : JIT_INV_INTERFACE;
}

/* a call not inlined, an allocation: the frame written as the interpreter
 * has it at that instruction (the collector scans it, stack traces show
 * its pc), the C helper called as the baseline's slow paths call it */
static void gen_runtime_call(x86_buf *b, cg *c, uint32_t v) {
    t2_graph *g = c->g;
    t2_val *x = &g->vals[v];
    const t2_fstate *F = &g->fss[x->fs];
    if (!x->fs || F->parent) { x86_fail(b, VM_ERR_INTERNAL); return; }
    uint32_t depth = F->n - F->nl;
    uint32_t keep = x->op == T2_CALL ? F->n - (x->ref ? ((const jmethod *)x->ref)->arg_slots : (uint32_t)x->imm)
                  : x->op == T2_NEWARR ? F->n - 1 : F->n;
    write_slots(b, c, F, keep, x->pc);
    /* pc and sp as the interpreter saves them: whatever runs on top of
     * this frame (<clinit>, the callee) starts past its operands */
    int fr = fr_reg(b, c, X86_RCX, 0);
    x86_st32_imm(b, x86_m(fr, F_PC), (int32_t)x->pc);
    x86_lea(b, X86_RAX, x86_m(R_LV, (int32_t)(8 * (F->nl + depth))));
    x86_st64(b, x86_m(fr, F_SP), X86_RAX);
    uint32_t res;   /* the slot the result comes back in */
    if (x->op == T2_INIT) {
        save_regs(b, c, v);
        c_call_enter(b, c);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)x->ref);
        x86_call_abs(b, (const void *)jit_rt_init_class, X86_RAX);
        if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
        restore_regs(b, c, v);
        x86_test_rr32(b, X86_RAX, X86_RAX);
        x86_jcc(b, X86_CC_NE, c->l_exit);
        return;
    }
    if (x->op == T2_CALL && x->aux == OP_invokestatic &&
        ((const jmethod *)x->ref)->owner->state != CLS_INITIALIZED) {
        /* invokestatic initializes the class first */
        uint32_t l_inited = new_label(b, c);
        init_check(b, c, ((const jmethod *)x->ref)->owner, l_inited);
        save_regs(b, c, v);
        c_call_enter(b, c);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)((const jmethod *)x->ref)->owner);
        x86_call_abs(b, (const void *)jit_rt_init_class, X86_RAX);
        if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
        restore_regs(b, c, v);
        x86_test_rr32(b, X86_RAX, X86_RAX);
        x86_jcc(b, X86_CC_NE, c->l_exit);
        x86_bind(b, l_inited);
    }
    if (x->op == T2_CALL && x->ref) {
        const jmethod *rm = x->ref;
        if (rm->arg_slots > depth) { x86_fail(b, VM_ERR_INTERNAL); return; }
        res = F->nl + depth - rm->arg_slots;
        uint32_t kind = inv_kind(x);
        const jmethod *T = static_target(rm, kind);
        bool ic = !T && (kind == JIT_INV_VIRTUAL || kind == JIT_INV_INTERFACE);
        jit_icache *cell = ic ? &c->cells[c->n_cells++] : NULL;
        uint32_t l_slow = new_label(b, c), l_done = new_label(b, c);
        save_regs(b, c, v);
        if (T || ic) {
            /* the baseline's fast call (jit_invoke.c): limits, the
             * callee's frame pushed (method, locals), its fast entry */
            x86_lea(b, X86_RDX, x86_m(R_LV, (int32_t)(8 * res)));
            x86_st64(b, x86_m(fr_reg(b, c, X86_RAX, 0), F_SP), X86_RDX);
            if (T) {
                if (!T->code) x86_jmp(b, l_slow);
                if (kind != JIT_INV_DIRECT) {
                    /* a null receiver: the helper throws */
                    x86_ld64(b, X86_RAX, x86_m(X86_RDX, 0));
                    x86_test_rr64(b, X86_RAX, X86_RAX);
                    x86_jcc(b, X86_CC_E, l_slow);
                }
                x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&T->jit_entry);
                x86_ld64(b, X86_RAX, x86_m(X86_RAX, 0));
                x86_test_rr64(b, X86_RAX, X86_RAX);
                x86_jcc(b, X86_CC_E, l_slow);
                x86_alu_ri64(b, X86_ADD, X86_RAX, (int32_t)JIT_FAST_ENTRY_OFFSET);
                x86_movabs(b, X86_R9, (uint64_t)(uintptr_t)T);
            } else {
                x86_ld64(b, X86_RAX, x86_m(X86_RDX, 0));          /* the receiver */
                x86_test_rr64(b, X86_RAX, X86_RAX);
                x86_jcc(b, X86_CC_E, l_slow);
                x86_ld64(b, X86_RAX, x86_m(X86_RAX, O_CLS));
                x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)cell);
                x86_alu_rm64(b, X86_CMP, X86_RAX, x86_m(X86_RCX, (int32_t)offsetof(jit_icache, cls)));
                x86_jcc(b, X86_CC_NE, l_slow);
                x86_ld64(b, X86_R9, x86_m(X86_RCX, (int32_t)offsetof(jit_icache, target)));
                x86_ld64(b, X86_RAX, x86_m(X86_RCX, (int32_t)offsetof(jit_icache, entry)));
            }
            x86_ld32(b, X86_R8, x86_m(X86_RSP, (int32_t)(c->S + c->pushed)));
            uint32_t mf = c->vm->limits.max_frames;
            int32_t lim = mf > VM_FRAME_RESERVE + 1 ? (int32_t)(mf - VM_FRAME_RESERVE - 1) : 0;
            x86_alu_ri32(b, X86_CMP, X86_R8, lim);
            x86_jcc(b, X86_CC_AE, l_slow);
            x86_alu_rm64(b, X86_CMP, X86_RSP, x86_m(R_VM, OFF_FLOOR));
            x86_jcc(b, X86_CC_B, l_slow);
            x86_lea(b, X86_RSI, x86_m(fr_reg(b, c, X86_RSI, 0), (int32_t)sizeof(jframe)));
            x86_st64(b, x86_m(X86_RSI, (int32_t)offsetof(jframe, method)), X86_R9);
            x86_st64(b, x86_m(X86_RSI, (int32_t)offsetof(jframe, locals)), X86_RDX);
            x86_alu_ri32(b, X86_ADD, X86_R8, 1);
            x86_call_thunk(b, X86_RAX);
            x86_jmp(b, l_done);
        }
        x86_bind(b, l_slow);
        /* the invoke's tick was taken (T2_TICK before it): jit_rt_invoke
         * takes it again, so give it back */
        if (c->rb) x86_alu_ri64(b, X86_ADD, R_BUD, 1);
        else x86_alu_mi64(b, X86_ADD, x86_m(R_VM, OFF_BUDGET), 1);
        x86_ld32(b, X86_RAX, x86_m(X86_RSP, (int32_t)(c->S + c->pushed)));
        x86_st32(b, x86_m(R_VM, OFF_FC), X86_RAX);
        if (c->rb) x86_st64(b, x86_m(R_VM, OFF_BUDGET), R_BUD);
        x86_mov_rr64(b, X86_RDI, R_VM);
        if (c->frfree) fr_reg(b, c, X86_RSI, 0);
        else x86_mov_rr64(b, X86_RSI, R_FR);
        x86_movabs(b, X86_RDX, (uint64_t)(uintptr_t)rm);
        x86_lea(b, X86_RCX, x86_m(R_LV, (int32_t)(8 * res)));
        x86_mov_ri32(b, X86_R8, kind);
        if (ic) {
            x86_movabs(b, X86_R9, (uint64_t)(uintptr_t)cell);
            x86_call_abs(b, (const void *)jit_rt_invoke_ic, X86_RAX);
        } else {
            x86_call_abs(b, (const void *)jit_rt_invoke, X86_RAX);
        }
        if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
        x86_bind(b, l_done);
    } else {
        res = x->op == T2_NEW ? F->nl + depth : F->nl + depth - (x->op == T2_CALL ? (uint32_t)x->imm : 1);
        save_regs(b, c, v);
        c_call_enter(b, c);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_lea(b, X86_RDX, x86_m(R_LV, (int32_t)(8 * res)));
        if (x->op == T2_CALL) {   /* (i18) invokedynamic (t2_indy.c) */
            x86_lea(b, X86_RCX, x86_m(R_LV, (int32_t)(8 * (F->nl + depth))));
            x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)g->m);
            x86_mov_ri32(b, X86_RDX, x->pc);
            x86_mov_ri32(b, X86_R8, (uint32_t)x->imm);
            x86_call_abs(b, (const void *)jit_rt_indy_sp, X86_RAX);
        } else if (x->op == T2_NEW) {
            x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)x->ref);
            x86_call_abs(b, (const void *)jit_rt_new, X86_RAX);
        } else if (x->aux == OP_newarray) {
            x86_mov_ri32(b, X86_RSI, (uint32_t)x->imm);
            x86_call_abs(b, (const void *)jit_rt_newarray, X86_RAX);
        } else {
            x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)((const jclass *)x->ref)->array_class);
            x86_call_abs(b, (const void *)jit_rt_anewarray, X86_RAX);
        }
        if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
    }
    restore_regs(b, c, v);
    x86_test_rr32(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_NE, c->l_exit);   /* the status (an exception) goes to the caller */
    if (x->ty != 'V' && !x_load(b, c, v, x86_m(R_LV, (int32_t)(8 * res)))) {
        int d = dst_of(c, v);
        if (x->ty == 'I' || x->ty == 'F') x86_ld32(b, d, x86_m(R_LV, (int32_t)(8 * res)));
        else x86_ld64(b, d, x86_m(R_LV, (int32_t)(8 * res)));
        t2cg_put(b, c, v, d);
    }
}

/* ---- exits ------------------------------------------------------------- */

static bool refund_tick(const cg *c, uint32_t v, const t2_fstate *inner) {
    if (c->g->vals[v].op == T2_TICK) return true;
    uint8_t op = c->g->ctxs[inner->ctx].m->code->code[inner->pc];
    return op >= OP_invokevirtual && op <= OP_invokeinterface;
}

/* every frame of v's state (outermost first) into the record r and its
 * slots from lv on, each inlined callee's just above its caller's
 * operands, as the interpreter's invokes lay them out; *chain0: the
 * innermost state */
static void write_frames(x86_buf *b, cg *c, uint32_t v, t2_deopt *r, uint32_t *chain0) {
    t2_graph *g = c->g;
    uint32_t chain[T2_MAX_FRAMES], n = 0;
    for (uint32_t f = g->vals[v].fs; f && n < T2_MAX_FRAMES; f = g->fss[f].parent) chain[n++] = f;
    r->n = n;
    r->kind = g->vals[v].op;
    *chain0 = n ? chain[0] : 0;
    uint32_t base = 0;
    for (uint32_t i = 0; i < n; i++) {
        const t2_fstate *F = &g->fss[chain[n - 1 - i]];
        jmethod *fm = g->ctxs[F->ctx].m;
        r->f[i] = (t2_dframe){ fm, F->pc, base, F->nl, F->n - F->nl };
        for (uint32_t j = 0; j < F->n; j++) {
            uint32_t s = g->pool[F->slots + j];
            x86_mem at = x86_m(R_LV, (int32_t)(8 * (base + j)));
            if (!s) { x86_st64_imm(b, at, 0); continue; }
            st_slot(b, c, at, s);
        }
        base += F->n;
    }
}

/* (b17, T2_INLNEW) the slow path of a `new` or a class initialization
 * inside an inlined callee: its frames written as an exit writes them,
 * then jit_rt_new / jit_rt_init_class on top of them (t2_rt_framed), and
 * the code goes on; the object comes back in the innermost frame's next
 * operand slot */
static void gen_framed_call(x86_buf *b, cg *c, uint32_t v) {
    t2_graph *g = c->g;
    const t2_val *x = &g->vals[v];
    t2_deopt *r = &c->data->rec[c->n_rec++];
    uint32_t in;
    write_frames(b, c, v, r, &in);
    if (r->n < 2) { x86_fail(b, VM_ERR_INTERNAL); return; }
    const t2_dframe *I = &r->f[r->n - 1];
    bool call = x->op == T2_CALL;
    if (call && (!x->ref || ((const jmethod *)x->ref)->arg_slots > I->depth)) { x86_fail(b, VM_ERR_INTERNAL); return; }
    int32_t res = (int32_t)(8 * (I->base + I->nl + I->depth - (call ? ((const jmethod *)x->ref)->arg_slots : 0)));
    save_regs(b, c, v);
    /* (t21) a call: the invoke's tick was taken (T2_TICK before it), the
     * helper's jit_rt_invoke takes it again: given back */
    if (call && c->rb) x86_alu_ri64(b, X86_ADD, R_BUD, 1);
    else if (call) x86_alu_mi64(b, X86_ADD, x86_m(R_VM, OFF_BUDGET), 1);
    c_call_enter(b, c);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)r);
    x86_mov_rr64(b, X86_RDX, R_LV);
    x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)x->ref);
    x86_mov_ri32(b, X86_R8, call ? inv_kind(x) : x->op == T2_INIT);
    x86_call_abs(b, call ? (const void *)t2_rt_framed_invoke : (const void *)t2_rt_framed, X86_RAX);
    if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
    restore_regs(b, c, v);
    x86_test_rr32(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_NE, c->l_exit);   /* the status (an exception) goes to the caller */
    if (x->op == T2_NEW) {
        x86_ld64(b, X86_RAX, x86_m(R_LV, res));
        t2cg_put(b, c, v, X86_RAX);
    } else if (call && x->ty != 'V' && !x_load(b, c, v, x86_m(R_LV, res))) {
        int d = dst_of(c, v);
        if (x->ty == 'I' || x->ty == 'F') x86_ld32(b, d, x86_m(R_LV, res));
        else x86_ld64(b, d, x86_m(R_LV, res));
        t2cg_put(b, c, v, d);
    }
}

static void gen_exit(x86_buf *b, cg *c, uint32_t v) {
    t2_graph *g = c->g;
    t2_deopt *r = &c->data->rec[c->n_rec++];
    uint32_t in;
    write_frames(b, c, v, r, &in);
        if (c->data->fuzz_every) {
        /* the fuzz counter starts over */
        uint32_t l = new_label(b, c);
        x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&c->data->fuzz_left);
        x86_alu_mi64(b, X86_CMP, x86_m(X86_RAX, 0), 0);
        x86_jcc(b, X86_CC_G, l);
        x86_ld64(b, X86_RCX, x86_m(X86_RAX, 8));
        x86_st64(b, x86_m(X86_RAX, 0), X86_RCX);
        x86_bind(b, l);
    }
    if (refund_tick(c, v, &g->fss[in])) {
        if (c->rb) x86_alu_ri64(b, X86_ADD, R_BUD, 1);
        else x86_alu_mi64(b, X86_ADD, x86_m(R_VM, OFF_BUDGET), 1);
    }
    if (c->rb) x86_st64(b, x86_m(R_VM, OFF_BUDGET), R_BUD);
    x86_ld32(b, X86_RCX, x86_m(X86_RSP, (int32_t)c->S));
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)r);
    x86_mov_rr64(b, X86_RDX, R_LV);
    x86_movabs(b, X86_R8, (uint64_t)(uintptr_t)c->data);
    x86_call_abs(b, (const void *)t2_rt_deopt, X86_RAX);
    if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
    x86_ld64(b, X86_RDX, x86_m(R_LV, 0));
    x86_jmp(b, c->l_exit);
}

/* T2_O_RECOMP: the method's last counted call compiles it again */
static void gen_recomp_slow(x86_buf *b, cg *c, const ol_item *it) {
    /* compile again (t2_rt_recompile: the count set beyond reach); this
     * call goes on here */
    x86_ld32(b, X86_RAX, x86_m(X86_RSP, (int32_t)c->S));
    x86_st32(b, x86_m(R_VM, OFF_FC), X86_RAX);
    if (c->rb) x86_st64(b, x86_m(R_VM, OFF_BUDGET), R_BUD);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)c->data);
    x86_call_abs(b, (const void *)t2_rt_recompile, X86_RAX);
    if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
    x86_jmp(b, it->resume);
}

static void gen_tick_slow(x86_buf *b, cg *c, const ol_item *it) {
    static const int8_t saved[6] = { X86_RSI, X86_RDI, X86_R8, X86_R9, X86_R10, X86_R11 };
    for (uint32_t i = 0; i < 6; i++) x86_push(b, saved[i]);
    x86_st32_imm(b, x86_m(fr_reg(b, c, X86_RAX, 48), F_PC), (int32_t)tick_pc(c, it->v));
    x86_ld32(b, X86_RAX, x86_m(X86_RSP, (int32_t)(c->S + 48)));
    x86_st32(b, x86_m(R_VM, OFF_FC), X86_RAX);
    if (c->rb) x86_st64(b, x86_m(R_VM, OFF_BUDGET), R_BUD);
    xsave_push(b, c, it->v);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)c->g->ctxs[c->g->vals[it->v].ctx].m);
    x86_call_abs(b, (const void *)jit_rt_budget_expired, X86_RAX);
    xsave_pop(b, c, it->v);
    if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
    for (uint32_t i = 6; i-- > 0;) x86_pop(b, saved[i]);
    x86_test_rr32(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_NE, c->l_exit);
    x86_jmp(b, it->resume);
}

/* ---- the method ------------------------------------------------------- */

static void gen_method(x86_buf *b, void *ctx) {
    cg *c = ctx;
    t2_graph *g = c->g;
    c->n_labels = 0;
    c->n_ol = 0;
    c->n_cells = 0;
    c->n_rec = 0;
    for (uint32_t v = 0; v < g->n_vals; v++) c->dlab[v] = c->nn_blk[v] = 0;
    for (uint32_t i = 0; i < g->n_blks; i++) c->blabel[i] = new_label(b, c);
    c->l_exit = new_label(b, c);
    c->l_base = new_label(b, c);
    uint32_t l_fast = new_label(b, c);
    /* the C entry (interp_jit_fn), as the baseline's: no recorded jumps
     * before the fast entry, so it stays JIT_FAST_ENTRY_OFFSET bytes in */
    uint32_t start = b->len;
    x86_endbr64(b);             /* (IBT: entered through pointers, as the baseline's) */
    x86_push(b, X86_RBX);
    if (c->rb) { x86_push(b, R_BUD); x86_push(b, X86_RAX); }
    x86_push(b, X86_RCX);
    x86_push(b, X86_RDX);
    x86_mov_rr64(b, R_VM, X86_RDI);
    if (c->rb) x86_ld64(b, R_BUD, x86_m(R_VM, OFF_BUDGET));
    x86_ld32(b, X86_R8, x86_m(R_VM, OFF_FC));
    x86_lea(b, X86_RAX, x86_mx(X86_R8, X86_R8, 4, 0));
    x86_ld64(b, X86_RSI, x86_m(R_VM, OFF_FRAMES));
    x86_lea(b, X86_RSI, x86_mx(X86_RSI, X86_RAX, 8, -(int32_t)sizeof(jframe)));
    uint32_t at_call = b->len;
    x86_call_rel32(b, (int32_t)(JIT_FAST_ENTRY_OFFSET - (at_call - start) - 5));
    if (c->rb) x86_st64(b, x86_m(R_VM, OFF_BUDGET), R_BUD);
    x86_pop(b, X86_RDX);
    x86_pop(b, X86_RCX);
    x86_test_rr64(b, X86_RCX, X86_RCX);
    x86_jcc_rel8(b, X86_CC_E, 6);
    x86_ld64(b, X86_RDX, x86_m(X86_RDX, 0));     /* 3 bytes */
    x86_st64(b, x86_m(X86_RCX, 0), X86_RDX);     /* 3 bytes */
    if (c->rb) { x86_pop(b, X86_RSI); x86_pop(b, R_BUD); }
    x86_pop(b, X86_RBX);
    x86_ret(b);
    if (b->len - start > JIT_FAST_ENTRY_OFFSET) { x86_fail(b, VM_ERR_INTERNAL); return; }
    while (b->len - start < JIT_FAST_ENTRY_OFFSET) {
        uint32_t left = JIT_FAST_ENTRY_OFFSET - (b->len - start);
        x86_nop(b, left > 8 ? 8 : left);
    }
    x86_bind(b, l_fast);
    x86_endbr64(b);
    if (c->reg0) {   /* (r16) the view starts over (x86_assemble may run this again) */
        vm_memcpy(g->reg, c->reg0, (size_t)g->cap_vals * sizeof *g->reg);
        c->sl_cur = 0;
    }
    if (c->data->recomp_left) {
        /* (T2_O_RECOMP) compiled again: the calls still bound to this code
         * (inline caches) go on in the new code's fast entry, as entered */
        x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&c->data->fwd);
        x86_alu_mi64(b, X86_CMP, x86_m(X86_RAX, 0), 0);
        x86_jcc(b, X86_CC_NE, add_ol(b, c, (ol_item){ .kind = OL_FWD }));
    }
    /* the fast entry: room for every frame an exit may rebuild, else the
     * baseline's code runs (it raises StackOverflowError exactly) */
    x86_lea(b, X86_RAX, x86_m(X86_RDX, (int32_t)(8 * (c->extent + VM_STACK_RESERVE_SLOTS))));
    x86_alu_rm64(b, X86_CMP, X86_RAX, x86_m(R_VM, OFF_SEND));
    x86_jcc(b, X86_CC_A, c->l_base);
    uint32_t mf = c->vm->limits.max_frames;
    int64_t lim = (int64_t)mf - VM_FRAME_RESERVE - c->depth_max - 1;
    if (lim < 1) lim = 1;
    x86_alu_ri32(b, X86_CMP, X86_R8, (int32_t)lim);
    x86_jcc(b, X86_CC_AE, c->l_base);
    x86_push(b, X86_RBP);
    x86_push(b, X86_R15);
    x86_push(b, R_FR);
    x86_push(b, R_LV);
    x86_push(b, X86_R8);
    if (c->S) x86_alu_ri64(b, X86_SUB, X86_RSP, (int32_t)c->S);
    int fr = X86_RSI;   /* (c->frfree: kept at [rsp + S - 8], r12 allocated) */
    if (c->frfree) x86_st64(b, x86_m(X86_RSP, (int32_t)(c->S - 8)), X86_RSI);
    else x86_mov_rr64(b, fr = R_FR, X86_RSI);
    x86_mov_rr64(b, R_LV, X86_RDX);
    x86_lea(b, X86_RAX, x86_m(R_LV, (int32_t)(8 * t2_nl_of(c->m))));
    x86_st64(b, x86_m(fr, F_STACK), X86_RAX);
    x86_st64(b, x86_m(fr, F_SP), X86_RAX);
    x86_st64_imm(b, x86_m(fr, F_PC), 0);        /* pc 0, flags 0 */
    if (c->data->recomp_left) {
        /* T2_O_RECOMP: count the call; the last one compiles the method
         * again (t2_rt_recompile), here where its frame is the
         * interpreter's (the arguments in its locals, nothing else live) */
        uint32_t l_on = new_label(b, c);
        x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&c->data->recomp_left);
        x86_alu_mi64(b, X86_SUB, x86_m(X86_RAX, 0), 1);
        x86_jcc(b, X86_CC_LE, add_ol(b, c, (ol_item){ .kind = OL_RECOMP, .resume = l_on }));
        x86_bind(b, l_on);
    }
    /* the body, blocks in reverse postorder */
    uint32_t n = 0;
    while (n < g->n_order && g->order[n]) n++;
    for (uint32_t i = 0; i < n && b->err == VM_OK; i++) {
        uint32_t blk = g->order[i], next = i + 1 < n ? g->order[i + 1] : 0;
        x86_bind(b, c->blabel[blk]);
        c->cur_blk = blk;
        for (uint32_t v = g->blks[blk].first; v; v = g->vals[v].next) {
            if (c->reg0) split_advance(c, ra_pos(c, v));
            gen_val(b, c, blk, v, next);
            /* (r16) a split value: also in its slot from its definition */
            if (c->reg0 && g->ra_split[v] && c->reg0[v] >= 0 && g->vals[v].op != T2_CONST)
                x86_st64(b, spill_at(c, v), c->reg0[v]);
        }
    }
    /* out of line: edges with moves, tick slow paths, exits */
    for (uint32_t k = 0; k < c->n_ol && b->err == VM_OK; k++) {
        ol_item it = c->ol[k];
        x86_bind(b, it.label);
        if (it.kind == OL_EDGE) { edge_moves(b, c, it.from, it.to); x86_jmp(b, c->blabel[it.to]); }
        else if (it.kind == OL_TICK) gen_tick_slow(b, c, &it);
        else if (it.kind == OL_RECOMP) gen_recomp_slow(b, c, &it);
        else if (it.kind == OL_FWD) { x86_ld64(b, X86_RAX, x86_m(X86_RAX, 0)); x86_jmp_thunk(b, X86_RAX); }
        else gen_exit(b, c, it.v);
    }
    x86_bind(b, c->l_exit);
    if (c->S) x86_alu_ri64(b, X86_ADD, X86_RSP, (int32_t)(c->S + 8));
    else x86_pop(b, X86_RCX);
    x86_pop(b, R_LV);
    x86_pop(b, R_FR);
    x86_pop(b, X86_R15);
    x86_pop(b, X86_RBP);
    x86_ret(b);
    x86_bind(b, c->l_base);
    /* (a rare path: the baseline's fast entry, jmp rel32 in reach, else
     * through rax or its thunk: never push + ret) */
    x86_jmp_far(b, c->base_fast);
}

vm_status t2_codegen(t2_graph *g, uint32_t *size_out, vm_diag *d) {
    vm *vm = g->vm;
    jmethod *m = g->m;
    const vm_platform *p = vm->plat;
    if (!m->jit_entry) return vm_diagf(d, VM_ERR_UNSUPPORTED, "no baseline code");
    if (g->gc_unsafe)
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "a reference live across pc %u not in its frame (v%u)", g->vals[g->gc_unsafe].pc,
                        g->gc_unsafe_ref);
    cg c = { .g = g, .vm = vm, .m = m };
    c.rb = (vm_jit_opts_enabled(vm) >> JIT_OPT_REGBUDGET) & 1u;
    c.frfree = !(vm->jit_tier2_off & T2_FREG_OFF);
    c.S = (g->n_spill * 8 + (c.frfree ? 8u : 0u) + 15) & ~15u;
    c.base_fast = (const uint8_t *)m->jit_entry + JIT_FAST_ENTRY_OFFSET;
    if (g->ra_split) {
        /* (r16) split intervals: the allocation kept, the split values
         * by split position (g->reg becomes a view while emitting) */
        c.reg0 = vm_zalloc(p, (size_t)g->cap_vals * sizeof *c.reg0);
        c.sl = vm_zalloc(p, (size_t)g->n_vals * sizeof *c.sl);
        if (!c.reg0 || !c.sl) {
            vm_free(p, c.reg0, (size_t)g->cap_vals * sizeof *c.reg0);
            vm_free(p, c.sl, (size_t)g->n_vals * sizeof *c.sl);
            return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory (code)");
        }
        vm_memcpy(c.reg0, g->reg, (size_t)g->cap_vals * sizeof *c.reg0);
        for (uint32_t v = 1; v < g->n_vals; v++) {
            if (!g->ra_split[v]) continue;
            uint32_t j = c.n_sl++;
            while (j && g->ra_split[c.sl[j - 1]] > g->ra_split[v]) { c.sl[j] = c.sl[j - 1]; j--; }
            c.sl[j] = v;
        }
    }
    /* the value-stack extent and the frames the exits rebuild (the entry
     * checks them) */
    c.extent = t2_nl_of(m) + m->max_stack;   /* the frame itself (calls write it) */
    for (uint32_t v = 1; v < g->n_vals; v++) {
        if (!t2_leaves_at(&g->vals[v])) continue;
        uint32_t chain[T2_MAX_FRAMES], n = 0;
        for (uint32_t f = g->vals[v].fs; f && n < T2_MAX_FRAMES; f = g->fss[f].parent) chain[n++] = f;
        uint32_t base = 0;
        for (uint32_t i = 0; i < n; i++) {
            const t2_fstate *F = &g->fss[chain[n - 1 - i]];
            uint32_t ext = base + F->nl + g->ctxs[F->ctx].m->max_stack;
            if (ext > c.extent) c.extent = ext;
            base += F->n;
        }
        if (n && n - 1 > c.depth_max) c.depth_max = n - 1;
    }
    uint32_t n_exit = 0;
    for (uint32_t v = 1; v < g->n_vals; v++)   /* (and the records of T2_INLNEW's slow paths) */
        n_exit += t2_leaves_at(&g->vals[v]) + ((g->vals[v].op == T2_NEW || g->vals[v].op == T2_INIT || g->vals[v].op == T2_CALL) && g->vals[v].ctx);
    uint32_t n_calls = 0;
    for (uint32_t v = 1; v < g->n_vals; v++) n_calls += g->vals[v].op == T2_CALL;
    c.data_size = sizeof(t2_data) + (size_t)(n_exit + 1) * sizeof(t2_deopt) + (size_t)n_calls * sizeof(jit_icache);
    c.data = vm_zalloc(p, c.data_size);
    c.blabel = vm_zalloc(p, (size_t)g->n_blks * sizeof *c.blabel);
    c.dlab = vm_zalloc(p, (size_t)g->n_vals * sizeof *c.dlab);
    c.nn_blk = vm_zalloc(p, (size_t)g->n_vals * sizeof *c.nn_blk);
    c.max_labels = g->n_blks + 6 * g->n_vals + 16;   /* (b17: an inline `new` takes 4) */
    /* (t14, fbranch) the float compares a branch right after them uses
     * alone (operands, phis' operands, frame states counted) */
    bool any_fcmp = false;
    for (uint32_t v = 1; v < g->n_vals && !any_fcmp; v++) {
        const t2_val *x = &g->vals[v];
        any_fcmp = x->op == T2_BIN && (x->aux == OP_fcmpl || x->aux == OP_fcmpg || x->aux == OP_dcmpl || x->aux == OP_dcmpg);
    }
    if (any_fcmp && t2_xmm_on(g) && !(vm->jit_tier2_off & T2_FBRANCH_OFF)) {
        uint32_t *uses = vm_zalloc(p, (size_t)g->n_vals * sizeof *uses);
        c.fuse = vm_zalloc(p, g->n_vals);
        if (uses && c.fuse) {
            for (uint32_t v = 1; v < g->n_vals; v++) {
                const t2_val *x = &g->vals[v];
                if (x->op == T2_NOP) continue;
                for (uint32_t a = 0; a < x->nargs; a++) {
                    uint32_t o = t2_arg(g, v, a), f = t2_find(g, o);
                    uses[o]++;
                    if (f != o) uses[f]++;
                }
                for (uint32_t f = x->fs; f; f = g->fss[f].parent)
                    for (uint32_t a = 0; a < g->fss[f].n; a++) uses[g->pool[g->fss[f].slots + a]]++;
            }
            for (uint32_t v = 1; v < g->n_vals; v++) {
                const t2_val *x = &g->vals[v];
                if (x->op != T2_IF || x->nargs != 1 || x->aux < OP_ifeq || x->aux > OP_ifle) continue;
                uint32_t k = t2_arg(g, v, 0);
                const t2_val *K = &g->vals[k];
                if (K->op != T2_BIN || K->next != v) continue;
                if (K->aux != OP_fcmpl && K->aux != OP_fcmpg && K->aux != OP_dcmpl && K->aux != OP_dcmpg) continue;
                /* (right after the compare nothing else is defined: its
                 * operands are still where they were; another use, e.g.
                 * a later branch on the same compare after GVN, keeps
                 * its -1/0/1) */
                if (uses[k] == 1) c.fuse[k] = 1;
                c.fuse[v] = 2;
            }
        }
        vm_free(p, uses, (size_t)g->n_vals * sizeof *uses);
        if (!uses && c.fuse) { vm_free(p, c.fuse, g->n_vals); c.fuse = NULL; }
    }
    x86_buf b;
    vm_memset(&b, 0, sizeof b);
    vm_status st = VM_ERR_NOMEM;
    if (!c.data || !c.blabel || !c.dlab || !c.nn_blk) { vm_diagf(d, st, "tier 2: out of memory (code)"); goto out; }
    c.data->base_code = g->osr ? NULL : m->jit_entry;
    c.data->m = m;
    /* (T2_O_RECOMP) a call left that a later compile may inline, or a
     * class-initialization check: compile again later, once */
    if ((g->opts & T2_O_RECOMP) && !g->again && !g->osr)
        for (uint32_t v = 1; v < g->n_vals && !c.data->recomp_left; v++)
            if ((g->vals[v].op == T2_CALL && g->missed) || g->vals[v].op == T2_INIT) c.data->recomp_left = T2_RECOMP_CALLS;
    c.cells = (jit_icache *)(void *)((uint8_t *)c.data + sizeof(t2_data) + (size_t)(n_exit + 1) * sizeof(t2_deopt));
    c.data->fuzz_every = c.data->fuzz_left = vm->jit_tier2_deopt_every;
    st = x86_init(&b, p, c.max_labels);
    if (st != VM_OK) goto out;
    uint32_t size;
    st = x86_assemble(&b, gen_method, &c, &size);
    if (st != VM_OK) { vm_diagf(d, st, "tier 2: code generation failed"); goto out; }
    if (c.n_rec > n_exit + 1) { st = vm_diagf(d, VM_ERR_INTERNAL, "tier 2: %u exits, %u counted", c.n_rec, n_exit); goto out; }
    uint8_t *exec;
    uint8_t *mem = jit_code_alloc(vm, size, &exec);
    if (!mem) { st = vm_diagf(d, VM_ERR_NOMEM, "tier 2: no code memory"); goto out; }
    st = x86_finish(&b, mem, size, (uintptr_t)exec);
    if (st == VM_OK && b.len > size) st = VM_ERR_INTERNAL;
    t2_data *dd = c.data;
    if (st == VM_OK) {
        jit_code_attach_chained(mem, c.data, (uint32_t)c.data_size);
        c.data = NULL;
        jit_code_shrink(vm, mem, b.len);
        if (jit_code_seal(vm, mem) != 0) st = VM_ERR_INTERNAL;
    }
    if (st != VM_OK) {
        /* (releasing the block must keep the baseline's code) */
        dd->base_code = NULL;
        jit_code_release(vm, exec);
        vm_diagf(d, st, "tier 2: code emission failed");
        goto out;
    }
    *size_out = b.len;
    dd->code = exec;
    dd->extent = c.extent, dd->depth_max = c.depth_max, g->data = dd;
    if (!g->osr) m->jit_entry = exec, jit_notify_emitted(vm, m);   /* (OSR code: t2_osr.c) */
out:
    x86_free(&b);
    if (c.data) vm_free(p, c.data, c.data_size);
    vm_free(p, c.blabel, (size_t)g->n_blks * sizeof *c.blabel);
    vm_free(p, c.dlab, (size_t)g->n_vals * sizeof *c.dlab);
    vm_free(p, c.nn_blk, (size_t)g->n_vals * sizeof *c.nn_blk);
    vm_free(p, c.fuse, g->n_vals);
    vm_free(p, c.ol, (size_t)c.cap_ol * sizeof *c.ol);
    if (c.reg0) {   /* (r16) the allocation as it was (--stats, dumps) */
        vm_memcpy(g->reg, c.reg0, (size_t)g->cap_vals * sizeof *g->reg);
        vm_free(p, c.reg0, (size_t)g->cap_vals * sizeof *c.reg0);
        vm_free(p, c.sl, (size_t)g->n_vals * sizeof *c.sl);
    }
    return st;
}
