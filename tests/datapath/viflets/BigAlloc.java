// Allocates a 2 GiB array on every packet (operator.sh, with --heap 5g):
// the heap takes such arrays from the platform already zeroed (calloc),
// so no call spends seconds zeroing memory it never touches.
import vif.*;

public class BigAlloc extends VIFlet {
    private Object keep;

    public void enqueue(Packet p) {
        keep = new long[1 << 28];
        super.enqueue(p);
    }
}
