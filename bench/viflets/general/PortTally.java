// A per-port packet tally kept in a HashMap (destination port -> count),
// with the bytes summed too; every packet is passed on.  Ordinary Java: a
// boxed map, not a field-only handler, so fusion calls its enqueue.
import java.util.HashMap;
import vif.*;

public class PortTally extends VIFlet {
    private final HashMap<Integer, Integer> perPort = new HashMap<>();
    private long bytes;

    public void enqueue(Packet p) {
        int port = p.dstPort();
        Integer c = perPort.get(port);
        perPort.put(port, c == null ? 1 : c + 1);
        bytes += p.length();
        super.enqueue(p);
    }
}
