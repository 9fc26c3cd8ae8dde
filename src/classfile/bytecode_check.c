/* bytecode_check.c - structural checks of one method's Code attribute
 * (JVMS 4.9.1 static constraints that need no type inference), plus the
 * shared instruction-length function cf_insn_length() and the opcode
 * mnemonic table.
 *
 * Checked: every opcode defined for the class file version; jsr/ret
 * rejected; every instruction inside the code; constant-pool operands in
 * range and of the right kind; local indexes below max_locals; branch and
 * switch targets inside the code on instruction boundaries; switch
 * layout; execution cannot fall off the end of the code; exception-table
 * ranges and handlers; LineNumberTable pcs; max_locals covers the
 * arguments.  Types (operand stack, locals) are the verifier's job.
 */
#include "classfile_internal.h"
#include "../core/mem.h"

/* Opcodes referred to by name below. */
enum {
    OP_BIPUSH = 16, OP_SIPUSH = 17, OP_LDC = 18, OP_LDC_W = 19,
    OP_LDC2_W = 20, OP_ILOAD = 21, OP_LLOAD = 22, OP_FLOAD = 23,
    OP_DLOAD = 24, OP_ALOAD = 25, OP_ILOAD_0 = 26, OP_ALOAD_3 = 45,
    OP_ISTORE = 54, OP_LSTORE = 55, OP_FSTORE = 56, OP_DSTORE = 57,
    OP_ASTORE = 58, OP_ISTORE_0 = 59, OP_ASTORE_3 = 78, OP_IINC = 132,
    OP_IFEQ = 153, OP_GOTO = 167, OP_JSR = 168, OP_RET = 169,
    OP_TABLESWITCH = 170, OP_LOOKUPSWITCH = 171, OP_IRETURN = 172,
    OP_RETURN = 177, OP_GETSTATIC = 178, OP_PUTFIELD = 181,
    OP_INVOKEVIRTUAL = 182, OP_INVOKESPECIAL = 183, OP_INVOKESTATIC = 184,
    OP_INVOKEINTERFACE = 185, OP_INVOKEDYNAMIC = 186, OP_NEW = 187,
    OP_NEWARRAY = 188, OP_ANEWARRAY = 189, OP_ATHROW = 191,
    OP_CHECKCAST = 192, OP_INSTANCEOF = 193, OP_WIDE = 196,
    OP_MULTIANEWARRAY = 197, OP_IFNULL = 198, OP_IFNONNULL = 199,
    OP_GOTO_W = 200, OP_JSR_W = 201, OP_LAST = 201
};

