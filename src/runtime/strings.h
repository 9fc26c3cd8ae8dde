/* strings.h - java.lang.String objects.
 *
 * The embedded java.lang.String keeps its characters as UTF-16 in a
 * `char[] value` field (plus `int hash`); the runtime finds the field
 * offsets when String is linked.  Constant-pool strings are interned. */
#ifndef VIFVM_RUNTIME_STRINGS_H
#define VIFVM_RUNTIME_STRINGS_H

#include "vm_state.h"

/* New String from modified UTF-8 / standard UTF-8 bytes.  NULL with a
 * pending OutOfMemoryError on failure. */
jobject *rt_new_string_utf8(vm *vm, const char *s, size_t n);
jobject *rt_new_string_chars(vm *vm, const uint16_t *chars, size_t n);
/* The canonical (interned) instance equal to s (may be s itself). */
jobject *rt_intern(vm *vm, jobject *s);
/* Interned String for a UTF-8 literal. */
jobject *rt_intern_utf8(vm *vm, const char *s, size_t n);

/* Access to a String's characters. */
int32_t rt_string_length(vm *vm, jobject *s);
const uint16_t *rt_string_chars(vm *vm, jobject *s);
/* Encode as UTF-8 into buf (always NUL-terminated when cap > 0); returns
 * the full UTF-8 length. */
size_t rt_string_to_utf8(vm *vm, jobject *s, char *buf, size_t cap);

#endif
