#!/usr/bin/env bash
# scripts/check-kmod.sh - checks of the kernel module's objects (make check-kmod).
#
#   scripts/check-kmod.sh [build/kmod]
#
#  1. no libc: the VM core objects reference nothing outside the core but
#     the kernel's memcpy/memset/memmove/memcmp and what the kernel's own
#     compiler flags add (__fentry__, the stack protector, retpoline and
#     return thunks);
#  2. no floating point outside the allowed objects: only the core objects
#     that compute with float/double ($FP_OBJS, the list src/kmod/Kbuild
#     builds with SSE2) may contain an SSE, AVX, MMX or x87 instruction;
#     every other object, core or kernel-only, runs outside kernel_fpu
#     sections (a VIFlet without floating-point code: vifvm_viflet.c), so
#     an FP instruction there (a float expression, a copy the compiler
#     vectorised, a new file not in the list) fails the check;
#  3. only src/kmod/vifvm_run.o and vifvm_viflet.o (the qdisc's VIFlets),
#     which make every entry inside a kernel_fpu section, reference core
#     symbols;
#  4. lists the frames above the frame limit (-Wframe-larger-than, from the
#     -fstack-usage files): errors in kernel-only objects (the build fails
#     there already), a list for the core.
# Prints PASS:/FAIL: lines; exit 1 if a check failed.
#
#   scripts/check-kmod.sh --selftest
#
# proves that checks 1-3 bite: builds small objects in a temporary tree
# laid out like build/kmod (a core object calling printf, a kernel-only
# object with SSE code, a kernel-only object calling a core function) and
# requires this script to FAIL on each, and to PASS on a clean tree.
set -uo pipefail
# the core objects allowed FP instructions: keep in step with vifvm-core-fp
# in src/kmod/Kbuild
FP_OBJS="src/core/jmath.o src/interp/interp_fp.o src/jit/jit_rt_fp.o src/runtime/natives_math.o"
if [ "${1:-}" = --selftest ]; then
    self=$0
    T=$(mktemp -d)
    trap 'rm -rf "$T"' EXIT
    cc=${CC:-cc}
    tree() {  # dir: an empty tree with a module file
        mkdir -p "$1/src/core" "$1/src/classfile" "$1/src/interp" "$1/src/gc" "$1/src/runtime" \
                 "$1/src/jit" "$1/src/verify" "$1/gen" "$1/src/kmod" "$1/src/platform/kernel"
        : > "$1/vifvm.ko"
    }
    obj() {  # dir/file.o, C source (the kernel's flags for kernel-only files: no SSE)
        printf '%s\n' "$2" > "$T/src.c"
        $cc -O2 -c ${3:-} -o "$1" "$T/src.c" || { echo "FAIL: kmod/selftest: cc failed"; exit 1; }
    }
    ok=1
    core_src='int vifvm_core_fn(int x) { return x * 3; }'
    kern_src='int kern_fn(int x) { return x + 1; }'
    kern_flags="-mno-sse -mno-sse2 -mno-mmx -mno-80387 -mgeneral-regs-only"
    run() {  # name, tree, expected: pass|fail, the FAIL line expected
        out=$("$self" "$2" 2>&1); rc=$?
        if [ "$3" = pass ] && [ $rc -eq 0 ]; then return 0; fi
        if [ "$3" = fail ] && [ $rc -ne 0 ] && echo "$out" | grep -q "^FAIL: kmod/$4"; then return 0; fi
        echo "FAIL: kmod/selftest/$1: expected $3${4:+ ($4)}, got exit $rc:"; echo "$out" | sed 's/^/    /'
        ok=0
    }
    tree "$T/clean"
    obj "$T/clean/src/core/a.o" "$core_src"
    obj "$T/clean/src/kmod/k.o" "$kern_src" "$kern_flags"
    run clean "$T/clean" pass
    tree "$T/libc"
    obj "$T/libc/src/core/a.o" '#include <stdio.h>
int vifvm_core_fn(int x) { printf("%d", x); return x; }'
    obj "$T/libc/src/kmod/k.o" "$kern_src" "$kern_flags"
    run libc "$T/libc" fail no-libc
    tree "$T/fp"
    obj "$T/fp/src/core/a.o" "$core_src"
    obj "$T/fp/src/kmod/k.o" 'double kern_fp(double a, double b) { return a * b + 1.5; }'
    run fp "$T/fp" fail no-fp-outside-allowed
    # a core object outside the allowed list with SSE code (here a double;
    # the same for a copy gcc vectorised) fails; the same code in an
    # allowed object passes
    fp_src='double vifvm_core_fp(double a, double b) { return a * b + 1.5; }'
    tree "$T/corefp"
    obj "$T/corefp/src/core/a.o" "$core_src"
    obj "$T/corefp/src/interp/interp.o" "$fp_src"
    obj "$T/corefp/src/kmod/k.o" "$kern_src" "$kern_flags"
    run corefp "$T/corefp" fail no-fp-outside-allowed
    tree "$T/allowed"
    obj "$T/allowed/src/core/a.o" "$core_src"
    obj "$T/allowed/src/core/jmath.o" "$fp_src"
    obj "$T/allowed/src/kmod/k.o" "$kern_src" "$kern_flags"
    run allowed "$T/allowed" pass
    tree "$T/entry"
    obj "$T/entry/src/core/a.o" "$core_src"
    obj "$T/entry/src/kmod/k.o" 'int vifvm_core_fn(int); int kern_fn(int x) { return vifvm_core_fn(x); }' "$kern_flags"
    run entry "$T/entry" fail entry-file
    if [ $ok = 1 ]; then
        echo "PASS: kmod/selftest (check-kmod fails on a libc call in the core, an SSE instruction in a kernel-only object or in a core object outside the FP list, a core call outside vifvm_run.o; passes a clean tree and SSE in an allowed object)"
        exit 0
    fi
    exit 1
