// Local classes declared in methods, capturing locals and the enclosing instance; recursion through them.
public class LocalClasses {
    int factor = 3;

    int run(final int n) {
        class Acc {
            int total;
            void add(int v) { total += v * factor + n; }
        }
        Acc acc = new Acc();
        for (int i = 0; i < n; i++) acc.add(i);
        return acc.total;
    }
    static String fib(final int n) {
        class Fib {
            long f(int k) { return k < 2 ? k : f(k - 1) + f(k - 2); }
        }
        return "fib(" + n + ")=" + new Fib().f(n);
    }
    static Object make(final String msg) {
        class Holder {
            public String toString() { return "Holder[" + msg + "]"; }
        }
        return new Holder();
    }
    public static void main(String[] args) {
        LocalClasses lc = new LocalClasses();
        System.out.println(lc.run(4) + " " + lc.run(10));
        lc.factor = -1;
        System.out.println(lc.run(4));
        System.out.println(fib(20));
        System.out.println(make("a") + " " + make("b"));
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            final int k = i;
            class Step { int val() { return k * k; } }
            sum += new Step().val();
        }
        System.out.println("sum " + sum);
    }
}
