// A per-flow packet counter in a HashMap: counts packets per
// (source address, destination port), relays every packet, and prints
// the table (sorted) to its log every 50 packets.
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import vif.*;

public class FlowCount extends VIFlet {
    private final HashMap<String, Integer> flows = new HashMap<>();
    private int seen;

    public void enqueue(Packet p) {
        int src = p.ipSrc();
        String key = ((src >>> 24) & 255) + "." + ((src >>> 16) & 255) + "." + ((src >>> 8) & 255)
                     + "." + (src & 255) + ":" + p.dstPort();
        Integer c = flows.get(key);
        flows.put(key, c == null ? 1 : c + 1);
        seen++;
        if (seen % 50 == 0) dump();
        super.enqueue(p);
    }

    private void dump() {
        System.out.println("after " + seen + " packets: " + flows.size() + " flows");
        for (Map.Entry<String, Integer> e : new TreeMap<>(flows).entrySet())
            System.out.println("  " + e.getKey() + " " + e.getValue());
    }
}
