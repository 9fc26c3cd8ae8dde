/* t2_opt.c - the tier-2 graph's analyses and optimizations (t2_ir.h).
 *
 *  - reverse postorder and dominators (Cooper, Harvey and Kennedy's
 *    iteration), a dominator-tree numbering for O(1) dominance tests;
 *  - trivial phis (all operands one value or the phi itself) replaced,
 *    unused phis removed ('X' phis must be among them, else refused);
 *  - GVN (T2_O_GVN): pure values (constants, arithmetic but division,
 *    conversions, array lengths, null checks, instanceof) are looked up in
 *    a table of the values of the dominating blocks; a null check is also
 *    dropped after any dominating dereference of the same value and for
 *    `this` and fresh allocations;
 *  - load elimination (T2_O_LOADS), per extended basic block: a field,
 *    static or array element load reuses an earlier load or store of the
 *    same field (and object) or array kind (array, index).  Alias rules: a
 *    store to field f forgets every known f (any object may be the same);
 *    a store into an array of one element kind forgets that kind's
 *    elements; a call or a class initialization forgets everything; an
 *    allocation or tick nothing.
 *    Stores forward their value only for int, long and reference fields
 *    and arrays (the narrow kinds truncate);
 *  - range-check elimination (T2_O_RCE) from induction variables: see rce;
 *  - dominated bounds checks (T2_O_DCHK): see dominated_checks;
 *  - loop-invariant code motion (T2_O_LICM) of field, static and array
 *    length loads whose operands are defined outside the loop, into the
 *    loop's preheader (its one outside predecessor, when that has the
 *    header as its only successor), when the loop has no call and no store
 *    to that field, and the load cannot throw there: a static of an
 *    initialized class, an object known non-null (`this`, an allocation),
 *    or the load comes first thing in the header (so it ran on entry
 *    anyway, with the same operands);
 *  - null checks proven by a dominating null test or dereference
 *    (T2_O_NNDOM): see nonnull_dominated;
 *  - constant folding (T2_O_FOLD), during the GVN walk: arithmetic of
 *    constants, and the identities x + 0, x * 1... (see fold);
 *  - if-conversion (t19, not -cmov): a diamond or triangle whose arms only
 *    compute cheap values that cannot fail becomes selects (cmov) in one
 *    block: see if_convert.
 */
#include "t2_ir.h"
#include "t2_fold.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../interp/opcodes.h"

#define OOMD(d) vm_diagf((d), VM_ERR_NOMEM, "tier 2: out of memory")

/* ---- order and dominators -------------------------------------------- */
static vm_status compute_order(t2_graph *g, vm_diag *d) {
    const vm_platform *p = g->vm->plat;
    uint32_t nb = g->n_blks;
    vm_free(p, g->order, (size_t)g->n_order * sizeof *g->order);
    g->order = vm_zalloc(p, (size_t)nb * sizeof *g->order);
    uint32_t *stk = vm_zalloc(p, (size_t)nb * 2 * sizeof *stk);
    uint8_t *seen = vm_zalloc(p, nb);
    if (!g->order || !stk || !seen) {
        vm_free(p, stk, (size_t)nb * 2 * sizeof *stk);
        vm_free(p, seen, nb);
        g->n_order = g->order ? nb : 0;
        return OOMD(d);
    }
    g->n_order = nb;
    uint32_t sp = 0, n = 0;
    stk[sp++] = 1; stk[sp++] = 0; seen[1] = 1;
    while (sp) {
        uint32_t b = stk[sp - 2], i = stk[sp - 1];
        if (i < g->blks[b].n_succs) {
            stk[sp - 1] = i + 1;
            uint32_t s = g->blks[b].succs[i];
            if (!seen[s]) { seen[s] = 1; stk[sp++] = s; stk[sp++] = 0; }
        } else {
            g->order[n++] = b;
            sp -= 2;
        }
    }
    for (uint32_t i = 0; i < n / 2; i++) { uint32_t t = g->order[i]; g->order[i] = g->order[n - 1 - i]; g->order[n - 1 - i] = t; }
    for (uint32_t b = 1; b < nb; b++) { g->blks[b].dead = !seen[b]; g->blks[b].rpo = UINT32_MAX; }
    for (uint32_t i = 0; i < n; i++) g->blks[g->order[i]].rpo = i;
    g->n_order = nb;
    /* (order[n..] unused: n_order keeps the allocation size; count below) */
    for (uint32_t i = n; i < nb; i++) g->order[i] = 0;
    vm_free(p, stk, (size_t)nb * 2 * sizeof *stk);
    vm_free(p, seen, nb);
    return VM_OK;
}

static uint32_t n_live_blocks(const t2_graph *g) {
    uint32_t n = 0;
    while (n < g->n_order && g->order[n]) n++;
    return n;
}

static uint32_t intersect(const t2_graph *g, uint32_t a, uint32_t b) {
    while (a != b) {
        while (g->blks[a].rpo > g->blks[b].rpo) a = g->blks[a].idom;
        while (g->blks[b].rpo > g->blks[a].rpo) b = g->blks[b].idom;
    }
    return a;
}

static void compute_doms(t2_graph *g) {
    uint32_t n = n_live_blocks(g);
    for (uint32_t b = 1; b < g->n_blks; b++) g->blks[b].idom = 0;
    g->blks[1].idom = 1;
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t i = 1; i < n; i++) {
            uint32_t b = g->order[i], nd = 0;
            for (uint32_t k = 0; k < g->blks[b].n_preds; k++) {
                uint32_t p = g->blks[b].preds[k];
                if (g->blks[p].dead || !g->blks[p].idom) continue;
                nd = nd ? intersect(g, p, nd) : p;
            }
            if (nd && g->blks[b].idom != nd) { g->blks[b].idom = nd; changed = true; }
        }
    }
}

/* dominator-tree pre/post numbers (dominance in O(1)) */
typedef struct dnum { uint32_t pre, post; } dnum;

static bool number_domtree(t2_graph *g, dnum *num) {
    const vm_platform *p = g->vm->plat;
    uint32_t nb = g->n_blks, n = n_live_blocks(g);
    /* children lists: count, then fill */
    uint32_t *first = vm_zalloc(p, (size_t)(nb + 1) * sizeof *first);
    uint32_t *kids = vm_zalloc(p, (size_t)(n + 1) * sizeof *kids);
    uint32_t *stk = vm_zalloc(p, (size_t)(n + 1) * 2 * sizeof *stk);
    bool ok = first && kids && stk;
    if (ok) {
        for (uint32_t i = 1; i < n; i++) first[g->blks[g->order[i]].idom + 1]++;
        for (uint32_t b = 1; b <= nb; b++) first[b] += first[b - 1];
        uint32_t *fill = vm_zalloc(p, (size_t)(nb + 1) * sizeof *fill);
        ok = fill != NULL;
        if (ok) {
            for (uint32_t i = 1; i < n; i++) {
                uint32_t b = g->order[i], id = g->blks[b].idom;
                kids[first[id] + fill[id]++] = b;
            }
            vm_free(p, fill, (size_t)(nb + 1) * sizeof *fill);
            uint32_t sp = 0, t = 0;
            stk[sp++] = 1; stk[sp++] = 0;
            num[1].pre = t++;
            while (sp) {
                uint32_t b = stk[sp - 2], i = stk[sp - 1];
                if (first[b] + i < first[b + 1]) {
                    stk[sp - 1] = i + 1;
                    uint32_t c = kids[first[b] + i];
                    num[c].pre = t++;
                    stk[sp++] = c; stk[sp++] = 0;
                } else {
                    num[b].post = t++;
                    sp -= 2;
                }
            }
        }
    }
    vm_free(p, first, (size_t)(nb + 1) * sizeof *first);
    vm_free(p, kids, (size_t)(n + 1) * sizeof *kids);
    vm_free(p, stk, (size_t)(n + 1) * 2 * sizeof *stk);
    return ok;
}

static inline bool dominates(const dnum *num, uint32_t a, uint32_t b) {
    return num[a].pre <= num[b].pre && num[b].post <= num[a].post;
}

/* ---- value lists ------------------------------------------------------ */
static void unlink_val(t2_graph *g, uint32_t v) {
    t2_blk *B = &g->blks[g->vals[v].blk];
    uint32_t prev = 0;
    for (uint32_t x = B->first; x && x != v; x = g->vals[x].next) prev = x;
    if (prev) g->vals[prev].next = g->vals[v].next;
    else B->first = g->vals[v].next;
    if (B->last == v) B->last = prev;
    g->vals[v].next = 0;
}

