/* jit_codegen.h - what the JIT's code generator files share: the
 * per-compile context (jc), the fixed registers, the out-of-line stubs and
 * the small emit helpers every instruction uses.  jit_compile.c drives the
 * compile (analysis, the instruction walk, stubs, exception dispatch);
 * jit_invoke.c generates the calls.
 *
 * Register convention of compiled code (see jit_compile.c):
 *   rbx  vm           r12  jframe *       r13  locals base
 *   r14  the budget counter (REGBUDGET; else unused; saved by the C entry)
 *   r15 (saved if used)  everything else: scratch
 * A method's result goes to its locals[0] ([r13], the caller's operand
 * slot) and, when int-like or a reference, to rdx (jit_invoke.c).
 * [rsp] in the body holds the method's frame number (jit_invoke.c).
 * Operand slot k of the current instruction is at r13 + 8*(nl + k).
 *
 * NOTE (registers owned by the codegen core, jit_vstack.c): rbp, r15 and
 * r8-r11 may hold cached locals / array lengths.  The prologue saves rbp
 * (push rbp; sub rsp, 8 after the five pushes), the epilogue restores it.
 * Call sequences (jc_gen_invoke) may clobber r8-r11 freely: the core
 * reloads them after every call; they must not touch rbp/r15.
 */
#ifndef VIFVM_JIT_CODEGEN_H
#define VIFVM_JIT_CODEGEN_H

#include "jit_internal.h"
#include "x86_emit.h"
#include "x86_fixed.h"
#include "../interp/opcodes.h"

#define R_VM  X86_RBX
#define R_FR  X86_R12
#define R_LV  X86_R13

enum stub_kind { ST_NPE, ST_AIOOBE, ST_DIV0, ST_INIT, ST_MIRROR, ST_TICK,
                 ST_CALL,    /* a fast call's slow path, out of line (jit_invoke.c) */
                 ST_INLCALL, /* an inlined call's fallback: the call itself (jit_inline.c) */
                 ST_AASTORE, /* aastore's general case: jit_rt_aastore (jit_fastops.c) */
                 ST_COUNT   /* (-Xjit:tier2=hot) a call or back-edge count ran out: tier 2,
                               maybe OSR (jit_compile.c, t2_osr.c); pc 0 = the entry's */ };

/* ==== optimizing core: the virtual operand stack (jit_vstack.c) ====
 * An entry describes one category-1 operand slot that is not (yet) in its
 * memory slot STK(c, vs_base + index): a constant, a local variable (in
 * its cached register or its frame slot) or a scratch register. */
enum { JC_VS_CONST = 1, JC_VS_LOCAL, JC_VS_REG,
       JC_VS_STK,  /* already in its own memory slot (pulled by jc_vs_need) */
       JC_VS_HI    /* LONGOPS: the upper slot of the long in the entry below
                      (nothing to store: the long is the 8 bytes of the
                      lower slot, as the templates keep it) */ };
typedef struct jc_vent {
    uint8_t kind;   /* JC_VS_* */
    char ty;        /* 'I' (int, zero-extended in registers), 'A' (reference),
                       'J' (long, 64 bits; LONGOPS, jit_longops.c) or 'j'
                       (JC_VS_HI, its upper slot) */
    int8_t reg;     /* JC_VS_REG */
    uint16_t local; /* JC_VS_LOCAL */
    int32_t imm;    /* JC_VS_CONST ('J': sign-extended to 64 bits) */
} jc_vent;
#define JC_VS_MAX 8

typedef struct jit_stub {
    uint32_t label, resume;
    uint32_t pc, depth;
    uint8_t kind;
    uint32_t arr_slot, idx_slot;   /* ST_AIOOBE: operand slots */
    jclass *cls;                   /* ST_INIT, ST_MIRROR */
    /* ---- optimizing core additions ---- */
    bool maybe_null;               /* ST_AIOOBE: the array may be null (NPE then) */
    char res_type;                 /* ST_INLCALL: result 'I' / 'A' (to res_reg) or 'V' */
    int8_t res_reg;                /* ST_INLCALL (maybe_null: the tick was taken) */
    uint8_t vs_n;                  /* virtual stack when the stub was added: */
    int32_t vs_base;               /*   the stub stores it to memory first */
    jc_vent vs[JC_VS_MAX];
    /* ---- calls (jit_invoke.c) ---- */
    jmethod *callee;               /* ST_CALL: the call's slow path (C helper), */
    const jit_icache *cell;        /*   its inline-cache cell (NULL before the */
    bool has_cell;                 /*   final pass), operand slot in arr_slot, */
                                   /*   invoke kind in idx_slot */
    bool wb_sync;                  /* WRITEBACK: added by fast code (registers
                                      intact): store the cached int locals first */
    bool pic;                      /* ST_CALL: cell is a PIC's JC_PIC_N cells */
} jit_stub;

