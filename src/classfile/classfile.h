/* classfile.h - the parsed form of one .class file (JVMS chapter 4).
 *
 * cf_parse() turns bytes into a cf_class after strict structural checks:
 * every constant-pool index in range and of the right tag, every length
 * inside the file, names and descriptors well formed, access flags legal,
 * branch targets on instruction boundaries, execution cannot fall off the
 * end of the code, exception ranges valid, max_locals covers the arguments
 * and every local index, jsr/ret rejected.  No type checking (that is the
 * verifier's job).  Nothing in a cf_class points into the input buffer: the
 * caller may free it afterwards.  module-info files are rejected unless
 * cf_parse_ex() is given CF_PARSE_ALLOW_MODULE.
 * All memory comes from one vm_platform allocator and is released by
 * cf_free().
 *
 * Strings from the constant pool are stored as NUL-terminated modified UTF-8
 * (the bytes of the class file, plus a terminator).  Class names are in
 * internal form ("java/lang/String").
 */
#ifndef VIFVM_CLASSFILE_CLASSFILE_H
#define VIFVM_CLASSFILE_CLASSFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "../core/platform.h"
#include "../core/diag.h"

/* Constant-pool tags (JVMS 4.4). */
enum {
    CP_NONE = 0, /* index 0 and the unusable slot after a long/double */
    CP_UTF8 = 1,
    CP_INTEGER = 3,
    CP_FLOAT = 4,
    CP_LONG = 5,
    CP_DOUBLE = 6,
    CP_CLASS = 7,
    CP_STRING = 8,
    CP_FIELDREF = 9,
    CP_METHODREF = 10,
    CP_INTERFACE_METHODREF = 11,
    CP_NAME_AND_TYPE = 12,
    CP_METHOD_HANDLE = 15,
    CP_METHOD_TYPE = 16,
    CP_DYNAMIC = 17,
    CP_INVOKE_DYNAMIC = 18,
    CP_MODULE = 19,
    CP_PACKAGE = 20
};

/* Access flags (JVMS 4.1, 4.5, 4.6). */
enum {
    ACC_PUBLIC = 0x0001, ACC_PRIVATE = 0x0002, ACC_PROTECTED = 0x0004,
    ACC_STATIC = 0x0008, ACC_FINAL = 0x0010, ACC_SUPER = 0x0020,
    ACC_SYNCHRONIZED = 0x0020, ACC_VOLATILE = 0x0040, ACC_BRIDGE = 0x0040,
    ACC_TRANSIENT = 0x0080, ACC_VARARGS = 0x0080, ACC_NATIVE = 0x0100,
    ACC_INTERFACE = 0x0200, ACC_ABSTRACT = 0x0400, ACC_STRICT = 0x0800,
    ACC_SYNTHETIC = 0x1000, ACC_ANNOTATION = 0x2000, ACC_ENUM = 0x4000,
    ACC_MODULE = 0x8000
};

/* One constant-pool entry.  Which members are valid depends on `tag`:
 *   UTF8:               utf8.str (NUL-terminated), utf8.len
 *   INTEGER/FLOAT:      u.i32 / u.f32
 *   LONG/DOUBLE:        u.i64 / u.f64 (the following index is CP_NONE)
 *   CLASS/STRING/METHOD_TYPE/MODULE/PACKAGE: ref.a = utf8 index
 *   FIELDREF/METHODREF/INTERFACE_METHODREF: ref.a = class idx, ref.b = NAT idx
 *   NAME_AND_TYPE:      ref.a = name utf8, ref.b = descriptor utf8
 *   METHOD_HANDLE:      ref.a = reference_kind (1..9), ref.b = reference idx
 *   DYNAMIC/INVOKE_DYNAMIC: ref.a = bootstrap method attr index, ref.b = NAT
 */
typedef struct cf_const {
    uint8_t tag;
    union {
        struct { const char *str; uint32_t len; } utf8;
        struct { uint16_t a, b; } ref;
        int32_t i32;
        float f32;
        int64_t i64;
        double f64;
    } u;
} cf_const;

typedef struct cf_exception_entry {
    uint16_t start_pc, end_pc, handler_pc;
    uint16_t catch_type; /* CP_CLASS index, or 0 for "any" (finally) */
} cf_exception_entry;

typedef struct cf_line_entry {
    uint16_t start_pc;
    uint16_t line;
} cf_line_entry;

typedef struct cf_code {
    uint16_t max_stack, max_locals;
    uint32_t code_len;
    uint8_t *code;                     /* copy of the bytecode */
    uint16_t n_exceptions;
    cf_exception_entry *exceptions;
    uint16_t n_lines;
    cf_line_entry *lines;              /* sorted by start_pc as in the file */
    uint32_t stackmap_len;             /* raw StackMapTable attribute body */
    uint8_t *stackmap;                 /* NULL if absent (kept for verifier) */
    uint16_t n_local_vars;             /* LocalVariableTable (javac -g), the
                                          first one; raw entries of 10 bytes
                                          (start_pc, length, name_index,
                                          descriptor_index, index), unchecked
                                          beyond their count; for the helpful
                                          NullPointerException messages */
    uint8_t *local_vars;
} cf_code;

typedef struct cf_field {
    uint16_t access;
    const char *name;        /* points into the constant pool strings */
    const char *desc;
    uint16_t constant_value; /* CP index of ConstantValue, or 0 */
} cf_field;

