#!/usr/bin/env python3
"""vifdcheck.py - checks one run of tests/hostile/vifd.sh.

  vifdcheck.py counts IN                      prints "TCP UDP" packet counts of IN
  vifdcheck.py jar JAR MAINCLASS DIR          writes JAR: DIR's files, Main-Class
  vifdcheck.py check IN OUT STATS.json DIRSTATS|- [KEY=VALUE...]
  vifdcheck.py suite TAG IN TABLE             every run of vifd.sh (see suite())

`check` verifies, for a vifd run with a hostile VIFlet on pcap/tcp and a
relay on pcap/udp (link unlimited, root without VIFlet):
  - every output packet is an input packet (by pktgen's number), sent
    once, bytes unchanged, not before it arrived (nothing forged);
  - every UDP packet of IN is in OUT, and pcap/udp is active, never aborted,
    with in = out = the UDP count;
  - the TCP packets in OUT are exactly what pcap/tcp handed on (its `out`);
  - accounting: accounting_ok, at every VIF in = out + drops + held, and
    input = link out + link drops + link queued + all VIF drops + held;
  - each KEY=VALUE: KEY is `path.counter` or a top-level field of the JSON,
    or `dir:key` for DIRSTATS (the injection directory's `stats` file);
    VALUE may use TCP and UDP (the input's counts), e.g. TCP-20.
Prints `ok` or the first failure; exit status 0 / 1.  `suite` also checks
each run's exit status, time, sanitizer reports and log directives (the
case's header comments, see vifd.sh) and prints PASS/FAIL lines.
"""
import json
import re
import struct
import sys


def read_pcap(path):
    with open(path, 'rb') as f:
        data = f.read()
    if len(data) < 24:
        raise SystemExit('%s: not a pcap file' % path)
    magic = struct.unpack('<I', data[:4])[0]
    if magic in (0xa1b2c3d4, 0xa1b23c4d):
        endian = '<'
    elif magic in (0xd4c3b2a1, 0x4d3cb2a1):
        endian = '>'
    else:
        raise SystemExit('%s: not a pcap file' % path)
    nano = magic in (0xa1b23c4d, 0x4d3cb2a1)
    pkts, off = [], 24
    while off + 16 <= len(data):
        sec, frac, cap, _wire = struct.unpack(endian + 'IIII', data[off:off + 16])
        off += 16
        body = data[off:off + cap]
        off += cap
        i = body.find(b'VIFG')
        num = struct.unpack('>I', body[i + 4:i + 8])[0] if i >= 0 else None
        proto = body[23] if len(body) >= 34 and body[12:14] == b'\x08\x00' else -1
        pkts.append((num, proto, body, sec * 10**9 + (frac if nano else frac * 1000)))
    return pkts


class CheckFailed(Exception):
    pass


def fail(msg):
    raise CheckFailed(msg)


def counts(pkts):
    return sum(1 for p in pkts if p[1] == 6), sum(1 for p in pkts if p[1] == 17)


def value(want, env):
    """VALUE, with TCP/UDP arithmetic (TCP-20) evaluated."""
    if re.fullmatch(r'(TCP|UDP|[0-9]+)([-+*](TCP|UDP|[0-9]+))*', want):
        return str(eval(want, {'__builtins__': {}}, env))
    return want


