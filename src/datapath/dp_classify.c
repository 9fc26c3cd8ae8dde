/* dp_classify.c - classification: a packet goes to the deepest VIF whose
 * filter matches, children tried in definition order (README, "Model").
 *
 * By default every filter pcap_compile produced is compiled to native code
 * by the VM's classic BPF compiler (include/vifvm_cbpf.h), and then the
 * whole tree's filters into one function (vm_cbpf_tree_compile: each
 * level's children inline, one after the other, no call or loop between
 * them).  A VIF with more than VM_CBPF_TREE_FANOUT children is left out of
 * that function: its children's filters are compiled together into a
 * sibling dispatch (vm_cbpf_dispatch: children of the same shape, `dst
 * host A`, `port N`, ..., found through one probe and a hash lookup instead
 * of one by one).  Both give exactly the result of trying the children in
 * order.  A filter the compiler refuses (a backward jump: `ip6
 * protochain`) stays in libpcap's interpreter; the tree function is then
 * not made, and a VIF with such a child runs its children one by one.
 * `vifd --native-filters off` (dp_config.interpret_filters) runs every
 * filter in the interpreter, as before, for comparison.
 *
 * A changed filter is recompiled at once (dp_filter_changed, from
 * dp_add_vif and dp_set_filter: the injection directory's `filter` files
 * too); the tree function and the parent's dispatch are rebuilt before the
 * next packet is classified, so a packet sees wholly the old or wholly the
 * new filters. */
#include <stdlib.h>

#include "dp_internal.h"
#include "posix/posix_platform.h"

void dp_classify_init(datapath *dp) {
    posix_platform_init(&dp->cbpf_plat, NULL);
    dp->tree_stale = true;
}

static void drop_tree(datapath *dp) {
    vm_cbpf_free(dp->tree);
    dp->tree = NULL;
    dp->tree_fn = NULL;
    dp->tree_ready = NULL;
    free(dp->tree_nodes);
    dp->tree_nodes = NULL;
}

void dp_classify_destroy(datapath *dp) { drop_tree(dp); }

void dp_filter_free(dp_vif *v) {
    vm_cbpf_dispatch_free(v->disp);
    v->disp = NULL;
    vm_cbpf_free(v->nprog);
    v->nprog = NULL;
}

void dp_children_changed(datapath *dp, dp_vif *v) {
    v->disp_stale = true;
    dp->tree_stale = true;
    dp->tree_ready = NULL;
}

void dp_filter_changed(datapath *dp, dp_vif *v) {
    vm_cbpf_free(v->nprog);
    v->nprog = NULL;
    if (!dp->cfg.interpret_filters && v->filter &&
        vm_cbpf_compile(&dp->cbpf_plat, (const vm_cbpf_insn *)v->prog.bf_insns, v->prog.bf_len,
                        &v->nprog, NULL) != VM_OK)
        v->nprog = NULL;   /* refused (or no memory): the interpreter runs it */
    if (v->parent) dp_children_changed(dp, v->parent);
    dp->tree_stale = true;
    dp->tree_ready = NULL;
}

static void rebuild_level(datapath *dp, dp_vif *v) {
    vm_cbpf_dispatch_free(v->disp);
    v->disp = NULL;
    v->disp_stale = false;
    const vm_cbpf_prog **progs = malloc((v->n_children ? v->n_children : 1) * sizeof *progs);
    if (!progs) return;
    bool all = true;
    for (uint32_t i = 0; i < v->n_children && all; i++)
        if (!(progs[i] = v->children[i]->nprog)) all = false;
    if (all && vm_cbpf_dispatch_build(&dp->cbpf_plat, progs, v->n_children, &v->disp, NULL) != VM_OK)
        v->disp = NULL;
    free(progs);
}

/* the tree in preorder (parents first), its filters in one function */
static void rebuild_tree(datapath *dp) {
    drop_tree(dp);
    dp->tree_stale = false;
    uint32_t n = 0, cap = dp->n_vifs ? dp->n_vifs : 1;
    /* (tree_nodes[r] for the function's answer r = 1 + node: nodes + 1,
     * its slot 0 unused, so no subtraction per packet) */
    dp_vif **base = malloc((cap + 1) * sizeof *base), **nodes = base ? base + 1 : NULL;
    uint32_t *parent = malloc(cap * sizeof *parent);
    const vm_cbpf_prog **progs = malloc(cap * sizeof *progs);
    bool ok = nodes && parent && progs;
    if (ok) {
        nodes[n] = dp_root(dp);
        parent[n] = 0;
        progs[n++] = NULL;
        for (uint32_t i = 0; i < n && ok; i++)   /* breadth first: parents first */
            for (uint32_t c = 0; c < nodes[i]->n_children && ok; c++) {
                dp_vif *k = nodes[i]->children[c];
                if (n >= cap || !k->nprog) { ok = false; break; }
                nodes[n] = k;
                parent[n] = i;
                progs[n++] = k->nprog;
            }
    }
    if (ok && vm_cbpf_tree_compile(&dp->cbpf_plat, progs, parent, n, &dp->tree, NULL) == VM_OK) {
        dp->tree_fn = vm_cbpf_function(dp->tree);
        dp->tree_ready = dp->tree_fn;
        base[0] = NULL;
        dp->tree_nodes = base;
        base = NULL;
    }
    free(base);
    free(parent);
    free(progs);
}

/* v's children one by one: native where compiled, else interpreted */
static int32_t one_by_one(const dp_vif *v, const uint8_t *data, uint32_t caplen, uint32_t wirelen) {
    struct pcap_pkthdr h = { .caplen = caplen, .len = wirelen };
    for (uint32_t i = 0; i < v->n_children; i++) {
        const dp_vif *c = v->children[i];
        if (c->nprog ? vm_cbpf_function(c->nprog)(data, wirelen, caplen) != 0
                     : pcap_offline_filter(&c->prog, &h, data) != 0)
            return (int32_t)i;
    }
    return -1;
}

dp_vif *dp_classify(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen) {
    dp_vif *v = dp_root(dp);
    if (dp->cfg.interpret_filters) {
        struct pcap_pkthdr h = { .caplen = caplen, .len = wirelen };
        for (;;) {
            dp_vif *next = NULL;
            for (uint32_t i = 0; i < v->n_children && !next; i++)
                if (pcap_offline_filter(&v->children[i]->prog, &h, data))
                    next = v->children[i];
            if (!next) return v;
            v = next;
        }
    }
    if (dp->tree_stale) rebuild_tree(dp);
    if (dp->tree_fn) {
        uint32_t r = dp->tree_fn(data, wirelen, caplen);
        v = dp->tree_nodes[r & ~VM_CBPF_TREE_DISPATCH];
        if (!(r & VM_CBPF_TREE_DISPATCH)) return v;
    }
    return dp_classify_below(dp, v, data, caplen, wirelen);
}

dp_vif *dp_classify_below(datapath *dp, dp_vif *v, const uint8_t *data, uint32_t caplen,
                          uint32_t wirelen) {
    while (v->n_children) {
        if (v->disp_stale) rebuild_level(dp, v);
        int32_t i = v->disp ? vm_cbpf_dispatch_run(v->disp, data, wirelen, caplen)
                            : one_by_one(v, data, caplen, wirelen);
        if (i < 0) break;
        v = v->children[i];
    }
    return v;
}
