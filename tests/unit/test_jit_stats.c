/* test_jit_stats.c - JIT observability in the core (src/jit/jit_stats.c):
 * the platform's code_emitted hook, the per-method records behind
 * vm_foreach_jit_method (compiled and refused methods), the -Xjit mask
 * (vm_config.jit_opts_disabled) and the optimization names. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "unit_test.h"
#include "jit/jit.h"
#include "jit/jit_stats.h"
#include "runtime/vm.h"
#include "runtime/vm_state.h"
#include "runtime/classes.h"
#include "runtime/bootlib.h"
#include "platform/posix/posix_platform.h"

typedef struct seen {
    int calls;
    char name[256];
    const void *code;
    size_t size;
    int refused_seen;   /* calls naming useGone (the refused method) */
} seen;

static void on_emitted(void *ud, const char *name, const void *code, size_t size) {
    seen *s = ud;
    s->calls++;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->code = code;
    s->size = size;
    if (strstr(name, "useGone")) s->refused_seen++;
}

typedef struct listed {
    int n;
    jit_method_info last[4];
    char refusal[4][128];
    const char *want;        /* also keep the record of the method named so */
    int found;
    jit_method_info wanted;
    char wanted_refusal[128];
} listed;

static void on_method(void *ctx, const jit_method_info *mi) {
    listed *l = ctx;
    if (l->n < 4) {
        l->last[l->n] = *mi;
        snprintf(l->refusal[l->n], sizeof l->refusal[0], "%s", mi->refusal);
    }
    if (l->want && !strcmp(mi->name, l->want) && !strcmp(mi->class_name, "JitSamples")) {
        l->found++;
        l->wanted = *mi;
        snprintf(l->wanted_refusal, sizeof l->wanted_refusal, "%s", mi->refusal);
    }
    l->n++;
}

static vm_platform plat;
static seen S;
static vm *V;
static jclass *K;

static void test_names(void) {
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_REGCACHE), "regcache");
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_BCE), "bce");
    UT_CHECK(jit_opt_name(JIT_OPT_COUNT) == NULL);
    UT_CHECK_EQ_INT(jit_opt_lookup("inlining", 8), JIT_OPT_INLINING);
    UT_CHECK_EQ_INT(jit_opt_lookup("inlineclk", 9), JIT_OPT_INLINECLK);
    UT_CHECK_EQ_INT(jit_opt_lookup("inlin", 5), -1);
    UT_CHECK_EQ_INT(jit_opt_lookup("bcex", 4), -1);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_AASTORE), "aastore");
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_FLOATOPS), "floatops");
    UT_CHECK_EQ_INT(jit_opt_lookup("floatops", 8), JIT_OPT_FLOATOPS);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_REGBUDGET), "regbudget");
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_WRITEBACK), "writeback");
    UT_CHECK_EQ_INT(jit_opt_lookup("writeback", 9), JIT_OPT_WRITEBACK);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_LONGOPS), "longops");
    UT_CHECK_EQ_INT(jit_opt_lookup("longops", 7), JIT_OPT_LONGOPS);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_TYPECHECK), "typecheck");
    UT_CHECK_EQ_INT(jit_opt_lookup("typecheck", 9), JIT_OPT_TYPECHECK);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_ALLOC), "alloc");
    UT_CHECK_EQ_INT(jit_opt_lookup("alloc", 5), JIT_OPT_ALLOC);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_LVAR), "lvar");
    UT_CHECK_EQ_INT(jit_opt_lookup("lvar", 4), JIT_OPT_LVAR);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_PIC), "pic");
    UT_CHECK_EQ_INT(jit_opt_lookup("pic", 3), JIT_OPT_PIC);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_FIELDS), "fields");
    UT_CHECK_EQ_INT(jit_opt_lookup("fields", 6), JIT_OPT_FIELDS);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_DMATH), "dmath");
    UT_CHECK_EQ_INT(jit_opt_lookup("dmath", 5), JIT_OPT_DMATH);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_TCACHE), "tcache");
    UT_CHECK_EQ_INT(jit_opt_lookup("tcache", 6), JIT_OPT_TCACHE);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_VINLINE), "vinline");
    UT_CHECK_EQ_INT(jit_opt_lookup("vinline", 7), JIT_OPT_VINLINE);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_THISNN), "thisnn");
    UT_CHECK_EQ_INT(jit_opt_lookup("thisnn", 6), JIT_OPT_THISNN);
    UT_CHECK_EQ_STR(jit_opt_name(JIT_OPT_DCALL), "dcall");
    UT_CHECK_EQ_INT(jit_opt_lookup("dcall", 5), JIT_OPT_DCALL);
    UT_CHECK_EQ_INT(JIT_OPT_COUNT, 31);
    UT_CHECK_EQ_INT(vm_jit_opts_enabled(V), JIT_OPTS_ALL & ~(1u << JIT_OPT_BCE));
}

