// switch on String: hashCode dispatch then equals, including colliding hash codes ("Aa"/"BB").
public class StringSwitch {
    static int classify(String s) {
        switch (s) {
            case "Aa": return 1;
            case "BB": return 2;
            case "AaAa": return 3;
            case "BBBB": return 4;
            case "AaBB": return 5;
            case "": return 6;
            case "hello": return 7;
            case "tcp": case "udp": return 8;
            default: return 0;
        }
    }
    static String proto(String p) {
        String r = "other";
        switch (p.toLowerCase()) {
            case "icmp": r = "1"; break;
            case "tcp": r = "6"; break;
            case "udp": r = "17"; break;
            case "gre": r = "47";
            case "esp": r += "/50"; break;
        }
        return r;
    }
    public static void main(String[] args) {
        String[] in = {"Aa", "BB", "AaAa", "BBBB", "AaBB", "BBAa", "", "hello", "Hello", "tcp", "udp", "x"};
        for (String s : in) System.out.println("'" + s + "' hash " + s.hashCode() + " -> " + classify(s));
        String[] ps = {"ICMP", "tcp", "Udp", "gre", "esp", "sctp"};
        for (String p : ps) System.out.println(p + " " + proto(p));
        String built = new StringBuilder("he").append("llo").toString();
        System.out.println("built " + classify(built));
        try {
            classify(null);
        } catch (NullPointerException e) {
            System.out.println("null switch -> NPE");
        }
    }
}
