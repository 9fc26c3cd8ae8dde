// Integer <-> Roman numeral conversion with validation, round-tripped for 1..3999.
public class RomanNumerals {
    static final int[] VAL = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
    static final String[] SYM = {"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"};
    static String toRoman(int n) {
        if (n <= 0 || n >= 4000) throw new IllegalArgumentException("out of range: " + n);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < VAL.length; i++) while (n >= VAL[i]) { sb.append(SYM[i]); n -= VAL[i]; }
        return sb.toString();
    }
    static int value(char c) {
        switch (c) {
            case 'I': return 1; case 'V': return 5; case 'X': return 10; case 'L': return 50;
            case 'C': return 100; case 'D': return 500; case 'M': return 1000;
            default: throw new IllegalArgumentException("bad numeral " + c);
        }
    }
    static int fromRoman(String s) {
        int total = 0;
        for (int i = 0; i < s.length(); i++) {
            int v = value(s.charAt(i));
            if (i + 1 < s.length() && v < value(s.charAt(i + 1))) total -= v; else total += v;
        }
        return total;
    }
    public static void main(String[] args) {
        int[] samples = {1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999};
        for (int n : samples) System.out.println(n + " " + toRoman(n) + " " + fromRoman(toRoman(n)));
        int ok = 0, chars = 0;
        for (int n = 1; n < 4000; n++) { String r = toRoman(n); chars += r.length(); if (fromRoman(r) == n) ok++; }
        System.out.println("roundtrip " + ok + " chars " + chars);
        try { toRoman(0); } catch (IllegalArgumentException e) { System.out.println(e.getMessage()); }
        try { fromRoman("MXQ"); } catch (IllegalArgumentException e) { System.out.println(e.getMessage()); }
    }
}
