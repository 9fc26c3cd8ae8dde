// Enum constants with bodies (constant-specific methods), abstract enum methods, enums implementing interfaces.
public class EnumBodies {
    interface Describable { String describe(); }
    enum Op implements Describable {
        PLUS("+") { long apply(long a, long b) { return a + b; } },
        MINUS("-") { long apply(long a, long b) { return a - b; } },
        TIMES("*") {
            long apply(long a, long b) { return a * b; }
            public String describe() { return "multiply"; }
        },
        POW("^") {
            long apply(long a, long b) { long r = 1; for (int i = 0; i < b; i++) r *= a; return r; }
        };
        final String sym;
        Op(String s) { sym = s; }
        abstract long apply(long a, long b);
        public String describe() { return "op " + sym; }
    }
    enum Singleton {
        INSTANCE;
        private int hits;
        int hit() { return ++hits; }
    }
    public static void main(String[] args) {
        for (Op op : Op.values()) {
            System.out.println(op + " " + op.sym + " " + op.apply(7, 3) + " " + op.describe()
                + " declaring=" + op.getDeclaringClass().getSimpleName() + " ordinal=" + op.ordinal());
        }
        Describable d = Op.TIMES;
        System.out.println(d.describe());
        Singleton.INSTANCE.hit();
        Singleton.INSTANCE.hit();
        System.out.println("hits " + Singleton.INSTANCE.hit());
        System.out.println(Op.valueOf("POW").apply(2, 10));
    }
}