static void test_compiled(void) {
    jmethod *m = rt_find_declared_method(K, "add", "(II)I");
    UT_CHECK(m != NULL);
    if (!m) return;
    jit_on_first_call(V, m);
    UT_CHECK(m->jit_entry != NULL);
    UT_CHECK_EQ_INT(S.calls, 1);
    UT_CHECK_EQ_STR(S.name, "JitSamples.add(II)I");
    UT_CHECK(S.code == m->jit_entry);
    UT_CHECK(S.size > 0 && S.size == jit_code_size(m));
    listed l = {0};
    vm_foreach_jit_method(V, on_method, &l);
    UT_CHECK_EQ_INT(l.n, 1);
    UT_CHECK(l.last[0].compiled);
    UT_CHECK(!l.last[0].is_boot);
    UT_CHECK_EQ_STR(l.last[0].class_name, "JitSamples");
    UT_CHECK_EQ_STR(l.last[0].name, "add");
    UT_CHECK_EQ_STR(l.last[0].desc, "(II)I");
    UT_CHECK_EQ_INT(l.last[0].bytecode_bytes, m->code->code_len);
    UT_CHECK_EQ_INT(l.last[0].native_bytes, S.size);
    /* a(int) + b(int): the compile-time operand stack folds it */
    UT_CHECK(l.last[0].opts & (1u << JIT_OPT_COMBINEOP));
    UT_CHECK(l.last[0].compile_ns > 0);
    UT_CHECK_EQ_STR(l.refusal[0], "");
}

static void test_refused(void) {
    jmethod *m = rt_find_declared_method(K, "useGone", "(I)I");
    UT_CHECK(m != NULL);
    if (!m) return;
    /* (resolving its constants may load and run, so compile, other code) */
    jit_on_first_call(V, m);
    UT_CHECK(m->jit_entry == NULL);
    UT_CHECK_EQ_INT(S.refused_seen, 0); /* not reported to the platform */
    listed l = { .want = "useGone" };
    vm_foreach_jit_method(V, on_method, &l);
    UT_CHECK_EQ_INT(l.found, 1);
    UT_CHECK(!l.wanted.compiled);
    UT_CHECK_EQ_INT(l.wanted.native_bytes, 0);
    UT_CHECK(strstr(l.wanted_refusal, "does not resolve") != NULL);
    UT_CHECK_EQ_INT(V->stats.jit_compiled + V->stats.jit_refused, (uint32_t)l.n);
    UT_CHECK(V->stats.jit_refused >= 1);
}

static void test_many(void) {
    /* records grow past their first allocation */
    int before = 0;
    listed l = {0};
    vm_foreach_jit_method(V, on_method, &l);
    before = l.n;
    int asked = 0;
    /* one record per compile asked for: without DCALL, which compiles a
     * method's callees first (each with its own record) */
    uint32_t opts = V->jit_opts_enabled;
    V->jit_opts_enabled &= ~(1u << JIT_OPT_DCALL);
    for (uint32_t i = 0; i < K->n_methods; i++) {
        jmethod *m = &K->methods[i];
        if (!m->code || m->jit_entry || !strcmp(m->name, "useGone")) continue;
        jit_on_first_call(V, m);
        asked++;
    }
    V->jit_opts_enabled = opts;
    l.n = 0;
    vm_foreach_jit_method(V, on_method, &l);
    UT_CHECK_EQ_INT(l.n, before + asked);
    UT_CHECK(asked > 64);
}

int main(void) {
    posix_platform_init(&plat, &S);
    plat.code_emitted = on_emitted;
    vm_config cfg = {
        .plat = &plat,
        .classpath = "tests/unit/data/jit",
        .bootlib = &vifvm_bootlib,
        .jit_opts_disabled = 1u << JIT_OPT_BCE,
    };
    char msg[256];
    vm_diag d = { msg, sizeof msg };
    if (vm_create(&cfg, &V, &d) != VM_OK) { printf("FAIL: vm_create: %s\n", msg); return 1; }
    if (rt_find_class(V, "JitSamples", &K, &d) != VM_OK || rt_init_class(V, K) != VM_OK) {
        printf("FAIL: load JitSamples: %s\n", msg);
        return 1;
    }
    /* the class initialiser may have been compiled: start counting here */
    S.calls = 0;
    V->stats.jit_compiled = V->stats.jit_refused = 0;
    listed pre = {0};
    vm_foreach_jit_method(V, on_method, &pre);
    UT_RUN(test_names);
    if (pre.n == 0) {
        UT_RUN(test_compiled);
        UT_RUN(test_refused);
    } else {
        printf("SKIP: test_compiled: %d methods compiled before the test\n", pre.n);
    }
    UT_RUN(test_many);
    vm_destroy(V);
    return ut_finish();
}
