/* fuse_path.c - straight-line host code from a list of operations
 * (include/vifvm_pathcode.h: vm_pathcode_emit), made with the JIT's
 * encoder (x86_emit.h) into executable memory taken from the platform
 * (W^X: written RW, then made RX), as cbpf_jit.c does; issue 14's fused
 * path run as one native function per plan (src/datapath/dp_fuse.c).
 *
 *     endbr64                        (called through a pointer: IBT)
 *     push rbx; push r12; sub rsp, 8 (rsp 16-aligned at the calls; the
 *                                     function's own slot at [rsp])
 *     mov rbx, rdi; mov r12, rsi     (the arguments, kept across calls;
 *                                     without a use of the second: push
 *                                     rbx; sub rsp, 16; mov rbx, rdi)
 *     ... the operations, in order (below) ...
 *     mov eax, ret                   (the last, VM_PC_RET)
 *   epi:
 *     add rsp, 8; pop r12; pop rbx; ret   (add rsp, 16; pop rbx; ret)
 *   exit_k:                          (one per distinct exit value)
 *     mov eax, ret_k; jmp epi
 *
 * An object's address (vm_pc_loc.base) is loaded into r10 or r11
 * (movabs) and kept there while the next operations use it (the two
 * last used; forgotten at a call, which may change them) - or, when the
 * list has a call (branch fx20; not with VM_PC_NO_KEEP), into r13 or r14,
 * callee-saved (push r13; push r14 after rbx, r12; popped at the end), so
 * that they stay across the calls: a program stage's VIF and owner are
 * not loaded again after its program; an argument's
 * field is [rbx + off]; a pointer read live (VM_PC_DEREF) is loaded into a
 * scratch register first.  The operations:
 *
 *     EXIT_IF_NE64   cmp qword [a], imm32 | cmp rK, qword [a]; jne exit
 *     EXIT_IF_GT32   cmp dword [a], imm; ja exit
 *     INC32_WRAP     mov eax, [a]; add eax, 1; xor edx, edx;
 *                    cmp eax, [b]; cmove eax, edx; mov [a], eax
 *                    (r9d for edx where b is read through rdx)
 *     ADD64          add qword [a], imm
 *     ADD64_LD32     mov eax, [b]; add qword [a], rax
 *     STORE32        mov dword [a], imm
 *     STORE8         mov byte [a], imm
 *     SET_FRAME32    mov dword [rsp], imm   (the function's own slot:
 *                    an argument VM_PC_FRAME is lea r, [rsp])
 *     CALL           (guard: cmp byte [a], 0; je skip)
 *                    the arguments into rdi, rsi, rdx, rcx, r8, r9;
 *                    call fn: call rel32 where in reach (the memory is
 *                    taken first, so that is known), else x86_call_far
 *                    (movabs rax, fn; call rax, or with the platform's
 *                    thunks call rel32 to the thunk for rax: no
 *                    indirect branch);
 *                    (exit_nz: test eax, eax; jne exit)  skip:
 *     PROG           (branch fx22) as CALL, or - a program the body mode
 *                    takes (fuse_path.h), VM_PC_NO_INLINE not set - the
 *                    arguments the body reads into rdi, esi, rdx, r8,
 *                    then the body (fuse_prog_body_emit): its answer 1
 *                    the exit (exit_nz) or skip; its registers' slots,
 *                    and the header values it keeps for the bodies after
 *                    it (not with VM_PC_NO_SHARE), in the frame:
 *                      [rsp]       the IP header's place (VM_PC_FRAME)
 *                      [rsp + 8]   the kept values (FUSE_SH_BYTES)
 *                      [rsp + 48]  the largest body's registers
 *                    (a VM_PC_CALL between bodies may not change the
 *                    header bytes they read: a marker's copy does not)
 *     CALL, tail     (branch fx23: `return fn(args)`) the arguments into
 *                    rdi .. r9; add rsp, frame; pop r14; pop r13; pop r12;
 *                    pop rbx (those pushed); jmp fn: jmp rel32 where in
 *                    reach, else movabs rax, fn; jmp rax, or with the
 *                    platform's thunks jmp rel32 to the thunk for rax
 *     LEAVE          (branch fx23) nothing where it is; each exit stub
 *                    whose value is not the leave's imm is, instead of
 *                    mov eax, ret_k; jmp epi, the tail call of the
 *                    leave's fn with its arguments (VM_PC_EXITV: ret_k)
 *
 * Freestanding: no datapath type, nothing of a VM. */