def check(inp, out, stats_path, dirstats_path, conds):
    ins = {p[0]: p for p in inp}
    seen = set()
    for p in out:
        if p[0] not in ins:
            fail('output packet %r is not an input packet' % (p[0],))
        if p[0] in seen:
            fail('packet %d sent twice' % p[0])
        seen.add(p[0])
        if p[2] != ins[p[0]][2]:
            fail('packet %d bytes changed' % p[0])
        if p[3] < ins[p[0]][3]:
            fail('packet %d departs before it arrives' % p[0])
    tcp, udp = counts(inp)
    lost = [p[0] for p in inp if p[1] == 17 and p[0] not in seen]
    if lost:
        fail('%d of %d UDP packets lost (first: %d)' % (len(lost), udp, lost[0]))
    with open(stats_path) as f:
        st = json.load(f)
    vifs = {v['path']: v for v in st['vifs']}
    u = vifs['pcap/udp']
    if (u['state'], u['aborts'], u['in'], u['out']) != ('active', 0, udp, udp):
        fail('pcap/udp: state %s, aborts %d, in %d, out %d (expected active, 0, %d, %d)'
             % (u['state'], u['aborts'], u['in'], u['out'], udp, udp))
    tcp_out = sum(1 for p in out if p[1] == 6)
    if tcp_out != vifs['pcap/tcp']['out']:
        fail('%d TCP packets in the output, pcap/tcp handed on %d'
             % (tcp_out, vifs['pcap/tcp']['out']))
    if st.get('accounting_ok') is not True:
        fail('accounting_ok is not true')
    drops = held = 0
    for v in st['vifs']:
        d = v['dropped_handler'] + v['dropped_quota'] + v['dropped_policy']
        if v['in'] != v['out'] + d + v['held']:
            fail('%s: in %d != out %d + dropped %d + held %d'
                 % (v['path'], v['in'], v['out'], d, v['held']))
        drops += d
        held += v['held']
    ln = st['link']
    if st['input'] != ln['out'] + ln['drops'] + ln['queued'] + drops + held:
        fail('input %d != link out %d + drops %d + queued %d + VIF drops %d + held %d'
             % (st['input'], ln['out'], ln['drops'], ln['queued'], drops, held))
    if ln['out'] != len(out):
        fail('link out %d, but %d packets in the output' % (ln['out'], len(out)))
    dirst = {}
    if dirstats_path and dirstats_path != '-':
        with open(dirstats_path) as f:
            for line in f:
                k, _, v = line.rstrip('\n').partition(' ')
                dirst[k] = v
    env = {'TCP': tcp, 'UDP': udp}
    for c in conds:
        key, want = c.split('=', 1)
        want = value(want, env)
        if key.startswith('dir:'):
            got = dirst.get(key[4:], '(missing)')
        elif '.' in key and key.rsplit('.', 1)[0] in vifs:
            vp, field = key.rsplit('.', 1)
            got = vifs[vp].get(field, '(missing)')
        elif key.startswith('link.'):
            got = ln.get(key[5:], '(missing)')
        else:
            got = st.get(key, '(missing)')
        if got is None:
            got = '-'
        if str(got).lower() != want.lower():
            fail('%s is %s, expected %s' % (key, got, want))


