/* verify_types.c - verification types for the verifier: error details,
 * memory, the per-class table of reference type names, descriptor
 * parsing, type names for messages, assignability (JVMS isAssignable,
 * interfaces treated as Object) and the least upper bound used by type
 * inference.  Classes are loaded only when names alone cannot decide. */
#include "verify_internal.h"
#include "../core/fmt.h"
#include "../core/mem.h"

/* ------------------------------------------------------------- errors */

vm_status vx_fail(vctx *x, const char *fmt, ...) {
    if (x->d && x->d->buf && x->d->cap) {
        char why[400];
        va_list ap;
        va_start(ap, fmt);
        vm_vsnprintf(why, sizeof why, fmt, ap);
        va_end(ap);
        if (x->m)
            vm_diagf(x->d, VM_ERR_VERIFY, "%s.%s%s at offset %u: %s", x->cls->name,
                     x->m->name, x->m->desc, (unsigned)x->pc, why);
        else
            vm_diagf(x->d, VM_ERR_VERIFY, "%s: %s", x->cls->name, why);
    }
    return VM_ERR_VERIFY;
}

vm_status vx_nomem(vctx *x) {
    return vm_diagf(x->d, VM_ERR_NOMEM, "out of memory verifying %s", x->cls->name);
}

/* ------------------------------------------------------------- memory */

static void *chunk_alloc(vctx *x, vchunk **list, size_t n) {
    size_t total;
    if (!vm_size_add(n, sizeof(vchunk), &total)) return NULL;
    vchunk *c = vm_zalloc(x->vm->plat, total);
    if (!c) return NULL;
    c->size = total;
    c->next = *list;
    *list = c;
    return c + 1;
}

static void chunks_free(vctx *x, vchunk **list) {
    for (vchunk *c = *list, *n; c; c = n) {
        n = c->next;
        vm_free(x->vm->plat, c, c->size);
    }
    *list = NULL;
}

void *vx_alloc(vctx *x, size_t n) { return chunk_alloc(x, &x->chunks, n); }

void *vx_alloc_m(vctx *x, size_t n, vm_status *st) {
    if (n > x->budget) {
        *st = vx_fail(x, "method too large to verify (needs more than %u bytes of "
                         "verifier state)", VERIFY_MAX_STATE_BYTES);
        *st = VM_ERR_LIMIT;
        return NULL;
    }
    void *p = chunk_alloc(x, &x->mchunks, n);
    if (!p) {
        *st = vx_nomem(x);
        return NULL;
    }
    x->budget -= n;
    return p;
}

void vx_free_m(vctx *x) {
    chunks_free(x, &x->mchunks);
    x->budget = VERIFY_MAX_STATE_BYTES;
}

/* -------------------------------------------------------------- names */

