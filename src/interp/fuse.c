/* fuse.c - superinstructions: when a method is first prepared, common
 * instruction sequences get their FIRST opcode in qcode rewritten to a
 * fused opcode (opcodes.h, 0xf6-0xfd) that performs the whole sequence in
 * one dispatch, with its operands decoded once into aux[pc]
 * (interp_fused).
 *
 * Why this is safe:
 *   - only the first opcode byte changes; every later instruction keeps
 *     its bytes and offset, so a branch (or an exception handler) into the
 *     middle of a sequence runs the rest unfused, and the GC's stack maps
 *     and the exception tables (from the original bytecode) still apply;
 *   - a fused handler's fast path cannot throw, allocate or call: when its
 *     preconditions fail (null array, index out of bounds, field not yet
 *     quickened) it executes just the first instruction (always a plain
 *     local load) and continues unfused;
 *   - the sequences start with loads, iinc or goto, never with an
 *     instruction that quickening rewrites.
 * With bytecode counting on (--stats) the interpreter runs the original
 * first instruction instead, so counts stay exact.
 *
 * The patterns are the loop shapes javac emits (for (...; i < n; i++),
 * i < a.length, k += i, s += a[i], a[i] reads and stores), their long
 * forms (j <= n and j += k with a long j: lcmp; if<c>, ladd; lstore) and
 * this.field reads.  An array access's index or stored value may also be
 * a long local narrowed to int (lload; l2i: a[(int) j]).
 */
#include "interp_internal.h"
#include "../core/mem.h"

/* A local variable instruction at p: <op> n or <op>_<n> (the wide forms
 * are left alone), for the five kinds the patterns use; *idx the local,
 * *n its length. */
enum { LOC_ILOAD, LOC_LLOAD, LOC_ALOAD, LOC_ISTORE, LOC_LSTORE };
static const uint8_t loc_ops[][2] = {  /* <op>, <op>_0 */
    [LOC_ILOAD] = { OP_iload, OP_iload_0 },   [LOC_LLOAD] = { OP_lload, OP_lload_0 },
    [LOC_ALOAD] = { OP_aload, OP_aload_0 },   [LOC_ISTORE] = { OP_istore, OP_istore_0 },
    [LOC_LSTORE] = { OP_lstore, OP_lstore_0 },
};

static bool loc(const uint8_t *c, uint32_t len, uint32_t p, int kind, uint32_t *idx,
                uint32_t *n) {
    if (p >= len) return false;
    uint8_t op = c[p], op0 = loc_ops[kind][1];
    if (op >= op0 && op <= op0 + 3) { *idx = op - op0; *n = 1; return true; }
    if (op == loc_ops[kind][0] && p + 1 < len) { *idx = c[p + 1]; *n = 2; return true; }
    return false;
}

static bool ild(const uint8_t *c, uint32_t len, uint32_t p, uint32_t *idx, uint32_t *n) {
    return loc(c, len, p, LOC_ILOAD, idx, n);
}
static bool ald(const uint8_t *c, uint32_t len, uint32_t p, uint32_t *idx, uint32_t *n) {
    return loc(c, len, p, LOC_ALOAD, idx, n);
}
static bool lld(const uint8_t *c, uint32_t len, uint32_t p, uint32_t *idx, uint32_t *n) {
    return loc(c, len, p, LOC_LLOAD, idx, n);
}

/* An int operand of an array access (its index, or a stored value):
 * iload n, or lload n; l2i (a[(int) j] with a long j, as in Sieve's inner
 * loop).  The handlers read the slot as an int (lv[n].i): for a long
 * slot that is its low half, which is l2i, on a little-endian host. */
static bool iopnd(const uint8_t *c, uint32_t len, uint32_t p, uint32_t *idx, uint32_t *n) {
    if (ild(c, len, p, idx, n)) return true;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (lld(c, len, p, idx, n) && p + *n < len && c[p + *n] == OP_l2i) {
        (*n)++;
        return true;
    }
#endif
    return false;
}

