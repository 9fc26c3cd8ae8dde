/* classfile.c - class-file parser (JVMS chapter 4): reader, arena, constant
 * pool with its cross-reference checks, class header, fields, methods and
 * their attributes, and the cf_* accessors.  Per-method bytecode checks live
 * in bytecode_check.c, descriptor/name helpers in descriptor.c.
 *
 * Everything a cf_class holds is copied into an arena (a list of chunks
 * from the platform allocator) so cf_free() is one walk over the list and a
 * failure anywhere releases everything.  Temporary tables used only while
 * checking are allocated separately and freed before cf_parse returns.
 *
 * The input is untrusted: every read is bounds-checked, every count is
 * checked against the bytes left before anything is allocated for it, and
 * nothing is quadratic in the input (validated names are cached per
 * constant-pool entry, duplicates are found by hashing canonical ids).
 */
#include "classfile_internal.h"
#include "../core/mem.h"
#include "../core/fmt.h"

/* ---------------------------------------------------------------- arena */

typedef struct cf_chunk {
    struct cf_chunk *next;
    size_t size; /* bytes allocated for this chunk, header included */
} cf_chunk;

#define CHUNK_HDR ((sizeof(cf_chunk) + 15u) & ~(size_t)15u)
#define CHUNK_MAX ((size_t)64 * 1024)

typedef struct cf_arena {
    const vm_platform *plat;
    cf_chunk *head;
    uint8_t *cur;
    size_t avail;
    size_t total;
    size_t next_size;
} cf_arena;

static void *chunk_new(cf_arena *a, size_t body) {
    size_t sz;
    if (!vm_size_add(body, CHUNK_HDR, &sz)) return NULL;
    cf_chunk *ch = vm_zalloc(a->plat, sz);
    if (!ch) return NULL;
    ch->next = a->head;
    ch->size = sz;
    a->head = ch;
    a->total += sz;
    return (uint8_t *)ch + CHUNK_HDR;
}

/* Zeroed, 8-byte aligned memory that lives until the arena is released. */
static void *arena_alloc(cf_arena *a, size_t n) {
    if (n == 0) n = 1;
    if (n > SIZE_MAX - 7) return NULL;
    n = (n + 7u) & ~(size_t)7u;
    if (n > a->avail) {
        if (n >= a->next_size / 4) return chunk_new(a, n); /* dedicated */
        uint8_t *body = chunk_new(a, a->next_size);
        if (!body) return NULL;
        a->cur = body;
        a->avail = a->next_size;
        if (a->next_size < CHUNK_MAX) a->next_size *= 2;
    }
    void *r = a->cur;
    a->cur += n;
    a->avail -= n;
    return r;
}

static void arena_release(const vm_platform *plat, cf_chunk *ch) {
    while (ch) {
        cf_chunk *next = ch->next;
        vm_free(plat, ch, ch->size);
        ch = next;
    }
}

/* --------------------------------------------------------------- report */

static size_t put_str(char *buf, size_t cap, size_t at, const char *s) {
    while (*s && at + 1 < cap) buf[at++] = *s++;
    if (cap) buf[at < cap ? at : cap - 1] = '\0';
    return at;
}

/* Append at most `max` bytes of an untrusted name, marking a cut. */
static size_t put_name(char *buf, size_t cap, size_t at, const char *s,
                       size_t max) {
    size_t n = 0;
    while (s[n] && n < max) n++;
    for (size_t i = 0; i < n && at + 1 < cap; i++) buf[at++] = s[i];
    if (cap) buf[at < cap ? at : cap - 1] = '\0';
    if (s[n]) at = put_str(buf, cap, at, "...");
    return at;
}

#define NAME_MAX_SHOWN 120u

void cf_method_ctx(char *buf, size_t cap, const cf_method *m) {
    size_t at = put_str(buf, cap, 0, "method ");
    at = put_name(buf, cap, at, m->name ? m->name : "?", NAME_MAX_SHOWN);
    put_name(buf, cap, at, m->desc ? m->desc : "", NAME_MAX_SHOWN);
}

vm_status cf_vreport(vm_diag *d, vm_status s, const char *cls,
                     const char *ctx, long pc, const char *fmt, va_list ap) {
    if (!d || !d->buf || !d->cap) return s;
    char line[768];
    size_t at = 0;
    if (cls) {
        at = put_name(line, sizeof line, at, cls, NAME_MAX_SHOWN);
        at = put_str(line, sizeof line, at, ": ");
    }
    if (ctx) {
        at = put_str(line, sizeof line, at, ctx);
        at = put_str(line, sizeof line, at, ": ");
    }
    if (pc >= 0 && at < sizeof line)
        at += vm_snprintf(line + at, sizeof line - at, "offset %ld: ", pc);
    if (at < sizeof line) vm_vsnprintf(line + at, sizeof line - at, fmt, ap);
    line[sizeof line - 1] = '\0';
    for (char *q = line; *q; q++) {
        unsigned char ch = (unsigned char)*q;
        if (ch < 0x20 || ch == 0x7f) *q = '?';
    }
    return vm_diagf(d, s, "%s", line);
}

vm_status cf_report(vm_diag *d, vm_status s, const char *cls,
                    const char *ctx, long pc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vm_status r = cf_vreport(d, s, cls, ctx, pc, fmt, ap);
    va_end(ap);
    return r;
}

const char *cf_tag_article(uint8_t tag) {
    switch (tag) {
    case CP_NONE: case CP_INTEGER: case CP_INTERFACE_METHODREF:
    case CP_INVOKE_DYNAMIC:
        return "an";
    default:
        return tag > CP_PACKAGE ? "an" : "a";
    }
}

static const char *const tag_names[CP_PACKAGE + 1] = {
    [CP_NONE] = "unusable", [CP_UTF8] = "Utf8", [CP_INTEGER] = "Integer",
    [CP_FLOAT] = "Float", [CP_LONG] = "Long", [CP_DOUBLE] = "Double",
    [CP_CLASS] = "Class", [CP_STRING] = "String", [CP_FIELDREF] = "Fieldref",
    [CP_METHODREF] = "Methodref",
    [CP_INTERFACE_METHODREF] = "InterfaceMethodref",
    [CP_NAME_AND_TYPE] = "NameAndType", [CP_METHOD_HANDLE] = "MethodHandle",
    [CP_METHOD_TYPE] = "MethodType", [CP_DYNAMIC] = "Dynamic",
    [CP_INVOKE_DYNAMIC] = "InvokeDynamic", [CP_MODULE] = "Module",
    [CP_PACKAGE] = "Package"};

const char *cf_tag_name(uint8_t tag) {
    const char *n = tag <= CP_PACKAGE ? tag_names[tag] : NULL;
    return n ? n : "invalid";
}

/* --------------------------------------------------------------- parser */

#define CLASS_FLAGS_KNOWN 0xf631u  /* JVMS table 4.1-B */
#define FIELD_FLAGS_KNOWN 0x50dfu  /* JVMS table 4.5-A */
#define METHOD_FLAGS_KNOWN 0x1dffu /* JVMS table 4.6-A */

/* Validated-name cache bits, per Utf8 constant-pool entry. */
enum {
    K_CLASS = 1u,       /* class name or array descriptor */
    K_FIELD_NAME = 2u,  /* unqualified name */
    K_METHOD_NAME = 4u, /* method name (incl. <init>/<clinit>) */
    K_FIELD_DESC = 8u,
    K_METHOD_DESC = 16u,
    K_BINARY = 32u      /* binary name (no arrays) */
};

typedef struct parser {
    cf_arena a;
    const uint8_t *d;
    size_t len;     /* file size */
    size_t pos;
    size_t lim;     /* reads may not go past this (file or attribute end) */
    const char *lim_what;
    vm_diag *diag;
    cf_class *c;
    const char *cls;  /* class name for messages (best effort), or NULL */
    const char *ctx;  /* current field / method kind, or NULL */
    const char *ctx_name, *ctx_desc; /* ... formatted only on error */
    char ctx_buf[300];
    unsigned flags;
    bool lenient;     /* version peek: accept every tag */
    char hint[200];   /* caller's class name, used until this_class is
                         validated (if given) */
    bool cls_final;   /* cls is the validated this_class name */
    /* temporaries (freed by cf_parse_ex) */
    uint8_t *kinds;          /* K_* bits per CP index */
    uint16_t *mdesc_slots;   /* argument slots per method-descriptor Utf8 */
    uint16_t *canon;         /* canonical Utf8 index per Utf8 entry */
    size_t tmp_n;            /* elements in the three arrays above */
    uint32_t *keys;          /* duplicate detection keys */
    size_t keys_n;
    uint16_t *mslots;        /* per method: argument slots incl. `this` */
    size_t mslots_n;
} parser;

