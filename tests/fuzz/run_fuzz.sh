#!/usr/bin/env bash
# run_fuzz.sh - build the libFuzzer harnesses and run each for a bounded time.
#
#   tests/fuzz/run_fuzz.sh [SECONDS]       (default 60: the total, split
#                                           between the harnesses by weight)
#
# Harnesses: fuzz_inflate (raw DEFLATE, differential against zlib when
# zlib is available), fuzz_jar (zip_open / zip_read / cf_parse / manifest),
# fuzz_classfile (cf_parse + cf_free), fuzz_verify_run (a class file loaded,
# verified and its static methods run under an instruction budget, in the
# interpreter and with the JIT; weight 2, the others 1).  Built with clang
# -fsanitize=fuzzer,address,undefined into build/fuzz/.  Each run works on a
# temporary copy of tests/fuzz/corpus/<harness>/ so the committed corpus is
# never modified; crash inputs are kept under build/fuzz/crashes/.  Inputs
# under tests/fuzz/crashes/<harness>/ (fixed crashes, see the README there)
# join that working corpus, so they run again every time.
#
# Prints   PASS: fuzz/<harness> (N execs, X exec/s)
#          FAIL: fuzz/<harness>: crash ... (input: build/fuzz/crashes/...)
# and fails (never skips) when clang or its libFuzzer runtime is missing
# (scripts/install-deps.sh installs both), when a source file or a harness
# does not compile or link, and when a run made no execution.
# Environment: FUZZ_CC (default clang), FUZZ_MAX_LEN (default 64 KiB),
# FUZZ_HARNESSES (space-separated subset, e.g. "fuzz_jar"), FUZZ_JOBS
# (parallel compiles and fuzzing runs, default the number of CPUs: the
# harnesses fuzz side by side, each on one CPU for its share of SECONDS).
set -u

TOTAL=${1:-60}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=$ROOT/build/fuzz
CC=${FUZZ_CC:-clang}
HARNESSES=${FUZZ_HARNESSES:-"fuzz_inflate fuzz_jar fuzz_classfile fuzz_verify_run"}
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
MAX_LEN=${FUZZ_MAX_LEN:-65536}

case "$TOTAL" in
    ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac

if ! command -v "$CC" >/dev/null 2>&1; then
    echo "FAIL: fuzz/setup: $CC not found (scripts/install-deps.sh installs clang)"
    exit 1
fi
mkdir -p "$OUT/obj" "$OUT/crashes"
probe=$OUT/probe
if ! printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' |
     "$CC" -fsanitize=fuzzer,address,undefined -x c - -o "$probe" >/dev/null 2>&1; then
    echo "FAIL: fuzz/setup: $CC has no libFuzzer runtime (install libclang-rt-dev for this clang)"
    exit 1
fi
rm -f "$probe"

SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
WARN="-Wall -Wextra -Werror -Wno-unused-parameter -Wshadow -Wvla"
CC_INC=$("$CC" -print-file-name=include)
CORE_FLAGS="-std=c11 $WARN -O1 -g -fno-omit-frame-pointer $SAN -fsanitize=fuzzer-no-link \
 -ffreestanding -nostdinc -isystem $CC_INC -fno-strict-aliasing -fwrapv -fno-math-errno \
 -fno-trapping-math -I$ROOT/src"
HOST_FLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $WARN -O1 -g \
 -fno-omit-frame-pointer $SAN -I$ROOT/src"
# the harnesses are hosts: the public API (include/) and the platform only
HARNESS_FLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $WARN -O1 -g \
 -fno-omit-frame-pointer $SAN -I$ROOT/include -I$ROOT/src/platform"

