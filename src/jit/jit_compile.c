/* jit_compile.c - the baseline method compiler: one pass of analysis
 * (stack depth at every instruction from the GC's stack maps, constant-pool
 * entries resolved through cp_cache / resolve.h, unsupported instructions
 * found), then code generation with x86_emit.c, run once, recorded at the
 * free end of the code cache (W^X code memory, written through its RW
 * view) and moved down in place with its jumps sized (x86_finish).
 *
 * Code model (see jit.h): the frame layout is the interpreter's.  Locals
 * and operand slots stay in the value stack, addressed from r13 (= the
 * frame's locals; operand slot k is at r13 + 8*(nl + k), nl = max_locals);
 * the operand depth at each instruction is known statically.  Registers:
 *   rbx  vm           r12  jframe *       r13  locals base
 *   r14  jvalue *ret  rax rcx rdx rsi rdi  scratch
 *   rbp r15 r8-r11  cached locals and array lengths (REGCACHE/ACACHE,
 *                   write-through; r8-r11 reloaded after calls)
 * The optimizing core on top of the templates below: a virtual operand
 * stack (jit_vstack.c) that the hot instructions go through (jit_fastops.c);
 * anything else gets the stack flushed to memory first and uses its template
 * here.  jit_loops.c finds branch targets (where the stack is in memory),
 * the locals to cache and the loops to version for BCE: gen_range emits
 * such a loop twice, the copy without the checks entered only through the
 * check hoisted before the loop.
 * Before every helper that may allocate or throw, the code stores the
 * bytecode pc (and sp) into the frame, so the GC sees the frame through
 * the stack map at that pc.  Rare paths (NullPointerException, bounds,
 * division by zero, class initialisation) are out-of-line stubs emitted
 * after the method body.
 *
 * Independent of where its input comes from: the generator reads only the
 * jmethod (bytecode, max_locals, descriptors) and the analysis results;
 * later front ends (chain fusion, inlining) can hand it other input.
 */
#include "jit_codegen.h"
#include "jit_stats.h"
#include "../core/mem.h"
#include "../core/fmt.h"
#include "../gc/stackmap.h"
#include "../runtime/classes.h"
#include "../runtime/resolve.h"
#include "../runtime/limits.h"
#include "t2_main.h"
#include "../interp/opcodes.h"

uint32_t jc_new_label(x86_buf *b, jc *c) {
    if (c->next_label >= c->max_labels) { x86_fail(b, VM_ERR_LIMIT); return 0; }
    return c->next_label++;
}

static bool grow_stubs(jc *c);

uint32_t jc_add_stub(x86_buf *b, jc *c, uint8_t kind, uint32_t pc, uint32_t depth) {
    if (c->n_stubs == c->cap_stubs) { x86_fail(b, VM_ERR_LIMIT); return 0; }
    if (c->n_stubs == c->stubs_room && !grow_stubs(c)) { x86_fail(b, VM_ERR_NOMEM); return 0; }
    jit_stub *s = &c->stubs[c->n_stubs++];
    /* field by field, the rest zero: not the whole struct (vs[] past vs_n
     * is never read, and zeroing its 8 entries cost more than the rest) */
    s->label = jc_new_label(b, c);
    s->resume = 0;
    s->pc = pc;
    s->depth = depth;
    s->kind = kind;
    s->arr_slot = 0;
    s->idx_slot = 0;
    s->cls = NULL;
    s->maybe_null = false;
    s->res_type = 0;
    s->res_reg = 0;
    /* the virtual stack as it is now: the stub stores it to memory */
    s->vs_n = (uint8_t)c->vs_n;
    s->vs_base = c->vs_base;
    for (uint32_t i = 0; i < c->vs_n; i++) s->vs[i] = c->vs[i];
    s->callee = NULL;
    s->cell = NULL;
    s->has_cell = false;
    s->wb_sync = !c->wb_template;   /* WRITEBACK: jc_wb_sync_stub */
    s->pic = false;
    return c->n_stubs - 1;
}

/* f->pc = pc; f->sp = &operand[depth] */
void jc_save_state_seq(x86_seq *q, const jc *c, uint32_t pc, int32_t depth) {
    jc_seq_fixed(q, ST_PC);                                          /* mov dword [r12+32], pc */
    jc_seq_u32(q, pc);
    x86s_lea(q, X86_RAX, R_LV, STK_D(c, depth));                     /* lea rax, [r13+slot] */
    jc_seq_fixed(q, ST_SP_RAX);                                      /* mov [r12+24], rax */
}
void jc_save_state(x86_buf *b, jc *c, uint32_t pc, int32_t depth) {
    x86_seq q;
    q.n = 0;
    jc_save_state_seq(&q, c, pc, depth);
    x86_seq_put(b, &q);
}

/* C sees this method's frame on top and the budget counter (REGBUDGET):
 * jc_call_bracket (jit_invoke.c) */
static void call_inline(x86_buf *b, const jc *c, const void *fn) { jc_call_bracket(b, c, fn); }

void jc_call(x86_buf *b, const jc *c, const void *fn) { call_inline(b, c, fn); }

/* test eax, eax; jnz exc */
void jc_check_status(x86_buf *b, jc *c) {
    x86_test_rr32(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_NE, c->l_exc);
}

/* ---- out-of-line C calls: the method's shared tail ----
 * The stubs after the body call C with their status checked
 * (jc_call_flags with JC_CC_CHK) through one tail emitted once per method
 * after them (gen_cc_tails), when there are enough of them (gen_method):
 * a stub sets up the arguments but rdi (and rsi, JC_CC_FR / JC_CC_M) and
 * does `call entry` (5 bytes instead of jc_call's 35-byte bracket, the
 * argument moves and the status test):
 *   entry:  [mov rsi, r12 | movabs rsi, m]; movabs rax, fn; jmp tail
 *   tail:   mov rdi, rbx
 *           mov r10d, [rsp+8]; mov [vm+frame_count], r10d   (the frame
 *                          number is past the return address)
 *           mov [vm+budget], r14                            (REGBUDGET)
 *           sub rsp, 8; call rax; add rsp, 8                (16-aligned)
 *           mov r14, [vm+budget]                            (REGBUDGET)
 *           test eax, eax; jnz drop; ret
 *   drop:   pop r10; jmp exc       (the stub's return address dropped)
 * The throw stubs jump (no return) to the throw tail just before the
 * exception dispatch (jc_jmp_throw). */
static uint32_t cc_entry(x86_buf *b, jc *c, const void *fn, unsigned flags) {
    for (uint32_t i = 0; i < c->n_cc; i++)
        if (c->cc[i].fn == fn && c->cc[i].flags == flags) return c->cc[i].label;
    if (c->n_cc == JC_CC_MAX) return X86_UNBOUND;
    uint32_t l = jc_new_label(b, c);
    if (b->err != VM_OK) return X86_UNBOUND;
    c->cc[c->n_cc].fn = fn;
    c->cc[c->n_cc].flags = (uint8_t)flags;
    c->cc[c->n_cc++].label = l;
    return l;
}

void jc_call_flags(x86_buf *b, jc *c, const void *fn, unsigned flags) {
    if (c->ool && (flags & JC_CC_CHK)) {
        uint32_t l = cc_entry(b, c, fn, flags);
        if (l != X86_UNBOUND) { x86_call_label(b, l); return; }
    }
    x86_mov_rr64(b, X86_RDI, R_VM);
    if (flags & JC_CC_FR) x86_mov_rr64(b, X86_RSI, R_FR);
    if (flags & JC_CC_M) x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)c->m);
    call_inline(b, c, fn);
    if (flags & JC_CC_CHK) jc_check_status(b, c);
}

void jc_jmp_throw(x86_buf *b, jc *c) {
    if (c->l_throw == X86_UNBOUND) c->l_throw = jc_new_label(b, c);
    if (b->err == VM_OK) x86_jmp(b, c->l_throw);
}

/* the entries and the tail of the C calls the stubs made, and the throw
 * tail (c->ool off) */
static void gen_cc_tails(x86_buf *b, jc *c) {
    if (c->n_cc) {
        uint32_t l_tail = jc_new_label(b, c), l_drop = jc_new_label(b, c);
        if (b->err != VM_OK) return;
        x86_seq q;
        q.n = 0;
        for (uint32_t i = 0; i < c->n_cc; i++) {
            const struct jc_cc *e = &c->cc[i];
            x86_bind(b, e->label);
            if (e->flags & JC_CC_FR) x86s_mov_rr64(&q, X86_RSI, R_FR);
            if (e->flags & JC_CC_M) x86s_movabs(&q, X86_RSI, (uint64_t)(uintptr_t)c->m);
            x86s_movabs(&q, X86_RAX, (uint64_t)(uintptr_t)e->fn);
            x86_seq_put(b, &q);
            if (i + 1 < c->n_cc) x86_jmp(b, l_tail);
        }
        x86_bind(b, l_tail);
        x86s_mov_rr64(&q, X86_RDI, R_VM);
        x86_seq_put(b, &q);
        jc_tail_bracket(b, c);          /* frame number from [rsp+8], the call, the budget */
        x86s_test_rr32(&q, X86_RAX, X86_RAX);
        x86_seq_put(b, &q);
        x86_jcc(b, X86_CC_NE, l_drop);
        x86s_ret_put(b, &q);            /* ret (or the return thunk) */
        x86_bind(b, l_drop);
        x86s_pop(&q, X86_R10);          /* the stub's return address */
        x86_seq_put(b, &q);
        if (c->l_throw != X86_UNBOUND) x86_jmp(b, c->l_exc);
    }
    if (c->l_throw != X86_UNBOUND) {    /* jumped to: [rsp] is the frame number */
        x86_bind(b, c->l_throw);
        x86_seq q;
        q.n = 0;
        x86s_mov_rr64(&q, X86_RDI, R_VM);
        x86_seq_put(b, &q);
        call_inline(b, c, (const void *)jit_rt_throw);
    }
    /* (both fall into the exception dispatch, bound next) */
}

/* the stubs' calls through the tail (c->ool) when there are enough of
 * them: a tail costs about three inline calls */
static bool want_tail(const jc *c) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->n_stubs; i++) {
        uint8_t k = c->stubs[i].kind;
        n += k == ST_TICK || k == ST_AASTORE || k == ST_INIT || k == ST_MIRROR || k == ST_INLCALL ||
             (k == ST_CALL && c->stubs[i].res_type != 'E');
    }
    return n >= 3;
}

void jc_gen_count(x86_buf *b, jc *c, int32_t *ctr, uint32_t pc, uint32_t resume) {
    uint32_t s = jc_add_stub(b, c, ST_COUNT, pc, 0);
    if (b->err != VM_OK) return;
    c->stubs[s].resume = resume;
    c->stubs[s].arr_slot = ctr == &c->m->t2_edges_left;   /* (a back edge's: ST_COUNT calls t2_rt_backedge) */
    x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)ctr);
    x86_alu_mi32(b, X86_SUB, x86_m(X86_RAX, 0), 1);      /* sub dword [rax], 1 */
    x86_jcc(b, X86_CC_LE, c->stubs[s].label);           /* jle count stub */
}

