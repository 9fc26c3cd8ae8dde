// A marker run as a program (tests/datapath/fuse_cases.sh, mark): UDP
// packets AF11 (10), the others AF41 (34), as ChainMark with other codes.
import vif.*;

public class MarkSel extends VIFlet {
    public void enqueue(Packet p) {
        p.setDscp(p.ipProtocol() == 17 ? 10 : 34);
        super.enqueue(p);
    }
}
