/* jit_inline.c - INLINING: trivial callees compiled into the caller.
 *
 * What is inlined: a callee that is
 *   - statically bound at the call site (invokestatic, invokespecial, a
 *     private or final method, a method of a final class), or the method
 *     an invokevirtual resolves to behind a guard that the receiver's
 *     class is exactly that method's class (monomorphic guard);
 *   - not native, abstract or synchronized, with no exception handlers and
 *     at most INL_MAX_CODE bytes of bytecode;
 *   - straight-line (no branch, no call, no allocation), made only of:
 *     loads of its ARGUMENTS (iload/lload/fload/dload/aload of an index
 *     below its argument slots), int and long constants (iconst, bipush,
 *     sipush, ldc of an int, lconst), iadd isub imul iand ior ixor ineg,
 *     ladd lsub lmul land lor lxor lneg, shifts (int and long) by a
 *     constant count, i2l l2i i2b i2c i2s, getfield and putfield on
 *     `this` (aload_0 of an instance method, non-null after the guard),
 *     ending with its only return (ireturn with the JVMS narrowing to the
 *     declared type, lreturn, freturn, dreturn, areturn, return).
 * So: getters (aload_0; getfield; xreturn), setters (aload_0; xload_1;
 * putfield; return), constant returns, returns of an argument, and static
 * (or private/final) arithmetic on the arguments.  At a statically bound
 * call site (fast mode, below) also forward branches, array accesses and
 * up to two locals of the callee's own, and paths that call, allocate or
 * throw (invoke*, new, athrow: bail_op) before the first side effect:
 * such a path jumps to the ordinary call, and the code after it up to
 * the next branch target is skipped (branches only go forward, so nothing
 * else reaches it); up to INL_MAX_CODE_FAST bytes.  VIFlet.enqueue, the
 * datapath's default FIFO, is written for this (src/lib/java/vif).  None of these can
 * throw (no division, no array access, no field access through anything
 * but a non-null `this`) or reach a safepoint, so the inlined body never
 * needs the callee's frame: the GC and stack traces keep seeing the
 * caller's frame at the call, as they would have for the few instructions
 * the callee runs.
 *
 * The code: the guards (receiver null: jump to the normal call, which
 * raises the NullPointerException at the call site exactly as the
 * interpreter does; receiver class for the monomorphic case), the budget
 * tick of the invoke, then the callee's operand stack held in registers
 * (rax rcx rdx rsi rdi r8-r11), its arguments read from the caller's
 * operand slots, the result stored where the call would have left it.
 */
#include "jit_codegen.h"
#include "../interp/opcodes.h"
#include "../runtime/resolve.h"
#include "../runtime/limits.h"
#include "../runtime/classes.h"
#include "../runtime/rt_internal.h"
#include "jit_stats.h"

#define INL_MAX_CODE 64u
/* at a statically bound call site (fast mode), where a path that calls,
 * allocates or throws before the body's first side effect goes to the
 * ordinary call (bail_op): a method whose rare paths do that (a null
 * argument's exception, a ring that must grow) keeps its common path
 * inline, and is a little longer */
#define INL_MAX_CODE_FAST 80u
#define INL_MAX_DEPTH 9

static const int inl_regs[INL_MAX_DEPTH] = {
    X86_RAX, X86_RCX, X86_RDX, X86_RSI, X86_RDI, X86_R8, X86_R9, X86_R10, X86_R11
};

typedef struct inl_ent {
    char t;          /* I J F D A */
    bool is_this;
    bool is_const;
    bool in_reg;     /* a constant already materialized in its register */
    int64_t k;
    int8_t alias;    /* register + 1 holding the value read-only (an argument
                        in a cached local's or the caller's register), 0 none */
    int8_t arg;      /* reference argument index + 1 it was loaded from, 0 none */
    const jfield *fld; /* reference field of `this` it was loaded from */
    int8_t lenr;     /* register + 1 with the array's length, 0 when null
                        (the caller's ACACHE), 0 none */
    int8_t iarg;     /* int argument index + 1 this is (that argument + koff), 0 none */
    int32_t koff;
    int32_t padd;    /* with alias: the value is alias + padd, not yet computed
                        (an index folded into the access's displacement) */
} inl_ent;

/* Range checks hoisted to the start of an inlined body: every access
 * b[x + k] (b, x arguments, 0 <= k constant) made before the body's first
 * branch is checked once up front for k in [kmin, kmax]; the accesses in
 * that range need no check of their own (a failure anywhere sends the
 * whole call to the ordinary call, which raises it where it belongs). */
#define INL_MAX_RANGES 2
typedef struct inl_range { int8_t arr, idx; int32_t kmin, kmax; } inl_range;

/* Forward branches (fast mode): the state at a branch target, as the
 * branches to it left it (every entry in its register), and what is known
 * non-null on every way there. */
#define INL_MAX_TARGETS 6   /* (walk keeps them on the C stack: small for a kernel build) */
#define INL_SNAP_DEPTH 6
#define INL_MAX_NNF 4
#define INL_MAX_LOCALS 2
typedef struct inl_facts {
    uint32_t nonnull;                  /* reference arguments checked non-null */
    const jfield *nnf[INL_MAX_NNF];    /* fields of `this` whose value was checked */
    uint8_t n_nnf;
} inl_facts;
typedef struct inl_snap {
    uint32_t pc, label;
    int n;
    inl_ent st[INL_SNAP_DEPTH];
    inl_facts f;
} inl_snap;

static bool fact_nonnull(const inl_facts *f, const inl_ent *e) {
    if (e->is_this) return true;                     /* (the guard checked it) */
    if (e->arg && e->arg <= 32 && ((f->nonnull >> (e->arg - 1)) & 1u)) return true;
    for (uint32_t i = 0; e->fld && i < f->n_nnf; i++)
        if (f->nnf[i] == e->fld) return true;
    return false;
}
static void fact_add(inl_facts *f, const inl_ent *e) {
    if (e->arg && e->arg <= 32) f->nonnull |= 1u << (e->arg - 1);
    if (e->fld && !fact_nonnull(f, e) && f->n_nnf < INL_MAX_NNF) f->nnf[f->n_nnf++] = e->fld;
}
static void fact_kill(inl_facts *f, const jfield *fld) {
    for (uint32_t i = 0; i < f->n_nnf; i++)
        if (f->nnf[i] == fld) f->nnf[i--] = f->nnf[--f->n_nnf];
}
static void fact_meet(inl_facts *f, const inl_facts *g) {
    f->nonnull &= g->nonnull;
    for (uint32_t i = 0; i < f->n_nnf; i++) {
        bool in = false;
        for (uint32_t k = 0; k < g->n_nnf; k++) in |= g->nnf[k] == f->nnf[i];
        if (!in) f->nnf[i--] = f->nnf[--f->n_nnf];
    }
}

/* A forward branch to tgt with the stack st[0..n) and facts: the target's
 * snapshot, made by the first branch there (values in memory, a label when
 * emitting) and met with each later one (same depth and types; what is
 * known of every slot and the facts narrowed to what all branches agree
 * on).  Its index, or -1 if the target cannot take this branch (too many
 * targets, another depth or type): the callee is not inlined. */
static int snap_join(x86_buf *b, jc *c, inl_snap *snaps, int *n_snaps, uint32_t tgt,
                     const inl_ent *st, int n, const inl_facts *facts, bool emit) {
    for (int k = 0; k < *n_snaps; k++) {
        if (snaps[k].pc != tgt) continue;
        inl_snap *sn = &snaps[k];
        if (sn->n != n) return -1;
        for (int i = 0; i < n; i++) {
            if (st[i].t != sn->st[i].t) return -1;
            sn->st[i].is_this &= st[i].is_this;
            if (sn->st[i].arg != st[i].arg) sn->st[i].arg = 0;
            if (sn->st[i].fld != st[i].fld) sn->st[i].fld = NULL;
        }
        fact_meet(&sn->f, facts);
        return k;
    }
    if (*n_snaps == INL_MAX_TARGETS) return -1;
    inl_snap *sn = &snaps[*n_snaps];
    sn->pc = tgt;
    sn->label = emit ? jc_new_label(b, c) : 0;
    sn->n = n;
    for (int i = 0; i < n; i++) {
        sn->st[i] = st[i];
        sn->st[i].is_const = sn->st[i].in_reg = false;
        sn->st[i].alias = 0;
    }
    sn->f = *facts;
    return (*n_snaps)++;
}

/* The field the getfield/putfield at T's pc refers to, resolved in T's
 * class; NULL if it does not resolve (then T is not inlined: the call
 * raises the error when it runs). */
static jfield *inl_field(jc *c, jmethod *T, uint32_t at) {
    jclass *cls = T->owner;
    uint16_t idx = jc_u2(T->code->code + at + 1);
    if (!cls->cf || idx == 0 || idx >= cls->cf->cp_count) return NULL;
    jfield *f = cls->cp_cache ? cls->cp_cache[idx] : NULL;
    if (!f) {
        if (c->vm->exception) return NULL;
        if (rt_resolve_field(c->vm, cls, idx, false, &f) != VM_OK) {
            c->vm->exception = NULL;
            return NULL;
        }
    }
    if (f->access & ACC_STATIC) return NULL;
    return f;
}

