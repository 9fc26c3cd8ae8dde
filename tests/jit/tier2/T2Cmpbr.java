/** tests/jit/tier2.sh's -cmpbr and Math-by-name cases: ifs on lcmp,
 *  Long.compare and Integer.compare (every condition, the extreme values,
 *  a compare also kept as a value), and main's loop, compiled at main's
 *  first call before anything used java.lang.Math, inlining a callee
 *  that calls Math.min/max/abs on ints and longs. */
public class T2Cmpbr {
    static final long[] LS = { Long.MIN_VALUE, Long.MIN_VALUE + 1, -5_000_000_000L, -1, 0, 1, 4_294_967_296L,
                               5_000_000_000L, Long.MAX_VALUE - 1, Long.MAX_VALUE };
    static final int[] IS = { Integer.MIN_VALUE, -7, -1, 0, 1, 3, Integer.MAX_VALUE };

    /* javac: lcmp then ifle/ifge/... */
    static int longs(long a, long b) {
        int r = 0;
        if (a < b) r |= 1;
        if (a <= b) r |= 2;
        if (a > b) r |= 4;
        if (a >= b) r |= 8;
        if (a == b) r |= 16;
        if (a != b) r |= 32;
        return r;
    }

    static int compares(long a, long b, int x, int y) {
        int r = 0;
        if (Long.compare(a, b) < 0) r |= 1;
        if (Long.compare(a, b) >= 0) r |= 2;
        if (Integer.compare(x, y) > 0) r |= 4;
        if (Integer.compare(x, y) == 0) r |= 8;
        if (Integer.compare(x, y) <= 0) r |= 16;
        if (Long.compare(a, b) != 0) r |= 32;
        return r;
    }

    /* the compare is also a value: stays an lcmp */
    static int kept(long a, long b) {
        int c = Long.compare(a, b);
        if (c > 0) return c * 10;
        return c + 100;
    }

    /* a token bucket (main's loop inlines it before Math's first use) */
    static long tokens = 500;

    static boolean take(long now, int len) {
        long t = Math.min(tokens + (now & 63), 4000L);
        int want = Math.max(len, 64) + Math.abs(len - 700) / 8;
        if (t >= want) {
            tokens = t - want + Math.abs(-(now & 7L));
            return true;
        }
        tokens = t;
        return false;
    }

    public static void main(String[] args) {
        long h = 0, ok = 0;
        for (int i = 0; i < 300000; i++) {
            long now = i * 37L;
            if (take(now, (i * 131) % 1500)) ok++;
            long a = LS[i % LS.length], b = LS[(i / LS.length) % LS.length];
            int x = IS[i % IS.length], y = IS[(i / 3) % IS.length];
            h = h * 31 + longs(a, b) * 7 + compares(a, b, x, y) + kept(a, b);
        }
        System.out.println("h " + h + " ok " + ok + " tokens " + tokens);
    }
}
