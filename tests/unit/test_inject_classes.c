/* test_inject_classes.c - vm_jar_each_class (include/vifvm.h,
 * src/api/api_jar_each.c: every NAME.class entry of a JAR with its bytes)
 * and vifd's per-owner record of the classes staged into its VM
 * (src/datapath/inject_classes.c, d1): a class of a known name with
 * other bytes, or an image that cannot be listed, needs a fresh VM;
 * identical classes do not.  The classes are tests/unit/data/api's; the
 * JARs are made here (tests/malformed/gen_bad_jars.c's writer). */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vifvm.h"
#include "platform/posix/posix_platform.h"
#include "unit_test.h"

#define GEN_BAD_JARS_NO_MAIN
#include "../malformed/gen_bad_jars.c"
/* host code of vifd, compiled into this test (not in the core library) */
#include "../../src/datapath/inject_classes.c"

#define DATA "tests/unit/data/api"

static vm_platform plat;
static char dbuf[512];
static vm_diag diag = {dbuf, sizeof dbuf};

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

typedef struct seen {
    char names[4][64];
    uint64_t hashes[4];
    int n, stop_after;
} seen;

static int on_class(void *ctx, const char *name, const uint8_t *bytes, size_t len) {
    seen *s = ctx;
    if (s->n < 4) {
        snprintf(s->names[s->n], sizeof s->names[0], "%s", name);
        s->hashes[s->n] = ij_hash_bytes(bytes, len);
    }
    s->n++;
    return s->stop_after && s->n >= s->stop_after;
}

static void test_jar_each_class(void) {
    size_t na, nb;
    uint8_t *a = ut_read_file(DATA "/ApiT.class", &na), *b = ut_read_file(DATA "/ApiLambda.class", &nb);
    UT_CHECK(a && b);
    if (!a || !b) return;
    /* every NAME.class entry, deflated or stored, with its exact bytes;
     * the manifest and other entries are no classes */
    gbuf g = jar_of(a, na, b, nb, "notes.txt", (const uint8_t *)"garbage", 7);
    seen s = {0};
    UT_CHECK_EQ_INT(vm_jar_each_class(&plat, g.p, g.n, 1 << 20, 1 << 20, on_class, &s, &diag), VM_OK);
    UT_CHECK_EQ_INT(s.n, 2);
    UT_CHECK_EQ_STR(s.names[0], "ApiT.class");
    UT_CHECK_EQ_STR(s.names[1], "sub/ApiLambda.class");
    UT_CHECK(s.hashes[0] == ij_hash_bytes(a, na) && s.hashes[1] == ij_hash_bytes(b, nb));
    /* a nonzero return stops the walk */
    seen s1 = {.stop_after = 1};
    UT_CHECK_EQ_INT(vm_jar_each_class(&plat, g.p, g.n, 1 << 20, 1 << 20, on_class, &s1, &diag), VM_OK);
    UT_CHECK_EQ_INT(s1.n, 1);
    free(g.p);
    /* bounds: an entry above max_entry_bytes; the class entries' total */
    g = jar_of(a, na, b, nb, NULL, NULL, 0);
    seen s2 = {0};
    UT_CHECK(vm_jar_each_class(&plat, g.p, g.n, 64, 0, on_class, &s2, &diag) != VM_OK);
    seen s3 = {0};
    UT_CHECK_EQ_INT(vm_jar_each_class(&plat, g.p, g.n, 1 << 20, na + nb - 1, on_class, &s3, &diag),
                    VM_ERR_LIMIT);
    seen s4 = {0};
    UT_CHECK_EQ_INT(vm_jar_each_class(&plat, g.p, g.n, 1 << 20, na + nb, on_class, &s4, &diag), VM_OK);
    UT_CHECK_EQ_INT(s4.n, 2);
    free(g.p);
    /* not a JAR */
    seen s5 = {0};
    UT_CHECK(vm_jar_each_class(&plat, (const uint8_t *)"garbage", 7, 1 << 20, 0, on_class, &s5,
                               &diag) != VM_OK);
    free(a);
    free(b);
}

static ij_image *image(const char *const *names, const uint64_t *hashes, size_t n) {
    ij_image *im = ij_image_new();
    for (size_t i = 0; im && i < n; i++) ij_image_add(im, names[i], strlen(names[i]), hashes[i]);
    return im;
}

