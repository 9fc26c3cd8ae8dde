// ArrayList: add/insert/get/set/remove, indexOf, contains, addAll, subList, toArray, equals, growth, bounds errors.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

public class ArrayListOps {
    public static void main(String[] args) {
        List<String> l = new ArrayList<String>();
        System.out.println(l.isEmpty() + " " + l.size() + " " + l);
        l.add("a"); l.add("b"); l.add("c");
        l.add(0, "z");
        l.add(2, "m");
        System.out.println(l + " " + l.size() + " " + l.get(2));
        System.out.println(l.set(1, "A") + " -> " + l);
        System.out.println(l.remove(0) + " " + l.remove("c") + " " + l.remove("nope") + " " + l);
        System.out.println(l.indexOf("m") + " " + l.lastIndexOf("b") + " " + l.contains("A") + " " + l.contains(null));
        l.add(null);
        l.add("A");
        System.out.println(l + " " + l.indexOf(null) + " " + l.lastIndexOf("A"));
        List<String> other = new ArrayList<String>(Arrays.asList("x", "y"));
        l.addAll(other);
        l.addAll(1, other);
        System.out.println(l);
        List<String> sub = l.subList(2, 5);
        System.out.println(sub + " " + sub.size());
        Object[] arr = l.toArray();
        String[] sarr = l.toArray(new String[0]);
        System.out.println(arr.length + " " + sarr.length + " " + sarr[0] + " " + sarr.getClass().getName());
        System.out.println(l.equals(new ArrayList<String>(l)) + " " + l.equals(other) + " " + (l.hashCode() == new ArrayList<String>(l).hashCode()));
        l.clear();
        System.out.println(l.size() + " " + l);
        List<Integer> big = new ArrayList<Integer>();
        for (int i = 0; i < 20000; i++) big.add(i);
        long s = 0;
        for (int i = 0; i < big.size(); i += 1000) s += big.get(i);
        System.out.println("big " + big.size() + " " + s);
        for (Iterator<Integer> it = big.iterator(); it.hasNext(); ) if (it.next() % 1000 != 0) it.remove();
        System.out.println("filtered " + big.size() + " " + big.get(99));
        try {
            big.get(100);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("get out of range: " + e.getClass().getSimpleName().startsWith("IndexOutOfBounds"));
        }
        try {
            big.add(200, 1);
        } catch (IndexOutOfBoundsException e) {
            System.out.println("add out of range caught");
        }
        List<int[]> arrays = new ArrayList<int[]>();
        arrays.add(new int[] {1, 2});
        System.out.println(arrays.get(0)[1]);
        ArrayList<Integer> cap = new ArrayList<Integer>(0);
        cap.add(5);
        cap.ensureCapacity(100);
        cap.trimToSize();
        System.out.println(cap);
        List<Integer> rm = new ArrayList<Integer>(Arrays.asList(5, 1, 5, 2, 5));
        rm.removeAll(Arrays.asList(5));
        System.out.println(rm + " " + rm.containsAll(Arrays.asList(1, 2)));
        rm.retainAll(Arrays.asList(2, 3));
        System.out.println(rm);
    }
}
