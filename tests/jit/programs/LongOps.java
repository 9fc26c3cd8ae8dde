// Long arithmetic on the JIT's virtual stack (LONGOPS, jit_longops.c):
// ladd/lsub/lmul/land/lor/lxor/lneg with overflow and Long.MIN_VALUE,
// constants that do and do not fit 32 bits (sign extension), constant
// folding, shifts by constants >= 64 and negative (Java masks with 63) and
// by variables, i2l of negative ints and l2i truncation, longs mixed with
// int ops and int locals cached in registers, long locals in wide slots,
// a local slot reused as int after a long, long values live across calls,
// across exceptions thrown mid-expression (array bounds, null, division)
// and across a GC (longs that look like addresses are no references);
// long compares with if<cond> (fused), long loop counters, long statics
// (the first access running the class initialiser).
class LongHolder {
    static long v = init();
    static long w;

    static long init() {
        System.out.println("LongHolder init");
        return 0x1122334455667788L;
    }
}

public class LongOps {
    static long out;

    static long sink;
    static int[] arr = new int[4];

    static long id(long x) { return x; }
    static int twice(int x) { return 2 * x; }

    static long mix(long a, long b, int i) {
        long r = a * 31 + b;
        r ^= r >>> 33;
        r *= 0xff51afd7ed558ccdL;
        r ^= r >>> 33;
        r += (long) i << 40;
        r -= ~a;
        r |= b & 0xF0F0F0F0F0L;
        r = -r;
        return r;
    }

    static void shifts(long x) {
        System.out.println("shl " + (x << 0) + " " + (x << 1) + " " + (x << 31) + " " + (x << 32)
                           + " " + (x << 63) + " " + (x << 64) + " " + (x << 65) + " " + (x << -1)
                           + " " + (x << -63) + " " + (x << 127));
        System.out.println("shr " + (x >> 0) + " " + (x >> 1) + " " + (x >> 31) + " " + (x >> 32)
                           + " " + (x >> 63) + " " + (x >> 64) + " " + (x >> 65) + " " + (x >> -1)
                           + " " + (x >> -64));
        System.out.println("ushr " + (x >>> 0) + " " + (x >>> 1) + " " + (x >>> 31) + " " + (x >>> 32)
                           + " " + (x >>> 63) + " " + (x >>> 64) + " " + (x >>> 65) + " " + (x >>> -1)
                           + " " + (x >>> -33));
        for (int n = -70; n <= 130; n += 7)
            sink = sink * 31 + (x << n) + (x >> n) + (x >>> n);
    }

    static long constants() {
        long a = 0L, b = 1L, c = -1L, d = 2147483647L, e = -2147483648L, f = 2147483648L,
             g = -2147483649L, h = 0x7fffffffffffffffL, k = 0x8000000000000000L, m = 0xffffffffL;
        System.out.println("consts " + a + " " + b + " " + c + " " + d + " " + e + " " + f + " " + g
                           + " " + h + " " + k + " " + m);
        /* folded by javac or by the JIT */
        long x = 5L;
        x = x * 3L + 7L - 1L;
        long y = (0x7fffffffL + 1L) * 2L;
        long z = Long.MIN_VALUE - 1L;
        long w = -Long.MIN_VALUE;
        return a + b + c + d + e + f + g + h + k + m + x + y + z + w;
    }

    static long conversions(int[] xs) {
        long acc = 0;
        for (int x : xs) {
            long l = x;                          /* i2l */
            int back = (int) (l * 3 + 1);        /* l2i truncation */
            int hi = (int) (l >>> 32);
            acc = acc * 31 + l + back + hi + (int) (acc >> 7) + (long) (x + 1) + (x + 1L);
            System.out.println(x + " -> " + l + " " + back + " " + hi + " " + (int) (0x123456789L * x));
        }
        return acc;
    }

