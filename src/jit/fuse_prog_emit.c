/* fuse_prog_emit.c - a field program (vm_handler_field_prog,
 * fuse_prog.c) as machine code: vm_field_prog_emit.
 *
 * int32_t fn(vm_object *obj, int32_t len, int64_t ts, const vm_field_prog *,
 * uint8_t *data): rdi the VIFlet, esi the packet's length, rdx its time,
 * r8 its bytes (System V; rcx, the program, not read); eax 0 (done) or 1
 * (a guard drops the packet, or a getter's answer is the handler's:
 * nothing stored, as the C evaluator dp_fuse_prog_run in
 * src/datapath/dp_fuse_prog.h, which is the reference: every operation
 * below gives its answers).  Register i of the program lives at
 * [rsp + 8 i] (ints sign-extended, as the C evaluator keeps them); rax,
 * rcx and r11 are the scratch registers.  The counters' forms need no
 * frame:
 *
 *     ADDJ_K    add qword [rdi + off], k      (k a 32-bit immediate, else
 *                                              through rax)
 *     ADDI_K    add dword [rdi + off], k
 *     ADDJ_LEN  movsxd rax, esi; add rax, [rdi + off]; mov [rdi + off], rax
 *     ADDI_LEN  mov eax, [rdi + off]; add eax, esi; mov [rdi + off], eax
 *
 * A program reading the headers (getters, ISIP, setDscp) first finds the
 * IP header as Packet.ipHeader does (dp_prog_ip), once, into r9: (offset
 * << 3) | version, or -1 (not IP, or a header not whole); the sixth
 * argument (r9) points to where it is kept for the packet (vifvm_jit.h,
 * vm_field_prog_fn's hdr), taken from there unless VM_FIELD_HDR_UNKNOWN,
 * else found and stored there:
 *
 *     mov r10, r9; movsxd r9, dword [r10]; cmp r9d, -3; jne ip
 *     mov r9, -1; cmp esi, 14; jl new
 *     movzx eax, word [r8 + 12]; mov ecx, 14     (the EtherType, bytes
 *     cmp eax, 0x0081; jne et                     swapped: 0x8100)
 *     cmp esi, 18; jl new; movzx eax, word [r8 + 16]; mov ecx, 18
 *   et:
 *     cmp eax, 0x0008; jne v6                    (0x0800)
 *     lea r11d, [rcx + 20]; cmp esi, r11d; jl new
 *     movzx eax, byte [r8 + rcx]; mov r11d, eax; and r11d, 15
 *     cmp r11d, 5; jl new; shr eax, 4; cmp eax, 4; jne new
 *     mov r9d, ecx; shl r9d, 3; or r9d, 4; jmp new
 *   v6:
 *     cmp eax, 0xdd86; jne new                    (0x86dd)
 *     lea r11d, [rcx + 40]; cmp esi, r11d; jl new
 *     movzx eax, byte [r8 + rcx]; shr eax, 4; cmp eax, 6; jne new
 *     mov r9d, ecx; shl r9d, 3; or r9d, 6
 *   new:
 *     mov dword [r10], r9d
 *   ip:
 *
 * and one with dstPort()/srcPort() the transport header (dp_prog_l4h,
 * at least 4 bytes of it) into r10, or -1; the ports of an IPv6 packet
 * are the handler's (every getter of a program is on its one straight
 * line, and nothing is stored before its end, so answering 1 at the
 * start is answering 1 at the getter):
 *
 *     mov r10, -1; test r9d, r9d; js l4
 *     test r9d, 2; jnz ret1                      (IPv6)
 *     mov ecx, r9d; shr ecx, 3
 *     movzx eax, word [r8 + rcx + 6]; test eax, 0xff1f; jnz l4   (a fragment)
 *     movzx eax, byte [r8 + rcx + 9]; cmp eax, 6; je t; cmp eax, 17; jne l4
 *   t:
 *     movzx eax, byte [r8 + rcx]; and eax, 15; lea eax, [rcx + rax*4]
 *     lea r11d, [rax + 4]; cmp esi, r11d; jl l4
 *     mov r10d, eax
 *   l4:
 *
 * The operations (S(i): register i's slot; a k that fits 32 bits is an
 * immediate operand wherever an operand may be one):
 *
 *     DPORT     mov rax, -1; test r10, r10; js x
 *               movzx eax, word [r8 + r10 + 2]; bswap eax; shr eax, 16
 *               x: mov S(i), rax                 (SPORT: + 0)
 *     IPPROTO   mov rax, -1; test r9d, r9d; js x; mov ecx, r9d; shr ecx, 3
 *               movzx eax, byte [r8 + rcx + 9]; test r9d, 2; jz x
 *               movzx eax, byte [r8 + rcx + 6]; x: mov S(i), rax
 *     ISIP      xor eax, eax; test r9d, r9d; setns al; mov S(i), rax
 *     GUARD     mov rax, S(a); cmp rax, S(b); j!cc ret1
 *     SELECT    mov rcx, S(a); mov rax, K1; mov r11, K2; cmp rcx, S(b)
 *               cmovcc rax, r11; mov S(i), rax
 *               (K2 1, K1 0: xor eax, eax; cmp rcx, S(b); setcc al)
 *     CSEL      mov rax, S(b); mov rcx, S(k); cmp qword S(a), 0
 *               cmove rax, rcx; mov S(i), rax
 *     SETDSCP   xor eax, eax; test r9d, r9d; js x; mov ecx, r9d; shr ecx, 3
 *               test r9d, 2; jnz v6
 *               mov r11d, S(a); shl r11d, 2; movzx eax, byte [r8 + rcx + 1]
 *               and eax, 3; or eax, r11d; mov [r8 + rcx + 1], al; jmp w
 *           v6: mov r11d, S(a); shr r11d, 2; movzx eax, byte [r8 + rcx]
 *               and eax, 0xf0; or eax, r11d; mov [r8 + rcx], al
 *               mov r11d, S(a); and r11d, 3; shl r11d, 6
 *               movzx eax, byte [r8 + rcx + 1]; and eax, 0x3f; or eax, r11d
 *               mov [r8 + rcx + 1], al
 *            w: mov eax, 1
 *            x: mov S(i), rax
 *     SETDSCP_IF  cmp qword S(b), 0; je x; the write above (no answer)
 *
 * (no checksum is touched: Packet.setDscp touches none).
 *
 *     DSCP      (branch fx22) as IPPROTO to rcx, then IPv4: movzx eax,
 *               byte [r8 + rcx + 1]; shr eax, 2; IPv6: the traffic
 *               class's top six bits from bytes 0 and 1
 *
 * Body mode (branch fx22, fuse_prog_body_emit below): the same code
 * emitted into a fused path's function (src/jit/fuse_path.c, VM_PC_PROG). */
