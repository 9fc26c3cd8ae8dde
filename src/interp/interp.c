/* interp.c - the dispatch loop.
 *
 * Threaded code: every handler ends with `goto *disp[*ip]`, the table built
 * from the OPCODE_LIST X-macro (opcodes.h).  With --stats the loop runs on
 * a second table whose every entry counts the bytecode and then jumps
 * through the normal table, so counting costs nothing when it is off.
 *
 * State kept in C locals: ip (pointer into the method's qcode), sp (next
 * free operand slot), lv (locals), cache (the class's cp_cache), fr (the
 * current jframe).  GC safepoints are allocations, calls and anything that
 * throws; before reaching one a handler stores pc and sp into the frame
 * (SAVE), so the collector - which finds references through stack maps of
 * the original bytecode at frame->pc - sees a consistent frame.
 *
 * Java-to-Java calls push a jframe whose locals start at the caller's
 * arguments and continue in this loop; returns pop it.  An interp_run entry
 * frame (FRAME_ENTRY) returns to C.  Exceptions search the exception table
 * of each frame from the top, unwinding to the entry frame.
 *
 * Slot layout: one 8-byte jvalue per slot; long and double use two slots
 * with the value in the first.  Ints are read/written through .i, floats
 * through .f: the union shares their bits, so raw slot copies (loads,
 * stores, dups) work for every type.
 *
 * Monitors: each VM instance is single-threaded, so monitorenter /
 * monitorexit and synchronized methods only perform the null check.
 */
#include "interp_internal.h"
#include "interp_arith.h"
#include "../core/mem.h"
#include "../gc/heap.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/limits.h"
#include "../jit/jit.h"
#ifdef VIFVM_INTERP_FP_OUTLINE
#include "interp_fp.h"
#endif

#define LIKELY(x)   __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)

static inline uint16_t rd_u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static inline int16_t rd_s2(const uint8_t *p) { return (int16_t)rd_u2(p); }
static inline int32_t rd_s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
                     ((uint32_t)p[2] << 8) | (uint32_t)p[3]);
}

/* the second operand of f_ll_ifcmp / f_ll_arith (fuse.c): slot b read raw
 * (b is 0 for a constant), sign-extended from its low half for an int
 * local (bsh 32), masked out for a constant (bkeep 0) and the constant
 * (off2, else 0) added: arithmetic, no branch */
static inline int64_t fused_long_b(const interp_fused *f, const jvalue *lv) {
    int64_t v = (int64_t)(lv[f->b].raw << f->bsh) >> f->bsh;
    return (v & (int64_t)(int8_t)f->bkeep) + f->off2;
}

/* element access */
#define AELEM(a, T, i) (((T *)JARRAY_DATA(a))[i])
#define FIELD(o, T, off) (*(T *)(void *)((char *)(o) + (off)))

/* Pick the callee's invoke-site selection for invokeinterface. */
static jmethod *iface_select(jclass *rc, jmethod *im) {
    jclass *owner = im->owner;
    if (owner->kind == KIND_INSTANCE && (owner->access & ACC_INTERFACE))
        return rt_dispatch_interface(rc, im);
    return rt_dispatch_virtual(rc, im);
}

/* The kernel's build (src/kmod/Kbuild) sets VIFVM_INTERP_NO_COUNTING: no
 * --stats counting table there (bytecode counting is a vifvm tool option),
 * so every dispatch indexes the one label table, which the kernel's prelude
 * (src/platform/kernel/core_prelude.h) places with VIFVM_JUMP_TABLE where
 * objtool finds a computed goto's targets (.rodata..c_jump_table) */
#ifndef VIFVM_JUMP_TABLE
#define VIFVM_JUMP_TABLE
#endif

vm_status interp_execute(vm *vm, jvalue *ret) {
#if !(defined VIFVM_SWITCH_DISPATCH && defined VIFVM_INTERP_NO_COUNTING)
    static const void *const labels[256] VIFVM_JUMP_TABLE = {
#define LBL_DEF(name, code, len, flags) [code] = &&L_##name,
#define LBL_UNUSED(code) [code] = &&L_illegal,
        OPCODE_LIST(LBL_DEF, LBL_UNUSED)
#undef LBL_DEF
#undef LBL_UNUSED
    };
#endif
#ifndef VIFVM_INTERP_NO_COUNTING
    static const void *const counting[256] = {
#define CNT_DEF(name, code, len, flags) [code] = &&L_count,
#define CNT_UNUSED(code) [code] = &&L_count,
        OPCODE_LIST(CNT_DEF, CNT_UNUSED)
#undef CNT_DEF
#undef CNT_UNUSED
    };

    const void *const *disp = vm->count_bytecodes ? counting : labels;
#endif
    jframe *fr = &vm->frames[vm->frame_count - 1];
    jmethod *m = fr->method;
    uint8_t *code = m->qcode;
    uint8_t *ip = code + fr->pc;
    jvalue *sp = fr->sp;
    jvalue *lv = fr->locals;
    void **cache = m->owner->cp_cache;
    vm_status st = VM_OK;
    jmethod *callee;
    jvalue *args;
    jvalue rv;
    uint32_t rslots;

#ifdef VIFVM_SWITCH_DISPATCH
    /* builds with retpolines (the kernel's): no indirect jump per bytecode,
     * a switch compiled without jump tables (a tree of compares) instead
     * of `goto *` through the retpoline thunk (dispatch: below) */
    unsigned sw_op;
#define DISPATCH() do { sw_op = *ip; goto dispatch; } while (0)
#define GOTO_OP(o) do { sw_op = (o); goto dispatch_op; } while (0)
#elif defined VIFVM_INTERP_NO_COUNTING
#define DISPATCH() goto *labels[*ip]
#define GOTO_OP(o) goto *labels[o]
#else
#define DISPATCH() goto *disp[*ip]
#define GOTO_OP(o) goto *labels[o]
#endif
#define NEXT(n) do { ip += (n); DISPATCH(); } while (0)
#define PC() ((uint32_t)(ip - code))
#define SAVE() do { fr->pc = PC(); fr->sp = sp; } while (0)
#define THROW(expr) do { SAVE(); st = (expr); goto exception; } while (0)
#define PENDING() do { st = VM_ERR_EXCEPTION; goto exception; } while (0)
#define RELOAD() do { m = fr->method; code = m->qcode; lv = fr->locals; \
                      cache = m->owner->cp_cache; } while (0)
    /* instruction budget (runtime/limits.h): one tick per taken backward
     * branch (new ip <= the transferring instruction's), invoke and
     * handler entry; VM_ERR_BUDGET unwinds like System.exit */
#ifdef VIFVM_NO_BUDGET_TICKS /* measurement builds only (bench): no budget */
#define TICK() do { } while (0)
#else
#define TICK() do {                                                           \
        if (UNLIKELY(--vm->budget_left < 0)) {                                \
            SAVE();                                                           \
            st = rt_budget_expired(vm, m);                                    \
            if (st != VM_OK) goto exception;                                  \
        }                                                                     \
    } while (0)
