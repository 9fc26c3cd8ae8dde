// ArrayDeque as stack and queue, wrap-around growth, iteration both directions, empty behaviour.
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;

public class ArrayDequeOps {
    public static void main(String[] args) {
        Deque<Integer> stack = new ArrayDeque<Integer>();
        for (int i = 0; i < 5; i++) stack.push(i);
        System.out.println(stack + " peek " + stack.peek() + " pop " + stack.pop() + " " + stack.size());
        Deque<String> q = new ArrayDeque<String>(2);
        q.offer("a"); q.offerLast("b"); q.offerFirst("z"); q.addLast("c"); q.addFirst("y");
        System.out.println(q + " " + q.peekFirst() + " " + q.peekLast() + " " + q.pollFirst() + " " + q.pollLast() + " " + q);
        Deque<Integer> ring = new ArrayDeque<Integer>();
        long sum = 0;
        for (int i = 0; i < 100000; i++) {
            ring.addLast(i);
            if (ring.size() > 37) sum += ring.removeFirst();
            if (i % 5 == 0) ring.addFirst(-i);
            if (i % 7 == 0) sum += ring.removeLast();
        }
        System.out.println("ring " + ring.size() + " " + sum + " " + ring.peekFirst() + " " + ring.peekLast());
        StringBuilder fw = new StringBuilder(), bw = new StringBuilder();
        Deque<Integer> small = new ArrayDeque<Integer>();
        for (int i = 0; i < 6; i++) { small.addLast(i); small.addFirst(-i); }
        for (Integer v : small) fw.append(v).append(' ');
        for (Iterator<Integer> it = small.descendingIterator(); it.hasNext(); ) bw.append(it.next()).append(' ');
        System.out.println(fw + "| " + bw);
        System.out.println(small.contains(3) + " " + small.contains(9) + " " + small.removeFirstOccurrence(0) + " " + small);
        Deque<Object> empty = new ArrayDeque<Object>();
        System.out.println(empty.poll() + " " + empty.peekLast() + " " + empty.isEmpty());
        try {
            empty.pop();
        } catch (NoSuchElementException e) {
            System.out.println("pop empty: NoSuchElementException");
        }
        try {
            empty.addLast(null);
        } catch (NullPointerException e) {
            System.out.println("null element rejected");
        }
    }
}
