/* t2_build.c - bytecode to the tier-2 SSA graph (t2_ir.h).
 *
 * Per method (the compiled one and each inlined callee: an inline
 * context) the bytecode is split into basic blocks, which are walked in
 * reverse postorder with the values of every local and operand slot.  A
 * block with one forward predecessor starts from that predecessor's
 * values; any other block (a join, a loop header) gets a phi per slot,
 * filled once all of the context's blocks are built, and the phis that
 * turn out trivial (one value, or themselves) are replaced by t2_opt.c.
 * A long takes two slots as in the bytecode: its value in the first,
 * nothing (0) in the second, so the stack instructions (dup2, pop2, swap)
 * work on slots.  The operand depths come from the stack-map code
 * (stackmap_depths_only), and the reference-ness of every phi is checked
 * against the GC's stack map at its block (stackmap_at): tier 2 and the GC
 * must agree on which slots hold references.
 *
 * Ticks: a taken backward branch goes through an edge block holding one
 * T2_TICK (as the baseline: one tick per taken backward branch), every
 * invoke, inlined or not, ticks before it.
 *
 * Inlining (T2_O_INLINE): invokestatic, invokespecial and invokevirtual of
 * a private or final method (or of a final class), not native, not
 * synchronized, without exception handlers, inside the subset, up to
 * T2_INLINE_DEPTH levels: 35 bytecode bytes always, 325 at the first level
 * when the call is inside a loop of the caller (HotSpot's MaxInlineSize and
 * FreqInlineSize; there are no profiles yet), T2_INLINE_TOTAL bytes in
 * all.  With T2_O_COLD (-cold) a site of a method with loops is hot only
 * inside a loop, and not in one after the main loop (cold_ok).
 * With T2_O_HOTINL (-hotinl) the hot size also applies to every call
 * site of a method without loops (it runs each time the method does) and
 * to every call site inside a callee inlined at a hot site, at any depth;
 * with T2_O_MULTI (-multi) a callee may be inlined at several sites (the
 * test against recursion looks at the call's own callers only).  The
 * callee's blocks become the caller's, its returns jump to a
 * continuation block (a phi of the returned values).  An instance callee's
 * receiver gets a NULLCHK at the call site.  A callee whose constant-pool
 * entries are not all resolved yet, or which turns out to be outside the
 * subset, is rolled back (rollback) and called instead: tier 2 never loads
 * a class the baseline would not (the method's own entries were resolved
 * by the baseline's compile just before).
 *
 * Floats ('F') and doubles ('D', two slots like a long) are values like
 * the others; a constant's imm holds its bits.
 * t13: pure statics of the boxes (Long/Integer/Double/Float.compare, the
 * raw bit conversions) are values known by their entry's names
 * (pure_static); a library class without <clinit> may be inlined before
 * its initialization (init_unseen: Math.max(DD)); virtual and interface
 * calls inline behind exact-class tests of the initialized receiver
 * classes (gen_poly, T2_O_POLY); an inlined `throw new X(...)` leaves at
 * its new (T2_O_XLEAVE).
 * t16 (-libinl): a virtual or interface call's receiver has one class
 * when the value that made it says so (one_class: a `new`, a checkcast
 * to or a call declared to return a final library class, Long.valueOf's
 * Long), so getNode's key.hashCode() / key.equals(k) inline the box's
 * methods behind one class test (none for a `new` or a valueOf box);
 * a parameter no instruction stores to keeps its value through loops (no
 * phi); an inlined library callee's entries are resolved at the compile;
 * T2_INLINE_DEPTH is 6 (3 before), and the bytecode walked for inlining,
 * rolled back or not, is bounded (T2_INLINE_TRIED).  (-unbox) a box from
 * Integer/Long.valueOf is never null, its class exact, its value field
 * the argument (t2_box_of): its getfield, instanceof, checkcast fold.
 * Refused (VM_ERR_UNSUPPORTED, the method keeps the baseline's code):
 * exception handlers, monitors, invokedynamic with -indy (t2_indy.c),
 * multianewarray, ldc of a class or method handle, unresolvable entries.
 */
#include "t2_indy.h"
#include "t2_names.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../gc/stackmap.h"
#include "../interp/opcodes.h"
#include "../runtime/resolve.h"
#include "../runtime/classes.h"
#include "../runtime/rt_internal.h"

#define T2_INLINE_DEPTH 6
#define T2_INLINE_DEPTH_OLD 3
/* (vm->jit_tier2_off; jit_observe.c's ,-libinl) no receiver class from the
 * value (one_class), and T2_INLINE_DEPTH_OLD levels, as before t16 */
#define T2_LIBINL_OFF (1ull << 48)
#define T2_INLINE_SMALL 35u
#define T2_INLINE_HOT 325u
#define T2_INLINE_TOTAL 2000u
#define T2_INLINE_TRIED 6000u
#define T2_MAX_VALS 200000u
#define T2_LOOPS 16u

/* ---- growable arrays ---------------------------------------------------- */
static bool grow(const vm_platform *p, void **a, uint32_t *cap, uint32_t need, size_t el) {
    if (need <= *cap) return true;
    uint32_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > UINT32_MAX / 2) return false;
        nc *= 2;
    }
    void *na = vm_realloc(p, *a, (size_t)*cap * el, (size_t)nc * el);
    if (!na) return false;
    vm_memset((uint8_t *)na + (size_t)*cap * el, 0, (size_t)(nc - *cap) * el);
    *a = na;
    *cap = nc;
    return true;
}
#define GROW(g, arr, cap, need) grow((g)->vm->plat, (void **)&(arr), &(cap), (need), sizeof *(arr))

void t2_free(t2_graph *g) {
    const vm_platform *p = g->vm->plat;
    for (uint32_t b = 0; b < g->cap_blks; b++) {
        t2_blk *k = &g->blks[b];
        vm_free(p, k->preds, (size_t)k->cap_preds * sizeof *k->preds);
        vm_free(p, k->succs, (size_t)k->n_succs * sizeof *k->succs);
        vm_free(p, k->state, (size_t)k->n_state * sizeof *k->state);
    }
    vm_free(p, g->vals, (size_t)g->cap_vals * sizeof *g->vals);
    vm_free(p, g->blks, (size_t)g->cap_blks * sizeof *g->blks);
    vm_free(p, g->pool, (size_t)g->cap_pool * sizeof *g->pool);
    vm_free(p, g->ctxs, (size_t)g->cap_ctxs * sizeof *g->ctxs);
    vm_free(p, g->cases, (size_t)g->cap_cases * sizeof *g->cases);
    vm_free(p, g->order, (size_t)g->n_order * sizeof *g->order);
    vm_free(p, g->fss, (size_t)g->cap_fss * sizeof *g->fss);
    vm_free(p, g->reg, (size_t)g->cap_vals * sizeof *g->reg);
    vm_free(p, g->spill, (size_t)g->cap_vals * sizeof *g->spill);
    vm_free(p, g->csave, g->cap_vals);
    g->csave = NULL;
    vm_free(p, g->xsave, (size_t)g->cap_vals * sizeof *g->xsave);   /* (t2_ra.c) */
    g->xsave = NULL;
    g->fss = NULL; g->reg = NULL; g->spill = NULL; g->n_fss = g->cap_fss = 0;
    g->vals = NULL; g->blks = NULL; g->pool = NULL; g->ctxs = NULL; g->cases = NULL; g->order = NULL;
    g->cap_vals = g->cap_blks = g->cap_pool = g->cap_ctxs = g->cap_cases = g->n_order = 0;
}

/* a new value at the end of blk (0 when out of memory: callers check g->vals
 * through t2_build's status, oom is sticky) */
uint32_t t2_new_val(t2_graph *g, uint32_t blk, uint8_t op, char ty, uint32_t nargs) {
    if (g->n_vals == 0) g->n_vals = 1;
    if (g->n_vals >= T2_MAX_VALS || !GROW(g, g->vals, g->cap_vals, g->n_vals + 1) ||
        !GROW(g, g->pool, g->cap_pool, g->n_pool + nargs + 1))
        return 0;
    uint32_t v = g->n_vals++;
    t2_val *x = &g->vals[v];
    vm_memset(x, 0, sizeof *x);
    x->op = op;
    x->ty = ty;
    x->nargs = (uint16_t)nargs;
    x->args = g->n_pool;
    g->n_pool += nargs;
    x->blk = blk;
    if (blk) {
        t2_blk *b = &g->blks[blk];
        if (op == T2_PHI && b->first && g->vals[b->first].op != T2_PHI) {
            x->next = b->first;           /* phis first */
            b->first = v;
        } else if (op == T2_PHI && b->first) {
            uint32_t p = b->first;        /* after the last phi */
            while (g->vals[p].next && g->vals[g->vals[p].next].op == T2_PHI) p = g->vals[p].next;
            x->next = g->vals[p].next;
            g->vals[p].next = v;
            if (b->last == p) b->last = v;
        } else {
            if (b->last) g->vals[b->last].next = v;
            else b->first = v;
            b->last = v;
        }
    }
    return v;
}

bool t2_has_effect(const t2_val *v) {
    switch (v->op) {
    case T2_PUTF: case T2_PUTS: case T2_ASTORE: case T2_CALL: case T2_TICK: case T2_INIT:
    case T2_IF: case T2_GOTO: case T2_SWITCH: case T2_RET: case T2_THROW:
        return true;
    default:
        return t2_may_throw(v);
    }
}

bool t2_may_throw(const t2_val *v) {
    switch (v->op) {
    case T2_BIN:
        return v->aux == OP_idiv || v->aux == OP_irem || v->aux == OP_ldiv || v->aux == OP_lrem;
    case T2_NULLCHK: case T2_GETF: case T2_PUTF: case T2_ALEN: case T2_ALOAD: case T2_ASTORE:
    case T2_CALL: case T2_NEW: case T2_NEWARR: case T2_CHECKCAST: case T2_TICK: case T2_THROW: case T2_INIT:
    case T2_GETS: case T2_PUTS:  /* class initialization */
        return true;
    default:
        return false;
    }
}

/* ---- one inline context ---------------------------------------------- */
typedef struct bb {
    uint32_t start, end;       /* [start, end) */
    uint32_t n_pred;
    bool back;                 /* some predecessor does not come before it in RPO */
    bool seen;
    uint32_t ir;               /* its IR block */
    uint32_t rpo;
    uint32_t succ[2], n_succ;  /* (switches: decoded again) */
} bb;

typedef struct bctx {
    t2_graph *g;
    uint16_t ctx;
    jmethod *m;
    const uint8_t *code;
    uint32_t len, nl, ns;      /* locals, max stack */
    int32_t *depth;
    uint32_t *bb_at;           /* per pc: bb index + 1 when one starts there */
    bb *bbs;
    uint32_t n_bb, cap_bb;
    uint32_t *order, entry_bb; /* (entry_bb: bb 0, an OSR variant's its loop header's) */
    uint32_t *slots;           /* the walk's state: nl locals, then the stack */
    uint32_t sp;
    uint32_t cur;              /* the IR block being filled */
    /* inlined: returns jump to a continuation */
    bool inlined;
    uint32_t *rets, n_ret, cap_ret;  /* pairs: block, value */
    uint32_t loop_lo, loop_hi; /* pc range of the caller's loops (any backward branch) */
    /* T2_O_COLD: the loops (backward branches: target, branch pc; the
     * first T2_LOOPS of them, lp_over when there were more) and the main
     * loop (the one spanning the most bytecode, the first of equals) */
    uint32_t lp_t[T2_LOOPS], lp_b[T2_LOOPS], n_lp;
    bool lp_over;
    uint32_t main_lo, main_hi;
    uint32_t insn_sp;          /* sp at the start of the instruction being walked */
    uint32_t call_fs;          /* inlined: the caller's frame state at the call */
    bool hot;                  /* inlined at a hot call site (T2_O_HOTINL: its own call sites are hot) */
    vm_diag *d;
} bctx;

static inline uint16_t u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline int32_t s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
}

static uint32_t insn_len(const uint8_t *code, uint32_t pc, uint32_t len) {
    uint8_t op = code[pc];
    uint32_t n = interp_op_len[op];
    if (n) return n;
    if (op == OP_wide) return pc + 1 < len && code[pc + 1] == OP_iinc ? 6 : 4;
    uint32_t a = (pc + 4) & ~3u;
    if (a + 12 > len) return 0;
    if (op == OP_tableswitch) {
        int32_t lo = s4(code + a + 4), hi = s4(code + a + 8);
        if (hi < lo || (int64_t)hi - lo > 65535) return 0;
        return a + 12 + 4 * (uint32_t)(hi - lo + 1) - pc;
    }
    if (op == OP_lookupswitch) {
        int32_t n2 = s4(code + a + 4);
        if (n2 < 0 || n2 > 65535) return 0;
        return a + 8 + 8 * (uint32_t)n2 - pc;
    }
    return 0;
}

/* the subset: is the opcode one tier 2 translates */
static bool op_in_subset(uint8_t op) {
    switch (op) {
    case OP_monitorenter: case OP_monitorexit: case OP_multianewarray:
    case OP_jsr: case OP_jsr_w: case OP_ret:
        return false;
    default:
        return op <= OP_jsr_w && !(interp_op_flags[op] & (OPF_QUICK | OPF_ILLEGAL | OPF_FUSED));
    }
}

static char ty_of_desc(char c) {
    switch (c) {
    case 'J': return 'J';
    case 'L': case '[': return 'A';
    case 'V': return 'V';
    case 'F': return 'F';
    case 'D': return 'D';
    default: return 'I';
    }
}

/* add the edge a -> b (b's phis get an operand per predecessor, in order) */
static bool add_edge(t2_graph *g, uint32_t a, uint32_t b) {
    t2_blk *B = &g->blks[b];
    if (!GROW(g, B->preds, B->cap_preds, B->n_preds + 1)) return false;
    B->preds[B->n_preds++] = a;
    t2_blk *A = &g->blks[a];
    uint32_t *ns = vm_realloc(g->vm->plat, A->succs, (size_t)A->n_succs * sizeof *ns,
                              (size_t)(A->n_succs + 1) * sizeof *ns);
    if (!ns) return false;
    ns[A->n_succs++] = b;
    A->succs = ns;
    return true;
}

