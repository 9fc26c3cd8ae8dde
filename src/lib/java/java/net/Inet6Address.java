/* java.net.Inet6Address (JDK 17 API and behaviour; see InetAddress):
 * getHostAddress writes all eight groups, without "::" compression, and
 * "%scope" when a numeric scope was given. */
package java.net;

public final class Inet6Address extends InetAddress {
    private static final long serialVersionUID = 6880410070516793377L;
    private final byte[] ipaddress;
    private final int scopeId;
    private final boolean scopeIdSet;

    Inet6Address(String hostName, byte[] addr, int scopeId) {
        this.hostName = hostName;
        this.ipaddress = addr.clone();
        this.scopeIdSet = scopeId >= 0;
        this.scopeId = scopeId >= 0 ? scopeId : 0;
    }

    public static Inet6Address getByAddress(String host, byte[] addr, int scopeId) throws UnknownHostException {
        if (host != null && host.length() > 0 && host.charAt(0) == '[') {
            if (host.charAt(host.length() - 1) == ']') host = host.substring(1, host.length() - 1);
        }
        if (addr != null && addr.length == 16) return new Inet6Address(host, addr, scopeId < 0 ? -1 : scopeId);
        throw new UnknownHostException("addr is of illegal length");
    }

    public boolean isMulticastAddress() { return ((ipaddress[0] & 0xff) == 0xff); }

    public boolean isAnyLocalAddress() {
        byte test = 0x00;
        for (int i = 0; i < 16; i++) test |= ipaddress[i];
        return (test == 0x00);
    }

    public boolean isLoopbackAddress() {
        byte test = 0x00;
        for (int i = 0; i < 15; i++) test |= ipaddress[i];
        return (test == 0x00) && (ipaddress[15] == 0x01);
    }

    public boolean isLinkLocalAddress() {
        return ((ipaddress[0] & 0xff) == 0xfe && (ipaddress[1] & 0xc0) == 0x80);
    }

    public boolean isSiteLocalAddress() {
        return ((ipaddress[0] & 0xff) == 0xfe && (ipaddress[1] & 0xc0) == 0xc0);
    }

    public boolean isMCGlobal() { return ((ipaddress[0] & 0xff) == 0xff && (ipaddress[1] & 0x0f) == 0x0e); }
    public boolean isMCNodeLocal() { return ((ipaddress[0] & 0xff) == 0xff && (ipaddress[1] & 0x0f) == 0x01); }
    public boolean isMCLinkLocal() { return ((ipaddress[0] & 0xff) == 0xff && (ipaddress[1] & 0x0f) == 0x02); }
    public boolean isMCSiteLocal() { return ((ipaddress[0] & 0xff) == 0xff && (ipaddress[1] & 0x0f) == 0x05); }
    public boolean isMCOrgLocal() { return ((ipaddress[0] & 0xff) == 0xff && (ipaddress[1] & 0x0f) == 0x08); }

    public boolean isIPv4CompatibleAddress() {
        if ((ipaddress[0] == 0x00) && (ipaddress[1] == 0x00) && (ipaddress[2] == 0x00) && (ipaddress[3] == 0x00)
            && (ipaddress[4] == 0x00) && (ipaddress[5] == 0x00) && (ipaddress[6] == 0x00) && (ipaddress[7] == 0x00)
            && (ipaddress[8] == 0x00) && (ipaddress[9] == 0x00) && (ipaddress[10] == 0x00) && (ipaddress[11] == 0x00))
            return true;
        return false;
    }

    public int getScopeId() {
        return scopeId;
    }

    public byte[] getAddress() {
        return ipaddress.clone();
    }

    public String getHostAddress() {
        StringBuilder sb = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            sb.append(Integer.toHexString(((ipaddress[i << 1] << 8) & 0xff00) | (ipaddress[(i << 1) + 1] & 0xff)));
            if (i < 7) sb.append(":");
        }
        if (scopeIdSet) sb.append('%').append(scopeId);
        return sb.toString();
    }

    public int hashCode() {
        int hash = 0;
        int i = 0;
        while (i < 16) {
            int j = 0;
            int component = 0;
            while (j < 4 && i < 16) {
                component = (component << 8) + ipaddress[i];
                j++;
                i++;
            }
            hash += component;
        }
        return hash;
    }

    public boolean equals(Object obj) {
        if (!(obj instanceof Inet6Address)) return false;
        Inet6Address inetAddr = (Inet6Address) obj;
        return java.util.Arrays.equals(ipaddress, inetAddr.ipaddress);
    }
}
