/* indy_classgen.c - a small class-file writer for the classes that
 * invokedynamic call sites generate (see indy_classgen.h), and their
 * definition through the normal loader. */
#include "indy_classgen.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../runtime/classes.h"
#include "../runtime/rt_internal.h"
#include "../runtime/exceptions.h"

/* ---- buffers ------------------------------------------------------------- */

static bool buf_reserve(cg_class *cg, cg_buf *b, size_t n) {
    if (cg->nomem) return false;
    if (b->len + n <= b->cap) return true;
    size_t nc = b->cap ? b->cap : 256;
    while (nc < b->len + n) nc *= 2;
    uint8_t *np = vm_realloc(cg->vm->plat, b->p, b->cap, nc);
    if (!np) { cg->nomem = true; return false; }
    b->p = np;
    b->cap = nc;
    return true;
}

static void b_u1(cg_class *cg, cg_buf *b, uint8_t v) {
    if (buf_reserve(cg, b, 1)) b->p[b->len++] = v;
}
static void b_u2(cg_class *cg, cg_buf *b, uint16_t v) {
    b_u1(cg, b, (uint8_t)(v >> 8));
    b_u1(cg, b, (uint8_t)v);
}
static void b_u4(cg_class *cg, cg_buf *b, uint32_t v) {
    b_u2(cg, b, (uint16_t)(v >> 16));
    b_u2(cg, b, (uint16_t)v);
}
static void b_bytes(cg_class *cg, cg_buf *b, const void *p, size_t n) {
    if (n && buf_reserve(cg, b, n)) {
        vm_memcpy(b->p + b->len, p, n);
        b->len += n;
    }
}
static void buf_free(cg_class *cg, cg_buf *b) {
    if (b->p) vm_free(cg->vm->plat, b->p, b->cap);
    b->p = NULL;
    b->len = b->cap = 0;
}

void cg_init(cg_class *cg, vm *vm) {
    vm_memset(cg, 0, sizeof *cg);
    cg->vm = vm;
    cg->cp_count = 1;
}

void cg_free(cg_class *cg) {
    for (uint32_t i = 1; i < cg->cp_count; i++)
        if (cg->cp[i].s) vm_free(cg->vm->plat, cg->cp[i].s, cg->cp[i].slen + 1);
    if (cg->cp) vm_free(cg->vm->plat, cg->cp, (size_t)cg->cp_cap * sizeof *cg->cp);
    buf_free(cg, &cg->fields);
    buf_free(cg, &cg->methods);
    buf_free(cg, &cg->code);
    if (cg->frames) vm_free(cg->vm->plat, cg->frames, (size_t)cg->frames_cap * sizeof *cg->frames);
    cg->frames = NULL;
    cg->cp = NULL;
}

/* ---- constant pool --------------------------------------------------------- */

static uint16_t cp_add(cg_class *cg, uint8_t tag, uint16_t a, uint16_t b, const char *s,
                       size_t slen) {
    if (cg->nomem) return 0;
    for (uint32_t i = 1; i < cg->cp_count; i++) {
        const cg_const *k = &cg->cp[i];
        if (k->tag != tag || k->a != a || k->b != b) continue;
        if (s && (k->slen != slen || vm_memcmp(k->s, s, slen) != 0)) continue;
        return (uint16_t)i;
    }
    if (cg->cp_count >= 65000) { cg->toolong = true; return 0; }
    if (cg->cp_count >= cg->cp_cap) {
        uint32_t nc = cg->cp_cap ? cg->cp_cap * 2 : 32;
        cg_const *np = vm_realloc(cg->vm->plat, cg->cp, (size_t)cg->cp_cap * sizeof *np,
                                  (size_t)nc * sizeof *np);
        if (!np) { cg->nomem = true; return 0; }
        cg->cp = np;
        cg->cp_cap = nc;
    }
    cg_const *k = &cg->cp[cg->cp_count];
    k->tag = tag;
    k->a = a;
    k->b = b;
    k->s = NULL;
    k->slen = 0;
    if (s) {
        k->s = vm_strndup(cg->vm->plat, s, slen);
        if (!k->s) { cg->nomem = true; return 0; }
        k->slen = slen;
    }
    return (uint16_t)cg->cp_count++;
}

