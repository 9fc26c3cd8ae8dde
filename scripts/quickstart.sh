#!/usr/bin/env bash
# scripts/quickstart.sh - install dependencies, build, and run the main job:
# vifd running the paper's priority-queue VIFlet (examples/PriQ_VIFlet.java,
# Figure 2 of the VEE'08 paper) over a generated capture, at a limited link
# rate, printing per-VIF statistics.  Then the bundled Java program
# (examples/Sieve.java) on vifvm.
#
#   scripts/quickstart.sh
#
# 1. scripts/install-deps.sh (installs missing Debian packages when run as
#    root; otherwise prints the apt-get command and stops),
# 2. make (build/release/vifvm, vifd, pktgen_pcap, build/vif-api.jar),
# 3. javac -cp build/vif-api.jar examples/PriQ_VIFlet.java,
# 4. pktgen_pcap: 2000 packets of mixed DSCP classes offered at 100 Mbit/s,
# 5. vifd --in pcap:... --out pcap:... --rate 10mbit --load pcap=PriQ_VIFlet.class
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

echo "== installing dependencies"
scripts/install-deps.sh

echo "== building"
make -j"$(nproc 2>/dev/null || echo 2)" >build-quickstart.log 2>&1 || { cat build-quickstart.log; exit 1; }
rm -f build-quickstart.log

Q=build/quickstart
mkdir -p "$Q"
echo "== javac -cp build/vif-api.jar examples/PriQ_VIFlet.java"
javac -cp build/vif-api.jar -d "$Q" examples/PriQ_VIFlet.java

echo "== pktgen_pcap: 2000 packets, mixed IP precedence, offered at 100 Mbit/s"
build/release/pktgen_pcap -o "$Q/in.pcap" -n 2000 --rate 100mbit

echo "== vifd: PriQ_VIFlet on the root VIF 'pcap', link at 10 Mbit/s, child VIF pcap/web"
build/release/vifd --in "pcap:$Q/in.pcap" --out "pcap:$Q/out.pcap" --rate 10mbit \
    --vif 'pcap/web=tcp port 80' --load "pcap=$Q/PriQ_VIFlet.class" --stats "$Q/stats.json"
echo "(output capture: $Q/out.pcap; statistics as JSON: $Q/stats.json)"

echo
echo "== vifvm: the bundled Java program examples/Sieve.java"
javac --release 8 -d "$Q" examples/Sieve.java
build/release/vifvm -cp "$Q" Sieve
