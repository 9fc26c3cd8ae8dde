/*
 * Packet.java - one packet as a VIFlet sees it: its bytes (a copy of the
 * frame, Ethernet header first), its length and its arrival time.
 *
 * The datapath creates Packet objects (there is no public constructor) and
 * fills the fields below from C (src/datapath/).  When the packet leaves the
 * VIFlet (returned by dequeue, or dropped) the datapath clears `data`, and
 * every later access throws IllegalStateException.  The user's view of all
 * this is the Javadoc below (make vif-api builds it into build/vif-api-doc/).
 */
package vif;

/**
 * One packet as a VIFlet sees it: a copy of the frame's bytes, Ethernet
 * header first, its length and its arrival time.
 *
 * <h2>Offsets and byte order</h2>
 * Every offset is a byte offset from the start of the frame, that is from
 * the first byte of the Ethernet destination address: offset 12 is the
 * EtherType of an untagged frame, offset 14 its first IP byte.  Multi-byte
 * accessors ({@link #getShort}, {@link #getInt}, {@link #putInt} ...) are
 * big-endian (network byte order).  An access that does not fit entirely in
 * {@code 0 .. length()-1} throws {@link IndexOutOfBoundsException}; nothing
 * is read or written then.  The frame has no FCS.
 *
 * <h2>Ownership</h2>
 * The datapath creates a {@code Packet} for each packet it hands to
 * {@link VIFlet#enqueue}; there is no public constructor.  From then on the
 * packet belongs to that VIFlet, which may read and write it, keep it (in a
 * field, an array, a {@link Queue}) and hand it on by returning it from
 * {@link VIFlet#dequeue}, once.  After that the VIFlet no longer owns it:
 * every method of this class (including {@link #length()}) throws
 * {@link IllegalStateException} ("packet no longer owned by this VIFlet"),
 * although a reference to the object may be kept.  A packet the VIFlet lets
 * go of (no longer referenced from its fields) is counted as dropped by the
 * handler.  Returning a packet the VIFlet does not own (one it already
 * returned, or one that never reached it) aborts the VIFlet.
 *
 * <h2>Header helpers</h2>
 * The helpers parse Ethernet II frames, untagged or with one 802.1Q tag
 * (TPID 0x8100; the header then starts 4 bytes later).  Other frames,
 * including 802.1ad / QinQ (TPID 0x88A8 or two tags), are not IP to them.
 * A packet is <em>IP</em> when its EtherType is 0x0800 and the 20-byte IPv4
 * header is present with version 4 and IHL &ge; 5, or its EtherType is
 * 0x86DD and the 40-byte IPv6 header is present with version 6.
 * <p>
 * For a packet that is not IP, every header helper answers without
 * throwing: {@link #etherType()} still reports the EtherType when the
 * Ethernet header is there; the int-valued IP and transport helpers
 * ({@link #ipVersion()}, {@link #ipOffset()}, {@link #l4Offset()},
 * {@link #dscp()}, {@link #srcPort()} ...) return -1; the boolean ones
 * ({@link #setDscp}, {@link #recomputeIpChecksum()},
 * {@link #l4ChecksumOk()} ...) return false and change nothing.  The same
 * holds for an IP packet that lacks the header asked for (a UDP packet's
 * {@link #tcpFlags()}, an IPv6 packet's {@link #ipSrc()}, a truncated
 * capture).  IPv6 extension headers (hop-by-hop options, routing,
 * fragment, destination options) are skipped to reach the transport
 * header; an authentication header or ESP is not skipped ({@link #l4Offset()}
 * points at it, {@link #l4Protocol()} answers 51 or 50).  A non-first
 * fragment has no transport header.
 * <p>
 * The helpers only read and write the packet's bytes; nothing keeps
 * checksums in step on its own.  After rewriting an IPv4 header field,
 * call {@link #recomputeIpChecksum()}; after rewriting an address or
 * anything in a TCP or UDP segment, call {@link #recomputeL4Checksum()}.
 */
public final class Packet {
    /* Written by the datapath (names fixed: src/datapath/ finds them).
     * data and len are package-private for SimplePacketClassifier (no
     * user class can join package vif). */
    byte[] data;           // null once the packet is no longer owned
    int len;               // valid bytes in data (data may be larger)
    private long ts;       // arrival time, ns, datapath clock
    private int slot = -1; // datapath bookkeeping