uint16_t cg_utf8(cg_class *cg, const char *s, size_t len) {
    if (len > 65535) { cg->toolong = true; return 0; }
    return cp_add(cg, CP_UTF8, 0, 0, s, len);
}
uint16_t cg_utf8z(cg_class *cg, const char *s) { return cg_utf8(cg, s, vm_strlen(s)); }
uint16_t cg_classref(cg_class *cg, const char *name, size_t len) {
    return cp_add(cg, CP_CLASS, cg_utf8(cg, name, len), 0, NULL, 0);
}
uint16_t cg_string(cg_class *cg, const char *s, size_t len) {
    return cp_add(cg, CP_STRING, cg_utf8(cg, s, len), 0, NULL, 0);
}
uint16_t cg_int(cg_class *cg, int32_t v) {
    return cp_add(cg, CP_INTEGER, (uint16_t)((uint32_t)v >> 16), (uint16_t)v, NULL, 0);
}
uint16_t cg_memberref(cg_class *cg, int tag, const char *cls, const char *name,
                      const char *desc) {
    uint16_t c = cg_classref(cg, cls, vm_strlen(cls));
    uint16_t nat = cp_add(cg, CP_NAME_AND_TYPE, cg_utf8z(cg, name), cg_utf8z(cg, desc),
                          NULL, 0);
    return cp_add(cg, (uint8_t)tag, c, nat, NULL, 0);
}

/* ---- members ---------------------------------------------------------------- */

void cg_add_interface(cg_class *cg, const char *name, size_t len) {
    uint16_t c = cg_classref(cg, name, len);
    for (uint16_t i = 0; i < cg->n_ifaces; i++)
        if (cg->ifaces[i] == c) return;
    if (cg->n_ifaces == sizeof cg->ifaces / sizeof cg->ifaces[0]) { cg->toolong = true; return; }
    cg->ifaces[cg->n_ifaces++] = c;
}

void cg_field(cg_class *cg, uint16_t access, const char *name, const char *desc) {
    b_u2(cg, &cg->fields, access);
    b_u2(cg, &cg->fields, cg_utf8z(cg, name));
    b_u2(cg, &cg->fields, cg_utf8z(cg, desc));
    b_u2(cg, &cg->fields, 0);
    cg->n_fields++;
}

void cg_method_begin(cg_class *cg, uint16_t access, const char *name, const char *desc,
                     uint16_t max_locals, uint16_t max_stack) {
    cg->code.len = 0;
    cg->n_frames = 0;
    cg->m_access = access;
    cg->m_name = cg_utf8z(cg, name);
    cg->m_desc = cg_utf8z(cg, desc);
    cg->max_locals = max_locals;
    cg->max_stack = max_stack;
}

void cg_u1(cg_class *cg, uint8_t v) { b_u1(cg, &cg->code, v); }
void cg_u2(cg_class *cg, uint16_t v) { b_u2(cg, &cg->code, v); }
void cg_op(cg_class *cg, uint8_t op) { cg_u1(cg, op); }
void cg_op_u2(cg_class *cg, uint8_t op, uint16_t v) {
    cg_u1(cg, op);
    cg_u2(cg, v);
}

void cg_load(cg_class *cg, char type, uint16_t slot) {
    uint8_t op;
    switch (type) {
    case 'J': op = OP_lload; break;
    case 'F': op = OP_fload; break;
    case 'D': op = OP_dload; break;
    case 'L': case '[': op = OP_aload; break;
    default: op = OP_iload; break;  /* Z B C S I */
    }
    if (slot <= 255) {
        cg_u1(cg, op);
        cg_u1(cg, (uint8_t)slot);
    } else {
        cg_u1(cg, OP_wide);
        cg_op_u2(cg, op, slot);
    }
}

