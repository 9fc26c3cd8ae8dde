/* test_interp_ops.c - the interpreter's opcode tables (opcodes.h) and its
 * Java-exact arithmetic helpers (interp_arith.h). */
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include "unit_test.h"
#include "interp/opcodes.h"
#include "interp/interp_arith.h"
#include "interp/interp_internal.h"
#include "platform/posix/posix_platform.h"

static void test_opcode_tables(void) {
    int defined = 0;
    for (int i = 0; i < 256; i++) {
        UT_CHECK(interp_op_name[i] != NULL);
        if (!(interp_op_flags[i] & OPF_ILLEGAL)) defined++;
    }
    UT_CHECK_EQ_STR(interp_op_name[OP_invokeinterface], "invokeinterface");
    UT_CHECK_EQ_STR(interp_op_name[OP_f_aload0_getfield], "f_aload0_getfield");
    UT_CHECK_EQ_INT(interp_op_len[OP_invokeinterface], 5);
    UT_CHECK_EQ_INT(interp_op_len[OP_multianewarray], 4);
    UT_CHECK_EQ_INT(interp_op_len[OP_tableswitch], 0);
    UT_CHECK_EQ_INT(OP_goto_w, 0xc8);
    UT_CHECK_EQ_INT(OP_breakpoint, 0xca);
    UT_CHECK(defined > 200);
}

static void test_quick_forms_keep_length(void) {
    /* every quick form has the length of the instruction it replaces */
    struct { int q, orig; } pairs[] = {
        { OP_getfield_i, OP_getfield }, { OP_getfield_x, OP_getfield },
        { OP_putfield_i, OP_putfield }, { OP_putfield_x, OP_putfield },
        { OP_getstatic_i, OP_getstatic }, { OP_putstatic_x, OP_putstatic },
        { OP_invokevirtual_quick, OP_invokevirtual },
        { OP_invokevirtual_direct, OP_invokevirtual },
        { OP_invokevirtual_dispatch, OP_invokevirtual },
        { OP_invokespecial_quick, OP_invokespecial },
        { OP_invokestatic_quick, OP_invokestatic },
        { OP_invokeinterface_quick, OP_invokeinterface },
        { OP_invokeinterface_direct, OP_invokeinterface },
        { OP_invokedynamic_quick, OP_invokedynamic },
        { OP_new_quick, OP_new }, { OP_anewarray_quick, OP_anewarray },
        { OP_checkcast_quick, OP_checkcast }, { OP_instanceof_quick, OP_instanceof },
        { OP_multianewarray_quick, OP_multianewarray },
        { OP_ldc_i, OP_ldc }, { OP_ldc_s, OP_ldc }, { OP_ldc_c, OP_ldc },
        { OP_ldc_w_i, OP_ldc_w }, { OP_ldc_w_s, OP_ldc_w }, { OP_ldc_w_c, OP_ldc_w },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        UT_CHECK_EQ_INT(interp_op_len[pairs[i].q], interp_op_len[pairs[i].orig]);
        UT_CHECK(pairs[i].q >= 0xcb && pairs[i].q <= 0xfd);
        UT_CHECK(!(interp_op_flags[pairs[i].q] & OPF_FUSED));
        UT_CHECK(interp_op_flags[pairs[i].q] & OPF_QUICK);
    }
}