/* call a helper from the method body: the caller-saved cached locals are
 * reloaded from the frame afterwards (eax, xmm0 kept) */
static void rt_call(x86_buf *b, jc *c, const void *fn) {
    jc_call(b, c, fn);
    jc_reload_cached(b, c, false);
}

/* rax = object at slot; null -> NPE stub */
static void load_nonnull(x86_buf *b, jc *c, int32_t slot, uint32_t pc, int32_t d) {
    x86_ld64(b, X86_RAX, STK(c, slot));
    x86_test_rr64(b, X86_RAX, X86_RAX);
    uint32_t s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
    if (b->err == VM_OK) x86_jcc(b, X86_CC_E, c->stubs[s].label);
}

/* the class-initialisation check for static accesses of a class not yet
 * initialised when the method was compiled */
void jc_init_check(x86_buf *b, jc *c, jclass *cls, uint32_t pc, int32_t d) {
    if (!rt_class_needs_init(cls)) return;
    x86_seq q;
    q.n = 0;
    x86s_movabs(&q, X86_RAX, (uint64_t)(uintptr_t)&cls->state);
    jc_seq_fixed(&q, LD8ZX_EAX_RAX);                /* movzx eax, byte [rax] */
    x86s_alu_ri(&q, false, X86_CMP, X86_RAX, CLS_INITIALIZED);
    x86_seq_put(b, &q);
    uint32_t s = jc_add_stub(b, c, ST_INIT, pc, (uint32_t)d);
    if (b->err != VM_OK) return;
    c->stubs[s].cls = cls;
    c->stubs[s].resume = jc_new_label(b, c);
    x86_jcc(b, X86_CC_NE, c->stubs[s].label);
    x86_bind(b, c->stubs[s].resume);
}

/* rax = array (non-null), rcx = index (in bounds) */
static void array_check(x86_buf *b, jc *c, int32_t aslot, uint32_t pc, int32_t d) {
    if (c->bce_loop >= 0 && c->bce[pc] == (uint32_t)c->bce_loop + 1) {
        /* in a versioned loop's fast copy: checked before the loop (BCE) */
        c->fired |= 1u << JIT_OPT_BCE;
        x86_ld64(b, X86_RAX, STK(c, aslot));
        x86_ld32(b, X86_RCX, STK(c, aslot + 1));
        return;
    }
    load_nonnull(b, c, aslot, pc, d);
    x86_ld32(b, X86_RCX, STK(c, aslot + 1));
    x86_alu_rm32(b, X86_CMP, X86_RCX, x86_m(X86_RAX, 12));
    uint32_t s = jc_add_stub(b, c, ST_AIOOBE, pc, (uint32_t)d);
    if (b->err != VM_OK) return;
    c->stubs[s].arr_slot = (uint32_t)aslot;
    c->stubs[s].idx_slot = (uint32_t)aslot + 1;
    x86_jcc(b, X86_CC_AE, c->stubs[s].label);
}

static x86_mem elem(int scale) { return x86_mx(X86_RAX, X86_RCX, scale, JOBJ_HEADER_SIZE); }

/* load a field/static of type t from [m] into rcx (Java slot value) */
static void load_typed(x86_buf *b, char t, x86_mem m) {
    switch (t) {
    case 'I': case 'F': x86_ld32(b, X86_RCX, m); break;
    case 'Z': case 'B': x86_ld8sx(b, X86_RCX, m); break;
    case 'C': x86_ld16zx(b, X86_RCX, m); break;
    case 'S': x86_ld16sx(b, X86_RCX, m); break;
    default: x86_ld64(b, X86_RCX, m); break; /* J D L [ */
    }
}

/* store rcx (Java slot value) as type t to [m] */
static void store_typed(x86_buf *b, char t, x86_mem m) {
    switch (t) {
    case 'I': case 'F': x86_st32(b, m, X86_RCX); break;
    case 'Z': x86_alu_ri32(b, X86_AND, X86_RCX, 1); x86_st8(b, m, X86_RCX); break;
    case 'B': x86_st8(b, m, X86_RCX); break;
    case 'C': case 'S': x86_st16(b, m, X86_RCX); break;
    default: x86_st64(b, m, X86_RCX); break;
    }
}

/* the field of the object in rax: [rax + offset] (OBJECT), or without
 * OBJECT the generic path reading the offset from the resolved jfield at
 * run time:  movabs rdx, &f->offset; mov edx, [rdx]; [rax + rdx] */
static x86_mem field_at(x86_buf *b, jc *c, const jfield *f) {
    if (jc_opt(c, JIT_OPT_OBJECT)) {
        c->fired |= 1u << JIT_OPT_OBJECT;
        return x86_m(X86_RAX, (int32_t)f->offset);
    }
    x86_movabs(b, X86_RDX, (uint64_t)(uintptr_t)&f->offset);
    x86_ld32(b, X86_RDX, x86_m(X86_RDX, 0));
    return x86_mx(X86_RAX, X86_RDX, 1, 0);
}

static int width_of(char t) { return t == 'J' || t == 'D' ? 2 : 1; }

static enum x86_cc cond_of(int k) {
    /* eq ne lt ge gt le */
    static const enum x86_cc cc[6] = { X86_CC_E, X86_CC_NE, X86_CC_L, X86_CC_GE, X86_CC_G, X86_CC_LE };
    return cc[k];
}

/* operand shuffles for dup* / swap: out[i] names the input (0 = top) */
typedef struct shuffle { uint8_t n_in, n_out; uint8_t out[6]; } shuffle;

/* mov reg_k, [slot d-1-k] ...; mov [slot base+k], reg_out[k] ... (one x86_seq) */
static void do_shuffle(x86_buf *b, jc *c, int32_t d, const shuffle *s) {
    static const int regs[4] = { X86_RAX, X86_RCX, X86_RDX, X86_RSI };
    x86_seq q;
    q.n = 0;
    for (int k = 0; k < s->n_in; k++) x86s_ld64(&q, regs[k], R_LV, STK_D(c, d - 1 - k));
    int32_t base = d - s->n_in;
    for (int k = 0; k < s->n_out; k++) x86s_st64(&q, R_LV, STK_D(c, base + k), regs[s->out[k]]);
    x86_seq_put(b, &q);
}

static void int_divrem(x86_buf *b, jc *c, bool is_long, bool rem, uint32_t pc, int32_t d) {
    int32_t a = is_long ? d - 4 : d - 2, v = is_long ? d - 2 : d - 1;
    uint32_t s = jc_add_stub(b, c, ST_DIV0, pc, (uint32_t)d);
    uint32_t l_norm = jc_new_label(b, c), l_done = jc_new_label(b, c);
    if (b->err != VM_OK) return;
    if (is_long) {
        x86_ld64(b, X86_RCX, STK(c, v));
        x86_test_rr64(b, X86_RCX, X86_RCX);
        x86_jcc(b, X86_CC_E, c->stubs[s].label);
        x86_ld64(b, X86_RAX, STK(c, a));
        x86_alu_ri64(b, X86_CMP, X86_RCX, -1);
        x86_jcc(b, X86_CC_NE, l_norm);
        if (rem) x86_mov_ri32(b, X86_RAX, 0); else x86_neg64(b, X86_RAX);
        x86_jmp(b, l_done);
        x86_bind(b, l_norm);
        x86_cqo(b);
        x86_idiv64(b, X86_RCX);
        if (rem) x86_mov_rr64(b, X86_RAX, X86_RDX);
    } else {
        x86_ld32(b, X86_RCX, STK(c, v));
        x86_test_rr32(b, X86_RCX, X86_RCX);
        x86_jcc(b, X86_CC_E, c->stubs[s].label);
        x86_ld32(b, X86_RAX, STK(c, a));
        x86_alu_ri32(b, X86_CMP, X86_RCX, -1);
        x86_jcc(b, X86_CC_NE, l_norm);
        if (rem) x86_mov_ri32(b, X86_RAX, 0); else x86_neg32(b, X86_RAX);
        x86_jmp(b, l_done);
        x86_bind(b, l_norm);
        x86_cdq(b);
        x86_idiv32(b, X86_RCX);
        if (rem) x86_mov_rr32(b, X86_RAX, X86_RDX);
    }
    x86_bind(b, l_done);
    x86_st64(b, STK(c, a), X86_RAX);
}

/* branches (and their budget tick) are generated in jit_fastops.c */
static void branch_to(x86_buf *b, jc *c, int cc, uint32_t pc, uint32_t target) {
    jc_branch_to(b, c, cc, pc, target);
}

/* Switch on eax over cases [from, to): tableswitch (key lo + i, offset at
 * tbl[4i]) or lookupswitch (sorted key/offset pairs at tbl[8i]).  Binary
 * search: cmp; je case; jl left half; right half inline; left half. */
static void gen_switch(x86_buf *b, jc *c, uint32_t pc, const uint8_t *tbl, int32_t lo,
                       uint32_t from, uint32_t to, bool table, uint32_t dflt) {
    while (from < to && b->err == VM_OK) {
        uint32_t mid = from + (to - from) / 2;
        int32_t key = table ? (int32_t)((uint32_t)lo + mid) : jc_s4(tbl + 8 * (size_t)mid);
        int32_t off = table ? jc_s4(tbl + 4 * (size_t)mid) : jc_s4(tbl + 8 * (size_t)mid + 4);
        x86_alu_ri32(b, X86_CMP, X86_RAX, key);
        branch_to(b, c, X86_CC_E, pc, (uint32_t)((int32_t)pc + off));
        if (mid == from) {               /* no left half */
            from = mid + 1;
            continue;
        }
        uint32_t l_left = jc_new_label(b, c);
        x86_jcc(b, X86_CC_L, l_left);
        gen_switch(b, c, pc, tbl, lo, mid + 1, to, table, dflt);
        x86_bind(b, l_left);
        to = mid;
    }
    branch_to(b, c, -1, pc, dflt);
}

/* ---- code generation of one instruction --------------------------------------- */

/* a float result (xmm0) to its operand slot as a whole 8-byte slot (upper
 * half zero): a 4-byte store read back by the 8-byte slot copies of
 * fload/fstore would miss store forwarding (a stall of ~15 cycles)
 *     movd eax, xmm0; mov [slot], rax */
static void st_float(x86_buf *b, x86_mem slot) {
    x86_movd_rx(b, X86_RAX, 0);
    x86_st64(b, slot, X86_RAX);
}

