#!/usr/bin/env python3
"""examplecheck.py - captures and checks for tests/datapath/examples.sh: the
vif.Packet helpers (offsets, DSCP, checksums) and the example VIFlets
(examples/Policer_VIFlet, DRR_VIFlet, DSCP_Remark_VIFlet).

  examplecheck.py craft-helpers OUT       crafted frames (VLAN, IPv4 options,
                                          IPv6 extension headers, fragments,
                                          padding, truncation, bad checksums)
  examplecheck.py helpers IN LOG OUT      PacketHelpers' lines and output bytes
  examplecheck.py recompute IN LOG OUT    Recompute over a capture with right
                                          checksums: all ok, output == input
  examplecheck.py gen-mix OUT             IPv4/IPv6/VLAN/ARP mix, numbered
  examplecheck.py remark IN OUT           DSCP_Remark_VIFlet's marks, checksums
  examplecheck.py policer IN OUT RATE_BPS BURST_BYTES MAX_SOURCES
  examplecheck.py gen-drr OUT             bursts from four hosts, unequal sizes
  examplecheck.py drr IN OUT RATE_BPS QUANTUM LIMIT

Everything here is computed independently of the Java code, from the
definitions in the vif.Packet Javadoc and the examples' comments.  Prints
one line; exit status 0 when the check holds, 1 otherwise.
"""
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pcapcheck import read_pcap, read_raw, fail, tx_ns  # noqa: E402

MAC = bytes([2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2])


def u16(b, o):
    return (b[o] << 8) | b[o + 1]


