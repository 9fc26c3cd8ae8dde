/* jit_loops.c - the optimizing JIT's analysis: branch targets and handler
 * starts (where the virtual stack must be in memory), loop depths (from
 * backward branches), which locals to keep in registers (REGCACHE: int and
 * reference locals weighted by 8^loop depth; ACACHE: array locals indexed
 * in loops get a length register too), and the loops whose array accesses
 * need no checks in a versioned fast copy (BCE), with the hoisted check
 * that selects the copy.
 */
#include "jit_codegen.h"
#include "jit_stats.h"
#include "../core/mem.h"
#include "../interp/opcodes.h"

/* the local-variable access of each opcode, one byte: the kind (bits 0-1:
 * 1 load, 2 store, 3 iinc, 0 none), the type (bits 2-4: an index in
 * local_tys), an index operand (bit 5) or else the index (bits 6-7, the
 * _0.._3 forms) */
#define LA(kind, ty, idx, opnd) (uint8_t)((kind) | (ty) << 2 | (opnd) << 5 | (idx) << 6)
#define LA4(kind, ty) LA(kind, ty, 0, 0), LA(kind, ty, 1, 0), LA(kind, ty, 2, 0), LA(kind, ty, 3, 0)
static const uint8_t local_fx[256] = {
    [OP_iload] = LA(1, 0, 0, 1), LA(1, 1, 0, 1), LA(1, 2, 0, 1), LA(1, 3, 0, 1), LA(1, 4, 0, 1),
    [OP_iload_0] = LA4(1, 0), LA4(1, 1), LA4(1, 2), LA4(1, 3), LA4(1, 4),
    [OP_istore] = LA(2, 0, 0, 1), LA(2, 1, 0, 1), LA(2, 2, 0, 1), LA(2, 3, 0, 1), LA(2, 4, 0, 1),
    [OP_istore_0] = LA4(2, 0), LA4(2, 1), LA4(2, 2), LA4(2, 3), LA4(2, 4),
    [OP_iinc] = LA(3, 0, 0, 1),
};
#undef LA4
#undef LA
static const char local_tys[5] = { 'I', 'J', 'F', 'D', 'A' };

/* local-variable access of the instruction at ip: 1 load, 2 store, 3 iinc,
 * 0 none; *idx, *ty ('I' 'J' 'F' 'D' 'A') */
static inline int local_access(const uint8_t *ip, uint32_t *idx, char *ty) {
    uint8_t op = ip[0];
    bool wide = false;
    if (op == OP_wide) { wide = true; op = ip[1]; }
    uint8_t fx = local_fx[op];
    int kind = fx & 3;
    if (!kind) return 0;
    /* (ip[1] only for the insns that have it: ip may be the last byte) */
    *idx = !(fx & 0x20) ? (uint32_t)fx >> 6 : wide ? jc_u2(ip + 2) : ip[1];
    *ty = local_tys[(fx >> 2) & 7];
    return kind;
}

static bool is_cond(uint8_t op) { return (op >= OP_ifeq && op <= OP_if_acmpne) || op == OP_ifnull || op == OP_ifnonnull; }

/* call fn(ctx, target) for each branch target of the insn at pc */
static void each_target(const jc *c, uint32_t pc, void (*fn)(void *, uint32_t, uint32_t), void *ctx) {
    const uint8_t *ip = c->code + pc;
    uint8_t op = ip[0];
    if (is_cond(op) || op == OP_goto) { fn(ctx, pc, (uint32_t)((int32_t)pc + jc_s2(ip + 1))); return; }
    if (op == OP_goto_w) { fn(ctx, pc, (uint32_t)((int32_t)pc + jc_s4(ip + 1))); return; }
    if (op != OP_tableswitch && op != OP_lookupswitch) return;
    const uint8_t *p = c->code + ((pc + 4) & ~3u);
    fn(ctx, pc, (uint32_t)((int32_t)pc + jc_s4(p)));
    if (op == OP_tableswitch) {
        uint32_t n = (uint32_t)((int64_t)jc_s4(p + 8) - jc_s4(p + 4) + 1);
        for (uint32_t i = 0; i < n; i++) fn(ctx, pc, (uint32_t)((int32_t)pc + jc_s4(p + 12 + 4 * i)));
    } else {
        uint32_t n = (uint32_t)jc_s4(p + 4);
        for (uint32_t i = 0; i < n; i++) fn(ctx, pc, (uint32_t)((int32_t)pc + jc_s4(p + 12 + 8 * i)));
    }
}

static void mark_target(void *ctx, uint32_t from, uint32_t t) {
    jc *c = ctx;
    if (t >= c->len) return;
    c->pcflags[t] |= JC_PC_TARGET;
    if (t <= from) {
        c->pcflags[t] |= JC_PC_LOOPHEAD;
        for (uint32_t p = t; p <= from; p++)
            if (c->loopdepth[p] < 255) c->loopdepth[p]++;
    }
}

