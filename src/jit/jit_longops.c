/* jit_longops.c - LONGOPS: long (64-bit) arithmetic, conversions, constants
 * and locals through the virtual stack (jit_vstack.c) instead of the
 * templates' memory round trips, e.g. PacketClassify's
 * `acc = acc * 31 + (classify(..) + 1)`:
 *
 *     lload acc; ldc2_w 31; lmul      ->  mov rax, [acc]; imul rax, rax, 31
 *     ...; iconst_1; iadd; i2l        ->  add edx, 1; movsxd rdx, edx
 *     ladd; lstore acc                ->  add rdx, [slot]; mov [acc], rdx
 *
 * A long takes two operand slots: its value is the 8 bytes of the lower
 * one (as the templates and the interpreter keep it), so on the virtual
 * stack it is an entry of type 'J' (a constant sign-extended from 32 bits,
 * an uncached local, a scratch register holding all 64 bits, or its memory
 * slot) under a JC_VS_HI entry that stands for the upper slot and is never
 * stored.  Long locals are never cached in registers (the analysis,
 * jit_loops.c, gives no register to a local used as a long or as its upper
 * half), so lload pushes the frame slot and lstore writes it.  Longs are no
 * references: the GC's stack maps type both slots as long, and a long in a
 * scratch register when a stub is taken is stored to its slot by the stub
 * (jc_vs_store_entries) like an int.
 *
 * Covered: lconst_0/1, ldc2_w (long, fitting 32 bits sign-extended; others
 * through a register), lload/lstore (also wide), ladd lsub land lor lxor
 * lmul lneg, lshl/lshr/lushr by a constant count (masked with 63, as
 * Java), i2l, l2i, lcmp followed by an if<cond> (one compare and branch),
 * getstatic/putstatic of a long (with COMBINELD), lreturn of a long on
 * the virtual stack (jit_compile.c gen_return_top); LMEM adds long
 * instance fields (here) and long[] elements (jit_fastops.c), LDIVC ldiv
 * and lrem by a constant (here), LVAR ldiv and lrem by a variable, lcmp
 * as a value and shifts by a variable count (here).
 */
#include "jit_codegen.h"
#include "jit_stats.h"
#include "../interp/opcodes.h"
#include "../runtime/classes.h"
#include "../core/mem.h"

static void push_long(x86_buf *b, jc *c, uint8_t kind, int reg, uint32_t local, int32_t imm) {
    jc_vent e = { kind, 'J', (int8_t)reg, (uint16_t)local, imm };
    jc_vent hi = { JC_VS_HI, 'j', X86_NOREG, 0, 0 };
    jc_vs_push(b, c, e);
    jc_vs_push(b, c, hi);
}

/* a 64-bit constant: an entry if it fits 32 bits sign-extended, else in a
 * scratch register:  movabs t, imm */
static void push_long_const(x86_buf *b, jc *c, int64_t v) {
    if (v >= INT32_MIN && v <= INT32_MAX) {
        push_long(b, c, JC_VS_CONST, X86_NOREG, 0, (int32_t)v);
        return;
    }
    jc_vs_reserve(b, c, 0, 1);
    int t = jc_vs_temp(c);
    if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return; }
    x86_mov_imm(b, t, v);                                                      /* movabs t, imm */
    push_long(b, c, JC_VS_REG, t, 0, 0);
}

/* the memory operand of long entry k (from the top) when it is in memory
 * (its slot or an uncached local); false if it is not */
static bool long_mem(jc *c, uint32_t k, x86_mem *m) {
    jc_vent *e = jc_vs_top(c, k);
    if (e->kind == JC_VS_STK) { *m = STK(c, c->vs_base + (int32_t)(c->vs_n - 1 - k)); return true; }
    if (e->kind == JC_VS_LOCAL && c->lreg[e->local] < 0) { *m = LOC(c, e->local); return true; }
    return false;
}

/* op r, entry k (64-bit): imm (sign-extended) / qword [m] / reg forms */
static void alu64_entry(x86_buf *b, jc *c, enum x86_alu op, int r, uint32_t k) {
    jc_vent *e = jc_vs_top(c, k);
    x86_mem m;
    if (e->kind == JC_VS_CONST) x86_alu_ri64(b, op, r, e->imm);               /* op r, imm */
    else if (long_mem(c, k, &m)) x86_alu_rm64(b, op, r, m);                   /* op r, qword [m] */
    else x86_alu_rr64(b, op, r, jc_vs_reg(b, c, k));                          /* op r, reg */
}

static int64_t fold(uint8_t op, int64_t x, int64_t y) {
    uint64_t a = (uint64_t)x, v = (uint64_t)y;
    switch (op) {
    case OP_ladd: return (int64_t)(a + v);
    case OP_lsub: return (int64_t)(a - v);
    case OP_lmul: return (int64_t)(a * v);
    case OP_land: return (int64_t)(a & v);
    case OP_lor: return (int64_t)(a | v);
    default: return (int64_t)(a ^ v);
    }
}

