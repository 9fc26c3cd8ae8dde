/* stackmap_insn.c - bytecode decoding for the stack-map pass: instruction
 * lengths and control flow, branch targets, and the effect of every opcode
 * on the reference/non-reference kind of each local and operand slot
 * (typed loads and stores, dup/swap on slot kinds, field and method
 * descriptors, ldc by constant-pool tag).  Long and double take two slots,
 * both non-references.  Reads only the original bytecode and the constant
 * pool; never loads classes. */
#include "stackmap_internal.h"
#include "../core/fmt.h"
#include "../core/mem.h"

vm_status sm_fail(const sm_ctx *x, uint32_t pc, const char *fmt, ...) {
    if (x->d && x->d->buf && x->d->cap) {
        char why[160];
        va_list ap;
        va_start(ap, fmt);
        vm_vsnprintf(why, sizeof why, fmt, ap);
        va_end(ap);
        const jmethod *m = x->m;
        vm_diagf(x->d, VM_ERR_VERIFY, "%s.%s%s: offset %u: %s",
                 m->owner && m->owner->name ? m->owner->name : "?",
                 m->name ? m->name : "?", m->desc ? m->desc : "", (unsigned)pc, why);
    }
    return VM_ERR_VERIFY;
}

static inline uint32_t u16at(const uint8_t *c, uint32_t p) {
    return (uint32_t)c[p] << 8 | c[p + 1];
}
static inline int32_t s32at(const uint8_t *c, uint32_t p) {
    return (int32_t)((uint32_t)c[p] << 24 | (uint32_t)c[p + 1] << 16 |
                     (uint32_t)c[p + 2] << 8 | c[p + 3]);
}

/* ---- decoding ---------------------------------------------------------- */

/* Each opcode's length (bits 0-2: the fixed ones, 0 for the switches, wide
 * and undefined opcodes, which cf_insn_length works out) and control flow
 * (bits 3-5: SF_*, or SF_JSR for jsr/ret), as cf_insn_length and
 * sm_decode's classes: one load for the common instructions. */
#define SF_JSR 4
#define N(l) (uint8_t)(SF_NEXT << 3 | (l))
#define C(l) (uint8_t)(SF_COND << 3 | (l))
#define J(l) (uint8_t)(SF_JUMP << 3 | (l))
#define E(l) (uint8_t)(SF_END << 3 | (l))
#define R(l) (uint8_t)(SF_JSR << 3 | (l))
const uint8_t sm_insn_fx[256] = {
    /*   0 */ N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1),
    /*  16 */ N(2), N(3), N(2), N(3), N(3), N(2), N(2), N(2), N(2), N(2), N(1), N(1), N(1), N(1), N(1), N(1),
    /*  32 */ N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1),
    /*  48 */ N(1), N(1), N(1), N(1), N(1), N(1), N(2), N(2), N(2), N(2), N(2), N(1), N(1), N(1), N(1), N(1),
    /*  64 */ N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1),
    /*  80 */ N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1),
    /*  96 */ N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1),
    /* 112 */ N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1),
    /* 128 */ N(1), N(1), N(1), N(1), N(3), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1),
    /* 144 */ N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), N(1), C(3), C(3), C(3), C(3), C(3), C(3), C(3),
    /* 160 */ C(3), C(3), C(3), C(3), C(3), C(3), C(3), J(3), R(3), R(2), J(0), J(0), E(1), E(1), E(1), E(1),
    /* 176 */ E(1), E(1), N(3), N(3), N(3), N(3), N(3), N(3), N(3), N(5), N(5), N(3), N(2), N(3), N(1), E(1),
    /* 192 */ N(3), N(3), N(1), N(1), N(0), N(4), C(3), C(3), J(5), R(5),
};
#undef N
#undef C
#undef J
#undef E
#undef R

vm_status sm_decode(const sm_ctx *x, uint32_t pc, uint32_t *len, int *flow) {
    uint8_t fx = pc < x->code_len ? sm_insn_fx[x->code[pc]] : 0;
    uint32_t l = fx & 7u;
    if (l == 0 || l > x->code_len - pc) l = cf_insn_length(x->code, x->code_len, pc);
    if (l == 0 || l > x->code_len - pc)
        return sm_fail(x, pc, "malformed or truncated instruction (opcode %u)",
                       (unsigned)x->code[pc]);
    *len = l;
    if (fx >> 3 == SF_JSR) return sm_fail(x, pc, "jsr/ret not supported");
    *flow = fx >> 3;
    return VM_OK;
}

