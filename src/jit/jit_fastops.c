/* jit_fastops.c - the instructions the optimizing JIT compiles through the
 * virtual stack (jit_vstack.c): constants and int/reference locals are
 * pushed as descriptors, so e.g.
 *
 *     iload a; iload b; iadd; istore c    ->  mov eax, a; add eax, b; mov c, eax
 *     iload i; bipush 10; if_icmplt L     ->  cmp r8d, 10; jl L
 *     aload x; iload i; baload            ->  cmp r8d, r9d; jae stub
 *                                             movsx eax, byte [rbp + r8 + 16]
 *
 * (COMBINEOP: loads, constants, int ALU, compare-and-branch, stores, iinc;
 * COMBINELD: array element, array length and field accesses).  Stores to
 * cached locals (REGCACHE) always come here, so that the register and the
 * frame slot both change.  jc_gen_fast returns false for anything else;
 * jit_compile.c then flushes the virtual stack and uses its template.
 */
#include "jit_codegen.h"
#include "jit_stats.h"
#include "../core/mem.h"
#include "../runtime/limits.h"
#include "../runtime/classes.h"
#include "../interp/opcodes.h"

static jc_vent ent(uint8_t kind, char ty, int reg, uint32_t local, int32_t imm) {
    jc_vent e = { kind, ty, (int8_t)reg, (uint16_t)local, imm };
    return e;
}
static void push_const(x86_buf *b, jc *c, int32_t v, char ty) { jc_vs_push(b, c, ent(JC_VS_CONST, ty, X86_NOREG, 0, v)); }
static void push_reg(x86_buf *b, jc *c, int r, char ty) { jc_vs_push(b, c, ent(JC_VS_REG, ty, r, 0, 0)); }

/* A branch from the instruction at pc to target (cc < 0: unconditional).
 * A taken backward branch (target <= pc) ticks the instruction budget
 * (runtime/limits.h):  sub qword [vm + budget_left], 1; js slow.  The slow
 * path saves the state at the target and calls rt_budget_expired, whose
 * VM_ERR_BUDGET leaves the method like System.exit (no handler runs).
 * In a loop's fast copy (BCE) branches inside the loop go to the copy. */
void jc_branch_to(x86_buf *b, jc *c, int cc, uint32_t pc, uint32_t target) {
    uint32_t lt = jc_label(c, target);
#ifndef VIFVM_NO_BUDGET_TICKS
    if (target <= pc) {
        uint32_t l_skip = 0;
        if (cc >= 0) {
            l_skip = jc_new_label(b, c);
            x86_jcc(b, (enum x86_cc)(cc ^ 1), l_skip);  /* j!cc skip (not taken) */
        }
        uint32_t s = jc_add_stub(b, c, ST_TICK, target, (uint32_t)c->depth[target]);
        if (b->err != VM_OK) return;
        c->stubs[s].resume = lt;
        jc_budget_op(b, c, X86_SUB, 1);                 /* sub qword [vm+budget] (or r14), 1 */
        if (c->t2_count && c->vs_n == 0 && c->depth[target] == 0) {
            /* (tier2=hot) then the back-edge count (the tick stub resumes there) */
            uint32_t l_cnt = jc_new_label(b, c);
            c->stubs[s].resume = l_cnt;
            x86_jcc(b, X86_CC_S, c->stubs[s].label);                         /* js tick stub */
            x86_bind(b, l_cnt);
            jc_gen_count(b, c, &c->m->t2_edges_left, target, lt);
            x86_jmp(b, lt);
            if (cc >= 0) x86_bind(b, l_skip);
            return;
        }
        x86_jcc(b, X86_CC_NS, lt);                                           /* jns target */
        x86_jmp(b, c->stubs[s].label);                                       /* jmp tick stub */
        if (cc >= 0) x86_bind(b, l_skip);
        return;
    }
#endif
    if (cc < 0) x86_jmp(b, lt);
    else x86_jcc(b, (enum x86_cc)cc, lt);
}

static enum x86_cc cond_of(int k) {
    static const enum x86_cc cc[6] = { X86_CC_E, X86_CC_NE, X86_CC_L, X86_CC_GE, X86_CC_G, X86_CC_LE };
    return cc[k];
}

/* op reg, entry (32-bit): reg / imm / [local] forms */
static void alu_entry(x86_buf *b, jc *c, enum x86_alu op, int r, uint32_t k) {
    jc_vent *e = jc_vs_top(c, k);
    if (e->kind == JC_VS_CONST) { x86_alu_ri32(b, op, r, e->imm); return; }       /* op r, imm */
    if (e->kind == JC_VS_LOCAL && c->lreg[e->local] < 0) {
        x86_alu_rm32(b, op, r, LOC(c, e->local));                                 /* op r, [local] */
        return;
    }
    x86_alu_rr32(b, op, r, jc_vs_reg(b, c, k));                                   /* op r, reg */
}

/* ---- locals ---- */

static void gen_load(x86_buf *b, jc *c, uint32_t i, char ty) {
    jc_vs_push(b, c, ent(JC_VS_LOCAL, ty, X86_NOREG, i, 0));
}

/* pop the top into local i (int or reference) */
static void gen_store(x86_buf *b, jc *c, uint32_t i, char ty) {
    jc_vs_need(c, 1, ty == 'I' ? "I" : "A");
    jc_vs_unalias_local(b, c, i);
    if (c->vs_n == 0) jc_vs_need(c, 1, ty == 'I' ? "I" : "A");  /* unalias flushed */
    jc_vent *e = jc_vs_top(c, 0);
    int lr = c->lreg[i];
    if (lr >= 0) {
        switch (e->kind) {
        case JC_VS_CONST: x86_mov_ri32(b, lr, (uint32_t)e->imm); break;        /* mov lr32, imm */
        case JC_VS_REG: x86_mov_rr64(b, lr, e->reg); break;                    /* mov lr, r */
        default: {
            int r = jc_vs_reg(b, c, 0);
            if (r != lr) x86_mov_rr64(b, lr, r);
            break;
        }
        }
        if (jc_wb_local(c, i)) jc_wb_mark(c, i);                               /* (WRITEBACK) */
        else x86_st64(b, LOC(c, i), lr);                                       /* mov [local], lr */
        if (c->lenreg[i] >= 0) jc_load_len(b, c, i);
    } else if (e->kind == JC_VS_CONST) {
        x86_st64_imm(b, LOC(c, i), e->imm);                                    /* mov qword [local], imm */
    } else {
        x86_st64(b, LOC(c, i), jc_vs_reg(b, c, 0));                            /* mov [local], r */
    }
    jc_vs_pop(c, 1);
}

/* the insn after the store at pc loads local i again (same kind, not a
 * branch target): its length, else 0 */
static uint32_t reload_after(const jc *c, uint32_t pc, uint32_t i, uint8_t ld, uint8_t ld_0) {
    uint32_t nx = pc + jc_insn_len(c->code, pc, c->len);
    if (nx >= c->len || (c->pcflags[nx] & JC_PC_TARGET) || c->depth[nx] < 0) return 0;
    uint8_t op = c->code[nx];
    if (op == ld && nx + 1 < c->len && c->code[nx + 1] == i) return 2;
    if (i < 4 && op == ld_0 + i) return 1;
    return 0;
}

