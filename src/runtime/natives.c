/* natives.c - the one table of native methods of the embedded class
 * library, and natives_lookup.  The implementations live in natives_*.c
 * (declared in natives_internal.h).  tests/check_natives.sh checks that
 * this table and the `native` methods of the compiled library match
 * exactly (class, name, descriptor). */
#include "natives.h"
#include "natives_internal.h"
#include "../core/mem.h"

static const native_entry native_table[] = {
    { "java/io/FileInputStream", "readBytes0", "(I[BII)I", nat_FileInputStream_readBytes0 },
    { "java/io/FileOutputStream", "writeBytes0", "(I[BII)V", nat_FileOutputStream_writeBytes0 },
    { "java/io/PrintStream", "write0", "(ILjava/lang/String;Z)V", nat_PrintStream_write0 },

    { "java/lang/Class", "getName0", "()Ljava/lang/String;", nat_Class_getName0 },
    { "java/lang/Class", "forName0", "(Ljava/lang/String;Z)Ljava/lang/Class;", nat_Class_forName0 },
    { "java/lang/Class", "getPrimitiveClass", "(Ljava/lang/String;)Ljava/lang/Class;",
      nat_Class_getPrimitiveClass },
    { "java/lang/Class", "isInstance", "(Ljava/lang/Object;)Z", nat_Class_isInstance },
    { "java/lang/Class", "isAssignableFrom", "(Ljava/lang/Class;)Z", nat_Class_isAssignableFrom },
    { "java/lang/Class", "isInterface", "()Z", nat_Class_isInterface },
    { "java/lang/Class", "isArray", "()Z", nat_Class_isArray },
    { "java/lang/Class", "isPrimitive", "()Z", nat_Class_isPrimitive },
    { "java/lang/Class", "getSuperclass", "()Ljava/lang/Class;", nat_Class_getSuperclass },
    { "java/lang/Class", "getInterfaces0", "()[Ljava/lang/Class;", nat_Class_getInterfaces0 },
    { "java/lang/Class", "getComponentType", "()Ljava/lang/Class;", nat_Class_getComponentType },
    { "java/lang/Class", "getModifiers", "()I", nat_Class_getModifiers },
    { "java/lang/Class", "enumValues0", "()[Ljava/lang/Object;", nat_Class_enumValues0 },
    { "java/lang/Class", "newInstance0", "()Ljava/lang/Object;", nat_Class_newInstance0 },

    { "java/lang/Double", "toString", "(D)Ljava/lang/String;", nat_Double_toString },
    { "java/lang/Double", "parseDouble0", "(Ljava/lang/String;)D", nat_Double_parseDouble0 },
    { "java/lang/Double", "doubleToRawLongBits", "(D)J", nat_Double_doubleToRawLongBits },
    { "java/lang/Double", "longBitsToDouble", "(J)D", nat_Double_longBitsToDouble },
    { "java/lang/Float", "toString", "(F)Ljava/lang/String;", nat_Float_toString },
    { "java/lang/Float", "parseFloat0", "(Ljava/lang/String;)F", nat_Float_parseFloat0 },
    { "java/lang/Float", "floatToRawIntBits", "(F)I", nat_Float_floatToRawIntBits },
    { "java/lang/Float", "intBitsToFloat", "(I)F", nat_Float_intBitsToFloat },

    { "java/lang/Math", "sin", "(D)D", nat_Math_sin },
    { "java/lang/Math", "cos", "(D)D", nat_Math_cos },
    { "java/lang/Math", "tan", "(D)D", nat_Math_tan },
    { "java/lang/Math", "exp", "(D)D", nat_Math_exp },
    { "java/lang/Math", "log", "(D)D", nat_Math_log },
    { "java/lang/Math", "log10", "(D)D", nat_Math_log10 },
    { "java/lang/Math", "sqrt", "(D)D", nat_Math_sqrt },
    { "java/lang/Math", "ceil", "(D)D", nat_Math_ceil },
    { "java/lang/Math", "floor", "(D)D", nat_Math_floor },
    { "java/lang/Math", "rint", "(D)D", nat_Math_rint },
    { "java/lang/Math", "pow", "(DD)D", nat_Math_pow },

    { "java/lang/NullPointerException", "getExtendedNPEMessage", "()Ljava/lang/String;",
      nat_NullPointerException_getExtendedNPEMessage },

    { "java/lang/Object", "getClass", "()Ljava/lang/Class;", nat_Object_getClass },
    { "java/lang/Object", "hashCode", "()I", nat_Object_hashCode },
    { "java/lang/Object", "clone", "()Ljava/lang/Object;", nat_Object_clone },

    { "java/lang/Runtime", "freeMemory", "()J", nat_Runtime_freeMemory },
    { "java/lang/Runtime", "totalMemory", "()J", nat_Runtime_totalMemory },
    { "java/lang/Runtime", "maxMemory", "()J", nat_Runtime_maxMemory },
    { "java/lang/Runtime", "gc", "()V", nat_Runtime_gc },

    { "java/lang/String", "intern", "()Ljava/lang/String;", nat_String_intern },

    { "java/lang/System", "setOut0", "(Ljava/io/PrintStream;)V", nat_System_setOut0 },
    { "java/lang/System", "setErr0", "(Ljava/io/PrintStream;)V", nat_System_setErr0 },
    { "java/lang/System", "setIn0", "(Ljava/io/InputStream;)V", nat_System_setIn0 },
    { "java/lang/System", "currentTimeMillis", "()J", nat_System_currentTimeMillis },
    { "java/lang/System", "nanoTime", "()J", nat_System_nanoTime },
    { "java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V",
      nat_System_arraycopy },
    { "java/lang/System", "identityHashCode", "(Ljava/lang/Object;)I",
      nat_System_identityHashCode },
    { "java/lang/System", "exit0", "(I)V", nat_System_exit0 },
    { "java/lang/System", "props0", "()[Ljava/lang/String;", nat_System_props0 },
    { "java/lang/System", "getenv0", "(Ljava/lang/String;)Ljava/lang/String;",
      nat_System_getenv0 },
    { "java/lang/System", "environ0", "()[Ljava/lang/String;", nat_System_environ0 },

    { "java/lang/Throwable", "fillInStackTrace0", "()V", nat_Throwable_fillInStackTrace0 },
    { "java/lang/Throwable", "stackTraceStrings0", "()[Ljava/lang/String;",
      nat_Throwable_stackTraceStrings0 },

    { "java/lang/reflect/Array", "newArray", "(Ljava/lang/Class;I)Ljava/lang/Object;",
      nat_Array_newArray },
    { "java/lang/reflect/Array", "getLength", "(Ljava/lang/Object;)I", nat_Array_getLength },
};

native_fn natives_lookup(const char *cls, const char *name, const char *desc,
                         bool is_boot) {
    if (!is_boot || !cls || !name || !desc) return NULL;
    size_t n = sizeof native_table / sizeof native_table[0];
    for (size_t i = 0; i < n; i++) {
        const native_entry *e = &native_table[i];
        if (vm_strcmp(e->cls, cls) == 0 && vm_strcmp(e->name, name) == 0 &&
            vm_strcmp(e->desc, desc) == 0)
            return e->fn;
    }
    return NULL;
}
