// Copied from ../shared/examples (the paper, Figure 2) so the kernel tests do not need ../shared at run time.
// The priority-queue VIFlet of the paper (Figure 2), as printed there, with only the import added.
// The seed's transcription lost some characters ("length ;" is length++, "i 0; i NCLASS; i" is
// i = 0; i < NCLASS; i++); this is the code as the figure shows it.
import vif.*;

public class PriQ_VIFlet extends VIFlet {
    private static final int NCLASS = 4;
    private Queue[] queue;
    private PacketClassifier pc = new SimplePacketClassifier();

    PriQ_VIFlet() {
        System.out.println("Initializing.");
        queue = new Queue[NCLASS];
        for (int i = 0; i < NCLASS; i++)
            queue[i] = new Queue();
    }

    public void enqueue(Packet p) {
        int type = pc.classify(p);
        length++;
        queue[type % NCLASS].enqueue(p);
    }

    public Packet dequeue() {
        for (int i = 0; i < NCLASS; i++)
            if (queue[i].isEmpty() != true) {
                length--;
                return queue[i].dequeue();
            }
        return null;
    }
}
