#!/bin/sh
# tests/kmod/preempt_check.sh - run by the guest's /init (tests/kmod/init.sh)
# with vifvm.ko loaded and /h/LoopMain.class (an endless loop) present:
# a long /proc/vifvm/run must not hold its CPU.  The budget's preemption
# point (vm_platform.slice_end, src/platform/kernel/kplatform.c) closes
# the FPU section and calls cond_resched() at the end of every slice.
#
#   preempt_check.sh           KT_PASS/KT_FAIL kmod/preempt: the soft-lockup
#                              watchdog at 2 s (watchdog_thresh=1) and
#                              softlockup_panic=1, a run of >= 6 s under
#                              the JIT, which must end by its budget
#                              (exit 3) with no soft lockup;
#   preempt_check.sh selftest  the same run with the preemption point off
#                              (vifvm.resched=0) must make the watchdog
#                              report a soft lockup (no panic: call it in
#                              the self-test part of the run, where kernel
#                              complaints are expected): KT_SELFTEST
#                              preempt=bites / preempt=missed.
P=/sys/module/vifvm/parameters
[ -f /h/LoopMain.class ] || { echo "KT_FAIL kmod/preempt: no /h/LoopMain.class"; exit 0; }
ms() { awk '{printf "%d", $1 * 1000}' /proc/uptime; }
old_budget=$(cat $P/budget) old_engine=$(cat $P/engine)
echo jit > $P/engine
# calibrate: ticks per ms under this guest's JIT
b=20000000
while :; do
    echo $b > $P/budget
    t0=$(ms); cat /h/LoopMain.class > /proc/vifvm/run; t1=$(ms)
    d=$((t1 - t0))
    [ $d -ge 300 ] || [ $b -ge 20000000000 ] && break
    b=$((b * 4))
done
[ $d -gt 0 ] || d=1
# ~8 s of JIT code (at most 2e11 ticks)
n=$((b / d * 8000)); [ $n -gt 200000000000 ] && n=200000000000
if [ "${1:-}" = selftest ]; then
    echo 0 > $P/resched
    echo 1 > /proc/sys/kernel/watchdog_thresh
    echo $n > $P/budget
    cat /h/LoopMain.class > /proc/vifvm/run
    echo 1 > $P/resched
    if dmesg | grep -q 'soft lockup'; then echo "KT_SELFTEST preempt=bites"
    else echo "KT_SELFTEST preempt=missed"; fi
else
    echo 1 > /proc/sys/kernel/watchdog_thresh
    echo 1 > /proc/sys/kernel/softlockup_panic
    echo $n > $P/budget
    t0=$(ms); cat /h/LoopMain.class > /proc/vifvm/run; t1=$(ms)
    echo 0 > /proc/sys/kernel/softlockup_panic
    echo 10 > /proc/sys/kernel/watchdog_thresh
    if ! grep -q "exit=3 " /proc/vifvm/status; then
        echo "KT_FAIL kmod/preempt: the run did not end by its budget: $(tr '\n' ' ' < /proc/vifvm/status)"
    elif dmesg | grep -q 'soft lockup'; then
        echo "KT_FAIL kmod/preempt: soft lockup reported during a $((t1 - t0)) ms run"
    elif [ $((t1 - t0)) -lt 4000 ]; then
        echo "KT_FAIL kmod/preempt: the run took $((t1 - t0)) ms only (budget $n): not long enough to prove anything"
    else
        echo "KT_PASS kmod/preempt (a $((t1 - t0)) ms run, budget $n ticks, watchdog at 2 s: no soft lockup)"
    fi
fi
echo $old_budget > $P/budget
echo $old_engine > $P/engine
