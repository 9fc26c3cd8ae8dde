#!/bin/sh
# tests/kmod/fuse.sh - fused stages in the kernel module (issue 14,
# "Kernel"; src/kmod/README.md "Fused paths"), sourced by tests/kmod/qdisc.sh
# in the qdisc boot (its helpers: ok, ko, check, st, vl, stline, inv, asuid).
# A three-level chain of three owners below a Relay root, on its own veth
# pair (veth8 -> veth9): ChainFilter (eve: drops UDP to port 9) at the leaf,
# ChainMark (bob: DSCP 26 for TCP, 8 for the rest) in the middle,
# ChainCount (alice: packets and bytes in its fields) on top
# (bench/viflets/Chain*.java).  The three are field programs: with module
# parameter fuse=1 (the default) each runs its program's native code on the
# skb, no VM entry; fuse=0 makes the calls.  Checks (KT_PASS/KT_FAIL
# kmod/qdisc/fuse/*):
#   fuse/prog-on, fuse/prog-off  the stages ran as programs (prog_runs,
#                                prog_drops) with fuse=1 only
#   fuse/path-on, fuse/path-off  the leaf's path ran as one function of
#                                its three program stages (path_stages,
#                                path_runs) with fuse_path=1 only
#   fuse/same-counters           every per-VIF counter equal: fuse=1 with
#                                fuse_path=1, fuse=1 with fuse_path=0,
#                                fuse=0
#   fuse/same-bytes              the frames received equal: count, the
#                                hash sum of their bytes, the DSCPs
#   fuse/hot-swap                the middle VIFlet replaced under paced
#                                traffic: nothing lost or duplicated, the
#                                counters add up, the new one runs fused
#   fuse/hostile-middle          a thrower (KThrow, policy pass) in the
#                                middle aborts alone; the stages around it
#                                go on as programs
# and KT_INFO fuse-bench lines (kpkt bench: send-loop ns per frame through
# the chain, fuse=1 against fuse=0, and a Relay root alone).
FP=/sys/module/vifvm/parameters/fuse
FPP=/sys/module/vifvm/parameters/fuse_path
$IP link add veth8 type veth peer name veth9 && $IP link set veth8 up && $IP link set veth9 up ||
    ko fuse/setup "veth pair veth8/veth9"
frecv_start() { # expected frames
    rm -f /tmp/fready /tmp/frecv
    kpkt recv veth9 -i 1500 -w 60000 -n "$1" -R /tmp/fready > /tmp/frecv &
    FPID=$!
    while [ ! -f /tmp/fready ]; do sleep 0.05; done
}
frecv_end() { wait $FPID; R=" $(cat /tmp/frecv)"; }
# the chain on veth8 (a fresh qdisc: counters from 0)
fchain() {
    $TC qdisc del dev veth8 root 2>/dev/null
    $TC qdisc add dev veth8 root handle 1: vifvm
    vifctl load veth8 $Q/Relay.class
    vifctl add veth8/a ip --owner alice
    vifctl add veth8/a/b ip --owner bob --policy pass
    vifctl add veth8/a/b/c ip --owner eve
    asuid 1000 vifctl load veth8/a $Q/ChainCount.class
    asuid 1001 vifctl load veth8/a/b $Q/ChainMark.class
    asuid 1002 vifctl load veth8/a/b/c $Q/ChainFilter.class
}
ftraffic() { # 60 UDP to 5001, 40 TCP to 80, 20 UDP to 9 (the filter's drops)
    kpkt send veth8 60 -P udp -p 5001 -b 0 > /dev/null
    kpkt send veth8 40 -P tcp -p 80 -b 60 -d 0,46 > /dev/null
    kpkt send veth8 20 -P udp -p 9 -b 100 > /dev/null
}
FKEYS="in out drops_handler drops_quota drops_policy enqueue_calls dequeue_calls aborts bytes_in bytes_out"
# the counters of the four VIFs, one line; a handler's drop counted as
# drops_handler+held (the calls hold it, unreachable, until an audit; a
# program counts it at once: src/kmod/README.md)
fcounters() {
    for f in veth8 veth8/a veth8/a/b veth8/a/b/c; do
        printf '%s:' "$f"
        for k in $FKEYS; do
            if [ $k = drops_handler ]; then
                printf ' %s=%s' $k $(( $(st $f drops_handler) + $(st $f held) ))
            else
                printf ' %s=%s' $k "$(st $f $k)"
            fi
        done
        printf ' / '
    done
}
pruns() { st "$1" prog_runs; }
pdrops() { st "$1" prog_drops; }
# VIF $1 took $2 packets as a program (passed) and $3 dropped, the rest
# (at most 1: its first, the FIFO's ring made by the call) by the calls
pdone() {
    set -- "$1" "$2" "$3" "$(st "$1" prog_runs)" "$(st "$1" prog_drops)" "$(st "$1" prog_calls)"
    [ -n "$4" ] && [ "$(($4 + $5 + $6))" = "$(($2 + $3))" ] && [ "$6" -le 1 ] && [ "$5" -le "$3" ]
}

