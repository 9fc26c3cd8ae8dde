/* indy_link.c - invokedynamic call sites (JVMS 5.4.3.6, 6.5 invokedynamic):
 * choosing the bootstrap method, running a linked site.
 *
 * vifvm has no general java.lang.invoke: the bootstrap methods javac emits
 * are implemented in C, each producing one of three kinds of call site
 * (indy.h):
 *   - StringConcatFactory.makeConcat[WithConstants]: indy_concat.c;
 *   - LambdaMetafactory.metafactory / altMetafactory: indy_lambda.c
 *     generates a class implementing the functional interface;
 *   - ObjectMethods.bootstrap (records): indy_objmethods.c generates a
 *     class with the toString / hashCode / equals method;
 *   - SwitchBootstraps.typeSwitch / enumSwitch (pattern matching in
 *     switch): indy_switch.c generates a class with the label tests.
 * Any other bootstrap method raises BootstrapMethodError naming it.
 *
 * A call site is linked on its first execution, once per invokedynamic
 * instruction (the interpreter and the JIT share the method's side table),
 * and a failed link is retried (and fails again) on the next execution. */
#include "indy.h"
#include "../core/mem.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/invoke.h"
#include "../gc/heap.h"

size_t indy_type_len(const char *p) {
    const char *q = p;
    while (*q == '[') q++;
    if (*q == 'L') {
        while (*q && *q != ';') q++;
        if (*q != ';') return 0;
    } else if (!*q || !vm_strchr("ZBCSIJFDV", *q)) {
        return 0;
    }
    return (size_t)(q + 1 - p);
}

vm_status indy_bsm_error(vm *vm, const indy_bsm *b, const char *why) {
    char cname[256];
    uint32_t i;
    for (i = 0; b->bcls[i] && i + 1 < sizeof cname; i++)
        cname[i] = b->bcls[i] == '/' ? '.' : b->bcls[i];
    cname[i] = 0;
    return rt_throw(vm, "java/lang/BootstrapMethodError",
                    "bootstrap method %s.%s (call site %s%s): %s", cname, b->bname,
                    b->name, b->desc, why);
}

static bool is(const char *a, const char *b) { return vm_strcmp(a, b) == 0; }

vm_status indy_link(vm *vm, jmethod *m, uint16_t cpidx, struct indy_site **out) {
    const cf_class *cf = m->owner->cf;
    *out = NULL;
    if (!cf || cpidx == 0 || cpidx >= cf->cp_count || cf->cp[cpidx].tag != CP_INVOKE_DYNAMIC)
        return interp_throw_internal(vm, "invokedynamic: bad constant-pool index");
    indy_bsm b;
    b.caller = m;
    b.host = m->owner;
    b.cf = cf;
    uint16_t bsm = cf->cp[cpidx].u.ref.a;
    cf_name_and_type(cf, cf->cp[cpidx].u.ref.b, &b.name, &b.desc);
    if (bsm >= cf->n_bootstrap)
        return rt_throw(vm, "java/lang/BootstrapMethodError",
                        "invokedynamic: bootstrap method #%u missing", (unsigned)bsm);
    b.bs = &cf->bootstrap[bsm];
    b.bcls = "?";
    b.bname = "?";
    const char *bdesc = "?";
    if (b.bs->method_ref && b.bs->method_ref < cf->cp_count &&
        cf->cp[b.bs->method_ref].tag == CP_METHOD_HANDLE) {
        uint16_t ref = cf->cp[b.bs->method_ref].u.ref.b;
        if (ref && ref < cf->cp_count) cf_member_ref(cf, ref, &b.bcls, &b.bname, &bdesc);
    }
    int d_slots = cf_desc_arg_slots(b.desc);
    if (d_slots < 0 || !cf_valid_method_desc(b.desc))
        return indy_bsm_error(vm, &b, "malformed call site descriptor");

    struct indy_site *s = vm_zalloc(vm->plat, sizeof *s);
    if (!s) return rt_throw_oom(vm);
    s->arg_slots = (uint32_t)d_slots;
    vm_status st;
    if (is(b.bcls, "java/lang/invoke/StringConcatFactory") &&
        (is(b.bname, "makeConcatWithConstants") || is(b.bname, "makeConcat"))) {
        s->kind = INDY_CONCAT;
        st = indy_concat_link(vm, cf, b.bs, is(b.bname, "makeConcatWithConstants"), b.desc,
                              &s->concat);
    } else if (is(b.bcls, "java/lang/invoke/LambdaMetafactory") &&
               (is(b.bname, "metafactory") || is(b.bname, "altMetafactory"))) {
        st = indy_lambda_link(vm, &b, is(b.bname, "altMetafactory"), s);
    } else if (is(b.bcls, "java/lang/runtime/ObjectMethods") && is(b.bname, "bootstrap")) {
        st = indy_objmethods_link(vm, &b, s);
    } else if (is(b.bcls, "java/lang/runtime/SwitchBootstraps") &&
               (is(b.bname, "typeSwitch") || is(b.bname, "enumSwitch"))) {
        st = indy_switch_link(vm, &b, is(b.bname, "enumSwitch"), s);
    } else {
        st = indy_bsm_error(vm, &b, "vifvm does not provide this bootstrap method (it "
                            "implements string concatenation, lambdas and method "
                            "references, records' toString/equals/hashCode, and "
                            "SwitchBootstraps' typeSwitch and enumSwitch)");
    }
    if (st != VM_OK) {
        indy_site_free(vm, s);
        return st;
    }
    *out = s;
    return VM_OK;
}

