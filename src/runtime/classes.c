/* classes.c - questions about linked classes: subtyping (instanceof /
 * checkcast / aastore), member lookup (JVMS 5.4.3.2-5.4.3.4 without the
 * access checks, which live in resolve.c), virtual and interface dispatch
 * (JVMS 5.4.6 via the vtable / itable), runtime packages and nests,
 * java.lang.Class mirrors and Java-style class names. */
#include "rt_internal.h"
#include "classes.h"
#include "../gc/heap.h"
#include "../core/mem.h"
#include "../core/fmt.h"

/* ------------------------------------------------------------ packages */

static size_t pkg_len(const char *n) {
    const char *s = vm_strrchr(n, '/');
    return s ? (size_t)(s - n) : 0;
}

/* Unwrap array classes to their innermost element class. */
static const jclass *elem_class(const jclass *c) {
    while (c->kind == KIND_ARRAY) c = c->component;
    return c;
}

bool rt_same_package(const jclass *a, const jclass *b) {
    a = elem_class(a);
    b = elem_class(b);
    if (a == b) return true;
    if (a->kind == KIND_PRIMITIVE || b->kind == KIND_PRIMITIVE)
        return a->kind == b->kind; /* primitives live in java.lang */
    if (a->is_boot != b->is_boot) return false; /* different loaders */
    size_t la = pkg_len(a->name), lb = pkg_len(b->name);
    return la == lb && vm_strncmp(a->name, b->name, la) == 0;
}

/* Length of the top-level class name: up to the first '$' after the
 * package. */
static size_t top_len(const char *n) {
    size_t p = pkg_len(n);
    size_t i = p;
    while (n[i] && n[i] != '$') i++;
    return i;
}

/* Nestmates (JVMS 5.4.4, NestHost/NestMembers since Java 11).  The parser
 * does not keep the nest attributes, so the nest is approximated by the
 * top-level class name: "Outer", "Outer$Inner" and "Outer$1" are one nest.
 * Only classes of the same loader and package can match. */
bool rt_same_nest(const jclass *a, const jclass *b) {
    if (a == b) return true;
    if (a->kind != KIND_INSTANCE || b->kind != KIND_INSTANCE) return false;
    if (a->is_boot != b->is_boot) return false;
    size_t la = top_len(a->name), lb = top_len(b->name);
    return la == lb && vm_strncmp(a->name, b->name, la) == 0;
}

bool rt_is_subclass_of(const jclass *c, const jclass *super) {
    for (; c; c = c->super)
        if (c == super) return true;
    return false;
}

/* ---------------------------------------------------------- subtyping */

static bool implements(const jclass *s, const jclass *iface) {
    for (uint32_t i = 0; i < s->itable_len; i++)
        if (s->itable[i].iface == iface) return true;
    return false;
}

/* JVMS 6.5 checkcast / instanceof rules. */
bool rt_is_assignable(const jclass *s, const jclass *t) {
    if (s == t) return true;
    if (s->kind == KIND_PRIMITIVE || t->kind == KIND_PRIMITIVE) return false;
    if (t->kind == KIND_ARRAY) {
        if (s->kind != KIND_ARRAY) return false;
        const jclass *sc = s->component, *tc = t->component;
        if (sc->kind == KIND_PRIMITIVE || tc->kind == KIND_PRIMITIVE) return sc == tc;
        return rt_is_assignable(sc, tc);
    }
    /* t is a class or interface */
    if (t->access & ACC_INTERFACE) return implements(s, t);
    if (s->access & ACC_INTERFACE) return t->super == NULL; /* only Object */
    return rt_is_subclass_of(s, t);
}

/* ------------------------------------------------------------- lookup */

jmethod *rt_find_declared_method(jclass *c, const char *name, const char *desc) {
    for (uint32_t i = 0; i < c->n_methods; i++) {
        jmethod *m = &c->methods[i];
        if (vm_strcmp(m->name, name) == 0 && vm_strcmp(m->desc, desc) == 0) return m;
    }
    return NULL;
}