#include "jit_internal.h"
#include "x86_emit.h"
#include "fuse_code.h"
#include "fuse_path.h"

/* the emitter's state: a function of its own (vm_field_prog_emit), or a
 * body emitted into a fused path's function (fuse_prog_body_emit, branch
 * fx22) */
typedef struct fp_gen {
    const vm_field_prog *p;
    uint32_t frame;        /* standalone: the frame's bytes (sub rsp) */
    uint32_t lb, ret1;     /* the first label; the label of answer 1 */
    int32_t slot0;         /* register 0's slot: [rsp + slot0] */
    bool body;             /* a body in a path function */
    int32_t hdr, share;    /* body: [rsp + hdr] the IP header's place (int32);
                              [rsp + share] the kept values (FP_SH_SLOT) */
    uint32_t known, later; /* body: FUSE_SH_* kept before it; read by a later body */
    bool r9_place;         /* body: r9 holds the place already */
} fp_gen;

enum { L_RET1 = 0, L_ET, L_V6, L_IP, L_T, L_L4, L_IPNEW, L_OPS };
#define L_OP(i) (g->lb + L_OPS + 2u * (uint32_t)(i))   /* two per operation */
#define N_LABELS (L_OPS + 2u * VM_FIELD_PROG_MAX)

/* a kept value's slot (body mode): the transport header's place, then
 * dstPort(), srcPort(), ipProtocol(), dscp() */
#define SHARE(bit) x86_m(X86_RSP, g->share + 8 * ((bit) == FUSE_SH_L4 ? 0 : (bit) == FUSE_SH_DPORT ? 1 \
                                                  : (bit) == FUSE_SH_SPORT ? 2 \
                                                  : (bit) == FUSE_SH_PROTO ? 3 : 4))
#define SLOT(i) x86_m(X86_RSP, g->slot0 + (int32_t)(8u * (uint32_t)(i)))
/* a label of this program (body mode: past the path function's own) */
#define LB(l) (g->lb + (l))

static void fp_ld(x86_buf *b, const fp_gen *g, int r, uint8_t i) { x86_ld64(b, r, SLOT(i)); }

#define NONE 0xffffu

static bool fp_k32(const vm_field_prog *p, uint8_t r, int32_t *k);

/* rax = register a: nothing when rax holds it already (held: the program
 * register whose value rax has, NONE); a register whose slot was never
 * written must be held (fp_plan) */
static void fp_lda(x86_buf *b, const fp_gen *g, uint32_t held, const bool *noslot, uint8_t a) {
    if (held == a) return;
    if (noslot[a]) { x86_fail(b, VM_ERR_INTERNAL); return; }
    x86_ld64(b, X86_RAX, SLOT(a));
}

/* the operations that read their a only through fp_lda (into rax) */
static bool fp_rax_a(uint8_t c) {
    return (c >= VM_FOP_I2L && c <= VM_FOP_XORJ) || c == VM_FOP_STI || c == VM_FOP_STJ ||
           c == VM_FOP_GUARD || c == VM_FOP_SELECT;
}
/* the operations that leave their value in rax for its slot */
static bool fp_in_rax(uint8_t c) {
    return c == VM_FOP_LEN || c == VM_FOP_LDI || c == VM_FOP_LDJ ||
           (c >= VM_FOP_I2L && c <= VM_FOP_XORJ) || (c >= VM_FOP_DPORT && c <= VM_FOP_IPPROTO) ||
           c == VM_FOP_ISIP || c == VM_FOP_SELECT || c == VM_FOP_CSEL || c == VM_FOP_SETDSCP ||
           c == VM_FOP_DSCP;
}

/* which registers need no slot (noslot[]): a constant used only as an
 * immediate (the b of an add, sub, and, or, xor, a GUARD or a SELECT, in
 * 32 bits), a value in rax whose one use is the next operation's a (but
 * such constants), read from rax, and a value never read (the slots'
 * stores and loads the program would make for them) */
