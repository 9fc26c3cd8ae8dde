// System.arraycopy: primitives and references, overlapping ranges both ways, and failure cases.
public class ArrayCopy {
    static String str(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++) { if (i > 0) sb.append(','); sb.append(a[i]); }
        return sb.toString();
    }
    static int[] seq(int n) { int[] a = new int[n]; for (int i = 0; i < n; i++) a[i] = i; return a; }
    static void tryCopy(String label, Object src, int sp, Object dst, int dp, int len) {
        try {
            System.arraycopy(src, sp, dst, dp, len);
            System.out.println(label + ": ok");
        } catch (RuntimeException e) {
            System.out.println(label + ": " + e.getClass().getName());
        }
    }
    public static void main(String[] args) {
        int[] a = seq(10);
        System.arraycopy(a, 0, a, 3, 6);
        System.out.println("forward overlap " + str(a));
        a = seq(10);
        System.arraycopy(a, 3, a, 0, 6);
        System.out.println("backward overlap " + str(a));
        a = seq(10);
        System.arraycopy(a, 2, a, 2, 5);
        System.out.println("self " + str(a));
        int[] b = new int[5];
        System.arraycopy(a, 5, b, 0, 5);
        System.out.println("copy " + str(b));
        long[] la = {1, 2, 3, 4, 5, 6};
        System.arraycopy(la, 0, la, 1, 5);
        System.out.println("long " + la[0] + la[1] + la[2] + la[3] + la[4] + la[5]);
        byte[] ba = {1, 2, 3, 4, 5, 6, 7};
        System.arraycopy(ba, 1, ba, 0, 6);
        System.out.println("byte " + ba[0] + ba[1] + ba[5] + ba[6]);
        char[] ca = "abcdefgh".toCharArray();
        System.arraycopy(ca, 0, ca, 2, 6);
        System.out.println("char " + new String(ca));
        double[] da = {0.5, 1.5, 2.5};
        double[] db = new double[3];
        System.arraycopy(da, 0, db, 0, 3);
        System.out.println("double " + db[0] + " " + db[2]);
        String[] sa = {"a", "b", "c", "d"};
        Object[] oa = new Object[4];
        System.arraycopy(sa, 0, oa, 0, 4);
        System.arraycopy(oa, 0, oa, 1, 3);
        System.out.println("objects " + oa[0] + oa[1] + oa[2] + oa[3]);
        Object[] mixed = {"x", Integer.valueOf(1), "y"};
        String[] dst = new String[3];
        tryCopy("mixed into String[]", mixed, 0, dst, 0, 3);
        System.out.println("partial " + dst[0] + " " + dst[1] + " " + dst[2]);
        tryCopy("int to long", new int[2], 0, new long[2], 0, 2);
        tryCopy("int to Object[]", new int[2], 0, new Object[2], 0, 2);
        tryCopy("not array", "str", 0, new char[3], 0, 1);
        tryCopy("null src", null, 0, new int[1], 0, 1);
        tryCopy("null dst", new int[1], 0, null, 0, 1);
        tryCopy("neg len", new int[3], 0, new int[3], 0, -1);
        tryCopy("neg pos", new int[3], -1, new int[3], 0, 1);
        tryCopy("too long", new int[3], 1, new int[3], 0, 3);
        tryCopy("dst too short", new int[3], 0, new int[2], 1, 2);
        tryCopy("zero len at end", new int[3], 3, new int[3], 3, 0);
        tryCopy("int[][] to Object[]", new int[2][2], 0, new Object[2], 0, 2);
        int[] big = seq(100000);
        int[] big2 = new int[100000];
        System.arraycopy(big, 0, big2, 0, big.length);
        System.arraycopy(big2, 0, big2, 1, big.length - 1);
        System.out.println("big " + big2[0] + " " + big2[1] + " " + big2[99999]);
    }
}
