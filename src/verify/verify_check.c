/* verify_check.c - type checking with the StackMapTable (JVMS 4.10.1), for
 * class files of version 50 and up: decoding the frames (same,
 * same_locals_1_stack_item, chop, append, full, and the extended forms),
 * then one linear pass over the code.  At each instruction the incoming
 * state must be assignable to the frame recorded there (if any); after an
 * unconditional transfer a frame is required; every branch target and
 * exception handler must carry a frame the state is assignable to. */
#include "verify_internal.h"
#include "../core/mem.h"

typedef struct chk {
    vframe *frames;
    uint32_t n;
    uint8_t *starts;     /* per code byte: 1 at instruction starts */
} chk;

/* ------------------------------------------------------ frame decoding */

typedef struct rd {
    const uint8_t *p, *end;
} rd;

static bool rd_u1(rd *r, uint32_t *v) {
    if (r->p >= r->end) return false;
    *v = *r->p++;
    return true;
}
static bool rd_u2(rd *r, uint32_t *v) {
    if (r->end - r->p < 2) return false;
    *v = (uint32_t)r->p[0] << 8 | r->p[1];
    r->p += 2;
    return true;
}

static vm_status truncated(vctx *x) {
    return vx_fail(x, "StackMapTable truncated or malformed");
}

/* One verification_type_info; appends one or two slots to v[*n]. */
static vm_status read_vti(vctx *x, chk *k, rd *r, vtype *v, uint32_t *n, uint32_t cap,
                          const char *where) {
    uint32_t tag, a;
    if (!rd_u1(r, &tag)) return truncated(x);
    vtype t;
    switch (tag) {
    case 0: t = VT_TOP; break;
    case 1: t = VT_INT; break;
    case 2: t = VT_FLOAT; break;
    case 3: t = VT_DOUBLE; break;
    case 4: t = VT_LONG; break;
    case 5: t = VT_NULL; break;
    case 6: t = VT_UTHIS; break;
    case 7: {
        if (!rd_u2(r, &a)) return truncated(x);
        if (a == 0 || a >= x->cf->cp_count || x->cf->cp[a].tag != CP_CLASS)
            return vx_fail(x, "StackMapTable: Object type with bad constant %u", (unsigned)a);
        uint32_t nm = vx_cp_class(x, (uint16_t)a);
        if (nm == UINT32_MAX) return vx_nomem(x);
        t = VT_MK(VT_REF, nm);
        break;
    }
    case 8:
        if (!rd_u2(r, &a)) return truncated(x);
        if (a >= x->code->code_len || !k->starts[a] || x->code->code[a] != 187)
            return vx_fail(x, "StackMapTable: Uninitialized(%u) does not name a new "
                              "instruction", (unsigned)a);
        t = VT_MK(VT_UNINIT, a);
        break;
    default:
        return vx_fail(x, "StackMapTable: bad verification type tag %u", (unsigned)tag);
    }
    uint32_t w = (t == VT_LONG || t == VT_DOUBLE) ? 2 : 1;
    if (*n + w > cap)
        return vx_fail(x, "StackMapTable: frame has more %s than max_%s %u", where,
                       where[0] == 'l' ? "locals" : "stack", (unsigned)cap);
    v[(*n)++] = t;
    if (w == 2) v[(*n)++] = t + 2;
    return VM_OK;
}

static vtype *new_slots(vctx *x, uint32_t n, vm_status *st) {
    return vx_alloc_m(x, (size_t)(n ? n : 1) * sizeof(vtype), st);
}

/* Number of slots of the last k entries of a locals list (long/double
 * count as one entry), or UINT32_MAX if there are fewer entries. */
static uint32_t chop_slots(const vtype *loc, uint32_t n, uint32_t k) {
    uint32_t s = 0;
    while (k--) {
        if (n == 0) return UINT32_MAX;
        uint32_t w = (loc[n - 1] == VT_LONG2 || loc[n - 1] == VT_DOUBLE2) ? 2 : 1;
        if (w > n) return UINT32_MAX;
        n -= w;
        s += w;
    }
    return s;
}