static const char *const opnames[OP_LAST + 1] = {
    "nop", "aconst_null", "iconst_m1", "iconst_0", "iconst_1", "iconst_2",
    "iconst_3", "iconst_4", "iconst_5", "lconst_0", "lconst_1", "fconst_0",
    "fconst_1", "fconst_2", "dconst_0", "dconst_1", "bipush", "sipush",
    "ldc", "ldc_w", "ldc2_w", "iload", "lload", "fload", "dload", "aload",
    "iload_0", "iload_1", "iload_2", "iload_3", "lload_0", "lload_1",
    "lload_2", "lload_3", "fload_0", "fload_1", "fload_2", "fload_3",
    "dload_0", "dload_1", "dload_2", "dload_3", "aload_0", "aload_1",
    "aload_2", "aload_3", "iaload", "laload", "faload", "daload", "aaload",
    "baload", "caload", "saload", "istore", "lstore", "fstore", "dstore",
    "astore", "istore_0", "istore_1", "istore_2", "istore_3", "lstore_0",
    "lstore_1", "lstore_2", "lstore_3", "fstore_0", "fstore_1", "fstore_2",
    "fstore_3", "dstore_0", "dstore_1", "dstore_2", "dstore_3", "astore_0",
    "astore_1", "astore_2", "astore_3", "iastore", "lastore", "fastore",
    "dastore", "aastore", "bastore", "castore", "sastore", "pop", "pop2",
    "dup", "dup_x1", "dup_x2", "dup2", "dup2_x1", "dup2_x2", "swap", "iadd",
    "ladd", "fadd", "dadd", "isub", "lsub", "fsub", "dsub", "imul", "lmul",
    "fmul", "dmul", "idiv", "ldiv", "fdiv", "ddiv", "irem", "lrem", "frem",
    "drem", "ineg", "lneg", "fneg", "dneg", "ishl", "lshl", "ishr", "lshr",
    "iushr", "lushr", "iand", "land", "ior", "lor", "ixor", "lxor", "iinc",
    "i2l", "i2f", "i2d", "l2i", "l2f", "l2d", "f2i", "f2l", "f2d", "d2i",
    "d2l", "d2f", "i2b", "i2c", "i2s", "lcmp", "fcmpl", "fcmpg", "dcmpl",
    "dcmpg", "ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle", "if_icmpeq",
    "if_icmpne", "if_icmplt", "if_icmpge", "if_icmpgt", "if_icmple",
    "if_acmpeq", "if_acmpne", "goto", "jsr", "ret", "tableswitch",
    "lookupswitch", "ireturn", "lreturn", "freturn", "dreturn", "areturn",
    "return", "getstatic", "putstatic", "getfield", "putfield",
    "invokevirtual", "invokespecial", "invokestatic", "invokeinterface",
    "invokedynamic", "new", "newarray", "anewarray", "arraylength",
    "athrow", "checkcast", "instanceof", "monitorenter", "monitorexit",
    "wide", "multianewarray", "ifnull", "ifnonnull", "goto_w", "jsr_w"
};

const char *cf_opcode_name(uint8_t op) {
    return op <= OP_LAST ? opnames[op] : "<undefined>";
}

/* Length of fixed-size instructions; 0 for variable (switches, wide) and
 * undefined opcodes. */
static const uint8_t fixed_len[OP_LAST + 1] = {
    /*   0 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /*  16 */ 2, 3, 2, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1,
    /*  32 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /*  48 */ 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1,
    /*  64 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /*  80 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /*  96 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 112 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 128 */ 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* 144 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3,
    /* 160 */ 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 0, 0, 1, 1, 1, 1,
    /* 176 */ 1, 1, 3, 3, 3, 3, 3, 3, 3, 5, 5, 3, 2, 3, 1, 1,
    /* 192 */ 3, 3, 1, 1, 0, 4, 3, 3, 5, 5
};

static int32_t s4at(const uint8_t *b) {
    return (int32_t)(((uint32_t)b[0] << 24) | ((uint32_t)b[1] << 16) |
                     ((uint32_t)b[2] << 8) | b[3]);
}
static uint16_t u2at(const uint8_t *b) {
    return (uint16_t)((b[0] << 8) | b[1]);
}

uint32_t cf_insn_length(const uint8_t *code, uint32_t code_len, uint32_t pc) {
    if (!code || pc >= code_len) return 0;
    uint8_t op = code[pc];
    uint64_t len;
    if (op > OP_LAST) return 0;
    if (op == OP_TABLESWITCH || op == OP_LOOKUPSWITCH) {
        /* Operands start at the next multiple of 4 from the code start. */
        uint64_t a = ((uint64_t)pc + 4) & ~(uint64_t)3;
        uint64_t fixed = op == OP_TABLESWITCH ? 12 : 8;
        if (a + fixed > code_len) return 0;
        if (op == OP_TABLESWITCH) {
            int64_t lo = s4at(code + a + 4), hi = s4at(code + a + 8);
            if (lo > hi) return 0;
            len = a + 12 + 4 * (uint64_t)(hi - lo + 1) - pc;
        } else {
            int32_t np = s4at(code + a + 4);
            if (np < 0) return 0;
            len = a + 8 + 8 * (uint64_t)np - pc;
        }
    } else if (op == OP_WIDE) {
        if (code_len - pc < 2) return 0;
        uint8_t op2 = code[pc + 1];
        if (op2 == OP_IINC) len = 6;
        else if ((op2 >= OP_ILOAD && op2 <= OP_ALOAD) ||
                 (op2 >= OP_ISTORE && op2 <= OP_ASTORE) || op2 == OP_RET)
            len = 4;
        else
            return 0;
    } else {
        len = fixed_len[op];
    }
    if (len == 0 || len > (uint64_t)code_len - pc) return 0;
    return (uint32_t)len;
}

