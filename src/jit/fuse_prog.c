/* fuse_prog.c - a handler that only updates its own fields, as a program
 * of a few operations (issue 14: "small handlers ... inlined into the
 * fused function").
 *
 * vm_handler_field_prog looks at an `enqueue(Lvif/Packet;)V` whose
 * bytecode is one straight line (no branch, no exception handler) made
 * of:
 *
 *   - aload_0 / aload_1 (`this`, the packet; neither local ever stored),
 *     int and long locals from 2 up (iload/istore/lload/lstore),
 *   - int and long constants (iconst, bipush, sipush, lconst, ldc, ldc_w,
 *     ldc2_w),
 *   - iadd ladd isub lsub imul lmul iand land ior lor ixor lxor ineg
 *     lneg i2l l2i, dup (of `this` or an int), dup2 (of a long, or of two
 *     one-slot values), pop, pop2,
 *   - getfield/putfield of an int or long instance field of `this`
 *     (the field named through this method's own class, found there or
 *     in a user superclass: no field of the class library),
 *   - invokevirtual vif/Packet.length()I and timestamp()J on the packet,
 *   - a conditional expression of two int constants (`c ? 26 : 8`:
 *     if<cond> or if_icmp<cond> over a constant and a goto past the other
 *     constant), as a SELECT,
 *   - invokevirtual vif/Packet.setDscp(I)Z with a code point known to be
 *     0 .. 63 (a constant or such a SELECT: no IllegalArgumentException),
 *     written into the packet's bytes as Packet.setDscp does (IPv4 and
 *     IPv6, no checksum update; non-IP: false, nothing written); it counts
 *     as a store below, done at the program's end after every guard
 *     and getter (g1, Branches below: it never leaves the packet to the
 *     handler once written; the host owns the bytes before it runs),
 *   - before any putfield: invokevirtual vif/Packet.dstPort()I, srcPort()I,
 *     ipProtocol()I and (not after a setDscp) dscp()I on the packet, and guards - if<cond> or
 *     if_icmp<cond> either over a lone `return` (`if (c) return;`) or
 *     forward to a `return` - whose other way is the drop (a return
 *     without super.enqueue), with the operand stack empty after them,
 *
 * ending in `aload_0; aload_1; invokespecial vif/VIFlet.enqueue
 * (Lvif/Packet;)V; return` with nothing else on the operand stack, in a
 * method that is not synchronized, of a class whose direct superclass is
 * vif.VIFlet (so the call is the
 * default FIFO's).  None of these can throw (`this` and the packet are
 * never null, no division, no array, no allocation, no class to
 * initialise), loop or call anything but Packet's two getters (which
 * read the length and time of a packet its handler owns) and the default
 * FIFO.  Its effect on the VIFlet is therefore exactly: the field stores
 * of the program, in order, then the FIFO's enqueue.  The host (the
 * datapath's fused loop, src/datapath/dp_fuse_prog.h) runs the program
 * on the VIFlet's object with the packet's length and time instead of
 * calling the method, where it also knows the FIFO's outcome.
 *
 * Branches (g1): the above also holds with forward branches
 * (if<cond>, if_icmp<cond>, goto; no backward branch, no switch) in
 * place of "one straight line" and of the guard forms: every way through
 * the code is followed with its predicate (a 0/1 register: SELECT of the
 * branch's test, ANDI/ORI/XORI), ways join at their targets (CSEL of
 * each stack slot, local and field that differs), a field store only
 * sets the field's value on its way, and setDscp only records the code
 * point (its answer, IP or not, is ISIP).  At the exit: one GUARD on the
 * drop ways' predicate (a `return` without super.enqueue), then the
 * passing way's stores (every field it changed) and its setDscp
 * (SETDSCP_IF when some passing ways do not mark).  Everything before
 * them is pure (getters, loads of the fields' values at entry,
 * arithmetic), so a drop or an unknown getter answer leaves having
 * stored and written nothing, whatever the bytecode's order was.  A test
 * on the way every packet takes that leads straight to a return is still
 * a GUARD in place.
 *
 * The program: values numbered in the order the bytecode makes them
 * (registers), each operation writing its own register; then a
 * peephole step turns `f = f + k` and `f = f + (long)length` on one
 * field, the usual counters, into one operation each. */
#include "jit_internal.h"
#include "../classfile/classfile.h"
#include "../runtime/classes.h"
#include "../core/mem.h"

static inline uint16_t u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }

/* an operation that writes a field */
static bool is_store(uint8_t k) {
    return k == VM_FOP_STI || k == VM_FOP_STJ || (k >= VM_FOP_ADDI_K && k <= VM_FOP_ADDJ_LEN);
}
/* an operation reading register a (and b) */
static bool uses_a(uint8_t k) {
    return k == VM_FOP_STI || k == VM_FOP_STJ || k == VM_FOP_I2L || k == VM_FOP_L2I ||
           k == VM_FOP_NEGI || k == VM_FOP_NEGJ || (k >= VM_FOP_ADDI && k <= VM_FOP_XORJ) ||
           k == VM_FOP_GUARD || k == VM_FOP_SELECT || k == VM_FOP_SETDSCP ||
           k == VM_FOP_CSEL || k == VM_FOP_SETDSCP_IF;
}
static bool uses_b(uint8_t k) {
    return (k >= VM_FOP_ADDI && k <= VM_FOP_XORJ) || k == VM_FOP_GUARD || k == VM_FOP_SELECT ||
           k == VM_FOP_CSEL || k == VM_FOP_SETDSCP_IF;
}

