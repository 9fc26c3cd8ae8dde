// unit-sources: src/classfile/classfile.c src/classfile/bytecode_check.c src/classfile/descriptor.c src/core/diag.c src/core/fmt.c src/core/mem.c src/core/status.c src/platform/posix/posix_platform.c
/* test_classfile.c - unit tests for src/classfile/classfile.c,
 * bytecode_check.c and descriptor.c.
 *
 * Real javac output (embedded by tests/unit/data/classfile/gen_samples.sh):
 * constant-pool decoding of every tag javac emits, fields, methods, code,
 * exception tables, line numbers, bootstrap methods, module-info.  Then
 * descriptor/name helpers, cf_insn_length at every switch alignment, every
 * case of tests/malformed/gen_malformed.c (in memory), crafted valid code
 * (switches at all alignments, wide forms, CONSTANT_Dynamic, old
 * versions), every truncation of every sample, seeded random corruption,
 * and allocation failure at every allocation (no leaks).
 *
 * Build: make -f tests/unit/unit.mk O=build/release build/release/tests/test_classfile
 * (it links only the sources on the first line, so it builds before the
 * rest of the core), or cc -Isrc tests/unit/test_classfile.c <those> -lm.
 * Set CF_TEST_VERBOSE=1 to print every malformed case's message.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif
#if defined(__GNUC__) && !defined(__clang__)
/* unit_test.h's messages are cut on purpose */
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "unit_test.h"
#include "classfile/classfile.h"
#include "platform/posix/posix_platform.h"
#include "data/classfile_samples.h"

#define GM_NO_MAIN
#include "../malformed/gen_malformed.c"

static vm_platform plat;
static char diagbuf[1024];
static vm_diag diag = {diagbuf, sizeof diagbuf};

static const cf_parse_opts allow_module = {CF_PARSE_ALLOW_MODULE, NULL, 0};

static cf_class *parse_ok(const unsigned char *d, size_t n, unsigned flags) {
    cf_class *c = NULL;
    diagbuf[0] = 0;
    cf_parse_opts o = {flags, NULL, 0};
    vm_status st = cf_parse_ex(&plat, d, n, &o, &c, &diag);
    if (st != VM_OK) {
        printf("  unexpected parse failure: %s: %s\n", vm_status_str(st),
               diagbuf);
        return NULL;
    }
    return c;
}

static const cf_field *field(const cf_class *c, const char *name) {
    for (unsigned i = 0; i < c->n_fields; i++)
        if (strcmp(c->fields[i].name, name) == 0) return &c->fields[i];
    return NULL;
}

static const cf_method *meth(const cf_class *c, const char *name) {
    for (unsigned i = 0; i < c->n_methods; i++)
        if (strcmp(c->methods[i].name, name) == 0) return &c->methods[i];
    return NULL;
}

/* Does the method's code contain opcode `op` (walking instructions)? */
static int has_op(const cf_method *m, uint8_t op) {
    if (!m || !m->code) return 0;
    const cf_code *k = m->code;
    for (uint32_t pc = 0; pc < k->code_len;) {
        if (k->code[pc] == op) return 1;
        uint32_t n = cf_insn_length(k->code, k->code_len, pc);
        if (!n) return 0;
        pc += n;
    }
    return 0;
}

static uint32_t f32bits(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}
static uint64_t f64bits(double d) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* ------------------------------------------------------------- samples */

static void test_consts_header(void) {
    cf_class *c = parse_ok(sample_consts, sizeof sample_consts, 0);
    UT_CHECK(c != NULL);
    if (!c) return;
    UT_CHECK_EQ_INT(c->major, 61);
    UT_CHECK_EQ_INT(c->minor, 0);
    UT_CHECK_EQ_STR(c->this_name, "Consts");
    UT_CHECK_EQ_STR(c->super_name, "java/lang/Object");
    UT_CHECK_EQ_INT(c->n_interfaces, 2);
    UT_CHECK_EQ_STR(c->interfaces[0], "java/lang/Runnable");
    UT_CHECK_EQ_STR(c->interfaces[1], "java/io/Serializable");
    UT_CHECK_EQ_STR(c->source_file, "Consts.java");
    UT_CHECK(c->access & ACC_PUBLIC);
    UT_CHECK(c->access & ACC_SUPER);
    UT_CHECK_EQ_INT(c->cp[0].tag, CP_NONE);
    /* the input buffer may be freed: nothing points into it */
    unsigned char *copy = malloc(sizeof sample_consts);
    memcpy(copy, sample_consts, sizeof sample_consts);
    cf_class *c2 = parse_ok(copy, sizeof sample_consts, 0);
    memset(copy, 0xee, sizeof sample_consts);
    free(copy);
    UT_CHECK(c2 && strcmp(c2->this_name, "Consts") == 0);
    UT_CHECK(c2 && meth(c2, "run") && meth(c2, "run")->code->code[0] == 0x2a);
    cf_free(c2);
    cf_free(c);
}

static void test_consts_values(void) {
    cf_class *c = parse_ok(sample_consts, sizeof sample_consts, 0);
    UT_CHECK(c != NULL);
    if (!c) return;
    const cf_field *f;
#define CV(name) ((f = field(c, name)) && f->constant_value ? &c->cp[f->constant_value] : NULL)
    const cf_const *e = CV("I");
    UT_CHECK(e && e->tag == CP_INTEGER && e->u.i32 == 123456789);
    e = CV("IMIN");
    UT_CHECK(e && e->tag == CP_INTEGER && e->u.i32 == INT32_MIN);
    e = CV("L");
    UT_CHECK(e && e->tag == CP_LONG && e->u.i64 == 0x123456789abcdefLL);
    UT_CHECK(e && c->cp[f->constant_value + 1].tag == CP_NONE);
    e = CV("F");
    UT_CHECK(e && e->tag == CP_FLOAT && e->u.f32 == 1.5f);
    e = CV("FNAN");
    UT_CHECK(e && e->tag == CP_FLOAT && isnan(e->u.f32));
    UT_CHECK(e && f32bits(e->u.f32) == 0x7fc00000u);
    e = CV("D");
    UT_CHECK(e && e->tag == CP_DOUBLE && e->u.f64 == 0.0 && signbit(e->u.f64));
    UT_CHECK(e && f64bits(e->u.f64) == 0x8000000000000000ull);
    e = CV("DNAN");
    UT_CHECK(e && e->tag == CP_DOUBLE && isnan(e->u.f64));
    e = CV("DINF");
    UT_CHECK(e && e->tag == CP_DOUBLE && isinf(e->u.f64) && e->u.f64 > 0);
    e = CV("C");
    UT_CHECK(e && e->tag == CP_INTEGER && e->u.i32 == 'x');
    e = CV("S");
    UT_CHECK(e && e->tag == CP_STRING);
    if (e) {
        /* modified UTF-8: NUL as C0 80, U+1D11E as a surrogate pair */
        static const char want[] = "h\xc3\xa9llo \xc0\x80 \xe2\x82\xac "
                                   "\xed\xa0\xb4\xed\xb4\x9e";
        const char *s = cf_utf8(c, e->u.ref.a);
        UT_CHECK(s && strcmp(s, want) == 0);
        UT_CHECK_EQ_INT(c->cp[e->u.ref.a].u.utf8.len, sizeof want - 1);
    }
#undef CV
    /* non-static fields keep no constant; flags as written */
    f = field(c, "count");
    UT_CHECK(f && f->access == ACC_PRIVATE && strcmp(f->desc, "I") == 0);
    f = field(c, "stamp");
    UT_CHECK(f && f->access == (ACC_PROTECTED | ACC_VOLATILE) && f->desc[0] == 'J');
    f = field(c, "ref");
    UT_CHECK(f && f->access == ACC_TRANSIENT &&
             strcmp(f->desc, "Ljava/lang/Object;") == 0);
    f = field(c, "counter");
    UT_CHECK(f && f->access == ACC_STATIC && f->constant_value == 0);
    UT_CHECK_EQ_INT(c->n_fields, 14);
    /* every tag's count */
    int tags[32] = {0};
    for (unsigned i = 1; i < c->cp_count; i++) tags[c->cp[i].tag]++;
    UT_CHECK(tags[CP_UTF8] > 0 && tags[CP_INTEGER] > 0 && tags[CP_FLOAT] > 0 &&
             tags[CP_LONG] > 0 && tags[CP_DOUBLE] > 0 && tags[CP_CLASS] > 0 &&
             tags[CP_STRING] > 0 && tags[CP_FIELDREF] > 0 &&
             tags[CP_METHODREF] > 0 && tags[CP_INTERFACE_METHODREF] > 0 &&
             tags[CP_NAME_AND_TYPE] > 0 && tags[CP_METHOD_HANDLE] > 0 &&
             tags[CP_METHOD_TYPE] > 0 && tags[CP_INVOKE_DYNAMIC] > 0);
    UT_CHECK_EQ_INT(tags[CP_NONE], tags[CP_LONG] + tags[CP_DOUBLE]);
    cf_free(c);
}