    private Packet() {
    }

    static final int ETH_IPV4 = 0x0800, ETH_IPV6 = 0x86DD, ETH_VLAN = 0x8100;
    static final int PROTO_TCP = 6, PROTO_UDP = 17;

    /* The accessors below are written out flat, without calls on their
     * usual path: a VIFlet runs them for every packet, and each call costs
     * more than the work itself.  owned() and range() are only called to
     * throw. */
    private byte[] owned() {
        byte[] d = data;
        if (d == null) throw new IllegalStateException("packet no longer owned by this VIFlet");
        return d;
    }

    private byte[] range(int off, int n) {
        byte[] d = owned();
        if (off < 0 || off > len - n)
            throw new IndexOutOfBoundsException("packet offset " + off + " (size " + n
                                                + ") out of range for length " + len);
        return d;
    }

    /**
     * The number of bytes of the packet (the captured frame, Ethernet header
     * included, without FCS).  Valid offsets are {@code 0 .. length()-1}.
     *
     * @return the packet's length in bytes
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int length() {
        if (data == null) owned();
        return len;
    }

    /**
     * The arrival time of the packet at the datapath, in nanoseconds on the
     * datapath clock: the time base of {@link System#nanoTime()} inside a
     * VIFlet and of {@link VIFlet#wakeAt}.  Offline, it is the capture's
     * timestamp.
     *
     * @return the arrival time in nanoseconds
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public long timestamp() {
        if (data == null) owned();
        return ts;
    }

    // ---------------------------------------------------------- access
    /**
     * Reads one byte.
     *
     * @param off offset from the start of the frame
     * @return the byte at {@code off}, signed (-128 .. 127)
     * @throws IndexOutOfBoundsException if {@code off} is not in {@code 0 .. length()-1}
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public byte get(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 1) d = range(off, 1);
        return d[off];
    }

    /**
     * Reads one byte as an unsigned value.
     *
     * @param off offset from the start of the frame
     * @return the byte at {@code off}, 0 .. 255
     * @throws IndexOutOfBoundsException if {@code off} is not in {@code 0 .. length()-1}
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int getUnsignedByte(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 1) d = range(off, 1);
        return d[off] & 0xff;
    }

    /**
     * Reads a 16-bit big-endian value.
     *
     * @param off offset of its first byte from the start of the frame
     * @return the bytes {@code off, off+1} as a signed short
     * @throws IndexOutOfBoundsException if {@code off .. off+1} is not within the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public short getShort(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 2) d = range(off, 2);
        return (short) (((d[off] & 0xff) << 8) | (d[off + 1] & 0xff));
    }

    /**
     * Reads a 16-bit big-endian value as an unsigned number (a port, an
     * EtherType, a length).
     *
     * @param off offset of its first byte from the start of the frame
     * @return the bytes {@code off, off+1}, 0 .. 65535
     * @throws IndexOutOfBoundsException if {@code off .. off+1} is not within the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int getUnsignedShort(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 2) d = range(off, 2);
        return ((d[off] & 0xff) << 8) | (d[off + 1] & 0xff);
    }

    /**
     * Reads a 32-bit big-endian value (an IPv4 address, a sequence number).
     *
     * @param off offset of its first byte from the start of the frame
     * @return the bytes {@code off .. off+3} as a signed int
     * @throws IndexOutOfBoundsException if {@code off .. off+3} is not within the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int getInt(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 4) d = range(off, 4);
        return ((d[off] & 0xff) << 24) | ((d[off + 1] & 0xff) << 16)
             | ((d[off + 2] & 0xff) << 8) | (d[off + 3] & 0xff);
    }

    /**
     * Reads a 64-bit big-endian value.
     *
     * @param off offset of its first byte from the start of the frame
     * @return the bytes {@code off .. off+7} as a signed long
     * @throws IndexOutOfBoundsException if {@code off .. off+7} is not within the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public long getLong(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 8) d = range(off, 8);
        int hi = ((d[off] & 0xff) << 24) | ((d[off + 1] & 0xff) << 16)
               | ((d[off + 2] & 0xff) << 8) | (d[off + 3] & 0xff);
        int lo = ((d[off + 4] & 0xff) << 24) | ((d[off + 5] & 0xff) << 16)
               | ((d[off + 6] & 0xff) << 8) | (d[off + 7] & 0xff);
        return ((long) hi << 32) | (lo & 0xffffffffL);
    }

    /**
     * Writes one byte.  Checksums are not updated.
     *
     * @param off offset from the start of the frame
     * @param v the byte to store
     * @throws IndexOutOfBoundsException if {@code off} is not in {@code 0 .. length()-1}
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public void put(int off, byte v) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 1) d = range(off, 1);
        d[off] = v;
    }

    /**
     * Writes a 16-bit value, big-endian.  Checksums are not updated.
     *
     * @param off offset of its first byte from the start of the frame
     * @param v the value to store (for a value above 32767, cast:
     *          {@code putShort(off, (short) port)})
     * @throws IndexOutOfBoundsException if {@code off .. off+1} is not within the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public void putShort(int off, short v) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 2) d = range(off, 2);
        d[off] = (byte) (v >> 8);
        d[off + 1] = (byte) v;
    }

    /**
     * Writes a 32-bit value, big-endian.  Checksums are not updated.
     *
     * @param off offset of its first byte from the start of the frame
     * @param v the value to store
     * @throws IndexOutOfBoundsException if {@code off .. off+3} is not within the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public void putInt(int off, int v) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 4) d = range(off, 4);
        d[off] = (byte) (v >> 24);
        d[off + 1] = (byte) (v >> 16);
        d[off + 2] = (byte) (v >> 8);
        d[off + 3] = (byte) v;
    }

    /**
     * Writes a 64-bit value, big-endian.  Checksums are not updated.
     *
     * @param off offset of its first byte from the start of the frame
     * @param v the value to store
     * @throws IndexOutOfBoundsException if {@code off .. off+7} is not within the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public void putLong(int off, long v) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 8) d = range(off, 8);
        int hi = (int) (v >>> 32), lo = (int) v;
        d[off] = (byte) (hi >> 24);
        d[off + 1] = (byte) (hi >> 16);
        d[off + 2] = (byte) (hi >> 8);
        d[off + 3] = (byte) hi;
        d[off + 4] = (byte) (lo >> 24);
        d[off + 5] = (byte) (lo >> 16);
        d[off + 6] = (byte) (lo >> 8);
        d[off + 7] = (byte) lo;
    }

    // --------------------------------------------------- header helpers
    /* The IP header: (offset << 3) | version (4 or 6), or -1 when the
     * packet is not IPv4 (IHL >= 5) or IPv6 with the whole fixed header
     * present. */
    private int ipHeader(byte[] d) {
        int n = len;
        if (n < 14) return -1;
        int o = 14;
        int et = ((d[12] & 0xff) << 8) | (d[13] & 0xff);
        if (et == ETH_VLAN) {
            if (n < 18) return -1;
            o = 18;
            et = ((d[16] & 0xff) << 8) | (d[17] & 0xff);
        }
        if (et == ETH_IPV4) {
            if (n < o + 20) return -1;
            int b = d[o] & 0xff;
            return (b >> 4) == 4 && (b & 15) >= 5 ? (o << 3) | 4 : -1;
        }
        if (et == ETH_IPV6) {
            if (n < o + 40) return -1;
            return (d[o] & 0xff) >> 4 == 6 ? (o << 3) | 6 : -1;
        }
        return -1;
    }