static void ld_typed(x86_buf *b, char t, int r, x86_mem m) {
    switch (t) {
    case 'I': case 'F': x86_ld32(b, r, m); break;
    case 'Z': case 'B': x86_ld8sx(b, r, m); break;
    case 'C': x86_ld16zx(b, r, m); break;
    case 'S': x86_ld16sx(b, r, m); break;
    default: x86_ld64(b, r, m); break;
    }
}

static void st_typed(x86_buf *b, char t, x86_mem m, int r) {
    switch (t) {
    case 'I': case 'F': x86_st32(b, m, r); break;
    case 'Z': x86_alu_ri32(b, X86_AND, r, 1); x86_st8(b, m, r); break;
    case 'B': x86_st8(b, m, r); break;
    case 'C': case 'S': x86_st16(b, m, r); break;
    default: x86_st64(b, m, r); break;
    }
}

static char slot_type(char field_type) {
    switch (field_type) {
    case 'J': return 'J';
    case 'D': return 'D';
    case 'F': return 'F';
    case 'L': case '[': return 'A';
    default: return 'I';
    }
}

/* Constants are materialized lazily: an operator with a constant right
 * operand uses the immediate form. */
static void mat(x86_buf *b, inl_ent *e, int r, bool emit) {
    if (e->alias) {                      /* (to be written: a copy of its own) */
        if (emit && e->padd) x86_lea32(b, r, x86_m(e->alias - 1, e->padd)); /* lea r32, [src + k] */
        else if (emit) x86_mov_rr64(b, r, e->alias - 1);               /* mov r, src */
        e->alias = 0;
        e->padd = 0;
        return;
    }
    if (!e->is_const || e->in_reg) return;
    if (emit) {
        if (e->t == 'I') x86_mov_ri32(b, r, (uint32_t)(int32_t)e->k);   /* mov r32, imm */
        else x86_mov_imm(b, r, e->k);                                  /* mov r, imm */
    }
    e->in_reg = true;
}

/* the register to read e from (it stays unchanged) */
static int src(const inl_ent *e, int r) { return e->alias ? e->alias - 1 : r; }

static bool fits32(int64_t k) { return k >= INT32_MIN && k <= INT32_MAX; }

/* `if<cond> +7; iconst_a; goto +4; iconst_b` (javac's boolean value of a
 * comparison): true with the two constants */
static bool bool_value(const uint8_t *code, uint32_t pc, uint32_t len, int32_t *a, int32_t *bv) {
    if (pc + 8 > len || jc_s2(code + pc + 1) != 7) return false;
    uint8_t x = code[pc + 3], g = code[pc + 4], y = code[pc + 7];
    if (x < OP_iconst_m1 || x > OP_iconst_5 || y < OP_iconst_m1 || y > OP_iconst_5) return false;
    if (g != OP_goto || jc_s2(code + pc + 5) != 4) return false;
    *a = (int32_t)x - OP_iconst_0;
    *bv = (int32_t)y - OP_iconst_0;
    return true;
}

/* Walk T's bytecode; with emit, generate it.  Returns false (having
 * emitted nothing when !emit) if T is not trivial enough.  The operand
 * stack lives in regs[0 .. max_depth) by depth (constants and arguments
 * read in place until written).  The result is left in regs[0] (fast
 * mode, args != NULL) or stored to STK(a).
 *
 * A failed check (null, bounds, array store type) jumps to l_fallback, the
 * normal call, which raises the exception inside the callee: so checks
 * are allowed only before the first side effect (putfield, aastore), and
 * the invoke's budget tick is taken by then (ticked: before the body;
 * else here at the first side effect or the return).
 *
 * VINLINE (fast mode): an invokevirtual of a method its class's vtable
 * selects and no loaded subclass overrides (mono_target), behind a guard
 * that the receiver's vtable entry is that method (class_guard); another
 * receiver takes the ordinary call.
 *
 * FIELDS (fast mode): getfield/putfield on an object other than `this`
 * (an argument, a local, a loaded reference: javac's access$NNN
 * accessors, static getters), null-tested before the body's first side
 * effect (obj_checked; null: the ordinary call raises it in the callee).
 *
 * Fast mode only: forward branches (the stack in its registers at every
 * branch and target), several returns, up to INL_MAX_LOCALS locals of
 * its own (registers taken from the end of regs), dup, aconst_null,
 * arraylength and aastore. */
/* Instructions a fast-mode body leaves to the ordinary call (walk's
 * default case): on a path before the first side effect only. */
static bool bail_op(uint8_t op) {
    switch (op) {
    case OP_new: case OP_athrow:
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
        return true;
    default:
        return false;
    }
}

/* FIELDS (fast mode): the object of a getfield/putfield that is not
 * `this` (an argument, a local, a field's value): known non-null, or
 * tested here (null: the ordinary call, which raises the exception in
 * the callee) while no side effect has happened.  False: not inlinable. */
static bool obj_checked(x86_buf *b, jc *c, inl_ent *e, int r, inl_facts *facts, bool fast,
                        bool side, bool emit, uint32_t l_fallback) {
    if (!fast || !jc_opt(c, JIT_OPT_FIELDS) || e->is_const) return false;
    if (fact_nonnull(facts, e)) return true;
    if (side) return false;
    if (emit) {
        int ro = src(e, r);
        x86_test_rr64(b, ro, ro);                                      /* test obj, obj */
        x86_jcc(b, X86_CC_E, l_fallback);                              /* jz call */
        c->fired |= 1u << JIT_OPT_FIELDS;
    }
    fact_add(facts, e);
    return true;
}

static bool walk(x86_buf *b, jc *c, jmethod *T, int32_t a, bool emit, uint32_t l_fallback,
                 const jc_vent *args, int max_depth, const int *regs, bool ticked,
                 inl_range *rng, int *n_rng) {
    const uint8_t *code = T->code->code;
    uint32_t len = T->code->code_len;
    bool inst = !(T->access & ACC_STATIC);
    bool fast = args != NULL;
    inl_ent st[INL_MAX_DEPTH];
    int n = 0;
    uint32_t pc = 0;
    bool side = false;      /* a putfield/aastore was emitted: no way back to the call */
    bool tk = ticked;       /* the invoke's tick was taken */
    bool live = true;       /* the current pc is reached by falling through */
    inl_facts facts = { 0, { NULL }, 0 };
    inl_snap snaps[INL_MAX_TARGETS];
    int n_snaps = 0;
    uint32_t l_end = X86_UNBOUND;   /* after the body (returns before the last insn) */
    /* T's own locals: registers from the end of regs */
    uint32_t nloc = T->max_locals > T->arg_slots ? (uint32_t)(T->max_locals - T->arg_slots) : 0u;
    int lregs[INL_MAX_LOCALS];
    if (nloc && (!fast || nloc > INL_MAX_LOCALS)) return false;
    for (uint32_t k = 0; k < nloc; k++) lregs[k] = regs[--max_depth];
    if (max_depth < 2) return false;
#ifndef VIFVM_NO_BUDGET_TICKS
#define TICK_NOW() do { \
        if (!tk && emit) jc_budget_op(b, c, X86_SUB, 1); \
        tk = true; } while (0)   /* sub qword [vm+budget] (or r14), 1 */
