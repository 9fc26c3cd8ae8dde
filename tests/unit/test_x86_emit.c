/* test_x86_emit.c - the JIT's x86-64 encoder (src/jit/x86_emit.c) checked
 * against Capstone: every instruction form is encoded over every register
 * (r8-r15 and the rsp/rbp/r12/r13 addressing special cases included), every
 * immediate and displacement size class, disassembled, and the text
 * compared with the text the same table says the form should have.  Plus
 * label branches at the rel8/rel32 edges (-128, 127, 128, -129) and branch
 * sizing that needs several passes. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <capstone/capstone.h>
#include "unit_test.h"
#include "jit/x86_emit.h"
#include "platform/posix/posix_platform.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation" /* messages may be cut */
#endif

static vm_platform plat;
static csh cs;
static long n_checked;

static const char *const r64[16] = { "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
    "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15" };
static const char *const r32[16] = { "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
    "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d" };
static const char *const r16[16] = { "ax", "cx", "dx", "bx", "sp", "bp", "si", "di",
    "r8w", "r9w", "r10w", "r11w", "r12w", "r13w", "r14w", "r15w" };
static const char *const r8[16] = { "al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil",
    "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b" };
static const char *const ccname[16] = { "o", "no", "b", "ae", "e", "ne", "be", "a",
    "s", "ns", "p", "np", "l", "ge", "le", "g" };

/* Capstone 4's number style: 0-9 decimal, else hex; negatives with '-' */
static void fmt_num(char *out, size_t cap, int64_t v) {
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    const char *sign = v < 0 ? "-" : "";
    if (u <= 9) snprintf(out, cap, "%s%llu", sign, (unsigned long long)u);
    else snprintf(out, cap, "%s0x%llx", sign, (unsigned long long)u);
}

static void fmt_mem(char *out, size_t cap, char size, x86_mem m) {
    const char *sz = size == 'q' ? "qword ptr " : size == 'd' ? "dword ptr " :
                     size == 'w' ? "word ptr " : size == 'b' ? "byte ptr " : "";
    char idx[32] = "", disp[32] = "";
    if (m.index != X86_NOREG) {
        if (m.scale == 1) snprintf(idx, sizeof idx, " + %s", r64[m.index]);
        else snprintf(idx, sizeof idx, " + %s*%d", r64[m.index], m.scale);
    }
    if (m.disp) {
        char n[24];
        fmt_num(n, sizeof n, m.disp < 0 ? -(int64_t)m.disp : m.disp);
        snprintf(disp, sizeof disp, " %c %s", m.disp < 0 ? '-' : '+', n);
    }
    snprintf(out, cap, "%s[%s%s%s]", sz, r64[m.base], idx, disp);
}

/* Expected text from a pattern: %q0 %d0 %w0 %b0 %x0 = operand 0 (a) as a
 * 64/32/16/8-bit or xmm register (1 = operand c); %Mq %Md %Mw %Mb %Mn =
 * the memory operand with its size (n: none); %i = imm (as signed);
 * %u = imm as an unsigned 32-bit value; %U = as unsigned 64-bit; %a = as
 * Capstone 4 prints a 32-bit arithmetic immediate (imm8 signed, imm32
 * unsigned); %c = condition code of a.  Capstone prints the immediates of
 * logical operations (and/or/xor, movabs) unsigned. */
static void expect_text(char *out, size_t cap, const char *pat, int a, int c, x86_mem m,
                        int64_t imm) {
    size_t n = 0;
    out[0] = 0;
    for (const char *p = pat; *p && n + 1 < cap; p++) {
        char piece[96];
        if (*p != '%') { out[n++] = *p; out[n] = 0; continue; }
        p++;
        piece[0] = 0;
        if (*p == 'q' || *p == 'd' || *p == 'w' || *p == 'b' || *p == 'x') {
            char kind = *p++;
            int r = *p == '0' ? a : c;
            if (kind == 'q') snprintf(piece, sizeof piece, "%s", r64[r]);
            else if (kind == 'd') snprintf(piece, sizeof piece, "%s", r32[r]);
            else if (kind == 'w') snprintf(piece, sizeof piece, "%s", r16[r]);
            else if (kind == 'b') snprintf(piece, sizeof piece, "%s", r8[r]);
            else snprintf(piece, sizeof piece, "xmm%d", r);
        } else if (*p == 'M') {
            p++;
            fmt_mem(piece, sizeof piece, *p, m);
        } else if (*p == 'i') {
            fmt_num(piece, sizeof piece, imm);
        } else if (*p == 'u') {
            fmt_num(piece, sizeof piece, (int64_t)(uint32_t)imm);
        } else if (*p == 'U') {
            snprintf(piece, sizeof piece, "0x%llx", (unsigned long long)imm);
            if ((uint64_t)imm <= 9) fmt_num(piece, sizeof piece, imm);
        } else if (*p == 'a') {
            /* 32-bit arithmetic: an imm8 prints signed, an imm32 unsigned */
            fmt_num(piece, sizeof piece, imm >= -128 && imm <= 127 ? imm
                                                                   : (int64_t)(uint32_t)imm);
        } else if (*p == 'c') {
            snprintf(piece, sizeof piece, "%s", ccname[a & 15]);
        }
        size_t k = strlen(piece);
        if (n + k >= cap) k = cap - n - 1;
        memcpy(out + n, piece, k);
        n += k;
        out[n] = 0;
    }
}

