/* vifvm.h - the VM's one public embedding API.
 *
 * Every host (the vifvm command, vifd's datapath, the test tools, the fuzz
 * harnesses, the kernel module) uses the VM through this header and its
 * sub-headers only: vifvm_status.h (status codes, vm_diag),
 * vifvm_platform.h (the platform a host fills in) and vifvm_jit.h (JIT
 * option names and statistics).  Everything under src/core, src/classfile,
 * src/interp, src/gc, src/runtime, src/jit and src/verify is private; the
 * build checks the boundary (`make check-boundary`).
 *
 * In the spirit of lua.h: a VM is an opaque value created from a platform
 * and limits; errors are values (vm_status plus an optional vm_diag
 * detail buffer); Java exceptions are Java objects, left pending in the VM
 * (vm_exception) when a call returns VM_ERR_EXCEPTION, until the host
 * clears them.  A VM is single-threaded: one caller thread at a time.
 * There are no globals: any number of VMs may live in one process.
 *
 * Classes, methods and fields (vm_class, vm_method, vm_field) are native
 * metadata owned by the VM and valid until vm_destroy.  Objects
 * (vm_object) live in the Java heap: the collector is precise and
 * NON-MOVING, so a vm_object pointer stays valid as long as the object is
 * reachable, and an object held only by the host across anything that may
 * allocate (a call into Java, vm_new_*, vm_class_*) must be kept
 * reachable: in a handle (vm_handle_new), a protected local
 * (vm_protect), or a Java static field.
 *
 * Object layout is part of this contract, so that a host's per-packet
 * field access is a load at a fixed offset: look up a field once
 * (vm_field_find, vm_field_offset), then use the typed accessors below.
 */
#ifndef VIFVM_H
#define VIFVM_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "vifvm_status.h"
#include "vifvm_platform.h"
#include "vifvm_typedef.h"

/* ==== creating and destroying a VM ==================================== */

typedef struct vm_limits {
    size_t heap_max;        /* bytes of Java heap (quota): OutOfMemoryError beyond */
    size_t stack_bytes;     /* bytes of Java value stack (locals + operands) */
    uint32_t max_frames;    /* call depth: StackOverflowError beyond */
    size_t max_class_bytes; /* largest class file / jar entry accepted */
    /* sandbox limits; 0 = unlimited for each */
    uint64_t insn_budget;   /* instruction budget of one run (vm_run_main;
                               vm_set_budget for other entries): backward
                               branches + invokes + handler entries */
    uint32_t max_classes;   /* user classes loaded (boot classes are free) */
    uint32_t max_methods;   /* methods of those classes */
    uint64_t max_code_bytes;/* bytes of bytecode in those methods */
    size_t native_stack_bytes; /* C stack the VM may use below its outermost
                               entry (compiled Java calls recurse on it):
                               StackOverflowError beyond.  0 = the default;
                               set it below the host thread's stack size
                               (a kernel stack: a few KB) */
} vm_limits;

/* Defaults used by the vifvm command (also a good starting point); a zero
 * field of vm_limits takes its default. */
#define VM_DEFAULT_HEAP_MAX    (256u * 1024 * 1024)
#define VM_DEFAULT_STACK_BYTES (8u * 1024 * 1024)
#define VM_DEFAULT_MAX_FRAMES  32768u
#define VM_DEFAULT_CLASS_BYTES (16u * 1024 * 1024)
#define VM_DEFAULT_NATIVE_STACK (1u * 1024 * 1024)

/* The class library embedded in the binary (java.*, vif.*). */
typedef struct vm_bootlib vm_bootlib;
extern const vm_bootlib vifvm_bootlib;

