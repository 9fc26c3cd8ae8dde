#!/bin/sh
# tests/kmod/qdisc_smoke.sh - quick checks of the vifvm qdisc in the test
# guest (sourced by tests/kmod/init.sh when /q holds the VIFlets; helper
# k1's own checks, the full matrix is tests/kmod's other scripts).  Prints
# KT_PASS/KT_FAIL kmod/qdisc/NAME lines.  Needs /sbin/tc (iproute2), the
# dummy and sch_tbf modules under /kmods, VIFlets under /q.
Q=/proc/vifvm
tc() { /sbin/tc "$@"; }   # not busybox's tc applet
qok() { echo "KT_PASS kmod/qdisc/$1${2:+ ($2)}"; }
qfail() { echo "KT_FAIL kmod/qdisc/$1: $2"; }
stat_of() { sed -n "s/^$2 //p" "$Q/$1/stats"; }
# the invariant in = out + drops + held, for one VIF
invariant() {
    s=$Q/$1/stats
    awk '{v[$1]=$2} END {d=v["in"]-v["out"]-v["drops_handler"]-v["drops_quota"]-v["drops_policy"]-v["held"]; exit d != 0}' "$s"
}
counters_zero() {
    head -1 $Q/status | grep -q '^qdiscs=0 vifs=0 vms=0 skbs=0 blobs=0 procs=0$'
}
send() { # n packets of ICMP echo through dummy0 (no replies: nothing answers)
    ping -c "$1" -i 0.02 -W 1 -s "${2:-56}" 10.9.0.2 >/dev/null 2>&1
}
# "icmp" (tcpdump -ddd, DLT_EN10MB)
ICMP="6,40 0 0 12,21 0 3 2048,48 0 0 23,21 0 1 1,6 0 0 262144,6 0 0 0"

insmod /kmods/dummy.ko numdummies=1 || qfail setup "insmod dummy.ko"
insmod /kmods/sch_tbf.ko 2>/dev/null
insmod /kmods/sch_htb.ko 2>/dev/null
ip link set dummy0 up
ip addr add 10.9.0.1/24 dev dummy0

# 1. root Relay
if tc qdisc add dev dummy0 root handle 1: vifvm && [ -d $Q/dummy0 ]; then qok attach
else qfail attach "tc qdisc add ... vifvm: $(ls $Q)"; fi
cat /q/Relay.class > $Q/dummy0/viflet
if grep -q '^class=Relay owner=0 state=running engine=jit' $Q/dummy0/viflet; then qok load-relay
else qfail load-relay "$(cat $Q/dummy0/viflet) log: $(tail -3 $Q/dummy0/log)"; fi
tx0=$(cat /sys/class/net/dummy0/statistics/tx_packets)
send 20
tx1=$(cat /sys/class/net/dummy0/statistics/tx_packets)
snap=$(cat $Q/dummy0/stats)    # one reading: the link may send IPv6 of its own
in=$(echo "$snap" | sed -n 's/^in //p'); out=$(echo "$snap" | sed -n 's/^out //p')
if [ "$in" -ge 20 ] && [ "$in" = "$out" ] && [ $((tx1 - tx0)) -ge 20 ] && invariant dummy0 &&
   grep -q 'relay ready' $Q/dummy0/log; then
    qok relay "in=$in out=$out tx=$((tx1 - tx0))"
else
    qfail relay "in=$in out=$out tx=$((tx1 - tx0)) $(tr '\n' ' ' < $Q/dummy0/stats)"
fi
tc -s qdisc show dev dummy0 | sed 's/^/KT_TC /'

