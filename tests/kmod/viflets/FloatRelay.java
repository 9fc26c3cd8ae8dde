// FloatRelay: the default FIFO, plus an exponentially weighted average of
// the frame length in double arithmetic, logged every 50 packets with the
// count of packets without an arrival time (tests/kmod/qdisc.sh: a VIFlet
// whose VM holds floating-point code runs its packet path inside
// kernel_fpu sections, Relay's without; one that calls timestamp() gets
// the arrival time, Relay's packets go without the clock read).
import vif.*;

public class FloatRelay extends VIFlet {
    private double avg;
    private int n, untimed;

    public void enqueue(Packet p) {
        avg = avg * 0.875 + p.length() * 0.125;
        if (p.timestamp() <= 0)
            untimed++;
        if (++n % 50 == 0)
            System.out.println("avg " + (long) (avg * 100) + " untimed " + untimed);
        super.enqueue(p);
    }
}