static void test_int_arith(void) {
    UT_CHECK_EQ_INT(ja_iadd(INT32_MAX, 1), INT32_MIN);
    UT_CHECK_EQ_INT(ja_isub(INT32_MIN, 1), INT32_MAX);
    UT_CHECK_EQ_INT(ja_imul(0x10000, 0x10000), 0);
    UT_CHECK_EQ_INT(ja_imul(INT32_MIN, -1), INT32_MIN);
    UT_CHECK_EQ_INT(ja_idiv(INT32_MIN, -1), INT32_MIN);
    UT_CHECK_EQ_INT(ja_irem(INT32_MIN, -1), 0);
    UT_CHECK_EQ_INT(ja_idiv(-7, 2), -3);
    UT_CHECK_EQ_INT(ja_irem(-7, 2), -1);
    UT_CHECK_EQ_INT(ja_irem(7, -2), 1);
    UT_CHECK_EQ_INT(ja_ineg(INT32_MIN), INT32_MIN);
    UT_CHECK_EQ_INT(ja_ishl(1, 33), 2);
    UT_CHECK_EQ_INT(ja_ishl(1, 31), INT32_MIN);
    UT_CHECK_EQ_INT(ja_ishr(-8, 1), -4);
    UT_CHECK_EQ_INT(ja_ishr(-1, 31), -1);
    UT_CHECK_EQ_INT(ja_ishr(INT32_MIN, 32), INT32_MIN);
    UT_CHECK_EQ_INT(ja_iushr(-1, 28), 15);
    UT_CHECK_EQ_INT(ja_iushr(-1, 32), -1);
    UT_CHECK_EQ_INT(ja_i2b(200), -56);
    UT_CHECK_EQ_INT(ja_i2c(-1), 65535);
    UT_CHECK_EQ_INT(ja_i2s(0x18000), -32768);
}

static void test_long_arith(void) {
    UT_CHECK(ja_ladd(INT64_MAX, 1) == INT64_MIN);
    UT_CHECK(ja_lmul(INT64_MIN, -1) == INT64_MIN);
    UT_CHECK(ja_ldiv(INT64_MIN, -1) == INT64_MIN);
    UT_CHECK(ja_lrem(INT64_MIN, -1) == 0);
    UT_CHECK(ja_lneg(INT64_MIN) == INT64_MIN);
    UT_CHECK(ja_lshl(1, 65) == 2);
    UT_CHECK(ja_lshr(-16, 2) == -4);
    UT_CHECK(ja_lshr(INT64_MIN, 63) == -1);
    UT_CHECK(ja_lushr(-1, 60) == 15);
    UT_CHECK(ja_lushr(-1, 64) == -1);
    UT_CHECK_EQ_INT(ja_lcmp(INT64_MIN, INT64_MAX), -1);
    UT_CHECK_EQ_INT(ja_lcmp(5, 5), 0);
}

static void test_float_compare(void) {
    float fn = NAN;
    double dn = NAN;
    UT_CHECK_EQ_INT(ja_fcmp(fn, 1.0f, -1), -1);
    UT_CHECK_EQ_INT(ja_fcmp(fn, 1.0f, 1), 1);
    UT_CHECK_EQ_INT(ja_fcmp(0.0f, -0.0f, -1), 0);
    UT_CHECK_EQ_INT(ja_fcmp(2.0f, 1.0f, -1), 1);
    UT_CHECK_EQ_INT(ja_dcmp(dn, dn, -1), -1);
    UT_CHECK_EQ_INT(ja_dcmp(dn, dn, 1), 1);
    UT_CHECK_EQ_INT(ja_dcmp(-INFINITY, 0.0, 1), -1);
}

/* ---- superinstructions (fuse.c) ---------------------------------------- */

static vm_platform plat;

/* Make the quickened (and fused) copy of this bytecode; free with
 * interp_method_free. */
static jmethod *prep(struct vm *v, jmethod *m, cf_code *c, const uint8_t *code, uint32_t len) {
    static uint8_t buf[256];
    memset(m, 0, sizeof *m);
    memset(c, 0, sizeof *c);
    memcpy(buf, code, len);
    c->code = buf;
    c->code_len = len;
    c->max_locals = 10;
    c->max_stack = 10;
    m->code = c;
    m->name = "t";
    m->desc = "()V";
    return interp_make_qcode(v, m) == VM_OK ? m : NULL;
}

