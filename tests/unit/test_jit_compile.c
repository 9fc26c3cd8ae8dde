/* test_jit_compile.c - the baseline JIT (src/jit) against the interpreter.
 * Table-driven like the kernel's lib/test_bpf.c: each row names a method of
 * tests/unit/data/jit/JitSamples.class (source beside it; br<k> methods are
 * generated so branch distances cross the rel8/rel32 edge) and arguments;
 * the method is run interpreted, compiled, and run again, and status,
 * result and exception class must match.  Also: compile time per method,
 * GC while compiled frames are on the stack (small heap), and mixed-mode
 * calls in both directions. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <stdlib.h>
#include <capstone/capstone.h>
#include "unit_test.h"
#include "jit/jit.h"
#include "jit/jit_internal.h"
#include "jit/jit_stats.h"
#include "runtime/vm.h"
#include "runtime/vm_state.h"
#include "runtime/classes.h"
#include "runtime/invoke.h"
#include "runtime/bootlib.h"
#include "platform/posix/posix_platform.h"

static vm_platform plat;
static vm *V;
static jclass *K;

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

typedef struct row {
    const char *name, *desc;
    const char *cls;    /* NULL: JitSamples */
    int n;              /* argument slots */
    int64_t a[4];       /* one entry per slot (long in the first of two) */
    bool compile;       /* compile it (false: leave it interpreted, for
                           mixed-mode rows) */
} row;

