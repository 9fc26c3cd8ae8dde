#!/usr/bin/env bash
# tests/jit/tier2.sh - the second tier's pipeline (src/jit/t2_*.c, issue 15):
# each pass on and off, seen through --stats, on issue 15's programs
# (bench/tier2/*.java at their small default sizes):
#   - off by default: no tier-2 section without -Xjit:tier2;
#   - -Xjit:tier2 builds the graphs of known methods, and each pass fires
#     where it must (inlining of a constructor's super(), GVN and load
#     elimination in classify and drain, LICM of field loads in drain, null checks
#     dropped, the hits[i] loop's bounds check proven) and not when switched
#     off (-Xjit:tier2,-inlining ...);
#   - no graph fails its checks (with tier2=all: the class library too);
#   - the output is java's, with tier 2 on, off and on every method;
#   - i18: methods with invokedynamic (concatenation, lambdas) in tier 2,
#     on/off (-indy), deopt-every=1,2, a throwing toString, GC inside.
#   - tier-2 CODE runs (src/jit/t2_codegen.c): the hot methods' tier column
#     is 2 (not 1+ir, the baseline's code), and none is with ,-codegen;
#   - leaving tier-2 code (t2_deopt.c): tests/jit/tier2/T2Exits.java
#     fails a check of every kind (null, bounds, division, cast, athrow,
#     inside an inlined callee, allocation; class initialization is a call) and prints
#     the exceptions' stack traces: java's output with tier 2 on, with exits
#     counted in --stats; with -Xjit:tier2,deopt-every=N the code also leaves
#     at every N-th exit point it passes (every kind of point, several N),
#     on T2Exits and on the six programs: still java's output;
#   - dominated bounds checks (-dchk: tests/jit/tier2/T2Dchk.java) and the
#     register allocator's loop-weighted spill choice (-spillw), register
#     sharing (-share) and phi hints (-hint): java's output on and off, and
#     "on" changes the counts or the code;
#   - t5's switches, each over its own program in tests/jit/tier2/ (optcase:
#     java's output on, off, and leaving at every 2nd / 3rd exit point; on
#     changes the method's code or counts): -divc (T2Divc), -intrinsics and
#     -linked (T2Intr), -guard (T2Guard: an override loaded later fails the
#     guard), -zx (T2Zx), -csave and -mapz (T2Csave), -commute (T2Commute),
#     -lea (T2Lea); aastore in tier-2 code (T2Aastore);
#   - t8's: -nndom (T2Nndom: null checks under a dominating null test),
#     -hotinl (T2Hotinl: hot call sites of loop-free methods and of hot
#     inlined callees), -jinv (ClassifyEnqueue, T2Hotinl: inverted branches),
#     -multi (T2Hotinl: one callee at two sites), -bytes (T2Hotinl: bastore
#     into a known byte[]), -fold (T2Fold: constant folding); the t2s runs keep t7's inlining (-hotinl,-multi)
#     for the checks on callees now inlined everywhere;
#   - t11's -cold (T2Cold: a call site between two loops or after the main
#     loop keeps the small inlining size).
#   - t13's -fp (T2Fp: floats and doubles in tier-2 code), -poly (T2Poly:
#     virtual and interface calls inlined behind exact-class tests), -csreg
#     (FlowCounters: values across calls in rbp / r15), -xleave and
#     -recompile (T2Recomp: a throw in an inlined callee leaves; the
#     second compile after 256 calls).
#   - t15's -cmpbr (T2Cmpbr: ifs on lcmp / Long.compare / Integer.compare
#     compare the operands), Math's min/max/abs by name in a callee inlined
#     before Math's first use (-intrinsics), licm of a static dropping its
#     frame state; -after and -nest (T2Nest, LpmTrie: a loop after the
#     main loop inlines a callee whose entries name a nested class not
#     loaded yet).
#   - t14's -xmm, -xmmsave, -xmmloop and -fbranch (tests/conformance/
#     FpXmm.java: floats and doubles in XMM registers; saved around calls,
#     or spilled, always or across a call on every iteration of a loop; a
#     float compare and its branch fused).
#   - r16's -freg (r12 a ninth allocatable register), -split (interval
#     splitting, reloads on back edges) and -ldweight (spill weights 10 per
#     loop level): RegPressure, java's output on and off, the counts in --stats,
#     -splitloop (split inside a loop, reloaded on its back edges) and
#     ,-resolve (the reloads dropped) giving wrong output.
#   - b17's -alloc (`new` inline) and -inlnew (a callee with a `new`
#     inlined, its slow path on the inlined frames; valueOf inlined with
#     -unbox's facts): T2Alloc on/off, leaving at every exit point,
#     OutOfMemoryError from the inline path against the interpreter.
#
#   tests/jit/tier2.sh [VIFVM]
# Prints PASS:/FAIL: tier2/<check> lines, then "tier2: N passed, N failed";
# exit status 1 if anything failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
VM=${1:-build/release/vifvm}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
javac --release 8 -nowarn -g -d "$W" bench/tier2/*.java tests/jit/tier2/*.java tests/conformance/RegPressure.java || { echo "FAIL: tier2/javac"; exit 1; }
np=0 nf=0
pass() { echo "PASS: tier2/$1"; np=$((np + 1)); }
fail() { echo "FAIL: tier2/$1: $2"; nf=$((nf + 1)); }

# the tier-2 line of METHOD in stats file F: "<tier> <us> <note>"
t2line() { grep -F "  $2 " "$1" | grep -E ' (2|1\+ir|1|BUG) +[0-9.]+  ' | head -n1; }
# the tier column of METHOD in F
t2tier() { t2line "$1" "$2" | sed -E 's/.* (2|1\+ir|1|BUG) +[0-9.]+  .*/\1/'; }
# exits to the interpreter reported in F's summary
t2exits() { sed -n 's/.*; \([0-9][0-9]*\) exits to the interpreter.*/\1/p' "$1" | head -n1; }
# field K (v b L inl gvn ld licm nc) of METHOD's note in F, as a number
t2count() {
    t2line "$1" "$2" | tr ' ' '\n' | sed -n "s/^$3\([0-9][0-9]*\).*/\1/p" | head -n1
}

