/* gen_malformed.c - writes a corpus of malformed class files.
 *
 *   gen_malformed SEED.class OUTDIR
 *
 * Reads a valid class file (tests/malformed/classes/Seed.java compiled by
 * javac --release 17), and for every case below writes OUTDIR/<Case>.class,
 * a copy of the seed whose this_class is renamed to <Case> and which is
 * broken in one specific way, plus OUTDIR/cases.txt with one line per case:
 *   <Case> <FORMAT|VERSION|JSR>
 * naming the vm_status the class-file parser must return for it.
 *
 * The seed is held as a small editable model (constant pool, members,
 * attributes, decoded Code) so mutations can add constant-pool entries,
 * replace method bodies and re-emit a consistent file; a few cases patch
 * the emitted bytes instead (absurd counts and lengths, truncation).
 * Mutations find what they need by searching the constant pool and the
 * code, never by fixed offsets, so a different javac still works.
 *
 * Host C only (libc).  tests/unit/test_classfile.c #includes this file
 * with GM_NO_MAIN defined to run every case through cf_parse in memory.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Helpers the generator itself may not use (tests/unit uses them). */
#define GM_UNUSED __attribute__((unused))

/* ------------------------------------------------------------ buffers */

typedef struct gm_buf {
    uint8_t *b;
    size_t n, cap;
} gm_buf;

static void gm_die(const char *msg) {
    fprintf(stderr, "gen_malformed: %s\n", msg);
    exit(2);
}

static void gb_put(gm_buf *g, const void *p, size_t n) {
    if (g->n + n > g->cap) {
        size_t cap = g->cap ? g->cap : 256;
        while (cap < g->n + n) cap *= 2;
        uint8_t *nb = realloc(g->b, cap);
        if (!nb) gm_die("out of memory");
        g->b = nb;
        g->cap = cap;
    }
    if (n) memcpy(g->b + g->n, p, n);
    g->n += n;
}
static void gb_u1(gm_buf *g, unsigned v) {
    uint8_t b = (uint8_t)v;
    gb_put(g, &b, 1);
}
static void gb_u2(gm_buf *g, unsigned v) {
    gb_u1(g, v >> 8);
    gb_u1(g, v);
}
static void gb_u4(gm_buf *g, uint32_t v) {
    gb_u2(g, v >> 16);
    gb_u2(g, v & 0xffff);
}
static void put_u2(uint8_t *p, unsigned v) {
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}
static void put_u4(uint8_t *p, uint32_t v) {
    put_u2(p, v >> 16);
    put_u2(p + 2, v & 0xffff);
}
static unsigned get_u2(const uint8_t *p) { return (unsigned)(p[0] << 8 | p[1]); }
static uint32_t get_u4(const uint8_t *p) {
    return (uint32_t)get_u2(p) << 16 | get_u2(p + 2);
}

/* -------------------------------------------------------------- model */

typedef struct gm_code {
    unsigned max_stack, max_locals;
    uint8_t *code;
    uint32_t code_len;
    unsigned n_exc;
    uint16_t *exc; /* 4 per entry: start, end, handler, catch_type */
    struct gm_attr *attrs;
    unsigned n_attrs;
} gm_code;

typedef struct gm_attr {
    unsigned name;   /* Utf8 index */
    uint8_t *data;   /* raw body (ignored when code != NULL) */
    uint32_t len;
    gm_code *code;   /* decoded Code attribute */
} gm_attr;

typedef struct gm_member {
    unsigned access, name, desc;
    gm_attr *attrs;
    unsigned n_attrs;
} gm_member;

typedef struct gm_cp {
    uint8_t tag;     /* 0 for the slot after a Long/Double */
    uint8_t *data;   /* payload after the tag (Utf8: bytes, no length) */
    uint32_t len;
} gm_cp;

typedef struct gm_block {
    struct gm_block *next;
} gm_block;

typedef struct gm_class {
    gm_block *blocks; /* every allocation, freed by gm_free */
    uint32_t magic;
    unsigned minor, major;
    gm_cp *cp;
    unsigned cp_count; /* slots incl. 0 */
    unsigned access, this_class, super_class;
    uint16_t *ifaces;
    unsigned n_ifaces;
    gm_member *fields;
    unsigned n_fields;
    gm_member *methods;
    unsigned n_methods;
    gm_attr *attrs;
    unsigned n_attrs;
} gm_class;

/* Offsets recorded while emitting, for byte patches. */
typedef struct gm_layout {
    size_t cp_off[1024];       /* offset of the tag of entry i (i < 1024) */
    size_t this_off;           /* access_flags .. */
    size_t fields_off, methods_off, class_attrs_off;
    size_t method_off[64];     /* start of method i */
    size_t code_attr_off[64];  /* Code attribute header of method i, or 0 */
    size_t class_attr_off[16]; /* class attribute j header */
} gm_layout;

/* Zeroed memory owned by k (16 bytes of header keep it aligned). */
static void *gm_alloc(gm_class *k, size_t n) {
    gm_block *b = calloc(1, 16 + n);
    if (!b) gm_die("out of memory");
    b->next = k->blocks;
    k->blocks = b;
    return (uint8_t *)b + 16;
}

static void *gm_dup(gm_class *k, const void *p, size_t n) {
    void *r = gm_alloc(k, n);
    if (n) memcpy(r, p, n);
    return r;
}

static void gm_free(gm_class *k) {
    gm_block *b = k->blocks;
    while (b) {
        gm_block *n = b->next;
        free(b);
        b = n;
    }
    free(k);
}

/* --------------------------------------------------- parse the seed */

typedef struct gm_rd {
    const uint8_t *d;
    size_t n, pos;
    int bad;
} gm_rd;

static const uint8_t *rd_take(gm_rd *r, size_t n) {
    if (r->bad || n > r->n - r->pos) {
        r->bad = 1;
        return NULL;
    }
    const uint8_t *p = r->d + r->pos;
    r->pos += n;
    return p;
}
static unsigned rd_u1(gm_rd *r) {
    const uint8_t *p = rd_take(r, 1);
    return p ? p[0] : 0;
}
static unsigned rd_u2(gm_rd *r) {
    const uint8_t *p = rd_take(r, 2);
    return p ? get_u2(p) : 0;
}
static uint32_t rd_u4(gm_rd *r) {
    const uint8_t *p = rd_take(r, 4);
    return p ? get_u4(p) : 0;
}

static const char *gm_utf8(const gm_class *k, unsigned idx);

static void rd_attrs(gm_class *k, gm_rd *r, gm_attr **out, unsigned *n_out);

static gm_code *rd_code(gm_class *k, const uint8_t *body, uint32_t len) {
    gm_rd r = {body, len, 0, 0};
    gm_code *c = gm_alloc(k, sizeof *c);
    c->max_stack = rd_u2(&r);
    c->max_locals = rd_u2(&r);
    c->code_len = rd_u4(&r);
    const uint8_t *code = rd_take(&r, c->code_len);
    if (!code) return NULL;
    c->code = gm_dup(k, code, c->code_len);
    c->n_exc = rd_u2(&r);
    c->exc = gm_alloc(k, (size_t)c->n_exc * 8 + 8);
    for (unsigned i = 0; i < c->n_exc * 4; i++) c->exc[i] = (uint16_t)rd_u2(&r);
    rd_attrs(k, &r, &c->attrs, &c->n_attrs);
    if (r.bad || r.pos != len) return NULL;
    return c;
}

static void rd_attrs(gm_class *k, gm_rd *r, gm_attr **out, unsigned *n_out) {
    unsigned n = rd_u2(r);
    gm_attr *a = gm_alloc(k, sizeof *a * (n + 1));
    for (unsigned i = 0; i < n && !r->bad; i++) {
        a[i].name = rd_u2(r);
        a[i].len = rd_u4(r);
        const uint8_t *body = rd_take(r, a[i].len);
        if (!body) break;
        a[i].data = gm_dup(k, body, a[i].len);
        const char *nm = gm_utf8(k, a[i].name);
        if (nm && strcmp(nm, "Code") == 0) {
            a[i].code = rd_code(k, body, a[i].len);
            if (!a[i].code) r->bad = 1;
        }
    }
    *out = a;
    *n_out = n;
}

static void rd_members(gm_class *k, gm_rd *r, gm_member **out, unsigned *n_out) {
    unsigned n = rd_u2(r);
    gm_member *m = gm_alloc(k, sizeof *m * (n + 1));
    for (unsigned i = 0; i < n && !r->bad; i++) {
        m[i].access = rd_u2(r);
        m[i].name = rd_u2(r);
        m[i].desc = rd_u2(r);
        rd_attrs(k, r, &m[i].attrs, &m[i].n_attrs);
    }
    *out = m;
    *n_out = n;
}

/* Parse a (trusted, but still bounds-checked) class file; NULL if it is
 * not one this tool understands. */
static gm_class *gm_parse(const uint8_t *d, size_t n) {
    gm_class *k = calloc(1, sizeof *k);
    if (!k) gm_die("out of memory");
    gm_rd r = {d, n, 0, 0};
    k->magic = rd_u4(&r);
    k->minor = rd_u2(&r);
    k->major = rd_u2(&r);
    k->cp_count = rd_u2(&r);
    k->cp = gm_alloc(k, sizeof(gm_cp) * (k->cp_count + 1));
    for (unsigned i = 1; i < k->cp_count && !r.bad; i++) {
        gm_cp *e = &k->cp[i];
        e->tag = (uint8_t)rd_u1(&r);
        size_t len;
        switch (e->tag) {
        case 1: len = rd_u2(&r); break;
        case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
            len = 4; break;
        case 5: case 6: len = 8; break;
        case 7: case 8: case 16: case 19: case 20: len = 2; break;
        case 15: len = 3; break;
        default: r.bad = 1; len = 0; break;
        }
        const uint8_t *p = rd_take(&r, len);
        if (!p) break;
        e->data = gm_dup(k, p, len);
        e->len = (uint32_t)len;
        if (e->tag == 5 || e->tag == 6) i++;
    }
    k->access = rd_u2(&r);
    k->this_class = rd_u2(&r);
    k->super_class = rd_u2(&r);
    k->n_ifaces = rd_u2(&r);
    k->ifaces = gm_alloc(k, 2 * (k->n_ifaces + 1));
    for (unsigned i = 0; i < k->n_ifaces; i++) k->ifaces[i] = (uint16_t)rd_u2(&r);
    rd_members(k, &r, &k->fields, &k->n_fields);
    rd_members(k, &r, &k->methods, &k->n_methods);
    rd_attrs(k, &r, &k->attrs, &k->n_attrs);
    if (r.bad || r.pos != n || k->cp_count >= 1024 || k->n_methods >= 64 ||
        k->n_attrs >= 16) {
        gm_free(k);
        return NULL;
    }
    return k;
}

/* ---------------------------------------------------------------- emit */

static void emit_attrs(const gm_class *k, gm_buf *g, const gm_attr *a,
                       unsigned n, size_t *offs, unsigned max_offs);

static void emit_code(const gm_class *k, gm_buf *g, const gm_code *c) {
    gb_u2(g, c->max_stack);
    gb_u2(g, c->max_locals);
    gb_u4(g, c->code_len);
    gb_put(g, c->code, c->code_len);
    gb_u2(g, c->n_exc);
    for (unsigned i = 0; i < c->n_exc * 4; i++) gb_u2(g, c->exc[i]);
    emit_attrs(k, g, c->attrs, c->n_attrs, NULL, 0);
}

