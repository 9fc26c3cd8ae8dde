// Prints the header fields of every packet to its log (one line per
// packet), exercising the Packet accessors; writes its last 8 bytes with
// put/putShort/putInt/putLong and relays every packet.  Also
// checks that out-of-range access throws IndexOutOfBoundsException.
import vif.*;

public class HeaderDump extends VIFlet {
    public void enqueue(Packet p) {
        int n = p.length();
        String oob;
        try {
            p.get(n);
            oob = "no-exception";
        } catch (IndexOutOfBoundsException e) {
            oob = "ioobe";
        }
        try {
            p.getInt(n - 3);
            oob += ",no-exception";
        } catch (IndexOutOfBoundsException e) {
            oob += ",ioobe";
        }
        System.out.println(n + " " + p.timestamp() + " " + p.etherType() + " " + p.ipVersion() + " "
            + p.ipProtocol() + " " + p.ipSrc() + " " + p.ipDst() + " " + p.dscp() + " "
            + p.srcPort() + " " + p.dstPort() + " " + p.tcpFlags() + " " + p.get(14) + " "
            + p.getUnsignedByte(14) + " " + p.getShort(16) + " " + p.getUnsignedShort(16) + " "
            + p.getInt(26) + " " + p.getLong(0) + " " + oob);
        // put/get on the last 8 bytes, left in the packet: the log line
        // "put V" shows what get reads back (72623868295907081 =
        // 0x01020305fffe0709), the output capture what put wrote
        p.putLong(n - 8, 0x0102030405060708L);
        p.putInt(n - 8, p.getInt(n - 8) + 1);
        p.putShort(n - 4, (short) -2);
        p.put(n - 1, (byte) 9);
        System.out.println("put " + p.getLong(n - 8));
        super.enqueue(p);
    }
}
