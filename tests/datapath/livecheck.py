#!/usr/bin/env python3
"""livecheck.py - checks for tests/datapath/live.sh (vifd --bridge).

  livecheck.py same SENT.pcap CAPTURED.pcap [--ordered | --reordered]
      every sent frame was captured exactly once, byte for byte, and nothing
      else was captured (--ordered: also in the same order; --reordered: in
      a different order, e.g. behind a priority queue)
  livecheck.py span CAPTURED.pcap RATE_BPS
      the capture took at least 90% of the time its bytes need at RATE_BPS
  livecheck.py flows SENT.pcap CAPTURED.pcap MIN_FLOWS
      every sent frame was captured exactly once, each flow's (IPv4
      5-tuple) frames in the order sent, and the capture holds at least
      MIN_FLOWS flows of several frames
  livecheck.py workers STATS.json N IFACE
      vifd --bridge --workers N: N entries in per_worker, each received
      frames on IFACE, each one's accounting holds (its datapaths and its
      own transmit rings), and the workers' counters add up to the totals
  livecheck.py stats STATS.json KEY=VALUE...
      values of the bridge statistics: `accounting_ok`, `dir0.input`,
      `dir0.link_out`, `dir0.<vif path>.in`, `port.<if>.tx`, ...
Exit status 0 when the check holds; else a message on stdout, status 1.
"""
import collections
import json
import struct
import sys


def read_pcap(path):
    with open(path, 'rb') as f:
        data = f.read()
    if len(data) < 24:
        raise SystemExit(f'{path}: not a pcap file')
    magic = data[:4]
    if magic in (b'\xd4\xc3\xb2\xa1', b'\x4d\x3c\xb2\xa1'):
        e = '<'
    elif magic in (b'\xa1\xb2\xc3\xd4', b'\xa1\xb2\x3c\x4d'):
        e = '>'
    else:
        raise SystemExit(f'{path}: bad pcap magic')
    off, out = 24, []
    while off + 16 <= len(data):
        sec, frac, caplen, wire = struct.unpack(e + 'IIII', data[off:off + 16])
        off += 16
        out.append((sec, frac, data[off:off + caplen], wire))
        off += caplen
    return out


def tag(body):
    i = body.find(b'VIFG')
    return struct.unpack('>I', body[i + 4:i + 8])[0] if i >= 0 and i + 8 <= len(body) else None


def same(sent, got, ordered):
    a = [p[2] for p in read_pcap(sent)]
    b = [p[2] for p in read_pcap(got)]
    if not a:
        return 'the sent capture is empty: nothing to compare'
    ca, cb = collections.Counter(a), collections.Counter(b)
    missing = ca - cb
    extra = cb - ca
    if missing or extra:
        ms = sorted(t for t in (tag(x) for x in missing.elements()) if t is not None)[:10]
        es = [tag(x) for x in list(extra.elements())[:5]]
        return (f'sent {len(a)}, captured {len(b)}: {sum(missing.values())} missing '
                f'(packet numbers {ms}...), {sum(extra.values())} extra or modified (tags {es})')
    if ordered == 'reordered' and a == b:
        return 'same frames in the same order: nothing was reordered'
    if ordered == 'ordered' and a != b:
        first = next(i for i in range(len(a)) if a[i] != b[i])
        return f'same frames, but the order differs from frame {first} on'
    return None


def span(got, rate):
    pk = read_pcap(got)
    if len(pk) < 2:
        return 'fewer than two frames captured'
    t = [p[0] + p[1] / 1e6 for p in pk]
    need = sum(p[3] for p in pk[1:]) * 8 / rate
    took = t[-1] - t[0]
    if took < 0.9 * need:
        return f'{len(pk)} frames in {took:.4f} s, faster than the rate allows ({need:.4f} s)'
    return None


def flow_key(body):
    if len(body) >= 38 and body[12:14] == b'\x08\x00':
        ihl = (body[14] & 15) * 4
        return (body[26:34], body[23], body[14 + ihl:14 + ihl + 4])
    return body[:12]


