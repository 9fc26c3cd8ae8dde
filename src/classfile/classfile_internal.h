/* classfile_internal.h - private interface between classfile.c (parsing,
 * constant pool, attributes) and bytecode_check.c (per-method code checks).
 * Not for use outside src/classfile.
 */
#ifndef VIFVM_CLASSFILE_INTERNAL_H
#define VIFVM_CLASSFILE_INTERNAL_H

#include <stdarg.h>
#include "classfile.h"

/* Write "<cls>: <ctx>: offset <pc>: <message>" into d (parts omitted when
 * cls / ctx are NULL or pc < 0), with control characters replaced and long
 * names cut, and return s. */
vm_status cf_report(vm_diag *d, vm_status s, const char *cls,
                    const char *ctx, long pc, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
vm_status cf_vreport(vm_diag *d, vm_status s, const char *cls,
                     const char *ctx, long pc, const char *fmt, va_list ap);

/* "method <name><desc>" (cut to a sane length) into buf. */
void cf_method_ctx(char *buf, size_t cap, const cf_method *m);

/* True if idx is a valid constant-pool index whose tag is in `mask`
 * (bit 1u << tag). */
static inline bool cf_cp_is(const cf_class *c, uint32_t idx, uint32_t mask) {
    return idx != 0 && idx < c->cp_count && ((mask >> c->cp[idx].tag) & 1u);
}
#define CF_BIT(tag) (1u << (tag))

const char *cf_tag_name(uint8_t tag);
const char *cf_tag_article(uint8_t tag); /* "a" or "an" before the name */

/* Check one method's Code (opcodes, operands, branch targets, exception
 * table, line numbers, max_locals).  `arg_slots` is the method's argument
 * slot count including `this`; `mdesc_slots[i]` is the argument slot count
 * of the method descriptor in Utf8 entry i (valid for every descriptor a
 * Methodref/InterfaceMethodref uses). */
vm_status cf_check_code(const cf_class *c, const cf_method *m,
                        uint32_t arg_slots, const uint16_t *mdesc_slots,
                        vm_diag *diag);

#endif
