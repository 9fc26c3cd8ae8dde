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

public abstract class VIFlet {
    /** Packets held; maintained by the default FIFO and by subclasses. */
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

    protected VIFlet() {
    }

    /** Called when packet p arrives at this VIF.  Default: FIFO. */
    public void enqueue(Packet p) {
        if (p == null) throw new NullPointerException("packet is null");
        Packet[] f = fifo;
        int n = fifoCount;
        if (f == null || n == f.length) f = growFifo();
        int tail = fifoHead + n;
        if (tail >= f.length) tail -= f.length;
        f[tail] = p;
        fifoCount = n + 1;
        length++;
    }

    /** Called when the next stage can take a packet; null when nothing is
     * ready.  Default: FIFO. */
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

    /** Call from dequeue() before returning null: the datapath calls
     * dequeue() again at `nanos` (datapath clock, the time base of
     * Packet.timestamp() and System.nanoTime(); a time not after now means
     * the next nanosecond).  The last call before returning wins; a call
     * from enqueue() has no effect. */
    protected final void wakeAt(long nanos) {
        wakeTime = nanos;
    }
}
