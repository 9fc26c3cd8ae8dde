/* x86_fixed.h - the JIT's fixed instruction sequences: instructions whose
 * operands are all constants (registers of the calling convention, jframe
 * offsets), kept as their bytes and copied whole into an x86_seq
 * (jc_seq_fixed, jit_codegen.h) or into the final code (x86_finish),
 * because copying a constant run of bytes is cheaper than encoding each
 * instruction on every compile.
 *
 * Every such sequence is declared here, once, through X86_FIXED_LIST, with
 * the text Capstone prints for it; tests/unit/test_x86_fixed.c enumerates
 * the list, disassembles every entry and compares the text, checks that
 * a trailing operand (an immediate or branch offset the code generator
 * appends, `tail`) is where Capstone decodes it, and that the encoder
 * writes the same bytes for the same instructions (jframe offsets taken
 * from the struct): each entry is the encoder's output kept as bytes, and
 * an entry without its encoder form in the test fails it.  The same test
 * fails if a file of src/jit other than the encoder writes raw bytes any
 * other way, so the JIT writes x86 in exactly two forms: the encoder
 * (x86_emit.h: the x86_* functions and the x86s_* forms checked against
 * them) and this list.
 *
 * X(NAME, tail, "text", bytes...):
 *   x86f_NAME   const uint8_t array of the bytes (sizeof: its length)
 *   tail        X86F_NONE, or what the code generator appends right after
 *               the bytes: X86F_I32 (imm32), X86F_I64 (imm64), X86F_REL32
 *               (a call's rel32), X86F_REL8 (a jcc's rel8)
 *   text        Capstone's Intel syntax, "; " between instructions, %t
 *               for the tail (a hex number; a branch target for REL*)
 * The numbers inside the bytes are jframe's layout (runtime/vm_state.h,
 * checked by _Static_asserts in jit_codegen.h and jit_invoke.c): 8
 * locals, 0x18 sp, 0x20 pc, 0x28 sizeof(jframe); r12 is the frame, r13
 * the locals (jit_codegen.h).
 */
#ifndef VIFVM_JIT_X86_FIXED_H
#define VIFVM_JIT_X86_FIXED_H

#include <stdint.h>

enum { X86F_NONE = 0, X86F_I32, X86F_I64, X86F_REL32, X86F_REL8 };

#define X86_FIXED_LIST(X)                                                                    \
    /* f->pc = imm32 (jc_save_state_seq, the call sites) */                                  \
    X(ST_PC,        X86F_I32,   "mov dword ptr [r12 + 0x20], %t", 0x41, 0xc7, 0x44, 0x24, 0x20) \
    /* f->sp = rax (jc_save_state_seq) */                                                    \
    X(ST_SP_RAX,    X86F_NONE,  "mov qword ptr [r12 + 0x18], rax", 0x49, 0x89, 0x44, 0x24, 0x18) \
    /* the C helper's arguments (jit_invoke.c: slow_call) */                                 \
    X(MOVABS_RDX,   X86F_I64,   "movabs rdx, %t", 0x48, 0xba)                                \
    X(MOV_R8D,      X86F_I32,   "mov r8d, %t", 0x41, 0xb8)                                   \
    X(MOVABS_R9,    X86F_I64,   "movabs r9, %t", 0x49, 0xb9)                                 \
    /* a fast call (jit_invoke.c: fast_call): this frame's number (FC_SLOT) */               \
    X(LD_R8D_FC,    X86F_NONE,  "mov r8d, dword ptr [rsp]", 0x44, 0x8b, 0x04, 0x24)           \
    /* f->sp = rdx (the arguments); rsi = the callee's jframe, the next one */               \
    X(SP_NEXT,      X86F_NONE,  "mov qword ptr [r12 + 0x18], rdx; lea rsi, [r12 + 0x28]",     \
      0x49, 0x89, 0x54, 0x24, 0x18, 0x49, 0x8d, 0x74, 0x24, 0x28)                            \
    X(MOVABS_RAX,   X86F_I64,   "movabs rax, %t", 0x48, 0xb8)                                \
    /* callee->method = rax, or r9 (the inline cache's target) */                            \
    X(ST_RAX_RSI,   X86F_NONE,  "mov qword ptr [rsi], rax", 0x48, 0x89, 0x06)                 \
    X(ST_R9_RSI,    X86F_NONE,  "mov qword ptr [rsi], r9", 0x4c, 0x89, 0x0e)                  \
    /* callee->locals = rdx; r8d = the callee's frame number */                              \
    X(LOC_ADD,      X86F_NONE,  "mov qword ptr [rsi + 8], rdx; add r8d, 1",                  \
      0x48, 0x89, 0x56, 0x08, 0x41, 0x83, 0xc0, 0x01)                                        \
    X(CALL_R10,     X86F_NONE,  "call r10", 0x41, 0xff, 0xd2)                                 \
    X(TEST_EAX,     X86F_NONE,  "test eax, eax", 0x85, 0xc0)                                  \
    /* the C entry (jit_invoke.c: jc_gen_prologue): rsi = &frames[r8 - 1] */                 \
    X(LEA_RAX_R8X5, X86F_NONE,  "lea rax, [r8 + r8*4]", 0x4b, 0x8d, 0x04, 0x80)               \
    X(LEA_RSI_FRAME, X86F_NONE, "lea rsi, [rsi + rax*8 - 0x28]", 0x48, 0x8d, 0x74, 0xc6, 0xd8) \
    /* ... the call of the fast entry, and the skip of the result copy */                    \
    X(CALL_REL32,   X86F_REL32, "call %t", 0xe8)                                             \
    X(JE_REL8,      X86F_REL8,  "je %t", 0x74)                                               \
    /* the class-initialisation check (jit_compile.c: jc_init_check) */                      \
    X(LD8ZX_EAX_RAX, X86F_NONE, "movzx eax, byte ptr [rax]", 0x0f, 0xb6, 0x00)               \
    /* x86_call_far's two final forms (x86_emit.c: x86_finish), 12 bytes each */             \
    X(CALL_NEAR,    X86F_REL32, "nop dword ptr [rax]; call %t",                              \
      0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00, 0xe8)                                        \
    X(CALL_RAX,     X86F_NONE,  "call rax", 0xff, 0xd0)

#define X86F_DECLARE_(name, tail, text, ...) static const uint8_t x86f_##name[] = { __VA_ARGS__ };
X86_FIXED_LIST(X86F_DECLARE_)
#undef X86F_DECLARE_

#define X86F_ENUM_(name, tail, text, ...) X86F_##name,
enum x86f_id { X86_FIXED_LIST(X86F_ENUM_) X86F_COUNT };
#undef X86F_ENUM_

#endif
