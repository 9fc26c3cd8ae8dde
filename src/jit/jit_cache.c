/* jit_cache.c - executable memory for compiled methods, through the
 * platform layer with W^X.
 *
 * Preferred (the platform has code_map_dual): chunks of 64 KiB and more,
 * each mapped twice, RX and RW.  A method's block is bump-allocated in the
 * newest chunk, written through the RW view and run from the RX one: no
 * system call and no protection change per method (a chunk costs one
 * memfd, two mmaps).  A block is never reused, so no stale code is ever
 * run (no instruction-cache or valgrind translation invalidation needed).
 * Only the newest chunk has its RW view: when a chunk is full, its RW view
 * is unmapped, so the code of all older chunks can no longer be written
 * through any address.
 * Otherwise: a fresh RW block per method (vm->plat->code_alloc), switched
 * to RX (code_protect_exec) when written, freed alone.
 *
 * A block starts with a small header recording its size, so
 * jit_free_code_cache can release it from m->jit_entry alone (walking the
 * VM's classes).  The header can also own one RW data block of the method
 * (its inline-cache cells, jit_invoke.c), attached before sealing and
 * freed with the code. */
#include "jit_internal.h"
#include "../core/mem.h"

#define JIT_HDR 32u
#define JIT_MAGIC 0x4a49544bu /* "JITK" */
#define JIT_CHUNK_MIN (64u * 1024u)
#define JIT_CHUNK_MAX (1024u * 1024u)
#define JIT_IN_CHUNK 1u  /* jit_hdr.flags: part of a dual-mapped chunk */

typedef struct jit_hdr {
    uint32_t magic;
    uint32_t size;     /* whole block, header included */
    uint32_t code_size;
    uint32_t data_size;
    void *data;        /* owned RW data (vm_alloc'd), or NULL */
    uint32_t flags;
    uint32_t pad;
} jit_hdr;
_Static_assert(sizeof(jit_hdr) == JIT_HDR, "jit_hdr size");

struct jit_chunk {
    struct jit_chunk *next;
    uint8_t *rx, *rw;
    uint32_t size, used;
};

static void hdr_init(jit_hdr *h, uint32_t size, uint32_t flags) {
    h->magic = JIT_MAGIC;
    h->size = size + JIT_HDR;
    h->code_size = size;
    h->data_size = 0;
    h->data = NULL;
    h->flags = flags;
    h->pad = 0;
}

/* room for `need` bytes in the newest chunk (a new one if it is full) */
static struct jit_chunk *chunk_for(vm *vm, uint32_t need) {
    const vm_platform *p = vm->plat;
    struct jit_chunk *k = vm->jit_chunks;
    if (k && k->size - k->used >= need) return k;
    uint32_t size = k ? k->size * 2 : JIT_CHUNK_MIN;
    if (size > JIT_CHUNK_MAX) size = JIT_CHUNK_MAX;
    if (need > UINT32_MAX - JIT_CHUNK_MIN) return NULL;
    if (size < need) size = (need + JIT_CHUNK_MIN - 1) & ~(JIT_CHUNK_MIN - 1);
    struct jit_chunk *n = vm_zalloc(p, sizeof *n);
    if (!n) return NULL;
    void *rw = NULL;
    n->rx = p->code_map_dual(p->ud, size, &rw);
    if (!n->rx) {
        vm_free(p, n, sizeof *n);
        return NULL;
    }
    n->rw = rw;
    n->size = size;
    n->next = k;
    vm->jit_chunks = n;
    if (k && k->rw) {      /* the full chunk loses its writable view: only
                              the chunk being filled can be written */
        p->code_unmap_dual(p->ud, NULL, k->rw, k->size);
        k->rw = NULL;
    }
    return n;
}

void jit_code_reserve(vm *vm) {
    const vm_platform *p = vm->plat;
    if (!vm->jit_chunks && p->code_map_dual && p->code_unmap_dual) (void)chunk_for(vm, JIT_HDR);
}

uint8_t *jit_code_tail(vm *vm, uint32_t *cap) {
    const vm_platform *p = vm->plat;
    struct jit_chunk *k = vm->jit_chunks;
    *cap = 0;
    if (!p->code_map_dual || !p->code_unmap_dual || !k || !k->rw || k->size - k->used <= JIT_HDR)
        return NULL;
    *cap = k->size - k->used - JIT_HDR;   /* (used and size are multiples of 32) */
    return k->rw + k->used + JIT_HDR;
}

