/* t2_cg_check.c - before register allocation: is a tier-2 graph in the
 * code generator's subset (t2_codegen.c), and is every frame state usable
 * where code leaves (canonical values dominating the point)?  Split out of
 * t2_codegen.c; the helpers the code generator shares (t2_nl_of,
 * t2_dominates, t2_float_op, t2_known_bytes) are declared in t2_ir.h. */
#include "t2_ir.h"
#include "t2_deopt.h"
#include "../interp/opcodes.h"
#include "../gc/stackmap.h"
#include "../core/mem.h"
#include "../core/fmt.h"

_Static_assert(VM_TIER2_OFF_RECOMPILE == T2_O_RECOMP, "vifvm.h: VM_TIER2_OFF_RECOMPILE is T2_O_RECOMP");

/* ---- the subset and the frame states (before register allocation) ---- */

uint32_t t2_nl_of(const jmethod *m) { return m->max_locals > m->arg_slots ? m->max_locals : m->arg_slots; }

bool t2_dominates(const t2_graph *g, uint32_t a, uint32_t b) {
    for (uint32_t k = 0; k < 100000; k++) {
        if (a == b) return true;
        uint32_t up = g->blks[b].idom;
        if (up == b || up == 0) return false;
        b = up;
    }
    return false;
}

/* is value s available at value x (defined before it on every path) */
static bool avail(const t2_graph *g, uint32_t s, uint32_t x) {
    const t2_val *S = &g->vals[s], *X = &g->vals[x];
    if (S->op == T2_CONST) return true;  /* materialized where used */
    /* (not in its own frame state, the state before it: a loop's slot
     * phi replaced by the value assigned in the loop, AclMatch.check's
     * `e`, is a dead slot there; else the value would be live before
     * its definition, around the loop to the method's entry, and across
     * every call before the loop) */
    if (s == x) return false;
    if (S->blk != X->blk) return t2_dominates(g, S->blk, X->blk);
    for (uint32_t v = g->blks[X->blk].first; v; v = g->vals[v].next) {
        if (v == s) return true;
        if (v == x) return false;
    }
    return false;
}

bool t2_float_op(uint16_t op) {
    switch (op) {
    case OP_fcmpl: case OP_fcmpg: case OP_dcmpl: case OP_dcmpg: case OP_i2f: case OP_i2d: case OP_l2f:
    case OP_l2d: case OP_f2i: case OP_f2l: case OP_f2d: case OP_d2i: case OP_d2l: case OP_d2f:
    case OP_fneg: case OP_dneg:
        return true;
    default:
        return false;
    }
}

static bool slot_type_ok(const t2_graph *g, char t) {
    return t == 'I' || t == 'J' || t == 'A' || ((g->opts & T2_O_FP) && (t == 'F' || t == 'D'));
}

/* (T2_O_FP) the float and double operations the code generator takes:
 * all but the remainders (fmod: the baseline's helper) */
static bool fp_op_ok(uint16_t op) {
    return op != OP_frem && op != OP_drem;
}

static vm_status check_val(t2_graph *g, uint32_t v, vm_diag *d) {
    t2_val *x = &g->vals[v];
    const char *why = NULL;
    bool fp = g->opts & T2_O_FP;
    switch (x->op) {
    case T2_INIT:   /* (b17, T2_INLNEW: inside an inlined method, t2_rt_framed) */
        if (x->ctx != 0 && !t2_inlnew_on(g->vm)) why = "class initialization in an inlined method";
        break;
    case T2_NOP: case T2_PARAM: case T2_PHI: case T2_NULLCHK: case T2_ALEN: case T2_TICK:
    case T2_IF: case T2_GOTO: case T2_SWITCH: case T2_RET: case T2_THROW:
    case T2_CHECKCAST: case T2_INSTOF: case T2_GETF: case T2_PUTF: case T2_GETS: case T2_PUTS:
        break;
    case T2_CONST:
        if ((x->ty == 'F' || x->ty == 'D') && !fp) why = "float constant";
        break;
    case T2_BIN: case T2_UN:
        if ((x->ty == 'F' || x->ty == 'D' || t2_float_op(x->aux) || x->aux == T2_X_DCMP || x->aux == T2_X_FCMP ||
             x->aux == T2_X_BITS) && (!fp || !fp_op_ok(x->aux)))
            why = "float arithmetic";
        break;
    case T2_ALOAD: case T2_ASTORE:
        if ((x->aux == OP_faload || x->aux == OP_daload || x->aux == OP_fastore || x->aux == OP_dastore) && !fp)
            why = "float array";
        break;
    case T2_CALL: {
        const jmethod *rm = x->ref;
        if (x->ctx != 0 && !t2_icall_on(g->vm)) why = "call in an inlined method";   /* (t21: t2_rt_framed_invoke) */
        else if (x->aux == OP_invokespecial && vm_strcmp(rm->name, "<init>") != 0 && !(rm->access & ACC_PRIVATE))
            why = "invokespecial of a superclass method";
        else if ((x->ty == 'F' || x->ty == 'D') && !fp) why = "float result";
        break;
    }
    case T2_NEW: case T2_NEWARR:
        if (x->ctx != 0 && (x->op != T2_NEW || !t2_inlnew_on(g->vm)))
            why = "allocation in an inlined method";   /* (T2_INLNEW: a `new`, t2_rt_framed) */
        else if (x->aux == OP_anewarray && !((const jclass *)x->ref)->array_class) why = "anewarray class";
        break;
    default: why = "operation"; break;
    }
    if (!why && x->op != T2_NOP && x->ty != 'V' && x->ty != 'X' && !slot_type_ok(g, x->ty)) why = "float value";
    if (!why && (x->op == T2_GETF || x->op == T2_PUTF || x->op == T2_GETS || x->op == T2_PUTS)) {
        const jfield *f = x->ref;
        if ((f->type == 'F' || f->type == 'D') && !fp) why = "float field";
        if ((x->op == T2_GETS || x->op == T2_PUTS) && !f->owner->statics && f->owner->statics_size)
            why = "static storage";
    }
    if (why)
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "%s at pc %u of %s", why, x->pc,
                        g->ctxs[x->ctx].m->name);
    return VM_OK;
}

