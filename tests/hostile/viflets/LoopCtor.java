// An endless loop hidden in the constructor: the load fails under the
// VIF's budget (injected: the VIF keeps passing packets straight through).
// mode: inject
// expect-log: load of LoopCtor\.class failed: constructing LoopCtor failed: instruction budget of 1000000 exhausted in LoopCtor\.<init>
// reject-log: CONSTRUCTED
// expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
// expect-dirstats: load_errors=1 loads=0
import vif.*;

public class LoopCtor extends VIFlet {
    private int x;

    public LoopCtor() {
        while (x >= 0) x = (x + 1) & 0xffff;
        System.out.println("CONSTRUCTED");
    }
}