typedef struct scan { uint32_t lo, hi; bool bad; } scan;
/* a branch from outside [lo, hi] into (lo, hi], or a backward branch
 * inside other than the loop's own (not innermost) */
static void check_entry(void *ctx, uint32_t from, uint32_t t) {
    scan *s = ctx;
    bool from_in = from >= s->lo && from <= s->hi;
    bool to_in = t >= s->lo && t <= s->hi;
    if (!from_in && to_in && t != s->lo) s->bad = true;
    if (from_in && t <= from && from != s->hi) s->bad = true;
}

static bool stored_in(const jc *c, uint32_t lo, uint32_t hi, uint32_t local, uint32_t skip_from) {
    for (uint32_t p = lo; p <= hi; p += jc_insn_len(c->code, p, c->len)) {
        uint32_t idx; char ty;
        int k = local_access(c->code + p, &idx, &ty);
        if (k < 2 || p >= skip_from) continue;
        if (idx == local || ((ty == 'J' || ty == 'D') && idx + 1 == local)) return true;
    }
    return false;
}

/* The locals below 64 stored in [lo, hi] (all) and in [lo, skip_from)
 * (pre), from one walk: stored_in's answers for them without a walk each */
typedef struct stores { uint64_t all, pre; } stores;
static stores stores_in(const jc *c, uint32_t lo, uint32_t hi, uint32_t skip_from) {
    stores s = { 0, 0 };
    for (uint32_t p = lo; p <= hi; p += jc_insn_len(c->code, p, c->len)) {
        uint32_t idx; char ty;
        if (local_access(c->code + p, &idx, &ty) < 2) continue;
        uint64_t bits = idx < 64 ? 1ull << idx : 0;
        if ((ty == 'J' || ty == 'D') && idx + 1 < 64) bits |= 1ull << (idx + 1);
        s.all |= bits;
        if (p < skip_from) s.pre |= bits;
    }
    return s;
}

/* stored_in(c, lo, hi, local, pre ? s's skip_from : hi + 1) */
static bool stored(const jc *c, const stores *s, uint32_t lo, uint32_t hi, uint32_t local,
                   uint32_t skip_from, bool pre) {
    if (local < 64) return ((pre ? s->pre : s->all) >> local) & 1;
    return stored_in(c, lo, hi, local, skip_from);
}

/* Operand origins (which local a slot was loaded from, -1 none): o[k] for
 * k >= hi is -1 and not stored (no clearing of all 64 at every insn) */
typedef struct origins { int32_t o[64]; int32_t hi; } origins;
static inline int32_t orig_get(const origins *s, int32_t k) { return k < s->hi ? s->o[k] : -1; }
static inline void orig_clear_from(origins *s, int32_t k) { if (k < s->hi) s->hi = k; }
static inline void orig_set(origins *s, int32_t k, int32_t v) {
    while (s->hi < k) s->o[s->hi++] = -1;
    s->o[k] = v;
    if (k >= s->hi) s->hi = k + 1;
}

/* an int constant pushed by the insn at p (iconst, bipush, sipush) */
static bool int_const(const uint8_t *ip, int32_t *v) {
    uint8_t op = ip[0];
    if (op >= OP_iconst_m1 && op <= OP_iconst_5) { *v = (int32_t)op - OP_iconst_0; return true; }
    if (op == OP_bipush) { *v = (int8_t)ip[1]; return true; }
    if (op == OP_sipush) { *v = jc_s2(ip + 1); return true; }
    return false;
}

/* Operand-origin tracking (which local a slot was loaded from): after the
 * insn at pc (depth d before, d2 after), slots from the returned index up
 * may hold new values.  An insn pops and pushes only at the top, so that
 * is d2 - (slots it pushes): 1 for the common int/reference producers, 2
 * otherwise; dup/swap rearrange deeper slots. */
/* clear_from's cases by opcode: CF_ONE pushes one slot (the common int
 * and reference producers), CF_DUP rearranges deeper slots (pop..swap),
 * else (0) two slots or not known */
