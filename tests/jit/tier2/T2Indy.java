import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;

/* i18: methods with invokedynamic (compiled with --release 9 or later:
 * string concatenation through StringConcatFactory, lambdas through
 * LambdaMetafactory) in tier 2.  java T2Indy loop|gc|throw */
public class T2Indy {
    static final class Port {
        final int id;
        long bytes;
        Port(int id) { this.id = id; }
        @Override public String toString() { return "port" + id + "(" + bytes + "B)"; }
    }

    static final class Broken {
        final int n;
        Broken(int n) { this.n = n; }
        @Override public String toString() {
            if (n > 2) throw new IllegalStateException("cannot print " + n);
            return "ok" + n;
        }
    }

    static int mix(IntBinaryOperator op, int a, int b) { return op.applyAsInt(a, b); }

    /* a loop with lambdas used inside it, a summary by concatenation after it */
    static long loop(int n, int seed) {
        Port[] ports = new Port[8];
        for (int i = 0; i < ports.length; i++) ports[i] = new Port(i);
        IntUnaryOperator hash = x -> (x * 0x9E3779B1) ^ (x >>> 15) ^ seed;
        long total = 0;
        int h = seed;
        for (int i = 0; i < n; i++) {
            h = hash.applyAsInt(h + i);
            final int salt = i & 7;
            IntUnaryOperator len = x -> 64 + ((x >>> 3) & 511) + salt;   /* captures: a new object each time */
            int l = len.applyAsInt(h);
            Port p = ports[(h >>> 28) & 7];
            p.bytes += l;
            total += mix((a, b) -> a ^ b, l, salt);
        }
        StringBuilder sb = new StringBuilder();
        for (Port p : ports) sb.append(p).append(' ');
        System.out.println("loop n=" + n + " total=" + total + " h=" + h + " ports: " + sb);
        System.out.println("last " + ports[3] + ", " + (total > 1000) + ", " + (char) ('a' + (h & 15)) + ", " + 2.5 * seed + ", " + (total / 3.0f));
        return total;
    }

    /* many concatenations: collections while tier-2 code runs */
    static long gc(int n) {
        List<String> keep = new ArrayList<>();
        long len = 0;
        for (int i = 0; i < n; i++) {
            String s = "flow " + i + " -> " + (i * 7L) + "/" + (i % 3 == 0) + ":" + (char) ('A' + i % 26);
            len += s.length();
            if (i % 1000 == 0) keep.add(s);
        }
        System.out.println("gc n=" + n + " len=" + len + " kept=" + keep.size() + " first=" + keep.get(0) + " last=" + keep.get(keep.size() - 1));
        return len;
    }

    /* Broken.toString throws inside the concatenation */
    static int report(Broken[] bs) {
        int s = 0;
        for (int i = 0; i < bs.length; i++) {
            s += bs[i].n;
            System.out.println("item " + i + ": " + bs[i]);
        }
        return s;
    }

    public static void main(String[] args) {
        String mode = args.length > 0 ? args[0] : "loop";
        if (mode.equals("loop")) {
            long t = 0;
            for (int r = 0; r < 40; r++) t += loop(2000 + r, r);
            System.out.println("sum " + t);
        } else if (mode.equals("gc")) {
            long t = 0;
            for (int r = 0; r < 6; r++) t += gc(20000 + r);
            System.out.println("sum " + t);
        } else {
            Broken[] ok = { new Broken(0), new Broken(1), new Broken(2) };
            int t = 0;
            for (int r = 0; r < 20; r++) t += report(ok);
            System.out.println("sum " + t);
            report(new Broken[] { new Broken(1), new Broken(2), new Broken(3), new Broken(0) });
        }
    }
}