/* put v before the terminator of block b */
static void insert_before_term(t2_graph *g, uint32_t b, uint32_t v) {
    t2_blk *B = &g->blks[b];
    uint32_t prev = 0;
    for (uint32_t x = B->first; x && x != B->last; x = g->vals[x].next) prev = x;
    g->vals[v].next = B->last;
    if (prev) g->vals[prev].next = v;
    else B->first = v;
    g->vals[v].blk = b;
}

static void kill(t2_graph *g, uint32_t v, uint32_t by) {
    g->vals[v].repl = by;
    g->vals[v].op = T2_NOP;
}

/* resolve every operand through the replacements */
static void canon_args(t2_graph *g) {
    for (uint32_t v = 1; v < g->n_vals; v++) {
        if (g->vals[v].op == T2_NOP) continue;
        for (uint32_t k = 0; k < g->vals[v].nargs; k++) t2_args(g, v)[k] = t2_find(g, t2_arg(g, v, k));
    }
}

/* ---- phis ------------------------------------------------------------- */
static vm_status simplify_phis(t2_graph *g, vm_diag *d) {
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t v = 1; v < g->n_vals; v++) {
            t2_val *x = &g->vals[v];
            if (x->op != T2_PHI) continue;
            uint32_t same = 0;
            bool trivial = true;
            for (uint32_t k = 0; k < x->nargs; k++) {
                uint32_t o = t2_find(g, t2_arg(g, v, k));
                if (o == v || o == same) continue;
                if (same) { trivial = false; break; }
                same = o;
            }
            if (trivial && same) { unlink_val(g, v); kill(g, v, same); changed = true; }
        }
    }
    canon_args(g);
    /* unused phis (dead slots, 'X' conflicts), cycles of phis using only
     * each other included: live are the phis a non-phi uses, and the phis
     * a live phi uses */
    {
        const vm_platform *p = g->vm->plat;
        uint8_t *live = vm_zalloc(p, g->n_vals);
        uint32_t *work = vm_zalloc(p, (size_t)g->n_vals * sizeof *work);
        if (!live || !work) {
            vm_free(p, live, g->n_vals);
            vm_free(p, work, (size_t)g->n_vals * sizeof *work);
            return OOMD(d);
        }
        uint32_t nw = 0;
        for (uint32_t v = 1; v < g->n_vals; v++) {
            const t2_val *x = &g->vals[v];
            if (x->op == T2_NOP || x->op == T2_PHI || g->blks[x->blk].dead) continue;
            for (uint32_t k = 0; k < x->nargs; k++) {
                uint32_t o = t2_arg(g, v, k);
                if (o && g->vals[o].op == T2_PHI && !live[o]) { live[o] = 1; work[nw++] = o; }
            }
        }
        /* (t21, not -icall) and a phi of a type in a frame state: an exit
         * writes it, and the interpreter may read the slot after (no
         * bytecode use left in the graph: HashMap.putVal's `p`, whose
         * reads load elimination replaced).  Killed, t2_cg_check refused
         * the method ("removed slot"); only an 'X' or 'V' one is a dead
         * slot there: so a method compiled before compiles the same */
        for (uint32_t k = 1; k < g->n_fss && t2_icall_on(g->vm); k++)
            for (uint32_t j = 0; j < g->fss[k].n; j++) {
                uint32_t o = t2_find(g, g->pool[g->fss[k].slots + j]);
                if (o && g->vals[o].op == T2_PHI && g->vals[o].ty != 'X' && g->vals[o].ty != 'V' && !live[o]) {
                    live[o] = 1;
                    work[nw++] = o;
                }
            }
        while (nw) {
            uint32_t v = work[--nw];
            for (uint32_t k = 0; k < g->vals[v].nargs; k++) {
                uint32_t o = t2_arg(g, v, k);
                if (o && g->vals[o].op == T2_PHI && !live[o]) { live[o] = 1; work[nw++] = o; }
            }
        }
        for (uint32_t v = 1; v < g->n_vals; v++)
            if (g->vals[v].op == T2_PHI && !live[v]) { unlink_val(g, v); kill(g, v, 0); }
        vm_free(p, live, g->n_vals);
        vm_free(p, work, (size_t)g->n_vals * sizeof *work);
    }
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *x = &g->vals[v];
        if (x->op == T2_NOP || g->blks[x->blk].dead) continue;
        if (x->op == T2_PHI && x->ty == 'X')
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: a used slot of conflicting types", x->pc);
        for (uint32_t k = 0; k < x->nargs; k++) {
            uint32_t o = t2_arg(g, v, k);
            if (!o || g->vals[o].op == T2_NOP)
                return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: an undefined operand", x->pc);
        }
    }
    return VM_OK;
}

/* ---- GVN -------------------------------------------------------------- */
typedef struct gvn_ent { uint32_t v; uint32_t next; } gvn_ent;

static bool pure_key(const t2_val *x) {
    switch (x->op) {
    case T2_CONST: case T2_UN: case T2_ALEN: case T2_INSTOF: case T2_NULLCHK:
        return true;
    case T2_BIN:
        return true;  /* division too: a dominating equal one threw first */
    default:
        return false;
    }
}

static uint32_t hash_val(const t2_graph *g, uint32_t v) {
    const t2_val *x = &g->vals[v];
    uint64_t h = (uint64_t)x->op * 0x9e3779b97f4a7c15u ^ (uint64_t)x->aux * 31u ^ (uint64_t)(uint8_t)x->ty * 131u;
    h ^= (uint64_t)x->imm * 0xff51afd7ed558ccdu ^ (uint64_t)(uintptr_t)x->ref;
    for (uint32_t k = 0; k < x->nargs; k++) h = (h ^ t2_arg(g, v, k)) * 0x100000001b3u;
    return (uint32_t)(h ^ (h >> 32));
}

static bool same_val(const t2_graph *g, uint32_t a, uint32_t b) {
    const t2_val *x = &g->vals[a], *y = &g->vals[b];
    if (x->op != y->op || x->aux != y->aux || x->ty != y->ty || x->imm != y->imm || x->ref != y->ref ||
        x->nargs != y->nargs)
        return false;
    for (uint32_t k = 0; k < x->nargs; k++)
        if (t2_arg(g, a, k) != t2_arg(g, b, k)) return false;
    return true;
}

/* the memory facts of one block walk (load elimination) */
typedef struct mfact { uint8_t kind; uint16_t aux; void *f; uint32_t obj, idx, val; } mfact;
enum { MF_FIELD = 1, MF_STATIC, MF_ELEM };
#define MF_MAX 64

static bool fwd_ok(char t) { return t == 'I' || t == 'J' || t == 'F' || t == 'D' || t == 'L' || t == '['; }
static uint16_t elem_kind(uint16_t op) {  /* load and store opcodes of one kind -> one number */
    switch (op) {
    case OP_iaload: case OP_iastore: return 1;
    case OP_laload: case OP_lastore: return 2;
    case OP_aaload: case OP_aastore: return 3;
    case OP_baload: case OP_bastore: return 4;
    case OP_caload: case OP_castore: return 5;
    case OP_faload: case OP_fastore: return 7;
    case OP_daload: case OP_dastore: return 8;
    default: return 6;  /* saload, sastore */
    }
}

/* is v known non-null (this, an allocation, a box from valueOf) */
static bool nonnull(const t2_graph *g, uint32_t v) {
    const t2_val *x = &g->vals[v];
    if (x->op == T2_NEW || x->op == T2_NEWARR) return true;
    if (x->op == T2_CONST && x->ty == 'A' && x->ref) return true;
    if (t2_box_of(g, v, NULL)) return true;   /* a box from valueOf */
    return x->op == T2_PARAM && x->imm == 0 && x->ty == 'A' && !(g->m->access & ACC_STATIC);
}

/* (T2_O_FOLD) v (BIN or UN, operands canonical) of constants becomes a
 * constant in place (returns 0); an identity (x + 0, x - 0, x | 0,
 * x ^ 0, x << 0, x * 1, x & -1) returns the operand it equals; x * 0 and
 * x & 0 become the constant 0.  Division and remainder are left alone
 * (they may throw), as are the intrinsics (aux beyond the bytecodes). */
