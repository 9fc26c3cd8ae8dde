// LinkedList as List and Deque: first/last operations, ListIterator traversal both ways with set/add/remove.
import java.util.Iterator;
import java.util.LinkedList;
import java.util.ListIterator;
import java.util.NoSuchElementException;

public class LinkedListOps {
    public static void main(String[] args) {
        LinkedList<Integer> l = new LinkedList<Integer>();
        for (int i = 0; i < 5; i++) l.add(i);
        l.addFirst(-1);
        l.addLast(99);
        l.add(3, 42);
        System.out.println(l + " first " + l.getFirst() + " last " + l.getLast() + " size " + l.size());
        System.out.println(l.removeFirst() + " " + l.removeLast() + " " + l.remove(2) + " " + l);
        System.out.println(l.peek() + " " + l.peekFirst() + " " + l.peekLast() + " " + l.poll() + " " + l.pollLast() + " " + l);
        l.offer(7); l.offerFirst(8); l.push(9);
        System.out.println(l + " pop " + l.pop());
        ListIterator<Integer> it = l.listIterator();
        while (it.hasNext()) {
            int idx = it.nextIndex();
            int v = it.next();
            if (v == 2) it.set(20);
            if (v == 3) it.add(33);
            if (v == 7) it.remove();
            if (idx > 100) break;
        }
        System.out.println(l);
        StringBuilder back = new StringBuilder();
        while (it.hasPrevious()) back.append(it.previous()).append(' ').append(it.nextIndex()).append(", ");
        System.out.println(back);
        Iterator<Integer> desc = l.descendingIterator();
        StringBuilder d = new StringBuilder();
        while (desc.hasNext()) d.append(desc.next()).append(' ');
        System.out.println(d);
        System.out.println(l.indexOf(33) + " " + l.contains(20) + " " + l.get(1) + " " + l.set(0, 0));
        l.clear();
        System.out.println(l.peek() + " " + l.poll() + " " + l.isEmpty());
        try {
            l.getFirst();
        } catch (NoSuchElementException e) {
            System.out.println("empty getFirst: NoSuchElementException");
        }
        try {
            l.removeLast();
        } catch (NoSuchElementException e) {
            System.out.println("empty removeLast: NoSuchElementException");
        }
        LinkedList<String> q = new LinkedList<String>();
        for (int i = 0; i < 10000; i++) { q.addLast("s" + i); if (i % 3 == 0) q.removeFirst(); }
        System.out.println(q.size() + " " + q.getFirst() + " " + q.getLast());
        q.removeFirstOccurrence("s9999");
        q.removeLastOccurrence("s6668");
        System.out.println(q.size() + " " + q.getLast());
    }
}
