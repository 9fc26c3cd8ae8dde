/* test_api_prepare_image.c - vm_prepare_image (include/vifvm.h,
 * src/api/api_prepare.c; issue 13, k17): every class of an upload loaded,
 * verified and compiled at load, not only those its code names, so a
 * class the code loads by a name held in data (Class.forName(helper))
 * loads and compiles nothing when it runs (its <clinit> included); a library class named by a
 * constant string passed to Class.forName made ready too; a name built
 * at run time the one class still loaded then; a JAR with an entry that
 * does not load refused, naming it; an allocation failing at each point:
 * a clean failure, nothing leaked.  The classes are
 * tests/unit/data/api/img's (sources beside them); the JARs are made
 * here (tests/malformed/gen_bad_jars.c's writer) and written to a
 * temporary file, the VM's class path. */
#define _DEFAULT_SOURCE
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

#define IMG "tests/unit/data/api/img"

static uint8_t *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    uint8_t *b = malloc(1 << 16);
    *len = b ? fread(b, 1, 1 << 16, f) : 0;
    fclose(f);
    return b;
}

/* ---- a counting allocator that can be told to fail (as test_api.c's) --- */

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
    p->zalloc = NULL;
    p->read_file = count_read_file;
    c->fail_at = -1;
}

/* ---- the upload ---------------------------------------------------------- */

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
        b[i] = slurp(path, &n[i]);
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

static vm *new_vm(vm_platform *p, bool own_plat, const char *cp) {
    if (own_plat) posix_platform_init(p, NULL);
    vm_config cfg = { .plat = p, .classpath = cp, .bootlib = &vifvm_bootlib,
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

/* ---- tests ---------------------------------------------------------------- */

static void test_image(void) {
    vm_platform p;
    vm_stats s0, s1;
    vm_status st;
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    /* the whole upload prepared: run() loads and compiles nothing, its
     * helper (named by a field) and LinkedList (a constant) included */
    vm *v = new_vm(&p, true, jar_path);
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
    v = new_vm(&p, true, jar_path);
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
    v = new_vm(&p, true, jar_path);
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
    uint8_t *b = slurp(IMG "/ApiImgHelper.class", &n);
    UT_CHECK(b != NULL);
    if (b) UT_CHECK_EQ_INT(vm_prepare_image(v, b, n, false, 1 << 20, VM_PREPARE_LIBRARY, &d), VM_OK);
    free(b);
    vm_destroy(v);
}

/* a JAR with an entry that is not a class: refused, naming it; nothing
 * runs (the helper's class is loaded, not initialized) */
static void test_broken_entry(void) {
    vm_platform p;
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    char path[64];
    snprintf(path, sizeof path, "/tmp/vifvm-img-junk-%ld.jar", (long)getpid());
    UT_CHECK(write_file(path, &junk_jar));
    vm *v = new_vm(&p, true, path);
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

/* an allocation failing at each point after the VM's creation: the
 * prepare fails cleanly or succeeds, nothing leaks */
static void test_failing_allocator(void) {
    counting cnt;
    vm_platform cp;
    counting_init(&cnt, &cp);
    int done = 0;
    long fails = 0;
    for (long n = 0; n < 60000 && !done; n += 37) {
        cnt.fail_at = LONG_MAX;            /* (counts the allocations) */
        cnt.allocs = 0;
        vm *w = new_vm(&cp, false, jar_path);
        if (!w) { UT_CHECK(0); break; }
        cnt.fail_at = cnt.allocs + n;
        vm_status s = vm_prepare_image(w, jar.p, jar.n, true, 1 << 20, VM_PREPARE_LIBRARY, NULL);
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

int main(void) {
    snprintf(jar_path, sizeof jar_path, "/tmp/vifvm-img-%ld.jar", (long)getpid());
    jar = make_jar(NULL, NULL, 0);
    junk_jar = make_jar("sub/Junk.class", (const uint8_t *)"not a class file", 16);
    if (!write_file(jar_path, &jar)) {
        fprintf(stderr, "cannot write %s\n", jar_path);
        return 1;
    }
    UT_RUN(test_image);
    UT_RUN(test_broken_entry);
    UT_RUN(test_failing_allocator);
    unlink(jar_path);
    free(jar.p);
    free(junk_jar.p);
    return ut_finish();
}
