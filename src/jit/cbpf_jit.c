/* cbpf_jit.c - classic BPF to x86-64 (include/vifvm_cbpf.h): one native
 * function per checked program, written through vifvm's encoder
 * (x86_emit.h) into executable memory taken from the platform (W^X: written
 * RW, then made RX), so it runs the same in vifd and in the kernel module.
 * Style of Linux's arch/x86/net/bpf_jit_comp.c and uBPF's JIT: a label per
 * BPF instruction, each sequence with its assembly beside it.
 *
 * Registers (System V: pkt rdi, wirelen esi, caplen edx; a probe's keys
 * rcx):
 *   eax  A            r9d  X            rdi  pkt        esi  wirelen
 *   edx  caplen, or r10d when a division needs edx; r8 and the other of
 *        edx / r10 scratch
 * A filter changes no register but rax, rdx, r8, r9, r10 and the flags
 * (rcx only around a shift by X, put back; a probe: rcx and r11 too), so
 * a caller may keep values in rcx, rsi, rdi and r11 across the call
 * (dp_internal.h's dp_tree_call: no frame in the datapath's place).
 *   [rsp + 4*i] M[i] (64 bytes, only if the program uses them: no red
 *   zone, the kernel has none)
 *   probes only: r11 keys, ebx the count (saved and restored)
 * The bounds checks are the interpreter's, in 64-bit arithmetic: a load of
 * s bytes at offset o (X + k for BPF_IND) is refused when o + s > caplen,
 * and the function then returns 0 (a probe: its count). */
#include "cbpf_internal.h"
#include "x86_emit.h"
#include "../core/diag.h"
#include "../core/mem.h"

enum { R_A = X86_RAX, R_X = X86_R9, R_PKT = X86_RDI, R_WLEN = X86_RSI,
       R_T = X86_R8, R_KEYS = X86_R11, R_CNT = X86_RBX };

typedef struct cgen {
    const vm_cbpf_insn *p;
    uint32_t n;
    const uint8_t *params;   /* probe: the jeq #k turned into "record A" */
    const uint32_t *fail;    /* per instruction: where a failed load or a
                                division by X == 0 goes (CBPF_FAIL_RET0:
                                return 0); NULL: return 0 everywhere */
    uint32_t cur;            /* the instruction being compiled */
    bool mem;                /* uses M[] (a stack frame) */
    const cbpf_plan *pl;     /* what to leave out (cbpf_opt.c); NULL: nothing */
    uint32_t copy;           /* the copy being made (0, or 1 when hoisted) */
    int cap, scr;            /* caplen: edx as passed, or r10d when a division
                                needs edx (then edx is the scratch, else r10) */
} cgen;

/* labels: the instructions of copy 0, of copy 1, ret0, the epilogue, the
 * instructions' own labels (a shift by X) of copy 0 and of copy 1 */
#define L_INSN(g, i) ((g)->copy * (g)->n + (i))
#define L_RET0(g) ((g)->fail && (g)->fail[(g)->cur] != CBPF_FAIL_RET0 \
                   ? L_INSN(g, (g)->fail[(g)->cur]) : 2 * (g)->n)
#define L_EPI(g) (2 * (g)->n + 1)
#define L_LOCAL(g, i) (2 * (g)->n + 2 + (g)->copy * (g)->n + (i))
#define N_LABELS(n) (4 * (n) + 2)

