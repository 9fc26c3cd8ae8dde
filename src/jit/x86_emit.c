/* x86_emit.c - the x86-64 encoder (x86_emit.h): the code buffer, labels and
 * branch sizing, and one function per instruction form.  Each function's
 * comment shows the assembly it emits and its encoding
 * (Intel SDM notation: /r ModRM with a register, /n an opcode extension,
 * ib/iw/id/io an immediate, rb/rd a relative offset). */
#include "x86_emit.h"
#include "x86_fixed.h"
#include "../core/mem.h"

/* ---- the buffer ------------------------------------------------------------- */

/* b->cap = cap, and the bound of the encoders' fast path with it */
static void set_cap(x86_buf *b, uint32_t cap) {
    b->cap = cap;
    b->fast_end = b->code && cap >= 16 ? cap - 15 : 0;
}

vm_status x86_init(x86_buf *b, const vm_platform *plat, uint32_t n_labels) {
    vm_memset(b, 0, sizeof *b);
    b->plat = plat;
    return x86_reset(b, n_labels);
}

vm_status x86_reset(x86_buf *b, uint32_t n_labels) {
    b->err = VM_OK;
    b->code = NULL;
    b->cap = b->len = b->fast_end = 0;
    b->n_fix = 0;
    b->n_init = 0;
    b->own = b->borrowed = false;
    b->n_labels = n_labels;   /* labels are allocated as x86_bind binds them */
    return VM_OK;
}

/* room for labels[0, label]: grown geometrically, not zeroed (x86_bind
 * sets up each label below n_init) */
static bool grow_labels(x86_buf *b, uint32_t label) {
    uint32_t ncap = b->labels_cap ? b->labels_cap : 256;
    while (ncap <= label) ncap *= 2;
    if (ncap > b->n_labels) ncap = b->n_labels;
    x86_label *n = b->plat->realloc(b->plat->ud, b->labels, (size_t)b->labels_cap * sizeof *n,
                                    (size_t)ncap * sizeof *n);
    if (!n) { x86_fail(b, VM_ERR_NOMEM); return false; }
    b->labels = n;
    b->labels_cap = ncap;
    return true;
}

void x86_free(x86_buf *b) {
    if (!b->plat) return;
    vm_free(b->plat, b->labels, (size_t)b->labels_cap * sizeof *b->labels);
    vm_free(b->plat, b->fix, (size_t)b->cap_fix * sizeof *b->fix);
    vm_free(b->plat, b->rec, b->rec_cap);
    b->labels = NULL;
    b->labels_cap = 0;
    b->fix = NULL;
    b->cap_fix = 0;
    b->rec = NULL;
    b->rec_cap = 0;
    b->code = NULL;
    b->fast_end = 0;
    b->own = b->borrowed = false;
}

void x86_pass_begin(x86_buf *b, uint8_t *code, uint32_t cap) {
    b->code = code;
    set_cap(b, cap);
    b->len = 0;
    b->n_fix = 0;
    b->n_init = 0;   /* every label unbound (x86_bind sets them up as it goes) */
}

/* the recorded code so far from the caller's space to b's own buffer (at
 * least twice as big), where it goes on (x86_assemble_at) */
static bool move_to_rec(x86_buf *b) {
    uint32_t need = b->cap > UINT32_MAX / 2 ? UINT32_MAX : b->cap * 2;
    if (need < 16384u) need = 16384u;
    if (b->rec_cap < need) {
        uint8_t *n = b->plat->realloc(b->plat->ud, b->rec, b->rec_cap, need);  /* not zeroed */
        if (!n) { b->err = VM_ERR_NOMEM; return false; }
        b->rec = n;
        b->rec_cap = need;
    }
    vm_memcpy(b->rec, b->code, b->len);
    b->code = b->rec;
    set_cap(b, b->rec_cap);
    b->borrowed = false;
    return true;
}

/* x86_byte's other cases (x86_emit.h has the common one inline): a count-
 * only pass counts, x86_assemble's buffer grows, a caller's buffer fails
 * at its end */
void x86_byte_slow(x86_buf *b, uint8_t v) {
    if (b->err != VM_OK) return;
    if (b->len == UINT32_MAX) { b->err = VM_ERR_LIMIT; return; }
    if (b->code) {
        if (b->len >= b->cap && b->borrowed) {   /* the caller's space is full: */
            if (!move_to_rec(b)) return;             /* on in b's own buffer */
        }
        if (b->len >= b->cap) {
            uint32_t ncap = b->cap * 2;
            if (!b->own || ncap <= b->cap) { b->err = VM_ERR_LIMIT; return; }
            uint8_t *n = b->plat->realloc(b->plat->ud, b->code, b->cap, ncap);  /* not zeroed */
            if (!n) { b->err = VM_ERR_NOMEM; return; }
            b->code = n;
            set_cap(b, ncap);
        }
        b->code[b->len] = v;
    }
    b->len++;
}

/* 4 bytes little-endian (one store) */
static inline void put32(uint8_t *p, uint32_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    __builtin_memcpy(p, &v, 4);
#else
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
#endif
}

void x86_u32(x86_buf *b, uint32_t v) {
    if ((uint64_t)b->len + 4 <= b->cap) {
        put32(b->code + b->len, v);
        b->len += 4;
        return;
    }
    for (int i = 0; i < 4; i++) x86_byte(b, (uint8_t)(v >> (8 * i)));
}

void x86_u64(x86_buf *b, uint64_t v) {
    x86_u32(b, (uint32_t)v);
    x86_u32(b, (uint32_t)(v >> 32));
}

static bool fits8(int64_t v) { return v >= -128 && v <= 127; }
static inline bool reg_ok(int r) { return r >= 0 && r < 16; }

/* the recorded code's first size; it doubles when full */
#define X86_REC_CAP 16384u

vm_status x86_assemble(x86_buf *b, x86_gen_fn gen, void *ctx, uint32_t *size) {
    return x86_assemble_at(b, gen, ctx, NULL, 0, size);
}

vm_status x86_assemble_at(x86_buf *b, x86_gen_fn gen, void *ctx, uint8_t *at, uint32_t cap,
                          uint32_t *size) {
    if (b->err != VM_OK) return b->err;
    if (at && cap >= 64) {
        b->own = b->borrowed = true;
        x86_pass_begin(b, at, cap);
        gen(b, ctx);
        if (!b->borrowed) {   /* moved on to rec (move_to_rec), maybe grown */
            b->rec = b->code;
            b->rec_cap = b->cap;
        }
        *size = b->len;
        return b->err;
    }
    if (!b->rec) {   /* kept by x86_reset for the next code generation */
        b->rec = b->plat->realloc(b->plat->ud, NULL, 0, X86_REC_CAP);
        if (!b->rec) return b->err = VM_ERR_NOMEM;
        b->rec_cap = X86_REC_CAP;
    }
    b->own = true;
    x86_pass_begin(b, b->rec, b->rec_cap);
    gen(b, ctx);
    b->rec = b->code;     /* x86_byte_slow may have grown it */
    b->rec_cap = b->cap;
    *size = b->len;
    return b->err;
}

/* where bound label l is in the final code: its recorded position less
 * what the sites recorded before it were shrunk by (x86_finish, once their
 * final lengths are set) */
/* the last of the sites before a label whose site (bytes) is not 0 */
static inline const x86_fixup *last_site(const x86_fixup *fix, uint32_t site) {
    return (const x86_fixup *)((const char *)fix + site) - 1;
}
static inline uint32_t final_pos(const x86_buf *b, uint32_t l) {
    const x86_label *lb = &b->labels[l];
    if (lb->site == 0) return lb->pos;
    return lb->pos - last_site(b->fix, lb->site)->shrunk;
}

uint32_t x86_label_final(const x86_buf *b, uint32_t label) {
    uint32_t p = x86_label_pos(b, label);
    return p == X86_UNBOUND || !b->own ? p : final_pos(b, label);
}

static void put_nops(uint8_t *p, unsigned n);

/* site f's final bytes at p for code run at run_at, f not to a label
 * (X86_FX_FAR, X86_FX_ALIGN, X86_FX_REL: x86_finish has the labelled ones
 * inline; out of line, so x86_finish's loop keeps its values in
 * registers).  thunk_rax: the platform's indirect-call thunk for rax, or
 * NULL (vm_platform.indirect_thunks).  false: a target out of rel32 reach
 * where the site needs it. */
