// unit-sources: src/classfile/zip.c src/classfile/inflate.c src/classfile/classpath.c src/core/diag.c src/core/fmt.c src/core/mem.c src/core/status.c src/platform/posix/posix_platform.c
/* test_zip.c - unit tests for src/classfile/zip.c and classpath.c.
 *
 * Valid archives (stored, deflated, data descriptors, comments, thousands
 * of entries), every corrupt-JAR case of tests/malformed/gen_bad_jars.c run
 * through the same calls the vifvm command makes, truncation and byte
 * corruption at every offset, allocation failures, directory + JAR class
 * paths, class-name validation and manifest parsing.
 *
 * Build: cc -Isrc tests/unit/test_zip.c src/classfile/{zip,inflate,classpath}.c
 *        src/core/{diag,fmt,mem,status}.c src/platform/posix/posix_platform.c
 *        -lz -lm
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <stdint.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "unit_test.h"
#include "classfile/classpath.h"
#include "classfile/zip.h"
#include "core/mem.h"
#include "platform/posix/posix_platform.h"

#define GEN_BAD_JARS_NO_MAIN
#include "../malformed/gen_bad_jars.c"

static vm_platform plat;
static char tmpdir[64];
static char diag_buf[1024];
static vm_diag diag = {diag_buf, sizeof diag_buf};

static void write_file(const char *path, const void *p, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(2); }
    if (n) fwrite(p, 1, n, f);
    fclose(f);
}

static const char *tpath(const char *rel) {
    static char buf[8][512];
    static int k;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, rel);
    return buf[k];
}

static int contains_ci(const char *hay, const char *needle) {
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0) return 1;
    return 0;
}

/* contains_ci for any of the '|'-separated alternatives in `alts`. */
static int contains_any_ci(const char *hay, const char *alts) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", alts);
    for (char *tok = strtok(buf, "|"); tok; tok = strtok(NULL, "|"))
        if (contains_ci(hay, tok)) return 1;
    return 0;
}

/* ---- CRC and valid archives -------------------------------------------------- */

static void test_crc32(void) {
    UT_CHECK_EQ_INT(zip_crc32((const uint8_t *)"123456789", 9), 0xCBF43926u);
    UT_CHECK_EQ_INT(zip_crc32(NULL, 0), 0);
    uint8_t buf[5000];
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 31 + (i >> 7));
    for (size_t n = 0; n < sizeof buf; n += 333)
        UT_CHECK_EQ_INT(zip_crc32(buf, n), (uint32_t)crc32(0, buf, (uInt)n));
}

static const char LOREM[] =
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod "
    "tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit "
    "amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt.";

static uint8_t big[200000];

static gbuf sample_jar(void) {
    for (size_t i = 0; i < sizeof big; i++) big[i] = (uint8_t)("abcabd"[i % 6] + (i % 1000 == 0));
    went e[6] = {
        {.name = "META-INF/", .data = (const uint8_t *)"", .len = 0, .method = 0},
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)MANIFEST, .len = sizeof MANIFEST - 1, .method = 8},
        {.name = "a/B.class", .data = (const uint8_t *)LOREM, .len = sizeof LOREM - 1, .method = 8, .descriptor = 1},
        {.name = "a/C.class", .data = (const uint8_t *)LOREM, .len = sizeof LOREM - 1, .method = 0},
        {.name = "big.bin", .data = big, .len = sizeof big, .method = 8},
        {.name = "empty.txt", .data = (const uint8_t *)"", .len = 0, .method = 8},
    };
    gbuf b = {0};
    zlayout l;
    write_zip(&b, e, 6, "a comment", &l);
    return b;
}

