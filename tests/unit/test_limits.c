/* test_limits.c - the sandbox's runtime limits (runtime/limits.h): the
 * instruction budget API (exactness, stickiness, unlimited) on library
 * code, and the per-VM load limits (classes, methods, bytes of code). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <string.h>
#include <time.h>
#include "unit_test.h"
#include "core/mem.h"
#include "runtime/vm_state.h"
#include "runtime/limits.h"
#include "runtime/bootlib.h"
#include "runtime/classes.h"
#include "runtime/invoke.h"
#include "runtime/strings.h"
#include "runtime/roots.h"
#include "classfile/classfile.h"
#include "platform/posix/posix_platform.h"

static vm_platform plat;

static int64_t posix_nanotime_for_test(void *ud) {
    (void)ud;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static vm *new_vm(vm_limits lim) {
    posix_platform_init(&plat, NULL);
    vm_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.plat = &plat;
    cfg.limits = lim;
    cfg.classpath = "tests/unit"; /* no user classes needed */
    cfg.bootlib = &vifvm_bootlib;
    cfg.interpret_only = true;
    char detail[256] = "";
    vm_diag d = { detail, sizeof detail };
    vm *v = NULL;
    if (vm_create(&cfg, &v, &d) != VM_OK) {
        printf("vm_create failed: %s\n", detail);
        return NULL;
    }
    return v;
}

static jmethod *method(vm *v, const char *cls, const char *name, const char *desc) {
    jclass *c;
    if (rt_find_class(v, cls, &c, NULL) != VM_OK) return NULL;
    if (rt_init_class(v, c) != VM_OK) return NULL;
    return rt_find_declared_method(c, name, desc);
}

/* Integer.parseInt(s): a loop over the characters, deterministic ticks */
static vm_status parse_int(vm *v, jmethod *m, const char *s, int32_t *out) {
    jobject *str = rt_new_string_utf8(v, s, strlen(s));
    if (!str) return VM_ERR_EXCEPTION;
    jvalue a[1], r;
    a[0].raw = 0;
    a[0].l = str;
    r.raw = 0;
    vm_status st = rt_call(v, m, a, &r);
    *out = r.i;
    return st;
}

static void test_budget_exact_and_sticky(void) {
    vm_limits lim = {0};
    vm *v = new_vm(lim);
    UT_CHECK(v != NULL);
    if (!v) return;
    jmethod *pi = method(v, "java/lang/Integer", "parseInt", "(Ljava/lang/String;)I");
    UT_CHECK(pi != NULL);
    if (!pi) { vm_destroy(v); return; }
    int32_t x = 0;
    /* warm up (the first run initialises classes: their <clinit>s tick),
     * then measure under a big budget */
    UT_CHECK_EQ_INT(parse_int(v, pi, "123456789", &x), VM_OK);
    vm_set_budget(v, 1000000000u);
    UT_CHECK_EQ_INT(parse_int(v, pi, "123456789", &x), VM_OK);
    UT_CHECK_EQ_INT(x, 123456789);
    uint64_t used = vm_budget_used(v);
    UT_CHECK(used >= 9 && used < 10000);
    UT_CHECK(!vm_budget_exhausted(v));
    /* exactly that much is enough ... */
    vm_set_budget(v, used);
    UT_CHECK_EQ_INT(parse_int(v, pi, "123456789", &x), VM_OK);
    UT_CHECK_EQ_INT(vm_budget_used(v), used);
    /* ... one less is not: aborted, not an exception */
    vm_set_budget(v, used - 1);
    v->exception = NULL;
    UT_CHECK_EQ_INT(parse_int(v, pi, "123456789", &x), VM_ERR_BUDGET);
    UT_CHECK(vm_budget_exhausted(v));
    UT_CHECK_EQ_INT(vm_budget_used(v), used);
    UT_CHECK(v->exception == NULL);
    UT_CHECK_EQ_INT(v->frame_count, 0);
    char where[256];
    vm_budget_where(v, where, sizeof where);
    UT_CHECK(strncmp(where, "java.lang.", 10) == 0);
    /* sticky: nothing runs until the next vm_set_budget */
    UT_CHECK_EQ_INT(parse_int(v, pi, "1", &x), VM_ERR_BUDGET);
    /* unlimited again */
    vm_set_budget(v, 0);
    UT_CHECK_EQ_INT(parse_int(v, pi, "42", &x), VM_OK);
    UT_CHECK_EQ_INT(x, 42);
    UT_CHECK(!vm_budget_exhausted(v));
    vm_budget_where(v, where, sizeof where);
    UT_CHECK_EQ_STR(where, "");
    vm_destroy(v);
}