/* ---------------------------------------------------------------- checks */

typedef struct checker {
    const cf_class *c;
    const cf_method *m;
    const cf_code *k;
    const uint16_t *mdesc_slots;
    vm_diag *diag;
    uint8_t *starts; /* bitmap of instruction starts */
    char ctx[300];
} checker;

static vm_status cerr(checker *ck, long pc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static vm_status cerr(checker *ck, long pc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    cf_method_ctx(ck->ctx, sizeof ck->ctx, ck->m); /* only on error */
    vm_status r = cf_vreport(ck->diag, VM_ERR_FORMAT, ck->c->this_name,
                             ck->ctx, pc, fmt, ap);
    va_end(ap);
    return r;
}

static bool is_start(const checker *ck, uint32_t pc) {
    return pc < ck->k->code_len && ((ck->starts[pc >> 3] >> (pc & 7)) & 1u);
}

static vm_status want_cp(checker *ck, uint32_t pc, uint8_t op, uint32_t idx,
                         uint32_t mask, const char *expected) {
    const cf_class *c = ck->c;
    if (idx == 0 || idx >= c->cp_count)
        return cerr(ck, pc, "%s: constant pool index %u out of range "
                    "(constant pool count %u)", opnames[op], idx, c->cp_count);
    if (!((mask >> c->cp[idx].tag) & 1u))
        return cerr(ck, pc, "%s: constant pool #%u is %s %s entry, expected %s",
                    opnames[op], idx, cf_tag_article(c->cp[idx].tag),
                    cf_tag_name(c->cp[idx].tag), expected);
    return VM_OK;
}

/* Name of the member behind a (validated) Methodref-like entry. */
static const char *ref_name(const cf_class *c, uint16_t idx) {
    uint16_t nat = c->cp[idx].u.ref.b;
    return c->cp[c->cp[nat].u.ref.a].u.utf8.str;
}
static uint16_t ref_desc_idx(const cf_class *c, uint16_t idx) {
    uint16_t nat = c->cp[idx].u.ref.b;
    return c->cp[nat].u.ref.b;
}

static vm_status check_local(checker *ck, uint32_t pc, uint8_t op,
                             uint32_t idx, bool two) {
    uint32_t max = ck->k->max_locals;
    if (idx >= max || (two && idx + 1 >= max))
        return cerr(ck, pc, "%s: local variable %u%s out of range "
                    "(max_locals %u)", opnames[op], idx, two ? " (two slots)" : "",
                    max);
    return VM_OK;
}

static vm_status check_ldc(checker *ck, uint32_t pc, uint8_t op,
                           uint32_t idx) {
    const cf_class *c = ck->c;
    bool wide = op == OP_LDC2_W;
    uint32_t mask = wide ? CF_BIT(CP_LONG) | CF_BIT(CP_DOUBLE) | CF_BIT(CP_DYNAMIC)
                         : CF_BIT(CP_INTEGER) | CF_BIT(CP_FLOAT) |
                               CF_BIT(CP_STRING) | CF_BIT(CP_CLASS) |
                               CF_BIT(CP_METHOD_TYPE) |
                               CF_BIT(CP_METHOD_HANDLE) | CF_BIT(CP_DYNAMIC);
    vm_status st = want_cp(ck, pc, op, idx, mask,
                           wide ? "Long, Double or Dynamic"
                                : "a loadable single-word constant");
    if (st) return st;
    const cf_const *e = &c->cp[idx];
    if (e->tag == CP_CLASS && c->major < 49)
        return cerr(ck, pc, "%s of a Class constant needs class file version "
                    "49 or later", opnames[op]);
    if (e->tag == CP_DYNAMIC) {
        uint16_t nat = e->u.ref.b;
        char t = c->cp[c->cp[nat].u.ref.b].u.utf8.str[0];
        bool is_wide = t == 'J' || t == 'D';
        if (is_wide != wide)
            return cerr(ck, pc, "%s of a Dynamic constant of type %c",
                        opnames[op], t);
    }
    return VM_OK;
}

static vm_status check_invoke(checker *ck, uint32_t pc, uint8_t op,
                              const uint8_t *ins) {
    const cf_class *c = ck->c;
    uint16_t idx = u2at(ins + 1);
    vm_status st;
    if (op == OP_INVOKEDYNAMIC) {
        if ((st = want_cp(ck, pc, op, idx, CF_BIT(CP_INVOKE_DYNAMIC),
                          "InvokeDynamic")))
            return st;
        if (ins[3] || ins[4])
            return cerr(ck, pc, "invokedynamic: bytes 3 and 4 must be zero");
        if (c->cp[idx].u.ref.a >= c->n_bootstrap)
            return cerr(ck, pc, "invokedynamic: bootstrap method %u out of "
                        "range", c->cp[idx].u.ref.a);
        return VM_OK;
    }
    uint32_t mask;
    const char *expected;
    if (op == OP_INVOKEVIRTUAL) {
        mask = CF_BIT(CP_METHODREF);
        expected = "Methodref";
    } else if (op == OP_INVOKEINTERFACE) {
        mask = CF_BIT(CP_INTERFACE_METHODREF);
        expected = "InterfaceMethodref";
    } else if (c->major >= 52) {
        mask = CF_BIT(CP_METHODREF) | CF_BIT(CP_INTERFACE_METHODREF);
        expected = "Methodref or InterfaceMethodref";
    } else {
        mask = CF_BIT(CP_METHODREF);
        expected = "Methodref";
    }
    if ((st = want_cp(ck, pc, op, idx, mask, expected))) return st;
    const char *name = ref_name(c, idx);
    if (name[0] == '<' &&
        (op != OP_INVOKESPECIAL || vm_strcmp(name, "<init>") != 0))
        return cerr(ck, pc, "%s may not call %s", opnames[op], name);
    if (op == OP_INVOKEINTERFACE) {
        uint32_t want = (uint32_t)ck->mdesc_slots[ref_desc_idx(c, idx)] + 1;
        if (ins[3] == 0)
            return cerr(ck, pc, "invokeinterface: count is 0");
        if (ins[3] != want)
            return cerr(ck, pc, "invokeinterface: count %u does not match the "
                        "descriptor (%u)", ins[3], want);
        if (ins[4] != 0)
            return cerr(ck, pc, "invokeinterface: fourth operand byte must "
                        "be zero");
    }
    return VM_OK;
}

static vm_status check_class_op(checker *ck, uint32_t pc, uint8_t op,
                                const uint8_t *ins) {
    const cf_class *c = ck->c;
    uint16_t idx = u2at(ins + 1);
    vm_status st = want_cp(ck, pc, op, idx, CF_BIT(CP_CLASS), "Class");
    if (st) return st;
    const char *name = c->cp[c->cp[idx].u.ref.a].u.utf8.str;
    int dims = cf_array_dims(name);
    if (op == OP_NEW && dims > 0)
        return cerr(ck, pc, "new of an array type");
    if (op == OP_ANEWARRAY && dims >= 255)
        return cerr(ck, pc, "anewarray would create more than 255 "
                    "dimensions");
    if (op == OP_MULTIANEWARRAY) {
        if (ins[3] == 0)
            return cerr(ck, pc, "multianewarray with 0 dimensions");
        if (ins[3] > dims)
            return cerr(ck, pc, "multianewarray of %u dimensions on a type "
                        "with %d", ins[3], dims);
    }
    return VM_OK;
}

/* Check a switch's layout (the targets are checked in the second pass). */
static vm_status check_switch(checker *ck, uint32_t pc, uint8_t op) {
    const uint8_t *code = ck->k->code;
    uint32_t len = ck->k->code_len;
    uint32_t a = (pc + 4) & ~3u;
    if (ck->c->major >= 51)
        for (uint32_t i = pc + 1; i < a && i < len; i++)
            if (code[i])
                return cerr(ck, pc, "%s: nonzero padding byte", opnames[op]);
    uint32_t fixed = op == OP_TABLESWITCH ? 12 : 8;
    if (a > len || len - a < fixed)
        return cerr(ck, pc, "%s runs past the end of the code", opnames[op]);
    if (op == OP_TABLESWITCH) {
        int32_t lo = s4at(code + a + 4), hi = s4at(code + a + 8);
        if (lo > hi)
            return cerr(ck, pc, "tableswitch low %d > high %d", (int)lo,
                        (int)hi);
        uint64_t n = (uint64_t)((int64_t)hi - lo + 1);
        if (n * 4 > (uint64_t)(len - a - 12))
            return cerr(ck, pc, "tableswitch with %llu entries runs past the "
                        "end of the code", (unsigned long long)n);
    } else {
        int32_t np = s4at(code + a + 4);
        if (np < 0)
            return cerr(ck, pc, "lookupswitch npairs %d is negative", (int)np);
        if ((uint64_t)np * 8 > (uint64_t)(len - a - 8))
            return cerr(ck, pc, "lookupswitch with %d pairs runs past the end "
                        "of the code", (int)np);
        for (int32_t i = 1; i < np; i++) {
            int32_t k0 = s4at(code + a + 8 + 8 * (uint32_t)(i - 1));
            int32_t k1 = s4at(code + a + 8 + 8 * (uint32_t)i);
            if (k1 <= k0)
                return cerr(ck, pc, "lookupswitch keys not strictly "
                            "increasing (%d after %d)", (int)k1, (int)k0);
        }
    }
    return VM_OK;
}

/* Operand checks for the instruction at pc (known to fit in the code). */
static vm_status check_operands(checker *ck, uint32_t pc, uint8_t op) {
    const uint8_t *ins = ck->k->code + pc;
    if (op >= OP_ILOAD && op <= OP_ALOAD)
        return check_local(ck, pc, op, ins[1],
                           op == OP_LLOAD || op == OP_DLOAD);
    if (op >= OP_ISTORE && op <= OP_ASTORE)
        return check_local(ck, pc, op, ins[1],
                           op == OP_LSTORE || op == OP_DSTORE);
    if (op >= OP_ILOAD_0 && op <= OP_ALOAD_3) {
        uint32_t k = op - OP_ILOAD_0; /* type group * 4 + n */
        return check_local(ck, pc, op, k & 3u, k / 4 == 1 || k / 4 == 3);
    }
    if (op >= OP_ISTORE_0 && op <= OP_ASTORE_3) {
        uint32_t k = op - OP_ISTORE_0;
        return check_local(ck, pc, op, k & 3u, k / 4 == 1 || k / 4 == 3);
    }
    switch (op) {
    case OP_IINC:
        return check_local(ck, pc, op, ins[1], false);
    case OP_WIDE: {
        uint8_t op2 = ins[1];
        bool two = op2 == OP_LLOAD || op2 == OP_DLOAD || op2 == OP_LSTORE ||
                   op2 == OP_DSTORE;
        return check_local(ck, pc, op2, u2at(ins + 2), two);
    }
    case OP_LDC:
        return check_ldc(ck, pc, op, ins[1]);
    case OP_LDC_W:
    case OP_LDC2_W:
        return check_ldc(ck, pc, op, u2at(ins + 1));
    case OP_GETSTATIC: case OP_GETSTATIC + 1: case OP_GETSTATIC + 2:
    case OP_PUTFIELD:
        return want_cp(ck, pc, op, u2at(ins + 1), CF_BIT(CP_FIELDREF),
                       "Fieldref");
    case OP_INVOKEVIRTUAL: case OP_INVOKESPECIAL: case OP_INVOKESTATIC:
    case OP_INVOKEINTERFACE: case OP_INVOKEDYNAMIC:
        return check_invoke(ck, pc, op, ins);
    case OP_NEW: case OP_ANEWARRAY: case OP_CHECKCAST: case OP_INSTANCEOF:
    case OP_MULTIANEWARRAY:
        return check_class_op(ck, pc, op, ins);
    case OP_NEWARRAY:
        if (ins[1] < 4 || ins[1] > 11)
            return cerr(ck, pc, "newarray: invalid array type %u", ins[1]);
        return VM_OK;
    default: /* switches were checked before their length was taken */
        return VM_OK;
    }
}

static vm_status check_target(checker *ck, uint32_t pc, uint8_t op,
                              int64_t off) {
    int64_t t = (int64_t)pc + off;
    if (t < 0 || t >= (int64_t)ck->k->code_len)
        return cerr(ck, pc, "%s: branch target %lld outside the code "
                    "(code_length %u)", opnames[op], (long long)t,
                    ck->k->code_len);
    if (!is_start(ck, (uint32_t)t))
        return cerr(ck, pc, "%s: branch target %lld is not the start of an "
                    "instruction", opnames[op], (long long)t);
    return VM_OK;
}

static vm_status check_branches(checker *ck, uint32_t pc, uint8_t op) {
    const uint8_t *code = ck->k->code;
    if ((op >= OP_IFEQ && op <= OP_GOTO) || op == OP_IFNULL ||
        op == OP_IFNONNULL)
        return check_target(ck, pc, op, (int16_t)u2at(code + pc + 1));
    if (op == OP_GOTO_W)
        return check_target(ck, pc, op, s4at(code + pc + 1));
    if (op != OP_TABLESWITCH && op != OP_LOOKUPSWITCH) return VM_OK;
    uint32_t a = (pc + 4) & ~3u;
    vm_status st = check_target(ck, pc, op, s4at(code + a));
    if (st) return st;
    uint32_t n, first, step;
    if (op == OP_TABLESWITCH) {
        n = (uint32_t)((int64_t)s4at(code + a + 8) - s4at(code + a + 4) + 1);
        first = a + 12;
        step = 4;
    } else {
        n = (uint32_t)s4at(code + a + 4);
        first = a + 12;
        step = 8;
    }
    for (uint32_t i = 0; i < n; i++)
        if ((st = check_target(ck, pc, op, s4at(code + first + i * step))))
            return st;
    return VM_OK;
}

static bool ends_flow(uint8_t op) {
    return op == OP_GOTO || op == OP_GOTO_W || op == OP_ATHROW ||
           op == OP_TABLESWITCH || op == OP_LOOKUPSWITCH ||
           (op >= OP_IRETURN && op <= OP_RETURN);
}

static vm_status pass_instructions(checker *ck) {
    const cf_code *k = ck->k;
    const uint8_t *code = k->code;
    uint32_t len = k->code_len, pc = 0, last = 0;
    vm_status st;
    while (pc < len) {
        uint8_t op = code[pc];
        if (op > OP_LAST)
            return cerr(ck, pc, "undefined opcode %u (0x%02x)", op, op);
        if (op == OP_INVOKEDYNAMIC && ck->c->major < 51)
            return cerr(ck, pc, "invokedynamic needs class file version 51 "
                        "or later");
        if (op == OP_JSR || op == OP_JSR_W || op == OP_RET ||
            (op == OP_WIDE && len - pc >= 2 && code[pc + 1] == OP_RET)) {
            cf_method_ctx(ck->ctx, sizeof ck->ctx, ck->m);
            return cf_report(ck->diag, VM_ERR_JSR, ck->c->this_name, ck->ctx,
                             pc, "jsr/ret are not supported (class compiled "
                             "by javac 1.5 or older?)");
        }
        if (op == OP_TABLESWITCH || op == OP_LOOKUPSWITCH)
            if ((st = check_switch(ck, pc, op))) return st;
        uint32_t n = cf_insn_length(code, len, pc);
        if (n == 0) {
            if (op == OP_WIDE && len - pc >= 2)
                return cerr(ck, pc, "wide applied to %s",
                            cf_opcode_name(code[pc + 1]));
            return cerr(ck, pc, "%s runs past the end of the code "
                        "(code_length %u)", opnames[op], len);
        }
        ck->starts[pc >> 3] |= (uint8_t)(1u << (pc & 7));
        if ((st = check_operands(ck, pc, op))) return st;
        last = pc;
        pc += n;
    }
    if (!ends_flow(code[last]))
        return cerr(ck, last, "execution can fall off the end of the code "
                    "(last instruction is %s)", opnames[code[last]]);
    for (pc = 0; pc < len; pc += cf_insn_length(code, len, pc))
        if ((st = check_branches(ck, pc, code[pc]))) return st;
    return VM_OK;
}

static vm_status check_tables(checker *ck) {
    const cf_code *k = ck->k;
    uint32_t len = k->code_len;
    for (uint32_t i = 0; i < k->n_exceptions; i++) {
        const cf_exception_entry *x = &k->exceptions[i];
        if (x->start_pc >= x->end_pc || x->end_pc > len)
            return cerr(ck, -1, "exception table entry %u: bad range "
                        "[%u, %u) (code_length %u)", i, x->start_pc,
                        x->end_pc, len);
        if (!is_start(ck, x->start_pc) ||
            (x->end_pc != len && !is_start(ck, x->end_pc)))
            return cerr(ck, -1, "exception table entry %u: range [%u, %u) "
                        "not on instruction boundaries", i, x->start_pc,
                        x->end_pc);
        if (!is_start(ck, x->handler_pc))
            return cerr(ck, -1, "exception table entry %u: handler %u is not "
                        "the start of an instruction", i, x->handler_pc);
        if (x->catch_type &&
            !cf_cp_is(ck->c, x->catch_type, CF_BIT(CP_CLASS)))
            return cerr(ck, -1, "exception table entry %u: catch_type %u is "
                        "not a Class entry", i, x->catch_type);
    }
    for (uint32_t i = 0; i < k->n_lines; i++)
        if (k->lines[i].start_pc >= len)
            return cerr(ck, -1, "LineNumberTable entry %u: start_pc %u "
                        "outside the code", i, k->lines[i].start_pc);
    return VM_OK;
}

vm_status cf_check_code(const cf_class *c, const cf_method *m,
                        uint32_t arg_slots, const uint16_t *mdesc_slots,
                        vm_diag *diag) {
    checker ck;
    ck.c = c;
    ck.m = m;
    ck.k = m->code;
    ck.mdesc_slots = mdesc_slots;
    ck.diag = diag;
    uint32_t need = arg_slots; /* from the parser's cached descriptor */
    if (ck.k->max_locals < need)
        return cerr(&ck, -1, "max_locals %u is less than the %u argument "
                    "slots", ck.k->max_locals, need);
    size_t bytes = (ck.k->code_len + 7u) / 8u;
    ck.starts = vm_zalloc(c->plat, bytes);
    if (!ck.starts) {
        cf_method_ctx(ck.ctx, sizeof ck.ctx, m);
        return cf_report(diag, VM_ERR_NOMEM, c->this_name, ck.ctx, -1,
                         "out of memory while checking the code");
    }
    vm_status st = pass_instructions(&ck);
    if (st == VM_OK) st = check_tables(&ck);
    vm_free(c->plat, ck.starts, bytes);
    return st;
}