def flows(sent, got, min_flows):
    msg = same(sent, got, None)
    if msg:
        return msg
    per = collections.defaultdict(lambda: ([], []))
    for p in read_pcap(sent):
        per[flow_key(p[2])][0].append(p[2])
    for p in read_pcap(got):
        per[flow_key(p[2])][1].append(p[2])
    multi = 0
    for k, (a, b) in per.items():
        if a != b:
            return f'flow {k!r}: its {len(a)} frames arrived in another order'
        multi += len(a) > 1
    if multi < min_flows:
        return f'only {multi} flows of several frames (expected at least {min_flows})'
    return None


def workers(path, n, iface):
    with open(path) as f:
        st = json.load(f)
    pw = st.get('per_worker')
    if st.get('workers') != n or not pw or len(pw) != n:
        return f'workers={st.get("workers")}, {len(pw or [])} per_worker entries (expected {n})'
    bad = []
    for w in pw:
        rx = w['ports'][iface]['rx']
        if rx == 0:
            bad.append(f'worker {w["worker"]} received nothing on {iface}')
        for d in w['directions']:
            if not d['stats']['accounting_ok']:
                bad.append(f'worker {w["worker"]}: accounting violated ({d["from"]})')
            if d['link_out'] != d['stats']['link']['out']:
                bad.append(f'worker {w["worker"]}: link_out differs')
    for port, tot in st['ports'].items():
        for key in ('rx', 'tx', 'tx_drops', 'kernel_drops'):
            s = sum(w['ports'][port][key] for w in pw)
            if s != tot[key]:
                bad.append(f'port {port} {key}: workers sum {s} != total {tot[key]}')
    for i, d in enumerate(st['directions']):
        s = sum(w['directions'][i]['link_out'] for w in pw)
        if s != d['link_out']:
            bad.append(f'direction {i} link_out: workers sum {s} != total {d["link_out"]}')
        s = sum(w['directions'][i]['stats']['input'] for w in pw)
        if s != d['stats']['input']:
            bad.append(f'direction {i} input: workers sum {s} != total {d["stats"]["input"]}')
    return '; '.join(bad) if bad else None


def lookup(st, key):
    parts = key.split('.')
    if key == 'accounting_ok':
        return st['accounting_ok']
    if parts[0] == 'port':
        return st['ports'][parts[1]][parts[2]]
    if parts[0].startswith('dir'):
        d = st['directions'][int(parts[0][3:])]
        if parts[1] == 'link_out':
            return d['link_out']
        s = d['stats']
        if len(parts) == 2:
            return s[parts[1]]
        path = '.'.join(parts[1:-1])
        for v in s['vifs']:
            if v['path'] == path:
                return v[parts[-1]]
        raise KeyError(path)
    raise KeyError(key)


def stats(path, conds):
    with open(path) as f:
        st = json.load(f)
    bad = []
    for c in conds:
        k, v = c.split('=', 1)
        try:
            got = lookup(st, k)
        except (KeyError, IndexError, ValueError):
            bad.append(f'{k} missing')
            continue
        if str(got).lower() != v.lower():
            bad.append(f'{k}={got} (expected {v})')
    return '; '.join(bad) if bad else None


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == 'same':
        order = 'ordered' if '--ordered' in argv[4:] else 'reordered' if '--reordered' in argv[4:] else None
        msg = same(argv[2], argv[3], order)
    elif cmd == 'span':
        msg = span(argv[2], float(argv[3]))
    elif cmd == 'flows':
        msg = flows(argv[2], argv[3], int(argv[4]))
    elif cmd == 'workers':
        msg = workers(argv[2], int(argv[3]), argv[4])
    elif cmd == 'stats':
        msg = stats(argv[2], argv[3:])
    else:
        print(__doc__)
        return 2
    if msg:
        print(msg)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
