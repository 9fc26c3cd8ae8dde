/* test_interp_ops.c - the interpreter's opcode tables (opcodes.h) and its
 * Java-exact arithmetic helpers (interp_arith.h). */
#include <stdint.h>
#include <math.h>
#include "unit_test.h"
#include "interp/opcodes.h"
#include "interp/interp_arith.h"

static void test_opcode_tables(void) {
    int defined = 0;
    for (int i = 0; i < 256; i++) {
        UT_CHECK(interp_op_name[i] != NULL);
        if (!(interp_op_flags[i] & OPF_ILLEGAL)) defined++;
    }
    UT_CHECK_EQ_STR(interp_op_name[OP_invokeinterface], "invokeinterface");
    UT_CHECK_EQ_STR(interp_op_name[OP_f_aload0_getfield], "f_aload0_getfield");
    UT_CHECK_EQ_STR(interp_op_name[0xfd], "<unused>");
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
        { OP_getfield_i, OP_getfield }, { OP_getfield_s, OP_getfield },
        { OP_putfield_i, OP_putfield }, { OP_putfield_s, OP_putfield },
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

int main(void) {
    UT_RUN(test_opcode_tables);
    UT_RUN(test_quick_forms_keep_length);
    UT_RUN(test_int_arith);
    UT_RUN(test_long_arith);
    UT_RUN(test_float_compare);
    return ut_finish();
}
