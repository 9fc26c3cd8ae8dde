#!/usr/bin/env bash
# tests/jit/observe.sh - the JIT's observability options of the vifvm command:
#   --perf-map     /tmp/perf-<pid>.map: one "ADDR SIZE NAME" line per compiled
#                  method, unique addresses, sizes > 0
#   --jit-disasm   a header per compiled method and its instructions (Capstone
#                  mnemonics, or a hex dump in a build without Capstone)
#   --stats        the per-method table (user methods; --stats=all adds the
#                  class library's), byte counts checked against javap
#   -Xjit:         known names accepted, an unknown one rejected (status 1)
#
#   tests/jit/observe.sh VIFVM
# Prints PASS:/FAIL: lines; exit status 1 if anything failed.
set -uo pipefail
VM=${1:?usage: observe.sh VIFVM}
JAVAC=${JAVAC:-javac}
JAVAP=${JAVAP:-javap}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
nfail=0
TAG=jitobs/$(basename "$(dirname "$VM")")   # jitobs/release, jitobs/asan
pass() { echo "PASS: $TAG/$1"; }
fail() { echo "FAIL: $TAG/$1: $2"; nfail=$((nfail + 1)); }

cat > "$W/Obs.java" <<'JAVA'
public class Obs {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static long sum(int[] a) { long s = 0; for (int x : a) s += x; return s; }
    public static void main(String[] args) {
        int[] a = new int[100];
        for (int i = 0; i < a.length; i++) a[i] = fib(i % 15);
        System.out.println("fib=" + fib(20) + " sum=" + sum(a));
    }
}
JAVA
if ! "$JAVAC" -source 8 -target 8 -Xlint:-options -d "$W" "$W/Obs.java" > "$W/javac.log" 2>&1; then
    fail javac "$(head -c 300 "$W/javac.log")"
    exit 1
fi
EXPECT="fib=6765 sum=6004"

# bytecode length of a method ending in a one-byte return, from javap -c
code_len() { # JAVAP-DECLARATION-PATTERN, e.g. " fib(int);"
    "$JAVAP" -c -cp "$W" Obs | awk -v pat="$1" '
        index($0, pat) { inm = 1; next }
        inm && /^ *[0-9]+: / { sub(":", "", $1); last = $1 }
        inm && /^$/ { exit }
        END { print last + 1 }'
}

# ---- --perf-map -----------------------------------------------------------
"$VM" --perf-map --stats=all -cp "$W" Obs > "$W/pm.out" 2> "$W/pm.err" &
pid=$!
wait "$pid"
rc=$?
map=/tmp/perf-$pid.map
if [ "$rc" != 0 ] || [ "$(cat "$W/pm.out")" != "$EXPECT" ]; then
    fail perf-map/run "status $rc, output: $(head -c 200 "$W/pm.out") $(head -c 300 "$W/pm.err")"
elif [ ! -f "$map" ]; then
    fail perf-map/created "$map does not exist"
else
    pass perf-map/created
    ncomp=$(sed -n 's/^  JIT: *\([0-9]*\) methods compiled.*/\1/p' "$W/pm.err")
    nlines=$(wc -l < "$map")
    bad=$(grep -v -c -E '^[0-9a-f]+ [0-9a-f]+ [^ ].*$' "$map")
    zero=$(awk '$2 ~ /^0+$/' "$map" | wc -l)
    dups=$(awk '{print $1}' "$map" | sort | uniq -d | wc -l)
    # code ranges must not overlap either
    overlap=$(grep -E '^[0-9a-f]+ [0-9a-f]+ ' "$map" | while read -r a s _; do
                  echo "$((16#$a)) $((16#$s))"; done |
              sort -n | awk 'NR > 1 && $1 < end { n++ } { end = $1 + $2 } END { print n + 0 }')
    if [ "$bad" != 0 ]; then fail perf-map/format "$bad malformed lines: $(grep -v -m2 -E '^[0-9a-f]+ [0-9a-f]+ [^ ].*$' "$map")"
    else pass perf-map/format; fi
    if [ -z "$ncomp" ] || [ "$nlines" != "$ncomp" ] || [ "$nlines" = 0 ]; then
        fail perf-map/one-line-per-method "$nlines lines, --stats says '$ncomp' methods compiled"
    else pass perf-map/one-line-per-method; fi
    if [ "$zero" != 0 ] || [ "$dups" != 0 ] || [ "$overlap" != 0 ]; then
        fail perf-map/unique "$zero zero sizes, $dups duplicate addresses, $overlap overlaps"
    else pass perf-map/unique; fi
    if grep -q -E ' Obs\.fib\(I\)I$' "$map" && grep -q -F ' Obs.main([Ljava/lang/String;)V' "$map"; then
        pass perf-map/names
    else fail perf-map/names "no Obs.fib(I)I / Obs.main line"; fi
fi
rm -f "$map"
# opt-in: no map without the option
"$VM" -cp "$W" Obs > /dev/null 2>&1 &
pid=$!
wait "$pid"
prc=$?
if [ -e "/tmp/perf-$pid.map" ]; then fail perf-map/opt-in "a map was written without --perf-map"; rm -f "/tmp/perf-$pid.map"
elif [ "$prc" != 0 ]; then fail perf-map/opt-in "the run without --perf-map failed (status $prc)"
else pass perf-map/opt-in; fi

