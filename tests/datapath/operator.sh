#!/usr/bin/env bash
# tests/datapath/operator.sh - what the operator of vifd meets (issue 17
# sections 2 and 4): input never destroyed, stopping when told, one VIFlet
# never stalling the datapath, rates in tc's units, and exact messages.
#
#   tests/datapath/operator.sh [VIFD] [PKTGEN]
#
# VIFD defaults to build/release/vifd, PKTGEN to the pktgen_pcap next to it.
# Checks, each against vifd's exact output where it is a message:
#   - --out (or --stats) naming the input, also through a hard link or a
#     symlink: refused before anything is written, the input unchanged
#     (checksum before/after);
#   - SIGINT and SIGTERM stop a VIFlet spinning with --budget 0 (and no CPU
#     limit) within a second, interpreted and compiled, statistics written;
#   - --cpu: a handler call over its CPU time is aborted alone, the other
#     VIF keeps forwarding; per-VIF values; the default (100 ms);
#   - --heap above the machine's memory is refused; an out-of-memory abort
#     says "out of memory (heap quota N)";
#   - --rate: every unit of tc's table gives tc's value, anything else is
#     refused with the reason;
#   - messages: a space in a VIF name, --in without pcap:, configuration
#     errors with FILE:LINE, a jar without a VIFlet, an uncaught exception
#     naming the VIFlet, VIF and handler, a deep recursion's trace cut, no
#     "keeps running" after an abort, the help text (default owner, --rate
#     per direction).
# Prints PASS:/FAIL: lines; exit status 1 if anything failed.
# Environment: OPERATOR_SLOW (multiplier for the time limits, default 1;
# use 3 for the ASan binary, whose exit alone - the leak check - takes
# hundreds of milliseconds).
set -uo pipefail
SLOW=${OPERATOR_SLOW:-1}

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs operator "${1:-}" "${2:-}"
vt_tempdir
vt_results operator/
# same NAME EXPECTED GOT: exact comparison
same() {
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "expected [$2], got [$3]"; fi
}
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

mkdir -p "$T/cls"
if ! "$JAVAC" --release 8 -nowarn -d "$T/cls" -cp "$API" "$HERE"/viflets/{Looper,Relay,Thrower,Recurse,BigAlloc,FillDrop}.java \
        "$ROOT"/tests/hostile/viflets/AllocBomb.java > "$T/javac.log" 2>&1; then
    fail setup/javac "$(head -c 300 "$T/javac.log")"
    exit 1
fi
C=$T/cls
"$PKTGEN" -o "$T/in.pcap" -n 200 --proto mix --sizes 60-1400 > /dev/null || { fail setup/pktgen "pktgen_pcap failed"; exit 1; }
IN=$T/in.pcap
# vifd's error line for ARGS... (stderr, first line)
err_of() { "$VIFD" "$@" 2>&1 > /dev/null | head -n 1; }
OUT=(--out "pcap:$T/out.pcap")