static uint32_t new_blk(t2_graph *g, uint16_t ctx, uint32_t pc) {
    if (g->n_blks == 0) g->n_blks = 1;
    if (!GROW(g, g->blks, g->cap_blks, g->n_blks + 1)) return 0;
    uint32_t b = g->n_blks++;
    g->blks[b].ctx = ctx;
    g->blks[b].pc = pc;
    return b;
}

static bool save_state(t2_graph *g, uint32_t blk, const uint32_t *slots, uint32_t n) {
    t2_blk *B = &g->blks[blk];
    if (B->state) return true;  /* (an edge block copies its source's) */
    B->state = vm_zalloc(g->vm->plat, (n ? n : 1) * sizeof *B->state);
    if (!B->state) return false;
    B->n_state = n ? n : 1;
    vm_memcpy(B->state, slots, n * sizeof *slots);
    return true;
}

#define OOM(c) vm_diagf((c)->d, VM_ERR_NOMEM, "tier 2: out of memory")
#define REFUSE(c, ...) vm_diagf((c)->d, VM_ERR_UNSUPPORTED, __VA_ARGS__)

/* a frame state: slots [0, n) of the walk at pc (t2_ir.h); 0 when out of memory */
static uint32_t new_fs(bctx *c, uint32_t pc, uint32_t n, uint32_t parent) {
    t2_graph *g = c->g;
    if (g->n_fss == 0) g->n_fss = 1;
    if (!GROW(g, g->fss, g->cap_fss, g->n_fss + 1) || !GROW(g, g->pool, g->cap_pool, g->n_pool + n + 1))
        return 0;
    uint32_t k = g->n_fss++;
    g->fss[k] = (t2_fstate){ .pc = pc, .ctx = c->ctx, .nl = c->nl, .n = n, .slots = g->n_pool,
                             .parent = parent };
    vm_memcpy(g->pool + g->n_pool, c->slots, n * sizeof *c->slots);
    g->n_pool += n;
    return k;
}

/* the values code may leave tier 2 at (t2_leaves_at) get a frame state */
static bool wants_fs(uint8_t op) {
    switch (op) {
    case T2_BIN: case T2_NULLCHK: case T2_GETF: case T2_PUTF: case T2_GETS: case T2_PUTS:
    case T2_ALEN: case T2_ALOAD: case T2_ASTORE: case T2_CALL: case T2_NEW: case T2_NEWARR:
    case T2_CHECKCAST: case T2_INSTOF: case T2_TICK: case T2_INIT: case T2_THROW:
        return true;
    default:
        return false;
    }
}

/* value creation in the current block, with the frame state */
static uint32_t emit(bctx *c, uint8_t op, char ty, uint32_t pc, uint32_t nargs) {
    uint32_t v = t2_new_val(c->g, c->cur, op, ty, nargs);
    if (v) {
        c->g->vals[v].pc = pc;
        c->g->vals[v].ctx = c->ctx;
        if (c->slots && wants_fs(op)) {
            uint32_t k = new_fs(c, pc, c->nl + c->insn_sp, c->call_fs);
            if (!k) return 0;
            c->g->vals[v].fs = k;
        }
    }
    return v;
}
static uint32_t emit1(bctx *c, uint8_t op, char ty, uint32_t pc, uint32_t a) {
    uint32_t v = emit(c, op, ty, pc, 1);
    if (v) t2_args(c->g, v)[0] = a;
    return v;
}
static uint32_t emit2(bctx *c, uint8_t op, char ty, uint32_t pc, uint32_t a, uint32_t b) {
    uint32_t v = emit(c, op, ty, pc, 2);
    if (v) { t2_args(c->g, v)[0] = a; t2_args(c->g, v)[1] = b; }
    return v;
}
static uint32_t iconst(bctx *c, uint32_t pc, char ty, int64_t k) {
    uint32_t v = emit(c, T2_CONST, ty, pc, 0);
    if (v) c->g->vals[v].imm = k;
    return v;
}

/* push / pop of whole values (a long or a ref or an int) */
static void push(bctx *c, uint32_t v, char ty) {
    c->slots[c->nl + c->sp++] = v;
    if (ty == 'J' || ty == 'D') c->slots[c->nl + c->sp++] = 0;
}
static uint32_t pop(bctx *c, char ty) {
    if (ty == 'J' || ty == 'D') c->sp--;
    return c->slots[c->nl + --c->sp];
}

static vm_status resolve(bctx *c, uint32_t pc, void **out) {
    vm *vm = c->g->vm;
    jclass *cls = c->m->owner;
    uint8_t op = c->code[pc];
    uint16_t idx = op == OP_ldc ? c->code[pc + 1] : u2(c->code + pc + 1);
    if (idx == 0 || idx >= cls->cf->cp_count) return REFUSE(c, "pc %u: bad constant-pool index", pc);
    void *cached = cls->cp_cache ? cls->cp_cache[idx] : NULL;
    vm_status st = VM_OK;
    /* an inlined callee's entries are taken once resolved (by its own
     * runs or compiles), or when they name a class already loaded and
     * linked (its members, itself: resolving loads nothing then; a method
     * compiled at its first call, main's loop, can inline callees that
     * have not run yet): resolving others here would load classes the
     * program may never load, which the sandbox's load quotas count */
    /* (not -nest) and when they name a class of the compiled method's
     * own nest (its top-level class and the classes nested in it): main,
     * compiled at its first call before anything ran, inlining a method
     * on LpmTrie$Node.  Resolving loads and links that class, as the
     * baseline's compile of a method does for each class its code names
     * (JVMS 5.4: eager resolution; an error still at the instruction:
     * such a callee is not inlined then); it initializes nothing */
    bool nest = !cached && c->ctx != 0 && !(vm->jit_tier2_off & T2_NEST_OFF) && t2_names_nest(c->g, cls, op, idx);
    /* (not -libinl) and any entry of a class of the library (a boot
     * class): resolving one loads and links classes of the library only,
     * which the load limits do not count, and runs no Java code (HashMap's
     * getNode naming HashMap$Node.hash, inlined into a method compiled
     * before its first get) */
    bool lib = !cached && c->ctx != 0 && cls->is_boot && op != OP_ldc && op != OP_ldc_w &&
               !(vm->jit_tier2_off & T2_LIBINL_OFF);
    /* (t21, not -libref) and an entry of a user class naming a member of
     * a class of the library, loaded or not (main, compiled at its first
     * call, inlining enqueue, whose q.size() names ArrayDeque before the
     * first ArrayDeque is made): as `lib`, it loads and links library
     * classes only */
    bool libref = !cached && c->ctx != 0 && !cls->is_boot && !(vm->jit_tier2_off & T2_LIBREF_OFF) &&
                  t2_names_library(vm, cls, op, idx);
    if (!cached && c->ctx != 0 && !nest && !lib && !libref && !((c->g->opts & T2_O_LINKED) && t2_names_linked(vm, cls, op, idx)))
        return c->g->missed = true, REFUSE(c, "pc %u: inlined %s: entry %u not resolved yet", pc, c->m->name, idx);
    const vm_platform *pl = vm->plat;
    int64_t t0 = !cached && pl->nanotime ? pl->nanotime(pl->ud) : 0;
    if (!cached) {
        switch (op) {
        case OP_getfield: case OP_putfield:
            st = rt_resolve_field(vm, cls, idx, false, (jfield **)&cached); break;
        case OP_getstatic: case OP_putstatic:
            st = rt_resolve_field(vm, cls, idx, true, (jfield **)&cached); break;
        case OP_invokestatic: case OP_invokespecial: case OP_invokevirtual: case OP_invokeinterface:
            st = rt_resolve_method(vm, cls, idx, (jmethod **)&cached); break;
        case OP_new: case OP_anewarray: case OP_checkcast: case OP_instanceof:
            st = rt_resolve_class(vm, cls, idx, (jclass **)&cached); break;
        case OP_ldc: case OP_ldc_w:
            st = rt_resolve_string(vm, cls, idx, (jobject **)&cached); break;
        default:
            return REFUSE(c, "pc %u: %s not resolvable here", pc, interp_op_name[op]);
        }
        int64_t t1 = pl->nanotime ? pl->nanotime(pl->ud) : 0;
        if (t1 > t0) c->g->resolve_ns += (uint64_t)(t1 - t0);
    }
    if (st != VM_OK || !cached) {
        vm->exception = NULL;  /* the baseline or the interpreter raises it if it runs */
        return REFUSE(c, "pc %u: %s: constant-pool entry %u does not resolve", pc, interp_op_name[op], idx);
    }
    *out = cached;
    return VM_OK;
}

static vm_status build_ctx(t2_graph *g, bctx *c, const uint32_t *args, uint32_t from);

/* The statically bound target of an invoke that tier 2 may inline, or NULL. */
/* does a loaded subclass of rm's class override rm (rt_table_each) */
typedef struct ovr { const jmethod *rm; bool found; } ovr;
static void find_override(vm *vm, jclass *k, void *ctx) {
    (void)vm;
    ovr *o = ctx;
    const jmethod *rm = o->rm;
    if (o->found || k == rm->owner || k->kind != KIND_INSTANCE || k->state < CLS_LINKED || k->state == CLS_ERROR ||
        !k->vtable || (uint32_t)rm->vtable_index >= k->vtable_len || k->vtable[rm->vtable_index] == rm)
        return;
    for (const jclass *s = k->super; s; s = s->super)
        if (s == rm->owner) { o->found = true; return; }
}

/* an invokevirtual of rm that may be overridden, but is not by any class
 * loaded now: inlined behind a guard (T2_O_GUARD: the receiver's class
 * dispatches to rm, else the code leaves at the invoke and the
 * interpreter calls what it selects; a class loaded later that overrides
 * rm makes the guard fail, never the code wrong) */
static bool guarded(t2_graph *g, const jmethod *rm) {
    if (!(g->opts & T2_O_GUARD) || rm->vtable_index < 0 || (rm->access & (ACC_PRIVATE | ACC_FINAL | ACC_STATIC)) ||
        (rm->owner->access & (ACC_FINAL | ACC_INTERFACE)) || rm->owner->kind != KIND_INSTANCE)
        return false;
    ovr o = { rm, false };
    rt_table_each(g->vm, find_override, &o);
    return !o.found;
}

/* T2_O_COLD: is a call site at pc of the method itself (depth 0, with
 * loops) hot, without profiles?  Only inside a loop (not merely between
 * two: the range loop_lo..loop_hi spans those too), and not in a loop
 * after the main loop (a drain or clean-up loop: `while (drain(64) > 0)`
 * after ClassifyEnqueue.run's packet loop).  HotSpot inlines a large
 * callee by its call site's frequency; a cold site keeps the small size,
 * so a second copy of a large callee there does not take registers from
 * the main loop's values (t2_ra.c has no interval splitting) */
/* (vm->jit_tier2_off; jit_observe.c's ,-after) */
#define T2_AFTER_OFF (1ull << 41)
static bool cold_ok(const bctx *c, uint32_t pc, const jmethod *t) {
    bool in_loop = c->lp_over;                /* (too many loops to tell) */
    for (uint32_t i = 0; i < c->n_lp && !in_loop; i++)
        if (pc >= c->lp_t[i] && pc <= c->lp_b[i]) in_loop = true;
    if (pc >= c->main_hi) {                   /* after the main loop */
        /* (not -after) the main loop is only the longest: a loop after
         * it may be the one that runs (LpmTrie's lookups after its route
         * inserts).  Such a site is hot unless the callee was inlined
         * before (in the main loop: ClassifyEnqueue's clean-up
         * `while (drain(64) > 0)` after its packet loop, whose second
         * copy took the main loop's registers) */
        if (!in_loop || (c->g->vm->jit_tier2_off & T2_AFTER_OFF)) return false;
        for (uint16_t k = 0; k < c->g->n_ctxs; k++)
            if (c->g->ctxs[k].m == t) return false;
        return true;
    }
    return in_loop;                           /* outside every loop: cold */
}

static bool target_ok(bctx *c, uint32_t pc, jmethod *t, bool *hot_out);

/* (T2_O_XLEAVE) the pc of the athrow that ends the straight run of code
 * from the `new` at p (`throw new X(...)`: no branch, return or switch
 * before it), or 0 */
static uint32_t throw_tail(const uint8_t *code, uint32_t len, uint32_t p) {
    for (uint32_t q = p; q < len;) {
        uint8_t o = code[q];
        if (o == OP_athrow) return q;
        if (interp_op_flags[o] & (OPF_BRANCH | OPF_RETURN)) return 0;
        uint32_t l = insn_len(code, q, len);
        if (!l) return 0;
        q += l;
    }
    return 0;
}
static uint32_t inline_depth(const t2_graph *g) {
    return (g->vm->jit_tier2_off & T2_LIBINL_OFF) ? T2_INLINE_DEPTH_OLD : T2_INLINE_DEPTH;
}
static jmethod *inline_target(bctx *c, uint32_t pc, jmethod *rm, bool *hot_out) {
    t2_graph *g = c->g;
    uint8_t op = c->code[pc];
    if (!(g->opts & T2_O_INLINE) || g->ctxs[c->ctx].depth >= inline_depth(g)) return NULL;
    jmethod *t = NULL;
    if (op == OP_invokestatic) {
        if (rm->owner->state != CLS_INITIALIZED && !t2_init_unseen(g, rm->owner)) return g->missed = true, NULL;
        t = rm;
    } else if (op == OP_invokespecial) {
        if ((rm->access & ACC_PRIVATE) || !vm_strcmp(rm->name, "<init>")) t = rm;
    } else if (op == OP_invokevirtual) {
        if ((rm->access & (ACC_PRIVATE | ACC_FINAL)) || (rm->owner->access & ACC_FINAL)) t = rm;
        else if (guarded(g, rm)) t = rm;  /* behind a dispatch guard (gen_invoke) */
    }
    return target_ok(c, pc, t, hot_out) ? t : NULL;
}

