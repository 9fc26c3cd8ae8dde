/* jit_stats.c - JIT observability in the core: one record per method the
 * JIT was asked to compile (compile time, sizes, optimizations fired,
 * refusal reason) kept in the VM for --stats (vm_foreach_jit_method), the
 * optimization names of jit_stats.h, and the platform's code_emitted
 * notification (perf maps, disassembly: done by the host, not here).
 */
#include "jit_internal.h"
#include "jit_stats.h"
#include "../core/mem.h"
#include "../core/fmt.h"

#define JIT_REFUSAL_MAX 112

struct jit_record {
    const jmethod *m;
    uint64_t compile_ns;
    uint64_t resolve_ns;
    uint32_t native_bytes;
    uint32_t opts;
    bool compiled;
    char refusal[JIT_REFUSAL_MAX];
    uint8_t tier2;               /* jit_method_info.tier2 */
    uint64_t tier2_ns;
    char tier2_note[JIT_REFUSAL_MAX];
};

static const char *const opt_names[JIT_OPT_COUNT] = {
#define JIT_OPT_NAME(n, s) s,
    JIT_OPT_LIST(JIT_OPT_NAME)
#undef JIT_OPT_NAME
};

const char *jit_opt_name(unsigned opt) {
    return opt < JIT_OPT_COUNT ? opt_names[opt] : NULL;
}

int jit_opt_lookup(const char *name, size_t len) {
    for (unsigned i = 0; i < JIT_OPT_COUNT; i++)
        if (vm_strlen(opt_names[i]) == len && vm_memcmp(opt_names[i], name, len) == 0)
            return (int)i;
    return -1;
}

uint32_t vm_jit_opts_enabled(const vm *vm) { return vm->jit_opts_enabled & JIT_OPTS_ALL; }

void jit_record_method(vm *vm, const jmethod *m, bool compiled, uint64_t ns, uint64_t resolve_ns,
                       uint32_t opts, const char *refusal) {
    if (vm->jit_record_count == vm->jit_record_cap) {
        uint32_t cap = vm->jit_record_cap ? vm->jit_record_cap * 2 : 64;
        if (cap < vm->jit_record_cap || cap > UINT32_MAX / sizeof(struct jit_record)) return;
        struct jit_record *r = vm_realloc(vm->plat, vm->jit_records,
                                          (size_t)vm->jit_record_cap * sizeof *r,
                                          (size_t)cap * sizeof *r);
        if (!r) return; /* statistics only: drop the record */
        vm->jit_records = r;
        vm->jit_record_cap = cap;
    }
    struct jit_record *r = &vm->jit_records[vm->jit_record_count++];
    vm_memset(r, 0, sizeof *r);
    r->m = m;
    r->compile_ns = ns;
    r->resolve_ns = resolve_ns;
    r->compiled = compiled;
    r->opts = opts;
    r->native_bytes = compiled ? jit_code_size(m) : 0;
    if (!compiled) vm_snprintf(r->refusal, sizeof r->refusal, "%s", refusal ? refusal : "");
}

void jit_record_tier2(vm *vm, const jmethod *m, uint8_t state, uint64_t ns, const char *note) {
    /* the latest record of m: not always the last one (a tier-2 compile
     * resolving an entry that fails to load runs the error's constructor,
     * whose methods the baseline compiles meanwhile) */
    uint32_t i = vm->jit_record_count;
    while (i > 0 && vm->jit_records[i - 1].m != m) i--;
    if (!i) return;
    struct jit_record *r = &vm->jit_records[i - 1];
    r->tier2 = state;
    r->tier2_ns = ns;
    vm_snprintf(r->tier2_note, sizeof r->tier2_note, "%s", note ? note : "");
}

void jit_stats_free(vm *vm) {
    vm_free(vm->plat, vm->jit_records, (size_t)vm->jit_record_cap * sizeof *vm->jit_records);
    vm->jit_records = NULL;
    vm->jit_record_count = vm->jit_record_cap = 0;
}

void vm_foreach_jit_method(const vm *vm, jit_method_fn fn, void *ctx) {
    for (uint32_t i = 0; i < vm->jit_record_count; i++) {
        const struct jit_record *r = &vm->jit_records[i];
        const jmethod *m = r->m;
        jit_method_info info = {
            .class_name = m->owner ? m->owner->name : "?",
            .name = m->name,
            .desc = m->desc,
            .is_boot = m->owner && m->owner->is_boot,
            .compiled = r->compiled,
            .bytecode_bytes = m->code ? m->code->code_len : 0,
            .native_bytes = r->native_bytes,
            .compile_ns = r->compile_ns,
            .resolve_ns = r->resolve_ns,
            .opts = r->opts,
            .refusal = r->refusal,
            .tier2 = r->tier2,
            .tier2_ns = r->tier2_ns,
            .tier2_note = r->tier2_note,
        };
        fn(ctx, &info);
    }
}

void jit_notify_emitted(vm *vm, const jmethod *m) {
    const vm_platform *p = vm->plat;
    if (!p->code_emitted || !m->jit_entry) return;
    char name[512];
    vm_snprintf(name, sizeof name, "%s.%s%s", m->owner ? m->owner->name : "?", m->name, m->desc);
    p->code_emitted(p->ud, name, m->jit_entry, jit_code_size(m));
}

bool jit_parse_opts(const char *list, uint32_t *disabled, const char **bad, size_t *bad_len) {
    const char *s = list;
    for (;;) {
        const char *e = s;
        while (*e && *e != ',') e++;
        size_t len = (size_t)(e - s);
        bool off = false;
        const char *nm = s;
        size_t nlen = len;
        if (nlen && (*nm == '+' || *nm == '-')) {
            off = *nm == '-';
            nm++;
            nlen--;
        }
        uint32_t bits;
        int k = jit_opt_lookup(nm, nlen);
        if (k >= 0) bits = 1u << k;
        else if (nlen == 3 && !vm_memcmp(nm, "all", 3)) bits = JIT_OPTS_ALL;
        else if (nlen == 6 && !vm_memcmp(nm, "inline", 6)) bits = 1u << JIT_OPT_INLINING;
        else {
            *bad = s;
            *bad_len = len;
            return false;
        }
        if (off) *disabled |= bits;
        else *disabled &= ~bits;
        if (!*e) return true;
        s = e + 1;
    }
}