def write_pcap(path, frames, step_ns=1000, start=1_000_000_000, times=None):
    """A microsecond pcap; frames shorter than 60 bytes keep wire length 60."""
    with open(path, 'wb') as f:
        f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
        for i, fr in enumerate(frames):
            t = times[i] if times else start + i * step_ns
            f.write(struct.pack('<IIII', t // 10**9, (t % 10**9) // 1000, len(fr), max(len(fr), 60)))
            f.write(fr)


# ------------------------------------------------------ checksums (RFC 1071)
def ones_sum(data):
    if len(data) % 2:
        data = data + b'\0'
    s = sum(struct.unpack('>%dH' % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return s


def csum(data):
    return ~ones_sum(data) & 0xffff


# ------------------------------------------------------ the reference parser
class Parsed:
    """What vif.Packet's Javadoc says each helper answers for frame b."""

    def __init__(self, b):
        n = len(b)
        self.ipoff = self.l4off = self.l4proto = self.ver = self.dscp = -1
        self.sport = self.dport = self.flags = -1
        self.frag = self.routed = False
        if n < 14:
            return
        o, et = 14, u16(b, 12)
        if et == 0x8100:
            if n < 18:
                return
            o, et = 18, u16(b, 16)
        if et == 0x0800 and n >= o + 20 and b[o] >> 4 == 4 and b[o] & 15 >= 5:
            self.ver = 4
            self.dscp = b[o + 1] >> 2
        elif et == 0x86DD and n >= o + 40 and b[o] >> 4 == 6:
            self.ver = 6
            self.dscp = (u16(b, o) >> 6) & 63
        else:
            return
        self.ipoff = o
        if self.ver == 4:
            fo = u16(b, o + 6)
            if fo & 0x1fff:
                return
            self.frag = bool(fo & 0x2000)
            off, proto = o + 4 * (b[o] & 15), b[o + 9]
        else:
            proto, off = b[o + 6], o + 40
            count = 0
            while proto in (0, 43, 44, 60):
                if count == 8 or off + 8 > n:
                    return
                count += 1
                nxt = b[off]
                if proto == 44:
                    if u16(b, off + 2) >> 3:
                        return
                    self.frag = self.frag or bool(b[off + 3] & 1)
                    off += 8
                else:
                    if proto == 43 and b[off + 3]:
                        self.routed = True
                    off += 8 * (b[off + 1] + 1)
                proto = nxt
        if off > n:
            return
        self.l4off, self.l4proto = off, proto
        if proto in (6, 17) and n >= off + 4:
            self.sport, self.dport = u16(b, off), u16(b, off + 2)
        if proto == 6 and n >= off + 14:
            self.flags = b[off + 13]

    def ipv4_header(self, b):
        if self.ver != 4:
            return None
        hl = 4 * (b[self.ipoff] & 15)
        return (self.ipoff, hl) if self.ipoff + hl <= len(b) else None

    def segment(self, b):
        """(offset, length, checksum offset) of the TCP/UDP segment whose
        checksum can be computed, or None."""
        if self.l4off < 0 or self.frag or self.routed or self.l4proto not in (6, 17):
            return None
        o = self.ipoff
        if self.ver == 4:
            if u16(b, o + 2) < 4 * (b[o] & 15):
                return None
            end = o + u16(b, o + 2)
        else:
            if u16(b, o + 4) == 0:
                return None
            end = o + 40 + u16(b, o + 4)
        if end > len(b) or end < self.l4off:
            return None
        seg = end - self.l4off
        if self.l4proto == 6:
            return (self.l4off, seg, self.l4off + 16) if seg >= 20 else None
        if seg < 8:
            return None
        ulen = u16(b, self.l4off + 4)
        if ulen < 8 or ulen > seg:
            return None
        return self.l4off, ulen, self.l4off + 6

    def pseudo(self, b, seglen):
        o = self.ipoff
        if self.ver == 4:
            return b[o + 12:o + 20] + struct.pack('>BBH', 0, self.l4proto, seglen)
        return b[o + 8:o + 40] + struct.pack('>IxxxB', seglen, self.l4proto)

    def ip_ok(self, b):
        h = self.ipv4_header(b)
        return h is not None and ones_sum(b[h[0]:h[0] + h[1]]) == 0xffff

    def l4_ok(self, b):
        s = self.segment(b)
        if s is None:
            return False
        off, seglen, at = s
        if self.ver == 4 and self.l4proto == 17 and b[at:at + 2] == b'\0\0':
            return True
        return ones_sum(self.pseudo(b, seglen) + b[off:off + seglen]) == 0xffff


def fix_ip(b, p):
    """Python's recomputeIpChecksum: (done, bytes)."""
    h = p.ipv4_header(b)
    if h is None:
        return False, b
    o, hl = h
    b = bytearray(b)
    b[o + 10:o + 12] = b'\0\0'
    b[o + 10:o + 12] = struct.pack('>H', csum(bytes(b[o:o + hl])))
    return True, bytes(b)


def fix_l4(b, p):
    s = p.segment(b)
    if s is None:
        return False, b
    off, seglen, at = s
    b = bytearray(b)
    b[at:at + 2] = b'\0\0'
    c = csum(p.pseudo(bytes(b), seglen) + bytes(b[off:off + seglen]))
    if c == 0 and p.l4proto == 17:
        c = 0xffff
    b[at:at + 2] = struct.pack('>H', c)
    return True, bytes(b)


def jbool(v):
    return 'true' if v else 'false'


# ------------------------------------------------------ crafted frames
def build_frames(rnd):
    def ipv4(proto, l4, dscp=0, ihl=5, frag=0x4000, total=None, csum_ok=True):
        opts = bytes([1] * ((ihl - 5) * 4)) if ihl > 5 else b''
        tl = total if total is not None else 4 * max(ihl, 5) + len(l4)
        h = bytearray(bytes([0x40 | ihl, dscp << 2 | 1]) + struct.pack('>HHH', tl, 0x1234, frag)
                      + bytes([64, proto, 0, 0, 10, 0, 0, rnd.randrange(1, 255), 192, 168, 1, 200]) + opts)
        c = csum(bytes(h[:4 * ihl] if ihl >= 5 else h))
        h[10:12] = struct.pack('>H', c if csum_ok else c ^ 0x5a5a)
        return bytes(h) + l4

    def l4_fix(frame):
        """Right TCP/UDP checksum for a crafted frame (via the reference)."""
        return fix_l4(frame, Parsed(frame))[1]

    def tcp(payload=b'', flags=0x18):
        return struct.pack('>HHIIBBHHH', rnd.randrange(1024, 65536), 80, 1, 2, 0x50, flags, 100, 0, 0) + payload

    def udp(payload=b'', ulen=None):
        return struct.pack('>HHHH', rnd.randrange(1024, 65536), 53,
                           8 + len(payload) if ulen is None else ulen, 0) + payload

    def ipv6(nh, rest, tc=0, plen=None):
        pl = len(rest) if plen is None else plen
        h = struct.pack('>IHBB', (6 << 28) | (tc << 20) | 0xbeef, pl, nh, 64)
        h += bytes([0x20, 1, 0xd, 0xb8] + [rnd.randrange(256) for _ in range(12)])
        h += bytes([0x20, 1, 0xd, 0xb8] + [rnd.randrange(256) for _ in range(12)])
        return h + rest

    def ext(nh, body_len8=0, first=b''):
        """A generic extension header (hop-by-hop, destination options,
        routing): next header, length in 8-byte units beyond the first."""
        b = bytes([nh, body_len8]) + first
        return b + bytes(8 * (body_len8 + 1) - len(b))

    def fragh(nh, offset, more):
        return struct.pack('>BBHI', nh, 0, (offset << 3) | more, 0xabcdef)

    def routing(nh, segs_left, addrs=1):
        return bytes([nh, 2 * addrs, 0, segs_left, 0, 0, 0, 0]) + bytes(16 * addrs)

    pay = lambda k: bytes(rnd.randrange(256) for _ in range(k))
    vlan = lambda et: b'\x81\x00\x00\x64' + et
    E4, E6 = b'\x08\x00', b'\x86\xdd'
    fr = []
    good = []
    # right checksums, odd and even lengths, options, VLAN, padding
    for k in (0, 1, 13, 200, 1401):
        good.append(MAC + E4 + ipv4(6, tcp(pay(k)), dscp=k % 64))
        good.append(MAC + E4 + ipv4(17, udp(pay(k)), dscp=46))
        good.append(MAC + vlan(E4) + ipv4(17, udp(pay(k)), ihl=7))
        good.append(MAC + E6 + ipv6(6, tcp(pay(k)), tc=0xb9))
        good.append(MAC + vlan(E6) + ipv6(17, udp(pay(k))))
    good.append(MAC + E6 + ipv6(0, ext(60, 0) + ext(6, 1) + tcp(pay(33))))      # hop-by-hop, dest opts
    good.append(MAC + E6 + ipv6(43, routing(17, 0, 2) + udp(pay(9))))          # routing, done
    good.append(MAC + E6 + ipv6(44, fragh(6, 0, 0) + tcp(pay(5))))              # atomic fragment
    fr += [l4_fix(f) for f in good]
    # Ethernet padding after a short IPv4 packet (not part of the checksum)
    f = l4_fix(MAC + E4 + ipv4(17, udp(b'ab')))
    fr.append(f + b'\xee' * (60 - len(f)))
    f = l4_fix(MAC + E4 + ipv4(6, tcp()))
    fr.append(f + b'\x77' * 6)
    # wrong checksums
    f = l4_fix(MAC + E4 + ipv4(6, tcp(pay(20)), csum_ok=False))
    fr.append(f)
    f = bytearray(l4_fix(MAC + E4 + ipv4(17, udp(pay(20)))))
    f[-1] ^= 0xff
    fr.append(bytes(f))
    f = bytearray(l4_fix(MAC + E6 + ipv6(6, tcp(pay(20)))))
    f[-3] ^= 0x10
    fr.append(bytes(f))
    fr.append(MAC + E4 + ipv4(17, udp(pay(11))))                                # UDP checksum 0 (none)
    fr.append(MAC + E6 + ipv6(17, udp(pay(11))))                                # IPv6 UDP 0: wrong
    # UDP length shorter / longer than the IP payload; TCP segment too short
    fr.append(l4_fix(MAC + E4 + ipv4(17, udp(pay(30), ulen=20))))
    fr.append(MAC + E4 + ipv4(17, udp(pay(30), ulen=60)))
    fr.append(MAC + E4 + ipv4(6, tcp()[:16]))
    fr.append(MAC + E4 + ipv4(6, tcp(pay(10)), total=30))
    # fragments, other protocols, truncated captures, jumbo
    fr.append(MAC + E4 + ipv4(17, udp(pay(40)), frag=0x2000))                  # first fragment
    fr.append(MAC + E4 + ipv4(17, udp(pay(40)), frag=0x0005))                  # later fragment
    fr.append(MAC + E4 + ipv4(1, b'\x08\x00' + pay(30)))                        # ICMP
    fr.append(MAC + E4 + ipv4(51, pay(24)))                                     # AH
    fr.append(l4_fix(MAC + E4 + ipv4(6, tcp(pay(100))))[:80])                  # capture cut short
    fr.append(MAC + E4 + ipv4(6, tcp(), ihl=4))                                 # bad IHL
    fr.append(MAC + E4 + ipv4(6, tcp(), ihl=15)[:60])                           # options past the end
    fr.append(MAC + E6 + ipv6(44, fragh(17, 0, 1) + udp(pay(40))))              # first fragment
    fr.append(MAC + E6 + ipv6(44, fragh(17, 100, 0) + udp(pay(40))))            # later fragment
    fr.append(MAC + E6 + ipv6(43, routing(17, 1, 2) + udp(pay(9))))            # routing, segments left
    fr.append(MAC + E6 + ipv6(58, b'\x80\x00' + pay(20)))                       # ICMPv6
    fr.append(MAC + E6 + ipv6(50, pay(40)))                                     # ESP
    fr.append(MAC + E6 + ipv6(59, b''))                                         # no next header
    chain = tcp(pay(3))
    for _ in range(9):
        chain = ext(60 if _ else 6, 0) + chain
    fr.append(MAC + E6 + ipv6(60, chain))                                       # 9 extension headers
    fr.append(MAC + E6 + ipv6(0, ext(6, 3))[:14 + 40 + 12])                     # extension header cut
    fr.append(MAC + E6 + ipv6(6, tcp(pay(8)), plen=0))                          # jumbogram
    fr.append(MAC + E6 + ipv6(17, udp(pay(60)), plen=200))                      # payload past the end
    fr.append(MAC + b'\x08\x06' + bytes(28))                                    # ARP
    fr.append(MAC + vlan(b'\x08\x06') + bytes(28))
    fr.append(MAC + b'\x88\xa8\x00\x64' + b'\x81\x00\x00\x65' + E4 + ipv4(6, tcp()))  # QinQ: not IP
    fr.append(MAC + E4 + ipv4(6, tcp())[:19] )                                 # IPv4 header cut
    for cut in (0, 1, 13, 14, 17, 18, 33, 34, 37, 38, 53, 54):
        fr.append(fr[1][:cut] if cut else b'')
    # random damage to the good frames: header bytes, truncation
    for _ in range(300):
        f = bytearray(rnd.choice(fr[:len(good)]))
        for _ in range(rnd.randrange(1, 4)):
            pos = rnd.randrange(12, min(len(f), 14 + 60 + 60))
            f[pos] = rnd.choice([0, 0xff, rnd.randrange(256), 6, 17, 0, 43, 44, 60, 0x45, 0x60])
        if rnd.random() < 0.3:
            f = f[:rnd.randrange(len(f) + 1)]
        fr.append(bytes(f))
    return [f for f in fr if len(f) > 0]


def zero_sum_frame(i, f, word_at):
    """f changed (the 16-bit word at word_at, in its payload) so that after
    PacketHelpers' rewrites of packet i its TCP/UDP checksum computes to 0:
    UDP must then store 0xFFFF, TCP 0."""
    _, wb = expect_helpers(i, f)
    p = Parsed(wb)
    off, seglen, at = p.segment(wb)
    wb = bytearray(wb)
    wb[at:at + 2] = b'\0\0'
    s = ones_sum(p.pseudo(bytes(wb), seglen) + bytes(wb[off:off + seglen]))
    w = u16(f, word_at) + (0xffff - s)
    w = (w & 0xffff) + (w >> 16)
    f = bytearray(f)
    f[word_at:word_at + 2] = struct.pack('>H', w)
    return bytes(f)


def craft_helpers(path):
    frames = build_frames(random.Random(17))
    # checksums that compute to 0 after the rewrite: IPv4 and IPv6 UDP, TCP
    for base in (frames[11], frames[14], frames[10], frames[13]):
        i = len(frames)
        fr = zero_sum_frame(i, base, len(base) - 2 - (len(base) - Parsed(base).l4off) % 2)
        frames.append(fr)
    write_pcap(path, frames)
    print('ok: %d crafted frames in %s' % (len(frames), path))
    return 0


def expect_helpers(i, b):
    """PacketHelpers' line and output bytes for packet i with bytes b."""
    p = Parsed(b)
    line = '%d %d %d %d %d %d %d %d %d %s %s' % (
        i, p.ipoff, p.l4off, p.l4proto, p.ver, p.dscp, p.sport, p.dport, p.flags,
        jbool(p.ip_ok(b)), jbool(p.l4_ok(b)))
    b = bytearray(b)
    marked = p.ver > 0
    d = (i * 11) % 64
    o = p.ipoff
    if p.ver == 4:
        b[o + 1] = (d << 2) | (b[o + 1] & 3)
    elif p.ver == 6:
        tc = (((b[o] & 15) << 4) | (b[o + 1] >> 4))
        tc = (d << 2) | (tc & 3)
        b[o] = (b[o] & 0xf0) | (tc >> 4)
        b[o + 1] = ((tc & 15) << 4) | (b[o + 1] & 15)
    if p.l4proto in (6, 17) and p.l4off + 4 <= len(b):
        b[p.l4off + 2:p.l4off + 4] = struct.pack('>H', (1000 + i) & 0xffff)
    if p.ver == 4:
        b[o + 12:o + 16] = struct.pack('>I', 0x0a0a0000 | i)
    elif p.ver == 6:
        b[o + 8:o + 12] = struct.pack('>I', i)
    b = bytes(b)
    p = Parsed(b)
    ip, b = fix_ip(b, p)
    l4, b = fix_l4(b, p)
    line += ' | %s %s %s | %s %s %d | %s' % (jbool(marked), jbool(ip), jbool(l4),
                                             jbool(p.ip_ok(b)), jbool(p.l4_ok(b)),
                                             Parsed(b).dscp, 'iae')
    return line, b


def log_lines(path):
    with open(path) as f:
        return [l.rstrip('\n') for l in f if l[:1].isdigit()]


def helpers(inp, log, out):
    lines = log_lines(log)
    outs = read_raw(out)
    if len(lines) != len(inp) or len(outs) != len(inp):
        fail('%d packets in, %d log lines, %d out' % (len(inp), len(lines), len(outs)))
    stats = {'ip': 0, 'l4': 0, 'l4off': 0}
    for i, (b, line, ob) in enumerate(zip(inp, lines, outs)):
        want, wb = expect_helpers(i, b)
        if line != want:
            fail('packet %d (%d bytes %s): PacketHelpers printed\n    %s\n  expected\n    %s'
                 % (i, len(b), b[12:20].hex(), line, want))
        if ob != wb:
            diff = [k for k in range(min(len(ob), len(wb))) if ob[k] != wb[k]]
            fail('packet %d: output bytes differ from the reference at %s' % (i, diff[:8]))
        stats['ip'] += ' | true true' in line or ' | true true false' in line
        stats['l4'] += line.split(' | ')[1].endswith('true')
        stats['l4off'] += line.split()[2] != '-1'
    if stats['l4'] < 40 or stats['ip'] < 20:
        fail('too few packets exercised the checksum helpers: %s' % stats)
    print('ok: %d crafted packets: helper answers and rewritten bytes match (%d L4 checksums recomputed)'
          % (len(inp), stats['l4']))


def recompute(inp, log, out):
    lines = log_lines(log)
    outs = read_raw(out)
    if len(lines) != len(inp) or outs != inp:
        fail('%d in, %d lines; output %s the input' % (len(inp), len(lines),
                                                       'equals' if outs == inp else 'differs from'))
    for i, (b, line) in enumerate(zip(inp, lines)):
        p = Parsed(b)
        if not (p.ip_ok(b) and p.l4_ok(b)):
            fail('packet %d: the capture\'s own checksums are not right (by Python)' % i)
        if line != '%d true true true true' % i:
            fail('packet %d: Recompute printed %r' % (i, line))
    print('ok: %d packets with right checksums recognised and recomputed unchanged' % len(inp))


# ------------------------------------------------------ DSCP re-marker
# Destination port -> DSCP, as examples/DSCP_Remark_VIFlet.java documents it.
REMARK = {22: 16, 53: 18, 80: 10, 443: 10, 5060: 46, 5001: 8}


def gen_mix(path):
    rnd = random.Random(5)
    frames = []
    ports = [22, 53, 80, 443, 5001, 5060, 8080, 123]
    for i in range(400):
        kind = rnd.choice(['v4', 'v4', 'v4vlan', 'v6', 'v6vlan', 'arp', 'icmp', 'v4opt'])
        port = rnd.choice(ports)
        payload = b'VIFG' + struct.pack('>I', i) + bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 300)))
        proto = rnd.choice([6, 17])
        dscp = rnd.randrange(64)
        ecn = rnd.randrange(4)
        if proto == 6:
            l4 = struct.pack('>HHIIBBHHH', rnd.randrange(1024, 65536), port, i, 0, 0x50, 0x10, 1000, 0, 0) + payload
        else:
            l4 = struct.pack('>HHHH', rnd.randrange(1024, 65536), port, 8 + len(payload), 0) + payload
        if kind in ('v4', 'v4vlan', 'icmp', 'v4opt'):
            ihl = 6 if kind == 'v4opt' else 5
            if kind == 'icmp':
                proto, l4 = 1, b'\x08\x00\x00\x00' + payload
            h = bytearray(bytes([0x40 | ihl, dscp << 2 | ecn]) + struct.pack('>HHH', 4 * ihl + len(l4), i, 0x4000)
                          + bytes([64, proto, 0, 0, 10, 0, 0, 1 + i % 5, 10, 0, 1, 1]) + b'\x01' * 4 * (ihl - 5))
            h[10:12] = struct.pack('>H', csum(bytes(h)))
            body = (b'\x81\x00\x00\x07' if kind == 'v4vlan' else b'') + b'\x08\x00' + bytes(h) + l4
        elif kind in ('v6', 'v6vlan'):
            tc = dscp << 2 | ecn
            h = struct.pack('>IHBB', (6 << 28) | (tc << 20) | i, len(l4), proto, 64) + bytes(range(32))
            body = (b'\x81\x00\x00\x07' if kind == 'v6vlan' else b'') + b'\x86\xdd' + h + l4
        else:
            body = b'\x08\x06' + bytes(28) + payload
        f = MAC + body
        f = fix_l4(f, Parsed(f))[1]
        frames.append(f)
    write_pcap(path, frames, step_ns=10000)
    print('ok: %d mixed frames in %s' % (len(frames), path))
    return 0


def remark(inp, out):
    if [p.num for p in out] != [p.num for p in inp]:
        fail('output is not the input in the same order (%d in, %d out)' % (len(inp), len(out)))
    counts = {}
    for p, q in zip(inp, out):
        a, b = p.body, q.body
        pa, pb = Parsed(a), Parsed(b)
        if len(a) != len(b):
            fail('packet %d: length changed' % p.num)
        if pa.ver < 0:
            if a != b:
                fail('packet %d (not IP) was changed' % p.num)
            continue
        want = REMARK.get(pa.dport, 0)
        if pb.dscp != want:
            fail('packet %d (port %d): DSCP %d, expected %d' % (p.num, pa.dport, pb.dscp, want))
        o = pa.ipoff
        if pa.ver == 4:
            changed = {o + 1, o + 10, o + 11}
            if b[o + 1] & 3 != a[o + 1] & 3:
                fail('packet %d: ECN bits changed' % p.num)
            if not pb.ip_ok(b):
                fail('packet %d: IPv4 header checksum wrong after re-marking' % p.num)
        else:
            changed = {o, o + 1}
            if (b[o] & 0xf0, b[o + 1] & 0x3f) != (a[o] & 0xf0, a[o + 1] & 0x3f):
                fail('packet %d: IPv6 version, ECN or flow label changed' % p.num)
        if pa.l4proto in (6, 17) and not pb.l4_ok(b):
            fail('packet %d: TCP/UDP checksum wrong' % p.num)
        other = [k for k in range(len(a)) if a[k] != b[k] and k not in changed]
        if other:
            fail('packet %d: bytes %s changed besides the DSCP and checksum' % (p.num, other[:5]))
        counts[want] = counts.get(want, 0) + 1
    if len(counts) < 5:
        fail('only DSCPs %s seen: the capture does not exercise the map' % sorted(counts))
    print('ok: %d packets re-marked (%s), checksums right' %
          (len(out), ', '.join('%d x%d' % kv for kv in sorted(counts.items()))))


# ------------------------------------------------------ policer
def policer(inp, out, rate_bps, burst, max_sources):
    """Per-source token buckets as examples/Policer_VIFlet.java documents
    them: RATE bytes/s (rate_bps / 8), BURST bytes, full at a source's
    first packet; tokens in byte-nanoseconds; a packet of L bytes passes
    when L * 1e9 tokens are there (and takes them).  Sources beyond
    MAX_SOURCES share one bucket; non-IPv4 packets pass unpoliced."""
    rate = rate_bps // 8
    cap = burst * 10**9
    buckets = {}
    passed = []
    for p in inp:
        b = p.body
        pp = Parsed(b)
        if pp.ver != 4:
            passed.append(p.num)
            continue
        src = b[pp.ipoff + 12:pp.ipoff + 16]
        key = src if src in buckets or len(buckets) < max_sources else 'shared'
        if key not in buckets:
            buckets[key] = [cap, p.ts]
        bk = buckets[key]
        dt = p.ts - bk[1]
        bk[1] = p.ts
        bk[0] = cap if dt >= cap // rate else min(cap, bk[0] + dt * rate)
        need = len(b) * 10**9
        if bk[0] >= need:
            bk[0] -= need
            passed.append(p.num)
    got = [p.num for p in out]
    if got != passed:
        fail('policer passed %d packets, the model %d; first difference at %s' % (
            len(got), len(passed),
            next((i for i, (x, y) in enumerate(zip(got, passed)) if x != y), min(len(got), len(passed)))))
    ins = {p.num: p for p in inp}
    for p in out:
        if p.body != ins[p.num].body or p.ts != ins[p.num].ts:
            fail('packet %d changed or delayed' % p.num)
    # an independent bound: an IPv4 source's passed bytes <= burst + rate * span
    def source(p):
        pp = Parsed(p.body)
        return '.'.join(str(x) for x in p.body[pp.ipoff + 12:pp.ipoff + 16]) if pp.ver == 4 else None

    per, first = {}, {}
    for p in inp:
        first.setdefault(source(p), p.ts)
    for p in out:
        k = source(p)
        if k is None:
            continue
        n, sent, last = per.get(k, (0, 0, 0))
        per[k] = (n + 1, sent + len(p.body), p.ts)
    for k, (n, sent, last) in per.items():
        span = (last - first[k]) / 1e9
        if max_sources >= len(first) and sent > burst + rate * span + 1:
            fail('source %s passed %d bytes in %.6f s: above burst + rate' % (k, sent, span))
    dropped = len(inp) - len(out)
    if dropped == 0:
        fail('nothing was dropped: the test does not exercise the policer')
    print('ok: %d of %d packets passed, per source %s' % (
        len(out), len(inp), ' '.join('%s=%d' % (k, v[0]) for k, v in sorted(per.items()))))


# ------------------------------------------------------ DRR
# Host -> (packets, frame size) of each burst: equal byte shares expected
# while all are backlogged, whatever their packet sizes and counts.
DRR_LOAD = [(1, 120, 1500), (2, 200, 700), (3, 200, 100), (4, 40, 1000)]


def gen_drr(path):
    rnd = random.Random(9)
    frames, times = [], []
    num = 0
    for burst_start in (1_000_000_000, 3_000_000_000):
        pkts = []
        for host, count, size in DRR_LOAD:
            pkts += [(host, size)] * count
        rnd.shuffle(pkts)
        for k, (host, size) in enumerate(pkts):
            payload = b'VIFG' + struct.pack('>I', num)
            l4 = struct.pack('>HHHH', 4000 + host, 9, 0, 0) + payload
            l4 += bytes(size - 14 - 20 - len(l4))
            l4 = l4[:4] + struct.pack('>H', len(l4)) + l4[6:]
            h = bytearray(struct.pack('>BBHHHBBH', 0x45, 0, 20 + len(l4), num & 0xffff, 0, 64, 17, 0)
                          + bytes([10, 0, 0, host, 10, 0, 1, 1]))
            h[10:12] = struct.pack('>H', csum(bytes(h)))
            frames.append(MAC + b'\x08\x00' + bytes(h) + l4)
            times.append(burst_start + k * 1000)   # 1 us apart: far above the link rate
            num += 1
    write_pcap(path, frames, times=times)
    print('ok: %d frames in two bursts in %s' % (len(frames), path))
    return 0


def drr_model(inp, rate, quantum, limit):
    """DRR over source addresses, as examples/DRR_VIFlet.java documents it,
    driven by vifd's link: the link takes a packet when it is free, and at
    one instant an arrival comes before the link's event."""
    from collections import deque
    flows = {}        # key -> deque of packets
    deficit = {}
    active = deque()  # round-robin list of backlogged flows
    state = {'fresh': True}
    out = []

    def key(p):
        pp = Parsed(p.body)
        return p.body[pp.ipoff + 12:pp.ipoff + 16] if pp.ver == 4 else b'other'

    def enq(p):
        k = key(p)
        q = flows.setdefault(k, deque())
        if len(q) >= limit:
            return
        if not q:
            active.append(k)
            deficit[k] = 0
        q.append(p)

    def deq():
        while active:
            k = active[0]
            q = flows[k]
            if state['fresh']:
                deficit[k] += quantum
                state['fresh'] = False
            if len(q[0].body) <= deficit[k]:
                p = q.popleft()
                deficit[k] -= len(p.body)
                if not q:
                    deficit[k] = 0
                    active.popleft()
                    state['fresh'] = True
                return p
            active.rotate(-1)
            state['fresh'] = True
        return None

    free = None
    for a in sorted(inp, key=lambda p: p.ts):
        while free is not None and free < a.ts:
            p = deq()
            if p is None:
                free = None
                break
            out.append(p)
            free += tx_ns(p.wire, rate)
        enq(a)
        if free is None or free <= a.ts:
            p = deq()
            if p is not None:
                out.append(p)
                free = a.ts + tx_ns(p.wire, rate)
    while True:
        p = deq()
        if p is None:
            break
        out.append(p)
    return out


def drr(inp, out, rate, quantum, limit):
    want = drr_model(inp, rate, quantum, limit)
    got = [p.num for p in out]
    if got != [p.num for p in want]:
        i = next((i for i, (x, y) in enumerate(zip(got, want)) if x != y.num), min(len(got), len(want)))
        fail('DRR order differs from the model at output %d (%d out, model %d): got %s, model %s' % (
            i, len(got), len(want), got[i:i + 5], [p.num for p in want[i:i + 5]]))
    ins = {p.num: p for p in inp}
    for p in out:
        if p.body != ins[p.num].body:
            fail('packet %d changed' % p.num)
    # fairness, independently of the model: while every host of a burst is
    # still backlogged, byte counts differ by at most quantum + largest packet
    worst = 0
    for burst in (0, 1):
        mine = [p for p in out if (ins[p.num].ts >= 2_000_000_000) == bool(burst)]
        left = {}
        for p in mine:
            left[p.src] = left.get(p.src, 0) + 1
        sent = {k: 0 for k in left}
        for p in mine:
            if min(left.values()) == 0:
                break
            sent[p.src] += len(p.body)
            left[p.src] -= 1
            spread = max(sent.values()) - min(sent.values())
            worst = max(worst, spread)
            if spread > quantum + 1514:
                fail('burst %d: byte counts %s differ by more than a quantum and a packet' % (burst, sent))
    print('ok: %d packets in the DRR order of the model; backlogged hosts within %d bytes of each other'
          % (len(out), worst))


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == 'craft-helpers':
        return craft_helpers(argv[2])
    if cmd == 'gen-mix':
        return gen_mix(argv[2])
    if cmd == 'gen-drr':
        return gen_drr(argv[2])
    if cmd == 'helpers':
        helpers(read_raw(argv[2]), argv[3], argv[4])
    elif cmd == 'recompute':
        recompute(read_raw(argv[2]), argv[3], argv[4])
    elif cmd == 'remark':
        remark(read_pcap(argv[2]), read_pcap(argv[3]))
    elif cmd == 'policer':
        policer(read_pcap(argv[2]), read_pcap(argv[3]), int(argv[4]), int(argv[5]), int(argv[6]))
    elif cmd == 'drr':
        drr(read_pcap(argv[2]), read_pcap(argv[3]), int(argv[4]), int(argv[5]), int(argv[6]))
    else:
        print('unknown check ' + cmd)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