static void fp_plan(const vm_field_prog *p, bool *noslot, bool *dead) {
    uint16_t nuse[VM_FIELD_PROG_MAX] = { 0 };
    bool imm_only[VM_FIELD_PROG_MAX];
    for (uint32_t i = 0; i < p->n; i++) imm_only[i] = true;
    for (uint32_t j = 0; j < p->n; j++) {
        const vm_field_op *o = &p->op[j];
        uint8_t c = o->op;
        bool ra = (c >= VM_FOP_I2L && c <= VM_FOP_XORJ) || c == VM_FOP_STI || c == VM_FOP_STJ ||
                  c == VM_FOP_GUARD || c == VM_FOP_SELECT || c == VM_FOP_SETDSCP ||
                  c == VM_FOP_CSEL || c == VM_FOP_SETDSCP_IF;
        bool rb = (c >= VM_FOP_ADDI && c <= VM_FOP_XORJ) || c == VM_FOP_GUARD ||
                  c == VM_FOP_SELECT || c == VM_FOP_CSEL || c == VM_FOP_SETDSCP_IF;
        bool bimm = ((c >= VM_FOP_ADDI && c <= VM_FOP_SUBJ) || (c >= VM_FOP_ANDI && c <= VM_FOP_XORJ) ||
                     c == VM_FOP_GUARD || c == VM_FOP_SELECT);
        if (ra && o->a < p->n) { nuse[o->a]++; imm_only[o->a] = false; }
        if (rb && o->b < p->n) { nuse[o->b]++; if (!bimm) imm_only[o->b] = false; }
        if (c == VM_FOP_CSEL && (uint8_t)o->k < p->n) {
            nuse[(uint8_t)o->k]++;
            imm_only[(uint8_t)o->k] = false;
        }
    }
    /* (the constants first: one with no slot makes no code, so rax still
     * holds a value across it - fp_emit keeps `held` there - and a value
     * no operation reads needs no slot either) */
    for (uint32_t i = 0; i < p->n; i++) {
        int32_t k;
        noslot[i] = p->op[i].op == VM_FOP_CONST && imm_only[i] && fp_k32(p, (uint8_t)i, &k);
        dead[i] = false;
    }
    for (uint32_t i = 0; i < p->n; i++) {
        const vm_field_op *o = &p->op[i];
        if (o->op == VM_FOP_CONST || !fp_in_rax(o->op)) continue;
        dead[i] = nuse[i] == 0;
        if (nuse[i] == 0) {
            noslot[i] = true;
            continue;
        }
        uint32_t j = i + 1;
        while (j < p->n && p->op[j].op == VM_FOP_CONST && noslot[j]) j++;
        if (nuse[i] == 1 && j < p->n) {
            const vm_field_op *n = &p->op[j];
            noslot[i] = fp_rax_a(n->op) && n->a == i &&
                        !((n->op >= VM_FOP_ADDI && n->op <= VM_FOP_XORJ) && n->b == i) &&
                        !((n->op == VM_FOP_GUARD || n->op == VM_FOP_SELECT) && n->b == i);
        }
    }
}
static void fp_st(x86_buf *b, const fp_gen *g, uint32_t i, int r) { x86_st64(b, SLOT(i), r); }
static void fp_sx32(x86_buf *b, int r) { x86_movsxd_rr(b, r, r); }

/* register r a constant that fits a 32-bit immediate: *k it */
static bool fp_k32(const vm_field_prog *p, uint8_t r, int32_t *k) {
    if (r >= p->n || p->op[r].op != VM_FOP_CONST) return false;
    int64_t v = p->op[r].k;
    if (v < INT32_MIN || v > INT32_MAX) return false;
    *k = (int32_t)v;
    return true;
}

/* the GUARD's and SELECT's condition codes (0 ==, 1 !=, 2 <, 3 >=, 4 >,
 * 5 <=: signed 64-bit) */
static enum x86_cc fp_cc(uint32_t cc) {
    static const enum x86_cc t[6] = { X86_CC_E, X86_CC_NE, X86_CC_L, X86_CC_GE, X86_CC_G,
                                      X86_CC_LE };
    return t[cc < 6 ? cc : 5];
}

/* cmp rax-like register x, register j (an immediate when it is one) */
static void fp_cmp(x86_buf *b, const fp_gen *g, int x, uint8_t j) {
    const vm_field_prog *p = g->p;
    int32_t k;
    if (fp_k32(p, j, &k)) x86_alu_ri64(b, X86_CMP, x, k);
    else x86_alu_rm64(b, X86_CMP, x, SLOT(j));
}