/* may t be inlined at pc (its size by the site's heat, its code) */
static bool target_ok(bctx *c, uint32_t pc, jmethod *t, bool *hot_out) {
    t2_graph *g = c->g;
    if (!t || !t->code || t->native || (t->access & (ACC_NATIVE | ACC_ABSTRACT | ACC_SYNCHRONIZED)))
        return false;
    if (t->code->n_exceptions) return false;
    /* recursion: t among the contexts this call is inlined in (the
     * method, its callers; not the other sites where t was inlined) */
    for (uint16_t k = c->ctx;; k = g->ctxs[k].parent) {
        if (g->ctxs[k].m == t) return false;
        if (k == 0) break;
    }
    if (!(g->opts & T2_O_MULTI))  /* (-multi: as before t8, once per method) */
        for (uint16_t k = 0; k < g->n_ctxs; k++)
            if (g->ctxs[k].m == t) return false;
    uint32_t len = t->code->code_len;
    bool hot = g->ctxs[c->ctx].depth == 0 && pc >= c->loop_lo && pc < c->loop_hi;
    if (hot && (g->opts & T2_O_COLD) && !cold_ok(c, pc, t)) hot = false;
    if (g->opts & T2_O_HOTINL) {
        /* a method without loops runs each of its call sites each time it
         * runs (and it is compiled: "hot"); a callee inlined at a hot site
         * runs as often as that site: its own sites are hot too */
        if (g->ctxs[c->ctx].depth == 0 && c->loop_hi == 0) hot = true;
        if (c->inlined && c->hot) hot = true;
    }
    *hot_out = hot;
    if (len > (hot ? T2_INLINE_HOT : T2_INLINE_SMALL)) return false;
    if (g->n.inlined_bytes + len > T2_INLINE_TOTAL) return false;
    /* (not -libinl) the bytecode walked for inlining, kept or rolled back,
     * is bounded too: a site tried again without a target that failed, at
     * every level of 6, could take the compile to tens of milliseconds */
    if (!(g->vm->jit_tier2_off & T2_LIBINL_OFF) && g->tried_bytes + len > T2_INLINE_TRIED) return false;
    bool has_ret = false;
    for (uint32_t p = 0; p < len;) {
        uint8_t o = t->code->code[p];
        if (!op_in_subset(o)) return false;
        /* the code generator takes no call or array allocation inside
         * an inlined callee (t2_codegen.c, check_val), nor a `new` with
         * -inlnew (b17): when code is
         * to be generated, such a callee stays a call, rather than keeping its
         * caller off tier 2 (graph only, -codegen: inlined as before).
         * An invoke in the callee may still be inlined or an intrinsic:
         * one that is not refuses (gen_invoke), and this inlining is
         * rolled back */
        if (o == OP_new && (g->opts & T2_O_XLEAVE) && !(g->vm->jit_tier2_off & T2_NOCODE)) {
            /* an exception thrown: the code leaves at its new (walk_bb) */
            uint32_t at = throw_tail(t->code->code, len, p);
            if (at) { p = at + 1; continue; }
        }
        if (!(g->vm->jit_tier2_off & T2_NOCODE)) switch (o) {
        case OP_new:   /* (b17, not -inlnew: t2_rt_framed) */
            if (t2_inlnew_on(g->vm)) break;
            return false;
        case OP_invokedynamic:
        case OP_newarray: case OP_anewarray: case OP_multianewarray:
            return false;
        default:
            break;
        }
        if (interp_op_flags[o] & OPF_RETURN) has_ret = true;
        uint32_t l = insn_len(t->code->code, p, len);
        if (!l) return false;
        p += l;
    }
    return has_ret;
}

/* Undo a failed inlining: the graph back to its sizes before it (values,
 * blocks, operands, contexts, cases), the caller's block `from` without
 * what the callee added (its goto, its edge, its entry state). */
typedef struct t2_snap { uint32_t vals, blks, pool, ctxs, cases, inlined, inlined_bytes; bool had_state; uint32_t fss; } t2_snap;

static bool rollback(t2_graph *g, const t2_snap *s, uint32_t from) {
    const vm_platform *p = g->vm->plat;
    for (uint32_t b = s->blks; b < g->n_blks; b++) {
        t2_blk *k = &g->blks[b];
        vm_free(p, k->preds, (size_t)k->cap_preds * sizeof *k->preds);
        vm_free(p, k->succs, (size_t)k->n_succs * sizeof *k->succs);
        vm_free(p, k->state, (size_t)k->n_state * sizeof *k->state);
        vm_memset(k, 0, sizeof *k);
    }
    t2_blk *F = &g->blks[from];
    uint32_t prev = 0;
    for (uint32_t v = F->first; v; v = g->vals[v].next) {
        if (v >= s->vals) {
            if (prev) g->vals[prev].next = 0;
            else F->first = 0;
            F->last = prev;
            break;
        }
        prev = v;
    }
    uint32_t ns = F->n_succs;
    while (ns && F->succs[ns - 1] >= s->blks) ns--;
    if (ns != F->n_succs) {  /* (the allocation is always n_succs long) */
        uint32_t *nsu = NULL;
        if (ns) {
            nsu = vm_zalloc(p, (size_t)ns * sizeof *nsu);
            if (!nsu) return false;
            vm_memcpy(nsu, F->succs, (size_t)ns * sizeof *nsu);
        }
        vm_free(p, F->succs, (size_t)F->n_succs * sizeof *F->succs);
        F->succs = nsu;
        F->n_succs = ns;
    }
    if (!s->had_state && F->state) {
        vm_free(p, F->state, (size_t)F->n_state * sizeof *F->state);
        F->state = NULL;
        F->n_state = 0;
    }
    g->n_vals = s->vals;
    g->n_blks = s->blks;
    g->n_pool = s->pool;
    g->n_ctxs = s->ctxs;
    g->n_cases = s->cases;
    g->n_fss = s->fss;
    g->n.inlined = s->inlined;
    g->n.inlined_bytes = s->inlined_bytes;
    return true;
}

/* java.lang.Math's int and long min, max and abs: T2_X_*, or 0.  Math
 * initialized, or linked without a <clinit> (the library's has none: its
 * constants are ConstantValue attributes), under an initialized Object:
 * then initializing it is unobservable, and the interpreter still does
 * when it runs an invokestatic of Math */
