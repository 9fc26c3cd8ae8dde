#!/usr/bin/env bash
# tests/kmod/jit_no_xmm.sh - the JIT's code touches no SSE register for
# code without float/double arithmetic (issue 13 §6: a VIFlet without
# floating-point code runs outside kernel_fpu sections in vifvm.ko, so the
# code the JIT emits for it must not use XMM registers, not even for
# moves or copies).  Runs in user space, on the same JIT:
#   examples/Sieve.java and bench/java/ObjectSort.java (int, long and
#   object code, calls, arrays, the library's String and collections
#   paths they use): no xmm register in any compiled method
#   (vifvm --jit-disasm);
#   self-test: a program with double arithmetic does show xmm registers,
#   so the check can fail.
# SKIP where vifvm was built without a disassembler (no capstone).
#   tests/kmod/jit_no_xmm.sh
# Prints PASS:/FAIL:/SKIP: lines; exit 1 on a failure.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
V=build/release/vifvm
[ -x "$V" ] || { echo "FAIL: kmod/jit-no-xmm: $V not built (make)"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat > "$T/DArith.java" <<'JAVA'
public class DArith {
    public static void main(String[] a) {
        double s = 0;
        for (int i = 1; i < 1000; i++)
            s += 1.0 / i;
        System.out.println((long) (s * 1000));
    }
}
JAVA
if ! javac --release 8 -nowarn -d "$T" examples/Sieve.java bench/java/ObjectSort.java "$T/DArith.java" \
        > "$T/javac.log" 2>&1; then
    echo "FAIL: kmod/jit-no-xmm: javac: $(head -3 "$T/javac.log" | tr '\n' ' ')"; exit 1
fi
"$V" --jit-disasm -cp "$T" DArith > "$T/DArith.dis" 2>&1
if ! grep -q '^== JIT' "$T/DArith.dis"; then
    echo "SKIP: kmod/jit-no-xmm: vifvm --jit-disasm prints no code here (built without capstone?)"; exit 0
fi
fail=0
if grep -q 'xmm' "$T/DArith.dis"; then
    echo "PASS: kmod/jit-no-xmm/self-test (double arithmetic: $(grep -c xmm "$T/DArith.dis") instructions with xmm registers seen)"
else
    echo "FAIL: kmod/jit-no-xmm/self-test: no xmm register in DArith's code: the check cannot see SSE"; fail=1
fi
for p in Sieve ObjectSort; do
    "$V" --jit-disasm -cp "$T" $p > "$T/$p.dis" 2>&1
    n=$(grep -c '^== JIT' "$T/$p.dis")
    x=$(grep 'xmm' "$T/$p.dis" | head -3 | tr -s ' ' | tr '\n' ';')
    if [ "$n" -gt 0 ] && [ -z "$x" ]; then
        echo "PASS: kmod/jit-no-xmm/$p ($n compiled methods, no xmm register)"
    else
        echo "FAIL: kmod/jit-no-xmm/$p: $n compiled methods; xmm: ${x:-none}"; fail=1
    fi
done
exit $fail