/* the n operand slots of types ty on the virtual stack, with room for
 * extra registers: jc_vs_reserve may flush entries to memory, after which
 * their types are looked up again */
static void operands(x86_buf *b, jc *c, uint32_t n, const char *ty, uint32_t extra) {
    jc_vs_need(c, n, ty);
    jc_vs_reserve(b, c, n, extra);
    if (c->vs_n < n) jc_vs_need(c, n, ty);
}

/* ladd lsub lmul land lor lxor: a (top 3, 2) op v (top 1, 0) */
static bool gen_lalu(x86_buf *b, jc *c, uint8_t op) {
    operands(b, c, 4, "JjJj", 1);
    jc_vent *a = jc_vs_top(c, 3), *v = jc_vs_top(c, 1);
    if (a->kind == JC_VS_CONST && v->kind == JC_VS_CONST) {
        int64_t r = fold(op, a->imm, v->imm);
        jc_vs_pop(c, 4);
        push_long_const(b, c, r);
        return true;
    }
    bool comm = op != OP_lsub;
    int r;
    if (comm && v->kind == JC_VS_REG && a->kind != JC_VS_REG) {
        /* the result in v's register:  op v, a */
        r = v->reg;
        if (op == OP_lmul && a->kind == JC_VS_CONST) x86_imul_rri64(b, r, r, a->imm); /* imul r, r, imm */
        else if (op == OP_lmul) {
            x86_mem m;
            if (long_mem(c, 3, &m)) {
                int t = jc_vs_own(b, c, 3);                                    /* mov t, qword [m] */
                x86_imul_rr64(b, r, t);                                        /* imul r, t */
            } else {
                x86_imul_rr64(b, r, jc_vs_reg(b, c, 3));                       /* imul r, a */
            }
        } else {
            static const enum x86_alu alu[] = { [0] = X86_ADD, [1] = X86_AND, [2] = X86_OR, [3] = X86_XOR };
            enum x86_alu o = alu[op == OP_ladd ? 0 : op == OP_land ? 1 : op == OP_lor ? 2 : 3];
            alu64_entry(b, c, o, r, 3);                                        /* op r, a */
        }
    } else {
        r = jc_vs_own(b, c, 3);                                                /* mov r, a */
        switch (op) {
        case OP_ladd: alu64_entry(b, c, X86_ADD, r, 1); break;                /* add r, v */
        case OP_lsub: alu64_entry(b, c, X86_SUB, r, 1); break;                /* sub r, v */
        case OP_land: alu64_entry(b, c, X86_AND, r, 1); break;                /* and r, v */
        case OP_lor: alu64_entry(b, c, X86_OR, r, 1); break;                  /* or r, v */
        case OP_lxor: alu64_entry(b, c, X86_XOR, r, 1); break;                /* xor r, v */
        default:
            if (v->kind == JC_VS_CONST) x86_imul_rri64(b, r, r, v->imm);      /* imul r, r, imm */
            else x86_imul_rr64(b, r, jc_vs_reg(b, c, 1));                      /* imul r, v */
            break;
        }
    }
    jc_vs_pop(c, 4);
    push_long(b, c, JC_VS_REG, r, 0, 0);
    return true;
}

/* lshl / lshr / lushr by a constant count (Java: count & 63) */
static bool gen_lshift(x86_buf *b, jc *c, uint8_t op) {
    if (c->vs_n < 1 || jc_vs_top(c, 0)->kind != JC_VS_CONST) return false;
    int32_t n = jc_vs_top(c, 0)->imm & 63;
    jc_vs_pop(c, 1);
    operands(b, c, 2, "Jj", 1);
    jc_vent *a = jc_vs_top(c, 1);
    if (a->kind == JC_VS_CONST) {
        uint64_t x = (uint64_t)(int64_t)a->imm;
        int64_t r = op == OP_lshl ? (int64_t)(x << n)
                  : op == OP_lushr ? (int64_t)(x >> n)
                  : (int64_t)a->imm >> n;     /* (gcc/clang: arithmetic) */
        jc_vs_pop(c, 2);
        push_long_const(b, c, r);
        return true;
    }
    int r = jc_vs_own(b, c, 1);                                                /* mov r, a */
    if (n) x86_shift_ri64(b, op == OP_lshl ? X86_SHL : op == OP_lshr ? X86_SAR : X86_SHR,
                          r, (uint8_t)n);                                      /* shl/sar/shr r, n */
    return true;
}

static bool gen_lneg(x86_buf *b, jc *c) {
    operands(b, c, 2, "Jj", 1);
    jc_vent *a = jc_vs_top(c, 1);
    if (a->kind == JC_VS_CONST && a->imm != INT32_MIN) { a->imm = -a->imm; return true; }
    int r = jc_vs_own(b, c, 1);                                                /* mov r, a */
    x86_neg64(b, r);                                                           /* neg r */
    return true;
}

