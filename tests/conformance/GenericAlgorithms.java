// Generic static methods with bounded type parameters over arrays and lists: min/max, binary search, merge, reverse.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class GenericAlgorithms {
    static <T extends Comparable<? super T>> int search(T[] a, T key) {
        int lo = 0, hi = a.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = a[mid].compareTo(key);
            if (c < 0) lo = mid + 1; else if (c > 0) hi = mid - 1; else return mid;
        }
        return -(lo + 1);
    }
    static <T extends Comparable<? super T>> List<T> merge(List<T> a, List<T> b) {
        List<T> out = new ArrayList<T>();
        int i = 0, j = 0;
        while (i < a.size() && j < b.size()) out.add(a.get(i).compareTo(b.get(j)) <= 0 ? a.get(i++) : b.get(j++));
        while (i < a.size()) out.add(a.get(i++));
        while (j < b.size()) out.add(b.get(j++));
        return out;
    }
    static <T> void reverse(T[] a) { for (int i = 0, j = a.length - 1; i < j; i++, j--) { T t = a[i]; a[i] = a[j]; a[j] = t; } }
    static <T extends Comparable<T>> T[] minMax(T[] a, T[] out) {
        T mn = a[0], mx = a[0];
        for (T x : a) { if (x.compareTo(mn) < 0) mn = x; if (x.compareTo(mx) > 0) mx = x; }
        out[0] = mn; out[1] = mx;
        return out;
    }
    public static void main(String[] args) {
        Integer[] ints = {1, 3, 5, 7, 9, 11};
        String[] strs = {"apple", "banana", "cherry", "date"};
        System.out.println(search(ints, 7) + " " + search(ints, 8) + " " + search(strs, "cherry") + " " + search(strs, "aardvark"));
        System.out.println(merge(Arrays.asList(1, 4, 9), Arrays.asList(2, 3, 10, 11)));
        System.out.println(merge(Arrays.asList("b", "d"), Arrays.asList("a", "c", "e")));
        reverse(strs);
        System.out.println(Arrays.toString(strs));
        System.out.println(Arrays.toString(minMax(new Double[] {3.5, -1.0, 9.25}, new Double[2])));
        System.out.println(Arrays.toString(minMax(new Character[] {'q', 'a', 'z'}, new Character[2])));
    }
}
