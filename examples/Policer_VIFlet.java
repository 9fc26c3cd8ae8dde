// A per-source policer: every IPv4 source address gets its own token
// bucket of RATE_BITS bits per second and BURST_BYTES bytes.  A packet
// that finds enough tokens in its source's bucket passes (in arrival
// order, undelayed); one that does not is dropped.  Packets that are not
// IPv4 (IPv6, ARP ...) pass unpoliced.
//
// The buckets are refilled from the packets' arrival times, in
// byte-nanoseconds (bytes * 1e9) so that the arithmetic is exact: a bucket
// gains RATE_BITS / 8 per nanosecond, holds at most BURST_BYTES * 1e9, and
// is full when its source's first packet arrives.  A packet of L bytes
// (its whole frame) takes L * 1e9.  At most MAX_SOURCES sources get a
// bucket of their own; later sources share one (a flood of spoofed
// addresses cannot exhaust the VIFlet's heap).
//
//   javac -cp build/vif-api.jar examples/Policer_VIFlet.java
//   vifd --in pcap:in.pcap --out pcap:out.pcap --load pcap=Policer_VIFlet.class
import java.util.HashMap;
import vif.*;

public class Policer_VIFlet extends VIFlet {
    static final long RATE_BITS = 2000000;   // per source: 2 Mbit/s
    static final long BURST_BYTES = 3000;    // two full-size frames
    static final int MAX_SOURCES = 4096;

    private static final long BYTES_PER_SEC = RATE_BITS / 8;
    private static final long CAP = BURST_BYTES * 1000000000L;
    private static final long FILL_TIME = CAP / BYTES_PER_SEC; // ns from empty to full

    private static final class Bucket {
        long tokens = CAP;   // byte-nanoseconds
        long last;           // time of the last refill, ns

        Bucket(long now) {
            last = now;
        }

        void refill(long now) {
            long dt = now - last;
            last = now;
            if (dt >= FILL_TIME) {
                tokens = CAP;           // also avoids overflowing dt * rate
            } else if (dt > 0) {
                tokens += dt * BYTES_PER_SEC;
                if (tokens > CAP) tokens = CAP;
            }
        }
    }

    private final HashMap<Integer, Bucket> buckets = new HashMap<Integer, Bucket>();
    private Bucket shared;      // for the sources beyond MAX_SOURCES
    private long passed, dropped;

    public Policer_VIFlet() {
        System.out.println("policer: " + RATE_BITS + " bit/s, " + BURST_BYTES + " byte burst per source");
    }

    public void enqueue(Packet p) {
        if (p.ipVersion() != 4) {
            super.enqueue(p);           // not IPv4: not policed
            return;
        }
        long now = p.timestamp();
        Integer src = Integer.valueOf(p.ipSrc());
        Bucket b = buckets.get(src);
        if (b == null) {
            if (buckets.size() < MAX_SOURCES) {
                b = new Bucket(now);
                buckets.put(src, b);
            } else {
                if (shared == null) shared = new Bucket(now);
                b = shared;
            }
        }
        b.refill(now);
        long need = p.length() * 1000000000L;
        if (b.tokens < need) {
            dropped++;                  // not kept: vifd counts it as dropped
            return;
        }
        b.tokens -= need;
        passed++;
        super.enqueue(p);               // the default FIFO hands it on
    }
}
