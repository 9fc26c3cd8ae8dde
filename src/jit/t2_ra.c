/* t2_ra.c - linear-scan register allocation over the tier-2 graph
 * (Poletto and Sarkar), for the values with a result: ints, longs and
 * references in general registers, floats and doubles in XMM registers.
 *
 * The blocks are laid out in reverse postorder and every value numbered
 * by position.  Liveness is the usual backward data flow to a fixed point
 * (a phi's operand is live out of the predecessor it comes from, not into
 * the phi's block), and each value gets one interval from its definition
 * to its last use or the end of the last block it is live out of: no holes
 * yet, so a value live around a loop keeps its register through the loop.
 * The scan gives each interval one of T2_RA_REGS general registers
 * (t2_ra_gpr: compiled code keeps rbx, r12, r13, r14 and rsp for itself,
 * jit_codegen.h, and the code generator rax, rcx and rdx as scratch) or,
 * floats and doubles (t14; not with -Xjit:tier2,-xmm, where their bits
 * take general registers), one of the 14 XMM registers xmm2..xmm15 (xmm0
 * and xmm1 are the code generator's scratch), spilling the interval of its
 * class that ends last when none is free: a spilled value lives in its
 * stack slot (g->spill) for its whole life.  Every XMM register is
 * caller-saved (SysV): an XMM interval live across a call is saved and
 * restored around it (g->xsave, also for the C calls of the tick, cast
 * and aastore slow paths) or spilled for its whole life: always with
 * -xmmsave, else when the call runs on every iteration of its loop (its
 * block dominates the loop's back edges; -xmmloop turns that off), where
 * a save and a restore per call cost more than memory operands.  Three switches (on by
 * default, -Xjit:tier2,-spillw / -share / -hint): T2_O_SPILLW spills the
 * interval whose definition and uses inside loops weigh least (8 per loop
 * level; ends last on ties, so loop-free code keeps the old choice);
 * T2_O_SHARE lets a value whose code reads its operands before writing
 * its result (share_ok) take the register of an interval ending there;
 * T2_O_HINT gives a phi's operand the phi's register, and a phi an
 * operand's, when free (the move on the edge then disappears).
 *
 * r16: (not -freg) r12 is a ninth general register (t2_codegen.c keeps
 * the jframe in a stack slot instead) and constants take no interval (the
 * code makes them at each use).  (not -split) when no register is free,
 * the interval that loses (the cheaper by weight, -ldweight: uses 10 per
 * loop level and 1 outside, per position of its length) is split, not
 * spilled for its whole life: it keeps its register up to the split and
 * lives in its slot from there on (split_pos: before the outermost loop
 * around the conflict whose header comes after its start, so that no
 * back edge reloads it on every iteration).  Its value is stored to the
 * slot at its definition (always valid from there on: exits and the
 * out-of-line code read it there); an edge into its register part from
 * a block after the split (a back edge) reloads it (t2_codegen.c,
 * edge_reloads: the resolution).  Only general registers are split; the
 * registers live across a call (csave) count the register part only.
 *
 * A value that code may leave tier 2 at (t2_leaves_at) uses every value
 * of its frame state (and of its callers' states): those stay live, in a
 * register or a slot, until that point, so that the code leaving can
 * write them into the interpreter's frames (t2_codegen.c).
 */
#include "t2_ir.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../interp/opcodes.h"

const int8_t t2_ra_gpr[T2_RA_REGS] = { 6 /* rsi */, 7 /* rdi */, 8, 9, 10, 11, 5 /* rbp */, 15, 12 };

#define T2_RA_XMM 14u   /* xmm2..xmm15 (xmm0 / xmm1: the code generator's scratch) */

typedef struct ival {
    uint32_t v, start, end, w;
    uint32_t sp;   /* (r16, T2_SPLIT_OFF not set) split here: its register up to sp, its slot from sp on */
    int8_t reg;
    uint8_t cls;
} ival;

/* (T2_O_SPILLW) how much a spill of a value defined or used in block b
 * costs: 8 per enclosing loop (at most 3 deep), 0 outside loops (there
 * the choice stays the interval that ends last: a use count did worse) */
