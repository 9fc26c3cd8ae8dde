/* natives_internal.h - the native method implementations, shared between
 * the table in natives.c and the natives_*.c files that implement them.
 * Every function has the native_fn signature (object.h): args[0] is `this`
 * for instance methods, long/double arguments take two slots. */
#ifndef VIFVM_RUNTIME_NATIVES_INTERNAL_H
#define VIFVM_RUNTIME_NATIVES_INTERNAL_H

#include "vm_state.h"

#define NATIVE(fn) vm_status fn(vm *vm, jvalue *args, jvalue *ret)

/* Address-derived identity hash (non-moving heap), 31 bits, never 0. */
int32_t nat_identity_hash(const jobject *o);

/* Raise `exc` with the message fmt % (Java name of c) (fmt has one %s).
 * Out of line, so natives keep the name buffer off their own frames. */
vm_status nat_throw_class_name(vm *vm, const char *exc, const char *fmt, const jclass *c)
    __attribute__((noinline, cold));

/* natives_object.c */
NATIVE(nat_Object_getClass);
NATIVE(nat_Object_hashCode);
NATIVE(nat_Object_clone);
NATIVE(nat_System_identityHashCode);

/* natives_array.c */
NATIVE(nat_System_arraycopy);
NATIVE(nat_Array_newArray);
NATIVE(nat_Array_getLength);

/* natives_system.c */
NATIVE(nat_System_currentTimeMillis);
NATIVE(nat_System_nanoTime);
NATIVE(nat_System_exit0);
NATIVE(nat_System_setOut0);
NATIVE(nat_System_setErr0);
NATIVE(nat_System_setIn0);
NATIVE(nat_Runtime_freeMemory);
NATIVE(nat_Runtime_totalMemory);
NATIVE(nat_Runtime_maxMemory);
NATIVE(nat_Runtime_gc);
NATIVE(nat_System_props0);
NATIVE(nat_System_getenv0);
NATIVE(nat_System_environ0);
NATIVE(nat_FileInputStream_readBytes0);

/* natives_io.c */
NATIVE(nat_PrintStream_write0);
NATIVE(nat_FileOutputStream_writeBytes0);

/* natives_string.c */
NATIVE(nat_String_intern);

/* natives_number.c */
NATIVE(nat_Double_toString);
NATIVE(nat_Double_parseDouble0);
NATIVE(nat_Double_doubleToRawLongBits);
NATIVE(nat_Double_longBitsToDouble);
NATIVE(nat_Float_toString);
NATIVE(nat_Float_parseFloat0);
NATIVE(nat_Float_floatToRawIntBits);
NATIVE(nat_Float_intBitsToFloat);

/* natives_math.c */
NATIVE(nat_Math_sin);
NATIVE(nat_Math_cos);
NATIVE(nat_Math_tan);
NATIVE(nat_Math_exp);
NATIVE(nat_Math_log);
NATIVE(nat_Math_log10);
NATIVE(nat_Math_sqrt);
NATIVE(nat_Math_ceil);
NATIVE(nat_Math_floor);
NATIVE(nat_Math_rint);
NATIVE(nat_Math_pow);

/* natives_throwable.c */
NATIVE(nat_Throwable_fillInStackTrace0);
NATIVE(nat_Throwable_stackTraceStrings0);

/* npe_message.c */
NATIVE(nat_NullPointerException_getExtendedNPEMessage);

/* natives_class.c */
NATIVE(nat_Class_getName0);
NATIVE(nat_Class_forName0);
NATIVE(nat_Class_getPrimitiveClass);
NATIVE(nat_Class_isInstance);
NATIVE(nat_Class_isAssignableFrom);
NATIVE(nat_Class_isInterface);
NATIVE(nat_Class_isArray);
NATIVE(nat_Class_isPrimitive);
NATIVE(nat_Class_getSuperclass);
NATIVE(nat_Class_getInterfaces0);
NATIVE(nat_Class_getComponentType);
NATIVE(nat_Class_getModifiers);
NATIVE(nat_Class_enumValues0);
NATIVE(nat_Class_newInstance0);

#endif