static void gen_insn(x86_buf *b, jc *c, uint32_t pc) {
    const uint8_t *ip = c->code + pc;
    int32_t d = c->depth[pc];
    uint8_t op = ip[0];
    switch (op) {
    case OP_nop: break;
    case OP_aconst_null: x86_st64_imm(b, STK(c, d), 0); break;
    case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
    case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        x86_st64_imm(b, STK(c, d), (int32_t)op - OP_iconst_0);
        break;
    case OP_lconst_0: case OP_lconst_1: x86_st64_imm(b, STK(c, d), op - OP_lconst_0); break;
    case OP_fconst_0: x86_st64_imm(b, STK(c, d), 0); break;
    case OP_fconst_1: x86_st64_imm(b, STK(c, d), 0x3f800000); break;
    case OP_fconst_2: x86_st64_imm(b, STK(c, d), 0x40000000); break;
    case OP_dconst_0: x86_st64_imm(b, STK(c, d), 0); break;
    case OP_dconst_1:
        x86_movabs(b, X86_RAX, 0x3ff0000000000000ull);
        x86_st64(b, STK(c, d), X86_RAX);
        break;
    case OP_bipush: x86_st64_imm(b, STK(c, d), (int8_t)ip[1]); break;
    case OP_sipush: x86_st64_imm(b, STK(c, d), jc_s2(ip + 1)); break;
    case OP_ldc: case OP_ldc_w: case OP_ldc2_w: {
        uint16_t idx = op == OP_ldc ? ip[1] : jc_u2(ip + 1);
        const cf_const *k = &c->m->owner->cf->cp[idx];
        if (k->tag == CP_CLASS) {
            /* the mirror, created on first use (then fixed: non-moving heap) */
            jclass *cls = c->res[pc];
            uint32_t l_again = jc_new_label(b, c);
            uint32_t s = jc_add_stub(b, c, ST_MIRROR, pc, (uint32_t)d);
            if (b->err != VM_OK) break;
            c->stubs[s].cls = cls;
            c->stubs[s].resume = l_again;
            x86_bind(b, l_again);
            x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)&cls->mirror);
            x86_ld64(b, X86_RAX, x86_m(X86_RAX, 0));
            x86_test_rr64(b, X86_RAX, X86_RAX);
            x86_jcc(b, X86_CC_E, c->stubs[s].label);
        } else if (c->res[pc]) {
            x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)c->res[pc]);
        } else if (op == OP_ldc2_w) {
            x86_mov_imm(b, X86_RAX, k->u.i64);
        } else {
            x86_mov_ri32(b, X86_RAX, (uint32_t)k->u.i32);
        }
        x86_st64(b, STK(c, d), X86_RAX);
        break;
    }
    case OP_iload: case OP_fload: case OP_aload: case OP_lload: case OP_dload:
        x86_ld64(b, X86_RAX, LOC(c, ip[1]));
        x86_st64(b, STK(c, d), X86_RAX);
        break;
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
        x86_ld64(b, X86_RAX, LOC(c, op - OP_iload_0)); x86_st64(b, STK(c, d), X86_RAX); break;
    case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
        x86_ld64(b, X86_RAX, LOC(c, op - OP_lload_0)); x86_st64(b, STK(c, d), X86_RAX); break;
    case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
        x86_ld64(b, X86_RAX, LOC(c, op - OP_fload_0)); x86_st64(b, STK(c, d), X86_RAX); break;
    case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
        x86_ld64(b, X86_RAX, LOC(c, op - OP_dload_0)); x86_st64(b, STK(c, d), X86_RAX); break;
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3:
        x86_ld64(b, X86_RAX, LOC(c, op - OP_aload_0)); x86_st64(b, STK(c, d), X86_RAX); break;
    case OP_istore: case OP_fstore: case OP_astore:
        x86_ld64(b, X86_RAX, STK(c, d - 1)); x86_st64(b, LOC(c, ip[1]), X86_RAX); break;
    case OP_lstore: case OP_dstore:
        x86_ld64(b, X86_RAX, STK(c, d - 2)); x86_st64(b, LOC(c, ip[1]), X86_RAX); break;
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        x86_ld64(b, X86_RAX, STK(c, d - 1)); x86_st64(b, LOC(c, op - OP_istore_0), X86_RAX); break;
    case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
        x86_ld64(b, X86_RAX, STK(c, d - 1)); x86_st64(b, LOC(c, op - OP_fstore_0), X86_RAX); break;
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
        x86_ld64(b, X86_RAX, STK(c, d - 1)); x86_st64(b, LOC(c, op - OP_astore_0), X86_RAX); break;
    case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
        x86_ld64(b, X86_RAX, STK(c, d - 2)); x86_st64(b, LOC(c, op - OP_lstore_0), X86_RAX); break;
    case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
        x86_ld64(b, X86_RAX, STK(c, d - 2)); x86_st64(b, LOC(c, op - OP_dstore_0), X86_RAX); break;
    case OP_iinc: x86_alu_mi32(b, X86_ADD, LOC(c, ip[1]), (int8_t)ip[2]); break;
    case OP_wide: {
        uint16_t idx = jc_u2(ip + 2);
        switch (ip[1]) {
        case OP_iload: case OP_fload: case OP_aload: case OP_lload: case OP_dload:
            x86_ld64(b, X86_RAX, LOC(c, idx)); x86_st64(b, STK(c, d), X86_RAX); break;
        case OP_istore: case OP_fstore: case OP_astore:
            x86_ld64(b, X86_RAX, STK(c, d - 1)); x86_st64(b, LOC(c, idx), X86_RAX); break;
        case OP_lstore: case OP_dstore:
            x86_ld64(b, X86_RAX, STK(c, d - 2)); x86_st64(b, LOC(c, idx), X86_RAX); break;
        default: /* iinc */
            x86_alu_mi32(b, X86_ADD, LOC(c, idx), jc_s2(ip + 4)); break;
        }
        break;
    }

    /* ---- arrays ---- */
    case OP_iaload: case OP_faload:
        array_check(b, c, d - 2, pc, d); x86_ld32(b, X86_RDX, elem(4));
        x86_st64(b, STK(c, d - 2), X86_RDX); break;
    case OP_laload: case OP_daload: case OP_aaload:
        array_check(b, c, d - 2, pc, d); x86_ld64(b, X86_RDX, elem(8));
        x86_st64(b, STK(c, d - 2), X86_RDX); break;
    case OP_baload:
        array_check(b, c, d - 2, pc, d); x86_ld8sx(b, X86_RDX, elem(1));
        x86_st64(b, STK(c, d - 2), X86_RDX); break;
    case OP_caload:
        array_check(b, c, d - 2, pc, d); x86_ld16zx(b, X86_RDX, elem(2));
        x86_st64(b, STK(c, d - 2), X86_RDX); break;
    case OP_saload:
        array_check(b, c, d - 2, pc, d); x86_ld16sx(b, X86_RDX, elem(2));
        x86_st64(b, STK(c, d - 2), X86_RDX); break;
    case OP_iastore: case OP_fastore:
        array_check(b, c, d - 3, pc, d); x86_ld32(b, X86_RDX, STK(c, d - 1));
        x86_st32(b, elem(4), X86_RDX); break;
    case OP_lastore: case OP_dastore:
        array_check(b, c, d - 4, pc, d); x86_ld64(b, X86_RDX, STK(c, d - 2));
        x86_st64(b, elem(8), X86_RDX); break;
    case OP_castore: case OP_sastore:
        array_check(b, c, d - 3, pc, d); x86_ld32(b, X86_RDX, STK(c, d - 1));
        x86_st16(b, elem(2), X86_RDX); break;
    case OP_bastore: {
        uint32_t l_store = jc_new_label(b, c);
        array_check(b, c, d - 3, pc, d);
        x86_ld32(b, X86_RDX, STK(c, d - 1));
        /* boolean[]: store v & 1 */
        x86_ld64(b, X86_RSI, x86_m(X86_RAX, 0));
        x86_ld8zx(b, X86_RSI, x86_m(X86_RSI, (int32_t)offsetof(jclass, elem_type)));
        x86_alu_ri32(b, X86_CMP, X86_RSI, 'Z');
        x86_jcc(b, X86_CC_NE, l_store);
        x86_alu_ri32(b, X86_AND, X86_RDX, 1);
        x86_bind(b, l_store);
        x86_st8(b, elem(1), X86_RDX);
        break;
    }
    case OP_aastore:
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_lea(b, X86_RSI, STK(c, d - 3));
        rt_call(b, c, (const void *)jit_rt_aastore);
        jc_check_status(b, c);
        break;
    case OP_arraylength:
        load_nonnull(b, c, d - 1, pc, d);
        x86_ld32(b, X86_RAX, x86_m(X86_RAX, 12));
        x86_st64(b, STK(c, d - 1), X86_RAX);
        break;
    case OP_newarray:
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_mov_ri32(b, X86_RSI, ip[1]);
        x86_lea(b, X86_RDX, STK(c, d - 1));
        rt_call(b, c, (const void *)jit_rt_newarray);
        jc_check_status(b, c);
        break;
    case OP_anewarray:
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)((jclass *)c->res[pc])->array_class);
        x86_lea(b, X86_RDX, STK(c, d - 1));
        rt_call(b, c, (const void *)jit_rt_anewarray);
        jc_check_status(b, c);
        break;

    /* ---- stack ---- */
    case OP_pop: case OP_pop2: break;
    case OP_dup: { static const shuffle s = { 1, 2, { 0, 0 } }; do_shuffle(b, c, d, &s); break; }
    case OP_dup_x1: { static const shuffle s = { 2, 3, { 0, 1, 0 } }; do_shuffle(b, c, d, &s); break; }
    case OP_dup_x2: { static const shuffle s = { 3, 4, { 0, 2, 1, 0 } }; do_shuffle(b, c, d, &s); break; }
    case OP_dup2: { static const shuffle s = { 2, 4, { 1, 0, 1, 0 } }; do_shuffle(b, c, d, &s); break; }
    case OP_dup2_x1: { static const shuffle s = { 3, 5, { 1, 0, 2, 1, 0 } }; do_shuffle(b, c, d, &s); break; }
    case OP_dup2_x2: { static const shuffle s = { 4, 6, { 1, 0, 3, 2, 1, 0 } }; do_shuffle(b, c, d, &s); break; }
    case OP_swap: { static const shuffle s = { 2, 2, { 0, 1 } }; do_shuffle(b, c, d, &s); break; }

    /* ---- int arithmetic ---- */
    case OP_iadd: case OP_isub: case OP_iand: case OP_ior: case OP_ixor: {
        enum x86_alu a = op == OP_iadd ? X86_ADD : op == OP_isub ? X86_SUB :
                         op == OP_iand ? X86_AND : op == OP_ior ? X86_OR : X86_XOR;
        x86_ld32(b, X86_RAX, STK(c, d - 2));
        x86_alu_rm32(b, a, X86_RAX, STK(c, d - 1));
        x86_st64(b, STK(c, d - 2), X86_RAX);
        break;
    }
    case OP_imul:
        x86_ld32(b, X86_RAX, STK(c, d - 2));
        x86_ld32(b, X86_RCX, STK(c, d - 1));
        x86_imul_rr32(b, X86_RAX, X86_RCX);
        x86_st64(b, STK(c, d - 2), X86_RAX);
        break;
    case OP_idiv: int_divrem(b, c, false, false, pc, d); break;
    case OP_irem: int_divrem(b, c, false, true, pc, d); break;
    case OP_ineg:
        x86_ld32(b, X86_RAX, STK(c, d - 1)); x86_neg32(b, X86_RAX);
        x86_st64(b, STK(c, d - 1), X86_RAX); break;
    case OP_ishl: case OP_ishr: case OP_iushr:
        x86_ld32(b, X86_RCX, STK(c, d - 1));
        x86_ld32(b, X86_RAX, STK(c, d - 2));
        x86_shift_cl32(b, op == OP_ishl ? X86_SHL : op == OP_ishr ? X86_SAR : X86_SHR, X86_RAX);
        x86_st64(b, STK(c, d - 2), X86_RAX);
        break;

    /* ---- long arithmetic ---- */
    case OP_ladd: case OP_lsub: case OP_land: case OP_lor: case OP_lxor: {
        enum x86_alu a = op == OP_ladd ? X86_ADD : op == OP_lsub ? X86_SUB :
                         op == OP_land ? X86_AND : op == OP_lor ? X86_OR : X86_XOR;
        x86_ld64(b, X86_RAX, STK(c, d - 4));
        x86_alu_rm64(b, a, X86_RAX, STK(c, d - 2));
        x86_st64(b, STK(c, d - 4), X86_RAX);
        break;
    }
    case OP_lmul:
        x86_ld64(b, X86_RAX, STK(c, d - 4));
        x86_ld64(b, X86_RCX, STK(c, d - 2));
        x86_imul_rr64(b, X86_RAX, X86_RCX);
        x86_st64(b, STK(c, d - 4), X86_RAX);
        break;
    case OP_ldiv: int_divrem(b, c, true, false, pc, d); break;
    case OP_lrem: int_divrem(b, c, true, true, pc, d); break;
    case OP_lneg:
        x86_ld64(b, X86_RAX, STK(c, d - 2)); x86_neg64(b, X86_RAX);
        x86_st64(b, STK(c, d - 2), X86_RAX); break;
    case OP_lshl: case OP_lshr: case OP_lushr:
        x86_ld32(b, X86_RCX, STK(c, d - 1));
        x86_ld64(b, X86_RAX, STK(c, d - 3));
        x86_shift_cl64(b, op == OP_lshl ? X86_SHL : op == OP_lshr ? X86_SAR : X86_SHR, X86_RAX);
        x86_st64(b, STK(c, d - 3), X86_RAX);
        break;
    case OP_lcmp:
        x86_ld64(b, X86_RDX, STK(c, d - 4));
        x86_alu_rm64(b, X86_CMP, X86_RDX, STK(c, d - 2));
        x86_setcc(b, X86_CC_G, X86_RAX);
        x86_setcc(b, X86_CC_L, X86_RCX);
        x86_movzx8_rr(b, X86_RAX, X86_RAX);
        x86_movzx8_rr(b, X86_RCX, X86_RCX);
        x86_alu_rr32(b, X86_SUB, X86_RAX, X86_RCX);
        x86_st64(b, STK(c, d - 4), X86_RAX);
        break;

    /* ---- floating point (SSE2 scalar; xmm0/xmm1 scratch) ---- */
    case OP_fadd: case OP_fsub: case OP_fmul: case OP_fdiv: {
        enum x86_sse_op o = op == OP_fadd ? X86_SSE_ADD : op == OP_fsub ? X86_SSE_SUB :
                            op == OP_fmul ? X86_SSE_MUL : X86_SSE_DIV;
        x86_movss_ld(b, 0, STK(c, d - 2));
        x86_movss_ld(b, 1, STK(c, d - 1));
        x86_sse_ss(b, o, 0, 1);
        st_float(b, STK(c, d - 2));
        break;
    }
    case OP_dadd: case OP_dsub: case OP_dmul: case OP_ddiv: {
        enum x86_sse_op o = op == OP_dadd ? X86_SSE_ADD : op == OP_dsub ? X86_SSE_SUB :
                            op == OP_dmul ? X86_SSE_MUL : X86_SSE_DIV;
        x86_movsd_ld(b, 0, STK(c, d - 4));
        x86_movsd_ld(b, 1, STK(c, d - 2));
        x86_sse_sd(b, o, 0, 1);
        x86_movsd_st(b, STK(c, d - 4), 0);
        break;
    }
    case OP_frem:
        x86_movss_ld(b, 0, STK(c, d - 2));
        x86_movss_ld(b, 1, STK(c, d - 1));
        rt_call(b, c, (const void *)jit_rt_frem);
        st_float(b, STK(c, d - 2));
        break;
    case OP_drem:
        x86_movsd_ld(b, 0, STK(c, d - 4));
        x86_movsd_ld(b, 1, STK(c, d - 2));
        rt_call(b, c, (const void *)jit_rt_drem);
        x86_movsd_st(b, STK(c, d - 4), 0);
        break;
    case OP_fneg:  /* flip the sign bit (exact for NaN and -0.0) */
        x86_ld32(b, X86_RAX, STK(c, d - 1));
        x86_alu_ri32(b, X86_XOR, X86_RAX, INT32_MIN);
        x86_st64(b, STK(c, d - 1), X86_RAX);
        break;
    case OP_dneg:
        x86_ld64(b, X86_RAX, STK(c, d - 2));
        x86_movabs(b, X86_RCX, 0x8000000000000000ull);
        x86_alu_rr64(b, X86_XOR, X86_RAX, X86_RCX);
        x86_st64(b, STK(c, d - 2), X86_RAX);
        break;
    case OP_i2f: x86_ld32(b, X86_RAX, STK(c, d - 1)); x86_cvtsi2ss32(b, 0, X86_RAX);
        st_float(b, STK(c, d - 1)); break;
    case OP_i2d: x86_ld32(b, X86_RAX, STK(c, d - 1)); x86_cvtsi2sd32(b, 0, X86_RAX);
        x86_movsd_st(b, STK(c, d - 1), 0); break;
    case OP_l2f: x86_ld64(b, X86_RAX, STK(c, d - 2)); x86_cvtsi2ss64(b, 0, X86_RAX);
        st_float(b, STK(c, d - 2)); break;
    case OP_l2d: x86_ld64(b, X86_RAX, STK(c, d - 2)); x86_cvtsi2sd64(b, 0, X86_RAX);
        x86_movsd_st(b, STK(c, d - 2), 0); break;
    case OP_f2d: x86_movss_ld(b, 0, STK(c, d - 1)); x86_cvtss2sd(b, 0, 0);
        x86_movsd_st(b, STK(c, d - 1), 0); break;
    case OP_d2f: x86_movsd_ld(b, 0, STK(c, d - 2)); x86_cvtsd2ss(b, 0, 0);
        st_float(b, STK(c, d - 2)); break;
    case OP_f2i: case OP_f2l:  /* NaN -> 0 and saturation: jmath */
        x86_movss_ld(b, 0, STK(c, d - 1));
        rt_call(b, c, op == OP_f2i ? (const void *)jit_rt_f2i : (const void *)jit_rt_f2l);
        if (op == OP_f2i) x86_mov_rr32(b, X86_RAX, X86_RAX);
        x86_st64(b, STK(c, d - 1), X86_RAX);
        break;
    case OP_d2i: case OP_d2l:
        x86_movsd_ld(b, 0, STK(c, d - 2));
        rt_call(b, c, op == OP_d2i ? (const void *)jit_rt_d2i : (const void *)jit_rt_d2l);
        if (op == OP_d2i) x86_mov_rr32(b, X86_RAX, X86_RAX);
        x86_st64(b, STK(c, d - 2), X86_RAX);
        break;
    case OP_fcmpl: case OP_fcmpg: case OP_dcmpl: case OP_dcmpg: {
        bool dbl = op == OP_dcmpl || op == OP_dcmpg;
        int32_t a = dbl ? d - 4 : d - 2, v = dbl ? d - 2 : d - 1;
        uint32_t l_nan = jc_new_label(b, c), l_done = jc_new_label(b, c);
        if (dbl) {
            x86_movsd_ld(b, 0, STK(c, a));
            x86_movsd_ld(b, 1, STK(c, v));
            x86_ucomisd(b, 0, 1);
        } else {
            x86_movss_ld(b, 0, STK(c, a));
            x86_movss_ld(b, 1, STK(c, v));
            x86_ucomiss(b, 0, 1);
        }
        x86_jcc(b, X86_CC_P, l_nan);            /* unordered */
        x86_setcc(b, X86_CC_A, X86_RAX);        /* a > b */
        x86_setcc(b, X86_CC_B, X86_RCX);        /* a < b */
        x86_movzx8_rr(b, X86_RAX, X86_RAX);
        x86_movzx8_rr(b, X86_RCX, X86_RCX);
        x86_alu_rr32(b, X86_SUB, X86_RAX, X86_RCX);
        x86_jmp(b, l_done);
        x86_bind(b, l_nan);
        x86_mov_ri32(b, X86_RAX, op == OP_fcmpl || op == OP_dcmpl ? 0xffffffffu : 1u);
        x86_bind(b, l_done);
        x86_mov_rr32(b, X86_RAX, X86_RAX);
        x86_st64(b, STK(c, a), X86_RAX);
        break;
    }

    /* ---- switches: a balanced tree of compares ---- */
    case OP_tableswitch: case OP_lookupswitch: {
        const uint8_t *p = c->code + ((pc + 4) & ~3u);
        uint32_t dflt = (uint32_t)((int32_t)pc + jc_s4(p));
        x86_ld32(b, X86_RAX, STK(c, d - 1));
        if (op == OP_tableswitch) {
            int32_t lo = jc_s4(p + 4), hi = jc_s4(p + 8);
            gen_switch(b, c, pc, p + 12, lo, 0, (uint32_t)((int64_t)hi - lo + 1), true, dflt);
        } else {
            uint32_t n = (uint32_t)jc_s4(p + 4);
            gen_switch(b, c, pc, p + 8, 0, 0, n, false, dflt);
        }
        break;
    }

    /* ---- conversions ---- */
    case OP_i2l: x86_ld32sx(b, X86_RAX, STK(c, d - 1)); x86_st64(b, STK(c, d - 1), X86_RAX); break;
    case OP_l2i: x86_ld32(b, X86_RAX, STK(c, d - 2)); x86_st64(b, STK(c, d - 2), X86_RAX); break;
    case OP_i2b: x86_ld8sx(b, X86_RAX, STK(c, d - 1)); x86_st64(b, STK(c, d - 1), X86_RAX); break;
    case OP_i2c: x86_ld16zx(b, X86_RAX, STK(c, d - 1)); x86_st64(b, STK(c, d - 1), X86_RAX); break;
    case OP_i2s: x86_ld16sx(b, X86_RAX, STK(c, d - 1)); x86_st64(b, STK(c, d - 1), X86_RAX); break;

    /* ---- branches ---- */
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
        x86_alu_mi32(b, X86_CMP, STK(c, d - 1), 0);
        branch_to(b, c, (int)cond_of(op - OP_ifeq), pc, (uint32_t)((int32_t)pc + jc_s2(ip + 1)));
        break;
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple:
        x86_ld32(b, X86_RAX, STK(c, d - 2));
        x86_alu_rm32(b, X86_CMP, X86_RAX, STK(c, d - 1));
        branch_to(b, c, (int)cond_of(op - OP_if_icmpeq), pc, (uint32_t)((int32_t)pc + jc_s2(ip + 1)));
        break;
    case OP_if_acmpeq: case OP_if_acmpne:
        x86_ld64(b, X86_RAX, STK(c, d - 2));
        x86_alu_rm64(b, X86_CMP, X86_RAX, STK(c, d - 1));
        branch_to(b, c, op == OP_if_acmpeq ? X86_CC_E : X86_CC_NE, pc, (uint32_t)((int32_t)pc + jc_s2(ip + 1)));
        break;
    case OP_ifnull: case OP_ifnonnull:
        x86_alu_mi64(b, X86_CMP, STK(c, d - 1), 0);
        branch_to(b, c, op == OP_ifnull ? X86_CC_E : X86_CC_NE, pc, (uint32_t)((int32_t)pc + jc_s2(ip + 1)));
        break;
    case OP_goto: branch_to(b, c, -1, pc, (uint32_t)((int32_t)pc + jc_s2(ip + 1))); break;
    case OP_goto_w: branch_to(b, c, -1, pc, (uint32_t)((int32_t)pc + jc_s4(ip + 1))); break;

    /* ---- fields ---- */
    case OP_getfield: {
        jfield *f = c->res[pc];
        load_nonnull(b, c, d - 1, pc, d);
        load_typed(b, f->type, field_at(b, c, f));
        x86_st64(b, STK(c, d - 1), X86_RCX);
        break;
    }
    case OP_putfield: {
        jfield *f = c->res[pc];
        int w = width_of(f->type);
        load_nonnull(b, c, d - 1 - w, pc, d);
        x86_ld64(b, X86_RCX, STK(c, d - w));
        store_typed(b, f->type, field_at(b, c, f));
        break;
    }
    case OP_getstatic: case OP_putstatic: {
        jfield *f = c->res[pc];
        jc_init_check(b, c, f->owner, pc, d);
        x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)(f->owner->statics + f->offset));
        if (op == OP_getstatic) {
            load_typed(b, f->type, x86_m(X86_RAX, 0));
            x86_st64(b, STK(c, d), X86_RCX);
        } else {
            x86_ld64(b, X86_RCX, STK(c, d - width_of(f->type)));
            store_typed(b, f->type, x86_m(X86_RAX, 0));
        }
        break;
    }

    /* ---- calls ---- */
    case OP_invokestatic: case OP_invokespecial: case OP_invokevirtual: case OP_invokeinterface:
        jc_gen_invoke(b, c, pc);
        jc_reload_cached(b, c, false);
        break;

    /* ---- objects ---- */
    case OP_new:
        if (jc_gen_new(b, c, pc, d)) break;         /* jit_alloc.c */
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)c->res[pc]);
        x86_lea(b, X86_RDX, STK(c, d));
        rt_call(b, c, (const void *)jit_rt_new);
        jc_check_status(b, c);
        break;
    case OP_multianewarray: {
        uint32_t dims = ip[3];
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)c->res[pc]);
        x86_mov_ri32(b, X86_RDX, dims);
        x86_lea(b, X86_RCX, STK(c, d - (int32_t)dims));
        rt_call(b, c, (const void *)jit_rt_multianewarray);
        jc_check_status(b, c);
        break;
    }
    case OP_invokedynamic:
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_mov_rr64(b, X86_RSI, R_FR);
        x86_mov_ri32(b, X86_RDX, pc);
        x86_mov_ri32(b, X86_RCX, (uint32_t)d);
        rt_call(b, c, (const void *)jit_rt_indy);
        jc_check_status(b, c);
        break;
    case OP_checkcast:
        if (jc_gen_checkcast(b, c, pc, d)) break;   /* jit_typecheck.c */
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_ld64(b, X86_RSI, STK(c, d - 1));
        x86_movabs(b, X86_RDX, (uint64_t)(uintptr_t)c->res[pc]);
        rt_call(b, c, (const void *)jit_rt_checkcast);
        jc_check_status(b, c);
        break;
    case OP_instanceof:
        if (jc_gen_instanceof(b, c, pc, d)) break;  /* jit_typecheck.c */
        x86_ld64(b, X86_RDI, STK(c, d - 1));
        x86_movabs(b, X86_RSI, (uint64_t)(uintptr_t)c->res[pc]);
        rt_call(b, c, (const void *)jit_rt_instanceof);
        x86_mov_rr32(b, X86_RAX, X86_RAX);
        x86_st64(b, STK(c, d - 1), X86_RAX);
        break;
    case OP_athrow:
        jc_save_state(b, c, pc, d);
        x86_mov_rr64(b, X86_RDI, R_VM);
        x86_ld64(b, X86_RSI, STK(c, d - 1));
        rt_call(b, c, (const void *)jit_rt_athrow);
        x86_jmp(b, c->l_exc);
        break;
    case OP_monitorenter: case OP_monitorexit: {
        /* single-threaded VM: only the null check */
        x86_alu_mi64(b, X86_CMP, STK(c, d - 1), 0);
        uint32_t s = jc_add_stub(b, c, ST_NPE, pc, (uint32_t)d);
        if (b->err == VM_OK) x86_jcc(b, X86_CC_E, c->stubs[s].label);
        break;
    }

    /* ---- returns ---- */
    case OP_ireturn:
        x86_ld32(b, X86_RAX, STK(c, d - 1));
        x86_narrow_int(b, c->m->ret, X86_RAX);
        x86_st64(b, x86_m(R_LV, 0), X86_RAX);
        x86_mov_rr64(b, X86_RDX, X86_RAX);          /* the result in rdx too */
        x86_mov_ri32(b, X86_RAX, VM_OK);
        x86_jmp(b, c->l_ret);
        break;
    case OP_freturn:
        x86_ld32(b, X86_RAX, STK(c, d - 1));
        x86_st64(b, x86_m(R_LV, 0), X86_RAX);
        x86_mov_ri32(b, X86_RAX, VM_OK);
        x86_jmp(b, c->l_ret);
        break;
    case OP_areturn: case OP_lreturn: case OP_dreturn:
        x86_ld64(b, X86_RAX, STK(c, d - (op == OP_areturn ? 1 : 2)));
        x86_st64(b, x86_m(R_LV, 0), X86_RAX);
        x86_mov_rr64(b, X86_RDX, X86_RAX);          /* the result in rdx too */
        x86_mov_ri32(b, X86_RAX, VM_OK);
        x86_jmp(b, c->l_ret);
        break;
    case OP_return:
        x86_mov_ri32(b, X86_RAX, VM_OK);
        x86_jmp(b, c->l_ret);
        break;
    default:
        x86_fail(b, VM_ERR_INTERNAL); /* analysis let an unsupported insn through */
        break;
    }
}