static uint32_t loop_weight(const t2_graph *g, uint32_t b) {
    /* (r16, not -ldweight) 10 per loop level (at most 4 deep), 1 outside
     * loops: a value used only outside loops is the first to go */
    bool ld = !(g->vm->jit_tier2_off & T2_LDW_OFF);
    uint32_t w = 1, d = 0;
    if (!g->blks[b].loop) return ld ? 1 : 0;
    for (uint32_t h = g->blks[b].loop; h && d < (ld ? 4u : 3u); d++) {
        w *= ld ? 10 : 8;
        uint32_t up = g->blks[h].idom;
        if (up == h) break;
        h = g->blks[up].loop;
    }
    return w;
}

/* (T2_O_SPILLW) is a cheaper to spill than b: its uses weigh less (t5);
 * (r16, not -ldweight) per position of its interval, the classic
 * weight / length.  Ties: the one that ends last. */
static bool cheaper(const t2_graph *g, const ival *a, const ival *b) {
    if (g->vm->jit_tier2_off & T2_LDW_OFF) return a->w < b->w || (a->w == b->w && a->end > b->end);
    uint64_t x = (uint64_t)a->w * (b->end - b->start + 1), y = (uint64_t)b->w * (a->end - a->start + 1);
    return x < y || (x == y && a->end > b->end);
}

/* (r16) where an interval that loses its register to one starting at at
 * is split: before the outermost loop around at whose header comes after
 * its start (inside, it would be reloaded on every back edge), else at
 * at itself (a phi's: its block's start, before all its phis) */
static uint32_t split_pos(const t2_graph *g, const uint32_t *bfrom, const ival *a, uint32_t at, uint32_t v) {
    const t2_val *x = &g->vals[v];
    uint32_t sp = x->op == T2_PHI ? bfrom[x->blk] : at;
    uint32_t d = 0;
    if (g->vm->jit_tier2_off & T2_SPLITLOOP_OFF) return sp;   /* (-splitloop) */
    for (uint32_t h = g->blks[x->blk].loop; h && d < 64; d++) {
        if (bfrom[h] <= a->start) break;
        if (bfrom[h] < sp) sp = bfrom[h];
        uint32_t up = g->blks[h].idom;
        if (up == h) break;
        h = g->blks[up].loop;
    }
    return sp;
}

/* (T2_O_SHARE) may v's result take the register of an operand (or of a
 * frame-state value) whose interval ends at v: t2_codegen.c's code for
 * these reads every operand, and leaves tier 2 if it does, before it
 * writes the result (and picks rax for an arithmetic result whose
 * register is the second operand's) */
static bool share_ok(const t2_val *x) {
    switch (x->op) {
    case T2_BIN:
        return x->aux == OP_iadd || x->aux == OP_ladd || x->aux == OP_isub || x->aux == OP_lsub ||
               x->aux == OP_iand || x->aux == OP_land || x->aux == OP_ior || x->aux == OP_lor ||
               x->aux == OP_ixor || x->aux == OP_lxor || x->aux == OP_ishl || x->aux == OP_ishr ||
               x->aux == OP_iushr || x->aux == OP_lshl || x->aux == OP_lshr || x->aux == OP_lushr ||
               x->aux == T2_X_SEL;   /* (t19: its condition compared first, then d = a1, cmov d, a0; if d is a0's, swapped) */
    case T2_UN: case T2_ALOAD: case T2_GETF: case T2_ALEN:
        return x->ty != 'F' && x->ty != 'D';
    default:
        return false;
    }
}

static bool has_result(const t2_val *x) {
    return x->op != T2_NOP && (x->ty == 'I' || x->ty == 'J' || x->ty == 'A' || x->ty == 'F' || x->ty == 'D');
}

/* (XMM) does block b run on every iteration of its innermost loop: it
 * dominates every back edge's source (the header's predecessors inside) */
static bool every_iter(const t2_graph *g, uint32_t b) {
    uint32_t h = g->blks[b].loop;
    if (!h) return false;
    const t2_blk *H = &g->blks[h];
    for (uint32_t q = 0; q < H->n_preds; q++) {
        uint32_t s = H->preds[q], x = s, k = 0;
        bool in = false;   /* is s inside the loop (dominated by h) */
        for (; k < 100000; k++) {
            if (x == h) { in = true; break; }
            if (g->blks[x].idom == x || !g->blks[x].idom) break;
            x = g->blks[x].idom;
        }
        if (!in) continue;
        bool dom = false;   /* does b dominate s */
        for (x = s, k = 0; k < 100000; k++) {
            if (x == b) { dom = true; break; }
            if (g->blks[x].idom == x || !g->blks[x].idom) break;
            x = g->blks[x].idom;
        }
        if (!dom) return false;
    }
    return true;
}