static __attribute__((noinline)) bool put_unlabelled(const x86_fixup *f, uint8_t *p, uintptr_t run_at,
                                                     const void *thunk_rax) {
    if (f->kind == X86_FX_ALIGN) {
        put_nops(p, f->new_len);
        return true;
    }
    uint64_t target = f->target;
    uint64_t end = (uint64_t)(run_at + f->at + f->len - f->shrunk);   /* the call's end */
    int64_t far = (int64_t)(target - end);
    bool near = far >= INT32_MIN && far <= INT32_MAX;
    if (f->kind == X86_FX_REL) {        /* call/jmp rel32 (its opcode is there) */
        if (!near) return false;
        put32(p + 1, (uint32_t)(int32_t)far);
        return true;
    }
    _Static_assert(sizeof x86f_CALL_NEAR + 4 == 12 &&
                   sizeof x86f_MOVABS_RAX + 8 + sizeof x86f_CALL_RAX == 12, "x86_call_far: 12 bytes");
    if (f->len == X86_FAR_THUNKED_LEN) {   /* (with thunks: 15 bytes) */
        if (near) {
            put_nops(p, X86_FAR_THUNKED_LEN - 5);                       /* nop10 */
        } else {
            int64_t t = (int64_t)((uint64_t)(uintptr_t)thunk_rax - end);
            if (!thunk_rax || t < INT32_MIN || t > INT32_MAX) return false;
            __builtin_memcpy(p, x86f_MOVABS_RAX, sizeof x86f_MOVABS_RAX);   /* movabs rax, target */
            put32(p + 2, (uint32_t)target);
            put32(p + 6, (uint32_t)(target >> 32));
            far = t;                                                   /* call thunk_rax */
        }
        __builtin_memcpy(p + X86_FAR_THUNKED_LEN - 5, x86f_CALL_REL32, sizeof x86f_CALL_REL32);
        put32(p + X86_FAR_THUNKED_LEN - 4, (uint32_t)(int32_t)far);
        if (f->cc == X86_FAR_JMP) p[X86_FAR_THUNKED_LEN - 5] = 0xe9;   /* jmp rel32 (E9 rd) */
        return true;
    }
    if (near) {
        __builtin_memcpy(p, x86f_CALL_NEAR, sizeof x86f_CALL_NEAR);  /* nop7; call rel32 */
        put32(p + 8, (uint32_t)(int32_t)far);
        if (f->cc == X86_FAR_JMP) p[7] = 0xe9;                         /* nop7; jmp rel32 (E9 rd) */
    } else {
        __builtin_memcpy(p, x86f_MOVABS_RAX, sizeof x86f_MOVABS_RAX);  /* movabs rax, target */
        put32(p + 2, (uint32_t)target);
        put32(p + 6, (uint32_t)(target >> 32));
        __builtin_memcpy(p + 10, x86f_CALL_RAX, sizeof x86f_CALL_RAX);  /* call rax */
        if (f->cc == X86_FAR_JMP) p[11] = 0xe0;                        /* jmp rax (FF E0) */
    }
    return true;
}

/* Sizes first: a site's final length depends on the ones before it only
 * (a forward jump's on its recorded distance, an upper bound; a backward
 * jump's and an alignment's on their final positions).  Then the copy:
 * each site is written anew in the recorded code, and the code moves down
 * in runs, one memmove from each shrunk site to the next (the bytes
 * between two of them move by the same distance, the sites in between
 * with them), not one per site. */
vm_status x86_finish(x86_buf *b, uint8_t *mem, uint32_t cap, uintptr_t run_at) {
    if (b->err != VM_OK) return b->err;
    if (!b->own) return b->err = VM_ERR_INTERNAL;
    const uint8_t *rec = b->code;
    const x86_label *labels = b->labels;
    uint32_t rec_len = b->len, shrink = 0, n_init = b->n_init;
    x86_fixup *fix = b->fix, *fend = fix + b->n_fix;
    for (x86_fixup *f = fix; f < fend; f++) {
        uint32_t at = f->at, len = f->len, nl = len;
        if (f->kind == X86_FX_JMP && len > 2) {   /* (recorded rel8: stays) */
            uint32_t l = f->label;
            if (l >= n_init) return b->err = VM_ERR_INTERNAL;
            uint32_t t = labels[l].pos;
            if (t == X86_UNBOUND) return b->err = VM_ERR_INTERNAL;
            if (t > at) {   /* forward: the recorded distance is an upper bound */
                if (fits8((int64_t)t - ((int64_t)at + len))) nl = 2;
            } else if (fits8((int64_t)final_pos(b, l) - ((int64_t)(at - shrink) + 2))) {
                nl = 2;
            }
        } else if (f->kind == X86_FX_ALIGN) {
            uint32_t new_at = at - shrink;
            nl = (f->label - (new_at & (f->label - 1))) & (f->label - 1);
        }
        f->new_len = (uint8_t)nl;
        shrink += len - nl;
        f->shrunk = shrink;
    }
    uint32_t out_len = rec_len - shrink;
    if (out_len > cap) return b->err = VM_ERR_LIMIT;
    /* each site written anew where it was recorded (its new_len <= len
     * bytes), and the code moved down in runs: [from, the end of a shrunk
     * site) moves by the shrink before it, delta (in place with nothing
     * shrunk yet: stays).  A run's destination ends before the next site's
     * recorded bytes, so those are still there to be written.  A site to a
     * label kept at its recorded length (rel32, or rel8 as recorded) has
     * its opcode there already: only the displacement (its last 4 bytes,
     * or its last byte) is written. */
    uint8_t *code = b->code;
    uint32_t from = 0, delta = 0;
    const void *thunk_rax = b->plat && b->plat->indirect_thunks ? b->plat->indirect_thunks[X86_RAX] : NULL;
    for (const x86_fixup *f = fix; f < fend; f++) {
        uint32_t at = f->at, len = f->len, nl = f->new_len;
        uint8_t *p = code + at;
        if (f->kind <= X86_FX_CALL) {   /* X86_FX_JMP, X86_FX_JMP8, X86_FX_CALL */
            uint32_t l = f->label;
            if (l >= n_init) return b->err = VM_ERR_INTERNAL;
            const x86_label *lb = &labels[l];
            uint32_t t = lb->pos;
            if (t == X86_UNBOUND) return b->err = VM_ERR_INTERNAL;
            if (lb->site != 0) t -= last_site(fix, lb->site)->shrunk;   /* final_pos */
            int64_t rel = (int64_t)t - (at + len - f->shrunk);
            if (nl != 2) {
                put32(p + len - 4, (uint32_t)(int32_t)rel);     /* call/jmp/jcc rel32 */
                continue;   /* (not shrunk) */
            }
            if (!fits8(rel)) return b->err = VM_ERR_INTERNAL;
            p[0] = f->cc < 0 ? 0xeb : (uint8_t)(0x70 + f->cc);    /* jmp/jcc rel8 */
            p[1] = (uint8_t)(int8_t)rel;
        } else if (!put_unlabelled(f, p, run_at, thunk_rax)) {
            return b->err = VM_ERR_LIMIT;   /* a call out of rel32 reach (with thunks) */
        }
        if (nl == len) continue;
        uint32_t end = at + nl;
        if (delta != 0 || mem != rec) vm_memmove(mem + from - delta, rec + from, end - from);
        from = at + len;
        delta = f->shrunk;
    }
    if (delta != 0 || mem != rec) vm_memmove(mem + from - delta, rec + from, rec_len - from);
    b->len = out_len;
    return VM_OK;
}

/* ---- encoding helpers ----------------------------------------------------------- */

#define BREG_REG 1  /* ModRM.reg is a byte register */
#define BREG_RM  2  /* ModRM.rm is a byte register */

/* An instruction's fixed part in one argument: the prefix (0: none),
 * REX.W, BREG_*, and the opcode (one byte, or two as 0x0fXX). */
#define ENC(pfx, w, breg, op) \
    (((uint32_t)(pfx) << 16) | ((w) ? 1u << 24 : 0u) | ((uint32_t)(breg) << 25) | (uint32_t)(op))
#define ENC_PFX(e)  ((uint8_t)((e) >> 16))
#define ENC_W(e)    (((e) >> 24) & 1u)
#define ENC_BREG(e) ((int)(((e) >> 25) & 3u))
#define ENC_OP(e)   ((e) & 0xffffu)