static void emit_attrs(const gm_class *k, gm_buf *g, const gm_attr *a,
                       unsigned n, size_t *offs, unsigned max_offs) {
    gb_u2(g, n);
    for (unsigned i = 0; i < n; i++) {
        if (offs && i < max_offs) offs[i] = g->n;
        gb_u2(g, a[i].name);
        size_t len_at = g->n;
        gb_u4(g, 0);
        if (a[i].code) emit_code(k, g, a[i].code);
        else gb_put(g, a[i].data, a[i].len);
        put_u4(g->b + len_at, (uint32_t)(g->n - len_at - 4));
    }
}


static void emit_members(const gm_class *k, gm_buf *g, const gm_member *m,
                         unsigned n, gm_layout *L, int methods) {
    gb_u2(g, n);
    for (unsigned i = 0; i < n; i++) {
        if (methods && i < 64) L->method_off[i] = g->n;
        gb_u2(g, m[i].access);
        gb_u2(g, m[i].name);
        gb_u2(g, m[i].desc);
        size_t offs[16] = {0};
        emit_attrs(k, g, m[i].attrs, m[i].n_attrs, offs, 16);
        if (methods && i < 64) {
            L->code_attr_off[i] = 0;
            for (unsigned j = 0; j < m[i].n_attrs && j < 16; j++)
                if (m[i].attrs[j].code) L->code_attr_off[i] = offs[j];
        }
    }
}

static gm_buf gm_emit(const gm_class *k, gm_layout *L) {
    gm_buf g = {0};
    gm_layout dummy;
    if (!L) L = &dummy;
    memset(L, 0, sizeof *L);
    gb_u4(&g, k->magic);
    gb_u2(&g, k->minor);
    gb_u2(&g, k->major);
    gb_u2(&g, k->cp_count);
    for (unsigned i = 1; i < k->cp_count; i++) {
        const gm_cp *e = &k->cp[i];
        if (i < 1024) L->cp_off[i] = g.n;
        gb_u1(&g, e->tag);
        if (e->tag == 1) gb_u2(&g, e->len);
        gb_put(&g, e->data, e->len);
        if (e->tag == 5 || e->tag == 6) i++;
    }
    L->this_off = g.n;
    gb_u2(&g, k->access);
    gb_u2(&g, k->this_class);
    gb_u2(&g, k->super_class);
    gb_u2(&g, k->n_ifaces);
    for (unsigned i = 0; i < k->n_ifaces; i++) gb_u2(&g, k->ifaces[i]);
    L->fields_off = g.n;
    emit_members(k, &g, k->fields, k->n_fields, L, 0);
    L->methods_off = g.n;
    emit_members(k, &g, k->methods, k->n_methods, L, 1);
    L->class_attrs_off = g.n;
    emit_attrs(k, &g, k->attrs, k->n_attrs, L->class_attr_off, 16);
    return g;
}

/* ------------------------------------------------------ model helpers */

enum {
    T_UTF8 = 1, T_INT = 3, T_FLOAT = 4, T_LONG = 5, T_DOUBLE = 6,
    T_CLASS = 7, T_STRING = 8, T_FIELD = 9, T_METHOD = 10, T_IMETHOD = 11,
    T_NAT = 12, T_MH = 15, T_MT = 16, T_DYN = 17, T_INDY = 18,
    T_MODULE = 19, T_PACKAGE = 20
};

static const char *gm_utf8(const gm_class *k, unsigned idx) {
    static char buf[4][512];
    static int which;
    if (idx == 0 || idx >= k->cp_count || k->cp[idx].tag != T_UTF8) return NULL;
    char *b = buf[which++ & 3];
    size_t n = k->cp[idx].len < 511 ? k->cp[idx].len : 511;
    memcpy(b, k->cp[idx].data, n);
    b[n] = 0;
    return b;
}

static unsigned ref_a(const gm_class *k, unsigned idx) {
    return get_u2(k->cp[idx].data);
}
static unsigned ref_b(const gm_class *k, unsigned idx) {
    return get_u2(k->cp[idx].data + 2);
}

static unsigned cp_add(gm_class *k, uint8_t tag, const void *data,
                       uint32_t len) {
    unsigned slots = (tag == T_LONG || tag == T_DOUBLE) ? 2 : 1;
    gm_cp *ncp = gm_alloc(k, sizeof(gm_cp) * (k->cp_count + slots + 1));
    memcpy(ncp, k->cp, sizeof(gm_cp) * k->cp_count);
    unsigned idx = k->cp_count;
    ncp[idx].tag = tag;
    ncp[idx].data = gm_dup(k, data, len);
    ncp[idx].len = len;
    k->cp = ncp;
    k->cp_count += slots;
    return idx;
}

static unsigned cp_add_utf8(gm_class *k, const char *s) {
    return cp_add(k, T_UTF8, s, (uint32_t)strlen(s));
}
static unsigned cp_add_u2(gm_class *k, uint8_t tag, unsigned a) {
    uint8_t d[2];
    put_u2(d, a);
    return cp_add(k, tag, d, 2);
}
static unsigned cp_add_u2u2(gm_class *k, uint8_t tag, unsigned a, unsigned b) {
    uint8_t d[4];
    put_u2(d, a);
    put_u2(d + 2, b);
    return cp_add(k, tag, d, 4);
}
static unsigned cp_add_class(gm_class *k, const char *name) {
    return cp_add_u2(k, T_CLASS, cp_add_utf8(k, name));
}
static unsigned cp_add_nat(gm_class *k, const char *name, const char *desc) {
    return cp_add_u2u2(k, T_NAT, cp_add_utf8(k, name), cp_add_utf8(k, desc));
}
static unsigned cp_add_ref(gm_class *k, uint8_t tag, const char *cls,
                           const char *name, const char *desc) {
    return cp_add_u2u2(k, tag, cp_add_class(k, cls), cp_add_nat(k, name, desc));
}
static unsigned cp_add_mh(gm_class *k, unsigned kind, unsigned ref) {
    uint8_t d[3] = {(uint8_t)kind, (uint8_t)(ref >> 8), (uint8_t)ref};
    return cp_add(k, T_MH, d, 3);
}
GM_UNUSED static unsigned cp_add_int(gm_class *k, uint8_t tag, uint32_t v) {
    uint8_t d[4];
    put_u4(d, v);
    return cp_add(k, tag, d, 4);
}
static unsigned cp_add_long(gm_class *k, uint8_t tag, uint64_t v) {
    uint8_t d[8];
    put_u4(d, (uint32_t)(v >> 32));
    put_u4(d + 4, (uint32_t)v);
    return cp_add(k, tag, d, 8);
}

/* First entry with `tag` (and, for member refs / NAT, member `name`). */
static unsigned cp_find(const gm_class *k, uint8_t tag, const char *name) {
    for (unsigned i = 1; i < k->cp_count; i++) {
        if (k->cp[i].tag != tag) continue;
        if (!name) return i;
        if (tag == T_CLASS) {
            const char *s = gm_utf8(k, ref_a(k, i));
            if (s && strcmp(s, name) == 0) return i;
            continue;
        }
        unsigned nat = tag == T_NAT ? i : ref_b(k, i);
        const char *s = gm_utf8(k, ref_a(k, nat));
        if (s && strcmp(s, name) == 0) return i;
    }
    return 0;
}

GM_UNUSED static unsigned cp_find_utf8(const gm_class *k, const char *s) {
    for (unsigned i = 1; i < k->cp_count; i++) {
        const char *u = gm_utf8(k, i);
        if (u && strcmp(u, s) == 0) return i;
    }
    return 0;
}

GM_UNUSED static void set_utf8(gm_class *k, unsigned idx, const char *s) {
    k->cp[idx].data = gm_dup(k, s, strlen(s));
    k->cp[idx].len = (uint32_t)strlen(s);
}

static gm_member *method(gm_class *k, const char *name) {
    for (unsigned i = 0; i < k->n_methods; i++) {
        const char *s = gm_utf8(k, k->methods[i].name);
        if (s && strcmp(s, name) == 0) return &k->methods[i];
    }
    gm_die("seed lacks an expected method");
    return NULL;
}

static unsigned method_index(gm_class *k, const char *name) {
    return (unsigned)(method(k, name) - k->methods);
}

static gm_attr *find_attr(gm_class *k, gm_attr *a, unsigned n,
                          const char *name) {
    for (unsigned i = 0; i < n; i++) {
        const char *s = gm_utf8(k, a[i].name);
        if (s && strcmp(s, name) == 0) return &a[i];
    }
    return NULL;
}

static gm_code *code_of(gm_class *k, const char *mname) {
    gm_member *m = method(k, mname);
    gm_attr *a = find_attr(k, m->attrs, m->n_attrs, "Code");
    if (!a || !a->code) gm_die("seed method without Code");
    return a->code;
}

static void add_attr(gm_class *k, gm_attr **a, unsigned *n, const char *name,
                     const void *data, uint32_t len) {
    gm_attr *na = gm_alloc(k, sizeof *na * (*n + 2));
    memcpy(na, *a, sizeof *na * *n);
    na[*n].name = cp_add_utf8(k, name);
    na[*n].data = gm_dup(k, data, len);
    na[*n].len = len;
    *a = na;
    (*n)++;
}

static void remove_attr(gm_class *k, gm_attr *a, unsigned *n,
                        const char *name) {
    for (unsigned i = 0; i < *n; i++) {
        const char *s = gm_utf8(k, a[i].name);
        if (s && strcmp(s, name) == 0) {
            memmove(&a[i], &a[i + 1], sizeof *a * (*n - i - 1));
            (*n)--;
            i--;
        }
    }
}

/* Replace the body of method `mname` (its exception table and nested
 * attributes are dropped). */
static gm_code *set_code(gm_class *k, const char *mname, unsigned max_locals,
                         const uint8_t *code, uint32_t len) {
    gm_code *c = code_of(k, mname);
    c->code = gm_dup(k, code, len);
    c->code_len = len;
    c->max_locals = max_locals;
    c->max_stack = 10;
    c->n_exc = 0;
    c->n_attrs = 0;
    return c;
}

static void add_exc(gm_class *k, gm_code *c, unsigned s, unsigned e,
                    unsigned h, unsigned t) {
    uint16_t *nx = gm_alloc(k, (size_t)(c->n_exc + 1) * 8);
    memcpy(nx, c->exc, (size_t)c->n_exc * 8);
    uint16_t *x = nx + c->n_exc * 4;
    x[0] = (uint16_t)s;
    x[1] = (uint16_t)e;
    x[2] = (uint16_t)h;
    x[3] = (uint16_t)t;
    c->exc = nx;
    c->n_exc++;
}