SOLO=,-hotinl,-multi,-after,-icall,-libref
for p in ClassifyEnqueue FlowCounters DrrScheduler LpmTrie Ipv4Rewrite TokenShaper; do
    java -cp "$W" "$p" >"$W/$p.java.out" 2>&1
    # t2s: inlining as before t8 (-hotinl,-multi), t15 (-after) and t21
    # (-icall,-libref), so that
    # the callees that t8's and t15's inlining take in everywhere (drain,
    # forward, headerChecksum, LpmTrie's lookup)
    # still compile on their own for the checks of the other passes
    for cfg in "base:" "t2:-Xjit:tier2" "t2all:-Xjit:tier2=all" "t2s:-Xjit:tier2$SOLO"; do
        l=${cfg%%:*} f=${cfg#*:}
        # shellcheck disable=SC2086
        "$VM" $f --stats=all -cp "$W" "$p" >"$W/$p.$l.out" 2>"$W/$p.$l.err"
        if ! cmp -s "$W/$p.java.out" "$W/$p.$l.out"; then fail "$l/$p" "output differs from java's"
        elif grep -q 'tier 2 check failed\|BUG ' "$W/$p.$l.err"; then fail "$l/$p" "$(grep -m1 'check failed\|BUG ' "$W/$p.$l.err")"
        elif [ "$l" = base ] && grep -q '^Tier 2' "$W/$p.$l.err"; then fail "$l/$p" "tier 2 ran without -Xjit:tier2"
        elif [ "$l" != base ] && ! grep -q '^Tier 2' "$W/$p.$l.err"; then fail "$l/$p" "no tier-2 section in --stats"
        elif [ "$l" != base ] && ! grep -q 'tier 2: .* 0 failed its checks' "$W/$p.$l.err"; then fail "$l/$p" "no tier-2 summary"
        else pass "$l/$p"; fi
    done
done
# tier2=all reaches the class library
if grep -qE '^  java/.* 2 ' "$W/FlowCounters.t2all.err"; then pass all/library
else fail all/library "no class-library method running tier-2 code with tier2=all"; fi
if grep -qE '^  java/.* (2|1\+ir|1) ' "$W/FlowCounters.t2.err"; then fail user/library "tier2 (not =all) built a library method"
else pass user/library; fi

# tier-2 code runs for the hot methods (and not with ,-codegen); dequeue,
# expire and checksum were refused before t13 ("a reference live across a
# call not in its frame": a loop's replaced slot phi in its own value's
# frame state made that value live before its definition)
for pm in ClassifyEnqueue:ClassifyEnqueue.classify\(\[BII\)I ClassifyEnqueue:ClassifyEnqueue.drain\(I\)I \
          LpmTrie:LpmTrie.lookup\(I\)I \
          Ipv4Rewrite:Ipv4Rewrite.headerChecksum\(\[BII\)I FlowCounters:FlowCounters.update\(JIJI\)V \
          ClassifyEnqueue:ClassifyEnqueue.run\(\[BIII\)V TokenShaper:TokenShaper\$Bucket.admit\(IJ\)Z \
          DrrScheduler:DrrScheduler.dequeue\(I\)I FlowCounters:FlowCounters.expire\(JJ\)V \
          FlowCounters:FlowCounters.checksum\(\)J; do
    p=${pm%%:*} meth=${pm#*:}
    t=$(t2tier "$W/$p.t2s.err" "$meth")
    if [ "$t" = 2 ]; then pass "code/$meth"; else fail "code/$meth" "tier '$t', wanted 2 ($(t2line "$W/$p.t2s.err" "$meth"))"; fi
done
"$VM" -Xjit:tier2,-codegen$SOLO --stats=all -cp "$W" ClassifyEnqueue >"$W/nocode.out" 2>"$W/nocode.err"
if ! cmp -s "$W/ClassifyEnqueue.java.out" "$W/nocode.out"; then fail code/off "output differs from java's"
elif grep -qE ' 2 +[0-9.]+  ' "$W/nocode.err"; then fail code/off "a method runs tier-2 code with ,-codegen"
elif [ "$(t2tier "$W/nocode.err" 'ClassifyEnqueue.drain(I)I')" != '1+ir' ]; then fail code/off "drain not built (1+ir)"
else pass code/off; fi

# leaving tier-2 code: every kind of exit, then every N-th exit point
java -cp "$W" T2Exits >"$W/T2Exits.java.out" 2>&1
for cfg in "t2:-Xjit:tier2" "t2all:-Xjit:tier2=all" "every1:-Xjit:tier2,deopt-every=1" \
           "every2:-Xjit:tier2=all,deopt-every=2" "every3:-Xjit:tier2,deopt-every=3" \
           "every7:-Xjit:tier2,deopt-every=7" "every40:-Xjit:tier2=all,deopt-every=40" "nocode:-Xjit:tier2,-codegen"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" --stats=all -cp "$W" T2Exits >"$W/x.$l.out" 2>"$W/x.$l.err"
    n=$(t2exits "$W/x.$l.err")
    if ! cmp -s "$W/T2Exits.java.out" "$W/x.$l.out"; then fail "exits/$l" "output differs from java's: $(diff "$W/T2Exits.java.out" "$W/x.$l.out" | head -n3 | tr '\n' ' ')"
    elif [ "$l" = nocode ]; then
        if [ "${n:-0}" = 0 ]; then pass "exits/$l"; else fail "exits/$l" "$n exits without tier-2 code"; fi
    elif [ -z "$n" ] || [ "$n" -lt 10 ]; then fail "exits/$l" "${n:-no} exits counted (the 10 failing checks leave)"
    else pass "exits/$l ($n exits)"; fi
done
# the methods that fail a check really are tier-2 code
for meth in 'T2Exits.field(LT2Exits;I)I' 'T2Exits.index([II)I' 'T2Exits.divide(II)I' 'T2Exits.cast(Ljava/lang/Object;)LT2Exits;' \
            'T2Exits.outer([II)I' 'T2Exits.late(I)I' 'T2Exits.loop([II)I' 'T2Exits.thrower(I)I'; do
    t=$(t2tier "$W/x.t2.err" "$meth")
    if [ "$t" = 2 ]; then pass "exits/code/$meth"; else fail "exits/code/$meth" "tier '$t', wanted 2"; fi
done
for p in ClassifyEnqueue FlowCounters DrrScheduler LpmTrie Ipv4Rewrite TokenShaper; do
    for nth in 1 5; do
        "$VM" "-Xjit:tier2,deopt-every=$nth" --stats -cp "$W" "$p" >"$W/d.out" 2>"$W/d.err"
        n=$(t2exits "$W/d.err")
        if ! cmp -s "$W/$p.java.out" "$W/d.out"; then fail "every$nth/$p" "output differs from java's"
        elif [ -z "$n" ] || [ "$n" = 0 ]; then fail "every$nth/$p" "no exit taken"
        else pass "every$nth/$p ($n exits)"; fi
    done
done

# each pass on, then off alone
C=ClassifyEnqueue
S=$W/$C.t2s.err
want() {  # want NAME FILE METHOD FIELD OP N
    local v
    v=$(t2count "$2" "$3" "$4")
    if [ -z "$v" ]; then fail "$1" "no $4 count for $3 ($(t2line "$2" "$3"))"
    elif [ "$v" "$5" "$6" ]; then pass "$1"
    else fail "$1" "$3: $4 is $v, wanted $5 $6 ($(t2line "$2" "$3"))"; fi
}
want pass/licm "$S" "$C.drain(I)I" licm -ge 1
want pass/loads "$S" "$C.drain(I)I" ld -ge 1
# (enqueue is inlined into run behind a guard, never compiled on its own)
want pass/gvn "$S" "$C.classify([BII)I" gvn -ge 1
want pass/inline "$S" "$C.<init>()V" inl -ge 1
want pass/nullchk "$S" "$C.<init>()V" nc -ge 1
want pass/loops "$S" "$C.drain(I)I" L -eq 2
# hot inlining (325 bytes in loops) is the graph's: with code generated, a
# callee that calls or allocates stays a call (the code generator takes
# none inside an inlined callee), so this looks at the graph alone
"$VM" -Xjit:tier2,-codegen --stats=all -cp "$W" DrrScheduler >/dev/null 2>"$W/DrrScheduler.graph.err"
want pass/inline-hot "$W/DrrScheduler.graph.err" "DrrScheduler.dequeue(I)I" inl -ge 2
# ... and with code, a caller whose callee allocates still runs tier 2
# (T2Exits.thrower's StringBuilder, AbstractStringBuilder.<init> allocates)
want pass/rce "$W/LpmTrie.t2.err" "LpmTrie.main([Ljava/lang/String;)V" rce -eq 1
"$VM" -Xjit:tier2,-rce --stats -cp "$W" LpmTrie >"$W/off.out" 2>"$W/off.rce.err"
if ! cmp -s "$W/LpmTrie.java.out" "$W/off.out"; then fail off/rce "output differs from java's"
else want off/rce "$W/off.rce.err" "LpmTrie.main([Ljava/lang/String;)V" rce -eq 0; fi
# dominated bounds checks (T2_O_DCHK): tests/jit/tier2/T2Dchk.java, java's
# output on, off and leaving at every 2nd exit point; proven on, none off
java -cp "$W" T2Dchk >"$W/T2Dchk.java.out" 2>&1
for cfg in "on:-Xjit:tier2" "off:-Xjit:tier2,-dchk" "deopt:-Xjit:tier2=all,deopt-every=2"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" --stats=all -cp "$W" T2Dchk >"$W/dchk.$l.out" 2>"$W/dchk.$l.err"
    if ! cmp -s "$W/T2Dchk.java.out" "$W/dchk.$l.out"; then fail "dchk/$l" "output differs from java's"
    elif grep -q 'tier 2 check failed\|BUG ' "$W/dchk.$l.err"; then fail "dchk/$l" "$(grep -m1 'check failed\|BUG ' "$W/dchk.$l.err")"
    else pass "dchk/$l"; fi
done
want pass/dchk "$W/dchk.on.err" "T2Dchk.down([B)I" dchk -eq 2
want pass/dchk-up "$W/dchk.on.err" "T2Dchk.up([B)I" dchk -eq 0
want pass/dchk-other "$W/dchk.on.err" "T2Dchk.other([I[I)I" dchk -eq 0
want pass/dchk-branch "$W/dchk.on.err" "T2Dchk.branch([II)I" dchk -eq 0
want off/dchk "$W/dchk.off.err" "T2Dchk.down([B)I" dchk -eq 0
want pass/dchk-ipv4 "$W/Ipv4Rewrite.t2s.err" "Ipv4Rewrite.forward([B)Z" dchk -ge 1
# the register allocator's switches (t2_ra.c): loop-weighted spill choice
# (-spillw), a result taking an operand's register (-share), a phi and its
# operands preferring one register (-hint): java's output off too (and
# with tier2=all), and each changes a method's code
for opt in spillw share hint; do
    "$VM" -Xjit:tier2$SOLO,-$opt --stats=all -cp "$W" Ipv4Rewrite >"$W/off.out" 2>"$W/off.$opt.err"
    "$VM" -Xjit:tier2=all,-$opt -cp "$W" T2Exits >"$W/off.x.out" 2>&1
    if ! cmp -s "$W/Ipv4Rewrite.java.out" "$W/off.out"; then fail "off/$opt" "output differs from java's"; continue; fi
    if ! cmp -s "$W/T2Exits.java.out" "$W/off.x.out"; then fail "off/$opt" "T2Exits: output differs from java's"; continue; fi
    # (headerChecksum lost its ands to -zx: too few values left for the
    # spill choice and the hints to matter there; r16's freed registers
    # left fillPacket without a spill: main still splits)
    case $opt in spillw) m="Ipv4Rewrite.main([Ljava/lang/String;)V" ;; hint) m="Ipv4Rewrite.main([Ljava/lang/String;)V" ;;
                 *) m="Ipv4Rewrite.headerChecksum([BII)I" ;; esac
    a=$(t2count "$W/Ipv4Rewrite.t2s.err" "$m" code) b=$(t2count "$W/off.$opt.err" "$m" code)
    if [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ]; then pass "off/$opt"
    else fail "off/$opt" "$m: code ${a:-?}B on, ${b:-?}B off: wanted a difference"; fi
done
for o in licm:licm:drain loads:ld:drain gvn:gvn:classify inlining:inl:init; do
    IFS=: read -r opt key m <<<"$o"
    case $m in drain) meth="$C.drain(I)I" ;; classify) meth="$C.classify([BII)I" ;; init) meth="$C.<init>()V" ;; esac
    "$VM" "-Xjit:tier2$SOLO,-$opt" --stats -cp "$W" "$C" >"$W/off.out" 2>"$W/off.$opt.err"
    if ! cmp -s "$W/$C.java.out" "$W/off.out"; then fail "off/$opt" "output differs from java's"; continue; fi
    want "off/$opt" "$W/off.$opt.err" "$meth" "$key" -eq 0
