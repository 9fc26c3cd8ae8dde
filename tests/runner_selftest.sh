#!/usr/bin/env bash
# tests/runner_selftest.sh - a self-test of tests/run_tests.sh's verdict.
#
#   tests/runner_selftest.sh
#
# Runs tests/run_tests.sh against directories of fake stage scripts
# (VIFVM_TEST_FAKE_STAGES; its logs go to a temporary VIFVM_TEST_LOGDIR, so
# the real suite's logs are untouched) and checks its last line, its exit
# status and its lists:
#   green            checks that pass and one ordinary skip: exit 0, last line
#                    `2 passed, 0 failed, 1 skipped`, the skip listed by name
#   failing-check    a script that prints a FAIL line (and exits 1): red
#   silent-script    a script that exits 0 and prints no PASS/FAIL/SKIP line: red
#   skipping-stage   a stage whose only script prints SKIP: red (ran no check)
#   exit-no-fail     a script that prints PASS but exits 2: red
#   strict-skip      a SKIP in a stage listed in VIFVM_TEST_STRICT_STAGES (as
#                    `live` and `inject` are as root): red
# Red means: exit status non-zero and a last line `N passed, M failed, K skipped`
# with M > 0.  Prints PASS:/FAIL: lines (runner/<case>); exit status 1 if any
# case went the wrong way.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN=$ROOT/tests/run_tests.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
nfail=0
pass() { echo "PASS: runner/$1"; }
fail() { echo "FAIL: runner/$1: $2"; nfail=$((nfail + 1)); }

# stage CASE NAME BODY: a fake stage script $T/CASE/NAME.sh running BODY
stage() {
    mkdir -p "$T/$1"
    printf '#!/usr/bin/env bash\n%s\n' "$3" > "$T/$1/$2.sh"
    chmod +x "$T/$1/$2.sh"
}

# run CASE [STRICT]: run the suite on $T/CASE; sets rc, last, out
run() {
    out=$T/$1.out
    VIFVM_TEST_FAKE_STAGES=$T/$1 VIFVM_TEST_LOGDIR=$T/$1.logs VIFVM_TEST_STRICT_STAGES=${2:-} \
        timeout 120 "$RUN" > "$out" 2>&1 < /dev/null
    rc=$?
    last=$(tail -n 1 "$out")
}
# counts: the last line's numbers, or fail
counts() {
    if [[ "$last" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
        np=${BASH_REMATCH[1]} nf=${BASH_REMATCH[2]} ns=${BASH_REMATCH[3]}
        return 0
    fi
    fail "$1" "last line is not 'N passed, N failed, N skipped': '$last'"
    return 1
}
# expect_red CASE WHY [PATTERN]: the run is red, and (if given) PATTERN is in its output
expect_red() {
    counts "$1" || return
    if [ "$rc" -eq 0 ] || [ "$nf" -eq 0 ]; then
        fail "$1" "stayed green ($2): exit $rc, '$last'"
        sed 's/^/    | /' "$out" | tail -n 12
    elif [ -n "${3:-}" ] && ! grep -q -E -- "$3" "$out"; then
        fail "$1" "red, but the output lacks /$3/"
        sed 's/^/    | /' "$out" | tail -n 12
    else
        pass "$1"
    fi
}

# green: two checks pass, one ordinary skip; the skip is listed by name
stage green a 'echo "PASS: fake/a-one"; echo "noise that is not a verdict"'
stage green b 'echo "PASS: fake/b-one"; echo "SKIP: fake/b-maybe: not here"'
run green
if counts green; then
    if [ "$rc" -ne 0 ] || [ "$last" != "2 passed, 0 failed, 1 skipped" ]; then
        fail green "expected exit 0 and '2 passed, 0 failed, 1 skipped', got exit $rc, '$last'"
        sed 's/^/    | /' "$out" | tail -n 12
    elif ! grep -q -E '^  - fake/b-maybe: not here$' "$out"; then
        fail green "the skipped check is not listed by name"
    else
        pass green
    fi
fi

stage failing-check a 'echo "PASS: fake/a-one"'
stage failing-check b 'echo "PASS: fake/b-one"; echo "FAIL: fake/b-two: deliberately"; exit 1'
run failing-check
expect_red failing-check "a FAIL line" '^  - fake/b-two: deliberately$'

stage silent-script a 'echo "PASS: fake/a-one"'
stage silent-script b 'echo "PASS: fake/b-one"'
stage silent-script c 'echo "some output, but no verdict"; exit 0'
run silent-script
expect_red silent-script "a script that printed no PASS/FAIL/SKIP" '^FAIL: c: exited 0 without printing'

stage skipping-stage a 'echo "PASS: fake/a-one"'
stage skipping-stage b 'echo "SKIP: fake/b-all: cannot run here"'
run skipping-stage
expect_red skipping-stage "a stage of skips alone" '^FAIL: stage/b: ran no check'

stage exit-no-fail a 'echo "PASS: fake/a-one"; exit 2'
run exit-no-fail
expect_red exit-no-fail "a non-zero exit without a FAIL line" '^FAIL: a: exited with status 2'

stage strict-skip live 'echo "PASS: fake/live-one"; echo "SKIP: fake/live-two: no namespaces"'
stage strict-skip other 'echo "PASS: fake/other"; echo "SKIP: fake/other-two: fine here"'
run strict-skip live
expect_red strict-skip "a SKIP in a strict stage" '^FAIL: fake/live-two: skipped as root'
# and the same SKIP in a stage that is not strict stays a skip
if [ "$nf" = 1 ] && [ "$ns" = 2 ]; then pass strict-skip/only-the-strict-stage
else fail strict-skip/only-the-strict-stage "expected 1 failure and 2 skips, got '$last'"; fi

echo "runner self-test: $nfail failed"
[ "$nfail" -eq 0 ]
