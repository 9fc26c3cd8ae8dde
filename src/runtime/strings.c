/* strings.c - java.lang.String objects from C: (modified) UTF-8 decoding
 * into UTF-16, building String objects (a char[] plus the String, fields
 * set directly), reading them back, and UTF-8 encoding. */
#include "rt_internal.h"
#include "strings.h"
#include "../gc/heap.h"
#include "../core/mem.h"

/* ------------------------------------------------------------ decoding */

static bool cont(uint8_t b) { return (b & 0xC0) == 0x80; }

/* Decode one code point at s[*i] (modified UTF-8 as in class files, JVMS
 * 4.4.7: NUL as C0 80, supplementary characters as two 3-byte surrogates;
 * also standard UTF-8 4-byte sequences).  Malformed input decodes as
 * U+FFFD, one byte at a time.  Returns the number of UTF-16 units (1/2)
 * and stores them in u[0..]. */
static int decode_one(const uint8_t *s, size_t n, size_t *i, uint16_t u[2]) {
    size_t k = *i;
    uint8_t b = s[k];
    if (b < 0x80) {
        u[0] = b;
        *i = k + 1;
        return 1;
    }
    if ((b & 0xE0) == 0xC0 && k + 1 < n && cont(s[k + 1])) {
        u[0] = (uint16_t)(((b & 0x1F) << 6) | (s[k + 1] & 0x3F));
        *i = k + 2;
        return 1;
    }
    if ((b & 0xF0) == 0xE0 && k + 2 < n && cont(s[k + 1]) && cont(s[k + 2])) {
        u[0] = (uint16_t)(((b & 0x0F) << 12) | ((s[k + 1] & 0x3F) << 6) | (s[k + 2] & 0x3F));
        *i = k + 3;
        return 1;
    }
    if ((b & 0xF8) == 0xF0 && k + 3 < n && cont(s[k + 1]) && cont(s[k + 2]) &&
        cont(s[k + 3])) {
        uint32_t cp = ((uint32_t)(b & 0x07) << 18) | ((uint32_t)(s[k + 1] & 0x3F) << 12) |
                      ((uint32_t)(s[k + 2] & 0x3F) << 6) | (s[k + 3] & 0x3F);
        *i = k + 4;
        if (cp >= 0x10000 && cp <= 0x10FFFF) {
            cp -= 0x10000;
            u[0] = (uint16_t)(0xD800 + (cp >> 10));
            u[1] = (uint16_t)(0xDC00 + (cp & 0x3FF));
            return 2;
        }
        u[0] = 0xFFFD;
        return 1;
    }
    u[0] = 0xFFFD;
    *i = k + 1;
    return 1;
}

size_t rt_utf8_units(const char *s, size_t n) {
    const uint8_t *p = (const uint8_t *)s;
    size_t i = 0, units = 0;
    uint16_t u[2];
    while (i < n) units += (size_t)decode_one(p, n, &i, u);
    return units;
}

void rt_utf8_decode(const char *s, size_t n, uint16_t *out) {
    const uint8_t *p = (const uint8_t *)s;
    size_t i = 0, o = 0;
    uint16_t u[2];
    while (i < n) {
        int k = decode_one(p, n, &i, u);
        out[o++] = u[0];
        if (k == 2) out[o++] = u[1];
    }
}

/* ------------------------------------------------------------- objects */

static jobject *char_array(jobject *s, vm *vm) {
    return rt_get_ref(s, vm->off.string_value);
}

/* A String around an existing char[] `arr` (protected by the caller). */
static jobject *wrap(vm *vm, jobject *arr) {
    RT_PROTECT(vm, arr);
    jobject *s = rt_new_object(vm, vm->wk.string);
    RT_UNPROTECT(vm, 1);
    if (s) rt_set_ref(s, vm->off.string_value, arr);
    return s;
}

static jobject *new_char_array(vm *vm, size_t n) {
    if (n > 0x7fffffff) {
        rt_throw_oom(vm);
        return NULL;
    }
    return rt_new_array(vm, vm->wk.prim_array[PRIM_CHAR], (int32_t)n);
}

jobject *rt_new_string_chars(vm *vm, const uint16_t *chars, size_t n) {
    jobject *arr = new_char_array(vm, n);
    if (!arr) return NULL;
    if (n) vm_memcpy(JARRAY_DATA(arr), chars, n * 2);
    return wrap(vm, arr);
}

jobject *rt_new_string_utf8(vm *vm, const char *s, size_t n) {
    size_t units = rt_utf8_units(s, n);
    jobject *arr = new_char_array(vm, units);
    if (!arr) return NULL;
    rt_utf8_decode(s, n, (uint16_t *)JARRAY_DATA(arr));
    return wrap(vm, arr);
}

int32_t rt_string_length(vm *vm, jobject *s) {
    jobject *a = char_array(s, vm);
    return a ? a->length : 0;
}

const uint16_t *rt_string_chars(vm *vm, jobject *s) {
    jobject *a = char_array(s, vm);
    return a ? (const uint16_t *)JARRAY_DATA(a) : NULL;
}

/* Standard UTF-8 (a surrogate pair becomes one 4-byte sequence; a lone
 * surrogate is encoded as its 3-byte form, as Java's modified UTF-8 does). */
size_t rt_string_to_utf8(vm *vm, jobject *s, char *buf, size_t cap) {
    int32_t n = rt_string_length(vm, s);
    const uint16_t *c = rt_string_chars(vm, s);
    size_t o = 0, written = 0;
    uint8_t tmp[4];
    if (cap) buf[0] = '\0';
    for (int32_t i = 0; i < n; i++) {
        uint32_t cp = c[i];
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < n && c[i + 1] >= 0xDC00 &&
            c[i + 1] <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (c[i + 1] - 0xDC00);
            i++;
        }
        size_t k;
        if (cp < 0x80) {
            tmp[0] = (uint8_t)cp;
            k = 1;
        } else if (cp < 0x800) {
            tmp[0] = (uint8_t)(0xC0 | (cp >> 6));
            tmp[1] = (uint8_t)(0x80 | (cp & 0x3F));
            k = 2;
        } else if (cp < 0x10000) {
            tmp[0] = (uint8_t)(0xE0 | (cp >> 12));
            tmp[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
            tmp[2] = (uint8_t)(0x80 | (cp & 0x3F));
            k = 3;
        } else {
            tmp[0] = (uint8_t)(0xF0 | (cp >> 18));
            tmp[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
            tmp[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
            tmp[3] = (uint8_t)(0x80 | (cp & 0x3F));
            k = 4;
        }
        if (o + k < cap) {
            for (size_t j = 0; j < k; j++) buf[o + j] = (char)tmp[j];
            written = o + k;   /* whole characters only */
        } else {
            cap = 0;           /* full: stop writing, keep counting */
        }
        o += k;
    }
    if (buf && (cap || written)) buf[written] = '\0';
    return o;
}