# ------------------------------------------------------ input never destroyed
cp "$IN" "$T/x.pcap"
ln "$T/x.pcap" "$T/hard.pcap"
ln -s "$T/x.pcap" "$T/sym.pcap"
sum0=$(md5sum < "$T/x.pcap")
for v in same:x hardlink:hard symlink:sym; do
    name=${v%%:*} f=${v#*:}
    got=$(err_of --in "pcap:$T/x.pcap" --out "pcap:$T/$f.pcap" --quiet)
    rc=$("$VIFD" --in "pcap:$T/x.pcap" --out "pcap:$T/$f.pcap" --quiet > /dev/null 2>&1; echo $?)
    same "out-is-in/$name/message" \
        "vifd: error: --out $T/$f.pcap is the input capture $T/x.pcap (the same file): refusing to overwrite it" "$got"
    same "out-is-in/$name/exit-status" 1 "$rc"
    same "out-is-in/$name/input-unchanged" "$sum0" "$(md5sum < "$T/x.pcap")"
done
got=$(err_of --in "pcap:$T/x.pcap" "${OUT[@]}" --stats "$T/sym.pcap" --quiet)
same out-is-in/stats-file \
    "vifd: error: --stats $T/sym.pcap is the input capture $T/x.pcap (the same file): refusing to overwrite it" "$got"
same out-is-in/stats-file/input-unchanged "$sum0" "$(md5sum < "$T/x.pcap")"

# ------------------------------------------------------------ stop when told
TCK=$(getconf CLK_TCK 2> /dev/null || echo 100)
# cpu_ticks PID: user + system CPU of process PID (all its threads), in ticks
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2> /dev/null || echo 0; }
# spin: Looper never returns from enqueue; --budget 0 and --cpu 0 leave
# nothing but the signal to stop it
for eng in jit int; do
    e=(); [ "$eng" = int ] && e=(--int)
    for sig in INT TERM; do
        n=stop/$eng/SIG$sig
        rm -f "$T/s.json"
        "$VIFD" "${e[@]}" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --vif pcap/udp=udp \
            --load "pcap/tcp=$C/Looper.class" --load "pcap/udp=$C/Relay.class" \
            --budget 0 --cpu 0 --stats "$T/s.json" > "$T/stop.out" 2> "$T/stop.err" &
        pid=$!
        # wait until the VIFlet spins (its VIF got a packet), at most 10 s
        for ((i = 0; i < 100; i++)); do
            grep -q 'relay ready' "$T/stop.err" && break
            sleep 0.1
        done
        # then until Looper spins: the process has used 0.5 s more CPU
        # (reading the small capture takes milliseconds), at most 10 s; a
        # fixed half second was too short on a loaded host with 2 workers
        # (the tcp flows' worker had not reached Looper yet)
        c0=$(cpu_ticks "$pid")
        for ((i = 0; i < 100; i++)); do
            [ $(( $(cpu_ticks "$pid") - c0 )) -ge $((TCK / 2)) ] && break
            sleep 0.1
        done
        t0=$(now_ms)
        kill -"$sig" "$pid"
        for ((i = 0; i < 300; i++)); do kill -0 "$pid" 2> /dev/null || break; sleep 0.01; done
        t1=$(now_ms)
        if kill -0 "$pid" 2> /dev/null; then
            kill -KILL "$pid"
            wait "$pid"
            fail "$n" "still running 3 s after SIG$sig"
            continue
        fi
        wait "$pid"
        rc=$?
        ms=$((t1 - t0))
        echo "#   $n: stopped in $ms ms"
        if [ "$ms" -gt $((1000 * SLOW)) ]; then fail "$n" "took $ms ms to stop (limit $((1000 * SLOW)) ms)"
        elif [ "$rc" -ne 0 ]; then fail "$n" "exit status $rc: $(head -c 300 "$T/stop.err")"
        elif ! grep -q '"accounting_ok": true' "$T/s.json" 2> /dev/null; then fail "$n" "no statistics"
        elif ! grep -qx '\[pcap/tcp\] vifd: VIFlet Looper aborted in enqueue(): interrupted in Looper.enqueue: vifd is stopping' "$T/stop.err"; then
            fail "$n" "no interrupt line: $(head -c 300 "$T/stop.err")"
        elif ! grep -qx 'vifd: interrupted: writing statistics' "$T/stop.err"; then
            fail "$n" "no 'interrupted' line"
        else pass "$n"; fi
    done
done

# ---------------------------------------------- one VIFlet never stalls all
run_cpu() {   # NAME ARGS...: vifd with Looper on pcap/tcp, Relay on pcap/udp
    local name=$1; shift
    "$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --vif pcap/udp=udp \
        --load "pcap/tcp=$C/Looper.class" --load "pcap/udp=$C/Relay.class" \
        --stats "$T/$name.json" --quiet "$@" > "$T/$name.out" 2> "$T/$name.err"
}
t0=$(now_ms)
run_cpu cpu-default --budget 0
rc=$?
ms=$(( $(now_ms) - t0 ))
got=$(grep 'aborted' "$T/cpu-default.err")
same cpu/default/message '[pcap/tcp] vifd: VIFlet Looper aborted in enqueue(): CPU time limit of 100 ms per call exceeded in Looper.enqueue' "$got"
same cpu/default/exit-status 0 "$rc"
if grep -q '"path": "pcap/udp".*"state": "active"' "$T/cpu-default.json" &&
   [ "$ms" -lt 20000 ]; then pass cpu/default/others-forward
