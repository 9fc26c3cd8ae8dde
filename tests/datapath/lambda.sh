#!/usr/bin/env bash
# tests/datapath/lambda.sh - a VIFlet written with lambdas
# (tests/datapath/viflets/LambdaPriQ.java: a PriorityQueue with a lambda
# comparator, a computeIfAbsent flow table) through vifd on the JIT and on
# the interpreter, javac --release 8 and 17:
#   lambda/<engine>-<release>/priq    strict priority by class, FIFO within a
#                                     class, link rate (pcapcheck.py priq)
#   lambda/<engine>-<release>/flows   the last flow table equals the input's
#                                     per-(source, port) counts (pcapcheck.py flows)
#   lambda/<engine>-<release>/stats   every packet in and out, accounting ok
#   lambda/vifvm-<engine>/unsupported-bootstrap  the vifvm next to VIFD, on a
#                                     lambda whose bootstrap method is renamed to
#                                     one vifvm does not provide: exit status 1,
#                                     a BootstrapMethodError naming it
#
#   tests/datapath/lambda.sh [VIFD] [PKTGEN]
# Prints PASS:/FAIL: lines; exit status 1 if anything failed.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs lambda "${1:-}" "${2:-}"
CHECK=(python3 "$HERE/pcapcheck.py")
vt_tempdir
vt_results ""

"$PKTGEN" -o "$T/fast.pcap" -n 400 --seed 3 --rate 100mbit > /dev/null || { fail lambda/setup "pktgen_pcap failed"; exit 1; }
for rel in 8 17; do
    mkdir -p "$T/cls$rel"
    if ! "$JAVAC" --release "$rel" -d "$T/cls$rel" -cp "$API" "$HERE/viflets/LambdaPriQ.java" > "$T/javac$rel.log" 2>&1; then
        fail "lambda/javac-$rel" "$(head -c 300 "$T/javac$rel.log")"
        continue
    fi
    for engine in jit int; do
        name=$engine-$rel
        eng=()
        [ "$engine" = int ] && eng=(--int)
        timeout -k 5 120 "$VIFD" "${eng[@]}" --quiet --stats "$T/$name.json" --logdir "$T/log-$name" \
            --in "pcap:$T/fast.pcap" --out "pcap:$T/$name.pcap" --rate 10mbit \
            --load "pcap=$T/cls$rel/LambdaPriQ.class" > "$T/$name.out" 2> "$T/$name.err"
        rc=$?
        if san=$(vt_sanitizer_grep "$T/$name.err"); then
            fail "lambda/$name" "sanitizer: ${san:0:150}"
            continue
        fi
        if [ "$rc" -ne 0 ]; then
            fail "lambda/$name" "vifd exited with $rc: $(head -c 300 "$T/$name.err" | tr '\n' ' ')"
            continue
        fi
        check "lambda/$name/priq" "${CHECK[@]}" priq "$T/fast.pcap" "$T/$name.pcap" 10000000
        if [ -f "$T/log-$name/pcap.log" ]; then
            check "lambda/$name/flows" "${CHECK[@]}" flows "$T/fast.pcap" "$T/log-$name/pcap.log"
        else
            fail "lambda/$name/flows" "no log file"
        fi
        check "lambda/$name/stats" "${CHECK[@]}" stats "$T/$name.json" accounting_ok=true \
            pcap.in=400 pcap.out=400
    done
done
# ------------------------- a bootstrap method vifvm does not provide
VIFVM=$(dirname "$VIFD")/vifvm
mkdir -p "$T/bsm/src" "$T/bsm/ok" "$T/bsm/bad"
printf '%s\n' 'public class Bsm {' \
    '    public static void main(String[] a) { Runnable r = () -> System.out.println("run"); r.run(); }' \
    '}' > "$T/bsm/src/Bsm.java"
if "$JAVAC" --release 8 -d "$T/bsm/ok" "$T/bsm/src/Bsm.java" > "$T/bsm/javac.log" 2>&1 &&
   python3 - "$T/bsm/ok/Bsm.class" "$T/bsm/bad/Bsm.class" << 'PYEOF'
import sys
b = open(sys.argv[1], 'rb').read()
old, new = b'java/lang/invoke/LambdaMetafactory', b'java/lang/runtime/SwitchBootstraps'
assert len(old) == len(new) and b.count(old) == 1
open(sys.argv[2], 'wb').write(b.replace(old, new))
PYEOF
then
    for engine in jit int; do
        eng=()
        [ "$engine" = int ] && eng=(--int)
        "$VIFVM" "${eng[@]}" -cp "$T/bsm/ok" Bsm > "$T/bsm/ok.out" 2>&1
        rc_ok=$?
        "$VIFVM" "${eng[@]}" -cp "$T/bsm/bad" Bsm > "$T/bsm/bad.out" 2> "$T/bsm/bad.err"
        rc=$?
        want='Exception in thread "main" java.lang.BootstrapMethodError: bootstrap method java.lang.runtime.SwitchBootstraps.metafactory (call site run()Ljava/lang/Runnable;): vifvm does not provide this bootstrap method'
        if [ "$rc_ok" = 0 ] && [ "$(cat "$T/bsm/ok.out")" = run ] && [ "$rc" = 1 ] &&
           [ ! -s "$T/bsm/bad.out" ] && head -n 1 "$T/bsm/bad.err" | grep -qF "$want"; then
            pass "lambda/vifvm-$engine/unsupported-bootstrap"
        else
            fail "lambda/vifvm-$engine/unsupported-bootstrap" "rc $rc_ok/$rc: $(head -c 300 "$T/bsm/bad.err")"
        fi
    done
else
    fail lambda/bsm-setup "cannot compile or patch Bsm.java"
fi

echo "lambda: $nfail failed"
[ "$nfail" = 0 ]