/* `store i; load i` with i not cached: the value is stored and stays on
 * the virtual stack (no reload from the frame) */
static void gen_store_at(x86_buf *b, jc *c, uint32_t pc, uint32_t i, char ty, uint8_t ld, uint8_t ld_0) {
    uint32_t l = c->lreg[i] < 0 && jc_opt(c, JIT_OPT_COMBINEOP) ? reload_after(c, pc, i, ld, ld_0) : 0;
    if (!l) { gen_store(b, c, i, ty); return; }
    const char *tys = ty == 'I' ? "I" : "A";
    jc_vs_need(c, 1, tys);
    jc_vs_unalias_local(b, c, i);
    if (c->vs_n == 0) jc_vs_need(c, 1, tys);  /* unalias flushed */
    jc_vent *e = jc_vs_top(c, 0);
    if (e->kind == JC_VS_CONST) x86_st64_imm(b, LOC(c, i), e->imm);          /* mov qword [local], imm */
    else x86_st64(b, LOC(c, i), jc_vs_reg(b, c, 0));                         /* mov [local], r */
    c->skip_to = pc + jc_insn_len(c->code, pc, c->len) + l;
}

static void gen_iinc(x86_buf *b, jc *c, uint32_t i, int32_t v) {
    jc_vs_unalias_local(b, c, i);
    int lr = c->lreg[i];
    if (lr >= 0) {
        x86_alu_ri32(b, X86_ADD, lr, v);                                       /* add lr32, v */
        if (jc_wb_local(c, i)) jc_wb_mark(c, i);                               /* (WRITEBACK) */
        else x86_st64(b, LOC(c, i), lr);                                       /* mov [local], lr */
    } else {
        x86_alu_mi32(b, X86_ADD, LOC(c, i), v);                                /* add dword [local], v */
    }
}

/* ---- int arithmetic ---- */

/* the cached int local that `istore j` right after pc stores, if pc's
 * successor is no branch target; else -1 */
static int32_t store_after(const jc *c, uint32_t pc) {
    uint32_t nx = pc + 1, j;
    if (nx >= c->len || (c->pcflags[nx] & JC_PC_TARGET) || c->depth[nx] < 0) return -1;
    uint8_t op = c->code[nx];
    if (op == OP_istore && nx + 1 < c->len) j = c->code[nx + 1];
    else if (op >= OP_istore_0 && op <= OP_istore_3) j = (uint32_t)(op - OP_istore_0);
    else return -1;
    return c->lreg[j] >= 0 ? (int32_t)j : -1;
}

static int result_reg(jc *c, uint32_t n);

static bool gen_alu(x86_buf *b, jc *c, uint32_t pc, uint8_t op) {
    jc_vs_need(c, 2, "II");
    jc_vs_reserve(b, c, 2, 1);
    jc_vent *a = jc_vs_top(c, 1), *v = jc_vs_top(c, 0);
    int32_t j = store_after(c, pc);
    if (j >= 0 && op != OP_imul && a->kind == JC_VS_LOCAL && a->local == (uint32_t)j) {
        /* iload j; <v>; op; istore j  ->  op lr, v; mov [local j], lr */
        static const enum x86_alu alu[] = { [OP_iadd - OP_iadd] = X86_ADD, [OP_isub - OP_iadd] = X86_SUB };
        enum x86_alu o = op == OP_iadd || op == OP_isub ? alu[op - OP_iadd] : op == OP_iand ? X86_AND
                         : op == OP_ior ? X86_OR : X86_XOR;
        jc_vs_pop(c, 2);
        jc_vs_push(b, c, *v);             /* v stays readable while j's aliases move */
        jc_vs_unalias_local(b, c, (uint32_t)j);
        if (c->vs_n == 0) { jc_vs_need(c, 1, "I"); }
        int lr = c->lreg[j];
        alu_entry(b, c, o, lr, 0);        /* op lr32, v */
        if (jc_wb_local(c, (uint32_t)j)) jc_wb_mark(c, (uint32_t)j);   /* (WRITEBACK) */
        else x86_st64(b, LOC(c, (uint32_t)j), lr);  /* mov [local], lr */
        jc_vs_pop(c, 1);
        c->skip_to = pc + 1 + (c->code[pc + 1] == OP_istore ? 2 : 1);
        return true;
    }
    if (a->kind == JC_VS_CONST && v->kind == JC_VS_CONST && op != OP_imul) {
        uint32_t x = (uint32_t)a->imm, y = (uint32_t)v->imm, r;
        switch (op) {
        case OP_iadd: r = x + y; break;
        case OP_isub: r = x - y; break;
        case OP_iand: r = x & y; break;
        case OP_ior: r = x | y; break;
        default: r = x ^ y; break;
        }
        jc_vs_pop(c, 2);
        push_const(b, c, (int32_t)r, 'I');
        return true;
    }
    if ((op == OP_iadd || (op == OP_isub && v->kind == JC_VS_CONST && v->imm != INT32_MIN)) &&
        a->kind == JC_VS_LOCAL && c->lreg[a->local] >= 0 &&
        (v->kind == JC_VS_CONST || v->kind == JC_VS_REG ||
         (v->kind == JC_VS_LOCAL && c->lreg[v->local] >= 0))) {
        /* a cached local plus a constant or a register, into a new register:
         *     lea t32, [local + v] */
        int base = c->lreg[a->local], t = result_reg(c, 2);
        x86_mem m = v->kind == JC_VS_CONST
            ? x86_m(base, op == OP_isub ? -v->imm : v->imm)
            : x86_mx(base, v->kind == JC_VS_REG ? v->reg : c->lreg[v->local], 1, 0);
        x86_lea32(b, t, m);
        jc_vs_pop(c, 2);
        push_reg(b, c, t, 'I');
        return true;
    }
    int ra = jc_vs_own(b, c, 1);
    switch (op) {
    case OP_iadd: alu_entry(b, c, X86_ADD, ra, 0); break;
    case OP_isub: alu_entry(b, c, X86_SUB, ra, 0); break;
    case OP_iand: alu_entry(b, c, X86_AND, ra, 0); break;
    case OP_ior: alu_entry(b, c, X86_OR, ra, 0); break;
    case OP_ixor: alu_entry(b, c, X86_XOR, ra, 0); break;
    case OP_imul:
        if (v->kind == JC_VS_CONST) x86_imul_rri32(b, ra, ra, v->imm);        /* imul ra, ra, imm */
        else x86_imul_rr32(b, ra, jc_vs_reg(b, c, 0));                         /* imul ra, r */
        break;
    default: x86_fail(b, VM_ERR_INTERNAL); break;
    }
    jc_vs_pop(c, 2);
    push_reg(b, c, ra, 'I');
    return true;
}

static bool gen_unary(x86_buf *b, jc *c, uint8_t op) {
    jc_vs_need(c, 1, "I");
    jc_vs_reserve(b, c, 1, 1);
    int r = jc_vs_own(b, c, 0);
    switch (op) {
    case OP_ineg: x86_neg32(b, r); break;                   /* neg r32 */
    case OP_i2b: x86_movsx8_rr(b, r, r); break;             /* movsx r32, r8 */
    case OP_i2c: x86_movzx16_rr(b, r, r); break;            /* movzx r32, r16 */
    case OP_i2s: x86_movsx16_rr(b, r, r); break;            /* movsx r32, r16 */
    default: x86_fail(b, VM_ERR_INTERNAL); break;
    }
    return true;
}

