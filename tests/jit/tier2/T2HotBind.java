// h18: a caller's baseline code reaches its callees' tier-2 code once they
// tier up by counts (-Xjit:tier2=hot): run() stays baseline (called once,
// its back edges not counted enough), mix() is compiled before run() (a
// direct call would bind to mix's baseline code), add() is called through
// an inline cache filled at its first calls.
public class T2HotBind {
    static final int[] TABLE = new int[16];

    static class Acc {
        long sum;
        int n;
        int max, min, last, odd, xor;
        final int[] hist = new int[8];

        void add(int v) {
            sum += v;
            n++;
            if (v > max) max = v;
            if (v < min) min = v;
            last = v;
            if ((v & 1) != 0) odd++;
            hist[v & 7]++;
            xor ^= v * 31 + n;
        }
    }

    static int mix(int x) {
        int[] t = TABLE;
        return t[x & 15] ^ (x >>> 3);
    }

    static long run(Acc acc, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            int v = mix(i);
            acc.add(v);
            s += v;
        }
        return s;
    }

    public static void main(String[] args) {
        for (int i = 0; i < 16; i++) TABLE[i] = i * 2654435761L > 0 ? i * 7 : i * 13;
        for (int i = 0; i < 5; i++) mix(i);
        Acc acc = new Acc();
        long s = run(acc, 20000);
        System.out.println("sum=" + s + " acc=" + acc.sum + " n=" + acc.n + " max=" + acc.max + " min=" + acc.min + " odd=" + acc.odd + " xor=" + acc.xor + " h3=" + acc.hist[3]);
    }
}