/* (b17) is y read after value u: live out of u's block (phis of its
 * successors included), or an operand or a frame-state value (of a value
 * that may leave) of a value after u in the block */
static bool live_after(const t2_graph *g, uint32_t u, uint32_t y, const uint64_t *live_out, uint32_t words) {
    uint32_t b = g->vals[u].blk;
    if ((live_out[(size_t)b * words + y / 64] >> (y % 64)) & 1) return true;
    for (uint32_t v = g->vals[u].next; v; v = g->vals[v].next) {
        const t2_val *x = &g->vals[v];
        for (uint32_t k = 0; k < x->nargs; k++)
            if (t2_arg(g, v, k) == y) return true;
        if (t2_leaves_at(x))
            for (uint32_t f = x->fs; f; f = g->fss[f].parent)
                for (uint32_t a = 0; a < g->fss[f].n; a++)
                    if (g->pool[g->fss[f].slots + a] == y) return true;
    }
    return false;
}

/* is y (canonical) among the values of u's frame state (its callers' too):
 * written to the frame at u, where the collector sees it */
static bool in_state(const t2_graph *g, uint32_t u, uint32_t y) {
    for (uint32_t f = g->vals[u].fs; f; f = g->fss[f].parent)
        for (uint32_t a = 0; a < g->fss[f].n; a++)
            if (t2_find(g, g->pool[g->fss[f].slots + a]) == y) return true;
    return false;
}

/* (t19, not -gcreach) y, a reference live across the call or allocation u
 * but not in u's frame state, is still reachable there (the heap never
 * moves objects: reachable is all the collector needs): y is a field load
 * o.f (not volatile) whose object o is in u's frame state, and no block on
 * a path from y to u stores a field f or calls (a call or a class
 * initialization may store it), so o.f still holds y at u.  A loop's
 * invariant field load hoisted by LICM (LpmTrie's `root`, live across the
 * inlined insert's `new Node()`) no longer refuses the method.  mark: one
 * byte per block, zero on entry and on return */
static bool reach_via(const t2_graph *g, uint32_t u, uint32_t y, uint8_t *mark) {
    const t2_val *Y = &g->vals[y];
    if (Y->op != T2_GETF || !Y->ref || (((const jfield *)Y->ref)->access & ACC_VOLATILE)) return false;
    if (g->vals[u].op != T2_NEW && g->vals[u].op != T2_NEWARR) return false;   /* (a call may store f itself) */
    uint32_t o = t2_find(g, t2_arg(g, y, 0));
    if (!in_state(g, u, o)) return false;
    /* blocks reachable from y's successors (bit 1) that reach u's
     * predecessors (bit 2), whole; y's block after y and u's before u
     * (the whole of either when it is in such a cycle); a worklist each,
     * the marks' bits as the visited sets */
    const uint32_t nb = g->n_blks, yb = Y->blk, ub = g->vals[u].blk;
    uint32_t stk[64], sp;
    bool ok = true, over = false;
    for (int dir = 0; dir < 2; dir++) {
        uint8_t bit = (uint8_t)(1u << dir);
        sp = 0;
        stk[sp++] = dir == 0 ? yb : ub;
        while (sp) {
            const t2_blk *B = &g->blks[stk[--sp]];
            uint32_t n = dir == 0 ? B->n_succs : B->n_preds;
            for (uint32_t k = 0; k < n; k++) {
                uint32_t c = dir == 0 ? B->succs[k] : B->preds[k];
                if (g->blks[c].dead || (mark[c] & bit)) continue;
                if (sp == 64) { over = true; continue; }
                mark[c] |= bit;
                stk[sp++] = c;
            }
        }
    }
    for (uint32_t b = 1; b < nb; b++) {
        bool whole = mark[b] == 3, part = !whole && (b == yb || b == ub);
        if ((whole || part) && ok && !over) {
            /* (part: from y, or the block's start, to u, or its end) */
            bool on = whole || b != yb;
            for (uint32_t v = g->blks[b].first; v && ok; v = g->vals[v].next) {
                if (part && v == u) break;
                if (on) {
                    const t2_val *x = &g->vals[v];
                    ok = x->op != T2_CALL && x->op != T2_INIT && !(x->op == T2_PUTF && x->ref == Y->ref);
                }
                if (v == y) on = true;
            }
        }
        mark[b] = 0;
    }
    return ok && !over;
}

