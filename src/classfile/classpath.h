/* classpath.h - finding class files on a ':'-separated class path of
 * directories and JAR files (read through the platform's read_file). */
#ifndef VIFVM_CLASSFILE_CLASSPATH_H
#define VIFVM_CLASSFILE_CLASSPATH_H

#include <stddef.h>
#include <stdint.h>
#include "../core/platform.h"
#include "../core/diag.h"

typedef struct classpath classpath;

/* Parse the path; every entry must exist (a directory, or a readable, valid
 * JAR): otherwise VM_ERR_IO / VM_ERR_ZIP with a detail naming the entry.
 * max_bytes bounds a class file's size. */
vm_status classpath_open(const vm_platform *p, const char *path,
                         size_t max_bytes, classpath **out, vm_diag *d);
void classpath_close(classpath *cp);

/* Find "pkg/Name.class" for internal name `name`.  VM_ERR_NOT_FOUND if no
 * entry has it.  Free the data with vm_free(p, *data, *len). */
vm_status classpath_find(classpath *cp, const char *name, uint8_t **data,
                         size_t *len, vm_diag *d);

/* Read the Main-Class attribute of a JAR's META-INF/MANIFEST.MF into buf
 * (internal form is NOT applied: "com.example.Main").  VM_ERR_NOT_FOUND if
 * the manifest or attribute is missing. */
vm_status classpath_jar_main_class(const vm_platform *p, const char *jar_path,
                                   size_t max_bytes, char *buf, size_t cap,
                                   vm_diag *d);

#endif
