/* natives_io.c - output: PrintStream.write0 (a String as UTF-8, plus an
 * optional newline, in ONE platform write) and FileOutputStream.writeBytes0.
 * Streams are 1 (standard output) and 2 (standard error / VIF log). */
#include "natives_internal.h"
#include "exceptions.h"
#include "strings.h"
#include "limits.h"
#include "../core/mem.h"

#define SMALL_OUT 256

/* UTF-16 -> UTF-8; an unpaired surrogate becomes '?' (as the JDK's
 * encoder replaces it).  out has room for 3 bytes per unit.  Returns the
 * bytes written. */
static size_t encode_utf8(const uint16_t *c, size_t n, char *out) {
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t u = c[i];
        if (u < 0x80) {
            out[o++] = (char)u;
        } else if (u < 0x800) {
            out[o++] = (char)(0xC0 | (u >> 6));
            out[o++] = (char)(0x80 | (u & 0x3F));
        } else if (u >= 0xD800 && u <= 0xDBFF && i + 1 < n && c[i + 1] >= 0xDC00 &&
                   c[i + 1] <= 0xDFFF) {
            uint32_t cp = 0x10000 + ((u - 0xD800) << 10) + (c[i + 1] - 0xDC00u);
            i++;
            out[o++] = (char)(0xF0 | (cp >> 18));
            out[o++] = (char)(0x80 | ((cp >> 12) & 0x3F));
            out[o++] = (char)(0x80 | ((cp >> 6) & 0x3F));
            out[o++] = (char)(0x80 | (cp & 0x3F));
        } else if (u >= 0xD800 && u <= 0xDFFF) {
            out[o++] = '?';
        } else {
            out[o++] = (char)(0xE0 | (u >> 12));
            out[o++] = (char)(0x80 | ((u >> 6) & 0x3F));
            out[o++] = (char)(0x80 | (u & 0x3F));
        }
    }
    return o;
}

static bool valid_stream(int32_t s) {
    return s == 1 || s == 2;
}

NATIVE(nat_PrintStream_write0) {
    (void)ret;
    int32_t stream = args[0].i;
    jobject *s = args[1].l;
    bool newline = args[2].i != 0;
    if (!valid_stream(stream)) return rt_throw(vm, "java/lang/IllegalArgumentException", "stream %d", (int)stream);
    size_t n = s ? (size_t)rt_string_length(vm, s) : 0;
    const uint16_t *chars = s ? rt_string_chars(vm, s) : NULL;
    rt_budget_charge(vm, (uint64_t)n >> VM_BUDGET_OUT_SHIFT); /* limits.h */
    if (!vm->plat->write) return VM_OK;
    /* the String's chars stay put: nothing below allocates on the Java heap */
    char small[SMALL_OUT];
    char *buf = small;
    size_t cap = sizeof small, need;
    if (!vm_size_mul(n, 3, &need) || !vm_size_add(need, 1, &need))
        return rt_throw_oom(vm);
    if (need > cap) {
        buf = vm_zalloc(vm->plat, need);
        cap = need;
        if (!buf) {
            /* no native memory: write in small pieces instead */
            size_t i = 0;
            while (i < n) {
                size_t k = n - i < (SMALL_OUT - 1) / 3 ? n - i : (SMALL_OUT - 1) / 3;
                if (k > 1 && chars[i + k - 1] >= 0xD800 && chars[i + k - 1] <= 0xDBFF) k--;
                size_t o = encode_utf8(chars + i, k, small);
                vm->plat->write(vm->plat->ud, stream, small, o);
                i += k;
            }
            if (newline) vm->plat->write(vm->plat->ud, stream, "\n", 1);
            return VM_OK;
        }
    }
    size_t o = n ? encode_utf8(chars, n, buf) : 0;
    if (newline) buf[o++] = '\n';
    if (o) vm->plat->write(vm->plat->ud, stream, buf, o);
    if (buf != small) vm_free(vm->plat, buf, cap);
    return VM_OK;
}

NATIVE(nat_FileOutputStream_writeBytes0) {
    (void)ret;
    int32_t stream = args[0].i;
    jobject *b = args[1].l;
    int32_t off = args[2].i, len = args[3].i;
    if (!b) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    if (off < 0 || len < 0 || off > b->length - len)
        return rt_throw(vm, "java/lang/IndexOutOfBoundsException", NULL);
    if (!valid_stream(stream)) return rt_throw(vm, "java/io/IOException", "Bad file descriptor");
    rt_budget_charge(vm, (uint64_t)len >> VM_BUDGET_OUT_SHIFT); /* limits.h */
    if (len && vm->plat->write)
        vm->plat->write(vm->plat->ud, stream, (const char *)JARRAY_DATA(b) + off, (size_t)len);
    return VM_OK;
}
