/* diag.c - detail buffers (see diag.h). */
#include "diag.h"
#include "fmt.h"
#include "mem.h"

vm_status vm_diagf(vm_diag *d, vm_status s, const char *fmt, ...) {
    if (d && d->buf && d->cap) {
        va_list ap;
        va_start(ap, fmt);
        vm_vsnprintf(d->buf, d->cap, fmt, ap);
        va_end(ap);
    }
    return s;
}

void vm_diag_prefix(vm_diag *d, const char *fmt, ...) {
    if (!d || !d->buf || !d->cap) return;
    char pre[256];
    va_list ap;
    va_start(ap, fmt);
    size_t n = vm_vsnprintf(pre, sizeof pre, fmt, ap);
    va_end(ap);
    if (n >= sizeof pre) n = sizeof pre - 1;
    size_t old = vm_strlen(d->buf);
    if (n + 2 >= d->cap) return;
    size_t keep = old;
    if (n + 2 + keep + 1 > d->cap) keep = d->cap - n - 3;
    vm_memmove(d->buf + n + 2, d->buf, keep);
    d->buf[n + 2 + keep] = '\0';
    vm_memcpy(d->buf, pre, n);
    d->buf[n] = ':';
    d->buf[n + 1] = ' ';
}
