// HashSet: add/contains/remove, duplicates, set algebra through addAll/retainAll/removeAll, sorted output.
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

public class HashSetOps {
    static <T extends Comparable<T>> String sorted(Set<T> s) {
        List<T> l = new ArrayList<T>(s);
        Collections.sort(l);
        return l.toString();
    }
    public static void main(String[] args) {
        Set<String> s = new HashSet<String>();
        System.out.println(s.add("x") + " " + s.add("y") + " " + s.add("x") + " " + s.size());
        System.out.println(s.contains("x") + " " + s.contains("z") + " " + s.remove("x") + " " + s.remove("x") + " " + s.size());
        Set<Integer> a = new HashSet<Integer>(Arrays.asList(1, 2, 3, 4, 5, 6));
        Set<Integer> b = new HashSet<Integer>(Arrays.asList(4, 5, 6, 7, 8));
        Set<Integer> union = new HashSet<Integer>(a); union.addAll(b);
        Set<Integer> inter = new HashSet<Integer>(a); inter.retainAll(b);
        Set<Integer> diff = new HashSet<Integer>(a); diff.removeAll(b);
        System.out.println(sorted(union) + " " + sorted(inter) + " " + sorted(diff));
        System.out.println(a.containsAll(inter) + " " + inter.containsAll(a) + " " + a.equals(new HashSet<Integer>(Arrays.asList(6, 5, 4, 3, 2, 1))));
        Set<Integer> big = new HashSet<Integer>();
        for (int i = 0; i < 100000; i++) big.add((i * 7919) % 50021);
        System.out.println("distinct " + big.size());
        int removed = 0;
        for (int i = 0; i < 50021; i += 2) if (big.remove(i)) removed++;
        System.out.println("removed " + removed + " left " + big.size());
        Set<String> words = new HashSet<String>();
        for (String w : "the quick brown fox jumps over the lazy dog the end".split(" ")) words.add(w);
        System.out.println(sorted(words) + " " + words.size());
        Set<Object> withNull = new HashSet<Object>();
        withNull.add(null);
        withNull.add(null);
        System.out.println(withNull.size() + " " + withNull.contains(null));
        int sum = 0;
        for (int v : a) sum += v;
        System.out.println("iter sum " + sum + " hash " + a.hashCode());
    }
}
