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
 *     as a store below, and a program with it has no guard and no
 *     dstPort()/srcPort() (it never leaves the packet to the handler once
 *     written: the host owns the bytes before it runs),
 *   - before any putfield: invokevirtual vif/Packet.dstPort()I, srcPort()I
 *     and ipProtocol()I on the packet, and guards - if<cond> or
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
 * The program: values numbered in the order the bytecode makes them
 * (registers), each operation writing its own register; then a
 * peephole step turns `f = f + k` and `f = f + (long)length` on one
 * field, the usual counters, into one operation each. */
#include "jit_internal.h"
#include "x86_emit.h"
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
           k == VM_FOP_GUARD || k == VM_FOP_SELECT || k == VM_FOP_SETDSCP;
}
static bool uses_b(uint8_t k) {
    return (k >= VM_FOP_ADDI && k <= VM_FOP_XORJ) || k == VM_FOP_GUARD || k == VM_FOP_SELECT;
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

/* is register r an int known to be within 0 .. 63 (a constant, or a
 * SELECT of two such)? */
static bool dscp_known(const vm_field_prog *p, uint8_t r) {
    const vm_field_op *o = &p->op[r];
    if (o->op == VM_FOP_CONST) return o->k >= 0 && o->k <= 63;
    if (o->op != VM_FOP_SELECT) return false;
    int32_t t = (int32_t)(o->k >> 32), f = (int32_t)o->k;
    return t >= 0 && t <= 63 && f >= 0 && f <= 63;
}

enum { K_NONE = 0, K_THIS, K_PKT, K_INT, K_LONG };

typedef struct pv { uint8_t kind; uint8_t reg; } pv;  /* an operand stack entry */

typedef struct pb {
    vm_field_prog *out;
    uint32_t uses[VM_FIELD_PROG_MAX];
    pv stack[16];
    uint32_t sp;
} pb;

static bool push(pb *b, uint8_t kind, uint8_t reg) {
    if (b->sp >= 16) return false;
    b->stack[b->sp++] = (pv){ kind, reg };
    return true;
}
static bool pop(pb *b, pv *v) {
    if (!b->sp) return false;
    *v = b->stack[--b->sp];
    return true;
}
/* a new operation writing a new register: its number, or -1 */
static int op(pb *b, uint8_t code, uint8_t a, uint8_t c, uint32_t off, int64_t k) {
    vm_field_prog *p = b->out;
    if (p->n >= VM_FIELD_PROG_MAX) return -1;
    p->op[p->n] = (vm_field_op){ .op = code, .a = a, .b = c, .off = off, .k = k };
    if (uses_a(code)) b->uses[a]++;
    if (uses_b(code)) b->uses[c]++;
    return (int)p->n++;
}
static bool value(pb *b, uint8_t kind, uint8_t code, uint8_t a, uint8_t c, uint32_t off,
                  int64_t k) {
    int r = op(b, code, a, c, off, k);
    return r >= 0 && push(b, kind, (uint8_t)r);
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

/* `f = f + y` at putfield (f at off, y a constant or the length widened):
 * the one operation that does it, when the load and the sum are used
 * nowhere else */
static void peephole(pb *b, uint32_t st) {
    vm_field_op *p = b->out->op;
    vm_field_op *s = &p[st];
    bool wide = s->op == VM_FOP_STJ;
    vm_field_op *sum = &p[s->a];
    if (sum->op != (wide ? VM_FOP_ADDJ : VM_FOP_ADDI) || b->uses[s->a] != 1) return;
    for (int side = 0; side < 2; side++) {
        uint8_t lr = side ? sum->b : sum->a, yr = side ? sum->a : sum->b;
        vm_field_op *ld = &p[lr], *y = &p[yr];
        if (ld->op != (wide ? VM_FOP_LDJ : VM_FOP_LDI) || ld->off != s->off || b->uses[lr] != 1)
            continue;
        /* nothing stored to the field between its load and this store */
        bool stored = false;
        for (uint32_t i = lr + 1u; i < st; i++)
            if (is_store(p[i].op) && p[i].off == s->off)
                stored = true;
        if (stored) continue;
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

bool vm_handler_field_prog(vm *vm, vm_method *m, vm_field_prog *out) {
    (void)vm;
    vm_memset(out, 0, sizeof *out);
    if (!m || !m->code || !m->owner || !m->owner->cf || !m->owner->super) return false;
    const cf_code *code = m->code;
    if (code->n_exceptions || code->code_len > 256 || code->max_locals > 16 ||
        vm_strcmp(m->desc, "(Lvif/Packet;)V") || (m->access & (ACC_STATIC | ACC_SYNCHRONIZED)) ||
        vm_strcmp(m->owner->super->name, "vif/VIFlet") || !m->owner->super->is_boot)
        return false;
    const cf_class *cf = m->owner->cf;
    const uint8_t *c = code->code;
    uint32_t n = code->code_len;
    pb b;
    vm_memset(&b, 0, sizeof b);
    b.out = out;
    /* the locals from 2 up: their register and kind (a long's second slot
     * K_NONE) */
    pv local[16];
    vm_memset(local, 0, sizeof local);
    bool done = false, stored = false;
    pv x, y;
    for (uint32_t pc = 0; pc < n && !done;) {
        uint8_t o = c[pc];
        uint32_t len = 1;
        switch (o) {
        case 0x2a: if (!push(&b, K_THIS, 0)) return false; break;          /* aload_0 */
        case 0x2b: if (!push(&b, K_PKT, 0)) return false; break;           /* aload_1 */
        case 0x02: case 0x03: case 0x04: case 0x05: case 0x06: case 0x07: case 0x08:
            if (!value(&b, K_INT, VM_FOP_CONST, 0, 0, 0, (int64_t)o - 3)) return false;
            break;
        case 0x09: case 0x0a:
            if (!value(&b, K_LONG, VM_FOP_CONST, 0, 0, 0, (int64_t)o - 9)) return false;
            break;
        case 0x10:                                                          /* bipush */
            if (pc + 1 >= n || !value(&b, K_INT, VM_FOP_CONST, 0, 0, 0, (int8_t)c[pc + 1]))
                return false;
            len = 2;
            break;
        case 0x11:                                                          /* sipush */
            if (pc + 2 >= n || !value(&b, K_INT, VM_FOP_CONST, 0, 0, 0, (int16_t)u2(c + pc + 1)))
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
                if (!value(&b, K_INT, VM_FOP_CONST, 0, 0, 0, k->u.i32)) return false;
            } else if (o == 0x14 && k->tag == CP_LONG) {
                if (!value(&b, K_LONG, VM_FOP_CONST, 0, 0, 0, k->u.i64)) return false;
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
                if (!pop(&b, &x) || x.kind != kind) return false;
                /* a store over half of a long leaves that long unusable */
                if (i > 2 && local[i - 1].kind == K_LONG) local[i - 1].kind = K_NONE;
                local[i] = x;
                if (wide) local[i + 1].kind = K_NONE;
                b.uses[x.reg]++;   /* (kept: a local may be read many times) */
            } else {
                if (local[i].kind != kind || !push(&b, kind, local[i].reg)) return false;
                b.uses[local[i].reg]++;
            }
            break;
        }
        case 0x57:                                                          /* pop */
            if (!pop(&b, &x) || x.kind == K_LONG) return false;
            break;
        case 0x58:                                                          /* pop2 */
            if (!pop(&b, &x)) return false;
            if (x.kind != K_LONG && (!pop(&b, &y) || y.kind == K_LONG)) return false;
            break;
        case 0x59:                                                          /* dup */
            if (!b.sp || b.stack[b.sp - 1].kind == K_LONG) return false;
            x = b.stack[b.sp - 1];
            if (!push(&b, x.kind, x.reg)) return false;
            if (x.kind == K_INT) b.uses[x.reg]++;
            break;
        case 0x5c:                                                          /* dup2 */
            if (!b.sp) return false;
            x = b.stack[b.sp - 1];
            if (x.kind == K_LONG) {
                if (!push(&b, x.kind, x.reg)) return false;
                b.uses[x.reg]++;
            } else {
                if (b.sp < 2 || b.stack[b.sp - 2].kind == K_LONG) return false;
                y = b.stack[b.sp - 2];
                if (!push(&b, y.kind, y.reg) || !push(&b, x.kind, x.reg)) return false;
                if (y.kind == K_INT) b.uses[y.reg]++;
                if (x.kind == K_INT) b.uses[x.reg]++;
            }
            break;
        case 0x60: case 0x61: case 0x64: case 0x65: case 0x68: case 0x69:
        case 0x7e: case 0x7f: case 0x80: case 0x81: case 0x82: case 0x83: {
            bool wide = (o & 1) != 0;
            uint8_t f = 0, kind = wide ? K_LONG : K_INT;
            for (size_t i = 0; i < sizeof bin_ops / sizeof *bin_ops; i++)
                if (bin_ops[i].bc == (uint8_t)(o & ~1u)) f = bin_ops[i].fop;
            if (!f || !pop(&b, &y) || !pop(&b, &x) || x.kind != kind || y.kind != kind ||
                !value(&b, kind, (uint8_t)(f + (wide ? 1 : 0)), x.reg, y.reg, 0, 0))
                return false;
            break;
        }
        case 0x74: case 0x75: {                                             /* ineg lneg */
            uint8_t kind = o == 0x75 ? K_LONG : K_INT;
            if (!pop(&b, &x) || x.kind != kind ||
                !value(&b, kind, o == 0x75 ? VM_FOP_NEGJ : VM_FOP_NEGI, x.reg, 0, 0, 0))
                return false;
            break;
        }
        case 0x85:                                                          /* i2l */
            if (!pop(&b, &x) || x.kind != K_INT || !value(&b, K_LONG, VM_FOP_I2L, x.reg, 0, 0, 0))
                return false;
            break;
        case 0x88:                                                          /* l2i */
            if (!pop(&b, &x) || x.kind != K_LONG || !value(&b, K_INT, VM_FOP_L2I, x.reg, 0, 0, 0))
                return false;
            break;
        case 0xb4: {                                                        /* getfield */
            if (pc + 2 >= n) return false;
            jfield *f = own_field(m, u2(c + pc + 1));
            if (!f || !pop(&b, &x) || x.kind != K_THIS) return false;
            bool wide = f->type == 'J';
            if (!value(&b, wide ? K_LONG : K_INT, wide ? VM_FOP_LDJ : VM_FOP_LDI, 0, 0, f->offset,
                       0))
                return false;
            len = 3;
            break;
        }
        case 0xb5: {                                                        /* putfield */
            if (pc + 2 >= n) return false;
            jfield *f = own_field(m, u2(c + pc + 1));
            bool wide = f && f->type == 'J';
            if (!f || !pop(&b, &y) || !pop(&b, &x) || x.kind != K_THIS ||
                y.kind != (wide ? K_LONG : K_INT))
                return false;
            int r = op(&b, wide ? VM_FOP_STJ : VM_FOP_STI, y.reg, 0, f->offset, 0);
            if (r < 0) return false;
            stored = true;
            peephole(&b, (uint32_t)r);
            len = 3;
            break;
        }
        case 0xb6: {                                                        /* invokevirtual */
            if (pc + 2 >= n) return false;
            uint16_t idx = u2(c + pc + 1);
            if (is_ref(cf, idx, "vif/Packet", "setDscp", "(I)Z")) {
                /* a marker: only with a code point known to be in range
                 * (no IllegalArgumentException), a field store from here
                 * on (no getter or guard after it: the program never
                 * answers 1 once it has written the packet) */
                if (!pop(&b, &y) || y.kind != K_INT || !pop(&b, &x) || x.kind != K_PKT ||
                    !dscp_known(out, y.reg) || !value(&b, K_INT, VM_FOP_SETDSCP, y.reg, 0, 0, 0))
                    return false;
                stored = true;
                len = 3;
                break;
            }
            if (!pop(&b, &x) || x.kind != K_PKT) return false;
            if (is_ref(cf, idx, "vif/Packet", "length", "()I")) {
                if (!value(&b, K_INT, VM_FOP_LEN, 0, 0, 0, 0)) return false;
            } else if (is_ref(cf, idx, "vif/Packet", "timestamp", "()J")) {
                if (!value(&b, K_LONG, VM_FOP_TS, 0, 0, 0, 0)) return false;
            } else if (is_ref(cf, idx, "vif/Packet", "dstPort", "()I") ||
                       is_ref(cf, idx, "vif/Packet", "srcPort", "()I") ||
                       is_ref(cf, idx, "vif/Packet", "ipProtocol", "()I")) {
                /* (a getter may leave the answer to the handler: before
                 * any store only) */
                const char *nm = NULL, *cl = NULL, *ds = NULL;
                cf_member_ref(cf, idx, &cl, &nm, &ds);
                uint8_t g = nm[0] == 'd' ? VM_FOP_DPORT : nm[0] == 's' ? VM_FOP_SPORT
                                                                       : VM_FOP_IPPROTO;
                if (stored || !value(&b, K_INT, g, 0, 0, 0, 0)) return false;
            } else {
                return false;
            }
            len = 3;
            break;
        }
        case 0x99: case 0x9a: case 0x9b: case 0x9c: case 0x9d: case 0x9e:   /* if<cond> */
        case 0x9f: case 0xa0: case 0xa1: case 0xa2: case 0xa3: case 0xa4: { /* if_icmp<cond> */
            /* a guard, before any store: `if (c) return;` (a branch over
             * a lone return: go on iff c) or a forward branch to a
             * return (go on iff not c); the operand stack empty after */
            if (pc + 3 >= n) return false;
            uint32_t cc = (uint32_t)(o - (o >= 0x9f ? 0x9f : 0x99));
            uint32_t t = (uint32_t)((int32_t)pc + (int16_t)u2(c + pc + 1));
            /* `c ? K2 : K1` of two int constants: `if<cond> T; K1; goto E;
             * T: K2; E:` - a SELECT (no guard: anywhere) */
            {
                int32_t k1 = 0, k2 = 0;
                uint32_t l1 = int_const(c, pc + 3, n, &k1), g = pc + 3 + l1;
                uint32_t l2 = l1 && g + 3 < n && c[g] == 0xa7 && t == g + 3
                                  ? int_const(c, t, n, &k2) : 0;
                if (l2 && (uint32_t)((int32_t)g + (int16_t)u2(c + g + 1)) == t + l2) {
                    if (o >= 0x9f) {
                        if (!pop(&b, &y) || !pop(&b, &x) || x.kind != K_INT || y.kind != K_INT)
                            return false;
                    } else {
                        if (!pop(&b, &x) || x.kind != K_INT) return false;
                        int z = op(&b, VM_FOP_CONST, 0, 0, 0, 0);
                        if (z < 0) return false;
                        y = (pv){ K_INT, (uint8_t)z };
                    }
                    if (!value(&b, K_INT, VM_FOP_SELECT, x.reg, y.reg, cc,
                               (int64_t)(((uint64_t)(uint32_t)k2 << 32) | (uint32_t)k1)))
                        return false;
                    len = t + l2 - pc;
                    break;
                }
            }
            if (stored) return false;
            if (o >= 0x9f) {
                if (!pop(&b, &y) || !pop(&b, &x) || x.kind != K_INT || y.kind != K_INT) return false;
            } else {
                if (!pop(&b, &x) || x.kind != K_INT) return false;
                int z = op(&b, VM_FOP_CONST, 0, 0, 0, 0);
                if (z < 0) return false;
                y = (pv){ K_INT, (uint8_t)z };
            }
            if (b.sp) return false;
            if (c[pc + 3] == 0xb1 && t == pc + 4) {
                len = 4;                      /* taken: on after the return */
            } else if (t > pc && t < n && c[t] == 0xb1) {
                cc ^= 1u;                     /* taken: the return */
                len = 3;
            } else {
                return false;
            }
            if (op(&b, VM_FOP_GUARD, x.reg, y.reg, 0, cc) < 0) return false;
            break;
        }
        case 0xb7:                                                          /* invokespecial */
            /* super.enqueue(p), then return, and nothing else left */
            if (pc + 3 >= n || c[pc + 3] != 0xb1 || b.sp != 2 || b.stack[0].kind != K_THIS ||
                b.stack[1].kind != K_PKT ||
                !is_ref(cf, u2(c + pc + 1), "vif/VIFlet", "enqueue", "(Lvif/Packet;)V"))
                return false;
            done = true;
            break;
        default:
            return false;
        }
        pc += len;
    }
    if (!done) return false;
    /* drop the operations the peephole emptied and those whose value no
     * store uses (a value popped, a local never read again) */
    vm_field_op *p = out->op;
    uint8_t map[VM_FIELD_PROG_MAX];
    bool live[VM_FIELD_PROG_MAX];
    for (uint32_t i = out->n; i-- > 0;)
        live[i] = is_store(p[i].op) || p[i].op == VM_FOP_GUARD || p[i].op == VM_FOP_SETDSCP;
    for (uint32_t i = out->n; i-- > 0;) {
        if (!live[i] || p[i].op == VM_FOP_NOP) continue;
        uint8_t k = p[i].op;
        if (uses_a(k)) live[p[i].a] = true;
        if (uses_b(k)) live[p[i].b] = true;
    }
    uint32_t w = 0;
    for (uint32_t i = 0; i < out->n; i++) {
        if (!live[i] || p[i].op == VM_FOP_NOP) continue;
        vm_field_op q = p[i];
        uint8_t k = q.op;
        if (uses_a(k)) q.a = map[q.a];
        if (uses_b(k)) q.b = map[q.b];
        if (k == VM_FOP_GUARD || (k >= VM_FOP_DPORT && k <= VM_FOP_IPPROTO) ||
            k == VM_FOP_SELECT || k == VM_FOP_SETDSCP)
            out->reads = true;
        if (k == VM_FOP_SETDSCP) out->writes = true;
        map[i] = (uint8_t)w;
        p[w++] = q;
    }
    out->n = w;
    /* a program that writes the packet never answers 1 (its host owns
     * the bytes before it runs, dp_pkt_own, and the handler's call must
     * not follow a write): no guard, no getter the C side may not know */
    if (out->writes)
        for (uint32_t i = 0; i < w; i++)
            if (p[i].op == VM_FOP_GUARD || p[i].op == VM_FOP_DPORT || p[i].op == VM_FOP_SPORT) {
                vm_memset(out, 0, sizeof *out);
                return false;
            }
    return true;
}

/* ---- the program as machine code (vm_field_prog_emit) ----------------------
 *
 * int32_t fn(vm_object *obj, int32_t len, int64_t ts, const vm_field_prog *,
 * const uint8_t *data): rdi the VIFlet, esi the packet's length, rdx its
 * time (System V; rcx and r8, the program and the bytes, not read: no
 * getter or guard here), eax 0.  Register i of the program
 * lives at [rsp + 8 i] (ints sign-extended, as the C evaluator keeps
 * them); rax and rcx are the scratch registers.  The counters' forms need
 * no frame:
 *
 *     ADDJ_K    add qword [rdi + off], k      (k a 32-bit immediate, else
 *                                              through rax)
 *     ADDI_K    add dword [rdi + off], k
 *     ADDJ_LEN  movsxd rax, esi; add rax, [rdi + off]; mov [rdi + off], rax
 *     ADDI_LEN  mov eax, [rdi + off]; add eax, esi; mov [rdi + off], eax
 */
typedef struct fp_gen { const vm_field_prog *p; uint32_t frame; } fp_gen;

#define SLOT(i) x86_m(X86_RSP, (int32_t)(8u * (uint32_t)(i)))

static void fp_ld(x86_buf *b, int r, uint8_t i) { x86_ld64(b, r, SLOT(i)); }
static void fp_st(x86_buf *b, uint32_t i, int r) { x86_st64(b, SLOT(i), r); }
static void fp_sx32(x86_buf *b, int r) { x86_movsxd_rr(b, r, r); }

static void fp_emit(x86_buf *b, void *ctx) {
    const fp_gen *g = ctx;
    const vm_field_prog *p = g->p;
    x86_endbr64(b);
    if (g->frame) x86_alu_ri64(b, X86_SUB, X86_RSP, (int32_t)g->frame);
    for (uint32_t i = 0; i < p->n; i++) {
        const vm_field_op *o = &p->op[i];
        x86_mem f = x86_m(X86_RDI, (int32_t)o->off);
        bool wide = false;
        enum x86_alu alu = X86_ADD;
        switch (o->op) {
        case VM_FOP_ADDJ_K:
            if (o->k >= INT32_MIN && o->k <= INT32_MAX) {
                x86_alu_mi64(b, X86_ADD, f, (int32_t)o->k);
            } else {
                x86_mov_imm(b, X86_RAX, o->k);
                x86_alu_rm64(b, X86_ADD, X86_RAX, f);
                x86_st64(b, f, X86_RAX);
            }
            continue;
        case VM_FOP_ADDI_K:
            x86_alu_mi32(b, X86_ADD, f, (int32_t)o->k);
            continue;
        case VM_FOP_ADDJ_LEN:
            x86_movsxd_rr(b, X86_RAX, X86_RSI);
            x86_alu_rm64(b, X86_ADD, X86_RAX, f);
            x86_st64(b, f, X86_RAX);
            continue;
        case VM_FOP_ADDI_LEN:
            x86_ld32(b, X86_RAX, f);
            x86_alu_rr32(b, X86_ADD, X86_RAX, X86_RSI);
            x86_st32(b, f, X86_RAX);
            continue;
        case VM_FOP_STI:
            fp_ld(b, X86_RAX, o->a);
            x86_st32(b, f, X86_RAX);
            continue;
        case VM_FOP_STJ:
            fp_ld(b, X86_RAX, o->a);
            x86_st64(b, f, X86_RAX);
            continue;
        case VM_FOP_CONST: x86_mov_imm(b, X86_RAX, o->k); break;
        case VM_FOP_LEN: x86_movsxd_rr(b, X86_RAX, X86_RSI); break;
        case VM_FOP_TS: x86_mov_rr64(b, X86_RAX, X86_RDX); break;
        case VM_FOP_LDI: x86_ld32sx(b, X86_RAX, f); break;
        case VM_FOP_LDJ: x86_ld64(b, X86_RAX, f); break;
        case VM_FOP_I2L: fp_ld(b, X86_RAX, o->a); break;
        case VM_FOP_L2I: fp_ld(b, X86_RAX, o->a); fp_sx32(b, X86_RAX); break;
        case VM_FOP_NEGI: fp_ld(b, X86_RAX, o->a); x86_neg32(b, X86_RAX); fp_sx32(b, X86_RAX); break;
        case VM_FOP_NEGJ: fp_ld(b, X86_RAX, o->a); x86_neg64(b, X86_RAX); break;
        case VM_FOP_MULI: case VM_FOP_MULJ:
            fp_ld(b, X86_RAX, o->a);
            fp_ld(b, X86_RCX, o->b);
            if (o->op == VM_FOP_MULJ) {
                x86_imul_rr64(b, X86_RAX, X86_RCX);
            } else {
                x86_imul_rr32(b, X86_RAX, X86_RCX);
                fp_sx32(b, X86_RAX);
            }
            break;
        case VM_FOP_ADDI: case VM_FOP_ADDJ: case VM_FOP_SUBI: case VM_FOP_SUBJ:
        case VM_FOP_ANDI: case VM_FOP_ANDJ: case VM_FOP_ORI: case VM_FOP_ORJ:
        case VM_FOP_XORI: case VM_FOP_XORJ:
            wide = ((o->op - VM_FOP_ADDI) & 1) != 0;
            alu = o->op <= VM_FOP_ADDJ ? X86_ADD : o->op <= VM_FOP_SUBJ ? X86_SUB
                : o->op <= VM_FOP_ANDJ ? X86_AND : o->op <= VM_FOP_ORJ ? X86_OR : X86_XOR;
            fp_ld(b, X86_RAX, o->a);
            x86_alu_rm64(b, alu, X86_RAX, SLOT(o->b));
            /* (and, or, xor keep two sign-extended ints sign-extended) */
            if (!wide && (alu == X86_ADD || alu == X86_SUB)) fp_sx32(b, X86_RAX);
            break;
        default:
            x86_fail(b, VM_ERR_INTERNAL);
            continue;
        }
        fp_st(b, i, X86_RAX);
    }
    if (g->frame) x86_alu_ri64(b, X86_ADD, X86_RSP, (int32_t)g->frame);
    x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);   /* 0: done */
    x86_ret(b);
}

vm_status vm_field_prog_emit(vm *vm, const vm_field_prog *p, const char *name,
                             vm_field_prog_fn *fn, uint32_t *bytes) {
    *fn = NULL;
    *bytes = 0;
    if (!p || p->n > VM_FIELD_PROG_MAX) return VM_ERR_ARG;
    if (p->reads) return VM_ERR_UNSUPPORTED;   /* (the C evaluator's) */
    /* a frame for the registers of the general forms (16-aligned: rsp is
     * 8 off at the entry, the frame keeps it so; no call is made) */
    bool frame = false;
    for (uint32_t i = 0; i < p->n; i++)
        frame |= p->op[i].op != VM_FOP_ADDJ_K && p->op[i].op != VM_FOP_ADDI_K &&
                 p->op[i].op != VM_FOP_ADDJ_LEN && p->op[i].op != VM_FOP_ADDI_LEN;
    fp_gen g = { p, frame ? 8u * VM_FIELD_PROG_MAX : 0u };
    x86_buf b;
    vm_status st = x86_init(&b, vm->plat, 1);
    if (st != VM_OK) return st;
    uint32_t size = 0;
    st = x86_assemble(&b, fp_emit, &g, &size);
    uint8_t *exec = NULL, *mem = st == VM_OK ? jit_code_alloc(vm, size, &exec) : NULL;
    if (st == VM_OK && !mem) st = VM_ERR_NOMEM;
    if (st == VM_OK) st = x86_finish(&b, mem, size, (uintptr_t)exec);
    uint32_t len = b.len;
    x86_free(&b);
    if (st == VM_OK) {
        jit_code_shrink(vm, mem, len);
        if (jit_code_seal(vm, mem) != 0) st = VM_ERR_INTERNAL;
    }
    if (st != VM_OK) return st;   /* (space in the code cache until vm_destroy) */
    *fn = (vm_field_prog_fn)(void *)exec;
    *bytes = len;
    if (vm->plat->code_emitted) vm->plat->code_emitted(vm->plat->ud, name ? name : "fused program",
                                                       exec, len);
    return VM_OK;
}
