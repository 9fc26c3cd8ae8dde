/* x86_emit.h - the x86-64 instruction encoder used by the JIT.
 *
 * One small function per instruction form, in the style of Linux's
 * arch/x86/net/bpf_jit_comp.c: each writes the bytes of one instruction
 * and carries its assembly (and encoding) as a comment.  Registers are
 * numbered as in the hardware (X86_RAX = 0 ... X86_R15 = 15, xmm0-15 the
 * same numbers); every form accepts all 16, the REX, SIB and displacement
 * special cases (rsp/r12 as a base need a SIB byte, rbp/r13 as a base need
 * a displacement, spl/bpl/sil/dil need a REX prefix) are handled inside.
 *
 * The code buffer has a sticky error status (as uBPF's jit state): an
 * overflow or an invalid operand sets b->err and later emits do nothing,
 * so a code generator checks once at the end.  With b->code == NULL a pass
 * only counts bytes.
 *
 * Branches go to labels (small integers bound with x86_bind).  The code
 * generator runs once (x86_assemble), into a buffer of the encoder's own
 * (x86_assemble_at: into the caller's space first, e.g. where the code
 * will be):
 * a backward jump is rel8 when its (known) distance fits, a forward one
 * rel32, a loop-head alignment reserves its most padding.  Each such site
 * is recorded.  x86_finish() then copies that code to its place, making
 * every forward jump whose recorded distance fits rel8 (code between only
 * shrinks, so it still fits), every backward one rel8 when its final
 * distance fits, each alignment exactly what it needs, and patching the
 * jumps and the calls to absolute addresses (x86_call_far) for where the
 * code will run.  The code generator is not run a second time.
 *
 * Freestanding: allocation through the vm_platform realloc hook only.
 */
#ifndef VIFVM_JIT_X86_EMIT_H
#define VIFVM_JIT_X86_EMIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "../core/platform.h"
#include "../core/status.h"

enum x86_gpr {
    X86_RAX = 0, X86_RCX, X86_RDX, X86_RBX, X86_RSP, X86_RBP, X86_RSI, X86_RDI,
    X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13, X86_R14, X86_R15,
    X86_NOREG = -1
};

/* condition codes (the low nibble of Jcc / SETcc) */
enum x86_cc {
    X86_CC_O = 0, X86_CC_NO, X86_CC_B, X86_CC_AE, X86_CC_E, X86_CC_NE,
    X86_CC_BE, X86_CC_A, X86_CC_S, X86_CC_NS, X86_CC_P, X86_CC_NP,
    X86_CC_L, X86_CC_GE, X86_CC_LE, X86_CC_G
};

/* ALU group-1 operations: the /digit of 81/83 and (op << 3) | 1 for the
 * register forms. */
enum x86_alu { X86_ADD = 0, X86_OR = 1, X86_AND = 4, X86_SUB = 5, X86_XOR = 6, X86_CMP = 7 };

/* shift group-2 operations (the /digit of C1/D3) */
enum x86_shift { X86_SHL = 4, X86_SHR = 5, X86_SAR = 7 };

/* SSE2 scalar arithmetic (the second opcode byte after F2/F3 0F) */
enum x86_sse_op {
    X86_SSE_SQRT = 0x51, X86_SSE_ADD = 0x58, X86_SSE_MUL = 0x59,
    X86_SSE_SUB = 0x5c, X86_SSE_DIV = 0x5e
};

/* A memory operand: [base + index*scale + disp].  index X86_NOREG for
 * none; scale 1, 2, 4 or 8; base must be a register (rsp is not allowed
 * as an index). */
typedef struct x86_mem {
    int8_t base, index;
    uint8_t scale;
    int32_t disp;
} x86_mem;

static inline x86_mem x86_m(int base, int32_t disp) {
    x86_mem m = { (int8_t)base, (int8_t)X86_NOREG, 1, disp };
    return m;
}
static inline x86_mem x86_mx(int base, int index, int scale, int32_t disp) {
    x86_mem m = { (int8_t)base, (int8_t)index, (uint8_t)scale, disp };
    return m;
}

#define X86_UNBOUND 0xffffffffu

