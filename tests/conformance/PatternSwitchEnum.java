// conformance: min-release 17
// conformance: javac-args --enable-preview
// conformance: jvm-args --enable-preview
// An enum switch with patterns, as javac 17 compiles it with
// --enable-preview: invokedynamic SwitchBootstraps.enumSwitch with the
// constant names (Strings) and Class labels; guards on the enum value
// (restart), constants with bodies (subclasses of the enum), case null,
// a null selector without it (NullPointerException), and a hot loop.
public class PatternSwitchEnum {
    enum Proto { TCP, UDP, ICMP, SCTP, GRE }
    enum Op {
        ADD { int apply(int a, int b) { return a + b; } },
        SUB { int apply(int a, int b) { return a - b; } },
        MUL { int apply(int a, int b) { return a * b; } };
        abstract int apply(int a, int b);
    }

    static String proto(Proto p) {
        return switch (p) {
            case TCP -> "stream";
            case UDP -> "datagram";
            case Proto q && q.ordinal() >= 3 -> "late " + q.name().toLowerCase();
            case Proto q -> "other " + q;
        };
    }

    static String op(Op o) {
        return switch (o) {
            case null -> "no op";
            case MUL -> "times";
            case Op x && x.apply(2, 2) == 4 -> "sum-like " + x;
            case Op x -> "op " + x + " " + x.apply(7, 3);
        };
    }

    static int weight(Proto p) {
        switch (p) {
            case ICMP:
                return 1;
            case Proto q && q == Proto.GRE:
                return 5;
            case Proto q:
                return 10 + q.ordinal();
        }
    }

    public static void main(String[] args) {
        for (Proto p : Proto.values()) System.out.println(p + " -> " + proto(p) + " w=" + weight(p));
        for (Op o : Op.values()) System.out.println(o + " -> " + op(o));
        System.out.println(op(null));
        try {
            proto(null);
        } catch (NullPointerException e) {
            System.out.println("proto(null): NullPointerException");
        }
        long s = 0;
        Proto[] ps = Proto.values();
        for (int i = 0; i < 100000; i++) s += weight(ps[i % ps.length]) + proto(ps[(i * 7) % ps.length]).length();
        System.out.println("sum " + s);
    }
}