/* i2l: the int sign-extended into a register of its own (the one it is in
 * if it is a scratch register):  movsxd t, r32  /  movsxd t, dword [m] */
static bool gen_i2l(x86_buf *b, jc *c) {
    operands(b, c, 1, "I", 1);
    jc_vent *e = jc_vs_top(c, 0);
    if (e->kind == JC_VS_CONST) {
        int32_t v = e->imm;
        jc_vs_pop(c, 1);
        push_long(b, c, JC_VS_CONST, X86_NOREG, 0, v);
        return true;
    }
    int t;
    if (e->kind == JC_VS_REG) {
        t = e->reg;
        x86_movsxd_rr(b, t, t);                                                /* movsxd t, t32 */
    } else if (e->kind == JC_VS_STK || (e->kind == JC_VS_LOCAL && c->lreg[e->local] < 0)) {
        x86_mem m = e->kind == JC_VS_STK ? STK(c, c->vs_base + (int32_t)(c->vs_n - 1)) : LOC(c, e->local);
        t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_ld32sx(b, t, m);                                                   /* movsxd t, dword [m] */
    } else {                                                                   /* a cached local */
        int src = jc_vs_reg(b, c, 0);
        t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_movsxd_rr(b, t, src);                                              /* movsxd t, lr32 */
    }
    jc_vs_pop(c, 1);
    push_long(b, c, JC_VS_REG, t, 0, 0);
    return true;
}

/* l2i: the low 32 bits, zero-extended (the 'I' convention):  mov t32, r32
 * / mov t32, dword [m] */
static bool gen_l2i(x86_buf *b, jc *c) {
    operands(b, c, 2, "Jj", 1);
    jc_vent *e = jc_vs_top(c, 1);
    jc_vent r = { JC_VS_CONST, 'I', X86_NOREG, 0, 0 };
    x86_mem m;
    if (e->kind == JC_VS_CONST) {
        r.imm = e->imm;
    } else if (e->kind == JC_VS_REG) {
        r.kind = JC_VS_REG;
        r.reg = e->reg;
        x86_mov_rr32(b, r.reg, r.reg);                                        /* mov r32, r32 */
    } else if (long_mem(c, 1, &m)) {
        int t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_ld32(b, t, m);                                                     /* mov t32, dword [m] */
        r.kind = JC_VS_REG;
        r.reg = (int8_t)t;
    } else if (e->kind == JC_VS_LOCAL) {                                       /* LCACHE: in lr */
        int t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_mov_rr32(b, t, c->lreg[e->local]);                                 /* mov t32, lr32 */
        r.kind = JC_VS_REG;
        r.reg = (int8_t)t;
    } else {
        x86_fail(b, VM_ERR_INTERNAL);
        return true;
    }
    jc_vs_pop(c, 2);
    jc_vs_push(b, c, r);
    return true;
}

/* lload i: the frame slot, read when used (LCACHE: its register) */
static bool gen_lload(x86_buf *b, jc *c, uint32_t i) {
    if (i >= c->nl || (c->lreg && c->lreg[i] >= 0 && c->ltype[i] != 'J')) return false;
    push_long(b, c, JC_VS_LOCAL, X86_NOREG, i, 0);
    return true;
}

/* lstore i:  mov qword [local], imm  /  mov [local], r; a long local cached
 * in register lr (LCACHE) is written through, the register and the slot:
 *     mov lr, imm; mov qword [local], imm   /   mov lr, r; mov [local], lr */
static bool gen_lstore(x86_buf *b, jc *c, uint32_t i) {
    if (i >= c->nl) return false;
    int lr = c->lreg ? c->lreg[i] : -1;
    if (lr >= 0 && c->ltype[i] != 'J') return false;
    jc_vs_need(c, 2, "Jj");
    jc_vs_unalias_local(b, c, i);
    if (c->vs_n < 2) jc_vs_need(c, 2, "Jj");   /* unalias flushed */
    jc_vent *e = jc_vs_top(c, 1);
    if (lr >= 0) {
        if (e->kind == JC_VS_CONST) {
            x86_mov_imm(b, lr, e->imm);                                        /* mov lr, imm */
            x86_st64_imm(b, LOC(c, i), e->imm);                                /* mov qword [local], imm */
        } else {
            int r = jc_vs_reg(b, c, 1);
            if (r != lr) x86_mov_rr64(b, lr, r);                               /* mov lr, r */
            x86_st64(b, LOC(c, i), lr);                                        /* mov [local], lr */
        }
    } else if (e->kind == JC_VS_CONST) {
        x86_st64_imm(b, LOC(c, i), e->imm);                                    /* mov qword [local], imm */
    } else {
        x86_st64(b, LOC(c, i), jc_vs_reg(b, c, 1));                            /* mov [local], r */
    }
    jc_vs_pop(c, 2);
    return true;
}

