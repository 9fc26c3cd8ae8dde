import java.util.ArrayDeque;
import java.util.HashMap;

/** Source NAT for UDP flows: a HashMap from the inside 5-tuple key to a
 *  mapping, a free-port pool in an ArrayDeque, idle mappings expired in
 *  arrival order.  Usage: NatTable [packets] */
public class NatTable {
    static final class Mapping {
        final long key;
        final int outsidePort;
        long lastSeen;
        long queuedAt;
        long packets;
        long bytes;

        Mapping(long key, int outsidePort, long now) {
            this.key = key;
            this.outsidePort = outsidePort;
            this.lastSeen = now;
            this.queuedAt = now;
        }
    }

    private final HashMap<Long, Mapping> byKey = new HashMap<>();
    private final ArrayDeque<Mapping> byAge = new ArrayDeque<>();
    private final ArrayDeque<Integer> freePorts = new ArrayDeque<>();
    private final long idleTimeout;
    private long created;
    private long expired;
    private long refused;

    NatTable(int firstPort, int ports, long idleTimeout) {
        for (int p = firstPort; p < firstPort + ports; p++) {
            freePorts.addLast(p);
        }
        this.idleTimeout = idleTimeout;
    }

    static long key(int srcIp, int srcPort, int dstIp, int dstPort) {
        long k = ((long) srcIp << 32) ^ (dstIp & 0xffffffffL);
        return k * 31 + ((long) srcPort << 16 | dstPort);
    }

    /** Returns the outside port for the packet, or -1 when no port is free. */
    int translate(int srcIp, int srcPort, int dstIp, int dstPort, int length, long now) {
        long k = key(srcIp, srcPort, dstIp, dstPort);
        Mapping m = byKey.get(k);
        if (m == null) {
            expire(now);
            Integer port = freePorts.pollFirst();
            if (port == null) {
                refused++;
                return -1;
            }
            m = new Mapping(k, port, now);
            byKey.put(k, m);
            byAge.addLast(m);
            created++;
        }
        m.lastSeen = now;
        m.packets++;
        m.bytes += length;
        return m.outsidePort;
    }

    private void expire(long now) {
        while (!byAge.isEmpty()) {
            Mapping oldest = byAge.peekFirst();
            if (now - oldest.queuedAt < idleTimeout) {
                break;   // the queue is in the order of queuedAt
            }
            byAge.pollFirst();
            if (now - oldest.lastSeen >= idleTimeout) {
                byKey.remove(oldest.key);
                freePorts.addLast(oldest.outsidePort);
                expired++;
            } else {
                oldest.queuedAt = now;   // still in use: look again later
                byAge.addLast(oldest);
            }
        }
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200000;
        NatTable nat = new NatTable(20000, 16384, 20000);
        long seed = 12345;
        long portSum = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int r = (int) (seed >>> 33);
            int host = (r & 0x7fffffff) % (i < n / 2 ? 2000 : 3000);
            int srcIp = 0x0a000000 | host;
            int srcPort = 1024 + ((r >>> 12) & 3);
            int dstIp = 0x08080800 | (r & 3);
            int port = nat.translate(srcIp, srcPort, dstIp, 53, 60 + (r & 511), i);
            portSum += port;
        }
        System.out.println("created " + nat.created + " expired " + nat.expired + " refused " + nat.refused
                + " live " + nat.byKey.size() + " portsum " + portSum);
    }
}
