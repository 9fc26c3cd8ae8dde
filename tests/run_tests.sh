#!/usr/bin/env bash
# tests/run_tests.sh - the whole vifvm test suite.
#
#   tests/run_tests.sh [--quick] [--only STAGE[,STAGE...]] [--no-deps] [--list]
#
# First runs scripts/install-deps.sh: as root it installs missing Debian
# packages; otherwise, if something is missing, it prints the apt-get command
# and the suite stops (--no-deps skips this step).
# Stages, in order (each prints PASS:/FAIL:/SKIP: lines):
#   build        release build with gcc and with clang (-Werror), check-freestanding
#   asan         ASan+UBSan build (make asan)
#   unit         C unit tests, release and asan builds
#   natives      tests/check_natives.sh (if present)
#   conformance  Java conformance corpus on build/release/vifvm and build/asan/vifvm
#   jitobs       tests/jit/observe.sh: the JIT's --perf-map, --jit-disasm, --stats table and
#                -Xjit: options; tests/jit/calls.sh and opts.sh: the call and the code
#                optimizations each on/off against java; budget_parity.sh: both engines
#                charge the same instruction budget; release and asan builds
#   malformed    tests/malformed/run_classes.sh and run_jars.sh (if present) on the asan binary
#   verify       tests/verify/run.sh: forged classes the verifier must reject or accept, and
#                the verifier over all javac output (library, corpus); release and asan builds
#   jitfuzz      tests/jitfuzz/run.sh --seconds 60: JIT vs interpreter vs OpenJDK on random
#                generated programs (and the minimised regressions first)
#   hostile      tests/hostile/run.sh: the sandbox's hostile corpus (budget, limits,
#                quotas, impostor classes) on both engines; tests/hostile/vifd.sh: hostile
#                VIFlets inside vifd next to a forwarding VIF; release and asan builds
#   datapath     tests/datapath/run.sh: vifd pcap-to-pcap tests, release and asan builds
#   live         tests/datapath/live.sh: vifd --bridge over veths in network namespaces
#                (root; SKIP where namespaces cannot be made), release and asan builds
#   inject       tests/datapath/inject.sh: the injection directory (vifd --dir): hot swap
#                while packets flow, permissions (root; SKIP otherwise), release and asan
#   valgrind     a varied subset of the corpus under valgrind, release binary
#   fuzz         tests/fuzz/run_fuzz.sh 60 (if present; about one minute)
# and ends with the line `N passed, N failed` (exit status 1 if anything failed).
#
# --quick   release build only (gcc): build, unit, natives, conformance, jitobs, malformed,
#           verify, hostile, datapath, live, inject on the release binary; no clang, asan, valgrind
#           or fuzz.
# --only    run just the named stages; the builds they need are made first
#           (quietly, failures still reported).
# Logs: build/test-logs/ (make output of each build, the full suite output).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
ALL_STAGES="build asan unit natives conformance jitobs malformed verify hostile datapath live inject valgrind jitfuzz fuzz"
QUICK_STAGES="build unit natives conformance jitobs malformed verify hostile datapath live inject"
JOBS=$(nproc 2>/dev/null || echo 2)
LOGDIR=$ROOT/build/test-logs

# The valgrind subset: varied, short-running programs of the corpus (both releases;
# about a minute in total).
VALGRIND_PROGRAMS="HelloWorld IntArith LongArith DoubleArith Conversions TableSwitch StringSwitch MultiArray
ArrayCopy StaticInitOrder StaticInitInterface InterfaceDefault EnumBodies TryWithResources ExceptionInInitializer
UncaughtException StackOverflow StringBuilderOps HashMapOps Nestmates FloatToString AllocCycles PriQScheduler JsonPretty"

usage() { sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

quick=0 only="" deps=1
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1 ;;
        --only) shift; only=${1:-}; [ -n "$only" ] || { usage >&2; exit 2; } ;;
        --only=*) only=${1#--only=} ;;
        --no-deps) deps=0 ;;
        --list) echo "$ALL_STAGES"; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
if [ -n "$only" ]; then
    stages=${only//,/ }
    for s in $stages; do
        case " $ALL_STAGES " in *" $s "*) ;; *) echo "unknown stage: $s (stages: $ALL_STAGES)" >&2; exit 2 ;; esac
    done
