/* test_t2_ir.c - the tier-2 graph's checks and passes on hand-built graphs
 * (src/jit/t2_opt.c): t2_verify must refuse a broken graph (an operand
 * that does not dominate its use, a terminator with the wrong number of
 * successors, a phi with the wrong number of operands), and GVN, load
 * elimination (with its alias rules), LICM and range-check elimination
 * must do what they say and nothing more. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "unit_test.h"
#include "jit/t2_ir.h"
#include "core/mem.h"
#include "interp/opcodes.h"
#include "platform/posix/posix_platform.h"

static vm_platform plat;
static vm fake_vm;
static jmethod M_static = { .name = "s", .desc = "()V", .access = ACC_STATIC };
static jmethod M_inst = { .name = "i", .desc = "()V", .access = 0 };
static jfield F = { .name = "f", .desc = "I", .type = 'I' };
static jfield F2 = { .name = "g", .desc = "I", .type = 'I' };
static jmethod CALLEE = { .name = "callee", .desc = "()V", .access = ACC_STATIC };
static char msg[256];
static vm_diag D = { msg, sizeof msg };

static void start(t2_graph *g, jmethod *m) {
    memset(g, 0, sizeof *g);
    g->vm = &fake_vm;
    g->m = m;
    g->opts = T2_O_ALL;
    g->n_vals = 1;
    g->n_blks = 1;
}
static uint32_t blk(t2_graph *g) {
    if (g->n_blks + 1 > g->cap_blks) {
        uint32_t nc = g->cap_blks ? g->cap_blks * 2 : 16;
        g->blks = vm_realloc(&plat, g->blks, g->cap_blks * sizeof *g->blks, nc * sizeof *g->blks);
        memset(g->blks + g->cap_blks, 0, (nc - g->cap_blks) * sizeof *g->blks);
        g->cap_blks = nc;
    }
    return g->n_blks++;
}
static void edge(t2_graph *g, uint32_t a, uint32_t b) {
    t2_blk *B = &g->blks[b];
    B->preds = vm_realloc(&plat, B->preds, B->cap_preds * sizeof *B->preds, (B->cap_preds + 1) * sizeof *B->preds);
    B->preds[B->n_preds++] = a;
    B->cap_preds++;
    t2_blk *A = &g->blks[a];
    A->succs = vm_realloc(&plat, A->succs, A->n_succs * sizeof *A->succs, (A->n_succs + 1) * sizeof *A->succs);
    A->succs[A->n_succs++] = b;
}
static uint32_t val(t2_graph *g, uint32_t b, uint8_t op, char ty, uint16_t aux, uint32_t a0, uint32_t a1) {
    uint32_t n = a1 ? 2 : a0 ? 1 : 0;
    uint32_t v = t2_new_val(g, b, op, ty, n);
    g->vals[v].aux = aux;
    if (n > 0) t2_args(g, v)[0] = a0;
    if (n > 1) t2_args(g, v)[1] = a1;
    return v;
}
static uint32_t param(t2_graph *g, char ty, int slot) {
    uint32_t v = val(g, 1, T2_PARAM, ty, 0, 0, 0);
    g->vals[v].imm = slot;
    return v;
}

/* b1: p; goto b2.  b2: x = p + p; ret x */
static void test_verify_ok(void) {
    t2_graph g;
    start(&g, &M_static);
    uint32_t b1 = blk(&g), b2 = blk(&g);
    uint32_t p = param(&g, 'I', 0);
    val(&g, b1, T2_GOTO, 'V', 0, 0, 0);
    edge(&g, b1, b2);
    uint32_t x = val(&g, b2, T2_BIN, 'I', OP_iadd, p, p);
    val(&g, b2, T2_RET, 'V', 0, x, 0);
    UT_CHECK_EQ_INT(t2_optimize(&g, &D), VM_OK);
    UT_CHECK_EQ_INT(t2_verify(&g, &D), VM_OK);
    UT_CHECK_EQ_INT(t2_regalloc(&g, &D), VM_OK);
    UT_CHECK_EQ_INT(g.n.ra_intervals, 2);
    UT_CHECK_EQ_INT(g.n.ra_spills, 0);
    t2_free(&g);
}

