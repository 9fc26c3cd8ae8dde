/* api_scan.c - which members the classes of a class path image name,
 * without loading anything (include/vifvm.h: vm_image_members_named).
 *
 * A host that skips work only a use of some member can observe (the
 * kernel module: reading the clock for vif.Packet.timestamp(), copying a
 * packet past its first bytes, comparing the bytes at dequeue) must know
 * every class its VIFlet can ever run, not only those loaded when it asks
 * (vm_member_named): a class of a JAR can be loaded at its first use
 * (Class.forName), on the packet path.  The user classes a VM can load
 * come from its class path, which for such a host is one image: a class
 * file, or a JAR whose classes are its entries named NAME.class.  So
 * every such entry is parsed (cf_parse: the constant pool is what is
 * read; nothing is linked, initialised or run) and its constant pool
 * scanned as vm_member_named does.  An entry that cannot be read or
 * parsed (the VM could not load it either, but a reader with other
 * limits might), or class entries past max_total_bytes in all (the work
 * is bounded), make the answer "every member named": the caller then
 * assumes every use, which is sound, and the load goes on. */
#include "../../include/vifvm.h"
#include "../classfile/classfile.h"
#include "../classfile/zip.h"
#include "../core/mem.h"
#include "../core/diag.h"

static bool ends_with(const char *s, const char *suf) {
    size_t a = vm_strlen(s), b = vm_strlen(suf);
    return a >= b && vm_memcmp(s + a - b, suf, b) == 0;
}

/* The members of cls among names[] that one parsed class names. */
static void scan_class(const cf_class *c, const char *cls, const char *const *names, size_t n,
                       bool *found) {
    for (uint16_t i = 1; i < c->cp_count; i++) {
        uint8_t t = c->cp[i].tag;
        if (t != CP_METHODREF && t != CP_INTERFACE_METHODREF && t != CP_FIELDREF) continue;
        const char *rc, *rn, *rd;
        cf_member_ref(c, i, &rc, &rn, &rd);
        if (vm_strcmp(rc, cls) != 0) continue;
        for (size_t k = 0; k < n; k++)
            if (!found[k] && vm_strcmp(rn, names[k]) == 0) found[k] = true;
    }
}

static vm_status scan_bytes(const vm_platform *p, const uint8_t *b, size_t len, const char *cls,
                            const char *const *names, size_t n, bool *found, vm_diag *d) {
    cf_parse_opts o = { CF_PARSE_ALLOW_MODULE | CF_PARSE_ALLOW_PREVIEW, NULL, 0 };
    cf_class *c = NULL;
    vm_status st = cf_parse_ex(p, b, len, &o, &c, d);
    if (st != VM_OK) return st;
    scan_class(c, cls, names, n, found);
    cf_free(c);
    return VM_OK;
}

static vm_status scan_jar(const vm_platform *p, const uint8_t *b, size_t len, size_t max_entry,
                          size_t max_total, const char *cls, const char *const *names, size_t n,
                          bool *found, vm_diag *d) {
    size_t total = 0;
    zip_archive *z = NULL;
    vm_status st = zip_open(p, b, len, max_entry, &z, d);
    if (st != VM_OK) return st;
    for (size_t i = 0; i < zip_entry_count(z) && st == VM_OK; i++) {
        const char *name = zip_entry_name(z, i);
        if (!name) {
            st = vm_diagf(d, VM_ERR_INTERNAL, "zip entry %zu has no name", i);
            break;
        }
        if (!ends_with(name, ".class")) continue;
        uint8_t *buf = NULL;
        size_t got = 0;
        st = zip_read(z, name, &buf, &got, d);
        if (st != VM_OK) break;
        total += got;
        if (max_total && total > max_total)
            st = vm_diagf(d, VM_ERR_LIMIT, "the class entries exceed %zu bytes at %s", max_total,
                          name);
        else
            st = scan_bytes(p, buf, got, cls, names, n, found, d);
        vm_free(p, buf, got);
    }
    zip_close(z);
    return st;
}

vm_status vm_image_members_named(const vm_platform *p, const uint8_t *bytes, size_t len,
                                 bool jar, size_t max_entry_bytes, size_t max_total_bytes,
                                 const char *cls,
                                 const char *const *names, size_t n, bool *found, vm_diag *d) {
    if (!found) return vm_diagf(d, VM_ERR_ARG, "bad arguments");
    for (size_t k = 0; k < n; k++) found[k] = false;
    vm_status st;
    if (!p || !bytes || !len || !cls || (n && !names))
        st = vm_diagf(d, VM_ERR_ARG, "bad arguments");
    else if (jar)
        st = scan_jar(p, bytes, len, max_entry_bytes, max_total_bytes, cls, names, n, found, d);
    else
        st = scan_bytes(p, bytes, len, cls, names, n, found, d);
    if (st != VM_OK)
        for (size_t k = 0; k < n; k++) found[k] = true;
    return st;
}