/* getstatic / putstatic of a long: the class-initialisation check (rax:
 * the virtual stack to memory first when the class still needs it, as
 * jit_fastops.c's int statics), then
 *     movabs t, &static; mov t, [t]      /      movabs t, &static; mov [t], v */
static bool gen_lstatic(x86_buf *b, jc *c, uint32_t pc, bool put) {
    const jfield *f = c->res[pc];
    if (!f || f->type != 'J') return false;
    if (rt_class_needs_init(f->owner)) jc_vs_flush(b, c);
    if (put) {
        operands(b, c, 2, "Jj", 2);
    } else {
        jc_vs_reserve(b, c, 0, 1);
    }
    jc_init_check(b, c, f->owner, pc, c->vs_base + (int32_t)c->vs_n);
    if (put) {
        jc_vent *e = jc_vs_top(c, 1);
        int rv = e->kind == JC_VS_CONST ? X86_NOREG : jc_vs_reg(b, c, 1);
        int t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_movabs(b, t, (uint64_t)(uintptr_t)(f->owner->statics + f->offset));   /* movabs t, &static */
        if (rv == X86_NOREG) x86_st64_imm(b, x86_m(t, 0), e->imm);              /* mov qword [t], imm */
        else x86_st64(b, x86_m(t, 0), rv);                                       /* mov [t], v */
        jc_vs_pop(c, 2);
    } else {
        int t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_movabs(b, t, (uint64_t)(uintptr_t)(f->owner->statics + f->offset));   /* movabs t, &static */
        x86_ld64(b, t, x86_m(t, 0));                                             /* mov t, [t] */
        push_long(b, c, JC_VS_REG, t, 0, 0);
    }
    return true;
}

/* lcmp; if<cond> L (the if no branch target)  ->  cmp a, v; j<cond> L
 * (a signed 64-bit compare: lcmp's -1/0/1 against 0 orders as a vs v) */
static bool gen_lcmp_branch(x86_buf *b, jc *c, uint32_t pc) {
    uint32_t nx = pc + 1;
    if (nx + 2 >= c->len || (c->pcflags[nx] & JC_PC_TARGET) || c->depth[nx] < 0) return false;
    uint8_t op = c->code[nx];
    if (op < OP_ifeq || op > OP_ifle) return false;
    static const enum x86_cc cc[6] = { X86_CC_E, X86_CC_NE, X86_CC_L, X86_CC_GE, X86_CC_G, X86_CC_LE };
    uint32_t target = (uint32_t)((int32_t)nx + jc_s2(c->code + nx + 1));
    jc_vs_need(c, 4, "JjJj");
    jc_vs_flush_below(b, c, 4);            /* the rest in memory, as at the target */
    int ra = jc_vs_reg(b, c, 3);                                               /* (mov ra, a) */
    alu64_entry(b, c, X86_CMP, ra, 1);                                         /* cmp ra, v */
    jc_vs_pop(c, 4);
    jc_branch_to(b, c, (int)cc[op - OP_ifeq], nx, target);                    /* j<cond> target */
    c->skip_to = nx + 3;
    return true;
}

/* ---- LMEM: long instance fields ----------------------------------------
 * getfield / putfield of a long through the virtual stack, as
 * jit_fastops.c's int fields (the object's null check a stub that stores
 * the virtual stack as it is at the instruction):
 *     test obj, obj; jz npe; mov t, [obj + off]
 *     test obj, obj; jz npe; mov [obj + off], v   (mov qword [..], imm)
 * Only with OBJECT (the field's offset fixed at compile time); a 64-bit
 * aligned mov is single-copy atomic on x86-64, so volatile longs keep
 * their atomicity (and stores need no fence for Java's ordering on x86
 * beyond what the template does: none). */
static bool gen_lfield(x86_buf *b, jc *c, uint32_t pc, bool put) {
    const jfield *f = c->res[pc];
    if (!f || f->type != 'J' || !jc_opt(c, JIT_OPT_OBJECT) || !jc_opt(c, JIT_OPT_LMEM)
        || !jc_opt(c, JIT_OPT_COMBINELD))
        return false;
    uint32_t n = put ? 3 : 1;
    operands(b, c, n, put ? "AJj" : "A", 2);
    int32_t d = c->vs_base + (int32_t)c->vs_n;
    bool self = jc_is_this(c, jc_vs_top(c, n - 1));                           /* THISNN */
    int ro = jc_vs_reg(b, c, n - 1);
    jc_vent *v = put ? jc_vs_top(c, 1) : NULL;
    int rv = put && v->kind != JC_VS_CONST ? jc_vs_reg(b, c, 1) : X86_NOREG;
    if (!self) {
        uint32_t s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
        if (b->err != VM_OK) return true;
        x86_test_rr64(b, ro, ro);                                              /* test obj, obj */
        x86_jcc(b, X86_CC_E, c->stubs[s].label);                               /* jz npe */
    }
    x86_mem m = x86_m(ro, (int32_t)f->offset);
    if (put) {
        if (rv == X86_NOREG) x86_st64_imm(b, m, v->imm);                      /* mov qword [obj+off], imm */
        else x86_st64(b, m, rv);                                               /* mov [obj+off], v */
        jc_vs_pop(c, 3);
    } else {
        int t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_ld64(b, t, m);                                                     /* mov t, [obj+off] */
        jc_vs_pop(c, 1);
        push_long(b, c, JC_VS_REG, t, 0, 0);
    }
    c->fired |= (1u << JIT_OPT_LMEM) | (1u << JIT_OPT_OBJECT);
    return true;
}

