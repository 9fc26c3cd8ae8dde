#!/usr/bin/env python3
"""pcapcheck.py - checks vifd's output capture against its input.

  pcapcheck.py priq IN OUT RATE_BPS       priority order within backlogs, link rate
  pcapcheck.py shaper IN OUT RATE_BPS BURST_BYTES   FIFO, token-bucket conformance
  pcapcheck.py drop IN OUT                output = input minus UDP and port 22, same times
  pcapcheck.py chain IN OUT SPEC          last payload byte raised by the number of
                                          Taggers on the packet's path (see below)
  pcapcheck.py subset IN OUT              every output packet is an input packet (by
                                          number), bytes unchanged, no duplicates
  pcapcheck.py headers IN LOG             HeaderDump's log lines match the input's headers
  pcapcheck.py flows IN LOG               FlowCount's last table matches the input
  pcapcheck.py stats FILE.json KEY=VALUE...   (KEY: path.counter or top-level field)

Packets are matched by the number pktgen_pcap writes after "VIFG" in the
payload.  Prints one line; exit status 0 when the check holds, 1 otherwise.
"""
import json
import struct
import sys


def read_pcap(path):
    with open(path, 'rb') as f:
        data = f.read()
    magic = struct.unpack('<I', data[:4])[0]
    if magic == 0xa1b2c3d4:
        endian, nano = '<', False
    elif magic == 0xa1b23c4d:
        endian, nano = '<', True
    elif magic == 0xd4c3b2a1:
        endian, nano = '>', False
    elif magic == 0x4d3cb2a1:
        endian, nano = '>', True
    else:
        raise SystemExit('%s: not a pcap file' % path)
    pkts = []
    off = 24
    while off + 16 <= len(data):
        sec, frac, cap, wire = struct.unpack(endian + 'IIII', data[off:off + 16])
        off += 16
        body = data[off:off + cap]
        off += cap
        ts = sec * 10**9 + (frac if nano else frac * 1000)
        pkts.append(Pkt(ts, body, wire))
    return pkts


class Pkt:
    def __init__(self, ts, body, wire):
        self.ts, self.body, self.wire = ts, body, wire
        i = body.find(b'VIFG')
        self.num = struct.unpack('>I', body[i + 4:i + 8])[0] if i >= 0 else None
        self.is_ip = len(body) >= 34 and body[12:14] == b'\x08\x00'
        self.dscp = body[15] >> 2 if self.is_ip else -1
        self.proto = body[23] if self.is_ip else -1
        ihl = (body[14] & 15) * 4 if self.is_ip else 0
        l4 = 14 + ihl
        self.dport = struct.unpack('>H', body[l4 + 2:l4 + 4])[0] if self.proto in (6, 17) else -1
        self.src = body[26:30] if self.is_ip else b''

    def klass(self):  # SimplePacketClassifier
        if self.dscp < 0:
            return 3
        prec = self.dscp >> 3
        return 0 if prec >= 6 else 1 if prec >= 4 else 2 if prec >= 2 else 3


def fail(msg):
    print('FAIL: ' + msg)
    sys.exit(1)


def tx_ns(wire, rate):
    return (wire * 8 * 10**9 + rate - 1) // rate


def by_num(pkts):
    return {p.num: p for p in pkts}


def check_subset(inp, out, allow_changed=False):
    ins = by_num(inp)
    seen = set()
    for p in out:
        if p.num not in ins:
            fail('output packet %r is not an input packet' % p.num)
        if p.num in seen:
            fail('packet %d sent twice' % p.num)
        seen.add(p.num)
        if not allow_changed and p.body != ins[p.num].body:
            fail('packet %d bytes changed' % p.num)
        if p.ts < ins[p.num].ts:
            fail('packet %d departs (%d) before it arrives (%d)' % (p.num, p.ts, ins[p.num].ts))
    return ins


