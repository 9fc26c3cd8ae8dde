# tests/datapath/live_env.sh - sourced by the live tests (live.sh,
# live_workers.sh) after they set LIVE_NAME (the check prefix,
# datapath/$LIVE_NAME/...): finds the tools (the caller's $1 VIFD, $2
# PKTGEN), skips where namespaces cannot be made (not root, no ip, no
# veth), creates the three namespaces
#   gen (vfg0) <-veth-> (vfd0) dp (vfd1) <-veth-> (vfs0) sink
# named with the caller's PID, with IPv6 off, removed on exit (cleanup
# also kills the PIDs the caller adds to BG), defines pass/fail/check
# (nfail counts failures), builds live_tool into $T ($TOOL), and defines
# the helpers start_vifd, start_capture, send and vifd_done.
# shellcheck shell=bash
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=tests/lib.sh
. tests/lib.sh
vt_find_jdk || exit 2

vt_dp_inputs "datapath/$LIVE_NAME" "${1:-}" "${2:-}"
CHECK="python3 $HERE/livecheck.py"

skip() { echo "SKIP: datapath/$LIVE_NAME: $1"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "needs root to create network namespaces"
command -v ip > /dev/null || skip "the ip command (iproute2) is not installed"

ID=$$
G=vfgen$ID D=vfdp$ID S=vfsink$ID
T=$(mktemp -d)
BG=()
cleanup() {
    local p
    for p in "${BG[@]}"; do kill "$p" 2> /dev/null; done
    for ns in "$G" "$D" "$S"; do ip netns del "$ns" 2> /dev/null; done
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! err=$(ip netns add "$G" 2>&1); then skip "cannot create network namespaces: $err"; fi
ip netns add "$D" && ip netns add "$S" || skip "cannot create network namespaces"
for ns in "$G" "$D" "$S"; do
    for k in all default; do ip netns exec "$ns" sysctl -qw "net.ipv6.conf.$k.disable_ipv6=1" 2> /dev/null; done
done
if ! ip -n "$G" link add name vfg0 type veth peer name vfd0 netns "$D" 2> "$T/ip.err" ||
   ! ip -n "$D" link add name vfd1 type veth peer name vfs0 netns "$S" 2>> "$T/ip.err"; then
    skip "cannot create veth pairs: $(head -c 200 "$T/ip.err")"
fi
ip -n "$G" link set dev vfg0 up && ip -n "$D" link set dev vfd0 up &&
    ip -n "$D" link set dev vfd1 up && ip -n "$S" link set dev vfs0 up || skip "cannot bring veths up"

vt_results "datapath/$LIVE_NAME/" 3

# ------------------------------------------------------------------ setup
if ! cc -std=c11 -O2 -Wall -Wextra -o "$T/live_tool" "$HERE/live_tool.c" -lpcap 2> "$T/cc.log"; then
    fail setup/live_tool "tests/datapath/live_tool.c does not build"
    vt_indent < "$T/cc.log"
    exit 1
fi
TOOL=$T/live_tool

# start_vifd NAME ARGS...: vifd --bridge vfd0,vfd1 in the dp namespace, in
# the background ($VPID); waits until it is bridging.
start_vifd() {
    local name=$1; shift
    vt_start_bridge "$D" vfd0,vfd1 30 "$name" "$@"
}
# start_capture NAME NS IFACE COUNT: capture into $T/NAME.pcap ($CPID).
start_capture() {
    timeout 25 ip netns exec "$2" "$TOOL" capture "$3" "$T/$1.pcap" --count "$4" --timeout 20 \
        --idle 3 > "$T/$1.cap" 2>&1 &
    CPID=$!
    BG+=("$CPID")
    for _ in $(seq 1 100); do
        [ -e "$T/$1.pcap.ready" ] && return 0
        sleep 0.05
    done
    return 1
}
# send NS IFACE FILE [PPS]
send() {
    timeout 20 ip netns exec "$1" "$TOOL" send "$2" "$3" --pps "${4:-20000}" > /dev/null 2>> "$T/send.err"
}
# vifd_done NAME: wait for vifd; its exit status in rc; sanitizer reports fail.
vifd_done() {
    wait "$VPID"
    rc=$?
    if san=$(vt_sanitizer_grep "$T/$1.err"); then
        fail "$1" "sanitizer: ${san:0:150}"
        rc=99
    elif [ "$rc" -ne 0 ]; then
        fail "$1" "vifd exited with $rc: $(tail -n 3 "$T/$1.err" | tr '\n' ' ')"
    fi
    [ "$rc" -eq 0 ]
}
