#!/bin/sh
# tests/kmod/init.sh - /init of the test guest (busybox sh), put there by
# tests/kmod/run.sh.  Loads vifvm.ko, runs every program under /t through
# /proc/vifvm/run with each engine, compares its stdout and exit status with
# java's (/t/<Name>.out, /t/<Name>.rc), prints KT_PASS / KT_FAIL markers on
# the console, then powers off.  Kernel command-line words the kernel does
# not know arrive as variables:
# kt_engines (default "jit int"), kt_selftest (the harness self-test at
# the end), kt_bench (kernel vs user timing instead of the tests), kt_qdisc
# (the qdisc tests of tests/kmod/qdisc.sh instead of the programs).
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "KT_INIT uptime=$(cut -d' ' -f1 /proc/uptime)"
# (kt21) kt_rethunk=auto|on|off: the module parameter rethunk (the JIT's
# returns through the kernel's return thunk); a bad value must refuse the
# load
if insmod /mod/vifvm.ko rethunk=sometimes 2>/dev/null; then
    echo "KT_FAIL kmod/rethunk/bad-value: insmod with rethunk=sometimes succeeded"
    rmmod vifvm
else
    echo "KT_PASS kmod/rethunk/bad-value (insmod with rethunk=sometimes refused)"
fi
if ! insmod /mod/vifvm.ko ${kt_rethunk:+rethunk=$kt_rethunk}; then
    echo "KT_FAIL kmod/insmod: insmod vifvm.ko ${kt_rethunk:+rethunk=$kt_rethunk} failed"
    dmesg | tail -20
    poweroff -f
fi
dmesg | grep 'vifvm:' | sed 's/^/KT_DMESG /'
# the JIT's returns as the status says them: rethunk=on, through the
# kernel's return thunk (the one its mitigation chose, or
# __x86_return_thunk where it has none); auto, through it exactly when
# the kernel's own returns are (X86_FEATURE_RETHUNK: cpu_rethunk=1)
rl=$(grep '^returns=' /proc/vifvm/status)
echo "KT_RETURNS $rl"
case "${kt_rethunk:-auto}:$rl" in
on:"returns=thunked thunk="*return_thunk*" rethunk=on cpu_rethunk="[01] | \
auto:"returns=thunked thunk="*return_thunk*" rethunk=auto cpu_rethunk=1" | \
auto:"returns=ret rethunk=auto cpu_rethunk=0" | off:"returns=ret rethunk=off cpu_rethunk="[01])
    echo "KT_PASS kmod/rethunk/status (rethunk=${kt_rethunk:-auto}: $rl)" ;;
*)  echo "KT_FAIL kmod/rethunk/status: rethunk=${kt_rethunk:-auto}, status says: $rl" ;;
esac
# the kernel's CPU-bug mitigations (retpolines, return thunks: they tax
# every indirect call and return in the kernel, not in user space)
for f in /sys/devices/system/cpu/vulnerabilities/*; do
    [ -f "$f" ] && echo "KT_VULN ${f##*/}: $(cat "$f")"
done
echo "KT_VULN cmdline: $(cat /proc/cmdline)"
# the interpreter's dispatch (src/platform/kernel/kdispatch.c): under real
# retpolines both were timed at insmod and the cheaper is the default
dl=$(grep '^interp_dispatch=' /proc/vifvm/status)
echo "KT_DISPATCH $dl"
dg=$(echo "$dl" | sed -n 's/.* goto_ns=\([0-9]*\) .*/\1/p')
ds=$(echo "$dl" | sed -n 's/.* switch_ns=\([0-9]*\) .*/\1/p')
case "$(cat /sys/devices/system/cpu/vulnerabilities/spectre_v2 2>/dev/null)" in
*Retpolines*)
    dw="auto=goto (timed)" dv=goto
    [ -n "$ds" ] && [ -n "$dg" ] && [ "$ds" -lt "$dg" ] && dw="auto=switch (timed)" dv=switch ;;
*) dw="auto=goto (no retpolines)" dv=goto ;;
esac
case "$dl" in
"interp_dispatch=0 $dw "*" new_vm=$dv") [ "${dg:-0}" -gt 0 ] || [ "$dw" = "auto=goto (no retpolines)" ] &&
    echo "KT_PASS kmod/dispatch/timed ($dw)" || echo "KT_FAIL kmod/dispatch/timed: no timing: $dl" ;;
