// Math exact arithmetic (overflow -> ArithmeticException), floorDiv/floorMod, negateExact, toIntExact.
public class MathExact {
    interface Op { long run(); }
    static void attempt(String label, Op op) {
        try {
            System.out.println(label + " = " + op.run());
        } catch (ArithmeticException e) {
            System.out.println(label + " -> " + e.getMessage());
        }
    }
    public static void main(String[] args) {
        attempt("addExact int ok", new Op() { public long run() { return Math.addExact(1, 2); } });
        attempt("addExact int overflow", new Op() { public long run() { return Math.addExact(Integer.MAX_VALUE, 1); } });
        attempt("subtractExact int", new Op() { public long run() { return Math.subtractExact(Integer.MIN_VALUE, 1); } });
        attempt("multiplyExact int", new Op() { public long run() { return Math.multiplyExact(65536, 65536); } });
        attempt("multiplyExact long ok", new Op() { public long run() { return Math.multiplyExact(1L << 31, 1L << 31); } });
        attempt("multiplyExact long", new Op() { public long run() { return Math.multiplyExact(1L << 32, 1L << 31); } });
        attempt("addExact long", new Op() { public long run() { return Math.addExact(Long.MAX_VALUE, 1L); } });
        attempt("incrementExact", new Op() { public long run() { return Math.incrementExact(Integer.MAX_VALUE); } });
        attempt("decrementExact", new Op() { public long run() { return Math.decrementExact(Long.MIN_VALUE); } });
        attempt("negateExact", new Op() { public long run() { return Math.negateExact(Integer.MIN_VALUE); } });
        attempt("toIntExact ok", new Op() { public long run() { return Math.toIntExact(-5L); } });
        attempt("toIntExact", new Op() { public long run() { return Math.toIntExact(1L << 31); } });
        int[] as = {7, -7, 0, Integer.MIN_VALUE};
        int[] bs = {2, -2, 3, -1};
        for (int a : as) {
            for (int b : bs) {
                System.out.println(a + " " + b + ": div " + (a / b) + " floorDiv " + Math.floorDiv(a, b)
                    + " rem " + (a % b) + " floorMod " + Math.floorMod(a, b));
            }
        }
        System.out.println(Math.floorDiv(-7L, 2L) + " " + Math.floorMod(-7L, 2L) + " " + Math.floorMod(7L, -3L));
        attempt("floorDiv by zero", new Op() { public long run() { return Math.floorDiv(1, 0); } });
    }
}
