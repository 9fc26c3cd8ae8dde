/* array_classes.c - the primitive classes (int.class, ...) and array
 * classes (JVMS 5.3.3: created by the VM, not loaded from class files).
 * An array class has superclass Object, superinterfaces Cloneable and
 * java.io.Serializable, is always initialised, and dispatches through a
 * copy of Object's vtable. */
#include "rt_internal.h"
#include "classes.h"
#include "../core/mem.h"

#define MAX_ARRAY_DIMS 255

static const struct {
    const char *name;
    char code;
    uint8_t size;
} prim_info[9] = {
    [PRIM_BOOLEAN] = { "boolean", 'Z', 1 },
    [PRIM_BYTE]    = { "byte",    'B', 1 },
    [PRIM_CHAR]    = { "char",    'C', 2 },
    [PRIM_SHORT]   = { "short",   'S', 2 },
    [PRIM_INT]     = { "int",     'I', 4 },
    [PRIM_LONG]    = { "long",    'J', 8 },
    [PRIM_FLOAT]   = { "float",   'F', 4 },
    [PRIM_DOUBLE]  = { "double",  'D', 8 },
    [PRIM_VOID]    = { "void",    'V', 0 },
};

vm_status rt_create_primitive_classes(vm *vm) {
    for (int i = 0; i < 9; i++) {
        jclass *c = vm_zalloc(vm->plat, sizeof *c);
        if (!c) return VM_ERR_NOMEM;
        c->name = prim_info[i].name;
        c->access = ACC_PUBLIC | ACC_FINAL | ACC_ABSTRACT;
        c->state = CLS_INITIALIZED;
        c->kind = KIND_PRIMITIVE;
        c->is_boot = true;
        c->elem_type = prim_info[i].code;
        c->elem_size = prim_info[i].size;
        c->instance_size = JOBJ_HEADER_SIZE;
        vm->wk.prim[i] = c;
    }
    return VM_OK;
}

void rt_free_primitive_classes(vm *vm) {
    for (int i = 0; i < 9; i++) {
        vm_free(vm->plat, vm->wk.prim[i], sizeof(jclass));
        vm->wk.prim[i] = NULL;
    }
}

static jclass *prim_by_code(vm *vm, char code) {
    for (int i = 0; i < PRIM_VOID; i++)
        if (prim_info[i].code == code) return vm->wk.prim[i];
    return NULL;
}

static int dims_of(const jclass *c) {
    int n = 0;
    while (c->name[n] == '[') n++;
    return n;
}

static vm_status array_nomem(vm *vm) {
    vm_status st = rt_throw_oom(vm);
    return st == VM_OK ? VM_ERR_EXCEPTION : st;
}

