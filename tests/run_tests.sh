#!/usr/bin/env bash
# tests/run_tests.sh - the whole vifvm test suite.
#
#   tests/run_tests.sh [--quick] [--only STAGE[,STAGE...]] [--no-deps] [--list]
#
# First runs scripts/install-deps.sh: as root it installs missing Debian
# packages; otherwise, if something is missing, it prints the apt-get command
# and the suite stops (--no-deps skips this step).
# Stages, in order (each prints PASS:/FAIL:/SKIP: lines):
#   runner       tests/runner_selftest.sh: this script against fake stages (a failing
#                check, a silent script, a skipping stage, ... must each turn it red)
#   build        release build with gcc and with clang (-Werror), check-freestanding,
#                check-boundary (hosts use only include/vifvm.h), tests/api/doc_complete.sh
#   asan         ASan+UBSan build (make asan)
#   unit         C unit tests, release and asan builds
#   natives      tests/check_natives.sh
#   conformance  Java conformance corpus on build/release/vifvm and build/asan/vifvm (both
#                engines), tests/launcher/run.sh (the command line against java)
#   jit          tests/jit/run.sh: the corpus with every method compiled before main
#                (tests/jit/jitvm.c), release build; tests/jit/thunks.sh: the same with
#                retpoline thunks (vm_platform.indirect_thunks): no indirect call remains;
#                tests/jit/dcall.sh: guarded direct calls on and off under those thunks
#                (and the corpus with them off);
#                tests/jit/switch21.sh: javac 21's pattern switches (EnumDesc labels),
#                written with the JDK's ASM, on both engines
#   jitobs       tests/jit/observe.sh: the JIT's --perf-map, --jit-disasm, --stats table and
#                -Xjit: options; tests/jit/calls.sh and opts.sh: the call and the code
#                optimizations each on/off against java; budget_parity.sh: both engines
#                charge the same instruction budget; tests/jit/tier2.sh: the second
#                tier's passes on/off and its checks (issue 15); release and asan builds
#   malformed    tests/malformed/run_classes.sh and run_jars.sh on the asan binary
#   verify       tests/verify/run.sh: forged classes the verifier must reject or accept
#                (and the same classes on OpenJDK), and the verifier over all javac
#                output (library, corpus); release and asan builds
#   jitfuzz      tests/jitfuzz/run.sh: JIT vs interpreter vs OpenJDK on random
#                generated programs (and the minimised regressions first); two
#                lanes of 30 s side by side, on separate seeds
#   hostile      tests/hostile/run.sh: the sandbox's hostile corpus (budget, limits,
#                quotas, impostor classes) on both engines; tests/hostile/vifd.sh: hostile
#                VIFlets inside vifd next to a forwarding VIF; release and asan builds
#   datapath     tests/datapath/run.sh: vifd pcap-to-pcap tests; prepare.sh (refuse at
#                load), counters.sh (operators' counters, vifctl), examples.sh (the
#                example VIFlets, Packet helpers), operator.sh (units, messages,
#                signals, limits), lambda.sh (a VIFlet written with lambdas),
#                native_filters.sh (native filters and sibling dispatch = the
#                interpreter), siblings_mem.sh (packed filter code, VIF slabs
#                on/off: same results), workers.sh (vifd --workers 2 = 1, per-flow order,
#                accounting per worker, hot swap into every worker); release and asan builds;
#                workers_all.sh (every offline datapath script rerun with --workers 2,
#                compared per flow with 1 worker; the tests that legitimately differ
#                are SKIPs with their reason from workers_known.txt), release; fuse.sh and
#                fuse_cases.sh (fused VIF paths = unfused, random trees, hostile
#                mid-chain), release; the release and asan lanes side by side
#   live         tests/datapath/live.sh: vifd --bridge over veths in network namespaces,
#                live_sockets.sh: real TCP/UDP sockets through the bridge with
#                offloads at their defaults, live_workers.sh: --bridge --workers 2
#                over PACKET_FANOUT (needs root), release and asan builds
#   inject       tests/datapath/inject.sh: the injection directory (vifd --dir): hot swap
#                while packets flow, permissions (needs root), release and asan
#   valgrind     a varied subset of the corpus under valgrind, release binary
#   fuzz         tests/fuzz/run_fuzz.sh 60 (about one minute)
#   kmod         tests/kmod/run.sh: make kmod, then Debian 12's kernel booted under qemu
#                with vifvm.ko: conformance programs on both engines in the kernel,
#                hostile inputs, the harness self-test (a broken module must fail);
#                then a second boot: the vifvm qdisc with real traffic over veth
#                (tests/kmod/qdisc.sh), vifctl's /proc verbs, the tc plugin
#
# The verdict.  The suite ends with a list of every skipped and every failed
# check by name, then the line `N passed, N failed, N skipped` alone (CI reads
# it); exit status 1 if anything failed.  Beyond the scripts' own FAIL lines,
# these are failures:
#   - a script that exits non-zero without printing a FAIL line;
#   - a script (or unit-test binary) that exits 0 without printing any PASS,
#     FAIL or SKIP line;
#   - a stage that ran no check (no PASS and no FAIL line: everything skipped,
#     or nothing printed): `FAIL: stage/NAME: ran no check`;
#   - as root (as CI runs), any SKIP in the `live` and `inject` stages: those
#     must run there (`FAIL: NAME: skipped as root ...`).  Not as root they may
#     skip, but a stage of skips alone still fails: run the suite as root, or
#     leave those stages out with --only.
# A SKIP elsewhere is counted and listed, not failed.
#
# Adding a test script to a stage.  A test script prints one line per check,
# `PASS: name`, `FAIL: name: why` or `SKIP: name: why` (names unique across the
# suite: prefix them with the script's area, e.g. `datapath/live/...`), exits
# non-zero if anything failed, and writes nothing else that starts with those
# words.  To run it, add one line to its stage in run_stage() below, after the
# build it needs:
#       ensure_build release && run_script datapath-prep/release tests/datapath/prepare.sh build/release/vifd
# (run_script LABEL CMD...: LABEL names the script in the FAILs it adds; the
# build names are release, asan, clang; `[ "$quick" = 1 ]` tells --quick runs).
# A new stage: add its name to ALL_STAGES (and QUICK_STAGES if it belongs in
# --quick runs), a `NAME)` case in run_stage(), and a line in the list above.
# A script that needs root or a kernel feature CI has should not be able to
# skip there: add its stage to STRICT_STAGES.
#
# --quick   release build only (gcc): build, unit, natives, conformance, jit, jitobs,
#           malformed, verify, hostile, datapath, live, inject on the release binary;
#           no clang, asan, valgrind or fuzz.
# --only    run just the named stages; the builds they need are made first
#           (quietly, failures still reported).
# Logs: build/test-logs/ (make output of each build, each stage's output in
# stage-NAME.log, the full suite output in suite.log).
# Environment (for tests/runner_selftest.sh): VIFVM_TEST_LOGDIR (instead of
# build/test-logs), VIFVM_TEST_FAKE_STAGES=DIR (the stages are DIR/*.sh, each
# run as one script with run_script; no builds, no dependencies) and, only with
# it, VIFVM_TEST_STRICT_STAGES (the stages where a SKIP fails, whoever runs).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
ALL_STAGES="runner build asan unit natives conformance jit jitobs malformed verify hostile datapath live inject valgrind jitfuzz fuzz kmod"
QUICK_STAGES="runner build unit natives conformance jit jitobs malformed verify hostile datapath live inject"
# stages whose checks must not skip as root (CI runs as root with namespaces)
STRICT_STAGES="live inject"
[ "$(id -u)" -eq 0 ] || STRICT_STAGES=""
JOBS=$(nproc 2>/dev/null || echo 2)
LOGDIR=${VIFVM_TEST_LOGDIR:-$ROOT/build/test-logs}
FAKE=${VIFVM_TEST_FAKE_STAGES:-}
if [ -n "$FAKE" ]; then
    # the runner's self-test: the stages are the scripts in $FAKE
    ALL_STAGES=$(cd "$FAKE" 2>/dev/null && ls -- *.sh 2>/dev/null | sed 's/\.sh$//' | tr '\n' ' ')
    QUICK_STAGES=$ALL_STAGES
    STRICT_STAGES=${VIFVM_TEST_STRICT_STAGES-$STRICT_STAGES}