static uint32_t hash_of(const char *s, uint32_t len) {
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static bool grow_table(vctx *x) {
    uint32_t ncap = x->hcap ? x->hcap * 2 : 256;
    uint32_t *nt = vm_zalloc(x->vm->plat, (size_t)ncap * sizeof(uint32_t));
    if (!nt) return false;
    for (uint32_t i = 0; i < x->n_names; i++) {
        uint32_t k = x->names[i].hash & (ncap - 1);
        while (nt[k]) k = (k + 1) & (ncap - 1);
        nt[k] = i + 1;
    }
    vm_free(x->vm->plat, x->htab, (size_t)x->hcap * sizeof(uint32_t));
    x->htab = nt;
    x->hcap = ncap;
    return true;
}

uint32_t vx_intern(vctx *x, const char *s, uint32_t len) {
    uint32_t h = hash_of(s, len);
    if (x->hcap) {
        uint32_t k = h & (x->hcap - 1);
        while (x->htab[k]) {
            vname *n = &x->names[x->htab[k] - 1];
            if (n->hash == h && n->len == len && vm_memcmp(n->s, s, len) == 0)
                return x->htab[k] - 1;
            k = (k + 1) & (x->hcap - 1);
        }
    }
    if (x->n_names >= 0x0fffffffu) return UINT32_MAX;
    if ((x->n_names + 1) * 2 > x->hcap && !grow_table(x)) return UINT32_MAX;
    if (x->n_names == x->cap_names) {
        uint32_t nc = x->cap_names ? x->cap_names * 2 : 64;
        vname *nn = vm_realloc(x->vm->plat, x->names, (size_t)x->cap_names * sizeof(vname),
                               (size_t)nc * sizeof(vname));
        if (!nn) return UINT32_MAX;
        x->names = nn;
        x->cap_names = nc;
    }
    uint32_t i = x->n_names++;
    x->names[i] = (vname){ s, len, h, NULL };
    uint32_t k = h & (x->hcap - 1);
    while (x->htab[k]) k = (k + 1) & (x->hcap - 1);
    x->htab[k] = i + 1;
    return i;
}

static uint32_t intern_z(vctx *x, const char *s) {
    return vx_intern(x, s, (uint32_t)vm_strlen(s));
}

vm_status vx_names_init(vctx *x) {
    x->cp_name = vm_zalloc(x->vm->plat, (size_t)x->cf->cp_count * sizeof(uint32_t) + 1);
    if (!x->cp_name) return vx_nomem(x);
    uint32_t *w[] = { &x->n_object, &x->n_string, &x->n_throwable, &x->n_class,
                      &x->n_this, &x->n_cloneable, &x->n_serializable, &x->n_mtype,
                      &x->n_mhandle };
    const char *nm[] = { "java/lang/Object", "java/lang/String", "java/lang/Throwable",
                         "java/lang/Class", x->cls->name, "java/lang/Cloneable",
                         "java/io/Serializable", "java/lang/invoke/MethodType",
                         "java/lang/invoke/MethodHandle" };
    for (unsigned i = 0; i < sizeof w / sizeof w[0]; i++) {
        *w[i] = intern_z(x, nm[i]);
        if (*w[i] == UINT32_MAX) return vx_nomem(x);
    }
    x->names[x->n_this].cls = x->cls;
    return VM_OK;
}

void vx_names_free(vctx *x) {
    const vm_platform *p = x->vm->plat;
    vm_free(p, x->names, (size_t)x->cap_names * sizeof(vname));
    vm_free(p, x->htab, (size_t)x->hcap * sizeof(uint32_t));
    if (x->cp_name) vm_free(p, x->cp_name, (size_t)x->cf->cp_count * sizeof(uint32_t) + 1);
    chunks_free(x, &x->chunks);
    chunks_free(x, &x->mchunks);
    x->names = NULL;
    x->htab = NULL;
    x->cp_name = NULL;
}

uint32_t vx_cp_class(vctx *x, uint16_t idx) {
    if (x->cp_name[idx]) return x->cp_name[idx] - 1;
    uint32_t n = intern_z(x, cf_class_name(x->cf, idx));
    if (n != UINT32_MAX) x->cp_name[idx] = n + 1;
    return n;
}

/* ------------------------------------------------------- descriptors */

vm_status vx_parse_type(vctx *x, const char **pp, vtype *out) {
    const char *p = *pp, *s = p;
    while (*p == '[') p++;
    switch (*p) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': *out = VT_INT; break;
    case 'F': *out = VT_FLOAT; break;
    case 'J': *out = VT_LONG; break;
    case 'D': *out = VT_DOUBLE; break;
    case 'L': {
        const char *e = p;
        while (*e && *e != ';') e++;
        if (!*e) return vx_fail(x, "malformed descriptor %s", s);
        uint32_t n = s == p ? vx_intern(x, p + 1, (uint32_t)(e - p - 1))
                            : vx_intern(x, s, (uint32_t)(e + 1 - s));
        if (n == UINT32_MAX) return vx_nomem(x);
        *out = VT_MK(VT_REF, n);
        *pp = e + 1;
        return VM_OK;
    }
    default:
        return vx_fail(x, "malformed descriptor %s", s);
    }
    if (s != p) {
        uint32_t n = vx_intern(x, s, (uint32_t)(p + 1 - s));
        if (n == UINT32_MAX) return vx_nomem(x);
        *out = VT_MK(VT_REF, n);
    }
    *pp = p + 1;
    return VM_OK;
}

