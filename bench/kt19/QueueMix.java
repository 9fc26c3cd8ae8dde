import java.util.ArrayDeque;

// A priority scheduler over synthetic IPv4 frames, in ordinary style: four
// FIFOs chosen by the DSCP byte, strict priority on dequeue, per-class
// counters.  args[0]: packets.
public class QueueMix {
    static final class Frame {
        final byte[] data;
        Frame(byte[] data) { this.data = data; }
        int dscp() { return (data[15] & 0xff) >>> 2; }
        int length() { return data.length; }
    }

    private final ArrayDeque<Frame>[] queues;
    private final long[] bytes = new long[4];
    private final int[] packets = new int[4];
    private int held;

    @SuppressWarnings("unchecked")
    QueueMix() {
        queues = new ArrayDeque[4];
        for (int i = 0; i < 4; i++) queues[i] = new ArrayDeque<>();
    }

    void enqueue(Frame f) {
        int c = f.dscp() >>> 4;
        queues[c].addLast(f);
        bytes[c] += f.length();
        packets[c]++;
        held++;
    }

    Frame dequeue() {
        for (int c = 3; c >= 0; c--) {
            Frame f = queues[c].pollFirst();
            if (f != null) { held--; return f; }
        }
        return null;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Frame[] frames = new Frame[64];
        for (int i = 0; i < frames.length; i++) {
            byte[] d = new byte[64 + i * 7];
            d[12] = 8; d[14] = 0x45; d[15] = (byte) ((i % 4) * 16 << 2);
            frames[i] = new Frame(d);
        }
        QueueMix q = new QueueMix();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            q.enqueue(frames[i & 63]);
            if ((i & 1) == 1) {
                sum += q.dequeue().length();
                sum += q.dequeue().length();
            }
        }
        System.out.println("sum " + sum + " held " + q.held + " p0 " + q.packets[0] + " b3 " + q.bytes[3]);
    }
}
