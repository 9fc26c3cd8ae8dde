/* class_link.c - linking a loaded class (JVMS 5.4): preparation of the
 * field layout and static storage (5.4.2), the method table with native
 * binding, the vtable (overriding per JVMS 5.4.5) and the itable (interface
 * method selection per JVMS 5.4.6), the constant-pool resolution cache;
 * and freeing a class. */
#include "rt_internal.h"
#include "classes.h"
#include "natives.h"
#include "../gc/stackmap.h"
#include "../interp/interp.h"
#include "../core/mem.h"

static vm_status link_nomem(vm *vm, vm_diag *d, const jclass *c) {
    vm_diagf(d, VM_ERR_NOMEM, "out of memory linking %s", c->name);
    vm_status st = rt_throw_oom(vm);
    return st == VM_OK ? VM_ERR_EXCEPTION : st;
}

static vm_status cfe(vm *vm, vm_diag *d, const jclass *c, const char *what) {
    return rt_load_error(vm, d, "java/lang/ClassFormatError", "%s in class file %s",
                         what, c->name);
}

/* --------------------------------------------------------------- fields */

static uint32_t type_size(char t) {
    switch (t) {
    case 'J': case 'D': case 'L': case '[': return 8;
    case 'I': case 'F': return 4;
    case 'C': case 'S': return 2;
    default: return 1; /* B Z */
    }
}

static bool is_ref_type(char t) { return t == 'L' || t == '['; }

/* The CP tag a ConstantValue for a field of descriptor `desc` must have. */
static int constant_tag_for(const char *desc) {
    switch (desc[0]) {
    case 'I': case 'S': case 'C': case 'B': case 'Z': return CP_INTEGER;
    case 'J': return CP_LONG;
    case 'F': return CP_FLOAT;
    case 'D': return CP_DOUBLE;
    default:
        return vm_strcmp(desc, "Ljava/lang/String;") == 0 ? CP_STRING : -1;
    }
}

/* Lay out fields of one kind (instance or static) from `start`: 8-byte
 * fields first, then 4, 2, 1, each naturally aligned; collect reference
 * offsets.  Returns false on overflow. */
static bool layout(jclass *c, bool statics, uint64_t start, uint64_t *end,
                   uint32_t *refs, uint32_t *n_refs) {
    uint64_t off = start;
    for (uint32_t size = 8; size >= 1; size /= 2) {
        for (uint32_t i = 0; i < c->n_fields; i++) {
            jfield *f = &c->fields[i];
            if (((f->access & ACC_STATIC) != 0) != statics) continue;
            if (type_size(f->type) != size) continue;
            off = (off + size - 1) & ~(uint64_t)(size - 1);
            f->offset = (uint32_t)off;
            if (is_ref_type(f->type)) refs[(*n_refs)++] = (uint32_t)off;
            off += size;
            if (off > 0x7fffffffu) return false;
        }
    }
    *end = off;
    return true;
}

