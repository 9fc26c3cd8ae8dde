import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Per-flow counters kept the ordinary way, in maps keyed by boxed ints and
 * longs: get / put / getOrDefault / containsKey, a work queue of boxed flow
 * ids, identity of cached and uncached boxes, a null key, keys whose hashes
 * collide, a HashMap subclass that overrides get, and a key class of its own.
 */
public class BoxedFlowTable {
    static final class AuditMap<K, V> extends HashMap<K, V> {
        long lookups;
        @Override
        public V get(Object key) {
            lookups++;
            return super.get(key);
        }
    }

    static final class Tuple {
        final int src, dst;
        Tuple(int src, int dst) { this.src = src; this.dst = dst; }
        @Override public boolean equals(Object o) {
            if (!(o instanceof Tuple)) return false;
            Tuple t = (Tuple) o;
            return t.src == src && t.dst == dst;
        }
        @Override public int hashCode() { return src * 31 + (dst & 3); }   // many collisions
    }

    private final Map<Integer, int[]> packetsByPort = new HashMap<>();
    private final Map<Long, Long> bytesByFlow = new HashMap<>();
    private final Map<Integer, Integer> hits;
    private final Map<Object, Long> mixed = new HashMap<>();
    private final Deque<Integer> pending = new ArrayDeque<>();

    BoxedFlowTable(Map<Integer, Integer> hits) { this.hits = hits; }

    void packet(int port, long flow, int len) {
        int[] c = packetsByPort.get(port);
        if (c == null) {
            c = new int[2];
            packetsByPort.put(port, c);
        }
        c[0]++;
        c[1] += len;
        Long old = bytesByFlow.get(flow);
        bytesByFlow.put(flow, old == null ? len : old + len);
        Integer h = hits.get(port & 255);
        hits.put(port & 255, h == null ? 1 : h + 1);
        if (hits.getOrDefault(port & 127, 0) > 1000000) pending.clear();
        if ((len & 15) == 0) pending.addLast(port);
    }

    long drain() {
        long s = 0;
        Integer p;
        while ((p = pending.pollFirst()) != null) {
            int[] c = packetsByPort.get(p);
            s += c == null ? -1 : c[0];
            if (packetsByPort.containsKey(p + 1)) s++;
        }
        return s;
    }

    long mixedKeys(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            Object k;
            switch (i % 4) {
                case 0: k = Integer.valueOf(i % 37); break;
                case 1: k = Long.valueOf(i % 37); break;          // equal value, other class: another key
                case 2: k = new Tuple(i % 11, i % 7); break;
                default: k = (i % 9 == 0) ? null : "k" + (i % 13); break;
            }
            Long old = mixed.get(k);
            mixed.put(k, old == null ? 1 : old + 1);
            if (mixed.containsKey(k)) s += k == null ? 7 : k.hashCode() & 15;
        }
        return s + mixed.size();
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 30000;
        AuditMap<Integer, Integer> audit = new AuditMap<>();
        BoxedFlowTable plain = new BoxedFlowTable(new HashMap<>());
        BoxedFlowTable audited = new BoxedFlowTable(audit);
        int seed = 7;
        long drained = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            int r = seed >>> 4;
            int port = (r & 3) == 0 ? (r >>> 2) % 3000 - 200 : (r >>> 2) % 40 - 20;
            long flow = ((long) port << 32) ^ ((r & 7) * 0x100000001L);   // hashes collide in runs
            int len = 40 + r % 1460;
            (i % 5 == 0 ? audited : plain).packet(port, flow, len);
            if (i % 1000 == 999) drained += plain.drain() + audited.drain();
        }
        long sum = 0;
        for (Map.Entry<Long, Long> e : plain.bytesByFlow.entrySet()) sum += e.getKey() * 3 + e.getValue();
        for (Iterator<Map.Entry<Integer, int[]>> it = plain.packetsByPort.entrySet().iterator(); it.hasNext();) {
            Map.Entry<Integer, int[]> e = it.next();
            if (e.getValue()[0] < 3) it.remove();
        }
        System.out.println("ports " + plain.packetsByPort.size() + " flows " + plain.bytesByFlow.size()
                           + " sum " + sum + " drained " + drained + " lookups " + audit.lookups);
        System.out.println("mixed " + plain.mixedKeys(n / 3) + " " + plain.mixed.get(null) + " "
                           + plain.mixed.get(5) + " " + plain.mixed.get(5L) + " " + plain.mixed.get(new Tuple(3, 3)));
        Integer a = 100, b = 100, c = 1000, d = 1000;
        Long x = 127L, y = 127L, z = 128L, w = 128L;
        System.out.println("boxes " + (a == b) + " " + (c == d) + " " + c.equals(d) + " " + (x == y) + " "
                           + (z == w) + " " + z.equals(w) + " " + a.equals(100L) + " " + x.equals(127));
        Map<Integer, String> idm = new HashMap<>();
        idm.put(c, "c");
        System.out.println("id " + idm.get(d) + " " + idm.get(1000) + " " + (idm.keySet().iterator().next() == c));
    }
}