/* C calls of the stubs (jc_call_flags): what is set up besides rdi = vm */
#define JC_CC_CHK  1u     /* a non-zero status goes to the exception dispatch */
#define JC_CC_FR   2u     /* rsi = the jframe (r12) */
#define JC_CC_M    4u     /* rsi = the method being compiled */
#define JC_CC_MAX  12

typedef struct jc {
    vm *vm;
    jmethod *m;
    const uint8_t *code;
    uint32_t len;
    uint32_t nl;
    int32_t *depth;       /* per pc: depth before the insn, -1 = not an
                             instruction start or unreachable */
    void **res;           /* per pc: resolved jfield/jmethod/jclass/jobject */
    uint8_t *kind;        /* per pc: invoke kind / extra info */
    /* per pass */
    uint32_t next_label, max_labels;
    jit_stub *stubs;
    uint32_t n_stubs, cap_stubs;
    uint32_t stubs_room;  /* stubs allocated (grown up to cap_stubs) */
    struct jit_scratch *scratch; /* where the stubs live (jit_compile.c) */
    uint32_t l_exc, l_ret;

    /* ==== optimizing core additions (jit_vstack.c, jit_fastops.c,
     * jit_loops.c) ==== */
    uint32_t opts;        /* enabled optimizations (1u << JIT_OPT_*) */
    uint32_t fired;       /* optimizations that fired in this method */
    void *opt_mem;        /* the block holding the tables below (jit_loops.c) */
    size_t opt_mem_size;
    bool opt_mem_lent;    /* opt_mem is the caller's (zeroed, jc_opt_mem_size
                             bytes: jit_compile.c's scratch), not freed here */
    uint8_t *pcflags;     /* per pc: JC_PC_* */
    uint8_t *loopdepth;   /* per pc: number of loops containing it */
    int8_t *lreg;         /* per local: register caching it, or -1 */
    int8_t *lenreg;       /* per local (array): register with its length
                             (0 when the local is null), or -1 */
    char *ltype;          /* per local: 'I' / 'A' when cached */
    struct jc_loop *loops;/* BCE: versioned loops (jit_loops.c) */
    uint32_t n_loops;
    uint8_t *bce;         /* per pc: loop index + 1 when the array access at
                             pc needs no checks in that loop's fast copy */
    /* the virtual stack (code generation state): operand slots
     * [0, vs_base) are in memory, [vs_base, vs_base + vs_n) are vs[] */
    int32_t vs_base;
    uint32_t vs_n;
    jc_vent vs[JC_VS_MAX];
    uint32_t skip_to;     /* jc_gen_fast consumed the insns before this pc */
    /* WRITEBACK (jit_vstack.c): bit r = register r caches an int local */
    bool wb_ready;
    uint32_t wb_written;  /* whose frame slot may be stale (some store writes it) */
    uint32_t wb_dirty;    /* whose frame slot may be stale here */
    bool wb_template;     /* code being emitted is a template's (frame synced) */
    /* REGCACHE (jit_vstack.c): the cached locals in local order, listed by
     * the method entry's reload, so that the reloads after calls and the
     * write-back stores visit those (at most six: rbp r15 r8-r11), not
     * every local */
#define JC_MAX_CACHED 6
    bool cl_ready;
    uint8_t n_cl;
    uint16_t cl[JC_MAX_CACHED];
    /* the reload after a call, made once with c->cl (jc_reload_cached):
     * the loads of the caller-saved (r8-r11) cached locals as bytes (at
     * most four 7-byte loads, and the 15 bytes x86_bytes may read past),
     * and bit k: c->cl[k]'s length register is reloaded too */
    uint8_t n_rl;
    uint8_t rl_len;
    uint8_t rl[4 * 7 + 16];
    int32_t bce_loop;     /* loop whose fast copy is being emitted, or -1 */
    uint32_t bce_pass;    /* 0: checked body, 1: fast copy */

    /* ==== calls (jit_invoke.c, jit_inline.c) ==== */
    uint32_t l_fast;      /* label of the fast entry (self calls) */
    uint32_t cache_regs;  /* bit r: register r caches a local or a length
                             (set by jc_gen_prologue, for the saves) */
    uint32_t n_cells;     /* inline-cache cells used so far */
    uint32_t cap_cells;   /* cells allocated (before the code generation) */
    jit_icache *cells;    /* the method's cells, owned by its code once allocated */
    /* INLINING of invokeinterface behind class guards (jit_invoke.c): the
     * implementing classes each site found, fixed where the site is first emitted */
#define JC_IFACE_SITES 8
#define JC_IFACE_IMPLS 2
    uint32_t n_iface;
    struct jc_iface_site {
        uint32_t pc;
        uint32_t n;                            /* 0: none inlined */
        jclass *cls[JC_IFACE_IMPLS];
        jmethod *m[JC_IFACE_IMPLS];
    } iface[JC_IFACE_SITES];

    /* ==== out-of-line C calls (jit_compile.c): the stubs after the body
     * call into C through the method's shared tails ==== */
    bool ool;             /* emitting the stubs: checked C calls go through a tail */
    uint32_t l_throw;     /* the throw tail (jit_rt_throw), X86_UNBOUND if unused */
    uint32_t n_cc;
    struct jc_cc {
        const void *fn;   /* the C helper */
        uint32_t label;   /* its entry */
        uint8_t flags;    /* JC_CC_* */
    } cc[JC_CC_MAX];
    bool t2_count;        /* (-Xjit:tier2=hot, t2_hot_counts) count calls and back edges */
    uint8_t this_nn;      /* THISNN: 0 not looked at, 1 local 0 is `this`
                             throughout (never stored), 2 it is not */
} jc;

