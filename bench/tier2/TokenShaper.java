/** A two-rate token-bucket shaper per class, tokens in bytes scaled to
 *  nanoseconds with long arithmetic.  Usage: TokenShaper [packets] */
public class TokenShaper {
    static final long NANOS = 1_000_000_000L;

    static final class Bucket {
        final long rateBytesPerSec;
        final long burstBytes;
        long tokens;        // bytes * NANOS
        long lastRefill;    // ns
        long conformed;
        long exceeded;
        long conformedBytes;

        Bucket(long rateBitsPerSec, long burstBytes) {
            this.rateBytesPerSec = rateBitsPerSec / 8;
            this.burstBytes = burstBytes;
            this.tokens = burstBytes * NANOS;
        }

        void refill(long now) {
            long elapsed = now - lastRefill;
            if (elapsed <= 0) {
                return;
            }
            lastRefill = now;
            long max = burstBytes * NANOS;
            long add = elapsed * rateBytesPerSec;
            tokens = Math.min(max, tokens + add);
        }

        boolean admit(int len, long now) {
            refill(now);
            long need = len * NANOS;
            if (tokens >= need) {
                tokens -= need;
                conformed++;
                conformedBytes += len;
                return true;
            }
            exceeded++;
            return false;
        }

        long delayUntilConform(int len) {
            long need = len * NANOS - tokens;
            return need <= 0 ? 0 : (need + rateBytesPerSec - 1) / rateBytesPerSec;
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        Bucket[] buckets = new Bucket[8];
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = new Bucket(1_000_000L * (i + 1) * 10, 3000 + 1500L * i);
        }
        long now = 0;
        long totalDelay = 0;
        long seed = 99;
        for (int i = 0; i < n; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int cls = (int) ((seed >>> 33) & 7);
            int len = 64 + (int) ((seed >>> 40) % 1437);
            now += 200 + ((seed >>> 20) & 1023);
            Bucket b = buckets[cls];
            if (!b.admit(len, now)) {
                totalDelay += b.delayUntilConform(len);
            }
        }
        long sum = 0;
        for (Bucket b : buckets) {
            sum = sum * 1000003 + b.conformed * 17 + b.exceeded * 3 + b.conformedBytes;
        }
        System.out.println("checksum " + sum + " delay " + totalDelay);
    }
}