static void test_consts_methods(void) {
    cf_class *c = parse_ok(sample_consts, sizeof sample_consts, 0);
    UT_CHECK(c != NULL);
    if (!c) return;
    const cf_method *m = meth(c, "<clinit>");
    UT_CHECK(m && m->access == ACC_STATIC && m->code && strcmp(m->desc, "()V") == 0);
    m = meth(c, "<init>");
    UT_CHECK(m && m->access == ACC_PUBLIC && m->code && m->code->max_locals == 1);
    m = meth(c, "nat");
    UT_CHECK(m && (m->access & ACC_NATIVE) && !m->code);
    UT_CHECK(m && cf_desc_arg_slots(m->desc) == 1 && cf_desc_return(m->desc) == 'I');
    m = meth(c, "sum");
    UT_CHECK(m && (m->access & ACC_SYNCHRONIZED) && m->code);
    UT_CHECK(m && cf_desc_arg_slots(m->desc) == 5 && m->code->max_locals >= 6);
    UT_CHECK(has_op(meth(c, "sw"), 170));
    UT_CHECK(has_op(meth(c, "lsw"), 171));
    UT_CHECK(has_op(meth(c, "concat"), 186));
    UT_CHECK(has_op(meth(c, "lambda"), 186));
    UT_CHECK(has_op(meth(c, "wide"), 196));
    UT_CHECK(has_op(meth(c, "arrays"), 197) && has_op(meth(c, "arrays"), 189) &&
             has_op(meth(c, "arrays"), 188));
    UT_CHECK(has_op(meth(c, "ldc2"), 20));
    UT_CHECK(has_op(meth(c, "inst"), 193) && has_op(meth(c, "inst"), 192));
    UT_CHECK(has_op(meth(c, "cls"), 18) || has_op(meth(c, "cls"), 19));
    UT_CHECK(has_op(meth(c, "iface"), 185));
    /* wide iinc of local 1 by 1000 */
    m = meth(c, "wide");
    UT_CHECK(m && m->code->code[0] == 196 && m->code->code[1] == 132 &&
             m->code->code[3] == 1 && m->code->code[4] == 0x03 &&
             m->code->code[5] == 0xe8);
    UT_CHECK(m && cf_insn_length(m->code->code, m->code->code_len, 0) == 6);
    /* exception table of try/catch/finally */
    m = meth(c, "tryit");
    UT_CHECK(m && m->code && m->code->n_exceptions >= 2);
    if (m && m->code && m->code->n_exceptions >= 2) {
        const cf_exception_entry *x = &m->code->exceptions[0];
        UT_CHECK(x->start_pc < x->end_pc && x->end_pc <= m->code->code_len);
        UT_CHECK_EQ_STR(cf_class_name(c, x->catch_type),
                        "java/lang/NumberFormatException");
        int any = 0;
        for (unsigned i = 0; i < m->code->n_exceptions; i++)
            any |= m->code->exceptions[i].catch_type == 0;
        UT_CHECK(any);
        UT_CHECK(m->code->stackmap && m->code->stackmap_len > 0);
    }
    /* line numbers */
    m = meth(c, "run");
    UT_CHECK(m && m->code && m->code->n_lines >= 1 && m->code->lines[0].start_pc == 0);
    UT_CHECK(m && m->code && m->code->lines[0].line == 26);
    UT_CHECK(m && !m->code->stackmap);
    /* Exceptions attribute */
    m = meth(c, "iface");
    UT_CHECK(m && m->n_throws == 2);
    if (m && m->n_throws == 2) {
        UT_CHECK_EQ_STR(cf_class_name(c, m->throws[0]), "java/lang/Exception");
        UT_CHECK_EQ_STR(cf_class_name(c, m->throws[1]), "java/lang/Error");
    }
    /* lambda: synthetic private static method */
    int found_lambda = 0;
    for (unsigned i = 0; i < c->n_methods; i++)
        if (strncmp(c->methods[i].name, "lambda$", 7) == 0)
            found_lambda = (c->methods[i].access & (ACC_PRIVATE | ACC_STATIC |
                                                     ACC_SYNTHETIC)) ==
                           (ACC_PRIVATE | ACC_STATIC | ACC_SYNTHETIC);
    UT_CHECK(found_lambda);
    cf_free(c);
}

static void test_consts_bootstrap(void) {
    cf_class *c = parse_ok(sample_consts, sizeof sample_consts, 0);
    UT_CHECK(c != NULL);
    if (!c) return;
    UT_CHECK_EQ_INT(c->n_bootstrap, 2);
    int saw_concat = 0, saw_lambda = 0;
    for (unsigned i = 1; i < c->cp_count; i++) {
        if (c->cp[i].tag != CP_INVOKE_DYNAMIC) continue;
        const char *name, *desc;
        cf_name_and_type(c, c->cp[i].u.ref.b, &name, &desc);
        UT_CHECK(c->cp[i].u.ref.a < c->n_bootstrap);
        const cf_bootstrap *b = &c->bootstrap[c->cp[i].u.ref.a];
        UT_CHECK_EQ_INT(c->cp[b->method_ref].tag, CP_METHOD_HANDLE);
        UT_CHECK_EQ_INT(c->cp[b->method_ref].u.ref.a, 6); /* invokeStatic */
        const char *bc, *bn, *bd;
        cf_member_ref(c, c->cp[b->method_ref].u.ref.b, &bc, &bn, &bd);
        if (name && strcmp(name, "makeConcatWithConstants") == 0) {
            saw_concat = 1;
            UT_CHECK_EQ_STR(desc, "(Ljava/lang/String;I)Ljava/lang/String;");
            UT_CHECK_EQ_STR(bc, "java/lang/invoke/StringConcatFactory");
            UT_CHECK_EQ_STR(bn, "makeConcatWithConstants");
            UT_CHECK(b->n_args == 1 && c->cp[b->args[0]].tag == CP_STRING);
        } else if (name && strcmp(name, "run") == 0) {
            saw_lambda = 1;
            UT_CHECK_EQ_STR(desc, "()Ljava/lang/Runnable;");
            UT_CHECK_EQ_STR(bc, "java/lang/invoke/LambdaMetafactory");
            UT_CHECK_EQ_STR(bn, "metafactory");
            UT_CHECK(b->n_args == 3);
            if (b->n_args == 3) {
                UT_CHECK_EQ_INT(c->cp[b->args[0]].tag, CP_METHOD_TYPE);
                UT_CHECK_EQ_STR(cf_utf8(c, c->cp[b->args[0]].u.ref.a), "()V");
                UT_CHECK_EQ_INT(c->cp[b->args[1]].tag, CP_METHOD_HANDLE);
                UT_CHECK_EQ_INT(c->cp[b->args[1]].u.ref.a, 6);
                const char *ln;
                cf_member_ref(c, c->cp[b->args[1]].u.ref.b, NULL, &ln, NULL);
                UT_CHECK(ln && strncmp(ln, "lambda$", 7) == 0);
                UT_CHECK_EQ_INT(c->cp[b->args[2]].tag, CP_METHOD_TYPE);
            }
        }
    }
    UT_CHECK(saw_concat && saw_lambda);
    cf_free(c);
}

