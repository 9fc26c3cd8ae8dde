/* test_api.c - unit tests of the public embedding API (include/vifvm.h),
 * used as a host uses it (only that header and the posix platform):
 * create/destroy (also with an allocator that fails at every possible
 * point), classes from bytes and from the class path, finding and calling
 * methods (the handler fast entry too), fields, handles, exceptions,
 * budgets, statistics, the reachability query, compile at load
 * (vm_prepare_class; vm_prepare_image, k17: every class of an upload),
 * and errors for bad input.  The classes are in tests/unit/data/api/
 * (sources beside them); the JARs are made here (tests/malformed/
 * gen_bad_jars.c's writer) and written to temporary files. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vifvm.h"
#include "platform/posix/posix_platform.h"
#include "unit_test.h"

#define GEN_BAD_JARS_NO_MAIN
#include "../malformed/gen_bad_jars.c"

#define DATA "tests/unit/data/api"
#define IMG DATA "/img"

/* ---- a counting allocator that can be told to fail -------------------- */

typedef struct counting {
    vm_platform base;
    long allocs, fail_at;    /* fail the fail_at-th allocation (-1: never) */
    long long live_bytes;
} counting;

static void *count_realloc(void *ud, void *p, size_t old, size_t n) {
    counting *c = ud;
    if (n && (!p || n > old)) {
        if (c->fail_at >= 0 && c->allocs++ == c->fail_at) return NULL;
    }
    void *r = c->base.realloc(c->base.ud, p, old, n);
    if (n == 0) c->live_bytes -= (long long)old;
    else if (r) c->live_bytes += (long long)n - (long long)(p ? old : 0);
    return r;
}

/* read_file's memory comes from the platform's realloc (vifvm_platform.h):
 * the posix one's, copied into a counted (and failable) block */
static vm_status count_read_file(void *ud, const char *path, size_t max_len, uint8_t **data,
                                 size_t *len) {
    counting *c = ud;
    uint8_t *raw = NULL;
    size_t n = 0;
    vm_status st = c->base.read_file(c->base.ud, path, max_len, &raw, &n);
    if (st != VM_OK) return st;
    uint8_t *b = count_realloc(c, NULL, 0, n ? n : 1);
    if (b) memcpy(b, raw, n);
    c->base.realloc(c->base.ud, raw, n ? n : 1, 0);
    if (!b) return VM_ERR_NOMEM;
    *data = b;
    *len = n;
    return VM_OK;
}

static void counting_init(counting *c, vm_platform *p) {
    memset(c, 0, sizeof *c);
    posix_platform_init(&c->base, NULL);
    *p = c->base;
    p->ud = c;
    p->realloc = count_realloc;
    p->zalloc = NULL;           /* every allocation through realloc */
    p->read_file = count_read_file;
    /* the other hooks get ud = c, which the posix ones ignore */
    c->fail_at = -1;
}

static vm *new_vm(vm_platform *p, const char *cp, bool interp) {
    posix_platform_init(p, NULL);
    vm_config cfg = { .plat = p, .classpath = cp, .bootlib = &vifvm_bootlib,
                      .interpret_only = interp,
                      .limits = { .heap_max = 16u << 20,
                                  .native_stack_bytes = posix_native_stack_budget() } };
    vm *v = NULL;
    char detail[256] = "";
    vm_diag d = { detail, sizeof detail };
    if (vm_create(&cfg, &v, &d) != VM_OK) {
        fprintf(stderr, "vm_create: %s\n", detail);
        return NULL;
    }
    return v;
}

/* ---- tests ---------------------------------------------------------------- */

static void test_create_destroy_failing_allocator(void) {
    counting c;
    vm_platform p;
    counting_init(&c, &p);
    vm_config cfg = { .plat = &p, .bootlib = &vifvm_bootlib, .classpath = DATA,
                      .limits = { .heap_max = 4u << 20, .stack_bytes = 256u << 10,
                                  .max_frames = 1024 } };
    long n;
    int ok = 0;
    for (n = 0; n < 5000; n++) {
        c.fail_at = n;
        c.allocs = 0;
        vm *v = NULL;
        char detail[256] = "";
        vm_diag d = { detail, sizeof detail };
        vm_status st = vm_create(&cfg, &v, &d);
        if (st == VM_OK) {
            vm_destroy(v);
            ok = 1;
            break;
        }
        UT_CHECK(v == NULL);
        UT_CHECK(st == VM_ERR_NOMEM || st == VM_ERR_EXCEPTION || st == VM_ERR_INTERNAL ||
                 st == VM_ERR_LINKAGE);
        UT_CHECK(detail[0] != '\0');
        UT_CHECK_EQ_INT(c.live_bytes, 0);     /* nothing leaked */
        if (ut_cur_failed) break;
    }
    UT_CHECK(ok);
    UT_CHECK(n > 3);
    UT_CHECK_EQ_INT(c.live_bytes, 0);
    vm_destroy(NULL);
}

