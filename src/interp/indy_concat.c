/* indy_concat.c - invokedynamic for javac 9+ string concatenation
 * (java/lang/invoke/StringConcatFactory.makeConcatWithConstants and
 * makeConcat).
 *
 * Linking (first execution of the call site) parses the recipe and the
 * argument types of the NameAndType descriptor into an indy_concat held by
 * the call site (indy_link.c, in the method's side table).  Recipe tags:
 * '\1' = the next argument, '\2' = the next further bootstrap argument (a
 * constant, folded into the literal text at link time), any other char is
 * literal.  Each execution formats the arguments as String.valueOf does and
 * builds the result with rt_new_string_chars.  The arguments stay on the
 * operand stack (so the GC sees them) until the result exists; object
 * arguments are replaced in their slots by their toString() results.
 *
 * indy_link.c chooses the bootstrap method and calls indy_concat_link.
 */
#include "interp_internal.h"
#include "../core/mem.h"
#include "../core/fpconv.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/invoke.h"
#include "../runtime/strings.h"

typedef struct indy_piece {
    int32_t arg;        /* >= 0: argument index; -1: literal text */
    uint32_t off, len;  /* literal: units in site->text */
} indy_piece;

struct indy_concat {
    uint32_t n_args, arg_slots;
    char *types;        /* n_args type chars: Z B C S I J F D L */
    uint16_t *slot;     /* n_args slot offsets */
    uint32_t n_pieces, cap_pieces;
    indy_piece *pieces;
    uint32_t text_len, text_cap;
    uint16_t *text;     /* literal UTF-16 units */
};


void indy_concat_free(vm *vm, struct indy_concat *s) {
    if (!s) return;
    vm_free(vm->plat, s->types, s->n_args ? s->n_args : 1);
    vm_free(vm->plat, s->slot, (s->n_args ? s->n_args : 1) * sizeof *s->slot);
    vm_free(vm->plat, s->pieces, (size_t)s->cap_pieces * sizeof *s->pieces);
    vm_free(vm->plat, s->text, (size_t)s->text_cap * sizeof *s->text);
    vm_free(vm->plat, s, sizeof *s);
}

/* ---- link-time building ------------------------------------------------------ */

static bool add_text(vm *vm, struct indy_concat *s, const uint16_t *u, uint32_t n) {
    if (n == 0) return true;
    if (s->text_len + (uint64_t)n > 0x7fffffffu) return false;
    if (s->text_len + n > s->text_cap) {
        uint32_t ncap = s->text_cap ? s->text_cap : 32;
        while (ncap < s->text_len + n) ncap = ncap * 2 > 0x7fffffffu ? 0x7fffffffu : ncap * 2;
        uint16_t *nt = vm_realloc(vm->plat, s->text, (size_t)s->text_cap * 2, (size_t)ncap * 2);
        if (!nt) return false;
        s->text = nt;
        s->text_cap = ncap;
    }
    vm_memcpy(s->text + s->text_len, u, (size_t)n * 2);
    /* extend the last literal piece or start one */
    if (s->n_pieces && s->pieces[s->n_pieces - 1].arg < 0) {
        s->pieces[s->n_pieces - 1].len += n;
    } else {
        if (s->n_pieces == s->cap_pieces) {
            uint32_t ncap = s->cap_pieces ? s->cap_pieces * 2 : 8;
            indy_piece *np = vm_realloc(vm->plat, s->pieces,
                                        (size_t)s->cap_pieces * sizeof *np,
                                        (size_t)ncap * sizeof *np);
            if (!np) return false;
            s->pieces = np;
            s->cap_pieces = ncap;
        }
        s->pieces[s->n_pieces].arg = -1;
        s->pieces[s->n_pieces].off = s->text_len;
        s->pieces[s->n_pieces].len = n;
        s->n_pieces++;
    }
    s->text_len += n;
    return true;
}

static bool add_ascii(vm *vm, struct indy_concat *s, const char *a, size_t n) {
    uint16_t u[64];
    while (n) {
        size_t k = n < 64 ? n : 64;
        for (size_t i = 0; i < k; i++) u[i] = (uint8_t)a[i];
        if (!add_text(vm, s, u, (uint32_t)k)) return false;
        a += k;
        n -= k;
    }
    return true;
}