done
# t5's switches, each with its own test program (tests/jit/tier2/*.java):
# java's output on, off and on every method leaving at every 2nd exit
# point; METHOD's tier-2 code must differ on and off (sizes, or COUNT's
# field when given), and be tier 2 both ways
optcase() {  # optcase OPT CLASS [FIELD:]METHOD...
    local opt=$1 cls=$2 meth key cfg l f a b bad=
    shift 2
    [ -f "$W/$cls.java.out" ] || java -cp "$W" "$cls" >"$W/$cls.java.out" 2>&1
    # (OPTBASE: more switches for every run, e.g. ,-multi to keep a callee
    # compiled on its own; OPTVM: baseline options, e.g. -Xjit:-fields to
    # keep the baseline from inlining a method the case looks at)
    for cfg in "on:-Xjit:tier2${OPTBASE:-}" "off:-Xjit:tier2${OPTBASE:-},-$opt" "deopt:-Xjit:tier2=all${OPTBASE:-},deopt-every=2" \
               "deoptoff:-Xjit:tier2=all${OPTBASE:-},-$opt,deopt-every=3"; do
        l=${cfg%%:*} f=${cfg#*:}
        # shellcheck disable=SC2086
        "$VM" ${OPTVM:-} "$f" --stats=all -cp "$W" "$cls" >"$W/$opt.$l.out" 2>"$W/$opt.$l.err"
        if ! cmp -s "$W/$cls.java.out" "$W/$opt.$l.out"; then
            fail "$opt/$l" "output differs from java's: $(diff "$W/$cls.java.out" "$W/$opt.$l.out" | head -n3 | tr '\n' ' ')"; bad=1
        elif grep -q 'tier 2 check failed\|BUG ' "$W/$opt.$l.err"; then fail "$opt/$l" "$(grep -m1 'check failed\|BUG ' "$W/$opt.$l.err")"; bad=1
        else pass "$opt/$l"; fi
    done
    [ -n "$bad" ] && return
    for meth in "$@"; do
        key=code
        case $meth in [a-z]*:*) key=${meth%%:*} meth=${meth#*:} ;; esac
        a=$(t2count "$W/$opt.on.err" "$meth" "$key") b=$(t2count "$W/$opt.off.err" "$meth" "$key")
        if [ "$(t2tier "$W/$opt.on.err" "$meth")" != 2 ] || [ "$(t2tier "$W/$opt.off.err" "$meth")" != 2 ]; then
            fail "$opt/changes" "$meth not tier 2 on and off"
        elif [ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ]; then pass "$opt/changes ($meth: $key $a on, $b off)"
        else fail "$opt/changes" "$meth: $key ${a:-?} on, ${b:-?} off: wanted a difference"; fi
    done
}
# division and remainder by constants as multiply-high (-divc, t2_fold.c)
optcase divc T2Divc 'T2Divc.irems(I)I' 'T2Divc.ldivs(J)J' 'T2Divc.shaper(I)J'
# Math.min/max/abs as values (-intrinsics): fewer values, and loop's
# take/add/Math.min chain inlines (a call left in a callee rolls it back)
OPTBASE=,-multi optcase intrinsics T2Intr 'T2Intr.ints(II)I' 'v:T2Intr.longs(JJ)J' 'inl:T2Intr.loop(I)J'
# inlining a callee that has not run yet when its entries name linked
# classes (-linked): loop(), compiled at its first call, inlines take()
# (-libref: t21 resolves the library's entries anyway)
OPTBASE=,-libref optcase linked T2Intr 'inl:T2Intr.loop(I)J'
want linked/shaper "$W/TokenShaper.t2.err" 'TokenShaper.main([Ljava/lang/String;)V' inl -ge 3
# virtual calls inlined behind a dispatch guard (-guard): run() and once()
# inline bump() on, not off; the override loaded later fails the guard
OPTBASE=,-poly optcase guard T2Guard 'inl:T2Guard.run(LT2Guard$Counter;I)J' 'inl:T2Guard.once(LT2Guard$Counter;)I'
n=$(t2exits "$W/guard.on.err")
if [ -n "$n" ] && [ "$n" -ge 30 ]; then pass "guard/fails ($n exits)"; else fail guard/fails "${n:-no} exits: the guard never failed"; fi
want guard/classify "$W/ClassifyEnqueue.t2.err" 'ClassifyEnqueue.run([BIII)V' inl -ge 2
# b & 0xff / s & 0xffff as zero-extending loads (-zx)
optcase zx T2Zx 'zx:T2Zx.word([BI)I' 'zx:T2Zx.sum([B)I' 'code:T2Zx.word([BI)I'
want zx/classify "$W/ClassifyEnqueue.t2.err" 'ClassifyEnqueue.classify([BII)I' zx -ge 10
# a call saves only the caller-saved registers live across it (-csave)
OPTBASE=,-csreg,-xleave,-icall optcase csave T2Csave 'T2Csave.mix(IIII)J' 'T2Csave.through(I)J'
# commutative operations in their result's register (-commute; ints and
# longs are inlined into main)
optcase commute T2Commute 'T2Commute.main([Ljava/lang/String;)V'
# a sum into a third register as one lea (-lea)
optcase lea T2Lea 'T2Lea.ints(II)I' 'T2Lea.longs(JJ)J' 'T2Lea.main([Ljava/lang/String;)V'
# a call zeroes only the dead slots the stack map says are references
# (-mapz; the collector runs in T2Csave: mix's callee allocates)
optcase mapz T2Csave 'T2Csave.mix(IIII)J'
# null checks proven by a dominating null test or dereference (-nndom,
# t8): the list walk, the early returns and the if_acmp against null need
# no test; join's access after a one-sided test still throws (java's output)
# (-Xjit:-fields: the baseline would inline guarded and acmp into main,
# which tier 2 does not take: exception handlers)
OPTVM=-Xjit:-fields optcase nndom T2Nndom 'nc:T2Nndom.walk(LT2Nndom$Node;I)I' 'T2Nndom.walk(LT2Nndom$Node;I)I' \
    'T2Nndom.guarded(LT2Nndom$Node;[I)I' 'T2Nndom.acmp(LT2Nndom$Node;)I'
want nndom/join "$W/nndom.on.err" 'T2Nndom.join(LT2Nndom$Node;Z)I' nc -eq 1
want nndom/lpm "$W/LpmTrie.t2s.err" 'LpmTrie.lookup(I)I' nc -ge 2
# hot call sites without profiles (-hotinl, t8): a loop-free method's call
# of a 68-byte callee (check inlines sum16), and a callee inlined in a loop
# inlining its own 44-byte callee (drive inlines step and scale); the
# callees' exceptions keep their stack traces (java's output)
optcase hotinl T2Hotinl 'inl:T2Hotinl.check([BI)I' 'inl:T2Hotinl.drive(JI)J'
# one callee inlined at two sites (the recursion test looks at the
# callers only): pairs inlines mix twice; Ipv4Rewrite's main inlines
# forward although fillPacket's headerChecksum is inlined already
want inline/twice "$W/hotinl.on.err" 'T2Hotinl.pairs([I)I' inl -eq 2
# (pairs' a.length is first thing in its loop header, with i + 1 in its
# frame state: not hoisted, or the method would lose its tier-2 code)
t=$(t2tier "$W/hotinl.on.err" 'T2Hotinl.pairs([I)I')
if [ "$t" = 2 ]; then pass licm/state; else fail licm/state "pairs: tier '$t', wanted 2"; fi
want inline/twice-ipv4 "$W/Ipv4Rewrite.t2.err" 'Ipv4Rewrite.main([Ljava/lang/String;)V' inl -ge 4
# a callee outside the code generator's subset (floats) is rolled back,
# not its caller kept on the baseline: halves runs tier-2 code
t=$(t2tier "$W/hotinl.on.err" 'T2Hotinl.halves([I)I')
if [ "$t" = 2 ]; then pass inline/float-callee; else fail inline/float-callee "halves: tier '$t', wanted 2"; fi
# one callee inlined at several sites of a method (-multi, t8; before, the
# test against recursion refused a callee inlined anywhere already)
optcase multi T2Hotinl 'inl:T2Hotinl.pairs([I)I'
# call sites that are not hot without profiles (-cold, t11): after the
# main loop (run's clean-up `while (drain(64) > 0)`) or between two loops
# (between's mix) a callee over 35 bytes stays a call: run inlines 2
# callees, not 3 (its code shrinks); between none, not 1; the loop before
# run's main loop still inlines mix
optcase cold T2Cold 'inl:T2Cold.run(I)V' 'T2Cold.run(I)V' 'inl:T2Cold.between([I)I'
want cold/run "$W/cold.on.err" 'T2Cold.run(I)V' inl -eq 2
want cold/between "$W/cold.on.err" 'T2Cold.between([I)I' inl -eq 0
# ClassifyEnqueue.run: enqueue and drain in the packet loop, not the
# second drain after it (-cold off: 3)
want cold/classify "$W/ClassifyEnqueue.t2.err" 'ClassifyEnqueue.run([BIII)V' inl -eq 2
# bastore into an array known to be a byte[] (a new byte[], a [B parameter
# or field in verified code, an element of a byte[][] so known) skips the
# boolean[] test (-bytes, t8): stamp's and stampAll's code shrinks; flags stores into a boolean[] (java's output)
optcase bytes T2Hotinl 'T2Hotinl.stamp([BI)V' 'T2Hotinl.stampAll([[BI)I'
# constant folding and arithmetic identities (-fold, t8): helpers inlined
# with constant arguments at the corners of wrapping arithmetic, masked
# shifts and narrowing; x + 0, x * 1, x & -1, x * 0 of variables
optcase fold T2Fold 'cf:T2Fold.constants(I)J' 'T2Fold.constants(I)J' 'cf:T2Fold.main([Ljava/lang/String;)V'
# a branch whose taken successor comes next jumps on the opposite
# condition (-jinv, t8): classify's code shrinks; T2Hotinl's outputs too
optcase jinv ClassifyEnqueue 'ClassifyEnqueue.classify([BII)I'
optcase jinv T2Hotinl
# aastore in tier-2 code (its type check inline, jit_rt_instanceof, or a
# leave: the interpreter throws ArrayStoreException): java's output, and
# the methods storing references run tier-2 code
java -cp "$W" T2Aastore >"$W/T2Aastore.java.out" 2>&1
for cfg in "on:-Xjit:tier2" "all:-Xjit:tier2=all" "deopt:-Xjit:tier2=all,deopt-every=2" "every1:-Xjit:tier2,deopt-every=1"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" --stats=all -cp "$W" T2Aastore >"$W/aastore.$l.out" 2>"$W/aastore.$l.err"
    if ! cmp -s "$W/T2Aastore.java.out" "$W/aastore.$l.out"; then fail "aastore/$l" "output differs from java's"
    elif grep -q 'tier 2 check failed\|BUG ' "$W/aastore.$l.err"; then fail "aastore/$l" "$(grep -m1 'check failed\|BUG ' "$W/aastore.$l.err")"
    else pass "aastore/$l"; fi
done
for meth in 'T2Aastore.fill([Ljava/lang/Object;Ljava/lang/Object;I)I' 'T2Aastore.put([Ljava/lang/Object;ILjava/lang/Object;)I' \
            'T2Aastore.shapes([LT2Aastore$Shape;I)I' ; do
    t=$(t2tier "$W/aastore.on.err" "$meth")
    if [ "$t" = 2 ]; then pass "aastore/code/$meth"; else fail "aastore/code/$meth" "tier '$t', wanted 2"; fi
done
n=$(t2exits "$W/aastore.on.err")
if [ -n "$n" ] && [ "$n" -ge 6 ]; then pass "aastore/exits ($n)"; else fail aastore/exits "${n:-no} exits (6 failing stores leave)"; fi
t=$(t2tier "$W/TokenShaper.t2.err" 'TokenShaper.main([Ljava/lang/String;)V')
if [ "$t" = 2 ]; then pass aastore/shaper; else fail aastore/shaper "TokenShaper.main: tier '$t', wanted 2"; fi
# t13's switches. Floats and doubles in tier-2 code (-fp, T2Fp: NaN, -0.0,
# the infinities, saturating conversions, Double.compare and friends as
# values, float/double fields and arrays, exits with doubles live): java's
# output on, off and leaving at every 1st / 2nd exit point; on, the
# methods run tier-2 code, off they keep the baseline's ("float ...")
java -cp "$W" T2Fp >"$W/T2Fp.java.out" 2>&1
for cfg in "on:-Xjit:tier2" "off:-Xjit:tier2,-fp" "all:-Xjit:tier2=all" "deopt:-Xjit:tier2=all,deopt-every=2" \
           "every1:-Xjit:tier2,deopt-every=1" "nointr:-Xjit:tier2,-intrinsics"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" --stats=all -cp "$W" T2Fp >"$W/fp.$l.out" 2>"$W/fp.$l.err"
    if ! cmp -s "$W/T2Fp.java.out" "$W/fp.$l.out"; then fail "fp/$l" "output differs from java's: $(diff "$W/T2Fp.java.out" "$W/fp.$l.out" | head -n3 | tr '\n' ' ')"
    elif grep -q 'tier 2 check failed\|BUG ' "$W/fp.$l.err"; then fail "fp/$l" "$(grep -m1 'check failed\|BUG ' "$W/fp.$l.err")"
    else pass "fp/$l"; fi
done
for meth in 'T2Fp.dcmps(DD)I' 'T2Fp.fcmps(FF)I' 'T2Fp.arith(DD)J' 'T2Fp.farith(FF)J' 'T2Fp.conv(D)J' 'T2Fp.fconv(F)J' \
            'T2Fp.sum([D)D' 'T2Fp.fsum([F)F' 'T2Fp.scale([D[F)V' 'T2Fp.mx(DD)D' 'T2Fp.withExit(DI[I)D' 'T2Fp$Acc.add(D)V' \
            'T2Fp$P.compareTo(Ljava/lang/Object;)I'; do
    a=$(t2tier "$W/fp.on.err" "$meth") b=$(t2tier "$W/fp.off.err" "$meth")
    if [ "$a" = 2 ] && [ "$b" != 2 ]; then pass "fp/code/$meth"
    elif [ "$meth" = 'T2Fp$P.compareTo(Ljava/lang/Object;)I' ] && [ "$a" = 2 ]; then pass "fp/code/$meth"
    else fail "fp/code/$meth" "tier '$a' on, '$b' off: wanted 2 on, not 2 off"; fi
done
# Math.max/min(DD) inlined (their class linked, not initialized: nothing to
# see), Double.compare and Long.compare as values: the bridge inlines
# compareTo(P) whole (no call left), as WfqScheduler's does
want fp/mx-inline "$W/fp.on.err" 'T2Fp.mx(DD)D' inl -eq 2
want fp/mx-inline-off "$W/fp.off.err" 'T2Fp.mx(DD)D' inl -eq 0
want fp/bridge "$W/fp.on.err" 'T2Fp$P.compareTo(Ljava/lang/Object;)I' inl -eq 1
n=$(t2exits "$W/fp.on.err")
if [ -n "$n" ] && [ "$n" -ge 4 ]; then pass "fp/exits ($n)"; else fail fp/exits "${n:-no} exits (withExit's 4 failing checks leave)"; fi
# virtual and interface calls inlined behind exact-class tests (-poly,
# T2Poly): java's output on, off, with tier2=all and leaving at every
# 2nd / 3rd exit point; total's and viaOne's interface calls and ops'
# abstract call inline on, not off; LateGauge, initialized after viaOne's
# compile, misses inside the inlined one(): the code leaves (exits)
OPTBASE= optcase poly T2Poly 'inl:T2Poly.total([LT2Poly$Shape;I)I' 'inl:T2Poly.viaOne([LT2Poly$Gauge;I)I' 'inl:T2Poly.ops([LT2Poly$Op;I)J'
want poly/total "$W/poly.on.err" 'T2Poly.total([LT2Poly$Shape;I)I' inl -eq 3
want poly/total-off "$W/poly.off.err" 'T2Poly.total([LT2Poly$Shape;I)I' inl -eq 0
n=$(t2exits "$W/poly.on.err")
if [ -n "$n" ] && [ "$n" -ge 20 ]; then pass "poly/leaves ($n exits)"; else fail poly/leaves "${n:-no} exits: LateGauge never missed"; fi
n=$(t2exits "$W/poly.off.err")
if [ "${n:-0}" -le 1 ]; then pass "poly/off-no-leaves"; else fail poly/off-no-leaves "$n exits with -poly"; fi
# library callees inlined (t16, -libinl, T2Libinl): Map.get / put /
# getOrDefault / containsKey through the interface on a HashMap (and a
# subclass overriding get), HashMap.getNode with the boxes' hashCode and
# equals on the key's one class (a valueOf box: Integer / Long), 6 levels
# deep; off, the lookups stay calls (getNode's key.hashCode() has more than
# T2_POLY_MAX receiver classes; only the unboxing longValue inlines).  -unbox: a valueOf box is never null, of
# its class exactly, its value the argument: fewer values.  java's output
# each way, with tier2=all and leaving at every 2nd / 3rd exit point
# (-icall,-libref: t21's framed calls and library entries inline getNode
# with -libinl too)
OPTBASE=,-icall,-libref optcase libinl T2Libinl 'inl:T2Libinl.lookup(J)J' 'inl:T2Libinl.count(I)I' 'inl:T2Libinl.lookupAny(Ljava/util/Map;J)J'
want libinl/getnode "$W/libinl.on.err" 'T2Libinl.lookup(J)J' inl -ge 5
want libinl/getnode-off "$W/libinl.off.err" 'T2Libinl.lookup(J)J' inl -le 1
OPTBASE= optcase unbox T2Libinl 'v:T2Libinl.equalBoxes(JJ)Z' 'v:T2Libinl.lookup(J)J'
# a value live across a call takes rbp / r15 before the caller-saved
# registers, which it would push and pop around the call (-csreg):
# update's and expire's code shrinks
optcase csreg FlowCounters 'FlowCounters.update(JIJI)V' 'FlowCounters.expire(JJ)V'
# an inlined callee's `throw new X(...)` leaves tier 2 at its new (-xleave,
# T2Recomp): sum inlines check on, not off; the exception's stack trace
# is java's
# (-icall: else the constructor's call stays a call in the inlined
# callee, t21, and check inlines either way)
OPTBASE=,-icall optcase xleave T2Recomp 'inl:T2Recomp.sum(LT2Recomp$Guard;[I)J'
want xleave/sum "$W/xleave.on.err" 'T2Recomp.sum(LT2Recomp$Guard;[I)J' inl -eq 1
want xleave/sum-off "$W/xleave.off.err" 'T2Recomp.sum(LT2Recomp$Guard;[I)J' inl -eq 0
# the second compile (-recompile, T2Recomp): total(), compiled before any
# Shape existed, keeps its area() call at first and compiles again after
# 256 calls, inlining both areas (,dump's "compiled again" line); none
# with -recompile; java's output both ways and leaving at every 2nd exit
java -cp "$W" T2Recomp >"$W/T2Recomp.java.out" 2>&1
for cfg in "on:-Xjit:tier2,dump" "off:-Xjit:tier2,-recompile,dump" "deopt:-Xjit:tier2=all,deopt-every=2,dump"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" -cp "$W" T2Recomp >"$W/rc.$l.out" 2>"$W/rc.$l.err"
    if ! cmp -s "$W/T2Recomp.java.out" "$W/rc.$l.out"; then fail "recompile/$l" "output differs from java's"
    elif grep -q 'tier 2 check failed' "$W/rc.$l.err"; then fail "recompile/$l" "$(grep -m1 'check failed' "$W/rc.$l.err")"
    else pass "recompile/$l"; fi
done
first=$(awk '/^tier 2 graph of T2Recomp.total/ {n++} n == 1 && / call invokevirtual T2Recomp\$Shape.area/' "$W/rc.on.err" | wc -l)
again=$(grep -c 'T2Recomp.total(I)I compiled again' "$W/rc.on.err")
second=$(awk '/^tier 2 graph of T2Recomp.total/ {n++} n == 2 && / call invokevirtual T2Recomp\$Shape.area/' "$W/rc.on.err" | wc -l)
inl2=$(sed -n 's/.*T2Recomp.total(I)I compiled again: .* inl\([0-9]*\)\/.*/\1/p' "$W/rc.on.err")
if [ "$first" = 1 ] && [ "$again" = 1 ] && [ "$second" = 1 ] && [ "${inl2:-0}" -ge 8 ]; then
    pass "recompile/total (area a call, then inlined: inl$inl2, the call left for a class made later)"
else fail recompile/total "first compile's area calls $first, compiled again $again, inl ${inl2:-?}"; fi
if grep -q 'compiled again' "$W/rc.off.err"; then fail recompile/off "a method compiled again with -recompile"
else pass recompile/off; fi
# t15: an if on an lcmp, Long.compare or Integer.compare compares their
# operands (-cmpbr, T2Cmpbr: every condition at the extreme values, one
# compare also kept as a value): main's folded count drops with it off
optcase cmpbr T2Cmpbr 'cf:T2Cmpbr.main([Ljava/lang/String;)V'
# main, compiled at its first call before anything used java.lang.Math,
# inlines take() (its Math.min/max/abs known by the entry's names,
# -intrinsics), and its loop, call-free then, hoists the static LS (whose
# frame state licm drops: else "unavailable", the baseline's code; optcase
# checked the tier above)
want intrinsics/by-name "$W/cmpbr.on.err" 'T2Cmpbr.main([Ljava/lang/String;)V' inl -eq 4
want licm/static-state "$W/cmpbr.on.err" 'T2Cmpbr.main([Ljava/lang/String;)V' licm -ge 1
"$VM" -Xjit:tier2,-intrinsics,-libref --stats=all -cp "$W" T2Cmpbr >"$W/byname.off.out" 2>"$W/byname.off.err"
want intrinsics/by-name-off "$W/byname.off.err" 'T2Cmpbr.main([Ljava/lang/String;)V' inl -eq 1
# t15: main (compiled at its first call, naming no nested class itself)
# inlines find() in its loop after the longer setup loop (-after), find's
# entries on T2Nest$Node resolved at the compile (-nest); findOrGone's
# entry on a class whose file is gone does not resolve: it stays a call,
# and the output is java's (which never loads it either).  LpmTrie's main
# inlines lookup so.
rm -f "$W/T2Nest\$Gone.class"
optcase nest T2Nest 'inl:T2Nest.main([Ljava/lang/String;)V'
optcase after T2Nest 'inl:T2Nest.main([Ljava/lang/String;)V'
want nest/main "$W/nest.on.err" 'T2Nest.main([Ljava/lang/String;)V' inl -eq 1
want nest/lpm "$W/LpmTrie.t2.err" 'LpmTrie.main([Ljava/lang/String;)V' inl -ge 1
# t14: floats and doubles in XMM registers (-xmm: their bits in general
# registers, t13's code; -xmmsave: one live across a call spilled instead
# of saved around it), over tests/conformance/FpXmm.java (more doubles live
# than registers, values across calls and exits, NaN, -0.0, conversions,
# float fields / statics / arrays): java's output in every mode and leaving
# at every 1st / 2nd exit point; on, the tier-2 code names xmm2..xmm15
# (nothing else does: off, none); -xmmsave spills more (across's values)
javac --release 8 -nowarn -d "$W" tests/conformance/FpXmm.java || fail xmm/javac "FpXmm does not compile"
java -cp "$W" FpXmm >"$W/FpXmm.java.out" 2>&1
for cfg in "on:-Xjit:tier2" "off:-Xjit:tier2,-xmm" "all:-Xjit:tier2=all" "spill:-Xjit:tier2=all,-xmmsave" \
           "deopt:-Xjit:tier2=all,deopt-every=2" "every1:-Xjit:tier2,deopt-every=1" \
           "spilldeopt:-Xjit:tier2=all,-xmmsave,deopt-every=2" "offdeopt:-Xjit:tier2=all,-xmm,deopt-every=2" \
           "nofb:-Xjit:tier2=all,-fbranch" "nofbdeopt:-Xjit:tier2,-fbranch,deopt-every=1" \
           "noloop:-Xjit:tier2=all,-xmmloop" "noloopdeopt:-Xjit:tier2,-xmmloop,deopt-every=2"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" --stats=all -cp "$W" FpXmm >"$W/xmm.$l.out" 2>"$W/xmm.$l.err"
    if ! cmp -s "$W/FpXmm.java.out" "$W/xmm.$l.out"; then fail "xmm/$l" "output differs from java's: $(diff "$W/FpXmm.java.out" "$W/xmm.$l.out" | head -n3 | tr '\n' ' ')"
    elif grep -q 'tier 2 check failed\|BUG ' "$W/xmm.$l.err"; then fail "xmm/$l" "$(grep -m1 'check failed\|BUG ' "$W/xmm.$l.err")"
    else pass "xmm/$l"; fi
done
for meth in 'FpXmm.wide(D)D' 'FpXmm.across(DF)D' 'FpXmm.leave([D[FILFpXmm;)D' 'FpXmm.arrays([D[F)D' 'FpXmm.fieldWork(I)D'; do
    a=$(t2tier "$W/xmm.on.err" "$meth")
    if [ "$a" = 2 ]; then pass "xmm/code/$meth"; else fail "xmm/code/$meth" "tier '$a', wanted 2"; fi
done
non=$("$VM" -Xjit:tier2=all --jit-disasm -cp "$W" FpXmm 2>&1 >/dev/null | grep -c 'xmm\([2-9]\|1[0-5]\)')
noff=$("$VM" -Xjit:tier2=all,-xmm --jit-disasm -cp "$W" FpXmm 2>&1 >/dev/null | grep -c 'xmm\([2-9]\|1[0-5]\)')
if [ "${non:-0}" -gt 100 ] && [ "${noff:-1}" = 0 ]; then pass "xmm/registers ($non instructions name xmm2..xmm15 on, $noff off)"
else fail xmm/registers "${non:-?} instructions name xmm2..xmm15 on, ${noff:-?} off: wanted > 100 on, 0 off"; fi
# a float compare and the branch right after it as ucomis + jcc (-fbranch:
# the -1/0/1 made, then tested): each one-condition method's code shrinks
codesize() { t2line "$1" "$2" | sed -n 's/.* code\([0-9]*\)B.*/\1/p'; }
for meth in 'FpXmm.lt(DD)I' 'FpXmm.le(DD)I' 'FpXmm.gt(DD)I' 'FpXmm.nge(DD)I' 'FpXmm.eq(DD)I' 'FpXmm.ne(DD)I' 'FpXmm.fle(FF)I' 'FpXmm.fne(FF)I'; do
    a=$(codesize "$W/xmm.all.err" "$meth") b=$(codesize "$W/xmm.nofb.err" "$meth")
    if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ]; then pass "xmm/fbranch/$meth ($a bytes, $b with -fbranch)"
    else fail "xmm/fbranch/$meth" "${a:-?} bytes on, ${b:-?} with -fbranch: wanted fewer on"; fi
