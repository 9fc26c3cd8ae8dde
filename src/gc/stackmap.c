/* stackmap.c - per-method reference maps: the data-flow pass and the cache.
 *
 * The pass runs once per method, on the first request.  It splits the
 * original bytecode (never the interpreter's quickened copy) into blocks at
 * branch targets, exception handlers and after jumps/returns, plus a
 * checkpoint every SM_CHECKPOINT instructions in long straight-line code.
 * A worklist iterates to a fixed point: each block's entry state (one
 * lattice value per local and operand slot, stackmap_internal.h) is merged
 * from its predecessors; an exception handler's entry merges the locals
 * before every instruction of its protected ranges, with a one-reference
 * stack.  The cache keeps only the block entry states; a query copies the
 * state of the block holding pc and replays at most SM_CHECKPOINT
 * instructions.  Memory: blocks x (max_locals + max_stack) bytes.
 */
#include "stackmap_internal.h"
#include "../core/mem.h"

#define SM_CHECKPOINT 32u
#define SM_MAX_STATE_BYTES (8u * 1024u * 1024u)
#define SM_MSG_CAP 200u

struct stackmap_cache {
    size_t bytes;            /* size of this allocation */
    vm_status status;        /* VM_OK, or the (cached) verification failure */
    uint32_t n_locals, max_stack, width;
    uint32_t n_blocks;
    uint32_t *block_pc;      /* ascending */
    uint16_t *block_depth;
    uint8_t *reached;
    uint8_t *states;         /* n_blocks x width */
    uint8_t *scratch;        /* width: replay state */
    uint8_t *out;            /* width: is_ref answer */
    char msg[SM_MSG_CAP];    /* detail when status != VM_OK */
};

typedef struct sm_pass {
    sm_ctx x;
    struct stackmap_cache *sc;
    uint8_t *flags;          /* per code byte: FL_START, FL_LEADER; at an
                                instruction start also its flow (SF_*) and,
                                when below 16, its length (FL_FLOW, FL_LEN) */
    uint32_t *work;          /* worklist (stack) of block indexes */
    uint32_t n_work;
    uint8_t *in_work;
    uint8_t *cur;            /* width: the state being propagated */
    uint32_t cur_depth;
    uint32_t from_pc;
    int32_t *depth_out;      /* stackmap_compute_depths: depth per pc, or NULL */
} sm_pass;

enum { FL_START = 1, FL_LEADER = 2 };
#define FL_FLOW(f) (((f) >> 2) & 3)   /* SF_* */
#define FL_LEN(f)  ((f) >> 4)         /* 0: not recorded (a switch) */

/* ---- helpers --------------------------------------------------------------- */

static uint32_t block_of(const struct stackmap_cache *sc, uint32_t pc) {
    /* last block starting at or before pc */
    uint32_t lo = 0, hi = sc->n_blocks;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (sc->block_pc[mid] <= pc) lo = mid + 1;
        else hi = mid;
    }
    return lo - 1; /* block 0 starts at 0, so lo >= 1 */
}

static vm_status mark_leader(void *ctx, uint32_t t) {
    sm_pass *p = ctx;
    p->flags[t] |= FL_LEADER;
    return VM_OK;
}

/* Merge state (st, depth) into the entry of block b. */
static vm_status merge_into(sm_pass *p, uint32_t b, const uint8_t *st, uint32_t depth,
                            bool locals_only_exc) {
    struct stackmap_cache *sc = p->sc;
    uint8_t *e = sc->states + (size_t)b * sc->width;
    bool changed = false;
    if (!sc->reached[b]) {
        vm_memcpy(e, st, sc->n_locals);
        if (locals_only_exc) e[sc->n_locals] = SK_REF;
        else vm_memcpy(e + sc->n_locals, st + sc->n_locals, depth);
        sc->block_depth[b] = (uint16_t)depth;
        sc->reached[b] = 1;
        changed = true;
    } else {
        if (sc->block_depth[b] != depth)
            return sm_fail(&p->x, p->from_pc,
                           "operand stack depth %u differs from %u at join offset %u",
                           (unsigned)depth, (unsigned)sc->block_depth[b],
                           (unsigned)sc->block_pc[b]);
        uint32_t n = sc->n_locals + (locals_only_exc ? 0u : depth);
        for (uint32_t i = 0; i < n; i++) {
            if (e[i] != st[i] && e[i] != SK_CONFLICT) {
                e[i] = SK_CONFLICT;
                changed = true;
            }
        }
        if (locals_only_exc && e[sc->n_locals] != SK_REF && e[sc->n_locals] != SK_CONFLICT) {
            e[sc->n_locals] = SK_CONFLICT;
            changed = true;
        }
    }
    if (changed && !p->in_work[b]) {
        p->in_work[b] = 1;
        p->work[p->n_work++] = b;
    }
    return VM_OK;
}

