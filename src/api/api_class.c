/* api_class.c - the public embedding API (include/vifvm.h) over the
 * runtime: classes, methods, fields, objects, calls (with the handler
 * fast entry), host handles, exceptions and the class path.  Thin: each
 * function checks its arguments and calls the runtime. */
#include "../runtime/rt_internal.h"
#include "../runtime/invoke.h"
#include "../runtime/limits.h"
#include "../interp/call_compiled.h"
#include "../gc/heap.h"
#include "../classfile/classpath.h"
#include "../core/mem.h"
#include "../core/fmt.h"

/* the layout promised by include/vifvm.h */
_Static_assert(VM_OBJECT_HEADER_BYTES == JOBJ_HEADER_SIZE, "object header");
_Static_assert(VM_ARRAY_LENGTH_OFFSET == offsetof(jobject, length), "array length");
_Static_assert(sizeof(vm_value) == 8, "one slot");

const vm_platform *vm_get_platform(const vm *vm) { return vm->plat; }
int vm_fp_code(const vm *vm) { return vm->fp_code; }

struct named_q { const char *cls, *name; int found; };

static void named_cb(vm *vm, jclass *c, void *ctx) {
    struct named_q *q = ctx;
    (void)vm;
    if (q->found || !c->cf || c->is_boot) return;
    for (uint16_t i = 1; i < c->cf->cp_count; i++) {
        uint8_t t = c->cf->cp[i].tag;
        if (t != CP_METHODREF && t != CP_INTERFACE_METHODREF && t != CP_FIELDREF) continue;
        const char *cls, *name, *desc;
        cf_member_ref(c->cf, i, &cls, &name, &desc);
        if (vm_strcmp(name, q->name) == 0 && vm_strcmp(cls, q->cls) == 0) {
            q->found = 1;
            return;
        }
    }
}

int vm_member_named(vm *vm, const char *cls, const char *name) {
    struct named_q q = { cls, name, 0 };
    rt_table_each(vm, named_cb, &q);
    return q.found;
}

vm_status vm_set_classpath(vm *vm, const char *path, vm_diag *d) {
    if (!path) return vm_diagf(d, VM_ERR_ARG, "no class path");
    classpath *n = NULL;
    vm_status st = classpath_open(vm->plat, path, vm->limits.max_class_bytes, &n, d);
    if (st != VM_OK) return st;
    if (vm->cp) classpath_close(vm->cp);
    vm->cp = n;
    return VM_OK;
}

/* ---- objects ---------------------------------------------------------- */

vm_class *vm_object_class(const vm_object *o) { return o->cls; }
vm_object *vm_new_object(vm *vm, vm_class *c) { return rt_new_object(vm, c); }
vm_object *vm_new_array(vm *vm, vm_class *ac, int32_t length) {
    if (!ac || ac->kind != KIND_ARRAY) {
        rt_throw(vm, "java/lang/IllegalArgumentException", "not an array class");
        return NULL;
    }
    return rt_new_array(vm, ac, length);
}

/* ---- classes ---------------------------------------------------------- */

vm_status vm_class_find(vm *vm, const char *name, vm_class **out, vm_diag *d) {
    *out = NULL;
    if (!name || !*name) return vm_diagf(d, VM_ERR_ARG, "empty class name");
    return rt_find_class(vm, name, out, d);
}

vm_class *vm_class_loaded(vm *vm, const char *name) {
    return name ? rt_table_lookup(vm, name, vm_strlen(name)) : NULL;
}

vm_status vm_class_define(vm *vm, const char *name, const uint8_t *bytes, size_t len,
                          vm_class **out, vm_diag *d) {
    *out = NULL;
    if (!name || !*name || !bytes || !len) return vm_diagf(d, VM_ERR_ARG, "no class bytes");
    if (vm->define_name) return vm_diagf(d, VM_ERR_ARG, "vm_class_define: nested call");
    if (rt_table_lookup(vm, name, vm_strlen(name)))
        return vm_diagf(d, VM_ERR_ARG, "class %s is already loaded", name);
    vm->define_name = name;
    vm->define_bytes = bytes;
    vm->define_len = len;
    vm_status st = rt_find_class(vm, name, out, d);
    vm->define_name = NULL;
    vm->define_bytes = NULL;
    vm->define_len = 0;
    return st;
}

vm_status vm_class_init(vm *vm, vm_class *c) { return rt_init_class(vm, c); }
const char *vm_class_name(const vm_class *c) { return c->name; }
bool vm_class_assignable(const vm_class *s, const vm_class *t) { return rt_is_assignable(s, t); }

unsigned vm_class_flags(const vm_class *c) {
    unsigned f = 0;
    if (c->kind == KIND_INSTANCE && (c->access & ACC_INTERFACE)) f |= VM_CLASS_INTERFACE;
    if (c->kind == KIND_INSTANCE && (c->access & ACC_ABSTRACT)) f |= VM_CLASS_ABSTRACT;
    if (c->kind == KIND_ARRAY) f |= VM_CLASS_ARRAY;
    if (c->is_boot) f |= VM_CLASS_BOOT;
    return f;
}

/* ---- methods and calls ------------------------------------------------ */