static uint8_t plan_flag(const cgen *g, uint32_t i) {
    return g->pl ? g->pl->flag[g->copy][i] : 0;
}
static bool no_check(const cgen *g, uint32_t i) {
    return (plan_flag(g, i) & CBPF_PL_NOCHECK) != 0;
}
static bool layout_on(const cgen *g) {
    return g->pl && !(g->pl->off & VM_CBPF_OPT_LAYOUT);
}
/* the code of instruction i goes on at t without a jump */
static bool falls(const cgen *g, uint32_t i, uint32_t t) {
    return t == i + 1 || (layout_on(g) && g->pl->nexte[g->copy][i + 1] >= t);
}
/* a jump to t may be t's return itself */
static bool is_ret(const cgen *g, uint32_t t) {
    return layout_on(g) && t < g->n && CBPF_CLASS(g->p[t].code) == CBPF_RET;
}
static void emit_insn(x86_buf *b, const cgen *g, uint32_t i);
/* go to t: nothing, t's return, or a jump */
static void go(x86_buf *b, const cgen *g, uint32_t i, uint32_t t) {
    if (falls(g, i, t)) return;
    if (is_ret(g, t)) emit_insn(b, g, t);
    else x86_jmp(b, L_INSN(g, t));                              /* jmp t */
}

static bool has_epilogue(const cgen *g) { return g->mem || g->params; }

/* return: eax holds the value */
static void emit_return(x86_buf *b, const cgen *g) {
    if (has_epilogue(g)) x86_jmp(b, L_EPI(g));   /* jmp epilogue */
    else x86_ret(b);                             /* ret */
}

/* the bounds check of a load of size bytes at the constant offset k:
 * caplen < k + size -> return 0 */
static bool check_abs(x86_buf *b, const cgen *g, uint32_t k, uint32_t size) {
    uint64_t end = (uint64_t)k + size;
    if (end > UINT32_MAX) {             /* never inside: jmp ret0 */
        x86_jmp(b, L_RET0(g));
        return false;
    }
    x86_alu_ri32(b, X86_CMP, g->cap, (int32_t)(uint32_t)end);  /* cmp cap, k+size */
    x86_jcc(b, X86_CC_B, L_RET0(g));                            /* jb ret0 */
    return true;
}

/* [rdi + k] for a constant offset already checked (k < 2^32) */
static x86_mem abs_mem(x86_buf *b, uint32_t k) {
    if (k <= (uint32_t)INT32_MAX - 8) return x86_m(R_PKT, (int32_t)k);
    x86_mov_ri32(b, R_T, k);                                    /* mov r8d, k */
    return x86_mx(R_PKT, R_T, 1, 0);                            /* [rdi + r8] */
}

/* r8 = X + k (64-bit), refused when r8 + size > caplen; the operand [rdi + r8] */
static x86_mem ind_mem(x86_buf *b, const cgen *g, uint32_t k, uint32_t size) {
    if (k <= (uint32_t)INT32_MAX - 8) {
        x86_lea(b, R_T, x86_m(R_X, (int32_t)k));                /* lea r8, [r9 + k] */
    } else {
        x86_mov_ri32(b, R_T, k);                                /* mov r8d, k */
        x86_alu_rr64(b, X86_ADD, R_T, R_X);                     /* add r8, r9 */
    }
    x86_lea(b, g->scr, x86_m(R_T, (int32_t)size));              /* lea scr, [r8 + size] */
    x86_alu_rr64(b, X86_CMP, g->scr, g->cap);                   /* cmp scr, cap */
    x86_jcc(b, X86_CC_A, L_RET0(g));                            /* ja ret0 */
    return x86_mx(R_PKT, R_T, 1, 0);
}

/* A = big-endian load of size bytes at m */
static void load_be(x86_buf *b, x86_mem m, uint32_t size) {
    switch (size) {
    case 4:
        x86_ld32(b, R_A, m);                                    /* mov eax, [m] */
        x86_bswap32(b, R_A);                                    /* bswap eax */
        break;
    case 2:
        x86_ld16zx(b, R_A, m);                                  /* movzx eax, word [m] */
        x86_bswap32(b, R_A);                                    /* bswap eax */
        x86_shift_ri32(b, X86_SHR, R_A, 16);                    /* shr eax, 16 */
        break;
    default:
        x86_ld8zx(b, R_A, m);                                   /* movzx eax, byte [m] */
        break;
    }
}

static uint32_t ld_size(uint16_t c) {
    return CBPF_SIZE(c) == CBPF_W ? 4 : CBPF_SIZE(c) == CBPF_H ? 2 : 1;
}