static bool keys_alloc(parser *p, size_t n) {
    p->keys = vm_zalloc(p->c->plat, (n ? n : 1) * sizeof *p->keys);
    p->keys_n = n ? n : 1;
    return p->keys != NULL;
}

static void keys_free(parser *p) {
    if (p->keys) vm_free(p->c->plat, p->keys, p->keys_n * sizeof *p->keys);
    p->keys = NULL;
    p->keys_n = 0;
}

static const char *ctx_str(parser *p);
static vm_status perr(parser *p, vm_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static vm_status perr(parser *p, vm_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const char *cls = p->cls;
    if (!p->cls_final && p->hint[0]) cls = p->hint;
    vm_status r = cf_vreport(p->diag, s, cls, ctx_str(p), -1, fmt, ap);
    va_end(ap);
    return r;
}

static vm_status nomem(parser *p) {
    return perr(p, VM_ERR_NOMEM, "out of memory while parsing the class file");
}

static bool need(const parser *p, size_t n) {
    return p->pos <= p->lim && n <= p->lim - p->pos;
}

/* What is being read or checked, for messages; rendered only on error so
 * the success path formats nothing.  fmt takes (unsigned i, const char *s). */
typedef struct what {
    const char *fmt;
    uint32_t i;
    const char *s;
} what;
#define WHAT(fmt, i, s) (&(const what){(fmt), (uint32_t)(i), (s)})

typedef struct what_buf {
    char b[96];
} what_buf;

static const char *wstr(const what *w, what_buf *wb) {
    vm_snprintf(wb->b, sizeof wb->b, w->fmt, w->i, w->s ? w->s : "");
    return wb->b;
}

static vm_status truncated(parser *p, const what *w) {
    what_buf wb;
    return perr(p, VM_ERR_FORMAT,
                "truncated class file: %s at offset %zu runs past the end of %s",
                wstr(w, &wb), p->pos, p->lim_what);
}

static uint8_t u1(parser *p) { return p->d[p->pos++]; }
static uint16_t u2(parser *p) {
    uint16_t v = (uint16_t)((p->d[p->pos] << 8) | p->d[p->pos + 1]);
    p->pos += 2;
    return v;
}
static uint32_t u4(parser *p) {
    uint32_t v = ((uint32_t)p->d[p->pos] << 24) |
                 ((uint32_t)p->d[p->pos + 1] << 16) |
                 ((uint32_t)p->d[p->pos + 2] << 8) | p->d[p->pos + 3];
    p->pos += 4;
    return v;
}

static void set_ctx(parser *p, const char *kind, const char *name,
                    const char *desc) {
    p->ctx = kind;
    p->ctx_name = name;
    p->ctx_desc = desc;
}

/* "field <name> <desc>" / "method <name><desc>" for the current member. */
static const char *ctx_str(parser *p) {
    if (!p->ctx) return NULL;
    size_t at = put_str(p->ctx_buf, sizeof p->ctx_buf, 0, p->ctx);
    at = put_str(p->ctx_buf, sizeof p->ctx_buf, at, " ");
    at = put_name(p->ctx_buf, sizeof p->ctx_buf, at, p->ctx_name,
                  NAME_MAX_SHOWN);
    if (p->ctx[0] == 'f') at = put_str(p->ctx_buf, sizeof p->ctx_buf, at, " ");
    put_name(p->ctx_buf, sizeof p->ctx_buf, at, p->ctx_desc, NAME_MAX_SHOWN);
    return p->ctx_buf;
}

/* Complain that constant-pool index idx is not what `w` needs. */
static vm_status bad_ref(parser *p, const what *w, uint32_t idx,
                         const char *expected) {
    const cf_class *c = p->c;
    what_buf wb;
    const char *ws = wstr(w, &wb);
    if (idx == 0 || idx >= c->cp_count)
        return perr(p, VM_ERR_FORMAT,
                    "%s index %u is out of range (constant pool count %u), "
                    "expected %s", ws, idx, c->cp_count, expected);
    return perr(p, VM_ERR_FORMAT, "%s index %u is %s %s entry, expected %s",
                ws, idx, cf_tag_article(c->cp[idx].tag),
                cf_tag_name(c->cp[idx].tag), expected);
}

/* ------------------------------------------------------- constant pool */

static bool valid_mutf8(const uint8_t *s, uint32_t n, uint32_t *bad_at) {
    uint32_t i = 0;
    while (i < n) {
        uint8_t b = s[i];
        if (b >= 0x01 && b < 0x80) {
            i++;
        } else if ((b & 0xe0) == 0xc0) {
            if (n - i < 2 || (s[i + 1] & 0xc0) != 0x80) break;
            i += 2;
        } else if ((b & 0xf0) == 0xe0) {
            if (n - i < 3 || (s[i + 1] & 0xc0) != 0x80 ||
                (s[i + 2] & 0xc0) != 0x80)
                break;
            i += 3;
        } else {
            break; /* 0x00, a stray continuation byte, or 0xf0..0xff */
        }
    }
    *bad_at = i;
    return i == n;
}

/* Constant-pool tag -> first class file major version allowing it. */
static uint16_t tag_min_version(uint8_t tag) {
    switch (tag) {
    case CP_METHOD_HANDLE: case CP_METHOD_TYPE: case CP_INVOKE_DYNAMIC:
        return 51;
    case CP_MODULE: case CP_PACKAGE:
        return 53;
    case CP_DYNAMIC:
        return 55;
    default:
        return 45;
    }
}

/* Read the constant pool (pass 1: tags, sizes, values; no cross-checks). */
static vm_status parse_cp(parser *p) {
    cf_class *c = p->c;
    if (!need(p, 2)) return truncated(p, WHAT("constant pool count", 0, NULL));
    uint16_t n = u2(p);
    if (n == 0)
        return perr(p, VM_ERR_FORMAT,
                    "constant pool count is 0 (must be at least 1)");
    /* Every slot takes at least 3 bytes; refuse absurd counts up front. */
    if ((size_t)(n - 1) * 3 > p->lim - p->pos)
        return perr(p, VM_ERR_FORMAT,
                    "truncated class file: constant pool count %u does not "
                    "fit in the %zu bytes left", n, p->lim - p->pos);
    cf_const *cp = arena_alloc(&p->a, (size_t)n * sizeof *cp);
    if (!cp) return nomem(p);
    c->cp = cp;
    c->cp_count = n;
    what w = {"constant pool entry #%u", 0, NULL};
    for (uint32_t i = 1; i < n; i++) {
        w.i = i;
        if (!need(p, 1)) return truncated(p, &w);
        uint8_t tag = u1(p);
        cp[i].tag = tag;
        if (tag_min_version(tag) > c->major && !p->lenient)
            return perr(p, VM_ERR_FORMAT,
                        "constant pool #%u: %s entries need class file "
                        "version %u or later (this class is version %u)",
                        i, cf_tag_name(tag), tag_min_version(tag), c->major);
        switch (tag) {
        case CP_UTF8: {
            if (!need(p, 2)) return truncated(p, &w);
            uint16_t sl = u2(p);
            if (!need(p, sl)) return truncated(p, &w);
            uint32_t bad;
            if (!valid_mutf8(p->d + p->pos, sl, &bad))
                return perr(p, VM_ERR_FORMAT,
                            "constant pool #%u: malformed modified UTF-8 "
                            "(byte %u of %u is 0x%02x)", i, bad, sl,
                            p->d[p->pos + bad]);
            char *s = arena_alloc(&p->a, (size_t)sl + 1);
            if (!s) return nomem(p);
            vm_memcpy(s, p->d + p->pos, sl);
            s[sl] = '\0';
            p->pos += sl;
            cp[i].u.utf8.str = s;
            cp[i].u.utf8.len = sl;
            break;
        }
        case CP_INTEGER:
            if (!need(p, 4)) return truncated(p, &w);
            cp[i].u.i32 = (int32_t)u4(p);
            break;
        case CP_FLOAT: {
            if (!need(p, 4)) return truncated(p, &w);
            uint32_t bits = u4(p);
            vm_memcpy(&cp[i].u.f32, &bits, 4);
            break;
        }
        case CP_LONG:
        case CP_DOUBLE: {
            if (i + 1 >= n)
                return perr(p, VM_ERR_FORMAT,
                            "constant pool #%u: %s entry in the last slot "
                            "(it needs two)", i, cf_tag_name(tag));
            if (!need(p, 8)) return truncated(p, &w);
            uint64_t hi = u4(p);
            uint64_t bits = (hi << 32) | u4(p);
            if (tag == CP_LONG) cp[i].u.i64 = (int64_t)bits;
            else vm_memcpy(&cp[i].u.f64, &bits, 8);
            i++;
            cp[i].tag = CP_NONE;
            break;
        }
        case CP_CLASS: case CP_STRING: case CP_METHOD_TYPE:
        case CP_MODULE: case CP_PACKAGE:
            if (!need(p, 2)) return truncated(p, &w);
            cp[i].u.ref.a = u2(p);
            break;
        case CP_FIELDREF: case CP_METHODREF: case CP_INTERFACE_METHODREF:
        case CP_NAME_AND_TYPE: case CP_DYNAMIC: case CP_INVOKE_DYNAMIC:
            if (!need(p, 4)) return truncated(p, &w);
            cp[i].u.ref.a = u2(p);
            cp[i].u.ref.b = u2(p);
            break;
        case CP_METHOD_HANDLE:
            if (!need(p, 3)) return truncated(p, &w);
            cp[i].u.ref.a = u1(p);
            cp[i].u.ref.b = u2(p);
            break;
        default:
            return perr(p, VM_ERR_FORMAT,
                        "constant pool #%u: invalid tag %u", i, tag);
        }
    }
    return VM_OK;
}

/* Is Utf8 entry idx (already known to be Utf8) a valid name of `kind`?
 * Results are cached so no entry is validated twice for the same kind. */
static bool utf8_is(parser *p, uint16_t idx, unsigned kind) {
    if (p->kinds[idx] & kind) return true;
    const char *s = p->c->cp[idx].u.utf8.str;
    bool ok = false;
    switch (kind) {
    case K_CLASS: ok = cf_valid_class_name(s); break;
    case K_BINARY: ok = cf_valid_binary_name(s); break;
    case K_FIELD_NAME: ok = cf_valid_unqualified_name(s); break;
    case K_METHOD_NAME: ok = cf_valid_method_name(s); break;
    case K_FIELD_DESC: ok = cf_valid_field_desc(s); break;
    case K_METHOD_DESC: {
        int slots = cf_desc_arg_slots(s);
        ok = slots >= 0;
        if (ok) p->mdesc_slots[idx] = (uint16_t)slots;
        break;
    }
    default: break;
    }
    if (ok) p->kinds[idx] |= (uint8_t)kind;
    return ok;
}

static const char *utf8_at(const parser *p, uint16_t idx) {
    return p->c->cp[idx].u.utf8.str;
}

/* For a validated method descriptor: does it return void?  O(1): 'V' can
 * only be the last character of a method descriptor as its return type. */
static bool returns_void(const parser *p, uint16_t desc_idx) {
    const cf_const *e = &p->c->cp[desc_idx];
    return e->u.utf8.len > 0 && e->u.utf8.str[e->u.utf8.len - 1] == 'V';
}

/* Check a Utf8 reference and its content; `w` names the referrer. */
static vm_status want_utf8(parser *p, const what *w, uint16_t idx,
                           unsigned kind, const char *kind_desc) {
    if (!cf_cp_is(p->c, idx, CF_BIT(CP_UTF8)))
        return bad_ref(p, w, idx, "Utf8");
    if (kind && !utf8_is(p, idx, kind)) {
        what_buf wb;
        return perr(p, VM_ERR_FORMAT, "%s: \"%.*s\" is not a valid %s",
                    wstr(w, &wb), (int)NAME_MAX_SHOWN, utf8_at(p, idx),
                    kind_desc);
    }
    return VM_OK;
}

/* Largest number of argument slots a method descriptor may have. */
#define MAX_ARG_SLOTS 255

/* Member reference / MethodHandle / Dynamic name-and-type checks. */
static vm_status check_nat_use(parser *p, const what *w, uint16_t nat,
                               bool method, bool allow_init) {
    what_buf wb;
    const cf_const *e = &p->c->cp[nat];
    uint16_t ni = e->u.ref.a, di = e->u.ref.b;
    const char *name = utf8_at(p, ni);
    vm_status st;
    if (method) {
        if ((st = want_utf8(p, w, ni, K_METHOD_NAME, "method name")))
            return st;
        if ((st = want_utf8(p, w, di, K_METHOD_DESC, "method descriptor")))
            return st;
        if (name[0] == '<') {
            if (!allow_init || vm_strcmp(name, "<init>") != 0)
                return perr(p, VM_ERR_FORMAT,
                            "%s: method name %s is not allowed here", wstr(w, &wb),
                            name);
            if (!returns_void(p, di))
                return perr(p, VM_ERR_FORMAT,
                            "%s: <init> must return void", wstr(w, &wb));
        }
        if (p->mdesc_slots[di] > MAX_ARG_SLOTS)
            return perr(p, VM_ERR_FORMAT,
                        "%s: descriptor has %u argument slots (more than %d)",
                        wstr(w, &wb), p->mdesc_slots[di], MAX_ARG_SLOTS);
    } else {
        if ((st = want_utf8(p, w, ni, K_FIELD_NAME, "field name")))
            return st;
        if ((st = want_utf8(p, w, di, K_FIELD_DESC, "field descriptor")))
            return st;
    }
    return VM_OK;
}

static vm_status check_member_ref(parser *p, const what *w, uint16_t idx) {
    const cf_const *e = &p->c->cp[idx];
    if (!cf_cp_is(p->c, e->u.ref.a, CF_BIT(CP_CLASS)))
        return bad_ref(p, w, e->u.ref.a, "Class");
    if (!cf_cp_is(p->c, e->u.ref.b, CF_BIT(CP_NAME_AND_TYPE)))
        return bad_ref(p, w, e->u.ref.b, "NameAndType");
    return check_nat_use(p, w, e->u.ref.b, e->tag != CP_FIELDREF,
                         e->tag == CP_METHODREF);
}

static vm_status check_method_handle(parser *p, const what *w,
                                     uint16_t idx) {
    what_buf wb;
    const cf_class *c = p->c;
    uint16_t kind = c->cp[idx].u.ref.a, ref = c->cp[idx].u.ref.b;
    uint32_t mask;
    switch (kind) {
    case 1: case 2: case 3: case 4: /* get/put field/static */
        mask = CF_BIT(CP_FIELDREF);
        break;
    case 5: case 8: /* invokeVirtual, newInvokeSpecial */
        mask = CF_BIT(CP_METHODREF);
        break;
    case 6: case 7: /* invokeStatic, invokeSpecial */
        mask = CF_BIT(CP_METHODREF);
        if (c->major >= 52) mask |= CF_BIT(CP_INTERFACE_METHODREF);
        break;
    case 9: /* invokeInterface */
        mask = CF_BIT(CP_INTERFACE_METHODREF);
        break;
    default:
        return perr(p, VM_ERR_FORMAT,
                    "%s: invalid reference kind %u (must be 1 to 9)", wstr(w, &wb),
                    kind);
    }
    if (!cf_cp_is(c, ref, mask))
        return bad_ref(p, w, ref,
                       kind <= 4 ? "Fieldref"
                       : kind == 9 ? "InterfaceMethodref"
                       : (kind == 6 || kind == 7) && c->major >= 52
                           ? "Methodref or InterfaceMethodref"
                           : "Methodref");
    if (kind >= 5) {
        uint16_t nat = c->cp[ref].u.ref.b;
        const char *name = utf8_at(p, c->cp[nat].u.ref.a);
        bool is_init = vm_strcmp(name, "<init>") == 0;
        if (kind == 8 && !is_init)
            return perr(p, VM_ERR_FORMAT,
                        "%s: newInvokeSpecial handle must name <init>", wstr(w, &wb));
        if (kind != 8 && (is_init || vm_strcmp(name, "<clinit>") == 0))
            return perr(p, VM_ERR_FORMAT,
                        "%s: kind %u handle may not name %s", wstr(w, &wb), kind,
                        name);
    }
    return VM_OK;
}

/* Pass 2: cross-reference checks for every entry. */
static vm_status check_cp(parser *p) {
    cf_class *c = p->c;
    vm_status st;
    what w = {"constant pool #%u (%s)", 0, NULL};
    what_buf wb;
    /* Entries that refer to Utf8 entries only. */
    for (uint32_t i = 1; i < c->cp_count; i++) {
        const cf_const *e = &c->cp[i];
        w.i = i;
        w.s = cf_tag_name(e->tag);
        switch (e->tag) {
        case CP_CLASS:
            st = want_utf8(p, &w, e->u.ref.a, K_CLASS, "class name");
            break;
        case CP_STRING:
            st = want_utf8(p, &w, e->u.ref.a, 0, NULL);
            break;
        case CP_METHOD_TYPE:
            st = want_utf8(p, &w, e->u.ref.a, K_METHOD_DESC,
                           "method descriptor");
            break;
        case CP_MODULE:
        case CP_PACKAGE:
            if (!(c->access & ACC_MODULE))
                return perr(p, VM_ERR_FORMAT,
                            "%s: only allowed in a module-info class",
                            wstr(&w, &wb));
            st = want_utf8(p, &w, e->u.ref.a,
                           e->tag == CP_PACKAGE ? K_BINARY : 0,
                           "package name");
            break;
        case CP_NAME_AND_TYPE:
            if (!cf_cp_is(c, e->u.ref.a, CF_BIT(CP_UTF8)))
                return bad_ref(p, &w, e->u.ref.a, "Utf8 (name)");
            st = want_utf8(p, &w, e->u.ref.b, 0, NULL);
            break;
        default:
            st = VM_OK;
            break;
        }
        if (st) return st;
    }
    /* Entries that refer to other entries. */
    for (uint32_t i = 1; i < c->cp_count; i++) {
        const cf_const *e = &c->cp[i];
        w.i = i;
        w.s = cf_tag_name(e->tag);
        switch (e->tag) {
        case CP_FIELDREF: case CP_METHODREF: case CP_INTERFACE_METHODREF:
            st = check_member_ref(p, &w, (uint16_t)i);
            break;
        case CP_DYNAMIC:
        case CP_INVOKE_DYNAMIC:
            if (!cf_cp_is(c, e->u.ref.b, CF_BIT(CP_NAME_AND_TYPE)))
                return bad_ref(p, &w, e->u.ref.b, "NameAndType");
            st = check_nat_use(p, &w, e->u.ref.b,
                               e->tag == CP_INVOKE_DYNAMIC, false);
            break;
        default:
            st = VM_OK;
            break;
        }
        if (st) return st;
    }
    /* Method handles, which refer to the member references checked above. */
    for (uint32_t i = 1; i < c->cp_count; i++) {
        if (c->cp[i].tag != CP_METHOD_HANDLE) continue;
        w.i = i;
        w.s = "MethodHandle";
        if ((st = check_method_handle(p, &w, (uint16_t)i))) return st;
    }
    return VM_OK;
}

/* ---------------------------------------------- canonical Utf8 entries */

static uint32_t hash_bytes(const char *s, uint32_t n) {
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++) {
        h ^= (uint8_t)s[i];
        h *= 16777619u;
    }
    return h ^ n;
}

