/* opcodes.h - the one list of every bytecode the interpreter knows.
 *
 * OPCODE_LIST(DEF, UNUSED) expands DEF(name, code, length, flags) for each
 * defined opcode and UNUSED(code) for each number with no meaning, in
 * numeric order, covering all 256 values exactly once.  It drives the
 * opcode enum, the name and length tables (opcodes.c) and the interpreter's
 * dispatch table, in the style of QuickJS's quickjs-opcode.h.
 *
 * Length 0 means variable (tableswitch, lookupswitch, wide).
 *
 * 0x00-0xc9 are the JVMS opcodes.  From 0xcb come the interpreter's
 * "_quick" forms: the first execution of an instruction that refers to the
 * constant pool resolves it and rewrites the opcode byte in jmethod.qcode
 * to one of these.  A quick form always has the same length and operand
 * bytes as the instruction it replaces (the operand is still the CP index,
 * whose resolution is cached in jclass.cp_cache), so exception tables,
 * line numbers and the GC's stack maps - computed from the original
 * bytecode - apply unchanged.  invokeinterface_quick and
 * invokedynamic_quick reuse their two trailing operand bytes (count/0 and
 * 0/0 in the class file) as an index into the method's call-site side
 * table; anything needing the original bytes (the JIT, the stack maps)
 * reads jmethod.code.
 * The f_ opcodes are superinstructions (see fuse.c); with bytecode counting
 * (--stats) the interpreter executes the original instruction instead.
 *
 * jsr, jsr_w and ret are rejected by the loader; they and breakpoint
 * dispatch to the interpreter's "illegal opcode" handler (InternalError),
 * as do the UNUSED numbers.  The loader also rejects the two impdep
 * opcodes (0xfe, 0xff), whose numbers the last two superinstructions use.
 */
#ifndef VIFVM_INTERP_OPCODES_H
#define VIFVM_INTERP_OPCODES_H

#include <stdint.h>

/* flags */
#define OPF_CP      0x01u  /* operand is a constant-pool index (quickenable) */
#define OPF_BRANCH  0x02u  /* may transfer control (branch/switch/goto) */
#define OPF_INVOKE  0x04u  /* a call */
#define OPF_RETURN  0x08u  /* a return */
#define OPF_THROW   0x10u  /* may raise an exception */
#define OPF_QUICK   0x20u  /* an interpreter-internal quick form */
#define OPF_ILLEGAL 0x40u  /* never executed (rejected by the loader) */
#define OPF_ALLOC   0x80u  /* may allocate (GC safepoint) */
#define OPF_FUSED   0x100u /* superinstruction (fuse.c) */

#define OPF_T  OPF_THROW
#define OPF_CT (OPF_CP | OPF_THROW)
#define OPF_QT (OPF_QUICK | OPF_THROW)

