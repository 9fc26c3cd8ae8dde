/* verify_infer.c - type inference (JVMS 4.10.2), for class files older
 * than version 50: the classic data-flow verifier.  The code is split
 * into blocks at branch targets and exception handlers; a worklist
 * iterates to a fixed point, merging the entry state of each block from
 * its predecessors (locals of different types become unusable; references
 * merge to their first common superclass, interfaces counting as Object;
 * operand stacks must have the same depth and compatible types).  An
 * exception handler's entry merges the locals before every instruction of
 * its ranges, with the catch type as the only stack entry.  No jsr/ret:
 * the parser rejects them. */
#include "verify_internal.h"
#include "../core/mem.h"

enum { F_START = 1, F_LEADER = 2 };

typedef struct inf {
    uint8_t *flags;          /* per code byte */
    uint32_t n_blocks;
    uint32_t *block_pc;      /* ascending */
    vtype *states;           /* n_blocks x (nloc + nstk) */
    uint16_t *sp;
    uint8_t *reached, *in_work, *uninit;
    uint32_t *work;
    uint32_t n_work;
} inf;

static inline uint32_t u16at(const uint8_t *c, uint32_t p) {
    return (uint32_t)c[p] << 8 | c[p + 1];
}
static inline int32_t s32at(const uint8_t *c, uint32_t p) {
    return (int32_t)((uint32_t)c[p] << 24 | (uint32_t)c[p + 1] << 16 |
                     (uint32_t)c[p + 2] << 8 | c[p + 3]);
}

static vm_status mark(vctx *x, inf *f, uint32_t pc, int64_t off) {
    int64_t t = (int64_t)pc + off;
    if (t < 0 || t >= (int64_t)x->code->code_len) {
        x->pc = pc;
        return vx_fail(x, "branch target %lld outside the code", (long long)t);
    }
    f->flags[t] |= F_LEADER;
    return VM_OK;
}

/* Mark instruction starts and block leaders. */
static vm_status find_leaders(vctx *x, inf *f) {
    const uint8_t *c = x->code->code;
    uint32_t n = x->code->code_len;
    vm_status st;
    f->flags[0] |= F_LEADER;
    for (uint32_t pc = 0; pc < n;) {
        uint32_t len = cf_insn_length(c, n, pc);
        if (!len) {
            x->pc = pc;
            return vx_fail(x, "malformed instruction");
        }
        f->flags[pc] |= F_START;
        uint8_t op = c[pc];
        if ((op >= 153 && op <= 167) || op == 198 || op == 199) {
            if ((st = mark(x, f, pc, (int16_t)u16at(c, pc + 1))) != VM_OK) return st;
        } else if (op == 200) {
            if ((st = mark(x, f, pc, s32at(c, pc + 1))) != VM_OK) return st;
        } else if (op == 170 || op == 171) {
            uint32_t p = (pc + 4u) & ~3u;
            if ((st = mark(x, f, pc, s32at(c, p))) != VM_OK) return st;
            if (op == 170) {
                int64_t lo = s32at(c, p + 4), hi = s32at(c, p + 8);
                for (int64_t i = 0; i <= hi - lo; i++)
                    if ((st = mark(x, f, pc, s32at(c, p + 12 + (uint32_t)i * 4u))) != VM_OK)
                        return st;
            } else {
                int32_t np = s32at(c, p + 4);
                for (int32_t i = 0; i < np; i++)
                    if ((st = mark(x, f, pc, s32at(c, p + 12 + (uint32_t)i * 8u))) != VM_OK)
                        return st;
            }
        }
        pc += len;
    }
    for (uint16_t i = 0; i < x->code->n_exceptions; i++) {
        const cf_exception_entry *e = &x->code->exceptions[i];
        f->flags[e->handler_pc] |= F_LEADER;
        if (!(f->flags[e->start_pc] & F_START) ||
            (e->end_pc < n && !(f->flags[e->end_pc] & F_START))) {
            x->pc = e->handler_pc;
            return vx_fail(x, "exception table entry %u not on instruction boundaries", i);
        }
    }
    uint32_t nb = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
        if ((f->flags[pc] & F_LEADER) && !(f->flags[pc] & F_START)) {
            x->pc = pc;
            return vx_fail(x, "branch or handler target %u inside an instruction", (unsigned)pc);
        }
        if (f->flags[pc] & F_LEADER) nb++;
    }
    f->n_blocks = nb;
    return VM_OK;
}

static uint32_t block_of(const inf *f, uint32_t pc) {
    uint32_t lo = 0, hi = f->n_blocks;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (f->block_pc[mid] < pc) lo = mid + 1;
        else hi = mid;
    }
    return lo; /* pc is a leader, so block_pc[lo] == pc */
}

static __attribute__((noinline)) vm_status join_error(vctx *x, vtype a, vtype v) {
    char ta[300], tv[300];
    vx_type_name(x, a, ta, sizeof ta);
    vx_type_name(x, v, tv, sizeof tv);
    return vx_fail(x, "incompatible operand stack types at a join: %s and %s", ta, tv);
}

/* Merge one slot: *e (the block's entry) with v.  Returns false on an
 * incompatible operand-stack pair (locals become top instead). */
static vm_status merge_slot(vctx *x, vtype *e, vtype v, bool stack, bool *changed) {
    vtype a = *e, m;
    if (a == v) return VM_OK;
    unsigned ga = VT_TAG(a), gv = VT_TAG(v);
    if ((ga == VT_REF || ga == VT_NULL) && (gv == VT_REF || gv == VT_NULL)) {
        vm_status st = vx_merge_ref(x, a, v, &m);
        if (st != VM_OK) return st;
    } else if (stack) {
        return join_error(x, a, v);
    } else {
        m = VT_TOP;
    }
    if (m != a) {
        *e = m;
        *changed = true;
    }
    return VM_OK;
}