/* the second operand of a long sequence at p: lload b (flags 0) | iload b;
 * i2l (FUSE_BINT) | lconst_<k> (FUSE_BCONST, b = k) */
static bool lopnd(const uint8_t *c, uint32_t len, uint32_t p, uint32_t *b, uint32_t *n,
                  uint8_t *flags) {
    if (lld(c, len, p, b, n)) { *flags = 0; return true; }
    if (p < len && (c[p] == OP_lconst_0 || c[p] == OP_lconst_1)) {
        *b = c[p] - OP_lconst_0;  /* try_long moves it to off2, b = 0 */
        *n = 1;
        *flags = FUSE_BCONST;
        return true;
    }
    if (ild(c, len, p, b, n) && p + *n < len && c[p + *n] == OP_i2l) {
        (*n)++;
        *flags = FUSE_BINT;
        return true;
    }
    return false;
}

/* small int constant: iconst_<k> / bipush */
static bool icst(const uint8_t *c, uint32_t len, uint32_t p, uint32_t *v, uint32_t *n) {
    if (p >= len) return false;
    uint8_t op = c[p];
    if (op >= OP_iconst_m1 && op <= OP_iconst_5) {
        *v = (uint8_t)(int8_t)((int)op - OP_iconst_0);
        *n = 1;
        return true;
    }
    if (op == OP_bipush && p + 1 < len) { *v = c[p + 1]; *n = 2; return true; }
    return false;
}

/* if_icmp<cond> / if<cond> -> mask (bit0 <, bit1 ==, bit2 >) */
static int cond_mask(uint8_t op, bool *vs_zero) {
    static const uint8_t masks[6] = { 2, 5, 1, 6, 4, 3 }; /* eq ne lt ge gt le */
    if (op >= OP_if_icmpeq && op <= OP_if_icmple) { *vs_zero = false; return masks[op - OP_if_icmpeq]; }
    if (op >= OP_ifeq && op <= OP_ifle) { *vs_zero = true; return masks[op - OP_ifeq]; }
    return -1;
}

static int32_t s2(const uint8_t *p) { return (int16_t)(uint16_t)((p[0] << 8) | p[1]); }

/* the branch at p (offset L from the sequence start pc) */
static bool set_branch(const uint8_t *c, uint32_t len, uint32_t L, uint32_t p,
                       interp_fused *f) {
    if (p + 3 > len) return false;
    int32_t off = (int32_t)L + s2(c + p + 1);
    if (off < INT16_MIN || off > INT16_MAX) return false;
    f->off = (int16_t)off;
    f->len = (uint8_t)(L + 3);
    return true;
}

/* iload a; iload b; if_icmp<c>  |  iload a; const; if_icmp<c>  |  iload a; if<c> */
static int try_ifcmp(const uint8_t *c, uint32_t len, uint32_t pc, interp_fused *f) {
    uint32_t a, n1, b, n2;
    bool z;
    int mask;
    if (!ild(c, len, pc, &a, &n1)) return -1;
    uint32_t p = pc + n1;
    f->a = (uint8_t)a;
    if (p < len && (mask = cond_mask(c[p], &z)) >= 0 && z) {
        f->b = 0;
        f->kind = (uint8_t)mask;
        return set_branch(c, len, n1, p, f) ? OP_f_ilc_ifcmp : -1;
    }
    int op;
    if (ild(c, len, p, &b, &n2)) op = OP_f_ill_ifcmp;
    else if (icst(c, len, p, &b, &n2)) op = OP_f_ilc_ifcmp;
    else return -1;
    p += n2;
    if (p >= len || (mask = cond_mask(c[p], &z)) < 0 || z) return -1;
    f->b = (uint8_t)b;
    f->kind = (uint8_t)mask;
    return set_branch(c, len, n1 + n2, p, f) ? op : -1;
}