static vm_status target(const sm_ctx *x, uint32_t pc, int64_t off, sm_target_fn fn,
                        void *ctx) {
    int64_t t = (int64_t)pc + off;
    if (t < 0 || t >= (int64_t)x->code_len)
        return sm_fail(x, pc, "branch target %lld outside code", (long long)t);
    return fn(ctx, (uint32_t)t);
}

vm_status sm_targets(const sm_ctx *x, uint32_t pc, sm_target_fn fn, void *ctx) {
    const uint8_t *c = x->code;
    uint8_t op = c[pc];
    if ((op >= 153 && op <= 167) || op == 198 || op == 199)
        return target(x, pc, (int16_t)u16at(c, pc + 1), fn, ctx);
    if (op == 200) return target(x, pc, s32at(c, pc + 1), fn, ctx);
    if (op != 170 && op != 171) return VM_OK;
    /* cf_insn_length has checked the whole switch lies inside the code */
    uint32_t p = (pc + 4u) & ~3u;
    if ((uint64_t)p + (op == 170 ? 12u : 8u) > x->code_len)
        return sm_fail(x, pc, "truncated switch");
    vm_status st = target(x, pc, s32at(c, p), fn, ctx);
    if (st != VM_OK) return st;
    if (op == 170) {
        int64_t lo = s32at(c, p + 4), hi = s32at(c, p + 8);
        if (hi >= lo && (uint64_t)p + 12u + (uint64_t)(hi - lo + 1) * 4u > x->code_len)
            return sm_fail(x, pc, "truncated tableswitch");
        for (int64_t i = 0; i <= hi - lo; i++) {
            st = target(x, pc, s32at(c, p + 12 + (uint32_t)i * 4u), fn, ctx);
            if (st != VM_OK) return st;
        }
    } else {
        int32_t n = s32at(c, p + 4);
        if (n > 0 && (uint64_t)p + 8u + (uint64_t)n * 8u > x->code_len)
            return sm_fail(x, pc, "truncated lookupswitch");
        for (int32_t i = 0; i < n; i++) {
            st = target(x, pc, s32at(c, p + 12 + (uint32_t)i * 8u), fn, ctx); /* pair offset */
            if (st != VM_OK) return st;
        }
    }
    return VM_OK;
}

/* ---- descriptors --------------------------------------------------------- */

/* One field type at *p: its slot width (1 or 2) and kind; advances *p.
 * 0 if malformed. */
static uint32_t desc_type(const char **p, uint8_t *kind) {
    const char *d = *p;
    switch (*d) {
    case 'B': case 'C': case 'F': case 'I': case 'S': case 'Z':
        *kind = SK_NONREF; *p = d + 1; return 1;
    case 'J': case 'D':
        *kind = SK_NONREF; *p = d + 1; return 2;
    case 'L':
        while (*d && *d != ';') d++;
        if (*d != ';') return 0;
        *kind = SK_REF; *p = d + 1; return 1;
    case '[': {
        uint32_t dims = 0;
        while (*d == '[') { d++; dims++; }
        if (dims > 255) return 0;
        uint8_t k;
        if (*d == 'V' || desc_type(&d, &k) == 0) return 0;
        *kind = SK_REF; *p = d; return 1;
    }
    default:
        return 0;
    }
}

/* Argument slots (without `this`) and the return kind/width of a method
 * descriptor (width 0 for void).  false if malformed. */
static bool method_desc(const char *desc, uint32_t *arg_slots, uint8_t *rkind,
                        uint32_t *rwidth) {
    if (!desc || *desc != '(') return false;
    const char *p = desc + 1;
    uint32_t n = 0;
    while (*p != ')') {
        uint8_t k;
        uint32_t w = desc_type(&p, &k);
        if (w == 0) return false;
        n += w;
    }
    p++;
    if (*p == 'V' && p[1] == '\0') {
        *rwidth = 0;
        *rkind = SK_NONREF;
    } else {
        *rwidth = desc_type(&p, rkind);
        if (*rwidth == 0 || *p) return false;
    }
    *arg_slots = n;
    return true;
}