#endif
#define BACK(o) do { if ((o) <= 0) TICK(); } while (0)
    /* ip += o, ticking when o <= 0 */
#define JUMP(o) do { int32_t o_ = (o); ip += o_; BACK(o_); } while (0)

    DISPATCH();

#ifdef VIFVM_SWITCH_DISPATCH
dispatch:
#ifndef VIFVM_INTERP_NO_COUNTING
    if (UNLIKELY(disp != labels)) goto L_count;
#endif
dispatch_op:
    switch (sw_op) {
#define SW_DEF(name, code, len, flags) case code: goto L_##name;
#define SW_UNUSED(code) case code: goto L_illegal;
        OPCODE_LIST(SW_DEF, SW_UNUSED)
#undef SW_DEF
#undef SW_UNUSED
    }
    goto L_illegal;
#endif

#ifndef VIFVM_INTERP_NO_COUNTING
L_count: {
    /* --stats: count, then run the original instruction (superinstructions
     * are bypassed so the count is exact) */
    uint8_t op = *ip;
    vm->stats.bytecodes++;
    if (UNLIKELY(interp_op_flags[op] & OPF_FUSED)) op = m->code->code[ip - code];
    GOTO_OP(op);
}
#endif

    /* ---- constants ---- */
L_nop: NEXT(1);
L_aconst_null: sp->raw = 0; sp++; NEXT(1);
L_iconst_m1: sp->i = -1; sp++; NEXT(1);
L_iconst_0: sp->i = 0; sp++; NEXT(1);
L_iconst_1: sp->i = 1; sp++; NEXT(1);
L_iconst_2: sp->i = 2; sp++; NEXT(1);
L_iconst_3: sp->i = 3; sp++; NEXT(1);
L_iconst_4: sp->i = 4; sp++; NEXT(1);
L_iconst_5: sp->i = 5; sp++; NEXT(1);
L_lconst_0: sp->j = 0; sp += 2; NEXT(1);
L_lconst_1: sp->j = 1; sp += 2; NEXT(1);
L_fconst_0: sp->f = 0.0f; sp++; NEXT(1);
L_fconst_1: sp->f = 1.0f; sp++; NEXT(1);
L_fconst_2: sp->f = 2.0f; sp++; NEXT(1);
L_dconst_0: sp->d = 0.0; sp += 2; NEXT(1);
L_dconst_1: sp->d = 1.0; sp += 2; NEXT(1);
L_bipush: sp->i = (int8_t)ip[1]; sp++; NEXT(2);
L_sipush: sp->i = rd_s2(ip + 1); sp++; NEXT(3);
L_ldc2_w: {
    const cf_const *k = &m->owner->cf->cp[rd_u2(ip + 1)];
    sp->j = k->u.i64;  /* long or double: same 8 bytes */
    sp += 2;
    NEXT(3);
}
L_ldc_i: sp->i = m->owner->cf->cp[ip[1]].u.i32; sp++; NEXT(2);
L_ldc_w_i: sp->i = m->owner->cf->cp[rd_u2(ip + 1)].u.i32; sp++; NEXT(3);
L_ldc_s: sp->l = (jobject *)cache[ip[1]]; sp++; NEXT(2);
L_ldc_w_s: sp->l = (jobject *)cache[rd_u2(ip + 1)]; sp++; NEXT(3);
L_ldc_c: L_ldc_w_c: {
    uint32_t idx = *ip == OP_ldc_c ? ip[1] : rd_u2(ip + 1);
    jclass *c = cache[idx];
    jobject *mir = c->mirror;
    if (UNLIKELY(!mir)) {
        SAVE();
        mir = rt_class_mirror(vm, c);
        if (!mir) PENDING();
    }
    sp->l = mir;
    sp++;
    NEXT(*ip == OP_ldc_c ? 2 : 3);
}

    /* ---- locals ---- */
L_iload: L_fload: L_aload: *sp++ = lv[ip[1]]; NEXT(2);
L_lload: L_dload: sp->raw = lv[ip[1]].raw; sp += 2; NEXT(2);
L_iload_0: L_fload_0: L_aload_0: *sp++ = lv[0]; NEXT(1);
L_iload_1: L_fload_1: L_aload_1: *sp++ = lv[1]; NEXT(1);
L_iload_2: L_fload_2: L_aload_2: *sp++ = lv[2]; NEXT(1);
L_iload_3: L_fload_3: L_aload_3: *sp++ = lv[3]; NEXT(1);
L_lload_0: L_dload_0: sp->raw = lv[0].raw; sp += 2; NEXT(1);
L_lload_1: L_dload_1: sp->raw = lv[1].raw; sp += 2; NEXT(1);
L_lload_2: L_dload_2: sp->raw = lv[2].raw; sp += 2; NEXT(1);
L_lload_3: L_dload_3: sp->raw = lv[3].raw; sp += 2; NEXT(1);
L_istore: L_fstore: L_astore: lv[ip[1]] = *--sp; NEXT(2);
L_lstore: L_dstore: sp -= 2; lv[ip[1]].raw = sp->raw; NEXT(2);
L_istore_0: L_fstore_0: L_astore_0: lv[0] = *--sp; NEXT(1);
L_istore_1: L_fstore_1: L_astore_1: lv[1] = *--sp; NEXT(1);
L_istore_2: L_fstore_2: L_astore_2: lv[2] = *--sp; NEXT(1);
L_istore_3: L_fstore_3: L_astore_3: lv[3] = *--sp; NEXT(1);
L_lstore_0: L_dstore_0: sp -= 2; lv[0].raw = sp->raw; NEXT(1);
L_lstore_1: L_dstore_1: sp -= 2; lv[1].raw = sp->raw; NEXT(1);
L_lstore_2: L_dstore_2: sp -= 2; lv[2].raw = sp->raw; NEXT(1);
L_lstore_3: L_dstore_3: sp -= 2; lv[3].raw = sp->raw; NEXT(1);
L_iinc: lv[ip[1]].i = ja_iadd(lv[ip[1]].i, (int8_t)ip[2]); NEXT(3);
L_wide: {
    uint32_t idx = rd_u2(ip + 2);
    switch (ip[1]) {
    case OP_iload: case OP_fload: case OP_aload: *sp++ = lv[idx]; NEXT(4);
    case OP_lload: case OP_dload: sp->raw = lv[idx].raw; sp += 2; NEXT(4);
    case OP_istore: case OP_fstore: case OP_astore: lv[idx] = *--sp; NEXT(4);
    case OP_lstore: case OP_dstore: sp -= 2; lv[idx].raw = sp->raw; NEXT(4);
    case OP_iinc: lv[idx].i = ja_iadd(lv[idx].i, rd_s2(ip + 4)); NEXT(6);
    default: goto L_illegal;
    }
}

    /* ---- arrays ---- */