vm_status indy_site_at(vm *vm, jmethod *m, uint32_t pc, struct indy_site **out,
                       uint32_t *index) {
    vm_status st;
    if (!m->qcode && (st = interp_prepare(vm, m)) != VM_OK) return st;
    interp_mdata *md = interp_md(m);
    for (uint32_t i = 0; i < md->n_sites; i++)
        if (md->sites[i].pc == pc && md->sites[i].kind == SITE_INDY) {
            *out = md->sites[i].a;
            if (index) *index = i;
            return VM_OK;
        }
    if (!m->code || pc + 5 > m->code->code_len || m->code->code[pc] != OP_invokedynamic)
        return interp_throw_internal(vm, "invokedynamic: no call site at this pc");
    const uint8_t *ip = m->code->code + pc;
    struct indy_site *s;
    st = indy_link(vm, m, (uint16_t)((ip[1] << 8) | ip[2]), &s);
    if (st != VM_OK) return st;
    uint32_t idx;
    if (interp_add_site(vm, m, pc, SITE_INDY, s, NULL, &idx) != VM_OK) {
        indy_site_free(vm, s);
        return rt_throw_oom(vm);
    }
    *out = s;
    if (index) *index = idx;
    return VM_OK;
}

vm_status interp_link_indy_at(vm *vm, jmethod *m, uint32_t pc, jclass **generated) {
    struct indy_site *s;
    *generated = NULL;
    vm_status st = indy_site_at(vm, m, pc, &s, NULL);
    if (st != VM_OK) return st;
    if (s->kind == INDY_CONST) *generated = s->konst->owner;
    else if (s->kind == INDY_CALL) *generated = s->call->owner;
    else if (s->kind == INDY_NEW) *generated = s->cls;
    return VM_OK;
}

uint32_t indy_arg_slots(const struct indy_site *s) { return s->arg_slots; }

jmethod *indy_call_target(const struct indy_site *s) {
    return s->kind == INDY_CALL ? s->call : NULL;
}

vm_status indy_exec(vm *vm, const struct indy_site *s, jvalue *args, jvalue *out) {
    out->raw = 0;
    switch (s->kind) {
    case INDY_CONCAT: {
        jobject *r = NULL;
        vm_status st = indy_concat_exec(vm, s->concat, args, &r);
        out->l = r;
        return st;
    }
    case INDY_CONST:
        out->l = *(jobject **)(void *)(s->konst->owner->statics + s->konst->offset);
        return VM_OK;
    case INDY_NEW: {
        jobject *o = rt_new_object(vm, s->cls);
        if (!o) return VM_ERR_EXCEPTION;
        const jvalue *a = args;
        for (uint32_t i = 0; i < s->n_fields; i++) {
            const jfield *f = s->fields[i];
            char *p = (char *)o + f->offset;
            switch (f->type) {
            case 'Z': *(int8_t *)p = (int8_t)(a->i & 1); break;
            case 'B': *(int8_t *)p = (int8_t)a->i; break;
            case 'C': case 'S': *(int16_t *)(void *)p = (int16_t)a->i; break;
            case 'I': case 'F': *(int32_t *)(void *)p = a->i; break;
            case 'J': case 'D': *(int64_t *)(void *)p = a->j; break;
            default: *(jobject **)(void *)p = a->l; break;
            }
            a += indy_type_slots(f->type);
        }
        out->l = o;
        return VM_OK;
    }
    default:
        return rt_call(vm, s->call, args, out);
    }
}

void indy_site_free(vm *vm, struct indy_site *s) {
    if (!s) return;
    if (s->concat) indy_concat_free(vm, s->concat);
    if (s->fields) vm_free(vm->plat, s->fields, s->n_fields * sizeof *s->fields);
    vm_free(vm->plat, s, sizeof *s);
}
