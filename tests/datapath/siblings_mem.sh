#!/usr/bin/env bash
# tests/datapath/siblings_mem.sh - the per-VIF memory layout of issue 14's
# "Many siblings" work changes no result: native filters' code packed on a
# few pages (dp_codemem.c; VIFD_CODE_PACK=off: a page per filter), VIFs in
# slabs (dp_tree.c; VIFD_VIF_SLAB=off: one by one), histograms out of
# line.  Each configuration runs offline over captures with VIFlets and with
# hundreds of sibling VIFs (some with grandchildren and VIFlets, filters of
# several shapes, so the sibling dispatch, the tree function and the
# one-by-one way all run; filters changed while packets flow are
# inject.sh's, which runs with the packing on); the output capture must be byte-identical and the --stats JSON identical but
# for the timing fields (handler times, fusion build times) across the
# switches, and, given a second vifd (BASE, e.g. main's built in an
# untouched worktree), to that vifd's.
#
#   tests/datapath/siblings_mem.sh [VIFD [BASE]]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE/../.." || exit 2
. tests/lib.sh
vt_find_jdk || exit 2
VIFD=${1:-build/release/vifd}
BASE=${2:-}
BIN=$(dirname "$VIFD")
PKTGEN=$BIN/pktgen_pcap API=build/vif-api.jar
for f in "$VIFD" "$PKTGEN" "$API" $BASE; do
    [ -e "$f" ] || { echo "FAIL: datapath/siblings-mem/setup: $f missing (make)"; exit 1; }
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
[ -n "${KEEP:-}" ] && { trap - EXIT; echo "kept $T"; }

nfail=0
pass() { echo "PASS: datapath/siblings-mem/$1"; }
fail() { echo "FAIL: datapath/siblings-mem/$1: $2"; nfail=$((nfail + 1)); }

if ! "$JAVAC" -d "$T/cls" -cp "$API" "$HERE"/viflets/{Relay,Hoarder,PriQ_VIFlet,Tagger}.java \
        > "$T/javac.log" 2>&1; then
    fail setup/javac "test VIFlets do not compile: $(head -c 200 "$T/javac.log")"
    exit 1
fi
C=$T/cls
"$PKTGEN" -o "$T/mix.pcap" -n 3000 --proto mix --seed 7 > /dev/null ||
    { fail setup/pktgen "pktgen_pcap failed"; exit 1; }
