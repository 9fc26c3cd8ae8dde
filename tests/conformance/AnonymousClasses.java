// Anonymous classes: capturing effectively-final locals and parameters, extending classes and interfaces.
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

public class AnonymousClasses {
    interface Counter { int next(); }
    static abstract class Op {
        final String sym;
        Op(String s) { sym = s; }
        abstract int apply(int a, int b);
    }
    int base = 1000;

    Counter makeCounter(final int start, final int step) {
        return new Counter() {
            int cur = start;
            public int next() { int r = cur + base; cur += step; return r; }
        };
    }
    public static void main(String[] args) {
        AnonymousClasses outer = new AnonymousClasses();
        Counter c = outer.makeCounter(5, 3);
        System.out.println(c.next() + " " + c.next() + " " + c.next());
        outer.base = 0;
        System.out.println(c.next());
        final String prefix = "result:";
        Op[] ops = {
            new Op("+") { int apply(int a, int b) { return a + b; } },
            new Op("*") { int apply(int a, int b) { return a * b; } },
            new Op("max") { int apply(int a, int b) { return a > b ? a : b; } },
        };
        for (Op op : ops) System.out.println(prefix + op.sym + "=" + op.apply(6, 7));
        List<String> words = new ArrayList<String>();
        Collections.addAll(words, "delta", "alpha", "charlie", "bravo", "echo");
        final int[] calls = {0};
        Collections.sort(words, new Comparator<String>() {
            public int compare(String a, String b) { calls[0]++; return b.compareTo(a); }
        });
        System.out.println(words + " compared>0 " + (calls[0] > 0));
        Runnable r = new Runnable() {
            public void run() { System.out.println("run " + prefix); }
        };
        r.run();
        Object o = new Object() { public String toString() { return "anon toString"; } };
        System.out.println(o);
        System.out.println(o.getClass().getName());
    }
}
