/* stackmap_escape.c - does a method keep a reference it was passed?
 *
 * A conservative escape check on one reference argument (a local at
 * entry), for a host that wants to reuse the object once the call has
 * returned (the datapath's fused paths recycle a vif.Packet whose stage
 * provably keeps none: src/datapath/dp_fuse.c).  A forward data-flow pass
 * over the original bytecode tracks which operand slots may hold the
 * argument ("tainted") and which hold `this` unchanged; the locals that
 * may hold it are one set for the whole method (a store of the argument
 * into any local adds that local; nothing removes one), so exception
 * handlers and joins need no per-pc locals.
 *
 * The argument may be compared (if_acmp, ifnull), cast, dup'ed, popped,
 * stored into a local and loaded again, and passed to a call only where
 * the host's `allow` callback says so (the callee's class, name,
 * descriptor, which of its argument slots are the tracked reference and
 * whether the receiver is this method's `this`).  Anything else that
 * consumes it (a field or array store, a return, a throw, a monitor, an
 * instruction this pass does not model) is an escape.  Values an
 * instruction pushes are never the argument (nothing it could have been
 * stored into exists: every store is an escape), except that dup copies
 * and checkcast passes it through.  jsr/ret, more than 64 operand slots
 * or locals, and code the stack-map pass rejects count as escapes. */
#include "stackmap_internal.h"
#include "../classfile/classfile.h"
#include "../core/mem.h"

typedef struct esc {
    const sm_ctx *x;
    int32_t *depth;            /* stackmap depths */
    uint64_t *taint, *self;    /* per pc: operand slots (bit i: slot i) */
    uint8_t *seen;
    uint32_t *work, n_work;
    uint64_t tl;               /* locals that may hold the argument */
    bool self_ok;              /* local 0 is never stored: aload_0 is `this` */
    vm_escape_allow_fn allow;
    void *ctx;
} esc;

static bool visit(esc *e, uint32_t pc, uint64_t t, uint64_t s, bool first) {
    if (pc >= e->x->code_len || e->depth[pc] < 0) return false;
    uint64_t nt = e->taint[pc] | t;
    /* `this` only where every path says so */
    uint64_t ns = e->seen[pc] ? (e->self[pc] & s) : s;
    if (e->seen[pc] && !first && nt == e->taint[pc] && ns == e->self[pc]) return true;
    e->taint[pc] = nt;
    e->self[pc] = ns;
    e->seen[pc] |= 1;
    if (!(e->seen[pc] & 2)) {
        e->seen[pc] |= 2;
        e->work[e->n_work++] = pc;
    }
    return true;
}

typedef struct tgt { esc *e; uint64_t t, s; bool bad; } tgt;
static vm_status on_target(void *ctx, uint32_t target) {
    tgt *g = ctx;
    if (!visit(g->e, target, g->t, g->s, false)) g->bad = true;
    return VM_OK;
}

static inline uint64_t top_mask(uint32_t d, uint32_t n) {
    /* slots d-n .. d-1 */
    if (n == 0) return 0;
    uint64_t hi = d >= 64 ? ~0ull : ((1ull << d) - 1);
    uint64_t lo = d - n >= 64 ? ~0ull : ((1ull << (d - n)) - 1);
    return hi & ~lo;
}

static inline uint32_t u16at(const uint8_t *c, uint32_t p) { return (uint32_t)c[p] << 8 | c[p + 1]; }

