/* natives_number.c - natives of java.lang.Double and java.lang.Float: raw
 * bit conversions, toString (core/fpconv shortest decimal) and parsing.
 * The parse natives throw NumberFormatException without a message; the
 * Java callers add the JDK's "For input string" text. */
#include "natives_internal.h"
#include "exceptions.h"
#include "strings.h"
#include "../core/fpconv.h"
#include "../core/mem.h"

NATIVE(nat_Double_doubleToRawLongBits) {
    __builtin_memcpy(&ret->j, &args[0].d, sizeof(double));
    return VM_OK;
}

NATIVE(nat_Double_longBitsToDouble) {
    __builtin_memcpy(&ret->d, &args[0].j, sizeof(double));
    return VM_OK;
}

NATIVE(nat_Float_floatToRawIntBits) {
    __builtin_memcpy(&ret->i, &args[0].f, sizeof(float));
    return VM_OK;
}

NATIVE(nat_Float_intBitsToFloat) {
    __builtin_memcpy(&ret->f, &args[0].i, sizeof(float));
    return VM_OK;
}

static vm_status make_string(vm *vm, const char *buf, size_t n, jvalue *ret) {
    jobject *s = rt_new_string_utf8(vm, buf, n);
    if (!s) return VM_ERR_EXCEPTION;
    ret->l = s;
    return VM_OK;
}

NATIVE(nat_Double_toString) {
    char buf[FPCONV_BUFSZ + 8];
    size_t n = fpconv_double_to_java(args[0].d, buf);
    return make_string(vm, buf, n, ret);
}

NATIVE(nat_Float_toString) {
    char buf[FPCONV_BUFSZ + 8];
    size_t n = fpconv_float_to_java(args[0].f, buf);
    return make_string(vm, buf, n, ret);
}

/* Parse the String's text as a double or float.  Non-ASCII text is
 * malformed. */
static vm_status parse(vm *vm, jobject *s, bool is_float, jvalue *ret) {
    if (!s) return rt_throw(vm, "java/lang/NullPointerException", NULL);
    size_t n = (size_t)rt_string_length(vm, s);
    const uint16_t *c = rt_string_chars(vm, s);
    char small[64];
    char *buf = small;
    if (n > sizeof small) {
        buf = vm_zalloc(vm->plat, n);
        if (!buf) return rt_throw_oom(vm);
    }
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        if (c[i] >= 0x80) {
            ok = false;
            break;
        }
        buf[i] = (char)c[i];
    }
    if (ok) {
        if (is_float) ok = fpconv_parse_float(buf, n, &ret->f);
        else ok = fpconv_parse_double(buf, n, &ret->d);
    }
    if (buf != small) vm_free(vm->plat, buf, n);
    if (!ok) return rt_throw(vm, "java/lang/NumberFormatException", NULL);
    return VM_OK;
}

NATIVE(nat_Double_parseDouble0) {
    return parse(vm, args[0].l, false, ret);
}

NATIVE(nat_Float_parseFloat0) {
    return parse(vm, args[0].l, true, ret);
}
