import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/** A per-flow statistics table keyed by the 5-tuple packed into a Long,
 *  with periodic expiry of idle flows.  Usage: FlowCounters [packets] */
public class FlowCounters {
    static final class Flow {
        long packets;
        long bytes;
        long firstSeen;
        long lastSeen;
        int proto;

        Flow(long now, int proto) {
            this.firstSeen = now;
            this.lastSeen = now;
            this.proto = proto;
        }
    }

    private final Map<Long, Flow> flows = new HashMap<>();
    private long expired;
    private long expiredBytes;

    static long flowKey(int srcIp, int dstIp, int srcPort, int dstPort, int proto) {
        long k = ((long) srcIp << 32) | (dstIp & 0xffffffffL);
        k ^= ((long) srcPort << 48) ^ ((long) dstPort << 16) ^ proto;
        return k;
    }

    void update(long key, int len, long now, int proto) {
        Flow f = flows.get(key);
        if (f == null) {
            f = new Flow(now, proto);
            flows.put(key, f);
        }
        f.packets++;
        f.bytes += len;
        f.lastSeen = now;
    }

    void expire(long now, long idle) {
        Iterator<Map.Entry<Long, Flow>> it = flows.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, Flow> e = it.next();
            Flow f = e.getValue();
            if (now - f.lastSeen > idle) {
                expired++;
                expiredBytes += f.bytes;
                it.remove();
            }
        }
    }

    long checksum() {
        long sum = 0;
        for (Map.Entry<Long, Flow> e : flows.entrySet()) {
            Flow f = e.getValue();
            sum += e.getKey() * 31 + f.packets * 7 + f.bytes + f.proto;
        }
        return sum ^ (expired << 20) ^ expiredBytes;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        FlowCounters table = new FlowCounters();
        int seed = 12345;
        long now = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            int r = seed >>> 8;
            // a few heavy hitters and many short flows
            int flowId = (r & 7) == 0 ? (r >>> 3) % 50000 : (r >>> 3) % 64;
            int srcIp = 0x0a000000 | flowId;
            int dstIp = 0xc0a80001 + (flowId % 13);
            int srcPort = 1024 + (flowId % 4000);
            int dstPort = (flowId & 1) == 0 ? 80 : 443;
            int proto = (flowId % 5) == 0 ? 17 : 6;
            int len = 64 + (r % 1400);
            now += 1 + (r & 3);
            table.update(flowKey(srcIp, dstIp, srcPort, dstPort, proto), len, now, proto);
            if ((i & 65535) == 65535) {
                table.expire(now, 100000);
            }
        }
        System.out.println("flows " + table.flows.size() + " expired " + table.expired
                + " checksum " + table.checksum());
    }
}