/* JVMS 5.4.2 preparation: field table, instance layout, static storage. */
static vm_status link_fields(vm *vm, jclass *c, vm_diag *d) {
    cf_class *cf = c->cf;
    uint32_t n_inst_refs = 0, n_static_refs = 0;
    if (cf->n_fields) {
        c->fields = vm_zalloc(vm->plat, (size_t)cf->n_fields * sizeof(jfield));
        if (!c->fields) return link_nomem(vm, d, c);
        c->n_fields = cf->n_fields;
    }
    for (uint32_t i = 0; i < c->n_fields; i++) {
        const cf_field *src = &cf->fields[i];
        jfield *f = &c->fields[i];
        f->owner = c;
        f->name = src->name;
        f->desc = src->desc;
        f->access = src->access;
        f->type = src->desc[0];
        f->constant_value = 0;
        if ((src->access & ACC_STATIC) && src->constant_value) {
            /* JVMS 4.7.2: the constant must match the field type. */
            uint16_t cv = src->constant_value;
            if (cv >= cf->cp_count || cf->cp[cv].tag != constant_tag_for(src->desc))
                return cfe(vm, d, c, "Inconsistent constant value type");
            f->constant_value = cv;
        }
        if (is_ref_type(f->type)) {
            if (src->access & ACC_STATIC) n_static_refs++;
            else n_inst_refs++;
        }
    }
    /* instance fields: the superclass's first */
    uint32_t super_refs = c->super ? c->super->n_ref_offsets : 0;
    uint32_t total_refs = super_refs + n_inst_refs;
    if (total_refs) {
        c->ref_offsets = vm_zalloc(vm->plat, (size_t)total_refs * sizeof(uint32_t));
        if (!c->ref_offsets) return link_nomem(vm, d, c);
        if (super_refs)
            vm_memcpy(c->ref_offsets, c->super->ref_offsets,
                      (size_t)super_refs * sizeof(uint32_t));
    }
    c->n_ref_offsets = super_refs;
    uint64_t end;
    uint64_t start = c->super ? c->super->instance_size : JOBJ_HEADER_SIZE;
    if (!layout(c, false, start, &end, c->ref_offsets, &c->n_ref_offsets)) {
        c->n_ref_offsets = total_refs; /* the allocated size, for freeing */
        return cfe(vm, d, c, "Too many instance fields");
    }
    c->instance_size = (uint32_t)end;

    if (n_static_refs) {
        c->static_ref_offsets = vm_zalloc(vm->plat, (size_t)n_static_refs * sizeof(uint32_t));
        if (!c->static_ref_offsets) return link_nomem(vm, d, c);
    }
    c->n_static_refs = 0;
    if (!layout(c, true, 0, &end, c->static_ref_offsets, &c->n_static_refs)) {
        c->n_static_refs = n_static_refs;
        return cfe(vm, d, c, "Too many static fields");
    }
    c->statics_size = (uint32_t)end;
    if (c->statics_size) {
        c->statics = vm_zalloc(vm->plat, c->statics_size);
        if (!c->statics) return link_nomem(vm, d, c);
    }
    return VM_OK;
}

/* -------------------------------------------------------------- methods */

static bool is_special_name(const char *n) { return n[0] == '<'; }

static vm_status link_methods(vm *vm, jclass *c, vm_diag *d) {
    cf_class *cf = c->cf;
    if (!cf->n_methods) return VM_OK;
    c->methods = vm_zalloc(vm->plat, (size_t)cf->n_methods * sizeof(jmethod));
    if (!c->methods) return link_nomem(vm, d, c);
    c->n_methods = cf->n_methods;
    int32_t next_itable = 0;
    bool iface = (c->access & ACC_INTERFACE) != 0;
    for (uint32_t i = 0; i < c->n_methods; i++) {
        const cf_method *src = &cf->methods[i];
        jmethod *m = &c->methods[i];
        m->owner = c;
        m->name = src->name;
        m->desc = src->desc;
        m->access = src->access;
        m->code = src->code;
        m->vtable_index = -1;
        m->itable_index = -1;
        int slots = cf_desc_arg_slots(src->desc);
        if (slots < 0) return cfe(vm, d, c, "Illegal method descriptor");
        if (!(src->access & ACC_STATIC)) slots++;
        if (slots > 255) return cfe(vm, d, c, "Too many arguments in method signature");
        m->arg_slots = (uint16_t)slots;
        m->ret = cf_desc_return(src->desc);
        if (src->code) {
            m->max_stack = src->code->max_stack;
            m->max_locals = src->code->max_locals;
            if (m->max_locals < m->arg_slots)
                return cfe(vm, d, c, "Arguments can't fit into locals");
        } else if (!(src->access & (ACC_NATIVE | ACC_ABSTRACT))) {
            return cfe(vm, d, c, "Absent Code attribute in method that is not native or abstract");
        }
        if (src->access & ACC_NATIVE) {
            /* Unbound natives stay NULL: the interpreter raises
             * UnsatisfiedLinkError when one is called. */
            m->native = natives_lookup(c->name, m->name, m->desc, c->is_boot);
            m->max_locals = m->arg_slots;
        }
        if (iface && !(m->access & (ACC_STATIC | ACC_PRIVATE)) &&
            !is_special_name(m->name))
            m->itable_index = next_itable++;
    }
    return VM_OK;
}