/* a diamond whose join uses a value defined on one arm only */
static void test_verify_nondominating(void) {
    t2_graph g;
    start(&g, &M_static);
    uint32_t b1 = blk(&g), b2 = blk(&g), b3 = blk(&g), b4 = blk(&g);
    uint32_t p = param(&g, 'I', 0);
    val(&g, b1, T2_IF, 'V', OP_ifeq, p, 0);
    edge(&g, b1, b2);
    edge(&g, b1, b3);
    uint32_t x = val(&g, b2, T2_BIN, 'I', OP_iadd, p, p);
    val(&g, b2, T2_GOTO, 'V', 0, 0, 0);
    edge(&g, b2, b4);
    val(&g, b3, T2_GOTO, 'V', 0, 0, 0);
    edge(&g, b3, b4);
    val(&g, b4, T2_RET, 'V', 0, x, 0);
    UT_CHECK_EQ_INT(t2_verify(&g, &D), VM_ERR_INTERNAL);
    UT_CHECK(strstr(msg, "does not dominate") != NULL);
    t2_free(&g);
}

static void test_verify_terminator_and_phi(void) {
    t2_graph g;
    start(&g, &M_static);
    uint32_t b1 = blk(&g), b2 = blk(&g), b3 = blk(&g);
    uint32_t p = param(&g, 'I', 0);
    val(&g, b1, T2_GOTO, 'V', 0, 0, 0);   /* a goto with two successors */
    edge(&g, b1, b2);
    edge(&g, b1, b3);
    val(&g, b2, T2_RET, 'V', 0, p, 0);
    val(&g, b3, T2_RET, 'V', 0, p, 0);
    UT_CHECK_EQ_INT(t2_verify(&g, &D), VM_ERR_INTERNAL);
    UT_CHECK(strstr(msg, "successors") != NULL);
    t2_free(&g);
    /* a phi of two operands in a block of one predecessor */
    start(&g, &M_static);
    b1 = blk(&g);
    b2 = blk(&g);
    p = param(&g, 'I', 0);
    val(&g, b1, T2_GOTO, 'V', 0, 0, 0);
    edge(&g, b1, b2);
    uint32_t phi = val(&g, b2, T2_PHI, 'I', 0, p, p);
    val(&g, b2, T2_RET, 'V', 0, phi, 0);
    UT_CHECK_EQ_INT(t2_verify(&g, &D), VM_ERR_INTERNAL);
    UT_CHECK(strstr(msg, "phi") != NULL);
    t2_free(&g);
}

/* b1: p, q; x = p + q; y = p + q; z = p - q; ret x + y + z: one of x, y goes */
static void test_gvn(void) {
    for (int on = 0; on < 2; on++) {
        t2_graph g;
        start(&g, &M_static);
        if (!on) g.opts &= ~T2_O_GVN;
        uint32_t b1 = blk(&g);
        uint32_t p = param(&g, 'I', 0), q = param(&g, 'I', 1);
        uint32_t x = val(&g, b1, T2_BIN, 'I', OP_iadd, p, q);
        uint32_t y = val(&g, b1, T2_BIN, 'I', OP_iadd, p, q);
        uint32_t z = val(&g, b1, T2_BIN, 'I', OP_isub, p, q);
        uint32_t s = val(&g, b1, T2_BIN, 'I', OP_iadd, x, y);
        uint32_t t = val(&g, b1, T2_BIN, 'I', OP_iadd, s, z);
        val(&g, b1, T2_RET, 'V', 0, t, 0);
        UT_CHECK_EQ_INT(t2_optimize(&g, &D), VM_OK);
        UT_CHECK_EQ_INT(g.n.gvn, on ? 1 : 0);
        UT_CHECK_EQ_INT(t2_arg(&g, s, 1), on ? x : y);
        UT_CHECK(g.vals[z].op == T2_BIN);
        t2_free(&g);
    }
}

