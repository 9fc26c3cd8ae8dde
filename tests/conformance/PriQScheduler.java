// A priority-queue packet scheduler in the style of the VEE'08 paper's PriQ VIFlet (self-contained:
// no vif package): packets are classified into 4 classes, enqueued per class, dequeued strictly by priority.
public class PriQScheduler {
    static final class Packet {
        final int id, srcPort, dstPort, proto, length;
        Packet(int id, int srcPort, int dstPort, int proto, int length) {
            this.id = id; this.srcPort = srcPort; this.dstPort = dstPort; this.proto = proto; this.length = length;
        }
    }
    interface PacketClassifier { int classify(Packet p); }
    static final class SimplePacketClassifier implements PacketClassifier {
        public int classify(Packet p) {
            if (p.proto == 1) return 0;                              // ICMP: highest
            if (p.dstPort == 53 || p.srcPort == 53) return 1;        // DNS
            if (p.dstPort == 22 || p.dstPort == 443) return 2;       // interactive / TLS
            return 3;                                                 // bulk
        }
    }
    static final class Queue {
        private Packet[] buf = new Packet[8];
        private int head, tail, size;
        void enqueue(Packet p) {
            if (size == buf.length) {
                Packet[] nb = new Packet[buf.length * 2];
                for (int i = 0; i < size; i++) nb[i] = buf[(head + i) % buf.length];
                buf = nb; head = 0; tail = size;
            }
            buf[tail] = p; tail = (tail + 1) % buf.length; size++;
        }
        Packet dequeue() {
            Packet p = buf[head]; buf[head] = null; head = (head + 1) % buf.length; size--; return p;
        }
        boolean isEmpty() { return size == 0; }
        int size() { return size; }
    }
    static abstract class VIFlet {
        protected int length;
        abstract void enqueue(Packet p);
        abstract Packet dequeue();
    }
    static final class PriQ extends VIFlet {
        private static final int NCLASS = 4;
        private final Queue[] queue;
        private final PacketClassifier pc = new SimplePacketClassifier();
        PriQ() {
            System.out.println("Initializing.");
            queue = new Queue[NCLASS];
            for (int i = 0; i < NCLASS; i++) queue[i] = new Queue();
        }
        void enqueue(Packet p) {
            int type = pc.classify(p);
            length++;
            queue[type % NCLASS].enqueue(p);
        }
        Packet dequeue() {
            for (int i = 0; i < NCLASS; i++)
                if (queue[i].isEmpty() != true) {
                    length--;
                    return queue[i].dequeue();
                }
            return null;
        }
    }
    public static void main(String[] args) {
        PriQ q = new PriQ();
        long seed = 12345;
        int[] ports = {53, 22, 443, 80, 8080, 25, 123};
        long[] perClass = new long[4];
        long bytes = 0, order = 0;
        int id = 0;
        SimplePacketClassifier cls = new SimplePacketClassifier();
        for (int round = 0; round < 2000; round++) {
            int burst = (int) (seed >>> 60) + 1;
            for (int k = 0; k < burst; k++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int proto = (seed >>> 58) % 10 == 0 ? 1 : ((seed >>> 50) % 3 == 0 ? 17 : 6);
                int dport = ports[(int) ((seed >>> 33) % ports.length)];
                int sport = 1024 + (int) ((seed >>> 20) & 0x7FFF);
                int len = 64 + (int) ((seed >>> 8) % 1437);
                q.enqueue(new Packet(id++, sport, dport, proto, len));
            }
            for (int k = 0; k < 3; k++) {
                Packet p = q.dequeue();
                if (p == null) break;
                perClass[cls.classify(p)]++;
                bytes += p.length;
                order = order * 31 + p.id;
            }
        }
        System.out.println("left in queue " + q.length);
        int drained = 0;
        int lastClass = -1;
        boolean monotone = true;
        for (Packet p; (p = q.dequeue()) != null; ) {
            int c = cls.classify(p);
            if (c < lastClass) monotone = false;
            lastClass = c;
            drained++;
        }
        System.out.println("packets " + id + " drained " + drained + " monotone " + monotone + " length " + q.length);
        System.out.println("per class " + perClass[0] + " " + perClass[1] + " " + perClass[2] + " " + perClass[3]);
        System.out.println("bytes " + bytes + " order hash " + order);
    }
}