static inline uint16_t jc_u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline int16_t jc_s2(const uint8_t *p) { return (int16_t)jc_u2(p); }
static inline int32_t jc_s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
}

static inline x86_mem LOC(const jc *c, uint32_t i) { return x86_m(R_LV, (int32_t)(8 * i)); }
static inline x86_mem STK(const jc *c, int32_t k) { return x86_m(R_LV, (int32_t)(8 * ((int32_t)c->nl + k))); }
/* STK's displacement from R_LV (for the x86_seq forms) */
static inline int32_t STK_D(const jc *c, int32_t k) { return (int32_t)(8 * ((int32_t)c->nl + k)); }

/* ---- shared emit helpers (jit_compile.c) ---- */
uint32_t jc_new_label(x86_buf *b, jc *c);
/* A rare path emitted after the body; returns its index in c->stubs. */
uint32_t jc_add_stub(x86_buf *b, jc *c, uint8_t kind, uint32_t pc, uint32_t depth);
/* f->pc = pc; f->sp = &operand[depth] (before anything that may GC or throw) */
void jc_save_state(x86_buf *b, jc *c, uint32_t pc, int32_t depth);
void jc_save_state_seq(x86_seq *q, const jc *c, uint32_t pc, int32_t depth);  /* the same, into q */

/* Fixed instructions of the call sites and stubs as their bytes, copied
 * whole (n constant: a few moves) instead of encoded one by one; a q
 * already too long stays so (x86_seq_put fails it).  The sequences are
 * x86_fixed.h's (each checked against Capstone): jc_seq_fixed(q, ST_PC)
 * appends x86f_ST_PC. */