def priq(inp, out, rate):
    if len(out) != len(inp):
        fail('%d packets in, %d out' % (len(inp), len(out)))
    ins = check_subset(inp, out)
    # link rate: a departure no earlier than the previous one plus its time on the wire
    # (output timestamps may be truncated to microseconds: allow 1 us)
    for a, b in zip(out, out[1:]):
        if b.ts + 1000 < a.ts + tx_ns(a.wire, rate):
            fail('packet %d leaves %d ns after packet %d, faster than the link' %
                 (b.num, b.ts - a.ts, a.num))
    departed = set()
    backlogs = 0
    order = sorted(inp, key=lambda p: (p.ts, p.num))
    for p in out:
        # packets that had surely arrived (strictly before this departure) and are waiting
        waiting = [q for q in order if q.ts < p.ts and q.num not in departed and q.num != p.num]
        if waiting:
            backlogs += 1
        for q in waiting:
            if q.klass() < p.klass():
                fail('packet %d (class %d) left at %d while packet %d (class %d) waited' %
                     (p.num, p.klass(), p.ts, q.num, q.klass()))
            if q.klass() == p.klass() and q.num < p.num and ins[p.num].ts >= q.ts:
                fail('packet %d left before packet %d of the same class (FIFO)' % (p.num, q.num))
        departed.add(p.num)
    if backlogs < len(out) // 4:
        fail('only %d departures had a backlog: the test does not exercise priorities' % backlogs)
    print('ok: %d packets, %d departures from a backlog, class order and link rate hold' %
          (len(out), backlogs))


def shaper(inp, out, rate, burst):
    if [p.num for p in out] != [p.num for p in inp]:
        fail('output is not the input in the same order')
    check_subset(inp, out)
    slack_bits = 8 * 2  # rounding of timestamps to microseconds
    for i in range(len(out)):
        bits = 0
        for j in range(i, len(out)):
            bits += out[j].wire * 8
            allowed = burst * 8 + rate * (out[j].ts - out[i].ts) / 1e9 + slack_bits + rate * 1e-6 * 2
            if bits > allowed:
                fail('packets %d..%d: %d bits in %d ns exceed bucket %d B + rate %d' %
                     (out[i].num, out[j].num, bits, out[j].ts - out[i].ts, burst, rate))
    delayed = sum(1 for p, q in zip(inp, out) if q.ts > p.ts)
    if delayed == 0:
        fail('no packet was delayed: the shaper did not shape')
    span = (out[-1].ts - out[0].ts) / 1e9
    print('ok: %d packets, %d delayed, %.3f s, conforming to %d bit/s with a %d byte bucket' %
          (len(out), delayed, span, rate, burst))


def drop(inp, out):
    keep = [p for p in inp if not (p.proto == 17 or p.dport == 22)]
    if [(p.body, p.ts) for p in keep] != [(p.body, p.ts) for p in out]:
        fail('output (%d packets) is not the input without UDP and port 22 (%d packets)' %
             (len(out), len(keep)))
    print('ok: %d of %d packets kept' % (len(out), len(inp)))


def chain(inp, out, spec):
    # spec: comma-separated "LEVELS:PROTO:PORT" rules, first match wins, e.g.
    #  "3:6:80,2:6:-1,1:-1:-1" = TCP port 80 crosses 3 Taggers, other TCP 2, the rest 1
    rules = [tuple(int(x) for x in r.split(':')) for r in spec.split(',')]
    if len(out) != len(inp):
        fail('%d packets in, %d out' % (len(inp), len(out)))
    if [p.num for p in out] != [p.num for p in inp]:
        fail('output order differs from input order')
    ins = check_subset(inp, out, allow_changed=True)
    for p in out:
        q = ins[p.num]
        n = next(lv for lv, proto, port in rules
                 if proto in (-1, q.proto) and port in (-1, q.dport))
        want = q.body[:-1] + bytes([(q.body[-1] + n) & 255])
        if p.body != want:
            fail('packet %d: expected %d tag(s) on its last byte' % (p.num, n))
    print('ok: %d packets tagged by the VIFlets on their paths' % len(out))