/* shifts by a constant count */
static bool gen_shift(x86_buf *b, jc *c, uint8_t op) {
    if (c->vs_n < 1 || jc_vs_top(c, 0)->kind != JC_VS_CONST) return false;
    int32_t n = jc_vs_top(c, 0)->imm & 31;
    jc_vs_pop(c, 1);
    jc_vs_need(c, 1, "I");
    jc_vs_reserve(b, c, 1, 1);
    int r = jc_vs_own(b, c, 0);
    if (n) x86_shift_ri32(b, op == OP_ishl ? X86_SHL : op == OP_ishr ? X86_SAR : X86_SHR, r, (uint8_t)n);
    return true;
}

/* idiv / irem by a constant power of two 2^k (1 <= k <= 30), without idiv:
 *     mov t, x; sar t, 31; shr t, 32-k     t = x < 0 ? 2^k - 1 : 0
 *   idiv:  add x, t; sar x, k                (rounds toward zero, as Java)
 *   irem:  add x, t; and x, 2^k-1; sub x, t  (the sign of the dividend)
 * No division by zero is possible and MIN_VALUE / 2^k needs no special
 * case (32-bit wrap-around gives Java's result). */
static bool gen_divrem_pow2(x86_buf *b, jc *c, uint8_t op) {
    if (c->vs_n < 1 || jc_vs_top(c, 0)->kind != JC_VS_CONST) return false;
    int32_t d = jc_vs_top(c, 0)->imm;
    if (d < 2 || (d & (d - 1)) != 0) return false;
    uint8_t k = (uint8_t)__builtin_ctz((uint32_t)d);
    jc_vs_pop(c, 1);
    jc_vs_need(c, 1, "I");
    jc_vs_reserve(b, c, 1, 2);
    int x = jc_vs_own(b, c, 0);
    int t = jc_vs_temp(c);
    x86_mov_rr32(b, t, x);                                                     /* mov t32, x32 */
    x86_shift_ri32(b, X86_SAR, t, 31);                                         /* sar t32, 31 */
    x86_shift_ri32(b, X86_SHR, t, (uint8_t)(32 - k));                          /* shr t32, 32-k */
    x86_alu_rr32(b, X86_ADD, x, t);                                            /* add x32, t32 */
    if (op == OP_idiv) {
        x86_shift_ri32(b, X86_SAR, x, k);                                      /* sar x32, k */
    } else {
        x86_alu_ri32(b, X86_AND, x, d - 1);                                    /* and x32, 2^k-1 */
        x86_alu_rr32(b, X86_SUB, x, t);                                        /* sub x32, t32 */
    }
    return true;
}

/* ---- compare and branch ---- */

static void gen_if_icmp(x86_buf *b, jc *c, uint32_t pc, int cc, uint32_t target) {
    jc_vs_need(c, 2, "II");
    jc_vs_flush_below(b, c, 2);
    jc_vent *a = jc_vs_top(c, 1), *v = jc_vs_top(c, 0);
    static const int swapped[16] = { [X86_CC_E] = X86_CC_E, [X86_CC_NE] = X86_CC_NE,
        [X86_CC_L] = X86_CC_G, [X86_CC_GE] = X86_CC_LE, [X86_CC_G] = X86_CC_L, [X86_CC_LE] = X86_CC_GE };
    if (a->kind == JC_VS_CONST && v->kind == JC_VS_LOCAL && c->lreg[v->local] < 0) {
        x86_alu_mi32(b, X86_CMP, LOC(c, v->local), a->imm);                   /* cmp dword [local], imm */
        cc = swapped[cc];
    } else if (v->kind == JC_VS_CONST && a->kind == JC_VS_LOCAL && c->lreg[a->local] < 0) {
        x86_alu_mi32(b, X86_CMP, LOC(c, a->local), v->imm);                   /* cmp dword [local], imm */
    } else if (a->kind == JC_VS_CONST && v->kind != JC_VS_CONST) {
        /* cmp v, a with the condition mirrored */
        int rv = jc_vs_reg(b, c, 0);
        x86_alu_ri32(b, X86_CMP, rv, a->imm);                                  /* cmp v, imm */
        cc = swapped[cc];
    } else {
        int ra = jc_vs_reg(b, c, 1);
        alu_entry(b, c, X86_CMP, ra, 0);                                       /* cmp a, v */
    }
    jc_vs_pop(c, 2);
    jc_branch_to(b, c, cc, pc, target);
}

static void gen_if_zero(x86_buf *b, jc *c, uint32_t pc, int cc, uint32_t target, bool ref) {
    jc_vs_need(c, 1, ref ? "A" : "I");
    jc_vs_flush_below(b, c, 1);
    jc_vent *a = jc_vs_top(c, 0);
    if (a->kind == JC_VS_LOCAL && c->lreg[a->local] < 0) {
        if (ref) x86_alu_mi64(b, X86_CMP, LOC(c, a->local), 0);               /* cmp qword [local], 0 */
        else x86_alu_mi32(b, X86_CMP, LOC(c, a->local), 0);                   /* cmp dword [local], 0 */
    } else {
        int r = jc_vs_reg(b, c, 0);
        if (ref) x86_test_rr64(b, r, r);                                       /* test r, r */
        else x86_test_rr32(b, r, r);                                           /* test r32, r32 */
    }
    jc_vs_pop(c, 1);
    jc_branch_to(b, c, cc, pc, target);
}

static void gen_if_acmp(x86_buf *b, jc *c, uint32_t pc, int cc, uint32_t target) {
    jc_vs_need(c, 2, "AA");
    jc_vs_flush_below(b, c, 2);
    int ra = jc_vs_reg(b, c, 1);
    jc_vent *v = jc_vs_top(c, 0);
    if (v->kind == JC_VS_LOCAL && c->lreg[v->local] < 0) x86_alu_rm64(b, X86_CMP, ra, LOC(c, v->local));
    else x86_alu_rr64(b, X86_CMP, ra, jc_vs_reg(b, c, 0));                     /* cmp a, v */
    jc_vs_pop(c, 2);
    jc_branch_to(b, c, cc, pc, target);
}

/* ---- arrays ---- */

static int elem_scale(uint8_t op) {
    switch (op) {
    case OP_baload: case OP_bastore: return 1;
    case OP_caload: case OP_saload: case OP_castore: case OP_sastore: return 2;
    case OP_aaload: return 8;
    default: return 4;
    }
}

/* null and bounds checks of array k_arr with index k_idx (operands of the
 * insn at pc); *mem = the element's address */