static bool add_arg(vm *vm, struct indy_concat *s, uint32_t arg) {
    if (s->n_pieces == s->cap_pieces) {
        uint32_t ncap = s->cap_pieces ? s->cap_pieces * 2 : 8;
        indy_piece *np = vm_realloc(vm->plat, s->pieces,
                                    (size_t)s->cap_pieces * sizeof *np,
                                    (size_t)ncap * sizeof *np);
        if (!np) return false;
        s->pieces = np;
        s->cap_pieces = ncap;
    }
    s->pieces[s->n_pieces].arg = (int32_t)arg;
    s->pieces[s->n_pieces].off = 0;
    s->pieces[s->n_pieces].len = 0;
    s->n_pieces++;
    return true;
}

/* Decode one modified-UTF-8 character at p (< end); returns its length. */
static uint32_t mutf8_char(const uint8_t *p, const uint8_t *end, uint16_t *out) {
    uint8_t c = p[0];
    if (c < 0x80) { *out = c; return 1; }
    if ((c & 0xe0) == 0xc0 && end - p >= 2 && (p[1] & 0xc0) == 0x80) {
        *out = (uint16_t)(((c & 0x1f) << 6) | (p[1] & 0x3f));
        return 2;
    }
    if ((c & 0xf0) == 0xe0 && end - p >= 3 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80) {
        *out = (uint16_t)(((c & 0x0f) << 12) | ((p[1] & 0x3f) << 6) | (p[2] & 0x3f));
        return 3;
    }
    *out = 0xfffd;
    return 1;
}

static bool add_mutf8(vm *vm, struct indy_concat *s, const char *str, size_t n) {
    const uint8_t *p = (const uint8_t *)str, *end = p + n;
    uint16_t u[64];
    uint32_t k = 0;
    while (p < end) {
        p += mutf8_char(p, end, &u[k++]);
        if (k == 64) {
            if (!add_text(vm, s, u, k)) return false;
            k = 0;
        }
    }
    return add_text(vm, s, u, k);
}

