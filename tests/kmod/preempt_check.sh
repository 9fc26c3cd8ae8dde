#!/bin/sh
# tests/kmod/preempt_check.sh - run by the guest's /init (tests/kmod/init.sh)
# with vifvm.ko loaded and /h/LoopMain.class (an endless loop) present:
# a long /proc/vifvm/run must not hold its CPU.  The budget's preemption
# point (vm_platform.slice_end, src/platform/kernel/kplatform.c) closes
# the FPU section and calls cond_resched() at the end of every slice.
#
#   preempt_check.sh           KT_PASS/KT_FAIL kmod/preempt: the soft-lockup
#                              watchdog at 2 s (watchdog_thresh=1) and
#                              softlockup_panic=1, runs of growing budgets
#                              under the JIT up to one of >= 5 s (at least
#                              4 s), which must end by its budget (exit 3)
#                              with no soft lockup;
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
if [ "${1:-}" = selftest ]; then
    echo 0 > $P/resched
else
    echo 1 > /proc/sys/kernel/softlockup_panic
fi
echo 1 > /proc/sys/kernel/watchdog_thresh
# runs of growing budgets until one takes >= 5 s (each of them a check:
# with softlockup_panic=1 a lockup in any would end the guest)
b=20000000 d=0 i=0
while [ $i -lt 8 ]; do
    echo $b > $P/budget
    t0=$(ms); cat /h/LoopMain.class > /proc/vifvm/run; t1=$(ms)
    d=$((t1 - t0)) i=$((i + 1))
    grep -q "exit=3 " /proc/vifvm/status || break
    [ $d -ge 5000 ] && break
    if [ $d -lt 500 ]; then b=$((b * 4)); else b=$((b / d * 6500)); fi
    [ $b -gt 400000000000 ] && b=400000000000
done
echo 0 > /proc/sys/kernel/softlockup_panic
echo 10 > /proc/sys/kernel/watchdog_thresh
if [ "${1:-}" = selftest ]; then
    echo 1 > $P/resched
    if dmesg | grep -q 'soft lockup'; then echo "KT_SELFTEST preempt=bites"
    else echo "KT_SELFTEST preempt=missed"; fi
elif ! grep -q "exit=3 " /proc/vifvm/status; then
    echo "KT_FAIL kmod/preempt: the run did not end by its budget: $(tr '\n' ' ' < /proc/vifvm/status)"
elif dmesg | grep -q 'soft lockup'; then
    echo "KT_FAIL kmod/preempt: soft lockup reported during a $d ms run"
elif [ $d -lt 4000 ]; then
    echo "KT_FAIL kmod/preempt: the longest run took $d ms only (budget $b): not long enough to prove anything"
else
    echo "KT_PASS kmod/preempt (a $d ms run, budget $b ticks, soft-lockup watchdog at 2 s: no lockup)"
fi
echo $old_budget > $P/budget
echo $old_engine > $P/engine