static size_t pow2_at_least(size_t n) {
    size_t s = 16;
    while (s < n) s *= 2;
    return s;
}

/* canon[i] = smallest Utf8 index with the same content as Utf8 entry i. */
static vm_status build_canon(parser *p) {
    const cf_class *c = p->c;
    size_t cap = pow2_at_least((size_t)c->cp_count * 2);
    uint16_t *tab = vm_zalloc(c->plat, cap * sizeof *tab);
    if (!tab) return nomem(p);
    for (uint32_t i = 1; i < c->cp_count; i++) {
        if (c->cp[i].tag != CP_UTF8) continue;
        const char *s = c->cp[i].u.utf8.str;
        uint32_t n = c->cp[i].u.utf8.len;
        size_t h = hash_bytes(s, n) & (cap - 1);
        p->canon[i] = (uint16_t)i;
        for (;; h = (h + 1) & (cap - 1)) {
            uint16_t j = tab[h];
            if (j == 0) {
                tab[h] = (uint16_t)i;
                break;
            }
            if (c->cp[j].u.utf8.len == n &&
                vm_memcmp(c->cp[j].u.utf8.str, s, n) == 0) {
                p->canon[i] = j;
                break;
            }
        }
    }
    vm_free(c->plat, tab, cap * sizeof *tab);
    return VM_OK;
}

