// A hash-based flow table over synthetic packets: 5-tuple keys, open hashing, per-flow counters, LRU-ish eviction.
public class FlowTable {
    static final class FlowKey {
        final int srcIp, dstIp, srcPort, dstPort, proto;
        FlowKey(int s, int d, int sp, int dp, int p) { srcIp = s; dstIp = d; srcPort = sp; dstPort = dp; proto = p; }
        int hash() {
            int h = srcIp * 0x9E3779B1;
            h ^= dstIp + 0x7F4A7C15 + (h << 6) + (h >>> 2);
            h ^= ((srcPort << 16) | dstPort) + 0x7F4A7C15 + (h << 6) + (h >>> 2);
            h ^= proto * 0x85EBCA6B;
            return h ^ (h >>> 16);
        }
        boolean same(FlowKey o) {
            return srcIp == o.srcIp && dstIp == o.dstIp && srcPort == o.srcPort && dstPort == o.dstPort && proto == o.proto;
        }
    }
    static final class Flow {
        final FlowKey key;
        long packets, bytes, lastSeen;
        Flow next;
        Flow(FlowKey k) { key = k; }
    }
    static final class Table {
        final Flow[] buckets;
        final int capacity;
        int size, evictions, collisions;
        Table(int nb, int cap) { buckets = new Flow[nb]; capacity = cap; }
        Flow lookup(FlowKey k, long now) {
            int b = k.hash() & (buckets.length - 1);
            for (Flow f = buckets[b]; f != null; f = f.next) {
                if (f.key.same(k)) return f;
                collisions++;
            }
            if (size >= capacity) evictOldest(now);
            Flow f = new Flow(k);
            f.next = buckets[b];
            buckets[b] = f;
            size++;
            return f;
        }
        void evictOldest(long now) {
            // remove every flow idle for more than 500 ticks, or the oldest one if none
            int removed = 0;
            Flow oldest = null;
            for (int b = 0; b < buckets.length; b++) {
                Flow prev = null;
                for (Flow f = buckets[b]; f != null; f = f.next) {
                    if (now - f.lastSeen > 500) {
                        if (prev == null) buckets[b] = f.next; else prev.next = f.next;
                        removed++;
                    } else {
                        if (oldest == null || f.lastSeen < oldest.lastSeen) oldest = f;
                        prev = f;
                    }
                }
            }
            if (removed == 0 && oldest != null) {
                int b = oldest.key.hash() & (buckets.length - 1);
                Flow prev = null;
                for (Flow f = buckets[b]; f != null; prev = f, f = f.next) {
                    if (f == oldest) { if (prev == null) buckets[b] = f.next; else prev.next = f.next; removed = 1; break; }
                }
            }
            size -= removed;
            evictions += removed;
        }
    }
    public static void main(String[] args) {
        Table t = new Table(1024, 2000);
        long x = 0x2545F4914F6CDD1DL;
        long totalBytes = 0;
        for (long tick = 0; tick < 300000; tick++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17;
            int flowId = (int) ((x >>> 40) % (tick < 150000 ? 1500 : 3000));
            int src = 0x0A000000 | flowId, dst = 0xC0A80001 + (flowId % 17);
            int sport = 1024 + flowId % 50000, dport = (flowId % 3 == 0) ? 80 : 443;
            int proto = flowId % 11 == 0 ? 17 : 6;
            int len = 40 + (int) ((x >>> 20) % 1460);
            Flow f = t.lookup(new FlowKey(src, dst, sport, dport, proto), tick);
            f.packets++;
            f.bytes += len;
            f.lastSeen = tick;
            totalBytes += len;
        }
        long pk = 0, by = 0, maxPk = 0;
        for (Flow head : t.buckets) for (Flow f = head; f != null; f = f.next) { pk += f.packets; by += f.bytes; if (f.packets > maxPk) maxPk = f.packets; }
        System.out.println("flows " + t.size + " evictions " + t.evictions + " collisions " + t.collisions);
        System.out.println("resident packets " + pk + " bytes " + by + " max " + maxPk + " total bytes " + totalBytes);
    }
}