/* Instruction length (independent of the VM's cf_insn_length). */
static uint32_t gm_insn_len(const uint8_t *c, uint32_t n, uint32_t pc) {
    static const char *lens =
        "1111111111111111232332222211111111111111111111111111112222211111"
        "1111111111111111111111111111111111111111111111111111111111111111"
        "1111311111111111111111111333333333333333320011111133333335532311"
        "3311043355";
    uint8_t op = c[pc];
    if (op == 170 || op == 171) {
        uint32_t a = (pc + 4) & ~3u;
        if (a + 12 > n) return 0;
        if (op == 170) {
            int32_t lo = (int32_t)get_u4(c + a + 4), hi = (int32_t)get_u4(c + a + 8);
            return a + 12 + 4 * (uint32_t)(hi - lo + 1) - pc;
        }
        return a + 8 + 8 * get_u4(c + a + 4) - pc;
    }
    if (op == 196) return c[pc + 1] == 132 ? 6 : 4;
    if (op > 201) return 0;
    return (uint32_t)(lens[op] - '0');
}

/* pc of the first `op` in the code, or -1. */
static long find_op(const gm_code *c, uint8_t op) {
    for (uint32_t pc = 0; pc < c->code_len;) {
        if (c->code[pc] == op) return pc;
        uint32_t l = gm_insn_len(c->code, c->code_len, pc);
        if (!l) break;
        pc += l;
    }
    return -1;
}

static long need_op(const gm_code *c, uint8_t op) {
    long pc = find_op(c, op);
    if (pc < 0) gm_die("seed lacks an expected instruction");
    return pc;
}

/* ------------------------------------------------------------- cases */

typedef struct gm_case_ctx {
    gm_class *k;
    gm_buf out;     /* set by cases that emit and patch themselves */
    int emitted;
} gm_case_ctx;

typedef void (*gm_case_fn)(gm_case_ctx *x);

typedef struct gm_case {
    const char *name;
    const char *expect; /* "FORMAT", "VERSION", "JSR" */
    gm_case_fn fn;
} gm_case;

static gm_layout gm_L;

static void emit_now(gm_case_ctx *x) {
    x->out = gm_emit(x->k, &gm_L);
    x->emitted = 1;
}

/* ---- header ---- */
static void c_bad_magic(gm_case_ctx *x) { x->k->magic = 0xcafebabf; }
static void c_magic_zero(gm_case_ctx *x) { x->k->magic = 0; }
static void c_version44(gm_case_ctx *x) { x->k->major = 44; }
static void c_version62(gm_case_ctx *x) { x->k->major = 62; }
static void c_version65(gm_case_ctx *x) { x->k->major = 65; }
static void c_version65535(gm_case_ctx *x) { x->k->major = 65535; }
static void c_version_minor(gm_case_ctx *x) { x->k->minor = 3; }
static void c_version_preview(gm_case_ctx *x) { x->k->minor = 65535; }

/* ---- constant pool ---- */
static void c_cp_count0(gm_case_ctx *x) { emit_now(x); put_u2(x->out.b + 8, 0); }
static void c_cp_count1(gm_case_ctx *x) { emit_now(x); put_u2(x->out.b + 8, 1); }
static void c_cp_count_huge(gm_case_ctx *x) { emit_now(x); put_u2(x->out.b + 8, 65535); }
static void c_cp_count_short(gm_case_ctx *x) {
    emit_now(x);
    put_u2(x->out.b + 8, (unsigned)x->k->cp_count - 1);
}
static void set_tag(gm_case_ctx *x, uint8_t from, uint8_t to) {
    unsigned i = cp_find(x->k, from, NULL);
    x->k->cp[i].tag = to;
}
static void c_cp_tag0(gm_case_ctx *x) { set_tag(x, T_CLASS, 0); }
static void c_cp_tag2(gm_case_ctx *x) { set_tag(x, T_CLASS, 2); }
static void c_cp_tag13(gm_case_ctx *x) { set_tag(x, T_NAT, 13); }
static void c_cp_tag14(gm_case_ctx *x) { set_tag(x, T_NAT, 14); }
static void c_cp_tag21(gm_case_ctx *x) { set_tag(x, T_METHOD, 21); }
static void c_cp_tag255(gm_case_ctx *x) { set_tag(x, T_UTF8, 255); }
static void c_cp_mh_in_v50(gm_case_ctx *x) { x->k->major = 50; }
static void c_cp_dynamic_in_v54(gm_case_ctx *x) {
    cp_add_u2u2(x->k, T_DYN, 0, cp_add_nat(x->k, "x", "I"));
    x->k->major = 54;
}
static void c_cp_module_in_class(gm_case_ctx *x) {
    cp_add_u2(x->k, T_MODULE, cp_add_utf8(x->k, "some.module"));
}
static void c_cp_package_in_class(gm_case_ctx *x) {
    cp_add_u2(x->k, T_PACKAGE, cp_add_utf8(x->k, "some/pkg"));
}
static void add_raw_utf8(gm_case_ctx *x, const char *bytes, uint32_t n) {
    cp_add(x->k, T_UTF8, bytes, n);
}
static void c_utf8_zero_byte(gm_case_ctx *x) { add_raw_utf8(x, "ab\0c", 4); }
static void c_utf8_f0(gm_case_ctx *x) { add_raw_utf8(x, "a\xf0\x9f\x98\x80", 5); }
static void c_utf8_ff(gm_case_ctx *x) { add_raw_utf8(x, "\xff", 1); }
static void c_utf8_lone_continuation(gm_case_ctx *x) { add_raw_utf8(x, "a\x80", 2); }
static void c_utf8_cut_2byte(gm_case_ctx *x) { add_raw_utf8(x, "ab\xc3", 3); }
static void c_utf8_cut_3byte(gm_case_ctx *x) { add_raw_utf8(x, "ab\xe2\x82", 4); }
static void c_utf8_bad_continuation(gm_case_ctx *x) { add_raw_utf8(x, "\xe2\x28\xa1", 3); }
static void c_utf8_length_huge(gm_case_ctx *x) {
    unsigned i = cp_find(x->k, T_UTF8, NULL);
    emit_now(x);
    put_u2(x->out.b + gm_L.cp_off[i] + 1, 65535);
}
static void c_utf8_length_past_end(gm_case_ctx *x) {
    unsigned i = cp_add_utf8(x->k, "last");
    emit_now(x);
    put_u2(x->out.b + gm_L.cp_off[i] + 1,
           (unsigned)(x->out.n - gm_L.cp_off[i] - 2));
}
static void c_long_last_slot(gm_case_ctx *x) {
    unsigned i = cp_add_long(x->k, T_LONG, 1);
    emit_now(x);
    put_u2(x->out.b + 8, i + 1); /* the Long needs slots i and i+1 */
}
static void set_ref_a(gm_class *k, unsigned i, unsigned v) { put_u2(k->cp[i].data, v); }
static void set_ref_b(gm_class *k, unsigned i, unsigned v) { put_u2(k->cp[i].data + 2, v); }
static void c_class_name_zero(gm_case_ctx *x) { set_ref_a(x->k, cp_find(x->k, T_CLASS, "java/lang/Object"), 0); }
static void c_class_name_out_of_range(gm_case_ctx *x) { set_ref_a(x->k, cp_find(x->k, T_CLASS, "java/lang/Object"), x->k->cp_count); }
static void c_class_name_not_utf8(gm_case_ctx *x) {
    set_ref_a(x->k, cp_find(x->k, T_CLASS, "java/lang/Object"), cp_find(x->k, T_INT, NULL));
}
static void c_class_name_long_second_slot(gm_case_ctx *x) {
    set_ref_a(x->k, cp_find(x->k, T_CLASS, "java/lang/Object"), cp_find(x->k, T_LONG, NULL) + 1);
}
static void c_class_name_bad(gm_case_ctx *x) { cp_add_class(x->k, "a;b"); }
static void c_class_name_empty(gm_case_ctx *x) { cp_add_class(x->k, ""); }
static void c_class_name_slashes(gm_case_ctx *x) { cp_add_class(x->k, "java//lang"); }
static void c_class_array_256(gm_case_ctx *x) {
    char s[260];
    memset(s, '[', 256);
    strcpy(s + 256, "I");
    cp_add_class(x->k, s);
}
static void c_string_not_utf8(gm_case_ctx *x) {
    unsigned i = cp_find(x->k, T_STRING, NULL);
    set_ref_a(x->k, i, cp_find(x->k, T_CLASS, NULL));
}
static void c_fieldref_bad_class(gm_case_ctx *x) { set_ref_a(x->k, cp_find(x->k, T_FIELD, NULL), cp_find(x->k, T_UTF8, NULL)); }
static void c_fieldref_bad_nat(gm_case_ctx *x) { set_ref_b(x->k, cp_find(x->k, T_FIELD, NULL), cp_find(x->k, T_CLASS, NULL)); }
static void c_fieldref_method_desc(gm_case_ctx *x) {
    unsigned f = cp_find(x->k, T_FIELD, NULL);
    set_ref_b(x->k, f, ref_b(x->k, cp_find(x->k, T_METHOD, NULL)));
}
static void c_methodref_field_desc(gm_case_ctx *x) {
    unsigned m = cp_find(x->k, T_METHOD, NULL);
    set_ref_b(x->k, m, ref_b(x->k, cp_find(x->k, T_FIELD, NULL)));
}
static void c_methodref_out_of_range(gm_case_ctx *x) { set_ref_a(x->k, cp_find(x->k, T_METHOD, NULL), 0xffff); }
static void c_methodref_clinit(gm_case_ctx *x) { cp_add_ref(x->k, T_METHOD, "Seed", "<clinit>", "()V"); }
static void c_methodref_init_nonvoid(gm_case_ctx *x) { cp_add_ref(x->k, T_METHOD, "Seed", "<init>", "()I"); }
static void c_imethodref_init(gm_case_ctx *x) { cp_add_ref(x->k, T_IMETHOD, "java/lang/Runnable", "<init>", "()V"); }
static void c_methodref_bad_name(gm_case_ctx *x) { cp_add_ref(x->k, T_METHOD, "Seed", "a.b", "()V"); }
static void c_methodref_256_args(gm_case_ctx *x) {
    char d[300];
    d[0] = '(';
    memset(d + 1, 'I', 256);
    strcpy(d + 257, ")V");
    cp_add_ref(x->k, T_METHOD, "Seed", "many", d);
}
static void c_fieldref_bad_desc(gm_case_ctx *x) { cp_add_ref(x->k, T_FIELD, "Seed", "f", "Lfoo"); }
static void c_nat_name_not_utf8(gm_case_ctx *x) { set_ref_a(x->k, cp_find(x->k, T_NAT, NULL), cp_find(x->k, T_CLASS, NULL)); }
static void c_nat_desc_out_of_range(gm_case_ctx *x) { set_ref_b(x->k, cp_find(x->k, T_NAT, NULL), x->k->cp_count + 5); }
static void c_mh_kind0(gm_case_ctx *x) { x->k->cp[cp_find(x->k, T_MH, NULL)].data[0] = 0; }
static void c_mh_kind10(gm_case_ctx *x) { x->k->cp[cp_find(x->k, T_MH, NULL)].data[0] = 10; }
static void c_mh_kind1_methodref(gm_case_ctx *x) { x->k->cp[cp_find(x->k, T_MH, NULL)].data[0] = 1; }
static void c_mh_kind9_methodref(gm_case_ctx *x) { x->k->cp[cp_find(x->k, T_MH, NULL)].data[0] = 9; }
static void c_mh_kind8_not_init(gm_case_ctx *x) { x->k->cp[cp_find(x->k, T_MH, NULL)].data[0] = 8; }
static void c_mh_kind5_init(gm_case_ctx *x) { cp_add_mh(x->k, 5, cp_find(x->k, T_METHOD, "<init>")); }
static void c_mh_bad_ref(gm_case_ctx *x) { cp_add_mh(x->k, 6, cp_find(x->k, T_UTF8, NULL)); }
static void c_mt_field_desc(gm_case_ctx *x) { cp_add_u2(x->k, T_MT, cp_add_utf8(x->k, "I")); }
static void c_indy_bsm_out_of_range(gm_case_ctx *x) { set_ref_a(x->k, cp_find(x->k, T_INDY, NULL), 7); }
static void c_indy_field_desc(gm_case_ctx *x) {
    set_ref_b(x->k, cp_find(x->k, T_INDY, NULL), cp_add_nat(x->k, "x", "I"));
}
static void c_indy_no_bootstrap(gm_case_ctx *x) { remove_attr(x->k, x->k->attrs, &x->k->n_attrs, "BootstrapMethods"); }
static void c_dynamic_method_desc(gm_case_ctx *x) {
    cp_add_u2u2(x->k, T_DYN, 0, cp_add_nat(x->k, "x", "()I"));
}

