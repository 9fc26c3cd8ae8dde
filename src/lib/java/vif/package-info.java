/**
 * The VIFlet API: what a VIFlet, a small Java class run by {@code vifd} on
 * a virtual interface (VIF), sees of the datapath.
 * <p>
 * A VIFlet extends {@link vif.VIFlet} and overrides
 * {@link vif.VIFlet#enqueue enqueue(Packet)}, called for each packet that
 * arrives at its VIF, and usually {@link vif.VIFlet#dequeue dequeue()},
 * called when the next stage can take a packet.  It reads and rewrites
 * packets through {@link vif.Packet} (raw big-endian accessors at offsets
 * from the start of the Ethernet header, header helpers, DSCP and checksum
 * helpers), keeps them in {@link vif.Queue}s, and may classify them with a
 * {@link vif.PacketClassifier}.  {@link vif.VIFlet} describes the calls,
 * the ownership of packets and {@link vif.VIFlet#wakeAt wakeAt};
 * {@link vif.Packet} the offsets and what its helpers answer for packets
 * that are not IP.
 * <p>
 * Compile against the API jar and run under vifd:
 * <pre>
 * javac -cp build/vif-api.jar MyVIFlet.java
 * vifd --in pcap:in.pcap --out pcap:out.pcap --load pcap=MyVIFlet.class
 * </pre>
 * The VM has no threads and no lambdas or method references yet; the class
 * library is a subset of {@code java.lang} and {@code java.util}.  The
 * examples directory holds the paper's priority queue (PriQ_VIFlet), a
 * per-source policer, a deficit round robin scheduler and a DSCP
 * re-marker.
 */
package vif;