# ---- --jit-disasm -----------------------------------------------------------
"$VM" --jit-disasm -cp "$W" Obs > "$W/da.out" 2> "$W/da.err"
rc=$?
if [ "$rc" != 0 ] || [ "$(cat "$W/da.out")" != "$EXPECT" ]; then
    fail disasm/run "status $rc, stdout: $(head -c 200 "$W/da.out")"
else
    pass disasm/run
    if grep -q -E '^== JIT Obs\.fib\(I\)I @ 0x[0-9a-f]+, [1-9][0-9]* bytes ==$' "$W/da.err"; then
        pass disasm/header
    else fail disasm/header "no '== JIT Obs.fib(I)I @ ...' header"; fi
    # fib's listing: from its header to the next one
    awk '/^== JIT Obs\.fib\(I\)I /{on=1; next} /^== JIT /{on=0} on' "$W/da.err" > "$W/fib.lst"
    if grep -q -E '^  [0-9a-f]{16}:  [a-z]' "$W/fib.lst"; then
        if grep -q -E ':  (push|mov) ' "$W/fib.lst" && grep -q -E ':  ret' "$W/fib.lst"; then
            pass disasm/instructions
        else fail disasm/instructions "no push/mov and ret in Obs.fib's listing: $(head -n 3 "$W/fib.lst")"; fi
    elif grep -q -E '^  [0-9a-f]{16}:( [0-9a-f]{2})+$' "$W/fib.lst"; then
        pass "disasm/instructions (hex dump: built without Capstone)"
    else
        fail disasm/instructions "neither instructions nor a hex dump: $(head -n 3 "$W/fib.lst")"
    fi
    nh=$(grep -c '^== JIT ' "$W/da.err")
    if [ "$nh" -ge 3 ]; then pass disasm/every-method; else fail disasm/every-method "$nh headers"; fi
fi

# ---- --stats ----------------------------------------------------------------
"$VM" --stats -cp "$W" Obs > "$W/st.out" 2> "$W/st.err"
rc=$?
row() { grep -F "  $1 " "$W/st.err" | head -n 1; }
if [ "$rc" != 0 ]; then
    fail stats/run "status $rc: $(head -c 300 "$W/st.err")"
else
    ok=1
    for mj in 'Obs.main([Ljava/lang/String;)V= main(java.lang.String[]);' 'Obs.fib(I)I= fib(int);'; do
        m=${mj%%=*}
        r=$(row "$m")
        want=$(code_len "${mj#*=}")
        # method, bytecode bytes, native bytes, compile us, resolve us, opts
        if ! [[ "$r" =~ ^\ \ [^\ ]+\ +([0-9]+)\ +([0-9]+)\ +([0-9]+\.[0-9])\ +([0-9]+\.[0-9])\ +(-|[a-z,]+)$ ]]; then
            fail stats/row "no well-formed row for $m: '$r'"; ok=0
        elif [ "${BASH_REMATCH[1]}" != "$want" ]; then
            fail stats/bytecode "$m: ${BASH_REMATCH[1]} bytecode bytes, javap says $want"; ok=0
        elif [ "${BASH_REMATCH[2]}" -le 0 ]; then
            fail stats/native "$m: no native bytes"; ok=0
        fi
    done
    [ "$ok" = 1 ] && pass stats/rows
    if grep -q -E '^  total: [0-9]+ methods .* median [0-9.]+ us$' "$W/st.err"; then pass stats/totals
    else fail stats/totals "no totals/median line"; fi
    if grep -q -F 'java/io/PrintStream.println(Ljava/lang/String;)V' "$W/st.err"; then
        fail stats/user-only "class library methods listed without --stats=all"
    else pass stats/user-only; fi
    if grep -q -F '  java/io/PrintStream.println(Ljava/lang/String;)V ' "$W/pm.err"; then pass stats/all
    else fail stats/all "--stats=all does not list java/io/PrintStream.println(Ljava/lang/String;)V"; fi
fi

# ---- -Xjit: -------------------------------------------------------------------
"$VM" -Xjit:-regcache,+inline,foo -cp "$W" Obs > "$W/xj.out" 2> "$W/xj.err"
rc=$?
if [ "$rc" = 1 ] && grep -q -F 'Unrecognized JIT option: foo' "$W/xj.err" && [ ! -s "$W/xj.out" ]; then
    pass xjit/unknown-rejected
else fail xjit/unknown-rejected "status $rc, stderr: $(head -c 200 "$W/xj.err")"; fi
"$VM" -Xjit:-all,+bce,+inlining,-inlining --stats -cp "$W" Obs > "$W/xj.out" 2> "$W/xj.err"
rc=$?
if [ "$rc" = 0 ] && [ "$(cat "$W/xj.out")" = "$EXPECT" ] &&
   grep -q -F 'optimizations enabled: bce):' "$W/xj.err"; then
    pass xjit/known-accepted
else fail xjit/known-accepted "status $rc, stderr: $(grep -m1 'optimizations' "$W/xj.err")"; fi

[ "$nfail" = 0 ]
