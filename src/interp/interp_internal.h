/* interp_internal.h - declarations shared by the interpreter's files
 * (interp.c, invoke.c, quicken.c, fuse.c, interp_exc.c, interp_alloc.c,
 * indy_*.c).  Not for use outside src/interp (the JIT may use the
 * per-method data and the quick-form conventions described here). */
#ifndef VIFVM_INTERP_INTERNAL_H
#define VIFVM_INTERP_INTERNAL_H

#include <stddef.h>
#include "interp.h"
#include "opcodes.h"

/* ---- per-method interpreter data ----------------------------------------
 * jmethod.qcode points at interp_mdata.code: the block holds the quickened
 * copy of the bytecode, the method's call-site side table (invokeinterface
 * inline caches, linked invokedynamic sites: their index is in the two
 * trailing operand bytes of the quick instruction) and the superinstruction
 * operands (aux).  Allocated on the method's first execution
 * (interp_prepare), freed by interp_method_free (interp.h). */

enum interp_site_kind {
    SITE_IFACE = 1,   /* invokeinterface inline cache: a = class, b = method */
    SITE_INDY         /* invokedynamic: a = struct indy_site * */
};

typedef struct interp_site {
    uint32_t pc;
    uint32_t kind;
    void *a, *b;
} interp_site;

typedef struct interp_mdata {
    jmethod *method;
    uint32_t code_len;
    uint32_t n_sites, cap_sites;
    interp_site *sites;
    struct interp_fused *aux;    /* superinstruction operands by pc
                                    (code_len entries), or NULL */
    uint8_t code[];              /* code_len bytes (jmethod.qcode) */
} interp_mdata;

static inline interp_mdata *interp_md(const jmethod *m) {
    return (interp_mdata *)(void *)(m->qcode - offsetof(interp_mdata, code));
}

/* ---- fuse.c: superinstructions --------------------------------------------
 * Operands of a superinstruction, decoded once from the original
 * instructions, stored at aux[pc of its first instruction]. */
typedef struct interp_fused {
    uint8_t a, b, c;  /* locals, or int8 constants (b: f_ilc_ifcmp and
                         FUSE_BCONST; c: FUSE_CCONST) */
    uint8_t flags;    /* FUSE_CCONST, FUSE_BCONST */
    uint8_t len;      /* bytes of the whole sequence (ifcmp: fall-through) */
    uint8_t kind;     /* ifcmp: condition mask (bit0 <, bit1 ==, bit2 >);
                         xaload/xastore/accum: 0 int/float 1 byte/boolean
                         2 char 3 short 4 reference; f_ill_binop: 0 imul
                         1 iand 2 ior 3 ixor 4 ishl 5 ishr 6 iushr;
                         f_ll_arith: 0 ladd 1 lsub */
    int16_t off;      /* ifcmp: branch target - first instruction;
                         f_iinc_ifcmp / f_goto_ifcmp: fall-through
                         target; f_ilc_add: the constant (negated: isub) */
    int16_t off2;     /* f_iinc_ifcmp / f_goto_ifcmp: branch target;
                         f_ll_*: the constant (FUSE_BCONST), else 0 */
    uint8_t bsh;      /* f_ll_*: b's slot is shifted left and back right
                         (arithmetic) by this: 32 for an int, else 0 */
    uint8_t bkeep;    /* f_ll_*: 0xff, or 0 for a constant (the slot
                         read is masked out) */
} interp_fused;

#define FUSE_CCONST 0x01u  /* c is a constant (f_al_il_v_xastore) */
#define FUSE_BCONST 0x02u  /* b is a constant (f_goto_ifcmp, f_iinc_ifcmp,
                              f_ill_binop) */
/* f_goto_ifcmp / f_iinc_ifcmp: the fused goto was a backward branch, and the
 * compare's branch (when taken) is one: each ticks the budget as the
 * unfused instructions would (runtime/limits.h) */
#define FUSE_GOTO_BACK 0x04u
#define FUSE_CMP_BACK  0x08u
/* f_ll_ifcmp / f_ll_arith: b is an int local widened (iload b; i2l); with
 * FUSE_BCONST instead, off2 is the constant of lconst_<k> (and b is 0) */
#define FUSE_BINT      0x10u

/* Rewrite common sequences of m's qcode into superinstructions (called by
 * interp_prepare).  Leaves the method unfused if out of memory. */
void interp_fuse(vm *vm, jmethod *m);

/* Allocate m->qcode if absent, after checking the method's stack
 * discipline with the GC's stack-map pass (VerifyError if it fails).
 * VM_OK, or VM_ERR_EXCEPTION with the error pending. */
vm_status interp_prepare(vm *vm, jmethod *m);
/* The allocation part alone (no check, no exception): copy the bytecode
 * into a new qcode block and fuse it.  VM_OK / VM_ERR_NOMEM. */
vm_status interp_make_qcode(vm *vm, jmethod *m);
/* Append a side-table entry for `pc`; *index receives its index.
 * VM_ERR_NOMEM (no exception raised) when out of memory or when the table
 * is full (65535 entries: the index must fit in two operand bytes). */
vm_status interp_add_site(vm *vm, jmethod *m, uint32_t pc, uint32_t kind,
                          void *a, void *b, uint32_t *index);

/* Run from the top frame (a FRAME_ENTRY frame just pushed) until it
 * returns or an exception leaves it (interp.c).  Call-depth and value-stack
 * limits are vm_frame_limit / vm_stack_limit (vm_state.h). */
vm_status interp_execute(vm *vm, jvalue *ret);
#ifdef VIFVM_INTERP_SWITCH
/* the same, dispatching with a switch (interp_switch.c; retpoline builds) */
vm_status interp_execute_switch(vm *vm, jvalue *ret);
#endif