    /* IPv6 extension headers skipped on the way to the transport header:
     * hop-by-hop options, routing, fragment, destination options. */
    private static boolean ipv6Ext(int nh) {
        return nh == 0 || nh == 43 || nh == 44 || nh == 60;
    }

    /* Bits of l4Header's answer besides the offset and the protocol. */
    private static final int L4_FRAGMENT = 1 << 8;   // a first fragment (IPv4 or IPv6 "more fragments")
    private static final int L4_ROUTED = 1 << 9;     // IPv6 routing header with segments left

    /* The transport header: (offset << 10) | L4_* bits | protocol, or -1
     * (not IP, a non-first fragment, the IPv4 header or IPv6 extension
     * headers not whole within length, more than 8 extension headers). */
    private int l4Header(byte[] d) {
        int h = ipHeader(d);
        if (h < 0) return -1;
        int o = h >> 3, n = len;
        if ((h & 7) == 4) {
            int frag = ((d[o + 6] & 0xff) << 8) | (d[o + 7] & 0xff);
            if ((frag & 0x1fff) != 0) return -1; // fragment offset
            int off = o + (d[o] & 15) * 4;
            if (off > n) return -1;
            return (off << 10) | ((frag & 0x2000) != 0 ? L4_FRAGMENT : 0) | (d[o + 9] & 0xff);
        }
        int nh = d[o + 6] & 0xff, off = o + 40, bits = 0;
        for (int i = 0; ipv6Ext(nh); i++) {
            if (i == 8 || off + 8 > n) return -1;
            int next = d[off] & 0xff;
            if (nh == 44) {
                if ((((d[off + 2] & 0xff) << 8 | (d[off + 3] & 0xff)) & 0xfff8) != 0) return -1;
                if ((d[off + 3] & 1) != 0) bits |= L4_FRAGMENT; // more fragments
                off += 8;
            } else {
                if (nh == 43 && d[off + 3] != 0) bits |= L4_ROUTED;
                off += ((d[off + 1] & 0xff) + 1) * 8;
            }
            nh = next;
        }
        if (off > n) return -1;
        return (off << 10) | bits | nh;
    }