/* registers clob are clobbered: an entry below the top w holding one moves
 * to rsi or rdi if free (mov t, r), else everything below the top w to
 * memory */
static void evict(x86_buf *b, jc *c, uint32_t w, uint32_t clob) {
    uint32_t used = 0;
    for (uint32_t i = 0; i < c->vs_n; i++)
        if (c->vs[i].kind == JC_VS_REG) used |= 1u << (c->vs[i].reg & 31);
    for (uint32_t i = 0; i + w < c->vs_n; i++) {
        jc_vent *e = &c->vs[i];
        if (e->kind != JC_VS_REG || !((clob >> e->reg) & 1u)) continue;
        int t = !((used >> X86_RSI) & 1u) ? X86_RSI : !((used >> X86_RDI) & 1u) ? X86_RDI : X86_NOREG;
        if (t == X86_NOREG) { jc_vs_flush_below(b, c, w); break; }
        x86_mov_rr64(b, t, e->reg);                                            /* mov t, r */
        used = (used & ~(1u << e->reg)) | (1u << t);
        e->reg = (int8_t)t;
    }
}

/* ---- LDIVC: division and remainder by a constant ---------------------------
 * x / d and x % d for a constant d with 2 <= |d| < 2^31 (long: an ldc2_w or
 * lconst fitting 32 bits; int: any but the powers of two, which
 * jit_fastops.c's gen_divrem_pow2 takes), without idiv (Hacker's Delight,
 * 10-1, 64 bits; an int sign-extended first, its quotient and remainder
 * fit 32 bits):
 *     mov rcx, x                   (int: movsxd rcx, x32)
 *     movabs rax, M; imul rcx      rdx = high 64 bits of x * M
 *     add rdx, rcx                 (only if M, as signed, is negative)
 *     sar rdx, s
 *     mov rax, rcx; shr rax, 63; add rdx, rax     q = trunc(x / |d|)
 *   div:  neg rdx if d < 0                        (x / -e == -(x / e))
 *   rem:  imul rax, rdx, |d|; sub rcx, rax        (x % -e == x % e)
 * No divisor is zero, and MIN_VALUE / d cannot overflow for |d| >= 2. */

/* the magic multiplier and shift for 2 <= d < 2^63 (HD, figure 10-1) */
static void divc_magic(uint64_t d, uint64_t *mul, uint8_t *shift) {
    const uint64_t two63 = (uint64_t)1 << 63;
    uint64_t anc = two63 - 1 - two63 % d;          /* |nc| */
    uint64_t q1 = two63 / anc, r1 = two63 - q1 * anc;
    uint64_t q2 = two63 / d, r2 = two63 - q2 * d, delta;
    unsigned p = 63;
    do {
        p++;
        q1 *= 2; r1 *= 2;
        if (r1 >= anc) { q1++; r1 -= anc; }
        q2 *= 2; r2 *= 2;
        if (r2 >= d) { q2++; r2 -= d; }
        delta = d - r2;
    } while (q1 < delta || (q1 == delta && r1 == 0));
    *mul = q2 + 1;
    *shift = (uint8_t)(p - 64);
}

