#!/usr/bin/env bash
# tests/hostile/run.sh - the sandbox's hostile corpus (see README.md).
#
#   tests/hostile/run.sh VIFVM [FILTER]
#
# Every case is a program that tries to crash, hang, exhaust or escape the
# VM.  Cases:
#   java/<Case>.java   compiled with javac --release 8 (main: <Case>)
#   jasm/<case>.j      hand-made class files, assembled with
#                      tests/tools/Jasm.java (main: the `; main:` line)
#   generated          tools/gen_many_classes.sh (ManyClasses*)
# Each case states its expected outcome in header comments (`//` or `;`):
#   args: OPTIONS            vifvm options (e.g. -Xbudget:10000000 -Xmx16m)
#   expect-status: N         exit status (default 0)
#   ulimit-s: KB             run under `ulimit -s KB` (the C stack rlimit)
#   expect-stderr: ERE       (repeatable) some stderr line matches
#   reject-stderr: ERE       (repeatable) no stderr line matches
#   expect-stdout: TEXT      (repeatable) some stdout line contains TEXT
#   reject-stdout: TEXT      (repeatable) no stdout line contains TEXT
#   max-seconds: N           must finish within N s (default 10)
# and every run must be free of sanitizer reports.  A run is killed after
# 3 x max-seconds.  Prints `PASS: hostile/<engine>/<case>` or
# `FAIL: hostile/<case>: why`; exit status 1 if anything failed.
# Environment: HOSTILE_SLOW (multiplier for the time limits, default 1;
# the test suite uses 4 for the ASan binary), VIFVM_ARGS (extra options).
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
SLOW=${HOSTILE_SLOW:-1}
HERE=$ROOT/tests/hostile
BUILD=$ROOT/build/hostile/$(basename "$(dirname "$VIFVM")")
mkdir -p "$BUILD"

# ---------------------------------------------------------------- building
# case name -> source file, class-path dir, main class
declare -A SRC=() CP=() MAIN=()
names=()
want_case() { [ -z "$filter" ] || grep -q -E -- "$filter" <<< "$1"; }

gen=$BUILD/gen
rm -rf "$gen" && mkdir -p "$gen"
"$HERE/tools/gen_many_classes.sh" ManyClasses 200 "-Xmaxclasses:50" "$gen" || exit 2
"$HERE/tools/gen_many_classes.sh" ManyClassesUnlimited 200 "" "$gen" || exit 2

javas=()
for f in "$HERE"/java/*.java "$gen"/*.java; do
    n=$(basename "$f" .java)
    want_case "$n" || continue
    names+=("$n")
    SRC[$n]=$f
    CP[$n]=$BUILD/classes
    MAIN[$n]=$n
    javas+=("$f")
done
if [ "${#javas[@]}" -gt 0 ]; then
    rm -rf "$BUILD/classes" && mkdir -p "$BUILD/classes"
    if ! "$JAVAC" --release 8 -nowarn -Xlint:-options -d "$BUILD/classes" "${javas[@]}" \
            > "$BUILD/javac.log" 2>&1; then
        echo "error: javac failed (log: $BUILD/javac.log)" >&2
        vt_indent < "$BUILD/javac.log" >&2
        exit 2
    fi
fi

jfiles=()
for f in "$HERE"/jasm/*.j; do
    n=$(basename "$f" .j)
    want_case "$n" || continue
    names+=("$n")
    SRC[$n]=$f
    CP[$n]=$BUILD/jasm/$n
    MAIN[$n]=$(sed -n 's/^; *main: *//p' "$f" | head -n 1)
    jfiles+=("$f")
done
if [ "${#jfiles[@]}" -gt 0 ]; then
    tools=$BUILD/tools
    mkdir -p "$tools"
    if ! "$JAVAC" -nowarn -d "$tools" "$ROOT/tests/tools/Jasm.java" > "$BUILD/jasm.log" 2>&1; then
        echo "error: cannot compile tests/tools/Jasm.java" >&2
        exit 2
    fi
    rm -rf "$BUILD/jasm"
    if ! "$JAVA" -cp "$tools" Jasm "$BUILD/jasm" "${jfiles[@]}" >> "$BUILD/jasm.log" 2>&1; then
        echo "error: Jasm failed (log: $BUILD/jasm.log)" >&2
        vt_indent < "$BUILD/jasm.log" >&2
        exit 2
    fi
fi
if [ "${#names[@]}" -eq 0 ]; then
    echo "error: no case matches '$filter'" >&2
    exit 2
fi

# ---------------------------------------------------------------- running
# directive KEY FILE: the values of `// KEY: v` / `; KEY: v` lines
directive() {
    sed -n -E "s/^[[:space:]]*(\/\/|;)[[:space:]]*$1:[[:space:]]?(.*)\$/\\2/p" "$2"
}

npass=0 nfail=0
out=$BUILD/out err=$BUILD/err
eng=jit
case " ${VIFVM_ARGS:-} " in *" --int "*) eng=int ;; esac
for n in "${names[@]}"; do
    f=${SRC[$n]}
    args=$(directive args "$f" | head -n 1)
    status=$(directive expect-status "$f" | head -n 1)
    status=${status:-0}
    max=$(directive max-seconds "$f" | head -n 1)
    max=$(( ${max:-10} * SLOW ))
    t0=$(date +%s%N)
    ulimit_s=$(directive ulimit-s "$f" | head -n 1)
    # shellcheck disable=SC2086 # args are words
    ( if [ -n "$ulimit_s" ]; then ulimit -s "$ulimit_s" || exit 99; fi
      exec timeout -k 5 $((max * 3)) "$VIFVM" ${VIFVM_ARGS:-} $args -cp "${CP[$n]}" "${MAIN[$n]}" ) \
        > "$out" 2> "$err" < /dev/null
    rc=$?
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    why=""
    if san=$(vt_sanitizer_grep "$err"); then
        why="sanitizer: ${san:0:150}"
    elif [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        why="timed out after $((max * 3)) s"
    elif [ "$rc" != "$status" ]; then
        why="exit status $rc, expected $status"
    elif [ "$ms" -gt $((max * 1000)) ]; then
        why="took ${ms} ms, more than ${max} s"
    else
        while IFS= read -r re; do
            [ -n "$re" ] || continue
            grep -q -E -- "$re" "$err" || { why="stderr lacks /$re/"; break; }
        done < <(directive expect-stderr "$f")
        [ -n "$why" ] || while IFS= read -r re; do
            [ -n "$re" ] || continue
            ! grep -q -E -- "$re" "$err" || { why="stderr matches /$re/"; break; }
        done < <(directive reject-stderr "$f")
        [ -n "$why" ] || while IFS= read -r s; do
            [ -n "$s" ] || continue
            grep -q -F -- "$s" "$out" || { why="stdout lacks '$s'"; break; }
        done < <(directive expect-stdout "$f")
        [ -n "$why" ] || while IFS= read -r s; do
            [ -n "$s" ] || continue
            ! grep -q -F -- "$s" "$out" || { why="stdout has '$s'"; break; }
        done < <(directive reject-stdout "$f")
    fi
    if [ -z "$why" ]; then
        echo "PASS: hostile/$eng/$n"
        npass=$((npass + 1))
    else
        echo "FAIL: hostile/$eng/$n: $why"
        nfail=$((nfail + 1))
        { echo "stdout:"; head -c 2000 "$out"; echo "stderr:"; head -c 2000 "$err"; } | vt_indent 16
    fi
done
echo "hostile: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