/* ---- class header ---- */
static void c_this_zero(gm_case_ctx *x) { x->k->this_class = 0; }
static void c_this_out_of_range(gm_case_ctx *x) { x->k->this_class = x->k->cp_count; }
static void c_this_not_class(gm_case_ctx *x) { x->k->this_class = ref_a(x->k, x->k->this_class); }
static void c_this_array(gm_case_ctx *x) { x->k->this_class = cp_add_class(x->k, "[LSeed;"); }
static void c_super_zero(gm_case_ctx *x) { x->k->super_class = 0; }
static void c_super_not_class(gm_case_ctx *x) { x->k->super_class = cp_find(x->k, T_STRING, NULL); }
static void c_super_array(gm_case_ctx *x) { x->k->super_class = cp_add_class(x->k, "[I"); }
static void c_super_self(gm_case_ctx *x) { x->k->super_class = x->k->this_class; }
static void c_iface_not_class(gm_case_ctx *x) { x->k->ifaces[0] = (uint16_t)cp_find(x->k, T_UTF8, NULL); }
static void c_iface_out_of_range(gm_case_ctx *x) { x->k->ifaces[0] = 0xfffe; }
static void c_iface_duplicate(gm_case_ctx *x) {
    uint16_t *n = gm_alloc(x->k, 2 * (x->k->n_ifaces + 1));
    memcpy(n, x->k->ifaces, 2 * x->k->n_ifaces);
    n[x->k->n_ifaces] = (uint16_t)cp_add_class(x->k, "java/lang/Runnable");
    x->k->ifaces = n;
    x->k->n_ifaces++;
}
static void c_iface_array(gm_case_ctx *x) { x->k->ifaces[0] = (uint16_t)cp_add_class(x->k, "[Ljava/lang/Runnable;"); }
static void c_class_final_abstract(gm_case_ctx *x) { x->k->access |= 0x0410; }
static void c_class_interface_not_abstract(gm_case_ctx *x) { x->k->access = 0x0201; }
static void c_class_interface_final(gm_case_ctx *x) { x->k->access = 0x0611; }
static void c_class_annotation_not_interface(gm_case_ctx *x) { x->k->access |= 0x2000; }
static void c_class_interface_super_not_object(gm_case_ctx *x) {
    x->k->access = 0x0601;
    x->k->super_class = cp_add_class(x->k, "java/lang/Number");
}
static void c_class_module_flag(gm_case_ctx *x) { x->k->access = 0x8000; }

/* ---- fields ---- */
static gm_member *field0(gm_case_ctx *x) {
    if (!x->k->n_fields) gm_die("seed has no fields");
    return &x->k->fields[0];
}
static gm_member *field_named(gm_case_ctx *x, const char *n) {
    for (unsigned i = 0; i < x->k->n_fields; i++)
        if (strcmp(gm_utf8(x->k, x->k->fields[i].name), n) == 0) return &x->k->fields[i];
    gm_die("seed lacks an expected field");
    return NULL;
}
static void c_field_public_private(gm_case_ctx *x) { field0(x)->access |= 0x0003; }
static void c_field_final_volatile(gm_case_ctx *x) { field0(x)->access |= 0x0050; }
static void c_field_name_empty(gm_case_ctx *x) { field0(x)->name = cp_add_utf8(x->k, ""); }
static void c_field_name_dot(gm_case_ctx *x) { field0(x)->name = cp_add_utf8(x->k, "a.b"); }
static void c_field_name_init(gm_case_ctx *x) { field0(x)->name = cp_add_utf8(x->k, "<init>"); }
static void c_field_name_not_utf8(gm_case_ctx *x) { field0(x)->name = cp_find(x->k, T_CLASS, NULL); }
static void c_field_desc_bad(gm_case_ctx *x) { field0(x)->desc = cp_add_utf8(x->k, "X"); }
static void c_field_desc_void(gm_case_ctx *x) { field0(x)->desc = cp_add_utf8(x->k, "V"); }
static void c_field_desc_method(gm_case_ctx *x) { field0(x)->desc = cp_add_utf8(x->k, "()I"); }
static void c_field_desc_unterminated(gm_case_ctx *x) { field0(x)->desc = cp_add_utf8(x->k, "Ljava/lang/String"); }
static void c_field_desc_trailing(gm_case_ctx *x) { field0(x)->desc = cp_add_utf8(x->k, "II"); }
static void c_field_desc_dims256(gm_case_ctx *x) {
    char s[260];
    memset(s, '[', 256);
    strcpy(s + 256, "I");
    field0(x)->desc = cp_add_utf8(x->k, s);
}
static void c_field_duplicate(gm_case_ctx *x) {
    gm_class *k = x->k;
    gm_member *n = gm_alloc(k, sizeof *n * (k->n_fields + 1));
    memcpy(n, k->fields, sizeof *n * k->n_fields);
    n[k->n_fields] = n[k->n_fields - 1];
    /* same name and type through different (equal) Utf8 entries */
    n[k->n_fields].name = cp_add_utf8(k, gm_utf8(k, n[k->n_fields - 1].name));
    n[k->n_fields].attrs = NULL;
    n[k->n_fields].n_attrs = 0;
    k->fields = n;
    k->n_fields++;
}
static void c_constval_wrong_type(gm_case_ctx *x) {
    gm_member *f = field_named(x, "K");
    gm_attr *a = find_attr(x->k, f->attrs, f->n_attrs, "ConstantValue");
    put_u2(a->data, cp_find(x->k, T_STRING, NULL));
}
static void c_constval_out_of_range(gm_case_ctx *x) {
    gm_member *f = field_named(x, "K");
    put_u2(find_attr(x->k, f->attrs, f->n_attrs, "ConstantValue")->data, 0xfff0);
}
static void c_constval_length3(gm_case_ctx *x) {
    gm_member *f = field_named(x, "K");
    gm_attr *a = find_attr(x->k, f->attrs, f->n_attrs, "ConstantValue");
    uint8_t d[3] = {a->data[0], a->data[1], 0};
    a->data = gm_dup(x->k, d, 3);
    a->len = 3;
}
static void c_constval_duplicate(gm_case_ctx *x) {
    gm_member *f = field_named(x, "K");
    gm_attr *a = find_attr(x->k, f->attrs, f->n_attrs, "ConstantValue");
    uint8_t d[2] = {a->data[0], a->data[1]};
    add_attr(x->k, &f->attrs, &f->n_attrs, "ConstantValue", d, 2);
}
static void c_constval_on_object(gm_case_ctx *x) {
    gm_member *f = field_named(x, "K");
    f->desc = cp_add_utf8(x->k, "Ljava/lang/Object;");
}

/* ---- methods ---- */
static void c_method_public_private(gm_case_ctx *x) { method(x->k, "run")->access |= 0x0003; }
static void c_method_abstract_final(gm_case_ctx *x) { method(x->k, "run")->access |= 0x0410; }
static void c_method_abstract_static(gm_case_ctx *x) { method(x->k, "pick")->access |= 0x0400; }
static void c_method_abstract_private(gm_case_ctx *x) { method(x->k, "run")->access = 0x0402; }
static void c_method_abstract_with_code(gm_case_ctx *x) { method(x->k, "run")->access = 0x0401; }
static void c_method_native_with_code(gm_case_ctx *x) { method(x->k, "run")->access |= 0x0100; }
static void c_method_no_code(gm_case_ctx *x) {
    gm_member *m = method(x->k, "run");
    remove_attr(x->k, m->attrs, &m->n_attrs, "Code");
}
static void c_method_two_code(gm_case_ctx *x) {
    gm_member *m = method(x->k, "run");
    gm_attr *na = gm_alloc(x->k, sizeof *na * (m->n_attrs + 1));
    memcpy(na, m->attrs, sizeof *na * m->n_attrs);
    na[m->n_attrs] = *find_attr(x->k, m->attrs, m->n_attrs, "Code");
    m->attrs = na;
    m->n_attrs++;
}
static void c_method_duplicate(gm_case_ctx *x) {
    gm_member *m = method(x->k, "pick");
    m->name = cp_add_utf8(x->k, "sparse");
}
static void c_method_name_empty(gm_case_ctx *x) { method(x->k, "run")->name = cp_add_utf8(x->k, ""); }
static void c_method_name_lt(gm_case_ctx *x) { method(x->k, "run")->name = cp_add_utf8(x->k, "a<b"); }
static void c_method_name_slash(gm_case_ctx *x) { method(x->k, "run")->name = cp_add_utf8(x->k, "a/b"); }
static void c_method_desc_unclosed(gm_case_ctx *x) { method(x->k, "run")->desc = cp_add_utf8(x->k, "(I"); }
static void c_method_desc_no_return(gm_case_ctx *x) { method(x->k, "run")->desc = cp_add_utf8(x->k, "()"); }
static void c_method_desc_void_arg(gm_case_ctx *x) { method(x->k, "run")->desc = cp_add_utf8(x->k, "(V)V"); }
static void c_method_desc_field(gm_case_ctx *x) { method(x->k, "run")->desc = cp_add_utf8(x->k, "I"); }
static void c_method_init_nonvoid(gm_case_ctx *x) { method(x->k, "<init>")->desc = cp_add_utf8(x->k, "()I"); }
static void c_method_init_static(gm_case_ctx *x) { method(x->k, "<init>")->access |= 0x0008; }
static void c_method_clinit_nonstatic(gm_case_ctx *x) { method(x->k, "<clinit>")->access = 0; }
static void c_method_clinit_args(gm_case_ctx *x) { method(x->k, "<clinit>")->desc = cp_add_utf8(x->k, "(I)V"); }
static void c_method_256_arg_slots(gm_case_ctx *x) {
    char d[300];
    d[0] = '(';
    memset(d + 1, 'I', 255);
    strcpy(d + 256, ")V");
    method(x->k, "run")->desc = cp_add_utf8(x->k, d); /* + this = 256 */
}
static void c_exceptions_bad_index(gm_case_ctx *x) {
    gm_member *m = method(x->k, "run");
    uint8_t d[4] = {0, 1, 0, 0};
    put_u2(d + 2, cp_find(x->k, T_UTF8, NULL));
    add_attr(x->k, &m->attrs, &m->n_attrs, "Exceptions", d, 4);
}
static void c_exceptions_bad_length(gm_case_ctx *x) {
    gm_member *m = method(x->k, "run");
    uint8_t d[5] = {0, 1, 0, 0, 0};
    put_u2(d + 2, cp_find(x->k, T_CLASS, NULL));
    add_attr(x->k, &m->attrs, &m->n_attrs, "Exceptions", d, 5);
}
static void c_exceptions_duplicate(gm_case_ctx *x) {
    gm_member *m = method(x->k, "run");
    uint8_t d[4] = {0, 1, 0, 0};
    put_u2(d + 2, cp_find(x->k, T_CLASS, NULL));
    add_attr(x->k, &m->attrs, &m->n_attrs, "Exceptions", d, 4);
    add_attr(x->k, &m->attrs, &m->n_attrs, "Exceptions", d, 4);
}