static int log2_exact(uint32_t k) {
    if (k == 0 || (k & (k - 1))) return -1;
    return __builtin_ctz(k);
}

/* the targets of jump i (threaded: the plan's) */
static uint32_t jt_of(const cgen *g, uint32_t i) {
    return g->pl ? g->pl->jt[i] : i + 1 + (g->p[i].code == (CBPF_JMP | CBPF_JA) ? g->p[i].k
                                                                               : g->p[i].jt);
}
static uint32_t jf_of(const cgen *g, uint32_t i) {
    return g->pl ? g->pl->jf[i] : i + 1 + (g->p[i].code == (CBPF_JMP | CBPF_JA) ? g->p[i].k
                                                                               : g->p[i].jf);
}

/* conditional jump of instruction i on the flags set just before: the way
 * that falls through (or, else, a return) after the conditional jump */
static void branch(x86_buf *b, const cgen *g, uint32_t i, enum x86_cc cc) {
    uint32_t t = jt_of(g, i), f = jf_of(g, i);
    enum x86_cc ncc = (enum x86_cc)(cc ^ 1);
    if (falls(g, i, t) || (!falls(g, i, f) && is_ret(g, t) && !is_ret(g, f))) {
        x86_jcc(b, ncc, L_INSN(g, f));                          /* jncc jf */
        go(b, g, i, t);                                         /* (jt) */
    } else {
        x86_jcc(b, cc, L_INSN(g, t));                           /* jcc jt */
        go(b, g, i, f);                                         /* (jf) */
    }
}

static void emit_alu(x86_buf *b, const cgen *g, uint32_t i, const vm_cbpf_insn *in) {
    uint16_t c = in->code;
    bool isx = CBPF_SRC(c) == CBPF_X;
    int32_t k = (int32_t)in->k;
    switch (CBPF_OP(c)) {
    case CBPF_ADD: case CBPF_SUB: case CBPF_AND: case CBPF_OR: case CBPF_XOR: {
        enum x86_alu op = CBPF_OP(c) == CBPF_ADD ? X86_ADD : CBPF_OP(c) == CBPF_SUB ? X86_SUB
                        : CBPF_OP(c) == CBPF_AND ? X86_AND : CBPF_OP(c) == CBPF_OR ? X86_OR
                        : X86_XOR;
        if (isx) x86_alu_rr32(b, op, R_A, R_X);                 /* op eax, r9d */
        else x86_alu_ri32(b, op, R_A, k);                       /* op eax, k */
        break;
    }
    case CBPF_MUL:
        if (isx) x86_imul_rr32(b, R_A, R_X);                    /* imul eax, r9d */
        else x86_imul_rri32(b, R_A, R_A, k);                    /* imul eax, eax, k */
        break;
    case CBPF_DIV: case CBPF_MOD: {
        bool mod = CBPF_OP(c) == CBPF_MOD;
        int sh = isx ? -1 : log2_exact(in->k);
        if (sh >= 0) {
            if (mod) x86_alu_ri32(b, X86_AND, R_A, (int32_t)(in->k - 1)); /* and eax, k-1 */
            else if (sh) x86_shift_ri32(b, X86_SHR, R_A, (uint8_t)sh);   /* shr eax, log2 k */
            break;
        }
        int d = R_X;
        if (isx) {
            x86_test_rr32(b, R_X, R_X);                         /* test r9d, r9d */
            x86_jcc(b, X86_CC_E, L_RET0(g));                    /* je ret0 */
        } else {
            x86_mov_ri32(b, R_T, in->k);                        /* mov r8d, k */
            d = R_T;
        }
        x86_alu_rr32(b, X86_XOR, X86_RDX, X86_RDX);             /* xor edx, edx */
        x86_div32(b, d);                                        /* div r9d / r8d */
        if (mod) x86_mov_rr32(b, R_A, X86_RDX);                 /* mov eax, edx */
        break;
    }
    case CBPF_LSH: case CBPF_RSH: {
        enum x86_shift op = CBPF_OP(c) == CBPF_LSH ? X86_SHL : X86_SHR;
        if (!isx) {
            if (in->k) x86_shift_ri32(b, op, R_A, (uint8_t)in->k); /* shl/shr eax, k */
            break;
        }
        /* X >= 32 gives 0 (x86 would take X mod 32) */
        x86_mov_rr64(b, R_T, X86_RCX);                          /* mov r8, rcx (kept) */
        x86_mov_rr32(b, X86_RCX, R_X);                          /* mov ecx, r9d */
        x86_shift_cl32(b, op, R_A);                             /* shl/shr eax, cl */
        x86_mov_rr64(b, X86_RCX, R_T);                          /* mov rcx, r8 */
        x86_alu_ri32(b, X86_CMP, R_X, 31);                      /* cmp r9d, 31 */
        x86_jcc(b, X86_CC_BE, L_LOCAL(g, i));                   /* jbe .done */
        x86_alu_rr32(b, X86_XOR, R_A, R_A);                     /* xor eax, eax */
        x86_bind(b, L_LOCAL(g, i));                             /* .done: */
        break;
    }
    case CBPF_NEG:
        x86_neg32(b, R_A);                                      /* neg eax */
        break;
    default:
        x86_fail(b, VM_ERR_INTERNAL);
    }
}

