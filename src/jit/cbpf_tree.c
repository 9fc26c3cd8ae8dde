/* cbpf_tree.c - a VIF tree's filters as one classic BPF program, compiled
 * to one native function (include/vifvm_cbpf.h: vm_cbpf_tree_compile).
 *
 * Layout, parents before children (nodes are numbered so), one block per
 * node with children ("level"):
 *   for each child c, in order:
 *     start_c:  ld #0; ldx #0                      (as if run alone)
 *               c's instructions, one for one, so its own jumps keep
 *               their offsets; only its returns change:
 *                 ret #0  -> ja next       ret #k -> ja accept_c
 *                 ret a   -> ja reta_c
 *               (a failed load or division by 0 goes to next: the
 *               compiler's per-instruction fail target)
 *     reta_c:   jeq #0, jt next (via the ja below), jf accept_c
 *               ja next
 *     accept_c: ja level(c)  |  ret #(1 + c)
 *   none:       ret #(1 + node)
 * A node with more than VM_CBPF_TREE_FANOUT children gets the block
 * `ret #(1 + node) | VM_CBPF_TREE_DISPATCH` instead. */
#include "cbpf_internal.h"
#include "../core/diag.h"
#include "../core/mem.h"

typedef struct tree {
    const vm_cbpf_prog *const *f;
    const uint32_t *parent;
    uint32_t n;
    uint32_t *nkids, *level_at;   /* per node: children, start of its block */
    vm_cbpf_insn *out;
    uint32_t *fail;
    uint32_t len;
} tree;

static bool inline_level(const tree *t, uint32_t v) {
    return t->nkids[v] > 0 && t->nkids[v] <= VM_CBPF_TREE_FANOUT;
}

static uint64_t level_size(const tree *t, uint32_t v) {
    if (!inline_level(t, v)) return 1;
    uint64_t s = 1;
    for (uint32_t c = v + 1; c < t->n; c++)
        if (t->parent[c] == v) s += (uint64_t)t->f[c]->n + 5;
    return s;
}

static void put(tree *t, uint16_t code, uint8_t jt, uint8_t jf, uint32_t k, uint32_t fail) {
    t->out[t->len] = (vm_cbpf_insn){ code, jt, jf, k };
    t->fail[t->len] = fail;
    t->len++;
}

static void emit_level(tree *t, uint32_t v) {
    if (!inline_level(t, v)) {
        put(t, CBPF_RET | CBPF_K, 0, 0, (1 + v) | (t->nkids[v] ? VM_CBPF_TREE_DISPATCH : 0),
            CBPF_FAIL_RET0);
        return;
    }
    uint32_t base = t->len;
    uint64_t size = level_size(t, v);
    uint32_t none = base + (uint32_t)size - 1;
    for (uint32_t c = v + 1; c < t->n; c++) {
        if (t->parent[c] != v) continue;
        const vm_cbpf_prog *p = t->f[c];
        uint32_t reta = t->len + 2 + p->n, accept = reta + 2;
        uint32_t next = accept + 1;            /* the next child's start, or none */
        bool last = true;
        for (uint32_t d = c + 1; d < t->n; d++)
            if (t->parent[d] == v) { last = false; break; }
        if (last) next = none;
        put(t, CBPF_LD | CBPF_IMM, 0, 0, 0, CBPF_FAIL_RET0);
        put(t, CBPF_LDX | CBPF_IMM, 0, 0, 0, CBPF_FAIL_RET0);
        for (uint32_t i = 0; i < p->n; i++) {
            vm_cbpf_insn in = p->insns[i];
            uint32_t at = t->len;
            if (CBPF_CLASS(in.code) == CBPF_RET) {
                uint32_t to = CBPF_RVAL(in.code) == CBPF_A ? reta : in.k ? accept : next;
                put(t, CBPF_JMP | CBPF_JA, 0, 0, to - at - 1, CBPF_FAIL_RET0);
            } else {
                put(t, in.code, in.jt, in.jf, in.k, next);
            }
        }
        /* reta: A == 0 -> next, else accept */
        put(t, CBPF_JMP | CBPF_JEQ | CBPF_K, 0, 1, 0, CBPF_FAIL_RET0);
        put(t, CBPF_JMP | CBPF_JA, 0, 0, next - t->len - 1, CBPF_FAIL_RET0);
        if (inline_level(t, c) || t->nkids[c] == 0) {
            if (t->nkids[c]) put(t, CBPF_JMP | CBPF_JA, 0, 0, t->level_at[c] - t->len - 1,
                                 CBPF_FAIL_RET0);
            else put(t, CBPF_RET | CBPF_K, 0, 0, 1 + c, CBPF_FAIL_RET0);
        } else {
            put(t, CBPF_RET | CBPF_K, 0, 0, (1 + c) | VM_CBPF_TREE_DISPATCH, CBPF_FAIL_RET0);
        }
    }
    put(t, CBPF_RET | CBPF_K, 0, 0, 1 + v, CBPF_FAIL_RET0);
}