static bool gen_divc(x86_buf *b, jc *c, uint8_t op) {
    bool lng = op == OP_ldiv || op == OP_lrem, rem = op == OP_lrem || op == OP_irem;
    uint32_t w = lng ? 2 : 1;                      /* operand slots of x and of d */
    if (!jc_opt(c, JIT_OPT_LDIVC) || c->vs_n < w) return false;
    jc_vent *dv = jc_vs_top(c, w - 1);
    if (dv->kind != JC_VS_CONST || dv->imm == INT32_MIN || (dv->imm >= -1 && dv->imm <= 1))
        return false;
    int64_t d = dv->imm;
    uint64_t ad = (uint64_t)(d < 0 ? -d : d), mul;
    uint8_t sh;
    divc_magic(ad, &mul, &sh);
    jc_vs_pop(c, w);
    operands(b, c, w, lng ? "Jj" : "I", 0);
    evict(b, c, w, (1u << X86_RAX) | (1u << X86_RCX) | (1u << X86_RDX));
    int x = jc_vs_reg(b, c, w - 1);
    if (!lng) x86_movsxd_rr(b, X86_RCX, x);                                   /* movsxd rcx, x32 */
    else if (x != X86_RCX) x86_mov_rr64(b, X86_RCX, x);                       /* mov rcx, x */
    x86_mov_imm(b, X86_RAX, (int64_t)mul);                                     /* movabs rax, M */
    x86_imul1_64(b, X86_RCX);                                                  /* imul rcx */
    if ((int64_t)mul < 0) x86_alu_rr64(b, X86_ADD, X86_RDX, X86_RCX);          /* add rdx, rcx */
    if (sh) x86_shift_ri64(b, X86_SAR, X86_RDX, sh);                          /* sar rdx, s */
    x86_mov_rr64(b, X86_RAX, X86_RCX);                                         /* mov rax, rcx */
    x86_shift_ri64(b, X86_SHR, X86_RAX, 63);                                   /* shr rax, 63 */
    x86_alu_rr64(b, X86_ADD, X86_RDX, X86_RAX);                                /* add rdx, rax */
    int r = X86_RDX;
    if (rem) {
        x86_imul_rri64(b, X86_RAX, X86_RDX, (int32_t)ad);                     /* imul rax, rdx, |d| */
        x86_alu_rr64(b, X86_SUB, X86_RCX, X86_RAX);                            /* sub rcx, rax */
        r = X86_RCX;
    } else if (d < 0) {
        x86_neg64(b, X86_RDX);                                                 /* neg rdx */
    }
    jc_vs_pop(c, w);
    if (lng) {
        push_long(b, c, JC_VS_REG, r, 0, 0);
    } else {
        x86_mov_rr32(b, r, r);                                                 /* mov r32, r32 */
        jc_vent e = { JC_VS_REG, 'I', (int8_t)r, 0, 0 };
        jc_vs_push(b, c, e);
    }
    c->fired |= 1u << JIT_OPT_LDIVC;
    return true;
}

bool jc_gen_divc_int(x86_buf *b, jc *c, uint8_t op) { return gen_divc(b, c, op); }

/* ---- MINMAX: Math.min / Math.max of two longs or two ints -----------------
 * The call's tick as the interpreter takes it (the virtual stack to
 * memory first: the tick's slow path calls C and comes back), then
 *     mov r, a; cmp r, b; cmovg r, b   (min)   /   cmovl r, b   (max)
 * (Math.min(a, b) is a <= b ? a : b, max a >= b ? a : b: equal values
 * are the same value).  The class's initialisation check stays. */
static int minmax_kind(const jmethod *m) {
    if (!m || !(m->access & ACC_STATIC) || !m->owner->is_boot ||
        vm_strcmp(m->owner->name, "java/lang/Math") != 0)
        return 0;
    bool mn = !vm_strcmp(m->name, "min"), mx = !vm_strcmp(m->name, "max");
    if (!mn && !mx) return 0;
    if (!vm_strcmp(m->desc, "(JJ)J")) return mn ? 1 : 2;
    if (!vm_strcmp(m->desc, "(II)I")) return mn ? 3 : 4;
    return 0;
}

bool jc_gen_minmax(x86_buf *b, jc *c, uint32_t pc) {
    if (!jc_opt(c, JIT_OPT_MINMAX) || c->code[pc] != OP_invokestatic) return false;
    const jmethod *m = c->res[pc];
    int k = minmax_kind(m);
    if (!k) return false;
    bool lng = k <= 2, mn = k == 1 || k == 3;
    uint32_t n = lng ? 4 : 2;
    jc_vs_flush(b, c);
    int32_t d = c->vs_base;
    jc_init_check(b, c, m->owner, pc, d);
    jc_gen_tick(b, c, pc, d);
    jc_vs_need(c, n, lng ? "JjJj" : "II");
    int r = jc_vs_own(b, c, n - 1);                                            /* mov r, a */
    int rv = jc_vs_reg(b, c, lng ? 1 : 0);                                     /* mov rv, b */
    enum x86_cc cc = mn ? X86_CC_G : X86_CC_L;
    if (lng) {
        x86_alu_rr64(b, X86_CMP, r, rv);                                       /* cmp r, rv */
        x86_cmov64(b, cc, r, rv);                                              /* cmovg/cmovl r, rv */
    } else {
        x86_alu_rr32(b, X86_CMP, r, rv);                                       /* cmp r32, rv32 */
        x86_cmov32(b, cc, r, rv);                                              /* cmovg/cmovl r32, rv32 */
    }
    jc_vs_pop(c, n);
    if (lng) {
        push_long(b, c, JC_VS_REG, r, 0, 0);
    } else {
        jc_vent e = { JC_VS_REG, 'I', (int8_t)r, 0, 0 };
        jc_vs_push(b, c, e);
    }
    c->fired |= 1u << JIT_OPT_MINMAX;
    return true;
}

/* ---- LVAR: ldiv / lrem by a variable, lcmp as a value, shifts by a
 * variable count --------------------------------------------------------- */

