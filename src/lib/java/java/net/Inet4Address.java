/* java.net.Inet4Address (JDK 17 API and behaviour; see InetAddress). */
package java.net;

public final class Inet4Address extends InetAddress {
    private static final long serialVersionUID = 3286316764910316507L;
    private final int address;

    Inet4Address(String hostName, byte[] addr) {
        this.hostName = hostName;
        int a = 0;
        if (addr != null && addr.length == 4) {
            a = addr[3] & 0xFF;
            a |= ((addr[2] << 8) & 0xFF00);
            a |= ((addr[1] << 16) & 0xFF0000);
            a |= ((addr[0] << 24) & 0xFF000000);
        }
        this.address = a;
    }

    public boolean isMulticastAddress() { return ((address & 0xf0000000) == 0xe0000000); }
    public boolean isAnyLocalAddress() { return address == 0; }
    public boolean isLoopbackAddress() { return ((address >>> 24) & 0xff) == 127; }

    public boolean isLinkLocalAddress() {
        return (((address >>> 24) & 0xFF) == 169) && (((address >>> 16) & 0xFF) == 254);
    }

    public boolean isSiteLocalAddress() {
        return (((address >>> 24) & 0xFF) == 10)
            || ((((address >>> 24) & 0xFF) == 172) && (((address >>> 16) & 0xF0) == 16))
            || ((((address >>> 24) & 0xFF) == 192) && (((address >>> 16) & 0xFF) == 168));
    }

    public boolean isMCGlobal() {
        byte[] byteAddr = getAddress();
        return ((byteAddr[0] & 0xff) >= 224 && (byteAddr[0] & 0xff) <= 238)
            && !((byteAddr[0] & 0xff) == 224 && byteAddr[1] == 0 && byteAddr[2] == 0);
    }

    public boolean isMCNodeLocal() { return false; }

    public boolean isMCLinkLocal() {
        return (((address >>> 24) & 0xFF) == 224) && (((address >>> 16) & 0xFF) == 0)
            && (((address >>> 8) & 0xFF) == 0);
    }

    public boolean isMCSiteLocal() {
        return (((address >>> 24) & 0xFF) == 239) && (((address >>> 16) & 0xFF) == 255);
    }

    public boolean isMCOrgLocal() {
        return (((address >>> 24) & 0xFF) == 239) && (((address >>> 16) & 0xFF) >= 192)
            && (((address >>> 16) & 0xFF) <= 195);
    }

    public byte[] getAddress() {
        byte[] addr = new byte[4];
        addr[0] = (byte) ((address >>> 24) & 0xFF);
        addr[1] = (byte) ((address >>> 16) & 0xFF);
        addr[2] = (byte) ((address >>> 8) & 0xFF);
        addr[3] = (byte) (address & 0xFF);
        return addr;
    }

    public String getHostAddress() {
        return ((address >>> 24) & 0xff) + "." + ((address >>> 16) & 0xff) + "."
            + ((address >>> 8) & 0xff) + "." + (address & 0xff);
    }

    public int hashCode() {
        return address;
    }

    public boolean equals(Object obj) {
        return (obj instanceof Inet4Address) && (((InetAddress) obj).hashCode() == address);
    }
}
