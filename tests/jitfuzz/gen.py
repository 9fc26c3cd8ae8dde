#!/usr/bin/env python3
"""tests/jitfuzz/gen.py - a seeded generator of random, valid, deterministic Java 8
programs for differential testing of vifvm's interpreter against its JIT
(and against OpenJDK).

    gen.py --seed S [--out DIR]            write DIR/JF<S>.java (stdout without --out)
    gen.py --seeds S1 S2 ... --out DIR     several programs at once (one python start-up)

The same seed always gives the same program (random.Random(seed), stdlib only).
Every program:
  - is a class JF<seed> with nested helper classes (a small hierarchy Base <- B1 <- B3,
    Base <- B2, an interface Op implemented by them, by Lam and by lambdas and method
    references (static, bound, capturing this, locals or another Op), a list Node);
  - has static fields and instance fields of every primitive type and arrays;
  - has small static helpers (some recursive with a bounded depth, some taking arrays),
    and test methods t0..tN (static or instance) made of random statements:
    int/long/float/double/short/byte/char/boolean arithmetic with division and
    remainder by values that may be zero, shifts by any count, casts and narrowing,
    NaN/infinity/-0.0 values and comparisons, nested for/while/do loops of various
    shapes (i += s, count-down, <=, !=, over array lengths, arrays reassigned inside),
    array accesses that may go out of bounds, switch statements (dense and sparse,
    with fall-through), try/catch/finally inside loops, virtual and interface calls,
    getters/setters, final/private/empty methods, objects and arrays allocated in loops;
  - terminates quickly (every loop has a bounded trip count; the product of nested trip
    counts is bounded) and catches every exception at the latest in main;
  - prints a line with the value of every variable in scope (arrays, objects, lists and
    fields as hashes) at checkpoints, at the end of each test method (in a finally) and
    after each round of main, so a difference shows where the engines diverged.
Lines holding a while loop's counter update end with `// keep`: reduce.py never deletes
them alone (that would make the loop endless).
"""
import argparse
import os
import random
import sys

NUM = ['int', 'long', 'float', 'double']
NARROW = ['short', 'byte', 'char']
PRIMS = ['int', 'long', 'float', 'double', 'short', 'byte', 'char', 'boolean']
ARR_ELEMS = ['int', 'long', 'byte', 'boolean', 'char', 'double', 'short', 'float']
# the types whose values may be used where a value of the key type is expected
ALLOWED = {
    'int': {'int', 'short', 'byte', 'char'},
    'long': {'int', 'short', 'byte', 'char', 'long'},
    'float': {'int', 'short', 'byte', 'char', 'long', 'float'},
    'double': {'int', 'short', 'byte', 'char', 'long', 'float', 'double'},
    'boolean': {'boolean'},
}
PREFIX = {'int': 'i', 'long': 'l', 'float': 'f', 'double': 'd', 'short': 's', 'byte': 'b',
          'char': 'c', 'boolean': 'z'}
MAX_TRIPS = 6000          # bound on the product of nested loop trip counts
INT_SPECIAL = [0, 1, -1, 2, 3, 5, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100, 127, -128, 255,
               256, 1000, 4096, 65535, 65536, 0x7fffffff, -0x80000000, -2, -31, 12345, 0x55555555]
LONG_SPECIAL = [0, 1, -1, 2, 63, 64, 65, 0x7fffffff, -0x80000000, 0x80000000, 0xffffffff,
                0x7fffffffffffffff, -0x8000000000000000, 1 << 40, -(1 << 33), 123456789012]
FLOAT_SPECIAL = ['0.0f', '(-0.0f)', '1.0f', '(-1.0f)', '0.5f', '1.5f', '(-2.5f)', '3.4e38f',
                 'Float.NaN', 'Float.POSITIVE_INFINITY', 'Float.NEGATIVE_INFINITY',
                 'Float.MAX_VALUE', 'Float.MIN_VALUE', '2.1474836E9f', '1e-3f', '100.25f']
DOUBLE_SPECIAL = ['0.0', '(-0.0)', '1.0', '(-1.0)', '0.1', '2.5', '(-3.75)', '1e300', '(-1e300)',
                  'Double.NaN', 'Double.POSITIVE_INFINITY', 'Double.NEGATIVE_INFINITY',
                  'Double.MAX_VALUE', 'Double.MIN_VALUE', '9.223372036854776E18',
                  '2147483647.5', '(-2147483648.5)', '1e-10', '4294967296.0']


class Var:
    def __init__(self, name, t, ro=False):
        self.name, self.t, self.ro = name, t, ro


class Ctx:
    """Where code is being generated: the variables in scope and the loop nesting."""
    def __init__(self, kind, static=True, depth_limit=3):
        self.kind = kind                # 'test', 'helper', 'class', 'main'
        self.static = static
        self.scopes = [[]]
        self.trip = 1                   # product of enclosing loops' trip bounds
        self.loops = []                 # enclosing loops: 'for' or 'while' (continue ok) or 'do'
        self.nest = 0                   # compound statement nesting
        self.depth_limit = depth_limit
        self.helpers_max = None         # helpers callable: index < helpers_max (None = all)
        self.noloops = False            # no loops (helpers that call other helpers)

    def push(self):
        self.scopes.append([])

    def pop(self):
        self.scopes.pop()

    def add(self, v):
        self.scopes[-1].append(v)
        return v

    def all(self):
        for s in self.scopes:
            for v in s:
                yield v


def jint(v):
    v &= 0xffffffff
    if v >= 0x80000000:
        v -= 0x100000000
    if v == -0x80000000:
        return 'Integer.MIN_VALUE'
    return '(%d)' % v if v < 0 else '%d' % v


def jlong(v):
    v &= 0xffffffffffffffff
    if v >= 0x8000000000000000:
        v -= 0x10000000000000000
    if v == -0x8000000000000000:
        return 'Long.MIN_VALUE'
    return '(%dL)' % v if v < 0 else '%dL' % v


