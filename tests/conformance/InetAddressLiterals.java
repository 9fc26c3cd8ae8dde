// java.net.InetAddress on IP literals: parsing (IPv4 short forms, IPv6 with
// "::", embedded IPv4, numeric scopes, brackets), formatting, equality and
// the address-class predicates; invalid literals' exception messages.  Host
// names (which need DNS) are reported by exception class only.
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

public class InetAddressLiterals {
    static String flags(InetAddress a) {
        return (a.isLoopbackAddress() ? "L" : "-") + (a.isAnyLocalAddress() ? "A" : "-")
            + (a.isSiteLocalAddress() ? "S" : "-") + (a.isLinkLocalAddress() ? "K" : "-")
            + (a.isMulticastAddress() ? "M" : "-") + (a.isMCGlobal() ? "g" : "-")
            + (a.isMCLinkLocal() ? "l" : "-") + (a.isMCSiteLocal() ? "s" : "-")
            + (a.isMCOrgLocal() ? "o" : "-") + (a.isMCNodeLocal() ? "n" : "-");
    }

    public static void main(String[] args) throws Exception {
        String[] literals = {
            "1.2.3.4", "127.1", "10", "1.2.65535", "255.255.255.255", "0.0.0.0", "01.2.3.04",
            "10.1.2.3", "172.16.0.1", "172.32.0.1", "192.168.1.1", "169.254.9.9", "224.0.0.1",
            "239.255.0.1", "239.192.0.1", "230.1.2.3",
            "::1", "[::1]", "::", "::ffff:1.2.3.4", "::ffff:0102:0304", "::0.0.0.1", "::1.2.3.4",
            "2001:db8::ff00:42:8329", "2001:0DB8:0000:0000:0000:0000:0000:0001", "1::2:3:4:5:6:7",
            "fe80::1%5", "[fe80::abcd%12]", "fec0::1", "ff02::1", "ff0e::1", "ff05::2", "ff08::3", "ff01::1",
            "0x1.2.3.4", "1.2.3.256", "1.2.3.4.5", "00000000000001.2.3.4", "[1.2.3.4]", "[::1", "::1:",
            "1:2:3:4:5:6:7:8:9", "1.2.3.4%5", "::ffff:1.2.3.4%3", "12345", "4294967295", "4294967296",
            "1..2.3", "1.2.3.", "::g", "[]", "1::2::3",
        };
        for (String s : literals) {
            try {
                InetAddress a = InetAddress.getByName(s);
                System.out.println(s + " -> " + a + " " + a.getClass().getSimpleName() + " "
                    + a.getHostAddress() + " " + Arrays.toString(a.getAddress()) + " " + a.hashCode()
                    + " " + flags(a));
            } catch (UnknownHostException e) {
                String m = e.getMessage();
                boolean dns = m != null && m.startsWith(s + ": ") && !m.contains("invalid");
                System.out.println(s + " !! UnknownHostException" + (dns ? " (needs DNS)" : " " + m));
            }
        }
        InetAddress a = InetAddress.getByAddress(new byte[] { 10, 0, 0, (byte) 200 });
        InetAddress b = InetAddress.getByName("10.0.0.200");
        System.out.println(a + " " + a.equals(b) + " " + (a.hashCode() == b.hashCode()) + " " + (a instanceof Inet4Address));
        InetAddress named = InetAddress.getByAddress("router", new byte[] { (byte) 192, (byte) 168, 0, 1 });
        System.out.println(named + " " + named.getHostName() + " " + named.getHostAddress() + " " + named.equals(InetAddress.getByName("192.168.0.1")));
        byte[] v6 = new byte[16];
        v6[0] = 0x20;
        v6[1] = 0x01;
        v6[15] = 5;
        InetAddress c = InetAddress.getByAddress(v6);
        System.out.println(c + " " + (c instanceof Inet6Address) + " " + c.equals(InetAddress.getByName("2001::5")));
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        mapped[12] = 8;
        mapped[15] = 8;
        System.out.println(InetAddress.getByAddress(mapped) + " " + InetAddress.getByAddress(mapped).getClass().getSimpleName());
        Inet6Address scoped = Inet6Address.getByAddress(null, v6, 3);
        System.out.println(scoped + " " + scoped.getScopeId() + " " + ((Inet6Address) c).isIPv4CompatibleAddress());
        try {
            InetAddress.getByAddress(new byte[5]);
        } catch (UnknownHostException e) {
            System.out.println("UnknownHostException " + e.getMessage());
        }
        System.out.println(InetAddress.getLoopbackAddress() + " " + InetAddress.getByName(null) + " "
            + InetAddress.getByName("") + " " + InetAddress.getAllByName("::2").length);
        InetAddress p = InetAddress.getByName("8.8.4.4");
        System.out.println(p.getHostAddress() + " " + InetAddress.getByName("fe80:0:0:0:0:0:0:1%5").getHostAddress());
        // matching an address against a prefix, the VIFlet way
        int prefix = 0, len = 12;
        for (byte x : InetAddress.getByName("172.20.3.4").getAddress()) prefix = (prefix << 8) | (x & 0xff);
        System.out.println((prefix >>> (32 - len)) == (0xac100000 >>> (32 - len)));
    }
}
