#!/usr/bin/env bash
# tests/kmod/run.sh - vifvm.ko tested in the Debian 12 distribution kernel
# under qemu (TCG, no KVM needed).
#
#   tests/kmod/run.sh [--no-selftest] [FILTER]
#   tests/kmod/run.sh --bench     kernel vs user: examples/Sieve.java run 3
#                                 times each way in one guest, per engine
#
# Builds the module (make kmod), compiles the test programs below with
# javac --release 8 (several classes: a JAR with Main-Class) and runs them on
# OpenJDK for the expected stdout and exit status, builds a busybox
# initramfs (tests/kmod/init.sh as /init, the module, the programs), boots
# the kernel image of the linux-image package (scripts/install-kernel-deps.sh:
# extracted, not installed) with oops=panic panic_on_warn=1 panic=-1, and in
# the guest runs each program through /proc/vifvm/run under the JIT and the
# interpreter, comparing with java.  Then, in the same boot, the harness
# self-test: the module reloaded with fault=1 (wrong output) must give a
# wrong output, and with fault=2 (a kernel WARNING) must be caught on the
# console (it panics the guest: panic_on_warn).
#
# Then a second boot (kt_qdisc=1) tests the vifvm qdisc with real traffic
# (tests/kmod/qdisc.sh in the guest: kpkt's numbered frames through a veth
# pair; relay, tc's dump through the q_vifvm.so plugin, a drop filter, hot
# swap under traffic, PriQ under tbf, a three-level chain with three
# owners, the permission rules as non-root uids, the hostile VIFlets, clean
# removal); KT_PARTS="main qdisc" (default) chooses the boots.
#
# Prints PASS: / FAIL: / SKIP: lines (kmod/<engine>/<Name>, kmod/kernel,
# kmod/modinfo, kmod/hostile/*, kmod/selftest-*, kmod/qdisc/*), then "N passed, N failed, N skipped";
# exit 1 if anything failed.  SKIP only when qemu or the kernel cannot be
# had at all.  Logs: build/kmod-test/console*.log.
# Environment: KMOD_TIMEOUT (seconds per boot, default 300), KT_QEMU_ARGS
# (added to qemu's command line, e.g. "-accel kvm -cpu host" for a KVM
# guest where /dev/kvm works; the tests use TCG), KVER, KDIR,
# KMOD_APPEND (more kernel command-line words, e.g. loglevel=8).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
W=$root/build/kmod-test
mkdir -p "$W"
selftest=1 bench=0
[ "${1:-}" = --no-selftest ] && { selftest=0; shift; }
[ "${1:-}" = --bench ] && { bench=1; shift; }
filter=${1:-.}
# Name[:engines]: AllocCycles (197 collections) runs under the JIT only: under
# TCG on this 2-core machine its interpreted run holds a CPU for ~17 s, and a
# VM run is not preemptible (kernel_fpu section, src/kmod/vifvm_run.c), so it
# would come too close to the kernel's 20 s soft-lockup watchdog.
TESTS="HelloWorld PrimeFactors IntArith LongArith DoubleArith StringBuilderOps StringConcat ArrayListOps HashMapOps ExceptionTypes TryCatchBasic StackOverflow AllocCycles:jit"

pass=0 fail=0 skip=0
PASS() { echo "PASS: $1"; pass=$((pass + 1)); }
FAIL() { echo "FAIL: $1"; fail=$((fail + 1)); }
SKIP() { echo "SKIP: $1"; skip=$((skip + 1)); }
finish() { echo "$pass passed, $fail failed, $skip skipped"; [ $fail = 0 ]; exit $?; }

# ---- vifctl's kernel home, on the host (tests/kmod/vifctl_proc.sh: no qemu)
if [ $bench = 0 ]; then
    if make -s build/release/vifctl -j2 >"$W/build-vifctl.log" 2>&1; then
        while read -r l; do
            case $l in PASS:*) PASS "${l#PASS: }" ;; FAIL:*) FAIL "${l#FAIL: }" ;; esac
        done < <(tests/kmod/vifctl_proc.sh build/release/vifctl)
    else
        FAIL "kmod/vifctl/build: make build/release/vifctl failed (build/kmod-test/build-vifctl.log)"
    fi
fi

# ---- every member of vif.Packet placed for the copy into a Packet (on the
# host: tests/kmod/pkt_members.sh)
if [ $bench = 0 ]; then
    while read -r l; do
        case $l in PASS:*) PASS "${l#PASS: }" ;; FAIL:*) FAIL "${l#FAIL: }" ;; esac
    done < <(tests/kmod/pkt_members.sh)
fi

# ---- what it needs
deps=$(scripts/install-kernel-deps.sh 2>"$W/deps.log" | tail -1)
if [[ "$deps" != KVER=* ]]; then
    SKIP "kmod: kernel test dependencies unavailable: $(tail -1 "$W/deps.log")"
    finish
fi
eval "$deps"
export KVER
KDIR=${KDIR:-/lib/modules/$KVER/build}
for t in qemu-system-x86_64 cpio javac java jar; do
    command -v $t >/dev/null || { SKIP "kmod: $t not found"; finish; }
done
BUSYBOX=$(command -v busybox || true)
if [ -z "$BUSYBOX" ] || ! file -L "$BUSYBOX" 2>/dev/null | grep -q static; then
    [ -x /bin/busybox ] && BUSYBOX=/bin/busybox
fi

# ---- the module
t0=$(date +%s)
if ! make -s kmod KVER="$KVER" KDIR="$KDIR" -j2 >"$W/build.log" 2>&1; then
    FAIL "kmod/build: make kmod failed (build/kmod-test/build.log)"
    tail -20 "$W/build.log"
    finish