else fail cpu/default/others-forward "pcap/udp not active or run took $ms ms"; fi
run_cpu cpu-path --budget 0 --cpu pcap/tcp=300
got=$(grep 'aborted' "$T/cpu-path.err")
same cpu/per-vif '[pcap/tcp] vifd: VIFlet Looper aborted in enqueue(): CPU time limit of 300 ms per call exceeded in Looper.enqueue' "$got"
run_cpu cpu-budget --cpu 0
got=$(grep 'aborted' "$T/cpu-budget.err")
same cpu/none-budget-still '[pcap/tcp] vifd: VIFlet Looper aborted in enqueue(): instruction budget of 1000000 exhausted in Looper.enqueue' "$got"
same cpu/bad-value "vifd: error: bad --cpu '10x' (PATH=MS or MS: milliseconds, or Ns; 0 = none)" \
    "$(err_of --in "pcap:$IN" "${OUT[@]}" --cpu 10x)"

# ------------------------------------------------------------ heap and OOM
phys=$(( $(getconf _PHYS_PAGES) * $(getconf PAGESIZE) ))
mem=$(python3 -c "
b=$phys; u=-1; v=float(b)
while v >= 1024 and u < 3: v /= 1024; u += 1
n=['KiB','MiB','GiB','TiB'][u]
print('%d %s' % (v, n) if v == int(v) else '%.1f %s' % (v, n))")
same heap/above-memory "vifd: error: --heap: a heap quota of 1000 GiB is more than this machine's memory ($mem)" \
    "$(err_of --in "pcap:$IN" "${OUT[@]}" --heap 1000g)"
"$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --load "pcap/tcp=$C/AllocBomb.class" \
    --heap 16m --cpu 0 --quiet > /dev/null 2> "$T/oom.err"
same heap/oom-message '[pcap/tcp] vifd: VIFlet AllocBomb aborted in enqueue(): out of memory (heap quota 16 MiB): java.lang.OutOfMemoryError: Java heap space' \
    "$(grep aborted "$T/oom.err")"

# a full heap does not stall a VIFlet that drops: FillDrop (udp) fills its
# VM's heap on its first packet and drops every packet, as a second
# FillDrop (tcp, the same owner) does.  The dropped Packets stay rooted
# until an audit finds them; a packet whose allocation fails with the heap
# full first gets one audit, then one retry (dp_jpacket_new), so the
# handlers go on seeing packets: the drops are the handlers' (not the
# quota's) apart from a few
"$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/udp=udp --vif pcap/tcp=tcp \
    --load "pcap/udp=$C/FillDrop.class:u0" --load "pcap/tcp=$C/FillDrop.class:u0" \
    --heap 2m --stats "$T/fill.json" --quiet > /dev/null 2> "$T/fill.err"
rc=$?
check heap/full-drops-freed python3 -c '
import json, sys
if sys.argv[2] != "0": sys.exit("exit status %s: %s" % (sys.argv[2], open(sys.argv[3]).read()[:300]))
v = {x["path"]: x for x in json.load(open(sys.argv[1]))["vifs"]}
for p in ("pcap/udp", "pcap/tcp"):
    x = v[p]
    assert x["in"] >= 50, "%s: only %d packets in" % (p, x["in"])
    assert x["dropped_quota"] * 20 <= x["in"], "%s: %d of %d packets quota drops (handler drops %d): stalled on the full heap" % (p, x["dropped_quota"], x["in"], x["dropped_handler"])
print(" ".join("%s in %d handler %d quota %d" % (p, v[p]["in"], v[p]["dropped_handler"], v[p]["dropped_quota"]) for p in ("pcap/udp", "pcap/tcp")))' \
    "$T/fill.json" "$rc" "$T/fill.err"

# a 2 GiB array per packet: no memset of memory never touched (was seconds
# per call, with every VIF waiting)
if grep -q __asan_init "$VIFD"; then
    # (ASan's allocator clears what calloc returns)
    echo "SKIP: operator/heap/huge-arrays-cost-nothing-until-used: ASan build"
elif [ "$phys" -ge $((6 << 30)) ]; then
    t0=$(now_ms)
    timeout -k 5 60 "$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --load "pcap/tcp=$C/BigAlloc.class" \
        --heap 5g --budget 0 --cpu 0 --stats "$T/big.json" --quiet > /dev/null 2> "$T/big.err"
    rc=$?
    ms=$(( $(now_ms) - t0 ))
    if [ "$rc" -eq 0 ] && [ "$ms" -lt $((10000 * SLOW)) ] && ! grep -q aborted "$T/big.err"; then
        pass heap/huge-arrays-cost-nothing-until-used
    else
        fail heap/huge-arrays-cost-nothing-until-used "rc $rc, $ms ms: $(head -c 200 "$T/big.err")"
    fi
else
    echo "SKIP: operator/heap/huge-arrays-cost-nothing-until-used: less than 6 GiB of memory"
fi

# ------------------------------------------------------------------ rates
# tc's table (iproute2 get_rate): bits, bytes (x8), IEC (1024) forms
rate_of() {
    "$VIFD" --in "pcap:$IN" "${OUT[@]}" --rate "$1" 2>&1 | sed -n 's/^link: rate \([0-9]*\) bit\/s.*/\1/p'
}
while read -r r want; do
    same "rate/$r" "$want" "$(rate_of "$r")"
done << 'EOF'
64000 64000
1bit 1
100kbit 100000
10mbit 10000000
1gbit 1000000000
1tbit 1000000000000
1.5mbit 1500000
1000bps 8000
100kbps 800000
10mbps 80000000
1gbps 8000000000
1tbps 8000000000000
1kibit 1024
1mibit 1048576
1gibit 1073741824
1tibit 1099511627776
1kibps 8192
1mibps 8388608
1gibps 8589934592
10Mbit 10000000
EOF
U="(units as tc: bit, kbit, mbit, gbit, tbit (bits per second); bps, kbps, mbps, gbps, tbps (bytes per second, as tc); kibit, kibps... (powers of 1024))"
while IFS='|' read -r r why; do
    same "rate/refused/$r" "vifd: error: bad rate '$r': $why $U" "$(err_of --in "pcap:$IN" "${OUT[@]}" --rate "$r")"
done << 'EOF'
10m|unknown unit 'm'
10mb|unknown unit 'mb'
10mbit/s|unknown unit 'mbit/s'
10Mbps|'Mbps' is ambiguous (tc reads it as mbps, bytes per second): write mbit for bits or mbps for bytes per second
1KBps|'KBps' is ambiguous (tc reads it as kbps, bytes per second): write kbit for bits or kbps for bytes per second
0x10|not a decimal number
mbit|a rate starts with a number
0.1bit|below 1 bit per second
20tbit|above 10tbit
EOF

# --------------------------------------------------------------- messages
same msg/vif-space "vifd: error: bad VIF path 'pcap/w b' (a space is not allowed in a VIF name)" \
    "$(err_of --in "pcap:$IN" "${OUT[@]}" --vif 'pcap/w b=tcp')"
same msg/in-without-pcap "vifd: error: --in $T/in.pcap: an input capture is written pcap:FILE (--in pcap:$T/in.pcap); for live interfaces use --bridge A,B" \
    "$(err_of --in "$IN" "${OUT[@]}")"
# configuration files: syntax and values, with FILE:LINE
printf 'in pcap:%s\nout pcap:%s\n# a comment\nrate 10qbit\n' "$IN" "$T/out.pcap" > "$T/a.conf"
same msg/config/bad-value "vifd: error: $T/a.conf:4: bad rate '10qbit': unknown unit 'qbit' $U" \
    "$(err_of --config "$T/a.conf")"
printf 'in pcap:%s\nout pcap:%s\nload pcap\n' "$IN" "$T/out.pcap" > "$T/b.conf"
same msg/config/syntax "vifd: error: $T/b.conf:3: load PATH FILE [OWNER]" "$(err_of --config "$T/b.conf")"
printf 'in pcap:%s\nout pcap:%s\nvif pcap/web tcp port http80\n' "$IN" "$T/out.pcap" > "$T/c.conf"
got=$(err_of --config "$T/c.conf")
case "$got" in
    "vifd: error: $T/c.conf:3: "*) pass msg/config/bad-filter ;;
    *) fail msg/config/bad-filter "no FILE:LINE: [$got]" ;;