static void test_budget_ends_spin(void) {
    /* Thread.sleep spins on System.nanoTime: the budget ends it */
    vm_limits lim = {0};
    vm *v = new_vm(lim);
    UT_CHECK(v != NULL);
    if (!v) return;
    jmethod *sl = method(v, "java/lang/Thread", "sleep", "(J)V");
    UT_CHECK(sl != NULL);
    if (sl) {
        jvalue a[2];
        a[0].raw = 0;
        a[0].j = INT64_MAX / 2;
        a[1].raw = 0;
        vm_set_budget(v, 100000);
        UT_CHECK_EQ_INT(rt_call(v, sl, a, NULL), VM_ERR_BUDGET);
        UT_CHECK_EQ_INT(vm_budget_used(v), 100001);
        char where[256];
        vm_budget_where(v, where, sizeof where);
        UT_CHECK_EQ_STR(where, "java.lang.Thread.sleep");
    }
    vm_destroy(v);
}

/* ---- slices: budgets beyond one slice, interrupts, time limits ---- */

static volatile int g_flag;
static int g_nano_calls;
static int64_t g_fake_now;
/* System.nanoTime: counts calls; the 100th sets the interrupt flag (as a
 * signal handler would, while the code runs) */
static int64_t nano_counting(void *ud) {
    (void)ud;
    if (++g_nano_calls == 100) g_flag = 1;
    return 0;
}
/* the time limit's clock: 1 ms per reading */
static int64_t fake_clock(void *ud) {
    (void)ud;
    return g_fake_now += 1000000;
}

static vm_status sleep_forever(vm *v, jmethod *sl) {
    jvalue a[2];
    a[0].raw = 0;
    a[0].j = INT64_MAX / 2;
    a[1].raw = 0;
    v->exception = NULL;
    return rt_call(v, sl, a, NULL);
}