/* ---- attributes ---- */
static void c_attr_length_huge(gm_case_ctx *x) {
    emit_now(x);
    put_u4(x->out.b + gm_L.class_attr_off[0] + 2, 0x7fffffff);
}
static void c_attr_length_ffffffff(gm_case_ctx *x) {
    emit_now(x);
    put_u4(x->out.b + gm_L.class_attr_off[0] + 2, 0xffffffffu);
}
static void c_code_attr_length_past_end(gm_case_ctx *x) {
    unsigned m = method_index(x->k, "main");
    emit_now(x);
    uint8_t *p = x->out.b + gm_L.code_attr_off[m] + 2;
    put_u4(p, get_u4(p) + 100000);
}
static void c_code_attr_length_short(gm_case_ctx *x) {
    unsigned m = method_index(x->k, "main");
    emit_now(x);
    uint8_t *p = x->out.b + gm_L.code_attr_off[m] + 2;
    put_u4(p, get_u4(p) - 1);
}
static void c_code_attr_length_long(gm_case_ctx *x) {
    unsigned m = method_index(x->k, "run");
    emit_now(x);
    uint8_t *p = x->out.b + gm_L.code_attr_off[m] + 2;
    put_u4(p, get_u4(p) + 1);
}
static void c_code_length_past_attr(gm_case_ctx *x) {
    unsigned m = method_index(x->k, "run");
    emit_now(x);
    uint8_t *p = x->out.b + gm_L.code_attr_off[m] + 6 + 4;
    put_u4(p, get_u4(p) + 40);
}
static void c_attr_name_not_utf8(gm_case_ctx *x) { x->k->attrs[0].name = cp_find(x->k, T_CLASS, NULL); }
static void c_attr_name_zero(gm_case_ctx *x) { x->k->attrs[0].name = 0; }
static void c_sourcefile_bad_length(gm_case_ctx *x) {
    gm_attr *a = find_attr(x->k, x->k->attrs, x->k->n_attrs, "SourceFile");
    uint8_t d[3] = {a->data[0], a->data[1], 0};
    a->data = gm_dup(x->k, d, 3);
    a->len = 3;
}
static void c_sourcefile_not_utf8(gm_case_ctx *x) {
    put_u2(find_attr(x->k, x->k->attrs, x->k->n_attrs, "SourceFile")->data, cp_find(x->k, T_CLASS, NULL));
}
static void c_sourcefile_duplicate(gm_case_ctx *x) {
    gm_attr *a = find_attr(x->k, x->k->attrs, x->k->n_attrs, "SourceFile");
    uint8_t d[2] = {a->data[0], a->data[1]};
    add_attr(x->k, &x->k->attrs, &x->k->n_attrs, "SourceFile", d, 2);
}
static void c_extra_bytes(gm_case_ctx *x) {
    emit_now(x);
    gb_u2(&x->out, 0);
}
static gm_attr *bsm(gm_case_ctx *x) {
    gm_attr *a = find_attr(x->k, x->k->attrs, x->k->n_attrs, "BootstrapMethods");
    if (!a) gm_die("seed has no BootstrapMethods");
    return a;
}
static void c_bsm_duplicate(gm_case_ctx *x) {
    gm_attr *a = bsm(x);
    add_attr(x->k, &x->k->attrs, &x->k->n_attrs, "BootstrapMethods", a->data, a->len);
}
static void c_bsm_ref_not_mh(gm_case_ctx *x) { put_u2(bsm(x)->data + 2, cp_find(x->k, T_UTF8, NULL)); }
static void c_bsm_arg_not_loadable(gm_case_ctx *x) {
    gm_attr *a = bsm(x);
    if (get_u2(a->data + 4) == 0) gm_die("seed bootstrap has no arguments");
    put_u2(a->data + 6, cp_find(x->k, T_FIELD, NULL));
}
static void c_bsm_length_mismatch(gm_case_ctx *x) {
    gm_attr *a = bsm(x);
    uint8_t *d = gm_alloc(x->k, a->len + 2);
    memcpy(d, a->data, a->len);
    a->data = d;
    a->len += 2;
}
static void c_bsm_count_huge(gm_case_ctx *x) { put_u2(bsm(x)->data, 0xffff); }
static void c_lnt_pc_out_of_range(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "run");
    gm_attr *a = find_attr(x->k, c->attrs, c->n_attrs, "LineNumberTable");
    if (!a) gm_die("seed has no LineNumberTable");
    put_u2(a->data + 2, c->code_len);
}
static void c_lnt_bad_length(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "run");
    gm_attr *a = find_attr(x->k, c->attrs, c->n_attrs, "LineNumberTable");
    put_u2(a->data, get_u2(a->data) + 1);
}
static void c_stackmap_duplicate(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    gm_attr *a = find_attr(x->k, c->attrs, c->n_attrs, "StackMapTable");
    if (!a) gm_die("seed main has no StackMapTable");
    add_attr(x->k, &c->attrs, &c->n_attrs, "StackMapTable", a->data, a->len);
}
static void c_code_nested_attr_past_end(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "run");
    if (!c->n_attrs) gm_die("seed run() has no nested attributes");
    emit_now(x);
    /* the first nested attribute header after run()'s code */
    unsigned m = method_index(x->k, "run");
    size_t p = gm_L.code_attr_off[m] + 6 + 8 + c->code_len + 2 + 8 * c->n_exc + 2;
    put_u4(x->out.b + p + 2, 0x10000);
}

/* ---- code: synthesized bodies for static main([Ljava/lang/String;)V ---- */
static void body(gm_case_ctx *x, unsigned max_locals, const uint8_t *c, uint32_t n) {
    set_code(x->k, "main", max_locals, c, n);
}
#define BODY(x, ml, ...) do { static const uint8_t b_[] = {__VA_ARGS__}; \
    body(x, ml, b_, sizeof b_); } while (0)
#define HI(v) (uint8_t)((v) >> 8)
#define LO(v) (uint8_t)(v)
/* op idx16 ; return */
static void body_op_cp(gm_case_ctx *x, uint8_t op, unsigned idx, int extra) {
    uint8_t b[8] = {op, HI(idx), LO(idx)};
    uint32_t n = 3;
    if (extra == 1) b[n++] = 1;                       /* multianewarray dims */
    if (extra == 2) { b[n++] = 1; b[n++] = 0; }       /* invokeinterface */
    if (extra == 3) { b[n++] = 0; b[n++] = 0; }       /* invokedynamic */
    b[n++] = 177;
    body(x, 1, b, n);
}

static void c_code_length0(gm_case_ctx *x) { body(x, 1, (const uint8_t *)"", 0); }
static void c_code_length70000(gm_case_ctx *x) {
    uint8_t *b = calloc(1, 70000);
    if (!b) gm_die("out of memory");
    b[69999] = 177;
    body(x, 1, b, 70000);
    free(b);
}
static void c_code_length65536(gm_case_ctx *x) {
    uint8_t *b = calloc(1, 65536);
    if (!b) gm_die("out of memory");
    b[65535] = 177;
    body(x, 1, b, 65536);
    free(b);
}
static void c_code_undefined_202(gm_case_ctx *x) { BODY(x, 1, 202, 177); }
static void c_code_undefined_255(gm_case_ctx *x) { BODY(x, 1, 0, 255, 177); }
static void c_code_undefined_186_v50(gm_case_ctx *x) {
    /* version 50: turn the Java 7+ constants into harmless Integers */
    gm_class *k = x->k;
    for (unsigned i = 1; i < k->cp_count; i++) {
        if (k->cp[i].tag == T_MH || k->cp[i].tag == T_MT || k->cp[i].tag == T_INDY) {
            k->cp[i].tag = T_INT;
            k->cp[i].data = gm_alloc(k, 4);
            k->cp[i].len = 4;
        }
    }
    remove_attr(k, k->attrs, &k->n_attrs, "BootstrapMethods");
    k->major = 50;
    BODY(x, 1, 186, 0, 1, 0, 0, 177);
}
static void c_code_truncated_sipush(gm_case_ctx *x) { BODY(x, 1, 177, 17, 0); }
static void c_code_truncated_invoke(gm_case_ctx *x) { BODY(x, 1, 177, 184, 0); }
static void c_code_wide_nop(gm_case_ctx *x) { BODY(x, 1, 196, 0, 0, 0, 177); }
static void c_code_wide_at_end(gm_case_ctx *x) { BODY(x, 1, 177, 196); }
static void c_code_falls_off_end(gm_case_ctx *x) { BODY(x, 1, 3, 87); }
static void c_code_ends_with_if(gm_case_ctx *x) { BODY(x, 1, 3, 153, 0xff, 0xff); }
static void c_jsr(gm_case_ctx *x) { BODY(x, 2, 168, 0, 4, 177, 76, 169, 1); }
static void c_jsr_w(gm_case_ctx *x) { BODY(x, 2, 201, 0, 0, 0, 6, 177, 76, 169, 1); }
static void c_ret(gm_case_ctx *x) { BODY(x, 2, 1, 76, 169, 1); }
static void c_wide_ret(gm_case_ctx *x) { BODY(x, 2, 1, 76, 196, 169, 0, 1); }
static void c_real_jsr(gm_case_ctx *x) {
    /* replace the seed's goto in main with jsr (same length) */
    gm_code *c = code_of(x->k, "main");
    c->code[need_op(c, 167)] = 168;
}
static void c_branch_past_end(gm_case_ctx *x) { BODY(x, 1, 167, 0, 100, 177); }
static void c_branch_to_end(gm_case_ctx *x) { BODY(x, 1, 167, 0, 4, 177); }
static void c_branch_negative(gm_case_ctx *x) { BODY(x, 1, 0, 167, 0xff, 0xfe, 177); }
static void c_branch_mid_insn(gm_case_ctx *x) { BODY(x, 1, 167, 0, 4, 17, 0, 1, 177); }
static void c_if_mid_insn(gm_case_ctx *x) { BODY(x, 1, 3, 153, 0, 5, 17, 0, 1, 177); }
static void c_ifnull_out_of_range(gm_case_ctx *x) { BODY(x, 1, 1, 198, 0x7f, 0xff, 177); }
static void c_goto_w_out_of_range(gm_case_ctx *x) { BODY(x, 1, 200, 0x7f, 0, 0, 0, 177); }
static void c_goto_w_negative(gm_case_ctx *x) { BODY(x, 1, 200, 0x80, 0, 0, 0, 177); }
static void c_real_branch_mid(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    long pc = need_op(c, 167);
    int16_t off = (int16_t)get_u2(c->code + pc + 1);
    put_u2(c->code + pc + 1, (unsigned)(uint16_t)(off + 1));
}
/* tableswitch at pc 1 (after iconst_0): pad to 4, default, low, high */
static void c_tableswitch_low_gt_high(gm_case_ctx *x) {
    BODY(x, 1, 3, 170, 0, 0, 0, 0, 0, 20, 0, 0, 0, 5, 0, 0, 0, 4,
         0, 0, 0, 19, 177);
}
static void c_real_tableswitch_low_gt_high(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "pick");
    long pc = need_op(c, 170);
    uint32_t a = ((uint32_t)pc + 4) & ~3u;
    uint32_t lo = get_u4(c->code + a + 4), hi = get_u4(c->code + a + 8);
    put_u4(c->code + a + 4, hi);
    put_u4(c->code + a + 8, lo);
}
static void c_tableswitch_huge(gm_case_ctx *x) {
    BODY(x, 1, 3, 170, 0, 0, 0, 0, 0, 20, 0x80, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff,
         0, 0, 0, 19, 177);
}
static void c_tableswitch_target_bad(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "pick");
    long pc = need_op(c, 170);
    uint32_t a = ((uint32_t)pc + 4) & ~3u;
    put_u4(c->code + a + 12, 0x7fff);
}
static void c_tableswitch_default_mid(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "pick");
    long pc = need_op(c, 170);
    uint32_t a = ((uint32_t)pc + 4) & ~3u;
    put_u4(c->code + a, 2); /* inside the switch itself */
}
static void c_switch_nonzero_padding(gm_case_ctx *x) {
    /* tableswitch at pc 1: padding bytes 2..3 */
    BODY(x, 1, 3, 170, 0, 7, 0, 0, 0, 19, 0, 0, 0, 0, 0, 0, 0, 0,
         0, 0, 0, 19, 177);
}
static void c_lookupswitch_unsorted(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "sparse");
    long pc = need_op(c, 171);
    uint32_t a = ((uint32_t)pc + 4) & ~3u;
    if (get_u4(c->code + a + 4) < 2) gm_die("seed lookupswitch too small");
    uint8_t t[8];
    memcpy(t, c->code + a + 8, 8);
    memcpy(c->code + a + 8, c->code + a + 16, 8);
    memcpy(c->code + a + 16, t, 8);
}
static void c_lookupswitch_duplicate_key(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "sparse");
    long pc = need_op(c, 171);
    uint32_t a = ((uint32_t)pc + 4) & ~3u;
    memcpy(c->code + a + 16, c->code + a + 8, 4);
}
static void c_lookupswitch_negative_npairs(gm_case_ctx *x) {
    BODY(x, 1, 3, 171, 0, 0, 0, 0, 0, 11, 0xff, 0xff, 0xff, 0xff, 177);
}
static void c_lookupswitch_huge_npairs(gm_case_ctx *x) {
    BODY(x, 1, 3, 171, 0, 0, 0, 0, 0, 11, 0x10, 0, 0, 0, 177);
}
static void c_lookupswitch_target_bad(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "sparse");
    long pc = need_op(c, 171);
    uint32_t a = ((uint32_t)pc + 4) & ~3u;
    put_u4(c->code + a + 12, 0xfffffff0u);
}
static void c_switch_truncated(gm_case_ctx *x) { BODY(x, 1, 177, 170, 0, 0); }