vm_status sm_entry_state(const sm_ctx *x, uint8_t *st) {
    const jmethod *m = x->m;
    vm_memset(st, SK_UNINIT, x->n_locals);
    uint32_t slot = 0;
    if (!(m->access & ACC_STATIC)) {
        if (x->n_locals < 1) return sm_fail(x, 0, "max_locals too small for `this`");
        st[slot++] = SK_REF;
    }
    const char *p = m->desc;
    if (!p || *p != '(') return sm_fail(x, 0, "bad method descriptor");
    p++;
    while (*p != ')') {
        uint8_t k;
        uint32_t w = desc_type(&p, &k);
        if (w == 0) return sm_fail(x, 0, "bad method descriptor");
        if (slot + w > x->n_locals) return sm_fail(x, 0, "arguments exceed max_locals");
        st[slot] = k;
        if (w == 2) st[slot + 1] = SK_NONREF;
        slot += w;
    }
    return VM_OK;
}

/* ---- constant pool ------------------------------------------------------- */

static const char *cp_utf8(const cf_class *cf, uint32_t idx) {
    if (idx == 0 || idx >= cf->cp_count || cf->cp[idx].tag != CP_UTF8) return NULL;
    return cf->cp[idx].u.utf8.str;
}

/* Descriptor of the NameAndType entry nat. */
static const char *cp_nat_desc(const cf_class *cf, uint32_t nat) {
    if (nat == 0 || nat >= cf->cp_count || cf->cp[nat].tag != CP_NAME_AND_TYPE) return NULL;
    return cp_utf8(cf, cf->cp[nat].u.ref.b);
}

/* Descriptor of a member reference whose tag is tag_a or tag_b. */
static const char *cp_ref_desc(const cf_class *cf, uint32_t idx, uint8_t tag_a, uint8_t tag_b) {
    if (idx == 0 || idx >= cf->cp_count) return NULL;
    uint8_t t = cf->cp[idx].tag;
    if (t != tag_a && t != tag_b) return NULL;
    return cp_nat_desc(cf, cf->cp[idx].u.ref.b);
}

/* The opcode and local index of a load, store or iinc with an index
 * operand, wide or not (*op: the widened opcode); false for a wide of
 * anything else.  Other instructions: unchanged. */
static bool local_operand(const uint8_t *c, uint32_t pc, uint32_t *op, uint32_t *idx) {
    bool wide = *op == 196;
    if (wide) *op = c[pc + 1];
    bool indexed = (*op >= 21 && *op <= 25) || (*op >= 54 && *op <= 58) || *op == 132;
    if (wide && !indexed) return false;
    if (indexed) *idx = wide ? u16at(c, pc + 2) : c[pc + 1];
    return true;
}

/* The stack effect of an instruction with a constant-pool operand (ldc,
 * ldc_w, ldc2_w, the field accesses, the invokes): slots popped, slots
 * pushed and the pushed value's kind.  false if the operand is bad. */
static bool cp_effect(const sm_ctx *x, uint32_t pc, uint32_t op, uint32_t *pop, uint32_t *push,
                      uint8_t *kind) {
    const uint8_t *c = x->code;
    const cf_class *cf = x->cf;
    if (!cf) return false;
    *pop = *push = 0;
    *kind = SK_NONREF;
    if (op >= 18 && op <= 20) {                                    /* ldc ldc_w ldc2_w */
        uint32_t ci = op == 18 ? c[pc + 1] : u16at(c, pc + 1);
        if (ci == 0 || ci >= cf->cp_count) return false;
        uint8_t tag = cf->cp[ci].tag;
        if (op == 20) {
            if (tag == CP_LONG || tag == CP_DOUBLE) { *push = 2; return true; }
        } else if (tag == CP_INTEGER || tag == CP_FLOAT) {
            *push = 1;
            return true;
        } else if (tag == CP_STRING || tag == CP_CLASS || tag == CP_METHOD_TYPE ||
                   tag == CP_METHOD_HANDLE) {
            *push = 1;
            *kind = SK_REF;
            return true;
        }
        if (tag != CP_DYNAMIC) return false;
        const char *d = cp_nat_desc(cf, cf->cp[ci].u.ref.b);
        *push = d ? desc_type(&d, kind) : 0;
        return *push != 0 && (*push == 2) == (op == 20);
    }
    if (op >= 178 && op <= 181) {                                  /* get/put static/field */
        const char *d = cp_ref_desc(cf, u16at(c, pc + 1), CP_FIELDREF, CP_FIELDREF);
        uint32_t w = d ? desc_type(&d, kind) : 0;
        if (w == 0 || *d) return false;
        *pop = op == 178 ? 0 : op == 179 ? w : op == 180 ? 1 : w + 1;
        *push = op == 178 || op == 180 ? w : 0;
        return true;
    }
    /* invoke* (182..186) */
    uint32_t ci = u16at(c, pc + 1), args;
    const char *d = NULL;
    if (op == 186) {
        if (ci != 0 && ci < cf->cp_count && cf->cp[ci].tag == CP_INVOKE_DYNAMIC)
            d = cp_nat_desc(cf, cf->cp[ci].u.ref.b);
    } else {
        d = cp_ref_desc(cf, ci, CP_METHODREF, CP_INTERFACE_METHODREF);
    }
    if (!d || !method_desc(d, &args, kind, push)) return false;
    *pop = args + (op == 184 || op == 186 ? 0u : 1u);
    return true;
}