static void emit_insn(x86_buf *b, const cgen *g, uint32_t i) {
    const vm_cbpf_insn *in = &g->p[i];
    uint16_t c = in->code;
    uint32_t k = in->k;
    switch (CBPF_CLASS(c)) {
    case CBPF_RET:
        if (g->params) {
            x86_mov_rr32(b, R_A, R_CNT);                        /* mov eax, ebx (probe) */
        } else if (CBPF_RVAL(c) == CBPF_K) {
            if (k == 0) x86_alu_rr32(b, X86_XOR, R_A, R_A);     /* xor eax, eax */
            else x86_mov_ri32(b, R_A, k);                       /* mov eax, k */
        }                                                       /* (ret a: eax is A) */
        emit_return(b, g);
        return;
    case CBPF_LD:
        switch (CBPF_MODE(c)) {
        case CBPF_ABS:
            if (!no_check(g, i) && !check_abs(b, g, k, ld_size(c))) return;
            if (plan_flag(g, i) & CBPF_PL_RAW) {                /* only compared: as in memory */
                if (ld_size(c) == 2) x86_ld16zx(b, R_A, abs_mem(b, k)); /* movzx eax, word [m] */
                else x86_ld32(b, R_A, abs_mem(b, k));           /* mov eax, [m] */
            } else {
                load_be(b, abs_mem(b, k), ld_size(c));
            }
            return;
        case CBPF_IND:
            load_be(b, ind_mem(b, g, k, ld_size(c)), ld_size(c));
            return;
        case CBPF_LEN:
            x86_mov_rr32(b, R_A, R_WLEN);                       /* mov eax, esi */
            return;
        case CBPF_IMM:
            x86_mov_ri32(b, R_A, k);                            /* mov eax, k */
            return;
        case CBPF_MEM:
            x86_ld32(b, R_A, x86_m(X86_RSP, (int32_t)(4 * k))); /* mov eax, [rsp + 4k] */
            return;
        }
        break;
    case CBPF_LDX:
        switch (CBPF_MODE(c)) {
        case CBPF_LEN:
            x86_mov_rr32(b, R_X, R_WLEN);                       /* mov r9d, esi */
            return;
        case CBPF_IMM:
            x86_mov_ri32(b, R_X, k);                            /* mov r9d, k */
            return;
        case CBPF_MEM:
            x86_ld32(b, R_X, x86_m(X86_RSP, (int32_t)(4 * k))); /* mov r9d, [rsp + 4k] */
            return;
        case CBPF_MSH:                                          /* X = (p[k] & 15) << 2 */
            if (no_check(g, i) || check_abs(b, g, k, 1)) {
                x86_ld8zx(b, R_X, abs_mem(b, k));               /* movzx r9d, byte [rdi + k] */
                x86_alu_ri32(b, X86_AND, R_X, 0xf);             /* and r9d, 15 */
                x86_shift_ri32(b, X86_SHL, R_X, 2);             /* shl r9d, 2 */
            }
            return;
        }
        break;
    case CBPF_ST:
        x86_st32(b, x86_m(X86_RSP, (int32_t)(4 * k)), R_A);     /* mov [rsp + 4k], eax */
        return;
    case CBPF_STX:
        x86_st32(b, x86_m(X86_RSP, (int32_t)(4 * k)), R_X);     /* mov [rsp + 4k], r9d */
        return;
    case CBPF_ALU:
        emit_alu(b, g, i, in);
        return;
    case CBPF_JMP: {
        if (CBPF_OP(c) == CBPF_JA) {
            go(b, g, i, jt_of(g, i));                           /* (jmp i+1+k) */
            return;
        }
        if (g->params && cbpf_bit(g->params, i)) {              /* probe: record A */
            x86_st32(b, x86_mx(R_KEYS, R_CNT, 4, 0), R_A);      /* mov [r11 + rbx*4], eax */
            x86_alu_ri32(b, X86_ADD, R_CNT, 1);                 /* add ebx, 1 */
            go(b, g, i, jf_of(g, i));                           /* (jmp jf) */
            return;
        }
        if (jt_of(g, i) == jf_of(g, i)) {                       /* both ways the same */
            go(b, g, i, jt_of(g, i));                           /* (jmp jt) */
            return;
        }
        bool isx = CBPF_SRC(c) == CBPF_X;
        enum x86_cc cc;
        uint8_t pf = plan_flag(g, i);
        if (pf & CBPF_PL_RAWK)                                  /* A as in memory: k's bytes too */
            k = (pf & CBPF_PL_RAWW) ? __builtin_bswap32(k) : __builtin_bswap16((uint16_t)k);
        if (CBPF_OP(c) == CBPF_JSET) {
            if (isx) x86_test_rr32(b, R_A, R_X);                /* test eax, r9d */
            else x86_test_ri32(b, R_A, k);                      /* test eax, k */
            cc = X86_CC_NE;
        } else {
            if (isx) x86_alu_rr32(b, X86_CMP, R_A, R_X);        /* cmp eax, r9d */
            else if (k == 0) x86_test_rr32(b, R_A, R_A);        /* test eax, eax */
            else x86_alu_ri32(b, X86_CMP, R_A, (int32_t)k);     /* cmp eax, k */
            cc = CBPF_OP(c) == CBPF_JEQ ? X86_CC_E : CBPF_OP(c) == CBPF_JGT ? X86_CC_A
                                                                         : X86_CC_AE;
            /* (test eax, eax leaves CF clear: jgt #0 is jne, jge #0 always) */
            if (!isx && k == 0 && CBPF_OP(c) == CBPF_JGT) cc = X86_CC_NE;
        }
        branch(b, g, i, cc);
        return;
    }
    case CBPF_MISC:
        if (CBPF_MISCOP(c) == CBPF_TAX) x86_mov_rr32(b, R_X, R_A); /* mov r9d, eax */
        else x86_mov_rr32(b, R_A, R_X);                         /* mov eax, r9d */
        return;
    }
    x86_fail(b, VM_ERR_INTERNAL);
}

