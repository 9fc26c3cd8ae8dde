/* inject_classes.c - per owner, the classes injection staged into its
 * current VM and the hash of each one's bytes (inject_classes.h).  Each
 * owner's record is an open-addressing table keyed by class name, so a
 * jar of many entries costs one probe per entry, not a scan of all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inject_classes.h"
#include "vifvm.h"

typedef struct ij_entry {
    char *name;
    uint64_t hash;
} ij_entry;

struct ij_image {
    ij_entry *v;
    size_t n, cap;
    bool unlistable;
    char why[256];
};

typedef struct ij_vmset {
    char *owner;
    ij_entry *slots;        /* name NULL: empty */
    size_t cap, n;          /* cap: 0 or a power of two, n <= cap / 2 */
    bool opaque;
    char why[256];          /* (opaque) */
} ij_vmset;

struct ij_vmsets {
    ij_vmset *v;
    size_t n;
};

uint64_t ij_hash_bytes(const uint8_t *p, size_t n) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* -------------------------------------------------------------- images */

ij_image *ij_image_new(void) { return calloc(1, sizeof(ij_image)); }

void ij_image_free(ij_image *im) {
    if (!im) return;
    for (size_t i = 0; i < im->n; i++) free(im->v[i].name);
    free(im->v);
    free(im);
}

void ij_image_set_unlistable(ij_image *im, const char *why) {
    if (im->unlistable) return;
    im->unlistable = true;
    snprintf(im->why, sizeof im->why, "%s", why);
}

void ij_image_add(ij_image *im, const char *name, size_t name_len, uint64_t h) {
    if (im->n == im->cap) {
        size_t nc = im->cap ? im->cap * 2 : 8;
        ij_entry *nv = realloc(im->v, nc * sizeof *nv);
        if (!nv) { ij_image_set_unlistable(im, "out of memory"); return; }
        im->v = nv;
        im->cap = nc;
    }
    char *s = malloc(name_len + 1);
    if (!s) { ij_image_set_unlistable(im, "out of memory"); return; }
    memcpy(s, name, name_len);
    s[name_len] = '\0';
    im->v[im->n].name = s;
    im->v[im->n].hash = h;
    im->n++;
}

static int jar_entry(void *ctx, const char *name, const uint8_t *bytes, size_t len) {
    ij_image *im = ctx;
    ij_image_add(im, name, strlen(name) - 6, ij_hash_bytes(bytes, len));
    return im->unlistable;
}

void ij_image_add_jar(ij_image *im, const vm_platform *plat, const uint8_t *data, size_t len) {
    char detail[200] = "";
    vm_diag d = { detail, sizeof detail };
    vm_status st = vm_jar_each_class(plat, data, len, IJ_JAR_SCAN_MAX, IJ_JAR_SCAN_MAX,
                                     jar_entry, im, &d);
    if (st != VM_OK) {
        char why[256];
        snprintf(why, sizeof why, "%s", detail[0] ? detail : vm_status_str(st));
        ij_image_set_unlistable(im, why);
    }
}

/* ---------------------------------------------------------- the owners */

ij_vmsets *ij_vmsets_new(void) { return calloc(1, sizeof(ij_vmsets)); }

static void clear_set(ij_vmset *o) {
    for (size_t i = 0; i < o->cap; i++) free(o->slots[i].name);
    free(o->slots);
    o->slots = NULL;
    o->cap = o->n = 0;
    o->opaque = false;
    o->why[0] = '\0';
}

void ij_vmsets_free(ij_vmsets *s) {
    if (!s) return;
    for (size_t i = 0; i < s->n; i++) {
        clear_set(&s->v[i]);
        free(s->v[i].owner);
    }
    free(s->v);
    free(s);
}

static ij_vmset *find_set(const ij_vmsets *s, const char *owner) {
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->v[i].owner, owner)) return &s->v[i];
    return NULL;
}

