// A chain stage (bench/datapath.sh, chains): counts packets and bytes,
// relays every packet through the default FIFO.
import vif.*;

public class ChainCount extends VIFlet {
    long packets, bytes;

    public void enqueue(Packet p) {
        packets++;
        bytes += p.length();
        super.enqueue(p);
    }
}
