/* vifvm_main.c - the `vifvm` command: a java-compatible launcher.
 *
 *   vifvm [options] CLASS [args...]
 *   vifvm [options] -jar FILE [args...]
 *
 * Exit status: java's (0, System.exit's, 1 after an uncaught exception or a
 * launcher error), or EXIT_BUDGET (3) when -Xbudget ran out: the run was
 * aborted without running any handler (runtime/limits.h).
 * Parses the options java users expect (-cp, -Xmx, -Xss, -version, ...),
 * creates one VM with the embedded class library and the POSIX platform,
 * runs main, and exits with java's exit status.  Host code (libc allowed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <stdint.h>

#include "vifvm.h"
#include "posix/posix_platform.h"
#include "jit_observe.h"

#define VIFVM_VERSION "0.1.0"
/* -Xss: bytes of value stack per frame when deriving max_frames */
#define STACK_BYTES_PER_FRAME 256u
/* exit status of a run aborted by -Xbudget */
#define EXIT_BUDGET 3

static void usage(FILE *f) {
    fputs("Usage: vifvm [options] <mainclass> [args...]\n"
          "           (to execute a class)\n"
          "   or  vifvm [options] -jar <jarfile> [args...]\n"
          "           (to execute a jar file)\n"
          "where options include:\n"
          "    -cp <class search path of directories and zip/jar files>\n"
          "    -classpath <class search path of directories and zip/jar files>\n"
          "    --class-path <class search path of directories and zip/jar files>\n"
          "                  A : separated list of directories and JAR archives\n"
          "                  to search for class files.\n"
          "    -Xmx<size>    maximum Java heap size (k, m, g suffixes)\n"
          "    -Xss<size>    Java stack size (also bounds the call depth)\n"
          "    --int         interpret only (no JIT)\n"
          "    --stats       print execution statistics to stderr at exit, with\n"
          "                  the JIT-compiled user methods (--stats=all: every\n"
          "                  method, the class library's too)\n"
          "    --perf-map    write /tmp/perf-<pid>.map naming JIT-compiled code\n"
          "                  for perf record/report\n"
          "    --jit-disasm  print each JIT-compiled method's machine code to\n"
          "                  stderr (disassembled with Capstone if built with it)\n"
          "    -Xjit:[+|-]<opt>,...\n"
          "                  enable/disable JIT optimizations (all on by default):\n"
          "                  regcache combineop combineld acache object inlining\n"
          "                  nullify inlineclk fastinv mcache bce aastore floatops\n"
          "                  regbudget writeback longops typecheck alloc, or all\n"
          "    -Xjit:tier2[=all|=eager]  the second JIT tier on every user method\n"
          "                  (=all: every method) at its first call\n"
          "    -Xjit:tier2=hot[,calls=<n>][,backedges=<n>][,-osr]\n"
          "                  the second tier by counts: a method after <n> calls\n"
          "                  (default 1000) or <n> back edges (default 10000); a\n"
          "                  loop running in the baseline's code goes on in\n"
          "                  tier-2 code at its header (OSR) unless -osr\n"
          "    -Xjit-threshold:<n>\n"
          "                  compile a method at its (n+1)-th call (default 0:\n"
          "                  before the first; the baseline tier has no on-stack\n"
          "                  replacement)\n"
          "    -Xverify:none skip the bytecode verifier for user classes (for\n"
          "                  measurement only: unverified code is not safe)\n"
          "    -Xbudget:<n>  instruction budget of the run (backward branches,\n"
          "                  invokes, handler entries); exhausting it aborts\n"
          "                  with exit status 3 (0 = unlimited, the default)\n"
          "    -Xmaxclasses:<n>, -Xmaxmethods:<n>, -Xmaxcode:<bytes>\n"
          "                  limits on the user classes loaded (LinkageError\n"
          "                  beyond; 0 = unlimited, the default)\n"
          "    -D<name>=<value>\n"
          "                  set a system property\n"
          "    --enable-preview\n"
          "                  accept classes compiled with javac --enable-preview\n"
          "                  --release 17 (class file version 61.65535)\n"
          "    -ea, -da      accepted and ignored\n"
          "    -version      print product version to the error stream and exit\n"
          "    --version     print product version to the output stream and exit\n"
          "    -h, -help, --help, -?\n"
          "                  print this help message to the output stream\n", f);
}

/* As java -version: product, runtime, then the VM line naming the engine
 * this run would use (the JIT unless --int). */
static void print_version(FILE *f, bool interp_only) {
    fprintf(f, "vifvm version \"%s\"\n"
               "vifvm Runtime Environment (Java SE 8-17 class files, built-in class library)\n"
               "vifvm 64-Bit VM (build %s, %s)\n", VIFVM_VERSION, VIFVM_VERSION,
            interp_only ? "interpreter, interpreted mode" : "x86-64 JIT, compiled mode");
}