enum { CF_ONE = 1, CF_DUP = 2 };
static const uint8_t clear_fx[256] = {
    [OP_aconst_null] = CF_ONE, CF_ONE, CF_ONE, CF_ONE, CF_ONE, CF_ONE, CF_ONE, CF_ONE,  /* ..iconst_5 */
    [OP_bipush] = CF_ONE, [OP_sipush] = CF_ONE, [OP_ldc] = CF_ONE, [OP_ldc_w] = CF_ONE,
    [OP_iload] = CF_ONE, [OP_aload] = CF_ONE, [OP_fload] = CF_ONE,
    [OP_iload_0] = CF_ONE, CF_ONE, CF_ONE, CF_ONE,
    [OP_aload_0] = CF_ONE, CF_ONE, CF_ONE, CF_ONE,
    [OP_iaload] = CF_ONE, [OP_aaload] = CF_ONE, [OP_baload] = CF_ONE, [OP_caload] = CF_ONE,
    [OP_saload] = CF_ONE, [OP_faload] = CF_ONE, [OP_iadd] = CF_ONE, [OP_isub] = CF_ONE,
    [OP_imul] = CF_ONE, [OP_idiv] = CF_ONE, [OP_irem] = CF_ONE, [OP_ineg] = CF_ONE,
    [OP_ishl] = CF_ONE, [OP_ishr] = CF_ONE, [OP_iushr] = CF_ONE,
    [OP_iand] = CF_ONE, [OP_ior] = CF_ONE, [OP_ixor] = CF_ONE,
    [OP_i2b] = CF_ONE, [OP_i2c] = CF_ONE, [OP_i2s] = CF_ONE, [OP_arraylength] = CF_ONE,
    [OP_l2i] = CF_ONE, [OP_lcmp] = CF_ONE,
    [OP_fcmpl] = CF_ONE, [OP_fcmpg] = CF_ONE, [OP_dcmpl] = CF_ONE, [OP_dcmpg] = CF_ONE,
    [OP_checkcast] = CF_ONE, [OP_instanceof] = CF_ONE, [OP_new] = CF_ONE,
    [OP_pop] = CF_DUP, [OP_pop2] = CF_DUP, [OP_dup] = CF_DUP, [OP_dup_x1] = CF_DUP,
    [OP_dup_x2] = CF_DUP, [OP_dup2] = CF_DUP, [OP_dup2_x1] = CF_DUP, [OP_dup2_x2] = CF_DUP,
    [OP_swap] = CF_DUP,
};

static inline int32_t clear_from(const jc *c, uint32_t pc, int32_t d, int32_t d2) {
    uint8_t op = c->code[pc], fx = clear_fx[op];
    int32_t k;
    if (fx == CF_DUP) k = (d < d2 ? d : d2) - 4;
    else if (fx == CF_ONE) k = d2 - 1;
    else if (op == OP_getfield && c->res[pc] &&
             ((const jfield *)c->res[pc])->type != 'J' && ((const jfield *)c->res[pc])->type != 'D')
        k = d2 - 1;
    else k = d2 - 2;
    return k < 0 ? 0 : k;
}

/* Is the loop closed by the goto at `back` versionable?  Fills *l.  br:
 * the reachable branches' pcs (n_br of them), or NULL (a walk finds them) */
