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
 * floats and doubles, one of 16 XMM registers, spilling the interval of
 * its class that ends last when none is free: a spilled value lives in
 * its stack slot (g->spill) for its whole life.
 *
 * A value that code may leave tier 2 at (t2_leaves_at) uses every value
 * of its frame state (and of its callers' states): those stay live, in a
 * register or a slot, until that point, so that the code leaving can
 * write them into the interpreter's frames (t2_codegen.c).
 */
#include "t2_ir.h"
#include "../core/mem.h"
#include "../core/fmt.h"

const int8_t t2_ra_gpr[T2_RA_REGS] = { 6 /* rsi */, 7 /* rdi */, 8, 9, 10, 11, 5 /* rbp */, 15 };

#define T2_RA_XMM 16u

typedef struct ival { uint32_t v, start, end; int8_t reg; uint8_t cls; } ival;

static bool has_result(const t2_val *x) {
    return x->op != T2_NOP && (x->ty == 'I' || x->ty == 'J' || x->ty == 'A' || x->ty == 'F' || x->ty == 'D');
}

vm_status t2_regalloc(t2_graph *g, vm_diag *d) {
    const vm_platform *p = g->vm->plat;
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
    vm_status st = VM_OK;
    if (!live_in || !live_out || !pos || !bfrom || !bto || !iv || !active || !cur || !ivof || !list) {
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
            ivof[v] = ni + 1;
            uint8_t cl = g->vals[v].ty == 'F' || g->vals[v].ty == 'D';
            iv[ni++] = (ival){ v, pos[v], pos[v], -1, cl };
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
    /* the scan */
    uint32_t n_act = 0, used[2] = { 0, 0 }, spills = 0;
    for (uint32_t k = 0; k < ni; k++) {
        /* expire */
        for (uint32_t a = 0; a < n_act;) {
            if (iv[active[a]].end < iv[k].start) active[a] = active[--n_act];
            else a++;
        }
        uint8_t cl = iv[k].cls;
        uint32_t busy = 0, nr = cl ? T2_RA_XMM : T2_RA_REGS;
        for (uint32_t a = 0; a < n_act; a++)
            if (iv[active[a]].cls == cl && iv[active[a]].reg >= 0) busy |= 1u << iv[active[a]].reg;
        int8_t r = -1;
        for (uint32_t q = 0; q < nr; q++) if (!(busy & (1u << q))) { r = (int8_t)q; break; }
        if (r >= 0) {
            iv[k].reg = r;
            used[cl] |= 1u << r;
            active[n_act++] = k;
            continue;
        }
        /* spill the one of its class that ends last */
        uint32_t far = UINT32_MAX;
        for (uint32_t a = 0; a < n_act; a++)
            if (iv[active[a]].cls == cl && (far == UINT32_MAX || iv[active[a]].end > iv[active[far]].end)) far = a;
        spills++;
        if (far != UINT32_MAX && iv[active[far]].end > iv[k].end) {
            iv[k].reg = iv[active[far]].reg;
            iv[active[far]].reg = -1;
            active[far] = k;
        }
    }
    /* the collector sees the references of a call's or an allocation's
     * frame (code writes its state there): every other reference live
     * across it would be invisible (t2_codegen.c then refuses) */
    g->gc_unsafe = 0;
    for (uint32_t u = 1; u < nv && !g->gc_unsafe; u++) {
        const t2_val *x = &g->vals[u];
        if ((x->op != T2_CALL && x->op != T2_NEW && x->op != T2_NEWARR && x->op != T2_INIT) || !pos[u]) continue;
        for (uint32_t k = 0; k < ni && !g->gc_unsafe; k++) {
            const t2_val *y = &g->vals[iv[k].v];
            if (y->ty != 'A' || y->op == T2_CONST || iv[k].start >= pos[u] || iv[k].end <= pos[u]) continue;
            bool seen = false;
            for (uint32_t f = x->fs; f && !seen; f = g->fss[f].parent)
                for (uint32_t a = 0; a < g->fss[f].n && !seen; a++) seen = g->pool[g->fss[f].slots + a] == iv[k].v;
            if (!seen) g->gc_unsafe = u;
        }
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
    for (uint32_t k = 0; k < ni; k++) {
        uint32_t v = iv[k].v;
        if (iv[k].reg >= 0) g->reg[v] = iv[k].cls ? iv[k].reg : t2_ra_gpr[iv[k].reg];
        else g->spill[v] = ++g->n_spill;
        if (iv[k].cls && iv[k].reg >= 0) g->reg[v] = (int8_t)(iv[k].reg | 0x40);  /* xmm: not used by code yet */
    }
    g->n.ra_intervals = ni;
    g->n.ra_spills = spills;
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
    return st;
}
