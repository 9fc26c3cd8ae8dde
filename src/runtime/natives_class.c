/* natives_class.c - natives of java.lang.Class: names, kinds, hierarchy,
 * modifiers, Class.forName, primitive classes, enum constants (via the
 * enum's values()) and newInstance. */
#include "natives_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "invoke.h"
#include "roots.h"
#include "strings.h"
#include "../gc/heap.h"
#include "../core/mem.h"

static jclass *self_class(vm *vm, jvalue *args) {
    return rt_mirror_class(vm, args[0].l);
}

static vm_status ret_mirror(vm *vm, jclass *c, jvalue *ret) {
    if (!c) {
        ret->l = NULL;
        return VM_OK;
    }
    jobject *m = rt_class_mirror(vm, c);
    if (!m) return vm->exception ? VM_ERR_EXCEPTION : rt_throw_oom(vm);
    ret->l = m;
    return VM_OK;
}

/* Java name of a long class name, in native memory. */
__attribute__((noinline, cold))
static jobject *long_name(vm *vm, jclass *c, size_t cap) {
    char *buf = vm_zalloc(vm->plat, cap);
    if (!buf) {
        rt_throw_oom(vm);
        return NULL;
    }
    rt_class_java_name(c, buf, cap);
    jobject *s = rt_new_string_utf8(vm, buf, vm_strlen(buf));
    vm_free(vm->plat, buf, cap);
    return s;
}

NATIVE(nat_Class_getName0) {
    jclass *c = self_class(vm, args);
    size_t cap = vm_strlen(c->name) + 1;
    jobject *s;
    if (cap <= 128) {
        char small[128];
        rt_class_java_name(c, small, cap);
        s = rt_new_string_utf8(vm, small, vm_strlen(small));
    } else {
        s = long_name(vm, c, cap);
    }
    if (!s) return VM_ERR_EXCEPTION;
    ret->l = s;
    return VM_OK;
}

static bool is_exception_of(vm *vm, const char *name) {
    return vm->exception && vm_strcmp(vm->exception->cls->name, name) == 0;
}

/* Class.forName(binary name): "java.lang.String", "[I", "[Ljava.lang.String;". */
NATIVE(nat_Class_forName0) {
    jobject *jname = args[0].l;
    bool init = args[1].i != 0;
    if (!jname) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    size_t len = rt_string_to_utf8(vm, jname, NULL, 0);
    size_t cap = len + 1;
    char *name = vm_zalloc(vm->plat, cap);
    if (!name) return rt_throw_oom(vm);
    rt_string_to_utf8(vm, jname, name, cap);
    bool bad = len == 0;
    for (size_t i = 0; i < len; i++) {
        if (name[i] == '/') bad = true;
        else if (name[i] == '.') name[i] = '/';
    }
    jclass *c = NULL;
    vm_status st = VM_OK;
    if (!bad) st = rt_find_class_n(vm, name, len, &c, NULL);
    if (bad || (st == VM_ERR_EXCEPTION && is_exception_of(vm, "java/lang/NoClassDefFoundError"))) {
        for (size_t i = 0; i < len; i++)
            if (name[i] == '/') name[i] = '.';
        if (!bad) vm->exception = NULL;
        st = rt_throw(vm, "java/lang/ClassNotFoundException", "%s", name);
    }
    vm_free(vm->plat, name, cap);
    if (st != VM_OK) return st;
    if (init && c->kind == KIND_INSTANCE && rt_class_needs_init(c)) {
        st = rt_init_class(vm, c);
        if (st != VM_OK) return st;
    }
    return ret_mirror(vm, c, ret);
}

NATIVE(nat_Class_getPrimitiveClass) {
    static const char *const names[] = {
        [PRIM_BOOLEAN] = "boolean", [PRIM_BYTE] = "byte",   [PRIM_CHAR] = "char",
        [PRIM_SHORT] = "short",     [PRIM_INT] = "int",     [PRIM_LONG] = "long",
        [PRIM_FLOAT] = "float",     [PRIM_DOUBLE] = "double", [PRIM_VOID] = "void",
    };
    jobject *s = args[0].l;
    if (!s) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    char buf[16];
    rt_string_to_utf8(vm, s, buf, sizeof buf);
    for (int i = 0; i <= PRIM_VOID; i++) {
        if (vm_strcmp(buf, names[i]) == 0 && vm->wk.prim[i]) return ret_mirror(vm, vm->wk.prim[i], ret);
    }
    return rt_throw(vm, "java/lang/IllegalArgumentException", "not a primitive type: %s", buf);
}

NATIVE(nat_Class_isInstance) {
    jclass *c = self_class(vm, args);
    jobject *o = args[1].l;
    ret->i = o && c->kind != KIND_PRIMITIVE && rt_is_assignable(o->cls, c);
    return VM_OK;
}

NATIVE(nat_Class_isAssignableFrom) {
    jclass *c = self_class(vm, args);
    if (!args[1].l) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    jclass *o = rt_mirror_class(vm, args[1].l);
    if (c->kind == KIND_PRIMITIVE || o->kind == KIND_PRIMITIVE) ret->i = c == o;
    else ret->i = rt_is_assignable(o, c);
    return VM_OK;
}

NATIVE(nat_Class_isInterface) {
    jclass *c = self_class(vm, args);
    ret->i = c->kind == KIND_INSTANCE && (c->access & ACC_INTERFACE) != 0;
    return VM_OK;
}