static vm_status merge_target(void *ctx, uint32_t t) {
    sm_pass *p = ctx;
    uint32_t b = block_of(p->sc, t);
    return merge_into(p, b, p->cur, p->cur_depth, false);
}

/* ---- pass 1: instruction starts and block leaders ------------------------- */

static vm_status find_blocks(sm_pass *p, uint32_t *n_blocks) {
    const sm_ctx *x = &p->x;
    const cf_code *code = x->m->code;
    uint32_t pc = 0, len, run = 0, n = 0;
    int flow;
    p->flags[0] |= FL_LEADER;
    while (pc < x->code_len) {
        vm_status st = sm_decode(x, pc, &len, &flow);
        if (st != VM_OK) return st;
        /* the fixed point decodes each instruction from here, not again */
        p->flags[pc] |= (uint8_t)(FL_START | (flow << 2) | (len < 16 ? len << 4 : 0));
        if (flow == SF_COND || flow == SF_JUMP) {
            st = sm_targets(x, pc, mark_leader, p);
            if (st != VM_OK) return st;
        }
        pc += len;
        if (flow != SF_NEXT && pc < x->code_len) p->flags[pc] |= FL_LEADER;
    }
    for (uint16_t i = 0; i < code->n_exceptions; i++) {
        const cf_exception_entry *e = &code->exceptions[i];
        if (e->handler_pc >= x->code_len || e->start_pc >= e->end_pc ||
            e->end_pc > x->code_len)
            return sm_fail(x, e->handler_pc, "bad exception table entry %u", (unsigned)i);
        p->flags[e->handler_pc] |= FL_LEADER;
    }
    for (pc = 0; pc < x->code_len; pc++) {
        uint8_t f = p->flags[pc];
        if ((f & FL_LEADER) && !(f & FL_START))
            return sm_fail(x, pc, "branch or handler target inside an instruction");
        if (!(f & FL_START)) continue;
        if (f & FL_LEADER) run = 0;
        else if (++run == SM_CHECKPOINT) {
            p->flags[pc] |= FL_LEADER;
            run = 0;
        }
        if (p->flags[pc] & FL_LEADER) n++;
    }
    *n_blocks = n;
    return VM_OK;
}

/* ---- pass 2: the fixed point ------------------------------------------------ */

static vm_status run_block(sm_pass *p, uint32_t b) {
    struct stackmap_cache *sc = p->sc;
    const sm_ctx *x = &p->x;
    const cf_code *code = x->m->code;
    uint32_t pc = sc->block_pc[b];
    uint32_t end = b + 1 < sc->n_blocks ? sc->block_pc[b + 1] : x->code_len;
    vm_memcpy(p->cur, sc->states + (size_t)b * sc->width, sc->width);
    p->cur_depth = sc->block_depth[b];
    for (;;) {
        p->from_pc = pc;
        for (uint16_t i = 0; i < code->n_exceptions; i++) {
            const cf_exception_entry *e = &code->exceptions[i];
            if (pc < e->start_pc || pc >= e->end_pc) continue;
            if (x->max_stack < 1)
                return sm_fail(x, pc, "exception handler needs max_stack >= 1");
            vm_status st = merge_into(p, block_of(sc, e->handler_pc), p->cur, 1, true);
            if (st != VM_OK) return st;
        }
        uint32_t len = FL_LEN(p->flags[pc]);
        int flow = FL_FLOW(p->flags[pc]);
        vm_status st = len ? VM_OK : sm_decode(x, pc, &len, &flow);
        if (st == VM_OK && p->depth_out) {   /* as stackmap_depths records it */
            p->depth_out[pc] = (int32_t)p->cur_depth;
            for (uint32_t k = pc + 1; k < pc + len && k < x->code_len; k++) p->depth_out[k] = -2;
        }
        if (st == VM_OK) st = sm_step(x, pc, p->cur, &p->cur_depth);
        if (st == VM_OK && (flow == SF_COND || flow == SF_JUMP))
            st = sm_targets(x, pc, merge_target, p);
        if (st != VM_OK) return st;
        if (flow == SF_JUMP || flow == SF_END) return VM_OK;
        pc += len;
        if (pc >= x->code_len) return sm_fail(x, p->from_pc, "execution falls off the end of the code");
        if (pc == end) return merge_into(p, b + 1, p->cur, p->cur_depth, false);
    }
}