fi
echo "# module built in $(( $(date +%s) - t0 )) s"
KO=$root/build/kmod/vifvm.ko
parms=$(/sbin/modinfo -F parm "$KO" 2>/dev/null | wc -l)
if [ "$parms" -ge 5 ] && /sbin/modinfo -F license "$KO" | grep -q GPL; then
    PASS "kmod/modinfo ($parms parameters described)"
else
    FAIL "kmod/modinfo: parameters not described (modinfo -F parm: $parms)"
fi

# ---- the programs and java's expectations
T=$W/t
rm -rf "$T" && mkdir -p "$T"
ran=""
for spec in $TESTS; do
    name=${spec%%:*}
    [[ $name =~ $filter ]] || continue
    src=tests/conformance/$name.java
    c=$W/classes/$name
    e=$W/expected/$name    # java's output, kept while the source is unchanged
    sum=$(sha256sum "$src" | cut -d' ' -f1)
    if [ "$(cat "$e.sha" 2>/dev/null)" != "$sum" ]; then
        rm -rf "$c" && mkdir -p "$c" "$W/expected" && rm -f "$e.sha"
        if ! javac --release 8 -nowarn -d "$c" "$src" >"$W/javac-$name.log" 2>&1; then
            FAIL "kmod/javac/$name: javac failed"
            continue
        fi
        java -cp "$c" "$name" >"$e.out" 2>/dev/null
        echo $? >"$e.rc"
        echo "$sum" >"$e.sha"
    fi
    cp "$e.out" "$T/$name.out"
    cp "$e.rc" "$T/$name.rc"
    n=$(find "$c" -name '*.class' | wc -l)
    if [ "$n" = 1 ]; then
        cp "$c/$name.class" "$T/$name.class"
    else
        (cd "$c" && jar cfe "$T/$name.jar" "$name" $(find . -name '*.class' | sed 's|^\./||'))
    fi
    [ "$spec" != "$name" ] && echo "${spec#*:}" >"$T/$name.engines"
    ran="$ran $name"
done

# hostile programs (tests/hostile/java), checked in the guest: garbage and
# a truncated class, an endless loop under a small budget, an allocation bomb
H=$W/h
rm -rf "$H" && mkdir -p "$H"
if ! javac --release 8 -nowarn -d "$H" tests/hostile/java/LoopMain.java tests/hostile/java/AllocBomb.java \
        >"$W/javac-hostile.log" 2>&1; then
    FAIL "kmod/javac/hostile: javac failed"
    rm -rf "$H"
fi

