/* t2_cg_divc.c - tier 2's division and remainder by a constant (issue 15,
 * T2_O_DIVC): a multiply by the divisor's magic number and shifts
 * (t2_fold.c's t2_div_classify), no exit and no idiv. */
#include "t2_cg.h"
#include "t2_fold.h"
#include "../interp/opcodes.h"

/* imul src (one operand: rdx:rax = rax * src, signed) */
static void imul1(x86_buf *b, bool w, int src) {
    if (w) x86_imul1_64(b, src);
    else x86_imul1_32(b, src);
}

/* n / d, n % d by a constant d other than 0 (T2_O_DIVC, t2_fold.c): no
 * exit, no idiv.  n in rcx, the result in rax or rdx */
void t2cg_divc(x86_buf *b, cg *c, uint32_t v) {
    t2_val *x = &c->g->vals[v];
    uint16_t op = x->aux;
    bool w = op == OP_ldiv || op == OP_lrem, rem = op == OP_irem || op == OP_lrem;
    int64_t d = c->g->vals[t2_arg(c->g, v, 1)].imm;
    if (!w) d = (int32_t)d;
    int k;
    t2_divkind kind = t2_div_classify(d, w, &k);
    t2cg_ld(b, c, X86_RCX, t2_arg(c->g, v, 0));
    switch (kind) {
    case T2_DIV_ONE: case T2_DIV_MINUS_ONE:
        if (rem) { x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX); break; }
        if (w) x86_mov_rr64(b, X86_RAX, X86_RCX); else x86_mov_rr32(b, X86_RAX, X86_RCX);
        if (kind == T2_DIV_MINUS_ONE) { if (w) x86_neg64(b, X86_RAX); else x86_neg32(b, X86_RAX); }
        break;
    case T2_DIV_POW2: {
        /* t = n + (n < 0 ? 2^k - 1 : 0); q = t >> k; r = n - (t & -2^k) */
        unsigned W = w ? 64 : 32;
        if (w) {
            x86_mov_rr64(b, X86_RAX, X86_RCX);
            x86_shift_ri64(b, X86_SAR, X86_RAX, 63);
            x86_shift_ri64(b, X86_SHR, X86_RAX, (uint8_t)(W - (unsigned)k));
            x86_alu_rr64(b, X86_ADD, X86_RAX, X86_RCX);
        } else {
            x86_mov_rr32(b, X86_RAX, X86_RCX);
            x86_shift_ri32(b, X86_SAR, X86_RAX, 31);
            x86_shift_ri32(b, X86_SHR, X86_RAX, (uint8_t)(W - (unsigned)k));
            x86_alu_rr32(b, X86_ADD, X86_RAX, X86_RCX);
        }
        if (rem) {
            /* -2^k fits an imm32 for k <= 31 (sign-extended for longs) */
            if (k <= 31) {
                if (w) x86_alu_ri64(b, X86_AND, X86_RAX, (int32_t)(-((int64_t)1 << k)));
                else x86_alu_ri32(b, X86_AND, X86_RAX, (int32_t)(uint32_t)(0u - (1u << k)));
            } else {
                x86_shift_ri64(b, X86_SAR, X86_RAX, (uint8_t)k);
                x86_shift_ri64(b, X86_SHL, X86_RAX, (uint8_t)k);
            }
            if (w) { x86_alu_rr64(b, X86_SUB, X86_RCX, X86_RAX); x86_mov_rr64(b, X86_RAX, X86_RCX); }
            else { x86_alu_rr32(b, X86_SUB, X86_RCX, X86_RAX); x86_mov_rr32(b, X86_RAX, X86_RCX); }
        } else {
            if (w) x86_shift_ri64(b, X86_SAR, X86_RAX, (uint8_t)k); else x86_shift_ri32(b, X86_SAR, X86_RAX, (uint8_t)k);
            if (d < 0) { if (w) x86_neg64(b, X86_RAX); else x86_neg32(b, X86_RAX); }
        }
        break;
    }
    case T2_DIV_MAGIC: {
        int64_t mul;
        int s;
        t2_div_magic(d, w, &mul, &s);
        if (w) x86_mov_imm(b, X86_RAX, mul); else x86_mov_ri32(b, X86_RAX, (uint32_t)mul);
        imul1(b, w, X86_RCX);                      /* rdx = high half */
        if (d > 0 && mul < 0) { if (w) x86_alu_rr64(b, X86_ADD, X86_RDX, X86_RCX); else x86_alu_rr32(b, X86_ADD, X86_RDX, X86_RCX); }
        if (d < 0 && mul > 0) { if (w) x86_alu_rr64(b, X86_SUB, X86_RDX, X86_RCX); else x86_alu_rr32(b, X86_SUB, X86_RDX, X86_RCX); }
        if (s) { if (w) x86_shift_ri64(b, X86_SAR, X86_RDX, (uint8_t)s); else x86_shift_ri32(b, X86_SAR, X86_RDX, (uint8_t)s); }
        if (w) {
            x86_mov_rr64(b, X86_RAX, X86_RDX);
            x86_shift_ri64(b, X86_SHR, X86_RAX, 63);
            x86_alu_rr64(b, X86_ADD, X86_RAX, X86_RDX);   /* q */
        } else {
            x86_mov_rr32(b, X86_RAX, X86_RDX);
            x86_shift_ri32(b, X86_SHR, X86_RAX, 31);
            x86_alu_rr32(b, X86_ADD, X86_RAX, X86_RDX);
        }
        if (rem) {   /* r = n - q * d */
            if (w && !t2cg_fits32(d)) { x86_mov_imm(b, X86_RDX, d); x86_imul_rr64(b, X86_RAX, X86_RDX); }
            else if (w) x86_imul_rri64(b, X86_RAX, X86_RAX, (int32_t)d);
            else x86_imul_rri32(b, X86_RAX, X86_RAX, (int32_t)d);
            if (w) { x86_alu_rr64(b, X86_SUB, X86_RCX, X86_RAX); x86_mov_rr64(b, X86_RAX, X86_RCX); }
            else { x86_alu_rr32(b, X86_SUB, X86_RCX, X86_RAX); x86_mov_rr32(b, X86_RAX, X86_RCX); }
        }
        break;
    }
    default: {   /* MIN_VALUE: idiv, which cannot trap there */
        x86_mov_rr64(b, X86_RAX, X86_RCX);
        t2cg_ld(b, c, X86_RCX, t2_arg(c->g, v, 1));
        if (w) { x86_cqo(b); x86_idiv64(b, X86_RCX); } else { x86_cdq(b); x86_idiv32(b, X86_RCX); }
        if (rem) { if (w) x86_mov_rr64(b, X86_RAX, X86_RDX); else x86_mov_rr32(b, X86_RAX, X86_RDX); }
        break;
    }
    }
    t2cg_put(b, c, v, X86_RAX);
}

/* ---- floats and doubles (T2_O_FP) ----------------------------------------
 * Their bits live in general registers and spill slots as ints and longs
 * do (a float zero-extended from 32 bits): the register allocator, the
 * moves on edges, the frame states, calls and exits need nothing new.
 * The arithmetic moves them into xmm0 / xmm1 (scratch: compiled code
 * keeps nothing in XMM registers), computes there and moves the result
 * back.  Java's rules: dcmpl / dcmpg give -1 / 1 when either is NaN;
 * d2i / d2l give 0 for NaN and saturate (cvttsd2si gives MIN_VALUE for
 * both: fixed up after it); Double.compare orders -0.0 before 0.0 and NaN
 * after everything, equal to itself (its bits, NaN's made canonical). */

/* (t14) With XMM registers (t2_xmm_on, not -xmm) t2_ra.c gives floats
 * and doubles xmm2..xmm15 or a spill slot: the arithmetic then works on
 * them in place (xmm0 / xmm1 stay scratch), field, array, parameter and
 * result loads and stores go straight between memory and xmm, and ld /
 * put / st_slot / the edge moves move their bits to and from general
 * registers where one is needed (frame states, returns, Double.compare). */