/* iload a; aload b; arraylength; if_icmp<c>  (i < a.length) */
static int try_len_ifcmp(const uint8_t *c, uint32_t len, uint32_t pc, interp_fused *f) {
    uint32_t a, n1, b, n2;
    bool z;
    int mask;
    if (!ild(c, len, pc, &a, &n1)) return -1;
    if (!ald(c, len, pc + n1, &b, &n2)) return -1;
    uint32_t p = pc + n1 + n2;
    if (p + 1 >= len || c[p] != OP_arraylength) return -1;
    p++;
    if ((mask = cond_mask(c[p], &z)) < 0 || z) return -1;
    f->a = (uint8_t)a;
    f->b = (uint8_t)b;
    f->kind = (uint8_t)mask;
    return set_branch(c, len, n1 + n2 + 1, p, f) ? OP_f_il_al_len_ifcmp : -1;
}

/* iload a; (iload b | const); <int op>; istore c */
static int try_arith(const uint8_t *c, uint32_t len, uint32_t pc, interp_fused *f) {
    uint32_t a, n1, b, n2, d, n3;
    bool bconst = false;
    if (!ild(c, len, pc, &a, &n1)) return -1;
    uint32_t p = pc + n1;
    if (!ild(c, len, p, &b, &n2)) {
        if (!icst(c, len, p, &b, &n2)) return -1;
        bconst = true;
    }
    p += n2;
    if (p >= len) return -1;
    uint8_t aop = c[p];
    int kind = -1;
    switch (aop) {  /* f_ill_binop kinds; division (it throws) is left alone */
    case OP_imul: kind = 0; break;
    case OP_iand: kind = 1; break;
    case OP_ior: kind = 2; break;
    case OP_ixor: kind = 3; break;
    case OP_ishl: kind = 4; break;
    case OP_ishr: kind = 5; break;
    case OP_iushr: kind = 6; break;
    default: break;
    }
    if (aop != OP_iadd && aop != OP_isub && kind < 0) return -1;
    bool sub = aop == OP_isub;
    p++;
    if (!loc(c, len, p, LOC_ISTORE, &d, &n3)) return -1;
    f->a = (uint8_t)a;
    f->b = (uint8_t)b;
    f->c = (uint8_t)d;
    f->len = (uint8_t)(n1 + n2 + 1 + n3);
    if (kind >= 0) {
        f->kind = (uint8_t)kind;
        f->flags = bconst ? FUSE_BCONST : 0;
        return OP_f_ill_binop;
    }
    if (bconst) {
        int32_t k = (int8_t)(uint8_t)b;
        f->off = (int16_t)(sub ? -k : k);
        return OP_f_ilc_add;
    }
    return sub ? OP_f_ill_sub : OP_f_ill_add;
}

/* long loops (for (long j = ...; j <= n; j += k)):
 *   lload a; B; lcmp; if<c>           -> f_ll_ifcmp
 *   lload a; B; ladd|lsub; lstore c   -> f_ll_arith (kind 0 add, 1 sub)
 * B: lload b | iload b; i2l | lconst_<k> (lopnd) */
static int try_long(const uint8_t *c, uint32_t len, uint32_t pc, interp_fused *f) {
    uint32_t a, n1, b, n2, d, n3;
    uint8_t flags;
    bool z;
    int mask;
    if (!lld(c, len, pc, &a, &n1)) return -1;
    if (!lopnd(c, len, pc + n1, &b, &n2, &flags)) return -1;
    uint32_t p = pc + n1 + n2;
    if (p + 1 >= len) return -1;
    f->a = (uint8_t)a;
    f->b = (uint8_t)b;
    f->flags = flags;
    /* the handlers read slot b regardless (interp.c: fused_long_b) */
    f->bsh = (flags & FUSE_BINT) ? 32 : 0;
    f->bkeep = (flags & FUSE_BCONST) ? 0 : 0xff;
    if (flags & FUSE_BCONST) {
        f->off2 = (int16_t)b;
        f->b = 0;
    }
    if (c[p] == OP_lcmp) {
        if ((mask = cond_mask(c[p + 1], &z)) < 0 || !z) return -1;
        f->kind = (uint8_t)mask;
        return set_branch(c, len, n1 + n2 + 1, p + 1, f) ? OP_f_ll_ifcmp : -1;
    }
    if (c[p] != OP_ladd && c[p] != OP_lsub) return -1;
    if (!loc(c, len, p + 1, LOC_LSTORE, &d, &n3)) return -1;
    f->kind = c[p] == OP_lsub;
    f->c = (uint8_t)d;
    f->len = (uint8_t)(n1 + n2 + 1 + n3);
    return OP_f_ll_arith;
}

