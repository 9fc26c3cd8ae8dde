/* vm.c - creating and destroying a VM instance: limits, the Java value
 * stack and frame array, heap, class path, the core classes and the
 * preallocated OutOfMemoryError; statistics. */
#include "rt_internal.h"
#include "classes.h"
#include "strings.h"
#include "../gc/heap.h"
#include "../classfile/classpath.h"
#include "../core/mem.h"
#include "../jit/jit.h"
#include "vm_props.h"

/* The smallest stack / frame counts accepted: twice the reserves. */
#define MIN_STACK_SLOTS (2u * VM_STACK_RESERVE_SLOTS)
#define MIN_FRAMES      (2u * VM_FRAME_RESERVE)
#define VM_FRAMES_SKEW  2048u   /* see vm_create */

static vm_status boot_class(vm *vm, const char *name, jclass **out, vm_diag *d) {
    vm_status st = rt_find_class(vm, name, out, d);
    if (st != VM_OK) {
        if (d && d->buf && !d->buf[0]) vm_diagf(d, st, "cannot load %s", name);
        vm_diag_prefix(d, "boot class %s", name);
        return st == VM_ERR_EXCEPTION ? VM_ERR_LINKAGE : st;
    }
    return VM_OK;
}

/* Offset of a field the runtime needs; 0 (and an error if `required`)
 * when the library's class lacks it. */
static vm_status field_offset(jclass *c, const char *name, const char *desc,
                              bool required, uint32_t *out, vm_diag *d) {
    jfield *f = rt_find_field(c, name, desc);
    if (!f || (f->access & ACC_STATIC)) {
        *out = 0;
        if (required)
            return vm_diagf(d, VM_ERR_LINKAGE, "boot class %s lacks field %s %s",
                            c->name, desc, name);
        return VM_OK;
    }
    *out = f->offset;
    return VM_OK;
}

static vm_status load_core(vm *vm, vm_diag *d) {
    vm_wellknown *wk = &vm->wk;
    vm_status st = rt_create_primitive_classes(vm);
    if (st != VM_OK) return vm_diagf(d, st, "out of memory creating primitive classes");
    if ((st = boot_class(vm, "java/lang/Object", &wk->object, d)) != VM_OK) return st;
    /* optional: arrays implement them when present */
    if (rt_find_class(vm, "java/lang/Cloneable", &wk->cloneable, NULL) != VM_OK)
        wk->cloneable = NULL;
    if (rt_find_class(vm, "java/io/Serializable", &wk->serializable, NULL) != VM_OK)
        wk->serializable = NULL;
    if ((st = boot_class(vm, "java/lang/String", &wk->string, d)) != VM_OK) return st;
    if ((st = boot_class(vm, "java/lang/Class", &wk->class_, d)) != VM_OK) return st;
    if ((st = boot_class(vm, "java/lang/Throwable", &wk->throwable, d)) != VM_OK) return st;
    vm_field_offsets *o = &vm->off;
    if ((st = field_offset(wk->string, "value", "[C", true, &o->string_value, d)) ||
        (st = field_offset(wk->string, "hash", "I", false, &o->string_hash, d)) ||
        (st = field_offset(wk->class_, "vmClass", "J", true, &o->class_vmclass, d)) ||
        (st = field_offset(wk->throwable, "detailMessage", "Ljava/lang/String;", true,
                           &o->throwable_detail, d)) ||
        (st = field_offset(wk->throwable, "cause", "Ljava/lang/Throwable;", false,
                           &o->throwable_cause, d)) ||
        (st = field_offset(wk->throwable, "backtrace", "Ljava/lang/Object;", false,
                           &o->throwable_backtrace, d)))
        return st;
    for (int i = 0; i < PRIM_VOID; i++) {
        st = rt_array_class_of(vm, wk->prim[i], &wk->prim_array[i]);
        if (st != VM_OK) return vm_diagf(d, VM_ERR_NOMEM, "cannot create array classes");
    }
    if (rt_array_class_of(vm, wk->object, &wk->object_array) != VM_OK ||
        rt_array_class_of(vm, wk->string, &wk->string_array) != VM_OK)
        return vm_diagf(d, VM_ERR_NOMEM, "cannot create array classes");
    return VM_OK;
}

/* The OutOfMemoryError raised when not even an exception can be
 * allocated: built without running Java code, no stack trace. */
static vm_status make_oom_error(vm *vm, vm_diag *d) {
    jclass *c;
    vm_status st = boot_class(vm, "java/lang/OutOfMemoryError", &c, d);
    if (st != VM_OK) return st;
    vm->oom_error = rt_new_object(vm, c); /* a GC root from now on */
    if (!vm->oom_error) return vm_diagf(d, VM_ERR_NOMEM, "Java heap too small to start");
    jobject *msg = rt_new_string_utf8(vm, "Java heap space", 15);
    if (!msg) return vm_diagf(d, VM_ERR_NOMEM, "Java heap too small to start");
    rt_set_ref(vm->oom_error, vm->off.throwable_detail, msg);
    if (vm->off.throwable_cause)
        rt_set_ref(vm->oom_error, vm->off.throwable_cause, vm->oom_error);
    return VM_OK;
}