# issue 13, nothing compiled or loaded on the packet path (k16): the
# viflet line's path_compiled/path_loaded (and the stats file's) count
# what the VIFlet's VM compiled and loaded after its load.  Tally
# (HashMap, ArrayDeque, boxing, a StringBuilder logged every 16 packets)
# and Relay (vif.VIFlet's inherited handlers) must show 0 after traffic;
# so must (k17) LazyTs (tests/kmod/viflets/lazy: Class.forName(a field)
# on its first packet, a class no walk of the bytecode sees, but of its
# JAR: every class of the upload is prepared at load, vm_prepare_image)
# and LazyLib (a library class named by a constant: forName
# ("java.util.LinkedList")); LazyBuilt builds that name at run time, the
# one exception, and must show path_loaded > 0, and so must LazyTs with
# the module parameter prepare_upload=0 (the VIFlet's class alone, as
# before k17), so the checks can tell.  Relay is put back after.
pathc() { sed -n 's/.* path_compiled=\([0-9]*\) path_loaded=\([0-9]*\).*/\1 \2/p' $Q/dummy0/viflet; }
PU=/sys/module/vifvm/parameters/prepare_upload
for v in Tally.class:0 Relay.class:0 LazyTs.jar:0 LazyLib.class:0 LazyBuilt.class:lazy LazyTs.jar:lazy:noprep; do
    f=${v%%:*}; want=${v#*:}; noprep=
    case $want in *:noprep) want=${want%:noprep}; noprep=-noprep ;; esac
    [ -z "$noprep" ] || echo 0 > $PU
    cat /q/$f > $Q/dummy0/viflet
    [ -z "$noprep" ] || echo 1 > $PU
    send 20
    pc=$(pathc)
    sc="$(stat_of dummy0 path_compiled) $(stat_of dummy0 path_loaded)"
    ok=0
    case "$want:$pc" in
    0:"0 0") ok=1 ;;
    lazy:*" "[1-9]*) ok=1 ;;
    esac
    if [ $ok = 1 ] && [ "$sc" = "$pc" ] && grep -q "^class=${f%.*} .* state=running" $Q/dummy0/viflet &&
       { [ $f != Tally.class ] || grep -q '^tally 16: ' $Q/dummy0/log; }; then
        qok path-counts-${f%.*}$noprep "path_compiled path_loaded = $pc"
    else
        qfail path-counts-${f%.*}$noprep "path_compiled path_loaded = '$pc' (stats: '$sc'), want $want: $(cat $Q/dummy0/viflet) log: $(tail -2 $Q/dummy0/log)"
    fi
done
# (k17) a JAR with a .class entry that is not a class file (LazyJunk:
# LazyTs's and Junk.class) is refused at load, naming the entry, and the
# VIFlet before it keeps running
cat /q/Relay.class > $Q/dummy0/viflet
cat /q/LazyJunk.jar > $Q/dummy0/viflet 2>/dev/null
if grep -q '^class=Relay .* state=running.* load=failed' $Q/dummy0/viflet &&
   grep -q 'class Junk of the upload: java.lang.ClassFormatError' $Q/dummy0/log; then
    qok load-broken-entry-refused "$(grep -o 'class Junk of the upload: [^(]*' $Q/dummy0/log | tail -1)"
else
    qfail load-broken-entry-refused "$(cat $Q/dummy0/viflet) log: $(tail -2 $Q/dummy0/log)"
fi
# a JAR of more classes than one VIFlet may load (LazyTs and 300 small
# classes; the module's limit is 256, KVL_MAX_CLASSES): refused at load
# with the limit named, the VIFlet before it keeps running
cat /q/LazyMany.jar > $Q/dummy0/viflet 2>/dev/null
if grep -q '^class=Relay .* state=running.* load=failed' $Q/dummy0/viflet &&
   grep -q 'vifvm: class limit (256) reached loading' $Q/dummy0/log; then
    qok load-class-limit "$(grep -o 'vifvm: class limit ([0-9]*) reached loading [A-Za-z0-9]*' $Q/dummy0/log | tail -1)"
else
    qfail load-class-limit "$(cat $Q/dummy0/viflet) log: $(tail -2 $Q/dummy0/log)"
fi
cat /q/Relay.class > $Q/dummy0/viflet