static const row rows[] = {
    { "fmix", "(II)F", NULL, 2, { 10, 3 }, true },
    { "fmix", "(II)F", NULL, 2, { -7, 0 }, true },
    { "dmix", "(II)D", NULL, 2, { 10, 3 }, true },
    { "dmix", "(II)D", NULL, 2, { 1, 0 }, true },
    { "fcmp", "(I)I", NULL, 1, { 0 }, true },
    { "fcmp", "(I)I", NULL, 1, { 2 }, true },
    { "fcmp", "(I)I", NULL, 1, { 1 }, true },
    { "fcmp", "(I)I", NULL, 1, { -3 }, true },
    { "fconv", "(I)J", NULL, 1, { 7 }, true },
    { "fconv", "(I)J", NULL, 1, { -7 }, true },
    { "fconv", "(I)J", NULL, 1, { 0 }, true },
    { "tswitch", "(I)I", NULL, 1, { -1 }, true },
    { "tswitch", "(I)I", NULL, 1, { 0 }, true },
    { "tswitch", "(I)I", NULL, 1, { 4 }, true },
    { "tswitch", "(I)I", NULL, 1, { 7 }, true },
    { "tswitch", "(I)I", NULL, 1, { 8 }, true },
    { "tswitch", "(I)I", NULL, 1, { 9 }, true },
    { "tswitch", "(I)I", NULL, 1, { 10 }, true },
    { "tswitch", "(I)I", NULL, 1, { INT32_MIN }, true },
    { "lswitch", "(I)I", NULL, 1, { -1000000 }, true },
    { "lswitch", "(I)I", NULL, 1, { -5 }, true },
    { "lswitch", "(I)I", NULL, 1, { 0 }, true },
    { "lswitch", "(I)I", NULL, 1, { 17 }, true },
    { "lswitch", "(I)I", NULL, 1, { 100 }, true },
    { "lswitch", "(I)I", NULL, 1, { 4096 }, true },
    { "lswitch", "(I)I", NULL, 1, { INT32_MAX }, true },
    { "lswitch", "(I)I", NULL, 1, { INT32_MIN }, true },
    { "lswitch", "(I)I", NULL, 1, { 18 }, true },
    { "lswitch", "(I)I", NULL, 1, { -4 }, true },
    { "add", "(II)I", NULL, 2, { 3, 4 }, true },
    { "add", "(II)I", NULL, 2, { INT32_MAX, 1 }, true },
    { "arith", "(II)I", NULL, 2, { 123456, -789 }, true },
    { "arith", "(II)I", NULL, 2, { INT32_MIN, 31 }, true },
    { "neg", "(I)I", NULL, 1, { INT32_MIN }, true },
    { "div", "(II)I", NULL, 2, { -7, 2 }, true },
    { "div", "(II)I", NULL, 2, { INT32_MIN, -1 }, true },
    { "div", "(II)I", NULL, 2, { 5, 0 }, true },
    { "rem", "(II)I", NULL, 2, { -7, 2 }, true },
    { "rem", "(II)I", NULL, 2, { INT32_MIN, -1 }, true },
    { "rem", "(II)I", NULL, 2, { 5, 0 }, true },
    { "ldiv", "(JJ)J", NULL, 4, { INT64_MIN, 0, -1, 0 }, true },
    { "ldiv", "(JJ)J", NULL, 4, { -700000000000LL, 0, 3, 0 }, true },
    { "ldiv", "(JJ)J", NULL, 4, { 1, 0, 0, 0 }, true },
    { "lrem", "(JJ)J", NULL, 4, { INT64_MIN, 0, -1, 0 }, true },
    { "lrem", "(JJ)J", NULL, 4, { -700000000001LL, 0, 7, 0 }, true },
    { "larith", "(JJ)J", NULL, 4, { 0x123456789LL, 0, -987654321012LL, 0 }, true },
    { "lcmp", "(JJ)I", NULL, 4, { 5, 0, 6, 0 }, true },
    { "lcmp", "(JJ)I", NULL, 4, { 6, 0, 6, 0 }, true },
    { "lcmp", "(JJ)I", NULL, 4, { INT64_MAX, 0, INT64_MIN, 0 }, true },
    { "conv", "(I)I", NULL, 1, { 0x12345 }, true },
    { "conv", "(I)I", NULL, 1, { -99999 }, true },
    { "sum", "(I)I", NULL, 1, { 100000 }, true },
    { "lsum", "(I)J", NULL, 1, { 100000 }, true },
    { "fib", "(I)I", NULL, 1, { 20 }, true },
    { "iinc", "(I)I", NULL, 1, { 100000 }, true },
    { "isZ", "(I)Z", NULL, 1, { 4 }, true },
    { "toB", "(I)B", NULL, 1, { 127 }, true },
    { "toC", "(I)C", NULL, 1, { 0 }, true },
    { "toS", "(I)S", NULL, 1, { 20000 }, true },
    { "cmpAll", "(II)I", NULL, 2, { 1, 2 }, true },
    { "cmpAll", "(II)I", NULL, 2, { 2, 2 }, true },
    { "cmpAll", "(II)I", NULL, 2, { -3, -4 }, true },
    { "cmpAll", "(II)I", NULL, 2, { 0, 0 }, true },
    { "arrays", "(I)I", NULL, 1, { 300 }, true },
    { "arrays", "(I)I", NULL, 1, { -1 }, true },
    { "objArrays", "(I)I", NULL, 1, { 50 }, true },
    { "aioobe", "(I)I", NULL, 1, { 2 }, true },
    { "aioobe", "(I)I", NULL, 1, { 3 }, true },
    { "aioobe", "(I)I", NULL, 1, { -1 }, true },
    { "aioobeCaught", "(I)I", NULL, 1, { 5 }, true },
    { "divCaught", "(II)I", NULL, 2, { 5, 0 }, true },
    { "divCaught", "(II)I", NULL, 2, { 5, 2 }, true },
    { "npe", "(I)I", NULL, 1, { 0 }, true },
    { "npe", "(I)I", NULL, 1, { 1 }, true },
    { "npeCaught", "(I)I", NULL, 1, { 1 }, true },
    { "throwCatch", "(I)I", NULL, 1, { 9 }, true },
    { "throwOut", "(I)I", NULL, 1, { 9 }, true },
    { "nestedCatch", "(I)I", NULL, 1, { 9 }, true },
    { "nestedCatch", "(I)I", NULL, 1, { 3 }, true },
    { "nestedCatch", "(I)I", NULL, 1, { 2 }, true },
    { "statics", "(I)I", NULL, 1, { 0x12345 }, true },
    { "fields", "(I)I", NULL, 1, { 0x1ff07 }, true },
    { "virt", "(I)I", NULL, 1, { 7 }, true },
    { "iface", "(I)I", NULL, 1, { 7 }, true },
    { "casts", "(I)I", NULL, 1, { 1 }, true },
    { "casts", "(I)I", NULL, 1, { 0 }, true },
    { "str", "(I)Ljava/lang/String;", NULL, 1, { 1 }, true },
    { "stackOps", "(I)I", NULL, 1, { 41 }, true },
    { "synced", "(I)I", NULL, 1, { 41 }, true },
    { "callsInterp", "(I)I", NULL, 1, { 3 }, true },   /* compiled -> interpreted */
    { "callsFib", "(I)I", NULL, 1, { 15 }, false },    /* interpreted -> compiled */
    { "fhelper", "(F)F", NULL, 1, { 0x40490fdb }, true },
    { "ihelper", "(I)I", NULL, 1, { 5 }, false },  /* stays interpreted */
    { "gcLoop", "(I)I", NULL, 1, { 200000 }, true },
    { "gcKeep", "(I)I", NULL, 1, { 100000 }, true },
    { "multi", "(II)I", NULL, 2, { 3, 4 }, true },
    { "multi", "(II)I", NULL, 2, { 3, -1 }, true },
    { "multi", "(II)I", NULL, 2, { -1, 1 }, true },
    { "catHash", "(I)I", "JitIndy", 1, { 30 }, true },
    { "catLen", "(I)I", "JitIndy", 1, { -5 }, true },
    { "ldcClass", "(I)I", NULL, 1, { 1 }, true },
    { "ldcClass", "(I)I", NULL, 1, { 0 }, true },
    { "deep", "(I)I", NULL, 1, { 5000 }, true },
    { "mixedDeep", "(I)I", NULL, 1, { 200 }, true },
    { "wideLocals", "(I)I", NULL, 1, { 5 }, true },
    /* ==== calls (jit_invoke.c, jit_inline.c): JitCalls.java ==== */
    { "direct", "(I)I", "JitCalls", 1, { 7 }, true },
    { "poly", "(I)I", "JitCalls", 1, { 5 }, true },
    { "getters", "(I)I", "JitCalls", 1, { 3 }, true },
    { "getterNull", "(I)I", "JitCalls", 1, { 4 }, true },
    { "getterNull", "(I)I", "JitCalls", 1, { 0 }, true },
    { "finalNull", "(I)I", "JitCalls", 1, { 9 }, true },
    { "finalNull", "(I)I", "JitCalls", 1, { 0 }, true },
    { "ifaceNull", "(I)I", "JitCalls", 1, { 6 }, true },
    { "ifaceNull", "(I)I", "JitCalls", 1, { -6 }, true },
    { "deepCall", "(I)I", "JitCalls", 1, { 3000 }, true },
    { "deepCall", "(I)I", "JitCalls", 1, { 100000000 }, true },
    { "clock", "(I)I", "JitCalls", 1, { 11 }, true },
    { "native1", "(I)I", "JitCalls", 1, { 12345 }, true },
};