/* One instruction: false = the argument escapes here (or not modelled). */
static bool step(esc *e, uint32_t pc, uint64_t *t, uint64_t *s, uint32_t d, uint32_t *dn) {
    const sm_ctx *x = e->x;
    const uint8_t *c = x->code;
    uint32_t op = c[pc];
    uint32_t d1 = d;
    if (sm_depth_step_any(x, pc, &d1) != VM_OK) return false;
    *dn = d1;
    /* locals */
    int32_t ld = -1, stl = -1;
    if (op == 25) ld = c[pc + 1];                            /* aload */
    else if (op >= 42 && op <= 45) ld = (int32_t)op - 42;     /* aload_n */
    else if (op == 58) stl = c[pc + 1];                       /* astore */
    else if (op >= 75 && op <= 78) stl = (int32_t)op - 75;    /* astore_n */
    if (op == 196) {                                          /* wide */
        uint32_t w = c[pc + 1];
        if (w == 25 || w == 58 || w == 169) return false;
        ld = stl = -1;
    }
    if (op == 168 || op == 169 || op == 201) return false;   /* jsr, ret, jsr_w */
    if (ld >= 0) {
        if (ld >= 64) return false;
        uint64_t bit = 1ull << d;
        *t = (*t & ~bit) | ((e->tl >> ld) & 1 ? bit : 0);
        *s = (*s & ~bit) | (ld == 0 && e->self_ok ? bit : 0);
        return true;
    }
    if (stl >= 0) {
        if (stl >= 64 || d == 0) return false;
        uint64_t bit = 1ull << (d - 1);
        if (*t & bit) e->tl |= 1ull << stl;   /* the caller restarts when tl grew */
        *t &= ~bit;
        *s &= ~bit;
        return true;
    }
    switch (op) {
    case 87: case 88:                                         /* pop, pop2 */
        *t &= ~top_mask(d, d - d1);
        *s &= ~top_mask(d, d - d1);
        return true;
    case 89: {                                                /* dup */
        uint64_t top = 1ull << (d - 1), nb = 1ull << d;
        if (*t & top) *t |= nb; else *t &= ~nb;
        if (*s & top) *s |= nb; else *s &= ~nb;
        return true;
    }
    case 192:                                                 /* checkcast */
        return true;
    case 198: case 199: case 165: case 166:                   /* ifnull, ifnonnull, if_acmp */
        *t &= ~top_mask(d, d - d1);
        *s &= ~top_mask(d, d - d1);
        return true;
    case 182: case 183: case 184: case 185: {                 /* invokes */
        if (!x->cf) return false;
        const char *cls = NULL, *name = NULL, *desc = NULL;
        cf_member_ref(x->cf, (uint16_t)u16at(c, pc + 1), &cls, &name, &desc);
        if (!cls || !name || !desc) return false;
        int a = cf_desc_arg_slots(desc);
        if (a < 0) return false;
        uint32_t n = (uint32_t)a + (op != 184);
        if (n > d) return false;
        uint64_t args = top_mask(d, n);
        if (*t & args) {
            uint64_t mask = (*t & args) >> (d - n);    /* bit 0: receiver or first arg */
            bool recv_self = op != 184 && ((*s >> (d - n)) & 1);
            if (!e->allow || !e->allow(e->ctx, op, cls, name, desc, mask, recv_self)) return false;
        }
        /* the arguments consumed; the result (if any) is not the argument */
        uint64_t below = (1ull << (d - n)) - 1;
        *t &= below;
        *s &= below;
        return true;
    }
    default:
        break;
    }
    /* any other instruction: it must consume no tracked slot.  How many it
     * pops: the fixed table's, else the worst case of its class (fields,
     * ldc, switches, new, casts and the like pop at most 4 slots; the
     * stack shuffles are in the fixed table) */
    uint8_t fx = sm_depth_fx[op];
    uint32_t pop;
    if (fx != 0xff) pop = fx >> 4;
    else if (op == 186 || op == 197) pop = d;                  /* invokedynamic, multianewarray */
    else pop = d < 4 ? d : 4;
    if (op >= 89 && op <= 95) pop = d < 4 ? d : 4;             /* shuffles: all they touch */
    if (pop > d) pop = d;
    if (*t & top_mask(d, pop)) return false;
    uint32_t lo = d - pop;
    uint64_t below = lo >= 64 ? ~0ull : ((1ull << lo) - 1);
    *t &= below;
    *s &= below;
    return true;
}

