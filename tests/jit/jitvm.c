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
 * tests/jit/run.sh.
 *
 * JITVM_THUNKS=DIR: compile as for a host built with retpolines
 * (vm_platform.indirect_thunks, the kernel): a table of fake thunks, one
 * per register, each `lock inc [its counter]; jmp reg`, on a page mapped
 * beside the code region; each compiled method's code is written to
 * DIR/<pid>-<n>.bin and, at exit, the thunks' counts (calls through rax,
 * through r10, all, and the methods compiled) to DIR/<pid>.count.
 * tests/jit/thunks.sh runs the conformance corpus so and disassembles the
 * code: no indirect call or jump may remain, the thunks must be used.
 * JITVM_NO_THUNKS=1 as well: the code is kept but compiled without
 * thunks (the script's proof that its check finds indirect calls).
 * With the thunks a fake return thunk too (vm_platform.return_thunk: a
 * counted `ret`; its count ret= in the count file), so the code must have
 * no `ret`; JITVM_NO_RETHUNK=1: not given (the script's self-test).
 * JITVM_TIER2=1|2|hot: tier 2 on (vm_config.jit_tier2; hot: by counts,
 * with OSR, low thresholds); with JITVM_THUNKS
 * its code is written to DIR/<pid>-<n>-t2.bin and the count file also
 * says how many methods got tier-2 code (t2code=) and how many of the
 * sampled thunk calls (every 16th, the first 16384) came from it
 * (t2calls=).  JITVM_OPTS: -Xjit's optimization list ("-dcall");
 * JITVM_LATE: classes of DIR not loaded ahead. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif
#include <dirent.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
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

/* JITVM_LATE=A,B: classes not loaded ahead (a program loads them by
 * name later: tests/jit/dcall.sh) */
static bool skipped(const char *name) {
    const char *l = getenv("JITVM_LATE");
    size_t n = strlen(name);
    for (; l && *l; l += strcspn(l, ",") + (l[strcspn(l, ",")] == ',')) {
        size_t k = strcspn(l, ",");
        if (k == n && !strncmp(l, name, n)) return true;
        if (!l[k]) break;
    }
    return false;
}

static void preload(vm *v, const char *dir) {
    DIR *dp = opendir(dir);
    if (!dp) return;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t n = strlen(e->d_name);
        if (n < 7 || strcmp(e->d_name + n - 6, ".class")) continue;
        char name[512];
        snprintf(name, sizeof name, "%.*s", (int)(n - 6), e->d_name);
        if (skipped(name)) continue;
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

/* ---- JITVM_THUNKS ---- */
static const char *thunk_dir;
static const void *thunks[16];          /* vm_platform.indirect_thunks */
static volatile uint64_t *thunk_count;  /* [16], on the RW page after the thunks */
static void *(*real_map_dual)(void *, size_t, void **);
static unsigned n_emitted;

/* rel32 from the end of a 4-byte field at q to target */
static void put_rel(uint8_t **q, const void *target) {
    int32_t rel = (int32_t)((const uint8_t *)target - (*q + 4));
    memcpy(*q, &rel, 4);
    *q += 4;
}

/* the thunk page, once, close to the first code region at rx: page 0 the
 * thunks (RX), page 1 their counters (RW; [16] the calls sampled so far),
 * then the ring of sampled return addresses: every RING_EVERY-th call
 * through any thunk records who called it (the first RING_N samples), so
 * that the report can say how many calls came from tier-2 code.  Each
 * thunk (flags clobbered, as by any call; every register kept):
 *     lock inc qword [rip+count_r]
 *     push rax; push rcx
 *     mov ecx, 1; lock xadd qword [rip+calls], rcx
 *     test cl, RING_EVERY-1; jnz skip
 *     shr rcx, log2(RING_EVERY); cmp rcx, RING_N; jae skip
 *     mov rax, [rsp+16]            (the return address)
 *     push rdx; lea rdx, [rip+ring]; mov [rdx+rcx*8], rax; pop rdx
 * skip:
 *     pop rcx; pop rax; jmp reg; int3
 * and after them the fake return thunk (vm_platform.return_thunk, unless
 * JITVM_NO_RETHUNK=1), which counts its uses in [17] and returns:
 *     lock inc qword [rip+count_ret]; ret; int3 */
#define RING_N 16384u
#define RING_EVERY 16u
static const uint64_t *thunk_ring;
static vm_platform *thunk_plat;         /* its return_thunk set with the page */
static const void *plat_rt;             /* the return thunk given, for the report */
static void thunks_near(const uint8_t *rx) {
    long pg = sysconf(_SC_PAGESIZE);
    size_t sz = (size_t)(pg > 0 ? pg : 4096), all = 2 * sz + 8 * RING_N;
    for (size_t back = 64u << 20; back <= (1024u << 20) && !thunk_count; back += 64u << 20) {
        uint8_t *p = mmap((void *)(rx - back), all, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) continue;
        intptr_t d = (intptr_t)(p - rx);
        if (d < -(intptr_t)(1u << 30) || d > (intptr_t)(1u << 30)) { munmap(p, all); continue; }
        uint8_t *cnt = p + sz, *ring = p + 2 * sz;
        for (int r = 0; r < 16; r++) {
            if (r == 4) continue;                       /* (no thunk for rsp) */
            uint8_t *t = p + 128 * r, *q = t, *j1, *j2;
            *q++ = 0xf0; *q++ = 0x48; *q++ = 0xff; *q++ = 0x05;   /* lock inc qword [rip+count_r] */
            put_rel(&q, cnt + 8 * r);
            *q++ = 0x50; *q++ = 0x51;                               /* push rax; push rcx */
            *q++ = 0xb9; *q++ = 1; *q++ = 0; *q++ = 0; *q++ = 0;   /* mov ecx, 1 */
            *q++ = 0xf0; *q++ = 0x48; *q++ = 0x0f; *q++ = 0xc1; *q++ = 0x0d;   /* lock xadd [rip+calls], rcx */
            put_rel(&q, cnt + 8 * 16);
            *q++ = 0xf6; *q++ = 0xc1; *q++ = (uint8_t)(RING_EVERY - 1);   /* test cl, RING_EVERY-1 */
            *q++ = 0x75; j1 = q++;                                  /* jnz skip */
            *q++ = 0x48; *q++ = 0xc1; *q++ = 0xe9; *q++ = 4;        /* shr rcx, 4 (RING_EVERY 16) */
            *q++ = 0x48; *q++ = 0x81; *q++ = 0xf9;                  /* cmp rcx, RING_N */
            uint32_t n = RING_N;
            memcpy(q, &n, 4); q += 4;
            *q++ = 0x73; j2 = q++;                                  /* jae skip */
            *q++ = 0x48; *q++ = 0x8b; *q++ = 0x44; *q++ = 0x24; *q++ = 0x10;   /* mov rax, [rsp+16] */
            *q++ = 0x52;                                            /* push rdx */
            *q++ = 0x48; *q++ = 0x8d; *q++ = 0x15;                  /* lea rdx, [rip+ring] */
            put_rel(&q, ring);
            *q++ = 0x48; *q++ = 0x89; *q++ = 0x04; *q++ = 0xca;     /* mov [rdx+rcx*8], rax */
            *q++ = 0x5a;                                            /* pop rdx */
            *j1 = (uint8_t)(q - (j1 + 1));                          /* skip: */
            *j2 = (uint8_t)(q - (j2 + 1));
            *q++ = 0x59; *q++ = 0x58;                               /* pop rcx; pop rax */
            if (r >= 8) *q++ = 0x41;                   /* jmp reg: [41] ff e0+r */
            *q++ = 0xff; *q++ = (uint8_t)(0xe0 + (r & 7));
            *q++ = 0xcc;                               /* int3 */
            thunks[r] = t;
        }
        uint8_t *q = p + 128 * 16;
        *q++ = 0xf0; *q++ = 0x48; *q++ = 0xff; *q++ = 0x05;        /* lock inc qword [rip+count_ret] */
        put_rel(&q, cnt + 8 * 17);
        *q++ = 0xc3; *q++ = 0xcc;                                  /* ret; int3 */
        if (thunk_plat && !getenv("JITVM_NO_RETHUNK")) thunk_plat->return_thunk = plat_rt = p + 128 * 16;
        if (mprotect(p, sz, PROT_READ | PROT_EXEC) != 0) { munmap(p, all); return; }
        thunk_count = (volatile uint64_t *)cnt;
        thunk_ring = (const uint64_t *)ring;
    }
}

/* tier-2 code (JITVM_TIER2): a method's second emission (the baseline's
 * code is named first; jit_policy.c then compiles it again at once, or
 * t2_osr.c later in hot mode) or a loop-header variant ("[osr@pcN]"),
 * kept to attribute the sampled thunk calls; names seen, hashed */
static struct { uintptr_t lo, hi; } t2_code[65536];
static unsigned n_t2;
#define SEEN_N (1u << 17)
static char *seen[SEEN_N];

/* true if name was emitted before (and remember it) */
static bool seen_before(const char *name) {
    uint32_t h = 2166136261u;
    for (const char *c = name; *c; c++) h = (h ^ (uint8_t)*c) * 16777619u;
    for (uint32_t i = h & (SEEN_N - 1), k = 0; k < SEEN_N; i = (i + 1) & (SEEN_N - 1), k++) {
        if (!seen[i]) { seen[i] = strdup(name); return false; }
        if (!strcmp(seen[i], name)) return true;
    }
    return false;   /* (full: not counted) */
}

static void *thunk_map_dual(void *ud, size_t size, void **rw) {
    void *x = real_map_dual(ud, size, rw);
    if (x && !thunk_count) thunks_near(x);
    return x;
}

static void thunk_emitted(void *ud, const char *name, const void *code, size_t size) {
    (void)ud;
    bool t2 = name && (seen_before(name) || strstr(name, " [osr@"));
    if (t2 && n_t2 < sizeof t2_code / sizeof t2_code[0]) {
        t2_code[n_t2].lo = (uintptr_t)code;
        t2_code[n_t2++].hi = (uintptr_t)code + size;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%ld-%u-%lx%s.bin", thunk_dir, (long)getpid(), n_emitted++,
             (unsigned long)(uintptr_t)code, t2 ? "-t2" : "");   /* (where it runs: jumps' targets) */
    FILE *f = fopen(path, "wb");
    if (!f) return;
    fwrite(code, 1, size, f);
    fclose(f);
}

/* the sampled thunk calls that came from tier-2 code */
static uint64_t t2_thunk_calls(void) {
    if (!thunk_count || !thunk_ring) return 0;
    uint64_t n = thunk_count[16] / RING_EVERY, hits = 0;
    if (n > RING_N) n = RING_N;
    for (uint64_t i = 0; i < n; i++)
        for (unsigned k = 0; k < n_t2; k++)
            if (thunk_ring[i] > t2_code[k].lo && thunk_ring[i] <= t2_code[k].hi) { hits++; break; }
    return hits;
}

static void thunks_report(const vm *v) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%ld.count", thunk_dir, (long)getpid());
    FILE *f = fopen(path, "w");
    if (!f) return;
    uint64_t all = 0;
    for (int r = 0; thunk_count && r < 16; r++) all += thunk_count[r];
    vm_stats s;
    vm_get_stats(v, &s);
    fprintf(f, "rax=%llu r10=%llu all=%llu compiled=%u t2code=%u t2calls=%llu ret=%llu retthunk=%lx\n",
            (unsigned long long)(thunk_count ? thunk_count[0] : 0),
            (unsigned long long)(thunk_count ? thunk_count[10] : 0), (unsigned long long)all,
            s.jit_compiled, n_t2, (unsigned long long)t2_thunk_calls(),
            (unsigned long long)(thunk_count ? thunk_count[17] : 0),
            (unsigned long)(uintptr_t)plat_rt);
    fclose(f);
}

int main(int argc, char **argv) {
    const char *cp = ".";
    const char *props[64];      /* -Dkey=value, as vifvm takes them */
    uint32_t n_props = 0;
    bool enable_preview = false;   /* --enable-preview, as vifvm takes it */
    int i = 1;
    stats = getenv("JITVM_STATS") ? atoi(getenv("JITVM_STATS")) : 0;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if ((!strcmp(argv[i], "-cp") || !strcmp(argv[i], "-classpath")) && i + 1 < argc) cp = argv[++i];
        else if (!strncmp(argv[i], "-D", 2) && argv[i][2] && n_props < 64) props[n_props++] = argv[i] + 2;
        else if (!strcmp(argv[i], "--enable-preview")) enable_preview = true;
    }
    if (i >= argc) { fprintf(stderr, "usage: jitvm -cp DIR Name [args]\n"); return 2; }
    const char *main_class = argv[i++];
    vm_platform plat;
    posix_platform_init(&plat, NULL);
    posix_platform_host_hooks(&plat);   /* System.in, getenv, user.dir, as vifvm */
    thunk_dir = getenv("JITVM_THUNKS");
    if (thunk_dir && *thunk_dir && plat.code_map_dual) {
        real_map_dual = plat.code_map_dual;
        plat.code_map_dual = thunk_map_dual;
        plat.code_emitted = thunk_emitted;
        /* JITVM_NO_THUNKS=1: the code kept, no thunks (thunks.sh's self-test) */
        if (!getenv("JITVM_NO_THUNKS")) {
            plat.indirect_thunks = thunks;
            thunk_plat = &plat;     /* (return_thunk: set when the page is mapped) */
        }
    } else {
        thunk_dir = NULL;
    }
    vm_config cfg = {
        .plat = &plat,
        .limits = { .heap_max = VM_DEFAULT_HEAP_MAX, .stack_bytes = VM_DEFAULT_STACK_BYTES,
                    .max_frames = VM_DEFAULT_MAX_FRAMES, .max_class_bytes = VM_DEFAULT_CLASS_BYTES },
        .classpath = cp,
        .bootlib = &vifvm_bootlib,
        .properties = props,
        .property_count = n_props,
        .enable_preview = enable_preview,
        /* JITVM_TIER2=1|2: tier 2 (vm_config.jit_tier2, as -Xjit:tier2 and
         * -Xjit:tier2=all), compiling at load after the baseline */
        .jit_tier2 = (uint8_t)(getenv("JITVM_TIER2") ? (strcmp(getenv("JITVM_TIER2"), "hot") ? atoi(getenv("JITVM_TIER2")) : 1) : 0),
        /* JITVM_TIER2=hot: by counts (-Xjit:tier2=hot,calls=2,backedges=20:
         * early tier-ups and loop-header entries, OSR) */
        .jit_tier2_hot = getenv("JITVM_TIER2") && !strcmp(getenv("JITVM_TIER2"), "hot"),
        .jit_tier2_calls = 2,
        .jit_tier2_backedges = 20,
    };
    /* JITVM_OPTS="-dcall,...": as vifvm's -Xjit:-dcall (vm_config.jit_opts_disabled) */
    const char *opts = getenv("JITVM_OPTS"), *bad = NULL;
    size_t bad_len = 0;
    if (opts && *opts && !jit_parse_opts(opts, &cfg.jit_opts_disabled, &bad, &bad_len)) {
        fprintf(stderr, "jitvm: unknown JIT option %.*s\n", (int)bad_len, bad);
        return 2;
    }
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
    if (thunk_dir) thunks_report(v);
    vm_destroy(v);
    return code;
}
