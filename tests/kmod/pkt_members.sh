#!/usr/bin/env bash
# tests/kmod/pkt_members.sh - on the host, no qemu: every member of
# vif.Packet (src/lib/java/vif/Packet.java: its public methods and the
# package-private fields data and len) is in exactly one of the module's
# three lists in src/kmod/vifvm_viflet.c: kvl_pkt_writers, kvl_pkt_readers
# (both: the packet is copied into its Packet whole) or the comment line
# "prefix-safe:" (members that read no byte past KVL_PREFIX).  A member
# added to Packet.java without being placed fails here, before it could
# read bytes the module did not copy.  Then a self-test: the same check
# on a copy of Packet.java with one more method must fail.
#   tests/kmod/pkt_members.sh [PACKET_JAVA [VIFLET_C]]
# Prints PASS:/FAIL: lines.
cd "$(dirname "$0")/../.."
pj=${1:-src/lib/java/vif/Packet.java}
vc=${2:-src/kmod/vifvm_viflet.c}

members() {  # the names, one a line
    { grep -oE '^    public [^=(]*[ ]([A-Za-z0-9_]+)\(' "$1" | sed -E 's/.* ([A-Za-z0-9_]+)\($/\1/'
      grep -qE '^    byte\[\] data;' "$1" && echo data
      grep -qE '^    int len;' "$1" && echo len; } | sort -u
}
list() {  # the strings of the C array $2 in $1
    awk -v a="$2" '$0 ~ "static const char \\*const " a "\\[\\]" {on = 1; next} on && /};/ {on = 0} on' "$1" |
        grep -oE '"[A-Za-z0-9_]+"' | tr -d '"'
}
check() {  # 0 if every member of $1 is in exactly one list of $2; the misfits on stdout
    local w r s bad=0 m n
    w=$(list "$2" kvl_pkt_writers) r=$(list "$2" kvl_pkt_readers)
    s=$(sed -n 's/^ \* prefix-safe: //p' "$2")
    [ -n "$w" ] && [ -n "$r" ] && [ -n "$s" ] || { echo "lists not found in $2"; return 1; }
    for m in $(members "$1"); do
        n=0
        for x in $w $r $s; do [ "$x" = "$m" ] && n=$((n + 1)); done
        [ $n = 1 ] || { echo "$m in $n lists"; bad=1; }
    done
    return $bad
}

if out=$(check "$pj" "$vc"); then
    echo "PASS: kmod/pkt-members ($(members "$pj" | wc -l) members of vif.Packet placed)"
else
    echo "FAIL: kmod/pkt-members: $(echo $out)"
fi
t=$(mktemp)
sed 's/^    public int length() {/    public int peekAnywhere(int off) { return 0; }\n&/' "$pj" > "$t"
if ! check "$t" "$vc" >/dev/null && ! cmp -s "$t" "$pj"; then
    echo "PASS: kmod/pkt-members-selftest (an unplaced member fails)"
else
    echo "FAIL: kmod/pkt-members-selftest: a member added to Packet.java went unnoticed"
fi
rm -f "$t"