/* Is any 32-bit key repeated?  keys[] may be reordered. *dup = index of a
 * repeated key in the original order (the second occurrence). */
static vm_status find_dup(parser *p, const uint32_t *keys, size_t n,
                          bool *found, size_t *dup) {
    *found = false;
    if (n < 2) return VM_OK;
    size_t cap = pow2_at_least(n * 2);
    uint32_t *tab = vm_zalloc(p->c->plat, cap * sizeof *tab);
    if (!tab) return nomem(p);
    for (size_t i = 0; i < n && !*found; i++) {
        uint32_t k = keys[i] + 1; /* keys never 0xffffffff: u16 pairs */
        uint32_t hk = k * 2654435761u;
        size_t h = (hk ^ (hk >> 15)) & (cap - 1);
        for (;; h = (h + 1) & (cap - 1)) {
            if (tab[h] == 0) {
                tab[h] = k;
                break;
            }
            if (tab[h] == k) {
                *found = true;
                *dup = i;
                break;
            }
        }
    }
    vm_free(p->c->plat, tab, cap * sizeof *tab);
    return VM_OK;
}

/* ----------------------------------------------------------- attributes */

/* Read an attribute header; *name is the attribute name (validated Utf8),
 * *alen its length, checked to lie within the current limit. */
static vm_status attr_header(parser *p, const char **name, uint32_t *alen) {
    if (!need(p, 6)) return truncated(p, WHAT("attribute header", 0, NULL));
    uint16_t ni = u2(p);
    uint32_t l = u4(p);
    if (!cf_cp_is(p->c, ni, CF_BIT(CP_UTF8)))
        return bad_ref(p, WHAT("attribute name", 0, NULL), ni, "Utf8");
    *name = utf8_at(p, ni);
    if (!need(p, l))
        return perr(p, VM_ERR_FORMAT,
                    "attribute %.*s at offset %zu: length %u runs past the "
                    "end of %s", (int)NAME_MAX_SHOWN, *name, p->pos - 6, l,
                    p->lim_what);
    *alen = l;
    return VM_OK;
}