/* the IP header (r9) and, with ports, the transport header (r10) */
static void fp_headers(x86_buf *b, const fp_gen *g, bool ip, bool ports) {
    /* (body mode: the place at [rsp + hdr] of the path function, and
     * where an earlier body found it, or the transport header's, taken
     * from there without a test) */
    x86_mem place = x86_m(X86_R10, 0);
    if (g->body) place = x86_m(X86_RSP, g->hdr);
    if (!ip) goto l4;
    if (g->body && (g->known & FUSE_SH_HDR)) {
        if (!g->r9_place) x86_ld32sx(b, X86_R9, place);   /* movsxd r9, [rsp + hdr] */
        goto l4;
    }
    /* the place kept at *hdr (r9, the sixth argument), unless unknown */
    if (!g->body) x86_mov_rr64(b, X86_R10, X86_R9);
    x86_ld32sx(b, X86_R9, place);
    x86_alu_ri32(b, X86_CMP, X86_R9, VM_FIELD_HDR_UNKNOWN);
    x86_jcc(b, X86_CC_NE, LB(L_IP));
    x86_mov_imm(b, X86_R9, -1);
    x86_alu_ri32(b, X86_CMP, X86_RSI, 14);
    x86_jcc(b, X86_CC_L, LB(L_IPNEW));
    x86_ld16zx(b, X86_RAX, x86_m(X86_R8, 12));
    x86_mov_ri32(b, X86_RCX, 14);
    x86_alu_ri32(b, X86_CMP, X86_RAX, 0x0081);
    x86_jcc(b, X86_CC_NE, LB(L_ET));
    x86_alu_ri32(b, X86_CMP, X86_RSI, 18);
    x86_jcc(b, X86_CC_L, LB(L_IPNEW));
    x86_ld16zx(b, X86_RAX, x86_m(X86_R8, 16));
    x86_mov_ri32(b, X86_RCX, 18);
    x86_bind(b, LB(L_ET));
    x86_alu_ri32(b, X86_CMP, X86_RAX, 0x0008);
    x86_jcc(b, X86_CC_NE, LB(L_V6));
    x86_lea32(b, X86_R11, x86_m(X86_RCX, 20));
    x86_alu_rr32(b, X86_CMP, X86_RSI, X86_R11);
    x86_jcc(b, X86_CC_L, LB(L_IPNEW));
    x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 0));
    x86_mov_rr32(b, X86_R11, X86_RAX);
    x86_alu_ri32(b, X86_AND, X86_R11, 15);
    x86_alu_ri32(b, X86_CMP, X86_R11, 5);
    x86_jcc(b, X86_CC_L, LB(L_IPNEW));
    x86_shift_ri32(b, X86_SHR, X86_RAX, 4);
    x86_alu_ri32(b, X86_CMP, X86_RAX, 4);
    x86_jcc(b, X86_CC_NE, LB(L_IPNEW));
    x86_mov_rr32(b, X86_R9, X86_RCX);
    x86_shift_ri32(b, X86_SHL, X86_R9, 3);
    x86_alu_ri32(b, X86_OR, X86_R9, 4);
    x86_jmp(b, LB(L_IPNEW));
    x86_bind(b, LB(L_V6));
    x86_alu_ri32(b, X86_CMP, X86_RAX, 0xdd86);
    x86_jcc(b, X86_CC_NE, LB(L_IPNEW));
    x86_lea32(b, X86_R11, x86_m(X86_RCX, 40));
    x86_alu_rr32(b, X86_CMP, X86_RSI, X86_R11);
    x86_jcc(b, X86_CC_L, LB(L_IPNEW));
    x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 0));
    x86_shift_ri32(b, X86_SHR, X86_RAX, 4);
    x86_alu_ri32(b, X86_CMP, X86_RAX, 6);
    x86_jcc(b, X86_CC_NE, LB(L_IPNEW));
    x86_mov_rr32(b, X86_R9, X86_RCX);
    x86_shift_ri32(b, X86_SHL, X86_R9, 3);
    x86_alu_ri32(b, X86_OR, X86_R9, 6);
    x86_bind(b, LB(L_IPNEW));
    x86_st32(b, place, X86_R9);
    x86_bind(b, LB(L_IP));
l4:
    if (!ports) return;
    if (g->body && (g->known & FUSE_SH_L4)) {
        x86_ld64(b, X86_R10, SHARE(FUSE_SH_L4));       /* mov r10, [rsp + share] */
        return;
    }
    x86_mov_imm(b, X86_R10, -1);
    x86_test_rr32(b, X86_R9, X86_R9);
    x86_jcc(b, X86_CC_S, LB(L_L4));
    x86_test_ri32(b, X86_R9, 2);
    x86_jcc(b, X86_CC_NE, g->ret1);
    x86_mov_rr32(b, X86_RCX, X86_R9);
    x86_shift_ri32(b, X86_SHR, X86_RCX, 3);
    x86_ld16zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 6));
    x86_test_ri32(b, X86_RAX, 0xff1f);
    x86_jcc(b, X86_CC_NE, LB(L_L4));
    x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 9));
    x86_alu_ri32(b, X86_CMP, X86_RAX, 6);
    x86_jcc(b, X86_CC_E, LB(L_T));
    x86_alu_ri32(b, X86_CMP, X86_RAX, 17);
    x86_jcc(b, X86_CC_NE, LB(L_L4));
    x86_bind(b, LB(L_T));
    x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 0));
    x86_alu_ri32(b, X86_AND, X86_RAX, 15);
    x86_lea32(b, X86_RAX, x86_mx(X86_RCX, X86_RAX, 4, 0));
    x86_lea32(b, X86_R11, x86_m(X86_RAX, 4));
    x86_alu_rr32(b, X86_CMP, X86_RSI, X86_R11);
    x86_jcc(b, X86_CC_L, LB(L_L4));
    x86_mov_rr32(b, X86_R10, X86_RAX);
    x86_bind(b, LB(L_L4));
    if (g->body && (g->later & FUSE_SH_L4))
        x86_st64(b, SHARE(FUSE_SH_L4), X86_R10);       /* mov [rsp + share], r10 */
}

/* setDscp(register a) on the bytes (r9: the IP header); 1 in rax when
 * written, 0 when not IP (with answer), then to label x */