/* "64m" -> bytes, like java's -Xmx/-Xss syntax.  false if malformed. */
static bool parse_size(const char *s, size_t *out) {
    if (!*s || *s < '0' || *s > '9') return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno) return false;
    unsigned long long mul = 1;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': mul = 1024ull; end++; break;
    case 'm': case 'M': mul = 1024ull * 1024; end++; break;
    case 'g': case 'G': mul = 1024ull * 1024 * 1024; end++; break;
    case 't': case 'T': mul = 1024ull * 1024 * 1024 * 1024; end++; break;
    default: return false;
    }
    if (*end) return false;
    if (v > SIZE_MAX / mul) return false;
    *out = (size_t)(v * mul);
    return true;
}

/* "-Xbudget:<n>" style decimal count (k, m, g suffixes: powers of 1000
 * would surprise java users, so the -Xmx ones).  false if malformed. */
static bool parse_count(const char *s, uint64_t max, uint64_t *out) {
    size_t v;
    if (!parse_size(s, &v) || (uint64_t)v > max) return false;
    *out = (uint64_t)v;
    return true;
}

static int jvm_error(const char *fmt, const char *arg) {
    fprintf(stderr, fmt, arg);
    fputs("\nError: Could not create the Java Virtual Machine.\n"
          "Error: A fatal exception has occurred. Program will exit.\n", stderr);
    return 1;
}

static void print_stats(vm *v, bool all) {
    vm_stats s;
    vm_get_stats(v, &s);
    fprintf(stderr,
            "vifvm stats:\n"
            "  bytecodes executed: %llu\n"
            "  classes loaded:     %u\n"
            "  GC collections:     %u (%.3f ms total)\n"
            "  peak heap:          %zu bytes\n"
            "  verified:           %u methods, %llu bytecode bytes in %.3f ms\n"
            "  JIT:                %u methods compiled (%llu bytes of code, %.3f ms; "
            "resolution %.3f ms), %u left to the interpreter\n",
            (unsigned long long)s.bytecodes, s.classes_loaded, s.gc_count,
            (double)s.gc_time_ns / 1e6, s.heap_peak, s.verified_methods,
            (unsigned long long)s.verified_bytes, (double)s.verify_time_ns / 1e6,
            s.jit_compiled, (unsigned long long)s.jit_code_bytes, (double)s.jit_time_ns / 1e6,
            (double)s.jit_resolve_ns / 1e6, s.jit_refused);
    jit_code_cache_info cc;
    vm_jit_code_cache_info(v, &cc);
    if (cc.regions)
        fprintf(stderr, "  code cache:         %llu KiB used of %u region(s) of %llu KiB; %llu KiB made "
                "resident in %u steps, %llu KiB write-revoked in %u steps: %.1f us, outside compile "
                "times; %u region(s) mapped inside compiles, %.1f us\n",
                (unsigned long long)(cc.used_bytes / 1024), cc.regions,
                (unsigned long long)(cc.reserved_bytes / 1024),
                (unsigned long long)(cc.populated_bytes / 1024), cc.populate_steps,
                (unsigned long long)(cc.revoked_bytes / 1024), cc.revoke_steps,
                (double)cc.ahead_ns / 1e3, cc.regions_in_compiles, (double)cc.in_compile_ns / 1e3);
    if (s.jit_first_refusal[0])
        fprintf(stderr, "  first JIT refusal:  %s\n", s.jit_first_refusal);
    if (s.jit_tier2_built || s.jit_tier2_refused || s.jit_tier2_broken)
        fprintf(stderr, "  tier 2:             %u methods built, %u running tier-2 code, %u outside "
                "its subset, %u failed its checks; %llu exits to the interpreter\n",
                s.jit_tier2_built, s.jit_tier2_code, s.jit_tier2_refused, s.jit_tier2_broken,
                (unsigned long long)s.jit_tier2_exits);
    uint32_t osr_n;
    uint64_t osr_in;
    vm_jit_osr_counts(v, &osr_n, &osr_in);
    if (osr_n)
        fprintf(stderr, "  tier 2 OSR:         %u loop-header variants, entered %llu times\n",
                osr_n, (unsigned long long)osr_in);
    jit_observe_print_stats(v, all, stderr);
}