/* ---- invoke.c ------------------------------------------------------------ */
/* Call a method without bytecode (native, abstract) or with compiled code,
 * whose arguments are at args[0 .. arg_slots), under a FRAME_NATIVE frame.
 * Raises UnsatisfiedLinkError / AbstractMethodError as appropriate. */
vm_status interp_call_native(vm *vm, jmethod *m, jvalue *args, jvalue *ret);
/* Push the FRAME_NATIVE frame such a call runs under (the caller has
 * checked the frame limit); returns its index, the frame count to restore. */
static inline uint32_t interp_push_native_frame(vm *vm, jmethod *m, jvalue *args) {
    uint32_t idx = vm->frame_count;
    jframe *f = &vm->frames[idx];
    f->method = m;
    f->locals = args;
    f->stack = args + m->arg_slots;
    f->sp = f->stack;
    f->pc = 0;
    f->flags = FRAME_NATIVE;
    vm->frame_count = idx + 1;
    return idx;
}
/* Raise StackOverflowError. */
vm_status interp_stack_overflow(vm *vm);

/* ---- quicken.c -------------------------------------------------------------
 * Slow path of every constant-pool instruction at fr->pc (state saved):
 * resolves (and initialises the class where the instruction requires it),
 * rewrites the opcode in qcode to its quick form when that is permanent, and
 * tells the loop what to run now: *op = the quick opcode to dispatch at the
 * same pc, or *op = -1 and *callee = a method to invoke directly (a call
 * that has no quick form).  VM_OK or the status of the exception raised. */
vm_status interp_link(vm *vm, jframe *fr, jvalue *sp, int *op,
                      jmethod **callee);

/* ---- interp_exc.c: raising the interpreter's exceptions (cold) ----------- */
vm_status interp_throw_npe(vm *vm);
vm_status interp_throw_aioobe(vm *vm, int32_t index, int32_t length);
vm_status interp_throw_div0(vm *vm);
vm_status interp_throw_cce(vm *vm, const jclass *from, const jclass *to);
/* a virtual/interface call whose receiver class rc has no implementation of
 * the resolved method rm (AbstractMethodError), or does not implement the
 * interface of im (IncompatibleClassChangeError), with the JDK's messages */
vm_status interp_throw_no_impl(vm *vm, const jclass *rc, const jmethod *rm);
vm_status interp_throw_not_iface(vm *vm, const jclass *rc, const jmethod *im);
vm_status interp_throw_ase(vm *vm, const jclass *value_cls);
vm_status interp_throw_illegal(vm *vm, jmethod *m, uint32_t pc, int op);
vm_status interp_throw_internal(vm *vm, const char *what);
/* Search fr's exception table for a handler of vm->exception at fr->pc.
 * true + *handler_pc if one matches. */
bool interp_find_handler(vm *vm, jframe *fr, uint32_t *handler_pc);
/* Binary name with dots of c, for messages. */
void interp_class_name(const jclass *c, char *buf, size_t cap);
/* m as JDK messages show it: "void pkg.Cls.name(int, java.lang.String)",
 * without "pkg.Cls." unless with_class (invoke.c). */
void interp_fmt_method(const jmethod *m, bool with_class, char *buf, size_t cap);

/* ---- interp_alloc.c ---------------------------------------------------- */
/* newarray: atype 4..11.  NULL + pending exception on failure. */
jobject *interp_newarray(vm *vm, int atype, int32_t count);
jobject *interp_new_ref_array(vm *vm, jclass *array_cls, int32_t count);
/* multianewarray of class `cls` with `dims` counts at counts[0..dims)
 * (operand slots, outermost first); scratch space above counts must be
 * usable up to `limit`.  NULL + pending exception on failure. */
jobject *interp_multianewarray(vm *vm, jclass *cls, uint32_t dims,
                               jvalue *counts, jvalue *limit);

/* ---- indy_link.c: invokedynamic call sites ---------------------------------
 * A linked call site (struct indy_site, indy.h) is one of: a string
 * concatenation (run by indy_concat.c), a constant object (a non-capturing
 * lambda: read from a static field of its generated class), or a call of
 * a static method of a generated class (capturing lambdas, records'
 * object methods), which the interpreter invokes like invokestatic. */
struct indy_site;
/* Link the invokedynamic at pc (CP index cpidx) of m: its bootstrap method
 * is run (vifvm implements StringConcatFactory, LambdaMetafactory and
 * ObjectMethods in C); others raise BootstrapMethodError. */
vm_status indy_link(vm *vm, jmethod *m, uint16_t cpidx, struct indy_site **out);
/* The call site of the invokedynamic at pc of m (whose qcode is prepared
 * if needed), linked now if it is not yet: one per instruction, shared by
 * the interpreter and the JIT; *index = its index in the side table (may
 * be NULL). */
vm_status indy_site_at(vm *vm, jmethod *m, uint32_t pc, struct indy_site **out,
                       uint32_t *index);
/* Number of operand slots the call site takes. */
uint32_t indy_arg_slots(const struct indy_site *s);
/* The static method the call site invokes with its operands, or NULL (the
 * site is run by indy_exec). */
jmethod *indy_call_target(const struct indy_site *s);
/* Run the call site with its operands at args[0 .. arg_slots) (kept on the
 * operand stack, which may be rewritten in place).  The caller's frame
 * state must be saved.  *out = the result (one value; its slot kind is the
 * call site descriptor's return type). */
vm_status indy_exec(vm *vm, const struct indy_site *s, jvalue *args, jvalue *out);
void indy_site_free(vm *vm, struct indy_site *s);

#endif