uint32_t rt_iface_method_count(const jclass *iface) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < iface->n_methods; i++)
        if (iface->methods[i].itable_index >= 0) n++;
    return n;
}

/* --------------------------------------------------------------- vtable */

/* JVMS 5.4.5: can method m (declared in c) override `s`? s is a non-private
 * instance method of a superclass.  Public and protected methods are
 * overridable from anywhere, package-private ones only from the same
 * runtime package. */
static bool can_override(const jclass *c, const jmethod *s) {
    if (s->access & ACC_PRIVATE) return false;
    if (s->access & (ACC_PUBLIC | ACC_PROTECTED)) return true;
    return rt_same_package(c, s->owner);
}

static bool vtable_candidate(const jmethod *m) {
    return !(m->access & (ACC_STATIC | ACC_PRIVATE)) && !is_special_name(m->name);
}

static __attribute__((noinline)) vm_status
final_override(vm *vm, vm_diag *d, const jclass *c, const jmethod *s) {
    char cn[256], on[256];
    rt_class_java_name(c, cn, sizeof cn);
    rt_class_java_name(s->owner, on, sizeof on);
    return rt_load_error(vm, d, "java/lang/IncompatibleClassChangeError",
                         "class %s overrides final method %s.%s%s", cn, on, s->name, s->desc);
}

/* Index of the first superclass vtable entry that m overrides, or -1. */
static int32_t overridden_slot(const jclass *c, jmethod **vt, uint32_t n_super,
                               const jmethod *m) {
    for (uint32_t k = 0; k < n_super; k++) {
        const jmethod *s = vt[k];
        if (vm_strcmp(s->name, m->name) == 0 && vm_strcmp(s->desc, m->desc) == 0 &&
            can_override(c, s))
            return (int32_t)k;
    }
    return -1;
}

static vm_status build_vtable(vm *vm, jclass *c, vm_diag *d) {
    uint32_t n_super = c->super ? c->super->vtable_len : 0;
    jmethod **svt = c->super ? c->super->vtable : NULL;
    /* pass 1: how many new slots */
    size_t len = n_super;
    for (uint32_t i = 0; i < c->n_methods; i++) {
        jmethod *m = &c->methods[i];
        if (vtable_candidate(m) && overridden_slot(c, svt, n_super, m) < 0) len++;
    }
    if (len == 0) return VM_OK;
    jmethod **vt = vm_zalloc(vm->plat, len * sizeof(jmethod *));
    if (!vt) return link_nomem(vm, d, c);
    c->vtable = vt;
    c->vtable_len = (uint32_t)len;
    if (n_super) vm_memcpy(vt, svt, n_super * sizeof(jmethod *));
    /* pass 2: override (every overridable entry with the same name and
     * descriptor) or append */
    uint32_t next = n_super;
    for (uint32_t i = 0; i < c->n_methods; i++) {
        jmethod *m = &c->methods[i];
        if (!vtable_candidate(m)) continue;
        int32_t idx = -1;
        for (uint32_t k = 0; k < n_super; k++) {
            jmethod *s = svt[k];
            if (vm_strcmp(s->name, m->name) != 0 || vm_strcmp(s->desc, m->desc) != 0)
                continue;
            if (!can_override(c, s)) continue;
            if (s->access & ACC_FINAL) return final_override(vm, d, c, s);
            vt[k] = m;
            if (idx < 0) idx = (int32_t)k;
        }
        if (idx < 0) {
            idx = (int32_t)next;
            vt[next++] = m;
        }
        m->vtable_index = idx;
    }
    return VM_OK;
}

/* --------------------------------------------------------------- itable */

static bool list_has(jclass **list, uint32_t n, const jclass *x) {
    for (uint32_t i = 0; i < n; i++)
        if (list[i] == x) return true;
    return false;
}

/* All superinterfaces of c, transitively (through superclasses too), in
 * a list of `cap` allocated entries of which *n_out are used. */