static void fp_setdscp(x86_buf *b, const fp_gen *g, uint8_t a, uint32_t x, uint32_t v6,
                       bool answer) {
    /* (answer: the 1/0 in rax, else nothing - a value no one reads) */
    if (answer) x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);
    x86_test_rr32(b, X86_R9, X86_R9);
    x86_jcc(b, X86_CC_S, x);
    x86_mov_rr32(b, X86_RCX, X86_R9);
    x86_shift_ri32(b, X86_SHR, X86_RCX, 3);
    x86_test_ri32(b, X86_R9, 2);
    x86_jcc(b, X86_CC_NE, v6);
    /* IPv4: the DS byte's top six bits, ECN kept */
    x86_ld32(b, X86_R11, SLOT(a));
    x86_shift_ri32(b, X86_SHL, X86_R11, 2);
    x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 1));
    x86_alu_ri32(b, X86_AND, X86_RAX, 3);
    x86_alu_rr32(b, X86_OR, X86_RAX, X86_R11);
    x86_st8(b, x86_mx(X86_R8, X86_RCX, 1, 1), X86_RAX);
    if (answer) x86_mov_ri32(b, X86_RAX, 1);
    x86_jmp(b, x);
    /* IPv6: the traffic class's top six bits, across the first two bytes */
    x86_bind(b, v6);
    x86_ld32(b, X86_R11, SLOT(a));
    x86_shift_ri32(b, X86_SHR, X86_R11, 2);
    x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 0));
    x86_alu_ri32(b, X86_AND, X86_RAX, 0xf0);
    x86_alu_rr32(b, X86_OR, X86_RAX, X86_R11);
    x86_st8(b, x86_mx(X86_R8, X86_RCX, 1, 0), X86_RAX);
    x86_ld32(b, X86_R11, SLOT(a));
    x86_alu_ri32(b, X86_AND, X86_R11, 3);
    x86_shift_ri32(b, X86_SHL, X86_R11, 6);
    x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 1));
    x86_alu_ri32(b, X86_AND, X86_RAX, 0x3f);
    x86_alu_rr32(b, X86_OR, X86_RAX, X86_R11);
    x86_st8(b, x86_mx(X86_R8, X86_RCX, 1, 1), X86_RAX);
    if (answer) x86_mov_ri32(b, X86_RAX, 1);
}

/* the kept value (FUSE_SH_*) a getter gives, 0 for the other operations */
static uint32_t fp_getter(uint8_t c) {
    return c == VM_FOP_DPORT ? FUSE_SH_DPORT : c == VM_FOP_SPORT ? FUSE_SH_SPORT
           : c == VM_FOP_IPPROTO ? FUSE_SH_PROTO : c == VM_FOP_DSCP ? FUSE_SH_DSCP : 0u;
}
static bool fp_writes(uint8_t c) { return c == VM_FOP_SETDSCP || c == VM_FOP_SETDSCP_IF; }

/* what g's code needs: the IP header's place in r9 (*ip), the transport
 * header's in r10 (*ports) - in body mode not for the getters whose
 * values an earlier body kept (g->known) - and the arguments it reads
 * (FUSE_PB_*) */
static uint32_t fp_scan(const fp_gen *g, bool *ip, bool *ports) {
    const vm_field_prog *p = g->p;
    uint32_t known = g->body ? g->known : 0u, need = 0;
    *ip = *ports = false;
    for (uint32_t i = 0; i < p->n; i++) {
        uint8_t c = p->op[i].op;
        uint32_t gb = fp_getter(c);
        bool port = (c == VM_FOP_DPORT || c == VM_FOP_SPORT) && !(known & gb);
        *ports |= port;
        *ip |= (port && !(known & FUSE_SH_L4)) ||
               ((c == VM_FOP_IPPROTO || c == VM_FOP_DSCP) && !(known & gb)) ||
               c == VM_FOP_ISIP || fp_writes(c);
        if (fp_writes(c)) known &= ~(uint32_t)FUSE_SH_DSCP;   /* (as fp_emit) */
        if (c == VM_FOP_LDI || c == VM_FOP_LDJ || c == VM_FOP_STI || c == VM_FOP_STJ ||
            (c >= VM_FOP_ADDI_K && c <= VM_FOP_ADDJ_LEN))
            need |= FUSE_PB_OBJ;
        if (c == VM_FOP_LEN || c == VM_FOP_ADDI_LEN || c == VM_FOP_ADDJ_LEN) need |= FUSE_PB_LEN;
        if (c == VM_FOP_TS) need |= FUSE_PB_TS;
    }
    /* (the headers are found with the length; a kept place is not) */
    if ((*ip && !(known & FUSE_SH_HDR)) || (*ports && !(known & FUSE_SH_L4))) need |= FUSE_PB_LEN;
    if (*ip || *ports) need |= FUSE_PB_DATA;
    return need;
}

