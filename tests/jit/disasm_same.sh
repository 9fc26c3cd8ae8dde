#!/usr/bin/env bash
# tests/jit/disasm_same.sh - do two vifvm binaries generate the same machine
# code?  For work on the compiler's speed that must not change its output.
#
#   tests/jit/disasm_same.sh OLD_VIFVM NEW_VIFVM
#
# Runs both with --jit-disasm on the three bench kernels (short runs) and
# on every conformance program, and compares each compiled method's code
# with addresses inside the method written as offsets from its start and
# other absolute addresses (VM structures, other methods, the runtime)
# masked.  Prints the first difference and exits 1 if any; otherwise the
# number of programs and methods compared.  Needs Capstone in both builds
# (the disassembly) and javac.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
OLD=$1 NEW=$2
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/conf" "$W/bench"
# the programs that compile at release 8 (not those marked min-release 17 or
# needing extra javac arguments such as --enable-preview)
javac --release 8 -nowarn -d "$W/conf" $(grep -L "conformance: min-release\|conformance: javac-args" "$ROOT"/tests/conformance/*.java) 2>/dev/null || exit 2
javac --release 8 -nowarn -d "$W/bench" "$ROOT"/bench/java/*.java || exit 2

norm() {  # --jit-disasm output -> normalized code listing
    python3 -c '
import re, sys
start = end = None
for line in sys.stdin:
    m = re.match(r"== JIT (.*) @ 0x([0-9a-f]+), (\d+) bytes ==", line)
    if m:
        start = int(m.group(2), 16); end = start + int(m.group(3))
        print("== " + m.group(1) + " " + m.group(3)); continue
    m = re.match(r"  ([0-9a-f]{16}):\s+(.*)", line)
    if not m or start is None: continue
    def sub(h):
        v = int(h.group(0), 16)
        if start <= v < end: return "+%x" % (v - start)
        return "X" if v > 0xffffff else h.group(0)
    print("%5x %s" % (int(m.group(1), 16) - start, re.sub(r"0x[0-9a-f]+", sub, m.group(2))))
'
}
progs=0 methods=0
run() {  # name classpath args...
    local name=$1 cp=$2; shift 2
    "$OLD" --jit-disasm -cp "$cp" "$@" 2>&1 < /dev/null | norm > "$W/old"
    "$NEW" --jit-disasm -cp "$cp" "$@" 2>&1 < /dev/null | norm > "$W/new"
    if ! cmp -s "$W/old" "$W/new"; then
        echo "DIFFERENT: $name"
        diff "$W/old" "$W/new" | head -20
        exit 1
    fi
    progs=$((progs + 1))
    methods=$((methods + $(grep -c '^== ' "$W/new")))
}
run Sieve "$W/bench" Sieve 2
run PacketClassify "$W/bench" PacketClassify 2
run ObjectSort "$W/bench" ObjectSort 2
for f in "$ROOT"/tests/conformance/*.java; do
    c=$(basename "$f" .java)
    grep -q 'static void main' "$f" || continue
    run "$c" "$W/conf" "$c"
done
echo "same machine code: $progs programs, $methods compiled methods"
