// Deficit round robin (Shreedhar and Varghese, SIGCOMM '95) between
// source hosts: each IPv4 source address has its own queue, and backlogged
// queues take turns.  A queue's turn adds QUANTUM bytes to its deficit; it
// sends packets from its head while the head fits in the deficit, then the
// turn passes to the next backlogged queue.  A queue that empties leaves
// the round and forgets its deficit; one that fills up again joins the end
// of the round.  So, whatever their packet sizes, backlogged hosts get
// equal shares of the output link in bytes (within QUANTUM plus one
// packet), and a host sending small packets is not starved by one sending
// large ones.
//
// Each queue holds at most LIMIT packets (later ones are dropped).  Packets
// that are not IPv4, and the sources beyond MAX_FLOWS, share one more
// queue.  Put it at the root VIF with a link rate (vifd --rate), so that
// queues build up:
//
//   javac -cp build/vif-api.jar examples/DRR_VIFlet.java
//   vifd --in pcap:in.pcap --out pcap:out.pcap --rate 10mbit --load pcap=DRR_VIFlet.class
import java.util.HashMap;
import vif.*;

public class DRR_VIFlet extends VIFlet {
    static final int QUANTUM = 1514;   // bytes per turn: one full-size frame
    static final int LIMIT = 128;      // packets per queue
    static final int MAX_FLOWS = 1024;

    private static final class Flow {
        final Queue queue = new Queue();
        int deficit;
        Flow next;          // in the round (the list of backlogged flows)
    }

    private final HashMap<Integer, Flow> flows = new HashMap<Integer, Flow>();
    private final Flow other = new Flow();
    private Flow head, tail;            // the round: head has the turn
    private boolean turnStarted;        // head has had its quantum this turn

    public void enqueue(Packet p) {
        Flow f = flowOf(p);
        if (f.queue.size() >= LIMIT) return;   // dropped: not kept
        if (f.queue.isEmpty()) {
            f.deficit = 0;
            append(f);
        }
        f.queue.enqueue(p);
        length++;
    }

    public Packet dequeue() {
        while (head != null) {
            Flow f = head;
            if (!turnStarted) {
                f.deficit += QUANTUM;
                turnStarted = true;
            }
            Packet p = f.queue.peek();
            if (p.length() <= f.deficit) {
                f.queue.dequeue();
                f.deficit -= p.length();
                if (f.queue.isEmpty()) {       // leaves the round
                    f.deficit = 0;
                    removeHead();
                    turnStarted = false;
                }
                length--;
                return p;
            }
            // the head packet does not fit: the turn passes
            removeHead();
            append(f);
            turnStarted = false;
        }
        return null;
    }

    private Flow flowOf(Packet p) {
        if (p.ipVersion() != 4) return other;
        Integer src = Integer.valueOf(p.ipSrc());
        Flow f = flows.get(src);
        if (f == null) {
            if (flows.size() >= MAX_FLOWS) return other;
            f = new Flow();
            flows.put(src, f);
        }
        return f;
    }

    private void append(Flow f) {
        f.next = null;
        if (tail == null) head = f;
        else tail.next = f;
        tail = f;
    }

    private void removeHead() {
        Flow f = head;
        head = f.next;
        if (head == null) tail = null;
        f.next = null;
    }
}
