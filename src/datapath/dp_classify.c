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
#include <string.h>

#include "dp_codemem.h"
#include "dp_internal.h"
#include "posix/posix_platform.h"

/* VIFD_CBPF_OFF in the environment: the compiler's optimizations named
 * there (a comma-separated list of layout, dead, hoist, reuse, raw, or all;
 * include/vifvm_cbpf.h VM_CBPF_OPT_*) switched off, for comparison and
 * tests: the same results, the code as without them. */
static uint32_t cbpf_options_from_env(void) {
    static const struct { const char *name; uint32_t bit; } opt[] = {
        { "layout", VM_CBPF_OPT_LAYOUT }, { "dead", VM_CBPF_OPT_DEAD },
        { "hoist", VM_CBPF_OPT_HOIST }, { "reuse", VM_CBPF_OPT_REUSE }, { "raw", VM_CBPF_OPT_RAW },
        { "all", VM_CBPF_OPT_ALL },
    };
    const char *e = getenv("VIFD_CBPF_OFF");
    uint32_t off = 0;
    while (e && *e) {
        size_t n = strcspn(e, ",");
        for (size_t i = 0; i < sizeof opt / sizeof opt[0]; i++)
            if (strlen(opt[i].name) == n && !strncmp(e, opt[i].name, n)) off |= opt[i].bit;
        e += n + (e[n] == ',');
    }
    return off;
}

/* VIFD_PLACE_SLOW=on in the environment: tree_ready stays NULL, so place
 * (dp_engine.c) takes its general way (place_slow, dp_classify) for every
 * packet, as before its frameless one, for comparison. */
static bool place_slow;

void dp_classify_init(datapath *dp) {
    posix_platform_init(&dp->cbpf_plat, NULL);
    (void)dp_codemem_init(&dp->cbpf_plat);   /* filters packed on a few pages */
    dp->tree_stale = true;
    dp->cbpf_off = cbpf_options_from_env();
    const char *e = getenv("VIFD_PLACE_SLOW");
    place_slow = e && !strcmp(e, "on");
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

void dp_classify_release(datapath *dp) { dp_codemem_destroy(&dp->cbpf_plat); }

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
                        dp->cbpf_off, &v->nprog, NULL) != VM_OK)
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

/* The EtherType a filter of exactly pcap's `ip` shape accepts - `ldh
 * [12]; jeq #K, 0, 1; ret #nonzero; ret #0` (`ip`, `ip6`, `arp`) - or -1.
 * Inside the tree function a child's filter runs only after its parent's
 * accepted the packet: the halfword at 12 is then K, and the frame at
 * least 14 bytes long. */
static int32_t ethertype_fact(const dp_vif *v) {
    const struct bpf_insn *i = v->prog.bf_insns;
    if (!v->filter || v->prog.bf_len != 4) return -1;
    if (i[0].code != (BPF_LD | BPF_H | BPF_ABS) || i[0].k != 12 ||
        i[1].code != (BPF_JMP | BPF_JEQ | BPF_K) || i[1].jt != 0 || i[1].jf != 1 ||
        i[1].k > 0xffffu || i[2].code != (BPF_RET | BPF_K) || i[2].k == 0 ||
        i[3].code != (BPF_RET | BPF_K) || i[3].k != 0)
        return -1;
    return (int32_t)i[1].k;
}

/* v's filter as the tree function may run it below a parent that fixed
 * the EtherType to K (ethertype_fact): `ldh [12]` becomes `ld #K` (the
 * load cannot fail there and gives K), and a conditional jump on a known
 * A (a forward walk of the program from the tree's `ld #0`: every way
 * into an instruction must give A the same value) becomes `ja` to the
 * way it takes.  The same answer for every packet that reaches it; NULL
 * when nothing changes (or out of memory, or the compiler refuses it). */