static uint16_t intrinsic(const t2_graph *g, jmethod *rm) {
    (void)g;
    jclass *o = rm->owner;
    if (!o || !o->is_boot || vm_strcmp(o->name, "java/lang/Math") != 0) return 0;
    if (o->state != CLS_INITIALIZED &&
        (o->state != CLS_LINKED || !o->super || o->super->state != CLS_INITIALIZED ||
         rt_find_declared_method(o, "<clinit>", "()V")))
        return 0;
    static const struct { const char *name, *desc; uint16_t x; } tab[] = {
        { "min", "(II)I", T2_X_IMIN }, { "max", "(II)I", T2_X_IMAX }, { "min", "(JJ)J", T2_X_LMIN },
        { "max", "(JJ)J", T2_X_LMAX }, { "abs", "(I)I", T2_X_IABS }, { "abs", "(J)J", T2_X_LABS },
    };
    for (uint32_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (!vm_strcmp(rm->name, tab[i].name) && !vm_strcmp(rm->desc, tab[i].desc)) return tab[i].x;
    return 0;
}

/* Pure static methods of java.lang's boxes, known by the names an
 * invokestatic's entry gives (resolved or not: nothing about them can be
 * seen but the result, so neither resolving their class nor initializing
 * it matters, and a callee inlined before its first run, WfqScheduler's
 * compareTo into its bridge, keeps them): Long.compare as an lcmp,
 * Integer.compare (T2_X_ICMP); with T2_O_FP Double.compare and
 * Float.compare (T2_X_DCMP / FCMP: ucomisd, then the bits), the raw bit
 * conversions (T2_X_BITS: the same bits).  *nslots: the arguments' slots,
 * *rty: the result's type; 0 if none. */
static uint16_t pure_static(const bctx *c, uint32_t pc, uint32_t *nslots, char *rty) {
    const t2_graph *g = c->g;
    const jclass *cls = c->m->owner;
    uint16_t idx = u2(c->code + pc + 1);
    if (!(g->opts & T2_O_INTR) || c->code[pc] != OP_invokestatic || idx == 0 || idx >= cls->cf->cp_count ||
        cls->cf->cp[idx].tag != CP_METHODREF)
        return 0;
    const char *cn = NULL, *nm = NULL, *ds = NULL;
    cf_member_ref(cls->cf, idx, &cn, &nm, &ds);
    if (!cn || !nm || !ds || vm_strncmp(cn, "java/lang/", 10) != 0) return 0;
    static const struct { const char *cls, *name, *desc; uint16_t x; uint8_t slots; bool fp; } tab[] = {
        { "Long", "compare", "(JJ)I", OP_lcmp, 4, false }, { "Integer", "compare", "(II)I", T2_X_ICMP, 2, false },
        { "Double", "compare", "(DD)I", T2_X_DCMP, 4, true }, { "Float", "compare", "(FF)I", T2_X_FCMP, 2, true },
        { "Double", "doubleToRawLongBits", "(D)J", T2_X_BITS, 2, true },
        { "Double", "longBitsToDouble", "(J)D", T2_X_BITS, 2, true },
        { "Float", "floatToRawIntBits", "(F)I", T2_X_BITS, 1, true },
        { "Float", "intBitsToFloat", "(I)F", T2_X_BITS, 1, true },
        /* Math's int and long min, max, abs (as intrinsic() once resolved):
         * a callee compiled before Math's first use (TokenShaper's refill
         * inlined into main, compiled at its first call) keeps them */
        { "Math", "min", "(II)I", T2_X_IMIN, 2, false }, { "Math", "max", "(II)I", T2_X_IMAX, 2, false },
        { "Math", "min", "(JJ)J", T2_X_LMIN, 4, false }, { "Math", "max", "(JJ)J", T2_X_LMAX, 4, false },
        { "Math", "abs", "(I)I", T2_X_IABS, 1, false }, { "Math", "abs", "(J)J", T2_X_LABS, 2, false },
    };
    for (uint32_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        if (vm_strcmp(cn + 10, tab[i].cls) || vm_strcmp(nm, tab[i].name) || vm_strcmp(ds, tab[i].desc)) continue;
        if (tab[i].fp && !(g->opts & T2_O_FP)) return 0;
        *nslots = tab[i].slots;
        *rty = ty_of_desc(ds[vm_strlen(ds) - 1]);
        return tab[i].x;
    }
    return 0;
}

/* ---- T2_O_POLY: virtual and interface calls by their receivers' classes --
 * Every class that a virtual or interface call's receiver may have now
 * (instantiable, assignable to the method's class, initialized: a class
 * has no instance before its initialization starts), when there
 * are at most T2_POLY_MAX of them and each one's target can be inlined:
 * after the receiver's null check, a test of the receiver's exact class
 * per class (T2_INSTOF_EXACT), each jumping to its target inlined (one
 * copy per target), and where none matches (a class loaded later) the
 * call as before (the method itself), or, inside an inlined method (no
 * calls there), leaving tier 2 at the invoke (T2_THROW_LEAVE), where the
 * interpreter dispatches.  Without profiles the classes loaded at the
 * compile stand for them: AclMatch's Rule.matches (4 classes), javac's
 * bridge compareTo(Object) of a final class (1).  Anything refused on
 * the way rolls the whole site back to the ordinary call. */
#define T2_POLY_MAX 4u
typedef struct polyrx {
    jmethod *rm;
    bool iface, over;
    jclass *k[T2_POLY_MAX];
    jmethod *t[T2_POLY_MAX];
    uint32_t n;
} polyrx;
/* The class a virtual or interface call's receiver v has when it is not
 * null, as far as the graph says: a `new`'s, or a final class of the
 * library named by a checkcast or by the declared result of the call that
 * made v (Long.valueOf's Long, which HashMap.getNode's key.hashCode() and
 * key.equals(k) then dispatch on), or the one such class of every operand
 * of a phi; NULL if none.  Only a guess for the final classes (gen_poly1
 * still tests the exact class: a wrong one leaves or calls). */
static jclass *one_class(t2_graph *g, uint32_t v, uint32_t depth) {
    v = t2_find(g, v);
    if (!v || depth > 4) return NULL;
    const t2_val *x = &g->vals[v];
    jclass *k = NULL;
    if (x->op == T2_NEW) return x->ref;
    if (x->op == T2_PHI && t2_box_of(g, v, &k)) return k;   /* (b17) an inlined valueOf's box */
    if (x->op == T2_CHECKCAST) {
        k = x->ref;
    } else if (x->op == T2_CALL) {
        const jmethod *cm = x->ref;
        const char *r = cm && cm->desc ? cm->desc : NULL;
        while (r && *r && *r != ')') r++;
        if (!r || r[0] != ')' || r[1] != 'L') return NULL;
        size_t n = 0;
        while (r[2 + n] && r[2 + n] != ';') n++;
        k = rt_table_lookup(g->vm, r + 2, n);
    } else if (x->op == T2_PHI) {
        for (uint32_t i = 0; i < x->nargs; i++) {
            uint32_t a = t2_find(g, t2_arg(g, v, i));
            if (a == v) continue;
            jclass *ak = g->vals[a].op == T2_CONST && !g->vals[a].ref ? NULL : one_class(g, a, depth + 1);
            if (g->vals[a].op == T2_CONST && !g->vals[a].ref) continue;   /* null */
            if (!ak || (k && ak != k)) return NULL;
            k = ak;
        }
        return k;
    }
    if (!k || !k->is_boot || !(k->access & ACC_FINAL) || k->kind != KIND_INSTANCE) return NULL;
    return k;
}

static void poly_each(vm *vm, jclass *k, void *ctx) {
    (void)vm;
    polyrx *p = ctx;
    if (p->over || k->kind != KIND_INSTANCE || k->state < CLS_INITIALIZING || k->state == CLS_ERROR ||
        (k->access & (ACC_ABSTRACT | ACC_INTERFACE)) || !rt_is_assignable(k, p->rm->owner))
        return;
    jmethod *t = p->iface ? rt_dispatch_interface(k, p->rm) : rt_dispatch_virtual(k, p->rm);
    if (p->n == T2_POLY_MAX || !t) { p->over = true; return; }
    p->k[p->n] = k;
    p->t[p->n] = t;
    p->n++;
}

static uint32_t call_args(const jmethod *rm, const uint32_t *argslots, uint32_t nslots, uint32_t *out) {
    return t2_desc_args(!(rm->access & ACC_STATIC), rm->desc, argslots, nslots, out);
}

/* the ordinary call of rm (the arguments on the walk's stack above sp) */
static uint32_t emit_call(bctx *c, uint32_t pc, jmethod *rm, uint32_t nslots, char rty) {
    t2_graph *g = c->g;
    const uint32_t *argslots = c->slots + c->nl + c->sp;
    uint32_t v = emit(c, T2_CALL, rty, pc, call_args(rm, argslots, nslots, NULL));
    if (!v) return 0;
    /* operands: the arguments */
    call_args(rm, argslots, nslots, t2_args(g, v));
    g->vals[v].ref = rm;
    g->vals[v].aux = c->code[pc];
    return v;
}

static vm_status gen_poly1(bctx *c, uint32_t pc, jmethod *rm, uint32_t nslots, char rty, bool *done,
                           jmethod **excl, uint32_t *n_excl);
/* a target whose inlining fails (AllOf.matches, whose own interface call
 * stays a call) is left to the call, and the site tried again without it */
static vm_status gen_poly(bctx *c, uint32_t pc, jmethod *rm, uint32_t nslots, char rty, bool *done) {
    jmethod *excl[T2_POLY_MAX];
    uint32_t n_excl = 0;
    for (;;) {
        uint32_t before = n_excl;
        vm_status st = gen_poly1(c, pc, rm, nslots, rty, done, excl, &n_excl);
        if (st != VM_OK || *done || n_excl == before) return st;
    }
}

/* (noinline: its frame stays off gen_invoke's, which recurses once per
 * inlining level on the VM's own stack in the kernel) */
static __attribute__((noinline)) vm_status gen_poly1(bctx *c, uint32_t pc, jmethod *rm, uint32_t nslots, char rty,
                                                     bool *done, jmethod **excl, uint32_t *n_excl) {
    t2_graph *g = c->g;
    const vm_platform *pl = g->vm->plat;
    uint8_t op = c->code[pc];
    *done = false;
    if (!(g->opts & T2_O_POLY) || !(g->opts & T2_O_INLINE) || g->ctxs[c->ctx].depth >= inline_depth(g) ||
        (op != OP_invokevirtual && op != OP_invokeinterface) || (rm->access & (ACC_STATIC | ACC_PRIVATE)) || !nslots)
        return VM_OK;
    polyrx P = { .rm = rm, .iface = op == OP_invokeinterface };
    uint32_t rv0 = c->slots[c->nl + c->sp];
    jclass *one = (g->vm->jit_tier2_off & T2_LIBINL_OFF) ? NULL : one_class(g, rv0, 0);
    /* a receiver whose class is certain and which is never null (a `new`'s,
     * a box from valueOf): no null check, no class test, no miss path */
    bool sure = false;
    if (one && !(g->vm->jit_tier2_off & T2_LIBINL_OFF)) {
        jclass *bk = NULL;
        sure = g->vals[t2_find(g, rv0)].op == T2_NEW || (t2_box_of(g, rv0, &bk) && bk == one);
    }
    if (one && one->state >= CLS_LINKED && one->state != CLS_ERROR && one->vtable &&
        !(one->access & (ACC_ABSTRACT | ACC_INTERFACE)) && rt_is_assignable(one, rm->owner) &&
        (P.t[0] = P.iface ? rt_dispatch_interface(one, rm) : rt_dispatch_virtual(one, rm))) {
        /* the receiver's one class: its target only (Object.hashCode has
         * more than T2_POLY_MAX receiver classes) */
        P.k[0] = one;
        P.n = 1;
    } else {
        rt_table_each(g->vm, poly_each, &P);
        sure = false;
    }
    if (P.n == 0) g->missed = true;
    if (P.over || P.n == 0) return VM_OK;
    bool hot = false, code = !(g->vm->jit_tier2_off & T2_NOCODE);
    /* a class whose target cannot be inlined (AllOf.matches inside
     * itself) takes the call where there is one, else nothing is done */
    uint32_t kept = 0;
    for (uint32_t i = 0; i < P.n; i++) {
        bool ex = false;
        for (uint32_t e = 0; e < *n_excl; e++) ex |= excl[e] == P.t[i];
        if (!ex && target_ok(c, pc, P.t[i], &hot)) { P.k[kept] = P.k[i]; P.t[kept++] = P.t[i]; }
        else if (c->ctx != 0 && code) return VM_OK;
    }
    if (!kept) return VM_OK;
    P.n = kept;
    const uint32_t *argslots = c->slots + c->nl + c->sp;
    uint32_t recv = argslots[0];
    t2_snap snap = { g->n_vals, g->n_blks, g->n_pool, g->n_ctxs, g->n_cases, g->n.inlined,
                     g->n.inlined_bytes, g->blks[c->cur].state != NULL, g->n_fss };
    uint32_t from = c->cur;
    vm_status st = VM_OK;
    uint32_t *vals = NULL, n_vals = 0, cap_vals = 0;
    uint32_t *saved = vm_zalloc(pl, (nslots + 1) * sizeof *saved);
    if (!saved) return OOM(c);
    vm_memcpy(saved, argslots, nslots * sizeof *saved);
    jmethod *tg[T2_POLY_MAX];
    uint32_t nt = 0, which[T2_POLY_MAX], body[T2_POLY_MAX];
    for (uint32_t i = 0; i < P.n; i++) {
        uint32_t j = 0;
        while (j < nt && tg[j] != P.t[i]) j++;
        if (j == nt) tg[nt++] = P.t[i];
        which[i] = j;
    }
    if (!sure && !emit1(c, T2_NULLCHK, 'V', pc, recv)) { st = OOM(c); goto out; }
    for (uint32_t j = 0; j < nt; j++)
        if (!(body[j] = new_blk(g, c->ctx, pc))) { st = OOM(c); goto out; }
    uint32_t test = c->cur;
    if (sure && (!emit(c, T2_GOTO, 'V', pc, 0) || !add_edge(g, test, body[0]))) { st = OOM(c); goto out; }
    for (uint32_t i = 0; i < P.n && !sure; i++) {
        c->cur = test;
        uint32_t io = emit1(c, T2_INSTOF, 'I', pc, recv);
        uint32_t nx = io ? new_blk(g, c->ctx, pc) : 0;
        uint32_t iff = nx ? emit1(c, T2_IF, 'V', pc, io) : 0;
        if (!iff || !add_edge(g, test, body[which[i]]) || !add_edge(g, test, nx)) { st = OOM(c); goto out; }
        g->vals[io].ref = P.k[i];
        g->vals[io].aux = T2_INSTOF_EXACT;
        g->vals[io].flags |= T2_F_SAFE;
        g->vals[iff].aux = OP_ifne;
        test = nx;
    }
    uint32_t kb = new_blk(g, c->ctx, pc);
    if (!kb) { st = OOM(c); goto out; }
    jmethod *failed = NULL;
    for (uint32_t j = 0; j < nt && st == VM_OK; j++) {
        jmethod *t = tg[j];
        failed = t;
        if (!target_ok(c, pc, t, &hot)) { st = REFUSE(c, "pc %u: %s over the inlining budget", pc, t->name); break; }
        uint32_t cfs = new_fs(c, pc, c->nl + c->sp, c->call_fs);
        if (!cfs || !GROW(g, g->ctxs, g->cap_ctxs, g->n_ctxs + 1)) { st = OOM(c); break; }
        uint16_t k = (uint16_t)g->n_ctxs++;
        g->ctxs[k] = (t2_ctx){ .m = t, .parent = c->ctx, .call_pc = pc, .depth = (uint8_t)(g->ctxs[c->ctx].depth + 1) };
        g->n.inlined++;
        g->n.inlined_bytes += t->code->code_len;
        g->tried_bytes += t->code->code_len;
        uint32_t first = g->n_vals;
        bctx cc = { .g = g, .ctx = k, .m = t, .inlined = true, .d = c->d, .call_fs = cfs, .hot = hot };
        st = build_ctx(g, &cc, saved, body[j]);
        if (st == VM_OK && cc.n_ret == 0) st = REFUSE(c, "pc %u: inlined %s never returns", pc, t->name);
        for (uint32_t w = first; st == VM_OK && w < g->n_vals && code; w++)
            if (g->vals[w].op != T2_NOP && g->vals[w].op != T2_PHI) st = t2_cg_check_val(g, w, c->d);
        for (uint32_t i = 0; st == VM_OK && i < cc.n_ret; i++) {
            if (!add_edge(g, cc.rets[2 * i], kb) || !GROW(g, vals, cap_vals, n_vals + 1)) { st = OOM(c); break; }
            vals[n_vals++] = cc.rets[2 * i + 1];
        }
        vm_free(pl, cc.rets, (size_t)cc.cap_ret * sizeof *cc.rets);
    }
    if (st != VM_OK) {
        /* at the method itself, try again with that target left to the call */
        if (st == VM_ERR_UNSUPPORTED && (c->ctx == 0 || !code) && *n_excl < T2_POLY_MAX) excl[(*n_excl)++] = failed;
        goto out;
    }
    /* no class matched: the call (the method itself), or leave */
    c->cur = test;
    if (sure) {
        /* (no miss path) */
    } else if (c->ctx == 0 || !code) {
        uint32_t cv = emit_call(c, pc, rm, nslots, rty);
        if (!cv || !emit(c, T2_GOTO, 'V', pc, 0) || !add_edge(g, test, kb) || !GROW(g, vals, cap_vals, n_vals + 1)) {
            st = OOM(c);
            goto out;
        }
        vals[n_vals++] = cv;
    } else {
        uint32_t th = emit1(c, T2_THROW, 'V', pc, recv);
        if (!th) { st = OOM(c); goto out; }
        g->vals[th].aux = T2_THROW_LEAVE;
    }
    uint32_t rv = 0;
    if (rty != 'V') {
        if (n_vals == 1) {
            rv = vals[0];
        } else {
            rv = t2_new_val(g, kb, T2_PHI, rty, n_vals);
            if (!rv) { st = OOM(c); goto out; }
            for (uint32_t i = 0; i < n_vals; i++) t2_args(g, rv)[i] = vals[i];
        }
    }
    c->cur = kb;
    if (rty != 'V') push(c, rv, rty);
    *done = true;
out:
    vm_free(pl, saved, (nslots + 1) * sizeof *saved);
    vm_free(pl, vals, (size_t)cap_vals * sizeof *vals);
    if (st == VM_ERR_UNSUPPORTED) {
        if ((g->vm->jit_tier2_off & T2_DUMP) && pl->write) {
            char line[240];
            vm_snprintf(line, sizeof line, "tier 2: %s.%s not inlined by receiver class at pc %u: %s\n",
                        rm->owner ? rm->owner->name : "?", rm->name, pc, c->d->buf);
            pl->write(pl->ud, 2, line, vm_strlen(line));
        }
        if (!rollback(g, &snap, from)) return OOM(c);
        c->cur = from;
        c->d->buf[0] = '\0';
        return VM_OK;
    }
    if (st != VM_OK && !rollback(g, &snap, from)) return OOM(c);
    if (st != VM_OK) c->cur = from;
    return st;
}

static uint32_t bb_succs(bctx *c, uint32_t k, uint32_t *out, uint32_t cap);

/* (t21, not -icall) may the call at pc of an inlined callee stay a call
 * there (t2_codegen.c writes the inlined frames and calls on top of them,
 * t2_rt_framed_invoke): only one on a rare path, as far as the bytecode
 * says without a profile - some path from the callee's entry to a return
 * avoids its block, and the block is on no cycle (ArrayDeque.addLast's
 * growFull, HashMap's resize).  A call every run of the callee makes
 * keeps the callee a call, as before: a framed call costs more than an
 * ordinary one; so does a recursive call (rm one of the methods this call
 * is inlined in: a tree's count(left) + count(right) is not rare).
 * Switches with more than 63 targets count as no path. */
static bool rare_call(bctx *c, uint32_t pc, const jmethod *rm) {
    for (uint16_t q = c->ctx;; q = c->g->ctxs[q].parent) {
        if (c->g->ctxs[q].m == rm) return false;
        if (q == 0) break;
    }
    uint32_t n = c->n_bb, k = n;
    for (uint32_t i = 0; i < n; i++)
        if (c->bbs[i].start <= pc && pc < c->bbs[i].end) { k = i; break; }
    if (k == n || k == 0) return false;
    uint8_t *mark = vm_zalloc(c->g->vm->plat, n);
    uint32_t *wl = vm_zalloc(c->g->vm->plat, (size_t)n * sizeof *wl);
    bool avoid = false, cyc = false;
    if (mark && wl) {
        /* bit 1: reached from the entry without passing block k */
        uint32_t top = 0, t[64];
        mark[0] = 1;
        wl[top++] = 0;
        while (top && !avoid) {
            uint32_t b = wl[--top], s = bb_succs(c, b, t, 64);
            if (s == 0) {
                uint32_t q = c->bbs[b].start, last = q;
                while (q < c->bbs[b].end) { last = q; q += insn_len(c->code, q, c->len); }
                avoid = (interp_op_flags[c->code[last]] & OPF_RETURN) != 0;
            }
            for (uint32_t j = 0; j < s && j < 64; j++) {
                uint32_t y = t[j] < c->len ? c->bb_at[t[j]] : 0;
                if (!y || y - 1 == k || (mark[y - 1] & 1)) continue;
                mark[y - 1] |= 1;
                wl[top++] = y - 1;
            }
        }
        /* bit 2: reached from block k's successors; k among them: a cycle */
        top = 0;
        wl[top++] = k;
        while (top && avoid && !cyc) {
            uint32_t b = wl[--top], s = bb_succs(c, b, t, 64);
            if (s > 64) cyc = true;
            for (uint32_t j = 0; j < s && j < 64; j++) {
                uint32_t y = t[j] < c->len ? c->bb_at[t[j]] : 0;
                if (!y || y - 1 == k) { cyc = true; break; }
                if (mark[y - 1] & 2) continue;
                mark[y - 1] |= 2;
                wl[top++] = y - 1;
            }
        }
    }
    vm_free(c->g->vm->plat, mark, n);
    vm_free(c->g->vm->plat, wl, (size_t)n * sizeof *wl);
    return avoid && !cyc;
}

static vm_status gen_invoke(bctx *c, uint32_t pc) {
    t2_graph *g = c->g;
    uint32_t pn = 0;
    char pty = 0;
    uint16_t px = pure_static(c, pc, &pn, &pty);
    if (px) {
        if (c->sp < pn) return REFUSE(c, "pc %u: stack underflow", pc);
        if (!emit(c, T2_TICK, 'V', pc, 0)) return OOM(c);   /* (the invoke still ticks) */
        c->sp -= pn;
        const uint32_t *as = c->slots + c->nl + c->sp;
        bool un = px == T2_X_BITS || px == T2_X_IABS || px == T2_X_LABS;
        uint32_t v = un ? emit1(c, T2_UN, pty, pc, as[0]) : emit2(c, T2_BIN, pty, pc, as[0], as[pn / 2]);
        if (!v) return OOM(c);
        g->vals[v].aux = px;
        push(c, v, pty);
        return VM_OK;
    }
    void *r;
    vm_status st = resolve(c, pc, &r);
    if (st != VM_OK) return st;
    jmethod *rm = r;
    uint8_t op = c->code[pc];
    if (((rm->access & ACC_STATIC) != 0) != (op == OP_invokestatic))
        return REFUSE(c, "pc %u: static/instance mismatch", pc);
    /* (an invokespecial of a superclass method is a CALL of the resolved
     * method: JVMS's selection from the current class's superclass is the
     * code generator's, as in jit_compile.c's resolve_insn; never inlined) */
    uint32_t nslots = rm->arg_slots;
    if (c->sp < nslots) return REFUSE(c, "pc %u: stack underflow", pc);
    char rty = ty_of_desc(rm->ret);
    uint32_t tick = emit(c, T2_TICK, 'V', pc, 0);
    if (!tick) return OOM(c);
    c->sp -= nslots;
    const uint32_t *argslots = c->slots + c->nl + c->sp;
    uint16_t x = (g->opts & T2_O_INTR) && op == OP_invokestatic ? intrinsic(g, rm) : 0;
    if (x) {
        /* java.lang.Math.min/max/abs, Double.compare...: a value (the invoke still ticks) */
        uint32_t a0 = argslots[0], a1 = argslots[rm->desc[1] == 'J' || rm->desc[1] == 'D' ? 2 : 1];
        bool un = x == T2_X_IABS || x == T2_X_LABS || x == T2_X_BITS;
        uint32_t v = un ? emit1(c, T2_UN, rty, pc, a0) : emit2(c, T2_BIN, rty, pc, a0, a1);
        if (!v) return OOM(c);
        g->vals[v].aux = x;
        push(c, v, rty);
        return VM_OK;
    }
    bool hot = false;
    jmethod *t = inline_target(c, pc, rm, &hot);
    if (t) {
        if (!(rm->access & ACC_STATIC)) {
            uint32_t nc = emit1(c, T2_NULLCHK, 'V', pc, argslots[0]);
            if (!nc) return OOM(c);
            if (op == OP_invokevirtual && guarded(g, rm)) g->vals[nc].ref = rm;
        }
        t2_snap snap = { g->n_vals, g->n_blks, g->n_pool, g->n_ctxs, g->n_cases, g->n.inlined,
                         g->n.inlined_bytes, g->blks[c->cur].state != NULL, g->n_fss };
        uint32_t from = c->cur;
        /* the caller's frame at the call: its stack without the arguments */
        uint32_t cfs = new_fs(c, pc, c->nl + c->sp, c->call_fs);
        if (!cfs) return OOM(c);
        if (!GROW(g, g->ctxs, g->cap_ctxs, g->n_ctxs + 1)) return OOM(c);
        uint16_t k = (uint16_t)g->n_ctxs++;
        g->ctxs[k] = (t2_ctx){ .m = t, .parent = c->ctx, .call_pc = pc,
                               .depth = (uint8_t)(g->ctxs[c->ctx].depth + 1) };
        g->n.inlined++;
        g->n.inlined_bytes += t->code->code_len;
        g->tried_bytes += t->code->code_len;
        bctx cc = { .g = g, .ctx = k, .m = t, .inlined = true, .d = c->d, .call_fs = cfs, .hot = hot };
        /* (on the heap: this recurses once per inlining level, on the
         * VM's own stack in the kernel) */
        uint32_t *saved = vm_zalloc(g->vm->plat, (nslots + 1) * sizeof *saved);
        if (!saved) return OOM(c);
        vm_memcpy(saved, argslots, nslots * sizeof *saved);
        st = build_ctx(g, &cc, saved, c->cur);
        vm_free(g->vm->plat, saved, (nslots + 1) * sizeof *saved);
        if (st == VM_OK && cc.n_ret == 0) st = REFUSE(c, "pc %u: inlined %s never returns", pc, t->name);
        /* a callee with a value outside the code generator's subset (a
         * float constant in HashMap's constructor) stays a call, rather
         * than keep its caller off tier 2 */
        for (uint32_t w = snap.vals; st == VM_OK && w < g->n_vals && !(g->vm->jit_tier2_off & T2_NOCODE); w++)
            if (g->vals[w].op != T2_NOP && g->vals[w].op != T2_PHI) st = t2_cg_check_val(g, w, c->d);  /* (phis: typed once simplified) */
        uint32_t kb = st == VM_OK ? new_blk(g, c->ctx, pc) : 0;
        if (st == VM_OK && !kb) st = OOM(c);
        for (uint32_t i = 0; st == VM_OK && i < cc.n_ret; i++)
            if (!add_edge(g, cc.rets[2 * i], kb)) st = OOM(c);
        uint32_t rv = 0;
        if (st == VM_OK && rty != 'V') {
            if (cc.n_ret == 1) {
                rv = cc.rets[1];
            } else {
                rv = t2_new_val(g, kb, T2_PHI, rty, cc.n_ret);
                if (!rv) st = OOM(c);
                else for (uint32_t i = 0; i < cc.n_ret; i++) t2_args(g, rv)[i] = cc.rets[2 * i + 1];
                jclass *bk = NULL;
                if (rv && t2_box_method(g, t, &bk)) {
                    /* (b17) an inlined valueOf's box: its facts as the call's (t2_box_of) */
                    g->vals[rv].flags |= T2_F_BOX;
                    g->vals[rv].imm = argslots[0];
                    g->vals[rv].ref = bk;
                }
            }
        }
        vm_free(g->vm->plat, cc.rets, (size_t)cc.cap_ret * sizeof *cc.rets);
        if (st == VM_ERR_UNSUPPORTED) {
            if ((g->vm->jit_tier2_off & T2_DUMP) && g->vm->plat->write) {
                /* ,dump: why the callee stays a call */
                char line[240];
                vm_snprintf(line, sizeof line, "tier 2: %s.%s not inlined at pc %u: %s\n",
                            t->owner ? t->owner->name : "?", t->name, pc, c->d->buf);
                g->vm->plat->write(g->vm->plat->ud, 2, line, vm_strlen(line));
            }
            if (!rollback(g, &snap, from)) return OOM(c);  /* outside the subset: call it instead */
            c->cur = from;
            c->d->buf[0] = '\0';
        } else if (st != VM_OK) {
            return st;
        } else {
            c->cur = kb;
            if (rty != 'V') push(c, rv, rty);
            return VM_OK;
        }
    }
    if (!t) {
        bool done = false;
        st = gen_poly(c, pc, rm, nslots, rty, &done);
        if (st != VM_OK || done) return st;
    }
    if (c->ctx != 0 && !(g->vm->jit_tier2_off & T2_NOCODE) && !(t2_icall_on(g->vm) && rare_call(c, pc, rm)))
        return REFUSE(c, "pc %u: a call in an inlined method", pc);  /* (rolled back: see inline_target) */
    uint32_t v = emit_call(c, pc, rm, nslots, rty);
    if (!v) return OOM(c);
    if (rty != 'V') push(c, v, rty);
    return VM_OK;
}

/* the class initialization an instruction at pc requires (new, getstatic,
 * putstatic, an inlined invokestatic) when cls is not initialized yet */
static bool need_init(bctx *c, uint32_t pc, jclass *cls) {
    if (cls->state == CLS_INITIALIZED) return true;
    uint32_t v = emit(c, T2_INIT, 'V', pc, 0);
    if (v) c->g->vals[v].ref = cls;
    return v != 0;
}

static vm_status gen_field(bctx *c, uint32_t pc) {
    void *r;
    vm_status st = resolve(c, pc, &r);
    if (st != VM_OK) return st;
    jfield *f = r;
    uint8_t op = c->code[pc];
    bool is_static = op == OP_getstatic || op == OP_putstatic;
    if (((f->access & ACC_STATIC) != 0) != is_static) return REFUSE(c, "pc %u: static/instance mismatch", pc);
    char ty = ty_of_desc(f->type);
    if (is_static && !need_init(c, pc, f->owner)) return OOM(c);
    uint32_t v;
    switch (op) {
    case OP_getfield: {
        uint32_t o = pop(c, 'A');
        jclass *bk = NULL;
        uint32_t prim = t2_box_of(c->g, o, &bk);
        if (prim && f->owner == bk && !vm_strcmp(f->name, "value")) {
            push(c, prim, ty);   /* a valueOf box's value: what was boxed */
            return VM_OK;
        }
        v = emit1(c, T2_GETF, ty, pc, o);
        if (v) push(c, v, ty);
        break;
    }
    case OP_putfield: { uint32_t x = pop(c, ty); uint32_t o = pop(c, 'A'); v = emit2(c, T2_PUTF, 'V', pc, o, x); break; }
    case OP_getstatic: v = emit(c, T2_GETS, ty, pc, 0); if (v) push(c, v, ty); break;
    default: { uint32_t x = pop(c, ty); v = emit1(c, T2_PUTS, 'V', pc, x); break; }
    }
    if (!v) return OOM(c);
    c->g->vals[v].ref = f;
    return VM_OK;
}

static vm_status gen_branch(bctx *c, uint32_t pc, uint32_t target, uint32_t from) {
    /* a taken backward branch ticks, in an edge block */
    t2_graph *g = c->g;
    uint32_t tb = c->bbs[c->bb_at[target] - 1].ir;
    if (target <= pc) {
        uint32_t e = new_blk(g, c->ctx, pc);
        if (!e) return OOM(c);
        uint32_t save = c->cur;
        c->cur = e;
        uint32_t t = emit(c, T2_TICK, 'V', pc, 0);
        uint32_t j = emit(c, T2_GOTO, 'V', pc, 0);
        c->cur = save;
        if (!t || !j || !add_edge(g, from, e) || !add_edge(g, e, tb) ||
            !save_state(g, e, c->slots, c->nl + c->sp))
            return OOM(c);
        return VM_OK;
    }
    return add_edge(g, from, tb) ? VM_OK : OOM(c);
}

static char cmp_ty(uint8_t op) {
    return op >= OP_if_acmpeq && op <= OP_if_acmpne ? 'A' : op == OP_ifnull || op == OP_ifnonnull ? 'A' : 'I';
}

/* translate the instructions of bb k */
static vm_status walk_bb(bctx *c, uint32_t k) {
    t2_graph *g = c->g;
    bb *b = &c->bbs[k];
    for (uint32_t pc = b->start; pc < b->end;) {
        const uint8_t *ip = c->code + pc;
        uint8_t op = ip[0];
        uint32_t l = insn_len(c->code, pc, c->len);
        if ((uint32_t)c->depth[pc] != c->sp) return REFUSE(c, "pc %u: depth %d, walk %u", pc, c->depth[pc], c->sp);
        c->insn_sp = c->sp;
        uint32_t v = 1, a, x, y;
        switch (op) {
        case OP_nop: break;
        case OP_aconst_null: v = iconst(c, pc, 'A', 0); push(c, v, 'A'); break;
        case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2: case OP_iconst_3:
        case OP_iconst_4: case OP_iconst_5:
            v = iconst(c, pc, 'I', (int)op - OP_iconst_0); push(c, v, 'I'); break;
        case OP_lconst_0: case OP_lconst_1: v = iconst(c, pc, 'J', op - OP_lconst_0); push(c, v, 'J'); break;
        case OP_bipush: v = iconst(c, pc, 'I', (int8_t)ip[1]); push(c, v, 'I'); break;
        case OP_sipush: v = iconst(c, pc, 'I', (int16_t)u2(ip + 1)); push(c, v, 'I'); break;
        case OP_ldc: case OP_ldc_w: case OP_ldc2_w: {
            uint16_t idx = op == OP_ldc ? ip[1] : u2(ip + 1);
            const cf_class *cf = c->m->owner->cf;
            if (idx == 0 || idx >= cf->cp_count) return REFUSE(c, "pc %u: bad ldc", pc);
            uint8_t tag = cf->cp[idx].tag;
            if (tag == CP_INTEGER) { v = iconst(c, pc, 'I', cf->cp[idx].u.i32); push(c, v, 'I'); }
            else if (tag == CP_LONG) { v = iconst(c, pc, 'J', cf->cp[idx].u.i64); push(c, v, 'J'); }
            else if (tag == CP_FLOAT) {
                uint32_t bits;
                vm_memcpy(&bits, &cf->cp[idx].u.f32, sizeof bits);
                v = iconst(c, pc, 'F', bits);
                push(c, v, 'F');
            } else if (tag == CP_DOUBLE) {
                int64_t bits;
                vm_memcpy(&bits, &cf->cp[idx].u.f64, sizeof bits);
                v = iconst(c, pc, 'D', bits);
                push(c, v, 'D');
            }
            else if (tag == CP_STRING) {
                void *s;
                vm_status st = resolve(c, pc, &s);
                if (st != VM_OK) return st;
                v = iconst(c, pc, 'A', 0);
                if (v) g->vals[v].ref = s;
                push(c, v, 'A');
            } else return REFUSE(c, "pc %u: ldc of this constant", pc);
            break;
        }
        case OP_fconst_0: case OP_fconst_1: case OP_fconst_2: {
            static const uint32_t fbits[3] = { 0x00000000u, 0x3f800000u, 0x40000000u };
            v = iconst(c, pc, 'F', fbits[op - OP_fconst_0]); push(c, v, 'F'); break;
        }
        case OP_dconst_0: case OP_dconst_1:
            v = iconst(c, pc, 'D', op == OP_dconst_0 ? 0 : (int64_t)0x3ff0000000000000ull); push(c, v, 'D'); break;
        case OP_fload: push(c, c->slots[ip[1]], 'F'); break;
        case OP_dload: push(c, c->slots[ip[1]], 'D'); break;
        case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
            push(c, c->slots[op - OP_fload_0], 'F'); break;
        case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
            push(c, c->slots[op - OP_dload_0], 'D'); break;
        case OP_fstore: c->slots[ip[1]] = pop(c, 'F'); break;
        case OP_dstore: c->slots[ip[1]] = pop(c, 'D'); c->slots[ip[1] + 1] = 0; break;
        case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
            c->slots[op - OP_fstore_0] = pop(c, 'F'); break;
        case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
            c->slots[op - OP_dstore_0] = pop(c, 'D'); c->slots[op - OP_dstore_0 + 1] = 0; break;
        case OP_fadd: case OP_fsub: case OP_fmul: case OP_fdiv: case OP_frem:
            y = pop(c, 'F'); x = pop(c, 'F');
            v = emit2(c, T2_BIN, 'F', pc, x, y); if (v) g->vals[v].aux = op; push(c, v, 'F'); break;
        case OP_dadd: case OP_dsub: case OP_dmul: case OP_ddiv: case OP_drem:
            y = pop(c, 'D'); x = pop(c, 'D');
            v = emit2(c, T2_BIN, 'D', pc, x, y); if (v) g->vals[v].aux = op; push(c, v, 'D'); break;
        case OP_fcmpl: case OP_fcmpg: case OP_dcmpl: case OP_dcmpg: {
            char ty = op <= OP_fcmpg ? 'F' : 'D';
            y = pop(c, ty); x = pop(c, ty);
            v = emit2(c, T2_BIN, 'I', pc, x, y); if (v) g->vals[v].aux = op; push(c, v, 'I'); break;
        }
        case OP_fneg: case OP_dneg: case OP_i2f: case OP_i2d: case OP_l2f: case OP_l2d: case OP_f2i:
        case OP_f2l: case OP_f2d: case OP_d2i: case OP_d2l: case OP_d2f: {
            char from, to;
            switch (op) {
            case OP_fneg: from = 'F'; to = 'F'; break;
            case OP_dneg: from = 'D'; to = 'D'; break;
            case OP_i2f: from = 'I'; to = 'F'; break;
            case OP_i2d: from = 'I'; to = 'D'; break;
            case OP_l2f: from = 'J'; to = 'F'; break;
            case OP_l2d: from = 'J'; to = 'D'; break;
            case OP_f2i: from = 'F'; to = 'I'; break;
            case OP_f2l: from = 'F'; to = 'J'; break;
            case OP_f2d: from = 'F'; to = 'D'; break;
            case OP_d2i: from = 'D'; to = 'I'; break;
            case OP_d2l: from = 'D'; to = 'J'; break;
            default: from = 'D'; to = 'F'; break;
            }
            x = pop(c, from); v = emit1(c, T2_UN, to, pc, x); if (v) g->vals[v].aux = op; push(c, v, to); break;
        }
        case OP_iload: case OP_lload: case OP_aload:
            push(c, c->slots[ip[1]], op == OP_lload ? 'J' : 'I'); break;
        case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
            push(c, c->slots[op - OP_iload_0], 'I'); break;
        case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
            push(c, c->slots[op - OP_lload_0], 'J'); break;
        case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
            push(c, c->slots[op - OP_aload_0], 'A'); break;
        case OP_istore: case OP_astore: c->slots[ip[1]] = pop(c, 'I'); break;
        case OP_lstore: c->slots[ip[1]] = pop(c, 'J'); c->slots[ip[1] + 1] = 0; break;
        case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
            c->slots[op - OP_istore_0] = pop(c, 'I'); break;
        case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
            c->slots[op - OP_astore_0] = pop(c, 'A'); break;
        case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
            c->slots[op - OP_lstore_0] = pop(c, 'J'); c->slots[op - OP_lstore_0 + 1] = 0; break;
        case OP_wide: {
            uint8_t wop = ip[1];
            uint16_t n = u2(ip + 2);
            if (n >= c->nl) return REFUSE(c, "pc %u: bad local", pc);
            if (wop == OP_iinc) {
                y = iconst(c, pc, 'I', (int16_t)u2(ip + 4));
                v = emit2(c, T2_BIN, 'I', pc, c->slots[n], y);
                if (v) g->vals[v].aux = OP_iadd;
                c->slots[n] = v;
            } else if (wop == OP_iload || wop == OP_aload) push(c, c->slots[n], 'I');
            else if (wop == OP_lload) push(c, c->slots[n], 'J');
            else if (wop == OP_fload) push(c, c->slots[n], 'F');
            else if (wop == OP_dload) push(c, c->slots[n], 'D');
            else if (wop == OP_fstore) c->slots[n] = pop(c, 'F');
            else if (wop == OP_dstore) { c->slots[n] = pop(c, 'D'); c->slots[n + 1] = 0; }
            else if (wop == OP_istore || wop == OP_astore) c->slots[n] = pop(c, 'I');
            else if (wop == OP_lstore) { c->slots[n] = pop(c, 'J'); c->slots[n + 1] = 0; }
            else return REFUSE(c, "pc %u: wide %s", pc, interp_op_name[wop]);
            break;
        }
        case OP_iinc:
            y = iconst(c, pc, 'I', (int8_t)ip[2]);
            v = emit2(c, T2_BIN, 'I', pc, c->slots[ip[1]], y);
            if (v) g->vals[v].aux = OP_iadd;
            c->slots[ip[1]] = v;
            break;
        case OP_iaload: case OP_laload: case OP_aaload: case OP_baload: case OP_caload: case OP_saload:
        case OP_faload: case OP_daload: {
            char ty = op == OP_laload ? 'J' : op == OP_aaload ? 'A' : op == OP_faload ? 'F' : op == OP_daload ? 'D' : 'I';
            x = pop(c, 'I'); a = pop(c, 'A');
            v = emit2(c, T2_ALOAD, ty, pc, a, x);
            if (v) g->vals[v].aux = op;
            push(c, v, ty);
            break;
        }
        case OP_iastore: case OP_lastore: case OP_aastore: case OP_bastore: case OP_castore: case OP_sastore:
        case OP_fastore: case OP_dastore: {
            char ty = op == OP_lastore ? 'J' : op == OP_aastore ? 'A' : op == OP_fastore ? 'F' : op == OP_dastore ? 'D' : 'I';
            y = pop(c, ty); x = pop(c, 'I'); a = pop(c, 'A');
            v = emit(c, T2_ASTORE, 'V', pc, 3);
            if (v) { t2_args(g, v)[0] = a; t2_args(g, v)[1] = x; t2_args(g, v)[2] = y; g->vals[v].aux = op; }
            break;
        }
        case OP_pop: c->sp--; break;
        case OP_pop2: c->sp -= 2; break;
        case OP_dup: c->slots[c->nl + c->sp] = c->slots[c->nl + c->sp - 1]; c->sp++; break;
        case OP_dup_x1: case OP_dup_x2: case OP_dup2: case OP_dup2_x1: case OP_dup2_x2: case OP_swap: {
            uint32_t *s = c->slots + c->nl + c->sp;   /* s[-1] is the top */
            uint32_t t1 = s[-1], t2 = c->sp >= 2 ? s[-2] : 0, t3 = c->sp >= 3 ? s[-3] : 0,
                     t4 = c->sp >= 4 ? s[-4] : 0;
            switch (op) {
            case OP_dup_x1: s[-2] = t1; s[-1] = t2; s[0] = t1; c->sp += 1; break;
            case OP_dup_x2: s[-3] = t1; s[-2] = t3; s[-1] = t2; s[0] = t1; c->sp += 1; break;
            case OP_dup2: s[0] = t2; s[1] = t1; c->sp += 2; break;
            case OP_dup2_x1: s[-3] = t2; s[-2] = t1; s[-1] = t3; s[0] = t2; s[1] = t1; c->sp += 2; break;
            case OP_dup2_x2: s[-4] = t2; s[-3] = t1; s[-2] = t4; s[-1] = t3; s[0] = t2; s[1] = t1; c->sp += 2; break;
            default: s[-1] = t2; s[-2] = t1; break;
            }
            break;
        }
        case OP_iadd: case OP_isub: case OP_imul: case OP_idiv: case OP_irem: case OP_ishl:
        case OP_ishr: case OP_iushr: case OP_iand: case OP_ior: case OP_ixor:
            y = pop(c, 'I'); x = pop(c, 'I');
            v = emit2(c, T2_BIN, 'I', pc, x, y); if (v) g->vals[v].aux = op; push(c, v, 'I'); break;
        case OP_ladd: case OP_lsub: case OP_lmul: case OP_ldiv: case OP_lrem:
        case OP_land: case OP_lor: case OP_lxor:
            y = pop(c, 'J'); x = pop(c, 'J');
            v = emit2(c, T2_BIN, 'J', pc, x, y); if (v) g->vals[v].aux = op; push(c, v, 'J'); break;
        case OP_lshl: case OP_lshr: case OP_lushr:
            y = pop(c, 'I'); x = pop(c, 'J');
            v = emit2(c, T2_BIN, 'J', pc, x, y); if (v) g->vals[v].aux = op; push(c, v, 'J'); break;
        case OP_lcmp:
            y = pop(c, 'J'); x = pop(c, 'J');
            v = emit2(c, T2_BIN, 'I', pc, x, y); if (v) g->vals[v].aux = op; push(c, v, 'I'); break;
        case OP_ineg: case OP_i2b: case OP_i2c: case OP_i2s: case OP_i2l: {
            char ty = op == OP_i2l ? 'J' : 'I';
            x = pop(c, 'I'); v = emit1(c, T2_UN, ty, pc, x); if (v) g->vals[v].aux = op; push(c, v, ty); break;
        }
        case OP_lneg: case OP_l2i: {
            char ty = op == OP_l2i ? 'I' : 'J';
            x = pop(c, 'J'); v = emit1(c, T2_UN, ty, pc, x); if (v) g->vals[v].aux = op; push(c, v, ty); break;
        }
        case OP_getfield: case OP_putfield: case OP_getstatic: case OP_putstatic: {
            vm_status st = gen_field(c, pc);
            if (st != VM_OK) return st;
            break;
        }
        case OP_invokestatic: case OP_invokespecial: case OP_invokevirtual: case OP_invokeinterface: {
            vm_status st = gen_invoke(c, pc);
            if (st != VM_OK) return st;
            break;
        }
        case OP_invokedynamic: {   /* (i18) an opaque call (t2_indy.c) */
            uint32_t n; char ty; const char *desc;
            if (c->ctx || !t2_indy_sig(c->m, pc, &n, &ty, &desc) || c->sp < n) return REFUSE(c, "pc %u: invokedynamic", pc);
            c->sp -= n;
            const uint32_t *as = c->slots + c->nl + c->sp;
            if ((v = emit(c, T2_CALL, ty, pc, t2_desc_args(false, desc, as, n, NULL)))) {
                t2_desc_args(false, desc, as, n, t2_args(g, v));
                g->vals[v].aux = op; g->vals[v].imm = n;
            }
            if (ty != 'V') push(c, v, ty);
            break;
        }
        case OP_new: case OP_anewarray: case OP_checkcast: case OP_instanceof: {
            if (op == OP_new && c->ctx != 0 && (g->opts & T2_O_XLEAVE) && !(g->vm->jit_tier2_off & T2_NOCODE)) {
                /* `throw new X(...)` in an inlined callee (no calls or
                 * allocation there): leave tier 2 at the new, the
                 * interpreter builds and throws it; the rest of the run
                 * is not walked (unless a block starts inside it) */
                uint32_t at = throw_tail(c->code, b->end, pc);
                bool whole = at && at + 1 == b->end;
                for (uint32_t q = pc + 1; whole && q <= at; q++) whole = !c->bb_at[q];
                if (whole) {
                    v = emit(c, T2_THROW, 'V', pc, 0);
                    if (!v) return OOM(c);
                    g->vals[v].aux = T2_THROW_LEAVE;
                    pc = b->end;
                    continue;
                }
            }
            void *r;
            vm_status st = resolve(c, pc, &r);
            if (st != VM_OK) return st;
            jclass *k2 = r;
            if (op == OP_new) {
                if (k2->kind != KIND_INSTANCE || (k2->access & (ACC_INTERFACE | ACC_ABSTRACT)))
                    return REFUSE(c, "pc %u: new of %s (not instantiable)", pc, k2->name);
                if (!need_init(c, pc, k2)) return OOM(c);
                v = emit(c, T2_NEW, 'A', pc, 0); push(c, v, 'A');
            } else if (op == OP_anewarray) {
                x = pop(c, 'I'); v = emit1(c, T2_NEWARR, 'A', pc, x); push(c, v, 'A');
            } else if (op == OP_checkcast || op == OP_instanceof) {
                jclass *bk = NULL;
                x = pop(c, 'A');
                if (t2_box_of(g, x, &bk) && rt_is_assignable(bk, k2)) {
                    /* a valueOf box (never null) of a class assignable to k2 */
                    v = op == OP_checkcast ? x : iconst(c, pc, 'I', 1);
                    if (!v) return OOM(c);
                    push(c, v, op == OP_checkcast ? 'A' : 'I');
                    pc += l;
                    continue;
                }
                v = op == OP_checkcast ? emit1(c, T2_CHECKCAST, 'A', pc, x) : emit1(c, T2_INSTOF, 'I', pc, x);
                push(c, v, op == OP_checkcast ? 'A' : 'I');
            }
            if (v) { g->vals[v].ref = k2; g->vals[v].aux = op; }
            break;
        }
        case OP_newarray:
            x = pop(c, 'I'); v = emit1(c, T2_NEWARR, 'A', pc, x);
            if (v) { g->vals[v].imm = ip[1]; g->vals[v].aux = op; }
            push(c, v, 'A');
            break;
        case OP_arraylength: x = pop(c, 'A'); v = emit1(c, T2_ALEN, 'I', pc, x); push(c, v, 'I'); break;
        case OP_athrow: x = pop(c, 'A'); v = emit1(c, T2_THROW, 'V', pc, x); break;
        case OP_ireturn: case OP_lreturn: case OP_areturn: case OP_return: case OP_freturn: case OP_dreturn: {
            char ty = op == OP_return ? 'V' : op == OP_lreturn ? 'J' : op == OP_areturn ? 'A'
                    : op == OP_freturn ? 'F' : op == OP_dreturn ? 'D' : 'I';
            x = ty == 'V' ? 0 : pop(c, ty);
            if (c->inlined) {
                v = emit(c, T2_GOTO, 'V', pc, 0);
                if (!GROW(g, c->rets, c->cap_ret, 2 * c->n_ret + 2)) return OOM(c);
                c->rets[2 * c->n_ret] = c->cur;
                c->rets[2 * c->n_ret++ + 1] = x;
            } else {
                v = ty == 'V' ? emit(c, T2_RET, 'V', pc, 0) : emit1(c, T2_RET, 'V', pc, x);
            }
            break;
        }
        case OP_goto: case OP_goto_w: {
            int32_t off = op == OP_goto ? (int16_t)u2(ip + 1) : s4(ip + 1);
            v = emit(c, T2_GOTO, 'V', pc, 0);
            if (!v) return OOM(c);
            vm_status st = gen_branch(c, pc, (uint32_t)((int32_t)pc + off), c->cur);
            if (st != VM_OK) return st;
            break;
        }
        case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
        case OP_ifnull: case OP_ifnonnull:
        case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge: case OP_if_icmpgt:
        case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne: {
            char ty = cmp_ty(op);
            bool two = op >= OP_if_icmpeq && op <= OP_if_acmpne;
            y = two ? pop(c, ty) : 0;
            x = pop(c, ty);
            v = two ? emit2(c, T2_IF, 'V', pc, x, y) : emit1(c, T2_IF, 'V', pc, x);
            if (!v) return OOM(c);
            g->vals[v].aux = op;
            /* succs[0]: taken, succs[1]: fall through */
            vm_status st = gen_branch(c, pc, (uint32_t)((int32_t)pc + (int16_t)u2(ip + 1)), c->cur);
            if (st == VM_OK) st = gen_branch(c, pc, pc + l, c->cur);
            if (st != VM_OK) return st;
            break;
        }
        case OP_tableswitch: case OP_lookupswitch: {
            uint32_t al = (pc + 4) & ~3u;
            int32_t def = s4(c->code + al);
            x = pop(c, 'I');
            v = emit1(c, T2_SWITCH, 'V', pc, x);
            if (!v) return OOM(c);
            uint32_t n = op == OP_tableswitch ? (uint32_t)(s4(c->code + al + 8) - s4(c->code + al + 4) + 1)
                                              : (uint32_t)s4(c->code + al + 4);
            if (!GROW(g, g->cases, g->cap_cases, g->n_cases + n + 1)) return OOM(c);
            g->vals[v].imm = n;
            g->vals[v].aux = (uint16_t)g->n_cases;  /* (index, below 65536 checked) */
            if (g->n_cases + n > 65535) return REFUSE(c, "pc %u: too many switch cases", pc);
            for (uint32_t i = 0; i < n; i++) {
                int32_t key, off;
                if (op == OP_tableswitch) { key = s4(c->code + al + 4) + (int32_t)i; off = s4(c->code + al + 12 + 4 * i); }
                else { key = s4(c->code + al + 8 + 8 * i); off = s4(c->code + al + 12 + 8 * i); }
                g->cases[g->n_cases++].key = key;
                vm_status st = gen_branch(c, pc, (uint32_t)((int32_t)pc + off), c->cur);
                if (st != VM_OK) return st;
            }
            vm_status st = gen_branch(c, pc, (uint32_t)((int32_t)pc + def), c->cur);
            if (st != VM_OK) return st;
            break;
        }
        default:
            return REFUSE(c, "pc %u: %s not in tier 2's subset", pc, interp_op_name[op]);
        }
        if (!v) return OOM(c);
        pc += l;
    }
    /* a block that falls through into the next one */
    uint32_t lastpc = b->end - 1;
    (void)lastpc;
    const t2_blk *cb = &g->blks[c->cur];
    uint8_t lop = cb->last ? g->vals[cb->last].op : T2_NOP;
    if (lop != T2_IF && lop != T2_GOTO && lop != T2_SWITCH && lop != T2_RET && lop != T2_THROW) {
        if (b->end >= c->len || !c->bb_at[b->end]) return REFUSE(c, "pc %u: falls off the code", b->end);
        if (!emit(c, T2_GOTO, 'V', b->end, 0)) return OOM(c);
        vm_status st = gen_branch(c, b->end - 1, b->end, c->cur);  /* forward: no tick */
        if (st != VM_OK) return st;
    }
    return save_state(g, c->cur, c->slots, c->nl + c->sp) ? VM_OK : OOM(c);
}

/* successors of bb k (for the RPO): up to 2 stored, switches decoded */
static uint32_t bb_succs(bctx *c, uint32_t k, uint32_t *out, uint32_t cap) {
    bb *b = &c->bbs[k];
    uint32_t pc = b->start, last = pc;
    while (pc < b->end) { last = pc; pc += insn_len(c->code, pc, c->len); }
    const uint8_t *ip = c->code + last;
    uint8_t op = ip[0];
    uint32_t n = 0;
#define ADD(t) do { if (n < cap) out[n] = (t); n++; } while (0)
    if (op == OP_goto) ADD((uint32_t)((int32_t)last + (int16_t)u2(ip + 1)));
    else if (op == OP_goto_w) ADD((uint32_t)((int32_t)last + s4(ip + 1)));
    else if ((op >= OP_ifeq && op <= OP_if_acmpne) || op == OP_ifnull || op == OP_ifnonnull) {
        ADD((uint32_t)((int32_t)last + (int16_t)u2(ip + 1)));
        ADD(b->end);
    } else if (op == OP_tableswitch || op == OP_lookupswitch) {
        uint32_t al = (last + 4) & ~3u;
        ADD((uint32_t)((int32_t)last + s4(c->code + al)));
        uint32_t cnt = op == OP_tableswitch ? (uint32_t)(s4(c->code + al + 8) - s4(c->code + al + 4) + 1)
                                            : (uint32_t)s4(c->code + al + 4);
        for (uint32_t i = 0; i < cnt; i++)
            ADD((uint32_t)((int32_t)last + s4(c->code + al + (op == OP_tableswitch ? 12 + 4 * i : 12 + 8 * i))));
    } else if (!(interp_op_flags[op] & OPF_RETURN) && op != OP_athrow) {
        ADD(b->end);
    }
#undef ADD
    return n;
}

static vm_status prepass(bctx *c) {
    t2_graph *g = c->g;
    const vm_platform *p = g->vm->plat;
    jmethod *m = c->m;
    if (m->code->n_exceptions) return REFUSE(c, "exception handlers");
    if (m->access & ACC_SYNCHRONIZED) return REFUSE(c, "synchronized");
    c->code = m->code->code;
    c->len = m->code->code_len;
    c->nl = m->max_locals > m->arg_slots ? m->max_locals : m->arg_slots;
    c->ns = m->max_stack;
    c->depth = vm_zalloc(p, (size_t)c->len * sizeof *c->depth);
    c->bb_at = vm_zalloc(p, (size_t)(c->len + 1) * sizeof *c->bb_at);
    c->slots = vm_zalloc(p, (size_t)(c->nl + c->ns + 2) * sizeof *c->slots);
    if (!c->depth || !c->bb_at || !c->slots) return OOM(c);
    vm_status st = stackmap_depths_only(g->vm, m, c->depth, c->d);
    if (st != VM_OK) return st == VM_ERR_NOMEM ? st : REFUSE(c, "stack depths: %s", c->d->buf);
    /* block starts */
    c->bb_at[0] = 1;
    c->loop_lo = UINT32_MAX;
    c->loop_hi = 0;
    for (uint32_t pc = 0; pc < c->len;) {
        uint8_t op = c->code[pc];
        uint32_t l = insn_len(c->code, pc, c->len);
        if (!l || pc + l > c->len) return REFUSE(c, "pc %u: malformed", pc);
        if (!op_in_subset(op) || (op == OP_invokedynamic && (g->vm->jit_tier2_off & T2_INDY_OFF)))
            return REFUSE(c, "pc %u: %s not in tier 2's subset", pc, interp_op_name[op]);
        if (c->depth[pc] < 0) { pc += l; continue; }   /* unreachable */
        uint16_t fl = interp_op_flags[op];
        if (fl & (OPF_BRANCH | OPF_RETURN) || op == OP_athrow) {
            if (pc + l < c->len) c->bb_at[pc + l] = 1;
            bb tmp = { .start = pc, .end = pc + l };
            bb *save = c->bbs;
            uint32_t saven = c->n_bb;
            c->bbs = &tmp; c->n_bb = 1;
            uint32_t t[64];
            uint32_t n = bb_succs(c, 0, t, 64);
            c->bbs = save; c->n_bb = saven;
            if (n > 64) {
                /* a big switch: mark every target */
                uint32_t al = (pc + 4) & ~3u;
                bool tbl = op == OP_tableswitch;
                uint32_t cnt = tbl ? (uint32_t)(s4(c->code + al + 8) - s4(c->code + al + 4) + 1)
                                   : (uint32_t)s4(c->code + al + 4);
                for (uint32_t i = 0; i < cnt; i++) {
                    uint32_t tg = (uint32_t)((int32_t)pc + s4(c->code + al + (tbl ? 12 + 4 * i : 12 + 8 * i)));
                    if (tg >= c->len) return REFUSE(c, "pc %u: bad target", pc);
                    c->bb_at[tg] = 1;
                }
                n = 1;
            }
            for (uint32_t i = 0; i < n; i++) {
                if (t[i] >= c->len) return REFUSE(c, "pc %u: bad target", pc);
                c->bb_at[t[i]] = 1;
                if (t[i] <= pc) {
                    if (t[i] < c->loop_lo) c->loop_lo = t[i];
                    if (pc + 1 > c->loop_hi) c->loop_hi = pc + 1;
                    if (c->n_lp < T2_LOOPS) { c->lp_t[c->n_lp] = t[i]; c->lp_b[c->n_lp++] = pc; }
                    else c->lp_over = true;
                    if (c->main_hi == 0 || pc - t[i] > c->main_hi - 1 - c->main_lo) { c->main_lo = t[i]; c->main_hi = pc + 1; }
                }
            }
        }
        pc += l;
    }
    uint32_t nb = 0;
    for (uint32_t pc = 0; pc < c->len; pc++) if (c->bb_at[pc] && c->depth[pc] >= 0) nb++;
    c->bbs = vm_zalloc(p, (size_t)(nb + 1) * sizeof *c->bbs);
    c->order = vm_zalloc(p, (size_t)(nb + 1) * sizeof *c->order);
    if (!c->bbs || !c->order) {
        vm_free(p, c->bbs, (size_t)(nb + 1) * sizeof *c->bbs);
        vm_free(p, c->order, (size_t)(nb + 1) * sizeof *c->order);
        c->bbs = NULL;
        c->order = NULL;
        return OOM(c);
    }
    c->cap_bb = nb;
    for (uint32_t pc = 0; pc < c->len; pc++) {
        if (!c->bb_at[pc]) continue;
        if (c->depth[pc] < 0) { c->bb_at[pc] = 0; continue; }
        if (c->n_bb) c->bbs[c->n_bb - 1].end = pc;
        c->bbs[c->n_bb].start = pc;
        c->bb_at[pc] = ++c->n_bb;
    }
    if (!c->n_bb) return REFUSE(c, "no code");
    c->bbs[c->n_bb - 1].end = c->len;
    /* unreachable code inside a block's range ends it early */
    for (uint32_t k = 0; k < c->n_bb; k++) {
        bb *b = &c->bbs[k];
        for (uint32_t pc = b->start; pc < b->end;) {
            if (c->depth[pc] < 0) { b->end = pc; break; }
            pc += insn_len(c->code, pc, c->len);
        }
    }
    /* reverse postorder from bb 0 (iterative DFS) */
    uint32_t *stk = vm_zalloc(p, (size_t)(c->n_bb + 1) * 2 * sizeof *stk);
    if (!stk) return OOM(c);
    uint32_t sp = 0, n_post = 0, E = c->entry_bb = c->ctx == 0 && c->g->osr ? c->bb_at[c->g->osr_pc] - 1 : 0;
    if (E >= c->n_bb) { vm_free(p, stk, (size_t)(c->n_bb + 1) * 2 * sizeof *stk); return REFUSE(c, "no OSR entry"); }
    stk[sp++] = E; stk[sp++] = 0;
    c->bbs[E].seen = true;
    while (sp) {
        uint32_t k = stk[sp - 2], i = stk[sp - 1];
        uint32_t t[64];
        uint32_t n = bb_succs(c, k, t, 64);
        if (n > 64) {
            vm_free(p, stk, (size_t)(c->n_bb + 1) * 2 * sizeof *stk);
            return REFUSE(c, "pc %u: switch with more than 63 cases", c->bbs[k].start);
        }
        if (i < n) {
            stk[sp - 1] = i + 1;
            uint32_t s = t[i] < c->len ? c->bb_at[t[i]] : 0;
            if (!s) { vm_free(p, stk, (size_t)(c->n_bb + 1) * 2 * sizeof *stk); return REFUSE(c, "pc %u: bad edge", c->bbs[k].start); }
            c->bbs[s - 1].n_pred++;
            if (!c->bbs[s - 1].seen) {
                c->bbs[s - 1].seen = true;
                stk[sp++] = s - 1; stk[sp++] = 0;
            }
        } else {
            c->order[n_post++] = k;
            sp -= 2;
        }
    }
    vm_free(p, stk, (size_t)(c->n_bb + 1) * 2 * sizeof *stk);
    for (uint32_t i = 0; i < n_post / 2; i++) {
        uint32_t t = c->order[i]; c->order[i] = c->order[n_post - 1 - i]; c->order[n_post - 1 - i] = t;
    }
    for (uint32_t i = 0; i < c->n_bb; i++) c->bbs[i].rpo = UINT32_MAX;
    for (uint32_t i = 0; i < n_post; i++) c->bbs[c->order[i]].rpo = i;
    for (uint32_t i = 0; i < n_post; i++) {
        uint32_t k = c->order[i];
        uint32_t t[64];
        uint32_t n = bb_succs(c, k, t, 64);
        for (uint32_t j = 0; j < n; j++) {
            bb *s = &c->bbs[c->bb_at[t[j]] - 1];
            if (s->rpo <= i) s->back = true;
        }
    }
    c->bbs[E].n_pred++;  /* the entry */
    for (uint32_t i = 0; i < n_post; i++) {
        uint32_t ir = new_blk(g, c->ctx, c->bbs[c->order[i]].start);
        if (!ir) return OOM(c);
        c->bbs[c->order[i]].ir = ir;
    }
    c->order[n_post] = UINT32_MAX;  /* end mark */
    return VM_OK;
}

static void bctx_free(bctx *c) {
    const vm_platform *p = c->g->vm->plat;
    vm_free(p, c->depth, (size_t)c->len * sizeof *c->depth);
    vm_free(p, c->bb_at, (size_t)(c->len + 1) * sizeof *c->bb_at);
    vm_free(p, c->slots, (size_t)(c->nl + c->ns + 2) * sizeof *c->slots);
    if (c->bbs) vm_free(p, c->bbs, (size_t)(c->cap_bb + 1) * sizeof *c->bbs);
    if (c->order) vm_free(p, c->order, (size_t)(c->cap_bb + 1) * sizeof *c->order);
}

/* the phis of every join block of the context, filled from the
 * predecessors' states (typed later, type_phis) */
static vm_status fill_phis(bctx *c) {
    t2_graph *g = c->g;
    for (uint32_t i = 0; c->order[i] != UINT32_MAX; i++) {
        bb *b = &c->bbs[c->order[i]];
        t2_blk *B = &g->blks[b->ir];
        for (uint32_t v = B->first; v && g->vals[v].op == T2_PHI; v = g->vals[v].next) {
            if (g->vals[v].aux != 1) continue;
            if (g->vals[v].nargs != B->n_preds) return REFUSE(c, "pc %u: phi/preds mismatch", b->start);
            uint32_t slot = (uint32_t)g->vals[v].imm;
            for (uint32_t k = 0; k < B->n_preds; k++) {
                const t2_blk *P = &g->blks[B->preds[k]];
                t2_args(g, v)[k] = slot < P->n_state ? P->state[slot] : 0;
            }
        }
    }
    return VM_OK;
}

/* the slot phis' types: the common type of their operands (themselves
 * left out), to a fixed point; conflicting or undefined ones are 'X' */
static void type_phis(t2_graph *g) {
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t v = 1; v < g->n_vals; v++) {
            t2_val *x = &g->vals[v];
            if (x->op != T2_PHI || x->aux != 1 || x->ty == 'X') continue;
            char ty = x->ty;
            for (uint32_t k = 0; k < x->nargs; k++) {
                uint32_t o = t2_arg(g, v, k);
                if (o == v) continue;
                char oty = o ? g->vals[o].ty : 'X';
                if (!oty) continue;           /* not known yet */
                if (!ty) ty = oty;
                else if (ty != oty) ty = 'X';
            }
            if (ty != x->ty) { x->ty = ty; changed = true; }
        }
    }
    for (uint32_t v = 1; v < g->n_vals; v++)
        if (g->vals[v].op == T2_PHI && !g->vals[v].ty) g->vals[v].ty = 'X';
}