vm_status t2_regalloc(t2_graph *g, vm_diag *d) {
    const vm_platform *p = g->vm->plat;
    uint8_t *mark = NULL;   /* (reach_via) per block */
    uint32_t nv = g->n_vals, nb = g->n_blks;
    uint32_t n = 0;
    while (n < g->n_order && g->order[n]) n++;
    uint32_t words = (nv + 63) / 64;
    size_t set_bytes = (size_t)nb * words * sizeof(uint64_t);
    uint64_t *live_in = vm_zalloc(p, set_bytes);
    uint64_t *live_out = vm_zalloc(p, set_bytes);
    uint32_t *pos = vm_zalloc(p, (size_t)nv * sizeof *pos);
    uint32_t *bfrom = vm_zalloc(p, (size_t)nb * sizeof *bfrom);
    uint32_t *bto = vm_zalloc(p, (size_t)nb * sizeof *bto);
    ival *iv = vm_zalloc(p, (size_t)nv * sizeof *iv);
    uint32_t *active = vm_zalloc(p, (T2_RA_REGS + T2_RA_XMM + 1) * sizeof *active);
    uint64_t *cur = vm_zalloc(p, (size_t)words * sizeof *cur);
    uint32_t *ivof = vm_zalloc(p, (size_t)nv * sizeof *ivof);
    uint32_t *list = vm_zalloc(p, (size_t)nv * sizeof *list);
    uint32_t *hint = vm_zalloc(p, (size_t)nv * sizeof *hint);   /* T2_O_HINT: a phi using the value */
    int8_t *rof = vm_zalloc(p, nv);                               /* the value's register index so far, or -1 */
    vm_status st = VM_OK;
    if (!live_in || !live_out || !pos || !bfrom || !bto || !iv || !active || !cur || !ivof || !list || !hint || !rof) {
        st = vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory (registers)");
        goto cleanup;
    }
    /* positions */
    uint32_t at = 2;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = g->order[i];
        bfrom[b] = at;
        for (uint32_t v = g->blks[b].first; v; v = g->vals[v].next) { pos[v] = at; at += 2; }
        bto[b] = at;
        at += 2;
    }
    /* liveness */
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t i = n; i-- > 0;) {
            uint32_t b = g->order[i];
            const t2_blk *B = &g->blks[b];
            uint64_t *out = live_out + (size_t)b * words, *in = live_in + (size_t)b * words;
            for (uint32_t k = 0; k < B->n_succs; k++) {
                uint32_t s = B->succs[k];
                const uint64_t *sin = live_in + (size_t)s * words;
                for (uint32_t w = 0; w < words; w++) out[w] |= sin[w];
                /* the phis of s take from b the operand of b's position */
                const t2_blk *S = &g->blks[s];
                for (uint32_t q = 0; q < S->n_preds; q++) {
                    if (S->preds[q] != b) continue;
                    for (uint32_t v = S->first; v && g->vals[v].op == T2_PHI; v = g->vals[v].next) {
                        uint32_t o = t2_arg(g, v, q);
                        out[o / 64] |= 1ull << (o % 64);
                    }
                }
            }
            /* in = uses before defs, walking backwards: out - defs + uses */
            vm_memcpy(cur, out, words * sizeof *cur);
            /* remove defs, add uses, from the end (positions descend) */
            uint32_t nl = 0;
            for (uint32_t x = B->first; x; x = g->vals[x].next) list[nl++] = x;
            for (uint32_t j = nl; j-- > 0;) {
                uint32_t v = list[j];
                cur[v / 64] &= ~(1ull << (v % 64));
                if (g->vals[v].op == T2_PHI) continue;
                for (uint32_t k = 0; k < g->vals[v].nargs; k++) {
                    uint32_t o = t2_arg(g, v, k);
                    cur[o / 64] |= 1ull << (o % 64);
                }
                if (t2_leaves_at(&g->vals[v]))
                    for (uint32_t f = g->vals[v].fs; f; f = g->fss[f].parent)
                        for (uint32_t k = 0; k < g->fss[f].n; k++) {
                            uint32_t o = g->pool[g->fss[f].slots + k];
                            if (o) cur[o / 64] |= 1ull << (o % 64);
                        }
            }
            for (uint32_t w = 0; w < words; w++)
                if (cur[w] != in[w]) { in[w] = cur[w]; changed = true; }
        }
    }
    /* intervals */
    uint32_t ni = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = g->order[i];
        for (uint32_t v = g->blks[b].first; v; v = g->vals[v].next) {
            if (!has_result(&g->vals[v])) continue;
            /* (r16, not -freg) a constant is made at each use (ld,
             * t2_codegen.c): no register, no slot */
            if (g->vals[v].op == T2_CONST && !(g->vm->jit_tier2_off & T2_FREG_OFF)) continue;
            ivof[v] = ni + 1;
            /* floats and doubles: XMM registers; -xmm: their bits in
             * general registers (T2_O_FP, t2_codegen.c) */
            uint8_t cl = (g->vals[v].ty == 'F' || g->vals[v].ty == 'D') && t2_xmm_on(g);
            iv[ni++] = (ival){ v, pos[v], pos[v], loop_weight(g, b), 0, -1, cl };
        }
    }
    for (uint32_t k = 0; k < ni; k++) {
        uint32_t v = iv[k].v;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t b = g->order[i];
            const uint64_t *out = live_out + (size_t)b * words, *in = live_in + (size_t)b * words;
            if ((out[v / 64] >> (v % 64)) & 1) {
                if (bto[b] > iv[k].end) iv[k].end = bto[b];
                if (bfrom[b] < iv[k].start && ((in[v / 64] >> (v % 64)) & 1)) iv[k].start = bfrom[b];
            }
        }
    }
    for (uint32_t u = 1; u < nv; u++) {
        const t2_val *x = &g->vals[u];
        if (x->op == T2_NOP || !pos[u]) continue;
        for (uint32_t a = 0; a < x->nargs; a++) {
            uint32_t o = t2_arg(g, u, a);
            uint32_t use = x->op == T2_PHI ? bto[g->blks[x->blk].preds[a]] : pos[u];
            uint32_t k = ivof[o];
            if (k && use > iv[k - 1].end) iv[k - 1].end = use;
            if (k) iv[k - 1].w += loop_weight(g, x->op == T2_PHI ? g->blks[x->blk].preds[a] : x->blk);
        }
        if (t2_leaves_at(x))
            for (uint32_t f = x->fs; f; f = g->fss[f].parent)
                for (uint32_t a = 0; a < g->fss[f].n; a++) {
                    uint32_t o = g->pool[g->fss[f].slots + a];
                    uint32_t k = o ? ivof[o] : 0;
                    if (k && pos[u] > iv[k - 1].end) iv[k - 1].end = pos[u];
                }
    }
    /* sort by start (insertion: the positions are nearly in order) */
    for (uint32_t k = 1; k < ni; k++) {
        ival t = iv[k];
        uint32_t j = k;
        while (j && iv[j - 1].start > t.start) { iv[j] = iv[j - 1]; j--; }
        iv[j] = t;
    }
    vm_memset(rof, -1, nv);
    for (uint32_t u = 1; u < nv; u++) {
        const t2_val *x = &g->vals[u];
        if (x->op != T2_PHI || !pos[u]) continue;
        for (uint32_t a = 0; a < x->nargs; a++) {
            uint32_t o = t2_arg(g, u, a);
            if (o != u && g->vals[o].op != T2_CONST) hint[o] = u;
        }
    }
    /* (T2_O_CSREG) the calls' positions, ascending: an interval across one
     * takes rbp or r15 (callee-saved: nothing to save around the call)
     * before the six caller-saved registers, which the others take first */
    /* (also with XMM values: every XMM register is caller-saved, so one
     * live across a call is saved around it or, -xmmsave, spilled) */
    uint32_t n_calls = 0;
    bool xmm = t2_xmm_on(g), xspill = xmm && (g->vm->jit_tier2_off & T2_XMMSAVE_OFF);
    for (uint32_t i = 0; i < n && ((g->opts & T2_O_CSREG) || xmm); i++)
        for (uint32_t v = g->blks[g->order[i]].first; v; v = g->vals[v].next) {
            uint8_t o = g->vals[v].op;
            if (o == T2_CALL || o == T2_NEW || o == T2_NEWARR || o == T2_INIT)
                list[n_calls++] = pos[v] | (uint32_t)(xmm && every_iter(g, g->order[i]));  /* (positions are even) */
        }
    /* the scan; (r16) r12 is the ninth general register unless -freg */
    uint32_t ngpr = (g->vm->jit_tier2_off & T2_FREG_OFF) ? T2_RA_REGS - 1 : T2_RA_REGS;
    /* the scan */
    uint32_t n_act = 0, used[2] = { 0, 0 }, spills = 0, splits = 0;
    bool split_on = !(g->vm->jit_tier2_off & T2_SPLIT_OFF);
    for (uint32_t k = 0; k < ni; k++) {
        /* expire; T2_O_SHARE: also the intervals whose last use is this
         * value, when its code reads its operands (and leaves, if it
         * does) before it writes its result (share_ok) */
        bool share = (g->opts & T2_O_SHARE) && iv[k].start == pos[iv[k].v] && share_ok(&g->vals[iv[k].v]);
        for (uint32_t a = 0; a < n_act;) {
            if (iv[active[a]].end < iv[k].start || (share && iv[active[a]].end == iv[k].start)) active[a] = active[--n_act];
            else a++;
        }
        uint8_t cl = iv[k].cls;
        uint32_t busy = 0, nr = cl ? T2_RA_XMM : ngpr;
        for (uint32_t a = 0; a < n_act; a++)
            if (iv[active[a]].cls == cl && iv[active[a]].reg >= 0) busy |= 1u << iv[active[a]].reg;
        int8_t r = -1;
        bool across = false;
        bool hot_call = false;   /* (XMM) across a call that runs on every iteration of its loop */
        for (uint32_t q = 0; q < n_calls && (list[q] & ~1u) < iv[k].end; q++)
            if ((list[q] & ~1u) > iv[k].start) { across = true; hot_call |= list[q] & 1u; }
        /* -xmmsave, or (T2_XMMLOOP) a call on every iteration of its loop:
         * in its slot for its whole life (a spilled operand is a memory
         * operand; a save costs a store and a load per call) */
        if (across && cl && (xspill || (hot_call && !(g->vm->jit_tier2_off & T2_XMMLOOP_OFF)))) {
            spills++;
            continue;
        }
        if (across && !cl && (g->opts & T2_O_CSREG))
            for (uint32_t q = 6; q < ngpr && r < 0; q++) if (!(busy & (1u << q))) r = (int8_t)q;
        if (r < 0 && (g->opts & T2_O_HINT)) {
            /* a phi's operand: the phi's register; a phi: an operand's
             * (the move at the block's end then disappears) */
            uint32_t v = iv[k].v, ph = hint[v];
            if (ph && rof[ph] >= 0 && !(busy & (1u << rof[ph]))) r = rof[ph];
            if (r < 0 && g->vals[v].op == T2_PHI)
                for (uint32_t a = 0; a < g->vals[v].nargs && r < 0; a++) {
                    uint32_t o = t2_arg(g, v, a);
                    if (rof[o] >= 0 && !(busy & (1u << rof[o]))) r = rof[o];
                }
        }
        for (uint32_t q = 0; q < nr && r < 0; q++) if (!(busy & (1u << q))) { r = (int8_t)q; break; }
        if (r >= 0) {
            rof[iv[k].v] = r;   /* (an index in its class: a phi and its operands share it) */
            iv[k].reg = r;
            used[cl] |= 1u << r;
            active[n_act++] = k;
            continue;
        }
        /* spill the one of its class that ends last (T2_O_SPILLW: the
         * one whose uses weigh least, loops counting 8 times a level;
         * ties: the one that ends last) */
        uint32_t far = UINT32_MAX;
        bool spillw = g->opts & T2_O_SPILLW;
        for (uint32_t a = 0; a < n_act; a++) {
            const ival *A = &iv[active[a]];
            if (A->cls != cl) continue;
            if (far == UINT32_MAX) { far = a; continue; }
            const ival *F = &iv[active[far]];
            if (spillw ? cheaper(g, A, F) : A->end > F->end) far = a;
        }
        bool take = far != UINT32_MAX && (spillw ? cheaper(g, &iv[active[far]], &iv[k]) : iv[active[far]].end > iv[k].end);
        if (take) {
            ival *A = &iv[active[far]];
            iv[k].reg = A->reg;
            rof[iv[k].v] = iv[k].reg;
            rof[A->v] = -1;
            /* (r16) split: A keeps its register up to here and lives in
             * its slot from here on (stored there at its definition; the
             * back edges into its register part reload it, t2_codegen.c);
             * -split, or XMM: spilled for its whole life */
            uint32_t sp = split_pos(g, bfrom, A, iv[k].start, iv[k].v);
            if (split_on && !cl && A->start < sp) A->sp = sp, splits++;
            else A->reg = -1, spills++;
            active[far] = k;
        } else {
            spills++;
        }
    }
    /* the collector sees the references of a call's or an allocation's
     * frame (code writes its state there): every other reference live
     * across it would be invisible (t2_codegen.c then refuses) */
    g->gc_unsafe = 0;
    bool gclive = !(g->vm->jit_tier2_off & T2_GCLIVE_OFF);
    bool gcreach = !(g->vm->jit_tier2_off & T2_GCREACH_OFF);
    mark = gcreach ? vm_zalloc(p, g->n_blks) : NULL;
    if (gcreach && !mark) g->gc_unsafe = 1, g->gc_unsafe_ref = 0;   /* (out of memory: refused) */
    for (uint32_t u = 1; u < nv && !g->gc_unsafe; u++) {
        const t2_val *x = &g->vals[u];
        if ((x->op != T2_CALL && x->op != T2_NEW && x->op != T2_NEWARR && x->op != T2_INIT) || !pos[u]) continue;
        for (uint32_t k = 0; k < ni && !g->gc_unsafe; k++) {
            const t2_val *y = &g->vals[iv[k].v];
            if (y->ty != 'A' || y->op == T2_CONST || iv[k].start >= pos[u] || iv[k].end <= pos[u]) continue;
            /* (b17, not -gclive) the interval is one range: a loop's
             * reference phi spans the whole loop though its value may be
             * dead at the call (replaced by a later phi); only a value
             * read after the call matters (the heap never moves objects) */
            if (gclive && !live_after(g, u, iv[k].v, live_out, words)) continue;
            if (!in_state(g, u, iv[k].v) && !(gcreach && reach_via(g, u, iv[k].v, mark)))
                g->gc_unsafe = u, g->gc_unsafe_ref = iv[k].v;
        }
    }
    /* per call or allocation: the caller-saved registers (t2_ra_gpr[0..5])
     * of the intervals live across it (T2_O_CSAVE; else all six) */
    vm_free(p, g->csave, g->cap_vals);
    g->csave = vm_zalloc(p, g->cap_vals ? g->cap_vals : 1);
    if (!g->csave) {
        st = vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory (registers)");
        goto cleanup;
    }
    for (uint32_t u = 1; u < nv; u++) {
        const t2_val *x = &g->vals[u];
        if ((x->op != T2_CALL && x->op != T2_NEW && x->op != T2_NEWARR && x->op != T2_INIT) || !pos[u]) continue;
        uint8_t m = 0x3f;
        if (g->opts & T2_O_CSAVE) {
            m = 0;
            for (uint32_t k = 0; k < ni; k++)
                if (!iv[k].cls && iv[k].reg >= 0 && iv[k].reg < 6 && iv[k].start < pos[u] &&
                    (iv[k].sp ? iv[k].sp : iv[k].end) > pos[u])
                    m |= (uint8_t)(1u << iv[k].reg);
        }
        g->csave[u] = m;
    }
    /* the assignment */
    vm_free(p, g->reg, (size_t)g->cap_vals * sizeof *g->reg);
    vm_free(p, g->spill, (size_t)g->cap_vals * sizeof *g->spill);
    g->reg = vm_zalloc(p, (size_t)g->cap_vals * sizeof *g->reg);
    g->spill = vm_zalloc(p, (size_t)g->cap_vals * sizeof *g->spill);
    g->n_spill = 0;
    if (!g->reg || !g->spill) {
        st = vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory (registers)");
        goto cleanup;
    }
    vm_memset(g->reg, -1, (size_t)g->cap_vals * sizeof *g->reg);
    t2_ra_free(g);
    if (splits) {
        g->ra_split = vm_zalloc(p, (size_t)g->cap_vals * 2 * sizeof *g->ra_split);
        if (!g->ra_split) {
            st = vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory (registers)");
            goto cleanup;
        }
        vm_memcpy(g->ra_split + g->cap_vals, pos, (size_t)nv * sizeof *pos);
    }
    for (uint32_t k = 0; k < ni; k++) {
        uint32_t v = iv[k].v;
        if (iv[k].reg >= 0) g->reg[v] = iv[k].cls ? (int8_t)(T2_XREG | (2 + iv[k].reg)) : t2_ra_gpr[iv[k].reg];
        if (iv[k].reg < 0 || iv[k].sp) g->spill[v] = ++g->n_spill;
        if (iv[k].sp) g->ra_split[v] = iv[k].sp;
    }
    /* the XMM registers live across each call into C (all caller-saved):
     * a call's or allocation's (saved around it unless spilled,
     * -xmmsave), and the slow paths' of ticks, casts and aastore, whose
     * exits may still read the values after the call (ending there counts) */
    vm_free(p, g->xsave, (size_t)g->cap_vals * sizeof *g->xsave);
    g->xsave = NULL;
    if (used[1]) {
        g->xsave = vm_zalloc(p, (size_t)g->cap_vals * sizeof *g->xsave);
        if (!g->xsave) {
            st = vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory (registers)");
            goto cleanup;
        }
        for (uint32_t u = 1; u < nv; u++) {
            const t2_val *x = &g->vals[u];
            bool call = x->op == T2_CALL || x->op == T2_NEW || x->op == T2_NEWARR || x->op == T2_INIT;
            bool slow = x->op == T2_TICK || x->op == T2_CHECKCAST || x->op == T2_INSTOF ||
                        (x->op == T2_ASTORE && x->aux == OP_aastore);
            if ((!call && !slow) || !pos[u]) continue;
            uint16_t m = 0;
            for (uint32_t k = 0; k < ni && iv[k].start < pos[u]; k++)
                if (iv[k].cls && iv[k].reg >= 0 && (iv[k].end > pos[u] || (!call && iv[k].end == pos[u])))
                    m |= (uint16_t)(1u << (2 + iv[k].reg));
            g->xsave[u] = m;
        }
    }
    g->n.ra_intervals = ni;
    g->n.ra_spills = spills;
    g->n.ra_splits = splits;
    uint32_t nregs = 0;
    for (uint32_t c2 = 0; c2 < 2; c2++)
        for (uint32_t q = used[c2]; q; q &= q - 1) nregs++;  /* (no libgcc popcount: freestanding) */
    g->n.ra_regs = nregs;
cleanup:
    vm_free(p, live_in, set_bytes);
    vm_free(p, live_out, set_bytes);
    vm_free(p, pos, (size_t)nv * sizeof *pos);
    vm_free(p, bfrom, (size_t)nb * sizeof *bfrom);
    vm_free(p, bto, (size_t)nb * sizeof *bto);
    vm_free(p, iv, (size_t)nv * sizeof *iv);
    vm_free(p, active, (T2_RA_REGS + T2_RA_XMM + 1) * sizeof *active);
    vm_free(p, cur, (size_t)words * sizeof *cur);
    vm_free(p, ivof, (size_t)nv * sizeof *ivof);
    vm_free(p, list, (size_t)nv * sizeof *list);
    vm_free(p, hint, (size_t)nv * sizeof *hint);
    vm_free(p, rof, nv);
    vm_free(p, mark, mark ? g->n_blks : 0);
    return st;
}

void t2_ra_free(t2_graph *g) {
    if (g->ra_split) vm_free(g->vm->plat, g->ra_split, (size_t)g->cap_vals * 2 * sizeof *g->ra_split);
    g->ra_split = NULL;
}
