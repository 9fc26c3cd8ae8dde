/* dp_tree.c - the VIF tree: creating the datapath, defining VIFs by path
 * with pcap filters (compiled by libpcap for the input's link type), lookup
 * by path, per-VIF settings, and destruction. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"
#include "dp_clock.h"
#include "vifd_units.h"

static int fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, DP_ERR_MAX, fmt, ap);
    va_end(ap);
    return -1;
}

/* VIFs are allocated side by side, 64-byte aligned, from slabs of
 * VIF_SLAB (never freed one by one: a removed VIF stays for the
 * statistics; a VIF whose definition failed leaves its slot unused), so
 * the first cache line of each (what a placed packet touches, dp_internal.h)
 * of 1,000 siblings lies on ~270 pages, not on 1,000 among their
 * strings and histograms.  VIFD_VIF_SLAB=off in the environment: each VIF
 * allocated alone (aligned_alloc), for comparison. */
#define VIF_SLAB 64u
typedef struct vif_slab {
    struct vif_slab *next;
    uint32_t used;
    dp_vif v[VIF_SLAB];
} vif_slab;

static bool vif_slab_off(void) {
    static int off = -1;
    if (off < 0) {
        const char *e = getenv("VIFD_VIF_SLAB");
        off = e && !strcmp(e, "off");
    }
    return off;
}

static dp_vif *alloc_vif(datapath *dp) {
    if (vif_slab_off()) {
        dp_vif *v = aligned_alloc(_Alignof(dp_vif), sizeof *v);
        if (v) memset(v, 0, sizeof *v);
        return v;
    }
    vif_slab *s = dp->vif_slabs;
    if (!s || s->used == VIF_SLAB) {
        s = aligned_alloc(_Alignof(vif_slab), sizeof *s);
        if (!s) return NULL;
        memset(s, 0, sizeof *s);
        s->next = dp->vif_slabs;
        dp->vif_slabs = s;
    }
    return &s->v[s->used++];
}

/* v's memory: its slot stays in its slab until dp_destroy (free_slabs) */
static void release_vif(dp_vif *v) {
    if (vif_slab_off()) free(v);
    else memset(v, 0, sizeof *v);
}

static void free_slabs(datapath *dp) {
    for (vif_slab *s = dp->vif_slabs, *n; s; s = n) {
        n = s->next;
        free(s);
    }
    dp->vif_slabs = NULL;
}

static dp_vif *new_vif(datapath *dp, const char *path) {
    dp_vif *v = alloc_vif(dp);
    if (!v) return NULL;
    v->path = strdup(path);
    if (!v->path || dp_vif_counters_alloc(v) != 0) {
        free(v->path);
        release_vif(v);
        return NULL;
    }
    v->wake = DP_NO_WAKE;
    v->quota = dp->cfg.quota;
    v->budget = dp->cfg.budget;
    v->time_limit = dp->cfg.time_limit_ns;
    v->log_bol = true;
    v->pass_to = v;     /* (until dp_pass_plan: dp_deliver counts every level) */
    return v;
}

static int push_vif(datapath *dp, dp_vif *v) {
    dp_vif **n = realloc(dp->vifs, (dp->n_vifs + 1) * sizeof *n);
    if (!n) return -1;
    dp->vifs = n;
    dp->vifs[dp->n_vifs++] = v;
    dp->fuse_check = 1;   /* (fuse_nvifs differs now: dp_fuse_check) */
    return 0;
}

static void free_vif(dp_vif *v) {
    if (!v) return;
    dp_filter_free(v);
    if (v->filter) pcap_freecode(&v->prog);
    dp_log_end_line(v);
    free(v->line);
    if (v->log) fclose(v->log);
    free(v->path);
    free(v->filter);
    free(v->children);
    free(v->file);
    free(v->class_name);
    dp_vif_counters_free(v);
    release_vif(v);
}