static inline void jc_seq_bytes(x86_seq *q, const uint8_t *p, uint32_t n) {
    if (q->n > X86_SEQ_MAX) return;
    __builtin_memcpy(q->t + q->n, p, n);    /* (t has 16 bytes past X86_SEQ_MAX) */
    q->n += n;
}
#define jc_seq_fixed(q, NAME) jc_seq_bytes((q), x86f_##NAME, (uint32_t)sizeof x86f_##NAME)
static inline void jc_seq_u8(x86_seq *q, uint8_t v) {
    if (q->n <= X86_SEQ_MAX) q->t[q->n++] = v;
}
static inline void jc_seq_u32(x86_seq *q, uint32_t v) {
    if (q->n > X86_SEQ_MAX) return;
    x86s_u32(q, v);
}
static inline void jc_seq_u64(x86_seq *q, uint64_t v) {
    if (q->n > X86_SEQ_MAX) return;
    x86s_u32(q, (uint32_t)v);
    x86s_u32(q, (uint32_t)(v >> 32));
}
_Static_assert(R_FR == X86_R12 && R_LV == X86_R13, "the fixed bytes: r12 frame, r13 locals");
_Static_assert(offsetof(jframe, method) == 0 && offsetof(jframe, locals) == 8 &&
               offsetof(jframe, sp) == 0x18 && offsetof(jframe, pc) == 0x20 &&
               sizeof(jframe) == 0x28,
               "the fixed bytes (x86_fixed.h): jframe's offsets");
/* (-Xjit:tier2=hot) count down m's counter at *ctr: `movabs rax, ctr; sub
 * dword [rax], 1; jle` an ST_COUNT stub at pc (its resume: resume) */
void jc_gen_count(x86_buf *b, jc *c, int32_t *ctr, uint32_t pc, uint32_t resume);
/* call C function fn (absolute address, through rax), vm->frame_count set
 * first: compiled-to-compiled calls leave it stale (jit_invoke.c), so every
 * call into C must go through here (it also hands C the budget counter
 * and takes it back, REGBUDGET: jc_budget_to_vm / jc_budget_from_vm) */
void jc_call(x86_buf *b, const jc *c, const void *fn);
/* test eax, eax; jnz to the exception dispatch */
void jc_check_status(x86_buf *b, jc *c);
/* call C function fn(vm, ...): rdi = vm, and (flags) rsi = r12 (JC_CC_FR)
 * or the method (JC_CC_M), the status checked (JC_CC_CHK).  In the stubs
 * (c->ool) a checked call is a `call` to the method's shared tail, which
 * does the rest of jc_call's bracket once per method (jit_compile.c);
 * otherwise all of it inline. */
void jc_call_flags(x86_buf *b, jc *c, const void *fn, unsigned flags);
/* out-of-line throw (NPE/AIOOBE/DIV0 stubs): esi = kind, edx/ecx its
 * operands, state saved: jmp to the method's jit_rt_throw tail */
void jc_jmp_throw(x86_buf *b, jc *c);
/* class-initialisation check of cls before a static access/invoke */
void jc_init_check(x86_buf *b, jc *c, jclass *cls, uint32_t pc, int32_t d);

/* ==== optimizing core (jit_vstack.c, jit_fastops.c, jit_loops.c) ====
 * Registers owned by the codegen core:
 *   rbp r15            cached locals / array lengths (callee-saved;
 *                      jc_gen_prologue/epilogue save rbp too)
 *   r8 r9 r10 r11      cached locals / array lengths (caller-saved:
 *                      reloaded from the frame after every call,
 *                      jc_reload_cached)
 *   rax rcx rdx rsi rdi  scratch and virtual-stack temporaries.
 * Cached locals are write-through: the frame slot LOC(c, i) always holds
 * the current value, so the GC, handlers and stack traces see the frame
 * as before.  jc_gen_invoke is called with the virtual stack flushed. */
#define JC_PC_TARGET   1u   /* branch target or handler start */
#define JC_PC_HANDLER  2u   /* exception handler start */
#define JC_PC_LOOPHEAD 4u   /* target of a backward branch */
/* the inliner's answers at an invoke, made once per compile (jit_inline.c) */
#define JC_PC_NO_INL   8u   /* no inlining candidate there (fast_target) */
#define JC_PC_INL_SEEN 16u  /* jc_inlines_at has answered: */
#define JC_PC_INL_YES  32u  /*   yes */
static inline bool jc_opt(const jc *c, unsigned opt) { return (c->opts >> opt) & 1u; }