static vm_status decode_frames(vctx *x, chk *k, uint32_t n_args) {
    const cf_code *code = x->code;
    k->n = 0;
    k->frames = NULL;
    if (!code->stackmap) return VM_OK;
    rd r = { code->stackmap, code->stackmap + code->stackmap_len };
    uint32_t count;
    if (!rd_u2(&r, &count)) return truncated(x);
    if (count > code->code_len)
        return vx_fail(x, "StackMapTable: %u frames for %u bytes of code", (unsigned)count,
                       (unsigned)code->code_len);
    vm_status st = VM_OK;
    if (!count) return r.p == r.end ? VM_OK : truncated(x);
    k->frames = vx_alloc_m(x, (size_t)count * sizeof(vframe), &st);
    if (!k->frames) return st;
    /* the implicit initial frame: the arguments */
    vtype *ploc = new_slots(x, n_args, &st);
    if (!ploc) return st;
    vm_memcpy(ploc, x->loc, n_args * sizeof(vtype));
    uint32_t pn = n_args;
    int64_t prev_pc = -1;
    for (uint32_t i = 0; i < count; i++) {
        vframe *f = &k->frames[i];
        uint32_t type, delta = 0, nst = 0, nl = pn;
        vtype *loc = ploc, *stk = NULL;
        if (!rd_u1(&r, &type)) return truncated(x);
        if (type <= 63) {
            delta = type;
        } else if (type <= 127 || type == 247) {
            if (type == 247) {
                if (!rd_u2(&r, &delta)) return truncated(x);
            } else {
                delta = type - 64;
            }
            if (!(stk = new_slots(x, 2, &st))) return st;
            if ((st = read_vti(x, k, &r, stk, &nst, x->nstk, "stack")) != VM_OK) return st;
        } else if (type <= 246) {
            return vx_fail(x, "StackMapTable: reserved frame type %u", (unsigned)type);
        } else if (type <= 250) { /* chop */
            if (!rd_u2(&r, &delta)) return truncated(x);
            uint32_t s = chop_slots(ploc, pn, 251 - type);
            if (s == UINT32_MAX) return vx_fail(x, "StackMapTable: chop of more locals than "
                                                   "the previous frame has");
            nl = pn - s;
        } else if (type == 251) {
            if (!rd_u2(&r, &delta)) return truncated(x);
        } else if (type <= 254) { /* append */
            if (!rd_u2(&r, &delta)) return truncated(x);
            if (!(loc = new_slots(x, pn + 6, &st))) return st;
            vm_memcpy(loc, ploc, pn * sizeof(vtype));
            nl = pn;
            for (uint32_t j = 0; j < type - 251; j++)
                if ((st = read_vti(x, k, &r, loc, &nl, x->nloc, "locals")) != VM_OK) return st;
        } else { /* full_frame */
            uint32_t cnt;
            if (!rd_u2(&r, &delta) || !rd_u2(&r, &cnt)) return truncated(x);
            if (cnt > x->nloc)
                return vx_fail(x, "StackMapTable: frame has more locals than max_locals %u",
                               (unsigned)x->nloc);
            if (!(loc = new_slots(x, cnt * 2, &st))) return st;
            nl = 0;
            for (uint32_t j = 0; j < cnt; j++)
                if ((st = read_vti(x, k, &r, loc, &nl, x->nloc, "locals")) != VM_OK) return st;
            if (!rd_u2(&r, &cnt)) return truncated(x);
            if (cnt > x->nstk)
                return vx_fail(x, "StackMapTable: frame has more stack than max_stack %u",
                               (unsigned)x->nstk);
            if (!(stk = new_slots(x, cnt * 2, &st))) return st;
            for (uint32_t j = 0; j < cnt; j++)
                if ((st = read_vti(x, k, &r, stk, &nst, x->nstk, "stack")) != VM_OK) return st;
        }
        int64_t pc = prev_pc + (int64_t)delta + 1;
        if (i == 0) pc = delta;
        if (pc >= (int64_t)code->code_len || !k->starts[pc])
            return vx_fail(x, "StackMapTable: frame at offset %lld is not at an instruction "
                              "boundary", (long long)pc);
        f->pc = (uint32_t)pc;
        f->loc = loc;
        f->n_loc = (uint16_t)nl;
        f->stk = stk;
        f->n_stk = (uint16_t)nst;
        f->this_uninit = false;
        for (uint32_t j = 0; j < nl; j++)
            if (loc[j] == VT_UTHIS) f->this_uninit = true;
        prev_pc = pc;
        ploc = loc;
        pn = nl;
    }
    if (r.p != r.end) return vx_fail(x, "StackMapTable has trailing bytes");
    k->n = count;
    return VM_OK;
}

/* --------------------------------------------------------- the pass */

