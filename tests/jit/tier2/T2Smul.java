/** Multiplications by constants of every kind (tier 2's -smul): a string-like
 *  hash (h * 31), an index into a table of records (i * 4, i * 3), a linear
 *  congruential generator, per-flow byte counts in kilobytes and bits
 *  (x * 1024, x * 8) and the edge cases: negative constants, powers of two
 *  up to the sign bit, 3/5/9, constants that do not fit 32 bits, products
 *  that overflow. */
public class T2Smul {
    static final int SLOTS = 4;

    static int hash(int[] words, int n) {
        int h = 7;
        for (int i = 0; i < n; i++) {
            h = h * 31 + words[i];
        }
        return h;
    }

    static long mix(long x) {
        x = x * 0x9E3779B97F4A7C15L;          // does not fit 32 bits
        x = (x ^ (x >>> 29)) * 1000003L;
        return x * 9 + x * 5 - x * 3;
    }

    static int slotOf(int[] table, int flow) {
        return table[(flow & 7) * SLOTS + 1] * 3 + table[(flow & 7) * SLOTS];
    }

    static long edges(int a, long b) {
        long s = 0;
        s += a * 2 + a * 4 + a * 8 + a * 16 + a * 1024;
        s += a * 0x40000000 + a * Integer.MIN_VALUE + a * -1 + a * -4 + a * -7;
        s += a * 3 + a * 5 + a * 9 + a * 7 + a * 100000;
        s += b * 2 + b * 8 + b * (1L << 31) + b * (1L << 32) + b * (1L << 62) + b * Long.MIN_VALUE;
        s += b * 3 + b * 5 + b * 9 + b * -3 + b * 0x7fffffffL + b * 0x80000000L + b * -0x80000000L;
        return s;
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        int[] words = new int[16];
        int[] table = new int[8 * SLOTS];
        long seed = 12345;
        long sum = 0;
        long bits = 0;
        long kb = 0;
        for (int r = 0; r < rounds; r++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int v = (int) (seed >>> 17);
            words[r & 15] = v;
            table[r & (8 * SLOTS - 1)] += v & 0xff;
            sum += hash(words, 16) + slotOf(table, v);
            bits += (v & 0xffff) * 8;
            kb += (long) (v & 0x3ff) * 1024;
            sum ^= mix(seed) + edges(v, seed);
        }
        int[] probes = { 0, 1, -1, 3, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x12345678, -0x7654321 };
        long[] lprobes = { 0, 1, -1, 5, Long.MAX_VALUE, Long.MIN_VALUE, 0x123456789abcdefL, -0x7654321fedcbaL };
        for (int i = 0; i < probes.length; i++) {
            System.out.println("edges " + probes[i] + " " + lprobes[i] + " = " + edges(probes[i], lprobes[i]) + " mix " + mix(lprobes[i]));
        }
        System.out.println("sum " + sum + " bits " + bits + " kb " + kb);
    }
}
