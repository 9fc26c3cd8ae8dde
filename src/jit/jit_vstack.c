/* jit_vstack.c - the JIT's virtual operand stack and cached locals.
 *
 * COMBINEOP/COMBINELD: constants, locals and scratch-register results are
 * pushed as descriptors (jc_vent) at compile time and only stored to their
 * operand slots (STK) when something needs the memory stack: a branch
 * target, an instruction without a fast form, a call.  Stubs record the
 * virtual stack when they are added and store it themselves, so a rare
 * path (NullPointerException, bounds, budget tick) sees the frame exactly
 * as the template JIT left it.
 *
 * REGCACHE/ACACHE: cached locals live in rbp, r15, r8-r11 (jit_codegen.h),
 * write-through: every store writes the register and the frame slot
 * (WRITEBACK: an int local's frame slot only where the frame is read, see
 * jc_wb_* at the end of this file).  The
 * caller-saved ones are reloaded after every call (jc_reload_cached); an
 * array local's length register holds 0 when the local is null, so the
 * bounds check `cmp idx, len; jae stub` also catches null (the stub tells
 * the two apart).
 */
#include "jit_codegen.h"
#include "jit_stats.h"
#include "../core/mem.h"
#include "../interp/opcodes.h"

static const int temps[] = { X86_RAX, X86_RCX, X86_RDX, X86_RSI, X86_RDI };
#define N_TEMPS (sizeof temps / sizeof temps[0])

void jc_vs_reset(jc *c, int32_t depth) {
    c->vs_base = depth;
    c->vs_n = 0;
}

/* the registers (bit r) the entries v[0 .. n) hold */
static uint32_t regs_in(const jc_vent *v, uint32_t n) {
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (v[i].kind == JC_VS_REG) m |= 1u << (v[i].reg & 31);
    return m;
}

/* the first of temps[] not in used, or X86_NOREG */
static int first_free(uint32_t used) {
    for (uint32_t i = 0; i < N_TEMPS; i++)
        if (!((used >> temps[i]) & 1u)) return temps[i];
    return X86_NOREG;
}

int jc_vs_temp(jc *c) {
    return first_free(regs_in(c->vs, c->vs_n));   /* (jc_vs_reserve keeps it from failing) */
}

/* store n entries v to operand slots base.. (scratch: a temp no entry of
 * live[0 .. n_live) uses), as one x86_seq (put when it fills) */
static void store_entries(x86_buf *b, jc *c, const jc_vent *v, uint32_t n, int32_t base,
                          const jc_vent *live, uint32_t n_live) {
    int scratch = X86_NOREG;      /* looked for at the first uncached local */
    x86_seq q;
    q.n = 0;
    for (uint32_t i = 0; i < n; i++) {
        int32_t slot = STK_D(c, base + (int32_t)i);
        if (q.n > X86_SEQ_MAX - 32) x86_seq_put(b, &q);      /* room for the next two */
        switch (v[i].kind) {
        case JC_VS_CONST: x86s_st64_imm(&q, R_LV, slot, v[i].imm); break;  /* mov qword [slot], imm */
        case JC_VS_REG: x86s_st64(&q, R_LV, slot, v[i].reg); break;        /* mov [slot], reg */
        case JC_VS_STK: case JC_VS_HI: break;                              /* already there / nothing */
        case JC_VS_LOCAL: {
            int lr = c->lreg[v[i].local];
            if (lr >= 0) {
                x86s_st64(&q, R_LV, slot, lr);                              /* mov [slot], cached */
                break;
            }
            if (scratch == X86_NOREG) scratch = first_free(regs_in(live, n_live));
            if (scratch == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return; }
            x86s_ld64(&q, scratch, R_LV, (int32_t)(8 * v[i].local));       /* mov t, [local] */
            x86s_st64(&q, R_LV, slot, scratch);                             /* mov [slot], t */
            break;
        }
        default: x86_fail(b, VM_ERR_INTERNAL); break;
        }
    }
    if (q.n) x86_seq_put(b, &q);
}

void jc_vs_store_entries(x86_buf *b, jc *c, const jc_vent *v, uint32_t n, int32_t base) {
    store_entries(b, c, v, n, base, v, n);
}

void jc_vs_flush(x86_buf *b, jc *c) {
    store_entries(b, c, c->vs, c->vs_n, c->vs_base, c->vs, c->vs_n);
    c->vs_base += (int32_t)c->vs_n;
    c->vs_n = 0;
}

void jc_vs_flush_below(x86_buf *b, jc *c, uint32_t keep) {
    if (c->vs_n <= keep) return;
    uint32_t n = c->vs_n - keep;
    store_entries(b, c, c->vs, n, c->vs_base, c->vs, c->vs_n);  /* keeps the top's registers */
    for (uint32_t i = 0; i < keep; i++) c->vs[i] = c->vs[n + i];
    c->vs_base += (int32_t)n;
    c->vs_n = keep;
}

