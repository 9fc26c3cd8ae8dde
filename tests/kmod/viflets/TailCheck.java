// A relay that reads a byte past the first 64 of a packet (tests/kmod/
// qdisc_smoke.sh, pbench-tail): a packet longer than 70 bytes whose byte
// 70 is not 0x5a is dropped.  It names Packet.getUnsignedByte, so the
// module must copy its packets whole (src/kmod/vifvm_viflet.c,
// kvl_pkt_readers); a prefix copy would leave byte 70 zero or stale.
import vif.*;

public class TailCheck extends VIFlet {
    private final Queue q = new Queue();

    public void enqueue(Packet p) {
        if (p.length() > 70 && p.getUnsignedByte(70) != 0x5a) return;
        q.enqueue(p);
    }

    public Packet dequeue() {
        return q.dequeue();
    }
}
