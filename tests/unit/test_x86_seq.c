/* test_x86_seq.c - the inline sequence forms of x86_emit.h (x86_seq,
 * x86s_*) write exactly the bytes of the x86_* encoder functions they
 * stand for (test_x86_emit.c checks those against Capstone): every
 * register, displacements and immediates of every size class.  (The fixed
 * byte sequences, x86_fixed.h, are checked by test_x86_fixed.c.) */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "unit_test.h"
#include "jit/x86_emit.h"
#include "platform/posix/posix_platform.h"

static vm_platform plat;
static const int32_t disps[] = { 0, 1, -1, 8, 0x20, 127, -128, 128, -129, 0x290, 0x10068, -0x7fffffff };
static const int32_t imms[] = { 0, 1, -1, 64, 127, -128, 128, -129, 0x7fc0, 0x7fffffff, (int32_t)0x80000000 };
#define N(a) (sizeof a / sizeof a[0])

static x86_buf buf;
static uint8_t mem[256];

static void begin(void) {
    x86_reset(&buf, 4);
    x86_pass_begin(&buf, mem, sizeof mem);
}

/* the encoder's bytes (in mem[0, buf.len)) against the sequence's */
static int same(const x86_seq *s) {
    return buf.err == VM_OK && s->n == buf.len && memcmp(mem, s->t, s->n) == 0;
}

static void test_mem_forms(void) {
    for (int r = 0; r < 16; r++)
        for (int base = 0; base < 16; base++)
            for (size_t k = 0; k < N(disps); k++) {
                int32_t d = disps[k];
                x86_seq s = { 0 };
                begin(); x86_ld64(&buf, r, x86_m(base, d)); x86s_ld64(&s, r, base, d); UT_CHECK(same(&s));
                s.n = 0;
                begin(); x86_ld32(&buf, r, x86_m(base, d)); x86s_ld32(&s, r, base, d); UT_CHECK(same(&s));
                s.n = 0;
                begin(); x86_st64(&buf, x86_m(base, d), r); x86s_st64(&s, base, d, r); UT_CHECK(same(&s));
                s.n = 0;
                begin(); x86_lea(&buf, r, x86_m(base, d)); x86s_lea(&s, r, base, d); UT_CHECK(same(&s));
                s.n = 0;
                begin(); x86_alu_rm64(&buf, X86_CMP, r, x86_m(base, d));
                x86s_alu_rm64(&s, X86_CMP, r, base, d); UT_CHECK(same(&s));
                s.n = 0;
                s.n = 0;
                begin(); x86_st32(&buf, x86_m(base, d), r); x86s_st32(&s, base, d, r); UT_CHECK(same(&s));
                for (size_t i = 0; i < N(imms); i++) {
                    s.n = 0;
                    begin(); x86_alu_mi64(&buf, (enum x86_alu)(r & 7), x86_m(base, d), imms[i]);
                    x86s_alu_mi(&s, true, (enum x86_alu)(r & 7), base, d, imms[i]); UT_CHECK(same(&s));
                    s.n = 0;
                    begin(); x86_alu_mi32(&buf, (enum x86_alu)(r & 7), x86_m(base, d), imms[i]);
                    x86s_alu_mi(&s, false, (enum x86_alu)(r & 7), base, d, imms[i]); UT_CHECK(same(&s));
                }
                s.n = 0;
                begin(); x86_st64_imm(&buf, x86_m(base, d), d ^ r);
                x86s_st64_imm(&s, base, d, d ^ r); UT_CHECK(same(&s));
                s.n = 0;
                begin(); x86_st32_imm(&buf, x86_m(base, d), d ^ r);
                x86s_st32_imm(&s, base, d, d ^ r); UT_CHECK(same(&s));
            }
}

