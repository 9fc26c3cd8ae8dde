/* mem.c - freestanding memory/string helpers and allocator wrappers. */
#include "mem.h"

void *vm_memcpy(void *dst, const void *src, size_t n) {
    return __builtin_memcpy(dst, src, n);
}
void *vm_memmove(void *dst, const void *src, size_t n) {
    return __builtin_memmove(dst, src, n);
}
void *vm_memset(void *dst, int c, size_t n) {
    return __builtin_memset(dst, c, n);
}
int vm_memcmp(const void *a, const void *b, size_t n) {
    return __builtin_memcmp(a, b, n);
}
size_t vm_strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}
int vm_strcmp(const char *a, const char *b) {
    while (*a && *a == *b) { a++; b++; }
    return (unsigned char)*a - (unsigned char)*b;
}
int vm_strncmp(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (a[i] != b[i] || !a[i]) return (unsigned char)a[i] - (unsigned char)b[i];
    }
    return 0;
}
char *vm_strchr(const char *s, int c) {
    for (;; s++) {
        if (*s == (char)c) return (char *)s;
        if (!*s) return NULL;
    }
}
char *vm_strrchr(const char *s, int c) {
    const char *r = NULL;
    for (;; s++) {
        if (*s == (char)c) r = s;
        if (!*s) return (char *)r;
    }
}

void *vm_zalloc(const vm_platform *p, size_t n) {
    if (n == 0) n = 1;
    if (p->zalloc) return p->zalloc(p->ud, n);
    void *r = p->realloc(p->ud, NULL, 0, n);
    if (r) vm_memset(r, 0, n);
    return r;
}
void vm_free(const vm_platform *p, void *ptr, size_t n) {
    if (ptr) p->realloc(p->ud, ptr, n ? n : 1, 0);
}
void *vm_realloc(const vm_platform *p, void *ptr, size_t old_n, size_t new_n) {
    if (!ptr) return vm_zalloc(p, new_n);
    if (new_n == 0) new_n = 1;
    if (old_n == 0) old_n = 1;
    void *r = p->realloc(p->ud, ptr, old_n, new_n);
    if (r && new_n > old_n) vm_memset((char *)r + old_n, 0, new_n - old_n);
    return r;
}
char *vm_strndup(const vm_platform *p, const char *s, size_t n) {
    char *r = vm_zalloc(p, n + 1);
    if (r) vm_memcpy(r, s, n);
    return r;
}
