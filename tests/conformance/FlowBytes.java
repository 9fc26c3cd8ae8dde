import java.util.HashMap;
import java.util.Map;

/**
 * A flow table in a HashMap<Long, long[]> (packets, bytes, first and last
 * seen) keyed by a 64-bit flow key, updated with computeIfAbsent in one
 * path and getOrDefault / get / put in another, with idle flows expired
 * by remove, and a Map<Long, Long> of bytes per source kept with
 * getOrDefault.  Keys are small (the Long cache) for a few control flows
 * and large for the rest.
 */
public class FlowBytes {
    private final Map<Long, long[]> flows = new HashMap<>();
    private final Map<Long, Long> bySource = new HashMap<>();
    private long expired, created;

    static long key(int src, int dst, int sport, int dport) {
        return ((long) src << 32 | (dst & 0xffffffffL)) ^ ((long) sport << 16 | dport);
    }

    void packet(long k, int src, int len, long now) {
        long[] f = flows.get(k);
        if (f == null) {
            f = new long[] { 0, 0, now, now };
            flows.put(k, f);
            created++;
        }
        f[0]++;
        f[1] += len;
        f[3] = now;
        long s = src & 0xff;
        bySource.put(s, bySource.getOrDefault(s, 0L) + len);
    }

    void control(long k, int len, long now) {
        long[] f = flows.computeIfAbsent(k, x -> new long[] { 0, 0, now, now });
        f[0]++;
        f[1] += len;
        f[3] = now;
    }

    void expire(long now, long idle) {
        java.util.Iterator<Map.Entry<Long, long[]>> it = flows.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, long[]> e = it.next();
            if (now - e.getValue()[3] > idle && e.getKey() > 1000) {
                it.remove();
                expired++;
            }
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 80000;
        FlowBytes t = new FlowBytes();
        int seed = 99;
        long now = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1664525 + 1013904223;
            int r = seed >>> 3;
            now += 1 + (r & 3);
            int len = 64 + (r % 1200 + 1200) % 1200;
            if ((r & 15) == 0) {
                t.control((r >>> 4) & 63, len, now);     // keys 0..63: cached boxes
            } else {
                int flow = (r & 7) == 1 ? (r >>> 5) % 20000 : (r >>> 5) % 300;
                int src = 0x0a000000 | flow;
                t.packet(key(src, 0xc0a80001, 1024 + flow % 5000, 443), src, len, now);
            }
            if ((i & 8191) == 8191) t.expire(now, 4000);
        }
        long packets = 0, bytes = 0, span = 0;
        for (long[] f : t.flows.values()) {
            packets += f[0];
            bytes += f[1];
            span += f[3] - f[2];
        }
        long src = 0;
        for (Map.Entry<Long, Long> e : t.bySource.entrySet()) src += e.getKey() * e.getValue();
        System.out.println("flows " + t.flows.size() + " created " + t.created + " expired " + t.expired);
        System.out.println("packets " + packets + " bytes " + bytes + " span " + span + " sources " + t.bySource.size() + " " + src);
        long[] c5 = t.flows.get(5L);
        System.out.println("control 5: " + (c5 == null ? "none" : c5[0] + " " + c5[1]));
        Long big = 1L << 40, big2 = 1L << 40;
        System.out.println("boxes " + (big == big2) + " " + big.equals(big2) + " " + (Long.valueOf(5) == Long.valueOf(5)));
    }
}