#include "fuse_path.h"
#include "x86_emit.h"
#include "../core/mem.h"

#define MAX_OPS 4096u

typedef struct pgen {
    const vm_pc_op *ops;
    uint32_t n;
    uint64_t cache[2];     /* the addresses in r10, r11 */
    bool valid[2];
    uint8_t lru;           /* the slot used last */
    uint32_t exit_ret[MAX_OPS];
    uint32_t n_exits;
    uintptr_t lo, hi;      /* where the code will run (mapped before it is made) */
    uint32_t flags;        /* VM_PC_NO_KEEP */
    bool keep;             /* the cache in r13, r14 (callee-saved), kept across calls */
    bool arg2;             /* r12 pushed: the second argument kept */
    int frame;             /* rsp's own part of the frame (add rsp, frame) */
    const vm_pc_op *leave; /* VM_PC_LEAVE (branch fx23): NULL none */
    int creg[2];           /* r10, r11 or r13, r14 */
    /* the inlined bodies (VM_PC_PROG, branch fx22) */
    uint32_t later[MAX_OPS];  /* op i: FUSE_SH_* read by the bodies after it */
    int32_t slots;         /* [rsp + slots]: the bodies' registers */
    uint32_t known;        /* FUSE_SH_* kept by the bodies so far */
    uint32_t lnext;        /* the next body's first label */
    /* what rsi, r8 and r9 hold for the next body (not with VM_PC_NO_SHARE):
     * an argument loaded (a field of the first argument), the place */
    bool rsi_ok, r8_ok, r9_place;
    vm_pc_arg rsi_arg, r8_arg;
} pgen;

enum { L_EPI = 0, L_EXIT0 = 1 };   /* then n exits, then n skips */

static const int ARGREG[VM_PC_MAX_ARGS] = { X86_RDI, X86_RSI, X86_RDX, X86_RCX, X86_R8, X86_R9 };

/* the register holding address v: r10 or r11, loaded unless there */
static int base_reg(x86_buf *b, pgen *g, uint64_t v) {
    for (int i = 0; i < 2; i++)
        if (g->valid[i] && g->cache[i] == v) {
            g->lru = (uint8_t)i;
            return g->creg[i];
        }
    int s = g->valid[0] ? (g->valid[1] ? 1 - g->lru : 1) : 0;
    x86_movabs(b, g->creg[s], v);                      /* movabs r10|r11 (r13|r14), v */
    g->cache[s] = v;
    g->valid[s] = true;
    g->lru = (uint8_t)s;
    return g->creg[s];
}

/* loc as a memory operand (a pointer read live into scratch) */
static x86_mem mem(x86_buf *b, pgen *g, const vm_pc_loc *l, int scratch) {
    switch (l->where) {
    case VM_PC_ARG:
        return x86_m(FUSE_PATH_REG_ARG, l->off);       /* [rbx + off] */
    case VM_PC_DEREF:
        x86_ld64(b, scratch, x86_m(base_reg(b, g, (uint64_t)(uintptr_t)l->base), l->off));
        return x86_m(scratch, l->off2);                /* mov s, [rK + off]; [s + off2] */
    default:
        return x86_m(base_reg(b, g, (uint64_t)(uintptr_t)l->base), l->off);
    }
}

/* the label of the exit returning r (one stub per value) */
static uint32_t exit_label(pgen *g, uint32_t r) {
    for (uint32_t i = 0; i < g->n_exits; i++)
        if (g->exit_ret[i] == r) return L_EXIT0 + i;
    g->exit_ret[g->n_exits] = r;
    return L_EXIT0 + g->n_exits++;
}

static bool fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

/* is fn within a call rel32 of every byte of the code (a margin kept) */
static bool near(const pgen *g, const void *fn) {
    int64_t t = (int64_t)(uintptr_t)fn, a = (int64_t)g->lo, z = (int64_t)g->hi;
    return t - a < INT32_MAX - 4096 && t - a > INT32_MIN + 4096 && t - z < INT32_MAX - 4096 &&
           t - z > INT32_MIN + 4096;
}