static void test_accessors(void) {
    cf_class *c = parse_ok(sample_consts, sizeof sample_consts, 0);
    UT_CHECK(c != NULL);
    if (!c) return;
    UT_CHECK(cf_utf8(c, 0) == NULL);
    UT_CHECK(cf_utf8(c, c->cp_count) == NULL);
    UT_CHECK(cf_utf8(c, 0xffff) == NULL);
    UT_CHECK(cf_class_name(c, 0) == NULL);
    int checked = 0;
    for (unsigned i = 1; i < c->cp_count; i++) {
        const char *k = (const char *)1, *n = (const char *)1, *d = (const char *)1;
        cf_member_ref(c, (uint16_t)i, &k, &n, &d);
        int is_ref = c->cp[i].tag == CP_FIELDREF || c->cp[i].tag == CP_METHODREF ||
                     c->cp[i].tag == CP_INTERFACE_METHODREF;
        if (is_ref) {
            UT_CHECK(k && n && d);
            if (c->cp[i].tag == CP_FIELDREF) UT_CHECK(d && cf_valid_field_desc(d));
            else UT_CHECK(d && cf_valid_method_desc(d));
            checked++;
        } else {
            UT_CHECK(!k && !n && !d);
        }
        if (c->cp[i].tag == CP_UTF8) UT_CHECK(cf_utf8(c, (uint16_t)i) != NULL);
        else UT_CHECK(cf_utf8(c, (uint16_t)i) == NULL);
        if (c->cp[i].tag == CP_CLASS) UT_CHECK(cf_class_name(c, (uint16_t)i) != NULL);
        else UT_CHECK(cf_class_name(c, (uint16_t)i) == NULL);
    }
    UT_CHECK_EQ_INT(checked, 9); /* javap -v Consts.class agrees */
    const char *n, *d;
    cf_member_ref(c, 0, NULL, &n, &d);
    UT_CHECK(!n && !d);
    cf_free(c);
    cf_free(NULL);
}

static void test_iface_release8(void) {
    cf_class *c = parse_ok(sample_iface, sizeof sample_iface, 0);
    UT_CHECK(c != NULL);
    if (!c) return;
    UT_CHECK_EQ_INT(c->major, 52);
    UT_CHECK((c->access & (ACC_INTERFACE | ACC_ABSTRACT)) == (ACC_INTERFACE | ACC_ABSTRACT));
    UT_CHECK_EQ_STR(c->super_name, "java/lang/Object");
    const cf_method *m = meth(c, "a");
    UT_CHECK(m && (m->access & ACC_ABSTRACT) && !m->code);
    m = meth(c, "b");
    UT_CHECK(m && !(m->access & ACC_ABSTRACT) && m->code);
    UT_CHECK(has_op(m, 184)); /* invokestatic of an InterfaceMethodref */
    m = meth(c, "c");
    UT_CHECK(m && (m->access & ACC_STATIC) && m->code);
    const cf_field *f = field(c, "K");
    UT_CHECK(f && f->access == (ACC_PUBLIC | ACC_STATIC | ACC_FINAL) &&
             f->constant_value && c->cp[f->constant_value].u.i32 == 42);
    cf_free(c);
}

static void test_abs_release7(void) {
    cf_class *c = parse_ok(sample_abs, sizeof sample_abs, 0);
    UT_CHECK(c != NULL);
    if (!c) return;
    UT_CHECK_EQ_INT(c->major, 51);
    UT_CHECK(c->access & ACC_ABSTRACT);
    const cf_method *m = meth(c, "f");
    UT_CHECK(m && m->access == (ACC_PROTECTED | ACC_ABSTRACT) && !m->code);
    UT_CHECK(has_op(meth(c, "g"), 18) || has_op(meth(c, "g"), 19)); /* ldc Class */
    cf_free(c);
    c = parse_ok(sample_abs_iface2, sizeof sample_abs_iface2, 0);
    UT_CHECK(c && strcmp(c->this_name, "Abs$Iface2") == 0 && c->n_methods == 0);
    cf_free(c);
}

static void test_module_info(void) {
    cf_class *c = NULL;
    diagbuf[0] = 0;
    vm_status st = cf_parse(&plat, sample_module_info, sizeof sample_module_info,
                            &c, &diag);
    UT_CHECK_EQ_INT(st, VM_ERR_FORMAT);
    UT_CHECK(c == NULL);
    UT_CHECK(strstr(diagbuf, "module-info") != NULL);
    c = parse_ok(sample_module_info, sizeof sample_module_info,
                 CF_PARSE_ALLOW_MODULE);
    UT_CHECK(c != NULL);
    if (!c) return;
    UT_CHECK_EQ_STR(c->this_name, "module-info");
    UT_CHECK(c->super_name == NULL && c->access == ACC_MODULE);
    int mod = 0, pkg = 0;
    for (unsigned i = 1; i < c->cp_count; i++) {
        if (c->cp[i].tag == CP_MODULE) {
            mod++;
            const char *s = cf_utf8(c, c->cp[i].u.ref.a);
            UT_CHECK(s && (strcmp(s, "sample.mod") == 0 || strcmp(s, "java.base") == 0));
        }
        if (c->cp[i].tag == CP_PACKAGE) {
            pkg++;
            UT_CHECK_EQ_STR(cf_utf8(c, c->cp[i].u.ref.a), "sample/pkg");
        }
    }
    UT_CHECK(mod >= 1 && pkg == 1);
    cf_free(c);
}

/* --------------------------------------------------- descriptor helpers */

static void test_descriptors(void) {
    static const char *good_f[] = {"I", "J", "Z", "B", "C", "S", "F", "D",
        "Ljava/lang/String;", "[I", "[[Ljava/lang/Object;", "La;", "La/b/c;",
        "L\xc3\xa9t\xc3\xa9;", "La$b;", "L<weird>;"};
    static const char *bad_f[] = {"", "V", "X", "L;", "La", "La.b;", "La//b;",
        "L/a;", "La/;", "II", "[", "[V", "()V", "La;I", "L[I;", "i", "Ljava/lang/String;;"};
    for (size_t i = 0; i < sizeof good_f / sizeof *good_f; i++)
        UT_CHECK(cf_valid_field_desc(good_f[i]));
    for (size_t i = 0; i < sizeof bad_f / sizeof *bad_f; i++)
        UT_CHECK(!cf_valid_field_desc(bad_f[i]));
    char dims[300];
    memset(dims, '[', 255);
    strcpy(dims + 255, "I");
    UT_CHECK(cf_valid_field_desc(dims));
    memset(dims, '[', 256);
    strcpy(dims + 256, "I");
    UT_CHECK(!cf_valid_field_desc(dims));
    UT_CHECK(!cf_valid_field_desc(NULL));

    static const char *good_m[] = {"()V", "(I)I", "(JD)J", "([I[[J)[Z",
        "(Ljava/lang/String;I)Ljava/lang/String;", "(IJLa;[D)V"};
    static const char *bad_m[] = {"", "V", "()", "(V)V", "(I", "I)V", "()VV",
        "(I)VI", "((I)V", "(La)V", "()[V", "(I)L;", "( )V"};
    for (size_t i = 0; i < sizeof good_m / sizeof *good_m; i++)
        UT_CHECK(cf_valid_method_desc(good_m[i]));
    for (size_t i = 0; i < sizeof bad_m / sizeof *bad_m; i++) {
        UT_CHECK(!cf_valid_method_desc(bad_m[i]));
        UT_CHECK_EQ_INT(cf_desc_arg_slots(bad_m[i]), -1);
    }
    UT_CHECK(!cf_valid_method_desc(NULL));
    UT_CHECK_EQ_INT(cf_desc_arg_slots("()V"), 0);
    UT_CHECK_EQ_INT(cf_desc_arg_slots("(I)V"), 1);
    UT_CHECK_EQ_INT(cf_desc_arg_slots("(J)V"), 2);
    UT_CHECK_EQ_INT(cf_desc_arg_slots("(D[JLa;[[D)V"), 5);
    UT_CHECK_EQ_INT(cf_desc_arg_slots("(IJFDZBCS)V"), 10);
    UT_CHECK_EQ_INT(cf_desc_return("()V"), 'V');
    UT_CHECK_EQ_INT(cf_desc_return("(I)[I"), '[');
    UT_CHECK_EQ_INT(cf_desc_return("(I)Ljava/lang/Object;"), 'L');
    UT_CHECK_EQ_INT(cf_desc_return("(I)J"), 'J');
    UT_CHECK_EQ_INT(cf_desc_return("I"), 0);
    UT_CHECK_EQ_INT(cf_desc_return(NULL), 0);
}