static void gen_stub(x86_buf *b, jc *c, const jit_stub *s) {
    if (s->kind == ST_CALL) { jc_gen_call_stub(b, c, s); return; }
    x86_bind(b, s->label);
    jc_wb_sync_stub(b, c, s);       /* WRITEBACK: the cached int locals to the frame */
    /* the operands the virtual stack held when the stub was added */
    jc_vs_store_entries(b, c, s->vs, s->vs_n, s->vs_base);
    x86_seq q;      /* the straight-line runs (x86_emit.h) */
    q.n = 0;
    jc_save_state_seq(&q, c, s->pc, (int32_t)s->depth);
    /* (rdi = vm: jc_call_flags) */
    switch (s->kind) {
    case ST_TICK:
        x86_seq_put(b, &q);
        jc_call_flags(b, c, (const void *)jit_rt_budget_expired, JC_CC_M | JC_CC_CHK);
        jc_reload_cached(b, c, false);
        x86_jmp(b, s->resume);
        return;
    case ST_INLCALL:
        /* an inlined call's way out: the call itself, its result to rax */
        if (s->maybe_null)   /* the inlined code took the tick: the call takes it */
            jc_budget_op_seq(&q, c, X86_ADD, 1);   /* add qword [vm+budget] (or r14), 1 */
        x86_seq_put(b, &q);
        jc_gen_call_only(b, c, s->pc);
        jc_reload_cached(b, c, false);
        if (s->res_type == 'I') x86_ld32(b, s->res_reg, STK(c, (int32_t)s->arr_slot));
        else if (s->res_type == 'A') x86_ld64(b, s->res_reg, STK(c, (int32_t)s->arr_slot));
        x86_jmp(b, s->resume);
        return;
    case ST_COUNT: {
        /* (tier2=hot) tier 2 now; at a back edge (arr_slot set by
         * jc_gen_count; pc: the loop header, the branch's target) maybe
         * its code entered at that header (OSR): it finishes the method,
         * its status (eax) and result (rdx, locals[0]) are this one's */
        bool edge = s->arr_slot != 0;
        x86_seq_put(b, &q);
        jc_call_flags(b, c, edge ? (const void *)t2_rt_backedge : (const void *)t2_rt_hot_call, JC_CC_M);
        if (edge) {
            uint32_t l_no = jc_new_label(b, c);
            x86_test_rr64(b, X86_RAX, X86_RAX);
            x86_jcc(b, X86_CC_E, l_no);
            x86_mov_rr64(b, X86_RSI, R_FR);
            x86_mov_rr64(b, X86_RDX, R_LV);
            x86_ld32(b, X86_R8, x86_m(X86_RSP, 0));   /* mov r8d, [rsp]: the frame number */
            x86_call_thunk(b, X86_RAX);                /* the OSR code's fast entry (retpolines: the thunk) */
            x86_jmp(b, c->l_ret);                      /* eax: its status */
            x86_bind(b, l_no);
        }
        jc_reload_cached(b, c, false);
        x86_jmp(b, s->resume);
        return;
    }
    case ST_AASTORE:
        /* the store with its assignability check (ArrayStoreException) */
        x86s_lea(&q, X86_RSI, R_LV, STK_D(c, (int32_t)s->depth - 3));
        x86_seq_put(b, &q);
        jc_call_flags(b, c, (const void *)jit_rt_aastore, JC_CC_CHK);
        jc_reload_cached(b, c, false);
        x86_jmp(b, s->resume);
        return;
    case ST_INIT: case ST_MIRROR:
        x86s_movabs(&q, X86_RSI, (uint64_t)(uintptr_t)s->cls);
        x86_seq_put(b, &q);
        jc_call_flags(b, c, s->kind == ST_INIT ? (const void *)jit_rt_init_class
                                               : (const void *)jit_rt_mirror, JC_CC_CHK);
        jc_reload_cached(b, c, false);
        x86_jmp(b, s->resume);
        return;
    case ST_AIOOBE: {
        /* mov rax, arr; (test rax, rax; jz npe: a cached length of 0 also
         * stands for null); mov ecx, [rax+12]; mov edx, idx */
        uint32_t l_npe = 0, l_call = 0;
        if (s->maybe_null) { l_npe = jc_new_label(b, c); l_call = jc_new_label(b, c); }
        x86s_ld64(&q, X86_RAX, R_LV, STK_D(c, (int32_t)s->arr_slot));
        if (s->maybe_null) {
            x86s_test_rr64(&q, X86_RAX, X86_RAX);
            x86_seq_put(b, &q);
            x86_jcc(b, X86_CC_E, l_npe);
        }
        x86s_ld32(&q, X86_RCX, X86_RAX, 12);
        x86s_ld32(&q, X86_RDX, R_LV, STK_D(c, (int32_t)s->idx_slot));
        x86s_mov_ri32(&q, X86_RSI, JIT_THROW_AIOOBE);
        if (s->maybe_null) {
            x86_seq_put(b, &q);
            x86_jmp(b, l_call);
            x86_bind(b, l_npe);
            x86s_mov_ri32(&q, X86_RSI, JIT_THROW_NPE);
            x86_seq_put(b, &q);
            x86_bind(b, l_call);
        }
        break;
    }
    case ST_DIV0: x86s_mov_ri32(&q, X86_RSI, JIT_THROW_DIV0); break;
    default: x86s_mov_ri32(&q, X86_RSI, JIT_THROW_NPE); break;
    }
    x86_seq_put(b, &q);
    jc_jmp_throw(b, c);     /* jit_rt_throw, then the exception dispatch */
}