static void test_open_valid(void) {
    gbuf b = sample_jar();
    zip_archive *z;
    UT_CHECK_EQ_INT(zip_open(&plat, b.p, b.n, 1 << 20, &z, &diag), VM_OK);
    if (!z) { free(b.p); return; }
    UT_CHECK_EQ_INT(zip_entry_count(z), 6);
    UT_CHECK_EQ_STR(zip_entry_name(z, 0), "META-INF/");
    UT_CHECK_EQ_STR(zip_entry_name(z, 4), "big.bin");
    UT_CHECK(zip_entry_name(z, 6) == NULL);
    uint8_t *d;
    size_t n;
    UT_CHECK_EQ_INT(zip_read(z, "a/B.class", &d, &n, &diag), VM_OK);
    UT_CHECK(n == sizeof LOREM - 1 && memcmp(d, LOREM, n) == 0);
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(zip_read(z, "a/C.class", &d, &n, &diag), VM_OK);
    UT_CHECK(n == sizeof LOREM - 1 && memcmp(d, LOREM, n) == 0);
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(zip_read(z, "big.bin", &d, &n, &diag), VM_OK);
    UT_CHECK_EQ_INT(n, 200000);
    UT_CHECK(n == sizeof big && memcmp(d, big, n) == 0);
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(zip_read(z, "empty.txt", &d, &n, &diag), VM_OK);
    UT_CHECK_EQ_INT(n, 0);
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(zip_read(z, "META-INF/", &d, &n, &diag), VM_OK);
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(zip_read(z, "a/D.class", &d, &n, &diag), VM_ERR_NOT_FOUND);
    UT_CHECK_EQ_INT(zip_read(z, "a/B.clas", &d, &n, &diag), VM_ERR_NOT_FOUND);
    UT_CHECK_EQ_INT(zip_read(z, "", &d, &n, &diag), VM_ERR_NOT_FOUND);
    UT_CHECK(d == NULL && n == 0);
    zip_close(z);
    /* max_entry below big.bin's size: only that entry fails */
    UT_CHECK_EQ_INT(zip_open(&plat, b.p, b.n, 100000, &z, &diag), VM_OK);
    UT_CHECK_EQ_INT(zip_read(z, "big.bin", &d, &n, &diag), VM_ERR_ZIP_LIMIT);
    UT_CHECK(contains_ci(diag_buf, "big.bin") && contains_ci(diag_buf, "exceeds the limit"));
    UT_CHECK_EQ_INT(zip_read(z, "a/B.class", &d, &n, &diag), VM_OK);
    vm_free(&plat, d, n);
    zip_close(z);
    /* an empty archive (just an EOCD) is valid */
    static const uint8_t empty[22] = {0x50, 0x4b, 5, 6};
    UT_CHECK_EQ_INT(zip_open(&plat, empty, sizeof empty, 100, &z, &diag), VM_OK);
    UT_CHECK_EQ_INT(zip_entry_count(z), 0);
    UT_CHECK_EQ_INT(zip_read(z, "x", &d, &n, &diag), VM_ERR_NOT_FOUND);
    zip_close(z);
    free(b.p);
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void test_many_entries(void) {
    enum { N = 5000 };
    static went e[N];
    static char names[N][32];
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "pkg%d/C%d.class", (i * 7919) % 97, i);
        e[i] = (went){.name = names[i], .data = (const uint8_t *)names[i],
                      .len = strlen(names[i]), .method = i % 2 ? 8 : 0};
    }
    /* write_zip's layout arrays hold 128 entries: write in one go by hand */
    gbuf b = {0};
    size_t *loc = malloc(N * sizeof *loc);
    for (int i = 0; i < N; i++) {
        loc[i] = b.n;
        size_t nl = strlen(names[i]);
        gb_u32(&b, 0x04034b50); gb_u16(&b, 20); gb_u16(&b, 0); gb_u16(&b, 0);
        gb_u16(&b, 0); gb_u16(&b, 0);
        gb_u32(&b, (uint32_t)crc32(0, e[i].data, (uInt)nl));
        gb_u32(&b, (uint32_t)nl); gb_u32(&b, (uint32_t)nl);
        gb_u16(&b, (unsigned)nl); gb_u16(&b, 0);
        gb_put(&b, names[i], nl);
        gb_put(&b, names[i], nl);
    }
    size_t cd = b.n;
    for (int i = 0; i < N; i++) {
        size_t nl = strlen(names[i]);
        gb_u32(&b, 0x02014b50); gb_u16(&b, 20); gb_u16(&b, 20); gb_u16(&b, 0);
        gb_u16(&b, 0); gb_u16(&b, 0); gb_u16(&b, 0);
        gb_u32(&b, (uint32_t)crc32(0, e[i].data, (uInt)nl));
        gb_u32(&b, (uint32_t)nl); gb_u32(&b, (uint32_t)nl);
        gb_u16(&b, (unsigned)nl); gb_u16(&b, 0); gb_u16(&b, 0); gb_u16(&b, 0);
        gb_u16(&b, 0); gb_u32(&b, 0); gb_u32(&b, (uint32_t)loc[i]);
        gb_put(&b, names[i], nl);
    }
    size_t cds = b.n - cd;
    gb_u32(&b, 0x06054b50); gb_u16(&b, 0); gb_u16(&b, 0); gb_u16(&b, N); gb_u16(&b, N);
    gb_u32(&b, (uint32_t)cds); gb_u32(&b, (uint32_t)cd); gb_u16(&b, 0);
    free(loc);

    zip_archive *z;
    double t0 = now_s();
    UT_CHECK_EQ_INT(zip_open(&plat, b.p, b.n, 1 << 20, &z, &diag), VM_OK);
    double t1 = now_s();
    if (!z) { free(b.p); return; }
    UT_CHECK_EQ_INT(zip_entry_count(z), N);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        uint8_t *d;
        size_t n;
        if (zip_read(z, names[i], &d, &n, &diag) != VM_OK || n != strlen(names[i]) ||
            memcmp(d, names[i], n) != 0)
            bad++;
        else
            vm_free(&plat, d, n);
    }
    double t2 = now_s();
    UT_CHECK_EQ_INT(bad, 0);
    uint8_t *d;
    size_t n;
    UT_CHECK_EQ_INT(zip_read(z, "pkg0/C5000.class", &d, &n, &diag), VM_ERR_NOT_FOUND);
    printf("# zip: %d entries: open %.2f ms, %d lookups+reads %.2f ms\n", N,
           (t1 - t0) * 1e3, N, (t2 - t1) * 1e3);
    UT_CHECK(t2 - t0 < 2.0);
    zip_close(z);
    free(b.p);
}

