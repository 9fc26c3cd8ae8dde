/* bootlib.c - reading class files out of the embedded library. */
#include "bootlib.h"
#include "../classfile/inflate.h"
#include "../core/mem.h"

vm_status bootlib_class_bytes(const vm_platform *p, const vm_bootclass *bc,
                              uint8_t **out, size_t *len) {
    uint8_t *buf = vm_zalloc(p, bc->len);
    if (!buf) return VM_ERR_NOMEM;
    size_t got = 0;
    if (!bc->zlen) {
        vm_memcpy(buf, bc->data, bc->len);
        got = bc->len;
    } else if (inflate_raw(bc->data, bc->zlen, buf, bc->len, &got) != VM_OK || got != bc->len) {
        vm_free(p, buf, bc->len);
        return VM_ERR_INTERNAL;
    }
    *out = buf;
    *len = got;
    return VM_OK;
}