    /**
     * The EtherType: bytes 12-13, or 16-17 for a frame with an 802.1Q tag
     * (0x8100), so that a tagged IPv4 frame also answers 0x0800.
     *
     * @return the EtherType (0x0800 IPv4, 0x86DD IPv6, 0x0806 ARP ...), or
     *         -1 when the frame is shorter than its Ethernet header
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int etherType() {
        byte[] d = data;
        if (d == null) d = owned();
        int n = len;
        if (n < 14) return -1;
        int et = ((d[12] & 0xff) << 8) | (d[13] & 0xff);
        if (et == ETH_VLAN) return n < 18 ? -1 : ((d[16] & 0xff) << 8) | (d[17] & 0xff);
        return et;
    }

    /**
     * The IP version.
     *
     * @return 4 or 6, or -1 when the packet is not IP (see the class
     *         description: the EtherType and the header's version field
     *         must agree, and the fixed header must be whole)
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int ipVersion() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        return h < 0 ? -1 : h & 7;
    }

    /**
     * The offset of the IP header: 14, or 18 after an 802.1Q tag.  The
     * IPv4 header fields are then at {@code ipOffset() + 1} (DS field),
     * {@code + 2} (total length), {@code + 8} (TTL), {@code + 10}
     * (checksum), {@code + 12} (source) ...; those of IPv6 at
     * {@code + 4} (payload length), {@code + 7} (hop limit), {@code + 8}
     * (source), {@code + 24} (destination).
     *
     * @return the offset of the first byte of the IPv4 or IPv6 header, or
     *         -1 when the packet is not IP
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int ipOffset() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        return h < 0 ? -1 : h >> 3;
    }

    /**
     * The IP protocol field: IPv4's protocol, IPv6's next header as the
     * fixed IPv6 header gives it (an extension header's number, such as 0
     * or 44, when there is one; {@link #l4Protocol()} skips them).
     *
     * @return the protocol number (6 TCP, 17 UDP, 1 ICMP, 58 ICMPv6 ...),
     *         or -1 when the packet is not IP
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int ipProtocol() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        if (h < 0) return -1;
        return d[(h >> 3) + ((h & 7) == 4 ? 9 : 6)] & 0xff;
    }

    /**
     * The offset of the transport (layer 4) header: after the IPv4 header
     * and its options ({@code ipOffset() + 4 * IHL}), or after the IPv6
     * header and its extension headers (hop-by-hop options, routing,
     * fragment, destination options; at most 8).  The transport header
     * itself may be shorter than its protocol needs (check
     * {@link #length()}): only the headers before it are known to be whole.
     * {@link #l4Protocol()} says what it is.
     *
     * @return the offset (at most {@code length()}), or -1 when the packet
     *         is not IP, is a non-first fragment (IPv4 fragment offset or
     *         IPv6 fragment header offset not 0), or its IPv4 header or
     *         IPv6 extension headers run past the end of the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int l4Offset() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = l4Header(d);
        return h < 0 ? -1 : h >> 10;
    }

    /**
     * The protocol of the header at {@link #l4Offset()}: IPv4's protocol
     * field, or the next header of the last IPv6 extension header skipped
     * (so a TCP segment after a hop-by-hop header answers 6).
     *
     * @return the protocol number, or -1 when {@link #l4Offset()} is -1
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int l4Protocol() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = l4Header(d);
        return h < 0 ? -1 : h & 0xff;
    }

    /**
     * The IPv4 source address, as a 32-bit big-endian number (10.0.0.1 is
     * 0x0A000001).  255.255.255.255 also reads as -1: test
     * {@code ipVersion() == 4} to tell it apart.
     *
     * @return the source address, or -1 when the packet is not IPv4
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int ipSrc() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        if (h < 0 || (h & 7) != 4) return -1;
        int o = (h >> 3) + 12;
        return ((d[o] & 0xff) << 24) | ((d[o + 1] & 0xff) << 16)
             | ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
    }

    /**
     * The IPv4 destination address, as a 32-bit big-endian number.
     * 255.255.255.255 also reads as -1: test {@code ipVersion() == 4} to
     * tell it apart.
     *
     * @return the destination address, or -1 when the packet is not IPv4
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int ipDst() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        if (h < 0 || (h & 7) != 4) return -1;
        int o = (h >> 3) + 16;
        return ((d[o] & 0xff) << 24) | ((d[o + 1] & 0xff) << 16)
             | ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
    }

    /**
     * The differentiated services code point: the top six bits of IPv4's DS
     * field (the old TOS byte) or of IPv6's traffic class.  46 is EF,
     * 10/12/14 AF11-13, 8*n class selector n.
     *
     * @return the DSCP, 0 .. 63, or -1 when the packet is not IP
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int dscp() {
        // ipHeader written out: classifiers call this for every packet
        byte[] d = data;
        if (d == null) d = owned();
        int n = len;
        if (n < 14) return -1;
        int o = 14;
        int et = ((d[12] & 0xff) << 8) | (d[13] & 0xff);
        if (et == ETH_VLAN) {
            if (n < 18) return -1;
            o = 18;
            et = ((d[16] & 0xff) << 8) | (d[17] & 0xff);
        }
        if (et == ETH_IPV4) {
            if (n < o + 20) return -1;
            int b = d[o] & 0xff;
            if ((b >> 4) != 4 || (b & 15) < 5) return -1;
            return (d[o + 1] & 0xff) >> 2;
        }
        if (et == ETH_IPV6) {
            if (n < o + 40) return -1;
            int b = d[o] & 0xff;
            if ((b >> 4) != 6) return -1;
            return ((((b << 8) | (d[o + 1] & 0xff)) >> 4) & 0xff) >> 2;
        }
        return -1;
    }

    /**
     * Re-marks the packet: writes {@code dscp} into the top six bits of the
     * IPv4 DS field or the IPv6 traffic class, keeping the two ECN bits.
     * The IPv4 header checksum is <em>not</em> updated: call
     * {@link #recomputeIpChecksum()} afterwards.  (IPv6 has no header
     * checksum, and the DSCP is not part of the TCP/UDP checksum.)
     *
     * @param dscp the new code point, 0 .. 63
     * @return true when written, false (nothing written) when the packet is
     *         not IP
     * @throws IllegalArgumentException if {@code dscp} is not in 0 .. 63
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public boolean setDscp(int dscp) {
        byte[] d = data;
        if (d == null) d = owned();
        if (dscp < 0 || dscp > 63) throw new IllegalArgumentException("DSCP " + dscp + " not in 0..63");
        int h = ipHeader(d);
        if (h < 0) return false;
        int o = h >> 3;
        if ((h & 7) == 4) {
            d[o + 1] = (byte) ((dscp << 2) | (d[o + 1] & 3));
        } else {
            // traffic class: the low 4 bits of byte 0, the high 4 of byte 1
            d[o] = (byte) ((d[o] & 0xf0) | (dscp >> 2));
            d[o + 1] = (byte) (((dscp & 3) << 6) | (d[o + 1] & 0x3f));
        }
        return true;
    }

    /* The one's-complement sum of the big-endian 16-bit words of
     * d[off .. off+n-1] (an odd last byte padded with 0), added to sum,
     * not folded. */
    private static long sum16(byte[] d, int off, int n, long sum) {
        int end = off + (n & ~1);
        for (int i = off; i < end; i += 2) sum += ((d[i] & 0xff) << 8) | (d[i + 1] & 0xff);
        if ((n & 1) != 0) sum += (d[end] & 0xff) << 8;
        return sum;
    }