/* an int constant pushed at pc (iconst_m1 .. iconst_5, bipush, sipush):
 * its length (then *v its value), or 0 */
static uint32_t int_const(const uint8_t *c, uint32_t pc, uint32_t n, int32_t *v) {
    if (pc >= n) return 0;
    uint8_t o = c[pc];
    if (o >= 0x02 && o <= 0x08) { *v = (int32_t)o - 3; return 1; }
    if (o == 0x10 && pc + 1 < n) { *v = (int8_t)c[pc + 1]; return 2; }
    if (o == 0x11 && pc + 2 < n) { *v = (int16_t)u2(c + pc + 1); return 3; }
    return 0;
}

enum { K_NONE = 0, K_THIS, K_PKT, K_INT, K_LONG };

#define PB_CAP 192      /* operations while decoding (compacted to VM_FIELD_PROG_MAX) */
#define PT 0xffu        /* the predicate "always" (no register) */
#define NFLD 16         /* fields a handler may store */
#define NPEND 8         /* branch targets not reached yet */

typedef struct pv { uint8_t kind; uint8_t reg; } pv;  /* an operand stack entry */
/* a field's value on a way: reg; dirty once a way into it stored the
 * field; jsel, when reg is a CSEL(q, v, the value at entry) that a join of
 * this field made (PT otherwise): q holds only for packets that went
 * through that join, where the field was dirty, so q is 0 on every way
 * where the field is clean (see join) */
typedef struct fv { uint32_t off; uint8_t wide, reg, dirty, jsel; } fv;

/* the state on one way through the code: the predicate under which it is
 * taken, the operand stack, the locals from 2 up (a long's second slot
 * K_NONE), the fields' values so far (stores are made at the end) and
 * the code point setDscp was last given (also made at the end) */
typedef struct ps {
    bool live;
    uint8_t pred;
    uint32_t sp;
    pv stack[16];
    pv local[16];
    uint32_t nf;
    fv f[NFLD];
    bool dscp;
    uint8_t dv, dw;     /* the code point, written (PT or a 0/1 register) */
} ps;

typedef struct pb {
    vm_field_op op[PB_CAP];
    uint32_t n;
    uint32_t uses[PB_CAP];
    int one, zero;      /* the registers of 1 and 0, once made */
    bool marked;        /* a setDscp seen (at a lower pc: on some way before) */
    uint32_t ninit;
    fv init[NFLD];      /* the fields' loads of their values at entry */
} pb;

/* an operation reading the register in k (CSEL's other value) */
static bool uses_k(uint8_t k) { return k == VM_FOP_CSEL; }

/* a new operation writing a new register: its number, or -1 */
static int op(pb *b, uint8_t code, uint8_t a, uint8_t c, uint32_t off, int64_t k) {
    if (b->n >= PB_CAP) return -1;
    b->op[b->n] = (vm_field_op){ .op = code, .a = a, .b = c, .off = off, .k = k };
    return (int)b->n++;
}
static bool push(ps *s, uint8_t kind, uint8_t reg) {
    if (s->sp >= 16) return false;
    s->stack[s->sp++] = (pv){ kind, reg };
    return true;
}
static bool pop(ps *s, pv *v) {
    if (!s->sp) return false;
    *v = s->stack[--s->sp];
    return true;
}
static bool value(pb *b, ps *s, uint8_t kind, uint8_t code, uint8_t a, uint8_t c, uint32_t off,
                  int64_t k) {
    int r = op(b, code, a, c, off, k);
    return r >= 0 && push(s, kind, (uint8_t)r);
}
static int konst(pb *b, int *cache, int64_t k) {
    if (*cache < 0) *cache = op(b, VM_FOP_CONST, 0, 0, 0, k);
    return *cache;
}
/* a predicate as a register (PT: the register of 1), or -1 */
static int preg(pb *b, uint8_t p) { return p == PT ? konst(b, &b->one, 1) : p; }
/* p && c, p || q, !c of 0/1 registers (or PT); -1 when out of room */
static int pand(pb *b, uint8_t p, uint8_t c) {
    return p == PT ? c : op(b, VM_FOP_ANDI, p, c, 0, 0);
}
static int por(pb *b, uint8_t p, uint8_t q) {
    return p == PT || q == PT ? (int)PT : op(b, VM_FOP_ORI, p, q, 0, 0);
}
static int pnot(pb *b, uint8_t c) {
    int one = konst(b, &b->one, 1);
    return one < 0 ? -1 : op(b, VM_FOP_XORI, c, (uint8_t)one, 0, 0);
}
/* p ? x : y (registers); -1 when out of room */
static int csel(pb *b, uint8_t p, uint8_t x, uint8_t y) {
    if (x == y) return x;
    if (p != PT && b->one >= 0 && b->zero >= 0 && x == (uint8_t)b->one &&
        y == (uint8_t)b->zero)
        return p;   /* (p ? 1 : 0: p itself, a predicate) */
    int r = preg(b, p);
    return r < 0 ? -1 : op(b, VM_FOP_CSEL, (uint8_t)r, x, 0, y);
}