vm_status t2_cg_check_val(t2_graph *g, uint32_t v, vm_diag *d) { return check_val(g, v, d); }

/* the descriptor of the parameter in argument slot `slot` of m, or NULL
 * (`this`, or past the end) */
static const char *param_desc(const jmethod *m, int64_t slot) {
    int64_t s = (m->access & ACC_STATIC) ? 0 : 1;
    for (const char *p = m->desc + 1; *p && *p != ')'; p++) {
        const char *start = p;
        int64_t w = *p == 'J' || *p == 'D' ? 2 : 1;
        while (*p == '[') p++;
        if (*p == 'L') while (*p && *p != ';') p++;
        if (s == slot) return start;
        s += w;
        if (!*p) break;
    }
    return NULL;
}

/* is array value a a byte[], never a boolean[] (T2_O_BYTES: bastore then
 * needs no look at the array's class): a new byte[], or, where the
 * verifier checks the user's code (vm->verify; the class library is
 * javac's output), a parameter of the method or a field or static declared [B
 * (no other array type is assignable to byte[]); a checkcast to [B; an
 * element of a byte[][] known so (a new one, a parameter or field) */
static bool known_array_of(const t2_graph *g, uint32_t a, const char *want, int depth) {
    const t2_val *x = &g->vals[t2_find(g, a)];
    size_t n = vm_strlen(want);
    if (x->op == T2_NEWARR) {
        if (x->aux == OP_newarray) return n == 2 && want[1] == 'B' && x->imm == 8;  /* T_BYTE */
        /* anewarray: ref is the component class ([B for a byte[][]) */
        const jclass *k = x->ref;
        return k && n > 1 && vm_strcmp(k->name, want + 1) == 0;
    }
    if (x->op == T2_CHECKCAST) {
        const jclass *k = x->ref;
        return k && vm_strcmp(k->name, want) == 0;
    }
    /* an element of an array of them: an aastore checks every element's
     * class (ArrayStoreException), so a byte[][]'s are byte[] or null */
    if (x->op == T2_ALOAD && x->aux == OP_aaload && depth < 4 && n < 15) {
        char outer[16];
        outer[0] = '[';
        vm_memcpy(outer + 1, want, n + 1);
        return known_array_of(g, t2_arg(g, t2_find(g, a), 0), outer, depth + 1);
    }
    if (!g->vm->verify) return false;  /* (-Xverify:none: any caller or putfield may be unchecked) */
    const char *t = NULL;
    if (x->op == T2_PARAM && x->ctx == 0) t = param_desc(g->m, x->imm);
    else if (x->op == T2_GETF || x->op == T2_GETS) t = ((const jfield *)x->ref)->desc;
    return t && vm_strncmp(t, want, n) == 0;
}
bool t2_known_bytes(const t2_graph *g, uint32_t a) {
    return (g->opts & T2_O_BYTES) && known_array_of(g, a, "[B", 0);
}

/* is v known non-null (as t2_opt.c's nonnull: this, an allocation, a string) */
static bool nonnull(const t2_graph *g, uint32_t v) {
    const t2_val *x = &g->vals[v];
    if (x->op == T2_NEW || x->op == T2_NEWARR) return true;
    if (x->op == T2_CONST && x->ty == 'A' && x->ref) return true;
    return x->op == T2_PARAM && x->imm == 0 && x->ty == 'A' && x->ctx == 0 && !(g->m->access & ACC_STATIC);
}

static vm_status check_states(t2_graph *g, const uint8_t *dead, vm_diag *d);

