// Sparse switches (lookupswitch) with negative, extreme and widely spaced keys.
public class LookupSwitch {
    static int sparse(int n) {
        switch (n) {
            case -1000000: return 1;
            case -77: return 2;
            case -1: return 3;
            case 0: return 4;
            case 17: return 5;
            case 1000: return 6;
            case 65536: return 7;
            case 123456789: return 8;
            case Integer.MAX_VALUE: return 9;
            case Integer.MIN_VALUE: return 10;
            default: return -1;
        }
    }
    static String http(int code) {
        String s;
        switch (code) {
            case 200: s = "OK"; break;
            case 301: s = "Moved"; break;
            case 404: s = "Not Found"; break;
            case 500: s = "Error"; break;
            case 503: s = "Unavailable"; break;
            default: s = "?";
        }
        return s;
    }
    static long longKey(long v) {
        switch ((int) (v >>> 32)) {
            case 0: return 1;
            case 0x7FFFFFFF: return 2;
            case 0x80000000: return 3;
            case 0xFFFFFFFF: return 4;
            default: return 0;
        }
    }
    public static void main(String[] args) {
        int[] keys = {-1000000, -999999, -77, -1, 0, 1, 17, 999, 1000, 65536, 123456789,
            Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1};
        for (int k : keys) System.out.println(k + " -> " + sparse(k));
        int[] codes = {200, 201, 301, 404, 500, 503, 0, -200};
        for (int c : codes) System.out.println(c + " " + http(c));
        long[] ls = {5L, 0x7FFFFFFF00000000L, Long.MIN_VALUE, -1L, 0x100000000L};
        for (long l : ls) System.out.println("long " + l + " " + longKey(l));
        int acc = 0;
        for (int i = -2000; i < 2000; i++) acc = acc * 7 + sparse(i * 17);
        System.out.println("acc " + acc);
    }
}
