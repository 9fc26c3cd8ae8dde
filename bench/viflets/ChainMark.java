// A chain stage (bench/datapath.sh, chains): marks TCP packets DSCP AF31
// (26), others CS1 (8), and relays them through the default FIFO.
import vif.*;

public class ChainMark extends VIFlet {
    public void enqueue(Packet p) {
        p.setDscp(p.ipProtocol() == 6 ? 26 : 8);
        super.enqueue(p);
    }
}
