# tests/lib.sh - shell helpers shared by the test scripts (source it, do not run it).
#
#   VIFVM_ROOT        absolute path of the repository root
#   vt_find_jdk       sets JAVA and JAVAC (OpenJDK 17 preferred, see below)
#   vt_sanitizer_grep FILE   prints the first sanitizer report line in FILE, if any
#   vt_indent [N]     indents stdin by 4 spaces (at most N lines, default 20)
#   vt_hash FILE...   sha256 of the files' contents (one hex word)

VIFVM_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The JDK that produces expected outputs: $JAVA_HOME if it has javac, else the
# Debian OpenJDK 17 directory, else whatever `javac` on PATH belongs to.
vt_find_jdk() {
    local home=""
    if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
        home=$JAVA_HOME
    else
        local d
        for d in /usr/lib/jvm/java-17-openjdk-*; do
            if [ -x "$d/bin/javac" ]; then home=$d; break; fi
        done
    fi
    if [ -z "$home" ] && command -v javac >/dev/null 2>&1; then
        home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    fi
    if [ -z "$home" ] || [ ! -x "$home/bin/java" ] || [ ! -x "$home/bin/javac" ]; then
        echo "error: no JDK found (install openjdk-17-jdk-headless: scripts/install-deps.sh)" >&2
        return 1
    fi
    JAVA=$home/bin/java
    JAVAC=$home/bin/javac
}

# Sanitizer / valgrind report markers that make a run fail whatever its output.
vt_sanitizer_grep() {
    grep -m1 -E 'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:' "$1" 2>/dev/null
}

vt_indent() {
    head -n "${1:-20}" | sed 's/^/    /'
}

vt_hash() {
    cat "$@" | sha256sum | cut -c1-64
}

# vt_start_bridge NS IFACES SECS NAME ARGS...: `$VIFD --bridge IFACES
# --stats $T/NAME.json ARGS...` in network namespace NS, in the background
# for at most SECS seconds (its pid in VPID and appended to BG; output in
# $T/NAME.out and $T/NAME.err); returns 0 once it says it is bridging,
# 1 if it exits or has not said so within 10 s (then it is killed).
vt_start_bridge() {
    local ns=$1 ifaces=$2 secs=$3 name=$4
    shift 4
    timeout -k 5 "$secs" ip netns exec "$ns" "$VIFD" --bridge "$ifaces" --stats "$T/$name.json" "$@" \
        > "$T/$name.out" 2> "$T/$name.err" &
    VPID=$!
    BG+=("$VPID")
    for _ in $(seq 1 200); do
        grep -q 'vifd: bridging' "$T/$name.err" 2> /dev/null && return 0
        kill -0 "$VPID" 2> /dev/null || return 1
        sleep 0.05
    done
    kill "$VPID" 2> /dev/null
    return 1
}

# vt_dp_inputs NAME [VIFD] [PKTGEN]: the binaries a datapath test script
# runs: VIFD (default build/release/vifd) and PKTGEN (default the
# pktgen_pcap beside it), both made absolute, and API (build/vif-api.jar);
# prints "FAIL: NAME/setup: F missing (make)" and exits 1 if one is missing.
vt_dp_inputs() {
    local name=$1 f
    VIFD=${2:-build/release/vifd}
    PKTGEN=${3:-$(dirname "$VIFD")/pktgen_pcap}
    API=build/vif-api.jar
    for f in "$VIFD" "$PKTGEN" "$API"; do
        [ -e "$f" ] || { echo "FAIL: $name/setup: $f missing (make)"; exit 1; }
    done
    VIFD=$(readlink -f "$VIFD")
    PKTGEN=$(readlink -f "$PKTGEN")
}

# vt_results PREFIX [LINES]: nfail=0, and the result lines of a test script:
#   pass NAME [NOTE]    "PASS: PREFIXNAME" (" (NOTE)" after it if given)
#   fail NAME MSG       "FAIL: PREFIXNAME: MSG", counted in nfail
#   check NAME CMD...   pass if CMD (a checker) succeeds, else fail with the
#                       first LINES (default 6) lines of its output
vt_results() {
    VT_PREFIX=$1
    VT_CHECK_LINES=${2:-6}
    nfail=0
    pass() { echo "PASS: $VT_PREFIX$1${2:+ ($2)}"; }
    fail() { echo "FAIL: $VT_PREFIX$1: $2"; nfail=$((nfail + 1)); }
    check() {
        local name=$1 msg
        shift
        if msg=$("$@" 2>&1); then pass "$name"; else fail "$name" "$(echo "$msg" | head -n "$VT_CHECK_LINES" | tr '\n' ' ')"; fi
    }
}

# vt_tempdir: T, a fresh temporary directory removed at exit unless KEEP is
# set (then its path is printed).
vt_tempdir() {
    T=$(mktemp -d)
    if [ -n "${KEEP:-}" ]; then echo "keeping $T"; fi
    trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
}