static vm_status collect_interfaces(vm *vm, jclass *c, jclass ***out, uint32_t *n_out,
                                    size_t *cap_out, vm_diag *d) {
    size_t cap = c->super ? c->super->itable_len : 0;
    for (uint16_t i = 0; i < c->n_interfaces; i++) {
        if (!vm_size_add(cap, (size_t)c->interfaces[i]->itable_len + 1, &cap))
            return link_nomem(vm, d, c);
    }
    *out = NULL;
    *n_out = 0;
    *cap_out = cap;
    if (cap == 0) return VM_OK;
    size_t bytes;
    if (cap > UINT32_MAX || !vm_size_mul(cap, sizeof(jclass *), &bytes))
        return link_nomem(vm, d, c);
    jclass **list = vm_zalloc(vm->plat, bytes);
    if (!list) return link_nomem(vm, d, c);
    uint32_t n = 0;
    if (c->super)
        for (uint32_t i = 0; i < c->super->itable_len; i++)
            list[n++] = c->super->itable[i].iface;
    for (uint16_t i = 0; i < c->n_interfaces; i++) {
        jclass *ic = c->interfaces[i];
        for (uint32_t k = 0; k < ic->itable_len; k++)
            if (!list_has(list, n, ic->itable[k].iface)) list[n++] = ic->itable[k].iface;
        if (!list_has(list, n, ic)) list[n++] = ic;
    }
    *out = list;
    *n_out = n;
    return VM_OK;
}

static bool is_superinterface(const jclass *sub, const jclass *sup) {
    for (uint32_t i = 0; i < sub->itable_len; i++)
        if (sub->itable[i].iface == sup) return true;
    return false;
}

/* JVMS 5.4.3.3: the maximally-specific superinterface methods of c. */
jmethod *rt_max_specific_method(jclass *c, const char *name, const char *desc,
                                bool need_default) {
    jmethod *first = NULL, *nonabstract = NULL;
    uint32_t n_nonabstract = 0;
    for (uint32_t i = 0; i < c->itable_len; i++) {
        jclass *j = c->itable[i].iface;
        jmethod *m = rt_find_declared_method(j, name, desc);
        if (!m || (m->access & (ACC_STATIC | ACC_PRIVATE))) continue;
        /* maximally specific: no other candidate's interface is a
         * subinterface of j declaring the same method */
        bool shadowed = false;
        for (uint32_t k = 0; k < c->itable_len && !shadowed; k++) {
            jclass *o = c->itable[k].iface;
            if (o == j || !is_superinterface(o, j)) continue;
            jmethod *om = rt_find_declared_method(o, name, desc);
            if (om && !(om->access & (ACC_STATIC | ACC_PRIVATE))) shadowed = true;
        }
        if (shadowed) continue;
        if (!first) first = m;
        if (!(m->access & ACC_ABSTRACT)) {
            n_nonabstract++;
            nonabstract = m;
        }
    }
    if (n_nonabstract == 1) return nonabstract;
    return need_default ? NULL : first;
}

/* JVMS 5.4.6 selection of the implementation of interface method im for
 * class c: a declaration in c or its superclasses that overrides im, else
 * the unique maximally-specific non-abstract superinterface method, else
 * im (abstract: invoking it raises AbstractMethodError). */
jmethod *rt_select_interface_method(jclass *c, jmethod *im) {
    for (jclass *k = c; k; k = k->super) {
        jmethod *m = rt_find_declared_method(k, im->name, im->desc);
        if (m && !(m->access & (ACC_STATIC | ACC_PRIVATE))) return m;
    }
    jmethod *m = rt_max_specific_method(c, im->name, im->desc, true);
    return m ? m : im;
}