typedef struct vm_config {
    const vm_platform *plat;    /* must outlive the VM */
    vm_limits limits;
    const char *classpath;      /* ':'-separated dirs and jars; NULL = "." */
    const vm_bootlib *bootlib;  /* &vifvm_bootlib */
    bool interpret_only;        /* --int: never JIT-compile (default: each
                                   method is compiled on its first call) */
    bool no_verify;             /* -Xverify:none: skip the bytecode verifier
                                   for user classes (zero, the default, verifies;
                                   boot classes are never verified) */
    uint32_t jit_opts_disabled; /* JIT optimizations turned off (-Xjit:-name):
                                   bits 1u << JIT_OPT_<NAME> of vifvm_jit.h;
                                   zero, the default, enables every one */
    uint32_t jit_threshold;     /* compile a method when it is called with this
                                   many calls already made: 0, the default,
                                   compiles before the first call */
    const char *const *properties; /* system properties, "key=value" each
                                   (vifvm's -Dkey=value; "key" alone: the
                                   empty value); copied by vm_create.
                                   They override the VM's own values */
    uint32_t property_count;
    bool enable_preview;        /* --enable-preview: accept class files of
                                   version 61.65535 (Java SE 17 preview
                                   features, e.g. javac 17's pattern matching
                                   in switch); zero, the default, refuses them
                                   with UnsupportedClassVersionError as java does */
    uint8_t jit_tier2;          /* the second tier (issue 15; -Xjit:tier2): 0, the
                                   default, off; 1 the user's methods; 2 every
                                   method (testing).  Each method the baseline
                                   compiled is built into an SSA graph,
                                   optimized, checked and, inside the code
                                   generator's subset, compiled again: its
                                   tier-2 code then replaces the baseline's
                                   (--stats: tier column) */
    uint64_t jit_tier2_off;     /* tier-2 passes turned off (testing): bits
                                   1 inlining, 2 gvn, 4 loads, 8 licm, 16 rce,
                                   32 code generation (the graph only), 0x40
                                   dominated bounds checks, 0x100 loop-weighted
                                   spill choice, ... (src/jit/t2_ir.h, T2_O_*);
                                   0x80 prints each graph on stderr instead;
                                   VM_TIER2_OFF_RECOMPILE: no second compile
                                   after the first calls (the kernel module:
                                   nothing compiles on the packet path) */
    uint32_t jit_tier2_deopt_every; /* testing: tier-2 code leaves to the
                                   interpreter at every N-th exit point it
                                   passes (per method); 0 = only where it must */
    bool jit_tier2_hot;         /* (-Xjit:tier2=hot) tier 2 by counts, not at the
                                   first call: the baseline's code counts its
                                   calls and back edges, and a method reaching
                                   jit_tier2_calls calls or jit_tier2_backedges
                                   back edges is compiled by tier 2 then; a
                                   loop whose count trips enters tier-2 code
                                   at its header (on-stack replacement, unless
                                   tier2_off has -osr, 1 << 55) */
    uint32_t jit_tier2_calls;   /* calls to tier-up (hot mode; 0: the default) */
    uint32_t jit_tier2_backedges; /* back edges to tier-up / OSR (hot mode; 0: the default) */
} vm_config;
/* vm_config.jit_tier2_off: tier-2 code never compiles its method again
 * (-Xjit:tier2,-recompile; src/jit/t2_ir.h T2_O_RECOMP) */
#define VM_TIER2_OFF_RECOMPILE 0x40000000ull

/* Create a VM.  VM_OK and *out, or an error (VM_ERR_NOMEM when the
 * platform's allocator fails, VM_ERR_ARG for a bad configuration, VM_ERR_IO
 * for a class path entry that does not exist ...) with the detail in d and
 * nothing leaked. */
vm_status vm_create(const vm_config *cfg, vm **out, vm_diag *d);
/* Free the VM and everything it holds (NULL is fine). */
void vm_destroy(vm *vm);
/* The platform the VM was created with. */
const vm_platform *vm_get_platform(const vm *vm);
/* Nonzero once a class with floating-point code (vm_platform.fpu_need)
 * has been loaded into the VM: only then may it touch an FPU register. */