fi

# The valgrind subset: varied, short-running programs of the corpus (both releases;
# about a minute in total).
VALGRIND_PROGRAMS="HelloWorld IntArith LongArith DoubleArith Conversions TableSwitch StringSwitch MultiArray
ArrayCopy StaticInitOrder StaticInitInterface InterfaceDefault EnumBodies TryWithResources ExceptionInInitializer
UncaughtException StackOverflow StringBuilderOps HashMapOps Nestmates FloatToString AllocCycles PriQScheduler JsonPretty"

# the unit-test binaries that take longest (run first, beside the others)
UNIT_SLOW="test_inflate test_gc test_jmath test_fpconv test_limits test_classfile"

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
[ -n "$FAKE" ] && deps=0
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

mkdir -p "$LOGDIR"
SUMMARY=$LOGDIR/suite.log

# ---------------------------------------------------------------- helpers
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
skip() { echo "SKIP: $1: $2"; }

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

# run_script LABEL CMD...: run a test script and pass its output through.
# Adds a FAIL line if it exited non-zero without reporting a failure itself,
# or exited 0 without printing a single PASS, FAIL or SKIP line.
run_script() {
    local label=$1; shift
    local out rc t0
    out=$(mktemp)
    t0=$(date +%s)
    "$@" 2>&1 | tee "$out"
    rc=${PIPESTATUS[0]}
    echo "-- $label: $(( $(date +%s) - t0 ))s"
    if [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$out"; then
        fail "$label" "exited with status $rc"
    elif [ "$rc" -eq 0 ] && ! grep -q -E '^(PASS|FAIL|SKIP): ' "$out"; then
        fail "$label" "exited 0 without printing a PASS, FAIL or SKIP line ($*)"
    fi
    rm -f "$out"
}

# unit_one MODE BINARY: run one unit-test binary; print its PASS/FAIL/SKIP
# lines (prefixed with unit/MODE/NAME/) and a FAIL for a sanitizer report,
# a timeout, a bad exit status or no check at all
unit_one() {
    local mode=$1 t=$2 name out rc san
    name=unit/$mode/$(basename "$t")
    out=$(mktemp)
    timeout 600 "./$t" > "$out" 2>&1 < /dev/null
    rc=$?
    sed -E "s#^(PASS|FAIL|SKIP): #\\1: $name/#" "$out" | grep -E '^(PASS|FAIL|SKIP): '
    if san=$(grep -m1 -E 'AddressSanitizer|LeakSanitizer|runtime error:' "$out"); then
        fail "$name" "sanitizer: ${san:0:150}"
        grep -E -A8 'AddressSanitizer|LeakSanitizer|runtime error:' "$out" | head -n 12 | sed 's/^/    /'
    elif [ "$rc" -ne 0 ] && ! grep -q '^FAIL: ' "$out"; then
        if [ "$rc" = 124 ]; then fail "$name" "timed out"; else fail "$name" "exit status $rc"; fi
        tail -n 5 "$out" | sed 's/^/    /'
    elif [ "$rc" -eq 0 ] && ! grep -q -E '^(PASS|FAIL): ' "$out"; then
        fail "$name" "exited 0 without printing a PASS or FAIL line"
        tail -n 5 "$out" | sed 's/^/    /'
    fi
    rm -f "$out"
}

# run_unit MODE: build and run the unit tests of one build mode.
run_unit() {
    local mode=$1 bins t out name
    # `make unit` builds what the tests link (core library, platform objects)
    if ! QUIET_OK=1 make_build "unit-$mode" unit O=build/"$mode" MODE="$mode"; then return; fi
    bins=$(ls build/"$mode"/tests/test_* 2>/dev/null | grep -v '\.[a-z]*$')
    if [ -z "$bins" ]; then fail "unit/$mode" "no unit-test binaries in build/$mode/tests after make unit"; return; fi
    # the binaries JOBS at a time (each one thread), the long ones first
    # (UNIT_SLOW); their lines printed in name order once all are done
    local vdir running=0 order pids=() p
    vdir=$(mktemp -d)
    order=$(for t in $bins; do
                case " $UNIT_SLOW " in *" $(basename "$t") "*) echo "0 $t" ;; *) echo "1 $t" ;; esac
            done | sort -s -k1,1n | cut -d' ' -f2)
    for t in $order; do
        unit_one "$mode" "$t" > "$vdir/$(basename "$t")" 2>&1 &
        pids+=($!)
        running=$((running + 1))
        # wait -n for these pids only (bash >= 5.1): not the stage's tee
        if [ "$running" -ge "$JOBS" ]; then wait -n "${pids[@]}" 2> /dev/null; running=$((running - 1)); fi
    done
    # each pid by name: a bare `wait` would also wait for the stage's tee
    for p in "${pids[@]}"; do wait "$p" 2> /dev/null; done
    for t in $bins; do cat "$vdir/$(basename "$t")"; done
    rm -rf "$vdir"
    # the stack maps (and the JIT's depth walk against them) over every
    # class of the embedded library: javac output of every shape
    name=unit/$mode/test_stackmap/library
    if [ -x build/"$mode"/tests/test_stackmap ] && [ -d build/lib-classes ]; then
        if out=$(find build/lib-classes -name '*.class' -print0 |
                 xargs -0 timeout 600 build/"$mode"/tests/test_stackmap 2>&1); then
            pass "$name"
        else
            fail "$name" "$(echo "$out" | grep -m1 -v '^bulk' | cut -c1-150)"
            echo "$out" | tail -n 6 | sed 's/^/    /'
        fi
    else
        fail "$name" "build/$mode/tests/test_stackmap or build/lib-classes missing after make unit"
    fi
}