static void test_fuse_loop(void) {
    /* for (i = 0; i < n; i++) s += i;   (javac shape)
     *  0 iconst_0  1 istore_2  2 iload_2  3 iload_0  4 if_icmpge 17
     *  7 iload_1  8 iload_2  9 iadd  10 istore_1  11 iinc 2 1  14 goto 2  17 return */
    static const uint8_t code[] = {
        0x03, 0x3d, 0x1c, 0x1a, 0xa2, 0x00, 0x0d, 0x1b, 0x1c, 0x60, 0x3c,
        0x84, 0x02, 0x01, 0xa7, 0xff, 0xf4, 0xb1 };
    struct vm *v = calloc(1, sizeof *v);  /* only ->plat is used */
    v->plat = &plat;
    jmethod m; cf_code c;
    UT_CHECK(prep(v, &m, &c, code, sizeof code) != NULL);
    if (!m.qcode) return;
    interp_mdata *md = interp_md(&m);
    UT_CHECK_EQ_INT(m.qcode[2], OP_f_ill_ifcmp);
    UT_CHECK_EQ_INT(md->aux[2].a, 2);
    UT_CHECK_EQ_INT(md->aux[2].b, 0);
    UT_CHECK_EQ_INT(md->aux[2].kind, 6);          /* >= : == or > */
    UT_CHECK_EQ_INT(md->aux[2].off, 2 + 13);      /* to 17 */
    UT_CHECK_EQ_INT(md->aux[2].len, 5);
    UT_CHECK_EQ_INT(m.qcode[7], OP_f_ill_add);
    UT_CHECK_EQ_INT(md->aux[7].a, 1);
    UT_CHECK_EQ_INT(md->aux[7].b, 2);
    UT_CHECK_EQ_INT(md->aux[7].c, 1);
    UT_CHECK_EQ_INT(md->aux[7].len, 4);
    UT_CHECK_EQ_INT(m.qcode[11], OP_f_iinc_ifcmp);
    UT_CHECK_EQ_INT(md->aux[11].c, 2);            /* iinc local */
    UT_CHECK_EQ_INT(md->aux[11].len, 1);          /* increment */
    UT_CHECK_EQ_INT(md->aux[11].off, 7 - 11);     /* falls into the body */
    UT_CHECK_EQ_INT(md->aux[11].off2, 17 - 11);   /* taken: the exit */
    UT_CHECK_EQ_INT(m.qcode[14], OP_f_goto_ifcmp);
    UT_CHECK_EQ_INT(md->aux[14].off, 7 - 14);     /* fall-through: the body */
    UT_CHECK_EQ_INT(md->aux[14].off2, 17 - 14);   /* taken: the exit */
    /* untouched: the rest of every sequence, and the original code */
    UT_CHECK_EQ_INT(m.qcode[3], 0x1a);
    UT_CHECK_EQ_INT(m.qcode[4], 0xa2);
    UT_CHECK_EQ_INT(m.qcode[8], 0x1c);
    UT_CHECK(memcmp(c.code, code, sizeof code) == 0);
    interp_method_free(v, &m);
    UT_CHECK(m.qcode == NULL);
    free(v);
}