vm_status vm_create(const vm_config *cfg, vm **out, vm_diag *d) {
    if (!cfg || !cfg->plat || !out) return vm_diagf(d, VM_ERR_ARG, "no configuration");
    if (!cfg->bootlib || !cfg->bootlib->count)
        return vm_diagf(d, VM_ERR_ARG, "no boot class library");
    *out = NULL;
    const vm_platform *p = cfg->plat;
    vm *v = vm_zalloc(p, sizeof *v);
    if (!v) return vm_diagf(d, VM_ERR_NOMEM, "out of memory");
    v->plat = p;
    v->bootlib = cfg->bootlib;
    v->interpret_only = cfg->interpret_only;
    v->verify = !cfg->no_verify;
    v->enable_preview = cfg->enable_preview;
    v->jit_opts_enabled = ~cfg->jit_opts_disabled;
    v->jit_threshold = cfg->jit_threshold;
    v->jit_tier2 = cfg->jit_tier2;
    v->jit_tier2_off = cfg->jit_tier2_off;
    v->jit_tier2_deopt_every = cfg->jit_tier2_deopt_every;
    v->jit_tier2_hot = cfg->jit_tier2_hot && cfg->jit_tier2;
    v->jit_tier2_calls = cfg->jit_tier2_calls ? cfg->jit_tier2_calls : VM_T2_CALLS_DEFAULT;
    v->jit_tier2_backedges = cfg->jit_tier2_backedges ? cfg->jit_tier2_backedges : VM_T2_BACKEDGES_DEFAULT;
    v->limits = cfg->limits;
    vm_limits *l = &v->limits;
    if (!l->heap_max) l->heap_max = VM_DEFAULT_HEAP_MAX;
    if (!l->stack_bytes) l->stack_bytes = VM_DEFAULT_STACK_BYTES;
    if (!l->max_frames) l->max_frames = VM_DEFAULT_MAX_FRAMES;
    if (!l->max_class_bytes) l->max_class_bytes = VM_DEFAULT_CLASS_BYTES;
    if (!l->native_stack_bytes) l->native_stack_bytes = VM_DEFAULT_NATIVE_STACK;

    vm_status st;
    size_t slots = l->stack_bytes / sizeof(jvalue), bytes;
    if (slots < MIN_STACK_SLOTS || l->max_frames < MIN_FRAMES) {
        st = vm_diagf(d, VM_ERR_ARG, "Java stack too small: at least %u KiB and %u frames",
                      (unsigned)(MIN_STACK_SLOTS * sizeof(jvalue) / 1024), MIN_FRAMES);
        goto fail;
    }
    if (!vm_size_mul(slots, sizeof(jvalue), &bytes) || !(v->stack = vm_zalloc(p, bytes))) {
        st = vm_diagf(d, VM_ERR_NOMEM, "cannot allocate a %zu-byte Java stack", l->stack_bytes);
        goto fail;
    }
    l->stack_bytes = bytes;
    v->stack_end = v->stack + slots;
    /* The frames are placed VM_FRAMES_SKEW bytes into their block: both big
     * blocks come page-aligned from the system, and without the skew the
     * first frames and the first value-stack slots, which every call
     * writes, share their address bits 0-11 (4K aliasing in the CPU's
     * store/load disambiguation).  A precaution: no measured change. */
    char *fmem = NULL;
    if (!vm_size_mul(l->max_frames, sizeof(jframe), &bytes) ||
        !vm_size_add(bytes, VM_FRAMES_SKEW, &bytes) || !(fmem = vm_zalloc(p, bytes))) {
        st = vm_diagf(d, VM_ERR_NOMEM, "cannot allocate %u frames", l->max_frames);
        goto fail;
    }
    v->frames = (jframe *)(void *)(fmem + VM_FRAMES_SKEW);
    if ((st = heap_create(v, l->heap_max, &v->heap)) != VM_OK) {
        vm_diagf(d, st, "cannot create a Java heap of %zu bytes", l->heap_max);
        goto fail;
    }
    if ((st = vm_props_init(v, cfg->classpath ? cfg->classpath : ".", cfg->properties,
                            cfg->property_count)) != VM_OK) {
        vm_diagf(d, st, "out of memory");
        goto fail;
    }
    st = classpath_open(p, cfg->classpath ? cfg->classpath : ".", l->max_class_bytes,
                        &v->cp, d);
    if (st != VM_OK) goto fail;
    if ((st = rt_table_init(v)) != VM_OK || (st = rt_intern_init(v)) != VM_OK) {
        vm_diagf(d, st, "out of memory");
        goto fail;
    }
    if (d && d->buf && d->cap) d->buf[0] = '\0';
    if ((st = load_core(v, d)) != VM_OK) goto fail;
    if ((st = make_oom_error(v, d)) != VM_OK) goto fail;
    v->booted = true;
    v->exception = NULL;
    *out = v;
    return VM_OK;
fail:
    vm_destroy(v);
    return st;
}

void vm_destroy(vm *v) {
    if (!v) return;
    const vm_platform *p = v->plat;
    v->exception = NULL;
    v->oom_error = NULL;
    while (v->host_handles) {
        struct vm_handle *h = v->host_handles;
        v->host_handles = h->next;
        vm_free(p, h, sizeof *h);
    }
    jit_free_code_cache(v);
    if (v->heap) heap_destroy(v, v->heap);
    v->heap = NULL;
    rt_table_free(v);
    rt_free_primitive_classes(v);
    rt_intern_free(v);
    if (v->cp) classpath_close(v->cp);
    vm_props_free(v);
    if (v->frames)
        vm_free(p, (char *)v->frames - VM_FRAMES_SKEW,
                (size_t)v->limits.max_frames * sizeof(jframe) + VM_FRAMES_SKEW);
    if (v->stack)
        vm_free(p, v->stack, (size_t)(v->stack_end - v->stack) * sizeof(jvalue));
    vm_free(p, v, sizeof *v);
}

void vm_get_stats(const vm *vm, vm_stats *out) {
    *out = vm->stats;
    if (vm->heap) {
        out->heap_used = heap_used(vm->heap);
        if (out->heap_peak < out->heap_used) out->heap_peak = out->heap_used;
    }
}

void vm_set_count_bytecodes(vm *vm, bool on) { vm->count_bytecodes = on; }