void vx_type_name(vctx *x, vtype t, char *buf, size_t cap) {
    switch (VT_TAG(t)) {
    case VT_TOP: vm_snprintf(buf, cap, "top (unusable value)"); break;
    case VT_INT: vm_snprintf(buf, cap, "int"); break;
    case VT_FLOAT: vm_snprintf(buf, cap, "float"); break;
    case VT_LONG: vm_snprintf(buf, cap, "long"); break;
    case VT_DOUBLE: vm_snprintf(buf, cap, "double"); break;
    case VT_LONG2: vm_snprintf(buf, cap, "second half of a long"); break;
    case VT_DOUBLE2: vm_snprintf(buf, cap, "second half of a double"); break;
    case VT_NULL: vm_snprintf(buf, cap, "null"); break;
    case VT_UTHIS: vm_snprintf(buf, cap, "uninitializedThis"); break;
    case VT_UNINIT:
        vm_snprintf(buf, cap, "uninitialized object (new at offset %u)", (unsigned)VT_ARG(t));
        break;
    default: {
        const vname *n = &x->names[VT_ARG(t)];
        vm_snprintf(buf, cap, "reference %.*s", (int)(n->len > 200 ? 200 : n->len), n->s);
        break;
    }
    }
}

/* ----------------------------------------------------------- classes */

vm_status vx_load(vctx *x, uint32_t name, jclass **out) {
    vname *n = &x->names[name];
    if (!n->cls) {
        vm_status st = rt_find_class_n(x->vm, n->s, n->len, &n->cls, NULL);
        if (st != VM_OK) {
            n->cls = NULL;
            vm_diagf(x->d, st, "%s: loading %.*s for verification failed", x->cls->name,
                     (int)(n->len > 200 ? 200 : n->len), n->s);
            return st;
        }
    }
    *out = n->cls;
    return VM_OK;
}

static size_t pkg_len(const char *n) {
    const char *s = vm_strrchr(n, '/');
    return s ? (size_t)(s - n) : 0;
}

bool vx_same_package(const jclass *a, const jclass *b) {
    if (a == b) return true;
    if (a->is_boot != b->is_boot) return false; /* different loaders */
    size_t la = pkg_len(a->name), lb = pkg_len(b->name);
    return la == lb && vm_strncmp(a->name, b->name, la) == 0;
}

jclass *vx_superclass_named(vctx *x, uint32_t name) {
    const vname *n = &x->names[name];
    for (jclass *s = x->cls->super; s; s = s->super)
        if (vm_strlen(s->name) == n->len && vm_memcmp(s->name, n->s, n->len) == 0)
            return s;
    return NULL;
}

static bool is_array_name(const vctx *x, uint32_t n) { return x->names[n].s[0] == '['; }

vm_status vx_component(vctx *x, vtype arr, vtype *out) {
    const vname *n = &x->names[VT_ARG(arr)];
    const char *p = n->s + 1;
    return vx_parse_type(x, &p, out);
}

vm_status vx_array_of(vctx *x, vtype elem, vtype *out) {
    char prim = 0;
    switch (VT_TAG(elem)) {
    case VT_INT: prim = 'I'; break;
    case VT_FLOAT: prim = 'F'; break;
    case VT_LONG: prim = 'J'; break;
    case VT_DOUBLE: prim = 'D'; break;
    case VT_REF: break;
    default: return vx_fail(x, "cannot make an array of this type");
    }
    const vname *n = prim ? NULL : &x->names[VT_ARG(elem)];
    uint32_t len = prim ? 2 : (n->s[0] == '[' ? n->len + 1 : n->len + 3);
    if (n && cf_array_dims(n->s) >= 255)
        return vx_fail(x, "array type with more than 255 dimensions");
    char *s = vx_alloc(x, len);
    if (!s) return vx_nomem(x);
    s[0] = '[';
    if (prim) s[1] = prim;
    else if (n->s[0] == '[') vm_memcpy(s + 1, n->s, n->len);
    else {
        s[1] = 'L';
        vm_memcpy(s + 2, n->s, n->len);
        s[len - 1] = ';';
    }
    uint32_t i = vx_intern(x, s, len);
    if (i == UINT32_MAX) return vx_nomem(x);
    *out = VT_MK(VT_REF, i);
    return VM_OK;
}