    private static int fold(long sum) {
        while ((sum >> 16) != 0) sum = (sum & 0xffff) + (sum >> 16);
        return (int) sum;
    }

    /* The IPv4 header's offset and length ((off << 8) | bytes), or -1 when
     * not IPv4 or the header (with options) is not whole. */
    private int ipv4Header(byte[] d) {
        int h = ipHeader(d);
        if (h < 0 || (h & 7) != 4) return -1;
        int o = h >> 3, hl = (d[o] & 15) * 4;
        return o + hl > len ? -1 : (o << 8) | hl;
    }

    /**
     * Recomputes the IPv4 header checksum (over the header and its options)
     * and stores it.  Call it after changing any IPv4 header field: the
     * DSCP ({@link #setDscp}), the TTL, an address.
     *
     * @return true when stored, false (nothing written) when the packet is
     *         not IPv4 (IPv6 has no header checksum) or its header, with
     *         options, runs past the end of the packet
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public boolean recomputeIpChecksum() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipv4Header(d);
        if (h < 0) return false;
        int o = h >> 8, hl = h & 0xff;
        d[o + 10] = 0;
        d[o + 11] = 0;
        int c = ~fold(sum16(d, o, hl, 0)) & 0xffff;
        d[o + 10] = (byte) (c >> 8);
        d[o + 11] = (byte) c;
        return true;
    }

    /**
     * Whether the IPv4 header checksum is right.
     *
     * @return true when the packet is IPv4 with a whole header whose
     *         checksum is right; false otherwise, and for IPv6 and packets
     *         that are not IP
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public boolean ipChecksumOk() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipv4Header(d);
        return h >= 0 && fold(sum16(d, h >> 8, h & 0xff, 0)) == 0xffff;
    }

    /* The TCP or UDP checksum over the pseudo-header: with store, stores it
     * and answers 1; without, answers 1 when the stored one is right
     * (IPv4 UDP: or 0, no checksum), else 0.  -1 when there is none to
     * compute: see recomputeL4Checksum. */
    private int l4Checksum(byte[] d, boolean store) {
        int h = l4Header(d);
        if (h < 0 || (h & (L4_FRAGMENT | L4_ROUTED)) != 0) return -1;
        int proto = h & 0xff, off = h >> 10;
        if (proto != PROTO_TCP && proto != PROTO_UDP) return -1;
        int ih = ipHeader(d), o = ih >> 3, end;
        boolean v4 = (ih & 7) == 4;
        if (v4) {
            int total = ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
            end = o + total;
            if (total < (d[o] & 15) * 4) return -1;
        } else {
            int payload = ((d[o + 4] & 0xff) << 8) | (d[o + 5] & 0xff);
            if (payload == 0) return -1; // jumbogram
            end = o + 40 + payload;
        }
        if (end > len || end < off) return -1;
        int seg = end - off, at;
        if (proto == PROTO_TCP) {
            if (seg < 20) return -1;
            at = off + 16;
        } else {
            if (seg < 8) return -1;
            int ulen = ((d[off + 4] & 0xff) << 8) | (d[off + 5] & 0xff);
            if (ulen < 8 || ulen > seg) return -1;
            seg = ulen;
            at = off + 6;
        }
        long sum = v4 ? sum16(d, o + 12, 8, 0) : sum16(d, o + 8, 32, 0);
        sum += proto + (seg >>> 16) + (seg & 0xffff);
        if (!store) {
            if (v4 && proto == PROTO_UDP && d[at] == 0 && d[at + 1] == 0) return 1;
            return fold(sum16(d, off, seg, sum)) == 0xffff ? 1 : 0;
        }
        d[at] = 0;
        d[at + 1] = 0;
        int c = ~fold(sum16(d, off, seg, sum)) & 0xffff;
        if (c == 0 && proto == PROTO_UDP) c = 0xffff; // 0 means "no checksum"
        d[at] = (byte) (c >> 8);
        d[at + 1] = (byte) c;
        return 1;
    }

