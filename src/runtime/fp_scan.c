/* fp_scan.c - which classes carry floating-point code.
 *
 * A host whose own code may not use the FPU registers by default (the
 * Linux module: kernel_fpu_begin/end around any SSE use) runs a VM
 * without an FPU section for as long as no such code is loaded
 * (vm_platform.fpu_need, vm_fp_code).  The FPU is touched only by the
 * interpreter's float/double arithmetic (interp_fp.c in that build), the
 * JIT's code for the same bytecodes (SSE scalar) and its helpers
 * (jit_rt_fp.c), and the java.lang.Math natives (natives_math.c): moves of
 * float/double values (loads, stores, fields, arrays, constants, calls)
 * are plain 32/64-bit copies everywhere.  So a class carries FP code when
 * a method's bytecode holds one of those bytecodes, or it is
 * java.lang.Math with a native method taking or returning a float or
 * double.  The check runs when a class enters the class table
 * (class_table.c), before any of its code can run, for every class (the
 * boot library's and generated ones too). */
#include "rt_internal.h"
#include "../interp/opcodes.h"
#include "../core/mem.h"

static bool fp_opcode(uint8_t op) {
    switch (op) {
    case OP_fadd: case OP_dadd: case OP_fsub: case OP_dsub:
    case OP_fmul: case OP_dmul: case OP_fdiv: case OP_ddiv:
    case OP_frem: case OP_drem: case OP_fneg: case OP_dneg:
    case OP_i2f: case OP_i2d: case OP_l2f: case OP_l2d:
    case OP_f2i: case OP_f2l: case OP_f2d:
    case OP_d2i: case OP_d2l: case OP_d2f:
    case OP_fcmpl: case OP_fcmpg: case OP_dcmpl: case OP_dcmpg:
        return true;
    default:
        return false;
    }
}

static bool desc_fp(const char *d) {
    for (; *d; d++) {
        if (*d == 'L')
            while (*d && *d != ';') d++;
        if (*d == 'F' || *d == 'D') return true;
        if (!*d) break;
    }
    return false;
}

bool rt_class_uses_fp(const jclass *c) {
    if (c->kind != KIND_INSTANCE) return false;
    bool math = vm_strcmp(c->name, "java/lang/Math") == 0;
    for (uint32_t i = 0; i < c->n_methods; i++) {
        const jmethod *m = &c->methods[i];
        if (!m->code) {
            if (math && desc_fp(m->desc)) return true;
            continue;
        }
        const uint8_t *code = m->code->code;
        uint32_t len = m->code->code_len, n;
        for (uint32_t pc = 0; pc < len; pc += n) {
            if (fp_opcode(code[pc])) return true;
            n = cf_insn_length(code, len, pc);
            if (!n) return true;   /* (not reached: cf_parse checked) */
        }
    }
    return false;
}

void rt_note_fp_code(vm *vm, const jclass *c) {
    if (vm->fp_code || !rt_class_uses_fp(c)) return;
    vm->fp_code = true;
    if (vm->plat->fpu_need) vm->plat->fpu_need(vm->plat->ud);
}