static vm_status parse_code(parser *p, cf_method *m, uint32_t alen) {
    cf_class *c = p->c;
    size_t end = p->pos + alen;
    size_t saved_lim = p->lim;
    const char *saved_what = p->lim_what;
    p->lim = end;
    p->lim_what = "its Code attribute";
    cf_code *code = arena_alloc(&p->a, sizeof *code);
    if (!code) return nomem(p);
    uint32_t clen;
    if (c->major == 45 && c->minor < 3) { /* JDK 1.0 beta layout */
        if (!need(p, 4)) return truncated(p, WHAT("Code header", 0, NULL));
        code->max_stack = u1(p);
        code->max_locals = u1(p);
        clen = u2(p);
    } else {
        if (!need(p, 8)) return truncated(p, WHAT("Code header", 0, NULL));
        code->max_stack = u2(p);
        code->max_locals = u2(p);
        clen = u4(p);
    }
    if (clen == 0)
        return perr(p, VM_ERR_FORMAT, "code_length is 0");
    if (clen > CF_MAX_CODE_LEN)
        return perr(p, VM_ERR_FORMAT, "code_length %u exceeds %u", clen,
                    CF_MAX_CODE_LEN);
    if (!need(p, clen)) return truncated(p, WHAT("bytecode", 0, NULL));
    code->code = arena_alloc(&p->a, clen);
    if (!code->code) return nomem(p);
    vm_memcpy(code->code, p->d + p->pos, clen);
    code->code_len = clen;
    p->pos += clen;

    if (!need(p, 2)) return truncated(p, WHAT("exception table length", 0, NULL));
    uint16_t nex = u2(p);
    if (!need(p, (size_t)nex * 8)) return truncated(p, WHAT("exception table", 0, NULL));
    if (nex) {
        code->exceptions = arena_alloc(&p->a, (size_t)nex * sizeof(cf_exception_entry));
        if (!code->exceptions) return nomem(p);
    }
    for (uint32_t i = 0; i < nex; i++) {
        cf_exception_entry *x = &code->exceptions[i];
        x->start_pc = u2(p);
        x->end_pc = u2(p);
        x->handler_pc = u2(p);
        x->catch_type = u2(p);
    }
    code->n_exceptions = nex;

    if (!need(p, 2)) return truncated(p, WHAT("Code attribute count", 0, NULL));
    uint16_t na = u2(p);
    vm_status st;
    for (uint32_t i = 0; i < na; i++) {
        const char *an;
        uint32_t l;
        if ((st = attr_header(p, &an, &l))) return st;
        if (vm_strcmp(an, "LineNumberTable") == 0) {
            if (l < 2) return perr(p, VM_ERR_FORMAT, "LineNumberTable too short");
            uint16_t nl = u2(p);
            if ((uint32_t)nl * 4 + 2 != l)
                return perr(p, VM_ERR_FORMAT,
                            "LineNumberTable length %u does not match its %u "
                            "entries", l, nl);
            size_t total = (size_t)code->n_lines + nl;
            if (total > 0xffff)
                return perr(p, VM_ERR_FORMAT, "too many line number entries");
            cf_line_entry *ln = code->lines;
            if (nl) {
                ln = arena_alloc(&p->a, total * sizeof *ln);
                if (!ln) return nomem(p);
                if (code->n_lines)
                    vm_memcpy(ln, code->lines, code->n_lines * sizeof *ln);
            }
            for (size_t k = code->n_lines; k < total; k++) {
                ln[k].start_pc = u2(p);
                ln[k].line = u2(p);
            }
            code->lines = ln;
            code->n_lines = (uint16_t)total;
        } else if (vm_strcmp(an, "LocalVariableTable") == 0 && !code->local_vars &&
                   l >= 2 && (uint32_t)((p->d[p->pos] << 8) | p->d[p->pos + 1]) * 10 + 2 == l) {
            /* kept raw (a malformed one is ignored, as before) */
            uint16_t nv = u2(p);
            if (nv) {
                code->local_vars = arena_alloc(&p->a, (size_t)nv * 10);
                if (!code->local_vars) return nomem(p);
                vm_memcpy(code->local_vars, p->d + p->pos, (size_t)nv * 10);
                code->n_local_vars = nv;
            }
            p->pos += (size_t)nv * 10;
        } else if (vm_strcmp(an, "StackMapTable") == 0) {
            if (code->stackmap)
                return perr(p, VM_ERR_FORMAT,
                            "more than one StackMapTable attribute");
            code->stackmap = arena_alloc(&p->a, l);
            if (!code->stackmap) return nomem(p);
            vm_memcpy(code->stackmap, p->d + p->pos, l);
            code->stackmap_len = l;
            p->pos += l;
        } else {
            p->pos += l;
        }
    }
    if (p->pos != end)
        return perr(p, VM_ERR_FORMAT,
                    "Code attribute length %u does not match its contents "
                    "(%zu bytes)", alen, p->pos - (end - alen));
    p->lim = saved_lim;
    p->lim_what = saved_what;
    m->code = code;
    return VM_OK;
}

/* --------------------------------------------------------------- fields */

static int popcount3(uint16_t f) {
    return !!(f & ACC_PUBLIC) + !!(f & ACC_PRIVATE) + !!(f & ACC_PROTECTED);
}

static vm_status check_field_flags(parser *p, uint16_t f) {
    const cf_class *c = p->c;
    bool bad;
    if (c->access & ACC_INTERFACE) {
        bad = !(f & ACC_PUBLIC) || !(f & ACC_STATIC) || !(f & ACC_FINAL) ||
              (f & (ACC_PRIVATE | ACC_PROTECTED | ACC_VOLATILE |
                    ACC_TRANSIENT)) ||
              (c->major >= 49 && (f & ACC_ENUM));
    } else {
        bad = popcount3(f) > 1 || ((f & ACC_FINAL) && (f & ACC_VOLATILE));
    }
    if (bad)
        return perr(p, VM_ERR_FORMAT, "illegal field modifiers 0x%04x%s", f,
                    (c->access & ACC_INTERFACE) ? " in an interface" : "");
    return VM_OK;
}

static vm_status parse_constant_value(parser *p, cf_field *fd, uint32_t l) {
    if (l != 2)
        return perr(p, VM_ERR_FORMAT,
                    "ConstantValue attribute length %u (must be 2)", l);
    uint16_t idx = u2(p);
    if (!(fd->access & ACC_STATIC)) return VM_OK; /* ignored (JVMS 4.7.2) */
    if (fd->constant_value)
        return perr(p, VM_ERR_FORMAT, "more than one ConstantValue attribute");
    uint8_t want;
    switch (fd->desc[0]) {
    case 'J': want = CP_LONG; break;
    case 'F': want = CP_FLOAT; break;
    case 'D': want = CP_DOUBLE; break;
    case 'I': case 'S': case 'C': case 'B': case 'Z': want = CP_INTEGER; break;
    default:
        if (vm_strcmp(fd->desc, "Ljava/lang/String;") != 0)
            return perr(p, VM_ERR_FORMAT,
                        "ConstantValue attribute on a field of type %.*s",
                        (int)NAME_MAX_SHOWN, fd->desc);
        want = CP_STRING;
        break;
    }
    if (!cf_cp_is(p->c, idx, CF_BIT(want)))
        return bad_ref(p, WHAT("ConstantValue", 0, NULL), idx, cf_tag_name(want));
    fd->constant_value = idx;
    return VM_OK;
}

static vm_status parse_fields(parser *p) {
    cf_class *c = p->c;
    if (!need(p, 2)) return truncated(p, WHAT("fields count", 0, NULL));
    uint16_t n = u2(p);
    if ((size_t)n * 8 > p->lim - p->pos)
        return truncated(p, WHAT("field table", 0, NULL));
    if (n) {
        c->fields = arena_alloc(&p->a, (size_t)n * sizeof(cf_field));
        if (!c->fields) return nomem(p);
    }
    if (!keys_alloc(p, n)) return nomem(p);
    vm_status st;
    for (uint32_t i = 0; i < n; i++) {
        if (!need(p, 8)) return truncated(p, WHAT("field #%u", i, NULL));
        cf_field *fd = &c->fields[i];
        fd->access = u2(p) & FIELD_FLAGS_KNOWN;
        uint16_t ni = u2(p), di = u2(p), na = u2(p);
        if ((st = want_utf8(p, WHAT("field #%u name", i, NULL), ni,
                            K_FIELD_NAME, "field name")))
            return st;
        fd->name = utf8_at(p, ni);
        if (vm_strcmp(fd->name, "<init>") == 0 ||
            vm_strcmp(fd->name, "<clinit>") == 0)
            return perr(p, VM_ERR_FORMAT, "field #%u may not be named %s", i,
                        fd->name);
        if ((st = want_utf8(p, WHAT("field #%u descriptor", i, NULL), di,
                            K_FIELD_DESC, "field descriptor")))
            return st;
        fd->desc = utf8_at(p, di);
        p->keys[i] = ((uint32_t)p->canon[ni] << 16) | p->canon[di];
        set_ctx(p, "field", fd->name, fd->desc);
        if ((st = check_field_flags(p, fd->access))) return st;
        for (uint32_t k = 0; k < na; k++) {
            const char *an;
            uint32_t l;
            if ((st = attr_header(p, &an, &l))) return st;
            if (vm_strcmp(an, "ConstantValue") == 0) {
                if ((st = parse_constant_value(p, fd, l))) return st;
            } else {
                p->pos += l;
            }
        }
        p->ctx = NULL;
    }
    c->n_fields = n;
    bool dup;
    size_t at;
    if ((st = find_dup(p, p->keys, n, &dup, &at))) return st;
    keys_free(p);
    if (dup) {
        set_ctx(p, "field", c->fields[at].name, c->fields[at].desc);
        return perr(p, VM_ERR_FORMAT, "duplicate field (same name and type)");
    }
    return VM_OK;
}

/* -------------------------------------------------------------- methods */