int vm_fp_code(const vm *vm);
/* Nonzero when the constant pool of a loaded user class (not the embedded
 * library's: it is trusted) names member cls.name (a method or a field,
 * any descriptor): a call of it, an access, or a method handle.  A host may skip work only such a use can
 * observe (the datapath: reading the clock for vif.Packet.timestamp(),
 * comparing a packet's bytes when nothing can write them) - but only
 * loaded classes count: a class loaded later (Class.forName) is not seen;
 * vm_image_members_named below sees every class of the class path. */
int vm_member_named(vm *vm, const char *cls, const char *name);
/* As vm_member_named, for every class a class path image can ever supply,
 * loaded or not (a class of a JAR may be loaded at its first use, e.g. by
 * Class.forName, after the host asked vm_member_named): bytes is one class
 * file, or (jar) a JAR whose every entry named *.class is parsed (nothing
 * is loaded or run; entries above max_entry_bytes are errors, and so are
 * class entries of more than max_total_bytes in all, 0: no bound).
 * found[i] = the constant pool of such a class names cls.names[i].
 * VM_OK; or an entry could not be read or parsed: its status, the detail
 * in d, and every found[i] true (a caller skipping work no class names is
 * then sound without failing the load). */
vm_status vm_image_members_named(const vm_platform *p, const uint8_t *bytes, size_t len,
                                 bool jar, size_t max_entry_bytes, size_t max_total_bytes,
                                 const char *cls,
                                 const char *const *names, size_t n, bool *found, vm_diag *d);

/* Replace the VM's user class path (classes already loaded keep their
 * own copies of everything): VM_OK, or an error with the detail in d and
 * the old path kept. */
vm_status vm_set_classpath(vm *vm, const char *path, vm_diag *d);

/* Load `main_class` (binary name, '.' or '/' separated), find
 * `public static void main(String[])`, and run it with `args`.
 * *exit_code receives the process exit status java would have:
 * 0 on normal return, the System.exit() status, 1 after an uncaught
 * exception (which has been printed to stream 2 as java prints it).
 * Returns VM_OK when the program ran (whatever its exit code), or an error
 * status (class not found, no main, malformed class, ...) with a detail
 * such as "Error: Could not find or load main class X".  The run gets
 * limits.insn_budget; when it runs out: VM_ERR_BUDGET, detail
 * "instruction budget of N exhausted in pkg.Cls.method". */
vm_status vm_run_main(vm *vm, const char *main_class, int argc,
                      const char *const *argv, int *exit_code, vm_diag *d);

/* ==== statistics ======================================================== */

typedef struct vm_stats {
    uint64_t bytecodes;         /* executed bytecodes (counted when enabled) */
    uint32_t classes_loaded;
    uint32_t gc_count;
    uint64_t gc_time_ns;
    size_t heap_peak;
    size_t heap_used;
    uint32_t verified_methods;  /* user methods verified (src/verify) */
    uint64_t verified_bytes;    /* their bytecode bytes */
    uint64_t verify_time_ns;    /* time spent verifying (class loads it
                                   triggers included) */
    uint32_t jit_compiled;      /* methods compiled by the JIT */
    uint32_t jit_refused;       /* methods the JIT left to the interpreter */
    uint64_t jit_code_bytes;    /* machine code emitted */
    uint64_t jit_time_ns;       /* time spent compiling (pure: without
                                   jit_resolve_ns) */
    uint64_t jit_resolve_ns;    /* time the JIT spent resolving constant-pool
                                   entries (class loading and linking) */
    char jit_first_refusal[192]; /* "Cls.m(desc): reason" of the first refusal */
    uint32_t jit_tier2_built;   /* methods tier 2 built and optimized */
    uint32_t jit_tier2_refused; /* methods outside tier 2's subset */
    uint32_t jit_tier2_broken;  /* tier-2 graphs that failed their checks (bugs) */
    uint32_t jit_tier2_code;    /* methods running tier-2 code (of the built) */
    uint64_t jit_tier2_exits;   /* times tier-2 code left to the interpreter */
} vm_stats;