/* the encoders are inlined into each form (its ENC a constant there: the
 * prefix, REX.W and opcode-length tests fold away) */
#define ENC_INLINE static inline __attribute__((always_inline))

/* Where an instruction of up to 16 bytes is encoded: straight into the
 * code when there is room (the common case; the encoders may write past
 * the instruction's end there, up to 16 bytes in all, as the next one
 * overwrites it), else into tmp (16 bytes: b->tmp in the encoders, no
 * stack frame for it), which insn_end appends byte by byte (the end of a
 * caller's buffer, x86_assemble's growing, a count-only pass). */
static inline uint8_t *insn_begin(const x86_buf *b, uint8_t *tmp) {
    return b->len < b->fast_end ? b->code + b->len : tmp;
}

static void insn_slow(x86_buf *b, const uint8_t *p, uint32_t n) {
    if (!b->code && b->err == VM_OK && b->len <= UINT32_MAX - n) { b->len += n; return; }
    for (uint32_t i = 0; i < n; i++) x86_byte(b, p[i]);
}

static inline void insn_end(x86_buf *b, const uint8_t *s, const uint8_t *end, const uint8_t *tmp) {
    if (s != tmp) b->len += (uint32_t)(end - s);
    else insn_slow(b, tmp, (uint32_t)(end - s));
}

/* [pfx] [REX] op (ENC); each byte written, kept when present */
static inline uint8_t *put_op(uint8_t *p, uint32_t enc, uint8_t rex, bool need_rex) {
    p[0] = ENC_PFX(enc);
    p += ENC_PFX(enc) != 0;
    p[0] = rex;
    p += need_rex;
    p[0] = (uint8_t)(ENC_OP(enc) >> 8);
    p += ENC_OP(enc) > 0xff;
    p[0] = (uint8_t)enc;
    return p + 1;
}

/* [pfx] [REX] op ModRM(11, reg, rm) [imm: ilen (0, 1 or 4) bytes of imm] */
ENC_INLINE void enc_rr_i(x86_buf *b, uint32_t enc, int reg, int rm, uint32_t imm, unsigned ilen) {
    uint32_t r = (uint32_t)reg, x = (uint32_t)rm;
    if ((r | x) > 15) { x86_fail(b, VM_ERR_ARG); return; }
    uint8_t rex = (uint8_t)(0x40 | ENC_W(enc) << 3 | (r >> 3) << 2 | x >> 3);
    bool need = rex != 0x40 || ((ENC_BREG(enc) & BREG_REG) && (r >> 2) == 1) ||
                ((ENC_BREG(enc) & BREG_RM) && (x >> 2) == 1);
    uint8_t *s = insn_begin(b, b->tmp), *p = put_op(s, enc, rex, need);
    *p++ = (uint8_t)(0xc0 | (r & 7) << 3 | (x & 7));
    if (ilen) put32(p, imm);
    insn_end(b, s, p + ilen, b->tmp);
}
ENC_INLINE void enc_rr(x86_buf *b, uint32_t enc, int reg, int rm) { enc_rr_i(b, enc, reg, rm, 0, 0); }

/* ModRM [SIB] [disp8/disp32] for reg and [base + disp] (no index) at p;
 * the end.  rsp/r12 as base need a SIB byte (rm=100, no index); rbp/r13
 * as base have no mod=00 form, so they take a disp8 of 0. */
static inline uint8_t *put_modrm_base(uint8_t *p, uint32_t r, uint32_t base, int32_t d) {
    uint32_t rb = base & 7;
    p[1] = 0x24;                                   /* SIB: no index, base rsp/r12 */
    if (d == 0 && rb != X86_RBP) {
        p[0] = (uint8_t)((r & 7) << 3 | rb);
        return p + 1 + (rb == X86_RSP);
    }
    if ((uint32_t)d + 128 < 256) {
        p[0] = (uint8_t)(0x40 | (r & 7) << 3 | rb);
        p += 1 + (rb == X86_RSP);
        p[0] = (uint8_t)d;
        return p + 1;
    }
    p[0] = (uint8_t)(0x80 | (r & 7) << 3 | rb);
    p += 1 + (rb == X86_RSP);
    put32(p, (uint32_t)d);
    return p + 4;
}

/* SIB.ss of a scale (-1: none such) */
static const int8_t scale_ss[9] = { -1, 0, 1, -1, 2, -1, -1, -1, 3 };

/* enc_rm_i with an index register: ModRM(rm=100) SIB [disp] (not inlined:
 * the rarer form) */
static void enc_rm_sib(x86_buf *b, uint32_t enc, int reg, x86_mem m, uint32_t imm, unsigned ilen) {
    uint32_t r = (uint32_t)reg, base = (uint32_t)(int32_t)m.base, x = (uint32_t)(int32_t)m.index;
    if ((r | base | x) > 15 || x == X86_RSP || m.scale > 8 || scale_ss[m.scale] < 0) {
        x86_fail(b, VM_ERR_ARG);
        return;
    }
    uint8_t rex = (uint8_t)(0x40 | ENC_W(enc) << 3 | (r >> 3) << 2 | (x >> 3) << 1 | base >> 3);
    bool need = rex != 0x40 || ((ENC_BREG(enc) & BREG_REG) && (r >> 2) == 1);
    uint8_t *s = insn_begin(b, b->tmp), *p = put_op(s, enc, rex, need);
    int32_t d = m.disp;
    /* mod 00: no disp (not rbp/r13), 01: disp8, 10: disp32 */
    uint32_t mod = d == 0 && (base & 7) != X86_RBP ? 0 : (uint32_t)d + 128 < 256 ? 1 : 2;
    p[0] = (uint8_t)(mod << 6 | (r & 7) << 3 | 4);
    p[1] = (uint8_t)((uint32_t)scale_ss[m.scale] << 6 | (x & 7) << 3 | (base & 7));
    p += 2;
    put32(p, (uint32_t)d);             /* disp8 is its low byte */
    p += (0x410u >> (mod * 4)) & 15;   /* 0, 1, 4 bytes */
    if (ilen) put32(p, imm);
    insn_end(b, s, p + ilen, b->tmp);
}

/* [pfx] [REX] op ModRM [SIB] [disp8/disp32] [imm: ilen (0, 1 or 4) bytes]
 * for a memory operand */
ENC_INLINE void enc_rm_i(x86_buf *b, uint32_t enc, int reg, x86_mem m, uint32_t imm, unsigned ilen) {
    if (m.index != X86_NOREG) { enc_rm_sib(b, enc, reg, m, imm, ilen); return; }
    uint32_t r = (uint32_t)reg, base = (uint32_t)(int32_t)m.base;
    if ((r | base) > 15) { x86_fail(b, VM_ERR_ARG); return; }
    uint8_t rex = (uint8_t)(0x40 | ENC_W(enc) << 3 | (r >> 3) << 2 | base >> 3);
    bool need = rex != 0x40 || ((ENC_BREG(enc) & BREG_REG) && (r >> 2) == 1);
    uint8_t *s = insn_begin(b, b->tmp), *p = put_modrm_base(put_op(s, enc, rex, need), r, base, m.disp);
    if (ilen) put32(p, imm);
    insn_end(b, s, p + ilen, b->tmp);
}
ENC_INLINE void enc_rm(x86_buf *b, uint32_t enc, int reg, x86_mem m) { enc_rm_i(b, enc, reg, m, 0, 0); }

/* [REX] op+r [imm: ilen (0, 4 or 8) bytes] (push, pop, mov r32/r64 imm) */
ENC_INLINE void enc_opreg_i(x86_buf *b, bool w, uint8_t op, int r, uint64_t imm, unsigned ilen) {
    if (!reg_ok(r)) { x86_fail(b, VM_ERR_ARG); return; }
    uint32_t x = (uint32_t)r;
    uint8_t *s = insn_begin(b, b->tmp), *p = s;
    p[0] = (uint8_t)(0x40 | (w ? 8 : 0) | x >> 3);
    p += w || x > 7;
    p[0] = (uint8_t)(op + (x & 7));
    put32(p + 1, (uint32_t)imm);
    put32(p + 5, (uint32_t)(imm >> 32));   /* (one store: the compiler merges them) */
    insn_end(b, s, p + 1 + ilen, b->tmp);
}
ENC_INLINE void enc_opreg(x86_buf *b, bool w, uint8_t op, int r) { enc_opreg_i(b, w, op, r, 0, 0); }