/* a = o.f; [between]; b = o.f; ret a + b.  between: nothing (b is a),
 * o.g = 1 (another field: b is a), o.f = 7 (b is 7), a call (b stays) */
static void test_loads(void) {
    for (int k = 0; k < 4; k++) {
        t2_graph g;
        start(&g, &M_static);
        uint32_t b1 = blk(&g);
        uint32_t o = param(&g, 'A', 0);
        uint32_t a = val(&g, b1, T2_GETF, 'I', 0, o, 0);
        g.vals[a].ref = &F;
        uint32_t c = val(&g, b1, T2_CONST, 'I', 0, 0, 0);
        g.vals[c].imm = 7;
        if (k == 1 || k == 2) {
            uint32_t st = val(&g, b1, T2_PUTF, 'V', 0, o, c);
            g.vals[st].ref = k == 1 ? &F2 : &F;
        }
        if (k == 3) {
            uint32_t call = val(&g, b1, T2_CALL, 'V', OP_invokestatic, 0, 0);
            g.vals[call].ref = &CALLEE;
        }
        uint32_t b = val(&g, b1, T2_GETF, 'I', 0, o, 0);
        g.vals[b].ref = &F;
        uint32_t s = val(&g, b1, T2_BIN, 'I', OP_iadd, a, b);
        val(&g, b1, T2_RET, 'V', 0, s, 0);
        UT_CHECK_EQ_INT(t2_optimize(&g, &D), VM_OK);
        UT_CHECK_EQ_INT(g.n.loads, k == 3 ? 0 : 1);
        UT_CHECK_EQ_INT(t2_arg(&g, s, 1), k == 2 ? c : k == 3 ? b : a);
        t2_free(&g);
    }
}

/* for (;;) { i = phi(0, i + this.f) ... }: this.f is hoisted to the
 * preheader of an instance method's loop, not when the loop stores f or
 * calls, and not (o a parameter that may be null) outside the header */
static void test_licm(void) {
    for (int k = 0; k < 4; k++) {
        t2_graph g;
        start(&g, k == 3 ? &M_static : &M_inst);
        uint32_t b1 = blk(&g), pre = blk(&g), h = blk(&g), body = blk(&g), out = blk(&g);
        uint32_t o = param(&g, 'A', 0), n = param(&g, 'I', 1);
        val(&g, b1, T2_GOTO, 'V', 0, 0, 0);
        edge(&g, b1, pre);
        uint32_t zero = val(&g, pre, T2_CONST, 'I', 0, 0, 0);
        val(&g, pre, T2_GOTO, 'V', 0, 0, 0);
        edge(&g, pre, h);
        uint32_t i = val(&g, h, T2_PHI, 'I', 0, zero, zero);  /* second operand set below */
        val(&g, h, T2_IF, 'V', OP_if_icmpge, i, n);
        edge(&g, h, out);
        edge(&g, h, body);
        uint32_t ld = val(&g, body, T2_GETF, 'I', 0, o, 0);
        g.vals[ld].ref = &F;
        uint32_t i2 = val(&g, body, T2_BIN, 'I', OP_iadd, i, ld);
        if (k == 1) { uint32_t st = val(&g, body, T2_PUTF, 'V', 0, o, i2); g.vals[st].ref = &F; }
        if (k == 2) { uint32_t call = val(&g, body, T2_CALL, 'V', OP_invokestatic, 0, 0); g.vals[call].ref = &CALLEE; }
        val(&g, body, T2_TICK, 'V', 0, 0, 0);
        val(&g, body, T2_GOTO, 'V', 0, 0, 0);
        edge(&g, body, h);
        t2_args(&g, i)[1] = i2;
        val(&g, out, T2_RET, 'V', 0, i, 0);
        UT_CHECK_EQ_INT(t2_optimize(&g, &D), VM_OK);
        UT_CHECK_EQ_INT(g.n.loops, 1);
        UT_CHECK_EQ_INT(g.n.hoisted, k == 0 ? 1 : 0);
        UT_CHECK_EQ_INT(g.vals[ld].blk, k == 0 ? pre : body);
        UT_CHECK_EQ_INT(t2_verify(&g, &D), VM_OK);
        t2_free(&g);
    }
}