static void gen(x86_buf *b, void *ctx) {
    cgen *g = ctx;
    x86_endbr64(b);                                             /* called through a pointer (IBT) */
    if (g->params) {
        x86_push(b, R_CNT);                                     /* push rbx */
        x86_alu_rr32(b, X86_XOR, R_CNT, R_CNT);                 /* xor ebx, ebx */
        x86_mov_rr64(b, R_KEYS, X86_RCX);                       /* mov r11, rcx */
    }
    if (g->mem) x86_alu_ri64(b, X86_SUB, X86_RSP, 64);          /* sub rsp, 64 */
    if (g->cap != X86_RDX) x86_mov_rr32(b, g->cap, X86_RDX);    /* mov r10d, edx */
    /* A = X = 0 where read before written */
    if (!g->pl || (g->pl->entry & 1)) x86_alu_rr32(b, X86_XOR, R_A, R_A); /* xor eax, eax */
    if (!g->pl || (g->pl->entry & 2)) x86_alu_rr32(b, X86_XOR, R_X, R_X); /* xor r9d, r9d */
    uint32_t copies = g->pl && g->pl->hoist ? 2 : 1;
    if (copies == 2) {                                          /* caplen < hoist: copy 1 */
        x86_alu_ri32(b, X86_CMP, g->cap, (int32_t)g->pl->hoist); /* cmp cap, hoist */
        x86_jcc(b, X86_CC_B, g->n);                             /* jb copy1 */
    }
    for (g->copy = 0; g->copy < copies; g->copy++)
        for (uint32_t i = 0; i < g->n; i++) {
            g->cur = i;
            x86_bind(b, L_INSN(g, i));
            if (g->pl && (g->pl->flag[g->copy][i] & CBPF_PL_SKIP)) continue;
            emit_insn(b, g, i);
        }
    g->copy = 0;
    x86_bind(b, 2 * g->n);                                      /* ret0: */
    if (g->params) x86_mov_rr32(b, R_A, R_CNT);                 /* mov eax, ebx */
    else x86_alu_rr32(b, X86_XOR, R_A, R_A);                    /* xor eax, eax */
    x86_bind(b, L_EPI(g));                                      /* epilogue: */
    if (g->mem) x86_alu_ri64(b, X86_ADD, X86_RSP, 64);          /* add rsp, 64 */
    if (g->params) x86_pop(b, R_CNT);                           /* pop rbx */
    x86_ret(b);                                                 /* ret */
}