static void test_vmsets(void) {
    char why[128];
    ij_vmsets *s = ij_vmsets_new();
    UT_CHECK(s != NULL);
    if (!s) return;
    static const char *const an[] = { "A", "Util" }, *const bn[] = { "B", "Util" };
    static const uint64_t ah[] = { 1, 10 }, same[] = { 2, 10 }, other[] = { 2, 20 };
    ij_image *a = image(an, ah, 2), *c = image(bn, same, 2), *b = image(bn, other, 2);
    /* nothing on record: no clash */
    UT_CHECK(!ij_vmsets_conflict(s, "alice", b, why, sizeof why));
    ij_vmsets_record(s, "alice", a);
    UT_CHECK(ij_vmsets_knows(s, "alice", "Util") && !ij_vmsets_knows(s, "alice", "B"));
    UT_CHECK(!ij_vmsets_knows(s, "bob", "Util"));
    /* the same helper bytes: shared; other bytes: a fresh VM, the class named */
    UT_CHECK(!ij_vmsets_conflict(s, "alice", c, why, sizeof why));
    UT_CHECK(ij_vmsets_conflict(s, "alice", b, why, sizeof why));
    UT_CHECK_EQ_STR(why, "class Util changed");
    /* per owner */
    UT_CHECK(!ij_vmsets_conflict(s, "bob", b, why, sizeof why));
    /* an image that cannot be listed clashes, and after it, everything */
    ij_image *bad = image(an, ah, 1);
    ij_image_set_unlistable(bad, "zip entry X.class: CRC mismatch");
    UT_CHECK(ij_vmsets_conflict(s, "alice", bad, why, sizeof why));
    UT_CHECK(strstr(why, "cannot be listed (zip entry X.class: CRC mismatch)") != NULL);
    ij_vmsets_record(s, "alice", bad);
    UT_CHECK(ij_vmsets_conflict(s, "alice", a, why, sizeof why));
    UT_CHECK(strstr(why, "could not be listed") != NULL);
    /* a fresh VM: nothing on record */
    ij_vmsets_forget(s, "alice");
    UT_CHECK(!ij_vmsets_conflict(s, "alice", b, why, sizeof why));
    UT_CHECK(!ij_vmsets_knows(s, "alice", "Util"));
    /* opaque (a --load'ed VIFlet): the next image clashes */
    ij_vmsets_set_opaque(s, "carol", "a VIFlet loaded with --load");
    UT_CHECK(ij_vmsets_conflict(s, "carol", a, why, sizeof why));
    UT_CHECK(strstr(why, "--load") != NULL);
    /* many classes (the table grows): every one found, one changed found */
    ij_image *big = ij_image_new();
    char name[32];
    for (int i = 0; big && i < 70000; i++) {
        snprintf(name, sizeof name, "p%d/C%d", i % 97, i);
        ij_image_add(big, name, strlen(name), (uint64_t)i);
    }
    ij_vmsets_record(s, "dave", big);
    int missing = 0;
    for (int i = 0; i < 70000; i++) {
        snprintf(name, sizeof name, "p%d/C%d", i % 97, i);
        missing += !ij_vmsets_knows(s, "dave", name);
    }
    UT_CHECK_EQ_INT(missing, 0);
    UT_CHECK(!ij_vmsets_conflict(s, "dave", big, why, sizeof why));
    static const char *const one[] = { "p15/C500" };
    static const uint64_t changed[] = { 1 };
    ij_image *ch = image(one, changed, 1);
    UT_CHECK(ij_vmsets_conflict(s, "dave", ch, why, sizeof why));
    UT_CHECK_EQ_STR(why, "class p15/C500 changed");
    ij_image_free(a);
    ij_image_free(b);
    ij_image_free(c);
    ij_image_free(bad);
    ij_image_free(big);
    ij_image_free(ch);
    ij_vmsets_free(s);
}

static void test_image_of_jar(void) {
    size_t na, nb;
    uint8_t *a = ut_read_file(DATA "/ApiT.class", &na), *b = ut_read_file(DATA "/ApiLambda.class", &nb);
    UT_CHECK(a && b);
    if (!a || !b) return;
    gbuf g = jar_of(a, na, b, nb, NULL, NULL, 0);
    ij_image *im = ij_image_new();
    ij_image_add_jar(im, &plat, g.p, g.n);
    UT_CHECK(!im->unlistable && im->n == 2);
    if (im->n == 2) {
        UT_CHECK_EQ_STR(im->v[0].name, "ApiT");
        UT_CHECK_EQ_STR(im->v[1].name, "sub/ApiLambda");
        UT_CHECK(im->v[1].hash == ij_hash_bytes(b, nb));
    }
    ij_image_free(im);
    /* a stored class entry with a flipped byte fails its CRC: unlistable */
    size_t off = 0;
    for (size_t i = 0; i + nb <= g.n; i++)
        if (!memcmp(g.p + i, b, nb)) { off = i; break; }
    UT_CHECK(off != 0);
    g.p[off + nb / 2] ^= 1;
    im = ij_image_new();
    ij_image_add_jar(im, &plat, g.p, g.n);
    UT_CHECK(im->unlistable && im->why[0]);
    ij_image_free(im);
    free(g.p);
    free(a);
    free(b);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    UT_RUN(test_jar_each_class);
    UT_RUN(test_vmsets);
    UT_RUN(test_image_of_jar);
    return ut_finish();
}