    static long wideLocals() {
        /* enough locals that some longs sit above slot 255 (wide lload/lstore) */
        long l0 = 1, l1 = 2, l2 = 3, l3 = 4, l4 = 5, l5 = 6, l6 = 7, l7 = 8, l8 = 9, l9 = 10;
        long[] pad = new long[1];
        long a00 = 0, a01 = 0, a02 = 0, a03 = 0, a04 = 0, a05 = 0, a06 = 0, a07 = 0, a08 = 0, a09 = 0;
        long a10 = 0, a11 = 0, a12 = 0, a13 = 0, a14 = 0, a15 = 0, a16 = 0, a17 = 0, a18 = 0, a19 = 0;
        long a20 = 0, a21 = 0, a22 = 0, a23 = 0, a24 = 0, a25 = 0, a26 = 0, a27 = 0, a28 = 0, a29 = 0;
        long a30 = 0, a31 = 0, a32 = 0, a33 = 0, a34 = 0, a35 = 0, a36 = 0, a37 = 0, a38 = 0, a39 = 0;
        long a40 = 0, a41 = 0, a42 = 0, a43 = 0, a44 = 0, a45 = 0, a46 = 0, a47 = 0, a48 = 0, a49 = 0;
        long a50 = 0, a51 = 0, a52 = 0, a53 = 0, a54 = 0, a55 = 0, a56 = 0, a57 = 0, a58 = 0, a59 = 0;
        long a60 = 0, a61 = 0, a62 = 0, a63 = 0, a64 = 0, a65 = 0, a66 = 0, a67 = 0, a68 = 0, a69 = 0;
        long a70 = 0, a71 = 0, a72 = 0, a73 = 0, a74 = 0, a75 = 0, a76 = 0, a77 = 0, a78 = 0, a79 = 0;
        long a80 = 0, a81 = 0, a82 = 0, a83 = 0, a84 = 0, a85 = 0, a86 = 0, a87 = 0, a88 = 0, a89 = 0;
        long a90 = 0, a91 = 0, a92 = 0, a93 = 0, a94 = 0, a95 = 0, a96 = 0, a97 = 0, a98 = 0, a99 = 0;
        long b00 = 0, b01 = 0, b02 = 0, b03 = 0, b04 = 0, b05 = 0, b06 = 0, b07 = 0, b08 = 0, b09 = 0;
        long b10 = 0, b11 = 0, b12 = 0, b13 = 0, b14 = 0, b15 = 0, b16 = 0, b17 = 0, b18 = 0, b19 = 0;
        long b20 = 0, b21 = 0, b22 = 0, b23 = 0, b24 = 0, b25 = 0, b26 = 0, b27 = 0, b28 = 0, b29 = 0;
        long far1 = 0x1234567890L, far2 = -7;
        for (int i = 0; i < 5; i++) {
            far1 = far1 * 3 + far2 + l9 - i;
            far2 ^= far1 << 3;
            a00 += far1; b29 -= far2;
        }
        pad[0] = far1;
        return far1 + far2 + l0 + l1 + l2 + l3 + l4 + l5 + l6 + l7 + l8 + a00 + b29 + pad[0]
             + a01 + a02 + a03 + a04 + a05 + a06 + a07 + a08 + a09 + a10 + a11 + a12 + a13 + a14
             + a15 + a16 + a17 + a18 + a19 + a20 + a21 + a22 + a23 + a24 + a25 + a26 + a27 + a28
             + a29 + a30 + a31 + a32 + a33 + a34 + a35 + a36 + a37 + a38 + a39 + a40 + a41 + a42
             + a43 + a44 + a45 + a46 + a47 + a48 + a49 + a50 + a51 + a52 + a53 + a54 + a55 + a56
             + a57 + a58 + a59 + a60 + a61 + a62 + a63 + a64 + a65 + a66 + a67 + a68 + a69 + a70
             + a71 + a72 + a73 + a74 + a75 + a76 + a77 + a78 + a79 + a80 + a81 + a82 + a83 + a84
             + a85 + a86 + a87 + a88 + a89 + a90 + a91 + a92 + a93 + a94 + a95 + a96 + a97 + a98
             + a99 + b00 + b01 + b02 + b03 + b04 + b05 + b06 + b07 + b08 + b09 + b10 + b11 + b12
             + b13 + b14 + b15 + b16 + b17 + b18 + b19 + b20 + b21 + b22 + b23 + b24 + b25 + b26
             + b27 + b28;
    }

    static long slotReuse(int n) {
        long total = 0;
        for (int r = 0; r < n; r++) {
            {
                long t = (long) r * 0x100000001L;
                total += t ^ (t >>> 17);
            }
            {
                int u = r * 7, v = u + 1;       /* the long's slots now ints */
                total += u * v;
            }
        }
        return total;
    }