elif [ "$quick" = 1 ]; then
    stages=$QUICK_STAGES
else
    stages=$ALL_STAGES
fi
want() { case " $stages " in *" $1 "*) return 0 ;; esac; return 1; }

mkdir -p "$LOGDIR"
SUMMARY=$LOGDIR/suite.log

# ---------------------------------------------------------------- helpers
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
skip() { echo "SKIP: $1: $2"; }
stage() { echo; echo "== $1"; }

# make_build NAME ARGS... : one make invocation, output in $LOGDIR/make-NAME.log.
# Prints PASS/FAIL unless QUIET_OK=1 (then only failures are printed).
declare -A built=()
make_build() {
    local name=$1; shift
    local log=$LOGDIR/make-$name.log
    if timeout 1800 make -j"$JOBS" "$@" > "$log" 2>&1; then
        built[$name]=ok
        [ "${QUIET_OK:-0}" = 1 ] || pass "build/$name"
        return 0
    fi
    built[$name]=failed
    fail "build/$name" "make $* failed (log: ${log#"$ROOT"/})"
    grep -E '(error|warning):|undefined reference|\*\*\*' "$log" | head -n 15 | sed 's/^/    /'
    return 1
}
# ensure_build NAME: make sure a build needed by a stage exists (quietly).
ensure_build() {
    [ -n "${built[$1]:-}" ] && { [ "${built[$1]}" = ok ]; return; }
    case "$1" in
        release) QUIET_OK=1 make_build release O=build/release ;;
        asan)    QUIET_OK=1 make_build asan asan ;;
        clang)   QUIET_OK=1 make_build clang CC=clang O=build/clang ;;
    esac
}

# run_script LABEL CMD...: run a test script, pass its output through, and add
# a FAIL line if it exited non-zero without reporting a failure itself.
run_script() {
    local label=$1; shift
    local out rc
    out=$(mktemp)
    "$@" 2>&1 | tee "$out"
    rc=${PIPESTATUS[0]}
    if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$out"; then
        fail "$label" "exited with status $rc"
    elif [ "$rc" -eq 0 ] && ! grep -q -E '^(PASS|FAIL|SKIP): ' "$out"; then
        pass "$label"
    fi
    rm -f "$out"
}