/* jit_vstack.c */
void jc_vs_reset(jc *c, int32_t depth);
void jc_vs_flush(x86_buf *b, jc *c);                 /* everything to memory */
void jc_vs_flush_below(x86_buf *b, jc *c, uint32_t keep); /* all but the top keep */
void jc_vs_store_entries(x86_buf *b, jc *c, const jc_vent *v, uint32_t n, int32_t base);
/* (inline: every instruction through the virtual stack uses these) */
static inline jc_vent *jc_vs_top(jc *c, uint32_t k) { return &c->vs[c->vs_n - 1 - k]; } /* k = 0: top */
static inline void jc_vs_push(x86_buf *b, jc *c, jc_vent e) {
    if (c->vs_n == JC_VS_MAX) jc_vs_flush_below(b, c, 0);
    c->vs[c->vs_n++] = e;
}
static inline void jc_vs_pop(jc *c, uint32_t n) { c->vs_n -= n; }
int jc_vs_temp(jc *c);                               /* a free scratch register */
int jc_vs_reg(x86_buf *b, jc *c, uint32_t k);        /* entry k in a register */
int jc_vs_own(x86_buf *b, jc *c, uint32_t k);        /* entry k in a scratch register */
void jc_vs_unalias_local(x86_buf *b, jc *c, uint32_t local); /* before a store to it */
/* the top n operands as entries (memory ones become JC_VS_STK, or
 * JC_VS_HI for type 'j'); tys[0] is the deepest one's type */
void jc_vs_need(jc *c, uint32_t n, const char *tys);
/* room to put the top nops entries and `extra` more values in scratch
 * registers (flushes the entries below them if needed) */
void jc_vs_reserve(x86_buf *b, jc *c, uint32_t nops, uint32_t extra);
void jc_reload_cached(x86_buf *b, jc *c, bool all);  /* after calls / at handlers */
/* WRITEBACK: an int local cached in a register is stored to its frame slot
 * only where the frame is read: before a template instruction that may
 * read locals or call out (jc_wb_sync_template), at the entry of a stub
 * added by fast code (jc_wb_sync_stub; the registers are intact there),
 * so that C code, handlers (jc_reload_cached reloads from the frame) and
 * the reload after a call see the current value.  Branch targets assume
 * every written one stale (jc_wb_merge). */
bool jc_wb_local(const jc *c, uint32_t local);       /* its stores are write-back */
void jc_wb_mark(jc *c, uint32_t local);              /* a store skipped its frame slot */
void jc_wb_merge(jc *c);                             /* at a branch target */
void jc_wb_sync_template(x86_buf *b, jc *c, uint32_t pc);
void jc_wb_sync_stub(x86_buf *b, jc *c, const jit_stub *s);
void jc_load_len(x86_buf *b, jc *c, uint32_t local); /* lenreg = local ? length : 0 */
/* jit_typecheck.c (TYPECHECK): checkcast / instanceof at pc (operand
 * depth d, the stack in memory) inline with the C helper as the fallback;
 * false (nothing emitted) when the optimization is off */
bool jc_gen_checkcast(x86_buf *b, jc *c, uint32_t pc, int32_t d);
bool jc_gen_instanceof(x86_buf *b, jc *c, uint32_t pc, int32_t d);
/* jit_alloc.c (ALLOC): `new` at pc (depth d, the stack in memory) with
 * the heap's fast path inline and jit_rt_new as the fallback; false
 * (nothing emitted) when off or not applicable (class not initialised,
 * instances above 128 bytes, a sanitizer build) */
bool jc_gen_new(x86_buf *b, jc *c, uint32_t pc, int32_t d);
/* jit_longops.c (LONGOPS): the long instruction at pc through the virtual
 * stack; false if it has none (the caller flushes and uses the template) */
bool jc_gen_long(x86_buf *b, jc *c, uint32_t pc);
/* the opcodes jc_gen_long has a case for (the others: false at once; a
 * test the callers make before the call) */
/* jit_longops.c (LDIVC): idiv / irem by a constant (not a power of two)
 * as a multiply-high; false if it does not apply */
bool jc_gen_divc_int(x86_buf *b, jc *c, uint8_t op);
/* jit_longops.c (MINMAX): invokestatic of Math.min/max(JJ)J or (II)I as a
 * compare and cmov; false if the call is not one */
bool jc_gen_minmax(x86_buf *b, jc *c, uint32_t pc);
/* DMATH: Double.compare, Long.compare, Math.max/min(DD), Double.doubleToLongBits
 * inline (jit_dmath.c); false if pc is none of them */
