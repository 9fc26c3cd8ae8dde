#!/usr/bin/env python3
"""tests/datapath/countercheck.py - exact expectations for vifd's per-VIF
counters (tests/datapath/counters.sh).  The percentiles are checked against
the same log-scale histogram the datapath keeps (src/datapath/dp_hist.h),
rebuilt here from the true values.

  countercheck.py delays JSON WHERE N TX_NS     WHERE (a VIF path or "link")
        saw N packets whose delays are 0, TX_NS, 2*TX_NS, ... (a burst on a
        rate-limited link): samples, p50, p99 and max exact
  countercheck.py zero-delays JSON WHERE N      N samples, all 0
  countercheck.py bytes JSON PCAP               bytes in/out of pcap, pcap/tcp,
        pcap/udp (pass-through tree) from the capture's wire lengths
  countercheck.py backlog JSON PATH PCAP PROTO  PATH holds every packet of IP
        protocol PROTO (6, 17) of the capture: backlog packets and bytes
  countercheck.py handler JSON PATH             timed calls = enqueue + dequeue
        calls (fewer than 1024 calls: all timed), 0 < p50 <= p99 <= max
  countercheck.py statsfile STATS JSON PATH     the `stats` file's counters equal
        the JSON's for VIF PATH
Prints nothing and exits 0 when the check holds; else the differences, exit 1.
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import livecheck  # noqa: E402

SUB_BITS = 4
SUB = 1 << SUB_BITS


def index(v):
    if v < SUB:
        return v
    e = v.bit_length() - 1
    return SUB + (e - SUB_BITS) * SUB + ((v >> (e - SUB_BITS)) & (SUB - 1))


def bucket_value(i):
    if i < SUB:
        return i
    e = (i - SUB) // SUB + SUB_BITS
    sub = (i - SUB) % SUB
    shift = e - SUB_BITS
    return ((SUB + sub) << shift) + ((1 << shift) >> 1)


def quantile(values, q):
    """What dp_hist_quantile reports for these values."""
    if not values:
        return 0
    n = len(values)
    rank = min(max(math.ceil(q * n), 1), n)
    v = sorted(values)[rank - 1]
    return min(bucket_value(index(v)), max(values))


def vif(j, path):
    if path == "link":
        return j["link"]
    for v in j["vifs"]:
        if v["path"] == path:
            return v
    raise SystemExit("no VIF %s in the statistics" % path)


def expect(errs, what, got, want):
    if got != want:
        errs.append("%s: %s, want %s" % (what, got, want))


def check_delays(j, where, values):
    errs = []
    d = vif(j, where)["delay_ns"]
    expect(errs, where + " delay samples", d["samples"], len(values))
    expect(errs, where + " delay p50", d["p50"], quantile(values, 0.5))
    expect(errs, where + " delay p99", d["p99"], quantile(values, 0.99))
    expect(errs, where + " delay max", d["max"], max(values) if values else 0)
    return errs


def proto(pkt):
    body = pkt[2]
    return body[23] if len(body) > 23 and body[12:14] == b"\x08\x00" else None


def main(a):
    j = json.load(open(a[1])) if len(a) > 1 and a[0] != "statsfile" else None
    errs = []
    if a[0] == "delays":
        n, tx = int(a[3]), int(a[4])
        errs = check_delays(j, a[2], [k * tx for k in range(n)])
    elif a[0] == "zero-delays":
        errs = check_delays(j, a[2], [0] * int(a[3]))
    elif a[0] == "bytes":
        pk = livecheck.read_pcap(a[2])
        want = {"pcap": sum(p[3] for p in pk),
                "pcap/tcp": sum(p[3] for p in pk if proto(p) == 6),
                "pcap/udp": sum(p[3] for p in pk if proto(p) == 17)}
        for path, b in want.items():
            v = vif(j, path)
            expect(errs, path + " bytes_in", v["bytes_in"], b)
            expect(errs, path + " bytes_out", v["bytes_out"], b)
        if want["pcap/tcp"] == 0 or want["pcap/udp"] == 0:
            errs.append("the capture should mix TCP and UDP")
    elif a[0] == "backlog":
        pk = [p for p in livecheck.read_pcap(a[3]) if proto(p) == int(a[4])]
        v = vif(j, a[2])
        expect(errs, a[2] + " backlog_packets", v["backlog_packets"], len(pk))
        expect(errs, a[2] + " held", v["held"], len(pk))
        expect(errs, a[2] + " backlog_bytes", v["backlog_bytes"], sum(p[3] for p in pk))
        expect(errs, a[2] + " bytes_out", v["bytes_out"], 0)
    elif a[0] == "handler":
        v = vif(j, a[2])
        h = v["handler_call_ns"]
        calls = v["enqueue_calls"] + v["dequeue_calls"]
        expect(errs, "timed calls", h["timed_calls"], calls)
        if not (calls < 1024 and 0 < h["p50"] <= h["p99"] <= h["max"]):
            errs.append("handler times %s over %d calls" % (h, calls))
    elif a[0] == "statsfile":
        kv = {}
        for line in open(a[1]):
            k, _, val = line.rstrip("\n").partition(" ")
            kv[k] = val
        v = vif(json.load(open(a[2])), a[3])
        flat = dict(v)
        for k, sub in (("delay", "delay_ns"), ("handler", "handler_call_ns")):
            for q in ("p50", "p99", "max"):
                flat["%s_%s_ns" % (k, q)] = v[sub][q]
        flat["delay_samples"] = v["delay_ns"]["samples"]
        flat["handler_timed_calls"] = v["handler_call_ns"]["timed_calls"]
        keys = ["in", "out", "dropped_handler", "held", "bytes_in", "bytes_out",
                "backlog_packets", "backlog_bytes", "delay_samples", "delay_p50_ns",
                "delay_p99_ns", "delay_max_ns", "handler_timed_calls", "handler_p50_ns",
                "handler_p99_ns", "handler_max_ns", "state"]
        for k in keys:
            if k not in kv:
                errs.append("stats file has no %s" % k)
            elif kv[k] != str(flat[k]):
                errs.append("%s: stats file %s, JSON %s" % (k, kv[k], flat[k]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for e in errs:
        print(e)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