static void c_ldc_index0(gm_case_ctx *x) { BODY(x, 1, 18, 0, 87, 177); }
static void c_ldc_utf8(gm_case_ctx *x) {
    uint8_t b[] = {18, (uint8_t)cp_find(x->k, T_UTF8, NULL), 87, 177};
    body(x, 1, b, 4);
}
static void c_ldc_w_long(gm_case_ctx *x) { body_op_cp(x, 19, cp_find(x->k, T_LONG, NULL), 0); }
static void c_ldc_w_fieldref(gm_case_ctx *x) { body_op_cp(x, 19, cp_find(x->k, T_FIELD, NULL), 0); }
static void c_ldc_w_out_of_range(gm_case_ctx *x) { body_op_cp(x, 19, 0xfff0, 0); }
static void c_ldc2_w_int(gm_case_ctx *x) { body_op_cp(x, 20, cp_find(x->k, T_INT, NULL), 0); }
static void c_ldc2_w_string(gm_case_ctx *x) { body_op_cp(x, 20, cp_find(x->k, T_STRING, NULL), 0); }
static void c_ldc_class_v48(gm_case_ctx *x) {
    c_code_undefined_186_v50(x); /* strip Java 7 constants */
    x->k->major = 48;
    body_op_cp(x, 19, cp_find(x->k, T_CLASS, NULL), 0);
}
static void c_getfield_methodref(gm_case_ctx *x) { body_op_cp(x, 180, cp_find(x->k, T_METHOD, NULL), 0); }
static void c_putstatic_out_of_range(gm_case_ctx *x) { body_op_cp(x, 179, x->k->cp_count, 0); }
static void c_getstatic_zero(gm_case_ctx *x) { body_op_cp(x, 178, 0, 0); }
static void c_invokevirtual_fieldref(gm_case_ctx *x) { body_op_cp(x, 182, cp_find(x->k, T_FIELD, NULL), 0); }
static void c_invokevirtual_imethodref(gm_case_ctx *x) { body_op_cp(x, 182, cp_find(x->k, T_IMETHOD, NULL), 0); }
static void c_invokevirtual_init(gm_case_ctx *x) { body_op_cp(x, 182, cp_find(x->k, T_METHOD, "<init>"), 0); }
static void c_invokestatic_init(gm_case_ctx *x) { body_op_cp(x, 184, cp_find(x->k, T_METHOD, "<init>"), 0); }
static void c_invokestatic_class(gm_case_ctx *x) { body_op_cp(x, 184, cp_find(x->k, T_CLASS, NULL), 0); }
static void c_invokespecial_string(gm_case_ctx *x) { body_op_cp(x, 183, cp_find(x->k, T_STRING, NULL), 0); }
static void c_invokeinterface_methodref(gm_case_ctx *x) { body_op_cp(x, 185, cp_find(x->k, T_METHOD, NULL), 2); }
static void c_invokeinterface_count0(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    c->code[need_op(c, 185) + 3] = 0;
}
static void c_invokeinterface_count_wrong(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    c->code[need_op(c, 185) + 3] += 1;
}
static void c_invokeinterface_byte4(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    c->code[need_op(c, 185) + 4] = 1;
}
static void c_invokedynamic_methodref(gm_case_ctx *x) { body_op_cp(x, 186, cp_find(x->k, T_METHOD, NULL), 3); }
static void c_invokedynamic_nonzero(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    c->code[need_op(c, 186) + 3] = 1;
}
static void c_invokespecial_clinit(gm_case_ctx *x) {
    body_op_cp(x, 183, cp_add_ref(x->k, T_METHOD, "Seed", "<clinit>", "()V"), 0);
}
static void c_new_array(gm_case_ctx *x) { body_op_cp(x, 187, cp_add_class(x->k, "[I"), 0); }
static void c_new_utf8(gm_case_ctx *x) { body_op_cp(x, 187, cp_find(x->k, T_UTF8, NULL), 0); }
static void c_checkcast_methodref(gm_case_ctx *x) { body_op_cp(x, 192, cp_find(x->k, T_METHOD, NULL), 0); }
static void c_instanceof_zero(gm_case_ctx *x) { body_op_cp(x, 193, 0, 0); }
static void c_anewarray_string(gm_case_ctx *x) { body_op_cp(x, 189, cp_find(x->k, T_STRING, NULL), 0); }
static void c_anewarray_256_dims(gm_case_ctx *x) {
    char s[260];
    memset(s, '[', 255);
    strcpy(s + 255, "I");
    body_op_cp(x, 189, cp_add_class(x->k, s), 0);
}
static void c_newarray_type3(gm_case_ctx *x) { BODY(x, 1, 4, 188, 3, 87, 177); }
static void c_newarray_type12(gm_case_ctx *x) { BODY(x, 1, 4, 188, 12, 87, 177); }
static void c_multianewarray_zero_dims(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    c->code[need_op(c, 197) + 3] = 0;
}
static void c_multianewarray_too_many_dims(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    c->code[need_op(c, 197) + 3] = 3; /* on [[I */
}
static void c_multianewarray_not_array(gm_case_ctx *x) {
    body_op_cp(x, 197, cp_find(x->k, T_CLASS, "java/lang/Object"), 1);
}
static void c_iload_out_of_range(gm_case_ctx *x) { BODY(x, 1, 21, 1, 87, 177); }
static void c_lload_last_slot(gm_case_ctx *x) { BODY(x, 2, 22, 1, 88, 177); }
static void c_dstore_3_out_of_range(gm_case_ctx *x) { BODY(x, 4, 14, 74, 177); }
static void c_istore_3_out_of_range(gm_case_ctx *x) { BODY(x, 3, 3, 62, 177); }
static void c_aload_255(gm_case_ctx *x) { BODY(x, 10, 25, 255, 87, 177); }
static void c_wide_iload_out_of_range(gm_case_ctx *x) { BODY(x, 300, 196, 21, 1, 44, 87, 177); }
static void c_wide_lstore_last_slot(gm_case_ctx *x) { BODY(x, 300, 9, 196, 55, 1, 43, 177); }
static void c_wide_iinc_out_of_range(gm_case_ctx *x) { BODY(x, 1, 196, 132, 0, 1, 0, 5, 177); }
static void c_iinc_out_of_range(gm_case_ctx *x) { BODY(x, 1, 132, 1, 1, 177); }
static void c_real_local_out_of_range(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "main");
    c->max_locals = 2; /* main uses more */
}
static void c_max_locals_below_args(gm_case_ctx *x) { BODY(x, 0, 177); }
static void c_max_locals_below_this(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "run");
    c->max_locals = 0;
}
/* exception tables */
static void c_exc_start_ge_end(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "guarded");
    if (!c->n_exc) gm_die("seed guarded() has no handler");
    c->exc[1] = c->exc[0];
}
static void c_exc_end_past_code(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "guarded");
    c->exc[1] = (uint16_t)(c->code_len + 1);
}
static void c_exc_handler_out_of_range(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "guarded");
    c->exc[2] = (uint16_t)c->code_len;
}
static void c_exc_handler_mid_insn(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "guarded");
    c->exc[2] = (uint16_t)(c->exc[0] + 1); /* inside aload_0;invokestatic */
    if (gm_insn_len(c->code, c->code_len, c->exc[0]) == 1) c->exc[2]++;
}
static void c_exc_start_mid_insn(gm_case_ctx *x) {
    BODY(x, 1, 17, 0, 1, 87, 177);
    add_exc(x->k, code_of(x->k, "main"), 1, 4, 4, 0);
}
static void c_exc_end_mid_insn(gm_case_ctx *x) {
    BODY(x, 1, 17, 0, 1, 87, 177);
    add_exc(x->k, code_of(x->k, "main"), 0, 2, 4, 0);
}
static void c_exc_catch_utf8(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "guarded");
    c->exc[3] = (uint16_t)cp_find(x->k, T_UTF8, NULL);
}
static void c_exc_catch_out_of_range(gm_case_ctx *x) {
    gm_code *c = code_of(x->k, "guarded");
    c->exc[3] = 0xfffe;
}
static void c_exc_table_truncated(gm_case_ctx *x) {
    unsigned m = method_index(x->k, "run");
    gm_code *c = code_of(x->k, "run");
    emit_now(x);
    put_u2(x->out.b + gm_L.code_attr_off[m] + 6 + 8 + c->code_len, 0x2000);
}

