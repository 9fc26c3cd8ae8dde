/* vm_props.c - the VM's system properties: vm_create copies the class path
 * in use and the vm_config.properties ("key=value") into one block owned by
 * the VM; System.props0 (natives_system.c) turns them, with the host's
 * user.dir/user.name/user.home (platform hook host_property), into the
 * (key, value) pairs that seed System.getProperty. */
#include "vm_props.h"
#include "../core/mem.h"

vm_status vm_props_init(vm *v, const char *classpath, const char *const *props, uint32_t n) {
    size_t len = vm_strlen(classpath) + 1;
    for (uint32_t i = 0; i < n; i++) {
        if (!props[i]) continue;
        if (!vm_size_add(len, vm_strlen(props[i]) + 1, &len)) return VM_ERR_NOMEM;
    }
    char *b = vm_zalloc(v->plat, len);
    if (!b) return VM_ERR_NOMEM;
    size_t o = 0, k = vm_strlen(classpath) + 1;
    vm_memcpy(b, classpath, k);
    o += k;
    uint32_t count = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!props[i]) continue;
        k = vm_strlen(props[i]) + 1;
        vm_memcpy(b + o, props[i], k);
        o += k;
        count++;
    }
    v->props = b;
    v->props_len = len;
    v->prop_count = count;
    return VM_OK;
}

void vm_props_free(vm *v) {
    if (v->props) vm_free(v->plat, v->props, v->props_len);
    v->props = NULL;
    v->props_len = 0;
    v->prop_count = 0;
}

const char *vm_props_classpath(const vm *v) {
    return v->props ? v->props : ".";
}

const char *vm_props_at(const vm *v, uint32_t i) {
    if (!v->props || i >= v->prop_count) return NULL;
    const char *p = v->props;
    p += vm_strlen(p) + 1; /* the class path */
    while (i--) p += vm_strlen(p) + 1;
    return p;
}