fi
K=${1:-build/kmod}
LIMIT=${VIFVM_FRAME_WARN:-1024}
[ -f "$K/vifvm.ko" ] || { echo "FAIL: check-kmod: $K/vifvm.ko not built (make kmod)"; exit 1; }
fail=0
core_objs=$(find "$K/src/core" "$K/src/classfile" "$K/src/interp" "$K/src/gc" "$K/src/runtime" \
             "$K/src/jit" "$K/src/verify" "$K/gen" -name '*.o' | sort)
kern_objs=$(find "$K/src/kmod" "$K/src/platform/kernel" -name '*.o' | sort)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. no libc
nm --defined-only $core_objs 2>/dev/null | awk 'NF==3{print $3}' | sort -u > "$tmp/core.def"
nm -u $core_objs 2>/dev/null | awk 'NF==2{print $2}' | sort -u > "$tmp/core.undef"
bad=$(comm -23 "$tmp/core.undef" "$tmp/core.def" |
      grep -vE '^(memcpy|memset|memmove|memcmp|__fentry__|__stack_chk_fail|__x86_indirect_thunk_[a-z0-9]+|__x86_return_thunk)$' || true)
if [ -n "$bad" ]; then
    echo "FAIL: kmod/no-libc: the core references: $(echo $bad)"; fail=1
else
    echo "PASS: kmod/no-libc (the core references only the kernel's mem* and compiler-flag symbols)"
fi

# 2. no floating point outside the allowed core objects
# an instruction line of objdump: "  addr:<TAB>mnemonic operands"
fp_insns() {
    objdump -d --no-show-raw-insn "$1" | awk -F'\t' '/^ *[0-9a-f]+:\t/ {print $2}' |
        grep -E '%[xyz]mm[0-9]|%mm[0-9]|%st(\(|$|,)|^(f[a-z0-9]*|emms|ldmxcsr|stmxcsr|fxsave[0-9]*|fxrstor[0-9]*|xsave[a-z0-9]*|xrstor[a-z0-9]*|[a-z]*ps|[a-z]*pd|[a-z]*ss|[a-z]*sd)( |$)' |
        grep -vE '^(fs|cs|ds|es|gs|ss) ' | head -3
}
hits=""
nchecked=0
for o in $kern_objs $core_objs; do
    case " $FP_OBJS " in *" ${o#$K/} "*) continue;; esac
    nchecked=$((nchecked + 1))
    h=$(fp_insns "$o")
    [ -n "$h" ] && hits="$hits
  $o: $(echo $h)"
done
if [ -n "$hits" ]; then
    echo "FAIL: kmod/no-fp-outside-allowed: floating-point instructions outside the allowed objects ($FP_OBJS):$hits"; fail=1
else
    echo "PASS: kmod/no-fp-outside-allowed ($nchecked objects without SSE/x87/MMX instructions; FP only in $FP_OBJS)"
fi

# 3. the core is entered from vifvm_run.o only
leak=""
for o in $kern_objs; do
    case $o in */src/kmod/vifvm_run.o|*/src/kmod/vifvm_viflet.o|*/src/kmod/vifvm_fuse.o) continue;; esac
    s=$(nm -u "$o" | awk 'NF==2{print $2}' | sort -u | comm -12 - "$tmp/core.def")
    [ -n "$s" ] && leak="$leak $o: $(echo $s)"
done
if [ -n "$leak" ]; then
    echo "FAIL: kmod/entry-file: core symbols referenced outside vifvm_run.o:$leak"; fail=1
else
    echo "PASS: kmod/entry-file (only src/kmod/vifvm_run.o and vifvm_viflet.o call into the core, and vifvm_fuse.o its path-code emitter)"
fi

# 4. frames above the limit
big=$(find "$K/src" "$K/gen" -name '*.su' -print0 | xargs -0 cat |
      awk -F'\t' -v l="$LIMIT" '$2+0 > l {print $2 "\t" $1}' | sort -rn)
kbig=$(echo "$big" | grep -E 'src/(kmod|platform/kernel)/' || true)
if [ -n "$kbig" ]; then
    echo "FAIL: kmod/frames: kernel-only frames above $LIMIT bytes:"; echo "$kbig" | sed 's/^/    /'; fail=1
else
    echo "PASS: kmod/frames (no kernel-only frame above $LIMIT bytes)"
fi
if [ -n "$big" ]; then
    echo "# core frames above $LIMIT bytes (they run on the VM's own stack, src/kmod/vifvm_run.c):"
    echo "$big" | sed "s|$K/||; s/^/#   /"
fi
exit $fail