void cbpf_free_code(vm_cbpf_prog *p) {
    if (p->code) p->plat->code_free(p->plat->ud, p->code, p->code_size);
    p->code = NULL;
}

vm_status cbpf_compile_code(const vm_platform *plat, const vm_cbpf_insn *insns, uint32_t n,
                            const uint8_t *params, const uint32_t *fail, uint32_t off,
                            vm_cbpf_prog *out, vm_diag *diag) {
    if (!plat->code_alloc || !plat->code_protect_exec || !plat->code_free)
        return vm_diagf(diag, VM_ERR_UNSUPPORTED, "the platform has no executable memory");
    cgen g = { .p = insns, .n = n, .params = params, .fail = fail, .cap = X86_RDX,
               .scr = X86_R10 };
    for (uint32_t i = 0; i < n; i++) {
        uint16_t c = insns[i].code;
        if (CBPF_CLASS(c) == CBPF_ALU && (CBPF_OP(c) == CBPF_DIV || CBPF_OP(c) == CBPF_MOD) &&
            (CBPF_SRC(c) == CBPF_X || log2_exact(insns[i].k) < 0)) {
            g.cap = X86_R10;      /* div takes edx */
            g.scr = X86_RDX;
        }
        if (c == (CBPF_LD | CBPF_MEM) || c == (CBPF_LDX | CBPF_MEM) || c == CBPF_ST ||
            c == CBPF_STX)
            g.mem = true;
    }
    x86_buf b;
    cbpf_plan *pl = NULL;
    if (!params && (off & VM_CBPF_OPT_ALL) != VM_CBPF_OPT_ALL &&
        cbpf_plan_make(plat, insns, n, fail, off, &pl) != VM_OK)
        return vm_diagf(diag, VM_ERR_NOMEM, "out of memory compiling a filter");
    g.pl = pl;
    if (!pl || (pl->off & VM_CBPF_OPT_DEAD)) {   /* (caplen copied as before) */
        g.cap = X86_R10;
        g.scr = X86_RDX;
    }
    vm_status st = x86_init(&b, plat, N_LABELS(n));
    if (st != VM_OK) {
        cbpf_plan_free(plat, pl);
        return vm_diagf(diag, st, "out of memory compiling a filter");
    }
    uint32_t size = 0;
    st = x86_assemble(&b, gen, &g, &size);
    cbpf_plan_free(plat, pl);
    if (st != VM_OK) {
        x86_free(&b);
        return vm_diagf(diag, st, "filter of %u instructions: code generation failed", n);
    }
    /* (whole cache lines: a platform may pack several programs on a page,
     * vifd's dp_codemem.c; the POSIX platform maps whole pages anyway) */
    size_t alloc = ((size_t)size + 63) & ~(size_t)63;
    uint8_t *mem = plat->code_alloc(plat->ud, alloc);
    if (!mem) {
        x86_free(&b);
        return vm_diagf(diag, VM_ERR_NOMEM, "no executable memory for a filter (%u bytes)", size);
    }
    st = x86_finish(&b, mem, size, (uintptr_t)mem);
    uint32_t len = b.len;
    x86_free(&b);
    if (st == VM_OK && !x86_is_endbr64(mem))      /* called through a pointer: IBT */
        st = vm_diagf(diag, VM_ERR_INTERNAL, "filter code does not start with endbr64");
    if (st == VM_OK && plat->code_protect_exec(plat->ud, mem, alloc) != 0)
        st = vm_diagf(diag, VM_ERR_NOMEM, "cannot make a filter's code executable");
    if (st != VM_OK) {
        plat->code_free(plat->ud, mem, alloc);
        return st;
    }
    out->plat = plat;
    out->code = mem;
    out->code_size = alloc;
    out->native_bytes = len;
    if (plat->code_emitted) plat->code_emitted(plat->ud, params ? "cbpf_probe" : "cbpf_filter", mem, len);
    return VM_OK;
}