static bool is_const(const t2_graph *g, uint32_t v, int64_t *imm) {
    const t2_val *y = &g->vals[v];
    if (y->op != T2_CONST || (y->ty != 'I' && y->ty != 'J')) return false;
    *imm = y->ty == 'I' ? (int64_t)(int32_t)y->imm : y->imm;
    return true;
}
static void make_const(t2_graph *g, uint32_t v, int64_t imm) {
    t2_val *x = &g->vals[v];
    x->op = T2_CONST;
    x->aux = 0;
    x->nargs = 0;
    x->imm = imm;
    x->ref = NULL;
    x->flags = 0;
    g->n.folded++;
}
static uint32_t fold(t2_graph *g, uint32_t v) {
    t2_val *x = &g->vals[v];
    if (x->ty != 'I' && x->ty != 'J') return 0;
    int64_t a, b, r;
    if (x->op == T2_UN) {
        if (x->nargs == 1 && is_const(g, t2_arg(g, v, 0), &a) && t2_fold_un(x->aux, a, &r)) make_const(g, v, r);
        return 0;
    }
    if (x->nargs != 2) return 0;
    uint32_t l = t2_arg(g, v, 0), rr = t2_arg(g, v, 1);
    bool cl = is_const(g, l, &a), cr = is_const(g, rr, &b);
    if (cl && cr) {
        if (t2_fold_bin(x->aux, a, b, &r)) make_const(g, v, r);
        return 0;
    }
    if (!cl && !cr) return 0;
    uint32_t other = cl ? rr : l;
    int64_t k = cl ? a : b;
    bool shift = false;
    switch (x->aux) {
    case OP_iadd: case OP_ladd: case OP_ior: case OP_lor: case OP_ixor: case OP_lxor:
        if (k == 0) { g->n.folded++; return other; }
        break;
    case OP_isub: case OP_lsub:
        if (cr && k == 0) { g->n.folded++; return l; }
        break;
    case OP_ishl: case OP_ishr: case OP_iushr: shift = true; k &= 31; break;
    case OP_lshl: case OP_lshr: case OP_lushr: shift = true; k &= 63; break;
    case OP_imul: case OP_lmul:
        if (k == 1) { g->n.folded++; return other; }
        if (k == 0) make_const(g, v, 0);
        break;
    case OP_iand: case OP_land:
        if (k == -1) { g->n.folded++; return other; }
        if (k == 0) make_const(g, v, 0);
        break;
    default:
        break;
    }
    if (shift && cr && k == 0) { g->n.folded++; return l; }
    return 0;
}

static vm_status gvn_loads(t2_graph *g, const dnum *num, vm_diag *d) {
    const vm_platform *p = g->vm->plat;
    uint32_t nh = 1;
    while (nh < 2 * g->n_vals) nh *= 2;
    uint32_t *head = vm_zalloc(p, (size_t)nh * sizeof *head);
    gvn_ent *ents = vm_zalloc(p, (size_t)(2 * g->n_vals + 1) * sizeof *ents);
    mfact *facts = vm_zalloc(p, (size_t)g->n_blks * MF_MAX * sizeof *facts);
    uint8_t *nfacts = vm_zalloc(p, g->n_blks);
    if (!head || !ents || !facts || !nfacts) {
        vm_free(p, head, (size_t)nh * sizeof *head);
        vm_free(p, ents, (size_t)(2 * g->n_vals + 1) * sizeof *ents);
        vm_free(p, facts, (size_t)g->n_blks * MF_MAX * sizeof *facts);
        vm_free(p, nfacts, g->n_blks);
        return OOMD(d);
    }
    uint32_t n_ent = 1;
    bool gvn = g->opts & T2_O_GVN, loads = g->opts & T2_O_LOADS;
    uint32_t n = n_live_blocks(g);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = g->order[i];
        t2_blk *B = &g->blks[b];
        mfact *mf = facts + (size_t)b * MF_MAX;
        uint32_t nf = 0;
        if (B->n_preds == 1 && B->preds[0] == B->idom) {   /* extended basic block */
            nf = nfacts[B->idom];
            vm_memcpy(mf, facts + (size_t)B->idom * MF_MAX, nf * sizeof *mf);
        }
        for (uint32_t v = B->first, nx; v; v = nx) {
            nx = g->vals[v].next;
            t2_val *x = &g->vals[v];
            for (uint32_t k = 0; k < x->nargs; k++) t2_args(g, v)[k] = t2_find(g, t2_arg(g, v, k));
            x = &g->vals[v];
            if (gvn && x->op == T2_NULLCHK && !x->ref && nonnull(g, t2_arg(g, v, 0))) {
                unlink_val(g, v);
                kill(g, v, 0);
                g->n.nullchk++;
                continue;
            }
            if ((g->opts & T2_O_FOLD) && (x->op == T2_BIN || x->op == T2_UN)) {
                uint32_t same = fold(g, v);
                if (same) {   /* an identity: the value is its operand */
                    unlink_val(g, v);
                    kill(g, v, same);
                    continue;
                }
                x = &g->vals[v];
            }
            if (gvn && pure_key(x)) {
                uint32_t h = hash_val(g, v) & (nh - 1), hit = 0;
                for (uint32_t e = head[h]; e; e = ents[e].next) {
                    uint32_t w = ents[e].v;
                    if (g->vals[w].op != T2_NOP && same_val(g, v, w) && dominates(num, g->vals[w].blk, b)) { hit = w; break; }
                }
                if (hit) {
                    if (x->op == T2_NULLCHK) g->n.nullchk++;
                    else g->n.gvn++;
                    unlink_val(g, v);
                    kill(g, v, x->op == T2_NULLCHK ? 0 : hit);
                    continue;
                }
                ents[n_ent] = (gvn_ent){ v, head[h] };
                head[h] = n_ent++;
            }
            if (!loads) continue;
            /* memory */
            switch (x->op) {
            case T2_GETF: case T2_GETS: case T2_ALOAD: {
                uint8_t kd = x->op == T2_GETF ? MF_FIELD : x->op == T2_GETS ? MF_STATIC : MF_ELEM;
                uint32_t obj = x->op == T2_GETS ? 0 : t2_arg(g, v, 0);
                uint32_t idx = x->op == T2_ALOAD ? t2_arg(g, v, 1) : 0;
                uint16_t ek = x->op == T2_ALOAD ? elem_kind(x->aux) : 0;
                uint32_t hit = 0;
                for (uint32_t f = 0; f < nf; f++)
                    if (mf[f].kind == kd && mf[f].f == x->ref && mf[f].aux == ek && mf[f].obj == obj && mf[f].idx == idx) hit = mf[f].val;
                if (hit && g->vals[hit].ty == x->ty) {
                    unlink_val(g, v);
                    kill(g, v, hit);
                    g->n.loads++;
                    continue;
                }
                if (nf < MF_MAX) mf[nf++] = (mfact){ kd, ek, x->ref, obj, idx, v };
                break;
            }
            case T2_PUTF: case T2_PUTS: case T2_ASTORE: {
                uint8_t kd = x->op == T2_PUTF ? MF_FIELD : x->op == T2_PUTS ? MF_STATIC : MF_ELEM;
                uint16_t ek = x->op == T2_ASTORE ? elem_kind(x->aux) : 0;
                uint32_t j = 0;
                for (uint32_t f = 0; f < nf; f++)
                    if (!(mf[f].kind == kd && mf[f].f == x->ref && mf[f].aux == ek)) mf[j++] = mf[f];
                nf = j;
                bool fwd = x->op == T2_ASTORE ? (ek <= 3 || ek >= 7) : fwd_ok(((const jfield *)x->ref)->type);
                uint32_t obj = x->op == T2_PUTS ? 0 : t2_arg(g, v, 0);
                uint32_t idx = x->op == T2_ASTORE ? t2_arg(g, v, 1) : 0;
                uint32_t val = t2_arg(g, v, x->op == T2_PUTF ? 1 : x->op == T2_PUTS ? 0 : 2);
                if (fwd && nf < MF_MAX) mf[nf++] = (mfact){ kd, ek, x->ref, obj, idx, val };
                break;
            }
            case T2_CALL: case T2_INIT:
                nf = 0;
                break;
            default:
                break;
            }
        }
        nfacts[b] = (uint8_t)nf;
    }
    vm_free(p, head, (size_t)nh * sizeof *head);
    vm_free(p, ents, (size_t)(2 * g->n_vals + 1) * sizeof *ents);
    vm_free(p, facts, (size_t)g->n_blks * MF_MAX * sizeof *facts);
    vm_free(p, nfacts, g->n_blks);
    canon_args(g);
    return VM_OK;
}

/* drop the null checks that a dominating dereference of the same value
 * makes redundant (after gvn_loads: every operand canonical) */
static void nullchk_after_deref(t2_graph *g, const dnum *num) {
    for (uint32_t v = 1; v < g->n_vals; v++) {
        t2_val *x = &g->vals[v];
        if (x->op != T2_NULLCHK || x->ref) continue;  /* (a guard checks more) */
        uint32_t o = t2_arg(g, v, 0);
        for (uint32_t w = 1; w < g->n_vals; w++) {
            const t2_val *y = &g->vals[w];
            if (w == v || y->nargs == 0 || t2_arg(g, w, 0) != o || g->blks[y->blk].dead) continue;
            if (y->op != T2_GETF && y->op != T2_PUTF && y->op != T2_ALEN && y->op != T2_ALOAD &&
                y->op != T2_ASTORE)
                continue;
            bool before = y->blk == x->blk ? false : dominates(num, y->blk, x->blk);
            if (y->blk == x->blk)
                for (uint32_t z = g->blks[x->blk].first; z && z != v; z = g->vals[z].next) before |= z == w;
            if (before) { unlink_val(g, v); kill(g, v, 0); g->n.nullchk++; break; }
        }
    }
}