#define ARRAY_CHECK(aoff) \
    jobject *a = sp[aoff].l; int32_t i = sp[(aoff) + 1].i; \
    if (UNLIKELY(!a)) THROW(interp_throw_npe(vm)); \
    if (UNLIKELY((uint32_t)i >= (uint32_t)a->length)) THROW(interp_throw_aioobe(vm, i, a->length))
L_iaload: { ARRAY_CHECK(-2); sp[-2].i = AELEM(a, int32_t, i); sp--; NEXT(1); }
L_faload: { ARRAY_CHECK(-2); sp[-2].i = AELEM(a, int32_t, i); sp--; NEXT(1); }
L_laload: { ARRAY_CHECK(-2); sp[-2].j = AELEM(a, int64_t, i); NEXT(1); }
L_daload: { ARRAY_CHECK(-2); sp[-2].j = AELEM(a, int64_t, i); NEXT(1); }
L_aaload: { ARRAY_CHECK(-2); sp[-2].l = AELEM(a, jobject *, i); sp--; NEXT(1); }
L_baload: { ARRAY_CHECK(-2); sp[-2].i = AELEM(a, int8_t, i); sp--; NEXT(1); }
L_caload: { ARRAY_CHECK(-2); sp[-2].i = AELEM(a, uint16_t, i); sp--; NEXT(1); }
L_saload: { ARRAY_CHECK(-2); sp[-2].i = AELEM(a, int16_t, i); sp--; NEXT(1); }
L_iastore: { ARRAY_CHECK(-3); AELEM(a, int32_t, i) = sp[-1].i; sp -= 3; NEXT(1); }
L_fastore: { ARRAY_CHECK(-3); AELEM(a, int32_t, i) = sp[-1].i; sp -= 3; NEXT(1); }
L_lastore: { ARRAY_CHECK(-4); AELEM(a, int64_t, i) = sp[-2].j; sp -= 4; NEXT(1); }
L_dastore: { ARRAY_CHECK(-4); AELEM(a, int64_t, i) = sp[-2].j; sp -= 4; NEXT(1); }
L_bastore: {
    ARRAY_CHECK(-3);
    int32_t v = sp[-1].i;
    if (UNLIKELY(v & ~1) && a->cls->elem_type == 'Z') v &= 1;  /* boolean[] */
    AELEM(a, int8_t, i) = (int8_t)v;
    sp -= 3;
    NEXT(1);
}
L_castore: { ARRAY_CHECK(-3); AELEM(a, uint16_t, i) = (uint16_t)sp[-1].i; sp -= 3; NEXT(1); }
L_sastore: { ARRAY_CHECK(-3); AELEM(a, int16_t, i) = (int16_t)sp[-1].i; sp -= 3; NEXT(1); }
L_aastore: {
    ARRAY_CHECK(-3);
    jobject *v = sp[-1].l;
    if (v) {
        jclass *comp = a->cls->component;
        if (v->cls != comp && comp != vm->wk.object && !rt_is_assignable(v->cls, comp))
            THROW(interp_throw_ase(vm, v->cls));
    }
    AELEM(a, jobject *, i) = v;
    sp -= 3;
    NEXT(1);
}
L_arraylength: {
    jobject *a = sp[-1].l;
    if (UNLIKELY(!a)) THROW(interp_throw_npe(vm));
    sp[-1].i = a->length;
    NEXT(1);
}
L_newarray: {
    SAVE();
    jobject *a = interp_newarray(vm, ip[1], sp[-1].i);
    if (UNLIKELY(!a)) PENDING();
    sp[-1].l = a;
    NEXT(2);
}
L_anewarray_quick: {
    jclass *ac = ((jclass *)cache[rd_u2(ip + 1)])->array_class;
    SAVE();
    jobject *a = interp_new_ref_array(vm, ac, sp[-1].i);
    if (UNLIKELY(!a)) PENDING();
    sp[-1].l = a;
    NEXT(3);
}
L_multianewarray_quick: {
    uint32_t dims = ip[3];
    jvalue *counts = sp - dims;
    SAVE();
    jobject *a = interp_multianewarray(vm, (jclass *)cache[rd_u2(ip + 1)], dims, counts,
                                       vm->stack_end);
    if (UNLIKELY(!a)) PENDING();
    sp = counts;
    sp->l = a;
    sp++;
    NEXT(4);
}

    /* ---- stack ---- */
L_pop: sp--; NEXT(1);
L_pop2: sp -= 2; NEXT(1);
L_dup: sp[0] = sp[-1]; sp++; NEXT(1);
L_dup_x1: { jvalue v1 = sp[-1], v2 = sp[-2];
    sp[-2] = v1; sp[-1] = v2; sp[0] = v1; sp++; NEXT(1); }
L_dup_x2: { jvalue v1 = sp[-1], v2 = sp[-2], v3 = sp[-3];
    sp[-3] = v1; sp[-2] = v3; sp[-1] = v2; sp[0] = v1; sp++; NEXT(1); }
L_dup2: sp[0] = sp[-2]; sp[1] = sp[-1]; sp += 2; NEXT(1);
L_dup2_x1: { jvalue v1 = sp[-1], v2 = sp[-2], v3 = sp[-3];
    sp[-3] = v2; sp[-2] = v1; sp[-1] = v3; sp[0] = v2; sp[1] = v1; sp += 2; NEXT(1); }
L_dup2_x2: { jvalue v1 = sp[-1], v2 = sp[-2], v3 = sp[-3], v4 = sp[-4];
    sp[-4] = v2; sp[-3] = v1; sp[-2] = v4; sp[-1] = v3; sp[0] = v2; sp[1] = v1;
    sp += 2; NEXT(1); }
L_swap: { jvalue t = sp[-1]; sp[-1] = sp[-2]; sp[-2] = t; NEXT(1); }

    /* ---- int arithmetic ---- */