/* the register of field f's value at entry (one load for all ways) */
static int init_load(pb *b, uint32_t off, bool wide) {
    for (uint32_t i = 0; i < b->ninit; i++)
        if (b->init[i].off == off) return b->init[i].wide == wide ? b->init[i].reg : -1;
    if (b->ninit >= NFLD) return -1;
    int r = op(b, wide ? VM_FOP_LDJ : VM_FOP_LDI, 0, 0, off, 0);
    if (r < 0) return -1;
    b->init[b->ninit++] = (fv){ off, wide, (uint8_t)r, 0, PT };
    return r;
}
static fv *field(ps *s, uint32_t off) {
    for (uint32_t i = 0; i < s->nf; i++)
        if (s->f[i].off == off) return &s->f[i];
    return NULL;
}
/* field off's value on way s (made on first use): NULL when out of room */
static fv *field_get(pb *b, ps *s, uint32_t off, bool wide) {
    fv *v = field(s, off);
    if (v) return v->wide == wide ? v : NULL;
    if (s->nf >= NFLD) return NULL;
    int r = init_load(b, off, wide);
    if (r < 0) return NULL;
    s->f[s->nf] = (fv){ off, wide, (uint8_t)r, 0, PT };
    return &s->f[s->nf++];
}

/* Way s joins way d (at a branch's target, or at the exit): d's values
 * where d was taken, s's where s was (their predicates exclude each
 * other). */
static bool join(pb *b, ps *d, const ps *s) {
    if (!s->live) return true;
    if (!d->live) { *d = *s; return true; }
    uint8_t p = s->pred;
    if (d->sp != s->sp) return false;
    for (uint32_t i = 0; i < d->sp; i++) {
        pv *x = &d->stack[i];
        const pv *y = &s->stack[i];
        if (x->kind != y->kind) return false;
        if (x->kind == K_INT || x->kind == K_LONG) {
            int r = csel(b, p, y->reg, x->reg);
            if (r < 0) return false;
            x->reg = (uint8_t)r;
        }
    }
    for (uint32_t i = 0; i < 16; i++) {
        pv *x = &d->local[i];
        const pv *y = &s->local[i];
        if (x->kind != y->kind) { x->kind = K_NONE; continue; }
        if (x->kind == K_INT || x->kind == K_LONG) {
            int r = csel(b, p, y->reg, x->reg);
            if (r < 0) return false;
            x->reg = (uint8_t)r;
        }
    }
    for (uint32_t i = 0; i < s->nf; i++)
        if (!field_get(b, d, s->f[i].off, s->f[i].wide)) return false;
    for (uint32_t i = 0; i < d->nf; i++) {
        fv *x = &d->f[i];
        ps t = *s;   /* (s's value of a field only d has: its value at entry) */
        fv *y = field_get(b, &t, x->off, x->wide);
        if (!y) return false;
        /* a way where the field is clean (its value at entry, never
         * stored) joins one where it is not: one CSEL of the pair, with
         * the value at entry as its other value, serves every further
         * clean way joining (its predicate is 0 there: fv) - a counter
         * bumped on one way of five costs one CSEL, not four */
        int r, init = init_load(b, x->off, x->wide), jsel = PT;
        if (init < 0) return false;
        if (!y->dirty && y->reg == (uint8_t)init && x->dirty) {
            if (x->jsel == x->reg) continue;
            r = csel(b, d->pred, x->reg, y->reg);
            jsel = r;
        } else if (!x->dirty && x->reg == (uint8_t)init && y->dirty) {
            if (y->jsel == y->reg) r = y->reg;
            else r = csel(b, p, y->reg, x->reg);
            jsel = r;
        } else {
            r = csel(b, p, y->reg, x->reg);
        }
        if (r < 0) return false;
        x->reg = (uint8_t)r;
        x->jsel = (uint8_t)jsel;
        x->dirty |= y->dirty;
    }
    if (d->dscp || s->dscp) {
        int z = konst(b, &b->zero, 0);
        if (z < 0) return false;
        int dv = d->dscp ? d->dv : z, sv = s->dscp ? s->dv : z;
        int dw = d->dscp ? preg(b, d->dw) : z, sw = s->dscp ? preg(b, s->dw) : z;
        if (dw < 0 || sw < 0) return false;
        int v = csel(b, p, (uint8_t)sv, (uint8_t)dv), w = csel(b, p, (uint8_t)sw, (uint8_t)dw);
        if (v < 0 || w < 0) return false;
        d->dscp = true;
        d->dv = (uint8_t)v;
        d->dw = (uint8_t)w;
    }
    int q = por(b, d->pred, s->pred);
    if (q < 0) return false;
    d->pred = (uint8_t)q;
    return true;
}

/* is register r an int known to be within 0 .. 63 (a constant, or a
 * SELECT or CSEL of two such)? */
static bool dscp_known(const pb *b, uint8_t r, int depth) {
    const vm_field_op *o = &b->op[r];
    if (depth > 16) return false;
    if (o->op == VM_FOP_CONST) return o->k >= 0 && o->k <= 63;
    if (o->op == VM_FOP_CSEL)
        return dscp_known(b, o->b, depth + 1) && dscp_known(b, (uint8_t)o->k, depth + 1);
    if (o->op != VM_FOP_SELECT) return false;
    int32_t t = (int32_t)(o->k >> 32), f = (int32_t)o->k;
    return t >= 0 && t <= 63 && f >= 0 && f <= 63;
}