# stage_verdict STAGE LOG: the failures a stage's output implies beyond its
# FAIL lines: a stage with no PASS or FAIL line ran no check; in a strict
# stage (as root: live, inject) every SKIP is a failure.
stage_verdict() {
    local s=$1 log=$2 np nf ns
    np=$(grep -c '^PASS: ' "$log")
    nf=$(grep -c '^FAIL: ' "$log")
    ns=$(grep -c '^SKIP: ' "$log")
    case " $STRICT_STAGES " in
        *" $s "*)
            grep '^SKIP: ' "$log" | sed -E 's/^SKIP: ([^:]*): ?(.*)$/\1\t\2/' |
                while IFS=$'\t' read -r n why; do
                    fail "$n" "skipped as root, where the $s stage must run (${why})"
                done ;;
    esac
    if [ $((np + nf)) -eq 0 ]; then
        fail "stage/$s" "ran no check ($ns skipped; a stage must run something)"
    fi
}

# run_lanes "CMD1" "CMD2" ...: run each command (a function of this script
# with its arguments) in the background, its output in a file, and print the
# outputs in the order given once all are done.  A lane runs in a subshell:
# the builds it needs must be made (ensure_build) before.
run_lanes() {
    local i pids=() files=() f c
    for c in "$@"; do
        f=$(mktemp)
        files+=("$f")
        # shellcheck disable=SC2086
        ( $c ) > "$f" 2>&1 < /dev/null &
        pids+=($!)
    done
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}"
        cat "${files[$i]}"
        rm -f "${files[$i]}"
    done
}

