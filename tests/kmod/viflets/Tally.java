// A FIFO that keeps per-destination packet and byte counts in a HashMap
// (boxed keys and values) and logs a summary built with a StringBuilder
// every 16 packets: ordinary library code on the packet path.  The qdisc
// checks (tests/kmod/qdisc_smoke.sh, "path-counts") load it and send
// traffic through it: everything it reaches must have been compiled and
// loaded at its load (/proc/vifvm/.../viflet: path_compiled=0
// path_loaded=0, issue 13).
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import vif.*;

public class Tally extends VIFlet {
    private final ArrayDeque<Packet> fifo = new ArrayDeque<>();
    private final Map<Integer, Long> bytesTo = new HashMap<>();
    private final Map<Integer, Integer> packetsTo = new HashMap<>();
    private int seen;

    public void enqueue(Packet p) {
        Integer dst = p.ipDst();
        bytesTo.merge(dst, (long) p.length(), Long::sum);
        Integer n = packetsTo.get(dst);
        packetsTo.put(dst, n == null ? 1 : n + 1);
        fifo.addLast(p);
        length++;
        if (++seen % 16 == 0) System.out.println(summary());
    }

    public Packet dequeue() {
        Packet p = fifo.pollFirst();
        if (p != null) length--;
        return p;
    }

    private String summary() {
        StringBuilder sb = new StringBuilder("tally ").append(seen).append(':');
        for (Map.Entry<Integer, Integer> e : packetsTo.entrySet()) {
            int a = e.getKey();
            sb.append(' ').append((a >>> 24) & 255).append('.').append((a >>> 16) & 255)
              .append('.').append((a >>> 8) & 255).append('.').append(a & 255)
              .append('=').append(e.getValue()).append('/').append(bytesTo.get(e.getKey()));
        }
        return sb.toString();
    }
}