/* a recorded site (x86_finish changes its length or patches it) */
enum { X86_FX_JMP,    /* jmp/jcc to a label: rel8 or rel32 */
       X86_FX_JMP8,   /* jmp/jcc to a label, always rel8 (x86_jcc_short) */
       X86_FX_CALL,   /* call rel32 to a label */
       X86_FX_FAR,    /* call an absolute address, 12 bytes (x86_call_far) */
       X86_FX_ALIGN,  /* nops to a multiple of `label` bytes */
       X86_FX_REL     /* call/jmp rel32 to an absolute address, 5 bytes,
                         which must be in reach (x86_call_thunk) */ };
/* x86_call_far's length with the platform's thunks (vm_platform.indirect_thunks) */
#define X86_FAR_THUNKED_LEN 15u
/* an X86_FX_FAR site's cc when it jumps (x86_jmp_far; -1: it calls) */
#define X86_FAR_JMP 1

typedef struct x86_fixup {
    uint32_t at;      /* where it starts, as recorded */
    uint32_t label;   /* target label (X86_FX_ALIGN: the alignment) */
    uint32_t shrunk;  /* x86_finish: what the sites up to this one (itself
                         too) shrank by: its end moves down that far */
    uint8_t kind;     /* X86_FX_* */
    uint8_t len;      /* its length as recorded */
    uint8_t new_len;  /* x86_finish: its final length */
    int8_t cc;        /* jcc condition, -1 for jmp */
    uint64_t target;  /* X86_FX_FAR: the address called */
} x86_fixup;

/* a label: its position and the sites before it, side by side (a pass
 * touches one contiguous run of memory for the labels it binds) */
typedef struct x86_label {
    uint32_t pos;    /* position as recorded, or X86_UNBOUND */
    uint32_t site;   /* sites recorded before it (when bound), in bytes
                        (n * sizeof (x86_fixup): x86_finish finds the
                        last of them without a multiply; a code's sites
                        take far less than 4 GB) */
} x86_label;

typedef struct x86_buf {
    const vm_platform *plat;
    uint8_t *code;        /* where the code is written (NULL: count only) */
    uint32_t cap;
    uint32_t len;
    uint32_t fast_end;    /* len < fast_end: code has room for an instruction
                             of 16 bytes at len (x86_emit.c sets it with cap) */
    vm_status err;        /* sticky */
    x86_label *labels;    /* labels[0, n_init): set up in this pass */
    uint32_t n_labels;    /* labels 0 .. n_labels-1 may be used */
    uint32_t labels_cap;  /* allocated: grown by x86_bind as labels are bound */
    uint32_t n_init;      /* labels[0, n_init) are set in this pass (the rest
                             are unbound: a pass touches only the ones it uses) */
    x86_fixup *fix;       /* the recorded sites, in code order */
    uint32_t n_fix, cap_fix;
    bool own;             /* code is x86_assemble's buffer: grows when full */
    bool borrowed;        /* ... and is the caller's (x86_assemble_at): when
                             full, the code moves to rec, which grows */
    uint8_t *rec;         /* x86_assemble's buffer (kept by x86_reset) */
    uint32_t rec_cap;
    uint8_t tmp[16];      /* an instruction encoded when the code has no room
                             for it, then appended byte by byte */
} x86_buf;

/* Set up with n_labels labels (0 .. n_labels-1).  VM_OK / VM_ERR_NOMEM. */
vm_status x86_init(x86_buf *b, const vm_platform *plat, uint32_t n_labels);
/* Set b up for the next code generation with n_labels labels, keeping its
 * buffers (a JIT reuses one x86_buf for its compiles).  VM_OK / VM_ERR_NOMEM. */
vm_status x86_reset(x86_buf *b, uint32_t n_labels);
void x86_free(x86_buf *b);

/* One pass: emit into code[0 .. cap) (code NULL: count only). */
void x86_pass_begin(x86_buf *b, uint8_t *code, uint32_t cap);

/* Run gen(b, ctx) once, recording the code (in a buffer of b's own);
 * *size = an upper bound of the final code size.  Then x86_finish copies
 * it to mem (cap bytes >= *size), the code to run at address run_at,
 * shrinking the jumps that fit rel8; b->len is then its exact size.
 * Both return b->err. */
