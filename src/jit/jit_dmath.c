/* jit_dmath.c - DMATH: small library methods on doubles and longs as
 * inline code at their invokestatic (baseline JIT).
 *
 * The fast inliner (jit_inline.c) takes int and reference arguments only,
 * so these calls stayed calls through the whole call sequence: a
 * comparator's Double.compare / Long.compare, a scheduler's
 * Math.max(double, double).  Here, as MINMAX does for ints and longs
 * (jit_longops.c): the virtual stack to memory, the class's
 * initialisation check, the invoke's tick as the interpreter takes it
 * (its slow path calls C and comes back), then the method's result
 * computed from the operand slots (doubles are in memory in the baseline
 * JIT; rax, rcx, rdx and xmm0/xmm1 are scratch after the flush):
 *
 *   Double.compare(DD)I      d1 < d2: -1, d1 > d2: 1, else (equal or a
 *                            NaN) the signed compare of doubleToLongBits
 *                            (a NaN's bits canonical, 0x7ff8...: above
 *                            every other value; -0.0 below 0.0)
 *   Long.compare(JJ)I        cmp; setg; setl; sub
 *   Math.max(DD)D            a > b: a, a < b: b, equal: bits a & b (of
 *                            two zeros -0.0 only if both are), a NaN: a,
 *                            else b (NaN) -- the library's and Java's
 *   Math.min(DD)D            the same with a | b (-0.0 if either is)
 *   Double.doubleToLongBits(D)J   the raw bits, a NaN's canonical
 *
 * Each ucomisd sets PF for an unordered pair, CF for below, ZF for equal
 * (all three for unordered): jp first. */
#include "jit_codegen.h"
#include "jit_stats.h"
#include "../interp/opcodes.h"
#include "../runtime/classes.h"
#include "../core/mem.h"

#define CANON_NAN ((int64_t)0x7ff8000000000000LL)

enum { DM_NONE, DM_DCMP, DM_LCMP, DM_DMAX, DM_DMIN, DM_D2LB };

static int dmath_kind(const jmethod *m) {
    if (!m || !(m->access & ACC_STATIC) || !m->owner->is_boot || !m->code) return DM_NONE;
    const char *o = m->owner->name;
    if (!vm_strcmp(o, "java/lang/Double")) {
        if (!vm_strcmp(m->name, "compare") && !vm_strcmp(m->desc, "(DD)I")) return DM_DCMP;
        if (!vm_strcmp(m->name, "doubleToLongBits") && !vm_strcmp(m->desc, "(D)J")) return DM_D2LB;
    } else if (!vm_strcmp(o, "java/lang/Long")) {
        if (!vm_strcmp(m->name, "compare") && !vm_strcmp(m->desc, "(JJ)I")) return DM_LCMP;
    } else if (!vm_strcmp(o, "java/lang/Math") || !vm_strcmp(o, "java/lang/StrictMath")) {
        if (!vm_strcmp(m->desc, "(DD)D")) {
            if (!vm_strcmp(m->name, "max")) return DM_DMAX;
            if (!vm_strcmp(m->name, "min")) return DM_DMIN;
        }
    }
    return DM_NONE;
}

/* eax = rax < rcx ? -1 : rax > rcx ? 1 : 0 (signed 64-bit)
 *     cmp rax, rcx; setg al; setl cl; movzx eax, al; movzx ecx, cl; sub eax, ecx */
static void cmp3(x86_buf *b) {
    x86_alu_rr64(b, X86_CMP, X86_RAX, X86_RCX);
    x86_setcc(b, X86_CC_G, X86_RAX);
    x86_setcc(b, X86_CC_L, X86_RCX);
    x86_movzx8_rr(b, X86_RAX, X86_RAX);
    x86_movzx8_rr(b, X86_RCX, X86_RCX);
    x86_alu_rr32(b, X86_SUB, X86_RAX, X86_RCX);
}

/* r = the canonical bits of the double in xmm x whose raw bits r holds:
 *     ucomisd xmm, xmm; jnp ok; mov r, 0x7ff8000000000000; ok: */
static void canon(x86_buf *b, jc *c, int r, int x) {
    uint32_t l_ok = jc_new_label(b, c);
    if (b->err != VM_OK) return;
    x86_ucomisd(b, x, x);
    x86_jcc(b, X86_CC_NP, l_ok);
    x86_mov_imm(b, r, CANON_NAN);
    x86_bind(b, l_ok);
}