*) echo "KT_FAIL kmod/dispatch/timed: want '$dw ... new_vm=$dv' (goto_ns=$dg switch_ns=$ds), status says: $dl" ;;
esac
if [ -n "${kt_qdisc:-}" ]; then
    # the qdisc, the VIF tree, vifctl, tc, traffic (tests/kmod/qdisc.sh;
    # it ends with rmmod)
    . /qdisc.sh
    echo "KT_DONE uptime=$(cut -d' ' -f1 /proc/uptime)"
    poweroff -f
fi
if [ -n "${kt_bench:-}" ]; then
    # kernel vs user: the same class on the same VM code, in this guest
    # (time in ms from /proc/uptime, 10 ms resolution; kernel: whole run
    # with VM set-up, total_us, and main alone, run_us)
    # kt_bparts: which parts (default all: sieve osort pq pkt)
    ms() { awk '{printf "%d", $1 * 1000}' /proc/uptime; }
    bp=" ${kt_bparts:-sieve osort pq pkt} "
    # int_goto: the interpreter with computed-goto dispatch forced
    # (module parameter interp_dispatch=2; each dispatch's indirect jump
    # through the kernel's retpoline thunk) instead of the switch
    engs="jit int"; case $bp in *" sieve "*) ;; *) engs="" ;; esac
    # and int_switch the switch forced (interp_dispatch=1); int is the
    # default (interp_dispatch=0: under retpolines the one timed cheaper
    # at insmod).  kt_sruns: runs of each (default 3), kernel and user
    # alternating
    [ -n "$engs" ] && [ -f /sys/module/vifvm/parameters/interp_dispatch ] && engs="$engs int_goto int_switch"
    # (kt23) one Sieve pair first, not counted (KT_WARMUP): the first run
    # of a fresh guest also pays what happens once per boot (qemu's first
    # touch of the guest RAM the run's vmalloc'ed arena maps, caches)
    if [ -n "$engs" ]; then
        echo jit > /sys/module/vifvm/parameters/engine
        cat /b/Sieve.class > /proc/vifvm/run
        k=$(sed -n 's/^run_us=\([0-9]*\) total_us=\([0-9]*\).*/\2 \1/p' /proc/vifvm/status)
        t0=$(ms); /usr/bin/vifvm -cp /b Sieve > /dev/null; t1=$(ms)
        echo "KT_WARMUP jit kernel_total_us=${k% *} kernel_main_us=${k#* } user_ms=$((t1 - t0))"
    fi
    for eng in $engs; do
        echo ${eng%_*} > /sys/module/vifvm/parameters/engine
        flag=""; [ $eng != jit ] && flag=--int
        [ $eng = int_goto ] && echo 2 > /sys/module/vifvm/parameters/interp_dispatch
        [ $eng = int_switch ] && echo 1 > /sys/module/vifvm/parameters/interp_dispatch
        for i in $(seq 1 ${kt_sruns:-3}); do
            # (lead, session 20) the pair's order alternates: user first in
            # even pairs, so what warms up or drifts during a boot (the
            # guest's page cache and free pages, qemu's translations)
            # favours neither side
            [ $((i % 2)) = 0 ] && { t0=$(ms); /usr/bin/vifvm $flag -cp /b Sieve > /tmp/uout; t1=$(ms); }
            cat /b/Sieve.class > /proc/vifvm/run
            k=$(sed -n 's/^run_us=\([0-9]*\) total_us=\([0-9]*\).*/\2 \1/p' /proc/vifvm/status)
            [ $((i % 2)) = 1 ] && { t0=$(ms); /usr/bin/vifvm $flag -cp /b Sieve > /tmp/uout; t1=$(ms); }
            cmp -s /tmp/uout /proc/vifvm/output || echo "KT_FAIL kmod/bench: outputs differ"
            echo "KT_BENCH $eng kernel_total_us=${k% *} kernel_main_us=${k#* } user_ms=$((t1 - t0))"
        done
        echo 0 > /sys/module/vifvm/parameters/interp_dispatch
    done
    # (kt19, part t2) tier 2 in both homes: Sieve and ObjectSort through
    # /proc/vifvm/run with the module parameter tier2=0|1|2 and through the
    # userspace vifvm with -Xjit:-tier2 | -Xjit:tier2 | -Xjit:tier2=all (the
    # same methods: the program's, or the class library's too), the three
    # in turn, kt_sruns rounds; and PriQ over the capture in memory
    # (/proc/vifvm/pbench, kernel only: vifd has no tier-2 switch)
    #   KT_T2B sieve T kernel_total_us=.. kernel_main_us=.. user_ms=.. kt2=N
    #   KT_T2B osort T kernel_ms=.. user_ms=.. kt2=N
    #   KT_T2B pq T packets=.. ns_per_packet=.. ...
    # (T: 0, 1, 2, and 1a: tier2=1 with tier2_again=1, A/B only)
    case $bp in *" t2 "*)
        P2=/sys/module/vifvm/parameters
        echo jit > $P2/engine
        [ -e /proc/vifvm/pbench ] && echo 200000 > $P2/pbench_packets
        for i in $(seq 1 ${kt_sruns:-3}); do
            for m in 0:-Xjit:-tier2 1:-Xjit:tier2 2:-Xjit:tier2=all 1a:-Xjit:tier2; do
                t=${m%%:*}; x=${m#*:}
                # (1a: tier2=1 with tier2_again=1, measuring only: the
                # second compile the rule forbids on the packet path)
                echo ${t%a} > $P2/tier2
                if [ $t = 1a ]; then echo 1 > $P2/tier2_again; else echo 0 > $P2/tier2_again; fi
                cat /b/Sieve.class > /proc/vifvm/run
                k=$(sed -n 's/^run_us=\([0-9]*\) total_us=\([0-9]*\).*/\2 \1/p' /proc/vifvm/status)
                kt2=$(sed -n 's/.* tier2=\([0-9]*\) .*/\1/p' /proc/vifvm/status)
                t0=$(ms); /usr/bin/vifvm $x -cp /b Sieve > /tmp/uout; t1=$(ms)
                cmp -s /tmp/uout /proc/vifvm/output || echo "KT_FAIL kmod/bench/t2: Sieve outputs differ (tier2=$t)"
                echo "KT_T2B sieve $t kernel_total_us=${k% *} kernel_main_us=${k#* } user_ms=$((t1 - t0)) kt2=$kt2"
                if [ -f /b/ObjectSort.jar ]; then
                    cat /b/ObjectSort.jar > /proc/vifvm/run
                    k=$(sed -n 's/^time_ms \([0-9]*\).*/\1/p' /proc/vifvm/output)
                    kt2=$(sed -n 's/.* tier2=\([0-9]*\) .*/\1/p' /proc/vifvm/status)
                    grep -v '^time_ms' /proc/vifvm/output > /tmp/kout
                    /usr/bin/vifvm $x -cp /b/ObjectSort.jar ObjectSort > /tmp/uout
                    u=$(sed -n 's/^time_ms \([0-9]*\).*/\1/p' /tmp/uout)
                    grep -v '^time_ms' /tmp/uout | cmp -s - /tmp/kout ||
                        echo "KT_FAIL kmod/bench/t2: ObjectSort outputs differ (tier2=$t)"
                    echo "KT_T2B osort $t kernel_ms=$k user_ms=$u kt2=$kt2"
                fi
                if [ -e /proc/vifvm/pbench ] && [ -f /q/PriQ_VIFlet.class ]; then
                    cat /b/in.pcap /q/PriQ_VIFlet.class > /proc/vifvm/pbench
                    echo "KT_T2B pq $t $(cat /proc/vifvm/pbench)"
                fi
            done
        done
        echo 0 > $P2/tier2
        echo 0 > $P2/tier2_again
        ;;
    esac
    # ObjectSort, packets through the qdisc and through vifd (tests/kmod/bench.sh)
    [ -f /bench.sh ] && bparts=$bp && . /bench.sh
    rmmod vifvm || echo "KT_FAIL kmod/rmmod: rmmod vifvm failed"
    echo "KT_DONE uptime=$(cut -d' ' -f1 /proc/uptime)"
    poweroff -f
    kt_engines=none
fi
for eng in ${kt_engines:-jit int}; do
    [ "$eng" = none ] && continue
    echo $eng > /sys/module/vifvm/parameters/engine
    for f in /t/*.class /t/*.jar; do
        [ -f "$f" ] || continue
        name=${f##*/}; name=${name%.*}
        if [ -f /t/$name.engines ] && ! grep -qw $eng /t/$name.engines; then continue; fi
        t0=$(cut -d' ' -f1 /proc/uptime)
        cat "$f" > /proc/vifvm/run
        t1=$(cut -d' ' -f1 /proc/uptime)
        cat /proc/vifvm/output > /tmp/out
        cat /proc/vifvm/stderr > /tmp/err
        rc=$(sed -n 's/^runs=[0-9]* exit=\([-0-9]*\) .*/\1/p' /proc/vifvm/status)
        want=$(cat /t/$name.rc)
        if cmp -s /tmp/out /t/$name.out && [ "$rc" = "$want" ]; then
            echo "KT_PASS kmod/$eng/$name ($t0 -> $t1 s)"
        else
            echo "KT_FAIL kmod/$eng/$name: exit $rc (java: $want), stdout differs: $(cmp /tmp/out /t/$name.out 2>&1 | head -1)"
            diff /t/$name.out /tmp/out | head -8 | sed 's/^/KT_DIFF /'
            head -5 /tmp/err | sed 's/^/KT_STDERR /'
        fi
        sed 's/^/KT_STATUS /' /proc/vifvm/status | grep -E 'run_us|stack|mem_|jit_|detail'
    done
