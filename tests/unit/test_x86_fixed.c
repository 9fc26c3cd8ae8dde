/* test_x86_fixed.c - the JIT's fixed instruction sequences (src/jit/
 * x86_fixed.h) checked against Capstone, as test_x86_emit.c checks the
 * encoder: every entry of X86_FIXED_LIST is disassembled (with the
 * operand the code generator appends after it, for two different values)
 * and its text compared with the one the list gives; the appended operand
 * must be the last bytes of the last instruction and decode to the value
 * written there.  Each entry must also be exactly what the encoder
 * (x86_emit.h) writes for the same instructions, with the jframe offsets
 * taken from the struct: the list is the encoder's output kept as bytes.
 * x86_call_far's two final forms (x86_finish) are checked
 * the same way through the encoder.  And no other file of src/jit writes
 * raw bytes: a new fixed sequence must be declared in the list, which
 * this test enumerates. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <capstone/capstone.h>
#include "unit_test.h"
#include "jit/x86_emit.h"
#include "jit/x86_fixed.h"
#include "runtime/frames.h"
#include "platform/posix/posix_platform.h"

static csh cs;

/* a failed check: the first one is the group's FAIL line, every one is
 * printed to stderr */
#define failf(...) failf_(__LINE__, __VA_ARGS__)
__attribute__((format(printf, 2, 3))) static void failf_(int line, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "  %s:%d: %s\n", __FILE__, line, msg);
    if (!ut_cur_failed) {
        ut_cur_failed = 1;
        snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s:%d: %s", __FILE__, line, msg);
    }
}

typedef struct fixed {
    const char *name;
    const uint8_t *p;
    size_t n;
    int tail;
    const char *text;
} fixed;

static const fixed table[] = {
#define X(name, tail, text, ...) { #name, x86f_##name, sizeof x86f_##name, tail, text },
    X86_FIXED_LIST(X)
#undef X
};
#define N_TABLE (sizeof table / sizeof table[0])

static size_t tail_len(int tail) {
    return tail == X86F_I32 || tail == X86F_REL32 ? 4 : tail == X86F_I64 ? 8 : tail == X86F_REL8 ? 1 : 0;
}

/* disassemble code[0, n) at addr: the instructions' text joined by "; "
 * into out; *last_imm = the last instruction's last immediate operand (or
 * branch target), *ends = where the decoding stopped; the count */
static int disasm(const uint8_t *code, size_t n, uint64_t addr, char *out, size_t cap,
                  int64_t *last_imm, size_t *ends) {
    cs_insn *insn = NULL;
    size_t k = cs_disasm(cs, code, n, addr, 0, &insn);
    size_t len = 0;
    out[0] = 0;
    *last_imm = INT64_MIN;
    *ends = 0;
    for (size_t i = 0; i < k; i++) {
        len += (size_t)snprintf(out + len, len < cap ? cap - len : 0, "%s%s%s%s", i ? "; " : "",
                                insn[i].mnemonic, insn[i].op_str[0] ? " " : "", insn[i].op_str);
        if (len >= cap) len = cap - 1;
        *ends = (size_t)(insn[i].address - addr) + insn[i].size;
    }
    if (k) {
        const cs_x86 *x = &insn[k - 1].detail->x86;
        if (x->op_count && x->operands[x->op_count - 1].type == X86_OP_IMM)
            *last_imm = x->operands[x->op_count - 1].imm;
    }
    cs_free(insn, k);
    return (int)k;
}

/* the list's text with %t replaced by v (hex, as Capstone prints it) */
static void expect(char *out, size_t cap, const char *pat, uint64_t v) {
    const char *t = strstr(pat, "%t");
    if (!t) { snprintf(out, cap, "%s", pat); return; }
    snprintf(out, cap, "%.*s0x%llx%s", (int)(t - pat), pat, (unsigned long long)v, t + 2);
}

