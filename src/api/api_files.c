/* api_files.c - the public API's class-file and JAR checks, which need no
 * VM (include/vifvm.h): checking the bytes of a class file, a JAR's
 * Main-Class, checking every entry of a JAR held in memory, and raw
 * inflate (hosts, tools and the fuzz harnesses use these). */
#include "../../include/vifvm.h"
#include "../classfile/classfile.h"
#include "../classfile/classpath.h"
#include "../classfile/zip.h"
#include "../classfile/inflate.h"
#include "../core/mem.h"
#include "../core/diag.h"

vm_status vm_check_class_bytes(const vm_platform *p, const uint8_t *bytes, size_t len,
                               vm_diag *d) {
    if (!p || (!bytes && len)) return vm_diagf(d, VM_ERR_ARG, "no bytes");
    cf_class *c = NULL;
    vm_status st = cf_parse(p, bytes, len, &c, d);
    if (st == VM_OK) cf_free(c);
    return st;
}

vm_status vm_class_file_name(const vm_platform *p, const uint8_t *bytes, size_t len, char *buf,
                             size_t cap, vm_diag *d) {
    if (!p || (!bytes && len) || !buf || !cap) return vm_diagf(d, VM_ERR_ARG, "bad arguments");
    cf_class *c = NULL;
    vm_status st = cf_parse(p, bytes, len, &c, d);
    if (st != VM_OK) return st;
    size_t n = vm_strlen(c->this_name);
    if (n >= cap || !classpath_valid_class_name(c->this_name))
        st = vm_diagf(d, VM_ERR_FORMAT, "unusable class name");
    else
        vm_memcpy(buf, c->this_name, n + 1);
    cf_free(c);
    return st;
}

vm_status vm_jar_main_class(const vm_platform *p, const char *path, size_t max_bytes,
                            char *buf, size_t cap, vm_diag *d) {
    if (!p || !path || !buf || !cap) return vm_diagf(d, VM_ERR_ARG, "bad arguments");
    return classpath_jar_main_class(p, path, max_bytes, buf, cap, d);
}

static bool ends_with(const char *s, const char *suf) {
    size_t a = vm_strlen(s), b = vm_strlen(suf);
    return a >= b && vm_memcmp(s + a - b, suf, b) == 0;
}

vm_status vm_check_jar_bytes(const vm_platform *p, const uint8_t *bytes, size_t len,
                             size_t max_entry_bytes, vm_diag *d) {
    if (!p || (!bytes && len)) return vm_diagf(d, VM_ERR_ARG, "no bytes");
    zip_archive *z = NULL;
    vm_status st = zip_open(p, bytes, len, max_entry_bytes, &z, d), first = VM_OK;
    if (st != VM_OK) return st;
    for (size_t i = 0; i < zip_entry_count(z); i++) {
        const char *name = zip_entry_name(z, i);
        uint8_t *buf;
        size_t n;
        if (!name) {
            st = vm_diagf(d, VM_ERR_INTERNAL, "zip entry %zu has no name", i);
            break;
        }
        st = zip_read(z, name, &buf, &n, d);
        if (st == VM_OK && n > max_entry_bytes)
            st = vm_diagf(d, VM_ERR_INTERNAL, "zip entry %s exceeds its bound", name);
        if (st != VM_OK) {
            if (first == VM_OK) first = st;
            continue;
        }
        if (ends_with(name, ".class")) {
            st = vm_check_class_bytes(p, buf, n, d);
        } else if (vm_strcmp(name, "META-INF/MANIFEST.MF") == 0) {
            char mc[256];
            st = classpath_manifest_main_class(buf, n, mc, sizeof mc, d);
            if (st == VM_ERR_NOT_FOUND) st = VM_OK;
        }
        if (st != VM_OK && first == VM_OK) first = st;
        vm_free(p, buf, n);
    }
    zip_close(z);
    return st == VM_ERR_INTERNAL ? st : first;
}

vm_status vm_inflate_raw(const uint8_t *in, size_t in_len, uint8_t *out, size_t cap,
                         size_t *got) {
    return inflate_raw(in, in_len, out, cap, got);
}
