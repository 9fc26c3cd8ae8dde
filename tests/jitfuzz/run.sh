#!/usr/bin/env bash
# tests/jitfuzz/run.sh - differential fuzzing of vifvm's JIT against its interpreter
# (and against OpenJDK): random Java programs from tests/jitfuzz/gen.py, compiled with
# javac --release 8 in batches, each run with
#     vifvm --int              the reference
#     vifvm                    the JIT with every optimization
#     vifvm -Xjit:-all         the JIT without optimizations (if the option is accepted)
#     vifvm -Xjit:tier2=all    the JIT with the second tier (its code) on every method
#     vifvm -Xjit:tier2=all,deopt-every=N   the same, tier-2 code leaving to the
#                              interpreter at every N-th exit point (N in 1..5 by seed)
#                              (if the option is accepted; a tier-2 graph that fails
#                              its checks prints to stderr, so the run differs)
#     vifvm -Xjit:tier2=all,hot,calls=C,backedges=B   tier 2 by counts, loops entered
#                              in tier-2 code at their B-th back edge (OSR), C in 1..2,
#                              B in 1..4 by seed (if the option is accepted)
#     vifvm -Xjit-threshold:T  mixed mode, methods compiled at their (T+1)-th call, T in 1..3
#                              (if the option is accepted)
#     vifvm -Xmx1m / --int -Xmx1m   a small heap, every --heap-every'th program
#     java                     OpenJDK, every --java-every'th program
# comparing stdout, stderr and the exit status.  When the JIT differs from the
# interpreter, the program is rerun with each optimization switched off alone
# (-Xjit:-<opt>) to name the culprit.
#
#   tests/jitfuzz/run.sh [--seconds N] [--seed S] [--count N] [--vifvm PATH] [--keep]
#                        [--batch N] [--java-every N] [--heap-every N] [--timeout S]
#                        [--no-regressions]
#
# --seconds N   wall-clock bound of the random part (default 60)
# --seed S      seed of the first program (default: from the clock); program k of the
#               run has seed S+k, class JF<seed>, so `--seed S --count 1` reruns one
# --count N     stop after N programs (default: no limit but --seconds)
# --vifvm PATH  the binary under test (default build/release/vifvm)
# --keep        keep the work directory build/jitfuzz/work.<pid>
# --timeout S   per-run timeout (default 10 s); a timeout is a failure unless every
#               engine times out
# First, every time, the regressions tests/jitfuzz/regressions/*.java are run on
# every engine and compared with their .expected file (OpenJDK's stdout).
# On a mismatch the program, the outputs and the command lines are saved under
# build/jitfuzz/failures/<seed>/ and `FAIL: jitfuzz/<seed>: <what differed>` printed.
# Ends with `PASS: jitfuzz/differential (N programs, M runs, K s)` when nothing failed,
# then `jitfuzz: N passed, N failed`; exit status 1 on any failure.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/tests/jitfuzz
seconds=60 seed="" count=0 vifvm=$ROOT/build/release/vifvm keep=0 batch=8
java_every=5 heap_every=3 tmo=10 regressions=1
OPTS="regcache combineop combineld acache object inlining nullify inlineclk fastinv mcache bce aastore floatops regbudget writeback longops typecheck alloc"

usage() { sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) shift; seconds=${1:?} ;;
        --seed) shift; seed=${1:?} ;;
        --count) shift; count=${1:?} ;;
        --vifvm) shift; vifvm=${1:?} ;;
        --keep) keep=1 ;;
        --batch) shift; batch=${1:?} ;;
        --java-every) shift; java_every=${1:?} ;;
        --heap-every) shift; heap_every=${1:?} ;;
        --timeout) shift; tmo=${1:?} ;;
        --no-regressions) regressions=0 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
