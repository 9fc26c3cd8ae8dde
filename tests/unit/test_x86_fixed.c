/* test_x86_fixed.c - the JIT's fixed instruction sequences (src/jit/
 * x86_fixed.h) checked against Capstone, as test_x86_emit.c checks the
 * encoder: every entry of X86_FIXED_LIST is disassembled (with the
 * operand the code generator appends after it, for two different values)
 * and its text compared with the one the list gives; the appended operand
 * must be the last bytes of the last instruction and decode to the value
 * written there.  x86_call_far's two final forms (x86_finish) are checked
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

static void test_fixed_list(void) {
    UT_CHECK_EQ_INT(N_TABLE, X86F_COUNT);
    for (size_t i = 0; i < N_TABLE; i++) {
        const fixed *f = &table[i];
        UT_CHECK(f->n > 0);
        UT_CHECK(f->tail >= X86F_NONE && f->tail <= X86F_REL8);
        /* two values per tail, every byte different: the operand is all
         * of those bytes */
        switch (f->tail) {
        case X86F_I32: check_entry(f, 0x12345678u); check_entry(f, 0x7edcba98u); break;
        case X86F_I64: check_entry(f, 0x1122334455667788ull); check_entry(f, 0x7fedcba987654321ull); break;
        case X86F_REL32: check_entry(f, 0x00012345u); check_entry(f, (uint32_t)-0x6789); break;
        case X86F_REL8: check_entry(f, 6); check_entry(f, (uint8_t)-0x30); break;
        default: check_entry(f, 0); break;
        }
        for (size_t j = 0; j < i; j++)
            if (strcmp(table[j].name, f->name) == 0) failf("%s twice", f->name);
    }
}

/* x86_call_far through the encoder: nop7; call rel32 within +-2 GB of the
 * target, else movabs rax; call rax, 12 bytes either way */
static vm_platform plat;
static const void *far_target;
static void gen_far(x86_buf *b, void *ctx) {
    (void)ctx;
    x86_call_far(b, far_target);
    x86_ret(b);
}
static void check_far(uintptr_t run_at, const void *target, const char *want_fmt) {
    x86_buf b;
    uint8_t mem[64];
    uint32_t size = 0;
    far_target = target;
    UT_CHECK(x86_init(&b, &plat, 2) == VM_OK);
    UT_CHECK(x86_assemble(&b, gen_far, NULL, &size) == VM_OK);
    UT_CHECK(size <= sizeof mem);
    UT_CHECK(x86_finish(&b, mem, sizeof mem, run_at) == VM_OK);
    UT_CHECK_EQ_INT(b.len, 13);
    char got[256], want[256];
    int64_t imm;
    size_t ends;
    disasm(mem, b.len, run_at, got, sizeof got, &imm, &ends);
    snprintf(want, sizeof want, want_fmt, (unsigned long long)(uintptr_t)target);
    if (strcmp(got, want) != 0) failf("x86_call_far: got \"%s\", want \"%s\"", got, want);
    x86_free(&b);
}
static void test_call_far(void) {
    check_far(0x40000000, (const void *)(uintptr_t)0x40123456, "nop dword ptr [rax]; call 0x%llx; ret");
    check_far(0x40000000, (const void *)(uintptr_t)0x3fedcba0, "nop dword ptr [rax]; call 0x%llx; ret");
    check_far(0x40000000, (const void *)(uintptr_t)0x7f1122334455ull, "movabs rax, 0x%llx; call rax; ret");
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
    UT_RUN(test_no_raw_bytes);
    cs_close(&cs);
    return ut_finish();
}