/* ---- the corrupt-jar cases through the vifvm call sequence ---------------- */

/* What the vifvm command does for `-cp JAR Main` / `-jar JAR`.  Returns the
 * final status; diag_buf holds the detail. */
static vm_status drive(const char *jar, const char *mode, size_t max_bytes) {
    char main_class[256] = "Main";
    vm_status st;
    diag_buf[0] = '\0';
    if (strcmp(mode, "jar") == 0) {
        st = classpath_jar_main_class(&plat, jar, max_bytes, main_class,
                                      sizeof main_class, &diag);
        if (st != VM_OK) return st;
        for (char *p = main_class; *p; p++)
            if (*p == '.') *p = '/';
    }
    classpath *cp;
    st = classpath_open(&plat, jar, max_bytes, &cp, &diag);
    if (st != VM_OK) return st;
    uint8_t *d;
    size_t n;
    st = classpath_find(cp, main_class, &d, &n, &diag);
    if (st == VM_OK) vm_free(&plat, d, n);
    classpath_close(cp);
    return st;
}

static void test_bad_jar_cases(void) {
    static const uint8_t fake_class[] = "\xCA\xFE\xBA\xBE not really a class";
    gen_ctx g = {fake_class, sizeof fake_class - 1};
    int bad = 0;
    for (size_t i = 0; i < N_JAR_CASES; i++) {
        const jar_case *c = &JAR_CASES[i];
        gbuf b = {0};
        c->gen(&g, &b);
        char rel[128];
        snprintf(rel, sizeof rel, "%s.jar", c->name);
        const char *path = tpath(rel);
        write_file(path, b.p, b.n);
        free(b.p);
        vm_status st = drive(path, c->mode, 16u << 20);
        int ok = c->ok ? st == VM_OK
                       : st != VM_OK && diag_buf[0] &&
                             (strcmp(c->expect, "-") == 0 || contains_any_ci(diag_buf, c->expect));
        if (!ok || getenv("VIFVM_TEST_VERBOSE"))
            printf("# jar/%s: %s: %s\n", c->name, vm_status_str(st), diag_buf);
        if (!ok) {
            if (!bad) snprintf(ut_cur_msg, sizeof ut_cur_msg, "case %s: status %d, detail '%.300s'",
                               c->name, (int)st, diag_buf);
            bad++;
        }
        unlink(path);
    }
    if (bad) ut_cur_failed = 1;
}

