#!/bin/sh
# tests/kmod/bench.sh - the rest of the kernel-vs-user benchmark (issue 13
# §6), sourced by tests/kmod/init.sh after its Sieve rows when kt_bench is
# set; tests/kmod/run.sh --bench reads the lines and prints the ratios.
#   KT_OSORT ObjectSort kernel_ms=K user_ms=U   ObjectSort's own timed part
#       (kt_oruns pairs, default 3; run.sh's KT_ORUNS)
#       ("time_ms"), through /proc/vifvm/run and through the userspace vifvm
#   KT_CFGS name=dev[@param=value]...   the packet configurations
#   KT_KB ROUND R BLOCK NS...   kpkt bench's per-block send-loop times (ns
#       for BLOCK frames), one per configuration in KT_CFGS's order;
#       KT_KB ROUND T name frames= ns= refused=   its totals
#   KT_KP ROUND CONFIG FRAMES prof PART n= ns= ns_each=   one more pass of
#       FRAMES frames with the module's profile on (/proc/vifvm/status)
#   KT_UPKT ROUND.RUN CONFIG NS_PER_PACKET   vifd --bench on a capture in the
#       same guest (framework-only, Relay, PriQ on the root VIF; kt_uruns
#       runs of kt_upkts packets per round, run.sh's KT_URUNS, KT_UPKTS)
#   KT_PKTSTATS dev ...   the qdisc's counters after the last round
#   KT_PQ ROUND kernel|user|framework ...   (part pq) PriQ over the same
#       in-memory packets: /proc/vifvm/pbench's result, vifd --bench's
#       ns/packet with PriQ, and with --framework-only
TC=/usr/sbin/tc
IP=/usr/sbin/ip
N=${kt_pkts:-4000}
P=/sys/module/vifvm/parameters
echo jit > $P/engine
# the profiles (prof): a part longer than kt_stall_us (run.sh's KT_STALL_US,
# default 200) is a stall of the host, counted apart (k15)
[ -f $P/prof_stall_us ] && echo ${kt_stall_us:-200} > $P/prof_stall_us
case ${bparts:- osort pq pkt } in *" osort "*) osort=1 ;; *) osort=0 ;; esac
case ${bparts:- osort pq pkt } in *" pq "*) pq=1 ;; *) pq=0 ;; esac
case ${bparts:- osort pq pkt } in *" pkt "*) pkt=1 ;; *) pkt=0 ;; esac
if [ $osort = 1 ] && [ -f /b/ObjectSort.jar ]; then
    for i in $(seq 1 ${kt_oruns:-3}); do
        # the pair's order alternates (user first in even pairs), as Sieve's
        [ $((i % 2)) = 0 ] && /usr/bin/vifvm -cp /b/ObjectSort.jar ObjectSort > /tmp/uout
        cat /b/ObjectSort.jar > /proc/vifvm/run
        k=$(sed -n 's/^time_ms \([0-9]*\).*/\1/p' /proc/vifvm/output)
        grep -v '^time_ms' /proc/vifvm/output > /tmp/kout
        [ $((i % 2)) = 1 ] && /usr/bin/vifvm -cp /b/ObjectSort.jar ObjectSort > /tmp/uout
        u=$(sed -n 's/^time_ms \([0-9]*\).*/\1/p' /tmp/uout)
        grep -v '^time_ms' /tmp/uout | cmp -s - /tmp/kout || echo "KT_FAIL kmod/bench: ObjectSort outputs differ"
        echo "KT_OSORT ObjectSort kernel_ms=$k user_ms=$u"
        # (kt21) kt_osvars "P=V ...": the kernel's run again with module
        # parameter P set to V (a new VM reads it), then P put back
        for v in ${kt_osvars:-}; do
            d=$(cat $P/${v%%=*}); echo ${v#*=} > $P/${v%%=*}
            cat /b/ObjectSort.jar > /proc/vifvm/run
            kv=$(sed -n 's/^time_ms \([0-9]*\).*/\1/p' /proc/vifvm/output)
            grep -v '^time_ms' /proc/vifvm/output | cmp -s - /tmp/kout || echo "KT_FAIL kmod/bench: ObjectSort outputs differ ($v)"
            echo $d > $P/${v%%=*}
            echo "KT_OSVAR $v kernel_ms=$kv default_ms=$k"
        done
    done
fi
if [ $pq = 1 ] && [ -d /q ] && [ -x /usr/bin/vifd ] && [ -e /proc/vifvm/pbench ]; then
    # Like for like: PriQ's handlers over the same in-memory packets (the
    # capture vifd --bench replays) in the kernel (/proc/vifvm/pbench: no
    # device, no qdisc; src/kmod/vifvm_pbench.c) and in vifd; vifd's
    # framework alone (--framework-only) as well, to subtract.  Kernel
    # and user runs alternate, which first changing with each round.
    #   KT_PQ ROUND kernel packets=.. ns_per_packet=.. ... | user NS | framework NS
    npq=${kt_pqpkts:-200000}
    echo $npq > $P/pbench_packets
    upq() { /usr/bin/vifd --in pcap:/b/in.pcap --bench $npq --quiet "$@" 2>/dev/null |
            sed -n 's/^bench: .* \([0-9.]*\) ns\/packet.*/\1/p'; }
    kpq() { cat /b/in.pcap /q/PriQ_VIFlet.class > /proc/vifvm/pbench; echo "KT_PQ $1 kernel $(cat /proc/vifvm/pbench)"; }
    round=0
    while [ $round -lt "${kt_rounds:-3}" ]; do
        round=$((round + 1))
        [ $((round % 2)) = 1 ] && kpq $round
        u=$(upq --load pcap=/q/PriQ_VIFlet.class); echo "KT_PQ $round user ${u:-?}"
        [ $((round % 2)) = 0 ] && kpq $round
        u=$(upq --framework-only); echo "KT_PQ $round framework ${u:-?}"
    done
    # where the kernel's time goes: one more pass of npq/10 packets with
    # the module's profile on (prof: get_cycles() around the parts); then
    # the copy of the frame into the Packet (k13), three rounds of npq/20
    # packets each, interleaved: over the bench capture (64-1514-byte
    # frames, cap=in) the default (PriQ: its first 64 bytes, copy_prefix=1),
    # the whole frame (copy_prefix=0, as before k13) with 8-byte moves
    # (plain_copy=1) and with skb_copy_bits (plain_copy=0); and the whole
    # frame over captures of 64-byte and of 1514-byte frames only
    # (cap=small, cap=large: what the copy costs per byte)
    if [ -f $P/prof ]; then
        echo $((npq / 10)) > $P/pbench_packets
        for v in in:1:1 x in:1:1 in:1:0 in:0:0 small:1:0 large:1:0 in:1:1 in:1:0 in:0:0 small:1:0 large:1:0 in:1:1 in:1:0 in:0:0 small:1:0 large:1:0; do
            [ $v = x ] && { echo $((npq / 20)) > $P/pbench_packets; continue; }
            cap=${v%%:*} cp=${v##*:} cm=${v#*:}; cm=${cm%:*}
            [ -f /b/$cap.pcap ] || continue
            echo $cm > $P/plain_copy
            [ -f $P/copy_prefix ] && echo $cp > $P/copy_prefix
            echo 1 > $P/prof
            cat /b/$cap.pcap /q/PriQ_VIFlet.class > /proc/vifvm/pbench
            echo "KT_PQP cap=$cap plain_copy=$cm copy_prefix=$cp $(cat /proc/vifvm/pbench)"
            grep '^prof [a-z_]* ' /proc/vifvm/status | sed "s/^/KT_PQP cap=$cap plain_copy=$cm copy_prefix=$cp /"
            echo 0 > $P/prof
        done
        echo 1 > $P/plain_copy
        [ -f $P/copy_prefix ] && echo 1 > $P/copy_prefix
    fi
fi
if [ $pkt = 1 ] && [ -d /q ] && [ -x /usr/bin/vifd ]; then
    # One dummy device per configuration, set up once (no qdisc or
    # VIFlet is replaced between timings): dummy0 pfifo_fast, dummy1 vifvm
    # without a VIFlet (the framework), dummy2 vifvm + Relay, dummy3 vifvm +
    # PriQ, dummy4 pfifo.  kpkt bench sends blocks of frames to each in turn (and each
    # A/B variant: the same device with module parameters set for its
    # block), KT_BLOCKS rounds per call, so a slow moment of the host hits
    # every configuration alike; run.sh takes medians of per-round ratios.
    insmod /mod/dummy.ko 2>/dev/null    # numdummies=1: dummy0 comes with it
    for d in 0 1 2 3 4; do
        $IP link add dummy$d type dummy 2>/dev/null
        $IP link set dummy$d up
    done
    $TC qdisc replace dev dummy0 root handle 1: pfifo_fast
    # pfifo (sch_fifo): the kernel's own FIFO with a root lock, which also
    # lets the kernel send past it when empty (TCQ_F_CAN_BYPASS):
    # the floor for a qdisc that is not lockless (pfifo_fast is,
    # TCQ_F_NOLOCK, and then needs no call of its dequeue after a bypass)
    $TC qdisc replace dev dummy4 root handle 1: pfifo
    for d in 1 2 3; do $TC qdisc add dev dummy$d root handle 1: vifvm; done
    vifctl load dummy2 /q/Relay.class
    vifctl load dummy3 /q/PriQ_VIFlet.class
    # the configurations: name=device[@parameter=value...]; an A/B
    # variant only where this module has the parameter
    cfgs="pfifo_fast=dummy0 framework=dummy1 relay=dummy2 priq=dummy3 pfifo=dummy4"
    # (kt_ab, run.sh's KT_AB: the variants to time, default all; the
    # same list as another module's run compares like with like: every
    # configuration added changes what runs between two blocks)
    ab() {
        case " ${kt_ab:-all} " in *" all "*|*" $1 "*) ;; *) return ;; esac
        [ -f $P/$3 ] && cfgs="$cfgs $1=$2@$P/$3=$4"
    }
    ab relay_prev dummy2 prev_path 1
    ab priq_prev dummy3 prev_path 1
    ab relay_queued dummy2 bypass 0
    ab framework_queued dummy1 bypass 0
    ab priq_nopool dummy3 pkt_pool 0
    ab priq_repcopy dummy3 plain_copy 0
    ab framework_nullq dummy1 prof_nullq 1
    ab relay_nullq dummy2 prof_nullq 1
    # (k10) instances made with nolock=0: a locked qdisc as before k10,
    # on devices of their own (the parameter is read at creation); and a
    # second lockless PriQ after them (priq_nolock: where a device sits in
    # the block order shows in its figure too)
    lk() {
        case " ${kt_ab:-all} " in *" all "*|*" $1 "*) ;; *) return ;; esac
        [ -f $P/nolock ] || return
        $IP link add $2 type dummy 2>/dev/null
        $IP link set $2 up
        echo "$4" > $P/nolock
        $TC qdisc add dev $2 root handle 1: vifvm
        echo 1 > $P/nolock
        [ -n "$3" ] && vifctl load $2 $3
        cfgs="$cfgs $1=$2"
        lkdevs="$lkdevs $2"
    }
    lkdevs=
    lk framework_locked dummy5 "" 0
    lk relay_locked dummy6 /q/Relay.class 0
    lk priq_locked dummy7 /q/PriQ_VIFlet.class 0
    lk priq_nolock dummy8 /q/PriQ_VIFlet.class 1
    # the queued path of a locked qdisc (framework_queued's, locked):
    # what a packet that cannot be bypassed pays with and without NOLOCK
    [ -n "$lkdevs" ] && case " $lkdevs " in *" dummy5 "*) ab framework_lockedq dummy5 bypass 0 ;; esac
    ab priq_call dummy3 handler_entry 0
    ab priq_prep dummy3 handler_entry 1
    # (kt_btap=1, run.sh's KT_BTAP: kpkt's sockets as before k9, ETH_P_ALL,
    # so that each variant's socket taps the frames of the others on its
    # device: what the k8 figures paid)
    [ "${kt_btap:-0}" = 1 ] && export KPKT_BENCH_TAP=1
    blocks=${kt_blocks:-100}
    blk=$((N / blocks))
    pb=$((N / 10))
    echo "KT_CFGS blk=$blk $cfgs"
    # NET_TX softirqs run so far, all CPUs (a qdisc rescheduled by the
    # core: __netif_schedule)
    ntx() { awk '$1 == "NET_TX:" { n = 0; for (i = 2; i <= NF; i++) n += $i; print n }' /proc/softirqs; }
    round=0
    while [ $round -lt "${kt_rounds:-3}" ]; do
        round=$((round + 1))
        kpkt bench $blocks $blk $cfgs | sed "s/^/KT_KB $round /"
        # in-kernel time of the qdisc's operations (module parameter
        # prof: get_cycles() around enqueue and dequeue), one pass of
        # 2 x N/10 frames per configuration
        if [ -f $P/prof ]; then
            for c in $cfgs; do
                case $c in pfifo*) continue ;; esac
                name=${c%%=*}
                echo 1 > $P/prof
                # (a warm-up round and one round, each with pb/4 warm-up
                # frames before its block: 5/2 x pb frames)
                tx0=$(ntx)
                kpkt bench 1 $pb "$c" > /dev/null
                grep '^prof [a-z_]* ' /proc/vifvm/status | sed "s/^/KT_KP $round $name $((5 * pb / 2)) /"
                echo "KT_NETTX $round $name $((5 * pb / 2)) $(($(ntx) - tx0))"
                echo 0 > $P/prof
            done
        fi
        # vifd: kt_uruns runs of kt_upkts packets per configuration and
        # round (default 1 of 200000), the order rotated from run to run;
        # bench_stats.awk pairs the runs of one round and run number
        # (KT_UPKT ROUND.RUN): a slow moment of the host that hits one
        # run counts once in a median, not in every round's figure
        urun=0
        while [ $urun -lt "${kt_uruns:-1}" ]; do
            urun=$((urun + 1))
            case $((urun % 3)) in
                1) order="framework relay priq" ;;
                2) order="priq framework relay" ;;
                0) order="relay priq framework" ;;
            esac
            for cfg in $order; do
                case $cfg in
                    framework) a=--framework-only ;;
                    relay) a="--load pcap=/q/Relay.class" ;;
                    priq) a="--load pcap=/q/PriQ_VIFlet.class" ;;
                esac
                ns=$(/usr/bin/vifd --in pcap:/b/in.pcap --bench ${kt_upkts:-200000} --quiet $a 2>/dev/null |
                     sed -n 's/^bench: .* \([0-9.]*\) ns\/packet.*/\1/p')
                echo "KT_UPKT $round.$urun $cfg ${ns:-?}"
            done
        done
    done
    for d in 1 2 3; do echo "KT_PKTSTATS dummy$d $(tr '\n' ' ' < /proc/vifvm/dummy$d/stats)"; done
    echo "KT_PKTVIFLET $(cat /proc/vifvm/dummy3/viflet | tr '\n' ' ')"
    for d in 0 1 2 3 4; do $TC qdisc del dev dummy$d root 2>/dev/null; $IP link del dummy$d; done
    for d in $lkdevs; do $TC qdisc del dev $d root 2>/dev/null; $IP link del $d; done
fi