static void test_budget_slices(void) {
    vm_limits lim = {0};
    vm *v = new_vm(lim);
    UT_CHECK(v != NULL);
    if (!v) return;
    jmethod *sl = method(v, "java/lang/Thread", "sleep", "(J)V");
    UT_CHECK(sl != NULL);
    if (!sl) { vm_destroy(v); return; }
    /* a budget of several slices is charged exactly, like a small one */
    uint64_t n = 3u * VM_BUDGET_SLICE + 12345u;
    vm_set_budget(v, n);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_BUDGET);
    UT_CHECK_EQ_INT(vm_budget_used(v), n + 1);
    UT_CHECK_EQ_INT(vm_abort_status(v), VM_ERR_BUDGET);
    /* a large charge ends the slice but takes nothing more */
    vm_set_budget(v, 1000);
    rt_budget_charge(v, 600);
    UT_CHECK_EQ_INT(v->budget_left, 0);
    UT_CHECK_EQ_INT(vm_budget_used(v), 600);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_BUDGET);
    UT_CHECK_EQ_INT(vm_budget_used(v), 1001);

    /* the interrupt flag, set while unlimited code spins */
    plat.nanotime = nano_counting;
    g_flag = 0;
    g_nano_calls = 0;
    vm_set_interrupt(v, &g_flag);
    vm_set_budget(v, 0);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_INTERRUPTED);
    UT_CHECK(g_nano_calls >= 100);
    UT_CHECK_EQ_INT(vm_abort_status(v), VM_ERR_INTERRUPTED);
    UT_CHECK(!vm_budget_exhausted(v));
    char where[256];
    vm_budget_where(v, where, sizeof where);
    /* sticky until the next vm_set_budget, even with the flag cleared */
    g_flag = 0;
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_INTERRUPTED);
    /* set before the call: stopped at the end of the first slice */
    g_flag = 1;
    vm_set_budget(v, 0);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_INTERRUPTED);
    UT_CHECK(vm_budget_used(v) <= (uint64_t)VM_BUDGET_FIRST_SLICE + 1);
    /* a budget within the first slice never reaches a check */
    vm_set_budget(v, 1000);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_BUDGET);
    g_flag = 0;
    vm_set_interrupt(v, NULL);

    /* the time limit (a fake clock: 1 ms per reading) */
    plat.limit_clock = fake_clock;
    vm_set_time_limit(v, 10000000);     /* 10 ms */
    vm_set_budget(v, 0);
    int64_t t0 = g_fake_now;
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_TIMEOUT);
    /* the first check starts the clock, then one reading per slice */
    UT_CHECK_EQ_INT((g_fake_now - t0) / 1000000, 11);
    UT_CHECK_EQ_INT(vm_abort_status(v), VM_ERR_TIMEOUT);
    /* a budget runs out before the time limit does: still a budget abort */
    vm_set_budget(v, 2u * VM_BUDGET_SLICE);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_BUDGET);
    /* the real clock: 50 ms */
    plat.limit_clock = NULL;
    plat.nanotime = posix_nanotime_for_test;
    vm_set_time_limit(v, 50000000);
    vm_set_budget(v, 0);
    int64_t w0 = posix_nanotime_for_test(NULL);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_TIMEOUT);
    int64_t took = posix_nanotime_for_test(NULL) - w0;
    UT_CHECK(took >= 50000000 && took < 2000000000);
    vm_set_time_limit(v, 0);
    vm_set_budget(v, 0);
    vm_destroy(v);
}

/* ---- the preemption point: vm_platform.slice_end, once per slice ---- */

static int g_slice_ends;
static const vm *g_slice_vm;
static bool g_slice_bad;
static void slice_end_counting(void *ud) {
    (void)ud;
    g_slice_ends++;
    /* called with the next slice loaded: the code goes on */
    if (g_slice_vm && (g_slice_vm->budget_exhausted || g_slice_vm->budget_left <= 0)) g_slice_bad = true;
}

static void test_budget_slice_end_hook(void) {
    vm_limits lim = {0};
    vm *v = new_vm(lim);
    UT_CHECK(v != NULL);
    if (!v) return;
    jmethod *sl = method(v, "java/lang/Thread", "sleep", "(J)V");
    UT_CHECK(sl != NULL);
    if (!sl) { vm_destroy(v); return; }
    plat.slice_end = slice_end_counting;
    g_slice_vm = v;
    g_slice_bad = false;
    /* within the first slice: never called */
    g_slice_ends = 0;
    vm_set_budget(v, 1000);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_BUDGET);
    UT_CHECK_EQ_INT(g_slice_ends, 0);
    /* a budget of several slices: once per slice loaded after the first
     * (the abort at the end is not one) */
    uint64_t n = 5u * VM_BUDGET_SLICE + 12345u;
    g_slice_ends = 0;
    vm_set_budget(v, n);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_BUDGET);
    int want = (int)((n - VM_BUDGET_FIRST_SLICE + VM_BUDGET_SLICE - 1) / VM_BUDGET_SLICE);
    UT_CHECK_EQ_INT(g_slice_ends, want);
    UT_CHECK_EQ_INT(vm_budget_used(v), n + 1);
    /* unlimited code stopped by the time limit: one call per slice it
     * went on with (fake clock, 1 ms a reading: 10 slices in 10 ms) */
    plat.limit_clock = fake_clock;
    g_slice_ends = 0;
    vm_set_time_limit(v, 10000000);
    vm_set_budget(v, 0);
    UT_CHECK_EQ_INT(sleep_forever(v, sl), VM_ERR_TIMEOUT);
    UT_CHECK_EQ_INT(g_slice_ends, 10);
    UT_CHECK(!g_slice_bad);
    plat.limit_clock = NULL;
    plat.slice_end = NULL;
    g_slice_vm = NULL;
    vm_set_time_limit(v, 0);
    vm_set_budget(v, 0);
    vm_destroy(v);
}