static void test_fuse_arrays(void) {
    /* 0 aload_0 1 iload_1 2 baload 3 pop
     * 4 aload_0 5 iload_1 6 iconst_0 7 bastore
     * 8 aload_2 9 getfield #1 12 pop  13 aload_0 14 getfield #1 17 pop
     * 18 iload_1 19 aload_0 20 arraylength 21 if_icmplt -21  24 return */
    static const uint8_t code[] = {
        0x2a, 0x1b, 0x33, 0x57, 0x2a, 0x1b, 0x03, 0x54,
        0x2c, 0xb4, 0x00, 0x01, 0x57, 0x2a, 0xb4, 0x00, 0x01, 0x57,
        0x1b, 0x2a, 0xbe, 0xa1, 0xff, 0xeb, 0xb1 };
    struct vm *v = calloc(1, sizeof *v);
    v->plat = &plat;
    jmethod m; cf_code c;
    UT_CHECK(prep(v, &m, &c, code, sizeof code) != NULL);
    if (!m.qcode) return;
    interp_mdata *md = interp_md(&m);
    UT_CHECK_EQ_INT(m.qcode[0], OP_f_al_il_xaload);
    UT_CHECK_EQ_INT(md->aux[0].kind, 1);
    UT_CHECK_EQ_INT(md->aux[0].len, 3);
    UT_CHECK_EQ_INT(m.qcode[4], OP_f_al_il_v_xastore);
    UT_CHECK_EQ_INT(md->aux[4].c, 0);
    UT_CHECK(md->aux[4].flags & FUSE_CCONST);
    UT_CHECK_EQ_INT(md->aux[4].len, 4);
    UT_CHECK_EQ_INT(m.qcode[8], OP_f_al_getfield);
    UT_CHECK_EQ_INT(md->aux[8].a, 2);
    UT_CHECK_EQ_INT(m.qcode[13], OP_f_aload0_getfield);
    UT_CHECK_EQ_INT(m.qcode[18], OP_f_il_al_len_ifcmp);
    UT_CHECK_EQ_INT(md->aux[18].kind, 1);         /* < */
    UT_CHECK_EQ_INT(md->aux[18].off, 3 - 21);     /* to 0 */
    UT_CHECK_EQ_INT(md->aux[18].len, 6);
    interp_method_free(v, &m);
    free(v);
}

static void test_fuse_accum(void) {
    /* 0 iload_2 1 aload_0 2 iload_3 3 caload 4 iadd 5 istore_2 6 return */
    static const uint8_t code[] = { 0x1c, 0x2a, 0x1d, 0x34, 0x60, 0x3d, 0xb1 };
    struct vm *v = calloc(1, sizeof *v);
    v->plat = &plat;
    jmethod m; cf_code c;
    UT_CHECK(prep(v, &m, &c, code, sizeof code) != NULL);
    if (!m.qcode) return;
    interp_mdata *md = interp_md(&m);
    UT_CHECK_EQ_INT(m.qcode[0], OP_f_accum_xaload);
    UT_CHECK_EQ_INT(md->aux[0].a, 0);
    UT_CHECK_EQ_INT(md->aux[0].b, 3);
    UT_CHECK_EQ_INT(md->aux[0].c, 2);
    UT_CHECK_EQ_INT(md->aux[0].kind, 2);
    UT_CHECK_EQ_INT(md->aux[0].len, 6);
    UT_CHECK_EQ_INT(m.qcode[1], OP_f_al_il_xaload);  /* inner sequence fused too */
    interp_method_free(v, &m);
    free(v);
}

static void test_fuse_binop(void) {
    /* 0 iload_1 1 bipush 5 3 ishl 4 istore 4 6 iload_1 7 iload_2 8 idiv
     * 9 istore_3 10 return */
    static const uint8_t code[] = { 0x1b, 0x10, 0x05, 0x78, 0x36, 0x04,
                                    0x1b, 0x1c, 0x6c, 0x3e, 0xb1 };
    struct vm *v = calloc(1, sizeof *v);
    v->plat = &plat;
    jmethod m; cf_code c;
    UT_CHECK(prep(v, &m, &c, code, sizeof code) != NULL);
    if (!m.qcode) return;
    interp_mdata *md = interp_md(&m);
    UT_CHECK_EQ_INT(m.qcode[0], OP_f_ill_binop);
    UT_CHECK_EQ_INT(md->aux[0].kind, 4);
    UT_CHECK_EQ_INT(md->aux[0].b, 5);
    UT_CHECK(md->aux[0].flags & FUSE_BCONST);
    UT_CHECK_EQ_INT(md->aux[0].c, 4);
    UT_CHECK_EQ_INT(md->aux[0].len, 6);
    UT_CHECK_EQ_INT(m.qcode[6], 0x1b);              /* idiv can throw: not fused */
    interp_method_free(v, &m);
    free(v);
}

