#!/usr/bin/env bash
# tests/jit/switch21.sh - pattern switches as javac 21 compiles them, which
# the installed javac 17 cannot produce: GenSwitch21.java writes them with
# the JDK's internal ASM (typeSwitch with EnumDesc dynamic-constant labels,
# Class, String and Integer labels, restart indexes; enumSwitch).  JDK 17's
# own SwitchBootstraps rejects EnumDesc labels, so the expectation,
# switch21/Main21.expected, is JDK 21's documented result, worked out by
# hand; and java.lang.MatchException, which javac 21 throws (JDK 21 API).
# Run on both engines of VIFVM_BINARY (default build/release/vifvm).
#
#   tests/jit/switch21.sh [VIFVM_BINARY]
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
V=$(readlink -f "${1:-$VIFVM_ROOT/build/release/vifvm}")
[ -x "$V" ] || { echo "error: $V: not executable" >&2; exit 2; }
vt_find_jdk || exit 2
tag=$(basename "$(dirname "$V")")
S=$VIFVM_ROOT/tests/jit/switch21
W=$VIFVM_ROOT/build/switch21/$tag
rm -rf "$W" && mkdir -p "$W/gen" "$W/cls"
X=(--add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED)
if ! "$JAVAC" -nowarn "${X[@]}" -d "$W/gen" "$S/GenSwitch21.java" > "$W/log" 2>&1 &&
   grep -q 'jdk.internal.org.objectweb.asm' "$W/log"; then
    # a JDK without its internal copy of ASM (JDK 23 and later)
    echo "SKIP: switch21/$tag: this JDK has no jdk.internal.org.objectweb.asm to write the classes"
    exit 0
fi
if [ ! -f "$W/gen/GenSwitch21.class" ] ||
   ! "$JAVA" "${X[@]}" -cp "$W/gen" GenSwitch21 "$W/cls" >> "$W/log" 2>&1 ||
   ! "$JAVAC" -nowarn --release 17 -cp "$W/cls" -d "$W/cls" "$S/E21.java" "$S/Main21.java" >> "$W/log" 2>&1; then
    echo "FAIL: switch21/$tag/generate"
    vt_indent 8 < "$W/log"
    exit 1
fi
fails=0
for e in jit int; do
    opt=()
    [ "$e" = int ] && opt=(--int)
    "$V" "${opt[@]}" -cp "$W/cls" Main21 > "$W/$e.out" 2> "$W/$e.err"
    rc=$?
    if [ "$rc" = 0 ] && [ ! -s "$W/$e.err" ] && cmp -s "$S/Main21.expected" "$W/$e.out"; then
        echo "PASS: switch21/$tag/$e"
    else
        echo "FAIL: switch21/$tag/$e (exit $rc)"
        diff -u --label expected --label actual "$S/Main21.expected" "$W/$e.out" | vt_indent 8
        vt_indent 8 < "$W/$e.err"
        fails=$((fails + 1))
    fi
done
[ "$fails" = 0 ]
