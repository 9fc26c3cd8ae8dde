/* fuzz_verify_run.c - libFuzzer harness for loader + verifier + execution
 * (interpreter and JIT).  The input is one class file.  Its this_class name
 * (found with vm_class_file_name) is served, as the only file of a virtual class-path
 * directory, to a fresh VM (embedded boot library, 8 MiB heap, 256 KiB Java
 * stack, 2000 frames, load limits) that loads, links and verifies it through
 * the normal loader.  If it loads, the class is initialised and its static
 * methods (up to FUZZ_MAX_CALLS, any descriptor: primitive arguments get
 * small values, references null, main(String[]) an empty array) are run
 * under an instruction budget - once in a VM with interpret_only, once in
 * a VM with the JIT.  Java exceptions, VerifyError / LinkageError, budget
 * aborts and System.exit are all fine; a crash, a sanitizer report, a leak
 * or a run that outlives the budget (-timeout) is a bug.
 *
 * A this_class that names a class of the embedded library (which wins over
 * the class path) is skipped.  All Java output goes to a no-op write hook;
 * FUZZ_VERIFY_RUN_DEBUG=1 in the environment prints what happened to each
 * input (2: the program's output too), for reproducing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vifvm.h"
#include "posix/posix_platform.h"

#define FUZZ_DIR "/vifvm-fuzz"       /* the virtual class-path directory */
#define FUZZ_BUDGET 200000u          /* ticks per VM run (split between calls) */
#define FUZZ_MIN_CALL_BUDGET 20000u
#define FUZZ_MAX_CALLS 8
#define FUZZ_MAX_SLOTS 32            /* argument slots we are willing to fill */

/* What the virtual directory holds: one class file. */
typedef struct fuzz_input {
    const char *name;   /* internal name, e.g. "pkg/Fuzz" */
    const uint8_t *data;
    size_t len;
} fuzz_input;

static vm_platform posix;   /* the real hooks */
static vm_platform plat;    /* posix with file, directory and output hooks replaced */
static fuzz_input cur;
static int debug;

static void quiet_write(void *ud, int stream, const char *buf, size_t n) {
    (void)ud;
    if (debug > 1) fwrite(buf, 1, n, stream == 2 ? stderr : stdout);
}

static int fuzz_is_dir(void *ud, const char *path) {
    (void)ud;
    return strcmp(path, FUZZ_DIR) == 0;
}

/* Only FUZZ_DIR/<name>.class exists; everything else is "no such file". */
static vm_status fuzz_read_file(void *ud, const char *path, size_t max_len,
                                uint8_t **data, size_t *len) {
    (void)ud;
    size_t dl = strlen(FUZZ_DIR), nl = strlen(cur.name);
    if (strncmp(path, FUZZ_DIR "/", dl + 1) != 0) return VM_ERR_IO;
    path += dl + 1;
    if (strncmp(path, cur.name, nl) != 0 || strcmp(path + nl, ".class") != 0)
        return VM_ERR_IO;
    if (cur.len > max_len) return VM_ERR_LIMIT;
    /* an exact-size copy from the platform allocator: ASan sees overreads */
    uint8_t *p = plat.realloc(plat.ud, NULL, 0, cur.len);
    if (!p) return VM_ERR_NOMEM;
    memcpy(p, cur.data, cur.len);
    *data = p;
    *len = cur.len;
    return VM_OK;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *e = getenv("FUZZ_VERIFY_RUN_DEBUG");
    debug = e ? atoi(e) : 0;
    posix_platform_init(&posix, NULL);
    plat = posix;
    plat.write = quiet_write;
    plat.read_file = fuzz_read_file;
    plat.is_dir = fuzz_is_dir;
    return 0;
}

/* An empty String[] (NULL + pending exception if the heap is full). */
static vm_object *string_array(vm *v) {
    vm_class *sa = NULL;
    if (vm_class_find(v, "[Ljava/lang/String;", &sa, NULL) != VM_OK) return NULL;
    return vm_new_array(v, sa, 0);
}

/* Fill the argument slots of static method m; false if we do not want to
 * call it (too many slots, odd descriptor). */
static bool make_args(vm *v, const vm_method *m, vm_value *a, size_t cap) {
    const char *p = vm_method_desc(m);
    size_t n = 0;
    if (*p++ != '(') return false;
    while (*p && *p != ')') {
        if (n + 2 > cap) return false;
        char t = *p;
        switch (t) {
        case 'J':
            a[n].j = 5;
            a[n + 1].raw = 0;
            n += 2;
            p++;
            break;
        case 'D':
            a[n].d = 2.5;
            a[n + 1].raw = 0;
            n += 2;
            p++;
            break;
        case 'F': a[n++].f = 1.5f; p++; break;
        case 'Z': a[n++].i = 1; p++; break;
        case 'I': case 'B': case 'S': case 'C': a[n++].i = 3; p++; break;
        case 'L': case '[': {
            const char *start = p;
            while (*p == '[') p++;
            if (*p == 'L') {
                while (*p && *p != ';') p++;
                if (!*p) return false;
            }
            if (!*p) return false;
            p++;
            a[n].l = NULL;
            if (strncmp(start, "[Ljava/lang/String;", (size_t)(p - start)) == 0 &&
                (size_t)(p - start) == strlen("[Ljava/lang/String;")) {
                /* main(String[]): an empty array (no GC before the call) */
                a[n].l = string_array(v);
                if (!a[n].l) {
                    vm_exception_clear(v);
                    return false;
                }
            }
            n++;
            break;
        }
        default: return false;
        }
    }
    return *p == ')' && n == vm_method_arg_slots(m);
}