vm_status rt_array_class_of(vm *vm, jclass *elem, jclass **out) {
    if (elem->array_class) {
        *out = elem->array_class;
        return VM_OK;
    }
    if (elem->kind == KIND_PRIMITIVE && elem->elem_type == 'V')
        return rt_load_error(vm, NULL, "java/lang/IllegalArgumentException",
                             "void array");
    if (dims_of(elem) >= MAX_ARRAY_DIMS)
        return rt_load_error(vm, NULL, "java/lang/IllegalArgumentException",
                             "array dimensions exceed 255");
    /* name: "[" + the element's descriptor */
    size_t el = vm_strlen(elem->name);
    size_t nl = elem->kind == KIND_INSTANCE ? el + 3 : (elem->kind == KIND_ARRAY ? el + 1 : 2);
    char *name = vm_zalloc(vm->plat, nl + 1);
    if (!name) return array_nomem(vm);
    name[0] = '[';
    if (elem->kind == KIND_INSTANCE) {
        name[1] = 'L';
        vm_memcpy(name + 2, elem->name, el);
        name[el + 2] = ';';
    } else if (elem->kind == KIND_ARRAY) {
        vm_memcpy(name + 1, elem->name, el);
    } else {
        name[1] = elem->elem_type;
    }
    /* it may exist already (created by name before elem->array_class was
     * set: cannot happen, but stay safe) */
    jclass *existing = rt_table_lookup(vm, name, nl);
    if (existing) {
        vm_free(vm->plat, name, nl + 1);
        elem->array_class = existing;
        *out = existing;
        return VM_OK;
    }
    jclass *c = vm_zalloc(vm->plat, sizeof *c);
    if (!c) {
        vm_free(vm->plat, name, nl + 1);
        return array_nomem(vm);
    }
    c->name = name;
    c->kind = KIND_ARRAY;
    c->state = CLS_INITIALIZED;
    c->is_boot = elem->is_boot;
    c->super = vm->wk.object;
    /* JVMS 5.3.3: accessibility of an array class is that of its element */
    c->access = (uint16_t)((elem->access & ACC_PUBLIC) | ACC_FINAL | ACC_ABSTRACT);
    c->component = elem;
    c->instance_size = JOBJ_HEADER_SIZE;
    if (elem->kind == KIND_PRIMITIVE) {
        c->elem_type = elem->elem_type;
        c->elem_size = elem->elem_size;
    } else {
        c->elem_type = 'L';
        c->elem_size = 8;
    }
    /* Cloneable and Serializable (when the library has them) */
    jclass *ifs[2];
    uint16_t ni = 0;
    if (vm->wk.cloneable) ifs[ni++] = vm->wk.cloneable;
    if (vm->wk.serializable) ifs[ni++] = vm->wk.serializable;
    if (ni) {
        c->interfaces = vm_zalloc(vm->plat, ni * sizeof(jclass *));
        if (!c->interfaces) goto nomem;
        c->n_interfaces = ni;
        c->itable = vm_zalloc(vm->plat, ni * sizeof(jitable_entry));
        if (!c->itable) goto nomem;
        c->itable_len = ni;
        for (uint16_t i = 0; i < ni; i++) {
            c->interfaces[i] = ifs[i];
            c->itable[i].iface = ifs[i];
        }
        for (uint16_t i = 0; i < ni; i++) {
            /* Cloneable and Serializable declare no methods; should a
             * library version declare some, they resolve to Object's. */
            uint32_t cnt = rt_iface_method_count(ifs[i]);
            if (cnt) {
                c->itable[i].methods = vm_zalloc(vm->plat, cnt * sizeof(jmethod *));
                if (!c->itable[i].methods) goto nomem;
                for (uint32_t k = 0; k < ifs[i]->n_methods; k++) {
                    jmethod *im = &ifs[i]->methods[k];
                    if (im->itable_index >= 0)
                        c->itable[i].methods[im->itable_index] =
                            rt_select_interface_method(c, im);
                }
            }
        }
    }
    if (vm->wk.object && vm->wk.object->vtable_len) {
        uint32_t n = vm->wk.object->vtable_len;
        c->vtable = vm_zalloc(vm->plat, n * sizeof(jmethod *));
        if (!c->vtable) goto nomem;
        vm_memcpy(c->vtable, vm->wk.object->vtable, n * sizeof(jmethod *));
        c->vtable_len = n;
    }
    rt_table_insert(vm, c);
    elem->array_class = c;
    *out = c;
    return VM_OK;
nomem:
    rt_free_class(vm, c);
    return array_nomem(vm);
}

/* Array class by descriptor name ("[I", "[[Ljava/lang/String;"). */
vm_status rt_make_array_class(vm *vm, const char *name, size_t len,
                              jclass **out, vm_diag *d) {
    int dims = 0;
    while ((size_t)dims < len && name[dims] == '[') dims++;
    const char *rest = name + dims;
    size_t rl = len - (size_t)dims;
    jclass *elem = NULL;
    if (dims > MAX_ARRAY_DIMS || rl == 0) goto bad;
    if (rest[0] == 'L') {
        if (rl < 3 || rest[rl - 1] != ';') goto bad;
        if (!rt_valid_class_name(rest + 1, rl - 2)) goto bad;
        vm_status st = rt_find_class_n(vm, rest + 1, rl - 2, &elem, d);
        if (st != VM_OK) return st;
    } else {
        if (rl != 1 || !(elem = prim_by_code(vm, rest[0]))) goto bad;
    }
    /* build the dimensions innermost first; each is cached in the element */
    for (int i = 0; i < dims; i++) {
        jclass *a;
        vm_status st = rt_array_class_of(vm, elem, &a);
        if (st != VM_OK) return st;
        elem = a;
    }
    *out = elem;
    return VM_OK;
bad:
    return rt_load_error(vm, d, "java/lang/NoClassDefFoundError", "%.*s",
                         (int)(len > 512 ? 512 : len), name);
}
