/* interp_fp.c - the interpreter's float and double arithmetic out of line.
 *
 * Where the VM runs without the FPU by default (the Linux module: kernel
 * code may touch the SSE registers only inside kernel_fpu_begin/end,
 * src/kmod/Kbuild), interp.c is built with VIFVM_INTERP_FP_OUTLINE and
 * without SSE: its float/double bytecodes call interp_fp_op here instead,
 * the one interpreter file built with SSE2.  A method that executes none
 * of these bytecodes so never touches an FPU register in the interpreter.
 * Moves of float/double values (loads, stores, arrays, fields, calls) stay
 * in interp.c as 32/64-bit copies: a jvalue slot holds their bits.
 * User space builds interp.c with the arithmetic inline, as before; this
 * file is then unused. */
#include "interp_fp.h"
#include "interp_arith.h"
#include "opcodes.h"
#include "../core/jmath.h"

jvalue *interp_fp_op(uint32_t op, jvalue *sp) {
    switch (op) {
    case OP_fadd: sp[-2].f = sp[-2].f + sp[-1].f; return sp - 1;
    case OP_fsub: sp[-2].f = sp[-2].f - sp[-1].f; return sp - 1;
    case OP_fmul: sp[-2].f = sp[-2].f * sp[-1].f; return sp - 1;
    case OP_fdiv: sp[-2].f = sp[-2].f / sp[-1].f; return sp - 1;
    case OP_frem: sp[-2].f = jm_fmodf(sp[-2].f, sp[-1].f); return sp - 1;
    case OP_fneg: sp[-1].f = -sp[-1].f; return sp;
    case OP_dadd: sp[-4].d = sp[-4].d + sp[-2].d; return sp - 2;
    case OP_dsub: sp[-4].d = sp[-4].d - sp[-2].d; return sp - 2;
    case OP_dmul: sp[-4].d = sp[-4].d * sp[-2].d; return sp - 2;
    case OP_ddiv: sp[-4].d = sp[-4].d / sp[-2].d; return sp - 2;
    case OP_drem: sp[-4].d = jm_fmod(sp[-4].d, sp[-2].d); return sp - 2;
    case OP_dneg: sp[-2].d = -sp[-2].d; return sp;
    case OP_i2f: sp[-1].f = (float)sp[-1].i; return sp;
    case OP_i2d: sp[-1].d = (double)sp[-1].i; return sp + 1;
    case OP_l2f: sp[-2].f = (float)sp[-2].j; return sp - 1;
    case OP_l2d: sp[-2].d = (double)sp[-2].j; return sp;
    case OP_f2i: sp[-1].i = jm_f2i(sp[-1].f); return sp;
    case OP_f2l: sp[-1].j = jm_f2l(sp[-1].f); return sp + 1;
    case OP_f2d: sp[-1].d = (double)sp[-1].f; return sp + 1;
    case OP_d2i: sp[-2].i = jm_d2i(sp[-2].d); return sp - 1;
    case OP_d2l: sp[-2].j = jm_d2l(sp[-2].d); return sp;
    case OP_d2f: sp[-2].f = (float)sp[-2].d; return sp - 1;
    case OP_fcmpl: sp[-2].i = ja_fcmp(sp[-2].f, sp[-1].f, -1); return sp - 1;
    case OP_fcmpg: sp[-2].i = ja_fcmp(sp[-2].f, sp[-1].f, 1); return sp - 1;
    case OP_dcmpl: sp[-4].i = ja_dcmp(sp[-4].d, sp[-2].d, -1); return sp - 3;
    case OP_dcmpg: sp[-4].i = ja_dcmp(sp[-4].d, sp[-2].d, 1); return sp - 3;
    default: return sp;   /* not called for other opcodes */
    }
}
