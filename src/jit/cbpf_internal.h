/* cbpf_internal.h - classic BPF inside the core: the opcode fields (as
 * pcap/bpf.h and linux/filter.h define them; the core includes neither),
 * the compiled program, and the compiler's entry shared by cbpf_jit.c
 * (single filters) and cbpf_dispatch.c (the probes of sibling groups).
 * The public side is include/vifvm_cbpf.h. */
#ifndef VIFVM_JIT_CBPF_INTERNAL_H
#define VIFVM_JIT_CBPF_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "../../include/vifvm_cbpf.h"
#include "../core/platform.h"
#include "../core/status.h"

/* instruction classes */
#define CBPF_CLASS(c) ((c) & 0x07)
#define CBPF_LD   0x00
#define CBPF_LDX  0x01
#define CBPF_ST   0x02
#define CBPF_STX  0x03
#define CBPF_ALU  0x04
#define CBPF_JMP  0x05
#define CBPF_RET  0x06
#define CBPF_MISC 0x07
/* ld/ldx: size and mode */
#define CBPF_SIZE(c) ((c) & 0x18)
#define CBPF_W 0x00
#define CBPF_H 0x08
#define CBPF_B 0x10
#define CBPF_MODE(c) ((c) & 0xe0)
#define CBPF_IMM 0x00
#define CBPF_ABS 0x20
#define CBPF_IND 0x40
#define CBPF_MEM 0x60
#define CBPF_LEN 0x80
#define CBPF_MSH 0xa0
/* alu/jmp: operation and source */
#define CBPF_OP(c) ((c) & 0xf0)
#define CBPF_ADD 0x00
#define CBPF_SUB 0x10
#define CBPF_MUL 0x20
#define CBPF_DIV 0x30
#define CBPF_OR  0x40
#define CBPF_AND 0x50
#define CBPF_LSH 0x60
#define CBPF_RSH 0x70
#define CBPF_NEG 0x80
#define CBPF_MOD 0x90
#define CBPF_XOR 0xa0
#define CBPF_JA   0x00
#define CBPF_JEQ  0x10
#define CBPF_JGT  0x20
#define CBPF_JGE  0x30
#define CBPF_JSET 0x40
#define CBPF_SRC(c) ((c) & 0x08)
#define CBPF_K 0x00
#define CBPF_X 0x08
/* ret: the value */
#define CBPF_RVAL(c) ((c) & 0x18)
#define CBPF_A 0x10
/* misc */
#define CBPF_MISCOP(c) ((c) & 0xf8)
#define CBPF_TAX 0x00
#define CBPF_TXA 0x80

#define CBPF_JEQ_K (CBPF_JMP | CBPF_JEQ | CBPF_K)

struct vm_cbpf_prog {
    const vm_platform *plat;
    vm_cbpf_insn *insns;       /* a copy of the program */
    uint32_t n;
    void *code;                /* RX, code_size bytes (code_alloc) */
    size_t code_size;
    uint32_t native_bytes;     /* the function's length */
};

/* A probe (cbpf_dispatch.c): the program with the `jeq #k` instructions
 * marked in params[] (a bitmap of n bits) replaced by "keys[count++] = A;
 * take the false branch"; every return returns count instead of its value,
 * and so does a load out of bounds.  keys must have room for one entry per
 * marked instruction. */
typedef uint32_t (*cbpf_probe_fn)(const uint8_t *pkt, uint32_t wirelen, uint32_t caplen,
                                  uint32_t *keys);

/* Compile insns[0, n) (already checked by vm_cbpf_check) into *out;
 * params NULL: an ordinary filter.  fail (NULL, or n entries): where
 * instruction i goes when its load is out of bounds or it divides by X ==
 * 0, an instruction index after i, or CBPF_FAIL_RET0 (return 0, as
 * everywhere when fail is NULL): cbpf_tree.c's combined programs go on to
 * the next sibling. */
#define CBPF_FAIL_RET0 UINT32_MAX
vm_status cbpf_compile_code(const vm_platform *plat, const vm_cbpf_insn *insns, uint32_t n,
                            const uint8_t *params, const uint32_t *fail, uint32_t off,
                            vm_cbpf_prog *out, vm_diag *diag);
/* Release out's code (not the struct). */
void cbpf_free_code(vm_cbpf_prog *p);

/* What the compiler may leave out (cbpf_opt.c), per instruction; the
 * code is made in one copy, or two when hoist != 0 (copy 0 for caplen >=
 * hoist, copy 1 for the rest). */
#define CBPF_HOIST_MAX 64u      /* the largest end of a hoisted test */
#define CBPF_PL_SKIP 1u         /* makes no code in this copy */
#define CBPF_PL_NOCHECK 2u      /* a load whose bounds are known here */
#define CBPF_PL_RAW 4u          /* a halfword / word load kept in memory order */
#define CBPF_PL_RAWK 8u         /* a jeq / jset #k reading such a load: k swapped */
#define CBPF_PL_RAWW 16u        /* ... a word load (else a halfword) */
typedef struct cbpf_plan {
    uint32_t n;
    uint32_t *jt, *jf;          /* jumps: their targets (threaded through ja) */
    uint8_t *reach, *dead;      /* reachable; writes a register read by none */
    uint8_t *flag[2];           /* per copy: CBPF_PL_* */
    uint32_t *nexte[2];         /* per copy: the first instruction >= i with
                                   code (n: none) */
    uint32_t hoist;             /* caplen >= hoist: copy 0 (0: one copy) */
    uint8_t entry;              /* A (1), X (2) read before written */
    uint32_t off;               /* the VM_CBPF_OPT_* switched off */
    void *mem;
    size_t mem_size;
} cbpf_plan;
/* The plan of a checked program (fail as cbpf_compile_code's):
 * VM_OK or VM_ERR_NOMEM. */
vm_status cbpf_plan_make(const vm_platform *plat, const vm_cbpf_insn *p, uint32_t n,
                         const uint32_t *fail, uint32_t off, cbpf_plan **out);
void cbpf_plan_free(const vm_platform *plat, cbpf_plan *pl);

static inline bool cbpf_bit(const uint8_t *bits, uint32_t i) {
    return (bits[i >> 3] >> (i & 7)) & 1u;
}

#endif
