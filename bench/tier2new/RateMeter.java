import java.util.HashMap;
import java.util.Map;

/**
 * Per-flow rate meter: for each flow (a 5-tuple hashed to an int key) keep
 * an exponentially weighted moving average of its bit rate and packet
 * rate in a long[] of state, and count the packets of flows over a
 * threshold.  Packets are parsed from raw Ethernet/IPv4 frames in a byte
 * buffer.  Written as an ordinary monitoring tool would be (t23's check,
 * not tuned on).  Usage: RateMeter [packets]
 */
public class RateMeter {
    // state slots of a flow
    private static final int LAST_NS = 0;
    private static final int RATE_BPS = 1;   // fixed point, bits/s << 8
    private static final int RATE_PPS = 2;   // packets/s << 8
    private static final int PACKETS = 3;
    private static final int BYTES = 4;
    private static final int OVER = 5;

    private static final int FRAME = 128;
    private static final long LIMIT_BPS = 20_000_000L << 8;

    private final Map<Integer, long[]> flows = new HashMap<>();
    private long heavyPackets;
    private long badFrames;

    /** returns the flow key of the frame at off, or 0 if it is not IPv4 TCP/UDP */
    static int flowKey(byte[] buf, int off) {
        int type = ((buf[off + 12] & 0xff) << 8) | (buf[off + 13] & 0xff);
        if (type != 0x0800) {
            return 0;
        }
        int ip = off + 14;
        int ihl = (buf[ip] & 0x0f) << 2;
        int proto = buf[ip + 9] & 0xff;
        if (proto != 6 && proto != 17) {
            return 0;
        }
        int src = ((buf[ip + 12] & 0xff) << 24) | ((buf[ip + 13] & 0xff) << 16)
                | ((buf[ip + 14] & 0xff) << 8) | (buf[ip + 15] & 0xff);
        int dst = ((buf[ip + 16] & 0xff) << 24) | ((buf[ip + 17] & 0xff) << 16)
                | ((buf[ip + 18] & 0xff) << 8) | (buf[ip + 19] & 0xff);
        int l4 = ip + ihl;
        int ports = ((buf[l4] & 0xff) << 24) | ((buf[l4 + 1] & 0xff) << 16)
                | ((buf[l4 + 2] & 0xff) << 8) | (buf[l4 + 3] & 0xff);
        int h = src * 31 + dst;
        h = h * 31 + ports;
        h = h * 31 + proto;
        return h == 0 ? 1 : h;
    }

    void update(int key, int len, long nowNs) {
        long[] st = flows.get(key);
        if (st == null) {
            st = new long[6];
            st[LAST_NS] = nowNs;
            flows.put(key, st);
        }
        long dt = nowNs - st[LAST_NS];
        if (dt > 0) {
            // instantaneous rates of this packet, then EWMA with weight 1/8
            long bps = ((long) len * 8 * 1_000_000_000L / dt) << 8;
            long pps = (1_000_000_000L << 8) / dt;
            st[RATE_BPS] += (bps - st[RATE_BPS]) >> 3;
            st[RATE_PPS] += (pps - st[RATE_PPS]) >> 3;
            st[LAST_NS] = nowNs;
        }
        st[PACKETS]++;
        st[BYTES] += len;
        if (st[RATE_BPS] > LIMIT_BPS) {
            st[OVER]++;
            heavyPackets++;
        }
    }

    void process(byte[] frames, int count, int total) {
        long now = 1_000_000L;
        for (int i = 0; i < total; i++) {
            int off = (i % count) * FRAME;
            now += 200 + (i & 63) * 10;
            int key = flowKey(frames, off);
            if (key == 0) {
                badFrames++;
                continue;
            }
            int len = 64 + (frames[off + 100] & 0x3ff % 1400);
            update(key, len, now);
        }
    }

    static byte[] makeFrames(int count, int flowsWanted) {
        byte[] b = new byte[count * FRAME];
        long seed = 42;
        for (int i = 0; i < count; i++) {
            int o = i * FRAME;
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int f = (int) ((seed >>> 33) % flowsWanted);
            b[o + 12] = 0x08;
            b[o + 13] = (byte) (i % 17 == 0 ? 0x06 : 0x00);
            int ip = o + 14;
            b[ip] = 0x45;
            b[ip + 9] = (byte) (f % 5 == 0 ? 17 : f % 11 == 0 ? 1 : 6);
            b[ip + 12] = 10;
            b[ip + 13] = (byte) (f >> 8);
            b[ip + 14] = (byte) f;
            b[ip + 15] = 1;
            b[ip + 16] = (byte) 192;
            b[ip + 17] = (byte) 168;
            b[ip + 18] = (byte) (f * 7);
            b[ip + 19] = 2;
            b[ip + 20] = (byte) (f * 13);
            b[ip + 21] = (byte) f;
            b[ip + 22] = 0;
            b[ip + 23] = 80;
            b[o + 100] = (byte) (seed >>> 20);
        }
        return b;
    }

    public static void main(String[] args) {
        int total = args.length > 0 ? Integer.parseInt(args[0]) : 100000;
        byte[] frames = makeFrames(2048, 500);
        RateMeter m = new RateMeter();
        m.process(frames, 2048, total);
        long sum = 0;
        long packets = 0;
        for (Map.Entry<Integer, long[]> e : m.flows.entrySet()) {
            long[] st = e.getValue();
            sum += e.getKey() * 17L + st[RATE_BPS] / 1000 + st[RATE_PPS] + st[OVER] * 3 + st[BYTES];
            packets += st[PACKETS];
        }
        System.out.println("flows " + m.flows.size() + " packets " + packets + " heavy " + m.heavyPackets
                + " bad " + m.badFrames + " sum " + sum);
    }
}