/* argument a into register r */
static void load_arg(x86_buf *b, pgen *g, const vm_pc_arg *a, int r) {
    switch (a->src) {
    case VM_PC_ARG0: x86_mov_rr64(b, r, FUSE_PATH_REG_ARG); break;    /* mov r, rbx */
    case VM_PC_ARG1: x86_mov_rr64(b, r, FUSE_PATH_REG_ARG2); break;   /* mov r, r12 */
    case VM_PC_LD32: x86_ld32(b, r, mem(b, g, &a->loc, X86_RAX)); break; /* mov r32, [loc] */
    case VM_PC_LD64: x86_ld64(b, r, mem(b, g, &a->loc, X86_RAX)); break; /* mov r, [loc] */
    case VM_PC_FRAME: x86_lea(b, r, x86_m(X86_RSP, 0)); break;          /* lea r, [rsp] */
    default: x86_mov_imm(b, r, (int64_t)a->imm); break;             /* mov r, imm */
    }
}

/* is a an argument in a register that stays (a field of the first
 * argument, rbx) the same as h */
static bool same_arg(const vm_pc_arg *a, const vm_pc_arg *h) {
    return a->src == h->src && (a->src == VM_PC_LD32 || a->src == VM_PC_LD64) &&
           a->loc.where == VM_PC_ARG && h->loc.where == VM_PC_ARG && a->loc.off == h->loc.off;
}

/* the function's frame popped (the epilogue before its ret, or before a
 * tail call's jump) */
static void gen_pop(x86_buf *b, const pgen *g) {
    x86_alu_ri64(b, X86_ADD, X86_RSP, g->frame);          /* add rsp, frame */
    if (g->keep) {
        x86_pop(b, X86_R14);                              /* pop r14 */
        x86_pop(b, X86_R13);                              /* pop r13 */
    }
    if (g->arg2) x86_pop(b, X86_R12);                     /* pop r12 */
    x86_pop(b, X86_RBX);                                  /* pop rbx */
}

/* (branch fx23) `return fn(args)`: the arguments (VM_PC_EXITV: ev) into
 * rdi, rsi, rdx, rcx, r8, r9, the frame popped (which touches none of
 * them), then jmp fn: jmp rel32 where in reach, else x86_jmp_far (movabs
 * rax, fn; jmp rax - or with the platform's thunks jmp rel32 to the
 * thunk for rax: no indirect branch) */
static void gen_tail(x86_buf *b, pgen *g, const vm_pc_op *op, uint32_t ev) {
    for (uint32_t i = 0; i < op->nargs; i++) {
        vm_pc_arg a = op->args[i];
        if (a.src == VM_PC_EXITV) a = (vm_pc_arg){ .src = VM_PC_IMM, .imm = ev };
        load_arg(b, g, &a, ARGREG[i]);
    }
    gen_pop(b, g);
    if (near(g, op->fn)) x86_jmp_near(b, op->fn);         /* jmp fn (rel32) */
    else x86_jmp_far(b, op->fn);                          /* jmp fn (rax or thunk) */
    g->valid[0] = g->valid[1] = false;
}

static void gen_call(x86_buf *b, pgen *g, const vm_pc_op *op, uint32_t skip) {
    if (op->tail) {
        gen_tail(b, g, op, 0);
        return;
    }
    if (op->guard) {
        x86_cmp8_mi(b, mem(b, g, &op->a, X86_RAX), 0);     /* cmp byte [a], 0 */
        x86_jcc(b, X86_CC_E, skip);                        /* je skip */
    }
    for (uint32_t i = 0; i < op->nargs; i++) load_arg(b, g, &op->args[i], ARGREG[i]);
    if (near(g, op->fn)) x86_call_near(b, op->fn);        /* call fn (rel32) */
    else x86_call_far(b, op->fn);                         /* call fn (rel32, rax or thunk) */
    if (!g->keep) g->valid[0] = g->valid[1] = false;      /* (r10, r11 clobbered) */
    if (op->exit_nz) {
        x86_test_rr32(b, X86_RAX, X86_RAX);               /* test eax, eax */
        x86_jcc(b, X86_CC_NE, exit_label(g, op->ret));    /* jne exit */
    }
    /* (the next body's registers: loaded again on the call's way alone
     * - a guarded call, such as a marker's copy, is rare; the copy moves
     * the bytes, so r8 is read again - or forgotten) */
    if (op->guard) {
        if (g->rsi_ok) load_arg(b, g, &g->rsi_arg, X86_RSI);   /* mov esi, [rbx + off] */
        if (g->r8_ok) load_arg(b, g, &g->r8_arg, X86_R8);      /* mov r8, [rbx + off] */
        if (g->r9_place) x86_ld32sx(b, X86_R9, x86_m(X86_RSP, 0)); /* movsxd r9, [rsp] */
    } else {
        g->rsi_ok = g->r8_ok = g->r9_place = false;
    }
    x86_bind(b, skip);                                    /* skip: */
}