# ---- the qdisc tests' material: VIFlets, kpkt (static), vifctl, the tc
# plugin, iproute2, the kernel's veth/dummy/tbf/htb modules
parts=${KT_PARTS:-main qdisc}
QD=$W/qd
rm -rf "$QD"
qdisc_ready=0
KMODS=$root/build/kernel/root/lib/modules/$KVER/kernel
if [[ " $parts " == *" qdisc "* ]]; then
    if ! grep -qs register_qdisc src/kmod/*.c; then
        SKIP "kmod/qdisc: this module has no qdisc yet (src/kmod registers none)"
    elif ! make -s build/release/vifctl build/release/q_vifvm.so vif-api -j2 >"$W/build-tools.log" 2>&1; then
        FAIL "kmod/qdisc/build: make vifctl q_vifvm.so vif-api failed (build/kmod-test/build-tools.log)"
    elif ! mkdir -p "$QD/classes" || ! gcc -std=c11 -O2 -Wall -Wextra -Werror -static -o "$QD/kpkt" tests/kmod/kpkt.c >"$W/build-kpkt.log" 2>&1; then
        FAIL "kmod/qdisc/build: kpkt (static) failed (build/kmod-test/build-kpkt.log)"
    elif ! javac --release 8 -nowarn -cp build/vif-api.jar -d "$QD/classes" tests/kmod/viflets/*.java bench/viflets/ChainCount.java bench/viflets/ChainMark.java bench/viflets/ChainFilter.java >"$W/javac-viflets.log" 2>&1; then
        FAIL "kmod/qdisc/javac: the test VIFlets did not compile (build/kmod-test/javac-viflets.log)"
    elif [ ! -x /usr/sbin/tc ] || [ ! -x /usr/sbin/ip ] || [ ! -f "$KMODS/drivers/net/veth.ko" ]; then
        FAIL "kmod/qdisc/deps: iproute2 (/usr/sbin/tc, ip) or the kernel's veth.ko ($KMODS) missing"
    else
        qdisc_ready=1
    fi
fi

# the qdisc's quick checks (tests/kmod/qdisc_smoke.sh): VIFlets, iproute2's
# tc with its libraries, the dummy and tbf modules of the same kernel
Q=$W/q
rm -rf "$Q" && mkdir -p "$Q"
KMODS=$(dirname "$(dirname "$KIMG")")/lib/modules/$KVER/kernel
if ! javac --release 8 -nowarn -cp build/lib-classes -d "$Q" tests/datapath/viflets/Relay.java \
        tests/datapath/viflets/Looper.java tests/datapath/viflets/Thrower.java \
        tests/datapath/viflets/BigAlloc.java tests/datapath/viflets/Recurse.java \
        tests/datapath/viflets/Stale.java tests/datapath/viflets/Hoarder.java \
        tests/datapath/viflets/Shaper.java tests/datapath/viflets/Spinner.java \
        tests/kmod/viflets/PriQ_VIFlet.java tests/kmod/viflets/TailCheck.java \
        tests/kmod/viflets/Tally.java tests/kmod/viflets/TierMix.java >"$W/javac-q.log" 2>&1; then
    FAIL "kmod/javac/qdisc: javac failed (build/kmod-test/javac-q.log)"
    rm -rf "$Q"
elif ! (cd "$Q" && jar cfe TierMix.jar TierMix TierMix*.class && rm -f TierMix*.class) >>"$W/javac-q.log" 2>&1; then
    # (kt19: TierMix and its rule classes, one upload)
    FAIL "kmod/javac/qdisc: jar TierMix.jar failed (build/kmod-test/javac-q.log)"
fi
# JAR VIFlets whose helper class is loaded on the first packet (k14,
# tests/kmod/viflets/lazy: qdisc_smoke.sh's pbench-lazy-*): each JAR holds
# the VIFlet, its base, the interface and its one helper; LazyJunk is
# LazyTs's with a .class entry that is not a class file; LazyLib and
# LazyBuilt (k17: a library class by a constant name, by a name built at
# run time) are class files
if [ -d "$Q" ]; then
    LZ=$W/lazy
    rm -rf "$LZ" && mkdir -p "$LZ"
    if ! javac --release 8 -nowarn -cp build/lib-classes -d "$LZ" tests/kmod/viflets/lazy/*.java >"$W/javac-lazy.log" 2>&1 ||
       ! (cd "$LZ" && for v in LazyRead LazyWrite LazyTs; do
              jar cfe "$Q/$v.jar" $v $v.class ${v}Check.class LazyBase.class PacketCheck.class || exit 1
          done && printf 'not a class file' > Junk.class &&
          jar cfe "$Q/LazyJunk.jar" LazyTs LazyTs.class LazyTsCheck.class LazyBase.class PacketCheck.class Junk.class &&
          mkdir -p many && for i in $(seq 0 299); do echo "class Many$i { int f() { return $i; } }" > many/Many$i.java; done &&
          javac --release 8 -nowarn -d many many/*.java &&
          jar cfe "$Q/LazyMany.jar" LazyTs LazyTs.class LazyTsCheck.class LazyBase.class PacketCheck.class -C many . &&
          cp LazyLib.class LazyBuilt.class "$Q/") \
          >>"$W/javac-lazy.log" 2>&1; then
        FAIL "kmod/javac/lazy: javac or jar failed (build/kmod-test/javac-lazy.log)"
    fi
fi

# ---- the initramfs
copy_with_libs() { # root, file, dest dir
    mkdir -p "$1$3"
    cp "$2" "$1$3/"
    local lib
    for lib in $(ldd "$2" | grep -o '/lib[^ ]*' | sort -u); do
        mkdir -p "$1$(dirname "$lib")"; cp -L "$lib" "$1$lib"
    done
}
mkinitramfs() { # out.cpio.gz
    local R
    R=$(mktemp -d)
    mkdir -p "$R"/{bin,sbin,proc,sys,dev,mod,tmp,t}
    cp "$BUSYBOX" "$R/bin/busybox"
    for a in $("$R/bin/busybox" --list); do [ "$a" = busybox ] || ln -s busybox "$R/bin/$a"; done
    cp "$KO" "$R/mod/"
    cp "$T"/* "$R/t/" 2>/dev/null
    if [ -d "$H" ]; then
        mkdir -p "$R/h" && cp "$H"/*.class "$R/h/"
        cp tests/kmod/preempt_check.sh "$R/preempt_check.sh"
    fi
    if [ -d "$W/b" ]; then  # --bench: the userspace vifvm and its libraries
        mkdir -p "$R/b" "$R/usr/bin"
        cp "$W"/b/* "$R/b/"
        cp build/release/vifvm "$R/usr/bin/"
        for lib in $(ldd build/release/vifvm | grep -o '/lib[^ ]*' | sort -u); do
            mkdir -p "$R$(dirname "$lib")"; cp -L "$lib" "$R$lib"
        done
        copy_with_libs "$R" build/release/vifd /usr/bin
        cp tests/kmod/bench.sh "$R/bench.sh"
    fi
    if [ -n "${with_qdisc:-}" ]; then  # the qdisc tests
        mkdir -p "$R/q" "$R/usr/bin" "$R/usr/sbin" "$R/etc" "$R/usr/lib/x86_64-linux-gnu/tc" "$R/var/run"
        cp "$QD"/classes/*.class "$R/q/"
        cp "$QD/kpkt" "$R/usr/bin/"
        copy_with_libs "$R" build/release/vifctl /usr/bin
        copy_with_libs "$R" /usr/sbin/tc /usr/sbin
        copy_with_libs "$R" /usr/sbin/ip /usr/sbin
        rm -f "$R/bin/tc" "$R/bin/ip"
        cp build/release/q_vifvm.so "$R/usr/lib/x86_64-linux-gnu/tc/"
        mkdir -p "$R/usr/lib/tc" && cp build/release/q_vifvm.so "$R/usr/lib/tc/"
        for m in drivers/net/veth drivers/net/dummy net/sched/sch_tbf net/sched/sch_htb; do
            cp "$KMODS/$m.ko" "$R/mod/"
        done
        chmod 755 "$R" && chmod 1777 "$R/tmp"   # mktemp -d made it 0700: the non-root users must get in
        printf 'root:x:0:0:root:/:/bin/sh\nalice:x:1000:1000::/tmp:/bin/sh\nbob:x:1001:1001::/tmp:/bin/sh\neve:x:1002:1002::/tmp:/bin/sh\n' >"$R/etc/passwd"
        printf 'root:x:0:\nalice:x:1000:\nbob:x:1001:\neve:x:1002:\n' >"$R/etc/group"
        cp tests/kmod/qdisc.sh "$R/qdisc.sh"
        cp tests/kmod/fuse.sh "$R/fuse.sh"   # (kf23: sourced by qdisc.sh)
    fi
    if [ -d "$Q" ] && command -v tc >/dev/null && [ -f "$KMODS/drivers/net/dummy.ko" ]; then
        mkdir -p "$R/q" "$R/kmods" "$R/sbin"
        cp "$Q"/*.class "$R/q/"
        cp "$Q"/*.jar "$R/q/" 2>/dev/null
        cp "$KMODS/drivers/net/dummy.ko" "$KMODS/net/sched/sch_tbf.ko" "$KMODS/net/sched/sch_htb.ko" "$R/kmods/"
        cp "$(command -v tc)" "$R/sbin/tc"
        for lib in $(ldd "$(command -v tc)" | grep -o '/lib[^ ]*' | sort -u); do
            mkdir -p "$R$(dirname "$lib")"; cp -L "$lib" "$R$lib"
        done
        cp tests/kmod/qdisc_smoke.sh "$R/qdisc_smoke.sh"
    fi
    cp tests/kmod/init.sh "$R/init"
    chmod +x "$R/init"
    (cd "$R" && find . | cpio -o -H newc --quiet | gzip -1) >"$1"
    rm -rf "$R"
}

boot() { # log, extra kernel command-line words
    local log=$1; shift
    local t0 t1
    t0=$(date +%s%N)
    timeout "${KMOD_TIMEOUT:-300}" qemu-system-x86_64 ${KT_QEMU_ARGS:-} -nographic -no-reboot -m 512 -smp 2 -nic none \
        -kernel "$KIMG" -initrd "${KT_INITRD:-$W/initramfs.cpio.gz}" \
        -append "console=ttyS0 quiet loglevel=4 oops=panic panic_on_warn=1 panic=-1 $* ${KMOD_APPEND:-}" \
        </dev/null >"$log" 2>&1
    local rc=$?
    t1=$(date +%s%N)
    echo "# boot $(basename "$log"): qemu exit $rc, $(( (t1 - t0) / 1000000 )) ms"
    return $rc
}

kernel_complaints() { # log -> the lines, if any
    grep -aE 'BUG:|Oops|WARNING:|general protection|Kernel panic|soft lockup|rcu_sched self-detected|RCU stall|Call Trace' "$1" | head -5
}

if [ $bench = 1 ]; then
    rm -rf "$W/b" && mkdir -p "$W/b"
    make -s build/release/vifvm build/release/vifd build/release/pktgen_pcap -j2 >"$W/build-user.log" 2>&1 ||
        { FAIL "kmod/bench: make build/release/vifvm vifd pktgen_pcap failed"; finish; }
    javac --release 8 -d "$W/b" examples/Sieve.java || { FAIL "kmod/bench: javac"; finish; }
    mkdir -p "$W/os" && javac --release 8 -nowarn -d "$W/os" bench/java/ObjectSort.java &&
        (cd "$W/os" && jar cfe "$W/b/ObjectSort.jar" ObjectSort *.class) || { FAIL "kmod/bench: javac ObjectSort"; finish; }
    rm -rf "$W/os"
    build/release/pktgen_pcap -o "$W/b/in.pcap" -n 1000 --proto udp --dscp 0,16,32,48 --seed 7 >/dev/null ||
        { FAIL "kmod/bench: pktgen_pcap"; finish; }
    # (the copy's cost per byte: the same with frames of one size; bench.sh)
    build/release/pktgen_pcap -o "$W/b/small.pcap" -n 1000 --proto udp --dscp 0,16,32,48 --seed 7 --sizes 64-64 >/dev/null &&
    build/release/pktgen_pcap -o "$W/b/large.pcap" -n 1000 --proto udp --dscp 0,16,32,48 --seed 7 --sizes 1514-1514 >/dev/null ||
        { FAIL "kmod/bench: pktgen_pcap"; finish; }
    with_qdisc=""; [ $qdisc_ready = 1 ] && with_qdisc=1
    with_qdisc=$with_qdisc mkinitramfs "$W/initramfs.cpio.gz"
    rm -rf "$W/b"
    bparts=${KT_BPARTS:-sieve osort pq pkt}
    # guest RAM allocated by qemu before the guest starts (-mem-prealloc):
    # else the first run to touch a guest page pays the host's page fault,
    # and the kernel's run came first in every pair
    KT_QEMU_ARGS="${KT_QEMU_ARGS:-} -mem-prealloc" boot "$W/console-bench.log" "kt_bench=1 kt_sruns=${KT_SRUNS:-3} kt_oruns=${KT_ORUNS:-3} kt_uruns=${KT_URUNS:-1} kt_upkts=${KT_UPKTS:-200000} kt_stall_us=${KT_STALL_US:-200} kt_pkts=${KT_PKTS:-4000} kt_rounds=${KT_ROUNDS:-3} kt_blocks=${KT_BLOCKS:-100} kt_bparts=\"$bparts\" kt_ab=\"${KT_AB:-all}\" kt_btap=${KT_BTAP:-0} kt_osvars=\"${KT_OSVARS:-}\""
    KT_BPARTS=$bparts
    grep -a '^KT_VULN ' "$W/console-bench.log" | tr -d '\r' | sed 's/^KT_VULN /# bench guest: /'
    grep -a '^KT_WARMUP ' "$W/console-bench.log" | tr -d '\r' | sed 's/^KT_WARMUP /# bench warm-up pair, not counted (kt23): /'
    grep -a 'KT_BENCH' "$W/console-bench.log" | tr -d '\r' | sed 's/^KT_BENCH /# bench /'
    if [[ " $bparts " == *" sieve "* ]]; then
    if [ "$(grep -ac KT_BENCH "$W/console-bench.log")" -ge 6 ] && ! grep -aq KT_FAIL "$W/console-bench.log" &&
       [ -z "$(kernel_complaints "$W/console-bench.log")" ]; then
        grep -a 'KT_BENCH' "$W/console-bench.log" | tr -d '\r' | awk '
            { split($3, a, "="); split($5, b, "="); k[$2] += a[2] / 1000; u[$2] += b[2]; n[$2]++; r[$2, n[$2]] = a[2] / 1000 / b[2] }
            END { for (e in k) { m = n[e]; for (i = 1; i <= m; i++) s[i] = r[e, i]
                                 for (i = 2; i <= m; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
                                 printf "# bench %s: kernel/user time ratio %.2f (kernel %.0f ms, user %.0f ms, sums of %d; median of the per-run ratios %.2f)\n", e, k[e] / u[e], k[e], u[e], m, m % 2 ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2 } }'
        PASS "kmod/bench (Sieve, kernel and user in one guest)"
    else
        FAIL "kmod/bench: see build/kmod-test/console-bench.log"
    fi
    fi
    bl=$W/console-bench.log
    [[ " $bparts " == *" osort "* ]] &&
    if [ "$(grep -ac '^KT_OSORT ' "$bl")" = "${KT_ORUNS:-3}" ] && ! grep -aq 'KT_FAIL kmod/bench: ObjectSort' "$bl"; then
        grep -a '^KT_OSORT ' "$bl" | tr -d '\r' | awk '
            { split($3, a, "="); split($4, b, "="); k += a[2]; u += b[2]; n++; r[n] = a[2] / b[2]; printf "# bench ObjectSort run %d: kernel %d ms, user %d ms, ratio %.2f\n", n, a[2], b[2], r[n] }
            END { for (i = 2; i <= n; i++) { t = r[i]; for (j = i - 1; j >= 1 && r[j] > t; j--) r[j + 1] = r[j]; r[j + 1] = t }
                  printf "# bench ObjectSort (jit): kernel/user time ratio %.2f (kernel %d ms, user %d ms, sums of %d timed parts; per-run ratios median %.2f, range %.2f-%.2f)\n", k / u, k, u, n, n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2, r[1], r[n] }'
        PASS "kmod/bench/ObjectSort (kernel and user in one guest, same output)"
        # (kt21) KT_OSVARS="P=V ...": each run's kernel side again with
        # module parameter P=V (bench.sh: KT_OSVAR), over that run's own
        grep -a '^KT_OSVAR ' "$bl" | tr -d '\r' | awk '
            { split($3, a, "="); split($4, b, "="); v = $2; n[v]++; r[v, n[v]] = a[2] / b[2]; k[v] += a[2]; d[v] += b[2] }
            END { for (v in n) { m = n[v]; for (i = 1; i <= m; i++) s[i] = r[v, i]
                                 for (i = 2; i <= m; i++) { t = s[i]; for (j = i - 1; j >= 1 && s[j] > t; j--) s[j + 1] = s[j]; s[j + 1] = t }
                                 printf "# bench ObjectSort kernel with %s over the default: median %.3f, range %.3f-%.3f, sums %.3f (%d runs)\n", v, m % 2 ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2, s[1], s[m], k[v] / d[v], m } }'
    else
        FAIL "kmod/bench/ObjectSort: $(grep -a 'KT_FAIL kmod/bench: ObjectSort' "$bl" | head -1 | tr -d '\r')"
    fi
    if [ $qdisc_ready = 1 ] && [[ " $bparts " == *" pq "* ]]; then
        # PriQ like for like (bench.sh: KT_PQ): kernel ns/packet over
        # vifd's, and over vifd's less its framework, per round
        R=${KT_ROUNDS:-3}
        if [ "$(grep -a '^KT_PQ [0-9]* kernel packets=' "$bl" | grep -c 'ns_per_packet=')" = "$R" ] &&
           [ "$(grep -aE '^KT_PQ [0-9]* (user|framework) [0-9.]+' "$bl" | grep -c .)" = $((2 * R)) ]; then
            grep -a '^KT_PQ ' "$bl" | tr -d '\r' | awk '
                function med(a, m,   i, j, t) { for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
                                           return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
                $3 == "kernel" { for (i = 4; i <= NF; i++) if ($i ~ /^ns_per_packet=/) { split($i, x, "="); k[$2] = x[2] } }
                $3 == "user" { u[$2] = $4 } $3 == "framework" { f[$2] = $4 }
                END { for (r in k) { n++; a[n] = k[r] / u[r]; b[n] = k[r] / (u[r] - f[r]); ka[n] = k[r]; ua[n] = u[r]; fa[n] = f[r]
                                     lo = n == 1 || a[n] < lo ? a[n] : lo; hi = n == 1 || a[n] > hi ? a[n] : hi
                                     lo2 = n == 1 || b[n] < lo2 ? b[n] : lo2; hi2 = n == 1 || b[n] > hi2 ? b[n] : hi2 }
                      printf "# bench PriQ in memory (pbench vs vifd --bench, %d rounds): kernel %.0f ns/packet, vifd %.0f (framework alone %.0f): kernel/user %.2f (range %.2f-%.2f); over vifd less its framework %.2f (range %.2f-%.2f)\n",
                             n, med(ka, n), med(ua, n), med(fa, n), med(a, n), lo, hi, med(b, n), lo2, hi2 }'
            grep -a '^KT_PQP ' "$bl" | tr -d '\r' | sed 's/^KT_PQP /# bench pq profiled pass: /'
            PASS "kmod/bench/pq (PriQ over the same in-memory packets, kernel and vifd)"
        else
            FAIL "kmod/bench/pq: $(grep -a '^KT_PQ ' "$bl" | tr -d '\r' | grep -v 'ns_per_packet=' | grep -vE ' (user|framework) [0-9.]+$' | head -1)"
        fi
    fi
    if [ $qdisc_ready = 1 ] && [[ " ${KT_BPARTS:-pkt} " == *" pkt "* ]]; then
        R=${KT_ROUNDS:-3}
        if [ "$(grep -ac '^KT_KB [0-9]* R ' "$bl")" -ge "$R" ] && [ "$(grep -a '^KT_UPKT ' "$bl" | grep -vc '?')" = $((3 * R * ${KT_URUNS:-1})) ] &&
           grep -aE '^KT_(CFGS|KB|KP|UPKT) ' "$bl" | tr -d '\r' | awk -f tests/kmod/stats_lib.awk -f tests/kmod/bench_stats.awk; then
            grep -a '^KT_PKTSTATS ' "$bl" | tr -d '\r' | sed 's/^KT_PKTSTATS /# bench qdisc stats after the last round: /'
            grep -a '^KT_NETTX ' "$bl" | tr -d '\r' | sed 's/^KT_NETTX /# bench NET_TX softirqs in a profiled pass (round, configuration, frames, softirqs): /'
            PASS "kmod/bench/packets (qdisc vs pfifo_fast vs vifd in one guest)"
        else
            FAIL "kmod/bench/packets: $(grep -ac '^KT_KB [0-9]* R ' "$bl") kpkt rounds, $(grep -ac '^KT_UPKT ' "$bl") vifd lines (want >= $R and $((3 * R * ${KT_URUNS:-1})))"
        fi
    fi
    if [[ " $bparts " == *" t2 "* ]]; then
        # (kt19) tier 2 in both homes (init.sh: KT_T2B): per row and tier2
        # setting, the medians of the per-round kernel/user ratios, and of
        # each home's time over its own baseline (tier2=0) in that round
        n2=$(grep -ac '^KT_T2B sieve ' "$bl")
        if [ "$n2" -ge 4 ] && ! grep -aq 'KT_FAIL kmod/bench/t2' "$bl" &&
           [ "$(grep -a '^KT_T2B sieve [12]' "$bl" | grep -vc 'kt2=[1-9]')" = 0 ]; then
            grep -a '^KT_T2B ' "$bl" | tr -d '\r' | awk '
                function med(a, m,   i, j, t) { for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
                                           return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2 }
                function val(k,   i, x) { for (i = 4; i <= NF; i++) if (index($i, k "=") == 1) { split($i, x, "="); return x[2] } return "" }
                { row = $2; t = $3; c[row, t]++; n = c[row, t]
                  if (row == "sieve") { K[row, t, n] = val("kernel_total_us") / 1000; U[row, t, n] = val("user_ms") }
                  else if (row == "osort") { K[row, t, n] = val("kernel_ms"); U[row, t, n] = val("user_ms") }
                  else { K[row, t, n] = val("ns_per_packet"); U[row, t, n] = "" } }
                END { split("sieve osort pq", rows, " ")
                      for (ri = 1; ri <= 3; ri++) { row = rows[ri]
                        split("0 1 2 1a", ts, " ")
                        for (ti = 1; ti <= 4; ti++) { t = ts[ti]; m = c[row, t]; if (!m) continue
                          delete a; delete b; delete ka; delete ua; delete kb
                          for (i = 1; i <= m; i++) { ka[i] = K[row, t, i]; kb[i] = K[row, t, i] / K[row, 0, i]
                                                     if (U[row, t, i] != "") { a[i] = K[row, t, i] / U[row, t, i]; ua[i] = U[row, t, i]; b[i] = U[row, t, i] / U[row, 0, i] } }
                          if (row == "pq")
                              printf "# bench t2 %s tier2=%s: kernel %.0f ns/packet (median of %d), over the kernel baseline %.2f\n", row, t, med(ka, m), m, med(kb, m)
                          else
                              printf "# bench t2 %s tier2=%s: kernel/user %.2f (kernel %.0f ms, user %.0f ms, medians of %d rounds); over each home baseline: kernel %.2f, user %.2f\n", row, t, med(a, m), med(ka, m), med(ua, m), m, med(kb, m), med(b, m) } } }'
            PASS "kmod/bench/t2 (tier 2 in both homes, same outputs, tier-2 code in the kernel runs)"
        else
            FAIL "kmod/bench/t2: $n2 Sieve rows; $(grep -a 'KT_FAIL kmod/bench/t2' "$bl" | head -1 | tr -d '\r') $(grep -a '^KT_T2B sieve [12]' "$bl" | grep -v 'kt2=[1-9]' | head -1 | tr -d '\r')"
        fi
    fi
    # (k17) every per-run row again as median, trimmed mean and mean
    grep -aE '^KT_(BENCH|OSORT|PQ) ' "$bl" | tr -d '\r' | awk -f tests/kmod/stats_lib.awk -f tests/kmod/bench_robust.awk
    # (kt23) §6's rows with their targets, this boot alone; a copy of the
    # log kept under build/kmod-test/bench-logs/ for tests/kmod/bench_pool.sh
    # to pool several boots into the same table
    mkdir -p "$W/bench-logs" && cp "$bl" "$W/bench-logs/console-bench-$(date -u +%Y%m%dT%H%M%S).log"
    tests/kmod/bench_pool.sh "$bl"
    grep -a 'kernel_fpu_begin+end' "$bl" | tail -1 | tr -d '\r' | sed 's/.*\(kernel_fpu_begin+end [0-9]* ns\).*/# bench one \1 (measured at load)/'
    if command -v size >/dev/null; then
        size "$KO" | sed 's/^/# bench module size: /'
        size -A "$KO" | awk '$1 ~ /^\.(text|rodata|data|bss)/ { printf "# bench module section %s %d\n", $1, $2 }'
        bl_o=$(find build/kmod -name 'bootlib_data.o' | head -1)
        [ -n "$bl_o" ] && size -A "$bl_o" | awk '$1 ~ /^\.(rodata|data)/ { s += $2 } END { printf "# bench embedded class library (bootlib_data.o .rodata+.data): %d bytes\n", s }'
    fi
    finish
