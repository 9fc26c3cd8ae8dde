/* java.net.InetAddress for vifvm: IP address literals parsed and formatted
 * exactly as the JDK does (IPAddressUtil's rules, including the rejection
 * of ambiguous BSD-style literals such as 0x1.2.3.4), with no name
 * resolution: a host name other than "localhost" throws
 * UnknownHostException saying vifvm does none, and getHostName returns the
 * address text where the JDK would ask DNS.  Named IPv6 scopes (fe80::1%eth0)
 * need network interfaces, which vifvm does not provide. */
package java.net;

public class InetAddress implements java.io.Serializable {
    private static final long serialVersionUID = 3286316764910316507L;

    String hostName;

    InetAddress() {}

    public boolean isMulticastAddress() { return false; }
    public boolean isAnyLocalAddress() { return false; }
    public boolean isLoopbackAddress() { return false; }
    public boolean isLinkLocalAddress() { return false; }
    public boolean isSiteLocalAddress() { return false; }
    public boolean isMCGlobal() { return false; }
    public boolean isMCNodeLocal() { return false; }
    public boolean isMCLinkLocal() { return false; }
    public boolean isMCSiteLocal() { return false; }
    public boolean isMCOrgLocal() { return false; }

    public boolean isReachable(int timeout) throws java.io.IOException {
        throw new UnsupportedOperationException(
            "java.net.InetAddress.isReachable: vifvm does not provide sockets");
    }

    public String getHostName() {
        if (hostName == null) hostName = getHostAddress(); // no reverse lookup
        return hostName;
    }

    public String getCanonicalHostName() {
        return getHostAddress();
    }

    public byte[] getAddress() {
        return null;
    }

    public String getHostAddress() {
        return null;
    }

    public int hashCode() {
        return 0;
    }

    public boolean equals(Object obj) {
        return false;
    }

    public String toString() {
        String h = hostName;
        return ((h != null) ? h : "") + "/" + getHostAddress();
    }

    public static InetAddress getByAddress(String host, byte[] addr) throws UnknownHostException {
        if (host != null && host.length() > 0 && host.charAt(0) == '[') {
            if (host.charAt(host.length() - 1) == ']') host = host.substring(1, host.length() - 1);
        }
        if (addr != null) {
            if (addr.length == 4) return new Inet4Address(host, addr);
            else if (addr.length == 16) {
                byte[] newAddr = convertFromIPv4MappedAddress(addr);
                if (newAddr != null) return new Inet4Address(host, newAddr);
                else return new Inet6Address(host, addr, -1);
            }
        }
        throw new UnknownHostException("addr is of illegal length");
    }

    public static InetAddress getByAddress(byte[] addr) throws UnknownHostException {
        return getByAddress(null, addr);
    }

    public static InetAddress getByName(String host) throws UnknownHostException {
        return getAllByName(host)[0];
    }

    public static InetAddress[] getAllByName(String host) throws UnknownHostException {
        if (host == null || host.length() == 0) return new InetAddress[] { getLoopbackAddress() };
        boolean ipv6Expected = false;
        if (host.charAt(0) == '[') {
            if (host.length() > 2 && host.charAt(host.length() - 1) == ']') {
                host = host.substring(1, host.length() - 1);
                ipv6Expected = true;
            } else {
                throw invalidIPv6LiteralException(host, false);
            }
        }
        if (Character.digit(host.charAt(0), 16) != -1 || (host.charAt(0) == ':')) {
            byte[] addr = null;
            int numericZone = -1;
            String ifname = null;
            if (!ipv6Expected) {
                addr = textToNumericFormatV4(host);
                if (addr == null && isBsdParsableV4(host)) throw new UnknownHostException(host);
            }
            if (addr == null) {
                int pos;
                if ((pos = host.indexOf('%')) != -1) {
                    numericZone = checkNumericZone(host);
                    if (numericZone == -1) ifname = host.substring(pos + 1);
                }
                if ((addr = textToNumericFormatV6(host)) == null && (host.indexOf(':') >= 0 || ipv6Expected))
                    throw invalidIPv6LiteralException(host, ipv6Expected);
            }
            if (addr != null) {
                if (addr.length == 4) {
                    if (numericZone != -1 || ifname != null)
                        throw new UnknownHostException(host + ": invalid IPv4-mapped address");
                    return new InetAddress[] { new Inet4Address(null, addr) };
                }
                if (ifname != null)
                    throw new UnknownHostException("no such interface " + ifname
                                                   + " (vifvm does not provide network interfaces)");
                return new InetAddress[] { new Inet6Address(null, addr, numericZone) };
            }
        } else if (ipv6Expected) {
            throw invalidIPv6LiteralException(host, true);
        }
        if (host.equalsIgnoreCase("localhost")) {
            Inet4Address lo = new Inet4Address(host, new byte[] { 127, 0, 0, 1 });
            return new InetAddress[] { lo };
        }
        throw new UnknownHostException(host + ": vifvm does no name resolution (only IP address literals)");
    }