/* Every prefix of a jar fails to open; every single-byte corruption opens
 * and reads cleanly or fails cleanly, and what it reads matches the CRC. */
static void test_truncate_and_corrupt_every_byte(void) {
    gbuf b = sample_jar();
    /* keep it small: drop big.bin by rebuilding with the first 4 entries */
    free(b.p);
    went e[4] = {
        {.name = "META-INF/MANIFEST.MF", .data = (const uint8_t *)MANIFEST, .len = sizeof MANIFEST - 1, .method = 8},
        {.name = "a/B.class", .data = (const uint8_t *)LOREM, .len = sizeof LOREM - 1, .method = 8, .descriptor = 1},
        {.name = "a/C.class", .data = (const uint8_t *)LOREM, .len = sizeof LOREM - 1, .method = 0},
        {.name = "e", .data = (const uint8_t *)"", .len = 0, .method = 8},
    };
    b = (gbuf){0};
    zlayout l;
    write_zip(&b, e, 4, NULL, &l);
    int accepted_prefix = 0, reads_ok = 0, reads_bad = 0;
    for (size_t t = 0; t < b.n; t++) {
        uint8_t *copy = malloc(t ? t : 1);
        memcpy(copy, b.p, t);
        zip_archive *z;
        if (zip_open(&plat, copy, t, 1 << 20, &z, &diag) == VM_OK) {
            accepted_prefix++;
            zip_close(z);
        }
        free(copy);
    }
    uint32_t seed = 12345;
    for (size_t pos = 0; pos < b.n; pos++) {
        for (int k = 0; k < 3; k++) {
            uint8_t *copy = malloc(b.n);
            memcpy(copy, b.p, b.n);
            seed = seed * 1103515245u + 12345u;
            copy[pos] = k == 0 ? (uint8_t)(copy[pos] ^ 0xFF) : (uint8_t)(seed >> 16);
            zip_archive *z;
            if (zip_open(&plat, copy, b.n, 1 << 20, &z, &diag) == VM_OK) {
                for (size_t i = 0; i < zip_entry_count(z); i++) {
                    uint8_t *d;
                    size_t n;
                    if (zip_read(z, zip_entry_name(z, i), &d, &n, &diag) == VM_OK) {
                        reads_ok++;
                        vm_free(&plat, d, n);
                    } else {
                        reads_bad++;
                    }
                }
                zip_close(z);
            }
            free(copy);
        }
    }
    printf("# zip corruption: %d good reads, %d rejected reads\n", reads_ok, reads_bad);
    UT_CHECK_EQ_INT(accepted_prefix, 0);
    UT_CHECK(reads_ok > 0 && reads_bad > 0);
    free(b.p);
}

/* ---- allocation failures --------------------------------------------------- */

