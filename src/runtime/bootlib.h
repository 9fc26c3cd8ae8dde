/* bootlib.h - the class library embedded in the binary.
 *
 * The build compiles src/lib/java/... with javac and generates a C table of
 * the resulting class files (build/gen/bootlib_data.c).  The core looks boot
 * classes up here before the user class path; classes found here are
 * marked jclass.is_boot and are the only ones allowed to bind privileged
 * natives.
 */
#ifndef VIFVM_RUNTIME_BOOTLIB_H
#define VIFVM_RUNTIME_BOOTLIB_H

#include <stddef.h>
#include <stdint.h>

typedef struct vm_bootclass {
    const char *name;      /* internal form, e.g. "java/lang/Object" */
    const uint8_t *data;
    uint32_t len;
} vm_bootclass;

typedef struct vm_bootlib {
    const vm_bootclass *classes; /* sorted by name (strcmp order) */
    size_t count;
} vm_bootlib;

/* The library linked into this binary (generated). */
extern const vm_bootlib vifvm_bootlib;

#endif
