#!/usr/bin/env python3
"""workercheck.py - checks of vifd --workers (tests/datapath/workers.sh).

  workercheck.py order IN OUT           every output packet is an input packet, none
                                        twice, and each flow's (5-tuple) packets leave
                                        in their input order
  workercheck.py sameset OUT1 OUT2      the two captures hold the same packets (by number)
  workercheck.py rate OUT RATE_BPS N    the merged output of N workers never beats the link:
                                        over any window of departures, bits <= rate * time
                                        + N full frames (each worker's link is rate/N)
  workercheck.py throughput OUT MIN_BPS MAX_BPS   the output's rate while the link
                                        was busy (the bits of all packets but the last over
                                        the time from the first departure to the last) is
                                        within [MIN_BPS, MAX_BPS]
  workercheck.py workers FILE.json N    the JSON has N per-worker sections; in each the
                                        accounting holds at every VIF (in = out + drops +
                                        held) and in total (input = link out + drops +
                                        queued + VIF drops + held), and the totals are the
                                        sums of the workers' counters
  workercheck.py sametotals A.json B.json KEY...   per-VIF counters KEY equal in both
  workercheck.py samebytes OUT1 OUT2    the same frames (bytes) in both, in any order
                                        (little-endian captures, as vifd writes them)
  workercheck.py timeline TL.jsonl FILE.json N   the --timeline lines of a run with N
                                        workers: each VIF's in/out/drops and the link's out
                                        summed over the lines are the JSON totals; with N > 1
                                        every line says "workers": N and the intervals are
                                        100 ms but for the last
  workercheck.py perflow OUT1 OUT2      each flow (5-tuple, or MAC pair) has the same
                                        frames (bytes) in the same order in both; the
                                        flows may interleave differently
  workercheck.py topflows IN N          --vif options for the N commonest TCP/UDP flows
                                        (pcap/fK="tcp and src host ... and dst port ...")
  workercheck.py affinity FILE.json     every pcap/fK VIF (one flow each) got packets on
                                        one worker only
  workercheck.py swap OUT TOL_MS        a hot swap Relay -> TosMark during a paced replay:
                                        both kinds leave; in each flow no unmarked packet
                                        after a marked one; and no unmarked packet arrived
                                        more than TOL_MS after the first marked one (every
                                        worker swapped at the same moment)

  workercheck.py priqgen OUT.pcap       the capture of the global-PriQ test: 1 s of one
                                        DSCP 46 UDP flow at 8 Mbit/s and 32 DSCP 0 flows
                                        at 12 Mbit/s in all (1000-byte frames)
  workercheck.py twoflowgen OUT.pcap N GAP_NS   N frames of 1000 bytes, one every
                                        GAP_NS, alternating between two UDP flows that
                                        vifd's flow hash gives to different workers of 2
                                        (the first frame worker 1's, then worker 0's, ...)
  workercheck.py classdelay IN OUT DSCP MAX_MS   every input packet left, and those
                                        of DSCP left at most MAX_MS after they came

Packets are matched by the number pktgen_pcap writes after "VIFG" in the payload.
Prints one line; exit status 0 when the check holds, 1 otherwise.
"""
import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pcapcheck import read_pcap, read_raw  # noqa: E402


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