static vm_status analyse(sm_pass *p) {
    struct stackmap_cache *sc = p->sc;
    vm_status st = sm_entry_state(&p->x, p->cur);
    if (st != VM_OK) return st;
    p->from_pc = 0;
    st = merge_into(p, 0, p->cur, 0, false);
    while (st == VM_OK && p->n_work) {
        uint32_t b = p->work[--p->n_work];
        p->in_work[b] = 0;
        st = run_block(p, b);
    }
    (void)sc;
    return st;
}

/* ---- the cache ---------------------------------------------------------------- */

static size_t align8(size_t n) { return (n + 7u) & ~(size_t)7u; }

/* Allocate the cache with room for n_blocks blocks (n_blocks may be 0 for a
 * failure record). */
static struct stackmap_cache *cache_new(const vm_platform *plat, uint32_t n_blocks,
                                        uint32_t n_locals, uint32_t max_stack) {
    size_t width = (size_t)n_locals + max_stack, states, total = align8(sizeof(struct stackmap_cache));
    size_t o_pc, o_depth, o_reached, o_states, o_scratch, o_out;
    if (!vm_size_mul(n_blocks, width, &states) || states > SM_MAX_STATE_BYTES) return NULL;
    o_pc = total;      total += align8((size_t)n_blocks * 4u);
    o_depth = total;   total += align8((size_t)n_blocks * 2u);
    o_reached = total; total += align8(n_blocks);
    o_states = total;  total += align8(states);
    o_scratch = total; total += align8(width);
    o_out = total;     total += align8(width);
    uint8_t *mem = vm_zalloc(plat, total);
    if (!mem) return NULL;
    struct stackmap_cache *sc = (struct stackmap_cache *)mem;
    sc->bytes = total;
    sc->n_locals = n_locals;
    sc->max_stack = max_stack;
    sc->width = (uint32_t)width;
    sc->n_blocks = n_blocks;
    sc->block_pc = (uint32_t *)(mem + o_pc);
    sc->block_depth = (uint16_t *)(mem + o_depth);
    sc->reached = mem + o_reached;
    sc->states = mem + o_states;
    sc->scratch = mem + o_scratch;
    sc->out = mem + o_out;
    return sc;
}

static void cache_free(const vm_platform *plat, struct stackmap_cache *sc) {
    if (sc) vm_free(plat, sc, sc->bytes);
}

void stackmap_free(vm *vm, jmethod *m) {
    if (!m || !m->stackmaps) return;
    cache_free(vm->plat, m->stackmaps);
    m->stackmaps = NULL;
}

static vm_status failure(const struct stackmap_cache *sc, vm_diag *d) {
    if (d) vm_diagf(d, sc->status, "%s", sc->msg);
    return sc->status;
}

static vm_status compute(vm *vm, jmethod *m, vm_diag *d, int32_t *depth_out);

vm_status stackmap_compute(vm *vm, jmethod *m, vm_diag *d) {
    return compute(vm, m, d, NULL);
}

vm_status stackmap_compute_depths(vm *vm, jmethod *m, int32_t *depth, vm_diag *d) {
    if (m->stackmaps) {
        vm_status st = stackmap_compute(vm, m, d);
        return st == VM_OK ? stackmap_depths(vm, m, depth) : st;
    }
    return compute(vm, m, d, depth);
}