# (kt19) tier 2 compiled at injection (module parameter tier2, read at the
# load): TierMix (interface calls, a loop, a switch, an exception thrown
# and caught every 7th packet) in a fresh child VIF dummy0/tm (icmp) per
# setting, 300 pings each (more calls than T2_RECOMP_CALLS, 256, so a
# second compile, were it on, would happen on the packet path).  With tier2=1 and 2 its log must equal the
# baseline's (tier2=0), its methods must run tier-2 code (viflet's
# tier2=METHODS/EXITS: METHODS > 0), the code must have left to the
# interpreter (EXITS > 0: the athrow) and nothing may have been compiled
# or loaded on the packet path (path_compiled=0 path_loaded=0: tier-2
# compiles are counted there too); with tier2=0 METHODS is 0, and with
# tier2=1 plus tier2_again=1 (1a: A/B only, the second compile allowed)
# path_compiled is above 0 (the checks can tell, in the same boot)
T2P=/sys/module/vifvm/parameters/tier2
t2counts() { sed -n 's/.* path_compiled=\([0-9]*\) path_loaded=\([0-9]*\) tier2=\([0-9]*\)\/\([0-9]*\).*/\1 \2 \3 \4/p' $Q/dummy0/tm/viflet; }
if [ -f $T2P ]; then
    t2base=""
    for t in 0 1 2 1a; do
        echo "add dummy0/tm owner=0 policy=pass filter=$ICMP" > $Q/control
        echo ${t%a} > $T2P
        [ $t != 1a ] || echo 1 > ${T2P}_again
        cat /q/TierMix.jar > $Q/dummy0/tm/viflet
        echo 0 > $T2P
        echo 0 > ${T2P}_again
        send 300
        c=$(t2counts)
        tl=$(grep '^tiermix ' $Q/dummy0/tm/log | tr '\n' ';')
        tl3=$(grep '^tiermix ' $Q/dummy0/tm/log | tail -1)
        st="$(stat_of dummy0/tm in) $(stat_of dummy0/tm out) $(stat_of dummy0/tm tier2_methods) $(stat_of dummy0/tm tier2_exits)"
        vl=$(cat $Q/dummy0/tm/viflet)
        echo "KT_T2 tier2=$t counts=$c stats=$st last=$tl3"
        c1=${c%% *}; r=${c#* }; c2=${r%% *}; r=${r#* }; c3=${r%% *}; c4=${r#* }
        ok=0
        want="0 0"; [ $t != 1a ] || want="$c1 0"
        if [ -n "$c4" ] && [ "$c1 $c2" = "$want" ] && [ "$(echo "$tl" | tr ';' '\n' | grep -c '^tiermix ')" = 30 ] &&
           echo "$vl" | grep -q '^class=TierMix .* state=running'; then
            if [ $t = 0 ]; then
                [ "$c3" = 0 ] && ok=1 && t2base=$tl && t2base3=$tl3
            elif [ $t = 1a ]; then
                [ "$c1" -gt 0 ] && [ "$c3" -gt 0 ] && [ "$tl" = "$t2base" ] && ok=1
            else
                [ "$c3" -gt 0 ] && [ "$c4" -gt 0 ] && [ -n "$t2base" ] && [ "$tl" = "$t2base" ] && ok=1
            fi
        fi
        if [ $ok = 1 ]; then
            qok tier2-$t "path_compiled path_loaded tier2_methods tier2_exits = $c; the same 30 lines, the last: $tl3"
        else
            qfail tier2-$t "counts '$c' (want $([ $t = 1a ] && echo 'path_compiled >0' || echo '0 0') and tier2 methods $([ $t = 0 ] && echo 0 || echo '>0, exits >0')); $(echo "$tl" | tr ';' '\n' | grep -c '^tiermix ') log lines, $([ "$tl" = "$t2base" ] && echo same as || echo unlike) the baseline's, the last '$tl3' (baseline '$t2base3'); $vl"
        fi
        echo "del dummy0/tm" > $Q/control
    done
else
    qfail tier2-param "no module parameter tier2"
fi

# 2. a child VIF with a filter, and the hostile VIFlets in it
if echo "add dummy0/icmp owner=1000 policy=pass filter=$ICMP" > $Q/control && [ -d $Q/dummy0/icmp ] &&
   [ "$(cat $Q/dummy0/icmp/owner)" = 1000 ] && [ "$(cat $Q/dummy0/icmp/filter)" = "$ICMP" ]; then qok add-child
else qfail add-child "$(ls $Q/dummy0)"; fi
# permissions, as uid 1000 (the owner of dummy0/icmp) and uid 1001
mkdir -p /etc
chmod 755 /     # the initramfs root comes from mktemp -d (0700)
grep -q '^u1000:' /etc/passwd 2>/dev/null ||
    printf 'root:x:0:0::/:/bin/sh\nu1000:x:1000:1000::/:/bin/sh\nu1001:x:1001:1001::/:/bin/sh\n' >> /etc/passwd
as() { su -s /bin/sh "$1" -c "$2" 2>>/tmp/su.err; }
perm=""
as u1000 "cat /q/Relay.class > $Q/dummy0/viflet" && perm="$perm root-viflet-written"
as u1000 "echo 'add dummy0/x owner=1000 filter=$ICMP' > $Q/control" && perm="$perm root-child-added"
as u1000 "echo 'owner dummy0/icmp 1001' > $Q/control" && perm="$perm owner-changed"
as u1001 "cat /q/Relay.class > $Q/dummy0/icmp/viflet" && perm="$perm other-uid-loaded"
as u1000 "cat /q/Relay.class > $Q/dummy0/icmp/viflet" || perm="$perm owner-load-refused"
as u1000 "echo 'add dummy0/icmp/sub owner=1001 filter=$ICMP' > $Q/control" || perm="$perm owner-add-refused"
as u1001 "cat /q/Relay.class > $Q/dummy0/icmp/sub/viflet" || perm="$perm child-owner-load-refused"
as u1001 "echo 'del dummy0/icmp/sub' > $Q/control" && perm="$perm child-owner-deleted-itself"
as u1000 "echo 'del dummy0/icmp/sub' > $Q/control" || perm="$perm owner-del-refused"
if [ -z "$perm" ] && grep -q 'class=Relay owner=1000 state=running' $Q/dummy0/icmp/viflet &&
   [ ! -d $Q/dummy0/icmp/sub ] && [ ! -d $Q/dummy0/x ]; then qok permissions
else qfail permissions "wrong:$perm; $(cat $Q/dummy0/icmp/viflet); $(head -3 /tmp/su.err | tr '\n' ' ')"; fi
cat /q/Relay.class > $Q/dummy0/icmp/viflet
send 10
if [ "$(stat_of dummy0/icmp in)" = 10 ] && [ "$(stat_of dummy0/icmp out)" = 10 ] && invariant dummy0/icmp &&
   invariant dummy0; then qok child-relay
else qfail child-relay "$(tr '\n' ' ' < $Q/dummy0/icmp/stats)"; fi
# an infinite loop, an exception, an allocation bomb, deep recursion
for h in Looper Thrower BigAlloc Recurse; do
    cat /q/$h.class > $Q/dummy0/icmp/viflet
    a0=$(stat_of dummy0/icmp aborts)
    o0=$(stat_of dummy0 out)
    send 25 1200
    a1=$(stat_of dummy0/icmp aborts)
    o1=$(stat_of dummy0 out)
    if [ $((a1 - a0)) = 1 ] && grep -q "^state=aborted\|state aborted" $Q/dummy0/icmp/stats &&
       grep -q "aborted in enqueue()" $Q/dummy0/icmp/log && [ $((o1 - o0)) -ge 25 ] &&
       invariant dummy0/icmp && invariant dummy0; then
        qok hostile-$h "$(grep 'aborted in' $Q/dummy0/icmp/log | tail -1 | cut -c1-150)"
    else
        qfail hostile-$h "aborts $a0->$a1 out $o0->$o1 $(tr '\n' ' ' < $Q/dummy0/icmp/stats) log: $(tail -4 $Q/dummy0/icmp/log)"
    fi
    # the stack trace of an abort is in the log (before the next one's
    # fills the ring: StackOverflowError's has 1024 frames)
    if [ $h = Thrower ]; then
        if grep -q 'at Thrower.enqueue' $Q/dummy0/icmp/log; then qok stack-trace
        else qfail stack-trace "$(grep -A3 'Thrower aborted' $Q/dummy0/icmp/log | head -5)"; fi
    fi
done
# revocation: a handed-on packet can no longer be read or written
cat /q/Stale.class > $Q/dummy0/icmp/viflet
send 160 64
if grep -q 'stale: refused 3600, allowed 0' $Q/dummy0/icmp/log && invariant dummy0/icmp; then qok revoked
else qfail revoked "$(tail -3 $Q/dummy0/icmp/log) $(tr '\n' ' ' < $Q/dummy0/icmp/stats)"; fi
# the packet quota: a VIFlet that keeps everything
echo 16 > /sys/module/vifvm/parameters/quota
cat /q/Hoarder.class > $Q/dummy0/icmp/viflet
echo 1024 > /sys/module/vifvm/parameters/quota
send 25
if [ "$(stat_of dummy0/icmp held)" = 16 ] && [ "$(stat_of dummy0/icmp drops_quota)" = 9 ] &&
   invariant dummy0/icmp; then qok quota
else qfail quota "$(tr '\n' ' ' < $Q/dummy0/icmp/stats)"; fi
# hot swap while traffic flows: the held packets go on (policy pass)
cat /q/Relay.class > $Q/dummy0/icmp/viflet
o0=$(stat_of dummy0 out)
d0=$(($(stat_of dummy0/icmp drops_quota) + $(stat_of dummy0/icmp drops_handler) + $(stat_of dummy0/icmp drops_policy)))
ping -c 60 -i 0.02 -W 1 10.9.0.2 >/dev/null 2>&1 &
pp=$!
for i in 1 2 3; do cat /q/Relay.class > $Q/dummy0/icmp/viflet; cat /q/Stale.class > $Q/dummy0/icmp/viflet; done
wait $pp
cat /q/Relay.class > $Q/dummy0/icmp/viflet
send 2
o1=$(stat_of dummy0 out)
d1=$(($(stat_of dummy0/icmp drops_quota) + $(stat_of dummy0/icmp drops_handler) + $(stat_of dummy0/icmp drops_policy)))
if [ "$(stat_of dummy0/icmp held)" = 0 ] && invariant dummy0/icmp && invariant dummy0 &&
   [ $((o1 - o0)) -ge 62 ] && [ "$d0" = "$d1" ]; then qok hot-swap "root out +$((o1 - o0)), no drop"
else qfail hot-swap "root out +$((o1 - o0)) $(tr '\n' ' ' < $Q/dummy0/icmp/stats)"; fi
# a malformed class: refused, the VIF keeps what it had
cat /q/Relay.class > $Q/dummy0/icmp/viflet
head -c 200 /q/Looper.class > $Q/dummy0/icmp/viflet
if grep -q 'class=Relay .*state=running.* load=failed' $Q/dummy0/icmp/viflet &&
   grep -q 'load refused' $Q/dummy0/icmp/log; then qok malformed
else qfail malformed "$(cat $Q/dummy0/icmp/viflet) $(tail -2 $Q/dummy0/icmp/log)"; fi
# the interpreter
echo int > /sys/module/vifvm/parameters/engine
cat /q/Relay.class > $Q/dummy0/icmp/viflet
echo jit > /sys/module/vifvm/parameters/engine
send 5
if grep -q 'class=Relay .*state=running engine=int' $Q/dummy0/icmp/viflet && invariant dummy0/icmp &&
   [ "$(stat_of dummy0/icmp held)" = 0 ]; then qok interpreter
else qfail interpreter "$(cat $Q/dummy0/icmp/viflet) $(tr '\n' ' ' < $Q/dummy0/icmp/stats)"; fi
# rmmod is refused while a vifvm qdisc exists (it holds the module)
if ! rmmod vifvm 2>/dev/null && [ -d $Q/dummy0/icmp ]; then qok rmmod-busy
else qfail rmmod-busy "rmmod succeeded with a qdisc attached"; fi
echo "del dummy0/icmp" > $Q/control
if [ ! -d $Q/dummy0/icmp ]; then qok del-child; else qfail del-child "still there"; fi

# wakeAt: a shaper at the root; only the qdisc watchdog sends its last packets
cat /q/Shaper.class > $Q/dummy0/viflet
o0=$(stat_of dummy0 out)
send 20 1000
sleep 1
o1=$(stat_of dummy0 out)
if [ $((o1 - o0)) -ge 20 ] && [ "$(stat_of dummy0 held)" = 0 ] && invariant dummy0; then qok wakeat
else qfail wakeat "out +$((o1 - o0)) $(tr '\n' ' ' < $Q/dummy0/stats)"; fi

# a VIFlet asking to be woken "now" again and again: its timers are
# suspended (after 10000 idle wake-ups), the machine goes on
cat /q/Spinner.class > $Q/dummy0/viflet
send 2
t=0
while ! grep -q 'timers suspended' $Q/dummy0/log && [ $t -lt 60 ]; do sleep 1; t=$((t + 1)); done
if grep -q 'timers suspended' $Q/dummy0/log && grep -q 'state=running' $Q/dummy0/viflet; then
    qok idle-wakes "suspended after ${t}s"
else
    qfail idle-wakes "$(tr '\n' ' ' < $Q/dummy0/stats)"
fi

# 3. under tbf: a shaped link, held packets, removal with packets queued
tc qdisc del dev dummy0 root
if counters_zero; then qok removed; else qfail removed "$(head -1 $Q/status)"; fi
if tc qdisc add dev dummy0 root handle 1: tbf rate 1kbit burst 3000 latency 100s &&
   tc qdisc add dev dummy0 parent 1:1 handle 10: vifvm && [ -d $Q/dummy0 ]; then qok under-tbf
else qfail under-tbf "$(tc qdisc show dev dummy0)"; fi
cat /q/Relay.class > $Q/dummy0/viflet
send 30 1000
tcs=$(tc -s qdisc show dev dummy0)
held=$(stat_of dummy0 held)
echo "$tcs" | sed 's/^/KT_TC /'
ql=$(echo "$tcs" | grep -A3 'qdisc vifvm' | sed -n 's/.*backlog [0-9a-zA-Z]* \([0-9]*\)p.*/\1/p' | head -1)
tl=$(echo "$tcs" | grep -A3 'qdisc tbf' | sed -n 's/.*backlog [0-9a-zA-Z]* \([0-9]*\)p.*/\1/p' | head -1)
# (the vifvm qlen may count one packet more: tbf's peek keeps it in gso_skb)
# (and a stray IPv6 packet of the link may arrive between the readings)
if invariant dummy0 && [ "$(stat_of dummy0 in)" -ge 30 ] && [ "$held" -gt 20 ] && [ "$tl" = "$ql" ] &&
   [ "$ql" -ge $((held - 2)) ] && [ "$ql" -le $((held + 3)) ]; then qok tbf-count "held=$held vifvm qlen=$ql tbf qlen=$tl"
else qfail tbf-count "held=$held vifvm qlen=$ql tbf qlen=$tl $(tr '\n' ' ' < $Q/dummy0/stats)"; fi
# a reset (link down) drops what the tree holds; the VIFlet runs on: the
# packets it still keeps were revoked and its dequeue skips them
ip link set dummy0 down
ip link set dummy0 up
h2=$(stat_of dummy0 held)
o0=$(stat_of dummy0 out)
send 3 1000
sleep 0.5
o1=$(stat_of dummy0 out)
if [ "$h2" = 0 ] && [ "$(stat_of dummy0 aborts)" = 0 ] && grep -q 'state=running' $Q/dummy0/viflet &&
   invariant dummy0 && [ $((o1 - o0 + $(stat_of dummy0 held))) -ge 3 ]; then qok reset "held $held -> $h2, then out +$((o1 - o0))"
else qfail reset "$(tr '\n' ' ' < $Q/dummy0/stats) log: $(tail -3 $Q/dummy0/log)"; fi
# 4. under htb (a class's leaf qdisc), then device removal with packets queued
tc qdisc del dev dummy0 root
if counters_zero; then qok removed-tbf; else qfail removed-tbf "$(head -1 $Q/status)"; fi
tc qdisc add dev dummy0 root handle 1: htb default 1 &&
    tc class add dev dummy0 parent 1: classid 1:1 htb rate 8kbit ceil 8kbit burst 2k &&
    tc qdisc add dev dummy0 parent 1:1 handle 10: vifvm
# a second instance on the same device: /proc/vifvm/D:HHHH
tc class add dev dummy0 parent 1: classid 1:2 htb rate 8kbit &&
    tc qdisc add dev dummy0 parent 1:2 handle 11: vifvm
if [ -d $Q/dummy0 ] && [ -f $Q/dummy0:0011/viflet ] && head -1 $Q/status | grep -q '^qdiscs=2 '; then
    qok second-instance
else
    qfail second-instance "$(ls $Q | tr '\n' ' ') $(head -1 $Q/status)"
fi
cat /q/Relay.class > $Q/dummy0/viflet
send 12 1000
tcs=$(tc -s qdisc show dev dummy0)
held=$(stat_of dummy0 held)
echo "$tcs" | sed 's/^/KT_TC /'
ql=$(echo "$tcs" | grep -A3 'qdisc vifvm' | sed -n 's/.*backlog [0-9a-zA-Z]* \([0-9]*\)p.*/\1/p' | head -1)
hl=$(echo "$tcs" | grep -A3 'qdisc htb' | sed -n 's/.*backlog [0-9a-zA-Z]* \([0-9]*\)p.*/\1/p' | head -1)
if grep -q 'state=running' $Q/dummy0/viflet && invariant dummy0 && [ "${held:-0}" -gt 5 ] &&
   [ "$hl" = "$ql" ] && [ "$ql" -ge $((held - 2)) ] && [ "$ql" -le $((held + 3)) ]; then
    qok under-htb "held=$held vifvm qlen=$ql htb qlen=$hl"
else
    qfail under-htb "held=$held vifvm qlen=$ql htb qlen=$hl $(tr '\n' ' ' < $Q/dummy0/stats)"
fi
held=$(stat_of dummy0 held)
ip link del dummy0
sleep 0.2
if counters_zero && [ ! -d $Q/dummy0 ]; then qok device-removed "held=$held when removed"
else qfail device-removed "$(head -1 $Q/status) $(ls $Q)"; fi
# /proc/vifvm/pbench (src/kmod/vifvm_pbench.c): Relay's handlers (in its
# VM: relay_c=0) over two frames in memory (a pcap written here: Ethernet,
# IPv4 TOS 0 and 0xb8, UDP), 500 packets; every packet must come out
# again, and the VM and its packets must be gone after; garbage is
# refused with a reason
if [ -e $Q/pbench ]; then
    b=$(cat /sys/module/vifvm/parameters/pbench_packets)
    rc=$(cat /sys/module/vifvm/parameters/relay_c)
    echo 500 > /sys/module/vifvm/parameters/pbench_packets
    echo 0 > /sys/module/vifvm/parameters/relay_c
    { printf '\324\303\262\241\002\000\004\000\000\000\000\000\000\000\000\000\377\377\000\000\001\000\000\000'
      printf '\001\000\000\000\000\000\000\000\074\000\000\000\074\000\000\000\002\000\000\000\000\002\002\000\000\000\000\001\010\000\105\000\000\056\000\001\000\000\100\021\000\000\012\011\000\001\012\011\000\002\060\071\060\071\000\032\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000'
      printf '\001\000\000\000\001\000\000\000\074\000\000\000\074\000\000\000\002\000\000\000\000\002\002\000\000\000\000\001\010\000\105\270\000\056\000\001\000\000\100\021\000\000\012\011\000\001\012\011\000\002\060\071\060\071\000\032\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000'
      cat /q/Relay.class; } > $Q/pbench
    r=$(cat $Q/pbench)
    case "$r" in
    "packets=500 frames=2 "*" out=500 fresh=0 dropped=0 class=Relay "*) qok pbench "$r" ;;
    *) qfail pbench "$r" ;;
    esac
    # the copy into the Packet (k13): Relay and PriQ name no member of
    # vif.Packet that reads past byte 64, so a 100-byte frame is copied in
    # part (copy=prefix) and still classified; TailCheck reads byte 70
    # (0x5a here) and drops the packet if it is wrong: copied whole
    # (copy=all), every packet out
    tailcap() { printf '\324\303\262\241\002\000\004\000\000\000\000\000\000\000\000\000\377\377\000\000\001\000\000\000'
      printf '\001\000\000\000\000\000\000\000\144\000\000\000\144\000\000\000\002\000\000\000\000\002\002\000\000\000\000\001\010\000\105\270\000\126\000\001\000\000\100\021\000\000\012\011\000\001\012\011\000\002\060\071\060\071\000\102'
      head -c 30 /dev/zero; printf '\132'; head -c 29 /dev/zero; }
    for v in Relay:prefix PriQ_VIFlet:prefix TailCheck:all; do
        { tailcap; cat /q/${v%:*}.class; } > $Q/pbench
        r=$(cat $Q/pbench)
        case "$r" in
        "packets=500 frames=1 "*" out=500 fresh=0 dropped=0 class=${v%:*} "*" copy=${v#*:}") qok pbench-copy-${v%:*} "$r" ;;
        *) qfail pbench-copy-${v%:*} "$r" ;;
        esac
    done
    # k15: the profile's stalls (prof_stall_us): with no threshold every
    # one of PriQ's 500 enqueue entries is counted (n=500 stalls=0); with
    # 1 us (under TCG an entry takes more, at least the first one does)
    # some are counted apart as stalls, and none is lost or counted twice:
    # n + stalls = 500
    P=/sys/module/vifvm/parameters
    if [ -f $P/prof_stall_us ]; then
        su=$(cat $P/prof_stall_us)
        ent() { sed -n 's/^prof entry_enq n=\([0-9]*\) .* stalls=\([0-9]*\) .*/\1 \2/p' $Q/status; }
        echo 0 > $P/prof_stall_us; echo 1 > $P/prof
        { tailcap; cat /q/PriQ_VIFlet.class; } > $Q/pbench; r=$(cat $Q/pbench); e0=$(ent)
        echo 1 > $P/prof_stall_us; echo 1 > $P/prof
        { tailcap; cat /q/PriQ_VIFlet.class; } > $Q/pbench; r=$(cat $Q/pbench); e1=$(ent)
        echo 0 > $P/prof; echo $su > $P/prof_stall_us
        set -- $e1
        if [ "$e0" = "500 0" ] && [ $# = 2 ] && [ "$2" -ge 1 ] && [ $(($1 + $2)) = 500 ]; then
            qok prof-stalls "threshold 0: n stalls = $e0; 1 us: $e1"
        else
            qfail prof-stalls "threshold 0: n stalls = '$e0' (want 500 0); 1 us: '$e1' (want a sum of 500, stalls >= 1); $r"
        fi
    fi
    # k14: JAR VIFlets whose helper class (tests/kmod/viflets/lazy) is
    # loaded by Class.forName on the first packet (k17: prepared at load,
    # with the JAR), after the module
    # decided what the VIFlet can do with a Packet: every class of the
    # JAR counts (vm_image_members_named), so LazyRead's helper reads byte
    # 70 of both frames right (0x5a in the DSCP 46 frame, 0xa5 in the
    # other: copy=all), LazyWrite's writes reach the sk_buff (it counts
    # its packets in byte 60 of the reused one-frame sk_buff), LazyTs's
    # packets carry their arrival time (prefix copy: timestamp() reads no
    # byte).  LazyJunk (LazyTs with a .class entry that is not a class
    # file) is refused at load naming Junk (k17); with prepare_upload=0
    # (the VIFlet's class alone) it still loads and runs, copying all
    # (the unparsable entry counts as naming everything).  Before k14:
    # all dropped (0 out).
    lazycap() { printf '\324\303\262\241\002\000\004\000\000\000\000\000\000\000\000\000\377\377\000\000\001\000\000\000'
      for tb in '\270 \132' '\000 \245'; do
        printf '\001\000\000\000\000\000\000\000\144\000\000\000\144\000\000\000\002\000\000\000\000\002\002\000\000\000\000\001\010\000\105'"${tb% *}"'\000\126\000\001\000\000\100\021\000\000\012\011\000\001\012\011\000\002\060\071\060\071\000\102'
        head -c 30 /dev/zero; printf "${tb#* }"; head -c 29 /dev/zero
        [ "$1" = 1 ] && break
      done; }
    for v in LazyRead:2:all LazyWrite:1:all LazyTs:1:prefix LazyJunk:1:all; do
        n=${v%%:*}; f=${v#*:}; f=${f%:*}
        c=$n; [ $n = LazyJunk ] && c=LazyTs
        [ $n != LazyJunk ] || echo 0 > $PU
        { lazycap $f; cat /q/$n.jar; } > $Q/pbench
        r=$(cat $Q/pbench)
        [ $n != LazyJunk ] || echo 1 > $PU
        # (LazyJunk: the reason is logged, here through pbench's dmesg lines)
        [ $n != LazyJunk ] || dmesg | grep -q 'pbench VIFlet: vifvm: a class of the upload cannot be scanned' || r="no log line: $r"
        case "$r" in
        "packets=500 frames=$f "*" out=500 fresh=0 dropped=0 class=$c "*" copy=${v##*:}") qok pbench-lazy-$n "$r" ;;
        *) qfail pbench-lazy-$n "$r" ;;
        esac
    done
    { lazycap 1; cat /q/LazyJunk.jar; } > $Q/pbench
    r=$(cat $Q/pbench)
    case "$r" in
    "error=-22 "*"class Junk of the upload: java.lang.ClassFormatError"*) qok pbench-lazy-LazyJunk-refused "$r" ;;
    *) qfail pbench-lazy-LazyJunk-refused "$r" ;;
    esac
    printf 'not a capture' > $Q/pbench
    if grep -q '^error=-22 not a pcap capture' $Q/pbench && counters_zero; then qok pbench-refused
    else qfail pbench-refused "$(cat $Q/pbench) $(head -1 $Q/status)"; fi
    echo $b > /sys/module/vifvm/parameters/pbench_packets
    echo $rc > /sys/module/vifvm/parameters/relay_c
fi
