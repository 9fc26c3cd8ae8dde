/** Dominated bounds checks (t2_opt.c, T2_O_DCHK): an access dominated by
 *  one of the same array at the same index, or at a constant index at least
 *  as large, needs no check; any other must still throw. */
public class T2Dchk {
    static int down(byte[] a) { return a[7] + a[5] + a[0] + a[7]; }       /* 3 proven */
    static int up(byte[] a) { return a[0] + a[5] + a[7]; }                /* none: each may throw */
    static int same(int[] a, int i) { a[i] = a[i] + 1; return a[i]; }     /* 2 proven */
    static int other(int[] a, int[] b) { return a[3] + b[2]; }            /* none: two arrays */
    static int branch(int[] a, int k) {
        int s = 0;
        if (k > 0) s = a[4];
        return s + a[2];                                                  /* not dominated */
    }

    static String run(int n) {
        StringBuilder sb = new StringBuilder();
        try { sb.append(down(new byte[n])); } catch (ArrayIndexOutOfBoundsException e) { sb.append("down:" + e.getMessage()); }
        sb.append(' ');
        try { sb.append(up(new byte[n])); } catch (ArrayIndexOutOfBoundsException e) { sb.append("up:" + e.getMessage()); }
        sb.append(' ');
        try { sb.append(same(new int[n], n - 3)); } catch (ArrayIndexOutOfBoundsException e) { sb.append("same:" + e.getMessage()); }
        sb.append(' ');
        try { sb.append(other(new int[n], new int[2])); } catch (ArrayIndexOutOfBoundsException e) { sb.append("other:" + e.getMessage()); }
        sb.append(' ');
        try { sb.append(branch(new int[n], n & 1)); } catch (ArrayIndexOutOfBoundsException e) { sb.append("branch:" + e.getMessage()); }
        return sb.toString();
    }

    public static void main(String[] args) {
        long h = 0;
        for (int r = 0; r < 3000; r++) h = h * 31 + run(1 + r % 9).hashCode();
        System.out.println(h);
        for (int n = 1; n <= 9; n++) System.out.println(run(n));
    }
}