int main(int argc, char **argv) {
    const char *class_path = NULL, *jar = NULL, *main_class = NULL;
    vm_limits limits = { .native_stack_bytes = posix_native_stack_budget() };
    bool interp_only = false, stats = false, stats_all = false, no_verify = false;
    bool perf_map = false, jit_disasm = false, enable_preview = false;
    uint32_t jit_opts_disabled = 0;
    uint32_t jit_threshold = 0;
    uint8_t jit_tier2 = 0;
    uint64_t jit_tier2_off = 0;
    uint32_t jit_tier2_deopt = 0;
    jit_tier2_hot jit_hot = { 0 };
    int version = 0; /* 1: -version (stderr), 2: --version (stdout) */
    /* -Dkey=value, in order (later ones win).  Kept in argv's own slots
     * from argv[1] on: the n-th -D option is at least the n-th argument,
     * so only slots already parsed are overwritten. */
    const char **props = (const char **)argv + 1;
    uint32_t nprops = 0;
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') break;
        if (!strcmp(a, "-cp") || !strcmp(a, "-classpath") || !strcmp(a, "--class-path")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "Error: %s requires class path specification\n", a);
                usage(stderr);
                return 1;
            }
            class_path = argv[++i];
        } else if (!strncmp(a, "--class-path=", 13)) {
            class_path = a + 13;
        } else if (!strcmp(a, "-jar")) {
            if (i + 1 >= argc) {
                fputs("Error: -jar requires jar file specification\n", stderr);
                usage(stderr);
                return 1;
            }
            jar = argv[++i];
            i++;
            break;
        } else if (!strncmp(a, "-Xmx", 4)) {
            size_t v;
            if (!parse_size(a + 4, &v)) return jvm_error("Invalid maximum heap size: %s", a);
            if (v < 1024 * 1024) {
                fputs("Error occurred during initialization of VM\n"
                      "Too small maximum heap\n", stderr);
                return 1;
            }
            limits.heap_max = v;
        } else if (!strncmp(a, "-Xss", 4)) {
            size_t v;
            if (!parse_size(a + 4, &v)) return jvm_error("Invalid thread stack size: %s", a);
            if (v < 256 * 1024) {
                fputs("The Java thread stack size specified is too small. "
                      "Specify at least 256k\n", stderr);
                fputs("Error: Could not create the Java Virtual Machine.\n"
                      "Error: A fatal exception has occurred. Program will exit.\n", stderr);
                return 1;
            }
            if (v > (size_t)1 << 36) v = (size_t)1 << 36; /* 64 GiB: absurd, cap */
            limits.stack_bytes = v;
            size_t frames = v / STACK_BYTES_PER_FRAME;
            limits.max_frames = frames > UINT32_MAX ? UINT32_MAX : (uint32_t)frames;
        } else if (!strcmp(a, "-version")) {
            version = 1; /* printed after the options, which may say --int */
        } else if (!strcmp(a, "--version")) {
            version = 2;
        } else if (!strcmp(a, "-h") || !strcmp(a, "-help") || !strcmp(a, "--help") ||
                   !strcmp(a, "-?")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--int") || !strcmp(a, "-Xint")) {
            interp_only = true;
        } else if (!strcmp(a, "--enable-preview")) {
            enable_preview = true;
        } else if (!strcmp(a, "--stats")) {
            stats = true;
        } else if (!strcmp(a, "--stats=all")) {
            stats = stats_all = true;
        } else if (!strcmp(a, "--perf-map")) {
            perf_map = true;
        } else if (!strcmp(a, "--jit-disasm")) {
            jit_disasm = true;
        } else if (!strncmp(a, "-Xjit:", 6) && jit_observe_parse_tier2(a + 6, &jit_tier2, &jit_tier2_off, &jit_tier2_deopt, &jit_hot)) {
            /* -Xjit:tier2[=all|=hot|=eager][,hot][,calls=N][,backedges=N][,-inlining,-gvn,-loads,-licm,-rce,-dchk,-spillw,-share,-hint,...,-xmm,-xmmsave,-fbranch,-codegen][,dump][,deopt-every=N],
             * -Xjit:-tier2 (jit_observe.c) */
        } else if (!strncmp(a, "-Xjit:", 6)) {
            char bad[256];
            if (!jit_observe_parse_opts(a + 6, &jit_opts_disabled, bad, sizeof bad))
                return jvm_error("Unrecognized JIT option: %s", bad);
        } else if (!strcmp(a, "-Xverify:none") || !strcmp(a, "-noverify")) {
            no_verify = true;
        } else if (!strcmp(a, "-Xverify:all") || !strcmp(a, "-Xverify:remote")) {
            no_verify = false; /* the default: every user class is verified */
        } else if (!strncmp(a, "-Xjit-threshold:", 16)) {
            uint64_t n;
            if (!parse_count(a + 16, UINT32_MAX - 1, &n))
                return jvm_error("Invalid JIT threshold: %s", a);
            jit_threshold = (uint32_t)n;
        } else if (!strncmp(a, "-Xbudget:", 9)) {
            if (!parse_count(a + 9, INT64_MAX - 1, &limits.insn_budget))
                return jvm_error("Invalid instruction budget: %s", a);
        } else if (!strncmp(a, "-Xmaxclasses:", 13) || !strncmp(a, "-Xmaxmethods:", 13)) {
            uint64_t v;
            if (!parse_count(a + 13, UINT32_MAX, &v))
                return jvm_error("Invalid load limit: %s", a);
            if (a[5] == 'c') limits.max_classes = (uint32_t)v;
            else limits.max_methods = (uint32_t)v;
        } else if (!strncmp(a, "-Xmaxcode:", 10)) {
            if (!parse_count(a + 10, UINT64_MAX, &limits.max_code_bytes))
                return jvm_error("Invalid load limit: %s", a);
        } else if (!strcmp(a, "-ea") || !strcmp(a, "-da") || !strcmp(a, "-esa") ||
                   !strcmp(a, "-dsa") || !strncmp(a, "-ea:", 4) || !strncmp(a, "-da:", 4) ||
                   !strncmp(a, "-enableassertions", 17) ||
                   !strncmp(a, "-disableassertions", 18)) {
            /* accepted for compatibility, no effect */
        } else if (!strncmp(a, "-D", 2) && a[2] && a[2] != '=') {
            props[nprops++] = a + 2;
        } else {
            return jvm_error("Unrecognized option: %s", a);
        }
    }

    if (version) {
        print_version(version == 1 ? stderr : stdout, interp_only);
        return 0;
    }
    char main_buf[1024];
    if (jar) {
        vm_platform plat;
        posix_platform_init(&plat, NULL);
        char detail[512] = "";
        vm_diag d = { detail, sizeof detail };
        vm_status st = vm_jar_main_class(&plat, jar, 64u * 1024 * 1024, main_buf,
                                         sizeof main_buf, &d);
        if (st == VM_ERR_NOT_FOUND) {
            fprintf(stderr, "no main manifest attribute, in %s\n", jar);
            return 1;
        }
        if (st == VM_ERR_IO) {
            fprintf(stderr, "Error: Unable to access jarfile %s\n", jar);
            return 1;
        }
        if (st != VM_OK) {
            /* java's wording, then the reason */
            fprintf(stderr, "Error: Invalid or corrupt jarfile %s\n%s\n", jar,
                    detail[0] ? detail : vm_status_str(st));
            return 1;
        }
        main_class = main_buf;
        class_path = jar; /* -jar replaces the class path, as in java */
    } else {
        if (i >= argc) {
            usage(stderr);
            return 1;
        }
        main_class = argv[i++];
    }
    if (!class_path) class_path = getenv("CLASSPATH");
    if (!class_path || !*class_path) class_path = ".";

    vm_platform plat;
    jit_observer obs;
    posix_platform_init(&plat, &obs); /* the POSIX hooks ignore ud */
    posix_platform_host_hooks(&plat);   /* System.in, getenv, user.dir, ... */
    if (jit_observe_init(&obs, &plat, perf_map, jit_disasm) != 0) return 1;
    vm_config cfg = {
        .plat = &plat,
        .limits = limits,
        .classpath = class_path,
        .bootlib = &vifvm_bootlib,
        .interpret_only = interp_only,
        .no_verify = no_verify,
        .jit_opts_disabled = jit_opts_disabled,
        .jit_threshold = jit_threshold,
        .jit_tier2 = jit_tier2,
        .jit_tier2_off = jit_tier2_off,
        .jit_tier2_deopt_every = jit_tier2_deopt,
        .jit_tier2_hot = jit_hot.on,
        .jit_tier2_calls = jit_hot.calls,
        .jit_tier2_backedges = jit_hot.backedges,
        .properties = props,
        .property_count = nprops,
        .enable_preview = enable_preview,
    };
    char detail[2048] = "";
    vm_diag d = { detail, sizeof detail };
    vm *v = NULL;
    vm_status st = vm_create(&cfg, &v, &d);
    if (st != VM_OK) {
        fprintf(stderr, "Error: Could not create the Java Virtual Machine: %s\n",
                detail[0] ? detail : vm_status_str(st));
        jit_observe_close(&obs);
        return 1;
    }
    if (stats) vm_set_count_bytecodes(v, true);
    int code = 1;
    detail[0] = '\0';
    st = vm_run_main(v, main_class, argc - i, (const char *const *)(argv + i), &code, &d);
    if (st == VM_ERR_BUDGET) {
        fflush(stdout);
        fprintf(stderr, "vifvm: aborted: %s\n", detail[0] ? detail : vm_status_str(st));
        code = EXIT_BUDGET;
    } else if (st != VM_OK) {
        fprintf(stderr, "%s\n", detail[0] ? detail : vm_status_str(st));
        code = 1;
    }
    if (stats) print_stats(v, stats_all);
    vm_destroy(v);
    jit_observe_close(&obs);
    return code;
}
