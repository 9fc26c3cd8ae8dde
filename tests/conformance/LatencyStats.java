import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Per-flow latency and rate statistics of the ordinary kind: a flow table
 *  in a HashMap<Long, ...>, long counters in fields and in a long[]
 *  histogram (bucket = latency / a constant width), averages and
 *  percentiles, rates in Mbit/s.  Usage: LatencyStats [samples] */
public class LatencyStats {
    static final int BUCKETS = 64;
    static final long BUCKET_NS = 2_500;       // 2.5 us per bucket
    static final long SECOND_NS = 1_000_000_000L;

    static final class FlowStat {
        final long key;
        long packets;
        long bytes;
        long sumNs;
        long minNs = Long.MAX_VALUE;
        long maxNs;
        long firstNs = -1;
        long lastNs;
        final long[] hist = new long[BUCKETS];

        FlowStat(long key) {
            this.key = key;
        }

        void add(long nowNs, long latencyNs, int len) {
            if (firstNs < 0) {
                firstNs = nowNs;
            }
            lastNs = nowNs;
            packets++;
            bytes += len;
            sumNs += latencyNs;
            if (latencyNs < minNs) {
                minNs = latencyNs;
            }
            if (latencyNs > maxNs) {
                maxNs = latencyNs;
            }
            long b = latencyNs / BUCKET_NS;
            hist[b >= BUCKETS ? BUCKETS - 1 : (int) b]++;
        }

        long averageNs() {
            return packets == 0 ? 0 : sumNs / packets;
        }

        /** The latency below which p percent of the packets fall (bucket upper edge). */
        long percentileNs(int p) {
            long want = (packets * p + 99) / 100;
            long seen = 0;
            for (int i = 0; i < BUCKETS; i++) {
                seen += hist[i];
                if (seen >= want) {
                    return (i + 1) * BUCKET_NS;
                }
            }
            return BUCKETS * BUCKET_NS;
        }

        long rateKbps() {
            long span = lastNs - firstNs;
            return span <= 0 ? 0 : bytes * 8 * 1_000_000 / span;
        }
    }

    private final Map<Long, FlowStat> flows = new HashMap<>();
    private long totalPackets;
    private long totalBytes;
    private final long[] sizeClasses = new long[10];

    void record(long flowKey, long nowNs, long latencyNs, int len) {
        FlowStat f = flows.get(flowKey);
        if (f == null) {
            f = new FlowStat(flowKey);
            flows.put(flowKey, f);
        }
        f.add(nowNs, latencyNs, len);
        totalPackets++;
        totalBytes += len;
        sizeClasses[len / 160]++;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        LatencyStats s = new LatencyStats();
        long seed = 0x5DEECE66DL;
        long now = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            long flow = (seed >>> 40) % 251;
            long key = (flow << 32) | (10_000 + flow * 7);
            int len = 64 + (int) ((seed >>> 20) % 1437);
            long base = 4_000 + (flow % 13) * 3_000;
            long jitter = (seed >>> 8) % 20_000;
            long latency = base + (jitter * jitter) / 40_000;
            now += 50 + (seed & 511);
            s.record(key, now, latency, len);
        }
        List<Long> keys = new ArrayList<>(s.flows.keySet());
        java.util.Collections.sort(keys);
        long check = 0;
        int shown = 0;
        for (Long k : keys) {
            FlowStat f = s.flows.get(k);
            long avg = f.averageNs();
            long p50 = f.percentileNs(50);
            long p99 = f.percentileNs(99);
            long kbps = f.rateKbps();
            check = check * 1_000_003 + f.packets * 31 + avg * 7 + p50 + p99 * 3 + kbps + f.minNs + f.maxNs;
            if (shown < 4 || k % 50 == 0) {
                System.out.println("flow " + (k >>> 32) + ":" + (k & 0xffff) + " pkts " + f.packets
                    + " avg " + avg / 1000 + "." + avg % 1000 / 100 + "us p50 " + p50 + " p99 " + p99
                    + " min " + f.minNs + " max " + f.maxNs + " rate " + kbps / 1000 + "Mbit/s");
                shown++;
            }
        }
        StringBuilder sb = new StringBuilder("sizes");
        for (long c : s.sizeClasses) {
            sb.append(' ').append(c * 1000 / (s.totalPackets == 0 ? 1 : s.totalPackets));
        }
        System.out.println(sb);
        System.out.println("flows " + keys.size() + " packets " + s.totalPackets + " bytes " + s.totalBytes
            + " seconds " + now / SECOND_NS + "." + now % SECOND_NS / 1_000_000);
        System.out.println("checksum " + check);
    }
}
