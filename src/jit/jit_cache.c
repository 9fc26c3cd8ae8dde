/* jit_cache.c - executable memory for compiled methods, through the
 * platform layer with W^X.
 *
 * Preferred (the platform has code_map_dual and code_revoke_write): one
 * large region (JIT_REGION, 16 MiB) reserved at VM set-up (jit_code_reserve,
 * outside the timed compiles), mapped twice, RX and RW, and sparse: only
 * its first window (JIT_FIRST_WINDOW) is made resident then
 * (code_populate).  A method's block is bump-allocated in it, written
 * through the RW view and run from the RX one: no system call and no
 * protection change per method.  After each compile (jit_code_after_compile,
 * called by jit_policy.c once the compile's time is recorded) the cache
 * works ahead, timed apart (--stats, vm_jit_code_cache_info):
 *   - the RW view of every whole window (JIT_WINDOW, 64 KiB) below the
 *     free end is revoked (code_revoke_write): finished code can no longer
 *     be written through any address (only the window being filled can);
 *   - if less than JIT_LOW_WATER of resident space is left, the next
 *     window is populated, so the next compiles take no page fault;
 *   - if the region itself is nearly full, the next region is mapped.
 * So a compile never pays for mapping memory, unless one method outgrows
 * the resident space (its pages then fault in on first write: correct,
 * slower) or the region (a new one is then mapped during the compile).
 * (A cache of chunks populated when a compile needed one made that compile
 * pay for mapping them: bench/README.md, "A compile that maps a new
 * code-cache chunk".)  Without code_revoke_write the cache is still a list
 * of chunks: chunks of 64 KiB
 * to 1 MiB, each populated whole when mapped, whose RW view is unmapped
 * when the next one is mapped.
 * A block is never reused, so no stale code is ever run (no instruction-
 * cache or valgrind translation invalidation needed).
 * Otherwise (no code_map_dual): a fresh RW block per method
 * (vm->plat->code_alloc), switched to RX (code_protect_exec) when written,
 * freed alone.
 *
 * A block starts with a small header recording its size, so
 * jit_free_code_cache can release it from m->jit_entry alone (walking the
 * VM's classes).  The header can also own one RW data block of the method
 * (its inline-cache cells, jit_invoke.c), attached before sealing and
 * freed with the code. */
#include "jit_internal.h"
#include "x86_emit.h"
#include "jit_stats.h"
#include "../core/mem.h"

#define JIT_HDR 32u
#define JIT_ALIGN 64u   /* code starts on a 64-byte line: loop heads aligned to 64 from it
                           are aligned in memory (jit_compile.c), so a loop's timing does
                           not depend on the sizes of the methods compiled before */
#define JIT_MAGIC 0x4a49544bu /* "JITK" */
#define JIT_CHUNK_MIN (64u * 1024u)
#define JIT_CHUNK_MAX (1024u * 1024u)
#define JIT_REGION (16u * 1024u * 1024u)  /* sparse: address space only */
#define JIT_WINDOW (64u * 1024u)          /* populate / revoke granule */
#define JIT_FIRST_WINDOW (64u * 1024u)    /* resident from the start */
#define JIT_LOW_WATER (32u * 1024u)       /* resident free space kept */
#define JIT_IN_CHUNK 1u  /* jit_hdr.flags: part of a dual-mapped chunk */
#define JIT_CHAINED 2u   /* jit_hdr.flags: data starts with another code
                            block's address, released with this one */

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