void jc_vs_need(jc *c, uint32_t n, const char *tys) {
    if (c->vs_n >= n) return;
    uint32_t k = n - c->vs_n;
    for (uint32_t i = c->vs_n; i-- > 0;) c->vs[i + k] = c->vs[i];
    for (uint32_t i = 0; i < k; i++) {
        jc_vent e = { tys[i] == 'j' ? JC_VS_HI : JC_VS_STK, tys[i], X86_NOREG, 0, 0 };
        c->vs[i] = e;
    }
    c->vs_base -= (int32_t)k;
    c->vs_n += k;
}

void jc_vs_reserve(x86_buf *b, jc *c, uint32_t nops, uint32_t extra) {
    /* registers the entries hold, plus one for each of the top nops not
     * in one yet: the top m each count one, the rest if in a register */
    uint32_t m = nops < c->vs_n ? nops : c->vs_n, regs = m;
    for (uint32_t i = 0; i < c->vs_n - m; i++) regs += c->vs[i].kind == JC_VS_REG;
    if (regs + extra > N_TEMPS || c->vs_n + 2 > JC_VS_MAX) jc_vs_flush_below(b, c, nops);
}


/* load entry e into register r (ints zero-extended; longs 64 bits: a
 * constant sign-extended, memory with mov r, qword [m]) */
static void load_entry(x86_buf *b, jc *c, const jc_vent *e, int r) {
    switch (e->kind) {
    case JC_VS_CONST:
        if (e->ty == 'I') x86_mov_ri32(b, r, (uint32_t)e->imm);    /* mov r32, imm */
        else x86_mov_imm(b, r, e->imm);                            /* mov r, imm */
        break;
    case JC_VS_REG:
        if (e->reg != r) x86_mov_rr64(b, r, e->reg);               /* mov r, reg */
        break;
    case JC_VS_STK: {
        x86_mem slot = STK(c, c->vs_base + (int32_t)(e - c->vs));
        if (e->ty == 'I') x86_ld32(b, r, slot);                    /* mov r32, [slot] */
        else x86_ld64(b, r, slot);                                 /* mov r, [slot] */
        break;
    }
    case JC_VS_LOCAL: {
        int lr = c->lreg[e->local];
        if (lr >= 0) x86_mov_rr64(b, r, lr);                       /* mov r, cached */
        else if (e->ty == 'I') x86_ld32(b, r, LOC(c, e->local));   /* mov r32, [local] */
        else x86_ld64(b, r, LOC(c, e->local));                     /* mov r, [local] */
        break;
    }
    default: x86_fail(b, VM_ERR_INTERNAL); break;
    }
}

int jc_vs_reg(x86_buf *b, jc *c, uint32_t k) {
    jc_vent *e = jc_vs_top(c, k);
    if (e->kind == JC_VS_REG) return e->reg;
    if (e->kind == JC_VS_LOCAL && c->lreg[e->local] >= 0) return c->lreg[e->local];
    int t = jc_vs_temp(c);
    if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return X86_RAX; }
    load_entry(b, c, e, t);
    e->kind = JC_VS_REG;
    e->reg = (int8_t)t;
    return t;
}

int jc_vs_own(x86_buf *b, jc *c, uint32_t k) {
    jc_vent *e = jc_vs_top(c, k);
    if (e->kind == JC_VS_REG) return e->reg;
    int t = jc_vs_temp(c);
    if (t == X86_NOREG) { x86_fail(b, VM_ERR_INTERNAL); return X86_RAX; }
    load_entry(b, c, e, t);
    e->kind = JC_VS_REG;
    e->reg = (int8_t)t;
    return t;
}

/* Entries naming local i would change meaning when i is stored: copy them
 * into scratch registers first (or flush when none is free). */
void jc_vs_unalias_local(x86_buf *b, jc *c, uint32_t local) {
    for (uint32_t i = 0; i < c->vs_n; i++) {
        jc_vent *e = &c->vs[i];
        if (e->kind != JC_VS_LOCAL || e->local != local) continue;
        int t = jc_vs_temp(c);
        if (t == X86_NOREG) { jc_vs_flush(b, c); return; }
        load_entry(b, c, e, t);
        e->kind = JC_VS_REG;
        e->reg = (int8_t)t;
    }
}

static bool caller_saved(int r) { return r >= X86_R8 && r <= X86_R11; }

/* lenreg = local ? local.length : 0
 *     xor len, len; test arr, arr; jz 1f; mov len, [arr + 12]; 1: */