static void test_names(void) {
    UT_CHECK(cf_valid_binary_name("java/lang/String"));
    UT_CHECK(cf_valid_binary_name("A"));
    UT_CHECK(!cf_valid_binary_name(""));
    UT_CHECK(!cf_valid_binary_name("/a"));
    UT_CHECK(!cf_valid_binary_name("a/"));
    UT_CHECK(!cf_valid_binary_name("a//b"));
    UT_CHECK(!cf_valid_binary_name("a.b"));
    UT_CHECK(!cf_valid_binary_name("a;"));
    UT_CHECK(!cf_valid_binary_name("[I"));
    UT_CHECK(cf_valid_class_name("[I"));
    UT_CHECK(cf_valid_class_name("[[Ljava/lang/String;"));
    UT_CHECK(!cf_valid_class_name("[La"));
    UT_CHECK(!cf_valid_class_name("["));
    UT_CHECK(cf_valid_unqualified_name("x"));
    UT_CHECK(cf_valid_unqualified_name("<x>"));
    UT_CHECK(!cf_valid_unqualified_name(""));
    UT_CHECK(!cf_valid_unqualified_name("a/b"));
    UT_CHECK(!cf_valid_unqualified_name("a[b"));
    UT_CHECK(cf_valid_method_name("<init>"));
    UT_CHECK(cf_valid_method_name("<clinit>"));
    UT_CHECK(cf_valid_method_name("lambda$run$0"));
    UT_CHECK(!cf_valid_method_name("<init"));
    UT_CHECK(!cf_valid_method_name("<foo>"));
    UT_CHECK(!cf_valid_method_name("a>b"));
    UT_CHECK(!cf_valid_method_name(""));
    UT_CHECK_EQ_INT(cf_array_dims("[[I"), 2);
    UT_CHECK_EQ_INT(cf_array_dims("I"), 0);
    UT_CHECK_EQ_STR(cf_opcode_name(0), "nop");
    UT_CHECK_EQ_STR(cf_opcode_name(185), "invokeinterface");
    UT_CHECK_EQ_STR(cf_opcode_name(201), "jsr_w");
    UT_CHECK_EQ_STR(cf_opcode_name(202), "<undefined>");
}

/* ------------------------------------------------------ cf_insn_length */

static void put4(uint8_t *p, int32_t v) { put_u4(p, (uint32_t)v); }

static void test_insn_length(void) {
    uint8_t code[128];
    /* tableswitch at pc 0..7: padding is relative to the code start */
    for (uint32_t pc = 0; pc < 8; pc++) {
        memset(code, 0, sizeof code);
        code[pc] = 170;
        uint32_t a = (pc + 4) & ~3u;
        UT_CHECK_EQ_INT(a - pc - 1, (4 - (pc + 1) % 4) % 4);
        put4(code + a, 8);
        put4(code + a + 4, -1);
        put4(code + a + 8, 1); /* 3 entries */
        uint32_t want = a + 12 + 12 - pc;
        UT_CHECK_EQ_INT(cf_insn_length(code, 128, pc), want);
        UT_CHECK_EQ_INT(cf_insn_length(code, pc + want, pc), want);
        UT_CHECK_EQ_INT(cf_insn_length(code, pc + want - 1, pc), 0);
        UT_CHECK_EQ_INT(gm_insn_len(code, 128, pc), want);
        put4(code + a + 4, 2); /* low > high */
        UT_CHECK_EQ_INT(cf_insn_length(code, 128, pc), 0);
        put4(code + a + 4, INT32_MIN);
        put4(code + a + 8, INT32_MAX);
        UT_CHECK_EQ_INT(cf_insn_length(code, 128, pc), 0);
    }
    /* lookupswitch */
    for (uint32_t pc = 0; pc < 8; pc++) {
        memset(code, 0, sizeof code);
        code[pc] = 171;
        uint32_t a = (pc + 4) & ~3u;
        put4(code + a + 4, 2);
        uint32_t want = a + 8 + 16 - pc;
        UT_CHECK_EQ_INT(cf_insn_length(code, 128, pc), want);
        UT_CHECK_EQ_INT(cf_insn_length(code, pc + want - 1, pc), 0);
        UT_CHECK_EQ_INT(gm_insn_len(code, 128, pc), want);
        put4(code + a + 4, 0);
        UT_CHECK_EQ_INT(cf_insn_length(code, 128, pc), a + 8 - pc);
        put4(code + a + 4, -1);
        UT_CHECK_EQ_INT(cf_insn_length(code, 128, pc), 0);
        put4(code + a + 4, INT32_MAX);
        UT_CHECK_EQ_INT(cf_insn_length(code, 128, pc), 0);
    }
    /* wide forms */
    static const uint8_t w4[] = {21, 22, 23, 24, 25, 54, 55, 56, 57, 58, 169};
    for (size_t i = 0; i < sizeof w4; i++) {
        uint8_t c[6] = {196, w4[i], 1, 0, 0, 0};
        UT_CHECK_EQ_INT(cf_insn_length(c, 6, 0), 4);
        UT_CHECK_EQ_INT(cf_insn_length(c, 3, 0), 0);
    }
    uint8_t wi[6] = {196, 132, 0, 1, 0, 1};
    UT_CHECK_EQ_INT(cf_insn_length(wi, 6, 0), 6);
    UT_CHECK_EQ_INT(cf_insn_length(wi, 5, 0), 0);
    uint8_t wb[4] = {196, 0, 0, 0};
    UT_CHECK_EQ_INT(cf_insn_length(wb, 4, 0), 0);
    wb[1] = 196;
    UT_CHECK_EQ_INT(cf_insn_length(wb, 4, 0), 0);
    UT_CHECK_EQ_INT(cf_insn_length(wb, 1, 0), 0);
    /* every fixed-length opcode agrees with the generator's own table */
    for (unsigned op = 0; op < 256; op++) {
        uint8_t c[8] = {(uint8_t)op, 0, 0, 0, 0, 0, 0, 0};
        uint32_t n = cf_insn_length(c, 8, 0);
        if (op > 201) UT_CHECK_EQ_INT(n, 0);
        else if (op != 170 && op != 171 && op != 196)
            UT_CHECK_EQ_INT(n, gm_insn_len(c, 8, 0));
    }
    UT_CHECK_EQ_INT(cf_insn_length(code, 0, 0), 0);
    UT_CHECK_EQ_INT(cf_insn_length(NULL, 10, 0), 0);
    uint8_t inv[5] = {185, 0, 1, 1, 0};
    UT_CHECK_EQ_INT(cf_insn_length(inv, 5, 0), 5);
    UT_CHECK_EQ_INT(cf_insn_length(inv, 4, 0), 0);
    UT_CHECK_EQ_INT(cf_insn_length(inv, 5, 5), 0);
}

/* ----------------------------------------------------- malformed corpus */

typedef struct corpus_state {
    int n, failed, verbose;
    char first_fail[512];
} corpus_state;

static vm_status expect_status(const char *e) {
    if (strcmp(e, "VERSION") == 0) return VM_ERR_VERSION;
    if (strcmp(e, "JSR") == 0) return VM_ERR_JSR;
    return VM_ERR_FORMAT;
}

static void corpus_case(void *ud, const char *name, const char *expect,
                        const uint8_t *data, size_t len) {
    corpus_state *cs = ud;
    cs->n++;
    /* exact-size heap copy so ASan sees any over-read */
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, data, len);
    cf_class *c = NULL;
    diagbuf[0] = 0;
    vm_status st = cf_parse(&plat, copy, len, &c, &diag);
    free(copy);
    const char *why = NULL;
    if (st != expect_status(expect)) why = "wrong status";
    else if (c) why = "class returned on failure";
    else if (!diagbuf[0]) why = "empty detail";
    else if (strchr(diagbuf, '\n')) why = "detail spans lines";
    else if (strncmp(name, "Truncated", 9) != 0 && strstr(diagbuf, name) == NULL &&
             strncmp(name, "ThisClass", 9) != 0 &&
             strncmp(name, "Cp", 2) != 0 && strncmp(name, "Utf8", 4) != 0 &&
             strncmp(name, "BadMagic", 8) != 0 && strcmp(name, "LongInLastSlot") != 0)
        why = "detail does not name the class";
    if (cs->verbose)
        printf("  %-34s %-8s %s: %s\n", name, expect, vm_status_str(st), diagbuf);
    /* with the loader's name hint, every detail names the class */
    if (!why) {
        cf_parse_opts o = {0, name, strlen(name)};
        diagbuf[0] = 0;
        vm_status st2 = cf_parse_ex(&plat, data, len, &o, &c, &diag);
        if (st2 != st) why = "status differs with a name hint";
        else if (strncmp(diagbuf, name, strlen(name)) != 0 ||
                 diagbuf[strlen(name)] != ':')
            why = "detail with a name hint does not start with the class name";
    }
    if (why) {
        if (!cs->failed)
            snprintf(cs->first_fail, sizeof cs->first_fail, "%s: %s (%s: %s)",
                     name, why, vm_status_str(st), diagbuf);
        cs->failed++;
    }
    cf_free(c);
}