/* one entry with the tail value v */
static void check_entry(const fixed *f, uint64_t v) {
    const uint64_t addr = 0x100000;
    uint8_t code[64];
    size_t tl = tail_len(f->tail);
    UT_CHECK(f->n + tl <= sizeof code);
    if (f->n + tl > sizeof code) return;
    memcpy(code, f->p, f->n);
    memcpy(code + f->n, &v, tl);               /* (little-endian) */
    uint64_t shown = v;                        /* what Capstone prints for the tail */
    if (f->tail == X86F_REL32) shown = addr + f->n + 4 + (uint64_t)(int64_t)(int32_t)v;
    if (f->tail == X86F_REL8) shown = addr + f->n + 1 + (uint64_t)(int64_t)(int8_t)v;
    char got[256], want[256];
    int64_t imm;
    size_t ends;
    int k = disasm(code, f->n + tl, addr, got, sizeof got, &imm, &ends);
    expect(want, sizeof want, f->text, shown);
    if (k == 0 || strcmp(got, want) != 0 || ends != f->n + tl) {
        failf("%s: got \"%s\" (%zu of %zu bytes), want \"%s\"", f->name, got,
                ends, f->n + tl, want);
        return;
    }
    /* the tail is the last instruction's last operand: the code generator
     * writes it at offset n */
    if (tl && (uint64_t)imm != shown)
        failf("%s: the operand at offset %zu decodes as 0x%llx, not 0x%llx", f->name, f->n,
              (unsigned long long)imm, (unsigned long long)shown);
}

/* ---- the same instructions through the encoder ----
 * t: the tail's value (an immediate, or a branch's rel) */
#define R_FRAME X86_R12
#define JF(field) ((int32_t)offsetof(jframe, field))
typedef void (*enc_fn)(x86_buf *b, uint64_t t);
static void e_st_pc(x86_buf *b, uint64_t t) { x86_st32_imm(b, x86_m(R_FRAME, JF(pc)), (int32_t)t); }
static void e_st_sp_rax(x86_buf *b, uint64_t t) { (void)t; x86_st64(b, x86_m(R_FRAME, JF(sp)), X86_RAX); }
static void e_movabs_rdx(x86_buf *b, uint64_t t) { x86_movabs(b, X86_RDX, t); }
static void e_mov_r8d(x86_buf *b, uint64_t t) { x86_mov_ri32(b, X86_R8, (uint32_t)t); }
static void e_movabs_r9(x86_buf *b, uint64_t t) { x86_movabs(b, X86_R9, t); }
static void e_ld_r8d_fc(x86_buf *b, uint64_t t) { (void)t; x86_ld32(b, X86_R8, x86_m(X86_RSP, 0)); }
static void e_sp_next(x86_buf *b, uint64_t t) {
    (void)t;
    x86_st64(b, x86_m(R_FRAME, JF(sp)), X86_RDX);
    x86_lea(b, X86_RSI, x86_m(R_FRAME, (int32_t)sizeof(jframe)));
}
static void e_movabs_rax(x86_buf *b, uint64_t t) { x86_movabs(b, X86_RAX, t); }
static void e_st_rax_rsi(x86_buf *b, uint64_t t) { (void)t; x86_st64(b, x86_m(X86_RSI, JF(method)), X86_RAX); }
static void e_st_r9_rsi(x86_buf *b, uint64_t t) { (void)t; x86_st64(b, x86_m(X86_RSI, JF(method)), X86_R9); }
static void e_loc_add(x86_buf *b, uint64_t t) {
    (void)t;
    x86_st64(b, x86_m(X86_RSI, JF(locals)), X86_RDX);
    x86_alu_ri32(b, X86_ADD, X86_R8, 1);
}
static void e_call_r10(x86_buf *b, uint64_t t) { (void)t; x86_call_reg(b, X86_R10); }
static void e_test_eax(x86_buf *b, uint64_t t) { (void)t; x86_test_rr32(b, X86_RAX, X86_RAX); }
static void e_lea_rax_r8x5(x86_buf *b, uint64_t t) { (void)t; x86_lea(b, X86_RAX, x86_mx(X86_R8, X86_R8, 4, 0)); }
static void e_lea_rsi_frame(x86_buf *b, uint64_t t) {
    (void)t;
    x86_lea(b, X86_RSI, x86_mx(X86_RSI, X86_RAX, 8, -(int32_t)sizeof(jframe)));
}
static void e_call_rel32(x86_buf *b, uint64_t t) { x86_call_rel32(b, (int32_t)t); }
static void e_je_rel8(x86_buf *b, uint64_t t) { x86_jcc_rel8(b, X86_CC_E, (int8_t)t); }
static void e_ld8zx_eax_rax(x86_buf *b, uint64_t t) { (void)t; x86_ld8zx(b, X86_RAX, x86_m(X86_RAX, 0)); }
static void e_call_near(x86_buf *b, uint64_t t) { x86_nop(b, 7); x86_call_rel32(b, (int32_t)t); }
static void e_call_rax(x86_buf *b, uint64_t t) { (void)t; x86_call_reg(b, X86_RAX); }
/* one per entry of the list: a new entry without its encoder form fails */
static const enc_fn encoder_form[X86F_COUNT] = {
    [X86F_ST_PC] = e_st_pc, [X86F_ST_SP_RAX] = e_st_sp_rax, [X86F_MOVABS_RDX] = e_movabs_rdx,
    [X86F_MOV_R8D] = e_mov_r8d, [X86F_MOVABS_R9] = e_movabs_r9, [X86F_LD_R8D_FC] = e_ld_r8d_fc,
    [X86F_SP_NEXT] = e_sp_next, [X86F_MOVABS_RAX] = e_movabs_rax, [X86F_ST_RAX_RSI] = e_st_rax_rsi,
    [X86F_ST_R9_RSI] = e_st_r9_rsi, [X86F_LOC_ADD] = e_loc_add, [X86F_CALL_R10] = e_call_r10,
    [X86F_TEST_EAX] = e_test_eax, [X86F_LEA_RAX_R8X5] = e_lea_rax_r8x5,
    [X86F_LEA_RSI_FRAME] = e_lea_rsi_frame, [X86F_CALL_REL32] = e_call_rel32,
    [X86F_JE_REL8] = e_je_rel8, [X86F_LD8ZX_EAX_RAX] = e_ld8zx_eax_rax,
    [X86F_CALL_NEAR] = e_call_near, [X86F_CALL_RAX] = e_call_rax,
};

