#!/usr/bin/env python3
"""tests/datapath/fuse_random.py - differential test of fused VIF paths
(issue 14): random VIF trees (depth 1-5, random owners, filters, policies,
quotas, link rates) with VIFlets drawn from a pool (relay, marker, counter,
port filter, PriQ, shaper, a thrower, a budget-exhausting looper, a
VIFlet keeping a reference to its packet, one the escape check accepts, one
that fills its VM's heap, then with --heap 4m most times), and
random captures; each case runs fused (the default: since branch fx23
every plan's stages in its native code, the plan's entry) and unfused
(--fuse off), and fused with VIFD_FUSE_PATHCODE_STAGES=off (the run's code
alone, the C loop after it: the A/B reference, branch fx21's; the summary
counts the cases with a general VIFlet - PriQ, Shaper, a thrower, ... -
at the root and in the middle of a path).  Both fused runs' output
captures must be identical to the unfused one byte for byte, the JSON
statistics count for count (handler times and the fusion figures left
out), the VIF logs line for line (vifd's wall-clock stamps left out); and
the fused run must have placed packets on fused paths whenever the tree
has a VIFlet.

  fuse_random.py VIFD PKTGEN CLASSDIR WORKDIR [--cases N] [--seed S]

CLASSDIR holds the pool's compiled classes (tests/datapath/fuse_cases.sh
compiles them).  Prints one PASS:/FAIL: line per case; exit 1 on any FAIL.
"""
import json, os, random, re, subprocess, sys

POOL = ["Relay", "ChainMark", "ChainCount", "ChainFilter", "PriQ_VIFlet", "Shaper",
        "Thrower", "Looper", "TosMark", "DropUdp", "Keeper", "Aliaser", "HeapFiller"]
# weights: small stages mostly, the hostile ones now and then
WEIGHTS = [5, 4, 4, 4, 3, 2, 1, 1, 2, 2, 1, 2, 1]
FILTERS = ["ip", "tcp", "udp", "tcp port 80", "port 443", "port 53 or port 9", "len > 600",
           "len < 400", "src host 10.0.0.1", "src host 10.0.0.2 or src host 10.0.0.3",
           "ip[1] & 0xfc != 0", "udp or tcp port 80", "not port 5001"]


def clean(x):
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items() if k != "fusion" and not k.startswith("handler")}
    if isinstance(x, list):
        return [clean(v) for v in x]
    return x


def make_case(rng, n):
    depth = rng.randint(1, 5)
    vifs = []            # (path, filter)
    frontier = ["pcap"]
    for level in range(1, depth):
        nxt = []
        for parent in frontier:
            for k in range(rng.randint(1, 3 if level < 3 else 2)):
                path = "%s/v%d%d" % (parent, level, k)
                vifs.append((path, rng.choice(FILTERS)))
                nxt.append(path)
        frontier = rng.sample(nxt, min(len(nxt), 3))  # keep the tree small
    paths = ["pcap"] + [p for p, _ in vifs]
    args = []
    for p, f in vifs:
        args += ["--vif", "%s=%s" % (p, f)]
    owners = ["u%d" % i for i in range(rng.randint(1, 4))]
    loads = []
    for p in paths:
        if rng.random() < 0.8:
            cls = rng.choices(POOL, WEIGHTS)[0]
            loads.append((p, cls, rng.choice(owners)))
    if rng.random() < 0.3:
        args += ["--budget", "200000"]
    # (a small heap: HeapFiller, which fills its VM's heap from a timer,
    # then leaves the other stages in that VM without room - fused and
    # unfused alike, the spare Packet's rule)
    filler = any(cls == "HeapFiller" for _, cls, _ in loads)
    if filler and rng.random() < 0.7:
        args += ["--heap", "4m"]
    for p in paths:
        if rng.random() < 0.3:
            args += ["--policy", "%s=drop" % p]
        if rng.random() < 0.2:
            args += ["--quota", "%s=%d" % (p, rng.choice([4, 16, 64]))]
    rate = rng.choice([None, None, "10mbit", "100mbit", "1gbit"])
    if rate:
        args += ["--rate", rate]
    pk = ["-n", str(rng.randint(100, 1200)), "--seed", str(rng.randint(1, 10 ** 6)),
          "--proto", rng.choice(["tcp", "udp", "mix"]), "--hosts", str(rng.randint(1, 5)),
          "--ports", "80,443,53,9,5001", "--dscp", "0,10,26,46",
          "--sizes", rng.choice(["60-1514", "60-200", "1000-1514"]),
          "--pps", str(rng.choice([1000, 20000] if filler else [1000, 20000, 200000, 2000000]))]
    # (HeapFiller's timer fills the heap 5 ms after its first packet: a
    # capture of at least 5 ms)
    return args, loads, pk