/* ---- null checks proven by a dominating test (T2_O_NNDOM) ----------------
 * A value o is known non-null at a point dominated by
 *  - the non-null successor S of a branch on o (ifnull / ifnonnull, or
 *    if_acmpeq / if_acmpne against the constant null) when S has that
 *    branch as its only predecessor, or
 *  - a dereference of o (null check, field or array access, array length)
 *    that comes before it: had o been null, the code would have left or
 *    thrown there.
 * A null check of o there is dropped; a field or array access or length is
 * marked T2_F_NONNULL (t2_codegen.c: no test, and a field access or length
 * cannot fail at all: T2_F_SAFE, no exit).  nullchk_after_deref and the
 * code generator's nn_blk (a dominating check it emitted) see only
 * dereferences, and only the first one's block. */
typedef struct nnfact { uint32_t blk, after, next; } nnfact;  /* after: a value, or 0: from the block's start */

static bool nn_deref(const t2_val *y) {
    switch (y->op) {
    case T2_NULLCHK: case T2_GETF: case T2_PUTF: case T2_ALEN: case T2_ALOAD: case T2_ASTORE:
        return y->nargs > 0;
    default:
        return false;
    }
}

/* v a branch on o against null (ifnull / ifnonnull, or if_acmpeq /
 * if_acmpne against the constant null): its non-null successor when that
 * has the branch as its only predecessor (*o: the value), else 0 */
static uint32_t nn_succ(const t2_graph *g, uint32_t v, uint32_t *o) {
    const t2_val *x = &g->vals[v];
    *o = 0;
    if (x->op != T2_IF) return 0;
    const t2_blk *B = &g->blks[x->blk];
    if (B->n_succs != 2 || B->succs[0] == B->succs[1]) return 0;
    uint32_t s = 0;
    if (x->aux == OP_ifnull || x->aux == OP_ifnonnull) {
        *o = t2_arg(g, v, 0);
        s = B->succs[x->aux == OP_ifnonnull ? 0 : 1];
    } else if ((x->aux == OP_if_acmpeq || x->aux == OP_if_acmpne) && x->nargs == 2) {
        uint32_t a = t2_arg(g, v, 0), b = t2_arg(g, v, 1);
        const t2_val *ya = &g->vals[a], *yb = &g->vals[b];
        bool na = ya->op == T2_CONST && !ya->ref, nb = yb->op == T2_CONST && !yb->ref;
        if (na == nb) return 0;
        *o = na ? b : a;
        s = B->succs[x->aux == OP_if_acmpne ? 0 : 1];
    }
    if (!*o || g->blks[s].dead || g->blks[s].n_preds != 1) return 0;
    return s;
}

static vm_status nonnull_dominated(t2_graph *g, const dnum *num, vm_diag *d) {
    const vm_platform *p = g->vm->plat;
    uint32_t *head = vm_zalloc(p, (size_t)g->n_vals * sizeof *head);
    uint32_t cap = 2 * g->n_vals + 1;
    nnfact *f = vm_zalloc(p, (size_t)cap * sizeof *f);
    if (!head || !f) {
        vm_free(p, head, (size_t)g->n_vals * sizeof *head);
        vm_free(p, f, (size_t)cap * sizeof *f);
        return OOMD(d);
    }
    uint32_t nf = 1;
    for (uint32_t v = 1; v < g->n_vals && nf < cap; v++) {
        const t2_val *x = &g->vals[v];
        if (x->op == T2_NOP || !x->blk || g->blks[x->blk].dead) continue;
        if (nn_deref(x)) {
            uint32_t o = t2_arg(g, v, 0);
            f[nf] = (nnfact){ x->blk, v, head[o] };
            head[o] = nf++;
            continue;
        }
        uint32_t o, s = nn_succ(g, v, &o);
        if (!s) continue;
        f[nf] = (nnfact){ s, 0, head[o] };
        head[o] = nf++;
    }
    for (uint32_t v = 1; v < g->n_vals; v++) {
        t2_val *x = &g->vals[v];
        if (x->op == T2_NOP || !x->blk || g->blks[x->blk].dead || !nn_deref(x)) continue;
        if (x->op == T2_NULLCHK && x->ref) continue;  /* a guard checks more */
        if (x->flags & T2_F_NONNULL) continue;
        uint32_t o = t2_arg(g, v, 0);
        bool known = false;
        for (uint32_t k = head[o]; k && !known; k = f[k].next) {
            if (f[k].after == v) continue;
            if (f[k].blk != x->blk) known = dominates(num, f[k].blk, x->blk);
            else if (!f[k].after) known = true;
            else
                for (uint32_t z = g->blks[x->blk].first; z && z != v; z = g->vals[z].next) known |= z == f[k].after;
        }
        if (!known) continue;
        g->n.nullchk++;
        if (x->op == T2_NULLCHK) { unlink_val(g, v); kill(g, v, 0); }
        else x->flags |= T2_F_NONNULL;
    }
    vm_free(p, head, (size_t)g->n_vals * sizeof *head);
    vm_free(p, f, (size_t)cap * sizeof *f);
    return VM_OK;
}

/* ---- loops and LICM ---------------------------------------------------- */
/* does every value in v's frame state (its callers' too) come from
 * outside the loop (in[]): a load hoisted out of the header, which may
 * still leave there, must find its state's values defined in the
 * preheader (else t2_cg_check refuses the method: "unavailable") */
static bool state_outside(const t2_graph *g, uint32_t v, const uint8_t *in) {
    for (uint32_t f = g->vals[v].fs, hops = 0; f && hops < 64; f = g->fss[f].parent, hops++) {
        const t2_fstate *F = &g->fss[f];
        for (uint32_t j = 0; j < F->n; j++) {
            uint32_t o = t2_find(g, g->pool[F->slots + j]);
            if (o && in[g->vals[o].blk]) return false;
        }
    }
    return true;
}

static vm_status licm(t2_graph *g, const dnum *num, vm_diag *d) {
    const vm_platform *p = g->vm->plat;
    uint32_t nb = g->n_blks, n = n_live_blocks(g);
    uint8_t *in = vm_zalloc(p, nb);
    uint32_t *work = vm_zalloc(p, (size_t)nb * sizeof *work);
    if (!in || !work) { vm_free(p, in, nb); vm_free(p, work, (size_t)nb * sizeof *work); return OOMD(d); }
    /* headers in reverse RPO: inner loops (later headers) first */
    for (uint32_t hi = n; hi-- > 0;) {
        uint32_t h = g->order[hi];
        const t2_blk *H = &g->blks[h];
        vm_memset(in, 0, nb);
        uint32_t nw = 0, pre = 0, n_out = 0;
        bool loop = false;
        for (uint32_t k = 0; k < H->n_preds; k++) {
            uint32_t s = H->preds[k];
            if (g->blks[s].dead) continue;
            if (dominates(num, h, s)) {
                loop = true;
                if (!in[s]) { in[s] = 1; work[nw++] = s; }
            } else {
                pre = s;
                n_out++;
            }
        }
        if (!loop) continue;
        g->n.loops++;
        in[h] = 1;
        while (nw) {
            uint32_t s = work[--nw];
            if (s == h) continue;
            for (uint32_t k = 0; k < g->blks[s].n_preds; k++) {
                uint32_t q = g->blks[s].preds[k];
                if (!in[q] && !g->blks[q].dead) { in[q] = 1; work[nw++] = q; }
            }
        }
        for (uint32_t b = 1; b < nb; b++) if (in[b] && !g->blks[b].loop) g->blks[b].loop = h;
        if (!(g->opts & T2_O_LICM) || n_out != 1 || g->blks[pre].n_succs != 1) continue;
        /* what the loop may write */
        bool has_call = false;
        for (uint32_t b = 1; b < nb && !has_call; b++) {
            if (!in[b]) continue;
            for (uint32_t v = g->blks[b].first; v; v = g->vals[v].next)
                if (g->vals[v].op == T2_CALL || g->vals[v].op == T2_INIT) { has_call = true; break; }
        }
        if (has_call) continue;
        bool moved = true;
        while (moved) {
            moved = false;
            for (uint32_t b = 1; b < nb; b++) {
                if (!in[b]) continue;
                bool header_start = b == h;  /* nothing with an effect before it in the header yet */
                for (uint32_t v = g->blks[b].first, nx; v; v = nx) {
                    nx = g->vals[v].next;
                    t2_val *x = &g->vals[v];
                    bool cand = x->op == T2_GETF || x->op == T2_GETS || x->op == T2_ALEN;
                    bool inv = cand;
                    for (uint32_t k = 0; inv && k < x->nargs; k++) inv = !in[g->vals[t2_arg(g, v, k)].blk];
                    if (inv && x->op != T2_ALEN) {
                        /* no store to the field in the loop */
                        for (uint32_t bb2 = 1; bb2 < nb && inv; bb2++) {
                            if (!in[bb2]) continue;
                            for (uint32_t w = g->blks[bb2].first; w; w = g->vals[w].next)
                                if ((g->vals[w].op == T2_PUTF || g->vals[w].op == T2_PUTS) && g->vals[w].ref == x->ref) { inv = false; break; }
                        }
                    }
                    bool outside = header_start && state_outside(g, v, in);
                    bool safe = x->op == T2_GETS || (x->nargs && nonnull(g, t2_arg(g, v, 0))) || outside;
                    if (inv && safe) {
                        /* a static load cannot fail (its class's
                         * initialization is a T2_INIT, a call: none in the
                         * loop); its frame state, only a testing exit point
                         * (deopt-every), names values of the loop unless it
                         * came from the header's start: dropped */
                        if (x->op == T2_GETS && !outside) x->fs = 0;
                        unlink_val(g, v);
                        insert_before_term(g, pre, v);
                        g->n.hoisted++;
                        moved = true;
                        continue;
                    }
                    if (x->op != T2_PHI && t2_has_effect(x)) header_start = false;
                }
            }
        }
    }
    vm_free(p, in, nb);
    vm_free(p, work, (size_t)nb * sizeof *work);
    return VM_OK;
}

