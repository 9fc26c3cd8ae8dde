// Iterator protocol: custom Iterable in for-each, remove via iterator, ListIterator on ArrayList, NoSuchElement.
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;

public class IteratorOps {
    static class Range implements Iterable<Integer> {
        final int lo, hi, step;
        Range(int lo, int hi, int step) { this.lo = lo; this.hi = hi; this.step = step; }
        public Iterator<Integer> iterator() {
            return new Iterator<Integer>() {
                int cur = lo;
                public boolean hasNext() { return cur < hi; }
                public Integer next() {
                    if (cur >= hi) throw new NoSuchElementException();
                    int v = cur; cur += step; return v;
                }
                public void remove() { throw new UnsupportedOperationException("remove"); }
            };
        }
    }
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int v : new Range(0, 20, 3)) sb.append(v).append(' ');
        System.out.println(sb);
        Iterator<Integer> it = new Range(0, 2, 1).iterator();
        it.next(); it.next();
        try { it.next(); } catch (NoSuchElementException e) { System.out.println("exhausted"); }
        try { it.remove(); } catch (UnsupportedOperationException e) { System.out.println("unsupported " + e.getMessage()); }
        List<String> l = new ArrayList<String>();
        for (int i = 0; i < 10; i++) l.add("e" + i);
        ListIterator<String> li = l.listIterator();
        while (li.hasNext()) {
            String s = li.next();
            if (s.endsWith("3")) li.remove();
            else if (s.endsWith("5")) li.set("five");
            else if (s.endsWith("7")) li.add("after7");
        }
        System.out.println(l);
        ListIterator<String> back = l.listIterator(l.size());
        sb.setLength(0);
        while (back.hasPrevious()) { int idx = back.previousIndex(); sb.append(idx).append('=').append(back.previous()).append(' '); }
        System.out.println(sb);
        Iterator<String> plain = l.iterator();
        try { plain.remove(); } catch (IllegalStateException e) { System.out.println("remove before next: IllegalStateException"); }
        int total = 0;
        for (Iterator<String> i2 = l.iterator(); i2.hasNext(); ) { String s = i2.next(); if (s.length() > 2) { i2.remove(); total++; } }
        System.out.println(total + " " + l);
        int nested = 0;
        for (int a : new Range(0, 30, 1)) for (int b : new Range(a, 30, 7)) nested += b - a;
        System.out.println("nested " + nested);
    }
}
