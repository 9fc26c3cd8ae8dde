// Private fields, methods and constructors used across nested classes (nestmates in javac 11+,
// synthetic accessors with --release 8).
public class Nestmates {
    private int value;
    private static int sCount;
    private Nestmates(int v) { value = v; sCount++; }
    private int twice() { return value * 2; }
    private static String stat(String s) { return "<" + s + ">"; }

    static class Friend {
        private String name = "friend";
        int poke(Nestmates n) { n.value += 10; return n.twice(); }
        Nestmates create(int v) { return new Nestmates(v); }
        private String hidden() { return stat(name); }
    }
    class Inner {
        private long inner = 5;
        long sum() { return value + inner + sCount; }
    }
    String readFriend(Friend f) { return f.name + f.hidden(); }
    long readInner(Inner i) { i.inner *= 2; return i.inner; }

    public static void main(String[] args) {
        Friend f = new Friend();
        Nestmates n = f.create(1);
        System.out.println(f.poke(n) + " " + n.value);
        System.out.println(n.readFriend(f));
        Inner in = n.new Inner();
        System.out.println(in.sum() + " " + n.readInner(in) + " " + in.sum());
        Nestmates m = new Nestmates(4);
        System.out.println(m.twice() + " " + sCount + " " + stat("x"));
        int acc = 0;
        for (int i = 0; i < 100000; i++) acc += f.poke(m) & 7;
        System.out.println("acc " + acc + " " + m.value);
    }
}