static void test_fuse_long(void) {
    /* for (long j = ...; j <= n; j += k) with int n, k (javac shape; Sieve):
     *  0 lload 5  2 iload_1  3 i2l  4 lcmp  5 ifgt 19
     *  8 lload 5  10 iload 4  12 i2l  13 ladd  14 lstore 5  16 goto 0
     * 19 lload_2  20 lload_0  21 lcmp  22 ifne 27
     * 25 lload_2  26 lconst_1  27 lsub  28 lstore_2  29 lload_0  30 l2i
     * 31 pop  32 return */
    static const uint8_t code[] = {
        0x16, 0x05, 0x1b, 0x85, 0x94, 0x9d, 0x00, 0x0e,
        0x16, 0x05, 0x15, 0x04, 0x85, 0x61, 0x37, 0x05, 0xa7, 0xff, 0xf0,
        0x20, 0x1e, 0x94, 0x9a, 0x00, 0x05,
        0x20, 0x0a, 0x65, 0x41, 0x1e, 0x88, 0x57, 0xb1 };
    struct vm *v = calloc(1, sizeof *v);
    v->plat = &plat;
    jmethod m; cf_code c;
    UT_CHECK(prep(v, &m, &c, code, sizeof code) != NULL);
    if (!m.qcode) return;
    interp_mdata *md = interp_md(&m);
    UT_CHECK_EQ_INT(m.qcode[0], OP_f_ll_ifcmp);
    UT_CHECK_EQ_INT(md->aux[0].a, 5);
    UT_CHECK_EQ_INT(md->aux[0].b, 1);
    UT_CHECK_EQ_INT(md->aux[0].flags, FUSE_BINT);
    UT_CHECK_EQ_INT(md->aux[0].bsh, 32);          /* int: sign-extended */
    UT_CHECK_EQ_INT(md->aux[0].bkeep, 0xff);
    UT_CHECK_EQ_INT(md->aux[0].kind, 4);          /* > */
    UT_CHECK_EQ_INT(md->aux[0].off, 19);
    UT_CHECK_EQ_INT(md->aux[0].len, 8);
    UT_CHECK_EQ_INT(m.qcode[8], OP_f_ll_arith);
    UT_CHECK_EQ_INT(md->aux[8].a, 5);
    UT_CHECK_EQ_INT(md->aux[8].b, 4);
    UT_CHECK_EQ_INT(md->aux[8].c, 5);
    UT_CHECK_EQ_INT(md->aux[8].flags, FUSE_BINT);
    UT_CHECK_EQ_INT(md->aux[8].kind, 0);          /* ladd */
    UT_CHECK_EQ_INT(md->aux[8].len, 8);
    UT_CHECK_EQ_INT(m.qcode[16], OP_f_goto);      /* straight into the compare */
    UT_CHECK_EQ_INT(m.qcode[19], OP_f_ll_ifcmp);  /* two long locals */
    UT_CHECK_EQ_INT(md->aux[19].a, 2);
    UT_CHECK_EQ_INT(md->aux[19].b, 0);
    UT_CHECK_EQ_INT(md->aux[19].flags, 0);
    UT_CHECK_EQ_INT(md->aux[19].bsh, 0);
    UT_CHECK_EQ_INT(md->aux[19].kind, 5);         /* != */
    UT_CHECK_EQ_INT(md->aux[19].off, 8);
    UT_CHECK_EQ_INT(md->aux[19].len, 6);
    UT_CHECK_EQ_INT(m.qcode[25], OP_f_ll_arith);  /* a constant, lsub */
    UT_CHECK_EQ_INT(md->aux[25].b, 0);
    UT_CHECK_EQ_INT(md->aux[25].off2, 1);
    UT_CHECK_EQ_INT(md->aux[25].bkeep, 0);        /* the slot read masked out */
    UT_CHECK_EQ_INT(md->aux[25].flags, FUSE_BCONST);
    UT_CHECK_EQ_INT(md->aux[25].kind, 1);
    UT_CHECK_EQ_INT(md->aux[25].c, 2);
    UT_CHECK_EQ_INT(md->aux[25].len, 4);
    UT_CHECK_EQ_INT(m.qcode[29], 0x1e);           /* lload_0; l2i: not fused */
    UT_CHECK_EQ_INT(m.qcode[2], 0x1b);            /* the rest kept */
    UT_CHECK_EQ_INT(m.qcode[4], 0x94);
    UT_CHECK(memcmp(c.code, code, sizeof code) == 0);
    interp_method_free(v, &m);
    free(v);
}