/* Disassemble code[0..len) as exactly one instruction at `addr`. */
static int disasm_one(const uint8_t *code, size_t len, uint64_t addr, char *out, size_t cap) {
    cs_insn *insn;
    size_t n = cs_disasm(cs, code, len, addr, 0, &insn);
    if (n != 1 || insn[0].size != len) {
        snprintf(out, cap, "<%zu insns for %zu bytes>", n, len);
        if (n) cs_free(insn, n);
        return -1;
    }
    if (insn[0].op_str[0]) snprintf(out, cap, "%s %s", insn[0].mnemonic, insn[0].op_str);
    else snprintf(out, cap, "%s", insn[0].mnemonic);
    cs_free(insn, n);
    return 0;
}

/* ---- the form table ---------------------------------------------------------- */

enum shape { SH_NONE, SH_R, SH_RR, SH_RM, SH_MR, SH_M, SH_RI, SH_MI, SH_RRI, SH_SHIFT, SH_CC };
enum immset { IMM_NONE, IMM_S32, IMM_U32, IMM_S64, IMM_U8 };

typedef void (*emit_fn)(x86_buf *b, int a, int c, x86_mem m, int64_t imm);

typedef struct form {
    const char *name;
    enum shape shape;
    enum immset imms;
    const char *pattern;
    emit_fn emit;
    bool xmm_a, xmm_c;   /* operand a / c is an xmm register (for naming only) */
} form;

#define W_R(fn)   static void w_##fn(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; (void)i; fn(b, a); }
#define W_RR(fn)  static void w_##fn(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; (void)i; fn(b, a, c); }
#define W_RM(fn)  static void w_##fn(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)i; fn(b, a, m); }
#define W_MR(fn)  static void w_##fn(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)i; fn(b, m, a); }
#define W_N(fn)   static void w_##fn(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)a; (void)c; (void)m; (void)i; fn(b); }

W_RR(x86_mov_rr64) W_RR(x86_mov_rr32)
static void w_mov_ri32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_mov_ri32(b, a, (uint32_t)i); }
static void w_mov_ri64_sx(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_mov_ri64_sx(b, a, (int32_t)i); }
static void w_movabs(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_movabs(b, a, (uint64_t)i); }
W_RM(x86_ld64) W_RM(x86_ld32) W_RM(x86_ld32sx) W_RM(x86_ld16zx) W_RM(x86_ld16sx)
W_RM(x86_ld16sx64) W_RM(x86_ld8zx) W_RM(x86_ld8sx) W_RM(x86_ld8sx64) W_RM(x86_lea)
W_MR(x86_st64) W_MR(x86_st32) W_MR(x86_st16) W_MR(x86_st8)
static void w_st64_imm(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)a; (void)c; x86_st64_imm(b, m, (int32_t)i); }
static void w_st32_imm(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)a; (void)c; x86_st32_imm(b, m, (int32_t)i); }

#define W_ALU(op, OP) \
    static void w_##op##_rr64(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; (void)i; x86_alu_rr64(b, OP, a, c); } \
    static void w_##op##_rr32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; (void)i; x86_alu_rr32(b, OP, a, c); } \
    static void w_##op##_ri64(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_alu_ri64(b, OP, a, (int32_t)i); } \
    static void w_##op##_ri32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_alu_ri32(b, OP, a, (int32_t)i); } \
    static void w_##op##_rm64(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)i; x86_alu_rm64(b, OP, a, m); } \
    static void w_##op##_rm32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)i; x86_alu_rm32(b, OP, a, m); } \
    static void w_##op##_mi32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)a; (void)c; x86_alu_mi32(b, OP, m, (int32_t)i); } \
    static void w_##op##_mi64(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)a; (void)c; x86_alu_mi64(b, OP, m, (int32_t)i); }