fi
if [[ " $parts " != *" main "* ]]; then
    selftest=0 ran=""
    rm -rf "$H"
fi
mkinitramfs "$W/initramfs.cpio.gz"
log=$W/console.log
if [[ " $parts " == *" main "* ]]; then
st=""; [ $selftest = 1 ] && st="kt_selftest=1"
# (kt21) with the JIT's returns through the kernel's return thunk
# (rethunk=on: the guest's CPU needs none, TCG reports retbleed "Not
# affected", so auto would give plain ret): the programs under the JIT,
# the hostile ones, the quick qdisc checks (relay, tier 2, PriQ through
# pbench); the qdisc and bench boots keep the default (auto)
boot "$log" "kt_engines=\"jit int\" kt_rethunk=${KT_RETHUNK:-on} $st"
# the self-test's part of the console, and the rest
awk '/KT_SELFTEST_BEGIN/{s=1} s' "$log" > "$W/console-selftest.log"
awk '/KT_SELFTEST_BEGIN/{exit} 1' "$log" > "$W/console-main.log"
log=$W/console-main.log
for eng in jit int; do
    for name in $ran; do
        if [ -f "$T/$name.engines" ] && ! grep -qw $eng "$T/$name.engines"; then continue; fi
        if grep -aq "KT_PASS kmod/$eng/$name " "$log"; then
            PASS "kmod/$eng/$name $(grep -a "KT_PASS kmod/$eng/$name " "$log" | sed 's/.*(\(.*\))/(\1)/' | tr -d '\r')"
        else
            why=$(grep -a "KT_FAIL kmod/$eng/$name:" "$log" | head -1 | sed 's/^.*KT_FAIL [^:]*: //' | tr -d '\r')
            FAIL "kmod/$eng/$name: ${why:-no result (guest died? see build/kmod-test/console.log)}"
            grep -a -A12 "KT_FAIL kmod/$eng/$name:" "$log" | grep -a -E 'KT_(DIFF|STDERR|STATUS)' | head -12 | tr -d '\r' | sed 's/^/    /'
        fi
    done