static bool has_code(const jmethod *m) {
    return m->code && m->code->code && m->code->code_len != 0;
}

static vm_status no_code(const jmethod *m, vm_diag *d) {
    return vm_diagf(d, VM_ERR_ARG, "%s%s: no bytecode", m->name ? m->name : "?",
                    m->desc ? m->desc : "");
}

/* the walk's view of m's code (has_code(m) is checked by the caller) */
static void ctx_init(sm_ctx *x, const jmethod *m, vm_diag *d) {
    const cf_code *code = m->code;
    x->m = m;
    x->cf = m->owner ? m->owner->cf : NULL;
    x->code = code->code;
    x->code_len = code->code_len;
    x->n_locals = code->max_locals;
    x->max_stack = code->max_stack;
    x->d = d;
    x->memo = NULL;
}

static vm_status compute(vm *vm, jmethod *m, vm_diag *d, int32_t *depth_out) {
    if (m->stackmaps) return m->stackmaps->status == VM_OK ? VM_OK : failure(m->stackmaps, d);
    const vm_platform *plat = vm->plat;
    const cf_code *code = m->code;
    if (!has_code(m)) return no_code(m, d);
    char msg[SM_MSG_CAP];
    msg[0] = '\0';
    vm_diag md = { msg, sizeof msg };
    sm_pass p;
    vm_memset(&p, 0, sizeof p);
    ctx_init(&p.x, m, &md);
    p.depth_out = depth_out;
    if (depth_out)   /* unreachable until a visit of its block says otherwise */
        for (uint32_t pc = 0; pc < code->code_len; pc++) depth_out[pc] = -1;

    vm_status st = VM_ERR_NOMEM;
    size_t width = (size_t)code->max_locals + code->max_stack;
    uint32_t n_blocks = 0;
    p.flags = vm_zalloc(plat, code->code_len);
    p.cur = vm_zalloc(plat, width ? width : 1);
    if (!p.flags || !p.cur) goto out;
    st = find_blocks(&p, &n_blocks);
    if (st != VM_OK) goto out;
    st = VM_ERR_NOMEM;
    p.sc = cache_new(plat, n_blocks, code->max_locals, code->max_stack);
    if (!p.sc) {
        size_t states;
        if (!vm_size_mul(n_blocks, width, &states) || states > SM_MAX_STATE_BYTES) {
            st = vm_diagf(d, VM_ERR_LIMIT, "%s%s: stack maps too large (%u blocks x %u slots)",
                          m->name ? m->name : "?", m->desc ? m->desc : "",
                          (unsigned)n_blocks, (unsigned)width);
            goto out_nodiag;
        }
        goto out;
    }
    p.work = vm_zalloc(plat, (size_t)n_blocks * sizeof(uint32_t));
    p.in_work = vm_zalloc(plat, n_blocks);
    if (!p.work || !p.in_work) goto out;
    for (uint32_t pc = 0, b = 0; pc < code->code_len; pc++)
        if (p.flags[pc] & FL_LEADER) p.sc->block_pc[b++] = pc;
    st = analyse(&p);

out:
    if (st == VM_ERR_VERIFY || st == VM_ERR_ARG) {
        /* Cache the failure (a record without blocks) so the GC does not
         * redo the pass at every collection. */
        if (d) vm_diagf(d, st, "%s", msg);
        struct stackmap_cache *f = cache_new(plat, 0, 0, 0);
        if (f) {
            f->status = st;
            vm_memcpy(f->msg, msg, sizeof msg);
            m->stackmaps = f;
        }
    } else if (st == VM_OK) {
        m->stackmaps = p.sc;
        p.sc = NULL;
    } else if (st == VM_ERR_NOMEM) {
        vm_diagf(d, st, "out of memory computing stack maps");
    }
out_nodiag:
    cache_free(plat, p.sc);
    vm_free(plat, p.flags, code->code_len);
    vm_free(plat, p.cur, width ? width : 1);
    vm_free(plat, p.work, (size_t)n_blocks * sizeof(uint32_t));
    vm_free(plat, p.in_work, n_blocks);
    return st;
}

/* ---- depths only (the JIT) ------------------------------------------------- */