/* ---- range checks (T2_O_RCE) --------------------------------------------
 * An array access a[i] needs no bounds check when i is an induction
 * variable i = phi(k, i + 1) with the constant k >= 0, the access is
 * dominated by the inside edge of a test i < a.length (if_icmpge i, alen
 * exiting, or if_icmplt i, alen entering; the inside block reached only
 * from the test), and the increment itself only happens inside that edge:
 * then i + 1 <= a.length <= INT_MAX never wraps, so 0 <= i < a.length
 * wherever the test held.  The access is marked T2_F_INBOUNDS. */
static bool const_nonneg(const t2_graph *g, uint32_t v) {
    const t2_val *x = &g->vals[v];
    return x->op == T2_CONST && x->ty == 'I' && x->imm >= 0;
}

static void rce(t2_graph *g, const dnum *num) {
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *t = &g->vals[v];
        if (t->op != T2_IF || t->nargs != 2 || g->blks[t->blk].dead) continue;
        const t2_blk *T = &g->blks[t->blk];
        uint32_t inside;
        if (t->aux == OP_if_icmpge) inside = T->succs[1];
        else if (t->aux == OP_if_icmplt) inside = T->succs[0];
        else continue;
        if (g->blks[inside].n_preds != 1) continue;
        uint32_t iv = t2_arg(g, v, 0), len = t2_arg(g, v, 1);
        const t2_val *L = &g->vals[len], *P = &g->vals[iv];
        if (L->op != T2_ALEN || P->op != T2_PHI || P->nargs != 2) continue;
        uint32_t arr = t2_arg(g, len, 0), h = P->blk;
        bool ok = true, seen_init = false, seen_step = false;
        for (uint32_t k = 0; k < 2 && ok; k++) {
            uint32_t o = t2_arg(g, iv, k), pred = g->blks[h].preds[k];
            const t2_val *O = &g->vals[o];
            if (!dominates(num, h, pred)) {           /* the entry edge */
                ok = const_nonneg(g, o);
                seen_init = true;
            } else {                                  /* the back edge: i + 1 inside */
                ok = O->op == T2_BIN && O->aux == OP_iadd &&
                     ((t2_arg(g, o, 0) == iv && g->vals[t2_arg(g, o, 1)].op == T2_CONST && g->vals[t2_arg(g, o, 1)].imm == 1) ||
                      (t2_arg(g, o, 1) == iv && g->vals[t2_arg(g, o, 0)].op == T2_CONST && g->vals[t2_arg(g, o, 0)].imm == 1)) &&
                     dominates(num, inside, O->blk);
                seen_step = true;
            }
        }
        if (!ok || !seen_init || !seen_step) continue;
        for (uint32_t w = 1; w < g->n_vals; w++) {
            t2_val *a = &g->vals[w];
            if ((a->op != T2_ALOAD && a->op != T2_ASTORE) || g->blks[a->blk].dead || (a->flags & T2_F_INBOUNDS)) continue;
            if (t2_arg(g, w, 0) != arr || t2_arg(g, w, 1) != iv || !dominates(num, inside, a->blk)) continue;
            a->flags |= T2_F_INBOUNDS;
            g->n.rce++;
        }
    }
}

/* ---- dominated bounds checks (T2_O_DCHK) ---------------------------------
 * An array access a[j] needs no null or bounds check when an access a'[j']
 * of the same array value dominates it (it ran before, without throwing:
 * tier-2 graphs have no exception handlers) and j is the same value as j',
 * or both are constants with 0 <= j <= j' (then j < a.length, since
 * a.length > j' and an array's length never changes).  The dominating
 * access may itself be proven (T2_F_INBOUNDS): it is then in bounds too. */
static uint32_t const_index(const t2_graph *g, uint32_t v) {  /* the constant + 1, or 0 */
    const t2_val *x = &g->vals[v];
    return x->op == T2_CONST && x->ty == 'I' && x->imm >= 0 && x->imm < INT32_MAX ? (uint32_t)x->imm + 1 : 0;
}

/* does w come before v (same block) or its block dominate v's */
static bool before_in(const t2_graph *g, const dnum *num, uint32_t w, uint32_t v) {
    uint32_t bw = g->vals[w].blk, bv = g->vals[v].blk;
    if (bw != bv) return dominates(num, bw, bv);
    for (uint32_t z = g->blks[bv].first; z && z != v; z = g->vals[z].next)
        if (z == w) return true;
    return false;
}

static vm_status dominated_checks(t2_graph *g, const dnum *num, vm_diag *d) {
    const vm_platform *p = g->vm->plat;
    uint32_t na = 0;
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *x = &g->vals[v];
        na += (x->op == T2_ALOAD || x->op == T2_ASTORE) && !g->blks[x->blk].dead;
    }
    if (na < 2) return VM_OK;
    uint32_t *acc = vm_zalloc(p, (size_t)na * sizeof *acc);
    if (!acc) return OOMD(d);
    uint32_t k = 0;
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *x = &g->vals[v];
        if ((x->op == T2_ALOAD || x->op == T2_ASTORE) && !g->blks[x->blk].dead) acc[k++] = v;
    }
    for (uint32_t i = 0; i < na; i++) {
        uint32_t v = acc[i];
        t2_val *x = &g->vals[v];
        if (x->flags & T2_F_INBOUNDS) continue;
        uint32_t arr = t2_arg(g, v, 0), idx = t2_arg(g, v, 1), ci = const_index(g, idx);
        for (uint32_t j = 0; j < na; j++) {
            uint32_t w = acc[j];
            if (w == v || t2_arg(g, w, 0) != arr) continue;
            uint32_t wi = t2_arg(g, w, 1), cw = const_index(g, wi);
            if (wi != idx && !(ci && cw && ci <= cw)) continue;
            if (!before_in(g, num, w, v)) continue;
            x->flags |= T2_F_INBOUNDS;
            g->n.dchk++;
            break;
        }
    }
    vm_free(p, acc, (size_t)na * sizeof *acc);
    return VM_OK;
}

/* ---- widened bounds checks (-smear off) ----------------------------------
 * Header parsing reads a[p], a[p + 1], .., a[p + 9] in one block: one check
 * each.  As C2's range-check smearing, the first unproven access a[b + c0]
 * of a group (one array value, one index base b, constant offsets c in
 * [0, 2^15), the same block after it) also checks b + cmin and b + cmax
 * (both unsigned below a.length, in 32-bit arithmetic: when both hold no
 * sum wrapped and every b + c between is in bounds); the others are proven
 * (T2_F_INBOUNDS).  A widened check that fails leaves at the first access,
 * where its own check leaves: the interpreter runs on from there and throws
 * exactly where the bytecode does, or not at all.  Only where it saves
 * instructions: one widened side (lea, cmp, jcc) for two or more proven
 * accesses, both sides for four or more.  One block only, so the
 * later accesses run whenever the first does (unless something between
 * throws, which leaves at the first access as well). */