done
for h in garbage truncated budget oom; do
    [ -d "$H" ] || break
    if grep -aq "KT_PASS kmod/hostile/$h" "$log"; then PASS "kmod/hostile/$h"
    else FAIL "kmod/hostile/$h: $(grep -a "KT_FAIL kmod/hostile/$h" "$log" | sed 's/^.*KT_FAIL [^:]*: //' | tr -d '\r')"; fi
done
# the JIT's returns (init.sh: module parameter rethunk, the status line)
for c in bad-value status; do
    l=$(grep -aE "KT_(PASS|FAIL) kmod/rethunk/$c" "$log" | head -1 | tr -d '\r')
    case $l in
        "KT_PASS "*) PASS "${l#KT_PASS }" ;;
        "KT_FAIL "*) FAIL "${l#KT_FAIL }" ;;
        *) FAIL "kmod/rethunk/$c: no result (see build/kmod-test/console.log)" ;;
    esac
done
# the interpreter's dispatch chosen at insmod (init.sh, kdispatch.c)
l=$(grep -aE 'KT_(PASS|FAIL) kmod/dispatch/timed' "$log" | head -1 | tr -d '\r')
case $l in
    "KT_PASS "*) PASS "${l#KT_PASS }" ;;
    "KT_FAIL "*) FAIL "${l#KT_FAIL }" ;;
    *) FAIL "kmod/dispatch/timed: no result (see build/kmod-test/console.log)" ;;