uint8_t *jit_code_alloc(vm *vm, uint32_t size, uint8_t **exec) {
    const vm_platform *p = vm->plat;
    if (size > UINT32_MAX / 2) return NULL;
    uint32_t need = (size + JIT_HDR + 31u) & ~31u;
    if (p->code_map_dual && p->code_unmap_dual) {
        struct jit_chunk *k = chunk_for(vm, need);
        if (k) {
            uint8_t *w = k->rw + k->used;
            *exec = k->rx + k->used + JIT_HDR;
            k->used += need;
            hdr_init((jit_hdr *)(void *)w, size, JIT_IN_CHUNK);
            return w + JIT_HDR;
        }
    }
    if (!p->code_alloc || !p->code_protect_exec || !p->code_free) return NULL;
    uint8_t *blk = p->code_alloc(p->ud, size + JIT_HDR);
    if (!blk) return NULL;
    hdr_init((jit_hdr *)(void *)blk, size, 0);
    *exec = blk + JIT_HDR;
    return blk + JIT_HDR;
}

void jit_code_shrink(vm *vm, uint8_t *code, uint32_t size) {
    jit_hdr *h = (jit_hdr *)(void *)(code - JIT_HDR);
    if (size >= h->code_size) return;
    struct jit_chunk *k = vm->jit_chunks;
    if ((h->flags & JIT_IN_CHUNK) && k) {
        uint32_t old_need = (h->code_size + JIT_HDR + 31u) & ~31u;
        uint32_t new_need = (size + JIT_HDR + 31u) & ~31u;
        if ((uint8_t *)h + old_need == k->rw + k->used) k->used -= old_need - new_need;
    }
    h->code_size = size;   /* h->size stays: what code_free must release */
}

void jit_code_attach(uint8_t *code, void *data, uint32_t size) {
    jit_hdr *h = (jit_hdr *)(void *)(code - JIT_HDR);
    h->data = data;
    h->data_size = size;
}

int jit_code_seal(vm *vm, uint8_t *code) {
    uint8_t *blk = code - JIT_HDR;
    const jit_hdr *h = (const jit_hdr *)(void *)blk;
    if (h->flags & JIT_IN_CHUNK) return 0;   /* already executable in its RX view */
    return vm->plat->code_protect_exec(vm->plat->ud, blk, h->size);
}

void jit_code_release(vm *vm, uint8_t *code) {
    uint8_t *blk = code - JIT_HDR;
    const jit_hdr *h = (const jit_hdr *)(void *)blk;
    if (h->magic != JIT_MAGIC) return;
    if (h->data) vm_free(vm->plat, h->data, h->data_size);
    if (!(h->flags & JIT_IN_CHUNK)) vm->plat->code_free(vm->plat->ud, blk, h->size);
    /* else: the space stays in its chunk until jit_free_code_cache */
}

uint32_t jit_code_size(const jmethod *m) {
    if (!m->jit_entry) return 0;
    const jit_hdr *h = (const jit_hdr *)(const void *)((const uint8_t *)m->jit_entry - JIT_HDR);
    return h->magic == JIT_MAGIC ? h->code_size : 0;
}

void jit_free_code_cache(vm *vm) {
    jit_stats_free(vm);
    jit_scratch_free(vm);
    if (vm->class_buckets) {
        for (uint32_t b = 0; b < vm->class_bucket_count; b++)
            for (jclass *c = vm->class_buckets[b]; c; c = c->next)
                for (uint32_t i = 0; i < c->n_methods; i++) {
                    jmethod *m = &c->methods[i];
                    if (!m->jit_entry) continue;
                    jit_code_release(vm, m->jit_entry);
                    m->jit_entry = NULL;
                }
    }
    while (vm->jit_chunks) {
        struct jit_chunk *k = vm->jit_chunks;
        vm->jit_chunks = k->next;
        vm->plat->code_unmap_dual(vm->plat->ud, k->rx, k->rw, k->size);  /* rw may be NULL */
        vm_free(vm->plat, k, sizeof *k);
    }
}
