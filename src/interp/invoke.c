/* invoke.c - entering the interpreter from C and calling methods that have
 * no bytecode.
 *
 *   interp_run         entry from C: new FRAME_ENTRY frame, run to completion
 *   rt_call            runtime/invoke.h: same
 *   rt_call_virtual    runtime/invoke.h: look up name/desc on the receiver
 *   interp_call_native natives (and the JIT hook) under a FRAME_NATIVE frame
 *   interp_prepare     per-method interpreter data (jmethod.qcode) and the
 *                      call-site side table; interp_method_free
 */
#include "interp_internal.h"
#include "../core/mem.h"
#include "../runtime/classes.h"
#include "../runtime/exceptions.h"
#include "../runtime/invoke.h"
#include "../gc/stackmap.h"
#include "../jit/jit.h"

/* ---- per-method data ------------------------------------------------------ */

/* The interpreter trusts the operand-stack discipline of the bytecode (sp
 * never leaves the frame's operand area).  The GC's stack-map pass checks
 * exactly that (depth underflow/overflow, consistent depths at joins)
 * besides computing the maps, so a method must pass it before its first
 * execution; the maps are cached for the GC. */
__attribute__((noinline, cold))
static vm_status reject_unverifiable(vm *vm, jmethod *m, vm_status st, const char *msg) {
    if (st == VM_ERR_NOMEM) return rt_throw_oom(vm);
    if (msg[0]) return rt_throw(vm, "java/lang/VerifyError", "%s", msg);
    char cname[256];
    rt_class_java_name(m->owner, cname, sizeof cname);
    return rt_throw(vm, "java/lang/VerifyError", "%s.%s%s: %s", cname, m->name, m->desc,
                    vm_status_str(st));
}

static vm_status verify_method(vm *vm, jmethod *m) {
    char msg[200];
    vm_diag d = { msg, sizeof msg };
    msg[0] = 0;
    vm_status st = stackmap_compute(vm, m, &d);
    /* VM_ERR_LIMIT (too large to map): run it; the GC scans it
     * conservatively */
    if (st == VM_OK || st == VM_ERR_LIMIT) return VM_OK;
    return reject_unverifiable(vm, m, st, msg);
}

vm_status interp_make_qcode(vm *vm, jmethod *m) {
    uint32_t len = m->code->code_len;
    size_t size;
    if (!vm_size_add(offsetof(interp_mdata, code), len, &size)) return VM_ERR_NOMEM;
    interp_mdata *md = vm_zalloc(vm->plat, size);
    if (!md) return VM_ERR_NOMEM;
    md->method = m;
    md->code_len = len;
    vm_memcpy(md->code, m->code->code, len);
    m->qcode = md->code;
    interp_fuse(vm, m);
    return VM_OK;
}

vm_status interp_prepare(vm *vm, jmethod *m) {
    if (m->qcode) return VM_OK;
    if (!m->code) return interp_throw_internal(vm, "interpreting a method without code");
    vm_status vst = verify_method(vm, m);
    if (vst != VM_OK) return vst;
    if (interp_make_qcode(vm, m) != VM_OK) return rt_throw_oom(vm);
    return VM_OK;
}

vm_status interp_add_site(vm *vm, jmethod *m, uint32_t pc, uint32_t kind,
                          void *a, void *b, uint32_t *index) {
    interp_mdata *md = interp_md(m);
    if (md->n_sites >= 0xffffu) return VM_ERR_NOMEM;
    if (md->n_sites == md->cap_sites) {
        uint32_t ncap = md->cap_sites ? md->cap_sites * 2 : 4;
        if (ncap > 0xffffu) ncap = 0xffffu;
        interp_site *ns = vm_realloc(vm->plat, md->sites,
                                     (size_t)md->cap_sites * sizeof *ns,
                                     (size_t)ncap * sizeof *ns);
        if (!ns) return VM_ERR_NOMEM;
        md->sites = ns;
        md->cap_sites = ncap;
    }
    interp_site *s = &md->sites[md->n_sites];
    s->pc = pc;
    s->kind = kind;
    s->a = a;
    s->b = b;
    *index = md->n_sites++;
    return VM_OK;
}

void interp_method_free(vm *vm, jmethod *m) {
    if (!m->qcode) return;
    interp_mdata *md = interp_md(m);
    for (uint32_t i = 0; i < md->n_sites; i++)
        if (md->sites[i].kind == SITE_INDY)
            indy_site_free(vm, (struct indy_site *)md->sites[i].a);
    vm_free(vm->plat, md->sites, (size_t)md->cap_sites * sizeof *md->sites);
    if (md->aux) vm_free(vm->plat, md->aux, (size_t)md->code_len * sizeof *md->aux);
    vm_free(vm->plat, md, offsetof(interp_mdata, code) + md->code_len);
    m->qcode = NULL;
}