static void test_fuse_long_index(void) {
    /* a[(int) j] with a long j (Sieve's inner loop):
     *  0 aload_0  1 lload_1  2 l2i  3 iconst_1  4 bastore
     *  5 aload_0  6 lload_1  7 l2i  8 baload  9 pop
     * 10 aload_0 11 iload_3 12 lload 4 14 l2i 15 iastore
     * 16 aload_0 17 lload_1 18 pop2 19 pop   (no l2i: not fused)
     * 20 return */
    static const uint8_t code[] = {
        0x2a, 0x1f, 0x88, 0x04, 0x54,
        0x2a, 0x1f, 0x88, 0x33, 0x57,
        0x2a, 0x1d, 0x16, 0x04, 0x88, 0x4f,
        0x2a, 0x1f, 0x58, 0x57, 0xb1 };
    struct vm *v = calloc(1, sizeof *v);
    v->plat = &plat;
    jmethod m; cf_code c;
    UT_CHECK(prep(v, &m, &c, code, sizeof code) != NULL);
    if (!m.qcode) return;
    interp_mdata *md = interp_md(&m);
    UT_CHECK(md->aux != NULL);
    if (!md->aux) { interp_method_free(v, &m); free(v); return; }
    UT_CHECK_EQ_INT(m.qcode[0], OP_f_al_il_v_xastore);
    UT_CHECK_EQ_INT(md->aux[0].a, 0);
    UT_CHECK_EQ_INT(md->aux[0].b, 1);             /* the long's slot, read as int */
    UT_CHECK_EQ_INT(md->aux[0].c, 1);
    UT_CHECK(md->aux[0].flags & FUSE_CCONST);
    UT_CHECK_EQ_INT(md->aux[0].kind, 1);
    UT_CHECK_EQ_INT(md->aux[0].len, 5);
    UT_CHECK_EQ_INT(m.qcode[5], OP_f_al_il_xaload);
    UT_CHECK_EQ_INT(md->aux[5].b, 1);
    UT_CHECK_EQ_INT(md->aux[5].len, 4);
    UT_CHECK_EQ_INT(m.qcode[10], OP_f_al_il_v_xastore);
    UT_CHECK_EQ_INT(md->aux[10].b, 3);
    UT_CHECK_EQ_INT(md->aux[10].c, 4);            /* the value: lload 4; l2i */
    UT_CHECK(!(md->aux[10].flags & FUSE_CCONST));
    UT_CHECK_EQ_INT(md->aux[10].kind, 0);
    UT_CHECK_EQ_INT(md->aux[10].len, 6);
    UT_CHECK_EQ_INT(m.qcode[16], 0x2a);           /* lload without l2i: not fused */
    UT_CHECK_EQ_INT(m.qcode[1], 0x1f);            /* the rest kept */
    UT_CHECK_EQ_INT(m.qcode[2], 0x88);
    UT_CHECK(memcmp(c.code, code, sizeof code) == 0);
    interp_method_free(v, &m);
    free(v);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    UT_RUN(test_opcode_tables);
    UT_RUN(test_quick_forms_keep_length);
    UT_RUN(test_int_arith);
    UT_RUN(test_long_arith);
    UT_RUN(test_float_compare);
    UT_RUN(test_fuse_loop);
    UT_RUN(test_fuse_arrays);
    UT_RUN(test_fuse_accum);
    UT_RUN(test_fuse_binop);
    UT_RUN(test_fuse_long);
    UT_RUN(test_fuse_long_index);
    return ut_finish();
}
