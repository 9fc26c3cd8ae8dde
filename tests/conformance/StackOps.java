// Expressions that compile to dup/dup_x1/dup_x2/dup2/dup2_x1/dup2_x2/swap/pop/pop2.
public class StackOps {
    int i;
    long l;
    double d;
    static long sl;
    static double sd;
    static long lret() { return 42L; }
    static double dret() { return 2.5; }

    public static void main(String[] args) {
        StackOps o = new StackOps();
        int a = o.i++;          // dup_x1
        int b = ++o.i;
        long c = o.l++;         // dup2_x1
        long e = ++o.l;
        double f = o.d += 1.5;  // dup2_x1
        System.out.println(a + " " + b + " " + c + " " + e + " " + f + " " + o.i + " " + o.l + " " + o.d);
        long[] la = new long[3];
        double[] da = new double[3];
        long g = la[1]++;       // dup2_x2
        long h = la[1] += 10;
        double k = da[2] = 7.5; // dup2_x2
        da[0] = da[1] = da[2];
        System.out.println(g + " " + h + " " + k + " " + la[1] + " " + da[0] + " " + da[1]);
        int[] ia = new int[2];
        int m = ia[0] = ia[1] = 9;  // dup_x2
        System.out.println(m + " " + ia[0] + " " + ia[1]);
        long q = sl = sl + 5;
        double r = sd = sd - 1;
        System.out.println(q + " " + r);
        lret();      // pop2
        dret();      // pop2
        "x".length(); // pop
        int x, y, z;
        x = y = z = 3;
        System.out.println(x + y + z);
        long u, v;
        u = v = 1L << 40;
        System.out.println(u + v);
        StackOps[] arr = {new StackOps(), new StackOps()};
        arr[1].l += arr[0].l -= 3;
        System.out.println(arr[0].l + " " + arr[1].l);
    }
}
