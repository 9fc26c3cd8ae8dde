// The visitor pattern over an expression tree: double dispatch through interfaces and overloads.
public class VisitorPattern {
    interface Visitor<R> {
        R visitNum(Num n);
        R visitAdd(Add a);
        R visitMul(Mul m);
        R visitNeg(Neg n);
    }
    static abstract class Expr { abstract <R> R accept(Visitor<R> v); }
    static final class Num extends Expr {
        final int v; Num(int v) { this.v = v; }
        <R> R accept(Visitor<R> vis) { return vis.visitNum(this); }
    }
    static final class Add extends Expr {
        final Expr l, r; Add(Expr l, Expr r) { this.l = l; this.r = r; }
        <R> R accept(Visitor<R> vis) { return vis.visitAdd(this); }
    }
    static final class Mul extends Expr {
        final Expr l, r; Mul(Expr l, Expr r) { this.l = l; this.r = r; }
        <R> R accept(Visitor<R> vis) { return vis.visitMul(this); }
    }
    static final class Neg extends Expr {
        final Expr e; Neg(Expr e) { this.e = e; }
        <R> R accept(Visitor<R> vis) { return vis.visitNeg(this); }
    }
    static final class Eval implements Visitor<Integer> {
        public Integer visitNum(Num n) { return n.v; }
        public Integer visitAdd(Add a) { return a.l.accept(this) + a.r.accept(this); }
        public Integer visitMul(Mul m) { return m.l.accept(this) * m.r.accept(this); }
        public Integer visitNeg(Neg n) { return -n.e.accept(this); }
    }
    static final class Show implements Visitor<String> {
        public String visitNum(Num n) { return Integer.toString(n.v); }
        public String visitAdd(Add a) { return "(" + a.l.accept(this) + " + " + a.r.accept(this) + ")"; }
        public String visitMul(Mul m) { return a(m.l) + " * " + a(m.r); }
        String a(Expr e) { return e.accept(this); }
        public String visitNeg(Neg n) { return "-" + n.e.accept(this); }
    }
    static final class Depth implements Visitor<Integer> {
        public Integer visitNum(Num n) { return 1; }
        public Integer visitAdd(Add a) { return 1 + Math.max(a.l.accept(this), a.r.accept(this)); }
        public Integer visitMul(Mul m) { return 1 + Math.max(m.l.accept(this), m.r.accept(this)); }
        public Integer visitNeg(Neg n) { return 1 + n.e.accept(this); }
    }
    static Expr build(int depth, int seed) {
        if (depth == 0) return new Num(seed % 10);
        switch (seed % 4) {
            case 0: return new Add(build(depth - 1, seed * 7 + 1), build(depth - 1, seed * 3 + 2));
            case 1: return new Mul(build(depth - 1, seed + 5), new Num(seed % 3));
            case 2: return new Neg(build(depth - 1, seed * 5 + 3));
            default: return new Add(new Num(seed % 7), build(depth - 1, seed * 11 + 7));
        }
    }
    public static void main(String[] args) {
        Expr e = new Add(new Mul(new Num(3), new Num(4)), new Neg(new Add(new Num(1), new Num(2))));
        System.out.println(e.accept(new Show()) + " = " + e.accept(new Eval()) + " depth " + e.accept(new Depth()));
        long total = 0;
        for (int s = 0; s < 200; s++) {
            Expr x = build(10, s);
            total += x.accept(new Eval()) + x.accept(new Depth()) + x.accept(new Show()).length();
        }
        System.out.println("total " + total);
        System.out.println(build(4, 1).accept(new Show()));
    }
}