/* is op a field program whose body goes in the function (VM_PC_PROG: a
 * program the body mode takes, its hdr the function's slot, no guard,
 * VM_PC_NO_INLINE not set) */
static bool inlined(const vm_pc_op *op, uint32_t flags) {
    return op->kind == VM_PC_PROG && !(flags & VM_PC_NO_INLINE) && !op->guard &&
           op->nargs == 6 && op->args[5].src == VM_PC_FRAME && fuse_prog_body_ok(op->prog);
}

/* the labels of ops[0 .. n): the epilogue, an exit and a skip per
 * operation, then the inlined bodies' */
static uint32_t n_labels(const vm_pc_op *ops, uint32_t n, uint32_t flags) {
    uint32_t l = L_EXIT0 + 2 * n;
    for (uint32_t i = 0; i < n; i++)
        if (inlined(&ops[i], flags)) l += fuse_prog_body_labels(ops[i].prog);
    return l;
}

/* op's body (VM_PC_PROG inlined): the arguments it reads into rdi, esi,
 * rdx, r8 (fuse_path.h), then its code; answer 1 exits with op->ret
 * (exit_nz), else goes to skip */
static void gen_body(x86_buf *b, pgen *g, const vm_pc_op *op, uint32_t i, uint32_t skip) {
    fuse_prog_body c = { .p = op->prog, .lbase = g->lnext, .hdr = 0, .share = 8,
                         .slots = g->slots, .share_on = !(g->flags & VM_PC_NO_SHARE),
                         .known = g->known, .later = g->later[i] };
    c.l_ret1 = op->exit_nz ? exit_label(g, op->ret) : skip;
    g->lnext += fuse_prog_body_labels(op->prog);
    uint32_t need = fuse_prog_body_needs(&c);
    /* (the length and the bytes' address where the body before left them,
     * with the kept values) */
    bool share = c.share_on;
    c.r9_place = share && g->r9_place;
    if (need & FUSE_PB_OBJ) load_arg(b, g, &op->args[0], X86_RDI);
    if ((need & FUSE_PB_LEN) && !(share && g->rsi_ok && same_arg(&op->args[1], &g->rsi_arg))) {
        load_arg(b, g, &op->args[1], X86_RSI);
        g->rsi_ok = share && same_arg(&op->args[1], &op->args[1]);
        g->rsi_arg = op->args[1];
    }
    if (need & FUSE_PB_TS) load_arg(b, g, &op->args[2], X86_RDX);
    if ((need & FUSE_PB_DATA) && !(share && g->r8_ok && same_arg(&op->args[4], &g->r8_arg))) {
        load_arg(b, g, &op->args[4], X86_R8);
        g->r8_ok = share && same_arg(&op->args[4], &op->args[4]);
        g->r8_arg = op->args[4];
    }
    bool r9 = false;
    uint32_t known = fuse_prog_body_emit(b, &c, &r9);
    /* (what it found holds after it only when its answer 1 leaves the
     * function: a body left for skip may not have found it, nor loaded
     * what it reads) */
    if (op->exit_nz) {
        g->known = known;
        g->r9_place = share && r9;
    } else {
        g->rsi_ok = g->r8_ok = g->r9_place = false;
    }
    if (!g->keep) g->valid[0] = g->valid[1] = false;   /* (r10, r11 used by the body) */
    x86_bind(b, skip);                                  /* skip: */
}