static void test_reg_forms(void) {
    static const enum x86_alu ops[] = { X86_ADD, X86_SUB, X86_CMP, X86_AND };
    for (int r = 0; r < 16; r++) {
        for (int q = 0; q < 16; q++) {
            x86_seq s = { 0 };
            begin(); x86_mov_rr64(&buf, r, q); x86s_mov_rr64(&s, r, q); UT_CHECK(same(&s));
            s.n = 0;
            begin(); x86_test_rr64(&buf, r, q); x86s_test_rr64(&s, r, q); UT_CHECK(same(&s));
            s.n = 0;
            begin(); x86_test_rr32(&buf, r, q); x86s_test_rr32(&s, r, q); UT_CHECK(same(&s));
            static const enum x86_alu alus[] = { X86_ADD, X86_OR, X86_AND, X86_SUB, X86_XOR, X86_CMP };
            for (size_t o = 0; o < N(alus); o++) {
                s.n = 0;
                begin(); x86_alu_rr64(&buf, alus[o], r, q); x86s_alu_rr(&s, true, alus[o], r, q); UT_CHECK(same(&s));
                s.n = 0;
                begin(); x86_alu_rr32(&buf, alus[o], r, q); x86s_alu_rr(&s, false, alus[o], r, q); UT_CHECK(same(&s));
            }
        }
        {
            x86_seq s = { 0 };
            begin(); x86_call_reg(&buf, r); x86s_call_reg(&s, r); UT_CHECK(same(&s));
            s.n = 0;
            begin(); x86_push(&buf, r); x86s_push(&s, r); UT_CHECK(same(&s));
            s.n = 0;
            begin(); x86_pop(&buf, r); x86s_pop(&s, r); UT_CHECK(same(&s));
            s.n = 0;
            begin(); x86_ret(&buf); x86s_ret(&s); UT_CHECK(same(&s));
        }
        for (size_t k = 0; k < N(imms); k++) {
            for (size_t o = 0; o < N(ops); o++) {
                x86_seq s = { 0 };
                begin(); x86_alu_ri64(&buf, ops[o], r, imms[k]);
                x86s_alu_ri(&s, true, ops[o], r, imms[k]); UT_CHECK(same(&s));
                s.n = 0;
                begin(); x86_alu_ri32(&buf, ops[o], r, imms[k]);
                x86s_alu_ri(&s, false, ops[o], r, imms[k]); UT_CHECK(same(&s));
            }
            x86_seq s = { 0 };
            begin(); x86_mov_ri32(&buf, r, (uint32_t)imms[k]);
            x86s_mov_ri32(&s, r, (uint32_t)imms[k]); UT_CHECK(same(&s));
            s.n = 0;
            uint64_t v = (uint64_t)(uint32_t)imms[k] * 0x10001ull + 0x5500000000000000ull;
            begin(); x86_movabs(&buf, r, v); x86s_movabs(&s, r, v); UT_CHECK(same(&s));
        }
    }
}

/* a sequence appended with x86_seq_put lands after what is there; an
 * overrun fails the buffer instead of writing past the array */
static void test_put(void) {
    x86_seq s = { 0 };
    begin();
    x86_ret(&buf);
    x86s_movabs(&s, X86_RAX, 0x1122334455667788ull);
    x86s_ld64(&s, X86_R10, X86_R10, 0);
    x86_seq_put(&buf, &s);
    static const uint8_t want[] = { 0xc3, 0x48, 0xb8, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11,
                                    0x4d, 0x8b, 0x12 };
    UT_CHECK_EQ_INT(buf.len, sizeof want);
    UT_CHECK(memcmp(mem, want, sizeof want) == 0);
    UT_CHECK_EQ_INT(s.n, 0);
    /* a count-only pass counts; a caller's buffer too small fails at its end */
    x86_reset(&buf, 4);
    x86_pass_begin(&buf, NULL, 0);
    x86s_movabs(&s, X86_RAX, 1);
    x86s_ld64(&s, X86_R10, X86_R10, 0);
    x86_seq_put(&buf, &s);
    UT_CHECK(buf.err == VM_OK);
    UT_CHECK_EQ_INT(buf.len, 13);
    x86_reset(&buf, 4);
    x86_pass_begin(&buf, mem, 8);
    x86s_movabs(&s, X86_RAX, 1);
    x86s_ld64(&s, X86_R10, X86_R10, 0);
    x86_seq_put(&buf, &s);
    UT_CHECK(buf.err != VM_OK);
    UT_CHECK(buf.len <= 8);
    s.n = 0;
    begin();
    for (int i = 0; i < 20; i++) x86s_movabs(&s, X86_RAX, 1);
    UT_CHECK(s.n <= sizeof s.t);
    x86_seq_put(&buf, &s);
    UT_CHECK(buf.err != VM_OK);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    if (x86_init(&buf, &plat, 4) != VM_OK) { printf("FAIL: x86_init\n"); return 1; }
    UT_RUN(test_mem_forms);
    UT_RUN(test_reg_forms);
    UT_RUN(test_put);
    x86_free(&buf);
    return ut_finish();
}