static bool falls_through(uint8_t op) {
    switch (op) {
    case OP_goto: case OP_goto_w: case OP_tableswitch: case OP_lookupswitch: case OP_athrow:
    case OP_ireturn: case OP_lreturn: case OP_freturn: case OP_dreturn: case OP_areturn:
    case OP_return:
        return false;
    default:
        return true;
    }
}

/* ireturn / areturn of the virtual stack's top (in a register, a constant
 * or a local): *ret = it, and rdx = it for a compiled caller (jit_invoke.c),
 * status 0.  The result is not stored to its slot
 * first (a store and reload less on every compiled call). */
static void gen_return_top(x86_buf *b, jc *c, uint8_t op) {
    if (op == OP_lreturn) {
        /* LONGOPS: the long entry under its JC_VS_HI:  mov rdx, imm / mov rdx, r */
        jc_vent *e = jc_vs_top(c, 1);
        if (e->kind == JC_VS_CONST) x86_mov_imm(b, X86_RDX, e->imm);      /* mov rdx, simm */
        else x86_mov_rr64(b, X86_RDX, jc_vs_reg(b, c, 1));                 /* mov rdx, r */
        x86_st64(b, x86_m(R_LV, 0), X86_RDX);
        x86_mov_ri32(b, X86_RAX, VM_OK);
        jc_gen_epilogue(b, c);
        return;
    }
    bool k = op == OP_ireturn && jc_vs_top(c, 0)->kind == JC_VS_CONST;
    if (k) x86_mov_ri32(b, X86_RDX, (uint32_t)jc_vs_top(c, 0)->imm);  /* mov edx, imm (not through rax) */
    int r = k ? X86_RDX : jc_vs_reg(b, c, 0);
    if (op == OP_areturn) {
        x86_mov_rr64(b, X86_RDX, r);
    } else {
        if (!k) x86_mov_rr32(b, X86_RDX, r);
        x86_narrow_int(b, c->m->ret, X86_RDX);
    }
    x86_st64(b, x86_m(R_LV, 0), X86_RDX);          /* and in rdx: jc_gen_invoke */
    x86_mov_ri32(b, X86_RAX, VM_OK);
    jc_gen_epilogue(b, c);           /* the exit here: no jump to l_ret */
}