bool jc_gen_dmath(x86_buf *b, jc *c, uint32_t pc);
/* THISNN: the entry e is local 0 of an instance method that no
 * instruction stores to (`this`: never null; jit_fastops.c) */
bool jc_is_this(jc *c, const jc_vent *e);
static inline bool jc_long_op(uint8_t op) {
    switch (op) {
    case OP_lconst_0: case OP_lconst_1: case OP_ldc2_w:
    case OP_lload: case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
    case OP_lstore: case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
    case OP_wide:
    case OP_ladd: case OP_lsub: case OP_lmul: case OP_land: case OP_lor: case OP_lxor:
    case OP_lshl: case OP_lshr: case OP_lushr: case OP_lneg: case OP_i2l: case OP_lcmp:
    case OP_getstatic: case OP_putstatic: case OP_l2i:
    case OP_getfield: case OP_putfield:            /* LMEM */
    case OP_ldiv: case OP_lrem:                    /* LDIVC */
        return true;
    default:
        return false;
    }
}
/* jit_fastops.c: the instruction at pc through the virtual stack; false if
 * it has no fast form (the caller flushes and uses the template) */
bool jc_gen_fast(x86_buf *b, jc *c, uint32_t pc);
void jc_branch_to(x86_buf *b, jc *c, int cc, uint32_t pc, uint32_t target);
/* jit_loops.c: targets, loop depths, cached locals, BCE loops.
 * A versioned loop: javac's `L: iload i; <n>; if_icmpge/gt EXIT; body;
 * <i += s>; B: goto L` with i, n, s and the arrays loop-invariant but
 * for the one increment.  Its fast copy (labels JC_FAST_LABEL) is entered
 * only when the check hoisted before L passes. */
#define JC_MAX_BCE_ARRS 4
typedef struct jc_loop {
    uint32_t head, back, exit;   /* L, B (the goto), EXIT */
    uint16_t iv;                 /* induction variable (int local) */
    bool le;                     /* i <= n (else i < n) */
    uint8_t n_kind, s_kind;      /* JC_BND_CONST / _LOCAL / _ALEN */
    int32_t n_val, s_val;        /* constant or local index */
    uint8_t n_arrs;
    uint16_t arrs[JC_MAX_BCE_ARRS]; /* array locals indexed by i */
} jc_loop;
enum { JC_BND_CONST = 0, JC_BND_LOCAL, JC_BND_ALEN };
static inline uint32_t JC_FAST_LABEL(const jc *c, uint32_t pc) { return c->len + 2 + pc; }
/* the label of branch target pc from the code being emitted */
static inline uint32_t jc_label(const jc *c, uint32_t pc) {
    if (c->bce_loop >= 0) {
        const jc_loop *l = &c->loops[c->bce_loop];
        if (pc >= l->head && pc <= l->back) return JC_FAST_LABEL(c, pc);
    }
    return pc;
}
/* the length of the instruction at pc (0: malformed); the variable-length
 * ones (wide, the switches) in jc_insn_len_var */
uint32_t jc_insn_len_var(const uint8_t *code, uint32_t pc, uint32_t len);
static inline uint32_t jc_insn_len(const uint8_t *code, uint32_t pc, uint32_t len) {
    uint32_t n = interp_op_len[code[pc]];
    return n ? n : jc_insn_len_var(code, pc, len);
}
/* the hoisted check before loop k's head: jumps to its fast copy if it passes */
void jc_gen_bce_check(x86_buf *b, jc *c, uint32_t k);
vm_status jc_analyse_opt(jc *c);
void jc_free_opt(jc *c);
/* the size of jc_analyse_opt's tables for c (c->len and c->nl set) */
size_t jc_opt_mem_size(const jc *c);

/* ---- jit_invoke.c ---- */
/* invokestatic / invokespecial / invokevirtual / invokeinterface at pc:
 * the operands are in their memory slots (STK) when it is called; the
 * result, if any, is left in STK(depth - arg_slots).  May clobber every
 * caller-saved register. */
void jc_gen_invoke(x86_buf *b, jc *c, uint32_t pc);
/* The out-of-line slow path of a call (an ST_CALL stub), after the body. */
void jc_gen_call_stub(x86_buf *b, jc *c, const jit_stub *s);
/* 'I' (int-like) or 'A' (reference) when the invoke at pc leaves its
 * result in rdx as well as in its slot (zero-extended for 'I'), else 0 */