/* the instance field (int or long) a getfield/putfield at pc names on
 * m's own class, not one of the class library's: NULL otherwise */
static jfield *own_field(jmethod *m, uint16_t idx) {
    const char *cls = NULL, *name = NULL, *desc = NULL;
    cf_member_ref(m->owner->cf, idx, &cls, &name, &desc);
    if (!cls || !name || !desc || vm_strcmp(cls, m->owner->name) != 0) return NULL;
    jfield *f = rt_find_field(m->owner, name, desc);
    if (!f || (f->access & ACC_STATIC) || !f->owner || f->owner->is_boot) return NULL;
    return f->type == 'I' || f->type == 'J' ? f : NULL;
}

static bool is_ref(const cf_class *cf, uint16_t idx, const char *c, const char *n,
                   const char *d) {
    const char *cls = NULL, *name = NULL, *desc = NULL;
    cf_member_ref(cf, idx, &cls, &name, &desc);
    return cls && name && desc && !vm_strcmp(cls, c) && !vm_strcmp(name, n) &&
           !vm_strcmp(desc, d);
}

/* the binary operations: opcode 0x60 + 2 * i (int) or + 1 (long) */
static const struct { uint8_t bc; uint8_t fop; } bin_ops[] = {
    { 0x60, VM_FOP_ADDI }, { 0x64, VM_FOP_SUBI }, { 0x68, VM_FOP_MULI },
    { 0x7e, VM_FOP_ANDI }, { 0x80, VM_FOP_ORI },  { 0x82, VM_FOP_XORI },
};

/* `f = f + y` at the final store st (f at off, y a constant or the length
 * widened): the one operation that does it, when the load and the sum
 * are used nowhere else (uses: of the live operations) */
static void peephole(pb *b, uint32_t st) {
    vm_field_op *p = b->op;
    vm_field_op *s = &p[st];
    bool wide = s->op == VM_FOP_STJ;
    vm_field_op *sum = &p[s->a];
    if (sum->op != (wide ? VM_FOP_ADDJ : VM_FOP_ADDI) || b->uses[s->a] != 1) return;
    for (int side = 0; side < 2; side++) {
        uint8_t lr = side ? sum->b : sum->a, yr = side ? sum->a : sum->b;
        vm_field_op *ld = &p[lr], *y = &p[yr];
        if (ld->op != (wide ? VM_FOP_LDJ : VM_FOP_LDI) || ld->off != s->off || b->uses[lr] != 1)
            continue;
        int64_t k = 0;
        uint8_t code;
        if (y->op == VM_FOP_CONST && b->uses[yr] == 1) {
            k = y->k;
            code = wide ? VM_FOP_ADDJ_K : VM_FOP_ADDI_K;
        } else if (wide && y->op == VM_FOP_I2L && b->uses[yr] == 1 &&
                   p[y->a].op == VM_FOP_LEN && b->uses[y->a] == 1) {
            code = VM_FOP_ADDJ_LEN;
            p[y->a].op = VM_FOP_NOP;
        } else if (!wide && y->op == VM_FOP_LEN && b->uses[yr] == 1) {
            code = VM_FOP_ADDI_LEN;
        } else {
            continue;
        }
        uint32_t off = s->off;
        y->op = VM_FOP_NOP;
        ld->op = VM_FOP_NOP;
        sum->op = VM_FOP_NOP;
        *s = (vm_field_op){ .op = code, .off = off, .k = k };
        return;
    }
}

/* CSEL(p, y + 1, y), a counter bumped on the ways of p (p a predicate:
 * 0 or 1): y + p, one operation instead of three (the sum and the 1 are
 * left to the liveness step) */
static void csel_count(pb *b, uint32_t i) {
    vm_field_op *c = &b->op[i];
    const vm_field_op *x = &b->op[c->b];
    uint8_t y = (uint8_t)c->k;
    if ((x->op != VM_FOP_ADDI && x->op != VM_FOP_ADDJ) || b->uses[c->b] != 1) return;
    uint8_t one = x->a == y ? x->b : x->b == y ? x->a : PT;
    if (one == PT || b->op[one].op != VM_FOP_CONST || b->op[one].k != 1) return;
    *c = (vm_field_op){ .op = x->op, .a = y, .b = c->a };
}

/* which operations a live root (store, guard, setDscp) needs; uses[]
 * their readers' count */
static void liveness(pb *b, bool *live) {
    vm_field_op *p = b->op;
    for (uint32_t i = b->n; i-- > 0;)
        live[i] = is_store(p[i].op) || p[i].op == VM_FOP_GUARD || p[i].op == VM_FOP_SETDSCP ||
                  p[i].op == VM_FOP_SETDSCP_IF;
    vm_memset(b->uses, 0, sizeof b->uses);
    for (uint32_t i = b->n; i-- > 0;) {
        if (!live[i] || p[i].op == VM_FOP_NOP) { live[i] = false; continue; }
        uint8_t k = p[i].op;
        if (uses_a(k)) { live[p[i].a] = true; b->uses[p[i].a]++; }
        if (uses_b(k)) { live[p[i].b] = true; b->uses[p[i].b]++; }
        if (uses_k(k)) { live[(uint8_t)p[i].k] = true; b->uses[(uint8_t)p[i].k]++; }
    }
}

