/* jitvm.c - a test driver that runs a Java program with every method the
 * JIT can compile compiled ahead of main (until the interpreter's JIT hook
 * is wired in, this is how the conformance corpus exercises the JIT):
 *
 *     jitvm -cp DIR Name [args...]
 *
 * Loads every .class file in DIR, then repeatedly compiles every method of every
 * loaded class (compilation resolves constant-pool entries, which loads
 * more classes) until no new class appears, then runs Name.main like
 * vifvm.  Methods the JIT refuses stay interpreted.  JITVM_STATS=1 prints
 * the counts and every refusal reason to stderr.  Built and run by
 * tests/jit/run.sh. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "jit/jit.h"
#include "runtime/vm.h"
#include "runtime/vm_state.h"
#include "runtime/classes.h"
#include "runtime/exceptions.h"
#include "runtime/bootlib.h"
#include "platform/posix/posix_platform.h"

static int stats;

static void preload(vm *v, const char *dir) {
    DIR *dp = opendir(dir);
    if (!dp) return;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n < 7 || strcmp(e->d_name + n - 6, ".class")) continue;
        char name[512];
        snprintf(name, sizeof name, "%.*s", (int)(n - 6), e->d_name);
        jclass *c;
        if (rt_find_class(v, name, &c, NULL) != VM_OK) v->exception = NULL;
    }
    closedir(dp);
}

static void compile_all(vm *v) {
    uint32_t ok = 0, refused = 0, bytes = 0;
    double t0 = (double)clock();
    for (int round = 0; round < 20; round++) {
        uint32_t before = v->class_count;
        for (uint32_t b = 0; b < v->class_bucket_count; b++)
            for (jclass *c = v->class_buckets[b]; c; c = c->next)
                for (uint32_t i = 0; i < c->n_methods; i++) {
                    jmethod *m = &c->methods[i];
                    if (!m->code || m->jit_entry) continue;
                    char msg[256];
                    vm_diag d = { msg, sizeof msg };
                    msg[0] = 0;
                    if (jit_compile(v, m, &d) == VM_OK) {
                        ok++;
                        bytes += jit_code_size(m);
                    } else {
                        refused++;
                        if (stats > 1) fprintf(stderr, "jitvm: not compiled: %s.%s%s: %s\n",
                                               c->name, m->name, m->desc, msg);
                    }
                }
        if (v->class_count == before) break;
    }
    if (stats)
        fprintf(stderr, "jitvm: %u methods compiled (%u bytes), %u refused, %.1f ms\n", ok,
                bytes, refused, ((double)clock() - t0) * 1000.0 / CLOCKS_PER_SEC);
}

int main(int argc, char **argv) {
    const char *cp = ".";
    int i = 1;
    stats = getenv("JITVM_STATS") ? atoi(getenv("JITVM_STATS")) : 0;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if ((!strcmp(argv[i], "-cp") || !strcmp(argv[i], "-classpath")) && i + 1 < argc) cp = argv[++i];
    }
    if (i >= argc) { fprintf(stderr, "usage: jitvm -cp DIR Name [args]\n"); return 2; }
    const char *main_class = argv[i++];
    vm_platform plat;
    posix_platform_init(&plat, NULL);
    vm_config cfg = {
        .plat = &plat,
        .limits = { .heap_max = VM_DEFAULT_HEAP_MAX, .stack_bytes = VM_DEFAULT_STACK_BYTES,
                    .max_frames = VM_DEFAULT_MAX_FRAMES, .max_class_bytes = VM_DEFAULT_CLASS_BYTES },
        .classpath = cp,
        .bootlib = &vifvm_bootlib,
    };
    char detail[512] = "";
    vm_diag d = { detail, sizeof detail };
    vm *v;
    if (vm_create(&cfg, &v, &d) != VM_OK) { fprintf(stderr, "jitvm: %s\n", detail); return 1; }
    preload(v, cp);
    compile_all(v);
    int code = 1;
    vm_status st = vm_run_main(v, main_class, argc - i, (const char *const *)(argv + i), &code, &d);
    if (st != VM_OK) {
        fprintf(stderr, "%s\n", detail[0] ? detail : vm_status_str(st));
        code = 1;
    }
    fflush(stdout);
    jit_free_code_cache(v);
    vm_destroy(v);
    return code;
}