esac
printf 'in pcap:%s\nout pcap:%s\nvif pcap/web tcp\nquota pcap/nope 5\n' "$IN" "$T/out.pcap" > "$T/d.conf"
same msg/config/no-such-vif "vifd: error: $T/d.conf:4: --quota pcap/nope: no such VIF (define it with --vif first)" \
    "$(err_of --config "$T/d.conf")"
# live mode (--bridge) names FILE:LINE too: option errors and the per-VIF
# ones found once the interfaces are open (a veth pair in a namespace)
printf 'bridge x0,x1\nrate 10qbit\n' > "$T/l1.conf"
same msg/config/live-bad-value "vifd: error: $T/l1.conf:2: bad rate '10qbit': unknown unit 'qbit' $U" \
    "$(err_of --config "$T/l1.conf")"
if [ "$(id -u)" = 0 ] && ip netns add "op_$$" 2>/dev/null; then
    ip -n "op_$$" link add op0 type veth peer name op1 && ip -n "op_$$" link set op0 up &&
        ip -n "op_$$" link set op1 up
    printf 'bridge op0,op1\npolicy op0 frob\n' > "$T/l2.conf"
    same msg/config/live-per-vif "vifd: error: $T/l2.conf:2: --policy op0: unknown policy 'frob' (pass or drop)" \
        "$(ip netns exec "op_$$" "$VIFD" --config "$T/l2.conf" 2>&1 > /dev/null | head -n 1)"
    ip netns del "op_$$"