/* cp_effect's slots popped and pushed, for an invoke through x->memo when
 * there is one (the same results: only successes are kept, by index and
 * class of reference) */
static bool cp_depth_effect(const sm_ctx *x, uint32_t pc, uint32_t op, uint32_t *pop,
                            uint32_t *push) {
    uint8_t k;
    if (!x->memo || op < 182) return cp_effect(x, pc, op, pop, push, &k);
    uint32_t ci = u16at(x->code, pc + 1);
    uint8_t cls = op == 186 ? SM_MEMO_INDY : SM_MEMO_INVOKE;
    uint32_t has_this = op != 184 && op != 186;
    sm_memo_entry *e = &x->memo->e[ci % SM_MEMO_N];
    if (e->ci == ci && e->cls == cls) {
        *pop = e->a + has_this;
        *push = e->r;
        return true;
    }
    if (!cp_effect(x, pc, op, pop, push, &k)) return false;
    e->ci = (uint16_t)ci;
    e->cls = cls;
    e->a = *pop - has_this;
    e->r = (uint8_t)*push;   /* (0, 1 or 2) */
    return true;
}

/* ---- the transfer function ------------------------------------------------ */

#define NEED(n) do { if (sp < (n)) goto underflow; } while (0)
#define POP(n) do { if (sp < (n)) goto underflow; sp -= (n); } while (0)
#define PUSH(k) do { if (sp >= x->max_stack) goto overflow; stk[sp++] = (uint8_t)(k); } while (0)
#define PUSHW(k, w) do { for (uint32_t pw_ = 0; pw_ < (w); pw_++) \
    PUSH(pw_ == 0 ? (k) : SK_NONREF); } while (0)
#define LOCAL(i, w) do { idx = (uint32_t)(i); \
    if ((uint64_t)idx + (w) > x->n_locals) goto badlocal; } while (0)

/* Kind pushed by aload: only a slot known to hold a reference on every
 * path is a reference; anything else would be rejected by a verifier. */
static inline uint8_t aload_kind(uint8_t k) { return k == SK_REF ? SK_REF : SK_CONFLICT; }

