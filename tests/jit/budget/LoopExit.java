// Loops that end: javac's `goto cond; body; cond: if_icmp<c> body` shape
// (the interpreter fuses goto + compare), count-down, do-while, nested.
public class LoopExit {
    static int up(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
    static int down(int n) { int s = 0; for (int i = n; i >= 0; i--) s ^= i; return s; }
    static int doWhile(int n) { int i = 0; do { i += 3; } while (i < n); return i; }
    static int nested(int n) {
        int s = 0;
        for (int i = 0; i < n; i++)
            for (int j = i; j < n; j += 2) s += j;
        return s;
    }
    public static void main(String[] a) {
        int t = 0;
        for (int k = 0; k < 5; k++) t += up(10 + k) + down(k) + doWhile(20) + nested(k);
        System.out.println(t);
    }
}