# run_unit MODE: build and run the unit tests of one build mode.
run_unit() {
    local mode=$1 bins t out rc name
    # `make unit` builds what the tests link (core library, platform objects)
    if ! QUIET_OK=1 make_build "unit-$mode" unit O=build/"$mode" MODE="$mode"; then return; fi
    bins=$(ls build/"$mode"/tests/test_* 2>/dev/null | grep -v '\.[a-z]*$')
    if [ -z "$bins" ]; then skip "unit/$mode" "no unit tests"; return; fi
    for t in $bins; do
        name=unit/$mode/$(basename "$t")
        out=$(mktemp)
        timeout 600 "./$t" > "$out" 2>&1 < /dev/null
        rc=$?
        sed -E "s#^(PASS|FAIL): #\\1: $name/#" "$out" | grep -E '^(PASS|FAIL|SKIP): '
        if san=$(grep -m1 -E 'AddressSanitizer|LeakSanitizer|runtime error:' "$out"); then
            fail "$name" "sanitizer: ${san:0:150}"
            grep -E -A8 'AddressSanitizer|LeakSanitizer|runtime error:' "$out" | head -n 12 | sed 's/^/    /'
        elif [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$out"; then
            if [ "$rc" = 124 ]; then fail "$name" "timed out"; else fail "$name" "exit status $rc"; fi
            tail -n 5 "$out" | sed 's/^/    /'
        elif [ "$rc" -eq 0 ] && ! grep -q -E '^(PASS|FAIL): ' "$out"; then
            pass "$name"
        fi
        rm -f "$out"
    done
    # the stack maps (and the JIT's depth walk against them) over every
    # class of the embedded library: javac output of every shape
    if [ -x build/"$mode"/tests/test_stackmap ] && [ -d build/lib-classes ]; then
        name=unit/$mode/test_stackmap/library
        if out=$(find build/lib-classes -name '*.class' -print0 |
                 xargs -0 timeout 600 build/"$mode"/tests/test_stackmap 2>&1); then
            pass "$name"
        else
            fail "$name" "$(echo "$out" | grep -m1 -v '^bulk' | cut -c1-150)"
            echo "$out" | tail -n 6 | sed 's/^/    /'
        fi
    fi
}

# ---------------------------------------------------------------- stages
main() {
    local t0 ts
    t0=$(date +%s)
    echo "vifvm test suite: stages: $stages (jobs: $JOBS)"
    if [ "$deps" = 1 ] && ! scripts/install-deps.sh; then
        fail dependencies "missing packages (see above); the suite needs them"
        return
    fi
    for s in $stages; do
        ts=$(date +%s)
        stage "$s"
        case "$s" in
        build)
            make_build release O=build/release
            if [ "$quick" = 0 ]; then make_build clang CC=clang O=build/clang; fi
            if [ "${built[release]:-}" = ok ]; then
                if make -s check-freestanding O=build/release > "$LOGDIR/freestanding-gcc.log" 2>&1; then
                    pass "check-freestanding/gcc"
                else
                    fail "check-freestanding/gcc" "$(tail -n 3 "$LOGDIR/freestanding-gcc.log" | tr '\n' ' ')"
                fi
            fi
            if [ "$quick" = 0 ] && [ "${built[clang]:-}" = ok ]; then
                if make -s check-freestanding CC=clang O=build/clang > "$LOGDIR/freestanding-clang.log" 2>&1; then
                    pass "check-freestanding/clang"
                else
                    fail "check-freestanding/clang" "$(tail -n 3 "$LOGDIR/freestanding-clang.log" | tr '\n' ' ')"
                fi
            fi
            ;;
        asan)
            make_build asan asan
            ;;
        unit)
            run_unit release
            [ "$quick" = 1 ] || run_unit asan
            ;;
        natives)
            if [ -x tests/check_natives.sh ]; then
                run_script natives tests/check_natives.sh
            else
                skip natives "tests/check_natives.sh not present"
            fi
            ;;
        conformance)
            # both engines: the JIT (the default) and the interpreter (--int)
            if ensure_build release; then
                run_script conformance/release tests/conformance/run.sh build/release/vifvm
                VIFVM_ARGS=--int run_script conformance/release-int tests/conformance/run.sh build/release/vifvm
            else
                fail conformance/release "the release build failed"
            fi
            if [ "$quick" = 0 ]; then
                if ensure_build asan; then
                    TIMEOUT=${ASAN_TIMEOUT:-120} run_script conformance/asan tests/conformance/run.sh build/asan/vifvm
                    TIMEOUT=${ASAN_TIMEOUT:-120} VIFVM_ARGS=--int run_script conformance/asan-int tests/conformance/run.sh build/asan/vifvm
                else
                    fail conformance/asan "the asan build failed"
                fi
            fi
            ;;
        jitfuzz)
            if ensure_build release; then
                run_script jitfuzz tests/jitfuzz/run.sh --seconds 60 --vifvm build/release/vifvm
            else
                fail jitfuzz "the release build failed"
            fi
            ;;
        jitobs)
            local jb
            for jb in release asan; do
                [ "$quick" = 1 ] && [ "$jb" = asan ] && continue
                if ensure_build "$jb"; then
                    run_script jitobs/$jb tests/jit/observe.sh build/$jb/vifvm
                    run_script jitcalls/$jb tests/jit/calls.sh build/$jb/vifvm
                    TIMEOUT=180 run_script jitopts/$jb tests/jit/opts.sh build/$jb/vifvm
                    [ "$jb" = release ] &&
                        run_script jitbudget/$jb tests/jit/budget_parity.sh build/$jb/vifvm
                else
                    fail jitobs/$jb "the $jb build failed"
                fi
            done
            ;;
        malformed)
            local vmb=asan
            [ "$quick" = 1 ] && vmb=release
            for sc in run_classes run_jars; do
                if [ ! -x tests/malformed/$sc.sh ]; then
                    skip "malformed/$sc" "tests/malformed/$sc.sh not present"
                elif ensure_build "$vmb"; then
                    run_script "malformed/$sc" tests/malformed/$sc.sh build/$vmb/vifvm
                else
                    fail "malformed/$sc" "the $vmb build failed"
                fi
            done
            ;;
        verify)
            local vb
            for vb in release asan; do
                [ "$quick" = 1 ] && [ "$vb" = asan ] && continue
                if ensure_build "$vb"; then
                    # the unit-test binary test_verify checks all javac output
                    QUIET_OK=1 make_build "unit-$vb" unit O=build/"$vb" MODE="$vb"
                    run_script verify/$vb tests/verify/run.sh build/$vb/vifvm
                else
                    fail verify/$vb "the $vb build failed"
                fi
            done
            ;;
        hostile)
            local hb
            for hb in release asan; do
                [ "$quick" = 1 ] && [ "$hb" = asan ] && continue
                if ensure_build "$hb"; then
                    local slow=1
                    [ "$hb" = asan ] && slow=4
                    HOSTILE_SLOW=$slow run_script hostile/$hb tests/hostile/run.sh build/$hb/vifvm
                    # both engines enforce the limits: the interpreter too
                    [ "$hb" = release ] && VIFVM_ARGS=--int \
                        run_script hostile/$hb-int tests/hostile/run.sh build/$hb/vifvm
                    HOSTILE_SLOW=$slow run_script hostile-vifd/$hb tests/hostile/vifd.sh build/$hb/vifd
                    [ "$hb" = release ] && VIFD_ARGS=--int \
                        run_script hostile-vifd/$hb-int tests/hostile/vifd.sh build/$hb/vifd
                else
                    fail hostile/$hb "the $hb build failed"
                fi
            done
            ;;
        datapath)
            if [ ! -x tests/datapath/run.sh ]; then
                skip datapath "tests/datapath/run.sh not present"
            else
                if ensure_build release; then
                    run_script datapath/release tests/datapath/run.sh build/release/vifd
                else
                    fail datapath/release "the release build failed"
                fi
                if [ "$quick" = 0 ]; then
                    if ensure_build asan; then
                        run_script datapath/asan tests/datapath/run.sh build/asan/vifd
                    else
                        fail datapath/asan "the asan build failed"
                    fi
                fi
            fi
            ;;
        live)
            if ensure_build release; then
                run_script live/release tests/datapath/live.sh build/release/vifd
            else
                fail live/release "the release build failed"
            fi
            if [ "$quick" = 0 ]; then
                if ensure_build asan; then
                    run_script live/asan tests/datapath/live.sh build/asan/vifd
                else
                    fail live/asan "the asan build failed"
                fi
            fi
            ;;
        inject)
            if ensure_build release; then
                run_script inject/release tests/datapath/inject.sh build/release/vifd
            else
                fail inject/release "the release build failed"
            fi
            if [ "$quick" = 0 ]; then
                if ensure_build asan; then
                    run_script inject/asan tests/datapath/inject.sh build/asan/vifd
                else
                    fail inject/asan "the asan build failed"
                fi
            fi
            ;;
        valgrind)
            if ! command -v valgrind > /dev/null; then
                fail valgrind "valgrind is not installed (scripts/install-deps.sh)"
            elif ensure_build release; then
                local re
                re="^($(echo $VALGRIND_PROGRAMS | tr ' ' '|'))\$"
                VALGRIND=1 RELEASES="8 17" run_script valgrind tests/conformance/run.sh build/release/vifvm "$re"
            else
                fail valgrind "the release build failed"
            fi
            ;;
        fuzz)
            if [ -x tests/fuzz/run_fuzz.sh ]; then
                run_script fuzz tests/fuzz/run_fuzz.sh 60
            else
                skip fuzz "tests/fuzz/run_fuzz.sh not present"
            fi
            ;;
        esac
        echo "== $s: $(( $(date +%s) - ts ))s"
    done
    echo
    echo "total time: $(( $(date +%s) - t0 ))s"
}

main 2>&1 | tee "$SUMMARY"
npass=$(grep -c '^PASS: ' "$SUMMARY")
nfail=$(grep -c '^FAIL: ' "$SUMMARY")
echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