static vm_status check_method_flags(parser *p, cf_method *m) {
    const cf_class *c = p->c;
    uint16_t f = m->access;
    bool is_init = vm_strcmp(m->name, "<init>") == 0;
    bool pub = f & ACC_PUBLIC, priv = f & ACC_PRIVATE, prot = f & ACC_PROTECTED;
    bool stat = f & ACC_STATIC, fin = f & ACC_FINAL, sync = f & ACC_SYNCHRONIZED;
    bool nat = f & ACC_NATIVE, abst = f & ACC_ABSTRACT, strict = f & ACC_STRICT;
    bool bridge = f & ACC_BRIDGE;
    bool ge15 = c->major >= 49, ge8 = c->major >= 52, ge17 = c->major >= 61;
    bool bad;
    if (c->access & ACC_INTERFACE) {
        if (is_init)
            return perr(p, VM_ERR_FORMAT, "an interface may not have <init>");
        if (ge8)
            bad = pub == priv || nat || prot || fin || sync ||
                  (abst && (priv || stat || (!ge17 && strict)));
        else if (ge15)
            bad = !pub || priv || prot || stat || fin || sync || nat ||
                  !abst || strict;
        else
            bad = !pub || stat || fin || nat || !abst;
    } else if (popcount3(f) > 1) {
        bad = true;
    } else if (is_init) {
        bad = stat || fin || sync || nat || abst || (ge15 && bridge);
    } else {
        bad = abst && (fin || nat || priv || stat ||
                       (ge15 && (sync || (!ge17 && strict))));
    }
    if (bad)
        return perr(p, VM_ERR_FORMAT, "illegal method modifiers 0x%04x%s", f,
                    (c->access & ACC_INTERFACE) ? " in an interface" : "");
    return VM_OK;
}

static vm_status parse_exceptions_attr(parser *p, cf_method *m, uint32_t l) {
    if (m->throws || l < 2)
        return perr(p, VM_ERR_FORMAT, m->throws
                    ? "more than one Exceptions attribute"
                    : "Exceptions attribute too short");
    uint16_t n = u2(p);
    if ((uint32_t)n * 2 + 2 != l)
        return perr(p, VM_ERR_FORMAT,
                    "Exceptions attribute length %u does not match its %u "
                    "entries", l, n);
    m->throws = arena_alloc(&p->a, (size_t)n * 2);
    if (!m->throws) return nomem(p);
    for (uint32_t i = 0; i < n; i++) {
        uint16_t idx = u2(p);
        if (!cf_cp_is(p->c, idx, CF_BIT(CP_CLASS)))
            return bad_ref(p, WHAT("Exceptions attribute entry", 0, NULL), idx, "Class");
        m->throws[i] = idx;
    }
    m->n_throws = n;
    return VM_OK;
}

static vm_status parse_method(parser *p, uint32_t i, cf_method *m,
                              uint32_t *key, uint16_t *arg_slots) {
    cf_class *c = p->c;
    vm_status st;
    if (!need(p, 8)) return truncated(p, WHAT("method #%u", i, NULL));
    m->access = u2(p) & METHOD_FLAGS_KNOWN;
    uint16_t ni = u2(p), di = u2(p), na = u2(p);
    if ((st = want_utf8(p, WHAT("method #%u name", i, NULL), ni,
                        K_METHOD_NAME, "method name")))
        return st;
    if ((st = want_utf8(p, WHAT("method #%u descriptor", i, NULL), di,
                        K_METHOD_DESC, "method descriptor")))
        return st;
    m->name = utf8_at(p, ni);
    m->desc = utf8_at(p, di);
    *key = ((uint32_t)p->canon[ni] << 16) | p->canon[di];
    set_ctx(p, "method", m->name, m->desc);
    if (m->name[0] == '<') {
        bool clinit = m->name[1] == 'c';
        if (clinit && vm_strcmp(m->desc, "()V") != 0)
            return perr(p, VM_ERR_FORMAT, "<clinit> must have descriptor ()V");
        if (!clinit && !returns_void(p, di))
            return perr(p, VM_ERR_FORMAT, "<init> must return void");
        if (clinit) {
            if (c->major < 51) {
                m->access = ACC_STATIC;
            } else if (!(m->access & ACC_STATIC)) {
                return perr(p, VM_ERR_FORMAT, "<clinit> is not static");
            } else {
                m->access &= ACC_STATIC | (c->major <= 60 ? ACC_STRICT : 0);
            }
        }
    }
    if (!(m->name[0] == '<' && m->name[1] == 'c'))
        if ((st = check_method_flags(p, m))) return st;
    uint32_t slots = p->mdesc_slots[di] + ((m->access & ACC_STATIC) ? 0u : 1u);
    if (slots > MAX_ARG_SLOTS)
        return perr(p, VM_ERR_FORMAT,
                    "%u argument slots (more than %d)", slots, MAX_ARG_SLOTS);
    *arg_slots = (uint16_t)slots;
    unsigned n_code = 0;
    for (uint32_t k = 0; k < na; k++) {
        const char *an;
        uint32_t l;
        if ((st = attr_header(p, &an, &l))) return st;
        if (vm_strcmp(an, "Code") == 0) {
            if (++n_code > 1)
                return perr(p, VM_ERR_FORMAT, "more than one Code attribute");
            if ((st = parse_code(p, m, l))) return st;
        } else if (vm_strcmp(an, "Exceptions") == 0) {
            if ((st = parse_exceptions_attr(p, m, l))) return st;
        } else {
            p->pos += l;
        }
    }
    bool bodyless = m->access & (ACC_NATIVE | ACC_ABSTRACT);
    if (bodyless && n_code)
        return perr(p, VM_ERR_FORMAT, "%s method has a Code attribute",
                    (m->access & ACC_NATIVE) ? "native" : "abstract");
    if (!bodyless && !n_code)
        return perr(p, VM_ERR_FORMAT, "no Code attribute (method is neither "
                    "native nor abstract)");
    p->ctx = NULL;
    return VM_OK;
}

static vm_status parse_methods(parser *p) {
    cf_class *c = p->c;
    if (!need(p, 2)) return truncated(p, WHAT("methods count", 0, NULL));
    uint16_t n = u2(p);
    if ((size_t)n * 8 > p->lim - p->pos) return truncated(p, WHAT("method table", 0, NULL));
    if (n) {
        c->methods = arena_alloc(&p->a, (size_t)n * sizeof(cf_method));
        if (!c->methods) return nomem(p);
    }
    if (!keys_alloc(p, n)) return nomem(p);
    p->mslots_n = n ? n : 1;
    p->mslots = vm_zalloc(c->plat, p->mslots_n * sizeof *p->mslots);
    if (!p->mslots) return nomem(p);
    vm_status st;
    for (uint32_t i = 0; i < n; i++) {
        if ((st = parse_method(p, i, &c->methods[i], &p->keys[i],
                               &p->mslots[i])))
            return st;
        c->n_methods = (uint16_t)(i + 1);
    }
    bool dup;
    size_t at;
    if ((st = find_dup(p, p->keys, n, &dup, &at))) return st;
    keys_free(p);
    if (dup) {
        set_ctx(p, "method", c->methods[at].name, c->methods[at].desc);
        return perr(p, VM_ERR_FORMAT,
                    "duplicate method (same name and descriptor)");
    }
    return VM_OK;
}


/* --------------------------------------------------------- class header */


static vm_status check_class_flags(parser *p) {
    cf_class *c = p->c;
    uint16_t f = c->access;
    if (f & ACC_MODULE) {
        if (!(p->flags & CF_PARSE_ALLOW_MODULE))
            return perr(p, VM_ERR_FORMAT,
                        "a module-info file (ACC_MODULE set), not a class");
        if (c->major < 53 || f != ACC_MODULE)
            return perr(p, VM_ERR_FORMAT,
                        "illegal module-info access flags 0x%04x", f);
        return VM_OK;
    }
    if ((f & ACC_INTERFACE) && !(f & ACC_ABSTRACT) && c->major < 50) {
        f |= ACC_ABSTRACT; /* old compilers omitted it (as HotSpot does) */
        c->access = f;
    }
    bool itf = f & ACC_INTERFACE, abst = f & ACC_ABSTRACT;
    bool ge15 = c->major >= 49;
    if ((abst && (f & ACC_FINAL)) || (itf && !abst) ||
        (itf && ge15 && (f & (ACC_SUPER | ACC_ENUM))) ||
        (!itf && ge15 && (f & ACC_ANNOTATION)))
        return perr(p, VM_ERR_FORMAT, "illegal class modifiers 0x%04x", f);
    return VM_OK;
}