static vm_platform plat;

/* entry i with tail value v: the same bytes as its encoder form */
static void check_encoder(size_t i, uint64_t v) {
    const fixed *f = &table[i];
    if (!encoder_form[i]) { failf("%s: no encoder form in this test", f->name); return; }
    x86_buf b;
    uint8_t mem[64], want[64];
    size_t tl = tail_len(f->tail);
    if (x86_init(&b, &plat, 1) != VM_OK) { failf("x86_init"); return; }
    x86_pass_begin(&b, mem, sizeof mem);
    encoder_form[i](&b, v);
    memcpy(want, f->p, f->n);
    memcpy(want + f->n, &v, tl);
    if (b.err != VM_OK || b.len != f->n + tl || memcmp(mem, want, b.len) != 0)
        failf("%s: the encoder writes %u other bytes", f->name, b.len);
    x86_free(&b);
}

static void test_fixed_list(void) {
    UT_CHECK_EQ_INT(N_TABLE, X86F_COUNT);
    for (size_t i = 0; i < N_TABLE; i++) {
        const fixed *f = &table[i];
        UT_CHECK(f->n > 0);
        UT_CHECK(f->tail >= X86F_NONE && f->tail <= X86F_REL8);
        /* two values per tail, every byte different: the operand is all
         * of those bytes */
        uint64_t v[2] = { 0, 0 };
        switch (f->tail) {
        case X86F_I32: v[0] = 0x12345678u; v[1] = 0x7edcba98u; break;
        case X86F_I64: v[0] = 0x1122334455667788ull; v[1] = 0x7fedcba987654321ull; break;
        case X86F_REL32: v[0] = 0x00012345u; v[1] = (uint32_t)-0x6789; break;
        case X86F_REL8: v[0] = 6; v[1] = (uint8_t)-0x30; break;
        default: break;
        }
        for (int k = 0; k < 2; k++) {
            check_entry(f, v[k]);
            check_encoder(i, v[k]);
        }
        for (size_t j = 0; j < i; j++)
            if (strcmp(table[j].name, f->name) == 0) failf("%s twice", f->name);
    }
}

