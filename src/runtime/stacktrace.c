/* stacktrace.c - Throwable backtraces: recording the Java stack into a
 * throwable (fillInStackTrace) as a long[] of (jmethod *, bytecode offset)
 * pairs, and turning it into the "pkg.Class.method(File.java:12)" strings
 * printStackTrace shows. */
#include "rt_internal.h"
#include "exceptions.h"
#include "strings.h"
#include "../gc/heap.h"
#include "../core/mem.h"
#include "../core/fmt.h"

static bool is_fill_frame(const jframe *f) {
    const char *n = f->method->name;
    return vm_strcmp(n, "fillInStackTrace") == 0 || vm_strcmp(n, "fillInStackTrace0") == 0;
}

static bool is_ctor_of(const jframe *f, jobject *t) {
    return f->method->name[0] == '<' && vm_strcmp(f->method->name, "<init>") == 0 &&
           f->locals && f->locals[0].l == t;
}

vm_status rt_fill_stack_trace(vm *vm, jobject *t) {
    if (!vm->off.throwable_backtrace) return VM_OK;
    /* skip the frames building t: fillInStackTrace*, then t's <init>s */
    int64_t top = (int64_t)vm->frame_count - 1;
    while (top >= 0 && is_fill_frame(&vm->frames[top])) top--;
    while (top >= 0 && is_ctor_of(&vm->frames[top], t)) top--;
    uint32_t n = (uint32_t)(top + 1);
    if (n > RT_MAX_TRACE_DEPTH) n = RT_MAX_TRACE_DEPTH;
    RT_PROTECT(vm, t);
    jobject *bt = rt_new_array(vm, vm->wk.prim_array[PRIM_LONG], (int32_t)(2 * n));
    RT_UNPROTECT(vm, 1);
    if (!bt) return VM_ERR_EXCEPTION;
    int64_t *p = (int64_t *)JARRAY_DATA(bt);
    for (uint32_t i = 0; i < n; i++) {
        const jframe *f = &vm->frames[top - (int64_t)i];
        p[2 * i] = (int64_t)(uintptr_t)f->method;
        p[2 * i + 1] = (f->flags & FRAME_NATIVE) ? -1 : (int64_t)f->pc;
    }
    rt_set_ref(t, vm->off.throwable_backtrace, bt);
    return VM_OK;
}

/* Source line for bytecode offset pc: the LineNumberTable entry with the
 * largest start_pc <= pc; -1 if none. */
static int line_of(const jmethod *m, int64_t pc) {
    const cf_code *c = m->code;
    if (!c || pc < 0) return -1;
    int best = -1, best_pc = -1;
    for (uint16_t i = 0; i < c->n_lines; i++) {
        int s = c->lines[i].start_pc;
        if (s <= pc && s >= best_pc) {
            best_pc = s;
            best = c->lines[i].line;
        }
    }
    return best;
}

/* Format one trace line into buf (returns the full length). */
static size_t format_frame(const jmethod *m, int64_t pc, char *buf, size_t cap) {
    char cls[512];
    rt_class_java_name(m->owner, cls, sizeof cls);
    const char *src = m->owner->cf ? m->owner->cf->source_file : NULL;
    if ((m->access & ACC_NATIVE) || pc < 0)
        return vm_snprintf(buf, cap, "%s.%s(Native Method)", cls, m->name);
    if (!src) return vm_snprintf(buf, cap, "%s.%s(Unknown Source)", cls, m->name);
    int line = line_of(m, pc);
    if (line < 0) return vm_snprintf(buf, cap, "%s.%s(%s)", cls, m->name, src);
    return vm_snprintf(buf, cap, "%s.%s(%s:%d)", cls, m->name, src, line);
}

jobject *rt_stack_trace_strings(vm *vm, jobject *t) {
    jobject *bt = vm->off.throwable_backtrace ? rt_get_ref(t, vm->off.throwable_backtrace) : NULL;
    int32_t n = 0;
    if (bt && bt->cls == vm->wk.prim_array[PRIM_LONG]) n = bt->length / 2;
    RT_PROTECT(vm, t);
    RT_PROTECT(vm, bt);
    jobject *arr = rt_new_array(vm, vm->wk.string_array, n);
    if (!arr) goto out;
    RT_PROTECT(vm, arr);
    for (int32_t i = 0; i < n; i++) {
        const int64_t *p = (const int64_t *)JARRAY_DATA(bt);
        const jmethod *m = (const jmethod *)(uintptr_t)p[2 * i];
        char small[512];
        char *buf = small;
        size_t len = format_frame(m, p[2 * i + 1], small, sizeof small);
        size_t bytes = 0;
        if (len >= sizeof small) {
            bytes = len + 1;
            buf = vm_zalloc(vm->plat, bytes);
            if (buf) format_frame(m, p[2 * i + 1], buf, bytes);
            else { buf = small; len = sizeof small - 1; bytes = 0; }
        }
        jobject *s = rt_new_string_utf8(vm, buf, len);
        if (bytes) vm_free(vm->plat, buf, bytes);
        if (!s) {
            arr = NULL;
            break;
        }
        rt_set_ref(arr, JOBJ_HEADER_SIZE + (uint32_t)i * 8u, s);
    }
    RT_UNPROTECT(vm, 1);
out:
    RT_UNPROTECT(vm, 2);
    return arr;
}
