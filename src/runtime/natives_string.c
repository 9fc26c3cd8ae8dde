/* natives_string.c - natives of java.lang.String (intern). */
#include "natives_internal.h"
#include "strings.h"

NATIVE(nat_String_intern) {
    jobject *s = rt_intern(vm, args[0].l);
    if (!s) return VM_ERR_EXCEPTION;
    ret->l = s;
    return VM_OK;
}
