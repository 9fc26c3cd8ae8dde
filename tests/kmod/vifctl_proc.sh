#!/usr/bin/env bash
# tests/kmod/vifctl_proc.sh - vifctl's kernel home checked on the host,
# without qemu: VIFCTL_PROC points it at a directory laid out like
# /proc/vifvm (control, D/viflet, D/stats, D/owner, ...; plain files, so
# every command written to `control` accumulates there).  The real kernel's
# answers (EPERM, a refused load) are tested in the guest (qdisc.sh).
#   tests/kmod/vifctl_proc.sh [VIFCTL]     (default build/release/vifctl)
# Prints PASS:/FAIL: lines (kmod/vifctl/*); exit 1 if anything failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
V=${1:-build/release/vifctl}
nfail=0
pass() { echo "PASS: kmod/vifctl/$1"; }
fail() { echo "FAIL: kmod/vifctl/$1: $2"; nfail=$((nfail + 1)); }
[ -x "$V" ] || { fail build "$V missing (make $V)"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
K=$T/proc
mkdir -p "$K/eth0/web" "$T/dir/pcap"
: > "$K/control"
printf 'in 10\nout 7\ndrops_handler 1\ndrops_quota 1\ndrops_policy 0\nheld 1\nbytes_in 1000\nbytes_out 700\naborts 0\n' > "$K/eth0/stats"
printf 'in 4\nout 4\ndrops_handler 0\ndrops_quota 0\ndrops_policy 0\nheld 0\nbytes_in 400\nbytes_out 400\naborts 2\n' > "$K/eth0/web/stats"
echo 'class=none owner=0 state=none engine=jit' > "$K/eth0/viflet"
echo 'class=PriQ_VIFlet owner=1000 state=aborted engine=jit' > "$K/eth0/web/viflet"
echo 0 > "$K/eth0/owner"
echo 1000 > "$K/eth0/web/owner"
export VIFCTL_PROC=$K

# add: a pcap filter compiled to tc's bytecode syntax, the owner by name or number
"$V" add eth0/web/ssh 'tcp port 22' --owner root --policy drop 2> "$T/err"
line=$(tail -n 1 "$K/control")
prog=${line##* filter=}
n=${prog%%,*}
insns=$(echo "$prog" | tr ',' '\n' | tail -n +2)
if [[ "$line" == "add eth0/web/ssh owner=0 policy=drop filter="* ]] && [ "$n" -gt 3 ] &&
   [ "$(echo "$insns" | wc -l)" = "$n" ] && ! echo "$insns" | grep -qvE '^[0-9]+ [0-9]+ [0-9]+ [0-9]+$' &&
   echo "$insns" | grep -qE '^21 [0-9]+ [0-9]+ 22$' && echo "$insns" | grep -qE '^21 [0-9]+ [0-9]+ 2048$' &&
   [ "$(echo "$insns" | tail -n 1)" = "6 0 0 0" ]; then
    pass "add-bytecode ($n instructions)"
else
    fail add-bytecode "'$line' $(cat "$T/err")"
fi
"$V" add eth0/web/x udp --owner 1234 && [[ "$(tail -n 1 "$K/control")" == "add eth0/web/x owner=1234 filter="* ]] &&
    pass add-owner-uid || fail add-owner-uid "$(tail -n 1 "$K/control")"
"$V" add eth0/web/y udp && [[ "$(tail -n 1 "$K/control")" == "add eth0/web/y owner=$(id -u) filter="* ]] &&
    pass add-owner-default || fail add-owner-default "$(tail -n 1 "$K/control")"
lines=$(wc -l < "$K/control")
if ! "$V" add eth0/web/z 'tcp port' 2> "$T/err" && grep -q "bad filter 'tcp port'" "$T/err" &&
   ! "$V" add eth0/web/z tcp --owner no_such_user_here 2>> "$T/err" && grep -q "no user" "$T/err" &&
   [ "$(wc -l < "$K/control")" = "$lines" ]; then
    pass add-refusals
else
    fail add-refusals "$(cat "$T/err")"
fi
"$V" del eth0/web/x && "$V" filter eth0/web 'udp' && "$V" owner eth0/web 1001
if [ "$(tail -n 3 "$K/control" | head -n 1)" = "del eth0/web/x" ] &&
   [[ "$(tail -n 2 "$K/control" | head -n 1)" == "filter eth0/web "[0-9]*",40 0 0 12,"* ]] &&
   [ "$(tail -n 1 "$K/control")" = "owner eth0/web 1001" ]; then
    pass del-filter-owner
else
    fail del-filter-owner "$(tail -n 3 "$K/control" | tr '\n' '|')"
fi
# load: the file's bytes into viflet, in one go
head -c 3000 /dev/urandom > "$T/X.class"
mv "$K/eth0/web/viflet" "$T/viflet.keep" && : > "$K/eth0/web/viflet"
"$V" load eth0/web "$T/X.class" && cmp -s "$T/X.class" "$K/eth0/web/viflet" && pass load ||
    fail load "viflet differs from the class file"
! "$V" load eth0/web "$T/X.txt" 2> "$T/err" && grep -q "a VIFlet is a .class or .jar" "$T/err" &&
    pass load-name || fail load-name "$(cat "$T/err")"
mv "$T/viflet.keep" "$K/eth0/web/viflet"
# stats: the tree with owners; the kernel's counter names
"$V" stats > "$T/st" 2> "$T/err"
if grep -Eq '^eth0 +- +none +0 +10 +7 +700 +2 +1 ' "$T/st" &&
   grep -Eq '^  web +PriQ_VIFlet +aborted +1000 +4 +4 +400 +0 +0 ' "$T/st" && "$V" stats eth0/web | grep -q '^  web '; then
    pass stats
else
    fail stats "$(cat "$T/st" "$T/err" | tr '\n' '|')"
fi
# the home is chosen by the path: no such qdisc, or vifd's directory
! "$V" load eth1/web "$T/X.class" 2> "$T/err" && grep -q "no vifvm qdisc 'eth1'" "$T/err" &&
    pass no-such-qdisc || fail no-such-qdisc "$(cat "$T/err")"
"$V" add "$T/dir" pcap/web 'tcp port 80' && [ "$(cat "$T/dir/pcap/web/filter")" = "tcp port 80" ] &&
    "$V" del "$T/dir" pcap/web && [ ! -e "$T/dir/pcap/web/filter" ] && [ "$(wc -l < "$K/control")" = $((lines + 3)) ] &&
    pass vifd-dir-verbs || fail vifd-dir-verbs "$(ls -R "$T/dir" | tr '\n' ' ')"
# load --all-queues: every instance of device eth1 (under mq: eth1:tx0, eth1:tx1), not eth10
mkdir -p "$K/eth1:tx0/web" "$K/eth1:tx1/web" "$K/eth10/web"
for d in "eth1:tx0" "eth1:tx1" eth10; do : > "$K/$d/web/viflet"; done
printf 'class=Y owner=0 state=running\n' > "$T/Y.class"
"$V" load --all-queues eth1/web "$T/Y.class" > "$T/out" 2> "$T/err"; rc=$?
if [ $rc = 0 ] && cmp -s "$T/Y.class" "$K/eth1:tx0/web/viflet" && cmp -s "$T/Y.class" "$K/eth1:tx1/web/viflet" &&
   [ ! -s "$K/eth10/web/viflet" ] && [ "$(grep -c ': loaded (class=Y ' "$T/out")" = 2 ] &&
   grep -q '^eth1:tx0/web: loaded' "$T/out" && grep -q '^eth1:tx1/web: loaded' "$T/out" &&
   ! "$V" load --all-queues eth2 "$T/Y.class" 2> "$T/err2" && grep -q "no vifvm qdisc on device 'eth2'" "$T/err2" &&
   ! "$V" load --all-queues "eth1:tx0" "$T/Y.class" 2>/dev/null; then
    pass load-all-queues
else
    fail load-all-queues "rc $rc $(cat "$T/out" "$T/err" "$T/err2" 2>/dev/null | tr '\n' '|')"
fi
rm -rf "$K/eth1:tx0" "$K/eth1:tx1" "$K/eth10"
[ $nfail = 0 ]
