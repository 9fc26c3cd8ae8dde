// A relay that, on its 200th packet, fills its VM's heap (arrays kept in
// a chain, each size halved when the heap refuses it, down to 16 bytes)
// and keeps it full.  (fuse_run.sh: the heap of a fused run's stage
// filled by another VIFlet of its VM called by the fused loop.)
import vif.*;

public class FillOnce extends VIFlet {
    private Object[] chain;
    private int seen;

    public void enqueue(Packet p) {
        if (++seen == 200) {
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
        super.enqueue(p);
    }
}
