/* indy_classgen.h - building small class files in C for invokedynamic
 * call sites (lambda classes, records' object methods), and defining them
 * through the normal loader, so that they pass the same parser, load
 * limits, linker and verifier as user classes, and the JIT compiles them
 * like any other method.
 *
 * Usage: cg_init, then constants (deduplicated), fields, and methods
 * (cg_method_begin / instructions / cg_method_end), then cg_finish (the
 * class file bytes) and indy_define_class.  Out-of-memory is sticky:
 * cg->nomem, checked by cg_finish.  Branches: cg_branch emits a 16-bit
 * branch whose target is set by cg_bind; every bound label gets a
 * `same_frame` StackMapTable entry, so generated code must keep its locals
 * as the method's arguments and an empty operand stack at labels (the
 * generated methods never store to locals). */
#ifndef VIFVM_INTERP_INDY_CLASSGEN_H
#define VIFVM_INTERP_INDY_CLASSGEN_H

#include "interp_internal.h"

typedef struct cg_buf {
    uint8_t *p;
    size_t len, cap;
} cg_buf;

typedef struct cg_const {
    uint8_t tag;
    uint16_t a, b;
    char *s;          /* UTF8 text (owned), else NULL */
    size_t slen;
} cg_const;

typedef struct cg_class {
    vm *vm;
    bool nomem, toolong;
    cg_const *cp;
    uint32_t cp_count, cp_cap;      /* entry 0 unused */
    cg_buf fields, methods;
    uint16_t n_fields, n_methods;
    uint16_t n_ifaces;
    uint16_t ifaces[16];
    /* the method being built */
    cg_buf code;
    uint16_t m_access, m_name, m_desc, max_stack, max_locals;
    uint32_t n_frames, frames_cap;
    uint32_t *frames;               /* pcs of bound labels (grows) */
} cg_class;

void cg_init(cg_class *cg, vm *vm);
void cg_free(cg_class *cg);

uint16_t cg_utf8(cg_class *cg, const char *s, size_t len);
uint16_t cg_utf8z(cg_class *cg, const char *s);
uint16_t cg_classref(cg_class *cg, const char *name, size_t len);
uint16_t cg_string(cg_class *cg, const char *s, size_t len);
uint16_t cg_int(cg_class *cg, int32_t v);
/* tag: CP_FIELDREF, CP_METHODREF or CP_INTERFACE_METHODREF */
uint16_t cg_memberref(cg_class *cg, int tag, const char *cls, const char *name,
                      const char *desc);

void cg_add_interface(cg_class *cg, const char *name, size_t len);
void cg_field(cg_class *cg, uint16_t access, const char *name, const char *desc);

void cg_method_begin(cg_class *cg, uint16_t access, const char *name, const char *desc,
                     uint16_t max_locals, uint16_t max_stack);
void cg_u1(cg_class *cg, uint8_t v);
void cg_u2(cg_class *cg, uint16_t v);
void cg_op(cg_class *cg, uint8_t op);
void cg_op_u2(cg_class *cg, uint8_t op, uint16_t v);
/* xload of a local (I L F D A by descriptor char, 'L' / '[' = aload) */
void cg_load(cg_class *cg, char type, uint16_t slot);
void cg_return(cg_class *cg, char type);              /* 'V' = return */
void cg_ldc(cg_class *cg, uint16_t cpidx);
uint32_t cg_branch(cg_class *cg, uint8_t op);         /* returns the label */
void cg_bind(cg_class *cg, uint32_t label);           /* at the current pc */
/* A frame at the current pc without a branch to it (the targets of a
 * tableswitch written by hand); returns the pc. */
uint32_t cg_frame_here(cg_class *cg);
void cg_method_end(cg_class *cg);

/* The class file (major version 52), owned by the caller (vm_free with
 * *len), or NULL (out of memory / too large). */
uint8_t *cg_finish(cg_class *cg, const char *this_name, size_t *len);

/* Define class `name` (internal form) from `bytes` through the normal
 * loader (class_load.c: parse, load limits, link, verify) and initialise
 * it.  VM_OK with *out, or VM_ERR_EXCEPTION pending. */
vm_status indy_define_class(vm *vm, const char *name, const uint8_t *bytes, size_t len,
                            jclass **out);
/* A fresh class name "<host>$$<what>$<n>" not yet in the class table, in
 * buf (cap bytes); false if it does not fit. */
bool indy_class_name(vm *vm, const jclass *host, const char *what, char *buf, size_t cap);

#endif
