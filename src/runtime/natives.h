/* natives.h - the one table of native methods.
 *
 * Each entry binds "class.name(desc)" to a C function.  Natives are bound
 * when a method with ACC_NATIVE is linked; only classes loaded from the
 * embedded boot library (jclass.is_boot) may bind privileged natives,
 * whatever name a user class gives itself. */
#ifndef VIFVM_RUNTIME_NATIVES_H
#define VIFVM_RUNTIME_NATIVES_H

#include "object.h"

typedef struct native_entry {
    const char *cls;   /* internal name */
    const char *name;
    const char *desc;
    native_fn fn;
} native_entry;

/* Look up a native; NULL if none.  `is_boot` of the declaring class. */
native_fn natives_lookup(const char *cls, const char *name, const char *desc,
                         bool is_boot);

#endif