static const char *exc_name(void) {
    return V->exception && V->exception->cls ? V->exception->cls->name : "-";
}

static vm_status run(jmethod *m, const int64_t *a, int n, jvalue *r, char *exc, size_t cap) {
    jvalue args[4];
    memset(args, 0, sizeof args);
    for (int i = 0; i < n; i++) args[i].j = a[i];
    r->raw = 0;
    vm_status st = rt_call(V, m, args, r);
    snprintf(exc, cap, "%s", st == VM_ERR_EXCEPTION ? exc_name() : "-");
    V->exception = NULL;
    return st;
}

static uint64_t result_bits(char ret, jvalue r) {
    switch (ret) {
    case 'V': return 0;
    case 'J': case 'D': case 'L': case '[': return r.raw;
    default: return (uint32_t)r.i;
    }
}

static double compile_us_total;
static int compiled_count;

static bool check_row(const row *t, char *why, size_t cap) {
    jclass *k = K;
    if (t->cls && rt_find_class(V, t->cls, &k, NULL) != VM_OK) {
        snprintf(why, cap, "class %s not found", t->cls);
        return false;
    }
    jmethod *m = rt_find_declared_method(k, t->name, t->desc);
    if (!m) { snprintf(why, cap, "%s%s not found", t->name, t->desc); return false; }
    jvalue r1, r2;
    char e1[128], e2[128];
    bool was_compiled = m->jit_entry != NULL;
    /* interpreted first (unless an earlier row compiled it: then compare
     * with a fresh interpretation by clearing the entry) */
    void *saved = m->jit_entry;
    m->jit_entry = NULL;
    /* really interpreted: without interpret_only the first call would
     * compile m (jit_on_first_call) and run (and leak) that code */
    bool io = V->interpret_only;
    V->interpret_only = true;
    vm_status s1 = run(m, t->a, t->n, &r1, e1, sizeof e1);
    V->interpret_only = io;
    m->jit_entry = saved;
    if (!was_compiled && t->compile) {
        char msg[200];
        vm_diag d = { msg, sizeof msg };
        msg[0] = 0;
        double t0 = now_us();
        vm_status cs = jit_compile(V, m, &d);
        double t1 = now_us();
        if (cs != VM_OK) {
            snprintf(why, cap, "%s%s: compile %s (%s)", t->name, t->desc, vm_status_str(cs), msg);
            return false;
        }
        if (cs == VM_OK) { compile_us_total += t1 - t0; compiled_count++; }
    }
    vm_status s2 = run(m, t->a, t->n, &r2, e2, sizeof e2);
    if (s1 != s2 || strcmp(e1, e2) != 0 || result_bits(m->ret, r1) != result_bits(m->ret, r2)) {
        snprintf(why, cap, "%s%s(%lld): interp %s %s %llx, jit %s %s %llx", t->name, t->desc,
                 (long long)t->a[0], vm_status_str(s1), e1,
                 (unsigned long long)result_bits(m->ret, r1), vm_status_str(s2), e2,
                 (unsigned long long)result_bits(m->ret, r2));
        return false;
    }
    return true;
}