/* ldiv / lrem by a divisor v that is not a constant LDIVC takes (a variable,
 * or the constants 1, -1 and those beyond 32 bits; a constant 0 keeps the
 * template).  The zero test comes first, while the virtual stack is as at
 * the instruction (the stub stores it and throws ArithmeticException);
 * rax, rcx, rdx are clobbered (entries below the operands move, evict):
 *     test rv, rv; jz div0         (not for a constant)
 *     mov rcx, v; mov rax, a       (in an order that keeps both)
 *     cmp rcx, -1; jne norm        (MIN_VALUE / -1 traps in idiv: Java
 *     neg rax  /  mov eax, 0        gives MIN_VALUE, remainder 0)
 *     jmp done
 *   norm: cqo; idiv rcx; (lrem: mov rax, rdx)
 *   done:                          the result in rax */
static bool gen_ldiv_var(x86_buf *b, jc *c, uint32_t pc, uint8_t op) {
    if (!jc_opt(c, JIT_OPT_LVAR)) return false;
    if (c->vs_n >= 2 && jc_vs_top(c, 1)->kind == JC_VS_CONST && jc_vs_top(c, 1)->imm == 0) return false;
    bool rem = op == OP_lrem;
    operands(b, c, 4, "JjJj", 2);
    evict(b, c, 4, (1u << X86_RAX) | (1u << X86_RCX) | (1u << X86_RDX));
    jc_vent *v = jc_vs_top(c, 1);
    bool vc = v->kind == JC_VS_CONST;
    int64_t vi = v->imm;
    int rv = vc ? X86_NOREG : jc_vs_reg(b, c, 1);
    int ra = jc_vs_reg(b, c, 3);
    if (b->err != VM_OK) return true;
    if (!vc) {
        uint32_t s = jc_add_stub(b, c, ST_DIV0, pc, (uint32_t)(c->vs_base + (int32_t)c->vs_n));
        if (b->err != VM_OK) return true;
        x86_test_rr64(b, rv, rv);                                              /* test rv, rv */
        x86_jcc(b, X86_CC_E, c->stubs[s].label);                               /* jz div0 */
    }
    uint32_t l_norm = jc_new_label(b, c), l_done = jc_new_label(b, c);
    if (b->err != VM_OK) return true;
    if (vc) {
        if (ra != X86_RAX) x86_mov_rr64(b, X86_RAX, ra);                       /* mov rax, a */
        x86_mov_imm(b, X86_RCX, vi);                                           /* mov rcx, imm */
    } else if (ra == X86_RCX && rv == X86_RAX) {
        x86_mov_rr64(b, X86_RDX, X86_RCX);                                     /* mov rdx, rcx */
        x86_mov_rr64(b, X86_RCX, X86_RAX);                                     /* mov rcx, rax */
        x86_mov_rr64(b, X86_RAX, X86_RDX);                                     /* mov rax, rdx */
    } else if (ra == X86_RCX) {
        x86_mov_rr64(b, X86_RAX, X86_RCX);                                     /* mov rax, rcx */
        x86_mov_rr64(b, X86_RCX, rv);                                          /* mov rcx, v */
    } else {
        if (rv != X86_RCX) x86_mov_rr64(b, X86_RCX, rv);                       /* mov rcx, v */
        if (ra != X86_RAX) x86_mov_rr64(b, X86_RAX, ra);                       /* mov rax, a */
    }
    x86_alu_ri64(b, X86_CMP, X86_RCX, -1);                                     /* cmp rcx, -1 */
    x86_jcc(b, X86_CC_NE, l_norm);                                             /* jne norm */
    if (rem) x86_mov_ri32(b, X86_RAX, 0);                                      /* mov eax, 0 */
    else x86_neg64(b, X86_RAX);                                                /* neg rax */
    x86_jmp(b, l_done);                                                        /* jmp done */
    x86_bind(b, l_norm);
    x86_cqo(b);                                                                /* cqo */
    x86_idiv64(b, X86_RCX);                                                    /* idiv rcx */
    if (rem) x86_mov_rr64(b, X86_RAX, X86_RDX);                                /* mov rax, rdx */
    x86_bind(b, l_done);
    jc_vs_pop(c, 4);
    push_long(b, c, JC_VS_REG, X86_RAX, 0, 0);
    c->fired |= 1u << JIT_OPT_LVAR;
    return true;
}

/* lcmp not fused into a branch: -1, 0 or 1 as an int
 *     cmp ra, v; setg t1; setl t2; movzx t1, t1b; movzx t2, t2b; sub t1, t2 */