static ij_vmset *get_set(ij_vmsets *s, const char *owner) {
    ij_vmset *o = find_set(s, owner);
    if (o) return o;
    ij_vmset *nv = realloc(s->v, (s->n + 1) * sizeof *nv);
    if (!nv) return NULL;
    s->v = nv;
    o = &s->v[s->n];
    memset(o, 0, sizeof *o);
    if (!(o->owner = strdup(owner))) return NULL;
    s->n++;
    return o;
}

static size_t slot_of(const ij_vmset *o, const char *name) {
    size_t i = (size_t)ij_hash_bytes((const uint8_t *)name, strlen(name)) & (o->cap - 1);
    while (o->slots[i].name && strcmp(o->slots[i].name, name)) i = (i + 1) & (o->cap - 1);
    return i;
}

static const ij_entry *lookup(const ij_vmset *o, const char *name) {
    if (!o || !o->cap) return NULL;
    const ij_entry *e = &o->slots[slot_of(o, name)];
    return e->name ? e : NULL;
}

static bool grow(ij_vmset *o) {
    size_t nc = o->cap ? o->cap * 2 : 64;
    ij_entry *ns = calloc(nc, sizeof *ns);
    if (!ns) return false;
    ij_vmset t = *o;
    t.slots = ns;
    t.cap = nc;
    for (size_t i = 0; i < o->cap; i++)
        if (o->slots[i].name) t.slots[slot_of(&t, o->slots[i].name)] = o->slots[i];
    free(o->slots);
    o->slots = ns;
    o->cap = nc;
    return true;
}

void ij_vmsets_set_opaque(ij_vmsets *s, const char *owner, const char *why) {
    ij_vmset *o = get_set(s, owner);
    if (!o || o->opaque) return;
    o->opaque = true;
    snprintf(o->why, sizeof o->why, "%s", why);
}

void ij_vmsets_record(ij_vmsets *s, const char *owner, const ij_image *im) {
    ij_vmset *o = get_set(s, owner);
    if (!o) return;   /* (out of memory: the next image is compared with less) */
    if (im->unlistable) {
        char why[300];
        snprintf(why, sizeof why, "an image that could not be listed (%s)", im->why);
        ij_vmsets_set_opaque(s, owner, why);
    }
    for (size_t i = 0; i < im->n; i++) {
        if ((o->n + 1) * 2 > o->cap && !grow(o)) {
            ij_vmsets_set_opaque(s, owner, "classes not recorded (out of memory)");
            return;
        }
        ij_entry *e = &o->slots[slot_of(o, im->v[i].name)];
        if (e->name) {
            e->hash = im->v[i].hash;
            continue;
        }
        if (!(e->name = strdup(im->v[i].name))) {
            ij_vmsets_set_opaque(s, owner, "classes not recorded (out of memory)");
            return;
        }
        e->hash = im->v[i].hash;
        o->n++;
    }
}

bool ij_vmsets_knows(const ij_vmsets *s, const char *owner, const char *name) {
    return lookup(find_set(s, owner), name) != NULL;
}

bool ij_vmsets_conflict(const ij_vmsets *s, const char *owner, const ij_image *im, char *why,
                        size_t cap) {
    const ij_vmset *o = find_set(s, owner);
    if (!o || (!o->n && !o->opaque)) return false;   /* nothing staged there yet */
    if (o->opaque) {
        snprintf(why, cap, "the VM of owner %s holds %s", owner, o->why);
        return true;
    }
    if (im->unlistable) {
        snprintf(why, cap, "its classes cannot be listed (%s)", im->why);
        return true;
    }
    for (size_t i = 0; i < im->n; i++) {
        const ij_entry *e = lookup(o, im->v[i].name);
        if (e && e->hash != im->v[i].hash) {
            snprintf(why, cap, "class %s changed", im->v[i].name);
            return true;
        }
    }
    return false;
}

void ij_vmsets_forget(ij_vmsets *s, const char *owner) {
    ij_vmset *o = find_set(s, owner);
    if (o) clear_set(o);
}