/* ---- limits ------------------------------------------------------------------ */

vm_status interp_stack_overflow(vm *vm) {
    /* rt_throw runs the constructor with vm->in_reserve set, so it may use
     * the frames and slots kept back (frames.h). */
    return rt_throw(vm, "java/lang/StackOverflowError", NULL);
}

/* ---- natives ------------------------------------------------------------------ */

static size_t fmt_type(const char *d, char *buf, size_t cap, const char **end) {
    /* one field descriptor at d as a Java type name ("int", "java.lang.String[]") */
    int dims = 0;
    size_t n = 0;
    while (*d == '[') { dims++; d++; }
    const char *name = NULL;
    switch (*d) {
    case 'B': name = "byte"; break;    case 'C': name = "char"; break;
    case 'D': name = "double"; break;  case 'F': name = "float"; break;
    case 'I': name = "int"; break;     case 'J': name = "long"; break;
    case 'S': name = "short"; break;   case 'Z': name = "boolean"; break;
    case 'V': name = "void"; break;
    default: break;
    }
    if (name) {
        d++;
        for (; *name; name++) if (n + 1 < cap) buf[n++] = *name;
    } else if (*d == 'L') {
        d++;
        for (; *d && *d != ';'; d++) if (n + 1 < cap) buf[n++] = *d == '/' ? '.' : *d;
        if (*d == ';') d++;
    } else if (*d) {
        d++;
    }
    for (; dims > 0; dims--) {
        if (n + 1 < cap) buf[n++] = '[';
        if (n + 1 < cap) buf[n++] = ']';
    }
    if (cap) buf[n < cap ? n : cap - 1] = 0;
    *end = d;
    return n;
}

void interp_fmt_method(const jmethod *m, bool with_class, char *buf, size_t cap) {
    size_t n = 0;
    const char *d = vm_strchr(m->desc, ')');
    const char *end;
    if (cap < 2) { if (cap) buf[0] = 0; return; }
    if (d) n += fmt_type(d + 1, buf + n, cap - n, &end);
    if (n + 1 < cap) buf[n++] = ' ';
    if (with_class) {
        char cname[256];
        rt_class_java_name(m->owner, cname, sizeof cname);
        for (const char *p = cname; *p; p++) if (n + 1 < cap) buf[n++] = *p;
        if (n + 1 < cap) buf[n++] = '.';
    }
    for (const char *p = m->name; *p; p++) if (n + 1 < cap) buf[n++] = *p;
    if (n + 1 < cap) buf[n++] = '(';
    d = m->desc[0] == '(' ? m->desc + 1 : m->desc;
    bool first = true;
    while (*d && *d != ')') {
        if (!first) {
            if (n + 1 < cap) buf[n++] = ',';
            if (n + 1 < cap) buf[n++] = ' ';
        }
        first = false;
        n += fmt_type(d, buf + n, cap - n, &end);
        if (n >= cap) n = cap - 1;
        if (end == d) break;
        d = end;
    }
    if (n + 1 < cap) buf[n++] = ')';
    buf[n] = 0;
}

/* Cold, out of line: keeps the message buffer off the C stack of the
 * native-call path, which nests with every C-level re-entry. */
__attribute__((noinline, cold))
static vm_status throw_no_code(vm *vm, jmethod *m, const jvalue *args) {
    char buf[320];
    /* an abstract method selected for a receiver: the JDK names the receiver */
    if (!(m->access & (ACC_NATIVE | ACC_STATIC)) && args[0].l)
        return interp_throw_no_impl(vm, args[0].l->cls, m);
    interp_fmt_method(m, true, buf, sizeof buf);
    if (m->access & ACC_NATIVE)
        return rt_throw(vm, "java/lang/UnsatisfiedLinkError", "'%s'", buf);
    return rt_throw(vm, "java/lang/AbstractMethodError", "'%s'", buf);
}

__attribute__((noinline, cold))
static vm_status throw_no_method(vm *vm, jobject *obj, const char *name,
                                 const char *desc) {
    char cname[256];
    rt_class_java_name(obj->cls, cname, sizeof cname);
    return rt_throw(vm, "java/lang/NoSuchMethodError", "'%s.%s%s'", cname, name, desc);
}

vm_status interp_call_native(vm *vm, jmethod *m, jvalue *args, jvalue *ret) {
    if (vm->frame_count >= vm_frame_limit(vm)) return interp_stack_overflow(vm);
    uint32_t idx = interp_push_native_frame(vm, m, args);

    jvalue r;
    r.raw = 0;
    vm_status st;
    if (m->jit_entry) {
        /* JIT HOOK (issue 3): compiled code runs under this frame. */
        interp_jit_fn fn = (interp_jit_fn)m->jit_entry;
        st = fn(vm, m, args, &r);
    } else if (m->native) {
        st = m->native(vm, args, &r);
    } else {
        st = throw_no_code(vm, m, args);
    }
    vm->frame_count = idx;
    if (st == VM_OK && ret) *ret = r;
    return st;
}

