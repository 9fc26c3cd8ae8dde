#!/usr/bin/env python3
"""tests/datapath/sockcheck.py - real socket traffic for live_sockets.sh.

  sockcheck.py tcp-server PORT                  accept one connection, read to EOF,
                                                reply with "<bytes> <sha256>"
  sockcheck.py tcp-client HOST PORT NBYTES      send NBYTES of a fixed pseudo-random
                                                stream, then check the server's reply;
                                                prints "ok <bytes> <seconds> <Mbit/s>"
  sockcheck.py udp-server PORT N SECONDS        count datagrams (each carries its
                                                number and a fixed pattern) until N
                                                arrived or SECONDS of silence; prints
                                                "got <count> bad <count> tos <hex,...>"
  sockcheck.py udp-client HOST PORT N PPS [GSO] send N datagrams of 1000 bytes at
                                                PPS per second (GSO > 1: GSO per
                                                send() with UDP_SEGMENT)
Exit status 0 when the check passed, 1 otherwise.
"""
import hashlib
import socket
import struct
import sys
import time

CHUNK = 1 << 16
DGRAM = 1000


def stream(nbytes):
    """Deterministic pseudo-random bytes, in chunks."""
    block = b"".join(hashlib.sha256(b"vifd%d" % i).digest() for i in range(CHUNK // 32))
    sent = 0
    k = 0
    while sent < nbytes:
        n = min(CHUNK, nbytes - sent)
        # vary each chunk so a dropped or repeated chunk changes the hash
        yield struct.pack("!Q", k) + block[8:n] if n >= 8 else block[:n]
        sent += n
        k += 1


def tcp_server(port):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", port))
    s.listen(1)
    s.settimeout(60)
    c, _ = s.accept()
    c.settimeout(60)
    h = hashlib.sha256()
    total = 0
    while True:
        b = c.recv(1 << 20)
        if not b:
            break
        h.update(b)
        total += len(b)
    c.sendall(b"%d %s\n" % (total, h.hexdigest().encode()))
    c.close()
    return 0


def tcp_client(host, port, nbytes):
    h = hashlib.sha256()
    chunks = list(stream(nbytes))
    for b in chunks:
        h.update(b)
    want = "%d %s" % (nbytes, h.hexdigest())
    s = None
    deadline = time.time() + 10
    while True:  # the server may not listen yet
        try:
            s = socket.create_connection((host, port), timeout=5)
            break
        except OSError as e:
            if time.time() > deadline:
                print("connect: %s" % e)
                return 1
            time.sleep(0.2)
    s.settimeout(60)
    t0 = time.time()
    try:
        for b in chunks:
            s.sendall(b)
        s.shutdown(socket.SHUT_WR)
        reply = b""
        while not reply.endswith(b"\n"):
            r = s.recv(256)
            if not r:
                break
            reply += r
    except OSError as e:
        print("transfer: %s" % e)
        return 1
    dt = time.time() - t0
    got = reply.decode(errors="replace").strip()
    if got != want:
        print("mismatch: server got '%s', sent '%s'" % (got, want))
        return 1
    print("ok %d %.3f %.1f" % (nbytes, dt, nbytes * 8 / dt / 1e6))
    return 0


def udp_server(port, n, silence):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # root: past net.core.rmem_max, so a descheduled reader loses nothing
        s.setsockopt(socket.SOL_SOCKET, 33, 1 << 24)  # SO_RCVBUFFORCE
    except OSError:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 24)
    s.setsockopt(socket.IPPROTO_IP, socket.IP_RECVTOS, 1)
    s.bind(("0.0.0.0", port))
    s.settimeout(silence)
    seen = set()
    bad = 0
    tos = set()
    print("ready", flush=True)
    while len(seen) < n:
        try:
            data, anc, _, _ = s.recvmsg(65536, socket.CMSG_SPACE(4))
        except socket.timeout:
            break
        for lvl, typ, val in anc:
            if lvl == socket.IPPROTO_IP and typ == socket.IP_TOS:
                tos.add(val[0])
        if len(data) != DGRAM or data != payload(struct.unpack("!I", data[:4])[0]):
            bad += 1
            continue
        seen.add(struct.unpack("!I", data[:4])[0])
    print("got %d bad %d tos %s" % (len(seen), bad, ",".join("%#x" % t for t in sorted(tos)) or "-"))
    return 0 if len(seen) == n and bad == 0 else 1


def payload(i):
    head = struct.pack("!I", i)
    return head + bytes((i + k) & 0xff for k in range(DGRAM - 4))


def udp_client(host, port, n, pps, gso):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    if gso > 1:
        s.setsockopt(socket.IPPROTO_UDP, 103, DGRAM)  # UDP_SEGMENT
    t0 = time.time()
    i = 0
    while i < n:
        k = min(gso, n - i)
        s.sendto(b"".join(payload(i + j) for j in range(k)), (host, port))
        i += k
        lag = t0 + i / pps - time.time()
        if lag > 0:
            time.sleep(lag)
    print("sent %d" % n)
    return 0


def main(a):
    if len(a) >= 2 and a[0] == "tcp-server":
        return tcp_server(int(a[1]))
    if len(a) >= 4 and a[0] == "tcp-client":
        return tcp_client(a[1], int(a[2]), int(a[3]))
    if len(a) >= 4 and a[0] == "udp-server":
        return udp_server(int(a[1]), int(a[2]), float(a[3]))
    if len(a) >= 5 and a[0] == "udp-client":
        return udp_client(a[1], int(a[2]), int(a[3]), float(a[4]), int(a[5]) if len(a) > 5 else 1)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
