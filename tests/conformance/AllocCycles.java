// Cyclic garbage (rings, doubly linked lists, self references) must be collected, not leaked.
public class AllocCycles {
    static final class Ring {
        Ring next, prev;
        Object self;
        final int v;
        Ring(int v) { this.v = v; self = this; }
    }
    static int makeRing(int n) {
        Ring first = new Ring(0), cur = first;
        for (int i = 1; i < n; i++) {
            Ring r = new Ring(i);
            cur.next = r; r.prev = cur; cur = r;
        }
        cur.next = first; first.prev = cur;
        int s = 0;
        Ring r = first;
        do { s += r.v; r = r.next; } while (r != first);
        return s;
    }
    public static void main(String[] args) {
        long total = 0;
        for (int i = 0; i < 3000; i++) total += makeRing(1000 + i % 100);
        Object[] a = new Object[1];
        for (int i = 0; i < 1000000; i++) {
            Object[] b = new Object[] {a, null};
            b[1] = b;
            a = new Object[] {b};
            if (i % 1000 == 0) a = new Object[1];
        }
        System.out.println("total " + total + " done");
    }
}