static bool array_access(x86_buf *b, jc *c, uint32_t pc, uint32_t k_arr, uint32_t k_idx, int scale,
                         x86_mem *mem) {
    int32_t d = c->vs_base + (int32_t)c->vs_n;
    jc_vent *ea = jc_vs_top(c, k_arr), *ei = jc_vs_top(c, k_idx);
    bool bce = c->bce_loop >= 0 && c->bce[pc] == (uint32_t)c->bce_loop + 1;
    bool ci = ei->kind == JC_VS_CONST && ei->imm >= 0 && ei->imm < (1 << 24);
    int lenr = ea->kind == JC_VS_LOCAL && c->lreg[ea->local] >= 0 ? c->lenreg[ea->local] : -1;
    int ra = jc_vs_reg(b, c, k_arr);
    int ri = ci ? X86_NOREG : jc_vs_reg(b, c, k_idx);
    if (bce) {
        c->fired |= 1u << JIT_OPT_BCE;
    } else {
        uint32_t s;
        if (lenr < 0) {
            s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
            if (b->err != VM_OK) return false;
            x86_test_rr64(b, ra, ra);                                          /* test arr, arr */
            x86_jcc(b, X86_CC_E, c->stubs[s].label);                           /* jz npe */
        }
        s = jc_add_stub(b, c, ST_AIOOBE, pc, (uint32_t)d);
        if (b->err != VM_OK) return false;
        c->stubs[s].arr_slot = (uint32_t)(d - 1 - (int32_t)k_arr);
        c->stubs[s].idx_slot = (uint32_t)(d - 1 - (int32_t)k_idx);
        c->stubs[s].maybe_null = lenr >= 0;
        if (lenr >= 0 && ci) {
            x86_alu_ri32(b, X86_CMP, lenr, ei->imm);                           /* cmp len, imm */
            x86_jcc(b, X86_CC_BE, c->stubs[s].label);                          /* jbe aioobe */
        } else if (lenr >= 0) {
            x86_alu_rr32(b, X86_CMP, ri, lenr);                                /* cmp idx, len */
            x86_jcc(b, X86_CC_AE, c->stubs[s].label);                          /* jae aioobe */
        } else if (ci) {
            x86_alu_mi32(b, X86_CMP, x86_m(ra, 12), ei->imm);                  /* cmp dword [arr+12], imm */
            x86_jcc(b, X86_CC_BE, c->stubs[s].label);
        } else {
            x86_alu_rm32(b, X86_CMP, ri, x86_m(ra, 12));                       /* cmp idx, [arr+12] */
            x86_jcc(b, X86_CC_AE, c->stubs[s].label);
        }
    }
    *mem = ci ? x86_m(ra, ei->imm * scale + (int32_t)JOBJ_HEADER_SIZE)
              : x86_mx(ra, ri, scale, (int32_t)JOBJ_HEADER_SIZE);
    return true;
}

/* a scratch register for a result replacing the top n entries */
static int result_reg(jc *c, uint32_t n) {
    for (uint32_t k = 0; k < n; k++)
        if (jc_vs_top(c, k)->kind == JC_VS_REG) return jc_vs_top(c, k)->reg;
    return jc_vs_temp(c);
}

/* FLOATOPS: fadd/fsub/fmul/fdiv on the virtual stack's 32-bit patterns
 *     movd xmm0, a; movd xmm1, b; addss xmm0, xmm1; movd t, xmm0 */
static bool gen_falu(x86_buf *b, jc *c, uint8_t op) {
    enum x86_sse_op o = op == OP_fadd ? X86_SSE_ADD : op == OP_fsub ? X86_SSE_SUB :
                        op == OP_fmul ? X86_SSE_MUL : X86_SSE_DIV;
    jc_vs_need(c, 2, "II");
    jc_vs_reserve(b, c, 2, 1);
    int ra = jc_vs_reg(b, c, 1), rb = jc_vs_reg(b, c, 0);
    x86_movd_xr(b, 0, ra);                                                     /* movd xmm0, a */
    x86_movd_xr(b, 1, rb);                                                     /* movd xmm1, b */
    x86_sse_ss(b, o, 0, 1);                                                    /* addss xmm0, xmm1 */
    int t = result_reg(c, 2);
    x86_movd_rx(b, t, 0);                                                      /* movd t32, xmm0 */
    jc_vs_pop(c, 2);
    push_reg(b, c, t, 'I');
    c->fired |= 1u << JIT_OPT_FLOATOPS;
    return true;
}

static bool gen_aload(x86_buf *b, jc *c, uint32_t pc, uint8_t op) {
    jc_vs_need(c, 2, "AI");
    jc_vs_reserve(b, c, 2, 1);
    x86_mem m;
    if (!array_access(b, c, pc, 1, 0, elem_scale(op), &m)) return true;
    int t = result_reg(c, 2);
    switch (op) {
    case OP_iaload: case OP_faload: x86_ld32(b, t, m); break;     /* mov t32, [elem] */
    case OP_aaload: x86_ld64(b, t, m); break;                      /* mov t, [elem] */
    case OP_baload:
        /* b[i] & 0xFF (sipush 255; iand next, neither a branch target): movzx */
        if (pc + 5 <= c->len && c->code[pc + 1] == OP_sipush && jc_s2(c->code + pc + 2) == 0xFF &&
            c->code[pc + 4] == OP_iand && !(c->pcflags[pc + 1] & JC_PC_TARGET) &&
            !(c->pcflags[pc + 4] & JC_PC_TARGET)) {
            x86_ld8zx(b, t, m);                                    /* movzx t32, byte [elem] */
            c->skip_to = pc + 5;
        } else {
            x86_ld8sx(b, t, m);                                    /* movsx t32, byte [elem] */
        }
        break;
    case OP_caload: x86_ld16zx(b, t, m); break;                    /* movzx t32, word [elem] */
    default: x86_ld16sx(b, t, m); break;                           /* movsx t32, word [elem] */
    }
    jc_vs_pop(c, 2);
    push_reg(b, c, t, op == OP_aaload ? 'A' : 'I');
    return true;
}

static bool gen_astore(x86_buf *b, jc *c, uint32_t pc, uint8_t op) {
    jc_vs_need(c, 3, "AII");
    jc_vs_reserve(b, c, 3, 2);
    jc_vent *v = jc_vs_top(c, 0);
    bool cv = v->kind == JC_VS_CONST;
    int32_t imm = v->imm;
    int rv = X86_NOREG;
    if (op == OP_bastore && !(cv && (imm == 0 || imm == 1))) rv = jc_vs_own(b, c, 0);
    else if (!(cv && (op == OP_iastore || op == OP_fastore))) rv = cv ? X86_NOREG : jc_vs_reg(b, c, 0);
    x86_mem m;
    if (!array_access(b, c, pc, 2, 1, elem_scale(op), &m)) return true;
    if (cv && rv == X86_NOREG && op != OP_iastore && op != OP_fastore) {
        rv = jc_vs_temp(c);
        x86_mov_ri32(b, rv, (uint32_t)imm);                                    /* mov t32, imm */
    }
    switch (op) {
    case OP_iastore: case OP_fastore:
        if (cv) x86_st32_imm(b, m, imm);                                       /* mov dword [elem], imm */
        else x86_st32(b, m, rv);                                               /* mov [elem], v32 */
        break;
    case OP_castore: case OP_sastore: x86_st16(b, m, rv); break;               /* mov [elem], v16 */
    default: /* bastore: boolean[] stores v & 1 (0 and 1 need no mask) */
        if (!(cv && (imm == 0 || imm == 1))) {
            int t = jc_vs_temp(c);
            uint32_t l_store = jc_new_label(b, c);
            x86_ld64(b, t, x86_m(m.base, 0));                                  /* mov t, [arr] (class) */
            x86_ld8zx(b, t, x86_m(t, (int32_t)offsetof(jclass, elem_type)));  /* movzx t, [t+elem_type] */
            x86_alu_ri32(b, X86_CMP, t, 'Z');                                  /* cmp t, 'Z' */
            x86_jcc(b, X86_CC_NE, l_store);
            x86_alu_ri32(b, X86_AND, rv, 1);                                   /* and v, 1 */
            x86_bind(b, l_store);
        }
        x86_st8(b, m, rv);                                                     /* mov [elem], v8 */
        break;
    }
    jc_vs_pop(c, 3);
    return true;
}