static void fp_emit(x86_buf *b, void *ctx) {
    fp_gen *g = ctx;
    const vm_field_prog *p = g->p;
    bool ip = false, ports = false;
    bool noslot[VM_FIELD_PROG_MAX];
    uint32_t held = NONE;   /* (fp_lda) */
    bool dead[VM_FIELD_PROG_MAX];   /* (a value no operation reads) */
    fp_plan(p, noslot, dead);
    (void)fp_scan(g, &ip, &ports);
    if (!g->body) x86_endbr64(b);
    if (g->frame) x86_alu_ri64(b, X86_SUB, X86_RSP, (int32_t)g->frame);
    if (ip || ports) fp_headers(b, g, ip, ports);
    for (uint32_t i = 0; i < p->n; i++) {
        const vm_field_op *o = &p->op[i];
        x86_mem f = x86_m(X86_RDI, (int32_t)o->off);
        uint32_t h = held;
        held = NONE;
        bool wide = false;
        enum x86_alu alu = X86_ADD;
        int32_t k32 = 0;
        switch (o->op) {
        case VM_FOP_ADDJ_K:
            if (o->k >= INT32_MIN && o->k <= INT32_MAX) {
                x86_alu_mi64(b, X86_ADD, f, (int32_t)o->k);
            } else {
                x86_mov_imm(b, X86_RAX, o->k);
                x86_alu_rm64(b, X86_ADD, X86_RAX, f);
                x86_st64(b, f, X86_RAX);
            }
            continue;
        case VM_FOP_ADDI_K:
            x86_alu_mi32(b, X86_ADD, f, (int32_t)o->k);
            continue;
        case VM_FOP_ADDJ_LEN:
            x86_movsxd_rr(b, X86_RAX, X86_RSI);
            x86_alu_rm64(b, X86_ADD, X86_RAX, f);
            x86_st64(b, f, X86_RAX);
            continue;
        case VM_FOP_ADDI_LEN:
            x86_ld32(b, X86_RAX, f);
            x86_alu_rr32(b, X86_ADD, X86_RAX, X86_RSI);
            x86_st32(b, f, X86_RAX);
            continue;
        case VM_FOP_STI:
            fp_lda(b, g, h, noslot, o->a);
            x86_st32(b, f, X86_RAX);
            continue;
        case VM_FOP_STJ:
            fp_lda(b, g, h, noslot, o->a);
            x86_st64(b, f, X86_RAX);
            continue;
        case VM_FOP_CONST:
            if (noslot[i]) {           /* (an immediate wherever used: no code) */
                held = h;
                continue;
            }
            if (fp_k32(p, (uint8_t)i, &k32)) {
                x86_st64_imm(b, SLOT(i), k32);
                continue;
            }
            x86_mov_imm(b, X86_RAX, o->k);
            break;
        case VM_FOP_LEN: x86_movsxd_rr(b, X86_RAX, X86_RSI); break;
        case VM_FOP_TS: fp_st(b, g, i, X86_RDX); continue;
        case VM_FOP_LDI: x86_ld32sx(b, X86_RAX, f); break;
        case VM_FOP_LDJ: x86_ld64(b, X86_RAX, f); break;
        case VM_FOP_I2L: fp_lda(b, g, h, noslot, o->a); break;
        case VM_FOP_L2I: fp_lda(b, g, h, noslot, o->a); fp_sx32(b, X86_RAX); break;
        case VM_FOP_NEGI:
            fp_lda(b, g, h, noslot, o->a);
            x86_neg32(b, X86_RAX);
            fp_sx32(b, X86_RAX);
            break;
        case VM_FOP_NEGJ: fp_lda(b, g, h, noslot, o->a); x86_neg64(b, X86_RAX); break;
        case VM_FOP_MULI: case VM_FOP_MULJ:
            fp_lda(b, g, h, noslot, o->a);
            fp_ld(b, g, X86_RCX, o->b);
            if (o->op == VM_FOP_MULJ) {
                x86_imul_rr64(b, X86_RAX, X86_RCX);
            } else {
                x86_imul_rr32(b, X86_RAX, X86_RCX);
                fp_sx32(b, X86_RAX);
            }
            break;
        case VM_FOP_ADDI: case VM_FOP_ADDJ: case VM_FOP_SUBI: case VM_FOP_SUBJ:
        case VM_FOP_ANDI: case VM_FOP_ANDJ: case VM_FOP_ORI: case VM_FOP_ORJ:
        case VM_FOP_XORI: case VM_FOP_XORJ:
            wide = ((o->op - VM_FOP_ADDI) & 1) != 0;
            alu = o->op <= VM_FOP_ADDJ ? X86_ADD : o->op <= VM_FOP_SUBJ ? X86_SUB
                : o->op <= VM_FOP_ANDJ ? X86_AND : o->op <= VM_FOP_ORJ ? X86_OR : X86_XOR;
            fp_lda(b, g, h, noslot, o->a);
            if (fp_k32(p, o->b, &k32)) x86_alu_ri64(b, alu, X86_RAX, k32);
            else x86_alu_rm64(b, alu, X86_RAX, SLOT(o->b));
            /* (and, or, xor keep two sign-extended ints sign-extended) */
            if (!wide && (alu == X86_ADD || alu == X86_SUB)) fp_sx32(b, X86_RAX);
            break;
        case VM_FOP_DPORT: case VM_FOP_SPORT: case VM_FOP_IPPROTO: case VM_FOP_DSCP:
            /* (body mode: kept by an earlier body; kept for a later one) */
            if (g->body && (g->known & fp_getter(o->op))) {
                x86_ld64(b, X86_RAX, SHARE(fp_getter(o->op)));   /* mov rax, [kept] */
                break;
            }
            if (o->op == VM_FOP_DSCP || o->op == VM_FOP_IPPROTO) {
                /* (-1 when not IP; rcx the IP header's offset) */
                x86_mov_imm(b, X86_RAX, -1);
                x86_test_rr32(b, X86_R9, X86_R9);
                x86_jcc(b, X86_CC_S, L_OP(i));
                x86_mov_rr32(b, X86_RCX, X86_R9);
                x86_shift_ri32(b, X86_SHR, X86_RCX, 3);
            }
            if (o->op == VM_FOP_DSCP) {
                /* IPv4: the DS byte >> 2; IPv6: the traffic class >> 2,
                 * (byte 0 & 15) << 2 | byte 1 >> 6 */
                x86_test_ri32(b, X86_R9, 2);
                x86_jcc(b, X86_CC_NE, L_OP(i) + 1);
                x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 1));
                x86_shift_ri32(b, X86_SHR, X86_RAX, 2);
                x86_jmp(b, L_OP(i));
                x86_bind(b, L_OP(i) + 1);
                x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 0));
                x86_alu_ri32(b, X86_AND, X86_RAX, 15);
                x86_shift_ri32(b, X86_SHL, X86_RAX, 2);
                x86_ld8zx(b, X86_R11, x86_mx(X86_R8, X86_RCX, 1, 1));
                x86_shift_ri32(b, X86_SHR, X86_R11, 6);
                x86_alu_rr32(b, X86_OR, X86_RAX, X86_R11);
            } else if (o->op == VM_FOP_IPPROTO) {
                x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 9));
                x86_test_ri32(b, X86_R9, 2);
                x86_jcc(b, X86_CC_E, L_OP(i));
                x86_ld8zx(b, X86_RAX, x86_mx(X86_R8, X86_RCX, 1, 6));
            } else {
                x86_mov_imm(b, X86_RAX, -1);
                x86_test_rr64(b, X86_R10, X86_R10);
                x86_jcc(b, X86_CC_S, L_OP(i));
                x86_ld16zx(b, X86_RAX,
                           x86_mx(X86_R8, X86_R10, 1, o->op == VM_FOP_DPORT ? 2 : 0));
                x86_bswap32(b, X86_RAX);
                x86_shift_ri32(b, X86_SHR, X86_RAX, 16);
            }
            x86_bind(b, L_OP(i));
            if (g->body && (g->later & fp_getter(o->op)))
                x86_st64(b, SHARE(fp_getter(o->op)), X86_RAX);   /* mov [kept], rax */
            break;
        case VM_FOP_ISIP:
            x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);
            x86_test_rr32(b, X86_R9, X86_R9);
            x86_setcc(b, X86_CC_NS, X86_RAX);
            break;
        case VM_FOP_GUARD:
            fp_lda(b, g, h, noslot, o->a);
            fp_cmp(b, g, X86_RAX, o->b);
            x86_jcc(b, (enum x86_cc)(fp_cc((uint32_t)o->k) ^ 1u), g->ret1);
            continue;
        case VM_FOP_SELECT: {
            int32_t t = (int32_t)(o->k >> 32), e = (int32_t)o->k;
            if (h == o->a) x86_mov_rr64(b, X86_RCX, X86_RAX);   /* (held: no slot) */
            else if (noslot[o->a]) x86_fail(b, VM_ERR_INTERNAL);
            else fp_ld(b, g, X86_RCX, o->a);
            if (t == 1 && e == 0) {
                x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);
                fp_cmp(b, g, X86_RCX, o->b);
                x86_setcc(b, fp_cc(o->off), X86_RAX);
            } else {
                x86_mov_ri64_sx(b, X86_RAX, e);   /* (mov: no flags touched) */
                x86_mov_ri64_sx(b, X86_R11, t);
                fp_cmp(b, g, X86_RCX, o->b);
                x86_cmov64(b, fp_cc(o->off), X86_RAX, X86_R11);
            }
            break;
        }
        case VM_FOP_CSEL:
            fp_lda(b, g, h, noslot, o->b);
            fp_ld(b, g, X86_RCX, (uint8_t)o->k);
            x86_alu_mi64(b, X86_CMP, SLOT(o->a), 0);
            x86_cmov64(b, X86_CC_E, X86_RAX, X86_RCX);
            break;
        case VM_FOP_SETDSCP:
            g->known &= ~(uint32_t)FUSE_SH_DSCP;   /* (the byte a kept dscp() read) */
            fp_setdscp(b, g, o->a, L_OP(i), L_OP(i) + 1, !dead[i]);
            x86_bind(b, L_OP(i));
            break;
        case VM_FOP_SETDSCP_IF:
            g->known &= ~(uint32_t)FUSE_SH_DSCP;
            x86_alu_mi64(b, X86_CMP, SLOT(o->b), 0);
            x86_jcc(b, X86_CC_E, L_OP(i));
            fp_setdscp(b, g, o->a, L_OP(i), L_OP(i) + 1, false);
            x86_bind(b, L_OP(i));
            continue;
        case VM_FOP_NOP:
            continue;
        default:
            x86_fail(b, VM_ERR_INTERNAL);
            continue;
        }
        if (!noslot[i]) fp_st(b, g, i, X86_RAX);
        held = i;
    }
    /* body mode: done falls through to the path function's next
     * operation; answer 1 is its exit (g->ret1) */
    if (g->body) return;
    if (g->frame) x86_alu_ri64(b, X86_ADD, X86_RSP, (int32_t)g->frame);
    x86_alu_rr32(b, X86_XOR, X86_RAX, X86_RAX);   /* 0: done */
    x86_ret(b);
    /* 1: dropped, or an answer the handler's; nothing stored */
    x86_bind(b, g->ret1);
    if (g->frame) x86_alu_ri64(b, X86_ADD, X86_RSP, (int32_t)g->frame);
    x86_mov_ri32(b, X86_RAX, 1);
    x86_ret(b);
}