esac
grep -a '^KT_DISPATCH ' "$log" | head -1 | tr -d '\r' | sed 's/^KT_DISPATCH /# /'
if [ -d "$H" ]; then  # tests/kmod/preempt_check.sh
    l=$(grep -aE 'KT_(PASS|FAIL) kmod/preempt' "$log" | head -1 | tr -d '\r')
    case $l in
        "KT_PASS "*) PASS "${l#KT_PASS }" ;;
        "KT_FAIL "*) FAIL "${l#KT_FAIL }" ;;
        *) FAIL "kmod/preempt: no result (the check did not run, or the guest died in it: a soft lockup panics)" ;;
    esac
fi
# the qdisc's quick checks
if [ -d "$Q" ]; then
    if ! grep -aq 'KT_QDISC_BEGIN' "$log"; then
        FAIL "kmod/qdisc: the checks did not run (tc, dummy.ko or the VIFlets missing?)"
    fi
    # named kmod/qdisc-smoke/* here: kmod/qdisc/* are the qdisc boot's checks
    grep -aE 'KT_(PASS|FAIL) kmod/qdisc/' "$log" | tr -d '\r' | sed 's|kmod/qdisc/|kmod/qdisc-smoke/|' | while read -r l; do
        case $l in KT_PASS*) echo "PASS: ${l#KT_PASS }";; *) echo "FAIL: ${l#KT_FAIL }";; esac
    done
    pass=$((pass + $(grep -ac 'KT_PASS kmod/qdisc/' "$log")))
    fail=$((fail + $(grep -ac 'KT_FAIL kmod/qdisc/' "$log")))