def run(vifd, args, out, stats, logdir, fuse, env=None):
    os.makedirs(logdir, exist_ok=True)
    cmd = [vifd, "--quiet", "--fuse", fuse, "--out", "pcap:" + out, "--stats", stats,
           "--logdir", logdir, "--cpu", "0"] + args
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300,
                       env=dict(os.environ, **(env or {})))
    return r.returncode, r.stderr.decode(errors="replace")


def logs(d):
    res = {}
    for top, _, files in os.walk(d):
        for name in files:
            p = os.path.join(top, name)
            with open(p, errors="replace") as f:
                res[os.path.relpath(p, d)] = [re.sub(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z ", "", l) for l in f]
    return res


def main():
    a = sys.argv[1:]
    vifd, pktgen, classes, work = a[:4]
    cases, seed = 20, 1
    if "--cases" in a: cases = int(a[a.index("--cases") + 1])
    if "--seed" in a: seed = int(a[a.index("--seed") + 1])
    rng = random.Random(seed)
    nfail = 0
    totals = {"fused_packets": 0, "aborts": 0, "same_vm": 0, "stages": 0, "recycled": 0, "inlined": 0,
              "code_stages": 0, "general_root": 0, "general_mid": 0}
    for c in range(cases):
        args, loads, pk = make_case(rng, c)
        d = os.path.join(work, "case%d" % c)
        os.makedirs(d, exist_ok=True)
        cap = os.path.join(d, "in.pcap")
        subprocess.run([pktgen, "-o", cap] + pk, check=True, stdout=subprocess.DEVNULL)
        full = ["--in", "pcap:" + cap] + args
        for p, cls, o in loads:
            full += ["--load", "%s=%s/%s.class:%s" % (p, classes, cls, o)]
        desc = " ".join(full)
        res = {}
        # (fused, the default: every plan's stages in its code, branch
        # fx23; fused with the C loop after the run's code,
        # VIFD_FUSE_PATHCODE_STAGES=off; unfused)
        for mode, fuse, env in (("on", "on", None), ("all", "on", {"VIFD_FUSE_PATHCODE_STAGES": "off"}),
                                ("off", "off", None)):
            out = os.path.join(d, "out-%s.pcap" % mode)
            st = os.path.join(d, "stats-%s.json" % mode)
            ld = os.path.join(d, "logs-%s" % mode)
            rc, err = run(vifd, full, out, st, ld, fuse, env)
            res[mode] = (rc, err, out, st, ld)
        why = None
        for mode in ("all", "on"):
            w = compare(res[mode], res["off"], loads)
            if w:
                why = "(%s) %s" % ("fused" if mode == "on" else "VIFD_FUSE_PATHCODE_STAGES=off", w)
        if not why:
            j1 = json.load(open(res["on"][3]))
            ja = json.load(open(res["all"][3]))
            totals["fused_packets"] += j1["fusion"]["fused_packets"]
            totals["aborts"] += sum(v["aborts"] for v in j1["vifs"])
            for fp in j1["fusion"]["paths"]:
                totals["same_vm"] += fp["same_vm_handoffs"]
                totals["recycled"] += fp["recycled"]
                totals["inlined"] += fp["fifo_inlined"]
                totals["stages"] = max(totals["stages"], fp["stages"])
            totals["code_stages"] += sum(1 for fp in j1["fusion"]["paths"] if fp["path_code_stages"])
            # (=off: no plan has its stages in code)
            if any(fp["path_code_stages"] for fp in ja["fusion"]["paths"]):
                why = "(VIFD_FUSE_PATHCODE_STAGES=off) a plan with its stages in its code"
            g = general_at(loads)
            totals["general_root"] += "root" in g
            totals["general_mid"] += "mid" in g
        if why:
            nfail += 1
            print("FAIL: datapath/fuse/random/%d: %s\n          vifd %s" % (c, why, desc))
        else:
            print("PASS: datapath/fuse/random/%d (%d VIFlets, %s packets out)" % (
                c, len(loads), json.load(open(res["on"][3]))["link"]["out"]))
    print("fuse_random: %d cases, %d packets on fused paths, %d aborts, longest path %d stages, "
          "%d same-VM hand-offs, %d recycling and %d inlined stages in the plans; "
          "%d plans with their stages in the code (the default), "
          "%d cases with a general stage at the root, %d with one in the middle of a path" % (
              cases, totals["fused_packets"], totals["aborts"], totals["stages"], totals["same_vm"],
              totals["recycled"], totals["inlined"], totals["code_stages"], totals["general_root"],
              totals["general_mid"]))
    return 1 if nfail else 0


# VIFlets of the pool whose stage the fused path takes the general way
# (their own dequeue, a kept reference, a throw, a loop, a heap filler)
GENERAL = {"PriQ_VIFlet", "Shaper", "Thrower", "Looper", "Keeper", "HeapFiller"}


def general_at(loads):
    """where a general VIFlet sits: "root", "mid" (a VIF with a parent and
    a child that has a VIFlet)"""
    at = set()
    has = {p for p, _, _ in loads}
    for p, cls, _ in loads:
        if cls not in GENERAL:
            continue
        if p == "pcap":
            at.add("root")
        elif any(q.startswith(p + "/") for q in has):
            at.add("mid")
    return at


def compare(r1, r2, loads):
    """why fused run r1 and unfused run r2 differ (None: they agree)"""
    (rc1, err1, o1, s1, l1), (rc2, err2, o2, s2, l2) = r1, r2
    why = None
    if True:
        if rc1 != 0 or rc2 != 0:
            why = "vifd exit fused %d unfused %d: %s" % (rc1, rc2, (err1 or err2)[-300:])
        elif open(o1, "rb").read() != open(o2, "rb").read():
            why = "output captures differ"
        else:
            j1, j2 = json.load(open(s1)), json.load(open(s2))
            if clean(j1) != clean(j2):
                why = "statistics differ"
                for x, y in zip(j1["vifs"], j2["vifs"]):
                    if clean(x) != clean(y):
                        why += " at %s: fused %s unfused %s" % (
                            x["path"], {k: v for k, v in clean(x).items() if clean(y).get(k) != v},
                            {k: v for k, v in clean(y).items() if clean(x).get(k) != v})
                        break
            elif logs(l1) != logs(l2):
                why = "logs differ"
            elif not j1["accounting_ok"]:
                why = "accounting not ok"
            elif (loads and j1["fusion"]["fused_packets"] == 0 and
                  any(x["in"] > 0 for x in j1["vifs"] if x.get("viflet"))):
                # (a VIFlet's VIF saw packets: some were placed where a
                # plan runs - not when every packet went to VIFs without)
                why = "no packet took a fused path"
            elif j2["fusion"]["fused_packets"] != 0:
                why = "--fuse off placed packets on fused paths"
    return why


if __name__ == "__main__":
    sys.exit(main())