typedef struct cf_method {
    uint16_t access;
    const char *name;
    const char *desc;
    cf_code *code;           /* NULL for native/abstract methods */
    uint16_t n_throws;
    uint16_t *throws;        /* CP_CLASS indexes from the Exceptions attr */
} cf_method;

typedef struct cf_bootstrap {
    uint16_t method_ref;     /* CP_METHOD_HANDLE index */
    uint16_t n_args;
    uint16_t *args;          /* loadable CP indexes */
} cf_bootstrap;

typedef struct cf_class {
    const vm_platform *plat; /* allocator everything below came from */
    uint16_t minor, major;
    uint16_t access;
    const char *this_name;   /* internal form */
    const char *super_name;  /* NULL only for java/lang/Object */
    uint16_t n_interfaces;
    const char **interfaces;
    uint16_t cp_count;       /* entries 0 .. cp_count-1; entry 0 is CP_NONE */
    cf_const *cp;
    uint16_t n_fields;
    cf_field *fields;
    uint16_t n_methods;
    cf_method *methods;
    uint16_t n_bootstrap;
    cf_bootstrap *bootstrap;
    const char *source_file; /* SourceFile attribute, or NULL */
    /* private bookkeeping for cf_free */
    void *arena;
    size_t arena_size;
} cf_class;

/* Limits applied by the parser (a class beyond them is rejected). */
#define CF_MAX_CODE_LEN 65535u

/* Parse and structurally check a class file.  On success *out owns all its
 * memory.  On failure returns VM_ERR_FORMAT / VM_ERR_VERSION / VM_ERR_JSR /
 * VM_ERR_NOMEM with a detail naming the class (when known), the method and
 * the bytecode offset, e.g.
 *   "Foo: method run()V: offset 7: branch target 120 outside code" */
vm_status cf_parse(const vm_platform *plat, const uint8_t *data, size_t len,
                   cf_class **out, vm_diag *diag);

void cf_free(cf_class *c);

/* Convenience accessors (no checks beyond those cf_parse already made). */
const char *cf_utf8(const cf_class *c, uint16_t idx);        /* UTF8 entry */
const char *cf_class_name(const cf_class *c, uint16_t idx);  /* CLASS entry */
/* FIELDREF/METHODREF/INTERFACE_METHODREF -> class, name, descriptor */
void cf_member_ref(const cf_class *c, uint16_t idx, const char **cls,
                   const char **name, const char **desc);
/* NAME_AND_TYPE -> name, descriptor */
void cf_name_and_type(const cf_class *c, uint16_t idx, const char **name,
                      const char **desc);

/* Bytecode helpers shared by parser, verifier, interpreter and JIT. */
/* Length in bytes of the instruction at pc (handles tableswitch,
 * lookupswitch, wide), or 0 if it runs past code_len / is undefined.
 * Switch padding is relative to the code start (code[0]); a tableswitch
 * with low > high, a lookupswitch with npairs < 0 and `wide` before an
 * opcode it cannot modify also give 0.  jsr/jsr_w/ret have their normal
 * lengths (cf_parse rejects them). */
uint32_t cf_insn_length(const uint8_t *code, uint32_t code_len, uint32_t pc);

/* Descriptor helpers. */
/* Number of argument slots (long/double count 2), excluding `this`. */
int cf_desc_arg_slots(const char *method_desc);
/* Return type character of a method descriptor ('V', 'I', 'L', '[', ...). */
char cf_desc_return(const char *method_desc);
/* True if `desc` is a well-formed field descriptor / method descriptor. */
bool cf_valid_field_desc(const char *desc);
bool cf_valid_method_desc(const char *desc);

/* ---- extensions (parser helper, added with the implementation) ---- */

/* cf_parse with options; cf_parse(...) == cf_parse_ex(..., NULL, ...). */
#define CF_PARSE_ALLOW_MODULE 0x1u /* accept module-info (ACC_MODULE) files;
                                      without it they are VM_ERR_FORMAT */
#define CF_PARSE_ALLOW_PREVIEW 0x2u /* accept version 61.65535 (Java SE 17's
                                      preview features, --enable-preview);
                                      without it it is VM_ERR_VERSION */
typedef struct cf_parse_opts {
    unsigned flags;    /* CF_PARSE_* */
    /* The class the caller is loading (internal form, need not be
     * NUL-terminated), or NULL.  Error details start with the class name
     * from the file when it can be read; otherwise (bad magic, truncated
     * or broken constant pool, ...) with this name. */
    const char *name;
    size_t name_len;
} cf_parse_opts;
vm_status cf_parse_ex(const vm_platform *plat, const uint8_t *data,
                      size_t len, const cf_parse_opts *opts, cf_class **out,
                      vm_diag *diag);

/* Mnemonic of an opcode ("invokeinterface"), or "<undefined>". */
const char *cf_opcode_name(uint8_t op);

/* Name checks (JVMS 4.2), on NUL-terminated modified UTF-8. */
bool cf_valid_unqualified_name(const char *s); /* field name */
bool cf_valid_method_name(const char *s);      /* incl. <init>, <clinit> */
bool cf_valid_binary_name(const char *s);      /* "java/lang/String" */
bool cf_valid_class_name(const char *s);       /* binary name or array desc */
/* Number of leading '[' (array dimensions) of a class name / descriptor. */
int cf_array_dims(const char *s);

#endif