/* LMEM: laload / lastore through the virtual stack (a long entry 'J' with
 * its JC_VS_HI, as jit_longops.c's), the null and bounds checks as the
 * int arrays' (array_access, BCE included):
 *     mov t, [arr + 8*idx + 16]
 *     mov [arr + 8*idx + 16], v     (mov qword [..], imm: a 32-bit constant) */
static bool gen_laload(x86_buf *b, jc *c, uint32_t pc) {
    jc_vs_need(c, 2, "AI");
    jc_vs_reserve(b, c, 2, 1);
    x86_mem m;
    if (!array_access(b, c, pc, 1, 0, 8, &m)) return true;
    int t = result_reg(c, 2);
    x86_ld64(b, t, m);                                                         /* mov t, [elem] */
    jc_vs_pop(c, 2);
    push_reg(b, c, t, 'J');
    jc_vs_push(b, c, ent(JC_VS_HI, 'j', X86_NOREG, 0, 0));
    c->fired |= 1u << JIT_OPT_LMEM;
    return true;
}

static bool gen_lastore(x86_buf *b, jc *c, uint32_t pc) {
    jc_vs_need(c, 4, "AIJj");
    jc_vs_reserve(b, c, 4, 2);
    if (c->vs_n < 4) jc_vs_need(c, 4, "AIJj");
    jc_vent *v = jc_vs_top(c, 1);
    bool cv = v->kind == JC_VS_CONST;
    int32_t imm = v->imm;
    int rv = cv ? X86_NOREG : jc_vs_reg(b, c, 1);
    x86_mem m;
    if (!array_access(b, c, pc, 3, 2, 8, &m)) return true;
    if (cv) x86_st64_imm(b, m, imm);                                           /* mov qword [elem], imm */
    else x86_st64(b, m, rv);                                                   /* mov [elem], v */
    jc_vs_pop(c, 4);
    c->fired |= 1u << JIT_OPT_LMEM;
    return true;
}

/* a scratch register no entry holds, other than `not` */
static int temp_except(jc *c, int not) {
    static const int t[] = { X86_RAX, X86_RCX, X86_RDX, X86_RSI, X86_RDI };
    for (unsigned k = 0; k < sizeof t / sizeof t[0]; k++) {
        bool used = t[k] == not;
        for (uint32_t i = 0; i < c->vs_n; i++)
            used |= c->vs[i].kind == JC_VS_REG && c->vs[i].reg == t[k];
        if (!used) return t[k];
    }
    return X86_NOREG;
}

/* AASTORE: null and bounds checks as for the other stores; a null value,
 * or one whose class is exactly the array's component class, or any value
 * when the component is java.lang.Object, is stored inline; anything else
 * goes to the ST_AASTORE stub (jit_rt_aastore: the assignability check,
 * ArrayStoreException).  No write barrier: the collector marks from the
 * roots (as jit_rt_aastore).
 *     test v, v; jz store
 *     mov t1, [v]; mov t2, [arr]; mov t2, [t2 + component]
 *     cmp t1, t2; je store
 *     movabs t1, Object; cmp t2, t1; jne stub
 *   store: mov [elem], v                              resume: */
