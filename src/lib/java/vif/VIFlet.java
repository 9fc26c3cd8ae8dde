/*
 * VIFlet.java - the base class of every VIFlet: packet-processing code a user
 * drops onto a virtual interface (VIF).
 *
 * The datapath calls enqueue(p) when a packet arrives at the VIF and
 * dequeue() when the next stage (the parent VIF, or the output link at the
 * root) can take a packet.  dequeue() returns null when nothing is ready;
 * a VIFlet that will have something later (a shaper) calls wakeAt(t) before
 * returning null, and the datapath calls dequeue() again at time t on the
 * datapath clock (System.nanoTime() inside a VIFlet reads that clock too).
 *
 * Packet ownership is strict: a packet passed to enqueue belongs to this
 * VIFlet until it is returned by dequeue; a packet it does not keep is
 * counted as dropped; a packet it returned can no longer be read or
 * written (IllegalStateException).  The default implementation is a FIFO.
 */
package vif;

/**
 * The base class of every VIFlet: packet-processing code a user drops onto
 * a virtual interface (VIF).
 *
 * <h2>How the datapath calls it</h2>
 * The datapath constructs the VIFlet once, with its no-argument constructor
 * (any access; what it prints goes to the VIF's log), then calls
 * {@link #enqueue} when a packet arrives at the VIF and {@link #dequeue}
 * whenever the next stage (the parent VIF, or the output link at the root)
 * can take a packet: after each {@code enqueue}, until {@code dequeue}
 * returns null, and whenever the link is free.  Both run one at a time,
 * never concurrently.  The default implementation is a FIFO.
 *
 * <h2>Ownership</h2>
 * A packet passed to {@code enqueue} belongs to this VIFlet until it
 * returns it from {@code dequeue}.  Meanwhile it may keep it anywhere
 * (fields, arrays, {@link Queue}s) and read and rewrite it.  A packet it
 * does not keep (no field references it any more) is counted as dropped by
 * the handler: to drop a packet, just do not keep it.  A packet it has
 * returned can no longer be read or written (every {@link Packet} method
 * throws {@link IllegalStateException}).  Returning a packet twice, or one
 * it never received, aborts the VIFlet.  The datapath also limits how many
 * packets a VIFlet may hold (its quota) and tail-drops beyond it.
 *
 * <h2>Time</h2>
 * {@link System#nanoTime()} inside a VIFlet, {@link Packet#timestamp()} and
 * {@link #wakeAt} share one clock, the datapath's (the capture's time when
 * vifd replays a capture).  A VIFlet that will have a packet ready later (a
 * shaper) calls {@code wakeAt(t)} before returning null from
 * {@code dequeue}, and is called again at {@code t}.
 *
 * <h2>Failures</h2>
 * An uncaught exception, an exhausted instruction budget (a loop that runs
 * too long), a stack overflow or {@code System.exit} aborts this VIFlet
 * alone: the datapath logs why, detaches it and applies the VIF's policy
 * (pass or drop) to the packets it held and to later traffic.
 */
public abstract class VIFlet {
    /** The number of packets this VIFlet holds.  The default FIFO keeps it
     * up to date; a subclass that overrides {@link #enqueue} and
     * {@link #dequeue} keeps it itself ({@code length++} on enqueue,
     * {@code length--} on dequeue). */
    protected int length;

    /* The default FIFO: a ring of packets, created on first use (so
     * subclasses that override both handlers pay nothing), kept here
     * rather than in a Queue to save a call per packet.  When a VIFlet
     * does not override dequeue(), the datapath does what this dequeue()
     * does itself, on these fields (src/datapath/dp_engine.c,
     * default_dequeue): keep the two in step. */
    private Packet[] fifo;
    private int fifoHead;
    private int fifoCount;

    /* Read and reset by the datapath after each dequeue() call:
     * Long.MIN_VALUE = no wake-up requested. */
    private long wakeTime = Long.MIN_VALUE;

    /** For subclasses: an empty VIFlet (the default FIFO holds nothing). */
    protected VIFlet() {
    }

    /**
     * Called when packet {@code p} arrives at this VIF.  The packet now
     * belongs to this VIFlet: keep it to hand it on later from
     * {@link #dequeue}, or let it go to drop it.  Default: appends it to
     * the FIFO ({@code super.enqueue(p)} from a subclass keeps a packet in
     * that FIFO).
     *
     * @param p the packet, never null when called by the datapath
     * @throws NullPointerException if {@code p} is null (default FIFO)
     */
    public void enqueue(Packet p) {
        // (written for the JIT's inliner: two locals, no call on the
        // common path; src/jit/jit_inline.c, bench/README.md "f5")
        Packet[] f = fifo;
        int n = fifoCount;
        if (p == null || f == null || n == f.length) f = room(p);
        n += fifoHead - f.length;           // the tail's index, minus f.length
        f[n < 0 ? n + f.length : n] = p;
        fifoCount++;
        length++;
    }

    /* enqueue's rare path: the null check, else a ring with room */
    private Packet[] room(Packet p) {
        if (p == null) throw new NullPointerException("packet is null");
        return growFifo();
    }

    /**
     * Called when the next stage can take a packet.  Returns the packet to
     * hand on, which this VIFlet no longer owns afterwards, or null when
     * none is ready now (call {@link #wakeAt} first to be called again
     * later).  Default: the oldest packet of the FIFO.
     *
     * @return a packet this VIFlet owns, or null
     */
    public Packet dequeue() {
        int n = fifoCount;
        if (n == 0) return null;
        Packet[] f = fifo;
        int h = fifoHead;
        Packet p = f[h];
        // cleared: a subclass calling super.dequeue() may let the packet
        // go, and then it must be unreachable (counted as dropped)
        f[h] = null;
        h++;
        if (h == f.length) h = 0;
        fifoHead = h;
        fifoCount = n - 1;
        length--;
        return p;
    }

    private Packet[] growFifo() {
        Packet[] f = fifo;
        if (f == null) return fifo = new Packet[16];
        Packet[] g = new Packet[f.length * 2];
        for (int i = 0; i < fifoCount; i++) {
            int j = fifoHead + i;
            if (j >= f.length) j -= f.length;
            g[i] = f[j];
        }
        fifoHead = 0;
        return fifo = g;
    }

    /**
     * Asks for a {@link #dequeue} call at time {@code nanos}.  Call it from
     * {@code dequeue} before returning null, when a packet will be ready
     * later (a shaper waiting for tokens):
     * <pre>{@code
     * long now = System.nanoTime();
     * if (tokens < need) {
     *     wakeAt(now + (need - tokens) * 1000000000L / rateBytesPerSecond);
     *     return null;
     * }
     * }</pre>
     * The time is on the datapath clock (the time base of
     * {@link Packet#timestamp()} and {@link System#nanoTime()}); a time not
     * after now means the next nanosecond.  Within one {@code dequeue} call
     * the last {@code wakeAt} counts; it replaces any wake-up still pending
     * (one per VIF), and a later {@code dequeue} call that asks for none
     * does not cancel it (the extra call may simply return null).  A call
     * from {@code enqueue} has no effect.  Packets arriving meanwhile still
     * cause {@code dequeue} calls.  A VIF whose wake-ups keep handing on
     * nothing (100000 in a row) has its timers suspended until it hands on
     * a packet again.
     *
     * @param nanos the time of the wanted call, in nanoseconds
     */
    protected final void wakeAt(long nanos) {
        wakeTime = nanos;
    }
}