void cg_return(cg_class *cg, char type) {
    switch (type) {
    case 'V': cg_op(cg, OP_return); break;
    case 'J': cg_op(cg, OP_lreturn); break;
    case 'F': cg_op(cg, OP_freturn); break;
    case 'D': cg_op(cg, OP_dreturn); break;
    case 'L': case '[': cg_op(cg, OP_areturn); break;
    default: cg_op(cg, OP_ireturn); break;
    }
}

void cg_ldc(cg_class *cg, uint16_t idx) {
    if (idx <= 255) {
        cg_u1(cg, OP_ldc);
        cg_u1(cg, (uint8_t)idx);
    } else {
        cg_op_u2(cg, OP_ldc_w, idx);
    }
}

/* A label is the position of the branch instruction's operand plus one
 * (0: none); cg_bind patches it. */
uint32_t cg_branch(cg_class *cg, uint8_t op) {
    size_t at = cg->code.len;
    cg_op_u2(cg, op, 0);
    return (uint32_t)at + 1;
}

void cg_bind(cg_class *cg, uint32_t label) {
    if (cg->nomem || !label) return;
    size_t at = label - 1, here = cg->code.len;
    int32_t off = (int32_t)(here - at);
    if (off > 32767 || here > 65535) { cg->toolong = true; return; }
    cg->code.p[at + 1] = (uint8_t)((uint16_t)off >> 8);
    cg->code.p[at + 2] = (uint8_t)off;
    cg_frame_here(cg);
}

uint32_t cg_frame_here(cg_class *cg) {
    uint32_t here = (uint32_t)cg->code.len;
    if (cg->nomem) return here;
    if (here > 65535) { cg->toolong = true; return here; }
    if (cg->n_frames && cg->frames[cg->n_frames - 1] == here) return here;
    if (cg->n_frames == cg->frames_cap) {
        uint32_t nc = cg->frames_cap ? cg->frames_cap * 2 : 64;
        if (nc > 65536) { cg->toolong = true; return here; }
        uint32_t *np = vm_realloc(cg->vm->plat, cg->frames,
                                  (size_t)cg->frames_cap * sizeof *np, (size_t)nc * sizeof *np);
        if (!np) { cg->nomem = true; return here; }
        cg->frames = np;
        cg->frames_cap = nc;
    }
    cg->frames[cg->n_frames++] = here;
    return here;
}

void cg_method_end(cg_class *cg) {
    cg_buf *m = &cg->methods;
    if (cg->code.len > 65535) cg->toolong = true;
    if (cg->nomem || cg->toolong) return;
    /* StackMapTable: a same_frame (or same_frame_extended) per label */
    cg_buf smt = { NULL, 0, 0 };
    uint32_t prev = 0;
    for (uint32_t i = 0; i < cg->n_frames; i++) {
        uint32_t delta = i == 0 ? cg->frames[i] : cg->frames[i] - prev - 1;
        prev = cg->frames[i];
        if (delta < 64) {
            b_u1(cg, &smt, (uint8_t)delta);
        } else {
            b_u1(cg, &smt, 251);
            b_u2(cg, &smt, (uint16_t)delta);
        }
    }
    uint16_t code_name = cg_utf8z(cg, "Code");
    uint16_t smt_name = cg->n_frames ? cg_utf8z(cg, "StackMapTable") : 0;
    uint32_t smt_attr = cg->n_frames ? 6u + 2u + (uint32_t)smt.len : 0;
    b_u2(cg, m, cg->m_access);
    b_u2(cg, m, cg->m_name);
    b_u2(cg, m, cg->m_desc);
    b_u2(cg, m, 1);                       /* attributes: Code */
    b_u2(cg, m, code_name);
    b_u4(cg, m, 2 + 2 + 4 + (uint32_t)cg->code.len + 2 + 2 + smt_attr);
    b_u2(cg, m, cg->max_stack);
    b_u2(cg, m, cg->max_locals);
    b_u4(cg, m, (uint32_t)cg->code.len);
    b_bytes(cg, m, cg->code.p, cg->code.len);
    b_u2(cg, m, 0);                       /* exception table */
    b_u2(cg, m, cg->n_frames ? 1 : 0);
    if (cg->n_frames) {
        b_u2(cg, m, smt_name);
        b_u4(cg, m, 2 + (uint32_t)smt.len);
        b_u2(cg, m, (uint16_t)cg->n_frames);
        b_bytes(cg, m, smt.p, smt.len);
    }
    buf_free(cg, &smt);
    cg->n_methods++;
}

