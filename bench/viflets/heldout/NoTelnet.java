import vif.*;

/** Blocks telnet and the discard port. */
public class NoTelnet extends VIFlet {
    private int blocked;

    public void enqueue(Packet p) {
        int port = p.dstPort();
        if (port == 23 || port == 9) {
            blocked++;
            return;
        }
        super.enqueue(p);
    }
}