static void test_bad_input(void) {
    vm *v = NULL;
    UT_CHECK_EQ_INT(vm_create(NULL, &v, NULL), VM_ERR_ARG);
    vm_platform p;
    posix_platform_init(&p, NULL);
    vm_config cfg = { .plat = &p };   /* no boot library */
    UT_CHECK_EQ_INT(vm_create(&cfg, &v, NULL), VM_ERR_ARG);
    cfg.bootlib = &vifvm_bootlib;
    cfg.classpath = "/nonexistent/dir";
    char detail[256] = "";
    vm_diag d = { detail, sizeof detail };
    UT_CHECK(vm_create(&cfg, &v, &d) != VM_OK);
    UT_CHECK(detail[0] != '\0');
    UT_CHECK_EQ_INT(vm_check_class_bytes(&p, (const uint8_t *)"garbage", 7, &d), VM_ERR_FORMAT);
    UT_CHECK(vm_check_jar_bytes(&p, (const uint8_t *)"garbage", 7, 1 << 20, &d) != VM_OK);
    char mc[64];
    UT_CHECK(vm_jar_main_class(&p, "/nonexistent.jar", 1 << 20, mc, sizeof mc, &d) != VM_OK);
    UT_CHECK(strcmp(vm_status_str(VM_ERR_BUDGET), "instruction budget exhausted") == 0);
}

