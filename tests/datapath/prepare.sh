#!/usr/bin/env bash
# tests/datapath/prepare.sh - "refuse at load" (compile at load,
# vm_prepare_class): a VIFlet that cannot work is refused when it is
# loaded, with the reason in `log`, and the old VIFlet keeps running;
# a VIFlet's inner classes written with it into the injection directory
# load with it; a jar of them is accepted; the class library's methods a
# VIFlet calls are compiled at its load, not on its first packet (and at
# their first call with --lazy-library, with the same output).
#
#   tests/datapath/prepare.sh [VIFD] [PKTGEN]
#
# The --dir cases need root (the injection directory checks owners);
# they print SKIP otherwise.  Prints PASS:/FAIL: lines; exit status 1 if
# anything failed.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs prepare "${1:-}" "${2:-}"

T=$(mktemp -d)
VPID=
cleanup() {
    [ -n "$VPID" ] && kill "$VPID" 2> /dev/null
    rm -rf "$T"
}
trap cleanup EXIT
chmod 755 "$T"
vt_results prepare/

# wait_for FILE PATTERN [SECONDS]: until grep -E finds PATTERN in FILE
wait_for() {
    local i lim=$(( ${3:-5} * 20 ))
    for ((i = 0; i < lim; i++)); do
        grep -Eq -- "$2" "$1" 2> /dev/null && return 0
        sleep 0.05
    done
    return 1
}
# wait_more FILE PATTERN N [SECONDS]: until more than N lines match PATTERN
wait_more() {
    local i lim=$(( ${4:-5} * 20 ))
    for ((i = 0; i < lim; i++)); do
        [ "$(grep -Ec -- "$2" "$1" 2> /dev/null)" -gt "$3" ] && return 0
        sleep 0.05
    done
    return 1
}
stat_of() { sed -n "s/^$2 //p" "$1/stats" 2> /dev/null; }
# path_counts JSON: "path_compiled path_loaded" of each VIF of the totals
# (the top-level "vifs"; with --workers the per_worker objects before it
# have their own); worker_loaded JSON: path_loaded of each worker's VIFs
path_counts() {
    sed -n '/^  "vifs": \[/,$p' "$1" | grep -o '"path_[a-z]*": [0-9]*' | sed 's/.*: //' | paste -d' ' - -
}
worker_loaded() {
    sed -n '/^  "vifs": \[/q;p' "$1" | grep -o '"path_loaded": [0-9]*' | sed 's/.*: //'
}

# ------------------------------------------------------------------ setup
P=$HERE/prepare
mkdir -p "$T/cls" "$T/rec" "$T/rl"
if ! "$JAVAC" --release 8 -d "$T/cls" -cp "$API" "$HERE/viflets/Relay.java" "$P/LambdaViflet.java" \
        "$P/FlowBytes.java" "$P/TopTalkers.java" \
        > "$T/javac.log" 2>&1 ||
   ! "$JAVAC" --release 8 -d "$T/rl" -cp "$API" "$P/RateLimit.java" >> "$T/javac.log" 2>&1; then
    fail setup/javac "test VIFlets do not compile"
    vt_indent 10 < "$T/javac.log"
    exit 1
fi
have_record=1
"$JAVAC" --release 17 -d "$T/rec" -cp "$API" "$P/RecordViflet.java" >> "$T/javac.log" 2>&1 ||
    have_record=0
