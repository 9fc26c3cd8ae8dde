/* t2_dump.c - the tier-2 graph as text, for -Xjit:tier2,dump (stderr
 * through the platform's write): every block in reverse postorder with
 * its predecessors, immediate dominator and innermost loop, then its
 * values, one a line:
 *
 *   b3 pc 12 ctx 0 preds b1 b7 idom b1 loop b3
 *     v12 I phi v4 v19
 *     v13 I bin iadd v12 v9 @12
 *     v20 V if if_icmpge v13 v5 @17 -> b4 b5
 *
 * (@pc: the value's frame state, in inline context ctx when not 0).
 */
#include "t2_ir.h"
#include "../core/fmt.h"
#include "../core/mem.h"
#include "../interp/opcodes.h"

static const char *const op_names[T2_OP_COUNT] = {
    "nop", "param", "const", "phi", "bin", "un", "nullchk", "getfield", "putfield", "getstatic",
    "putstatic", "alen", "aload", "astore", "call", "new", "newarray", "checkcast", "instanceof",
    "tick", "init", "if", "goto", "switch", "ret", "throw",
};
_Static_assert(T2_OP_COUNT == 26, "op_names: one per t2_op");

typedef struct out { const vm_platform *p; char buf[512]; size_t n; } out;

static void flush(out *o) {
    if (o->n && o->p->write) o->p->write(o->p->ud, 2, o->buf, o->n);
    o->n = 0;
}

static void put(out *o, const char *s) {
    size_t l = vm_strlen(s);
    if (o->n + l >= sizeof o->buf) flush(o);
    if (l >= sizeof o->buf) l = sizeof o->buf - 1;
    vm_memcpy(o->buf + o->n, s, l);
    o->n += l;
}

void t2_dump(t2_graph *g) {
    out o = { .p = g->vm->plat };
    char t[160];
    const jmethod *m = g->m;
    vm_snprintf(t, sizeof t, "tier 2 graph of %s.%s%s:\n", m->owner ? m->owner->name : "?", m->name, m->desc);
    put(&o, t);
    for (uint32_t i = 0; i < g->n_order && g->order[i]; i++) {
        uint32_t b = g->order[i];
        const t2_blk *B = &g->blks[b];
        vm_snprintf(t, sizeof t, "b%u pc %u ctx %u preds", b, B->pc, B->ctx);
        put(&o, t);
        for (uint32_t k = 0; k < B->n_preds; k++) {
            vm_snprintf(t, sizeof t, " b%u", B->preds[k]);
            put(&o, t);
        }
        vm_snprintf(t, sizeof t, " idom b%u", B->idom);
        put(&o, t);
        if (B->loop) { vm_snprintf(t, sizeof t, " loop b%u", B->loop); put(&o, t); }
        put(&o, "\n");
        for (uint32_t v = B->first; v; v = g->vals[v].next) {
            const t2_val *x = &g->vals[v];
            vm_snprintf(t, sizeof t, "  v%u %c %s", v, x->ty ? x->ty : '?', x->op < T2_OP_COUNT ? op_names[x->op] : "?");
            put(&o, t);
            if (x->op == T2_BIN || x->op == T2_UN || x->op == T2_IF || x->op == T2_ALOAD ||
                x->op == T2_ASTORE || x->op == T2_CALL) {
                static const char *const xn[] = { "imin", "imax", "lmin", "lmax", "iabs", "labs", "dcmp", "fcmp", "bits", "icmp", "sel" };
                vm_snprintf(t, sizeof t, " %s", x->aux >= T2_X_IMIN ? xn[(x->aux - T2_X_IMIN) % 11] : interp_op_name[x->aux & 0xff]);
                put(&o, t);
            }
            if (x->op == T2_CONST || x->op == T2_PARAM) {
                vm_snprintf(t, sizeof t, " %lld", (long long)x->imm);
                put(&o, t);
            }
            if (x->op == T2_CALL && x->ref) {
                const jmethod *c = x->ref;
                vm_snprintf(t, sizeof t, " %s.%s", c->owner ? c->owner->name : "?", c->name);
                put(&o, t);
            } else if (x->op == T2_GETF || x->op == T2_PUTF || x->op == T2_GETS || x->op == T2_PUTS) {
                const jfield *f = x->ref;
                vm_snprintf(t, sizeof t, " %s", f->name);
                put(&o, t);
            } else if (x->op == T2_NEW || x->op == T2_INIT || x->op == T2_CHECKCAST || x->op == T2_INSTOF) {
                const jclass *k = x->ref;
                vm_snprintf(t, sizeof t, " %s", k->name);
                put(&o, t);
            }
            for (uint32_t k = 0; k < x->nargs; k++) {
                vm_snprintf(t, sizeof t, " v%u", t2_arg(g, v, k));
                put(&o, t);
            }
            if (x->flags & T2_F_INBOUNDS) put(&o, " inbounds");
            if (x->op != T2_PHI && x->op != T2_CONST && x->op != T2_PARAM) {
                if (x->ctx) vm_snprintf(t, sizeof t, " @%u/%u", x->ctx, x->pc);
                else vm_snprintf(t, sizeof t, " @%u", x->pc);
                put(&o, t);
            }
            if (v == B->last && B->n_succs) {
                put(&o, " ->");
                for (uint32_t k = 0; k < B->n_succs; k++) {
                    vm_snprintf(t, sizeof t, " b%u", B->succs[k]);
                    put(&o, t);
                }
            }
            put(&o, "\n");
        }
    }
    flush(&o);
}