fi
c=$(kernel_complaints "$log")
if [ -n "$c" ]; then
    FAIL "kmod/kernel: the kernel complained: $(echo "$c" | head -1 | tr -d '\r')"
    echo "$c" | sed 's/^/    /'
elif ! grep -aq KT_DONE "$log"; then
    FAIL "kmod/kernel: the guest did not finish (timeout?)"
else
    PASS "kmod/kernel (no BUG/Oops/WARNING; $(grep -a 'KT_DONE' "$log" | tr -d '\r'))"
fi
grep -aE 'KT_FAIL kmod/(insmod|rmmod)' "$log" | tr -d '\r' | while read -r l; do echo "FAIL: ${l#KT_FAIL }"; done
fail=$((fail + $(grep -acE 'KT_FAIL kmod/(insmod|rmmod)' "$log")))
grep -a 'KT_DMESG' "$log" | tr -d '\r' | sed 's/^KT_DMESG /# /'

fi  # main

# ---- the harness self-test: a broken module must fail
if [ $selftest = 1 ]; then
    sl=$W/console-selftest.log
    if grep -aq "KT_SELFTEST fault=1 output wrong" "$sl"; then
        PASS "kmod/selftest-wrong-output (fault=1: the corrupted output was caught)"
    else
        FAIL "kmod/selftest-wrong-output: a module that corrupts its output was not caught"
    fi
    if [ -n "$(kernel_complaints "$sl")" ] && ! grep -aq KT_SELFTEST_SURVIVED "$sl"; then
        PASS "kmod/selftest-warning (fault=2: the kernel WARNING was caught)"
    else
        FAIL "kmod/selftest-warning: a module that WARNs was not caught"
    fi
    if [ -d "$H" ]; then
        if grep -aq "KT_SELFTEST preempt=bites" "$sl"; then
            PASS "kmod/selftest-preempt (resched=0: the soft-lockup watchdog caught the long run)"
        else
            FAIL "kmod/selftest-preempt: with the preemption point off, no soft lockup was reported (the check cannot fail)"
        fi
    fi
