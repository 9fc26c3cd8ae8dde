#!/usr/bin/env python3
"""pcapcheck.py - checks vifd's output capture against its input.

  pcapcheck.py priq IN OUT RATE_BPS       priority order within backlogs, link rate
  pcapcheck.py shaper IN OUT RATE_BPS BURST_BYTES   FIFO, token-bucket conformance
  pcapcheck.py drop IN OUT                output = input minus UDP and port 22, same times
  pcapcheck.py chain IN OUT SPEC          last payload byte raised by the number of
                                          Taggers on the packet's path (see below)
  pcapcheck.py subset IN OUT COUNT        every output packet is an input packet (by
                                          number), bytes unchanged, no duplicates, and
                                          there are COUNT of them
  pcapcheck.py put IN OUT LOG             HeaderDump's puts: each output packet is its
                                          input with the last 8 bytes 01020305fffe0709,
                                          and the log reads them back once per packet
  pcapcheck.py headers IN LOG             HeaderDump's log lines match the input's headers
  pcapcheck.py craft OUT                  write a capture of unusual frames (VLAN, IPv6,
                                          fragments, truncated) for headers-all
  pcapcheck.py headers-all IN LOG         HeaderAll's log lines match vif.Packet's definitions
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
    if not keep or len(keep) == len(inp):
        fail('the input (%d packets, %d to keep) does not exercise the filter' % (len(inp), len(keep)))
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


PUT_BYTES = bytes.fromhex('01020305fffe0709')


def put(inp, out, log):
    """HeaderDump wrote PUT_BYTES over the last 8 bytes of every packet and
    logged what getLong read back."""
    if not inp or len(out) != len(inp):
        fail('%d packets in, %d out' % (len(inp), len(out)))
    # by position (a relay keeps the order; the puts may overwrite the
    # packet number pktgen writes in a short payload)
    for i, (p, q) in enumerate(zip(inp, out)):
        want = p.body[:-8] + PUT_BYTES
        if q.body != want:
            fail('packet %d of the capture: last 8 bytes %s, expected %s (rest unchanged)' %
                 (i, q.body[-8:].hex(), PUT_BYTES.hex()))
    with open(log) as f:
        got = [l.split()[1] for l in f if l.startswith('put ')]
    want = str(int.from_bytes(PUT_BYTES, 'big'))
    if len(got) != len(inp) or any(g != want for g in got):
        bad = next((g for g in got if g != want), None)
        fail('%d "put" lines for %d packets; a getLong after the puts read %s, expected %s' %
             (len(got), len(inp), bad, want))
    print('ok: %d packets carry the bytes put wrote, and get read them back' % len(out))


def s32(v):
    return v - (1 << 32) if v >= 1 << 31 else v


def headers(inp, log):
    """The lines HeaderDump prints, computed independently."""
    with open(log) as f:
        lines = [l.rstrip('\n') for l in f if l[:1].isdigit()]
    if not inp:
        fail('no input packets')
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


def ref_headers(b):
    """The header helpers of vif.Packet (length etherType ipVersion
    ipProtocol ipSrc ipDst dscp srcPort dstPort tcpFlags) and the class of
    SimplePacketClassifier, as the Java code defines them."""
    n = len(b)
    u8 = lambda o: b[o]
    u16 = lambda o: (b[o] << 8) | b[o + 1]
    i32 = lambda o: s32(struct.unpack('>I', b[o:o + 4])[0])

    def l3():
        if n < 14:
            return -1
        if u16(12) == 0x8100:
            return -1 if n < 18 else 18
        return 14

    def ether():
        if n < 14:
            return -1
        et = u16(12)
        if et == 0x8100:
            return -1 if n < 18 else u16(16)
        return et

    def ipver():
        o = l3()
        if o < 0:
            return -1
        et = ether()
        if et == 0x0800 and n >= o + 20 and u8(o) >> 4 == 4 and u8(o) & 15 >= 5:
            return 4
        if et == 0x86DD and n >= o + 40 and u8(o) >> 4 == 6:
            return 6
        return -1

    v, o = ipver(), l3()
    proto = u8(o + 9) if v == 4 else u8(o + 6) if v == 6 else -1
    src = i32(o + 12) if v == 4 else -1
    dst = i32(o + 16) if v == 4 else -1
    dscp = u8(o + 1) >> 2 if v == 4 else ((u16(o) >> 4) & 0xff) >> 2 if v == 6 else -1

    def l4(minlen):
        if v == 4:
            if u16(o + 6) & 0x1fff:
                return -1
            pr, off = u8(o + 9), o + (u8(o) & 15) * 4
        elif v == 6:
            pr, off = u8(o + 6), o + 40
        else:
            return -1
        if pr not in (6, 17):
            return -1
        return off if n >= off + minlen else -1

    a = l4(4)
    sport = -1 if a < 0 else u16(a)
    dport = -1 if a < 0 else u16(a + 2)
    t = l4(14) if proto == 6 else -1
    flags = -1 if t < 0 else u8(t + 13)
    prec = dscp >> 3
    cls = 3 if dscp < 0 else 0 if prec >= 6 else 1 if prec >= 4 else 2 if prec >= 2 else 3
    return [n, ether(), v, proto, src, dst, dscp, sport, dport, flags, cls]


def read_raw(path):
    """The frames of a little-endian capture (craft's), as bytes."""
    with open(path, 'rb') as f:
        data = f.read()
    out, off = [], 24
    while off + 16 <= len(data):
        cap = struct.unpack('<I', data[off + 8:off + 12])[0]
        out.append(data[off + 16:off + 16 + cap])
        off += 16 + cap
    return out


def headers_all(inp, log):
    """HeaderAll's lines (crafted captures: VLAN, IPv6, fragments, truncated)."""
    with open(log) as f:
        lines = [l.rstrip('\n') for l in f if l[:1].isdigit()]
    if not inp:
        fail('no input packets')
    if len(lines) != len(inp):
        fail('%d header lines for %d packets' % (len(lines), len(inp)))
    for i, (b, line) in enumerate(zip(inp, lines)):
        want = ' '.join(str(x) for x in ref_headers(b))
        if line != want:
            fail('packet %d (%d bytes): HeaderAll printed\n    %s\n  expected\n    %s'
                 % (i, len(b), line, want))
    print('ok: header helpers of %d crafted packets match' % len(inp))


def craft(path):
    """A capture of unusual frames for headers-all (deterministic)."""
    import random
    rnd = random.Random(4)
    mac = bytes(range(12))

    def ipv4(proto, l4, dscp=0, ihl=5, frag=0, ver=4):
        opts = bytes(rnd.randrange(256) for _ in range(max(ihl - 5, 0) * 4))
        h = bytes([(ver << 4) | ihl, dscp << 2]) + struct.pack('>HHH', 20 + len(opts) + len(l4), 7, frag)
        h += bytes([64, proto, 0, 0]) + bytes([10, 0, 0, rnd.randrange(256)])
        h += bytes([192, 168, rnd.randrange(256), 200])
        return h + opts + l4

    def ipv6(nh, l4, tc=0, ver=6):
        h = struct.pack('>I', (ver << 28) | (tc << 20) | 0x12345) + struct.pack('>HBB', len(l4), nh, 64)
        return h + bytes(rnd.randrange(256) for _ in range(32)) + l4

    def tcp(flags):
        return struct.pack('>HHIIBBHHH', rnd.randrange(65536), 80, 1, 2, 0x50, flags, 100, 0, 0)

    def udp():
        return struct.pack('>HHHH', rnd.randrange(65536), 53, 8, 0) + b'payload!'

    vlan = lambda et: b'\x81\x00' + struct.pack('>H', 100) + et
    bodies = []
    for dscp in (0, 10, 26, 46, 63):
        bodies.append(b'\x08\x00' + ipv4(6, tcp(0x12), dscp))
        bodies.append(vlan(b'\x08\x00') + ipv4(17, udp(), dscp))
        bodies.append(b'\x86\xdd' + ipv6(6, tcp(0x18), dscp << 2))
        bodies.append(vlan(b'\x86\xdd') + ipv6(17, udp(), dscp << 2))
    bodies += [
        b'\x08\x00' + ipv4(6, tcp(0x01), 8, ihl=7),          # options
        b'\x08\x00' + ipv4(6, tcp(0x01), 8, frag=0x2001),    # non-first fragment
        b'\x08\x00' + ipv4(17, udp(), 8, frag=0x2000),       # first fragment
        b'\x08\x00' + ipv4(1, b'\x08\x00' * 8, 40),          # ICMP
        b'\x08\x00' + ipv4(6, tcp(2), 40, ihl=4),            # bad IHL
        b'\x08\x00' + ipv4(6, tcp(2), 40, ver=6),            # v6 in a v4 frame
        b'\x86\xdd' + ipv6(58, b'\x80' * 8, 5),              # ICMPv6
        b'\x86\xdd' + ipv6(6, tcp(2), 5, ver=4),             # v4 in a v6 frame
        b'\x08\x06' + bytes(28),                             # ARP
        vlan(b'\x08\x06') + bytes(28),
    ]
    frames = [mac + b for b in bodies]
    for f in list(frames[:8]):
        for cut in (1, 12, 13, 14, 15, 17, 18, 19, 20, 33, 34, 37, 38, 45, 46, 53, 54, 57, 58, 61):
            frames.append(f[:cut])
    with open(path, 'wb') as f:
        f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for i, fr in enumerate(frames):
            f.write(struct.pack('<IIII', 1, i, len(fr), max(len(fr), 60)) + fr)
    print('ok: %d crafted frames in %s' % (len(frames), path))


def flows(inp, log):
    """FlowCount's last table equals the per-(source, port) counts of the input."""
    with open(log) as f:
        text = f.read()
    last = text.rsplit('after ', 1)
    if len(last) != 2:
        fail('no flow table in ' + log)
    head, *rows = last[1].strip().split('\n')
    seen = int(head.split()[0])
    if seen == 0 or seen != len(inp) - len(inp) % 50:
        fail('last flow table after %d packets; expected after %d' % (seen, len(inp) - len(inp) % 50))
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
    if cmd == 'craft':
        return craft(argv[2])
    if cmd == 'headers-all':
        return headers_all(read_raw(argv[2]), argv[3])
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
        if len(argv) != 5:
            fail('subset needs the expected number of output packets')
        if len(out) != int(argv[4]):
            fail('%d packets out, expected %s (of %d in)' % (len(out), argv[4], len(inp)))
        check_subset(inp, out)
        print('ok: %d of %d packets, unchanged' % (len(out), len(inp)))
    elif cmd == 'put':
        put(inp, out, argv[4])
    else:
        print('unknown check ' + cmd)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