static void test_malformed_corpus(void) {
    corpus_state cs = {0};
    cs.verbose = getenv("CF_TEST_VERBOSE") != NULL;
    int n = gm_generate(sample_seed, sizeof sample_seed, corpus_case, &cs);
    UT_CHECK(n > 250);
    UT_CHECK_EQ_INT(cs.n, n);
    if (cs.failed && !ut_cur_failed) {
        ut_cur_failed = 1;
        snprintf(ut_cur_msg, sizeof ut_cur_msg, "%d of %d cases failed; first: %s",
                 cs.failed, cs.n, cs.first_fail);
    }
    printf("  (%d malformed cases checked)\n", cs.n);
}

/* Exact messages for a few cases. */
static vm_status parse_case(const char *want_name, char *msg, size_t cap);

typedef struct find_case {
    const char *name;
    uint8_t *data;
    size_t len;
} find_case;

static void grab_case(void *ud, const char *name, const char *expect,
                      const uint8_t *data, size_t len) {
    (void)expect;
    find_case *fc = ud;
    if (strcmp(name, fc->name) == 0 && !fc->data) {
        fc->data = malloc(len ? len : 1);
        memcpy(fc->data, data, len);
        fc->len = len;
    }
}

static vm_status parse_case(const char *want_name, char *msg, size_t cap) {
    find_case fc = {want_name, NULL, 0};
    gm_generate(sample_seed, sizeof sample_seed, grab_case, &fc);
    if (!fc.data) return VM_ERR_INTERNAL;
    vm_diag d = {msg, cap};
    cf_class *c = NULL;
    vm_status st = cf_parse(&plat, fc.data, fc.len, &c, &d);
    cf_free(c);
    free(fc.data);
    return st;
}

static void test_messages(void) {
    char m[512];
    UT_CHECK_EQ_INT(parse_case("Version65", m, sizeof m), VM_ERR_VERSION);
    UT_CHECK_EQ_STR(m, "Version65: unsupported class file version 65.0 (this VM "
                       "supports 45 to 61)");
    UT_CHECK_EQ_INT(parse_case("Jsr", m, sizeof m), VM_ERR_JSR);
    UT_CHECK_EQ_STR(m, "Jsr: method main([Ljava/lang/String;)V: offset 0: jsr/ret "
                       "are not supported (class compiled by javac 1.5 or older?)");
    UT_CHECK_EQ_INT(parse_case("WideRet", m, sizeof m), VM_ERR_JSR);
    UT_CHECK(strstr(m, "offset 2: jsr/ret") != NULL);
    UT_CHECK_EQ_INT(parse_case("BranchPastEnd", m, sizeof m), VM_ERR_FORMAT);
    UT_CHECK_EQ_STR(m, "BranchPastEnd: method main([Ljava/lang/String;)V: offset 0: "
                       "goto: branch target 100 outside the code (code_length 4)");
    UT_CHECK_EQ_INT(parse_case("BranchMidInsn", m, sizeof m), VM_ERR_FORMAT);
    UT_CHECK(strstr(m, "offset 0: goto: branch target 4 is not the start") != NULL);
    UT_CHECK_EQ_INT(parse_case("TableswitchLowGtHigh", m, sizeof m), VM_ERR_FORMAT);
    UT_CHECK(strstr(m, "offset 1: tableswitch low 5 > high 4") != NULL);
    UT_CHECK_EQ_INT(parse_case("InvokeinterfaceCount0", m, sizeof m), VM_ERR_FORMAT);
    UT_CHECK(strstr(m, "InvokeinterfaceCount0: method main") == m);
    UT_CHECK(strstr(m, "invokeinterface: count is 0") != NULL);
    UT_CHECK_EQ_INT(parse_case("MethodDuplicate", m, sizeof m), VM_ERR_FORMAT);
    UT_CHECK_EQ_STR(m, "MethodDuplicate: method sparse(I)I: duplicate method (same "
                       "name and descriptor)");
    UT_CHECK_EQ_INT(parse_case("BadMagic", m, sizeof m), VM_ERR_FORMAT);
    UT_CHECK_EQ_STR(m, "bad magic number 0xcafebabf (not a class file)");
    UT_CHECK_EQ_INT(parse_case("ExcStartGeEnd", m, sizeof m), VM_ERR_FORMAT);
    UT_CHECK(strstr(m, "ExcStartGeEnd: method guarded(Ljava/lang/String;)I: "
                       "exception table entry 0: bad range") == m);
    /* a tiny detail buffer is cut, never overrun */
    char small[8];
    memset(small, 'x', sizeof small);
    UT_CHECK_EQ_INT(parse_case("Version65", small, 6), VM_ERR_VERSION);
    UT_CHECK(strcmp(small, "Versi") == 0 && small[6] == 'x');
    /* no detail buffer at all */
    cf_class *c = NULL;
    UT_CHECK_EQ_INT(cf_parse(&plat, sample_seed, 10, &c, NULL), VM_ERR_FORMAT);
    UT_CHECK_EQ_INT(cf_parse(&plat, NULL, 0, &c, &diag), VM_ERR_FORMAT);
    UT_CHECK_EQ_INT(cf_parse(NULL, sample_seed, 10, &c, &diag), VM_ERR_ARG);
    UT_CHECK_EQ_INT(cf_parse(&plat, sample_seed, sizeof sample_seed, NULL, &diag),
                    VM_ERR_ARG);
    /* control characters in names never reach the detail */
    gm_class *k = gm_seed_named(sample_seed, sizeof sample_seed, "Bad\nName\x1b");
    k->major = 99;
    gm_buf g = gm_emit(k, NULL);
    diagbuf[0] = 0;
    UT_CHECK_EQ_INT(cf_parse(&plat, g.b, g.n, &c, &diag), VM_ERR_VERSION);
    UT_CHECK(strncmp(diagbuf, "Bad?Name?: unsupported", 22) == 0);
    free(g.b);
    gm_free(k);
}

/* ----------------------------------------------- crafted valid classes */

static vm_status parse_model(gm_class *k, cf_class **out) {
    gm_buf g = gm_emit(k, NULL);
    diagbuf[0] = 0;
    vm_status st = cf_parse(&plat, g.b, g.n, out, &diag);
    free(g.b);
    return st;
}

static void test_seed_roundtrip(void) {
    gm_class *k = gm_parse(sample_seed, sizeof sample_seed);
    UT_CHECK(k != NULL);
    if (!k) return;
    gm_buf g = gm_emit(k, NULL);
    UT_CHECK(g.n == sizeof sample_seed && memcmp(g.b, sample_seed, g.n) == 0);
    free(g.b);
    gm_free(k);
    k = gm_seed_named(sample_seed, sizeof sample_seed, "Renamed");
    cf_class *c = NULL;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_OK);
    UT_CHECK(c && strcmp(c->this_name, "Renamed") == 0);
    cf_free(c);
    gm_free(k);
}