/* tier 2 and the GC must agree on which slots hold references: every
 * slot phi of the method itself against the stack map at its block */
static vm_status check_maps(t2_graph *g, vm_diag *d) {
    for (uint32_t v = 1; v < g->n_vals; v++) {
        const t2_val *x = &g->vals[v];
        if (x->op != T2_PHI || x->aux != 1 || x->ctx != 0 || x->ty == 'X') continue;
        stackmap_view sv;
        if (stackmap_at(g->vm, g->m, x->pc, &sv) != VM_OK)
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: no stack map", x->pc);
        uint32_t slot = (uint32_t)x->imm;
        uint32_t nl = g->m->max_locals > g->m->arg_slots ? g->m->max_locals : g->m->arg_slots;
        uint32_t idx = slot < nl ? slot : slot - nl + sv.n_locals;
        if (slot < nl && slot >= sv.n_locals) continue;
        if (idx >= (uint32_t)sv.n_locals + sv.stack_depth)
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: slot %u outside the stack map", x->pc, slot);
        if ((sv.is_ref[idx] != 0) != (x->ty == 'A'))
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: slot %u: type %c, the stack map says %s",
                            x->pc, slot, x->ty, sv.is_ref[idx] ? "reference" : "not a reference");
    }
    return VM_OK;
}

