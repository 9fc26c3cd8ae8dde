/* cbpf_dispatch.c - a VIF's sibling filters compiled together
 * (include/vifvm_cbpf.h: vm_cbpf_dispatch_*): programs of the same shape
 * that differ only in the constant of some `jeq #k` instructions, one
 * value per program, are put in a group, run as one probe plus a hash
 * lookup plus the candidates' own filters; the rest run one by one.  The
 * header explains why the result is exactly the one-by-one result. */
#include "cbpf_internal.h"
#include "../core/diag.h"
#include "../core/mem.h"

/* Fewer members than this: one by one is as cheap as a probe and a lookup. */
#define GROUP_MIN 3u
/* A probe records at most this many values (jeq #k instructions it
 * replaces): the keys array lives on the caller's stack. */
#define GROUP_MAX_PARAMS 32u
#define NONE UINT32_MAX

/* A hash table slot: a value, its first member and that member's
 * function side by side, so a lookup that finds its candidate reads one
 * cache line of the table (with 1,000 siblings each packet's slot is
 * another: issue 14, "Many siblings") */
typedef struct cbpf_slot {
    uint32_t key;
    uint32_t first;            /* first member (program index) or NONE */
    vm_cbpf_fn fn;             /* first's function (d->fns[first]) */
} cbpf_slot;

typedef struct cbpf_group {
    vm_cbpf_prog probe;        /* code only (cbpf_compile_code) */
    uint32_t n_params;
    uint32_t mask;             /* hash table: mask + 1 slots */
    cbpf_slot *slots;
    uint32_t n_members;
} cbpf_group;

struct vm_cbpf_dispatch {
    const vm_platform *plat;
    uint32_t n;
    vm_cbpf_fn *fns;           /* n: each program's function */
    uint32_t *next;            /* n: next member with the same value (ascending), NONE */
    uint32_t *seq;             /* programs in no group, ascending */
    uint32_t n_seq;
    cbpf_group *groups;
    uint32_t n_groups;
};

static uint32_t hash32(uint32_t k) { return (k * 0x9e3779b1u) ^ (k >> 16); }

/* the shape: everything but the constants of jeq #k */
static uint32_t shape_hash(const vm_cbpf_prog *p) {
    uint32_t h = p->n * 0x01000193u;
    for (uint32_t i = 0; i < p->n; i++) {
        const vm_cbpf_insn *in = &p->insns[i];
        h = (h ^ in->code) * 0x01000193u;
        h = (h ^ ((uint32_t)in->jt << 8 | in->jf)) * 0x01000193u;
        if (in->code != CBPF_JEQ_K) h = (h ^ in->k) * 0x01000193u;
    }
    return h;
}

static bool same_shape(const vm_cbpf_prog *a, const vm_cbpf_prog *b) {
    if (a->n != b->n) return false;
    for (uint32_t i = 0; i < a->n; i++) {
        const vm_cbpf_insn *x = &a->insns[i], *y = &b->insns[i];
        if (x->code != y->code || x->jt != y->jt || x->jf != y->jf) return false;
        if (x->code != CBPF_JEQ_K && x->k != y->k) return false;
    }
    return true;
}

/* Every return the probe can reach (params taken as false) is ret #0. */
static bool probe_rejects(const vm_cbpf_prog *t, const uint8_t *params, uint8_t *seen) {
    uint32_t n = t->n;
    vm_memset(seen, 0, n);
    seen[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (!seen[i]) continue;
        const vm_cbpf_insn *in = &t->insns[i];
        switch (CBPF_CLASS(in->code)) {
        case CBPF_RET:
            if (CBPF_RVAL(in->code) != CBPF_K || in->k != 0) return false;
            continue;
        case CBPF_JMP:
            if (CBPF_OP(in->code) == CBPF_JA) { seen[i + 1 + in->k] = 1; continue; }
            seen[i + 1 + in->jf] = 1;
            if (!cbpf_bit(params, i)) seen[i + 1 + in->jt] = 1;
            continue;
        default:
            seen[i + 1] = 1;
        }
    }
    return true;
}

/* members[0, *nm) (ascending, same shape): the jeq #k where they differ
 * into params, dropping members without one value at all of them (they go
 * to *dropped); the number of params, 0 if no group can be made. */