# ---- fuse=1: the programs run
echo 1 > $FP
fchain
frecv_start 100
ftraffic
frecv_end
R1=$R
C1=$(fcounters)
V1="$(vl veth8/a) | $(vl veth8/a/b) | $(vl veth8/a/b/c)"
check fuse/prog-on '[ "$(rv recv)" = 100 ] && [ "$(st veth8/a prog)" = yes ] && [ "$(st veth8/a/b prog)" = yes ] && [ "$(st veth8/a/b/c prog)" = yes ] && pdone veth8/a/b/c 100 20 && [ "$(pdrops veth8/a/b/c)" -ge 19 ] && pdone veth8/a/b 100 0 && pdone veth8/a 100 0 && [ "$(st veth8/a/b/c prog_bytes)" -gt 0 ] && vl veth8/a/b | grep -q "prog=yes/"' \
    '$R / $C1 / $V1'
check fuse/path-on '[ "$(st veth8/a/b/c path_fused)" = yes ] && [ "$(st veth8/a/b/c path_stages)" = 3 ] && [ "$(st veth8/a/b/c path_bytes)" -gt 0 ] && [ "$(st veth8/a/b/c path_runs)" = 120 ] && [ "$(st veth8/a/b path_stages)" = 2 ] && [ "$(st veth8/a path_stages)" = 1 ] && [ "$(st veth8 path_fused)" = no ]' \
    '$(grep path_ $P/veth8/a/b/c/stats | tr "\n" " ") / b: $(grep path_ $P/veth8/a/b/stats | tr "\n" " ")'
echo "KT_INFO fuse=1: $R1"
echo "KT_INFO fuse=1: $C1"
echo "KT_INFO fuse=1: $V1"

# ---- fuse=1 fuse_path=0: the program stages one by one in C
echo 0 > $FPP
fchain
frecv_start 100
ftraffic
frecv_end
RS=$R
CS=$(fcounters)
check fuse/path-off '[ "$(rv recv)" = 100 ] && [ "$(st veth8/a/b/c path_fused)" = yes ] && [ "$(st veth8/a/b/c path_runs)" = 0 ] && pdone veth8/a/b/c 100 20 && pdone veth8/a/b 100 0' \
    '$R / $CS / $(grep "path_\|prog_" $P/veth8/a/b/c/stats | tr "\n" " ")'
echo 1 > $FPP

# ---- fuse=0: the calls, on a fresh chain
echo 0 > $FP
fchain
frecv_start 100
ftraffic
frecv_end
R0=$R
C0=$(fcounters)
check fuse/prog-off '[ "$(rv recv)" = 100 ] && [ "$(st veth8/a/b prog)" = yes ] && [ "$(pruns veth8/a)" = 0 ] && [ "$(pruns veth8/a/b)" = 0 ] && [ "$(pruns veth8/a/b/c)" = 0 ]' \
    '$R / $C0 / $(vl veth8/a/b)'
echo "KT_INFO fuse=0: $R0"
echo "KT_INFO fuse=0: $C0"
check fuse/same-counters '[ -n "$C1" ] && [ "$C1" = "$C0" ] && [ "$CS" = "$C0" ] && echo "$C1" | grep -q "veth8/a/b/c: in=120 out=100 drops_handler=20 "' \
    'fuse=1: $C1 // fuse_path=0: $CS // fuse=0: $C0'
# the receiver's line without its arrival order (rank per mille: timing)
rkey() { echo "$1" | sed 's/ r[0-9]*=[^ ]*//g'; }
check fuse/same-bytes '[ "$(rkey "$R1")" = "$(rkey "$R0")" ] && [ "$(rkey "$RS")" = "$(rkey "$R0")" ] && echo "$R1" | grep -q " recv=100 dup=0 " && echo "$R1" | grep -q "dscp=8:60,26:40"' \
    'fuse=1: $R1 // fuse=0: $R0'

# ---- hot swap of the middle VIFlet under paced traffic (fuse=1)
echo 1 > $FP
fchain
frecv_start 800
kpkt send veth8 800 -P udp -p 5001 -r 400 -b 0 > /tmp/fsend &
SPID=$!
sleep 0.7
asuid 1001 vifctl load veth8/a/b $Q/ChainMark.class; src=$?
wait $SPID
frecv_end
b_runs=$(pruns veth8/a/b)
check fuse/hot-swap '[ $src = 0 ] && [ "$(rv recv)" = 800 ] && [ "$(rv dup)" = 0 ] && [ "$(rv reordered)" = 0 ] && inv veth8 && inv veth8/a && inv veth8/a/b && inv veth8/a/b/c && [ "$(st veth8 in)" = 800 ] && [ "$(st veth8/a in)" = 800 ] && [ "$(st veth8/a/b in)" = 800 ] && [ "$(st veth8/a/b out)" = 800 ] && pdone veth8/a 800 0 && pdone veth8/a/b/c 800 0 && [ "${b_runs:-0}" -gt 0 ] && [ "${b_runs:-0}" -lt 799 ] && echo "$R" | grep -q "dscp=8:800" && vl veth8/a/b | grep -q "state=running"' \
    'rc $src; $R / $(fcounters) / b runs $b_runs / $(cat /tmp/fsend)'
