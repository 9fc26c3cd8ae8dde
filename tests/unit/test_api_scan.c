/* test_api_scan.c - vm_image_members_named (include/vifvm.h,
 * src/api/api_scan.c): which members the classes of a class file or of
 * every *.class entry of a JAR name, none of them loaded; an entry that
 * cannot be read or parsed answers "every member" (the kernel module's
 * copy_prefix, may_write and need_ts decisions rely on it: k14).  The
 * classes are tests/unit/data/api's; the JARs are made here
 * (tests/malformed/gen_bad_jars.c's writer). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vifvm.h"
#include "platform/posix/posix_platform.h"
#include "unit_test.h"

#define GEN_BAD_JARS_NO_MAIN
#include "../malformed/gen_bad_jars.c"

#define DATA "tests/unit/data/api"

static vm_platform plat;
static char dbuf[512];
static vm_diag diag = {dbuf, sizeof dbuf};

/* ApiT names System.exit and its own field x; ApiLambda names
 * Runnable.run (an interface method) and its own field n. */
static const char *const names[] = { "exit", "x", "run", "n", "nothere" };
#define N (sizeof names / sizeof *names)

static vm_status scan(const uint8_t *b, size_t len, bool jar, const char *cls, bool *found) {
    dbuf[0] = 0;
    return vm_image_members_named(&plat, b, len, jar, 1 << 20, 1 << 20, cls, names, N, found, &diag);
}

static void test_class_file(void) {
    size_t n;
    uint8_t *t = ut_read_file(DATA "/ApiT.class", &n);
    bool f[N];
    UT_CHECK(t != NULL);
    if (!t) return;
    UT_CHECK_EQ_INT(scan(t, n, false, "java/lang/System", f), VM_OK);
    UT_CHECK(f[0] && !f[1] && !f[2] && !f[3] && !f[4]);
    UT_CHECK_EQ_INT(scan(t, n, false, "ApiT", f), VM_OK);
    UT_CHECK(!f[0] && f[1] && !f[2] && !f[3] && !f[4]);
    /* a name of the right member under another class is not it */
    UT_CHECK_EQ_INT(scan(t, n, false, "java/lang/Runtime", f), VM_OK);
    UT_CHECK(!f[0] && !f[1] && !f[2] && !f[3] && !f[4]);
    free(t);
}

static gbuf jar_of(const uint8_t *a, size_t na, const uint8_t *b, size_t nb, const char *extra,
                   const uint8_t *x, size_t nx) {
    static const char mf[] = "Manifest-Version: 1.0\r\nMain-Class: ApiT\r\n\r\n";
    went e[4] = {
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)mf, .len = sizeof mf - 1, .method = 8},
        {.name = "ApiT.class", .data = a, .len = na, .method = 8},
        {.name = "sub/ApiLambda.class", .data = b, .len = nb, .method = 0},
        {.name = extra, .data = x, .len = nx, .method = 8},
    };
    gbuf g = {0};
    zlayout l;
    write_zip(&g, e, extra ? 4 : 3, NULL, &l);
    return g;
}

static void test_jar(void) {
    size_t na, nb;
    uint8_t *a = ut_read_file(DATA "/ApiT.class", &na), *b = ut_read_file(DATA "/ApiLambda.class", &nb);
    bool f[N];
    UT_CHECK(a && b);
    if (!a || !b) return;
    /* the entries not loaded, each scanned: ApiLambda's Runnable.run too */
    gbuf g = jar_of(a, na, b, nb, NULL, NULL, 0);
    UT_CHECK_EQ_INT(scan(g.p, g.n, true, "java/lang/System", f), VM_OK);
    UT_CHECK(f[0] && !f[1] && !f[2] && !f[3] && !f[4]);
    UT_CHECK_EQ_INT(scan(g.p, g.n, true, "java/lang/Runnable", f), VM_OK);
    UT_CHECK(!f[0] && !f[1] && f[2] && !f[3] && !f[4]);
    UT_CHECK_EQ_INT(scan(g.p, g.n, true, "ApiLambda", f), VM_OK);
    UT_CHECK(!f[0] && !f[1] && !f[2] && f[3] && !f[4]);
    free(g.p);
    /* an entry not named *.class is no class: not parsed */
    g = jar_of(a, na, b, nb, "notes.txt", (const uint8_t *)"garbage", 7);
    UT_CHECK_EQ_INT(scan(g.p, g.n, true, "ApiLambda", f), VM_OK);
    UT_CHECK(!f[0] && !f[1] && !f[2] && f[3] && !f[4]);
    free(g.p);
    /* a *.class entry that does not parse: every member counts, with the
     * reason (the caller goes on) */
    g = jar_of(a, na, b, nb, "Junk.class", (const uint8_t *)"garbage", 7);
    UT_CHECK(scan(g.p, g.n, true, "ApiLambda", f) != VM_OK);
    UT_CHECK(f[0] && f[1] && f[2] && f[3] && f[4]);
    UT_CHECK(dbuf[0] != 0);
    free(g.p);
    /* the same for one above the entry bound */
    g = jar_of(a, na, b, nb, NULL, NULL, 0);
    dbuf[0] = 0;
    UT_CHECK(vm_image_members_named(&plat, g.p, g.n, true, 64, 0, "ApiLambda", names, N, f, &diag) != VM_OK);
    UT_CHECK(f[0] && f[1] && f[2] && f[3] && f[4]);
    /* the class entries' total bounded: past it, every member; at it, exact */
    UT_CHECK_EQ_INT(vm_image_members_named(&plat, g.p, g.n, true, 1 << 20, na + nb - 1, "ApiLambda",
                                           names, N, f, &diag), VM_ERR_LIMIT);
    UT_CHECK(f[0] && f[1] && f[2] && f[3] && f[4]);
    UT_CHECK_EQ_INT(vm_image_members_named(&plat, g.p, g.n, true, 1 << 20, na + nb, "ApiLambda",
                                           names, N, f, &diag), VM_OK);
    UT_CHECK(!f[0] && !f[1] && !f[2] && f[3] && !f[4]);
    free(g.p);
    /* not a JAR, not a class file */
    UT_CHECK(scan((const uint8_t *)"garbage", 7, true, "ApiLambda", f) != VM_OK);
    UT_CHECK(f[0] && f[1] && f[2] && f[3] && f[4]);
    UT_CHECK(scan((const uint8_t *)"garbage", 7, false, "ApiLambda", f) != VM_OK);
    UT_CHECK(f[0] && f[1] && f[2] && f[3] && f[4]);
    free(a);
    free(b);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    UT_RUN(test_class_file);
    UT_RUN(test_jar);
    return ut_finish();
}
