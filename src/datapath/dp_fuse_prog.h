/* dp_fuse_prog.h - a field-only handler run on a fused path (issue 14,
 * "small handlers inlined"): the program vm_handler_field_prog made of
 * its enqueue (src/jit/fuse_prog.c says what qualifies: straight-line
 * updates of the VIFlet's own int and long fields from constants and the
 * packet's length() and timestamp(), then super.enqueue), run on the
 * VIFlet's object where the fused loop does the default FIFO's pair in C
 * (dp_engine.c, fifo_inline).  Java's int and long arithmetic: two's
 * complement, wrapping. */
#ifndef VIFVM_DP_FUSE_PROG_H
#define VIFVM_DP_FUSE_PROG_H

#include <stdint.h>
#include "vifvm.h"
#include "vifvm_jit.h"

static inline int64_t dp_prog_i(uint64_t v) { return (int64_t)(int32_t)(uint32_t)v; }

/* Run p on the VIFlet obj for a packet of length len (length()) and time
 * ts (timestamp()): a vm_field_prog_fn (where no machine code is made,
 * dp_fuse.c puts this function behind dp_vif.fprog_fn). */
static inline void dp_fuse_prog_run(vm_object *obj, int32_t len, int64_t ts,
                                    const vm_field_prog *p) {
    uint64_t r[VM_FIELD_PROG_MAX];
    for (uint32_t i = 0; i < p->n; i++) {
        const vm_field_op *o = &p->op[i];
#define a r[o->a & (VM_FIELD_PROG_MAX - 1)]
#define b r[o->b & (VM_FIELD_PROG_MAX - 1)]
        uint64_t v = 0;
        switch (o->op) {
        case VM_FOP_ADDJ_K:
            vm_set_i64(obj, o->off, (int64_t)((uint64_t)vm_get_i64(obj, o->off) + (uint64_t)o->k));
            continue;
        case VM_FOP_ADDJ_LEN:
            vm_set_i64(obj, o->off, (int64_t)((uint64_t)vm_get_i64(obj, o->off) + (uint64_t)(int64_t)len));
            continue;
        case VM_FOP_ADDI_K:
            vm_set_i32(obj, o->off, (int32_t)((uint32_t)vm_get_i32(obj, o->off) + (uint32_t)o->k));
            continue;
        case VM_FOP_ADDI_LEN:
            vm_set_i32(obj, o->off, (int32_t)((uint32_t)vm_get_i32(obj, o->off) + (uint32_t)len));
            continue;
        case VM_FOP_STI: vm_set_i32(obj, o->off, (int32_t)(uint32_t)a); continue;
        case VM_FOP_STJ: vm_set_i64(obj, o->off, (int64_t)a); continue;
        case VM_FOP_CONST: v = (uint64_t)o->k; break;
        case VM_FOP_LEN: v = (uint64_t)(int64_t)len; break;
        case VM_FOP_TS: v = (uint64_t)ts; break;
        case VM_FOP_LDI: v = (uint64_t)(int64_t)vm_get_i32(obj, o->off); break;
        case VM_FOP_LDJ: v = (uint64_t)vm_get_i64(obj, o->off); break;
        case VM_FOP_I2L: v = a; break;   /* (ints kept sign-extended) */
        case VM_FOP_L2I: v = (uint64_t)dp_prog_i(a); break;
        case VM_FOP_NEGI: v = (uint64_t)dp_prog_i(0u - a); break;
        case VM_FOP_NEGJ: v = 0u - a; break;
        case VM_FOP_ADDI: v = (uint64_t)dp_prog_i(a + b); break;
        case VM_FOP_ADDJ: v = a + b; break;
        case VM_FOP_SUBI: v = (uint64_t)dp_prog_i(a - b); break;
        case VM_FOP_SUBJ: v = a - b; break;
        case VM_FOP_MULI: v = (uint64_t)dp_prog_i((uint64_t)((uint32_t)a * (uint32_t)b)); break;
        case VM_FOP_MULJ: v = a * b; break;
        case VM_FOP_ANDI: case VM_FOP_ANDJ: v = a & b; break;
        case VM_FOP_ORI: case VM_FOP_ORJ: v = a | b; break;
        case VM_FOP_XORI: case VM_FOP_XORJ: v = a ^ b; break;
        default: continue;
        }
#undef a
#undef b
        r[i] = v;
    }
}

#endif
