/* jit_invoke.c - code generation of the four invoke instructions.
 *
 * Today every call goes through the C helper jit_rt_invoke (jit_rt.c),
 * which selects the target (virtual / interface dispatch), ticks the
 * instruction budget and enters compiled code directly or the interpreter
 * through rt_call.
 */
#include "jit_codegen.h"
#include "../interp/opcodes.h"

void jc_gen_invoke(x86_buf *b, jc *c, uint32_t pc) {
    int32_t d = c->depth[pc];
    uint8_t op = c->code[pc];
    jmethod *callee = c->res[pc];
    if (op == OP_invokestatic) jc_init_check(b, c, callee->owner, pc, d);
    x86_st32_imm(b, x86_m(R_FR, (int32_t)offsetof(jframe, pc)), (int32_t)pc);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_mov_rr64(b, X86_RSI, R_FR);
    x86_movabs(b, X86_RDX, (uint64_t)(uintptr_t)callee);
    x86_lea(b, X86_RCX, STK(c, d - (int32_t)callee->arg_slots));
    x86_mov_ri32(b, X86_R8, c->kind[pc]);
    jc_call(b, (const void *)jit_rt_invoke);
    jc_check_status(b, c);
}
