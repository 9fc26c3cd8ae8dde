import java.util.ArrayList;
import java.util.List;

/* o17: tier 2 by counts and on-stack replacement (tests/jit/tier2.sh, the
 * "o17" section).  One scenario per argument; each prints what it computed. */
public class T2Osr {
    static int[] table = new int[256];

    /* a small method with a short loop, called many times */
    static int work(int x) {
        int s = x;
        for (int k = 0; k < 3; k++) s = s * 31 + k;
        return s;
    }

    static int mix(int a, int b) { return (a * 0x9e3779b9) ^ (b >>> 7); }

    /* a loop entered once: its whole run is one activation */
    static long longLoop(int n) {
        long sum = 0;
        int[] t = table;
        for (int i = 0; i < n; i++) {
            int h = mix(i, (int) sum);
            t[h & 255] += i;
            sum += h ^ t[(i * 7) & 255];
        }
        return sum + t[3];
    }

    /* nested: the inner loop's back edges count (OSR at the inner header) */
    static long nestedInner(int n) {
        long s = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < 1000; j++) s += (i ^ j) & 15;
        return s;
    }

    /* nested: the inner loop runs rarely, so the outer back edge trips */
    static long nestedOuter(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < (i % 1000 == 999 ? 2 : 0); j++) s += j + i;
            s += i & 3;
        }
        return s;
    }

    /* recursive: the baseline's code calls itself (bound to its own entry),
     * so activations keep starting in it after the method's tier-up */
    static long rec(int depth, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += i ^ depth;
        if (depth > 0) s += rec(depth - 1, n);
        return s;
    }

    /* throws out of the loop after many iterations (through main) */
    static int scan(int[] a, int limit) {
        int acc = 0;
        for (int i = 0; ; i++) {
            acc += a[i % a.length];
            if (i == limit) throw new IllegalStateException("scan stopped at " + i + " acc " + acc);
        }
    }

    static final class Node {
        final long v; final Node next; final int[] pad;
        Node(long v, Node next) { this.v = v; this.next = next; this.pad = new int[(int) (v & 31) + 1]; }
    }

    /* allocation-heavy: many collections while the loop runs in OSR code */
    static long churn(int n) {
        Node keep = null;
        List<int[]> list = new ArrayList<>();
        long s = 0;
        for (int i = 0; i < n; i++) {
            Node x = new Node(i, (i & 63) == 0 ? null : keep);
            keep = (i & 1023) == 0 ? null : x;
            int[] arr = new int[64 + (i & 127)];
            arr[i & 63] = i;
            if ((i & 255) == 0) { list.add(arr); if (list.size() > 16) list.remove(0); }
            s += x.v + x.pad.length + arr[i & 63];
        }
        for (Node p = keep; p != null; p = p.next) s += p.v;
        for (int[] a : list) s += a.length;
        return s;
    }

    /* allocation in a loop tier 2 compiles: collections while the OSR code runs */
    static long alloc(int n) {
        long s = 0;
        int[] keep = new int[4];
        for (int i = 0; i < n; i++) {
            int[] arr = new int[64 + (i & 127)];
            arr[i & 63] = i;
            if ((i & 1023) == 0) keep = arr;
            s += arr[i & 63] + keep.length + keep[i & 3];
        }
        return s + keep[0];
    }

    /* doubles, longs and references live across the header */
    static String mixed(int n) {
        double d = 1.0;
        long l = 7;
        String tag = "t";
        StringBuilder sb = new StringBuilder();
        float f = 0.5f;
        for (int i = 0; i < n; i++) {
            d = d * 1.0000001 + (i & 7);
            l = l * 6364136223846793005L + i;
            f += (i & 3) * 0.25f;
            if ((i & 16383) == 0) { tag = "t" + (i >> 14); sb.append(tag).append(','); }
        }
        return d + " " + l + " " + f + " " + tag + " " + sb;
    }

    public static void main(String[] args) {
        String what = args.length > 0 ? args[0] : "all";
        if (what.equals("calls") || what.equals("all")) {
            int r = 0;
            for (int i = 0; i < 10; i++) r += work(i);   /* (10 calls) */
            System.out.println("calls " + r);
        }
        if (what.equals("loop") || what.equals("all")) System.out.println("loop " + longLoop(300000));
        if (what.equals("nested") || what.equals("all")) {
            System.out.println("inner " + nestedInner(200));
            System.out.println("outer " + nestedOuter(200000));
        }
        if (what.equals("gc") || what.equals("all")) {
            System.out.println("gc " + alloc(400000));
            System.out.println("churn " + churn(400000));
        }
        if (what.equals("mixed") || what.equals("all")) System.out.println("mixed " + mixed(300000));
        if (what.equals("rec") || what.equals("all")) System.out.println("rec " + rec(300, 40));
        if (what.equals("throw")) {
            int[] a = new int[100];
            for (int i = 0; i < a.length; i++) a[i] = i * i;
            System.out.println("before");
            System.out.println(scan(a, 50000));
        }
    }
}