/* ---- moves -------------------------------------------------------------------- */

/* mov dst, src:          REX.W 89 /r */
void x86_mov_rr64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, true, 0, 0x89), src, dst); }
/* mov dst32, src32:      89 /r */
void x86_mov_rr32(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, 0, 0x89), src, dst); }
/* mov dst32, imm32:      B8+rd id */
void x86_mov_ri32(x86_buf *b, int dst, uint32_t imm) { enc_opreg_i(b, false, 0xb8, dst, imm, 4); }
/* mov dst, simm32:       REX.W C7 /0 id */
void x86_mov_ri64_sx(x86_buf *b, int dst, int32_t imm) {
    enc_rr_i(b, ENC(0, true, 0, 0xc7), 0, dst, (uint32_t)imm, 4);
}
/* movabs dst, imm64:     REX.W B8+rd io */
void x86_movabs(x86_buf *b, int dst, uint64_t imm) { enc_opreg_i(b, true, 0xb8, dst, imm, 8); }

/* the shortest move of a constant (flags are left alone: no xor) */
void x86_mov_imm(x86_buf *b, int dst, int64_t imm) {
    if (imm >= 0 && imm <= (int64_t)UINT32_MAX) x86_mov_ri32(b, dst, (uint32_t)imm);
    else if (imm >= INT32_MIN && imm <= INT32_MAX) x86_mov_ri64_sx(b, dst, (int32_t)imm);
    else x86_movabs(b, dst, (uint64_t)imm);
}

/* ---- loads and stores ----------------------------------------------------------- */

/* mov r64, qword [m]:     REX.W 8B /r */
void x86_ld64(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, true, 0, 0x8b), dst, m); }
/* mov r32, dword [m]:     8B /r */
void x86_ld32(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, false, 0, 0x8b), dst, m); }
/* movsxd r64, dword [m]:  REX.W 63 /r */
void x86_ld32sx(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, true, 0, 0x63), dst, m); }
/* movzx r32, word [m]:    0F B7 /r */
void x86_ld16zx(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, false, 0, 0x0fb7), dst, m); }
/* movsx r32, word [m]:    0F BF /r */
void x86_ld16sx(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, false, 0, 0x0fbf), dst, m); }
/* movsx r64, word [m]:    REX.W 0F BF /r */
void x86_ld16sx64(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, true, 0, 0x0fbf), dst, m); }
/* movzx r32, byte [m]:    0F B6 /r */
void x86_ld8zx(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, false, 0, 0x0fb6), dst, m); }
/* movsx r32, byte [m]:    0F BE /r */
void x86_ld8sx(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, false, 0, 0x0fbe), dst, m); }
/* movsx r64, byte [m]:    REX.W 0F BE /r */
void x86_ld8sx64(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, true, 0, 0x0fbe), dst, m); }
/* mov qword [m], r64:     REX.W 89 /r */
void x86_st64(x86_buf *b, x86_mem m, int src) { enc_rm(b, ENC(0, true, 0, 0x89), src, m); }
/* mov dword [m], r32:     89 /r */
void x86_st32(x86_buf *b, x86_mem m, int src) { enc_rm(b, ENC(0, false, 0, 0x89), src, m); }
/* mov word [m], r16:      66 89 /r */
void x86_st16(x86_buf *b, x86_mem m, int src) { enc_rm(b, ENC(0x66, false, 0, 0x89), src, m); }
/* mov byte [m], r8:       [REX] 88 /r (REX for spl/bpl/sil/dil) */
void x86_st8(x86_buf *b, x86_mem m, int src) { enc_rm(b, ENC(0, false, BREG_REG, 0x88), src, m); }
/* mov qword [m], simm32:  REX.W C7 /0 id */
void x86_st64_imm(x86_buf *b, x86_mem m, int32_t imm) {
    enc_rm_i(b, ENC(0, true, 0, 0xc7), 0, m, (uint32_t)imm, 4);
}
/* mov dword [m], imm32:   C7 /0 id */
void x86_st32_imm(x86_buf *b, x86_mem m, int32_t imm) {
    enc_rm_i(b, ENC(0, false, 0, 0xc7), 0, m, (uint32_t)imm, 4);
}
/* lea r64, [m]:           REX.W 8D /r */
void x86_lea(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, true, 0, 0x8d), dst, m); }
/* lea r32, [m]: a 32-bit sum (wraps like iadd), zero-extended */
void x86_lea32(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0, false, 0, 0x8d), dst, m); }

/* ---- integer ALU ------------------------------------------------------------------ */

/* op dst, src:            [REX.W] 01/09/21/29/31/39 /r */
void x86_alu_rr64(x86_buf *b, enum x86_alu op, int dst, int src) {
    enc_rr(b, ENC(0, true, 0, (uint32_t)(op << 3) | 1u), src, dst);
}
void x86_alu_rr32(x86_buf *b, enum x86_alu op, int dst, int src) {
    enc_rr(b, ENC(0, false, 0, (uint32_t)(op << 3) | 1u), src, dst);
}
/* op dst, simm8:          [REX.W] 83 /op ib
 * op dst, imm32:          [REX.W] 81 /op id */
ENC_INLINE void alu_ri(x86_buf *b, bool w, enum x86_alu op, int dst, int32_t imm) {
    if (fits8(imm)) enc_rr_i(b, ENC(0, w, 0, 0x83), (int)op, dst, (uint32_t)imm, 1);
    else enc_rr_i(b, ENC(0, w, 0, 0x81), (int)op, dst, (uint32_t)imm, 4);
}
void x86_alu_ri64(x86_buf *b, enum x86_alu op, int dst, int32_t imm) { alu_ri(b, true, op, dst, imm); }
void x86_alu_ri32(x86_buf *b, enum x86_alu op, int dst, int32_t imm) { alu_ri(b, false, op, dst, imm); }
/* op r, [m]:              [REX.W] 03/0B/23/2B/33/3B /r */
void x86_alu_rm64(x86_buf *b, enum x86_alu op, int dst, x86_mem m) {
    enc_rm(b, ENC(0, true, 0, (uint32_t)(op << 3) | 3u), dst, m);
}
void x86_alu_rm32(x86_buf *b, enum x86_alu op, int dst, x86_mem m) {
    enc_rm(b, ENC(0, false, 0, (uint32_t)(op << 3) | 3u), dst, m);
}
/* op [m], simm8 / imm32:  [REX.W] 83 /op ib | 81 /op id */
ENC_INLINE void alu_mi(x86_buf *b, bool w, enum x86_alu op, x86_mem m, int32_t imm) {
    if (fits8(imm)) enc_rm_i(b, ENC(0, w, 0, 0x83), (int)op, m, (uint32_t)imm, 1);
    else enc_rm_i(b, ENC(0, w, 0, 0x81), (int)op, m, (uint32_t)imm, 4);
}
void x86_alu_mi32(x86_buf *b, enum x86_alu op, x86_mem m, int32_t imm) { alu_mi(b, false, op, m, imm); }
void x86_alu_mi64(x86_buf *b, enum x86_alu op, x86_mem m, int32_t imm) { alu_mi(b, true, op, m, imm); }
/* test a, c:              [REX.W] 85 /r */
void x86_test_rr64(x86_buf *b, int a, int c) { enc_rr(b, ENC(0, true, 0, 0x85), c, a); }
void x86_test_rr32(x86_buf *b, int a, int c) { enc_rr(b, ENC(0, false, 0, 0x85), c, a); }
/* test a32, imm32:        F7 /0 id */
void x86_test_ri32(x86_buf *b, int a, uint32_t imm) {
    enc_rr_i(b, ENC(0, false, 0, 0xf7), 0, a, imm, 4);
}
/* imul dst, src:          [REX.W] 0F AF /r */
void x86_imul_rr64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, true, 0, 0x0faf), dst, src); }
void x86_imul_rr32(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, 0, 0x0faf), dst, src); }
/* imul dst, src, simm8:   [REX.W] 6B /r ib
 * imul dst, src, imm32:   [REX.W] 69 /r id */