#else
#define TICK_NOW() (tk = true)
#endif
/* every entry below depth k in its register (before a branch or a merge) */
#define MAT_BELOW(k) do { for (int i_ = 0; i_ < (k); i_++) mat(b, &st[i_], regs[i_], emit); } while (0)
    bool is01 = false;      /* the previous insn left a 0/1 on top (setcc) */
    bool branched = false;  /* past the first branch or return (range collection stops) */
    bool pend = false;      /* an entry may be pending (padd: only the iadd/isub
                               below makes them, so none before it has run) */
    bool bailed = false;    /* a path went to the ordinary call (bail_op) */
    while (pc < len) {
        uint8_t op = code[pc];
        uint32_t ilen = interp_op_len[op];
        if (ilen == 0 || pc + ilen > len) return false;
        bool top01 = is01;
        is01 = false;
        /* a branch target: merge (falling in) or take over the branches' state */
        int si = -1;
        for (int i = 0; i < n_snaps; i++) if (snaps[i].pc == pc) si = i;
        if (si >= 0) {
            inl_snap *sn = &snaps[si];
            if (live) {
                MAT_BELOW(n);
                if (n != sn->n) return false;
                for (int i = 0; i < n; i++) {
                    if (st[i].t != sn->st[i].t) return false;
                    sn->st[i].is_this &= st[i].is_this;
                    if (sn->st[i].arg != st[i].arg) sn->st[i].arg = 0;
                    if (sn->st[i].fld != st[i].fld) sn->st[i].fld = NULL;
                }
                fact_meet(&sn->f, &facts);
            }
            top01 = false;
            n = sn->n;
            for (int i = 0; i < n; i++) st[i] = sn->st[i];
            facts = sn->f;
            if (emit) x86_bind(b, sn->label);
            sn->pc = 0xffffffffu;          /* (bound: no branch may come later) */
            live = true;
        } else if (!live) {
            /* unreachable: no state for it.  Branches only go forward, so
             * nothing later can reach it either: after a bail (below) it
             * is the rare path's rest, skipped */
            if (!bailed) return false;
            pc += ilen;
            continue;
        }
        if (pend && !(op >= OP_iaload && op <= OP_saload))
            for (int i = 0; i < n; i++)
                if (st[i].padd) mat(b, &st[i], regs[i], emit);
        int r1 = n >= 1 ? regs[n - 1] : X86_NOREG, r2 = n >= 2 ? regs[n - 2] : X86_NOREG;
        switch (op) {   /* a case added here goes into walk_op too (inl_never) */
        case OP_aconst_null:
        case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
        case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        case OP_bipush: case OP_sipush: case OP_ldc: case OP_lconst_0: case OP_lconst_1: {
            if (n >= max_depth) return false;
            int64_t k;
            char t = 'I';
            if (op == OP_aconst_null) {
                if (!fast) return false;
                k = 0;
                t = 'A';
            } else if (op == OP_bipush) k = (int8_t)code[pc + 1];
            else if (op == OP_sipush) k = jc_s2(code + pc + 1);
            else if (op == OP_ldc) {
                if (code[pc + 1] == 0 || code[pc + 1] >= T->owner->cf->cp_count ||
                    T->owner->cf->cp[code[pc + 1]].tag != CP_INTEGER)
                    return false;
                k = T->owner->cf->cp[code[pc + 1]].u.i32;
            } else if (op == OP_lconst_0 || op == OP_lconst_1) {
                k = op - OP_lconst_0;
                t = 'J';
            } else k = (int32_t)op - OP_iconst_0;
            st[n++] = (inl_ent){ t, false, true, false, k, 0, 0, NULL, 0, 0, 0, 0 };
            break;
        }
        case OP_iload: case OP_lload: case OP_fload: case OP_dload: case OP_aload:
        case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
        case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
        case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
        case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
        case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3: {
            if (n >= max_depth) return false;
            int r = regs[n];
            uint32_t idx;
            char t;
            if (op <= OP_aload) { idx = code[pc + 1]; t = "IJFDA"[op - OP_iload]; }
            else { idx = (uint32_t)(op - OP_iload_0) & 3u; t = "IJFDA"[(op - OP_iload_0) / 4]; }
            if (idx >= T->arg_slots) {
                /* T's own local: read in place from its register */
                if (idx - T->arg_slots >= nloc || (t != 'I' && t != 'A')) return false;
                st[n++] = (inl_ent){ t, false, false, false, 0,
                                     (int8_t)(lregs[idx - T->arg_slots] + 1), 0, NULL, 0, 0, 0, 0 };
                break;
            }
            if (args && args[idx].kind == JC_VS_CONST && t == 'I') {      /* a constant argument */
                st[n++] = (inl_ent){ t, false, true, false, args[idx].imm, 0, 0, NULL, 0, 0, 0, 0 };
                break;
            }
            int8_t alias = 0;
            if (args && args[idx].kind == JC_VS_LOCAL && c->lreg[args[idx].local] >= 0)
                alias = (int8_t)(c->lreg[args[idx].local] + 1);        /* read in place */
            else if (args && args[idx].kind == JC_VS_REG)
                alias = (int8_t)(args[idx].reg + 1);
            if (emit && !alias) {
                x86_mem m = STK(c, a + (int32_t)idx);
                if (args && args[idx].kind == JC_VS_LOCAL) {
                    m = LOC(c, args[idx].local);
                } else if (args && args[idx].kind == JC_VS_CONST) {
                    x86_mov_imm(b, r, args[idx].imm);                   /* mov r, imm (null) */
                    m.base = X86_NOREG;
                }
                if (m.base != X86_NOREG) {
                    if (t == 'I' || t == 'F') x86_ld32(b, r, m);                /* mov r32, [arg] */
                    else x86_ld64(b, r, m);                                     /* mov r, [arg] */
                }
            }
            int8_t lenr = 0;
            if (args && args[idx].kind == JC_VS_LOCAL && c->lreg[args[idx].local] >= 0 &&
                c->lenreg[args[idx].local] >= 0)
                lenr = (int8_t)(c->lenreg[args[idx].local] + 1);
            st[n++] = (inl_ent){ t, inst && idx == 0 && t == 'A', false, false, 0, alias,
                                 (int8_t)(t == 'A' && idx < 32 ? idx + 1 : 0), NULL, lenr,
                                 (int8_t)(t == 'I' && idx < 100 ? idx + 1 : 0), 0, 0 };
            break;
        }
        case OP_istore: case OP_astore:
        case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3: {
            uint32_t idx;
            char t;
            if (op <= OP_astore) { idx = code[pc + 1]; t = op == OP_istore ? 'I' : 'A'; }
            else if (op <= OP_istore_3) { idx = (uint32_t)(op - OP_istore_0); t = 'I'; }
            else { idx = (uint32_t)(op - OP_astore_0); t = 'A'; }
            if (n < 1 || st[n - 1].t != t || idx < T->arg_slots || idx - T->arg_slots >= nloc) return false;
            int lr = lregs[idx - T->arg_slots];
            for (int i = 0; i < n - 1; i++)                 /* entries reading the old value */
                if (st[i].alias == lr + 1) mat(b, &st[i], regs[i], emit);
            if (emit) {
                if (st[n - 1].is_const && !st[n - 1].in_reg) x86_mov_imm(b, lr, st[n - 1].k); /* mov local, imm */
                else if (src(&st[n - 1], r1) != lr) x86_mov_rr64(b, lr, src(&st[n - 1], r1)); /* mov local, v */
            }
            n--;
            break;
        }
        case OP_iinc: {
            uint32_t idx = code[pc + 1];
            if (idx < T->arg_slots || idx - T->arg_slots >= nloc) return false;
            int lr = lregs[idx - T->arg_slots];
            for (int i = 0; i < n; i++)
                if (st[i].alias == lr + 1) mat(b, &st[i], regs[i], emit);
            if (emit) x86_alu_ri32(b, X86_ADD, lr, (int8_t)code[pc + 2]);    /* add local32, k */
            break;
        }
        case OP_dup: {
            if (!fast || n < 1 || n >= max_depth) return false;
            inl_ent e = st[n - 1];
            if (!(e.is_const && !e.in_reg)) {
                if (emit) x86_mov_rr64(b, regs[n], src(&st[n - 1], r1));     /* mov r, top */
                e.is_const = false;
                e.in_reg = false;
                e.alias = 0;
            }
            st[n++] = e;
            break;
        }
        case OP_iadd: case OP_isub: case OP_imul: case OP_iand: case OP_ior: case OP_ixor:
        case OP_ladd: case OP_lsub: case OP_lmul: case OP_land: case OP_lor: case OP_lxor: {
            bool l = op == OP_ladd || op == OP_lsub || op == OP_lmul || op == OP_land ||
                     op == OP_lor || op == OP_lxor;
            char t = l ? 'J' : 'I';
            if (n < 2 || st[n - 1].t != t || st[n - 2].t != t) return false;
            if (!l && st[n - 2].alias && !st[n - 2].padd && (op == OP_iadd || op == OP_isub) && st[n - 1].is_const &&
                !st[n - 1].in_reg && fits32(st[n - 1].k) && st[n - 1].k != INT32_MIN) {
                /* an argument read in place plus a constant: lea r32, [src + k] */
                /* (pending: an access may fold it into its displacement;
                 * any other use computes it first) */
                int32_t k = (int32_t)st[n - 1].k;
                int64_t ko = (int64_t)st[n - 2].koff + (op == OP_isub ? -(int64_t)k : k);
                int8_t ia = st[n - 2].iarg && ko >= 0 && ko < (1 << 24) ? st[n - 2].iarg : 0;
                int8_t al = st[n - 2].alias;
                pend = true;
                n--;
                st[n - 1] = (inl_ent){ t, false, false, false, 0, al, 0, NULL, 0, ia, ia ? (int32_t)ko : 0,
                                       op == OP_isub ? -k : k };
                break;
            }
            mat(b, &st[n - 2], r2, emit);
            bool imm = st[n - 1].is_const && !st[n - 1].in_reg && fits32(st[n - 1].k);
            if (!imm && st[n - 1].is_const) mat(b, &st[n - 1], r1, emit);
            int rs = src(&st[n - 1], r1);
            if (emit) {
                enum x86_alu alu = X86_ADD;
                bool mul = false;
                switch (op) {
                case OP_isub: case OP_lsub: alu = X86_SUB; break;
                case OP_iand: case OP_land: alu = X86_AND; break;
                case OP_ior: case OP_lor: alu = X86_OR; break;
                case OP_ixor: case OP_lxor: alu = X86_XOR; break;
                case OP_imul: case OP_lmul: mul = true; break;
                default: break;
                }
                int32_t k = (int32_t)st[n - 1].k;
                if (imm) {
                    if (mul) { if (l) x86_imul_rri64(b, r2, r2, k); else x86_imul_rri32(b, r2, r2, k); }
                    else if (l) x86_alu_ri64(b, alu, r2, k);
                    else x86_alu_ri32(b, alu, r2, k);
                } else if (mul) { if (l) x86_imul_rr64(b, r2, rs); else x86_imul_rr32(b, r2, rs); }
                else if (l) x86_alu_rr64(b, alu, r2, rs);
                else x86_alu_rr32(b, alu, r2, rs);
            }
            int8_t ia = 0;
            int64_t ko = 0;
            if (!l && imm && (op == OP_iadd || op == OP_isub) && st[n - 2].iarg) {
                ko = (int64_t)st[n - 2].koff + (op == OP_isub ? -st[n - 1].k : st[n - 1].k);
                if (ko >= 0 && ko < (1 << 24)) ia = st[n - 2].iarg;
            }
            n--;
            st[n - 1] = (inl_ent){ t, false, false, false, 0, 0, 0, NULL, 0, ia, ia ? (int32_t)ko : 0, 0 };
            break;
        }
        case OP_ineg: case OP_lneg: {
            char t = op == OP_lneg ? 'J' : 'I';
            if (n < 1 || st[n - 1].t != t) return false;
            mat(b, &st[n - 1], r1, emit);
            if (emit) { if (t == 'J') x86_neg64(b, r1); else x86_neg32(b, r1); }
            st[n - 1] = (inl_ent){ t, false, false, false, 0, 0, 0, NULL, 0, 0, 0, 0 };
            break;
        }
        case OP_ishl: case OP_ishr: case OP_iushr: case OP_lshl: case OP_lshr: case OP_lushr: {
            bool l = op == OP_lshl || op == OP_lshr || op == OP_lushr;
            char t = l ? 'J' : 'I';
            if (n < 2 || st[n - 1].t != 'I' || !st[n - 1].is_const || st[n - 2].t != t) return false;
            mat(b, &st[n - 2], r2, emit);
            if (emit) {
                enum x86_shift sh = op == OP_ishl || op == OP_lshl ? X86_SHL
                                  : op == OP_ishr || op == OP_lshr ? X86_SAR : X86_SHR;
                if (l) x86_shift_ri64(b, sh, r2, (uint8_t)(st[n - 1].k & 63));
                else x86_shift_ri32(b, sh, r2, (uint8_t)(st[n - 1].k & 31));
            }
            n--;
            st[n - 1] = (inl_ent){ t, false, false, false, 0, 0, 0, NULL, 0, 0, 0, 0 };
            break;
        }
        case OP_i2l: case OP_l2i: case OP_i2b: case OP_i2c: case OP_i2s: {
            char from = op == OP_l2i ? 'J' : 'I';
            if (n < 1 || st[n - 1].t != from) return false;
            mat(b, &st[n - 1], r1, emit);
            if (emit) {
                switch (op) {
                case OP_i2l: x86_movsxd_rr(b, r1, r1); break;
                case OP_l2i: x86_mov_rr32(b, r1, r1); break;
                case OP_i2b: x86_movsx8_rr(b, r1, r1); break;
                case OP_i2c: x86_movzx16_rr(b, r1, r1); break;
                default: x86_movsx16_rr(b, r1, r1); break;
                }
            }
            st[n - 1] = (inl_ent){ op == OP_i2l ? 'J' : 'I', false, false, false, 0, 0, 0, NULL, 0, 0, 0, 0 };
            break;
        }
        case OP_arraylength: {
            if (!fast || n < 1 || st[n - 1].t != 'A' || st[n - 1].is_const) return false;
            int ra = src(&st[n - 1], r1);
            if (!fact_nonnull(&facts, &st[n - 1])) {
                if (side) return false;
                if (emit) {
                    x86_test_rr64(b, ra, ra);                                  /* test arr, arr */
                    x86_jcc(b, X86_CC_E, l_fallback);                          /* jz call */
                }
                fact_add(&facts, &st[n - 1]);
            }
            if (emit) x86_ld32(b, r1, x86_m(ra, 12));                          /* mov len32, [arr+12] */
            st[n - 1] = (inl_ent){ 'I', false, false, false, 0, 0, 0, NULL, 0, 0, 0, 0 };
            break;
        }
        case OP_iaload: case OP_baload: case OP_caload: case OP_saload: case OP_aaload: {
            /* test arr, arr; jz fallback; cmp idx32, [arr + 12]; jae fallback;
             * mov(sx/zx) r, [arr + idx*scale + 16] */
            if (side || n < 2 || st[n - 2].t != 'A' || st[n - 1].t != 'I' || st[n - 2].is_const) return false;
            bool ck = st[n - 1].is_const && !st[n - 1].in_reg && st[n - 1].k >= 0 && st[n - 1].k < (1 << 24);
            if (!ck && st[n - 1].is_const) mat(b, &st[n - 1], r1, emit);   /* (a constant index: its register) */
            bool zx8 = false;
            if (op == OP_baload && pc + 5 < len && code[pc + 1] == OP_sipush &&
                jc_s2(code + pc + 2) == 0xFF && code[pc + 4] == OP_iand)
                zx8 = true;                                  /* b[i] & 0xFF: movzx */
            int ra = src(&st[n - 2], r2), ri = src(&st[n - 1], r1);
            int lenr = st[n - 2].lenr - 1;   /* (a cached length: 0 for null, so no null check) */
            bool known = lenr >= 0 || fact_nonnull(&facts, &st[n - 2]);
            bool covered = false;            /* checked up front (inl_range) */
            if (rng && st[n - 2].arg && st[n - 1].iarg && !ck) {
                int f = -1;
                for (int i = 0; i < *n_rng; i++)
                    if (rng[i].arr == st[n - 2].arg && rng[i].idx == st[n - 1].iarg) f = i;
                if (!emit && !branched) {     /* (collecting: the first pass) */
                    if (f < 0 && *n_rng < INL_MAX_RANGES) {
                        f = (*n_rng)++;
                        /* (kmin 0: x itself is checked too, see the displacement below) */
                        rng[f] = (inl_range){ st[n - 2].arg, st[n - 1].iarg, 0, st[n - 1].koff };
                    } else if (f >= 0) {
                        if (st[n - 1].koff < rng[f].kmin) rng[f].kmin = st[n - 1].koff;
                        if (st[n - 1].koff > rng[f].kmax) rng[f].kmax = st[n - 1].koff;
                    }
                } else if (emit && f >= 0) {
                    covered = st[n - 1].koff >= rng[f].kmin && st[n - 1].koff <= rng[f].kmax;
                }
            }
            if (st[n - 1].padd && !covered) {            /* the index computed first */
                mat(b, &st[n - 1], r1, emit);
                ri = r1;
            }
            if (emit && covered) {
                int sc = op == OP_iaload ? 4 : op == OP_aaload ? 8 : op == OP_baload ? 1 : 2;
                /* (covered: x and x + k are in [0, length), so the 64-bit sum
                 * in the address is the 32-bit index) */
                x86_mem m = st[n - 1].padd
                    ? x86_mx(ra, st[n - 1].alias - 1, sc, st[n - 1].padd * sc + (int32_t)JOBJ_HEADER_SIZE)
                    : x86_mx(ra, ri, sc, (int32_t)JOBJ_HEADER_SIZE);
                switch (op) {
                case OP_iaload: x86_ld32(b, r2, m); break;
                case OP_baload: if (zx8) x86_ld8zx(b, r2, m); else x86_ld8sx(b, r2, m); break;
                case OP_caload: x86_ld16zx(b, r2, m); break;
                case OP_saload: x86_ld16sx(b, r2, m); break;
                default: x86_ld64(b, r2, m); break;
                }
            } else if (emit) {
                int sc = op == OP_iaload ? 4 : op == OP_aaload ? 8 : op == OP_baload ? 1 : 2;
                if (!known) {
                    x86_test_rr64(b, ra, ra);                                  /* test arr, arr */
                    x86_jcc(b, X86_CC_E, l_fallback);                          /* jz call */
                }
                x86_mem m;
                if (ck) {
                    if (lenr >= 0) x86_alu_ri32(b, X86_CMP, lenr, (int32_t)st[n - 1].k); /* cmp len, k */
                    else x86_alu_mi32(b, X86_CMP, x86_m(ra, 12), (int32_t)st[n - 1].k); /* cmp dword [arr+12], k */
                    x86_jcc(b, X86_CC_BE, l_fallback);                         /* jbe call */
                    m = x86_m(ra, (int32_t)st[n - 1].k * sc + (int32_t)JOBJ_HEADER_SIZE);
                } else {
                    if (lenr >= 0) x86_alu_rr32(b, X86_CMP, ri, lenr);         /* cmp idx, len */
                    else x86_alu_rm32(b, X86_CMP, ri, x86_m(ra, 12));         /* cmp idx, [arr+12] */
                    x86_jcc(b, X86_CC_AE, l_fallback);                         /* jae call */
                    m = x86_mx(ra, ri, sc, (int32_t)JOBJ_HEADER_SIZE);
                }
                switch (op) {
                case OP_iaload: x86_ld32(b, r2, m); break;
                case OP_baload: if (zx8) x86_ld8zx(b, r2, m); else x86_ld8sx(b, r2, m); break;
                case OP_caload: x86_ld16zx(b, r2, m); break;
                case OP_saload: x86_ld16sx(b, r2, m); break;
                default: x86_ld64(b, r2, m); break;
                }
            }
            fact_add(&facts, &st[n - 2]);
            n--;
            st[n - 1] = (inl_ent){ op == OP_aaload ? 'A' : 'I', false, false, false, 0, 0, 0, NULL, 0, 0, 0, 0 };
            if (zx8) pc += 4;                                /* the sipush and iand */
            break;
        }
        case OP_aastore: {
            /* the checks (null, bounds, the value's class exactly the
             * component or the component Object, else the call), then the
             * store: the first side effect */
            if (!fast || side || n < 3 || n + 1 > max_depth || st[n - 3].t != 'A' || st[n - 3].is_const ||
                st[n - 2].t != 'I' || st[n - 1].t != 'A')
                return false;
            TICK_NOW();
            bool ck = st[n - 2].is_const && !st[n - 2].in_reg && st[n - 2].k >= 0 && st[n - 2].k < (1 << 24);
            if (!ck && st[n - 2].is_const) mat(b, &st[n - 2], regs[n - 2], emit);
            bool vnull = st[n - 1].is_const && !st[n - 1].in_reg;   /* (aconst_null) */
            int ra = src(&st[n - 3], regs[n - 3]), ri = src(&st[n - 2], regs[n - 2]);
            int rv = src(&st[n - 1], regs[n - 1]), t = regs[n];
            if (emit) {
                if (!fact_nonnull(&facts, &st[n - 3])) {
                    x86_test_rr64(b, ra, ra);                                  /* test arr, arr */
                    x86_jcc(b, X86_CC_E, l_fallback);
                }
                x86_mem m;
                if (ck) {
                    x86_alu_mi32(b, X86_CMP, x86_m(ra, 12), (int32_t)st[n - 2].k); /* cmp dword [arr+12], k */
                    x86_jcc(b, X86_CC_BE, l_fallback);
                    m = x86_m(ra, (int32_t)st[n - 2].k * 8 + (int32_t)JOBJ_HEADER_SIZE);
                } else {
                    x86_alu_rm32(b, X86_CMP, ri, x86_m(ra, 12));              /* cmp idx, [arr+12] */
                    x86_jcc(b, X86_CC_AE, l_fallback);
                    m = x86_mx(ra, ri, 8, (int32_t)JOBJ_HEADER_SIZE);
                }
                if (vnull) {
                    x86_st64_imm(b, m, 0);                                     /* mov qword [elem], 0 */
                } else {
                    uint32_t l_store = jc_new_label(b, c);
                    x86_test_rr64(b, rv, rv);                                  /* test v, v */
                    x86_jcc(b, X86_CC_E, l_store);
                    x86_ld64(b, t, x86_m(ra, (int32_t)offsetof(jobject, cls)));        /* mov t, [arr] */
                    x86_ld64(b, t, x86_m(t, (int32_t)offsetof(jclass, component)));   /* mov t, [t+comp] */
                    x86_alu_rm64(b, X86_CMP, t, x86_m(rv, (int32_t)offsetof(jobject, cls))); /* cmp t, [v] */
                    x86_jcc(b, X86_CC_E, l_store);
                    x86_alu_rm64(b, X86_CMP, t, x86_m(R_VM, (int32_t)offsetof(struct vm, wk.object)));
                    x86_jcc(b, X86_CC_NE, l_fallback);                         /* cmp t, [vm+Object]; jne call */
                    x86_bind(b, l_store);
                    x86_st64(b, m, rv);                                        /* mov [elem], v */
                }
            }
            fact_add(&facts, &st[n - 3]);
            side = true;
            n -= 3;
            break;
        }
        case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
        case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
        case OP_if_icmpgt: case OP_if_icmple:
        case OP_if_acmpeq: case OP_if_acmpne: case OP_ifnull: case OP_ifnonnull: {
            static const uint8_t ccs[6] = { X86_CC_E, X86_CC_NE, X86_CC_L, X86_CC_GE, X86_CC_G, X86_CC_LE };
            bool ref = op == OP_if_acmpeq || op == OP_if_acmpne || op == OP_ifnull || op == OP_ifnonnull;
            bool two = (op >= OP_if_icmpeq && op <= OP_if_acmpne);
            int k = two ? 2 : 1;
            char t = ref ? 'A' : 'I';
            if (n < k || st[n - 1].t != t || (two && st[n - 2].t != t)) return false;
            enum x86_cc cc;
            if (op == OP_if_acmpeq || op == OP_ifnull) cc = X86_CC_E;
            else if (op == OP_if_acmpne || op == OP_ifnonnull) cc = X86_CC_NE;
            else cc = (enum x86_cc)ccs[two ? op - OP_if_icmpeq : op - OP_ifeq];
            int32_t ka, kb;
            if (!ref && bool_value(code, pc, len, &ka, &kb) && (ka == 0 || ka == 1) &&
                (kb == 0 || kb == 1) && ka != kb) {
                /* the boolean value of a comparison: cmp; setcc; movzx */
                if (kb == 0) cc = (enum x86_cc)(cc ^ 1);   /* value 1 when the branch is not taken */
                int rd = regs[n - k];
                if (two) {
                    if (st[n - 2].is_const) mat(b, &st[n - 2], r2, emit);
                    bool imm = st[n - 1].is_const && !st[n - 1].in_reg;
                    if (!imm && st[n - 1].is_const) mat(b, &st[n - 1], r1, emit);
                    if (emit) {
                        if (imm) x86_alu_ri32(b, X86_CMP, src(&st[n - 2], r2), (int32_t)st[n - 1].k);
                        else x86_alu_rr32(b, X86_CMP, src(&st[n - 2], r2), src(&st[n - 1], r1));
                    }
                } else {
                    if (st[n - 1].is_const) mat(b, &st[n - 1], r1, emit);
                    if (emit) x86_test_rr32(b, src(&st[n - 1], r1), src(&st[n - 1], r1));
                }
                if (emit) {
                    x86_setcc(b, cc, rd);
                    x86_movzx8_rr(b, rd, rd);
                }
                n -= k - 1;
                st[n - 1] = (inl_ent){ 'I', false, false, false, 0, 0, 0, NULL, 0, 0, 0, 0 };
                pc += 8;
                is01 = true;
                continue;
            }
            /* a forward branch (fast mode): the entries below the operands
             * to their registers, compare, jcc to the target's label */
            branched = true;
            uint32_t tgt = (uint32_t)((int32_t)pc + jc_s2(code + pc + 1));
            if (!fast || tgt <= pc || tgt >= len || n - k > INL_SNAP_DEPTH) return false;
            MAT_BELOW(n - k);
            for (int i = n - k; i < n; i++)            /* constant operands: registers */
                if (st[i].is_const && !(i == n - 1 && !st[i].in_reg && !ref && two)) mat(b, &st[i], regs[i], emit);
            if (emit) {
                if (two) {
                    if (st[n - 1].is_const && !st[n - 1].in_reg)
                        x86_alu_ri32(b, X86_CMP, src(&st[n - 2], r2), (int32_t)st[n - 1].k);
                    else if (ref) x86_alu_rr64(b, X86_CMP, src(&st[n - 2], r2), src(&st[n - 1], r1));
                    else x86_alu_rr32(b, X86_CMP, src(&st[n - 2], r2), src(&st[n - 1], r1));
                } else if (ref) {
                    x86_test_rr64(b, src(&st[n - 1], r1), src(&st[n - 1], r1));
                } else {
                    x86_test_rr32(b, src(&st[n - 1], r1), src(&st[n - 1], r1));
                }
            }
            n -= k;
            /* fall through to the shared snapshot code */
            int found = snap_join(b, c, snaps, &n_snaps, tgt, st, n, &facts, emit);
            if (found < 0) return false;
            if (emit) x86_jcc(b, cc, snaps[found].label);
            for (int i = 0; i < n; i++) { st[i].is_const = st[i].in_reg = false; st[i].alias = 0; }
            break;
        }
        case OP_goto: {
            branched = true;
            uint32_t tgt = (uint32_t)((int32_t)pc + jc_s2(code + pc + 1));
            if (!fast || tgt <= pc || tgt >= len || n > INL_SNAP_DEPTH) return false;
            MAT_BELOW(n);
            int found = snap_join(b, c, snaps, &n_snaps, tgt, st, n, &facts, emit);
            if (found < 0) return false;
            if (emit) x86_jmp(b, snaps[found].label);
            live = false;
            break;
        }
        case OP_getfield: {
            if (n < 1 || st[n - 1].t != 'A') return false;
            bool self = st[n - 1].is_this;
            if (!self && !obj_checked(b, c, &st[n - 1], r1, &facts, fast, side, emit, l_fallback))
                return false;
            jfield *f = inl_field(c, T, pc);
            if (!f) return false;
            if (emit) ld_typed(b, f->type, r1, x86_m(src(&st[n - 1], r1), (int32_t)f->offset));
            char t = slot_type(f->type);
            /* (facts name fields of `this` only) */
            st[n - 1] = (inl_ent){ t, false, false, false, 0, 0, 0, t == 'A' && self ? f : NULL, 0, 0, 0, 0 };
            break;
        }
        case OP_putfield: {
            if (n < 2 || st[n - 2].t != 'A') return false;
            if (!st[n - 2].is_this && !obj_checked(b, c, &st[n - 2], r2, &facts, fast, side, emit, l_fallback))
                return false;
            jfield *f = inl_field(c, T, pc);
            if (!f || slot_type(f->type) != st[n - 1].t) return false;
            mat(b, &st[n - 1], r1, emit);
            TICK_NOW();
            side = true;
            if (emit) st_typed(b, f->type, x86_m(src(&st[n - 2], r2), (int32_t)f->offset), r1);
            fact_kill(&facts, f);
            for (int i = 0; i < n_snaps; i++) fact_kill(&snaps[i].f, f);
            n -= 2;
            break;
        }
        case OP_ireturn: case OP_lreturn: case OP_freturn: case OP_dreturn: case OP_areturn: {
            static const char rt[5] = { 'I', 'J', 'F', 'D', 'A' };
            char t = rt[op - OP_ireturn];
            if (n < 1 || st[n - 1].t != t) return false;
            if (pc + 1 != len && !fast) return false;
            mat(b, &st[n - 1], r1, emit);
            TICK_NOW();
            if (emit) {
                if (op == OP_ireturn && !top01)        /* (0 or 1 needs no narrowing) */
                    x86_narrow_int(b, T->ret, r1);
                if (!args) x86_st64(b, STK(c, a), r1);
                else if (r1 != regs[0]) x86_mov_rr64(b, regs[0], r1);  /* the result in regs[0] */
            }
            goto ret;
        }
        case OP_return:
            if (T->ret != 'V' || (pc + 1 != len && !fast)) return false;
            TICK_NOW();
        ret:
            if (pc + 1 != len) {
                branched = true;
                if (emit) {
                    if (l_end == X86_UNBOUND) l_end = jc_new_label(b, c);
                    x86_jmp(b, l_end);
                }
                live = false;
                break;
            }
            for (int i = 0; i < n_snaps; i++)
                if (snaps[i].pc != 0xffffffffu) return false;    /* a branch past the end */
            if (emit && l_end != X86_UNBOUND) x86_bind(b, l_end);
            return true;
        default:
            /* a call, an allocation or a throw (fast mode, before any side
             * effect): this path makes the ordinary call instead, which
             * does all of T (the invoke's tick is given back there) */
            if (!fast || side || !bail_op(op)) return false;
            if (emit) x86_jmp(b, l_fallback);
            live = false;
            bailed = true;
            branched = true;
            break;
        }
        pc += ilen;
    }