def directives(src, key):
    pat = re.compile(r'^\s*(//|;)\s*' + re.escape(key) + r':\s?(.*)$')
    out = []
    with open(src, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = pat.match(line.rstrip('\n'))
            if m:
                out.append(m.group(2))
    return out


SANITIZER = re.compile(r'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:')


def excerpt(path, n=1500):
    try:
        with open(path, errors='replace') as f:
            return f.read(n)
    except OSError:
        return '(none)'


class Refused(Exception):
    """A case refused at load as expected: nothing more to check."""


def suite(tag, inp_path, table):
    """Checks every run listed in TABLE (tab-separated: run, case source,
    mode, run directory, exit status, milliseconds, time limit in s,
    injected file name or -); prints PASS/FAIL lines and the summary."""
    inp = read_pcap(inp_path)
    npass = nfail = 0
    with open(table) as f:
        rows = [line.rstrip('\n').split('\t') for line in f if line.strip()]
    for run, src, mode, w, rc, ms, limit, injected in rows:
        why = None
        limit = int(limit)
        if mode == 'inject':
            log, dirstats = w + '/dir/pcap/tcp/log', w + '/dir/pcap/tcp/stats'
        else:
            log, dirstats = w + '/logs/pcap/tcp.log', None
        stderr = excerpt(w + '/stderr', 1 << 20)
        san = SANITIZER.search(stderr)
        logtext = excerpt(log, 1 << 26)
        loglines = logtext.split('\n')
        try:
            if san:
                line = stderr[stderr.rfind('\n', 0, san.start()) + 1:].split('\n', 1)[0]
                fail('sanitizer: ' + line[:150])
            if rc in ('124', '137'):
                fail('timed out after %d s' % (limit * 3))
            refused = [rx for rx in directives(src, 'expect-refused') if rx]
            if refused:
                # refused at load (compile at load): vifd stops before any
                # packet, with the reason on stderr
                if rc != '1':
                    fail('vifd exited with %s, not 1 (the load refused)' % rc)
                for rx in refused:
                    if not any(re.search(rx, l) for l in stderr.split('\n')):
                        fail('stderr lacks /%s/' % rx)
                raise Refused()
            if rc != '0':
                err = [l for l in stderr.split('\n') if re.search('error|fail', l, re.I)]
                fail('vifd exited with %s: %s' % (rc, (err[0] if err else '')[:200]))
            if int(ms) > limit * 1000:
                fail('took %s ms, more than %d s' % (ms, limit))
            if injected != '-' and not re.search(r'(load of|loaded) ' + re.escape(injected),
                                                 logtext):
                fail('the injected %s was not picked up while packets flowed' % injected)
            if logtext == '(none)':
                fail('no log ' + log)
            for rx in directives(src, 'expect-log'):
                if rx and not any(re.search(rx, l) for l in loglines):
                    fail('log lacks /%s/' % rx)
            for rx in directives(src, 'reject-log'):
                if rx and any(re.search(rx, l) for l in loglines):
                    fail('log matches /%s/' % rx)
            conds = [c for d in directives(src, 'expect-stats') for c in d.split()]
            conds += ['dir:' + c for d in directives(src, 'expect-dirstats') for c in d.split()]
            check(inp, read_pcap(w + '/out.pcap'), w + '/stats.json', dirstats, conds)
        except Refused:
            pass
        except CheckFailed as e:
            why = str(e)
        except (OSError, ValueError, KeyError, SystemExit) as e:
            why = 'cannot check: %s' % (e,)
        if why is None:
            print('PASS: hostile/%s/%s' % (tag, run))
            npass += 1
        else:
            print('FAIL: hostile/%s/%s: %s' % (tag, run, why))
            nfail += 1
            for name, text in (('log (%s)' % log, logtext), ('stderr', stderr)):
                print('    %s:' % name)
                for l in text[:1500].split('\n')[:30]:
                    print('    ' + l)
    print('hostile/%s: %d passed, %d failed' % (tag, npass, nfail))
    return 1 if nfail else 0


def make_jar(path, main_class, top):
    import os
    import zipfile
    with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
        z.writestr('META-INF/MANIFEST.MF',
                   'Manifest-Version: 1.0\r\nMain-Class: %s\r\n\r\n' % main_class)
        for d, _dirs, files in sorted(os.walk(top)):
            for f in sorted(files):
                full = os.path.join(d, f)
                z.write(full, os.path.relpath(full, top))


def main(argv):
    if len(argv) == 5 and argv[1] == 'jar':
        make_jar(argv[2], argv[3], argv[4])
        return 0
    if len(argv) >= 3 and argv[1] == 'counts':
        print('%d %d' % counts(read_pcap(argv[2])))
        return 0
    if len(argv) >= 6 and argv[1] == 'check':
        try:
            check(read_pcap(argv[2]), read_pcap(argv[3]), argv[4], argv[5], argv[6:])
        except CheckFailed as e:
            print(e)
            return 1
        print('ok')
        return 0
    if len(argv) == 5 and argv[1] == 'suite':
        return suite(argv[2], argv[3], argv[4])
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
