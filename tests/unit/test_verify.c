/* test_verify.c - the bytecode verifier (src/verify) must accept real
 * javac output: every class of the embedded library (not verified at run
 * time, since boot classes are trusted) and, when compiled, every class of
 * the conformance corpus (build/conformance/<release>/<Name>/, or the
 * directories listed in $VIFVM_VERIFY_CORPUS, ':'-separated; or set
 * VIFVM_VERIFY_ALL).  Prints the verifier's cost per method and per
 * bytecode byte, next to the parser's (and, with VIFVM_VERIFY_VS_JIT set,
 * the JIT's on the same methods).
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "unit_test.h"
#include "runtime/vm_state.h"
#include "runtime/classes.h"
#include "runtime/bootlib.h"
#include "core/mem.h"
#include "verify/verify.h"
#include "jit/jit.h"
#include "platform/posix/posix_platform.h"

static vm_platform plat;

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static vm *new_vm(const char *cp) {
    /* enable_preview: the corpus has javac --enable-preview programs
     * (tests/conformance/PatternSwitch*.java) */
    vm_config cfg = { .plat = &plat, .classpath = cp, .bootlib = &vifvm_bootlib,
                      .enable_preview = true };
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    vm *v = NULL;
    if (vm_create(&cfg, &v, &d) != VM_OK) {
        printf("vm_create: %s\n", detail);
        return NULL;
    }
    return v;
}

static void report(const char *what, const verify_stats *s, int64_t ns) {
    char extra[64] = "";
    if (s->max_work)
        snprintf(extra, sizeof extra, "; largest method %llu work units",
                 (unsigned long long)s->max_work);
    printf("verify-cost: %s: %u methods (%u by inference), %llu bytecode bytes, %.2f ms: "
           "%.2f us/method, %.1f ns/byte%s\n", what, s->methods, s->inferred,
           (unsigned long long)s->code_bytes, ns / 1e6,
           s->methods ? ns / 1e3 / s->methods : 0.0,
           s->code_bytes ? (double)ns / (double)s->code_bytes : 0.0, extra);
}

/* Every boot class: load all first (so verification measures only
 * itself), then verify each. */
static void test_boot_library(void) {
    vm *v = new_vm(".");
    UT_CHECK(v != NULL);
    if (!v) return;
    const vm_bootlib *lib = &vifvm_bootlib;
    jclass **cls = calloc(lib->count, sizeof *cls);
    size_t n = 0;
    for (size_t i = 0; i < lib->count; i++) {
        jclass *c;
        if (rt_find_class(v, lib->classes[i].name, &c, NULL) == VM_OK) cls[n++] = c;
        v->exception = NULL;
    }
    UT_CHECK(n + 2 >= lib->count); /* all but module-info style oddities */
    /* the parser's cost on the same bytes, for scale */
    int64_t t0 = now_ns();
    for (size_t i = 0; i < lib->count; i++) {
        cf_class *cf;
        uint8_t *bytes;
        size_t blen;
        if (bootlib_class_bytes(&plat, &lib->classes[i], &bytes, &blen) != VM_OK) continue;
        if (cf_parse(&plat, bytes, blen, &cf, NULL) == VM_OK)
            cf_free(cf);
        vm_free(&plat, bytes, blen);
    }
    int64_t parse_ns = now_ns() - t0;
    for (int pass = 0; pass < 3; pass++) {
        verify_stats s = { 0, 0, 0, 0 };
        t0 = now_ns();
        for (size_t i = 0; i < n; i++) {
            char detail[700] = "";
            vm_diag d = { detail, sizeof detail };
            /* pass 2: type inference instead of the StackMapTable */
            vm_status st = verify_class_ex(v, cls[i], pass == 2 ? VERIFY_INFER_ALL : 0, &s, &d);
            if (st != VM_OK && !ut_cur_failed) {
                printf("rejected: %s: %s\n", cls[i]->name, detail);
                UT_CHECK(st == VM_OK);
            }
        }
        int64_t ns = now_ns() - t0;
        if (pass == 2) report("boot library, type inference forced", &s, ns);
        if (pass == 1) {
            report("boot library", &s, ns);
            printf("verify-cost: boot library: parsing the same %zu classes: %.2f ms "
                   "(verifier/parser = %.2f)\n", lib->count, parse_ns / 1e6,
                   (double)ns / (double)parse_ns);
        }
    }
    if (getenv("VIFVM_VERIFY_VS_JIT")) {
        /* the JIT's cost on the same methods, for scale: a first pass
         * resolves (loads classes), the second is timed */
        uint32_t ok = 0, other = 0;
        int64_t jit_ns = 0;
        for (int pass = 0; pass < 2; pass++) {
            if (pass) jit_free_code_cache(v);
            ok = other = 0;
            t0 = now_ns();
            for (size_t i = 0; i < n; i++)
                for (uint32_t k = 0; k < cls[i]->n_methods; k++) {
                    jmethod *m = &cls[i]->methods[k];
                    if (!m->code) continue;
                    if (jit_compile(v, m, NULL) == VM_OK) ok++;
                    else other++;
                    v->exception = NULL;
                }
            jit_ns = now_ns() - t0;
        }
        printf("verify-cost: boot library: the JIT compiles the same methods in %.2f ms "
               "(%u compiled, %u not): %.2f us/method\n", jit_ns / 1e6, ok, other,
               ok + other ? jit_ns / 1e3 / (ok + other) : 0.0);
    }
    free(cls);
    vm_destroy(v);
}

