/* indy.h - shared by the invokedynamic files (indy_link.c, the bootstrap
 * methods vifvm implements: indy_concat.c, indy_lambda.c,
 * indy_objmethods.c). */
#ifndef VIFVM_INTERP_INDY_H
#define VIFVM_INTERP_INDY_H

#include "interp_internal.h"

enum indy_kind {
    INDY_CONCAT,   /* concat */
    INDY_CONST,    /* konst: a static reference field, read on each run */
    INDY_CALL,     /* call: a static method given the operands */
    INDY_NEW       /* a new instance of cls with the operands stored in
                      fields[] (a capturing lambda: what its get$Lambda
                      method does, without the calls) */
};

struct indy_concat;

struct indy_site {
    uint8_t kind;
    uint32_t arg_slots;
    struct indy_concat *concat;
    jfield *konst;
    jmethod *call;
    jclass *cls;
    uint32_t n_fields;
    jfield **fields;
};

/* The call site being linked. */
typedef struct indy_bsm {
    jmethod *caller;
    jclass *host;                 /* caller->owner */
    const cf_class *cf;           /* host->cf */
    const cf_bootstrap *bs;
    const char *bcls, *bname;     /* bootstrap method's class and name */
    const char *name, *desc;      /* call site NameAndType */
} indy_bsm;

/* StringConcatFactory (indy_concat.c) */
vm_status indy_concat_link(vm *vm, const cf_class *cf, const cf_bootstrap *bs,
                           bool with_constants, const char *desc,
                           struct indy_concat **out);
uint32_t indy_concat_arg_slots(const struct indy_concat *s);
vm_status indy_concat_exec(vm *vm, const struct indy_concat *s, jvalue *args,
                           jobject **out);
void indy_concat_free(vm *vm, struct indy_concat *s);

/* LambdaMetafactory.metafactory / altMetafactory (indy_lambda.c): fills
 * s->kind (INDY_CONST or INDY_NEW) and konst / cls, n_fields, fields. */
vm_status indy_lambda_link(vm *vm, const indy_bsm *b, bool alt, struct indy_site *s);

/* java.lang.runtime.ObjectMethods.bootstrap (indy_objmethods.c): INDY_CALL. */
vm_status indy_objmethods_link(vm *vm, const indy_bsm *b, struct indy_site *s);

/* java.lang.runtime.SwitchBootstraps.typeSwitch / enumSwitch
 * (indy_switch.c): INDY_CALL. */
vm_status indy_switch_link(vm *vm, const indy_bsm *b, bool enum_switch, struct indy_site *s);

/* BootstrapMethodError naming the bootstrap method (Java name) and the
 * call site, with a reason. */
vm_status indy_bsm_error(vm *vm, const indy_bsm *b, const char *why);

/* ---- descriptors ---- */
/* The next field type at *p in a descriptor: its length (0 if malformed);
 * *kind = its first char ('L' and '[' for references). */
size_t indy_type_len(const char *p);
/* Slots of a field type ('J'/'D': 2, 'V': 0, else 1). */
static inline uint32_t indy_type_slots(char t) {
    return t == 'J' || t == 'D' ? 2 : t == 'V' ? 0 : 1;
}

#endif
