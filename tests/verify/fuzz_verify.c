/* fuzz_verify.c - a quick mutation fuzzer for the loader + verifier path:
 * takes class files, flips a few random bytes (7 times out of 8 inside
 * one method's code or StackMapTable, the verifier's input), writes the result
 * to a scratch directory and loads it in a fresh VM (which parses, links
 * and verifies it).  Meant for the ASan build; any crash or sanitizer
 * report is a bug, rejections are expected.
 *
 *   cc -std=c11 -Isrc -fsanitize=address,undefined -o build/asan/fuzz_verify
 *      tests/verify/fuzz_verify.c <the posix platform objects of build/asan>
 *      build/asan/libvifvm-core.a -lm
 *   [FUZZ_SEED=n] [FUZZ_VERBOSE=1] build/asan/fuzz_verify ITERATIONS SCRATCHDIR file.class...
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "runtime/vm_state.h"
#include "runtime/classes.h"
#include "runtime/bootlib.h"
#include "platform/posix/posix_platform.h"
#include "classfile/classfile.h"

/* A region worth mutating: the bytes of a random method's code or stack
 * map, found in the file by content.  false if none. */
static bool pick_region(const vm_platform *plat, const unsigned char *b, size_t n,
                        size_t *off, size_t *len) {
    cf_class *cf;
    if (cf_parse(plat, b, n, &cf, NULL) != VM_OK) return false;
    bool ok = false;
    for (int tries = 0; tries < 8 && !ok && cf->n_methods; tries++) {
        const cf_method *m = &cf->methods[rand() % cf->n_methods];
        if (!m->code) continue;
        const uint8_t *r = m->code->code;
        size_t rl = m->code->code_len;
        if ((rand() & 1) && m->code->stackmap) {
            r = m->code->stackmap;
            rl = m->code->stackmap_len;
        }
        const unsigned char *hit = memmem(b, n, r, rl);
        if (hit && rl) {
            *off = (size_t)(hit - b);
            *len = rl;
            ok = true;
        }
    }
    cf_free(cf);
    return ok;
}

static unsigned char *slurp(const char *p, size_t *n) {
    FILE *f = fopen(p, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long l = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc((size_t)l);
    if (fread(b, 1, (size_t)l, f) != (size_t)l) l = 0;
    fclose(f);
    *n = (size_t)l;
    return b;
}

int main(int argc, char **argv) {
    if (argc < 4) return 2;
    long iters = atol(argv[1]);
    const char *dir = argv[2];
    vm_platform plat;
    posix_platform_init(&plat, NULL);
    srand(getenv("FUZZ_SEED") ? (unsigned)atoi(getenv("FUZZ_SEED")) : 12345u);
    long rejected = 0, accepted = 0;
    for (long it = 0; it < iters; it++) {
        const char *src = argv[3 + it % (argc - 3)];
        size_t n;
        unsigned char *b = slurp(src, &n);
        if (!b || n < 16) { free(b); continue; }
        int k = 1 + rand() % 3;
        size_t roff = 10, rlen = n - 10;
        if (rand() % 8) pick_region(&plat, b, n, &roff, &rlen);
        for (int i = 0; i < k; i++) {
            size_t pos = roff + (size_t)rand() % rlen;
            b[pos] = (rand() & 3) ? (unsigned char)rand() : (unsigned char)(b[pos] ^ (1u << (rand() % 8)));
        }
        const char *base = strrchr(src, '/');
        base = base ? base + 1 : src;
        char path[4096], name[512];
        snprintf(path, sizeof path, "%s/%s", dir, base);
        snprintf(name, sizeof name, "%.*s", (int)(strlen(base) - 6), base);
        FILE *f = fopen(path, "wb");
        fwrite(b, 1, n, f);
        fclose(f);
        free(b);
        vm_config cfg = { .plat = &plat, .classpath = dir, .bootlib = &vifvm_bootlib };
        vm *v = NULL;
        if (vm_create(&cfg, &v, NULL) != VM_OK) return 3;
        jclass *c;
        if (rt_find_class(v, name, &c, NULL) == VM_OK) {
            accepted++;
        } else {
            rejected++;
            if (getenv("FUZZ_VERBOSE") && v->exception)
                printf("rejected: %s\n", v->exception->cls->name);
        }
        vm_destroy(v);
        remove(path);
    }
    printf("fuzz_verify: %ld iterations, %ld accepted, %ld rejected\n", iters, accepted, rejected);
    return 0;
}
