/* api_prepare.c - vm_prepare_class (include/vifvm.h): "compile at load".
 * Before a host swaps a class in, everything its code can reach is
 * resolved (every class, method and field its bytecode names, and those
 * of each user class reached that way, transitively; exception handlers'
 * catch types too), call sites are linked, and every method is JIT-compiled, so that a class
 * that cannot work is refused at load with the reason, instead of failing
 * on its first call.  invokedynamic call sites are linked (lambdas and
 * records' methods generate classes, walked and compiled too); a bootstrap
 * method vifvm does not provide refuses the class. */
#include "../runtime/rt_internal.h"
#include "../runtime/resolve.h"
#include "../jit/jit.h"
#include "../interp/interp.h"
#include "../core/mem.h"
#include "../core/fmt.h"

typedef struct prep {
    vm *vm;
    jclass **list;          /* classes to walk (user classes only) */
    uint32_t n, cap;
    vm_diag *d;
} prep;

static vm_status add(prep *p, jclass *c) {
    while (c && c->kind == KIND_ARRAY) c = c->component;
    if (!c || c->kind != KIND_INSTANCE || c->is_boot || !c->cf) return VM_OK;
    for (uint32_t i = 0; i < p->n; i++)
        if (p->list[i] == c) return VM_OK;
    if (p->n == p->cap) {
        uint32_t ncap = p->cap ? p->cap * 2 : 16;
        jclass **nl = vm_realloc(p->vm->plat, p->list, p->cap * sizeof *nl, ncap * sizeof *nl);
        if (!nl) return vm_diagf(p->d, VM_ERR_NOMEM, "out of memory preparing %s", c->name);
        p->list = nl;
        p->cap = ncap;
    }
    p->list[p->n++] = c;
    return VM_OK;
}

static void java_name(const char *n, char *buf, size_t cap) {
    size_t i = 0;
    for (; n[i] && i + 1 < cap; i++) buf[i] = n[i] == '/' ? '.' : n[i];
    if (cap) buf[i] = '\0';
}

/* The pending exception as the failure's detail (cleared). */
static vm_status failed(prep *p, jclass *c, const jmethod *m, vm_status st) {
    vm *vm = p->vm;
    char cn[256], ex[512] = "";
    java_name(c->name, cn, sizeof cn);
    if (vm->exception) rt_describe_throwable(vm, vm->exception, ex, sizeof ex);
    vm->exception = NULL;
    if (st == VM_ERR_EXCEPTION) st = VM_ERR_LINKAGE;
    if (m)
        return vm_diagf(p->d, st, "%s.%s%s: %s", cn, m->name, m->desc,
                        ex[0] ? ex : vm_status_str(st));
    return vm_diagf(p->d, st, "class %s: %s", cn, ex[0] ? ex : vm_status_str(st));
}

/* invokedynamic: the call site is linked now (interp/indy_link.c), so an
 * unsupported bootstrap method refuses the class at load
 * (VM_ERR_UNSUPPORTED, with the BootstrapMethodError's message), and the
 * class generated for a lambda or a record's method is walked and
 * compiled with the others. */
static vm_status check_indy(prep *p, jclass *c, jmethod *m, uint32_t pc) {
    jclass *gen = NULL;
    vm_status st = interp_link_indy_at(p->vm, m, pc, &gen);
    if (st != VM_OK) {
        bool bsm = p->vm->exception && p->vm->exception->cls &&
                   vm_strcmp(p->vm->exception->cls->name, "java/lang/BootstrapMethodError") == 0;
        return failed(p, c, m, bsm ? VM_ERR_UNSUPPORTED : st);
    }
    return add(p, gen);
}

static uint16_t u2(const uint8_t *b) { return (uint16_t)(b[0] << 8 | b[1]); }

/* A CP_CLASS reference of m's code (ldc of a class, new, checkcast, ...). */
static vm_status use_class(prep *p, jclass *c, const jmethod *m, uint16_t idx) {
    jclass *k = NULL;
    vm_status st = rt_resolve_class(p->vm, c, idx, &k);
    if (st != VM_OK) return failed(p, c, m, st);
    return add(p, k);
}

