/*
 * Queue.java - a FIFO of packets (a growable ring buffer).
 */
package vif;

/**
 * A first-in first-out queue of packets, growing as needed (a ring
 * buffer).  A VIFlet keeps the packets it holds in queues such as this
 * one: a packet in a queue the VIFlet references is a packet it holds (see
 * {@link VIFlet} on ownership).  There is no capacity limit of its own:
 * the VIFlet's packet quota limits what it can hold, and a VIFlet that
 * wants a shorter queue checks {@link #size()} and lets the packet go.
 * <pre>{@code
 * if (q.size() >= 100) return;   // tail drop: the packet is not kept
 * q.enqueue(p);
 * length++;
 * }</pre>
 */
public class Queue {
    private Packet[] items = new Packet[16];
    private int head;   // index of the oldest packet
    private int count;
    /* count == 0, kept as a field so that isEmpty() is a plain getter,
     * which the JIT compiles into the caller (priority queues ask every
     * class's queue for every packet). */
    private boolean empty = true;

    /** An empty queue. */
    public Queue() {
    }

    /**
     * Appends a packet at the tail.
     *
     * @param p the packet
     * @throws NullPointerException if {@code p} is null
     */
    public void enqueue(Packet p) {
        if (p == null) throw new NullPointerException("packet is null");
        if (count == items.length) grow();
        int tail = head + count;
        if (tail >= items.length) tail -= items.length;
        items[tail] = p;
        count++;
        empty = false;
    }

    /**
     * Removes the packet at the head (the oldest).
     *
     * @return the oldest packet, or null when the queue is empty
     */
    public Packet dequeue() {
        if (count == 0) return null;
        // The slot is not cleared: that store costs more than the rest of
        // this method.  The datapath's audit (which counts packets a VIFlet
        // let go of as dropped) reads only slots head .. head+count-1, so a
        // packet taken out and let go still counts as dropped; the stale
        // reference only keeps the dead Packet object until the slot is
        // reused (src/datapath/dp_packet.c, mark_queue).
        Packet p = items[head];
        head++;
        if (head == items.length) head = 0;
        count--;
        if (count == 0) empty = true;
        return p;
    }

    /**
     * The packet at the head (the oldest), left in the queue: to look at
     * its length or headers before deciding to dequeue it.
     *
     * @return the oldest packet, or null when the queue is empty
     */
    public Packet peek() {
        return count == 0 ? null : items[head];
    }

    /**
     * Whether the queue holds no packet.
     *
     * @return true when empty
     */
    public boolean isEmpty() {
        return empty;
    }

    /**
     * The number of packets in the queue.
     *
     * @return the number of packets
     */
    public int size() {
        return count;
    }

    private void grow() {
        Packet[] n = new Packet[items.length * 2];
        for (int i = 0; i < count; i++) {
            int j = head + i;
            if (j >= items.length) j -= items.length;
            n[i] = items[j];
        }
        items = n;
        head = 0;
    }
}