/* x86_call_far through the encoder: nop7; call rel32 within +-2 GB of the
 * target, else movabs rax; call rax, 12 bytes either way */
static const void *far_target;
static void gen_far(x86_buf *b, void *ctx) {
    (void)ctx;
    x86_call_far(b, far_target);
    x86_ret(b);
}
/* gen's code assembled for p, run at run_at: want_len bytes, Capstone's
 * text want_fmt (%llx: the target) */
static void check_gen(const vm_platform *p, x86_gen_fn gen, uintptr_t run_at, const void *target,
                      uint32_t want_len, const char *want_fmt) {
    x86_buf b;
    uint8_t mem[64];
    uint32_t size = 0;
    far_target = target;
    UT_CHECK(x86_init(&b, p, 2) == VM_OK);
    UT_CHECK(x86_assemble(&b, gen, NULL, &size) == VM_OK);
    UT_CHECK(size <= sizeof mem);
    UT_CHECK(x86_finish(&b, mem, sizeof mem, run_at) == VM_OK);
    UT_CHECK_EQ_INT(b.len, want_len);
    char got[256], want[256];
    int64_t imm;
    size_t ends;
    disasm(mem, b.len, run_at, got, sizeof got, &imm, &ends);
    snprintf(want, sizeof want, want_fmt, (unsigned long long)(uintptr_t)target);
    if (strcmp(got, want) != 0) failf("assembled: got \"%s\", want \"%s\"", got, want);
    x86_free(&b);
}
static void check_far(uintptr_t run_at, const void *target, const char *want_fmt) {
    check_gen(&plat, gen_far, run_at, target, 13, want_fmt);
}
static void test_call_far(void) {
    check_far(0x40000000, (const void *)(uintptr_t)0x40123456, "nop dword ptr [rax]; call 0x%llx; ret");
    check_far(0x40000000, (const void *)(uintptr_t)0x3fedcba0, "nop dword ptr [rax]; call 0x%llx; ret");
    check_far(0x40000000, (const void *)(uintptr_t)0x7f1122334455ull, "movabs rax, 0x%llx; call rax; ret");
}

/* (kt21) x86_jmp_far: x86_call_far's forms with jmp (and with the
 * platform's indirect-call thunks, 15 bytes: through the thunk for rax
 * when out of reach); x86_ret with the platform's return thunk: jmp rel32
 * to it; x86_jmp_thunk: jmp rax, or jmp rel32 to the thunk for rax */
