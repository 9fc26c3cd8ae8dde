/*
 * PacketClassifier.java - maps a packet to a class number (0 = highest
 * priority).
 */
package vif;

/**
 * Maps a packet to a class number, for VIFlets that queue by class (such as
 * the paper's priority queue, which keeps one {@link Queue} per class).
 * Class 0 is the highest priority.
 */
public interface PacketClassifier {
    /**
     * The class of a packet.  It must not keep the packet.
     *
     * @param p the packet, owned by the calling VIFlet
     * @return its class number, 0 (highest priority) and up
     */
    int classify(Packet p);
}
