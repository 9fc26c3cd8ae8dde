/* verify.c - the verifier's entry point: per class, set up the name table;
 * per method with code, the state arrays, the catch types of the
 * exception handlers (each must be a subclass of Throwable), then type
 * checking (version >= 50, with failover to inference for version 50 as
 * HotSpot does) or type inference (older versions). */
#include "verify_internal.h"
#include "../core/mem.h"

static vm_status handler_types(vctx *x) {
    const cf_code *code = x->code;
    vm_status st = VM_OK;
    if (!code->n_exceptions) return VM_OK;
    x->exc_types = vx_alloc_m(x, code->n_exceptions * sizeof(vtype), &st);
    if (!x->exc_types) return st;
    for (uint16_t i = 0; i < code->n_exceptions; i++) {
        const cf_exception_entry *e = &code->exceptions[i];
        x->pc = e->handler_pc;
        if (!e->catch_type) {
            x->exc_types[i] = VT_MK(VT_REF, x->n_throwable);
            continue;
        }
        if (e->catch_type >= x->cf->cp_count || x->cf->cp[e->catch_type].tag != CP_CLASS)
            return vx_fail(x, "exception handler catch type %u is not a class constant",
                           (unsigned)e->catch_type);
        uint32_t n = vx_cp_class(x, e->catch_type);
        if (n == UINT32_MAX) return vx_nomem(x);
        int r = vx_name_assignable(x, n, x->n_throwable, &st);
        if (r < 0) return st;
        jclass *cc = NULL;
        if (r && x->names[n].s[0] != '[' && (st = vx_load(x, n, &cc)) != VM_OK) return st;
        if (!r || (cc && vx_is_interface(cc)))
            return vx_fail(x, "exception handler catch type %s is not a subclass of "
                              "java/lang/Throwable", x->names[n].s);
        x->exc_types[i] = VT_MK(VT_REF, n);
    }
    return VM_OK;
}

static vm_status verify_method(vctx *x, const cf_method *m, unsigned flags, bool *inferred) {
    vm_status st = VM_OK;
    x->m = m;
    x->code = m->code;
    x->pc = 0;
    x->nloc = m->code->max_locals;
    x->nstk = m->code->max_stack;
    x->is_init = vm_strcmp(m->name, "<init>") == 0 && x->cls->super != NULL;
    x->exc_types = NULL;
    x->work = 0;
    x->loc = vx_alloc_m(x, ((size_t)x->nloc + x->nstk + 1) * sizeof(vtype), &st);
    if (!x->loc) return st;
    x->stk = x->loc + x->nloc;
    if ((st = handler_types(x)) != VM_OK) return st;
    *inferred = x->cf->major < 50 || (flags & VERIFY_INFER_ALL);
    if (*inferred) return vx_infer_method(x);
    st = vx_check_method(x);
    if (st == VM_ERR_VERIFY && x->cf->major == 50) {
        /* failover (HotSpot's FailOverToOldVerifier for version 50) */
        *inferred = true;
        x->work = 0;
        st = vx_infer_method(x);
    }
    return st;
}

vm_status verify_class(vm *vm, jclass *c, verify_stats *stats, vm_diag *d) {
    return verify_class_ex(vm, c, 0, stats, d);
}

vm_status verify_class_ex(vm *vm, jclass *c, unsigned flags, verify_stats *stats,
                          vm_diag *d) {
    if (!c->cf) return VM_OK;
    /* on the heap: verification may load (and verify) classes recursively */
    vctx *x = vm_zalloc(vm->plat, sizeof *x);
    if (!x) return vm_diagf(d, VM_ERR_NOMEM, "out of memory verifying %s", c->name);
    x->vm = vm;
    x->cls = c;
    x->cf = c->cf;
    x->d = d;
    x->budget = VERIFY_MAX_STATE_BYTES;
    vm_status st = vx_names_init(x);
    uint64_t class_work = 0;
    for (uint16_t i = 0; st == VM_OK && i < c->cf->n_methods; i++) {
        const cf_method *m = &c->cf->methods[i];
        if (!m->code) continue;
        bool inferred = false;
        st = verify_method(x, m, flags, &inferred);
        vx_free_m(x);
        class_work += x->work;
        if (st == VM_OK && class_work > VERIFY_MAX_CLASS_WORK) {
            x->m = NULL;
            vx_fail(x, "class too complex to verify (more than %u work units)",
                    VERIFY_MAX_CLASS_WORK);
            st = VM_ERR_LIMIT;
        }
        if (stats && st == VM_OK) {
            stats->methods++;
            stats->code_bytes += m->code->code_len;
            if (inferred) stats->inferred++;
            if (x->work > stats->max_work) stats->max_work = x->work;
        }
    }
    vx_names_free(x);
    vm_free(vm->plat, x, sizeof *x);
    return st;
}