static void test_table(void) {
    char why[400];
    int failed = 0;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        if (!check_row(&rows[i], why, sizeof why)) {
            printf("  row %zu: %s\n", i, why);
            if (!failed) snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s", why);
            failed++;
        }
    }
    if (failed) ut_cur_failed = 1;
}

/* br<k>: forward and backward branch distances around 127/128 bytes */
static void test_branch_distances(void) {
    char why[400];
    int failed = 0;
    for (int k = 1; k <= 40; k++) {
        char name[16];
        snprintf(name, sizeof name, "br%d", k);
        row t = { name, "(II)I", NULL, 2, { 12345 + k, 50 }, true };
        if (!check_row(&t, why, sizeof why)) {
            if (!failed) snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s", why);
            failed++;
        }
        row t2 = { name, "(II)I", NULL, 2, { -5, 3 }, true };
        if (!check_row(&t2, why, sizeof why)) {
            if (!failed) snprintf(ut_cur_msg, sizeof ut_cur_msg, "%s", why);
            failed++;
        }
    }
    if (failed) ut_cur_failed = 1;
    /* the family must contain branches of both sizes, and the sizes must
     * flip from rel8 to rel32 as k grows: disassemble the compiled code */
    csh cs;
    UT_CHECK(cs_open(CS_ARCH_X86, CS_MODE_64, &cs) == CS_ERR_OK);
    int short_k = 0, long_k = 0, fwd_long_first = -1, fwd_long_last = -1;
    for (int k = 1; k <= 40 && !ut_cur_failed; k++) {
        char name[16];
        snprintf(name, sizeof name, "br%d", k);
        jmethod *m = rt_find_declared_method(K, name, "(II)I");
        UT_CHECK(m && m->jit_entry);
        if (!m || !m->jit_entry) break;
        cs_insn *insn;
        size_t n = cs_disasm(cs, m->jit_entry, jit_code_size(m), (uint64_t)(uintptr_t)m->jit_entry, 0, &insn);
        UT_CHECK(n > 0);
        size_t bytes = 0;
        int back_short = 0, back_long = 0, fwd_long = 0;
        for (size_t i = 0; i < n; i++) {
            bytes += insn[i].size;
            if (insn[i].mnemonic[0] != 'j') continue;
            uint64_t target = strtoull(insn[i].op_str, NULL, 0);
            if (target < insn[i].address) {
                /* the first backward jump is the loop's back edge (later
                 * ones are the out-of-line stubs returning to the body) */
                if (!back_short && !back_long) {
                    if (insn[i].size == 2) back_short++; else back_long++;
                }
            } else if (insn[i].size > 2) {
                fwd_long++;
            }
        }
        UT_CHECK_EQ_INT(bytes, jit_code_size(m));  /* decodes cleanly to the end */
        cs_free(insn, n);
        if (back_short && !back_long) short_k = k;
        if (back_long && !long_k) long_k = k;
        if (k == 1) fwd_long_first = fwd_long;
        fwd_long_last = fwd_long;
    }
    printf("  br<k>: back edge rel8 up to k=%d, rel32 from k=%d\n", short_k, long_k);
    printf("  br<k>: rel32 forward branches: %d at k=1, %d at k=40\n", fwd_long_first, fwd_long_last);
    UT_CHECK(short_k > 0 && long_k > short_k);
    UT_CHECK(fwd_long_last > fwd_long_first);
    cs_close(&cs);
}