W_ALU(add, X86_ADD) W_ALU(or, X86_OR) W_ALU(and, X86_AND) W_ALU(sub, X86_SUB)
W_ALU(xor, X86_XOR) W_ALU(cmp, X86_CMP)
/* i64/i32: how capstone prints the 64-bit and 32-bit immediates */
#define ALU_FORMS(op, i64, i32) \
    { #op "_rr64", SH_RR, IMM_NONE, #op " %q0, %q1", w_##op##_rr64, 0, 0 }, \
    { #op "_rr32", SH_RR, IMM_NONE, #op " %d0, %d1", w_##op##_rr32, 0, 0 }, \
    { #op "_ri64", SH_RI, IMM_S32, #op " %q0, " i64, w_##op##_ri64, 0, 0 }, \
    { #op "_ri32", SH_RI, IMM_S32, #op " %d0, " i32, w_##op##_ri32, 0, 0 }, \
    { #op "_rm64", SH_RM, IMM_NONE, #op " %q0, %Mq", w_##op##_rm64, 0, 0 }, \
    { #op "_rm32", SH_RM, IMM_NONE, #op " %d0, %Md", w_##op##_rm32, 0, 0 }, \
    { #op "_mi32", SH_MI, IMM_S32, #op " %Md, " i32, w_##op##_mi32, 0, 0 }, \
    { #op "_mi64", SH_MI, IMM_S32, #op " %Mq, " i64, w_##op##_mi64, 0, 0 }

W_RR(x86_test_rr64) W_RR(x86_test_rr32)
static void w_test_ri32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_test_ri32(b, a, (uint32_t)i); }
W_RR(x86_imul_rr64) W_RR(x86_imul_rr32)
static void w_imul_rri64(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; x86_imul_rri64(b, a, c, (int32_t)i); }
static void w_imul_rri32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; x86_imul_rri32(b, a, c, (int32_t)i); }
W_R(x86_idiv64) W_R(x86_idiv32) W_N(x86_cdq) W_N(x86_cqo) W_N(x86_ret)
W_R(x86_neg64) W_R(x86_neg32) W_R(x86_not64) W_R(x86_not32)
#define W_SH(op, OP) \
    static void w_##op##_cl64(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; (void)i; x86_shift_cl64(b, OP, a); } \
    static void w_##op##_cl32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; (void)i; x86_shift_cl32(b, OP, a); } \
    static void w_##op##_ri64(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_shift_ri64(b, OP, a, (uint8_t)i); } \
    static void w_##op##_ri32(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)m; x86_shift_ri32(b, OP, a, (uint8_t)i); }
W_SH(shl, X86_SHL) W_SH(shr, X86_SHR) W_SH(sar, X86_SAR)
#define SH_FORMS(op) \
    { #op "_cl64", SH_R, IMM_NONE, #op " %q0, cl", w_##op##_cl64, 0, 0 }, \
    { #op "_cl32", SH_R, IMM_NONE, #op " %d0, cl", w_##op##_cl32, 0, 0 }, \
    { #op "_ri64", SH_SHIFT, IMM_U8, #op " %q0, %i", w_##op##_ri64, 0, 0 }, \
    { #op "_ri32", SH_SHIFT, IMM_U8, #op " %d0, %i", w_##op##_ri32, 0, 0 }
static void w_setcc(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; (void)i; x86_setcc(b, (enum x86_cc)a, c); }
W_RR(x86_movzx8_rr) W_RR(x86_movzx16_rr) W_RR(x86_movsx8_rr) W_RR(x86_movsx16_rr)
W_RR(x86_movsx8_rr64) W_RR(x86_movsx16_rr64) W_RR(x86_movsxd_rr)
W_R(x86_push) W_R(x86_pop) W_R(x86_call_reg)
W_RR(x86_movsd_rr) W_RR(x86_movss_rr) W_RM(x86_movsd_ld) W_RM(x86_movss_ld)
W_MR(x86_movsd_st) W_MR(x86_movss_st)
#define W_SSE(op, OP) \
    static void w_##op##sd(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; (void)i; x86_sse_sd(b, OP, a, c); } \
    static void w_##op##ss(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)m; (void)i; x86_sse_ss(b, OP, a, c); }
W_SSE(add, X86_SSE_ADD) W_SSE(sub, X86_SSE_SUB) W_SSE(mul, X86_SSE_MUL)
W_SSE(div, X86_SSE_DIV) W_SSE(sqrt, X86_SSE_SQRT)
#define SSE_FORMS(op) \
    { #op "sd", SH_RR, IMM_NONE, #op "sd %x0, %x1", w_##op##sd, 1, 1 }, \
    { #op "ss", SH_RR, IMM_NONE, #op "ss %x0, %x1", w_##op##ss, 1, 1 }
W_RR(x86_cvtsi2sd32) W_RR(x86_cvtsi2sd64) W_RR(x86_cvtsi2ss32) W_RR(x86_cvtsi2ss64)
W_RR(x86_cvttsd2si32) W_RR(x86_cvttsd2si64) W_RR(x86_cvttss2si32) W_RR(x86_cvttss2si64)
W_RR(x86_cvtsd2ss) W_RR(x86_cvtss2sd) W_RR(x86_ucomisd) W_RR(x86_ucomiss)
W_RR(x86_movq_xr) W_RR(x86_movq_rx) W_RR(x86_movd_xr) W_RR(x86_movd_rx)
W_RR(x86_movaps_rr) W_RR(x86_xorps_rr)
#define W_SSEM(op, OP) \
    static void w_##op##sd_m(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)i; x86_sse_sd_m(b, OP, a, m); } \
    static void w_##op##ss_m(x86_buf *b, int a, int c, x86_mem m, int64_t i) { (void)c; (void)i; x86_sse_ss_m(b, OP, a, m); }
W_SSEM(add, X86_SSE_ADD) W_SSEM(sub, X86_SSE_SUB) W_SSEM(mul, X86_SSE_MUL) W_SSEM(div, X86_SSE_DIV)
#define SSEM_FORMS(op) \
    { #op "sd_m", SH_RM, IMM_NONE, #op "sd %x0, %Mq", w_##op##sd_m, 1, 0 }, \
    { #op "ss_m", SH_RM, IMM_NONE, #op "ss %x0, %Md", w_##op##ss_m, 1, 0 }

static const form forms[] = {
    { "mov_rr64", SH_RR, IMM_NONE, "mov %q0, %q1", w_x86_mov_rr64, 0, 0 },
    { "mov_rr32", SH_RR, IMM_NONE, "mov %d0, %d1", w_x86_mov_rr32, 0, 0 },
    { "mov_ri32", SH_RI, IMM_U32, "mov %d0, %u", w_mov_ri32, 0, 0 },
    { "mov_ri64_sx", SH_RI, IMM_S32, "mov %q0, %i", w_mov_ri64_sx, 0, 0 },
    { "movabs", SH_RI, IMM_S64, "movabs %q0, %U", w_movabs, 0, 0 },
    { "ld64", SH_RM, IMM_NONE, "mov %q0, %Mq", w_x86_ld64, 0, 0 },
    { "ld32", SH_RM, IMM_NONE, "mov %d0, %Md", w_x86_ld32, 0, 0 },
    { "ld32sx", SH_RM, IMM_NONE, "movsxd %q0, %Md", w_x86_ld32sx, 0, 0 },
    { "ld16zx", SH_RM, IMM_NONE, "movzx %d0, %Mw", w_x86_ld16zx, 0, 0 },
    { "ld16sx", SH_RM, IMM_NONE, "movsx %d0, %Mw", w_x86_ld16sx, 0, 0 },
    { "ld16sx64", SH_RM, IMM_NONE, "movsx %q0, %Mw", w_x86_ld16sx64, 0, 0 },
    { "ld8zx", SH_RM, IMM_NONE, "movzx %d0, %Mb", w_x86_ld8zx, 0, 0 },
    { "ld8sx", SH_RM, IMM_NONE, "movsx %d0, %Mb", w_x86_ld8sx, 0, 0 },
    { "ld8sx64", SH_RM, IMM_NONE, "movsx %q0, %Mb", w_x86_ld8sx64, 0, 0 },
    { "st64", SH_MR, IMM_NONE, "mov %Mq, %q0", w_x86_st64, 0, 0 },
    { "st32", SH_MR, IMM_NONE, "mov %Md, %d0", w_x86_st32, 0, 0 },
    { "st16", SH_MR, IMM_NONE, "mov %Mw, %w0", w_x86_st16, 0, 0 },
    { "st8", SH_MR, IMM_NONE, "mov %Mb, %b0", w_x86_st8, 0, 0 },
    { "st64_imm", SH_MI, IMM_S32, "mov %Mq, %i", w_st64_imm, 0, 0 },
    { "st32_imm", SH_MI, IMM_S32, "mov %Md, %u", w_st32_imm, 0, 0 },
    { "lea", SH_RM, IMM_NONE, "lea %q0, %Mn", w_x86_lea, 0, 0 },
    ALU_FORMS(add, "%i", "%a"), ALU_FORMS(or, "%U", "%u"), ALU_FORMS(and, "%U", "%u"),
    ALU_FORMS(sub, "%i", "%a"), ALU_FORMS(xor, "%U", "%u"), ALU_FORMS(cmp, "%i", "%a"),
    { "test_rr64", SH_RR, IMM_NONE, "test %q0, %q1", w_x86_test_rr64, 0, 0 },
    { "test_rr32", SH_RR, IMM_NONE, "test %d0, %d1", w_x86_test_rr32, 0, 0 },
    { "test_ri32", SH_RI, IMM_U32, "test %d0, %u", w_test_ri32, 0, 0 },
    { "imul_rr64", SH_RR, IMM_NONE, "imul %q0, %q1", w_x86_imul_rr64, 0, 0 },
    { "imul_rr32", SH_RR, IMM_NONE, "imul %d0, %d1", w_x86_imul_rr32, 0, 0 },
    { "imul_rri64", SH_RRI, IMM_S32, "imul %q0, %q1, %i", w_imul_rri64, 0, 0 },
    { "imul_rri32", SH_RRI, IMM_S32, "imul %d0, %d1, %a", w_imul_rri32, 0, 0 },
    { "idiv64", SH_R, IMM_NONE, "idiv %q0", w_x86_idiv64, 0, 0 },
    { "idiv32", SH_R, IMM_NONE, "idiv %d0", w_x86_idiv32, 0, 0 },
    { "cdq", SH_NONE, IMM_NONE, "cdq", w_x86_cdq, 0, 0 },
    { "cqo", SH_NONE, IMM_NONE, "cqo", w_x86_cqo, 0, 0 },
    { "ret", SH_NONE, IMM_NONE, "ret", w_x86_ret, 0, 0 },
    { "neg64", SH_R, IMM_NONE, "neg %q0", w_x86_neg64, 0, 0 },
    { "neg32", SH_R, IMM_NONE, "neg %d0", w_x86_neg32, 0, 0 },
    { "not64", SH_R, IMM_NONE, "not %q0", w_x86_not64, 0, 0 },
    { "not32", SH_R, IMM_NONE, "not %d0", w_x86_not32, 0, 0 },
    SH_FORMS(shl), SH_FORMS(shr), SH_FORMS(sar),
    { "setcc", SH_CC, IMM_NONE, "set%c %b1", w_setcc, 0, 0 },
    { "movzx8_rr", SH_RR, IMM_NONE, "movzx %d0, %b1", w_x86_movzx8_rr, 0, 0 },
    { "movzx16_rr", SH_RR, IMM_NONE, "movzx %d0, %w1", w_x86_movzx16_rr, 0, 0 },
    { "movsx8_rr", SH_RR, IMM_NONE, "movsx %d0, %b1", w_x86_movsx8_rr, 0, 0 },
    { "movsx16_rr", SH_RR, IMM_NONE, "movsx %d0, %w1", w_x86_movsx16_rr, 0, 0 },
    { "movsx8_rr64", SH_RR, IMM_NONE, "movsx %q0, %b1", w_x86_movsx8_rr64, 0, 0 },
    { "movsx16_rr64", SH_RR, IMM_NONE, "movsx %q0, %w1", w_x86_movsx16_rr64, 0, 0 },
    { "movsxd_rr", SH_RR, IMM_NONE, "movsxd %q0, %d1", w_x86_movsxd_rr, 0, 0 },
    { "push", SH_R, IMM_NONE, "push %q0", w_x86_push, 0, 0 },
    { "pop", SH_R, IMM_NONE, "pop %q0", w_x86_pop, 0, 0 },
    { "call_reg", SH_R, IMM_NONE, "call %q0", w_x86_call_reg, 0, 0 },
    { "movsd_rr", SH_RR, IMM_NONE, "movsd %x0, %x1", w_x86_movsd_rr, 1, 1 },
    { "movss_rr", SH_RR, IMM_NONE, "movss %x0, %x1", w_x86_movss_rr, 1, 1 },
    { "movsd_ld", SH_RM, IMM_NONE, "movsd %x0, %Mq", w_x86_movsd_ld, 1, 0 },
    { "movss_ld", SH_RM, IMM_NONE, "movss %x0, %Md", w_x86_movss_ld, 1, 0 },
    { "movsd_st", SH_MR, IMM_NONE, "movsd %Mq, %x0", w_x86_movsd_st, 1, 0 },
    { "movss_st", SH_MR, IMM_NONE, "movss %Md, %x0", w_x86_movss_st, 1, 0 },
    SSE_FORMS(add), SSE_FORMS(sub), SSE_FORMS(mul), SSE_FORMS(div), SSE_FORMS(sqrt),
    { "cvtsi2sd32", SH_RR, IMM_NONE, "cvtsi2sd %x0, %d1", w_x86_cvtsi2sd32, 1, 0 },
    { "cvtsi2sd64", SH_RR, IMM_NONE, "cvtsi2sd %x0, %q1", w_x86_cvtsi2sd64, 1, 0 },
    { "cvtsi2ss32", SH_RR, IMM_NONE, "cvtsi2ss %x0, %d1", w_x86_cvtsi2ss32, 1, 0 },
    { "cvtsi2ss64", SH_RR, IMM_NONE, "cvtsi2ss %x0, %q1", w_x86_cvtsi2ss64, 1, 0 },
    { "cvttsd2si32", SH_RR, IMM_NONE, "cvttsd2si %d0, %x1", w_x86_cvttsd2si32, 0, 1 },
    { "cvttsd2si64", SH_RR, IMM_NONE, "cvttsd2si %q0, %x1", w_x86_cvttsd2si64, 0, 1 },
    { "cvttss2si32", SH_RR, IMM_NONE, "cvttss2si %d0, %x1", w_x86_cvttss2si32, 0, 1 },
    { "cvttss2si64", SH_RR, IMM_NONE, "cvttss2si %q0, %x1", w_x86_cvttss2si64, 0, 1 },
    { "cvtsd2ss", SH_RR, IMM_NONE, "cvtsd2ss %x0, %x1", w_x86_cvtsd2ss, 1, 1 },
    { "cvtss2sd", SH_RR, IMM_NONE, "cvtss2sd %x0, %x1", w_x86_cvtss2sd, 1, 1 },
    { "ucomisd", SH_RR, IMM_NONE, "ucomisd %x0, %x1", w_x86_ucomisd, 1, 1 },
    { "ucomiss", SH_RR, IMM_NONE, "ucomiss %x0, %x1", w_x86_ucomiss, 1, 1 },
    { "movq_xr", SH_RR, IMM_NONE, "movq %x0, %q1", w_x86_movq_xr, 1, 0 },
    { "movq_rx", SH_RR, IMM_NONE, "movq %q0, %x1", w_x86_movq_rx, 0, 1 },
    { "movd_xr", SH_RR, IMM_NONE, "movd %x0, %d1", w_x86_movd_xr, 1, 0 },
    { "movd_rx", SH_RR, IMM_NONE, "movd %d0, %x1", w_x86_movd_rx, 0, 1 },
    { "movaps_rr", SH_RR, IMM_NONE, "movaps %x0, %x1", w_x86_movaps_rr, 1, 1 },
    { "xorps_rr", SH_RR, IMM_NONE, "xorps %x0, %x1", w_x86_xorps_rr, 1, 1 },
    SSEM_FORMS(add), SSEM_FORMS(sub), SSEM_FORMS(mul), SSEM_FORMS(div),
};

/* immediate size classes: 0, small decimal, imm8 edges, imm32 edges */
static const int64_t imm_s32[] = { 0, 1, 9, 10, 127, -1, -128, 128, -129, 0x7fff, 0x12345,
                                   INT32_MAX, INT32_MIN };
static const int64_t imm_u32[] = { 0, 1, 9, 10, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x7fffffff,
                                   0x80000000, 0xffffffff };
static const int64_t imm_s64[] = { 0, 1, 10, -1, INT32_MAX, INT32_MIN, 0x100000000LL,
                                   0x123456789abcdef0LL, INT64_MIN, INT64_MAX };
static const int64_t imm_u8[] = { 0, 1, 5, 9, 10, 31, 63 };
/* displacement size classes: none, disp8 edges, disp32 edges */
static const int32_t disps[] = { 0, 8, 127, -128, 128, -129, 0x12345678, INT32_MIN };

static long form_failures;

static void check_one(const form *f, int a, int c, x86_mem m, int64_t imm, char *why,
                      size_t cap) {
    uint8_t code[32];
    x86_buf b;
    x86_init(&b, &plat, 0);
    x86_pass_begin(&b, code, sizeof code);
    f->emit(&b, a, c, m, imm);
    char got[160], want[160];
    n_checked++;
    if (b.err != VM_OK) {
        snprintf(got, sizeof got, "<encoder error %d>", (int)b.err);
    } else {
        disasm_one(code, b.len, 0x10000, got, sizeof got);
    }
    /* setcc: a is the condition, c the register */
    expect_text(want, sizeof want, f->pattern, a, c, m, imm);
    if (strcmp(got, want) != 0) {
        if (!form_failures) {
            char hex[100] = "";
            for (uint32_t i = 0; i < b.len && i < 30; i++)
                snprintf(hex + strlen(hex), sizeof hex - strlen(hex), "%02x ", code[i]);
            snprintf(why, cap, "%s: got \"%s\" want \"%s\" [%s]", f->name, got, want, hex);
        }
        form_failures++;
    }
    x86_free(&b);
}

/* Memory operands covering each base register with every displacement
 * class, and base x index x scale (index never rsp). */
static void each_mem(const form *f, bool with_reg, char *why, size_t cap) {
    const int64_t *imms = NULL;
    size_t n_imm = 1;
    if (f->imms == IMM_S32) { imms = imm_s32; n_imm = sizeof imm_s32 / sizeof *imm_s32; }
    if (f->imms == IMM_U32) { imms = imm_u32; n_imm = sizeof imm_u32 / sizeof *imm_u32; }
    for (int base = 0; base < 16; base++)
        for (size_t di = 0; di < sizeof disps / sizeof *disps; di++)
            for (int r = 0; r < (with_reg ? 16 : 1); r++)
                for (size_t ii = 0; ii < n_imm; ii++)
                    check_one(f, r, 0, x86_m(base, disps[di]), imms ? imms[ii] : 0, why, cap);
    static const int scales[] = { 1, 2, 4, 8 };
    static const int32_t sdisps[] = { 0, -8, 0x200 };
    for (int base = 0; base < 16; base++)
        for (int index = 0; index < 16; index++) {
            if (index == X86_RSP) continue;
            for (int s = 0; s < 4; s++)
                for (int d = 0; d < 3; d++) {
                    int r = (base + index + s) & 15;
                    int64_t imm = imms ? imms[(size_t)(base + index + d) % n_imm] : 0;
                    check_one(f, r, 0, x86_mx(base, index, scales[s], sdisps[d]), imm, why, cap);
                }
        }
}

static void run_form(const form *f, char *why, size_t cap) {
    x86_mem none = x86_m(0, 0);
    const int64_t *imms = NULL;
    size_t n_imm = 0;
    switch (f->imms) {
    case IMM_S32: imms = imm_s32; n_imm = sizeof imm_s32 / sizeof *imm_s32; break;
    case IMM_U32: imms = imm_u32; n_imm = sizeof imm_u32 / sizeof *imm_u32; break;
    case IMM_S64: imms = imm_s64; n_imm = sizeof imm_s64 / sizeof *imm_s64; break;
    case IMM_U8: imms = imm_u8; n_imm = sizeof imm_u8 / sizeof *imm_u8; break;
    default: break;
    }
    switch (f->shape) {
    case SH_NONE: check_one(f, 0, 0, none, 0, why, cap); break;
    case SH_R: for (int a = 0; a < 16; a++) check_one(f, a, 0, none, 0, why, cap); break;
    case SH_RR:
        for (int a = 0; a < 16; a++)
            for (int c = 0; c < 16; c++) check_one(f, a, c, none, 0, why, cap);
        break;
    case SH_RI: case SH_SHIFT:
        for (int a = 0; a < 16; a++)
            for (size_t i = 0; i < n_imm; i++) check_one(f, a, 0, none, imms[i], why, cap);
        break;
    case SH_RRI:
        for (int a = 0; a < 16; a++)
            for (int c = 0; c < 16; c++)
                for (size_t i = 0; i < n_imm; i++) check_one(f, a, c, none, imms[i], why, cap);
        break;
    case SH_RM: case SH_MR: each_mem(f, true, why, cap); break;
    case SH_M: case SH_MI: each_mem(f, false, why, cap); break;
    case SH_CC:
        for (int cc = 0; cc < 16; cc++)
            for (int r = 0; r < 16; r++) check_one(f, cc, r, none, 0, why, cap);
        break;
    }
}

static void test_every_form(void) {
    char why[400] = "";
    long total_fail = 0;
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        form_failures = 0;
        run_form(&forms[i], why, sizeof why);
        if (form_failures) {
            printf("  form %s: %ld mismatches, first: %s\n", forms[i].name, form_failures, why);
            total_fail += form_failures;
        }
    }
    printf("  %ld encodings of %zu forms checked against capstone\n", n_checked,
           sizeof forms / sizeof *forms);
    UT_CHECK_EQ_INT(total_fail, 0);
}

/* raw branch forms at every rel size edge: capstone prints the absolute
 * target (address of the next instruction + rel) */
static void test_raw_branches(void) {
    static const int32_t rels8[] = { 0, 1, 127, -128, -1, -2 };
    static const int32_t rels32[] = { 0, 128, -129, 0x1000, -0x1000, 0x7ffff000 };
    const uint64_t at = 0x40000000;
    for (int kind = 0; kind < 5; kind++)
        for (int cc = 0; cc < (kind == 2 || kind == 3 ? 16 : 1); cc++)
            for (int w = 0; w < 2; w++) {
                const int32_t *rels = w ? rels32 : rels8;
                for (int i = 0; i < 6; i++) {
                    uint8_t code[16];
                    x86_buf b;
                    x86_init(&b, &plat, 0);
                    x86_pass_begin(&b, code, sizeof code);
                    const char *mn = "jmp";
                    char mnb[8];
                    switch (kind) {
                    case 0: if (w) x86_jmp_rel32(&b, rels[i]); else x86_jmp_rel8(&b, (int8_t)rels[i]); break;
                    case 1: if (w) x86_call_rel32(&b, rels[i]); else x86_call_rel32(&b, rels[i]); mn = "call"; break;
                    default:
                        if (w) x86_jcc_rel32(&b, (enum x86_cc)cc, rels[i]);
                        else x86_jcc_rel8(&b, (enum x86_cc)cc, (int8_t)rels[i]);
                        snprintf(mnb, sizeof mnb, "j%s", ccname[cc]);
                        mn = mnb;
                        break;
                    }
                    char got[100], want[100], num[32];
                    disasm_one(code, b.len, at, got, sizeof got);
                    fmt_num(num, sizeof num, (int64_t)(at + b.len) + rels[i]);
                    snprintf(want, sizeof want, "%s %s", mn, num);
                    UT_CHECK_EQ_STR(got, want);
                    UT_CHECK_EQ_INT(b.len, kind == 1 ? 5 : w ? (kind == 0 ? 5 : 6) : 2);
                    x86_free(&b);
                }
            }
}

/* x86_nop: every length 1..9 decodes as ONE nop of that length; 0 and 10
 * are refused (sticky error) */
static void test_nops(void) {
    for (unsigned n = 0; n <= 10; n++) {
        uint8_t code[16];
        x86_buf b;
        x86_init(&b, &plat, 0);
        x86_pass_begin(&b, code, sizeof code);
        x86_nop(&b, n);
        if (n == 0 || n == 10) {
            UT_CHECK(b.err == VM_ERR_ARG);
            UT_CHECK_EQ_INT(b.len, 0);
        } else {
            char got[100];
            UT_CHECK_EQ_INT(b.len, n);
            UT_CHECK_EQ_INT(disasm_one(code, b.len, 0x1000, got, sizeof got), 0);
            UT_CHECK(strncmp(got, "nop", 3) == 0);
        }
        x86_free(&b);
    }
}

/* ---- labels and branch sizing --------------------------------------------------- */

struct fill_ctx { int kind; uint32_t n; int cc; };

/* kind 0: jmp L; n nops; L: ret     kind 1: L: n nops; jmp L
 * (jcc when cc >= 0) */
static void gen_fill(x86_buf *b, void *p) {
    struct fill_ctx *c = p;
    if (c->kind == 0) {
        if (c->cc < 0) x86_jmp(b, 0); else x86_jcc(b, (enum x86_cc)c->cc, 0);
        for (uint32_t i = 0; i < c->n; i++) x86_byte(b, 0x90);
        x86_bind(b, 0);
        x86_ret(b);
    } else {
        x86_bind(b, 0);
        for (uint32_t i = 0; i < c->n; i++) x86_byte(b, 0x90);
        if (c->cc < 0) x86_jmp(b, 0); else x86_jcc(b, (enum x86_cc)c->cc, 0);
    }
}

/* Assemble and check the branch's size and, with capstone, its target. */
static int label_case(int kind, uint32_t n, int cc, uint32_t want_len, char *why, size_t cap) {
    x86_buf b;
    struct fill_ctx c = { kind, n, cc };
    uint32_t size;
    x86_init(&b, &plat, 1);
    if (x86_assemble(&b, gen_fill, &c, &size) != VM_OK) {
        snprintf(why, cap, "assemble failed");
        x86_free(&b);
        return -1;
    }
    uint8_t *mem = malloc(size);
    x86_finish(&b, mem, size, (uintptr_t)mem);
    size = b.len;   /* x86_assemble gave an upper bound; this is the code's size */
    uint32_t at = kind == 0 ? 0 : n;
    uint32_t target = kind == 0 ? size - 1 : 0;
    char got[100], want[100], num[32];
    int rc = 0;
    if (b.err != VM_OK) { snprintf(why, cap, "emit failed"); rc = -1; }
    else if (size - n - 1u * (kind == 0) != want_len) {
        snprintf(why, cap, "kind %d n %u: branch is %u bytes, want %u", kind, n,
                 size - n - (kind == 0), want_len);
        rc = -1;
    } else {
        disasm_one(mem + at, want_len, 0x1000 + at, got, sizeof got);
        fmt_num(num, sizeof num, 0x1000 + target);
        snprintf(want, sizeof want, "j%s %s", cc < 0 ? "mp" : ccname[cc], num);
        if (strcmp(got, want)) {
            snprintf(why, cap, "kind %d n %u: got \"%s\" want \"%s\"", kind, n, got, want);
            rc = -1;
        }
    }
    free(mem);
    x86_free(&b);
    return rc;
}

static void test_label_edges(void) {
    char why[200];
    for (int cc = -1; cc < 16; cc++) {
        /* forward: rel = n.  127 fits rel8, 128 does not */
        UT_CHECK(label_case(0, 0, cc, 2, why, sizeof why) == 0);
        UT_CHECK(label_case(0, 127, cc, 2, why, sizeof why) == 0);
        UT_CHECK(label_case(0, 128, cc, cc < 0 ? 5 : 6, why, sizeof why) == 0);
        UT_CHECK(label_case(0, 1000, cc, cc < 0 ? 5 : 6, why, sizeof why) == 0);
        /* backward: rel = -(n + 2) with rel8: -128 fits (n = 126), -129 not */
        UT_CHECK(label_case(1, 0, cc, 2, why, sizeof why) == 0);
        UT_CHECK(label_case(1, 126, cc, 2, why, sizeof why) == 0);
        UT_CHECK(label_case(1, 127, cc, cc < 0 ? 5 : 6, why, sizeof why) == 0);
        UT_CHECK(label_case(1, 5000, cc, cc < 0 ? 5 : 6, why, sizeof why) == 0);
        if (ut_cur_failed) { snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s", why); return; }
    }
}

/* A chain of forward jumps around the rel8 edge: the sizing pass makes
 * them rel32, the emitting pass rel8 where that pass says they fit; every
 * jump must still reach its label. */
struct chain_ctx { uint32_t n; uint32_t gap; };
static void gen_chain(x86_buf *b, void *p) {
    struct chain_ctx *c = p;
    /* jump i goes to label i, placed after jumps i+1.. and a gap */
    for (uint32_t i = 0; i < c->n; i++) {
        x86_jmp(b, i);
        for (uint32_t k = 0; k < c->gap; k++) x86_byte(b, 0x90);
    }
    for (uint32_t i = c->n; i-- > 0;) {
        x86_bind(b, i);
        x86_byte(b, 0x90);
    }
}

static void test_cascade(void) {
    /* with gap g every rel8 jump i spans (n-1-i) jumps + gaps; pick sizes
     * around the edge so growth cascades */
    for (uint32_t gap = 20; gap <= 40; gap += 3) {
        struct chain_ctx c = { 8, gap };
        x86_buf b;
        uint32_t size;
        x86_init(&b, &plat, c.n);
        UT_CHECK(x86_assemble(&b, gen_chain, &c, &size) == VM_OK);
        uint8_t *mem = malloc(size);
        UT_CHECK(x86_finish(&b, mem, size, (uintptr_t)mem) == VM_OK);
        /* decode every jump and check its target is label i */
        uint32_t pos = 0;
        for (uint32_t i = 0; i < c.n && !ut_cur_failed; i++) {
            uint32_t len = mem[pos] == 0xeb ? 2 : 5;
            char got[100], want[100], num[32];
            disasm_one(mem + pos, len, pos, got, sizeof got);
            fmt_num(num, sizeof num, x86_label_final(&b, i));
            snprintf(want, sizeof want, "jmp %s", num);
            UT_CHECK_EQ_STR(got, want);
            /* rel8 exactly when it fits */
            int64_t rel8 = (int64_t)x86_label_final(&b, i) - (pos + 2);
            if (len == 5) UT_CHECK(rel8 > 127);
            pos += len + gap;
        }
        free(mem);
        x86_free(&b);
    }
}

/* x86_assemble_at: recorded in the caller's space and finished in place
 * (mem == at), or moved on to the buffer's own when the space is too
 * small; the code must be the same as x86_assemble's */
static void test_assemble_at(void) {
    for (uint32_t gap = 20; gap <= 200; gap += 60) {
        struct chain_ctx c = { 40, gap };
        x86_buf b;
        uint32_t size, ref_len;
        x86_init(&b, &plat, c.n);
        UT_CHECK(x86_assemble(&b, gen_chain, &c, &size) == VM_OK);
        uint8_t *ref = malloc(size);
        UT_CHECK(x86_finish(&b, ref, size, 0x1000) == VM_OK);
        ref_len = b.len;
        x86_free(&b);
        uint32_t caps[] = { 64, 100, size / 2, size, size + 64 };
        for (size_t k = 0; k < sizeof caps / sizeof *caps && !ut_cur_failed; k++) {
            uint8_t *space = malloc(caps[k]);
            uint32_t size2;
            x86_init(&b, &plat, c.n);
            UT_CHECK(x86_assemble_at(&b, gen_chain, &c, space, caps[k], &size2) == VM_OK);
            UT_CHECK(size2 == size);
            bool in_place = x86_recorded(&b) == space;
            UT_CHECK(in_place == (caps[k] >= size));
            uint8_t *mem = in_place ? space : malloc(size);
            UT_CHECK(x86_finish(&b, mem, in_place ? caps[k] : size, 0x1000) == VM_OK);
            UT_CHECK(b.len == ref_len);
            UT_CHECK(memcmp(mem, ref, ref_len) == 0);
            if (!in_place) free(mem);
            free(space);
            x86_free(&b);
        }
        free(ref);
    }
}

/* the shortest encoding is chosen: disp8 vs disp32 (and the forced disp8
 * of rbp/r13, the SIB byte of rsp/r12), imm8 vs imm32 */
static void test_sizes(void) {
    for (int base = 0; base < 16; base++)
        for (size_t di = 0; di < sizeof disps / sizeof *disps; di++) {
            int32_t d = disps[di];
            uint8_t code[16];
            x86_buf b;
            x86_init(&b, &plat, 0);
            x86_pass_begin(&b, code, sizeof code);
            x86_ld64(&b, X86_RAX, x86_m(base, d));
            uint32_t want = 3 + ((base & 7) == X86_RSP) +
                            (d == 0 && (base & 7) != X86_RBP ? 0 : d >= -128 && d <= 127 ? 1 : 4);
            UT_CHECK_EQ_INT(b.len, want);
            x86_free(&b);
        }
    for (size_t i = 0; i < sizeof imm_s32 / sizeof *imm_s32; i++) {
        uint8_t code[16];
        x86_buf b;
        x86_init(&b, &plat, 0);
        x86_pass_begin(&b, code, sizeof code);
        x86_alu_ri64(&b, X86_ADD, X86_R9, (int32_t)imm_s32[i]);
        bool small = imm_s32[i] >= -128 && imm_s32[i] <= 127;
        UT_CHECK_EQ_INT(b.len, small ? 4 : 7);
        x86_free(&b);
    }
}

static void test_sticky_error(void) {
    uint8_t code[4];
    x86_buf b;
    x86_init(&b, &plat, 0);
    x86_pass_begin(&b, code, sizeof code);
    x86_movabs(&b, X86_RAX, 1);  /* 10 bytes: overflows */
    UT_CHECK(b.err == VM_ERR_LIMIT);
    x86_ret(&b);
    UT_CHECK(b.err == VM_ERR_LIMIT);
    x86_free(&b);
    x86_init(&b, &plat, 0);
    x86_pass_begin(&b, code, sizeof code);
    x86_ld64(&b, X86_RAX, x86_mx(X86_RAX, X86_RSP, 1, 0)); /* rsp cannot be an index */
    UT_CHECK(b.err == VM_ERR_ARG);
    x86_free(&b);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) {
        printf("FAIL: capstone: cannot open\n");
        return 1;
    }
    UT_RUN(test_every_form);
    UT_RUN(test_sizes);
    UT_RUN(test_raw_branches);
    UT_RUN(test_nops);
    UT_RUN(test_label_edges);
    UT_RUN(test_cascade);
    UT_RUN(test_assemble_at);
    UT_RUN(test_sticky_error);
    cs_close(&cs);
    return ut_finish();
}