static void test_classes_and_calls(void) {
    vm_platform p;
    vm *v = new_vm(&p, ".", false);
    UT_CHECK(v != NULL);
    if (!v) return;
    size_t len = 0;
    uint8_t *bytes = ut_read_file(DATA "/ApiT.class", &len);
    UT_CHECK(bytes != NULL && len > 100);
    UT_CHECK_EQ_INT(vm_check_class_bytes(vm_get_platform(v), bytes, len, NULL), VM_OK);
    vm_class *c = NULL;
    char detail[256] = "";
    vm_diag d = { detail, sizeof detail };
    UT_CHECK_EQ_INT(vm_class_define(v, "ApiT", bytes, len, &c, &d), VM_OK);
    UT_CHECK(c != NULL);
    UT_CHECK_EQ_STR(vm_class_name(c), "ApiT");
    UT_CHECK(vm_class_loaded(v, "ApiT") == c);
    /* defined twice: refused */
    vm_class *c2 = NULL;
    UT_CHECK_EQ_INT(vm_class_define(v, "ApiT", bytes, len, &c2, NULL), VM_ERR_ARG);
    /* wrong name for the bytes: NoClassDefFoundError */
    UT_CHECK_EQ_INT(vm_class_define(v, "NotApiT", bytes, len, &c2, NULL), VM_ERR_EXCEPTION);
    UT_CHECK(vm_exception(v) != NULL);
    vm_exception_clear(v);
    /* garbage bytes: ClassFormatError */
    UT_CHECK_EQ_INT(vm_class_define(v, "Junk", (const uint8_t *)"\xca\xfe\xba\xbe", 4, &c2, NULL),
                    VM_ERR_EXCEPTION);
    char desc[256];
    vm_exception_describe(v, vm_exception(v), desc, sizeof desc);
    UT_CHECK(strstr(desc, "ClassFormatError") != NULL);
    vm_exception_clear(v);
    UT_CHECK(vm_exception(v) == NULL);
    free(bytes);

    UT_CHECK_EQ_INT(vm_class_init(v, c), VM_OK);
    vm_method *add = vm_method_find(c, "add", "(II)I");
    UT_CHECK(add && (vm_method_flags(add) & VM_METHOD_STATIC));
    UT_CHECK(vm_method_class(add) == c);
    UT_CHECK(vm_method_find(c, "nope", "()V") == NULL);
    UT_CHECK(vm_method_find_declared(c, "hashCode", "()I") == NULL);
    UT_CHECK(vm_method_find(c, "hashCode", "()I") != NULL);
    vm_value a[2], r;
    a[0].i = 40;
    a[1].i = 2;
    r.i = 0;
    UT_CHECK_EQ_INT(vm_call(v, add, a, &r), VM_OK);
    UT_CHECK_EQ_INT(r.i, 42);

    /* objects, fields, the handler entry */
    vm_object *o = vm_new_object(v, c);
    UT_CHECK(o != NULL);
    UT_CHECK(vm_object_class(o) == c);
    vm_handle *h = vm_handle_new(v, o);
    UT_CHECK(h && vm_handle_get(h) == o);
    vm_field *fx = vm_field_find(c, "x", "I"), *fy = vm_field_find(c, "y", "J");
    vm_field *fref = vm_field_find(c, "ref", "Ljava/lang/Object;");
    UT_CHECK(fx && fy && fref && !vm_field_is_static(fx));
    UT_CHECK(vm_field_find(c, "x", "J") == NULL);
    vm_set_i64(o, vm_field_offset(fy), -5);
    UT_CHECK_EQ_INT(vm_get_i64(o, vm_field_offset(fy)), -5);
    vm_method *hit = vm_method_find(c, "hit", "(Ljava/lang/Object;)V");
    UT_CHECK(hit != NULL);
    for (int i = 0; i < 5; i++) {
        a[0].l = vm_handle_get(h);
        a[1].l = vm_handle_get(h);
        UT_CHECK_EQ_INT(vm_call_handler(v, hit, i & 1 ? 1000 : 0, 0, a, NULL), VM_OK);
        vm_gc_collect(v);      /* the handle keeps it */
    }
    o = vm_handle_get(h);
    UT_CHECK_EQ_INT(vm_get_i32(o, vm_field_offset(fx)), 5);
    UT_CHECK(vm_get_ref(o, vm_field_offset(fref)) == o);
    vm_handle_free(v, h);

    /* arrays */
    vm_class *ac = NULL;
    UT_CHECK_EQ_INT(vm_class_find(v, "[B", &ac, NULL), VM_OK);
    vm_object *arr = vm_new_array(v, ac, 10);
    UT_CHECK(arr && vm_array_length(arr) == 10 && (vm_class_flags(ac) & VM_CLASS_ARRAY));
    ((uint8_t *)vm_array_data(arr))[9] = 7;
    UT_CHECK(vm_new_array(v, ac, -1) == NULL && vm_exception(v) != NULL);
    vm_exception_clear(v);
    UT_CHECK(vm_new_array(v, c, 3) == NULL);   /* not an array class */
    vm_exception_clear(v);

    vm_stats s;
    vm_get_stats(v, &s);
    UT_CHECK(s.classes_loaded > 10);
    UT_CHECK(s.jit_compiled > 0);
    UT_CHECK(s.gc_count >= 5);
    vm_class *none = NULL;
    UT_CHECK_EQ_INT(vm_class_find(v, "", &none, NULL), VM_ERR_ARG);
    UT_CHECK_EQ_INT(vm_class_find(v, "NoSuchClassAnywhere", &none, NULL), VM_ERR_EXCEPTION);
    vm_exception_clear(v);
    vm_destroy(v);
}

static void test_exceptions_budget_exit(void) {
    vm_platform p;
    vm *v = new_vm(&p, DATA, true);
    UT_CHECK(v != NULL);
    if (!v) return;
    vm_class *c = NULL;
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiT", &c, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_class_init(v, c), VM_OK);
    char desc[256];
    UT_CHECK_EQ_INT(vm_call(v, vm_method_find(c, "boom", "()V"), NULL, NULL), VM_ERR_EXCEPTION);
    vm_exception_describe(v, vm_exception(v), desc, sizeof desc);
    UT_CHECK_EQ_STR(desc, "java.lang.IllegalStateException: boom");
    vm_exception_clear(v);
    UT_CHECK_EQ_INT(vm_throw(v, "java/lang/IllegalArgumentException", "bad"), VM_ERR_EXCEPTION);
    vm_exception_describe(v, vm_exception(v), desc, sizeof desc);
    UT_CHECK_EQ_STR(desc, "java.lang.IllegalArgumentException: bad");
    vm_exception_clear(v);
    vm_exception_describe(v, NULL, desc, sizeof desc);
    UT_CHECK_EQ_STR(desc, "(no exception)");

    vm_set_budget(v, 10000);
    vm_value r;
    UT_CHECK_EQ_INT(vm_call(v, vm_method_find(c, "spin", "()I"), NULL, &r), VM_ERR_BUDGET);
    UT_CHECK(vm_budget_exhausted(v));
    UT_CHECK(vm_budget_used(v) > 10000);
    char where[128];
    vm_budget_where(v, where, sizeof where);
    UT_CHECK(strstr(where, "ApiT.spin") != NULL);
    vm_set_budget(v, 0);
    UT_CHECK(!vm_budget_exhausted(v));
    UT_CHECK_EQ_INT(vm_call(v, vm_method_find(c, "exit7", "()V"), NULL, NULL), VM_ERR_EXIT);
    UT_CHECK_EQ_INT(vm_exit_code(v), 7);
    vm_destroy(v);
}