static void gen(x86_buf *b, void *ctx) {
    pgen *g = ctx;
    g->valid[0] = g->valid[1] = false;
    g->lru = 0;
    g->n_exits = 0;
    g->known = 0;
    g->rsi_ok = g->r8_ok = g->r9_place = false;
    g->lnext = L_EXIT0 + 2 * g->n;
    /* the bodies' frame: the place's slot, the kept values, the largest
     * body's registers; what each body's later ones read */
    uint32_t body_slots = 0, reads = 0;
    bool bodies = false;
    for (uint32_t i = g->n; i-- > 0;) {
        g->later[i] = reads;
        if (!inlined(&g->ops[i], g->flags)) continue;
        bodies = true;
        reads |= fuse_prog_body_reads(g->ops[i].prog);
        uint32_t s = fuse_prog_body_slots(g->ops[i].prog);
        if (s > body_slots) body_slots = s;
    }
    g->slots = 8 + FUSE_SH_BYTES;
    /* (r12 kept only when the second argument is used; the cache in
     * r13, r14 only when there is a call to keep it across, and not
     * switched off: VM_PC_NO_KEEP) */
    bool arg2 = false, calls = false;
    for (uint32_t i = 0; i < g->n; i++) {
        bool call = g->ops[i].kind == VM_PC_CALL || g->ops[i].kind == VM_PC_PROG;
        calls |= call;
        call |= g->ops[i].kind == VM_PC_LEAVE;
        for (uint32_t k = 0; call && k < g->ops[i].nargs; k++)
            arg2 |= g->ops[i].args[k].src == VM_PC_ARG1;
    }
    g->keep = calls && !(g->flags & VM_PC_NO_KEEP);
    g->arg2 = arg2;
    g->leave = NULL;
    for (uint32_t i = 0; i < g->n; i++)
        if (g->ops[i].kind == VM_PC_LEAVE) g->leave = &g->ops[i];
    g->creg[0] = g->keep ? X86_R13 : X86_R10;
    g->creg[1] = g->keep ? X86_R14 : X86_R11;
    /* (rsp 16-aligned after the pushes and the frame: an odd number of
     * pushes takes 16, an even 8; the bodies' frame rounded up to 16) */
    int frame = ((arg2 ? 1 : 0) + (g->keep ? 2 : 0)) % 2 ? 8 : 16;
    if (bodies) {
        uint32_t need = (uint32_t)g->slots + body_slots;
        if (need > (uint32_t)frame) frame += (int)((need - (uint32_t)frame + 15u) & ~15u);
    }
    g->frame = frame;
    x86_endbr64(b);                                       /* endbr64 */
    x86_push(b, X86_RBX);                                 /* push rbx */
    if (arg2) x86_push(b, X86_R12);                       /* push r12 */
    if (g->keep) {
        x86_push(b, X86_R13);                             /* push r13 */
        x86_push(b, X86_R14);                             /* push r14 */
    }
    x86_alu_ri64(b, X86_SUB, X86_RSP, frame);             /* sub rsp, 8 | 16 */
    x86_mov_rr64(b, FUSE_PATH_REG_ARG, X86_RDI);          /* mov rbx, rdi */
    if (arg2) x86_mov_rr64(b, FUSE_PATH_REG_ARG2, X86_RSI); /* mov r12, rsi */
    for (uint32_t i = 0; i < g->n; i++) {
        const vm_pc_op *op = &g->ops[i];
        x86_mem m, mb;
        int z;
        switch (op->kind) {
        case VM_PC_EXIT_IF_NE64:
            m = mem(b, g, &op->a, X86_RCX);
            if (fits32(op->imm)) {
                x86_alu_mi64(b, X86_CMP, m, (int32_t)op->imm);   /* cmp qword [a], imm */
            } else {
                /* (the address just used stays: the other register is taken) */
                int r = base_reg(b, g, (uint64_t)op->imm);
                x86_alu_rm64(b, X86_CMP, r, m);                   /* cmp rK, qword [a] */
            }
            x86_jcc(b, X86_CC_NE, exit_label(g, op->ret));       /* jne exit */
            break;
        case VM_PC_EXIT_IF_GT32:
            x86_alu_mi32(b, X86_CMP, mem(b, g, &op->a, X86_RCX),
                         (int32_t)(uint32_t)op->imm);            /* cmp dword [a], imm */
            x86_jcc(b, X86_CC_A, exit_label(g, op->ret));        /* ja exit */
            break;
        case VM_PC_INC32_WRAP:
            m = mem(b, g, &op->a, X86_RCX);
            x86_ld32(b, X86_RAX, m);                             /* mov eax, [a] */
            x86_alu_ri32(b, X86_ADD, X86_RAX, 1);                /* add eax, 1 */
            /* (the zero in edx, r9 where b is read through rdx: r9 may
             * hold the IP header's place for the next body) */
            z = op->b.where == VM_PC_DEREF ? X86_R9 : X86_RDX;
            if (z == X86_R9) g->r9_place = false;
            x86_alu_rr32(b, X86_XOR, z, z);                      /* xor r9d|edx, r9d|edx */
            mb = mem(b, g, &op->b, X86_RDX);
            x86_alu_rm32(b, X86_CMP, X86_RAX, mb);               /* cmp eax, [b] */
            x86_cmov32(b, X86_CC_E, X86_RAX, z);                 /* cmove eax, r9d|edx */
            x86_st32(b, m, X86_RAX);                             /* mov [a], eax */
            break;
        case VM_PC_ADD64:
            x86_alu_mi64(b, X86_ADD, mem(b, g, &op->a, X86_RCX), (int32_t)op->imm); /* add qword [a], imm */
            break;
        case VM_PC_ADD64_LD32:
            x86_ld32(b, X86_RAX, mem(b, g, &op->b, X86_RDX));   /* mov eax, [b] */
            x86_alu_mr64(b, X86_ADD, mem(b, g, &op->a, X86_RCX), X86_RAX); /* add [a], rax */
            break;
        case VM_PC_STORE32:
            x86_st32_imm(b, mem(b, g, &op->a, X86_RCX), (int32_t)op->imm); /* mov dword [a], imm */
            break;
        case VM_PC_STORE8:
            x86_st8_imm(b, mem(b, g, &op->a, X86_RCX), (uint8_t)op->imm);  /* mov byte [a], imm */
            break;
        case VM_PC_CALL:
            gen_call(b, g, op, L_EXIT0 + g->n + i);
            break;
        case VM_PC_PROG:
            if (inlined(op, g->flags)) {
                gen_body(b, g, op, i, L_EXIT0 + g->n + i);
            } else {
                gen_call(b, g, op, L_EXIT0 + g->n + i);
                /* (a called setDscp: the kept dscp() stale) */
                if (op->prog && fuse_prog_writes(op->prog)) g->known &= ~(uint32_t)FUSE_SH_DSCP;
            }
            break;
        case VM_PC_RET:
            x86_mov_ri32(b, X86_RAX, op->ret);                   /* mov eax, ret */
            x86_bind(b, L_EPI);                                  /* epi: */
            gen_pop(b, g);                                       /* add rsp; pop ... */
            x86_ret(b);                                          /* ret */
            break;
        case VM_PC_LEAVE:
            break;                                               /* (at the exits) */
        case VM_PC_SET_FRAME32:
            /* (the slot the bodies keep the IP header's place in: found again) */
            g->known &= ~(uint32_t)FUSE_SH_HDR;
            g->r9_place = false;
            x86_st32_imm(b, x86_m(X86_RSP, 0), (int32_t)op->imm);      /* mov dword [rsp], imm */
            break;
        default:
            x86_fail(b, VM_ERR_ARG);
            return;
        }
    }
    for (uint32_t k = 0; k < g->n_exits; k++) {
        x86_bind(b, L_EXIT0 + k);                                /* exit_k: */
        if (g->leave && g->exit_ret[k] != (uint32_t)g->leave->imm) {
            /* (reached from anywhere: no address known in a register) */
            g->valid[0] = g->valid[1] = false;
            gen_tail(b, g, g->leave, g->exit_ret[k]);            /* return fn(.., ret_k, ..) */
            continue;
        }
        x86_mov_ri32(b, X86_RAX, g->exit_ret[k]);                /* mov eax, ret_k */
        x86_jmp(b, L_EPI);                                       /* jmp epi */
    }
}