typedef struct pend { uint32_t pc; ps s; } pend;

/* way s to the branch target t (forward only) */
static bool edge(pb *b, pend *pd, uint32_t *np, uint32_t t, const ps *s) {
    for (uint32_t i = 0; i < *np; i++)
        if (pd[i].pc == t) return join(b, &pd[i].s, s);
    if (*np >= NPEND) return false;
    pd[*np].pc = t;
    pd[*np].s = *s;
    (*np)++;
    return true;
}

static bool decode(vm_method *m, pb *b, pend *pd, ps *cur, ps *pass, ps *drop) {
    const cf_class *cf = m->owner->cf;
    const uint8_t *c = m->code->code;
    uint32_t n = m->code->code_len, np = 0;
    pv x, y;
    for (uint32_t pc = 0; pc < n;) {
        /* the ways that branch here join the one falling through */
        for (uint32_t i = 0; i < np;) {
            if (pd[i].pc != pc) { i++; continue; }
            if (!join(b, cur, &pd[i].s)) return false;
            pd[i] = pd[--np];
        }
        for (uint32_t i = 0; i < np; i++)
            if (pd[i].pc < pc) return false;
        if (!cur->live) {
            /* (a return only guards lead to; other code no way reaches:
             * javac makes none) */
            if (c[pc] != 0xb1) return false;
            pc++;
            continue;
        }
        uint8_t o = c[pc];
        uint32_t len = 1;
        switch (o) {
        case 0x2a: if (!push(cur, K_THIS, 0)) return false; break;          /* aload_0 */
        case 0x2b: if (!push(cur, K_PKT, 0)) return false; break;           /* aload_1 */
        case 0x02: case 0x03: case 0x04: case 0x05: case 0x06: case 0x07: case 0x08:
            if (!value(b, cur, K_INT, VM_FOP_CONST, 0, 0, 0, (int64_t)o - 3)) return false;
            break;
        case 0x09: case 0x0a:
            if (!value(b, cur, K_LONG, VM_FOP_CONST, 0, 0, 0, (int64_t)o - 9)) return false;
            break;
        case 0x10:                                                          /* bipush */
            if (pc + 1 >= n || !value(b, cur, K_INT, VM_FOP_CONST, 0, 0, 0, (int8_t)c[pc + 1]))
                return false;
            len = 2;
            break;
        case 0x11:                                                          /* sipush */
            if (pc + 2 >= n ||
                !value(b, cur, K_INT, VM_FOP_CONST, 0, 0, 0, (int16_t)u2(c + pc + 1)))
                return false;
            len = 3;
            break;
        case 0x12: case 0x13: case 0x14: {                        /* ldc ldc_w ldc2_w */
            len = o == 0x12 ? 2 : 3;
            if (pc + len - 1 >= n) return false;
            uint16_t idx = o == 0x12 ? c[pc + 1] : u2(c + pc + 1);
            if (idx == 0 || idx >= cf->cp_count) return false;
            const cf_const *k = &cf->cp[idx];
            if (o != 0x14 && k->tag == CP_INTEGER) {
                if (!value(b, cur, K_INT, VM_FOP_CONST, 0, 0, 0, k->u.i32)) return false;
            } else if (o == 0x14 && k->tag == CP_LONG) {
                if (!value(b, cur, K_LONG, VM_FOP_CONST, 0, 0, 0, k->u.i64)) return false;
            } else {
                return false;
            }
            break;
        }
        case 0x15: case 0x16: case 0x36: case 0x37:      /* iload lload istore lstore n */
        case 0x1c: case 0x1d: case 0x20: case 0x21:      /* iload_2,3 lload_2,3 */
        case 0x3d: case 0x3e: case 0x41: case 0x42: {    /* istore_2,3 lstore_2,3 */
            uint32_t i;
            bool wide = o == 0x16 || o == 0x37 || (o >= 0x20 && o <= 0x21) || o >= 0x41;
            bool store = o == 0x36 || o == 0x37 || o >= 0x3d;
            if (o <= 0x37 && o >= 0x36) { if (pc + 1 >= n) return false; i = c[pc + 1]; len = 2; }
            else if (o <= 0x16) { if (pc + 1 >= n) return false; i = c[pc + 1]; len = 2; }
            else if (o <= 0x1d) i = o - 0x1a;
            else if (o <= 0x21) i = o - 0x1e;
            else if (o <= 0x3e) i = o - 0x3b;
            else i = o - 0x3f;
            uint8_t kind = wide ? K_LONG : K_INT;
            if (i < 2 || i + (wide ? 1u : 0u) >= 16) return false;
            if (store) {
                if (!pop(cur, &x) || x.kind != kind) return false;
                /* a store over half of a long leaves that long unusable */
                if (i > 2 && cur->local[i - 1].kind == K_LONG) cur->local[i - 1].kind = K_NONE;
                cur->local[i] = x;
                if (wide) cur->local[i + 1].kind = K_NONE;
            } else {
                if (cur->local[i].kind != kind || !push(cur, kind, cur->local[i].reg))
                    return false;
            }
            break;
        }
        case 0x84: {                                                        /* iinc */
            if (pc + 2 >= n) return false;
            uint32_t i = c[pc + 1];
            if (i < 2 || i >= 16 || cur->local[i].kind != K_INT) return false;
            int k = op(b, VM_FOP_CONST, 0, 0, 0, (int8_t)c[pc + 2]);
            int r = k < 0 ? -1 : op(b, VM_FOP_ADDI, cur->local[i].reg, (uint8_t)k, 0, 0);
            if (r < 0) return false;
            cur->local[i].reg = (uint8_t)r;
            len = 3;
            break;
        }
        case 0x57:                                                          /* pop */
            if (!pop(cur, &x) || x.kind == K_LONG) return false;
            break;
        case 0x58:                                                          /* pop2 */
            if (!pop(cur, &x)) return false;
            if (x.kind != K_LONG && (!pop(cur, &y) || y.kind == K_LONG)) return false;
            break;
        case 0x59:                                                          /* dup */
            if (!cur->sp || cur->stack[cur->sp - 1].kind == K_LONG) return false;
            x = cur->stack[cur->sp - 1];
            if (!push(cur, x.kind, x.reg)) return false;
            break;
        case 0x5c:                                                          /* dup2 */
            if (!cur->sp) return false;
            x = cur->stack[cur->sp - 1];
            if (x.kind == K_LONG) {
                if (!push(cur, x.kind, x.reg)) return false;
            } else {
                if (cur->sp < 2 || cur->stack[cur->sp - 2].kind == K_LONG) return false;
                y = cur->stack[cur->sp - 2];
                if (!push(cur, y.kind, y.reg) || !push(cur, x.kind, x.reg)) return false;
            }
            break;
        case 0x60: case 0x61: case 0x64: case 0x65: case 0x68: case 0x69:
        case 0x7e: case 0x7f: case 0x80: case 0x81: case 0x82: case 0x83: {
            bool wide = (o & 1) != 0;
            uint8_t f = 0, kind = wide ? K_LONG : K_INT;
            for (size_t i = 0; i < sizeof bin_ops / sizeof *bin_ops; i++)
                if (bin_ops[i].bc == (uint8_t)(o & ~1u)) f = bin_ops[i].fop;
            if (!f || !pop(cur, &y) || !pop(cur, &x) || x.kind != kind || y.kind != kind ||
                !value(b, cur, kind, (uint8_t)(f + (wide ? 1 : 0)), x.reg, y.reg, 0, 0))
                return false;
            break;
        }
        case 0x74: case 0x75: {                                             /* ineg lneg */
            uint8_t kind = o == 0x75 ? K_LONG : K_INT;
            if (!pop(cur, &x) || x.kind != kind ||
                !value(b, cur, kind, o == 0x75 ? VM_FOP_NEGJ : VM_FOP_NEGI, x.reg, 0, 0, 0))
                return false;
            break;
        }
        case 0x85:                                                          /* i2l */
            if (!pop(cur, &x) || x.kind != K_INT ||
                !value(b, cur, K_LONG, VM_FOP_I2L, x.reg, 0, 0, 0))
                return false;
            break;
        case 0x88:                                                          /* l2i */
            if (!pop(cur, &x) || x.kind != K_LONG ||
                !value(b, cur, K_INT, VM_FOP_L2I, x.reg, 0, 0, 0))
                return false;
            break;
        case 0xb4: {                                                        /* getfield */
            if (pc + 2 >= n) return false;
            jfield *f = own_field(m, u2(c + pc + 1));
            if (!f || !pop(cur, &x) || x.kind != K_THIS) return false;
            bool wide = f->type == 'J';
            fv *v = field_get(b, cur, f->offset, wide);
            if (!v || !push(cur, wide ? K_LONG : K_INT, v->reg)) return false;
            len = 3;
            break;
        }
        case 0xb5: {                                                        /* putfield */
            if (pc + 2 >= n) return false;
            jfield *f = own_field(m, u2(c + pc + 1));
            bool wide = f && f->type == 'J';
            if (!f || !pop(cur, &y) || !pop(cur, &x) || x.kind != K_THIS ||
                y.kind != (wide ? K_LONG : K_INT))
                return false;
            fv *v = field_get(b, cur, f->offset, wide);
            if (!v) return false;
            v->reg = y.reg;       /* (stored at the exit) */
            v->dirty = 1;
            v->jsel = PT;
            len = 3;
            break;
        }
        case 0xb6: {                                                        /* invokevirtual */
            if (pc + 2 >= n) return false;
            uint16_t idx = u2(c + pc + 1);
            if (is_ref(cf, idx, "vif/Packet", "setDscp", "(I)Z")) {
                /* a marker: only with a code point known to be in range
                 * (no IllegalArgumentException); written at the exit, its
                 * answer (IP or not: ISIP, which no write changes) now */
                if (!pop(cur, &y) || y.kind != K_INT || !pop(cur, &x) || x.kind != K_PKT ||
                    !dscp_known(b, y.reg, 0) || !value(b, cur, K_INT, VM_FOP_ISIP, 0, 0, 0, 0))
                    return false;
                cur->dscp = true;
                b->marked = true;
                cur->dv = y.reg;
                cur->dw = PT;
                len = 3;
                break;
            }
            if (!pop(cur, &x) || x.kind != K_PKT) return false;
            if (is_ref(cf, idx, "vif/Packet", "length", "()I")) {
                if (!value(b, cur, K_INT, VM_FOP_LEN, 0, 0, 0, 0)) return false;
            } else if (is_ref(cf, idx, "vif/Packet", "timestamp", "()J")) {
                if (!value(b, cur, K_LONG, VM_FOP_TS, 0, 0, 0, 0)) return false;
            } else if (is_ref(cf, idx, "vif/Packet", "dstPort", "()I") ||
                       is_ref(cf, idx, "vif/Packet", "srcPort", "()I") ||
                       is_ref(cf, idx, "vif/Packet", "ipProtocol", "()I")) {
                /* (pure, anywhere: an answer left to the handler leaves
                 * before any store, all of which are at the exit; setDscp
                 * changes none of these answers) */
                const char *nm = NULL, *cl = NULL, *ds = NULL;
                cf_member_ref(cf, idx, &cl, &nm, &ds);
                uint8_t g = nm[0] == 'd' ? VM_FOP_DPORT : nm[0] == 's' ? VM_FOP_SPORT
                                                                       : VM_FOP_IPPROTO;
                if (!value(b, cur, K_INT, g, 0, 0, 0, 0)) return false;
            } else if (is_ref(cf, idx, "vif/Packet", "dscp", "()I") && !b->marked) {
                /* (branch fx22; pure - but not after a setDscp, which the
                 * program makes at its end: the bytecode's forward
                 * branches put every setDscp a way takes before it at a
                 * lower pc) */
                if (!value(b, cur, K_INT, VM_FOP_DSCP, 0, 0, 0, 0)) return false;
            } else {
                return false;
            }
            len = 3;
            break;
        }
        case 0x99: case 0x9a: case 0x9b: case 0x9c: case 0x9d: case 0x9e:   /* if<cond> */
        case 0x9f: case 0xa0: case 0xa1: case 0xa2: case 0xa3: case 0xa4: { /* if_icmp<cond> */
            if (pc + 3 >= n) return false;
            uint32_t cc = (uint32_t)(o - (o >= 0x9f ? 0x9f : 0x99));
            uint32_t t = (uint32_t)((int32_t)pc + (int16_t)u2(c + pc + 1));
            if (t <= pc || t >= n) return false;   /* (forward only: no loop) */
            if (o >= 0x9f) {
                if (!pop(cur, &y) || !pop(cur, &x) || x.kind != K_INT || y.kind != K_INT)
                    return false;
            } else {
                int z = konst(b, &b->zero, 0);
                if (!pop(cur, &x) || x.kind != K_INT || z < 0) return false;
                y = (pv){ K_INT, (uint8_t)z };
            }
            /* `c ? K2 : K1` of two int constants: `if<cond> T; K1; goto E;
             * T: K2; E:` - one SELECT */
            {
                int32_t k1 = 0, k2 = 0;
                uint32_t l1 = int_const(c, pc + 3, n, &k1), g = pc + 3 + l1;
                uint32_t l2 = l1 && g + 3 < n && c[g] == 0xa7 && t == g + 3
                                  ? int_const(c, t, n, &k2) : 0;
                bool other = false;   /* (no other way into T or E) */
                for (uint32_t i = 0; i < np; i++)
                    other |= pd[i].pc > pc && pd[i].pc <= t + l2;
                if (l2 && !other && (uint32_t)((int32_t)g + (int16_t)u2(c + g + 1)) == t + l2) {
                    if (!value(b, cur, K_INT, VM_FOP_SELECT, x.reg, y.reg, cc,
                               (int64_t)(((uint64_t)(uint32_t)k2 << 32) | (uint32_t)k1)))
                        return false;
                    len = t + l2 - pc;
                    break;
                }
            }
            /* a guard on the way every packet takes: `if (c) return;` (a
             * branch over a lone return: go on iff c) or a branch to a
             * return (go on iff not c), nothing on the stack: the program
             * leaves there (nothing is stored before the exit) */
            bool ret_t = c[t] == 0xb1 && cur->sp == 0, skip = c[pc + 3] == 0xb1 && t == pc + 4;
            if (cur->pred == PT && cur->sp == 0 && (ret_t || skip)) {
                if (op(b, VM_FOP_GUARD, x.reg, y.reg, 0, skip ? cc : cc ^ 1u) < 0) return false;
                len = skip ? 4 : 3;
                break;
            }
            /* else both ways: taken under pred && c, on under pred && !c,
             * which is pred ^ (pred && c) */
            int k = op(b, VM_FOP_SELECT, x.reg, y.reg, cc, (int64_t)(1ull << 32));
            int pt = k < 0 ? -1 : pand(b, cur->pred, (uint8_t)k);
            int pf = pt < 0 ? -1 : cur->pred == PT ? pnot(b, (uint8_t)k)
                                  : op(b, VM_FOP_XORI, cur->pred, (uint8_t)pt, 0, 0);
            if (pf < 0) return false;
            ps tk = *cur;
            tk.pred = (uint8_t)pt;
            cur->pred = (uint8_t)pf;
            if (!edge(b, pd, &np, t, &tk)) return false;
            len = 3;
            break;
        }
        case 0xa7: {                                                        /* goto */
            if (pc + 2 >= n) return false;
            uint32_t t = (uint32_t)((int32_t)pc + (int16_t)u2(c + pc + 1));
            if (t <= pc || t >= n || !edge(b, pd, &np, t, cur)) return false;
            cur->live = false;
            len = 3;
            break;
        }
        case 0xb1:                                                          /* return */
            /* without super.enqueue: the drop (only its predicate counts) */
            if (!drop->live) {
                drop->live = true;
                drop->pred = cur->pred;
            } else {
                int q = por(b, drop->pred, cur->pred);
                if (q < 0) return false;
                drop->pred = (uint8_t)q;
            }
            cur->live = false;
            break;
        case 0xb7:                                                          /* invokespecial */
            /* super.enqueue(p), then return, and nothing else left */
            if (pc + 3 >= n || c[pc + 3] != 0xb1 || cur->sp != 2 ||
                cur->stack[0].kind != K_THIS || cur->stack[1].kind != K_PKT ||
                !is_ref(cf, u2(c + pc + 1), "vif/VIFlet", "enqueue", "(Lvif/Packet;)V"))
                return false;
            cur->sp = 0;
            if (!join(b, pass, cur)) return false;
            cur->live = false;
            len = 4;
            break;
        default:
            return false;
        }
        pc += len;
    }
    return np == 0 && !cur->live;
}