[ -n "$seed" ] || seed=$(( ($(date +%s) % 100000) * 1000 ))
case "$vifvm" in /*) ;; *) vifvm=$PWD/$vifvm ;; esac
[ -x "$vifvm" ] || { echo "FAIL: jitfuzz: no vifvm binary at $vifvm (make first)"; echo "jitfuzz: 0 passed, 1 failed"; exit 1; }
# python3, javac and java are dependencies (scripts/install-deps.sh): without
# one the differential cannot run, which is a failure, not a skip
for t in python3 javac java; do
    command -v "$t" >/dev/null || { echo "FAIL: jitfuzz/setup: no $t (scripts/install-deps.sh)"; echo "jitfuzz: 0 passed, 1 failed"; exit 1; }
done
have_java=1
# javac's own JIT limited to C1: twice as fast for these short compilations
JAVAC=(javac -J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC -nowarn -Xlint:none --release 8)

OUT=$ROOT/build/jitfuzz
WORK=$OUT/work.$$
FAILDIR=$OUT/failures
mkdir -p "$WORK" "$FAILDIR"
cleanup() { [ "$keep" = 1 ] || rm -rf "$WORK"; }
trap cleanup EXIT

# Does this vifvm accept -Xjit:? (-Xjit:-all alone, and each optimization's switch)
noopt=0
"$vifvm" -Xjit:-all -version >/dev/null 2>&1 && noopt=1
thr=0
"$vifvm" -Xjit-threshold:1 -version >/dev/null 2>&1 && thr=1
t2=0
"$vifvm" -Xjit:tier2=all -version >/dev/null 2>&1 && t2=1
t2d=0
"$vifvm" -Xjit:tier2=all,deopt-every=1 -version >/dev/null 2>&1 && t2d=1
t2h=0
"$vifvm" -Xjit:tier2=all,hot,calls=1,backedges=1 -version >/dev/null 2>&1 && t2h=1
optlist=""
for o in $OPTS; do "$vifvm" -Xjit:-"$o" -version >/dev/null 2>&1 && optlist="$optlist $o"; done

passed=0 failed=0 programs=0 runs=0 alltimeout=0
start=$(date +%s)

# run LABEL DIR CLASS CMD... : runs CMD with a timeout, output to DIR/LABEL.{out,err,rc,cmd}
run() {
    local label=$1 dir=$2; shift 2
    printf '%s\n' "$*" >"$dir/$label.cmd"
    # (in a subshell with stderr discarded: bash's "Segmentation fault" notices)
    ( timeout -k 2 "$tmo" "$@" >"$dir/$label.out" 2>"$dir/$label.err"; echo $? >"$dir/$label.rc" ) 2>/dev/null
    runs=$((runs + 1))
}
# same DIR A B : whether two runs agree (stdout, stderr, exit status)
same() {
    cmp -s "$1/$2.out" "$1/$3.out" && cmp -s "$1/$2.err" "$1/$3.err" && cmp -s "$1/$2.rc" "$1/$3.rc"
}
# what DIR A B : a one-line description of how run B differs from run A
what() {
    local d=$1 a=$2 b=$3 ra rb
    ra=$(cat "$d/$a.rc") rb=$(cat "$d/$b.rc")
    if [ "$rb" = 124 ] || [ "$rb" = 137 ]; then echo "$b timed out (${tmo}s), $a exit $ra"; return; fi
    if [ "$ra" != "$rb" ]; then
        echo "$b exit $rb, $a exit $ra$(head -c 160 "$d/$b.err" | tr '\n' ' ' | sed 's/^./: &/')"; return
    fi
    if ! cmp -s "$d/$a.out" "$d/$b.out"; then
        local n
        n=$(cmp "$d/$a.out" "$d/$b.out" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
        [ -n "$n" ] || n=$(( $(wc -l <"$d/$a.out") + 1 ))
        echo "$b stdout differs from $a at line $n: $(sed -n "${n}p" "$d/$b.out" | cut -c1-100) (expected $(sed -n "${n}p" "$d/$a.out" | cut -c1-60))"
        return
    fi
    echo "$b stderr differs from $a: $(diff "$d/$a.err" "$d/$b.err" | grep '^[<>]' | head -2 | tr '\n' ' ' | cut -c1-160)"
}

save_failure() {  # save_failure SEED DIR MSG [CLASSPATH]
    local s=$1 d=$2 msg=$3 cp=${4:-} f=$FAILDIR/$1
    rm -rf "$f"; mkdir -p "$f"
    cp "$d"/*.java "$d"/*.out "$d"/*.err "$d"/*.rc "$d"/*.cmd "$f"/ 2>/dev/null
    if [ -n "$cp" ]; then
        mkdir -p "$f/cls"; cp "$cp/JF$s.class" "$cp/JF$s\$"*.class "$f/cls/" 2>/dev/null
        sed -i "s|-cp $cp |-cp $f/cls |" "$f"/*.cmd
    fi
    {
        echo "$msg"
        echo "seed $s; regenerate: python3 tests/jitfuzz/gen.py --seed $s --out DIR"
        echo "rerun: tests/jitfuzz/run.sh --seed $s --count 1 --java-every 1 --heap-every 1 --no-regressions"
        echo "commands (the classes are in $f/cls):"
        for c in "$f"/*.cmd; do printf '  %s: %s\n' "$(basename "$c" .cmd)" "$(cat "$c")"; done
    } >"$f/summary.txt"
    echo "FAIL: jitfuzz/$s: $msg"
    failed=$((failed + 1))
}

# check SEED DIR CLASS CP JAVAFLAG HEAPFLAG : runs one program on every engine and compares
check() {
    local s=$1 d=$2 cls=$3 cp=$4 wantjava=$5 wantheap=$6 labels msg=""
    run int "$d" "$vifvm" --int -cp "$cp" "$cls"
    run jit "$d" "$vifvm" -cp "$cp" "$cls"
    labels="jit"
    if [ "$noopt" = 1 ]; then run jit-noopt "$d" "$vifvm" -Xjit:-all -cp "$cp" "$cls"; labels="$labels jit-noopt"; fi
    if [ "$t2" = 1 ]; then run jit-tier2 "$d" "$vifvm" -Xjit:tier2=all -cp "$cp" "$cls"; labels="$labels jit-tier2"; fi
    # tier-2 code leaving to the interpreter at every N-th exit point it
    # passes (N from the seed: every kind of point over the programs)
    if [ "$t2d" = 1 ]; then
        local n=$(( s % 5 + 1 ))
        run "jit-t2exit$n" "$d" "$vifvm" -Xjit:tier2=all,deopt-every=$n -cp "$cp" "$cls"; labels="$labels jit-t2exit$n"
    fi
    # tier 2 by counts, loops entered in tier-2 code at a tiny back-edge
    # count (OSR; calls 1..2, back edges 1..4 from the seed)
    if [ "$t2h" = 1 ]; then
        local hc=$(( s % 2 + 1 )) hb=$(( s / 2 % 4 + 1 ))
        run "jit-t2hot$hc.$hb" "$d" "$vifvm" -Xjit:tier2=all,hot,calls=$hc,backedges=$hb -cp "$cp" "$cls"; labels="$labels jit-t2hot$hc.$hb"
    fi
    # mixed mode: methods interpreted at their first call(s), compiled afterwards
    if [ "$thr" = 1 ]; then
        local t=$(( s % 3 + 1 ))
        run "jit-thr$t" "$d" "$vifvm" -Xjit-threshold:$t -cp "$cp" "$cls"; labels="$labels jit-thr$t"
    fi
    if [ "$wantheap" = 1 ]; then
        if [ $((s % 2)) = 0 ]; then run jit-xmx1m "$d" "$vifvm" -Xmx1m -cp "$cp" "$cls"; labels="$labels jit-xmx1m"
        else run int-xmx1m "$d" "$vifvm" --int -Xmx1m -cp "$cp" "$cls"; labels="$labels int-xmx1m"; fi
    fi
    if [ "$wantjava" = 1 ] && [ "$have_java" = 1 ]; then
        run java "$d" java -Xss8m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$cp" "$cls"
        sed -i '/^Picked up /d' "$d/java.err"
        labels="$labels java"
    fi
    # every engine timed out: the program (not an engine) is at fault; not a failure
    local l all=1
    for l in int $labels; do
        case $(cat "$d/$l.rc") in 124|137) ;; *) all=0 ;; esac
    done
    if [ "$all" = 1 ]; then echo "NOTE: jitfuzz/$s: every engine timed out"; alltimeout=$((alltimeout + 1)); return 0; fi
    local bad=""
    for l in $labels; do same "$d" int "$l" || bad="$bad $l"; done
    [ -z "$bad" ] && return 0
    # name the differences; bisect the JIT's optimizations when the JIT differs
    for l in $bad; do msg="$msg${msg:+; }$(what "$d" int "$l")"; done
    # the first differing JIT run (its own flags kept) is rerun with each switch off
    local base="" bl=""
    for l in $bad; do
        case $l in
            jit) base="" bl=jit; break ;;
            jit-thr*) base="-Xjit-threshold:${l#jit-thr}" bl=$l; break ;;
            jit-xmx1m) base="-Xmx1m" bl=$l; break ;;
        esac
    done
    if [ -n "$bl" ] && [ -n "$optlist" ]; then
        local fix=""
        for o in $optlist; do
            # shellcheck disable=SC2086
            run "$bl-no-$o" "$d" "$vifvm" $base -Xjit:-$o -cp "$cp" "$cls"
            same "$d" int "$bl-no-$o" && fix="$fix $o"
        done
        if [ -n "$fix" ]; then msg="$msg; $bl matches with -Xjit:-<opt> for:$fix"
        elif [ "$noopt" = 1 ] && ! case " $bad " in *" jit-noopt "*) true ;; *) false ;; esac; then
            msg="$msg; only -Xjit:-all fixes it (optimizations interact)"
        else msg="$msg; no -Xjit switch fixes it (baseline JIT)"; fi
    fi
    save_failure "$s" "$d" "$msg" "$cp"
    return 1
}

# ---- the regressions (every time)
if [ "$regressions" = 1 ] && ls "$HERE"/regressions/*.java >/dev/null 2>&1; then
    R=$WORK/regressions
    mkdir -p "$R/cls"
    if ! "${JAVAC[@]}" -d "$R/cls" "$HERE"/regressions/*.java >"$R/javac.log" 2>&1; then
        echo "FAIL: jitfuzz/regressions: javac failed (see $R/javac.log)"; failed=$((failed + 1)); keep=1
    else
        rp=0 rf=0
        for j in "$HERE"/regressions/*.java; do
            n=$(basename "$j" .java)
            d=$R/$n; mkdir -p "$d"; cp "$j" "$d/"
            cp "${j%.java}.expected" "$d/expected.out" 2>/dev/null || { echo "FAIL: jitfuzz/regressions/$n: no $n.expected"; rf=$((rf + 1)); continue; }
            : >"$d/expected.err"; echo 0 >"$d/expected.rc"
            bad=""
            for cfg in "int:--int" "jit:" "jit-noopt:-Xjit:-all" "jit-tier2:-Xjit:tier2=all" "jit-t2exit2:-Xjit:tier2=all,deopt-every=2" "jit-thr1:-Xjit-threshold:1" "jit-xmx1m:-Xmx1m"; do
                l=${cfg%%:*} f=${cfg#*:}
                [ "$l" = jit-noopt ] && [ "$noopt" = 0 ] && continue
                [ "$l" = jit-tier2 ] && [ "$t2" = 0 ] && continue
                [ "$l" = jit-t2exit2 ] && [ "$t2d" = 0 ] && continue
                [ "$l" = jit-thr1 ] && [ "$thr" = 0 ] && continue
                # shellcheck disable=SC2086
                run "$l" "$d" "$vifvm" $f -cp "$R/cls" "$n"
                same "$d" expected "$l" || bad="$bad; $(what "$d" expected "$l")"
            done
            if [ -n "$bad" ]; then
                echo "FAIL: jitfuzz/regressions/$n: ${bad#; }"; rf=$((rf + 1))
                mkdir -p "$FAILDIR/regressions"; rm -rf "$FAILDIR/regressions/$n"; cp -r "$d" "$FAILDIR/regressions/$n"
            else rp=$((rp + 1)); fi
        done
        if [ "$rf" = 0 ]; then echo "PASS: jitfuzz/regressions ($rp programs)"; passed=$((passed + 1))
        else failed=$((failed + rf)); fi
    fi
fi

# ---- the random programs
echo "jitfuzz: seeds from $seed, ${seconds}s, vifvm $vifvm (-Xjit:-all $([ $noopt = 1 ] && echo accepted || echo refused); -Xjit-threshold $([ $thr = 1 ] && echo accepted || echo refused); -Xjit:tier2=all $([ $t2 = 1 ] && echo accepted || echo refused); switches:${optlist:- none})"
next=$seed
nbatch=0
while :; do
    now=$(date +%s)
    [ $((now - start)) -lt "$seconds" ] || break
    [ "$count" = 0 ] || [ "$programs" -lt "$count" ] || break
    n=$batch
    [ "$count" = 0 ] || [ $((count - programs)) -ge "$n" ] || n=$((count - programs))
    B=$WORK/b$nbatch; nbatch=$((nbatch + 1))
    mkdir -p "$B/cls"
    seeds=$(seq "$next" $((next + n - 1)))
    next=$((next + n))
    # shellcheck disable=SC2086
    if ! python3 "$HERE/gen.py" --seeds $seeds --out "$B"; then
        echo "FAIL: jitfuzz/gen: gen.py failed for seeds ${seeds//$'\n'/ }"; failed=$((failed + 1)); break
    fi
    if ! "${JAVAC[@]}" -d "$B/cls" "$B"/*.java >"$B/javac.log" 2>&1; then
        # find the program(s) javac rejects (a generator bug): compile one by one
        rm -rf "$B/cls"; mkdir -p "$B/cls"
        for s in $seeds; do
            if ! "${JAVAC[@]}" -d "$B/cls" "$B/JF$s.java" >"$B/javac.$s.log" 2>&1; then
                mkdir -p "$B/p$s"; cp "$B/JF$s.java" "$B/javac.$s.log" "$B/p$s/"
                echo 1 >"$B/p$s/javac.rc"; : >"$B/p$s/javac.cmd"; cp "$B/javac.$s.log" "$B/p$s/javac.err"; : >"$B/p$s/javac.out"
                save_failure "$s" "$B/p$s" "javac rejected the generated program (generator bug): $(grep -m1 error "$B/javac.$s.log" | cut -c1-120)"
                programs=$((programs + 1))
            fi
        done
    fi
    for s in $seeds; do
        [ -f "$B/cls/JF$s.class" ] || continue
        [ $(( $(date +%s) - start )) -lt "$seconds" ] || break
        d=$B/p$s; mkdir -p "$d"; cp "$B/JF$s.java" "$d/"
        wj=0; [ $(( (s - seed) % java_every )) = 0 ] && wj=1
        wh=0; [ $(( (s - seed) % heap_every )) = $(( heap_every - 1 )) ] && wh=1
        [ "$heap_every" = 1 ] && wh=1
        programs=$((programs + 1))
        if check "$s" "$d" "JF$s" "$B/cls" "$wj" "$wh"; then passed=$((passed + 1)); fi
        [ $((programs % 100)) != 0 ] || echo "jitfuzz: $programs programs, $runs runs, $(( $(date +%s) - start )) s, $failed failed"
    done
    [ "$keep" = 1 ] || rm -rf "$B"
done

elapsed=$(( $(date +%s) - start ))
[ "$alltimeout" = 0 ] || echo "NOTE: jitfuzz: $alltimeout program(s) timed out on every engine (not counted as failures)"
if [ "$programs" = 0 ]; then
    echo "FAIL: jitfuzz/differential: no program was generated and run in ${elapsed} s"
    failed=$((failed + 1))
elif [ "$failed" = 0 ]; then
    echo "PASS: jitfuzz/differential ($programs programs, $runs runs, ${elapsed} s)"
fi
echo "jitfuzz: $passed passed, $failed failed"
[ "$failed" = 0 ]
