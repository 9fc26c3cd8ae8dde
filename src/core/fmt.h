/* fmt.h - freestanding printf-style formatting for the core.
 *
 * Supports: %% %c %s %.*s %d %i %u %x %X %p %zu %zd and the l/ll length
 * modifiers, with optional '-', '0' flags and a width.  No floating point
 * (use fpconv.h).  Always NUL-terminates when cap > 0; returns the length
 * the full output would have had.
 */
#ifndef VIFVM_CORE_FMT_H
#define VIFVM_CORE_FMT_H

#include <stddef.h>
#include <stdarg.h>

size_t vm_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
size_t vm_snprintf(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
