/* jit_inline.c - INLINING: trivial callees compiled into the caller.
 *
 * What is inlined: a callee that is
 *   - statically bound at the call site (invokestatic, invokespecial, a
 *     private or final method, a method of a final class), or the method
 *     an invokevirtual resolves to behind a guard that the receiver's
 *     class is exactly that method's class (monomorphic guard);
 *   - not native, abstract or synchronized, with no exception handlers and
 *     at most INL_MAX_CODE bytes of bytecode;
 *   - straight-line (no branch, no call, no allocation), made only of:
 *     loads of its ARGUMENTS (iload/lload/fload/dload/aload of an index
 *     below its argument slots), int and long constants (iconst, bipush,
 *     sipush, ldc of an int, lconst), iadd isub imul iand ior ixor ineg,
 *     ladd lsub lmul land lor lxor lneg, shifts (int and long) by a
 *     constant count, i2l l2i i2b i2c i2s, getfield and putfield on
 *     `this` (aload_0 of an instance method, non-null after the guard),
 *     ending with its only return (ireturn with the JVMS narrowing to the
 *     declared type, lreturn, freturn, dreturn, areturn, return).
 * So: getters (aload_0; getfield; xreturn), setters (aload_0; xload_1;
 * putfield; return), constant returns, returns of an argument, and static
 * (or private/final) arithmetic on the arguments.  None of these can
 * throw (no division, no array access, no field access through anything
 * but a non-null `this`) or reach a safepoint, so the inlined body never
 * needs the callee's frame: the GC and stack traces keep seeing the
 * caller's frame at the call, as they would have for the few instructions
 * the callee runs.
 *
 * The code: the guards (receiver null: jump to the normal call, which
 * raises the NullPointerException at the call site exactly as the
 * interpreter does; receiver class for the monomorphic case), the budget
 * tick of the invoke, then the callee's operand stack held in registers
 * (rax rcx rdx rsi rdi r8-r11), its arguments read from the caller's
 * operand slots, the result stored where the call would have left it.
 */
#include "jit_codegen.h"
#include "../interp/opcodes.h"
#include "../runtime/resolve.h"

#define INL_MAX_CODE 32u
#define INL_MAX_DEPTH 9

static const int inl_regs[INL_MAX_DEPTH] = {
    X86_RAX, X86_RCX, X86_RDX, X86_RSI, X86_RDI, X86_R8, X86_R9, X86_R10, X86_R11
};

typedef struct inl_ent {
    char t;          /* I J F D A */
    bool is_this;
    bool is_const;
    int64_t k;
} inl_ent;

/* The field the getfield/putfield at T's pc refers to, resolved in T's
 * class; NULL if it does not resolve (then T is not inlined: the call
 * raises the error when it runs). */
static jfield *inl_field(jc *c, jmethod *T, uint32_t at) {
    jclass *cls = T->owner;
    uint16_t idx = jc_u2(T->code->code + at + 1);
    if (!cls->cf || idx == 0 || idx >= cls->cf->cp_count) return NULL;
    jfield *f = cls->cp_cache ? cls->cp_cache[idx] : NULL;
    if (!f) {
        if (c->vm->exception) return NULL;
        if (rt_resolve_field(c->vm, cls, idx, false, &f) != VM_OK) {
            c->vm->exception = NULL;
            return NULL;
        }
    }
    if (f->access & ACC_STATIC) return NULL;
    return f;
}

static void ld_typed(x86_buf *b, char t, int r, x86_mem m) {
    switch (t) {
    case 'I': case 'F': x86_ld32(b, r, m); break;
    case 'Z': case 'B': x86_ld8sx(b, r, m); break;
    case 'C': x86_ld16zx(b, r, m); break;
    case 'S': x86_ld16sx(b, r, m); break;
    default: x86_ld64(b, r, m); break;
    }
}

static void st_typed(x86_buf *b, char t, x86_mem m, int r) {
    switch (t) {
    case 'I': case 'F': x86_st32(b, m, r); break;
    case 'Z': x86_alu_ri32(b, X86_AND, r, 1); x86_st8(b, m, r); break;
    case 'B': x86_st8(b, m, r); break;
    case 'C': case 'S': x86_st16(b, m, r); break;
    default: x86_st64(b, m, r); break;
    }
}

static char slot_type(char field_type) {
    switch (field_type) {
    case 'J': return 'J';
    case 'D': return 'D';
    case 'F': return 'F';
    case 'L': case '[': return 'A';
    default: return 'I';
    }
}

/* Walk T's bytecode; with emit, generate it (result into STK(a)).
 * Returns false (having emitted nothing when !emit) if T is not trivial. */
