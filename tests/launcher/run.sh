#!/usr/bin/env bash
# tests/launcher/run.sh - the vifvm command as a java replacement: -D
# properties, getenv, user.dir, java.class.path, standard input, helpful
# NullPointerException messages, -version naming the engine, preview class
# files with and without --enable-preview, each
# compared with what java does where java can say.
#
#   tests/launcher/run.sh VIFVM_BINARY
#
# Prints PASS:/FAIL: lines; exit status 1 if anything failed.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
[ $# -eq 1 ] || { sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 2; }
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
# What vifvm does not provide fails with a message that says so, naming
# what is missing, on both engines; a main class that exists is never
# reported as "Could not find or load main class".
mkdir -p "$W/unsup"
"$JAVAC" --release 8 -nowarn -d "$W/unsup" "$VIFVM_ROOT"/tests/launcher/unsupported/*.java 2>/dev/null ||
    { echo "FAIL: launcher/compile-unsupported"; exit 1; }
unsupported() { # class, expected stdout, fixed strings expected in stderr...
    local cls=$1 out=$2 e m
    shift 2
    for e in jit int; do
        local opt=() rc
        [ "$e" = int ] && opt=(--int)
        "$V" "${opt[@]}" -cp "$W/unsup" "$cls" < /dev/null > "$W/$cls.$e.out" 2> "$W/$cls.$e.err"
        rc=$?
        local ok=1
        for m in "$@"; do grep -qF -- "$m" "$W/$cls.$e.err" || ok=0; done
        if [ "$rc" = 1 ] && [ "$(cat "$W/$cls.$e.out")" = "$out" ] && [ "$ok" = 1 ] &&
           ! grep -q 'Could not find or load main class' "$W/$cls.$e.err"; then
            echo "PASS: launcher/$tag/unsupported/$cls/$e"
        else
            echo "FAIL: launcher/$tag/unsupported/$cls/$e (exit $rc; want 1, stdout '$out', stderr with: $*)"
            vt_indent 12 < "$W/$cls.$e.out"; vt_indent 12 < "$W/$cls.$e.err"
            fails=$((fails + 1))
        fi
    done
}
unsupported UsesSocketBase "" "Error: LinkageError occurred while loading main class UsesSocketBase" \
    "java.lang.NoClassDefFoundError: java/net/Socket (vifvm's class library does not provide this class)"
unsupported UsesFiles started "Exception in thread \"main\" java.lang.NoClassDefFoundError: java/nio/file/Paths (vifvm's class library does not provide this class)"
unsupported UsesThread started "java.lang.UnsupportedOperationException: java.lang.Thread.start: vifvm runs one thread per VM and does not provide threads"
unsupported UsesReflection "started UsesReflection" "java.lang.UnsupportedOperationException: java.lang.Class.getMethod: vifvm does not provide reflection beyond Class basics"
unsupported UsesFileReader started "java.io.FileNotFoundException: /etc/hostname (vifvm has no file system access)"
# Preview class files (javac --enable-preview --release 17: version
# 61.65535): refused with java's message unless --enable-preview is given,
# then run on both engines as java runs them.
mkdir -p "$W/preview"
cat > "$W/preview/Preview.java" <<'JAVA'
public class Preview {
    public static void main(String[] a) {
        Object o = a.length > 0 ? a[0] : 42;
        System.out.println(switch (o) { case Integer i && i > 40 -> "big " + i; default -> "other " + o; });
    }
}
JAVA
if ! "$JAVAC" --enable-preview --release 17 -nowarn -d "$W/preview" "$W/preview/Preview.java" >/dev/null 2>&1; then
    echo "FAIL: launcher/compile-preview"; fails=$((fails + 1))
else
    "$JAVA" -cp "$W/preview" Preview > "$W/preview/off.java" 2>&1
    echo "exit $?" >> "$W/preview/off.java"
    "$JAVA" --enable-preview -cp "$W/preview" Preview > "$W/preview/on.java" 2>&1
    echo "exit $?" >> "$W/preview/on.java"
    for e in jit int; do
        opt=()
        [ "$e" = int ] && opt=(--int)
        "$V" "${opt[@]}" -cp "$W/preview" Preview > "$W/preview/off.$e" 2>&1
        echo "exit $?" >> "$W/preview/off.$e"
        check "preview-refused/$e" "$W/preview/off.java" "$W/preview/off.$e"
        "$V" "${opt[@]}" --enable-preview -cp "$W/preview" Preview > "$W/preview/on.$e" 2>&1
        echo "exit $?" >> "$W/preview/on.$e"
        check "preview-enabled/$e" "$W/preview/on.java" "$W/preview/on.$e"
    done
fi
[ "$fails" -eq 0 ]