int vx_name_assignable(vctx *x, uint32_t from, uint32_t to, vm_status *st) {
    if (from == to || to == x->n_object) return 1;
    bool fa = is_array_name(x, from), ta = is_array_name(x, to);
    if (ta) {
        if (!fa) return 0;
        vtype fc, tc;
        if ((*st = vx_component(x, VT_MK(VT_REF, from), &fc)) != VM_OK) return -1;
        if ((*st = vx_component(x, VT_MK(VT_REF, to), &tc)) != VM_OK) return -1;
        /* [Z [B [C [S [I all have the component type int: a primitive
         * array is assignable only to its very own type (names are
         * interned, so that is from == to above) */
        if (VT_TAG(fc) != VT_REF || VT_TAG(tc) != VT_REF) return 0;
        return vx_name_assignable(x, VT_ARG(fc), VT_ARG(tc), st);
    }
    if (fa) {
        if (to == x->n_cloneable || to == x->n_serializable) return 1;
    } else {
        /* from's superclass chain, by name: no need to load `to` */
        jclass *fc;
        if ((*st = vx_load(x, from, &fc)) != VM_OK) return -1;
        const vname *tn = &x->names[to];
        for (jclass *s = fc->super; s; s = s->super)
            if (vm_strlen(s->name) == tn->len && vm_memcmp(s->name, tn->s, tn->len) == 0)
                return 1;
    }
    /* interfaces are treated as java.lang.Object (JVMS 4.10.1.2) */
    jclass *tc;
    if ((*st = vx_load(x, to, &tc)) != VM_OK) return -1;
    return vx_is_interface(tc) ? 1 : 0;
}

int vx_assignable(vctx *x, vtype from, vtype to, vm_status *st) {
    if (from == to || to == VT_TOP) return 1;
    if (VT_TAG(to) != VT_REF) return 0;
    if (VT_TAG(from) == VT_NULL) return 1;
    if (VT_TAG(from) != VT_REF) return 0;
    return vx_name_assignable(x, VT_ARG(from), VT_ARG(to), st);
}

vm_status vx_merge_ref(vctx *x, vtype a, vtype b, vtype *out) {
    vm_status st = VM_OK;
    int r;
    if (a == b || VT_TAG(b) == VT_NULL) { *out = a; return VM_OK; }
    if (VT_TAG(a) == VT_NULL) { *out = b; return VM_OK; }
    uint32_t na = VT_ARG(a), nb = VT_ARG(b);
    bool aa = is_array_name(x, na), ba = is_array_name(x, nb);
    if (aa && ba) {
        vtype ca, cb;
        if ((st = vx_component(x, a, &ca)) != VM_OK) return st;
        if ((st = vx_component(x, b, &cb)) != VM_OK) return st;
        if (VT_TAG(ca) == VT_REF && VT_TAG(cb) == VT_REF) {
            vtype m;
            if ((st = vx_merge_ref(x, ca, cb, &m)) != VM_OK) return st;
            return vx_array_of(x, m, out);
        }
        *out = VT_MK(VT_REF, x->n_object);
        return VM_OK;
    }
    if (aa || ba) { *out = VT_MK(VT_REF, x->n_object); return VM_OK; }
    /* keep a when it already covers b (a is the block's entry: stable) */
    if ((r = vx_name_assignable(x, nb, na, &st)) != 0) {
        if (r < 0) return st;
        *out = a;
        return VM_OK;
    }
    if ((r = vx_name_assignable(x, na, nb, &st)) != 0) {
        if (r < 0) return st;
        *out = b;
        return VM_OK;
    }
    /* first common superclass (both loaded by now, neither an interface
     * of the other's chain) */
    jclass *ca, *cb;
    if ((st = vx_load(x, na, &ca)) != VM_OK || (st = vx_load(x, nb, &cb)) != VM_OK)
        return st;
    for (jclass *s = ca->super; s; s = s->super) {
        bool sub = false;
        for (jclass *q = cb; q && !sub; q = q->super) sub = q == s;
        if (sub) {
            uint32_t n = vx_intern(x, s->name, (uint32_t)vm_strlen(s->name));
            if (n == UINT32_MAX) return vx_nomem(x);
            x->names[n].cls = s;
            *out = VT_MK(VT_REF, n);
            return VM_OK;
        }
    }
    *out = VT_MK(VT_REF, x->n_object);
    return VM_OK;
}