static bool walk(x86_buf *b, jc *c, jmethod *T, int32_t a, bool emit) {
    const uint8_t *code = T->code->code;
    uint32_t len = T->code->code_len;
    bool inst = !(T->access & ACC_STATIC);
    inl_ent st[INL_MAX_DEPTH];
    int n = 0;
    uint32_t pc = 0;
    while (pc < len) {
        uint8_t op = code[pc];
        uint32_t ilen = interp_op_len[op];
        if (ilen == 0 || pc + ilen > len) return false;
        int r = n < INL_MAX_DEPTH ? inl_regs[n] : X86_NOREG;
        int r1 = n >= 1 ? inl_regs[n - 1] : X86_NOREG, r2 = n >= 2 ? inl_regs[n - 2] : X86_NOREG;
        switch (op) {
        case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1: case OP_iconst_2:
        case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
        case OP_bipush: case OP_sipush: case OP_ldc: case OP_lconst_0: case OP_lconst_1: {
            if (n >= INL_MAX_DEPTH) return false;
            int64_t k;
            char t = 'I';
            if (op == OP_bipush) k = (int8_t)code[pc + 1];
            else if (op == OP_sipush) k = jc_s2(code + pc + 1);
            else if (op == OP_ldc) {
                if (code[pc + 1] == 0 || code[pc + 1] >= T->owner->cf->cp_count ||
                    T->owner->cf->cp[code[pc + 1]].tag != CP_INTEGER)
                    return false;
                k = T->owner->cf->cp[code[pc + 1]].u.i32;
            } else if (op == OP_lconst_0 || op == OP_lconst_1) {
                k = op - OP_lconst_0;
                t = 'J';
            } else k = (int32_t)op - OP_iconst_0;
            if (emit) {
                if (t == 'I') x86_mov_ri32(b, r, (uint32_t)(int32_t)k);
                else x86_mov_imm(b, r, k);
            }
            st[n++] = (inl_ent){ t, false, true, k };
            break;
        }
        case OP_iload: case OP_lload: case OP_fload: case OP_dload: case OP_aload:
        case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
        case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
        case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
        case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
        case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3: {
            if (n >= INL_MAX_DEPTH) return false;
            uint32_t idx;
            char t;
            if (op <= OP_aload) { idx = code[pc + 1]; t = "IJFDA"[op - OP_iload]; }
            else { idx = (uint32_t)(op - OP_iload_0) & 3u; t = "IJFDA"[(op - OP_iload_0) / 4]; }
            if (idx >= T->arg_slots) return false;
            if (emit) {
                if (t == 'I' || t == 'F') x86_ld32(b, r, STK(c, a + (int32_t)idx));
                else x86_ld64(b, r, STK(c, a + (int32_t)idx));
            }
            st[n++] = (inl_ent){ t, inst && idx == 0 && t == 'A', false, 0 };
            break;
        }
        case OP_iadd: case OP_isub: case OP_imul: case OP_iand: case OP_ior: case OP_ixor:
        case OP_ladd: case OP_lsub: case OP_lmul: case OP_land: case OP_lor: case OP_lxor: {
            bool l = op == OP_ladd || op == OP_lsub || op == OP_lmul || op == OP_land ||
                     op == OP_lor || op == OP_lxor;
            char t = l ? 'J' : 'I';
            if (n < 2 || st[n - 1].t != t || st[n - 2].t != t) return false;
            if (emit) {
                enum x86_alu alu = X86_ADD;
                bool mul = false;
                switch (op) {
                case OP_isub: case OP_lsub: alu = X86_SUB; break;
                case OP_iand: case OP_land: alu = X86_AND; break;
                case OP_ior: case OP_lor: alu = X86_OR; break;
                case OP_ixor: case OP_lxor: alu = X86_XOR; break;
                case OP_imul: case OP_lmul: mul = true; break;
                default: break;
                }
                if (mul) { if (l) x86_imul_rr64(b, r2, r1); else x86_imul_rr32(b, r2, r1); }
                else if (l) x86_alu_rr64(b, alu, r2, r1);
                else x86_alu_rr32(b, alu, r2, r1);
            }
            n--;
            st[n - 1] = (inl_ent){ t, false, false, 0 };
            break;
        }
        case OP_ineg: case OP_lneg: {
            char t = op == OP_lneg ? 'J' : 'I';
            if (n < 1 || st[n - 1].t != t) return false;
            if (emit) { if (t == 'J') x86_neg64(b, r1); else x86_neg32(b, r1); }
            st[n - 1] = (inl_ent){ t, false, false, 0 };
            break;
        }
        case OP_ishl: case OP_ishr: case OP_iushr: case OP_lshl: case OP_lshr: case OP_lushr: {
            bool l = op == OP_lshl || op == OP_lshr || op == OP_lushr;
            char t = l ? 'J' : 'I';
            if (n < 2 || st[n - 1].t != 'I' || !st[n - 1].is_const || st[n - 2].t != t) return false;
            if (emit) {
                enum x86_shift sh = op == OP_ishl || op == OP_lshl ? X86_SHL
                                  : op == OP_ishr || op == OP_lshr ? X86_SAR : X86_SHR;
                if (l) x86_shift_ri64(b, sh, r2, (uint8_t)(st[n - 1].k & 63));
                else x86_shift_ri32(b, sh, r2, (uint8_t)(st[n - 1].k & 31));
            }
            n--;
            st[n - 1] = (inl_ent){ t, false, false, 0 };
            break;
        }
        case OP_i2l: case OP_l2i: case OP_i2b: case OP_i2c: case OP_i2s: {
            char from = op == OP_l2i ? 'J' : 'I';
            if (n < 1 || st[n - 1].t != from) return false;
            if (emit) {
                switch (op) {
                case OP_i2l: x86_movsxd_rr(b, r1, r1); break;
                case OP_l2i: x86_mov_rr32(b, r1, r1); break;
                case OP_i2b: x86_movsx8_rr(b, r1, r1); break;
                case OP_i2c: x86_movzx16_rr(b, r1, r1); break;
                default: x86_movsx16_rr(b, r1, r1); break;
                }
            }
            st[n - 1] = (inl_ent){ op == OP_i2l ? 'J' : 'I', false, false, 0 };
            break;
        }
        case OP_getfield: {
            if (n < 1 || !st[n - 1].is_this) return false;
            jfield *f = inl_field(c, T, pc);
            if (!f) return false;
            if (emit) ld_typed(b, f->type, r1, x86_m(r1, (int32_t)f->offset));
            st[n - 1] = (inl_ent){ slot_type(f->type), false, false, 0 };
            break;
        }
        case OP_putfield: {
            if (n < 2 || !st[n - 2].is_this) return false;
            jfield *f = inl_field(c, T, pc);
            if (!f || slot_type(f->type) != st[n - 1].t) return false;
            if (emit) st_typed(b, f->type, x86_m(r2, (int32_t)f->offset), r1);
            n -= 2;
            break;
        }
        case OP_ireturn: case OP_lreturn: case OP_freturn: case OP_dreturn: case OP_areturn: {
            static const char rt[5] = { 'I', 'J', 'F', 'D', 'A' };
            char t = rt[op - OP_ireturn];
            if (n < 1 || st[n - 1].t != t || pc + 1 != len) return false;
            if (emit) {
                if (op == OP_ireturn) {
                    switch (T->ret) {
                    case 'Z': x86_alu_ri32(b, X86_AND, r1, 1); break;
                    case 'B': x86_movsx8_rr(b, r1, r1); break;
                    case 'C': x86_movzx16_rr(b, r1, r1); break;
                    case 'S': x86_movsx16_rr(b, r1, r1); break;
                    default: break;
                    }
                }
                x86_st64(b, STK(c, a), r1);
            }
            return true;
        }
        case OP_return:
            return pc + 1 == len && T->ret == 'V';
        default:
            return false;
        }
        (void)r;
        pc += ilen;
    }
    return false;
}

bool jc_can_inline(jc *c, jmethod *T) {
    if (!T->code || (T->access & (ACC_NATIVE | ACC_ABSTRACT | ACC_SYNCHRONIZED)) ||
        T->code->code_len > INL_MAX_CODE || T->code->n_exceptions || !T->owner->cf)
        return false;
    return walk(NULL, c, T, 0, false);
}

void jc_gen_inline(x86_buf *b, jc *c, uint32_t pc, jmethod *T, int32_t a, const jclass *guard,
                   uint32_t l_fallback) {
    int32_t d = c->depth[pc];
    if (!(T->access & ACC_STATIC)) {
        x86_ld64(b, X86_RAX, STK(c, a));
        x86_test_rr64(b, X86_RAX, X86_RAX);
        x86_jcc(b, X86_CC_E, l_fallback);
        if (guard) {
            x86_movabs(b, X86_RCX, (uint64_t)(uintptr_t)guard);
            x86_alu_rm64(b, X86_CMP, X86_RCX, x86_m(X86_RAX, (int32_t)offsetof(jobject, cls)));
            x86_jcc(b, X86_CC_NE, l_fallback);
        }
    }
    jc_gen_tick(b, c, pc, d);
    walk(b, c, T, a, true);
}
