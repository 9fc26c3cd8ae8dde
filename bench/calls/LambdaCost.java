// LambdaCost: the cost of calling a lambda or a method reference from
// compiled code, against the same call through an interface implemented by
// an ordinary class (bench/lambda_calls.sh runs it; see bench/README.md).
// As InvokeCost: each loop makes 8 calls per iteration; the best of TRIALS
// short runs minus the best empty loop, divided by the number of calls, is
// printed as `kind ns_per_call`.  The interface is java.util.function's
// IntUnaryOperator in every case, so the only difference is the receiver's
// class: a javac-compiled class, or the class vifvm generated for the
// lambda (interp/indy_lambda.c), whose method calls the lambda body.
import java.util.function.IntUnaryOperator;

public class LambdaCost {
    static final int TRIALS = 41;
    static int sink;
    static final IntUnaryOperator[] keep = new IntUnaryOperator[8];

    static final class AddOne implements IntUnaryOperator {
        public int applyAsInt(int x) { return x + 1; }
    }

    static final class AddK implements IntUnaryOperator {
        final int k;
        AddK(int k) { this.k = k; }
        public int applyAsInt(int x) { return x + k; }
    }

    static int addOne(int x) { return x + 1; }

    int k = 1;
    int addK(int x) { return x + k; }

    static long empty(int n) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) { a += i; }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static long calls(int n, IntUnaryOperator o) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            a = o.applyAsInt(a); a = o.applyAsInt(a); a = o.applyAsInt(a); a = o.applyAsInt(a);
            a = o.applyAsInt(a); a = o.applyAsInt(a); a = o.applyAsInt(a); a = o.applyAsInt(a);
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    /* creating a capturing lambda: invokedynamic each time (8 per iteration) */
    static long create(int n) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            int c = i;
            a += c;
            IntUnaryOperator f;
            f = x -> x + c; keep[0] = f; f = x -> x + c; keep[1] = f;
            f = x -> x + c; keep[2] = f; f = x -> x + c; keep[3] = f;
            f = x -> x + c; keep[4] = f; f = x -> x + c; keep[5] = f;
            f = x -> x + c; keep[6] = f; f = x -> x + c; keep[7] = f;
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    /* the same with ordinary objects */
    static long createClass(int n) {
        int a = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            int c = i;
            a += c;
            IntUnaryOperator f;
            f = new AddK(c); keep[0] = f; f = new AddK(c); keep[1] = f;
            f = new AddK(c); keep[2] = f; f = new AddK(c); keep[3] = f;
            f = new AddK(c); keep[4] = f; f = new AddK(c); keep[5] = f;
            f = new AddK(c); keep[6] = f; f = new AddK(c); keep[7] = f;
        }
        long t1 = System.nanoTime();
        sink += a;
        return t1 - t0;
    }

    static final String[] NAMES = { "interface_class", "lambda", "method_ref_static",
        "interface_class_capture", "lambda_capture", "method_ref_bound", "create_class",
        "create_lambda" };

    static long run(int op, int n) {
        int k = 1;
        LambdaCost self = new LambdaCost();
        switch (op) {
        case 0: return calls(n, new AddOne());
        case 1: return calls(n, x -> x + 1);
        case 2: return calls(n, LambdaCost::addOne);
        case 3: return calls(n, new AddK(k));
        case 4: return calls(n, x -> x + k);
        case 5: return calls(n, self::addK);
        case 6: return createClass(n);
        case 7: return create(n);
        default: return empty(n);
        }
    }

    static long best(int op, int n) {
        long b = Long.MAX_VALUE;
        for (int r = 0; r < TRIALS; r++) {
            long t = run(op, n);
            if (t < b) b = t;
        }
        return b;
    }

    static String ps(long psec) {
        if (psec < 0) psec = 0;
        long ns = psec / 1000, frac = (psec % 1000) / 10;
        return ns + "." + (frac < 10 ? "0" : "") + frac;
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        for (int op = 0; op <= NAMES.length; op++) run(op, n / 10 + 1);
        long e = best(NAMES.length, n);
        for (int op = 0; op < NAMES.length; op++) {
            long t = best(op, n) - e;
            System.out.println(NAMES[op] + " " + ps(t * 1000 / (8L * n)));
        }
    }
}
