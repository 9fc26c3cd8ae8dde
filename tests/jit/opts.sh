#!/usr/bin/env bash
# tests/jit/opts.sh - the JIT's loop/arithmetic optimizations (regcache,
# combineop, combineld, acache, object, bce; src/jit/jit_vstack.c,
# jit_fastops.c, jit_loops.c) switched on and off: a selection of the
# conformance corpus (arithmetic, arrays, loops, exceptions, GC) plus the
# programs in tests/jit/programs/ that aim at the optimizations' edge cases
# (BCE bounds, overflow, arrays reassigned in loops, exceptions mid-loop,
# handlers inside loops with cached locals, GC with references only in
# cached locals, locals reused with other types), each run with all
# optimizations on, all off (-Xjit:-all), and each one off alone;
# then (--stats) that typecheck, alloc, chained nullify, ldivc, lmem, dup2, lcache, minmax, lvar, pic, fields, dmath, tcache, vinline, thisnn and dcall fire (TypeChecks,
# AllocCases, CtorChains, DivConst, LongFields, Dup2Cases, LongLocals, MinMaxCases, LongVarOps,
# LongCmpValue, PolyCalls, InlineFields, DMathCases, IfaceCasts, VirtualInline, ThisStore, DcallLate) and not when off;
# programs/*.j are assembled by tests/tools/Jasm.java (bytecode javac does not
# emit, e.g. lcmp as a value), the main class named as the file;
# and compared with OpenJDK (stdout and exit status).
#
#   tests/jit/opts.sh [VIFVM] [FILTER]
#
# A program may ask for vifvm options in a comment:   // jitopts: -Xmx4m
# (also accepted inside a /* */ comment line: " * jitopts: -Xmx4m").
# Prints PASS: jitopts/<config>/<program> or FAIL: ... lines, then
# "jitopts: N passed, N failed"; exit status 1 if anything failed.
# Environment: JOBS (parallel runs, default 2), TIMEOUT (seconds, 60),
# JITOPTS_CONFIGS (the configurations to run, default all of them).
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
VM=${1:-build/release/vifvm}
FILTER=${2:-}
JAVAC=${JAVAC:-javac}
JAVA=${JAVA:-java}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-60}
W=build/jitopts
mkdir -p "$W/classes" "$W/expected" "$W/out"

if [ ! -x "$VM" ]; then echo "FAIL: jitopts/setup: $VM not built"; echo "jitopts: 0 passed, 1 failed"; exit 1; fi

CONF="IntArith LongArith Shifts Bitwise BitTwiddling NarrowingArith CompoundAssign Iinc WideLocals
      ArrayBounds PrimitiveArrays MultiArray MatrixMultiply SieveOfEratosthenes LoopForms
      ExceptionsInLoop TryCatchBasic NestedExceptions DivByZero NullHandling Fields
      PacketParser Checksums Knapsack NQueens SortingAlgorithms GameOfLife Base64Codec
      WordCount ArraysUtil StringSearch AllocArrays KahanSum FloatArith FloatPrecision"
CONFIGS=${JITOPTS_CONFIGS:-"all none regcache combineop combineld acache object bce inlining aastore floatops regbudget writeback longops typecheck lmem ldivc dup2 lcache minmax lvar pic fields dmath tcache vinline thisnn dcall"}

# ---- compile and get the expectations (cached by source hash) ----------------
srcs=()
for n in $CONF; do srcs+=("tests/conformance/$n.java"); done
for f in tests/jit/programs/*.java tests/jit/programs/*.j; do srcs+=("$f"); done
JASM=""
progs=()
for src in "${srcs[@]}"; do
    name=$(basename "$src"); name=${name%.java}; name=${name%.j}
    [ -n "$FILTER" ] && ! [[ $name =~ $FILTER ]] && continue
    [ -f "$src" ] || { echo "FAIL: jitopts/setup/$name: $src missing"; continue; }
    hash=$(sha256sum "$src" | cut -c1-16)
    cdir=$W/classes/$name
    if [ "$(cat "$cdir/.stamp" 2>/dev/null)" != "$hash" ]; then
        rm -rf "$cdir"; mkdir -p "$cdir"
        if [[ $src == *.j ]]; then
            if [ -z "$JASM" ]; then
                JASM=$W/jasm
                mkdir -p "$JASM"
                "$JAVAC" -nowarn -d "$JASM" tests/tools/Jasm.java > "$W/jasm.javac.log" 2>&1 ||
                    echo "FAIL: jitopts/setup: cannot compile tests/tools/Jasm.java"
            fi
            if ! "$JAVA" -cp "$JASM" Jasm "$W/jasmout" "$src" > "$W/$name.javac.log" 2>&1 ||
               ! cp "$W/jasmout/$name"/*.class "$cdir"/; then
                echo "FAIL: jitopts/setup/$name: Jasm failed"; continue
            fi
        elif ! "$JAVAC" --release 8 -nowarn -d "$cdir" "$src" > "$W/$name.javac.log" 2>&1; then
            echo "FAIL: jitopts/setup/$name: javac failed"; continue
        fi
        (cd "$cdir" && timeout "$TIMEOUT" "$JAVA" -cp . "$name" > "$ROOT/$W/expected/$name.out" 2>/dev/null < /dev/null
         echo $? > "$ROOT/$W/expected/$name.rc")
        echo "$hash" > "$cdir/.stamp"
    fi
    progs+=("$name")
done

# ---- run every program under every configuration ------------------------------
run_one() { # config name
    local cfg=$1 name=$2 opt extra
    case $cfg in
        all) opt="" ;;
        none) opt="-Xjit:-all" ;;
        *) opt="-Xjit:-$cfg" ;;
    esac
    extra=$(grep -m1 -o 'jitopts: .*' "tests/jit/programs/$name.java" 2>/dev/null | sed 's/^jitopts: //; s/\*\/.*//')
    local out=$W/out/$cfg.$name.out
    # shellcheck disable=SC2086
    { timeout -k 5 "$TIMEOUT" "$VM" $opt $extra -cp "$W/classes/$name" "$name" > "$out" 2> "$out.err" < /dev/null; } 2>/dev/null
    local rc=$? exprc
    exprc=$(cat "$W/expected/$name.rc")
    if [ "$rc" != "$exprc" ]; then
        echo "FAIL: jitopts/$cfg/$name: exit status $rc, expected $exprc ($(head -c 200 "$out.err" | tr '\n' ' '))"
    elif ! cmp -s "$out" "$W/expected/$name.out"; then
        echo "FAIL: jitopts/$cfg/$name: stdout differs ($(diff "$out" "$W/expected/$name.out" | head -3 | tr '\n' ' '))"
    else
        echo "PASS: jitopts/$cfg/$name"
    fi
}
export -f run_one
export VM W TIMEOUT