static bool gen_lcmp_value(x86_buf *b, jc *c) {
    if (!jc_opt(c, JIT_OPT_LVAR)) return false;
    operands(b, c, 4, "JjJj", 2);
    int ra = jc_vs_reg(b, c, 3);                                               /* (mov ra, a) */
    alu64_entry(b, c, X86_CMP, ra, 1);                                         /* cmp ra, v */
    jc_vs_pop(c, 4);                   /* (no code: the flags stay) */
    int t1 = jc_vs_temp(c);
    if (t1 == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
    jc_vent e = { JC_VS_REG, 'I', (int8_t)t1, 0, 0 };
    jc_vs_push(b, c, e);               /* (room: 4 popped, no flush) */
    int t2 = jc_vs_temp(c);
    if (t2 == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
    x86_setcc(b, X86_CC_G, t1);                                                /* setg t1b */
    x86_setcc(b, X86_CC_L, t2);                                                /* setl t2b */
    x86_movzx8_rr(b, t1, t1);                                                  /* movzx t1, t1b */
    x86_movzx8_rr(b, t2, t2);                                                  /* movzx t2, t2b */
    x86_alu_rr32(b, X86_SUB, t1, t2);                                          /* sub t1, t2 */
    c->fired |= 1u << JIT_OPT_LVAR;
    return true;
}

/* lshl / lshr / lushr by a count n that is not a constant: the count in cl
 * (the hardware masks a 64-bit shift's count with 63, as Java):
 *     mov r, a (not rcx); mov ecx, n; shl/sar/shr r, cl */
static bool gen_lshift_var(x86_buf *b, jc *c, uint8_t op) {
    if (!jc_opt(c, JIT_OPT_LVAR)) return false;
    operands(b, c, 3, "JjI", 2);
    evict(b, c, 3, 1u << X86_RCX);
    int rn = jc_vs_reg(b, c, 0);                                               /* (mov rn, n) */
    int r = jc_vs_own(b, c, 2);                                                /* (mov r, a) */
    if (b->err != VM_OK) return true;
    if (r == X86_RCX) {
        int t = jc_vs_temp(c);
        if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_mov_rr64(b, t, X86_RCX);                                           /* mov t, rcx */
        jc_vs_top(c, 2)->reg = (int8_t)t;
        r = t;
    }
    if (rn != X86_RCX) x86_mov_rr32(b, X86_RCX, rn);                           /* mov ecx, n */
    x86_shift_cl64(b, op == OP_lshl ? X86_SHL : op == OP_lshr ? X86_SAR : X86_SHR, r); /* shl r, cl */
    jc_vs_pop(c, 3);
    push_long(b, c, JC_VS_REG, r, 0, 0);
    c->fired |= 1u << JIT_OPT_LVAR;
    return true;
}

static __attribute__((noinline)) bool gen_long(x86_buf *b, jc *c, uint32_t pc) {
    const uint8_t *ip = c->code + pc;
    uint8_t op = ip[0];
    bool r;
    switch (op) {
    case OP_lconst_0: case OP_lconst_1: push_long(b, c, JC_VS_CONST, X86_NOREG, 0, op - OP_lconst_0); r = true; break;
    case OP_ldc2_w: {
        const cf_const *k = &c->m->owner->cf->cp[jc_u2(ip + 1)];
        if (k->tag != CP_LONG) return false;
        push_long_const(b, c, k->u.i64);
        r = true;
        break;
    }
    case OP_lload: r = gen_lload(b, c, ip[1]); break;
    case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
        r = gen_lload(b, c, (uint32_t)(op - OP_lload_0)); break;
    case OP_lstore: r = gen_lstore(b, c, ip[1]); break;
    case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
        r = gen_lstore(b, c, (uint32_t)(op - OP_lstore_0)); break;
    case OP_wide:
        if (ip[1] == OP_lload) r = gen_lload(b, c, jc_u2(ip + 2));
        else if (ip[1] == OP_lstore) r = gen_lstore(b, c, jc_u2(ip + 2));
        else return false;
        break;
    case OP_ladd: case OP_lsub: case OP_lmul: case OP_land: case OP_lor: case OP_lxor:
        r = gen_lalu(b, c, op); break;
    case OP_lshl: case OP_lshr: case OP_lushr:
        r = gen_lshift(b, c, op) || gen_lshift_var(b, c, op); break;
    case OP_lneg: r = gen_lneg(b, c); break;
    case OP_i2l: r = gen_i2l(b, c); break;
    case OP_lcmp: r = gen_lcmp_branch(b, c, pc) || gen_lcmp_value(b, c); break;
    case OP_getstatic: case OP_putstatic:
        if (!jc_opt(c, JIT_OPT_COMBINELD)) return false;
        r = gen_lstatic(b, c, pc, op == OP_putstatic);
        break;
    case OP_l2i: r = gen_l2i(b, c); break;
    case OP_ldiv: case OP_lrem:
        return gen_divc(b, c, op) || gen_ldiv_var(b, c, pc, op);   /* (LDIVC or LVAR, not LONGOPS, fired) */
    case OP_getfield: case OP_putfield:
        if (!gen_lfield(b, c, pc, op == OP_putfield)) return false;
        return true;   /* (LMEM, not LONGOPS, fired) */
    default: return false;
    }
    if (r) c->fired |= 1u << JIT_OPT_LONGOPS;
    return r;
}

bool jc_gen_long(x86_buf *b, jc *c, uint32_t pc) {
    return jc_long_op(c->code[pc]) && gen_long(b, c, pc);
}