static const vframe *frame_at(const chk *k, uint32_t pc) {
    uint32_t lo = 0, hi = k->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (k->frames[mid].pc == pc) return &k->frames[mid];
        if (k->frames[mid].pc < pc) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

static __attribute__((noinline)) vm_status
slot_error(vctx *x, vtype cur, vtype want, uint32_t fpc, const char *ctx, const char *what,
           uint32_t i) {
    char w[300], f[300];
    vx_type_name(x, want, w, sizeof w);
    vx_type_name(x, cur, f, sizeof f);
    return vx_fail(x, "stack map frame at offset %u%s, %s %u: expected %s, found %s",
                   (unsigned)fpc, ctx, what, (unsigned)i, w, f);
}

static vm_status slot_check(vctx *x, vtype cur, vtype want, uint32_t fpc,
                            const char *ctx, const char *what, uint32_t i) {
    vm_status st = VM_OK;
    int r = vx_assignable(x, cur, want, &st);
    if (r < 0) return st;
    return r ? VM_OK : slot_error(x, cur, want, fpc, ctx, what, i);
}

/* Is a state (locals = current, given stack) assignable to frame f? */
static vm_status assignable_to(vctx *x, const vframe *f, const vtype *stk, uint32_t sp,
                               const char *ctx) {
    vm_status st = vx_spend(x, (uint64_t)f->n_loc + sp + 1);
    if (st != VM_OK) return st;
    if (sp != f->n_stk)
        return vx_fail(x, "stack map frame at offset %u%s: expected %u operand stack slots, "
                          "found %u", (unsigned)f->pc, ctx, (unsigned)f->n_stk, (unsigned)sp);
    for (uint32_t i = 0; i < f->n_loc; i++)
        if ((st = slot_check(x, x->loc[i], f->loc[i], f->pc, ctx, "local", i)) != VM_OK)
            return st;
    for (uint32_t i = 0; i < sp; i++)
        if ((st = slot_check(x, stk[i], f->stk[i], f->pc, ctx, "stack slot", i)) != VM_OK)
            return st;
    if (x->this_uninit && !f->this_uninit)
        return vx_fail(x, "stack map frame at offset %u%s: this is uninitialized here but "
                          "not in the frame (flagThisUninit)", (unsigned)f->pc, ctx);
    return VM_OK;
}

static vm_status check_branch(vctx *x, uint32_t target) {
    chk *k = x->algo;
    const vframe *f = frame_at(k, target);
    if (!f) return vx_fail(x, "no stack map frame at branch target %u", (unsigned)target);
    return assignable_to(x, f, x->stk, x->sp, " (branch target)");
}

static void load_frame(vctx *x, const vframe *f) {
    vm_memcpy(x->loc, f->loc, f->n_loc * sizeof(vtype));
    for (uint32_t i = f->n_loc; i < x->nloc; i++) x->loc[i] = VT_TOP;
    if (f->n_stk) vm_memcpy(x->stk, f->stk, f->n_stk * sizeof(vtype));
    x->sp = f->n_stk;
    x->this_uninit = f->this_uninit;
}

static vm_status check_handlers(vctx *x) {
    const cf_code *code = x->code;
    chk *k = x->algo;
    for (uint16_t i = 0; i < code->n_exceptions; i++) {
        const cf_exception_entry *e = &code->exceptions[i];
        if (x->pc < e->start_pc || x->pc >= e->end_pc) continue;
        const vframe *f = frame_at(k, e->handler_pc);
        if (!f) return vx_fail(x, "no stack map frame at exception handler %u",
                               (unsigned)e->handler_pc);
        vm_status st = assignable_to(x, f, &x->exc_types[i], 1, " (exception handler)");
        if (st != VM_OK) return st;
    }
    return VM_OK;
}

vm_status vx_check_method(vctx *x) {
    const cf_code *code = x->code;
    vm_status st = VM_OK;
    chk k = { 0 };
    k.starts = vx_alloc_m(x, code->code_len, &st);
    if (!k.starts) return st;
    for (uint32_t pc = 0; pc < code->code_len;) {
        uint32_t len = cf_insn_length(code->code, code->code_len, pc);
        if (!len) {
            x->pc = pc;
            return vx_fail(x, "malformed instruction");
        }
        k.starts[pc] = 1;
        pc += len;
    }
    x->algo = &k;
    x->branch = check_branch;
    x->pc = 0;
    if ((st = vx_entry_state(x)) != VM_OK) return st;
    uint32_t n_args = cf_desc_arg_slots(x->m->desc) + ((x->m->access & ACC_STATIC) ? 0 : 1);
    if ((st = decode_frames(x, &k, n_args)) != VM_OK) return st;
    for (uint16_t i = 0; i < code->n_exceptions; i++) {
        const cf_exception_entry *e = &code->exceptions[i];
        if (!k.starts[e->handler_pc] || !k.starts[e->start_pc] ||
            (e->end_pc < code->code_len && !k.starts[e->end_pc])) {
            x->pc = e->handler_pc;
            return vx_fail(x, "exception table entry %u not on instruction boundaries", i);
        }
    }
    uint32_t fi = 0;
    bool have = true;
    for (uint32_t pc = 0; pc < code->code_len;) {
        uint32_t len = cf_insn_length(code->code, code->code_len, pc);
        x->pc = pc;
        if (fi < k.n && k.frames[fi].pc == pc) {
            if (have && (st = assignable_to(x, &k.frames[fi], x->stk, x->sp, "")) != VM_OK)
                return st;
            if ((st = vx_spend(x, x->nloc)) != VM_OK) return st;
            load_frame(x, &k.frames[fi]);
            fi++;
            have = true;
        } else if (!have) {
            return vx_fail(x, "no stack map frame after an unconditional branch, return "
                              "or throw");
        }
        if (code->n_exceptions && ((st = vx_spend(x, code->n_exceptions)) != VM_OK ||
                                   (st = check_handlers(x)) != VM_OK))
            return st;
        bool ends;
        if ((st = vx_spend(x, 1)) != VM_OK || (st = vx_exec(x, len, &ends)) != VM_OK)
            return st;
        if (ends) have = false;
        pc += len;
    }
    if (have) {
        x->pc = code->code_len;
        return vx_fail(x, "execution falls off the end of the code");
    }
    return VM_OK;
}