void jc_load_len(x86_buf *b, jc *c, uint32_t local) {
    int len = c->lenreg[local], arr = c->lreg[local];
    uint32_t l_null = jc_new_label(b, c);
    x86_seq q;
    q.n = 0;
    x86s_alu_rr(&q, false, X86_XOR, len, len);               /* xor len32, len32 */
    x86s_test_rr64(&q, arr, arr);                            /* test arr, arr */
    x86_seq_put(b, &q);
    x86_jcc(b, X86_CC_E, l_null);                            /* jz 1f */
    x86s_ld32(&q, len, arr, 12);                             /* mov len32, [arr + 12] */
    x86_seq_put(b, &q);
    x86_bind(b, l_null);
}

/* the cached locals in local order (c->cl), listed at the first reload
 * (the method entry's), with the reload after a call (c->rl, c->rl_len) */
static void rl_init(jc *c);

static void cl_init(x86_buf *b, jc *c) {
    if (c->cl_ready) return;
    c->cl_ready = true;
    c->n_cl = 0;
    for (uint32_t i = 0; i < c->nl; i++) {
        if (c->lreg[i] < 0) continue;
        if (c->n_cl == JC_MAX_CACHED) { x86_fail(b, VM_ERR_INTERNAL); return; }
        c->cl[c->n_cl++] = (uint16_t)i;
    }
    rl_init(c);
}

/* mov r32, [local] (int) or mov r, [local] (reference, long: LCACHE) */
static void reload_one(x86_seq *q, const jc *c, uint32_t i, int r) {
    if (c->ltype[i] == 'I') x86s_ld32(q, r, R_LV, (int32_t)(8 * i));
    else x86s_ld64(q, r, R_LV, (int32_t)(8 * i));
}

/* the reload after a call is the same at every call of the compile (the
 * cached locals, their registers and types do not change): its loads
 * encoded once, and which length registers it reloads */
static void rl_init(jc *c) {
    x86_seq q;
    q.n = 0;
    c->rl_len = 0;
    for (uint32_t k = 0; k < c->n_cl; k++) {
        uint32_t i = c->cl[k];
        int r = c->lreg[i];
        if (caller_saved(r)) reload_one(&q, c, i, r);
        int l = c->lenreg[i];
        if (l >= 0 && (caller_saved(l) || caller_saved(r))) c->rl_len |= (uint8_t)(1u << k);
    }
    c->n_rl = (uint8_t)q.n;    /* (at most four caller-saved registers) */
    for (uint32_t k = 0; k < q.n; k++) c->rl[k] = q.t[k];
}

/* Reload cached locals from the frame: the caller-saved ones (after a
 * call) or all (method entry). */
static void wb_init(jc *c);

void jc_reload_cached(x86_buf *b, jc *c, bool all) {
    if (!c->lreg) return;
    if (!all) {
        if (c->n_rl) x86_bytes(b, c->rl, c->n_rl);
        for (uint32_t m = c->rl_len; m; m &= m - 1) jc_load_len(b, c, c->cl[__builtin_ctz(m)]);
        return;
    }
    cl_init(b, c);
    wb_init(c);
    c->wb_dirty = 0;               /* every cached local as its frame slot */
    x86_seq q;
    q.n = 0;
    for (uint32_t k = 0; k < c->n_cl; k++) {
        uint32_t i = c->cl[k];
        /* at the entry an int local past the arguments holds nothing yet
         * (the verifier: written before it is read; its slot is not zeroed
         * either, jit_invoke.c): not loaded.  References are (their length
         * registers read them). */
        if (i >= c->m->arg_slots && (c->ltype[i] == 'I' || c->ltype[i] == 'J')) continue;
        reload_one(&q, c, i, c->lreg[i]);
    }
    if (q.n) x86_seq_put(b, &q);
    for (uint32_t k = 0; k < c->n_cl; k++)
        if (c->lenreg[c->cl[k]] >= 0) jc_load_len(b, c, c->cl[k]);
}

/* ---- WRITEBACK -------------------------------------------------------------
 * Registers (bit r) caching int locals that some store writes: those
 * stores skip the frame slot (jit_fastops.c gen_store / gen_iinc / the
 * fused op-store), and the slot is brought up to date where something
 * reads the frame:
 *   - a template instruction (jit_compile.c gen_insn): it may read the
 *     local from the frame, call C, throw into a handler or call a method
 *     (after which jc_reload_cached reloads r8-r11 from the frame): the
 *     stale ones are stored first (jc_wb_sync_template);
 *   - a stub added by fast code (null, bounds, division, budget tick, an
 *     inlined call's fallback, ...): it stores every written one first
 *     (jc_wb_sync_stub; the cached registers are intact where fast code
 *     jumps to a stub, and the stub is out of line).  Stubs added while a
 *     template is emitted need nothing (the template synced, and call
 *     sequences clobber r8-r11 before their slow paths).
 * Handlers reload from the frame (jc_reload_cached), which every way
 * there (a stub or a call) has synced.  Only int-typed locals: references
 * stay write-through for the GC's stack maps. */