/* the accesses that cannot fail: T2_F_SAFE */
static void mark_safe(t2_graph *g, uint32_t v) {
    t2_val *x = &g->vals[v];
    switch (x->op) {
    case T2_GETF: case T2_PUTF: case T2_ALEN:
        if (nonnull(g, t2_arg(g, v, 0)) || (x->flags & T2_F_NONNULL)) x->flags |= T2_F_SAFE;
        break;
    case T2_ALOAD: case T2_ASTORE:
        if ((x->flags & T2_F_INBOUNDS) && x->aux != OP_aastore) x->flags |= T2_F_SAFE;  /* (aastore: its type check) */
        break;
    case T2_BIN: {
        /* division by a constant other than 0 (T2_O_DIVC): gen_divc */
        const t2_val *q = x->nargs == 2 ? &g->vals[t2_arg(g, v, 1)] : NULL;
        bool w = x->aux == OP_ldiv || x->aux == OP_lrem;
        if ((g->opts & T2_O_DIVC) && t2_may_throw(x) && q && q->op == T2_CONST && (w ? q->imm : (int32_t)q->imm) != 0)
            x->flags |= T2_F_SAFE;
        break;
    }
    default:
        break;
    }
}

vm_status t2_cg_check(t2_graph *g, vm_diag *d) {
    /* canonical frame-state values.  A slot phi the optimizer removed
     * (unused: the bytecode never reads the slot again) or replaced by its
     * only defined operand (the others undefined: the verifier's type
     * there is top) is a dead slot where it is not available: 0 */
    uint8_t *dead = vm_zalloc(g->vm->plat, g->pool ? g->n_pool + 1 : 1);
    if (!dead) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
    for (uint32_t k = 1; k < g->n_fss; k++) {
        const t2_fstate *F = &g->fss[k];
        for (uint32_t j = 0; j < F->n; j++) {
            uint32_t *s = &g->pool[F->slots + j];
            uint32_t o = *s;
            *s = t2_find(g, o);
            if (o && (g->vals[o].flags & T2_F_SLOTPHI) && g->vals[o].op == T2_NOP) dead[F->slots + j] = 1;
        }
    }
    vm_status st0 = check_states(g, dead, d);
    vm_free(g->vm->plat, dead, g->pool ? g->n_pool + 1 : 1);
    return st0;
}

static vm_status check_states(t2_graph *g, const uint8_t *dead, vm_diag *d) {
    for (uint32_t i = 0; i < g->n_order && g->order[i]; i++) {
        uint32_t b = g->order[i];
        for (uint32_t v = g->blks[b].first; v; v = g->vals[v].next) {
            vm_status st = check_val(g, v, d);
            if (st != VM_OK) return st;
            mark_safe(g, v);
            t2_val *x = &g->vals[v];
            if (!t2_leaves_at(x)) continue;
            uint32_t depth = 0;
            for (uint32_t f = x->fs; f; f = g->fss[f].parent) {
                const t2_fstate *F = &g->fss[f];
                if (++depth > T2_MAX_FRAMES)
                    return vm_diagf(d, VM_ERR_UNSUPPORTED, "inlined too deep");
                if (F->nl != t2_nl_of(g->ctxs[F->ctx].m))
                    return vm_diagf(d, VM_ERR_INTERNAL, "tier 2: frame state of %u has %u locals", v, F->nl);
                for (uint32_t j = 0; j < F->n; j++) {
                    uint32_t *s = &g->pool[F->slots + j];
                    if (!*s) continue;
                    t2_val *S = &g->vals[*s];
                    if (S->op == T2_NOP || !slot_type_ok(g, S->ty)) {
                        if (S->ty == 'X' || S->ty == 'V') { *s = 0; continue; }  /* dead slot */
                        return vm_diagf(d, VM_ERR_UNSUPPORTED, "frame state of pc %u: %s slot v%u of v%u",
                                        x->pc, S->op == T2_NOP ? "removed" : "float", *s, v);
                    }
                    if (avail(g, *s, v)) continue;
                    /* hoisted out of its loop (licm, only from the header's
                     * start, before any branch or effect): a phi of a header
                     * it left takes the value entering that loop */
                    for (uint32_t hops = 0; f == x->fs && *s && hops < 16 && g->vals[*s].op == T2_PHI &&
                                            !avail(g, *s, v); hops++) {
                        const t2_blk *H = &g->blks[g->vals[*s].blk];
                        uint32_t q = 0, entering = UINT32_MAX;
                        for (; q < H->n_preds; q++) {
                            if (t2_dominates(g, g->vals[*s].blk, H->preds[q])) continue;
                            if (entering != UINT32_MAX) { entering = UINT32_MAX; break; }
                            entering = q;
                        }
                        if (entering == UINT32_MAX) break;
                        *s = t2_find(g, t2_arg(g, *s, entering));
                    }
                    if (*s && avail(g, *s, v)) continue;
                    if (dead[F->slots + j]) { *s = 0; continue; }
                    return vm_diagf(d, VM_ERR_UNSUPPORTED, "state@%u v%u: v%u unavailable",
                                    x->pc, v, *s);
                }
            }
        }
    }
    return VM_OK;
}