/* is the list well formed: known kinds, 32-bit immediates where the
 * encoding takes one, at most VM_PC_MAX_ARGS arguments, one VM_PC_RET,
 * last */
static bool list_ok(const vm_pc_op *ops, uint32_t n) {
    if (!ops || n == 0 || n > MAX_OPS || ops[n - 1].kind != VM_PC_RET) return false;
    for (uint32_t i = 0; i < n; i++) {
        const vm_pc_op *op = &ops[i];
        if (op->kind > VM_PC_LEAVE || (op->kind == VM_PC_RET && i != n - 1)) return false;
        /* (a tail call or a leave: no guard, no exit, nothing of the
         * frame; VM_PC_EXITV in a leave only; one leave) */
        bool tl = (op->kind == VM_PC_CALL && op->tail) || op->kind == VM_PC_LEAVE;
        if (op->tail && (op->kind != VM_PC_CALL || op->guard || op->exit_nz)) return false;
        if (op->kind == VM_PC_LEAVE) {
            if (op->nargs > VM_PC_MAX_ARGS || !op->fn || op->imm < 0 ||
                op->imm > (int64_t)UINT32_MAX)
                return false;
            for (uint32_t j = i + 1; j < n; j++)
                if (ops[j].kind == VM_PC_LEAVE) return false;
        }
        for (uint32_t k = 0; (op->kind == VM_PC_CALL || op->kind == VM_PC_PROG || tl) &&
                             k < op->nargs && k < VM_PC_MAX_ARGS; k++) {
            if (op->args[k].src == VM_PC_EXITV && op->kind != VM_PC_LEAVE) return false;
            if (tl && op->args[k].src == VM_PC_FRAME) return false;
        }
        if ((op->kind == VM_PC_ADD64 || op->kind == VM_PC_STORE32 ||
             op->kind == VM_PC_SET_FRAME32) && !fits32(op->imm))
            return false;
        if ((op->kind == VM_PC_CALL || op->kind == VM_PC_PROG) &&
            (op->nargs > VM_PC_MAX_ARGS || !op->fn))
            return false;
        if (op->kind == VM_PC_PROG && (!op->prog || op->nargs != 6)) return false;
        if (op->kind == VM_PC_EXIT_IF_GT32 && (op->imm < 0 || op->imm > (int64_t)UINT32_MAX))
            return false;
    }
    return true;
}