static jfield *find_declared_field(jclass *c, const char *name, const char *desc) {
    for (uint32_t i = 0; i < c->n_fields; i++) {
        jfield *f = &c->fields[i];
        if (vm_strcmp(f->name, name) == 0 && vm_strcmp(f->desc, desc) == 0) return f;
    }
    return NULL;
}

/* JVMS 5.4.3.2 field lookup: C itself, then its direct superinterfaces
 * (recursively, in order), then its superclass (recursively). */
jfield *rt_find_field(jclass *c, const char *name, const char *desc) {
    for (; c; c = c->super) {
        jfield *f = find_declared_field(c, name, desc);
        if (f) return f;
        for (uint16_t i = 0; i < c->n_interfaces; i++) {
            f = rt_find_field(c->interfaces[i], name, desc);
            if (f) return f;
        }
    }
    return NULL;
}

/* Method lookup.  For a class (JVMS 5.4.3.3): C and its superclasses, then
 * the maximally-specific superinterface methods.  For an interface (JVMS
 * 5.4.3.4): the interface, then Object's public instance methods, then the
 * maximally-specific superinterface methods. */
jmethod *rt_find_method(jclass *c, const char *name, const char *desc) {
    jmethod *m;
    if (rt_is_interface(c)) {
        m = rt_find_declared_method(c, name, desc);
        if (m) return m;
        if (c->super) {
            m = rt_find_declared_method(c->super, name, desc);
            if (m && (m->access & ACC_PUBLIC) && !(m->access & ACC_STATIC)) return m;
        }
        return rt_max_specific_method(c, name, desc, false);
    }
    for (jclass *k = c; k; k = k->super) {
        m = rt_find_declared_method(k, name, desc);
        if (m) return m;
    }
    return rt_max_specific_method(c, name, desc, false);
}

/* ----------------------------------------------------------- dispatch */

/* invokevirtual selection (JVMS 5.4.6) through the vtable.  Private and
 * static methods are not dispatched; a method resolved in an interface
 * (a default or abstract method reached through a class reference) is
 * selected like an interface method. */
jmethod *rt_dispatch_virtual(jclass *recv, jmethod *m) {
    if (m->access & (ACC_PRIVATE | ACC_STATIC)) return m;
    if (rt_is_interface(m->owner)) return rt_dispatch_interface(recv, m);
    int32_t i = m->vtable_index;
    if (i < 0 || (uint32_t)i >= recv->vtable_len) return m;
    return recv->vtable[i];
}

/* invokeinterface selection through the itable.  NULL if the receiver's
 * class does not implement the interface (the interpreter raises
 * IncompatibleClassChangeError).  The result may be abstract (raise
 * AbstractMethodError when invoking it). */
jmethod *rt_dispatch_interface(jclass *recv, jmethod *im) {
    if (im->access & (ACC_PRIVATE | ACC_STATIC)) return im;
    jclass *ic = im->owner;
    if (!rt_is_interface(ic)) return rt_dispatch_virtual(recv, im); /* Object method */
    if (im->itable_index < 0) return im;
    for (uint32_t i = 0; i < recv->itable_len; i++) {
        if (recv->itable[i].iface != ic) continue;
        jmethod **ms = recv->itable[i].methods;
        if (!ms) return NULL;
        return ms[im->itable_index];
    }
    return NULL;
}

/* ------------------------------------------------------------ mirrors */

jobject *rt_class_mirror(vm *vm, jclass *c) {
    if (c->mirror) return c->mirror;
    if (!vm->wk.class_) return NULL;
    jobject *m = rt_new_object(vm, vm->wk.class_);
    if (!m) return NULL;
    if (c->mirror) return c->mirror; /* created meanwhile (cannot happen) */
    int64_t p = (int64_t)(uintptr_t)c;
    __builtin_memcpy((char *)m + vm->off.class_vmclass, &p, sizeof p);
    c->mirror = m;
    return m;
}