/* Instructions [from, to] (BCE: again as a loop's fast copy).  At branch
 * targets and handler starts the virtual stack is in memory; instructions
 * without a fast form (jit_fastops.c) get it flushed and use the template
 * above.  Without COMBINEOP the stack is flushed after every instruction. */
static void gen_range(x86_buf *b, jc *c, uint32_t from, uint32_t to) {
    bool fall = false;
    /* instruction by instruction (the analysis checked every length) */
    for (uint32_t pc = from, nx; pc <= to && pc < c->len; pc = nx) {
        uint8_t op = c->code[pc];
        nx = pc + jc_insn_len(c->code, pc, c->len);
        if (nx <= pc) { x86_fail(b, VM_ERR_INTERNAL); return; }
        int32_t depth = c->depth[pc];
        if (depth < 0) continue;
        uint8_t flags = c->pcflags[pc];
        if (flags & JC_PC_TARGET) {
            if (fall) jc_vs_flush(b, c);
            jc_wb_merge(c);
            if (fall && c->bce_loop < 0)
                for (uint32_t k = 0; k < c->n_loops; k++)
                    if (c->loops[k].head == pc) jc_gen_bce_check(b, c, k);
            jc_vs_reset(c, depth);
            if (flags & JC_PC_LOOPHEAD) x86_align(b, 64);  /* loop timing not left to luck */
            x86_bind(b, jc_label(c, pc));   /* (only branch targets are jumped to) */
        } else if (!fall) {
            jc_vs_reset(c, depth);
        }
        if (c->vs_base + (int32_t)c->vs_n != depth) x86_fail(b, VM_ERR_INTERNAL);
        c->skip_to = 0;
        if (((op == OP_ireturn || op == OP_areturn) && c->vs_n > 0) ||
            (op == OP_lreturn && c->vs_n >= 2 && jc_vs_top(c, 0)->kind == JC_VS_HI &&
             jc_opt(c, JIT_OPT_LONGOPS))) {
            gen_return_top(b, c, op);   /* the value from the virtual stack, no flush */
            c->vs_n = 0;
            fall = false;
        } else if (!jc_gen_fast(b, c, pc)) {
            jc_vs_flush(b, c);
            jc_wb_sync_template(b, c, pc);
            gen_insn(b, c, pc);
            c->vs_n = 0;
            fall = false;           /* the next insn resets the (memory) stack */
            if (falls_through(op) && nx < c->len && c->depth[nx] >= 0) {
                jc_vs_reset(c, c->depth[nx]);
                fall = true;
                char rt = jc_invoke_result_in_rdx(c, pc);
                if (rt && c->depth[nx] > 0) {   /* the result, also in rdx */
                    jc_vent e = { JC_VS_REG, rt, X86_RDX, 0, 0 };
                    c->vs_base = c->depth[nx] - 1;
                    c->vs[0] = e;
                    c->vs_n = 1;
                }
            }
        } else {
            if (!jc_opt(c, JIT_OPT_COMBINEOP)) jc_vs_flush(b, c);
            fall = falls_through(op);
            if (c->skip_to > pc + 1) {      /* fused with the next insn(s) */
                pc = c->skip_to - 1;
                nx = c->skip_to;
            }
        }
        if (c->bce_loop < 0)
            for (uint32_t k = 0; k < c->n_loops; k++) {
                if (c->loops[k].back != pc) continue;
                /* the loop's fast copy, entered from the check before it */
                c->bce_loop = (int32_t)k;
                gen_range(b, c, c->loops[k].head, pc);
                c->bce_loop = -1;
                fall = false;
            }
    }
}

/* The whole method: prologue, body, stubs, exception dispatch, epilogue. */
static void gen_method(x86_buf *b, void *ctx) {
    jc *c = ctx;
    c->next_label = 2 * c->len + 2;   /* pcs, l_exc, l_ret, fast-copy pcs */
    c->n_stubs = 0;
    c->l_exc = c->len;
    c->l_ret = c->len + 1;
    c->bce_loop = -1;
    c->ool = false;
    c->n_cc = 0;
    c->l_throw = X86_UNBOUND;
    jc_vs_reset(c, 0);
    jc_gen_prologue(b, c);
    jc_reload_cached(b, c, true);     /* cached locals from the frame */
    if (c->t2_count) {                /* (tier2=hot) the call count */
        uint32_t l_body = jc_new_label(b, c);
        jc_gen_count(b, c, &c->m->t2_calls_left, 0, l_body);
        x86_bind(b, l_body);
    }

    gen_range(b, c, 0, c->len - 1);
    c->ool = want_tail(c);            /* the stubs call C through a shared tail */
    for (uint32_t i = 0; i < c->n_stubs; i++) {
        /* c->stubs moves if it grows: a stub whose code may add stubs
         * (a call's slow path, ST_CALL / ST_INLCALL, or any other kind
         * but the ones below, which add none) gets a copy */
        const jit_stub *s = &c->stubs[i];
        jit_stub st;
        switch (s->kind) {
        case ST_NPE: case ST_AIOOBE: case ST_DIV0: case ST_INIT: case ST_MIRROR:
        case ST_TICK: case ST_AASTORE:
            break;
        default:
            st = *s;
            s = &st;
            break;
        }
        gen_stub(b, c, s);
    }
    c->ool = false;
    gen_cc_tails(b, c);               /* the throw tail last: falls into l_exc */

    /* exceptions: eax = status */
    x86_bind(b, c->l_exc);
    x86_alu_ri32(b, X86_CMP, X86_RAX, VM_ERR_EXCEPTION);
    x86_jcc(b, X86_CC_NE, c->l_ret);
    x86_mov_rr64(b, X86_RDI, R_VM);
    x86_mov_rr64(b, X86_RSI, R_FR);
    jc_call(b, c, (const void *)jit_rt_find_handler);  /* > 0 handler pc + 1, 0 none, < 0 -status */
    jc_reload_cached(b, c, false);                  /* (keeps rax) */
    uint32_t l_abort = jc_new_label(b, c), l_none = jc_new_label(b, c);
    x86_test_rr64(b, X86_RAX, X86_RAX);
    x86_jcc(b, X86_CC_S, l_abort);
    x86_jcc(b, X86_CC_E, l_none);
    const cf_code *code = c->m->code;
    for (uint32_t i = 0; i < code->n_exceptions; i++) {
        uint32_t h = code->exceptions[i].handler_pc;
        bool seen = false;
        for (uint32_t k = 0; k < i; k++) seen |= code->exceptions[k].handler_pc == h;
        if (seen || h >= c->len || c->depth[h] < 0) continue;
        x86_alu_ri32(b, X86_CMP, X86_RAX, (int32_t)h + 1);
        x86_jcc(b, X86_CC_E, h);
    }
    x86_bind(b, l_none);
    x86_mov_ri32(b, X86_RAX, VM_ERR_EXCEPTION);  /* no handler here: to the caller */
    x86_jmp(b, c->l_ret);
    x86_bind(b, l_abort);                         /* budget ran out entering it */
    x86_neg32(b, X86_RAX);
    x86_bind(b, c->l_ret);
    jc_gen_epilogue(b, c);
}

/* ---- analysis ---------------------------------------------------------------- */

