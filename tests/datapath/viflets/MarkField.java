// Not a program (tests/datapath/fuse_cases.sh, mark): the code point is a
// field (not known to be within 0 .. 63 when the handler is decoded), so
// its enqueue stays a Java call.
import vif.*;

public class MarkField extends VIFlet {
    int code = 20;

    public void enqueue(Packet p) {
        p.setDscp(code);
        super.enqueue(p);
    }
}
