/* jit_cache.c - executable memory for compiled methods, through the
 * platform layer with W^X: each method's code is written into a fresh RW
 * block (vm->plat->code_alloc), then switched to RX (code_protect_exec)
 * and never written again.  A block starts with a small header recording
 * its size, so jit_free_code_cache can release it from m->jit_entry alone
 * (walking the VM's classes: no global list, no state outside the VM).
 * The header can also own one RW data block of the method (its inline-cache
 * cells, jit_invoke.c), attached before sealing and freed with the code. */
#include "jit_internal.h"
#include "../core/mem.h"

#define JIT_HDR 32u
#define JIT_MAGIC 0x4a49544bu /* "JITK" */

typedef struct jit_hdr {
    uint32_t magic;
    uint32_t size;     /* whole block, header included */
    uint32_t code_size;
    uint32_t data_size;
    void *data;        /* owned RW data (vm_alloc'd), or NULL */
    uint64_t pad;
} jit_hdr;
_Static_assert(sizeof(jit_hdr) == JIT_HDR, "jit_hdr size");

uint8_t *jit_code_alloc(vm *vm, uint32_t size) {
    const vm_platform *p = vm->plat;
    if (!p->code_alloc || !p->code_protect_exec || !p->code_free) return NULL;
    if (size > UINT32_MAX - JIT_HDR) return NULL;
    uint8_t *blk = p->code_alloc(p->ud, size + JIT_HDR);
    if (!blk) return NULL;
    jit_hdr *h = (jit_hdr *)(void *)blk;
    h->magic = JIT_MAGIC;
    h->size = size + JIT_HDR;
    h->code_size = size;
    h->data_size = 0;
    h->data = NULL;
    h->pad = 0;
    return blk + JIT_HDR;
}

void jit_code_attach(uint8_t *code, void *data, uint32_t size) {
    jit_hdr *h = (jit_hdr *)(void *)(code - JIT_HDR);
    h->data = data;
    h->data_size = size;
}

int jit_code_seal(vm *vm, uint8_t *code) {
    uint8_t *blk = code - JIT_HDR;
    const jit_hdr *h = (const jit_hdr *)(void *)blk;
    return vm->plat->code_protect_exec(vm->plat->ud, blk, h->size);
}

void jit_code_release(vm *vm, uint8_t *code) {
    uint8_t *blk = code - JIT_HDR;
    const jit_hdr *h = (const jit_hdr *)(void *)blk;
    if (h->magic != JIT_MAGIC) return;
    if (h->data) vm_free(vm->plat, h->data, h->data_size);
    vm->plat->code_free(vm->plat->ud, blk, h->size);
}

uint32_t jit_code_size(const jmethod *m) {
    if (!m->jit_entry) return 0;
    const jit_hdr *h = (const jit_hdr *)(const void *)((const uint8_t *)m->jit_entry - JIT_HDR);
    return h->magic == JIT_MAGIC ? h->code_size : 0;
}

void jit_free_code_cache(vm *vm) {
    jit_stats_free(vm);
    if (!vm->class_buckets) return;
    for (uint32_t b = 0; b < vm->class_bucket_count; b++)
        for (jclass *c = vm->class_buckets[b]; c; c = c->next)
            for (uint32_t i = 0; i < c->n_methods; i++) {
                jmethod *m = &c->methods[i];
                if (!m->jit_entry) continue;
                jit_code_release(vm, m->jit_entry);
                m->jit_entry = NULL;
            }
}