int dp_create(const dp_config *cfg, datapath **out, char *err) {
    dp_clock_init();
    *out = NULL;
    datapath *dp = calloc(1, sizeof *dp);
    if (!dp) return fail(err, "out of memory");
    dp->cfg = *cfg;
    dp->link_synced = INT64_MIN;   /* cfg.lockstep: not in step yet (dp_engine.c) */
    if (!dp->cfg.quota) dp->cfg.quota = DP_DEFAULT_QUOTA;
    if (!dp->cfg.link_queue) dp->cfg.link_queue = DP_DEFAULT_LINK_QUEUE;
    if (!dp->cfg.heap_bytes) dp->cfg.heap_bytes = DP_DEFAULT_HEAP;
    uint64_t phys = vifd_phys_memory();
    if (phys && dp->cfg.heap_bytes > phys) {
        /* one VIFlet filling such a heap would stall every VIF for seconds
         * (and then the machine) */
        char h[32], m[32];
        vifd_format_size(dp->cfg.heap_bytes, h, sizeof h);
        vifd_format_size(phys, m, sizeof m);
        free(dp);
        return fail(err, "--heap: a heap quota of %s is more than this machine's memory (%s)",
                    h, m);
    }
    if (!dp->cfg.snaplen) dp->cfg.snaplen = 262144;
    dp_classify_init(dp);
    dp->root_name = strdup(cfg->root_name ? cfg->root_name : "pcap");
    dp->logdir = cfg->logdir ? strdup(cfg->logdir) : NULL;
    dp->lq = calloc(dp->cfg.link_queue, sizeof *dp->lq);
    dp->pcap_dead = pcap_open_dead(cfg->linktype, (int)dp->cfg.snaplen);
    dp_vif *root = NULL;
    if (!dp->root_name || (cfg->logdir && !dp->logdir) || !dp->lq || !dp->pcap_dead ||
        !(root = new_vif(dp, dp->root_name)) || push_vif(dp, root) != 0) {
        free_vif(root);
        dp_destroy(dp);
        return fail(err, "out of memory");
    }
    dp->cfg.root_name = dp->root_name;
    dp->cfg.logdir = dp->logdir;
    *out = dp;
    return 0;
}

void dp_destroy(datapath *dp) {
    if (!dp) return;
    for (uint32_t i = 0; i < dp->n_owners; i++) dp_owner_destroy(dp->owners[i]);
    dp_fuse_free(dp);
    dp_classify_destroy(dp);
    for (uint32_t i = 0; i < dp->n_vifs; i++) free_vif(dp->vifs[i]);
    dp_classify_release(dp);
    free_slabs(dp);
    for (uint32_t i = 0; i < dp->lq_count - dp->lq_absorbed; i++)
        dp_pkt_free(&dp->lq[(dp->lq_head + i) % dp->cfg.link_queue]);
    free(dp->lq);
    free(dp->vifs);
    free(dp->owners);
    if (dp->pcap_dead) pcap_close(dp->pcap_dead);
    free(dp->root_name);
    free(dp->logdir);
    free(dp);
    dp_pkt_pool_trim();
}

/* "pcap/a/b" or "a/b" -> canonical "pcap/a/b" in buf; -1 if malformed. */
static int canon_path(datapath *dp, const char *path, char *buf, size_t cap, char *err) {
    size_t rn = strlen(dp->root_name);
    const char *rest = path;
    if (!strncmp(path, dp->root_name, rn) && (path[rn] == '/' || path[rn] == '\0'))
        rest = path[rn] ? path + rn + 1 : "";
    if (!*rest) {
        if (snprintf(buf, cap, "%s", dp->root_name) >= (int)cap)
            return fail(err, "VIF path too long: %s", path);
        return 0;
    }
    /* components: non-empty, no "." / "..", printable, no spaces */
    const char *s = rest;
    while (*s) {
        const char *e = strchr(s, '/');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (n == 0 || (n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
            return fail(err, "bad VIF path '%s' (empty, '.' or '..' component)", path);
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)s[i];
            if (c <= ' ' || c >= 127 || c == '=' || c == ':') {
                char what[32];
                if (c == ' ') snprintf(what, sizeof what, "a space");
                else if (c == '\t') snprintf(what, sizeof what, "a tab");
                else if (c > ' ' && c < 127) snprintf(what, sizeof what, "'%c'", c);
                else snprintf(what, sizeof what, "byte 0x%02x", c);
                return fail(err, "bad VIF path '%s' (%s is not allowed in a VIF name)", path,
                            what);
            }
        }
        s += n;
        if (*s == '/') {
            s++;
            if (!*s) return fail(err, "bad VIF path '%s' (trailing '/')", path);
        }
    }
    if (snprintf(buf, cap, "%s/%s", dp->root_name, rest) >= (int)cap)
        return fail(err, "VIF path too long: %s", path);
    return 0;
}

static dp_vif *find_canon(datapath *dp, const char *canon) {
    for (uint32_t i = 0; i < dp->n_vifs; i++)
        if (!dp->vifs[i]->removed && !strcmp(dp->vifs[i]->path, canon)) return dp->vifs[i];
    return NULL;
}

dp_vif *dp_find_vif(datapath *dp, const char *path) {
    char buf[1024], err[DP_ERR_MAX];
    if (canon_path(dp, path, buf, sizeof buf, err) != 0) return NULL;
    return find_canon(dp, buf);
}