static bool match_loop(jc *c, uint32_t head, uint32_t back, jc_loop *l, const uint16_t *br,
                       uint32_t n_br) {
    const uint8_t *code = c->code;
    vm_memset(l, 0, sizeof *l);
    l->head = head;
    l->back = back;
    if (c->depth[head] != 0 || head == 0) return false;
    if (c->m->code->n_exceptions)   /* (no handler at all: none inside) */
        for (uint32_t p = head; p <= back; p++)
            if (c->pcflags[p] & JC_PC_HANDLER) return false;
    scan s = { head, back, false };
    if (br) {
        for (uint32_t i = 0; i < n_br; i++) each_target(c, br[i], check_entry, &s);
    } else {
        for (uint32_t p = 0; p < c->len; p += jc_insn_len(code, p, c->len)) {
            if (c->depth[p] < 0 || !(interp_op_flags[c->code[p]] & OPF_BRANCH)) continue;
            each_target(c, p, check_entry, &s);
        }
    }
    if (s.bad) return false;
    /* header: iload i; <n>; if_icmpge/gt EXIT */
    uint32_t p = head, idx;
    char ty;
    if (local_access(code + p, &idx, &ty) != 1 || ty != 'I') return false;
    l->iv = (uint16_t)idx;
    p += jc_insn_len(code, p, c->len);
    if (p >= back) return false;
    int32_t v;
    if (int_const(code + p, &v)) {
        l->n_kind = JC_BND_CONST; l->n_val = v;
    } else if (local_access(code + p, &idx, &ty) == 1 && ty == 'I') {
        l->n_kind = JC_BND_LOCAL; l->n_val = (int32_t)idx;
    } else if (local_access(code + p, &idx, &ty) == 1 && ty == 'A' &&
               p + jc_insn_len(code, p, c->len) < c->len &&
               code[p + jc_insn_len(code, p, c->len)] == OP_arraylength) {
        l->n_kind = JC_BND_ALEN; l->n_val = (int32_t)idx;
        p += jc_insn_len(code, p, c->len);
    } else {
        return false;
    }
    p += jc_insn_len(code, p, c->len);
    if (p >= back || (code[p] != OP_if_icmpge && code[p] != OP_if_icmpgt)) return false;
    l->le = code[p] == OP_if_icmpgt;
    l->exit = (uint32_t)((int32_t)p + jc_s2(code + p + 1));
    if (l->exit <= back) return false;
    uint32_t body = p + 3;
    /* the increment, right before the goto: iinc i s, or
     * iload i; (iload s | const); iadd; istore i */
    /* the increment, right before the goto: iinc i s, or
     * iload i; (iload s | const); iadd; istore i */
    uint32_t q[4] = { 0, 0, 0, 0 }, n = 0, inc;
    for (uint32_t r = body; r < back; r += jc_insn_len(code, r, c->len)) {
        q[0] = q[1]; q[1] = q[2]; q[2] = q[3]; q[3] = r; n++;
    }
    if (n >= 1 && code[q[3]] == OP_iinc && code[q[3] + 1] == l->iv && (int8_t)code[q[3] + 2] > 0) {
        inc = q[3];
        l->s_kind = JC_BND_CONST; l->s_val = (int8_t)code[q[3] + 2];
    } else {
        if (n < 4 || code[q[2]] != OP_iadd) return false;
        uint32_t a, bidx; char ta, tb;
        if (local_access(code + q[3], &a, &ta) != 2 || ta != 'I' || a != l->iv) return false;
        if (local_access(code + q[0], &a, &ta) != 1 || ta != 'I') return false;
        int32_t k;
        if (int_const(code + q[1], &k)) {
            if (a != l->iv || k <= 0) return false;
            l->s_kind = JC_BND_CONST; l->s_val = k;
        } else if (local_access(code + q[1], &bidx, &tb) == 1 && tb == 'I') {
            uint32_t other = a == l->iv ? bidx : bidx == l->iv ? a : 0xffffffffu;
            if (other == 0xffffffffu || other == l->iv) return false;
            l->s_kind = JC_BND_LOCAL; l->s_val = (int32_t)other;
        } else {
            return false;
        }
        inc = q[0];
    }
    /* i changes only there; n and s not at all */
    stores sv = stores_in(c, head, back, inc);
    if (stored(c, &sv, head, back, l->iv, inc, true)) return false;
    if (l->n_kind != JC_BND_CONST && stored(c, &sv, head, back, (uint32_t)l->n_val, back + 1, false))
        return false;
    if (l->s_kind == JC_BND_LOCAL && stored(c, &sv, head, back, (uint32_t)l->s_val, back + 1, false))
        return false;
    if (l->n_kind == JC_BND_LOCAL && (uint32_t)l->n_val == l->iv) return false;
    /* accesses x[i] in the body before the increment: operand origins */
    origins orig;
    orig.hi = 0;
    uint32_t found = 0;
    for (uint32_t r = body; r < inc; r += jc_insn_len(code, r, c->len)) {
        int32_t d = c->depth[r];
        if (d < 0 || d >= 60) return false;
        if (c->pcflags[r] & JC_PC_TARGET) orig.hi = 0;
        uint8_t op = code[r];
        int32_t aslot = -1;
        switch (op) {
        case OP_iaload: case OP_baload: case OP_caload: case OP_saload: case OP_faload:
        case OP_aaload: case OP_laload: case OP_daload:
            aslot = d - 2; break;
        case OP_iastore: case OP_bastore: case OP_castore: case OP_sastore: case OP_fastore:
            aslot = d - 3; break;
        case OP_lastore: case OP_dastore: aslot = d - 4; break;
        default: break;
        }
        if (aslot >= 0 && orig_get(&orig, aslot + 1) == (int32_t)(0x10000 | l->iv) &&
            orig_get(&orig, aslot) >= 0 && !(orig_get(&orig, aslot) & 0x10000)) {
            uint32_t x = (uint32_t)orig_get(&orig, aslot);
            if (!stored(c, &sv, head, back, x, back + 1, false)) {
                uint32_t k = 0;
                while (k < l->n_arrs && l->arrs[k] != x) k++;
                if (k == l->n_arrs && k < JC_MAX_BCE_ARRS) l->arrs[l->n_arrs++] = (uint16_t)x;
                if (k < l->n_arrs) { c->bce[r] = (uint8_t)(c->n_loops + 1); found++; }
            }
        }
        /* origins after the insn */
        uint32_t nx = r + jc_insn_len(code, r, c->len);
        int32_t d2 = nx < c->len && c->depth[nx] >= 0 ? c->depth[nx] : 0;
        orig_clear_from(&orig, clear_from(c, r, d, d2));
        if (local_access(code + r, &idx, &ty) == 1 && (ty == 'I' || ty == 'A') && d < 63)
            orig_set(&orig, d, (int32_t)(ty == 'I' ? (0x10000 | idx) : idx));
    }
    if (l->n_kind == JC_BND_ALEN) {
        /* n = x.length: x needs the non-null check only */
        uint32_t k = 0;
        while (k < l->n_arrs && l->arrs[k] != (uint32_t)l->n_val) k++;
        if (k == l->n_arrs) {
            if (k == JC_MAX_BCE_ARRS) goto drop;
            l->arrs[l->n_arrs++] = (uint16_t)l->n_val;
        }
        if (stored(c, &sv, head, back, (uint32_t)l->n_val, back + 1, false)) goto drop;
    }
    if (found) return true;
drop:
    for (uint32_t r = head; r <= back; r++)
        if (c->bce[r] == c->n_loops + 1) c->bce[r] = 0;
    return false;
}