typedef void (*x86_gen_fn)(x86_buf *b, void *ctx);
vm_status x86_assemble(x86_buf *b, x86_gen_fn gen, void *ctx, uint32_t *size);
vm_status x86_finish(x86_buf *b, uint8_t *mem, uint32_t cap, uintptr_t run_at);
/* x86_assemble recording into at[0, cap) first (e.g. the free end of the
 * code cache, where the code will be: memory already mapped, and x86_finish
 * may then be given mem == at, moving the code down in place); if the code
 * outgrows it, the recording moves on to b's own buffer.  at NULL: the
 * same as x86_assemble. */
vm_status x86_assemble_at(x86_buf *b, x86_gen_fn gen, void *ctx, uint8_t *at, uint32_t cap,
                          uint32_t *size);
/* where x86_assemble_at's code was recorded (at, or b's own buffer) */
static inline const uint8_t *x86_recorded(const x86_buf *b) { return b->code; }
/* after x86_finish: where label is in the final code (or X86_UNBOUND) */
uint32_t x86_label_final(const x86_buf *b, uint32_t label);

/* Pad with nops to a multiple of n bytes (x86_emit.c). */
void x86_align(x86_buf *b, unsigned n);
/* Raw bytes. */
void x86_byte_slow(x86_buf *b, uint8_t v);
/* one byte: the common case inline (cap is 0 when only counting; a full
 * buffer grows or fails in x86_byte_slow) */
static inline void x86_byte(x86_buf *b, uint8_t v) {
    if (b->len < b->cap) b->code[b->len++] = v;
    else x86_byte_slow(b, v);
}
void x86_u32(x86_buf *b, uint32_t v);
/* where label is bound in this pass, or X86_UNBOUND */
static inline uint32_t x86_label_pos(const x86_buf *b, uint32_t label) {
    return label < b->n_init ? b->labels[label].pos : X86_UNBOUND;
}
void x86_u64(x86_buf *b, uint64_t v);
static inline void x86_fail(x86_buf *b, vm_status s) { if (b->err == VM_OK) b->err = s; }

/* ---- moves ---- */
void x86_mov_rr64(x86_buf *b, int dst, int src);          /* mov dst, src (64) */
void x86_mov_rr32(x86_buf *b, int dst, int src);          /* mov dst32, src32 */
void x86_mov_ri32(x86_buf *b, int dst, uint32_t imm);     /* mov dst32, imm32 (zero-extends) */
void x86_mov_ri64_sx(x86_buf *b, int dst, int32_t imm);   /* mov dst, simm32 */
void x86_movabs(x86_buf *b, int dst, uint64_t imm);       /* movabs dst, imm64 */
void x86_mov_imm(x86_buf *b, int dst, int64_t imm);       /* shortest of the three (xor for 0) */

/* ---- loads and stores ---- */
void x86_ld64(x86_buf *b, int dst, x86_mem m);            /* mov r64, qword [m] */
void x86_ld32(x86_buf *b, int dst, x86_mem m);            /* mov r32, dword [m] */
void x86_ld32sx(x86_buf *b, int dst, x86_mem m);          /* movsxd r64, dword [m] */
void x86_ld16zx(x86_buf *b, int dst, x86_mem m);          /* movzx r32, word [m] */
void x86_ld16sx(x86_buf *b, int dst, x86_mem m);          /* movsx r32, word [m] */
void x86_ld16sx64(x86_buf *b, int dst, x86_mem m);        /* movsx r64, word [m] */
void x86_ld8zx(x86_buf *b, int dst, x86_mem m);           /* movzx r32, byte [m] */
void x86_ld8sx(x86_buf *b, int dst, x86_mem m);           /* movsx r32, byte [m] */
void x86_ld8sx64(x86_buf *b, int dst, x86_mem m);         /* movsx r64, byte [m] */
void x86_st64(x86_buf *b, x86_mem m, int src);            /* mov qword [m], r64 */
void x86_st32(x86_buf *b, x86_mem m, int src);            /* mov dword [m], r32 */
void x86_st16(x86_buf *b, x86_mem m, int src);            /* mov word [m], r16 */
void x86_st8(x86_buf *b, x86_mem m, int src);             /* mov byte [m], r8 */
void x86_st64_imm(x86_buf *b, x86_mem m, int32_t imm);    /* mov qword [m], simm32 */
void x86_st32_imm(x86_buf *b, x86_mem m, int32_t imm);    /* mov dword [m], imm32 */
void x86_lea(x86_buf *b, int dst, x86_mem m);             /* lea r64, [m] */
void x86_lea32(x86_buf *b, int dst, x86_mem m);           /* lea r32, [m] (32-bit sum, zero-extended) */

