// The paper's priority queue written with lambdas (invokedynamic,
// LambdaMetafactory): a java.util.PriorityQueue ordered by a lambda
// comparator (class from SimplePacketClassifier, then arrival order: the
// same strict-priority, FIFO-within-class order as PriQ_VIFlet), and a
// flow table kept with computeIfAbsent, printed like FlowCount's every 50
// packets (sorted, with Map.forEach and a lambda).  tests/datapath/lambda.sh
// checks both against models.
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import vif.*;

public class LambdaPriQ extends VIFlet {
    private static final class Entry {
        final Packet p;
        final int klass;
        final long seq;

        Entry(Packet p, int klass, long seq) {
            this.p = p;
            this.klass = klass;
            this.seq = seq;
        }
    }

    private final PacketClassifier pc = new SimplePacketClassifier();
    private final PriorityQueue<Entry> queue = new PriorityQueue<>(
        (a, b) -> a.klass != b.klass ? Integer.compare(a.klass, b.klass) : Long.compare(a.seq, b.seq));
    private final Map<String, int[]> flows = new HashMap<>();
    private long seq;
    private int seen;

    public void enqueue(Packet p) {
        int src = p.ipSrc();
        String key = ((src >>> 24) & 255) + "." + ((src >>> 16) & 255) + "." + ((src >>> 8) & 255)
                     + "." + (src & 255) + ":" + p.dstPort();
        flows.computeIfAbsent(key, k -> new int[1])[0]++;
        if (++seen % 50 == 0) dump();
        queue.add(new Entry(p, pc.classify(p), seq++));
        length++;
    }

    public Packet dequeue() {
        Entry e = queue.poll();
        if (e == null) return null;
        length--;
        return e.p;
    }

    private void dump() {
        System.out.println("after " + seen + " packets: " + flows.size() + " flows");
        new TreeMap<>(flows).forEach((k, v) -> System.out.println("  " + k + " " + v[0]));
    }
}