#undef TICK_NOW
#undef MAT_BELOW
    return false;
}

/* ---- the bytecode verdict: callees walk can never accept ----------------
 * walk returns true only at T's last instruction, having gone through
 * every instruction before it in order (the patterns it takes whole,
 * bool_value's and `baload; sipush 255; iand`, are made of instructions
 * it has cases for) and having rejected every backward branch.  So a
 * callee with an instruction walk has no case for, or a backward branch,
 * or an instruction running past the end, is never inlined, whatever the
 * call site: that is found once per callee by one pass over its bytecode
 * and kept in jmethod.jit_inl (the bytecode does not change), and the
 * call sites skip the walks (and fast_target's descriptor parse). */
#define INL_VERDICT_MADE 1u
#define INL_VERDICT_NEVER 2u

/* walk's switch has a case for op */
static bool walk_op(uint8_t op) {
    switch (op) {
    case OP_aconst_null:
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
    case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
    case OP_bipush: case OP_sipush: case OP_ldc: case OP_lconst_0: case OP_lconst_1:
    case OP_iload: case OP_lload: case OP_fload: case OP_dload: case OP_aload:
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
    case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
    case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
    case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
    case OP_istore: case OP_astore:
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
    case OP_iinc: case OP_dup:
    case OP_iadd: case OP_isub: case OP_imul: case OP_iand: case OP_ior: case OP_ixor:
    case OP_ladd: case OP_lsub: case OP_lmul: case OP_land: case OP_lor: case OP_lxor:
    case OP_ineg: case OP_lneg:
    case OP_ishl: case OP_ishr: case OP_iushr: case OP_lshl: case OP_lshr: case OP_lushr:
    case OP_i2l: case OP_l2i: case OP_i2b: case OP_i2c: case OP_i2s:
    case OP_arraylength:
    case OP_iaload: case OP_baload: case OP_caload: case OP_saload: case OP_aaload:
    case OP_aastore:
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple:
    case OP_if_acmpeq: case OP_if_acmpne: case OP_ifnull: case OP_ifnonnull:
    case OP_goto:
    case OP_getfield: case OP_putfield:
    case OP_ireturn: case OP_lreturn: case OP_freturn: case OP_dreturn: case OP_areturn:
    case OP_return:
        return true;
    default:
        return false;
    }
}

