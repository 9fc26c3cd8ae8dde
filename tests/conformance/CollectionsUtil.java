// java.util.Collections: sort, reverse, shuffle(seeded), swap, max/min, frequency, fill, nCopies,
// unmodifiable views, empty and singleton collections, binarySearch, addAll.
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

public class CollectionsUtil {
    public static void main(String[] args) {
        List<Integer> l = new ArrayList<Integer>();
        for (int i = 0; i < 12; i++) l.add(i);
        Collections.reverse(l);
        System.out.println(l);
        Collections.shuffle(l, new Random(7));
        System.out.println(l);
        Collections.swap(l, 0, 11);
        System.out.println(l + " max " + Collections.max(l) + " min " + Collections.min(l));
        Collections.sort(l);
        System.out.println(l + " search 7 -> " + Collections.binarySearch(l, 7) + " search 20 -> " + Collections.binarySearch(l, 20));
        List<String> s = new ArrayList<String>(Collections.nCopies(4, "ab"));
        s.add("cd");
        System.out.println(s + " freq " + Collections.frequency(s, "ab"));
        Collections.fill(s, "z");
        System.out.println(s);
        Collections.addAll(s, "p", "q");
        System.out.println(s.size());
        List<Integer> ro = Collections.unmodifiableList(l);
        try {
            ro.add(1);
        } catch (UnsupportedOperationException e) {
            System.out.println("unmodifiable add rejected; size " + ro.size() + " get " + ro.get(3));
        }
        List<Object> empty = Collections.emptyList();
        Set<Object> emptySet = Collections.emptySet();
        Map<Object, Object> emptyMap = Collections.emptyMap();
        System.out.println(empty.size() + " " + emptySet.isEmpty() + " " + emptyMap.size() + " " + empty);
        List<String> single = Collections.singletonList("only");
        System.out.println(single + " " + single.size() + " " + Collections.singleton(5).contains(5));
        try {
            single.set(0, "x");
        } catch (UnsupportedOperationException e) {
            System.out.println("singleton immutable");
        }
        List<Integer> rot = new ArrayList<Integer>();
        for (int i = 0; i < 6; i++) rot.add(i);
        Collections.rotate(rot, 2);
        System.out.println(rot);
        Random r = new Random(123);
        List<Integer> big = new ArrayList<Integer>();
        for (int i = 0; i < 5000; i++) big.add(r.nextInt(100000));
        Collections.sort(big);
        boolean ok = true;
        for (int i = 1; i < big.size(); i++) if (big.get(i - 1) > big.get(i)) ok = false;
        System.out.println("sorted " + ok + " " + big.get(0) + " " + big.get(4999));
    }
}
