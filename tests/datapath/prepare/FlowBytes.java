import vif.*;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/** Bytes per IP protocol in a map; a FIFO of its own (prepare.sh: the
 *  class library's methods it calls are compiled at load, not on its
 *  first packet, which it marks in its log). */
public class FlowBytes extends VIFlet {
    private final Map<Integer, Long> bytes = new HashMap<>();
    private final ArrayDeque<Packet> queue = new ArrayDeque<>();
    private long packets;

    public void enqueue(Packet p) {
        if (packets++ == 0) System.out.println("first packet");
        int proto = p.length() > 23 ? p.getUnsignedByte(23) : -1;
        bytes.merge(proto, (long) p.length(), Long::sum);
        queue.add(p);
    }

    public Packet dequeue() {
        Packet p = queue.poll();
        if (p == null && packets % 50 == 0) {
            StringBuilder sb = new StringBuilder("protocols:");
            for (Map.Entry<Integer, Long> e : bytes.entrySet()) sb.append(' ').append(e.getKey()).append('=').append(e.getValue());
            System.out.println(sb);
        }
        return p;
    }
}
