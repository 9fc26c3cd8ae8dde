#!/usr/bin/env bash
# tests/datapath/inject.sh - the injection directory (vifd --dir): hot swap
# while packets flow, load errors, removal, permissions, child VIFs made by
# a subdirectory with a `filter`, and the configuration file.
#
#   tests/datapath/inject.sh [VIFD] [PKTGEN]
#
# Needs root (it creates a test user, removed at exit); prints SKIP
# otherwise.  Paced replays (--speed 1) make the packets flow in wall time
# while files are written; every wait is bounded.  Prints PASS:/FAIL:
# lines; exit status 1 if anything failed.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs inject "${1:-}" "${2:-}"
if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: inject: needs root (directory owners, a test user)"
    exit 0
fi
for c in useradd userdel runuser; do
    command -v "$c" > /dev/null || { echo "SKIP: inject: $c not installed"; exit 0; }
done

T=$(mktemp -d)
U=vifvmtest$$
VPID=
cleanup() {
    [ -n "$VPID" ] && kill "$VPID" 2> /dev/null
    userdel "$U" > /dev/null 2>&1
    rm -rf "$T"
}
trap cleanup EXIT
chmod 755 "$T"
vt_results inject/

# wait_for FILE PATTERN [SECONDS]: until grep finds PATTERN in FILE (default 5 s).
wait_for() {
    local i lim=$(( ${3:-5} * 20 ))
    for ((i = 0; i < lim; i++)); do
        grep -q -- "$2" "$1" 2> /dev/null && return 0
        sleep 0.05
    done
    return 1
}
# stat_of DIR KEY: a value from DIR/stats
stat_of() { sed -n "s/^$2 //p" "$1/stats" 2> /dev/null; }
# wait_stat DIR KEY VALUE [SECONDS]
wait_stat() {
    local i lim=$(( ${4:-5} * 20 ))
    for ((i = 0; i < lim; i++)); do
        [ "$(stat_of "$1" "$2")" = "$3" ] && return 0
        sleep 0.05
    done
    return 1
}
# wait_vifd: wait for the running vifd (at most 20 s), rc in $rc
wait_vifd() {
    local i
    for ((i = 0; i < 200; i++)); do
        kill -0 "$VPID" 2> /dev/null || break
        sleep 0.1
    done
    kill -0 "$VPID" 2> /dev/null && kill -TERM "$VPID"
    wait "$VPID"
    rc=$?
    VPID=
}
json_get() { python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
k=sys.argv[2]
if k in d: print(str(d[k]).lower() if isinstance(d[k], bool) else d[k]); sys.exit()
p,f=k.rsplit(".",1)
if p=="link": print(d["link"][f]); sys.exit()
print([v for v in d["vifs"] if v["path"]==p][0][f])' "$1" "$2" 2> /dev/null; }
pcap_count() { python3 -c 'import struct,sys
b=open(sys.argv[1],"rb").read(); e="<" if b[:4] in (b"\xd4\xc3\xb2\xa1",b"\x4d\x3c\xb2\xa1") else ">"
o=24; n=0
while o+16<=len(b):
    cl=struct.unpack(e+"I",b[o+8:o+12])[0]; o+=16+cl; n+=1
print(n)' "$1"; }

# ------------------------------------------------------------------ setup
mkdir -p "$T/cls" "$T/bad"
if ! "$JAVAC" -d "$T/cls" -cp "$API" "$HERE"/viflets/{Relay,Tagger,DropUdp}.java > "$T/javac.log" 2>&1; then
    fail setup/javac "test VIFlets do not compile"
    vt_indent 10 < "$T/javac.log"
    exit 1
fi
# a second version of Relay (same class name, other bytes)
mkdir -p "$T/v2src" "$T/cls2"
sed 's/relay ready/relay v2 ready/' "$HERE/viflets/Relay.java" > "$T/v2src/Relay.java"
"$JAVAC" -d "$T/cls2" -cp "$API" "$T/v2src/Relay.java" > "$T/javac2.log" 2>&1 ||
    { fail setup/javac-v2 "Relay v2 does not compile"; exit 1; }
chmod -R a+rX "$T/cls" "$T/cls2"
C=$T/cls
C2=$T/cls2
"$PKTGEN" -o "$T/a.pcap" -n 500 --seed 5 --pps 100 || { fail setup/pktgen "pktgen failed"; exit 1; }
"$PKTGEN" -o "$T/b.pcap" -n 1500 --seed 6 --pps 100 || exit 1

# ------------------------------- (a)-(d): attach, hot swap, broken, removal
D=$T/da
"$VIFD" --in "pcap:$T/a.pcap" --out "pcap:$T/a-out.pcap" --dir "$D" --speed 1 \
    --stats "$T/a.json" > "$T/a.out" 2> "$T/a.err" &
VPID=$!
R=$D/pcap
if wait_for "$R/stats" '^vif pcap' 3; then pass dir/created-with-stats
else fail dir/created-with-stats "no $R/stats"; fi
if [ "$(stat -c '%U %a' "$R" 2> /dev/null)" = "root 755" ]; then pass dir/root-vif-dir-root-0755
else fail dir/root-vif-dir-root-0755 "$(stat -c '%U %a' "$R" 2>&1)"; fi
sleep 0.8
# (a) drop a Relay: earlier packets passed straight through, later ones go through it
cp "$C/Relay.class" "$R/"
if wait_for "$R/log" 'loaded Relay.class: VIFlet Relay' 3 && grep -q '^relay ready' "$R/log"; then
    pass attach/loaded-and-logged
else
    fail attach/loaded-and-logged "$(tr '\n' ' ' < "$R/log" 2> /dev/null)"
fi
in_at_load=$(stat_of "$R" in)
sleep 0.8
enq=$(stat_of "$R" enqueue_calls)
in_now=$(stat_of "$R" in)
if [ -n "$enq" ] && [ "${in_at_load:-0}" -gt 20 ] && [ "$enq" -gt 10 ] && [ "$enq" -lt "$in_now" ]; then
    pass attach/before-straight-after-through-viflet
else
    fail attach/before-straight-after-through-viflet "in at load ${in_at_load:-?}, enqueue calls ${enq:-?} of ${in_now:-?}"
fi
# a new version of the same class: a fresh VM; the old one, now unused, is freed
cp "$C2/Relay.class" "$R/Relay.class"
if wait_for "$R/log" '^relay v2 ready' 3 && wait_for "$R/log" 'loaded Relay.class: VIFlet Relay (owner root), replacing Relay' 2; then
    pass swap/same-name-new-version-root
else
    fail swap/same-name-new-version-root "$(tail -n 3 "$R/log" 2> /dev/null | tr '\n' ' ')"
fi
sleep 0.3
# (b) hot swap to DropUdp while packets flow
cp "$C/DropUdp.class" "$R/"
if wait_for "$R/log" 'loaded DropUdp.class: VIFlet DropUdp (owner root), replacing Relay' 3 &&
   grep -q 'VIFlet Relay detached (replaced)' "$R/log"; then
    pass swap/replaced-and-logged
else
    fail swap/replaced-and-logged "$(tail -n 3 "$R/log" 2> /dev/null | tr '\n' ' ')"
fi
sleep 0.8
if [ "$(stat_of "$R" viflet)" = DropUdp ] && [ "$(stat_of "$R" dropped_handler)" -gt 0 ]; then
    pass swap/new-viflet-drops
else
    fail swap/new-viflet-drops "viflet $(stat_of "$R" viflet), dropped $(stat_of "$R" dropped_handler)"
fi
# (c) a broken class: error in log, DropUdp keeps running
printf 'not a class file' > "$R/Broken.class"
if wait_for "$R/log" 'load of Broken.class failed: .*ClassFormatError.*DropUdp keeps running' 3; then
    pass broken/error-in-log
else
    fail broken/error-in-log "$(tail -n 2 "$R/log" 2> /dev/null | tr '\n' ' ')"
fi
d0=$(stat_of "$R" dropped_handler)
sleep 0.5
if [ "$(stat_of "$R" viflet)" = DropUdp ] && [ "$(stat_of "$R" state)" = active ] &&
   [ "$(stat_of "$R" dropped_handler)" -gt "$d0" ] && [ "$(stat_of "$R" load_errors)" = 1 ]; then
    pass broken/old-keeps-running
else
    fail broken/old-keeps-running "viflet $(stat_of "$R" viflet), drops $d0 -> $(stat_of "$R" dropped_handler)"
fi
# a file that is not the VIFlet removed: nothing happens; the VIFlet's file: detached
rm -f "$R/Broken.class" "$R/Relay.class"
sleep 0.2
if [ "$(stat_of "$R" viflet)" = DropUdp ]; then pass remove/other-file-no-effect
else fail remove/other-file-no-effect "viflet $(stat_of "$R" viflet)"; fi
rm -f "$R/DropUdp.class"
if wait_stat "$R" viflet - 3 && grep -q 'VIFlet DropUdp detached (removed)' "$R/log"; then
    pass remove/detaches
else
    fail remove/detaches "viflet $(stat_of "$R" viflet)"
fi
enq_det=$(stat_of "$R" enqueue_calls)
wait_vifd
if [ "$rc" -ne 0 ] || san=$(vt_sanitizer_grep "$T/a.err"); then
    fail run/exit "vifd exited $rc ${san:-}"
    vt_indent 10 < "$T/a.err"
else
    pass run/exit
fi
in_all=$(json_get "$T/a.json" pcap.in)
out_all=$(json_get "$T/a.json" link.out)
dh=$(json_get "$T/a.json" pcap.dropped_handler)
npk=$(pcap_count "$T/a-out.pcap")
if [ "$(json_get "$T/a.json" accounting_ok)" = true ] && [ "$in_all" = 500 ] &&
   [ $((out_all + dh)) -eq 500 ] && [ "$npk" = "$out_all" ] && [ "$dh" -gt 0 ]; then
    pass swap/nothing-lost
else
    fail swap/nothing-lost "in $in_all, out $out_all, handler drops $dh, output file $npk"
fi
if [ "$(json_get "$T/a.json" pcap.enqueue_calls)" = "$enq_det" ] && [ "$(stat_of "$R" in)" = 500 ] &&
   [ "$(stat_of "$R" loads)" = 3 ] && [ "$(stat_of "$R" detaches)" = 3 ]; then
    pass remove/after-detach-straight-through-and-final-stats
else
    fail remove/after-detach-straight-through-and-final-stats "enqueue calls $enq_det -> $(json_get "$T/a.json" pcap.enqueue_calls), stats in $(stat_of "$R" in), detaches $(stat_of "$R" detaches) (2 replacements + 1 removal)"
fi

# ------------------------------------------------------- (e) permissions
if ! useradd -M -s /usr/sbin/nologin "$U" 2> "$T/useradd.err"; then
    fail perm/useradd "$(cat "$T/useradd.err")"
else
    D=$T/db
    "$VIFD" --in "pcap:$T/b.pcap" --out "pcap:$T/b-out.pcap" --dir "$D" --speed 1 \
        --vif 'pcap/u=ip' --vif-owner "pcap/u=$U" --stats "$T/b.json" > "$T/b.out" 2> "$T/b.err" &
    VPID=$!
    UD=$D/pcap/u
    wait_for "$UD/stats" '^vif pcap/u' 3
    if [ "$(stat -c %U "$UD" 2> /dev/null)" = "$U" ] && [ "$(stat -c %U "$D/pcap")" = root ]; then
        pass perm/vif-owner-chown
    else
        fail perm/vif-owner-chown "owner $(stat -c %U "$UD" 2>&1)"
    fi
    # the owner injects: accepted, into the owner's VM
    runuser -u "$U" -- cp "$C/Tagger.class" "$UD/"
    if wait_for "$UD/log" "loaded Tagger.class: VIFlet Tagger (owner $U)" 3 && wait_stat "$UD" owner "$U" 2; then
        pass perm/owner-accepted
    else
        fail perm/owner-accepted "$(tail -n 2 "$UD/log" 2> /dev/null | tr '\n' ' ')"
    fi
    # the owner removes the log: a fresh one appears
    runuser -u "$U" -- rm -f "$UD/log"
    runuser -u "$U" -- cp "$C/Tagger.class" "$UD/Tagger.class"
    if wait_for "$UD/log" 'loaded Tagger.class' 3; then pass log/recreated-after-removal
    else fail log/recreated-after-removal "no new log"; fi
    # nobody cannot even write into the root VIF's directory (0755 root)
    if runuser -u nobody -- cp "$C/Relay.class" "$D/pcap/" 2> /dev/null; then
        fail perm/root-dir-not-writable "nobody could write into $D/pcap"
    else
        pass perm/root-dir-not-writable
    fi
    # the owner opens the directory up; files by others are still refused
    runuser -u "$U" -- chmod 777 "$UD"
    runuser -u nobody -- cp "$C/Relay.class" "$UD/"
    if wait_for "$UD/log" 'refused Relay.class: owned by nobody, not by the directory' 3; then
        pass perm/other-user-refused
    else
        fail perm/other-user-refused "$(tail -n 2 "$UD/log" | tr '\n' ' ')"
    fi
    # rename trick: nobody's file moved in from elsewhere
    runuser -u nobody -- cp "$C/DropUdp.class" "$T/bad/" 2> /dev/null ||
        { chmod 1777 "$T/bad"; runuser -u nobody -- cp "$C/DropUdp.class" "$T/bad/"; }
    runuser -u nobody -- mv "$T/bad/DropUdp.class" "$UD/DropUdp.class"
    if wait_for "$UD/log" 'refused DropUdp.class: owned by nobody' 3; then pass perm/rename-in-refused
    else fail perm/rename-in-refused "$(tail -n 2 "$UD/log" | tr '\n' ' ')"; fi
    # a symlink to a class (made by the owner) is refused
    runuser -u "$U" -- ln -s "$C/Relay.class" "$UD/Link.class"
    if wait_for "$UD/log" 'refused Link.class: a symbolic link' 3; then pass perm/symlink-refused
    else fail perm/symlink-refused "$(tail -n 2 "$UD/log" | tr '\n' ' ')"; fi
    # a hard link is refused
    runuser -u "$U" -- cp "$C/Relay.class" "$UD/relay.bin"
    runuser -u "$U" -- ln "$UD/relay.bin" "$UD/Hard.class"
    if wait_for "$UD/log" 'refused Hard.class: a hard link' 3; then pass perm/hardlink-refused
    else fail perm/hardlink-refused "$(tail -n 2 "$UD/log" | tr '\n' ' ')"; fi
    if [ "$(stat_of "$UD" viflet)" = Tagger ] && [ "$(stat_of "$UD" state)" = active ]; then
        pass perm/refusals-leave-viflet-running
    else
        fail perm/refusals-leave-viflet-running "viflet $(stat_of "$UD" viflet)"
    fi
    # a subdirectory by nobody is refused; the owner's with a filter makes a child VIF
    runuser -u nobody -- mkdir "$UD/evil"
    if wait_for "$UD/log" 'refused subdirectory evil: owned by nobody' 3; then pass perm/subdir-by-other-refused
    else fail perm/subdir-by-other-refused "$(tail -n 2 "$UD/log" | tr '\n' ' ')"; fi
    runuser -u nobody -- sh -c "echo tcp > '$UD/evil/filter'"
    sleep 0.3
    if [ -e "$UD/evil/stats" ]; then fail perm/subdir-by-other-no-vif "a VIF was made"
    else pass perm/subdir-by-other-no-vif; fi
    runuser -u "$U" -- mkdir "$UD/web"
    runuser -u "$U" -- sh -c "echo 'tcp' > '$UD/web/filter'"
    if wait_for "$UD/log" 'child VIF pcap/u/web created (filter "tcp")' 3 && wait_for "$UD/web/stats" '^vif pcap/u/web' 2; then
        pass child/created-by-owner
    else
        fail child/created-by-owner "$(tail -n 2 "$UD/log" | tr '\n' ' ')"
    fi
    sleep 0.5
    if [ "$(stat_of "$UD/web" in)" -gt 0 ] 2> /dev/null && [ "$(stat -c %U "$UD/web/log")" = root ]; then
        pass child/receives-packets
    else
        fail child/receives-packets "in $(stat_of "$UD/web" in)"
    fi
    runuser -u "$U" -- cp "$C/Relay.class" "$UD/web/"
    if wait_for "$UD/web/log" "loaded Relay.class: VIFlet Relay (owner $U)" 3; then pass child/inject
    else fail child/inject "$(tail -n 2 "$UD/web/log" | tr '\n' ' ')"; fi
    # a changed class of the same name: a fresh VM for the owner; the
    # owner's other VIFlet (Tagger on pcap/u) keeps running in the old one
    e0=$(stat_of "$UD" enqueue_calls)
    runuser -u "$U" -- cp "$C2/Relay.class" "$UD/web/Relay.class"
    if wait_for "$UD/web/log" "class Relay changed: starting a new VM for owner $U" 3 &&
       wait_for "$UD/web/log" '^relay v2 ready' 2 &&
       wait_for "$UD/web/log" "loaded Relay.class: VIFlet Relay (owner $U), replacing Relay" 2; then
        pass swap/same-name-new-version
    else
        fail swap/same-name-new-version "$(tail -n 3 "$UD/web/log" | tr '\n' ' ')"
    fi
    sleep 0.4
    if [ "$(stat_of "$UD" viflet)" = Tagger ] && [ "$(stat_of "$UD" enqueue_calls)" -gt "$e0" ]; then
        pass swap/old-vm-viflets-keep-running
    else
        fail swap/old-vm-viflets-keep-running "pcap/u: $(stat_of "$UD" viflet), enqueue calls $e0 -> $(stat_of "$UD" enqueue_calls)"
    fi
    # a renamed VIF directory stays the same VIF (no second VIF from it)
    runuser -u "$U" -- mv "$UD/web" "$UD/web2"
    if wait_for "$UD/log" 'subdirectory web2 is the directory of pcap/u/web' 3 && sleep 0.2 &&
       ! grep -q 'child VIF pcap/u/web2 created' "$UD/log"; then
        pass child/renamed-dir-keeps-vif
    else
        fail child/renamed-dir-keeps-vif "$(tail -n 2 "$UD/log" | tr '\n' ' ')"
    fi
    runuser -u "$U" -- mkdir "$UD/bad"
    runuser -u "$U" -- sh -c "echo 'this is ((( not a filter' > '$UD/bad/filter'"
    if wait_for "$UD/log" 'child VIF pcap/u/bad not created: .*bad filter expression' 3; then
        pass child/bad-filter-in-parent-log
    else
        fail child/bad-filter-in-parent-log "$(tail -n 2 "$UD/log" | tr '\n' ' ')"
    fi
    # removing a child's filter file removes the VIF (its VIFlet detached
    # first); a new filter file makes it again
    runuser -u "$U" -- rm "$UD/web2/filter"
    if wait_for "$UD/web2/log" 'filter removed: VIF pcap/u/web removed (its packets now go to pcap/u)' 3 &&
       grep -q 'VIFlet Relay detached (removed)' "$UD/web2/log"; then
        pass child/filter-removed-removes-vif
    else
        fail child/filter-removed-removes-vif "$(tail -n 2 "$UD/web2/log" | tr '\n' ' ')"
    fi
    runuser -u "$U" -- sh -c "echo 'udp' > '$UD/web2/filter'"
    if wait_for "$UD/log" 'child VIF pcap/u/web created (filter "udp")' 3 &&
       wait_for "$UD/web2/stats" '^filter udp' 2; then
        pass child/filter-again-makes-vif-again
    else
        fail child/filter-again-makes-vif-again "$(tail -n 2 "$UD/log" | tr '\n' ' ')"
    fi
    # rewriting the filter of an existing child VIF: the new expression
    # classifies from then on (one that matches nothing here, TTL 1, stops its input);
    # a bad expression is refused and the old filter stays
    sleep 0.4
    in0=$(stat_of "$UD/web2" in)
    runuser -u "$U" -- sh -c "echo 'udp and ip[8] = 1' > '$UD/web2/filter'"
    if wait_for "$UD/web2/log" 'filter of VIF pcap/u/web changed to "udp and ip\[8\] = 1"' 3 &&
       wait_for "$UD/web2/stats" '^filter udp and ip\[8\] = 1$' 2; then
        in1=$(stat_of "$UD/web2" in)
        sleep 0.5
        in2=$(stat_of "$UD/web2" in)
        if [ "$in1" -gt 0 ] 2> /dev/null && [ "$in1" = "$in2" ]; then pass child/filter-changed-applies
        else fail child/filter-changed-applies "in $in0 -> $in1 -> $in2 (expected growth, then none)"; fi
    else
        fail child/filter-changed-applies "$(tail -n 2 "$UD/web2/log" | tr '\n' ' ')"
    fi
    runuser -u "$U" -- sh -c "echo 'udp and (((' > '$UD/web2/filter'"
    if wait_for "$UD/web2/log" 'filter change refused, the filter stays "udp and ip\[8\] = 1": bad filter expression' 3 &&
       grep -q '^filter udp and ip\[8\] = 1$' "$UD/web2/stats"; then
        pass child/bad-filter-change-keeps-old
    else
        fail child/bad-filter-change-keeps-old "$(tail -n 2 "$UD/web2/log" | tr '\n' ' ')"
    fi
    runuser -u "$U" -- sh -c "echo 'udp' > '$UD/web2/filter'"
    if wait_for "$UD/web2/log" 'filter of VIF pcap/u/web changed to "udp"' 3; then
        sleep 0.5
        in3=$(stat_of "$UD/web2" in)
        if [ "$in3" -gt "$in2" ] 2> /dev/null; then pass child/filter-changed-back
        else fail child/filter-changed-back "in $in2 -> $in3"; fi
    else
        fail child/filter-changed-back "$(tail -n 2 "$UD/web2/log" | tr '\n' ' ')"
    fi
    kill -TERM "$VPID" 2> /dev/null
    wait_vifd
    if [ "$rc" -eq 0 ] && [ "$(json_get "$T/b.json" accounting_ok)" = true ] &&
       ! vt_sanitizer_grep "$T/b.err" > /dev/null; then
        pass perm/run-exit-and-accounting
        if [ "$(json_get "$T/b.json" pcap/u/web.state)" = removed ]; then pass child/removed-vif-in-final-stats
        else fail child/removed-vif-in-final-stats "state $(json_get "$T/b.json" pcap/u/web.state)"; fi
    else
        fail perm/run-exit-and-accounting "vifd exited $rc"
        vt_indent 10 < "$T/b.err"
    fi
fi

# ------------------- (f) helper classes of one name in two jars of one owner
# One VM per owner, its class path newest image first: a jar's helper
# class (not only its main class) already staged into the owner's VM from
# other bytes must not be shared.  pcap/t (tcp) and pcap/u (udp) both
# belong to root.  A.jar = {A, Util v1: drop every packet}, B.jar = {B,
# Util v2: keep every packet}; each VIFlet prints its helper's name.
JARTOOL=$(dirname "$JAVAC")/jar
H=$T/helpers
mkdir -p "$H"/{a,b,c,a2,b2,s,out}
for v in a b c a2 b2; do mkdir -p "$H/$v.cls"; done
cat > "$H/a/A.java" << 'EOF'
import vif.*;
public class A extends VIFlet {
    private final Queue q = new Queue();
    public A() { System.out.println("A uses " + Util.name()); }
    public void enqueue(Packet p) { if (Util.keep(p)) q.enqueue(p); }
    public Packet dequeue() { return q.dequeue(); }
}
EOF
sed 's/\bA\b/B/g' "$H/a/A.java" > "$H/b/B.java"
sed 's/\bA\b/C/g' "$H/a/A.java" > "$H/c/C.java"
for v in a c; do
    printf 'import vif.*;\npublic class Util {\n    static String name() { return "util v1"; }\n    static boolean keep(Packet p) { return false; }\n}\n' > "$H/$v/Util.java"
done
printf 'import vif.*;\npublic class Util {\n    static String name() { return "util v2"; }\n    static boolean keep(Packet p) { return true; }\n}\n' > "$H/b/Util.java"
# the lazy case: A2's helper LazyRule is loaded by name (Class.forName, so
# that compile at load does not load it) at A2's 200th packet, after B2.jar
# (with LazyRule v2) has arrived: it must still be A2.jar's LazyRule v1
for v in a2 b2; do
    printf 'import vif.*;\npublic interface Rule { boolean keep(Packet p); }\n' > "$H/$v/Rule.java"
done
cat > "$H/a2/A2.java" << 'EOF'
import vif.*;
public class A2 extends VIFlet {
    private final Queue q = new Queue();
    private int seen;
    private Rule rule;
    public void enqueue(Packet p) {
        if (++seen == 200) {
            try {
                rule = (Rule) Class.forName("LazyRule").newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e.toString());
            }
        }
        if (rule == null || rule.keep(p)) q.enqueue(p);
    }
    public Packet dequeue() { return q.dequeue(); }
}
EOF
sed 's/\bA2\b/B2/g' "$H/a2/A2.java" > "$H/b2/B2.java"
printf 'import vif.*;\npublic class LazyRule implements Rule {\n    public LazyRule() { System.out.println("lazy rule v1"); }\n    public boolean keep(Packet p) { return false; }\n}\n' > "$H/a2/LazyRule.java"
printf 'import vif.*;\npublic class LazyRule implements Rule {\n    public LazyRule() { System.out.println("lazy rule v2"); }\n    public boolean keep(Packet p) { return true; }\n}\n' > "$H/b2/LazyRule.java"
hok=1
for v in a b c a2 b2; do
    main=$(echo "$v" | tr a-z A-Z)
    if ! "$JAVAC" -d "$H/$v.cls" -cp "$API" "$H/$v"/*.java > "$H/javac-$v.log" 2>&1 ||
       ! "$JARTOOL" cfe "$H/out/$main.jar" "$main" -C "$H/$v.cls" . > "$H/jar-$v.log" 2>&1; then
        fail helpers/setup "$v does not build: $(head -c 300 "$H/javac-$v.log" "$H/jar-$v.log" | tr '\n' ' ')"
        hok=0
    fi
done
# B3.jar: B unchanged, Util v1: a hot swap whose main class is the same
mkdir -p "$H/b3.cls"
cp "$H/b.cls/B.class" "$H/b3.cls/" && cp "$H/a.cls/Util.class" "$H/b3.cls/" &&
    "$JARTOOL" cfe "$H/out/B3.jar" B -C "$H/b3.cls" . || hok=0
chmod -R a+rX "$H"
"$PKTGEN" -o "$T/h.pcap" -n 900 --seed 7 --pps 150 --proto mix || hok=0
# hrun NAME: vifd over h.pcap with pcap/t (tcp) and pcap/u (udp), in the background
hrun() {
    HD=$T/$1
    "$VIFD" --in "pcap:$T/h.pcap" --out "pcap:$T/$1-out.pcap" --dir "$HD" --speed 1 \
        --vif 'pcap/t=tcp' --vif 'pcap/u=udp' --stats "$T/$1.json" > "$T/$1.out" 2> "$T/$1.err" &
    VPID=$!
    wait_for "$HD/pcap/u/stats" '^vif pcap/u' 3
}
# snap DIR: a copy of DIR/stats (one rewrite), read with snap_of KEY
snap() { cp "$1/stats" "$T/snap" 2> /dev/null; }
snap_of() { sed -n "s/^$1 //p" "$T/snap"; }
if [ "$hok" = 1 ]; then
    hrun dh
    TT=$HD/pcap/t UU=$HD/pcap/u
    cp "$H/out/A.jar" "$TT/"
    wait_for "$TT/log" 'loaded A.jar: VIFlet A (owner root)' 3
    if grep -q '^A uses util v1' "$TT/log"; then pass helpers/first-jar-its-helper
    else fail helpers/first-jar-its-helper "$(tail -n 3 "$TT/log" | tr '\n' ' ')"; fi
    # an identical helper (C.jar's Util = A.jar's bytes) stays shared: no new VM
    cp "$H/out/C.jar" "$TT/"
    if wait_for "$TT/log" 'loaded C.jar: VIFlet C (owner root), replacing A' 3 &&
       grep -q '^C uses util v1' "$TT/log" && ! grep -q 'starting a new VM' "$TT/log"; then
        pass helpers/identical-helper-shared
    else
        fail helpers/identical-helper-shared "$(grep -e 'C.jar' -e 'C uses' "$TT/log" | tr '\n' ' ')"
    fi
    cp "$H/out/B.jar" "$UU/"
    wait_for "$UU/log" 'loaded B.jar: VIFlet B (owner root)' 3
    if grep -q '^C uses util v1' "$TT/log" && grep -q '^B uses util v2' "$UU/log"; then
        pass helpers/each-jar-its-own-helper
    else
        fail helpers/each-jar-its-own-helper "pcap/t: $(grep uses "$TT/log" | tr '\n' ' ') pcap/u: $(grep uses "$UU/log" | tr '\n' ' ')"
    fi
    if grep -q 'B.jar: class Util changed: starting a new VM for owner root' "$UU/log"; then
        pass helpers/new-vm-logged-naming-the-class
    else
        fail helpers/new-vm-logged-naming-the-class "$(grep vifd: "$UU/log" | tail -n 3 | tr '\n' ' ')"
    fi
    # packets: pcap/t's VIFlet (Util v1) drops every one, pcap/u's (v2) none
    sleep 1
    snap "$TT"; ta=$(snap_of enqueue_calls) td=$(snap_of dropped_handler)
    snap "$UU"; ua=$(snap_of enqueue_calls) ud=$(snap_of dropped_handler)
    if [ "${ta:-0}" -gt 20 ] && [ "$td" = "$ta" ] && [ "${ua:-0}" -gt 20 ] && [ "$ud" = 0 ]; then
        pass helpers/each-viflet-its-own-helper-behaviour
    else
        fail helpers/each-viflet-its-own-helper-behaviour "pcap/t: $td of $ta dropped (want all), pcap/u: $ud of $ua dropped (want none)"
    fi
    # hot swap of a jar with the same main class (same bytes) and another Util
    cp "$H/out/B3.jar" "$UU/"
    if wait_for "$UU/log" 'loaded B3.jar: VIFlet B (owner root), replacing B' 3 &&
       grep -q 'B3.jar: class Util changed: starting a new VM for owner root' "$UU/log" &&
       grep -q '^B uses util v1' "$UU/log"; then
        pass helpers/same-main-class-new-helper-new-vm
    else
        fail helpers/same-main-class-new-helper-new-vm "$(tail -n 3 "$UU/log" | tr '\n' ' ')"
    fi
    # a jar whose classes cannot be listed (a .class entry fails its CRC;
    # the VIFlet itself never loads it): a fresh VM, not shared; and since
    # k17 every class of a jar is loaded at its load (vm_prepare_image), so
    # the entry refuses the jar, naming it, and B keeps running
    python3 - "$H/out/B3.jar" "$H/out/Bad.jar" << 'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_STORED) as o:
    for i in z.infolist():
        o.writestr(i.filename, z.read(i.filename))
    o.writestr("Junk.class", b"JUNKJUNKJUNKJUNK")
b = bytearray(open(sys.argv[2], "rb").read())
k = b.find(b"JUNKJUNKJUNKJUNK")
b[k] ^= 1
open(sys.argv[2], "wb").write(bytes(b))
EOF
    cp "$H/out/Bad.jar" "$UU/"
    if wait_for "$UU/log" 'load of Bad.jar failed: class B refused: class Junk of the upload: .*CRC-32 mismatch.*B keeps running' 3 &&
       grep -q 'Bad.jar: its classes cannot be listed (.*): starting a new VM for owner root' "$UU/log"; then
        pass helpers/unlistable-jar-new-vm
    else
        fail helpers/unlistable-jar-new-vm "$(grep Bad.jar "$UU/log" | tr '\n' ' ')"
    fi
    kill -TERM "$VPID" 2> /dev/null
    wait_vifd
    if [ "$rc" -eq 0 ] && [ "$(json_get "$T/dh.json" accounting_ok)" = true ] &&
       ! san=$(vt_sanitizer_grep "$T/dh.err"); then
        pass helpers/run-exit-and-accounting
    else
        fail helpers/run-exit-and-accounting "vifd exited $rc ${san:-}"
        vt_indent 10 < "$T/dh.err"
    fi

    # the lazy case
    hrun dl
    TT=$HD/pcap/t UU=$HD/pcap/u
    cp "$H/out/A2.jar" "$TT/"
    wait_for "$TT/log" 'loaded A2.jar: VIFlet A2 (owner root)' 3
    cp "$H/out/B2.jar" "$UU/"
    wait_for "$UU/log" 'loaded B2.jar: VIFlet B2 (owner root)' 3
    early=$(stat_of "$TT" enqueue_calls)
    if [ "${early:-999}" -ge 150 ]; then
        fail helpers/lazy-setup "A2 had seen ${early:-?} packets when B2.jar was loaded (its helper must be first used after that, at 200: machine too slow?)"
    elif wait_for "$TT/log" '^lazy rule v' 6 && sleep 0.5 &&
         grep -q '^lazy rule v1' "$TT/log" && ! grep -q '^lazy rule v2' "$TT/log"; then
        pass helpers/lazy-helper-from-its-own-jar
    else
        fail helpers/lazy-helper-from-its-own-jar "pcap/t (A2.jar, LazyRule v1) printed: $(grep '^lazy' "$TT/log" | tr '\n' ' ')"
    fi
    # LazyRule v1 drops every packet from the 200th on (with --workers,
    # workers_all.sh: each worker's instance from its own 200th); B2's v2 none
    sleep 0.5
    snap "$TT"; ta=$(snap_of enqueue_calls) td=$(snap_of dropped_handler)
    snap "$UU"; ud=$(snap_of dropped_handler)
    if [ "${ta:-0}" -gt 220 ] && [ "$td" -gt 0 ] && [ "$td" -le $((ta - 199)) ] && [ "$ud" = 0 ]; then
        pass helpers/lazy-helper-behaviour
    else
        fail helpers/lazy-helper-behaviour "pcap/t: $td of $ta dropped (want all from the 200th), pcap/u: $ud dropped (want none)"
    fi
    kill -TERM "$VPID" 2> /dev/null
    wait_vifd
    if [ "$rc" -eq 0 ] && [ "$(json_get "$T/dl.json" accounting_ok)" = true ] &&
       ! san=$(vt_sanitizer_grep "$T/dl.err"); then
        pass helpers/lazy-run-exit-and-accounting
    else
        fail helpers/lazy-run-exit-and-accounting "vifd exited $rc ${san:-}"
        vt_indent 10 < "$T/dl.err"
    fi
fi

# ------------------------------------------------- the configuration file
D=$T/dc
cat > "$T/vifd.conf" << EOF
# a whole setup in one file
in pcap:$T/a.pcap
out pcap:$T/c-out.pcap
dir $D
vif pcap/tcp tcp
vif pcap/tcp/web tcp port 80
owner pcap/tcp nobody
load pcap/tcp $C/Tagger.class bob
policy pcap/tcp drop
quota pcap/tcp 100
budget pcap/tcp 50000
stats $T/c.json
quiet
EOF
(umask 077; exec timeout 30 "$VIFD" --config "$T/vifd.conf" > "$T/c.out" 2> "$T/c.err")
rc=$?
if [ "$rc" -eq 0 ] && [ "$(json_get "$T/c.json" pcap/tcp.owner)" = bob ] &&
   [ "$(json_get "$T/c.json" pcap/tcp.policy)" = drop ] && [ "$(json_get "$T/c.json" pcap/tcp.quota)" = 100 ] &&
   [ "$(json_get "$T/c.json" pcap/tcp/web.in)" -gt 0 ] && [ "$(stat -c %U "$D/pcap/tcp")" = nobody ] &&
   [ "$(stat -c %U "$D/pcap/tcp/web")" = nobody ] && [ "$(stat_of "$D/pcap/tcp" viflet)" = Tagger ]; then
    pass config/whole-setup-from-one-file
else
    fail config/whole-setup-from-one-file "rc $rc: $(head -c 300 "$T/c.err" | tr '\n' ' ')"
fi
if [ "$(stat -c %a "$D/pcap/tcp/web")" = 755 ] && [ "$(stat -c %a "$D/pcap/tcp/log")" = 644 ] &&
   [ "$(stat -c %a "$D/pcap/tcp/stats")" = 644 ]; then
    pass dir/modes-despite-umask-077
else
    fail dir/modes-despite-umask-077 "$(stat -c '%n %a' "$D/pcap/tcp/web" "$D/pcap/tcp/log" "$D/pcap/tcp/stats" | tr '\n' ' ')"
fi
mkdir -m 1777 "$T/open"
if timeout 10 "$VIFD" --in "pcap:$T/a.pcap" --out "pcap:$T/x.pcap" --dir "$T/open" > /dev/null 2> "$T/open.err"; then
    fail dir/world-writable-refused "accepted"
elif grep -q 'must be owned by root and writable by root only' "$T/open.err"; then
    pass dir/world-writable-refused
else
    fail dir/world-writable-refused "$(head -c 200 "$T/open.err")"
fi
printf 'vif pcap/x\n' > "$T/bad.conf"
if timeout 10 "$VIFD" --config "$T/bad.conf" > /dev/null 2> "$T/cb.err"; then
    fail config/bad-line "accepted"
elif grep -q 'bad.conf:1: vif PATH FILTER' "$T/cb.err"; then
    pass config/bad-line
else
    fail config/bad-line "$(head -c 200 "$T/cb.err")"
fi

echo "inject: $nfail failed"
[ "$nfail" -eq 0 ]
