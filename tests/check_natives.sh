#!/usr/bin/env bash
# tests/check_natives.sh - every `native` method of the compiled class
# library (build/lib-classes, read with javap) must have an entry with the
# same class, name and descriptor in the one natives table
# (src/runtime/natives.c), and every table entry must belong to a native
# method of the library.  Also checks the table for duplicate entries.
#
# Prints PASS:/FAIL: lines; exit status 1 on failure, 2 on setup errors.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2
JAVAP=$(dirname "$JAVAC")/javap
[ -x "$JAVAP" ] || { echo "FAIL: natives/setup: no javap next to $JAVAC"; exit 2; }

if ! make -s build/lib-classes.stamp > build/check_natives.make.log 2>&1; then
    echo "FAIL: natives/library-compiles: make build/lib-classes.stamp failed"
    vt_indent 20 < build/check_natives.make.log
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Java side: "class name descriptor" for every native method.  javap is given
# class *files*, so it reads our classes, not the JDK's java.* classes.
find build/lib-classes -name '*.class' | sort > "$tmp/files"
if [ ! -s "$tmp/files" ]; then
    echo "FAIL: natives/setup: build/lib-classes has no classes"
    exit 2
fi
# shellcheck disable=SC2046
"$JAVAP" -p -s $(cat "$tmp/files") 2> "$tmp/javap.err" | awk '
    /^(public |protected |private |abstract |final |static |strictfp )*(class|interface|enum) / ||
    /^[a-z ]*(class|interface) [A-Za-z0-9_.$]+/ {
        for (i = 1; i <= NF; i++) if ($i == "class" || $i == "interface" || $i == "enum") { cls = $(i + 1); break }
        sub(/<.*/, "", cls); gsub(/\./, "/", cls)
        next
    }
    / native / {
        want = 1
        line = $0; sub(/\(.*/, "", line); n = split(line, w, " "); name = w[n]
        next
    }
    want && /descriptor:/ { print cls, name, $2; want = 0 }
' | sort > "$tmp/java"
if [ -s "$tmp/javap.err" ]; then
    echo "FAIL: natives/javap: javap reported errors"
    vt_indent 10 < "$tmp/javap.err"
    exit 1
fi

# C side: the { "cls", "name", "desc", fn } entries of the table.
tr '\n' ' ' < src/runtime/natives.c |
    grep -oE '\{ *"[^"]*", *"[^"]*", *"[^"]*", *[A-Za-z_][A-Za-z0-9_]* *\}' |
    sed -E 's/\{ *"([^"]*)", *"([^"]*)", *"([^"]*)".*/\1 \2 \3/' | sort > "$tmp/table.all"
sort -u "$tmp/table.all" > "$tmp/table"

fails=0
njava=$(wc -l < "$tmp/java")
ntable=$(wc -l < "$tmp/table")
if [ "$njava" -eq 0 ]; then
    echo "FAIL: natives/found: no native methods found in build/lib-classes"
    exit 1
fi

missing=$(comm -23 "$tmp/java" "$tmp/table")
if [ -n "$missing" ]; then
    echo "FAIL: natives/java-has-table-entry: native methods without a table entry:"
    echo "$missing" | vt_indent 50
    fails=1
else
    echo "PASS: natives/java-has-table-entry ($njava native methods)"
fi

extra=$(comm -13 "$tmp/java" "$tmp/table")
if [ -n "$extra" ]; then
    echo "FAIL: natives/table-entry-has-java: table entries without a native method:"
    echo "$extra" | vt_indent 50
    fails=1
else
    echo "PASS: natives/table-entry-has-java ($ntable table entries)"
fi

dups=$(uniq -d "$tmp/table.all")
if [ -n "$dups" ]; then
    echo "FAIL: natives/no-duplicates: duplicate table entries:"
    echo "$dups" | vt_indent 20
    fails=1
else
    echo "PASS: natives/no-duplicates"
fi

exit "$fails"
