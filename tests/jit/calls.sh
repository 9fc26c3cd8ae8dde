#!/usr/bin/env bash
# tests/jit/calls.sh - the JIT's call optimizations (issue 3: fastinv,
# mcache, nullify, inlineclk, inlining; src/jit/jit_invoke.c,
# jit_inline.c) against OpenJDK.
#
#   tests/jit/calls.sh [VIFVM_BINARY]      (default build/release/vifvm)
#
# Every tests/jit/calls/*.java program is compiled with javac, run once on
# `java` for the expected stdout and exit status, then on vifvm with all
# optimizations on, with each call optimization off alone (-Xjit:-<opt>)
# and interpreted (--int):  PASS: jitcalls/<variant>/<program>.
# CallsDeep also runs with -Xss1g under an 8 MiB C stack (ulimit -s).
# CallsBudget runs under -Xbudget: each variant must abort (status 3, no
# handler runs), and where the budget runs out must be exactly where the
# interpreter's runs out (the ticks of inlined, nullified and fast calls
# are the interpreter's).  jitcalls/fired/<opt> checks with --stats that
# each optimization fires, and does not when switched off.
# Ends with `jitcalls: N passed, N failed`; exit status 1 on a failure.
set -u
cd "$(dirname "$0")/../.."
VIFVM=${1:-build/release/vifvm}
JAVA=${JAVA:-java}
JAVAC=${JAVAC:-javac}
SRC=tests/jit/calls
OUT=build/jitcalls
CLS=$OUT/classes
TMO=${TIMEOUT:-60}
pass=0 failn=0

ok() { echo "PASS: jitcalls/$1"; pass=$((pass + 1)); }
bad() { echo "FAIL: jitcalls/$1: $2"; failn=$((failn + 1)); }

if [ ! -x "$VIFVM" ]; then
    bad setup "no vifvm binary at $VIFVM"
    echo "jitcalls: $pass passed, $failn failed"
    exit 1