vm_status sm_step(const sm_ctx *x, uint32_t pc, uint8_t *st, uint32_t *depth) {
    const uint8_t *c = x->code;
    uint8_t *loc = st, *stk = st + x->n_locals;
    uint32_t sp = *depth;
    uint32_t op = c[pc], idx = 0;

    if (!local_operand(c, pc, &op, &idx)) return sm_fail(x, pc, "wide with opcode %u", (unsigned)op);

    switch (op) {
    case 0: break;                                           /* nop */
    case 1: PUSH(SK_REF); break;                             /* aconst_null */
    case 2: case 3: case 4: case 5: case 6: case 7: case 8:  /* iconst */
    case 11: case 12: case 13:                               /* fconst */
    case 16: case 17:                                        /* bipush sipush */
        PUSH(SK_NONREF); break;
    case 9: case 10: case 14: case 15:                       /* lconst dconst */
        PUSHW(SK_NONREF, 2); break;

    case 18: case 19: case 20:                               /* ldc ldc_w ldc2_w */
    case 178: case 179: case 180: case 181:                  /* get/put static/field */
    case 182: case 183: case 184: case 185: case 186: {      /* invoke* */
        uint32_t pop, push;
        uint8_t k;
        if (!cp_effect(x, pc, op, &pop, &push, &k)) goto badcp;
        POP(pop);
        PUSHW(k, push);
        break;
    }

    case 21: case 23: LOCAL(idx, 1); PUSH(SK_NONREF); break;        /* iload fload */
    case 22: case 24: LOCAL(idx, 2); PUSHW(SK_NONREF, 2); break;    /* lload dload */
    case 25: LOCAL(idx, 1); PUSH(aload_kind(loc[idx])); break;      /* aload */
    case 26: case 27: case 28: case 29:                              /* iload_n */
        LOCAL(op - 26, 1); PUSH(SK_NONREF); break;
    case 34: case 35: case 36: case 37:                              /* fload_n */
        LOCAL(op - 34, 1); PUSH(SK_NONREF); break;
    case 30: case 31: case 32: case 33:                              /* lload_n */
        LOCAL(op - 30, 2); PUSHW(SK_NONREF, 2); break;
    case 38: case 39: case 40: case 41:                              /* dload_n */
        LOCAL(op - 38, 2); PUSHW(SK_NONREF, 2); break;
    case 42: case 43: case 44: case 45:                              /* aload_n */
        LOCAL(op - 42, 1); PUSH(aload_kind(loc[op - 42])); break;

    case 46: case 48: case 51: case 52: case 53:    /* iaload faload baload caload saload */
        POP(2); PUSH(SK_NONREF); break;
    case 47: case 49: POP(2); PUSHW(SK_NONREF, 2); break;           /* laload daload */
    case 50: POP(2); PUSH(SK_REF); break;                           /* aaload */

    case 54: case 56: LOCAL(idx, 1); POP(1); loc[idx] = SK_NONREF; break; /* istore fstore */
    case 55: case 57:                                                     /* lstore dstore */
        LOCAL(idx, 2); POP(2); loc[idx] = loc[idx + 1] = SK_NONREF; break;
    case 58: LOCAL(idx, 1); POP(1); loc[idx] = stk[sp]; break;            /* astore */
    case 59: case 60: case 61: case 62:                                   /* istore_n */
        LOCAL(op - 59, 1); POP(1); loc[op - 59] = SK_NONREF; break;
    case 67: case 68: case 69: case 70:                                   /* fstore_n */
        LOCAL(op - 67, 1); POP(1); loc[op - 67] = SK_NONREF; break;
    case 63: case 64: case 65: case 66:                                   /* lstore_n */
        LOCAL(op - 63, 2); POP(2); loc[op - 63] = loc[op - 62] = SK_NONREF; break;
    case 71: case 72: case 73: case 74:                                   /* dstore_n */
        LOCAL(op - 71, 2); POP(2); loc[op - 71] = loc[op - 70] = SK_NONREF; break;
    case 75: case 76: case 77: case 78:                                   /* astore_n */
        LOCAL(op - 75, 1); POP(1); loc[op - 75] = stk[sp]; break;

    case 79: case 81: case 83: case 84: case 85: case 86: POP(3); break;  /* xastore */
    case 80: case 82: POP(4); break;                                      /* lastore dastore */

    case 87: POP(1); break;                                               /* pop */
    case 88: POP(2); break;                                               /* pop2 */
    case 89: {                                                            /* dup */
        NEED(1);
        uint8_t a = stk[sp - 1];
        PUSH(a);
        break;
    }
    case 90: {                                                 /* dup_x1: a b -> b a b */
        NEED(2);
        uint8_t a = stk[sp - 2], b = stk[sp - 1];
        PUSH(b);
        stk[sp - 3] = b; stk[sp - 2] = a;
        break;
    }
    case 91: {                                             /* dup_x2: a b c -> c a b c */
        NEED(3);
        uint8_t a = stk[sp - 3], b = stk[sp - 2], cc = stk[sp - 1];
        PUSH(cc);
        stk[sp - 4] = cc; stk[sp - 3] = a; stk[sp - 2] = b;
        break;
    }
    case 92: {                                               /* dup2: a b -> a b a b */
        NEED(2);
        uint8_t a = stk[sp - 2], b = stk[sp - 1];
        PUSH(a); PUSH(b);
        break;
    }
    case 93: {                                       /* dup2_x1: a b c -> b c a b c */
        NEED(3);
        uint8_t a = stk[sp - 3], b = stk[sp - 2], cc = stk[sp - 1];
        PUSH(b); PUSH(cc);
        stk[sp - 5] = b; stk[sp - 4] = cc; stk[sp - 3] = a;
        break;
    }
    case 94: {                                   /* dup2_x2: a b c d -> c d a b c d */
        NEED(4);
        uint8_t a = stk[sp - 4], b = stk[sp - 3], cc = stk[sp - 2], dd = stk[sp - 1];
        PUSH(cc); PUSH(dd);
        stk[sp - 6] = cc; stk[sp - 5] = dd; stk[sp - 4] = a; stk[sp - 3] = b;
        break;
    }
    case 95: {                                                            /* swap */
        NEED(2);
        uint8_t t = stk[sp - 1];
        stk[sp - 1] = stk[sp - 2];
        stk[sp - 2] = t;
        break;
    }

    /* int/float binary ops: iadd fadd isub fsub imul fmul idiv fdiv irem frem,
     * ishl ishr iushr, iand ior ixor */
    case 96: case 98: case 100: case 102: case 104: case 106: case 108: case 110:
    case 112: case 114: case 120: case 122: case 124: case 126: case 128: case 130:
        POP(2); PUSH(SK_NONREF); break;
    /* long/double binary ops */
    case 97: case 99: case 101: case 103: case 105: case 107: case 109: case 111:
    case 113: case 115: case 127: case 129: case 131:
        POP(4); PUSHW(SK_NONREF, 2); break;
    case 121: case 123: case 125: POP(3); PUSHW(SK_NONREF, 2); break;    /* lshl lshr lushr */
    case 116: case 118: POP(1); PUSH(SK_NONREF); break;                   /* ineg fneg */
    case 117: case 119: POP(2); PUSHW(SK_NONREF, 2); break;               /* lneg dneg */
    case 132: LOCAL(idx, 1); loc[idx] = SK_NONREF; break;                 /* iinc */

    case 134: case 139: case 145: case 146: case 147:        /* i2f f2i i2b i2c i2s */
        POP(1); PUSH(SK_NONREF); break;
    case 133: case 135: case 140: case 141:                  /* i2l i2d f2l f2d */
        POP(1); PUSHW(SK_NONREF, 2); break;
    case 136: case 137: case 142: case 144:                  /* l2i l2f d2i d2f */
        POP(2); PUSH(SK_NONREF); break;
    case 138: case 143: POP(2); PUSHW(SK_NONREF, 2); break;  /* l2d d2l */
    case 148: case 151: case 152: POP(4); PUSH(SK_NONREF); break; /* lcmp dcmpl dcmpg */
    case 149: case 150: POP(2); PUSH(SK_NONREF); break;           /* fcmpl fcmpg */

    case 153: case 154: case 155: case 156: case 157: case 158:   /* if<cond> */
    case 198: case 199:                                           /* ifnull ifnonnull */
        POP(1); break;
    case 159: case 160: case 161: case 162: case 163: case 164:   /* if_icmp<cond> */
    case 165: case 166:                                           /* if_acmp<cond> */
        POP(2); break;
    case 167: case 200: break;                                    /* goto goto_w */
    case 170: case 171: POP(1); break;                            /* switches */
    case 172: case 174: case 176: POP(1); break;                  /* ireturn freturn areturn */
    case 173: case 175: POP(2); break;                            /* lreturn dreturn */
    case 177: break;                                              /* return */

    case 187: PUSH(SK_REF); break;                                  /* new */
    case 188: case 189: POP(1); PUSH(SK_REF); break;                /* newarray anewarray */
    case 190: POP(1); PUSH(SK_NONREF); break;                       /* arraylength */
    case 191: POP(1); break;                                        /* athrow */
    case 192: NEED(1); break;                                       /* checkcast */
    case 193: POP(1); PUSH(SK_NONREF); break;                       /* instanceof */
    case 194: case 195: POP(1); break;                              /* monitorenter/exit */
    case 197: {                                                     /* multianewarray */
        uint32_t dims = c[pc + 3];
        if (dims == 0) return sm_fail(x, pc, "multianewarray with 0 dimensions");
        POP(dims);
        PUSH(SK_REF);
        break;
    }
    default:
        return sm_fail(x, pc, "unexpected opcode %u", (unsigned)op);
    }
    *depth = sp;
    return VM_OK;

underflow:
    return sm_fail(x, pc, "operand stack underflow (opcode %u)", (unsigned)op);
overflow:
    return sm_fail(x, pc, "operand stack exceeds max_stack %u (opcode %u)",
                   (unsigned)x->max_stack, (unsigned)op);
badlocal:
    return sm_fail(x, pc, "local %u outside max_locals %u (opcode %u)", (unsigned)idx,
                   (unsigned)x->n_locals, (unsigned)op);
badcp:
    return sm_fail(x, pc, "bad constant-pool operand (opcode %u)", (unsigned)op);
}

