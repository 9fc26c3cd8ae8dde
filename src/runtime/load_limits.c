/* load_limits.c - per-VM (= per-owner) limits on what user classes load:
 * classes, methods, bytes of bytecode (vm_limits; limits.h).  Called by
 * class_load.c for every class it parses, before linking. */
#include "limits.h"
#include "rt_internal.h"
#include "../classfile/classfile.h"
#include "../core/mem.h"

static vm_status refuse(vm *vm, cf_class **cf, vm_diag *d, const char *what,
                        uint64_t limit) {
    char name[256];
    size_t i = 0;
    const char *n = (*cf)->this_name;
    for (; n[i] && i + 1 < sizeof name; i++) name[i] = n[i] == '/' ? '.' : n[i];
    name[i] = '\0';
    cf_free(*cf);
    *cf = NULL;
    return rt_load_error(vm, d, "java/lang/LinkageError",
                         "vifvm: %s limit (%llu) reached loading %s", what,
                         (unsigned long long)limit, name);
}

vm_status rt_charge_load_limits(vm *vm, cf_class **cf, bool is_boot, vm_diag *d) {
    if (is_boot) return VM_OK;
    const vm_limits *l = &vm->limits;
    const cf_class *c = *cf;
    uint64_t code = 0;
    for (uint16_t i = 0; i < c->n_methods; i++)
        if (c->methods[i].code) code += c->methods[i].code->code_len;
    if (l->max_classes && vm->user_classes >= l->max_classes)
        return refuse(vm, cf, d, "class", l->max_classes);
    if (l->max_methods && (uint64_t)vm->user_methods + c->n_methods > l->max_methods)
        return refuse(vm, cf, d, "method", l->max_methods);
    if (l->max_code_bytes && vm->user_code_bytes + code > l->max_code_bytes)
        return refuse(vm, cf, d, "code", l->max_code_bytes);
    vm->user_classes++;
    vm->user_methods += c->n_methods;
    vm->user_code_bytes += code;
    return VM_OK;
}
