/* descriptor.c - field/method descriptor and name helpers (JVMS 4.2, 4.3).
 *
 * Everything here works on NUL-terminated modified UTF-8 strings as the
 * parser stores them.  The validators are strict: array types have at most
 * 255 dimensions, class names inside `L...;` are internal binary names
 * (non-empty '/'-separated segments without '.', ';', '[').
 */
#include "classfile.h"
#include "../core/mem.h"

/* Skip one field type starting at s; return the byte after it, or NULL if s
 * does not start with a well-formed field type. */
static const char *skip_field_type(const char *s) {
    unsigned dims = 0;
    while (*s == '[') {
        if (++dims > 255) return NULL;
        s++;
    }
    switch (*s) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S':
    case 'Z':
        return s + 1;
    case 'L': {
        const char *seg = s + 1;
        for (const char *p = seg;; p++) {
            char ch = *p;
            if (ch == ';') return p == seg ? NULL : p + 1;
            if (ch == '/') {
                if (p == seg) return NULL;
                seg = p + 1;
                continue;
            }
            if (ch == '\0' || ch == '.' || ch == '[') return NULL;
        }
    }
    default:
        return NULL;
    }
}

bool cf_valid_field_desc(const char *desc) {
    if (!desc) return false;
    const char *e = skip_field_type(desc);
    return e && *e == '\0';
}

/* Walk a method descriptor; returns the argument slot count or -1. */
static int method_desc_walk(const char *d, char *ret) {
    if (!d || *d != '(') return -1;
    d++;
    long slots = 0;
    while (*d != ')') {
        const char *e = skip_field_type(d);
        if (!e) return -1;
        slots += (*d == 'J' || *d == 'D') ? 2 : 1;
        if (slots > 0xffff) return -1; /* cannot be represented anyway */
        d = e;
    }
    d++;
    char r = *d;
    if (r == 'V') {
        d++;
    } else {
        d = skip_field_type(d);
        if (!d) return -1;
    }
    if (*d != '\0') return -1;
    if (ret) *ret = r;
    return (int)slots;
}

bool cf_valid_method_desc(const char *desc) {
    return method_desc_walk(desc, NULL) >= 0;
}

int cf_desc_arg_slots(const char *method_desc) {
    return method_desc_walk(method_desc, NULL);
}

char cf_desc_return(const char *method_desc) {
    if (!method_desc) return 0;
    const char *p = vm_strchr(method_desc, ')');
    return p ? p[1] : 0;
}

bool cf_valid_unqualified_name(const char *s) {
    if (!s || !*s) return false;
    for (; *s; s++) {
        if (*s == '.' || *s == ';' || *s == '[' || *s == '/') return false;
    }
    return true;
}

bool cf_valid_method_name(const char *s) {
    if (!s || !*s) return false;
    if (s[0] == '<') {
        return vm_strcmp(s, "<init>") == 0 || vm_strcmp(s, "<clinit>") == 0;
    }
    for (; *s; s++) {
        if (*s == '.' || *s == ';' || *s == '[' || *s == '/' || *s == '<' ||
            *s == '>')
            return false;
    }
    return true;
}

bool cf_valid_binary_name(const char *s) {
    if (!s || !*s) return false;
    const char *seg = s;
    for (const char *p = s;; p++) {
        char ch = *p;
        if (ch == '\0') return p != seg;
        if (ch == '/') {
            if (p == seg) return false;
            seg = p + 1;
        } else if (ch == '.' || ch == ';' || ch == '[') {
            return false;
        }
    }
}

bool cf_valid_class_name(const char *s) {
    if (!s) return false;
    if (s[0] == '[') return cf_valid_field_desc(s);
    return cf_valid_binary_name(s);
}

int cf_array_dims(const char *s) {
    int n = 0;
    while (s && s[n] == '[') n++;
    return n;
}
