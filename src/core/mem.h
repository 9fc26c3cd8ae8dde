/* mem.h - freestanding memory and string helpers, and the allocator
 * wrappers every core module uses.  Allocation goes through the
 * vm_platform realloc hook (platform.h); sizes are tracked by callers.
 */
#ifndef VIFVM_CORE_MEM_H
#define VIFVM_CORE_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "platform.h"

void  *vm_memcpy(void *dst, const void *src, size_t n);
void  *vm_memmove(void *dst, const void *src, size_t n);
void  *vm_memset(void *dst, int c, size_t n);
int    vm_memcmp(const void *a, const void *b, size_t n);
size_t vm_strlen(const char *s);
int    vm_strcmp(const char *a, const char *b);
int    vm_strncmp(const char *a, const char *b, size_t n);
char  *vm_strchr(const char *s, int c);
char  *vm_strrchr(const char *s, int c);

/* Allocate zeroed memory through the platform allocator; NULL on failure. */
void *vm_zalloc(const vm_platform *p, size_t n);
/* Free memory of exactly `n` bytes obtained from vm_zalloc/vm_realloc. */
void  vm_free(const vm_platform *p, void *ptr, size_t n);
/* Resize; on failure returns NULL and leaves ptr valid. New bytes zeroed. */
void *vm_realloc(const vm_platform *p, void *ptr, size_t old_n, size_t new_n);
/* Copy a string (n bytes + NUL) into fresh memory of n+1 bytes. */
char *vm_strndup(const vm_platform *p, const char *s, size_t n);

/* Overflow-checked size arithmetic: return false on overflow. */
static inline bool vm_size_mul(size_t a, size_t b, size_t *out) {
    return !__builtin_mul_overflow(a, b, out);
}
static inline bool vm_size_add(size_t a, size_t b, size_t *out) {
    return !__builtin_add_overflow(a, b, out);
}

#endif
