// Token-bucket rate limiting and a leaky-bucket shaper simulated over synthetic traffic (long arithmetic).
public class TokenBucket {
    static final class Bucket {
        final long rate, burst;   // tokens per tick (scaled by 1000), max tokens
        long tokens, last;
        long passed, dropped;
        Bucket(long rate, long burst) { this.rate = rate; this.burst = burst; this.tokens = burst; }
        boolean admit(long now, long size) {
            tokens = Math.min(burst, tokens + (now - last) * rate / 1000);
            last = now;
            if (tokens >= size) { tokens -= size; passed += size; return true; }
            dropped += size;
            return false;
        }
    }
    public static void main(String[] args) {
        Bucket[] bs = {new Bucket(500, 3000), new Bucket(1500, 1500), new Bucket(100000, 100000)};
        long x = 0x9E3779B97F4A7C15L;
        long now = 0;
        int[] admitted = new int[bs.length];
        for (int i = 0; i < 200000; i++) {
            x ^= x >>> 12; x ^= x << 25; x ^= x >>> 27;
            long r = x * 2685821657736338717L;
            now += (r >>> 60) + ((r & 0x3F) == 0 ? 50 : 0);
            long size = 64 + ((r >>> 32) & 1023);
            for (int b = 0; b < bs.length; b++) if (bs[b].admit(now, size)) admitted[b]++;
        }
        for (int b = 0; b < bs.length; b++)
            System.out.println("bucket " + b + ": admitted " + admitted[b] + " passed " + bs[b].passed + " dropped " + bs[b].dropped
                + " tokens " + bs[b].tokens);
        System.out.println("elapsed " + now);
    }
}