/* a dual-mapped region (or chunk) */
struct jit_chunk {
    struct jit_chunk *next;
    uint8_t *rx, *rw;  /* rw: NULL once the whole RW view is unmapped */
    uint32_t size, used;
    uint32_t ready;    /* [0, ready) was populated (resident) */
    uint32_t locked;   /* [0, locked) of the RW view was revoked */
    /* for --stats (vm_jit_code_cache_info) */
    bool mapped_in_compile;   /* mapped by jit_code_alloc, inside a compile */
    uint32_t pop_steps, revoke_steps;
    uint64_t pop_bytes, map_ns, ahead_ns;
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

static uint64_t now_ns(const vm_platform *p) {
    return p->nanotime ? (uint64_t)p->nanotime(p->ud) : 0;
}

static bool has_dual(const vm_platform *p) { return p->code_map_dual && p->code_unmap_dual; }

/* make [from, from + len) resident (nothing without code_populate) */
static void populate(const vm_platform *p, struct jit_chunk *k, uint32_t from, uint32_t len) {
    if (len > k->size - from) len = k->size - from;
    if (!len) return;
    if (p->code_populate) {
        (void)p->code_populate(p->ud, k->rx + from, k->rw + from, len);  /* failure: faults */
        k->pop_steps++;
        k->pop_bytes += len;
    }
    k->ready = from + len;
}

/* map a new region (or chunk) for `need` bytes at least and make it the
 * newest; the previous one loses its whole RW view */
static struct jit_chunk *chunk_new(vm *vm, uint32_t need, bool in_compile) {
    const vm_platform *p = vm->plat;
    struct jit_chunk *k = vm->jit_chunks;
    uint64_t t0 = now_ns(p);
    if (need > UINT32_MAX - JIT_REGION) return NULL;
    need += JIT_ALIGN - JIT_HDR;   /* the first block's header ends on a line */
    uint32_t fit = (need + JIT_CHUNK_MIN - 1) & ~(JIT_CHUNK_MIN - 1);
    uint32_t size;
    if (p->code_revoke_write) {
        size = JIT_REGION;
    } else {
        size = k ? k->size * 2 : JIT_CHUNK_MIN;
        if (size > JIT_CHUNK_MAX) size = JIT_CHUNK_MAX;
    }
    if (size < fit) size = fit;
    struct jit_chunk *n = vm_zalloc(p, sizeof *n);
    if (!n) return NULL;
    void *rw = NULL;
    n->rx = p->code_map_dual(p->ud, size, &rw);
    if (!n->rx && size > fit) {   /* no room for a large reservation (address-space
                                      limit): as small as will do */
        size = fit < JIT_CHUNK_MIN ? JIT_CHUNK_MIN : fit;
        n->rx = p->code_map_dual(p->ud, size, &rw);
    }
    if (!n->rx) {
        vm_free(p, n, sizeof *n);
        return NULL;
    }
    n->rw = rw;
    n->size = size;
    n->used = JIT_ALIGN - JIT_HDR;   /* blocks at 32 mod 64, their code at 0 mod 64 */
    n->next = k;
    vm->jit_chunks = n;
    if (k && k->rw) {      /* the full chunk loses its writable view: only
                              the chunk being filled can be written */
        p->code_unmap_dual(p->ud, NULL, k->rw, k->size);
        k->rw = NULL;
    }
    /* a region's first window, or a whole chunk (without code_revoke_write:
     * what was mapped with MAP_POPULATE before) */
    populate(p, n, 0, p->code_revoke_write ? JIT_FIRST_WINDOW : size);
    n->mapped_in_compile = in_compile;
    n->map_ns = now_ns(p) - t0;
    return n;
}

void jit_code_reserve(vm *vm) {
    if (!vm->jit_chunks && has_dual(vm->plat)) (void)chunk_new(vm, JIT_HDR, false);
}

void jit_code_after_compile(vm *vm) {
    const vm_platform *p = vm->plat;
    struct jit_chunk *k = vm->jit_chunks;
    if (!has_dual(p) || !k || !k->rw || !p->code_revoke_write) return;
    uint64_t t0 = 0;
    bool timed = false;
    uint32_t lock_to = k->used & ~(JIT_WINDOW - 1);
    if (lock_to > k->locked) {   /* finished windows: no longer writable */
        t0 = now_ns(p);
        timed = true;
        if (p->code_revoke_write(p->ud, k->rw + k->locked, lock_to - k->locked) == 0) {
            k->locked = lock_to;
            k->revoke_steps++;
        }
    }
    uint32_t free_ready = k->ready > k->used ? k->ready - k->used : 0;
    if (free_ready < JIT_LOW_WATER && k->ready < k->size) {
        if (!timed) t0 = now_ns(p);
        timed = true;
        uint32_t from = k->ready > k->used ? k->ready : k->used & ~(JIT_WINDOW - 1);
        populate(p, k, from, JIT_WINDOW);
    }
    if (timed) k->ahead_ns += now_ns(p) - t0;
    if (k->size - k->used < JIT_LOW_WATER)   /* the region is nearly full: the
                                               next one now, not in a compile */
        (void)chunk_new(vm, JIT_HDR, false);
}

void vm_jit_code_cache_info(const vm *vm, jit_code_cache_info *out) {
    vm_memset(out, 0, sizeof *out);
    for (const struct jit_chunk *k = vm->jit_chunks; k; k = k->next) {
        out->regions++;
        out->reserved_bytes += k->size;
        out->used_bytes += k->used;
        out->populated_bytes += k->pop_bytes;
        out->populate_steps += k->pop_steps;
        out->revoked_bytes += k->rw ? k->locked : k->size;
        out->revoke_steps += k->revoke_steps + (k->rw ? 0u : 1u);
        out->ahead_ns += k->ahead_ns;
        if (k->mapped_in_compile) {
            out->regions_in_compiles++;
            out->in_compile_ns += k->map_ns;
        } else {
            out->ahead_ns += k->map_ns;
        }
    }
}

uint8_t *jit_code_tail(vm *vm, uint32_t *cap) {
    const vm_platform *p = vm->plat;
    struct jit_chunk *k = vm->jit_chunks;
    *cap = 0;
    if (!has_dual(p) || !k || !k->rw || k->size - k->used <= JIT_HDR)
        return NULL;
    *cap = k->size - k->used - JIT_HDR;   /* (used is 32 mod 64, size a multiple of 64) */
    return k->rw + k->used + JIT_HDR;
}

uint8_t *jit_code_alloc(vm *vm, uint32_t size, uint8_t **exec) {
    const vm_platform *p = vm->plat;
    if (size > UINT32_MAX / 2) return NULL;
    uint32_t need = (size + JIT_HDR + JIT_ALIGN - 1u) & ~(JIT_ALIGN - 1u);
    if (has_dual(p)) {
        struct jit_chunk *k = vm->jit_chunks;
        if (!k || !k->rw || k->size - k->used < need) k = chunk_new(vm, need, true);
        if (k) {
            uint8_t *w = k->rw + k->used;
            *exec = k->rx + k->used + JIT_HDR;
            k->used += need;
            hdr_init((jit_hdr *)(void *)w, size, JIT_IN_CHUNK);
            return w + JIT_HDR;
        }
    }
    if (!p->code_alloc || !p->code_protect_exec || !p->code_free) return NULL;
    /* a block of its own (page-aligned): the header ends on a line too */
    uint8_t *blk = p->code_alloc(p->ud, size + JIT_ALIGN);
    if (!blk) return NULL;
    jit_hdr *h = (jit_hdr *)(void *)(blk + JIT_ALIGN - JIT_HDR);
    hdr_init(h, size, 0);
    h->size = size + JIT_ALIGN;   /* what code_free releases, from blk */
    *exec = blk + JIT_ALIGN;
    return blk + JIT_ALIGN;
}

/* the start of a block of its own (not in a chunk), from its code */
static uint8_t *own_block(uint8_t *code) { return code - JIT_ALIGN; }

void jit_code_shrink(vm *vm, uint8_t *code, uint32_t size) {
    jit_hdr *h = (jit_hdr *)(void *)(code - JIT_HDR);
    if (size >= h->code_size) return;
    struct jit_chunk *k = vm->jit_chunks;
    if ((h->flags & JIT_IN_CHUNK) && k) {
        uint32_t old_need = (h->code_size + JIT_HDR + JIT_ALIGN - 1u) & ~(JIT_ALIGN - 1u);
        uint32_t new_need = (size + JIT_HDR + JIT_ALIGN - 1u) & ~(JIT_ALIGN - 1u);
        if ((uint8_t *)h + old_need == k->rw + k->used) k->used -= old_need - new_need;
    }
    h->code_size = size;   /* h->size stays: what code_free must release */
}

void jit_code_attach(uint8_t *code, void *data, uint32_t size) {
    jit_hdr *h = (jit_hdr *)(void *)(code - JIT_HDR);
    h->data = data;
    h->data_size = size;
}

void jit_code_attach_chained(uint8_t *code, void *data, uint32_t size) {
    jit_code_attach(code, data, size);
    ((jit_hdr *)(void *)(code - JIT_HDR))->flags |= JIT_CHAINED;
}

void **jit_code_chain_link(void *code) {
    jit_hdr *h = (jit_hdr *)(void *)((uint8_t *)code - JIT_HDR);
    return h->magic == JIT_MAGIC && (h->flags & JIT_CHAINED) && h->data ? (void **)h->data : NULL;
}

int jit_code_seal(vm *vm, uint8_t *code) {
    const jit_hdr *h = (const jit_hdr *)(void *)(code - JIT_HDR);
    /* every block's code starts with an entry C calls through a pointer
     * (a method's C entry, a fused stage's): endbr64 first (kernel IBT) */
    if (!x86_is_endbr64(code)) return -1;
    if (h->flags & JIT_IN_CHUNK) return 0;   /* already executable in its RX view */
    return vm->plat->code_protect_exec(vm->plat->ud, own_block(code), h->size);
}

void jit_code_release(vm *vm, uint8_t *code) {
    const jit_hdr *h = (const jit_hdr *)(void *)(code - JIT_HDR);
    if (h->magic != JIT_MAGIC) return;
    void *prev = (h->flags & JIT_CHAINED) && h->data ? *(void **)h->data : NULL;
    if (h->data) vm_free(vm->plat, h->data, h->data_size);
    if (prev) jit_code_release(vm, prev);
    if (!(h->flags & JIT_IN_CHUNK)) vm->plat->code_free(vm->plat->ud, own_block(code), h->size);
    /* else: the space stays in its chunk until jit_free_code_cache */
}

uint32_t jit_code_size(const jmethod *m) {
    return m->jit_entry ? jit_code_block_size(m->jit_entry) : 0;
}

uint32_t jit_code_block_size(const void *code) {
    const jit_hdr *h = (const jit_hdr *)(const void *)((const uint8_t *)code - JIT_HDR);
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
        vm->plat->code_unmap_dual(vm->plat->ud, k->rx, k->rw, k->size);  /* rw may be NULL;
                                         revoked parts of it are unmapped too */
        vm_free(vm->plat, k, sizeof *k);
    }
}
