// A hand-written bit set over long[] (set/clear/get/cardinality/nextSetBit/and/or/xor) used for a prime wheel.
public class BitSetManual {
    final long[] words;
    BitSetManual(int bits) { words = new long[(bits + 63) >>> 6]; }
    void set(int i) { words[i >>> 6] |= 1L << i; }
    void clear(int i) { words[i >>> 6] &= ~(1L << i); }
    boolean get(int i) { return (words[i >>> 6] & (1L << i)) != 0; }
    int cardinality() { int c = 0; for (long w : words) c += Long.bitCount(w); return c; }
    int nextSetBit(int from) {
        int u = from >>> 6;
        if (u >= words.length) return -1;
        long w = words[u] & (-1L << from);
        while (true) {
            if (w != 0) return (u << 6) + Long.numberOfTrailingZeros(w);
            if (++u == words.length) return -1;
            w = words[u];
        }
    }
    void and(BitSetManual o) { for (int i = 0; i < words.length; i++) words[i] &= o.words[i]; }
    void or(BitSetManual o) { for (int i = 0; i < words.length; i++) words[i] |= o.words[i]; }
    void xor(BitSetManual o) { for (int i = 0; i < words.length; i++) words[i] ^= o.words[i]; }
    public static void main(String[] args) {
        int n = 100000;
        BitSetManual primes = new BitSetManual(n);
        for (int i = 2; i < n; i++) primes.set(i);
        for (int p = 2; p * p < n; p = primes.nextSetBit(p + 1)) for (int q = p * p; q < n; q += p) primes.clear(q);
        System.out.println("primes " + primes.cardinality());
        BitSetManual odd = new BitSetManual(n), threes = new BitSetManual(n);
        for (int i = 1; i < n; i += 2) odd.set(i);
        for (int i = 0; i < n; i += 3) threes.set(i);
        BitSetManual x = new BitSetManual(n);
        x.or(odd); x.and(threes);
        System.out.println("odd multiples of 3: " + x.cardinality());
        x.xor(odd);
        System.out.println("odd non-multiples: " + x.cardinality() + " first " + x.nextSetBit(0) + " " + x.nextSetBit(2) + " " + x.nextSetBit(n - 1));
        StringBuilder sb = new StringBuilder();
        for (int i = primes.nextSetBit(99900); i >= 0; i = primes.nextSetBit(i + 1)) sb.append(i).append(' ');
        System.out.println(sb.toString().trim());
    }
}
