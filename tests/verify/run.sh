#!/usr/bin/env bash
# tests/verify/run.sh - the bytecode verifier's tests.
#
#   tests/verify/run.sh VIFVM [FILTER]
#
# 1. Hand-assembled classes: every tests/verify/cases/<case>.j is assembled
#    with tests/tools/Jasm.java (into build/verify/cases/<case>/) and run
#    with `VIFVM -cp build/verify/cases/<case> <main>`.  Each case says, in
#    its header comments:
#       ; main: ClassName
#       ; expect-error: text      (repeatable) a rejected class: exit status 1
#                                 and every text somewhere on stderr
#       ; expect-output: line     (repeatable) stdout must be exactly these
#                                 lines; with no expect-error, exit status 0
#                                 and an empty stderr (an accepted class)
#    Prints `PASS: verify/<case>` or `FAIL: verify/<case>: why`.  With the
#    verifier disabled (VIFVM_ARGS=-Xverify:none) the rejection cases fail:
#    that is what makes them meaningful; when vifvm accepts -Xverify:none,
#    `verify/cases-need-the-verifier` checks exactly that (cases marked
#    "; checked-by: loader" are rejected by the parser or linker instead).
# 2. javac output: the unit test build/<mode>/tests/test_verify (next to
#    VIFVM, if built: `make unit`) verifies the whole embedded library and
#    every class of the compiled conformance corpus (build/conformance/,
#    made by tests/conformance/run.sh), with the StackMapTable and with
#    type inference forced, and prints the verifier's cost (verify-cost:
#    lines).  Reported as `PASS: verify/javac-output`.
#
# 3. The same classes on OpenJDK (`PASS: verify/hotspot/<case>`): a rejection
#    case must be rejected there too, an accepted one run with the same
#    output; this checks the expectations themselves.  On by default (the JDK
#    is always there: the cases are assembled with it); HOTSPOT_CHECK=0
#    turns it off (tests/run_tests.sh does for the second build).
#
# FILTER is an extended regex on the case name.  Environment: VIFVM_ARGS
# (extra vifvm options), TIMEOUT (seconds per run, default 30),
# HOTSPOT_CHECK (default 1).
# Exit status 1 if anything failed, 2 on usage or setup errors.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if [ $# -lt 1 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
    exit 2
fi
case "$1" in
    /*) VIFVM=$1 ;;
    *) VIFVM=$PWD/$1 ;;
esac
filter=${2:-}
if [ ! -x "$VIFVM" ]; then
    echo "error: $1: not an executable vifvm binary" >&2
    exit 2
fi
. "$ROOT/tests/lib.sh"
vt_find_jdk || exit 2
TIMEOUT=${TIMEOUT:-30}

BUILD=$ROOT/build/verify
TOOLS=$BUILD/tools
mkdir -p "$TOOLS" "$BUILD/cases"
if [ ! -f "$TOOLS/Jasm.class" ] || [ "$ROOT/tests/tools/Jasm.java" -nt "$TOOLS/Jasm.class" ]; then
    if ! "$JAVAC" -nowarn -d "$TOOLS" "$ROOT/tests/tools/Jasm.java"; then
        echo "error: cannot compile tests/tools/Jasm.java" >&2
        exit 2
    fi
fi

cases=()
for f in "$ROOT"/tests/verify/cases/*.j; do
    n=$(basename "$f" .j)
    if [ -n "$filter" ] && ! grep -q -E -- "$filter" <<< "$n"; then continue; fi
    cases+=("$n")
done
if [ "${#cases[@]}" -eq 0 ]; then
    echo "error: no case matches '$filter'" >&2
    exit 2
fi

# assemble all cases with one JVM
files=()
for n in "${cases[@]}"; do
    rm -rf "${BUILD:?}/cases/$n"
    files+=("$ROOT/tests/verify/cases/$n.j")
done
asm_log=$BUILD/jasm.log
"$JAVA" -cp "$TOOLS" Jasm "$BUILD/cases" "${files[@]}" > "$asm_log" 2>&1

npass=0 nfail=0
pass() { echo "PASS: verify/$1"; npass=$((npass + 1)); }
fail() { echo "FAIL: verify/$1: $2"; nfail=$((nfail + 1)); }

for n in "${cases[@]}"; do
    src=$ROOT/tests/verify/cases/$n.j
    dir=$BUILD/cases/$n
    if grep -q "^jasm: .*$n.j:" "$asm_log"; then
        fail "$n" "$(grep -m1 "^jasm: .*$n.j:" "$asm_log")"
        continue
    fi
    if [ ! -d "$dir" ]; then
        fail "$n" "not assembled: no $dir (jasm: $(tail -n 2 "$asm_log" | tr '\n' ' '))"
        continue
    fi
    main=$(sed -n 's/^; *main: *//p' "$src" | head -n1)
    mapfile -t errs < <(sed -n 's/^; *expect-error: *//p' "$src")
    sed -n 's/^; *expect-output: *//p' "$src" > "$dir.expected"
    if [ -z "$main" ]; then fail "$n" "no '; main:' line"; continue; fi
    cmd=("$VIFVM")
    # shellcheck disable=SC2206
    [ -n "${VIFVM_ARGS:-}" ] && cmd+=($VIFVM_ARGS)
    { timeout -k 5 "$TIMEOUT" "${cmd[@]}" -cp "$dir" "$main" > "$dir.out" 2> "$dir.err" < /dev/null; } 2> /dev/null
    rc=$?
    why=""
    if san=$(vt_sanitizer_grep "$dir.err"); then
        why="sanitizer: ${san:0:120}"
    elif [ "$rc" -gt 128 ] || [ "$rc" = 124 ]; then
        why="crashed or timed out (exit status $rc)"
    elif [ "${#errs[@]}" -gt 0 ]; then
        [ "$rc" = 1 ] || why="exit status $rc, expected 1"
        for e in "${errs[@]}"; do
            if ! grep -q -F -- "$e" "$dir.err"; then
                why="${why:+$why; }stderr lacks '$e' (stderr: $(head -c 300 "$dir.err" | tr '\n' ' '))"
                break
            fi
        done
    else
        [ "$rc" = 0 ] || why="exit status $rc, expected 0 (stderr: $(head -c 300 "$dir.err" | tr '\n' ' '))"
        [ -s "$dir.err" ] && [ -z "$why" ] && why="unexpected stderr: $(head -c 200 "$dir.err" | tr '\n' ' ')"
    fi
    if [ -z "$why" ] && ! cmp -s "$dir.expected" "$dir.out"; then
        why="stdout differs: $(diff "$dir.expected" "$dir.out" | head -n 6 | tr '\n' ' ')"
    fi
    if [ -z "$why" ]; then pass "$n"; else fail "$n" "$why"; fi