/* ---- integer ALU ---- */
void x86_alu_rr64(x86_buf *b, enum x86_alu op, int dst, int src); /* op dst, src */
void x86_alu_rr32(x86_buf *b, enum x86_alu op, int dst, int src);
void x86_alu_ri64(x86_buf *b, enum x86_alu op, int dst, int32_t imm); /* imm8 form when it fits */
void x86_alu_ri32(x86_buf *b, enum x86_alu op, int dst, int32_t imm);
void x86_alu_rm64(x86_buf *b, enum x86_alu op, int dst, x86_mem m);   /* op r64, qword [m] */
void x86_alu_rm32(x86_buf *b, enum x86_alu op, int dst, x86_mem m);   /* op r32, dword [m] */
void x86_alu_mi32(x86_buf *b, enum x86_alu op, x86_mem m, int32_t imm); /* op dword [m], imm */
void x86_alu_mi64(x86_buf *b, enum x86_alu op, x86_mem m, int32_t imm); /* op qword [m], simm */
void x86_test_rr64(x86_buf *b, int a, int c);             /* test a, c */
void x86_test_rr32(x86_buf *b, int a, int c);
void x86_test_ri32(x86_buf *b, int a, uint32_t imm);      /* test a32, imm32 */
void x86_imul_rr64(x86_buf *b, int dst, int src);         /* imul dst, src */
void x86_imul_rr32(x86_buf *b, int dst, int src);
void x86_imul_rri64(x86_buf *b, int dst, int src, int32_t imm); /* imul dst, src, imm */
void x86_imul_rri32(x86_buf *b, int dst, int src, int32_t imm);
void x86_imul1_64(x86_buf *b, int src);                    /* imul src: rdx:rax = rax * src */
void x86_imul1_32(x86_buf *b, int src);
void x86_cmov64(x86_buf *b, enum x86_cc cc, int dst, int src); /* cmovcc dst, src */
void x86_cmov32(x86_buf *b, enum x86_cc cc, int dst, int src);
void x86_idiv64(x86_buf *b, int src);                     /* idiv src (rdx:rax) */
void x86_idiv32(x86_buf *b, int src);                     /* idiv src32 (edx:eax) */
void x86_cdq(x86_buf *b);                                 /* cdq */
void x86_cqo(x86_buf *b);                                 /* cqo */
void x86_neg64(x86_buf *b, int r);
void x86_neg32(x86_buf *b, int r);
void x86_not64(x86_buf *b, int r);
void x86_not32(x86_buf *b, int r);
void x86_shift_cl64(x86_buf *b, enum x86_shift op, int r); /* shl r, cl */
void x86_shift_cl32(x86_buf *b, enum x86_shift op, int r);
void x86_shift_ri64(x86_buf *b, enum x86_shift op, int r, uint8_t imm); /* shl r, imm8 */
void x86_shift_ri32(x86_buf *b, enum x86_shift op, int r, uint8_t imm);
void x86_setcc(x86_buf *b, enum x86_cc cc, int r);        /* setcc r8 */
void x86_movzx8_rr(x86_buf *b, int dst, int src);         /* movzx r32, r8 */
void x86_movzx16_rr(x86_buf *b, int dst, int src);        /* movzx r32, r16 */
void x86_movsx8_rr(x86_buf *b, int dst, int src);         /* movsx r32, r8 */
void x86_movsx16_rr(x86_buf *b, int dst, int src);        /* movsx r32, r16 */
/* r (32 bits) narrowed to the Java type of descriptor char t, as a method
 * returning t leaves it: Z and 1, B movsx r8, C movzx r16, S movsx r16;
 * any other t: nothing */
void x86_narrow_int(x86_buf *b, char t, int r);
void x86_movsx8_rr64(x86_buf *b, int dst, int src);       /* movsx r64, r8 */
void x86_movsx16_rr64(x86_buf *b, int dst, int src);      /* movsx r64, r16 */
void x86_movsxd_rr(x86_buf *b, int dst, int src);         /* movsxd r64, r32 */
void x86_bswap32(x86_buf *b, int r);                      /* bswap r32 */
void x86_div32(x86_buf *b, int src);                      /* div src32 (edx:eax, unsigned) */