static const gm_case gm_cases[] = {
#define F "FORMAT"
    {"BadMagic", F, c_bad_magic},
    {"BadMagicZero", F, c_magic_zero},
    {"Version44", "VERSION", c_version44},
    {"Version62", "VERSION", c_version62},
    {"Version65", "VERSION", c_version65},
    {"Version65535", "VERSION", c_version65535},
    {"Version61Minor3", "VERSION", c_version_minor},
    {"VersionPreview", "VERSION", c_version_preview},
    {"CpCount0", F, c_cp_count0},
    {"CpCount1", F, c_cp_count1},
    {"CpCountHuge", F, c_cp_count_huge},
    {"CpCountShort", F, c_cp_count_short},
    {"CpTag0", F, c_cp_tag0},
    {"CpTag2", F, c_cp_tag2},
    {"CpTag13", F, c_cp_tag13},
    {"CpTag14", F, c_cp_tag14},
    {"CpTag21", F, c_cp_tag21},
    {"CpTag255", F, c_cp_tag255},
    {"CpMethodHandleInV50", F, c_cp_mh_in_v50},
    {"CpDynamicInV54", F, c_cp_dynamic_in_v54},
    {"CpModuleInClass", F, c_cp_module_in_class},
    {"CpPackageInClass", F, c_cp_package_in_class},
    {"Utf8ZeroByte", F, c_utf8_zero_byte},
    {"Utf8FourByteForm", F, c_utf8_f0},
    {"Utf8ByteFF", F, c_utf8_ff},
    {"Utf8LoneContinuation", F, c_utf8_lone_continuation},
    {"Utf8Cut2Byte", F, c_utf8_cut_2byte},
    {"Utf8Cut3Byte", F, c_utf8_cut_3byte},
    {"Utf8BadContinuation", F, c_utf8_bad_continuation},
    {"Utf8LengthHuge", F, c_utf8_length_huge},
    {"Utf8LengthPastEnd", F, c_utf8_length_past_end},
    {"LongInLastSlot", F, c_long_last_slot},
    {"ClassNameIndex0", F, c_class_name_zero},
    {"ClassNameOutOfRange", F, c_class_name_out_of_range},
    {"ClassNameNotUtf8", F, c_class_name_not_utf8},
    {"ClassNameLongSecondSlot", F, c_class_name_long_second_slot},
    {"ClassNameSemicolon", F, c_class_name_bad},
    {"ClassNameEmpty", F, c_class_name_empty},
    {"ClassNameDoubleSlash", F, c_class_name_slashes},
    {"ClassArray256Dims", F, c_class_array_256},
    {"StringNotUtf8", F, c_string_not_utf8},
    {"FieldrefClassNotClass", F, c_fieldref_bad_class},
    {"FieldrefNatNotNat", F, c_fieldref_bad_nat},
    {"FieldrefMethodDesc", F, c_fieldref_method_desc},
    {"FieldrefBadDesc", F, c_fieldref_bad_desc},
    {"MethodrefFieldDesc", F, c_methodref_field_desc},
    {"MethodrefOutOfRange", F, c_methodref_out_of_range},
    {"MethodrefClinit", F, c_methodref_clinit},
    {"MethodrefInitNonVoid", F, c_methodref_init_nonvoid},
    {"MethodrefBadName", F, c_methodref_bad_name},
    {"Methodref256Args", F, c_methodref_256_args},
    {"InterfaceMethodrefInit", F, c_imethodref_init},
    {"NatNameNotUtf8", F, c_nat_name_not_utf8},
    {"NatDescOutOfRange", F, c_nat_desc_out_of_range},
    {"MethodHandleKind0", F, c_mh_kind0},
    {"MethodHandleKind10", F, c_mh_kind10},
    {"MethodHandleKind1Methodref", F, c_mh_kind1_methodref},
    {"MethodHandleKind9Methodref", F, c_mh_kind9_methodref},
    {"MethodHandleKind8NotInit", F, c_mh_kind8_not_init},
    {"MethodHandleKind5Init", F, c_mh_kind5_init},
    {"MethodHandleRefUtf8", F, c_mh_bad_ref},
    {"MethodTypeFieldDesc", F, c_mt_field_desc},
    {"IndyBootstrapOutOfRange", F, c_indy_bsm_out_of_range},
    {"IndyFieldDesc", F, c_indy_field_desc},
    {"IndyNoBootstrapMethods", F, c_indy_no_bootstrap},
    {"DynamicMethodDesc", F, c_dynamic_method_desc},
    {"ThisClass0", F, c_this_zero},
    {"ThisClassOutOfRange", F, c_this_out_of_range},
    {"ThisClassNotClass", F, c_this_not_class},
    {"ThisClassArray", F, c_this_array},
    {"SuperClass0", F, c_super_zero},
    {"SuperClassNotClass", F, c_super_not_class},
    {"SuperClassArray", F, c_super_array},
    {"SuperClassSelf", F, c_super_self},
    {"InterfaceNotClass", F, c_iface_not_class},
    {"InterfaceOutOfRange", F, c_iface_out_of_range},
    {"InterfaceDuplicate", F, c_iface_duplicate},
    {"InterfaceArray", F, c_iface_array},
    {"ClassFinalAbstract", F, c_class_final_abstract},
    {"ClassInterfaceNotAbstract", F, c_class_interface_not_abstract},
    {"ClassInterfaceFinal", F, c_class_interface_final},
    {"ClassAnnotationNotInterface", F, c_class_annotation_not_interface},
    {"InterfaceSuperNotObject", F, c_class_interface_super_not_object},
    {"ClassModuleFlag", F, c_class_module_flag},
    {"FieldPublicPrivate", F, c_field_public_private},
    {"FieldFinalVolatile", F, c_field_final_volatile},
    {"FieldNameEmpty", F, c_field_name_empty},
    {"FieldNameDot", F, c_field_name_dot},
    {"FieldNameInit", F, c_field_name_init},
    {"FieldNameNotUtf8", F, c_field_name_not_utf8},
    {"FieldDescBad", F, c_field_desc_bad},
    {"FieldDescVoid", F, c_field_desc_void},
    {"FieldDescMethod", F, c_field_desc_method},
    {"FieldDescUnterminated", F, c_field_desc_unterminated},
    {"FieldDescTrailing", F, c_field_desc_trailing},
    {"FieldDesc256Dims", F, c_field_desc_dims256},
    {"FieldDuplicate", F, c_field_duplicate},
    {"ConstantValueWrongType", F, c_constval_wrong_type},
    {"ConstantValueOutOfRange", F, c_constval_out_of_range},
    {"ConstantValueLength3", F, c_constval_length3},
    {"ConstantValueDuplicate", F, c_constval_duplicate},
    {"ConstantValueOnObject", F, c_constval_on_object},
    {"MethodPublicPrivate", F, c_method_public_private},
    {"MethodAbstractFinal", F, c_method_abstract_final},
    {"MethodAbstractStatic", F, c_method_abstract_static},
    {"MethodAbstractPrivate", F, c_method_abstract_private},
    {"MethodAbstractWithCode", F, c_method_abstract_with_code},
    {"MethodNativeWithCode", F, c_method_native_with_code},
    {"MethodNoCode", F, c_method_no_code},
    {"MethodTwoCode", F, c_method_two_code},
    {"MethodDuplicate", F, c_method_duplicate},
    {"MethodNameEmpty", F, c_method_name_empty},
    {"MethodNameLessThan", F, c_method_name_lt},
    {"MethodNameSlash", F, c_method_name_slash},
    {"MethodDescUnclosed", F, c_method_desc_unclosed},
    {"MethodDescNoReturn", F, c_method_desc_no_return},
    {"MethodDescVoidArg", F, c_method_desc_void_arg},
    {"MethodDescField", F, c_method_desc_field},
    {"MethodInitNonVoid", F, c_method_init_nonvoid},
    {"MethodInitStatic", F, c_method_init_static},
    {"MethodClinitNotStatic", F, c_method_clinit_nonstatic},
    {"MethodClinitArgs", F, c_method_clinit_args},
    {"Method256ArgSlots", F, c_method_256_arg_slots},
    {"ExceptionsBadIndex", F, c_exceptions_bad_index},
    {"ExceptionsBadLength", F, c_exceptions_bad_length},
    {"ExceptionsDuplicate", F, c_exceptions_duplicate},
    {"AttrLengthHuge", F, c_attr_length_huge},
    {"AttrLengthFFFFFFFF", F, c_attr_length_ffffffff},
    {"AttrNameNotUtf8", F, c_attr_name_not_utf8},
    {"AttrNameIndex0", F, c_attr_name_zero},
    {"CodeAttrLengthPastEnd", F, c_code_attr_length_past_end},
    {"CodeAttrLengthShort", F, c_code_attr_length_short},
    {"CodeAttrLengthLong", F, c_code_attr_length_long},
    {"CodeLengthPastAttr", F, c_code_length_past_attr},
    {"CodeNestedAttrPastEnd", F, c_code_nested_attr_past_end},
    {"SourceFileBadLength", F, c_sourcefile_bad_length},
    {"SourceFileNotUtf8", F, c_sourcefile_not_utf8},
    {"SourceFileDuplicate", F, c_sourcefile_duplicate},
    {"ExtraBytesAtEnd", F, c_extra_bytes},
    {"BootstrapDuplicate", F, c_bsm_duplicate},
    {"BootstrapRefNotMethodHandle", F, c_bsm_ref_not_mh},
    {"BootstrapArgNotLoadable", F, c_bsm_arg_not_loadable},
    {"BootstrapLengthMismatch", F, c_bsm_length_mismatch},
    {"BootstrapCountHuge", F, c_bsm_count_huge},
    {"LineNumberPcOutOfRange", F, c_lnt_pc_out_of_range},
    {"LineNumberBadLength", F, c_lnt_bad_length},
    {"StackMapTableDuplicate", F, c_stackmap_duplicate},
    {"CodeLength0", F, c_code_length0},
    {"CodeLength65536", F, c_code_length65536},
    {"CodeLength70000", F, c_code_length70000},
    {"CodeOpcode202", F, c_code_undefined_202},
    {"CodeOpcode255", F, c_code_undefined_255},
    {"CodeInvokedynamicInV50", F, c_code_undefined_186_v50},
    {"CodeTruncatedSipush", F, c_code_truncated_sipush},
    {"CodeTruncatedInvoke", F, c_code_truncated_invoke},
    {"CodeWideNop", F, c_code_wide_nop},
    {"CodeWideAtEnd", F, c_code_wide_at_end},
    {"CodeFallsOffEnd", F, c_code_falls_off_end},
    {"CodeEndsWithIf", F, c_code_ends_with_if},
    {"Jsr", "JSR", c_jsr},
    {"JsrW", "JSR", c_jsr_w},
    {"Ret", "JSR", c_ret},
    {"WideRet", "JSR", c_wide_ret},
    {"JsrInSeedCode", "JSR", c_real_jsr},
    {"BranchPastEnd", F, c_branch_past_end},
    {"BranchToCodeLength", F, c_branch_to_end},
    {"BranchNegative", F, c_branch_negative},
    {"BranchMidInsn", F, c_branch_mid_insn},
    {"IfMidInsn", F, c_if_mid_insn},
    {"IfnullOutOfRange", F, c_ifnull_out_of_range},
    {"GotoWOutOfRange", F, c_goto_w_out_of_range},
    {"GotoWNegative", F, c_goto_w_negative},
    {"SeedGotoMidInsn", F, c_real_branch_mid},
    {"TableswitchLowGtHigh", F, c_tableswitch_low_gt_high},
    {"SeedTableswitchLowGtHigh", F, c_real_tableswitch_low_gt_high},
    {"TableswitchHuge", F, c_tableswitch_huge},
    {"TableswitchTargetOutOfRange", F, c_tableswitch_target_bad},
    {"TableswitchDefaultMidInsn", F, c_tableswitch_default_mid},
    {"SwitchNonzeroPadding", F, c_switch_nonzero_padding},
    {"SwitchTruncated", F, c_switch_truncated},
    {"LookupswitchUnsorted", F, c_lookupswitch_unsorted},
    {"LookupswitchDuplicateKey", F, c_lookupswitch_duplicate_key},
    {"LookupswitchNegativeNpairs", F, c_lookupswitch_negative_npairs},
    {"LookupswitchHugeNpairs", F, c_lookupswitch_huge_npairs},
    {"LookupswitchTargetOutOfRange", F, c_lookupswitch_target_bad},
    {"LdcIndex0", F, c_ldc_index0},
    {"LdcUtf8", F, c_ldc_utf8},
    {"LdcWLong", F, c_ldc_w_long},
    {"LdcWFieldref", F, c_ldc_w_fieldref},
    {"LdcWOutOfRange", F, c_ldc_w_out_of_range},
    {"Ldc2WInteger", F, c_ldc2_w_int},
    {"Ldc2WString", F, c_ldc2_w_string},
    {"LdcClassInV48", F, c_ldc_class_v48},
    {"GetfieldMethodref", F, c_getfield_methodref},
    {"PutstaticOutOfRange", F, c_putstatic_out_of_range},
    {"GetstaticIndex0", F, c_getstatic_zero},
    {"InvokevirtualFieldref", F, c_invokevirtual_fieldref},
    {"InvokevirtualInterfaceMethodref", F, c_invokevirtual_imethodref},
    {"InvokevirtualInit", F, c_invokevirtual_init},
    {"InvokestaticInit", F, c_invokestatic_init},
    {"InvokestaticClass", F, c_invokestatic_class},
    {"InvokespecialString", F, c_invokespecial_string},
    {"InvokespecialClinit", F, c_invokespecial_clinit},
    {"InvokeinterfaceMethodref", F, c_invokeinterface_methodref},
    {"InvokeinterfaceCount0", F, c_invokeinterface_count0},
    {"InvokeinterfaceCountWrong", F, c_invokeinterface_count_wrong},
    {"InvokeinterfaceByte4", F, c_invokeinterface_byte4},
    {"InvokedynamicMethodref", F, c_invokedynamic_methodref},
    {"InvokedynamicNonzeroBytes", F, c_invokedynamic_nonzero},
    {"NewArrayClass", F, c_new_array},
    {"NewUtf8", F, c_new_utf8},
    {"CheckcastMethodref", F, c_checkcast_methodref},
    {"InstanceofIndex0", F, c_instanceof_zero},
    {"AnewarrayString", F, c_anewarray_string},
    {"Anewarray256Dims", F, c_anewarray_256_dims},
    {"NewarrayType3", F, c_newarray_type3},
    {"NewarrayType12", F, c_newarray_type12},
    {"MultianewarrayZeroDims", F, c_multianewarray_zero_dims},
    {"MultianewarrayTooManyDims", F, c_multianewarray_too_many_dims},
    {"MultianewarrayNotArray", F, c_multianewarray_not_array},
    {"IloadOutOfRange", F, c_iload_out_of_range},
    {"LloadLastSlot", F, c_lload_last_slot},
    {"Dstore3OutOfRange", F, c_dstore_3_out_of_range},
    {"Istore3OutOfRange", F, c_istore_3_out_of_range},
    {"Aload255", F, c_aload_255},
    {"WideIloadOutOfRange", F, c_wide_iload_out_of_range},
    {"WideLstoreLastSlot", F, c_wide_lstore_last_slot},
    {"WideIincOutOfRange", F, c_wide_iinc_out_of_range},
    {"IincOutOfRange", F, c_iinc_out_of_range},
    {"SeedMaxLocalsTooSmall", F, c_real_local_out_of_range},
    {"MaxLocalsBelowArgs", F, c_max_locals_below_args},
    {"MaxLocalsBelowThis", F, c_max_locals_below_this},
    {"ExcStartGeEnd", F, c_exc_start_ge_end},
    {"ExcEndPastCode", F, c_exc_end_past_code},
    {"ExcHandlerOutOfRange", F, c_exc_handler_out_of_range},
    {"ExcHandlerMidInsn", F, c_exc_handler_mid_insn},
    {"ExcStartMidInsn", F, c_exc_start_mid_insn},
    {"ExcEndMidInsn", F, c_exc_end_mid_insn},
    {"ExcCatchTypeUtf8", F, c_exc_catch_utf8},
    {"ExcCatchTypeOutOfRange", F, c_exc_catch_out_of_range},
    {"ExcTableTruncated", F, c_exc_table_truncated},
#undef F
};