vm_status vm_cbpf_tree_compile(const vm_platform *plat, const vm_cbpf_prog *const *filters,
                               const uint32_t *parent, uint32_t n, uint32_t off,
                               vm_cbpf_prog **out, vm_diag *diag) {
    *out = NULL;
    if (n == 0) return vm_diagf(diag, VM_ERR_ARG, "an empty tree");
    for (uint32_t i = 1; i < n; i++)
        if (parent[i] >= i || !filters[i])
            return vm_diagf(diag, VM_ERR_ARG, "node %u: parent %u, filter %s", i, parent[i],
                            filters[i] ? "set" : "missing");
    tree t = { .f = filters, .parent = parent, .n = n };
    size_t nb = (size_t)n * 4;
    uint64_t total = 0;
    t.nkids = vm_zalloc(plat, nb);
    t.level_at = vm_zalloc(plat, nb);
    vm_status st = VM_OK;
    vm_cbpf_prog *p = NULL;
    if (!t.nkids || !t.level_at) goto nomem;
    for (uint32_t i = 1; i < n; i++) t.nkids[parent[i]]++;
    /* where each level starts: nodes with children in index order, which
     * puts every parent's block before its children's (parent < child) */
    for (uint32_t v = 0; v < n; v++) {
        if (!t.nkids[v] && v != 0) continue;
        t.level_at[v] = (uint32_t)total;
        total += level_size(&t, v);
        if (total > VM_CBPF_MAX_INSNS) {
            st = vm_diagf(diag, VM_ERR_LIMIT, "the tree's filters take more than %u instructions",
                          VM_CBPF_MAX_INSNS);
            goto done;
        }
    }
    t.out = vm_zalloc(plat, (size_t)total * sizeof *t.out);
    t.fail = vm_zalloc(plat, (size_t)total * 4);
    if (!t.out || !t.fail) goto nomem;
    for (uint32_t v = 0; v < n; v++)
        if (t.nkids[v] || v == 0) emit_level(&t, v);
    if (t.len != total) {
        st = vm_diagf(diag, VM_ERR_INTERNAL, "tree program: %u instructions, %u planned", t.len,
                      (uint32_t)total);
        goto done;
    }
    st = vm_cbpf_check(plat, t.out, t.len, diag);
    if (st != VM_OK) goto done;
    p = vm_zalloc(plat, sizeof *p);
    if (!p) goto nomem;
    p->plat = plat;
    p->insns = t.out;
    p->n = t.len;
    t.out = NULL;
    st = cbpf_compile_code(plat, p->insns, p->n, NULL, t.fail, off, p, diag);
    if (st != VM_OK) { vm_cbpf_free(p); p = NULL; goto done; }
    *out = p;
    goto done;
nomem:
    st = vm_diagf(diag, VM_ERR_NOMEM, "out of memory compiling a tree of %u filters", n);
done:
    if (t.out) vm_free(plat, t.out, (size_t)total * sizeof *t.out);
    if (t.fail) vm_free(plat, t.fail, (size_t)total * 4);
    if (t.nkids) vm_free(plat, t.nkids, nb);
    if (t.level_at) vm_free(plat, t.level_at, nb);
    return st;
}