jclass *rt_mirror_class(vm *vm, jobject *mirror) {
    if (!mirror) return NULL;
    int64_t p;
    __builtin_memcpy(&p, (char *)mirror + vm->off.class_vmclass, sizeof p);
    return (jclass *)(uintptr_t)p;
}

/* -------------------------------------------------------------- names */

void rt_class_java_name(const jclass *c, char *buf, size_t cap) {
    if (!cap) return;
    size_t i = 0;
    for (const char *s = c->name; *s && i + 1 < cap; s++, i++)
        buf[i] = *s == '/' ? '.' : *s;
    buf[i] = '\0';
}

/* One field descriptor at d as a Java type name ("int", "java.lang.String[]");
 * returns the end of the descriptor. */
static const char *put_type(const char *d, char *buf, size_t cap, size_t *n) {
    int dims = 0;
    while (*d == '[') { dims++; d++; }
    const char *prim = NULL;
    switch (*d) {
    case 'B': prim = "byte"; break;    case 'C': prim = "char"; break;
    case 'D': prim = "double"; break;  case 'F': prim = "float"; break;
    case 'I': prim = "int"; break;     case 'J': prim = "long"; break;
    case 'S': prim = "short"; break;   case 'Z': prim = "boolean"; break;
    case 'V': prim = "void"; break;
    default: break;
    }
    if (prim) {
        for (; *prim; prim++) if (*n + 1 < cap) buf[(*n)++] = *prim;
        d++;
    } else if (*d == 'L') {
        for (d++; *d && *d != ';'; d++) if (*n + 1 < cap) buf[(*n)++] = *d == '/' ? '.' : *d;
        if (*d == ';') d++;
    } else if (*d) {
        d++;
    }
    for (; dims > 0; dims--) {
        if (*n + 2 < cap) { buf[(*n)++] = '['; buf[(*n)++] = ']'; }
    }
    return d;
}

void rt_format_method(const jclass *owner, const char *name, const char *desc,
                      char *buf, size_t cap) {
    if (!cap) return;
    size_t n = 0;
    const char *r = vm_strchr(desc, ')');
    if (r) put_type(r + 1, buf, cap, &n);
    if (n + 1 < cap) buf[n++] = ' ';
    char cn[256];
    rt_class_java_name(owner, cn, sizeof cn);
    for (const char *p = cn; *p; p++) if (n + 1 < cap) buf[n++] = *p;
    if (n + 1 < cap) buf[n++] = '.';
    for (const char *p = name; *p; p++) if (n + 1 < cap) buf[n++] = *p;
    if (n + 1 < cap) buf[n++] = '(';
    const char *d = desc[0] == '(' ? desc + 1 : desc;
    bool first = true;
    while (*d && *d != ')') {
        if (!first && n + 2 < cap) { buf[n++] = ','; buf[n++] = ' '; }
        first = false;
        const char *e = put_type(d, buf, cap, &n);
        if (e == d) break;
        d = e;
    }
    if (n + 1 < cap) buf[n++] = ')';
    buf[n] = '\0';
}

static const char *module_of(const jclass *c) {
    c = elem_class(c);
    return c->is_boot || c->kind == KIND_PRIMITIVE ? "module java.base of loader 'bootstrap'"
                                                   : "unnamed module of loader 'app'";
}

void rt_module_desc(const jclass *a, const jclass *b, char *buf, size_t cap) {
    char an[256], bn[256];
    rt_class_java_name(a, an, sizeof an);
    if (!b) {
        vm_snprintf(buf, cap, "(%s is in %s)", an, module_of(a));
        return;
    }
    rt_class_java_name(b, bn, sizeof bn);
    const char *ma = module_of(a), *mb = module_of(b);
    if (ma == mb)
        vm_snprintf(buf, cap, "(%s and %s are in %s)", an, bn, ma);
    else
        vm_snprintf(buf, cap, "(%s is in %s; %s is in %s)", an, ma, bn, mb);
}