uint32_t jc_insn_len_var(const uint8_t *code, uint32_t pc, uint32_t len) {
    uint8_t op = code[pc];
    if (op == OP_wide) return pc + 1 < len && code[pc + 1] == OP_iinc ? 6 : 4;
    if (op == OP_tableswitch || op == OP_lookupswitch) {
        /* the class-file checks guarantee the table lies inside the code */
        uint32_t at = (pc + 4) & ~3u;
        if ((uint64_t)at + 12 > len) return 0;
        const uint8_t *p = code + at;
        uint64_t n = op == OP_tableswitch
                   ? 12 + 4 * (uint64_t)((int64_t)jc_s4(p + 8) - jc_s4(p + 4) + 1)
                   : 8 + 8 * (uint64_t)(uint32_t)jc_s4(p + 4);
        if (at + n > len) return 0;
        return (uint32_t)(at + n - pc);
    }
    return interp_op_len[op];
}

/* Resolve what the instruction at pc refers to; VM_ERR_UNSUPPORTED (with
 * the reason) when it cannot be compiled. */
static vm_status resolve_insn(jc *c, uint32_t pc, vm_diag *d) {
    vm *vm = c->vm;
    jclass *cls = c->m->owner;
    const uint8_t *ip = c->code + pc;
    uint8_t op = ip[0];
    if (!(interp_op_flags[op] & OPF_CP)) return VM_OK;
    uint16_t idx = op == OP_ldc ? ip[1] : jc_u2(ip + 1);
    if (idx == 0 || idx >= cls->cf->cp_count)
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: bad constant-pool index", pc);
    void *cached = cls->cp_cache ? cls->cp_cache[idx] : NULL;
    vm_status st = VM_OK;
    switch (op) {
    case OP_ldc: case OP_ldc_w: {
        uint8_t tag = cls->cf->cp[idx].tag;
        if (tag == CP_INTEGER || tag == CP_FLOAT) return VM_OK;
        if (tag == CP_CLASS) {
            jclass *k = cached;
            if (!k) st = rt_resolve_class(vm, cls, idx, &k);
            if (st != VM_OK) break;
            c->res[pc] = k;
            return VM_OK;
        }
        if (tag != CP_STRING)
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: ldc of a MethodType/MethodHandle/dynamic constant", pc);
        jobject *s = cached;
        if (!s) st = rt_resolve_string(vm, cls, idx, &s);
        if (st != VM_OK) break;
        c->res[pc] = s;
        return VM_OK;
    }
    case OP_ldc2_w: return VM_OK;
    case OP_getfield: case OP_putfield: case OP_getstatic: case OP_putstatic: {
        bool is_static = op == OP_getstatic || op == OP_putstatic;
        jfield *f = cached;
        if (!f) st = rt_resolve_field(vm, cls, idx, is_static, &f);
        if (st != VM_OK) break;
        if (((f->access & ACC_STATIC) != 0) != is_static)
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: static/instance field mismatch", pc);
        if (is_static && !f->owner->statics && f->owner->statics_size)
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: static storage missing", pc);
        c->res[pc] = f;
        return VM_OK;
    }
    case OP_invokestatic: case OP_invokespecial: case OP_invokevirtual: case OP_invokeinterface: {
        jmethod *rm = cached;
        if (!rm) st = rt_resolve_method(vm, cls, idx, &rm);
        if (st != VM_OK) break;
        bool is_static = (rm->access & ACC_STATIC) != 0;
        if (is_static != (op == OP_invokestatic))
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: static/instance method mismatch", pc);
        jmethod *sel = rm;
        uint8_t kind = op == OP_invokestatic ? JIT_INV_DIRECT : op == OP_invokespecial
                       ? JIT_INV_SPECIAL : op == OP_invokevirtual ? JIT_INV_VIRTUAL
                       : JIT_INV_INTERFACE;
        if (op == OP_invokespecial && vm_strcmp(rm->name, "<init>") != 0 &&
            (cls->access & ACC_SUPER)) {
            /* JVMS invokespecial selection (as interp's link_invokespecial) */
            jclass *rc = cls->cp_cache[cls->cf->cp[idx].u.ref.a];
            if (!rc) return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: invokespecial class unresolved", pc);
            bool iface = rc->kind == KIND_INSTANCE && (rc->access & ACC_INTERFACE);
            bool proper_super = false;
            for (const jclass *k = cls->super; k; k = k->super) proper_super |= k == rc;
            if (!iface && proper_super && cls->super) {
                sel = rt_find_method(cls->super, rm->name, rm->desc);
                if (!sel) sel = rm;
            }
        }
        if (op == OP_invokeinterface && (rm->access & ACC_PRIVATE)) kind = JIT_INV_SPECIAL;
        c->res[pc] = sel;
        c->kind[pc] = kind;
        return VM_OK;
    }
    case OP_invokedynamic: return VM_OK;  /* linked when first run (jit_rt_indy) */
    case OP_multianewarray: case OP_new: case OP_anewarray: case OP_checkcast:
    case OP_instanceof: {
        jclass *k = cached;
        if (!k) st = rt_resolve_class(vm, cls, idx, &k);
        if (st != VM_OK) break;
        if (op == OP_new && (k->kind != KIND_INSTANCE || (k->access & (ACC_INTERFACE | ACC_ABSTRACT))))
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: new of a non-instantiable class", pc);
        if (op == OP_multianewarray) {
            jclass *e = k;
            uint32_t dims = ip[3];
            for (uint32_t i = 0; i < dims && e; i++) e = e->kind == KIND_ARRAY ? e->component : NULL;
            if (!e || dims == 0)
                return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: multianewarray dimensions", pc);
        }
        if (op == OP_anewarray && !k->array_class) {
            jclass *ac;
            st = rt_array_class_of(vm, k, &ac);
            if (st != VM_OK) break;
        }
        c->res[pc] = k;
        return VM_OK;
    }
    default:
        return VM_OK;
    }
    /* resolution failed: leave it to the interpreter to raise it when
     * (and if) the instruction runs */
    vm->exception = NULL;
    return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: %s: constant-pool entry %u does not resolve",
                    pc, interp_op_name[op], idx);
}

/* resolve_insn, its time added to vm->jit_resolve_ns when the entry is not
 * resolved yet (resolution loads and links classes: reported apart from
 * the compile time, jit_policy.c) */
static vm_status timed_resolve_insn(jc *c, uint32_t pc, vm_diag *d) {
    const vm_platform *p = c->vm->plat;
    const uint8_t *ip = c->code + pc;
    const jclass *cls = c->m->owner;
    if (!(interp_op_flags[ip[0]] & OPF_CP) || !p->nanotime) return resolve_insn(c, pc, d);
    uint16_t idx = ip[0] == OP_ldc ? ip[1] : jc_u2(ip + 1);
    if (cls->cp_cache && idx < cls->cf->cp_count && cls->cp_cache[idx]) return resolve_insn(c, pc, d);
    int64_t t0 = p->nanotime(p->ud);
    vm_status st = resolve_insn(c, pc, d);
    int64_t t1 = p->nanotime(p->ud);
    if (t1 > t0) c->vm->jit_resolve_ns += (uint64_t)(t1 - t0);
    return st;
}

static bool supported(uint8_t op, const uint8_t *ip) {
    if (op <= OP_sipush) return true;                      /* constants */
    if (op >= OP_ldc && op <= OP_saload) return true;      /* ldc, loads */
    if (op >= OP_istore && op <= OP_sastore) return true;  /* stores */
    if (op >= OP_pop && op <= OP_swap) return true;
    switch (op) {
    case OP_iadd: case OP_ladd: case OP_isub: case OP_lsub: case OP_imul: case OP_lmul:
    case OP_idiv: case OP_ldiv: case OP_irem: case OP_lrem: case OP_ineg: case OP_lneg:
    case OP_ishl: case OP_lshl: case OP_ishr: case OP_lshr: case OP_iushr: case OP_lushr:
    case OP_iand: case OP_land: case OP_ior: case OP_lor: case OP_ixor: case OP_lxor:
    case OP_iinc: case OP_i2l: case OP_l2i: case OP_i2b: case OP_i2c: case OP_i2s:
    case OP_lcmp:
    case OP_fadd: case OP_dadd: case OP_fsub: case OP_dsub: case OP_fmul: case OP_dmul:
    case OP_fdiv: case OP_ddiv: case OP_frem: case OP_drem: case OP_fneg: case OP_dneg:
    case OP_i2f: case OP_i2d: case OP_l2f: case OP_l2d: case OP_f2i: case OP_f2l:
    case OP_f2d: case OP_d2i: case OP_d2l: case OP_d2f:
    case OP_fcmpl: case OP_fcmpg: case OP_dcmpl: case OP_dcmpg:
    case OP_tableswitch: case OP_lookupswitch:
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne:
    case OP_goto: case OP_goto_w: case OP_ifnull: case OP_ifnonnull:
    case OP_ireturn: case OP_lreturn: case OP_freturn: case OP_dreturn: case OP_areturn:
    case OP_return:
    case OP_getstatic: case OP_putstatic: case OP_getfield: case OP_putfield:
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
    case OP_new: case OP_newarray: case OP_anewarray: case OP_arraylength: case OP_athrow:
    case OP_checkcast: case OP_instanceof: case OP_monitorenter: case OP_monitorexit:
    case OP_multianewarray: case OP_invokedynamic:
        return true;
    case OP_wide:
        switch (ip[1]) {
        case OP_iload: case OP_lload: case OP_fload: case OP_dload: case OP_aload:
        case OP_istore: case OP_lstore: case OP_fstore: case OP_dstore: case OP_astore:
        case OP_iinc:
            return true;
        default: return false;
        }
    default:
        return false;
    }
}

static vm_status analyse(jc *c, vm_diag *d) {
    jmethod *m = c->m;
    /* every depth in one walk of the reachable code; the GC's maps are not
     * built for it (the GC builds them when it first scans a frame of m) */
    vm_status st = stackmap_depths_only(c->vm, m, c->depth, d);
    if (st != VM_OK) return vm_diagf(d, VM_ERR_UNSUPPORTED, "no stack depths (%s)", vm_status_str(st));
    uint32_t pc = 0;
    while (pc < c->len) {
        uint8_t op = c->code[pc];
        if (!supported(op, c->code + pc))
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: %s not supported yet", pc,
                            interp_op_name[op]);
        uint32_t n = jc_insn_len(c->code, pc, c->len);
        if (n == 0 || pc + n > c->len) return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: bad length", pc);
        if (c->depth[pc] == -2)   /* reachable but not an instruction start there */
            return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: stack map: %s", pc,
                            vm_status_str(VM_ERR_ARG));
        if (c->depth[pc] >= 0) {
            st = timed_resolve_insn(c, pc, d);
            if (st != VM_OK) return st;
        } /* else unreachable code (-1): not compiled */
        for (uint32_t k = pc + 1; k < pc + n; k++) {
            if (c->depth[k] >= 0)
                return vm_diagf(d, VM_ERR_UNSUPPORTED, "pc %u: stack map: %s", k,
                                vm_status_str(VM_ERR_ARG));
            c->depth[k] = -1;         /* not an instruction start */
        }
        pc += n;
    }
    return VM_OK;
}

/* The compiler's buffers, kept in the VM between compiles (no allocation
 * per compile once they are big enough): the assembler's, and one block
 * for the per-pc tables and the stubs. */