void vm_get_stats(const vm *vm, vm_stats *out);
/* Count executed bytecodes (slower dispatch); off by default. */
void vm_set_count_bytecodes(vm *vm, bool on);

/* ==== budgets =========================================================== */

/* Instruction budget.  vm_set_budget gives the next entries into Java
 * (until the next call) `n` ticks - one per taken backward branch, invoke
 * and exception-handler entry, plus charges for large allocations,
 * collections and output - after which the running code is aborted with
 * VM_ERR_BUDGET: every Java frame up to the outermost entry is popped and
 * no Java handler or finally block runs.  n = 0: unlimited.  vm_run_main
 * sets limits.insn_budget itself.
 * vm_budget_used: ticks since the last vm_set_budget (> n once aborted).
 * vm_budget_exhausted: the budget ran out since the last vm_set_budget.
 * vm_budget_where: "pkg.Cls.method" that was running when the budget ran
 * out ("" if it has not).
 * vm_budget_caller: when that method is a library one, the innermost
 * user-class method on the stack then ("" if none, or the same). */
void vm_set_budget(vm *vm, uint64_t n);
uint64_t vm_budget_used(const vm *vm);
bool vm_budget_exhausted(const vm *vm);
void vm_budget_where(const vm *vm, char *buf, size_t cap);
void vm_budget_caller(const vm *vm, char *buf, size_t cap);
/* Interrupts and time limits (runtime/limits.h: checked at the end of
 * each slice of the budget, about every million ticks, whether or not a
 * budget is set).  vm_set_interrupt: while *flag is nonzero (a host's
 * signal handler sets it), running Java code is aborted with
 * VM_ERR_INTERRUPTED, unwinding like VM_ERR_BUDGET; NULL: none.
 * vm_set_time_limit: code run after each vm_set_budget is aborted with
 * VM_ERR_TIMEOUT once it has run about ns nanoseconds of its clock
 * (vm_platform.limit_clock; the clock starts at the first check, after
 * the first 65536 ticks); 0: none.
 * vm_abort_status: VM_ERR_BUDGET / _INTERRUPTED / _TIMEOUT once the code
 * run since the last vm_set_budget was aborted, else VM_OK.
 * vm_abort_in_oom: that abort came while an OutOfMemoryError was being
 * built (the heap at its quota: report it as out of memory). */
void vm_set_interrupt(vm *vm, const volatile int *flag);
void vm_set_time_limit(vm *vm, uint64_t ns);
vm_status vm_abort_status(const vm *vm);
bool vm_abort_in_oom(const vm *vm);

/* ==== values, objects and their layout ================================== */

typedef struct jclass vm_class;     /* opaque */
typedef struct jmethod vm_method;   /* opaque */
typedef struct jfield vm_field;     /* opaque */
typedef struct jobject vm_object;   /* opaque, but see the layout below */

/* One argument or result slot.  Arguments are laid out in slots as the JVM
 * does: args[0] = this for instance methods, then the arguments; a long or
 * double takes two slots (value in the first). */
union jvalue {
    int32_t i;
    int64_t j;
    float f;
    double d;
    vm_object *l;
    uint64_t raw;
};
typedef union jvalue vm_value;

/* Layout: every object starts with a 16-byte header (class pointer, GC
 * word, and for arrays the int32 length at offset 12); fields sit at the
 * byte offsets vm_field_offset gives; array elements are packed at their
 * natural size (references: 8 bytes) from offset 16. */
#define VM_OBJECT_HEADER_BYTES 16u
#define VM_ARRAY_LENGTH_OFFSET 12u