def flow_key(b):
    """vifd's flow (vifd_flow_hash's input): up to two VLAN tags skipped;
    IPv4/IPv6 addresses, protocol and, for TCP, UDP, SCTP, UDP-Lite, the
    ports (not for IPv4 fragments); else the MAC pair."""
    o, typ = 12, (b[12] << 8 | b[13]) if len(b) >= 14 else 0
    for _ in range(2):
        if typ in (0x8100, 0x88a8) and len(b) >= o + 6:
            o += 4
            typ = b[o] << 8 | b[o + 1]
    ip = o + 2
    if typ == 0x0800 and len(b) >= ip + 20 and b[ip] >> 4 == 4:
        ihl, proto = (b[ip] & 15) * 4, b[ip + 9]
        frag = (b[ip + 6] & 0x3f) | b[ip + 7]
        ports = b''
        if not frag and proto in (6, 17, 132, 136) and ihl >= 20 and len(b) >= ip + ihl + 4:
            ports = b[ip + ihl:ip + ihl + 4]
        return (b[ip + 12:ip + 20], proto, ports)
    if typ == 0x86dd and len(b) >= ip + 40 and b[ip] >> 4 == 6:
        nh = b[ip + 6]
        ports = b[ip + 40:ip + 44] if nh in (6, 17, 132, 136) and len(b) >= ip + 44 else b''
        return (b[ip + 8:ip + 40], nh, ports)
    return ('mac', b[:12])