struct jit_scratch {
    x86_buf b;
    uint8_t *mem;
    size_t mem_size;
    jit_stub *stubs;      /* grown as stubs are added (jc_add_stub) */
    uint32_t stubs_cap;
};

static void scratch_free(const vm_platform *p, struct jit_scratch *s) {
    if (!s) return;
    x86_free(&s->b);
    vm_free(p, s->stubs, (size_t)s->stubs_cap * sizeof *s->stubs);
    vm_free(p, s->mem, s->mem_size);
    vm_free(p, s, sizeof *s);
}

/* vm's scratch, or a new one (the first compile, or one nested in another's
 * resolution: the outer one holds vm's) */
static struct jit_scratch *scratch_take(vm *vm) {
    struct jit_scratch *s = vm->jit_scratch;
    if (s) { vm->jit_scratch = NULL; return s; }
    s = vm_zalloc(vm->plat, sizeof *s);
    if (s) s->b.plat = vm->plat;
    return s;
}

static void scratch_give_back(vm *vm, struct jit_scratch *s) {
    if (!vm->jit_scratch) vm->jit_scratch = s;
    else scratch_free(vm->plat, s);
}

/* The compiler's buffers set up before the first compile (with the code
 * cache, jit_policy.c: VM set-up, outside the timed compiles), at sizes
 * that hold a typical method, and touched: the first compile then takes
 * no allocation and no page fault for them (bench/compile_cost.sh;
 * bench/README.md, "History moved out of the code").  They still grow for
 * a larger method.  28.5 KiB (labels 4, sites 6, stubs 10.5, tables 8).  */
#define SCRATCH_LABELS 512u
#define SCRATCH_SITES  256u
#define SCRATCH_STUBS  64u
#define SCRATCH_TABLES 8192u
void jit_scratch_reserve(vm *vm) {
    if (vm->jit_scratch) return;
    struct jit_scratch *s = scratch_take(vm);
    if (!s) return;
    const vm_platform *p = vm->plat;
    if ((s->b.labels = p->realloc(p->ud, NULL, 0, SCRATCH_LABELS * sizeof *s->b.labels))) {
        s->b.labels_cap = SCRATCH_LABELS;
        vm_memset(s->b.labels, 0, SCRATCH_LABELS * sizeof *s->b.labels);
    }
    if ((s->b.fix = p->realloc(p->ud, NULL, 0, SCRATCH_SITES * sizeof *s->b.fix))) {
        s->b.cap_fix = SCRATCH_SITES;
        vm_memset(s->b.fix, 0, SCRATCH_SITES * sizeof *s->b.fix);
    }
    if ((s->stubs = p->realloc(p->ud, NULL, 0, SCRATCH_STUBS * sizeof *s->stubs))) {
        s->stubs_cap = SCRATCH_STUBS;
        vm_memset(s->stubs, 0, SCRATCH_STUBS * sizeof *s->stubs);
    }
    if ((s->mem = p->realloc(p->ud, NULL, 0, SCRATCH_TABLES))) {
        s->mem_size = SCRATCH_TABLES;
        vm_memset(s->mem, 0, SCRATCH_TABLES);
    }
    scratch_give_back(vm, s);   /* (a failed allocation: that buffer grows when used) */
}

void jit_scratch_free(vm *vm) {
    scratch_free(vm->plat, vm->jit_scratch);
    vm->jit_scratch = NULL;
}

/* room for one more stub: the stubs grow geometrically (32 to start) up
 * to c->cap_stubs, not zeroed (jc_add_stub fills each stub it hands out);
 * kept in the scratch between compiles */
static bool grow_stubs(jc *c) {
    struct jit_scratch *s = c->scratch;
    const vm_platform *p = c->vm->plat;
    uint32_t ncap = s->stubs_cap ? s->stubs_cap * 2 : 32;
    if (ncap > c->cap_stubs) ncap = c->cap_stubs;
    jit_stub *n = p->realloc(p->ud, s->stubs, (size_t)s->stubs_cap * sizeof *n,
                             (size_t)ncap * sizeof *n);
    if (!n) return false;
    s->stubs = n;
    s->stubs_cap = ncap;
    c->stubs = n;
    c->stubs_room = ncap;
    return true;
}

/* c's per-pc tables (zeroed) from the scratch block, and its stubs (the
 * scratch's, grown as they are added: a method uses far fewer than its
 * bound, and the memory a compile touches stays in few pages: each fresh
 * page costs a fault) */
static bool scratch_tables(struct jit_scratch *s, const vm_platform *p, jc *c) {
    size_t len = c->len;
    size_t own = (len * (sizeof *c->res + sizeof *c->depth + 1) + 7) & ~(size_t)7;
    size_t need = own + jc_opt_mem_size(c);   /* and jc_analyse_opt's tables */
    if (need > s->mem_size) {
        vm_free(p, s->mem, s->mem_size);
        s->mem_size = 0;
        s->mem = p->realloc(p->ud, NULL, 0, need);
        if (!s->mem) return false;
        s->mem_size = need;
    }
    uint8_t *q = s->mem;                     /* 8-byte entries first */
    c->res = (void **)(void *)q;         q += len * sizeof *c->res;
    c->depth = (int32_t *)(void *)q;     q += len * sizeof *c->depth;
    c->kind = q;
    c->opt_mem = s->mem + own;
    c->opt_mem_lent = true;
    vm_memset(s->mem, 0, need);
    c->scratch = s;
    c->stubs = s->stubs;
    c->stubs_room = s->stubs_cap < c->cap_stubs ? s->stubs_cap : c->cap_stubs;
    return c->stubs_room > 0 || grow_stubs(c);
}

vm_status jit_compile(vm *vm, jmethod *m, vm_diag *d) {
    uint32_t opts;
    return jit_compile_ex(vm, m, &opts, d);
}

static void jc_setup(jc *c, vm *vm, jmethod *m) {
    vm_memset(c, 0, sizeof *c);
    c->vm = vm;
    c->m = m;
    c->code = m->code->code;
    c->len = m->code->code_len;
    c->nl = m->max_locals > m->arg_slots ? m->max_locals : m->arg_slots;
    /* pcs, fast-copy pcs, two per insn, and the length reloads after calls */
    c->max_labels = c->len * 16 + 64;
    c->opts = vm_jit_opts_enabled(vm);
    c->t2_count = t2_hot_counts(vm, m);
    c->cap_stubs = c->len * 2 + 8 + (c->t2_count ? c->len : 0);
}

/* DCALL, callees first (jit_policy.c): m's analysis alone (its
 * constant-pool entries resolved as its compile resolves them), and the
 * methods without code yet that its calls would reach by a direct call
 * (jc_known_callees), at most cap, into out. */
uint32_t jit_known_callees(vm *vm, jmethod *m, jmethod **out, uint32_t cap) {
    if (m->jit_entry || !m->code || !m->owner || !m->owner->cf || vm->exception) return 0;
    char msg[8];
    vm_diag d = { msg, sizeof msg };
    jc c;
    jc_setup(&c, vm, m);
    uint32_t n = 0;
    struct jit_scratch *scr = scratch_take(vm);
    if (!scr) return 0;
    if (scratch_tables(scr, vm->plat, &c) && analyse(&c, &d) == VM_OK) n = jc_known_callees(&c, out, cap);
    vm->exception = NULL;  /* a failed resolution leaves nothing behind (the compile fails it again) */
    scratch_give_back(vm, scr);
    return n;
}

vm_status jit_compile_ex(vm *vm, jmethod *m, uint32_t *opts_fired, vm_diag *d) {
    *opts_fired = 0; /* optimizations OR their 1u << JIT_OPT_* bit in (jit_stats.h) */
    if (m->jit_entry) return VM_OK;
    if (!m->code || !m->owner || !m->owner->cf)
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "no bytecode");
    if ((!vm->plat->code_alloc || !vm->plat->code_protect_exec || !vm->plat->code_free) &&
        (!vm->plat->code_map_dual || !vm->plat->code_unmap_dual))
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "platform has no executable memory");
    if (vm->exception)  /* resolution below may allocate: nothing may be pending */
        return vm_diagf(d, VM_ERR_UNSUPPORTED, "an exception is pending");
    jc c;
    jc_setup(&c, vm, m);
    vm_status st = VM_ERR_NOMEM;
    struct jit_scratch *scr = scratch_take(vm);
    if (!scr) return vm_diagf(d, st, "out of memory");
    x86_buf *bp = &scr->b;
    if (!scratch_tables(scr, vm->plat, &c)) goto out;
    st = analyse(&c, d);
    vm->exception = NULL;  /* a failed resolution leaves nothing behind */
    if (st != VM_OK) goto out;
    st = jc_analyse_opt(&c);
    if (st != VM_OK) goto out;
    st = x86_reset(bp, c.max_labels);
    if (st != VM_OK) goto out;
    /* the code is recorded where it will be, at the free end of the code
     * cache (memory mapped already, and x86_finish then moves it down in
     * place), unless it outgrows the space there */
    uint32_t size, tail_cap;
    uint8_t *tail = jit_code_tail(vm, &tail_cap);
    st = x86_assemble_at(bp, gen_method, &c, tail, tail_cap, &size);
    if (st != VM_OK) {
        vm_diagf(d, st, "code generation failed");
        goto out;
    }
    uint8_t *exec;
    uint8_t *mem = jit_code_alloc(vm, size, &exec);
    if (!mem) { st = vm_diagf(d, VM_ERR_NOMEM, "no code memory"); goto out; }
    if (tail && x86_recorded(bp) == tail && mem != tail) {
        /* recorded in the code cache, but the code block is elsewhere (only
         * if code was added there during this compile, over the recording) */
        jit_code_release(vm, exec);
        st = vm_diagf(d, VM_ERR_INTERNAL, "code cache changed during the compile");
        goto out;
    }
    if (c.cells) {   /* the inline-cache cells are the code block's from now on */
        jit_code_attach(mem, c.cells, (uint32_t)((size_t)c.cap_cells * sizeof *c.cells));
        c.cells = NULL;
    }
    st = x86_finish(bp, mem, size, (uintptr_t)exec);
    if (st == VM_OK && bp->len > size) st = VM_ERR_INTERNAL;
    if (st == VM_OK) jit_code_shrink(vm, mem, bp->len);  /* the recorded code's bound */
    if (st == VM_OK && jit_code_seal(vm, mem) != 0) st = VM_ERR_INTERNAL;
    /* the fast entry too is reached through registers (call r10, the IC) */
    if (st == VM_OK && !x86_is_endbr64(mem + JIT_FAST_ENTRY_OFFSET)) st = VM_ERR_INTERNAL;
    if (st != VM_OK) {
        jit_code_release(vm, exec);
        vm_diagf(d, st, "code emission failed");
        goto out;
    }
    m->jit_entry = exec;
    *opts_fired = c.fired;
out:
    if (c.cells) vm_free(vm->plat, c.cells, (size_t)c.cap_cells * sizeof *c.cells);
    jc_free_opt(&c);
    scratch_give_back(vm, scr);
    return st;
}