    public static InetAddress getLoopbackAddress() {
        return new Inet4Address("localhost", new byte[] { 127, 0, 0, 1 });
    }

    /* There is no host name to look up: the loopback address, named
     * "localhost". */
    public static InetAddress getLocalHost() throws UnknownHostException {
        return getLoopbackAddress();
    }

    private static UnknownHostException invalidIPv6LiteralException(String host, boolean wrapInBrackets) {
        String hostString = wrapInBrackets ? "[" + host + "]" : host;
        return new UnknownHostException(hostString + ": invalid IPv6 address literal");
    }

    private static int checkNumericZone(String s) throws UnknownHostException {
        int percent = s.indexOf('%');
        int slen = s.length();
        int digit, zone = 0;
        if (percent == -1) return -1;
        for (int i = percent + 1; i < slen; i++) {
            char c = s.charAt(i);
            if (c == ']') {
                if (i == percent + 1) return -1;
                break;
            }
            if ((digit = Character.digit(c, 10)) < 0) return -1;
            zone = (zone * 10) + digit;
        }
        return zone;
    }

    // ---- sun.net.util.IPAddressUtil ----------------------------------------

    static byte[] textToNumericFormatV4(String src) {
        byte[] res = new byte[4];
        long tmpValue = 0;
        int currByte = 0;
        boolean newOctet = true;
        int len = src.length();
        if (len == 0 || len > 15) return null;
        for (int i = 0; i < len; i++) {
            char c = src.charAt(i);
            if (c == '.') {
                if (newOctet || tmpValue < 0 || tmpValue > 0xff || currByte == 3) return null;
                res[currByte++] = (byte) (tmpValue & 0xff);
                tmpValue = 0;
                newOctet = true;
            } else {
                int digit = (c >= '0' && c <= '9') ? c - '0' : -1;
                if (digit < 0) return null;
                tmpValue *= 10;
                tmpValue += digit;
                newOctet = false;
            }
        }
        if (newOctet || tmpValue < 0 || tmpValue >= (1L << ((4 - currByte) * 8))) return null;
        switch (currByte) {
        case 0:
            res[0] = (byte) ((tmpValue >> 24) & 0xff);
        case 1:
            res[1] = (byte) ((tmpValue >> 16) & 0xff);
        case 2:
            res[2] = (byte) ((tmpValue >> 8) & 0xff);
        case 3:
            res[3] = (byte) ((tmpValue >> 0) & 0xff);
        }
        return res;
    }