/* ---- entry from C ------------------------------------------------------------- */

vm_status interp_run(vm *vm, jmethod *m, jvalue *args, jvalue *ret) {
    uint32_t fc = vm->frame_count;
    jvalue *base = fc ? vm->frames[fc - 1].sp : vm->stack;
    uint32_t nargs = m->arg_slots;
    uint32_t nl = m->max_locals > nargs ? m->max_locals : nargs;
    size_t need = m->code ? (size_t)nl + m->max_stack : nargs;

    if (!base || base < vm->stack || base > vm->stack_end)
        return interp_throw_internal(vm, "interp_run: corrupt frame stack");
    /* an exhausted budget stays exhausted (runtime/limits.h) */
    if (vm->budget_exhausted) return vm->budget_status;
    if (vm->native_depth == 0) vm_native_stack_mark(vm);
    if ((vm->native_depth >= VM_MAX_NATIVE_DEPTH && !vm->in_reserve) || vm_native_stack_low(vm) ||
        fc >= vm_frame_limit(vm) ||
        (size_t)(vm_stack_limit(vm) - base) < need)
        return interp_stack_overflow(vm);
    if (nargs && base != args) vm_memmove(base, args, (size_t)nargs * sizeof *base);

    if (m->invocations == vm->jit_threshold && m->code) {
        /* first call: maybe JIT-compile, with the arguments covered by a
         * temporary frame in case compiling loads classes and collects */
        vm->frames[fc] = (jframe){ m, base, base + nargs, base + nargs, 0, FRAME_NATIVE };
        vm->frame_count = fc + 1;
        jit_on_first_call(vm, m);
        vm->frame_count = fc;
    }
    vm_status st;
    vm->native_depth++;
    if (!m->code || m->jit_entry) {
        m->invocations++;
        st = interp_call_native(vm, m, base, ret);
    } else if ((st = interp_prepare(vm, m)) == VM_OK) {
        m->invocations++;
        for (uint32_t i = nargs; i < nl; i++) base[i].raw = 0;
        jframe *f = &vm->frames[fc];
        f->method = m;
        f->locals = base;
        f->stack = base + nl;
        f->sp = f->stack;
        f->pc = 0;
        f->flags = FRAME_ENTRY;
        vm->frame_count = fc + 1;
#ifdef VIFVM_INTERP_SWITCH
        /* the switch-dispatched copy where indirect jumps are retpolines
         * (interp_switch.c) */
        st = vm->plat->interp_switch ? interp_execute_switch(vm, ret) : interp_execute(vm, ret);
#else
        st = interp_execute(vm, ret);
#endif
        vm->frame_count = fc; /* interp_execute pops it; be certain */
    }
    if (vm->budget_exhausted && st != vm->budget_status) {
        /* ran out on the way, and some C code made another status of it
         * (e.g. an exception whose constructor was aborted): the entry
         * still reports the abort (runtime/limits.h) */
        vm->exception = NULL;
        st = vm->budget_status;
    }
    vm->native_depth--;
    return st;
}

vm_status rt_call(vm *vm, jmethod *m, jvalue *args, jvalue *ret) {
    return interp_run(vm, m, args, ret);
}

vm_status rt_call_virtual(vm *vm, jobject *obj, const char *name,
                          const char *desc, jvalue *args, jvalue *ret) {
    if (!obj) return interp_throw_npe(vm);
    jmethod *m = rt_find_method(obj->cls, name, desc);
    if (!m) return throw_no_method(vm, obj, name, desc);
    if (m->access & ACC_STATIC)
        return rt_throw(vm, "java/lang/IncompatibleClassChangeError",
                        "Expected instance not static method %s", name);
    /* Lay out [obj, args...] on the value stack where interp_run will put
     * them anyway; nothing allocates before the frame covers them. */
    uint32_t fc = vm->frame_count;
    jvalue *base = fc ? vm->frames[fc - 1].sp : vm->stack;
    uint32_t nargs = m->arg_slots ? m->arg_slots : 1;
    if (!base || base < vm->stack || base > vm->stack_end ||
        (size_t)(vm->stack_end - base) < nargs)
        return interp_stack_overflow(vm);
    /* args (may be NULL for a method without arguments) has the native
     * slot layout: args[0] is `this` (replaced by obj), the arguments from
     * args[1] */
    if (nargs > 1 && args) vm_memmove(base + 1, args + 1, (size_t)(nargs - 1) * sizeof *base);
    else for (uint32_t i = 1; i < nargs; i++) base[i].raw = 0;
    base[0].raw = 0;
    base[0].l = obj;
    return interp_run(vm, m, base, ret);
}
