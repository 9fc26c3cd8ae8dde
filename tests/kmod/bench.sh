#!/bin/sh
# tests/kmod/bench.sh - the rest of the kernel-vs-user benchmark (issue 13
# §6), sourced by tests/kmod/init.sh after its Sieve rows when kt_bench is
# set; tests/kmod/run.sh --bench reads the lines and prints the ratios.
#   KT_OSORT ObjectSort kernel_ms=K user_ms=U   ObjectSort's own timed part
#       ("time_ms"), through /proc/vifvm/run and through the userspace vifvm
#   KT_PKT CONFIG NS   kpkt sending kt_pkts frames out of dummy0 (whose xmit
#       frees them) through qdisc CONFIG: pfifo_fast, framework (vifvm, no
#       VIFlet), relay, priq; NS: the send loop's wall time
#   KT_PKTOLD relay_old|priq_old NS   the same just before or after (by
#       round), with the module's prof_old (the packet path without the
#       savings of bench/README.md "Session 8", 2026-12-06, and with a
#       kernel_fpu section per entry)
#   KT_PKTFPU relay_fpu|priq_fpu NS   the same with the module's fpu_always
#       (every VM entry inside a kernel_fpu section, as before FPU-free
#       VIFlets)
#   KT_PKTPREV relay_prev|priq_prev NS   the same with prev_path (the whole
#       packet path as before FPU-free VIFlets: FPU sections, the clock per
#       packet, the default enqueue in Java, the write-back compare)
#   KT_UPKT CONFIG NS_PER_PACKET   vifd --bench on a capture in the same guest
#       (framework-only, Relay, PriQ on the root VIF)
#   KT_PROF CONFIG ns=NS prof...   one more kernel pass with the module's
#       profile on (its lines of /proc/vifvm/status); CONFIG fpu: the
#       framework with an empty kernel_fpu section per enqueue (prof_fpu),
#       between two framework passes; chain: Relay on a child VIF (filter
#       ip) under Relay on the root, two stages in one qdisc enqueue
# Three rounds each (kt_rounds, run.sh's KT_ROUNDS), interleaved, so a slow
# moment of the host hits every configuration alike.
TC=/usr/sbin/tc
IP=/usr/sbin/ip
N=${kt_pkts:-4000}
P=/sys/module/vifvm/parameters
echo jit > $P/engine
if [ -f /b/ObjectSort.jar ]; then
    for i in 1 2 3; do
        cat /b/ObjectSort.jar > /proc/vifvm/run
        k=$(sed -n 's/^time_ms \([0-9]*\).*/\1/p' /proc/vifvm/output)
        grep -v '^time_ms' /proc/vifvm/output > /tmp/kout
        /usr/bin/vifvm -cp /b/ObjectSort.jar ObjectSort > /tmp/uout
        u=$(sed -n 's/^time_ms \([0-9]*\).*/\1/p' /tmp/uout)
        grep -v '^time_ms' /tmp/uout | cmp -s - /tmp/kout || echo "KT_FAIL kmod/bench: ObjectSort outputs differ"
        echo "KT_OSORT ObjectSort kernel_ms=$k user_ms=$u"
    done
fi
if [ -d /q ] && [ -x /usr/bin/vifd ]; then
    insmod /mod/dummy.ko 2>/dev/null    # numdummies=1: dummy0 comes with it
    $IP link add dummy0 type dummy 2>/dev/null
    $IP link set dummy0 up
    pk() { kpkt send dummy0 $N -P udp -d 0,16,32,48 -l 100 | sed -n 's/.*ns=\([0-9]*\).*/\1/p'; }
    round=0
    while [ $round -lt "${kt_rounds:-3}" ]; do
        round=$((round + 1))
        $TC qdisc replace dev dummy0 root handle 1: pfifo_fast
        echo "KT_PKT pfifo_fast $(pk)"
        $TC qdisc del dev dummy0 root
        $TC qdisc add dev dummy0 root handle 1: vifvm
        echo "KT_PKT framework $(pk)"
        # new and old packet path (prof_old) of each VIFlet: new first in
        # odd rounds, old first in even ones (an order bias cancels)
        # and with every entry inside a kernel_fpu section (fpu_always),
        # and the whole path before FPU-free VIFlets (prev_path)
        ab() {
            if [ $((round % 2)) = 1 ]; then
                echo "KT_PKT $1 $(pk)"
                echo 1 > $P/fpu_always; echo "KT_PKTFPU $1_fpu $(pk)"; echo 0 > $P/fpu_always
                echo 1 > $P/prev_path; echo "KT_PKTPREV $1_prev $(pk)"; echo 0 > $P/prev_path
                echo 1 > $P/prof_old; echo "KT_PKTOLD $1_old $(pk)"; echo 0 > $P/prof_old
            else
                echo 1 > $P/prof_old; o=$(pk); echo 0 > $P/prof_old
                echo 1 > $P/prev_path; v=$(pk); echo 0 > $P/prev_path
                echo 1 > $P/fpu_always; f=$(pk); echo 0 > $P/fpu_always
                echo "KT_PKT $1 $(pk)"
                echo "KT_PKTOLD $1_old $o"
                echo "KT_PKTFPU $1_fpu $f"
                echo "KT_PKTPREV $1_prev $v"
            fi
        }
        vifctl load dummy0 /q/Relay.class
        ab relay
        vifctl load dummy0 /q/PriQ_VIFlet.class
        ab priq
        s=$(tr '\n' ' ' < /proc/vifvm/dummy0/stats)
        $TC qdisc del dev dummy0 root
        for cfg in framework relay priq; do
            case $cfg in
                framework) a=--framework-only ;;
                relay) a="--load pcap=/q/Relay.class" ;;
                priq) a="--load pcap=/q/PriQ_VIFlet.class" ;;
            esac
            ns=$(/usr/bin/vifd --in pcap:/b/in.pcap --bench 200000 --quiet $a 2>/dev/null |
                 sed -n 's/^bench: .* \([0-9.]*\) ns\/packet.*/\1/p')
            echo "KT_UPKT $cfg ${ns:-?}"
        done
    done
    echo "KT_PKTSTATS $s"
    # one more pass of each with the module's profile on (parameter prof:
    # cycles of the parts of each VM entry and qdisc operation), untimed
    # above: KT_PROF CONFIG ns=NS prof PART n=N ns=NS ns_each=NS
    if [ -f $P/prof ]; then
        echo "KT_PROF clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
        $TC qdisc add dev dummy0 root handle 1: vifvm
        for cfg in framework fpu framework relay priq chain; do
            echo 0 > $P/prof_fpu
            case $cfg in
                fpu) echo 1 > $P/prof_fpu ;;
                relay) vifctl load dummy0 /q/Relay.class ;;
                priq) vifctl load dummy0 /q/PriQ_VIFlet.class ;;
                chain) vifctl load dummy0 /q/Relay.class &&
                       vifctl add dummy0/c 'ip' && vifctl load dummy0/c /q/Relay.class ;;
            esac
            echo 1 > $P/prof
            ns=$(pk)
            grep '^prof' /proc/vifvm/status | sed "s/^/KT_PROF $cfg ns=$ns /"
            echo 0 > $P/prof
        done
        $TC qdisc del dev dummy0 root
    fi
    $IP link del dummy0
fi
