/* class_init.c - class and interface initialisation (JVMS 5.5) for the
 * single thread of a VM: ConstantValue statics, superclass and
 * default-method superinterfaces first, <clinit>, and the erroneous state
 * with ExceptionInInitializerError / NoClassDefFoundError. */
#include "rt_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "invoke.h"
#include "strings.h"
#include "../gc/heap.h"
#include "../core/mem.h"

/* JVMS 5.5 step 6 (and 4.7.2): static fields with a ConstantValue
 * attribute get their value before <clinit> runs. */
static vm_status set_constant_values(vm *vm, jclass *c) {
    cf_class *cf = c->cf;
    if (!cf) return VM_OK;
    for (uint32_t i = 0; i < c->n_fields; i++) {
        jfield *f = &c->fields[i];
        if (!(f->access & ACC_STATIC) || !f->constant_value) continue;
        const cf_const *k = &cf->cp[f->constant_value];
        uint8_t *p = c->statics + f->offset;
        switch (f->type) {
        case 'Z': case 'B': { int8_t v = (int8_t)k->u.i32; vm_memcpy(p, &v, 1); break; }
        case 'C': case 'S': { int16_t v = (int16_t)k->u.i32; vm_memcpy(p, &v, 2); break; }
        case 'I': vm_memcpy(p, &k->u.i32, 4); break;
        case 'F': vm_memcpy(p, &k->u.f32, 4); break;
        case 'J': vm_memcpy(p, &k->u.i64, 8); break;
        case 'D': vm_memcpy(p, &k->u.f64, 8); break;
        default: { /* String: linking checked the tag */
            const char *s = cf_utf8(cf, k->u.ref.a);
            jobject *str = rt_intern_utf8(vm, s, vm_strlen(s));
            if (!str) return VM_ERR_EXCEPTION;
            vm_memcpy(p, &str, sizeof str); /* statics never move */
            break;
        }
        }
    }
    return VM_OK;
}

/* Does interface i declare a non-abstract, non-static method (a default
 * method)?  Only such superinterfaces are initialised with a class. */
static bool declares_default(const jclass *i) {
    for (uint32_t k = 0; k < i->n_methods; k++) {
        const jmethod *m = &i->methods[k];
        if (!(m->access & (ACC_ABSTRACT | ACC_STATIC)) && m->name[0] != '<') return true;
    }
    return false;
}

/* JVMS 5.5 step 7: superinterfaces declaring default methods, in the
 * order of a recursive enumeration (superinterfaces of I before I). */
static vm_status init_default_interfaces(vm *vm, jclass *i, uint32_t depth) {
    if (depth > RT_MAX_LOAD_DEPTH) return VM_OK;
    for (uint16_t k = 0; k < i->n_interfaces; k++) {
        vm_status st = init_default_interfaces(vm, i->interfaces[k], depth + 1);
        if (st != VM_OK) return st;
    }
    if (rt_class_needs_init(i) && declares_default(i)) return rt_init_class(vm, i);
    return VM_OK;
}

/* Replace pending exception E (not an Error) by ExceptionInInitializerError(E). */
static void wrap_in_eiie(vm *vm) {
    jobject *e = vm->exception;
    jclass *err;
    if (rt_find_class(vm, "java/lang/Error", &err, NULL) != VM_OK) return;
    if (rt_is_assignable(e->cls, err)) return;
    vm->exception = NULL;
    RT_PROTECT(vm, e);
    jclass *eiie;
    jobject *o = NULL;
    vm->in_reserve++; /* E may be a StackOverflowError-like condition */
    vm_status st = rt_find_class(vm, "java/lang/ExceptionInInitializerError", &eiie, NULL);
    if (st == VM_OK) st = rt_init_class(vm, eiie);
    if (st == VM_OK) {
        o = rt_new_object(vm, eiie);
        if (!o) st = VM_ERR_EXCEPTION;
    }
    if (st == VM_OK) {
        RT_PROTECT(vm, o);
        jmethod *ctor = rt_find_declared_method(eiie, "<init>", "(Ljava/lang/Throwable;)V");
        if (ctor) {
            jvalue args[2];
            args[0].l = o;
            args[1].l = e;
            st = rt_call(vm, ctor, args, NULL);
        } else {
            /* no such constructor in the library: keep E as the cause */
            if (vm->off.throwable_cause) rt_set_ref(o, vm->off.throwable_cause, e);
            rt_fill_stack_trace(vm, o);
            st = VM_OK;
        }
        RT_UNPROTECT(vm, 1);
        if (st == VM_OK) vm->exception = o;
    }
    vm->in_reserve--;
    if (!vm->exception) vm->exception = e; /* could not wrap: keep E */
    RT_UNPROTECT(vm, 1);
}

