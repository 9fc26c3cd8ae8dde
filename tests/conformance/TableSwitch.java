// Dense switches (tableswitch), negative ranges, fall-through, default in the middle.
public class TableSwitch {
    static String name(int n) {
        switch (n) {
            case 0: return "zero";
            case 1: return "one";
            case 2: return "two";
            case 3: return "three";
            case 4: return "four";
            case 5: return "five";
            default: return "many";
        }
    }
    static int neg(int n) {
        switch (n) {
            case -3: return 30;
            case -2: return 20;
            case -1: return 10;
            case 0: return 0;
            case 1: return -10;
            case 2: return -20;
            default: return 99;
        }
    }
    static int fall(int n) {
        int r = 0;
        switch (n) {
            case 10: r += 1;
            case 11: r += 10;
            default: r += 100;
            case 12: r += 1000; break;
            case 13: r += 10000;
            case 14: r += 100000;
        }
        return r;
    }
    static int edge(int n) {
        switch (n) {
            case Integer.MAX_VALUE - 2: return 1;
            case Integer.MAX_VALUE - 1: return 2;
            case Integer.MAX_VALUE: return 3;
            default: return 0;
        }
    }
    static int low(int n) {
        switch (n) {
            case Integer.MIN_VALUE: return -1;
            case Integer.MIN_VALUE + 1: return -2;
            case Integer.MIN_VALUE + 2: return -3;
            default: return 0;
        }
    }
    public static void main(String[] args) {
        for (int i = -2; i < 8; i++) System.out.println(i + " " + name(i));
        for (int i = -5; i < 5; i++) System.out.println("neg " + i + " " + neg(i));
        for (int i = 8; i < 16; i++) System.out.println("fall " + i + " " + fall(i));
        int[] e = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 2, Integer.MAX_VALUE - 3, Integer.MIN_VALUE, 0};
        for (int x : e) System.out.println("edge " + x + " " + edge(x) + " " + low(x) + " " + low(x + 1) + " " + low(x + 2));
        long total = 0;
        for (int i = 0; i < 100000; i++) total += neg(i % 9 - 4) + fall(i % 6 + 9);
        System.out.println("total " + total);
    }
}