static bool index_base(const t2_graph *g, uint32_t idx, uint32_t *base, uint32_t *off) {
    const t2_val *x = &g->vals[idx];
    if (x->ty != 'I' || x->op == T2_CONST) return false;
    *base = idx;
    *off = 0;
    if (x->op != T2_BIN || x->aux != OP_iadd) return true;
    uint32_t l = t2_find(g, t2_arg(g, idx, 0)), r = t2_find(g, t2_arg(g, idx, 1));
    const t2_val *L = &g->vals[l], *R = &g->vals[r];
    if (L->op == T2_CONST && R->op != T2_CONST) { uint32_t t = l; l = r; r = t; R = L; }
    if (R->op != T2_CONST || R->ty != 'I' || (int32_t)R->imm < 0 || (int32_t)R->imm >= 0x8000) return true;
    *base = l;
    *off = (uint32_t)(int32_t)R->imm;
    return true;
}

static void smear_checks(t2_graph *g) {
    for (uint32_t bk = 1; bk < g->n_blks; bk++) {
        if (g->blks[bk].dead) continue;
        for (uint32_t v = g->blks[bk].first; v; v = g->vals[v].next) {
            t2_val *x = &g->vals[v];
            if ((x->op != T2_ALOAD && x->op != T2_ASTORE) || (x->flags & T2_F_INBOUNDS)) continue;
            uint32_t arr = t2_find(g, t2_arg(g, v, 0)), base, c0;
            if (!index_base(g, t2_find(g, t2_arg(g, v, 1)), &base, &c0)) continue;
            uint32_t lo = c0, hi = c0, n = 0;
            for (int mark = 0; mark < 2; mark++) {
                for (uint32_t w = x->next; w; w = g->vals[w].next) {
                    t2_val *y = &g->vals[w];
                    if ((y->op != T2_ALOAD && y->op != T2_ASTORE) || (y->flags & T2_F_INBOUNDS) ||
                        t2_find(g, t2_arg(g, w, 0)) != arr)
                        continue;
                    uint32_t bw, cw;
                    if (!index_base(g, t2_find(g, t2_arg(g, w, 1)), &bw, &cw) || bw != base) continue;
                    if (mark) { y->flags |= T2_F_INBOUNDS; continue; }
                    if (cw < lo) lo = cw;
                    if (cw > hi) hi = cw;
                    n++;
                }
                /* worth it: a widened check (lea, cmp, jcc) costs about
                 * what the checks of 1.5 accesses (cmp, jcc) save */
                uint32_t wide = (uint32_t)(lo < c0) + (uint32_t)(hi > c0);
                if (!mark && 2 * n <= 3 * wide) break;
            }
            if (2 * n <= 3 * ((uint32_t)(lo < c0) + (uint32_t)(hi > c0))) continue;
            x->imm = (int64_t)(((c0 - lo) << 16) | (hi - c0));
            g->n.dchk += n;
        }
    }
}

/* ---- zero-extending loads (T2_O_ZX) --------------------------------------
 * A byte (short) array load whose every use, frame states included, is an
 * `& 0xff` (`& 0xffff`) loads zero-extended (T2_F_ZX: movzx), and the ands
 * are gone.  A frame state holding the load itself (the interpreter would
 * see the sign-extended value) or any other use keeps it as it is. */
static bool mask_of(const t2_graph *g, uint32_t v, uint32_t load) {
    const t2_val *x = &g->vals[v];
    if (x->op != T2_BIN || x->aux != OP_iand) return false;
    uint32_t a = t2_find(g, t2_arg(g, v, 0)), b = t2_find(g, t2_arg(g, v, 1));
    uint32_t k = a == load ? b : b == load ? a : 0;
    if (!k || g->vals[k].op != T2_CONST || g->vals[k].ty != 'I') return false;
    int64_t want = g->vals[load].aux == OP_baload ? 0xff : 0xffff;
    return (int32_t)g->vals[k].imm == want;
}
static vm_status zero_extend(t2_graph *g, vm_diag *d) {
    /* per value: 1 = a candidate, 2 = used otherwise */
    uint8_t *st = vm_zalloc(g->vm->plat, g->n_vals);
    if (!st) return OOMD(d);
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *x = &g->vals[v];
        if (x->op == T2_ALOAD && (x->aux == OP_baload || x->aux == OP_saload) && !g->blks[x->blk].dead)
            st[v] = 1;
    }
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *x = &g->vals[v];
        if (x->op == T2_NOP || (x->blk && g->blks[x->blk].dead)) continue;
        for (uint32_t k = 0; k < x->nargs; k++) {
            uint32_t o = t2_find(g, t2_arg(g, v, k));
            if (o && st[o] && !mask_of(g, v, o)) st[o] = 2;
        }
    }
    /* the frame states code may leave with (an iand's own, recorded at
     * its pc with the load on the stack, is never used) */
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *x = &g->vals[v];
        if (x->op == T2_NOP || !x->fs || !(t2_may_throw(x) || x->op == T2_INSTOF)) continue;
        for (uint32_t f = x->fs, hops = 0; f && hops < 64; f = g->fss[f].parent, hops++) {
            const t2_fstate *F = &g->fss[f];
            for (uint32_t j = 0; j < F->n; j++) {
                uint32_t o = t2_find(g, g->pool[F->slots + j]);
                if (o && st[o]) st[o] = 2;
            }
        }
    }
    for (uint32_t v = 1; v < g->n_vals; v++) {
        t2_val *x = &g->vals[v];
        if (x->op == T2_NOP || (x->blk && g->blks[x->blk].dead)) continue;
        for (uint32_t k = 0; k < x->nargs; k++) {
            uint32_t o = t2_find(g, t2_arg(g, v, k));
            if (o && st[o] == 1 && mask_of(g, v, o)) {
                unlink_val(g, v);
                kill(g, v, o);
                g->vals[o].flags |= T2_F_ZX;
                g->n.zx++;
                break;
            }
        }
    }
    vm_free(g->vm->plat, st, g->n_vals);
    canon_args(g);
    return VM_OK;
}

/* ---- compare and branch ------------------------------------------------ */
/* (vm->jit_tier2_off; jit_observe.c's ,-cmpbr) */
#define T2_CMPBR_OFF (1ull << 40)

/* (not -cmpbr) Each ifeq..ifle whose operand is an lcmp (Long.compare) or
 * Integer.compare that only such ifs use (no other value, no frame state)
 * compares that compare's operands itself: if_icmpXX of them (x < y
 * exactly when compare(x, y) < 0), a 64-bit cmp for longs, and the
 * compare, its -1/0/1 and its register are gone (TokenShaper's
 * `elapsed <= 0`, `tokens >= need`: javac's lcmp; ifle; GVN may have
 * made one lcmp of several tests of the same two values). */
static bool cmp_if(const t2_graph *g, uint32_t v) {
    const t2_val *x = &g->vals[v];
    return x->op == T2_IF && x->nargs == 1 && x->aux >= OP_ifeq && x->aux <= OP_ifle;
}
static vm_status cmp_branch(t2_graph *g, vm_diag *d) {
    /* per value: 1 = used by such an if, 2 = used otherwise (the values
     * there are now: the ifs' new operand lists below add values) */
    const uint32_t n = g->n_vals;
    uint8_t *use = vm_zalloc(g->vm->plat, n);
    if (!use) return OOMD(d);
    for (uint32_t v = 1; v < n; v++) {
        const t2_val *x = &g->vals[v];
        if (x->op == T2_NOP || (x->blk && g->blks[x->blk].dead)) continue;
        for (uint32_t k = 0; k < x->nargs; k++) {
            uint32_t o = t2_find(g, t2_arg(g, v, k));
            if (o) use[o] = cmp_if(g, v) && use[o] != 2 ? 1 : 2;
        }
        for (uint32_t f = x->fs, hops = 0; f && hops < 64; f = g->fss[f].parent, hops++) {
            const t2_fstate *F = &g->fss[f];
            for (uint32_t j = 0; j < F->n; j++) {
                uint32_t o = t2_find(g, g->pool[F->slots + j]);
                if (o) use[o] = 2;
            }
        }
    }
    vm_status st = VM_OK;
    for (uint32_t v = 1; v < n && st == VM_OK; v++) {
        if (!cmp_if(g, v) || g->blks[g->vals[v].blk].dead) continue;
        uint32_t o = t2_find(g, t2_arg(g, v, 0));
        const t2_val *y = &g->vals[o];
        if (y->op != T2_BIN || (y->aux != OP_lcmp && y->aux != T2_X_ICMP) || use[o] != 1) continue;
        /* two operand slots for the if: a value outside every block's list */
        uint32_t w = t2_new_val(g, 0, T2_NOP, 'V', 2);
        if (!w) { st = OOMD(d); break; }
        t2_args(g, w)[0] = t2_find(g, t2_arg(g, o, 0));
        t2_args(g, w)[1] = t2_find(g, t2_arg(g, o, 1));
        g->vals[v].args = g->vals[w].args;
        g->vals[v].nargs = 2;
        g->vals[v].aux = (uint16_t)(g->vals[v].aux - OP_ifeq + OP_if_icmpeq);
        g->n.folded++;
    }
    /* the compares no if uses now */
    for (uint32_t o = 1; o < n; o++) {
        const t2_val *y = &g->vals[o];
        if (use[o] == 1 && y->op == T2_BIN && (y->aux == OP_lcmp || y->aux == T2_X_ICMP) && y->blk) {
            unlink_val(g, o);
            kill(g, o, 0);
        }
    }
    vm_free(g->vm->plat, use, n);
    return st;
}