static uint32_t find_params(const vm_cbpf_prog *const *progs, uint32_t *members, uint32_t *nm,
                            uint8_t *params, uint32_t *dropped, uint32_t *n_dropped) {
    for (int round = 0; round < 4 && *nm >= GROUP_MIN; round++) {
        const vm_cbpf_prog *rep = progs[members[0]];
        uint32_t n = rep->n, np = 0;
        vm_memset(params, 0, (n + 7) / 8);
        for (uint32_t i = 0; i < n; i++) {
            if (rep->insns[i].code != CBPF_JEQ_K) continue;
            for (uint32_t m = 1; m < *nm; m++)
                if (progs[members[m]]->insns[i].k != rep->insns[i].k) {
                    params[i >> 3] = (uint8_t)(params[i >> 3] | 1u << (i & 7));
                    np++;
                    break;
                }
        }
        if (np == 0 || np > GROUP_MAX_PARAMS) return 0;
        uint32_t kept = 0;
        bool drop = false;
        for (uint32_t m = 0; m < *nm; m++) {
            const vm_cbpf_prog *p = progs[members[m]];
            bool one = true, have = false;
            uint32_t v = 0;
            for (uint32_t i = 0; i < n && one; i++) {
                if (!cbpf_bit(params, i)) continue;
                if (!have) { v = p->insns[i].k; have = true; }
                else if (p->insns[i].k != v) one = false;
            }
            if (one) members[kept++] = members[m];
            else { dropped[(*n_dropped)++] = members[m]; drop = true; }
        }
        *nm = kept;
        if (!drop) return np;
    }
    return 0;
}

static uint32_t member_key(const vm_cbpf_prog *p, const uint8_t *params) {
    for (uint32_t i = 0; i < p->n; i++)
        if (cbpf_bit(params, i)) return p->insns[i].k;
    return 0;
}

static void free_group(const vm_platform *plat, cbpf_group *g) {
    cbpf_free_code(&g->probe);
    if (g->slots) vm_free(plat, g->slots, (size_t)(g->mask + 1) * sizeof *g->slots);
}

/* the group of members[0, nm) with params: probe and hash table */
static vm_status make_group(vm_cbpf_dispatch *d, const vm_cbpf_prog *const *progs,
                            const uint32_t *members, uint32_t nm, const uint8_t *params,
                            uint32_t np, cbpf_group *g, vm_diag *diag) {
    const vm_platform *plat = d->plat;
    vm_memset(g, 0, sizeof *g);
    const vm_cbpf_prog *rep = progs[members[0]];
    vm_status st = cbpf_compile_code(plat, rep->insns, rep->n, params, NULL, 0, &g->probe, diag);
    if (st != VM_OK) return st;
    g->n_params = np;
    g->n_members = nm;
    uint32_t cap = 4;
    while (cap < 2 * nm) cap *= 2;
    g->mask = cap - 1;
    g->slots = vm_zalloc(plat, (size_t)cap * sizeof *g->slots);
    if (!g->slots) {
        free_group(plat, g);
        return vm_diagf(diag, VM_ERR_NOMEM, "out of memory building a filter group");
    }
    for (uint32_t s = 0; s < cap; s++) g->slots[s].first = NONE;
    /* descending, each pushed on the front of its value's list: ascending lists */
    for (uint32_t m = nm; m-- > 0;) {
        uint32_t idx = members[m], key = member_key(progs[idx], params);
        uint32_t s = hash32(key) & g->mask;
        while (g->slots[s].first != NONE && g->slots[s].key != key) s = (s + 1) & g->mask;
        g->slots[s].key = key;
        d->next[idx] = g->slots[s].first;
        g->slots[s].first = idx;
        g->slots[s].fn = d->fns[idx];
    }
    return VM_OK;
}