/* T (with code) is never inlined, whatever the call site (above) */
static bool inl_never(jmethod *T) {
    if (!T->jit_inl) {
        const uint8_t *code = T->code->code;
        uint32_t len = T->code->code_len;
        bool never = false;
        for (uint32_t pc = 0; pc < len && !never; ) {
            uint8_t op = code[pc];
            uint32_t ilen = interp_op_len[op];
            never = ilen == 0 || pc + ilen > len || !(walk_op(op) || bail_op(op)) ||
                    ((interp_op_flags[op] & OPF_BRANCH) && jc_s2(code + pc + 1) <= 0);
            pc += ilen;
        }
        T->jit_inl = (uint8_t)(INL_VERDICT_MADE | (never ? INL_VERDICT_NEVER : 0u));
    }
    return (T->jit_inl & INL_VERDICT_NEVER) != 0;
}

bool jc_can_inline(jc *c, jmethod *T) {
    if (!T->code || (T->access & (ACC_NATIVE | ACC_ABSTRACT | ACC_SYNCHRONIZED)) ||
        T->code->code_len > INL_MAX_CODE || T->code->n_exceptions || !T->owner->cf || inl_never(T))
        return false;
    return walk(NULL, c, T, 0, false, 0, NULL, INL_MAX_DEPTH, inl_regs, false, NULL, NULL);
}