vm_status vm_cbpf_compile(const vm_platform *plat, const vm_cbpf_insn *insns, uint32_t n,
                          uint32_t off, vm_cbpf_prog **out, vm_diag *diag) {
    *out = NULL;
    vm_status st = vm_cbpf_check(plat, insns, n, diag);
    if (st != VM_OK) return st;
    vm_cbpf_prog *p = vm_zalloc(plat, sizeof *p);
    size_t bytes = (size_t)n * sizeof *insns;
    if (!p || !(p->insns = vm_zalloc(plat, bytes))) {
        if (p) vm_free(plat, p, sizeof *p);
        return vm_diagf(diag, VM_ERR_NOMEM, "out of memory compiling a filter");
    }
    vm_memcpy(p->insns, insns, bytes);
    p->n = n;
    p->plat = plat;
    st = cbpf_compile_code(plat, insns, n, NULL, NULL, off, p, diag);
    if (st != VM_OK) {
        vm_free(plat, p->insns, bytes);
        vm_free(plat, p, sizeof *p);
        return st;
    }
    *out = p;
    return VM_OK;
}

vm_cbpf_fn vm_cbpf_function(const vm_cbpf_prog *p) {
    vm_cbpf_fn f;
    void *code = p->code;
    __builtin_memcpy(&f, &code, sizeof f);   /* (object to function pointer) */
    return f;
}
const void *vm_cbpf_code(const vm_cbpf_prog *p) { return p->code; }
uint32_t vm_cbpf_code_bytes(const vm_cbpf_prog *p) { return p->native_bytes; }
const vm_cbpf_insn *vm_cbpf_insns(const vm_cbpf_prog *p, uint32_t *n) {
    if (n) *n = p->n;
    return p->insns;
}

void vm_cbpf_free(vm_cbpf_prog *p) {
    if (!p) return;
    const vm_platform *plat = p->plat;
    cbpf_free_code(p);
    vm_free(plat, p->insns, (size_t)p->n * sizeof *p->insns);
    vm_free(plat, p, sizeof *p);
}
