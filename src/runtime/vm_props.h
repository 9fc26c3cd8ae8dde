/* vm_props.h - the system properties a VM was created with (vm_props.c). */
#ifndef VIFVM_RUNTIME_VM_PROPS_H
#define VIFVM_RUNTIME_VM_PROPS_H

#include "vm_state.h"

/* Copy the class path in use and the n "key=value" strings (NULL entries
 * skipped) into v.  VM_ERR_NOMEM on failure (nothing kept). */
vm_status vm_props_init(vm *v, const char *classpath, const char *const *props, uint32_t n);
void vm_props_free(vm *v);
/* java.class.path: the class path in use */
const char *vm_props_classpath(const vm *v);
/* the i-th "key=value" (i < v->prop_count), else NULL */
const char *vm_props_at(const vm *v, uint32_t i);

#endif