/* iconst_0; nop*pad; switch; return: every target is the return */
static void test_switch_alignments(void) {
    for (int op = 170; op <= 171; op++) {
        for (unsigned pad = 0; pad < 4; pad++) {
            uint8_t b[64];
            uint32_t n = 0;
            b[n++] = 3;
            for (unsigned i = 0; i < pad; i++) b[n++] = 0;
            uint32_t pc = n;
            b[n++] = (uint8_t)op;
            while (n % 4) b[n++] = 0;
            uint32_t ret_pc = n + (op == 170 ? 12 + 3 * 4 : 8 + 2 * 8);
            int32_t off = (int32_t)(ret_pc - pc);
            put4(b + n, off);
            n += 4;
            if (op == 170) {
                put4(b + n, -1); put4(b + n + 4, 1); n += 8;
                for (int i = 0; i < 3; i++, n += 4) put4(b + n, off);
            } else {
                put4(b + n, 2); n += 4;
                put4(b + n, -7); put4(b + n + 4, off); n += 8;
                put4(b + n, 7); put4(b + n + 4, off); n += 8;
            }
            UT_CHECK_EQ_INT(n, ret_pc);
            b[n++] = 177;
            UT_CHECK_EQ_INT(cf_insn_length(b, n, pc), ret_pc - pc);
            gm_class *k = gm_seed_named(sample_seed, sizeof sample_seed, "Sw");
            set_code(k, "main", 1, b, n);
            cf_class *c = NULL;
            vm_status st = parse_model(k, &c);
            if (st) printf("  op %d pad %u: %s\n", op, pad, diagbuf);
            UT_CHECK_EQ_INT(st, VM_OK);
            cf_free(c);
            /* nonzero padding is tolerated before version 51 only */
            if (pc % 4 != 3) {
                b[pc + 1] = 9;
                set_code(k, "main", 1, b, n);
                UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
                UT_CHECK(strstr(diagbuf, "nonzero padding byte") != NULL);
                k->major = 50;
                remove_attr(k, k->attrs, &k->n_attrs, "BootstrapMethods");
                for (unsigned i = 1; i < k->cp_count; i++)
                    if (k->cp[i].tag == T_MH || k->cp[i].tag == T_MT ||
                        k->cp[i].tag == T_INDY) {
                        k->cp[i].tag = T_INT;
                        k->cp[i].data = gm_alloc(k, 4);
                        k->cp[i].len = 4;
                    }
                st = parse_model(k, &c);
                if (st) printf("  v50 op %d pad %u: %s\n", op, pad, diagbuf);
                UT_CHECK_EQ_INT(st, VM_OK);
                cf_free(c);
            }
            gm_free(k);
        }
    }
}

static void test_wide_and_locals(void) {
    static const uint8_t code[] = {
        9, 196, 55, 1, 42,        /* lconst_0; wide lstore 298 */
        196, 22, 1, 42, 88,       /* wide lload 298; pop2 */
        196, 132, 1, 0, 0x80, 0,  /* wide iinc 256 by -32768 */
        196, 21, 1, 0, 87,        /* wide iload 256; pop */
        42, 76, 43, 87,           /* aload_0; astore_1; aload_1; pop */
        177};
    gm_class *k = gm_seed_named(sample_seed, sizeof sample_seed, "Wide");
    set_code(k, "main", 300, code, sizeof code);
    cf_class *c = NULL;
    vm_status st = parse_model(k, &c);
    if (st) printf("  %s\n", diagbuf);
    UT_CHECK_EQ_INT(st, VM_OK);
    cf_free(c);
    set_code(k, "main", 299, code, sizeof code); /* lstore 298 needs 300 */
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
    UT_CHECK(strstr(diagbuf, "offset 1: lstore: local variable 298 (two slots)") != NULL);
    gm_free(k);
}

static void test_dynamic_constant(void) {
    gm_class *k = gm_seed_named(sample_seed, sizeof sample_seed, "Condy");
    /* bootstrap: invokestatic ConstantBootstraps.nullConstant */
    unsigned bref = cp_add_ref(k, T_METHOD, "java/lang/invoke/ConstantBootstraps",
                               "nullConstant",
                               "(Ljava/lang/invoke/MethodHandles$Lookup;"
                               "Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;");
    unsigned mh = cp_add_mh(k, 6, bref);
    gm_attr *a = find_attr(k, k->attrs, k->n_attrs, "BootstrapMethods");
    UT_CHECK(a != NULL);
    if (!a) { gm_free(k); return; }
    unsigned nb = get_u2(a->data);
    uint8_t *d = gm_alloc(k, a->len + 4);
    memcpy(d, a->data, a->len);
    put_u2(d, nb + 1);
    put_u2(d + a->len, mh);
    put_u2(d + a->len + 2, 0);
    a->data = d;
    a->len += 4;
    unsigned dy_obj = cp_add_u2u2(k, T_DYN, nb, cp_add_nat(k, "_", "Ljava/lang/Object;"));
    unsigned dy_long = cp_add_u2u2(k, T_DYN, nb, cp_add_nat(k, "_", "J"));
    uint8_t code[] = {19, HI(dy_obj), LO(dy_obj), 87, 20, HI(dy_long), LO(dy_long), 88, 177};
    set_code(k, "main", 1, code, sizeof code);
    cf_class *c = NULL;
    vm_status st = parse_model(k, &c);
    if (st) printf("  %s\n", diagbuf);
    UT_CHECK_EQ_INT(st, VM_OK);
    if (c) {
        UT_CHECK_EQ_INT(c->cp[dy_obj].tag, CP_DYNAMIC);
        UT_CHECK_EQ_INT(c->cp[dy_obj].u.ref.a, nb);
        const char *n, *ds;
        cf_name_and_type(c, c->cp[dy_long].u.ref.b, &n, &ds);
        UT_CHECK_EQ_STR(ds, "J");
        UT_CHECK_EQ_INT(c->n_bootstrap, nb + 1);
        UT_CHECK_EQ_INT(c->bootstrap[nb].n_args, 0);
    }
    cf_free(c);
    /* ldc_w of the long Dynamic, ldc2_w of the Object one: rejected */
    code[0] = 20;
    code[4] = 19;
    set_code(k, "main", 1, code, sizeof code);
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
    UT_CHECK(strstr(diagbuf, "ldc2_w of a Dynamic constant of type L") != NULL);
    /* Dynamic needs version 55 */
    code[0] = 19;
    code[4] = 20;
    set_code(k, "main", 1, code, sizeof code);
    k->major = 54;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
    gm_free(k);
}

static void test_old_versions(void) {
    /* Abs$Iface2 has no code: any version 45..61 is fine */
    static const unsigned vers[][2] = {{45, 3}, {45, 0}, {46, 0}, {49, 0},
                                       {50, 0}, {55, 0}, {61, 0}, {52, 7}};
    for (size_t i = 0; i < sizeof vers / sizeof *vers; i++) {
        gm_class *k = gm_parse(sample_abs_iface2, sizeof sample_abs_iface2);
        k->major = vers[i][0];
        k->minor = vers[i][1];
        cf_class *c = NULL;
        vm_status st = parse_model(k, &c);
        if (st) printf("  %u.%u: %s\n", vers[i][0], vers[i][1], diagbuf);
        UT_CHECK_EQ_INT(st, VM_OK);
        cf_free(c);
        gm_free(k);
    }
    /* interfaces before version 50 may omit ACC_ABSTRACT (as javac 1.1 did) */
    gm_class *k = gm_parse(sample_abs_iface2, sizeof sample_abs_iface2);
    k->major = 46;
    k->access &= ~0x0400u;
    cf_class *c = NULL;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_OK);
    UT_CHECK(c && (c->access & ACC_ABSTRACT));
    cf_free(c);
    k->major = 50;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
    gm_free(k);
    /* 45.0-45.2 use the JDK 1.0 beta Code layout (u1 stack/locals, u2 length) */
    k = gm_seed_named(sample_seed, sizeof sample_seed, "Old");
    for (unsigned i = 1; i < k->cp_count; i++)
        if (k->cp[i].tag == T_MH || k->cp[i].tag == T_MT || k->cp[i].tag == T_INDY) {
            k->cp[i].tag = T_INT;
            k->cp[i].data = gm_alloc(k, 4);
            k->cp[i].len = 4;
        }
    remove_attr(k, k->attrs, &k->n_attrs, "BootstrapMethods");
    k->major = 45;
    k->minor = 0;
    static const uint8_t body[] = {3, 60, 132, 1, 1, 177};
    set_code(k, "main", 2, body, sizeof body);
    gm_buf g = gm_emit(k, NULL);
    /* every method: rewrite Code as u1 max_stack, u1 max_locals, u2 length */
    gm_buf o = {0};
    gm_layout L;
    gm_buf g2 = gm_emit(k, &L);
    free(g.b);
    size_t at = 0;
    for (unsigned m = 0; m < k->n_methods; m++) {
        size_t off = L.code_attr_off[m];
        if (!off) continue;
        gb_put(&o, g2.b + at, off + 2 - at);
        uint32_t alen = get_u4(g2.b + off + 2);
        const uint8_t *p = g2.b + off + 6;
        gb_u4(&o, alen - 4);
        gb_u1(&o, get_u2(p));
        gb_u1(&o, get_u2(p + 2));
        gb_u2(&o, get_u4(p + 4));
        at = off + 6 + 8;
    }
    gb_put(&o, g2.b + at, g2.n - at);
    diagbuf[0] = 0;
    vm_status st = cf_parse(&plat, o.b, o.n, &c, &diag);
    if (st) printf("  45.0: %s\n", diagbuf);
    UT_CHECK_EQ_INT(st, VM_OK);
    if (c) {
        const cf_method *m = meth(c, "main");
        UT_CHECK(m && m->code->max_locals == 2 && m->code->max_stack == 10 &&
                 m->code->code_len == sizeof body);
    }
    cf_free(c);
    free(o.b);
    free(g2.b);
    gm_free(k);
}