/* a bound of ops[0 .. n)'s code: no operation takes 176 bytes with its
 * exit, no inlined body 448 plus 192 a program operation (its headers,
 * its arguments, a setDscp's two ways) */
static size_t code_bound(const vm_pc_op *ops, uint32_t n, uint32_t flags) {
    size_t z = (size_t)64 + (size_t)n * 176u;
    for (uint32_t i = 0; i < n; i++) {
        if (inlined(&ops[i], flags)) z += 448u + 192u * (size_t)ops[i].prog->n;
        /* (a leave: each exit a tail call, at most six arguments, the
         * pops and a far jump) */
        if (ops[i].kind == VM_PC_LEAVE) z += (size_t)n * 112u;
    }
    return z;
}

/* the region's emitter state (kept from one function to the next: one
 * encoder buffer, one pgen) */
struct vm_pc_gen {
    x86_buf b;
    pgen g;
};
/* a mapping of the region */
struct vm_pc_chunk {
    struct vm_pc_chunk *next;     /* the one made before */
    uint8_t *mem;
    size_t size, used;
};

#define PAGE 4096u
static size_t page_up(size_t n) { return (n + PAGE - 1) & ~(size_t)(PAGE - 1); }

void vm_pathcode_region_init(vm_pathcode_region *r, const vm_platform *plat, size_t hint) {
    *r = (vm_pathcode_region){ .plat = plat, .hint = hint };
}

/* a new mapping of at least need bytes (the first sized by the hint, the
 * next twice the last) */
static vm_status region_grow(vm_pathcode_region *r, size_t need) {
    const vm_platform *plat = r->plat;
    size_t size = r->chunks ? 2 * r->chunks->size : r->hint;
    size = page_up(size > need ? size : need);
    struct vm_pc_chunk *c = vm_zalloc(plat, sizeof *c);
    if (!c) return VM_ERR_NOMEM;
    c->mem = plat->code_alloc(plat->ud, size);
    if (!c->mem) {
        vm_free(plat, c, sizeof *c);
        return VM_ERR_NOMEM;
    }
    c->size = size;
    c->next = r->chunks;
    r->chunks = c;
    r->mapped += size;
    r->n_maps++;
    return VM_OK;
}

/* record ops into gs->b for a chunk c (the calls in reach of it known) */
static vm_status region_assemble(struct vm_pc_gen *gs, const struct vm_pc_chunk *c,
                                 uint32_t n, uint32_t *size) {
    gs->g.lo = c ? (uintptr_t)c->mem : 0;
    gs->g.hi = c ? (uintptr_t)c->mem + c->size : 0;
    vm_status st = x86_reset(&gs->b, n_labels(gs->g.ops, n, gs->g.flags));
    if (st == VM_OK) st = x86_assemble(&gs->b, gen, &gs->g, size);
    return st;
}