results=$(for cfg in $CONFIGS; do for n in "${progs[@]}"; do echo "$cfg $n"; done; done |
          xargs -P "$JOBS" -n 2 bash -c 'run_one "$0" "$1"')
# ---- the runtime fast paths fire, and not when off (--stats) -----------------
# typecheck: TypeChecks's methods with casts and instanceof; alloc: AllocCases's with `new`;
# nullify of empty constructor chains: ChainE.<init> and Counted.<init> call one (CtorChains;
# main calls only chains, ChainE.<init> is one too long to be dropped whole)
SANITIZED=0
grep -qa __asan_init "$VM" && SANITIZED=1
fired_one() { # opt program method...
    local opt=$1 prog=$2 m on off
    shift 2
    [ -d "$W/classes/$prog" ] || return 0
    for m in "$@"; do
        local q=$prog.$m
        case $m in *.*) q=$m ;; esac      # Class.method: a method of another class
        on=$("$VM" --stats -cp "$W/classes/$prog" "$prog" 2>&1 >/dev/null | grep -F "$q(" | grep -c "[ ,]$opt\(,\|$\)")
        off=$("$VM" --stats -Xjit:-"$opt" -cp "$W/classes/$prog" "$prog" 2>&1 >/dev/null | grep -F "$q(" | grep -c "[ ,]$opt\(,\|$\)")
        if [ "$opt" = alloc ] && [ "$SANITIZED" = 1 ]; then
            # sanitizer builds have no inline allocation (the heap poisons
            # free cells; compiled code is not instrumented): it must not fire
            if [ "$on" -ne 0 ]; then echo "FAIL: jitopts/fired/$opt/$q: alloc fired in a sanitizer build"
            else echo "PASS: jitopts/fired/$opt/$q (sanitizer build: not fired, as it must not)"; fi
        elif [ "$on" -ne 1 ]; then echo "FAIL: jitopts/fired/$opt/$q: --stats does not show $opt fired"
        elif [ "$off" -ne 0 ]; then echo "FAIL: jitopts/fired/$opt/$q: $opt fired with -Xjit:-$opt"
        else echo "PASS: jitopts/fired/$opt/$q"; fi
    done
}
results="$results
$(fired_one typecheck TypeChecks casts tests castLoop)
$(fired_one alloc AllocCases sizes lists lazy)
$(fired_one nullify CtorChains ChainE.\<init\> Counted.\<init\>)
$(fired_one ldivc DivConst ldivs idivs mixed mixedInt)
$(fired_one dup2 Dup2Cases ints longs)
$(fired_one lcache LongLocals many handlers selfStore wide)
$(fired_one dcall DcallLate weighAll)
$(fired_one minmax MinMaxCases lmix imix clamp)
$(fired_one lvar LongVarOps div rem mixed delay divZero byOnes shl shr ushr shifts)
$(fired_one lvar LongCmpValue cmp stored compared summed)
$(fired_one pic PolyCalls run viaBase nulls throwing deep)
$(fired_one tcache IfaceCasts rounds arrays sumAreas cmps)
$(fired_one vinline VirtualInline drive nulls shapes)
$(fired_one thisnn ThisStore \<init\>)
$(fired_one dmath DMathCases cmps maxmin bits lcmps live DMathCases\$Pkt.compareTo)
$(fired_one fields InlineFields main InlineFields\$Itr.next InlineFields\$Itr.hasNext)
$(fired_one lmem LongFields sumAll LongFields\$Meter.refill LongFields\$Meter.take LongFields\$Counters.count)"
echo "$results" | sort -t/ -k2,3
npass=$(echo "$results" | grep -c '^PASS: ')
nfail=$(echo "$results" | grep -c '^FAIL: ')
echo "jitopts: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
