#!/usr/bin/env bash
# tests/hostile/vifd.sh - the hostile corpus inside the datapath (issue 5):
# hostile VIFlets run in vifd next to a well-behaved one that must keep
# forwarding.
#
#   tests/hostile/vifd.sh [VIFD] [FILTER]
#
# VIFD defaults to build/release/vifd (pktgen_pcap is taken next to it).
# Cases are tests/hostile/viflets/: `<Case>.java` (javac --release 8
# against build/vif-api.jar; the VIFlet is class <Case>, nested classes
# come with it) and `<case>.j` (hand-made class files, assembled with
# tests/tools/Jasm.java), plus class_flood.j (tools/gen_class_flood.sh).
# Every case runs
#
#   vifd --in pcap:IN --out pcap:OUT --vif pcap/tcp=tcp --vif pcap/udp=udp
#        --load pcap/udp=Relay.class  (+ the hostile VIFlet on pcap/tcp)
#
# over a generated capture with TCP and UDP traffic, in one of two modes:
#   load    (default) --load pcap/tcp=<hostile>: for what happens at run time
#   inject  vifd --dir DIR --speed S: the hostile file is renamed into
#           DIR/pcap/tcp/ while packets flow - for VIFlets that the loader
#           must refuse (a --load failure stops vifd before any packet)
# and checks: vifd exits 0 within the time limit, no sanitizer report;
# every UDP packet went through unchanged, nothing forged or duplicated;
# pcap/udp stayed active; the accounting (every VIF: in = out + drops +
# held; globally) holds; then the case's own expectations, stated in its
# header comments (`//` or `;`):
#   mode: load|inject        see above (default load)
#   viflet: NAME             the VIFlet class (.j cases; .java: the file name)
#   jar: yes                 load a jar of all the case's classes
#                            (Main-Class: NAME) instead of NAME.class
#   args: OPTIONS            more vifd options (shell words; @DIR@ is the
#                            directory of the case's classes)
#   expect-log: ERE          (repeatable) a line of pcap/tcp's log matches
#   reject-log: ERE          (repeatable) no line of pcap/tcp's log matches
#   expect-stats: K=V ...    (repeatable) the --stats JSON: K is
#                            `path.counter` (pcap/tcp.aborts) or a
#                            top-level field; V may use TCP and UDP, the
#                            input's counts (TCP-20)
#   expect-dirstats: K=V ... (inject) DIR/pcap/tcp/stats (load_errors=1)
#   expect-refused: ERE      (load) the VIFlet is refused at load ("compile
#                            at load", vm_prepare_class): vifd exits 1
#                            before any packet with a stderr line matching
#                            ERE; nothing else is checked
#   max-seconds: N           must finish within N s (default 5)
#   shared-owner: yes        (load) also run it as <case>+shared, with both
#                            VIFlets in one owner's VM (one heap, one class
#                            namespace): the relay must survive that too
# A run is killed after 3 x max-seconds.  Prints `PASS: hostile/vifd/<case>`
# or `FAIL: hostile/vifd/<case>: why`, then `hostile/vifd: N passed, N
# failed`; exit status 1 if anything failed.
# Environment: HOSTILE_SLOW (multiplier for the time limits, default 1;
# use 4 for the ASan binary; above 1, every case also gets
# --cpu 500*HOSTILE_SLOW), VIFD_ARGS (more vifd options for every case,
# e.g. --int for the interpreter: the cases are then named
# hostile/vifd-int/<case>).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
    exit 2