bool vm_handler_field_prog(vm *vm, vm_method *m, vm_field_prog *out) {
    (void)vm;
    vm_memset(out, 0, sizeof *out);
    if (!m || !m->code || !m->owner || !m->owner->cf || !m->owner->super) return false;
    const cf_code *code = m->code;
    if (code->n_exceptions || code->code_len > 256 || code->max_locals > 16 ||
        vm_strcmp(m->desc, "(Lvif/Packet;)V") || (m->access & (ACC_STATIC | ACC_SYNCHRONIZED)) ||
        vm_strcmp(m->owner->super->name, "vif/VIFlet") || !m->owner->super->is_boot)
        return false;
    struct {
        pb b;
        pend pd[NPEND];
        ps cur, pass, drop;
        bool live[PB_CAP];
        uint8_t map[PB_CAP];
    } w;
    vm_memset(&w, 0, sizeof w);
    pb *b = &w.b;
    b->one = b->zero = -1;
    w.cur.live = true;
    w.cur.pred = PT;
    if (!decode(m, b, w.pd, &w.cur, &w.pass, &w.drop) || !w.pass.live) return false;
    /* the exit: leave (1) where a way drops, then the passing way's
     * stores and its setDscp */
    if (w.drop.live) {
        if (w.drop.pred == PT) return false;   /* (drops every packet) */
        int z = konst(b, &b->zero, 0);
        if (z < 0 || op(b, VM_FOP_GUARD, w.drop.pred, (uint8_t)z, 0, 0) < 0) return false;
    }
    for (uint32_t i = 0; i < w.pass.nf; i++) {
        const fv *f = &w.pass.f[i];
        if (f->dirty && op(b, f->wide ? VM_FOP_STJ : VM_FOP_STI, f->reg, 0, f->off, 0) < 0)
            return false;
    }
    if (w.pass.dscp) {
        /* (written on every way that passes: unconditionally) */
        bool all = w.pass.dw == PT || (b->op[w.pass.dw].op == VM_FOP_CONST && b->op[w.pass.dw].k);
        if (all ? op(b, VM_FOP_SETDSCP, w.pass.dv, 0, 0, 0) < 0
                            : op(b, VM_FOP_SETDSCP_IF, w.pass.dv, w.pass.dw, 0, 0) < 0)
            return false;
    }
    /* the counters' forms, then drop what no store, guard or setDscp uses */
    liveness(b, w.live);
    for (uint32_t i = 0; i < b->n; i++)
        if (w.live[i] && b->op[i].op == VM_FOP_CSEL) csel_count(b, i);
    liveness(b, w.live);
    for (uint32_t i = 0; i < b->n; i++)
        if (w.live[i] && (b->op[i].op == VM_FOP_STI || b->op[i].op == VM_FOP_STJ))
            peephole(b, i);
    liveness(b, w.live);
    uint32_t k = 0;
    for (uint32_t i = 0; i < b->n; i++) {
        if (!w.live[i]) continue;
        if (k >= VM_FIELD_PROG_MAX) { vm_memset(out, 0, sizeof *out); return false; }
        vm_field_op q = b->op[i];
        uint8_t c = q.op;
        if (uses_a(c)) q.a = w.map[q.a];
        if (uses_b(c)) q.b = w.map[q.b];
        if (uses_k(c)) q.k = w.map[(uint8_t)q.k];
        if (c == VM_FOP_GUARD || (c >= VM_FOP_DPORT && c <= VM_FOP_IPPROTO) ||
            c == VM_FOP_SELECT || c == VM_FOP_SETDSCP || c == VM_FOP_CSEL ||
            c == VM_FOP_SETDSCP_IF || c == VM_FOP_ISIP || c == VM_FOP_DSCP)
            out->reads = true;
        if (c == VM_FOP_SETDSCP || c == VM_FOP_SETDSCP_IF) out->writes = true;
        w.map[i] = (uint8_t)k;
        out->op[k++] = q;
    }
    out->n = k;
    return true;
}