static vm_status init_failed(vm *vm, jclass *c) {
    c->state = CLS_ERROR;
    c->init_error = vm->exception;
    return VM_ERR_EXCEPTION;
}

/* Initialization cut short without an exception (System.exit, the
 * instruction budget, no memory): the initializer never completed, so the
 * class must never be used - left CLS_INITIALIZING, a later use would take
 * it as initialized (step 3).  A VM can outlive this (vifd aborts just the
 * VIFlet): later uses raise NoClassDefFoundError. */
static vm_status init_aborted(jclass *c, vm_status st) {
    c->state = CLS_ERROR;
    return st;
}

/* A class whose superclass failed to link (e.g. VerifyError) cannot be
 * linked either: it inherits that error, as HotSpot's linking of the
 * superclass first would have raised it (JVMS 5.4, 5.4.3). */
static jobject *inherited_link_error(const jclass *c) {
    for (const jclass *s = c->super; s; s = s->super)
        if (s->link_error) return s->link_error;
    return NULL;
}

vm_status rt_init_class(vm *vm, jclass *c) {
    if (c->state != CLS_INITIALIZED && c->state != CLS_ERROR) {
        jobject *le = inherited_link_error(c);
        if (le) {
            c->state = CLS_ERROR;
            c->link_error = le;
        }
    }
    switch (c->state) {
    case CLS_INITIALIZED:
    case CLS_INITIALIZING: /* step 3: recursive request by this thread */
        return VM_OK;
    case CLS_ERROR: {      /* step 5 */
        /* unusable since linking: the same LinkageError again (5.4.3) */
        if (c->link_error) return rt_throw_object(vm, c->link_error);
        char jn[256];
        rt_class_java_name(c, jn, sizeof jn);
        return rt_throw(vm, "java/lang/NoClassDefFoundError",
                        "Could not initialize class %s", jn);
    }
    default:
        break;
    }
    c->state = CLS_INITIALIZING;                 /* step 6 */
    vm_status st = set_constant_values(vm, c);
    if (st == VM_ERR_EXCEPTION) return init_failed(vm, c);
    if (st != VM_OK) return init_aborted(c, st);

    if (!(c->access & ACC_INTERFACE)) {          /* step 7 */
        if (c->super && rt_class_needs_init(c->super)) {
            st = rt_init_class(vm, c->super);
            if (st == VM_ERR_EXCEPTION) return init_failed(vm, c);
            if (st != VM_OK) return init_aborted(c, st);
        }
        for (uint16_t k = 0; k < c->n_interfaces; k++) {
            st = init_default_interfaces(vm, c->interfaces[k], 0);
            if (st == VM_ERR_EXCEPTION) return init_failed(vm, c);
            if (st != VM_OK) return init_aborted(c, st);
        }
    }

    jmethod *clinit = rt_find_declared_method(c, "<clinit>", "()V");
    if (clinit && (clinit->access & ACC_STATIC)) {   /* step 9 */
        st = rt_call(vm, clinit, NULL, NULL);
        if (st == VM_ERR_EXCEPTION) {            /* steps 11-12 */
            if (vm->exception) wrap_in_eiie(vm);
            return init_failed(vm, c);
        }
        if (st != VM_OK) return init_aborted(c, st); /* System.exit, ... */
    }
    c->state = CLS_INITIALIZED;                  /* step 10 */
    return VM_OK;
}
