#!/usr/bin/env bash
# run_classes.sh - malformed class files through the vifvm command.
#
#   tests/malformed/run_classes.sh VIFVM_BINARY
#
# Builds tests/malformed/gen_malformed.c with cc, compiles the seed
# tests/malformed/classes/Seed.java with javac --release 17, generates the
# cases into a temporary directory (each OUT/<Case>.class has this_class
# <Case>; OUT/cases.txt lists them) and runs each as
#     VIFVM_BINARY -cp OUT <Case>
# with a timeout.  Every case must: exit with status 1 (not a signal, not a
# timeout), print a non-empty message on stderr that names the class, and
# show no sanitizer report.  Prints PASS: malformed/<case> or
# FAIL: malformed/<case>: why; exits 1 if anything failed.
set -u

VM=${1:-}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TIMEOUT=${VIFVM_CLASS_TIMEOUT:-20}

if [ -z "$VM" ]; then
    echo "usage: $0 VIFVM_BINARY" >&2
    exit 2
fi
if [ ! -x "$VM" ]; then
    echo "FAIL: malformed/setup: no vifvm binary at $VM (make)"
    exit 1
fi
VM=$(cd "$(dirname "$VM")" && pwd)/$(basename "$VM")

JAVAC=javac
if [ -f "$ROOT/tests/lib.sh" ]; then
    # shellcheck source=../lib.sh
    . "$ROOT/tests/lib.sh"
    vt_find_jdk 2>/dev/null || true
fi
for tool in "$JAVAC" cc timeout; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "FAIL: malformed/setup: $tool not found (scripts/install-deps.sh)"
        exit 1
    fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vifvm_classes.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# ---- build the generator, compile the seed, generate the cases -----------
if ! cc -std=c11 -O1 -Wall -Wextra -Werror -o "$WORK/gen_malformed" \
        "$HERE/gen_malformed.c" 2>"$WORK/cc.err"; then
    echo "FAIL: malformed/build: cannot build gen_malformed"
    sed 's/^/    /' "$WORK/cc.err" | head -20
    exit 1
fi
mkdir -p "$WORK/seed" "$WORK/cases"
if ! "$JAVAC" --release 17 -nowarn -d "$WORK/seed" "$HERE/classes/Seed.java" \
        2>"$WORK/javac.err"; then
    echo "FAIL: malformed/build: javac failed"
    sed 's/^/    /' "$WORK/javac.err" | head -20
    exit 1
fi
if ! "$WORK/gen_malformed" "$WORK/seed/Seed.class" "$WORK/cases" >"$WORK/gen.out"; then
    echo "FAIL: malformed/build: gen_malformed failed"
    exit 1
fi

# ---- run the cases ----------------------------------------------------------
fail=0
while read -r name expect; do
    [ -n "$name" ] || continue
    timeout -k 5 "$TIMEOUT" "$VM" -cp "$WORK/cases" "$name" \
        >"$WORK/out" 2>"$WORK/err" </dev/null
    rc=$?
    why=""
    san=$(grep -m1 -E 'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:' \
          "$WORK/out" "$WORK/err" 2>/dev/null)
    if [ -n "$san" ]; then
        why="sanitizer report: $san"
    elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        why="timed out after ${TIMEOUT}s"
    elif [ $rc -gt 128 ]; then
        why="killed by signal $((rc - 128))"
    elif [ $rc -ne 1 ]; then
        why="exit status $rc, expected 1 ($expect): $(head -c 300 "$WORK/err" | tr '\n' ' ')"
    elif [ ! -s "$WORK/err" ]; then
        why="no error message on stderr"
    elif ! grep -qF -- "$name" "$WORK/err"; then
        why="stderr does not name the class: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
    fi
    if [ -z "$why" ]; then
        echo "PASS: malformed/$name"
    else
        echo "FAIL: malformed/$name: $why"
        fail=$((fail + 1))
    fi
done <"$WORK/cases/cases.txt"

[ $fail -eq 0 ]