# 4000 UDP packets to ports 20000..20599 and hosts 10.2.x.y (some matching
# no child), 600 siblings of two shapes
python3 - "$T" <<'PY' || { fail setup/capture "capture generation failed"; exit 1; }
import struct, sys
t = sys.argv[1]
with open(f'{t}/sib.pcap', 'wb') as f:
    f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for i in range(4000):
        j = (i * 7919) % 660
        dport = 20000 + j
        dst = bytes([10, 2, (j // 200) % 256, j % 200 + 1])
        payload = bytes(16 + i % 200)
        udp = struct.pack('!HHHH', 30000 + i % 77, dport, 8 + len(payload), 0) + payload
        ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(udp), i, 0, 64, 17, 0,
                         bytes([10, 0, 0, 1 + i % 50]), dst)
        frame = bytes([2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2, 8, 0]) + ip + udp
        f.write(struct.pack('<IIII', 1 + i // 1000, (i * 997) % 1000000, len(frame), len(frame)) + frame)
with open(f'{t}/sib.args', 'w') as a:
    for j in range(300):
        a.write(f'--vif\npcap/p{j}=udp dst port {20000 + j}\n')
    for j in range(300):
        a.write(f'--vif\npcap/h{j}=dst host 10.2.{(300 + j) // 200}.{(300 + j) % 200 + 1}\n')
    a.write('--vif\npcap/p7/big=greater 150\n--vif\npcap/p7/small=less 100\n')
    a.write(f'--load\npcap/p7/big={t}/cls/Relay.class:u7\n')
    a.write(f'--load\npcap/p9={t}/cls/PriQ_VIFlet.class:u9\n')
    a.write(f'--load\npcap/h5={t}/cls/Hoarder.class:u5\n')
    a.write(f'--load\npcap/p250={t}/cls/Tagger.class:u250\n')
PY
mapfile -t SIB < "$T/sib.args"
TREE=(--vif pcap/udp=udp --vif pcap/tcp=tcp --vif "pcap/udp/dns=port 53"
      --vif "pcap/tcp/web=tcp port 80 or tcp port 443" --vif "pcap/tcp/web/big=greater 600"
      --load "pcap/udp=$C/Relay.class" --load "pcap/tcp=$C/PriQ_VIFlet.class:bob"
      --load "pcap/tcp/web/big=$C/Tagger.class:bob" --load "pcap/udp/dns=$C/Hoarder.class:dns")

# the JSON without what varies from run to run (CPU time, build times,
# the fused path code's make times)
norm() {
    python3 - "$1" <<'PY'
import json, sys
TIMING = {'handler_ns', 'build_ns', 'build_ns_last', 'build_ns_max_path'}
def strip(x):
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            if k in TIMING or k.startswith('path_code_ns'): continue
            if k == 'handler_call_ns': v = {'timed_calls': v.get('timed_calls')}
            out[k] = strip(v)
        return out
    if isinstance(x, list): return [strip(v) for v in x]
    return x
print(json.dumps(strip(json.load(open(sys.argv[1]))), indent=1, sort_keys=True))
PY
}

# one NAME BIN ENV... -- ARGS...: a run; its capture and normalized JSON in $T/NAME.*
one() {
    local name=$1 bin=$2; shift 2
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    if ! env "${envs[@]}" timeout -k 5 120 "$bin" --out "pcap:$T/$name.pcap" \
            --stats "$T/$name.json" "$@" > "$T/$name.out" 2> "$T/$name.err"; then
        fail "$name" "vifd failed: $(tail -n 3 "$T/$name.err" | tr '\n' ' ')"
        return 1
    fi
    if san=$(vt_sanitizer_grep "$T/$name.err"); then
        fail "$name" "sanitizer: ${san:0:150}"
        return 1
    fi
    norm "$T/$name.json" > "$T/$name.norm"
}
same() {   # NAME REF OTHER: captures and normalized JSON equal
    if ! cmp -s "$T/$2.pcap" "$T/$3.pcap"; then
        fail "$1" "output capture differs ($2 vs $3)"
    elif ! cmp -s "$T/$2.norm" "$T/$3.norm"; then
        fail "$1" "statistics differ: $(diff "$T/$2.norm" "$T/$3.norm" | head -n 4 | tr '\n' ' ')"
    else
        pass "$1"
    fi
}

SWITCHES=("VIFD_CODE_PACK=off" "VIFD_VIF_SLAB=off" "VIFD_CODE_PACK=off VIFD_VIF_SLAB=off")
for cfg in tree sib sibfw; do
    case $cfg in
        tree) args=(--in "pcap:$T/mix.pcap" "${TREE[@]}") ;;
        sib) args=(--in "pcap:$T/sib.pcap" "${SIB[@]}") ;;
        sibfw) args=(--in "pcap:$T/sib.pcap" "${SIB[@]}" --framework-only) ;;
    esac
    one "$cfg-on" "$VIFD" X=1 -- "${args[@]}" || continue
    # the packets went somewhere other than the root (the tree is used)
    if python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
busy = [v for v in d['vifs'][1:] if v['in'] > 0]
sys.exit(0 if len(busy) >= 3 else 1)" "$T/$cfg-on.json"; then pass "$cfg/children-used"
    else fail "$cfg/children-used" "fewer than 3 child VIFs saw packets"; fi
    k=0
    for sw in "${SWITCHES[@]}"; do
        k=$((k + 1))
        # shellcheck disable=SC2086
        one "$cfg-off$k" "$VIFD" $sw -- "${args[@]}" && same "$cfg/same-with-$(tr ' =' '+:' <<< "$sw")" "$cfg-on" "$cfg-off$k"
    done
    one "$cfg-interp" "$VIFD" X=1 -- "${args[@]}" --native-filters off &&
        same "$cfg/same-as-interpreted-filters" "$cfg-on" "$cfg-interp"
    if [ -n "$BASE" ]; then
        one "$cfg-base" "$BASE" X=1 -- "${args[@]}" && same "$cfg/same-as-base" "$cfg-on" "$cfg-base"
    fi
done

echo "siblings-mem: $nfail failed"
[ "$nfail" = 0 ]
