// A marker in ordinary style (tests/datapath/fuse_cases.sh, branch):
// if/else setDscp on some ways only (none on the last), counters beside
// them and a getter after the setDscp.
import vif.*;

public class BranchMark extends VIFlet {
    static BranchMark last;
    int ef, be, tail;

    public BranchMark() { last = this; }

    public void enqueue(Packet p) {
        if (p.dstPort() == 53 || p.srcPort() == 53) {
            p.setDscp(46);
            ef++;
        } else if (p.length() > 300) {
            p.setDscp(10);
        } else {
            be++;
        }
        if (p.ipProtocol() == 17) tail += 3;
        super.enqueue(p);
    }
}