/* ---- stack, calls, jumps ---- */
void x86_push(x86_buf *b, int r);
void x86_pop(x86_buf *b, int r);
void x86_ret(x86_buf *b);
/* endbr64 (F3 0F 1E FA): the first instruction of every entry that C, or
 * other code through a register, reaches by an indirect call or jump (a
 * method's C entry and fast entry, a cBPF filter, a fused stage's entry).
 * Under kernel IBT (CONFIG_X86_KERNEL_IBT on a CPU enforcing it) an
 * indirect branch to anything else raises #CP; elsewhere it is a NOP. */
#define X86_ENDBR64_LEN 4u
void x86_endbr64(x86_buf *b);
/* code starts with endbr64 */
static inline bool x86_is_endbr64(const void *code) {
    const uint8_t *p = (const uint8_t *)code;
    return p && p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa;
}
void x86_nop(x86_buf *b, unsigned n);                     /* one n-byte nop, n = 1..9 */
void x86_call_reg(x86_buf *b, int r);                     /* call r */
void x86_call_rel32(x86_buf *b, int32_t rel);             /* call rel32 (from the next insn) */
void x86_call_abs(x86_buf *b, const void *fn, int scratch); /* movabs scratch, fn; call scratch */
void x86_jmp_rel8(x86_buf *b, int8_t rel);
void x86_jmp_rel32(x86_buf *b, int32_t rel);
void x86_jcc_rel8(x86_buf *b, enum x86_cc cc, int8_t rel);
void x86_jcc_rel32(x86_buf *b, enum x86_cc cc, int32_t rel);
void x86_bind(x86_buf *b, uint32_t label);                /* label: here */
void x86_jmp(x86_buf *b, uint32_t label);                 /* jmp label (rel8/rel32) */
void x86_jcc(x86_buf *b, enum x86_cc cc, uint32_t label); /* jcc label (rel8/rel32) */
/* jcc label, always rel8 (a short forward hop whose size must not change
 * in x86_finish, e.g. before a fixed code offset) */
void x86_jcc_short(x86_buf *b, enum x86_cc cc, uint32_t label);
void x86_call_label(x86_buf *b, uint32_t label);          /* call rel32 label */
/* call target (absolute), 12 bytes: nop7; call rel32 when the code runs
 * within +-2 GB of it, else movabs rax, target; call rax (x86_finish) */
void x86_call_far(x86_buf *b, const void *target);
/* call r; with the platform's indirect-call thunks (vm_platform.
 * indirect_thunks, the kernel's retpolines) a call rel32 to the thunk for
 * r instead (x86_finish fails, VM_ERR_LIMIT, if it is out of reach) */
void x86_call_thunk(x86_buf *b, int r);
/* ---- returns and jumps without push; ret (kt21) ---- */
/* x86_ret: ret, or with the platform's return thunk (vm_platform.
 * return_thunk, the kernel's under retbleed/SRSO) jmp rel32 to it */
void x86_jmp_reg(x86_buf *b, int r);                      /* jmp r */
/* jmp rel32 to target, known to be in reach of where the code will run
 * (x86_finish: VM_ERR_LIMIT if not) */
void x86_jmp_near(x86_buf *b, const void *target);
/* jmp target (absolute; rax clobbered): jmp rel32 where the code runs in
 * reach of it, else movabs rax + jmp rax, or with the platform's thunks
 * jmp rel32 to the thunk for rax (x86_finish picks) */
void x86_jmp_far(x86_buf *b, const void *target);
/* jmp r; with the platform's thunks jmp rel32 to the thunk for r */
void x86_jmp_thunk(x86_buf *b, int r);