    static long exceptions(int[] idx) {
        long acc = 0;
        int[] none = null;
        for (int i : idx) {
            try {
                /* a long on the stack when the access throws */
                acc = acc * 131 + arr[i] + (long) i * 0x10000000000L;
            } catch (ArrayIndexOutOfBoundsException e) {
                acc = acc - 17 + (acc >>> 60);
            }
            try {
                acc = (acc ^ 0x5555555555L) + (i == 2 ? none[0] : 1);
            } catch (NullPointerException e) {
                acc += 1000003L;
            }
            try {
                acc = acc * 7 + 1000L / (i - 1) + 5L % (long) (i - 3);
            } catch (ArithmeticException e) {
                acc = -acc;
            }
        }
        return acc;
    }

    static long acrossCalls(int n) {
        long acc = 1;
        for (int i = 0; i < n; i++) {
            acc = acc * 31 + (twice(i) + 1);
            acc = id(acc) - (id(acc >> 3) ^ twice(-i));
        }
        return acc;
    }

    static long gc(int n) {
        /* long values equal to object addresses must not confuse the GC */
        long acc = 0;
        Object keep = new int[16];
        long fake = 0x7f0000001000L;
        for (int i = 0; i < n; i++) {
            long v = fake + i * 16L;
            int[] junk = new int[256];
            junk[i & 255] = (int) v;
            acc += v + junk[i & 255] + ((int[]) keep).length;
            if ((i & 1023) == 0) System.gc();
        }
        return acc;
    }

    static int compares(long[] vs) {
        /* lcmp + if<cond> fused into one compare and branch */
        int n = 0;
        for (long a : vs)
            for (long b : vs) {
                if (a < b) n += 1;
                if (a <= b) n += 3;
                if (a > b) n += 7;
                if (a >= b) n += 13;
                if (a == b) n += 29;
                if (a != b) n += 53;
                if (a - b > 0) n += 101;
                if (a < 5L) n ^= 0x40;
                if (0x123456789L > a) n ^= 0x100;
                n = n * 3 + (a == b ? 1 : 0);
            }
        /* a long loop counter (a backward branch on a long compare) */
        long sum = 0;
        for (long i = -5; i < 100000L; i += 3) sum += i;
        for (long i = Long.MAX_VALUE - 10; i > Long.MAX_VALUE - 20; i--) sum ^= i;
        long j = 1;
        do { j *= 3; } while (j <= 0x7fffffffffffL && j != 0);
        System.out.println("compares " + n + " " + sum + " " + j);
        return n;
    }

    static long statics(int n) {
        /* long statics (the first access initialises LongHolder) */
        long before = out;
        for (int i = 0; i < n; i++) {
            out = out * 31 + i * 4 + (i & 3);
            if (i == 3) LongHolder.w = LongHolder.v + out;
            LongHolder.w ^= out >>> 11;
            LongHolder.v = -1L;
            LongHolder.v = 0x7fffffffL + LongHolder.v;
        }
        return before + out + LongHolder.v + LongHolder.w;
    }

    public static void main(String[] args) {
        System.out.println("statics " + statics(50));
        compares(new long[] { 0, 1, -1, 5, 4, 6, Long.MIN_VALUE, Long.MAX_VALUE, 0x123456789L,
                              0x80000000L, -0x80000000L, 0xffffffffL, Long.MIN_VALUE + 1 });
        long a = Long.MAX_VALUE, b = Long.MIN_VALUE;
        System.out.println("ovf " + (a + 1) + " " + (b - 1) + " " + (a * 2) + " " + (b * -1) + " " + (-b)
                           + " " + (a * a) + " " + (b * b) + " " + (a & b) + " " + (a | b) + " " + (a ^ b));
        System.out.println("mix " + mix(1, 2, 3) + " " + mix(a, b, -1) + " " + mix(-5, 0x123456789abcL, 1 << 30));
        shifts(1L);
        shifts(-1L);
        shifts(0x8000000000000001L);
        shifts(0x00000000deadbeefL);
        System.out.println("sink " + sink);
        System.out.println("constants " + constants());
        int[] xs = { 0, 1, -1, 7, -7, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x40000000, -0x12345678 };
        System.out.println("conversions " + conversions(xs));
        System.out.println("wide " + wideLocals());
        System.out.println("slots " + slotReuse(50));
        System.out.println("exceptions " + exceptions(new int[] { 0, 1, 2, 3, 4, 5, -1, 3 }));
        System.out.println("calls " + acrossCalls(100));
        System.out.println("gc " + gc(20000));
        long h = 0;
        for (int i = 0; i < 1000; i++) {
            int x = i * 0x9E3779B1;
            h = h * 31 + (x + 1);
            h ^= (h << 13) + (h >>> 7) - x;
            h += (long) x * x;
        }
        System.out.println("hash " + h);
    }
}