static vm_status merge_into(vctx *x, inf *f, uint32_t b, const vtype *stk, uint32_t sp) {
    uint32_t width = x->nloc + x->nstk;
    vtype *e = f->states + (size_t)b * width;
    bool changed = false;
    vm_status st = vx_spend(x, width + 1);
    if (st != VM_OK) return st;
    if (!f->reached[b]) {
        vm_memcpy(e, x->loc, x->nloc * sizeof(vtype));
        if (sp) vm_memcpy(e + x->nloc, stk, sp * sizeof(vtype));
        f->sp[b] = (uint16_t)sp;
        f->uninit[b] = x->this_uninit;
        f->reached[b] = 1;
        changed = true;
    } else {
        if (f->sp[b] != sp)
            return vx_fail(x, "operand stack depth %u differs from %u at join offset %u",
                           (unsigned)sp, (unsigned)f->sp[b], (unsigned)f->block_pc[b]);
        for (uint32_t i = 0; i < x->nloc; i++)
            if ((st = merge_slot(x, &e[i], x->loc[i], false, &changed)) != VM_OK) return st;
        for (uint32_t i = 0; i < sp; i++)
            if ((st = merge_slot(x, &e[x->nloc + i], stk[i], true, &changed)) != VM_OK)
                return st;
        if (x->this_uninit && !f->uninit[b]) {
            f->uninit[b] = 1;
            changed = true;
        }
    }
    if (changed && !f->in_work[b]) {
        f->in_work[b] = 1;
        f->work[f->n_work++] = b;
    }
    return VM_OK;
}

static vm_status infer_branch(vctx *x, uint32_t target) {
    inf *f = x->algo;
    return merge_into(x, f, block_of(f, target), x->stk, x->sp);
}

static vm_status run_block(vctx *x, inf *f, uint32_t b) {
    const cf_code *code = x->code;
    uint32_t width = x->nloc + x->nstk;
    const vtype *e = f->states + (size_t)b * width;
    vm_status st = vx_spend(x, width);
    if (st != VM_OK) return st;
    vm_memcpy(x->loc, e, x->nloc * sizeof(vtype));
    if (f->sp[b]) vm_memcpy(x->stk, e + x->nloc, f->sp[b] * sizeof(vtype));
    x->sp = f->sp[b];
    x->this_uninit = f->uninit[b];
    for (uint32_t pc = f->block_pc[b];;) {
        x->pc = pc;
        if (code->n_exceptions && (st = vx_spend(x, code->n_exceptions)) != VM_OK) return st;
        for (uint16_t i = 0; i < code->n_exceptions; i++) {
            const cf_exception_entry *h = &code->exceptions[i];
            if (pc < h->start_pc || pc >= h->end_pc) continue;
            st = merge_into(x, f, block_of(f, h->handler_pc), &x->exc_types[i], 1);
            if (st != VM_OK) return st;
        }
        uint32_t len = cf_insn_length(code->code, code->code_len, pc);
        bool ends;
        if ((st = vx_spend(x, 1)) != VM_OK || (st = vx_exec(x, len, &ends)) != VM_OK)
            return st;
        if (ends) return VM_OK;
        pc += len;
        if (pc >= code->code_len) {
            x->pc = pc;
            return vx_fail(x, "execution falls off the end of the code");
        }
        if (f->flags[pc] & F_LEADER) return infer_branch(x, pc);
    }
}

vm_status vx_infer_method(vctx *x) {
    const cf_code *code = x->code;
    vm_status st = VM_OK;
    inf f = { 0 };
    if (!(f.flags = vx_alloc_m(x, code->code_len, &st))) return st;
    if ((st = find_leaders(x, &f)) != VM_OK) return st;
    size_t width = (size_t)x->nloc + x->nstk, bytes;
    if (!vm_size_mul(width * sizeof(vtype), f.n_blocks, &bytes)) bytes = SIZE_MAX;
    if (!(f.states = vx_alloc_m(x, bytes, &st))) return st;
    if (!(f.block_pc = vx_alloc_m(x, f.n_blocks * sizeof(uint32_t), &st)) ||
        !(f.work = vx_alloc_m(x, f.n_blocks * sizeof(uint32_t), &st)) ||
        !(f.sp = vx_alloc_m(x, f.n_blocks * sizeof(uint16_t), &st)) ||
        !(f.reached = vx_alloc_m(x, f.n_blocks, &st)) ||
        !(f.in_work = vx_alloc_m(x, f.n_blocks, &st)) ||
        !(f.uninit = vx_alloc_m(x, f.n_blocks, &st)))
        return st;
    uint32_t nb = 0;
    for (uint32_t pc = 0; pc < code->code_len; pc++)
        if (f.flags[pc] & F_LEADER) f.block_pc[nb++] = pc;
    x->algo = &f;
    x->branch = infer_branch;
    x->pc = 0;
    if ((st = vx_entry_state(x)) != VM_OK) return st;
    if ((st = merge_into(x, &f, 0, x->stk, 0)) != VM_OK) return st;
    while (f.n_work) {
        uint32_t b = f.work[--f.n_work];
        f.in_work[b] = 0;
        if ((st = run_block(x, &f, b)) != VM_OK) return st;
    }
    return VM_OK;
}