ENC_INLINE void imul_rri(x86_buf *b, bool w, int dst, int src, int32_t imm) {
    if (fits8(imm)) enc_rr_i(b, ENC(0, w, 0, 0x6b), dst, src, (uint32_t)imm, 1);
    else enc_rr_i(b, ENC(0, w, 0, 0x69), dst, src, (uint32_t)imm, 4);
}
void x86_imul_rri64(x86_buf *b, int dst, int src, int32_t imm) { imul_rri(b, true, dst, src, imm); }
void x86_imul_rri32(x86_buf *b, int dst, int src, int32_t imm) { imul_rri(b, false, dst, src, imm); }
/* imul src:               [REX.W] F7 /5 (rdx:rax = rax * src, signed) */
void x86_imul1_64(x86_buf *b, int src) { enc_rr(b, ENC(0, true, 0, 0xf7), 5, src); }
void x86_imul1_32(x86_buf *b, int src) { enc_rr(b, ENC(0, false, 0, 0xf7), 5, src); }
/* cmovcc dst, src:        [REX.W] 0F 40+cc /r */
void x86_cmov64(x86_buf *b, enum x86_cc cc, int dst, int src) {
    enc_rr(b, ENC(0, true, 0, 0x0f40u | (uint32_t)cc), dst, src);
}
void x86_cmov32(x86_buf *b, enum x86_cc cc, int dst, int src) {
    enc_rr(b, ENC(0, false, 0, 0x0f40u | (uint32_t)cc), dst, src);
}
/* idiv src:               [REX.W] F7 /7 */
void x86_idiv64(x86_buf *b, int src) { enc_rr(b, ENC(0, true, 0, 0xf7), 7, src); }
void x86_idiv32(x86_buf *b, int src) { enc_rr(b, ENC(0, false, 0, 0xf7), 7, src); }
/* cdq:                    99 */
void x86_cdq(x86_buf *b) { x86_byte(b, 0x99); }
/* cqo:                    REX.W 99 */
void x86_cqo(x86_buf *b) { x86_byte(b, 0x48); x86_byte(b, 0x99); }
/* neg r:                  [REX.W] F7 /3 */
void x86_neg64(x86_buf *b, int r) { enc_rr(b, ENC(0, true, 0, 0xf7), 3, r); }
void x86_neg32(x86_buf *b, int r) { enc_rr(b, ENC(0, false, 0, 0xf7), 3, r); }
/* not r:                  [REX.W] F7 /2 */
void x86_not64(x86_buf *b, int r) { enc_rr(b, ENC(0, true, 0, 0xf7), 2, r); }
void x86_not32(x86_buf *b, int r) { enc_rr(b, ENC(0, false, 0, 0xf7), 2, r); }
/* shl/shr/sar r, cl:      [REX.W] D3 /4 /5 /7 */
void x86_shift_cl64(x86_buf *b, enum x86_shift op, int r) { enc_rr(b, ENC(0, true, 0, 0xd3), (int)op, r); }
void x86_shift_cl32(x86_buf *b, enum x86_shift op, int r) { enc_rr(b, ENC(0, false, 0, 0xd3), (int)op, r); }
/* shl/shr/sar r, imm8:    [REX.W] C1 /4 /5 /7 ib */
void x86_shift_ri64(x86_buf *b, enum x86_shift op, int r, uint8_t imm) {
    enc_rr_i(b, ENC(0, true, 0, 0xc1), (int)op, r, imm, 1);
}
void x86_shift_ri32(x86_buf *b, enum x86_shift op, int r, uint8_t imm) {
    enc_rr_i(b, ENC(0, false, 0, 0xc1), (int)op, r, imm, 1);
}
/* setcc r8:               [REX] 0F 90+cc /0 */
void x86_setcc(x86_buf *b, enum x86_cc cc, int r) {
    enc_rr(b, ENC(0, false, BREG_RM, 0x0f90u + ((uint32_t)cc & 15u)), 0, r);
}
/* movzx r32, r8:          [REX] 0F B6 /r */
void x86_movzx8_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, BREG_RM, 0x0fb6), dst, src); }
/* movzx r32, r16:         0F B7 /r */
void x86_movzx16_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, 0, 0x0fb7), dst, src); }
/* movsx r32, r8:          [REX] 0F BE /r */
void x86_movsx8_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, BREG_RM, 0x0fbe), dst, src); }
/* movsx r32, r16:         0F BF /r */
void x86_movsx16_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, 0, 0x0fbf), dst, src); }
/* movsx r64, r8:          REX.W 0F BE /r */
void x86_movsx8_rr64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, true, BREG_RM, 0x0fbe), dst, src); }
/* movsx r64, r16:         REX.W 0F BF /r */
void x86_movsx16_rr64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, true, 0, 0x0fbf), dst, src); }
/* movsxd r64, r32:        REX.W 63 /r */
void x86_movsxd_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, true, 0, 0x63), dst, src); }

/* ---- stack, calls, jumps --------------------------------------------------------------- */

/* push r:                 [REX.B] 50+r */
void x86_push(x86_buf *b, int r) { enc_opreg(b, false, 0x50, r); }
/* pop r:                  [REX.B] 58+r */
void x86_pop(x86_buf *b, int r) { enc_opreg(b, false, 0x58, r); }
/* ret:                    C3
 * or, with the platform's return thunk (vm_platform.return_thunk: the
 * kernel's, under retbleed/SRSO/ITS mitigations every return of kernel
 * text goes through it, as the kernel's own BPF JIT's emit_return):
 * jmp rel32 thunk          E9 rd   (x86_finish writes the distance,
 *                                   VM_ERR_LIMIT if out of reach) */
void x86_ret(x86_buf *b) {
    const void *t = b->plat ? b->plat->return_thunk : NULL;
    if (!t) { x86_byte(b, 0xc3); return; }
    x86_jmp_near(b, t);
}
/* ret appended to q, or (a return thunk) q put, then x86_ret's jmp */
void x86s_ret_put(x86_buf *b, x86_seq *q) {
    if (b->plat && b->plat->return_thunk) {
        x86_seq_put(b, q);
        q->n = 0;
        x86_ret(b);
        return;
    }
    x86s_ret(q);
    x86_seq_put(b, q);
}
/* endbr64:                F3 0F 1E FA (VIFVM_JIT_NO_ENDBR: left out, only
 * to show that tests/jit/endbr.sh and the install checks catch it) */
void x86_endbr64(x86_buf *b) {
#ifndef VIFVM_JIT_NO_ENDBR
    x86_byte(b, 0xf3);
    x86_byte(b, 0x0f);
    x86_byte(b, 0x1e);
    x86_byte(b, 0xfa);
#else
    (void)b;
#endif
}
/* call r:                 [REX.B] FF /2 */
void x86_call_reg(x86_buf *b, int r) { enc_rr(b, ENC(0, false, 0, 0xff), 2, r); }
/* jmp r:                  [REX.B] FF /4 */
void x86_jmp_reg(x86_buf *b, int r) { enc_rr(b, ENC(0, false, 0, 0xff), 4, r); }
/* nop of n bytes (the recommended forms, Intel SDM "NOP"):
 *   90 | 66 90 | 0F 1F 00 | 0F 1F 40 00 | 0F 1F 44 00 00 | 66 0F 1F 44 00 00 |
 *   0F 1F 80 00000000 | 0F 1F 84 00 00000000 | 66 0F 1F 84 00 00000000 */
static const uint8_t nops[9][9] = {
    { 0x90 },
    { 0x66, 0x90 },
    { 0x0f, 0x1f, 0x00 },
    { 0x0f, 0x1f, 0x40, 0x00 },
    { 0x0f, 0x1f, 0x44, 0x00, 0x00 },
    { 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 },
    { 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00 },
    { 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00 },
    { 0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00 },
};
void x86_nop(x86_buf *b, unsigned n) {
    if (n < 1 || n > 9) { x86_fail(b, VM_ERR_ARG); return; }
    uint8_t *s = insn_begin(b, b->tmp);
    __builtin_memcpy(s, nops[n - 1], 9);   /* the row: the nop and its zero padding */
    insn_end(b, s, s + n, b->tmp);
}

/* n bytes of nops, at most 8 in one (x86_finish) */
static void put_nops(uint8_t *p, unsigned n) {
    while (n) {
        unsigned k = n > 8 ? 8 : n;
        __builtin_memcpy(p, nops[k - 1], k);
        p += k;
        n -= k;
    }
}

/* room for the sites: grown geometrically (not zeroed); false when out of
 * memory */
