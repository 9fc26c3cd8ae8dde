// Long locals kept in registers (LCACHE, jit_loops.c / jit_longops.c):
// more long locals than registers, long loop counters and accumulators
// live across calls (r8-r11 reloaded after each), across exceptions
// caught inside the loop (the handler reads and writes them), a long
// local stored from itself (lload; ...; lstore of the same slot with the
// old value still on the stack), long arguments overwritten, a slot used
// as a long in one block and as an int and a reference in others, wide
// long locals, and values kept across a GC.
public class LongLocals {
    static int calls;
    static long mix(long a, long b) { calls++; return a * 31 + (b ^ (b >>> 11)); }
    static int maybeThrow(int i) {
        if (i % 97 == 0) throw new IllegalStateException("at " + i);
        return i & 3;
    }

    static long many(int n) {
        long a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
        for (int i = 0; i < n; i++) {
            a = a * 3 + b;
            b = b ^ (a >>> 7);
            c += a - d;
            d = mix(d, c);
            e = e * 5 + f - g;
            f = f + (e & 255);
            g = g - h + i;
            h = h * 7 + a;
        }
        return a + b * 3 + c * 5 + d * 7 + e * 11 + f * 13 + g * 17 + h * 19;
    }

    static long handlers(int n) {
        long acc = 0, errs = 0, last = -1;
        for (int i = 1; i < n; i++) {
            try {
                acc += maybeThrow(i) * (long) i;
                last = acc;
            } catch (IllegalStateException ex) {
                errs++;
                acc = acc - last / 2 + errs;
            }
        }
        return acc * 1000 + errs + last;
    }

    static long selfStore(long x, int n) {
        long y = x;
        for (int i = 0; i < n; i++) {
            y = y + (y >>> 3) + i;      // lload y twice, lstore y
            x = x * 6364136223846793005L + y;  // an argument overwritten
        }
        return x ^ y;
    }

    static long reuse(int n) {
        long s = 0;
        {
            long t = n * 3L;
            for (int i = 0; i < n; i++) t += i;
            s += t;
        }
        {
            int u = n;
            Object o = "x" + u;
            for (int i = 0; i < n; i++) u ^= i * 7;
            s += u + o.hashCode();
        }
        return s;
    }

    static long wide(int n) {
        long w0 = 0, w1 = 1, w2 = 2, w3 = 3, w4 = 4, w5 = 5, w6 = 6, w7 = 7, w8 = 8, w9 = 9;
        long w10 = 10, w11 = 11, w12 = 12, w13 = 13, w14 = 14, w15 = 15, w16 = 16, w17 = 17;
        long w18 = 18, w19 = 19, w20 = 20, w21 = 21, w22 = 22, w23 = 23, w24 = 24, w25 = 25;
        long w26 = 26, w27 = 27, w28 = 28, w29 = 29, w30 = 30, w31 = 31, w32 = 32, w33 = 33;
        long w34 = 34, w35 = 35, w36 = 36, w37 = 37, w38 = 38, w39 = 39, w40 = 40, w41 = 41;
        long w42 = 42, w43 = 43, w44 = 44, w45 = 45, w46 = 46, w47 = 47, w48 = 48, w49 = 49;
        long w50 = 50, w51 = 51, w52 = 52, w53 = 53, w54 = 54, w55 = 55, w56 = 56, w57 = 57;
        long w58 = 58, w59 = 59, w60 = 60, w61 = 61, w62 = 62, w63 = 63, w64 = 64, w65 = 65;
        long w66 = 66, w67 = 67, w68 = 68, w69 = 69, w70 = 70;
        for (int i = 0; i < n; i++) {
            w70 = w70 * 3 + w69 + i;
            w69 = w69 ^ w70;
            w0 += w70 >>> 5;
        }
        return w0 + w1 + w2 + w3 + w4 + w5 + w6 + w7 + w8 + w9 + w10 + w11 + w12 + w13 + w14 + w15 + w16
            + w17 + w18 + w19 + w20 + w21 + w22 + w23 + w24 + w25 + w26 + w27 + w28 + w29 + w30 + w31
            + w32 + w33 + w34 + w35 + w36 + w37 + w38 + w39 + w40 + w41 + w42 + w43 + w44 + w45 + w46
            + w47 + w48 + w49 + w50 + w51 + w52 + w53 + w54 + w55 + w56 + w57 + w58 + w59 + w60 + w61
            + w62 + w63 + w64 + w65 + w66 + w67 + w68 + w69 + w70;
    }

    static long gc(int n) {
        long sum = 0x7f00_0000_1000L;   // looks like an address: no reference
        for (int i = 0; i < n; i++) {
            byte[] junk = new byte[4096];
            junk[i & 4095] = (byte) i;
            sum += junk[i & 4095] + (sum >>> 40);
        }
        System.gc();
        return sum;
    }

    public static void main(String[] args) {
        System.out.println("many " + many(100000) + " calls " + calls);
        System.out.println("handlers " + handlers(20000));
        System.out.println("selfStore " + selfStore(99, 100000));
        System.out.println("reuse " + reuse(1000));
        System.out.println("wide " + wide(10000));
        System.out.println("gc " + gc(20000));
    }
}
