#!/usr/bin/env python3
"""tests/jitfuzz/reduce.py - shrink a program from tests/jitfuzz/gen.py on which two
engines disagree, by deleting statements (and unwrapping blocks) while the
disagreement persists.

    reduce.py PROGRAM.java [--a int] [--b jit] [--vifvm PATH] [--out FILE] [--timeout S]

--a/--b name the two runs compared, as run.sh names them: int (vifvm --int), jit
(vifvm), jit-noopt (-Xjit:-all), jit-no-<opt> (-Xjit:-<opt>), jit-thr<T> (-Xjit-threshold:<T>), jit-xmx1m (-Xmx1m),
int-xmx1m (--int -Xmx1m), java (OpenJDK), or any vifvm flags prefixed with 'vifvm:'
(e.g. 'vifvm:-Xjit:-bce,-regcache').  A candidate is kept when it still compiles and
the two runs still differ in the same way: if B's exit status differed from A's, B's
exit status must stay the same; otherwise their stdout must still differ (and any
timeout rejects the candidate).  The result goes to --out (default PROGRAM.min.java;
the class keeps its name).  Units are the generator's lines: a statement is a line,
a compound statement runs from its opening line to the first line back at the same
indentation that closes it; lines ending in `// keep` (a while loop's counter update)
are never deleted alone.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def flags_for(label):
    if label.startswith('vifvm:'):
        return label[6:].split()
    fixed = {'int': ['--int'], 'jit': [], 'jit-noopt': ['-Xjit:-all'], 'jit-xmx1m': ['-Xmx1m'],
             'int-xmx1m': ['--int', '-Xmx1m']}
    if label in fixed:
        return fixed[label]
    if label.startswith('jit-thr'):
        return ['-Xjit-threshold:' + label[7:]]
    if label.startswith('jit-no-'):
        return ['-Xjit:-' + label[7:]]
    raise SystemExit('unknown run label: %s' % label)


class Runner:
    def __init__(self, a, cls, vifvm, timeout):
        self.a, self.cls, self.vifvm, self.timeout = a, cls, vifvm, timeout
        self.tmp = tempfile.mkdtemp(prefix='jitfuzz-reduce-')
        self.trials = 0

    def run(self, label, cp):
        if label == 'java':
            cmd = ['java', '-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-cp', cp, self.cls]
        else:
            cmd = [self.vifvm] + flags_for(label) + ['-cp', cp, self.cls]
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return None
        err = b'\n'.join(l for l in p.stderr.split(b'\n') if not l.startswith(b'Picked up '))
        return (p.stdout, err, p.returncode)

    def outcome(self, text, a, b):
        """(A's result, B's result) for the program text, or None if it does not compile."""
        self.trials += 1
        d = os.path.join(self.tmp, 't%d' % self.trials)
        os.makedirs(os.path.join(d, 'cls'))
        with open(os.path.join(d, self.cls + '.java'), 'w') as f:
            f.write(text)
        p = subprocess.run(['javac', '-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC', '-nowarn', '-Xlint:none', '--release', '8', '-d', os.path.join(d, 'cls'),
                            os.path.join(d, self.cls + '.java')], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            if p.returncode != 0:
                return None
            ra = self.run(a, os.path.join(d, 'cls'))
            rb = self.run(b, os.path.join(d, 'cls'))
            return ra, rb
        finally:
            shutil.rmtree(d, ignore_errors=True)


def units(lines):
    """(start, end) line ranges (inclusive) of the statements and members."""
    res = []
    ind = lambda s: len(s) - len(s.lstrip(' '))
    for i, l in enumerate(lines):
        s = l.strip()
        if not s or s.startswith('}') or s.startswith('//') or i == 0:
            continue
        if s.startswith('case ') or s.startswith('default:'):
            # a case group: through its closing brace and a following break
            k = ind(l)
            j = i + 1
            while j < len(lines) and not (ind(lines[j]) == k and lines[j].strip() == '}'):
                j += 1
            if j + 1 < len(lines) and lines[j + 1].strip() == 'break;':
                j += 1
            res.append((i, j))
            continue
        if s.endswith('{'):
            k = ind(l)
            j = i + 1
            while j < len(lines):
                t = lines[j]
                if ind(t) == k and t.strip().startswith('}') and not t.rstrip().endswith('{'):
                    break
                j += 1
            if j >= len(lines):
                continue
            if s.startswith('public class '):
                continue
            res.append((i, j))
        else:
            if s.endswith('// keep'):
                continue
            res.append((i, i))
    return res


def unwraps(lines, u):
    """Candidate replacements of a compound unit by its first body, dedented."""
    i, j = u
    s = lines[i].strip()
    if i == j or not re.match(r'(if \(|for \(|while \(|do \{|try \{|\{$)', s):
        return None
    k = len(lines[i]) - len(lines[i].lstrip(' '))
    body = []
    for t in lines[i + 1:j]:
        if (len(t) - len(t.lstrip(' '))) == k and t.strip().startswith('}'):
            break
        body.append(t[4:] if t.startswith(' ' * (k + 4)) else t)
    return body


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('program')
    ap.add_argument('--a', default='int')
    ap.add_argument('--b', default='jit')
    ap.add_argument('--vifvm', default=os.path.join(ROOT, 'build', 'release', 'vifvm'))
    ap.add_argument('--out')
    ap.add_argument('--timeout', type=float, default=5)
    args = ap.parse_args()
    cls = os.path.basename(args.program)[:-5]
    out = args.out or args.program[:-5] + '.min.java'
    text = open(args.program).read()
    R = Runner(args.a, cls, os.path.abspath(args.vifvm), args.timeout)
    first = R.outcome(text, args.a, args.b)
    if first is None:
        sys.exit('the program does not compile')
    ra, rb = first
    if ra is None or rb is None or ra == rb:
        sys.exit('the two runs do not differ (or time out): nothing to reduce')
    by_status = ra[2] != rb[2]
    want_rc = rb[2]

    def interesting(t):
        o = R.outcome(t, args.a, args.b)
        if o is None or o[0] is None or o[1] is None:
            return False
        a, b = o
        if by_status:
            return b[2] == want_rc and a[2] != b[2]
        return a[2] == b[2] and a[0] != b[0]

    lines = text.split('\n')
    print('reduce: %d lines, %s vs %s differ by %s' % (len(lines), args.a, args.b,
                                                      'exit status' if by_status else 'stdout'), flush=True)
    changed = True
    rnd = 0
    while changed:
        changed = False
        rnd += 1
        # biggest units first; when one goes, recompute
        us = sorted(units(lines), key=lambda u: (u[0] - u[1], u[0]))
        tried = set()
        while us:
            u = us.pop(0)
            key = tuple(lines[u[0]:u[1] + 1])
            if key in tried:
                continue
            tried.add(key)
            cand = lines[:u[0]] + lines[u[1] + 1:]
            if interesting('\n'.join(cand)):
                lines = cand
                changed = True
                us = sorted(units(lines), key=lambda u: (u[0] - u[1], u[0]))
                print('reduce: round %d: %d lines (%d trials)' % (rnd, len(lines), R.trials), flush=True)
                with open(out, 'w') as f:
                    f.write('\n'.join(lines))
                continue
            body = unwraps(lines, u)
            if body is not None:
                cand = lines[:u[0]] + body + lines[u[1] + 1:]
                if interesting('\n'.join(cand)):
                    lines = cand
                    changed = True
                    us = sorted(units(lines), key=lambda u: (u[0] - u[1], u[0]))
                    with open(out, 'w') as f:
                        f.write('\n'.join(lines))
    with open(out, 'w') as f:
        f.write('\n'.join(lines))
    shutil.rmtree(R.tmp, ignore_errors=True)
    print('reduce: %d lines in %s (%d trials)' % (len(lines), out, R.trials))


if __name__ == '__main__':
    main()
