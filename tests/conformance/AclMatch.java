import java.util.ArrayList;
import java.util.List;

/**
 * An access-control list: rules of several kinds (prefix, port range,
 * protocol, and combinations) checked in order for every packet header;
 * the first match decides. Counts hits per rule.
 * Usage: AclMatch [packets]
 */
public class AclMatch {
    interface Rule {
        boolean matches(int src, int dst, int proto, int sport, int dport);
    }

    static final class PrefixRule implements Rule {
        private final int addr, mask;
        private final boolean onSource;

        PrefixRule(int addr, int len, boolean onSource) {
            this.mask = len == 0 ? 0 : -1 << (32 - len);
            this.addr = addr & mask;
            this.onSource = onSource;
        }

        public boolean matches(int src, int dst, int proto, int sport, int dport) {
            return ((onSource ? src : dst) & mask) == addr;
        }
    }

    static final class PortRule implements Rule {
        private final int lo, hi;

        PortRule(int lo, int hi) { this.lo = lo; this.hi = hi; }

        public boolean matches(int src, int dst, int proto, int sport, int dport) {
            return dport >= lo && dport <= hi;
        }
    }

    static final class ProtoRule implements Rule {
        private final int proto;

        ProtoRule(int proto) { this.proto = proto; }

        public boolean matches(int src, int dst, int proto, int sport, int dport) {
            return this.proto == proto;
        }
    }

    static final class AllOf implements Rule {
        private final Rule[] parts;

        AllOf(Rule... parts) { this.parts = parts; }

        public boolean matches(int src, int dst, int proto, int sport, int dport) {
            for (Rule r : parts)
                if (!r.matches(src, dst, proto, sport, dport)) return false;
            return true;
        }
    }

    static final class Entry {
        final Rule rule;
        final boolean permit;
        long hits;

        Entry(Rule rule, boolean permit) { this.rule = rule; this.permit = permit; }
    }

    private final List<Entry> entries = new ArrayList<>();
    private long defaultHits;

    void add(Rule r, boolean permit) { entries.add(new Entry(r, permit)); }

    boolean check(int src, int dst, int proto, int sport, int dport) {
        for (Entry e : entries) {
            if (e.rule.matches(src, dst, proto, sport, dport)) {
                e.hits++;
                return e.permit;
            }
        }
        defaultHits++;
        return false;
    }

    static int ip(int a, int b, int c, int d) { return a << 24 | b << 16 | c << 8 | d; }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 40000;
        AclMatch acl = new AclMatch();
        acl.add(new PrefixRule(ip(192, 0, 2, 0), 24, true), false);
        acl.add(new AllOf(new ProtoRule(17), new PortRule(53, 53)), true);
        acl.add(new AllOf(new PrefixRule(ip(10, 1, 0, 0), 16, true), new ProtoRule(6), new PortRule(22, 22)), true);
        acl.add(new AllOf(new ProtoRule(6), new PortRule(80, 80)), true);
        acl.add(new AllOf(new ProtoRule(6), new PortRule(443, 443)), true);
        acl.add(new PrefixRule(ip(10, 0, 0, 0), 8, false), true);
        acl.add(new AllOf(new ProtoRule(17), new PortRule(10000, 20000)), true);
        acl.add(new ProtoRule(1), true);
        long permitted = 0;
        int x = 0x12345678;
        for (int i = 0; i < n; i++) {
            x = x * 1664525 + 1013904223;
            int r = x >>> 3;
            int src = (r & 15) == 0 ? ip(192, 0, 2, r >>> 24) : ip(10, (r >>> 4) & 3, (r >>> 8) & 255, r >>> 24);
            int dst = (r & 64) != 0 ? ip(10, 9, 0, 1) : ip(203, 0, 113, (r >>> 16) & 255);
            int proto = (r & 0x300) == 0 ? 17 : ((r & 0xc00) == 0 ? 1 : 6);
            int[] ports = {22, 53, 80, 443, 8080, 12000};
            int dport = ports[(r >>> 12) % ports.length];
            int sport = 1024 + ((r >>> 5) & 0x7fff);
            if (acl.check(src, dst, proto, sport, dport)) permitted++;
        }
        StringBuilder sb = new StringBuilder();
        for (Entry e : acl.entries) sb.append(e.hits).append(' ');
        System.out.println("permitted " + permitted + " default " + acl.defaultHits);
        System.out.println("hits " + sb.toString().trim());
    }
}
