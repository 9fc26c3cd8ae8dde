// Integer/Long parsing failures and their NumberFormatException messages.
public class NumberParsing {
    static void tryInt(String s) {
        try {
            System.out.println("int '" + s + "' = " + Integer.parseInt(s));
        } catch (NumberFormatException e) {
            System.out.println("int '" + s + "' NFE: " + e.getMessage());
        }
    }
    static void tryLong(String s) {
        try {
            System.out.println("long '" + s + "' = " + Long.parseLong(s));
        } catch (NumberFormatException e) {
            System.out.println("long '" + s + "' NFE: " + e.getMessage());
        }
    }
    static void tryRadix(String s, int radix) {
        try {
            System.out.println("radix " + radix + " '" + s + "' = " + Integer.parseInt(s, radix));
        } catch (NumberFormatException e) {
            System.out.println("radix " + radix + " '" + s + "' NFE: " + e.getMessage());
        }
    }
    public static void main(String[] args) {
        String[] ints = {"0", "12", "-12", "+", "-", "", "abc", "12a", " 12", "12 ", "2147483648", "-2147483649",
            "99999999999", "1_000", "0x10", "+-1", "--1"};
        for (String s : ints) tryInt(s);
        String[] longs = {"9223372036854775807", "9223372036854775808", "-9223372036854775809", "1L", "12.0", "-"};
        for (String s : longs) tryLong(s);
        tryRadix("ff", 16);
        tryRadix("FF", 15);
        tryRadix("z", 36);
        tryRadix("10", 37);
        tryRadix("10", 1);
        tryRadix("11111111111111111111111111111111", 2);
        try {
            Integer.parseInt(null);
        } catch (NumberFormatException e) {
            System.out.println("null: " + e.getMessage());
        }
        try {
            Integer.valueOf("x1");
        } catch (NumberFormatException e) {
            System.out.println("valueOf: " + e.getMessage() + " " + (e instanceof IllegalArgumentException));
        }
        int ok = 0, bad = 0;
        for (int i = -500; i < 500; i++) {
            String s = i % 3 == 0 ? i + "x" : Integer.toString(i * 1000003);
            try { ok += Integer.parseInt(s) & 1; } catch (NumberFormatException e) { bad++; }
        }
        System.out.println("ok " + ok + " bad " + bad);
    }
}