static inline int32_t vm_get_i32(const vm_object *o, uint32_t off) {
    int32_t v;
    __builtin_memcpy(&v, (const char *)o + off, sizeof v);
    return v;
}
static inline void vm_set_i32(vm_object *o, uint32_t off, int32_t v) {
    __builtin_memcpy((char *)o + off, &v, sizeof v);
}
static inline int64_t vm_get_i64(const vm_object *o, uint32_t off) {
    int64_t v;
    __builtin_memcpy(&v, (const char *)o + off, sizeof v);
    return v;
}
static inline void vm_set_i64(vm_object *o, uint32_t off, int64_t v) {
    __builtin_memcpy((char *)o + off, &v, sizeof v);
}
/* Reference fields (no write barrier is needed: the collector is a
 * stop-the-world mark-sweep).  Storing an object of the wrong class into a
 * field is the host's bug, as with JNI. */
static inline vm_object *vm_get_ref(const vm_object *o, uint32_t off) {
    vm_object *v;
    __builtin_memcpy(&v, (const char *)o + off, sizeof v);
    return v;
}
static inline void vm_set_ref(vm_object *o, uint32_t off, vm_object *v) {
    __builtin_memcpy((char *)o + off, &v, sizeof v);
}
static inline int32_t vm_array_length(const vm_object *a) {
    return vm_get_i32(a, VM_ARRAY_LENGTH_OFFSET);
}
/* The elements of an array (byte[]: uint8_t *, Object[]: vm_object **). */
static inline void *vm_array_data(vm_object *a) {
    return (char *)a + VM_OBJECT_HEADER_BYTES;
}

/* The class of an object. */
vm_class *vm_object_class(const vm_object *o);
/* A new instance of c (fields zero; no constructor runs; c must be
 * initialized, vm_class_init) or a new array of array class ac
 * ("[B", "[Ljava/lang/Object;") with `length` zeroed elements.  NULL with
 * OutOfMemoryError (NegativeArraySizeException) pending on failure.  They
 * may collect: the host's other objects must be reachable. */
vm_object *vm_new_object(vm *vm, vm_class *c);
vm_object *vm_new_array(vm *vm, vm_class *ac, int32_t length);

/* ==== classes =========================================================== */

/* Find the class with this internal name ("pkg/Cls", "[B"), loading and
 * linking it if needed (boot library first, then the class path).  Does
 * not run <clinit>.  On failure VM_ERR_EXCEPTION with the Java exception
 * pending (NoClassDefFoundError, ClassFormatError, VerifyError ...) and
 * the loader's detail in d. */
vm_status vm_class_find(vm *vm, const char *name, vm_class **out, vm_diag *d);
/* The class if it is already loaded, else NULL (never loads). */
vm_class *vm_class_loaded(vm *vm, const char *name);
/* Define a user class from the bytes of a class file (copied): name is
 * the internal name the bytes must declare.  As vm_class_find otherwise;
 * a class already loaded under that name is VM_ERR_ARG. */
vm_status vm_class_define(vm *vm, const char *name, const uint8_t *bytes, size_t len,
                          vm_class **out, vm_diag *d);
/* Run static initialisation if not done yet: VM_OK, or VM_ERR_EXCEPTION
 * (ExceptionInInitializerError ...), VM_ERR_BUDGET, VM_ERR_EXIT. */
vm_status vm_class_init(vm *vm, vm_class *c);
/* Internal name ("pkg/Cls"). */
const char *vm_class_name(const vm_class *c);
/* Is an instance of s assignable to t (instanceof)? */
bool vm_class_assignable(const vm_class *s, const vm_class *t);
/* Flags of a class (VM_CLASS_*). */
#define VM_CLASS_INTERFACE 0x1u
#define VM_CLASS_ABSTRACT  0x2u
#define VM_CLASS_ARRAY     0x4u
#define VM_CLASS_BOOT      0x8u   /* from the embedded library */
unsigned vm_class_flags(const vm_class *c);