static bool grow_fix(x86_buf *b) {
    uint32_t ncap = b->cap_fix ? b->cap_fix * 2 : 256;
    x86_fixup *n = b->plat->realloc(b->plat->ud, b->fix, (size_t)b->cap_fix * sizeof *n,
                                    (size_t)ncap * sizeof *n);
    if (!n) { x86_fail(b, VM_ERR_NOMEM); return false; }
    b->fix = n;
    b->cap_fix = ncap;
    return true;
}

/* a recorded site at [at, b->len), to label (X86_FX_ALIGN: the alignment),
 * jcc condition cc (-1: none); NULL when out of memory */
static inline x86_fixup *add_site_to(x86_buf *b, uint8_t kind, uint32_t at, uint32_t label, int cc) {
    if (b->n_fix == b->cap_fix && !grow_fix(b)) return NULL;
    x86_fixup *f = &b->fix[b->n_fix++];   /* (shrunk, new_len: x86_finish's) */
    f->at = at;
    f->label = label;
    f->kind = kind;
    f->len = (uint8_t)(b->len - at);
    f->cc = (int8_t)cc;
    f->target = 0;
    return f;
}
/* a recorded site at [at, b->len) (label 0, no condition); NULL when out of
 * memory */
static inline x86_fixup *add_site(x86_buf *b, uint8_t kind, uint32_t at) {
    return add_site_to(b, kind, at, 0, -1);
}

/* nops up to the next multiple of n (a power of two, <= 64) from the code
 * start, which is 64-byte aligned (jit_cache.c): recorded as n - 1 bytes (the most it can
 * take), x86_finish leaves what the final position needs */
void x86_align(x86_buf *b, unsigned n) {
    if (b->err != VM_OK || n < 2) return;
    uint32_t at = b->len;
    for (unsigned pad = n - 1; pad; ) {
        unsigned k = pad > 8 ? 8 : pad;
        x86_nop(b, k);
        pad -= k;
    }
    add_site_to(b, X86_FX_ALIGN, at, n, -1);
}
/* call rel32:             E8 rd */
void x86_call_rel32(x86_buf *b, int32_t rel) { x86_byte(b, 0xe8); x86_u32(b, (uint32_t)rel); }
/* the platform's indirect-call thunks (retpolines), or NULL */
static inline const void *const *thunks_of(const x86_buf *b) {
    return b->plat ? b->plat->indirect_thunks : NULL;
}
/* movabs scratch, fn; call scratch (helpers may be further than +-2 GB
 * from the code cache).  With the platform's thunks (scratch must be
 * rax): x86_call_far, a `call rel32` to fn where it is in reach, else
 * through the thunk. */
void x86_call_abs(x86_buf *b, const void *fn, int scratch) {
    if (thunks_of(b)) {
        if (scratch != X86_RAX) { x86_fail(b, VM_ERR_INTERNAL); return; }
        x86_call_far(b, fn);
        return;
    }
    x86_movabs(b, scratch, (uint64_t)(uintptr_t)fn);
    x86_call_reg(b, scratch);
}
/* call (jmp: jump) rel32 to target, an X86_FX_REL site */
static void near_site(x86_buf *b, const void *target, bool jmp) {
    if (b->err != VM_OK) return;
    uint32_t at = b->len;
    if (jmp) x86_jmp_rel32(b, 0);
    else x86_call_rel32(b, 0);
    x86_fixup *f = add_site(b, X86_FX_REL, at);
    if (f) f->target = (uint64_t)(uintptr_t)target;
}
/* call (jmp: jump) r, or with the platform's thunks call (jmp) rel32 to
 * the thunk for r (E8/E9 rd, recorded: x86_finish writes the distance) */
static void thunk_site(x86_buf *b, int r, bool jmp) {
    const void *const *t = thunks_of(b);
    if (!t) {
        if (jmp) x86_jmp_reg(b, r);
        else x86_call_reg(b, r);
        return;
    }
    if (b->err != VM_OK) return;
    if (r < 0 || r > 15 || !t[r]) { x86_fail(b, VM_ERR_INTERNAL); return; }
    near_site(b, t[r], jmp);
}
void x86_call_thunk(x86_buf *b, int r) { thunk_site(b, r, false); }
/* jmp r, or jmp rel32 to the thunk for r (the kernel's
 * __x86_indirect_thunk_<reg> serve jumps as calls) */
void x86_jmp_thunk(x86_buf *b, int r) { thunk_site(b, r, true); }
/* x86_call_far, x86_jmp_far: an X86_FX_FAR site (jmp: cc X86_FAR_JMP) */
static void far_site(x86_buf *b, const void *target, bool jmp) {
    if (b->err != VM_OK) return;
    uint32_t at = b->len;
    x86_movabs(b, X86_RAX, (uint64_t)(uintptr_t)target);
    if (thunks_of(b)) {
        if (jmp) x86_jmp_rel32(b, 0);
        else x86_call_rel32(b, 0);
    } else if (jmp) {
        x86_jmp_reg(b, X86_RAX);
    } else {
        x86_call_reg(b, X86_RAX);
    }
    x86_fixup *f = add_site_to(b, X86_FX_FAR, at, 0, jmp ? X86_FAR_JMP : -1);
    if (f) f->target = (uint64_t)(uintptr_t)target;
}
/* nop7; call rel32             0F 1F 80 00000000; E8 rd
 * movabs rax, target; call rax  48 B8 io; FF D0
 * (12 bytes either way: x86_finish picks one for where the code runs).
 * With the platform's thunks, 15 bytes:
 * nop10; call rel32            (0F 1F 84 00 00000000; 66 90); E8 rd
 * movabs rax, target; call rel32 thunk_rax   48 B8 io; E8 rd */
void x86_call_far(x86_buf *b, const void *target) { far_site(b, target, false); }
/* jmp to target (absolute; rax clobbered): x86_call_far's forms with
 * jmp, picked by x86_finish for where the code runs:
 *   nop7; jmp rel32                 0F 1F 80 00000000; E9 rd
 *   movabs rax, target; jmp rax     48 B8 io; FF E0
 * with the platform's indirect-call thunks (retpolines), 15 bytes:
 *   nop10; jmp rel32                (0F 1F 84 00 00000000; 66 90); E9 rd
 *   movabs rax, target; jmp rel32 thunk_rax   48 B8 io; E9 rd
 * (never push; ret: a return the return stack mispredicts) */
void x86_jmp_far(x86_buf *b, const void *target) { far_site(b, target, true); }
/* jmp rel8:               EB rb */
void x86_jmp_rel8(x86_buf *b, int8_t rel) { x86_byte(b, 0xeb); x86_byte(b, (uint8_t)rel); }
/* jmp rel32:              E9 rd */
void x86_jmp_rel32(x86_buf *b, int32_t rel) { x86_byte(b, 0xe9); x86_u32(b, (uint32_t)rel); }
/* jcc rel8:               70+cc rb */
void x86_jcc_rel8(x86_buf *b, enum x86_cc cc, int8_t rel) {
    x86_byte(b, (uint8_t)(0x70 + (cc & 15)));
    x86_byte(b, (uint8_t)rel);
}
/* jcc rel32:              0F 80+cc rd */
void x86_jcc_rel32(x86_buf *b, enum x86_cc cc, int32_t rel) {
    x86_byte(b, 0x0f);
    x86_byte(b, (uint8_t)(0x80 + (cc & 15)));
    x86_u32(b, (uint32_t)rel);
}

/* labels[n_init, label] set up, unbound: all bits set (pos X86_UNBOUND;
 * site is read only once bound), for x86_bind of a label not yet set up
 * in this pass, and up to 64 more past n_init while there is room (labels
 * are mostly bound in order: one call for a run of them); false on an
 * error */
static __attribute__((noinline)) bool init_labels(x86_buf *b, uint32_t label) {
    if (label >= b->n_labels) { x86_fail(b, VM_ERR_ARG); return false; }
    if (label >= b->labels_cap && !grow_labels(b, label)) return false;
    uint32_t cap = b->labels_cap < b->n_labels ? b->labels_cap : b->n_labels;
    uint32_t n = cap - b->n_init > 64 ? b->n_init + 64 : cap;
    if (n < label + 1) n = label + 1;
    vm_memset(b->labels + b->n_init, 0xff, (size_t)(n - b->n_init) * sizeof *b->labels);
    b->n_init = n;
    return true;
}

