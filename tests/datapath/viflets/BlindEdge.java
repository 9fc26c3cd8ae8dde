// A blind stage (tests/datapath/fuse_cases.sh, blind): it sees only each
// packet's length() and timestamp(), so a fused path hands its packets on
// without copying their bytes into its VM.  Every 7th packet is dropped
// and the 250th throws (aborted, policy pass): the fused loop's other
// outcomes, where the bytes must be copied in after all.
import vif.*;

public class BlindEdge extends VIFlet {
    long packets, bytes, time;

    public void enqueue(Packet p) {
        packets++;
        bytes += p.length();
        time ^= p.timestamp();
        if (packets == 250) throw new IllegalStateException("blind edge: packet 250");
        if (packets % 7 == 0) return;   // dropped: not kept
        super.enqueue(p);
    }
}
