#!/usr/bin/env bash
# run_jars.sh - corrupt and valid JAR files through the vifvm command.
#
#   tests/malformed/run_jars.sh VIFVM_BINARY
#
# Builds tests/malformed/gen_bad_jars.c, compiles a hello-world Main at test
# time, generates the cases (listed in the generated cases.txt) plus one
# valid jar made by the JDK's `jar` tool, and runs each as
#   VIFVM_BINARY -cp X.jar Main     or     VIFVM_BINARY -jar X.jar
# with a timeout.  A bad jar must exit with status 1, say why on stderr
# (the expected text from cases.txt) and show no sanitizer report; a valid
# one must exit 0 and print the greeting.  Prints PASS: jar/<case> or
# FAIL: jar/<case>: why; exits 1 if anything failed.
set -u

VM=${1:-}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TIMEOUT=${VIFVM_JAR_TIMEOUT:-20}
GREETING="Hello from a jar"

if [ -z "$VM" ]; then
    echo "usage: $0 VIFVM_BINARY" >&2
    exit 2
fi
if [ ! -x "$VM" ]; then
    echo "FAIL: jar/setup: no vifvm binary at $VM (make)"
    exit 1
fi
VM=$(cd "$(dirname "$VM")" && pwd)/$(basename "$VM")

JAVAC=javac
JAR=jar
if [ -f "$ROOT/tests/lib.sh" ]; then
    # shellcheck source=../lib.sh
    . "$ROOT/tests/lib.sh"
    if vt_find_jdk 2>/dev/null; then
        JAVAC=$(command -v "$JAVAC")
        [ -x "$(dirname "$JAVAC")/jar" ] && JAR=$(dirname "$JAVAC")/jar
    fi
fi
for tool in "$JAVAC" "$JAR" cc; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "FAIL: jar/setup: $tool not found (scripts/install-deps.sh)"
        exit 1
    fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/vifvm_jars.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# ---- build the generator and the hello-world class ------------------------
if ! cc -std=c11 -O1 -Wall -Wextra -Werror -o "$WORK/gen_bad_jars" \
        "$HERE/gen_bad_jars.c" -lz 2>"$WORK/cc.err"; then
    echo "FAIL: jar/build: cannot build gen_bad_jars"
    sed 's/^/    /' "$WORK/cc.err" | head -20
    exit 1
fi
mkdir -p "$WORK/src" "$WORK/classes" "$WORK/jars"
cat >"$WORK/src/Main.java" <<EOF
public class Main {
    public static void main(String[] args) {
        System.out.println("$GREETING");
    }
}
EOF
if ! "$JAVAC" --release 8 -nowarn -d "$WORK/classes" "$WORK/src/Main.java" 2>"$WORK/javac.err" &&
   ! "$JAVAC" -source 8 -target 8 -nowarn -d "$WORK/classes" "$WORK/src/Main.java" 2>"$WORK/javac.err"; then
    echo "FAIL: jar/build: javac failed"
    sed 's/^/    /' "$WORK/javac.err" | head -20
    exit 1
fi
if ! "$WORK/gen_bad_jars" "$WORK/jars" "$WORK/classes/Main.class"; then
    echo "FAIL: jar/build: gen_bad_jars failed"
    exit 1
fi
# One valid jar made by the JDK tool (data descriptors, directory entries).
if "$JAR" cfe "$WORK/jars/valid_jar_tool.jar" Main -C "$WORK/classes" Main.class 2>"$WORK/jar.err"; then
    echo "valid_jar_tool jar ok -" >>"$WORK/jars/cases.txt"
    echo "valid_jar_tool_cp cp ok -" >>"$WORK/jars/cases.txt"
    cp "$WORK/jars/valid_jar_tool.jar" "$WORK/jars/valid_jar_tool_cp.jar"
else
    echo "FAIL: jar/valid_jar_tool: the jar tool failed"
fi

# ---- run the cases ----------------------------------------------------------
# matches_any 'a|b c|d' FILE: FILE contains one of the '|'-separated texts.
matches_any() {
    local alt IFS='|'
    for alt in $1; do
        grep -qiF -- "$alt" "$2" && return 0
    done
    return 1
}

pass=0
fail=0
while read -r name mode want expect; do
    [ -n "$name" ] || continue
    jar="$WORK/jars/$name.jar"
    if [ "$mode" = jar ]; then
        set -- -jar "$jar"
    else
        set -- -cp "$jar" Main
    fi
    timeout -k 5 "$TIMEOUT" "$VM" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
    rc=$?
    why=""
    san=$(grep -m1 -E 'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:' \
          "$WORK/out" "$WORK/err" 2>/dev/null)
    if [ -n "$san" ]; then
        why="sanitizer report: $san"
    elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
        why="timed out after ${TIMEOUT}s"
    elif [ "$want" = ok ]; then
        if [ $rc -ne 0 ]; then
            why="exit status $rc, expected 0: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
        elif [ "$(cat "$WORK/out")" != "$GREETING" ]; then
            why="unexpected output: $(head -c 200 "$WORK/out" | tr '\n' ' ')"
        fi
    else
        if [ $rc -ne 1 ]; then
            why="exit status $rc, expected 1: $(head -c 300 "$WORK/err" | tr '\n' ' ')"
        elif [ ! -s "$WORK/err" ]; then
            why="no error message on stderr"
        elif [ "$expect" != "-" ] && ! matches_any "$expect" "$WORK/err"; then
            why="stderr lacks '$expect': $(head -c 300 "$WORK/err" | tr '\n' ' ')"
        fi
    fi
    if [ -z "$why" ]; then
        echo "PASS: jar/$name"
        pass=$((pass + 1))
    else
        echo "FAIL: jar/$name: $why"
        fail=$((fail + 1))
    fi
done <"$WORK/jars/cases.txt"

[ $fail -eq 0 ]