/* label here: {pos, site} in one 8-byte store */
static inline void bind_here(x86_buf *b, uint32_t label) {
    uint64_t w = (uint64_t)b->len | (uint64_t)(b->n_fix * (uint32_t)sizeof(x86_fixup)) << 32;
    _Static_assert(__builtin_offsetof(x86_label, site) == 4, "x86_label layout");
    __builtin_memcpy(&b->labels[label], &w, 8);
}
/* x86_bind of a label not set up yet in this pass */
static __attribute__((noinline)) void bind_init(x86_buf *b, uint32_t label) {
    if (init_labels(b, label)) bind_here(b, label);
}
/* (the common case without a frame: the label set up) */
void x86_bind(x86_buf *b, uint32_t label) {
    if (label >= b->n_init) { bind_init(b, label); return; }
    bind_here(b, label);
}

/* A jump to a label, recorded for x86_finish: rel8 backward when the
 * distance fits, else rel32 (forward: x86_finish makes it rel8 if its
 * recorded distance fits).  short8: always rel8.  Every case (jump_label
 * has the common one). */
static __attribute__((noinline)) void jump_label_any(x86_buf *b, int cc, uint32_t label, bool short8) {
    if (b->err != VM_OK) return;
    if (label >= b->n_labels) { x86_fail(b, VM_ERR_ARG); return; }
    uint32_t at = b->len, t = x86_label_pos(b, label);
    bool lng = !short8 && (t == X86_UNBOUND || !fits8((int64_t)t - ((int64_t)at + 2)));
    uint8_t *s = insn_begin(b, b->tmp), *p = s;
    put32(p + 2, 0);
    if (!lng) {
        p[0] = cc < 0 ? 0xeb : (uint8_t)(0x70 + cc);            /* jmp/jcc rel8 */
        p[1] = 0;
        p += 2;
    } else if (cc < 0) {
        p[0] = 0xe9;                                            /* jmp rel32 */
        p[1] = 0;
        p += 5;
    } else {
        p[0] = 0x0f;                                            /* jcc rel32 */
        p[1] = (uint8_t)(0x80 + cc);
        p += 6;
    }
    insn_end(b, s, p, b->tmp);
    add_site_to(b, short8 ? X86_FX_JMP8 : X86_FX_JMP, at, label, cc);
}

/* site f recorded in two 8-byte stores: {at, label} and {shrunk, kind,
 * len, new_len, cc} (shrunk and new_len are x86_finish's: 0 here; target
 * is read for X86_FX_FAR only, which sets it) */
static inline void put_site_record(x86_fixup *f, uint32_t at, uint32_t label, uint8_t kind,
                                   uint32_t len, int cc) {
    uint64_t w0 = (uint64_t)at | (uint64_t)label << 32;
    uint64_t w1 = (uint64_t)(kind | len << 8 | (uint32_t)(uint8_t)cc << 24) << 32;
    _Static_assert(__builtin_offsetof(x86_fixup, label) == 4 && __builtin_offsetof(x86_fixup, shrunk) == 8
                   && __builtin_offsetof(x86_fixup, kind) == 12 && __builtin_offsetof(x86_fixup, len) == 13
                   && __builtin_offsetof(x86_fixup, new_len) == 14 && __builtin_offsetof(x86_fixup, cc) == 15,
                   "x86_fixup layout");
    __builtin_memcpy(&f->at, &w0, 8);
    __builtin_memcpy(&f->shrunk, &w1, 8);
}

/* jump_label_any's common case, without a call: a valid label, room in
 * the code for the jump and in the sites for its record.  A label set up
 * in this pass (label < n_init <= n_labels) is valid; an unbound one's
 * position (X86_UNBOUND) is never within rel8 of the code. */
ENC_INLINE void jump_label(x86_buf *b, int cc, uint32_t label, bool short8) {
    uint32_t at = b->len, t = X86_UNBOUND;
    if (b->err != VM_OK || at >= b->fast_end || b->n_fix == b->cap_fix) {
        jump_label_any(b, cc, label, short8);
        return;
    }
    if (label < b->n_init) t = b->labels[label].pos;
    else if (label >= b->n_labels) { jump_label_any(b, cc, label, short8); return; }
    bool lng = !short8 && !fits8((int64_t)t - ((int64_t)at + 2));
    /* the opcode's two bytes (rel8: the second is the zero rel8) */
    uint32_t len = !lng ? 2 : cc < 0 ? 5 : 6;
    uint16_t op = !lng ? (uint16_t)(cc < 0 ? 0xeb : 0x70 + cc)           /* jmp/jcc rel8 */
                : cc < 0 ? 0xe9                                           /* jmp rel32 */
                : (uint16_t)(0x0f | (0x80 + cc) << 8);                    /* jcc rel32 */
    uint8_t *p = b->code + at;
    put32(p + 2, 0);
    __builtin_memcpy(p, &op, 2);
    b->len = at + len;
    put_site_record(&b->fix[b->n_fix++], at, label, short8 ? X86_FX_JMP8 : X86_FX_JMP, len, cc);
}

/* jmp label:              EB rb | E9 rd */
void x86_jmp(x86_buf *b, uint32_t label) { jump_label(b, -1, label, false); }
/* jcc label:              70+cc rb | 0F 80+cc rd */
void x86_jcc(x86_buf *b, enum x86_cc cc, uint32_t label) { jump_label(b, (int)(cc & 15), label, false); }
/* jcc label:              70+cc rb */
void x86_jcc_short(x86_buf *b, enum x86_cc cc, uint32_t label) {
    jump_label(b, (int)(cc & 15), label, true);
}
/* x86_call_label, every case */
static __attribute__((noinline)) void call_label_any(x86_buf *b, uint32_t label) {
    if (b->err != VM_OK) return;
    if (label >= b->n_labels) { x86_fail(b, VM_ERR_ARG); return; }
    uint32_t at = b->len;
    x86_call_rel32(b, 0);
    add_site_to(b, X86_FX_CALL, at, label, -1);
}
/* call label:             E8 rd
 * (the common case without a call: room in the code and for the site) */
void x86_call_label(x86_buf *b, uint32_t label) {
    uint32_t at = b->len;
    if (b->err != VM_OK || label >= b->n_labels || at >= b->fast_end || b->n_fix == b->cap_fix) {
        call_label_any(b, label);
        return;
    }
    uint8_t *p = b->code + at;
    p[0] = 0xe8;
    put32(p + 1, 0);
    b->len = at + 5;
    put_site_record(&b->fix[b->n_fix++], at, label, X86_FX_CALL, 5, -1);
}

/* ---- SSE2 scalar -------------------------------------------------------------------- */