/* the instruction budget (runtime/limits.h) stops compiled loops: taken
 * backward branches, switch back edges and handler entries tick, and
 * VM_ERR_BUDGET leaves without running handlers.  That both engines charge
 * exactly the same ticks is checked by tests/jit/budget_parity.sh on whole
 * programs (pure interpreter against pure JIT); here the reference run is
 * mixed (library methods compiled by earlier tests), so only the outcome is
 * compared, and the method the budget ran out in must be spinCatch's own
 * or one it calls. */
static void test_budget(void) {
    static const char *const names[] = { "spin", "spinCatch", "spinSwitch" };
    for (int i = 0; i < 3; i++) {
        jmethod *m = rt_find_declared_method(K, names[i], "(I)I");
        UT_CHECK(m != NULL);
        if (!m) return;
        uint64_t used[2];
        char where[2][128];
        for (int jit = 0; jit < 2; jit++) {
            if (jit) UT_CHECK(jit_compile(V, m, NULL) == VM_OK);
            int64_t a[1] = { 1 };
            jvalue r;
            char e[128];
            vm_set_budget(V, 100000);
            /* run 0 really interpreted (no compile on first call) */
            bool io = V->interpret_only;
            V->interpret_only = !jit;
            vm_status st = run(m, a, 1, &r, e, sizeof e);
            V->interpret_only = io;
            UT_CHECK(st == VM_ERR_BUDGET);
            UT_CHECK(vm_budget_exhausted(V));
            used[jit] = vm_budget_used(V);
            vm_budget_where(V, where[jit], sizeof where[jit]);
            vm_set_budget(V, 0);
            UT_CHECK_EQ_INT(V->frame_count, 0);
        }
        UT_CHECK(used[0] >= 100000 && used[1] >= 100000);  /* all of it */
        for (int k = 0; k < 2; k++)
            UT_CHECK(strstr(where[k], names[i]) || strncmp(where[k], "java.lang.", 10) == 0);
    }
}

/* a method the JIT refuses stays interpreted and still runs correctly */
static void test_refusal(void) {
    jmethod *m = rt_find_declared_method(K, "useGone", "(I)I");
    UT_CHECK(m != NULL);
    if (!m) return;
    char msg[200];
    vm_diag d = { msg, sizeof msg };
    msg[0] = 0;
    UT_CHECK(jit_compile(V, m, &d) == VM_ERR_UNSUPPORTED);
    UT_CHECK(strstr(msg, "does not resolve") != NULL);
    UT_CHECK(m->jit_entry == NULL);
    UT_CHECK(V->exception == NULL);
    jvalue r;
    char e[128];
    int64_t a0[1] = { 0 }, a1[1] = { 1 };
    UT_CHECK(run(m, a0, 1, &r, e, sizeof e) == VM_OK && r.i == -1);
    UT_CHECK(run(m, a1, 1, &r, e, sizeof e) == VM_ERR_EXCEPTION);
    UT_CHECK_EQ_STR(e, "java/lang/NoClassDefFoundError");
    printf("  refused as expected: useGone: %s\n", msg);
}