/* ---- SSE2 scalar ---- */
void x86_movsd_rr(x86_buf *b, int dst, int src);          /* movsd xmm, xmm */
void x86_movss_rr(x86_buf *b, int dst, int src);
void x86_movsd_ld(x86_buf *b, int dst, x86_mem m);        /* movsd xmm, qword [m] */
void x86_movss_ld(x86_buf *b, int dst, x86_mem m);        /* movss xmm, dword [m] */
void x86_movsd_st(x86_buf *b, x86_mem m, int src);        /* movsd qword [m], xmm */
void x86_movss_st(x86_buf *b, x86_mem m, int src);
void x86_sse_sd(x86_buf *b, enum x86_sse_op op, int dst, int src); /* addsd dst, src ... */
void x86_sse_ss(x86_buf *b, enum x86_sse_op op, int dst, int src); /* addss dst, src ... */
void x86_cvtsi2sd32(x86_buf *b, int dst, int src);        /* cvtsi2sd xmm, r32 */
void x86_cvtsi2sd64(x86_buf *b, int dst, int src);        /* cvtsi2sd xmm, r64 */
void x86_cvtsi2ss32(x86_buf *b, int dst, int src);
void x86_cvtsi2ss64(x86_buf *b, int dst, int src);
void x86_cvttsd2si32(x86_buf *b, int dst, int src);       /* cvttsd2si r32, xmm */
void x86_cvttsd2si64(x86_buf *b, int dst, int src);
void x86_cvttss2si32(x86_buf *b, int dst, int src);
void x86_cvttss2si64(x86_buf *b, int dst, int src);
void x86_cvtsd2ss(x86_buf *b, int dst, int src);          /* cvtsd2ss xmm, xmm */
void x86_cvtss2sd(x86_buf *b, int dst, int src);
void x86_ucomisd(x86_buf *b, int a, int c);               /* ucomisd xmm, xmm */
void x86_ucomiss(x86_buf *b, int a, int c);
void x86_movq_xr(x86_buf *b, int xmm, int r);             /* movq xmm, r64 */
void x86_movq_rx(x86_buf *b, int r, int xmm);             /* movq r64, xmm */
void x86_movd_xr(x86_buf *b, int xmm, int r);             /* movd xmm, r32 */
void x86_movd_rx(x86_buf *b, int r, int xmm);             /* movd r32, xmm */

/* ---- straight-line sequences (appended: jit_invoke.c, jit_compile.c) ----
 * A code generator's fixed run of instructions without labels, encoded
 * inline into a small array (x86_seq) by the forms below and appended with
 * one x86_seq_put: for the hot, fixed sequences of every compile (call
 * sites, stubs), the same bytes as the x86_* functions above write, at a
 * fraction of their cost.  Memory operands are [base + disp] only (no
 * index); registers 0-15, not checked (the callers' are constants).  A
 * sequence holds at most X86_SEQ_MAX bytes: x86_seq_put fails the buffer
 * (VM_ERR_INTERNAL) if it was overrun. */
#define X86_SEQ_MAX 120
typedef struct x86_seq {
    uint32_t n;
    uint8_t t[X86_SEQ_MAX + 16];   /* (room for one instruction past the end) */
} x86_seq;

/* append the bytes p[0, n) (p[n, n + 15) may be read too: x86_seq's t has
 * the room) */
