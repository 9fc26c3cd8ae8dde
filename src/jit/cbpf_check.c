/* cbpf_check.c - checking a classic BPF program before it is compiled
 * (include/vifvm_cbpf.h: vm_cbpf_check).  The opcode and operand rules are
 * those of libpcap's validator (every opcode its interpreter runs, scratch
 * slots < 16, no constant division by 0, constant shifts < 32, jumps inside
 * the program, a return last); beyond it, jumps must go forward (the
 * compiled code has no loop, so it always ends) and no scratch slot may be
 * read before it is written on every path to the read (Linux's
 * check_load_and_stores: the interpreters disagree on the initial value of
 * the scratch memory, 0 in newer libpcap, undefined in older). */
#include "cbpf_internal.h"
#include "../core/diag.h"
#include "../core/mem.h"

/* true if the opcode is one of the interpreter's (k checked apart) */
static bool known_opcode(uint16_t c) {
    switch (c) {
    case CBPF_RET | CBPF_K: case CBPF_RET | CBPF_A:
    case CBPF_LD | CBPF_W | CBPF_ABS: case CBPF_LD | CBPF_H | CBPF_ABS:
    case CBPF_LD | CBPF_B | CBPF_ABS:
    case CBPF_LD | CBPF_W | CBPF_LEN: case CBPF_LDX | CBPF_W | CBPF_LEN:
    case CBPF_LD | CBPF_W | CBPF_IND: case CBPF_LD | CBPF_H | CBPF_IND:
    case CBPF_LD | CBPF_B | CBPF_IND:
    case CBPF_LDX | CBPF_MSH | CBPF_B:
    case CBPF_LD | CBPF_IMM: case CBPF_LDX | CBPF_IMM:
    case CBPF_LD | CBPF_MEM: case CBPF_LDX | CBPF_MEM: case CBPF_ST: case CBPF_STX:
    case CBPF_JMP | CBPF_JA:
    case CBPF_JMP | CBPF_JGT | CBPF_K: case CBPF_JMP | CBPF_JGE | CBPF_K:
    case CBPF_JMP | CBPF_JEQ | CBPF_K: case CBPF_JMP | CBPF_JSET | CBPF_K:
    case CBPF_JMP | CBPF_JGT | CBPF_X: case CBPF_JMP | CBPF_JGE | CBPF_X:
    case CBPF_JMP | CBPF_JEQ | CBPF_X: case CBPF_JMP | CBPF_JSET | CBPF_X:
    case CBPF_ALU | CBPF_NEG:
    case CBPF_MISC | CBPF_TAX: case CBPF_MISC | CBPF_TXA:
        return true;
    default:
        break;
    }
    if (CBPF_CLASS(c) == CBPF_ALU && (c & ~0xf8u) == CBPF_ALU) {
        switch (CBPF_OP(c)) {
        case CBPF_ADD: case CBPF_SUB: case CBPF_MUL: case CBPF_DIV: case CBPF_MOD:
        case CBPF_AND: case CBPF_OR: case CBPF_XOR: case CBPF_LSH: case CBPF_RSH:
            return true;
        default:
            return false;
        }
    }
    return false;
}

static bool is_mem_op(uint16_t c) {
    return c == (CBPF_LD | CBPF_MEM) || c == (CBPF_LDX | CBPF_MEM) || c == CBPF_ST ||
           c == CBPF_STX;
}

/* The slots written on every path to each instruction (a bit per slot,
 * met by AND over predecessors; jumps go forward, so one pass in order). */