done
if [ -d /h ]; then
    # hostile input, JIT: the kernel must stay clean, the VM must say why
    P=/sys/module/vifvm/parameters
    echo jit > $P/engine
    hcheck() { # name, condition (shell), then the run already made
        if eval "$2"; then echo "KT_PASS kmod/hostile/$1"
        else echo "KT_FAIL kmod/hostile/$1: $(tr '\n' ' ' < /proc/vifvm/status) stderr: $(head -c 200 /proc/vifvm/stderr)"; fi
    }
    echo "not a class file" > /proc/vifvm/run
    hcheck garbage 'grep -q "^detail=not a class file" /proc/vifvm/status'
    head -c 300 /h/LoopMain.class > /tmp/Cut.class; cat /tmp/Cut.class > /proc/vifvm/run
    hcheck truncated 'grep -q "exit=1 " /proc/vifvm/status && grep -q "^detail=" /proc/vifvm/status'
    b=$(cat $P/budget); echo 2000000 > $P/budget
    cat /h/LoopMain.class > /proc/vifvm/run
    hcheck budget 'grep -q "exit=3 " /proc/vifvm/status && grep -q "budget of 2000000 exhausted in LoopMain.main" /proc/vifvm/stderr'
    echo $b > $P/budget
    h=$(cat $P/heap_kb); echo 16384 > $P/heap_kb
    cat /h/AllocBomb.class > /proc/vifvm/run
    hcheck oom 'grep -q "exit=0 " /proc/vifvm/status && grep -q "oom after" /proc/vifvm/output && grep -q "survived 1000" /proc/vifvm/output'
    echo $h > $P/heap_kb
    # a long run must not hold its CPU (the preemption point at each
    # budget slice's end; tests/kmod/preempt_check.sh)
    [ -f /preempt_check.sh ] && sh /preempt_check.sh