echo "KT_INFO fuse hot-swap: $R / b prog_runs after the swap: $b_runs"

# ---- a thrower in the middle (policy pass): aborted alone
fchain
asuid 1001 vifctl load veth8/a/b $Q/KThrow.class
frecv_start 100
kpkt send veth8 100 -P udp -p 5001 -b 0 > /dev/null
frecv_end
check fuse/hostile-middle '[ "$(rv recv)" = 100 ] && vl veth8/a/b | grep -q "state=aborted" && [ "$(st veth8/a/b aborts)" = 1 ] && pdone veth8/a/b/c 100 0 && pdone veth8/a 100 0 && [ "$(st veth8/a aborts)" = 0 ] && [ "$(st veth8/a/b/c aborts)" = 0 ] && inv veth8/a/b && [ "$(st veth8 out)" = 100 ] && grep -q "IllegalArgumentException" $P/veth8/a/b/log' \
    '$R / $(fcounters) / $(vl veth8/a/b) / $(tail -2 $P/veth8/a/b/log | tr "\n" " ")'

# ---- the cost per packet.  veth10: the same tree without VIFlets below
# the Relay root (the framework: three filters, three passes).
# (1) kpkt bench: the send loop's ns per frame, blocks interleaved: path
# (fuse=1 fuse_path=1), stages (fuse=1 fuse_path=0), unfused (fuse=0),
# frame (veth10).  (2) the qdisc's enqueue alone (module parameter prof:
# qdisc_enq ns_each, stalls over 200 us apart), a block of 400 frames per
# configuration in turn, FUSE_PROF rounds: the median of each.
fchain
$IP link add veth10 type veth peer name veth11 && $IP link set veth10 up && $IP link set veth11 up
$TC qdisc add dev veth10 root handle 1: vifvm
vifctl load veth10 $Q/Relay.class
vifctl add veth10/a ip
vifctl add veth10/a/b ip
vifctl add veth10/a/b/c ip
kpkt bench ${FUSE_ROUNDS:-40} ${FUSE_BLOCK:-400} path=veth8@$FP=1@$FPP=1 stages=veth8@$FP=1@$FPP=0 unfused=veth8@$FP=0 frame=veth10 > /tmp/fbench 2>&1
grep '^T ' /tmp/fbench | sed 's/^/KT_INFO fuse-bench: /'
# (the median block of each configuration, ns per frame)
grep '^R ' /tmp/fbench | awk '{ for (i = 3; i <= NF; i++) print i - 3, $i }' | sort -k1,1n -k2,2n |
    awk '{ v[$1, ++n[$1]] = $2 } END { for (c = 0; c < 4; c++) printf "%s ", (n[c] ? int(v[c, int((n[c] + 1) / 2)] / '"${FUSE_BLOCK:-400}"') : -1); print "" }' > /tmp/fmed
echo "KT_INFO fuse-bench: median ns/frame path stages unfused frame: $(cat /tmp/fmed)"
PR=/sys/module/vifvm/parameters
echo 200 > $PR/prof_stall_us
fprof() { # dev fuse fuse_path: the qdisc's enqueue, ns each, for 400 frames
    echo $2 > $FP
    echo $3 > $FPP
    echo 1 > $PR/prof
    kpkt send $1 400 -P udp -p 5001 > /dev/null
    sed -n 's/^prof qdisc_enq n=[0-9]* ns=[0-9]* ns_each=\([0-9]*\).*/\1/p' $P/status
    echo 0 > $PR/prof
}
rm -f /tmp/fprof
for r in $(seq ${FUSE_PROF:-9}); do
    echo "$(fprof veth8 1 1) $(fprof veth8 1 0) $(fprof veth8 0 1) $(fprof veth10 1 1)" >> /tmp/fprof
done
med() { cut -d' ' -f$1 /tmp/fprof | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "KT_INFO fuse-prof: qdisc_enq ns each (median of ${FUSE_PROF:-9} blocks of 400) path=$(med 1) stages=$(med 2) unfused=$(med 3) frame=$(med 4)"
sed 's/^/KT_INFO fuse-prof: round /' /tmp/fprof
echo "KT_INFO fuse-bench: $(vl veth8/a/b/c)"
echo 1 > $FP
echo 1 > $FPP
$IP link del veth10
$IP link del veth8
