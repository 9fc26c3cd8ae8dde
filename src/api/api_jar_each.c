/* api_jar_each.c - the class entries of a JAR held in memory, one by one
 * (include/vifvm.h: vm_jar_each_class), for a host that must know every
 * class a class path image can supply and its bytes (vifd's injection
 * directory: one class namespace per VM, so a class name already staged
 * into an owner's VM from other bytes needs a fresh VM).  Nothing is
 * parsed, loaded or run: the entries named NAME.class are read (inflated,
 * CRC-checked by zip_read) and handed over. */
#include "../../include/vifvm.h"
#include "../classfile/zip.h"
#include "../core/mem.h"
#include "../core/diag.h"

vm_status vm_jar_each_class(const vm_platform *p, const uint8_t *bytes, size_t len,
                            size_t max_entry_bytes, size_t max_total_bytes, vm_jar_class_fn fn,
                            void *ctx, vm_diag *d) {
    if (!p || !bytes || !len || !fn) return vm_diagf(d, VM_ERR_ARG, "bad arguments");
    zip_archive *z = NULL;
    vm_status st = zip_open(p, bytes, len, max_entry_bytes, &z, d);
    if (st != VM_OK) return st;
    size_t total = 0;
    for (size_t i = 0; i < zip_entry_count(z) && st == VM_OK; i++) {
        const char *name = zip_entry_name(z, i);
        if (!name) {
            st = vm_diagf(d, VM_ERR_INTERNAL, "zip entry %zu has no name", i);
            break;
        }
        size_t nl = vm_strlen(name);
        if (nl <= 6 || vm_memcmp(name + nl - 6, ".class", 6) != 0) continue;
        uint8_t *buf = NULL;
        size_t got = 0;
        st = zip_read(z, name, &buf, &got, d);
        if (st != VM_OK) break;
        total += got;
        if (max_total_bytes && total > max_total_bytes)
            st = vm_diagf(d, VM_ERR_LIMIT, "the class entries exceed %zu bytes at %s",
                          max_total_bytes, name);
        else if (fn(ctx, name, buf, got) != 0)
            i = zip_entry_count(z);   /* the caller stops the walk */
        vm_free(p, buf, got);
    }
    zip_close(z);
    return st;
}