static const char *st_name(vm_status st) { return vm_status_str(st); }

static void run_one(bool interpret_only) {
    vm_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.plat = &plat;
    cfg.classpath = FUZZ_DIR;
    cfg.bootlib = &vifvm_bootlib;
    cfg.interpret_only = interpret_only;
    cfg.limits.heap_max = 8u << 20;
    cfg.limits.stack_bytes = 256u << 10;
    cfg.limits.max_frames = 2000;
    cfg.limits.max_class_bytes = 1u << 20;
    cfg.limits.insn_budget = FUZZ_BUDGET;
    cfg.limits.max_classes = 8;
    cfg.limits.max_methods = 2000;
    cfg.limits.max_code_bytes = 1u << 20;

    char msg[512] = "";
    vm_diag d = {msg, sizeof msg};
    vm *v = NULL;
    if (vm_create(&cfg, &v, &d) != VM_OK) {
        fprintf(stderr, "fuzz_verify_run: vm_create failed: %s\n", msg);
        abort();    /* not the input's fault: the harness is broken */
    }
    const char *eng = interpret_only ? "int" : "jit";
    vm_set_budget(v, FUZZ_BUDGET);
    vm_class *c = NULL;
    vm_status st = vm_class_find(v, cur.name, &c, &d);
    if (memchr(msg, '\0', sizeof msg) == NULL) abort();
    if (st != VM_OK) {
        if (debug) fprintf(stderr, "[%s] load %s: %s %s\n", eng, cur.name, st_name(st), msg);
        vm_exception_clear(v);
        vm_destroy(v);
        return;
    }
    if (vm_class_flags(c) & VM_CLASS_ARRAY) abort();
    if (vm_class_flags(c) & VM_CLASS_BOOT) {
        /* this_class names a class of the embedded library, which wins over
         * the class path: nothing of the input was loaded, and calling the
         * library's private helpers with made-up arguments is not
         * something user code can do. */
        vm_destroy(v);
        return;
    }
    st = vm_class_init(v, c);
    if (debug) fprintf(stderr, "[%s] <clinit> %s: %s\n", eng, cur.name, st_name(st));
    vm_exception_clear(v);
    if (st == VM_OK) {
        uint32_t n_static = 0;
        for (uint32_t i = 0; i < vm_class_method_count(c); i++) {
            const vm_method *m = vm_class_method(c, i);
            if ((vm_method_flags(m) & VM_METHOD_STATIC) && vm_method_name(m)[0] != '<') n_static++;
        }
        if (n_static > FUZZ_MAX_CALLS) n_static = FUZZ_MAX_CALLS;
        uint64_t share = n_static ? FUZZ_BUDGET / n_static : FUZZ_BUDGET;
        if (share < FUZZ_MIN_CALL_BUDGET) share = FUZZ_MIN_CALL_BUDGET;
        uint32_t calls = 0;
        for (uint32_t i = 0; i < vm_class_method_count(c) && calls < FUZZ_MAX_CALLS; i++) {
            vm_method *m = vm_class_method(c, i);
            if (!(vm_method_flags(m) & VM_METHOD_STATIC) || vm_method_name(m)[0] == '<') continue;
            calls++;
            vm_set_budget(v, share);
            vm_value a[FUZZ_MAX_SLOTS];
            memset(a, 0, sizeof a);
            if (!make_args(v, m, a, FUZZ_MAX_SLOTS)) continue;
            vm_value ret;
            ret.raw = 0;
            st = vm_call(v, m, a, &ret);
            if (debug)
                fprintf(stderr, "[%s] %s%s: %s (used %llu)\n", eng, vm_method_name(m),
                        vm_method_desc(m),
                        st_name(st), (unsigned long long)vm_budget_used(v));
            vm_exception_clear(v);
            if (st == VM_ERR_EXIT) break;   /* System.exit: the program is over */
        }
    }
    if (debug) {
        vm_stats stats;
        vm_get_stats(v, &stats);
        fprintf(stderr, "[%s] verified %u methods, JIT compiled %u, refused %u %s\n", eng,
                stats.verified_methods, stats.jit_compiled, stats.jit_refused,
                stats.jit_first_refusal);
    }
    vm_destroy(v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* The name the loader will look for: this_class of the parsed file. */
    char name[256];
    if (vm_class_file_name(&posix, data, size, name, sizeof name, NULL) != VM_OK) return 0;
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return 0;
    memcpy(copy, data, size);
    cur.name = name;
    cur.data = copy;
    cur.len = size;
    run_one(true);
    run_one(false);
    free(copy);
    cur.name = NULL;
    return 0;
}