static void test_reachability(void) {
    vm_platform p;
    vm *v = new_vm(&p, DATA, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    vm_class *c = NULL, *rc = NULL, *oa = NULL;
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiT", &c, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiRing", &rc, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_class_find(v, "[Ljava/lang/Object;", &oa, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_class_init(v, c), VM_OK);
    UT_CHECK_EQ_INT(vm_class_init(v, rc), VM_OK);
    vm_field *keep = vm_field_find(c, "keep", "Ljava/lang/Object;");
    vm_field *weak = vm_field_find(c, "weak", "Ljava/lang/Object;");
    vm_field *items = vm_field_find(rc, "items", "[Ljava/lang/Object;");
    vm_field *head = vm_field_find(rc, "head", "I"), *count = vm_field_find(rc, "count", "I");
    UT_CHECK(keep && weak && items && head && count && vm_field_is_static(keep));

    /* objs: 0 held by a handle, 1 by nothing, 2 by a static, 3 by the
     * "weak" static only, 4 a live ring slot, 5 a stale ring slot */
    vm_object *objs[7];
    for (int i = 0; i < 6; i++) {
        objs[i] = vm_new_object(v, c);
        UT_CHECK(objs[i] != NULL);
        vm_static_set_ref(keep, objs[0]);   /* keep the earlier ones meanwhile */
    }
    vm_handle *h = vm_handle_new(v, objs[0]);
    vm_object *ring = vm_new_object(v, rc);
    vm_handle *hr = vm_handle_new(v, ring);
    vm_object *arr = vm_new_array(v, oa, 4);
    UT_CHECK(ring && arr);
    vm_set_ref(ring, vm_field_offset(items), arr);
    vm_object **e = vm_array_data(arr);
    e[1] = objs[5];         /* stale: outside head..head+count */
    e[2] = objs[4];         /* live */
    vm_set_i32(ring, vm_field_offset(head), 2);
    vm_set_i32(ring, vm_field_offset(count), 1);
    vm_static_set_ref(keep, objs[2]);
    vm_static_set_ref(weak, objs[3]);
    objs[6] = NULL;
    bool reach[7];
    /* without rules: everything referenced anywhere is reachable */
    UT_CHECK_EQ_INT(vm_gc_reachable(v, NULL, objs, 7, reach), VM_OK);
    UT_CHECK(reach[0] && !reach[1] && reach[2] && reach[3] && reach[4] && reach[5] && !reach[6]);
    vm_field *weaks[1] = { weak };
    vm_reach_opts ro = { .weak_statics = weaks, .n_weak_statics = 1, .ring_class = rc,
                         .ring_items = items, .ring_head = head, .ring_count = count };
    UT_CHECK_EQ_INT(vm_gc_reachable(v, &ro, objs, 7, reach), VM_OK);
    UT_CHECK(reach[0] && !reach[1] && reach[2] && !reach[3] && reach[4] && !reach[5]);
    /* nothing was freed or left marked: a collection keeps the rest */
    vm_gc_collect(v);
    UT_CHECK(vm_static_get_ref(weak) == objs[3]);
    UT_CHECK_EQ_INT(vm_gc_reachable(v, &ro, objs, 6, reach), VM_OK);
    UT_CHECK(reach[0] && reach[2] && !reach[3] && reach[4] && !reach[5]);
    /* bad options */
    vm_reach_opts bad = { .weak_statics = (vm_field *[]){ head }, .n_weak_statics = 1 };
    UT_CHECK_EQ_INT(vm_gc_reachable(v, &bad, objs, 6, reach), VM_ERR_ARG);
    UT_CHECK(reach[1]);     /* on failure: all taken as reachable */
    vm_handle_free(v, h);
    vm_handle_free(v, hr);
    vm_destroy(v);
}

static void test_prepare(void) {
    vm_platform p;
    vm *v = new_vm(&p, DATA, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    vm_class *c = NULL;
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiT", &c, NULL), VM_OK);
    vm_stats s0, s1;
    vm_get_stats(v, &s0);
    UT_CHECK_EQ_INT(vm_prepare_class(v, c, 0, &d), VM_OK);
    vm_get_stats(v, &s1);
    UT_CHECK(s1.jit_compiled > s0.jit_compiled);   /* compiled at load */
    /* a lambda: its call site is linked (a class generated) and compiled */
    vm_get_stats(v, &s0);
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiLambda", &c, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_prepare_class(v, c, 0, &d), VM_OK);
    vm_get_stats(v, &s1);
    UT_CHECK(s1.jit_compiled >= s0.jit_compiled + 3);  /* run, the lambda body, the
                                                          generated class's run */
    UT_CHECK(vm_class_loaded(v, "ApiLambda$$Lambda$1") != NULL);
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiMissing", &c, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_prepare_class(v, c, 0, &d), VM_ERR_LINKAGE);
    UT_CHECK(strstr(detail, "NoClassDefFoundError: ApiGone") != NULL);
    UT_CHECK(vm_exception(v) == NULL);
    UT_CHECK_EQ_INT(vm_prepare_class(v, NULL, 0, &d), VM_ERR_ARG);
    vm_destroy(v);

    /* the same lambda with its bootstrap method renamed (same length) to one
     * vifvm does not provide: refused */
    v = new_vm(&p, DATA, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    FILE *f = fopen(DATA "/ApiLambda.class", "rb");
    UT_CHECK(f != NULL);
    if (!f) { vm_destroy(v); return; }
    static unsigned char b[8192];
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    const char *from = "java/lang/invoke/LambdaMetafactory", *to = "java/lang/runtime/SwitchBootstraps";
    size_t fl = strlen(from), hits = 0;
    for (size_t i = 0; i + fl <= n; i++)
        if (memcmp(b + i, from, fl) == 0) { memcpy(b + i, to, fl); hits++; }
    UT_CHECK_EQ_INT((int)hits, 1);
    UT_CHECK_EQ_INT(vm_class_define(v, "ApiLambda", b, n, &c, &d), VM_OK);
    UT_CHECK_EQ_INT(vm_prepare_class(v, c, 0, &d), VM_ERR_UNSUPPORTED);
    UT_CHECK(strstr(detail, "BootstrapMethodError: bootstrap method "
                            "java.lang.runtime.SwitchBootstraps.metafactory") != NULL);
    UT_CHECK(strstr(detail, "vifvm does not provide this bootstrap method") != NULL);
    UT_CHECK(vm_exception(v) == NULL);
    vm_destroy(v);
}

/* VM_PREPARE_LIBRARY: after the prepare, a call of ordinary code over
 * the class library loads and compiles nothing (ApiLib: maps, a deque,
 * boxing, strings, a caught library exception, a user key class); the
 * same call in a VM prepared without the flag compiles on the way (so
 * the counts can tell) and returns the same; an interpret-only VM and
 * an allocator failing at every point of the prepare are handled. */
static long long run_lib(vm *v, unsigned flags, vm_stats *before, vm_stats *after, vm_status *st) {
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    vm_class *c = NULL;
    vm_value a[1] = { { .i = 300 } }, r = { .j = 0 };
    *st = vm_class_find(v, "ApiLib", &c, &d);
    if (*st == VM_OK) *st = vm_prepare_class(v, c, flags, &d);
    if (*st != VM_OK) return 0;
    vm_get_stats(v, before);
    *st = vm_call(v, vm_method_find(c, "run", "(I)J"), a, &r);
    vm_get_stats(v, after);
    return (long long)r.j;
}

/* prep(vm) run in a new VM over class path cp with its step-th, 2*step-th
 * ... allocation after the VM's creation failing (up to max, until one
 * run reaches no failure): each fails cleanly or succeeds, nothing leaks,
 * and some failed. */
static void prepare_failing(const char *cp, vm_status (*prep)(vm *), long step, long max) {
    counting cnt;
    vm_platform pl;
    counting_init(&cnt, &pl);
    vm_config cfg = { .plat = &pl, .bootlib = &vifvm_bootlib, .classpath = cp,
                      .limits = { .heap_max = 16u << 20,
                                  .native_stack_bytes = posix_native_stack_budget() } };
    int done = 0;
    long fails = 0;
    for (long n = 0; n < max && !done; n += step) {
        cnt.fail_at = LONG_MAX;            /* (counts the allocations) */
        cnt.allocs = 0;
        vm *w = NULL;
        if (vm_create(&cfg, &w, NULL) != VM_OK) { UT_CHECK(0); break; }
        cnt.fail_at = cnt.allocs + n;
        vm_status s = prep(w);
        if (cnt.allocs <= cnt.fail_at) {   /* no failure reached it */
            UT_CHECK_EQ_INT(s, VM_OK);
            done = 1;
        } else {
            fails += s != VM_OK;
            UT_CHECK(s == VM_OK || s == VM_ERR_NOMEM || s == VM_ERR_LINKAGE || s == VM_ERR_EXCEPTION);
        }
        cnt.fail_at = -1;
        vm_exception_clear(w);
        vm_destroy(w);
        UT_CHECK_EQ_INT(cnt.live_bytes, 0);
        if (ut_cur_failed) break;
    }
    UT_CHECK(done);
    UT_CHECK(fails > 0);
}

static vm_status prep_lib(vm *w) {
    vm_class *k = NULL;
    vm_status s = vm_class_find(w, "ApiLib", &k, NULL);
    return s == VM_OK ? vm_prepare_class(w, k, VM_PREPARE_LIBRARY, NULL) : s;
}

static void test_prepare_library(void) {
    vm_platform p;
    vm_stats s0, s1;
    vm_status st;
    vm *v = new_vm(&p, DATA, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    long long r1 = run_lib(v, VM_PREPARE_LIBRARY, &s0, &s1, &st);
    UT_CHECK_EQ_INT(st, VM_OK);
    UT_CHECK_EQ_INT((long long)s1.jit_compiled, (long long)s0.jit_compiled);
    UT_CHECK_EQ_INT((long long)s1.classes_loaded, (long long)s0.classes_loaded);
    UT_CHECK(s0.jit_compiled > 40);      /* the library's methods, not only ApiLib's */
    vm_destroy(v);

    v = new_vm(&p, DATA, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    long long r0 = run_lib(v, 0, &s0, &s1, &st);
    UT_CHECK_EQ_INT(st, VM_OK);
    UT_CHECK_EQ_INT(r0, r1);
    UT_CHECK(s1.jit_compiled > s0.jit_compiled + 10);   /* lazily: on the call */
    UT_CHECK(s1.classes_loaded > s0.classes_loaded);
    vm_class *c = NULL;
    char detail[256] = "";
    vm_diag d = { detail, sizeof detail };
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiLib", &c, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_prepare_class(v, c, 0x2u, &d), VM_ERR_ARG);
    UT_CHECK(strstr(detail, "unknown flags") != NULL);
    vm_destroy(v);

    v = new_vm(&p, DATA, true);          /* interpret-only: resolved, nothing compiled */
    UT_CHECK(v != NULL);
    if (!v) return;
    UT_CHECK_EQ_INT(run_lib(v, VM_PREPARE_LIBRARY, &s0, &s1, &st), r1);
    UT_CHECK_EQ_INT(st, VM_OK);
    UT_CHECK_EQ_INT((long long)s1.jit_compiled, 0);
    UT_CHECK_EQ_INT((long long)s1.classes_loaded, (long long)s0.classes_loaded);
    vm_destroy(v);

    /* an allocation failing at each point after the VM's creation:
     * the prepare fails cleanly or succeeds, nothing leaks */
    prepare_failing(DATA, prep_lib, 31, 40000);
}

/* ---- vm_prepare_image (k17): every class of an upload -------------------- */

static char jar_path[64];
static gbuf jar, junk_jar;

/* ApiImg, ApiImgCheck, ApiImgHelper (and extra, if named) in a JAR */
static gbuf make_jar(const char *extra, const uint8_t *x, size_t nx) {
    static const char mf[] = "Manifest-Version: 1.0\r\nMain-Class: ApiImg\r\n\r\n";
    static const char *const names[] = { "ApiImg", "ApiImgCheck", "ApiImgHelper" };
    uint8_t *b[3];
    size_t n[3];
    char path[128], ent[3][32];
    went e[5] = { { .name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)mf, .len = sizeof mf - 1,
                    .method = 8 } };
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, IMG "/%s.class", names[i]);
        snprintf(ent[i], sizeof ent[i], "%s.class", names[i]);
        b[i] = ut_read_file(path, &n[i]);
        e[1 + i] = (went){ .name = ent[i], .data = b[i], .len = b[i] ? n[i] : 0, .method = 8 };
    }
    if (extra) e[4] = (went){ .name = extra, .data = x, .len = nx, .method = 8 };
    gbuf g = { 0 };
    zlayout l;
    write_zip(&g, e, extra ? 5 : 4, NULL, &l);
    for (int i = 0; i < 3; i++) free(b[i]);
    return g;
}

static bool write_file(const char *path, const gbuf *g) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(g->p, 1, g->n, f) == g->n;
    return fclose(f) == 0 && ok;
}

/* call ApiImg.name(desc) with int argument k, the statistics around it */
static int call(vm *v, const char *name, const char *desc, int k, vm_stats *before,
                vm_stats *after, vm_status *st) {
    vm_class *c = NULL;
    vm_value a[1] = { { .i = k } }, r = { .i = 0 };
    *st = vm_class_find(v, "ApiImg", &c, NULL);
    if (*st != VM_OK) return 0;
    vm_get_stats(v, before);
    *st = vm_call(v, vm_method_find(c, name, desc), desc[1] == ')' ? NULL : a, &r);
    vm_get_stats(v, after);
    vm_exception_clear(v);
    return r.i;
}

static void test_prepare_image(void) {
    vm_platform p;
    vm_stats s0, s1;
    vm_status st;
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    /* the whole upload prepared: run() loads and compiles nothing, its
     * helper (named by a field) and LinkedList (a constant) included */
    vm *v = new_vm(&p, jar_path, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    UT_CHECK_EQ_INT(vm_prepare_image(v, jar.p, jar.n, true, 1 << 20, VM_PREPARE_LIBRARY, &d), VM_OK);
    UT_CHECK(vm_class_loaded(v, "ApiImgHelper") != NULL);
    UT_CHECK(vm_class_loaded(v, "java/util/LinkedList") != NULL);
    int r1 = call(v, "run", "()I", 0, &s0, &s1, &st);
    UT_CHECK_EQ_INT(st, VM_OK);
    UT_CHECK_EQ_INT(r1, 3 * 1 + 1 * 2 + 4 * 3 + 1 * 4 + 5 * 5 + 9 * 6 + 2 * 7 + 6 * 8 + 5 * 9 + 3 * 10);
    UT_CHECK_EQ_INT((long long)s1.classes_loaded, (long long)s0.classes_loaded);
    UT_CHECK_EQ_INT((long long)s1.jit_compiled, (long long)s0.jit_compiled);
    /* a library class named by a string built at run time: loaded then
     * (the one exception, counted) */
    UT_CHECK_EQ_INT(vm_class_loaded(v, "java/util/Stack") != NULL, 0);
    UT_CHECK(call(v, "built", "(I)I", 0, &s0, &s1, &st) > 0);
    UT_CHECK_EQ_INT(st, VM_OK);
    UT_CHECK(s1.classes_loaded > s0.classes_loaded);
    UT_CHECK(s1.jit_compiled > s0.jit_compiled);
    vm_destroy(v);

    /* the VIFlet's class alone (vm_prepare_class, as before k17): the
     * helper loads on the call, so the checks above can tell */
    v = new_vm(&p, jar_path, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    vm_class *c = NULL;
    UT_CHECK_EQ_INT(vm_class_find(v, "ApiImg", &c, NULL), VM_OK);
    UT_CHECK_EQ_INT(vm_prepare_class(v, c, VM_PREPARE_LIBRARY, &d), VM_OK);
    UT_CHECK(vm_class_loaded(v, "ApiImgHelper") == NULL);
    UT_CHECK(vm_class_loaded(v, "java/util/LinkedList") != NULL);   /* the constant */
    UT_CHECK_EQ_INT(call(v, "run", "()I", 0, &s0, &s1, &st), r1);
    UT_CHECK_EQ_INT(st, VM_OK);
    UT_CHECK(s1.classes_loaded > s0.classes_loaded);
    UT_CHECK(s1.jit_compiled > s0.jit_compiled);
    vm_destroy(v);

    /* without VM_PREPARE_LIBRARY the constant is not followed either */
    v = new_vm(&p, jar_path, false);
    UT_CHECK(v != NULL);
    if (!v) return;
    UT_CHECK_EQ_INT(vm_prepare_image(v, jar.p, jar.n, true, 1 << 20, 0, &d), VM_OK);
    UT_CHECK(vm_class_loaded(v, "ApiImgHelper") != NULL);
    UT_CHECK(vm_class_loaded(v, "java/util/LinkedList") == NULL);
    /* unknown flags, bad arguments */
    UT_CHECK_EQ_INT(vm_prepare_image(v, jar.p, jar.n, true, 1 << 20, 0x2u, &d), VM_ERR_ARG);
    UT_CHECK(strstr(detail, "unknown flags") != NULL);
    UT_CHECK_EQ_INT(vm_prepare_image(v, NULL, 0, true, 1 << 20, 0, &d), VM_ERR_ARG);
    /* not a JAR */
    UT_CHECK(vm_prepare_image(v, (const uint8_t *)"garbage", 7, true, 1 << 20, 0, &d) != VM_OK);
    /* one class file: that class */
    size_t n;
    uint8_t *b = ut_read_file(IMG "/ApiImgHelper.class", &n);
    UT_CHECK(b != NULL);
    if (b) UT_CHECK_EQ_INT(vm_prepare_image(v, b, n, false, 1 << 20, VM_PREPARE_LIBRARY, &d), VM_OK);
    free(b);
    vm_destroy(v);
}

/* a JAR with an entry that is not a class: refused, naming it; nothing
 * runs (the helper's class is loaded, not initialized) */
static void test_prepare_image_broken_entry(void) {
    vm_platform p;
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    char path[64];
    snprintf(path, sizeof path, "/tmp/vifvm-img-junk-%ld.jar", (long)getpid());
    UT_CHECK(write_file(path, &junk_jar));
    vm *v = new_vm(&p, path, false);
    UT_CHECK(v != NULL);
    if (v) {
        vm_status st = vm_prepare_image(v, junk_jar.p, junk_jar.n, true, 1 << 20, VM_PREPARE_LIBRARY, &d);
        UT_CHECK_EQ_INT(st, VM_ERR_LINKAGE);
        UT_CHECK(strstr(detail, "class sub.Junk of the upload: java.lang.ClassFormatError") != NULL);
        if (!strstr(detail, "sub.Junk")) fprintf(stderr, "detail: %s\n", detail);
        UT_CHECK(vm_exception(v) == NULL);
        vm_destroy(v);
    }
    unlink(path);
}

static vm_status prep_image(vm *w) {
    return vm_prepare_image(w, jar.p, jar.n, true, 1 << 20, VM_PREPARE_LIBRARY, NULL);
}

/* an allocation failing at each point after the VM's creation: the
 * prepare fails cleanly or succeeds, nothing leaks */
static void test_prepare_image_failing_allocator(void) {
    prepare_failing(jar_path, prep_image, 37, 60000);
}

int main(void) {
    UT_RUN(test_create_destroy_failing_allocator);
    UT_RUN(test_bad_input);
    UT_RUN(test_classes_and_calls);
    UT_RUN(test_exceptions_budget_exit);
    UT_RUN(test_reachability);
    UT_RUN(test_prepare);
    UT_RUN(test_prepare_library);
    snprintf(jar_path, sizeof jar_path, "/tmp/vifvm-img-%ld.jar", (long)getpid());
    jar = make_jar(NULL, NULL, 0);
    junk_jar = make_jar("sub/Junk.class", (const uint8_t *)"not a class file", 16);
    if (!write_file(jar_path, &jar)) {
        fprintf(stderr, "cannot write %s\n", jar_path);
        return 1;
    }
    UT_RUN(test_prepare_image);
    UT_RUN(test_prepare_image_broken_entry);
    UT_RUN(test_prepare_image_failing_allocator);
    unlink(jar_path);
    free(jar.p);
    free(junk_jar.p);
    return ut_finish();
}
