/* fmt.c - freestanding vsnprintf subset (see fmt.h). */
#include "fmt.h"
#include <stdint.h>
#include <stdbool.h>

typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, char c) {
    if (o->len + 1 < o->cap) o->buf[o->len] = c;
    o->len++;
}

static void put_padded(out *o, const char *s, size_t n, int width, bool left, char pad) {
    size_t w = width > 0 ? (size_t)width : 0;
    if (!left) for (size_t i = n; i < w; i++) put(o, pad);
    for (size_t i = 0; i < n; i++) put(o, s[i]);
    if (left) for (size_t i = n; i < w; i++) put(o, ' ');
}

static void put_uint(out *o, uint64_t v, unsigned base, bool upper, bool neg,
                     int width, bool left, char pad) {
    char tmp[24];
    size_t n = 0;
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do { tmp[n++] = digits[v % base]; v /= base; } while (v);
    char s[26];
    size_t k = 0;
    if (neg) s[k++] = '-';
    while (n) s[k++] = tmp[--n];
    if (neg && pad == '0' && !left) {
        put(o, '-');
        put_padded(o, s + 1, k - 1, width > 0 ? width - 1 : 0, left, pad);
        return;
    }
    put_padded(o, s, k, width, left, pad);
}

size_t vm_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap) {
    out o = { buf, cap, 0 };
    for (const char *f = fmt; *f; f++) {
        if (*f != '%') { put(&o, *f); continue; }
        f++;
        bool left = false;
        char pad = ' ';
        for (;; f++) {
            if (*f == '-') left = true;
            else if (*f == '0') pad = '0';
            else break;
        }
        int width = 0;
        while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
        int prec = -1;
        if (*f == '.') {
            f++;
            if (*f == '*') { prec = va_arg(ap, int); f++; }
            else { prec = 0; while (*f >= '0' && *f <= '9') prec = prec * 10 + (*f++ - '0'); }
        }
        int lng = 0;
        bool size_t_mod = false;
        while (*f == 'l') { lng++; f++; }
        if (*f == 'z') { size_t_mod = true; f++; }
        switch (*f) {
        case '%': put(&o, '%'); break;
        case 'c': { char c = (char)va_arg(ap, int); put_padded(&o, &c, 1, width, left, ' '); break; }
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (!s) s = "(null)";
            size_t n = 0;
            while ((prec < 0 || n < (size_t)prec) && s[n]) n++;
            put_padded(&o, s, n, width, left, ' ');
            break;
        }
        case 'd': case 'i': {
            int64_t v;
            if (size_t_mod) v = (int64_t)va_arg(ap, long);
            else if (lng >= 2) v = va_arg(ap, long long);
            else if (lng == 1) v = va_arg(ap, long);
            else v = va_arg(ap, int);
            uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
            put_uint(&o, u, 10, false, v < 0, width, left, pad);
            break;
        }
        case 'u': case 'x': case 'X': {
            uint64_t v;
            if (size_t_mod) v = va_arg(ap, size_t);
            else if (lng >= 2) v = va_arg(ap, unsigned long long);
            else if (lng == 1) v = va_arg(ap, unsigned long);
            else v = va_arg(ap, unsigned);
            put_uint(&o, v, *f == 'u' ? 10 : 16, *f == 'X', false, width, left, pad);
            break;
        }
        case 'p': {
            uintptr_t v = (uintptr_t)va_arg(ap, void *);
            put(&o, '0'); put(&o, 'x');
            put_uint(&o, v, 16, false, false, 0, false, ' ');
            break;
        }
        case '\0': f--; break;
        default: put(&o, '%'); put(&o, *f); break;
        }
    }
    if (cap) buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}

size_t vm_snprintf(char *buf, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t n = vm_vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}