    /**
     * Recomputes the TCP or UDP checksum (over the IPv4 or IPv6
     * pseudo-header, the transport header and the payload) and stores it.
     * Call it after changing an IP address, a port or the payload.  The
     * segment's length comes from the IP header (IPv4 total length, IPv6
     * payload length), so Ethernet padding is left out; for UDP it is the
     * UDP length field.  A UDP checksum that computes to 0 is stored as
     * 0xFFFF.  An IPv4 UDP checksum of 0 ("none") is replaced by the real
     * one.
     *
     * @return true when stored; false (nothing written) when the packet is
     *         not TCP or UDP over IP, or is a fragment (its checksum covers
     *         bytes that are not in the packet), or the segment runs past the
     *         end of the packet (a truncated capture), or it is an IPv6
     *         jumbogram, or it has an IPv6 routing header with segments left
     *         (the pseudo-header's destination is then not in the IPv6
     *         header)
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public boolean recomputeL4Checksum() {
        byte[] d = data;
        if (d == null) d = owned();
        return l4Checksum(d, true) > 0;
    }

    /**
     * Whether the TCP or UDP checksum is right.  An IPv4 UDP checksum of 0
     * (the sender computed none) counts as right; over IPv6 it does not.
     *
     * @return true when right; false when wrong, and in every case where
     *         {@link #recomputeL4Checksum()} would answer false
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public boolean l4ChecksumOk() {
        byte[] d = data;
        if (d == null) d = owned();
        return l4Checksum(d, false) > 0;
    }

    /* Offset of the TCP/UDP header, or -1 (not TCP/UDP, a non-first
     * fragment, or truncated).  Flat for the usual packet (no call but
     * ipHeader); l4Header walks IPv6 extension headers when there are. */
    private int l4(byte[] d, int minLen) {
        int h = ipHeader(d);
        if (h < 0) return -1;
        int o = h >> 3;
        int proto, off;
        if ((h & 7) == 4) {
            if ((((d[o + 6] & 0xff) << 8 | (d[o + 7] & 0xff)) & 0x1fff) != 0) return -1; // fragment offset
            proto = d[o + 9] & 0xff;
            off = o + (d[o] & 15) * 4;
        } else {
            proto = d[o + 6] & 0xff;
            off = o + 40;
            if (ipv6Ext(proto)) {
                int x = l4Header(d);
                if (x < 0) return -1;
                proto = x & 0xff;
                off = x >> 10;
            }
        }
        if (proto != PROTO_TCP && proto != PROTO_UDP) return -1;
        return len >= off + minLen ? off : -1;
    }