(cd "$T/rl" && printf 'Main-Class: RateLimit\n' > m.txt && jar cfm "$T/RateLimit.jar" m.txt ./*.class) ||
    { fail setup/jar "cannot build RateLimit.jar"; exit 1; }
chmod -R a+rX "$T"
"$PKTGEN" -o "$T/in.pcap" -n 200 --seed 3 > /dev/null || { fail setup/pktgen "pktgen failed"; exit 1; }

# A lambda whose bootstrap method vifvm does not provide: LambdaViflet with
# LambdaMetafactory renamed (same length) to java/lang/runtime/SwitchBootstraps.
mkdir -p "$T/bad"
python3 - "$T/cls/LambdaViflet.class" "$T/bad/LambdaViflet.class" << 'PYEOF' ||
import sys
b = open(sys.argv[1], 'rb').read()
old, new = b'java/lang/invoke/LambdaMetafactory', b'java/lang/runtime/SwitchBootstraps'
assert len(old) == len(new) and b.count(old) == 1
open(sys.argv[2], 'wb').write(b.replace(old, new))
PYEOF
    { fail setup/patch "cannot patch LambdaViflet.class"; exit 1; }

# ------------------------------------------------- --load: lambdas, refused
"$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/l0.pcap" --load "pcap=$T/cls/LambdaViflet.class" \
    > "$T/l0.out" 2> "$T/l0.err"
rc=$?
if [ "$rc" = 0 ] && [ "$(stat -c %s "$T/l0.pcap")" = "$(stat -c %s "$T/in.pcap")" ]; then
    pass load/lambda-accepted
else
    fail load/lambda-accepted "rc $rc: $(head -c 300 "$T/l0.err")"
fi
"$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/l1.pcap" --load "pcap=$T/bad/LambdaViflet.class" \
    > "$T/l1.out" 2> "$T/l1.err"
rc=$?
if [ "$rc" = 1 ] && grep -q 'class LambdaViflet refused: .*BootstrapMethodError: bootstrap method java.lang.runtime.SwitchBootstraps.metafactory .*vifvm does not provide this bootstrap method' "$T/l1.err"; then
    pass load/unsupported-bootstrap-refused
else
    fail load/unsupported-bootstrap-refused "rc $rc: $(head -c 300 "$T/l1.err")"
fi
if [ "$have_record" = 1 ]; then
    "$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/l2.pcap" --load "pcap=$T/rec/RecordViflet.class" \
        > "$T/l2.out" 2> "$T/l2.err"
    rc=$?
    if [ "$rc" = 0 ] && [ "$(stat -c %s "$T/l2.pcap")" = "$(stat -c %s "$T/in.pcap")" ]; then
        pass load/record-accepted
    else
        fail load/record-accepted "rc $rc: $(head -c 300 "$T/l2.err")"
    fi
else
    echo "SKIP: prepare/load/record-accepted: javac cannot compile records (--release 17)"
fi
# a class whose inner class is missing
mkdir -p "$T/alone" && cp "$T/rl/RateLimit.class" "$T/alone/"
"$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/l3.pcap" --load "pcap=$T/alone/RateLimit.class" \
    > "$T/l3.out" 2> "$T/l3.err"
rc=$?
if [ "$rc" = 1 ] && grep -q 'class RateLimit refused: .*NoClassDefFoundError: RateLimit\$Bucket' "$T/l3.err"; then
    pass load/missing-inner-class-refused
else
    fail load/missing-inner-class-refused "rc $rc: $(head -c 300 "$T/l3.err")"
fi

# ------------------------------------ the class library compiled at load
# FlowBytes (HashMap.merge with a method reference, ArrayDeque, a
# StringBuilder printed) and TopTalkers (TreeMap, a PriorityQueue with a
# comparator lambda, LinkedList, string concatenation, Integer.parseInt's
# NumberFormatException caught) print "first packet" on their first
# enqueue; --jit-disasm names every method as it is compiled, on the same
# stream (stderr), so no "== JIT" line of a method may follow the mark
# (fused paths, "== JIT fused:", are made at load and named apart).  With
# --lazy-library the library's methods are compiled after it (so the
# check can tell), and the output is the same.  (--cpu 60s: with
# --lazy-library the first call compiles some 70 methods and
# --jit-disasm disassembles each inside it, which on a loaded machine can
# pass the default 100 ms a call and abort the VIFlet.)
for c in FlowBytes TopTalkers; do
    for mode in load lazy; do
        opt=; [ $mode = lazy ] && opt=--lazy-library
        "$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/lib-$c-$mode.pcap" --load "pcap=$T/cls/$c.class" \
            --jit-disasm --cpu 60s --stats "$T/lib-$c-$mode.json" $opt > "$T/lib-$c-$mode.out" 2> "$T/lib-$c-$mode.err"
        rc=$?
        # the same seen by a user (issue 13): the VIF's path_compiled and
        # path_loaded in --stats, and the text statistics' line, which is
        # printed only when they are not 0
        read -r pc pl < <(path_counts "$T/lib-$c-$mode.json")
        line=$(grep -c '^compiled on the packet path: pcap: ' "$T/lib-$c-$mode.out")
        if [ $mode = load ] && [ "$pc" = 0 ] && [ "$pl" = 0 ] && [ "$line" = 0 ]; then
            pass library/$c-path-counts-load
        elif [ $mode = lazy ] && [ "${pc:-0}" -ge 5 ] && [ "${pl:-0}" -ge 1 ] && [ "$line" = 1 ]; then
            pass library/$c-path-counts-lazy "path_compiled $pc, path_loaded $pl"
        else
            fail library/$c-path-counts-$mode "path_compiled '$pc', path_loaded '$pl', $line text line(s): $(grep 'packet path' "$T/lib-$c-$mode.out")"
        fi
        after=$(sed -n '/^\[pcap\] first packet$/,$p' "$T/lib-$c-$mode.err" | grep '^== JIT ' | grep -vc '^== JIT fused:')
        # (one mark per VM: one per worker under tests/datapath/workers_all.sh)
        marks=$(grep -c '^\[pcap\] first packet$' "$T/lib-$c-$mode.err")
        if [ "$rc" != 0 ] || [ "$marks" -lt 1 ]; then
            fail library/$c-$mode "rc $rc, $marks first-packet marks: $(grep -v '^ ' "$T/lib-$c-$mode.err" | head -c 300)"
        elif [ $mode = load ] && [ "$after" != 0 ]; then
            fail library/$c-compiled-at-load "$after methods compiled on the packet path: $(sed -n '/first packet/,$p' "$T/lib-$c-$mode.err" | grep '^== JIT ' | head -3 | tr '\n' ' ')"
        elif [ $mode = lazy ] && [ "$after" -lt 5 ]; then
            fail library/$c-lazy-compiles-late "--lazy-library: only $after methods compiled after the first packet"
        else
            pass library/$c-$mode
        fi
    done
    # the same output, from runs without --jit-disasm (with several
    # workers, one's disassembly and another's log lines interleave)
    for mode in load lazy; do
        opt=; [ $mode = lazy ] && opt=--lazy-library
        "$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/same-$c-$mode.pcap" --load "pcap=$T/cls/$c.class" \
            --cpu 60s $opt > /dev/null 2> "$T/same-$c-$mode.err"
    done
    if cmp -s "$T/same-$c-load.pcap" "$T/same-$c-lazy.pcap" && cmp -s "$T/lib-$c-load.pcap" "$T/same-$c-load.pcap" &&
       [ "$(sort "$T/same-$c-load.err")" = "$(sort "$T/same-$c-lazy.err")" ]; then
        pass library/$c-same-output
    elif ! cmp -s "$T/same-$c-load.pcap" "$T/same-$c-lazy.pcap"; then
        fail library/$c-same-output "the pcap differs with --lazy-library: $(cmp "$T/same-$c-load.pcap" "$T/same-$c-lazy.pcap" 2>&1 | head -c 200)"
    elif ! cmp -s "$T/lib-$c-load.pcap" "$T/same-$c-load.pcap"; then
        fail library/$c-same-output "the pcap differs with --jit-disasm: $(cmp "$T/lib-$c-load.pcap" "$T/same-$c-load.pcap" 2>&1 | head -c 200)"
    else
        fail library/$c-same-output "the VIFlet's log differs with --lazy-library: $(diff <(sort "$T/same-$c-load.err") <(sort "$T/same-$c-lazy.err") | head -6 | tr '\n' '|' | head -c 300)"
    fi
done
# two VIFlets of one owner (one VM): Relay (enqueue and dequeue inherited
# from vif.VIFlet: compiled at load with what they call) at the root and
# FlowBytes below it, loaded after it: FlowBytes's load compiles in the
# same VM, and is not counted for Relay's VIF; both 0
"$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/two.pcap" --vif 'pcap/u=udp' \
    --load "pcap=$T/cls/Relay.class:alice" --load "pcap/u=$T/cls/FlowBytes.class:alice" \
    --stats "$T/two.json" > "$T/two.out" 2> "$T/two.err"
rc=$?
counts=$(path_counts "$T/two.json" | tr '\n' ' ')
if [ "$rc" = 0 ] && [ "$counts" = '0 0 0 0 ' ] &&
   ! grep -q 'packet path' "$T/two.out"; then
    pass library/one-owner-two-viflets-path-counts
else
    fail library/one-owner-two-viflets-path-counts "rc $rc, $counts $(grep 'packet path' "$T/two.out")"
fi
# every class of a jar at its load (k17, vm_prepare_image): LazyTs
# (tests/kmod/viflets/lazy) loads its helper with Class.forName(a field)
# on the first packet, a class no walk of the bytecode sees; it is in the
# jar, so it is loaded and compiled at load and the VIF counts nothing,
# with --workers 2 in every worker's VM too; with --lazy-library (the
# VIFlet's class alone, as before k17) the helper loads on the packet
# path and path_loaded counts it, so the check can tell.  LazyLib names a
# library class by a constant (forName("java.util.LinkedList")): 0 too;
# LazyBuilt builds the same name at run time: the one exception, counted.
# LazyJunk.jar (LazyTs's with a .class entry that is not a class file)
# is refused, naming the entry; with --lazy-library it loads as before.
LZ=$ROOT/tests/kmod/viflets/lazy
mkdir -p "$T/lz"
if "$JAVAC" --release 8 -nowarn -d "$T/lz" -cp "$API" "$LZ"/LazyBase.java "$LZ"/PacketCheck.java \
        "$LZ"/LazyTs.java "$LZ"/LazyTsCheck.java "$LZ"/LazyLib.java "$LZ"/LazyBuilt.java >> "$T/javac.log" 2>&1 &&
   (cd "$T/lz" && jar cfe "$T/LazyTs.jar" LazyTs LazyTs.class LazyTsCheck.class LazyBase.class PacketCheck.class &&
    printf 'not a class file' > Junk.class &&
    jar cfe "$T/LazyJunk.jar" LazyTs LazyTs.class LazyTsCheck.class LazyBase.class PacketCheck.class Junk.class); then
    chmod -R a+rX "$T"
    # lz_run NAME FILE [OPTS...]: rc, "path_compiled path_loaded" of the VIF
    lz_run() {
        local n=$1 f=$2
        shift 2
        "$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/$n.pcap" --load "pcap=$f" \
            --stats "$T/$n.json" "$@" > "$T/$n.out" 2> "$T/$n.err"
        echo "$? $(path_counts "$T/$n.json" 2> /dev/null)"
    }
    r1=$(lz_run lz1 "$T/LazyTs.jar")
    r2=$(lz_run lz2 "$T/LazyTs.jar" --workers 2)
    wl=$(worker_loaded "$T/lz2.json" | tr '\n' ' ')
    r3=$(lz_run lz3 "$T/LazyTs.jar" --lazy-library)
    if [ "$r1" = "0 0 0" ] && [ "$r2" = "0 0 0" ] && [ "$wl" = "0 0 " ] &&
       cmp -s "$T/lz1.pcap" "$T/in.pcap" && ! grep -q 'packet path' "$T/lz1.out"; then
        pass library/forname-upload-prepared "rc path_compiled path_loaded: $r1, 2 workers: $r2 (per worker path_loaded: $wl)"
    else
        fail library/forname-upload-prepared "rc path_compiled path_loaded: '$r1', 2 workers '$r2' (per worker '$wl'), want '0 0 0': $(head -c 300 "$T/lz1.err")"
    fi
    set -- $r3
    if [ "$1" = 0 ] && [ "${3:-0}" -ge 1 ] && grep -q '^compiled on the packet path: pcap: .* [1-9][0-9]* class' "$T/lz3.out"; then
        pass library/forname-lazy-library-counted "rc path_compiled path_loaded: $r3"
    else
        fail library/forname-lazy-library-counted "rc path_compiled path_loaded: '$r3', want path_loaded >= 1"
    fi
    r4=$(lz_run lz4 "$T/lz/LazyLib.class")
    r5=$(lz_run lz5 "$T/lz/LazyBuilt.class")
    set -- $r5
    if [ "$r4" = "0 0 0" ] && cmp -s "$T/lz4.pcap" "$T/in.pcap" && cmp -s "$T/lz5.pcap" "$T/in.pcap" &&
       [ "$1" = 0 ] && [ "${3:-0}" -ge 1 ] && grep -q '^compiled on the packet path: pcap: .* [1-9][0-9]* class' "$T/lz5.out"; then
        pass library/forname-constant-prepared-built-counted "LazyLib: $r4; LazyBuilt: $r5"
    else
        fail library/forname-constant-prepared-built-counted "rc path_compiled path_loaded: LazyLib '$r4' (want '0 0 0'), LazyBuilt '$r5' (want path_loaded >= 1)"
    fi
    r6=$(lz_run lz6 "$T/LazyJunk.jar")
    r7=$(lz_run lz7 "$T/LazyJunk.jar" --lazy-library)
    if [ "${r6%% *}" = 1 ] &&
       grep -q 'class LazyTs refused: class Junk of the upload: java.lang.ClassFormatError: Junk: bad magic number' "$T/lz6.err" &&
       [ "${r7%% *}" = 0 ]; then
        pass library/broken-jar-entry-refused "$(grep -o 'refused: .*' "$T/lz6.err" | head -c 120); --lazy-library: rc 0"
    else
        fail library/broken-jar-entry-refused "rc '${r6%% *}' (--lazy-library '${r7%% *}'): $(head -c 300 "$T/lz6.err")"
    fi
else
    fail library/forname-upload-prepared "the lazy VIFlets do not build: $(tail -3 "$T/javac.log")"
fi
# with it: loaded and working
"$VIFD" --in "pcap:$T/in.pcap" --out "pcap:$T/l4.pcap" --load "pcap=$T/rl/RateLimit.class" \
    > "$T/l4.out" 2> "$T/l4.err"
rc=$?
if [ "$rc" = 0 ] && grep -q 'ratelimit ready' "$T/l4.err" "$T/l4.out"; then
    pass load/with-inner-class-accepted
else
    fail load/with-inner-class-accepted "rc $rc: $(head -c 300 "$T/l4.err")"
fi

# ------------------------------------------------- --dir: the old one keeps running
if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: prepare/dir: needs root (the injection directory's owner checks)"
    echo "prepare: $nfail failed"
    [ "$nfail" -eq 0 ]
    exit
fi
"$PKTGEN" -o "$T/long.pcap" -n 1500 --seed 4 --pps 100 > /dev/null || exit 1
D=$T/d
"$VIFD" --in "pcap:$T/long.pcap" --out "pcap:$T/d-out.pcap" --dir "$D" --speed 1 \
    --stats "$T/d.json" > "$T/d.out" 2> "$T/d.err" &
VPID=$!
R=$D/pcap
wait_for "$R/stats" '^vif pcap' 3 || fail dir/setup "no $R/stats"
cp "$T/cls/Relay.class" "$R/"
wait_for "$R/log" 'loaded Relay.class: VIFlet Relay' 3 || fail dir/setup "Relay not loaded"

# kept_running NAME: Relay is still the active VIFlet and still gets packets
kept_running() {
    local e0 e1
    e0=$(stat_of "$R" enqueue_calls)
    sleep 0.4
    e1=$(stat_of "$R" enqueue_calls)
    if [ "$(stat_of "$R" viflet)" = Relay ] && [ "$(stat_of "$R" state)" = active ] &&
       [ "${e1:-0}" -gt "${e0:-0}" ]; then
        pass "$1"
    else
        fail "$1" "viflet $(stat_of "$R" viflet) state $(stat_of "$R" state) enqueue calls ${e0:-?} -> ${e1:-?}"
    fi
}

cp "$T/bad/LambdaViflet.class" "$R/"
if wait_for "$R/log" 'load of LambdaViflet.class failed: class LambdaViflet refused: .*vifvm does not provide this bootstrap method.*Relay keeps running' 3; then
    pass dir/unsupported-bootstrap-refused-in-log
else
    fail dir/unsupported-bootstrap-refused-in-log "$(tail -n 2 "$R/log" | tr '\n' ' ' | head -c 300)"
fi
kept_running dir/unsupported-bootstrap-old-keeps-running

# the outer class alone: refused (its inner class is missing)
cp "$T/rl/RateLimit.class" "$R/"
if wait_for "$R/log" 'load of RateLimit.class failed: class RateLimit refused: .*NoClassDefFoundError: RateLimit\$Bucket.*Relay keeps running' 3; then
    pass dir/missing-inner-class-refused
else
    fail dir/missing-inner-class-refused "$(tail -n 2 "$R/log" | tr '\n' ' ' | head -c 300)"
fi
kept_running dir/missing-inner-old-keeps-running
errs=$(stat_of "$R" load_errors)
want=2
if [ "$errs" = "$want" ]; then pass dir/load-errors-counted
else fail dir/load-errors-counted "load_errors ${errs:-?}, want $want"; fi

# its inner class written next: the outer class loads with it
cp "$T/rl/RateLimit\$Bucket.class" "$R/"
if wait_for "$R/log" 'loaded RateLimit.class: VIFlet RateLimit .*replacing Relay' 3 &&
   wait_for "$R/log" '^ratelimit ready' 2; then
    pass dir/inner-class-completes-outer
else
    fail dir/inner-class-completes-outer "$(tail -n 3 "$R/log" | tr '\n' ' ' | head -c 300)"
fi

# back to Relay; then both files written together (inner first): accepted
cp "$T/cls/Relay.class" "$R/Relay.class"
wait_for "$R/log" 'loaded Relay.class: VIFlet Relay .*replacing RateLimit' 3
rm -f "$R/RateLimit.class" "$R/RateLimit\$Bucket.class"
e0=$(stat_of "$R" load_errors)
# (the log already has one such line, from the load above: wait for a second)
n0=$(grep -Ec 'loaded RateLimit.class: VIFlet RateLimit .*replacing Relay' "$R/log")
mkdir -p "$T/stage2" && cp "$T/rl/"*.class "$T/stage2/"
mv "$T/stage2/RateLimit\$Bucket.class" "$R/" && mv "$T/stage2/RateLimit.class" "$R/"
if wait_more "$R/log" 'loaded RateLimit.class: VIFlet RateLimit .*replacing Relay' "$n0" 3 &&
   [ "$(stat_of "$R" load_errors)" = "$e0" ] &&
   # the inner class is kept for the outer one; or, when both files were
   # there by the time the directory was read (vifd --workers polls it),
   # the outer class is loaded twice, without an error
   { grep -q 'RateLimit\$Bucket.class: an inner class: kept for RateLimit.class' "$R/log" ||
     grep -q 'loaded RateLimit.class: VIFlet RateLimit .*replacing RateLimit' "$R/log"; }; then
    pass dir/class-and-inner-written-together-accepted
else
    fail dir/class-and-inner-written-together-accepted "load_errors $e0 -> $(stat_of "$R" load_errors): $(tail -n 3 "$R/log" | tr '\n' ' ' | head -c 300)"
fi
sleep 0.3
if [ "$(stat_of "$R" viflet)" = RateLimit ] && [ "$(stat_of "$R" state)" = active ]; then
    pass dir/together-runs
else
    fail dir/together-runs "viflet $(stat_of "$R" viflet) state $(stat_of "$R" state)"
fi

# a jar of both
cp "$T/cls/Relay.class" "$R/Relay.class"
wait_for "$R/log" 'loaded Relay.class: VIFlet Relay .*replacing RateLimit' 3
cp "$T/RateLimit.jar" "$R/"
if wait_for "$R/log" 'loaded RateLimit.jar: VIFlet RateLimit .*replacing Relay' 3; then
    pass dir/jar-accepted
else
    fail dir/jar-accepted "$(tail -n 3 "$R/log" | tr '\n' ' ' | head -c 300)"
fi

# the stats file's path_compiled / path_loaded (issue 13): FlowBytes,
# compiled at load, gets packets and compiles and loads nothing after its
# load; LazyTs loads its helper by name on its first packet: path_loaded
# counts it (so the first check can tell)
cp "$T/cls/FlowBytes.class" "$R/"
if wait_for "$R/log" 'loaded FlowBytes.class: VIFlet FlowBytes' 3; then
    e0=$(stat_of "$R" enqueue_calls)
    sleep 0.6    # (the stats file is rewritten every 0.25 s or so)
    e1=$(stat_of "$R" enqueue_calls)
    if [ "$(stat_of "$R" viflet)" = FlowBytes ] && [ "${e1:-0}" -gt "${e0:-0}" ] &&
       [ "$(stat_of "$R" path_compiled)" = 0 ] && [ "$(stat_of "$R" path_loaded)" = 0 ]; then
        pass dir/stats-path-counts-zero "enqueue_calls $e0 -> $e1"
    else
        fail dir/stats-path-counts-zero "enqueue_calls $e0 -> $e1, path_compiled '$(stat_of "$R" path_compiled)', path_loaded '$(stat_of "$R" path_loaded)'"
    fi
else
    fail dir/stats-path-counts-zero "FlowBytes not loaded: $(tail -n 3 "$R/log" | tr '\n' ' ' | head -c 300)"
fi
# (k17) LazyTs.jar: its helper, loaded by name, was prepared with the
# jar: still 0 after packets; LazyBuilt builds a class name at run time:
# path_loaded counts it (so the zero checks can tell); LazyJunk.jar is
# refused, naming its broken entry, and LazyBuilt keeps running
if [ -f "$T/LazyTs.jar" ]; then
    cp "$T/LazyTs.jar" "$R/"
    if wait_for "$R/log" 'loaded LazyTs.jar: VIFlet LazyTs' 3; then
        e0=$(stat_of "$R" enqueue_calls)
        sleep 0.6
        e1=$(stat_of "$R" enqueue_calls)
        if [ "$(stat_of "$R" viflet)" = LazyTs ] && [ "${e1:-0}" -gt "${e0:-0}" ] &&
           [ "$(stat_of "$R" path_compiled)" = 0 ] && [ "$(stat_of "$R" path_loaded)" = 0 ]; then
            pass dir/stats-path-counts-forname-upload "enqueue_calls $e0 -> $e1"
        else
            fail dir/stats-path-counts-forname-upload "enqueue_calls $e0 -> $e1, path_compiled '$(stat_of "$R" path_compiled)', path_loaded '$(stat_of "$R" path_loaded)'"
        fi
    else
        fail dir/stats-path-counts-forname-upload "LazyTs.jar not loaded: $(tail -n 3 "$R/log" | tr '\n' ' ' | head -c 300)"
    fi
    cp "$T/lz/LazyBuilt.class" "$R/"
    if wait_for "$R/log" 'loaded LazyBuilt.class: VIFlet LazyBuilt' 3 &&
       wait_for "$R/stats" '^path_loaded [1-9]' 3; then
        pass dir/stats-path-counts-forname-built "path_compiled $(stat_of "$R" path_compiled), path_loaded $(stat_of "$R" path_loaded)"
    else
        fail dir/stats-path-counts-forname-built "path_loaded '$(stat_of "$R" path_loaded)': $(tail -n 3 "$R/log" | tr '\n' ' ' | head -c 300)"
    fi
    cp "$T/LazyJunk.jar" "$R/"
    if wait_for "$R/log" 'load of LazyJunk.jar failed: class LazyTs refused: class Junk of the upload: java.lang.ClassFormatError.*LazyBuilt keeps running' 3; then
        pass dir/broken-jar-entry-refused-in-log
    else
        fail dir/broken-jar-entry-refused-in-log "$(tail -n 2 "$R/log" | tr '\n' ' ' | head -c 300)"
    fi
fi

kill -TERM "$VPID" 2> /dev/null
wait "$VPID"
rc=$?
VPID=
if [ "$rc" = 0 ] && grep -q '^accounting: ok' "$T/d.out"; then pass dir/exit-and-accounting
else fail dir/exit-and-accounting "rc $rc: $(tail -n 2 "$T/d.err" | tr '\n' ' ')"; fi

echo "prepare: $nfail failed"
[ "$nfail" -eq 0 ]