static const void *jmp_thunks[16];
static void gen_jmp(x86_buf *b, void *ctx) {
    (void)ctx;
    x86_jmp_far(b, far_target);
    x86_jmp_thunk(b, X86_RAX);
    x86_ret(b);
}
static void check_jmp(const vm_platform *p, uintptr_t run_at, const void *target, uint32_t want_len,
                      const char *want_fmt) {
    check_gen(p, gen_jmp, run_at, target, want_len, want_fmt);
}
static void test_jmp_far_ret(void) {
    /* user space: no thunks */
    check_jmp(&plat, 0x40000000, (const void *)(uintptr_t)0x40123456, 15,
              "nop dword ptr [rax]; jmp 0x%llx; jmp rax; ret");
    check_jmp(&plat, 0x40000000, (const void *)(uintptr_t)0x7f1122334455ull, 15,
              "movabs rax, 0x%llx; jmp rax; jmp rax; ret");
    /* the kernel's way: thunks (rax's at 0x40001000) and a return thunk at 0x40002000 */
    vm_platform tp = plat;
    jmp_thunks[X86_RAX] = (const void *)(uintptr_t)0x40001000;
    tp.indirect_thunks = jmp_thunks;
    tp.return_thunk = (const void *)(uintptr_t)0x40002000;
    check_jmp(&tp, 0x40000000, (const void *)(uintptr_t)0x40123456, 25,
              "nop dword ptr [rax + rax]; nop; jmp 0x%llx; jmp 0x40001000; jmp 0x40002000");
    check_jmp(&tp, 0x40000000, (const void *)(uintptr_t)0x7f1122334455ull, 25,
              "movabs rax, 0x%llx; jmp 0x40001000; jmp 0x40001000; jmp 0x40002000");
    /* a return thunk out of reach: the code is refused (VM_ERR_LIMIT) */
    tp.return_thunk = (const void *)(uintptr_t)0x7f1122334455ull;
    x86_buf b;
    uint8_t mem[64];
    uint32_t size = 0;
    far_target = (const void *)(uintptr_t)0x40123456;
    UT_CHECK(x86_init(&b, &tp, 2) == VM_OK);
    UT_CHECK(x86_assemble(&b, gen_jmp, NULL, &size) == VM_OK);
    UT_CHECK(x86_finish(&b, mem, sizeof mem, 0x40000000) == VM_ERR_LIMIT);
    x86_free(&b);
}

/* The files of src/jit other than the encoder (x86_emit.c/.h) and the
 * list write code only through the encoder's forms and the list: no raw
 * byte writes, no opcode-level x86s forms, no byte-array initialisers
 * with hex literals.  (Run from the repository root.) */
static const char *const banned[] = {
    "x86_byte(", "x86_byte_slow(", "x86_u32(", "x86_u64(", "x86s_byte(", "x86s_u32(",
    "x86s_rr(", "x86s_rm(", "x86s_opreg(", "jc_seq_bytes(",
};
static void scan_file(const char *path, const char *name) {
    FILE *fp = fopen(path, "r");
    UT_CHECK(fp != NULL);
    if (!fp) return;
    char line[1024];
    unsigned lineno = 0;
    bool codegen_h = strcmp(name, "jit_codegen.h") == 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        for (size_t i = 0; i < sizeof banned / sizeof banned[0]; i++) {
            const char *h = strstr(line, banned[i]);
            /* jit_codegen.h defines jc_seq_fixed (on jc_seq_bytes) and the
             * appenders of the operands after a fixed sequence (jc_seq_u32,
             * on x86s_u32) */
            if (h && !(codegen_h && (strcmp(banned[i], "jc_seq_bytes(") == 0 ||
                                     strcmp(banned[i], "x86s_u32(") == 0)))
                failf("%s:%u: %s outside the encoder (declare the bytes in x86_fixed.h)",
                        path, lineno, banned[i]);
        }
        const char *a = strstr(line, "uint8_t");
        const char *brace = a ? strstr(a, "= {") : NULL;
        if (brace && strstr(brace, "0x"))
            failf("%s:%u: a byte array of hex literals (declare it in x86_fixed.h)",
                    path, lineno);
    }
    fclose(fp);
}
static void test_no_raw_bytes(void) {
    DIR *d = opendir("src/jit");
    UT_CHECK(d != NULL);
    if (!d) return;
    int files = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n < 3 || (strcmp(e->d_name + n - 2, ".c") != 0 && strcmp(e->d_name + n - 2, ".h") != 0))
            continue;
        if (!strcmp(e->d_name, "x86_emit.c") || !strcmp(e->d_name, "x86_emit.h") ||
            !strcmp(e->d_name, "x86_fixed.h"))
            continue;
        char path[512];
        snprintf(path, sizeof path, "src/jit/%s", e->d_name);
        scan_file(path, e->d_name);
        files++;
    }
    closedir(d);
    UT_CHECK(files >= 10);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) { printf("FAIL: cs_open\n"); return 1; }
    cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON);
    UT_RUN(test_fixed_list);
    UT_RUN(test_call_far);
    UT_RUN(test_jmp_far_ret);
    UT_RUN(test_no_raw_bytes);
    cs_close(&cs);
    return ut_finish();
}