int dp_add_vif(datapath *dp, const char *path, const char *filter, char *err) {
    char canon[1024];
    if (canon_path(dp, path, canon, sizeof canon, err) != 0) return -1;
    if (!strcmp(canon, dp->root_name))
        return fail(err, "--vif %s: the root VIF '%s' takes every packet and has no filter",
                    path, dp->root_name);
    if (find_canon(dp, canon)) return fail(err, "--vif %s: VIF defined twice", path);
    char parent_path[1024];
    snprintf(parent_path, sizeof parent_path, "%s", canon);
    *strrchr(parent_path, '/') = '\0';
    dp_vif *parent = find_canon(dp, parent_path);
    if (!parent)
        return fail(err, "--vif %s: parent VIF '%s' is not defined (define parents first)",
                    path, parent_path);
    dp_vif *v = new_vif(dp, canon);
    if (!v) return fail(err, "out of memory");
    v->filter = strdup(filter);
    if (!v->filter) { free_vif(v); return fail(err, "out of memory"); }
    if (pcap_compile(dp->pcap_dead, &v->prog, filter, 1, PCAP_NETMASK_UNKNOWN) != 0) {
        fail(err, "--vif %s: bad filter expression \"%s\": %s", path, filter,
             pcap_geterr(dp->pcap_dead));
        free(v->filter);
        v->filter = NULL;
        free_vif(v);
        return -1;
    }
    dp_vif **kids = realloc(parent->children, (parent->n_children + 1) * sizeof *kids);
    if (!kids || push_vif(dp, v) != 0) {
        if (kids) parent->children = kids;
        free_vif(v);
        return fail(err, "out of memory");
    }
    parent->children = kids;
    parent->children[parent->n_children++] = v;
    v->parent = parent;
    v->depth = parent->depth + 1;
    dp_filter_changed(dp, v);
    return 0;
}

int dp_set_filter(datapath *dp, const char *path, const char *filter, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "%s: no such VIF", path);
    if (!v->parent) return fail(err, "%s: the root VIF takes every packet and has no filter", path);
    char *copy = strdup(filter);
    if (!copy) return fail(err, "out of memory");
    struct bpf_program prog;
    if (pcap_compile(dp->pcap_dead, &prog, filter, 1, PCAP_NETMASK_UNKNOWN) != 0) {
        fail(err, "bad filter expression \"%s\": %s", filter, pcap_geterr(dp->pcap_dead));
        free(copy);
        return -1;
    }
    pcap_freecode(&v->prog);
    free(v->filter);
    v->prog = prog;
    v->filter = copy;
    dp_fuse_invalidate(dp);
    dp_filter_changed(dp, v);
    return 0;
}

int dp_remove_vif(datapath *dp, const char *path, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "%s: no such VIF", path);
    if (!v->parent) return fail(err, "%s: the root VIF cannot be removed", path);
    if (v->n_children)
        return fail(err, "%s: it still has %u child VIF%s (remove them first)", path,
                    v->n_children, v->n_children == 1 ? "" : "s");
    if (v->owner && dp_unload(dp, path, err) != 0) return -1;
    dp_vif *p = v->parent;
    for (uint32_t i = 0; i < p->n_children; i++) {
        if (p->children[i] != v) continue;
        memmove(&p->children[i], &p->children[i + 1],
                (p->n_children - i - 1) * sizeof *p->children);
        p->n_children--;
        break;
    }
    dp_children_changed(dp, p);
    v->removed = true;
    dp_fuse_invalidate(dp);
    return 0;
}

int dp_set_policy(datapath *dp, const char *path, enum dp_policy pol, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "--policy %s: no such VIF (define it with --vif first)", path);
    v->policy = pol;
    return 0;
}

int dp_set_quota(datapath *dp, const char *path, uint32_t quota, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "--quota %s: no such VIF (define it with --vif first)", path);
    if (quota == 0) return fail(err, "--quota %s: the quota must be at least 1", path);
    v->quota = quota;
    if (v->owner) dp_fast_clear(v->owner);
    return 0;
}

int dp_set_global(datapath *dp, const char *path, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "--vif-workers %s: no such VIF (define it with --vif first)", path);
    v->global = true;
    return 0;
}

bool dp_is_global_pkt(datapath *dp, const uint8_t *data, uint32_t caplen, uint32_t wirelen) {
    if (dp->cfg.mode == DP_MODE_BYPASS) return false;
    for (dp_vif *v = dp_classify(dp, data, caplen, wirelen); v; v = v->parent)
        if (v->global) return true;
    return false;
}

int dp_set_budget(datapath *dp, const char *path, uint64_t budget, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "--budget %s: no such VIF (define it with --vif first)", path);
    v->budget = budget;
    dp_fuse_invalidate(dp);     /* the fused paths' prepared entries hold it */
    return 0;
}

int dp_set_time_limit(datapath *dp, const char *path, uint64_t ns, char *err) {
    dp_vif *v = dp_find_vif(dp, path);
    if (!v) return fail(err, "--cpu %s: no such VIF (define it with --vif first)", path);
    v->time_limit = ns;
    dp_fuse_invalidate(dp);
    return 0;
}

int64_t dp_now(const datapath *dp) { return dp->now; }
