// clone() of arrays: copies are independent, multi-dimensional clone is shallow.
public class ArrayClone {
    public static void main(String[] args) {
        int[] a = {1, 2, 3};
        int[] b = a.clone();
        b[0] = 99;
        System.out.println(a[0] + " " + b[0] + " " + (a != b) + " " + b.length);
        long[] la = {5L, 6L};
        long[] lb = la.clone();
        lb[1]++;
        System.out.println(la[1] + " " + lb[1]);
        String[] s = {"x", "y"};
        String[] t = s.clone();
        t[1] = "z";
        System.out.println(s[1] + t[1] + " same elem " + (s[0] == t[0]));
        int[][] m = {{1, 2}, {3, 4}};
        int[][] n = m.clone();
        n[0][0] = 42;
        n[1] = new int[] {7};
        System.out.println(m[0][0] + " " + m[1].length + " " + n[1].length);
        double[] empty = new double[0];
        System.out.println("empty clone " + empty.clone().length);
        Object o = new char[] {'a', 'b'};
        char[] cc = ((char[]) o).clone();
        System.out.println(new String(cc));
        boolean[] z = {true, false};
        boolean[] z2 = z.clone();
        z2[0] = false;
        System.out.println(z[0] + " " + z2[0]);
    }
}