uint8_t *cg_finish(cg_class *cg, const char *this_name, size_t *len) {
    uint16_t this_c = cg_classref(cg, this_name, vm_strlen(this_name));
    uint16_t super_c = cg_classref(cg, "java/lang/Object", 16);
    if (cg->nomem || cg->toolong) return NULL;
    cg_buf out = { NULL, 0, 0 };
    b_u4(cg, &out, 0xCAFEBABEu);
    b_u2(cg, &out, 0);
    b_u2(cg, &out, 52);
    b_u2(cg, &out, (uint16_t)cg->cp_count);
    for (uint32_t i = 1; i < cg->cp_count; i++) {
        const cg_const *k = &cg->cp[i];
        b_u1(cg, &out, k->tag);
        switch (k->tag) {
        case CP_UTF8:
            b_u2(cg, &out, (uint16_t)k->slen);
            b_bytes(cg, &out, k->s, k->slen);
            break;
        case CP_CLASS: case CP_STRING:
            b_u2(cg, &out, k->a);
            break;
        default:  /* refs, NameAndType, Integer (a:b = the bits) */
            b_u2(cg, &out, k->a);
            b_u2(cg, &out, k->b);
            break;
        }
    }
    b_u2(cg, &out, ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC);
    b_u2(cg, &out, this_c);
    b_u2(cg, &out, super_c);
    b_u2(cg, &out, cg->n_ifaces);
    for (uint16_t i = 0; i < cg->n_ifaces; i++) b_u2(cg, &out, cg->ifaces[i]);
    b_u2(cg, &out, cg->n_fields);
    b_bytes(cg, &out, cg->fields.p, cg->fields.len);
    b_u2(cg, &out, cg->n_methods);
    b_bytes(cg, &out, cg->methods.p, cg->methods.len);
    b_u2(cg, &out, 0);                    /* class attributes */
    if (cg->nomem) {
        buf_free(cg, &out);
        return NULL;
    }
    /* shrink-free ownership: the caller frees out.cap bytes as *len */
    uint8_t *r = vm_realloc(cg->vm->plat, out.p, out.cap, out.len);
    if (!r) {
        buf_free(cg, &out);
        cg->nomem = true;
        return NULL;
    }
    *len = out.len;
    return r;
}

/* ---- definition ---------------------------------------------------------------- */

bool indy_class_name(vm *vm, const jclass *host, const char *what, char *buf, size_t cap) {
    for (uint32_t tries = 0; tries < 1000; tries++) {
        uint32_t n = ++vm->indy_classes;
        size_t len = vm_snprintf(buf, cap, "%s$$%s$%u", host->name, what, (unsigned)n);
        if (len + 1 >= cap) return false;
        if (!rt_table_lookup(vm, buf, len)) return true;
    }
    return false;
}

vm_status indy_define_class(vm *vm, const char *name, const uint8_t *bytes, size_t len,
                            jclass **out) {
    const char *sn = vm->define_name;
    const uint8_t *sb = vm->define_bytes;
    size_t sl = vm->define_len;
    vm->define_name = name;
    vm->define_bytes = bytes;
    vm->define_len = len;
    vm_status st = rt_find_class(vm, name, out, NULL);
    vm->define_name = sn;
    vm->define_bytes = sb;
    vm->define_len = sl;
    if (st != VM_OK) return st;
    if ((*out)->state == CLS_ERROR)
        return rt_throw(vm, "java/lang/InternalError",
                        "vifvm: generated class %s failed to load", name);
    return rt_init_class(vm, *out);
}