vm_status vm_field_prog_emit(vm *vm, const vm_field_prog *p, const char *name,
                             vm_field_prog_fn *fn, uint32_t *bytes) {
    *fn = NULL;
    *bytes = 0;
    if (!p || p->n > VM_FIELD_PROG_MAX) return VM_ERR_ARG;
    /* a frame for the registers of the general forms (a multiple of 16:
     * rsp is 8 off at the entry, the frame keeps it so; no call is made) */
    bool frame = fuse_prog_body_slots(p) != 0;
    fp_gen g = { .p = p, .frame = frame ? (8u * p->n + 15u) & ~15u : 0u, .ret1 = L_RET1 };
    uint8_t *exec = NULL;
    uint32_t len = 0;
    vm_status st = fuse_code_emit(vm, fp_emit, &g, N_LABELS, name, "fused program", &exec, &len);
    if (st != VM_OK) return st;
    *fn = (vm_field_prog_fn)(void *)exec;
    *bytes = len;
    return VM_OK;
}

/* Body mode (branch fx22): the program's code inside a fused path's
 * function (fuse_path.c, VM_PC_PROG).  The same code as above, but: no
 * endbr64, no frame of its own (its registers' slots and the kept values
 * are in the path function's frame), the IP header's place at
 * [rsp + hdr] (no pointer), "done" falling through and answer 1 a jump to
 * the path's exit label; and the header getters' values shared with the
 * other bodies of the function (FUSE_SH_*: found by one, kept in the
 * frame for the later ones that read them, c->later; taken from there
 * by those, c->sh->known). */