# ---- build: every core object that compiles goes into an archive, so a
# harness links only what it uses (others' files may be work in progress):
# libcore.a = core + classfile + the API's file checks (the parser
# harnesses), libvm.a = the whole
# VM (core, classfile, interp, gc, runtime, jit, verify, embedded library).
VM_DIRS="core classfile interp gc runtime jit verify api"
newest_h=$(cd "$ROOT/src" && ls -t $(for d in $VM_DIRS; do echo "$d"/*.h; done) 2>/dev/null | head -1)
newest_h=${newest_h:+$ROOT/src/$newest_h}
compile_core() { # src obj
    if [ ! -e "$2" ] || [ "$1" -nt "$2" ] || [ "$0" -nt "$2" ] ||
       { [ -n "$newest_h" ] && [ "$newest_h" -nt "$2" ]; }; then
        # shellcheck disable=SC2086
        "$CC" $CORE_FLAGS -c "$1" -o "$2" 2>"$2.err" || rm -f "$2"
    fi
}
srcs=()
for d in $VM_DIRS; do
    for src in "$ROOT"/src/$d/*.c; do [ -e "$src" ] && srcs+=("$src"); done
done
boot_c=$ROOT/build/gen/bootlib_data.c
if [ ! -e "$boot_c" ]; then
    make -C "$ROOT" -s build/gen/bootlib_data.c >/dev/null 2>&1 || true
fi
[ -e "$boot_c" ] && srcs+=("$boot_c")
running=0
for src in "${srcs[@]}"; do
    obj=$OUT/obj/$(basename "$(dirname "$src")")_$(basename "${src%.c}").o
    compile_core "$src" "$obj" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait
objs=() vm_objs=() fail=0
for src in "${srcs[@]}"; do
    dir=$(basename "$(dirname "$src")")
    obj=$OUT/obj/${dir}_$(basename "${src%.c}").o
    if [ ! -e "$obj" ]; then
        echo "FAIL: fuzz/build/$dir/$(basename "$src"): does not compile with the fuzz flags ($(grep -m1 'error' "$obj.err"))"
        fail=1
        continue
    fi
    case $dir/$(basename "$src") in core/*|classfile/*|api/api_files.c) objs+=("$obj") ;; esac
    vm_objs+=("$obj")
done
rm -f "$OUT/libcore.a" "$OUT/libvm.a"
ar rcs "$OUT/libcore.a" "${objs[@]}"
ar rcs "$OUT/libvm.a" "${vm_objs[@]}"
# shellcheck disable=SC2086
if ! "$CC" $HOST_FLAGS -c "$ROOT/src/platform/posix/posix_platform.c" -o "$OUT/obj/posix_platform.o" 2>"$OUT/obj/posix.err"; then
    echo "FAIL: fuzz/build: posix_platform.c does not compile"
    exit 1
fi

have_zlib=0
if printf '#include <zlib.h>\nint main(void){return (int)zlibVersion()[0];}\n' |
   "$CC" -x c - -o "$OUT/zprobe" -lz >/dev/null 2>&1; then
    have_zlib=1
fi
rm -f "$OUT/zprobe"

weight() { case $1 in fuzz_verify_run) echo 2 ;; *) echo 1 ;; esac; }
set -- $HARNESSES
w_total=0
for h in "$@"; do w_total=$((w_total + $(weight "$h"))); done

# fuzz_one HARNESS SECONDS: one libFuzzer run on a temporary copy of the
# corpus; prints the harness's PASS or FAIL line (the harnesses run in
# parallel, JOBS at a time, each on one CPU: the same fuzzing time in less
# wall time; their lines are printed in the harnesses' order)
fuzz_one() {
    local h=$1 per=$2 work log rc execs rate crash why
    work=$(mktemp -d "${TMPDIR:-/tmp}/vifvm_fuzz.XXXXXX")
    mkdir -p "$work/corpus"
    if [ -d "$HERE/corpus/$h" ]; then
        cp -R "$HERE/corpus/$h/." "$work/corpus/"
    fi
    if [ -d "$HERE/crashes/$h" ]; then   # fixed crashes: regression inputs
        cp -R "$HERE/crashes/$h/." "$work/corpus/"
    fi
    log=$OUT/$h.log
    ( cd "$work" && timeout -k 10 $((per + 60)) "$OUT/$h" -max_total_time="$per" -timeout=10 \
        -rss_limit_mb=2048 -max_len="$MAX_LEN" -print_final_stats=1 \
        -artifact_prefix="$OUT/crashes/$h-" "$work/corpus" ) >"$log" 2>&1
    rc=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    crash=$(grep -o "Test unit written to [^ ]*" "$log" | head -1 | sed 's/Test unit written to //')
    rm -rf "$work"
    if [ $rc -ne 0 ] || [ -n "$crash" ]; then
        why=$(grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|deadly signal|timeout' "$log")
        echo "FAIL: fuzz/$h: crash (exit $rc): ${why:-see build/fuzz/$h.log} (input: ${crash:-none saved})"
        return 1
    elif [ "${execs:-0}" -eq 0 ]; then
        echo "FAIL: fuzz/$h: no execution in ${per}s (see build/fuzz/$h.log)"
        return 1
    fi
    echo "PASS: fuzz/$h (${execs} execs, ${rate:-0} exec/s, ${per} s)"
}

# link every harness, then run them, the longest first, JOBS at a time
built_h=()
for h in "$@"; do
    extra=""
    libs="-lm"
    lib=$OUT/libcore.a
    [ "$h" = fuzz_verify_run ] && lib=$OUT/libvm.a
    if [ "$h" = fuzz_inflate ] && [ $have_zlib = 1 ]; then
        extra="-DFUZZ_WITH_ZLIB"
        libs="-lz -lm"
    fi
    # shellcheck disable=SC2086
    if ! "$CC" $HARNESS_FLAGS $extra -fsanitize=fuzzer -o "$OUT/$h" "$HERE/$h.c" \
         "$lib" "$OUT/obj/posix_platform.o" $libs 2>"$OUT/$h.build.log"; then
        echo "FAIL: fuzz/$h: build failed: $(grep -m1 -E "undefined reference|error" "$OUT/$h.build.log" | cut -c1-160) (see build/fuzz/$h.build.log)"
        fail=1
        continue
    fi
    built_h+=("$h")
done
order=$(for h in "${built_h[@]}"; do echo "$(weight "$h") $h"; done | sort -k1,1nr -s | cut -d' ' -f2)
running=0
for h in $order; do
    per=$((TOTAL * $(weight "$h") / w_total))
    [ "$per" -lt 1 ] && per=1
    fuzz_one "$h" "$per" > "$OUT/$h.verdict" 2>&1 &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait
for h in "${built_h[@]}"; do
    cat "$OUT/$h.verdict"
    grep -q '^PASS: ' "$OUT/$h.verdict" || fail=1
done
exit $fail