bool jc_gen_dmath(x86_buf *b, jc *c, uint32_t pc) {
    if (!jc_opt(c, JIT_OPT_DMATH) || c->code[pc] != OP_invokestatic) return false;
    jmethod *m = c->res[pc];
    int k = dmath_kind(m);
    if (k == DM_NONE) return false;
    jc_vs_flush(b, c);
    int32_t d = c->vs_base;
    int32_t a = d - (int32_t)m->arg_slots;       /* the first argument's slot: the result's */
    if (a < 0) { x86_fail(b, VM_ERR_INTERNAL); return true; }
    jc_init_check(b, c, m->owner, pc, d);
    jc_gen_tick(b, c, pc, d);
    uint32_t l_done = jc_new_label(b, c), l_x = jc_new_label(b, c), l_y = jc_new_label(b, c);
    if (b->err != VM_OK) return true;
    x86_mem ma = STK(c, a), mb = STK(c, a + 2);
    switch (k) {
    case DM_LCMP:
        x86_ld64(b, X86_RAX, ma);                                  /* mov rax, [a] */
        x86_ld64(b, X86_RCX, mb);                                  /* mov rcx, [b] */
        cmp3(b);
        break;
    case DM_DCMP:
        x86_movsd_ld(b, 0, ma);                                    /* movsd xmm0, [a] */
        x86_movsd_ld(b, 1, mb);                                    /* movsd xmm1, [b] */
        x86_ucomisd(b, 0, 1);                                      /* ucomisd xmm0, xmm1 */
        x86_jcc(b, X86_CC_P, l_x);                                 /* jp nan */
        x86_mov_imm(b, X86_RAX, 0xffffffffu);                      /* mov eax, -1 (flags kept) */
        x86_jcc(b, X86_CC_B, l_done);                              /* jb done */
        x86_mov_imm(b, X86_RAX, 1);                                /* mov eax, 1 */
        x86_jcc(b, X86_CC_A, l_done);                              /* ja done */
        x86_ld64(b, X86_RAX, ma);                                  /* equal: mov rax, [a] */
        x86_ld64(b, X86_RCX, mb);                                  /*        mov rcx, [b] */
        x86_jmp(b, l_y);
        x86_bind(b, l_x);                                          /* nan: */
        x86_ld64(b, X86_RAX, ma);
        x86_ld64(b, X86_RCX, mb);
        canon(b, c, X86_RAX, 0);
        canon(b, c, X86_RCX, 1);
        x86_bind(b, l_y);
        cmp3(b);
        break;
    case DM_DMAX: case DM_DMIN: {
        bool mx = k == DM_DMAX;
        x86_movsd_ld(b, 0, ma);                                    /* movsd xmm0, [a] */
        x86_movsd_ld(b, 1, mb);                                    /* movsd xmm1, [b] */
        x86_ucomisd(b, 0, 1);                                      /* ucomisd xmm0, xmm1 */
        x86_jcc(b, X86_CC_P, l_x);                                 /* jp nan */
        x86_jcc(b, mx ? X86_CC_A : X86_CC_B, l_done);              /* a wins: it is in place */
        x86_jcc(b, mx ? X86_CC_B : X86_CC_A, l_y);                 /* b wins */
        x86_ld64(b, X86_RAX, ma);                                  /* equal: mov rax, [a] */
        x86_alu_rm64(b, mx ? X86_AND : X86_OR, X86_RAX, mb);       /*   and/or rax, [b] */
        x86_st64(b, ma, X86_RAX);                                  /*   mov [a], rax */
        x86_jmp(b, l_done);
        x86_bind(b, l_x);                                          /* nan: a if a is NaN */
        x86_ucomisd(b, 0, 0);
        x86_jcc(b, X86_CC_P, l_done);
        x86_bind(b, l_y);                                          /* b: mov rax, [b]; mov [a], rax */
        x86_ld64(b, X86_RAX, mb);
        x86_st64(b, ma, X86_RAX);
        break;
    }
    default:    /* DM_D2LB */
        x86_ld64(b, X86_RAX, ma);                                  /* mov rax, [a] */
        x86_movsd_ld(b, 0, ma);                                    /* movsd xmm0, [a] */
        canon(b, c, X86_RAX, 0);
        x86_st64(b, ma, X86_RAX);                                  /* mov [a], rax */
        break;
    }
    x86_bind(b, l_done);
    /* the arguments' slots now hold the result: an int in eax on the
     * virtual stack, a double or long in memory (two slots) */
    c->vs_n = 0;
    if (k == DM_DCMP || k == DM_LCMP) {
        c->vs_base = a;
        jc_vent e = { JC_VS_REG, 'I', (int8_t)X86_RAX, 0, 0 };
        jc_vs_push(b, c, e);
    } else {
        c->vs_base = a + 2;
    }
    c->fired |= 1u << JIT_OPT_DMATH;
    return true;
}