/* Make c ready to run before it is used ("compile at load"): resolve
 * every class, method and field reference its code can reach, and those
 * of every user class reached that way (transitively), link its call
 * sites, and JIT-compile every method of them (unless the VM is
 * interpret-only).  Boot classes are trusted and not walked.  VM_OK, or
 * the first failure: VM_ERR_LINKAGE with "pkg.Cls.m(desc): java.lang.
 * NoClassDefFoundError: pkg/Missing" (the Java exception is cleared),
 * VM_ERR_UNSUPPORTED for an invokedynamic whose bootstrap method vifvm does
 * not provide (string concatenation, lambdas, method references and
 * records' methods are provided; the detail is the BootstrapMethodError's
 * "... vifvm does not provide this bootstrap method ..."), VM_ERR_NOMEM,
 * VM_ERR_LIMIT.  A method the JIT refuses (it runs interpreted) is not a
 * failure.  May load classes and allocate.  flags: 0 or
 * VM_PREPARE_LIBRARY: the class library's code reachable from those
 * classes is made ready too (each library method a call can reach,
 * virtual and interface calls through the classes the code can
 * instantiate, resolved and compiled; the library classes reached
 * initialized), so that running the class loads and compiles nothing a
 * walk of its bytecode can see (a class named at run time still loads
 * then, unless a constant string passed to Class.forName names it: that
 * class is prepared too); a failure inside library code is not reported here but at its
 * first use, as without the flag.  Other bits: VM_ERR_ARG. */
#define VM_PREPARE_LIBRARY 0x1u
vm_status vm_prepare_class(vm *vm, vm_class *c, unsigned flags, vm_diag *d);
/* As vm_prepare_class, for every class of an upload at once (issue 13:
 * a class of it named only at run time, Class.forName(helper), must not
 * load or compile on the packet path either): bytes is one class file,
 * or (jar) a JAR whose every entry NAME.class (except under META-INF/ and
 * module-info.class) is the class NAME.  Each is loaded by name through
 * the VM's class path (which must find the upload's classes: the image is
 * one of its entries) and verified, then all are prepared in one walk
 * (flags as vm_prepare_class's).  Their initialization stays lazy (Java's
 * first active use).  VM_OK, or the first failure: an entry that does not
 * load (malformed, fails verification, names another class ...) gives
 * VM_ERR_LINKAGE (VM_ERR_NOMEM, VM_ERR_LIMIT) with "class pkg.Name of the
 * upload: java.lang.ClassFormatError: ..." (the exception cleared); a
 * failure of the walk is reported as by vm_prepare_class; an archive that
 * cannot be read its zip error (entries above max_entry_bytes among
 * them).  With VM_PREPARE_LIBRARY, a library class named by a constant
 * string passed to Class.forName is made ready too; a name built at run
 * time is the one thing that still loads at its first use. */
vm_status vm_prepare_image(vm *vm, const uint8_t *bytes, size_t len, bool jar,
                           size_t max_entry_bytes, unsigned flags, vm_diag *d);

/* ==== methods and calls ================================================= */

/* A method of c by name and descriptor: vm_method_find searches the
 * superclasses and superinterfaces too, vm_method_find_declared only c.
 * NULL if absent. */
vm_method *vm_method_find(vm_class *c, const char *name, const char *desc);
vm_method *vm_method_find_declared(vm_class *c, const char *name, const char *desc);
#define VM_METHOD_STATIC   0x1u
#define VM_METHOD_ABSTRACT 0x2u
#define VM_METHOD_NATIVE   0x4u
unsigned vm_method_flags(const vm_method *m);
vm_class *vm_method_class(const vm_method *m);
const char *vm_method_name(const vm_method *m);
const char *vm_method_desc(const vm_method *m);
/* Argument slots (this included for an instance method). */
uint32_t vm_method_arg_slots(const vm_method *m);
/* The methods declared by c: vm_class_method(c, i) for i < count. */
uint32_t vm_class_method_count(const vm_class *c);
vm_method *vm_class_method(vm_class *c, uint32_t i);

/* Call m (the exact method: no virtual dispatch) with args laid out in
 * slots (see vm_value).  VM_OK with the result in *ret (may be NULL),
 * VM_ERR_EXCEPTION with the exception pending, VM_ERR_EXIT
 * (System.exit: vm_exit_code), VM_ERR_BUDGET, or an internal error. */
