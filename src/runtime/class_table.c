/* class_table.c - the per-VM table of loaded classes (instance and array
 * classes; primitive classes live in vm->wk.prim only), a chained hash
 * table keyed by the internal name, growing by doubling. */
#include "rt_internal.h"
#include "../core/mem.h"

#define TABLE_INITIAL 256u

static uint32_t name_hash(const char *s, size_t n) {
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h ^= (uint8_t)s[i];
        h *= 16777619u;
    }
    return h;
}

vm_status rt_table_init(vm *vm) {
    vm->class_buckets = vm_zalloc(vm->plat, TABLE_INITIAL * sizeof(jclass *));
    if (!vm->class_buckets) return VM_ERR_NOMEM;
    vm->class_bucket_count = TABLE_INITIAL;
    vm->class_count = 0;
    return VM_OK;
}

static bool name_eq(const char *a, const char *b, size_t blen) {
    return vm_strncmp(a, b, blen) == 0 && a[blen] == '\0';
}

jclass *rt_table_lookup(vm *vm, const char *name, size_t len) {
    if (!vm->class_buckets) return NULL;
    uint32_t h = name_hash(name, len) & (vm->class_bucket_count - 1);
    for (jclass *c = vm->class_buckets[h]; c; c = c->next)
        if (name_eq(c->name, name, len)) return c;
    return NULL;
}

static vm_status grow(vm *vm) {
    uint32_t nb = vm->class_bucket_count * 2;
    if (nb < vm->class_bucket_count) return VM_OK; /* cannot grow: chains get longer */
    jclass **b = vm_zalloc(vm->plat, (size_t)nb * sizeof(jclass *));
    if (!b) return VM_OK; /* still correct, only slower */
    for (uint32_t i = 0; i < vm->class_bucket_count; i++) {
        jclass *c = vm->class_buckets[i];
        while (c) {
            jclass *next = c->next;
            uint32_t h = name_hash(c->name, vm_strlen(c->name)) & (nb - 1);
            c->next = b[h];
            b[h] = c;
            c = next;
        }
    }
    vm_free(vm->plat, vm->class_buckets,
            (size_t)vm->class_bucket_count * sizeof(jclass *));
    vm->class_buckets = b;
    vm->class_bucket_count = nb;
    return VM_OK;
}

vm_status rt_table_insert(vm *vm, jclass *c) {
    if (vm->class_count >= vm->class_bucket_count) grow(vm);
    uint32_t h = name_hash(c->name, vm_strlen(c->name)) & (vm->class_bucket_count - 1);
    c->next = vm->class_buckets[h];
    vm->class_buckets[h] = c;
    vm->class_count++;
    vm->stats.classes_loaded++;
    rt_note_fp_code(vm, c);   /* before any of its code can run */
    return VM_OK;
}

void rt_table_each(struct vm *vm, void (*fn)(struct vm *, jclass *, void *), void *ctx) {
    if (!vm->class_buckets) return;
    for (uint32_t i = 0; i < vm->class_bucket_count; i++)
        for (jclass *c = vm->class_buckets[i]; c; c = c->next) fn(vm, c, ctx);
}

static void free_itable_cb(vm *vm, jclass *c, void *ctx) {
    (void)ctx;
    rt_free_itable(vm, c);
}

void rt_table_free(vm *vm) {
    if (!vm->class_buckets) return;
    /* Pass 1: itables (their sizes depend on the interfaces, which must
     * still be alive).  Pass 2: the classes themselves. */
    rt_table_each(vm, free_itable_cb, NULL);
    for (uint32_t i = 0; i < vm->class_bucket_count; i++) {
        jclass *c = vm->class_buckets[i];
        while (c) {
            jclass *next = c->next;
            rt_free_class(vm, c);
            c = next;
        }
    }
    vm_free(vm->plat, vm->class_buckets,
            (size_t)vm->class_bucket_count * sizeof(jclass *));
    vm->class_buckets = NULL;
    vm->class_bucket_count = 0;
    vm->class_count = 0;
}
