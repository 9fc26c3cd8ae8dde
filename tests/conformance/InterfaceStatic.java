// Static methods and constants in interfaces; interface-typed fields and invokeinterface.
public class InterfaceStatic {
    interface MathOps {
        int TEN = 10;
        String PREFIX = "op:";
        static int twice(int x) { return 2 * x; }
        static MathOps adder(final int k) {
            return new MathOps() { public int apply(int x) { return x + k; } };
        }
        int apply(int x);
        default MathOps then(final MathOps next) {
            final MathOps self = this;
            return new MathOps() { public int apply(int x) { return next.apply(self.apply(x)); } };
        }
    }
    static class Square implements MathOps {
        public int apply(int x) { return x * x; }
    }
    public static void main(String[] args) {
        System.out.println(MathOps.twice(21) + " " + MathOps.TEN + " " + MathOps.PREFIX);
        MathOps f = MathOps.adder(3).then(new Square()).then(MathOps.adder(-1));
        for (int i = 0; i < 5; i++) System.out.println(MathOps.PREFIX + i + " -> " + f.apply(i));
        MathOps[] ops = {new Square(), MathOps.adder(100)};
        int acc = 1;
        for (int r = 0; r < 3; r++) for (MathOps op : ops) acc = op.apply(acc) % 100003;
        System.out.println("acc " + acc);
    }
}