L_iadd: sp[-2].i = ja_iadd(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_isub: sp[-2].i = ja_isub(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_imul: sp[-2].i = ja_imul(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_idiv:
    if (UNLIKELY(sp[-1].i == 0)) THROW(interp_throw_div0(vm));
    sp[-2].i = ja_idiv(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_irem:
    if (UNLIKELY(sp[-1].i == 0)) THROW(interp_throw_div0(vm));
    sp[-2].i = ja_irem(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_ineg: sp[-1].i = ja_ineg(sp[-1].i); NEXT(1);
L_ishl: sp[-2].i = ja_ishl(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_ishr: sp[-2].i = ja_ishr(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_iushr: sp[-2].i = ja_iushr(sp[-2].i, sp[-1].i); sp--; NEXT(1);
L_iand: sp[-2].i &= sp[-1].i; sp--; NEXT(1);
L_ior: sp[-2].i |= sp[-1].i; sp--; NEXT(1);
L_ixor: sp[-2].i ^= sp[-1].i; sp--; NEXT(1);

    /* ---- long arithmetic (operands at sp[-4], sp[-2]) ---- */
L_ladd: sp[-4].j = ja_ladd(sp[-4].j, sp[-2].j); sp -= 2; NEXT(1);
L_lsub: sp[-4].j = ja_lsub(sp[-4].j, sp[-2].j); sp -= 2; NEXT(1);
L_lmul: sp[-4].j = ja_lmul(sp[-4].j, sp[-2].j); sp -= 2; NEXT(1);
L_ldiv:
    if (UNLIKELY(sp[-2].j == 0)) THROW(interp_throw_div0(vm));
    sp[-4].j = ja_ldiv(sp[-4].j, sp[-2].j); sp -= 2; NEXT(1);
L_lrem:
    if (UNLIKELY(sp[-2].j == 0)) THROW(interp_throw_div0(vm));
    sp[-4].j = ja_lrem(sp[-4].j, sp[-2].j); sp -= 2; NEXT(1);
L_lneg: sp[-2].j = ja_lneg(sp[-2].j); NEXT(1);
L_land: sp[-4].j &= sp[-2].j; sp -= 2; NEXT(1);
L_lor: sp[-4].j |= sp[-2].j; sp -= 2; NEXT(1);
L_lxor: sp[-4].j ^= sp[-2].j; sp -= 2; NEXT(1);
L_lshl: sp[-3].j = ja_lshl(sp[-3].j, sp[-1].i); sp--; NEXT(1);
L_lshr: sp[-3].j = ja_lshr(sp[-3].j, sp[-1].i); sp--; NEXT(1);
L_lushr: sp[-3].j = ja_lushr(sp[-3].j, sp[-1].i); sp--; NEXT(1);

#ifdef VIFVM_INTERP_FP_OUTLINE
    /* ---- floating point (out of line: interp_fp.c) ---- */
#define FPOP(op) sp = interp_fp_op(OP_##op, sp); NEXT(1)
L_fadd: FPOP(fadd);
L_fsub: FPOP(fsub);
L_fmul: FPOP(fmul);
L_fdiv: FPOP(fdiv);
L_frem: FPOP(frem);
L_fneg: FPOP(fneg);
L_dadd: FPOP(dadd);
L_dsub: FPOP(dsub);
L_dmul: FPOP(dmul);
L_ddiv: FPOP(ddiv);
L_drem: FPOP(drem);
L_dneg: FPOP(dneg);

    /* ---- conversions ---- */
L_i2l: sp[-1].j = sp[-1].i; sp++; NEXT(1);
L_i2f: FPOP(i2f);
L_i2d: FPOP(i2d);
L_l2i: sp[-2].i = (int32_t)(uint32_t)(uint64_t)sp[-2].j; sp--; NEXT(1);
L_l2f: FPOP(l2f);
L_l2d: FPOP(l2d);
L_f2i: FPOP(f2i);
L_f2l: FPOP(f2l);
L_f2d: FPOP(f2d);
L_d2i: FPOP(d2i);
L_d2l: FPOP(d2l);
L_d2f: FPOP(d2f);
#else
    /* ---- floating point ---- */
L_fadd: sp[-2].f = sp[-2].f + sp[-1].f; sp--; NEXT(1);
L_fsub: sp[-2].f = sp[-2].f - sp[-1].f; sp--; NEXT(1);
L_fmul: sp[-2].f = sp[-2].f * sp[-1].f; sp--; NEXT(1);
L_fdiv: sp[-2].f = sp[-2].f / sp[-1].f; sp--; NEXT(1);
L_frem: sp[-2].f = jm_fmodf(sp[-2].f, sp[-1].f); sp--; NEXT(1);
L_fneg: sp[-1].f = -sp[-1].f; NEXT(1);
L_dadd: sp[-4].d = sp[-4].d + sp[-2].d; sp -= 2; NEXT(1);
L_dsub: sp[-4].d = sp[-4].d - sp[-2].d; sp -= 2; NEXT(1);
L_dmul: sp[-4].d = sp[-4].d * sp[-2].d; sp -= 2; NEXT(1);
L_ddiv: sp[-4].d = sp[-4].d / sp[-2].d; sp -= 2; NEXT(1);
L_drem: sp[-4].d = jm_fmod(sp[-4].d, sp[-2].d); sp -= 2; NEXT(1);
L_dneg: sp[-2].d = -sp[-2].d; NEXT(1);

    /* ---- conversions ---- */
L_i2l: sp[-1].j = sp[-1].i; sp++; NEXT(1);
L_i2f: sp[-1].f = (float)sp[-1].i; NEXT(1);
L_i2d: sp[-1].d = (double)sp[-1].i; sp++; NEXT(1);
L_l2i: sp[-2].i = (int32_t)(uint32_t)(uint64_t)sp[-2].j; sp--; NEXT(1);
L_l2f: sp[-2].f = (float)sp[-2].j; sp--; NEXT(1);
L_l2d: sp[-2].d = (double)sp[-2].j; NEXT(1);
L_f2i: sp[-1].i = jm_f2i(sp[-1].f); NEXT(1);
L_f2l: sp[-1].j = jm_f2l(sp[-1].f); sp++; NEXT(1);
L_f2d: sp[-1].d = (double)sp[-1].f; sp++; NEXT(1);
L_d2i: sp[-2].i = jm_d2i(sp[-2].d); sp--; NEXT(1);
L_d2l: sp[-2].j = jm_d2l(sp[-2].d); NEXT(1);
L_d2f: sp[-2].f = (float)sp[-2].d; sp--; NEXT(1);
#endif
L_i2b: sp[-1].i = ja_i2b(sp[-1].i); NEXT(1);
L_i2c: sp[-1].i = ja_i2c(sp[-1].i); NEXT(1);
L_i2s: sp[-1].i = ja_i2s(sp[-1].i); NEXT(1);

    /* ---- comparisons ---- */
L_lcmp: sp[-4].i = ja_lcmp(sp[-4].j, sp[-2].j); sp -= 3; NEXT(1);
#ifdef VIFVM_INTERP_FP_OUTLINE
L_fcmpl: FPOP(fcmpl);
L_fcmpg: FPOP(fcmpg);
L_dcmpl: FPOP(dcmpl);
L_dcmpg: FPOP(dcmpg);
#undef FPOP
#else
L_fcmpl: sp[-2].i = ja_fcmp(sp[-2].f, sp[-1].f, -1); sp--; NEXT(1);
L_fcmpg: sp[-2].i = ja_fcmp(sp[-2].f, sp[-1].f, 1); sp--; NEXT(1);
L_dcmpl: sp[-4].i = ja_dcmp(sp[-4].d, sp[-2].d, -1); sp -= 3; NEXT(1);
L_dcmpg: sp[-4].i = ja_dcmp(sp[-4].d, sp[-2].d, 1); sp -= 3; NEXT(1);
#endif

    /* ---- branches ---- */
#define BRANCH_IF(cond) do { if (cond) JUMP(rd_s2(ip + 1)); else ip += 3; DISPATCH(); } while (0)
L_ifeq: sp--; BRANCH_IF(sp[0].i == 0);
L_ifne: sp--; BRANCH_IF(sp[0].i != 0);
L_iflt: sp--; BRANCH_IF(sp[0].i < 0);
L_ifge: sp--; BRANCH_IF(sp[0].i >= 0);
L_ifgt: sp--; BRANCH_IF(sp[0].i > 0);
L_ifle: sp--; BRANCH_IF(sp[0].i <= 0);
L_if_icmpeq: sp -= 2; BRANCH_IF(sp[0].i == sp[1].i);
L_if_icmpne: sp -= 2; BRANCH_IF(sp[0].i != sp[1].i);
L_if_icmplt: sp -= 2; BRANCH_IF(sp[0].i < sp[1].i);
L_if_icmpge: sp -= 2; BRANCH_IF(sp[0].i >= sp[1].i);
L_if_icmpgt: sp -= 2; BRANCH_IF(sp[0].i > sp[1].i);
L_if_icmple: sp -= 2; BRANCH_IF(sp[0].i <= sp[1].i);
L_if_acmpeq: sp -= 2; BRANCH_IF(sp[0].l == sp[1].l);
L_if_acmpne: sp -= 2; BRANCH_IF(sp[0].l != sp[1].l);
L_ifnull: sp--; BRANCH_IF(sp[0].l == NULL);
L_ifnonnull: sp--; BRANCH_IF(sp[0].l != NULL);
L_goto: JUMP(rd_s2(ip + 1)); DISPATCH();
L_goto_w: JUMP(rd_s4(ip + 1)); DISPATCH();
L_tableswitch: {
    const uint8_t *p = code + ((PC() + 4) & ~3u);
    int32_t key = (--sp)->i;
    int32_t lo = rd_s4(p + 4), hi = rd_s4(p + 8);
    int32_t off = (key < lo || key > hi) ? rd_s4(p)
                : rd_s4(p + 12 + 4 * (size_t)((uint32_t)key - (uint32_t)lo));
    JUMP(off);
    DISPATCH();
}
L_lookupswitch: {
    const uint8_t *p = code + ((PC() + 4) & ~3u);
    int32_t key = (--sp)->i;
    int32_t off = rd_s4(p);
    int32_t n = rd_s4(p + 4);
    const uint8_t *pairs = p + 8;
    uint32_t lo = 0, hi = n > 0 ? (uint32_t)n : 0;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        int32_t k = rd_s4(pairs + 8 * (size_t)mid);
        if (k == key) { off = rd_s4(pairs + 8 * (size_t)mid + 4); break; }
        if (k < key) lo = mid + 1; else hi = mid;
    }
    JUMP(off);
    DISPATCH();
}

    /* ---- fields (quick) ---- */
#define FOFF(idx) (((jfield *)cache[idx])->offset)
#define OBJ_CHECK(o) if (UNLIKELY(!(o))) THROW(interp_throw_npe(vm))
L_getfield_i: { jobject *o = sp[-1].l; OBJ_CHECK(o);
    sp[-1].i = FIELD(o, int32_t, FOFF(rd_u2(ip + 1))); NEXT(3); }
L_getfield_j: { jobject *o = sp[-1].l; OBJ_CHECK(o);
    sp[-1].j = FIELD(o, int64_t, FOFF(rd_u2(ip + 1))); sp++; NEXT(3); }
L_getfield_l: { jobject *o = sp[-1].l; OBJ_CHECK(o);
    sp[-1].l = FIELD(o, jobject *, FOFF(rd_u2(ip + 1))); NEXT(3); }
L_getfield_x: {
    jobject *o = sp[-1].l;
    OBJ_CHECK(o);
    jfield *f = cache[rd_u2(ip + 1)];
    void *p = (char *)o + f->offset;
    switch (f->type) {
    case 'C': sp[-1].i = *(uint16_t *)p; break;
    case 'S': sp[-1].i = *(int16_t *)p; break;
    default: sp[-1].i = *(int8_t *)p; break;  /* B Z */
    }
    NEXT(3);
}
L_putfield_i: { jobject *o = sp[-2].l; OBJ_CHECK(o);
    FIELD(o, int32_t, FOFF(rd_u2(ip + 1))) = sp[-1].i; sp -= 2; NEXT(3); }
L_putfield_j: { jobject *o = sp[-3].l; OBJ_CHECK(o);
    FIELD(o, int64_t, FOFF(rd_u2(ip + 1))) = sp[-2].j; sp -= 3; NEXT(3); }
L_putfield_l: { jobject *o = sp[-2].l; OBJ_CHECK(o);
    FIELD(o, jobject *, FOFF(rd_u2(ip + 1))) = sp[-1].l; sp -= 2; NEXT(3); }
L_putfield_x: {
    jobject *o = sp[-2].l;
    OBJ_CHECK(o);
    jfield *f = cache[rd_u2(ip + 1)];
    void *p = (char *)o + f->offset;
    switch (f->type) {
    case 'C': case 'S': *(int16_t *)p = (int16_t)sp[-1].i; break;
    case 'Z': *(int8_t *)p = (int8_t)(sp[-1].i & 1); break;  /* JVMS: boolean & 1 */
    default: *(int8_t *)p = (int8_t)sp[-1].i; break;         /* B */
    }
    sp -= 2;
    NEXT(3);
}

#define SADDR(idx) ((void *)(((jfield *)cache[idx])->owner->statics + ((jfield *)cache[idx])->offset))
L_getstatic_i: sp->i = *(int32_t *)SADDR(rd_u2(ip + 1)); sp++; NEXT(3);
L_getstatic_j: sp->j = *(int64_t *)SADDR(rd_u2(ip + 1)); sp += 2; NEXT(3);
L_getstatic_l: sp->l = *(jobject **)SADDR(rd_u2(ip + 1)); sp++; NEXT(3);
L_getstatic_x: {
    jfield *f = cache[rd_u2(ip + 1)];
    void *p = f->owner->statics + f->offset;
    switch (f->type) {
    case 'C': sp->i = *(uint16_t *)p; break;
    case 'S': sp->i = *(int16_t *)p; break;
    default: sp->i = *(int8_t *)p; break;  /* B Z */
    }
    sp++;
    NEXT(3);
}
L_putstatic_i: sp--; *(int32_t *)SADDR(rd_u2(ip + 1)) = sp->i; NEXT(3);
L_putstatic_j: sp -= 2; *(int64_t *)SADDR(rd_u2(ip + 1)) = sp->j; NEXT(3);
L_putstatic_l: sp--; *(jobject **)SADDR(rd_u2(ip + 1)) = sp->l; NEXT(3);
L_putstatic_x: {
    jfield *f = cache[rd_u2(ip + 1)];
    void *p = f->owner->statics + f->offset;
    sp--;
    switch (f->type) {
    case 'C': case 'S': *(int16_t *)p = (int16_t)sp->i; break;
    case 'Z': *(int8_t *)p = (int8_t)(sp->i & 1); break;
    default: *(int8_t *)p = (int8_t)sp->i; break;  /* B */
    }
    NEXT(3);
}

    /* ---- objects ---- */
L_new_quick: {
    SAVE();
    jobject *o = rt_new_object(vm, (jclass *)cache[rd_u2(ip + 1)]);
    if (UNLIKELY(!o)) PENDING();
    sp->l = o;
    sp++;
    NEXT(3);
}
L_checkcast_quick: {
    jobject *o = sp[-1].l;
    if (o) {
        jclass *c = cache[rd_u2(ip + 1)];
        if (o->cls != c && !rt_is_assignable(o->cls, c))
            THROW(interp_throw_cce(vm, o->cls, c));
    }
    NEXT(3);
}
L_instanceof_quick: {
    jobject *o = sp[-1].l;
    int32_t r = 0;
    if (o) {
        jclass *c = cache[rd_u2(ip + 1)];
        r = o->cls == c || rt_is_assignable(o->cls, c);
    }
    sp[-1].raw = 0;
    sp[-1].i = r;
    NEXT(3);
}
L_athrow: {
    jobject *ex = sp[-1].l;
    if (UNLIKELY(!ex)) THROW(interp_throw_npe(vm));
    THROW(rt_throw_object(vm, ex));
}
L_monitorenter: L_monitorexit:
    /* single-threaded VM: a monitor only needs the null check */
    if (UNLIKELY(!sp[-1].l)) THROW(interp_throw_npe(vm));
    sp--;
    NEXT(1);

    /* ---- slow paths of constant-pool instructions: resolve + quicken ---- */
L_getfield: L_putfield: L_getstatic: L_putstatic:
L_new: L_anewarray: L_checkcast: L_instanceof: L_multianewarray:
L_ldc: L_ldc_w:
L_invokevirtual: L_invokespecial: L_invokestatic: L_invokeinterface:
L_invokedynamic: {
    int op;
    jmethod *c;
    if ((*ip == OP_checkcast || *ip == OP_instanceof) && !sp[-1].l) {
        /* JVMS: null needs no resolution (checkcast passes, instanceof 0) */
        if (*ip == OP_instanceof) sp[-1].raw = 0;
        NEXT(3);
    }
    SAVE();
    st = interp_link(vm, fr, sp, &op, &c);
    if (UNLIKELY(st != VM_OK)) goto exception;
    if (op >= 0) GOTO_OP(op);  /* counted already */
    callee = c;
    args = sp - c->arg_slots;
    if (!(c->access & ACC_STATIC) && UNLIKELY(!args[0].l)) THROW(interp_throw_npe(vm));
    goto do_call;
}

    /* ---- invocations ---- */
L_invokestatic_quick:
    callee = cache[rd_u2(ip + 1)];
    args = sp - callee->arg_slots;
    goto do_call;
L_invokespecial_quick: L_invokevirtual_direct: L_invokeinterface_direct:
    callee = cache[rd_u2(ip + 1)];
    args = sp - callee->arg_slots;
    if (UNLIKELY(!args[0].l)) THROW(interp_throw_npe(vm));
    goto do_call;
L_invokevirtual_quick: {
    jmethod *rm = cache[rd_u2(ip + 1)];
    args = sp - rm->arg_slots;
    jobject *recv = args[0].l;
    if (UNLIKELY(!recv)) THROW(interp_throw_npe(vm));
    jclass *rc = recv->cls;
    uint32_t vi = (uint32_t)rm->vtable_index;
    if (LIKELY(vi < rc->vtable_len)) {
        callee = rc->vtable[vi];
    } else {
        callee = rt_dispatch_virtual(rc, rm);
        if (!callee) THROW(interp_throw_no_impl(vm, rc, rm));
    }
    goto do_call;
}
L_invokevirtual_dispatch: {
    jmethod *rm = cache[rd_u2(ip + 1)];
    args = sp - rm->arg_slots;
    jobject *recv = args[0].l;
    if (UNLIKELY(!recv)) THROW(interp_throw_npe(vm));
    callee = rt_dispatch_virtual(recv->cls, rm);
    if (!callee) THROW(interp_throw_no_impl(vm, recv->cls, rm));
    goto do_call;
}
L_invokeinterface_quick: {
    jmethod *im = cache[rd_u2(ip + 1)];
    args = sp - im->arg_slots;
    jobject *recv = args[0].l;
    if (UNLIKELY(!recv)) THROW(interp_throw_npe(vm));
    interp_site *s = &interp_md(m)->sites[rd_u2(ip + 3)];
    if (LIKELY(s->a == (void *)recv->cls)) {
        callee = s->b;
    } else {
        callee = iface_select(recv->cls, im);
        if (!callee) THROW(interp_throw_not_iface(vm, recv->cls, im));
        s->a = recv->cls;
        s->b = callee;
    }
    goto do_call;
}
L_invokedynamic_quick: {
    struct indy_site *s = interp_md(m)->sites[rd_u2(ip + 3)].a;
    jmethod *t = indy_call_target(s);
    if (t) {  /* a generated static method (indy_link.c): as invokestatic */
        callee = t;
        args = sp - t->arg_slots;
        goto do_call;
    }
    TICK();
    jvalue *a = sp - indy_arg_slots(s);
    jvalue res;
    SAVE();
    st = indy_exec(vm, s, a, &res);
    if (UNLIKELY(st != VM_OK)) goto exception;
    sp = a;
    *sp = res;
    sp++;
    NEXT(5);
}

do_call: {
    /* callee and args set; ip at the invoke instruction */
    TICK();
    fr->pc = PC();
    if (UNLIKELY(callee->invocations == vm->jit_threshold)) {
        /* the call that may JIT-compile it (jit_policy.c; by default the
         * first).  The arguments still count as
         * this frame's operands while compiling (it may load classes and
         * so collect). */
        fr->sp = sp;
        jit_on_first_call(vm, callee);
    }
    fr->sp = args;
    callee->invocations++;
    if (UNLIKELY(!callee->code || callee->jit_entry)) {
        /* native, abstract, or compiled (JIT HOOK: interp_call_native) */
        jvalue r;
        st = interp_call_native(vm, callee, args, &r);
        if (UNLIKELY(st != VM_OK)) goto exception;
        sp = args;
        switch (callee->ret) {
        case 'V': break;
        case 'J': case 'D': *sp = r; sp += 2; break;
        default: *sp++ = r; break;
        }
        NEXT(interp_op_len[*ip]);
    }
    uint32_t nargs = callee->arg_slots;
    uint32_t nl = callee->max_locals > nargs ? callee->max_locals : nargs;
    if (UNLIKELY(vm->frame_count >= vm_frame_limit(vm) ||
                 (size_t)(vm_stack_limit(vm) - args) < (size_t)nl + callee->max_stack)) {
        st = interp_stack_overflow(vm);
        goto exception;
    }
    if (UNLIKELY(!callee->qcode)) {
        st = interp_prepare(vm, callee);
        if (st != VM_OK) goto exception;
    }
    jframe *nf = &vm->frames[vm->frame_count++];
    nf->method = callee;
    nf->locals = args;
    nf->stack = args + nl;
    nf->sp = nf->stack;
    nf->pc = 0;
    nf->flags = 0;
    for (uint32_t k = nargs; k < nl; k++) args[k].raw = 0;
    fr = nf;
    m = callee;
    code = callee->qcode;
    ip = code;
    lv = args;
    sp = args + nl;
    cache = callee->owner->cp_cache;
    DISPATCH();
}

    /* ---- returns ---- */
L_ireturn: {
    int32_t v = sp[-1].i;
    switch (m->ret) {  /* JVMS ireturn: narrow to the declared type */
    case 'Z': v &= 1; break;
    case 'B': v = ja_i2b(v); break;
    case 'C': v = ja_i2c(v); break;
    case 'S': v = ja_i2s(v); break;
    default: break;
    }
    rv.raw = 0;
    rv.i = v;
    rslots = 1;
    goto do_return;
}
L_freturn: L_areturn: rv = sp[-1]; rslots = 1; goto do_return;
L_lreturn: L_dreturn: rv = sp[-2]; rslots = 2; goto do_return;
L_return: rv.raw = 0; rslots = 0; goto do_return;

do_return: {
    uint32_t flags = fr->flags;
    vm->frame_count--;
    if (UNLIKELY(flags & FRAME_ENTRY)) {
        if (ret) *ret = rv;
        return VM_OK;
    }
    fr = &vm->frames[vm->frame_count - 1];
    RELOAD();
    sp = fr->sp;
    ip = code + fr->pc;
    *sp = rv;
    sp += rslots;
    /* past the invoke: 3 bytes, or 5 (invokeinterface / invokedynamic);
     * a predictable branch rather than a table load on the ip chain */
    if (LIKELY(interp_op_len[*ip] == 3)) NEXT(3);
    NEXT(5);
}

    /* ---- superinstructions (fuse.c): operands in aux[pc] ---- */
#define FAUX() (&((interp_mdata *)(void *)(code - offsetof(interp_mdata, code)))->aux[ip - code])
    /* ip += n for a small n loaded from aux: written as predictable
     * branches so the next instruction's address does not wait for the
     * load (the branch predictor supplies it); the empty asm keeps the
     * compiler from merging the cases back into one add.  Not where
     * every dispatch goes through a retpoline (the kernel's build sets
     * VIFVM_INTERP_PLAIN_ADVANCE, src/kmod/Kbuild): a retpoline stops
     * speculation at the dispatch anyway, so a predicted ip gains nothing
     * there and the compares only cost (under an emulator each ends a
     * translated block) */
#ifdef VIFVM_INTERP_PLAIN_ADVANCE
#define ADVANCE(n) do { ip += (n); } while (0)
#else
#define ADVANCE(n) do {                                                       \
        uint32_t n_ = (n);                                                    \
        if (n_ == 4) { __asm__("" : "+r"(ip)); ip += 4; }                     \
        else if (n_ == 5) { __asm__("" : "+r"(ip)); ip += 5; }                \
        else if (n_ == 3) { __asm__("" : "+r"(ip)); ip += 3; }                \
        else if (n_ == 6) { __asm__("" : "+r"(ip)); ip += 6; }                \
        else if (n_ == 7) { __asm__("" : "+r"(ip)); ip += 7; }                \
        else ip += n_;                                                        \
    } while (0)
#endif
    /* run the original first instruction of the sequence, unfused */
#define FUSED_FALLBACK() GOTO_OP(m->code->code[ip - code])
    /* taken?  mask bit0 <, bit1 ==, bit2 > */
#define CMP_TAKEN(f, va, vb) (((f)->kind >> ((va > vb) - (va < vb) + 1)) & 1)
L_f_ill_ifcmp: {
    const interp_fused *f = FAUX();
    int32_t va = lv[f->a].i, vb = lv[f->b].i;
    if (CMP_TAKEN(f, va, vb)) JUMP(f->off);
    else ADVANCE(f->len);
    DISPATCH();
}
L_f_ilc_ifcmp: {
    const interp_fused *f = FAUX();
    int32_t va = lv[f->a].i, vb = (int8_t)f->b;
    if (CMP_TAKEN(f, va, vb)) JUMP(f->off);
    else ADVANCE(f->len);
    DISPATCH();
}
L_f_il_al_len_ifcmp: {
    const interp_fused *f = FAUX();
    jobject *a = lv[f->b].l;
    if (UNLIKELY(!a)) FUSED_FALLBACK();
    int32_t va = lv[f->a].i, vb = a->length;
    if (CMP_TAKEN(f, va, vb)) JUMP(f->off);
    else ADVANCE(f->len);
    DISPATCH();
}
    /* [iinc c, len;] goto T; T: iload a; iload b|const; if_icmp<kind>:
     * off = fall-through, off2 = branch target */
L_f_iinc_ifcmp: {
    const interp_fused *fi = FAUX();
    lv[fi->c].i = ja_iadd(lv[fi->c].i, (int8_t)fi->len);
}
    /* fall through */
L_f_goto_ifcmp: {
    /* the ticks of the unfused goto and compare: the goto's if it went
     * back (also on the loop's last turn, when the compare then leaves),
     * the compare's if taken backwards */
    const interp_fused *f = FAUX();
    if (f->flags & FUSE_GOTO_BACK) TICK();
    int32_t va = lv[f->a].i;
    int32_t vb = (f->flags & FUSE_BCONST) ? (int8_t)f->b : lv[f->b].i;
    bool taken = CMP_TAKEN(f, va, vb);
    if (taken && (f->flags & FUSE_CMP_BACK)) TICK();
    ip += taken ? f->off2 : f->off;
    DISPATCH();
}
L_f_accum_xaload: {  /* s += a[i] */
    const interp_fused *f = FAUX();
    jobject *a = lv[f->a].l;
    int32_t i = lv[f->b].i;
    if (UNLIKELY(!a || (uint32_t)i >= (uint32_t)a->length)) FUSED_FALLBACK();
    int32_t v;
    uint8_t k = f->kind;
    if (k == 0) v = AELEM(a, int32_t, i);
    else if (k == 1) v = AELEM(a, int8_t, i);
    else if (k == 2) v = AELEM(a, uint16_t, i);
    else v = AELEM(a, int16_t, i);
    lv[f->c].i = ja_iadd(lv[f->c].i, v);
    ADVANCE(f->len);
    DISPATCH();
}
L_f_iinc_goto:
    lv[ip[1]].i = ja_iadd(lv[ip[1]].i, (int8_t)ip[2]);
    ip += 3;
    /* fall through: the goto */
L_f_goto:
    JUMP(rd_s2(ip + 1));
    if (*ip == OP_f_il_al_len_ifcmp) goto L_f_il_al_len_ifcmp;
    if (*ip == OP_f_ll_ifcmp) goto L_f_ll_ifcmp;
    if (*ip == OP_f_ill_ifcmp) goto L_f_ill_ifcmp;
    if (*ip == OP_f_ilc_ifcmp) goto L_f_ilc_ifcmp;
    DISPATCH();
    /* long loops: lload a; lload b | iload b; i2l | lconst_<k>; then
     * lcmp; if<c> (f_ll_ifcmp) or ladd|lsub; lstore c (f_ll_arith); the
     * second operand chosen without a branch (fused_long_b above) */
#define LOPND_B(f) fused_long_b((f), lv)
L_f_ll_ifcmp: {
    const interp_fused *f = FAUX();
    int64_t va = lv[f->a].j, vb = LOPND_B(f);
    if (CMP_TAKEN(f, va, vb)) JUMP(f->off);
    else ADVANCE(f->len);
    DISPATCH();
}
L_f_ll_arith: {  /* kind 1 (lsub): vb negated as (vb ^ -1) + 1 */
    const interp_fused *f = FAUX();
    int64_t va = lv[f->a].j, vb = LOPND_B(f);
    uint64_t k = f->kind;
    lv[f->c].j = ja_ladd(va, (int64_t)(((uint64_t)vb ^ (0 - k)) + k));
    ADVANCE(f->len);
    DISPATCH();
}
#undef LOPND_B
L_f_ill_add: {
    const interp_fused *f = FAUX();
    lv[f->c].i = ja_iadd(lv[f->a].i, lv[f->b].i);
    ADVANCE(f->len);
    DISPATCH();
}
L_f_ill_sub: {
    const interp_fused *f = FAUX();
    lv[f->c].i = ja_isub(lv[f->a].i, lv[f->b].i);
    ADVANCE(f->len);
    DISPATCH();
}
L_f_ilc_add: {  /* the constant (negated for isub) is in off */
    const interp_fused *f = FAUX();
    lv[f->c].i = ja_iadd(lv[f->a].i, f->off);
    ADVANCE(f->len);
    DISPATCH();
}
L_f_ill_binop: {
    const interp_fused *f = FAUX();
    int32_t va = lv[f->a].i;
    int32_t vb = (f->flags & FUSE_BCONST) ? (int8_t)f->b : lv[f->b].i;
    int32_t r;
    switch (f->kind) {
    case 0: r = ja_imul(va, vb); break;
    case 1: r = va & vb; break;
    case 2: r = va | vb; break;
    case 3: r = va ^ vb; break;
    case 4: r = ja_ishl(va, vb); break;
    case 5: r = ja_ishr(va, vb); break;
    default: r = ja_iushr(va, vb); break;
    }
    lv[f->c].i = r;
    ADVANCE(f->len);
    DISPATCH();
}
L_f_al_il_xaload: {
    const interp_fused *f = FAUX();
    jobject *a = lv[f->a].l;
    int32_t i = lv[f->b].i;
    if (UNLIKELY(!a || (uint32_t)i >= (uint32_t)a->length)) FUSED_FALLBACK();
    uint8_t k = f->kind;
    if (k == 1) sp->i = AELEM(a, int8_t, i);
    else if (k == 0) sp->i = AELEM(a, int32_t, i);
    else if (k == 4) sp->l = AELEM(a, jobject *, i);
    else if (k == 2) sp->i = AELEM(a, uint16_t, i);
    else sp->i = AELEM(a, int16_t, i);
    sp++;
    ADVANCE(f->len);
    DISPATCH();
}
L_f_al_il_v_xastore: {
    const interp_fused *f = FAUX();
    jobject *a = lv[f->a].l;
    int32_t i = lv[f->b].i;
    if (UNLIKELY(!a || (uint32_t)i >= (uint32_t)a->length)) FUSED_FALLBACK();
    int32_t v = (f->flags & FUSE_CCONST) ? (int8_t)f->c : lv[f->c].i;
    uint8_t k = f->kind;
    if (k == 1) {
        if (UNLIKELY(v & ~1) && a->cls->elem_type == 'Z') v &= 1;
        AELEM(a, int8_t, i) = (int8_t)v;
    } else if (k == 0) {
        AELEM(a, int32_t, i) = v;
    } else {
        AELEM(a, uint16_t, i) = (uint16_t)v;
    }
    ADVANCE(f->len);
    DISPATCH();
}
L_f_aload0_getfield: {
    jobject *o = lv[0].l;
    if (LIKELY(o != NULL)) {
        if (ip[1] == OP_getfield_i) {
            sp->i = FIELD(o, int32_t, FOFF(rd_u2(ip + 2)));
            sp++;
            NEXT(4);
        }
        if (ip[1] == OP_getfield_l) {
            sp->l = FIELD(o, jobject *, FOFF(rd_u2(ip + 2)));
            sp++;
            NEXT(4);
        }
    }
    *sp++ = lv[0];  /* plain aload_0; the getfield runs (and throws) itself */
    NEXT(1);
}
L_f_al_getfield: {
    const interp_fused *f = FAUX();
    jobject *o = lv[f->a].l;
    uint8_t *g = ip + 1;  /* the getfield: after aload_<n> or aload n */
    if (f->len == 2) { __asm__("" : "+r"(g)); g = ip + 2; }
    if (LIKELY(o != NULL)) {
        if (g[0] == OP_getfield_i) {
            sp->i = FIELD(o, int32_t, FOFF(rd_u2(g + 1)));
            sp++;
            ip = g + 3;
            DISPATCH();
        }
        if (g[0] == OP_getfield_l) {
            sp->l = FIELD(o, jobject *, FOFF(rd_u2(g + 1)));
            sp++;
            ip = g + 3;
            DISPATCH();
        }
    }
    *sp++ = lv[f->a];  /* plain aload */
    ip = g;
    DISPATCH();
}

    /* ---- never executed ---- */
L_jsr: L_ret: L_jsr_w: L_breakpoint: L_illegal:
    THROW(interp_throw_illegal(vm, m, PC(), *ip));

    /* ---- exceptions ---- */
exception:
    /* st != VM_OK; fr->pc / fr->sp describe the throwing instruction */
    if (st == VM_ERR_EXCEPTION && !vm->exception)
        st = interp_throw_internal(vm, "exception status without an exception");
    if (st != VM_ERR_EXCEPTION) {
        /* System.exit, budget exhausted (VM_ERR_BUDGET: runtime/limits.h)
         * or a fatal error: unwind everything, no handler runs */
        while (!(fr->flags & FRAME_ENTRY)) {
            vm->frame_count--;
            fr = &vm->frames[vm->frame_count - 1];
        }
        vm->frame_count--;
        return st;
    }
    for (;;) {
        uint32_t hpc;
        if (interp_find_handler(vm, fr, &hpc)) {
            RELOAD();
            sp = fr->stack;
            sp->raw = 0;
            sp->l = vm->exception;
            sp++;
            vm->exception = NULL;
            ip = code + hpc;
            TICK();
            DISPATCH();
        }
        uint32_t flags = fr->flags;
        vm->frame_count--;
        if (flags & FRAME_ENTRY) return VM_ERR_EXCEPTION;
        fr = &vm->frames[vm->frame_count - 1];
    }
}