#define MAX_LOOPS 64u   /* = the tries below */
#define MAX_BRANCHES 256u   /* the reachable branches jc_analyse_opt lists */

/* a try at the loop closed by the reachable goto at p */
static bool try_loop(jc *c, uint32_t p, const uint16_t *br, uint32_t n_br) {
    int32_t off = jc_s2(c->code + p + 1);
    if (off >= 0) return true;
    uint32_t head = (uint32_t)((int32_t)p + off);
    /* innermost: nothing inside branches backward but this goto */
    jc_loop l;
    if (c->n_loops < MAX_LOOPS && match_loop(c, head, p, &l, br, n_br)) {
        if (!c->loops) {   /* most methods have none: allocated for the first */
            c->loops = c->vm->plat->realloc(c->vm->plat->ud, NULL, 0, MAX_LOOPS * sizeof *c->loops);
            if (!c->loops) return false;   /* no BCE then */
        }
        c->loops[c->n_loops++] = l;
    }
    return true;
}

/* br: the reachable branches' pcs in order (n_br), or NULL (more than the
 * list holds: the method is walked) */
static void find_loops(jc *c, const uint16_t *br, uint32_t n_br) {
    uint32_t tries = 0;   /* each try scans the method: bound the work */
    if (br) {
        for (uint32_t i = 0; i < n_br && tries < MAX_LOOPS; i++) {
            if (c->code[br[i]] != OP_goto) continue;
            tries++;
            if (!try_loop(c, br[i], br, n_br)) return;
        }
        return;
    }
    for (uint32_t p = 0; p < c->len && tries < MAX_LOOPS; p += jc_insn_len(c->code, p, c->len)) {
        if (c->depth[p] < 0 || c->code[p] != OP_goto) continue;
        tries++;
        if (!try_loop(c, p, NULL, 0)) return;
    }
}

/* ---- cached locals -------------------------------------------------- */

#define U_I 1u
#define U_A 2u
#define U_OTHER 4u
#define U_J 8u      /* used as a long (its upper slot: U_OTHER) */

static const int cache_regs[] = { X86_RBP, X86_R15, X86_R8, X86_R9, X86_R10, X86_R11 };
/* the least weight worth a register: a use in a loop, or three uses
 * outside (its load at method entry costs about one) */
#define JC_CACHE_MIN_W 3u

/* Calls clobber r8-r11: a local cached there is reloaded after each call
 * (an array's length costs a test and a branch more), so it must be used
 * more often than the calls around it run (call_w: calls weighted like the
 * uses). */
static void choose_cached(jc *c, uint8_t *use, uint64_t *weight, uint64_t *arr_w, uint64_t call_w) {
    bool rc = jc_opt(c, JIT_OPT_REGCACHE), ac = jc_opt(c, JIT_OPT_ACACHE);
    /* LCACHE: long locals too, when every lload/lstore goes through
     * jit_longops.c (which keeps the register and the frame slot equal) */
    bool lc = rc && jc_opt(c, JIT_OPT_LCACHE) && jc_opt(c, JIT_OPT_LONGOPS) && jc_opt(c, JIT_OPT_COMBINEOP);
    uint32_t next = 0, nregs = sizeof cache_regs / sizeof cache_regs[0];
    for (;;) {
        /* the heaviest candidate left */
        uint32_t best = 0xffffffffu;
        uint64_t bw = 0;
        for (uint32_t i = 0; i < c->nl; i++) {
            if (c->lreg[i] >= 0 || weight[i] == 0) continue;
            if (use[i] != U_I && use[i] != U_A && !(lc && use[i] == U_J)) continue;
            bool arr = ac && use[i] == U_A && arr_w[i] >= 8;
            if (!arr && !(rc && weight[i] >= JC_CACHE_MIN_W)) continue;
            uint64_t w = weight[i] + (arr ? arr_w[i] : 0);
            if (w > bw) { bw = w; best = i; }
        }
        if (best == 0xffffffffu || next >= nregs) break;
        bool arr = ac && use[best] == U_A && arr_w[best] >= 8;
        if (cache_regs[next] >= X86_R8 && cache_regs[next] <= X86_R11 && bw <= (arr ? 4 : 2) * call_w) {
            weight[best] = 0;                  /* not worth its reloads */
            continue;
        }
        if (arr && next + 1 < nregs) {
            c->lreg[best] = (int8_t)cache_regs[next++];
            c->lenreg[best] = (int8_t)cache_regs[next++];
            c->fired |= 1u << JIT_OPT_ACACHE;
        } else if (rc) {
            c->lreg[best] = (int8_t)cache_regs[next++];
            c->fired |= 1u << (use[best] == U_J ? JIT_OPT_LCACHE : JIT_OPT_REGCACHE);
        } else {
            weight[best] = 0;
            continue;
        }
        c->ltype[best] = use[best] == U_I ? 'I' : use[best] == U_J ? 'J' : 'A';
    }
}

