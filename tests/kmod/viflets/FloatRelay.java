// FloatRelay: the default FIFO, plus an exponentially weighted average of
// the frame length in double arithmetic, logged every 50 packets
// (tests/kmod/qdisc.sh: a VIFlet whose VM holds floating-point code runs
// its packet path inside kernel_fpu sections; Relay's runs without).
import vif.*;

public class FloatRelay extends VIFlet {
    private double avg;
    private int n;

    public void enqueue(Packet p) {
        avg = avg * 0.875 + p.length() * 0.125;
        if (++n % 50 == 0)
            System.out.println("avg " + (long) (avg * 100));
        super.enqueue(p);
    }
}