static const char *class_utf8(const cf_class *c, uint16_t idx) {
    if (!cf_cp_is(c, idx, CF_BIT(CP_CLASS))) return NULL;
    uint16_t u = c->cp[idx].u.ref.a;
    if (!cf_cp_is(c, u, CF_BIT(CP_UTF8))) return NULL;
    return c->cp[u].u.utf8.str;
}

static vm_status check_this_super(parser *p, uint16_t this_idx,
                                  uint16_t super_idx) {
    cf_class *c = p->c;
    if (!cf_cp_is(c, this_idx, CF_BIT(CP_CLASS)))
        return bad_ref(p, WHAT("this_class", 0, NULL), this_idx, "Class");
    c->this_name = class_utf8(c, this_idx);
    if (c->this_name[0] == '[')
        return perr(p, VM_ERR_FORMAT, "this_class is an array type");
    if (c->access & ACC_MODULE) {
        if (vm_strcmp(c->this_name, "module-info") != 0 || super_idx != 0)
            return perr(p, VM_ERR_FORMAT,
                        "module-info must be named module-info and have "
                        "super_class 0");
        return VM_OK;
    }
    bool is_object = vm_strcmp(c->this_name, "java/lang/Object") == 0;
    if (super_idx == 0) {
        if (!is_object)
            return perr(p, VM_ERR_FORMAT,
                        "super_class is 0 (only java/lang/Object has no "
                        "superclass)");
        return VM_OK;
    }
    if (!cf_cp_is(c, super_idx, CF_BIT(CP_CLASS)))
        return bad_ref(p, WHAT("super_class", 0, NULL), super_idx, "Class");
    if (is_object)
        return perr(p, VM_ERR_FORMAT, "java/lang/Object may not have a "
                    "superclass");
    c->super_name = class_utf8(c, super_idx);
    if (c->super_name[0] == '[')
        return perr(p, VM_ERR_FORMAT, "super_class is an array type");
    if (vm_strcmp(c->super_name, c->this_name) == 0)
        return perr(p, VM_ERR_FORMAT, "class is its own superclass");
    if ((c->access & ACC_INTERFACE) &&
        vm_strcmp(c->super_name, "java/lang/Object") != 0)
        return perr(p, VM_ERR_FORMAT,
                    "interface has super_class %.*s (must be "
                    "java/lang/Object)", (int)NAME_MAX_SHOWN, c->super_name);
    return VM_OK;
}

static vm_status parse_interfaces(parser *p) {
    cf_class *c = p->c;
    if (!need(p, 2)) return truncated(p, WHAT("interfaces count", 0, NULL));
    uint16_t n = u2(p);
    if (!need(p, (size_t)n * 2)) return truncated(p, WHAT("interface table", 0, NULL));
    if (n) {
        c->interfaces = arena_alloc(&p->a, (size_t)n * sizeof(char *));
        if (!c->interfaces) return nomem(p);
    }
    if (!keys_alloc(p, n)) return nomem(p);
    for (uint32_t i = 0; i < n; i++) {
        uint16_t idx = u2(p);
        if (!cf_cp_is(c, idx, CF_BIT(CP_CLASS)))
            return bad_ref(p, WHAT("interface #%u", i, NULL), idx, "Class");
        c->interfaces[i] = class_utf8(c, idx);
        if (c->interfaces[i][0] == '[')
            return perr(p, VM_ERR_FORMAT, "interface #%u is an array type", i);
        p->keys[i] = p->canon[c->cp[idx].u.ref.a];
    }
    c->n_interfaces = n;
    bool dup;
    size_t at;
    vm_status st = find_dup(p, p->keys, n, &dup, &at);
    keys_free(p);
    if (st) return st;
    if (dup)
        return perr(p, VM_ERR_FORMAT, "duplicate interface %.*s",
                    (int)NAME_MAX_SHOWN, c->interfaces[at]);
    return VM_OK;
}

/* ------------------------------------------------------ class attributes */

#define LOADABLE_TAGS                                                      \
    (CF_BIT(CP_INTEGER) | CF_BIT(CP_FLOAT) | CF_BIT(CP_LONG) |              \
     CF_BIT(CP_DOUBLE) | CF_BIT(CP_CLASS) | CF_BIT(CP_STRING) |             \
     CF_BIT(CP_METHOD_HANDLE) | CF_BIT(CP_METHOD_TYPE) | CF_BIT(CP_DYNAMIC))

static vm_status parse_bootstrap(parser *p, uint32_t l) {
    cf_class *c = p->c;
    size_t end = p->pos + l;
    size_t saved_lim = p->lim;
    const char *saved_what = p->lim_what;
    p->lim = end;
    p->lim_what = "its BootstrapMethods attribute";
    if (!need(p, 2)) return truncated(p, WHAT("BootstrapMethods count", 0, NULL));
    uint16_t n = u2(p);
    if (!need(p, (size_t)n * 4)) return truncated(p, WHAT("BootstrapMethods table", 0, NULL));
    if (n) {
        c->bootstrap = arena_alloc(&p->a, (size_t)n * sizeof(cf_bootstrap));
        if (!c->bootstrap) return nomem(p);
    }
    for (uint32_t i = 0; i < n; i++) {
        cf_bootstrap *b = &c->bootstrap[i];
        const what *w = WHAT("bootstrap method #%u", i, NULL);
        if (!need(p, 4)) return truncated(p, w);
        b->method_ref = u2(p);
        b->n_args = u2(p);
        if (!cf_cp_is(c, b->method_ref, CF_BIT(CP_METHOD_HANDLE)))
            return bad_ref(p, w, b->method_ref, "MethodHandle");
        if (!need(p, (size_t)b->n_args * 2)) return truncated(p, w);
        b->args = arena_alloc(&p->a, (size_t)b->n_args * 2);
        if (!b->args) return nomem(p);
        w = WHAT("bootstrap method #%u argument", i, NULL);
        for (uint32_t k = 0; k < b->n_args; k++) {
            b->args[k] = u2(p);
            if (!cf_cp_is(c, b->args[k], LOADABLE_TAGS))
                return bad_ref(p, w, b->args[k], "loadable constant");
        }
    }
    c->n_bootstrap = n;
    if (p->pos != end)
        return perr(p, VM_ERR_FORMAT,
                    "BootstrapMethods attribute length %u does not match its "
                    "contents", l);
    p->lim = saved_lim;
    p->lim_what = saved_what;
    return VM_OK;
}

static vm_status parse_class_attrs(parser *p) {
    cf_class *c = p->c;
    if (!need(p, 2)) return truncated(p, WHAT("class attribute count", 0, NULL));
    uint16_t n = u2(p);
    bool have_bsm = false;
    vm_status st;
    for (uint32_t i = 0; i < n; i++) {
        const char *an;
        uint32_t l;
        if ((st = attr_header(p, &an, &l))) return st;
        if (vm_strcmp(an, "SourceFile") == 0) {
            if (c->source_file)
                return perr(p, VM_ERR_FORMAT,
                            "more than one SourceFile attribute");
            if (l != 2)
                return perr(p, VM_ERR_FORMAT,
                            "SourceFile attribute length %u (must be 2)", l);
            uint16_t idx = u2(p);
            if (!cf_cp_is(c, idx, CF_BIT(CP_UTF8)))
                return bad_ref(p, WHAT("SourceFile", 0, NULL), idx, "Utf8");
            c->source_file = utf8_at(p, idx);
        } else if (vm_strcmp(an, "BootstrapMethods") == 0) {
            if (have_bsm)
                return perr(p, VM_ERR_FORMAT,
                            "more than one BootstrapMethods attribute");
            have_bsm = true;
            if ((st = parse_bootstrap(p, l))) return st;
        } else {
            p->pos += l;
        }
    }
    /* Every (Invoke)Dynamic entry must name an existing bootstrap method. */
    for (uint32_t i = 1; i < c->cp_count; i++) {
        const cf_const *e = &c->cp[i];
        if (e->tag != CP_DYNAMIC && e->tag != CP_INVOKE_DYNAMIC) continue;
        if (!have_bsm)
            return perr(p, VM_ERR_FORMAT,
                        "constant pool #%u (%s) but no BootstrapMethods "
                        "attribute", i, cf_tag_name(e->tag));
        if (e->u.ref.a >= c->n_bootstrap)
            return perr(p, VM_ERR_FORMAT,
                        "constant pool #%u (%s): bootstrap method index %u "
                        "out of range (%u bootstrap methods)", i,
                        cf_tag_name(e->tag), e->u.ref.a, c->n_bootstrap);
    }
    return VM_OK;
}