vm_status vm_call(vm *vm, vm_method *m, vm_value *args, vm_value *ret);
/* The fast entry for a host that calls the same small handlers very often
 * from the outermost level (the datapath, per packet): vm_set_budget(vm,
 * budget) and vm_set_time_limit(vm, time_ns), then the call as vm_call, taking a short path when m is
 * JIT-compiled, has one or two argument slots and no Java code is running
 * (otherwise the general path: the result is the same either way).  args
 * must have room for two slots. */
vm_status vm_call_handler(vm *vm, vm_method *m, uint64_t budget, uint64_t time_ns,
                          vm_value *args, vm_value *ret);
/* Virtual call of name/desc on obj (args[0] ignored: obj is the receiver;
 * args may be NULL for no arguments). */
vm_status vm_call_virtual(vm *vm, vm_object *obj, const char *name, const char *desc,
                          vm_value *args, vm_value *ret);
/* The status passed to System.exit after a call returned VM_ERR_EXIT. */
int vm_exit_code(const vm *vm);

/* ==== fields ============================================================ */

/* A field of c (or of a superclass) by name and descriptor; NULL if
 * absent.  Its offset is a byte offset into the object (instance fields)
 * or into the class's static storage (vm_static_*). */
vm_field *vm_field_find(vm_class *c, const char *name, const char *desc);
uint32_t vm_field_offset(const vm_field *f);
bool vm_field_is_static(const vm_field *f);
/* Static reference fields (f static, its class linked). */
vm_object *vm_static_get_ref(const vm_field *f);
void vm_static_set_ref(vm_field *f, vm_object *v);

/* ==== keeping objects across calls ====================================== */

/* A handle keeps one object reachable until vm_handle_free (or
 * vm_destroy).  NULL when out of memory. */
typedef struct vm_handle vm_handle;
vm_handle *vm_handle_new(vm *vm, vm_object *o);
vm_object *vm_handle_get(const vm_handle *h);
void vm_handle_set(vm_handle *h, vm_object *o);
void vm_handle_free(vm *vm, vm_handle *h);
/* Short-lived protection of a host variable holding an object, strictly
 * nested, a few at a time (the VM's protection stack has 256 slots, the
 * VM's own C code uses them too; the host may use up to 192: beyond is a
 * host bug and traps):
 *     vm_object *x = ...; vm_protect(vm, &x); ... allocate ...; vm_unprotect(vm, 1); */
void vm_protect(vm *vm, vm_object **slot);
void vm_unprotect(vm *vm, uint32_t n);

/* ==== exceptions ======================================================== */

/* The pending exception (NULL if none), left by a call that returned
 * VM_ERR_EXCEPTION.  It stays pending (and reachable) until cleared. */
vm_object *vm_exception(const vm *vm);
void vm_exception_clear(vm *vm);
/* Raise a new exception of class cls ("java/lang/IllegalStateException")
 * with message msg (may be NULL).  Returns VM_ERR_EXCEPTION (the
 * exception pending; OutOfMemoryError if it could not be built). */
vm_status vm_throw(vm *vm, const char *cls, const char *msg);
/* "java.lang.X: message" of a Throwable into buf (calls no Java code). */
void vm_exception_describe(vm *vm, vm_object *ex, char *buf, size_t cap);
/* Print ex and its stack trace to the platform's stream 2 as java does for
 * an uncaught exception (may run Java toString). */
void vm_exception_print(vm *vm, vm_object *ex);

/* ==== reachability ====================================================== */

/* Options of a reachability query: the collector marks from the VM's real
 * roots (frames, handles, statics, interned strings, the pending
 * exception ...) except that
 *   - weak_statics: the referents of these static reference fields are
 *     not marked from there (a host's tracking table);
 *   - ring: objects of ring_class (or a subclass) whose reference-array
 *     field ring_items holds a circular buffer trace only its live slots,
 *     ring_head .. ring_head+ring_count-1 (int fields), plus their other
 *     reference fields (a queue that does not clear the slots it empties). */