static bool gen_aastore(x86_buf *b, jc *c, uint32_t pc) {
    jc_vs_need(c, 3, "AIA");
    jc_vs_reserve(b, c, 3, 2);
    int32_t d = c->vs_base + (int32_t)c->vs_n;
    jc_vent *v = jc_vs_top(c, 0);
    bool vnull = v->kind == JC_VS_CONST && v->imm == 0;
    int rv = vnull ? X86_NOREG : jc_vs_reg(b, c, 0);
    x86_mem m;
    if (!array_access(b, c, pc, 2, 1, 8, &m)) return true;
    if (vnull) {
        x86_st64_imm(b, m, 0);                                                 /* mov qword [elem], 0 */
    } else {
        uint32_t s = jc_add_stub(b, c, ST_AASTORE, pc, (uint32_t)d);
        uint32_t l_store = jc_new_label(b, c);
        if (b->err != VM_OK) return true;
        c->stubs[s].resume = jc_new_label(b, c);
        int t1 = temp_except(c, X86_NOREG), t2 = temp_except(c, t1);
        if (t2 == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
        x86_test_rr64(b, rv, rv);                                              /* test v, v */
        x86_jcc(b, X86_CC_E, l_store);                                         /* jz store */
        x86_ld64(b, t1, x86_m(rv, (int32_t)offsetof(jobject, cls)));           /* mov t1, [v] (class) */
        x86_ld64(b, t2, x86_m(m.base, (int32_t)offsetof(jobject, cls)));       /* mov t2, [arr] */
        x86_ld64(b, t2, x86_m(t2, (int32_t)offsetof(jclass, component)));     /* mov t2, [t2+component] */
        x86_alu_rr64(b, X86_CMP, t1, t2);                                      /* cmp t1, t2 */
        x86_jcc(b, X86_CC_E, l_store);                                         /* je store */
        x86_movabs(b, t1, (uint64_t)(uintptr_t)c->vm->wk.object);             /* movabs t1, Object */
        x86_alu_rr64(b, X86_CMP, t2, t1);                                      /* cmp t2, t1 */
        x86_jcc(b, X86_CC_NE, c->stubs[s].label);                              /* jne stub */
        x86_bind(b, l_store);
        x86_st64(b, m, rv);                                                    /* mov [elem], v */
        x86_bind(b, c->stubs[s].resume);
    }
    c->fired |= 1u << JIT_OPT_AASTORE;
    jc_vs_pop(c, 3);
    return true;
}

static bool gen_arraylength(x86_buf *b, jc *c, uint32_t pc) {
    jc_vs_need(c, 1, "A");
    jc_vs_reserve(b, c, 1, 1);
    int32_t d = c->vs_base + (int32_t)c->vs_n;
    int ra = jc_vs_reg(b, c, 0);
    uint32_t s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
    if (b->err != VM_OK) return true;
    x86_test_rr64(b, ra, ra);                                                  /* test arr, arr */
    x86_jcc(b, X86_CC_E, c->stubs[s].label);                                   /* jz npe */
    int t = result_reg(c, 1);
    x86_ld32(b, t, x86_m(ra, 12));                                             /* mov t32, [arr+12] */
    jc_vs_pop(c, 1);
    push_reg(b, c, t, 'I');
    return true;
}

/* ---- fields ---- */

/* the field's address from object register ro: [ro + offset] (OBJECT), or
 * with the offset read from the resolved jfield at run time (into t) */
/* A field or static of type ty (not J/D) at m into t, sign- or
 * zero-extended as Java's type says:  mov t32 / movsx / movzx / mov t, [m] */
static void load_typed(x86_buf *b, int t, x86_mem m, char ty) {
    switch (ty) {
    case 'I': case 'F': x86_ld32(b, t, m); break;                             /* mov t32, [m] */
    case 'Z': case 'B': x86_ld8sx(b, t, m); break;                            /* movsx t32, byte [m] */
    case 'C': x86_ld16zx(b, t, m); break;                                     /* movzx t32, word [m] */
    case 'S': x86_ld16sx(b, t, m); break;                                     /* movsx t32, word [m] */
    default: x86_ld64(b, t, m); break;                                        /* mov t, [m] */
    }
}

/* v to a field or static of type ty (not J/D) at m; a boolean is masked
 * to 0/1 first (v must then be a register the caller owns). */
static void store_typed(x86_buf *b, x86_mem m, int v, char ty) {
    switch (ty) {
    case 'I': case 'F': x86_st32(b, m, v); break;                             /* mov [m], v32 */
    case 'Z': x86_alu_ri32(b, X86_AND, v, 1); x86_st8(b, m, v); break;        /* and v, 1; mov [m], v8 */
    case 'B': x86_st8(b, m, v); break;                                        /* mov [m], v8 */
    case 'C': case 'S': x86_st16(b, m, v); break;                             /* mov [m], v16 */
    default: x86_st64(b, m, v); break;                                        /* mov [m], v */
    }
}

static x86_mem field_mem(x86_buf *b, jc *c, const jfield *f, int ro, int t) {
    if (jc_opt(c, JIT_OPT_OBJECT)) {
        c->fired |= 1u << JIT_OPT_OBJECT;
        return x86_m(ro, (int32_t)f->offset);
    }
    x86_movabs(b, t, (uint64_t)(uintptr_t)&f->offset);                        /* movabs t, &f->offset */
    x86_ld32(b, t, x86_m(t, 0));                                               /* mov t32, [t] */
    return x86_mx(ro, t, 1, 0);                                                /* [ro + t] */
}

/* THISNN: local 0 of an instance method is `this` (never null) unless
 * some instruction stores to it (javac never does; other bytecode may,
 * even null): one look over the bytecode per compile */
static bool stores_local0(const jc *c) {
    for (uint32_t pc = 0, len; pc < c->len; pc += len) {
        len = jc_insn_len(c->code, pc, c->len);
        if (len == 0) return true;
        const uint8_t *ip = c->code + pc;
        uint8_t op = ip[0];
        if (op == OP_astore_0 || op == OP_istore_0 || op == OP_lstore_0 || op == OP_fstore_0 ||
            op == OP_dstore_0)
            return true;
        if ((op == OP_astore || op == OP_istore || op == OP_lstore || op == OP_fstore ||
             op == OP_dstore || op == OP_iinc) && ip[1] == 0)
            return true;
        if (op == OP_wide && jc_u2(ip + 2) == 0 && ip[1] != OP_iload && ip[1] != OP_lload &&
            ip[1] != OP_fload && ip[1] != OP_dload && ip[1] != OP_aload && ip[1] != OP_ret)
            return true;
    }
    return false;
}

bool jc_is_this(jc *c, const jc_vent *e) {
    if (!jc_opt(c, JIT_OPT_THISNN) || (c->m->access & ACC_STATIC) || e->kind != JC_VS_LOCAL ||
        e->local != 0)
        return false;
    if (!c->this_nn) c->this_nn = stores_local0(c) ? 2 : 1;
    if (c->this_nn != 1) return false;
    c->fired |= 1u << JIT_OPT_THISNN;
    return true;
}

static bool gen_getfield(x86_buf *b, jc *c, uint32_t pc) {
    const jfield *f = c->res[pc];
    if (f->type == 'J' || f->type == 'D') return false;
    jc_vs_need(c, 1, "A");
    jc_vs_reserve(b, c, 1, 2);
    int32_t d = c->vs_base + (int32_t)c->vs_n;
    bool self = jc_is_this(c, jc_vs_top(c, 0));
    int ro = jc_vs_reg(b, c, 0);
    if (!self) {
        uint32_t s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
        if (b->err != VM_OK) return true;
        x86_test_rr64(b, ro, ro);                                              /* test obj, obj */
        x86_jcc(b, X86_CC_E, c->stubs[s].label);                               /* jz npe */
    }
    int t = jc_vs_temp(c);
    x86_mem m = field_mem(b, c, f, ro, t);
    load_typed(b, t, m, f->type);
    jc_vs_pop(c, 1);
    push_reg(b, c, t, f->type == 'L' || f->type == '[' ? 'A' : 'I');
    return true;
}

/* getstatic/putstatic of a non-long field: the class-initialisation check
 * (it uses rax: the virtual stack to memory first when the class still
 * needs it), then one load or store at the static's fixed address
 *     movabs t, &static; mov(sx/zx) t32, [t]       /       mov [t], v */
static bool gen_getstatic(x86_buf *b, jc *c, uint32_t pc) {
    const jfield *f = c->res[pc];
    char ty = f->type;
    if (ty == 'J' || ty == 'D') return false;
    if (rt_class_needs_init(f->owner)) jc_vs_flush(b, c);
    jc_vs_reserve(b, c, 0, 1);
    jc_init_check(b, c, f->owner, pc, c->vs_base + (int32_t)c->vs_n);
    int t = jc_vs_temp(c);
    x86_movabs(b, t, (uint64_t)(uintptr_t)(f->owner->statics + f->offset));  /* movabs t, &static */
    x86_mem m = x86_m(t, 0);
    load_typed(b, t, m, ty);                                                   /* mov t, [t] */
    push_reg(b, c, t, ty == 'L' || ty == '[' ? 'A' : 'I');
    return true;
}

static bool gen_putstatic(x86_buf *b, jc *c, uint32_t pc) {
    const jfield *f = c->res[pc];
    char ty = f->type;
    if (ty == 'J' || ty == 'D') return false;
    if (rt_class_needs_init(f->owner)) jc_vs_flush(b, c);
    jc_vs_need(c, 1, ty == 'L' || ty == '[' ? "A" : "I");
    jc_vs_reserve(b, c, 1, 2);
    jc_init_check(b, c, f->owner, pc, c->vs_base + (int32_t)c->vs_n);
    int rv = ty == 'Z' ? jc_vs_own(b, c, 0) : jc_vs_reg(b, c, 0);
    int t = jc_vs_temp(c);
    x86_movabs(b, t, (uint64_t)(uintptr_t)(f->owner->statics + f->offset));  /* movabs t, &static */
    x86_mem m = x86_m(t, 0);
    store_typed(b, m, rv, ty);                                                 /* mov [t], v */
    jc_vs_pop(c, 1);
    return true;
}

static bool gen_putfield(x86_buf *b, jc *c, uint32_t pc) {
    const jfield *f = c->res[pc];
    if (f->type == 'J' || f->type == 'D') return false;
    bool ref = f->type == 'L' || f->type == '[';
    jc_vs_need(c, 2, ref ? "AA" : "AI");
    jc_vs_reserve(b, c, 2, 2);
    int32_t d = c->vs_base + (int32_t)c->vs_n;
    bool self = jc_is_this(c, jc_vs_top(c, 1));
    int ro = jc_vs_reg(b, c, 1);
    int rv = f->type == 'Z' ? jc_vs_own(b, c, 0) : jc_vs_reg(b, c, 0);
    if (!self) {
        uint32_t s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
        if (b->err != VM_OK) return true;
        x86_test_rr64(b, ro, ro);                                              /* test obj, obj */
        x86_jcc(b, X86_CC_E, c->stubs[s].label);                               /* jz npe */
    }
    int t = jc_vs_temp(c);
    x86_mem m = field_mem(b, c, f, ro, t);
    store_typed(b, m, rv, f->type);
    jc_vs_pop(c, 2);
    return true;
}

/* ---- the dispatcher ---- */

static bool is_local_insn(uint8_t op) {
    return (op >= OP_iload && op <= OP_aload_3) || (op >= OP_istore && op <= OP_astore_3) ||
           op == OP_iinc || op == OP_wide;
}

/* DUP2: dup2 of two one-slot values or of one long on the virtual stack
 * (`a[i]++`, `a[i] += v`, `this.n += v` on a long): constants and locals
 * are pushed again as entries, a value in a register or an operand slot
 * is copied into a scratch register of its own:  mov t, r.  Both entries
 * must be on the virtual stack (else the template). */
static bool gen_dup2(x86_buf *b, jc *c) {
    if (c->vs_n < 2) return false;
    jc_vs_reserve(b, c, 2, 2);
    if (c->vs_n < 2) return false;
    bool lng = jc_vs_top(c, 0)->kind == JC_VS_HI;
    for (uint32_t k = lng ? 1 : 0; k < 2; k++)
        if (jc_vs_top(c, k)->kind == JC_VS_STK) jc_vs_reg(b, c, k);           /* mov r, [slot] */
    jc_vent e[2] = { *jc_vs_top(c, 1), *jc_vs_top(c, 0) };
    for (uint32_t k = 0; k < 2; k++) {
        if (e[k].kind == JC_VS_REG) {
            int t = jc_vs_temp(c);
            if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return true; }
            x86_mov_rr64(b, t, e[k].reg);                                      /* mov t, r */
            e[k].reg = (int8_t)t;
        }
        jc_vs_push(b, c, e[k]);
    }
    c->fired |= 1u << JIT_OPT_DUP2;
    return true;
}

