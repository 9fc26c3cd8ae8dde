/* jitvm.c - a test driver that runs a Java program with every method the
 * JIT can compile compiled ahead of main (compile at load, through the
 * public API only: include/vifvm.h):
 *
 *     jitvm -cp DIR Name [args...]
 *
 * Loads every .class file in DIR and prepares each (vm_prepare_class:
 * what its code names resolved, every method of it and of the user
 * classes it reaches compiled), then runs Name.main like vifvm.  Methods the JIT refuses stay interpreted.  JITVM_STATS=1 prints
 * the counts and every refusal reason to stderr.  Built and run by
 * tests/jit/run.sh. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "vifvm.h"
#include "posix/posix_platform.h"

static int stats;

/* the user classes loaded from DIR (each prepared below) */
static vm_class *loaded[4096];
static unsigned n_loaded;

static void preload(vm *v, const char *dir) {
    DIR *dp = opendir(dir);
    if (!dp) return;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n < 7 || strcmp(e->d_name + n - 6, ".class")) continue;
        char name[512];
        snprintf(name, sizeof name, "%.*s", (int)(n - 6), e->d_name);
        vm_class *c;
        if (vm_class_find(v, name, &c, NULL) != VM_OK) vm_exception_clear(v);
        else if (n_loaded < sizeof loaded / sizeof loaded[0]) loaded[n_loaded++] = c;
    }
    closedir(dp);
}

/* Compile at load (vm_prepare_class): every method of every class loaded,
 * and of the user classes they reach.  A class that cannot be prepared
 * (a lambda, a class missing on purpose) keeps its lazy first-call
 * compiles. */
static void compile_all(vm *v) {
    unsigned refused = 0;
    double t0 = (double)clock();
    vm_stats s0, s1;
    vm_get_stats(v, &s0);
    for (unsigned i = 0; i < n_loaded; i++) {
        char msg[256] = "";
        vm_diag d = { msg, sizeof msg };
        if (vm_prepare_class(v, loaded[i], 0, &d) != VM_OK) {
            refused++;
            if (stats > 1) fprintf(stderr, "jitvm: not prepared: %s: %s\n",
                                   vm_class_name(loaded[i]), msg);
        }
    }
    vm_get_stats(v, &s1);
    if (stats)
        fprintf(stderr, "jitvm: %u methods compiled (%llu bytes), %u refused, %u classes not "
                "prepared, %.1f ms\n", s1.jit_compiled - s0.jit_compiled,
                (unsigned long long)(s1.jit_code_bytes - s0.jit_code_bytes),
                s1.jit_refused - s0.jit_refused, refused,
                ((double)clock() - t0) * 1000.0 / CLOCKS_PER_SEC);
}

int main(int argc, char **argv) {
    const char *cp = ".";
    const char *props[64];      /* -Dkey=value, as vifvm takes them */
    uint32_t n_props = 0;
    int i = 1;
    stats = getenv("JITVM_STATS") ? atoi(getenv("JITVM_STATS")) : 0;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if ((!strcmp(argv[i], "-cp") || !strcmp(argv[i], "-classpath")) && i + 1 < argc) cp = argv[++i];
        else if (!strncmp(argv[i], "-D", 2) && argv[i][2] && n_props < 64) props[n_props++] = argv[i] + 2;
    }
    if (i >= argc) { fprintf(stderr, "usage: jitvm -cp DIR Name [args]\n"); return 2; }
    const char *main_class = argv[i++];
    vm_platform plat;
    posix_platform_init(&plat, NULL);
    posix_platform_host_hooks(&plat);   /* System.in, getenv, user.dir, as vifvm */
    vm_config cfg = {
        .plat = &plat,
        .limits = { .heap_max = VM_DEFAULT_HEAP_MAX, .stack_bytes = VM_DEFAULT_STACK_BYTES,
                    .max_frames = VM_DEFAULT_MAX_FRAMES, .max_class_bytes = VM_DEFAULT_CLASS_BYTES },
        .classpath = cp,
        .bootlib = &vifvm_bootlib,
        .properties = props,
        .property_count = n_props,
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
    vm_destroy(v);
    return code;
}
