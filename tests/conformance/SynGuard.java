import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A SYN-flood guard: counts half-open TCP connections per source address
 * in a sliding window of buckets, blocks sources over a threshold for a
 * while, and keeps a short list of the worst offenders.
 * Usage: SynGuard [packets]
 */
public class SynGuard {
    static final int BUCKETS = 8;
    static final long BUCKET_NS = 50_000_000L;

    static class Source {
        final int addr;
        final int[] syns = new int[BUCKETS];
        int established;
        long blockedUntil;
        long lastBucket;

        Source(int addr) { this.addr = addr; }

        int total() {
            int t = 0;
            for (int s : syns) t += s;
            return t;
        }
    }

    private final Map<Integer, Source> sources = new HashMap<>();
    private final int threshold;
    private long blockedPackets, passedPackets, blocks;

    SynGuard(int threshold) { this.threshold = threshold; }

    private Source lookup(int addr) {
        Source s = sources.get(addr);
        if (s == null) {
            s = new Source(addr);
            sources.put(addr, s);
        }
        return s;
    }

    private static void roll(Source s, long bucket) {
        long gap = bucket - s.lastBucket;
        if (gap <= 0) return;
        if (gap >= BUCKETS) {
            java.util.Arrays.fill(s.syns, 0);
        } else {
            for (long b = s.lastBucket + 1; b <= bucket; b++) s.syns[(int) (b % BUCKETS)] = 0;
        }
        s.lastBucket = bucket;
    }

    /** Returns true if the packet may pass. flags: 2 = SYN, 16 = ACK. */
    boolean packet(int src, int flags, long now) {
        Source s = lookup(src);
        if (now < s.blockedUntil) {
            blockedPackets++;
            return false;
        }
        long bucket = now / BUCKET_NS;
        roll(s, bucket);
        if ((flags & 2) != 0 && (flags & 16) == 0) {
            s.syns[(int) (bucket % BUCKETS)]++;
            if (s.total() - s.established > threshold) {
                s.blockedUntil = now + 4 * BUCKET_NS;
                blocks++;
                blockedPackets++;
                return false;
            }
        } else if ((flags & 16) != 0 && s.established < s.total()) {
            s.established++;
        }
        passedPackets++;
        return true;
    }

    List<Source> worst(int k) {
        List<Source> all = new ArrayList<>(sources.values());
        all.sort((a, b) -> {
            int c = Integer.compare(b.total() - b.established, a.total() - a.established);
            return c != 0 ? c : Integer.compare(a.addr, b.addr);
        });
        return all.subList(0, Math.min(k, all.size()));
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 40000;
        SynGuard g = new SynGuard(40);
        long seed = 42;
        long now = 0;
        for (int i = 0; i < n; i++) {
            seed = (seed * 0x5DEECE66DL + 0xBL) & ((1L << 48) - 1);
            int r = (int) (seed >>> 16);
            now += 200 + (r & 1023);
            int src;
            int flags;
            if ((r & 31) == 0) {            // an attacker among 16 sends only SYNs
                src = 0xc6336400 | ((r >>> 5) & 15);
                flags = 2;
            } else {                        // ordinary clients open and use connections
                src = 0x0a000000 | ((r >>> 5) % 20000);
                flags = ((r >>> 20) & 7) == 0 ? 2 : 16;
            }
            g.packet(src, flags, now);
        }
        System.out.println("sources " + g.sources.size() + " passed " + g.passedPackets
                + " blocked " + g.blockedPackets + " blocks " + g.blocks);
        for (Source s : g.worst(3))
            System.out.println(Integer.toHexString(s.addr) + " " + s.total() + " " + s.established);
    }
}