typedef struct fail_alloc {
    long budget; /* allocations left before failing */
} fail_alloc;

static void *failing_realloc(void *ud, void *ptr, size_t old, size_t n) {
    fail_alloc *f = ud;
    (void)old;
    if (n == 0) { free(ptr); return NULL; }
    if (f->budget-- <= 0) return NULL;
    return realloc(ptr, n);
}

static vm_status read_file_failing(void *ud, const char *path, size_t max_len,
                                   uint8_t **data, size_t *len) {
    fail_alloc *f = ud;
    if (f->budget-- <= 0) return VM_ERR_NOMEM;
    vm_platform p;
    posix_platform_init(&p, NULL);
    return p.read_file(NULL, path, max_len, data, len);
}

static void test_alloc_failures(void) {
    gbuf b = sample_jar();
    const char *jar = tpath("alloc.jar");
    write_file(jar, b.p, b.n);
    free(b.p);
    fail_alloc f;
    vm_platform p = plat;
    p.ud = &f;
    p.realloc = failing_realloc;
    p.zalloc = NULL;
    p.read_file = read_file_failing;
    int nomem = 0, succeeded = 0;
    for (long budget = 0; budget < 40 && !succeeded; budget++) {
        f.budget = budget;
        classpath *cp;
        vm_status st = classpath_open(&p, jar, 1 << 20, &cp, &diag);
        if (st == VM_ERR_NOMEM) { nomem++; continue; }
        UT_CHECK_EQ_INT(st, VM_OK);
        if (st != VM_OK) break;
        uint8_t *d;
        size_t n;
        st = classpath_find(cp, "a/B", &d, &n, &diag);
        if (st == VM_OK) { succeeded = 1; vm_free(&p, d, n); }
        else UT_CHECK_EQ_INT(st, VM_ERR_NOMEM);
        classpath_close(cp);
    }
    UT_CHECK(nomem > 0 && succeeded);
    char mc[64];
    for (long budget = 0; budget < 40; budget++) {
        f.budget = budget;
        vm_status st = classpath_jar_main_class(&p, jar, 1 << 20, mc, sizeof mc, &diag);
        if (st == VM_OK) { UT_CHECK_EQ_STR(mc, "Main"); break; }
        UT_CHECK_EQ_INT(st, VM_ERR_NOMEM);
    }
    unlink(jar);
}

/* ---- class path -------------------------------------------------------------- */

