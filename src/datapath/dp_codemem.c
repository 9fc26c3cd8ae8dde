/* dp_codemem.c - native filters' code packed on a few pages (dp_codemem.h). */
#include "dp_codemem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define GRAIN       64u                          /* bytes: a cache line */
#define CHUNK_BYTES (256u * 1024u)
#define GRAINS      (CHUNK_BYTES / GRAIN)        /* 4096 */
#define BIG_BYTES   (64u * 1024u)                /* larger pieces: mapped alone */
#define PAGE        4096u

typedef struct chunk {
    uint8_t *base;
    uint64_t used[GRAINS / 64];                  /* a bit per grain in use */
} chunk;

typedef struct codemem {
    chunk *chunks;
    uint32_t n_chunks;
    void *(*big_alloc)(void *ud, size_t size);   /* the platform's own, for big pieces */
    int (*big_protect)(void *ud, void *p, size_t size);
    void (*big_free)(void *ud, void *p, size_t size);
    void *big_ud;
} codemem;

static bool grain_used(const chunk *c, uint32_t g) { return (c->used[g / 64] >> (g % 64)) & 1u; }

static void mark(chunk *c, uint32_t g, uint32_t n, bool on) {
    for (uint32_t i = g; i < g + n; i++) {
        uint64_t bit = (uint64_t)1 << (i % 64);
        if (on) c->used[i / 64] |= bit;
        else c->used[i / 64] &= ~bit;
    }
}

/* the pages [p, p + size) lie on */
static int protect(void *p, size_t size, int prot) {
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)(PAGE - 1);
    uintptr_t e = ((uintptr_t)p + size + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
    return mprotect((void *)a, e - a, prot);
}

/* the chunk holding p, or NULL (a big piece) */
static chunk *chunk_of(codemem *m, const void *p) {
    for (uint32_t i = 0; i < m->n_chunks; i++) {
        uint8_t *b = m->chunks[i].base;
        if ((const uint8_t *)p >= b && (const uint8_t *)p < b + CHUNK_BYTES) return &m->chunks[i];
    }
    return NULL;
}

/* first run of n free grains in c, or GRAINS */
static uint32_t find_run(const chunk *c, uint32_t n) {
    uint32_t run = 0;
    for (uint32_t g = 0; g < GRAINS; g++) {
        if (g % 64 == 0 && c->used[g / 64] == ~(uint64_t)0) {   /* 64 in use: skip them */
            run = 0;
            g += 63;
            continue;
        }
        if (grain_used(c, g)) { run = 0; continue; }
        if (++run == n) return g + 1 - n;
    }
    return GRAINS;
}

static chunk *add_chunk(codemem *m) {
    chunk *n = realloc(m->chunks, (m->n_chunks + 1) * sizeof *n);
    if (!n) return NULL;
    m->chunks = n;
    void *b = mmap(NULL, CHUNK_BYTES, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (b == MAP_FAILED) return NULL;
    chunk *c = &m->chunks[m->n_chunks++];
    memset(c, 0, sizeof *c);
    c->base = b;
    return c;
}

static void *cm_alloc(void *ud, size_t size) {
    codemem *m = ud;
    if (size == 0 || size > BIG_BYTES) return m->big_alloc(m->big_ud, size);
    uint32_t n = (uint32_t)((size + GRAIN - 1) / GRAIN);
    chunk *c = NULL;
    uint32_t g = GRAINS;
    for (uint32_t i = 0; i < m->n_chunks && g == GRAINS; i++) {
        g = find_run(&m->chunks[i], n);
        c = &m->chunks[i];
    }
    if (g == GRAINS) {
        if (!(c = add_chunk(m))) return NULL;
        g = 0;
    }
    uint8_t *p = c->base + (size_t)g * GRAIN;
    if (protect(p, size, PROT_READ | PROT_WRITE) != 0) return NULL;
    mark(c, g, n, true);
    return p;
}

static int cm_protect(void *ud, void *p, size_t size) {
    codemem *m = ud;
    if (!chunk_of(m, p)) return m->big_protect(m->big_ud, p, size);
    return protect(p, size, PROT_READ | PROT_EXEC);
}

static void cm_free(void *ud, void *p, size_t size) {
    codemem *m = ud;
    chunk *c = chunk_of(m, p);
    if (!c) {
        m->big_free(m->big_ud, p, size);
        return;
    }
    uint32_t n = (uint32_t)((size + GRAIN - 1) / GRAIN);
    mark(c, (uint32_t)(((uint8_t *)p - c->base) / GRAIN), n, false);
    (void)protect(p, size, PROT_READ | PROT_EXEC);   /* neighbours runnable again */
}

bool dp_codemem_init(vm_platform *plat) {
    const char *e = getenv("VIFD_CODE_PACK");
    if (e && !strcmp(e, "off")) return false;
    codemem *m = calloc(1, sizeof *m);
    if (!m) return false;
    m->big_alloc = plat->code_alloc;
    m->big_protect = plat->code_protect_exec;
    m->big_free = plat->code_free;
    m->big_ud = plat->ud;
    plat->ud = m;
    plat->code_alloc = cm_alloc;
    plat->code_protect_exec = cm_protect;
    plat->code_free = cm_free;
    return true;
}

static codemem *installed(const vm_platform *plat) {
    return plat->code_alloc == cm_alloc ? plat->ud : NULL;
}

void dp_codemem_destroy(vm_platform *plat) {
    codemem *m = installed(plat);
    if (!m) return;
    for (uint32_t i = 0; i < m->n_chunks; i++) munmap(m->chunks[i].base, CHUNK_BYTES);
    free(m->chunks);
    plat->code_alloc = m->big_alloc;
    plat->code_protect_exec = m->big_protect;
    plat->code_free = m->big_free;
    plat->ud = m->big_ud;
    free(m);
}