vm_status vm_pathcode_region_emit(vm_pathcode_region *r, const vm_pc_op *ops, uint32_t n,
                                  const char *name,
                                  void (*named)(void *ud, const char *name, const void *code,
                                                size_t size),
                                  void *ud, vm_pathcode *out) {
    *out = (vm_pathcode){ 0 };
    const vm_platform *plat = r->plat;
    if (!plat || !plat->code_alloc || !plat->code_protect_exec || !plat->code_free)
        return VM_ERR_UNSUPPORTED;
    if (r->sealed) return VM_ERR_ARG;
    if (!list_ok(ops, n)) return VM_ERR_ARG;
    if (!r->gen) {
        struct vm_pc_gen *gs = vm_zalloc(plat, sizeof *gs);
        if (!gs) return VM_ERR_NOMEM;
        vm_status st = x86_init(&gs->b, plat, 1);
        if (st != VM_OK) {
            vm_free(plat, gs, sizeof *gs);
            return st;
        }
        r->gen = gs;
    }
    struct vm_pc_gen *gs = r->gen;
    gs->g.ops = ops;
    gs->g.n = n;
    gs->g.flags = r->flags;
    /* recorded for the current mapping (calls in reach of it); one that
     * does not fit its rest is recorded again for a new mapping */
    if (!r->chunks) {
        vm_status st = region_grow(r, code_bound(ops, n, r->flags));
        if (st != VM_OK) return st;
    }
    uint32_t size = 0;
    vm_status st = region_assemble(gs, r->chunks, n, &size);
    if (st == VM_OK && size > r->chunks->size - r->chunks->used) {
        st = region_grow(r, size);
        if (st == VM_OK) st = region_assemble(gs, r->chunks, n, &size);
    }
    struct vm_pc_chunk *c = r->chunks;
    uint8_t *m = c->mem + c->used;
    if (st == VM_OK && size > c->size - c->used) st = VM_ERR_INTERNAL;
    if (st == VM_OK) st = x86_finish(&gs->b, m, (uint32_t)(c->size - c->used), (uintptr_t)m);
    if (st == VM_OK && !x86_is_endbr64(m)) st = VM_ERR_INTERNAL;
    if (st != VM_OK) return st;   /* (the space stays unused) */
    uint32_t len = gs->b.len;
    c->used = (c->used + len + 15) & ~(size_t)15;   /* (the next 16-aligned) */
    if (c->used > c->size) c->used = c->size;
    r->bytes += len;
    r->n_fns++;
    out->fn = (vm_pathcode_fn)(void *)m;
    out->bytes = len;
    if (named) named(ud, name ? name : "fused-run", m, len);
    return VM_OK;
}

vm_status vm_pathcode_region_seal(vm_pathcode_region *r) {
    if (r->gen) {
        x86_free(&r->gen->b);
        vm_free(r->plat, r->gen, sizeof *r->gen);
        r->gen = NULL;
    }
    if (r->sealed) return VM_OK;
    r->sealed = true;
    for (struct vm_pc_chunk *c = r->chunks; c; c = c->next)
        if (r->plat->code_protect_exec(r->plat->ud, c->mem, c->size) != 0) return VM_ERR_NOMEM;
    return VM_OK;
}

void vm_pathcode_region_free(vm_pathcode_region *r) {
    if (!r || !r->plat) return;
    if (r->gen) {
        x86_free(&r->gen->b);
        vm_free(r->plat, r->gen, sizeof *r->gen);
    }
    for (struct vm_pc_chunk *c = r->chunks, *nx; c; c = nx) {
        nx = c->next;
        r->plat->code_free(r->plat->ud, c->mem, c->size);
        vm_free(r->plat, c, sizeof *c);
    }
    *r = (vm_pathcode_region){ 0 };
}

vm_status vm_pathcode_emit(const vm_platform *plat, const vm_pc_op *ops, uint32_t n,
                           const char *name,
                           void (*named)(void *ud, const char *name, const void *code,
                                         size_t size),
                           void *ud, vm_pathcode *out) {
    *out = (vm_pathcode){ 0 };
    /* a region of its own, of one mapping (an upper bound of the code:
     * code_bound) */
    vm_pathcode_region r;
    vm_pathcode_region_init(&r, plat, list_ok(ops, n) ? code_bound(ops, n, 0) : 0);
    vm_pathcode c;
    vm_status st = vm_pathcode_region_emit(&r, ops, n, name, named, ud, &c);
    if (st == VM_OK) st = vm_pathcode_region_seal(&r);
    if (st != VM_OK || r.n_maps != 1) {
        vm_pathcode_region_free(&r);
        return st != VM_OK ? st : VM_ERR_INTERNAL;
    }
    *out = c;
    out->plat = plat;
    out->mem = r.chunks->mem;
    out->mem_size = r.chunks->size;
    vm_free(plat, r.chunks, sizeof *r.chunks);
    return VM_OK;
}

void vm_pathcode_free(vm_pathcode *c) {
    if (c && c->mem) c->plat->code_free(c->plat->ud, c->mem, c->mem_size);
    if (c) *c = (vm_pathcode){ 0 };
}