static size_t fmt_long(int64_t v, char *buf) {
    char tmp[24];
    size_t n = 0;
    uint64_t u = v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
    do { tmp[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    size_t k = 0;
    if (v < 0) buf[k++] = '-';
    while (n) buf[k++] = tmp[--n];
    return k;
}

/* A '\2' constant: its String.valueOf text. */
static vm_status add_constant(vm *vm, struct indy_concat *s, const cf_class *cf,
                              uint16_t idx) {
    char buf[FPCONV_BUFSZ + 8];
    size_t n;
    if (idx == 0 || idx >= cf->cp_count) goto bad;
    const cf_const *k = &cf->cp[idx];
    switch (k->tag) {
    case CP_STRING: {
        const char *str = cf_utf8(cf, k->u.ref.a);
        if (!str || !add_mutf8(vm, s, str, cf->cp[k->u.ref.a].u.utf8.len)) goto oom;
        return VM_OK;
    }
    case CP_INTEGER: n = fmt_long(k->u.i32, buf); break;
    case CP_LONG:    n = fmt_long(k->u.i64, buf); break;
    case CP_FLOAT:   n = fpconv_float_to_java(k->u.f32, buf); break;
    case CP_DOUBLE:  n = fpconv_double_to_java(k->u.f64, buf); break;
    default: goto bad;
    }
    if (!add_ascii(vm, s, buf, n)) goto oom;
    return VM_OK;
bad:
    return rt_throw(vm, "java/lang/BootstrapMethodError",
                    "StringConcatFactory: unsupported recipe constant #%u", (unsigned)idx);
oom:
    return rt_throw_oom(vm);
}

static vm_status parse_desc(vm *vm, struct indy_concat *s, const char *desc) {
    /* count, then fill */
    uint32_t n = 0;
    const char *p = desc;
    if (*p++ != '(') goto bad;
    while (*p && *p != ')') {
        while (*p == '[') p++;
        if (*p == 'L') { while (*p && *p != ';') p++; if (!*p) goto bad; }
        else if (!vm_strchr("ZBCSIJFD", *p) || !*p) goto bad;
        p++;
        n++;
    }
    if (*p != ')' || vm_strcmp(p + 1, "Ljava/lang/String;") != 0) goto bad;
    if (n > 200) goto bad;
    s->n_args = n;
    s->types = vm_zalloc(vm->plat, n ? n : 1);
    s->slot = vm_zalloc(vm->plat, (n ? n : 1) * sizeof *s->slot);
    if (!s->types || !s->slot) return rt_throw_oom(vm);
    uint32_t slot = 0, i = 0;
    for (p = desc + 1; *p != ')'; i++) {
        char t = *p;
        if (t == '[' || t == 'L') {
            while (*p == '[') p++;
            if (*p == 'L') while (*p != ';') p++;
            p++;
            t = 'L';
        } else {
            p++;
        }
        s->types[i] = t;
        s->slot[i] = (uint16_t)slot;
        slot += (t == 'J' || t == 'D') ? 2 : 1;
    }
    s->arg_slots = slot;
    return VM_OK;
bad:
    return rt_throw(vm, "java/lang/BootstrapMethodError",
                    "StringConcatFactory: unsupported call site type %s", desc);
}

vm_status indy_concat_link(vm *vm, const cf_class *cf, const cf_bootstrap *bs,
                           bool with_constants, const char *desc,
                           struct indy_concat **out) {
    *out = NULL;
    struct indy_concat *s = vm_zalloc(vm->plat, sizeof *s);
    if (!s) return rt_throw_oom(vm);
    vm_status st = parse_desc(vm, s, desc);
    if (st != VM_OK) goto fail;
    if (!with_constants) {
        for (uint32_t i = 0; i < s->n_args; i++)
            if (!add_arg(vm, s, i)) { st = rt_throw_oom(vm); goto fail; }
    } else {
        if (bs->n_args < 1 || bs->args[0] >= cf->cp_count ||
            cf->cp[bs->args[0]].tag != CP_STRING) {
            st = rt_throw(vm, "java/lang/BootstrapMethodError",
                          "makeConcatWithConstants: missing recipe");
            goto fail;
        }
        uint16_t uidx = cf->cp[bs->args[0]].u.ref.a;
        const char *recipe = cf_utf8(cf, uidx);
        size_t rlen = cf->cp[uidx].u.utf8.len;
        uint32_t next_arg = 0, next_const = 1;
        size_t lit_start = 0;
        for (size_t i = 0; i <= rlen; i++) {
            char ch = i < rlen ? recipe[i] : 0;
            if (i < rlen && ch != 1 && ch != 2) continue;
            if (i > lit_start && !add_mutf8(vm, s, recipe + lit_start, i - lit_start)) {
                st = rt_throw_oom(vm);
                goto fail;
            }
            lit_start = i + 1;
            if (i == rlen) break;
            if (ch == 1) {
                if (next_arg >= s->n_args) {
                    st = rt_throw(vm, "java/lang/BootstrapMethodError",
                                  "makeConcatWithConstants: recipe uses more arguments "
                                  "than the call site has");
                    goto fail;
                }
                if (!add_arg(vm, s, next_arg++)) { st = rt_throw_oom(vm); goto fail; }
            } else {
                if (next_const >= bs->n_args) {
                    st = rt_throw(vm, "java/lang/BootstrapMethodError",
                                  "makeConcatWithConstants: recipe uses more constants "
                                  "than given");
                    goto fail;
                }
                st = add_constant(vm, s, cf, bs->args[next_const++]);
                if (st != VM_OK) goto fail;
            }
        }
        if (next_arg != s->n_args) {
            st = rt_throw(vm, "java/lang/BootstrapMethodError",
                          "makeConcatWithConstants: recipe does not use every argument");
            goto fail;
        }
    }
    *out = s;
    return VM_OK;
fail:
    indy_concat_free(vm, s);
    return st;
}

/* ---- execution ---------------------------------------------------------------- */

typedef struct ubuf {
    uint16_t *p;
    size_t len, cap;
    bool overflow, nomem;
} ubuf;

static void ub_reserve(vm *vm, ubuf *b, size_t n) {
    size_t need;
    if (b->overflow || b->nomem) return;
    if (!vm_size_add(b->len, n, &need) || need > 0x7fffffffu) { b->overflow = true; return; }
    if (need <= b->cap) return;
    size_t ncap = b->cap ? b->cap : 64;
    while (ncap < need) ncap *= 2;
    uint16_t *np = vm_realloc(vm->plat, b->p, b->cap * 2, ncap * 2);
    if (!np) { b->nomem = true; return; }
    b->p = np;
    b->cap = ncap;
}

static void ub_units(vm *vm, ubuf *b, const uint16_t *u, size_t n) {
    ub_reserve(vm, b, n);
    if (b->overflow || b->nomem) return;
    vm_memcpy(b->p + b->len, u, n * 2);
    b->len += n;
}

static void ub_ascii(vm *vm, ubuf *b, const char *a, size_t n) {
    ub_reserve(vm, b, n);
    if (b->overflow || b->nomem) return;
    for (size_t i = 0; i < n; i++) b->p[b->len++] = (uint8_t)a[i];
}

vm_status indy_concat_exec(vm *vm, const struct indy_concat *s, jvalue *args,
                           jobject **out) {
    vm_status st;
    /* 1. String.valueOf of every object argument, in argument order */
    for (uint32_t i = 0; i < s->n_args; i++) {
        if (s->types[i] != 'L') continue;
        jobject *o = args[s->slot[i]].l;
        if (!o || o->cls == vm->wk.string) continue;
        jvalue r;
        r.raw = 0;
        st = rt_call_virtual(vm, o, "toString", "()Ljava/lang/String;", NULL, &r);
        if (st != VM_OK) return st;
        args[s->slot[i]].l = r.l;  /* null prints "null" */
    }
    /* 2. the text */
    ubuf b = { NULL, 0, 0, false, false };
    char num[FPCONV_BUFSZ + 8];
    for (uint32_t k = 0; k < s->n_pieces; k++) {
        const indy_piece *pc = &s->pieces[k];
        if (pc->arg < 0) {
            ub_units(vm, &b, s->text + pc->off, pc->len);
            continue;
        }
        const jvalue *v = &args[s->slot[pc->arg]];
        switch (s->types[pc->arg]) {
        case 'Z':
            if (v->i) ub_ascii(vm, &b, "true", 4);
            else ub_ascii(vm, &b, "false", 5);
            break;
        case 'C': {
            uint16_t c = (uint16_t)v->i;
            ub_units(vm, &b, &c, 1);
            break;
        }
        case 'B': case 'S': case 'I':
            ub_ascii(vm, &b, num, fmt_long(v->i, num));
            break;
        case 'J':
            ub_ascii(vm, &b, num, fmt_long(v->j, num));
            break;
        case 'F':
            ub_ascii(vm, &b, num, fpconv_float_to_java(v->f, num));
            break;
        case 'D':
            ub_ascii(vm, &b, num, fpconv_double_to_java(v->d, num));
            break;
        default: {
            jobject *o = v->l;
            if (!o) {
                ub_ascii(vm, &b, "null", 4);
            } else {
                int32_t n = rt_string_length(vm, o);
                const uint16_t *u = rt_string_chars(vm, o);
                if (n > 0 && u) ub_units(vm, &b, u, (size_t)n);
            }
            break;
        }
        }
    }
    if (b.overflow) {
        st = rt_throw(vm, "java/lang/OutOfMemoryError", "Overflow: String length out of range");
    } else if (b.nomem) {
        st = rt_throw_oom(vm);
    } else {
        uint16_t empty = 0;
        jobject *r = rt_new_string_chars(vm, b.p ? b.p : &empty, b.len);
        st = r ? VM_OK : VM_ERR_EXCEPTION;
        *out = r;
    }
    vm_free(vm->plat, b.p, b.cap * 2);
    return st;
}
