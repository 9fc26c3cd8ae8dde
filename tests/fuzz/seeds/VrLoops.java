// Seed for fuzz_verify_run: loops of every shape (for, while, do, nested,
// labelled break/continue, switch in a loop), int/long/float/double
// arithmetic and conversions.  Static methods only, one class.
public class VrLoops {
    static int sum(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) s += i * i - (s >> 3);
        return s;
    }
    static long mix(long x) {
        long h = 0x9E3779B97F4A7C15L;
        int i = 0;
        while (i++ < 20) { h ^= x; h *= 31; x = (x >>> 7) | (x << 57); }
        return h;
    }
    static double fp(int n) {
        double d = 1.0; float f = 0.5f;
        do { d = d * 1.5 / (f + 1); f += (float) d; n--; } while (n > 0);
        return d + f + (int) d + (long) f + (d > f ? 1 : -1);
    }
    static int nested() {
        int c = 0;
        outer:
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                if (j == i) continue outer;
                if (i * j > 40) break outer;
                switch ((i + j) & 3) {
                    case 0: c++; break;
                    case 1: c += 2; break;
                    case 2: c ^= 5; break;
                    default: c--;
                }
            }
        }
        return c;
    }
    // endless: only the instruction budget stops it
    static int spin(int n) {
        while (n >= 0) n = (n * 3 + 1) & 0xffff;
        return n;
    }
    public static void main(String[] args) {
        int r = sum(100) + nested();
        long m = mix(r);
        double d = fp(7);
        if (m == 0 && d < 0) throw new IllegalStateException();
    }
}
