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

    /* The default FIFO (created on first use, so subclasses that override
     * both handlers pay nothing). */
    private Queue fifo;

    /* Read and reset by the datapath after each dequeue() call:
     * Long.MIN_VALUE = no wake-up requested. */
    private long wakeTime = Long.MIN_VALUE;

    protected VIFlet() {
    }

    /** Called when packet p arrives at this VIF.  Default: FIFO. */
    public void enqueue(Packet p) {
        if (p == null) throw new NullPointerException("packet is null");
        if (fifo == null) fifo = new Queue();
        fifo.enqueue(p);
        length++;
    }

    /** Called when the next stage can take a packet; null when nothing is
     * ready.  Default: FIFO. */
    public Packet dequeue() {
        if (fifo == null || fifo.isEmpty()) return null;
        length--;
        return fifo.dequeue();
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