/* ---- the depth alone ------------------------------------------------------ */

/* Slots popped (high nibble) and pushed (low nibble) by each opcode whose
 * effect is fixed (the _0.._3 loads and stores too, their locals checked
 * with depth_locals); 0xff: worked out by sm_depth_step_any (constant-pool
 * operands, indexed locals, wide, multianewarray) or not an opcode sm_step
 * takes.
 * The dup forms and checkcast are given as what they need and leave:
 * dup_x2 (needs 3) as pop 3 push 4, checkcast as pop 1 push 1. */
#define PP(pop, push) (uint8_t)((pop) << 4 | (push))
#define X 0xff
const uint8_t sm_depth_fx[256] = {
    /*   0 nop, aconst_null, iconst_m1..5 */
    PP(0, 0), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1),
    /*   9 lconst_0/1, fconst_0..2, dconst_0/1, bipush, sipush */
    PP(0, 2), PP(0, 2), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 2), PP(0, 2), PP(0, 1), PP(0, 1),
    /*  18 ldc ldc_w ldc2_w, 21..25 loads with an index */
    X, X, X, X, X, X, X, X,
    /*  26..45 iload_n lload_n fload_n dload_n aload_n (depth_locals: the locals) */
    PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 2), PP(0, 2), PP(0, 2), PP(0, 2),
    PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 2), PP(0, 2), PP(0, 2), PP(0, 2),
    PP(0, 1), PP(0, 1), PP(0, 1), PP(0, 1),
    /*  46 iaload laload faload daload aaload baload caload saload */
    PP(2, 1), PP(2, 2), PP(2, 1), PP(2, 2), PP(2, 1), PP(2, 1), PP(2, 1), PP(2, 1),
    /*  54..58 stores with an index */
    X, X, X, X, X,
    /*  59..78 istore_n lstore_n fstore_n dstore_n astore_n (depth_locals: the locals) */
    PP(1, 0), PP(1, 0), PP(1, 0), PP(1, 0), PP(2, 0), PP(2, 0), PP(2, 0), PP(2, 0),
    PP(1, 0), PP(1, 0), PP(1, 0), PP(1, 0), PP(2, 0), PP(2, 0), PP(2, 0), PP(2, 0),
    PP(1, 0), PP(1, 0), PP(1, 0), PP(1, 0),
    /*  79 iastore lastore fastore dastore aastore bastore castore sastore */
    PP(3, 0), PP(4, 0), PP(3, 0), PP(4, 0), PP(3, 0), PP(3, 0), PP(3, 0), PP(3, 0),
    /*  87 pop pop2 dup dup_x1 dup_x2 dup2 dup2_x1 dup2_x2 swap */
    PP(1, 0), PP(2, 0), PP(1, 2), PP(2, 3), PP(3, 4), PP(2, 4), PP(3, 5), PP(4, 6), PP(2, 2),
    /*  96 add sub mul div rem, each i l f d */
    PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2),
    PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2),
    PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2),
    /* 116 ineg lneg fneg dneg */
    PP(1, 1), PP(2, 2), PP(1, 1), PP(2, 2),
    /* 120 ishl lshl ishr lshr iushr lushr */
    PP(2, 1), PP(3, 2), PP(2, 1), PP(3, 2), PP(2, 1), PP(3, 2),
    /* 126 iand land ior lor ixor lxor, 132 iinc */
    PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2), PP(2, 1), PP(4, 2), X,
    /* 133 i2l i2f i2d l2i l2f l2d f2i f2l f2d d2i d2l d2f i2b i2c i2s */
    PP(1, 2), PP(1, 1), PP(1, 2), PP(2, 1), PP(2, 1), PP(2, 2), PP(1, 1), PP(1, 2),
    PP(1, 2), PP(2, 1), PP(2, 2), PP(2, 1), PP(1, 1), PP(1, 1), PP(1, 1),
    /* 148 lcmp fcmpl fcmpg dcmpl dcmpg */
    PP(4, 1), PP(2, 1), PP(2, 1), PP(4, 1), PP(4, 1),
    /* 153 if<cond> x6, if_icmp<cond> x6, if_acmpeq/ne */
    PP(1, 0), PP(1, 0), PP(1, 0), PP(1, 0), PP(1, 0), PP(1, 0),
    PP(2, 0), PP(2, 0), PP(2, 0), PP(2, 0), PP(2, 0), PP(2, 0), PP(2, 0), PP(2, 0),
    /* 167 goto, jsr ret (refused by sm_decode), tableswitch lookupswitch */
    PP(0, 0), X, X, PP(1, 0), PP(1, 0),
    /* 172 ireturn lreturn freturn dreturn areturn return */
    PP(1, 0), PP(2, 0), PP(1, 0), PP(2, 0), PP(1, 0), PP(0, 0),
    /* 178..186 field accesses and invokes */
    X, X, X, X, X, X, X, X, X,
    /* 187 new newarray anewarray arraylength athrow checkcast instanceof
     * monitorenter monitorexit */
    PP(0, 1), PP(1, 1), PP(1, 1), PP(1, 1), PP(1, 0), PP(1, 1), PP(1, 1), PP(1, 0), PP(1, 0),
    /* 196 wide multianewarray, 198 ifnull ifnonnull, 200 goto_w */
    X, X, PP(1, 0), PP(1, 0), PP(0, 0),
    /* 201..255: jsr_w and reserved */
    [201] = X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
    X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
};
#undef X
#undef PP