static gm_member *gm_method_or_null(gm_class *k, const char *name) {
    for (unsigned i = 0; i < k->n_methods; i++)
        if (strcmp(gm_utf8(k, k->methods[i].name), name) == 0) return &k->methods[i];
    return NULL;
}

static void gm_drop_method(gm_class *k, const char *name) {
    gm_member *m = gm_method_or_null(k, name);
    if (!m) return;
    memmove(m, m + 1, sizeof *m * (size_t)(k->methods + k->n_methods - m - 1));
    k->n_methods--;
}

static void test_interface_versions(void) {
    cf_class *c = NULL;
    /* default and static interface methods need version 52 */
    gm_class *k = gm_parse(sample_iface, sizeof sample_iface);
    k->major = 51;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
    UT_CHECK(strstr(diagbuf, "Iface: method b()I: illegal method modifiers") == diagbuf);
    gm_drop_method(k, "b");
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT); /* static c() */
    gm_drop_method(k, "c");
    static const unsigned vers[] = {45, 48, 49, 51};
    for (size_t i = 0; i < sizeof vers / sizeof *vers; i++) {
        k->major = vers[i];
        vm_status st = parse_model(k, &c);
        if (st) printf("  v%u: %s\n", vers[i], diagbuf);
        UT_CHECK_EQ_INT(st, VM_OK);
        cf_free(c);
    }
    gm_free(k);
    /* no <init> in an interface */
    k = gm_parse(sample_iface, sizeof sample_iface);
    gm_member *a = gm_method_or_null(k, "a");
    a->name = cp_add_utf8(k, "<init>");
    a->desc = cp_add_utf8(k, "()V");
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
    UT_CHECK(strstr(diagbuf, "an interface may not have <init>") != NULL);
    gm_free(k);
    /* private interface methods (Java 9+) are fine in version 52+ */
    k = gm_parse(sample_iface, sizeof sample_iface);
    gm_method_or_null(k, "b")->access = 0x0002;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_OK);
    cf_free(c);
    gm_method_or_null(k, "b")->access = 0x0003;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_ERR_FORMAT);
    gm_free(k);
}

static void test_line_tables(void) {
    /* several LineNumberTable attributes are concatenated */
    gm_class *k = gm_seed_named(sample_seed, sizeof sample_seed, "Lines");
    gm_code *code = code_of(k, "main");
    gm_attr *lnt = find_attr(k, code->attrs, code->n_attrs, "LineNumberTable");
    UT_CHECK(lnt != NULL);
    if (!lnt) { gm_free(k); return; }
    unsigned n = get_u2(lnt->data);
    uint8_t extra[6] = {0, 1, 0, 0, 0x12, 0x34};
    add_attr(k, &code->attrs, &code->n_attrs, "LineNumberTable", extra, 6);
    cf_class *c = NULL;
    UT_CHECK_EQ_INT(parse_model(k, &c), VM_OK);
    if (c) {
        const cf_method *m = meth(c, "main");
        UT_CHECK_EQ_INT(m->code->n_lines, n + 1);
        UT_CHECK_EQ_INT(m->code->lines[n].line, 0x1234);
        UT_CHECK_EQ_INT(m->code->lines[0].line, get_u2(lnt->data + 4));
    }
    cf_free(c);
    gm_free(k);
}

/* ---------------------------------------------- pathological inputs */

/* Raw class-file builder for inputs too big for the gm model. */
static void raw_utf8(gm_buf *g, const char *s, size_t n) {
    gb_u1(g, 1);
    gb_u2(g, (unsigned)n);
    gb_put(g, s, n);
}

/* A class "P" whose constant pool starts with:
 *   #1 Utf8 P  #2 Class #1  #3 Utf8 java/lang/Object  #4 Class #3
 *   #5 Utf8 Code  #6 Utf8 <long>  (then `extra` more entries by the caller) */
static void raw_begin(gm_buf *g, unsigned cp_count, const char *long_str,
                      size_t long_len) {
    gb_u4(g, 0xcafebabe);
    gb_u2(g, 0);
    gb_u2(g, 61);
    gb_u2(g, cp_count);
    raw_utf8(g, "P", 1);
    gb_u1(g, 7); gb_u2(g, 1);
    raw_utf8(g, "java/lang/Object", 16);
    gb_u1(g, 7); gb_u2(g, 3);
    raw_utf8(g, "Code", 4);
    raw_utf8(g, long_str, long_len);
}

static double parse_seconds(gm_buf *g, vm_status *st) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    cf_class *c = NULL;
    diagbuf[0] = 0;
    *st = cf_parse(&plat, g->b, g->n, &c, &diag);
    clock_gettime(CLOCK_MONOTONIC, &b);
    cf_free(c);
    return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
}

/* Nothing may be quadratic in the input: shared long strings are
 * validated once, duplicates are hashed. */
static void test_pathological(void) {
    enum { LONG = 60000, N = 20000 };
    char *desc = malloc(LONG + 8);
    desc[0] = '(';
    desc[1] = 'L';
    memset(desc + 2, 'a', LONG);
    memcpy(desc + 2 + LONG, ";)V", 3);
    size_t dlen = LONG + 5;
    vm_status st;
    double t, worst = 0;

    /* 1: N static methods with distinct names sharing one long descriptor */
    gm_buf g = {0};
    raw_begin(&g, 7 + N, desc, dlen);
    char nm[16];
    for (unsigned i = 0; i < N; i++) raw_utf8(&g, nm, (size_t)snprintf(nm, sizeof nm, "m%u", i));
    gb_u2(&g, 0x21); gb_u2(&g, 2); gb_u2(&g, 4); gb_u2(&g, 0); gb_u2(&g, 0);
    gb_u2(&g, N);
    for (unsigned i = 0; i < N; i++) {
        gb_u2(&g, 0x0009); gb_u2(&g, 7 + i); gb_u2(&g, 6); gb_u2(&g, 1);
        gb_u2(&g, 5); gb_u4(&g, 13);
        gb_u2(&g, 0); gb_u2(&g, 1); gb_u4(&g, 1); gb_u1(&g, 177);
        gb_u2(&g, 0); gb_u2(&g, 0);
    }
    gb_u2(&g, 0);
    t = parse_seconds(&g, &st);
    if (st) printf("  methods: %s\n", diagbuf);
    UT_CHECK_EQ_INT(st, VM_OK);
    if (t > worst) worst = t;
    /* the same with one duplicate at the end */
    put_u2(g.b + g.n - 2 - 27 + 2, 7); /* last method's name -> "m0" */
    t = parse_seconds(&g, &st);
    UT_CHECK_EQ_INT(st, VM_ERR_FORMAT);
    UT_CHECK(strstr(diagbuf, "duplicate method") != NULL);
    if (t > worst) worst = t;
    free(g.b);

    /* 2: N Methodrefs to <init> through one long descriptor */
    memset(&g, 0, sizeof g);
    raw_begin(&g, 9 + N, desc, dlen);
    raw_utf8(&g, "<init>", 6);                        /* #7 */
    gb_u1(&g, 12); gb_u2(&g, 7); gb_u2(&g, 6);         /* #8 NAT */
    for (unsigned i = 0; i < N; i++) { gb_u1(&g, 10); gb_u2(&g, 4); gb_u2(&g, 8); }
    gb_u2(&g, 0x21); gb_u2(&g, 2); gb_u2(&g, 4);
    gb_u2(&g, 0); gb_u2(&g, 0); gb_u2(&g, 0); gb_u2(&g, 0);
    t = parse_seconds(&g, &st);
    if (st) printf("  refs: %s\n", diagbuf);
    UT_CHECK_EQ_INT(st, VM_OK);
    if (t > worst) worst = t;
    free(g.b);

    /* 3: N Class entries naming one long array type (255 dims) and code
     * that uses it from thousands of anewarray instructions */
    memset(&g, 0, sizeof g);
    char *arr = malloc(LONG + 8);
    memset(arr, '[', 254);
    arr[254] = 'L';
    memset(arr + 255, 'b', LONG - 300);
    arr[255 + LONG - 300] = ';';
    size_t alen = 256 + LONG - 300;
    raw_begin(&g, 9 + N, arr, alen);
    raw_utf8(&g, "main", 4);                                   /* #7 */
    raw_utf8(&g, "()V", 3);                                    /* #8 */
    for (unsigned i = 0; i < N; i++) { gb_u1(&g, 7); gb_u2(&g, 6); }
    gb_u2(&g, 0x21); gb_u2(&g, 2); gb_u2(&g, 4); gb_u2(&g, 0); gb_u2(&g, 0);
    gb_u2(&g, 1);
    enum { INSNS = 16000 };
    uint32_t clen = INSNS * 4 + 1;
    gb_u2(&g, 9); gb_u2(&g, 7); gb_u2(&g, 8); gb_u2(&g, 1);
    gb_u2(&g, 5); gb_u4(&g, 12 + clen);
    gb_u2(&g, 2); gb_u2(&g, 0); gb_u4(&g, clen);
    for (unsigned i = 0; i < INSNS; i++) {
        gb_u1(&g, 3);                          /* iconst_0 */
        gb_u1(&g, 189); gb_u2(&g, 9 + i % N);  /* anewarray */
    }
    gb_u1(&g, 177);
    gb_u2(&g, 0); gb_u2(&g, 0);
    gb_u2(&g, 0);
    t = parse_seconds(&g, &st);
    if (st) printf("  classes: %s\n", diagbuf);
    UT_CHECK_EQ_INT(st, VM_OK);
    if (t > worst) worst = t;
    free(g.b);
    free(arr);
    free(desc);
    printf("  (slowest pathological parse: %.3f s)\n", worst);
    UT_CHECK(worst < 0.5); /* linear: ~0.02 s; quadratic would be seconds */
}

