import vif.*;
import java.util.*;

/** Keeps the top source addresses by packet count in a TreeMap and a
 *  PriorityQueue ordered by a comparator; parses a setting string,
 *  catching the library's NumberFormatException. */
public class TopTalkers extends VIFlet {
    private final TreeMap<String, Integer> counts = new TreeMap<>();
    private final PriorityQueue<long[]> byLength = new PriorityQueue<>(Comparator.comparingLong(a -> a[0]));
    private final List<Packet> held = new LinkedList<>();
    private int limit = 16;
    private boolean first = true;

    public void enqueue(Packet p) {
        if (first) {
            first = false;
            System.out.println("first packet");
            try {
                limit = Integer.parseInt("sixteen");
            } catch (NumberFormatException e) {
                System.out.println("default limit: " + e.getMessage());
            }
        }
        String src = p.length() > 29
            ? p.getUnsignedByte(26) + "." + p.getUnsignedByte(27) + "." + p.getUnsignedByte(28) + "." + p.getUnsignedByte(29)
            : "short";
        counts.merge(src, 1, Integer::sum);
        if (counts.size() > limit) counts.pollFirstEntry();
        byLength.add(new long[] { p.length(), counts.get(src) == null ? 0 : counts.get(src) });
        if (byLength.size() > 8) byLength.poll();
        held.add(p);
    }

    public Packet dequeue() {
        return held.isEmpty() ? null : held.remove(0);
    }
}