# datapath_lane BUILD: the offline datapath scripts on build/BUILD/vifd;
# datapath_lane workers-all: every offline datapath script with --workers 2
# (issue 18) on the release build, the longest script: a lane of its own
datapath_lane() {
    local db=$1
    if [ "$db" = workers-all ]; then
        if ensure_build release; then
            run_script "workers-all/release" tests/datapath/workers_all.sh build/release/vifd
        else
            fail "workers-all/release" "the release build failed"
        fi
        return
    fi
    if ! ensure_build "$db"; then
        fail "datapath/$db" "the $db build failed"
        return
    fi
    run_script "datapath/$db" tests/datapath/run.sh build/$db/vifd
    run_script "prepare/$db" tests/datapath/prepare.sh build/$db/vifd
    run_script "counters/$db" tests/datapath/counters.sh build/$db/vifd
    run_script "examples/$db" tests/datapath/examples.sh build/$db/vifd
    run_script "lambda/$db" tests/datapath/lambda.sh build/$db/vifd
    run_script "native-filters/$db" tests/datapath/native_filters.sh build/$db/vifd
    # per-VIF memory layout (issue 14, many siblings): packed filter code and
    # VIF slabs on/off = the same captures and statistics
    run_script "siblings-mem/$db" tests/datapath/siblings_mem.sh build/$db/vifd
    # vifd --workers N over a capture (issue 18): 1 against 2 workers
    run_script "workers/$db" tests/datapath/workers.sh build/$db/vifd
    if [ "$db" = release ]; then
        # fused VIF paths (issue 14): fused = unfused on the tests above, random trees
        run_script "fuse/$db" tests/datapath/fuse.sh build/$db/vifd
        run_script "fuse-cases/$db" tests/datapath/fuse_cases.sh build/$db/vifd
        run_script "fuse-run/$db" tests/datapath/fuse_run.sh build/$db/vifd
        run_script "operator/$db" tests/datapath/operator.sh build/$db/vifd
    else
        OPERATOR_SLOW=3 run_script "operator/$db" tests/datapath/operator.sh build/$db/vifd
    fi
}