/* (not -libinl) the local slots below 64 that no instruction of the code
 * stores to (bit k: slot k): a parameter there keeps its entry value, so a
 * join needs no phi for it (which would be filled only after the walk, and
 * hide the value's class from one_class inside a loop: getNode's key) */
static uint64_t stored_slots(const uint8_t *code, uint32_t len) {
    uint64_t w = 0;
    for (uint32_t p = 0; p < len;) {
        uint8_t o = code[p];
        uint32_t l = insn_len(code, p, len), n = UINT32_MAX, two = 0;
        if (!l) return ~0ull;
        if (o >= OP_istore && o <= OP_astore) { n = code[p + 1]; two = o == OP_lstore || o == OP_dstore; }
        else if (o >= OP_istore_0 && o <= OP_astore_3) {
            uint32_t k = (uint32_t)(o - OP_istore_0);
            n = k % 4;
            two = k / 4 == 1 || k / 4 == 3;   /* lstore_n, dstore_n */
        } else if (o == OP_iinc) n = code[p + 1];
        else if (o == OP_wide && p + 3 < len) {
            uint8_t wo = code[p + 1];
            if ((wo >= OP_istore && wo <= OP_astore) || wo == OP_iinc) {
                n = u2(code + p + 2);
                two = wo == OP_lstore || wo == OP_dstore;
            }
        }
        if (n < 64) w |= 1ull << n;
        if (two && n + 1 < 64) w |= 1ull << (n + 1);
        p += l;
    }
    return w;
}

