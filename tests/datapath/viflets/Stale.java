// Keeps every packet it handed on and, at the next arrival, calls every
// Packet method on it (and the library classifier): each must throw
// IllegalStateException, never read or write the bytes of whatever packet
// the datapath handed out since.  Relays through the default FIFO (so the
// root's packets leave straight from their byte[]).
import vif.*;

public class Stale extends VIFlet {
    private Packet last;
    private final PacketClassifier pc = new SimplePacketClassifier();
    private int refused, allowed, rounds;

    private void expect(int what) {
        // 'what' selects the call; each must throw
        try {
            switch (what) {
                case 0: last.length(); break;
                case 1: last.timestamp(); break;
                case 2: last.get(0); break;
                case 3: last.getUnsignedByte(0); break;
                case 4: last.getShort(0); break;
                case 5: last.getUnsignedShort(0); break;
                case 6: last.getInt(0); break;
                case 7: last.getLong(0); break;
                case 8: last.put(0, (byte) 1); break;
                case 9: last.putShort(0, (short) 1); break;
                case 10: last.putInt(0, 1); break;
                case 11: last.putLong(0, 1L); break;
                case 12: last.etherType(); break;
                case 13: last.ipVersion(); break;
                case 14: last.ipProtocol(); break;
                case 15: last.ipSrc(); break;
                case 16: last.ipDst(); break;
                case 17: last.dscp(); break;
                case 18: last.srcPort(); break;
                case 19: last.dstPort(); break;
                case 20: last.tcpFlags(); break;
                case 21: pc.classify(last); break;
                case 22: last.get(-1); break;      // not owned wins over out of range
                default: last.getInt(1 << 20); break;
            }
            allowed++;
            System.out.println("call " + what + " on a handed-on packet did not throw");
        } catch (IllegalStateException e) {
            refused++;
        }
    }

    public void enqueue(Packet p) {
        if (last != null) {
            for (int i = 0; i <= 23; i++) expect(i);
            rounds++;
        }
        super.enqueue(p);
    }

    public Packet dequeue() {
        Packet p = super.dequeue();
        if (p != null) {
            last = p;
            if (rounds == 150) System.out.println("stale: refused " + refused + ", allowed " + allowed);
        }
        return p;
    }
}