fi

# ---- the qdisc boot
# every check tests/kmod/qdisc.sh must report (a missing one is a failure)
QDISC_CHECKS="attach relay tc-show vifctl-stats fpu/relay-without bypass/used bypass/off nolock/no-dequeue nolock/two-senders fpu/float-inside pool/reuse drop-filter del del-no-resurrection hot-swap load-refused-keeps-old status-counters
detach-root attach-under-tbf fifo-under-tbf relay-c/held relay-c/mode-switch-order relay-c/hot-swap relay-c/stale-throws priq-order priq-pooled chain perm/other-owner-load
perm/other-owner-add perm/root-vif perm/stranger-add perm/stranger-write perm/stranger-control
perm/owner-root-only perm/own-subtree perm/parent-owner-del perm/root-gives-away hostile/KLoop
hostile/KStorm hostile/KAllocBomb hostile/KRecurse hostile/KThrow hostile/KLoop/call hostile/budget-same
priq-entry hostile/malformed remove/tc-del remove/link-del
mq/attach mq/load-all mq/separate mq/state mq/tc-show mq/hot-swap-one mq/status-counters mq/del
mq/not-per-queue mq/default-qdisc mq/link-del remove/rmmod-busy remove/counters-zero remove/rmmod
fuse/prog-on fuse/prog-off fuse/path-on fuse/path-off fuse/same-counters fuse/same-bytes fuse/hot-swap fuse/hostile-middle"
if [ $qdisc_ready = 1 ]; then
    with_qdisc=1 mkinitramfs "$W/initramfs-qdisc.cpio.gz"
    ql=$W/console-qdisc.log
    KT_INITRD=$W/initramfs-qdisc.cpio.gz boot "$ql" "kt_qdisc=1"
    for c in $QDISC_CHECKS; do
        # (the whole name: relay must not match relay-c/held)
        if grep -aqE "^KT_PASS kmod/qdisc/$c"$'\r?$' "$ql"; then
            PASS "kmod/qdisc/$c"
        else
            why=$(grep -a "^KT_FAIL kmod/qdisc/$c:" "$ql" | head -1 | sed 's/^KT_FAIL [^:]*: //' | tr -d '\r')
            FAIL "kmod/qdisc/$c: ${why:-no result (guest died? see build/kmod-test/console-qdisc.log)}"
        fi
    done
    # a failed check missing from the list fails too
    for c in $(grep -a '^KT_FAIL kmod/qdisc/' "$ql" | tr -d '\r' | sed 's/^KT_FAIL kmod\/qdisc\/\([^:]*\):.*/\1/' | sort -u); do
        case " $(echo $QDISC_CHECKS) setup " in *" $c "*) ;; *) FAIL "kmod/qdisc/$c (not in QDISC_CHECKS): $(grep -a "^KT_FAIL kmod/qdisc/$c:" "$ql" | head -1 | sed 's/^KT_FAIL [^:]*: //' | tr -d '\r')" ;; esac
    done
    grep -a '^KT_FAIL kmod/qdisc/setup' "$ql" | tr -d '\r' | while read -r l; do echo "FAIL: ${l#KT_FAIL }"; done
    fail=$((fail + $(grep -ac '^KT_FAIL kmod/qdisc/setup' "$ql")))
    grep -a '^KT_INFO' "$ql" | tr -d '\r' | sed 's/^KT_INFO /# /'
    # (kt21) this boot's module keeps the default, rethunk=auto
    l=$(grep -aE 'KT_(PASS|FAIL) kmod/rethunk/status' "$ql" | head -1 | tr -d '\r')
    case $l in
        "KT_PASS "*) PASS "kmod/qdisc/rethunk-auto (${l#*(}" ;;
        "KT_FAIL "*) FAIL "kmod/qdisc/rethunk-auto: ${l#*: }" ;;
        *) FAIL "kmod/qdisc/rethunk-auto: no result (see build/kmod-test/console-qdisc.log)" ;;
    esac
    c=$(kernel_complaints "$ql")
    if [ -n "$c" ]; then
        FAIL "kmod/qdisc/kernel: the kernel complained: $(echo "$c" | head -1 | tr -d '\r')"
        echo "$c" | sed 's/^/    /'
    elif ! grep -aq KT_DONE "$ql"; then
        FAIL "kmod/qdisc/kernel: the guest did not finish (timeout?)"
    else
        PASS "kmod/qdisc/kernel (no BUG/Oops/WARNING/stall; $(grep -a 'KT_DONE' "$ql" | tr -d '\r'))"
    fi
fi
finish