vm_status vm_cbpf_dispatch_build(const vm_platform *plat, const vm_cbpf_prog *const *progs,
                                 uint32_t n, vm_cbpf_dispatch **out, vm_diag *diag) {
    *out = NULL;
    vm_cbpf_dispatch *d = vm_zalloc(plat, sizeof *d);
    uint32_t maxlen = 1;
    for (uint32_t i = 0; i < n; i++)
        if (progs[i]->n > maxlen) maxlen = progs[i]->n;
    size_t nn = n ? n : 1;
    /* work space: shape hashes, class of each program, member lists, params, seen */
    uint32_t *hash = vm_zalloc(plat, nn * 4), *cls = vm_zalloc(plat, nn * 4);
    uint32_t *members = vm_zalloc(plat, nn * 4), *dropped = vm_zalloc(plat, nn * 4);
    uint8_t *params = vm_zalloc(plat, (maxlen + 7) / 8), *seen = vm_zalloc(plat, maxlen);
    vm_status st = VM_OK;
    if (!d || !hash || !cls || !members || !dropped || !params || !seen) goto nomem;
    d->plat = plat;
    d->n = n;
    d->fns = vm_zalloc(plat, nn * sizeof *d->fns);
    d->next = vm_zalloc(plat, nn * 4);
    d->seq = vm_zalloc(plat, nn * 4);
    d->groups = vm_zalloc(plat, nn * sizeof *d->groups);
    if (!d->fns || !d->next || !d->seq || !d->groups) goto nomem;
    for (uint32_t i = 0; i < n; i++) {
        d->fns[i] = vm_cbpf_function(progs[i]);
        d->next[i] = NONE;
        hash[i] = shape_hash(progs[i]);
        cls[i] = NONE;
    }
    /* classes of the same shape: cls[i] = the first program of i's class */
    for (uint32_t i = 0; i < n; i++) {
        if (cls[i] != NONE) continue;
        cls[i] = i;
        for (uint32_t j = i + 1; j < n; j++)
            if (cls[j] == NONE && hash[j] == hash[i] && same_shape(progs[i], progs[j])) cls[j] = i;
    }
    uint8_t *in_group = seen;   /* (reused below per class; marks via d->next) */
    (void)in_group;
    for (uint32_t i = 0; i < n; i++) {
        if (cls[i] != i) continue;
        uint32_t nm = 0, nd = 0;
        for (uint32_t j = i; j < n; j++)
            if (cls[j] == i) members[nm++] = j;
        if (nm < GROUP_MIN) continue;
        uint32_t np = find_params(progs, members, &nm, params, dropped, &nd);
        if (np == 0 || nm < GROUP_MIN || !probe_rejects(progs[members[0]], params, seen)) continue;
        st = make_group(d, progs, members, nm, params, np, &d->groups[d->n_groups], diag);
        if (st != VM_OK) goto fail;
        d->n_groups++;
        for (uint32_t m = 0; m < nm; m++) cls[members[m]] = NONE - 1;   /* grouped */
    }
    for (uint32_t i = 0; i < n; i++)
        if (cls[i] != NONE - 1) d->seq[d->n_seq++] = i;
    goto done;
nomem:
    st = vm_diagf(diag, VM_ERR_NOMEM, "out of memory building the dispatch of %u filters", n);
fail:
    vm_cbpf_dispatch_free(d);
    d = NULL;
done:
    if (hash) vm_free(plat, hash, nn * 4);
    if (cls) vm_free(plat, cls, nn * 4);
    if (members) vm_free(plat, members, nn * 4);
    if (dropped) vm_free(plat, dropped, nn * 4);
    if (params) vm_free(plat, params, (maxlen + 7) / 8);
    if (seen) vm_free(plat, seen, maxlen);
    *out = d;
    return st;
}

int32_t vm_cbpf_dispatch_run(const vm_cbpf_dispatch *d, const uint8_t *pkt, uint32_t wirelen,
                             uint32_t caplen) {
    uint32_t best = d->n;
    for (uint32_t gi = 0; gi < d->n_groups; gi++) {
        const cbpf_group *g = &d->groups[gi];
        uint32_t keys[GROUP_MAX_PARAMS];
        cbpf_probe_fn probe;
        void *code = g->probe.code;
        __builtin_memcpy(&probe, &code, sizeof probe);
        uint32_t c = probe(pkt, wirelen, caplen, keys);
        for (uint32_t j = 0; j < c; j++) {
            uint32_t key = keys[j], s = hash32(key) & g->mask;
            while (g->slots[s].first != NONE && g->slots[s].key != key) s = (s + 1) & g->mask;
            uint32_t m = g->slots[s].first;
            if (m >= best) continue;
            if (g->slots[s].fn(pkt, wirelen, caplen)) { best = m; continue; }
            for (m = d->next[m]; m < best; m = d->next[m])
                if (d->fns[m](pkt, wirelen, caplen)) { best = m; break; }
        }
    }
    for (uint32_t i = 0; i < d->n_seq; i++) {
        uint32_t s = d->seq[i];
        if (s >= best) break;
        if (d->fns[s](pkt, wirelen, caplen)) return (int32_t)s;
    }
    return best < d->n ? (int32_t)best : -1;
}

void vm_cbpf_dispatch_info(const vm_cbpf_dispatch *d, uint32_t *groups, uint32_t *grouped,
                           uint32_t *sequential) {
    uint32_t m = 0;
    for (uint32_t i = 0; i < d->n_groups; i++) m += d->groups[i].n_members;
    if (groups) *groups = d->n_groups;
    if (grouped) *grouped = m;
    if (sequential) *sequential = d->n_seq;
}

void vm_cbpf_dispatch_free(vm_cbpf_dispatch *d) {
    if (!d) return;
    const vm_platform *plat = d->plat;
    size_t nn = d->n ? d->n : 1;
    for (uint32_t i = 0; i < d->n_groups; i++) free_group(plat, &d->groups[i]);
    if (d->fns) vm_free(plat, d->fns, nn * sizeof *d->fns);
    if (d->next) vm_free(plat, d->next, nn * 4);
    if (d->seq) vm_free(plat, d->seq, nn * 4);
    if (d->groups) vm_free(plat, d->groups, nn * sizeof *d->groups);
    vm_free(plat, d, sizeof *d);
}
