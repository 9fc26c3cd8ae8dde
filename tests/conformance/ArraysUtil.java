// java.util.Arrays: sort, binarySearch, fill, equals, copyOf, copyOfRange, asList, toString, hashCode.
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

public class ArraysUtil {
    public static void main(String[] args) {
        int[] a = {5, 3, 9, -1, 0, 3, 12, -7};
        Arrays.sort(a);
        System.out.println(Arrays.toString(a));
        System.out.println("search 9 " + Arrays.binarySearch(a, 9) + " search 4 " + Arrays.binarySearch(a, 4));
        long[] l = {3L, -2L, 1L << 40};
        Arrays.sort(l);
        System.out.println(Arrays.toString(l));
        double[] d = {2.5, -0.0, 0.0, -3.5, 1e10};
        Arrays.sort(d);
        System.out.println(Arrays.toString(d));
        char[] c = "sorting".toCharArray();
        Arrays.sort(c);
        System.out.println(new String(c));
        String[] s = {"pear", "apple", "fig", "banana", "cherry"};
        Arrays.sort(s);
        System.out.println(Arrays.toString(s));
        Arrays.sort(s, new Comparator<String>() {
            public int compare(String x, String y) {
                if (x.length() != y.length()) return x.length() - y.length();
                return x.compareTo(y);
            }
        });
        System.out.println(Arrays.toString(s));
        int[] f = new int[5];
        Arrays.fill(f, 7);
        Arrays.fill(f, 1, 3, -1);
        System.out.println(Arrays.toString(f));
        System.out.println(Arrays.equals(new int[] {1, 2}, new int[] {1, 2}) + " " + Arrays.equals(new int[] {1}, new int[] {2}));
        int[] g = Arrays.copyOf(a, 3);
        int[] h = Arrays.copyOf(a, 10);
        int[] r = Arrays.copyOfRange(a, 2, 5);
        System.out.println(Arrays.toString(g) + " " + Arrays.toString(h) + " " + Arrays.toString(r));
        String[] longer = Arrays.copyOf(s, 6);
        System.out.println(Arrays.toString(longer));
        List<String> list = Arrays.asList("x", "y", "z");
        System.out.println(list + " " + list.size() + " " + list.get(1) + " " + list.contains("z"));
        System.out.println(Arrays.hashCode(new int[] {1, 2, 3}) + " " + Arrays.hashCode(new long[] {1L, 1L << 33}));
        System.out.println(Arrays.hashCode(new Object[] {"a", "b"}));
        Integer[] boxed = {3, 1, 2};
        Arrays.sort(boxed);
        System.out.println(Arrays.toString(boxed));
        System.out.println(Arrays.toString((int[]) null) + " " + Arrays.toString(new int[0]));
        System.out.println(Arrays.deepToString(new int[][] {{1, 2}, {3}}));
        int[] big = new int[2000];
        for (int i = 0; i < big.length; i++) big[i] = (i * 7919) % 2003;
        Arrays.sort(big);
        boolean sorted = true;
        for (int i = 1; i < big.length; i++) if (big[i - 1] > big[i]) sorted = false;
        System.out.println("sorted " + sorted + " " + big[0] + " " + big[1999]);
    }
}
