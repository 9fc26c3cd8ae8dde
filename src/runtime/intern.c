/* intern.c - the interned-string table of a VM (String.intern and
 * constant-pool string literals): an open-addressing hash set of String
 * objects keyed by their characters, hash = String.hashCode's algorithm,
 * growing by doubling.  Entries are never removed; the table's slots are
 * GC roots (reported through rt_visit_runtime_roots). */
#include "rt_internal.h"
#include "strings.h"
#include "../core/mem.h"
#include "../gc/heap.h"

struct intern_table {
    jobject **slots;
    uint32_t cap;    /* power of two */
    uint32_t count;
};

#define INTERN_INITIAL 1024u

static uint32_t chars_hash(const uint16_t *c, size_t n) {
    uint32_t h = 0;
    for (size_t i = 0; i < n; i++) h = 31u * h + c[i];
    return h;
}

vm_status rt_intern_init(vm *vm) {
    struct intern_table *t = vm_zalloc(vm->plat, sizeof *t);
    if (!t) return VM_ERR_NOMEM;
    t->slots = vm_zalloc(vm->plat, INTERN_INITIAL * sizeof(jobject *));
    if (!t->slots) {
        vm_free(vm->plat, t, sizeof *t);
        return VM_ERR_NOMEM;
    }
    t->cap = INTERN_INITIAL;
    vm->interned = t;
    return VM_OK;
}

void rt_intern_free(vm *vm) {
    struct intern_table *t = vm->interned;
    if (!t) return;
    vm_free(vm->plat, t->slots, (size_t)t->cap * sizeof(jobject *));
    vm_free(vm->plat, t, sizeof *t);
    vm->interned = NULL;
}

void rt_intern_visit(vm *vm, gc_visit_fn visit, void *ctx) {
    struct intern_table *t = vm->interned;
    if (!t) return;
    for (uint32_t i = 0; i < t->cap; i++)
        if (t->slots[i]) visit(ctx, &t->slots[i]);
}

static bool same_chars(vm *vm, jobject *s, const uint16_t *c, size_t n) {
    if ((size_t)rt_string_length(vm, s) != n) return false;
    return n == 0 || vm_memcmp(rt_string_chars(vm, s), c, n * 2) == 0;
}

/* Slot holding the string equal to c[0..n), or the empty slot where it
 * belongs. */
static uint32_t probe(vm *vm, struct intern_table *t, const uint16_t *c, size_t n) {
    uint32_t mask = t->cap - 1;
    uint32_t i = chars_hash(c, n) & mask;
    while (t->slots[i] && !same_chars(vm, t->slots[i], c, n)) i = (i + 1) & mask;
    return i;
}

static bool grow(vm *vm, struct intern_table *t) {
    uint32_t nc = t->cap * 2;
    if (nc < t->cap) return false;
    jobject **ns = vm_zalloc(vm->plat, (size_t)nc * sizeof(jobject *));
    if (!ns) return false;
    for (uint32_t i = 0; i < t->cap; i++) {
        jobject *s = t->slots[i];
        if (!s) continue;
        uint32_t k = chars_hash(rt_string_chars(vm, s), (size_t)rt_string_length(vm, s)) & (nc - 1);
        while (ns[k]) k = (k + 1) & (nc - 1);
        ns[k] = s;
    }
    vm_free(vm->plat, t->slots, (size_t)t->cap * sizeof(jobject *));
    t->slots = ns;
    t->cap = nc;
    return true;
}

/* Insert s (not present) at its slot; grows first when 3/4 full. */
static jobject *insert(vm *vm, jobject *s) {
    struct intern_table *t = vm->interned;
    if ((uint64_t)(t->count + 1) * 4 > (uint64_t)t->cap * 3 && !grow(vm, t)) {
        rt_throw_oom(vm);
        return NULL;
    }
    uint32_t i = probe(vm, t, rt_string_chars(vm, s), (size_t)rt_string_length(vm, s));
    if (t->slots[i]) return t->slots[i];
    t->slots[i] = s;
    t->count++;
    return s;
}

jobject *rt_intern(vm *vm, jobject *s) {
    struct intern_table *t = vm->interned;
    uint32_t i = probe(vm, t, rt_string_chars(vm, s), (size_t)rt_string_length(vm, s));
    if (t->slots[i]) return t->slots[i];
    return insert(vm, s);
}

jobject *rt_intern_utf8(vm *vm, const char *s, size_t n) {
    size_t units = rt_utf8_units(s, n);
    uint16_t small[128];
    uint16_t *c = small;
    size_t bytes = 0;
    if (units > 128) {
        if (!vm_size_mul(units, 2, &bytes) || !(c = vm_zalloc(vm->plat, bytes))) {
            rt_throw_oom(vm);
            return NULL;
        }
    }
    rt_utf8_decode(s, n, c);
    struct intern_table *t = vm->interned;
    uint32_t i = probe(vm, t, c, units);
    jobject *r = t->slots[i];
    if (!r) {
        heap_perm_mark pm;   /* live for good, made when the engine resolves it (heap.h) */
        heap_perm_begin(vm, &pm);
        jobject *fresh = rt_new_string_chars(vm, c, units);
        r = fresh ? insert(vm, fresh) : NULL; /* the table may have grown meanwhile */
        heap_perm_end(vm, &pm, r && r == fresh);
    }
    if (c != small) vm_free(vm->plat, c, bytes);
    return r;
}