    /* Would BSD inet_aton accept it (hex 0x.., octal 0.., 1 to 4 fields)? */
    static boolean isBsdParsableV4(String input) {
        char first = input.charAt(0);
        if (first < '0' || first > '9') return false;
        char last = input.charAt(input.length() - 1);
        if (last == '.' || Character.digit(last, 16) == -1) return false;
        String[] fields = input.split("\\.", -1);
        int n = fields.length;
        if (n > 4) return false;
        for (int f = 0; f < n; f++) {
            String s = fields[f];
            if (s.length() == 0) return false;
            int radix = 10, start = 0;
            if (s.length() > 1 && s.charAt(0) == '0') {
                if (s.charAt(1) == 'x' || s.charAt(1) == 'X') {
                    radix = 16;
                    start = 2;
                } else {
                    radix = 8;
                    start = 1;
                }
            }
            long v = 0;
            for (int i = start; i < s.length(); i++) {
                int d = Character.digit(s.charAt(i), radix);
                if (d < 0 || s.charAt(i) > 'f') return false;
                v = v * radix + d;
                if (v > 0xffffffffL) return false;
            }
            long max = (f == n - 1) ? (1L << ((5 - n) * 8)) - 1 : 0xff;
            if (v > max) return false;
        }
        return true;
    }

    static byte[] textToNumericFormatV6(String src) {
        if (src.length() < 2) return null;
        int colonp;
        char ch;
        boolean sawXdigit;
        int val;
        char[] srcb = src.toCharArray();
        byte[] dst = new byte[16];
        int srcbLength = srcb.length;
        int pc = src.indexOf('%');
        if (pc == srcbLength - 1) return null;
        if (pc != -1) srcbLength = pc;
        colonp = -1;
        int i = 0, j = 0;
        if (srcb[i] == ':')
            if (srcb[++i] != ':') return null;
        int curtok = i;
        sawXdigit = false;
        val = 0;
        while (i < srcbLength) {
            ch = srcb[i++];
            int chval = Character.digit(ch, 16);
            if (chval != -1) {
                val <<= 4;
                val |= chval;
                if (val > 0xffff) return null;
                sawXdigit = true;
                continue;
            }
            if (ch == ':') {
                curtok = i;
                if (!sawXdigit) {
                    if (colonp != -1) return null;
                    colonp = j;
                    continue;
                } else if (i == srcbLength) {
                    return null;
                }
                if (j + 2 > 16) return null;
                dst[j++] = (byte) ((val >> 8) & 0xff);
                dst[j++] = (byte) (val & 0xff);
                sawXdigit = false;
                val = 0;
                continue;
            }
            if (ch == '.' && ((j + 4) <= 16)) {
                String ia4 = src.substring(curtok, srcbLength);
                int dotCount = 0, index = 0;
                while ((index = ia4.indexOf('.', index)) != -1) {
                    dotCount++;
                    index++;
                }
                if (dotCount != 3) return null;
                byte[] v4addr = textToNumericFormatV4(ia4);
                if (v4addr == null) return null;
                for (int k = 0; k < 4; k++) dst[j++] = v4addr[k];
                sawXdigit = false;
                break;
            }
            return null;
        }
        if (sawXdigit) {
            if (j + 2 > 16) return null;
            dst[j++] = (byte) ((val >> 8) & 0xff);
            dst[j++] = (byte) (val & 0xff);
        }
        if (colonp != -1) {
            int n = j - colonp;
            if (j == 16) return null;
            for (i = 1; i <= n; i++) {
                dst[16 - i] = dst[colonp + n - i];
                dst[colonp + n - i] = 0;
            }
            j = 16;
        }
        if (j != 16) return null;
        byte[] newdst = convertFromIPv4MappedAddress(dst);
        return newdst != null ? newdst : dst;
    }

    static byte[] convertFromIPv4MappedAddress(byte[] addr) {
        if (isIPv4MappedAddress(addr)) {
            byte[] newAddr = new byte[4];
            System.arraycopy(addr, 12, newAddr, 0, 4);
            return newAddr;
        }
        return null;
    }

    private static boolean isIPv4MappedAddress(byte[] addr) {
        if (addr.length < 16) return false;
        for (int i = 0; i < 10; i++)
            if (addr[i] != 0x00) return false;
        return addr[10] == (byte) 0xff && addr[11] == (byte) 0xff;
    }
}