/* Does the insn at p call out (clobbering r8-r11)?  Not: invokes the
 * JIT inlines, static field accesses (inline; a class-initialisation
 * stub runs once), ldc of an int or float.  By opcode (call_fx): MC_YES
 * the allocating ones (OPF_ALLOC but the static field accesses),
 * checkcast and instanceof; MC_LDC ldc of anything but an int or float;
 * MC_INVOKE the invokes not inlined; MC_AASTORE aastore unless the JIT
 * does it inline (JIT_OPT_AASTORE). */
enum { MC_NO, MC_YES, MC_LDC, MC_INVOKE, MC_AASTORE };
static const uint8_t call_fx[256] = {
    [OP_ldc] = MC_LDC, [OP_ldc_w] = MC_LDC, [OP_aastore] = MC_AASTORE,
    [OP_invokevirtual] = MC_INVOKE, MC_INVOKE, MC_INVOKE, MC_INVOKE, MC_INVOKE,  /* ..invokedynamic */
    [OP_new] = MC_YES, [OP_newarray] = MC_YES, [OP_anewarray] = MC_YES,
    [OP_multianewarray] = MC_YES, [OP_checkcast] = MC_YES, [OP_instanceof] = MC_YES,
};

/* inl: the invoke at p is inlined (jc_inlines_at) */
static bool makes_call(jc *c, uint32_t p, bool inl) {
    uint8_t op = c->code[p];
    switch (call_fx[op]) {
    case MC_NO: return false;
    case MC_LDC: {
        const jclass *cls = c->m->owner;
        uint16_t idx = op == OP_ldc ? c->code[p + 1] : jc_u2(c->code + p + 1);
        return !(cls->cf && idx && idx < cls->cf->cp_count &&
                 (cls->cf->cp[idx].tag == CP_INTEGER || cls->cf->cp[idx].tag == CP_FLOAT));
    }
    case MC_INVOKE: return !inl;
    case MC_AASTORE: return !jc_opt(c, JIT_OPT_AASTORE);
    default: return true;
    }
}

/* the slots below the top of the array operand of the array loads,
 * stores and arraylength (0: none) */
static const uint8_t arr_fx[256] = {
    [OP_iaload] = 2, 2, 2, 2, 2, 2, 2, 2,        /* ..saload */
    [OP_iastore] = 3, 4, 3, 4, 3, 3, 3, 3,       /* ..sastore (lastore, dastore: 4) */
    [OP_arraylength] = 1,
};

size_t jc_opt_mem_size(const jc *c) {
    size_t nl1 = (size_t)c->nl + 1;
    return 2 * nl1 * sizeof(uint64_t) + 3 * (size_t)c->len + 4 * nl1;
}

