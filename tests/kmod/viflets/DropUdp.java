// A drop filter: UDP packets and packets to port 22 are dropped (not kept);
// everything else goes on in FIFO order.
import vif.*;

public class DropUdp extends VIFlet {
    private final Queue q = new Queue();

    public void enqueue(Packet p) {
        if (p.ipProtocol() == 17 || p.dstPort() == 22) return; // dropped: not kept
        q.enqueue(p);
    }

    public Packet dequeue() {
        return q.dequeue();
    }
}