/* jc_gen_fast for everything but the plain pushes */
static __attribute__((noinline)) bool gen_fast(x86_buf *b, jc *c, uint32_t pc) {
    const uint8_t *ip = c->code + pc;
    uint8_t op = ip[0];
    bool ops = jc_opt(c, JIT_OPT_COMBINEOP), ld = jc_opt(c, JIT_OPT_COMBINELD);
    bool cached_any = c->fired & ((1u << JIT_OPT_REGCACHE) | (1u << JIT_OPT_ACACHE));
    if (!ops && !(ld && !is_local_insn(op)) && !(cached_any && is_local_insn(op)))
        return false;
    c->wb_template = false;   /* stubs added here: WRITEBACK syncs them (jit_vstack.c) */
    if (ops && jc_long_op(op) && jc_opt(c, JIT_OPT_LONGOPS) && jc_gen_long(b, c, pc))
        return true;   /* jit_longops.c */
#define target ((uint32_t)((int32_t)pc + jc_s2(ip + 1)))   /* branches only */
    switch (op) {
    case OP_invokestatic: case OP_invokespecial: case OP_invokevirtual:
        if (op == OP_invokestatic && jc_gen_minmax(b, c, pc)) return true;   /* jit_longops.c */
        if (op == OP_invokestatic && jc_gen_dmath(b, c, pc)) return true;    /* jit_dmath.c */
        return jc_opt(c, JIT_OPT_INLINING) && jc_gen_inline_fast(b, c, pc);
    /* loads and stores of int and reference locals */
    case OP_iload: gen_load(b, c, ip[1], 'I'); return true;
    /* float locals are 32-bit patterns like ints (REGCACHE keeps them in
     * general registers; FLOATOPS computes through xmm0/xmm1) */
    case OP_fload: gen_load(b, c, ip[1], 'I'); return true;
    case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
        gen_load(b, c, op - OP_fload_0, 'I'); return true;
    case OP_fstore: gen_store_at(b, c, pc, ip[1], 'I', OP_fload, OP_fload_0); return true;
    case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
        gen_store_at(b, c, pc, op - OP_fstore_0, 'I', OP_fload, OP_fload_0); return true;
    case OP_aload: gen_load(b, c, ip[1], 'A'); return true;
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
        gen_load(b, c, op - OP_iload_0, 'I'); return true;
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
        gen_load(b, c, op - OP_aload_0, 'A'); return true;
    case OP_istore: gen_store_at(b, c, pc, ip[1], 'I', OP_iload, OP_iload_0); return true;
    case OP_astore: gen_store_at(b, c, pc, ip[1], 'A', OP_aload, OP_aload_0); return true;
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        gen_store_at(b, c, pc, op - OP_istore_0, 'I', OP_iload, OP_iload_0); return true;
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
        gen_store_at(b, c, pc, op - OP_astore_0, 'A', OP_aload, OP_aload_0); return true;
    case OP_iinc: gen_iinc(b, c, ip[1], (int8_t)ip[2]); return true;
    case OP_wide: {
        uint32_t idx = jc_u2(ip + 2);
        switch (ip[1]) {
        case OP_iload: case OP_fload: gen_load(b, c, idx, 'I'); return true;
        case OP_aload: gen_load(b, c, idx, 'A'); return true;
        case OP_istore: case OP_fstore: gen_store(b, c, idx, 'I'); return true;
        case OP_astore: gen_store(b, c, idx, 'A'); return true;
        case OP_iinc: gen_iinc(b, c, idx, jc_s2(ip + 4)); return true;
        default: return false;
        }
    }
    default: break;
    }
    if (ld) {
#define LD (c->fired |= 1u << JIT_OPT_COMBINELD)   /* (also for the long ones left to templates) */
        switch (op) {
        case OP_iaload: case OP_faload: case OP_aaload: case OP_baload: case OP_caload: case OP_saload:
            LD; return gen_aload(b, c, pc, op);
        case OP_iastore: case OP_fastore: case OP_bastore: case OP_castore: case OP_sastore:
            LD; return gen_astore(b, c, pc, op);
        case OP_arraylength: LD; return gen_arraylength(b, c, pc);
        case OP_aastore: LD; return jc_opt(c, JIT_OPT_AASTORE) && gen_aastore(b, c, pc);
        case OP_getfield: LD; return gen_getfield(b, c, pc);
        case OP_getstatic: LD; return gen_getstatic(b, c, pc);
        case OP_putstatic: LD; return gen_putstatic(b, c, pc);
        case OP_putfield: LD; return gen_putfield(b, c, pc);
        case OP_laload: case OP_lastore:
            LD;
            if (!ops || !jc_opt(c, JIT_OPT_LONGOPS) || !jc_opt(c, JIT_OPT_LMEM)) break;
            return op == OP_laload ? gen_laload(b, c, pc) : gen_lastore(b, c, pc);
        case OP_daload: case OP_dastore: LD; break;
        default: break;
        }
#undef LD
    }
    if (!ops) return false;
    c->fired |= 1u << JIT_OPT_COMBINEOP;
    switch (op) {
    case OP_aconst_null: push_const(b, c, 0, 'A'); return true;
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
    case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        push_const(b, c, (int32_t)op - OP_iconst_0, 'I'); return true;
    case OP_bipush: push_const(b, c, (int8_t)ip[1], 'I'); return true;
    case OP_sipush: push_const(b, c, jc_s2(ip + 1), 'I'); return true;
    case OP_ldc: case OP_ldc_w: {
        uint16_t idx = op == OP_ldc ? ip[1] : jc_u2(ip + 1);
        const cf_const *k = &c->m->owner->cf->cp[idx];
        if ((k->tag != CP_INTEGER && k->tag != CP_FLOAT) || c->res[pc]) return false;
        push_const(b, c, k->u.i32, 'I');
        return true;
    }
    case OP_iadd: case OP_isub: case OP_iand: case OP_ior: case OP_ixor: case OP_imul:
        return gen_alu(b, c, pc, op);
    case OP_freturn: {
        /* the value straight from the virtual stack to the result slot
         * (locals[0], as jit_compile.c's returns; ireturn / areturn with a
         * value on the virtual stack are gen_return_top's, which also puts
         * it in rdx): mov [r13], v; mov eax, VM_OK; jmp exit */
        jc_vs_need(c, 1, "I");
        jc_vent *e = jc_vs_top(c, 0);
        if (e->kind == JC_VS_CONST) {
            x86_mov_ri32(b, X86_RAX, (uint32_t)e->imm);                        /* mov eax, imm */
            x86_st64(b, x86_m(R_LV, 0), X86_RAX);                              /* mov [r13], rax */
        } else {
            x86_st64(b, x86_m(R_LV, 0), jc_vs_reg(b, c, 0));                   /* mov [r13], v */
        }
        jc_vs_pop(c, 1);
        x86_mov_ri32(b, X86_RAX, VM_OK);                                       /* mov eax, VM_OK */
        x86_jmp(b, c->l_ret);
        return true;
    }
    case OP_fconst_0: push_const(b, c, 0, 'I'); return true;                 /* 0.0f */
    case OP_fconst_1: push_const(b, c, 0x3f800000, 'I'); return true;        /* 1.0f */
    case OP_fconst_2: push_const(b, c, 0x40000000, 'I'); return true;        /* 2.0f */
    case OP_fadd: case OP_fsub: case OP_fmul: case OP_fdiv:
        return jc_opt(c, JIT_OPT_FLOATOPS) && gen_falu(b, c, op);
    case OP_ineg: case OP_i2b: case OP_i2c: case OP_i2s: return gen_unary(b, c, op);
    case OP_ishl: case OP_ishr: case OP_iushr: return gen_shift(b, c, op);
    case OP_idiv: case OP_irem: return gen_divrem_pow2(b, c, op) || jc_gen_divc_int(b, c, op);
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
        gen_if_zero(b, c, pc, (int)cond_of(op - OP_ifeq), target, false); return true;
    case OP_ifnull: case OP_ifnonnull:
        gen_if_zero(b, c, pc, op == OP_ifnull ? X86_CC_E : X86_CC_NE, target, true); return true;
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple:
        gen_if_icmp(b, c, pc, (int)cond_of(op - OP_if_icmpeq), target); return true;
    case OP_if_acmpeq: case OP_if_acmpne:
        gen_if_acmp(b, c, pc, op == OP_if_acmpeq ? X86_CC_E : X86_CC_NE, target); return true;
    case OP_pop:
        if (c->vs_n == 0) return false;
        jc_vs_pop(c, 1);
        return true;
    case OP_dup: {
        if (c->vs_n == 0) return false;
        jc_vent e = *jc_vs_top(c, 0);
        if (e.kind == JC_VS_CONST || e.kind == JC_VS_LOCAL) { jc_vs_push(b, c, e); return true; }
        jc_vs_reserve(b, c, 1, 1);
        if (c->vs_n == 0) return false;
        int r = jc_vs_reg(b, c, 0);
        int t = jc_vs_temp(c);
        x86_mov_rr64(b, t, r);                                                 /* mov t, r */
        push_reg(b, c, t, e.ty);
        return true;
    }
    case OP_dup2:
        return jc_opt(c, JIT_OPT_DUP2) && gen_dup2(b, c);
    default:
        return false;
    }
#undef target
}