def priqgen(path):
    recs = []
    t0 = 1700000000 * 10**9
    num = 0

    def frame(src_port, dscp, n):
        return udp_frame(src_port, n, dscp=dscp, src_host=1 + src_port % 7)
    ev = []
    for i in range(1000):          # 8 Mbit/s: one every 1 ms
        ev.append((i * 1000000, 5000, 46))
    for i in range(1500):          # 12 Mbit/s: one every 0.667 ms, 32 flows
        ev.append((i * 666667 + 333, 6000 + i % 32, 0))
    ev.sort()
    for t, sp, dscp in ev:
        b = frame(sp, dscp, num)
        num += 1
        ts = t0 + t
        recs.append(struct.pack('<IIII', ts // 10**9, ts % 10**9 // 1000, len(b), len(b)) + b)
    with open(path, 'wb') as f:
        f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        f.write(b''.join(recs))
    return '%d packets' % num


def flow_worker(key, n):
    """vifd_worker_of(vifd_flow_hash(frame), n) for an IPv4 flow key."""
    def fnv(h, data):
        for c in data:
            h = ((h ^ c) * 16777619) & 0xffffffff
        return h
    addrs, proto, ports = key
    h = fnv(fnv(2166136261, addrs), bytes([proto]))
    if ports:
        h = fnv(h, ports)
    h ^= h >> 16
    h = (h * 0x85ebca6b) & 0xffffffff
    h ^= h >> 13
    h = (h * 0xc2b2ae35) & 0xffffffff
    h ^= h >> 16
    return (h * n) >> 32


def udp_frame(src_port, n, size=1000, dscp=0, src_host=1):
    """An Ethernet/IPv4/UDP frame 10.0.0.SRC_HOST:SRC_PORT -> 10.0.1.1:9000 of
    SIZE bytes, its payload "VIFG" and the number n (as pktgen_pcap's)."""
    ip = bytearray(20)
    ip[0], ip[1] = 0x45, dscp << 2
    struct.pack_into('>HHHBB', ip, 2, size - 14, n & 0xffff, 0, 64, 17)
    ip[12:16] = bytes([10, 0, 0, src_host])
    ip[16:20] = bytes([10, 0, 1, 1])
    s = 0
    for i in range(0, 20, 2):
        s += (ip[i] << 8) | ip[i + 1]
    s = (s & 0xffff) + (s >> 16)
    s = (s & 0xffff) + (s >> 16)
    struct.pack_into('>H', ip, 10, ~s & 0xffff)
    udp = struct.pack('>HHHH', src_port, 9000, size - 34, 0)
    pay = b'VIFG' + struct.pack('>I', n) + bytes(size - 42 - 8)
    eth = bytes([2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 8, 0])
    return eth + bytes(ip) + udp + pay


def twoflowgen(path, count, gap_ns):
    port = {}
    for sp in range(5000, 6000):
        b = udp_frame(sp, 0)
        port.setdefault(flow_worker(flow_key(b), 2), sp)
        if len(port) == 2:
            break
    t0 = 1700000000 * 10**9
    recs = []
    for i in range(count):
        b = udp_frame(port[1 - i % 2], i)
        ts = t0 + i * gap_ns
        recs.append(struct.pack('<IIII', ts // 10**9, ts % 10**9, len(b), len(b)) + b)
    with open(path, 'wb') as f:   # nanosecond stamps
        f.write(struct.pack('<IHHiIII', 0xa1b23c4d, 2, 4, 0, 0, 65535, 1))
        f.write(b''.join(recs))
    return '%d packets, source ports %d (worker 1) and %d (worker 0)' % (count, port[1], port[0])


def classdelay(inp, out, dscp, max_ms):
    arr = {p.num: p for p in inp}
    seen = set()
    worst = 0
    for p in out:
        q = arr.get(p.num)
        if q is None or p.num in seen:
            fail('output packet %r unknown or twice' % p.num)
        seen.add(p.num)
        if (q.body[15] >> 2) == dscp:
            worst = max(worst, p.ts - q.ts)
    if len(seen) != len(arr):
        fail('%d of %d packets left' % (len(seen), len(arr)))
    if worst > max_ms * 1e6:
        fail('a DSCP %d packet waited %.1f ms (at most %g expected)' % (dscp, worst / 1e6, max_ms))
    return 'DSCP %d: at most %.1f ms' % (dscp, worst / 1e6)


def order(inp, out):
    pos = {p.num: i for i, p in enumerate(inp)}
    seen, last = set(), {}
    for p in out:
        if p.num not in pos:
            fail('output packet %r is not an input packet' % p.num)
        if p.num in seen:
            fail('packet %d sent twice' % p.num)
        seen.add(p.num)
        k = flow_key(p.body)
        if k in last and pos[p.num] < last[k]:
            fail('flow %r: packet %d leaves after a later packet of its flow' % (k, p.num))
        last[k] = pos[p.num]
    return 'per-flow order kept: %d packets, %d flows' % (len(out), len(last))


def sameset(a, b):
    na, nb = sorted(p.num for p in a), sorted(p.num for p in b)
    if na != nb:
        fail('%d and %d packets, sets differ (only in first: %s)' %
             (len(na), len(nb), sorted(set(na) - set(nb))[:5]))
    return 'same %d packets' % len(na)


def rate(out, bps, n):
    slack = n * 1518 * 8
    for i in range(len(out)):
        bits = 0
        for j in range(i, min(len(out), i + 300)):
            if j > i and bits > bps * (out[j].ts - out[i].ts) / 1e9 + slack:
                fail('packets %d..%d: %d bits in %d ns at %d bit/s' %
                     (i, j, bits, out[j].ts - out[i].ts, bps))
            bits += out[j].wire * 8
    return 'merged output within %d bit/s' % bps


def throughput(out, lo, hi):
    if len(out) < 2:
        fail('%d packets out: no rate' % len(out))
    span = out[-1].ts - out[0].ts
    bits = sum(p.wire * 8 for p in out[:-1])
    bps = bits * 1e9 / span if span > 0 else float('inf')
    if not lo <= bps <= hi:
        fail('%d packets out at %.0f bit/s, not within [%d, %d]' % (len(out), bps, lo, hi))
    return '%d packets out at %.0f bit/s' % (len(out), bps)


COUNTERS = ('in', 'out', 'dropped_handler', 'dropped_quota', 'dropped_policy', 'held', 'aborts')


def vif_ok(where, v):
    drops = v['dropped_handler'] + v['dropped_quota'] + v['dropped_policy']
    if v['in'] != v['out'] + drops + v['held']:
        fail('%s %s: in %d != out %d + drops %d + held %d' %
             (where, v['path'], v['in'], v['out'], drops, v['held']))
    return drops, v['held']


def total_ok(where, d, vifs):
    drops = held = 0
    for v in vifs:
        dr, h = vif_ok(where, v)
        drops, held = drops + dr, held + h
    link = d['link']
    if d['input'] != link['out'] + link['drops'] + link['queued'] + drops + held:
        fail('%s: input %d != link out + drops + queued + VIF drops + held' % (where, d['input']))
    if not d['accounting_ok']:
        fail('%s: accounting_ok is false' % where)


def workers(path, n):
    d = json.load(open(path))
    pw = d.get('per_worker')
    if d.get('workers') != n or not isinstance(pw, list) or len(pw) != n:
        fail('%s: expected %d per-worker sections' % (path, n))
    total_ok('totals', d, d['vifs'])
    for w in pw:
        total_ok('worker %d' % w['worker'], w, w['vifs'])
    for key in ('input',):
        if d[key] != sum(w[key] for w in pw):
            fail('total %s %d is not the workers\' sum' % (key, d[key]))
    for i, v in enumerate(d['vifs']):
        for c in COUNTERS + ('quota', 'path_compiled', 'path_loaded'):
            s = sum(w['vifs'][i][c] for w in pw)
            if v[c] != s:
                fail('%s.%s: total %d, workers sum to %d' % (v['path'], c, v[c], s))
    busy = sum(1 for w in pw if w['input'] > 0)
    return '%d workers (%d with packets), accounting holds in total and per worker' % (n, busy)


def sametotals(a, b, keys):
    da, db = json.load(open(a)), json.load(open(b))
    if da['input'] != db['input']:
        fail('input %d != %d' % (da['input'], db['input']))
    for va, vb in zip(da['vifs'], db['vifs']):
        for k in keys:
            if va[k] != vb[k]:
                fail('%s.%s: %d with one worker, %d with several' % (va['path'], k, va[k], vb[k]))
    return 'totals equal (%s)' % ', '.join(keys)


def samebytes(a, b):
    ba, bb = sorted(a), sorted(b)
    if ba != bb:
        fail('%d and %d frames, contents differ' % (len(ba), len(bb)))
    return 'same %d frames' % len(ba)


def perflow(a, b):
    def flows(frames):
        fl = {}
        for f in frames:
            fl.setdefault(flow_key(f), []).append(f)
        return fl
    fa, fb = flows(a), flows(b)
    for k in sorted(set(fa) | set(fb), key=repr):
        x, y = fa.get(k, []), fb.get(k, [])
        if x != y:
            i = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
            fail('flow %r: %d and %d frames, first difference at its frame %d' %
                 (k, len(x), len(y), i))
    return 'same %d frames in %d flows, each in the same order' % (len(a), len(fa))


def timeline(tl, js, n):
    lines = [json.loads(l) for l in open(tl)]
    d = json.load(open(js))
    if not lines:
        fail('%s: no lines' % tl)
    if sum(l['link']['out'] for l in lines) != d['link']['out']:
        fail('link out: lines sum to %d, JSON %d' % (sum(l['link']['out'] for l in lines),
                                                     d['link']['out']))
    for i, v in enumerate(d['vifs']):
        drops = v['dropped_handler'] + v['dropped_quota'] + v['dropped_policy']
        for key, want in (('in', v['in']), ('out', v['out']), ('drops', drops)):
            got = sum(l['vifs'][i][key] for l in lines)
            if got != want:
                fail('%s.%s: lines sum to %d, JSON %d' % (v['path'], key, got, want))
    if n > 1:
        if any(l.get('workers') != n for l in lines):
            fail('a line without "workers": %d' % n)
        if any(l['interval_ns'] != 100000000 for l in lines[:-1]):
            fail('intervals not all 100 ms: %s' % [l['interval_ns'] for l in lines[:-1]][:10])
    return '%d lines sum to the totals (%d packets in)' % (len(lines), d['input'])


def topflows(inp, n):
    count = {}
    for p in inp:
        b = p.body
        if len(b) < 38 or b[12:14] != b'\x08\x00' or b[23] not in (6, 17):
            continue
        ihl = (b[14] & 15) * 4
        sport, dport = struct.unpack('>HH', b[14 + ihl:18 + ihl])
        k = ('tcp' if b[23] == 6 else 'udp', '.'.join(map(str, b[26:30])),
             '.'.join(map(str, b[30:34])), sport, dport)
        count[k] = count.get(k, 0) + 1
    top = sorted(count.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
    for i, ((proto, src, dst, sport, dport), _) in enumerate(top):
        print('--vif')
        print('pcap/f%d=%s and src host %s and dst host %s and src port %d and dst port %d' %
              (i, proto, src, dst, sport, dport))
    sys.exit(0)


def affinity(path):
    d = json.load(open(path))
    pw = d['per_worker']
    flows = 0
    for i, v in enumerate(d['vifs']):
        if not v['path'].startswith('pcap/f'):
            continue
        ins = [w['vifs'][i]['in'] for w in pw]
        if sum(1 for x in ins if x) > 1:
            fail('%s (one flow) got packets on several workers: %s' % (v['path'], ins))
        flows += 1 if sum(ins) else 0
    if flows < 2:
        fail('only %d flow VIFs had packets' % flows)
    spread = len({tuple(bool(w['vifs'][i]['in']) for w in pw)
                  for i, v in enumerate(d['vifs']) if v['path'].startswith('pcap/f')})
    return '%d flows, each on one worker (%d distinct workers used)' % (flows, spread)


def swap(out, tol_ms):
    marked = [p for p in out if p.is_ip and p.dscp == 46]
    plain = [p for p in out if p.is_ip and p.dscp == 0]
    if not marked or not plain or len(marked) + len(plain) != len(out):
        fail('%d marked, %d unmarked of %d' % (len(marked), len(plain), len(out)))
    seen = set()
    for p in out:
        k = flow_key(p.body)
        if p.dscp == 46:
            seen.add(k)
        elif k in seen:
            fail('flow %r: unmarked packet %d after a marked one' % (k, p.num))
    first = min(p.ts for p in marked)
    last = max(p.ts for p in plain)
    if last - first > tol_ms * 10**6:
        fail('an unmarked packet arrived %.1f ms after the first marked one' % ((last - first) / 1e6))
    return '%d unmarked, then %d marked; overlap %.1f ms' % (len(plain), len(marked),
                                                           max(0, last - first) / 1e6)


def main(argv):
    cmd = argv[1]
    if cmd == 'order':
        msg = order(read_pcap(argv[2]), read_pcap(argv[3]))
    elif cmd == 'sameset':
        msg = sameset(read_pcap(argv[2]), read_pcap(argv[3]))
    elif cmd == 'rate':
        msg = rate(read_pcap(argv[2]), int(argv[3]), int(argv[4]))
    elif cmd == 'throughput':
        msg = throughput(read_pcap(argv[2]), int(argv[3]), int(argv[4]))
    elif cmd == 'workers':
        msg = workers(argv[2], int(argv[3]))
    elif cmd == 'samebytes':
        msg = samebytes(read_raw(argv[2]), read_raw(argv[3]))
    elif cmd == 'timeline':
        msg = timeline(argv[2], argv[3], int(argv[4]))
    elif cmd == 'perflow':
        msg = perflow(read_raw(argv[2]), read_raw(argv[3]))
    elif cmd == 'topflows':
        topflows(read_pcap(argv[2]), int(argv[3]))
    elif cmd == 'swap':
        msg = swap(read_pcap(argv[2]), float(argv[3]))
    elif cmd == 'affinity':
        msg = affinity(argv[2])
    elif cmd == 'priqgen':
        msg = priqgen(argv[2])
    elif cmd == 'twoflowgen':
        msg = twoflowgen(argv[2], int(argv[3]), int(argv[4]))
    elif cmd == 'classdelay':
        msg = classdelay(read_pcap(argv[2]), read_pcap(argv[3]), int(argv[4]), float(argv[5]))
    elif cmd == 'sametotals':
        msg = sametotals(argv[2], argv[3], argv[4:])
    else:
        fail('unknown command %s' % cmd)
    print('ok: ' + msg)


if __name__ == '__main__':
    main(sys.argv)