static void test_classpath(void) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "mkdir -p %s/d1/p %s/d2/p %s/d2/q", tmpdir, tmpdir, tmpdir);
    if (system(cmd) != 0) { UT_CHECK(0); return; }
    write_file(tpath("d1/p/A.class"), "A1", 2);
    write_file(tpath("d2/p/A.class"), "A2", 2);
    write_file(tpath("d2/B.class"), "B2", 2);
    write_file(tpath("d2/q/Big.class"), LOREM, sizeof LOREM - 1);
    went e[2] = {
        {.name = "p/C.class", .data = (const uint8_t *)"C3", .len = 2, .method = 8},
        {.name = "B.class", .data = (const uint8_t *)"B3", .len = 2, .method = 0},
    };
    gbuf b = {0};
    zlayout l;
    write_zip(&b, e, 2, NULL, &l);
    write_file(tpath("x.jar"), b.p, b.n);
    free(b.p);
    write_file(tpath("bad.jar"), "garbage", 7);

    char path[1600];
    snprintf(path, sizeof path, "%s/d1:%s/d2/::%s/x.jar", tmpdir, tmpdir, tmpdir);
    classpath *cp;
    UT_CHECK_EQ_INT(classpath_open(&plat, path, 100, &cp, &diag), VM_OK);
    if (!cp) return;
    uint8_t *d;
    size_t n;
    UT_CHECK_EQ_INT(classpath_find(cp, "p/A", &d, &n, &diag), VM_OK);
    UT_CHECK(n == 2 && memcmp(d, "A1", 2) == 0);
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(classpath_find(cp, "B", &d, &n, &diag), VM_OK);
    UT_CHECK(n == 2 && memcmp(d, "B2", 2) == 0); /* d2 comes before x.jar */
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(classpath_find(cp, "p/C", &d, &n, &diag), VM_OK);
    UT_CHECK(n == 2 && memcmp(d, "C3", 2) == 0);
    vm_free(&plat, d, n);
    UT_CHECK_EQ_INT(classpath_find(cp, "p/Nope", &d, &n, &diag), VM_ERR_NOT_FOUND);
    UT_CHECK(contains_ci(diag_buf, "p/Nope not found"));
    UT_CHECK_EQ_INT(classpath_find(cp, "q/Big", &d, &n, &diag), VM_ERR_LIMIT);
    UT_CHECK(contains_ci(diag_buf, "larger than 100 bytes"));
    static const char *invalid[] = {"", "/etc/passwd", "../x", "p/../A", "a//b", "a\\b",
                                    "p/", "p.A", "./p/A", "a;b", "[I", "a\x01" "b",
                                    "a\xC0\x80" "b", ".."};
    for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) {
        UT_CHECK(!classpath_valid_class_name(invalid[i]));
        UT_CHECK_EQ_INT(classpath_find(cp, invalid[i], &d, &n, &diag), VM_ERR_NOT_FOUND);
    }
    UT_CHECK(contains_ci(diag_buf, "invalid class name"));
    UT_CHECK(classpath_valid_class_name("java/lang/Object"));
    UT_CHECK(classpath_valid_class_name("a/b$c/\xC3\xA9t\xC3\xA9"));
    classpath_close(cp);

    /* bad entries are errors at open time, naming the entry */
    snprintf(path, sizeof path, "%s/d1:%s/nope.jar", tmpdir, tmpdir);
    UT_CHECK_EQ_INT(classpath_open(&plat, path, 100, &cp, &diag), VM_ERR_IO);
    char want[700];
    snprintf(want, sizeof want,
             "bad class path entry '%s/nope.jar': not a directory or a readable jar file", tmpdir);
    UT_CHECK(strcmp(diag_buf, want) == 0);
    snprintf(path, sizeof path, "%s/bad.jar", tmpdir);
    UT_CHECK_EQ_INT(classpath_open(&plat, path, 100, &cp, &diag), VM_ERR_ZIP);
    UT_CHECK(contains_ci(diag_buf, "bad class path entry") && contains_ci(diag_buf, "bad.jar") &&
             contains_ci(diag_buf, "not a zip file"));
    /* empty path and NULL mean "." */
    UT_CHECK_EQ_INT(classpath_open(&plat, "", 100, &cp, &diag), VM_OK);
    UT_CHECK_EQ_INT(classpath_find(cp, "no/such/Clazz", &d, &n, &diag), VM_ERR_NOT_FOUND);
    classpath_close(cp);
    UT_CHECK_EQ_INT(classpath_open(&plat, NULL, 100, &cp, &diag), VM_OK);
    classpath_close(cp);
    /* without an is_dir hook, directories are not class path entries */
    vm_platform nodir = plat;
    nodir.is_dir = NULL;
    snprintf(path, sizeof path, "%s/d1", tmpdir);
    UT_CHECK_EQ_INT(classpath_open(&nodir, path, 100, &cp, &diag), VM_ERR_IO);
    snprintf(cmd, sizeof cmd, "rm -rf %s/d1 %s/d2 %s/x.jar %s/bad.jar", tmpdir, tmpdir, tmpdir, tmpdir);
    if (system(cmd) != 0) UT_CHECK(0);
}

/* ---- manifests ----------------------------------------------------------------- */

static vm_status mf(const char *text, char *out, size_t cap) {
    return classpath_manifest_main_class((const uint8_t *)text, strlen(text), out, cap, &diag);
}