/* Resolve what one method's bytecode names, in code order. */
static vm_status walk_method(prep *p, jclass *c, const jmethod *m) {
    const cf_class *cf = c->cf;
    const cf_code *code = m->code;
    vm *vm = p->vm;
    vm_status st = VM_OK;
    for (uint16_t i = 0; i < code->n_exceptions; i++)
        if (code->exceptions[i].catch_type &&
            (st = use_class(p, c, m, code->exceptions[i].catch_type)) != VM_OK)
            return st;
    for (uint32_t pc = 0; pc < code->code_len;) {
        const uint8_t *b = code->code + pc;
        uint32_t len = cf_insn_length(code->code, code->code_len, pc);
        if (!len) break;                       /* checked at load: cannot happen */
        uint16_t idx = len >= 3 ? u2(b + 1) : 0;
        switch (b[0]) {
        case 0x12: /* ldc */
            idx = b[1];
            /* fall through */
        case 0x13: /* ldc_w */
            if (idx < cf->cp_count && cf->cp[idx].tag == CP_CLASS) st = use_class(p, c, m, idx);
            break;
        case 0xbb: case 0xbd: case 0xc0: case 0xc1: case 0xc5: /* new anewarray checkcast
                                                                 instanceof multianewarray */
            st = use_class(p, c, m, idx);
            break;
        case 0xb2: case 0xb3: case 0xb4: case 0xb5: { /* get/putstatic, get/putfield */
            jfield *f = NULL;
            st = rt_resolve_field(vm, c, idx, b[0] <= 0xb3, &f);
            if (st != VM_OK) st = failed(p, c, m, st);
            else st = add(p, f->owner);
            break;
        }
        case 0xb6: case 0xb7: case 0xb8: case 0xb9: { /* invoke* */
            jmethod *t = NULL;
            st = rt_resolve_method(vm, c, idx, &t);
            if (st != VM_OK) st = failed(p, c, m, st);
            else st = add(p, t->owner);
            break;
        }
        case 0xba: /* invokedynamic */
            st = check_indy(p, c, (jmethod *)m, pc);
            break;
        default:
            break;
        }
        if (st != VM_OK) return st;
        pc += len;
    }
    return VM_OK;
}

static vm_status walk_class(prep *p, jclass *c) {
    vm_status st;
    if ((st = add(p, c->super)) != VM_OK) return st;
    for (uint16_t i = 0; i < c->n_interfaces; i++)
        if ((st = add(p, c->interfaces[i])) != VM_OK) return st;
    for (uint32_t i = 0; i < c->n_methods; i++)
        if (c->methods[i].code && (st = walk_method(p, c, &c->methods[i])) != VM_OK) return st;
    return VM_OK;
}

/* Compile every method of c now (the JIT's first-call policy, run
 * early); a refusal leaves the method interpreted and is not retried. */
static void compile_class(vm *vm, jclass *c) {
    for (uint32_t i = 0; i < c->n_methods; i++) {
        jmethod *m = &c->methods[i];
        if (!m->code || m->jit_entry || vm_strcmp(m->name, "<clinit>") == 0) continue;
        if (m->invocations != vm->jit_threshold) continue;   /* already tried */
        jit_on_first_call(vm, m);
        if (!m->jit_entry) m->invocations++;                 /* refused: once */
    }
}

vm_status vm_prepare_class(vm *vm, vm_class *c, unsigned flags, vm_diag *d) {
    (void)flags;
    if (!c || c->kind != KIND_INSTANCE) return vm_diagf(d, VM_ERR_ARG, "not a class");
    if (c->link_error) {
        prep p0 = { vm, NULL, 0, 0, d };
        vm->exception = c->link_error;
        return failed(&p0, c, NULL, VM_ERR_EXCEPTION);
    }
    prep p = { vm, NULL, 0, 0, d };
    vm_status st = add(&p, c);
    for (uint32_t i = 0; st == VM_OK && i < p.n; i++) st = walk_class(&p, p.list[i]);
    if (st == VM_OK && !vm->interpret_only && vm->jit_threshold == 0)
        for (uint32_t i = 0; i < p.n; i++) compile_class(vm, p.list[i]);
    if (p.list) vm_free(vm->plat, p.list, p.cap * sizeof *p.list);
    return st;
}
