/* run_main.c - vm_run_main: what the java launcher does for
 * `java CLASS args...` (sun.launcher.LauncherHelper): load the main class,
 * report loading problems with the launcher's messages, find
 * `public static void main(String[])`, initialise the class, call main,
 * and map the outcome to an exit status. */
#include "rt_internal.h"
#include "classes.h"
#include "exceptions.h"
#include "invoke.h"
#include "limits.h"
#include "strings.h"
#include "../gc/heap.h"
#include "../core/mem.h"

static bool exception_is(vm *vm, jobject *ex, const char *cls_name) {
    jclass *c = rt_table_lookup(vm, cls_name, vm_strlen(cls_name));
    return ex && c && rt_is_assignable(ex->cls, c);
}

static bool message_equals(vm *vm, jobject *ex, const char *s) {
    jobject *m = vm->off.throwable_detail ? rt_get_ref(ex, vm->off.throwable_detail) : NULL;
    if (!m) return false;
    char buf[1024];
    size_t n = rt_string_to_utf8(vm, m, buf, sizeof buf);
    return n < sizeof buf && vm_strcmp(buf, s) == 0;
}

/* The exception's message is about class INAME itself: "INAME" or
 * "INAME (wrong name: ...)". */
static bool message_names(vm *vm, jobject *ex, const char *iname) {
    jobject *m = vm->off.throwable_detail ? rt_get_ref(ex, vm->off.throwable_detail) : NULL;
    if (!m) return true;
    char buf[1024];
    size_t n = rt_string_to_utf8(vm, m, buf, sizeof buf);
    if (n >= sizeof buf) return true;
    size_t k = vm_strlen(iname);
    return vm_strncmp(buf, iname, k) == 0 && (buf[k] == '\0' || buf[k] == ' ');
}

/* The main class could not be loaded: the launcher's wording (JDK 17). */
static vm_status load_failure(vm *vm, const char *iname, const char *jname, vm_diag *d) {
    jobject *ex = vm->exception;
    vm->exception = NULL;
    if (!ex)
        return vm_diagf(d, VM_ERR_NOT_FOUND, "Error: Could not find or load main class %s", jname);
    char desc[1024];
    rt_describe_throwable(vm, ex, desc, sizeof desc);
    bool ncdfe = exception_is(vm, ex, "java/lang/NoClassDefFoundError");
    if (ncdfe && message_equals(vm, ex, iname))
        return vm_diagf(d, VM_ERR_NOT_FOUND,
                        "Error: Could not find or load main class %s\n"
                        "Caused by: java.lang.ClassNotFoundException: %s", jname, jname);
    /* The main class exists but a class it needs to load (a supertype) does
     * not: not "Could not find or load main class", which would send the
     * user looking for the wrong class. */
    if (ncdfe && !message_names(vm, ex, iname))
        return vm_diagf(d, VM_ERR_LINKAGE,
                        "Error: LinkageError occurred while loading main class %s\n\t%s",
                        jname, desc);
    if (ncdfe || exception_is(vm, ex, "java/lang/SecurityException"))
        return vm_diagf(d, VM_ERR_NOT_FOUND,
                        "Error: Could not find or load main class %s\nCaused by: %s",
                        jname, desc);
    if (exception_is(vm, ex, "java/lang/LinkageError"))
        return vm_diagf(d, VM_ERR_LINKAGE,
                        "Error: LinkageError occurred while loading main class %s\n\t%s",
                        jname, desc);
    return vm_diagf(d, VM_ERR_LINKAGE,
                    "Error: Could not find or load main class %s\nCaused by: %s", jname, desc);
}

static vm_status no_main(vm_diag *d, const char *jname, bool not_static) {
    return vm_diagf(d, VM_ERR_NOT_FOUND,
                    "Error: Main method %s in class %s, please define the main method as:\n"
                    "   public static void main(String[] args)%s",
                    not_static ? "is not static" : "not found", jname,
                    not_static ? ""
                               : "\nor a JavaFX application class must extend "
                                 "javafx.application.Application");
}