typedef struct dwalk {
    sm_ctx x;
    int32_t *depth;
    uint32_t *work;          /* pcs whose depth is set but not walked yet */
    uint32_t n_work;
    uint32_t cur;            /* depth after the instruction being walked */
    uint32_t from_pc;
} dwalk;

/* pc reached with depth d: first time, set and queue it */
static vm_status dw_reach(dwalk *w, uint32_t pc, uint32_t d) {
    int32_t have = w->depth[pc];
    if (have == -1) {
        w->depth[pc] = (int32_t)d;
        w->work[w->n_work++] = pc;
        return VM_OK;
    }
    if (have == -2) return sm_fail(&w->x, w->from_pc, "branch or handler target inside an instruction");
    if ((uint32_t)have != d)
        return sm_fail(&w->x, w->from_pc, "operand stack depth %u differs from %u at join offset %u",
                       (unsigned)d, (unsigned)have, (unsigned)pc);
    return VM_OK;
}

static vm_status dw_target(void *ctx, uint32_t t) {
    dwalk *w = ctx;
    return dw_reach(w, t, w->cur);
}

/* The walk of the fixed point above with the depths alone: each reachable
 * instruction once (sm_step on one scratch state: the types are not
 * merged, and sm_step's checks are structural), no cache.  The same
 * depths and structural errors as stackmap_compute_depths. */
static vm_status depths_walk(dwalk *w, uint8_t *state) {
    const sm_ctx *x = &w->x;
    const cf_code *code = x->m->code;
    for (uint16_t i = 0; i < code->n_exceptions; i++) {
        const cf_exception_entry *e = &code->exceptions[i];
        if (e->handler_pc >= x->code_len || e->start_pc >= e->end_pc || e->end_pc > x->code_len)
            return sm_fail(x, e->handler_pc, "bad exception table entry %u", (unsigned)i);
    }
    vm_status st0 = sm_entry_state(x, state);
    if (st0 != VM_OK) return st0;
    w->from_pc = 0;
    st0 = dw_reach(w, 0, 0);
    while (st0 == VM_OK && w->n_work) {
        uint32_t pc = w->work[--w->n_work];
        for (;;) {
            w->from_pc = pc;
            for (uint16_t i = 0; i < code->n_exceptions; i++) {
                const cf_exception_entry *e = &code->exceptions[i];
                if (pc < e->start_pc || pc >= e->end_pc) continue;
                if (x->max_stack < 1)
                    return sm_fail(x, pc, "exception handler needs max_stack >= 1");
                vm_status st = dw_reach(w, e->handler_pc, 1);
                if (st != VM_OK) return st;
            }
            uint32_t len;
            int flow;
            vm_status st = sm_decode_fast(x, pc, &len, &flow);
            if (st != VM_OK) return st;
            for (uint32_t k = pc + 1; k < pc + len; k++) {
                if (w->depth[k] >= 0)
                    return sm_fail(x, pc, "branch or handler target inside an instruction");
                w->depth[k] = -2;
            }
            w->cur = (uint32_t)w->depth[pc];
            st = sm_depth_step_fast(x, pc, &w->cur);
            if (st == VM_OK && (flow == SF_COND || flow == SF_JUMP))
                st = sm_targets(x, pc, dw_target, w);
            if (st != VM_OK) return st;
            if (flow == SF_JUMP || flow == SF_END) break;
            pc += len;
            if (pc >= x->code_len) return sm_fail(x, w->from_pc, "execution falls off the end of the code");
            if (w->depth[pc] != -1) { st = dw_reach(w, pc, w->cur); if (st != VM_OK) return st; break; }
            w->depth[pc] = (int32_t)w->cur;
        }
    }
    return st0;
}

