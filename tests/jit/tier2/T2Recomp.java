/** Tier 2, the second compile (-Xjit:tier2,-recompile) and leaving at an
 *  inlined callee's `throw new` (-Xjit:tier2,-xleave).  total() is
 *  compiled at its first call, before any Shape was made: its virtual
 *  call has no receiver class yet and stays a call; after 256 calls it
 *  compiles again and inlines both areas (its caller's inline cache still
 *  enters the old code, which goes on in the new).  check() throws from
 *  inside a callee inlined into sum(): the code leaves at the new, the
 *  interpreter throws (java's stack trace). */
public class T2Recomp {
    static abstract class Shape { abstract int area(); }
    static final class Sq extends Shape { final int s; Sq(int s) { this.s = s; } int area() { return s * s; } }
    static final class Tri extends Shape { final int b; Tri(int b) { this.b = b; } int area() { return b * b / 2; } }

    static int total(int n) {
        int t = 0;
        for (int i = 0; i < n; i++) {
            Shape s = (i & 1) == 0 ? new Sq(i & 15) : new Tri(i & 31);
            t += s.area();
        }
        return t;
    }
    static final class Guard {
        int limit;
        Guard(int limit) { this.limit = limit; }
        int check(int x) {
            if (x > limit) throw new IllegalArgumentException("over " + limit);
            return x * 3;
        }
    }
    static long sum(Guard g, int[] xs) {
        long s = 0;
        for (int x : xs) s += g.check(x);
        return s;
    }
    public static void main(String[] args) {
        long h = 0;
        for (int r = 0; r < 600; r++) h = h * 31 + total(40 + (r & 7));
        System.out.println("total " + h);
        int[] xs = new int[100];
        for (int i = 0; i < xs.length; i++) xs[i] = (i * 37) % 101;
        Guard g = new Guard(1000);
        for (int r = 0; r < 400; r++) h = h * 31 + sum(g, xs);
        System.out.println("sum " + h);
        g.limit = 50;
        try {
            sum(g, xs);
        } catch (IllegalArgumentException e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println(e.getMessage() + " at " + st[0].getMethodName() + " <- " + st[1].getMethodName() + " <- " + st[2].getMethodName());
        }
    }
}