#define OPCODE_LIST(DEF, UNUSED)                                   \
    DEF(nop,             0x00, 1, 0)                               \
    DEF(aconst_null,     0x01, 1, 0)                               \
    DEF(iconst_m1,       0x02, 1, 0)                               \
    DEF(iconst_0,        0x03, 1, 0)                               \
    DEF(iconst_1,        0x04, 1, 0)                               \
    DEF(iconst_2,        0x05, 1, 0)                               \
    DEF(iconst_3,        0x06, 1, 0)                               \
    DEF(iconst_4,        0x07, 1, 0)                               \
    DEF(iconst_5,        0x08, 1, 0)                               \
    DEF(lconst_0,        0x09, 1, 0)                               \
    DEF(lconst_1,        0x0a, 1, 0)                               \
    DEF(fconst_0,        0x0b, 1, 0)                               \
    DEF(fconst_1,        0x0c, 1, 0)                               \
    DEF(fconst_2,        0x0d, 1, 0)                               \
    DEF(dconst_0,        0x0e, 1, 0)                               \
    DEF(dconst_1,        0x0f, 1, 0)                               \
    DEF(bipush,          0x10, 2, 0)                               \
    DEF(sipush,          0x11, 3, 0)                               \
    DEF(ldc,             0x12, 2, OPF_CT | OPF_ALLOC)              \
    DEF(ldc_w,           0x13, 3, OPF_CT | OPF_ALLOC)              \
    DEF(ldc2_w,          0x14, 3, OPF_CP)                          \
    DEF(iload,           0x15, 2, 0)                               \
    DEF(lload,           0x16, 2, 0)                               \
    DEF(fload,           0x17, 2, 0)                               \
    DEF(dload,           0x18, 2, 0)                               \
    DEF(aload,           0x19, 2, 0)                               \
    DEF(iload_0,         0x1a, 1, 0)                               \
    DEF(iload_1,         0x1b, 1, 0)                               \
    DEF(iload_2,         0x1c, 1, 0)                               \
    DEF(iload_3,         0x1d, 1, 0)                               \
    DEF(lload_0,         0x1e, 1, 0)                               \
    DEF(lload_1,         0x1f, 1, 0)                               \
    DEF(lload_2,         0x20, 1, 0)                               \
    DEF(lload_3,         0x21, 1, 0)                               \
    DEF(fload_0,         0x22, 1, 0)                               \
    DEF(fload_1,         0x23, 1, 0)                               \
    DEF(fload_2,         0x24, 1, 0)                               \
    DEF(fload_3,         0x25, 1, 0)                               \
    DEF(dload_0,         0x26, 1, 0)                               \
    DEF(dload_1,         0x27, 1, 0)                               \
    DEF(dload_2,         0x28, 1, 0)                               \
    DEF(dload_3,         0x29, 1, 0)                               \
    DEF(aload_0,         0x2a, 1, 0)                               \
    DEF(aload_1,         0x2b, 1, 0)                               \
    DEF(aload_2,         0x2c, 1, 0)                               \
    DEF(aload_3,         0x2d, 1, 0)                               \
    DEF(iaload,          0x2e, 1, OPF_T)                           \
    DEF(laload,          0x2f, 1, OPF_T)                           \
    DEF(faload,          0x30, 1, OPF_T)                           \
    DEF(daload,          0x31, 1, OPF_T)                           \
    DEF(aaload,          0x32, 1, OPF_T)                           \
    DEF(baload,          0x33, 1, OPF_T)                           \
    DEF(caload,          0x34, 1, OPF_T)                           \
    DEF(saload,          0x35, 1, OPF_T)                           \
    DEF(istore,          0x36, 2, 0)                               \
    DEF(lstore,          0x37, 2, 0)                               \
    DEF(fstore,          0x38, 2, 0)                               \
    DEF(dstore,          0x39, 2, 0)                               \
    DEF(astore,          0x3a, 2, 0)                               \
    DEF(istore_0,        0x3b, 1, 0)                               \
    DEF(istore_1,        0x3c, 1, 0)                               \
    DEF(istore_2,        0x3d, 1, 0)                               \
    DEF(istore_3,        0x3e, 1, 0)                               \
    DEF(lstore_0,        0x3f, 1, 0)                               \
    DEF(lstore_1,        0x40, 1, 0)                               \
    DEF(lstore_2,        0x41, 1, 0)                               \
    DEF(lstore_3,        0x42, 1, 0)                               \
    DEF(fstore_0,        0x43, 1, 0)                               \
    DEF(fstore_1,        0x44, 1, 0)                               \
    DEF(fstore_2,        0x45, 1, 0)                               \
    DEF(fstore_3,        0x46, 1, 0)                               \
    DEF(dstore_0,        0x47, 1, 0)                               \
    DEF(dstore_1,        0x48, 1, 0)                               \
    DEF(dstore_2,        0x49, 1, 0)                               \
    DEF(dstore_3,        0x4a, 1, 0)                               \
    DEF(astore_0,        0x4b, 1, 0)                               \
    DEF(astore_1,        0x4c, 1, 0)                               \
    DEF(astore_2,        0x4d, 1, 0)                               \
    DEF(astore_3,        0x4e, 1, 0)                               \
    DEF(iastore,         0x4f, 1, OPF_T)                           \
    DEF(lastore,         0x50, 1, OPF_T)                           \
    DEF(fastore,         0x51, 1, OPF_T)                           \
    DEF(dastore,         0x52, 1, OPF_T)                           \
    DEF(aastore,         0x53, 1, OPF_T)                           \
    DEF(bastore,         0x54, 1, OPF_T)                           \
    DEF(castore,         0x55, 1, OPF_T)                           \
    DEF(sastore,         0x56, 1, OPF_T)                           \
    DEF(pop,             0x57, 1, 0)                               \
    DEF(pop2,            0x58, 1, 0)                               \
    DEF(dup,             0x59, 1, 0)                               \
    DEF(dup_x1,          0x5a, 1, 0)                               \
    DEF(dup_x2,          0x5b, 1, 0)                               \
    DEF(dup2,            0x5c, 1, 0)                               \
    DEF(dup2_x1,         0x5d, 1, 0)                               \
    DEF(dup2_x2,         0x5e, 1, 0)                               \
    DEF(swap,            0x5f, 1, 0)                               \
    DEF(iadd,            0x60, 1, 0)                               \
    DEF(ladd,            0x61, 1, 0)                               \
    DEF(fadd,            0x62, 1, 0)                               \
    DEF(dadd,            0x63, 1, 0)                               \
    DEF(isub,            0x64, 1, 0)                               \
    DEF(lsub,            0x65, 1, 0)                               \
    DEF(fsub,            0x66, 1, 0)                               \
    DEF(dsub,            0x67, 1, 0)                               \
    DEF(imul,            0x68, 1, 0)                               \
    DEF(lmul,            0x69, 1, 0)                               \
    DEF(fmul,            0x6a, 1, 0)                               \
    DEF(dmul,            0x6b, 1, 0)                               \
    DEF(idiv,            0x6c, 1, OPF_T)                           \
    DEF(ldiv,            0x6d, 1, OPF_T)                           \
    DEF(fdiv,            0x6e, 1, 0)                               \
    DEF(ddiv,            0x6f, 1, 0)                               \
    DEF(irem,            0x70, 1, OPF_T)                           \
    DEF(lrem,            0x71, 1, OPF_T)                           \
    DEF(frem,            0x72, 1, 0)                               \
    DEF(drem,            0x73, 1, 0)                               \
    DEF(ineg,            0x74, 1, 0)                               \
    DEF(lneg,            0x75, 1, 0)                               \
    DEF(fneg,            0x76, 1, 0)                               \
    DEF(dneg,            0x77, 1, 0)                               \
    DEF(ishl,            0x78, 1, 0)                               \
    DEF(lshl,            0x79, 1, 0)                               \
    DEF(ishr,            0x7a, 1, 0)                               \
    DEF(lshr,            0x7b, 1, 0)                               \
    DEF(iushr,           0x7c, 1, 0)                               \
    DEF(lushr,           0x7d, 1, 0)                               \
    DEF(iand,            0x7e, 1, 0)                               \
    DEF(land,            0x7f, 1, 0)                               \
    DEF(ior,             0x80, 1, 0)                               \
    DEF(lor,             0x81, 1, 0)                               \
    DEF(ixor,            0x82, 1, 0)                               \
    DEF(lxor,            0x83, 1, 0)                               \
    DEF(iinc,            0x84, 3, 0)                               \
    DEF(i2l,             0x85, 1, 0)                               \
    DEF(i2f,             0x86, 1, 0)                               \
    DEF(i2d,             0x87, 1, 0)                               \
    DEF(l2i,             0x88, 1, 0)                               \
    DEF(l2f,             0x89, 1, 0)                               \
    DEF(l2d,             0x8a, 1, 0)                               \
    DEF(f2i,             0x8b, 1, 0)                               \
    DEF(f2l,             0x8c, 1, 0)                               \
    DEF(f2d,             0x8d, 1, 0)                               \
    DEF(d2i,             0x8e, 1, 0)                               \
    DEF(d2l,             0x8f, 1, 0)                               \
    DEF(d2f,             0x90, 1, 0)                               \
    DEF(i2b,             0x91, 1, 0)                               \
    DEF(i2c,             0x92, 1, 0)                               \
    DEF(i2s,             0x93, 1, 0)                               \
    DEF(lcmp,            0x94, 1, 0)                               \
    DEF(fcmpl,           0x95, 1, 0)                               \
    DEF(fcmpg,           0x96, 1, 0)                               \
    DEF(dcmpl,           0x97, 1, 0)                               \
    DEF(dcmpg,           0x98, 1, 0)                               \
    DEF(ifeq,            0x99, 3, OPF_BRANCH)                      \
    DEF(ifne,            0x9a, 3, OPF_BRANCH)                      \
    DEF(iflt,            0x9b, 3, OPF_BRANCH)                      \
    DEF(ifge,            0x9c, 3, OPF_BRANCH)                      \
    DEF(ifgt,            0x9d, 3, OPF_BRANCH)                      \
    DEF(ifle,            0x9e, 3, OPF_BRANCH)                      \
    DEF(if_icmpeq,       0x9f, 3, OPF_BRANCH)                      \
    DEF(if_icmpne,       0xa0, 3, OPF_BRANCH)                      \
    DEF(if_icmplt,       0xa1, 3, OPF_BRANCH)                      \
    DEF(if_icmpge,       0xa2, 3, OPF_BRANCH)                      \
    DEF(if_icmpgt,       0xa3, 3, OPF_BRANCH)                      \
    DEF(if_icmple,       0xa4, 3, OPF_BRANCH)                      \
    DEF(if_acmpeq,       0xa5, 3, OPF_BRANCH)                      \
    DEF(if_acmpne,       0xa6, 3, OPF_BRANCH)                      \
    DEF(goto,            0xa7, 3, OPF_BRANCH)                      \
    DEF(jsr,             0xa8, 3, OPF_ILLEGAL)                     \
    DEF(ret,             0xa9, 2, OPF_ILLEGAL)                     \
    DEF(tableswitch,     0xaa, 0, OPF_BRANCH)                      \
    DEF(lookupswitch,    0xab, 0, OPF_BRANCH)                      \
    DEF(ireturn,         0xac, 1, OPF_RETURN)                      \
    DEF(lreturn,         0xad, 1, OPF_RETURN)                      \
    DEF(freturn,         0xae, 1, OPF_RETURN)                      \
    DEF(dreturn,         0xaf, 1, OPF_RETURN)                      \
    DEF(areturn,         0xb0, 1, OPF_RETURN)                      \
    DEF(return,          0xb1, 1, OPF_RETURN)                      \
    DEF(getstatic,       0xb2, 3, OPF_CT | OPF_ALLOC)              \
    DEF(putstatic,       0xb3, 3, OPF_CT | OPF_ALLOC)              \
    DEF(getfield,        0xb4, 3, OPF_CT)                          \
    DEF(putfield,        0xb5, 3, OPF_CT)                          \
    DEF(invokevirtual,   0xb6, 3, OPF_CT | OPF_INVOKE)             \
    DEF(invokespecial,   0xb7, 3, OPF_CT | OPF_INVOKE)             \
    DEF(invokestatic,    0xb8, 3, OPF_CT | OPF_INVOKE)             \
    DEF(invokeinterface, 0xb9, 5, OPF_CT | OPF_INVOKE)             \
    DEF(invokedynamic,   0xba, 5, OPF_CT | OPF_INVOKE | OPF_ALLOC) \
    DEF(new,             0xbb, 3, OPF_CT | OPF_ALLOC)              \
    DEF(newarray,        0xbc, 2, OPF_T | OPF_ALLOC)               \
    DEF(anewarray,       0xbd, 3, OPF_CT | OPF_ALLOC)              \
    DEF(arraylength,     0xbe, 1, OPF_T)                           \
    DEF(athrow,          0xbf, 1, OPF_T)                           \
    DEF(checkcast,       0xc0, 3, OPF_CT)                          \
    DEF(instanceof,      0xc1, 3, OPF_CT)                          \
    DEF(monitorenter,    0xc2, 1, OPF_T)                           \
    DEF(monitorexit,     0xc3, 1, OPF_T)                           \
    DEF(wide,            0xc4, 0, 0)                               \
    DEF(multianewarray,  0xc5, 4, OPF_CT | OPF_ALLOC)              \
    DEF(ifnull,          0xc6, 3, OPF_BRANCH)                      \
    DEF(ifnonnull,       0xc7, 3, OPF_BRANCH)                      \
    DEF(goto_w,          0xc8, 5, OPF_BRANCH)                      \
    DEF(jsr_w,           0xc9, 5, OPF_ILLEGAL)                     \
    DEF(breakpoint,      0xca, 1, OPF_ILLEGAL)                     \
    /* ---- quick forms (interpreter-internal) ---- */              \
    /* getfield: i = int/float, j = long/double, l = reference,  */ \
    /* x = the narrow types (byte, boolean, char, short), by type */ \
    DEF(getfield_i,            0xcb, 3, OPF_QT) \
    DEF(getfield_j,            0xcc, 3, OPF_QT) \
    DEF(getfield_l,            0xcd, 3, OPF_QT) \
    DEF(getfield_x,            0xce, 3, OPF_QT) \
    DEF(putfield_i,            0xcf, 3, OPF_QT) \
    DEF(putfield_j,            0xd0, 3, OPF_QT) \
    DEF(putfield_l,            0xd1, 3, OPF_QT) \
    DEF(putfield_x,            0xd2, 3, OPF_QT) \
    /* static forms: only once the declaring class is initialised */ \
    DEF(getstatic_i,           0xd3, 3, OPF_QUICK) \
    DEF(getstatic_j,           0xd4, 3, OPF_QUICK) \
    DEF(getstatic_l,           0xd5, 3, OPF_QUICK) \
    DEF(getstatic_x,           0xd6, 3, OPF_QUICK) \
    DEF(putstatic_i,           0xd7, 3, OPF_QUICK) \
    DEF(putstatic_j,           0xd8, 3, OPF_QUICK) \
    DEF(putstatic_l,           0xd9, 3, OPF_QUICK) \
    DEF(putstatic_x,           0xda, 3, OPF_QUICK) \
    /* invokes: _quick = vtable, _direct = no selection needed */ \
    DEF(invokevirtual_quick,   0xdb, 3, OPF_QT | OPF_INVOKE) \
    DEF(invokevirtual_direct,  0xdc, 3, OPF_QT | OPF_INVOKE) \
    DEF(invokespecial_quick,   0xdd, 3, OPF_QT | OPF_INVOKE) \
    DEF(invokestatic_quick,    0xde, 3, OPF_QT | OPF_INVOKE) \
    DEF(invokeinterface_quick, 0xdf, 5, OPF_QT | OPF_INVOKE) \
    DEF(invokeinterface_direct, 0xe0, 5, OPF_QT | OPF_INVOKE) \
    DEF(new_quick,             0xe1, 3, OPF_QT | OPF_ALLOC) \
    DEF(anewarray_quick,       0xe2, 3, OPF_QT | OPF_ALLOC) \
    DEF(checkcast_quick,       0xe3, 3, OPF_QT) \
    DEF(instanceof_quick,      0xe4, 3, OPF_QUICK) \
    DEF(multianewarray_quick,  0xe5, 4, OPF_QT | OPF_ALLOC) \
    /* ldc: i = int/float constant, s = String, c = Class */     \
    DEF(ldc_i,                 0xe6, 2, OPF_QUICK) \
    DEF(ldc_s,                 0xe7, 2, OPF_QUICK) \
    DEF(ldc_c,                 0xe8, 2, OPF_QT | OPF_ALLOC) \
    DEF(ldc_w_i,               0xe9, 3, OPF_QUICK) \
    DEF(ldc_w_s,               0xea, 3, OPF_QUICK) \
    DEF(ldc_w_c,               0xeb, 3, OPF_QT | OPF_ALLOC) \
    DEF(invokedynamic_quick,   0xec, 5, OPF_QT | OPF_INVOKE | OPF_ALLOC) \
    /* invokevirtual of a method without a vtable slot (resolved  */ \
    /* in an interface): rt_dispatch_virtual at each call        */ \
    DEF(invokevirtual_dispatch, 0xed, 3, OPF_QT | OPF_INVOKE) \
    /* superinstructions (fuse.c): written over the FIRST         */ \
    /* instruction of a common sequence; the following ones keep  */ \
    /* their bytes, so a branch into the middle still works.      */ \
    /* Operands come from the method's aux[pc].  Variable length. */ \
    /* l = a local, c = a constant (iconst/bipush)                 */ \
    DEF(f_ill_ifcmp,           0xee, 0, OPF_FUSED)  /* iload a; iload b; if_icmp<c> */ \
    DEF(f_ilc_ifcmp,           0xef, 0, OPF_FUSED)  /* iload a; const; if_icmp<c> / iload a; if<c> */ \
    DEF(f_il_al_len_ifcmp,     0xf0, 0, OPF_FUSED)  /* iload a; aload b; arraylength; if_icmp<c> */ \
    DEF(f_goto,                0xf1, 0, OPF_FUSED)  /* goto T, T a fused compare */ \
    DEF(f_goto_ifcmp,          0xf2, 0, OPF_FUSED)  /* goto T; T: iload a; iload b|const; if_icmp<c> */ \
    DEF(f_accum_xaload,        0xf3, 0, OPF_FUSED)  /* iload s; aload a; iload i (or lload i; l2i); [ibcs]aload; iadd; istore s */ \
    DEF(f_iinc_goto,           0xf4, 0, OPF_FUSED)  /* iinc; goto */ \
    DEF(f_iinc_ifcmp,          0xf5, 0, OPF_FUSED)  /* iinc; goto T; T: iload a; iload b|const; if_icmp<c> */ \
    DEF(f_ill_add,             0xf6, 0, OPF_FUSED)  /* iload a; iload b; iadd; istore c */ \
    DEF(f_ill_sub,             0xf7, 0, OPF_FUSED)  /* iload a; iload b; isub; istore c */ \
    DEF(f_ilc_add,             0xf8, 0, OPF_FUSED)  /* iload a; const; iadd|isub; istore c */ \
    DEF(f_al_il_xaload,        0xf9, 0, OPF_FUSED)  /* aload a; iload b (or lload b; l2i); [ibcsa]aload */ \
    DEF(f_al_il_v_xastore,     0xfa, 0, OPF_FUSED)  /* aload a; iload b (or lload b; l2i); iload v (or lload v; l2i)|const; [ibcs]astore */ \
    DEF(f_aload0_getfield,     0xfb, 0, OPF_FUSED)  /* aload_0; getfield_i|getfield_l */ \
    DEF(f_al_getfield,         0xfc, 0, OPF_FUSED)  /* aload a; getfield_i|getfield_l */ \
    DEF(f_ill_binop,           0xfd, 0, OPF_FUSED)  /* iload a; iload b|const; imul|iand|ior|ixor|ishl|ishr|iushr; istore c */ \
    /* JVMS 6.2 reserves impdep1/impdep2 (0xfe, 0xff) for the   */ \
    /* implementation; the loader rejects them in class files    */ \
    /* (bytecode_check.c: above 0xc9), so qcode may use them.    */ \
    DEF(f_ll_ifcmp,            0xfe, 0, OPF_FUSED)  /* lload a; lload b|iload b; i2l|lconst_<k>; lcmp; if<c> */ \
    DEF(f_ll_arith,            0xff, 0, OPF_FUSED)  /* lload a; lload b|iload b; i2l|lconst_<k>; ladd|lsub; lstore c */

enum interp_opcode {
#define OPC_ENUM_DEF(name, code, len, flags) OP_##name = code,
#define OPC_ENUM_UNUSED(code)
    OPCODE_LIST(OPC_ENUM_DEF, OPC_ENUM_UNUSED)
#undef OPC_ENUM_DEF
#undef OPC_ENUM_UNUSED
};

/* Tables indexed by opcode (opcodes.c).  Unused numbers: name "<unused>",
 * length 0, flags OPF_ILLEGAL. */
extern const char *const interp_op_name[256];
extern const uint8_t interp_op_len[256];
extern const uint16_t interp_op_flags[256];

#endif