/* for (i = init; i < a.length; i += step) s = a[i]: the access is in
 * bounds for init 0 and step 1 only (not -1, not 2: i + 2 may wrap), and
 * not when the increment happens outside the test's inside edge */
static void test_rce(void) {
    for (int k = 0; k < 4; k++) {
        t2_graph g;
        start(&g, &M_static);
        uint32_t b1 = blk(&g), pre = blk(&g), h = blk(&g), body = blk(&g), out = blk(&g);
        uint32_t a = param(&g, 'A', 0);
        val(&g, b1, T2_GOTO, 'V', 0, 0, 0);
        edge(&g, b1, pre);
        uint32_t init = val(&g, pre, T2_CONST, 'I', 0, 0, 0);
        g.vals[init].imm = k == 1 ? -1 : 0;
        uint32_t step = val(&g, pre, T2_CONST, 'I', 0, 0, 0);
        g.vals[step].imm = k == 2 ? 2 : 1;
        uint32_t len = val(&g, pre, T2_ALEN, 'I', 0, a, 0);
        val(&g, pre, T2_GOTO, 'V', 0, 0, 0);
        edge(&g, pre, h);
        uint32_t i = val(&g, h, T2_PHI, 'I', 0, init, init);
        uint32_t i2 = 0;
        if (k == 3) i2 = val(&g, h, T2_BIN, 'I', OP_iadd, i, step);  /* before the test */
        val(&g, h, T2_IF, 'V', OP_if_icmpge, i, len);
        edge(&g, h, out);
        edge(&g, h, body);
        uint32_t ld = val(&g, body, T2_ALOAD, 'I', OP_iaload, a, i);
        if (k != 3) i2 = val(&g, body, T2_BIN, 'I', OP_iadd, i, step);
        val(&g, body, T2_TICK, 'V', 0, 0, 0);
        val(&g, body, T2_GOTO, 'V', 0, 0, 0);
        edge(&g, body, h);
        t2_args(&g, i)[1] = i2;
        val(&g, out, T2_RET, 'V', 0, i, 0);
        (void)ld;
        UT_CHECK_EQ_INT(t2_optimize(&g, &D), VM_OK);
        UT_CHECK_EQ_INT(g.n.rce, k == 0 ? 1 : 0);
        UT_CHECK_EQ_INT(g.vals[ld].flags & T2_F_INBOUNDS, k == 0 ? T2_F_INBOUNDS : 0);
        t2_free(&g);
    }
}

/* phi(x, x) and phi(x, itself) are x */
static void test_trivial_phis(void) {
    t2_graph g;
    start(&g, &M_static);
    uint32_t b1 = blk(&g), h = blk(&g), body = blk(&g), out = blk(&g);
    uint32_t p = param(&g, 'I', 0);
    val(&g, b1, T2_GOTO, 'V', 0, 0, 0);
    edge(&g, b1, h);
    uint32_t phi = val(&g, h, T2_PHI, 'I', 0, p, p);
    val(&g, h, T2_IF, 'V', OP_ifeq, phi, 0);
    edge(&g, h, out);
    edge(&g, h, body);
    val(&g, body, T2_GOTO, 'V', 0, 0, 0);
    edge(&g, body, h);
    t2_args(&g, phi)[1] = phi;
    val(&g, out, T2_RET, 'V', 0, phi, 0);
    UT_CHECK_EQ_INT(t2_optimize(&g, &D), VM_OK);
    UT_CHECK(g.vals[phi].op == T2_NOP);
    UT_CHECK_EQ_INT(t2_arg(&g, g.blks[out].last, 0), p);
    t2_free(&g);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    fake_vm.plat = &plat;
    UT_RUN(test_verify_ok);
    UT_RUN(test_verify_nondominating);
    UT_RUN(test_verify_terminator_and_phi);
    UT_RUN(test_gvn);
    UT_RUN(test_loads);
    UT_RUN(test_licm);
    UT_RUN(test_trivial_phis);
    UT_RUN(test_rce);
    return ut_finish();
}