NATIVE(nat_Class_isArray) {
    ret->i = self_class(vm, args)->kind == KIND_ARRAY;
    return VM_OK;
}

NATIVE(nat_Class_isPrimitive) {
    ret->i = self_class(vm, args)->kind == KIND_PRIMITIVE;
    return VM_OK;
}

NATIVE(nat_Class_getSuperclass) {
    jclass *c = self_class(vm, args);
    jclass *s = NULL;
    if (c->kind == KIND_ARRAY) s = vm->wk.object;
    else if (c->kind == KIND_INSTANCE && !(c->access & ACC_INTERFACE)) s = c->super;
    return ret_mirror(vm, s, ret);
}

NATIVE(nat_Class_getInterfaces0) {
    jclass *c = self_class(vm, args);
    jclass *array_ifaces[2] = { vm->wk.cloneable, vm->wk.serializable };
    jclass **ifaces = c->interfaces;
    uint32_t n = c->n_interfaces;
    if (c->kind == KIND_ARRAY) {
        ifaces = array_ifaces;
        n = 2;
    } else if (c->kind == KIND_PRIMITIVE) {
        n = 0;
    }
    jclass *ac;
    vm_status st = rt_find_class(vm, "[Ljava/lang/Class;", &ac, NULL);
    if (st != VM_OK) return st;
    jobject *a = rt_new_array(vm, ac, (int32_t)n);
    if (!a) return VM_ERR_EXCEPTION;
    RT_PROTECT(vm, a);
    for (uint32_t i = 0; i < n; i++) {
        jobject *m = ifaces[i] ? rt_class_mirror(vm, ifaces[i]) : NULL;
        if (!m) {
            RT_UNPROTECT(vm, 1);
            return vm->exception ? VM_ERR_EXCEPTION : rt_throw_oom(vm);
        }
        ((jobject **)JARRAY_DATA(a))[i] = m;
    }
    RT_UNPROTECT(vm, 1);
    ret->l = a;
    return VM_OK;
}

NATIVE(nat_Class_getComponentType) {
    jclass *c = self_class(vm, args);
    return ret_mirror(vm, c->kind == KIND_ARRAY ? c->component : NULL, ret);
}

/* As the JDK: arrays take their element's visibility and are abstract and
 * final; primitives are public abstract final; ACC_SUPER is dropped. */
NATIVE(nat_Class_getModifiers) {
    jclass *c = self_class(vm, args);
    int32_t m;
    if (c->kind == KIND_PRIMITIVE) {
        m = ACC_PUBLIC | ACC_ABSTRACT | ACC_FINAL;
    } else if (c->kind == KIND_ARRAY) {
        jclass *e = c->component;
        while (e->kind == KIND_ARRAY) e = e->component;
        int32_t vis = e->kind == KIND_PRIMITIVE ? ACC_PUBLIC
                                                : (e->access & (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED));
        m = vis | ACC_ABSTRACT | ACC_FINAL;
    } else {
        m = c->access & ~(ACC_SUPER | ACC_MODULE);
    }
    ret->i = m;
    return VM_OK;
}

/* The enum class's values() array (initialising the class), or null. */
NATIVE(nat_Class_enumValues0) {
    jclass *c = self_class(vm, args);
    ret->l = NULL;
    if (c->kind != KIND_INSTANCE) return VM_OK;
    size_t nl = vm_strlen(c->name);
    size_t cap = nl + 6; /* "()[L" name ";" NUL */
    char *desc = vm_zalloc(vm->plat, cap);
    if (!desc) return rt_throw_oom(vm);
    vm_memcpy(desc, "()[L", 4);
    vm_memcpy(desc + 4, c->name, nl);
    desc[4 + nl] = ';';
    jmethod *m = rt_find_declared_method(c, "values", desc);
    vm_free(vm->plat, desc, cap);
    if (!m || !(m->access & ACC_STATIC)) return VM_OK;
    vm_status st = rt_init_class(vm, c);
    if (st != VM_OK) return st;
    jvalue r;
    r.l = NULL;
    st = rt_call(vm, m, NULL, &r);
    if (st != VM_OK) return st;
    ret->l = r.l;
    return VM_OK;
}

/* Class.newInstance(): the nullary constructor, without access checks. */
NATIVE(nat_Class_newInstance0) {
    jclass *c = self_class(vm, args);
    jmethod *ctor = c->kind == KIND_INSTANCE ? rt_find_declared_method(c, "<init>", "()V") : NULL;
    /* as the JDK: no nullary constructor -> the class name as message; an
     * abstract class -> no message */
    if (!ctor || (c->access & ACC_INTERFACE))
        return nat_throw_class_name(vm, "java/lang/InstantiationException", "%s", c);
    if (c->access & ACC_ABSTRACT) return rt_throw(vm, "java/lang/InstantiationException", NULL);
    vm_status st = rt_init_class(vm, c);
    if (st != VM_OK) return st;
    jobject *o = rt_new_object(vm, c);
    if (!o) return VM_ERR_EXCEPTION;
    RT_PROTECT(vm, o);
    jvalue a[1];
    a[0].l = o;
    st = rt_call(vm, ctor, a, NULL);
    RT_UNPROTECT(vm, 1);
    if (st != VM_OK) return st;
    ret->l = o;
    return VM_OK;
}