/* Build the String[] of arguments; NULL + pending exception on failure. */
static jobject *make_args(vm *vm, int argc, const char *const *argv) {
    jobject *arr = rt_new_array(vm, vm->wk.string_array, argc < 0 ? 0 : argc);
    if (!arr) return NULL;
    RT_PROTECT(vm, arr);
    for (int i = 0; i < argc; i++) {
        jobject *s = rt_new_string_utf8(vm, argv[i], vm_strlen(argv[i]));
        if (!s) {
            arr = NULL;
            break;
        }
        rt_set_ref(arr, JOBJ_HEADER_SIZE + (uint32_t)i * 8u, s);
    }
    RT_UNPROTECT(vm, 1);
    return arr;
}

/* Map the outcome of Java code to the process exit status. */
static vm_status finish(vm *vm, vm_status st, int *exit_code, vm_diag *d) {
    heap_update_stats(vm);
    if (vm->budget_exhausted) st = vm->budget_status; /* whatever C made of it */
    switch (st) {
    case VM_OK:
        *exit_code = 0;
        return VM_OK;
    case VM_ERR_EXIT:
        *exit_code = vm->exit_code;
        return VM_OK;
    case VM_ERR_EXCEPTION: {
        jobject *ex = vm->exception;
        vm->exception = NULL;
        rt_print_uncaught(vm, ex ? ex : vm->oom_error);
        vm->exception = NULL;
        *exit_code = 1;
        heap_update_stats(vm);
        return VM_OK;
    }
    case VM_ERR_BUDGET: {
        /* aborted (limits.h): no handler ran; nothing more runs */
        char where[512];
        vm_budget_where(vm, where, sizeof where);
        vm->exception = NULL;
        *exit_code = 1;
        return vm_diagf(d, st, "instruction budget of %llu exhausted in %s",
                        (unsigned long long)vm->budget_start,
                        where[0] ? where : "(unknown)");
    }
    case VM_ERR_INTERRUPTED:
    case VM_ERR_TIMEOUT:
        vm->exception = NULL;
        *exit_code = 1;
        return vm_diagf(d, st, "%s", vm_status_str(st));
    default:
        *exit_code = 1;
        return vm_diagf(d, st, "Error: internal VM failure: %s", vm_status_str(st));
    }
}

vm_status vm_run_main(vm *vm, const char *main_class, int argc,
                      const char *const *argv, int *exit_code, vm_diag *d) {
    *exit_code = 1;
    size_t n = vm_strlen(main_class);
    char iname[1024], jname[1024];
    if (n == 0 || n >= sizeof iname)
        return vm_diagf(d, VM_ERR_NOT_FOUND, "Error: Could not find or load main class %.200s",
                        main_class);
    for (size_t i = 0; i <= n; i++) {
        iname[i] = main_class[i] == '.' ? '/' : main_class[i];
        jname[i] = main_class[i] == '/' ? '.' : main_class[i];
    }
    vm->exception = NULL;
    vm_set_budget(vm, vm->limits.insn_budget); /* one budget for the run */
    jclass *c;
    vm_status st = rt_find_class(vm, iname, &c, NULL);
    if (st == VM_ERR_EXIT) return finish(vm, st, exit_code, d);
    if (st != VM_OK) return load_failure(vm, iname, jname, d);

    const char *desc = "([Ljava/lang/String;)V";
    jmethod *m = NULL;
    for (jclass *k = c; k && !m; k = k->super) m = rt_find_declared_method(k, "main", desc);
    if (!m || !(m->access & ACC_PUBLIC)) return no_main(d, jname, false);
    if (!(m->access & ACC_STATIC)) return no_main(d, jname, true);

    st = rt_init_class(vm, c);
    if (st != VM_OK) return finish(vm, st, exit_code, d);
    jobject *args = make_args(vm, argc, argv);
    if (!args) return finish(vm, VM_ERR_EXCEPTION, exit_code, d);
    jvalue a[1];
    a[0].l = args;
    st = rt_call(vm, m, a, NULL);
    return finish(vm, st, exit_code, d);
}
