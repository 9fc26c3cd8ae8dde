/*
 * Datapath.java - internal to vifvm: the datapath's references into one VM
 * (GC roots), written and read from C (src/datapath/).  Not accessible to
 * VIFlets (package-private, and user classes cannot join package vif).
 */
package vif;

final class Datapath {
    private Datapath() {
    }

    /* The VIFlet instances living in this VM. */
    static Object[] viflets;
    /* Packets currently owned by a VIFlet of this VM, by Packet.slot. */
    static Object[] held;
    /* Recycled packet buffers (byte[] of the pool's capacity). */
    static Object[] pool;
}