fi
if [ -f /qdisc_smoke.sh ]; then
    echo "KT_QDISC_BEGIN"
    . /qdisc_smoke.sh
fi
rmmod vifvm || echo "KT_FAIL kmod/rmmod: rmmod vifvm failed"
dmesg | grep -E 'vifvm: (unloaded|run .* LEAKED|.* left)' | sed 's/^/KT_DMESG /'
echo "KT_DONE uptime=$(cut -d' ' -f1 /proc/uptime)"
if [ -n "${kt_selftest:-}" ]; then
    # the harness self-test, after everything else: a broken module must be
    # caught.  fault=1: wrong output (a KT_FAIL); fault=2: a kernel WARNING,
    # which panics this kernel (panic_on_warn=1): it must be the last thing.
    echo "KT_SELFTEST_BEGIN"
    insmod /mod/vifvm.ko fault=1
    for f in /t/*.class /t/*.jar; do [ -f "$f" ] && break; done
    name=${f##*/}; name=${name%.*}
    cat "$f" > /proc/vifvm/run
    if cmp -s /proc/vifvm/output /t/$name.out; then echo "KT_SELFTEST fault=1 output correct"
    else echo "KT_SELFTEST fault=1 output wrong"; fi
    # the preemption point off: the soft-lockup watchdog must notice
    [ -f /preempt_check.sh ] && sh /preempt_check.sh selftest
    echo 2 > /sys/module/vifvm/parameters/fault
    cat "$f" > /proc/vifvm/run
    echo "KT_SELFTEST_SURVIVED fault=2"
fi
poweroff -f
