#!/usr/bin/env bash
# scripts/quickstart.sh - install dependencies, build vifvm, run the bundled example.
#
#   scripts/quickstart.sh
#
# 1. scripts/install-deps.sh (installs missing Debian packages when run as
#    root; otherwise prints the apt-get command and stops),
# 2. make (release build: build/release/vifvm),
# 3. javac --release 8 examples/Sieve.java into build/examples/,
# 4. build/release/vifvm -cp build/examples Sieve
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

echo "== installing dependencies"
scripts/install-deps.sh

echo "== building vifvm"
make -j"$(nproc 2>/dev/null || echo 2)"

echo "== compiling examples/Sieve.java"
mkdir -p build/examples
javac --release 8 -d build/examples examples/Sieve.java

echo "== build/release/vifvm -cp build/examples Sieve"
build/release/vifvm -cp build/examples Sieve
