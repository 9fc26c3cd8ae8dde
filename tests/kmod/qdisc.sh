#!/bin/sh
# tests/kmod/qdisc.sh - the vifvm qdisc tested in the guest (busybox sh),
# sourced by tests/kmod/init.sh when the kernel command line says
# kt_qdisc=1, after vifvm.ko is loaded.  Real traffic: kpkt (tests/kmod/kpkt.c)
# sends numbered Ethernet/IPv4 frames out of veth0 (through its qdiscs) and
# counts what arrives on its peer veth1.  The VIF tree is driven with vifctl
# (/proc/vifvm), the qdiscs with iproute2's tc (with the q_vifvm.so plugin).
# Prints KT_PASS kmod/qdisc/NAME / KT_FAIL kmod/qdisc/NAME: WHY lines, which
# tests/kmod/run.sh counts (it also knows which names must appear).
# Guest files: /q/*.class (tests/kmod/viflets), /usr/bin/{kpkt,vifctl},
# /usr/sbin/{tc,ip}, /mod/{veth,dummy,sch_tbf,sch_htb}.ko, /etc/passwd
# (alice 1000, bob 1001, eve 1002).
TC=/usr/sbin/tc
IP=/usr/sbin/ip
P=/proc/vifvm
Q=/q
ok() { echo "KT_PASS kmod/qdisc/$1"; }
ko() { echo "KT_FAIL kmod/qdisc/$1: $2"; }
# check NAME 'CONDITION' 'WHY (evaluated on failure)'
check() { if eval "$2"; then ok "$1"; else ko "$1" "$(eval echo "\"$3\"")"; fi; }
st() { sed -n "s/^$2 //p" "$P/$1/stats" 2>/dev/null | head -1; }
vl() { cat "$P/$1/viflet" 2>/dev/null; }
# in = out + drops + held on VIF $1
inv() {
    set -- "$(st "$1" in)" "$(st "$1" out)" "$(st "$1" drops_handler)" "$(st "$1" drops_quota)" \
        "$(st "$1" drops_policy)" "$(st "$1" held)"
    [ -n "$1" ] && [ "$1" = $(($2 + $3 + $4 + $5 + $6)) ]
}
stline() { tr '\n' ' ' < "$P/$1/stats" 2>/dev/null; }
# the receiver on veth1 in the background; traffic_end waits for it
traffic_start() { # expected frames (the receiver stops there, or idle)
    rm -f /tmp/ready /tmp/recv
    kpkt recv veth1 -i "${IDLE:-1500}" -w 60000 -n "$1" -R /tmp/ready > /tmp/recv &
    RPID=$!
    while [ ! -f /tmp/ready ]; do sleep 0.05; done
}
traffic_end() { wait $RPID; R=" $(cat /tmp/recv)"; }
rv() { echo "$R" | sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
send() { S=$(kpkt send veth0 "$@"); SENT=$(echo "$S" | sed -n 's/sent=\([0-9]*\).*/\1/p'); }
asuid() { u=$1; shift; kpkt asuid "$u" "$@"; }

echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6
echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6
for m in veth dummy sch_tbf sch_htb; do insmod /mod/$m.ko || ko setup "insmod $m.ko failed"; done
$IP link add veth0 type veth peer name veth1 && $IP link set veth0 up && $IP link set veth1 up ||
    ko setup "veth pair"
# a bad class: PriQ cut short
head -c 300 $Q/PriQ_VIFlet.class > /tmp/Bad.class
echo "not a class file at all" > /tmp/Garbage.class

# ---------------------------------------------------------------- attach, relay
$TC qdisc add dev veth0 root handle 1: vifvm
check attach '[ -d $P/veth0 ] && [ -f $P/veth0/viflet ] && [ -f $P/veth0/stats ] && [ -f $P/veth0/log ] && [ "$(cat $P/veth0/owner)" = 0 ]' \
    'tc qdisc add: $(ls $P 2>&1 | tr "\n" " ")'
vifctl load veth0 $Q/Relay.class
traffic_start 300
send 300
traffic_end
check relay '[ "$(rv recv)" = 300 ] && [ "$SENT" = 300 ] && [ "$(rv dup)" = 0 ] && [ "$(rv reordered)" = 0 ] && [ "$(st veth0 in)" = 300 ] && [ "$(st veth0 out)" = 300 ] && inv veth0 && vl veth0 | grep -q "class=Relay .*state=running"' \
    '$S /$R / $(stline veth0) / $(vl veth0)'
echo "KT_INFO relay: $R / $(stline veth0)"
$TC -s qdisc show dev veth0 > /tmp/tcshow 2>&1
check tc-show 'grep -q "qdisc vifvm 1: root" /tmp/tcshow && grep -q "viflet Relay owner 0 state running" /tmp/tcshow && grep -q "root VIF: in 300 out 300" /tmp/tcshow' \
    '$(tr "\n" "|" < /tmp/tcshow)'
sed 's/^/KT_INFO tc: /' /tmp/tcshow
vifctl stats > /tmp/vstats 2>&1
check vifctl-stats 'grep -Eq "^veth0 +Relay +running +0 +300 +300" /tmp/vstats' '$(tr "\n" "|" < /tmp/vstats)'

# ---------------------------------------------------------------- FPU sections
# /proc/vifvm/status: "fpu_entries=N nofpu_entries=N fpu_lazy=N", the
# packet path's VM entries inside a kernel_fpu section and without one.
# Relay's VM holds no floating-point code: its 300 enqueues ran without
# (and its dequeues in C); FloatRelay's does (double arithmetic): its
# entries open sections, and its averages come out right; it calls
# Packet.timestamp(), so its packets carry their arrival time (Relay's,
# which cannot see it, go without the clock read).
fpc() { grep '^fpu_entries=' $P/status | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# (Relay's enqueue and dequeue are the default FIFO's: its 300 packets were
# relayed in C as skbs, relay_c=yes/300, without entering its VM at all)
check fpu/relay-without 'vl veth0 | grep -q "class=Relay .*fpu=no relay_c=yes/300" && [ "$(fpc fpu_entries)" = 0 ]' \
    '$(vl veth0) / $(grep ^fpu $P/status)'
# ---------------------------------------------------------------- the bypass
# Relay at the root and nothing else: the qdisc lets the kernel send a
# packet that finds it empty straight to veth0 (TCQ_F_CAN_BYPASS, as
# pfifo_fast); those packets are counted from the qdisc's bstats (the
# 300 above: in = out = enqueue_calls = dequeue_calls = relay_c's count =
# 300 all the same).  With the module parameter bypass=0 every packet is
# queued (at most one more may pass while the switch takes effect).
bp() { vl veth0 | sed -n 's/.*bypassed=\([0-9]*\).*/\1/p'; }
b0=$(bp)
check bypass/used '[ "$b0" -ge 1 ] && [ "$b0" -le 300 ] && [ "$(st veth0 enqueue_calls)" = 300 ] && [ "$(st veth0 dequeue_calls)" = 300 ] && grep -q "Sent 30000 bytes 300 pkt" /tmp/tcshow' \
    'bypassed $b0 / $(stline veth0) / $(vl veth0)'
echo 0 > /sys/module/vifvm/parameters/bypass
traffic_start 100
send 100 -b 300
traffic_end
b1=$(bp)
echo 1 > /sys/module/vifvm/parameters/bypass
check bypass/off '[ "$(rv recv)" = 100 ] && [ "$(rv reordered)" = 0 ] && [ $((b1 - b0)) -le 1 ] && [ "$(st veth0 in)" = 400 ] && [ "$(st veth0 out)" = 400 ] && [ "$(st veth0 enqueue_calls)" = 400 ] && inv veth0 && vl veth0 | grep -q "relay_c=yes/400 "' \
    'bypassed $b0 -> $b1 / $R / $(stline veth0) / $(vl veth0)'
echo "KT_INFO bypass: $b0 of the first 300, $((b1 - b0)) of 100 with bypass=0"
# ---------------------------------------------------------------- lockless (k10)
# At the root the qdisc is lockless to the core (TCQ_F_NOLOCK with per-CPU
# statistics, module parameter nolock, as pfifo_fast): after a packet the
# core sent past the empty queue it calls no dequeue (a locked qdisc gets
# one call a packet); the packets are counted from the per-CPU figures.
dq() { sed -n 's/^prof qdisc_deq_null n=\([0-9]*\).*/\1/p' $P/status; }
nl_run() { # $1: nolock at the qdisc's creation
    echo "$1" > /sys/module/vifvm/parameters/nolock
    $TC qdisc add dev dummy1 root handle 1: vifvm
    echo 1 > /sys/module/vifvm/parameters/nolock
    echo 1 > /sys/module/vifvm/parameters/prof
    kpkt send dummy1 100 -b 0 > /dev/null
    n=$(dq)
    echo 0 > /sys/module/vifvm/parameters/prof
    $TC -s qdisc show dev dummy1 > /tmp/tcnl
    c=$(st dummy1 in)/$(st dummy1 out)
    $TC qdisc del dev dummy1 root
}
$IP link add dummy1 type dummy && $IP link set dummy1 up
nl_run 1; n1=${n:-0} c1=$c; t1=$(grep -c " 100 pkt" /tmp/tcnl)
nl_run 0; n0=${n:-0} c0=$c
$IP link del dummy1
check nolock/no-dequeue '[ "$n1" -le 2 ] && [ "$n0" -ge 98 ] && [ "$c1" = 100/100 ] && [ "$c0" = 100/100 ] && [ "$t1" = 1 ]' \
    'dequeues finding nothing: lockless $n1, locked $n0; in/out $c1, $c0; $(tr "\n" " " < /tmp/tcnl)'
# Two senders at once, one on each CPU, through a lockless Relay at the
# root of veth4: enqueue, dequeue and the bypass race on two CPUs (our
# lock, the core's seqlock and MISSED); every frame arrives once and is
# counted once.
$IP link add veth4 type veth peer name veth5 && $IP link set veth4 up && $IP link set veth5 up
$TC qdisc add dev veth4 root handle 1: vifvm
vifctl load veth4 $Q/Relay.class
rm -f /tmp/ready5
kpkt recv veth5 -i 1500 -w 60000 -n 1000 -R /tmp/ready5 > /tmp/recv5 & r5=$!
while [ ! -f /tmp/ready5 ]; do sleep 0.05; done
taskset 1 kpkt send veth4 500 -b 1000 > /dev/null & s5=$!
taskset 2 kpkt send veth4 500 -b 5000 > /dev/null
wait $s5; wait $r5
R5=" $(cat /tmp/recv5)"
$TC -s qdisc show dev veth4 > /tmp/tc5
check nolock/two-senders '[ "$(echo "$R5" | sed -n "s/.* recv=\([0-9]*\).*/\1/p")" = 1000 ] && [ "$(echo "$R5" | sed -n "s/.* dup=\([0-9]*\).*/\1/p")" = 0 ] && [ "$(st veth4 in)" = 1000 ] && [ "$(st veth4 out)" = 1000 ] && [ "$(st veth4 held)" = 0 ] && inv veth4 && grep -q " 1000 pkt" /tmp/tc5' \
    '$R5 / $(stline veth4) / $(vl veth4) / $(tr "\n" " " < /tmp/tc5)'
echo "KT_INFO nolock two senders: $(vl veth4)"
$TC qdisc del dev veth4 root
$IP link del veth4
$IP link add dummy1 type dummy && $IP link set dummy1 up
$TC qdisc add dev dummy1 root handle 1: vifvm
vifctl load dummy1 $Q/FloatRelay.class
f0=$(fpc fpu_entries); n0=$(fpc nofpu_entries)
S=$(kpkt send dummy1 100 -P udp -b 40)
check fpu/float-inside 'vl dummy1 | grep -q "class=FloatRelay .*state=running.*fpu=yes" && [ "$(st dummy1 in)" = 100 ] && [ "$(st dummy1 out)" = 100 ] && [ $(($(fpc fpu_entries) - f0)) -ge 100 ] && [ "$(fpc nofpu_entries)" = "$n0" ] && grep -Eq "avg [0-9]{3,} untimed 0" $P/dummy1/log' \
    '$S / $(vl dummy1) / $(stline dummy1) / $(grep ^fpu $P/status) (before $f0 $n0) / $(tail -2 $P/dummy1/log | tr "\n" " ")'
# FloatRelay keeps each packet until the next dequeue, which dummy1's free
# queue makes at once: every packet but the first gets the byte[] of the
# one before from the pool (pkt_pool)
check pool/reuse 'vl dummy1 | grep -q " pooled=99 "' '$(vl dummy1)'
echo "KT_INFO fpu: $(grep ^fpu $P/status) / $(tail -1 $P/dummy1/log)"
$TC qdisc del dev dummy1 root
$IP link del dummy1

# ---------------------------------------------------------------- drop filter
vifctl add veth0/d 'ip' && vifctl load veth0/d $Q/DropUdp.class
traffic_start 60
send 30 -P udp -b 0
send 30 -P tcp -p 80 -b 30
traffic_end
# the UDP frames DropUdp lets go of count as its handler's drops once an
# audit has found them; until then (the kernel audits before a quota drop
# and when the packets it tracks have doubled) they show as held
drops=$(( $(st veth0/d drops_handler) + $(st veth0/d drops_quota) + $(st veth0/d drops_policy) + $(st veth0/d held) ))
check drop-filter '[ "$(rv recv)" = 30 ] && [ "$(rv c0)" = 30 ] && [ "$(st veth0/d in)" = 60 ] && [ "$(st veth0/d out)" = 30 ] && [ $drops = 30 ] && inv veth0/d && [ "$(st veth0 in)" = 430 ]' \
    '$R / d: $(stline veth0/d)'
rin=$(st veth0 in)
vifctl del veth0/d
sleep 0.3
check del '[ ! -d $P/veth0/d ]' 'veth0/d still there'
# the packets DropUdp let go of are dropped for good: the removal audits
# first (as vifd does before a detach); only packets it still holds pass on
check del-no-resurrection '[ "$(st veth0 in)" = "$rin" ]' 'root in $rin before the del, $(st veth0 in) after: the dropped UDP frames were sent on'

# ---------------------------------------------------------------- hot swap under traffic
rin=$(st veth0 in)
traffic_start 1200
( send 1200 -r 400 -b 10000; echo "$S" > /tmp/sent ) &
SPID=$!
sleep 1
echo "KT_INFO hot swap: Swapped at $(cut -d' ' -f1 /proc/uptime) s, after $(st veth0 in) in"
vifctl load veth0 $Q/Swapped.class; swap_rc=$?
echo "KT_INFO hot swap: Swapped loaded at $(cut -d' ' -f1 /proc/uptime) s, after $(st veth0 in) in"
sleep 0.5
vifctl load veth0 /tmp/Bad.class 2> /tmp/bad.err; bad_rc=$?
kpkt put $P/veth0/viflet -f /tmp/Garbage.class > /tmp/put.out; put_rc=$?
wait $SPID
traffic_end
S=$(cat /tmp/sent)
check hot-swap '[ $swap_rc = 0 ] && [ "$(st veth0 in)" = $((rin + 1200)) ] && [ "$(rv recv)" = 1200 ] && [ "$(rv reordered)" = 0 ] && [ "$(rv dup)" = 0 ] && vl veth0 | grep -q "class=Swapped .*state=running" && grep -q "swapped in" $P/veth0/log && inv veth0' \
    'swap rc $swap_rc; $S /$R / $(vl veth0) / $(stline veth0)'
# (close(2) cannot report the load's failure: the VFS drops ->release's
# result; `viflet` says load=failed, and vifctl reads it)
check load-refused-keeps-old '[ $bad_rc != 0 ] && grep -q "refused" /tmp/bad.err && vl veth0 | grep -q "class=Swapped .*state=running.* load=failed" && [ "$(grep -c "load refused" $P/veth0/log)" -ge 2 ]' \
    'vifctl rc $bad_rc put: $(cat /tmp/put.out) / $(vl veth0) / $(tail -2 $P/veth0/log | tr "\n" " ")'
sed 's/^/KT_INFO bad load: /' /tmp/bad.err

# ---------------------------------------------------------------- PriQ under a rate limit
$TC qdisc del dev veth0 root
check detach-root '[ ! -d $P/veth0 ]' 'still $(ls $P)'
$TC qdisc add dev veth0 root handle 1: tbf rate 400kbit burst 3000 latency 2s
$TC qdisc add dev veth0 parent 1:1 handle 10: vifvm
check attach-under-tbf '[ -d $P/veth0 ]' '$(ls $P | tr "\n" " ")'
vifctl load veth0 $Q/Relay.class
IDLE=2500 traffic_start 400
send 400 -d 0,16,32,48 -l 120
traffic_end
fifo="$R"
check fifo-under-tbf '[ "$(rv recv)" = 400 ] && [ "$(rv reordered)" = 0 ]' '$S /$R'

# ---------------------------------------------------------------- a relay in C, held packets
# Relay under tbf holds its packets as skbs in C (relay_c): order, counts,
# the invariant; then prev_path toggled under traffic (Java Packets and C
# skbs one after the other: still in order); then a hot swap while it
# holds packets hands them over in order; then KStale, which keeps a
# reference to the packet it handed on, gets IllegalStateException for it.
check relay-c/held 'vl veth0 | grep -q "class=Relay .*relay_c=yes/400" && [ "$(st veth0 in)" = 400 ] && [ "$(st veth0 out)" = 400 ] && [ "$(st veth0 enqueue_calls)" = 400 ] && inv veth0' \
    '$(vl veth0) / $(stline veth0)'
# (Java Packets first; prev_path off again while they are held: the next
# 100 follow them in Java; once all went out, the last 100 in C: 500)
IDLE=2500 traffic_start 300
echo 1 > /sys/module/vifvm/parameters/prev_path
send 100 -l 400 -b 0
echo 0 > /sys/module/vifvm/parameters/prev_path
send 100 -l 400 -b 100
while [ "$(st veth0 held)" != 0 ]; do sleep 0.1; done
send 100 -l 400 -b 200
traffic_end
check relay-c/mode-switch-order '[ "$(rv recv)" = 300 ] && [ "$(rv reordered)" = 0 ] && [ "$(rv dup)" = 0 ] && [ "$(st veth0 in)" = 700 ] && [ "$(st veth0 out)" = 700 ] && inv veth0 && n=$(vl veth0 | sed -n "s/.*relay_c=yes\/\([0-9]*\).*/\1/p") && [ "$n" -gt 400 ] && [ "$n" -lt 700 ]' \
    '$S / $R / $(vl veth0) / $(stline veth0)'
# (100 kbit: 300 frames of 120 bytes take ~3 s, so the load, ~0.5 s under
# TCG, lands while Relay still holds most of them)
$TC qdisc change dev veth0 root handle 1: tbf rate 100kbit burst 3000 latency 5s
IDLE=2500 traffic_start 300
send 300 -l 120 -b 0
held=$(st veth0 held)
vifctl load veth0 $Q/KStale.class; src=$?
traffic_end
check relay-c/hot-swap '[ $src = 0 ] && [ "$held" -gt 50 ] && [ "$(rv recv)" = 300 ] && [ "$(rv reordered)" = 0 ] && [ "$(rv dup)" = 0 ] && [ "$(st veth0 in)" = 1000 ] && [ "$(st veth0 out)" = 1000 ] && [ "$(st veth0 held)" = 0 ] && inv veth0 && vl veth0 | grep -q "class=KStale .*state=running.*relay_c=no/0" && grep -q "replacing the old one" $P/veth0/log && [ "$(vl veth0 | sed -n "s/.*relay_c=yes\/\([0-9]*\).*/\1/p")" = "" ]' \
    'rc $src held at swap $held / $S / $R / $(vl veth0) / $(stline veth0)'
IDLE=2500 traffic_start 50
send 50 -l 120 -b 300
traffic_end
# (with pkt_pool, the buffer of the packet KStale still refers to serves
# a later packet, pooled=N; the old Packet must still throw, ok 0)
check relay-c/stale-throws '[ "$(rv recv)" = 50 ] && [ "$(rv reordered)" = 0 ] && i=$(tail -1 $P/veth0/log | sed -n "s/^kstale ise \([0-9]*\) ok 0$/\1/p") && [ -n "$i" ] && [ "$i" -ge 1 ] && vl veth0 | grep -q "state=running.* pooled=[1-9]"' \
    '$R / $(tail -2 $P/veth0/log | tr "\n" " ") / $(vl veth0)'
echo "KT_INFO relay-c: held at swap $held / $(vl veth0) / $(stline veth0)"
$TC qdisc change dev veth0 root handle 1: tbf rate 400kbit burst 3000 latency 2s
vifctl load veth0 $Q/Relay.class
vifctl load veth0 $Q/PriQ_VIFlet.class
in0=$(st veth0 in); out0=$(st veth0 out); eq0=$(st veth0 enqueue_calls)
IDLE=2500 traffic_start 400
send 400 -d 0,16,32,48 -l 120 -b 1000
traffic_end
# tag k has DSCP 16k: PriQ's class 3-k (0 first); mean arrival ranks r3 < r2 < r1 < r0
check priq-order '[ "$(rv recv)" = 400 ] && [ "$(rv reordered)" -gt 0 ] && [ "$(rv r3)" -lt "$(rv r2)" ] && [ "$(rv r2)" -lt "$(rv r1)" ] && [ "$(rv r1)" -lt "$(rv r0)" ] && inv veth0' \
    '$S /$R / $(stline veth0)'
# PriQ's packets reuse the buffers of those it handed on (pkt_pool,
# pooled=N: packets given a pooled byte[]); each of the 400 went out once
# and counts
pq=$(vl veth0 | sed -n 's/.* pooled=\([0-9]*\).*/\1/p')
# PriQ's enqueue through its native entry, dequeue through the prepared
# one (handler_entry=2): the 400 enqueues and at least 400 dequeues
pe=$(vl veth0 | sed -n 's/.* entry=native\/prepared\/\([0-9]*\).*/\1/p')
check priq-entry '[ -n "$pe" ] && [ "$pe" -ge 800 ]' '$(vl veth0)'
check priq-pooled '[ $(($(st veth0 in) - in0)) = 400 ] && [ $(($(st veth0 out) - out0)) = 400 ] && [ "$(st veth0 held)" = 0 ] && [ $(($(st veth0 enqueue_calls) - eq0)) = 400 ] && [ "$pq" -ge 1 ] && [ "$pq" -lt 400 ] && inv veth0' \
    'pooled $pq / $(stline veth0) / $(vl veth0)'
echo "KT_INFO fifo: $fifo"
echo "KT_INFO priq: $R"
$TC -s qdisc show dev veth0 | sed 's/^/KT_INFO tc: /'
$TC qdisc del dev veth0 root

# ---------------------------------------------------------------- three levels, three owners
$TC qdisc add dev veth0 root handle 1: vifvm
vifctl load veth0 $Q/Relay.class
vifctl add veth0/a udp --owner alice
asuid 1000 vifctl add veth0/a/b 'udp dst port 5001' --owner bob; add_rc=$?
asuid 1000 vifctl load veth0/a $Q/Owned.class; la=$?
asuid 1001 vifctl load veth0/a/b $Q/Owned.class; lb=$?
traffic_start 120
send 60 -P udp -p 5001 -b 0
send 40 -P udp -p 5000 -b 60
send 20 -P tcp -p 80 -b 100
traffic_end
check chain '[ $add_rc$la$lb = 000 ] && [ "$(rv recv)" = 120 ] && [ "$(st veth0/a/b in)" = 60 ] && [ "$(st veth0/a/b out)" = 60 ] && [ "$(st veth0/a in)" = 100 ] && [ "$(st veth0/a out)" = 100 ] && [ "$(st veth0 in)" = 120 ] && [ "$(st veth0 out)" = 120 ] && vl veth0/a | grep -q "class=Owned owner=1000 state=running" && vl veth0/a/b | grep -q "class=Owned owner=1001 state=running"' \
    'rc $add_rc$la$lb $R / a: $(stline veth0/a) / b: $(stline veth0/a/b) / $(vl veth0/a) / $(vl veth0/a/b)'

# the module's object counters count what exists (remove/counters-zero needs them)
cl=$(grep '^qdiscs=' $P/status)
cv() { echo "$cl" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
cv2() { grep '^qdiscs=' $P/status | tr ' ' '\n' | sed -n "s/^$1=//p"; }
check status-counters '[ "$(cv qdiscs)" = 1 ] && [ "$(cv vifs)" = 3 ] && [ "$(cv vms)" = 3 ] && [ "$(cv procs)" -gt 0 ]' '$cl'

# ---------------------------------------------------------------- permissions (non-root)
perm() { # name, expected rc (0 / 1), uid, command...; stderr in /tmp/perm.err
    n=$1 want=$2 u=$3; shift 3
    asuid "$u" "$@" > /tmp/perm.out 2> /tmp/perm.err
    rc=$?
    [ $rc != 0 ] && rc=1
    [ $rc = "$want" ]
}
perm x 1 1001 vifctl load veth0/a $Q/Relay.class
check perm/other-owner-load 'grep -q "permission denied: VIF veth0/a is owned by uid 1000" /tmp/perm.err && vl veth0/a | grep -q class=Owned' '$(cat /tmp/perm.err)'
perm x 1 1001 vifctl add veth0/a/x tcp
check perm/other-owner-add 'grep -q "permission denied: VIF veth0/a is owned by uid 1000" /tmp/perm.err && [ ! -d $P/veth0/a/x ]' '$(cat /tmp/perm.err)'
perm x 1 1000 vifctl load veth0 $Q/Relay.class
check perm/root-vif 'grep -q "permission denied: VIF veth0 is owned by uid 0" /tmp/perm.err' '$(cat /tmp/perm.err)'
perm x 1 1002 vifctl add veth0/e tcp
check perm/stranger-add 'grep -q "permission denied" /tmp/perm.err && [ ! -d $P/veth0/e ]' '$(cat /tmp/perm.err)'
perm x 1 1002 kpkt put $P/veth0/a/b/viflet -f $Q/Relay.class
check perm/stranger-write 'grep -q "EPERM\|EACCES" /tmp/perm.out && vl veth0/a/b | grep -q class=Owned' '$(cat /tmp/perm.out)'
perm x 1 1002 kpkt put $P/control -s "del veth0/a/b"
check perm/stranger-control 'grep -q "EPERM\|EACCES" /tmp/perm.out && [ -d $P/veth0/a/b ]' '$(cat /tmp/perm.out)'
perm x 1 1000 vifctl owner veth0/a/b 1002
check perm/owner-root-only 'grep -q "permission denied" /tmp/perm.err && [ "$(cat $P/veth0/a/b/owner)" = 1001 ]' '$(cat /tmp/perm.err)'
perm x 0 1001 vifctl add veth0/a/b/c 'udp dst port 5001' --owner eve
r1=$?
perm x 0 1001 vifctl del veth0/a/b/c
check perm/own-subtree '[ $r1 = 0 ] && [ ! -d $P/veth0/a/b/c ]' 'add rc $r1: $(cat /tmp/perm.err)'
perm x 0 1000 vifctl del veth0/a/b
check perm/parent-owner-del '[ ! -d $P/veth0/a/b ]' '$(cat /tmp/perm.err)'
vifctl owner veth0/a 1002
check perm/root-gives-away '[ "$(cat $P/veth0/a/owner)" = 1002 ] && vl veth0/a | grep -q "owner=1002"' '$(cat $P/veth0/a/owner) / $(vl veth0/a)'
vifctl del veth0/a

# ---------------------------------------------------------------- hostile VIFlets on a child VIF
hostile() { # Class policy log-regex
    hre=$3
    vifctl add veth0/h tcp --policy "$2"
    vifctl load veth0/h $Q/$1.class; lrc=$?
    traffic_start 40
    send 20 -P tcp -p 80 -b 0
    send 20 -P udp -p 53 -b 20
    traffic_end
    want=40; [ "$2" = drop ] && want=20
    # (entry: the enqueue's native entry emitted at load, handler_entry=2,
    # or vm_call_handler, $ENTRY "call" for handler_entry=0)
    check "hostile/$1$4" '[ $lrc = 0 ] && [ "$(rv recv)" = $want ] && vl veth0/h | grep -q "state=aborted" && [ "$(st veth0/h aborts)" = 1 ] && grep -Eq "$hre" $P/veth0/h/log && inv veth0/h && vl veth0 | grep -q "class=Relay .*state=running" && vl veth0/h | grep -q "entry=native/prepared/" && en=$(vl veth0/h | sed -n "s/.*entry=native\/prepared\/\([0-9]*\).*/\1/p") && if [ "$ENTRY" = call ]; then [ "$en" = 0 ]; else [ "$en" -ge 1 ]; fi' \
        'load rc $lrc; $R (want $want) / $(vl veth0/h) / $(stline veth0/h) / log: $(tail -3 $P/veth0/h/log | tr "\n" " ")'
    sed 's/^/KT_INFO log: /' $P/veth0/h/log | head -4
    [ -n "$KEEP" ] || vifctl del veth0/h
}
hostile KLoop drop 'budget'
hostile KStorm pass 'budget'
hostile KAllocBomb drop 'OutOfMemoryError|out of memory'
hostile KRecurse pass 'StackOverflowError'
hostile KThrow pass 'IllegalArgumentException: kthrow dequeue 10'
# the same abort through vm_call_handler (handler_entry=0): the same
# budget, reported the same way, in the same place
kloop_log() { grep -o 'instruction budget of [0-9]* exhausted in [^(]*' $P/veth0/h/log | head -1; }
vifctl add veth0/h tcp --policy drop; vifctl load veth0/h $Q/KLoop.class
traffic_start 40; send 20 -P tcp -p 80 -b 0; send 20 -P udp -p 53 -b 20; traffic_end
kl_native=$(kloop_log); vifctl del veth0/h
echo 0 > /sys/module/vifvm/parameters/handler_entry
KEEP=1 ENTRY=call hostile KLoop drop 'budget' /call
kl_call=$(kloop_log); vifctl del veth0/h
echo 2 > /sys/module/vifvm/parameters/handler_entry
check hostile/budget-same '[ -n "$kl_native" ] && [ "$kl_native" = "$kl_call" ] && echo "$kl_native" | grep -q "budget of 1000000 exhausted in .*KLoop"' \
    'native: $kl_native / call: $kl_call'
# malformed: refused at load, the old VIFlet goes on
vifctl add veth0/h tcp
vifctl load veth0/h $Q/Owned.class
vifctl load veth0/h /tmp/Bad.class 2>/dev/null; b1=$?
vifctl load veth0/h /tmp/Garbage.class 2>/dev/null; b2=$?
traffic_start 20
send 20 -P tcp -p 80
traffic_end
check hostile/malformed '[ $b1 != 0 ] && [ $b2 != 0 ] && [ "$(rv recv)" = 20 ] && [ "$(st veth0/h out)" = 20 ] && vl veth0/h | grep -q "class=Owned .*state=running" && [ "$(st veth0/h aborts)" = 0 ]' \
    'rc $b1 $b2; $R / $(vl veth0/h) / $(stline veth0/h) / $(tail -2 $P/veth0/h/log | tr "\n" " ")'
vifctl del veth0/h

# ---------------------------------------------------------------- fused stages (tests/kmod/fuse.sh)
[ -f /fuse.sh ] && . /fuse.sh

# ---------------------------------------------------------------- mq: one instance per TX queue
# veth2 -> veth3, 2 TX queues; mq at the root, a vifvm on each of its
# classes (1:1 = TX queue 0, 1:2 = queue 1): /proc/vifvm/veth2:tx0 and
# veth2:tx1, each its own VIF tree and VMs.  Frames are steered to a queue
# deterministically by XPS: CPU 0 -> tx-0, CPU 1 -> tx-1, the sender pinned
# with taskset (the guest has 2 CPUs).
$IP link add veth2 numtxqueues 2 numrxqueues 2 type veth peer name veth3 numtxqueues 2 numrxqueues 2 &&
    $IP link set veth2 up && $IP link set veth3 up || ko mq/attach "veth pair with 2 queues"
echo 1 > /sys/class/net/veth2/queues/tx-0/xps_cpus
echo 2 > /sys/class/net/veth2/queues/tx-1/xps_cpus
mqsend() { # CPU-mask count [kpkt send options]: frames out of veth2 from that CPU
    m=$1; shift
    taskset "$m" kpkt send veth2 "$@" | sed -n 's/sent=\([0-9]*\).*/\1/p'
}
mqrecv_start() { rm -f /tmp/ready /tmp/recv; kpkt recv veth3 -i 1500 -w 60000 -n "$1" -R /tmp/ready > /tmp/recv & RPID=$!; while [ ! -f /tmp/ready ]; do sleep 0.05; done; }
cnt() { grep '^count ' "$P/$1/log" 2>/dev/null | tail -1 | cut -d' ' -f2; }
$TC qdisc add dev veth2 root handle 1: mq
$TC qdisc add dev veth2 parent 1:1 handle 10: vifvm
$TC qdisc add dev veth2 parent 1:2 handle 20: vifvm
check mq/attach '[ -d $P/veth2:tx0 ] && [ -d $P/veth2:tx1 ] && [ ! -d $P/veth2 ] && [ "$(cat $P/veth2:tx1/owner)" = 0 ]' \
    '$(ls $P | tr "\n" " ") / $(dmesg | grep "vifvm: qdisc" | tail -2 | tr "\n" " ")'
vifctl load --all-queues veth2 $Q/Counter.class > /tmp/lall 2>&1; lrc=$?
check mq/load-all '[ $lrc = 0 ] && [ "$(grep -c ": loaded (class=Counter " /tmp/lall)" = 2 ] && grep -q "^veth2:tx0: loaded" /tmp/lall && grep -q "^veth2:tx1: loaded" /tmp/lall && vl veth2:tx0 | grep -q "class=Counter .*state=running" && vl veth2:tx1 | grep -q "class=Counter .*state=running"' \
    'rc $lrc: $(tr "\n" "|" < /tmp/lall)'
sed 's/^/KT_INFO mq load: /' /tmp/lall
mqrecv_start 200
s0=$(mqsend 1 70 -P udp -b 0)
s1=$(mqsend 2 130 -P udp -p 6000 -b 70)
wait $RPID; R=" $(cat /tmp/recv)"
echo "KT_INFO mq: sent $s0 + $s1 /$R / tx0: $(stline veth2:tx0) / tx1: $(stline veth2:tx1)"
check mq/separate '[ "$s0" = 70 ] && [ "$s1" = 130 ] && [ "$(rv recv)" = 200 ] && [ "$(st veth2:tx0 in)" = 70 ] && [ "$(st veth2:tx0 out)" = 70 ] && [ "$(st veth2:tx1 in)" = 130 ] && [ "$(st veth2:tx1 out)" = 130 ] && inv veth2:tx0 && inv veth2:tx1' \
    'sent $s0 + $s1 /$R / tx0: $(stline veth2:tx0) / tx1: $(stline veth2:tx1)'
check mq/state '[ "$(cnt veth2:tx0)" = 70 ] && [ "$(cnt veth2:tx1)" = 130 ]' \
    'Counter logs: tx0 $(cnt veth2:tx0) tx1 $(cnt veth2:tx1)'
$TC -s qdisc show dev veth2 > /tmp/tcshow 2>&1
sed 's/^/KT_INFO mq tc: /' /tmp/tcshow
tr '\n' ' ' < /tmp/tcshow | sed 's/qdisc /\nqdisc /g' > /tmp/tcq
check mq/tc-show 'grep -q "^qdisc mq 1: root" /tmp/tcq && grep "^qdisc vifvm 10: parent 1:1 " /tmp/tcq | grep -q "viflet Counter owner 0 state running .*proc /proc/vifvm/veth2:tx0 .*root VIF: in 70 out 70 " && grep "^qdisc vifvm 20: parent 1:2 " /tmp/tcq | grep -q "viflet Counter owner 0 state running .*proc /proc/vifvm/veth2:tx1 .*root VIF: in 130 out 130 "' \
    '$(tr "\n" "|" < /tmp/tcshow)'
# hot swap of queue 1's instance under traffic on both: queue 0's Counter
# goes on with its count, queue 1 gets Swapped, nothing lost or duplicated
# (two interleaved sequences: the receiver's order check does not apply;
# the single-queue hot-swap check covers order)
mqrecv_start 600
# 3 s of traffic at 100 frames/s, so the swap at 0.5 s (a JIT compile in a
# TCG guest, slower on a loaded host) still lands while frames flow
( mqsend 1 300 -P udp -r 100 -b 1000 > /tmp/s0 ) & P0=$!
( mqsend 2 300 -P udp -p 6000 -r 100 -b 2000 > /tmp/s1 ) & P1=$!
sleep 0.5
vifctl load veth2:tx1 $Q/Swapped.class; swrc=$?
wait $P0 $P1
wait $RPID; R=" $(cat /tmp/recv)"
check mq/hot-swap-one '[ $swrc = 0 ] && [ "$(cat /tmp/s0)" = 300 ] && [ "$(cat /tmp/s1)" = 300 ] && [ "$(rv recv)" = 600 ] && [ "$(rv dup)" = 0 ] && [ "$(cnt veth2:tx0)" = 370 ] && [ "$(st veth2:tx0 in)" = 370 ] && [ "$(st veth2:tx1 in)" = 430 ] && vl veth2:tx0 | grep -q "class=Counter .*state=running" && vl veth2:tx1 | grep -q "class=Swapped .*state=running" && grep -q "swapped in" $P/veth2:tx1/log && ! grep -q "swapped in" $P/veth2:tx0/log && [ "$(cnt veth2:tx1)" -lt 430 ] && inv veth2:tx0 && inv veth2:tx1' \
    'rc $swrc sent $(cat /tmp/s0) $(cat /tmp/s1) /$R / tx0 count $(cnt veth2:tx0): $(stline veth2:tx0) / tx1 count $(cnt veth2:tx1): $(stline veth2:tx1) / $(vl veth2:tx1)'
echo "KT_INFO mq hot swap:$R / tx0 count $(cnt veth2:tx0) / tx1 count at the swap $(cnt veth2:tx1), in $(st veth2:tx1 in)"
cl=$(grep '^qdiscs=' $P/status)
# veth0's instance (Relay) and the two queues' (Counter, Swapped): 3 each
check mq/status-counters '[ "$(cv qdiscs)" = 3 ] && [ "$(cv vifs)" = 3 ] && [ "$(cv vms)" = 3 ]' '$cl (want qdiscs=3 vifs=3 vms=3)'
$TC qdisc del dev veth2 root
check mq/del '[ ! -d $P/veth2:tx0 ] && [ ! -d $P/veth2:tx1 ] && [ "$(cv2 qdiscs)" = 1 ]' '$(ls $P | tr "\n" " ") / $(grep "^qdiscs=" $P/status)'
# not per queue on the same 2-queue device: vifvm at the root (one
# instance for both queues), and under htb 5:1 below tbf (minor 1 like
# mq's class of queue 0, but the parent is no MQROOT): plain "veth2"
$TC qdisc add dev veth2 root handle 1: vifvm; rrc=$?
a=$(ls -d $P/veth2* | tr '\n' ' ')
$TC qdisc del dev veth2 root
$TC qdisc add dev veth2 root handle 1: tbf rate 1mbit burst 3000 latency 1s &&
    $TC qdisc add dev veth2 parent 1:1 handle 5: htb &&
    $TC class add dev veth2 parent 5: classid 5:1 htb rate 1mbit &&
    $TC qdisc add dev veth2 parent 5:1 handle 50: vifvm; nrc=$?
b=$(ls -d $P/veth2* | tr '\n' ' ')
$TC qdisc del dev veth2 root
check mq/not-per-queue '[ $rrc = 0 ] && [ "$a" = "$P/veth2 " ] && [ $nrc = 0 ] && [ "$b" = "$P/veth2 " ] && [ ! -d $P/veth2 ]' \
    'root: rc $rrc $a / under htb under tbf: rc $nrc $b / after: $(ls $P | tr "\n" " ")'
# mq's own default children when the default qdisc is vifvm (made in mq's
# init, before the device's root is mq): the same names
echo vifvm > /proc/sys/net/core/default_qdisc
$TC qdisc add dev veth2 root handle 2: mq; arc=$?
echo pfifo_fast > /proc/sys/net/core/default_qdisc
vifctl load --all-queues veth2 $Q/Counter.class > /tmp/lall 2>&1; lrc=$?
mqrecv_start 30
s0=$(mqsend 1 10 -P udp)
s1=$(mqsend 2 20 -P udp -b 10)
wait $RPID; R=" $(cat /tmp/recv)"
check mq/default-qdisc '[ $arc = 0 ] && [ $lrc = 0 ] && [ -d $P/veth2:tx0 ] && [ -d $P/veth2:tx1 ] && [ "$(rv recv)" = 30 ] && [ "$(cnt veth2:tx0)" = 10 ] && [ "$(cnt veth2:tx1)" = 20 ]' \
    'add rc $arc load rc $lrc $(tr "\n" "|" < /tmp/lall) / $(ls $P | tr "\n" " ") /$R / counts $(cnt veth2:tx0) $(cnt veth2:tx1)'
$TC -s qdisc show dev veth2 | sed 's/^/KT_INFO mq default: /'
# link removal with both instances loaded and packets held (Hoarder on one)
vifctl load veth2:tx1 $Q/Hoarder.class
mqsend 2 25 -P udp > /dev/null
held=$(st veth2:tx1 held)
$IP link del veth2
check mq/link-del '[ "${held:-0}" = 25 ] && [ ! -d $P/veth2:tx0 ] && [ ! -d $P/veth2:tx1 ] && [ "$(cv2 qdiscs)" = 1 ]' 'held $held; $(ls $P | tr "\n" " ") / $(grep "^qdiscs=" $P/status)'

# ---------------------------------------------------------------- clean removal
# a slow link with packets held in PriQ and in a child VIF
slow() { # dev
    $TC qdisc add dev $1 root handle 1: tbf rate 16kbit burst 3000 latency 10s
    $TC qdisc add dev $1 parent 1:1 handle 10: vifvm
    vifctl load $1 $Q/PriQ_VIFlet.class
    vifctl add $1/c udp
    vifctl load $1/c $Q/Hoarder.class
    kpkt send $1 100 -P tcp -d 0,48 > /dev/null
    kpkt send $1 30 -P udp > /dev/null
}
$TC qdisc del dev veth0 root
slow veth0
held=$(st veth0 held); held_c=$(st veth0/c held)
$TC qdisc del dev veth0 root
check remove/tc-del '[ "${held:-0}" -gt 10 ] && [ "${held_c:-0}" = 30 ] && [ ! -d $P/veth0 ]' \
    'held $held/$held_c; $(ls $P | tr "\n" " ")'
slow veth0
held=$(st veth0 held)
$IP link del veth0
check remove/link-del '[ "${held:-0}" -gt 10 ] && [ ! -d $P/veth0 ]' 'held $held; $(ls $P | tr "\n" " ")'
$IP link add dummy0 type dummy 2>/dev/null   # (dummy.ko made one already)
$IP link set dummy0 up
$TC qdisc add dev dummy0 root handle 1: vifvm
vifctl load dummy0 $Q/Relay.class
vifctl add dummy0/x tcp
vifctl load dummy0/x $Q/PriQ_VIFlet.class
S=$(kpkt send dummy0 50 -P tcp)
rmmod vifvm 2>/dev/null; busy=$?
check remove/rmmod-busy '[ $busy != 0 ] && [ -d $P/dummy0 ] && vl dummy0/x | grep -q state=running && [ "$(st dummy0/x in)" = 50 ]' 'rmmod rc $busy; $S; $(stline dummy0/x)'
$IP link del dummy0
sed 's/^/KT_INFO status: /' $P/status
# the module's object counters: every one back to 0 once no qdisc is left
# ("qdiscs=0 vifs=0 vms=0 skbs=0 blobs=0 procs=0")
cl=$(grep '^qdiscs=' $P/status)
nz=$(echo "$cl" | tr ' ' '\n' | grep '=' | grep -v '=0$' | tr '\n' ' ')
check remove/counters-zero '[ -n "$cl" ] && [ -z "$nz" ]' 'non-zero: ${nz:-no counter line}'
rmmod vifvm; rrc=$?
check remove/rmmod '[ $rrc = 0 ] && [ ! -d $P ] && ! dmesg | grep -q "vifvm.*LEAK"' \
    'rc $rrc; $(dmesg | grep vifvm | tail -3 | tr "\n" " ")'
dmesg | grep 'vifvm' | tail -5 | sed 's/^/KT_DMESG /'
