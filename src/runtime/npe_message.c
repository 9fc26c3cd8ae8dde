/* npe_message.c - Java 17's helpful NullPointerException messages (JEP 358):
 * "Cannot invoke "X.m()" because "<local1>" is null".
 *
 * Computed lazily, on the throw path only: NullPointerException.getMessage
 * calls the native getExtendedNPEMessage, which takes the method and
 * bytecode index of the top frame of the exception's backtrace (where both
 * engines raised it) and describes, from that method's original bytecode:
 *   - the failed action, from the faulting instruction ("Cannot read field
 *     "f"", "Cannot load from int array", ...), and
 *   - the source of the null, found by a simulation of the operand stack
 *     that records, for every slot, the instruction that pushed it (or
 *     "unknown" where control-flow paths with different pushers merge),
 *     followed backwards through array loads and field reads ("because
 *     "<local1>.f[2]" is null", "the return value of "X.m()"", ...).
 * The analysis follows HotSpot's bytecodeUtils.cpp (the same passes, merge
 * rules and early stop, so the text matches java's), reimplemented here.
 * No message (null) for an explicitly constructed NullPointerException
 * (the top frame is at its constructor call), a native top frame, or an
 * instruction that cannot dereference.  Local variables print with their
 * LocalVariableTable names (javac -g), else as <localN> (or <parameterN> /
 * this while the slot still holds the argument), as java does. */
#include "npe_message.h"
#include "natives_internal.h"
#include "rt_internal.h"
#include "strings.h"
#include "../core/fmt.h"
#include "../core/mem.h"
#include "../interp/opcodes.h"

#define SLOT_INVALID 0x1FFFFu  /* no single pushing instruction */
#define MAX_ENTRIES 1000000u   /* analysis budget, as HotSpot's */
#define MAX_DETAIL 5           /* recursion depth of the cause */
#define MAX_WORK 20000000u     /* slots copied or simulated: bounds the time a
                                  hostile method (many passes over 64 KiB of
                                  code) can take; beyond it, no cause */

/* One simulated operand stack: depth entries of the pushing bci. */
typedef struct sim_stack {
    uint64_t written;          /* local slots stored to (bit i: slot i; >63: always) */
    uint32_t depth;
    uint32_t e[];              /* e[0] bottom */
} sim_stack;

typedef struct npe_an {
    const vm_platform *p;
    const jmethod *m;
    const cf_class *cf;
    const uint8_t *code;
    uint32_t len, max_stack;
    sim_stack **stacks;        /* len + 1 entries, NULL = not reached; each
                                  sized for its depth (fixed once made) */
    sim_stack *work;           /* scratch stack, room for max_stack */
    size_t stack_bytes;        /* bytes of work */
    uint32_t entries;
    uint64_t work_done;
    bool added_one, all_processed, failed;
} npe_an;

/* ---- text output */
typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, const char *s) {
    for (; *s; s++) {
        if (o->len + 1 < o->cap) o->buf[o->len] = *s;
        o->len++;
    }
    if (o->cap) o->buf[o->len < o->cap ? o->len : o->cap - 1] = 0;
}

static void putd(out *o, long v) {
    char tmp[24];
    vm_snprintf(tmp, sizeof tmp, "%ld", v);
    put(o, tmp);
}