done

# HOTSPOT_CHECK=1 (the default): the same classes on OpenJDK, to check the expectations
# themselves: a rejection case must be rejected there too (VerifyError,
# ClassFormatError or IncompatibleClassChangeError), a valid one accepted
# with the same output ("; hotspot-output: line" lines, when present, give
# HotSpot's stdout instead: its messages differ from vifvm's).  Cases marked
# "; hotspot: differs" are left out.
if [ "${HOTSPOT_CHECK:-1}" = 1 ]; then
    for n in "${cases[@]}"; do
        src=$ROOT/tests/verify/cases/$n.j
        grep -q '^; *hotspot: differs' "$src" && continue
        [ -d "$BUILD/cases/$n" ] || continue   # reported above
        main=$(sed -n 's/^; *main: *//p' "$src" | head -n1)
        { timeout -k 5 "$TIMEOUT" "$JAVA" -cp "$BUILD/cases/$n" "${main//\//.}" \
            > "$BUILD/cases/$n.hs.out" 2> "$BUILD/cases/$n.hs.err" < /dev/null; } 2> /dev/null
        rc=$?
        if grep -q '^; *expect-error:' "$src"; then
            if [ "$rc" != 0 ] && grep -q -E 'java.lang.(VerifyError|ClassFormatError|IncompatibleClassChangeError)' "$BUILD/cases/$n.hs.err"; then
                pass "hotspot/$n"
            else
                fail "hotspot/$n" "OpenJDK does not reject it (exit status $rc)"
            fi
        elif hs_exp=$BUILD/cases/$n.expected &&
             if grep -q '^; *hotspot-output:' "$src"; then
                 sed -n 's/^; *hotspot-output: *//p' "$src" > "$BUILD/cases/$n.hs.expected"
                 hs_exp=$BUILD/cases/$n.hs.expected
             fi &&
             [ "$rc" = 0 ] && cmp -s "$hs_exp" "$BUILD/cases/$n.hs.out"; then
            pass "hotspot/$n"
        else
            fail "hotspot/$n" "OpenJDK: exit status $rc, $(head -c 200 "$BUILD/cases/$n.hs.err" | tr '\n' ' ')"
        fi
    done
fi

# With -Xverify:none (when the vifvm command accepts it), every case the
# verifier itself rejects must get through: the cases test the verifier.
if [ -z "$filter" ] && [ -z "${VIFVM_ARGS:-}" ]; then
    if "$VIFVM" -Xverify:none -version > /dev/null 2>&1; then
        still=()
        for n in "${cases[@]}"; do
            src=$ROOT/tests/verify/cases/$n.j
            grep -q '^; *expect-error:' "$src" || continue
            grep -q '^; *checked-by: loader' "$src" && continue
            main=$(sed -n 's/^; *main: *//p' "$src" | head -n1)
            { timeout -k 5 "$TIMEOUT" "$VIFVM" -Xverify:none -cp "$BUILD/cases/$n" "$main" \
                > /dev/null 2> "$BUILD/cases/$n.noverify.err" < /dev/null; } 2> /dev/null
            grep -q 'VerifyError' "$BUILD/cases/$n.noverify.err" && still+=("$n")
        done
        if [ "${#still[@]}" -eq 0 ]; then pass "cases-need-the-verifier"
        else fail "cases-need-the-verifier" "rejected even with -Xverify:none: ${still[*]}"; fi
    else
        fail cases-need-the-verifier "$VIFVM does not accept -Xverify:none (it should: README.md)"
    fi
fi

# javac output: the unit test over the library and the corpus
if [ -z "$filter" ]; then
    ut=$(dirname "$VIFVM")/tests/test_verify
    if [ ! -x "$ut" ]; then
        fail javac-output "$ut not built (make unit O=$(dirname "$VIFVM"))"
    else
        out=$(cd "$ROOT" && VIFVM_VERIFY_ALL=1 "$ut" 2>&1)
        rc=$?
        grep -E '^verify-cost: |^rejected' <<< "$out"
        # a part it could not run (no compiled corpus) is a listed skip
        sed -n 's#^SKIP: #SKIP: verify/javac-output/#p' <<< "$out"
        if [ "$rc" = 0 ] && ! grep -q '^FAIL' <<< "$out"; then
            pass javac-output
        else
            fail javac-output "$(grep -m1 -E '^FAIL|rejected' <<< "$out")"
        fi
    fi
fi

echo "verify: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