void x86_bytes(x86_buf *b, const uint8_t *p, uint32_t n);
static inline void x86_seq_put(x86_buf *b, x86_seq *s) {
    if (s->n > X86_SEQ_MAX) { x86_fail(b, VM_ERR_INTERNAL); return; }
    x86_bytes(b, s->t, s->n);
    s->n = 0;
}
static inline void x86s_u32(x86_seq *s, uint32_t v) {
    uint32_t n = s->n;
    __builtin_memcpy(s->t + n, &v, 4);   /* (little-endian: one store) */
    s->n = n + 4;
}
/* [REX] op ModRM(mem [base + disp], reg) [SIB] [disp]: op one byte */
static inline void x86s_rm(x86_seq *s, bool w, uint8_t op, int reg, int base, int32_t disp) {
    if (s->n > X86_SEQ_MAX) return;
    uint8_t rex = (uint8_t)(0x40 | (w ? 8 : 0) | ((reg & 8) ? 4 : 0) | ((base & 8) ? 1 : 0));
    uint8_t *p = s->t + s->n;
    if (rex != 0x40) *p++ = rex;
    *p++ = op;
    uint8_t mod = disp == 0 && (base & 7) != X86_RBP ? 0 : disp >= -128 && disp <= 127 ? 1 : 2;
    *p++ = (uint8_t)((mod << 6) | ((reg & 7) << 3) | (base & 7));
    if ((base & 7) == X86_RSP) *p++ = 0x24;
    if (mod == 1) *p++ = (uint8_t)(int8_t)disp;
    if (mod == 2) { __builtin_memcpy(p, &disp, 4); p += 4; }   /* (little-endian: one store) */
    s->n = (uint32_t)(p - s->t);
}
/* [REX] op ModRM(11, reg, rm) */
static inline void x86s_rr(x86_seq *s, bool w, uint8_t op, int reg, int rm) {
    if (s->n > X86_SEQ_MAX) return;
    uint8_t rex = (uint8_t)(0x40 | (w ? 8 : 0) | ((reg & 8) ? 4 : 0) | ((rm & 8) ? 1 : 0));
    uint8_t *p = s->t + s->n;
    if (rex != 0x40) *p++ = rex;
    *p++ = op;
    *p++ = (uint8_t)(0xc0 | ((reg & 7) << 3) | (rm & 7));
    s->n = (uint32_t)(p - s->t);
}
static inline void x86s_ld64(x86_seq *s, int dst, int base, int32_t d) { x86s_rm(s, true, 0x8b, dst, base, d); }
static inline void x86s_ld32(x86_seq *s, int dst, int base, int32_t d) { x86s_rm(s, false, 0x8b, dst, base, d); }
static inline void x86s_st64(x86_seq *s, int base, int32_t d, int src) { x86s_rm(s, true, 0x89, src, base, d); }
static inline void x86s_lea(x86_seq *s, int dst, int base, int32_t d) { x86s_rm(s, true, 0x8d, dst, base, d); }
/* mov dword [base + d], imm32 */
static inline void x86s_st32_imm(x86_seq *s, int base, int32_t d, int32_t imm) {
    if (s->n > X86_SEQ_MAX) return;
    x86s_rm(s, false, 0xc7, 0, base, d);
    x86s_u32(s, (uint32_t)imm);
}
/* op r64, qword [base + d] (op: enum x86_alu) */
static inline void x86s_alu_rm64(x86_seq *s, enum x86_alu op, int dst, int base, int32_t d) {
    x86s_rm(s, true, (uint8_t)((op << 3) | 3), dst, base, d);
}
/* op r, imm (imm8 form when it fits) */
static inline void x86s_alu_ri(x86_seq *s, bool w, enum x86_alu op, int dst, int32_t imm) {
    if (s->n > X86_SEQ_MAX) return;
    bool b8 = imm >= -128 && imm <= 127;
    x86s_rr(s, w, b8 ? 0x83 : 0x81, (int)op, dst);
    if (b8) s->t[s->n++] = (uint8_t)(int8_t)imm;
    else x86s_u32(s, (uint32_t)imm);
}
/* op [base + d], imm (imm8 form when it fits; w: qword, else dword) */
static inline void x86s_alu_mi(x86_seq *s, bool w, enum x86_alu op, int base, int32_t d, int32_t imm) {
    if (s->n > X86_SEQ_MAX) return;
    bool b8 = imm >= -128 && imm <= 127;
    x86s_rm(s, w, b8 ? 0x83 : 0x81, (int)op, base, d);
    if (b8) s->t[s->n++] = (uint8_t)(int8_t)imm;
    else x86s_u32(s, (uint32_t)imm);
}
static inline void x86s_st32(x86_seq *s, int base, int32_t d, int src) { x86s_rm(s, false, 0x89, src, base, d); }
/* op dst, src (op: enum x86_alu; w: 64-bit, else 32-bit) */
static inline void x86s_alu_rr(x86_seq *s, bool w, enum x86_alu op, int dst, int src) {
    x86s_rr(s, w, (uint8_t)((op << 3) | 1), src, dst);
}
static inline void x86s_test_rr32(x86_seq *s, int a, int c) { x86s_rr(s, false, 0x85, c, a); }
static inline void x86s_call_reg(x86_seq *s, int r) { x86s_rr(s, false, 0xff, 2, r); }
static inline void x86s_mov_rr64(x86_seq *s, int dst, int src) { x86s_rr(s, true, 0x89, src, dst); }
static inline void x86s_test_rr64(x86_seq *s, int a, int c) { x86s_rr(s, true, 0x85, c, a); }
/* [REX] op+r */
static inline void x86s_opreg(x86_seq *s, bool w, uint8_t op, int r) {
    uint32_t n = s->n;   /* (once: the byte stores may alias it) */
    if (w || (r & 8)) s->t[n++] = (uint8_t)(0x40 | (w ? 8 : 0) | ((r & 8) ? 1 : 0));
    s->t[n++] = (uint8_t)(op + (r & 7));
    s->n = n;
}
/* raw bytes (forms not above; the caller knows their encoding) */
static inline void x86s_byte(x86_seq *s, uint8_t v) { if (s->n <= X86_SEQ_MAX) s->t[s->n++] = v; }
static inline void x86s_push(x86_seq *s, int r) { if (s->n <= X86_SEQ_MAX) x86s_opreg(s, false, 0x50, r); }
static inline void x86s_pop(x86_seq *s, int r) { if (s->n <= X86_SEQ_MAX) x86s_opreg(s, false, 0x58, r); }
/* ret (C3): the plain form; code ends a sequence with x86s_ret_put, which
 * honours the platform's return thunk */
