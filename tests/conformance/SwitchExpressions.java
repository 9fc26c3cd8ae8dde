// conformance: min-release 17
// Switch expressions (Java 14) on strings, enums and ints: arrows, yield,
// multiple labels, exhaustive enum switches, switch as an argument, and the
// arrow form of switch statements.  javac 17 compiles them to
// lookupswitch/tableswitch on hashCode / ordinal (no invokedynamic: the
// SwitchBootstraps pattern switch is a preview feature in 17).
import java.util.*;

public class SwitchExpressions {
    enum Proto { TCP, UDP, ICMP, SCTP }
    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }

    static int port(String svc) {
        return switch (svc) {
            case "http" -> 80;
            case "https", "h2" -> 443;
            case "ssh" -> 22;
            case "dns" -> {
                int p = 50;
                yield p + 3;
            }
            default -> -1;
        };
    }

    static String kind(Proto p) {
        return switch (p) {
            case TCP, SCTP -> "stream";
            case UDP -> "datagram";
            case ICMP -> "control";
        };
    }

    static int weight(Day d) {
        int w = switch (d) {
            case SAT, SUN:
                yield 0;
            case FRI:
                System.out.println("  (friday)");
                yield 5;
            default:
                yield 8;
        };
        return w;
    }

    static String size(int n) {
        return switch (n) {
            case 0 -> "none";
            case 1, 2, 3 -> "few";
            case 100 -> "hundred";
            default -> n < 0 ? "negative" : "many";
        };
    }

    // strings with colliding hash codes
    static int collide(String s) {
        return switch (s) {
            case "Aa" -> 1;
            case "BB" -> 2;
            case "AaAa" -> 3;
            case "BBBB" -> 4;
            case "AaBB" -> 5;
            default -> 0;
        };
    }

    public static void main(String[] args) {
        for (String s : new String[] { "http", "https", "h2", "ssh", "dns", "gopher", "" })
            System.out.println(s + " -> " + port(s));
        for (Proto p : Proto.values()) System.out.println(p + " " + p.ordinal() + " " + kind(p));
        int total = 0;
        for (Day d : Day.values()) total += weight(d);
        System.out.println("week " + total);
        for (int n : new int[] { 0, 2, 3, 4, 100, -5 }) System.out.print(size(n) + " ");
        System.out.println();
        for (String s : new String[] { "Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa" }) System.out.print(collide(s) + " ");
        System.out.println();
        // switch expression as an argument and in a lambda
        List<String> out = new ArrayList<>();
        for (Proto p : Proto.values()) out.add(switch (p) { case TCP -> "t"; case UDP -> "u"; default -> p.name().toLowerCase(); });
        System.out.println(out);
        java.util.function.Function<Day, String> f = d -> switch (d) { case SAT, SUN -> "weekend"; default -> "weekday"; };
        System.out.println(f.apply(Day.SUN) + " " + f.apply(Day.TUE));
        // arrow-form switch statement
        StringBuilder sb = new StringBuilder();
        for (char c : "a1-b".toCharArray()) {
            switch (c) {
                case 'a', 'b' -> sb.append("L");
                case '1' -> sb.append("D");
                default -> sb.append("?");
            }
        }
        System.out.println(sb);
        // a null selector throws NullPointerException
        try {
            Proto none = null;
            System.out.println(kind(none));
        } catch (NullPointerException e) {
            System.out.println("NPE for a null enum");
        }
        try {
            String none = null;
            System.out.println(port(none));
        } catch (NullPointerException e) {
            System.out.println("NPE for a null string");
        }
    }
}