static vm_status build_ctx(t2_graph *g, bctx *c, const uint32_t *args, uint32_t from) {
    vm_status st = prepass(c);
    if (st != VM_OK) { bctx_free(c); return st; }
    uint32_t entry = c->bbs[c->entry_bb].ir;
    if (!emit(&(bctx){ .g = g, .cur = from, .ctx = c->ctx }, T2_GOTO, 'V', 0, 0) || !add_edge(g, from, entry)) {
        bctx_free(c);
        return OOM(c);
    }
    /* the entry's state: the arguments, the other locals undefined */
    uint32_t n_args = c->ctx == 0 && g->osr ? c->nl : c->m->arg_slots;
    uint64_t stored = (g->vm->jit_tier2_off & T2_LIBINL_OFF) ? ~0ull : stored_slots(c->code, c->len);
    for (uint32_t i = 0; c->order[i] != UINT32_MAX && st == VM_OK; i++) {
        uint32_t k = c->order[i];
        bb *b = &c->bbs[k];
        c->cur = b->ir;
        c->sp = (uint32_t)c->depth[b->start];
        uint32_t nslots = c->nl + c->sp;
        if (k == c->entry_bb && b->n_pred == 1) {
            vm_memset(c->slots, 0, (c->nl + c->ns) * sizeof *c->slots);
            vm_memcpy(c->slots, args, n_args * sizeof *args);
        } else if (b->n_pred == 1 && !b->back) {
            const t2_blk *P = &g->blks[g->blks[b->ir].preds[0]];
            if (g->blks[b->ir].n_preds != 1 || P->n_state < nslots) { st = REFUSE(c, "pc %u: lost state", b->start); break; }
            vm_memcpy(c->slots, P->state, nslots * sizeof *c->slots);
        } else {
            uint32_t np = b->n_pred;
            for (uint32_t s = 0; s < nslots; s++) {
                if (s < n_args && s < 64 && !(stored & (1ull << s))) { c->slots[s] = args[s]; continue; }
                uint32_t v = t2_new_val(g, b->ir, T2_PHI, 0, np);
                if (!v) { st = OOM(c); break; }
                g->vals[v].imm = s;
                g->vals[v].aux = 1;  /* a slot's phi: typed by type_phis */
                g->vals[v].flags |= T2_F_SLOTPHI;
                g->vals[v].pc = b->start;
                g->vals[v].ctx = c->ctx;
                c->slots[s] = v;
            }
            if (st != VM_OK) break;
            if (k == c->entry_bb) {
                /* the entry pred (from) is the first: its state is the arguments */
                t2_blk *F = &g->blks[from];
                uint32_t *ns2 = vm_zalloc(g->vm->plat, (nslots ? nslots : 1) * sizeof *ns2);
                if (!ns2) { st = OOM(c); break; }
                vm_memcpy(ns2, args, n_args * sizeof *args);
                if (F->state) vm_free(g->vm->plat, F->state, (size_t)F->n_state * sizeof *F->state);
                F->state = ns2;
                F->n_state = nslots ? nslots : 1;
            }
        }
        st = walk_bb(c, k);
    }
    if (st == VM_OK) st = fill_phis(c);
    bctx_free(c);
    return st;
}