/* ------------------------------------------ truncation and corruption */

static const struct {
    const char *name;
    const unsigned char *d;
    size_t n;
} samples[] = {
    {"consts", sample_consts, sizeof sample_consts},
    {"iface", sample_iface, sizeof sample_iface},
    {"abs", sample_abs, sizeof sample_abs},
    {"abs_iface2", sample_abs_iface2, sizeof sample_abs_iface2},
    {"module_info", sample_module_info, sizeof sample_module_info},
    {"seed", sample_seed, sizeof sample_seed},
};

static void test_every_truncation(void) {
    size_t total = 0;
    for (size_t s = 0; s < sizeof samples / sizeof *samples; s++) {
        for (size_t n = 0; n < samples[s].n; n++) {
            uint8_t *copy = malloc(n ? n : 1);
            memcpy(copy, samples[s].d, n);
            cf_class *c = NULL;
            vm_status st = cf_parse_ex(&plat, copy, n, &allow_module, &c, &diag);
            free(copy);
            UT_CHECK_EQ_INT(st, VM_ERR_FORMAT);
            UT_CHECK(c == NULL);
            total++;
        }
    }
    printf("  (%zu truncated files)\n", total);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void test_random_corruption(void) {
    static const uint8_t interesting[] = {0, 1, 2, 0x7f, 0x80, 0xff, 0xfe, 0xc0,
                                          0xe0, 170, 171, 196, 168, 186, 185};
    int counts[VM_STATUS__COUNT] = {0};
    int iters = getenv("CF_TEST_ITERS") ? atoi(getenv("CF_TEST_ITERS")) : 30000;
    for (int it = 0; it < iters; it++) {
        size_t s = rng() % (sizeof samples / sizeof *samples);
        size_t n = samples[s].n;
        uint8_t *copy = malloc(n);
        memcpy(copy, samples[s].d, n);
        int flips = 1 + (int)(rng() % 4);
        for (int f = 0; f < flips; f++) {
            size_t at = rng() % n;
            switch (rng() % 3) {
            case 0: copy[at] ^= (uint8_t)(1u << (rng() % 8)); break;
            case 1: copy[at] = interesting[rng() % sizeof interesting]; break;
            default: copy[at] = (uint8_t)rng(); break;
            }
        }
        cf_class *c = NULL;
        vm_status st = cf_parse_ex(&plat, copy, n, &allow_module, &c, &diag);
        free(copy);
        UT_CHECK(st == VM_OK || st == VM_ERR_FORMAT || st == VM_ERR_VERSION ||
                 st == VM_ERR_JSR);
        UT_CHECK((st == VM_OK) == (c != NULL));
        if (c) {
            /* whatever was accepted is internally consistent */
            for (unsigned i = 0; i < c->n_methods; i++) {
                const cf_code *k = c->methods[i].code;
                if (!k) continue;
                uint32_t pc = 0;
                while (pc < k->code_len) {
                    uint32_t l = cf_insn_length(k->code, k->code_len, pc);
                    UT_CHECK(l > 0);
                    if (!l) break;
                    pc += l;
                }
                UT_CHECK(pc == k->code_len);
            }
        }
        counts[st]++;
        cf_free(c);
    }
    printf("  (%d mutants: %d ok, %d format, %d version, %d jsr)\n", iters,
           counts[VM_OK], counts[VM_ERR_FORMAT], counts[VM_ERR_VERSION],
           counts[VM_ERR_JSR]);
}

/* ------------------------------------------------- allocation failures */

typedef struct fail_alloc {
    long fail_at, count;
    long live_bytes, live_blocks;
} fail_alloc;

static void *failing_realloc(void *ud, void *ptr, size_t old, size_t n) {
    fail_alloc *fa = ud;
    if (n == 0) {
        if (ptr) {
            fa->live_bytes -= (long)old;
            fa->live_blocks--;
        }
        free(ptr);
        return NULL;
    }
    if (fa->count++ == fa->fail_at) return NULL;
    void *r = realloc(ptr, n);
    if (r) {
        fa->live_bytes += (long)n - (ptr ? (long)old : 0);
        if (!ptr) fa->live_blocks++;
    }
    return r;
}

static void test_alloc_failure(void) {
    for (size_t s = 0; s < sizeof samples / sizeof *samples; s++) {
        long steps = 0;
        for (long at = 0;; at++) {
            fail_alloc fa = {at, 0, 0, 0};
            vm_platform p = plat;
            p.ud = &fa;
            p.realloc = failing_realloc;
            p.zalloc = NULL;
            cf_class *c = NULL;
            diagbuf[0] = 0;
            vm_status st = cf_parse_ex(&p, samples[s].d, samples[s].n,
                                       &allow_module, &c, &diag);
            steps++;
            if (st == VM_OK) {
                UT_CHECK(fa.count <= at);
                UT_CHECK(fa.live_blocks > 0);
                cf_free(c);
                UT_CHECK_EQ_INT(fa.live_bytes, 0);
                UT_CHECK_EQ_INT(fa.live_blocks, 0);
                break;
            }
            UT_CHECK_EQ_INT(st, VM_ERR_NOMEM);
            UT_CHECK(strstr(diagbuf, "out of memory") != NULL);
            UT_CHECK_EQ_INT(fa.live_bytes, 0);
            UT_CHECK_EQ_INT(fa.live_blocks, 0);
            if (at > 10000) {
                UT_CHECK(!"never succeeded");
                break;
            }
        }
        if (s == 0) printf("  (consts: %ld allocation points)\n", steps - 1);
    }
}

int main(void) {
    posix_platform_init(&plat, NULL);
    UT_RUN(test_consts_header);
    UT_RUN(test_consts_values);
    UT_RUN(test_consts_methods);
    UT_RUN(test_consts_bootstrap);
    UT_RUN(test_accessors);
    UT_RUN(test_iface_release8);
    UT_RUN(test_abs_release7);
    UT_RUN(test_module_info);
    UT_RUN(test_descriptors);
    UT_RUN(test_names);
    UT_RUN(test_insn_length);
    UT_RUN(test_seed_roundtrip);
    UT_RUN(test_malformed_corpus);
    UT_RUN(test_messages);
    UT_RUN(test_switch_alignments);
    UT_RUN(test_wide_and_locals);
    UT_RUN(test_dynamic_constant);
    UT_RUN(test_old_versions);
    UT_RUN(test_interface_versions);
    UT_RUN(test_line_tables);
    UT_RUN(test_pathological);
    UT_RUN(test_every_truncation);
    UT_RUN(test_random_corruption);
    UT_RUN(test_alloc_failure);
    return ut_finish();
}