/* ---- if-conversion (t19; not -cmov) -------------------------------------
 * A block B ending in an if whose two successors reach one join block J
 * (J's only predecessors), each directly (a triangle) or through an arm
 * block of B's alone that only computes cheap values that cannot fail and
 * goes to J, becomes one block: the arms' values move into B (they run on
 * both paths now), each phi of J becomes a select (T2_BIN T2_X_SEL: a
 * cmov, t2_codegen.c) on the if's condition, and B goes to J.  A branch
 * on data (a trie walk's `bit ? n.one : n.zero`, `if (x >= 0) best = x`)
 * is mispredicted about every other time; a cmov never is (HotSpot C2's
 * CMove: LpmTrie's lookup takes twice the time without it, as
 * java -XX:ConditionalMoveLimit=0 shows).
 * Cheap values: constants, int and long arithmetic but division and
 * remainder, conversions, selects, and field loads (not volatile) and
 * array lengths of an object known non-null at B's end: `this`, an
 * allocation, or one B or a block dominating it dereferences or tests
 * against null (the if itself does not count: its arm runs only on one
 * edge).  At most SEL_ARM of them per arm (constants free) and SEL_PHIS
 * phis of types I, J and A (no floats).  J's other values stay. */
#define SEL_ARM 3
#define SEL_PHIS 3

/* is o known non-null at the end of block b (num: dominance) */
static bool nn_at_end(const t2_graph *g, const dnum *num, uint32_t o, uint32_t b) {
    if (nonnull(g, o)) return true;
    for (uint32_t w = 1; w < g->n_vals; w++) {
        const t2_val *y = &g->vals[w];
        if (y->op == T2_NOP || !y->blk || g->blks[y->blk].dead) continue;
        if (nn_deref(y) && !(y->op == T2_NULLCHK && y->ref) && t2_find(g, t2_arg(g, w, 0)) == o &&
            dominates(num, y->blk, b))
            return true;
        if (y->op != T2_IF || y->blk == b) continue;
        uint32_t yo, s = nn_succ(g, w, &yo);
        if (s && t2_find(g, yo) == o && dominates(num, s, b)) return true;
    }
    return false;
}

/* may value v of an arm of b run before b's if instead */
static bool sel_cheap(const t2_graph *g, const dnum *num, uint32_t v, uint32_t b) {
    const t2_val *x = &g->vals[v];
    switch (x->op) {
    case T2_CONST:
        return true;
    case T2_BIN: case T2_UN:
        return (x->ty == 'I' || x->ty == 'J' || (x->ty == 'A' && x->aux == T2_X_SEL)) && !t2_may_throw(x) &&
               !t2_float_op(x->aux) && (x->aux < T2_X_IMIN || x->aux == T2_X_SEL || x->aux == T2_X_IMIN ||
                                        x->aux == T2_X_IMAX || x->aux == T2_X_LMIN || x->aux == T2_X_LMAX);
    case T2_GETF: {
        const jfield *f = x->ref;
        if (!f || (f->access & ACC_VOLATILE) || f->type == 'F' || f->type == 'D') return false;
        return nn_at_end(g, num, t2_find(g, t2_arg(g, v, 0)), b);
    }
    case T2_ALEN:
        return nn_at_end(g, num, t2_find(g, t2_arg(g, v, 0)), b);
    default:
        return false;
    }
}

/* s, a successor of b: J itself (*arm 0) or an arm going to J; 0 if neither */
static uint32_t sel_join(const t2_graph *g, uint32_t b, uint32_t s, uint32_t *arm) {
    const t2_blk *S = &g->blks[s];
    *arm = 0;
    if (s == b || S->dead) return 0;
    const t2_val *t = S->last ? &g->vals[S->last] : NULL;
    if (S->n_preds == 1 && t && t->op == T2_GOTO && S->n_succs == 1 && S->succs[0] != s && S->succs[0] != b) {
        *arm = s;
        return S->succs[0];
    }
    return s;
}

static bool sel_arm_ok(const t2_graph *g, const dnum *num, uint32_t arm, uint32_t b) {
    if (!arm) return true;
    uint32_t n = 0;
    for (uint32_t v = g->blks[arm].first; v && v != g->blks[arm].last; v = g->vals[v].next) {
        if (!sel_cheap(g, num, v, b)) return false;
        n += g->vals[v].op != T2_CONST;
    }
    return n <= SEL_ARM;
}

/* merge J into b (b's terminator, its if, gone: J follows b alone); the
 * successor lists are sized allocations (t2_build.c's add_edge, t2_free) */
static void sel_merge(t2_graph *g, uint32_t b, uint32_t j) {
    t2_blk *B = &g->blks[b], *J = &g->blks[j];
    uint32_t tv = B->last;
    unlink_val(g, tv);
    kill(g, tv, 0);
    for (uint32_t v = J->first; v; v = g->vals[v].next) g->vals[v].blk = b;
    if (B->last) g->vals[B->last].next = J->first; else B->first = J->first;
    B->last = J->last;
    vm_free(g->vm->plat, B->succs, (size_t)B->n_succs * sizeof *B->succs);
    B->succs = J->succs;
    B->n_succs = J->n_succs;
    for (uint32_t k = 0; k < J->n_succs; k++) {
        t2_blk *S = &g->blks[J->succs[k]];
        for (uint32_t i = 0; i < S->n_preds; i++) if (S->preds[i] == j) S->preds[i] = b;
    }
    J->first = J->last = 0;
    J->succs = NULL;
    J->n_succs = J->n_preds = 0;
    J->dead = true;
}

static vm_status sel_one(t2_graph *g, const dnum *num, uint32_t b, bool *done, vm_diag *d) {
    t2_blk *B = &g->blks[b];
    uint32_t iv = B->last;
    *done = false;
    if (!iv || g->vals[iv].op != T2_IF || B->n_succs != 2 || B->succs[0] == B->succs[1]) return VM_OK;
    uint32_t at, af;
    uint32_t jt = sel_join(g, b, B->succs[0], &at), jf = sel_join(g, b, B->succs[1], &af);
    if (!jt || !jf) return VM_OK;
    if (jt != jf) {   /* a triangle: one successor is the join itself */
        if (at && jt == B->succs[1]) { jf = jt; af = 0; }
        else if (af && jf == B->succs[0]) { jt = jf; at = 0; }
        else return VM_OK;
    }
    uint32_t j = jt;
    t2_blk *J = &g->blks[j];
    if (j == b || (!at && !af) || J->n_preds != 2) return VM_OK;
    uint32_t pt = at ? at : b, pf = af ? af : b;   /* J's predecessors on the two paths */
    if (!((J->preds[0] == pt && J->preds[1] == pf) || (J->preds[0] == pf && J->preds[1] == pt))) return VM_OK;
    uint32_t kt = J->preds[0] == pt ? 0 : 1;
    uint32_t nphi = 0;
    for (uint32_t v = J->first; v && g->vals[v].op == T2_PHI; v = g->vals[v].next) {
        char t = g->vals[v].ty;
        if (t != 'I' && t != 'J' && t != 'A') return VM_OK;
        nphi++;
    }
    const t2_val *I = &g->vals[iv];
    if (nphi > SEL_PHIS || I->nargs < 1 || I->nargs > 2) return VM_OK;
    char ct = g->vals[t2_find(g, t2_arg(g, iv, 0))].ty;
    if (ct != 'I' && ct != 'J' && ct != 'A') return VM_OK;
    if (!sel_arm_ok(g, num, at, b) || !sel_arm_ok(g, num, af, b)) return VM_OK;
    /* the arms' values before B's if (known non-null there), the arms gone */
    uint32_t arms[2] = { at, af };
    for (int a = 0; a < 2; a++) {
        if (!arms[a]) continue;
        t2_blk *A = &g->blks[arms[a]];
        while (A->first != A->last) {
            uint32_t v = A->first;
            unlink_val(g, v);
            insert_before_term(g, b, v);
            if (g->vals[v].op == T2_GETF || g->vals[v].op == T2_ALEN) g->vals[v].flags |= T2_F_NONNULL;
        }
        uint32_t gv = A->last;
        unlink_val(g, gv);
        kill(g, gv, 0);
        A->first = A->last = 0;
        A->n_preds = 0;   /* (its one successor, J, dead too: freed as built) */
        A->dead = true;
    }
    /* each phi of J a select there */
    while (J->first && g->vals[J->first].op == T2_PHI) {
        uint32_t v = J->first;
        uint32_t s = t2_new_val(g, 0, T2_BIN, g->vals[v].ty, 2u + g->vals[iv].nargs);
        if (!s) return OOMD(d);
        t2_val *S = &g->vals[s];
        const t2_val *C = &g->vals[iv];
        S->aux = T2_X_SEL;
        S->imm = C->aux;
        S->ctx = C->ctx;
        S->pc = C->pc;
        t2_args(g, s)[0] = t2_find(g, t2_arg(g, v, kt));
        t2_args(g, s)[1] = t2_find(g, t2_arg(g, v, 1 - kt));
        for (uint32_t k = 0; k < C->nargs; k++) t2_args(g, s)[2 + k] = t2_find(g, t2_arg(g, iv, k));
        insert_before_term(g, b, s);
        unlink_val(g, v);
        kill(g, v, s);
    }
    sel_merge(g, b, j);   /* (the if goes with B's successors) */
    g->n.sel++;
    *done = true;
    return VM_OK;
}