else
    echo "SKIP: operator/msg/config/live-per-vif: needs root and network namespaces"
fi
printf 'in %s\nout pcap:%s\n' "$IN" "$T/out.pcap" > "$T/f.conf"
same msg/config/in-without-pcap "vifd: error: $T/f.conf:1: --in $IN: an input capture is written pcap:FILE (--in pcap:$IN); for live interfaces use --bridge A,B" \
    "$(err_of --config "$T/f.conf")"
printf 'in pcap:%s\nout pcap:%s\nheap 1000g\n' "$IN" "$T/out.pcap" > "$T/g.conf"
same msg/config/heap "vifd: error: $T/g.conf:3: --heap: a heap quota of 1000 GiB is more than this machine's memory ($mem)" \
    "$(err_of --config "$T/g.conf")"
printf 'in pcap:%s\nout pcap:%s\nvif pcap/tcp tcp\nload pcap/tcp %s\nbudget pcap/tcp 0\ncpu pcap/tcp 50\nquiet\n' \
    "$IN" "$T/out.pcap" "$C/Looper.class" > "$T/h.conf"
same msg/config/cpu-line '[pcap/tcp] vifd: VIFlet Looper aborted in enqueue(): CPU time limit of 50 ms per call exceeded in Looper.enqueue' \
    "$("$VIFD" --config "$T/h.conf" 2>&1 | grep aborted)"
printf 'config %s/missing.conf\n' "$T" > "$T/e.conf"
same msg/config/nested-missing "vifd: error: $T/e.conf:1: config $T/missing.conf: No such file or directory" \
    "$(err_of --config "$T/e.conf")"
# a jar without a VIFlet (no Main-Class, no class of its name)
mkdir -p "$T/jar"
cp "$C/Relay.class" "$T/jar/"
(cd "$T/jar" && "$(dirname "$JAVAC")/jar" cf "$T/tools.jar" Relay.class)
same msg/jar-without-viflet "vifd: error: --load pcap=$T/tools.jar: no VIFlet in this jar: its manifest has no Main-Class naming one, and it has no class tools" \
    "$(err_of --in "pcap:$IN" "${OUT[@]}" --load "pcap=$T/tools.jar")"
# an uncaught exception names the VIFlet, the VIF and the handler
"$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --load "pcap/tcp=$C/Thrower.class" --quiet \
    > /dev/null 2> "$T/thr.err"
same msg/uncaught/abort-line '[pcap/tcp] vifd: VIFlet Thrower aborted in enqueue(): java.lang.ArrayIndexOutOfBoundsException: Index 20 out of bounds for length 2' \
    "$(grep aborted "$T/thr.err")"