void jc_gen_inline(x86_buf *b, jc *c, uint32_t pc, jmethod *T, int32_t a, const jclass *guard,
                   uint32_t l_fallback) {
    int32_t d = c->depth[pc];
    if (!(T->access & ACC_STATIC)) {
        x86_ld64(b, X86_RAX, STK(c, a));
        x86_test_rr64(b, X86_RAX, X86_RAX);
        x86_jcc(b, X86_CC_E, l_fallback);
        if (guard) {
            x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)guard);
            x86_alu_rm64(b, X86_CMP, X86_RCX, x86_m(X86_RAX, (int32_t)offsetof(jobject, cls)));
            x86_jcc(b, X86_CC_NE, l_fallback);
        }
    }
    /* the invoke's tick: taken in the body (walk) when nothing can send it
     * to the fallback any more; here only its slow path is checked:
     * budget_left - 1 < 0 -> the normal call, which ticks itself.
     *     cmp qword [vm+budget], 1; jl l_fallback */
#ifndef VIFVM_NO_BUDGET_TICKS
    jc_budget_op(b, c, X86_CMP, 1);                  /* cmp qword [vm+budget] (or r14), 1 */
    x86_jcc(b, X86_CC_L, l_fallback);
#endif
    (void)pc; (void)d;
    walk(b, c, T, a, true, l_fallback, NULL, INL_MAX_DEPTH, inl_regs, false, NULL, NULL);
}

/* ---- inlining through the virtual stack (from jc_gen_fast) -------------
 * The same callees, at an invoke whose target is statically bound, with
 * the arguments read where the caller's virtual stack has them (constants
 * become immediates, cached locals are read from their registers) and the
 * result left in rax on the virtual stack.  The operands below the
 * arguments are flushed first; argument values in scratch registers are
 * stored to their operand slots (the body uses rax rcx rdx rsi rdi only,
 * so cached locals stay valid).  Every way out of the body before its
 * first side effect (receiver null, array null or out of bounds, budget
 * about to run out) goes to an ST_INLCALL stub: it stores the arguments,
 * makes the normal call (which raises the exception in the callee, or
 * ticks and aborts), reloads the cached locals and the result into rax,
 * and comes back. */
#define INL_FAST_DEPTH 9   /* rax rcx rdx rsi rdi, r8-r11 when no cached local uses them */

static char arg_kind(char t) {
    switch (t) {
    case 'I': case 'Z': case 'B': case 'C': case 'S': return 'I';
    case 'L': case '[': return 'A';
    default: return 0;
    }
}

/* VINLINE: an invokevirtual not statically bound, of a method its own
 * class's vtable selects (the method a receiver of exactly that class
 * runs): inlined behind `receiver->cls == T->owner` (gen_inline_fast);
 * any other receiver class takes the ordinary call */
typedef struct cha_scan { const jmethod *m; bool over; } cha_scan;

