/*
 * Packet.java - one packet as a VIFlet sees it: its bytes (a copy of the
 * frame, Ethernet header first), its length and its arrival time.
 *
 * The datapath creates Packet objects (there is no public constructor) and
 * fills the fields below from C (src/datapath/).  When the packet leaves the
 * VIFlet (returned by dequeue, or dropped) the datapath clears `data`, and
 * every later access throws IllegalStateException.  Accessors are big-endian
 * and bounds-checked against length() (IndexOutOfBoundsException).
 *
 * Header helpers return -1 when the header is absent: Ethernet II (one
 * 802.1Q tag is skipped), IPv4 and IPv6 (no extension headers), TCP/UDP.
 */
package vif;

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

    /** Number of bytes of the packet. */
    public int length() {
        if (data == null) owned();
        return len;
    }

    /** Arrival time in nanoseconds (datapath clock). */
    public long timestamp() {
        if (data == null) owned();
        return ts;
    }

    // ---------------------------------------------------------- access
    public byte get(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 1) d = range(off, 1);
        return d[off];
    }

    public int getUnsignedByte(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 1) d = range(off, 1);
        return d[off] & 0xff;
    }

    public short getShort(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 2) d = range(off, 2);
        return (short) (((d[off] & 0xff) << 8) | (d[off + 1] & 0xff));
    }

    public int getUnsignedShort(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 2) d = range(off, 2);
        return ((d[off] & 0xff) << 8) | (d[off + 1] & 0xff);
    }

    public int getInt(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 4) d = range(off, 4);
        return ((d[off] & 0xff) << 24) | ((d[off + 1] & 0xff) << 16)
             | ((d[off + 2] & 0xff) << 8) | (d[off + 3] & 0xff);
    }

    public long getLong(int off) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 8) d = range(off, 8);
        int hi = ((d[off] & 0xff) << 24) | ((d[off + 1] & 0xff) << 16)
               | ((d[off + 2] & 0xff) << 8) | (d[off + 3] & 0xff);
        int lo = ((d[off + 4] & 0xff) << 24) | ((d[off + 5] & 0xff) << 16)
               | ((d[off + 6] & 0xff) << 8) | (d[off + 7] & 0xff);
        return ((long) hi << 32) | (lo & 0xffffffffL);
    }

    public void put(int off, byte v) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 1) d = range(off, 1);
        d[off] = v;
    }

    public void putShort(int off, short v) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 2) d = range(off, 2);
        d[off] = (byte) (v >> 8);
        d[off + 1] = (byte) v;
    }

    public void putInt(int off, int v) {
        byte[] d = data;
        if (d == null || off < 0 || off > len - 4) d = range(off, 4);
        d[off] = (byte) (v >> 24);
        d[off + 1] = (byte) (v >> 16);
        d[off + 2] = (byte) (v >> 8);
        d[off + 3] = (byte) v;
    }

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

    /** EtherType (after one 802.1Q tag), or -1. */
    public int etherType() {
        byte[] d = data;
        if (d == null) d = owned();
        int n = len;
        if (n < 14) return -1;
        int et = ((d[12] & 0xff) << 8) | (d[13] & 0xff);
        if (et == ETH_VLAN) return n < 18 ? -1 : ((d[16] & 0xff) << 8) | (d[17] & 0xff);
        return et;
    }

    /** 4 or 6, or -1 when not IP. */
    public int ipVersion() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        return h < 0 ? -1 : h & 7;
    }

    /** IP protocol (IPv6: next header), or -1. */
    public int ipProtocol() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        if (h < 0) return -1;
        return d[(h >> 3) + ((h & 7) == 4 ? 9 : 6)] & 0xff;
    }

    /** IPv4 source address, or -1. */
    public int ipSrc() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        if (h < 0 || (h & 7) != 4) return -1;
        int o = (h >> 3) + 12;
        return ((d[o] & 0xff) << 24) | ((d[o + 1] & 0xff) << 16)
             | ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
    }

    /** IPv4 destination address, or -1. */
    public int ipDst() {
        byte[] d = data;
        if (d == null) d = owned();
        int h = ipHeader(d);
        if (h < 0 || (h & 7) != 4) return -1;
        int o = (h >> 3) + 16;
        return ((d[o] & 0xff) << 24) | ((d[o + 1] & 0xff) << 16)
             | ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
    }

    /** Differentiated services code point (0-63), or -1. */
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

    /* Offset of the TCP/UDP header, or -1 (not TCP/UDP, a non-first
     * fragment, or truncated). */
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
        }
        if (proto != 6 && proto != 17) return -1;
        return len >= off + minLen ? off : -1;
    }

    /** TCP or UDP source port, or -1. */
    public int srcPort() {
        byte[] d = data;
        if (d == null) d = owned();
        int o = l4(d, 4);
        return o < 0 ? -1 : ((d[o] & 0xff) << 8) | (d[o + 1] & 0xff);
    }

    /** TCP or UDP destination port, or -1. */
    public int dstPort() {
        byte[] d = data;
        if (d == null) d = owned();
        int o = l4(d, 4);
        return o < 0 ? -1 : ((d[o + 2] & 0xff) << 8) | (d[o + 3] & 0xff);
    }

    /** TCP flags byte (FIN 0x01 ... CWR 0x80), or -1 when not TCP. */
    public int tcpFlags() {
        byte[] d = data;
        if (d == null) d = owned();
        if (ipProtocol() != 6) return -1;
        int o = l4(d, 14);
        return o < 0 ? -1 : d[o + 13] & 0xff;
    }
}