/* ----------------------------------------------------------- top level */

/* After a version error: find the class name for the message, if the
 * rest of the file allows it.  Never reports anything itself. */
static void peek_name(parser *p) {
    cf_class *c = p->c;
    vm_diag *saved = p->diag;
    size_t saved_pos = p->pos;
    p->diag = NULL;
    p->lenient = true;
    if (parse_cp(p) == VM_OK && need(p, 4)) {
        (void)u2(p);
        p->cls = class_utf8(c, u2(p));
    }
    p->lenient = false;
    p->diag = saved;
    p->pos = saved_pos;
    c->cp = NULL;
    c->cp_count = 0;
}

static vm_status parse_all(parser *p) {
    cf_class *c = p->c;
    vm_status st;
    if (!need(p, 4))
        return perr(p, VM_ERR_FORMAT,
                    "truncated class file (%zu bytes): no magic number",
                    p->len);
    uint32_t magic = u4(p);
    if (magic != 0xcafebabeu)
        return perr(p, VM_ERR_FORMAT,
                    "bad magic number 0x%08x (not a class file)", magic);
    if (!need(p, 4)) return truncated(p, WHAT("version", 0, NULL));
    c->minor = u2(p);
    c->major = u2(p);
    if (c->major < 45 || c->major > 61) {
        peek_name(p);
        return perr(p, VM_ERR_VERSION,
                    "unsupported class file version %u.%u (this VM supports "
                    "45 to 61)", c->major, c->minor);
    }
    if (c->major >= 56 && c->minor == 0xffff) {
        /* preview features: those of the newest version only, on request */
        if (c->major != 61 || !(p->flags & CF_PARSE_ALLOW_PREVIEW)) {
            peek_name(p);
            return perr(p, VM_ERR_VERSION,
                        c->major != 61
                            ? "class file version %u.%u uses the preview features of "
                              "an older Java SE release (only 61.65535 is supported)"
                            : "class file version %u.%u uses preview features "
                              "(not enabled: --enable-preview)",
                        c->major, c->minor);
        }
    } else if (c->major >= 56 && c->minor != 0) {
        peek_name(p);
        return perr(p, VM_ERR_VERSION,
                    "unsupported class file version %u.%u (minor "
                    "version must be 0)",
                    c->major, c->minor);
    }
    if ((st = parse_cp(p))) return st;

    size_t n = c->cp_count;
    p->tmp_n = n;
    p->kinds = vm_zalloc(c->plat, n);
    p->mdesc_slots = vm_zalloc(c->plat, n * sizeof(uint16_t));
    p->canon = vm_zalloc(c->plat, n * sizeof(uint16_t));
    if (!p->kinds || !p->mdesc_slots || !p->canon) return nomem(p);

    if (!need(p, 6)) return truncated(p, WHAT("class header", 0, NULL));
    c->access = u2(p) & CLASS_FLAGS_KNOWN;
    uint16_t this_idx = u2(p), super_idx = u2(p);
    p->cls = class_utf8(c, this_idx); /* best effort, checked below */
    if ((st = check_cp(p))) return st;
    if ((st = check_class_flags(p))) return st;
    if ((st = check_this_super(p, this_idx, super_idx))) return st;
    p->cls = c->this_name;
    p->cls_final = true;
    if ((st = build_canon(p))) return st;
    if ((st = parse_interfaces(p))) return st;
    if ((st = parse_fields(p))) return st;
    if ((st = parse_methods(p))) return st;
    if ((st = parse_class_attrs(p))) return st;
    if (p->pos != p->len)
        return perr(p, VM_ERR_FORMAT,
                    "%zu extra bytes at the end of the class file",
                    p->len - p->pos);
    if ((c->access & ACC_MODULE) &&
        (c->n_interfaces || c->n_fields || c->n_methods))
        return perr(p, VM_ERR_FORMAT,
                    "module-info may not have interfaces, fields or methods");
    for (uint32_t i = 0; i < c->n_methods; i++) {
        if (!c->methods[i].code) continue;
        if ((st = cf_check_code(c, &c->methods[i], p->mslots[i],
                                p->mdesc_slots, p->diag)))
            return st;
    }
    return VM_OK;
}

vm_status cf_parse_ex(const vm_platform *plat, const uint8_t *data,
                      size_t len, const cf_parse_opts *opts, cf_class **out,
                      vm_diag *diag) {
    if (out) *out = NULL;
    if (!plat || !plat->realloc || !out || (!data && len))
        return vm_diagf(diag, VM_ERR_ARG, "cf_parse: invalid argument");
    parser P;
    vm_memset(&P, 0, sizeof P);
    P.a.plat = plat;
    P.a.next_size = 1024;
    while (P.a.next_size < len && P.a.next_size < CHUNK_MAX)
        P.a.next_size *= 2;
    P.d = data;
    P.len = len;
    P.lim = len;
    P.lim_what = "the file";
    P.diag = diag;
    if (opts) {
        P.flags = opts->flags;
        if (opts->name) {
            size_t n = opts->name_len;
            if (n > sizeof P.hint - 1) n = sizeof P.hint - 1;
            vm_memcpy(P.hint, opts->name, n);
            P.hint[n] = '\0';
        }
    }
    P.c = arena_alloc(&P.a, sizeof(cf_class));
    if (!P.c)
        return vm_diagf(diag, VM_ERR_NOMEM,
                        "out of memory while parsing the class file");
    P.c->plat = plat;
    vm_status st = parse_all(&P);
    if (P.kinds) vm_free(plat, P.kinds, P.tmp_n);
    if (P.mdesc_slots) vm_free(plat, P.mdesc_slots, P.tmp_n * sizeof(uint16_t));
    if (P.canon) vm_free(plat, P.canon, P.tmp_n * sizeof(uint16_t));
    keys_free(&P);
    if (P.mslots) vm_free(plat, P.mslots, P.mslots_n * sizeof *P.mslots);
    if (st != VM_OK) {
        arena_release(plat, P.a.head);
        return st;
    }
    P.c->arena = P.a.head;
    P.c->arena_size = P.a.total;
    *out = P.c;
    return VM_OK;
}

vm_status cf_parse(const vm_platform *plat, const uint8_t *data, size_t len,
                   cf_class **out, vm_diag *diag) {
    return cf_parse_ex(plat, data, len, NULL, out, diag);
}

void cf_free(cf_class *c) {
    if (!c) return;
    arena_release(c->plat, c->arena); /* c itself lives in the arena */
}

/* ------------------------------------------------------------ accessors */

const char *cf_utf8(const cf_class *c, uint16_t idx) {
    if (!c || !cf_cp_is(c, idx, CF_BIT(CP_UTF8))) return NULL;
    return c->cp[idx].u.utf8.str;
}

const char *cf_class_name(const cf_class *c, uint16_t idx) {
    if (!c || !cf_cp_is(c, idx, CF_BIT(CP_CLASS))) return NULL;
    return cf_utf8(c, c->cp[idx].u.ref.a);
}

void cf_name_and_type(const cf_class *c, uint16_t idx, const char **name,
                      const char **desc) {
    const char *n = NULL, *d = NULL;
    if (c && cf_cp_is(c, idx, CF_BIT(CP_NAME_AND_TYPE))) {
        n = cf_utf8(c, c->cp[idx].u.ref.a);
        d = cf_utf8(c, c->cp[idx].u.ref.b);
    }
    if (name) *name = n;
    if (desc) *desc = d;
}

void cf_member_ref(const cf_class *c, uint16_t idx, const char **cls,
                   const char **name, const char **desc) {
    const char *k = NULL;
    uint16_t nat = 0;
    if (c && cf_cp_is(c, idx, CF_BIT(CP_FIELDREF) | CF_BIT(CP_METHODREF) |
                                  CF_BIT(CP_INTERFACE_METHODREF))) {
        k = cf_class_name(c, c->cp[idx].u.ref.a);
        nat = c->cp[idx].u.ref.b;
    }
    if (cls) *cls = k;
    cf_name_and_type(c, nat, name, desc);
}