static vm_status build_itable(vm *vm, jclass *c, vm_diag *d) {
    jclass **list;
    uint32_t n;
    size_t cap;
    vm_status st = collect_interfaces(vm, c, &list, &n, &cap, d);
    if (st != VM_OK) return st;
    if (n == 0) {
        if (list) vm_free(vm->plat, list, cap * sizeof(jclass *));
        return VM_OK;
    }
    c->itable = vm_zalloc(vm->plat, (size_t)n * sizeof(jitable_entry));
    if (c->itable) {
        c->itable_len = n;
        for (uint32_t i = 0; i < n; i++) c->itable[i].iface = list[i];
    }
    vm_free(vm->plat, list, cap * sizeof(jclass *));
    return c->itable ? VM_OK : link_nomem(vm, d, c);
}

/* Fill the method arrays of a (non-interface) class's itable. */
static vm_status fill_itable(vm *vm, jclass *c, vm_diag *d) {
    for (uint32_t i = 0; i < c->itable_len; i++) {
        jclass *ic = c->itable[i].iface;
        uint32_t cnt = rt_iface_method_count(ic);
        if (!cnt) continue;
        jmethod **ms = vm_zalloc(vm->plat, (size_t)cnt * sizeof(jmethod *));
        if (!ms) return link_nomem(vm, d, c);
        c->itable[i].methods = ms;
        for (uint32_t k = 0; k < ic->n_methods; k++) {
            jmethod *im = &ic->methods[k];
            if (im->itable_index < 0) continue;
            ms[im->itable_index] = rt_select_interface_method(c, im);
        }
    }
    return VM_OK;
}

/* ------------------------------------------------------------------ link */

vm_status rt_link_class(vm *vm, jclass *c, vm_diag *d) {
    vm_status st = link_fields(vm, c, d);
    if (st == VM_OK) st = link_methods(vm, c, d);
    if (st == VM_OK) st = build_itable(vm, c, d);
    if (st == VM_OK && !(c->access & ACC_INTERFACE)) st = build_vtable(vm, c, d);
    if (st == VM_OK && !(c->access & ACC_INTERFACE)) st = fill_itable(vm, c, d);
    if (st == VM_OK && c->cf->cp_count) {
        c->cp_cache = vm_zalloc(vm->plat, (size_t)c->cf->cp_count * sizeof(void *));
        if (!c->cp_cache) st = link_nomem(vm, d, c);
    }
    return st;
}

/* ------------------------------------------------------------------ free */

void rt_free_itable(vm *vm, jclass *c) {
    if (!c->itable) return;
    for (uint32_t i = 0; i < c->itable_len; i++)
        if (c->itable[i].methods)
            vm_free(vm->plat, c->itable[i].methods,
                    (size_t)rt_iface_method_count(c->itable[i].iface) * sizeof(jmethod *));
    vm_free(vm->plat, c->itable, (size_t)c->itable_len * sizeof(jitable_entry));
    c->itable = NULL;
    c->itable_len = 0;
}

static void free_method(vm *vm, jmethod *m) {
    stackmap_free(vm, m);
    interp_method_free(vm, m);
}

void rt_free_class(vm *vm, jclass *c) {
    const vm_platform *p = vm->plat;
    rt_free_itable(vm, c);
    for (uint32_t i = 0; i < c->n_methods; i++) free_method(vm, &c->methods[i]);
    vm_free(p, c->methods, (size_t)c->n_methods * sizeof(jmethod));
    vm_free(p, c->fields, (size_t)c->n_fields * sizeof(jfield));
    vm_free(p, c->interfaces, (size_t)c->n_interfaces * sizeof(jclass *));
    vm_free(p, c->ref_offsets, (size_t)c->n_ref_offsets * sizeof(uint32_t));
    vm_free(p, c->static_ref_offsets, (size_t)c->n_static_refs * sizeof(uint32_t));
    vm_free(p, c->statics, c->statics_size);
    vm_free(p, c->vtable, (size_t)c->vtable_len * sizeof(jmethod *));
    if (c->cf) {
        vm_free(p, c->cp_cache, (size_t)c->cf->cp_count * sizeof(void *));
        cf_free(c->cf);
    } else if (c->kind == KIND_ARRAY) {
        vm_free(p, (char *)c->name, vm_strlen(c->name) + 1);
    }
    vm_free(p, c, sizeof *c);
}