    /**
     * The TCP or UDP source port (at {@link #l4Offset()}).
     *
     * @return the port, 0 .. 65535, or -1 when the packet is not TCP or UDP
     *         over IP, is a non-first fragment, or ends before the port
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int srcPort() {
        byte[] d = data;
        if (d == null) d = owned();
        int o = l4(d, 4);
        return o < 0 ? -1 : ((d[o] & 0xff) << 8) | (d[o + 1] & 0xff);
    }

    /**
     * The TCP or UDP destination port (at {@code l4Offset() + 2}).
     *
     * @return the port, 0 .. 65535, or -1 when the packet is not TCP or UDP
     *         over IP, is a non-first fragment, or ends before the port
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int dstPort() {
        byte[] d = data;
        if (d == null) d = owned();
        int o = l4(d, 4);
        return o < 0 ? -1 : ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
    }

    /**
     * The TCP flags byte (at {@code l4Offset() + 13}): FIN 0x01, SYN 0x02,
     * RST 0x04, PSH 0x08, ACK 0x10, URG 0x20, ECE 0x40, CWR 0x80.
     *
     * @return the flags, 0 .. 255, or -1 when the packet is not TCP over
     *         IP, is a non-first fragment, or ends before the flags
     * @throws IllegalStateException if this VIFlet no longer owns the packet
     */
    public int tcpFlags() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        if (h < 0) return -1;
        int proto = d[(h >> 3) + ((h & 7) == 4 ? 9 : 6)] & 0xff;
        if (proto != PROTO_TCP && ((h & 7) == 4 || !ipv6Ext(proto) || l4Protocol() != PROTO_TCP))
            return -1;
        int o = l4(d, 14);
        return o < 0 ? -1 : d[o + 13] & 0xff;
    }
}