static vm_cbpf_prog *tree_variant(datapath *dp, const dp_vif *v, uint32_t k_type) {
    uint32_t n = v->prog.bf_len;
    if (!v->nprog || n == 0 || n > VM_CBPF_MAX_INSNS) return NULL;
    struct bpf_insn *in = malloc(n * sizeof *in);
    uint8_t *reach = calloc(n, 1), *known = calloc(n, 1);
    uint32_t *val = calloc(n, sizeof *val);
    vm_cbpf_prog *out = NULL;
    bool changed = false;
    if (!in || !reach || !known || !val) goto done;
    memcpy(in, v->prog.bf_insns, n * sizeof *in);
    reach[0] = known[0] = 1;    /* (the tree starts each filter with ld #0) */
    for (uint32_t i = 0; i < n; i++) {
        if (!reach[i]) continue;
        struct bpf_insn *x = &in[i];
        bool k = known[i];
        uint32_t a = val[i];
        uint32_t cls = BPF_CLASS(x->code);
        /* the successors, with A after x */
        uint32_t nxt[2], nn = 0;
        if (x->code == (BPF_LD | BPF_H | BPF_ABS) && x->k == 12) {
            *x = (struct bpf_insn){ BPF_LD | BPF_IMM, 0, 0, k_type };
            changed = true;
        }
        if (cls == BPF_LD) {
            k = BPF_MODE(x->code) == BPF_IMM;
            a = x->k;
        } else if (cls == BPF_ALU || (cls == BPF_MISC && BPF_MISCOP(x->code) == BPF_TXA)) {
            k = false;
        }
        if (cls == BPF_RET) continue;
        if (cls == BPF_JMP) {
            if (BPF_OP(x->code) == BPF_JA) {
                nxt[nn++] = i + 1 + x->k;
            } else if (k && BPF_SRC(x->code) == BPF_K) {
                uint32_t op = BPF_OP(x->code);
                bool t = op == BPF_JEQ ? a == x->k : op == BPF_JGT ? a > x->k
                         : op == BPF_JGE ? a >= x->k : (a & x->k) != 0;
                uint32_t off = t ? x->jt : x->jf;
                *x = (struct bpf_insn){ BPF_JMP | BPF_JA, 0, 0, off };
                changed = true;
                nxt[nn++] = i + 1 + off;
            } else {
                nxt[nn++] = i + 1 + x->jt;
                nxt[nn++] = i + 1 + x->jf;
            }
        } else {
            nxt[nn++] = i + 1;
        }
        for (uint32_t j = 0; j < nn; j++) {
            uint32_t t = nxt[j];
            if (t >= n) continue;   /* (vm_cbpf_check refuses it below) */
            if (!reach[t]) {
                reach[t] = 1;
                known[t] = k;
                val[t] = a;
            } else if (!k || !known[t] || val[t] != a) {
                known[t] = 0;
            }
        }
    }
    if (changed &&
        vm_cbpf_compile(&dp->cbpf_plat, (const vm_cbpf_insn *)in, n, dp->cbpf_off, &out, NULL) != VM_OK)
        out = NULL;
done:
    free(in);
    free(reach);
    free(known);
    free(val);
    return out;
}

/* the tree in preorder (parents first), its filters in one function */
static void rebuild_tree(datapath *dp) {
    drop_tree(dp);
    dp->tree_stale = false;
    uint32_t n = 0, cap = dp->n_vifs ? dp->n_vifs : 1;
    /* per node: the EtherType its ancestors fixed (-1: none), and the
     * variant of its filter run in the tree (tree_variant; NULL: its own) */
    int32_t *fact = malloc(cap * sizeof *fact);
    vm_cbpf_prog **var = calloc(cap, sizeof *var);
    /* (tree_nodes[r] for the function's answer r = 1 + node: nodes + 1,
     * its slot 0 unused, so no subtraction per packet) */
    dp_vif **base = malloc((cap + 1) * sizeof *base), **nodes = base ? base + 1 : NULL;
    uint32_t *parent = malloc(cap * sizeof *parent);
    const vm_cbpf_prog **progs = malloc(cap * sizeof *progs);
    bool ok = nodes && parent && progs && fact && var;
    if (ok) {
        nodes[n] = dp_root(dp);
        parent[n] = 0;
        fact[n] = -1;
        progs[n++] = NULL;
        for (uint32_t i = 0; i < n && ok; i++)   /* breadth first: parents first */
            for (uint32_t c = 0; c < nodes[i]->n_children && ok; c++) {
                dp_vif *k = nodes[i]->children[c];
                if (n >= cap || !k->nprog) { ok = false; break; }
                nodes[n] = k;
                parent[n] = i;
                /* (what the parent's own filter fixes, else what its
                 * ancestors did) */
                int32_t pf = i ? ethertype_fact(nodes[i]) : -1;
                fact[n] = pf >= 0 ? pf : fact[i];
                var[n] = fact[n] >= 0 ? tree_variant(dp, k, (uint32_t)fact[n]) : NULL;
                progs[n] = var[n] ? var[n] : k->nprog;
                n++;
            }
    }
    if (ok && vm_cbpf_tree_compile(&dp->cbpf_plat, progs, parent, n, dp->cbpf_off, &dp->tree, NULL) == VM_OK) {
        dp->tree_fn = vm_cbpf_function(dp->tree);
        dp->tree_ready = place_slow ? NULL : dp->tree_fn;
        base[0] = NULL;
        dp->tree_nodes = base;
        base = NULL;
    }
    free(base);
    free(parent);
    free(progs);
    for (uint32_t i = 0; var && i < n; i++) vm_cbpf_free(var[i]);
    free(var);
    free(fact);
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
