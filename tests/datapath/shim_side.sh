# tests/datapath/shim_side.sh - sourced by the vifd shims (fuse_shim.sh,
# workers_shim.sh), which run vifd a second time with its files redirected.
# shim_side SIDE ARGS...: sets u to ARGS with --out, --stats, --logdir and
# --timeline pointing into directory SIDE (out.pcap, stats.json, logs/,
# timeline.jsonl), and out (without pcap:), stats, logdir, tl to the values
# ARGS gave them (empty when absent).
shim_side() {
    local side=$1 a v i
    shift
    local args=("$@")
    u=() out="" stats="" logdir="" tl=""
    for ((i = 0; i < ${#args[@]}; i++)); do
        a=${args[$i]}
        case $a in
            --out|--stats|--logdir|--timeline)
                v=${args[$((i + 1))]:-}; i=$((i + 1))
                case $a in
                    --out) out=${v#pcap:}; u+=(--out "pcap:$side/out.pcap") ;;
                    --stats) stats=$v; u+=(--stats "$side/stats.json") ;;
                    --logdir) logdir=$v; mkdir -p "$side/logs"; u+=(--logdir "$side/logs") ;;
                    --timeline) tl=$v; u+=(--timeline "$side/timeline.jsonl") ;;
                esac ;;
            *) u+=("$a") ;;
        esac
    done
}