/* ---- bytecode helpers */
static uint16_t u2(const uint8_t *p) { return (uint16_t)((p[0] << 8) | p[1]); }
static int32_t s4(const uint8_t *p) {
    return (int32_t)(((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3]);
}

/* slots of a field descriptor's type (0 for 'V') */
static uint32_t type_slots(char c) {
    return c == 'J' || c == 'D' ? 2 : c == 'V' ? 0 : 1;
}

static const char *ref_desc(const npe_an *a, uint16_t idx) {
    const char *cls = NULL, *name = NULL, *desc = NULL;
    cf_member_ref(a->cf, idx, &cls, &name, &desc);
    return desc ? desc : "V";
}

static const char *ref_name(const npe_an *a, uint16_t idx) {
    const char *cls = NULL, *name = NULL, *desc = NULL;
    cf_member_ref(a->cf, idx, &cls, &name, &desc);
    return name ? name : "";
}

/* ---- the simulation */
static bool push(npe_an *a, sim_stack *s, uint32_t bci, uint32_t slots) {
    for (uint32_t i = 0; i < slots; i++) {
        if (s->depth >= a->max_stack) return false;
        s->e[s->depth++] = bci;
    }
    return true;
}

static bool pop(sim_stack *s, uint32_t n) {
    if (n > s->depth) return false;
    s->depth -= n;
    return true;
}

/* entry `slot` counted from the top (0 = top) */
static uint32_t top(const sim_stack *s, uint32_t slot) {
    return s->e[s->depth - 1 - slot];
}

static size_t stack_size(uint32_t depth) {
    return sizeof(sim_stack) + (size_t)depth * sizeof(uint32_t);
}

static sim_stack *new_stack(npe_an *a, const sim_stack *from) {
    uint32_t depth = from ? from->depth : 0;
    sim_stack *t = vm_zalloc(a->p, stack_size(depth));
    if (!t) {
        a->failed = true;
        return NULL;
    }
    if (from) vm_memcpy(t, from, stack_size(depth));
    return t;
}

static void mark_written(sim_stack *s, uint32_t i) {
    if (i < 64) s->written |= (uint64_t)1 << i;
}

static bool was_written(const sim_stack *s, uint32_t i) {
    return i > 63 || (s->written >> i) & 1;
}

/* Merge s into the stack at bci (or store a copy there). */
static void merge_into(npe_an *a, uint32_t bci, const sim_stack *s) {
    a->work_done += 1 + s->depth;
    if (bci > a->len || a->work_done > MAX_WORK) {
        a->failed = true;
        return;
    }
    sim_stack *t = a->stacks[bci];
    if (!t) {
        if (!(t = new_stack(a, s))) return;
        a->stacks[bci] = t;
        a->entries += s->depth;
        a->added_one = true;
        return;
    }
    if (t->depth != s->depth) {
        a->failed = true; /* unverified shape: give up */
        return;
    }
    for (uint32_t i = 0; i < s->depth; i++)
        if (t->e[i] != s->e[i]) t->e[i] = SLOT_INVALID;
    t->written |= s->written;
}

/* Simulate the instruction at bci; returns its length (0: stop). */
static uint32_t do_insn(npe_an *a, uint32_t bci) {
    const uint8_t *c = a->code;
    uint32_t len = cf_insn_length(c, a->len, bci);
    if (!len || bci + len > a->len) {
        a->failed = true;
        return 0;
    }
    if (!a->stacks[bci]) {
        a->all_processed = false;
        return len;
    }
    sim_stack *s = a->work;
    a->work_done += 8 + a->stacks[bci]->depth;
    if (a->work_done > MAX_WORK) {
        a->failed = true;
        return 0;
    }
    vm_memcpy(s, a->stacks[bci], stack_size(a->stacks[bci]->depth));
    uint8_t op = c[bci];
    bool wide = false;
    uint32_t pos = bci + 1;
    if (op == OP_wide) {
        wide = true;
        op = c[bci + 1];
        pos++;
    }
    int64_t dest = -1;
    bool ended = false, ok = true, is_switch = false;
    switch (op) {
    case OP_nop: case OP_iinc:
        break;
    case OP_aconst_null: case OP_iconst_m1: case OP_iconst_0: case OP_iconst_1:
    case OP_iconst_2: case OP_iconst_3: case OP_iconst_4: case OP_iconst_5:
    case OP_fconst_0: case OP_fconst_1: case OP_fconst_2: case OP_bipush: case OP_sipush:
    case OP_iload: case OP_fload: case OP_aload:
    case OP_iload_0: case OP_iload_1: case OP_iload_2: case OP_iload_3:
    case OP_fload_0: case OP_fload_1: case OP_fload_2: case OP_fload_3:
    case OP_aload_0: case OP_aload_1: case OP_aload_2: case OP_aload_3: case OP_new:
        ok = push(a, s, bci, 1);
        break;
    case OP_lconst_0: case OP_lconst_1: case OP_dconst_0: case OP_dconst_1:
    case OP_lload: case OP_dload:
    case OP_lload_0: case OP_lload_1: case OP_lload_2: case OP_lload_3:
    case OP_dload_0: case OP_dload_1: case OP_dload_2: case OP_dload_3:
        ok = push(a, s, bci, 2);
        break;
    case OP_ldc: case OP_ldc_w: case OP_ldc2_w: {
        uint16_t idx = op == OP_ldc ? c[pos] : u2(c + pos);
        uint8_t tag = idx < a->cf->cp_count ? a->cf->cp[idx].tag : 0;
        ok = push(a, s, bci, tag == CP_LONG || tag == CP_DOUBLE ? 2 : 1);
        break;
    }
    case OP_iaload: case OP_faload: case OP_aaload: case OP_baload: case OP_caload:
    case OP_saload:
        ok = pop(s, 2) && push(a, s, bci, 1);
        break;
    case OP_laload: case OP_daload:
        ok = pop(s, 2) && push(a, s, bci, 2);
        break;
    case OP_istore: case OP_fstore: case OP_astore: case OP_lstore: case OP_dstore:
        mark_written(s, wide ? u2(c + bci + 2) : c[bci + 1]);
        ok = pop(s, op == OP_lstore || op == OP_dstore ? 2 : 1);
        break;
    case OP_istore_0: case OP_istore_1: case OP_istore_2: case OP_istore_3:
        mark_written(s, op - OP_istore_0);
        ok = pop(s, 1);
        break;
    case OP_fstore_0: case OP_fstore_1: case OP_fstore_2: case OP_fstore_3:
        mark_written(s, op - OP_fstore_0);
        ok = pop(s, 1);
        break;
    case OP_astore_0: case OP_astore_1: case OP_astore_2: case OP_astore_3:
        mark_written(s, op - OP_astore_0);
        ok = pop(s, 1);
        break;
    case OP_lstore_0: case OP_lstore_1: case OP_lstore_2: case OP_lstore_3:
        mark_written(s, op - OP_lstore_0);
        ok = pop(s, 2);
        break;
    case OP_dstore_0: case OP_dstore_1: case OP_dstore_2: case OP_dstore_3:
        mark_written(s, op - OP_dstore_0);
        ok = pop(s, 2);
        break;
    case OP_iastore: case OP_fastore: case OP_aastore: case OP_bastore: case OP_castore:
    case OP_sastore:
        ok = pop(s, 3);
        break;
    case OP_lastore: case OP_dastore:
        ok = pop(s, 4);
        break;
    case OP_pop: case OP_monitorenter: case OP_monitorexit:
        ok = pop(s, 1);
        break;
    case OP_pop2:
        ok = pop(s, 2);
        break;
    case OP_dup:
        ok = s->depth >= 1 && push(a, s, top(s, 0), 1);
        break;
    case OP_dup_x1: case OP_dup_x2: case OP_dup2: case OP_dup2_x1: case OP_dup2_x2:
    case OP_swap: {
        uint32_t n = op == OP_dup_x1 || op == OP_dup2 || op == OP_swap ? 2
                   : op == OP_dup2_x2 ? 4 : 3;
        if (s->depth < n) {
            ok = false;
            break;
        }
        uint32_t t[4];
        for (uint32_t i = 0; i < n; i++) t[i] = top(s, i); /* t[0] = top */
        s->depth -= n;
        static const uint8_t order[6][6] = {
            { 0, 1, 0 },          /* dup_x1: t1 t2 t1 (pushed order, as indexes) */
            { 0, 2, 1, 0 },       /* dup_x2 */
            { 1, 0, 1, 0 },       /* dup2 */
            { 1, 0, 2, 1, 0 },    /* dup2_x1 */
            { 1, 0, 3, 2, 1, 0 }, /* dup2_x2 */
            { 0, 1 },             /* swap */
        };
        static const uint8_t count[6] = { 3, 4, 4, 5, 6, 2 };
        int k = op == OP_dup_x1 ? 0 : op == OP_dup_x2 ? 1 : op == OP_dup2 ? 2
              : op == OP_dup2_x1 ? 3 : op == OP_dup2_x2 ? 4 : 5;
        if (op == OP_dup2) {
            /* (not popped: dup2 only pushes copies of the top two) */
            s->depth += n;
            ok = push(a, s, t[1], 1) && push(a, s, t[0], 1);
            break;
        }
        for (uint32_t i = 0; ok && i < count[k]; i++) ok = push(a, s, t[order[k][i]], 1);
        break;
    }
    case OP_iadd: case OP_fadd: case OP_isub: case OP_fsub: case OP_imul: case OP_fmul:
    case OP_idiv: case OP_fdiv: case OP_irem: case OP_frem: case OP_iand: case OP_ior:
    case OP_ixor: case OP_ishl: case OP_ishr: case OP_iushr:
        ok = pop(s, 2) && push(a, s, bci, 1);
        break;
    case OP_ladd: case OP_dadd: case OP_lsub: case OP_dsub: case OP_lmul: case OP_dmul:
    case OP_ldiv: case OP_ddiv: case OP_lrem: case OP_drem: case OP_land: case OP_lor:
    case OP_lxor:
        ok = pop(s, 4) && push(a, s, bci, 2);
        break;
    case OP_lshl: case OP_lshr: case OP_lushr:
        ok = pop(s, 3) && push(a, s, bci, 2);
        break;
    case OP_ineg: case OP_fneg: case OP_i2f: case OP_f2i: case OP_i2b: case OP_i2c:
    case OP_i2s:
        ok = pop(s, 1) && push(a, s, bci, 1);
        break;
    case OP_lneg: case OP_dneg: case OP_l2d: case OP_d2l:
        ok = pop(s, 2) && push(a, s, bci, 2);
        break;
    case OP_i2l: case OP_i2d: case OP_f2l: case OP_f2d:
        ok = pop(s, 1) && push(a, s, bci, 2);
        break;
    case OP_l2i: case OP_l2f: case OP_d2i: case OP_d2f:
        ok = pop(s, 2) && push(a, s, bci, 1);
        break;
    case OP_lcmp: case OP_dcmpl: case OP_dcmpg:
        ok = pop(s, 4) && push(a, s, bci, 1);
        break;
    case OP_fcmpl: case OP_fcmpg:
        ok = pop(s, 2) && push(a, s, bci, 1);
        break;
    case OP_ifeq: case OP_ifne: case OP_iflt: case OP_ifge: case OP_ifgt: case OP_ifle:
    case OP_ifnull: case OP_ifnonnull:
        ok = pop(s, 1);
        dest = (int64_t)bci + (int16_t)u2(c + pos);
        break;
    case OP_if_icmpeq: case OP_if_icmpne: case OP_if_icmplt: case OP_if_icmpge:
    case OP_if_icmpgt: case OP_if_icmple: case OP_if_acmpeq: case OP_if_acmpne:
        ok = pop(s, 2);
        dest = (int64_t)bci + (int16_t)u2(c + pos);
        break;
    case OP_goto:
        dest = (int64_t)bci + (int16_t)u2(c + pos);
        ended = true;
        break;
    case OP_goto_w:
        dest = (int64_t)bci + s4(c + pos);
        ended = true;
        break;
    case OP_tableswitch: case OP_lookupswitch:
        /* as HotSpot: the stack also flows on to the next instruction */
        ok = pop(s, 1);
        is_switch = true;
        break;
    case OP_ireturn: case OP_freturn: case OP_areturn: case OP_athrow:
        ok = pop(s, 1);
        ended = true;
        break;
    case OP_lreturn: case OP_dreturn:
        ok = pop(s, 2);
        ended = true;
        break;
    case OP_return:
        ended = true;
        break;
    case OP_getstatic:
        ok = push(a, s, bci, type_slots(ref_desc(a, u2(c + pos))[0]));
        break;
    case OP_getfield:
        ok = pop(s, 1) && push(a, s, bci, type_slots(ref_desc(a, u2(c + pos))[0]));
        break;
    case OP_putstatic:
        ok = pop(s, type_slots(ref_desc(a, u2(c + pos))[0]));
        break;
    case OP_putfield:
        ok = pop(s, type_slots(ref_desc(a, u2(c + pos))[0]) + 1);
        break;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic:
    case OP_invokeinterface: case OP_invokedynamic: {
        uint16_t idx = u2(c + pos);
        const char *desc = "()V";
        if (op == OP_invokedynamic) {
            if (idx < a->cf->cp_count && a->cf->cp[idx].tag == CP_INVOKE_DYNAMIC) {
                const char *n = NULL;
                cf_name_and_type(a->cf, a->cf->cp[idx].u.ref.b, &n, &desc);
            }
        } else {
            desc = ref_desc(a, idx);
        }
        if (!desc) desc = "()V";
        int args = cf_desc_arg_slots(desc);
        if (op != OP_invokestatic && op != OP_invokedynamic) args++;
        ok = args >= 0 && pop(s, (uint32_t)args) &&
             push(a, s, bci, type_slots(cf_desc_return(desc)));
        break;
    }
    case OP_newarray: case OP_anewarray: case OP_instanceof: case OP_arraylength:
        ok = pop(s, 1) && push(a, s, bci, 1);
        break;
    case OP_checkcast:
        break;
    case OP_multianewarray:
        ok = pop(s, c[pos + 2]) && push(a, s, bci, 1);
        break;
    default: /* jsr/ret and the like: analysis incomplete (as HotSpot) */
        a->all_processed = false;
        a->added_one = false;
        return len;
    }
    if (!ok) {
        a->failed = true;
        return 0;
    }
    if (!ended) merge_into(a, bci + len, s);
    if (dest >= 0) merge_into(a, (uint32_t)dest, s);
    else if (dest < -1) a->failed = true;
    if (is_switch) {
        uint32_t p = (bci + 4) & ~3u;
        if (p + 8 > a->len) {
            a->failed = true;
            return 0;
        }
        merge_into(a, (uint32_t)((int64_t)bci + s4(c + p)), s);
        if (op == OP_tableswitch) {
            int32_t lo = s4(c + p + 4), hi = s4(c + p + 8);
            for (int64_t i = lo; i <= hi && !a->failed; i++)
                merge_into(a, (uint32_t)((int64_t)bci + s4(c + p + 12 + 4 * (i - lo))), s);
        } else {
            int32_t n = s4(c + p + 4);
            for (int32_t i = 0; i < n && !a->failed; i++)
                merge_into(a, (uint32_t)((int64_t)bci + s4(c + p + 12 + 8 * i)), s);
        }
    }
    return a->failed ? 0 : len;
}

/* Build the stacks up to (at least) target, as HotSpot does: passes over
 * the code until every instruction has a stack or none was added, ending
 * early once the stack at target exists. */
static bool analyse(npe_an *a, uint32_t target) {
    const cf_code *code = a->m->code;
    if (!(a->stacks[0] = new_stack(a, NULL))) return false;
    for (uint16_t i = 0; i < code->n_exceptions; i++) {
        uint16_t h = code->exceptions[i].handler_pc;
        if (h >= a->len || a->stacks[h]) continue;
        if (a->max_stack < 1) return false;
        a->work->depth = 1; /* the caught exception, pushed by the handler pc */
        a->work->written = 0;
        a->work->e[0] = h;
        if (!(a->stacks[h] = new_stack(a, a->work))) return false;
    }
    a->added_one = true;
    a->all_processed = false;
    while (!a->all_processed && a->added_one) {
        a->all_processed = true;
        a->added_one = false;
        for (uint32_t i = 0; i < a->len;) {
            uint32_t n = do_insn(a, i);
            if (a->failed || !n) return false;
            i += n;
            if (i == target && a->stacks[i]) {
                a->all_processed = true;
                break;
            }
            if (a->entries > MAX_ENTRIES) return true;
        }
    }
    return true;
}

/* ---- the message */

/* Class name in external form, java.lang.Object/String shortened. */
static void put_class(out *o, const char *internal) {
    if (!vm_strcmp(internal, "java/lang/Object")) { put(o, "Object"); return; }
    if (!vm_strcmp(internal, "java/lang/String")) { put(o, "String"); return; }
    char tmp[2] = { 0, 0 };
    for (const char *p = internal; *p; p++) {
        tmp[0] = *p == '/' ? '.' : *p;
        put(o, tmp);
    }
}

/* One parameter type of a descriptor at *d in external form, advancing
 * *d.  As HotSpot, "java.lang.Object"/"java.lang.String" lose their
 * package when they start the type (so do names that merely begin so). */
static void put_param(out *o, const char **d) {
    int dims = 0;
    while (**d == '[') { dims++; (*d)++; }
    const char *prim = NULL;
    switch (**d) {
    case 'B': prim = "byte"; break;
    case 'C': prim = "char"; break;
    case 'D': prim = "double"; break;
    case 'F': prim = "float"; break;
    case 'I': prim = "int"; break;
    case 'J': prim = "long"; break;
    case 'S': prim = "short"; break;
    case 'Z': prim = "boolean"; break;
    case 'V': prim = "void"; break;
    default: break;
    }
    if (prim) {
        put(o, prim);
        (*d)++;
    } else if (**d == 'L') {
        const char *s = *d + 1, *e = s;
        while (*e && *e != ';') e++;
        size_t n = (size_t)(e - s);
        if (n >= 16 && (!vm_strncmp(s, "java/lang/Object", 16) ||
                        !vm_strncmp(s, "java/lang/String", 16))) {
            s += 10;
            n -= 10;
        }
        for (size_t i = 0; i < n; i++) {
            char tmp[2] = { s[i] == '/' ? '.' : s[i], 0 };
            put(o, tmp);
        }
        *d = *e ? e + 1 : e;
    } else {
        if (**d) (*d)++;
        return;
    }
    while (dims--) put(o, "[]");
}

/* "Cls.name(params)" of the method reference at CP index idx */
static void put_method(const npe_an *a, out *o, uint16_t idx) {
    const char *cls = NULL, *name = NULL, *desc = NULL;
    cf_member_ref(a->cf, idx, &cls, &name, &desc);
    put_class(o, cls ? cls : "?");
    put(o, ".");
    put(o, name ? name : "?");
    put(o, "(");
    const char *d = desc && desc[0] == '(' ? desc + 1 : "";
    bool first = true;
    while (*d && *d != ')') {
        if (!first) put(o, ", ");
        first = false;
        put_param(o, &d);
    }
    put(o, ")");
}

/* The LocalVariableTable's name for slot at bci (javac -g), or NULL. */
static const char *lvt_name(const npe_an *a, uint32_t bci, uint32_t slot) {
    const cf_code *code = a->m->code;
    for (uint16_t i = 0; i < code->n_local_vars; i++) {
        const uint8_t *e = code->local_vars + (size_t)i * 10;
        uint32_t start = u2(e), end = start + u2(e + 2);
        uint16_t name = u2(e + 4);
        if (bci >= start && bci < end && u2(e + 8) == slot && name < a->cf->cp_count &&
            a->cf->cp[name].tag == CP_UTF8)
            return cf_utf8(a->cf, name);
    }
    return NULL;
}

static void put_local(const npe_an *a, out *o, uint32_t bci, uint32_t slot, bool is_param) {
    const jmethod *m = a->m;
    const char *name = lvt_name(a, bci, slot);
    if (name) {
        put(o, name);
        return;
    }
    bool is_static = (m->access & ACC_STATIC) != 0;
    if (!is_static && slot == 0 && is_param) {
        put(o, "this");
        return;
    }
    uint32_t curr = is_static ? 0 : 1, index = 1;
    bool found = false;
    const char *d = m->desc[0] == '(' ? m->desc + 1 : "";
    while (*d && *d != ')') {
        const char *start = d;
        while (*d == '[') d++;
        uint32_t size = d == start && (*d == 'J' || *d == 'D') ? 2 : 1;
        if (*d == 'L') while (*d && *d != ';') d++;
        if (*d) d++;
        if (slot >= curr && slot < curr + size) {
            found = true;
            break;
        }
        index++;
        curr += size;
    }
    if (found && is_param) {
        put(o, "<parameter");
        putd(o, index);
    } else {
        put(o, "<local");
        putd(o, slot);
    }
    put(o, ">");
}

static bool is_invoke(uint8_t op) {
    return op == OP_invokevirtual || op == OP_invokespecial || op == OP_invokestatic ||
           op == OP_invokeinterface;
}

/* What pushed entry `slot` (0 = top) of the stack at bci; see HotSpot's
 * print_NPE_cause0 for the shape of the recursion. */
static bool put_cause(const npe_an *a, out *o, uint32_t bci, uint32_t slot, int max_detail,
                      bool inner, const char *prefix) {
    if (max_detail <= 0 || bci >= a->len) return false;
    const sim_stack *s = a->stacks[bci];
    if (!s || slot >= s->depth) return false;
    uint32_t src = top(s, slot);
    if (src == SLOT_INVALID || src >= a->len) return false;
    const uint8_t *c = a->code;
    uint8_t op = c[src];
    bool wide = false;
    uint32_t pos = src + 1;
    if (op == OP_wide) {
        wide = true;
        op = c[src + 1];
        pos++;
    }
    if (max_detail == MAX_DETAIL && prefix && !is_invoke(op)) put(o, prefix);
    switch (op) {
    case OP_iload_0: case OP_aload_0:
        put_local(a, o, src, 0, !was_written(s, 0));
        return true;
    case OP_iload_1: case OP_aload_1:
        put_local(a, o, src, 1, !was_written(s, 1));
        return true;
    case OP_iload_2: case OP_aload_2:
        put_local(a, o, src, 2, !was_written(s, 2));
        return true;
    case OP_iload_3: case OP_aload_3:
        put_local(a, o, src, 3, !was_written(s, 3));
        return true;
    case OP_iload: case OP_aload: {
        uint32_t idx = wide ? u2(c + src + 2) : c[src + 1];
        put_local(a, o, src, idx, !was_written(s, idx));
        return true;
    }
    case OP_aconst_null: put(o, "null"); return true;
    case OP_iconst_m1: put(o, "-1"); return true;
    case OP_iconst_0: put(o, "0"); return true;
    case OP_iconst_1: put(o, "1"); return true;
    case OP_iconst_2: put(o, "2"); return true;
    case OP_iconst_3: put(o, "3"); return true;
    case OP_iconst_4: put(o, "4"); return true;
    case OP_iconst_5: put(o, "5"); return true;
    case OP_bipush: putd(o, (int8_t)c[src + 1]); return true;
    case OP_sipush: putd(o, u2(c + src + 1)); return true; /* unsigned, as java */
    case OP_iaload: case OP_aaload:
        if (!put_cause(a, o, src, 1, max_detail - 1, inner, NULL)) put(o, "<array>");
        put(o, "[");
        if (!put_cause(a, o, src, 0, max_detail, true, NULL)) put(o, "...");
        put(o, "]");
        return true;
    case OP_getstatic: {
        const char *cls = NULL, *name = NULL, *desc = NULL;
        cf_member_ref(a->cf, u2(c + pos), &cls, &name, &desc);
        put_class(o, cls ? cls : "?");
        put(o, ".");
        put(o, name ? name : "?");
        return true;
    }
    case OP_getfield:
        if (put_cause(a, o, src, 0, max_detail - 1, inner, NULL)) put(o, ".");
        put(o, ref_name(a, u2(c + pos)));
        return true;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic:
    case OP_invokeinterface:
        if (max_detail == MAX_DETAIL && !inner) put(o, " because the return value of \"");
        put_method(a, o, u2(c + pos));
        return true;
    default:
        return false;
    }
}

/* Stack slot holding the null reference for the instruction at bci; -2
 * for a constructor call (an explicitly created exception), -1 if the
 * instruction cannot throw a NullPointerException. */
static int null_slot(const npe_an *a, uint32_t bci) {
    const uint8_t *c = a->code;
    uint8_t op = c[bci];
    uint32_t pos = bci + 1;
    if (op == OP_wide) {
        op = c[bci + 1];
        pos++;
    }
    switch (op) {
    case OP_getfield: case OP_arraylength: case OP_athrow: case OP_monitorenter:
    case OP_monitorexit:
        return 0;
    case OP_iaload: case OP_faload: case OP_aaload: case OP_baload: case OP_caload:
    case OP_saload: case OP_laload: case OP_daload:
        return 1;
    case OP_iastore: case OP_fastore: case OP_aastore: case OP_bastore: case OP_castore:
    case OP_sastore:
        return 2;
    case OP_lastore: case OP_dastore:
        return 3;
    case OP_putfield:
        return (int)type_slots(ref_desc(a, u2(c + pos))[0]);
    case OP_invokevirtual: case OP_invokespecial: case OP_invokeinterface: {
        uint16_t idx = u2(c + pos);
        if (!vm_strcmp(ref_name(a, idx), "<init>")) return -2;
        int n = cf_desc_arg_slots(ref_desc(a, idx));
        return n < 0 ? -1 : n;
    }
    default:
        return -1;
    }
}

static void put_action(const npe_an *a, out *o, uint32_t bci) {
    const uint8_t *c = a->code;
    uint8_t op = c[bci];
    uint32_t pos = bci + 1;
    if (op == OP_wide) {
        op = c[bci + 1];
        pos++;
    }
    switch (op) {
    case OP_iaload: put(o, "Cannot load from int array"); break;
    case OP_faload: put(o, "Cannot load from float array"); break;
    case OP_aaload: put(o, "Cannot load from object array"); break;
    case OP_baload: put(o, "Cannot load from byte/boolean array"); break;
    case OP_caload: put(o, "Cannot load from char array"); break;
    case OP_saload: put(o, "Cannot load from short array"); break;
    case OP_laload: put(o, "Cannot load from long array"); break;
    case OP_daload: put(o, "Cannot load from double array"); break;
    case OP_iastore: put(o, "Cannot store to int array"); break;
    case OP_fastore: put(o, "Cannot store to float array"); break;
    case OP_aastore: put(o, "Cannot store to object array"); break;
    case OP_bastore: put(o, "Cannot store to byte/boolean array"); break;
    case OP_castore: put(o, "Cannot store to char array"); break;
    case OP_sastore: put(o, "Cannot store to short array"); break;
    case OP_lastore: put(o, "Cannot store to long array"); break;
    case OP_dastore: put(o, "Cannot store to double array"); break;
    case OP_arraylength: put(o, "Cannot read the array length"); break;
    case OP_athrow: put(o, "Cannot throw exception"); break;
    case OP_monitorenter: put(o, "Cannot enter synchronized block"); break;
    case OP_monitorexit: put(o, "Cannot exit synchronized block"); break;
    case OP_getfield:
        put(o, "Cannot read field \"");
        put(o, ref_name(a, u2(c + pos)));
        put(o, "\"");
        break;
    case OP_putfield:
        put(o, "Cannot assign field \"");
        put(o, ref_name(a, u2(c + pos)));
        put(o, "\"");
        break;
    case OP_invokevirtual: case OP_invokespecial: case OP_invokeinterface:
        put(o, "Cannot invoke \"");
        put_method(a, o, u2(c + pos));
        put(o, "\"");
        break;
    default: break;
    }
}

bool npe_message(const vm_platform *p, const jmethod *m, uint32_t bci, char *buf, size_t cap) {
    if (!m || !m->code || !m->owner || !m->owner->cf || (m->access & ACC_NATIVE)) return false;
    const cf_code *code = m->code;
    if (bci >= code->code_len || cap == 0) return false;
    npe_an a = {
        .p = p, .m = m, .cf = m->owner->cf, .code = code->code, .len = code->code_len,
        .max_stack = code->max_stack,
    };
    out o = { buf, cap, 0 };
    buf[0] = 0;
    int slot = null_slot(&a, bci);
    if (slot < 0) return false;
    a.stack_bytes = sizeof(sim_stack) + (size_t)(a.max_stack + 1) * sizeof(uint32_t);
    size_t arr = ((size_t)a.len + 1) * sizeof(sim_stack *);
    a.stacks = vm_zalloc(p, arr);
    a.work = vm_zalloc(p, a.stack_bytes);
    bool ok = false;
    if (a.stacks && a.work && analyse(&a, bci)) {
        put_action(&a, &o, bci);
        if (put_cause(&a, &o, bci, (uint32_t)slot, MAX_DETAIL, false, " because \""))
            put(&o, "\" is null");
        ok = true;
    } else if (a.stacks && a.work) {
        put_action(&a, &o, bci); /* no analysis: the action alone */
        ok = true;
    }
    if (a.stacks) {
        for (uint32_t i = 0; i <= a.len; i++)
            if (a.stacks[i]) vm_free(p, a.stacks[i], stack_size(a.stacks[i]->depth));
        vm_free(p, a.stacks, arr);
    }
    if (a.work) vm_free(p, a.work, a.stack_bytes);
    return ok;
}

/* NullPointerException.getExtendedNPEMessage(): the message for the top
 * frame of this exception's backtrace, or null. */
NATIVE(nat_NullPointerException_getExtendedNPEMessage) {
    jobject *t = args[0].l;
    ret->l = NULL;
    jobject *bt = vm->off.throwable_backtrace ? rt_get_ref(t, vm->off.throwable_backtrace) : NULL;
    if (!bt || bt->cls != vm->wk.prim_array[PRIM_LONG] || bt->length < 2) return VM_OK;
    const int64_t *e = (const int64_t *)JARRAY_DATA(bt);
    const jmethod *m = (const jmethod *)(uintptr_t)e[0];
    if (e[1] < 0 || e[1] > 0xffff) return VM_OK;
    char msg[1024];
    if (!npe_message(vm->plat, m, (uint32_t)e[1], msg, sizeof msg)) return VM_OK;
    jobject *s = rt_new_string_utf8(vm, msg, vm_strlen(msg));
    if (!s) return VM_ERR_EXCEPTION;
    ret->l = s;
    return VM_OK;
}
