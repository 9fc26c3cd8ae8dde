#!/usr/bin/env bash
# scripts/check-kmod.sh - checks of the kernel module's objects (make check-kmod).
#
#   scripts/check-kmod.sh [build/kmod]
#
#  1. no libc: the VM core objects reference nothing outside the core but
#     the kernel's memcpy/memset/memmove/memcmp and what the kernel's own
#     compiler flags add (__fentry__, the stack protector, retpoline and
#     return thunks);
#  2. no floating point outside the allowed objects: the core objects are
#     built with SSE2 and may only run inside a kernel_fpu section
#     (src/kmod/Kbuild); the kernel-only objects (src/kmod,
#     src/platform/kernel) run outside too, so their machine code must not
#     contain any SSE, AVX, MMX or x87 instruction;
#  3. only src/kmod/vifvm_run.o and vifvm_viflet.o (the qdisc's VIFlets),
#     which make every entry inside a kernel_fpu section, reference core
#     symbols;
#  4. lists the frames above the frame limit (-Wframe-larger-than, from the
#     -fstack-usage files): errors in kernel-only objects (the build fails
#     there already), a list for the core.
# Prints PASS:/FAIL: lines; exit 1 if a check failed.
set -uo pipefail
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

# 2. no floating point in the kernel-only objects
# an instruction line of objdump: "  addr:<TAB>mnemonic operands"
fp_insns() {
    objdump -d --no-show-raw-insn "$1" | awk -F'\t' '/^ *[0-9a-f]+:\t/ {print $2}' |
        grep -E '%[xyz]mm[0-9]|%mm[0-9]|%st(\(|$|,)|^(f[a-z0-9]*|emms|ldmxcsr|stmxcsr|fxsave[0-9]*|fxrstor[0-9]*|xsave[a-z0-9]*|xrstor[a-z0-9]*|[a-z]*ps|[a-z]*pd|[a-z]*ss|[a-z]*sd)( |$)' |
        grep -vE '^(fs|cs|ds|es|gs|ss) ' | head -3
}
hits=""
for o in $kern_objs; do
    h=$(fp_insns "$o")
    [ -n "$h" ] && hits="$hits
  $o: $(echo $h)"
done
if [ -n "$hits" ]; then
    echo "FAIL: kmod/no-fp-outside-core: floating-point instructions in kernel-only objects:$hits"; fail=1
else
    echo "PASS: kmod/no-fp-outside-core ($(echo $kern_objs | wc -w) kernel-only objects without SSE/x87/MMX instructions)"
fi

# 3. the core is entered from vifvm_run.o only
leak=""
for o in $kern_objs; do
    case $o in */src/kmod/vifvm_run.o|*/src/kmod/vifvm_viflet.o) continue;; esac
    s=$(nm -u "$o" | awk 'NF==2{print $2}' | sort -u | comm -12 - "$tmp/core.def")
    [ -n "$s" ] && leak="$leak $o: $(echo $s)"
done
if [ -n "$leak" ]; then
    echo "FAIL: kmod/entry-file: core symbols referenced outside vifvm_run.o:$leak"; fail=1
else
    echo "PASS: kmod/entry-file (only src/kmod/vifvm_run.o and vifvm_viflet.o call into the core)"
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