/* The locals the _0.._3 loads and stores need (index + width); 0 for the
 * other opcodes.  An instruction whose locals are not there takes the slow
 * path, which reports it. */
#define L4(w) (w), 1 + (w), 2 + (w), 3 + (w)
const uint8_t sm_depth_locals[256] = {
    [26] = L4(1), L4(2), L4(1), L4(2), L4(1),     /* iload_n lload_n fload_n dload_n aload_n */
    [59] = L4(1), L4(2), L4(1), L4(2), L4(1),     /* istore_n ... astore_n */
};
#undef L4

/* an instruction's effect on the depth, every case (the errors too) */
__attribute__((noinline)) vm_status sm_depth_step_any(const sm_ctx *x, uint32_t pc,
                                                      uint32_t *depth) {
    const uint8_t *c = x->code;
    uint32_t op = c[pc], sp = *depth, pop, push, idx = 0, w = 1;
    uint8_t fx = sm_depth_fx[op];
    if (fx != 0xff && sm_depth_locals[op] <= x->n_locals) {
        pop = fx >> 4;
        push = fx & 15u;
        goto apply;
    }
    if ((op >= 18 && op <= 20) || (op >= 178 && op <= 186)) {     /* ldc, fields, invokes */
        if (!cp_depth_effect(x, pc, op, &pop, &push)) goto badcp;
        goto apply;
    }
    pop = push = 0;
    if (!local_operand(c, pc, &op, &idx)) return sm_fail(x, pc, "wide with opcode %u", (unsigned)op);
    if (op >= 21 && op <= 25) {                                    /* xload */
        w = op == 22 || op == 24 ? 2 : 1;
        push = w;
    } else if (op >= 26 && op <= 45) {                             /* xload_n */
        idx = (op - 26) & 3;
        w = (op >= 30 && op <= 33) || (op >= 38 && op <= 41) ? 2 : 1;
        push = w;
    } else if (op >= 54 && op <= 58) {                             /* xstore */
        w = op == 55 || op == 57 ? 2 : 1;
        pop = w;
    } else if (op >= 59 && op <= 78) {                             /* xstore_n */
        idx = (op - 59) & 3;
        w = (op >= 63 && op <= 66) || (op >= 71 && op <= 74) ? 2 : 1;
        pop = w;
    } else if (op == 132) {                                        /* iinc */
    } else if (op == 197) {                                        /* multianewarray */
        pop = c[pc + 3];
        if (pop == 0) return sm_fail(x, pc, "multianewarray with 0 dimensions");
        push = 1;
        goto apply;
    } else {
        return sm_fail(x, pc, "unexpected opcode %u", (unsigned)op);
    }
    if ((uint64_t)idx + w > x->n_locals)
        return sm_fail(x, pc, "local %u outside max_locals %u (opcode %u)", (unsigned)idx,
                       (unsigned)x->n_locals, (unsigned)op);
apply:
    if (sp < pop) return sm_fail(x, pc, "operand stack underflow (opcode %u)", (unsigned)op);
    sp -= pop;
    if (push > x->max_stack - sp)
        return sm_fail(x, pc, "operand stack exceeds max_stack %u (opcode %u)",
                       (unsigned)x->max_stack, (unsigned)op);
    *depth = sp + push;
    return VM_OK;
badcp:
    return sm_fail(x, pc, "bad constant-pool operand (opcode %u)", (unsigned)op);
}