static vm_status check_slots(const vm_cbpf_insn *p, uint32_t n, uint16_t *known, uint8_t *reached,
                             vm_diag *diag) {
    reached[0] = 1;
    known[0] = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!reached[i]) continue;
        uint16_t c = p[i].code, have = known[i];
        if ((c == (CBPF_LD | CBPF_MEM) || c == (CBPF_LDX | CBPF_MEM)) && !(have >> p[i].k & 1u))
            return vm_diagf(diag, VM_ERR_VERIFY,
                            "instruction %u reads M[%u] before it is written on some path", i,
                            p[i].k);
        if (c == CBPF_ST || c == CBPF_STX) have = (uint16_t)(have | 1u << p[i].k);
        uint32_t succ[2], ns = 0;
        if (CBPF_CLASS(c) == CBPF_RET) continue;
        if (CBPF_CLASS(c) == CBPF_JMP) {
            if (CBPF_OP(c) == CBPF_JA) succ[ns++] = i + 1 + p[i].k;
            else { succ[ns++] = i + 1 + p[i].jt; succ[ns++] = i + 1 + p[i].jf; }
        } else {
            succ[ns++] = i + 1;
        }
        for (uint32_t s = 0; s < ns; s++) {
            uint32_t t = succ[s];
            if (!reached[t]) { reached[t] = 1; known[t] = have; }
            else known[t] &= have;
        }
    }
    return VM_OK;
}

vm_status vm_cbpf_check(const vm_platform *plat, const vm_cbpf_insn *p, uint32_t n,
                        vm_diag *diag) {
    if (!p || !plat) return vm_diagf(diag, VM_ERR_ARG, "no program");
    if (n == 0 || n > VM_CBPF_MAX_INSNS)
        return vm_diagf(diag, VM_ERR_VERIFY, "%u instructions (1 to %u allowed)", n,
                        VM_CBPF_MAX_INSNS);
    bool uses_mem = false;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t c = p[i].code;
        uint32_t k = p[i].k;
        if (!known_opcode(c))
            return vm_diagf(diag, VM_ERR_VERIFY, "instruction %u: unknown opcode 0x%x", i, c);
        if (is_mem_op(c)) {
            if (k >= VM_CBPF_MEMWORDS)
                return vm_diagf(diag, VM_ERR_VERIFY, "instruction %u: scratch slot M[%u] (0-15)",
                                i, k);
            uses_mem = true;
        }
        if (CBPF_CLASS(c) == CBPF_ALU && CBPF_SRC(c) == CBPF_K) {
            if ((CBPF_OP(c) == CBPF_DIV || CBPF_OP(c) == CBPF_MOD) && k == 0)
                return vm_diagf(diag, VM_ERR_VERIFY, "instruction %u: %s by the constant 0", i,
                                CBPF_OP(c) == CBPF_DIV ? "division" : "modulo");
            if ((CBPF_OP(c) == CBPF_LSH || CBPF_OP(c) == CBPF_RSH) && k >= 32)
                return vm_diagf(diag, VM_ERR_VERIFY, "instruction %u: shift by %u (0-31)", i, k);
        }
        if (CBPF_CLASS(c) == CBPF_JMP) {
            if (CBPF_OP(c) == CBPF_JA) {
                if ((int32_t)k < 0)
                    return vm_diagf(diag, VM_ERR_UNSUPPORTED,
                                    "instruction %u: backward jump (ip6 protochain)", i);
                if ((uint64_t)i + 1 + k >= n)
                    return vm_diagf(diag, VM_ERR_VERIFY,
                                    "instruction %u: jump past the end (+%u)", i, k);
            } else if ((uint64_t)i + 1 + p[i].jt >= n || (uint64_t)i + 1 + p[i].jf >= n) {
                return vm_diagf(diag, VM_ERR_VERIFY,
                                "instruction %u: branch past the end (jt %u, jf %u)", i,
                                p[i].jt, p[i].jf);
            }
        }
    }
    if (CBPF_CLASS(p[n - 1].code) != CBPF_RET)
        return vm_diagf(diag, VM_ERR_VERIFY, "the last instruction is not a return");
    if (!uses_mem) return VM_OK;
    size_t bytes = (size_t)n * 3;   /* known (2 bytes) and reached (1) per instruction */
    uint8_t *buf = vm_zalloc(plat, bytes);
    if (!buf) return vm_diagf(diag, VM_ERR_NOMEM, "out of memory checking %u instructions", n);
    vm_status st = check_slots(p, n, (uint16_t *)(void *)buf, buf + (size_t)n * 2, diag);
    vm_free(plat, buf, bytes);
    return st;
}
