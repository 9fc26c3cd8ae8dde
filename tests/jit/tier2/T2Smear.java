/** Header parsing with many constant offsets from one index (tier 2's
 *  -smear: the first access's bounds check widened to the group's, the
 *  others proven): an IPv4/UDP header reader over a byte[] of packets, a
 *  reader whose first access is not its lowest offset, a record store, and
 *  the cases where the widened check fails: a short packet (the exception
 *  at the exact access), a division by zero between two accesses (that
 *  exception, not the index one), a counter bumped between two accesses
 *  (bumped once), a negative index below the first access. */
public class T2Smear {
    static int bumps;

    static int ipv4(byte[] b, int p) {
        int vihl = b[p] & 0xff;
        int tos = b[p + 1] & 0xff;
        int len = ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff);
        int ttl = b[p + 8] & 0xff;
        int proto = b[p + 9] & 0xff;
        int src = ((b[p + 12] & 0xff) << 24) | ((b[p + 13] & 0xff) << 16) | ((b[p + 14] & 0xff) << 8) | (b[p + 15] & 0xff);
        int dst = ((b[p + 16] & 0xff) << 24) | ((b[p + 17] & 0xff) << 16) | ((b[p + 18] & 0xff) << 8) | (b[p + 19] & 0xff);
        return vihl + tos * 3 + len + ttl * 7 + proto * 11 + (src ^ dst);
    }

    /** the highest offset first, then the lower ones */
    static int backwards(int[] words, int i) {
        int d = words[i + 3];
        int c = words[i + 2];
        int b = words[i + 1];
        int a = words[i];
        return ((a * 31 + b) * 31 + c) * 31 + d;
    }

    /** the first access in the middle: a lower offset after it */
    static long middle(long[] v, int i) {
        long m = v[i + 4];
        long lo = v[i];
        long hi = v[i + 8];
        long q1 = v[i + 2];
        long q3 = v[i + 6];
        return m * 5 + lo - hi + (q1 ^ q3);
    }

    static void store(int[] rec, int i, int a, int b, int c) {
        rec[i] = a;
        rec[i + 1] = b;
        rec[i + 2] = c;
        rec[i + 3] = a ^ b ^ c;
    }

    /** two accesses: a widened check would cost what it saves */
    static int pairErrors;

    static int pair(byte[] b, int p) {
        int hi = b[p] & 0xff;
        int lo = b[p + 1] & 0xff;
        int word = (hi << 8) | lo;
        if (word == 0xffff || word == 0) {
            pairErrors++;
            return -1;
        }
        int folded = (word >>> 4) ^ (word * 31) ^ (word << 3) ^ (hi * lo);
        return folded & 0x7fffffff;
    }

    static int divided(byte[] b, int p, int d) {
        int x = b[p];
        int q = 1000 / d;
        return x + q + b[p + 7] + b[p + 3];
    }

    static int bumped(byte[] b, int p) {
        int x = b[p];
        bumps++;
        return x + b[p + 7] - b[p + 3];
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        byte[] pkts = new byte[64 * 20];
        int seed = 99;
        for (int i = 0; i < pkts.length; i++) {
            seed = seed * 1103515245 + 12345;
            pkts[i] = (byte) (seed >>> 16);
        }
        int[] words = new int[64];
        long[] vals = new long[32];
        for (int i = 0; i < words.length; i++) words[i] = i * 7 - 100;
        for (int i = 0; i < vals.length; i++) vals[i] = (long) i * i * 1000003L;
        int[] rec = new int[40];
        long sum = 0;
        for (int r = 0; r < n; r++) {
            int p = (r & 63) * 20;
            sum += ipv4(pkts, p);
            sum += backwards(words, r % 61);
            sum += middle(vals, r % 24);
            store(rec, (r % 10) * 4, r, (int) sum, p);
            sum += rec[(r * 7) % 40] + pair(pkts, p + 5);
        }
        System.out.println("sum " + sum);
        // the widened checks fail: each must end as the bytecode says
        int[][] cases = { { 1260, 0 }, { 1265, 0 }, { 1275, 0 }, { 1279, 0 }, { -1, 0 }, { 1300, 0 } };
        for (int[] c : cases) {
            try {
                System.out.println("ipv4 " + c[0] + " = " + ipv4(pkts, c[0]));
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("ipv4 " + c[0] + ": " + e.getMessage());
            }
        }
        for (int i : new int[] { 60, 61, 62, -1, -3 }) {
            try {
                System.out.println("backwards " + i + " = " + backwards(words, i));
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("backwards " + i + ": " + e.getMessage());
            }
        }
        for (int i : new int[] { 23, 24, -1, -4, -5 }) {
            try {
                System.out.println("middle " + i + " = " + middle(vals, i));
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("middle " + i + ": " + e.getMessage());
            }
        }
        for (int i : new int[] { 36, 37, -1 }) {
            try {
                store(rec, i, 1, 2, 3);
                System.out.println("store " + i + " ok " + rec[i] + " " + rec[i + 3]);
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("store " + i + ": " + e.getMessage() + " rec[37..39] " + rec[37] + " " + rec[38] + " " + rec[39]);
            }
        }
        for (int r = 0; r < 3; r++) {
            for (int p : new int[] { 0, 1275, 1279 }) {
                try {
                    System.out.println("divided " + p + " = " + divided(pkts, p, r));
                } catch (ArithmeticException e) {
                    System.out.println("divided " + p + ": / by zero");
                } catch (ArrayIndexOutOfBoundsException e) {
                    System.out.println("divided " + p + ": " + e.getMessage());
                }
                try {
                    System.out.println("bumped " + p + " = " + bumped(pkts, p) + " bumps " + bumps);
                } catch (ArrayIndexOutOfBoundsException e) {
                    System.out.println("bumped " + p + ": " + e.getMessage() + " bumps " + bumps);
                }
            }
        }
        long more = 0;
        for (int r = 0; r < n; r++) more += ipv4(pkts, (r * 13 & 63) * 20) + bumped(pkts, r & 1023);
        System.out.println("more " + more + " bumps " + bumps);
    }
}