def s32(v):
    return v - (1 << 32) if v >= 1 << 31 else v


def headers(inp, log):
    """The lines HeaderDump prints, computed independently."""
    with open(log) as f:
        lines = [l.rstrip('\n') for l in f if l[:1].isdigit()]
    if len(lines) != len(inp):
        fail('%d header lines for %d packets' % (len(lines), len(inp)))
    for p, line in zip(inp, lines):
        b = p.body
        n = len(b)
        u16 = lambda o: struct.unpack('>H', b[o:o + 2])[0]
        ihl = (b[14] & 15) * 4
        l4 = 14 + ihl
        proto = b[23]
        sport = u16(l4) if proto in (6, 17) else -1
        dport = u16(l4 + 2) if proto in (6, 17) else -1
        flags = b[l4 + 13] if proto == 6 else -1
        s16 = lambda v: v - 65536 if v >= 32768 else v
        s8 = lambda v: v - 256 if v >= 128 else v
        want = ' '.join(str(x) for x in [
            n, p.ts, u16(12), 4, proto, s32(struct.unpack('>I', b[26:30])[0]),
            s32(struct.unpack('>I', b[30:34])[0]), b[15] >> 2, sport, dport, flags,
            s8(b[14]), b[14], s16(u16(16)), u16(16), s32(struct.unpack('>I', b[26:30])[0]),
            struct.unpack('>q', b[0:8])[0], 'ioobe,ioobe'])
        if line != want:
            fail('packet %s: HeaderDump printed\n    %s\n  expected\n    %s' % (p.num, line, want))
    print('ok: header fields of %d packets match' % len(inp))


def flows(inp, log):
    """FlowCount's last table equals the per-(source, port) counts of the input."""
    with open(log) as f:
        text = f.read()
    last = text.rsplit('after ', 1)
    if len(last) != 2:
        fail('no flow table in ' + log)
    head, *rows = last[1].strip().split('\n')
    seen = int(head.split()[0])
    got = {r.split()[0]: int(r.split()[1]) for r in rows if r.startswith('  ')}
    want = {}
    for p in inp[:seen]:
        key = '.'.join(str(x) for x in p.src) + ':' + str(p.dport)
        want[key] = want.get(key, 0) + 1
    if got != want:
        fail('flow table after %d packets differs: %s vs %s' % (seen, got, want))
    print('ok: %d flows after %d packets' % (len(got), seen))


def stats(path, conds):
    with open(path) as f:
        st = json.load(f)
    vifs = {v['path']: v for v in st['vifs']}
    for c in conds:
        key, want = c.split('=', 1)
        if '.' in key and key.rsplit('.', 1)[0] in vifs:
            vp, field = key.rsplit('.', 1)
            got = vifs[vp][field]
        elif key.startswith('link.'):
            got = st['link'][key[5:]]
        else:
            got = st[key]
        if str(got).lower() != want.lower():
            fail('%s: %s is %s, expected %s' % (path, key, got, want))
    print('ok: ' + ' '.join(conds))


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == 'stats':
        stats(argv[2], argv[3:])
        return 0
    if cmd in ('headers', 'flows'):
        (headers if cmd == 'headers' else flows)(read_pcap(argv[2]), argv[3])
        return 0
    inp, out = read_pcap(argv[2]), read_pcap(argv[3])
    if cmd == 'priq':
        priq(inp, out, int(argv[4]))
    elif cmd == 'shaper':
        shaper(inp, out, int(argv[4]), int(argv[5]))
    elif cmd == 'drop':
        drop(inp, out)
    elif cmd == 'chain':
        chain(inp, out, argv[4])
    elif cmd == 'subset':
        check_subset(inp, out)
        print('ok: %d of %d packets, unchanged' % (len(out), len(inp)))
    else:
        print('unknown check ' + cmd)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
