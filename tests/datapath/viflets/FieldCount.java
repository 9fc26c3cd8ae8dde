// A field-only handler (tests/datapath/fuse_cases.sh, prog): straight-line
// updates of its own int and long fields from constants and its packet's
// length() and timestamp(), then super.enqueue.  A fused path runs it as
// a program with the default FIFO's pair in C instead of calling it
// (src/jit/fuse_prog.c); FieldShow, above it in the same VM, writes the
// fields into the packets it passes, so every value is seen in the output.
import vif.*;

public class FieldCount extends VIFlet {
    static FieldCount last;
    long packets, bytes, mix, stamp;
    int small, low, neg;

    public FieldCount() {
        last = this;
    }

    public void enqueue(Packet p) {
        packets++;
        bytes += p.length();
        int n = p.length();
        small = small * 31 + (n ^ 0x5a) - 3 + 100000;
        long ts = p.timestamp();
        mix = (mix ^ ts) * 1000003L + (long) n - (packets & 7L) + -mix;
        low = (int) ts & 32767 | n;
        neg = -neg + n * 7;
        stamp = ts - 1;
        packets += 2;
        packets -= 2;
        super.enqueue(p);
    }
}
