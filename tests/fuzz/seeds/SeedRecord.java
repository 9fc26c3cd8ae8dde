// Seed for the class-file fuzzer (compiled for Java 17 only): a record,
// a sealed interface, nest-mate private access, pattern instanceof.
public class SeedRecord {
    sealed interface Expr permits Num, Add {}
    record Num(int v) implements Expr {}
    record Add(Expr l, Expr r) implements Expr {}
    private static int secret = 5;
    static class Peer { int peek() { return secret; } }
    static int eval(Expr e) {
        if (e instanceof Num n) return n.v();
        if (e instanceof Add a) return eval(a.l()) + eval(a.r());
        return 0;
    }
    public static void main(String[] args) {
        Expr e = new Add(new Num(3), new Add(new Num(4), new Num(new Peer().peek())));
        System.out.println(e + " = " + eval(e));
    }
}