vm_status jc_analyse_opt(jc *c) {
    const vm_platform *pl = c->vm->plat;
    /* the per-pc and per-local tables in one zeroed block (one allocation
     * per compile, not ten; none when the caller lends one): 8-byte ones
     * first */
    size_t nl1 = (size_t)c->nl + 1;
    uint8_t *mem;
    if (c->opt_mem_lent) {
        mem = c->opt_mem;
    } else {
        c->opt_mem_size = jc_opt_mem_size(c);
        mem = vm_zalloc(pl, c->opt_mem_size);
        c->opt_mem = mem;
    }
    uint64_t *weight = NULL, *arr_w = NULL;
    uint8_t *use = NULL;
    if (mem) {
        weight = (uint64_t *)(void *)mem;
        arr_w = weight + nl1;
        uint8_t *q = (uint8_t *)(arr_w + nl1);
        c->pcflags = q; q += c->len;
        c->loopdepth = q; q += c->len;
        c->bce = q; q += c->len;
        c->lreg = (int8_t *)q; q += nl1;
        c->lenreg = (int8_t *)q; q += nl1;
        c->ltype = (char *)q; q += nl1;
        use = q;
    }
    /* c->loops: find_loops allocates it for the first loop it keeps */
    c->loops = NULL;
    c->n_loops = 0;
    vm_status st = VM_ERR_NOMEM;
    if (!mem) goto out;
    for (uint32_t i = 0; i < c->nl; i++) c->lreg[i] = c->lenreg[i] = -1;
    c->bce_loop = -1;
    const cf_code *code = c->m->code;
    for (uint32_t i = 0; i < code->n_exceptions; i++) {
        uint32_t h = code->exceptions[i].handler_pc;
        if (h < c->len) c->pcflags[h] |= JC_PC_TARGET | JC_PC_HANDLER;
    }
    /* the reachable branches, kept for find_loops (which then walks
     * neither the method nor, per loop, its branches again); a goto closes
     * a loop only if it branches backward */
    uint16_t br[MAX_BRANCHES];
    uint32_t n_br = 0;
    bool back = false, listed = true;
    for (uint32_t p = 0; p < c->len; p += jc_insn_len(c->code, p, c->len))
        if (c->depth[p] >= 0 && (interp_op_flags[c->code[p]] & OPF_BRANCH)) {
            each_target(c, p, mark_target, c);
            if (n_br < MAX_BRANCHES && p <= 0xffffu) br[n_br++] = (uint16_t)p;
            else listed = false;
            back |= c->code[p] == OP_goto && jc_s2(c->code + p + 1) < 0;
        }
    /* local uses, weighted by 8^loop depth; array uses from operand origins */
    int32_t orig[64];
    int32_t orig_hi = 0;   /* orig[k] == -1 for every k >= orig_hi */
    uint64_t call_w = 0;
    for (int k = 0; k < 64; k++) orig[k] = -1;
    for (uint32_t p = 0, nx; p < c->len; p = nx) {
        nx = p + jc_insn_len(c->code, p, c->len);
        int32_t d = c->depth[p];
        uint32_t idx = 0; char ty = 0;
        int acc = local_access(c->code + p, &idx, &ty);
        if (acc && idx < c->nl) {
            /* (a float is a 32-bit pattern in a general register too) */
            use[idx] |= ty == 'I' || ty == 'F' ? U_I : ty == 'A' ? U_A : ty == 'J' ? U_J : U_OTHER;
            if ((ty == 'J' || ty == 'D') && idx + 1 < c->nl) use[idx + 1] |= U_OTHER;
        }
        if (d < 0) continue;
        uint8_t ld = c->loopdepth[p] > 4 ? 4 : c->loopdepth[p];
        uint64_t w = 1ull << (3 * ld);
        if (acc && idx < c->nl) weight[idx] += w;
        uint8_t op = c->code[p];
        /* whether the invoke is inlined: asked once (it walks the callee) */
        bool inl = (interp_op_flags[op] & OPF_INVOKE) && jc_inlines_at(c, p);
        if (makes_call(c, p, inl)) call_w += w;
        if (c->pcflags[p] & JC_PC_TARGET) {
            for (int32_t k = 0; k < orig_hi; k++) orig[k] = -1;
            orig_hi = 0;
        }
        int32_t aslot = arr_fx[op] ? d - arr_fx[op] : -1;
        if (aslot >= 0 && aslot < 64 && orig[aslot] >= 0 && (uint32_t)orig[aslot] < c->nl)
            arr_w[orig[aslot]] += w;
        if (inl) {
            /* arrays passed to an inlined callee count as indexed here */
            uint32_t na = 0, mask = jc_inline_array_args(c, p, &na);
            for (uint32_t k = 0; mask && k < na && k < 32; k++) {
                int32_t sl = d - (int32_t)na + (int32_t)k;
                if (((mask >> k) & 1u) && sl >= 0 && sl < 64 && orig[sl] >= 0 && (uint32_t)orig[sl] < c->nl)
                    arr_w[orig[sl]] += w;
            }
        }
        int32_t d2 = nx < c->len && c->depth[nx] >= 0 ? c->depth[nx] : 0;
        int32_t cf = clear_from(c, p, d, d2);   /* (only the ones that may be set) */
        if (cf < orig_hi) {
            for (int32_t k = cf; k < orig_hi; k++) orig[k] = -1;
            orig_hi = cf;
        }
        if (acc == 1 && ty == 'A' && d < 64) {
            orig[d] = (int32_t)idx;
            if (d + 1 > orig_hi) orig_hi = d + 1;
        }
    }
    /* method arguments: their declared types count as uses too */
    if (c->m->arg_slots <= c->nl) {
        const char *s = c->m->desc + 1;
        uint32_t slot = 0;
        if (!(c->m->access & ACC_STATIC)) use[slot++] |= U_A;
        while (*s && *s != ')' && slot < c->nl) {
            char t = *s;
            uint32_t w = 1;
            if (t == 'L') { while (*s && *s != ';') s++; t = 'A'; }
            else if (t == '[') { while (*s == '[') s++; if (*s == 'L') while (*s && *s != ';') s++; t = 'A'; }
            if (*s) s++;
            if (t == 'J' || t == 'D') w = 2;
            for (uint32_t k = 0; k < w && slot < c->nl; k++, slot++)
                use[slot] |= t == 'A' ? U_A : (t == 'I' || t == 'Z' || t == 'B' || t == 'C' || t == 'S' || t == 'F') && w == 1 ? U_I
                           : t == 'J' && k == 0 ? U_J : U_OTHER;
        }
    }
    choose_cached(c, use, weight, arr_w, call_w);
    if (jc_opt(c, JIT_OPT_BCE) && back)
        find_loops(c, listed ? br : NULL, n_br);
    st = VM_OK;
out:
    return st;
}