/* movsd xmm, xmm:         F2 0F 10 /r */
void x86_movsd_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf2, false, 0, 0x0f10), dst, src); }
/* movss xmm, xmm:         F3 0F 10 /r */
void x86_movss_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf3, false, 0, 0x0f10), dst, src); }
/* movsd xmm, qword [m]:   F2 0F 10 /r */
void x86_movsd_ld(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0xf2, false, 0, 0x0f10), dst, m); }
/* movss xmm, dword [m]:   F3 0F 10 /r */
void x86_movss_ld(x86_buf *b, int dst, x86_mem m) { enc_rm(b, ENC(0xf3, false, 0, 0x0f10), dst, m); }
/* movsd qword [m], xmm:   F2 0F 11 /r */
void x86_movsd_st(x86_buf *b, x86_mem m, int src) { enc_rm(b, ENC(0xf2, false, 0, 0x0f11), src, m); }
/* movss dword [m], xmm:   F3 0F 11 /r */
void x86_movss_st(x86_buf *b, x86_mem m, int src) { enc_rm(b, ENC(0xf3, false, 0, 0x0f11), src, m); }
/* addsd/subsd/mulsd/divsd/sqrtsd xmm, xmm:  F2 0F 58/5C/59/5E/51 /r */
void x86_sse_sd(x86_buf *b, enum x86_sse_op op, int dst, int src) {
    enc_rr(b, ENC(0xf2, false, 0, 0x0f00u | (uint32_t)op), dst, src);
}
/* addss/subss/mulss/divss/sqrtss xmm, xmm:  F3 0F 58/5C/59/5E/51 /r */
void x86_sse_ss(x86_buf *b, enum x86_sse_op op, int dst, int src) {
    enc_rr(b, ENC(0xf3, false, 0, 0x0f00u | (uint32_t)op), dst, src);
}
/* cvtsi2sd xmm, r32/r64:  F2 [REX.W] 0F 2A /r */
void x86_cvtsi2sd32(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf2, false, 0, 0x0f2a), dst, src); }
void x86_cvtsi2sd64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf2, true, 0, 0x0f2a), dst, src); }
/* cvtsi2ss xmm, r32/r64:  F3 [REX.W] 0F 2A /r */
void x86_cvtsi2ss32(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf3, false, 0, 0x0f2a), dst, src); }
void x86_cvtsi2ss64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf3, true, 0, 0x0f2a), dst, src); }
/* cvttsd2si r32/r64, xmm: F2 [REX.W] 0F 2C /r */
void x86_cvttsd2si32(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf2, false, 0, 0x0f2c), dst, src); }
void x86_cvttsd2si64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf2, true, 0, 0x0f2c), dst, src); }
/* cvttss2si r32/r64, xmm: F3 [REX.W] 0F 2C /r */
void x86_cvttss2si32(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf3, false, 0, 0x0f2c), dst, src); }
void x86_cvttss2si64(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf3, true, 0, 0x0f2c), dst, src); }
/* cvtsd2ss xmm, xmm:      F2 0F 5A /r */
void x86_cvtsd2ss(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf2, false, 0, 0x0f5a), dst, src); }
/* cvtss2sd xmm, xmm:      F3 0F 5A /r */
void x86_cvtss2sd(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0xf3, false, 0, 0x0f5a), dst, src); }
/* ucomisd xmm, xmm:       66 0F 2E /r */
void x86_ucomisd(x86_buf *b, int a, int c) { enc_rr(b, ENC(0x66, false, 0, 0x0f2e), a, c); }
/* ucomiss xmm, xmm:       0F 2E /r */
void x86_ucomiss(x86_buf *b, int a, int c) { enc_rr(b, ENC(0, false, 0, 0x0f2e), a, c); }
/* movq xmm, r64:          66 REX.W 0F 6E /r */
void x86_movq_xr(x86_buf *b, int xmm, int r) { enc_rr(b, ENC(0x66, true, 0, 0x0f6e), xmm, r); }
/* movq r64, xmm:          66 REX.W 0F 7E /r */
void x86_movq_rx(x86_buf *b, int r, int xmm) { enc_rr(b, ENC(0x66, true, 0, 0x0f7e), xmm, r); }
/* movd xmm, r32:          66 0F 6E /r */
void x86_movd_xr(x86_buf *b, int xmm, int r) { enc_rr(b, ENC(0x66, false, 0, 0x0f6e), xmm, r); }
/* movd r32, xmm:          66 0F 7E /r */
void x86_movd_rx(x86_buf *b, int r, int xmm) { enc_rr(b, ENC(0x66, false, 0, 0x0f7e), xmm, r); }

/* ---- straight-line sequences (x86_seq, x86_emit.h) ---- */

/* x86_bytes' other cases: the code without room for n rounded up to 16 */
static __attribute__((noinline)) void bytes_slow(x86_buf *b, const uint8_t *p, uint32_t n) {
    if (b->len <= b->cap && b->cap - b->len >= n) {
        vm_memcpy(b->code + b->len, p, n);
        b->len += n;
        return;
    }
    for (uint32_t i = 0; i < n; i++) x86_byte(b, p[i]);   /* grows, or counts only */
}

/* in 16-byte pieces (inline moves, no call) when the code has room for n
 * + 16 (n rounded up to 16, at least one piece): the bytes past n are junk the next instruction
 * overwrites (as the encoders' fast path) */
void x86_bytes(x86_buf *b, const uint8_t *p, uint32_t n) {
    uint32_t len = b->len;
    if ((uint64_t)len + n + 16 > b->cap) { bytes_slow(b, p, n); return; }   /* (len <= cap here) */
    uint8_t *d = b->code + len, *e = d + n;
    b->len = len + n;
    do {   /* (n == 0: one piece of junk) */
        __builtin_memcpy(d, p, 16);
        d += 16;
        p += 16;
    } while (d < e);
}

/* ---- added for the classic BPF compiler (src/jit/cbpf_jit.c) ---- */
/* bswap r32:              [REX.B] 0F C8+r (big-endian packet fields) */
void x86_bswap32(x86_buf *b, int r) {
    if (!reg_ok(r)) { x86_fail(b, VM_ERR_INTERNAL); return; }
    if (r & 8) x86_byte(b, 0x41);
    x86_byte(b, 0x0f);
    x86_byte(b, (uint8_t)(0xc8 + (r & 7)));
}
/* div r32:                [REX.B] F7 /6 (unsigned edx:eax / r32) */
void x86_div32(x86_buf *b, int src) { enc_rr(b, ENC(0, false, 0, 0xf7), 6, src); }

void x86_narrow_int(x86_buf *b, char t, int r) {
    switch (t) {
    case 'Z': x86_alu_ri32(b, X86_AND, r, 1); break;
    case 'B': x86_movsx8_rr(b, r, r); break;
    case 'C': x86_movzx16_rr(b, r, r); break;
    case 'S': x86_movsx16_rr(b, r, r); break;
    default: break;
    }
}

/* ---- added for tier 2's XMM register allocation (t2_codegen.c, t14) ---- */
/* movaps xmm, xmm:        0F 28 /r */
void x86_movaps_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, 0, 0x0f28), dst, src); }
/* xorps xmm, xmm:         0F 57 /r */
void x86_xorps_rr(x86_buf *b, int dst, int src) { enc_rr(b, ENC(0, false, 0, 0x0f57), dst, src); }
/* addsd/subsd/mulsd/divsd/sqrtsd xmm, qword [m]:  F2 0F 58/5C/59/5E/51 /r */
void x86_sse_sd_m(x86_buf *b, enum x86_sse_op op, int dst, x86_mem m) {
    enc_rm(b, ENC(0xf2, false, 0, 0x0f00u | (uint32_t)op), dst, m);
}
/* addss/subss/mulss/divss/sqrtss xmm, dword [m]:  F3 0F 58/5C/59/5E/51 /r */
void x86_sse_ss_m(x86_buf *b, enum x86_sse_op op, int dst, x86_mem m) {
    enc_rm(b, ENC(0xf3, false, 0, 0x0f00u | (uint32_t)op), dst, m);
}

/* ---- added for the fused path's code (fuse_path.c, fx19) ---- */
/* op [m], r64:            REX.W 01/09/21/29/31/39 /r */
void x86_alu_mr64(x86_buf *b, enum x86_alu op, x86_mem m, int src) {
    enc_rm(b, ENC(0, true, 0, (uint32_t)(op << 3) | 1u), src, m);
}
/* mov byte [m], imm8:     C6 /0 ib */
void x86_st8_imm(x86_buf *b, x86_mem m, uint8_t imm) {
    enc_rm_i(b, ENC(0, false, 0, 0xc6), 0, m, imm, 1);
}
/* cmp byte [m], imm8:     80 /7 ib */
void x86_cmp8_mi(x86_buf *b, x86_mem m, uint8_t imm) {
    enc_rm_i(b, ENC(0, false, 0, 0x80), 7, m, imm, 1);
}
/* call rel32 to an absolute target the caller knows to be in reach of
 * where the code will run (x86_finish writes the distance, VM_ERR_LIMIT
 * if it is not):  E8 rd */
void x86_call_near(x86_buf *b, const void *target) { near_site(b, target, false); }
/* jmp rel32 likewise:     E9 rd */
void x86_jmp_near(x86_buf *b, const void *target) { near_site(b, target, true); }

/* ---- calls at the end of a sequence (x86_emit.h) ---- */
/* movabs rax, fn; call rax    48 B8 io; FF D0   (into q)
 * or q, then x86_call_far (platform thunks) */
void x86s_call_abs(x86_buf *b, x86_seq *q, const void *fn) {
    if (thunks_of(b)) {
        x86_seq_put(b, q);
        q->n = 0;
        x86_call_far(b, fn);
        return;
    }
    x86s_movabs(q, X86_RAX, (uint64_t)(uintptr_t)fn);
    x86s_call_reg(q, X86_RAX);
}
/* call r    [41] FF D0+r   (into q), or q, then call rel32 thunk_r */
void x86s_call_thunk(x86_buf *b, x86_seq *q, int r) {
    if (thunks_of(b)) {
        x86_seq_put(b, q);
        q->n = 0;
        x86_call_thunk(b, r);
        return;
    }
    x86s_call_reg(q, r);
}