static void cha_each(vm *v, jclass *k, void *ctx) {
    cha_scan *sc = ctx;
    (void)v;
    const jmethod *m = sc->m;
    uint32_t i = (uint32_t)m->vtable_index;
    if (sc->over || k == m->owner || k->kind != KIND_INSTANCE || k->state < CLS_LINKED ||
        k->state == CLS_ERROR || !k->vtable || i >= k->vtable_len || k->vtable[i] == m)
        return;
    for (const jclass *s = k->super; s; s = s->super)
        if (s == m->owner) { sc->over = true; return; }
}

static jmethod *mono_target(jc *c, uint32_t pc) {
    jmethod *m = c->res[pc];
    const jclass *o = m->owner;
    if (!jc_opt(c, JIT_OPT_VINLINE) || c->kind[pc] != JIT_INV_VIRTUAL || o->kind != KIND_INSTANCE ||
        (o->access & ACC_INTERFACE) || (m->access & (ACC_STATIC | ACC_ABSTRACT)) || !m->code ||
        m->vtable_index < 0 || (uint32_t)m->vtable_index >= o->vtable_len || o->vtable[m->vtable_index] != m)
        return NULL;
    /* a loaded subclass overrides it: the guard would mostly fail (the
     * classes loaded now; one loaded later fails the guard: the call) */
    cha_scan sc = { m, false };
    rt_table_each(c->vm, cha_each, &sc);
    return sc.over ? NULL : m;
}

/* The inlining candidate at invoke pc: T, its argument kinds tys[0 ..
 * *na) and result kind *ret ('I', 'A' or 'V'); NULL if it is none. */
static __attribute__((noinline)) jmethod *find_target(jc *c, uint32_t pc, char *tys, uint32_t *na,
                                                       char *ret) {
    uint8_t op = c->code[pc];
    if (op != OP_invokestatic && op != OP_invokespecial && op != OP_invokevirtual) return NULL;
    if (!c->res[pc]) return NULL;
    jmethod *T = jc_static_target(c, pc);
    if (!T && op == OP_invokevirtual) T = mono_target(c, pc);     /* VINLINE: behind a class guard */
    if (!T || !T->code || (T->access & (ACC_NATIVE | ACC_ABSTRACT | ACC_SYNCHRONIZED)) ||
        T->code->code_len > INL_MAX_CODE_FAST || T->code->n_exceptions || !T->owner->cf)
        return NULL;
    if (T->code->code_len == 1) return NULL;      /* empty: NULLIFY's (jc_gen_invoke) */
    if (inl_never(T)) return NULL;
    *ret = T->ret == 'V' ? 'V' : arg_kind(T->ret);
    if (!*ret) return NULL;
    /* argument kinds: int-like and references only (one slot each) */
    uint32_t n = 0;
    if (!(T->access & ACC_STATIC)) tys[n++] = 'A';
    for (const char *d = T->desc + 1; *d && *d != ')'; d++) {
        char k = arg_kind(*d);
        if (!k || n >= JC_VS_MAX - 1) return NULL;
        tys[n++] = k;
        if (*d == '[') while (*d == '[') d++;
        if (*d == 'L') while (*d && *d != ';') d++;
    }
    if (n != T->arg_slots || c->depth[pc] < (int32_t)n) return NULL;
    *na = n;
    return T;
}

/* find_target, its "none" remembered in the pc's flags (the analysis,
 * jc_inline_array_args and the code generation ask at the same pc; the
 * answer depends only on the compile's tables, fixed by then) */
static bool no_target(const jc *c, uint32_t pc) {
    return c->pcflags && (c->pcflags[pc] & JC_PC_NO_INL);
}
static jmethod *fast_target(jc *c, uint32_t pc, char *tys, uint32_t *na, char *ret) {
    if (no_target(c, pc)) return NULL;
    jmethod *T = find_target(c, pc, tys, na, ret);
    if (!T && c->pcflags) c->pcflags[pc] |= JC_PC_NO_INL;
    return T;
}

uint32_t jc_inline_array_args(jc *c, uint32_t pc, uint32_t *na_out) {
    char tys[JC_VS_MAX + 1], ret;
    uint32_t na;
    jmethod *T = fast_target(c, pc, tys, &na, &ret);
    if (!T || !jc_inlines_at(c, pc)) return 0;
    uint32_t mask = 0, k = (T->access & ACC_STATIC) ? 0 : 1;
    for (const char *d = T->desc + 1; *d && *d != ')' && k < 32; d++, k++) {
        if (*d == '[') mask |= 1u << k;
        if (*d == '[') while (*d == '[') d++;
        if (*d == 'L') while (*d && *d != ';') d++;
    }
    *na_out = na;
    return mask;
}

/* the walk of jc_inlines_at (arguments in their slots, five registers) */
static bool inlines_at(jc *c, uint32_t pc) {
    char tys[JC_VS_MAX + 1], ret;
    uint32_t na;
    jmethod *T = fast_target(c, pc, tys, &na, &ret);
    if (!T) return false;
    jc_vent args[JC_VS_MAX];
    for (uint32_t i = 0; i < na; i++) args[i] = (jc_vent){ JC_VS_STK, tys[i], X86_NOREG, 0, 0 };
    return walk(NULL, c, T, 0, false, 0, args, 5, inl_regs, true, NULL, NULL);
}

/* (the answer kept in the pc's flags: the analysis asks once, and again
 * through jc_inline_array_args where it is yes) */
bool jc_inlines_at(jc *c, uint32_t pc) {
    if (!jc_opt(c, JIT_OPT_INLINING)) return false;
    if (!c->pcflags) return inlines_at(c, pc);
    if (!(c->pcflags[pc] & JC_PC_INL_SEEN))
        c->pcflags[pc] |= (uint8_t)(JC_PC_INL_SEEN | (inlines_at(c, pc) ? JC_PC_INL_YES : 0u));
    return (c->pcflags[pc] & JC_PC_INL_YES) != 0;
}

/* argument k (an entry of the caller's virtual stack) in a register:
 * its own, or loaded into t */
static int arg_reg(x86_buf *b, jc *c, int32_t a, const jc_vent *args, uint32_t k, int t, bool ref) {
    const jc_vent *e = &args[k];
    if (e->kind == JC_VS_REG) return e->reg;
    if (e->kind == JC_VS_LOCAL && c->lreg[e->local] >= 0) return c->lreg[e->local];
    if (e->kind == JC_VS_CONST) { x86_mov_imm(b, t, e->imm); return t; }
    x86_mem m = e->kind == JC_VS_LOCAL ? LOC(c, e->local) : STK(c, a + (int32_t)k);
    if (ref) x86_ld64(b, t, m); else x86_ld32(b, t, m);
    return t;
}

/* the up-front check of an inl_range (scratch: regs[0..2])
 *     (test arr, arr; jz call)                  unless a cached length
 *     lea t32, [x + kmin]; cmp t, len; jae call
 *     lea t32, [x + kmax]; cmp t, len; jae call
 * With a cached length (ACACHE) and kmin = 0 < kmax, one 64-bit compare:
 *     lea t, [x + kmax]; cmp t, len; jae call
 * (mov t32, x32 first when x is a constant: arg_reg sign-extends those)
 * (x zero-extended: a negative x is >= 2^31 > len, and x + kmax cannot
 * wrap in 64 bits, so t < len iff 0 <= x and x + kmax < len). */
static void hoisted_check(x86_buf *b, jc *c, int32_t a, const jc_vent *args, const inl_range *r,
                          const int *regs, uint32_t l_call) {
    const jc_vent *ea = &args[r->arr - 1];
    int lenr = ea->kind == JC_VS_LOCAL && c->lreg[ea->local] >= 0 ? c->lenreg[ea->local] : -1;
    int ra = X86_NOREG;
    if (lenr < 0) {
        ra = arg_reg(b, c, a, args, (uint32_t)(r->arr - 1), regs[0], true);
        x86_test_rr64(b, ra, ra);
        x86_jcc(b, X86_CC_E, l_call);
    }
    int rx = arg_reg(b, c, a, args, (uint32_t)(r->idx - 1), regs[1], false);
    if (lenr >= 0 && r->kmin == 0 && r->kmax > 0) {
        int t = regs[2];
        if (args[r->idx - 1].kind == JC_VS_CONST) {          /* (arg_reg sign-extends constants) */
            x86_mov_rr32(b, t, rx);                          /* mov t32, x32 (zero-extends) */
            x86_lea(b, t, x86_m(t, r->kmax));                /* lea t, [t + kmax] */
        } else {
            /* an int in a register is zero-extended (jit_codegen.h; the
             * element access after the check indexes with all 64 bits too) */
            x86_lea(b, t, x86_m(rx, r->kmax));               /* lea t, [x + kmax] */
        }
        x86_alu_rr64(b, X86_CMP, t, lenr);                   /* cmp t, len */
        x86_jcc(b, X86_CC_AE, l_call);                       /* jae call */
        return;
    }
    int32_t ks[2] = { r->kmin, r->kmax };
    for (int i = 0; i < (r->kmin == r->kmax ? 1 : 2); i++) {
        int t = rx;
        if (ks[i]) { t = regs[2]; x86_lea32(b, t, x86_m(rx, ks[i])); }
        if (lenr >= 0) x86_alu_rr32(b, X86_CMP, t, lenr);
        else x86_alu_rm32(b, X86_CMP, t, x86_m(ra, 12));
        x86_jcc(b, X86_CC_AE, l_call);
    }
}

