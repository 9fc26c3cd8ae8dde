// A FIFO that classifies its IPv4 packets by rules behind an interface,
// sums stable header fields in a loop, and parses a "tag" that throws for
// every 7th packet (caught here): the kinds of code tier 2 compiles and
// leaves (an athrow goes back to the interpreter).  Every 10th ICMP
// packet it logs a summary.  tests/kmod/qdisc_smoke.sh ("tier2-*") loads
// it with the module parameter tier2=0, 1 and 2 and compares the logs:
// the tier-2 code must behave as the baseline's, compile nothing on the
// packet path (path_compiled=0) and leave to the interpreter (tier2_exits).
import java.util.ArrayDeque;
import vif.*;

public class TierMix extends VIFlet {
    interface Rule {
        int score(Packet p);
    }

    static final class ProtoRule implements Rule {
        private final int proto, weight;
        ProtoRule(int proto, int weight) { this.proto = proto; this.weight = weight; }
        public int score(Packet p) { return p.ipProtocol() == proto ? weight : 0; }
    }

    static final class SizeRule implements Rule {
        private final int min, weight;
        SizeRule(int min, int weight) { this.min = min; this.weight = weight; }
        public int score(Packet p) { return p.length() >= min ? weight : 1; }
    }

    private final ArrayDeque<Packet> fifo = new ArrayDeque<>();
    private final Rule[] rules = { new ProtoRule(1, 3), new SizeRule(100, 5), new ProtoRule(17, 7) };
    private final long[] byClass = new long[4];
    private int icmp, caught;
    private long sum;

    private static int tag(int seq) {
        if (seq % 7 == 0) throw new IllegalStateException("tag " + seq);
        return seq * 31 + 1;
    }

    private int classify(Packet p) {
        int s = 0;
        for (Rule r : rules) s += r.score(p);
        switch (s & 3) {
        case 0: return 0;
        case 1: return 1;
        case 2: return 2;
        default: return 3;
        }
    }

    public void enqueue(Packet p) {
        fifo.addLast(p);
        length++;
        if (p.etherType() != 0x0800 || p.ipProtocol() != 1) return;
        icmp++;
        int l4 = p.l4Offset();
        int seq = p.getUnsignedShort(l4 + 6);
        long h = p.length();
        for (int i = 0; i < 4; i++) h = h * 131 + p.getUnsignedByte(16 + i + 14);   // ipDst, byte by byte
        h += p.dscp();
        try {
            h += tag(seq + 1);
        } catch (IllegalStateException e) {
            caught++;
        }
        sum += h;
        byClass[classify(p)]++;
        if (icmp % 10 == 0)
            System.out.println("tiermix " + icmp + ": sum=" + sum + " classes=" + byClass[0] + "/" + byClass[1]
                               + "/" + byClass[2] + "/" + byClass[3] + " caught=" + caught);
    }

    public Packet dequeue() {
        Packet p = fifo.pollFirst();
        if (p != null) length--;
        return p;
    }
}
