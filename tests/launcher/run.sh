#!/usr/bin/env bash
# tests/launcher/run.sh - the vifvm command as a java replacement: -D
# properties, getenv, user.dir, java.class.path, standard input, helpful
# NullPointerException messages, and -version naming the engine, each
# compared with what java does where java can say.
#
#   tests/launcher/run.sh VIFVM_BINARY
#
# Prints PASS:/FAIL: lines; exit status 1 if anything failed.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
[ $# -eq 1 ] || { sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 2; }
V=$(readlink -f "$1")
[ -x "$V" ] || { echo "error: $1: not executable" >&2; exit 2; }
vt_find_jdk || exit 2
tag=$(basename "$(dirname "$V")")
W=$VIFVM_ROOT/build/launcher/$tag
rm -rf "$W" && mkdir -p "$W/classes" "$W/elsewhere"
"$JAVAC" --release 8 -nowarn -d "$W/classes" "$VIFVM_ROOT/tests/launcher/Launch.java" 2>/dev/null ||
    { echo "FAIL: launcher/compile"; exit 1; }
fails=0
check() { # name, expected-file, actual-file
    if cmp -s "$2" "$3"; then echo "PASS: launcher/$tag/$1"
    else
        echo "FAIL: launcher/$tag/$1"
        diff -u --label java --label vifvm "$2" "$3" | vt_indent 12
        fails=$((fails + 1))
    fi
}
# the same command line on java and on vifvm (both engines), run elsewhere
run_both() { # name, stdin-file, options...
    local name=$1 in=$2
    shift 2
    (cd "$W/elsewhere" && VIFVM_LAUNCH_T=from-env "$JAVA" "$@" -cp "$W/classes" Launch one two) \
        < "$in" > "$W/$name.java.out" 2>&1
    for e in jit int; do
        local opt=()
        [ "$e" = int ] && opt=(--int)
        (cd "$W/elsewhere" && VIFVM_LAUNCH_T=from-env "$V" "${opt[@]}" "$@" -cp "$W/classes" Launch one two) \
            < "$in" > "$W/$name.$e.out" 2>&1
        check "$name/$e" "$W/$name.java.out" "$W/$name.$e.out"
    done
}
printf 'first line\nsecond\n' > "$W/input"
run_both props "$W/input" -Dt.p=1 -Dt.q=a=b -Dt.p=2
run_both noinput /dev/null
run_both empty-D "$W/input" -Dt.p -Dt.q=

# -version: java's three lines, the VM line naming the engine in use
"$V" -version > "$W/v.out" 2> "$W/v.err"
if [ ! -s "$W/v.out" ] && [ "$(wc -l < "$W/v.err")" = 3 ] && grep -q 'JIT' "$W/v.err" &&
   ! grep -q 'interpret' "$W/v.err"; then echo "PASS: launcher/$tag/version-jit"
else echo "FAIL: launcher/$tag/version-jit"; vt_indent < "$W/v.err"; fails=$((fails + 1)); fi
"$V" --int -version > "$W/v.out" 2> "$W/v.err"
if grep -q 'interpreted mode' "$W/v.err" && ! grep -q 'JIT' "$W/v.err"; then
    echo "PASS: launcher/$tag/version-int"
else echo "FAIL: launcher/$tag/version-int"; vt_indent < "$W/v.err"; fails=$((fails + 1)); fi
"$V" --version -Xint > "$W/v.out" 2> "$W/v.err"
if grep -q 'interpreted mode' "$W/v.out" && [ ! -s "$W/v.err" ]; then
    echo "PASS: launcher/$tag/version-stdout"
else echo "FAIL: launcher/$tag/version-stdout"; fails=$((fails + 1)); fi
[ "$fails" -eq 0 ]
