// ConcurrentLinkedQueue, CopyOnWriteArrayList and CopyOnWriteArraySet on
// one thread: the queue, list and set APIs, weakly consistent / snapshot
// iteration.
import java.util.Arrays;
import java.util.Iterator;
import java.util.ListIterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;

public class ConcurrentCollections {
    public static void main(String[] args) {
        ConcurrentLinkedQueue<Integer> q = new ConcurrentLinkedQueue<Integer>();
        for (int i = 0; i < 6; i++) q.offer(i * i);
        System.out.println(q + " " + q.size() + " " + q.peek() + " " + q.poll() + " " + q.contains(9) + " " + q.remove(9) + " " + q);
        for (Iterator<Integer> it = q.iterator(); it.hasNext();) {
            int v = it.next();
            if (v == 4) it.remove();
            if (v == 16) q.add(99);
        }
        System.out.println(q + " " + q.size());
        try {
            q.offer(null);
        } catch (NullPointerException e) {
            System.out.println("NPE");
        }
        while (q.poll() != null) { }
        System.out.println(q.isEmpty() + " " + q.peek() + " " + q.poll() + " " + q);
        q.addAll(Arrays.asList(7, 8));
        System.out.println(q + " " + q.element() + " " + q.remove() + " " + Arrays.toString(q.toArray()));

        CopyOnWriteArrayList<String> l = new CopyOnWriteArrayList<String>(Arrays.asList("a", "b", "c"));
        Iterator<String> snap = l.iterator();
        l.add("d");
        l.add(0, "z");
        l.remove("b");
        StringBuilder sb = new StringBuilder();
        while (snap.hasNext()) sb.append(snap.next());
        System.out.println(sb + " " + l + " " + l.size() + " " + l.get(0) + " " + l.indexOf("d") + " " + l.set(1, "A"));
        for (String s : l) if (s.equals("c")) l.add("after-c");
        System.out.println(l + " " + l.addIfAbsent("A") + " " + l.addIfAbsent("new") + " " + l.addAllAbsent(Arrays.asList("new", "x", "x")));
        try {
            Iterator<String> it = l.iterator();
            it.next();
            it.remove();
        } catch (UnsupportedOperationException e) {
            System.out.println("UnsupportedOperationException");
        }
        ListIterator<String> li = l.listIterator(l.size());
        StringBuilder rev = new StringBuilder();
        while (li.hasPrevious()) rev.append(li.previous()).append(',');
        System.out.println(rev + " " + l.subList(1, 3) + " " + l.contains("x") + " " + l.lastIndexOf("x"));
        l.removeAll(Arrays.asList("x", "new"));
        System.out.println(l + " " + l.equals(Arrays.asList("z", "A", "c", "d", "after-c")) + " " + l.hashCode());
        try {
            l.get(10);
        } catch (IndexOutOfBoundsException e) {
            System.out.println(e.getMessage());
        }
        l.clear();
        System.out.println(l.isEmpty() + " " + l);
        CopyOnWriteArraySet<String> set = new CopyOnWriteArraySet<String>(Arrays.asList("b", "a", "b", "c"));
        Iterator<String> si = set.iterator();
        System.out.println(set + " " + set.add("a") + " " + set.add("d") + " " + set.remove("b") + " " + set + " " + si.next()
            + " " + set.equals(new java.util.HashSet<String>(Arrays.asList("a", "c", "d"))) + " " + set.hashCode());
    }
}