vm_status stackmap_depths_only(vm *vm, jmethod *m, int32_t *depth, vm_diag *d) {
    if (m->stackmaps) {   /* built already: the depths from them */
        vm_status st = stackmap_compute(vm, m, d);
        return st == VM_OK ? stackmap_depths(vm, m, depth) : st;
    }
    const vm_platform *plat = vm->plat;
    const cf_code *code = m->code;
    if (!has_code(m)) return no_code(m, d);
    char msg[SM_MSG_CAP];
    msg[0] = '\0';
    vm_diag md = { msg, sizeof msg };
    dwalk w;
    vm_memset(&w, 0, sizeof w);
    ctx_init(&w.x, m, &md);
    sm_memo memo;
    vm_memset(&memo, 0, sizeof memo);
    w.x.memo = &memo;
    w.depth = depth;
    vm_memset(depth, 0xff, (size_t)code->code_len * sizeof *depth);   /* every depth -1 */
    size_t width = (size_t)code->max_locals + code->max_stack;
    uint8_t *st = plat->realloc(plat->ud, NULL, 0, width ? width : 1);
    w.work = plat->realloc(plat->ud, NULL, 0, (size_t)code->code_len * sizeof *w.work);
    vm_status r = VM_ERR_NOMEM;
    if (st && w.work) r = depths_walk(&w, st);
    if (r == VM_ERR_NOMEM) vm_diagf(d, r, "out of memory computing stack depths");
    else if (r != VM_OK) vm_diagf(d, r, "%s", msg);
    vm_free(plat, st, width ? width : 1);
    vm_free(plat, w.work, (size_t)code->code_len * sizeof *w.work);
    return r;
}

vm_status stackmap_depths(vm *vm, jmethod *m, int32_t *depth) {
    vm_status st = stackmap_compute(vm, m, NULL);
    if (st != VM_OK) return st;
    struct stackmap_cache *sc = m->stackmaps;
    const cf_code *code = m->code;
    sm_ctx x = { m, m->owner ? m->owner->cf : NULL, code->code, code->code_len,
                 sc->n_locals, sc->max_stack, NULL, NULL };
    uint8_t *s = sc->scratch;
    for (uint32_t b = 0; b < sc->n_blocks; b++) {
        uint32_t at = sc->block_pc[b];
        uint32_t end = b + 1 < sc->n_blocks ? sc->block_pc[b + 1] : code->code_len;
        if (end > code->code_len || at > end) return VM_ERR_ARG;
        if (!sc->reached[b]) {
            for (uint32_t p = at; p < end; p++) depth[p] = -1;
            continue;
        }
        for (uint32_t p = at; p < end; p++) depth[p] = -2;
        vm_memcpy(s, sc->states + (size_t)b * sc->width, sc->width);
        uint32_t d = sc->block_depth[b];
        while (at < end) {
            uint32_t len;
            int flow;
            depth[at] = (int32_t)d;
            st = sm_decode(&x, at, &len, &flow);
            if (st == VM_OK) st = sm_step(&x, at, s, &d);
            if (st != VM_OK) return st;
            at += len;
        }
    }
    return VM_OK;
}

vm_status stackmap_at(vm *vm, jmethod *m, uint32_t pc, stackmap_view *out) {
    vm_status st = stackmap_compute(vm, m, NULL);
    if (st != VM_OK) return st;
    struct stackmap_cache *sc = m->stackmaps;
    const cf_code *code = m->code;
    if (pc >= code->code_len) return VM_ERR_ARG;
    uint32_t b = block_of(sc, pc);
    if (!sc->reached[b]) return VM_ERR_VERIFY; /* dead code never runs */
    sm_ctx x = { m, m->owner ? m->owner->cf : NULL, code->code, code->code_len,
                 sc->n_locals, sc->max_stack, NULL, NULL };
    uint8_t *s = sc->scratch;
    vm_memcpy(s, sc->states + (size_t)b * sc->width, sc->width);
    uint32_t depth = sc->block_depth[b], at = sc->block_pc[b];
    while (at < pc) {
        uint32_t len;
        int flow;
        st = sm_decode(&x, at, &len, &flow);
        if (st == VM_OK) st = sm_step(&x, at, s, &depth);
        if (st != VM_OK) return st;
        at += len;
    }
    if (at != pc) return VM_ERR_ARG; /* not an instruction boundary */
    uint32_t n = sc->n_locals + depth;
    for (uint32_t i = 0; i < n; i++) sc->out[i] = s[i] == SK_REF;
    out->n_locals = (uint16_t)sc->n_locals;
    out->stack_depth = (uint16_t)depth;
    out->is_ref = sc->out;
    return VM_OK;
}
