/* classpath.h - finding class files on a ':'-separated class path of
 * directories and JAR files (read through the platform's read_file). */
#ifndef VIFVM_CLASSFILE_CLASSPATH_H
#define VIFVM_CLASSFILE_CLASSPATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../core/platform.h"
#include "../core/diag.h"

typedef struct classpath classpath;

/* Largest JAR file read (it is held in memory while the path is open). */
#define CLASSPATH_MAX_JAR ((size_t)1 << 30)
/* Longest internal class name looked up (a CONSTANT_Utf8 can hold 65535). */
#define CLASSPATH_MAX_NAME 65535u

/* Parse the path; every entry must exist (a directory, or a readable, valid
 * JAR): otherwise VM_ERR_IO / VM_ERR_ZIP (or the zip_open status) with a
 * detail naming the entry, e.g.
 *   "bad class path entry 'foo.jar': not a directory or a readable jar file"
 * Empty entries, and an empty or NULL path, mean ".".  Directories are
 * recognised with the platform's is_dir hook (without one, every entry must
 * be a JAR).  max_bytes bounds a class file's size. */
vm_status classpath_open(const vm_platform *p, const char *path,
                         size_t max_bytes, classpath **out, vm_diag *d);
void classpath_close(classpath *cp);

/* Find "pkg/Name.class" for internal name `name`, trying the entries in
 * order.  VM_ERR_NOT_FOUND if no entry has it, or if `name` is not a valid
 * internal class name (classpath_valid_class_name).  A class that is found
 * but cannot be read (too large, corrupt in the JAR) is an error, not a
 * reason to look further.  Free the data with vm_free(p, *data, *len). */
vm_status classpath_find(classpath *cp, const char *name, uint8_t **data,
                         size_t *len, vm_diag *d);

/* Read the Main-Class attribute of a JAR's META-INF/MANIFEST.MF into buf
 * (internal form is NOT applied: "com.example.Main").  VM_ERR_NOT_FOUND if
 * the manifest or attribute is missing; VM_ERR_IO if the file cannot be
 * read; the zip_open / zip_read status if the JAR is bad; VM_ERR_LIMIT if
 * the value does not fit in cap bytes (including the NUL). */
vm_status classpath_jar_main_class(const vm_platform *p, const char *jar_path,
                                   size_t max_bytes, char *buf, size_t cap,
                                   vm_diag *d);

/* True if `name` is safe to turn into a file or entry name: non-empty, at
 * most CLASSPATH_MAX_NAME bytes, no leading, trailing or doubled '/', and
 * no '.', '\\', ';', '[', control characters or encoded NUL (C0 80). */
bool classpath_valid_class_name(const char *name);

/* Extract Main-Class from the main section of manifest text: CRLF, LF or
 * CR line ends, continuation lines starting with one space, the header
 * name case-insensitive, surrounding blanks trimmed. */
vm_status classpath_manifest_main_class(const uint8_t *mf, size_t len, char *buf,
                                        size_t cap, vm_diag *d);

#endif