static bool gen_inline_fast(x86_buf *b, jc *c, uint32_t pc);

/* VINLINE's guard: the receiver's class (in r, non-null) selects T, as
 * the dispatch would (the receiver is verified to be a T->owner, so its
 * vtable has T's index), else l_call.  t: scratch, r may be t.
 *     mov t, [r + cls]; mov t, [t + vtable]; mov t, [t + 8 * index]
 *     cmp t, T  (movabs t2, T; cmp t, t2); jne call */
static void class_guard(x86_buf *b, int r, const jmethod *T, int t, int t2, uint32_t l_call) {
    x86_ld64(b, t, x86_m(r, (int32_t)offsetof(jobject, cls)));
    x86_ld64(b, t, x86_m(t, (int32_t)offsetof(jclass, vtable)));
    x86_ld64(b, t, x86_m(t, 8 * T->vtable_index));
    x86_movabs(b, t2, (uint64_t)(uintptr_t)T);
    x86_alu_rr64(b, X86_CMP, t, t2);
    x86_jcc(b, X86_CC_NE, l_call);
}

/* (the pcs with no candidate turned away before gen_inline_fast's frame) */
bool jc_gen_inline_fast(x86_buf *b, jc *c, uint32_t pc) {
    return !no_target(c, pc) && gen_inline_fast(b, c, pc);
}

static __attribute__((noinline)) bool gen_inline_fast(x86_buf *b, jc *c, uint32_t pc) {
    uint8_t op = c->code[pc];
    char tys[JC_VS_MAX + 1], ret;
    uint32_t na;
    jmethod *T = fast_target(c, pc, tys, &na, &ret);
    if (!T) return false;
    bool inst = !(T->access & ACC_STATIC);
    int32_t depth = c->depth[pc];
    int32_t a = depth - (int32_t)na;
    /* the arguments: constants, locals and scratch registers stay where
     * they are (the body works in the scratch registers no argument
     * holds); the entries below in scratch registers go to their slots */
    jc_vent args[JC_VS_MAX];
    int regs[INL_FAST_DEPTH];
    int nregs = 0;
    /* (the class-initialisation check uses rax: arguments in memory then) */
    bool init = op == OP_invokestatic && rt_class_needs_init(T->owner);
    for (uint32_t i = 0; i < na; i++) {
        jc_vent e = { JC_VS_STK, tys[i], X86_NOREG, 0, 0 };
        uint32_t k = na - 1 - i;                  /* from the top */
        if (k < c->vs_n && jc_vs_top(c, k)->kind != JC_VS_STK &&
            !(init && jc_vs_top(c, k)->kind == JC_VS_REG))
            e = *jc_vs_top(c, k);
        args[i] = e;
    }
    static const int scratch[INL_FAST_DEPTH] = { X86_RAX, X86_RCX, X86_RDX, X86_RSI, X86_RDI,
                                                 X86_R8, X86_R9, X86_R10, X86_R11 };
    uint32_t taken = 0;   /* registers the arguments and the cached locals hold */
    for (uint32_t i = 0; i < na; i++)
        if (args[i].kind == JC_VS_REG && args[i].reg >= 0) taken |= 1u << args[i].reg;
    for (uint32_t i = 0; i < c->nl; i++) {
        if (c->lreg[i] >= 0) taken |= 1u << c->lreg[i];
        if (c->lenreg[i] >= 0) taken |= 1u << c->lenreg[i];
    }
    for (int r = 0; r < INL_FAST_DEPTH; r++)
        if (!((taken >> scratch[r]) & 1u)) regs[nregs++] = scratch[r];
    if (nregs < 2 || regs[0] >= X86_R8) return false;   /* (the result: a scratch register) */
    inl_range rng[INL_MAX_RANGES];
    int n_rng = 0;
    /* arguments in memory: each loaded once into a register of its own
     * (from the end of the pool), if the body still fits in the rest */
    jc_vent pargs[JC_VS_MAX];
    uint32_t pre = 0;                 /* bit i: argument i preloaded */
    int np = nregs;
    for (uint32_t i = 0; i < na; i++) {
        pargs[i] = args[i];
        bool mem = args[i].kind == JC_VS_STK || (args[i].kind == JC_VS_LOCAL && c->lreg[args[i].local] < 0);
        if (mem && np > 4) {
            pargs[i].kind = JC_VS_REG;
            pargs[i].reg = (int8_t)regs[--np];
            pre |= 1u << i;
        }
    }
    if (pre && walk(NULL, c, T, a, false, 0, pargs, np, regs, true, rng, &n_rng)) {
        for (uint32_t i = 0; i < na; i++) {
            if ((pre >> i) & 1u) pargs[i] = (jc_vent){ args[i].kind, args[i].ty, pargs[i].reg,
                                                     args[i].local, args[i].imm };
            jc_vent t = args[i];
            args[i] = pargs[i];
            pargs[i] = t;             /* (pargs: where the preloads come from) */
        }
        nregs = np;
    } else {
        pre = 0;
        n_rng = 0;
        if (!walk(NULL, c, T, a, false, 0, args, nregs, regs, true, rng, &n_rng)) return false;
    }
    if (nregs < 3) n_rng = 0;
    jc_vs_need(c, na, tys);
    for (uint32_t i = 0; i < c->vs_n; i++) {
        jc_vent *e = &c->vs[i];
        if (e->kind == JC_VS_REG && (i + na < c->vs_n || init)) {
            x86_st64(b, STK(c, c->vs_base + (int32_t)i), e->reg);            /* mov [slot], reg */
            e->kind = JC_VS_STK;
        }
    }
    if (op == OP_invokestatic) jc_init_check(b, c, T->owner, pc, depth);
    uint32_t s = jc_add_stub(b, c, ST_INLCALL, pc, (uint32_t)depth);
    if (b->err != VM_OK) return true;
    c->stubs[s].resume = jc_new_label(b, c);
    c->stubs[s].res_type = ret;
    c->stubs[s].res_reg = (int8_t)regs[0];
    c->stubs[s].arr_slot = (uint32_t)a;     /* the result's slot */
    uint32_t l_call = c->stubs[s].label;
    /* the invoke's tick first: every way to the stub has taken it (the
     * stub gives it back; the call ticks) */
#ifndef VIFVM_NO_BUDGET_TICKS
    jc_budget_op(b, c, X86_SUB, 1);                  /* sub qword [vm+budget] (or r14), 1 */
    x86_jcc(b, X86_CC_S, l_call);                                               /* js call */
    c->stubs[s].maybe_null = true;                                              /* (untick) */
#endif
    for (uint32_t i = 0; i < na; i++) {
        if (!((pre >> i) & 1u)) continue;
        /* mov r, [arg]: pargs[i] says where it is */
        x86_mem m = pargs[i].kind == JC_VS_LOCAL ? LOC(c, pargs[i].local) : STK(c, a + (int32_t)i);
        if (tys[i] == 'A') x86_ld64(b, args[i].reg, m);
        else x86_ld32(b, args[i].reg, m);
        args[i].kind = JC_VS_REG;
    }
    bool guard = op == OP_invokevirtual && !jc_static_target(c, pc);     /* VINLINE */
    if (inst) {
        /* the receiver: null -> the call raises the NullPointerException */
        const jc_vent *e = &args[0];
        if (e->kind == JC_VS_CONST) { x86_jmp(b, l_call); }
        else if (e->kind == JC_VS_REG || (e->kind == JC_VS_LOCAL && c->lreg[e->local] >= 0)) {
            int r = e->kind == JC_VS_REG ? e->reg : c->lreg[e->local];
            x86_test_rr64(b, r, r);                                             /* test recv, recv */
            x86_jcc(b, X86_CC_E, l_call);
            if (guard) class_guard(b, r, T, regs[0], regs[1], l_call);
        } else {
            x86_mem m = e->kind == JC_VS_LOCAL ? LOC(c, e->local) : STK(c, a);
            if (guard) {
                x86_ld64(b, regs[1], m);                                        /* mov t, [recv] */
                x86_test_rr64(b, regs[1], regs[1]);                             /* test t, t */
                x86_jcc(b, X86_CC_E, l_call);
                class_guard(b, regs[1], T, regs[1], regs[0], l_call);
            } else {
                x86_alu_mi64(b, X86_CMP, m, 0);                                 /* cmp qword [recv], 0 */
                x86_jcc(b, X86_CC_E, l_call);
            }
        }
        if (guard) c->fired |= 1u << JIT_OPT_VINLINE;
    }
    for (int i = 0; i < n_rng; i++) hoisted_check(b, c, a, args, &rng[i], regs, l_call);
    walk(b, c, T, a, true, l_call, args, nregs, regs, true, rng, &n_rng);
    x86_bind(b, c->stubs[s].resume);
    c->fired |= 1u << JIT_OPT_INLINING;
    jc_vs_pop(c, na);
    if (ret != 'V') {
        jc_vent e = { JC_VS_REG, ret, (int8_t)regs[0], 0, 0 };
        jc_vs_push(b, c, e);
    }
    return true;
}
