#!/usr/bin/env bash
# tests/jit/endbr.sh - every entry of JIT code that C (or other code
# through a register) reaches by an indirect call starts with endbr64
# (F3 0F 1E FA): under kernel IBT (CONFIG_X86_KERNEL_IBT on a CPU that
# enforces it) an indirect branch to anything else is a #CP oops.
#   jit-endbr/methods   vifvm --jit-disasm over tests/jit/programs (every
#                       method compiled at its first call): each method's
#                       C entry (its first instruction) and fast entry
#                       (JIT_FAST_ENTRY_OFFSET = 0x50 bytes in) is endbr64
#   jit-endbr/tier2     the same with -Xjit:tier2=all (tier-2 code)
#   jit-endbr/filters   two cBPF filters (tests/jit/endbr_cbpf.c) compiled,
#                       run, and their code (objdump) starts with endbr64
# (the fused stages' native entries: jit_code_seal refuses a block not
# starting with endbr64, and tests/datapath/fuse_cases.sh `native` counts
# them.)  tests/run_tests.sh runs it in stage jit.
#
#   tests/jit/endbr.sh [VIFVM]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2
VIFVM=${1:-build/release/vifvm}
O=$(dirname "$VIFVM")
FAST=0x50   # JIT_FAST_ENTRY_OFFSET (src/jit/jit_internal.h)
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
rc=0
pass() { echo "PASS: jit-endbr/$1"; }
fail() { echo "FAIL: jit-endbr/$1: $2"; rc=1; }
if ! "$JAVAC" -nowarn -d "$D/cls" tests/jit/programs/*.java > "$D/javac.log" 2>&1; then
    fail build "javac: $(head -1 "$D/javac.log")"; exit 1
fi
# the methods in one --jit-disasm output: a line per method not starting
# with endbr64 at 0 or at FAST; "ok N" at the end
check_disasm() {
    python3 - "$1" "$FAST" << 'PY'
import re, sys
text = open(sys.argv[1], errors='replace').read().splitlines()
fast = int(sys.argv[2], 16)
n, bad, cur = 0, [], None
def done(c):
    global n
    if not c: return
    n += 1
    name, base, ins = c
    if not ins or ins[0] != (base, 'endbr64'): bad.append(f'{name}: C entry: {ins[0] if ins else None}')
    if (base + fast, 'endbr64') not in ins: bad.append(f'{name}: no endbr64 at +{fast:#x}')
for l in text:
    m = re.match(r'== JIT (.*) @ 0x([0-9a-f]+), \d+ bytes ==', l)
    if m:
        done(cur); cur = (m.group(1), int(m.group(2), 16), []); continue
    m = re.match(r'\s+([0-9a-f]+):\s+(\S+)', l)
    if m and cur: cur[2].append((int(m.group(1), 16), m.group(2)))
done(cur)
for b in bad[:5]: print(b)
print('ok', n, len(bad))
PY
}
methods() {   # label, vifvm options
    local label=$1; shift
    local out=$D/$label.txt n=0 p r
    for p in tests/jit/programs/*.java; do
        p=$(basename "$p" .java)
        timeout 60 "$VIFVM" -cp "$D/cls" -Xjit-threshold:0 --jit-disasm "$@" "$p" > /dev/null 2>> "$out"
    done
    touch "$out"
    ! grep -q '^== JIT' "$out" || grep -q 'endbr64\|push ' "$out" || { echo "SKIP: jit-endbr/$label: no Capstone disassembly (vifvm built without it)"; return; }
    r=$(check_disasm "$out")
    read -r _ n nbad <<< "$(tail -1 <<< "$r")"
    if [ "${n:-0}" -lt 10 ]; then fail "$label" "only ${n:-0} compiled methods seen"
    elif [ "$nbad" != 0 ]; then fail "$label" "$nbad of $n entries without endbr64:"; head -n -1 <<< "$r" | sed 's/^/    /'
    else pass "$label ($n methods: endbr64 at 0 and $FAST)"; fi
}
methods methods
methods tier2 -Xjit:tier2=all
# the filters
if ! ${CC:-cc} -std=c11 -O1 -Wall -Wextra -Werror -Iinclude -Isrc/platform -o "$D/endbr_cbpf" tests/jit/endbr_cbpf.c \
        "$O"/obj/src/platform/posix/*.o "$O/libvifvm-core.a" -lm > "$D/cc.log" 2>&1; then
    fail filters "tests/jit/endbr_cbpf.c does not build: $(grep -m1 -E 'error|undefined' "$D/cc.log")"
elif ! out=$("$D/endbr_cbpf" "$D"); then
    fail filters "$out"
elif ! command -v objdump > /dev/null; then
    echo "SKIP: jit-endbr/filters: no objdump"
else
    nb=0
    for f in "$D"/filter*.bin; do
        first=$(objdump -D -b binary -mi386:x86-64 "$f" | awk '/^ +0:/ {print $NF; exit}')
        [ "$first" = endbr64 ] || { fail filters "$(basename "$f"): first instruction '$first'"; nb=1; }
    done
    [ "$nb" = 0 ] && pass "filters (2 compiled and run, endbr64 first)"
fi
exit $rc