same msg/uncaught/header '[pcap/tcp] Exception in VIFlet Thrower on VIF pcap/tcp, enqueue(): java.lang.ArrayIndexOutOfBoundsException: Index 20 out of bounds for length 2' \
    "$(grep 'Exception in' "$T/thr.err")"
if grep -q 'thread "main"' "$T/thr.err"; then fail msg/uncaught/no-main-thread "says thread \"main\""
else pass msg/uncaught/no-main-thread; fi
# a deep recursion: the trace is cut
"$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --load "pcap/tcp=$C/Recurse.class" --quiet \
    > /dev/null 2> "$T/rec.err"
n=$(grep -c '^\[pcap/tcp\]' "$T/rec.err")
if [ "$n" -le 45 ] && grep -q '^\[pcap/tcp\] 	\.\.\. [0-9]* more lines of the trace not shown$' "$T/rec.err" &&
   grep -q '^\[pcap/tcp\] vifd: VIFlet Recurse aborted in enqueue(): java.lang.StackOverflowError' "$T/rec.err"; then
    pass msg/deep-recursion-trace-bounded
else
    fail msg/deep-recursion-trace-bounded "$n log lines: $(tail -n 3 "$T/rec.err" | tr '\n' ' ')"
fi
# after an abort, a failed injection must not say the old VIFlet keeps running
D=$T/dir
mkdir -p "$D"
"$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --dir "$D" --speed 0.05 --quiet \
    --load "pcap/tcp=$C/Thrower.class" > /dev/null 2> "$T/inj.err" &
pid=$!
for ((i = 0; i < 200; i++)); do
    grep -q 'aborted' "$D/pcap/tcp/log" 2> /dev/null && break
    sleep 0.05
done
# with workers (workers_all.sh) each worker's instance aborts on its own
# first packet, a few ms apart: wait until no more abort lines come (the
# count unchanged for 1 s, at most 10 s), or a worker still running its
# Thrower rightly makes the injection say it keeps running
prev=-1
for ((i = 0; i < 10; i++)); do
    n=$(grep -c 'aborted' "$D/pcap/tcp/log" 2> /dev/null)
    [ "$n" = "$prev" ] && break
    prev=$n
    sleep 1
done
printf 'not a class file' > "$T/Broken.class"
mv "$T/Broken.class" "$D/pcap/tcp/Broken.class"
for ((i = 0; i < 200; i++)); do
    grep -q 'load of Broken.class failed' "$D/pcap/tcp/log" 2> /dev/null && break
    sleep 0.05
done
kill -INT "$pid" 2> /dev/null
wait "$pid"
got=$(grep 'load of Broken.class failed' "$D/pcap/tcp/log")
case "$got" in
    *"; Thrower stays aborted (packets pass straight through)") pass msg/no-keeps-running-after-abort ;;
    *) fail msg/no-keeps-running-after-abort "[$got]" ;;
esac
# the help text
help=$("$VIFD" --help)
for line in \
    '                          (default owner: the first component of PATH below the' \
    '                          root, e.g. web for pcap/web/x, and pcap for pcap itself;' \
    '                          default unlimited.  With --bridge: the rate of each' \
    '                          direction (A to B and B to A each get RATE)'; do
    if grep -qxF -- "$line" <<< "$help"; then pass "help/$(echo "$line" | tr -s ' ' | cut -c2-30)"
    else fail "help/$(echo "$line" | tr -s ' ' | cut -c2-30)" "line missing: $line"; fi
done
# the default owner is what the help says: pcap/tcp -> owner tcp
"$VIFD" --in "pcap:$IN" "${OUT[@]}" --vif pcap/tcp=tcp --load "pcap/tcp=$C/Relay.class" > "$T/own.out" 2>&1
if grep -qE '^pcap/tcp +Relay +tcp ' "$T/own.out"; then pass help/default-owner-true
else fail help/default-owner-true "$(grep Relay "$T/own.out")"; fi

# no sanitizer report in any run (the ASan build)
san=""
for f in "$T"/*.err; do
    if s=$(vt_sanitizer_grep "$f"); then san="$(basename "$f"): $s"; break; fi
done
if [ -z "$san" ]; then pass sanitizer-clean; else fail sanitizer-clean "${san:0:200}"; fi

echo "operator: $nfail failed"
[ "$nfail" -eq 0 ]