static vm_status t2_build_params(t2_graph *g, uint32_t *args, vm_diag *d);

vm_status t2_build(t2_graph *g, vm_diag *d) {
    jmethod *m = g->m;
    if (!m->code) return vm_diagf(d, VM_ERR_UNSUPPORTED, "no code");
    if (!GROW(g, g->ctxs, g->cap_ctxs, 1)) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
    g->n_ctxs = 1;
    g->ctxs[0] = (t2_ctx){ .m = m };
    uint32_t entry = new_blk(g, 0, 0);
    if (!entry) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
    /* the parameters, by descriptor */
    size_t asz = ((size_t)(g->osr ? t2_nl_of(m) : m->arg_slots) + 1) * sizeof(uint32_t);
    uint32_t *args = vm_zalloc(g->vm->plat, asz);  /* (heap: the kernel's stack is small) */
    if (!args) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
    vm_status st = g->osr ? t2_osr_params(g, args, d) : t2_build_params(g, args, d);
    if (st == VM_OK) {
        bctx c = { .g = g, .ctx = 0, .m = m, .d = d };
        st = build_ctx(g, &c, args, entry);
    }
    vm_free(g->vm->plat, args, asz);
    if (st != VM_OK) return st;
    type_phis(g);
    return check_maps(g, d);
}

/* the entry block and its parameters, by descriptor, into args (slots) */
static vm_status t2_build_params(t2_graph *g, uint32_t *args, vm_diag *d) {
    jmethod *m = g->m;
    uint32_t entry = 1;
    uint32_t slot = 0;
    if (!(m->access & ACC_STATIC)) {
        uint32_t v = t2_new_val(g, entry, T2_PARAM, 'A', 0);
        if (!v) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
        args[slot++] = v;
    }
    for (const char *p = m->desc + 1; *p && *p != ')'; p++) {
        char ty = ty_of_desc(*p);
        if (slot >= m->arg_slots) return vm_diagf(d, VM_ERR_UNSUPPORTED, "bad descriptor");
        uint32_t v = t2_new_val(g, entry, T2_PARAM, ty, 0);
        if (!v) return vm_diagf(d, VM_ERR_NOMEM, "tier 2: out of memory");
        g->vals[v].imm = slot;
        args[slot++] = v;
        if (ty == 'J' || ty == 'D') slot++;
        while (*p == '[') p++;
        if (*p == 'L') while (*p && *p != ';') p++;
        if (!*p) break;
    }
    return VM_OK;
}
