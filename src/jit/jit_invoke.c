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

/* Method entry: save the callee-saved registers, set rbx/r13/r14 from the
 * arguments (vm, m, args, ret), turn the frame into a Java frame
 * (jit_rt_enter) and keep it in r12; a failed entry (StackOverflowError)
 * returns VM_ERR_EXCEPTION. */
void jc_gen_prologue(x86_buf *b, jc *c) {
    /* prologue: callee-saved registers (5 pushes keep rsp 16-aligned) */
    x86_push(b, X86_RBX);
    x86_push(b, X86_R12);
    x86_push(b, X86_R13);
    x86_push(b, X86_R14);
    x86_push(b, X86_R15);
    x86_mov_rr64(b, R_VM, X86_RDI);
    x86_mov_rr64(b, R_LV, X86_RDX);
    x86_mov_rr64(b, R_RET, X86_RCX);
    jc_call(b, (const void *)jit_rt_enter);        /* (vm, m, args) -> jframe * */
    x86_mov_rr64(b, R_FR, X86_RAX);
    uint32_t l_ok = jc_new_label(b, c);
    x86_test_rr64(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_NE, l_ok);
    x86_mov_ri32(b, X86_RAX, VM_ERR_EXCEPTION);
    x86_jmp(b, c->l_ret);
    x86_bind(b, l_ok);
}

/* Method exit at l_ret: eax holds the status. */
void jc_gen_epilogue(x86_buf *b, jc *c) {
    x86_pop(b, X86_R15);
    x86_pop(b, X86_R14);
    x86_pop(b, X86_R13);
    x86_pop(b, X86_R12);
    x86_pop(b, X86_RBX);
    x86_ret(b);
}