static bool run(esc *e) {
    const sm_ctx *x = e->x;
    uint32_t n = x->code_len;
    vm_memset(e->seen, 0, n);
    vm_memset(e->taint, 0, n * sizeof *e->taint);
    vm_memset(e->self, 0, n * sizeof *e->self);
    e->n_work = 0;
    uint64_t tl0 = e->tl;
    if (!visit(e, 0, 0, 0, true)) return false;
    for (uint16_t i = 0; i < x->m->code->n_exceptions; i++)
        if (!visit(e, x->m->code->exceptions[i].handler_pc, 0, 0, true)) return false;
    while (e->n_work) {
        uint32_t pc = e->work[--e->n_work];
        e->seen[pc] &= (uint8_t)~2u;
        uint64_t t = e->taint[pc], s = e->self[pc];
        int32_t d = e->depth[pc];
        if (d < 0 || d > 63) return false;
        uint32_t dn = 0;
        if (!step(e, pc, &t, &s, (uint32_t)d, &dn)) return false;
        if (e->tl != tl0) return true;   /* a new local: the caller runs again */
        uint32_t len;
        int flow;
        if (sm_decode(x, pc, &len, &flow) != VM_OK) return false;
        tgt g = { e, t, s, false };
        if (flow == SF_COND || flow == SF_JUMP) {
            if (sm_targets(x, pc, on_target, &g) != VM_OK || g.bad) return false;
        }
        if ((flow == SF_NEXT || flow == SF_COND) && !visit(e, pc + len, t, s, false)) return false;
    }
    return true;
}

bool stackmap_arg_escapes(vm *vm, jmethod *m, uint32_t local, vm_escape_allow_fn allow,
                          void *ctx) {
    if (!m || !m->code || !m->code->code || !m->code->code_len || local >= 64) return true;
    const cf_code *code = m->code;
    if (code->max_stack > 63 || code->max_locals > 64) return true;
    const vm_platform *plat = vm->plat;
    uint32_t n = code->code_len;
    size_t bytes = (size_t)n * (sizeof(int32_t) + 2 * sizeof(uint64_t) + 1) +
                   (size_t)n * sizeof(uint32_t);
    uint8_t *mem = plat->realloc(plat->ud, NULL, 0, bytes);
    if (!mem) return true;
    sm_ctx x = { m, m->owner ? m->owner->cf : NULL, code->code, n, code->max_locals,
                 code->max_stack, NULL, NULL };
    esc e;
    vm_memset(&e, 0, sizeof e);
    e.x = &x;
    e.taint = (uint64_t *)(void *)mem;
    e.self = e.taint + n;
    e.depth = (int32_t *)(void *)(e.self + n);
    e.work = (uint32_t *)(void *)(e.depth + n);
    e.seen = (uint8_t *)(e.work + n);
    e.tl = 1ull << local;
    e.allow = allow;
    e.ctx = ctx;
    bool escapes = true;
    if (stackmap_depths_only(vm, m, e.depth, NULL) == VM_OK) {
        /* is local 0 ever stored (then aload_0 is not `this`)? */
        e.self_ok = !(m->access & 0x0008);   /* not static */
        for (uint32_t pc = 0; pc < n && e.self_ok;) {
            uint8_t op = code->code[pc];
            if (op == 75 || (op == 58 && pc + 1 < n && code->code[pc + 1] == 0) ||
                (op == 196 && pc + 3 < n && code->code[pc + 1] == 58 && code->code[pc + 2] == 0 &&
                 code->code[pc + 3] == 0))
                e.self_ok = false;
            uint32_t l = cf_insn_length(code->code, n, pc);
            if (!l) { e.self_ok = false; break; }
            pc += l;
        }
        /* again while the set of locals holding the argument grows */
        for (int round = 0; round < 65; round++) {
            uint64_t before = e.tl;
            if (!run(&e)) break;
            if (e.tl == before) { escapes = false; break; }
        }
    }
    vm_free(plat, mem, bytes);
    return escapes;
}