static void test_manifest(void) {
    char b[64];
    UT_CHECK_EQ_INT(mf("Manifest-Version: 1.0\nMain-Class: com.example.Main\n\n", b, sizeof b), VM_OK);
    UT_CHECK_EQ_STR(b, "com.example.Main");
    UT_CHECK_EQ_INT(mf("Manifest-Version: 1.0\r\nMain-Class: a.B  \r\n", b, sizeof b), VM_OK);
    UT_CHECK_EQ_STR(b, "a.B");
    UT_CHECK_EQ_INT(mf("Main-Class: com.exa\r\n mple.Ma\r\n in\r\nX: y\r\n", b, sizeof b), VM_OK);
    UT_CHECK_EQ_STR(b, "com.example.Main");
    UT_CHECK_EQ_INT(mf("main-class:Foo", b, sizeof b), VM_OK); /* no EOL, any case */
    UT_CHECK_EQ_STR(b, "Foo");
    UT_CHECK_EQ_INT(mf("\xEF\xBB\xBFMain-Class: Bom\rX: 1\r", b, sizeof b), VM_OK);
    UT_CHECK_EQ_STR(b, "Bom");
    UT_CHECK_EQ_INT(mf("A: 1\n X-continued: no\nMain-Class: M\n", b, sizeof b), VM_OK);
    UT_CHECK_EQ_STR(b, "M");
    /* Main-Class only in a per-entry section does not count */
    UT_CHECK_EQ_INT(mf("Manifest-Version: 1.0\n\nName: x\nMain-Class: Wrong\n", b, sizeof b),
                    VM_ERR_NOT_FOUND);
    UT_CHECK_EQ_INT(mf("Main-Class:   \t \n", b, sizeof b), VM_ERR_NOT_FOUND);
    UT_CHECK(contains_ci(diag_buf, "empty"));
    UT_CHECK_EQ_INT(mf("", b, sizeof b), VM_ERR_NOT_FOUND);
    UT_CHECK_EQ_INT(mf("Main-Classy: X\n", b, sizeof b), VM_ERR_NOT_FOUND);
    UT_CHECK_EQ_INT(mf("Main-Class: 0123456789\n", b, 8), VM_ERR_LIMIT);
    UT_CHECK_EQ_INT(mf("Main-Class: 0123456\n", b, 8), VM_OK);
    UT_CHECK_EQ_STR(b, "0123456");
    UT_CHECK_EQ_INT(classpath_manifest_main_class((const uint8_t *)"Main-Class: a\0b\n", 16, b,
                                                  sizeof b, &diag), VM_ERR_NOT_FOUND);
}

static void test_jar_main_class(void) {
    char b[64];
    UT_CHECK_EQ_INT(classpath_jar_main_class(&plat, tpath("missing.jar"), 1 << 20, b, sizeof b, &diag),
                    VM_ERR_IO);
    UT_CHECK(contains_ci(diag_buf, "missing.jar"));
    gbuf g = sample_jar();
    write_file(tpath("m.jar"), g.p, g.n);
    free(g.p);
    UT_CHECK_EQ_INT(classpath_jar_main_class(&plat, tpath("m.jar"), 1 << 20, b, sizeof b, &diag), VM_OK);
    UT_CHECK_EQ_STR(b, "Main");
    unlink(tpath("m.jar"));
}

int main(void) {
    posix_platform_init(&plat, NULL);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/vifvm_test_zip.XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    UT_RUN(test_crc32);
    UT_RUN(test_open_valid);
    UT_RUN(test_many_entries);
    UT_RUN(test_bad_jar_cases);
    UT_RUN(test_truncate_and_corrupt_every_byte);
    UT_RUN(test_alloc_failures);
    UT_RUN(test_classpath);
    UT_RUN(test_manifest);
    UT_RUN(test_jar_main_class);
    rmdir(tmpdir);
    return ut_finish();
}