fi
VIFD=${1:-build/release/vifd}
case "$VIFD" in /*) ;; *) VIFD=$PWD/$VIFD ;; esac
filter=${2:-}
PKTGEN=$(dirname "$VIFD")/pktgen_pcap
cd "$ROOT" || exit 2
API=$ROOT/build/vif-api.jar
for f in "$VIFD" "$PKTGEN" "$API"; do
    if [ ! -e "$f" ]; then
        echo "FAIL: hostile/vifd/setup: $f missing (make)"
        exit 1
    fi
done
# shellcheck source=tests/lib.sh
. "$ROOT/tests/lib.sh"
vt_find_jdk || exit 2
SLOW=${HOSTILE_SLOW:-1}
HERE=$ROOT/tests/hostile
CHECK="python3 $HERE/tools/vifdcheck.py"
BUILD=$ROOT/build/hostile-vifd/$(basename "$(dirname "$VIFD")")${VIFD_ARGS:+-$(echo "$VIFD_ARGS" | tr -c 'a-z0-9\n' '_')}
rm -rf "$BUILD" && mkdir -p "$BUILD"
chmod 755 "$BUILD"

read -r -a GLOBAL_ARGS <<< "${VIFD_ARGS:-}"
# a slow build (HOSTILE_SLOW > 1: ASan) gets a per-call CPU limit (--cpu,
# default 100 ms) scaled like the time limits, so that what a case expects
# (its budget, its heap) ends it, not the CPU time it takes on that build
[ "$SLOW" -gt 1 ] && GLOBAL_ARGS=(--cpu $((500 * SLOW)) "${GLOBAL_ARGS[@]}")
TAG=vifd
case " ${VIFD_ARGS:-} " in *" --int "*) TAG=vifd-int ;; esac
want_case() { [ -z "$filter" ] || grep -q -E -- "$filter" <<< "$1"; }

# directive KEY FILE: the values of `// KEY: v` / `; KEY: v` lines
directive() {
    sed -n -E "s/^[[:space:]]*(\/\/|;)[[:space:]]*$1:[[:space:]]?(.*)\$/\\2/p" "$2"
}

# ---------------------------------------------------------------- building
# case name -> source file, directory of its classes, VIFlet class
declare -A SRC=() CDIR=() CLS=()
names=()
javas=()
for f in "$HERE"/viflets/*.java; do
    n=$(basename "$f" .java)
    want_case "$n" || continue
    names+=("$n"); SRC[$n]=$f; CLS[$n]=$n; CDIR[$n]=$BUILD/cases/$n
    javas+=("$f")
done
# generated: ClassFlood (more classes than an owner VM may load)
mkdir -p "$BUILD/gen"
"$HERE/tools/gen_class_flood.sh" 1100 1024 "$BUILD/gen/class_flood.j" || exit 2
jfiles=()
for f in "$HERE"/viflets/*.j "$BUILD/gen/class_flood.j"; do
    n=$(basename "$f" .j)
    want_case "$n" || continue
    names+=("$n"); SRC[$n]=$f; CDIR[$n]=$BUILD/jasm/$n
    CLS[$n]=$(directive viflet "$f" | head -n 1)
    jfiles+=("$f")
done
if [ "${#names[@]}" -eq 0 ]; then
    echo "error: no case matches '$filter'" >&2
    exit 2
fi
mkdir -p "$BUILD/relay" "$BUILD/classes"
# one javac for the relay and every Java case (nested classes go with
# their case)
if ! "$JAVAC" --release 8 -nowarn -Xlint:-options -cp "$API" -d "$BUILD/classes" \
        "$ROOT/tests/datapath/viflets/Relay.java" "${javas[@]}" > "$BUILD/javac.log" 2>&1; then
    echo "FAIL: hostile/vifd/setup: javac failed (log: $BUILD/javac.log)"
    vt_indent < "$BUILD/javac.log"
    exit 1
fi
mv "$BUILD/classes/Relay.class" "$BUILD/relay/"
for f in "${javas[@]}"; do
    n=$(basename "$f" .java)
    mkdir -p "${CDIR[$n]}"
    cp "$BUILD/classes/$n.class" "$BUILD/classes/$n\$"*.class "${CDIR[$n]}/" 2> /dev/null
done
if [ "${#jfiles[@]}" -gt 0 ]; then
    mkdir -p "$BUILD/tools"
    if ! "$JAVAC" -nowarn -d "$BUILD/tools" "$ROOT/tests/tools/Jasm.java" > "$BUILD/jasm.log" 2>&1 ||
       ! "$JAVA" -cp "$BUILD/tools" Jasm "$BUILD/jasm" "${jfiles[@]}" >> "$BUILD/jasm.log" 2>&1; then
        echo "FAIL: hostile/vifd/setup: Jasm failed (log: $BUILD/jasm.log)"
        vt_indent < "$BUILD/jasm.log"
        exit 1
    fi
fi
# the file each case loads: NAME.class, or a jar of all its classes
declare -A FILE=()
for n in "${names[@]}"; do
    cls=${CLS[$n]}
    if [ "$(directive jar "${SRC[$n]}" | head -n 1)" = yes ]; then
        FILE[$n]=$BUILD/$n.jar
        $CHECK jar "${FILE[$n]}" "${cls//\//.}" "${CDIR[$n]}" ||
            { echo "FAIL: hostile/vifd/setup: jar of $n"; exit 1; }
    else
        FILE[$n]=${CDIR[$n]}/$cls.class
    fi
    [ -f "${FILE[$n]}" ] || { echo "FAIL: hostile/vifd/setup: ${FILE[$n]} missing"; exit 1; }
done

# the capture: TCP and UDP (about 200 ms of traffic)
IN=$BUILD/in.pcap
"$PKTGEN" -o "$IN" -n 200 --seed 1 --proto mix > /dev/null ||
    { echo "FAIL: hostile/vifd/setup: pktgen_pcap failed"; exit 1; }
read -r NTCP NUDP < <($CHECK counts "$IN")
if [ "${NTCP:-0}" -lt 20 ] || [ "${NUDP:-0}" -lt 20 ]; then
    echo "FAIL: hostile/vifd/setup: capture has $NTCP TCP and $NUDP UDP packets"
    exit 1
fi
RELAY=$BUILD/relay/Relay.class
# inject mode replays in wall time at this speed (200 ms of capture: 1 s,
# times HOSTILE_SLOW): the file must land while packets flow
SPEED=$(awk -v s="$SLOW" 'BEGIN { printf "%.4f", 0.2 / (s > 0 ? s : 1) }')

# ---------------------------------------------------------------- running
runs=()
for n in "${names[@]}"; do
    runs+=("$n")
    [ "$(directive shared-owner "${SRC[$n]}" | head -n 1)" = yes ] && runs+=("$n+shared")
done
declare -A MODE=() MAX=()
for run in "${runs[@]}"; do
    m=$(directive mode "${SRC[${run%+shared}]}" | head -n 1)
    MODE[$run]=${m:-load}
    m=$(directive max-seconds "${SRC[${run%+shared}]}" | head -n 1)
    MAX[$run]=$(( ${m:-5} * SLOW ))
done

# run_case RUN: runs vifd for one case; leaves rc, ms (and `picked`, for
# inject mode: whether vifd took the file in) in its directory
run_case() {
    local run=$1 n=${1%+shared} owner="" rc vpid i
    [ "$run" != "$n" ] && owner=:shared
    local f=${SRC[$n]} W=$BUILD/run/$1 max=${MAX[$1]}
    mkdir -p "$W"
    local argline
    argline=$(directive args "$f" | head -n 1)
    argline=${argline//@DIR@/${CDIR[$n]}}
    local extra=()
    eval "extra=($argline)"
    local base=(--in "pcap:$IN" --out "pcap:$W/out.pcap" --stats "$W/stats.json"
                --vif 'pcap/tcp=tcp' --vif 'pcap/udp=udp' --load "pcap/udp=$RELAY$owner"
                "${GLOBAL_ARGS[@]}")
    local t0
    t0=$(date +%s%N)
    if [ "${MODE[$run]}" = inject ]; then
        local D=$W/dir
        mkdir -p "$D" && chmod 755 "$D"
        timeout -k 5 $((max * 3)) "$VIFD" "${base[@]}" --dir "$D" --speed "$SPEED" "${extra[@]}" \
            > "$W/stdout" 2> "$W/stderr" < /dev/null &
        vpid=$!
        # once vifd made the VIF directories (the replay starts right
        # after), rename the file in: inotify sees it arrive complete
        for ((i = 0; i < 250 * SLOW; i++)); do
            [ -f "$D/pcap/tcp/stats" ] && break
            kill -0 "$vpid" 2> /dev/null || break
            sleep 0.02
        done
        local b
        b=$(basename "${FILE[$n]}")
        cp "${FILE[$n]}" "$W/$b" && mv "$W/$b" "$D/pcap/tcp/$b"
        wait "$vpid"
        rc=$?
    else
        timeout -k 5 $((max * 3)) "$VIFD" "${base[@]}" --logdir "$W/logs" \
            --load "pcap/tcp=${FILE[$n]}$owner" "${extra[@]}" > "$W/stdout" 2> "$W/stderr" < /dev/null
        rc=$?
    fi
    echo "$rc" > "$W/rc"
    echo $(( ($(date +%s%N) - t0) / 1000000 )) > "$W/ms"
}

# the injections (paced replays, mostly asleep) all at once, in the
# background; the --load runs one by one meanwhile
bg=()
for run in "${runs[@]}"; do
    [ "${MODE[$run]}" = inject ] || continue
    run_case "$run" &
    bg+=($!)
done
for run in "${runs[@]}"; do
    [ "${MODE[$run]}" = inject ] || run_case "$run"
done
for p in "${bg[@]}"; do wait "$p"; done

# ---------------------------------------------------------------- checking
# (one python process checks every run: exit status, time, sanitizer,
# log directives, output capture, statistics)
: > "$BUILD/runs.tsv"
for run in "${runs[@]}"; do
    n=${run%+shared}
    W=$BUILD/run/$run
    injected=-
    [ "${MODE[$run]}" = inject ] && injected=$(basename "${FILE[$n]}")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$run" "${SRC[$n]}" "${MODE[$run]}" "$W" \
        "$(cat "$W/rc" 2> /dev/null || echo '?')" "$(cat "$W/ms" 2> /dev/null || echo 0)" \
        "${MAX[$run]}" "$injected" >> "$BUILD/runs.tsv"
done
$CHECK suite "$TAG" "$IN" "$BUILD/runs.tsv"