#define GM_N_CASES (sizeof gm_cases / sizeof gm_cases[0])

/* ---------------------------------------------------------- generation */

typedef void (*gm_sink)(void *ud, const char *name, const char *expect,
                        const uint8_t *data, size_t len);

/* A copy of the seed renamed to `name`; NULL if the seed is unusable. */
static gm_class *gm_seed_named(const uint8_t *seed, size_t len,
                               const char *name) {
    gm_class *k = gm_parse(seed, len);
    if (!k) return NULL;
    if (k->this_class == 0 || k->this_class >= k->cp_count ||
        k->cp[k->this_class].tag != T_CLASS) {
        gm_free(k);
        return NULL;
    }
    /* A fresh Utf8 so nothing else sharing the old one changes. */
    unsigned u = cp_add_utf8(k, name);
    set_ref_a(k, k->this_class, u);
    return k;
}

/* Truncation points: structural boundaries of the renamed seed. */
static size_t gm_trunc_points(const uint8_t *seed, size_t len, size_t *pts,
                              size_t max) {
    gm_class *k = gm_seed_named(seed, len, "Truncated00000"); /* same length
                                                  as every case name */
    if (!k) return 0;
    gm_layout L;
    gm_buf g = gm_emit(k, &L);
    size_t n = 0;
    for (size_t i = 0; i <= 10 && n < max; i++) pts[n++] = i;
    unsigned cps[] = {1, 2, 3, k->cp_count / 2, k->cp_count - 2};
    for (size_t i = 0; i < 5 && n + 2 < max; i++) {
        if (cps[i] == 0 || cps[i] >= k->cp_count || cps[i] >= 1024) continue;
        pts[n++] = L.cp_off[cps[i]] + 1;
        pts[n++] = L.cp_off[cps[i]] + 3;
    }
    size_t more[] = {L.this_off, L.this_off + 3, L.this_off + 7,
                     L.fields_off, L.fields_off + 5, L.methods_off,
                     L.methods_off + 4, L.class_attrs_off,
                     L.class_attrs_off + 4, g.n - 1};
    for (size_t i = 0; i < sizeof more / sizeof more[0] && n < max; i++)
        pts[n++] = more[i];
    for (unsigned m = 0; m < k->n_methods && m < 64 && n + 3 < max; m++) {
        if (!L.code_attr_off[m]) continue;
        pts[n++] = L.code_attr_off[m] + 4;
        pts[n++] = L.code_attr_off[m] + 12;
        pts[n++] = L.code_attr_off[m] + 16;
        if (m >= 2) break;
    }
    free(g.b);
    gm_free(k);
    return n;
}

/* Generate every case; returns the number generated, or -1. */
static int gm_generate(const uint8_t *seed, size_t len, gm_sink sink,
                       void *ud) {
    int count = 0;
    for (size_t i = 0; i < GM_N_CASES; i++) {
        gm_case_ctx x;
        memset(&x, 0, sizeof x);
        x.k = gm_seed_named(seed, len, gm_cases[i].name);
        if (!x.k) return -1;
        gm_cases[i].fn(&x);
        if (!x.emitted) emit_now(&x);
        sink(ud, gm_cases[i].name, gm_cases[i].expect, x.out.b, x.out.n);
        free(x.out.b);
        gm_free(x.k);
        count++;
    }
    size_t pts[64];
    size_t np = gm_trunc_points(seed, len, pts, 64);
    char name[32];
    for (size_t i = 0; i < np; i++) {
        snprintf(name, sizeof name, "Truncated%05zu", pts[i]);
        gm_class *k = gm_seed_named(seed, len, name);
        if (!k) return -1;
        gm_buf g = gm_emit(k, NULL);
        if (pts[i] < g.n) {
            int dup = 0;
            for (size_t j = 0; j < i; j++) dup |= pts[j] == pts[i];
            if (!dup) {
                sink(ud, name, "FORMAT", g.b, pts[i]);
                count++;
            }
        }
        free(g.b);
        gm_free(k);
    }
    return count;
}

#ifndef GM_NO_MAIN
typedef struct file_sink {
    const char *dir;
    FILE *list;
    int failed;
} file_sink;

static void write_case(void *ud, const char *name, const char *expect,
                       const uint8_t *data, size_t len) {
    file_sink *fs = ud;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.class", fs->dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len) fs->failed = 1;
    if (f && fclose(f) != 0) fs->failed = 1;
    fprintf(fs->list, "%s %s\n", name, expect);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: gen_malformed SEED.class OUTDIR\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    gm_buf seed = {0};
    uint8_t tmp[4096];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) gb_put(&seed, tmp, n);
    fclose(f);
    char path[4096];
    snprintf(path, sizeof path, "%s/cases.txt", argv[2]);
    file_sink fs = {argv[2], fopen(path, "w"), 0};
    if (!fs.list) {
        perror(path);
        return 2;
    }
    int count = gm_generate(seed.b, seed.n, write_case, &fs);
    fclose(fs.list);
    free(seed.b);
    if (count < 0 || fs.failed) {
        fprintf(stderr, "gen_malformed: cannot use %s as a seed or cannot "
                "write to %s\n", argv[1], argv[2]);
        return 1;
    }
    printf("gen_malformed: wrote %d cases to %s\n", count, argv[2]);
    return 0;
}
#endif