/* Verify every class file of one directory (a fresh VM per directory:
 * loading a user class runs the verifier), then time a second
 * verification of the same classes with everything they need loaded. */
static int verify_dir(const char *dir, verify_stats *tot, int64_t *ns, verify_stats *tot2,
                      int64_t *ns2) {
    DIR *dp = opendir(dir);
    if (!dp) return 0;
    vm *v = new_vm(dir);
    if (!v) {
        closedir(dp);
        return -1;
    }
    int bad = 0;
    jclass *loaded[256];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (l < 7 || strcmp(e->d_name + l - 6, ".class") != 0) continue;
        char name[512];
        snprintf(name, sizeof name, "%.*s", (int)(l - 6), e->d_name);
        jclass *c;
        char detail[700] = "";
        vm_diag d = { detail, sizeof detail };
        if (rt_find_class(v, name, &c, &d) != VM_OK) {
            printf("rejected: %s/%s: %s\n", dir, name, detail);
            bad++;
            v->exception = NULL;
        } else if (n < 256) {
            loaded[n++] = c;
        }
    }
    vm_stats s;
    vm_get_stats(v, &s);
    tot->methods += s.verified_methods;
    tot->code_bytes += s.verified_bytes;
    *ns += (int64_t)s.verify_time_ns;
    int64_t t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        char detail[700] = "";
        vm_diag d = { detail, sizeof detail };
        if (verify_class(v, loaded[i], tot2, &d) != VM_OK) {
            printf("rejected on the second pass: %s: %s\n", loaded[i]->name, detail);
            bad++;
        }
    }
    *ns2 += now_ns() - t0;
    for (size_t i = 0; i < n; i++) {
        char detail[700] = "";
        vm_diag d = { detail, sizeof detail };
        if (verify_class_ex(v, loaded[i], VERIFY_INFER_ALL, NULL, &d) != VM_OK) {
            printf("rejected by type inference: %s: %s\n", loaded[i]->name, detail);
            bad++;
        }
    }
    closedir(dp);
    vm_destroy(v);
    return bad;
}

static void test_corpus(void) {
    const char *env = getenv("VIFVM_VERIFY_CORPUS");
    char roots[4096];
    snprintf(roots, sizeof roots, "%s", env && *env ? env : "build/conformance/8:build/conformance/17");
    verify_stats tot = { 0, 0, 0, 0 }, tot2 = { 0, 0, 0, 0 };
    int64_t ns = 0, ns2 = 0;
    int dirs = 0, bad = 0;
    for (char *r = strtok(roots, ":"); r; r = strtok(NULL, ":")) {
        DIR *dp = opendir(r);
        if (!dp) continue;
        struct dirent *e;
        while ((e = readdir(dp))) {
            if (e->d_name[0] == '.') continue;
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", r, e->d_name);
            DIR *t = opendir(sub);
            if (!t) continue;
            closedir(t);
            int b = verify_dir(sub, &tot, &ns, &tot2, &ns2);
            if (b < 0) bad++;
            else bad += b;
            dirs++;
        }
        closedir(dp);
    }
    if (!dirs) {
        printf("SKIP: test_corpus: no compiled corpus (run tests/conformance/run.sh first)\n");
        return;
    }
    UT_CHECK_EQ_INT(bad, 0);
    report("conformance corpus, at load (class loads it triggers included)", &tot, ns);
    report("conformance corpus, verifier alone", &tot2, ns2);
    UT_CHECK(tot.methods > 1000);
}

int main(void) {
    posix_platform_init(&plat, NULL);
    UT_RUN(test_boot_library);
    if (getenv("VIFVM_VERIFY_CORPUS") || getenv("VIFVM_VERIFY_ALL")) {
        UT_RUN(test_corpus);
    } else {
        /* not a skip: the corpus check is the verify stage's
         * (tests/verify/run.sh sets VIFVM_VERIFY_ALL and counts it there) */
        printf("# test_corpus runs in the verify stage (tests/verify/run.sh)\n");
    }
    return ut_finish();
}