# ---------------------------------------------------------------- stages
run_stage() {
    local s=$1
    if [ -n "$FAKE" ]; then
        run_script "$s" "$FAKE/$s.sh"
        return
    fi
    case "$s" in
    runner)
        run_script runner tests/runner_selftest.sh
        ;;
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
        if [ "${built[release]:-}" = ok ]; then
            if make -s check-boundary O=build/release > "$LOGDIR/boundary.log" 2>&1; then
                pass "check-boundary/gcc"
            else
                fail "check-boundary/gcc" "$(grep -m3 boundary "$LOGDIR/boundary.log" | tr '\n' ' ')"
            fi
            run_script api-doc tests/api/doc_complete.sh
        fi
        if [ "$quick" = 0 ] && [ "${built[clang]:-}" = ok ]; then
            if make -s check-freestanding CC=clang O=build/clang > "$LOGDIR/freestanding-clang.log" 2>&1; then
                pass "check-freestanding/clang"
            else
                fail "check-freestanding/clang" "$(tail -n 3 "$LOGDIR/freestanding-clang.log" | tr '\n' ' ')"
            fi
            if make -s check-boundary CC=clang O=build/clang > "$LOGDIR/boundary-clang.log" 2>&1; then
                pass "check-boundary/clang"
            else
                fail "check-boundary/clang" "$(grep -m3 boundary "$LOGDIR/boundary-clang.log" | tr '\n' ' ')"
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
        run_script natives tests/check_natives.sh
        ;;
    conformance)
        # both engines: the JIT (the default) and the interpreter (--int)
        if ensure_build release; then
            run_script conformance/release tests/conformance/run.sh build/release/vifvm
            VIFVM_ARGS=--int run_script conformance/release-int tests/conformance/run.sh build/release/vifvm
            run_script launcher/release tests/launcher/run.sh build/release/vifvm
        else
            fail conformance/release "the release build failed"
        fi
        if [ "$quick" = 0 ]; then
            if ensure_build asan; then
                # ASan+UBSan: the JIT on the release-17 builds, the
                # interpreter on the release-8 ones (-g, no indy string
                # concatenation), so each engine and each bytecode shape
                # runs under the sanitizers once; the release binary runs
                # all four combinations above.  RELEASES="8 17" runs all.
                TIMEOUT=${ASAN_TIMEOUT:-120} RELEASES=${ASAN_JIT_RELEASES:-17} run_script conformance/asan tests/conformance/run.sh build/asan/vifvm
                TIMEOUT=${ASAN_TIMEOUT:-120} RELEASES=${ASAN_INT_RELEASES:-8} VIFVM_ARGS=--int run_script conformance/asan-int tests/conformance/run.sh build/asan/vifvm
                run_script launcher/asan tests/launcher/run.sh build/asan/vifvm
            else
                fail conformance/asan "the asan build failed"
            fi
        fi
        ;;
    jit)
        if ensure_build release; then
            run_script jit/release tests/jit/run.sh release
            run_script jit-thunks tests/jit/thunks.sh
            run_script jit-dcall tests/jit/dcall.sh --corpus
            run_script jit-switch21 tests/jit/switch21.sh build/release/vifvm
            run_script jit-endbr tests/jit/endbr.sh build/release/vifvm
        else
            fail jit/release "the release build failed"
        fi
        ;;
    jitfuzz)
        if ensure_build release; then
            # two lanes of 30 s, one per CPU (each runs one program at a
            # time), on separate seed ranges; the regressions run once
            local seed=$(( ($(date +%s) % 100000) * 1000 ))
            run_lanes "run_script jitfuzz/a tests/jitfuzz/run.sh --seconds 30 --seed $seed --vifvm build/release/vifvm" \
                "run_script jitfuzz/b tests/jitfuzz/run.sh --seconds 30 --seed $((seed + 500)) --no-regressions --vifvm build/release/vifvm"
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
                run_script jittier2/$jb tests/jit/tier2.sh build/$jb/vifvm
                # under ASan: every optimization on, all off, and the
                # four whose code paths are largest each off alone; the
                # release binary runs each of the fourteen configurations
                if [ "$jb" = asan ]; then
                    JITOPTS_CONFIGS=${ASAN_JITOPTS_CONFIGS:-"all none regcache inlining bce longops"} TIMEOUT=180 \
                        run_script jitopts/$jb tests/jit/opts.sh build/$jb/vifvm
                else
                    TIMEOUT=180 run_script jitopts/$jb tests/jit/opts.sh build/$jb/vifvm
                fi
                [ "$jb" = release ] &&
                    run_script jitbudget/$jb tests/jit/budget_parity.sh build/$jb/vifvm
            else
                fail jitobs/$jb "the $jb build failed"
            fi
        done
        ;;
    malformed)
        local vmb=asan sc
        [ "$quick" = 1 ] && vmb=release
        for sc in run_classes run_jars; do
            if ensure_build "$vmb"; then
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
                # the cases on OpenJDK (tests/verify/run.sh's default) once
                local hs=1
                [ "$vb" = asan ] && hs=0
                HOTSPOT_CHECK=$hs run_script verify/$vb tests/verify/run.sh build/$vb/vifvm
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
        # tests/datapath/*.sh VIFD: three lanes side by side (release,
        # workers-all on release, asan; each a sequence of scripts; their
        # output printed in that order once all are done)
        if [ "$quick" = 1 ]; then
            run_lanes "datapath_lane release" "datapath_lane workers-all"
        else
            ensure_build release; ensure_build asan
            run_lanes "datapath_lane release" "datapath_lane workers-all" "datapath_lane asan"
        fi
        ;;
    live | inject)
        # tests/datapath/{live,inject}.sh VIFD, release (and asan), one at a
        # time (real sockets and namespaces, timed traffic)
        local db
        for db in release asan; do
            [ "$quick" = 1 ] && [ "$db" = asan ] && continue
            if ensure_build "$db"; then
                run_script "$s/$db" tests/datapath/$s.sh build/$db/vifd
                if [ "$s" = live ]; then
                    run_script "live-sockets/$db" tests/datapath/live_sockets.sh build/$db/vifd
                    # vifd --bridge --workers 2 over PACKET_FANOUT_HASH (issue 18)
                    run_script "live-workers/$db" tests/datapath/live_workers.sh build/$db/vifd
                fi
            else
                fail "$s/$db" "the $db build failed"
            fi
        done
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
        run_script fuzz tests/fuzz/run_fuzz.sh 60
        ;;
    kmod)
        # vifvm.ko booted in Debian's kernel under qemu (installs the kernel
        # test packages itself; SKIP only where qemu or the kernel cannot run)
        run_script kmod tests/kmod/run.sh
        # no libc in the core, no FP instruction outside the allowed objects,
        # the core entered from one file only (scripts/check-kmod.sh)
        [ -f build/kmod/vifvm.ko ] && run_script check-kmod make -s check-kmod
        # the JIT's code for int/object code uses no XMM register (what lets
        # a VIFlet without floating point run outside kernel_fpu sections)
        run_script kmod-jit-xmm tests/kmod/jit_no_xmm.sh
        ;;
    esac
}

