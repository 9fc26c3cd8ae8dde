#!/usr/bin/env bash
# scripts/install-kernel-deps.sh - what `make kmod` and tests/kmod/run.sh
# need on Debian 12: the distribution kernel's headers (Kbuild), qemu
# (TCG: no KVM needed), a static busybox and cpio for the guest's initramfs,
# kmod (modinfo), iproute2 (tc and ip, copied into the guest for the qdisc
# tests), and the distribution kernel's image, taken out of its
# linux-image package with dpkg-deb -x into build/kernel/ (never installed).
#
#   scripts/install-kernel-deps.sh [--check]
#
# Prints the kernel version (KVER) and the image path on its last line:
#   KVER=6.1.0-NN-amd64 KIMG=/abs/path/vmlinuz-6.1.0-NN-amd64
# --check: install nothing, exit 1 if something is missing.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
check=0
[ "${1:-}" = --check ] && check=1

pkgs=(linux-headers-amd64 qemu-system-x86 busybox-static cpio kmod iproute2)
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ $check = 1 ]; then echo "missing packages: ${missing[*]}" >&2; exit 1; fi
    if [ "$(id -u)" != 0 ]; then
        echo "run: sudo apt-get install --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >&2 || exit 1
fi

KVER=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 | sed -n 's/.*linux-headers-\([0-9][^ ,]*-amd64\).*/\1/p')
[ -n "$KVER" ] || { echo "cannot tell the kernel version from linux-headers-amd64" >&2; exit 1; }
kdir=$root/build/kernel
KIMG=$kdir/root/boot/vmlinuz-$KVER
if [ ! -f "$KIMG" ]; then
    if [ $check = 1 ]; then echo "missing kernel image $KIMG" >&2; exit 1; fi
    mkdir -p "$kdir" && chmod 755 "$kdir"
    ( cd "$kdir" && rm -f linux-image-"$KVER"_*.deb &&
      apt-get download -qq "linux-image-$KVER" >&2 2>/dev/null &&
      dpkg-deb -x linux-image-"$KVER"_*.deb root && rm -f linux-image-"$KVER"_*.deb ) || {
        echo "cannot fetch linux-image-$KVER" >&2; exit 1; }
fi
echo "KVER=$KVER KIMG=$KIMG"