uint32_t fuse_prog_body_slots(const vm_field_prog *p) {
    bool frame = false;
    for (uint32_t i = 0; i < p->n; i++)
        frame |= p->op[i].op != VM_FOP_ADDJ_K && p->op[i].op != VM_FOP_ADDI_K &&
                 p->op[i].op != VM_FOP_ADDJ_LEN && p->op[i].op != VM_FOP_ADDI_LEN;
    return frame ? 8u * p->n : 0u;
}

bool fuse_prog_body_ok(const vm_field_prog *p) {
    return p && p->n <= FUSE_PROG_BODY_MAX;
}

uint32_t fuse_prog_body_labels(const vm_field_prog *p) { return L_OPS + 2u * p->n; }

uint32_t fuse_prog_body_reads(const vm_field_prog *p) {
    uint32_t r = 0;
    for (uint32_t i = 0; i < p->n; i++) {
        uint8_t c = p->op[i].op;
        r |= fp_getter(c);
        if (c == VM_FOP_DPORT || c == VM_FOP_SPORT) r |= FUSE_SH_L4;
    }
    return r;
}

static fp_gen body_gen(const fuse_prog_body *c) {
    return (fp_gen){ .p = c->p, .lb = c->lbase, .ret1 = c->l_ret1, .slot0 = c->slots,
                     .body = true, .hdr = c->hdr, .share = c->share,
                     .known = c->share_on ? c->known : 0u, .later = c->share_on ? c->later : 0u,
                     .r9_place = c->share_on && c->r9_place && (c->known & FUSE_SH_HDR) };
}

uint32_t fuse_prog_body_needs(const fuse_prog_body *c) {
    fp_gen g = body_gen(c);
    bool ip, ports;
    return fp_scan(&g, &ip, &ports);
}

uint32_t fuse_prog_body_emit(x86_buf *b, const fuse_prog_body *c, bool *r9_place) {
    fp_gen g = body_gen(c);
    bool ip, ports;
    (void)fp_scan(&g, &ip, &ports);
    fp_emit(b, &g);
    /* (r9: the place once found or taken; else as it was) */
    *r9_place = ip || g.r9_place;
    /* what is kept after it: the place once found (or taken), the values
     * stored for the later bodies.  A write of the packet's bytes in
     * between (setDscp: the IPv4 DS byte, byte 1; IPv6's traffic class,
     * the low half of byte 0 and byte 1) changes none of them but dscp()'s
 * (forgotten at each write, in the body and after it): they read
     * the version (the high half of byte 0), the IPv4 header length (the
     * low half of byte 0, not written for IPv4), the fragment bits
     * (bytes 6, 7), the protocol (byte 9; IPv6's next header, byte 6),
     * and the transport ports; a marker's copy (dp_pkt_own) moves the
     * bytes, not what they say */
    if (!c->share_on) return 0;   /* (each body finds what it reads) */
    uint32_t known = c->known;
    if (ip) known |= FUSE_SH_HDR;
    if (ports) known |= c->later & FUSE_SH_L4;
    known |= c->later & fuse_prog_body_reads(c->p) &
             (FUSE_SH_DPORT | FUSE_SH_SPORT | FUSE_SH_PROTO | FUSE_SH_DSCP);
    /* (but dscp(), once it wrote the byte: found again after) */
    if (fuse_prog_writes(c->p)) known &= ~(uint32_t)FUSE_SH_DSCP;
    return known;
}

bool fuse_prog_writes(const vm_field_prog *p) {
    for (uint32_t i = 0; i < p->n; i++)
        if (fp_writes(p->op[i].op)) return true;
    return false;
}