main() {
    local t0 ts s slog
    t0=$(date +%s)
    echo "vifvm test suite: stages: $stages (jobs: $JOBS)"
    if [ "$deps" = 1 ] && ! scripts/install-deps.sh; then
        fail dependencies "missing packages (see above); the suite needs them"
        return
    fi
    for s in $stages; do
        ts=$(date +%s)
        echo
        echo "== $s"
        slog=$LOGDIR/stage-$s.log
        # in this shell (the builds it makes are remembered), its output
        # copied to $slog; wait for the copy before reading it
        run_stage "$s" > >(tee "$slog") 2>&1 < /dev/null
        wait $!
        stage_verdict "$s" "$slog"
        echo "== $s: $(( $(date +%s) - ts ))s"
    done
    echo
    echo "total time: $(( $(date +%s) - t0 ))s"
}

main 2>&1 | tee "$SUMMARY"
npass=$(grep -c '^PASS: ' "$SUMMARY")
nfail=$(grep -c '^FAIL: ' "$SUMMARY")
nskip=$(grep -c '^SKIP: ' "$SUMMARY")
{
    if [ "$nskip" -gt 0 ]; then
        echo
        echo "skipped ($nskip):"
        grep '^SKIP: ' "$SUMMARY" | sed 's/^SKIP: /  - /'
    fi
    if [ "$nfail" -gt 0 ]; then
        echo
        echo "failed ($nfail):"
        grep '^FAIL: ' "$SUMMARY" | sed 's/^FAIL: /  - /'
    fi
    echo "$npass passed, $nfail failed, $nskip skipped"
} | tee -a "$SUMMARY"
[ "$nfail" -eq 0 ]