typedef struct vm_reach_opts {
    vm_field *const *weak_statics;
    uint32_t n_weak_statics;
    vm_class *ring_class;       /* NULL: no ring rule */
    vm_field *ring_items, *ring_head, *ring_count;
} vm_reach_opts;

/* Which of objs[0..n) are reachable: reachable[i] set true or false
 * (false for a NULL objs[i]).  Nothing is freed and no Java code runs.
 * VM_OK, or VM_ERR_NOMEM (reachable[] then all true: nothing may be
 * taken as lost). */
vm_status vm_gc_reachable(vm *vm, const vm_reach_opts *opts, vm_object *const *objs,
                          size_t n, bool *reachable);
/* Force a full collection. */
void vm_gc_collect(vm *vm);

/* ==== class files and JARs (no VM needed) =============================== */

/* Parse and check the bytes of a class file as the loader would (format,
 * constant pool, bytecode checks): VM_OK or the error with its detail. */
vm_status vm_check_class_bytes(const vm_platform *p, const uint8_t *bytes, size_t len,
                               vm_diag *d);
/* The internal name of the class a class file declares (this_class) into
 * buf, after the checks of vm_check_class_bytes; VM_ERR_FORMAT also when
 * that name is not one a class path could hold ("pkg/Name", no empty,
 * "." or ".." segment). */
vm_status vm_class_file_name(const vm_platform *p, const uint8_t *bytes, size_t len, char *buf,
                             size_t cap, vm_diag *d);
/* The Main-Class of a JAR file (internal '/' or '.' form as written) into
 * buf: VM_OK, VM_ERR_NOT_FOUND (no Main-Class), or an error (VM_ERR_ZIP
 * ...).  max_bytes bounds the file read. */
vm_status vm_jar_main_class(const vm_platform *p, const char *path, size_t max_bytes,
                            char *buf, size_t cap, vm_diag *d);
/* Read every entry of a JAR held in memory (bytes of len) and check each
 * .class entry as vm_check_class_bytes; entries are bounded by
 * max_entry_bytes.  VM_OK or the first error.  (For fuzzing the zip
 * reader and inflate.) */
vm_status vm_check_jar_bytes(const vm_platform *p, const uint8_t *bytes, size_t len,
                             size_t max_entry_bytes, vm_diag *d);
/* Each entry named NAME.class of a JAR held in memory (bytes of len), in
 * central-directory order: fn(ctx, entry name ("pkg/Util.class": the
 * class a class path finds there is "pkg/Util"), its bytes, their
 * length); the bytes are freed after the call.  A nonzero return stops
 * the walk (VM_OK).  Nothing is parsed, loaded or run.  Entries above
 * max_entry_bytes are errors, and so are class entries of more than
 * max_total_bytes in all (0: no bound).  VM_OK, or the first error (an
 * archive or entry that cannot be read) with its detail in d. */
typedef int (*vm_jar_class_fn)(void *ctx, const char *name, const uint8_t *bytes, size_t len);
vm_status vm_jar_each_class(const vm_platform *p, const uint8_t *bytes, size_t len,
                            size_t max_entry_bytes, size_t max_total_bytes, vm_jar_class_fn fn,
                            void *ctx, vm_diag *d);

/* Raw deflate (RFC 1951) of in[0..in_len) into out[0..cap): VM_OK with
 * *got bytes, VM_ERR_INFLATE (corrupt stream) or VM_ERR_ZIP_LIMIT (more
 * than cap bytes).  The JAR reader's inflate, exposed for fuzzing. */
vm_status vm_inflate_raw(const uint8_t *in, size_t in_len, uint8_t *out, size_t cap,
                         size_t *got);

#include "vifvm_jit.h"
#include "vifvm_cbpf.h"
#include "vifvm_pathcode.h"

#endif