void jc_free_opt(jc *c) {
    const vm_platform *pl = c->vm->plat;
    if (!c->opt_mem_lent) vm_free(pl, c->opt_mem, c->opt_mem_size);
    c->opt_mem = NULL;
    vm_free(pl, c->loops, MAX_LOOPS * sizeof *c->loops);
}

/* ---- the hoisted check of a versioned loop ---------------------------- */

/* eax/ecx/edx/rsi scratch: the virtual stack is empty at a loop head.
 *     mov eax, i; test eax, eax; js slow              ; i >= 0
 *     mov ecx, s; test ecx, ecx; jle slow             ; s > 0 (local s)
 *     mov edx, n; mov esi, INT_MAX; sub esi, ecx
 *     cmp edx, esi; jg slow                           ; n <= INT_MAX - s
 *     mov rsi, x; test rsi, rsi; jz slow
 *     cmp edx, [rsi + 12]; jg slow (i < n) / jge (i <= n)   ; per array x
 *     jmp fast
 *   slow:                                              (the checked loop) */
static void load_local(x86_buf *b, jc *c, int r, uint32_t i, bool ref) {
    if (c->lreg[i] >= 0) x86_mov_rr64(b, r, c->lreg[i]);
    else if (ref) x86_ld64(b, r, LOC(c, i));
    else x86_ld32(b, r, LOC(c, i));
}

void jc_gen_bce_check(x86_buf *b, jc *c, uint32_t k) {
    const jc_loop *l = &c->loops[k];
    uint32_t l_slow = jc_new_label(b, c);
    load_local(b, c, X86_RAX, l->iv, false);
    x86_test_rr32(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_S, l_slow);
    /* n and s constants: n <= INT_MAX - s is known now */
    bool kn = l->n_kind == JC_BND_CONST, ks = l->s_kind != JC_BND_LOCAL;
    if (kn && ks) {
        if ((int64_t)l->n_val > (int64_t)INT32_MAX - l->s_val) x86_jmp(b, l_slow);
    } else {
        if (l->s_kind == JC_BND_LOCAL) {
            load_local(b, c, X86_RCX, (uint32_t)l->s_val, false);
            x86_test_rr32(b, X86_RCX, X86_RCX);
            x86_jcc(b, X86_CC_LE, l_slow);
        } else {
            x86_mov_ri32(b, X86_RCX, (uint32_t)l->s_val);
        }
    }
    if (kn) {
        if (!ks) x86_mov_ri32(b, X86_RDX, (uint32_t)l->n_val);
    } else if (l->n_kind == JC_BND_LOCAL) {
        load_local(b, c, X86_RDX, (uint32_t)l->n_val, false);
    } else {
        load_local(b, c, X86_RSI, (uint32_t)l->n_val, true);
        x86_test_rr64(b, X86_RSI, X86_RSI);
        x86_jcc(b, X86_CC_E, l_slow);
        x86_ld32(b, X86_RDX, x86_m(X86_RSI, 12));
    }
    if (!(kn && ks)) {
        x86_mov_ri32(b, X86_RSI, INT32_MAX);
        x86_alu_rr32(b, X86_SUB, X86_RSI, X86_RCX);
        x86_alu_rr32(b, X86_CMP, X86_RDX, X86_RSI);
        x86_jcc(b, X86_CC_G, l_slow);
    }
    for (uint32_t a = 0; a < l->n_arrs; a++) {
        load_local(b, c, X86_RSI, l->arrs[a], true);
        x86_test_rr64(b, X86_RSI, X86_RSI);
        x86_jcc(b, X86_CC_E, l_slow);
        if (kn && ks) {
            /* cmp dword [x + 12], n; jl slow (i < n) / jle (i <= n) */
            x86_alu_mi32(b, X86_CMP, x86_m(X86_RSI, 12), l->n_val);
            x86_jcc(b, l->le ? X86_CC_LE : X86_CC_L, l_slow);
        } else {
            x86_alu_rm32(b, X86_CMP, X86_RDX, x86_m(X86_RSI, 12));
            x86_jcc(b, l->le ? X86_CC_GE : X86_CC_G, l_slow);
        }
    }
    x86_jmp(b, JC_FAST_LABEL(c, l->head));
    x86_bind(b, l_slow);
}
