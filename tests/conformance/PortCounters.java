import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-port packet and byte counters in a HashMap<Integer, Counter>, kept
 * with get / put the ordinary way, over well-known ports (boxes from the
 * Integer cache) and ephemeral ones (fresh boxes).  Around it: ports
 * compared with == (cached and uncached boxes), a port box kept in a
 * field, in an array and passed to a method, a box used as a lock, and
 * enough garbage per packet that the collector runs during the loop.
 */
public class PortCounters {
    static final class Counter {
        long packets, bytes;
        int lastLen;
    }

    private final Map<Integer, Counter> byPort = new HashMap<>();
    private final Map<Integer, Counter> byProto = new HashMap<>();
    private Integer lastPort;                 // a box kept in a field
    private final Integer[] recent = new Integer[8];  // and in an array
    private int recentAt;
    private long sameAsLast, samePortObject;
    private final List<Integer> heavy = new ArrayList<>();

    void count(int port, int proto, int len) {
        Counter c = byPort.get(port);
        if (c == null) {
            c = new Counter();
            byPort.put(port, c);
        }
        c.packets++;
        c.bytes += len;
        c.lastLen = len;
        Counter p = byProto.get(proto);
        if (p == null) {
            p = new Counter();
            byProto.put(proto, p);
        }
        p.packets++;
        p.bytes += len;
    }

    void remember(int port) {
        Integer boxed = port;
        if (lastPort != null && lastPort.equals(boxed)) sameAsLast++;
        if (lastPort == boxed) samePortObject++;   // identity: true only for cached boxes
        lastPort = boxed;
        recent[recentAt++ & 7] = boxed;
        note(boxed);
    }

    private void note(Integer port) {
        if (port.intValue() % 997 == 0 && heavy.size() < 50) heavy.add(port);
    }

    long lockedTotal(int port) {
        Integer key = port;
        synchronized (key) {
            Counter c = byPort.get(key);
            return c == null ? -1 : c.packets;
        }
    }

    static int portOf(int r) {
        if ((r & 3) == 0) return r % 100;             // well-known: Integer cache
        if ((r & 3) == 1) return 1024 + (r % 200);
        return 32768 + (r % 5000);                    // ephemeral
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 60000;
        PortCounters pc = new PortCounters();
        int seed = 7;
        long garbage = 0;
        for (int i = 0; i < n; i++) {
            seed = seed * 1103515245 + 12345;
            int r = (seed >>> 4) & 0x7fffffff;
            int port = portOf(r);
            int proto = (r & 16) == 0 ? 6 : 17;
            int len = 60 + (r % 1400);
            pc.count(port, proto, len);
            pc.remember(port);
            if ((i & 63) == 0) {
                int[] junk = new int[64 + (i & 255)];   // garbage: the collector runs
                junk[0] = i;
                garbage += junk.length;
            }
        }
        long packets = 0, bytes = 0;
        int ports = 0;
        for (Map.Entry<Integer, Counter> e : pc.byPort.entrySet()) {
            packets += e.getValue().packets;
            bytes += e.getValue().bytes;
            ports++;
        }
        System.out.println("ports " + ports + " packets " + packets + " bytes " + bytes);
        System.out.println("tcp " + pc.byProto.get(6).packets + " udp " + pc.byProto.get(17).packets);
        System.out.println("port 80: " + pc.lockedTotal(80) + ", port 33000: " + pc.lockedTotal(33000)
                + ", port 1: " + pc.lockedTotal(1) + ", port 9: " + pc.lockedTotal(99999));
        System.out.println("same as last " + pc.sameAsLast + ", same object " + pc.samePortObject);
        int cachedSame = 0;
        for (int i = 0; i < 8; i++)
            if (pc.recent[i] != null && pc.recent[i] == Integer.valueOf(pc.recent[i].intValue())) cachedSame++;
        System.out.println("recent " + java.util.Arrays.toString(pc.recent) + " identical to valueOf: " + cachedSame);
        System.out.println("heavy " + pc.heavy);
        Integer a = 127, b = 127, c = 128, d = 128;
        System.out.println("127==127 " + (a == b) + ", 128==128 " + (c == d) + ", garbage " + garbage);
    }
}