static int array_kind(uint8_t op) {
    switch (op) {
    case OP_iaload: case OP_faload: case OP_iastore: return 0;
    case OP_baload: case OP_bastore: return 1;
    case OP_caload: case OP_castore: return 2;
    case OP_saload: case OP_sastore: return 3;
    case OP_aaload: return 4;
    default: return -1;
    }
}

/* aload a; I b; xaload  (I: iopnd) */
static int try_xaload(const uint8_t *c, uint32_t len, uint32_t pc, interp_fused *f) {
    uint32_t a, n1, b, n2;
    if (!ald(c, len, pc, &a, &n1)) return -1;
    if (!iopnd(c, len, pc + n1, &b, &n2)) return -1;
    uint32_t p = pc + n1 + n2;
    if (p >= len) return -1;
    uint8_t op = c[p];
    int kind = array_kind(op);
    if (kind < 0 || op == OP_iastore || op == OP_bastore || op == OP_castore || op == OP_sastore)
        return -1;
    f->a = (uint8_t)a;
    f->b = (uint8_t)b;
    f->kind = (uint8_t)kind;
    f->len = (uint8_t)(n1 + n2 + 1);
    return OP_f_al_il_xaload;
}

/* iload s; aload a; I i; [ibcs]aload; iadd; istore s   (s += a[i]; I: iopnd) */
static int try_accum(const uint8_t *c, uint32_t len, uint32_t pc, interp_fused *f) {
    uint32_t s, n1, s2i, n5;
    interp_fused x;
    if (!ild(c, len, pc, &s, &n1)) return -1;
    if (try_xaload(c, len, pc + n1, &x) < 0 || x.kind == 4) return -1;
    uint32_t p = pc + n1 + x.len;
    if (p >= len || c[p] != OP_iadd) return -1;
    if (!loc(c, len, p + 1, LOC_ISTORE, &s2i, &n5) || s2i != s) return -1;
    f->a = x.a;
    f->b = x.b;
    f->c = (uint8_t)s;
    f->kind = x.kind;
    f->len = (uint8_t)(n1 + x.len + 1 + n5);
    return OP_f_accum_xaload;
}

/* aload a; I b; (I v | const); [ibcs]astore  (I: iopnd) */
static int try_xastore(const uint8_t *c, uint32_t len, uint32_t pc, interp_fused *f) {
    uint32_t a, n1, b, n2, v, n3;
    uint8_t flags = 0;
    if (!ald(c, len, pc, &a, &n1)) return -1;
    if (!iopnd(c, len, pc + n1, &b, &n2)) return -1;
    uint32_t p = pc + n1 + n2;
    if (!iopnd(c, len, p, &v, &n3)) {
        if (!icst(c, len, p, &v, &n3)) return -1;
        flags |= FUSE_CCONST;
    }
    p += n3;
    if (p >= len) return -1;
    uint8_t op = c[p];
    if (op != OP_iastore && op != OP_bastore && op != OP_castore && op != OP_sastore) return -1;
    f->a = (uint8_t)a;
    f->b = (uint8_t)b;
    f->c = (uint8_t)v;
    f->flags = flags;
    f->kind = (uint8_t)array_kind(op);
    f->len = (uint8_t)(n1 + n2 + n3 + 1);
    return OP_f_al_il_v_xastore;
}