done
# spills of across (the values live across its calls): more with -xmmsave
spills() { t2line "$1" "$2" | sed -n 's/.* ra[0-9]*\/[0-9]*r\/\([0-9]*\)s.*/\1/p'; }
s1=$(spills "$W/xmm.all.err" 'FpXmm.across(DF)D') s2=$(spills "$W/xmm.spill.err" 'FpXmm.across(DF)D')
if [ -n "$s1" ] && [ -n "$s2" ] && [ "$s2" -gt "$s1" ]; then pass "xmm/xmmsave (across: $s1 spills saving around calls, $s2 spilling)"
else fail xmm/xmmsave "across: ${s1:-?} spills on, ${s2:-?} with -xmmsave: wanted more with -xmmsave"; fi
# a call on every iteration of callLoop's loop: its doubles are spilled,
# not saved around each call (-xmmloop: saved)
s1=$(spills "$W/xmm.all.err" 'FpXmm.callLoop([DI)D') s2=$(spills "$W/xmm.noloop.err" 'FpXmm.callLoop([DI)D')
if [ -n "$s1" ] && [ -n "$s2" ] && [ "$s1" -gt "$s2" ]; then pass "xmm/xmmloop (callLoop: $s1 spills, $s2 with -xmmloop)"
else fail xmm/xmmloop "callLoop: ${s1:-?} spills on, ${s2:-?} with -xmmloop: wanted more on"; fi
# the graph as text (-Xjit:tier2,dump): drain's two backward gotos tick, in
# edge blocks (and nothing else does: no invoke there), and its loop-invariant
# field loads sit in the block before the outer loop's header
"$VM" -Xjit:tier2,dump$SOLO -cp "$W" "$C" >/dev/null 2>"$W/dump.err"
awk '/^tier 2 graph of/ {on = index($0, "ClassifyEnqueue.drain(I)I") > 0} on' "$W/dump.err" >"$W/drain.dump"
n=$(grep -c ' V tick ' "$W/drain.dump")
if [ "$n" = 2 ]; then pass dump/ticks; else fail dump/ticks "drain has $n ticks, wanted 2 (one per backward goto)"; fi
hdr=$(awk '/ loop b/ {print $1; exit}' "$W/drain.dump")
pre=$(awk -v h="$hdr" '/^b/ {b = $1} / -> / && index($0, "-> " h) && b != h {print b; exit}' "$W/drain.dump")
if [ -n "$pre" ] && awk -v p="$pre" '/^b/ {on = $1 == p} on && / getfield head /' "$W/drain.dump" | grep -q .; then
    pass dump/licm
