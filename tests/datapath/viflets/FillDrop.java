// On its first packet fills its VM's heap (arrays kept in a chain, each
// size halved when the heap refuses it, down to 16 bytes), and drops
// every packet it is given (keeps none).  tests/datapath/operator.sh,
// heap/full-drops-freed: with the heap full, the Packets the handlers
// dropped must be found (an audit) before a new packet's allocation is
// given up as a quota drop.
import vif.*;

public class FillDrop extends VIFlet {
    private Object[] chain;
    private boolean filled;

    public void enqueue(Packet p) {
        if (filled) return;
        filled = true;
        int size = 1 << 16;
        while (size >= 16) {
            try {
                Object[] n = new Object[2];
                n[0] = new byte[size];
                n[1] = chain;
                chain = n;
            } catch (OutOfMemoryError e) {
                size /= 2;
            }
        }
    }
}