/* Parse boot class `name` as if it were a user class and charge it. */
static vm_status charge(vm *v, const char *name, vm_diag *d) {
    const vm_bootlib *bl = &vifvm_bootlib;
    for (size_t i = 0; i < bl->count; i++) {
        if (strcmp(bl->classes[i].name, name) != 0) continue;
        cf_class *cf = NULL;
        uint8_t *bytes;
        size_t blen;
        if (bootlib_class_bytes(&plat, &bl->classes[i], &bytes, &blen) != VM_OK)
            return VM_ERR_FORMAT;
        vm_status pst = cf_parse(&plat, bytes, blen, &cf, NULL);
        vm_free(&plat, bytes, blen);
        if (pst != VM_OK)
            return VM_ERR_FORMAT;
        vm_status st = rt_charge_load_limits(v, &cf, false, d);
        if (st == VM_OK) cf_free(cf);
        else if (cf) return VM_ERR_INTERNAL; /* must have been freed */
        return st;
    }
    return VM_ERR_NOT_FOUND;
}

static void test_load_limits(void) {
    vm_limits lim = {0};
    lim.max_classes = 2;
    vm *v = new_vm(lim);
    UT_CHECK(v != NULL);
    if (!v) return;
    UT_CHECK_EQ_INT(v->user_classes, 0); /* the boot library is free */
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    UT_CHECK_EQ_INT(charge(v, "java/lang/Runnable", &d), VM_OK);
    UT_CHECK_EQ_INT(charge(v, "java/lang/Integer", &d), VM_OK);
    UT_CHECK_EQ_INT(charge(v, "java/lang/Long", &d), VM_ERR_EXCEPTION);
    UT_CHECK(strstr(detail, "vifvm: class limit (2) reached loading java.lang.Long") != NULL);
    UT_CHECK(v->exception != NULL);
    v->exception = NULL;
    UT_CHECK_EQ_INT(v->user_classes, 2);
    /* methods and code */
    v->limits.max_classes = 0;
    v->limits.max_methods = v->user_methods + 1;
    UT_CHECK_EQ_INT(charge(v, "java/lang/Long", &d), VM_ERR_EXCEPTION);
    UT_CHECK(strstr(detail, "vifvm: method limit") != NULL);
    v->exception = NULL;
    v->limits.max_methods = 0;
    v->limits.max_code_bytes = v->user_code_bytes + 10;
    UT_CHECK_EQ_INT(charge(v, "java/lang/Long", &d), VM_ERR_EXCEPTION);
    UT_CHECK(strstr(detail, "vifvm: code limit") != NULL);
    v->exception = NULL;
    v->limits.max_code_bytes = 0;
    UT_CHECK_EQ_INT(charge(v, "java/lang/Long", &d), VM_OK);
    UT_CHECK_EQ_INT(v->user_classes, 3);
    vm_destroy(v);
}

int main(void) {
    UT_RUN(test_budget_exact_and_sticky);
    UT_RUN(test_budget_ends_spin);
    UT_RUN(test_budget_slices);
    UT_RUN(test_budget_slice_end_hook);
    UT_RUN(test_load_limits);
    return ut_finish();
}