void interp_fuse(vm *vm, jmethod *m) {
    const uint8_t *orig = m->code->code;
    uint8_t *q = m->qcode;
    uint32_t len = m->code->code_len;
    interp_mdata *md = interp_md(m);
    size_t bytes;
    if (len == 0 || !vm_size_mul(len, sizeof(interp_fused), &bytes)) return;
    interp_fused *aux = NULL;

    /* pass 1: sequences starting with loads */
    for (uint32_t pc = 0; pc < len;) {
        uint32_t n = cf_insn_length(orig, len, pc);
        if (n == 0) break;
        interp_fused f = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        int op;
        uint32_t al, aln;
        if ((op = try_ifcmp(orig, len, pc, &f)) < 0 &&
            (op = try_len_ifcmp(orig, len, pc, &f)) < 0 &&
            (op = try_accum(orig, len, pc, &f)) < 0 &&
            (op = try_arith(orig, len, pc, &f)) < 0 &&
            (op = try_xaload(orig, len, pc, &f)) < 0 &&
            (op = try_xastore(orig, len, pc, &f)) < 0 &&
            (op = try_long(orig, len, pc, &f)) < 0 &&
            ald(orig, len, pc, &al, &aln) && pc + aln + 3 <= len &&
            orig[pc + aln] == OP_getfield) {
            if (orig[pc] == OP_aload_0) {
                q[pc] = OP_f_aload0_getfield;  /* no aux word */
            } else {
                f.a = (uint8_t)al;
                f.len = (uint8_t)aln;
                op = OP_f_al_getfield;
            }
        }
        if (op >= 0) {
            if (!aux) {
                aux = vm_zalloc(vm->plat, bytes);
                if (!aux) return;
                md->aux = aux;
            }
            aux[pc] = f;
            q[pc] = (uint8_t)op;
        }
        pc += n;
    }
    /* pass 2: goto / iinc+goto (their handlers jump straight into a fused
     * compare at the target) */
    for (uint32_t pc = 0; pc < len;) {
        uint32_t n = cf_insn_length(orig, len, pc);
        if (n == 0) break;
        bool iinc = orig[pc] == OP_iinc && pc + 6 <= len && orig[pc + 3] == OP_goto;
        if (iinc || (orig[pc] == OP_goto && pc + 3 <= len)) {
            uint32_t g = iinc ? pc + 3 : pc;               /* the goto */
            int64_t t = (int64_t)g + s2(orig + g + 1);     /* its target */
            bool in = t >= 0 && t < len;
            q[pc] = iinc ? OP_f_iinc_goto : q[pc];
            if (in && !iinc && (q[t] == OP_f_il_al_len_ifcmp || q[t] == OP_f_ll_ifcmp))
                q[pc] = OP_f_goto;
            if (in && aux && (q[t] == OP_f_ill_ifcmp || q[t] == OP_f_ilc_ifcmp)) {
                /* [iinc;] goto T; T: compare -> one record at pc: the
                 * compare's operands, the iinc in c/len, both targets
                 * relative to pc */
                const interp_fused *cf = &aux[t];
                int64_t fall = t + cf->len - (int64_t)pc;
                int64_t taken = t + cf->off - (int64_t)pc;
                if (fall >= INT16_MIN && fall <= INT16_MAX &&
                    taken >= INT16_MIN && taken <= INT16_MAX) {
                    interp_fused f = *cf;
                    f.c = iinc ? orig[pc + 1] : 0;
                    f.len = iinc ? orig[pc + 2] : 0;  /* the increment, as int8 */
                    f.flags = q[t] == OP_f_ilc_ifcmp ? FUSE_BCONST : 0;
                    if (t <= (int64_t)g) f.flags |= FUSE_GOTO_BACK;
                    if (cf->off <= 0) f.flags |= FUSE_CMP_BACK;
                    f.off = (int16_t)fall;
                    f.off2 = (int16_t)taken;
                    aux[pc] = f;
                    q[pc] = iinc ? OP_f_iinc_ifcmp : OP_f_goto_ifcmp;
                }
            }
        }
        pc += n;
    }
}