fi
mkdir -p "$CLS"
stamp=$(cat "$SRC"/*.java | sha256sum | cut -c1-16)
if [ "$(cat "$OUT/stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$CLS" "$OUT"/*.expected "$OUT"/*.rc
    mkdir -p "$CLS"
    if ! "$JAVAC" -nowarn -d "$CLS" "$SRC"/*.java > "$OUT/javac.log" 2>&1; then
        bad javac "$(head -5 "$OUT/javac.log")"
        echo "jitcalls: $pass passed, $failn failed"
        exit 1
    fi
    echo "$stamp" > "$OUT/stamp"
fi

# program -> extra vifvm options (small heaps: collections during calls)
declare -A XOPT=( [CallsGC]="-Xmx3m" [CallsExceptions]="-Xmx4m" [CallsInline]="-Xmx4m" [CallsInlineArrays]="" [CallsInlineBranches]="" [CallsInlineIface]=""
                  [CallsDispatch]="-Xmx4m" [CallsDeep]="" [CallsClock]="" )
PROGS="CallsDispatch CallsInline CallsInlineArrays CallsInlineBranches CallsInlineIface CallsDeep CallsExceptions CallsGC CallsClock"
VARIANTS="all no-fastinv no-mcache no-nullify no-inlineclk no-inlining no-regbudget int"
vopt() {
    case $1 in
        all) echo "" ;;
        int) echo "--int" ;;
        no-*) echo "-Xjit:-${1#no-}" ;;
    esac
}

for p in $PROGS; do
    if [ ! -f "$OUT/$p.expected" ]; then
        timeout "$TMO" "$JAVA" -cp "$CLS" "$p" > "$OUT/$p.expected" 2> "$OUT/$p.java.err"
        echo $? > "$OUT/$p.rc"
    fi
done

for v in $VARIANTS; do
    o=$(vopt "$v")
    for p in $PROGS; do
        # shellcheck disable=SC2086
        timeout "$TMO" "$VIFVM" $o ${XOPT[$p]} -cp "$CLS" "$p" > "$OUT/$p.$v.out" 2> "$OUT/$p.$v.err"
        rc=$?
        want=$(cat "$OUT/$p.rc")
        if [ "$rc" != "$want" ]; then
            bad "$v/$p" "exit status $rc, java $want: $(head -c 300 "$OUT/$p.$v.err")"
        elif ! cmp -s "$OUT/$p.expected" "$OUT/$p.$v.out"; then
            bad "$v/$p" "stdout differs from java: $(diff "$OUT/$p.expected" "$OUT/$p.$v.out" | head -6 | tr '\n' '|')"
        else
            ok "$v/$p"
        fi
    done
done

# ---- compiled recursion on the C stack: a Java stack far larger than a
# 8 MiB C stack; the native-stack check on the fast path must raise
# StackOverflowError before the process's stack overflows ---------------------
p=CallsDeep
for v in $VARIANTS; do
    [ "$v" = int ] && continue
    o=$(vopt "$v")
    # shellcheck disable=SC2086
    # (the outer 2>/dev/null silences bash's "Segmentation fault" report)
    { (ulimit -s 8192; exec timeout "$TMO" "$VIFVM" $o -Xss1g -cp "$CLS" "$p") \
        > "$OUT/$p.$v.huge.out" 2> "$OUT/$p.$v.huge.err"; } 2> /dev/null
    rc=$?
    if [ "$rc" != "$(cat "$OUT/$p.rc")" ]; then
        bad "$v/$p-hugestack" "exit status $rc: $(head -c 300 "$OUT/$p.$v.huge.err")"
    elif ! cmp -s "$OUT/$p.expected" "$OUT/$p.$v.huge.out"; then
        bad "$v/$p-hugestack" "stdout differs from java: $(diff "$OUT/$p.expected" "$OUT/$p.$v.huge.out" | head -6 | tr '\n' '|')"
    else
        ok "$v/$p-hugestack"
    fi
done

# ---- the budget ------------------------------------------------------------
p=CallsBudget
if [ ! -f "$OUT/$p.expected" ]; then
    timeout "$TMO" "$JAVA" -cp "$CLS" "$p" 20000 > "$OUT/$p.expected" 2>/dev/null
fi
for v in $VARIANTS; do
    o=$(vopt "$v")
    # bounded: runs to the end as on the JVM
    # shellcheck disable=SC2086
    timeout "$TMO" "$VIFVM" $o -cp "$CLS" "$p" 20000 > "$OUT/$p.$v.out" 2>&1
    rc=$?
    if [ $rc != 0 ] || ! cmp -s "$OUT/$p.expected" "$OUT/$p.$v.out"; then
        bad "$v/$p" "bounded run: status $rc, output $(head -c 200 "$OUT/$p.$v.out" | tr '\n' '|')"
        continue
    fi
    # endless under a budget: aborted, nothing caught
    # shellcheck disable=SC2086
    timeout "$TMO" "$VIFVM" $o -Xbudget:3000000 -cp "$CLS" "$p" > "$OUT/$p.$v.out" 2> "$OUT/$p.$v.err"
    rc=$?
    if [ $rc != 3 ] || [ "$(cat "$OUT/$p.$v.out")" != start ] ||
       ! grep -q "instruction budget of 3000000 exhausted" "$OUT/$p.$v.err"; then
        bad "$v/$p" "budget: status $rc (want 3), stdout $(head -c 100 "$OUT/$p.$v.out" | tr '\n' '|'), stderr $(head -c 200 "$OUT/$p.$v.err")"
        continue
    fi
    # the tick count is the interpreter's: where each budget runs out
    where=""
    for n in 100001 100002 100003 100004 100005 100006 100007 100011; do
        # shellcheck disable=SC2086
        w=$(timeout "$TMO" "$VIFVM" $o -Xbudget:$n -cp "$CLS" "$p" 2>&1 >/dev/null)
        where="$where$w|"
    done
    echo "$where" > "$OUT/$p.$v.where"
    if [ "$v" != int ]; then
        # shellcheck disable=SC2086
        iw=""
        for n in 100001 100002 100003 100004 100005 100006 100007 100011; do
            w=$(timeout "$TMO" "$VIFVM" --int -Xbudget:$n -cp "$CLS" "$p" 2>&1 >/dev/null)
            iw="$iw$w|"
        done
        if [ "$where" != "$iw" ]; then
            bad "$v/$p" "budget ran out elsewhere than interpreted: $(diff <(echo "$iw" | tr '|' '\n') <(echo "$where" | tr '|' '\n') | head -4 | tr '\n' ' ')"
            continue
        fi
    fi
    ok "$v/$p"
done

# ---- each optimization fires, and not when off ------------------------------
for opt in fastinv mcache nullify inlineclk inlining; do
    on=$(for p in CallsInline CallsDispatch CallsClock; do
             "$VIFVM" --stats -cp "$CLS" "$p" 2>&1 >/dev/null; done | grep -c "[ ,]$opt\(,\|$\)")
    off=$(for p in CallsInline CallsDispatch CallsClock; do
              "$VIFVM" --stats -Xjit:-$opt -cp "$CLS" "$p" 2>&1 >/dev/null; done |
          grep -v "optimizations enabled" | grep -c "[ ,]$opt\(,\|$\)")
    if [ "$on" -eq 0 ]; then
        bad "fired/$opt" "--stats shows no method where $opt fired"
    elif [ "$off" -ne 0 ]; then
        bad "fired/$opt" "--stats shows $opt fired with -Xjit:-$opt"
    else
        ok "fired/$opt"
    fi
done

# ---- inlined with its rare paths left to the call (jit_inline.c, bail_op) ---
# tests/jit/programs/InlineBail.java (opts.sh compares its output with
# OpenJDK): Sub.put's super.put, a ring like VIFlet.enqueue that grows
# through a call and throws from a helper, must be inlined, with the
# same output as without inlining and interpreted
IB=$OUT/inlinebail
mkdir -p "$IB"
if "$JAVAC" -nowarn -d "$IB" tests/jit/programs/InlineBail.java > /dev/null 2>&1; then
    st=$("$VIFVM" --stats -cp "$IB" InlineBail 2>&1 >/dev/null | grep 'InlineBail$Sub.put(')
    o1=$("$VIFVM" -cp "$IB" InlineBail 2>&1)
    o2=$("$VIFVM" -Xjit:-inlining -cp "$IB" InlineBail 2>&1)
    o3=$("$VIFVM" --int -cp "$IB" InlineBail 2>&1)
    case "$st" in
    *inlining*)
        if [ "$o1" = "$o2" ] && [ "$o1" = "$o3" ]; then ok fired/inlining-bail
        else bad fired/inlining-bail "output differs from -Xjit:-inlining or --int"; fi ;;
    *) bad fired/inlining-bail "InlineBail\$Sub.put not inlined into: ${st:-(not compiled)}" ;;
    esac
else
    bad fired/inlining-bail "InlineBail.java does not compile"
fi

echo "jitcalls: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