bool jc_wb_local(const jc *c, uint32_t local) {
    int r = c->lreg ? c->lreg[local] : -1;
    return r >= 0 && ((c->wb_written >> r) & 1u);
}

static void wb_init(jc *c) {
    if (c->wb_ready) return;
    c->wb_ready = true;
    c->wb_written = 0;
    if (!jc_opt(c, JIT_OPT_WRITEBACK) || !c->lreg) return;
    bool any = false;                  /* an int local cached at all (else no scan) */
    for (uint32_t k = 0; k < c->n_cl; k++) any |= c->ltype[c->cl[k]] == 'I';
    if (!any) return;
    for (uint32_t pc = 0, n; pc < c->len; pc += n) {
        n = jc_insn_len(c->code, pc, c->len);
        if (n == 0) break;
        const uint8_t *ip = c->code + pc;
        uint32_t i;
        switch (ip[0]) {
        case OP_istore: case OP_fstore: case OP_iinc: i = ip[1]; break;
        case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
            i = (uint32_t)(ip[0] - OP_istore_0); break;
        case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
            i = (uint32_t)(ip[0] - OP_fstore_0); break;
        case OP_wide:
            if (ip[1] != OP_istore && ip[1] != OP_fstore && ip[1] != OP_iinc) continue;
            i = jc_u2(ip + 2);
            break;
        default: continue;
        }
        if (i < c->nl && c->lreg[i] >= 0 && c->ltype[i] == 'I')
            c->wb_written |= 1u << c->lreg[i];
    }
}

void jc_wb_mark(jc *c, uint32_t local) { c->wb_dirty |= 1u << c->lreg[local]; }

void jc_wb_merge(jc *c) { c->wb_dirty = c->wb_written; }

static void wb_store(x86_buf *b, jc *c, uint32_t regs) {
    if (!regs) return;
    x86_seq q;
    q.n = 0;
    for (uint32_t k = 0; k < c->n_cl; k++) {
        uint32_t i = c->cl[k];
        int r = c->lreg[i];
        if (c->ltype[i] == 'I' && ((regs >> r) & 1u))
            x86s_st64(&q, R_LV, (int32_t)(8 * i), r);        /* mov [local], cached */
    }
    x86_seq_put(b, &q);
}

/* templates that touch only operand slots, rax/rcx/rdx and xmm0/xmm1 (no
 * call, no cached local, no frame read): no sync; their stubs (a backward
 * branch's tick) sync themselves, like fast code's */
static bool frame_neutral(uint8_t op) {
    switch (op) {
    case OP_nop: case OP_pop: case OP_pop2: case OP_dup: case OP_dup_x1: case OP_dup_x2:
    case OP_dup2: case OP_dup2_x1: case OP_dup2_x2: case OP_swap:
    case OP_lconst_0: case OP_lconst_1:
    case OP_ladd: case OP_lsub: case OP_land: case OP_lor: case OP_lxor: case OP_lmul:
    case OP_lneg: case OP_lshl: case OP_lshr: case OP_lushr: case OP_lcmp:
    case OP_fadd: case OP_fsub: case OP_fmul: case OP_fdiv: case OP_fneg:
    case OP_dadd: case OP_dsub: case OP_dmul: case OP_ddiv: case OP_dneg:
    case OP_fcmpl: case OP_fcmpg: case OP_dcmpl: case OP_dcmpg:
    case OP_i2l: case OP_l2i: case OP_i2b: case OP_i2c: case OP_i2s:
    case OP_i2f: case OP_i2d: case OP_l2f: case OP_l2d: case OP_f2d: case OP_d2f:
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne:
    case OP_ifnull: case OP_ifnonnull: case OP_goto: case OP_goto_w:
        return true;
    default:
        return false;
    }
}

void jc_wb_sync_template(x86_buf *b, jc *c, uint32_t pc) {
    if (frame_neutral(c->code[pc])) { c->wb_template = false; return; }
    wb_store(b, c, c->wb_dirty);
    c->wb_dirty = 0;
    c->wb_template = true;
}

void jc_wb_sync_stub(x86_buf *b, jc *c, const jit_stub *s) {
    if (s->wb_sync) wb_store(b, c, c->wb_written);
    c->wb_template = true;   /* stubs added while stubs are emitted: synced */
}
