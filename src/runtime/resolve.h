/* resolve.h - resolving constant-pool references of a class (JVMS 5.4.3),
 * with the result cached in from->cp_cache[idx].
 *
 * Each returns VM_OK, or VM_ERR_EXCEPTION with the Java exception the JVMS
 * prescribes pending (NoClassDefFoundError, NoSuchFieldError,
 * NoSuchMethodError, IllegalAccessError, IncompatibleClassChangeError,
 * AbstractMethodError ...).  None of them runs <clinit>: the caller
 * initialises the class when the instruction requires it (new, getstatic,
 * putstatic, invokestatic). */
#ifndef VIFVM_RUNTIME_RESOLVE_H
#define VIFVM_RUNTIME_RESOLVE_H

#include "vm_state.h"

/* CP_CLASS entry -> class (array classes included). */
vm_status rt_resolve_class(vm *vm, jclass *from, uint16_t idx, jclass **out);
/* CP_FIELDREF -> field; is_static must match the field (else
 * IncompatibleClassChangeError). */
vm_status rt_resolve_field(vm *vm, jclass *from, uint16_t idx, bool is_static,
                           jfield **out);
/* CP_METHODREF or CP_INTERFACE_METHODREF -> the resolved method (JVMS
 * 5.4.3.3 / 5.4.3.4: class, superclasses, then superinterfaces).  Selection
 * for invokevirtual/invokeinterface happens at call time with
 * rt_dispatch_virtual / rt_dispatch_interface (classes.h). */
vm_status rt_resolve_method(vm *vm, jclass *from, uint16_t idx, jmethod **out);
/* CP_STRING -> interned java.lang.String. */
vm_status rt_resolve_string(vm *vm, jclass *from, uint16_t idx, jobject **out);

#endif