else fail dump/licm "head not loaded in the preheader ($pre) of loop $hdr"; fi
"$VM" -Xjit:tier2,-licm,dump -cp "$W" "$C" >/dev/null 2>"$W/dump2.err"
if grep -q '^tier 2 graph of' "$W/dump2.err"; then pass dump/with-passes-off
else fail dump/with-passes-off "-Xjit:tier2,-licm,dump printed no graph"; fi
# r16: the register allocator, over tests/conformance/RegPressure.java (twenty
# counters live through nested loops, calls, an exception thrown through
# the compiled loop; a loop whose early values are needed only after it):
# java's output with each of -freg (r12 not allocated), -split (spilled for
# life, not split) and -ldweight (t5's spill weights) on and off, and
# leaving at every 2nd / 3rd exit point; on changes each method's code.
optcase freg RegPressure 'RegPressure.accumulate([LRegPressure$Pkt;[II)J' 'RegPressure.phases([II)J'
optcase split RegPressure 'RegPressure.accumulate([LRegPressure$Pkt;[II)J' 'RegPressure.phases([II)J'
optcase ldweight RegPressure 'RegPressure.phases([II)J'
# -splitloop: split at the conflict inside bursts' loop (n, base, scale
# read at its top lose their registers in its burst of ten values): the
# back edge reloads them
optcase splitloop RegPressure 'RegPressure.bursts([IIII)J'
# the ninth register is used (9r on, 8r with -freg); split intervals are
# reported (Nsp) and leave fewer values spilled for their whole life
regs() { t2line "$1" "$2" | sed -n 's/.* ra[0-9]*\/\([0-9]*\)r\/.*/\1/p'; }
splits() { t2line "$1" "$2" | sed -n 's/.* ra[0-9]*\/[0-9]*r\/[0-9]*s\/\([0-9]*\)sp.*/\1/p'; }
m='RegPressure.phases([II)J'
a=$(regs "$W/freg.on.err" "$m") b=$(regs "$W/freg.off.err" "$m")
if [ "$a" = 9 ] && [ "$b" = 8 ]; then pass "freg/registers (phases: $a on, $b with -freg)"
else fail freg/registers "phases: ${a:-?} registers on, ${b:-?} with -freg: wanted 9 and 8"; fi
a=$(splits "$W/split.on.err" "$m") b=$(splits "$W/split.off.err" "$m")
s1=$(spills "$W/split.on.err" "$m") s2=$(spills "$W/split.off.err" "$m")
if [ "${a:-0}" -gt 0 ] && [ "$b" = 0 ] && [ -n "$s1" ] && [ -n "$s2" ] && [ "$s1" -lt "$s2" ]; then
    pass "split/counts (phases: $a split, $s1 spilled for life; -split: $s2 spilled)"
else fail split/counts "phases: ${a:-?} split / ${s1:-?} spilled on, ${b:-?} / ${s2:-?} with -split"; fi
# the back edges' reloads matter: without them (,-resolve, a testing
# switch) the same program, split inside bursts' loop (-splitloop), runs
# to its end (every line printed, status 0) with wrong figures, so the
# cases above see it
for cfg in "on:-Xjit:tier2,-splitloop,-resolve" "all:-Xjit:tier2=all,-splitloop,-resolve"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" -cp "$W" RegPressure >"$W/broken.$l.out" 2>"$W/broken.$l.err"; rc=$?
    nj=$(wc -l <"$W/RegPressure.java.out") nb=$(wc -l <"$W/broken.$l.out")
    if [ "$rc" != 0 ] || [ "$nj" != "$nb" ]; then fail "split/resolve/$l" "the run did not complete (status $rc, $nb lines of $nj): $(head -c 200 "$W/broken.$l.err")"
    elif cmp -s "$W/RegPressure.java.out" "$W/broken.$l.out"; then fail "split/resolve/$l" "java's output without the reloads: the test cannot see them"
    else pass "split/resolve/$l (wrong figures without the reloads, as it must be: $(diff "$W/RegPressure.java.out" "$W/broken.$l.out" | grep -c '^>') lines differ)"; fi
done
# a bad pass name is refused
if "$VM" -Xjit:tier2,-nosuchpass -version >/dev/null 2>&1; then fail option/bad "-Xjit:tier2,-nosuchpass accepted"
else pass option/bad; fi

# ---- b17: tier 2's allocation (tests/jit/tier2/T2Alloc.java) ----------
# -alloc: `new` inline in tier-2 code (the heap's fast path; jit_rt_new
# only as its slow path): java's output on, off, tier2=all and leaving at
# every 2nd/3rd exit point; -alloc also keeps pairs' make a call
# (-inlnew); chain's code grows by the fast path where the baseline has
# one too (its `alloc` fired: not in sanitizer builds, whose heap poisons
# free cells)
optcase alloc T2Alloc 'inl:T2Alloc.pairs(I)J'
a=$(t2count "$W/alloc.on.err" 'T2Alloc.chain(I)J' code) b=$(t2count "$W/alloc.off.err" 'T2Alloc.chain(I)J' code)
if grep -F '  T2Alloc.chain(I)J ' "$W/alloc.on.err" | grep -v ' 2 ' | grep -q 'alloc'; then
    if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -gt "$b" ]; then pass "alloc/code (chain: ${a}B on, ${b}B off)"
    else fail alloc/code "chain: code ${a:-?} on, ${b:-?} off: wanted more on"; fi
elif [ -n "$a" ] && [ "$a" = "$b" ]; then pass "alloc/code (no inline path in this build: chain ${a}B on and off)"
else fail alloc/code "chain: code ${a:-?} on, ${b:-?} off, and the baseline has no inline alloc"; fi
# -inlnew: a callee with a `new` (make, late: whose class is first
# initialized there, its <clinit> printing) inlined, its slow path run on
# the inlined frames; Integer/Long.valueOf inlined with their boxes
optcase inlnew T2Alloc 'inl:T2Alloc.pairs(I)J' 'inl:T2Alloc.lates(I)I'
# FlowCounters.update inlines Long.valueOf (and Long.<init>...) at both
# lookups: more inlined on than off
a=$(t2count "$W/FlowCounters.t2.err" 'FlowCounters.update(JIJI)V' inl)
"$VM" -Xjit:tier2,-inlnew --stats=all -cp "$W" FlowCounters >/dev/null 2>"$W/fc.noinlnew.err"
b=$(t2count "$W/fc.noinlnew.err" 'FlowCounters.update(JIJI)V' inl)
if [ -n "$a" ] && [ -n "$b" ] && [ "$a" -gt "$b" ]; then pass "inlnew/flowcounters (update: inl $a on, $b off)"
else fail inlnew/flowcounters "update: inl ${a:-?} on, ${b:-?} with -inlnew: wanted more on"; fi
# leaving at every exit point (deopt-every=1), also where an inlined
# valueOf's box is live, against java
for cfg in "all1:-Xjit:tier2=all,deopt-every=1" "hot1:-Xjit:tier2,deopt-every=1"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" -cp "$W" T2Alloc >"$W/alloc.$l.out" 2>"$W/alloc.$l.err"
    if cmp -s "$W/T2Alloc.java.out" "$W/alloc.$l.out"; then pass "alloc/deopt-$l"
    else fail "alloc/deopt-$l" "output differs from java's: $(diff "$W/T2Alloc.java.out" "$W/alloc.$l.out" | head -n3 | tr '\n' ' ')"; fi
done
# OutOfMemoryError from tier 2's inline `new` (its slow path) in the
# method's own loop and in an inlined callee's: caught by the caller,
# the run goes on; the same lines as the interpreter's under -Xmx16m
"$VM" --int -Xmx16m -cp "$W" T2Alloc oom >"$W/oom.int.out" 2>&1
if ! grep -q '^OOM own: true' "$W/oom.int.out" || ! grep -q '^OOM inlined: true' "$W/oom.int.out"; then
    fail alloc/oom "the interpreter did not run out of memory: $(head -c 200 "$W/oom.int.out")"
