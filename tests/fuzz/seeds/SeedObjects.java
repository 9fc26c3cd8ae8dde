// Seed for the class-file fuzzer: enums with bodies, inner, local and
// anonymous classes, static initialisers, varargs, string concatenation.
public class SeedObjects {
    enum Op {
        ADD { int apply(int a, int b) { return a + b; } },
        MUL { int apply(int a, int b) { return a * b; } };
        abstract int apply(int a, int b);
    }
    static int counter;
    static { counter = 42; }
    class Inner { int get() { return counter + 1; } }
    static int sum(int... xs) { int s = 0; for (int x : xs) s += x; return s; }
    public static void main(String[] args) {
        SeedObjects o = new SeedObjects();
        SeedObjects.Inner in = o.new Inner();
        class Local implements Runnable { public void run() { counter++; } }
        new Local().run();
        Runnable anon = new Runnable() { public void run() { counter *= 2; } };
        anon.run();
        StringBuilder sb = new StringBuilder();
        for (Op op : Op.values()) sb.append(op.name()).append('=').append(op.apply(6, 7)).append(';');
        String s = "in=" + in.get() + " sum=" + sum(1, 2, 3) + " " + sb + " c=" + counter;
        System.out.println(s);
    }
}
