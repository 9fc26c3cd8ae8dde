#!/usr/bin/env bash
# bench/scan_cost.sh - instructions of the kernel module's class scan at
# load (k14: vm_image_members_named over every class of the uploaded
# class file or JAR), per file, by callgrind (deterministic).
#
#   bench/scan_cost.sh FILE.class|FILE.jar ...
#
# Needs `make` (build/release/libvifvm-core.a) and valgrind.  For scale,
# a whole VIFlet load in user space: valgrind --tool=callgrind
# --toggle-collect=dp_load build/release/vifd --in pcap:X.pcap --bench 10
# --load pcap=FILE (bench/README.md, k14).
set -euo pipefail
cd "$(dirname "$0")/.."
O=build/release
[ -f $O/libvifvm-core.a ] || { echo "scan_cost: run make first" >&2; exit 1; }
cc -std=c11 -O2 -Wall -Wextra -Werror -Isrc -Iinclude -o $O/scan_cost bench/scan_cost.c \
    $O/obj/src/platform/posix/posix_platform.o $O/libvifvm-core.a -lm -lz $(pkg-config --libs capstone 2>/dev/null || true)
for f in "$@"; do
    "$O/scan_cost" "$f"
    valgrind --tool=callgrind --toggle-collect=vm_image_members_named \
        --callgrind-out-file=/dev/null "$O/scan_cost" "$f" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\)/  instructions: \1/p'
done
