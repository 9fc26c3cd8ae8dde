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
    /* Written by the datapath (names fixed: src/datapath/ finds them). */
    private byte[] data;   // null once the packet is no longer owned
    private int len;       // valid bytes in data (data may be larger)
    private long ts;       // arrival time, ns, datapath clock
    private int slot = -1; // datapath bookkeeping

    private Packet() {
    }

    private static final int ETH_IPV4 = 0x0800, ETH_IPV6 = 0x86DD, ETH_VLAN = 0x8100;

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
        owned();
        return len;
    }

    /** Arrival time in nanoseconds (datapath clock). */
    public long timestamp() {
        owned();
        return ts;
    }

    // ---------------------------------------------------------- access
    public byte get(int off) {
        return range(off, 1)[off];
    }

    public int getUnsignedByte(int off) {
        return range(off, 1)[off] & 0xff;
    }

    public short getShort(int off) {
        byte[] d = range(off, 2);
        return (short) (((d[off] & 0xff) << 8) | (d[off + 1] & 0xff));
    }

    public int getUnsignedShort(int off) {
        byte[] d = range(off, 2);
        return ((d[off] & 0xff) << 8) | (d[off + 1] & 0xff);
    }

    public int getInt(int off) {
        byte[] d = range(off, 4);
        return ((d[off] & 0xff) << 24) | ((d[off + 1] & 0xff) << 16)
             | ((d[off + 2] & 0xff) << 8) | (d[off + 3] & 0xff);
    }

    public long getLong(int off) {
        range(off, 8);
        return ((long) getInt(off) << 32) | (getInt(off + 4) & 0xffffffffL);
    }

    public void put(int off, byte v) {
        range(off, 1)[off] = v;
    }

    public void putShort(int off, short v) {
        byte[] d = range(off, 2);
        d[off] = (byte) (v >> 8);
        d[off + 1] = (byte) v;
    }

    public void putInt(int off, int v) {
        byte[] d = range(off, 4);
        d[off] = (byte) (v >> 24);
        d[off + 1] = (byte) (v >> 16);
        d[off + 2] = (byte) (v >> 8);
        d[off + 3] = (byte) v;
    }

    public void putLong(int off, long v) {
        range(off, 8);
        putInt(off, (int) (v >>> 32));
        putInt(off + 4, (int) v);
    }

    // --------------------------------------------------- header helpers
    private int u8(byte[] d, int off) {
        return d[off] & 0xff;
    }

    private int u16(byte[] d, int off) {
        return ((d[off] & 0xff) << 8) | (d[off + 1] & 0xff);
    }

    /* Offset of the network header, or -1. */
    private int l3(byte[] d) {
        if (len < 14) return -1;
        int et = u16(d, 12);
        if (et == ETH_VLAN) return len < 18 ? -1 : 18;
        return 14;
    }

    /** EtherType (after one 802.1Q tag), or -1. */
    public int etherType() {
        byte[] d = owned();
        if (len < 14) return -1;
        int et = u16(d, 12);
        if (et == ETH_VLAN) return len < 18 ? -1 : u16(d, 16);
        return et;
    }

    /** 4 or 6, or -1 when not IP. */
    public int ipVersion() {
        byte[] d = owned();
        int o = l3(d);
        if (o < 0) return -1;
        int et = etherType();
        if (et == ETH_IPV4 && len >= o + 20 && (u8(d, o) >> 4) == 4 && (u8(d, o) & 15) >= 5) return 4;
        if (et == ETH_IPV6 && len >= o + 40 && (u8(d, o) >> 4) == 6) return 6;
        return -1;
    }

    /** IP protocol (IPv6: next header), or -1. */
    public int ipProtocol() {
        byte[] d = owned();
        int v = ipVersion();
        int o = l3(d);
        if (v == 4) return u8(d, o + 9);
        if (v == 6) return u8(d, o + 6);
        return -1;
    }

    /** IPv4 source address, or -1. */
    public int ipSrc() {
        byte[] d = owned();
        return ipVersion() == 4 ? getInt(l3(d) + 12) : -1;
    }

    /** IPv4 destination address, or -1. */
    public int ipDst() {
        byte[] d = owned();
        return ipVersion() == 4 ? getInt(l3(d) + 16) : -1;
    }

    /** Differentiated services code point (0-63), or -1. */
    public int dscp() {
        byte[] d = owned();
        int v = ipVersion();
        int o = l3(d);
        if (v == 4) return u8(d, o + 1) >> 2;
        if (v == 6) return ((u16(d, o) >> 4) & 0xff) >> 2;
        return -1;
    }

    /* Offset of the TCP/UDP header, or -1 (not TCP/UDP, a non-first
     * fragment, or truncated). */
    private int l4(byte[] d, int minLen) {
        int v = ipVersion();
        int o = l3(d);
        int proto, off;
        if (v == 4) {
            if ((u16(d, o + 6) & 0x1fff) != 0) return -1; // fragment offset
            proto = u8(d, o + 9);
            off = o + (u8(d, o) & 15) * 4;
        } else if (v == 6) {
            proto = u8(d, o + 6);
            off = o + 40;
        } else {
            return -1;
        }
        if (proto != 6 && proto != 17) return -1;
        return len >= off + minLen ? off : -1;
    }

    /** TCP or UDP source port, or -1. */
    public int srcPort() {
        byte[] d = owned();
        int o = l4(d, 4);
        return o < 0 ? -1 : u16(d, o);
    }

    /** TCP or UDP destination port, or -1. */
    public int dstPort() {
        byte[] d = owned();
        int o = l4(d, 4);
        return o < 0 ? -1 : u16(d, o + 2);
    }

    /** TCP flags byte (FIN 0x01 ... CWR 0x80), or -1 when not TCP. */
    public int tcpFlags() {
        byte[] d = owned();
        if (ipProtocol() != 6) return -1;
        int o = l4(d, 14);
        return o < 0 ? -1 : u8(d, o + 13);
    }
}