/* The plain pushes of a local or a constant (most instructions) here, on
 * a path without gen_fast's frame; the same checks and effects as there
 * (a local's load is no long op; a constant's needs COMBINEOP). */
bool jc_gen_fast(x86_buf *b, jc *c, uint32_t pc) {
    const uint8_t *ip = c->code + pc;
    uint8_t op = ip[0];
    switch (op) {
    case OP_iload: case OP_fload:
        if (!jc_opt(c, JIT_OPT_COMBINEOP) &&
            !(c->fired & ((1u << JIT_OPT_REGCACHE) | (1u << JIT_OPT_ACACHE)))) return false;
        c->wb_template = false;
        gen_load(b, c, ip[1], 'I');
        return true;
    case OP_aload:
        if (!jc_opt(c, JIT_OPT_COMBINEOP) &&
            !(c->fired & ((1u << JIT_OPT_REGCACHE) | (1u << JIT_OPT_ACACHE)))) return false;
        c->wb_template = false;
        gen_load(b, c, ip[1], 'A');
        return true;
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
    case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
        if (!jc_opt(c, JIT_OPT_COMBINEOP) &&
            !(c->fired & ((1u << JIT_OPT_REGCACHE) | (1u << JIT_OPT_ACACHE)))) return false;
        c->wb_template = false;
        gen_load(b, c, (uint32_t)(op - (op >= OP_fload_0 ? OP_fload_0 : OP_iload_0)), 'I');
        return true;
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
        if (!jc_opt(c, JIT_OPT_COMBINEOP) &&
            !(c->fired & ((1u << JIT_OPT_REGCACHE) | (1u << JIT_OPT_ACACHE)))) return false;
        c->wb_template = false;
        gen_load(b, c, (uint32_t)(op - OP_aload_0), 'A');
        return true;
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
    case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        if (!jc_opt(c, JIT_OPT_COMBINEOP)) break;
        c->wb_template = false;
        c->fired |= 1u << JIT_OPT_COMBINEOP;
        push_const(b, c, (int32_t)op - OP_iconst_0, 'I');
        return true;
    case OP_bipush:
        if (!jc_opt(c, JIT_OPT_COMBINEOP)) break;
        c->wb_template = false;
        c->fired |= 1u << JIT_OPT_COMBINEOP;
        push_const(b, c, (int8_t)ip[1], 'I');
        return true;
    default:
        break;
    }
    return gen_fast(b, c, pc);
}