static vm_status with_doms(t2_graph *g, vm_diag *d, dnum **out);
/* every block, innermost diamonds first (a merged one may make its
 * enclosing arm cheap); then order, dominators and their numbers again */
static vm_status if_convert(t2_graph *g, dnum **num, vm_diag *d) {
    uint32_t n = n_live_blocks(g);
    bool any = false;
    for (uint32_t i = n; i-- > 0;) {
        uint32_t b = g->order[i];
        bool done = true;
        /* (b again while it converts: after a merge it ends in J's terminator) */
        for (uint32_t k = 0; k < 8 && done && !g->blks[b].dead; k++) {
            vm_status st = sel_one(g, *num, b, &done, d);
            if (st != VM_OK) return st;
            any |= done;
        }
    }
    if (!any) return VM_OK;
    canon_args(g);
    vm_free(g->vm->plat, *num, (size_t)g->n_blks * sizeof **num);
    *num = NULL;
    return with_doms(g, d, num);
}

/* ---- verification ----------------------------------------------------- */
static vm_status verify_with(t2_graph *g, const dnum *num, vm_diag *d) {
    uint32_t n = n_live_blocks(g);
    uint32_t *pos = vm_zalloc(g->vm->plat, (size_t)g->n_vals * sizeof *pos);
    if (!pos) return OOMD(d);
    vm_status st = VM_OK;
    for (uint32_t i = 0; i < n && st == VM_OK; i++) {
        uint32_t b = g->order[i], k = 0;
        for (uint32_t v = g->blks[b].first; v; v = g->vals[v].next) {
            pos[v] = ++k;
            if (g->vals[v].blk != b) st = vm_diagf(d, VM_ERR_INTERNAL, "v%u listed in b%u, says b%u", v, b, g->vals[v].blk);
        }
    }
    for (uint32_t i = 0; i < n && st == VM_OK; i++) {
        uint32_t b = g->order[i];
        const t2_blk *B = &g->blks[b];
        uint32_t t = B->last;
        uint8_t top = t ? g->vals[t].op : T2_NOP;
        uint32_t want = top == T2_IF ? 2 : top == T2_GOTO ? 1 : top == T2_SWITCH ? (uint32_t)g->vals[t].imm + 1
                        : (top == T2_RET || top == T2_THROW) ? 0 : UINT32_MAX;
        if (want != B->n_succs) { st = vm_diagf(d, VM_ERR_INTERNAL, "b%u: terminator %u, %u successors", b, top, B->n_succs); break; }
        for (uint32_t v = B->first; v && st == VM_OK; v = g->vals[v].next) {
            const t2_val *x = &g->vals[v];
            if (x->op == T2_NOP) { st = vm_diagf(d, VM_ERR_INTERNAL, "v%u: removed but listed", v); break; }
            if (x->op >= T2_IF && v != t) { st = vm_diagf(d, VM_ERR_INTERNAL, "v%u: terminator inside b%u", v, b); break; }
            if (x->op == T2_PHI && x->nargs != B->n_preds) { st = vm_diagf(d, VM_ERR_INTERNAL, "v%u: phi of %u for %u preds", v, x->nargs, B->n_preds); break; }
            for (uint32_t k = 0; k < x->nargs; k++) {
                uint32_t o = t2_arg(g, v, k);
                const t2_val *y = &g->vals[o];
                if (!o || y->op == T2_NOP || g->blks[y->blk].dead || !pos[o]) {
                    st = vm_diagf(d, VM_ERR_INTERNAL, "v%u: operand %u (v%u) undefined", v, k, o);
                    break;
                }
                if (y->ty == 'V' || y->ty == 'X') { st = vm_diagf(d, VM_ERR_INTERNAL, "v%u: operand v%u has no value", v, o); break; }
                uint32_t ub = x->op == T2_PHI ? B->preds[k] : b;
                bool ok = y->blk == ub ? (x->op == T2_PHI || pos[o] < pos[v]) : dominates(num, y->blk, ub);
                if (!ok) { st = vm_diagf(d, VM_ERR_INTERNAL, "v%u: operand v%u does not dominate it", v, o); break; }
            }
        }
    }
    vm_free(g->vm->plat, pos, (size_t)g->n_vals * sizeof *pos);
    return st;
}

static vm_status with_doms(t2_graph *g, vm_diag *d, dnum **out) {
    vm_status st = compute_order(g, d);
    if (st != VM_OK) return st;
    compute_doms(g);
    dnum *num = vm_zalloc(g->vm->plat, (size_t)g->n_blks * sizeof *num);
    if (!num || !number_domtree(g, num)) {
        vm_free(g->vm->plat, num, (size_t)g->n_blks * sizeof *num);
        return OOMD(d);
    }
    *out = num;
    return VM_OK;
}

vm_status t2_verify(t2_graph *g, vm_diag *d) {
    dnum *num;
    vm_status st = with_doms(g, d, &num);
    if (st != VM_OK) return st;
    st = verify_with(g, num, d);
    if (num) vm_free(g->vm->plat, num, (size_t)g->n_blks * sizeof *num);
    return st;
}

vm_status t2_optimize(t2_graph *g, vm_diag *d) {
    dnum *num;
    vm_status st = with_doms(g, d, &num);
    if (st != VM_OK) return st;
    st = simplify_phis(g, d);
    if (st == VM_OK) st = verify_with(g, num, d);
    if (st == VM_OK && (g->opts & (T2_O_GVN | T2_O_LOADS))) st = gvn_loads(g, num, d);
    if (st == VM_OK && (g->opts & T2_O_GVN)) nullchk_after_deref(g, num);
    if (st == VM_OK && (g->opts & T2_O_NNDOM)) st = nonnull_dominated(g, num, d);
    if (st == VM_OK) st = licm(g, num, d);
    if (st == VM_OK && (g->opts & T2_O_RCE)) rce(g, num);
    if (st == VM_OK && (g->opts & T2_O_DCHK)) st = dominated_checks(g, num, d);
    if (st == VM_OK && !(g->vm->jit_tier2_off & T2_SMEAR_OFF)) smear_checks(g);
    if (st == VM_OK && (g->opts & T2_O_ZX)) st = zero_extend(g, d);
    if (st == VM_OK && !(g->vm->jit_tier2_off & T2_CMPBR_OFF)) st = cmp_branch(g, d);
    if (st == VM_OK && !(g->vm->jit_tier2_off & T2_CMOV_OFF)) st = if_convert(g, &num, d);
    if (st == VM_OK) st = verify_with(g, num, d);
    if (st == VM_OK) {
        uint32_t nv = 0;
        for (uint32_t v = 1; v < g->n_vals; v++) nv += g->vals[v].op != T2_NOP && g->vals[v].blk && !g->blks[g->vals[v].blk].dead;
        g->n.values = nv;
        g->n.blocks = n_live_blocks(g);
    }
    if (num) vm_free(g->vm->plat, num, (size_t)g->n_blks * sizeof *num);
    return st;
}