/* every method of the class: compile what compiles, report the rest */
static void test_compile_all(void) {
    int ok = 0, refused = 0;
    uint32_t bytes = 0, bc = 0;
    double us = 0;
    for (uint32_t i = 0; i < K->n_methods; i++) {
        jmethod *m = &K->methods[i];
        if (!m->code) continue;
        char msg[200];
        vm_diag d = { msg, sizeof msg };
        msg[0] = 0;
        bool had = m->jit_entry != NULL;
        double t0 = now_us();
        vm_status st = jit_compile(V, m, &d);
        double t1 = now_us();
        if (st == VM_OK) {
            ok++;
            if (!had) { us += t1 - t0; bytes += jit_code_size(m); bc += m->code->code_len; }
        } else {
            refused++;
            printf("  not compiled: %s%s: %s\n", m->name, m->desc, msg);
            UT_CHECK(st == VM_ERR_UNSUPPORTED);
            UT_CHECK(m->jit_entry == NULL);
        }
    }
    printf("  %d compiled, %d refused; table rows: %d compiled in %.1f us (%.1f us/method)\n",
           ok, refused, compiled_count, compile_us_total,
           compiled_count ? compile_us_total / compiled_count : 0.0);
    if (bc) printf("  remaining methods: %u bytecode bytes -> %u machine-code bytes in %.1f us\n",
                   bc, bytes, us);
    UT_CHECK(ok >= 80);
    UT_CHECK_EQ_INT(refused, 1);  /* useGone */
    /* steady-state compile time: recompile every compiled method (classes
     * resolved) and throw the new code away */
    double total = 0;
    uint32_t nm = 0, bcb = 0, mcb = 0;
    for (int rep = 0; rep < 5; rep++)
        for (uint32_t i = 0; i < K->n_methods; i++) {
            jmethod *m = &K->methods[i];
            if (!m->jit_entry) continue;
            void *keep = m->jit_entry;
            m->jit_entry = NULL;
            double t0 = now_us();
            vm_status st = jit_compile(V, m, NULL);
            double t1 = now_us();
            UT_CHECK(st == VM_OK);
            if (st == VM_OK) {
                total += t1 - t0;
                nm++;
                bcb += m->code->code_len;
                mcb += jit_code_size(m);
                jit_code_release(V, m->jit_entry);
            }
            m->jit_entry = keep;
        }
    printf("  recompiling: %u methods, %.1f us/method, %.2f us per bytecode byte, "
           "%.1f machine-code bytes per bytecode byte\n", nm, nm ? total / nm : 0.0,
           bcb ? total / bcb : 0.0, bcb ? (double)mcb / bcb : 0.0);
}

/* ==== loop and arithmetic optimizations (jit_vstack.c, jit_fastops.c,
 * jit_loops.c): JitLoops.java under every optimization on, all off and
 * each of them off alone; then which of them fire on sieve ==== */
static const row loop_rows[] = {
    { "sieve", "(I)I", "JitLoops", 1, { 8192 }, true },
    { "sieve", "(I)I", "JitLoops", 1, { 0 }, true },
    { "fill", "(III)I", "JitLoops", 3, { 0, 10, 1 }, true },
    { "fill", "(III)I", "JitLoops", 3, { 1, 10, 3 }, true },
    { "fill", "(III)I", "JitLoops", 3, { -1, 10, 1 }, true },      /* start < 0 */
    { "fill", "(III)I", "JitLoops", 3, { 0, 12, 1 }, true },       /* n > length */
    { "fill", "(III)I", "JitLoops", 3, { 5, 10, INT32_MAX - 3 }, true }, /* i + s wraps */
    { "fill", "(III)I", "JitLoops", 3, { 7, 3, 1 }, true },        /* no iteration */
    { "fillLe", "(I)I", "JitLoops", 1, { 7 }, true },
    { "fillLe", "(I)I", "JitLoops", 1, { 8 }, true },              /* i <= length */
    { "arith", "(II)I", "JitLoops", 2, { 12345, -678 }, true },
    { "arith", "(II)I", "JitLoops", 2, { INT32_MIN, INT32_MAX }, true },
    { "aliasing", "(I)I", "JitLoops", 1, { 4 }, true },
    { "aliasing", "(I)I", "JitLoops", 1, { 9 }, true },            /* AIOOBE */
    { "fields", "(I)I", "JitLoops", 1, { 1000 }, true },
    { "npe", "(I)I", "JitLoops", 1, { 1 }, true },
    { "npe", "(I)I", "JitLoops", 1, { 3 }, true },                 /* NPE in round 3 */
    { "nullArray", "(I)I", "JitLoops", 1, { 0 }, true },
    { "nullArray", "(I)I", "JitLoops", 1, { 2 }, true },           /* NPE, not AIOOBE */
    { "nullArray", "(I)I", "JitLoops", 1, { 101 }, true },         /* AIOOBE at 4 */
    { "handlerInLoop", "(I)I", "JitLoops", 1, { 30 }, true },
    { "gcInLoop", "(I)I", "JitLoops", 1, { 20000 }, true },        /* 2 MB heap: GCs */
};