vm_method *vm_method_find(vm_class *c, const char *name, const char *desc) {
    return c && name && desc ? rt_find_method(c, name, desc) : NULL;
}
vm_method *vm_method_find_declared(vm_class *c, const char *name, const char *desc) {
    return c && name && desc ? rt_find_declared_method(c, name, desc) : NULL;
}
unsigned vm_method_flags(const vm_method *m) {
    unsigned f = 0;
    if (m->access & ACC_STATIC) f |= VM_METHOD_STATIC;
    if (m->access & ACC_ABSTRACT) f |= VM_METHOD_ABSTRACT;
    if (m->access & ACC_NATIVE) f |= VM_METHOD_NATIVE;
    return f;
}
vm_class *vm_method_class(const vm_method *m) { return m->owner; }
const char *vm_method_name(const vm_method *m) { return m->name; }
const char *vm_method_desc(const vm_method *m) { return m->desc; }
uint32_t vm_method_arg_slots(const vm_method *m) { return m->arg_slots; }
uint32_t vm_class_method_count(const vm_class *c) { return c->n_methods; }
vm_method *vm_class_method(vm_class *c, uint32_t i) {
    return i < c->n_methods ? &c->methods[i] : NULL;
}

vm_status vm_call(vm *vm, vm_method *m, vm_value *args, vm_value *ret) {
    if (!m || (m->access & ACC_ABSTRACT)) return VM_ERR_ARG;
    return rt_call(vm, m, args, ret);
}

/* The per-packet entry: the budget and the compiled method's short path
 * (interp/call_compiled.h) in one out-of-line call. */
vm_status vm_call_handler(vm *vm, vm_method *m, uint64_t budget, uint64_t time_ns,
                          vm_value *args, vm_value *ret) {
    rt_budget_set_timed(vm, budget, time_ns);
    return rt_call_compiled_inline(vm, m, args, ret);
}

vm_status vm_call_virtual(vm *vm, vm_object *obj, const char *name, const char *desc,
                          vm_value *args, vm_value *ret) {
    if (!obj) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    return rt_call_virtual(vm, obj, name, desc, args, ret);
}

int vm_exit_code(const vm *vm) { return vm->exit_code; }

/* ---- fields ------------------------------------------------------------- */

vm_field *vm_field_find(vm_class *c, const char *name, const char *desc) {
    return c && name && desc ? rt_find_field(c, name, desc) : NULL;
}
uint32_t vm_field_offset(const vm_field *f) { return f->offset; }
bool vm_field_is_static(const vm_field *f) { return (f->access & ACC_STATIC) != 0; }
vm_object *vm_static_get_ref(const vm_field *f) {
    return rt_get_ref((jobject *)(void *)f->owner->statics, f->offset);
}
void vm_static_set_ref(vm_field *f, vm_object *v) {
    rt_set_ref((jobject *)(void *)f->owner->statics, f->offset, v);
}

/* ---- handles -------------------------------------------------------------- */

vm_handle *vm_handle_new(vm *vm, vm_object *o) {
    vm_handle *h = vm_zalloc(vm->plat, sizeof *h);
    if (!h) return NULL;
    h->obj = o;
    h->next = vm->host_handles;
    if (h->next) h->next->prev = h;
    vm->host_handles = h;
    return h;
}
vm_object *vm_handle_get(const vm_handle *h) { return h->obj; }
void vm_handle_set(vm_handle *h, vm_object *o) { h->obj = o; }
void vm_handle_free(vm *vm, vm_handle *h) {
    if (!h) return;
    if (h->prev) h->prev->next = h->next;
    else vm->host_handles = h->next;
    if (h->next) h->next->prev = h->prev;
    vm_free(vm->plat, h, sizeof *h);
}

/* the runtime's own nesting needs room too: the host gets a quarter */
void vm_protect(vm *vm, vm_object **slot) {
    if (vm->handle_count >= VM_MAX_HANDLES / 4 * 3) __builtin_trap();
    rt_protect(vm, slot);
}
void vm_unprotect(vm *vm, uint32_t n) {
    if (n > vm->handle_count) __builtin_trap();
    rt_unprotect(vm, n);
}

/* ---- exceptions ------------------------------------------------------------- */

vm_object *vm_exception(const vm *vm) { return vm->exception; }
void vm_exception_clear(vm *vm) { vm->exception = NULL; }

vm_status vm_throw(vm *vm, const char *cls, const char *msg) {
    if (!cls) cls = "java/lang/Error";
    return msg ? rt_throw(vm, cls, "%s", msg) : rt_throw(vm, cls, NULL);
}

void vm_exception_describe(vm *vm, vm_object *ex, char *buf, size_t cap) {
    if (!cap) return;
    if (!ex) {
        vm_snprintf(buf, cap, "(no exception)");
        return;
    }
    rt_describe_throwable(vm, ex, buf, cap);
}

void vm_exception_print(vm *vm, vm_object *ex) {
    if (!ex) return;
    jobject *saved = vm->exception;
    RT_PROTECT(vm, saved);
    rt_print_uncaught(vm, ex);
    RT_UNPROTECT(vm, 1);
    vm->exception = saved;
}

void vm_gc_collect(vm *vm) { gc_collect(vm); }
