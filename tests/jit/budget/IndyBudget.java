import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;

/* i18: invokedynamic ticks the budget as the interpreter does (once the
 * site is linked): a non-capturing lambda (a constant), a capturing one (a
 * new object each time) and a method reference, made inside a loop, in
 * the interpreter, the baseline and tier 2 (javac --release 8: no
 * concatenation by invokedynamic here; tests/jit/tier2.sh's i18 has it) */
public class IndyBudget {
    static int twice(int x) { return 2 * x; }

    static int run(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            final int k = i;
            IntUnaryOperator add = x -> x + k;
            IntUnaryOperator inc = x -> x + 1;
            IntUnaryOperator dbl = IndyBudget::twice;
            IntSupplier z = () -> 3;
            s = add.applyAsInt(inc.applyAsInt(dbl.applyAsInt(s & 255))) + z.getAsInt();
        }
        return s;
    }

    public static void main(String[] args) {
        int s = 0;
        for (int r = 0; r < 40; r++) s += run(60);
        System.out.println(s);
    }
}