static inline void x86s_ret(x86_seq *s) { x86s_byte(s, 0xc3); }
/* mov qword [base + d], simm32 */
static inline void x86s_st64_imm(x86_seq *s, int base, int32_t d, int32_t imm) {
    if (s->n > X86_SEQ_MAX) return;
    x86s_rm(s, true, 0xc7, 0, base, d);
    x86s_u32(s, (uint32_t)imm);
}
/* mov r32, imm32 */
static inline void x86s_mov_ri32(x86_seq *s, int dst, uint32_t imm) {
    if (s->n > X86_SEQ_MAX) return;
    x86s_opreg(s, false, 0xb8, dst);
    x86s_u32(s, imm);
}
/* movabs r64, imm64 */
static inline void x86s_movabs(x86_seq *s, int dst, uint64_t imm) {
    if (s->n > X86_SEQ_MAX) return;
    x86s_opreg(s, true, 0xb8, dst);
    x86s_u32(s, (uint32_t)imm);
    x86s_u32(s, (uint32_t)(imm >> 32));
}

/* ---- added for tier 2's XMM register allocation (t2_codegen.c, t14) ---- */
void x86_movaps_rr(x86_buf *b, int dst, int src);         /* movaps xmm, xmm (a whole-register copy) */
void x86_xorps_rr(x86_buf *b, int dst, int src);          /* xorps xmm, xmm */
void x86_sse_sd_m(x86_buf *b, enum x86_sse_op op, int dst, x86_mem m); /* addsd dst, qword [m] ... */
void x86_sse_ss_m(x86_buf *b, enum x86_sse_op op, int dst, x86_mem m); /* addss dst, dword [m] ... */

/* ---- added for the fused path's code (fuse_path.c) ---- */
void x86_alu_mr64(x86_buf *b, enum x86_alu op, x86_mem m, int src); /* op qword [m], r64 */
void x86_st8_imm(x86_buf *b, x86_mem m, uint8_t imm);     /* mov byte [m], imm8 */
void x86_cmp8_mi(x86_buf *b, x86_mem m, uint8_t imm);     /* cmp byte [m], imm8 */
/* call rel32 to target, known to be in reach of where the code will run
 * (x86_finish: VM_ERR_LIMIT if not) */
void x86_call_near(x86_buf *b, const void *target);
/* ---- calls at the end of a sequence, retpoline-safe (kt19: the
 * baseline's brackets, jit_invoke.c, as x86_call_abs / x86_call_thunk) ---- */
/* movabs rax, fn; call rax appended to q; with the platform's thunks q is
 * put and x86_call_far emitted (call rel32 in reach, else the thunk) */
void x86s_call_abs(x86_buf *b, x86_seq *q, const void *fn);
/* call r appended to q; with the platform's thunks q is put and a call
 * rel32 to the thunk for r emitted (x86_call_thunk) */
void x86s_call_thunk(x86_buf *b, x86_seq *q, int r);
/* ret appended to q and q put, or (a return thunk) q put then x86_ret:
 * a sequence ending in a return (kt21) */
void x86s_ret_put(x86_buf *b, x86_seq *q);

#endif