static void test_loop_opts(void) {
    static const int offs[] = { -2, -1, JIT_OPT_REGCACHE, JIT_OPT_COMBINEOP, JIT_OPT_COMBINELD,
                                JIT_OPT_ACACHE, JIT_OPT_OBJECT, JIT_OPT_BCE };
    uint32_t saved = V->jit_opts_enabled;
    jclass *k;
    char why[400];
    int failed = 0;
    if (rt_find_class(V, "JitLoops", &k, NULL) != VM_OK) { UT_CHECK(!"JitLoops not found"); return; }
    for (size_t o = 0; o < sizeof offs / sizeof *offs; o++) {
        V->jit_opts_enabled = offs[o] == -2 ? JIT_OPTS_ALL : offs[o] == -1 ? 0
                              : JIT_OPTS_ALL & ~(1u << offs[o]);
        for (uint32_t i = 0; i < k->n_methods; i++)   /* recompile with these options */
            if (k->methods[i].jit_entry) {
                jit_code_release(V, k->methods[i].jit_entry);
                k->methods[i].jit_entry = NULL;
            }
        for (size_t i = 0; i < sizeof loop_rows / sizeof *loop_rows; i++) {
            if (!check_row(&loop_rows[i], why, sizeof why)) {
                printf("  opts %d row %zu: %s\n", offs[o], i, why);
                if (!failed) snprintf(ut_cur_msg, sizeof ut_cur_msg, "opts %d: %s", offs[o], why);
                failed++;
            }
        }
    }
    if (failed) ut_cur_failed = 1;
    /* what fires on sieve (all on) and that nothing of it fires when off */
    jmethod *m = rt_find_declared_method(k, "sieve", "(I)I");
    UT_CHECK(m != NULL);
    if (!m) return;
    const uint32_t mine = (1u << JIT_OPT_REGCACHE) | (1u << JIT_OPT_COMBINEOP) |
                          (1u << JIT_OPT_COMBINELD) | (1u << JIT_OPT_ACACHE) | (1u << JIT_OPT_BCE);
    uint32_t masks[2] = { JIT_OPTS_ALL, 0 };
    for (int t = 0; t < 2; t++) {
        V->jit_opts_enabled = masks[t];
        if (m->jit_entry) { jit_code_release(V, m->jit_entry); m->jit_entry = NULL; }
        uint32_t fired = 0;
        UT_CHECK(jit_compile_ex(V, m, &fired, NULL) == VM_OK);
        if (t == 0 && (fired & mine) != mine) {
            snprintf(ut_cur_msg, sizeof ut_cur_msg, "sieve fired %#x, want %#x", fired, mine);
            ut_cur_failed = 1;
        }
        if (t == 1 && (fired & mine) != 0) {
            snprintf(ut_cur_msg, sizeof ut_cur_msg, "sieve fired %#x with all off", fired);
            ut_cur_failed = 1;
        }
    }
    V->jit_opts_enabled = saved;
}

int main(void) {
    posix_platform_init(&plat, NULL);
    vm_config cfg = {
        .plat = &plat,
        .limits = { .heap_max = 2u * 1024 * 1024, .stack_bytes = VM_DEFAULT_STACK_BYTES,
                    .max_frames = VM_DEFAULT_MAX_FRAMES, .max_class_bytes = VM_DEFAULT_CLASS_BYTES },
        .classpath = "tests/unit/data/jit",
        .bootlib = &vifvm_bootlib,
    };
    char msg[256];
    vm_diag d = { msg, sizeof msg };
    if (vm_create(&cfg, &V, &d) != VM_OK) { printf("FAIL: vm_create: %s\n", msg); return 1; }
    if (rt_find_class(V, "JitSamples", &K, &d) != VM_OK || rt_init_class(V, K) != VM_OK) {
        printf("FAIL: load JitSamples: %s\n", msg);
        return 1;
    }
    UT_RUN(test_table);
    UT_RUN(test_branch_distances);
    UT_RUN(test_loop_opts);
    UT_RUN(test_refusal);
    UT_RUN(test_budget);
    UT_RUN(test_compile_all);
    printf("  gc collections during the run: %u\n", V->stats.gc_count);
    jit_free_code_cache(V);
    vm_destroy(V);
    return ut_finish();
}