class Gen:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        r = self.r
        self.name = 'JF%d' % seed
        self.size = r.choice([0, 1, 1, 2, 2, 3])           # program size class
        self.maxd = r.choice([2, 3, 3, 4])                 # expression depth
        self.uniq = 0
        self.cp_count = 0
        self.helpers = []       # (name, ret, [param types])
        self.sfields = []       # Var (static fields of the program class)
        self.mfields = []       # Var (instance fields of the program class)

    # ---------------------------------------------------------------- names
    def fresh(self, p):
        self.uniq += 1
        return '%s%d' % (p, self.uniq)

    # ---------------------------------------------------------------- literals
    def lit(self, t):
        r = self.r
        if t in ('int', 'short', 'byte', 'char'):
            x = r.random()
            if x < 0.5:
                v = r.choice(INT_SPECIAL)
            elif x < 0.85:
                v = r.randint(-20, 40)
            else:
                v = r.randint(-0x80000000, 0x7fffffff)
            if t == 'int':
                return jint(v)
            return '((%s)%s)' % (t, jint(v))
        if t == 'long':
            x = r.random()
            if x < 0.45:
                v = r.choice(LONG_SPECIAL + INT_SPECIAL)
            elif x < 0.8:
                v = r.randint(-20, 40)
            else:
                v = r.randint(-(1 << 63), (1 << 63) - 1)
            return jlong(v)
        if t == 'float':
            if r.random() < 0.5:
                return r.choice(FLOAT_SPECIAL)
            v = r.uniform(-1000, 1000) if r.random() < 0.8 else r.uniform(-1e30, 1e30)
            s = '%.6gf' % v
            return '(%s)' % s if s.startswith('-') else s
        if t == 'double':
            if r.random() < 0.5:
                return r.choice(DOUBLE_SPECIAL)
            v = r.uniform(-1000, 1000) if r.random() < 0.8 else r.uniform(-1e200, 1e200)
            s = repr(v)
            if 'e' not in s and '.' not in s:
                s += '.0'
            return '(%s)' % s if s.startswith('-') else s
        if t == 'boolean':
            return r.choice(['true', 'false'])
        raise ValueError(t)

    # ---------------------------------------------------------------- variables
    def pick_var(self, c, types, writable=False, arrays=False):
        cands = []
        for v in c.all():
            if writable and v.ro:
                continue
            if v.t in types:
                cands.append(v.name)
        for v in self.sfields:
            if v.t in types and c.kind != 'helper_pure':
                cands.append(v.name)
        if not c.static:
            for v in self.mfields:
                if v.t in types:
                    cands.append(v.name)
        if not cands:
            return None
        return self.r.choice(cands)

    def arrays_of(self, c, elems):
        return self.pick_var(c, {e + '[]' for e in elems})

    def objvar(self, c, t='Base'):
        return self.pick_var(c, {t})

    def loopvar(self, c):
        vs = [v.name for v in c.all() if v.ro and v.t == 'int' and v.name.startswith('x')]
        return self.r.choice(vs) if vs else None

    # ---------------------------------------------------------------- expressions
    def ex(self, c, t, d=0):
        """An expression whose static type is t or (for numeric t) one that widens to t."""
        r = self.r
        if t == 'boolean':
            return self.bex(c, d)
        if t in NARROW:
            t = 'int'
        if d >= self.maxd or r.random() < 0.22 + 0.18 * d:
            return self.leaf(c, t)
        if t in ('float', 'double') and r.random() < 0.15:
            return self.ex(c, r.choice(['int', 'long']), d)
        if t == 'long' and r.random() < 0.15:
            return self.ex(c, 'int', d)
        opts = [('bin', 40), ('un', 5), ('cast', 10), ('tern', 5), ('call', 7), ('math', 6),
                ('vcall', 6), ('side', 2), ('arr', 6)]
        k = self.wchoice(opts)
        if k == 'bin':
            return self.binop(c, t, d)
        if k == 'un':
            if t in ('int', 'long') and r.random() < 0.4:
                return '(~(%s))' % self.ex(c, t, d + 1)
            return '(-(%s))' % self.ex(c, t, d + 1)
        if k == 'cast':
            return self.cast(c, t, d)
        if k == 'tern':
            return '(%s ? %s : %s)' % (self.bex(c, d + 1), self.ex(c, t, d + 1), self.ex(c, t, d + 1))
        if k == 'call':
            e = self.helper_call(c, t, d)
            if e:
                return e
        if k == 'math':
            return self.math(c, t, d)
        if k == 'vcall':
            e = self.vcall(c, t, d)
            if e:
                return e
        if k == 'side':
            v = self.pick_var(c, {t}, writable=True)
            if v and c.kind in ('test', 'helper'):
                f = r.choice(['(%s++)', '(--%s)', '(%s += %s)', '(%s = %s)'])
                if '%s +=' in f or '%s =' in f:
                    return f % (v, self.ex(c, t, d + 1))
                return f % v
        if k == 'arr':
            e = self.arr_read(c, t, d)
            if e:
                return e
        return self.leaf(c, t)

    def wchoice(self, opts):
        tot = sum(w for _, w in opts)
        x = self.r.uniform(0, tot)
        for k, w in opts:
            x -= w
            if x <= 0:
                return k
        return opts[-1][0]

    def leaf(self, c, t):
        r = self.r
        x = r.random()
        if x < 0.62:
            v = self.pick_var(c, ALLOWED[t])
            if v:
                return v
        if x < 0.72:
            e = self.arr_read(c, t, self.maxd)
            if e:
                return e
        if x < 0.77 and t in ('int', 'long', 'float', 'double'):
            a = self.pick_var(c, {e + '[]' for e in ARR_ELEMS})
            if a:
                return '%s.length' % a
        if x < 0.82:
            o = self.objvar(c)
            if o:
                return r.choice({'int': ['%s.f', '%s.getF()', '%s.k'],
                                 'long': ['%s.g', '%s.getG()', '%s.f'],
                                 'float': ['%s.g', '%s.f'],
                                 'double': ['%s.h', '%s.g', '%s.f']}[t]) % o
        return self.lit(r.choice(sorted(ALLOWED[t])) if r.random() < 0.2 and t != 'boolean' else t)

    def idx(self, c, a, d):
        """An index into array a: mostly in bounds, sometimes not (caught AIOOBE)."""
        r = self.r
        x = r.random()
        lv = self.loopvar(c)
        if x < 0.15 and lv:
            if r.random() < 0.7:
                return lv
            return '%s + %s' % (lv, r.choice(['1', '2', '(-1)', '3']))
        if x < 0.25 and lv:
            return '%s %% %s.length' % (lv, a)
        if x < 0.9:
            return '(%s & 0x7fffffff) %% %s.length' % (self.ex(c, 'int', max(d, self.maxd - 1)), a)
        return '%s & %d' % (self.ex(c, 'int', max(d, self.maxd - 1)), r.choice([1, 3, 7, 15]))

    def arr_read(self, c, t, d):
        elems = [e for e in ARR_ELEMS if e in ALLOWED[t]]
        a = self.arrays_of(c, elems)
        if not a:
            return None
        return '%s[%s]' % (a, self.idx(c, a, d + 1))

    def binop(self, c, t, d):
        r = self.r
        if t in ('int', 'long'):
            op = r.choice(['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '>>>',
                           '+', '-', '*', '/', '%'])
        else:
            op = r.choice(['+', '-', '*', '/', '%'])
        lt = t
        if t == 'long' and r.random() < 0.25:
            lt = 'int'
        a = self.ex(c, lt, d + 1)
        if op in ('<<', '>>', '>>>'):
            x = r.random()
            if x < 0.4:
                b = str(r.choice([0, 1, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, -1, -31, 100]))
                b = '(%s)' % b if b.startswith('-') else b
            else:
                b = self.ex(c, r.choice(['int', 'int', 'long']), d + 1)
            return '(%s %s %s)' % (a, op, b)
        rt = t if r.random() < 0.75 else r.choice(sorted(ALLOWED[t] - {'short', 'byte', 'char'}))
        if op in ('/', '%') and t in ('int', 'long'):
            x = r.random()
            if x < 0.3:
                b = self.ex(c, rt, d + 1)
            elif x < 0.7:
                b = '(%s | 1)' % self.ex(c, rt, d + 1)
            elif x < 0.85:
                b = r.choice(['(-1)', '(-1L)' if t == 'long' else '(-1)', '7', '3', '(-2)', '0'])
            else:
                b = self.pick_var(c, ALLOWED[rt]) or '(-1)'
            return '(%s %s %s)' % (a, op, b)
        return '(%s %s %s)' % (a, op, self.ex(c, rt, d + 1))

    def cast(self, c, t, d):
        r = self.r
        if t == 'int':
            tgt = r.choice(['int', 'int', 'short', 'byte', 'char'])
            src = r.choice(['long', 'float', 'double', 'int'] if tgt == 'int' else ['int', 'long', 'double', 'float'])
            return '((%s)(%s))' % (tgt, self.ex(c, src, d + 1))
        if t == 'long':
            src = r.choice(['float', 'double', 'int'])
            return '((long)(%s))' % self.ex(c, src, d + 1)
        if t == 'float':
            src = r.choice(['double', 'long', 'int'])
            return '((float)(%s))' % self.ex(c, src, d + 1)
        src = r.choice(['float', 'long', 'int'])
        return '((double)(%s))' % self.ex(c, src, d + 1)

    def math(self, c, t, d):
        r = self.r
        a = lambda tt=t: self.ex(c, tt, d + 1)
        if t == 'int':
            k = r.randrange(8)
            if k == 0:
                return 'Math.abs(%s)' % a()
            if k == 1:
                return 'Math.min(%s, %s)' % (a(), a())
            if k == 2:
                return 'Math.max(%s, %s)' % (a(), a())
            if k == 3:
                return 'Integer.bitCount(%s)' % a()
            if k == 4:
                return 'Integer.rotateLeft(%s, %s)' % (a(), a())
            if k == 5:
                return 'Math.floorMod(%s, %s)' % (a(), a())
            if k == 6:
                return 'Double.compare(%s, %s)' % (a('double'), a('double'))
            return 'Long.numberOfTrailingZeros(%s)' % a('long')
        if t == 'long':
            k = r.randrange(5)
            if k == 0:
                return 'Math.abs(%s)' % a()
            if k == 1:
                return 'Math.min(%s, %s)' % (a(), a())
            if k == 2:
                return 'Math.max(%s, %s)' % (a(), a())
            if k == 3:
                return 'Long.rotateRight(%s, %s)' % (a(), a('int'))
            return 'Math.floorDiv(%s, %s)' % (a(), a())
        if t == 'float':
            k = r.randrange(3)
            return ['Math.abs(%s)', 'Math.min(%s, %s)', 'Math.max(%s, %s)'][k] % tuple(a() for _ in range(1 if k == 0 else 2))
        k = r.randrange(6)
        if k < 3:
            return ['Math.abs(%s)', 'Math.min(%s, %s)', 'Math.max(%s, %s)'][k] % tuple(a() for _ in range(1 if k == 0 else 2))
        return ['Math.sqrt(%s)', 'Math.floor(%s)', 'Math.ceil(%s)'][k - 3] % a()

    def vcall(self, c, t, d):
        r = self.r
        if c.kind == 'class':
            return None
        o = self.objvar(c)
        p = self.objvar(c, 'Op')
        if t == 'int' and o:
            m = r.choice(['calc', 'calc', 'fin', 'viaPriv'])
            return '%s.%s(%s)' % (o, m, self.ex(c, 'int', d + 1))
        if t == 'long':
            if p and r.random() < 0.6:
                return '%s.apply(%s)' % (p, self.ex(c, 'long', d + 1))
            if o:
                return '%s.apply(%s)' % (o, self.ex(c, 'long', d + 1))
        if t == 'double' and o:
            return '%s.calc(%s)' % (o, self.ex(c, 'int', d + 1))
        oa = self.pick_var(c, {'Base[]'})
        if oa and t in ('int', 'long', 'double', 'float'):
            return '%s[(%s & 0x7fffffff) %% %s.length].calc(%s)' % (
                oa, self.ex(c, 'int', self.maxd), oa, self.ex(c, 'int', d + 1))
        return None

    def lambda_op(self, c, P, p, out):
        """p = a lambda or a method reference implementing Op (invokedynamic,
        LambdaMetafactory): non-capturing (reading fields when called), capturing
        this, capturing copies of locals (and the previous Op), static and bound
        method references."""
        r = self.r
        k = r.randrange(6)
        q = self.fresh('q')
        lc = Ctx('class', static=c.static)
        lc.add(Var(q, 'long', ro=True))
        if k <= 1:
            out.append(P + '%s = %s -> %s;' % (p, q, self.ex(lc, 'long', 1)))
        elif k == 2:
            cl, ci = self.fresh('cl'), self.fresh('ci')
            out.append(P + '{')
            out.append(P + '    long %s = %s;' % (cl, self.ex(c, 'long')))
            out.append(P + '    int %s = %s;' % (ci, self.ex(c, 'int')))
            lc.add(Var(cl, 'long', ro=True))
            lc.add(Var(ci, 'int', ro=True))
            out.append(P + '    %s = %s -> %s;' % (p, q, self.ex(lc, 'long', 1)))
            out.append(P + '}')
        elif k == 3:
            out.append(P + '%s = %s::%s;' % (p, self.name, r.choice(['lrefA', 'lrefB'])))
        elif k == 4:
            recv = r.choice(['new Lam(%s)' % self.ex(c, 'long'), 'mk(%s)' % self.ex(c, 'int')])
            out.append(P + '%s = %s::apply;' % (p, recv))
        else:
            w = self.fresh('w')
            out.append(P + '{')
            out.append(P + '    Op %s = %s;' % (w, p))
            out.append(P + '    %s = %s -> %s.apply(%s ^ %s) + %s;' % (
                p, q, w, q, jlong(r.randint(-99, 99)), jlong(r.randint(-9, 9))))
            out.append(P + '}')

    def helper_call(self, c, t, d):
        if c.kind in ('class',) or not self.helpers:
            return None
        lim = len(self.helpers) if c.helpers_max is None else c.helpers_max
        cands = [h for h in self.helpers[:lim] if h[1] in ALLOWED.get(t, {t})]
        if not cands:
            return None
        name, ret, params = self.r.choice(cands)
        args = []
        for p in params:
            if p.endswith('[]'):
                a = self.pick_var(c, {p})
                if a is None:
                    return None
                args.append(a)
            elif p == 'rec':
                args.append('(%s & 7)' % self.ex(c, 'int', d + 1))
            elif p in NARROW:
                args.append('(%s) (%s)' % (p, self.ex(c, 'int', d + 1)))
            else:
                args.append(self.ex(c, p, d + 1))
        return '%s(%s)' % (name, ', '.join(args))

    def bex(self, c, d=0):
        r = self.r
        if d >= self.maxd or r.random() < 0.15 + 0.15 * d:
            v = self.pick_var(c, {'boolean'})
            if v and r.random() < 0.7:
                return v
            a = self.arrays_of(c, ['boolean'])
            if a and r.random() < 0.3:
                return '%s[%s]' % (a, self.idx(c, a, d + 1))
            t = r.choice(NUM)
            return '(%s %s %s)' % (self.leaf(c, t), r.choice(['<', '<=', '>', '>=', '==', '!=']), self.leaf(c, t))
        k = self.wchoice([('cmp', 50), ('and', 10), ('or', 10), ('xor', 4), ('bitand', 3),
                          ('not', 6), ('nan', 5), ('inst', 3), ('eq', 3)])
        if k == 'cmp':
            t = self.wchoice([('int', 4), ('long', 2), ('float', 2), ('double', 3)])
            return '(%s %s %s)' % (self.ex(c, t, d + 1), r.choice(['<', '<=', '>', '>=', '==', '!=']),
                                   self.ex(c, t, d + 1))
        if k in ('and', 'or', 'xor', 'bitand', 'eq'):
            op = {'and': '&&', 'or': '||', 'xor': '^', 'bitand': r.choice(['&', '|']), 'eq': r.choice(['==', '!='])}[k]
            return '(%s %s %s)' % (self.bex(c, d + 1), op, self.bex(c, d + 1))
        if k == 'not':
            return '(!%s)' % self.bex(c, d + 1)
        if k == 'nan':
            x = r.randrange(3)
            if x == 0:
                return 'Double.isNaN(%s)' % self.ex(c, 'double', d + 1)
            if x == 1:
                return 'Float.isNaN(%s)' % self.ex(c, 'float', d + 1)
            v = self.pick_var(c, {'double', 'float'})
            if v:
                return '(%s != %s)' % (v, v)
            return 'Double.isInfinite(%s)' % self.ex(c, 'double', d + 1)
        if k == 'inst':
            if r.random() < 0.3:
                e = self.helper_call(c, 'boolean', d)
                if e:
                    return e
            o = self.objvar(c)
            if o and c.kind != 'class':
                return '(%s instanceof %s)' % (o, r.choice(['B1', 'B2', 'B3']))
        return self.bex(c, d + 1)

    # ---------------------------------------------------------------- statements
    def narrow_rhs(self, c, t, d=0):
        """An expression assignable to a variable of type t."""
        r = self.r
        if t in NARROW:
            return '(%s)(%s)' % (t, self.ex(c, r.choice(['int', 'int', 'long', 'double', 'float']), d))
        if t in ('int', 'long', 'float', 'double') and r.random() < 0.1:
            src = r.choice(['long', 'float', 'double'])
            return '(%s)(%s)' % (t, self.ex(c, src, d))
        return self.ex(c, t, d)

    def stmts(self, c, ind, n, out):
        for _ in range(n):
            self.stmt(c, ind, out)

    def block(self, c, ind, n, out):
        c.push()
        self.stmts(c, ind, n, out)
        c.pop()

    def nstmts(self, c):
        return self.r.randint(1, max(1, 2 + self.size - c.nest))

    def stmt(self, c, ind, out):
        r = self.r
        P = '    ' * ind
        deep = c.nest >= c.depth_limit
        opts = [('assign', 22), ('compound', 12), ('incdec', 4), ('astore', 9), ('fstore', 5),
                ('newlocal', 4), ('call', 4), ('alloc', 4), ('objop', 4), ('lambda', 5)]
        if not deep:
            opts += [('if', 8), ('switch', 4), ('try', 8), ('scope', 3)]
            if not c.noloops:
                opts += [('for', 12), ('while', 5), ('dowhile', 2), ('gcloop', 1), ('arrloop', 6)]
        if c.kind == 'test':
            opts += [('edge', 2)]
        if c.loops:
            opts += [('brk', 3)]
        if c.kind == 'test':
            opts += [('cp', 3)]
        k = self.wchoice(opts)
        if k == 'assign':
            v = self.pick_var(c, set(PRIMS), writable=True)
            if v is None:
                return
            t = self.vtype(c, v)
            out.append(P + '%s = %s;' % (v, self.narrow_rhs(c, t)))
        elif k == 'compound':
            v = self.pick_var(c, set(PRIMS), writable=True)
            if v is None:
                return
            t = self.vtype(c, v)
            if t == 'boolean':
                out.append(P + '%s %s= %s;' % (v, r.choice(['&', '|', '^']), self.bex(c)))
            elif t in ('float', 'double'):
                out.append(P + '%s %s= %s;' % (v, r.choice(['+', '-', '*', '/', '%']), self.ex(c, r.choice(NUM))))
            else:
                op = r.choice(['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '>>>', '+', '-', '*'])
                rt = r.choice(NUM) if op in ('+', '-', '*', '/', '%') else r.choice(['int', 'long'])
                out.append(P + '%s %s= %s;' % (v, op, self.ex(c, rt)))
        elif k == 'incdec':
            v = self.pick_var(c, set(PRIMS) - {'boolean'}, writable=True)
            if v:
                out.append(P + r.choice(['%s++;', '%s--;', '++%s;', '--%s;']) % v)
        elif k == 'astore':
            a = self.pick_var(c, {e + '[]' for e in ARR_ELEMS})
            if a is None:
                return
            et = self.vtype(c, a)[:-2]
            ix = self.idx(c, a, 1)
            if et == 'boolean':
                if r.random() < 0.3:
                    out.append(P + '%s[%s] ^= %s;' % (a, ix, self.bex(c)))
                else:
                    out.append(P + '%s[%s] = %s;' % (a, ix, self.bex(c)))
            elif r.random() < 0.3:
                op = r.choice(['+', '-', '*', '|', '^'] if et not in ('float', 'double') else ['+', '-', '*', '/'])
                out.append(P + '%s[%s] %s= %s;' % (a, ix, op, self.ex(c, 'int' if et not in ('float', 'double', 'long') else et)))
            elif r.random() < 0.15 and et != 'boolean':
                out.append(P + '%s[%s]++;' % (a, ix))
            else:
                out.append(P + '%s[%s] = %s;' % (a, ix, self.narrow_rhs(c, et)))
        elif k == 'fstore':
            o = self.objvar(c)
            x = r.random()
            if o and x < 0.5:
                y = r.randrange(6)
                if y == 0:
                    out.append(P + '%s.setF(%s);' % (o, self.ex(c, 'int')))
                elif y == 1:
                    out.append(P + '%s.setG(%s);' % (o, self.ex(c, 'long')))
                elif y == 2:
                    out.append(P + '%s.h += %s;' % (o, self.ex(c, 'double')))
                elif y == 3:
                    out.append(P + '%s.k = (byte)(%s);' % (o, self.ex(c, 'int')))
                elif y == 4:
                    out.append(P + '%s.nop();' % o)
                else:
                    out.append(P + '%s.f %s= %s;' % (o, r.choice(['+', '^', '-']), self.ex(c, 'int')))
            else:
                fs = [v for v in self.sfields + ([] if c.static else self.mfields) if v.t in PRIMS]
                if fs:
                    v = r.choice(fs)
                    if r.random() < 0.3 and v.t != 'boolean':
                        out.append(P + '%s += %s;' % (v.name, self.ex(c, 'int')))
                    else:
                        out.append(P + '%s = %s;' % (v.name, self.narrow_rhs(c, v.t)))
        elif k == 'newlocal':
            t = r.choice(PRIMS)
            name = self.fresh(PREFIX[t])
            out.append(P + '%s %s = %s;' % (t, name, self.narrow_rhs(c, t)))
            c.add(Var(name, t))
        elif k == 'call':
            x = r.random()
            if x < 0.3:
                out.append(P + 'nop(%s);' % self.ex(c, 'int'))
            elif x < 0.5:
                e = self.helper_call(c, r.choice(['int', 'long', 'double']), 0)
                if e:
                    out.append(P + '%s;' % e)
            else:
                v = self.pick_var(c, {'int', 'long', 'double', 'float'}, writable=True)
                if v:
                    t = self.vtype(c, v)
                    e = self.helper_call(c, t, 0) or self.vcall(c, t, 0)
                    if e:
                        out.append(P + '%s += %s;' % (v, e))
        elif k == 'alloc':
            a = self.pick_var(c, {e + '[]' for e in ARR_ELEMS}, writable=True)
            if a is None:
                return
            et = self.vtype(c, a)[:-2]
            x = r.random()
            if x < 0.6:
                out.append(P + '%s = new %s[(%s & %d) + 1];' % (a, et, self.ex(c, 'int'), r.choice([3, 7, 15, 31])))
            else:
                b = self.pick_var(c, {et + '[]'})
                if b and b != a:
                    out.append(P + '%s = %s;' % (a, b))
                else:
                    out.append(P + '%s = new %s[%d];' % (a, et, r.randint(1, 20)))
        elif k == 'objop':
            x = r.random()
            o = self.pick_var(c, {'Base'}, writable=True)
            n = self.pick_var(c, {'Node'}, writable=True)
            p = self.pick_var(c, {'Op'}, writable=True)
            if o and x < 0.4:
                out.append(P + '%s = mk(%s);' % (o, self.ex(c, 'int')))
            elif n and x < 0.7:
                out.append(P + '%s = new Node(%s, %s);' % (n, self.ex(c, 'int'), n))
            elif p:
                if r.random() < 0.45:
                    self.lambda_op(c, P, p, out)
                elif o and r.random() < 0.5:
                    out.append(P + '%s = %s;' % (p, o))
                else:
                    out.append(P + '%s = new Lam(%s);' % (p, self.ex(c, 'long')))
        elif k == 'lambda':
            p = self.pick_var(c, {'Op'}, writable=True)
            if p and c.kind != 'class':
                self.lambda_op(c, P, p, out)
                v = self.pick_var(c, {'long'}, writable=True)
                if v and r.random() < 0.7:
                    out.append(P + '%s += %s.apply(%s);' % (v, p, self.ex(c, 'long')))
        elif k == 'if':
            c.nest += 1
            out.append(P + 'if (%s) {' % self.bex(c))
            self.block(c, ind + 1, self.nstmts(c), out)
            if r.random() < 0.4:
                out.append(P + '} else {')
                self.block(c, ind + 1, self.nstmts(c), out)
            out.append(P + '}')
            c.nest -= 1
        elif k == 'for':
            self.for_loop(c, ind, out)
        elif k == 'arrloop':
            self.array_loop(c, ind, out)
        elif k == 'while':
            self.while_loop(c, ind, out, False)
        elif k == 'dowhile':
            self.while_loop(c, ind, out, True)
        elif k == 'switch':
            self.switch(c, ind, out)
        elif k == 'try':
            self.try_stmt(c, ind, out)
        elif k == 'scope':
            c.nest += 1
            out.append(P + '{')
            c.push()
            for _ in range(r.randint(1, 3)):
                t = r.choice(PRIMS)
                name = self.fresh('t')
                out.append(P + '    %s %s = %s;' % (t, name, self.narrow_rhs(c, t)))
                c.add(Var(name, t))
            self.stmts(c, ind + 1, self.nstmts(c), out)
            c.pop()
            out.append(P + '}')
            c.nest -= 1
        elif k == 'gcloop':
            trips = min(r.choice([50, 200, 1000, 3000]), MAX_TRIPS // c.trip)
            if trips < 2:
                return
            g = self.fresh('g')
            et = r.choice(['int', 'long', 'byte', 'double'])
            tmp = self.fresh('tmp')
            acc = self.pick_var(c, {'int', 'long'}, writable=True)
            out.append(P + 'for (int %s = 0; %s < %d; %s++) {' % (g, g, trips, g))
            out.append(P + '    %s[] %s = new %s[(%s & 63) + 1];' % (et, tmp, et, g))
            out.append(P + '    %s[%s.length - 1] = (%s) %s;' % (tmp, tmp, et, g))
            if acc:
                out.append(P + '    %s += %s.length + (int) %s[0];' % (acc, tmp, tmp))
            n = self.pick_var(c, {'Node'}, writable=True)
            if n and r.random() < 0.5:
                out.append(P + '    %s = new Node(%s, %s);' % (n, g, n))
            o = self.pick_var(c, {'Base'}, writable=True)
            if o and r.random() < 0.5:
                out.append(P + '    %s = mk(%s + %s.getF());' % (o, g, o))
            out.append(P + '}')
        elif k == 'edge':
            # edge values through non-constant locals (javac folds constant expressions)
            v = self.pick_var(c, {'int', 'long'}, writable=True)
            if v is None:
                return
            t = self.vtype(c, v)
            a, b = self.fresh('t'), self.fresh('t')
            if t == 'int':
                mn, m1, sh = 'Integer.MIN_VALUE', '(-1)', r.choice(['32', '33', '-1', '31', '65'])
            else:
                mn, m1, sh = 'Long.MIN_VALUE', '(-1L)', r.choice(['64', '65', '-1', '63', '127'])
            x = r.randrange(3)
            out.append(P + '{')
            if x == 0:
                out.append(P + '    %s %s = %s, %s = %s;' % (t, a, mn, b, m1))
                out.append(P + '    %s += %s / %s + %s %% %s + (%s << %s) + (%s >>> %s);' % (v, a, b, a, b, a, sh, b, sh))
            elif x == 1:
                dv = r.choice(['Double.NaN', 'Double.POSITIVE_INFINITY', '(-0.0)', 'Double.NEGATIVE_INFINITY'])
                out.append(P + '    double %s = %s, %s = %s;' % (a, dv, b, self.lit('double')))
                out.append(P + '    %s += (%s < %s ? 1 : 0) + (%s > %s ? 2 : 0) + (%s == %s ? 4 : 0) + (%s != %s ? 8 : 0) + (%s) %s + (%s) (float) %s;'
                           % (v, a, b, a, b, a, b, a, a, t, a, t, a))
            else:
                fv = r.choice(['Float.NaN', 'Float.POSITIVE_INFINITY', '(-0.0f)', '3.0e9f', '(-3.0e9f)'])
                out.append(P + '    float %s = %s, %s = %s;' % (a, fv, b, self.lit('float')))
                out.append(P + '    %s += (%s <= %s ? 1 : 0) + (%s >= %s ? 2 : 0) + (%s) %s + (%s) (%s * %s) + (short) %s + (char) %s;'
                           % (v, a, b, a, b, t, a, t, a, b, a, a))
            out.append(P + '}')
        elif k == 'brk':
            kind = c.loops[-1]
            if kind == 'do' or r.random() < 0.5:
                out.append(P + 'if (%s) break;' % self.bex(c))
            else:
                out.append(P + 'if (%s) continue;' % self.bex(c))
        elif k == 'cp':
            if c.loops:
                lv = self.loopvar(c)
                if lv:
                    out.append(P + 'if (%s == %d) %s' % (lv, r.randint(0, 5), self.checkpoint(c)))
            else:
                out.append(P + self.checkpoint(c))

    def vtype(self, c, name):
        for v in c.all():
            if v.name == name:
                t = v.t
        for v in self.sfields + self.mfields:
            if v.name == name:
                return v.t
        return t

    def trips_for(self, c):
        r = self.r
        lim = MAX_TRIPS // c.trip
        if lim < 2:
            return None
        return min(lim, r.choice([2, 3, 5, 8, 10, 16, 17, 31, 50, 64, 100, 200]))

    def loop_body(self, c, ind, out, kind, trips, setup=None):
        c.loops.append(kind)
        c.trip *= trips
        c.nest += 1
        if setup:
            out.extend(setup)
        c.push()
        self.stmts(c, ind + 1, self.nstmts(c), out)
        c.pop()
        c.nest -= 1
        c.trip //= trips
        c.loops.pop()

    def for_loop(self, c, ind, out):
        r = self.r
        P = '    ' * ind
        n = self.trips_for(c)
        if n is None:
            return
        iv = self.fresh('x')
        shape = r.randrange(9)
        a = self.pick_var(c, {e + '[]' for e in ARR_ELEMS})
        lo = r.choice([0, 0, 0, 1, -3, 5])
        if shape == 0:
            hdr = 'for (int %s = %d; %s < %d; %s++)' % (iv, lo, iv, lo + n, iv)
        elif shape == 1:
            s = r.choice([2, 3, 4, 7])
            hdr = 'for (int %s = %d; %s < %d; %s += %d)' % (iv, lo, iv, lo + n * s, iv, s)
        elif shape == 2:
            hdr = 'for (int %s = %d; %s >= %d; %s--)' % (iv, lo + n - 1, iv, lo, iv)
        elif shape == 3:
            hdr = 'for (int %s = %d; %s <= %d; %s++)' % (iv, lo, iv, lo + n - 1, iv)
        elif shape == 4:
            s = r.choice([1, 2, 3])
            hdr = 'for (int %s = %d; %s != %d; %s += %d)' % (iv, lo, iv, lo + n * s, iv, s)
        elif shape == 5:
            s = r.choice([1, 2, 5])
            hdr = 'for (int %s = %d; %s > %d; %s -= %d)' % (iv, lo + n * s, iv, lo, iv, s)
        elif shape == 6 and a and n >= 32:
            # over an array (the array may be reassigned in the body: its length stays <= 32)
            hdr = 'for (int %s = 0; %s < %s.length; %s++)' % (iv, iv, a, iv)
            n = 32
        elif shape == 7 and a and n >= 33:
            hdr = 'for (int %s = 0; %s <= %s.length; %s++)' % (iv, iv, a, iv)
            n = 33
        elif shape == 8:
            v = self.pick_var(c, {'int', 'long', 'short', 'byte', 'char'})
            if v and n >= 16:
                n = 16
                hdr = 'for (int %s = 0; %s < (int) (%s & 15); %s++)' % (iv, iv, v, iv)
            else:
                hdr = 'for (int %s = %d; %s < %d; ++%s)' % (iv, lo, iv, lo + n, iv)
        else:
            hdr = 'for (int %s = 0; %s < %d; %s++)' % (iv, iv, n, iv)
        out.append(P + hdr + ' {')
        c.push()
        c.add(Var(iv, 'int', ro=True))
        self.loop_body(c, ind, out, 'for', n)
        c.pop()
        out.append(P + '}')

    def array_loop(self, c, ind, out):
        """A loop walking an array the way bounds-check elimination looks for (and
        variants it must not be fooled by: <=, a reassigned or another array's length,
        i + 1, count-down, a constant bound).  Array lengths stay <= 32."""
        r = self.r
        P = '    ' * ind
        if MAX_TRIPS // c.trip < 40:
            return
        a = self.pick_var(c, {e + '[]' for e in ARR_ELEMS})
        if a is None:
            return
        et = self.vtype(c, a)[:-2]
        b = self.pick_var(c, {e + '[]' for e in ARR_ELEMS}) or a
        x = self.fresh('x')
        shape = r.randrange(10)
        ix = x
        if shape == 0:
            hdr = 'for (int %s = 0; %s < %s.length; %s++)' % (x, x, a, x)
        elif shape == 1:
            hdr = 'for (int %s = 0; %s <= %s.length; %s++)' % (x, x, a, x)
        elif shape == 2:
            hdr = 'for (int %s = %s.length - 1; %s >= 0; %s--)' % (x, a, x, x)
        elif shape == 3:
            hdr = 'for (int %s = %s.length; %s > 0; %s--)' % (x, a, x, x)
            ix = '%s - 1' % x
        elif shape == 4:
            hdr = 'for (int %s = 1; %s < %s.length; %s++)' % (x, x, a, x)
            ix = '%s - 1' % x
        elif shape == 5:
            hdr = 'for (int %s = 0; %s < %d; %s++)' % (x, x, r.choice([1, 3, 4, 8, 16, 17, 32]), x)
        elif shape == 6:
            hdr = 'for (int %s = 0; %s < %s.length; %s += 2)' % (x, x, a, x)
            ix = '%s + 1' % x
        elif shape == 7:
            hdr = 'for (int %s = 0; %s < %s.length; %s++)' % (x, x, b, x)
        elif shape == 8:
            hdr = 'for (int %s = 0; %s < %s.length - 1; %s++)' % (x, x, a, x)
            ix = '%s + 1' % x
        else:
            hdr = 'for (int %s = %s.length; --%s >= 0; )' % (x, a, x)
        out.append(P + hdr + ' {')
        c.push()
        c.add(Var(x, 'int', ro=True))
        c.loops.append('for')
        c.trip *= 40
        c.nest += 1
        P1 = P + '    '
        for _ in range(r.randint(1, 3)):
            y = r.randrange(5)
            if et == 'boolean':
                out.append(P1 + '%s[%s] = %s;' % (a, ix, self.bex(c, 1)))
            elif y == 0:
                out.append(P1 + '%s[%s] = %s;' % (a, ix, self.narrow_rhs(c, et, 1)))
            elif y == 1:
                out.append(P1 + '%s[%s] += %s;' % (a, ix, self.ex(c, 'int', 2)))
            elif y == 2:
                v = self.pick_var(c, {'int', 'long', 'double', 'float'}, writable=True)
                if v:
                    out.append(P1 + '%s += %s[%s];' % (v, a, ix))
            elif y == 3 and shape in (0, 2, 7):
                out.append(P1 + '%s[%s] = (%s) (%s[%s - 1 < 0 ? 0 : %s - 1] + %s);' % (
                    a, ix, et, a, x, x, self.ex(c, 'int', 2)))
            else:
                out.append(P1 + '%s[%s]++;' % (a, ix))
        if r.random() < 0.3:
            # the array is replaced inside the loop
            out.append(P1 + 'if (%s) %s = new %s[(%s & 31) + 1];' % (self.bex(c, 1), a, et, self.ex(c, 'int', 2)))
        if r.random() < 0.5:
            self.stmt(c, ind + 1, out)
        c.nest -= 1
        c.trip //= 40
        c.loops.pop()
        c.pop()
        out.append(P + '}')

    def while_loop(self, c, ind, out, do):
        r = self.r
        P = '    ' * ind
        n = self.trips_for(c)
        if n is None:
            return
        w = self.fresh('w')
        s = r.choice([1, 1, 2, 3])
        cond = '%s > 0' % w
        if r.random() < 0.3:
            cond = '%s > 0 && %s' % (w, self.bex(c, 1))
        out.append(P + 'int %s = %d;' % (w, n * s))
        c.add(Var(w, 'int', ro=True))
        upd = ('%s -= %d;' % (w, s)) if s > 1 else r.choice(['%s--;', '--%s;']) % w
        out.append(P + ('do {' if do else 'while (%s) {' % cond))
        self.loop_body(c, ind, out, 'do' if do else 'while', n, ['    ' * (ind + 1) + upd + '  // keep'])
        out.append(P + ('} while (%s);' % cond if do else '}'))

    def switch(self, c, ind, out):
        r = self.r
        P = '    ' * ind
        c.nest += 1
        dense = r.random() < 0.5
        ncase = r.randint(2, 6)
        if dense:
            base = r.choice([0, 0, 1, -2, 10])
            labels = list(range(base, base + ncase))
            sel = '(int) (%s)' % ('(%s) & %d' % (self.ex(c, 'int'), 7) if r.random() < 0.5 else self.ex(c, 'int'))
        else:
            labels = sorted(set(r.choice([-1000, -7, -1, 0, 1, 3, 17, 100, 1000, 65536, 0x7fffffff, -0x80000000])
                                for _ in range(ncase)))
            sel = '(int) (%s)' % self.ex(c, 'int')
        out.append(P + 'switch (%s) {' % sel)
        for lab in labels:
            # case groups one level in, so that the switch's closing brace is the first
            # line back at its indentation (reduce.py relies on this)
            out.append(P + '    case %s: {' % jint(lab))
            self.block(c, ind + 2, self.nstmts(c) - 1 if self.size else 1, out)
            out.append(P + '    }')
            if r.random() < 0.75:
                out.append(P + '        break;')
        if r.random() < 0.7:
            out.append(P + '    default: {')
            self.block(c, ind + 2, r.randint(1, 2), out)
            out.append(P + '    }')
        out.append(P + '}')
        c.nest -= 1

    def try_stmt(self, c, ind, out):
        r = self.r
        P = '    ' * ind
        c.nest += 1
        out.append(P + 'try {')
        self.block(c, ind + 1, self.nstmts(c) + 1, out)
        catches = r.sample(['ArithmeticException', 'ArrayIndexOutOfBoundsException'], r.randint(0, 2))
        if r.random() < 0.4 or not catches:
            catches.append('RuntimeException')
        fin = r.random() < 0.4
        for ex in catches:
            e = self.fresh('e')
            out.append(P + '} catch (%s %s) {' % (ex, e))
            if c.kind == 'test' and r.random() < 0.3:
                out.append(P + '    System.out.println("%s:" + %s);' % (e, e))
            self.block(c, ind + 1, r.randint(0, 2), out)
        if fin:
            out.append(P + '} finally {')
            self.block(c, ind + 1, r.randint(1, 2), out)
        out.append(P + '}')
        c.nest -= 1

    # ---------------------------------------------------------------- checkpoints
    def show(self, v, t):
        if t == 'float':
            # as bits: OpenJDK 17's Float/Double.toString do not always give the shortest
            # form (JDK-4511638, fixed in 19); vifvm's do
            return 'Float.floatToIntBits(%s)' % v
        if t == 'double':
            return 'Double.doubleToLongBits(%s)' % v
        if t == 'char':
            return '(int) %s' % v
        if t.endswith('[]'):
            return 'hA(%s)' % v
        if t == 'Base':
            return '%s.hash()' % v
        if t == 'Node':
            return 'hN(%s)' % v
        if t == 'Op':
            return 'hO(%s)' % v
        return v

    def checkpoint(self, c, label=None):
        self.cp_count += 1
        label = label or 'cp%d' % self.cp_count
        parts = ['"%s"' % label]
        for v in c.all():
            parts.append('" %s=" + %s' % (v.name, self.show(v.name, v.t)))
        parts.append('" S=" + sfs()')
        if not c.static:
            parts.append('" M=" + mfs()')
        return 'System.out.println(%s);' % ' + '.join(parts)

    # ---------------------------------------------------------------- declarations
    def decl_init(self, c, t):
        r = self.r
        if t in PRIMS:
            if t in NARROW:
                return '(%s) %s' % (t, jint(r.choice(INT_SPECIAL + [r.randint(-300, 70000)])))
            return self.lit(t)
        if t == 'Base[]':
            return 'mkArr(%d)' % r.randint(1, 6)
        if t.endswith('[]'):
            et = t[:-2]
            n = r.choice([1, 2, 3, 4, 5, 8, 10, 16, 17, 31, 32])
            if r.random() < 0.3:
                return 'new %s[%d]' % (et, n)
            vals = ', '.join(self.lit(et) if et in ('int', 'long', 'float', 'double', 'boolean')
                             else '(%s) %s' % (et, jint(r.randint(-200, 70000))) for _ in range(min(n, 8)))
            return 'new %s[] { %s }' % (et, vals)
        if t == 'Base':
            return 'mk(%s)' % jint(r.randint(-5, 50))
        if t == 'Base[]':
            return 'mkArr(%d)' % r.randint(1, 6)
        if t == 'Node':
            return r.choice(['null', 'new Node(%d, null)' % r.randint(0, 9)])
        if t == 'Op':
            k = r.randrange(6)
            if k == 4 and c is not None:
                q = self.fresh('q')
                lc = Ctx('class', static=c.static)
                lc.add(Var(q, 'long', ro=True))
                return '%s -> %s' % (q, self.ex(lc, 'long', 1))
            if k == 5:
                return '%s::%s' % (self.name, r.choice(['lrefA', 'lrefB']))
            return r.choice(['new Lam(%s)' % jlong(r.randint(-9, 99)), 'mk(%d)' % r.randint(0, 9)])
        raise ValueError(t)

    def gen_fields(self, L):
        r = self.r
        for t in PRIMS:
            for _ in range(r.randint(1, 2)):
                v = Var('s_%s%d' % (PREFIX[t], len(self.sfields)), t)
                self.sfields.append(v)
                L.append('    static %s %s = %s;' % (t, v.name, self.decl_init(None, t)))
        for et in r.sample(ARR_ELEMS, 2):
            v = Var('s_a%s%d' % (PREFIX[et], len(self.sfields)), et + '[]')
            self.sfields.append(v)
            L.append('    static %s[] %s = %s;' % (et, v.name, self.decl_init(None, et + '[]')))
        for t in r.sample(PRIMS, 4):
            v = Var('m_%s%d' % (PREFIX[t], len(self.mfields)), t)
            self.mfields.append(v)
            L.append('    %s %s = %s;' % (t, v.name, self.decl_init(None, t)))
        et = r.choice(ARR_ELEMS)
        v = Var('m_a%s%d' % (PREFIX[et], len(self.mfields)), et + '[]')
        self.mfields.append(v)
        L.append('    %s[] %s = %s;' % (et, v.name, self.decl_init(None, et + '[]')))
        L.append('')
        # string forms of the fields (as values, arrays as hashes)
        L.append('    static String sfs() {')
        L.append('        return "" + %s;' % ' + "," + '.join(self.show(v.name, v.t) for v in self.sfields))
        L.append('    }')
        L.append('    String mfs() {')
        L.append('        return "" + %s;' % ' + "," + '.join(self.show(v.name, v.t) for v in self.mfields))
        L.append('    }')

    def gen_support(self, L):
        """Hash helpers, the class hierarchy, the list and the factories."""
        for et, h in [('int', 'a[i]'), ('long', '(int) (a[i] ^ (a[i] >>> 32))'), ('byte', 'a[i]'),
                      ('short', 'a[i]'), ('char', 'a[i]'), ('boolean', '(a[i] ? 1 : 2)'),
                      ('float', 'Float.floatToIntBits(a[i])'),
                      ('double', '(int) (Double.doubleToLongBits(a[i]) ^ (Double.doubleToLongBits(a[i]) >>> 29))'),
                      ('Base', 'a[i].hash()')]:
            L.append('    static int hA(%s[] a) {' % et)
            L.append('        int h = a.length;')
            L.append('        for (int i = 0; i < a.length; i++) h = h * 31 + %s;' % h)
            L.append('        return h;')
            L.append('    }')
        L.append('    static int hN(Node n) {')
        L.append('        int h = 7;')
        L.append('        for (int k = 0; n != null && k < 1000; k++, n = n.next) h = h * 31 + n.v + (int) n.w;')
        L.append('        return h;')
        L.append('    }')
        L.append('    static int hO(Op p) {')
        L.append('        return p instanceof Lam ? (int) ((Lam) p).s : p instanceof Base ? ((Base) p).hash() : -1;')
        L.append('    }')
        L.append('    static long lrefA(long v) {')
        L.append('        return (v ^ (v >>> 7)) * 31 + %s;' % jlong(self.r.randint(-99, 99)))
        L.append('    }')
        L.append('    static long lrefB(long v) {')
        L.append('        return v * v - (v >> 3);')
        L.append('    }')
        L.append('    static void nop(int x) {')
        L.append('    }')
        L.append('    static Base mk(int v) {')
        L.append('        switch (v & 3) {')
        L.append('            case 0: return new B1(v);')
        L.append('            case 1: return new B2(v);')
        L.append('            case 2: return new B3(v);')
        L.append('            default: return new B1(v ^ 5);')
        L.append('        }')
        L.append('    }')
        L.append('    static Base[] mkArr(int n) {')
        L.append('        Base[] a = new Base[n];')
        L.append('        for (int i = 0; i < n; i++) a[i] = mk(i * 7 + n);')
        L.append('        return a;')
        L.append('    }')
        L.append('    interface Op {')
        L.append('        long apply(long x);')
        L.append('    }')
        L.append('    static final class Node {')
        L.append('        int v;')
        L.append('        long w;')
        L.append('        int depth;')
        L.append('        Node next;')
        L.append('        Node(int v, Node next) {')
        L.append('            this.v = v;')
        L.append('            this.next = next;')
        L.append('            this.depth = next == null ? 0 : next.depth + 1;')
        L.append('            if (depth > 40) { this.next = null; this.depth = 0; }')
        L.append('            this.w = (long) v * 0x9E3779B97F4A7C15L;')
        L.append('        }')
        L.append('    }')
        cc = lambda: self.class_ctx()
        L.append('    static abstract class Base implements Op {')
        L.append('        int f;')
        L.append('        long g;')
        L.append('        double h;')
        L.append('        byte k;')
        L.append('        Base(int f) {')
        L.append('            this.f = f;')
        L.append('            this.g = f * 3L - 1;')
        L.append('            this.h = f * 0.5;')
        L.append('        }')
        L.append('        int getF() { return f; }')
        L.append('        void setF(int v) { f = v; }')
        L.append('        long getG() { return g; }')
        L.append('        void setG(long v) { this.g = v; }')
        L.append('        void nop() { }')
        L.append('        abstract int calc(int x);')
        c = cc()
        L.append('        final int fin(int x) { return %s; }' % self.ex(c, 'int', 1))
        c = cc()
        L.append('        private int priv(int x) {')
        L.append('            k += (byte) x;')
        L.append('            return %s;' % self.ex(c, 'int', 1))
        L.append('        }')
        L.append('        int viaPriv(int x) { return priv(x) + priv(x ^ 1); }')
        L.append('        int hash() { return f * 31 + (int) (g ^ (g >>> 32)) + (int) Double.doubleToLongBits(h) + k; }')
        L.append('    }')
        for cls, sup, extra in [('B1', 'Base', ''), ('B2', 'Base', ''), ('B3', 'B1', 'super.calc(x) ^ ')]:
            L.append('    static %sclass %s extends %s {' % ('final ' if cls != 'B1' else '', cls, sup))
            L.append('        %s(int f) { super(f); }' % cls)
            c = cc()
            L.append('        int calc(int x) {')
            if self.r.random() < 0.5:
                L.append('            %s' % self.r.choice(['h += x;', 'g ^= x;', 'f += 1;', 'k++;']))
            L.append('            return %s%s;' % (extra, self.ex(c, 'int', 1)))
            L.append('        }')
            if cls != 'B3' or self.r.random() < 0.5:
                c = cc()
                c.scopes[0][0] = Var('x', 'long')
                L.append('        public long apply(long x) { return %s; }' % self.ex(c, 'long', 1))
            L.append('    }')
        L.append('    static final class Lam implements Op {')
        L.append('        long s;')
        L.append('        Lam(long s) { this.s = s; }')
        c = Ctx('class', static=True)
        c.add(Var('x', 'long'))
        c.add(Var('s', 'long'))
        L.append('        public long apply(long x) { return %s; }' % self.ex(c, 'long', 1))
        L.append('    }')

    def class_ctx(self):
        c = Ctx('class', static=True)
        c.add(Var('x', 'int'))
        for n, t in [('f', 'int'), ('g', 'long'), ('h', 'double'), ('k', 'byte')]:
            c.add(Var(n, t))
        return c

    def gen_helpers(self, L):
        r = self.r
        nh = r.randint(1, 3 + self.size)
        for i in range(nh):
            name = 'h%d' % i
            kind = r.random()
            if kind < 0.25:
                # bounded recursion (n < 8; no loops, no calls of other helpers)
                ret = r.choice(['int', 'long', 'double'])
                self.helpers.append((name, ret, ['rec', ret]))
                c = Ctx('helper')
                c.helpers_max = 0
                c.noloops = True
                c.depth_limit = 1
                c.add(Var('n', 'int', ro=True))
                c.add(Var('acc', ret))
                L.append('    static %s %s(int n, %s acc) {' % (ret, name, ret))
                L.append('        if (n <= 0) return %s;' % self.ex(c, ret, 2))
                self.stmts(c, 2, r.randint(0, 2), L)
                if r.random() < 0.5:
                    L.append('        return %s(n - 1, %s) + %s(n - 2, acc);' % (name, self.ex(c, ret, 1), name))
                elif ret == 'double':
                    L.append('        return %s(n - 1, %s) * 0.5 + n;' % (name, self.ex(c, ret, 1)))
                else:
                    L.append('        return %s(n - 1, %s) ^ %s;' % (name, self.ex(c, ret, 1), self.ex(c, ret, 2)))
                L.append('    }')
                continue
            ret = r.choice(['int', 'int', 'long', 'double', 'float', 'boolean'])
            params = [r.choice(['int', 'long', 'double', 'float', 'int', 'char', 'int[]', 'long[]', 'double[]', 'byte[]'])
                      for _ in range(r.randint(1, 4))]
            self.helpers.append((name, ret, params))
            c = Ctx('helper')
            c.helpers_max = i
            c.depth_limit = 1
            pl = []
            for j, p in enumerate(params):
                pn = 'p%d' % j
                c.add(Var(pn, p))
                pl.append('%s %s' % (p, pn))
            L.append('    static %s %s(%s) {' % (ret, name, ', '.join(pl)))
            c.trip = MAX_TRIPS // 20     # loops in helpers stay short
            if r.random() < 0.5:
                c.helpers_max = 0            # a helper either loops or calls others
            else:
                c.noloops = True
            self.stmts(c, 2, r.randint(1, 3 + self.size), L)
            L.append('        return %s;' % self.ex(c, ret, 0))
            L.append('    }')
        L.append('')

    def gen_test(self, L, i):
        r = self.r
        static = r.random() < 0.6
        c = Ctx('test', static=static)
        params = [r.choice(['int', 'long', 'double']) for _ in range(r.randint(0, 3))]
        pl = []
        for j, p in enumerate(params):
            pn = 'q%d' % j
            c.add(Var(pn, p))
            pl.append('%s %s' % (p, pn))
        L.append('    %svoid t%d(%s) {' % ('static ' if static else '', i, ', '.join(pl)))
        types = list(PRIMS) + r.sample(PRIMS, r.randint(2, 6))
        for t in types:
            name = self.fresh(PREFIX[t])
            L.append('        %s %s = %s;' % (t, name, self.decl_init(c, t)))
            c.add(Var(name, t))
        for et in r.sample(ARR_ELEMS, r.randint(1, 4)):
            name = self.fresh('a' + PREFIX[et])
            L.append('        %s[] %s = %s;' % (et, name, self.decl_init(c, et + '[]')))
            c.add(Var(name, et + '[]'))
        for t in ['Base', 'Node', 'Op'] + (['Base[]'] if r.random() < 0.4 else []):
            name = self.fresh({'Base': 'o', 'Node': 'n', 'Op': 'p', 'Base[]': 'oa'}[t])
            L.append('        %s %s = %s;' % (t, name, self.decl_init(c, t)))
            c.add(Var(name, t))
        L.append('        try {')
        c.push()
        # groups of statements, most in a try that reports what it caught (so that an
        # exception does not end the whole test)
        for _ in range(r.randint(2, 2 + self.size)):
            if r.random() < 0.7:
                e = self.fresh('e')
                L.append('            try {')
                self.block(c, 4, r.randint(1, 2 + self.size), L)
                L.append('            } catch (RuntimeException %s) {' % e)
                L.append('                System.out.println("%s " + %s);' % (e, e))
                L.append('            }')
            else:
                self.stmts(c, 3, r.randint(1, 2 + self.size), L)
        c.pop()
        L.append('        } finally {')
        L.append('            ' + self.checkpoint(c, 't%d.end' % i))
        L.append('        }')
        L.append('    }')
        L.append('')
        return static, params

    def program(self):
        r = self.r
        L = []
        L.append('// generated by tests/jitfuzz/gen.py --seed %d' % self.seed)
        L.append('public class %s {' % self.name)
        self.gen_fields(L)
        self.gen_support(L)
        self.gen_helpers(L)
        tests = [self.gen_test(L, i) for i in range(r.randint(1, 2 + self.size))]
        reps = r.randint(1, 3)
        L.append('    public static void main(String[] args) {')
        L.append('        %s self = new %s();' % (self.name, self.name))
        L.append('        for (int rep = 0; rep < %d; rep++) {' % reps)
        for i, (static, params) in enumerate(tests):
            args = []
            for p in params:
                a, b = self.lit(p), self.lit(p)
                args.append('(rep == 0 ? %s : %s)' % (a, b))
            call = '%st%d(%s);' % ('' if static else 'self.', i, ', '.join(args))
            L.append('            try {')
            L.append('                ' + call)
            L.append('            } catch (Throwable e) {')
            L.append('                System.out.println("t%d threw " + e);' % i)
            L.append('            }')
        L.append('            System.out.println("rep " + rep + " S=" + sfs() + " M=" + self.mfs());')
        L.append('        }')
        L.append('    }')
        L.append('}')
        return '\n'.join(L) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int)
    ap.add_argument('--seeds', type=int, nargs='+')
    ap.add_argument('--out')
    a = ap.parse_args()
    seeds = a.seeds or ([a.seed] if a.seed is not None else None)
    if not seeds:
        ap.error('--seed or --seeds is required')
    for s in seeds:
        g = Gen(s)
        text = g.program()
        if a.out:
            os.makedirs(a.out, exist_ok=True)
            with open(os.path.join(a.out, g.name + '.java'), 'w') as f:
                f.write(text)
        else:
            sys.stdout.write(text)


if __name__ == '__main__':
    main()
