/*
 * PacketClassifier.java - maps a packet to a class number (0 = highest
 * priority).
 */
package vif;

public interface PacketClassifier {
    int classify(Packet p);
}