else
    for cfg in "on:-Xjit:tier2" "all:-Xjit:tier2=all" "deopt:-Xjit:tier2=all,deopt-every=2" "off:-Xjit:tier2,-alloc"; do
        l=${cfg%%:*} f=${cfg#*:}
        "$VM" -Xmx16m "$f" --stats=all -cp "$W" T2Alloc oom >"$W/oom.$l.out" 2>"$W/oom.$l.err"
        if ! cmp -s "$W/oom.int.out" "$W/oom.$l.out"; then fail "alloc/oom-$l" "differs from --int: $(diff "$W/oom.int.out" "$W/oom.$l.out" | head -n3 | tr '\n' ' ')"
        elif [ "$(t2tier "$W/oom.$l.err" 'T2Alloc.hogInlined(I)LT2Alloc$Node;')" != 2 ]; then fail "alloc/oom-$l" "hogInlined not tier 2"
        else pass "alloc/oom-$l"; fi
    done
fi
# -gclive: a reference whose interval spans a call but is not read after
# it (a loop's phi replaced by a later one) no longer refuses the method:
# wraps (its `keep` list) is tier 2 on, not with -gclive; wrap's fresh
# objects are only in the inlined frame when its slow path collects
optcase gclive T2Alloc
a=$(t2tier "$W/gclive.on.err" 'T2Alloc.wraps(I)J') b=$(t2tier "$W/gclive.off.err" 'T2Alloc.wraps(I)J')
if [ "$a" = 2 ] && [ "$b" != 2 ]; then pass "gclive/wraps (tier $a on, $b with -gclive)"
else fail gclive/wraps "wraps: tier ${a:-?} on, ${b:-?} with -gclive: wanted 2 and not 2"; fi
# the inlined `new` is there: hogInlined inlines link on, not with -inlnew
want alloc/oom-inlined "$W/oom.on.err" 'T2Alloc.hogInlined(I)LT2Alloc$Node;' inl -ge 1

# ---- o17: tier 2 by counts (-Xjit:tier2=hot) and on-stack replacement ----
# tests/jit/tier2/T2Osr.java, each scenario against the interpreter (-Xint)
O=T2Osr
osrnote() { t2line "$1" "$2" | sed -n 's/.*\(edges@[0-9]* osr@pc[0-9]*\).*/\1/p'; }
for sc in calls loop nested gc mixed rec throw; do
    "$VM" -Xint -cp "$W" $O $sc >"$W/o17.$sc.int" 2>"$W/o17.$sc.interr"
done
# a method reaches tier 2 only after N calls: work() is called 10 times
"$VM" -Xjit:tier2=hot,calls=5,backedges=1000000 --stats -cp "$W" $O calls >"$W/o17.c5.out" 2>"$W/o17.c5.err"
"$VM" -Xjit:tier2=hot,calls=11,backedges=1000000 --stats -cp "$W" $O calls >"$W/o17.c11.out" 2>"$W/o17.c11.err"
a=$(t2tier "$W/o17.c5.err" 'T2Osr.work(I)I') b=$(t2tier "$W/o17.c11.err" 'T2Osr.work(I)I')
if [ "$a" = 2 ] && t2line "$W/o17.c5.err" 'T2Osr.work(I)I' | grep -q ' calls@5 ' && [ -z "$b" ] &&
   cmp -s "$W/o17.calls.int" "$W/o17.c5.out" && cmp -s "$W/o17.calls.int" "$W/o17.c11.out"; then
    pass "o17/calls (work: tier 2 after 5 of its 10 calls, none with calls=11)"
else fail o17/calls "work: tier '${a:-none}' with calls=5 (wanted 2, calls@5), '${b:-none}' with calls=11 (wanted none)"; fi
# the eager mode stays as it was: every method at its first call, no count in the note
"$VM" -Xjit:tier2 --stats -cp "$W" $O loop >/dev/null 2>"$W/o17.eager.err"
if [ "$(t2tier "$W/o17.eager.err" 'T2Osr.longLoop(I)J')" = 2 ] && ! grep -q 'calls@\|edges@' "$W/o17.eager.err"; then
    pass o17/eager
else fail o17/eager "-Xjit:tier2: longLoop not tier 2 at its first call, or a count in its note"; fi
# loops entered once are entered in tier-2 code at their header (OSR):
# --stats names the variant; the output is the interpreter's, also with
# OSR off (-osr: no variant), leaving at every 2nd exit point, and tier 2
# on every method with thresholds of 1 and 2
for cfg in "base:-Xjit:tier2=hot,backedges=100" "d2:-Xjit:tier2=hot,backedges=50,deopt-every=2" \
           "all:-Xjit:tier2=all,hot,calls=1,backedges=2" "off:-Xjit:tier2=hot,backedges=100,-osr"; do
    l=${cfg%%:*} f=${cfg#*:}
    bad=""
    for sc in loop nested gc mixed rec; do
        "$VM" "$f" --stats -cp "$W" $O $sc >"$W/o17.$l.$sc.out" 2>"$W/o17.$l.$sc.err"
        cmp -s "$W/o17.$sc.int" "$W/o17.$l.$sc.out" || bad="$bad $sc:output"
    done
    n=$(osrnote "$W/o17.$l.loop.err" 'T2Osr.longLoop(I)J')
    if [ "$l" = off ]; then [ -z "$n" ] || bad="$bad longLoop:osr-with--osr"
    else
        [ -n "$n" ] || bad="$bad longLoop:no-osr"
        grep -q 'tier 2 OSR: .* entered [1-9]' "$W/o17.$l.loop.err" || bad="$bad OSR-code-not-entered"
    fi
    if [ "$l" = d2 ]; then e=$(t2exits "$W/o17.$l.loop.err"); [ "${e:-0}" -gt 0 ] || bad="$bad no-exits"; fi
    # (each method once: longLoop and its variant, not again at later counts)
    # (with -osr: longLoop once, however many more times its count runs out)
    if [ "$l" = base ] || [ "$l" = off ]; then
        k=2; [ "$l" = off ] && k=1
        grep -q "tier 2: *$k methods built" "$W/o17.$l.loop.err" || bad="$bad $(grep -o 'tier 2: *[0-9]* methods built' "$W/o17.$l.loop.err"),-wanted-$k"
    fi
    if [ -z "$bad" ]; then pass "o17/osr/$l (longLoop: ${n:-no OSR})"; else fail "o17/osr/$l" "$bad"; fi
done
# nested loops: OSR at the inner header (nestedInner) and at the outer one
# (nestedOuter, whose inner loop rarely runs): two different headers, the
# outer one the first loop's (the smaller pc)
i=$(osrnote "$W/o17.base.nested.err" 'T2Osr.nestedInner(I)J' | sed 's/.*osr@pc//')
o=$(osrnote "$W/o17.base.nested.err" 'T2Osr.nestedOuter(I)J' | sed 's/.*osr@pc//')
if [ -n "$i" ] && [ -n "$o" ] && [ "$o" -lt "$i" ] && grep -q 'tier 2 OSR: *2 .* entered 2 times' "$W/o17.base.nested.err"; then pass "o17/nested (inner header pc $i, outer header pc $o)"
else fail o17/nested "OSR pcs: inner '${i:-none}', outer '${o:-none}' (wanted both, outer < inner)"; fi
# GC inside OSR code: a small heap, many collections while alloc() runs there
"$VM" -Xjit:tier2=hot,backedges=100 -Xmx2m --stats -cp "$W" $O gc >"$W/o17.gc.out" 2>"$W/o17.gc.err"
g=$(sed -n 's/.*GC collections: *\([0-9]*\).*/\1/p' "$W/o17.gc.err")
if cmp -s "$W/o17.gc.int" "$W/o17.gc.out" && [ -n "$(osrnote "$W/o17.gc.err" 'T2Osr.alloc(I)J')" ] && [ "${g:-0}" -gt 10 ] &&
   grep -q 'tier 2 OSR: .* entered [1-9]' "$W/o17.gc.err"; then
    pass "o17/gc ($g collections, alloc entered by OSR)"
else fail o17/gc "output $(cmp -s "$W/o17.gc.int" "$W/o17.gc.out" && echo same || echo differs), ${g:-?} collections, OSR '$(osrnote "$W/o17.gc.err" 'T2Osr.alloc(I)J')'"; fi
# an exception thrown in OSR code through its caller: the interpreter's
# output, status and stack trace (the method once); main's array-filling
# loop (100 back edges) is entered by OSR too, so the exception leaves
# scan's OSR code through main's
"$VM" -Xjit:tier2=hot,backedges=100 -cp "$W" $O throw >"$W/o17.th.out" 2>"$W/o17.th.err"; rc=$?
"$VM" -Xjit:tier2=hot,backedges=100 --stats -cp "$W" $O throw >/dev/null 2>"$W/o17.th.stats"
if [ "$rc" = 1 ] && cmp -s "$W/o17.throw.int" "$W/o17.th.out" && cmp -s "$W/o17.throw.interr" "$W/o17.th.err" &&
   [ -n "$(osrnote "$W/o17.th.stats" 'T2Osr.scan([II)I')" ] && grep -q 'tier 2 OSR: .* entered 2 times' "$W/o17.th.stats"; then
    pass "o17/throw (the interpreter's stack trace, scan entered by OSR)"
else fail o17/throw "status $rc; $(diff "$W/o17.throw.interr" "$W/o17.th.err" | head -c 300)"; fi
# a loop header with a value on the operand stack (hand-assembled:
# tests/jit/tier2/T2OsrStack.j): no OSR there (its back edge is not even
# counted, so sum stays baseline below its call count), the interpreter's output
mkdir -p "$W/jasm" "$W/stk"
if javac -nowarn -d "$W/jasm" tests/tools/Jasm.java && java -cp "$W/jasm" Jasm "$W/stk" tests/jit/tier2/T2OsrStack.j >"$W/jasm.log" 2>&1; then
    "$VM" -Xint -cp "$W/stk/T2OsrStack" T2OsrStack >"$W/stk.int" 2>&1
    "$VM" -Xjit:tier2=hot,backedges=10 --stats -cp "$W/stk/T2OsrStack" T2OsrStack >"$W/stk.out" 2>"$W/stk.err"
    a=$(t2tier "$W/stk.err" 'T2OsrStack.sum(I)I')
    if [ -s "$W/stk.int" ] && cmp -s "$W/stk.int" "$W/stk.out" && [ -z "$a" ] && ! grep -q 'tier 2 OSR' "$W/stk.err"; then
        pass "o17/stack-header (no OSR, no tier-up by that loop, the interpreter's output)"
    else fail o17/stack-header "sum: tier '${a:-none}', output $(cmp -s "$W/stk.int" "$W/stk.out" && echo same || echo differs)"; fi
else fail o17/stack-header "Jasm: $(head -c 200 "$W/jasm.log")"; fi
# --jit-disasm (and the perf map, the same hook) name the OSR variant
"$VM" -Xjit:tier2=hot,backedges=100 --jit-disasm -cp "$W" $O loop >/dev/null 2>"$W/o17.dis.err"
if grep -q '^== JIT T2Osr.longLoop(I)J \[osr@pc[0-9]*\] @' "$W/o17.dis.err"; then pass o17/disasm
else fail o17/disasm "no '[osr@pc' code in --jit-disasm"; fi
# the options: a bad threshold is refused
if "$VM" -Xjit:tier2=hot,calls=0 -version >/dev/null 2>&1; then fail o17/option "calls=0 accepted"
else pass o17/option; fi
# ---- h18: callers reach a callee's tier-2 code after its tier-up by counts ----
# tests/jit/tier2/T2HotBind.java: run() stays baseline code (calls once,
# back edges not counted out), its loop calls mix() (compiled before run():
# a direct call) and add() (through an inline cache) 20000 times; both
# tier up at their 100th call.  With deopt-every=2 every second pass through
# a tier-2 exit point leaves, so the exits count the calls that reach
# tier-2 code: about 19900 for mix (its array index) and 9950 for add (its
# histogram store); a site still bound to the baseline code counts none.
"$VM" -Xint -cp "$W" T2HotBind >"$W/h18.int" 2>&1
"$VM" -Xjit:tier2=hot,calls=100,backedges=100000000,deopt-every=2 --stats -cp "$W" T2HotBind >"$W/h18.out" 2>"$W/h18.err"
e=$(t2exits "$W/h18.err")
if [ -s "$W/h18.int" ] && cmp -s "$W/h18.int" "$W/h18.out" && [ "$(t2tier "$W/h18.err" 'T2HotBind.mix(I)I')" = 2 ] &&
   [ "$(t2tier "$W/h18.err" 'T2HotBind$Acc.add(I)V')" = 2 ] && [ "${e:-0}" -ge 25000 ]; then
    pass "h18/bind ($e exits: the direct call and the inline cache reach the tier-2 code)"
else fail h18/bind "output $(cmp -s "$W/h18.int" "$W/h18.out" && echo same || echo differs), ${e:-?} exits (wanted >= 25000)"; fi
# an ordinary flow-meter loop (the lead's kind; main baseline or tier 2):
# hot mode builds each method once, no recompiles, and prints what java does
for l in eager:tier2 hot:tier2=hot; do
    "$VM" -Xjit:${l#*:} --stats -cp "$W" T2HotMeter 300000 >"$W/h18.${l%%:*}.out" 2>"$W/h18.${l%%:*}.err"
done
"$VM" -Xint -cp "$W" T2HotMeter 300000 >"$W/h18.mint" 2>&1
bad=
for l in eager hot; do cmp -s "$W/h18.mint" "$W/h18.$l.out" || bad="$bad $l:output"; done
for mth in 'T2HotMeter.meterFor(I)LT2HotMeter$Meter;' 'T2HotMeter.account(IIJ)Z'; do
    [ "$(t2tier "$W/h18.hot.err" "$mth")" = 2 ] || bad="$bad $mth:not-tier-2"
done
n=$(grep -c ' calls@\| edges@' "$W/h18.hot.err")
k=$(sed -n 's/.*tier 2: *\([0-9]*\) methods built.*/\1/p' "$W/h18.hot.err")
v=$(sed -n 's/.*tier 2 OSR: *\([0-9]*\) loop-header.*/\1/p' "$W/h18.hot.err")
[ -n "$k" ] && [ "$k" -le $((n + ${v:-0})) ] || bad="$bad built:$k-rows:$n-osr:${v:-0}"
if [ -z "$bad" ]; then pass "h18/meter ($k built for $n hot rows + ${v:-0} OSR variants)"; else fail h18/meter "$bad"; fi
# ---- i18: invokedynamic in tier 2 (t2_indy.c) ----
# T2Indy compiled with --release 11: string concatenation by
# StringConcatFactory, lambdas by LambdaMetafactory (release 8 has no
# concatenation indy).  loop(): lambdas made and called inside the loop, a
# summary concatenated after it; gc(): many concatenations (collections
# while tier-2 code runs); report(): Broken.toString throws inside the
# concatenation, through the tier-2 frame.
I18=tests/jit/tier2/T2Indy.java
mkdir -p "$W/i18"
if javac --release 11 -nowarn -g -d "$W/i18" "$I18" && [ "$(javap -c -p -cp "$W/i18" T2Indy | grep -c invokedynamic)" -ge 5 ]; then
    for m in loop gc throw; do
        java -cp "$W/i18" T2Indy $m >"$W/i18.$m.java" 2>/dev/null; echo $? >"$W/i18.$m.javarc"
        "$VM" -Xint -cp "$W/i18" T2Indy $m >/dev/null 2>"$W/i18.$m.interr"
    done
    # on (default hot mode and tier2=all) and off (-indy): java's output;
    # on: loop, gc, report and main (its loop calls loop(), its summary
    # concatenates) are tier 2; off: they stay tier 1, refused at the indy
    for cfg in "on:-Xjit:tier2" "all:-Xjit:tier2=all" "off:-Xjit:tier2,-indy" "d1:-Xjit:tier2=all,deopt-every=1" "d2:-Xjit:tier2=all,deopt-every=2"; do
        l=${cfg%%:*} f=${cfg#*:}
        for m in loop gc throw; do
            "$VM" "$f" --stats -cp "$W/i18" T2Indy $m >"$W/i18.$l.$m.out" 2>"$W/i18.$l.$m.err"; rc=$?
            meth=T2Indy.loop'(II)J'; [ $m = gc ] && meth=T2Indy.gc'(I)J'; [ $m = throw ] && meth='T2Indy.report([LT2Indy$Broken;)I'
            t=$(t2tier "$W/i18.$l.$m.err" "$meth") mt=$(t2tier "$W/i18.$l.$m.err" 'T2Indy.main([Ljava/lang/String;)V')
            bad=
            cmp -s "$W/i18.$m.java" "$W/i18.$l.$m.out" || bad="$bad output-differs"
            [ "$rc" = "$(cat "$W/i18.$m.javarc")" ] || bad="$bad status-$rc"
            if [ "$l" = off ]; then
                [ "$t" = 1 ] && [ "$mt" = 1 ] && t2line "$W/i18.$l.$m.err" "$meth" | grep -q 'invokedynamic not in tier 2' || bad="$bad tier-$t/$mt-with--indy"
            else
                [ "$t" = 2 ] && [ "$mt" = 2 ] || bad="$bad tier-$t/main-$mt"
            fi
            if [ "$l" = d1 ] || [ "$l" = d2 ]; then e=$(t2exits "$W/i18.$l.$m.err"); [ "${e:-0}" -gt 0 ] || bad="$bad no-exits"; fi
            if [ "$m" = throw ]; then
                # the interpreter's stack trace (the exception line and frames)
                "$VM" "$f" -cp "$W/i18" T2Indy throw >/dev/null 2>"$W/i18.$l.th.err"
                cmp -s "$W/i18.throw.interr" "$W/i18.$l.th.err" || bad="$bad trace:$(diff "$W/i18.throw.interr" "$W/i18.$l.th.err" | head -c 200)"
            fi
            if [ -z "$bad" ]; then pass "i18/$l/$m (${t:-?})"; else fail "i18/$l/$m" "$bad"; fi
        done
    done
    # GC inside: a small heap, many collections while gc() runs in tier 2
    "$VM" -Xjit:tier2=all -Xmx2m --stats -cp "$W/i18" T2Indy gc >"$W/i18.gcs.out" 2>"$W/i18.gcs.err"
    g=$(sed -n 's/.*GC collections: *\([0-9]*\).*/\1/p' "$W/i18.gcs.err")
    if cmp -s "$W/i18.gc.java" "$W/i18.gcs.out" && [ "$(t2tier "$W/i18.gcs.err" 'T2Indy.gc(I)J')" = 2 ] && [ "${g:-0}" -gt 5 ]; then
        pass "i18/gc-small-heap ($g collections)"
    else fail i18/gc-small-heap "output $(cmp -s "$W/i18.gc.java" "$W/i18.gcs.out" && echo same || echo differs), ${g:-?} collections"; fi
else fail i18/javac "T2Indy with --release 11 (or no invokedynamic in it)"; fi
# ---- t19: if-conversion (-cmov, t2_opt.c's select) ----
# T2Cmov (ordinary style): find() walks a radix tree choosing the child by
# a bit (`bit == 0 ? n.left : n.right`, both loads of a node the loop's
# null test proved) and keeps the deepest value (`if (v >= 0) found = v`),
# spread() a running min / max and a count, clamp() longs: selects (cmov),
# java's output on, off and leaving at every 2nd / 3rd exit point, and the
# sel count differs on and off.  weights()' `e != null ? e.weight : -1`
# must keep its branch (only the if proves e non-null: a load moved above
# it would read through null, table[] holds nulls): sel 0 there.
OPTBASE=,-inlining optcase cmov T2Cmov 'sel:T2Cmov.find(I)I' 'sel:T2Cmov.spread([II)J' 'sel:T2Cmov.clamp([JJJ)J'
want cmov/find "$W/cmov.on.err" 'T2Cmov.find(I)I' sel -ge 2
want cmov/null-guarded-load "$W/cmov.on.err" 'T2Cmov.weights([LT2Cmov$Entry;)I' sel -eq 0
# the machine code of find() has the cmovs on, none off
for cfg in on: off:,-cmov; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" -Xjit:tier2,-inlining$f --jit-disasm -cp "$W" T2Cmov 3 2>&1 >/dev/null \
        | awk '/^== / { p = /^== JIT T2Cmov[.]find/ } p' >"$W/cmov.$l.dis"
done
a=$(grep -c 'cmov' "$W/cmov.on.dis") b=$(grep -c 'cmov' "$W/cmov.off.dis")
if [ "$a" -ge 2 ] && [ "$b" = 0 ]; then pass "cmov/code (find: $a cmov on, $b off)"
else fail cmov/code "find: $a cmov on, $b off (wanted >= 2 and 0)"; fi
# LpmTrie (issue 15's trie): its lookup's child choice a select, in main
want cmov/lpmtrie "$W/LpmTrie.t2.err" 'LpmTrie.main([Ljava/lang/String;)V' sel -ge 2
# -gcreach (t2_ra.c's reach_via): T2GcReach.record's loop allocates an
# Event per step and counts into this.histogram, whose load LICM hoists
# (hot mode: the constructor inlined): a reference live across the
# allocations, not in their frame states, but reachable through `this`
# (in them) with no store of the field or call on the way.  On: record is
# tier 2; off: refused ("a reference live across"), the baseline's code.
# Both -Xint's output with a 2 MB heap (the collector runs while record
# holds the array in a register), also leaving at every 2nd exit point.
"$VM" -Xint -cp "$W" T2GcReach >"$W/gcr.int" 2>&1
for cfg in "on:-Xjit:tier2=hot" "off:-Xjit:tier2=hot,-gcreach" "deopt:-Xjit:tier2=hot,deopt-every=2"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" -Xmx2m --stats -cp "$W" T2GcReach >"$W/gcr.$l.out" 2>"$W/gcr.$l.err"
    t=$(t2tier "$W/gcr.$l.err" 'T2GcReach.record(II)J')
    g=$(sed -n 's/.*GC collections: *\([0-9]*\).*/\1/p' "$W/gcr.$l.err")
    bad=
    cmp -s "$W/gcr.int" "$W/gcr.$l.out" || bad="$bad output-differs"
    [ "${g:-0}" -ge 10 ] || bad="$bad only-${g:-0}-collections"
    if [ "$l" = off ]; then
        [ "$t" = 1+ir ] && t2line "$W/gcr.$l.err" 'T2GcReach.record(II)J' | grep -q '\[a reference live' || bad="$bad tier-$t-with--gcreach"
    else
        [ "$t" = 2 ] || bad="$bad tier-$t"
    fi
    if [ -z "$bad" ]; then pass "gcreach/$l (record tier $t, $g collections)"; else fail "gcreach/$l" "$bad"; fi
done
# LpmTrie in hot mode: main (insert inlined, `root` hoisted across its
# `new Node()`) is tier 2 on, refused off
for cfg in "on:" "off:,-gcreach"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" -Xjit:tier2=hot$f --stats -cp "$W" LpmTrie 300000 >"$W/gcr.lpm.$l.out" 2>"$W/gcr.lpm.$l.err"
    t=$(t2tier "$W/gcr.lpm.$l.err" 'LpmTrie.main([Ljava/lang/String;)V')
    want=2; [ $l = off ] && want=1+ir
    if java -cp "$W" LpmTrie 300000 | cmp -s - "$W/gcr.lpm.$l.out" && [ "$t" = "$want" ]; then pass "gcreach/lpmtrie-$l (main tier $t)"
    else fail "gcreach/lpmtrie-$l" "main tier $t (wanted $want) or output differs"; fi
done
# t21: a call on a rare path of an inlined callee stays a call there, made
# on top of the inlined frames (-icall, t2_rt_framed_invoke).  T2Icall: a
# ring whose push grows it on a rare path, a port table whose hit reports
# an overflow (allocating: the collector runs while the inlined frames are
# pushed, -Xmx4m) and throws for a bad port; flood() pushes until grow()
# throws (the stack trace through the inlined push, its line, is java's).
# java's output each way (eager, hot, leaving at every 2nd / 3rd exit
# point); run() and flood() inline push / packet / hit on, nothing off
java -cp "$W" T2Icall >"$W/T2Icall.java.out" 2>&1
for cfg in "on:-Xjit:tier2" "off:-Xjit:tier2,-icall" "hot:-Xjit:tier2=hot" "hotoff:-Xjit:tier2=hot,-icall" \
           "deopt:-Xjit:tier2=all,deopt-every=2" "deoptoff:-Xjit:tier2=all,-icall,deopt-every=3"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" "$f" -Xmx4m --stats=all -cp "$W" T2Icall >"$W/icall.$l.out" 2>"$W/icall.$l.err"
    g=$(sed -n 's/.*GC collections: *\([0-9]*\).*/\1/p' "$W/icall.$l.err")
    if ! cmp -s "$W/T2Icall.java.out" "$W/icall.$l.out"; then
        fail "icall/$l" "output differs from java's: $(diff "$W/T2Icall.java.out" "$W/icall.$l.out" | head -n3 | tr '\n' ' ')"
    elif grep -q 'tier 2 check failed\|BUG ' "$W/icall.$l.err"; then fail "icall/$l" "$(grep -m1 'check failed\|BUG ' "$W/icall.$l.err")"
    elif [ "${g:-0}" -lt 5 ]; then fail "icall/$l" "only ${g:-0} collections"
    else pass "icall/$l ($g collections)"; fi
done
want icall/run "$W/icall.on.err" 'T2Icall.run(I)J' inl -ge 4
want icall/run-off "$W/icall.off.err" 'T2Icall.run(I)J' inl -eq 0
want icall/flood "$W/icall.on.err" 'T2Icall.flood(I)I' inl -ge 1
want icall/flood-off "$W/icall.off.err" 'T2Icall.flood(I)I' inl -eq 0
want icall/run-hot "$W/icall.hot.err" 'T2Icall.run(I)J' inl -ge 4
# not rare: size()'s count(root) runs on every path through it (its
# entry block: sizes() keeps the call), count's own count(left) is
# recursive (not inlined)
want icall/every-path "$W/icall.on.err" 'T2Icall.sizes(I)J' inl -eq 0
want icall/recursive "$W/icall.on.err" 'T2Icall$PortTree.count(LT2Icall$PortTree$Node;)I' inl -eq 0
want icall/run-hotoff "$W/icall.hotoff.err" 'T2Icall.run(I)J' inl -eq 0
for m in 'T2Icall.run(I)J' 'T2Icall.flood(I)I'; do
    if [ "$(t2tier "$W/icall.on.err" "$m")" = 2 ] && [ "$(t2tier "$W/icall.deopt.err" "$m")" = 2 ]; then pass "icall/tier ($m)"
    else fail icall/tier "$m not tier 2 on and with deopt-every=2"; fi
done
# DrrScheduler's hot main inlines enqueue and dequeue with their
# ArrayDeque.addLast (growFull a call) on, not off (java's output both)
for cfg in "on:" "off:,-icall"; do
    l=${cfg%%:*} f=${cfg#*:}
    "$VM" -Xjit:tier2=hot$f --stats -cp "$W" DrrScheduler 300000 >"$W/icall.drr.$l.out" 2>"$W/icall.drr.$l.err"
    if java -cp "$W" DrrScheduler 300000 | cmp -s - "$W/icall.drr.$l.out"; then pass "icall/drr-$l"
    else fail "icall/drr-$l" "output differs from java's"; fi
done
want icall/drr-main "$W/icall.drr.on.err" 'DrrScheduler.main([Ljava/lang/String;)V' inl -ge 20
want icall/drr-main-off "$W/icall.drr.off.err" 'DrrScheduler.main([Ljava/lang/String;)V' inl -le 4
# a phi in a frame state with no use left in the graph is kept (with
# -icall): FlowCounters' update inlines HashMap.putVal (resize a framed
# call), whose `p` it kept only for exits: tier 2 on (and inl above 20),
# with -icall putVal stays a call
want icall/flow-update "$W/FlowCounters.t2.err" 'FlowCounters.update(JIJI)V' inl -ge 20
if [ "$(t2tier "$W/FlowCounters.t2.err" 'FlowCounters.update(JIJI)V')" = 2 ]; then pass icall/flow-update-tier
else fail icall/flow-update-tier "$(t2line "$W/FlowCounters.t2.err" 'FlowCounters.update(JIJI)V')"; fi
# t21: an inlined callee's entry naming a member of a library class not
# loaded yet is resolved at the compile (-libref): DrrScheduler's main,
# compiled at its first call before any ArrayDeque exists, inlines enqueue
# (q.size(), addLast); with -libref enqueue stays a call
"$VM" -Xjit:tier2,-libref --stats -cp "$W" DrrScheduler >"$W/libref.off.out" 2>"$W/libref.off.err"
if cmp -s "$W/DrrScheduler.java.out" "$W/libref.off.out" && cmp -s "$W/DrrScheduler.java.out" "$W/DrrScheduler.t2.out"; then pass libref/output
else fail libref/output "DrrScheduler: output differs from java's"; fi
want libref/drr-main "$W/DrrScheduler.t2.err" 'DrrScheduler.main([Ljava/lang/String;)V' inl -ge 5
# (-icall) and not dequeue: the call of Integer.valueOf (Integer not yet
# initialized at main's compile) in its loop runs on every pass: not rare
want icall/loop-call "$W/DrrScheduler.t2.err" 'DrrScheduler.main([Ljava/lang/String;)V' inl -le 12
want libref/drr-main-off "$W/libref.off.err" 'DrrScheduler.main([Ljava/lang/String;)V' inl -le 2
# t23: a multiplication by a constant as a shift (2^s), one lea (3, 5, 9)
# or imul with an immediate (-smul off: the constant in a register):
# java's output each way (eager, all, hot by counts, leaving at every 2nd
# exit point); edges()'s code has the three forms on, none off
# java_runs NAME CLASS LABEL:FLAGS...: CLASS with each set of flags
# (--stats in $W/NAME.LABEL.err), NAME/LABEL passes when its output is java's
java_runs() {
    local n=$1 cls=$2 cfg l f
    shift 2
    java -cp "$W" "$cls" >"$W/$cls.java.out" 2>&1
    for cfg in "$@"; do
        l=${cfg%%:*} f=${cfg#*:}
        "$VM" "$f" --stats -cp "$W" "$cls" >"$W/$n.$l.out" 2>"$W/$n.$l.err"
        if cmp -s "$W/$cls.java.out" "$W/$n.$l.out"; then pass "$n/$l"
        else fail "$n/$l" "output differs from java's: $(diff "$W/$cls.java.out" "$W/$n.$l.out" | head -n3 | tr '\n' ' ')"; fi
    done
}
java_runs smul T2Smul "on:-Xjit:tier2" "off:-Xjit:tier2,-smul" "all:-Xjit:tier2=all" \
    "hot:-Xjit:tier2=hot,calls=2,backedges=5" "deopt:-Xjit:tier2=all,deopt-every=2"
if [ "$(t2tier "$W/smul.on.err" 'T2Smul.edges(IJ)J')" = 2 ]; then pass smul/tier
else fail smul/tier "edges not tier 2: $(t2line "$W/smul.on.err" 'T2Smul.edges(IJ)J')"; fi
for l in on off; do
    f=-Xjit:tier2; [ $l = off ] && f=-Xjit:tier2,-smul
    "$VM" $f --jit-disasm -cp "$W" T2Smul 2>&1 >/dev/null | awk '/^== JIT/ { on = /T2Smul.edges/ && ++n == 2 } on' >"$W/smul.$l.dis"
    imm=$(grep -cE 'imul +[a-z0-9]+, [a-z0-9]+, (0x|-)' "$W/smul.$l.dis")
    shl=$(grep -c 'shl' "$W/smul.$l.dis")
    lea=$(grep -cE 'lea .*\*[248]\]' "$W/smul.$l.dis")
    if [ $l = on ] && [ "$imm" -ge 4 ] && [ "$shl" -ge 6 ] && [ "$lea" -ge 4 ]; then pass "smul/code-on (imul imm $imm, shl $shl, lea $lea)"
    elif [ $l = off ] && [ "$imm" = 0 ] && [ "$shl" = 0 ]; then pass "smul/code-off"
    else fail "smul/code-$l" "imul imm $imm, shl $shl, lea $lea"; fi
done
# t23: bounds checks of a[b + c] in one block widened at the first access
# (-smear off: one check each): java's output each way, the widened checks
# failing (short packets, a lower offset after the first access, a division
# by zero or a counter bump between two accesses); the parsers' checks
# proven on (dchk), none off, and their code smaller; a pair whose widened
# check would cost what it saves stays as it was (Ipv4Rewrite's checksum
# loop: p[i], p[i + 1])
java_runs smear T2Smear "on:-Xjit:tier2" "off:-Xjit:tier2,-smear" "all:-Xjit:tier2=all" \
    "hot:-Xjit:tier2=hot,calls=2,backedges=5" "deopt:-Xjit:tier2=all,deopt-every=2"
for mw in 'T2Smear.ipv4([BI)I:12' 'T2Smear.backwards([II)I:3' 'T2Smear.middle([JI)J:4' 'T2Smear.store([IIIII)V:3' 'T2Smear.bumped([BI)I:2'; do
    m=${mw%:*} k=${mw##*:}
    on=$(t2count "$W/smear.on.err" "$m" dchk) off=$(t2count "$W/smear.off.err" "$m" dchk)
    con=$(codesize "$W/smear.on.err" "$m") coff=$(codesize "$W/smear.off.err" "$m")
    if [ "$(t2tier "$W/smear.on.err" "$m")" = 2 ] && [ "${on:-0}" -ge "$k" ] && [ "${off:-1}" = 0 ] && [ "${con:-0}" -lt "${coff:-0}" ]; then
        pass "smear/proven $m (dchk $on on, $off off; code $con / $coff B)"
    else fail "smear/proven" "$m: dchk ${on:-?} on (wanted >= $k), ${off:-?} off, code ${con:-?} / ${coff:-?} B"; fi
done
want smear/pair "$W/smear.on.err" 'T2Smear.pair([BI)I' dchk -eq 0
# ClassifyEnqueue's classify: a dozen of its header reads proven
want smear/classify "$W/ClassifyEnqueue.t2.err" 'ClassifyEnqueue.classify([BII)I' dchk -ge 10
echo "tier2: $np passed, $nf failed"
[ "$nf" = 0 ]
