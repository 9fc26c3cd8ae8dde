/* BceEdges.java - bounds-check elimination edge cases (tests/jit/opts.sh):
 * every loop is of the versioned shape `for (i = a; i < n; i += s) x[i]`
 * but the hoisted check must fail (or pass) for the reasons named, and the
 * exception must come at exactly the failing iteration, with the earlier
 * iterations' side effects done. */
public class BceEdges {
    static int count;

    static void show(String what, int[] a) {
        StringBuilder sb = new StringBuilder(what).append(':');
        for (int i = 0; i < a.length; i++) sb.append(' ').append(a[i]);
        System.out.println(sb.append(" count=").append(count));
    }

    static void fill(int[] a, int from, int n, int step) {
        for (int i = from; i < n; i += step) { a[i] = i + 100; count++; }
    }

    static void fillLe(int[] a, int from, int n) {
        for (int i = from; i <= n; i++) { a[i] = i * 3; count++; }
    }

    static int sumVar(int[] a, int from, int n, int step) {
        int s = 0;
        for (int i = from; i < n; i += step) { s += a[i]; count++; }
        return s;
    }

    static int sumLen(byte[] b) {
        int s = 0;
        for (int i = 0; i < b.length; i++) s += b[i];
        return s;
    }

    static int reassigned(int[] a, int[] b, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i];
            count++;
            if (i == 2) a = b;          /* x stored in the loop: no BCE */
        }
        return s;
    }

    static int ivChanged(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i];
            if (a[i] == 7) i += 3;      /* i changed twice per iteration */
        }
        return s;
    }

    static long mixed(char[] c, short[] sh, boolean[] z, long[] l, double[] d, int n) {
        long acc = 0;
        double dd = 0;
        for (int i = 0; i < n; i++) {
            c[i] = (char) ('a' + i);
            sh[i] = (short) (-i * 1000);
            z[i] = (i & 1) == 0;
            l[i] = (long) i << 40;
            d[i] = i / 4.0;
            acc += c[i] + sh[i] + (z[i] ? 1 : 0) + l[i];
            dd += d[i];
        }
        return acc + (long) dd;
    }

    static int countDown(int[] a) {
        int s = 0;
        for (int i = a.length - 1; i >= 0; i--) s = s * 3 + a[i];
        return s;
    }

    static int nested(int[][] m) {
        int s = 0;
        for (int i = 0; i < m.length; i++)
            for (int j = 0; j < m[i].length; j++) { m[i][j] = i * 10 + j; s += m[i][j]; }
        return s;
    }

    static void tryFill(String what, int[] a, int from, int n, int step) {
        count = 0;
        try {
            fill(a, from, n, step);
            show(what + " ok", a);
        } catch (ArrayIndexOutOfBoundsException e) {
            show(what + " " + e.getMessage(), a);
        }
    }

    public static void main(String[] args) {
        tryFill("plain", new int[6], 0, 6, 1);
        tryFill("step2", new int[7], 1, 7, 2);
        tryFill("negative-start", new int[5], -2, 5, 1);
        tryFill("n>length", new int[5], 0, 8, 1);
        tryFill("n>length-step3", new int[5], 0, 9, 3);
        tryFill("empty", new int[4], 3, 2, 1);
        /* i + step wraps past Integer.MAX_VALUE: a[negative] at the wrap */
        tryFill("overflow", new int[20], 10, 20, Integer.MAX_VALUE - 5);
        tryFill("overflow-fits", new int[20], 0, 20, Integer.MAX_VALUE - 25);
        count = 0;
        try { fill(null, 0, 3, 1); } catch (NullPointerException e) { System.out.println("null array: NPE count=" + count); }
        count = 0;
        try { fill(null, 5, 3, 1); System.out.println("null array, no iteration: ok"); } catch (NullPointerException e) { System.out.println("unexpected NPE"); }
        count = 0;
        int[] le = new int[5];
        try { fillLe(le, 0, 4); show("le ok", le); fillLe(le, 2, 5); } catch (ArrayIndexOutOfBoundsException e) { show("le " + e.getMessage(), le); }
        count = 0;
        int[] data = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
        System.out.println("sumVar " + sumVar(data, 0, 10, 1) + " " + sumVar(data, 1, 10, 4) + " count=" + count);
        try { sumVar(data, 3, 11, 2); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("sumVar " + e.getMessage() + " count=" + count); }
        System.out.println("sumVar negative step " + sumVar(data, 3, -1, -1) + " count=" + count);
        System.out.println("sumLen " + sumLen(new byte[] { 1, -2, 3, -4, 127 }) + " " + sumLen(new byte[0]));
        count = 0;
        try { System.out.println("reassigned " + reassigned(data, new int[3], 3)); reassigned(data, new int[3], 6); }
        catch (ArrayIndexOutOfBoundsException e) { System.out.println("reassigned " + e.getMessage() + " count=" + count); }
        System.out.println("ivChanged " + ivChanged(data, 10));
        try { ivChanged(new int[] { 7, 7, 7, 7, 7 }, 5); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("ivChanged " + e.getMessage()); }
        int n = 12;
        System.out.println("mixed " + mixed(new char[n], new short[n], new boolean[n], new long[n], new double[n], n));
        try { mixed(new char[n], new short[n], new boolean[5], new long[n], new double[n], n); }
        catch (ArrayIndexOutOfBoundsException e) { System.out.println("mixed " + e.getMessage()); }
        System.out.println("countDown " + countDown(data));
        int[][] m = new int[4][];
        for (int i = 0; i < 4; i++) m[i] = new int[i + 2];
        System.out.println("nested " + nested(m));
        m[2] = null;
        try { nested(m); } catch (NullPointerException e) { System.out.println("nested NPE " + m[1][2]); }
    }
}
