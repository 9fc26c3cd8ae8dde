/* bootlib.h - the class library embedded in the binary.
 *
 * The build compiles src/lib/java/... with javac and generates a C table of
 * the resulting class files (build/gen/bootlib_data.c), each raw-deflated
 * (the loader inflates it with the core's own inflate: the embedded library
 * shrinks by more than half, for little time per class loaded).  The core looks boot
 * classes up here before the user class path; classes found here are
 * marked jclass.is_boot and are the only ones allowed to bind privileged
 * natives.
 */
#ifndef VIFVM_RUNTIME_BOOTLIB_H
#define VIFVM_RUNTIME_BOOTLIB_H

#include <stddef.h>
#include <stdint.h>
#include "../core/platform.h"

typedef struct vm_bootclass {
    const char *name;      /* internal form, e.g. "java/lang/Object" */
    const uint8_t *data;   /* the class file, raw-deflated when zlen != 0 */
    uint32_t len;          /* length of the class file */
    uint32_t zlen;         /* length of the deflated data, or 0 if stored */
} vm_bootclass;

typedef struct vm_bootlib {
    const vm_bootclass *classes; /* sorted by name (strcmp order) */
    size_t count;
} vm_bootlib;

/* A fresh copy of the class file of `bc` (inflated if needed), allocated
 * through p; free with vm_free(p, *out, *len).  VM_ERR_NOMEM, or
 * VM_ERR_INTERNAL if the embedded data is corrupt. */
vm_status bootlib_class_bytes(const vm_platform *p, const vm_bootclass *bc,
                              uint8_t **out, size_t *len);

/* The library linked into this binary (generated). */
extern const vm_bootlib vifvm_bootlib;

#endif