char jc_invoke_result_in_rdx(const jc *c, uint32_t pc);
/* Method entry (callee-saved registers saved, rbx/r12/r13/r14 set up, the
 * frame a Java frame) and exit (eax = status on arrival at c->l_ret). */
void jc_gen_prologue(x86_buf *b, jc *c);
void jc_gen_epilogue(x86_buf *b, jc *c);

/* ---- calls: jit_invoke.c / jit_inline.c ---- */
/* vm->frame_count = this method's frame number (kept at [rsp] in the body);
 * clobbers eax.  jc_call does it (jc_call_bracket; the stubs' shared tail
 * from [rsp+8], jc_tail_bracket). */
void jc_publish_frame_count(x86_buf *b);
/* The instruction budget counter (runtime/limits.h).  REGBUDGET: while
 * compiled code runs, the counter lives in r14 (R_BUD), loaded by the C
 * entry and written back when it returns; every call into C (jc_call, a
 * native's call) stores it to vm->budget_left first and loads it after,
 * compiled-to-compiled calls hand it over in r14.  Off: every tick is a
 * read-modify-write of vm->budget_left.
 * jc_budget_op: `op qword [vm+budget], v` or `op r14, v` (sub / add / cmp). */
#define R_BUD X86_R14
void jc_budget_op(x86_buf *b, const jc *c, enum x86_alu op, int32_t v);
void jc_budget_op_seq(x86_seq *s, const jc *c, enum x86_alu op, int32_t v);  /* the same, into s */
void jc_budget_to_vm(x86_buf *b, const jc *c);     /* mov [vm+budget], r14 (REGBUDGET) */
void jc_budget_from_vm(x86_buf *b, const jc *c);   /* mov r14, [vm+budget] (REGBUDGET) */
/* publish the frame number, budget to vm, call fn (through rax), budget
 * from vm: jc_call's whole bracket */
void jc_call_bracket(x86_buf *b, const jc *c, const void *fn);
/* the shared tail's bracket (jit_compile.c), frame number at [rsp+8],
 * the helper in rax */
void jc_tail_bracket(x86_buf *b, const jc *c);
/* The budget tick of an invoke, its slow path an ST_TICK stub at pc/d. */
void jc_gen_tick(x86_buf *b, jc *c, uint32_t pc, int32_t d);
/* rax = the reference at STK(a); null -> NullPointerException at pc. */
void jc_gen_null_check(x86_buf *b, jc *c, int32_t a, uint32_t pc, int32_t d);
/* INLINING (jit_inline.c): T is trivial enough to inline (may resolve
 * T's field references, like the analysis). */
bool jc_can_inline(jc *c, jmethod *T);
/* T's body inline for the call at pc (arguments at STK(a), result to
 * STK(a)): receiver null, or (guard non-NULL) receiver class != guard,
 * jumps to l_fallback (the normal call) before anything else. */
void jc_gen_inline(x86_buf *b, jc *c, uint32_t pc, jmethod *T, int32_t a, const jclass *guard,
                   uint32_t l_fallback);
/* INLINING through the virtual stack, from jc_gen_fast: the invoke at pc
 * when its statically bound target is trivial (else it makes the call). */
bool jc_gen_inline_fast(x86_buf *b, jc *c, uint32_t pc);
/* (analysis) the invoke at pc is inlined by jc_gen_inline_fast: no call */
bool jc_inlines_at(jc *c, uint32_t pc);
/* (analysis) the argument slots (bit k: slot k of *na) holding arrays the
 * callee inlined at pc may index; 0 if it is not inlined */
uint32_t jc_inline_array_args(jc *c, uint32_t pc, uint32_t *na);
/* jit_invoke.c: the statically bound target of the invoke at pc, or NULL */
jmethod *jc_static_target(jc *c, uint32_t pc);
/* DCALL: the not yet compiled targets of the method's direct calls (jit_invoke.c) */
uint32_t jc_known_callees(jc *c, jmethod **out, uint32_t cap);
/* jit_invoke.c: the call at pc with no inlining or nullifying (the
 * operands in their memory slots, as for jc_gen_invoke) */
void jc_gen_call_only(x86_buf *b, jc *c, uint32_t pc);

#endif
